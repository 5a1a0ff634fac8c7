//! Write-time guards (docs/edits.md, "Guards"): no duplicate entries, no decision that
//! contradicts an active one.

use super::EditError;
use memento_core::document::Document;
use memento_core::internal::{entry_hash, same_entry};

/// Refuses `text` when the same entry ([`same_entry`], as the duplicate-entry rule compares
/// them) is already an item of `section`. One pass over the items: a write to a file of any
/// size reads each item once (it once looked up every item's entry among all entries, a
/// quadratic 43 s on a 50 MB file).
pub(crate) fn no_duplicate(doc: &Document, section: usize, text: &str) -> Result<(), EditError> {
    let Some(wanted) = entry_hash(text) else { return Ok(()) };
    // Entries come in item order: a cursor finds each item's entry text.
    let entries = doc.entries();
    let mut next_entry = 0;
    for (index, item) in doc.items().iter().enumerate() {
        while next_entry < entries.len() && entries[next_entry].item < index {
            next_entry += 1;
        }
        if item.depth != 1 || item.section != Some(section) {
            continue;
        }
        let existing = match entries.get(next_entry) {
            Some(e) if e.item == index => doc.text(e.text),
            _ => doc.text(item.text),
        };
        if entry_hash(existing) == Some(wanted) && same_entry(existing, text) {
            let title = doc.text(doc.sections()[section].title).trim().to_owned();
            return Err(EditError::DuplicateEntry {
                section: title,
                line: doc.position(item.span.start()).line,
                existing: existing.to_owned(),
            });
        }
    }
    Ok(())
}

/// Refuses a new decision that contradicts an active one. The text itself says what it
/// supersedes (`SUPERSEDES [<id>]`): that decision, and the chain behind it, are not
/// contradicted (see [`memento_core::conflict::find_conflict`]).
pub(crate) fn no_conflict(doc: &Document, text: &str) -> Result<(), EditError> {
    if let Some(c) = memento_core::conflict::find_conflict(doc, text) {
        let d = &doc.decisions()[c.decision];
        return Err(EditError::ConflictsWith {
            decision: c.id,
            line: doc.position(d.span.start()).line,
            explanation: c.explanation,
        });
    }
    Ok(())
}
