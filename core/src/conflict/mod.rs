//! Conflicting decisions, found on the text itself (no model, no LLM).
//!
//! A decision takes *stances*: a polarity on one axis about one subject. "DO NOT modify
//! config/auth.yaml" is `change: no` about `config/auth.yaml`; "Use optimistic locking" is
//! `use: yes` about `optimistic locking`. Two active decisions conflict when they take
//! opposite stances on the same axis about the same subject, and neither supersedes the other.
//!
//! - **Axes**: *change* (modify, edit, touch, update, rewrite… vs keep, preserve, leave,
//!   freeze), *existence* (add, create, keep… vs remove, delete, drop), *use* (use, adopt,
//!   prefer, switch to… vs avoid, ban) and *enable* (enable vs disable). `remove` also changes
//!   what it is removed from.
//! - **Negation** flips the verb that follows within three words: not, never, don't,
//!   no longer, stop, without, avoid (+ -ing), …. "Use X instead of Y" takes the opposite
//!   stance on Y.
//! - **Qualifiers**: "in tests", "for caching" after the object: two stances qualified
//!   differently do not conflict ("enable telemetry in production" / "disable telemetry in
//!   CI"); an unqualified one covers all.
//! - **Subjects**: a path (`config/auth.yaml`), a file name (`orders.py`), a `code span`, an
//!   identifier (`legacy_id`, `OrderService`), else the words after the verb up to a
//!   preposition (`optimistic locking`). A bare file name matches a path ending in it.
//!   Pronouns ("it", "here", "them") are never subjects.
//!
//! Matching groups stances by (axis, subject), so a file with thousands of decisions costs
//! one pass, not all pairs.

mod lexicon;
mod matching;
mod stance;
mod tokens;

pub(crate) use matching::pairs;
use matching::Pair;
use stance::stances;

use crate::document::Document;
use crate::time;
use serde::Serialize;

/// Two active decisions of one document that pull opposite ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// Index into [`Document::decisions`] of the earlier decision.
    pub a: usize,
    /// Index into [`Document::decisions`] of the later decision.
    pub b: usize,
    /// The subject both are about, as written in `b`.
    pub subject: String,
    /// Why: the subject and the words that gave each polarity.
    pub explanation: String,
    /// The words of `a` that gave its polarity (e.g. `DO NOT modify`).
    pub a_words: String,
    /// The words of `b` that gave its polarity (e.g. `modify`).
    pub b_words: String,
}

/// A proposed decision that contradicts an active decision of a document (write-time guard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contradiction {
    /// Index into [`Document::decisions`] of the active decision contradicted.
    pub decision: usize,
    /// That decision's id (its timestamp, `…#2`, or `L<line>`).
    pub id: String,
    pub subject: String,
    pub explanation: String,
}

/// All conflicts between the active (not superseded) decisions of `doc`, in file order of
/// the later decision. Each pair is reported once.
pub fn conflicts(doc: &Document) -> Vec<Conflict> {
    let texts: Vec<Option<&str>> = doc
        .decisions()
        .iter()
        .map(|d| d.superseded_by.is_none().then(|| doc.text(d.text)))
        .collect();
    pairs(&texts)
        .into_iter()
        .map(|p| {
            let (ida, idb) = (&doc.decisions()[p.a].id, &doc.decisions()[p.b].id);
            Conflict {
                a: p.a,
                b: p.b,
                explanation: p.explain(ida, idb),
                subject: p.subject,
                a_words: p.a_words,
                b_words: p.b_words,
            }
        })
        .collect()
}

/// Whether `new_decision_text` contradicts an active decision of `doc`: the most recent one
/// it contradicts, unless the new text supersedes it (`SUPERSEDES [<id>]`, directly or through
/// a chain of supersedes). A leading timestamp (`2026-04-22T08:00Z — …`) is ignored.
pub fn find_conflict(doc: &Document, new_decision_text: &str) -> Option<Contradiction> {
    let text = strip_entry_prefix(new_decision_text);
    let new_stances = stances(text);
    if new_stances.is_empty() {
        return None;
    }
    let replaced = superseded_by_text(doc, text);
    let decisions = doc.decisions();
    for (i, d) in decisions.iter().enumerate().rev() {
        if d.superseded_by.is_some() || replaced.contains(&i) {
            continue;
        }
        let old = doc.text(d.text);
        for o in stances(old) {
            if let Some(n) = new_stances.iter().find(|n| n.opposes(&o)) {
                let p = Pair::new(i, usize::MAX, old, text, &o, n);
                return Some(Contradiction {
                    decision: i,
                    id: d.id.clone(),
                    explanation: p.explain(&d.id, "the new decision"),
                    subject: p.subject,
                });
            }
        }
    }
    None
}

fn strip_entry_prefix(text: &str) -> &str {
    let t = text.trim_start().trim_start_matches(['-', '*', ' ']);
    let Some((_, used)) = time::parse_prefix(t) else { return text.trim() };
    let rest = &t[used..];
    let rest = rest.trim_start_matches([']', ')', '*']);
    let rest = rest.trim_start();
    let rest = ["—", "--", "–", "-", ":", "|"]
        .iter()
        .find_map(|s| rest.strip_prefix(s))
        .unwrap_or(rest);
    rest.trim()
}

/// Indices of the decisions `text` supersedes, directly or through their own supersedes.
/// Each `SUPERSEDES [<id>]` is read by the parser's reader and resolved by the document's one
/// resolver ([`Document::decision_named`]), as the parser and the edits do.
fn superseded_by_text(doc: &Document, text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some((phrase, target)) = crate::parse::supersedes(&text[from..]) {
        let target = &text[from + target.start()..from + target.end()];
        from += phrase.end();
        if let Some(i) = doc.decision_named(target) {
            let mut next = Some(i);
            while let Some(i) = next {
                if out.contains(&i) {
                    break;
                }
                out.push(i);
                next = doc.decisions()[i].supersedes.as_ref().and_then(|s| s.resolved);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
