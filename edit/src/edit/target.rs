//! The edit kernel every append shares: where an entry goes ([`Target`]: an existing
//! section, or one to create in its canonical place), writing one line there, and appending
//! an entry `- <timestamp> — <note>` that must parse back as exactly one new entry.

use memento_core::internal::{notes_rank, notes_section};
use super::layout::{self, Style};
use super::route::Kind;
use super::{apply, guard, EditError, EditOptions, EditOutcome};
use memento_core::document::{Document, SectionRole};
use memento_core::time::{self, Timestamp};
use memento_core::Dialect;

/// Where an entry goes: an existing section, or a new one (heading and description lines,
/// and its canonical rank).
pub(crate) enum Target {
    Existing(usize),
    Create { lines: Vec<String>, rank: Option<usize> },
}

impl Target {
    pub(crate) fn of(doc: &Document, kind: Kind) -> Target {
        if doc.dialect() == Dialect::SessionNotes {
            let name = match kind {
                Kind::Decision => "Task Specification",
                Kind::Discovery => "Learnings",
                Kind::Progress => "Worklog",
            };
            return notes_target(doc, name);
        }
        let (role, title) = match kind {
            Kind::Decision => (SectionRole::Decisions, "Decisions Made"),
            Kind::Discovery => (SectionRole::Discoveries, "Key Discoveries"),
            Kind::Progress => (SectionRole::Progress, "Progress Markers"),
        };
        Target::role(doc, role, title)
    }

    pub(crate) fn role(doc: &Document, role: SectionRole, title: &str) -> Target {
        match layout::section_with_role(doc, role) {
            Some(i) => Target::Existing(i),
            None => Target::Create {
                lines: vec![format!("{} {title}", layout::heading_marks(doc))],
                rank: layout::rank_of_role(doc.dialect(), role),
            },
        }
    }
}

/// Writes one line into `target` (at the end of its list), creating the section if needed.
pub(crate) fn write_line(doc: &Document, target: &Target, line: &str, style: &Style) -> (memento_core::TextEdit, usize) {
    match target {
        Target::Existing(i) => (layout::append_line(doc, *i, line, style.eol), 0),
        Target::Create { lines, rank } => {
            let mut block = lines.clone();
            block.push(line.to_owned());
            (layout::create_section(doc, *rank, &block, style.eol), 1)
        }
    }
}

/// Appends `- <ts> — <note>` to the target section, refusing duplicates.
pub(crate) fn append_entry(
    doc: &Document,
    target: Target,
    note: &str,
    at: Timestamp,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    let section = match target {
        Target::Existing(i) => Some(i),
        Target::Create { .. } => None,
    };
    if let (Some(i), false) = (section, options.force) {
        guard::no_duplicate(doc, i, note)?;
    }
    let style = layout::style(doc, section);
    let line = style.entry(at, note);
    let (edit, added) = write_line(doc, &target, &line, &style);
    let (out, new) = apply(doc, vec![edit], added, options)?;
    let written = new.entries().len() == doc.entries().len() + 1
        && new.entries().iter().any(|e| new.text(e.text) == note && same_instant(e.timestamp, at, style.ts_style));
    if !written {
        return Err(EditError::InvalidInput("the note cannot be written as one entry here".into()));
    }
    Ok(out)
}

/// The session-notes section `name`, or its creation from the template.
pub(crate) fn notes_target(doc: &Document, name: &str) -> Target {
    if let Some((i, _)) = doc.section_named(name) {
        return Target::Existing(i);
    }
    let rank = notes_rank(name);
    let (title, description) = match rank.and_then(notes_section) {
        Some((title, description)) => (title, Some(description)),
        None => (name, None),
    };
    let mut lines = vec![format!("{} {title}", layout::heading_marks(doc))];
    if let Some(d) = description {
        lines.push(d);
        lines.push(String::new());
    }
    Target::Create { lines, rank }
}

fn same_instant(written: Timestamp, at: Timestamp, style: time::TimestampStyle) -> bool {
    Timestamp::parse(&at.format(style)).is_some_and(|t| t.epoch_seconds == written.epoch_seconds)
}
