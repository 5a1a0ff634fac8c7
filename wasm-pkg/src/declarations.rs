//! The unions of names in the TypeScript declarations (`types.d.ts`), generated from the Rust
//! enums: a rule, dialect, status or error code the Rust side gains is declared too, or a
//! TypeScript user's `switch` never meets it (and `tsc` rejects a value the package returns);
//! a declared name the Rust side lost would be a lie. The test compares the generated block
//! of `types.d.ts` with what the enums say now, and rewrites it when `UPDATE_DECLARATIONS` is
//! set (the diff is then the review).

use crate::error::{Code, GLUE_CODES};
use memento_core::document::{MarkerSource, SectionRole};
use memento_edit::edit::Kind;
use memento_core::plan::NextActionSource;
use memento_edit::tools::ToolName;
use memento_core::{Dialect, Rule, RuleKind, RunStatus, Severity, Status};

const BEGIN: &str = "// BEGIN generated from the Rust enums\n";
const END: &str = "// END generated from the Rust enums\n";

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

/// The generated block: `/** doc */ export type Name = | "a" | "b";`, wrapped at 100 columns.
fn generated() -> String {
    let mut out = String::from(BEGIN);
    for (name, doc, names) in unions() {
        out.push_str(&format!("/** {doc} */\nexport type {name} =\n "));
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
    out.push_str(END);
    out
}

#[test]
fn the_declared_unions_are_the_rust_enums() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/types.d.ts");
    let text = std::fs::read_to_string(path).expect("types.d.ts");
    let (Some(begin), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        panic!("types.d.ts lacks the markers `{}` and `{}`", BEGIN.trim(), END.trim())
    };
    let (declared, wanted) = (&text[begin..end + END.len()], generated());
    if declared == wanted {
        return;
    }
    if std::env::var_os("UPDATE_DECLARATIONS").is_some() {
        let updated = format!("{}{wanted}{}", &text[..begin], &text[end + END.len()..]);
        std::fs::write(path, updated).expect("write types.d.ts");
        return;
    }
    let differ: Vec<_> = wanted.lines().zip(declared.lines()).filter(|(w, d)| w != d).take(3).collect();
    panic!(
        "types.d.ts declares other names than the Rust enums (first differences, wanted vs declared: {differ:?}); \
         run `UPDATE_DECLARATIONS=1 cargo test -p memento-wasm declarations` and review the diff"
    );
}
