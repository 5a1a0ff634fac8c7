//! next-step-done: the next step the file writes names a unit the file records as done.
//!
//! The next step is the one the plan resumes from ([`crate::plan::next::written`]), its first
//! line. A unit is done when its current state ([`Document::current_units`]) is COMPLETED.
//! The next step names it when its folded text ([`UnitKey`]) holds the unit's key as whole
//! words. Short names (one word under 8 characters: `auth`, `tests`) are everyday words in
//! a next step, so only names of two words or more, or of 8 characters or more, count.
//! The name must open the step (three words before it at most): further on, it is the
//! step's context (`deployment configs for Core Service`), not the work. A next step that
//! also names a unit still open (`after auth, start billing`), or that
//! itself says the unit is finished (`Parser done; now write the docs`), is not stale.

use super::Ctx;
use crate::document::{Document, ProgressMarker, Status, Unit};
use crate::identity::UnitKey;
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::NextStepDone) {
        next_step_done(cx);
    }
}

fn next_step_done(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.completion().is_some() || doc.progress().is_empty() {
        return;
    }
    let Some(next) = crate::plan::next::written(doc) else { return };
    let Some(line) = first_line(doc, next) else { return };
    let written = doc.text(line);
    let Some(folded) = UnitKey::of(written) else { return };
    let folded = folded.as_str();
    let markers = doc.progress();
    let now: Vec<(&ProgressMarker, &Unit)> = doc
        .current_units()
        .into_iter()
        .filter_map(|(m, u)| {
            let marker = markers.get(m as usize)?;
            Some((marker, marker.units.get(u as usize)?))
        })
        .collect();
    let open = |s: Option<Status>| matches!(s, Some(Status::InProgress | Status::Pending | Status::Blocked));
    if now.iter().any(|(m, u)| open(m.status) && UnitKey::of(doc.text(u.name)).is_some_and(|k| k.as_str().len() >= 3 && names(folded, k.as_str()).is_some())) {
        return;
    }
    let done = now.iter().find_map(|&(m, u)| {
        if m.status != Some(Status::Completed) {
            return None;
        }
        let key = UnitKey::of(doc.text(u.name))?;
        let key = key.as_str();
        if !(key.contains(' ') || key.chars().count() >= 8) {
            return None;
        }
        let at = names(folded, key)?;
        // The step's object comes first (`Begin with orders/batch_1/`, `Notify Service
        // implementation`); a name further on is its context (`Complete deployment configs
        // for Core Service`), which may well be done.
        if folded[..at].split_whitespace().count() > 3 {
            return None;
        }
        // `Parser done`, `finished the parser`: the next step says so itself.
        let said_done = crate::lexicon::status_of(&folded[at + key.len()..]) == Some(Status::Completed) || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some();
        (!said_done).then_some((m, u))
    });
    let Some((marker, unit)) = done else { return };
    let name = cx.quote(doc.text(unit.name).trim(), 60);
    let done_line = cx.line(marker.span.start());
    let d = cx
        .diag(Rule::NextStepDone, line, format!("the next step names `{name}`, which the file records as COMPLETED (line {done_line})"))
        .with_help("write the next step the work actually needs, or correct the unit's status if it is not done");
    cx.push(d);
}

/// The first non-blank line of `span`, trimmed.
fn first_line(doc: &Document, span: Span) -> Option<Span> {
    let text = doc.text(span);
    let mut at = span.start();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let start = at + (line.len() - line.trim_start().len());
            return Some(Span::new(start, start + trimmed.len()));
        }
        at += line.len();
    }
    None
}

/// Where `key` occurs in `text` as whole words (no letter, digit, `_` or `-` against it).
fn names(text: &str, key: &str) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    text.match_indices(key).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn names_whole_words_only() {
        assert_eq!(names("begin with orders/batch_1 file 3", "orders/batch_1"), Some(11));
        assert_eq!(names("begin with orders/batch_10", "orders/batch_1"), None);
        assert_eq!(names("re-auth module", "auth module"), None);
        assert_eq!(names("the auth module, then", "auth module"), Some(4));
    }
}
