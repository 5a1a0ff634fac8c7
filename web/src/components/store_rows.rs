//! A memory store's rows (docs/stores.md, issue 13): grouped by scope (agent, project,
//! user), then by tag, newest first in each group; the rows the check flags for audit
//! (stale-entry, duplicate-entry) marked; a filter to one scope when the store holds several.
//! Rows are markup, as the card's other lists ([`crate::rows`]): every text of the file escaped.

use crate::export::escape;
use crate::model::{LoadedFile, StoreRow, StoreRows};
use crate::rows::line_link;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// Rows shown before "Show all".
const ROWS: usize = 100;

#[component]
pub fn StoreRowsPanel(file: std::sync::Arc<LoadedFile>) -> impl IntoView {
    // Drawn for a store only; its rows are read from the file, which the card shares.
    let empty = StoreRows::default();
    let store = file.summary.store.as_ref().unwrap_or(&empty);
    // The one scope shown, or all (`None`).
    let scope = RwSignal::new(None::<String>);
    let all = RwSignal::new(store.rows.len() <= ROWS);
    let total = store.rows.len();
    // The head as markup: the filter to one scope (when there are several) and the audit.
    let mut head = String::from("<h3>Memory rows</h3><p class=\"store-summary\">");
    if store.scopes.len() > 1 {
        let _ = write!(
            head,
            "<label class=\"scope-filter\">Scope <select data-testid=\"scope-filter\" aria-label=\"Show the rows of one scope\"><option value=\"\">all {} · {}</option>",
            store.scopes.len(),
            rows(total)
        );
        for (name, n) in &store.scopes {
            let _ = write!(head, "<option value=\"{0}\">{0} · {1}</option>", escape(name), rows(*n));
        }
        head.push_str("</select></label>");
    }
    let _ = write!(head, "<span data-testid=\"store-audit\">{}</span></p>", audit_line(&store.rows));
    let (id, file) = (file.id, StoredValue::new(file));
    let groups = move || {
        let wanted = scope.get();
        let cap = if all.get() { usize::MAX } else { ROWS };
        let mut out = file.with_value(|f| f.summary.store.as_ref().map(|s| groups(id, s, wanted.as_deref(), cap)).unwrap_or_default());
        if !all.get() {
            let _ = write!(out, "<button type=\"button\" class=\"more\" data-act=\"all-rows\">Show all {total} rows</button>");
        }
        out
    };
    // The filter's choice, and "Show all" (its button is drawn with the rows).
    let choose = move |ev: leptos::ev::Event| {
        if let Some(select) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            scope.set(Some(select.value()).filter(|s| !s.is_empty()));
        }
    };
    let more = move |ev: leptos::ev::MouseEvent| {
        if ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|e| e.get_attribute("data-act").as_deref() == Some("all-rows")) {
            all.set(true);
        }
    };
    view! {
        <section class="store" data-testid="store" on:change=choose on:click=more>
            <div inner_html=head></div>
            <div inner_html=groups></div>
        </section>
    }
}

/// `1 row`, `3 rows`.
fn rows(n: usize) -> String {
    format!("{n} row{}", if n == 1 { "" } else { "s" })
}

/// What the audit found, in words: `2 stale · 1 duplicate`, or that it found nothing.
fn audit_line(rows: &[StoreRow]) -> String {
    let count = |rule: &str| rows.iter().filter(|r| r.audit.contains(&rule)).count();
    let (stale, duplicate) = (count("stale-entry"), count("duplicate-entry"));
    if stale + duplicate == 0 {
        return "no stale or duplicate rows".to_owned();
    }
    format!("{stale} stale · {duplicate} duplicate")
}

/// The rows of `scope` (every scope when `None`) as groups: a section per scope in the
/// store's order (rows without a scope last), a list per tag in it (most rows first; rows
/// without a tag last), each row under its first tag. At most `cap` rows.
fn groups(file: usize, store: &StoreRows, scope: Option<&str>, cap: usize) -> String {
    let mut scopes: Vec<Option<&str>> = store.scopes.iter().map(|(name, _)| Some(name.as_str())).collect();
    scopes.push(None);
    let mut out = String::new();
    let mut left = cap;
    for s in scopes.into_iter().filter(|s| scope.is_none() || *s == scope) {
        let in_scope: Vec<&StoreRow> = store.rows.iter().filter(|r| r.scope.as_deref() == s).collect();
        if in_scope.is_empty() || left == 0 {
            continue;
        }
        let mut tags: Vec<(Option<&str>, usize)> = Vec::new();
        for r in &in_scope {
            let tag = r.tags.first().map(String::as_str);
            let grown = match tags.iter().position(|t| t.0 == tag) {
                Some(i) => {
                    tags[i].1 += 1;
                    i
                }
                None => {
                    tags.push((tag, 1));
                    tags.len() - 1
                }
            };
            // Most rows first, untagged last, ties as first seen: the grown group moves up
            // past smaller ones (by hand: a standard sort here would add kilobytes of wasm
            // for a list of a few tags).
            let mut at = grown;
            while at > 0 && ranks_before(tags[at], tags[at - 1]) {
                tags.swap(at, at - 1);
                at -= 1;
            }
        }
        let _ = write!(
            out,
            "<section class=\"scope\" data-scope=\"{}\"><h4>{} <span class=\"count\">· {}</span></h4>",
            escape(s.unwrap_or("")),
            s.map_or_else(|| "no scope".to_owned(), escape),
            rows(in_scope.len())
        );
        for (tag, n) in tags {
            if left == 0 {
                break;
            }
            let _ = write!(
                out,
                "<h5 class=\"tag\">{} <span class=\"count\">· {}</span></h5><ul class=\"store-rows\">",
                tag.map_or_else(|| "untagged".to_owned(), |t| format!("#{}", escape(t))),
                rows(n)
            );
            for r in in_scope.iter().filter(|r| r.tags.first().map(String::as_str) == tag).take(left) {
                row(&mut out, file, r);
                left -= 1;
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
    out
}

/// Whether tag group `a` comes before `b`: a tag before no tag, then more rows first.
fn ranks_before(a: (Option<&str>, usize), b: (Option<&str>, usize)) -> bool {
    (a.0.is_some() && b.0.is_none()) || (a.0.is_some() == b.0.is_some() && a.1 > b.1)
}

/// A row: its content, other tags, id, time, line, and what the audit says of it.
fn row(out: &mut String, file: usize, r: &StoreRow) {
    let _ = write!(out, "<li data-audit=\"{}\"", r.audit.join(" "));
    if let Some(id) = &r.id {
        let _ = write!(out, " data-id=\"{}\"", escape(id));
    }
    let _ = write!(out, "><span class=\"content\">{}</span>", if r.content.is_empty() { "<em>no content</em>".to_owned() } else { escape(&r.content) });
    for tag in r.tags.iter().skip(1) {
        let _ = write!(out, " <span class=\"tag-chip\">#{}</span>", escape(tag));
    }
    if let Some(id) = &r.id {
        let _ = write!(out, " <code class=\"row-id\">{}</code>", escape(id));
    }
    if let Some(at) = &r.updated {
        let _ = write!(out, " <span class=\"updated\">{}</span>", escape(at));
    }
    out.push_str(&line_link(file, r.line));
    for rule in &r.audit {
        let word = if *rule == "stale-entry" { "stale" } else { "duplicate" };
        let _ = write!(out, " <span class=\"audit-badge\" data-rule=\"{rule}\">{word}</span>");
    }
    out.push_str("</li>");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, scope: Option<&str>, tags: &[&str], audit: &[&'static str]) -> StoreRow {
        StoreRow {
            id: Some(id.to_owned()),
            content: format!("fact <{id}>"),
            scope: scope.map(str::to_owned),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            updated: None,
            line: 1,
            audit: audit.to_vec(),
        }
    }

    fn store() -> StoreRows {
        StoreRows {
            scopes: vec![("a".to_owned(), 3), ("b".to_owned(), 1)],
            rows: vec![
                row("m4", Some("a"), &["state"], &["duplicate-entry"]),
                row("m3", Some("a"), &["state"], &[]),
                row("m2", Some("b"), &["state"], &[]),
                row("m1", Some("a"), &["pref", "ui"], &["stale-entry"]),
                row("m0", None, &[], &[]),
            ],
        }
    }

    /// The ids in the markup, in order.
    fn ids(markup: &str) -> Vec<&str> {
        markup.split("data-id=\"").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect()
    }

    #[test]
    fn rows_are_grouped_by_scope_then_tag_most_first_and_escaped() {
        let markup = groups(7, &store(), None, usize::MAX);
        assert_eq!(ids(&markup), ["m4", "m3", "m1", "m2", "m0"]);
        assert!(markup.contains("#state <span class=\"count\">· 2 rows</span>"));
        assert!(markup.contains("<span class=\"tag-chip\">#ui</span>"));
        assert!(markup.contains("no scope"));
        assert!(markup.contains("fact &lt;m4&gt;") && !markup.contains("<m4>"));
        assert!(markup.contains("data-audit=\"stale-entry\""));
    }

    #[test]
    fn a_scope_shows_only_its_rows_and_the_cap_holds() {
        assert_eq!(ids(&groups(7, &store(), Some("b"), usize::MAX)), ["m2"]);
        assert_eq!(ids(&groups(7, &store(), Some("a"), 2)), ["m4", "m3"]);
        assert_eq!(audit_line(&store().rows), "1 stale · 1 duplicate");
    }
}
