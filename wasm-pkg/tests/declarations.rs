//! The TypeScript declarations (`types.d.ts`) generated from the Rust side, in two blocks:
//! - the unions of names, from the Rust enums' `ALL` lists;
//! - the interface of every result, from a table per result type ([`Declare`]), which the
//!   test holds to what serde writes: each sample result (every kind, from real files) is
//!   read against its declared interface, field by field and down every nested one. A field
//!   the Rust type gains, loses or renames, or a name an enum gains, fails the test; so does
//!   a declared interface no sample reaches.
//!
//! A TypeScript user's `switch` then meets every name the package returns, and `tsc` rejects
//! no value it gives. The test compares both blocks of `types.d.ts` with what the Rust side
//! says now, and rewrites them when `UPDATE_DECLARATIONS` is set (the diff is then the review).

use memento_wasm::error::Code;

/// The code the glue throws with for a method called after `free()`, through
/// `MementoError.fromGlue` (js/error.js): not raised by Rust, declared all the same.
const GLUE_CODES: [&str; 1] = ["freed"];
use memento_core::view::{self, Counts, Encoding, PlanData, Place, Range, Resume, RuleInfo, View};
use memento_edit::tools::{ToolCallResult, ToolResult};
use memento_core::document::{MarkerSource, SectionRole};
use memento_core::plan::{ActiveDecision, NextAction, NextActionSource, PlanConflict, PlanDecisions, PlanUnit, SupersededDecision};
use memento_core::{Diagnostic, Dialect, Rule, RuleKind, RunStatus, Severity, Status, TextEdit};
use memento_edit::edit::{EditOutcome, Kind};
use memento_edit::merge::{MergeConflict, MergeOutcome};
use memento_edit::tools::ToolName;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeSet;

/// A TypeScript interface: its name, doc comment, the interface it extends and its fields
/// as `(name, type, doc)`; a name ending in `?` is an optional field (absent, never null).
pub struct Interface {
    name: &'static str,
    doc: &'static str,
    extends: Option<&'static str>,
    fields: &'static [(&'static str, &'static str, &'static str)],
}

/// A result type and the interface that declares it.
trait Declare: Serialize {
    const TS: Interface;
}

macro_rules! declare {
    ($($ty:ty => $name:literal $(extends $base:literal)?, $doc:literal, [$(($f:literal, $t:literal, $d:literal)),* $(,)?];)*) => {
        $(impl Declare for $ty {
            const TS: Interface = Interface { name: $name, doc: $doc, extends: declare!(@base $($base)?), fields: &[$(($f, $t, $d)),*] };
        })*
        /// Every declared interface, in the order of `types.d.ts`.
        fn interfaces() -> Vec<Interface> {
            vec![$(<$ty as Declare>::TS),*]
        }
    };
    (@base $base:literal) => { Some($base) };
    (@base) => { None };
}

declare! {
    Range => "Range", "A half-open range `start..end` of the text.", [("start", "number", ""), ("end", "number", "")];
    TextEdit => "TextEdit", "One replacement of a range of the text. Edits of one list never overlap.",
        [("range", "Range", ""), ("content", "string", "")];
    Diagnostic => "Diagnostic", "A finding of a check or transition rule (docs/rules.md).", [
        ("rule", "RuleId", ""),
        ("severity", "Severity", ""),
        ("message", "string", ""),
        ("line", "number", "1-based line of `range.start`."),
        ("column", "number", "1-based column of `range.start`, counted in the position encoding."),
        ("range", "Range", ""),
        ("help?", "string", ""),
        ("fix?", "TextEdit[]", "Edits that fix the finding (apply them with `applyEdits`)."),
    ];
    EditOutcome => "EditResult", "The new text, and the edits of the old text that made it.",
        [("text", "string", ""), ("edits", "TextEdit[]", "")];
    NextAction => "NextAction", "What the next session does first, and where that was read.",
        [("text", "string", ""), ("source", "NextActionSource", ""), ("line", "number", "")];
    Resume<'_> => "ResumeFrom", "The unit in progress and where it stopped.", [
        ("unit", "string", ""),
        ("stoppedAt", "string | null", ""),
        ("continueAt", "string | null", ""),
        ("text", "string", "The resume line as the core words it: `orders/batch_3/: stopped at 094, continue at 095`."),
    ];
    PlanUnit => "PlanUnit", "A unit of work as the plan lists it.",
        [("unit", "string", ""), ("status", "Status", ""), ("range", "string | null", "`001-047`, `092-???`."), ("line", "number", "")];
    ActiveDecision => "ActiveDecision", "", [("id", "string", ""), ("text", "string", ""), ("line", "number", "")];
    SupersededDecision => "SupersededDecision", "",
        [("id", "string", ""), ("by", "string", "The id of the decision replacing it."), ("text", "string", ""), ("line", "number", "")];
    PlanDecisions => "PlanDecisions", "", [("active", "ActiveDecision[]", ""), ("superseded", "SupersededDecision[]", "")];
    PlanConflict => "PlanConflict", "Two active decisions pulling opposite ways.", [("message", "string", ""), ("line", "number", "")];
    Counts => "PlanCounts", "Sizes of a plan's lists, without building them.", [
        ("completed", "number", ""),
        ("pending", "number", ""),
        ("open", "number", ""),
        ("activeDecisions", "number", ""),
        ("supersededDecisions", "number", ""),
        ("conflicts", "number", ""),
        ("errors", "number", ""),
        ("warnings", "number", ""),
        ("infos", "number", ""),
    ];
    PlanData<'_> => "PlanData", "A plan as plain data: what `JSON.stringify(plan)` writes (docs/plan.md, in camelCase).", [
        ("status", "RunStatus", ""),
        ("nextAction", "NextAction | null", ""),
        ("resumeFrom", "ResumeFrom | null", ""),
        ("completed", "PlanUnit[]", ""),
        ("pending", "PlanUnit[]", ""),
        ("open", "PlanUnit[]", "Units under way (IN_PROGRESS), BLOCKED or FAILED."),
        ("decisions", "PlanDecisions", ""),
        ("conflicts", "PlanConflict[]", ""),
        ("diagnostics", "Diagnostic[]", ""),
        ("lastUpdated", "string | null", ""),
        ("store", "StoreView | null", "A memory store's rows by scope and tag, its facts and the rows to audit; null for a file without rows."),
    ];
    view::Count<'_> => "StoreCount", "A name (a scope, a tag) and how many rows carry it.", [("name", "string", ""), ("rows", "number", "")];
    view::Audit<'_> => "StoreAudit", "A row the check flags: stale (`stale-entry`) or a repeat of another (`duplicate-entry`).",
        [("line", "number", ""), ("id", "string | null", ""), ("rule", "RuleId", ""), ("message", "string", "")];
    view::Store<'_> => "StoreView", "The plan of a memory store: counts by scope and tag (most first), the rows that say something newest first, and the rows to audit in file order.",
        [("scopes", "StoreCount[]", ""), ("tags", "StoreCount[]", ""), ("facts", "MemoryRecord[]", ""), ("audit", "StoreAudit[]", "")];
    Place => "Located", "Where a model element is.", [("line", "number", ""), ("column", "number", ""), ("range", "Range", "")];
    view::Section<'_> => "Section" extends "Located", "A heading and everything up to the next heading of the same or a higher level.", [
        ("title", "string", ""),
        ("level", "number", ""),
        ("role", "SectionRole", ""),
        ("parent", "number | null", "Index of the enclosing section."),
        ("description", "string | null", "The italic line below the heading (session notes)."),
        ("timestamp", "string | null", ""),
        ("body", "Range", "After the heading to the end of the section."),
    ];
    view::Decision<'_> => "Decision" extends "Located", "A binding decision.", [
        ("id", "string", "Its timestamp as written (`…#2` for a second one), or `L<line>`."),
        ("text", "string", ""),
        ("timestamp", "string | null", ""),
        ("supersedes", "string | null", "The reference of `SUPERSEDES [...]`, as written."),
        ("supersededBy", "string | null", ""),
        ("active", "boolean", ""),
    ];
    view::ProgressUnit<'_> => "ProgressUnit", "A unit of work a progress marker names.",
        [("name", "string", ""), ("range", "string | null", ""), ("stoppedAt", "string | null", "")];
    view::ProgressMarker<'_> => "ProgressMarker" extends "Located", "One line of progress state.", [
        ("status", "Status | null", "`null` for a status word Memento does not know."),
        ("statusText", "string", ""),
        ("source", "MarkerSource", ""),
        ("units", "ProgressUnit[]", ""),
        ("detail", "string | null", ""),
    ];
    view::Entry<'_> => "Entry" extends "Located", "A timestamped list item.",
        [("timestamp", "string", ""), ("text", "string", ""), ("section", "string | null", "")];
    view::Discovery<'_> => "Discovery" extends "Located", "A fact learned along the way.", [("text", "string", ""), ("timestamp", "string | null", "")];
    view::NextStep<'_> => "NextStep" extends "Located", "The exact next action, as the file writes it.", [("text", "string", "")];
    view::Completion<'_> => "Completion" extends "Located", "`TASK COMPLETE — <timestamp>` and its `Final status: …` line.",
        [("timestamp", "string | null", ""), ("finalStatus", "string | null", "")];
    view::MemoryRecord<'_> => "MemoryRecord" extends "Located", "A memory-store row.", [
        ("id", "string | null", ""),
        ("content", "string | null", ""),
        ("tags", "string[]", ""),
        ("scope", "string | null", ""),
        ("createdAt", "string | null", ""),
        ("updatedAt", "string | null", ""),
        ("lastAccessedAt", "string | null", ""),
    ];
    view::FileDiagnostics<'_> => "FileDiagnostics", "One file of `checkWorkspace`.", [("path", "string", ""), ("dialect", "Dialect", ""), ("diagnostics", "Diagnostic[]", "")];
    MergeConflict => "MergeConflict", "A block both sides changed in incompatible ways; the merged text kept ours.",
        [("section", "string", ""), ("reason", "string", "")];
    MergeOutcome => "MergeResult", "The merged text; on a conflict it kept ours for that section.",
        [("text", "string", ""), ("conflicts", "MergeConflict[]", "")];
    RuleInfo => "RuleInfo", "A rule of the registry.", [("id", "RuleId", ""), ("severity", "Severity", ""), ("kind", "RuleKind", ""), ("doc", "string", "")];
    ToolResult<'_> => "ToolResult", "What goes back to the model: `content` and `is_error` of a tool result.",
        [("isError", "boolean", ""), ("content", "string", "")];
    ToolCallResult<'_> => "ToolCallResult", "", [
        ("text", "string", "The file after the call (the same text when nothing was written)."),
        ("changed", "boolean", ""),
        ("result", "ToolResult", ""),
    ];
}

/// Each declared union: its TypeScript name, its doc comment and its names, in order.
fn unions() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
        all.iter().map(|&v| name(v)).collect()
    }
    vec![
        ("Dialect", "The shape of memory file detected from the text (docs/formats.md).", names(&Dialect::ALL, Dialect::as_str)),
        ("Severity", "How much a finding matters.", names(Severity::ALL, Severity::as_str)),
        ("RuleId", "Every rule id (check rules, then the transition rules of `diff`). Stable.", names(Rule::ALL, Rule::id)),
        ("RuleKind", "Whether a rule reads one version of a file (`check`) or two (`diff`).", names(RuleKind::ALL, RuleKind::as_str)),
        ("Status", "A progress marker's status.", names(&Status::ALL, Status::as_str)),
        ("RunStatus", "Where the run stands.", names(RunStatus::ALL, RunStatus::as_str)),
        ("NextActionSource", "Where the next action was read from, in the order the plan looks.", names(NextActionSource::ALL, NextActionSource::as_str)),
        ("CheckpointKind", "What a checkpoint records.", names(Kind::ALL, Kind::as_str)),
        ("SectionRole", "What a section is for, from its title.", names(SectionRole::ALL, SectionRole::as_str)),
        ("MarkerSource", "Where a progress marker's status was read from.", names(MarkerSource::ALL, MarkerSource::as_str)),
        ("MemoryToolName", "The memory tools of `memoryTools()`.", names(ToolName::ALL, ToolName::as_str)),
        (
            "MementoErrorCode",
            "The `code` of a `MementoError`.",
            names(Code::ALL, Code::as_str).into_iter().chain(GLUE_CODES).collect(),
        ),
    ]
}

// Writing the declarations.

fn doc_comment(out: &mut String, indent: &str, doc: &str) {
    if !doc.is_empty() {
        out.push_str(&format!("{indent}/** {doc} */\n"));
    }
}

/// `/** doc */ export type Name = | "a" | "b";`, wrapped at 100 columns.
fn write_unions(out: &mut String) {
    for (name, doc, names) in unions() {
        doc_comment(out, "", doc);
        out.push_str(&format!("export type {name} =\n "));
        let mut width = 1;
        for n in names {
            let item = format!(" | \"{n}\"");
            if width + item.len() > 100 {
                out.push_str("\n ");
                width = 1;
            }
            width += item.len();
            out.push_str(&item);
        }
        out.push_str(";\n\n");
    }
}

fn write_interfaces(out: &mut String) {
    for i in interfaces() {
        doc_comment(out, "", i.doc);
        let extends = i.extends.map(|b| format!(" extends {b}")).unwrap_or_default();
        out.push_str(&format!("export interface {}{extends} {{\n", i.name));
        for (name, ty, doc) in i.fields {
            doc_comment(out, "  ", doc);
            out.push_str(&format!("  {name}: {ty};\n"));
        }
        out.push_str("}\n\n");
    }
}

/// The generated blocks of `types.d.ts`: (begin marker, end marker, writer).
const BLOCKS: [(&str, &str, fn(&mut String)); 2] = [
    ("// BEGIN generated from the Rust enums\n", "// END generated from the Rust enums\n", write_unions),
    ("// BEGIN generated from the Rust result types\n", "// END generated from the Rust result types\n", write_interfaces),
];

#[test]
fn the_declarations_are_the_rust_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/types.d.ts");
    let mut text = std::fs::read_to_string(path).expect("types.d.ts");
    let mut stale = Vec::new();
    for (begin_marker, end_marker, write) in BLOCKS {
        let (Some(begin), Some(end)) = (text.find(begin_marker), text.find(end_marker)) else {
            panic!("types.d.ts lacks the markers `{}` and `{}`", begin_marker.trim(), end_marker.trim())
        };
        let mut wanted = String::from(begin_marker);
        write(&mut wanted);
        wanted.push_str(end_marker);
        let declared = &text[begin..end + end_marker.len()];
        if declared != wanted {
            let differ: Vec<String> = wanted.lines().zip(declared.lines()).filter(|(w, d)| w != d).take(3).map(|(w, d)| format!("{w:?} vs {d:?}")).collect();
            stale.push(format!("{}: {differ:?}", begin_marker.trim()));
            text = format!("{}{wanted}{}", &text[..begin], &text[end + end_marker.len()..]);
        }
    }
    if stale.is_empty() {
        return;
    }
    if std::env::var_os("UPDATE_DECLARATIONS").is_some() {
        std::fs::write(path, text).expect("write types.d.ts");
        return;
    }
    panic!(
        "types.d.ts declares other names or interfaces than the Rust side (first differences, wanted vs declared: {stale:?}); \
         run `UPDATE_DECLARATIONS=1 cargo test -p memento-wasm declarations` and review the diff"
    );
}

// Holding the tables to what serde writes.

/// Reads serialized results against their declared types.
struct Reader {
    interfaces: Vec<Interface>,
    unions: Vec<(&'static str, &'static str, Vec<&'static str>)>,
    /// The interfaces some sample reached.
    seen: BTreeSet<&'static str>,
}

impl Reader {
    fn new() -> Self {
        Reader { interfaces: interfaces(), unions: unions(), seen: BTreeSet::new() }
    }

    /// Serializes a sample of `T` and reads it as `T`'s interface (or a list of them).
    fn sample<T: Declare>(&mut self, value: &T) {
        self.read(T::TS.name, &serde_json::to_value(value).expect("serializes"), T::TS.name);
    }

    fn samples<T: Declare>(&mut self, values: &[T]) {
        assert!(!values.is_empty(), "no sample of {}", T::TS.name);
        values.iter().for_each(|v| self.sample(v));
    }

    /// Panics, naming the path, when `value` is not of the declared type `ty`.
    fn read(&mut self, ty: &str, value: &Value, at: &str) {
        let alternatives: Vec<&str> = ty.split(" | ").collect();
        let mut errors = Vec::new();
        for alt in &alternatives {
            match self.read_one(alt, value, at) {
                Ok(()) => return,
                Err(e) => errors.push(e),
            }
        }
        panic!("{at}: {value} is not a {ty} ({})", errors.join("; "));
    }

    fn read_one(&mut self, ty: &str, value: &Value, at: &str) -> Result<(), String> {
        let fits = match ty {
            "null" => value.is_null(),
            "string" => value.is_string(),
            "number" => value.is_u64(),
            "boolean" => value.is_boolean(),
            list if list.ends_with("[]") => {
                let Value::Array(items) = value else { return Err("not an array".into()) };
                for (n, item) in items.iter().enumerate() {
                    self.read(&list[..list.len() - 2], item, &format!("{at}[{n}]"));
                }
                true
            }
            name => {
                if let Some((_, _, names)) = self.unions.iter().find(|u| u.0 == name) {
                    return match value.as_str() {
                        Some(s) if names.contains(&s) => Ok(()),
                        _ => Err(format!("not one of {name}")),
                    };
                }
                let Value::Object(object) = value else { return Err(format!("not a {name} object")) };
                let fields = self.fields(name);
                for key in object.keys() {
                    assert!(
                        fields.iter().any(|(f, _)| f.trim_end_matches('?') == key),
                        "{at}: the Rust side writes `{key}`, which {name} does not declare"
                    );
                }
                for (field, ty) in fields {
                    match object.get(field.trim_end_matches('?')) {
                        Some(v) => self.read(ty, v, &format!("{at}.{}", field.trim_end_matches('?'))),
                        None => assert!(field.ends_with('?'), "{at}: {name} declares `{field}`, which the Rust side does not write"),
                    }
                }
                true
            }
        };
        fits.then_some(()).ok_or_else(|| format!("not a {ty}"))
    }

    /// The fields of an interface, those it extends included.
    fn fields(&mut self, name: &str) -> Vec<(&'static str, &'static str)> {
        let Some(i) = self.interfaces.iter().find(|i| i.name == name) else { panic!("{name} is declared nowhere") };
        let (iname, extends) = (i.name, i.extends);
        let mut fields: Vec<_> = i.fields.iter().map(|(f, t, _)| (*f, *t)).collect();
        self.seen.insert(iname);
        if let Some(base) = extends {
            fields.extend(self.fields(base));
        }
        fields
    }
}

/// Files that give every result every shape: a log with every section, a superseded
/// decision, a stop point, a fix and a completion; a memory store with rows to audit.
const LOG: &str = "# Session Memory — task_7\n\n## Decisions Made\n\
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n\
- 2026-04-22T07:20Z — Use REST for the export\n\
- 2026-04-22T07:30Z — SUPERSEDES [2026-04-22T07:20Z] Use gRPC for the export\n\
- 2026-04-22T07:35Z — Modify config/auth.yaml to add the export scope\n\n\
## Progress Markers\n- COMPLETED: orders/batch_1/ (files 001-047)\n- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)\n\
- PENDING: orders/batch_4/, batch_5/\n\n## Key Discoveries\n- 2026-04-22T07:40Z — Schema has a `legacy_id` field\u{200B}\n\n\
## Next Session Start\nContinue orders/batch_3/ at file 095.\n\n## TASK COMPLETE — 2026-04-22T09:00Z\nFinal status: SUCCESS\n";

const STORE: &str = "{\"id\":\"m1\",\"agent_id\":\"bot-a\",\"tags\":[\"prefs\"],\"content\":\"Plain markdown.\",\"created_at\":\"2026-01-01T10:00:00Z\",\"updated_at\":\"2026-01-02T10:00:00Z\",\"last_accessed_at\":\"2026-01-03T10:00:00Z\"}\n\
{\"id\":\"m2\",\"agent_id\":\"bot-b\",\"tag\":\"state\",\"content\":\"Plain markdown.\",\"created_at\":\"2026-01-04T10:00:00Z\"}\n";

#[test]
fn every_result_is_what_its_interface_declares() {
    let options = memento_core::CheckOptions { now: memento_core::Timestamp::parse("2026-09-01T00:00Z"), ..Default::default() };
    let mut r = Reader::new();
    // A run still under way, for a plan that resumes somewhere (a complete one resumes nowhere).
    let under_way = LOG.split("## TASK COMPLETE").next().unwrap_or(LOG);
    let doc = View::new(memento_core::parse(under_way.to_owned()));
    let plan = memento_core::plan(&doc.doc, &options);
    assert!(plan.resume_from.is_some(), "a sample plan that resumes");
    r.sample(&view::plan(&doc, &plan, Encoding::Utf16));
    for (text, name) in [(LOG, "session_memory.md"), (STORE, "memories.jsonl")] {
        let parse = memento_core::ParseOptions { dialect: None, file_name: Some(name.into()) };
        let doc = View::new(memento_core::parse_with(text.to_owned(), &parse));
        let plan = memento_core::plan(&doc.doc, &options);
        for enc in [Encoding::Utf16, Encoding::Utf8] {
            r.sample(&view::plan(&doc, &plan, enc));
            if let Some(store) = view::store(&doc, &plan, enc) {
                r.sample(&store);
            }
            let found = memento_core::check(&doc.doc, &options);
            r.samples(&view::diagnostics(&doc, &found, enc));
            r.sample(&view::FileDiagnostics { path: name, dialect: doc.doc.dialect(), diagnostics: found.as_slice().into() });
        }
        r.sample(&view::counts(&plan));
        if text == LOG {
            let enc = Encoding::Utf16;
            r.samples(&view::sections(&doc, enc));
            r.samples(&view::decisions(&doc, enc));
            r.samples(&view::progress(&doc, enc));
            r.samples(&view::entries(&doc, enc));
            r.samples(&view::discoveries(&doc, enc));
            r.sample(&view::next_step(&doc, enc).expect("a next step"));
            r.sample(&view::completion(&doc, enc).expect("a completion"));
            let found = memento_core::check(&doc.doc, &options);
            assert!(found.iter().any(|d| d.fix.is_some() && d.help.is_some()), "a sample diagnostic with a fix and help");
        } else {
            r.samples(&view::records(&doc, Encoding::Utf16));
        }
    }
    let at = memento_core::Timestamp::parse("2026-04-22T10:00Z").expect("a time");
    let edited = memento_edit::edit::checkpoint_with(LOG, "Found a second schema", at, None, &Default::default()).expect("an edit");
    r.sample(&EditOutcome { text: edited.text.clone(), edits: view::edits(LOG, edited.edits, Encoding::Utf16) });
    let ours = LOG.replace("095", "096");
    let theirs = LOG.replace("095", "097");
    let merged = memento_edit::merge(LOG, &ours, &theirs);
    assert!(!merged.conflicts.is_empty(), "a sample merge with a conflict");
    r.sample(&merged);
    r.samples(&Rule::ALL.iter().map(|&rule| RuleInfo::from(rule)).collect::<Vec<_>>());
    for input in [Err("no input".to_owned()), Ok(())] {
        let args: &dyn memento_core::options::OptionSource = &memento_core::options::NoOptions;
        let out = memento_edit::tools::apply(LOG, ToolName::Recall, input.map(|()| args), at);
        r.sample(&out.result(LOG));
    }
    let unreached: Vec<_> = r.interfaces.iter().map(|i| i.name).filter(|n| !r.seen.contains(n)).collect();
    assert!(unreached.is_empty(), "no sample reaches the declared interfaces {unreached:?}");
}

/// Every refusal of an edit, and every option that cannot be read, throws with a code of
/// `MementoErrorCode`.
#[test]
fn every_edit_refusal_has_a_declared_code() {
    use memento_edit::EditError;
    let all = [
        EditError::DuplicateEntry { section: String::new(), line: 1, existing: String::new() },
        EditError::ConflictsWith { decision: String::new(), line: 1, explanation: String::new() },
        EditError::UnknownDecision(String::new()),
        EditError::AlreadySuperseded { decision: String::new(), by: String::new() },
        EditError::AnotherInProgress { unit: String::new(), line: 1 },
        EditError::AlreadyComplete { line: 1 },
        EditError::NoSuchSection(String::new()),
        EditError::NotSupportedForDialect { operation: "checkpoint", dialect: memento_core::Dialect::Generic },
        EditError::InvalidInput(String::new()),
    ];
    for e in all {
        // A variant added to EditError fails to compile in `code()` until it is named there.
        assert!(Code::ALL.iter().any(|c| c.as_str() == e.code()), "{e:?}");
    }
    use memento_core::options::OptionError;
    let options = [
        OptionError::Invalid(String::new()),
        OptionError::Timestamp(String::new()),
        OptionError::LoneSurrogate { argument: String::new(), index: 0 },
    ];
    for e in options {
        // A variant added to OptionError fails to compile in `code()` until it is named there.
        assert!(Code::ALL.iter().any(|c| c.as_str() == e.code()), "{e:?}");
    }
}
