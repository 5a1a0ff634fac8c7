//! The lossless document model.
//!
//! A [`Document`] owns the source text and a flat model of what Memento understands in it:
//! sections, list items, log entries, decisions, progress markers, discoveries, the next
//! step, the completion block and memory-store records. Every element holds [`Span`]s into
//! the source; nothing is re-rendered, so `doc.to_string()` is the input byte for byte.

use crate::identity::{json_opening, DecisionRef};
use crate::span::{LineIndex, Position, Span};
use crate::time::Timestamp;
use crate::Dialect;
use serde::Serialize;
use std::fmt;

/// A parsed memory file. Build one with [`crate::parse`] or [`crate::parse_with`].
#[derive(Debug, Clone)]
pub struct Document {
    pub(crate) source: String,
    pub(crate) dialect: Dialect,
    pub(crate) lines: LineIndex,
    /// Byte length of a UTF-8 byte order mark at the start (0 or 3).
    pub(crate) bom: usize,
    pub(crate) front_matter: Option<Span>,
    pub(crate) sections: Vec<Section>,
    pub(crate) items: Vec<Item>,
    pub(crate) entries: Vec<Entry>,
    pub(crate) decisions: Vec<Decision>,
    pub(crate) progress: Vec<ProgressMarker>,
    pub(crate) discoveries: Vec<Discovery>,
    pub(crate) next_step: Option<NextStep>,
    pub(crate) completion: Option<Completion>,
    pub(crate) records: Vec<Record>,
    /// Where a JSON text departs from JSON (rows that do not parse, text after the end).
    pub(crate) json_faults: Vec<JsonFault>,
    /// The next action and the decisions a JSON file records in fields.
    pub(crate) json_state: JsonState,
    /// Dates opening free-text paragraphs (session logs written without list items).
    pub(crate) stamps: Vec<Stamp>,
    /// The inside of a fence wrapping the whole file, which is read as the document.
    pub(crate) fence: Option<Span>,
    /// Whether the dated parts run from the newest down (see [`Document::newest_first`]).
    pub(crate) newest_first: bool,
    /// The phase the file says the run is in, and the section that phase names.
    pub(crate) current_phase: Option<CurrentPhase>,
    /// The secrets of the source, found on first use ([`Document::secrets`]).
    pub(crate) secrets: std::sync::OnceLock<crate::secret::Secrets>,
    /// The next step the file writes itself, found on first use (`plan::next::written`).
    pub(crate) written_next: std::sync::OnceLock<Option<Span>>,
    /// Every next-step label outside history, found on first use (`plan::next::labels`):
    /// the next step above, next-step-done and empty-next-step ask.
    pub(crate) next_labels: std::sync::OnceLock<Vec<Span>>,
    /// Each unit at its current state, found on first use ([`Document::current_units`]):
    /// the plan and several rules ask.
    pub(crate) current: std::sync::OnceLock<Vec<UnitRef>>,
    /// Where each unit left under way in an older session that a later one takes up again
    /// starts, found on first use ([`Document::left_behind`]).
    pub(crate) taken_up: std::sync::OnceLock<Vec<usize>>,
    /// What the agent harnesses' formats add: front matter fields, observations, links,
    /// task-group blocks ([`crate::memory`]).
    pub(crate) agent: crate::memory::AgentMemory,
}

/// The current-phase field and the section it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CurrentPhase {
    /// The field's line (`- Phase: ENHANCEMENT`): where the phase's state is said.
    pub(crate) field: Span,
    /// The section the field names.
    pub(crate) section: usize,
    /// Whether that section leaves its state to the field: it states none of its own (`##
    /// Phase 2: Core`, not `## Phase 2: Core ✅`).
    pub(crate) open: bool,
}

/// A date at the start of a free-text paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stamp {
    pub span: Span,
    pub timestamp: Timestamp,
}

crate::named! {
    /// What a section is for, from its title. Roles drive progress, decisions and the plan.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum SectionRole {
        /// Decisions Made, Decision Log: binding, append-only.
        Decisions = "decisions",
        /// Progress Markers: one `STATUS: unit` line per unit.
        Progress = "progress",
        /// Key Discoveries, Learnings: append-only facts.
        Discoveries = "discoveries",
        /// Next Session Start, Next Steps: the exact next action.
        NextStep = "next-step",
        /// `TASK COMPLETE — <timestamp>`.
        Completion = "completion",
        /// What Works, Completed: items are done units.
        Done = "done",
        /// What's Left to Build, Pending, TODO: items are pending units.
        Todo = "todo",
        /// In Progress, Active Task: items are units under way.
        Active = "active",
        /// Blocked, Blockers.
        Blocked = "blocked",
        /// Known Issues.
        Issues = "issues",
        /// Current State, Current Status, Current Focus: refreshed state.
        CurrentState = "current-state",
        /// Worklog, Session Log, Session History: append-only log.
        Worklog = "worklog",
        /// Session Start Checklist, Before Starting: steps every session repeats. Their
        /// checkboxes are instructions, not units of the task. Subsections without a role of
        /// their own are part of it.
        Procedure = "procedure",
        /// Archive, Previous handoffs, History: past state kept for the record. Never the
        /// current state: no next action or open unit is read from it. Subsections are part of it.
        History = "history",
        /// Optional Enhancements, Nice to have, Someday: work the file leaves to choice. Its
        /// items are no units: a run is complete without them. Subsections are part of it.
        Optional = "optional",
        Other = "other",
    }
}

impl SectionRole {
    /// The roles that say a state of work (done, to do, next, under way, blocked, the
    /// current state), as against a kind of list (decisions, history, a procedure).
    pub fn is_state(self) -> bool {
        matches!(self, Self::Done | Self::Todo | Self::NextStep | Self::Active | Self::Blocked | Self::CurrentState)
    }

    /// Sections whose entries are only ever appended (never edited in place).
    pub fn is_append_only(self) -> bool {
        matches!(
            self,
            SectionRole::Decisions | SectionRole::Discoveries | SectionRole::Worklog
        )
    }
}

/// A heading and everything up to the next heading of the same or a higher level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    pub level: u8,
    /// The heading line(s).
    pub heading: Span,
    /// The heading's text, without `#` marks.
    pub title: Span,
    /// Heading start to the end of the section (subsections included).
    pub span: Span,
    /// After the heading to the end of the section.
    pub body: Span,
    /// The enclosing section, if any.
    pub parent: Option<usize>,
    pub role: SectionRole,
    /// A date written in the heading (`## Session 52: 2025-12-10`).
    pub timestamp: Option<Timestamp>,
    /// An italic line right below the heading (session-notes' section description).
    pub description: Option<Span>,
}

/// A list item (not inside a block quote).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    /// The whole item, marker and nested lists included.
    pub span: Span,
    /// `-`, `*` or `+` for bullets; `.` or `)` for ordered lists.
    pub bullet: char,
    /// The item's own text: after the marker and checkbox, up to a nested list, trimmed.
    pub text: Span,
    /// 1 for a top-level list, 2 for a list nested in it, …
    pub depth: u8,
    /// Innermost section holding the item.
    pub section: Option<usize>,
    /// What the item is part of: its section's role, or that of a label right above its list
    /// (`**Two decisions made this session:**`, `Completed:`; docs/reader.md).
    pub role: SectionRole,
    /// `Some(true)` for `[x]`, `Some(false)` for `[ ]`.
    pub checkbox: Option<bool>,
}

/// A timestamped list item: `- 2026-04-22T07:12Z — text`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    /// Index into [`Document::items`].
    pub item: usize,
    pub timestamp: Timestamp,
    pub timestamp_span: Span,
    /// The separator between timestamp and text (` — `, ` -- `, ` - `, `: `), if any.
    pub separator: Option<Span>,
    /// The text after the separator.
    pub text: Span,
}

/// A binding decision. Its id is its timestamp as written (`<timestamp>#2` for a second one
/// with the same timestamp), or `L<line>` when it has none.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub id: String,
    /// Where the decision is written, whole: its list item, table row, heading and body, or
    /// line (docs/reader.md, "The lexicon", on decisions that are not list items).
    pub span: Span,
    pub timestamp: Option<Timestamp>,
    pub text: Span,
    pub supersedes: Option<Supersedes>,
    /// Index (into [`Document::decisions`]) of the newer decision replacing this one.
    pub superseded_by: Option<usize>,
}

/// `SUPERSEDES [<timestamp>]` inside a decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Supersedes {
    /// The whole `SUPERSEDES [...]` phrase.
    pub span: Span,
    /// The reference as written.
    pub target: Span,
    /// Index (into [`Document::decisions`]) of the earlier decision it names, if any.
    pub resolved: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Completed,
    InProgress,
    Pending,
    Blocked,
    Failed,
    Skipped,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Completed,
        Status::InProgress,
        Status::Pending,
        Status::Blocked,
        Status::Failed,
        Status::Skipped,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Completed => "COMPLETED",
            Status::InProgress => "IN_PROGRESS",
            Status::Pending => "PENDING",
            Status::Blocked => "BLOCKED",
            Status::Failed => "FAILED",
            Status::Skipped => "SKIPPED",
        }
    }

    /// The status a caller names (an argument, a tool input): a status word or an alias in
    /// any case, around spaces.
    pub fn read(word: &str) -> Result<Status, UnknownStatus> {
        Status::from_word(&word.trim().to_ascii_uppercase()).map(|w| w.status).ok_or_else(|| UnknownStatus(word.to_owned()))
    }

    /// Reads a canonical status word or an alias (`DONE`, `WIP`, `TODO`), in upper case.
    pub fn from_word(word: &str) -> Option<StatusWord> {
        let canonical = Status::ALL.into_iter().find(|s| s.as_str() == word);
        if let Some(status) = canonical {
            return Some(StatusWord { status, alias: false });
        }
        let alias = match word {
            "DONE" | "COMPLETE" => Status::Completed,
            "WIP" | "IN PROGRESS" | "IN-PROGRESS" | "INPROGRESS" => Status::InProgress,
            "TODO" | "TO DO" => Status::Pending,
            _ => return None,
        };
        Some(StatusWord { status: alias, alias: true })
    }
}

/// A status as a file writes it: the status, and whether the word was an alias (`DONE`,
/// `WIP`, a status word of another language) rather than the canonical word, which the
/// status-alias rule reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusWord {
    pub status: Status,
    pub alias: bool,
}

/// A status word that is none of [`Status::ALL`] nor an alias.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownStatus(pub String);

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = Status::ALL.iter().map(|s| s.as_str()).collect();
        write!(f, "unknown status `{}` (expected {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownStatus {}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

crate::named! {
    /// Where a progress marker's status was read from.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum MarkerSource {
        /// `- COMPLETED: unit`.
        StatusWord = "status-word",
        /// `- DONE: unit` (an alias of a status word).
        Alias = "alias",
        /// `- [x] unit`.
        Checkbox = "checkbox",
        /// `✅ unit`, `### Unit 🚧`.
        Emoji = "emoji",
        /// An item of a What Works / What's Left section.
        Section = "section",
        /// An object of a JSON file with a status: a feature of a feature_list.json
        /// (`"passes": true`, `"status": "pending"`), a task row of a memory store, a session of
        /// a session-state file, or the unit a current-task pointer names.
        Feature = "feature",
        /// A status after the unit: `Parser — done`, `Login (in progress)`.
        Suffix = "suffix",
        /// A status on a heading or on a `Status:` line right under it.
        Heading = "heading",
        /// A row of a table with a status column.
        Table = "table",
        /// Finished work written as prose: `Implemented retries`. History, not state: it counts
        /// as done but never decides that a run is complete.
        Prose = "prose",
    }
}

impl MarkerSource {
    /// Whether a status read this way is a unit's state that a later mention of the same
    /// unit replaces (the plan lists the unit once, at its current state). Checkboxes,
    /// section items, JSON features and prose are lists of their own: each item stays a row.
    pub fn reconciles(self) -> bool {
        matches!(
            self,
            MarkerSource::StatusWord | MarkerSource::Alias | MarkerSource::Heading | MarkerSource::Suffix | MarkerSource::Table | MarkerSource::Emoji
        )
    }
}

/// One line of progress state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProgressMarker {
    /// The line (item, heading or JSON object) it came from.
    pub span: Span,
    pub source: MarkerSource,
    /// `None` for a status word Memento does not know (see the unknown-status rule).
    pub status: Option<Status>,
    /// The status as written.
    pub status_span: Span,
    /// One or more units (a PENDING line may list several).
    pub units: Vec<Unit>,
    /// The parenthesized detail, `(files 092-??? — stopped at 094)`.
    pub detail: Option<Span>,
    /// The id a JSON object gives its unit (`"id": "COD-11-001"`), shown before its name.
    pub id: Option<Span>,
}

/// A unit of work named by a progress marker.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unit {
    pub name: Span,
    pub range: Option<UnitRange>,
    /// `stopped at 094` → `094`.
    pub stopped_at: Option<Span>,
}

/// `001-047`, or an open `092-???`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UnitRange {
    pub span: Span,
    pub start: Span,
    /// `None` when the end is open (`???`).
    pub end: Option<Span>,
}

/// A fact learned along the way (a Key Discoveries item).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Discovery {
    pub item: usize,
    pub timestamp: Option<Timestamp>,
    pub text: Span,
}

/// The exact next action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextStep {
    pub span: Span,
    pub text: Span,
    pub section: usize,
}

/// `## TASK COMPLETE — <timestamp>` and its `Final status: …` line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Completion {
    pub section: usize,
    pub span: Span,
    pub timestamp: Option<Timestamp>,
    pub final_status: Option<Span>,
}

/// A memory-store row. Field names are mapped (`content`, `text`, `observation`, …).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    pub span: Span,
    pub id: Option<String>,
    pub content: Option<String>,
    pub tags: Vec<String>,
    /// The project or agent the row belongs to.
    pub scope: Option<String>,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
    pub last_accessed_at: Option<Timestamp>,
}

/// A string a JSON file records in a field: where it is, and what it says (escapes decoded).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldText {
    pub span: Span,
    pub text: String,
}

/// What a JSON file records about the run in fields rather than in units.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct JsonState {
    /// The next action: `next_actions`, `next_steps` or `next` of the latest row (by
    /// timestamp, else the last) or of the file's state object; of a list, its first item.
    pub next: Option<FieldText>,
    /// Decisions: `decisions` fields, and rows that are decisions (of a kind such as
    /// `decision` or `rule`, or giving the `reason` for what they say).
    pub decisions: Vec<FieldText>,
    /// The run's status as a row of its own states it (`{"type": "status", "status":
    /// "completed", "text": "…"}`: a status kind naming no unit), the latest such row's.
    pub status: Option<(Status, Span)>,
    /// A current-task pointer naming a unit that is done while another is under way
    /// (`"current_task_id": "QG-4"` over QG-4 `"status": "done"` and QG-5 `"in_progress"`):
    /// the pointer's value, and the done unit's marker span.
    pub stale_pointer: Option<(Span, Span)>,
}

/// A place where a JSON text is not the JSON it means to be.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct JsonFault {
    pub span: Span,
    pub kind: JsonFaultKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum JsonFaultKind {
    /// A row (a line of JSONL) that does not parse.
    BrokenRow,
    /// Text after the end of a JSON document (stray brackets): not read.
    AfterDocument,
    /// Rows joined by commas without the enclosing brackets: neither JSON nor JSONL.
    JoinedRows,
    /// Where a document breaks off (cut short, a missing comma, a quote left unescaped):
    /// what came before is read, the rest is not.
    BrokenOff,
}

impl Document {
    /// The text exactly as given.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The secrets of the source (found once, on first use): every output made from this
    /// document masks them with [`crate::secret::Secrets::mask`] (`docs/secrets.md`).
    pub fn secrets(&self) -> &crate::secret::Secrets {
        self.secrets.get_or_init(|| crate::secret::Secrets::find(&self.source))
    }

    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The text of a span. A span that does not fall on character boundaries gives "".
    pub fn text(&self, span: Span) -> &str {
        self.source.get(span.range()).unwrap_or("")
    }

    /// 1-based line and column of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        self.lines.position(&self.source, offset)
    }

    pub fn line_index(&self) -> &LineIndex {
        &self.lines
    }

    pub fn has_bom(&self) -> bool {
        self.bom > 0
    }

    /// The YAML front matter block (`---` … `---`), if any.
    pub fn front_matter(&self) -> Option<Span> {
        self.front_matter
    }

    /// The line ending the file uses most: `"\r\n"`, `"\r"` or `"\n"` ([`LineIndex`]).
    pub fn line_ending(&self) -> &'static str {
        self.lines.line_ending()
    }

    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The Next Steps sections, each with its subsections (`## Next Steps` over `### Immediate`
    /// and `### Short-term` is one list of steps, its subsections' items its steps).
    pub(crate) fn next_step_sections(&self) -> impl Iterator<Item = (usize, &Section)> {
        self.sections.iter().enumerate().filter(|(_, s)| {
            s.role == SectionRole::NextStep && s.parent.is_none_or(|p| self.sections[p].role != SectionRole::NextStep)
        })
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    pub fn progress(&self) -> &[ProgressMarker] {
        &self.progress
    }

    /// Every unit with its current marker, as [`UnitRef`]s, in file order of the unit's first mention. Progress markers
    /// are state: when an explicit status line names a unit that an earlier one named (the
    /// same [`UnitKey`](crate::identity::UnitKey)), the later line is its state (the earlier
    /// one in a file kept newest first). A status written beside a name (a heading's or a
    /// line's trailing status, a table's status column, a status emoji) is such a line too.
    /// Items that only sit in a list (a state section's items, checkboxes, prose) may repeat
    /// a name that is not the same unit (`Tests` under each phase), and a name without a key
    /// (empty once folded) is no identity: those stand as written.
    /// Indices, not names: a long run mentions tens of thousands of units, and only the ones
    /// that stay are worth naming.
    #[doc(hidden)]
    pub fn current_units(&self) -> &[UnitRef] {
        self.current.get_or_init(|| self.reconcile_units())
    }

    fn reconcile_units(&self) -> Vec<UnitRef> {
        let mut out: Vec<Option<UnitRef>> = Vec::with_capacity(self.progress.len());
        let mut index: crate::hash::KeyMap<usize> = Default::default();
        index.reserve(self.progress.len());
        // A list row that finishes a unit (`- Completed search indexing`, `- [x] Search
        // indexing`) is its own row, but it also ends the state a status line left open
        // before it (`Search indexing: IN PROGRESS`): the plan and the stale-in-progress rule
        // then agree (docs/reader.md, "The same unit, written again"). In a file kept newest
        // first it comes first: the open line after it is older, and is dropped.
        let mut open_rows = 0usize;
        // Unit → the marker that finished it (the map type of `index`: one table code less in
        // the wasm than a set of its own).
        let mut finished: crate::hash::KeyMap<usize> = Default::default();
        let open = |status: Option<Status>| matches!(status, Some(Status::InProgress | Status::Pending));
        // In a log, a box left open in one sitting and ticked in a later one is one unit: the
        // open box is indexed so that the ticked row can end it.
        let log = self.is_log();
        // A journal's rows are its states over time: a task's later row is its state now
        // (`"status":"in_progress"`, later `"status":"done"`).
        let journal = self.is_journal();
        for (m, marker) in self.progress.iter().enumerate() {
            let reconciles = marker.source.reconciles()
                || log && marker.source == MarkerSource::Checkbox && open(marker.status)
                || journal && marker.source == MarkerSource::Feature;
            let finishes = !reconciles && marker.status == Some(Status::Completed) && (open_rows > 0 || self.newest_first);
            for (u, unit) in marker.units.iter().enumerate() {
                let row = UnitRef { marker: m as u32, unit: u as u32 };
                let key = if reconciles || finishes {
                    let name = self.text(unit.name);
                    crate::identity::UnitKey::of(name).map(|k| crate::identity::leading_work_id(name).unwrap_or_else(|| k.id()))
                } else {
                    None
                };
                let Some(key) = key else {
                    out.push(Some(row));
                    continue;
                };
                if finishes {
                    out.push(Some(row));
                    match index.get(&key) {
                        Some(&at) if !self.newest_first && out[at].is_some_and(|r| open(self.progress[r.marker as usize].status)) => {
                            // The open line's row leaves the list: its unit is this row now.
                            out[at] = None;
                            index.remove(&key);
                            open_rows -= 1;
                        }
                        _ if self.newest_first => {
                            finished.insert(key, m);
                        }
                        _ => {}
                    }
                    continue;
                }
                if self.newest_first && finished.contains_key(&key) {
                    continue;
                }
                match index.entry(key) {
                    // In a file kept newest first, the first mention is the current state,
                    // unless both lie in one sitting, whose own lines run oldest first
                    // (`[11:00] Route audit started` over `[13:00] Route audit complete`).
                    std::collections::hash_map::Entry::Occupied(at)
                        if self.newest_first
                            && !out[*at.get()].is_some_and(|r| {
                                let first = self.progress[r.marker as usize].span.start();
                                self.sitting_at(first).is_some_and(|s| Some(s) == self.sitting_at(marker.span.start()))
                            }) => {}
                    std::collections::hash_map::Entry::Occupied(mut at) => {
                        let was = out[*at.get()].and_then(|r| self.progress[r.marker as usize].status);
                        open_rows = open_rows + usize::from(open(marker.status)) - usize::from(open(was));
                        out[*at.get_mut()] = Some(row);
                    }
                    std::collections::hash_map::Entry::Vacant(slot) => {
                        open_rows += usize::from(open(marker.status));
                        slot.insert(out.len());
                        out.push(Some(row));
                    }
                }
            }
        }
        self.drop_begun_from_lists(&mut out);
        out.into_iter().flatten().collect()
    }

    /// A unit a list holds as still to do (`## What's left` over `- Payments`, an open box)
    /// that the file says is under way (`In progress: Payments`, a Current Focus item) has
    /// begun: it is listed once, under way, and the next action does not say "continue
    /// Payments, then Payments".
    fn drop_begun_from_lists(&self, out: &mut [Option<UnitRef>]) {
        let status = |r: UnitRef| self.progress[r.marker as usize].status;
        let listed = |r: UnitRef| status(r) == Some(Status::Pending) && !self.progress[r.marker as usize].source.reconciles();
        if !out.iter().flatten().any(|&r| status(r) == Some(Status::InProgress)) || !out.iter().flatten().any(|&r| listed(r)) {
            return;
        }
        // The map type of the unit index (one copy of the hash table's code in the wasm builds).
        let begun: crate::hash::KeyMap<usize> = out
            .iter()
            .flatten()
            .filter(|&&r| status(r) == Some(Status::InProgress))
            .filter_map(|&r| crate::identity::UnitKey::of(self.text(self.unit_at(r).1.name)))
            .map(|k| (k.id(), 0))
            .collect();
        for slot in out.iter_mut() {
            if slot.is_some_and(|r| listed(r) && crate::identity::UnitKey::of(self.text(self.unit_at(r).1.name)).is_some_and(|k| begun.contains_key(&k.id()))) {
                *slot = None;
            }
        }
    }

    /// The marker and the unit a [`UnitRef`] names.
    #[doc(hidden)]
    pub fn unit_at(&self, r: UnitRef) -> (&ProgressMarker, &Unit) {
        let marker = &self.progress[r.marker as usize];
        (marker, &marker.units[r.unit as usize])
    }

    /// The inside of a code fence that wraps the whole file (```` ```markdown ````), which
    /// Memento reads as the document; `None` for a file that is not wrapped.
    pub fn wrapping_fence(&self) -> Option<Span> {
        self.fence
    }

    /// Whether the file's dated parts run from the newest down (sessions prepended): then
    /// the first mention of a unit or a next step is the latest, not the last.
    pub fn newest_first(&self) -> bool {
        self.newest_first
    }

    /// Whether the file is a record of sittings (a progress log, or a file whose sections are
    /// dated): each writes what it did and what comes next, and a later one overrides an
    /// earlier one (docs/reader.md).
    pub fn is_log(&self) -> bool {
        if self.dialect == Dialect::ProgressLog {
            return true;
        }
        // Dated sections make a log when they are a good part of the file: two dated
        // headings among forty state sections (`### Latest Sprint (31/12/2024)`) do not.
        let dated = self.sections.iter().filter(|s| s.timestamp.is_some()).count();
        dated >= 2 && dated * 4 >= self.sections.len()
    }

    /// Whether the file is a memory store's rows (JSONL, one object a line), appended as
    /// things happen: a row about a task is its state then, and a later row about the same
    /// task its state since (docs/reader.md, "The same unit, written again").
    pub fn is_journal(&self) -> bool {
        self.dialect == Dialect::MemoryStore
    }

    pub fn discoveries(&self) -> &[Discovery] {
        &self.discoveries
    }

    pub fn next_step(&self) -> Option<&NextStep> {
        self.next_step.as_ref()
    }

    pub fn completion(&self) -> Option<&Completion> {
        self.completion.as_ref()
    }

    /// Dates opening free-text paragraphs.
    pub fn stamps(&self) -> &[Stamp] {
        &self.stamps
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Where a JSON text is not valid JSON (kept as written, reported by the checker).
    pub fn json_faults(&self) -> &[JsonFault] {
        &self.json_faults
    }

    /// The next action and decisions a JSON file records in fields.
    pub fn json_state(&self) -> &JsonState {
        &self.json_state
    }

    /// Front matter fields, observations, links and task-group blocks
    /// ([`crate::memory`]; `docs/formats.md`).
    pub fn agent_memory(&self) -> &crate::memory::AgentMemory {
        &self.agent
    }

    /// The first level-1 heading (else the first heading), the file's title.
    pub fn title(&self) -> Option<&Section> {
        self.sections
            .iter()
            .find(|s| s.level == 1)
            .or_else(|| self.sections.first())
    }

    /// The task id of a checkpoint log: `# Session Memory — <task id>`.
    pub fn task_id(&self) -> Option<&str> {
        let title = self.text(self.title()?.title);
        let rest = title.trim().strip_prefix("Session Memory")?;
        let rest = rest.trim_start();
        let rest = ["—", "--", "–", "-", ":"]
            .iter()
            .find_map(|sep| rest.strip_prefix(sep))?
            .trim();
        (!rest.is_empty()).then_some(rest)
    }

    /// The first section whose title is `name`, compared by
    /// [`section_key`](crate::identity::section_key) (case, markup and punctuation ignored).
    pub fn section_named(&self, name: &str) -> Option<(usize, &Section)> {
        let want = crate::identity::section_key(name);
        self.sections
            .iter()
            .enumerate()
            .find(|(_, s)| crate::identity::section_key(self.text(s.title)) == want)
    }

    /// The newest timestamp anywhere in the model.
    pub fn last_updated(&self) -> Option<Timestamp> {
        // One loop per source into one `newest`, not one chain of seven iterators: the
        // chain's adapters compiled to 3.7 KB of the dashboard's code. The latest of equal
        // instants wins, as `max_by_key` had it.
        let mut newest: Option<Timestamp> = None;
        let mut see = |t: Option<Timestamp>| {
            if let Some(t) = t {
                if newest.is_none_or(|n| t.epoch_seconds >= n.epoch_seconds) {
                    newest = Some(t);
                }
            }
        };
        for e in &self.entries {
            see(Some(e.timestamp));
        }
        for s in &self.sections {
            see(s.timestamp);
        }
        see(self.completion.as_ref().and_then(|c| c.timestamp));
        for r in &self.records {
            see(r.created_at);
            see(r.updated_at);
            see(r.last_accessed_at);
        }
        for s in &self.stamps {
            see(Some(s.timestamp));
        }
        for b in &self.agent.blocks {
            for s in &b.sources {
                see(s.updated_at);
            }
        }
        see(self.agent.front_matter.as_ref().and_then(|f| f.date(&self.source)).map(|(t, _)| t));
        newest
    }

    /// The item a span-holding element came from.
    pub fn item(&self, index: usize) -> &Item {
        &self.items[index]
    }

    /// A decision by id (`2026-04-22T07:12Z`, `2026-04-22T07:12Z#2`, `L12`).
    pub fn decision(&self, id: &str) -> Option<(usize, &Decision)> {
        self.decisions.iter().enumerate().find(|(_, d)| d.id == id)
    }

    /// The decision an id names, as a reference writes it ([`DecisionRef`]): the one with
    /// that id as written, else the `nth` decision of the same instant written another way
    /// (`2026-04-22T09:12+02:00` names `2026-04-22T07:12Z`). The one resolver of decision
    /// references: the parser's SUPERSEDES, the conflict rules and the edits all ask it.
    #[doc(hidden)]
    pub fn decision_named(&self, id: &str) -> Option<usize> {
        let r = DecisionRef::read(id);
        if let Some((i, _)) = self.decision(r.id) {
            return Some(i);
        }
        let instant = r.instant?;
        self.decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.timestamp.is_some_and(|t| t.epoch_seconds == instant))
            .nth(r.nth - 1)
            .map(|(i, _)| i)
    }

    /// Whether the document is JSON (memory rows, a feature list, or any JSON value) rather
    /// than markdown: what the parser read as JSON, or an empty JSON value (`[]`, `{}`). The
    /// markdown edits do not apply to it (the dashboard does not offer them).
    pub fn is_json(&self) -> bool {
        self.dialect == Dialect::MemoryStore
            || !self.records.is_empty()
            || !self.json_faults.is_empty()
            || self.progress.iter().any(|m| m.source == MarkerSource::Feature)
            || (self.sections.is_empty() && self.items.is_empty() && json_opening(&self.source).is_some())
    }

    /// Index of the innermost section holding `offset`.
    pub(crate) fn section_at(&self, offset: usize) -> Option<usize> {
        let sections = &self.sections;
        // Sections are in file order; the innermost holder is the last one starting at or
        // before the offset whose span still contains it.
        let upto = sections.partition_point(|s| s.heading.start() <= offset);
        let mut i = upto;
        while i > 0 {
            i -= 1;
            if sections[i].span.contains(offset) || sections[i].span.end() == offset && offset == self.source.len() {
                return Some(i);
            }
            if sections[i].parent.is_none() && sections[i].span.end() <= offset {
                // Top-level section ended before the offset: nothing earlier can hold it.
                return None;
            }
        }
        None
    }

    /// The role of the innermost section holding `offset` (`None` before the first heading).
    pub(crate) fn role_at(&self, offset: usize) -> Option<SectionRole> {
        self.section_at(offset).map(|s| self.sections[s].role)
    }

    /// The items that start within `span`, in file order.
    pub(crate) fn items_within(&self, span: Span) -> &[Item] {
        let items = &self.items;
        &items[items.partition_point(|i| i.span.start() < span.start())..items.partition_point(|i| i.span.start() < span.end())]
    }

    /// The item `item` is nested in: the nearest before it, in its section, of a smaller
    /// depth.
    pub(crate) fn parent_item(&self, item: &Item) -> Option<&Item> {
        let before = &self.items[..self.items.partition_point(|i| i.span.start() < item.span.start())];
        before.iter().rev().take_while(|i| i.section == item.section).find(|i| i.depth < item.depth).filter(|_| item.depth > 0)
    }

    /// The first item that starts on the line holding `offset`.
    pub(crate) fn item_on_line(&self, offset: usize) -> Option<&Item> {
        self.items_within(crate::span::whole_lines(&self.source, Span::empty(offset))).first()
    }

    /// Whether offset `a` is written later than offset `b` by the file's order: below it in
    /// a file kept oldest first, above it in one kept newest first ([`Self::newest_first`]).
    pub(crate) fn later_in_file(&self, a: usize, b: usize) -> bool {
        if self.newest_first { a < b } else { a > b }
    }

    /// The dated section of the latest date outside history (the last of equal dates): a
    /// log's latest sitting, as stale-in-progress and the reader of its lines take it.
    pub(crate) fn latest_dated_section(&self) -> Option<&Section> {
        self.sections.iter().filter(|s| s.timestamp.is_some() && s.role != SectionRole::History).max_by_key(|s| s.timestamp.map(|t| t.epoch_seconds))
    }

    /// A log's latest sitting, where its latest work is written: its latest dated section
    /// ([`Self::latest_dated_section`]), else, in a log of dated paragraphs (two or more: `===
    /// Session 3 (2026-03-03) ===` over its list), the stretch from the line of the latest date
    /// to the next date.
    pub(crate) fn latest_sitting(&self) -> Option<Span> {
        if let Some(s) = self.latest_dated_section() {
            return Some(s.body);
        }
        if self.stamps.len() < 2 {
            return None;
        }
        let k = (0..self.stamps.len()).max_by_key(|&k| (self.stamps[k].timestamp.epoch_seconds, k))?;
        let line_of = |k: usize| self.stamps.get(k).map(|s| crate::span::line_start(&self.source, s.span.start()));
        Some(Span::new(line_of(k)?, line_of(k + 1).unwrap_or(self.source.len())))
    }

    /// The dated part of the file that holds `offset`, a sitting of a log: the later-starting
    /// of its dated section and the latest dated paragraph before it. (Where it starts, its
    /// date.)
    pub(crate) fn sitting_at(&self, offset: usize) -> Option<(usize, Timestamp)> {
        let stamps = &self.stamps;
        let by_stamp = stamps[..stamps.partition_point(|s| s.span.start() <= offset)].last().map(|s| (s.span.start(), s.timestamp));
        let by_section = self.dated_section_at(offset).and_then(|s| Some((s.heading.start(), s.timestamp?)));
        match (by_stamp, by_section) {
            (Some(a), Some(b)) => Some(if a.0 > b.0 { a } else { b }),
            (a, b) => a.or(b),
        }
    }

    /// The date of the session a unit under way was left in, when the run moved on from it:
    /// its current state is IN_PROGRESS on a line of its own (not prose) in a dated session
    /// outside history that is older than the file's latest, which does not name it again
    /// (else that later line would be its current state). Such a unit is work still owed,
    /// not where the next session resumes: the plan lists it pending and stale-in-progress
    /// flags it (docs/reader.md, "Counts and summaries").
    pub(crate) fn left_behind(&self, marker: &ProgressMarker) -> Option<Timestamp> {
        if marker.status != Some(Status::InProgress) || marker.source == MarkerSource::Prose {
            return None;
        }
        let session = self.dated_section_at(marker.span.start()).filter(|s| s.role != SectionRole::History)?;
        let latest = self.latest_dated_section()?.timestamp?;
        let left = session.timestamp.filter(|t| t.epoch_seconds < latest.epoch_seconds)?;
        (!self.is_taken_up(marker)).then_some(left)
    }

    /// Whether a marker is a sitting's own state on its heading (`## Session 5 (2026-09-27)`
    /// over `Status: in progress`), which the sittings after it end by taking place; `##
    /// Session 5 — Auth refactor` names work.
    pub(crate) fn is_a_sitting_s_own(&self, marker: &ProgressMarker) -> bool {
        self.dated_section_at(marker.span.start()).is_some_and(|s| marker.span == s.heading)
            && marker.units.iter().all(|u| crate::identity::only_a_sitting(&undated(self.text(u.name))))
    }

    fn is_taken_up(&self, marker: &ProgressMarker) -> bool {
        self.taken_up().binary_search(&marker.span.start()).is_ok()
    }

    /// The units left under way in an older session that a later session names again, in
    /// words a status line does not read (`- В процессе: чеки 54-ФЗ` on the 20th, `-
    /// Продолжил чеки 54-ФЗ: …` on the 24th) or on a line of its own: taken up, not left
    /// behind. Where each one's marker starts, in file order.
    fn taken_up(&self) -> &[usize] {
        self.taken_up.get_or_init(|| {
            let Some(latest) = self.latest_dated_section().and_then(|s| s.timestamp) else { return Vec::new() };
            let src = self.source.as_bytes();
            let mut out = Vec::new();
            for m in &self.progress {
                if m.status != Some(Status::InProgress) || m.source == MarkerSource::Prose {
                    continue;
                }
                let Some(session) = self.dated_section_at(m.span.start()).filter(|s| s.role != SectionRole::History) else { continue };
                let Some(when) = session.timestamp.filter(|t| t.epoch_seconds < latest.epoch_seconds) else { continue };
                let later = |at: usize| self.dated_section_at(at).and_then(|s| s.timestamp).is_some_and(|t| t.epoch_seconds > when.epoch_seconds);
                // The later sessions are below it in a file kept oldest first, above it in one
                // kept newest first (a mixed file is checked by each mention's own date).
                let region = if self.newest_first { Span::new(0, session.span.start()) } else { Span::new(session.span.end(), src.len()) };
                // By the name's first clause: a note after it (`чеки 54-ФЗ — не сходится НДС`)
                // is that day's.
                let again = m.units.iter().any(|u| {
                    let name = crate::identity::name_head(self.text(u.name));
                    let name = name.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`' | '.' | ':'));
                    name.chars().count() >= 4 && memchr::memmem::find_iter(&src[region.range()], name.as_bytes()).any(|at| later(region.start() + at))
                });
                if again {
                    out.push(m.span.start());
                }
            }
            out
        })
    }

    /// A unit's status as the next session takes it: its marker's, but work left under way
    /// in a session the run moved on from ([`Self::left_behind`]) is pending, and work a
    /// later session took up again in words no status line reads has no state the file
    /// says (`Продолжил чеки 54-ФЗ: …`, then other work): neither open nor done.
    pub(crate) fn status_now(&self, marker: &ProgressMarker) -> Option<Status> {
        match marker.status {
            Some(Status::InProgress) if self.left_behind(marker).is_some() => Some(Status::Pending),
            Some(Status::InProgress) if marker.source != MarkerSource::Prose && self.is_taken_up(marker) => None,
            status => status,
        }
    }

    /// Where the sitting holding `offset` starts ([`Self::sitting_at`]), for the writers.
    #[doc(hidden)]
    pub fn sitting_start(&self, offset: usize) -> Option<usize> {
        self.sitting_at(offset).map(|(start, _)| start)
    }

    /// The dated section (a session) holding `offset`: the innermost section with a date in
    /// its heading, walking out from the innermost section.
    pub(crate) fn dated_section_at(&self, offset: usize) -> Option<&Section> {
        let mut at = self.section_at(offset);
        while let Some(i) = at {
            if self.sections[i].timestamp.is_some() {
                return Some(&self.sections[i]);
            }
            at = self.sections[i].parent;
        }
        None
    }
}

impl Section {
    /// Where the section's own content starts: just past the line break ending its heading
    /// (or its italic description), and `true`; or the end of the text and `false` when the
    /// heading is the file's last line and has no break.
    #[doc(hidden)]
    pub fn content_start(&self, text: &str) -> (usize, bool) {
        let last = self.description.map_or(self.heading.end(), |d| d.end().max(self.heading.end()));
        crate::span::line_end_after(text, last)
    }
}

/// One unit of one progress marker, by position: the marker's index in
/// [`Document::progress`] and the unit's in its [`ProgressMarker::units`]
/// ([`Document::unit_at`] gives both). Two `u32`s: a long run mentions tens of thousands of
/// units, and only the ones that stay are worth naming.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct UnitRef {
    pub marker: u32,
    pub unit: u32,
}

/// The text of the sections of some roles (history, the state sections, …), merged into
/// disjoint spans in file order, so that whether an offset lies in them is one binary search.
pub(crate) struct Regions {
    spans: Vec<Span>,
}

impl Regions {
    pub(crate) fn of(doc: &Document, role: impl Fn(SectionRole) -> bool) -> Regions {
        let mut spans: Vec<Span> = Vec::new();
        for s in doc.sections().iter().filter(|s| role(s.role)) {
            match spans.last_mut() {
                // Sections come in file order; a subsection lies inside its parent.
                Some(last) if s.span.start() < last.end() => *last = Span::new(last.start(), last.end().max(s.span.end())),
                _ => spans.push(s.span),
            }
        }
        Regions { spans }
    }

    pub(crate) fn holds(&self, offset: usize) -> bool {
        let at = self.spans.partition_point(|s| s.end() <= offset);
        self.spans.get(at).is_some_and(|s| s.contains(offset))
    }
}

/// A heading title without decoration: `**1. Current Focus** ✅` → `1. Current Focus ✅`.
pub fn clean_title(title: &str) -> &str {
    crate::text::unwrapped(title)
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

/// A title without the date written in it (`Session 5 (2026-09-27)` → `Session 5 ()`).
fn undated(title: &str) -> String {
    match crate::time::find(title) {
        Some((_, r)) => format!("{} {}", &title[..r.start], &title[r.end..]),
        None => title.to_string(),
    }
}
