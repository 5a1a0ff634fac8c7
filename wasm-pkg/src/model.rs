//! The JavaScript shape of every result. A result crosses the boundary as one JSON text
//! (serde_json) that JavaScript turns into objects with one `JSON.parse` ([`to_js`]):
//! building objects field by field through wasm-bindgen costs a crossing per field and per
//! string (README.md, "npm package", has the figures of both ways).
//!
//! The core's result types are serialized as they are (`Diagnostic`, `TextEdit`,
//! `NextAction`, `PlanUnit`, the plan's decisions and conflicts, `MergeConflict`): their
//! `Serialize` is the contract, and the TypeScript interfaces of `types.d.ts` are checked
//! against what it writes (`declarations.rs`). What the binding adds is below: offsets in
//! the caller's [`Encoding`], and views of the document model, whose spans become the texts
//! they cover (secrets masked, docs/secrets.md). Each view takes its core type apart field by
//! field, so a field the core gains is a compile error here until the view says what it does
//! with it.

use crate::offsets::{diagnostics, Doc, Encoding, Place, Range};
use memento_core::plan::{PlanConflict, PlanDecisions, PlanUnit, ResumeFrom};
use memento_core::{Diagnostic, Plan, Record, RunStatus, Span};
use serde::Serialize;
use std::borrow::Cow;
use wasm_bindgen::JsValue;

/// A value as JavaScript objects: one JSON text, one `JSON.parse`.
pub fn to_js(value: &impl Serialize) -> JsValue {
    // Writing these types cannot fail (no map has keys other than strings).
    serde_json::to_string(value).ok().and_then(|text| js_sys::JSON::parse(&text).ok()).unwrap_or(JsValue::NULL)
}

impl Doc {
    /// A text of the document, secrets masked.
    fn text(&self, span: Span) -> Cow<'_, str> {
        self.masked(self.doc.text(span))
    }

    fn title(&self, span: Span) -> Cow<'_, str> {
        self.masked(memento_core::document::clean_title(self.doc.text(span)))
    }
}

// The plan.

/// `ResumeFrom`, with the resume line as the core words it (the prompt's, the CLI's).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resume<'a> {
    unit: &'a str,
    stopped_at: Option<&'a str>,
    continue_at: Option<&'a str>,
    text: String,
}

pub fn resume(r: &ResumeFrom) -> Resume<'_> {
    let ResumeFrom { unit, stopped_at, continue_at } = r;
    Resume { unit, stopped_at: stopped_at.as_deref(), continue_at: continue_at.as_deref(), text: r.to_string() }
}

/// Sizes of a plan's lists, without building them (`PlanCounts`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    completed: usize,
    pending: usize,
    open: usize,
    active_decisions: usize,
    superseded_decisions: usize,
    conflicts: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
}

pub fn counts(p: &Plan) -> Counts {
    use memento_core::Severity;
    let severity = |s: Severity| p.diagnostics.iter().filter(|d| d.severity == s).count();
    Counts {
        completed: p.completed.len(),
        pending: p.pending.len(),
        open: p.open.len(),
        active_decisions: p.decisions.active.len(),
        superseded_decisions: p.decisions.superseded.len(),
        conflicts: p.conflicts.len(),
        errors: severity(Severity::Error),
        warnings: severity(Severity::Warning),
        infos: severity(Severity::Info),
    }
}

/// The whole plan (`PlanData`): the core's plan, its diagnostics in `enc`, and the store view.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanData<'a> {
    status: RunStatus,
    next_action: &'a Option<memento_core::plan::NextAction>,
    resume_from: Option<Resume<'a>>,
    completed: &'a [PlanUnit],
    pending: &'a [PlanUnit],
    open: &'a [PlanUnit],
    decisions: &'a PlanDecisions,
    conflicts: &'a [PlanConflict],
    diagnostics: Cow<'a, [Diagnostic]>,
    last_updated: &'a Option<String>,
    store: Option<Store<'a>>,
}

pub fn plan<'a>(doc: &'a Doc, p: &'a Plan, enc: Encoding) -> PlanData<'a> {
    let Plan { status, next_action, resume_from, completed, pending, open, decisions, conflicts, diagnostics: found, last_updated } = p;
    PlanData {
        status: *status,
        next_action,
        resume_from: resume_from.as_ref().map(resume),
        completed,
        pending,
        open,
        decisions,
        conflicts,
        diagnostics: diagnostics(doc, found, enc),
        last_updated,
        store: store(doc, p, enc),
    }
}

/// A memory store's rows by scope and tag, its facts newest first and the rows to audit
/// (`StoreView`).
#[derive(Serialize)]
pub struct Store<'a> {
    scopes: Vec<Count<'a>>,
    tags: Vec<Count<'a>>,
    facts: Vec<MemoryRecord<'a>>,
    audit: Vec<Audit<'a>>,
}

#[derive(Serialize)]
pub struct Count<'a> {
    name: Cow<'a, str>,
    rows: usize,
}

#[derive(Serialize)]
pub struct Audit<'a> {
    line: u32,
    id: Option<Cow<'a, str>>,
    rule: memento_core::Rule,
    message: &'a str,
}

/// The store view of a plan, or `None` for a file without rows.
pub fn store<'a>(doc: &'a Doc, p: &'a Plan, enc: Encoding) -> Option<Store<'a>> {
    let memento_core::store::StoreView { scopes, tags, facts, audit } = memento_core::store::view(&doc.doc, &p.diagnostics)?;
    let count = |c: memento_core::store::Count| Count { name: Cow::Owned(doc.masked(&c.name).into_owned()), rows: c.rows };
    Some(Store {
        scopes: scopes.into_iter().map(count).collect(),
        tags: tags.into_iter().map(count).collect(),
        facts: facts.into_iter().map(|r| record(doc, r, enc)).collect(),
        audit: audit
            .into_iter()
            .map(|a| Audit { line: a.line, id: a.row.id.as_deref().map(|id| doc.masked(id)), rule: a.rule, message: a.message })
            .collect(),
    })
}

/// `FileDiagnostics`: one file of `checkWorkspace`.
#[derive(Serialize)]
pub struct FileDiagnostics<'a> {
    pub path: &'a str,
    pub dialect: memento_core::Dialect,
    pub diagnostics: Cow<'a, [Diagnostic]>,
}

/// `RuleInfo`: a rule of the registry.
#[derive(Serialize)]
pub struct RuleInfo {
    id: memento_core::Rule,
    severity: memento_core::Severity,
    kind: memento_core::RuleKind,
    doc: &'static str,
}

impl From<memento_core::Rule> for RuleInfo {
    fn from(r: memento_core::Rule) -> Self {
        RuleInfo { id: r, severity: r.default_severity(), kind: r.kind(), doc: r.doc() }
    }
}

// The document model (MementoDocument's getters).

/// `Section`.
#[derive(Serialize)]
pub struct Section<'a> {
    title: Cow<'a, str>,
    level: u8,
    role: memento_core::document::SectionRole,
    parent: Option<usize>,
    description: Option<Cow<'a, str>>,
    timestamp: Option<String>,
    #[serde(flatten)]
    place: Place,
    body: Range,
}

pub fn sections(doc: &Doc, enc: Encoding) -> Vec<Section<'_>> {
    let d = &doc.doc;
    let view = |s: &memento_core::document::Section| {
        let memento_core::document::Section { level, heading: _, title, span, body, parent, role, timestamp, description } = s;
        Section {
            title: doc.title(*title),
            level: *level,
            role: *role,
            parent: *parent,
            description: description.map(|s| doc.text(s)),
            timestamp: timestamp.map(|t| t.to_string()),
            place: doc.place(*span, enc),
            body: doc.range(*body, enc),
        }
    };
    d.sections().iter().map(view).collect()
}

/// `Decision`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision<'a> {
    id: &'a str,
    text: Cow<'a, str>,
    timestamp: Option<String>,
    supersedes: Option<Cow<'a, str>>,
    superseded_by: Option<&'a str>,
    active: bool,
    #[serde(flatten)]
    place: Place,
}

pub fn decisions(doc: &Doc, enc: Encoding) -> Vec<Decision<'_>> {
    let all = doc.doc.decisions();
    all.iter()
        .map(|x| {
        let memento_core::document::Decision { id, span, timestamp, text, supersedes, superseded_by } = x;
        Decision {
            id,
            text: doc.text(*text),
            timestamp: timestamp.map(|t| t.to_string()),
            supersedes: supersedes.as_ref().map(|s| doc.text(s.target)),
            superseded_by: superseded_by.map(|i| all[i].id.as_str()),
            active: superseded_by.is_none(),
            place: doc.place(*span, enc),
        }
        })
        .collect()
}

/// `ProgressMarker`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressMarker<'a> {
    status: Option<memento_core::Status>,
    status_text: &'a str,
    source: memento_core::document::MarkerSource,
    units: Vec<ProgressUnit<'a>>,
    detail: Option<Cow<'a, str>>,
    #[serde(flatten)]
    place: Place,
}

/// `ProgressUnit`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressUnit<'a> {
    name: Cow<'a, str>,
    range: Option<Cow<'a, str>>,
    stopped_at: Option<Cow<'a, str>>,
}

pub fn progress(doc: &Doc, enc: Encoding) -> Vec<ProgressMarker<'_>> {
    let d = &doc.doc;
    let unit = |u: &memento_core::document::Unit| {
        let memento_core::document::Unit { name, range, stopped_at } = u;
        ProgressUnit { name: doc.text(*name), range: range.map(|r| doc.text(r.span)), stopped_at: stopped_at.map(|s| doc.text(s)) }
    };
    let view = |m: &memento_core::document::ProgressMarker| {
        // `id` is shown in the unit's name by the views that show it (the dashboard's).
        let memento_core::document::ProgressMarker { span, source, status, status_span, units, detail, id: _ } = m;
        ProgressMarker {
            status: *status,
            status_text: d.text(*status_span),
            source: *source,
            units: units.iter().map(unit).collect(),
            detail: detail.map(|s| doc.text(s)),
            place: doc.place(*span, enc),
        }
    };
    d.progress().iter().map(view).collect()
}

/// `Entry`: a timestamped list item.
#[derive(Serialize)]
pub struct Entry<'a> {
    timestamp: &'a str,
    text: Cow<'a, str>,
    section: Option<Cow<'a, str>>,
    #[serde(flatten)]
    place: Place,
}

pub fn entries(doc: &Doc, enc: Encoding) -> Vec<Entry<'_>> {
    let d = &doc.doc;
    let view = |e: &memento_core::document::Entry| {
        let memento_core::document::Entry { item, timestamp: _, timestamp_span, separator: _, text } = e;
        let item = d.item(*item);
        Entry {
            timestamp: d.text(*timestamp_span),
            text: doc.text(*text),
            section: item.section.map(|s| doc.title(d.sections()[s].title)),
            place: doc.place(item.span, enc),
        }
    };
    d.entries().iter().map(view).collect()
}

/// `Discovery`.
#[derive(Serialize)]
pub struct Discovery<'a> {
    text: Cow<'a, str>,
    timestamp: Option<String>,
    #[serde(flatten)]
    place: Place,
}

pub fn discoveries(doc: &Doc, enc: Encoding) -> Vec<Discovery<'_>> {
    let d = &doc.doc;
    let view = |x: &memento_core::document::Discovery| {
        let memento_core::document::Discovery { item, timestamp, text } = x;
        Discovery { text: doc.text(*text), timestamp: timestamp.map(|t| t.to_string()), place: doc.place(d.item(*item).span, enc) }
    };
    d.discoveries().iter().map(view).collect()
}

/// `NextStep`.
#[derive(Serialize)]
pub struct NextStep<'a> {
    text: Cow<'a, str>,
    #[serde(flatten)]
    place: Place,
}

pub fn next_step(doc: &Doc, enc: Encoding) -> Option<NextStep<'_>> {
    let memento_core::document::NextStep { span, text, section: _ } = doc.doc.next_step()?;
    Some(NextStep { text: doc.masked(doc.doc.text(*text).trim()), place: doc.place(*span, enc) })
}

/// `Completion`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Completion<'a> {
    timestamp: Option<String>,
    final_status: Option<Cow<'a, str>>,
    #[serde(flatten)]
    place: Place,
}

pub fn completion(doc: &Doc, enc: Encoding) -> Option<Completion<'_>> {
    let memento_core::document::Completion { section: _, span, timestamp, final_status } = doc.doc.completion()?;
    Some(Completion {
        timestamp: timestamp.map(|t| t.to_string()),
        final_status: final_status.map(|s| doc.text(s)),
        place: doc.place(*span, enc),
    })
}

/// `MemoryRecord`: a memory-store row.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemoryRecord<'a> {
    id: Option<Cow<'a, str>>,
    content: Option<Cow<'a, str>>,
    tags: Vec<Cow<'a, str>>,
    scope: Option<Cow<'a, str>>,
    created_at: Option<String>,
    updated_at: Option<String>,
    last_accessed_at: Option<String>,
    #[serde(flatten)]
    place: Place,
}

pub fn records(doc: &Doc, enc: Encoding) -> Vec<MemoryRecord<'_>> {
    doc.doc.records().iter().map(|r| record(doc, r, enc)).collect()
}

fn record<'a>(doc: &'a Doc, r: &'a Record, enc: Encoding) -> MemoryRecord<'a> {
    let Record { span, id, content, tags, scope, created_at, updated_at, last_accessed_at } = r;
    let masked = |t: &'a Option<String>| t.as_deref().map(|t| doc.masked(t));
    let time = |t: &Option<memento_core::Timestamp>| t.map(|t| t.to_string());
    MemoryRecord {
        id: masked(id),
        content: masked(content),
        tags: tags.iter().map(|t| doc.masked(t)).collect(),
        scope: masked(scope),
        created_at: time(created_at),
        updated_at: time(updated_at),
        last_accessed_at: time(last_accessed_at),
        place: doc.place(*span, enc),
    }
}
