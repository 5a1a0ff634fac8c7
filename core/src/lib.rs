//! Memento core: parse, check and plan the session-memory files that AI coding agents keep
//! across context resets. Writing them (edits, merge, diff, the session-start prompt, the
//! agent tools) is the `memento-edit` crate's, built on this one (docs/architecture.md).
//!
//! ```
//! let text = "# Session Memory — task_1\n\n## Next Session Start\nBegin with file 095.\n";
//! let doc = memento_core::parse(text);
//! assert_eq!(doc.to_string(), text); // byte-exact, always
//! assert_eq!(doc.dialect(), memento_core::Dialect::CheckpointLog);
//! assert_eq!(doc.text(doc.next_step().unwrap().text), "Begin with file 095.");
//! ```

pub mod brief;
mod case;
mod code;
pub mod check;
pub mod conflict;
pub mod dialect;
pub mod diagnostic;
pub mod document;
pub mod hash;
#[doc(hidden)]
pub mod internal;
mod lexicon;
pub mod identity;
pub mod memory;
#[doc(hidden)]
pub mod names;
pub mod options;
mod packed;
mod parse;
pub mod plan;
pub mod rule;
pub mod scope;
pub mod secret;
mod sort;
pub mod store;
pub(crate) mod swar;
pub mod span;
mod text;
pub mod time;
pub mod tokens;
pub mod view;

pub use check::{check, CheckOptions, NotesTemplate};
pub use dialect::Dialect;
pub use diagnostic::{splice, Diagnostic, SpliceError, TextEdit};
pub use rule::{Rule, RuleKind, Severity};
pub use document::{
    Completion, Decision, Discovery, Document, Entry, FieldText, Item, JsonFault, JsonFaultKind, JsonState,
    MarkerSource, NextStep, ProgressMarker, Record, Section, SectionRole, Stamp, Status, StatusWord, Supersedes, Unit,
    UnitRange,
};
pub use parse::{parse, parse_with, ParseOptions};
pub use plan::{plan, Plan, RunStatus};
pub use span::{Position, Span};
pub use time::Timestamp;
