//! One scope of a memory store (docs/stores.md, `--scope S`): the rows of one
//! agent, project or user, read as if the file held only them.
//!
//! A row's scope is the first of its `project`, `agent_id`, `namespace`, `scope` or `user_id`
//! fields ([`crate::Record::scope`]). The view is the file's own text with every byte that is
//! not a row of the scope turned into a space (line breaks stay): rows of other scopes, rows
//! without a scope, lines that do not parse, and the commas between them. Only the array's
//! brackets, the kept rows and the commas that join kept rows remain. So lines, columns and
//! byte offsets are the file's own, and nothing of another scope can reach any output: no
//! rule, plan, prompt or message ever sees those bytes (docs/stores.md).

use crate::document::Document;
use crate::parse::{parse_with, ParseOptions};
use crate::Dialect;

/// Parses `text` and, when it is a memory store and a scope is given, keeps only the rows
/// of `scope`. A file that is not a store has no scopes and is read as it is. A store with
/// no row of the scope is an empty store (no records): the caller says so.
pub fn parse_in_scope(text: impl Into<String>, options: &ParseOptions, scope: Option<&str>) -> Document {
    let doc = parse_with(text, options);
    let Some(scope) = scope.filter(|_| doc.dialect() == Dialect::MemoryStore && !doc.records().is_empty()) else {
        return doc;
    };
    let view = view(&doc, scope);
    parse_with(view, &ParseOptions { dialect: Some(Dialect::MemoryStore), ..options.clone() })
}

/// The text of `doc` with only the rows of `scope` (see the module's documentation).
fn view(doc: &Document, scope: &str) -> String {
    let text = doc.to_string();
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = bytes.iter().map(|&b| if b == b'\n' || b == b'\r' { b } else { b' ' }).collect();
    let bom = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    out[..bom].copy_from_slice(&bytes[..bom]);
    // The brackets of a JSON array of rows.
    let body = text[bom..].trim();
    if body.starts_with('[') {
        let open = bom + text[bom..].find('[').unwrap_or(0);
        out[open] = b'[';
        if body.ends_with(']') {
            let close = text.trim_end().len() - 1;
            out[close] = b']';
        }
    }
    let kept: Vec<_> = doc.records().iter().filter(|r| r.scope.as_deref() == Some(scope)).collect();
    for (i, row) in kept.iter().enumerate() {
        out[row.span.range()].copy_from_slice(&bytes[row.span.range()]);
        // The comma after a row joins it to the next kept row (rows of other scopes between
        // them lose theirs).
        if i + 1 < kept.len() {
            let after = row.span.end() + text[row.span.end()..].len() - text[row.span.end()..].trim_start().len();
            if bytes.get(after) == Some(&b',') {
                out[after] = b',';
            }
        }
    }
    // Spaces, line breaks and whole copies of valid UTF-8 ranges (rows start and end at
    // ASCII braces, the rest are ASCII): still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoped(text: &str, scope: &str) -> Document {
        parse_in_scope(text, &ParseOptions::default(), Some(scope))
    }

    #[test]
    fn a_jsonl_store_keeps_the_rows_of_its_scope_in_place() {
        let text = "{\"agent_id\":\"a\",\"content\":\"alpha\"}\n{\"agent_id\":\"b\",\"content\":\"secret b\"}\n{\"agent_id\":\"a\",\"content\":\"gamma\"}\n";
        let doc = scoped(text, "a");
        assert_eq!(doc.dialect(), Dialect::MemoryStore);
        let contents: Vec<_> = doc.records().iter().map(|r| r.content.as_deref().unwrap()).collect();
        assert_eq!(contents, ["alpha", "gamma"]);
        assert_eq!(doc.to_string().len(), text.len(), "offsets are the file's own");
        assert_eq!(doc.line_index().line_of(doc.records()[1].span.start()), 2);
        assert!(!doc.to_string().contains("\"b\"") && !doc.to_string().contains("secret"));
    }

    #[test]
    fn a_json_array_keeps_its_brackets_and_the_commas_between_kept_rows() {
        let text = "\u{FEFF}[\n  {\"project\":\"x\",\"content\":\"one\"},\n  {\"project\":\"y\",\"content\":\"two\"},\n  {\"content\":\"no scope\"},\n  {\"project\":\"x\",\"content\":\"three\"}\n]\n";
        let doc = scoped(text, "x");
        let contents: Vec<_> = doc.records().iter().map(|r| r.content.as_deref().unwrap()).collect();
        assert_eq!(contents, ["one", "three"]);
        assert!(doc.json_faults().is_empty(), "{:?}", doc.json_faults());
        assert!(!doc.to_string().contains("two") && !doc.to_string().contains("no scope"));
    }

    #[test]
    fn a_scope_without_rows_is_an_empty_store_and_other_files_are_read_as_they_are() {
        let store = "{\"agent_id\":\"a\",\"content\":\"alpha\"}\n";
        let doc = scoped(store, "z");
        assert_eq!((doc.dialect(), doc.records().len()), (Dialect::MemoryStore, 0));
        assert!(doc.to_string().trim().is_empty());
        let notes = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — Use locks\n";
        assert_eq!(scoped(notes, "a").to_string(), notes);
    }
}
