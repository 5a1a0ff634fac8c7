//! Memento's writers: every write to a session-memory file ([`edit`]), the three-way
//! [`merge`] of two sessions' versions, the [`diff`] of two versions as the plan sees it, the
//! session-start [`prompt`], and the [`tools`] an agent calls, all built on the model
//! `memento-core` reads.
//!
//! They are a crate of their own because a session start never runs them: the npm package
//! builds the core (parse, check, plan) for speed and this crate for size, and a build profile
//! chooses per crate (Cargo.toml, profile `npm-release`; docs/architecture.md).
//!
//! ```
//! let text = "# Session Memory — task_1\n\n## Next Session Start\nBegin with file 095.\n";
//! let out = memento_edit::edit::set_next(text, "Begin with file 096.").unwrap();
//! assert!(out.text.ends_with("## Next Session Start\nBegin with file 096.\n"));
//! ```

pub mod diff;
pub mod edit;
pub mod merge;
pub mod prompt;
pub mod tools;

pub use diff::diff;
pub use edit::{EditError, EditOptions, EditOutcome};
pub use merge::{merge, MergeConflict, MergeOutcome};
