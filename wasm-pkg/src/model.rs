//! The JavaScript shape of every result, written as JSON (see `json.rs`). Each function
//! here is the boundary type of one core type: the TypeScript interface of the same name
//! in `lib.rs` describes what it writes. Keys are camelCase; offsets are converted by
//! [`Doc`] in the requested [`Encoding`].

use crate::json::Json;
use crate::offsets::{Doc, Encoding};
use memento_core::plan::PlanUnit;
use memento_core::{Diagnostic, Plan, Record, Span, TextEdit};

pub fn diagnostics(w: &mut Json, doc: &Doc, list: &[Diagnostic], enc: Encoding) {
    w.arr();
    for d in list {
        diagnostic(w, doc, d, enc);
    }
    w.end_arr();
}

pub fn diagnostic(w: &mut Json, doc: &Doc, d: &Diagnostic, enc: Encoding) {
    w.obj();
    w.field("rule", d.rule.id()).field("severity", d.severity.as_str()).field("message", &d.message);
    w.field_num("line", d.line as u64);
    let column = match enc {
        Encoding::Utf8 => d.column,
        Encoding::Utf16 => doc.column(d.range.start(), enc),
    };
    w.field_num("column", column as u64);
    doc.range(w, d.range, enc);
    if let Some(help) = &d.help {
        w.field("help", help);
    }
    if let Some(fix) = &d.fix {
        w.key("fix");
        edits(w, doc, fix, enc);
    }
    w.end_obj();
}

/// Text edits, with ranges of the text `doc` holds (the text before the edit).
pub fn edits(w: &mut Json, doc: &Doc, list: &[TextEdit], enc: Encoding) {
    w.arr();
    for e in list {
        w.obj();
        doc.range(w, e.range, enc);
        w.field("content", &e.content);
        w.end_obj();
    }
    w.end_arr();
}

pub fn next_action(w: &mut Json, plan: &Plan) {
    let Some(n) = &plan.next_action else {
        w.null();
        return;
    };
    w.obj().field("text", &n.text).field("source", n.source.as_str()).field_num("line", n.line as u64).end_obj();
}

pub fn resume_from(w: &mut Json, plan: &Plan) {
    let Some(r) = &plan.resume_from else {
        w.null();
        return;
    };
    w.obj().field("unit", &r.unit);
    w.field_opt("stoppedAt", r.stopped_at.as_deref()).field_opt("continueAt", r.continue_at.as_deref());
    // The resume line as the core words it (the prompt's, the CLI's).
    w.field("text", &r.to_string());
    w.end_obj();
}

pub fn units(w: &mut Json, list: &[PlanUnit]) {
    w.arr();
    for u in list {
        w.obj().field("unit", &u.unit).field("status", u.status.as_str());
        w.field_opt("range", u.range.as_deref()).field_num("line", u.line as u64).end_obj();
    }
    w.end_arr();
}

pub fn decisions(w: &mut Json, plan: &Plan) {
    w.obj().key("active").arr();
    for d in &plan.decisions.active {
        w.obj().field("id", &d.id).field("text", &d.text).field_num("line", d.line as u64).end_obj();
    }
    w.end_arr().key("superseded").arr();
    for d in &plan.decisions.superseded {
        w.obj().field("id", &d.id).field("by", &d.by).field("text", &d.text);
        w.field_num("line", d.line as u64).end_obj();
    }
    w.end_arr().end_obj();
}

pub fn conflicts(w: &mut Json, plan: &Plan) {
    w.arr();
    for c in &plan.conflicts {
        w.obj().field("message", &c.message).field_num("line", c.line as u64).end_obj();
    }
    w.end_arr();
}

/// The whole plan (`PlanData`).
pub fn plan(w: &mut Json, doc: &Doc, plan: &Plan, enc: Encoding) {
    w.obj().field("status", plan.status.as_str());
    w.key("nextAction");
    next_action(w, plan);
    w.key("resumeFrom");
    resume_from(w, plan);
    w.key("completed");
    units(w, &plan.completed);
    w.key("pending");
    units(w, &plan.pending);
    w.key("open");
    units(w, &plan.open);
    w.key("decisions");
    decisions(w, plan);
    w.key("conflicts");
    conflicts(w, plan);
    w.key("diagnostics");
    diagnostics(w, doc, &plan.diagnostics, enc);
    w.field_opt("lastUpdated", plan.last_updated.as_deref());
    w.key("store");
    store(w, doc, plan, enc);
    w.end_obj();
}

// The document model (MementoDocument's getters).

/// The text of a span, secrets masked: the model quotes the file, and no output of the
/// package repeats a detected secret (docs/secrets.md; `toString()` is the file itself).
fn text(w: &mut Json, doc: &Doc, key: &str, span: Option<Span>) {
    w.field_opt(key, span.map(|s| doc.masked(doc.doc.text(s))).as_deref());
}

fn title(doc: &Doc, span: Span) -> std::borrow::Cow<'_, str> {
    doc.masked(memento_core::document::clean_title(doc.doc.text(span)))
}

pub fn sections(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    w.arr();
    for s in d.sections() {
        w.obj();
        w.field("title", &title(doc, s.title));
        w.field_num("level", s.level as u64).field("role", s.role.as_str());
        w.key("parent");
        match s.parent {
            Some(p) => w.num(p as u64),
            None => w.null(),
        };
        text(w, doc, "description", s.description);
        w.field_opt("timestamp", s.timestamp.map(|t| t.to_string()).as_deref());
        doc.place(w, s.span, enc);
        w.key("body").obj();
        w.field_num("start", doc.offset(s.body.start(), enc) as u64).field_num("end", doc.offset(s.body.end(), enc) as u64);
        w.end_obj().end_obj();
    }
    w.end_arr();
}

pub fn decision_list(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    w.arr();
    for x in d.decisions() {
        w.obj().field("id", &x.id).field("text", &doc.masked(d.text(x.text)));
        w.field_opt("timestamp", x.timestamp.map(|t| t.to_string()).as_deref());
        text(w, doc, "supersedes", x.supersedes.as_ref().map(|s| s.target));
        w.field_opt("supersededBy", x.superseded_by.map(|i| d.decisions()[i].id.as_str()));
        w.key("active").bool(x.superseded_by.is_none());
        doc.place(w, x.span, enc);
        w.end_obj();
    }
    w.end_arr();
}

pub fn progress(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    w.arr();
    for m in d.progress() {
        w.obj().field_opt("status", m.status.map(|s| s.as_str())).field("statusText", d.text(m.status_span));
        w.field("source", m.source.as_str()).key("units").arr();
        for u in &m.units {
            w.obj().field("name", &doc.masked(d.text(u.name)));
            text(w, doc, "range", u.range.map(|r| r.span));
            text(w, doc, "stoppedAt", u.stopped_at);
            w.end_obj();
        }
        w.end_arr();
        text(w, doc, "detail", m.detail);
        doc.place(w, m.span, enc);
        w.end_obj();
    }
    w.end_arr();
}

pub fn entries(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    w.arr();
    for e in d.entries() {
        let item = d.item(e.item);
        w.obj().field("timestamp", d.text(e.timestamp_span)).field("text", &doc.masked(d.text(e.text)));
        w.field_opt("section", item.section.map(|s| title(doc, d.sections()[s].title)).as_deref());
        doc.place(w, item.span, enc);
        w.end_obj();
    }
    w.end_arr();
}

pub fn discoveries(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    w.arr();
    for x in d.discoveries() {
        w.obj().field("text", &doc.masked(d.text(x.text)));
        w.field_opt("timestamp", x.timestamp.map(|t| t.to_string()).as_deref());
        doc.place(w, d.item(x.item).span, enc);
        w.end_obj();
    }
    w.end_arr();
}

pub fn next_step(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    match d.next_step() {
        Some(n) => {
            w.obj().field("text", &doc.masked(d.text(n.text).trim()));
            doc.place(w, n.span, enc);
            w.end_obj();
        }
        None => {
            w.null();
        }
    }
}

pub fn completion(w: &mut Json, doc: &Doc, enc: Encoding) {
    let d = &doc.doc;
    match d.completion() {
        Some(c) => {
            w.obj().field_opt("timestamp", c.timestamp.map(|t| t.to_string()).as_deref());
            text(w, doc, "finalStatus", c.final_status);
            doc.place(w, c.span, enc);
            w.end_obj();
        }
        None => {
            w.null();
        }
    }
}

pub fn records(w: &mut Json, doc: &Doc, enc: Encoding) {
    w.arr();
    for r in doc.doc.records() {
        record(w, doc, r, enc);
    }
    w.end_arr();
}

fn record(w: &mut Json, doc: &Doc, r: &Record, enc: Encoding) {
    let masked = |t: &Option<String>| t.as_deref().map(|t| doc.masked(t).into_owned());
    w.obj().field_opt("id", masked(&r.id).as_deref()).field_opt("content", masked(&r.content).as_deref());
    w.key("tags").arr();
    for t in &r.tags {
        w.str(&doc.masked(t));
    }
    w.end_arr().field_opt("scope", masked(&r.scope).as_deref());
    for (k, t) in [("createdAt", r.created_at), ("updatedAt", r.updated_at), ("lastAccessedAt", r.last_accessed_at)] {
        w.field_opt(k, t.map(|t| t.to_string()).as_deref());
    }
    doc.place(w, r.span, enc);
    w.end_obj();
}

/// The store view of a plan (`StoreView`), or null for a file without rows.
pub fn store(w: &mut Json, doc: &Doc, plan: &Plan, enc: Encoding) {
    let Some(v) = memento_core::store::view(&doc.doc, &plan.diagnostics) else {
        w.null();
        return;
    };
    w.obj();
    for (key, counts) in [("scopes", &v.scopes), ("tags", &v.tags)] {
        w.key(key).arr();
        for c in counts {
            w.obj().field("name", &doc.masked(&c.name)).field_num("rows", c.rows as u64).end_obj();
        }
        w.end_arr();
    }
    w.key("facts").arr();
    for r in &v.facts {
        record(w, doc, r, enc);
    }
    w.end_arr().key("audit").arr();
    for a in &v.audit {
        w.obj().field_num("line", u64::from(a.line)).field_opt("id", a.row.id.as_deref().map(|id| doc.masked(id)).as_deref());
        w.field("rule", a.rule.id()).field("message", a.message).end_obj();
    }
    w.end_arr().end_obj();
}
