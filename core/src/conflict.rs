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
//! - **Subjects**: a path (`config/auth.yaml`), a file name (`orders.py`), a `code span`, an
//!   identifier (`legacy_id`, `OrderService`), else the words after the verb up to a
//!   preposition (`optimistic locking`). A bare file name matches a path ending in it.
//!   Pronouns ("it", "here", "them") are never subjects.
//!
//! Matching groups stances by (axis, subject), so a file with thousands of decisions costs
//! one pass, not all pairs.

use crate::document::Document;
use crate::time;
use serde::Serialize;
use std::collections::HashMap;

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

/// Conflicting pairs among decision texts (`None` = not active), for one file or for the
/// decisions of several files laid end to end. `a < b` in each pair.
pub(crate) fn pairs(texts: &[Option<&str>]) -> Vec<Pair> {
    // (axis, subject key) → stances seen so far, in order.
    let mut groups: HashMap<(Axis, String), Vec<(usize, Stance)>> = HashMap::new();
    let mut out = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else { continue };
        for s in stances(text) {
            let group = groups.entry((s.axis, s.key.clone())).or_default();
            // The most recent opposing stance about a compatible subject; the scan is
            // bounded so a huge group of one polarity stays linear.
            let hit = group
                .iter()
                .rev()
                .filter(|(j, o)| *j != i && o.positive != s.positive)
                .take(16)
                .find(|(_, o)| o.same_subject(&s));
            if let Some((j, o)) = hit {
                if reported.insert((*j, i)) {
                    let a_text = texts[*j].unwrap_or("");
                    out.push(Pair::new(*j, i, a_text, text, o, &s));
                }
            }
            if group.len() < 64 || group.iter().all(|(_, o)| o.positive == s.positive) {
                group.push((i, s));
            } else {
                // Keep the group small: replace the oldest stance of the same polarity.
                if let Some(k) = group.iter().position(|(_, o)| o.positive == s.positive) {
                    group.remove(k);
                }
                group.push((i, s));
            }
        }
    }
    out
}

/// A conflicting pair with what is needed to explain it.
pub(crate) struct Pair {
    pub a: usize,
    pub b: usize,
    pub subject: String,
    pub a_words: String,
    pub b_words: String,
    a_gloss: &'static str,
    b_gloss: &'static str,
}

impl Pair {
    fn new(a: usize, b: usize, a_text: &str, b_text: &str, sa: &Stance, sb: &Stance) -> Pair {
        Pair {
            a,
            b,
            subject: sb.subject.clone(),
            a_words: a_text.get(sa.cue.clone()).unwrap_or("").to_owned(),
            b_words: b_text.get(sb.cue.clone()).unwrap_or("").to_owned(),
            a_gloss: sa.axis.gloss(sa.positive),
            b_gloss: sb.axis.gloss(sb.positive),
        }
    }

    pub(crate) fn explain(&self, a_id: &str, b_id: &str) -> String {
        format!(
            "both are about `{}`: {a_id} says \"{}\" ({}) but {b_id} says \"{}\" ({}), and neither supersedes the other",
            self.subject, self.a_words, self.a_gloss, self.b_words, self.b_gloss
        )
    }
}

// ---------------------------------------------------------------------------------------
// Stances

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Axis {
    Change,
    Exist,
    Use,
    Enable,
}

impl Axis {
    fn gloss(self, positive: bool) -> &'static str {
        match (self, positive) {
            (Axis::Change, true) => "change it",
            (Axis::Change, false) => "leave it unchanged",
            (Axis::Exist, true) => "have it",
            (Axis::Exist, false) => "remove it",
            (Axis::Use, true) => "use it",
            (Axis::Use, false) => "do not use it",
            (Axis::Enable, true) => "enable it",
            (Axis::Enable, false) => "disable it",
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Stance {
    axis: Axis,
    positive: bool,
    /// Grouping key: lower-cased subject (a path's file name when it has one).
    key: String,
    /// The subject as written (backticks removed).
    subject: String,
    /// Lower-cased full path when the subject is a path with a directory.
    path: Option<String>,
    /// The words that gave the polarity (negation through verb), as a byte range.
    cue: std::ops::Range<usize>,
}

impl Stance {
    fn opposes(&self, other: &Stance) -> bool {
        self.axis == other.axis && self.positive != other.positive && self.key == other.key && self.same_subject(other)
    }

    fn same_subject(&self, other: &Stance) -> bool {
        match (&self.path, &other.path) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Word,
    /// A path, file name, code span or identifier.
    Subject,
    /// Punctuation or a dash that ends a clause.
    Break,
}

#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    range: std::ops::Range<usize>,
}

/// (axis, positive) stances a verb form takes; `remove` both removes and changes.
fn verb(word: &str) -> Option<&'static [(Axis, bool)]> {
    const CHANGE: &[(Axis, bool)] = &[(Axis::Change, true)];
    const KEEP: &[(Axis, bool)] = &[(Axis::Change, false), (Axis::Exist, true)];
    const ADD: &[(Axis, bool)] = &[(Axis::Exist, true)];
    const REMOVE: &[(Axis, bool)] = &[(Axis::Exist, false), (Axis::Change, true)];
    const USE: &[(Axis, bool)] = &[(Axis::Use, true)];
    const AVOID: &[(Axis, bool)] = &[(Axis::Use, false)];
    const ENABLE: &[(Axis, bool)] = &[(Axis::Enable, true)];
    const DISABLE: &[(Axis, bool)] = &[(Axis::Enable, false)];
    let w = word.to_ascii_lowercase();
    let table: &[(&[&str], &'static [(Axis, bool)])] = &[
        (&["modify", "modifies", "modified", "modifying", "change", "changing", "edit", "edits", "edited", "editing",
           "touch", "touches", "touched", "touching", "update", "updating", "rewrite", "rewrites", "rewriting", "rewrote",
           "rewritten", "changed", "refactor", "refactors", "refactored", "refactoring", "alter", "alters", "altered", "altering"], CHANGE),
        (&["keep", "keeps", "kept", "keeping", "preserve", "preserves", "preserved", "preserving", "retain", "retains",
           "retained", "retaining", "leave", "leaves", "leaving", "freeze", "freezes", "frozen"], KEEP),
        (&["add", "adds", "added", "adding", "create", "creates", "created", "creating", "introduce", "introduces",
           "introduced", "introducing"], ADD),
        (&["remove", "removes", "removed", "removing", "delete", "deletes", "deleted", "deleting", "drop", "drops",
           "dropped", "dropping"], REMOVE),
        (&["use", "uses", "using", "adopt", "adopts", "adopted", "adopting", "prefer", "prefers", "preferred",
           "preferring", "choose", "chooses", "chose", "chosen", "choosing"], USE),
        (&["avoid", "avoids", "avoided", "avoiding", "ban", "bans", "banned", "forbid", "forbids", "forbidden"], AVOID),
        (&["enable", "enables", "enabled", "enabling", "activate", "activates", "activated"], ENABLE),
        (&["disable", "disables", "disabled", "disabling", "deactivate", "deactivates", "deactivated"], DISABLE),
    ];
    table.iter().find(|(forms, _)| forms.contains(&w.as_str())).map(|(_, s)| *s)
}

fn is_negator(w: &str) -> bool {
    const NEG: [&str; 20] = [
        "not", "never", "don't", "dont", "doesn't", "shouldn't", "mustn't", "can't", "cannot", "won't", "didn't",
        "stop", "stopped", "quit", "without", "avoid", "avoiding", "no", "nor", "neither",
    ];
    let w = w.to_ascii_lowercase().replace('’', "'");
    NEG.contains(&w.as_str())
}

/// Words that end an object phrase.
fn is_stop(w: &str) -> bool {
    const STOP: [&str; 44] = [
        "for", "to", "in", "on", "at", "with", "by", "from", "into", "of", "because", "since", "as", "when", "while",
        "so", "and", "or", "but", "unless", "until", "if", "than", "instead", "rather", "via", "per", "is", "are",
        "was", "were", "be", "been", "must", "should", "will", "which", "that", "where", "before", "after", "unchanged",
        "anymore", "again",
    ];
    STOP.iter().any(|s| s.eq_ignore_ascii_case(w))
}

fn is_auxiliary(w: &str) -> bool {
    ["do", "does", "did", "must", "should", "will", "would", "can", "could", "shall", "may"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(w))
}

fn is_article(w: &str) -> bool {
    ["the", "a", "an", "any", "our", "their", "its", "this", "these", "those", "all", "existing", "current"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(w))
}

fn is_pronoun(w: &str) -> bool {
    ["it", "them", "this", "that", "these", "those", "here", "there", "everything", "anything", "nothing", "all",
     "something", "one", "ones", "things", "stuff", "me", "us", "you", "him", "her", "itself"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(w))
}

/// Words after which a verb-looking word is a noun ("the use of", "an update").
fn is_determiner_before_noun(w: &str) -> bool {
    ["the", "a", "an", "its", "their", "our", "my", "your", "of", "this", "that", "no", "any", "each", "every"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(w))
}

fn tokens(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'`' {
            let end = text[i + 1..].find('`').map(|e| i + 1 + e);
            if let Some(end) = end {
                if end > i + 1 {
                    out.push(Token { kind: Kind::Subject, range: i + 1..end });
                }
                i = end + 1;
                continue;
            }
            i += 1;
            continue;
        }
        // A run of non-whitespace.
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'`' {
            i += 1;
        }
        let run = &text[start..i];
        run_tokens(run, start, &mut out);
    }
    out
}

fn run_tokens(run: &str, base: usize, out: &mut Vec<Token>) {
    // Dashes standing alone separate clauses.
    if matches!(run, "—" | "–" | "-" | "--" | "->" | "→" | "=>") {
        out.push(Token { kind: Kind::Break, range: base..base + run.len() });
        return;
    }
    let lead_chars: &[char] = &['(', '[', '"', '\'', '“', '‘', '*', '_', '{', '<'];
    let trail_chars: &[char] = &[')', ']', '"', '\'', '”', '’', '*', '_', ',', ';', ':', '.', '!', '?', '}', '>'];
    let core_start = run.len() - run.trim_start_matches(lead_chars).len();
    let trimmed = run[core_start..].trim_end_matches(trail_chars);
    let core_end = core_start + trimmed.len();
    if run[..core_start].contains(['(', '[', '"', '“']) {
        out.push(Token { kind: Kind::Break, range: base..base + core_start });
    }
    if core_end > core_start {
        // Em dashes glued to words (`yaml—used`) split too.
        let core = &run[core_start..core_end];
        let mut at = 0;
        for piece in core.split(['—', '–']) {
            if !piece.is_empty() {
                let r = base + core_start + at..base + core_start + at + piece.len();
                let kind = if is_subject_like(piece) { Kind::Subject } else { Kind::Word };
                out.push(Token { kind, range: r });
            }
            at += piece.len() + '—'.len_utf8();
            if at <= core.len() {
                let dash = base + core_start + at - '—'.len_utf8();
                out.push(Token { kind: Kind::Break, range: dash..dash });
            }
        }
    }
    let tail = &run[core_end..];
    if tail.contains([')', ']', ',', ';', ':', '.', '!', '?', '"', '”']) {
        out.push(Token { kind: Kind::Break, range: base + core_end..base + run.len() });
    }
}

/// A path, a file name, an identifier (snake_case, CamelCase, dotted) — an explicit subject.
fn is_subject_like(w: &str) -> bool {
    if w.len() < 3 || !w.bytes().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    if w.contains("://") {
        return true;
    }
    let lower = w.to_ascii_lowercase();
    if w.contains('/') {
        let junk = ["and/or", "either/or", "n/a", "w/o", "i/o", "on/off", "yes/no", "read/write", "true/false"];
        return w.len() >= 4 && !junk.contains(&lower.as_str());
    }
    if w.contains('_') && w.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':' | b'-')) {
        return true;
    }
    // A file name: `orders.py`, `orders.py:241`, `.env`.
    let base = w.split(':').next().unwrap_or(w);
    if let Some(dot) = base.rfind('.') {
        let ext = &base[dot + 1..];
        let stem = &base[..dot];
        if (stem.len() >= 2 || dot == 0 && ext.len() >= 2)
            && (1..=6).contains(&ext.len())
            && ext.bytes().all(|c| c.is_ascii_alphanumeric())
            && ext.bytes().any(|c| c.is_ascii_lowercase())
            && stem.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            && !ext.bytes().all(|c| c.is_ascii_digit())
        {
            return true;
        }
    }
    // CamelCase with an inner capital after a lower-case letter: `OrderService`, `legacyId`.
    let bytes = w.as_bytes();
    bytes.iter().all(|c| c.is_ascii_alphanumeric())
        && bytes.windows(2).any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
}

/// Subject key and display form of an explicit subject token.
fn subject_of(text: &str) -> (String, String, Option<String>) {
    let display = text.trim().trim_start_matches("./").to_owned();
    // `orders.py:241` → `orders.py`.
    let no_line = match display.rsplit_once(':') {
        Some((head, tail)) if !tail.is_empty() && tail.bytes().all(|c| c.is_ascii_digit() || c == '-' as u8) => head,
        _ => display.as_str(),
    };
    let lower = no_line.to_ascii_lowercase();
    let lower = lower.trim_end_matches('/').to_owned();
    let (key, path) = match lower.rsplit_once('/') {
        Some((_, name)) if !lower.contains("://") && name.contains('.') => (name.to_owned(), Some(lower.clone())),
        _ => (lower.clone(), None),
    };
    (key, display, path)
}

/// The stances a decision text takes.
pub(crate) fn stances(text: &str) -> Vec<Stance> {
    let toks = tokens(text);
    let word = |t: &Token| &text[t.range.clone()];
    let mut out = Vec::new();
    // Clause boundaries: breaks and a few conjunctions.
    let is_boundary = |t: &Token| {
        t.kind == Kind::Break
            || t.kind == Kind::Word
                && ["but", "because", "since", "although", "though", "whereas", "however", "except", "otherwise"]
                    .iter()
                    .any(|c| c.eq_ignore_ascii_case(word(t)))
    };
    let mut clause_start = 0;
    for i in 0..toks.len() {
        let t = &toks[i];
        if is_boundary(t) {
            clause_start = i + 1;
            continue;
        }
        if t.kind != Kind::Word {
            continue;
        }
        let Some(effects) = verb(word(t)) else { continue };
        if i > clause_start && toks[i - 1].kind == Kind::Word && is_determiner_before_noun(word(&toks[i - 1])) {
            continue; // "the use of", "an update"
        }
        // "avoid modifying X": avoid is the negation of the next verb, not a stance itself.
        let next_is_verb = toks.get(i + 1).is_some_and(|n| n.kind == Kind::Word && verb(word(n)).is_some());
        let lw = word(t).to_ascii_lowercase();
        if next_is_verb && lw.starts_with("avoid") {
            continue;
        }
        // Negation within three words before the verb, in the same clause, no verb between.
        let mut negated = false;
        let mut cue_start = t.range.start;
        let mut k = i;
        while k > clause_start && i - k < 3 {
            k -= 1;
            let p = &toks[k];
            if p.kind != Kind::Word || (verb(word(p)).is_some() && !word(p).to_ascii_lowercase().starts_with("avoid")) {
                break;
            }
            if is_negator(word(p)) {
                negated = !negated;
                cue_start = p.range.start;
                // "DO NOT modify": the auxiliary belongs to the cue.
                if k > clause_start && toks[k - 1].kind == Kind::Word && is_auxiliary(word(&toks[k - 1])) {
                    cue_start = toks[k - 1].range.start;
                }
            }
        }
        // Passive ("must not be modified"): subjects come before the verb.
        let passive = i > clause_start
            && toks[i - 1].kind == Kind::Word
            && ["be", "is", "are", "was", "were", "been", "being", "stay", "stays", "remain", "remains"]
                .iter()
                .any(|b| b.eq_ignore_ascii_case(word(&toks[i - 1])));
        let mut subjects: Vec<(String, String, Option<String>)> = Vec::new();
        if passive {
            if let Some(s) = toks[clause_start..i].iter().find(|t| t.kind == Kind::Subject) {
                subjects.push(subject_of(word(s)));
            }
        } else {
            // The object phrase: up to four words after the verb, articles skipped.
            let mut words: Vec<&str> = Vec::new();
            let mut j = i + 1;
            let mut explicit = None;
            while j < toks.len() && words.len() < 4 {
                let n = &toks[j];
                if is_boundary(n) {
                    break;
                }
                if n.kind == Kind::Subject {
                    explicit = Some(j);
                    break;
                }
                let w = word(n);
                if is_stop(w) || verb(w).is_some() || is_negator(w) || is_pronoun(w) && !is_article(w) {
                    break;
                }
                if !(words.is_empty() && is_article(w)) && !(lw == "switch" && w.eq_ignore_ascii_case("to")) {
                    words.push(w);
                }
                j += 1;
            }
            if let Some(e) = explicit {
                subjects.push(subject_of(word(&toks[e])));
            } else if !words.is_empty() && !words.iter().all(|w| is_pronoun(w) || is_article(w)) {
                let words: Vec<&str> = words.into_iter().filter(|w| !w.bytes().all(|c| c.is_ascii_digit())).collect();
                if !words.is_empty() && !(words.len() == 1 && words[0].len() < 3) {
                    let display = words.join(" ");
                    subjects.push((display.to_lowercase(), display, None));
                }
            }
            // "add X to config/auth.yaml", "remove X from y.py": the container changes.
            if effects.iter().any(|(a, _)| *a == Axis::Exist) {
                let mut m = j;
                while m < toks.len() && !is_boundary(&toks[m]) {
                    let n = &toks[m];
                    if n.kind == Kind::Word && verb(word(n)).is_some() {
                        break;
                    }
                    if n.kind == Kind::Subject
                        && m > 0
                        && toks[m - 1].kind == Kind::Word
                        && ["to", "from", "into", "in"].iter().any(|p| p.eq_ignore_ascii_case(word(&toks[m - 1])))
                    {
                        let (key, display, path) = subject_of(word(n));
                        out.push(Stance {
                            axis: Axis::Change,
                            positive: !negated,
                            key,
                            subject: display,
                            path,
                            cue: cue_start..t.range.end,
                        });
                        break;
                    }
                    m += 1;
                }
            }
            // "Use X instead of Y": the opposite stance about Y.
            let mut m = j;
            while m + 2 < toks.len() && !is_boundary(&toks[m]) {
                let (a, b) = (word(&toks[m]), word(&toks[m + 1]));
                let instead = a.eq_ignore_ascii_case("instead") && b.eq_ignore_ascii_case("of")
                    || a.eq_ignore_ascii_case("rather") && b.eq_ignore_ascii_case("than");
                if instead {
                    let y = &toks[m + 2];
                    let alt = if y.kind == Kind::Subject {
                        Some(subject_of(word(y)))
                    } else if y.kind == Kind::Word && !is_pronoun(word(y)) && !is_article(word(y)) && verb(word(y)).is_none() {
                        let w = word(y);
                        Some((w.to_lowercase(), w.to_owned(), None))
                    } else {
                        None
                    };
                    if let Some((key, display, path)) = alt {
                        for &(axis, pos) in effects {
                            out.push(Stance {
                                axis,
                                positive: negated == pos,
                                key: key.clone(),
                                subject: display.clone(),
                                path: path.clone(),
                                cue: toks[m].range.start..toks[m + 1].range.end,
                            });
                        }
                    }
                    break;
                }
                m += 1;
            }
        }
        for (key, display, path) in subjects {
            for &(axis, pos) in effects {
                out.push(Stance {
                    axis,
                    positive: pos != negated,
                    key: key.clone(),
                    subject: display.clone(),
                    path: path.clone(),
                    cue: cue_start..t.range.end,
                });
            }
        }
    }
    out
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
fn superseded_by_text(doc: &Document, text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("supersedes") {
        let start = from + at + "supersedes".len();
        from = start;
        let rest = text[start..].trim_start_matches([' ', ':', '[']);
        let end = rest.find(|c: char| c.is_whitespace() || matches!(c, ']' | ',' | ';')).unwrap_or(rest.len());
        let target = rest[..end].trim_end_matches(['.', ',', ';', ':']);
        if let Some(i) = resolve(doc, target) {
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

/// A decision by id as written, else by the same instant written another way.
fn resolve(doc: &Document, target: &str) -> Option<usize> {
    let d = doc.decisions();
    if let Some(i) = d.iter().position(|d| d.id == target) {
        return Some(i);
    }
    let (stamp, nth) = match target.split_once('#') {
        Some((s, n)) => (s, n.parse::<usize>().unwrap_or(1)),
        None => (target, 1),
    };
    let instant = time::Timestamp::parse(stamp)?.epoch_seconds;
    d.iter()
        .enumerate()
        .filter(|(_, d)| d.timestamp.is_some_and(|t| t.epoch_seconds == instant))
        .nth(nth.saturating_sub(1))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn log(decisions: &[&str]) -> Document {
        let mut text = String::from("# Session Memory — t\n\n## Decisions Made\n");
        for (i, d) in decisions.iter().enumerate() {
            text.push_str(&format!("- 2026-04-22T07:{:02}Z — {d}\n", 10 + i));
        }
        parse(&text)
    }

    fn conflicting(a: &str, b: &str) -> Option<Conflict> {
        conflicts(&log(&[a, b])).into_iter().next()
    }

    #[test]
    fn opposite_stances_on_one_subject_conflict() {
        let cases = [
            ("DO NOT modify config/auth.yaml — used by 3 services", "Modify config/auth.yaml to add the admin role", "config/auth.yaml"),
            ("Use Redis for the session cache", "Don't use Redis; it is not available in CI", "Redis"),
            ("Use Redis for the session cache", "Avoid Redis", "Redis"),
            ("Never use `unwrap()` in library code", "Use `unwrap()` in parsers", "unwrap()"),
            ("Keep the `legacy_id` field", "Remove `legacy_id` from the schema", "legacy_id"),
            ("Enable strict mode in tsconfig.json", "Disable strict mode", "strict mode"),
            ("Do not add retries to `OrderClient`", "Add retries to `OrderClient`", "OrderClient"),
            ("Use Postgres instead of MySQL", "Use MySQL for reporting", "MySQL"),
            ("config/auth.yaml must not be modified", "Edit config/auth.yaml for the admin role", "config/auth.yaml"),
            ("Stop using moment.js", "Use moment.js for date parsing", "moment.js"),
            ("Do not touch auth.yaml", "Add the admin role to config/auth.yaml", "config/auth.yaml"),
        ];
        for (a, b, subject) in cases {
            let c = conflicting(a, b).unwrap_or_else(|| panic!("{a} / {b}"));
            assert_eq!((c.a, c.b), (0, 1));
            assert_eq!(c.subject, subject, "{a} / {b}");
            assert!(c.explanation.contains(subject), "{}", c.explanation);
        }
    }

    #[test]
    fn unrelated_or_agreeing_decisions_do_not_conflict() {
        let cases = [
            // Seed 000.
            ("DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all",
             "Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241"),
            ("DO NOT modify config/auth.yaml", "Never edit config/auth.yaml by hand"),
            ("Use Redis for caching", "Use Redis for rate limits"),
            ("Do not modify config/auth.yaml", "Modify config/payments.yaml"),
            ("Do not modify src/a/index.ts", "Modify src/b/index.ts"),
            ("Use pessimistic locking", "Avoid optimistic locking"),
            ("Keep it simple", "Remove it"),
            ("The use of Redis was discussed", "Avoid Redis in tests"),
            ("Don't modify anything here", "Update the docs"),
        ];
        for (a, b) in cases {
            assert_eq!(conflicting(a, b), None, "{a} / {b}");
        }
    }

    #[test]
    fn explanation_names_subject_and_cue_words() {
        let c = conflicting("DO NOT modify config/auth.yaml", "modify config/auth.yaml to add the admin role").unwrap();
        assert_eq!(c.a_words, "DO NOT modify");
        assert_eq!(c.b_words, "modify");
        assert_eq!(
            c.explanation,
            "both are about `config/auth.yaml`: 2026-04-22T07:10Z says \"DO NOT modify\" (leave it unchanged) but \
             2026-04-22T07:11Z says \"modify\" (change it), and neither supersedes the other"
        );
    }

    #[test]
    fn superseded_decisions_are_not_active() {
        let doc = log(&["DO NOT modify config/auth.yaml", "SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml to add the admin role"]);
        assert!(conflicts(&doc).is_empty());
        // A chain: the third supersedes the second, which superseded the first.
        let doc = log(&[
            "Use Redis",
            "SUPERSEDES [2026-04-22T07:10Z] avoid Redis",
            "SUPERSEDES [2026-04-22T07:11Z] use Redis again",
        ]);
        assert!(conflicts(&doc).is_empty());
    }

    #[test]
    fn find_conflict_guards_new_decisions() {
        let doc = log(&["DO NOT modify config/auth.yaml", "Use optimistic locking for order updates"]);
        let c = find_conflict(&doc, "modify config/auth.yaml to add the admin role").unwrap();
        assert_eq!((c.decision, c.id.as_str(), c.subject.as_str()), (0, "2026-04-22T07:10Z", "config/auth.yaml"));
        assert!(c.explanation.contains("DO NOT modify"));
        assert!(find_conflict(&doc, "2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml").is_none());
        assert!(find_conflict(&doc, "Use optimistic locking for payments too").is_none());
        assert!(find_conflict(&doc, "Avoid optimistic locking").is_some());
        assert!(find_conflict(&doc, "Read the docs first").is_none());
        // Superseding through a chain: the new text replaces the head, which replaced the first.
        let doc = log(&["Use Redis", "SUPERSEDES [2026-04-22T07:10Z] use Redis with TLS"]);
        assert!(find_conflict(&doc, "SUPERSEDES [2026-04-22T07:11Z] avoid Redis").is_none());
        assert!(find_conflict(&doc, "avoid Redis").is_some());
    }

    #[test]
    fn many_decisions_stay_linear() {
        let mut ds = Vec::new();
        for i in 0..20_000 {
            ds.push(format!("DO NOT modify config/f{}.yaml — keep it", i % 30));
        }
        let refs: Vec<Option<&str>> = ds.iter().map(|s| Some(s.as_str())).collect();
        let t = std::time::Instant::now();
        assert!(pairs(&refs).is_empty());
        assert!(t.elapsed().as_secs() < 5);
    }
}
