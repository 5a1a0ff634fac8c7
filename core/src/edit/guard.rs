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
                line: doc.position(item.span.start()).line,
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

/// Refuses a new decision that contradicts an active one. The text itself says what it
/// supersedes (`SUPERSEDES [<id>]`): that decision, and the chain behind it, are not
/// contradicted (see [`crate::conflict::find_conflict`]).
pub(crate) fn no_conflict(doc: &Document, text: &str) -> Result<(), EditError> {
    if let Some(c) = crate::conflict::find_conflict(doc, text) {
        let d = &doc.decisions()[c.decision];
        return Err(EditError::ConflictsWith {
            decision: c.id,
            line: doc.position(doc.item(d.item).span.start()).line,
            explanation: c.explanation,
        });
    }
    Ok(())
}
