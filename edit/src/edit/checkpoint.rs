//! `checkpoint` (an entry routed to its section by its content, docs/edits.md) and `supersede`.

use super::route::{route, supersedes_ref, Kind};
use super::target::{append_entry, Target};
use super::{guard, one_line, read, refuse_json, EditError, EditOptions, EditOutcome};
use memento_core::document::Document;
use memento_core::time::Timestamp;
use memento_core::Dialect;

/// Appends a checkpoint `- <timestamp> — <note>` to the section its kind (or, without one,
/// its content) routes to; see [`checkpoint_with`].
pub fn checkpoint(text: &str, note: &str, at: Timestamp, kind: Option<Kind>) -> Result<EditOutcome, EditError> {
    checkpoint_with(text, note, at, kind, &EditOptions::default())
}

/// Appends a checkpoint.
///
/// - A decision goes to Decisions Made (created in canonical order if absent), refused when
///   it duplicates an entry or contradicts an active decision it does not supersede. A
///   `SUPERSEDES [<id>]` in the note must name an active decision.
/// - A discovery goes to Key Discoveries (session notes: Learnings).
/// - A progress note `STATUS: unit (detail)` sets that unit's marker (see
///   [`super::set_progress`]): progress markers are state, not a log.
///
/// The note is one line: newlines are folded into spaces, so it never starts a heading or
/// a new item.
pub fn checkpoint_with(
    text: &str,
    note: &str,
    at: Timestamp,
    kind: Option<Kind>,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    refuse_json(&doc, "checkpoint")?;
    let note = one_line(note);
    if note.is_empty() {
        return Err(EditError::InvalidInput("the note is empty".into()));
    }
    let kind = kind.unwrap_or_else(|| route(&note));
    // The agent harnesses' formats write decisions and facts their own way (a supersession
    // keeps the generic Decisions section, where its reference is read).
    if supersedes_ref(&note).is_none() {
        if let Some(written) = super::formats::native(&doc, kind, &note, at, options) {
            return written;
        }
    }
    match kind {
        Kind::Progress => super::progress::from_note(&doc, &note, at, options),
        Kind::Decision => {
            if let Some((_, target)) = supersedes_ref(&note) {
                active_decision(&doc, &target)?;
            }
            write_decision(&doc, &note, at, options)
        }
        Kind::Discovery => append_entry(&doc, Target::of(&doc, Kind::Discovery), &note, at, options),
    }
}

/// Supersedes decision `decision_id` with `new_text`; see [`supersede_with`].
pub fn supersede(text: &str, decision_id: &str, new_text: &str, at: Timestamp) -> Result<EditOutcome, EditError> {
    supersede_with(text, decision_id, new_text, at, &EditOptions::default())
}

/// Appends a new decision `SUPERSEDES [<id>] <new_text>`. The old decision is never edited;
/// it becomes superseded. Refused when the id names no decision, or one already superseded.
pub fn supersede_with(
    text: &str,
    decision_id: &str,
    new_text: &str,
    at: Timestamp,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    refuse_json(&doc, "supersede")?;
    let index = active_decision(&doc, decision_id.trim())?;
    let id = doc.decisions()[index].id.clone();
    let mut body = one_line(new_text);
    if let Some((range, target)) = supersedes_ref(&body) {
        // Accept a text that already names this decision; refuse one that names another.
        if doc.decision_named(&target) != Some(index) {
            return Err(EditError::InvalidInput(format!(
                "the text names SUPERSEDES [{target}], but it supersedes {id}"
            )));
        }
        body.replace_range(range, "");
        body = one_line(&body);
    }
    if body.is_empty() {
        return Err(EditError::InvalidInput("the new decision is empty".into()));
    }
    write_decision(&doc, &format!("SUPERSEDES [{id}] {body}"), at, options)
}

fn active_decision(doc: &Document, id: &str) -> Result<usize, EditError> {
    let index = doc.decision_named(id).ok_or_else(|| EditError::UnknownDecision(id.to_owned()))?;
    let d = &doc.decisions()[index];
    if let Some(by) = d.superseded_by {
        return Err(EditError::AlreadySuperseded { decision: d.id.clone(), by: doc.decisions()[by].id.clone() });
    }
    Ok(index)
}

fn write_decision(
    doc: &Document,
    note: &str,
    at: Timestamp,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    if !options.force {
        guard::no_conflict(doc, note)?;
    }
    let before = doc.decisions().len();
    let target = Target::of(doc, Kind::Decision);
    let out = append_entry(doc, target, note, at, options)?;
    if doc.dialect() != Dialect::SessionNotes {
        let new = read(&out.text, options);
        if new.decisions().len() != before + 1 {
            return Err(EditError::InvalidInput("the decision cannot be written as one entry".into()));
        }
    }
    Ok(out)
}

