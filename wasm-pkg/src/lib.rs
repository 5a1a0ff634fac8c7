//! JavaScript bindings of `memento-core`: a thin layer that converts at the boundary and
//! keeps no logic of its own. Built into the npm package `memento-wasm` by `build.sh`
//! (one package for Node and bundlers).
//!
//! ```js
//! import { parse, plan, checkpoint } from "memento-wasm";
//! const doc = parse(text);
//! doc.dialect;                 // "checkpoint-log"
//! doc.toString() === text;     // always true: parsing never changes a byte
//! const p = plan(text);        // lazy: p.status and p.nextAction are cheap,
//! p.completed.length;          // a list is built on first read, then kept
//! const { text: next } = checkpoint(text, "DO NOT touch config/auth.yaml");
//! ```
//!
//! - Results cross the boundary as one JSON text per value read, written by serde from the
//!   core's types (`memento_core::view`, [`model`]); big lists of a [`Plan`] or a [`MementoDocument`] are built
//!   only when read, once.
//! - Offsets are UTF-16 code units by default, UTF-8 bytes with
//!   `positionEncoding: "utf-8"` (`memento_core::view::Encoding`).
//! - Findings are data (diagnostics); misuse throws `MementoError` ([`error`]).

pub mod error;
mod model;
mod options;
mod tools;

use error::{error, into_error, Code, Thrown};
use memento_core::options::{OptionError, OptionSource};
use memento_core::{Status, Timestamp};
use model::to_js;
use memento_edit::{edit, prompt};
use memento_core::view::{self, Encoding, View};
use options::{now, text_arg, Opts};
use std::cell::OnceCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

pub use tools::{apply_tool_call, memory_tools};

/// The TypeScript declarations of every result and option: `types.d.ts`, whose unions of
/// names are generated from the Rust enums (`tests/declarations.rs`).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = include_str!("types.d.ts");

fn doc_from(text: String, o: &Opts) -> Result<Rc<View>, Thrown> {
    Ok(Rc::new(View::new(o.parse(text)?)))
}

/// A JS value of a result object, built on first read, then kept.
#[derive(Default)]
struct Lazy(OnceCell<JsValue>);

impl Lazy {
    fn get(&self, build: impl FnOnce() -> JsValue) -> JsValue {
        self.0.get_or_init(build).clone()
    }
}

/// The model lists of a [`MementoDocument`], each built when first read.
#[derive(Default)]
struct ModelLists {
    sections: Lazy,
    decisions: Lazy,
    progress: Lazy,
    entries: Lazy,
    discoveries: Lazy,
    records: Lazy,
}

/// The parts of a [`Plan`] beyond its headline, each built when first read.
#[derive(Default)]
struct PlanParts {
    next_action: Lazy,
    resume_from: Lazy,
    completed: Lazy,
    pending: Lazy,
    open: Lazy,
    decisions: Lazy,
    conflicts: Lazy,
    diagnostics: Lazy,
    store: Lazy,
}

/// Parses a memory file of any shape. Never throws on content: text of an unknown shape is
/// a `generic` document.
#[wasm_bindgen]
pub fn parse(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ParseOptions")] options: JsValue,
) -> Result<MementoDocument, Thrown> {
    let text = text_arg(&text, "text")?;
    let o = Opts::new(&options)?;
    Ok(MementoDocument { doc: doc_from(text, &o)?, enc: o.encoding(Encoding::Utf16)?, lists: ModelLists::default() })
}

/// A parsed memory file. Holds the original text: `toString()` gives it back byte for byte.
/// The model lists (`sections`, `decisions`, …) are built when first read, then kept.
#[wasm_bindgen]
pub struct MementoDocument {
    doc: Rc<View>,
    enc: Encoding,
    lists: ModelLists,
}

#[wasm_bindgen]
impl MementoDocument {
    /// The detected (or given) dialect.
    #[wasm_bindgen(getter, unchecked_return_type = "Dialect")]
    pub fn dialect(&self) -> String {
        self.doc.doc.dialect().as_str().to_owned()
    }

    /// The task id of a checkpoint log (`# Session Memory — <task id>`).
    #[wasm_bindgen(getter, js_name = taskId)]
    pub fn task_id(&self) -> Option<String> {
        self.doc.doc.task_id().map(|t| self.doc.masked(t).into_owned())
    }

    /// The first level-1 heading (else the first heading), without `#`.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> Option<String> {
        let d = &self.doc.doc;
        d.title().map(|s| self.doc.masked(memento_core::document::clean_title(d.text(s.title))).into_owned())
    }

    /// The newest timestamp anywhere in the file.
    #[wasm_bindgen(getter, js_name = lastUpdated)]
    pub fn last_updated(&self) -> Option<String> {
        self.doc.doc.last_updated().map(|t| t.to_string())
    }

    #[wasm_bindgen(getter, js_name = lineCount)]
    pub fn line_count(&self) -> usize {
        self.doc.doc.line_index().line_count()
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Section[]")]
    pub fn sections(&self) -> JsValue {
        self.lists.sections.get(|| to_js(&view::sections(&self.doc, self.enc)))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Decision[]")]
    pub fn decisions(&self) -> JsValue {
        self.lists.decisions.get(|| to_js(&view::decisions(&self.doc, self.enc)))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "ProgressMarker[]")]
    pub fn progress(&self) -> JsValue {
        self.lists.progress.get(|| to_js(&view::progress(&self.doc, self.enc)))
    }

    /// Timestamped list items of every section.
    #[wasm_bindgen(getter, unchecked_return_type = "Entry[]")]
    pub fn entries(&self) -> JsValue {
        self.lists.entries.get(|| to_js(&view::entries(&self.doc, self.enc)))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Discovery[]")]
    pub fn discoveries(&self) -> JsValue {
        self.lists.discoveries.get(|| to_js(&view::discoveries(&self.doc, self.enc)))
    }

    /// Memory-store rows.
    #[wasm_bindgen(getter, unchecked_return_type = "MemoryRecord[]")]
    pub fn records(&self) -> JsValue {
        self.lists.records.get(|| to_js(&view::records(&self.doc, self.enc)))
    }

    #[wasm_bindgen(getter, js_name = nextStep, unchecked_return_type = "NextStep | null")]
    pub fn next_step(&self) -> JsValue {
        to_js(&view::next_step(&self.doc, self.enc))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Completion | null")]
    pub fn completion(&self) -> JsValue {
        to_js(&view::completion(&self.doc, self.enc))
    }

    /// Runs every check rule (docs/rules.md). Diagnostics are data: this never throws on content.
    #[wasm_bindgen(unchecked_return_type = "Diagnostic[]")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
    ) -> Result<JsValue, Thrown> {
        let o = Opts::new(&options)?;
        let found = memento_core::check(&self.doc.doc, &o.check_options(now())?);
        Ok(to_js(&view::diagnostics(&self.doc, &found, o.encoding(self.enc)?)))
    }

    /// The resume plan (docs/plan.md), with the check's findings.
    pub fn plan(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
    ) -> Result<Plan, Thrown> {
        let o = Opts::new(&options)?;
        Plan::new(self.doc.clone(), &o, self.enc)
    }

    /// The text injected at session start (docs/plan.md), within `budget` tokens.
    #[wasm_bindgen(js_name = renderPrompt)]
    pub fn render_prompt(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "PromptOptions")] options: JsValue,
    ) -> Result<String, Thrown> {
        let o = Opts::new(&options)?;
        prompt_of(&self.doc.doc, &o)
    }

    /// The document as text: the input, unchanged.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_js_string(&self) -> String {
        self.doc.doc.to_string()
    }
}

/// The resume plan of a file. Cheap to create and to read `status`, `nextAction`,
/// `resumeFrom`, `lastUpdated` and `counts`; each list is built on first read, then kept.
/// `JSON.stringify(plan)` writes every field (`PlanData`).
#[wasm_bindgen]
pub struct Plan {
    doc: Rc<View>,
    plan: memento_core::Plan,
    enc: Encoding,
    parts: PlanParts,
}

impl Plan {
    fn new(doc: Rc<View>, o: &Opts, default_enc: Encoding) -> Result<Plan, Thrown> {
        let plan = memento_core::plan(&doc.doc, &o.check_options(now())?);
        Ok(Plan { doc, plan, enc: o.encoding(default_enc)?, parts: PlanParts::default() })
    }
}

#[wasm_bindgen]
impl Plan {
    #[wasm_bindgen(getter, unchecked_return_type = "RunStatus")]
    pub fn status(&self) -> String {
        self.plan.status.as_str().to_owned()
    }

    /// The exact next action: Next Session Start, else the stop point of the unit in
    /// progress, else the first pending unit, else Current State / Next Steps.
    #[wasm_bindgen(getter, js_name = nextAction, unchecked_return_type = "NextAction | null")]
    pub fn next_action(&self) -> JsValue {
        self.parts.next_action.get(|| to_js(&self.plan.next_action))
    }

    #[wasm_bindgen(getter, js_name = resumeFrom, unchecked_return_type = "ResumeFrom | null")]
    pub fn resume_from(&self) -> JsValue {
        self.parts.resume_from.get(|| to_js(&self.plan.resume_from.as_ref().map(view::resume)))
    }

    /// One entry per completed unit, in file order: the units to skip.
    #[wasm_bindgen(getter, unchecked_return_type = "PlanUnit[]")]
    pub fn completed(&self) -> JsValue {
        self.parts.completed.get(|| to_js(&self.plan.completed))
    }

    /// One entry per pending unit, in order.
    #[wasm_bindgen(getter, unchecked_return_type = "PlanUnit[]")]
    pub fn pending(&self) -> JsValue {
        self.parts.pending.get(|| to_js(&self.plan.pending))
    }

    /// Units under way (IN_PROGRESS), BLOCKED or FAILED.
    #[wasm_bindgen(getter, unchecked_return_type = "PlanUnit[]")]
    pub fn open(&self) -> JsValue {
        self.parts.open.get(|| to_js(&self.plan.open))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "PlanDecisions")]
    pub fn decisions(&self) -> JsValue {
        self.parts.decisions.get(|| to_js(&self.plan.decisions))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "PlanConflict[]")]
    pub fn conflicts(&self) -> JsValue {
        self.parts.conflicts.get(|| to_js(&self.plan.conflicts))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Diagnostic[]")]
    pub fn diagnostics(&self) -> JsValue {
        self.parts.diagnostics.get(|| to_js(&view::diagnostics(&self.doc, &self.plan.diagnostics, self.enc)))
    }

    #[wasm_bindgen(getter, js_name = lastUpdated)]
    pub fn last_updated(&self) -> Option<String> {
        self.plan.last_updated.clone()
    }

    /// A memory store's rows by scope and tag, its facts newest first and the rows to audit
    /// (stale, duplicate); null for a file without rows.
    #[wasm_bindgen(getter, unchecked_return_type = "StoreView | null")]
    pub fn store(&self) -> JsValue {
        self.parts.store.get(|| to_js(&view::store(&self.doc, &self.plan, self.enc)))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "PlanCounts")]
    pub fn counts(&self) -> JsValue {
        to_js(&view::counts(&self.plan))
    }

    /// Every field as plain data (what `JSON.stringify` writes).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "PlanData")]
    pub fn to_json(&self) -> JsValue {
        to_js(&view::plan(&self.doc, &self.plan, self.enc))
    }
}

/// Runs every check rule on a text (docs/rules.md). Never throws on content.
#[wasm_bindgen(unchecked_return_type = "Diagnostic[]")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = text_arg(&text, "text")?;
    let o = Opts::new(&options)?;
    MementoDocument { doc: doc_from(text, &o)?, enc: o.encoding(Encoding::Utf16)?, lists: ModelLists::default() }.check(options)
}

/// Checks several files as one workspace: each file alone, then the files of one folder
/// together (a memory bank: a unit COMPLETED in one file and PENDING in another, …).
#[wasm_bindgen(js_name = checkWorkspace, unchecked_return_type = "FileDiagnostics[]")]
pub fn check_workspace(
    #[wasm_bindgen(unchecked_param_type = "MemoryFile[]")] files: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let o = Opts::new(&options)?;
    let enc = o.encoding(Encoding::Utf16)?;
    let docs: Vec<(String, View)> = o.memory_files(options::value(&files, "files")?)?.into_iter().map(|f| (f.path, View::new(f.doc))).collect();
    let refs: Vec<(&str, &memento_core::Document)> = docs.iter().map(|(p, d)| (p.as_str(), &d.doc)).collect();
    let files = view::workspace(&docs, memento_core::check::check_workspace(&refs, &o.check_options(now())?), enc);
    Ok(to_js(&files))
}

/// The resume plan of a text (docs/plan.md). See [`Plan`]: lists are built when read.
#[wasm_bindgen]
pub fn plan(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
) -> Result<Plan, Thrown> {
    let text = text_arg(&text, "text")?;
    let o = Opts::new(&options)?;
    Plan::new(doc_from(text, &o)?, &o, Encoding::Utf16)
}

fn prompt_of(doc: &memento_core::Document, o: &Opts) -> Result<String, Thrown> {
    let budget = o.count("budget")?.unwrap_or(prompt::DEFAULT_BUDGET);
    let p = memento_core::plan(doc, &o.check_options(now())?);
    // The core masks secrets in what it renders (docs/secrets.md).
    prompt::render_prompt(doc, &p, budget).map_err(error::budget_error)
}

/// The text to inject at session start (docs/plan.md): a caution, then the next action, the
/// binding decisions, … within `budget` estimated tokens (2000), ending with what was left
/// out and where.
#[wasm_bindgen(js_name = renderPrompt)]
pub fn render_prompt(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PromptOptions")] options: JsValue,
) -> Result<String, Thrown> {
    let text = text_arg(&text, "text")?;
    let o = Opts::new(&options)?;
    prompt_of(&o.parse(text)?, &o)
}

/// One caution header and, within one budget, a preview of each file with its path, the
/// newest session first (the file's own last timestamp, then `modified`), and what was left
/// out, file by file.
#[wasm_bindgen(js_name = renderPrompts)]
pub fn render_prompts(
    #[wasm_bindgen(unchecked_param_type = "MemoryFile[]")] files: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PromptOptions")] options: JsValue,
) -> Result<String, Thrown> {
    let o = Opts::new(&options)?;
    let budget = o.count("budget")?.unwrap_or(prompt::DEFAULT_BUDGET);
    let check = o.check_options(now())?;
    let docs = o.memory_files(options::value(&files, "files")?)?;
    let plans: Vec<memento_core::Plan> = docs.iter().map(|f| memento_core::plan(&f.doc, &check)).collect();
    let refs: Vec<prompt::PromptFile> = docs.iter().zip(&plans).map(|(f, plan)| prompt::PromptFile { path: &f.path, doc: &f.doc, plan, modified: f.modified }).collect();
    prompt::render_prompts(&refs, budget).map_err(error::budget_error)
}

/// What changed between two versions of one file that the file's rules forbid (the
/// transition rules of docs/rules.md). Ranges are in `after`.
#[wasm_bindgen(unchecked_return_type = "Diagnostic[]")]
pub fn diff(
    #[wasm_bindgen(unchecked_param_type = "string")] before: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] after: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ParseOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let before = &text_arg(&before, "before")?;
    let after = &text_arg(&after, "after")?;
    let o = Opts::new(&options)?;
    let parse_options = o.parse_options()?;
    let old = memento_core::parse_with(before, &parse_options);
    let new = View::new(memento_core::parse_with(after, &parse_options));
    // The core masks the secrets of both versions in what it says (docs/secrets.md).
    let found = memento_edit::diff(&old, &new.doc);
    Ok(to_js(&view::diagnostics(&new, &found, o.encoding(Encoding::Utf16)?)))
}

/// Three-way merge of one file edited in two places (docs/edits.md).
#[wasm_bindgen(unchecked_return_type = "MergeResult")]
pub fn merge(
    #[wasm_bindgen(unchecked_param_type = "string")] base: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] ours: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] theirs: JsValue,
) -> Result<JsValue, Thrown> {
    let base = text_arg(&base, "base")?;
    let ours = text_arg(&ours, "ours")?;
    let theirs = text_arg(&theirs, "theirs")?;
    // The core masks the secrets of the three versions in conflicts (docs/secrets.md).
    Ok(to_js(&memento_edit::merge(&base, &ours, &theirs)))
}

/// A fresh memory file of `dialect` for a task.
#[wasm_bindgen]
pub fn init(#[wasm_bindgen(unchecked_param_type = "Dialect")] dialect: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] task: JsValue) -> Result<String, Thrown> {
    let dialect = &text_arg(&dialect, "dialect")?;
    let task = &text_arg(&task, "task")?;
    edit::init(memento_core::options::dialect(dialect)?, task).map_err(|e| into_error(e, task))
}

/// What every edit reads from its options.
struct EditArgs {
    at: Timestamp,
    options: edit::EditOptions,
    enc: Encoding,
}

fn edit_args(options: &JsValue) -> Result<EditArgs, Thrown> {
    let o = Opts::new(options)?;
    Ok(EditArgs {
        at: o.time("at", Some(now()))?.unwrap_or_else(now),
        options: edit::EditOptions { force: o.flag("force")?, parse: o.parse_options()? },
        enc: o.encoding(Encoding::Utf16)?,
    })
}

/// `{ text, edits }`, the edits' ranges in the old text.
fn edit_result(old: &str, out: Result<edit::EditOutcome, memento_edit::EditError>, enc: Encoding) -> Result<JsValue, Thrown> {
    let edit::EditOutcome { text, edits } = out.map_err(|e| into_error(e, old))?;
    Ok(to_js(&edit::EditOutcome { text, edits: view::edits(old, edits, enc) }))
}

/// Appends a checkpoint `- <timestamp> — <note>` (docs/edits.md). Without `kind`, the note is
/// routed by its content: "DO NOT…", "decided…", "use…" → decision; a status word →
/// progress; else discovery. Throws `MementoError` when a guard refuses it.
#[wasm_bindgen(unchecked_return_type = "EditResult")]
pub fn checkpoint(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] note: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckpointOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let note = &text_arg(&note, "note")?;
    let a = edit_args(&options)?;
    let k = Opts::new(&options)?.variant("kind", edit::Kind::ALL, edit::Kind::as_str)?;
    edit_result(text, edit::checkpoint_with(text, note, a.at, k, &a.options), a.enc)
}

/// Supersedes decision `id` with a new decision (`SUPERSEDES [<id>] <decision>`).
#[wasm_bindgen(unchecked_return_type = "EditResult")]
pub fn supersede(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] decision: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "EditOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let id = &text_arg(&id, "id")?;
    let decision = &text_arg(&decision, "decision")?;
    let a = edit_args(&options)?;
    edit_result(text, edit::supersede_with(text, id, decision, a.at, &a.options), a.enc)
}

/// Sets a unit's progress marker (one line per unit), with an optional stop point.
#[wasm_bindgen(js_name = setProgress, unchecked_return_type = "EditResult")]
pub fn set_progress(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] unit: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Status")] status: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SetProgressOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let unit = &text_arg(&unit, "unit")?;
    let status = &text_arg(&status, "status")?;
    let a = edit_args(&options)?;
    let stop = Opts::new(&options)?.string("stoppedAt")?;
    let out = edit::set_progress_with(text, unit, Status::read(status).map_err(OptionError::from)?, stop.as_deref(), &a.options);
    edit_result(text, out, a.enc)
}

/// Replaces the next step (Next Session Start; memory bank: Next Steps).
#[wasm_bindgen(js_name = setNext, unchecked_return_type = "EditResult")]
pub fn set_next(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] next: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "EditOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let next = &text_arg(&next, "next")?;
    let a = edit_args(&options)?;
    edit_result(text, edit::set_next_with(text, next, &a.options), a.enc)
}

/// Appends `TASK COMPLETE — <timestamp>` and `Final status: <status>`.
#[wasm_bindgen(unchecked_return_type = "EditResult")]
pub fn complete(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] status: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "EditOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let status = &text_arg(&status, "status")?;
    let a = edit_args(&options)?;
    edit_result(text, edit::complete_with(text, status, a.at, &a.options), a.enc)
}

/// Replaces the content of a section (session notes: the header and its italic description
/// are kept byte for byte).
#[wasm_bindgen(js_name = updateSection, unchecked_return_type = "EditResult")]
pub fn update_section(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] content: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "EditOptions")] options: JsValue,
) -> Result<JsValue, Thrown> {
    let text = &text_arg(&text, "text")?;
    let name = &text_arg(&name, "name")?;
    let content = &text_arg(&content, "content")?;
    let a = edit_args(&options)?;
    edit_result(text, edit::update_section_with(text, name, content, &a.options), a.enc)
}

/// Applies edits (a diagnostic's `fix`, an `EditResult`'s `edits`) to the text they were
/// made for, as one splice. Throws `invalid-edits` when they overlap or fall outside it.
#[wasm_bindgen(js_name = applyEdits)]
pub fn apply_edits(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TextEdit[]")] edits: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ positionEncoding?: PositionEncoding }")] options: JsValue,
) -> Result<String, Thrown> {
    let text = &text_arg(&text, "text")?;
    let o = Opts::new(&options)?;
    let enc = o.encoding(Encoding::Utf16)?;
    let map = view::Utf16Map::new(if enc == Encoding::Utf16 { text } else { "" });
    let edits = memento_core::options::text_edits(options::value(&edits, "edits")?, |u| if enc == Encoding::Utf16 { map.to_byte(u) } else { u })?;
    memento_core::splice(text, &edits).map_err(|e| error(Code::InvalidEdits, e.to_string()))
}

/// Every rule: id, default severity, kind (check or transition) and a one-line doc.
#[wasm_bindgen(unchecked_return_type = "RuleInfo[]")]
pub fn rules() -> JsValue {
    to_js(&memento_core::Rule::ALL.iter().map(|&r| view::RuleInfo::from(r)).collect::<Vec<_>>())
}

/// The text with every detected secret (API keys, tokens, private keys, …) masked, at every
/// occurrence (what a share link carries; docs/secrets.md).
#[wasm_bindgen]
pub fn redact(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<String, Thrown> {
    let text = text_arg(&text, "text")?;
    Ok(memento_core::secret::redact(&text).into_owned())
}

/// The deterministic token estimate behind every budget: ASCII text one token per 4 bytes
/// (rounded up), every other character one token.
#[wasm_bindgen(js_name = estimateTokens)]
pub fn estimate_tokens(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<usize, Thrown> {
    let text = text_arg(&text, "text")?;
    Ok(memento_core::tokens::estimate(&text))
}
