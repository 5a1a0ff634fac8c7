//! What the writers share with the readers beyond the public API: the helpers of this crate
//! that the `memento-edit` crate (edits, merge, diff, the session-start prompt, the agent
//! tools) builds on. They live here, once; the writers live in a crate of their own so that
//! the npm package can build the session-start path (parse, check, plan) for speed and the
//! rest for size (Cargo.toml, profile `npm-release`; docs/architecture.md).
//!
//! Not part of the API: hidden from the documentation, free to change with any release.

pub use crate::case::to_lower;
pub use crate::check::finish;
pub use crate::check::template::{notes_rank, notes_section};
pub use crate::identity::{entry_hash, json_opening, same_entry, section_key};
pub use crate::lexicon::{opens_with_nothing, EMOJI};
pub use crate::parse::{pinned_root, status_of, status_word, stop_point, supersedes};
pub use crate::sort::{optional, signed, sort_by_key, Key};
pub use crate::span::{ends_with_break, first_line, line_content_end, line_end_after, line_start};
pub use crate::text::one_line;
