//! The plan of a memory store (docs/stores.md): what a reviewer of a store of rows
//! reads first. Its rows counted by scope and by tag, its facts newest first, and the rows to
//! audit: those the check finds stale (stale-entry) or repeated (duplicate-entry). The rules
//! decide what is stale or a duplicate; this only gathers their findings by row
//! (docs/stores.md).

use crate::diagnostic::Diagnostic;
use crate::document::{Document, Record};
use crate::rule::Rule;

/// A name (a scope, a tag) and how many rows carry it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub name: String,
    pub rows: usize,
}

/// A row to audit: its line, its id if it has one, the rule that flagged it and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit<'d> {
    pub line: u32,
    pub row: &'d Record,
    pub rule: Rule,
    pub message: &'d str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoreView<'d> {
    /// Rows of every scope, by count (most first), then in order of their first row.
    pub scopes: Vec<Count>,
    pub tags: Vec<Count>,
    /// Rows with content, newest first ([`newest_first`]).
    pub facts: Vec<&'d Record>,
    /// Stale and duplicate rows, in file order.
    pub audit: Vec<Audit<'d>>,
}

/// The store view of `doc` and the findings of its check; `None` for a file without rows.
pub fn view<'d>(doc: &'d Document, diagnostics: &'d [Diagnostic]) -> Option<StoreView<'d>> {
    let records = doc.records();
    if records.is_empty() {
        return None;
    }
    let scopes = counts(records.iter().filter_map(|r| r.scope.as_deref()));
    let tags = counts(records.iter().flat_map(|r| r.tags.iter().map(String::as_str)));
    let mut audit = Vec::new();
    for d in diagnostics.iter().filter(|d| matches!(d.rule, Rule::StaleEntry | Rule::DuplicateEntry)) {
        let at = records.partition_point(|r| r.span.end() <= d.range.start());
        if let Some(row) = records.get(at).filter(|r| r.span.contains(d.range.start())) {
            audit.push(Audit { line: d.line, row, rule: d.rule, message: &d.message });
        }
    }
    crate::sort::sort_by_key(&mut audit, |a| [u64::from(a.line), 0, 0]);
    Some(StoreView { scopes, tags, facts: newest_first(doc), audit })
}

/// The rows that say something, newest first: by their update (else creation) time, the
/// undated last; rows of one time (or none) later in the file first.
pub fn newest_first(doc: &Document) -> Vec<&Record> {
    let mut rows: Vec<_> = doc.records().iter().filter(|r| r.content.as_deref().is_some_and(|c| !c.trim().is_empty())).collect();
    crate::sort::sort_by_key(&mut rows, |r| {
        let [dated, t] = crate::sort::optional(r.updated_at.or(r.created_at).map(|t| t.epoch_seconds));
        [!dated, !t, !(r.span.start() as u64)]
    });
    rows
}

/// How many times each name occurs: most first, then in order of first occurrence.
fn counts<'a>(names: impl Iterator<Item = &'a str>) -> Vec<Count> {
    let mut out: Vec<Count> = Vec::new();
    for name in names {
        match out.iter_mut().find(|c| c.name == name) {
            Some(c) => c.rows += 1,
            None => out.push(Count { name: name.to_owned(), rows: 1 }),
        }
    }
    crate::sort::sort_by_key(&mut out, |c| [!(c.rows as u64), 0, 0]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{check, CheckOptions};
    use crate::time::Timestamp;

    const STORE: &str = r#"{"id":"m1","agent_id":"a","tag":"user_preference","content":"prefers plain markdown","created_at":"2026-01-02T10:00:00Z","updated_at":"2026-01-02T10:00:00Z"}
{"id":"m2","agent_id":"b","tag":"project_state","content":"deploy blocked on review","created_at":"2026-04-20T09:00:00Z"}
{"id":"m3","agent_id":"a","tag":"project_state","content":"migration at step 3","created_at":"2026-04-21T09:00:00Z"}
{"id":"m4","agent_id":"a","tag":"project_state","content":"migration at step 3","created_at":"2026-04-21T10:00:00Z"}
"#;

    #[test]
    fn a_store_is_counted_by_scope_and_tag_with_facts_newest_first_and_rows_to_audit() {
        let doc = crate::parse(STORE);
        let options = CheckOptions { now: Timestamp::parse("2026-04-22T00:00:00Z"), ..CheckOptions::default() };
        let diagnostics = check(&doc, &options);
        let v = view(&doc, &diagnostics).unwrap();
        let named = |c: &[Count]| c.iter().map(|c| (c.name.clone(), c.rows)).collect::<Vec<_>>();
        assert_eq!(named(&v.scopes), [("a".to_owned(), 3), ("b".to_owned(), 1)]);
        assert_eq!(named(&v.tags), [("project_state".to_owned(), 3), ("user_preference".to_owned(), 1)]);
        let ids: Vec<_> = v.facts.iter().map(|r| r.id.as_deref().unwrap()).collect();
        assert_eq!(ids, ["m4", "m3", "m2", "m1"]);
        let audit: Vec<_> = v.audit.iter().map(|a| (a.line, a.row.id.as_deref().unwrap(), a.rule)).collect();
        assert_eq!(audit, [(1, "m1", Rule::StaleEntry), (4, "m4", Rule::DuplicateEntry)]);
    }

    #[test]
    fn a_file_without_rows_has_no_store_view() {
        let doc = crate::parse("# Notes\n\n- [x] done\n");
        assert!(view(&doc, &[]).is_none());
    }
}
