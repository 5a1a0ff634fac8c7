//! Checkpoints written as the agent harnesses' formats write them (`docs/formats.md`):
//! a Basic Memory note gets an observation (`- [decision] …`, `- [fact] …`, the time as its
//! context) under its Observations heading; a Claude Code feedback memory (decisions) or
//! user or reference memory (facts) gets one more item. Other files of these formats take
//! the generic sections.

use super::route::Kind;
use super::target::{write_line, Target};
use super::{apply, guard, layout, EditError, EditOptions, EditOutcome};
use memento_core::document::Document;
use memento_core::time::Timestamp;
use memento_core::Dialect;

/// The write of `note` in the file's own format, or `None` when the format has none for
/// this kind.
pub(crate) fn native(doc: &Document, kind: Kind, note: &str, at: Timestamp, options: &EditOptions) -> Option<Result<EditOutcome, EditError>> {
    let line = match (doc.dialect(), kind) {
        (Dialect::BasicMemory, Kind::Decision) => format!("- [decision] {note} ({at})"),
        (Dialect::BasicMemory, Kind::Discovery) => format!("- [fact] {note} ({at})"),
        (Dialect::ClaudeMemory, Kind::Decision | Kind::Discovery) => {
            let fm = doc.agent_memory().front_matter.as_ref()?;
            let wanted = if kind == Kind::Decision { "feedback" } else { "user" };
            let kind_of_file = fm.value(doc.source(), "type")?;
            if kind_of_file != wanted && !(kind == Kind::Discovery && kind_of_file == "reference") {
                return None;
            }
            format!("- {note}")
        }
        _ => return None,
    };
    Some(write(doc, kind, note, &line, options))
}

fn write(doc: &Document, kind: Kind, note: &str, line: &str, options: &EditOptions) -> Result<EditOutcome, EditError> {
    if kind == Kind::Decision && !options.force {
        guard::no_conflict(doc, note)?;
    }
    if !options.force {
        no_repeat(doc, kind, note)?;
    }
    let target = match doc.dialect() {
        Dialect::BasicMemory => match doc.section_named("Observations") {
            Some((i, _)) => Target::Existing(i),
            None => Target::Create { lines: vec![format!("{} Observations", layout::heading_marks(doc))], rank: None },
        },
        // A topic file: after its last item, wherever that is.
        _ => match doc.items().iter().rev().find(|i| i.depth == 1).and_then(|i| i.section) {
            Some(s) => Target::Existing(s),
            None => return append_at_end(doc, kind, line, options),
        },
    };
    let style = layout::style(doc, None);
    let (edit, added) = write_line(doc, &target, line, &style);
    let (out, new) = apply(doc, vec![edit], added, options)?;
    verify(doc, &new, kind)?;
    Ok(out)
}

/// A file whose items sit under no heading: the line goes at its end.
fn append_at_end(doc: &Document, kind: Kind, line: &str, options: &EditOptions) -> Result<EditOutcome, EditError> {
    let eol = doc.line_ending();
    let text = doc.source();
    let lead = if text.is_empty() || text.ends_with('\n') || text.ends_with('\r') { "" } else { eol };
    let edit = memento_core::TextEdit::insert(text.len(), format!("{lead}{line}{eol}"));
    let (out, new) = apply(doc, vec![edit], 0, options)?;
    verify(doc, &new, kind)?;
    Ok(out)
}

/// The new file reads one more decision (or fact) than the old.
fn verify(old: &Document, new: &Document, kind: Kind) -> Result<(), EditError> {
    let grew = match kind {
        Kind::Decision => new.decisions().len() == old.decisions().len() + 1,
        _ => new.discoveries().len() == old.discoveries().len() + 1,
    };
    if grew { Ok(()) } else { Err(EditError::InvalidInput("the note cannot be written as one entry here".into())) }
}

/// Refuses a decision or fact the file already holds (the same words, case aside, a Basic
/// Memory context in parentheses aside).
fn no_repeat(doc: &Document, kind: Kind, note: &str) -> Result<(), EditError> {
    let key = |s: &str| memento_core::internal::to_lower(s.trim().trim_end_matches('.'));
    let wanted = key(note);
    let texts = match kind {
        Kind::Decision => doc.decisions().iter().map(|d| (d.span, d.text)).collect::<Vec<_>>(),
        _ => doc.discoveries().iter().map(|d| (doc.item(d.item).span, d.text)).collect(),
    };
    for (place, span) in texts {
        let written = doc.text(span);
        let fact = match written.rfind(" (") {
            Some(i) if written.ends_with(')') => &written[..i],
            _ => written,
        };
        if key(fact) == wanted {
            return Err(EditError::DuplicateEntry {
                section: "this memory".into(),
                line: doc.position(place.start()).line,
                existing: written.to_owned(),
            });
        }
    }
    Ok(())
}
