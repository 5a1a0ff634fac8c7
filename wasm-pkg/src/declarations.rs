//! The TypeScript declarations (`TS_TYPES` in lib.rs, written by hand into the package's
//! `.d.ts`) against the core's own lists: a rule, dialect or status the core gains must be
//! declared too, or a TypeScript user's `switch` never meets it (and `tsc` rejects the
//! value the package returns); a declared one the core lost is a lie. wasm-bindgen takes
//! the constant into the `.d.ts` and leaves no item behind, so the test reads its text.

use memento_core::{Dialect, Rule, Status};
use std::collections::BTreeSet;

/// The declarations: the raw string of `TS_TYPES`.
fn declarations() -> &'static str {
    let lib = include_str!("lib.rs");
    let start = "const TS_TYPES: &'static str = r#\"";
    let Some(at) = lib.find(start) else { panic!("no `{start}` in lib.rs") };
    let text = &lib[at + start.len()..];
    &text[..text.find("\"#;").unwrap_or(text.len())]
}

/// The string literals of `export type <name> = "a" | "b" | …;` in the declarations.
fn union(name: &str) -> BTreeSet<&'static str> {
    let head = format!("export type {name} =");
    let Some(at) = declarations().find(&head) else { panic!("no `{head}` in the declarations") };
    let body = &declarations()[at + head.len()..];
    let body = &body[..body.find(';').unwrap_or(body.len())];
    body.split('"').skip(1).step_by(2).collect()
}

/// The union `name` declares exactly the core's ids.
fn assert_declared(name: &str, core: impl IntoIterator<Item = &'static str>) {
    let (declared, core): (BTreeSet<&str>, BTreeSet<&str>) = (union(name), core.into_iter().collect());
    let undeclared: Vec<_> = core.difference(&declared).collect();
    let extra: Vec<_> = declared.difference(&core).collect();
    assert!(undeclared.is_empty() && extra.is_empty(), "type {name}: undeclared {undeclared:?}; declared, not in the core {extra:?}");
}

#[test]
fn the_declared_unions_are_the_cores_lists() {
    assert_declared("RuleId", Rule::ALL.iter().map(|r| r.id()));
    assert_declared("Dialect", Dialect::ALL.iter().map(|d| d.as_str()));
    assert_declared("Status", Status::ALL.iter().map(|s| s.as_str()));
}
