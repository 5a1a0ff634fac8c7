//! `complete`: the `TASK COMPLETE` block that closes a checkpoint log (docs/dialects.md).

use super::layout;
use super::{apply, one_line, read, refuse_json, EditError, EditOptions, EditOutcome};
use memento_core::time::Timestamp;
use memento_core::Dialect;

/// Appends, after a blank line, `## TASK COMPLETE — <timestamp>` and
/// `Final status: <final_status>` (the timestamp and dash written as the file writes them).
/// Refused when the file is already complete, and for session notes (whose headers are
/// fixed by their template).
pub fn complete(text: &str, final_status: &str, at: Timestamp) -> Result<EditOutcome, EditError> {
    complete_with(text, final_status, at, &EditOptions::default())
}

/// [`complete`] with options.
pub fn complete_with(text: &str, final_status: &str, at: Timestamp, options: &EditOptions) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    refuse_json(&doc, "complete")?;
    if doc.dialect() == Dialect::SessionNotes {
        return Err(EditError::NotSupportedForDialect { operation: "complete", dialect: doc.dialect() });
    }
    if let Some(c) = doc.completion() {
        return Err(EditError::AlreadyComplete { line: doc.position(c.span.start()).line });
    }
    let status = one_line(final_status);
    if status.is_empty() {
        return Err(EditError::InvalidInput("the final status is empty".into()));
    }
    let style = layout::style(&doc, None);
    let lines = [
        format!("{} TASK COMPLETE{}{}", layout::heading_marks(&doc), style.dash, style.timestamp(at)),
        format!("Final status: {status}"),
    ];
    let edit = layout::append_block(&doc, &lines, style.eol);
    let (out, new) = apply(&doc, vec![edit], 1, options)?;
    match new.completion() {
        Some(c) if c.final_status.is_some_and(|s| new.text(s) == status) => Ok(out),
        _ => Err(EditError::InvalidInput("the completion block cannot be written here".into())),
    }
}
