//! Write-time guards (seeds 000 and 004): no duplicate entries, no decision that
//! contradicts an active one.

use super::{normalized, EditError};
use crate::document::Document;

/// Refuses `text` when the same normalized text is already an item of `section`.
pub(crate) fn no_duplicate(doc: &Document, section: usize, text: &str) -> Result<(), EditError> {
    let wanted = normalized(text);
    for (index, item) in doc.items().iter().enumerate() {
        if item.depth != 1 || item.section != Some(section) {
            continue;
        }
        let existing = entry_text(doc, index);
        if normalized(existing) == wanted {
            let title = doc.text(doc.sections()[section].title).trim().to_owned();
            return Err(EditError::DuplicateEntry {
                section: title,
                line: doc.position(item.span.start).line,
                existing: existing.to_owned(),
            });
        }
    }
    Ok(())
}

/// An item's text without its timestamp prefix.
pub(crate) fn entry_text(doc: &Document, item: usize) -> &str {
    match doc.entries().iter().find(|e| e.item == item) {
        Some(e) => doc.text(e.text),
        None => doc.text(doc.item(item).text),
    }
}

/// Refuses a new decision that contradicts an active one, other than `exempt` (the decision
/// it supersedes).
pub(crate) fn no_conflict(doc: &Document, text: &str, exempt: Option<usize>) -> Result<(), EditError> {
    if let Some((index, explanation)) = find_conflict(doc, text, exempt) {
        let d = &doc.decisions()[index];
        return Err(EditError::ConflictsWith {
            decision: d.id.clone(),
            line: doc.position(doc.item(d.item).span.start).line,
            explanation,
        });
    }
    Ok(())
}

/// The active decision (index into `doc.decisions()`) that `text` contradicts.
fn find_conflict(doc: &Document, text: &str, exempt: Option<usize>) -> Option<(usize, String)> {
    standin::find_conflict(doc, text, exempt)
}

/// A minimal stand-in for the checker's conflict detection: opposite polarity ("DO NOT x"
/// against "x") about a shared subject (a path-like token, or most significant words).
mod standin {
    use crate::document::Document;

    const NEGATIONS: [&str; 8] = ["do not ", "don't ", "dont ", "never ", "must not ", "avoid ", "no longer ", "stop "];

    fn negative(text: &str) -> bool {
        let lower = format!(" {}", text.to_lowercase());
        NEGATIONS.iter().any(|n| lower.contains(&format!(" {n}")))
    }

    fn words(text: &str) -> Vec<String> {
        const STOP: [&str; 22] = [
            "the", "and", "for", "with", "not", "don't", "dont", "never", "must", "avoid", "use", "any",
            "this", "that", "from", "into", "here", "there", "longer", "stop", "are", "was",
        ];
        text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '`' | '"' | '\''))
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '/' && c != '_').to_lowercase())
            .filter(|w| w.len() >= 3 && !STOP.contains(&w.as_str()))
            .collect()
    }

    fn subject(text: &str) -> Vec<String> {
        // Up to the first clause break: "DO NOT modify x — because …" is about x.
        let head = text.split([';', '—']).next().unwrap_or(text);
        words(head)
    }

    pub(super) fn find_conflict(doc: &Document, text: &str, exempt: Option<usize>) -> Option<(usize, String)> {
        let new_neg = negative(text);
        let new_subject = subject(text);
        for (i, d) in doc.decisions().iter().enumerate().rev() {
            if Some(i) == exempt || d.superseded_by.is_some() {
                continue;
            }
            let old = doc.text(d.text);
            if negative(old) == new_neg {
                continue;
            }
            let old_subject = subject(old);
            let path_shared = new_subject
                .iter()
                .any(|w| (w.contains('/') || w.contains('.')) && old_subject.contains(w));
            let shared = new_subject.iter().filter(|w| old_subject.contains(w)).count();
            let smaller = new_subject.len().min(old_subject.len()).max(1);
            if path_shared || shared * 3 >= smaller * 2 && shared >= 2 {
                let (no, yes) = if new_neg { ("this decision", "it") } else { ("it", "this decision") };
                let excerpt: String = old.chars().take(80).collect();
                return Some((i, format!("\"{excerpt}\" — {no} forbids what {yes} does")));
            }
        }
        None
    }
}
