//! Views of a document and its plan for readers outside the crate (the npm package): the
//! JSON shape of every result. The core's result types (`Diagnostic`, `TextEdit`,
//! `NextAction`, `PlanUnit`, the plan's decisions and conflicts) are serialized as they
//! are; the views below add offsets in the reader's [`Encoding`] and turn the document
//! model's spans into the texts they cover, secrets masked (docs/secrets.md). Each view takes
//! its core type apart field by field, so a field the core gains is a compile error here
//! until the view says what it does with it. The npm package's `types.d.ts` declares these
//! shapes and its tests hold them to what serde writes (docs/architecture.md, "Views").

mod positions;

pub use positions::{diagnostics, edits, Encoding, Place, Range, Utf16Map, View};

use crate::plan::{PlanConflict, PlanDecisions, PlanUnit, ResumeFrom};
use crate::{Diagnostic, Plan, Record, RunStatus, Span};
use serde::Serialize;
use std::borrow::Cow;

impl View {
    /// A text of the document, secrets masked.
    fn text(&self, span: Span) -> Cow<'_, str> {
        self.masked(self.doc.text(span))
    }

    fn title(&self, span: Span) -> Cow<'_, str> {
        self.masked(crate::document::clean_title(self.doc.text(span)))
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
    use crate::Severity;
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
    next_action: &'a Option<crate::plan::NextAction>,
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

pub fn plan<'a>(doc: &'a View, p: &'a Plan, enc: Encoding) -> PlanData<'a> {
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
    rule: crate::Rule,
    message: &'a str,
}

/// The store view of a plan, or `None` for a file without rows.
pub fn store<'a>(doc: &'a View, p: &'a Plan, enc: Encoding) -> Option<Store<'a>> {
    let crate::store::StoreView { scopes, tags, facts, audit } = crate::store::view(&doc.doc, &p.diagnostics)?;
    let count = |c: crate::store::Count| Count { name: Cow::Owned(doc.masked(&c.name).into_owned()), rows: c.rows };
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
    pub dialect: crate::Dialect,
    pub diagnostics: Cow<'a, [Diagnostic]>,
}

/// `checkWorkspace`'s result: each file (its path and document) with the diagnostics that
/// [`crate::check::check_workspace`] pairs with it, in `enc`.
pub fn workspace(files: &[(String, View)], found: Vec<(usize, Diagnostic)>, enc: Encoding) -> Vec<FileDiagnostics<'_>> {
    let mut per_file = vec![Vec::new(); files.len()];
    for (file, d) in found {
        if let Some(list) = per_file.get_mut(file) {
            list.push(d);
        }
    }
    files
        .iter()
        .zip(per_file)
        .map(|((path, d), found)| FileDiagnostics { path, dialect: d.doc.dialect(), diagnostics: Cow::Owned(diagnostics(d, &found, enc).into_owned()) })
        .collect()
}

/// `RuleInfo`: a rule of the registry.
#[derive(Serialize)]
pub struct RuleInfo {
    id: crate::Rule,
    severity: crate::Severity,
    kind: crate::RuleKind,
    doc: &'static str,
}

impl From<crate::Rule> for RuleInfo {
    fn from(r: crate::Rule) -> Self {
        RuleInfo { id: r, severity: r.default_severity(), kind: r.kind(), doc: r.doc() }
    }
}

// The document model (MementoDocument's getters).

/// `Section`.
#[derive(Serialize)]
pub struct Section<'a> {
    title: Cow<'a, str>,
    level: u8,
    role: crate::document::SectionRole,
    parent: Option<usize>,
    description: Option<Cow<'a, str>>,
    timestamp: Option<String>,
    #[serde(flatten)]
    place: Place,
    body: Range,
}

pub fn sections(doc: &View, enc: Encoding) -> Vec<Section<'_>> {
    let d = &doc.doc;
    let view = |s: &crate::document::Section| {
        let crate::document::Section { level, heading: _, title, span, body, parent, role, timestamp, description } = s;
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

pub fn decisions(doc: &View, enc: Encoding) -> Vec<Decision<'_>> {
    let all = doc.doc.decisions();
    all.iter()
        .map(|x| {
        let crate::document::Decision { id, span, timestamp, text, supersedes, superseded_by } = x;
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
    status: Option<crate::Status>,
    status_text: &'a str,
    source: crate::document::MarkerSource,
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

pub fn progress(doc: &View, enc: Encoding) -> Vec<ProgressMarker<'_>> {
    let d = &doc.doc;
    let unit = |u: &crate::document::Unit| {
        let crate::document::Unit { name, range, stopped_at } = u;
        ProgressUnit { name: doc.text(*name), range: range.map(|r| doc.text(r.span)), stopped_at: stopped_at.map(|s| doc.text(s)) }
    };
    let view = |m: &crate::document::ProgressMarker| {
        // `id` is shown in the unit's name by the views that show it (the dashboard's).
        let crate::document::ProgressMarker { span, source, status, status_span, units, detail, id: _ } = m;
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

pub fn entries(doc: &View, enc: Encoding) -> Vec<Entry<'_>> {
    let d = &doc.doc;
    let view = |e: &crate::document::Entry| {
        let crate::document::Entry { item, timestamp: _, timestamp_span, separator: _, text } = e;
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

pub fn discoveries(doc: &View, enc: Encoding) -> Vec<Discovery<'_>> {
    let d = &doc.doc;
    let view = |x: &crate::document::Discovery| {
        let crate::document::Discovery { item, timestamp, text } = x;
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

pub fn next_step(doc: &View, enc: Encoding) -> Option<NextStep<'_>> {
    let crate::document::NextStep { span, text, section: _ } = doc.doc.next_step()?;
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

pub fn completion(doc: &View, enc: Encoding) -> Option<Completion<'_>> {
    let crate::document::Completion { section: _, span, timestamp, final_status } = doc.doc.completion()?;
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

pub fn records(doc: &View, enc: Encoding) -> Vec<MemoryRecord<'_>> {
    doc.doc.records().iter().map(|r| record(doc, r, enc)).collect()
}

fn record<'a>(doc: &'a View, r: &'a Record, enc: Encoding) -> MemoryRecord<'a> {
    let Record { span, id, content, tags, scope, created_at, updated_at, last_accessed_at } = r;
    let masked = |t: &'a Option<String>| t.as_deref().map(|t| doc.masked(t));
    let time = |t: &Option<crate::Timestamp>| t.map(|t| t.to_string());
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
