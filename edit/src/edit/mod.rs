//! Edits (docs/edits.md): every write Memento makes to a memory file.
//!
//! Each operation takes the text and returns an [`EditOutcome`]: the new text and the
//! [`TextEdit`]s that produced it. Edits are splices of the original (toml_edit's way):
//! the bytes outside the edited ranges never change, and what is inserted follows the
//! file's own conventions — line endings, bullet character, the dash between timestamp and
//! text, the timestamp style, a missing final newline (see [`layout`]).
//!
//! Guards at write time (docs/edits.md, "Guards") refuse a decision that contradicts an active
//! one (unless it supersedes it) and text identical to an entry already in the section;
//! [`EditOptions::force`] overrides both.
//!
//! ```
//! use memento_edit::edit::{self, Kind};
//! use memento_core::Timestamp;
//! let text = "# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n\n## Next Session Start\nGo.\n";
//! let at = Timestamp::parse("2026-04-22T08:00Z").unwrap();
//! let out = edit::checkpoint(text, "Use optimistic locking for order updates", at, None).unwrap();
//! assert!(out.text.contains("- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T08:00Z — Use optimistic locking for order updates\n\n## Next"));
//! assert_eq!(edit::route("Pattern: failed orders have a null payment"), Kind::Discovery);
//! ```

mod checkpoint;
mod complete;
mod formats;
mod guard;
mod init;
pub(crate) mod layout;
mod next;
mod progress;
mod route;
mod section;
mod target;

pub use checkpoint::{checkpoint, checkpoint_with, supersede, supersede_with};
pub use route::{route, Kind};
pub use init::init;
pub use progress::{set_progress, set_progress_with};
pub use section::{update_section, update_section_with};
pub use complete::{complete, complete_with};
pub use next::{set_next, set_next_with};

pub(crate) use memento_core::internal::one_line;

use memento_core::diagnostic::{splice, TextEdit};
use memento_core::document::Document;
use memento_core::{parse_with, ParseOptions};
use memento_core::Dialect;
use serde::Serialize;
use std::fmt;

/// The result of an edit: the new text and the splices of the old text that made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EditOutcome {
    pub text: String,
    /// Sorted, non-overlapping replacements of the *original* text:
    /// `splice(original, &edits) == text`.
    pub edits: Vec<TextEdit>,
}

/// Options shared by the edits.
#[derive(Debug, Clone, Default)]
pub struct EditOptions {
    /// Write even when a guard refuses: a conflicting decision, a duplicate entry, a
    /// second unit IN_PROGRESS.
    pub force: bool,
    /// How to read the text (a forced dialect, the file name).
    pub parse: ParseOptions,
}

impl EditOptions {
    pub fn forced() -> Self {
        EditOptions { force: true, ..EditOptions::default() }
    }
}

/// Why an edit was refused. Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// The same entry text (`memento_core::internal::same_entry`) is already in the section.
    DuplicateEntry { section: String, line: u32, existing: String },
    /// The new decision contradicts an active decision (supersede it, or force).
    ConflictsWith { decision: String, line: u32, explanation: String },
    /// No decision has this id.
    UnknownDecision(String),
    /// The decision was already superseded by a later one (supersede that one instead).
    AlreadySuperseded { decision: String, by: String },
    /// Setting a unit IN_PROGRESS while another unit is (finish or pause that one first).
    AnotherInProgress { unit: String, line: u32 },
    /// The file already has its `TASK COMPLETE` block.
    AlreadyComplete { line: u32 },
    /// No section of that name, and it is not one Memento may create.
    NoSuchSection(String),
    /// This edit has no meaning for this kind of file (e.g. a JSON memory store).
    NotSupportedForDialect { operation: &'static str, dialect: Dialect },
    /// The input cannot be written safely (empty text, a unit name with a comma, content
    /// that would add or remove a heading, …).
    InvalidInput(String),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::DuplicateEntry { section, line, existing } => {
                write!(f, "duplicate entry: \"{existing}\" is already in {section} (line {line})")
            }
            EditError::ConflictsWith { decision, line, explanation } => write!(
                f,
                "conflicts with decision {decision} (line {line}): {explanation}; supersede it or force"
            ),
            EditError::UnknownDecision(id) => write!(f, "no decision has the id `{id}`"),
            EditError::AlreadySuperseded { decision, by } => {
                write!(f, "decision {decision} is already superseded by {by}; supersede {by} instead")
            }
            EditError::AnotherInProgress { unit, line } => write!(
                f,
                "`{unit}` is already IN_PROGRESS (line {line}); finish or pause it first, or force"
            ),
            EditError::AlreadyComplete { line } => write!(f, "the task is already complete (line {line})"),
            EditError::NoSuchSection(name) => write!(f, "no section named `{name}`"),
            EditError::NotSupportedForDialect { operation, dialect } => {
                write!(f, "{} is not supported for {dialect} files", operation_words(operation))
            }
            EditError::InvalidInput(msg) => write!(f, "invalid input: {msg}"),
        }
    }
}

impl std::error::Error for EditError {}

/// A value a refusal gives about itself ([`EditError::details`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail<'a> {
    Text(&'a str),
    Line(u32),
}

impl EditError {
    /// The refusal's stable name: the code the npm package throws it with
    /// (`MementoError.code`).
    pub fn code(&self) -> &'static str {
        match self {
            EditError::DuplicateEntry { .. } => "duplicate-entry",
            EditError::ConflictsWith { .. } => "conflicting-decision",
            EditError::UnknownDecision(_) => "unknown-decision",
            EditError::AlreadySuperseded { .. } => "already-superseded",
            EditError::AnotherInProgress { .. } => "another-in-progress",
            EditError::AlreadyComplete { .. } => "already-complete",
            EditError::NoSuchSection(_) => "no-such-section",
            EditError::NotSupportedForDialect { .. } => "not-supported",
            EditError::InvalidInput(_) => "invalid-input",
        }
    }

    /// What the refusal is about, by name: the section and line of the entry it repeats, the
    /// decision it contradicts, … (the npm package's `MementoError.details`).
    pub fn details(&self) -> Vec<(&'static str, Detail<'_>)> {
        use Detail::{Line, Text};
        match self {
            EditError::DuplicateEntry { section, line, .. } => vec![("section", Text(section)), ("line", Line(*line))],
            EditError::ConflictsWith { decision, line, .. } => vec![("decision", Text(decision)), ("line", Line(*line))],
            EditError::UnknownDecision(id) => vec![("decision", Text(id))],
            EditError::AlreadySuperseded { decision, by } => vec![("decision", Text(decision)), ("by", Text(by))],
            EditError::AnotherInProgress { unit, line } => vec![("unit", Text(unit)), ("line", Line(*line))],
            EditError::AlreadyComplete { line } => vec![("line", Line(*line))],
            EditError::NoSuchSection(name) => vec![("section", Text(name))],
            EditError::NotSupportedForDialect { .. } | EditError::InvalidInput(_) => Vec::new(),
        }
    }
}

/// An edit as a person names it (a message never names a function: "setting the next step",
/// not `set_next`); the operation id itself when it has no words here.
fn operation_words(operation: &str) -> &str {
    match operation {
        "checkpoint" => "adding a checkpoint",
        "supersede" => "superseding a decision",
        "set_progress" => "setting a unit's progress",
        "set_next" => "setting the next step",
        "update_section" => "replacing a section",
        "complete" => "marking the task complete",
        "init" => "creating a memory file",
        other => other,
    }
}

pub(crate) fn read(text: &str, options: &EditOptions) -> Document {
    parse_with(text, &options.parse)
}

/// Applies `edits` to `text` and checks the result: the headings that were there are all
/// still there, in order, and only `added_headings` new ones appeared. This is what keeps a
/// note with `\n# …` in it from ever creating or hiding a section.
pub(crate) fn apply(
    doc: &Document,
    edits: Vec<TextEdit>,
    added_headings: usize,
    options: &EditOptions,
) -> Result<(EditOutcome, Document), EditError> {
    apply_checked(doc, edits, &[], added_headings, options)
}

/// [`apply`] for an edit that replaces the sections `removed` (by index) on purpose.
pub(crate) fn apply_checked(
    doc: &Document,
    mut edits: Vec<TextEdit>,
    removed: &[usize],
    added_headings: usize,
    options: &EditOptions,
) -> Result<(EditOutcome, Document), EditError> {
    edits.retain(|e| !(e.range.is_empty() && e.content.is_empty()));
    memento_core::internal::sort_by_key(&mut edits, |e| [e.range.start() as u64, e.range.end() as u64, 0]);
    let text = splice(doc.source(), &edits).map_err(|e| EditError::InvalidInput(e.to_string()))?;
    let new = parse_with(&text, &options.parse);
    let before: Vec<&str> = doc
        .sections()
        .iter()
        .enumerate()
        .filter(|(i, _)| !removed.contains(i))
        .map(|(_, s)| doc.text(s.title).trim())
        .collect();
    let after: Vec<&str> = new.sections().iter().map(|s| new.text(s.title).trim()).collect();
    if after.len() != before.len() + added_headings || !is_subsequence(&before, &after) {
        return Err(EditError::InvalidInput(
            "the text would add, hide or change a heading of the file".into(),
        ));
    }
    Ok((EditOutcome { text, edits }, new))
}

fn is_subsequence(small: &[&str], big: &[&str]) -> bool {
    let mut it = big.iter();
    small.iter().all(|s| it.any(|b| b == s))
}

/// Memory stores and feature lists are JSON ([`Document::is_json`]): the markdown
/// edits do not apply.
pub(crate) fn refuse_json(doc: &Document, operation: &'static str) -> Result<(), EditError> {
    if doc.is_json() {
        return Err(EditError::NotSupportedForDialect { operation, dialect: doc.dialect() });
    }
    Ok(())
}
