//! The dashboard's state: the files loaded into the workspace. Components read and change
//! it through [`Workspace`], provided as context by the app.

use leptos::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// The example shown at start: the checkpoint-log fixture the core's tests specify (docs/dialects.md).
pub const EXAMPLE_NAME: &str = "session_memory.md";
pub const EXAMPLE_TEXT: &str = include_str!("../../core/tests/fixtures/checkpoint-log.md");

/// One memory file loaded into the dashboard, with the facts shown about it. Shared, not
/// copied: the workspace and the file's card hold one `Arc` of it (a copy of a file and its
/// facts was code of its own in the wasm, and time on every draw). What changes after
/// loading without a new text (kept, downloaded, the version that redraws the card) is in
/// atomics: a signal's value must be `Sync`, and the wasm is single-threaded, where they are
/// plain loads and stores.
pub struct LoadedFile {
    /// Unique within the workspace, in load order.
    pub id: usize,
    pub name: String,
    pub source: String,
    /// `Dialect::as_str()` of the parsed document.
    pub dialect: &'static str,
    /// Whether writing the parsed document back gives the input byte for byte.
    pub round_trips: bool,
    /// The bundled example rather than a file the user chose.
    pub example: bool,
    /// JSON rather than markdown (memory rows, a feature list): the markdown edits do not apply.
    pub json: bool,
    /// A feature list (JSON whose units take a progress edit).
    pub features: bool,
    /// Where the run stands: the resume plan and the check, as of the last change.
    pub summary: Summary,
    /// The text as it was loaded, to diff the edits against.
    pub original: String,
    /// How many edits made `source` from `original`: part of the card's key, so that an
    /// edited file is drawn again.
    version: AtomicU32,
    /// What the edits changed that matters (decisions rewritten, progress regressed, …):
    /// the transition rules of `diff(original, source)`.
    pub changes: Vec<DiagnosticRow>,
    /// The texts before each edit of this visit, oldest first: what Undo goes back to.
    pub history: Vec<String>,
    /// Whether the text as it is now was downloaded (an edit makes it false again).
    downloaded: AtomicBool,
    /// Whether the workspace keeps it in the browser's storage: a file with possible secrets
    /// only once the user agrees ([`Workspace::keep`]).
    kept: AtomicBool,
}

/// What the dashboard shows of a file's resume plan (docs/plan.md) and check (docs/rules.md). Texts
/// come from the core's plan, which masks detected secrets.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub task: Option<String>,
    /// The titles of the top-level sections (what a session-notes section edit names).
    pub sections: Vec<String>,
    pub status: &'static str,
    pub last_updated: Option<String>,
    pub next_action: Option<NextRow>,
    /// The unit in progress: (unit, stopped at, continue at).
    pub resume: Option<String>,
    /// Where the unit in progress stopped: (unit, stopped at, continue at), for its bar.
    pub stop: Option<(String, String, Option<String>)>,
    /// Every unit with its current status, in the plan's order: open, pending, completed.
    pub units: Vec<UnitRow>,
    /// What the file is on now, for a project's Now panel ([`NowRow::all`]).
    pub now: Vec<NowRow>,
    pub completed: usize,
    pub pending: usize,
    /// Units under way (IN_PROGRESS), and units that wait (BLOCKED or FAILED).
    pub in_progress: usize,
    pub blocked: usize,
    /// Every timestamped entry, dated paragraph and dated section, in file order.
    pub timeline: Vec<Mark>,
    /// Active decisions, then superseded ones (with the id that replaced them).
    pub decisions: Vec<DecisionRow>,
    pub conflicts: Vec<(String, u32)>,
    /// Key discoveries in file order, secrets masked: (text, line).
    pub discoveries: Vec<(String, u32)>,
    pub diagnostics: Vec<DiagnosticRow>,
    /// A memory store's rows (docs/stores.md), for the rows panel; `None` for a file
    /// without rows.
    pub store: Option<StoreRows>,
    /// What the source view draws apart: possible secrets and invisible characters, in order.
    pub hidden: Vec<crate::hidden::Hidden>,
    /// Session notes: a panel per section (title, its italic description, what is under it).
    pub notes: Vec<NotePanel>,
}

/// One section of a session-notes file, as its panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct NotePanel {
    pub title: String,
    pub description: Option<String>,
    /// What the section holds below its description, secrets masked, cut to a panel's worth.
    pub content: String,
    pub line: u32,
}

/// A memory store's rows as the rows panel shows them: grouped by scope, then by tag.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoreRows {
    /// The scopes, most rows first (the filter's choices).
    pub scopes: Vec<(String, usize)>,
    /// Every row, newest first (the undated after), each once.
    pub rows: Vec<StoreRow>,
}

/// One row of a memory store.
#[derive(Clone, Debug, PartialEq)]
pub struct StoreRow {
    pub id: Option<String>,
    /// What it says, secrets masked, cut to a few lines' worth.
    pub content: String,
    pub scope: Option<String>,
    pub tags: Vec<String>,
    /// Its update time, else its creation time.
    pub updated: Option<String>,
    pub line: u32,
    /// The rules that flag it for audit: `stale-entry`, `duplicate-entry`.
    pub audit: Vec<&'static str>,
}

/// The next action and where it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct NextRow {
    pub text: String,
    pub line: u32,
    /// What the line is: the section it stands in, or the unit it was read from.
    pub from: String,
    /// The items after the next action when it opens a list introduced by a colon.
    pub then: Vec<String>,
}

/// One dated point of the run: a timestamped entry, a dated paragraph or a dated section.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at: i64,
    /// `decision`, `progress`, `discovery`, `session` or `note`.
    pub kind: &'static str,
    pub line: u32,
    /// The entry's text, secrets masked, cut to a line's worth.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UnitRow {
    pub unit: String,
    pub status: &'static str,
    pub range: Option<String>,
    pub line: u32,
}

/// One thing a file is on now: its resume point, a unit under way or waiting, or a unit its
/// current focus lists.
#[derive(Clone, Debug, PartialEq)]
pub struct NowRow {
    /// `IN_PROGRESS`, `BLOCKED` or `FAILED`; `PENDING` for a unit the current focus lists
    /// unstarted.
    pub status: &'static str,
    /// The unit, with its stop point where the plan resumes from it (`orders/batch_3/:
    /// stopped at 094, continue at 095`).
    pub text: String,
    pub line: u32,
    /// Listed under the file's current focus (a section such as Current Focus, In Progress).
    pub focus: bool,
}

impl NowRow {
    /// As the plan reads the file: where it resumes first (the unit in progress with its stop
    /// point, or the task a single-task file's title names), then the other units under way
    /// or waiting, then the pending units its current-focus sections list.
    fn all(doc: &memento_core::Document, plan: &memento_core::Plan) -> Vec<NowRow> {
        use memento_core::{SectionRole, Status};
        // Whether line `line` stands in a current-focus section (or one below it).
        let starts = doc.line_index().starts();
        let in_focus = |line: u32| {
            let at = starts.get(line.saturating_sub(1) as usize).copied().unwrap_or(usize::MAX);
            doc.sections().iter().any(|s| s.role == SectionRole::Active && s.span.contains(at))
        };
        let row = |u: &memento_core::plan::PlanUnit, text: String| NowRow { status: u.status.as_str(), text, line: u.line, focus: in_focus(u.line) };
        let resumed = plan.resume_from.as_ref().and_then(|r| plan.open.iter().position(|u| u.status == Status::InProgress && u.unit == r.unit));
        let mut rows = Vec::new();
        match (&plan.resume_from, resumed) {
            (Some(r), Some(i)) => rows.push(row(&plan.open[i], r.to_string())),
            // The title's task: read from the first heading.
            (Some(r), None) => {
                let line = doc.sections().first().map_or(1, |s| doc.position(s.heading.start()).line);
                rows.push(NowRow { status: Status::InProgress.as_str(), text: r.to_string(), line, focus: false });
            }
            (None, _) => {}
        }
        rows.extend(plan.open.iter().enumerate().filter(|&(i, _)| Some(i) != resumed).map(|(_, u)| row(u, u.unit.clone())));
        rows.extend(plan.pending.iter().filter(|u| in_focus(u.line)).map(|u| row(u, u.unit.clone())));
        rows
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DecisionRow {
    pub id: String,
    pub text: String,
    pub line: u32,
    pub superseded_by: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DiagnosticRow {
    pub rule: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub line: u32,
}

impl Summary {
    fn of(doc: &memento_core::Document, now_ms: f64) -> Summary {
        use memento_core::time::{Timestamp, TimestampStyle};
        let now = Timestamp::from_epoch((now_ms / 1000.0).floor() as i64, TimestampStyle::CHECKPOINT);
        let plan = memento_core::plan(doc, &memento_core::CheckOptions::at(now));
        let row = |u: &memento_core::plan::PlanUnit| UnitRow { unit: u.unit.clone(), status: u.status.as_str(), range: u.range.clone(), line: u.line };
        let units = plan.open.iter().chain(&plan.pending).chain(&plan.completed).map(row).collect();
        let waiting = plan.open.iter().filter(|u| u.status != memento_core::Status::InProgress).count();
        let decisions = plan
            .decisions
            .active
            .iter()
            .map(|d| DecisionRow { id: d.id.clone(), text: d.text.clone(), line: d.line, superseded_by: None })
            .chain(plan.decisions.superseded.iter().map(|d| DecisionRow { id: d.id.clone(), text: d.text.clone(), line: d.line, superseded_by: Some(d.by.clone()) }))
            .collect();
        let top = doc.sections().iter().map(|s| s.level).min().unwrap_or(1);
        Summary {
            task: doc.task_id().map(|t| doc.secrets().mask(t).into_owned()),
            sections: doc.sections().iter().filter(|s| s.level == top).map(|s| doc.text(s.title).trim().to_owned()).collect(),
            status: match plan.status {
                memento_core::RunStatus::NotStarted => "not started",
                memento_core::RunStatus::InProgress => "in progress",
                memento_core::RunStatus::Blocked => "blocked",
                memento_core::RunStatus::Complete => "complete",
            },
            last_updated: plan.last_updated.clone(),
            next_action: plan.next_action.as_ref().map(|n| NextRow::of(doc, n)),
            resume: plan.resume_from.as_ref().map(ToString::to_string),
            stop: plan.resume_from.as_ref().and_then(|r| Some((r.unit.clone(), r.stopped_at.clone()?, r.continue_at.clone()))),
            units,
            now: NowRow::all(doc, &plan),
            completed: plan.completed.len(),
            pending: plan.pending.len(),
            in_progress: plan.open.len() - waiting,
            blocked: waiting,
            timeline: Mark::all(doc),
            decisions,
            conflicts: plan.conflicts.iter().map(|c| (c.message.clone(), c.line)).collect(),
            discoveries: doc
                .discoveries()
                .iter()
                .map(|d| (doc.secrets().mask(doc.text(d.text)).into_owned(), doc.position(d.text.start()).line))
                .collect(),
            diagnostics: plan
                .diagnostics
                .iter()
                .map(DiagnosticRow::of)
                .collect(),
            store: StoreRows::of(doc, &plan.diagnostics),
            hidden: crate::hidden::of(doc, &plan.diagnostics),
            notes: NotePanel::all(doc),
        }
    }
}

impl StoreRows {
    /// The rows of `doc` and what `memento_core::store::view` gathers of them from the
    /// check's findings: their scopes and the rows to audit.
    fn of(doc: &memento_core::Document, diagnostics: &[memento_core::Diagnostic]) -> Option<StoreRows> {
        let view = memento_core::store::view(doc, diagnostics)?;
        let records = doc.records();
        // Rows are in file order: a row is found by where it starts.
        let index = |r: &memento_core::document::Record| records.binary_search_by_key(&r.span.start(), |o| o.span.start()).unwrap_or(0);
        let mut audit: Vec<Vec<&'static str>> = vec![Vec::new(); records.len()];
        for a in &view.audit {
            audit[index(a.row)].push(a.rule.id());
        }
        // Newest first as the store's plan reads them; rows with nothing to say after, in file order.
        let mut listed = vec![false; records.len()];
        let mut order: Vec<usize> = view.facts.iter().map(|r| index(r)).collect();
        order.iter().for_each(|&i| listed[i] = true);
        order.extend((0..records.len()).filter(|&i| !listed[i]));
        let rows = order
            .into_iter()
            .map(|i| {
                let r = &records[i];
                StoreRow {
                    id: r.id.as_deref().map(|id| short(doc, id, 80)),
                    content: r.content.as_deref().map(|c| short(doc, c, 300)).unwrap_or_default(),
                    scope: r.scope.clone(),
                    tags: r.tags.clone(),
                    updated: r.updated_at.or(r.created_at).map(|t| t.to_string()),
                    line: doc.position(r.span.start()).line,
                    audit: std::mem::take(&mut audit[i]),
                }
            })
            .collect();
        Some(StoreRows { scopes: view.scopes.into_iter().map(|c| (c.name, c.rows)).collect(), rows })
    }
}

impl NotePanel {
    /// The top-level sections of a session-notes file; none for other files.
    fn all(doc: &memento_core::Document) -> Vec<NotePanel> {
        if doc.dialect() != memento_core::Dialect::SessionNotes {
            return Vec::new();
        }
        let top = doc.sections().iter().map(|s| s.level).min().unwrap_or(1);
        doc.sections()
            .iter()
            .filter(|s| s.level == top)
            .map(|s| {
                // The body below the description line, when there is one.
                let from = s.description.map_or(s.body.start(), |d| d.end()).clamp(s.body.start(), s.body.end());
                let description = s.description.map(|d| short(doc, doc.text(d).trim().trim_matches(['_', '*']), 300));
                NotePanel { title: doc.text(s.title).trim().to_owned(), description, content: short(doc, &doc.source()[from..s.body.end()], 600), line: doc.position(s.heading.start()).line }
            })
            .collect()
    }
}

impl NextRow {
    fn of(doc: &memento_core::Document, next: &memento_core::plan::NextAction) -> NextRow {
        use memento_core::plan::NextActionSource as From;
        let at = doc.line_index().starts().get(next.line.saturating_sub(1) as usize).copied().unwrap_or(0);
        let section = doc.sections().iter().rev().find(|s| s.span.contains(at) || s.span.start() == at);
        let title = section.map(|s| memento_core::document::clean_title(doc.text(s.title)).to_owned());
        let from = match next.source {
            From::StopPoint => "the unit in progress".to_owned(),
            From::Pending => "the first pending unit".to_owned(),
            From::Blocked => "the unit that waits".to_owned(),
            From::NextStep | From::CurrentState => title.unwrap_or_else(|| "the file".to_owned()),
        };
        let from = match section.and_then(|s| s.timestamp) {
            Some(t) => format!("{from}, session of {}", t.format(memento_core::time::TimestampStyle { precision: memento_core::time::Precision::Date, ..t.style })),
            None => from,
        };
        NextRow { text: next.text.clone(), line: next.line, from, then: list_after(doc, next) }
    }
}

/// The rest of the list a next action was read from, when a lead-in (`Next steps:`) opens
/// it: the plan names its first item, a reviewer sees them all.
fn list_after(doc: &memento_core::Document, next: &memento_core::plan::NextAction) -> Vec<String> {
    let lines = doc.line_index();
    let line_of = |offset: usize| lines.line_of(offset) as u32 + 1;
    let items = doc.items();
    let first = items.partition_point(|i| line_of(i.text.start()) < next.line);
    let Some(head) = items.get(first).filter(|i| line_of(i.text.start()) == next.line) else { return Vec::new() };
    let mut end = head.span.end();
    items[first + 1..]
        .iter()
        .filter(|i| i.depth == head.depth)
        .take_while(|i| {
            // The same list: nothing but blank space or deeper items since the last one.
            let same = i.section == head.section && i.span.start() >= end && doc.source()[end..i.span.start()].trim().is_empty();
            end = i.span.end();
            same
        })
        .take(20)
        .map(|i| doc.secrets().mask(doc.text(i.text)).into_owned())
        .collect()
}

impl Mark {
    /// The file's dated points in file order; text cut to a hover's worth.
    fn all(doc: &memento_core::Document) -> Vec<Mark> {
        use memento_core::SectionRole as Role;
        let mut lines = doc.line_index().cursor();
        let short = |text: &str| short(doc, text, 140);
        let kind = |section: Option<usize>| match section.map(|s| doc.sections()[s].role) {
            Some(Role::Decisions) => "decision",
            Some(Role::Progress | Role::Done | Role::Todo | Role::Active | Role::Blocked) => "progress",
            Some(Role::Discoveries) => "discovery",
            Some(Role::Worklog) => "session",
            _ => "note",
        };
        let mut marks: Vec<(usize, i64, &'static str, String)> = doc
            .entries()
            .iter()
            .map(|e| {
                let item = doc.item(e.item);
                (item.span.start(), e.timestamp.epoch_seconds, kind(item.section), short(doc.text(e.text)))
            })
            .chain(doc.stamps().iter().map(|s| (s.span.start(), s.timestamp.epoch_seconds, "session", short(memento_core::document::clean_title(doc.text(s.span))))))
            .chain(doc.sections().iter().filter_map(|s| Some((s.heading.start(), s.timestamp?.epoch_seconds, "session", short(doc.text(s.title))))))
            .collect();
        // The core's one sort (stable, by offset): the standard `sort_by_key` would compile a
        // second stable sort into the dashboard for this one call.
        memento_core::internal::sort_by_key(&mut marks, |m| [m.0 as u64, 0, 0]);
        marks.into_iter().map(|(at, epoch, kind, text)| Mark { at: epoch, kind, line: lines.line_of(at) as u32 + 1, text }).collect()
    }
}

/// A text of `doc` as a row shows it: trimmed, secrets masked, then cut to `max` characters
/// (masked first: a secret cut at the edge would no longer be found).
fn short(doc: &memento_core::Document, text: &str, max: usize) -> String {
    let text = doc.secrets().mask(text.trim());
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}

impl DiagnosticRow {
    fn of(d: &memento_core::Diagnostic) -> DiagnosticRow {
        DiagnosticRow { rule: d.rule.id(), severity: d.severity.as_str(), message: d.message.clone(), line: d.line }
    }
}

impl LoadedFile {
    pub fn parse(id: usize, name: String, source: String, example: bool) -> Self {
        let doc = memento_core::parse_with(source.as_str(), &parse_options(&name));
        LoadedFile::read(id, name, source, example, &doc)
    }

    /// The file as `doc`, its parse, shows it.
    fn read(id: usize, name: String, source: String, example: bool, doc: &memento_core::Document) -> Self {
        let round_trips = doc.to_string() == source;
        // The sample's clock stands still at its last update: it never grows stale.
        let frozen = example.then(|| doc.last_updated()).flatten().map(|t| t.epoch_seconds as f64 * 1000.0);
        let summary = Summary::of(doc, frozen.unwrap_or_else(js_sys::Date::now));
        let original = source.clone();
        let json = doc.is_json();
        let features = doc.progress().iter().any(|m| m.source == memento_core::MarkerSource::Feature);
        let kept = doc.secrets().is_empty();
        LoadedFile { id, name, dialect: doc.dialect().as_str(), round_trips, source, example, json, features, summary, original, version: AtomicU32::new(0), changes: Vec::new(), history: Vec::new(), downloaded: AtomicBool::new(false), kept: AtomicBool::new(kept) }
    }

    /// The file after an edit: `text` read again and checked, diffed against the original.
    pub fn edited(&self, text: String) -> LoadedFile {
        let options = parse_options(&self.name);
        let new = memento_core::parse_with(text.as_str(), &options);
        let old = memento_core::parse_with(self.original.as_str(), &options);
        let mut file = LoadedFile::read(self.id, self.name.clone(), text, self.example, &new);
        file.changes = memento_edit::diff(&old, &new).iter().map(DiagnosticRow::of).collect();
        file.original = self.original.clone();
        file.version = AtomicU32::new(self.version() + 1);
        file.history = self.history.clone();
        file.kept = AtomicBool::new(self.kept());
        file
    }

    /// The options an edit of this file reads it with (its name settles its dialect).
    pub fn edit_options(&self, force: bool) -> memento_edit::EditOptions {
        memento_edit::EditOptions { force, parse: parse_options(&self.name) }
    }

    /// How many times the file changed since loading (an edit, kept, downloaded): part of the
    /// card's key, so that a changed file is drawn again.
    pub fn version(&self) -> u32 {
        self.version.load(Relaxed)
    }

    /// Whether the text as it is now was downloaded.
    pub fn downloaded(&self) -> bool {
        self.downloaded.load(Relaxed)
    }

    /// Whether the workspace keeps the file in the browser's storage.
    pub fn kept(&self) -> bool {
        self.kept.load(Relaxed)
    }

    /// The flags changed, the text not: a new version, for the card to be drawn again.
    fn flag(&self, flag: &AtomicBool) {
        flag.store(true, Relaxed);
        self.version.fetch_add(1, Relaxed);
    }

    /// Whether the text differs from the text as loaded.
    pub fn is_edited(&self) -> bool {
        self.source != self.original
    }

    /// The name a download takes: the file's own, without the folder it was read from
    /// (`memory-bank/progress.md` downloads as `progress.md`).
    pub fn file_name(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or(&self.name)
    }

    /// The possible secrets of the file: (what, line, masked form).
    pub fn secrets(&self) -> impl Iterator<Item = (&'static str, u32, &str)> + '_ {
        let lines = self.line_starts();
        self.summary.hidden.iter().filter_map(move |h| match &h.what {
            crate::hidden::What::Secret { kind, masked } => Some((*kind, lines.partition_point(|&l| l <= h.start) as u32, masked.as_str())),
            crate::hidden::What::Invisible(_) => None,
        })
    }

    /// Where each line of the source starts.
    pub fn line_starts(&self) -> Vec<usize> {
        std::iter::once(0).chain(self.source.match_indices('\n').map(|(i, _)| i + 1)).collect()
    }

    /// Size in bytes (UTF-8, as on disk).
    pub fn bytes(&self) -> usize {
        self.source.len()
    }
}

/// How a file is read: its name settles its dialect (`activeContext.md`, `*.jsonl`).
fn parse_options(name: &str) -> memento_core::ParseOptions {
    memento_core::ParseOptions { file_name: Some(name.to_owned()), ..Default::default() }
}

/// Adds a file to the workspace kept in this browser from outside it (a shared view "Copy
/// into my workspace"), under its name or, when a different file has it, a numbered one.
/// The workspace page reads it at its next load.
pub fn copy_into_workspace(name: &str, text: &str) -> Result<(), String> {
    let Ok(mut saved) = SavedFile::restore() else {
        return Err("the workspace in this browser could not be read".to_owned());
    };
    if saved.iter().any(|f| f.name == name && f.source == text) {
        return Ok(());
    }
    let (stem, ext) = match name.rfind('.') {
        Some(dot) if dot > 0 => name.split_at(dot),
        _ => (name, ""),
    };
    let free = free_name(stem, ext, |candidate| saved.iter().any(|f| f.name == candidate));
    saved.insert(0, SavedFile { name: free, source: text.to_owned(), original: None });
    SavedFile::keep(saved.iter().map(|f| (f.name.as_str(), f.source.as_str(), f.original.as_deref()))).map_err(|_| "this browser's storage is full or off: download the file instead".to_owned())
}

/// `stem` + `ext`, or with a number (`stem-2.ext`, …) when `taken`.
fn free_name(stem: &str, ext: &str, taken: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|n| if n == 1 { format!("{stem}{ext}") } else { format!("{stem}-{n}{ext}") })
        .find(|name| !taken(name))
        .unwrap_or_default()
}

/// A file that could not be loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub id: usize,
    pub name: String,
    pub message: String,
}

/// The loaded files, newest first, and the files that failed to load. The files the user
/// opened are kept in localStorage ([`STORAGE_KEY`]): a reload loses nothing.
#[derive(Clone, Copy)]
pub struct Workspace {
    pub files: RwSignal<Vec<Arc<LoadedFile>>>,
    pub errors: RwSignal<Vec<LoadError>>,
    /// The file whose edit panel is open (it stays open while its card is drawn again).
    pub editing: RwSignal<Option<usize>>,
    /// Where the last edit wrote (file, line, the heading it went under), said in the editor
    /// drawn again for the new text.
    pub written: RwSignal<Option<(usize, u32, String)>>,
    /// The files whose cards are folded to their header and verdict.
    pub collapsed: RwSignal<Vec<usize>>,
    next_id: StoredValue<usize>,
}

/// The name the storage warning goes under (one at a time, gone once saving works again).
const UNSAVED: &str = "The workspace";

/// Where the workspace is kept: the opened files' names and texts, newest first.
pub const STORAGE_KEY: &str = "memento.workspace";

/// A file as the workspace keeps it: in [`STORAGE_KEY`], a JSON array of `{"name", "source",
/// "original"}` objects (`original` only when edits changed the text).
struct SavedFile {
    name: String,
    source: String,
    /// The text as loaded, when edits changed it.
    original: Option<String>,
}

impl SavedFile {
    /// The files kept in this browser: none when nothing is kept, `Err` when the storage is
    /// off or what it holds is not such an array. The browser's own `JSON.parse` reads it:
    /// a JSON library compiled into the dashboard would cost its size budget.
    fn restore() -> Result<Vec<SavedFile>, ()> {
        let storage = window().local_storage().ok().flatten().ok_or(())?;
        let text = js_call(&storage, "getItem", &STORAGE_KEY.into())?;
        if text.is_null() {
            return Ok(Vec::new());
        }
        let rows: js_sys::Array = js_call(&js_sys::Reflect::get(&js_sys::global(), &"JSON".into()).map_err(drop)?, "parse", &text)?.dyn_into().map_err(drop)?;
        let field = |row: &wasm_bindgen::JsValue, name: &str| js_sys::Reflect::get(row, &name.into()).ok().and_then(|v| v.as_string());
        rows.iter()
            .map(|row| Ok(SavedFile { name: field(&row, "name").ok_or(())?, source: field(&row, "source").ok_or(())?, original: field(&row, "original") }))
            .collect()
    }

    /// Writes `files` (name, text, text as loaded when edits changed it) in place of what the
    /// browser kept; `Err` when it refuses (its quota is full, or storage is off). Written by
    /// the browser's `JSON.stringify`, and handed to storage as the browser's own string: a
    /// workspace of many large files is not copied into the wasm and out again.
    fn keep<'f>(files: impl Iterator<Item = (&'f str, &'f str, Option<&'f str>)>) -> Result<(), ()> {
        let rows = js_sys::Array::new();
        for (name, source, original) in files {
            let row = js_sys::Object::new();
            let set = |field: &str, value: &str| js_sys::Reflect::set(&row, &field.into(), &value.into());
            set("name", name).map_err(drop)?;
            set("source", source).map_err(drop)?;
            if let Some(original) = original {
                set("original", original).map_err(drop)?;
            }
            rows.push(&row);
        }
        let text = js_sys::JSON::stringify(&rows).map_err(drop)?;
        let storage = window().local_storage().ok().flatten().ok_or(())?;
        let set_item = js_sys::Reflect::get(&storage, &"setItem".into()).map_err(drop)?.dyn_into::<js_sys::Function>().map_err(drop)?;
        set_item.call2(&storage, &STORAGE_KEY.into(), &text).map(drop).map_err(drop)
    }
}

/// `on.method(argument)`, for the browser's values kept as they are (a string the wasm need
/// not copy).
fn js_call(on: &wasm_bindgen::JsValue, method: &str, argument: &wasm_bindgen::JsValue) -> Result<wasm_bindgen::JsValue, ()> {
    let method = js_sys::Reflect::get(on, &method.into()).map_err(drop)?.dyn_into::<js_sys::Function>().map_err(drop)?;
    method.call1(on, argument).map_err(drop)
}

impl Workspace {
    /// The files kept from the last visit, then the bundled example.
    pub fn restored() -> Self {
        let workspace = Workspace {
            files: RwSignal::new(Vec::new()),
            errors: RwSignal::new(Vec::new()),
            editing: RwSignal::new(None),
            written: RwSignal::new(None),
            collapsed: RwSignal::new(Vec::new()),
            next_id: StoredValue::new(0),
        };
        let saved = SavedFile::restore().unwrap_or_else(|()| {
            workspace.fail("The saved workspace".to_owned(), "could not be read: it starts empty".to_owned());
            Vec::new()
        });
        let mut files: Vec<Arc<LoadedFile>> = saved
            .into_iter()
            .map(|f| {
                let id = workspace.next_id();
                let file = match f.original {
                    Some(original) => LoadedFile::parse(id, f.name, original, false).edited(f.source),
                    None => LoadedFile::parse(id, f.name, f.source, false),
                };
                // It was kept: the user agreed then.
                file.kept.store(true, Relaxed);
                Arc::new(file)
            })
            .collect();
        files.push(Arc::new(LoadedFile::parse(workspace.next_id(), EXAMPLE_NAME.to_owned(), EXAMPLE_TEXT.to_owned(), true)));
        workspace.files.set(files);
        workspace
    }

    fn next_id(&self) -> usize {
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        id
    }

    /// Adds a file from its bytes; a file that is not UTF-8 is reported, not loaded. A file of
    /// the same name already open is replaced, once the user agrees, where it stands (the
    /// same text again only brings it to view): never a second card of one file.
    pub fn open(&self, name: String, bytes: Vec<u8>) {
        let Ok(text) = String::from_utf8(bytes) else {
            return self.fail(name, "is not UTF-8 text: not loaded".to_owned());
        };
        let open = self.files.with_untracked(|files| files.iter().find(|f| f.name == name && !f.example).map(|f| (f.id, f.source == text, f.is_edited() && !f.downloaded())));
        let id = self.next_id();
        match open {
            Some((old, true, _)) => self.focus(old),
            Some((old, false, unsaved)) => {
                let question = if unsaved {
                    format!("“{name}” is already open, with edits not downloaded. Replace it with the file just loaded? Its edits are lost.")
                } else {
                    format!("“{name}” is already open. Replace it with the file just loaded?")
                };
                if window().confirm_with_message(&question).unwrap_or(false) {
                    let file = Arc::new(LoadedFile::parse(id, name, text, false));
                    self.files.update(|files| {
                        if let Some(slot) = files.iter_mut().find(|f| f.id == old) {
                            *slot = file;
                        }
                    });
                    self.save_soon();
                    self.focus(id);
                }
            }
            None => {
                let file = Arc::new(LoadedFile::parse(id, name, text, false));
                self.files.update(|files| files.insert(0, file));
                self.save_soon();
            }
        }
    }

    /// `stem` + `ext` (`pasted.md`), or with a number (`pasted-2.md`) when a file of that name
    /// is open: each paste is a file of its own.
    pub fn unused_name(&self, stem: &str, ext: &str) -> String {
        free_name(stem, ext, |name| self.files.with_untracked(|files| files.iter().any(|f| f.name == name)))
    }

    /// Brings a file's card into view.
    pub fn focus(&self, id: usize) {
        request_animation_frame(move || {
            if let Some(card) = document().get_element_by_id(&format!("file-{id}")) {
                card.scroll_into_view();
            }
        });
    }

    /// Replaces a file's text with the result of an edit, and keeps it.
    pub fn update(&self, id: usize, text: String) {
        self.files.update(|files| {
            if let Some(file) = files.iter_mut().find(|f| f.id == id) {
                let mut next = file.edited(text);
                next.history.push(file.source.clone());
                *file = Arc::new(next);
            }
        });
        self.save();
    }

    /// Takes back a file's last edit of this visit.
    pub fn undo(&self, id: usize) {
        self.files.update(|files| {
            if let Some(file) = files.iter_mut().find(|f| f.id == id) {
                if let Some(before) = file.history.last().cloned() {
                    let mut next = file.edited(before);
                    next.history.pop();
                    *file = Arc::new(next);
                }
            }
        });
        self.save();
    }

    /// Gives a file back its text as loaded (Undo can take the revert back).
    pub fn revert(&self, id: usize) {
        self.files.update(|files| {
            if let Some(file) = files.iter_mut().find(|f| f.id == id) {
                let mut next = file.edited(file.original.clone());
                next.history.push(file.source.clone());
                *file = Arc::new(next);
            }
        });
        self.save();
    }

    /// Keeps a file with possible secrets in the browser's storage, as the user asked.
    pub fn keep(&self, id: usize) {
        self.files.update(|files| files.iter().filter(|f| f.id == id).for_each(|f| f.flag(&f.kept)));
        self.save();
    }

    /// Notes that a file's text as it is now was downloaded.
    pub fn downloaded(&self, id: usize) {
        self.files.update(|files| files.iter().filter(|f| f.id == id).for_each(|f| f.flag(&f.downloaded)));
    }

    /// Closes a file (and forgets it, if it was kept); a file with edits not downloaded only
    /// once the user agrees.
    pub fn close(&self, id: usize) {
        let unsaved = self.files.with_untracked(|files| files.iter().find(|f| f.id == id).filter(|f| f.is_edited() && !f.downloaded()).map(|f| f.name.clone()));
        if let Some(name) = unsaved {
            let question = format!("Close “{name}”? Its edits were not downloaded and are lost.");
            if !window().confirm_with_message(&question).unwrap_or(false) {
                return;
            }
        }
        self.files.update(|files| files.retain(|f| f.id != id));
        self.save();
    }

    /// Keeps the files once the page has drawn the new one (a task after the next frame):
    /// writing a large workspace to storage takes longer than drawing a card.
    fn save_soon(&self) {
        let workspace = *self;
        request_animation_frame(move || set_timeout(move || workspace.save(), std::time::Duration::ZERO));
    }

    /// Keeps the opened files in localStorage. When the browser refuses (its quota is full,
    /// or storage is off), the files stay open in this tab and the page says so.
    fn save(&self) {
        let kept = self.files.with_untracked(|files| {
            SavedFile::keep(files.iter().filter(|f| !f.example && f.kept()).map(|f| (f.name.as_str(), f.source.as_str(), (f.original != f.source).then_some(f.original.as_str()))))
        });
        if kept.is_err() {
            if !self.errors.with_untracked(|e| e.iter().any(|e| e.name == UNSAVED)) {
                self.fail(UNSAVED.to_owned(), "could not be saved in this browser (storage full?): the files stay open in this tab only".to_owned());
            }
        } else if self.errors.with_untracked(|e| e.iter().any(|e| e.name == UNSAVED)) {
            // Saved again: the warning no longer holds.
            self.errors.update(|e| e.retain(|e| e.name != UNSAVED));
        }
    }

    /// Records a file that could not be loaded.
    pub fn fail(&self, name: String, message: String) {
        let id = self.next_id();
        self.errors.update(|errors| errors.insert(0, LoadError { id, name, message }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Now rows of a file named `name`: (status, text, line, in focus).
    fn now(name: &str, text: &str) -> Vec<(&'static str, String, u32, bool)> {
        let doc = memento_core::parse_with(text, &parse_options(name));
        Summary::of(&doc, 1.7e12).now.into_iter().map(|n| (n.status, n.text, n.line, n.focus)).collect()
    }

    #[test]
    fn now_is_the_resume_point_then_the_open_units_then_what_the_focus_lists() {
        let bank = "# Active Context\n\n## Current Focus\n- Wire the audit log\n- ⏳ Export to CSV\n\n## Next Steps\n- Write the CSV exporter's tests\n";
        assert_eq!(
            now("memory-bank/activeContext.md", bank),
            [("IN_PROGRESS", "Wire the audit log".to_owned(), 4, true), ("PENDING", "Export to CSV".to_owned(), 5, true)],
            "the unit in progress; a waiting item of the focus too, not the next steps"
        );
        let log = "# Session Memory — orders-import\n\n## Progress Markers\n- COMPLETED: orders/batch_1/ (files 001-047)\n\
                   - IN_PROGRESS: orders/batch_3/ (files 092-???, stopped at 094)\n\n## Next Session Start\nBegin with orders/batch_3/ file 095\n";
        assert_eq!(now("handoff.md", log), [("IN_PROGRESS", "orders/batch_3/: stopped at 094, continue at 095".to_owned(), 5, false)]);
        let task = "# ISSUE-426\n\n## Notes\nThe importer drops rows with a BOM.\n\n## Next Steps\n- Strip the BOM before parsing\n";
        assert_eq!(now("notes.md", task), [("IN_PROGRESS", "ISSUE-426".to_owned(), 1, false)], "the title's task, at the title");
        assert_eq!(now("progress.md", "# Progress\n\n## What Works\n- [x] Login flow\n\n## What's Left to Build\n- [ ] Audit log\n"), []);
    }
}
