//! `checkpoint` (seed 000's helper, with automatic section routing) and `supersede`.

use super::layout::{self, Style};
use super::{apply, guard, one_line, read, refuse_json, section, EditError, EditOptions, EditOutcome};
use crate::document::{Document, SectionRole, Status};
use crate::time::{self, Timestamp};
use crate::Dialect;

/// What a checkpoint records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A choice that constrains future work (Decisions Made; immutable).
    Decision,
    /// A progress marker `STATUS: unit (detail)` (Progress Markers; state).
    Progress,
    /// A fact learned (Key Discoveries).
    Discovery,
}

const DECISION_OPENERS: [&str; 18] = [
    "do not", "don't", "dont", "never", "decided", "decision", "we decided", "we will", "use", "using",
    "always", "must", "avoid", "prefer", "going with", "chose", "switch to", "supersedes",
];

/// Routes a note by its content (seed 000's "automatic section routing"): a status word
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
    if DECISION_OPENERS.iter().any(|w| opens(w)) || supersedes_ref(t).is_some() {
        Kind::Decision
    } else {
        Kind::Discovery
    }
}

/// `STATUS: rest` at the start of a note (upper case, optionally bold): the status and where
/// the rest starts. The parser's reader, so a routed note parses back as progress.
pub(crate) fn status_prefix(text: &str) -> Option<(Status, usize)> {
    let (word, after) = crate::parse::status_word(text)?;
    let (status, _) = Status::from_word(&text[word.range()])?;
    Some((status, after))
}

/// `SUPERSEDES [<id>]` (or without brackets, any case) in a text: (phrase range, target
/// without trailing punctuation). The parser's reader, so edits and parsing agree.
pub(crate) fn supersedes_ref(text: &str) -> Option<(std::ops::Range<usize>, String)> {
    let (phrase, target) = crate::parse::supersedes(text)?;
    let target = text[target.range()].trim_end_matches(['.', ':']);
    (!target.is_empty()).then(|| (phrase.range(), target.to_owned()))
}

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
        if crate::identity::decision_named(&doc, &target) != Some(index) {
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
    let index = crate::identity::decision_named(doc, id).ok_or_else(|| EditError::UnknownDecision(id.to_owned()))?;
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
            return section::notes_target(doc, name);
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
pub(crate) fn write_line(doc: &Document, target: &Target, line: &str, style: &Style) -> (crate::TextEdit, usize) {
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

fn same_instant(written: Timestamp, at: Timestamp, style: time::TimestampStyle) -> bool {
    Timestamp::parse(&at.format(style)).is_some_and(|t| t.epoch_seconds == written.epoch_seconds)
}
