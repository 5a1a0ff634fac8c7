//! What a note is: a checkpoint's kind, read from its content ("automatic section routing").
//! The readers are the parser's, so a routed note parses back as what it was routed to.

use memento_core::document::Status;

memento_core::named! {
    /// What a checkpoint records.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Kind {
        /// A choice that constrains future work (Decisions Made; immutable).
        Decision = "decision",
        /// A progress marker `STATUS: unit (detail)` (Progress Markers; state).
        Progress = "progress",
        /// A fact learned (Key Discoveries).
        Discovery = "discovery",
    }
}

const DECISION_OPENERS: &str = "do not|don't|dont|never|decided|decision|we decided|we will|use|\
    using|always|must|avoid|prefer|going with|chose|switch to|supersedes";

/// Routes a note by its content (docs/edits.md): a status word
/// (`COMPLETED: …`, `IN_PROGRESS: …`, an alias) → progress; "DO NOT…", "decided…", "use…",
/// "never…", "always…", a `SUPERSEDES` reference → decision; anything else → discovery.
pub fn route(note: &str) -> Kind {
    let t = note.trim_start();
    if status_prefix(t).is_some() {
        return Kind::Progress;
    }
    let lower = t.trim_start_matches(['*', '_', '`']).to_ascii_lowercase();
    let opens = |w: &str| {
        lower.starts_with(w) && !lower[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    };
    if DECISION_OPENERS.split('|').any(opens) || supersedes_ref(t).is_some() {
        Kind::Decision
    } else {
        Kind::Discovery
    }
}

/// `STATUS: rest` at the start of a note (upper case, optionally bold): the status and where
/// the rest starts. The parser's reader, so a routed note parses back as progress.
pub(crate) fn status_prefix(text: &str) -> Option<(Status, usize)> {
    let (word, after) = memento_core::internal::status_word(text)?;
    let status = Status::from_word(&text[word.range()])?.status;
    Some((status, after))
}

/// `SUPERSEDES [<id>]` (or without brackets, any case) in a text: (phrase range, target
/// without trailing punctuation). The parser's reader, so edits and parsing agree.
pub(crate) fn supersedes_ref(text: &str) -> Option<(std::ops::Range<usize>, String)> {
    let (phrase, target) = memento_core::internal::supersedes(text)?;
    let target = text[target.range()].trim_end_matches(['.', ':']);
    (!target.is_empty()).then(|| (phrase.range(), target.to_owned()))
}
