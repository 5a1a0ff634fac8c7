//! Whether a next step names work the file records as done (docs/reader.md, "The next
//! action"): the next-step-done rule flags such a step, and the plan passes over it to the
//! next one a Next Steps list gives.

use crate::document::{Document, ProgressMarker, Status, Unit};
use crate::identity::{find_words as names, UnitKey};
use crate::span::Span;

/// The COMPLETED unit (in its current state) that the step on `line` names as its object,
/// unless some open unit is named too or the step says itself that it is done. A name counts
/// with `words` words or more (with one, also a single word of 8 characters or more). The
/// step's own line, read as a unit (an item of a Next Steps list), is none of the others.
pub(crate) fn names_done_unit<'a>(doc: &Document, line: Span, words: usize, now: &[(&'a ProgressMarker, &'a Unit)]) -> Option<(&'a ProgressMarker, &'a Unit)> {
    let written = doc.text(line);
    let folded = UnitKey::of(written)?;
    let folded = folded.as_str();
    let others = || now.iter().copied().filter(|(m, _)| !m.span.contains(line.start()));
    let open = |s: Option<Status>| matches!(s, Some(Status::InProgress | Status::Pending | Status::Blocked));
    if others().any(|(m, u)| open(m.status) && UnitKey::of(doc.text(u.name)).is_some_and(|k| k.as_str().len() >= 3 && names(folded, k.as_str()).is_some())) {
        return None;
    }
    others().find(|&(m, u)| {
        if m.status != Some(Status::Completed) {
            return false;
        }
        let Some(key) = UnitKey::of(doc.text(u.name)) else { return false };
        let key = key.as_str();
        // Three characters of a script that joins its words (`検索機能`) say as much as a
        // name of two words.
        let joined = key.chars().filter(|&c| crate::text::joins_words(c)).count() >= 3;
        let long = key.split(' ').nth(words - 1).is_some() || words == 1 && key.chars().count() >= 8 || joined;
        if !long {
            return false;
        }
        let Some(at) = names(folded, key) else { return false };
        // The step's object comes first (`Begin with orders/batch_1/`, `Notify Service
        // implementation`); a name further on is its context (`Complete deployment configs
        // for Core Service`), which may well be done.
        if folded[..at].split_whitespace().count() > 3 {
            return false;
        }
        // `Parser done`, `finished the parser`: the next step says so itself.
        let said_done = crate::lexicon::status_of(&folded[at + key.len()..]) == Some(Status::Completed)
            || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some();
        !said_done
    })
}

/// The COMPLETED unit that holds the work id the step on `line` names (`Start DB-010` over
/// `- DB-010: route assignments ✅`), when every id the step names is done and none is
/// also open ([`crate::identity::work_ids`]).
pub(crate) fn names_done_ids<'a>(doc: &Document, line: Span, now: &[(&'a ProgressMarker, &'a Unit)]) -> Option<(&'a ProgressMarker, &'a Unit)> {
    let written = doc.text(line);
    let ids: Vec<String> = crate::identity::work_ids(written).iter().flat_map(|id| id.names().collect::<Vec<_>>()).map(|n| crate::case::to_lower(&n)).collect();
    if ids.is_empty() || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some() {
        return None;
    }
    // Each unit's name lower-cased once, not once per id.
    let named: Vec<String> = now.iter().map(|(_, u)| crate::case::to_lower(doc.text(u.name))).collect();
    let holding = |id: &str, wanted: &dyn Fn(Option<Status>) -> bool| {
        now.iter().zip(&named).find(|((m, _), name)| !m.span.contains(line.start()) && wanted(m.status) && names(name, id).is_some()).map(|(&unit, _)| unit)
    };
    let open = |s: Option<Status>| matches!(s, Some(Status::InProgress | Status::Pending | Status::Blocked));
    let mut found = None;
    for id in &ids {
        if holding(id, &open).is_some() {
            return None;
        }
        found = Some(holding(id, &|s| s == Some(Status::Completed))?);
    }
    found
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
