//! Property tests of the parser: no panic and a byte-exact round trip for any text, from
//! arbitrary strings and from mutated real-world files; every input is also checked,
//! planned, rendered as a prompt and diffed against its unmutated self, none of which may
//! panic. `PROPTEST_CASES` scales the run (the README gives the count of the
//! million-input run).

use memento_edit::prompt::render_prompt;
use memento_core::{parse, CheckOptions, Document, Span};
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Seeds for mutation: the corpus files (under 40 KB, to keep cases fast) and fixtures.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut out = vec![include_str!("fixtures/checkpoint-log.md").to_owned(), include_str!("fixtures/session-notes.md").to_owned(), include_str!("fixtures/store.jsonl").to_owned()];
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
        if let Ok(entries) = std::fs::read_dir(dir) {
            let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            for p in paths {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    if text.len() < 40_000 {
                        out.push(text);
                    }
                }
            }
        }
        out
    })
}

/// Fragments that make markdown and memory files interesting to a parser.
const FRAGMENTS: &[&str] = &[
    "\n", "\r\n", "\r", "# ", "## ", "### ", "- ", "* ", "1. ", "  ", "\t", "> ", "```", "~~~", "<div>", "</div>",
    "<!-- ", " -->", "---\n", "- [x] ", "- [ ] ", "**", "_", "`", "[", "]", "(", ")", "COMPLETED: ", "IN_PROGRESS: ",
    "PENDING: ", "DONE: ", "WEIRD: ", "stopped at 094", "files 092-???", "001-047", " — ", " -- ", " - ",
    "2026-04-22T07:12Z", "2026-04-22 07:12", "2026-02-30", "9999-12-31T23:59:59+18:00", "SUPERSEDES [", "SUPERSEDES ",
    "## Decisions Made\n", "## Progress Markers\n", "## Next Session Start\n", "## TASK COMPLETE — ", "Final status: ",
    "# Session Memory — t\n", "✅", "🚧", "⏳", "❌", "中文", "é", "\u{feff}", "\u{200b}", "{", "}", "\"", ",", ":", "\\",
    "[{\"passes\":true}]", "{\"content\":\"x\"}\n", "|", "===", "    ", "\u{0}",
    // JSON task state: status words, pointers, next actions, decisions, kinds of rows.
    "{\"id\":\"T-1\",\"name\":\"a\",\"status\":\"done\"}", "\"status\":\"In progress - x\"", "\"outcome\":\"Complete: é\"",
    "\"current_task_id\":\"T-1\"", "\"focus\":\"a\"", "\"next_actions\":[\"go\"]", "\"decisions\":\"d\"",
    "\"type\":\"project\"", "\"reason\":\"r\"", "\"ts\":\"2026-04-22T07:12Z\"", "\"features\":[", "\"tasks\":{",
    // Decisions outside lists, boxes under way, stated statuses, waits, overall figures.
    "| Date | Decision |\n|---|---|\n", "| 2025-04-01 | Use X |\n", "# Decision Log\n", "### Context\n", "[2025-04-01 10:00:00] - ",
    "(completed: a; remaining: b)", "  - [x] ", "## In Progress\n", "**Status:** Blocked — ", "## Current Status: ",
    "waiting on Alice to review", "(in progress)", " in progress", "Overall: 95% complete", "%", "Completed search",
];

fn assert_sound(text: &str) -> Document {
    let doc = parse(text);
    assert_eq!(doc.to_string(), text);
    check_spans(&doc, text);
    let options = CheckOptions { now: doc.last_updated(), ..CheckOptions::default() };
    let plan = memento_core::plan(&doc, &options);
    let prompt = render_prompt(&doc, &plan, 400).expect("400 tokens hold a complete prompt");
    assert!(memento_core::tokens::estimate(&prompt) <= 400, "prompt over budget: {prompt:?}");
    for d in &plan.diagnostics {
        assert!(d.range.start() <= d.range.end() && d.range.end() <= text.len());
    }
    doc
}

fn check_spans(doc: &Document, text: &str) {
    let ok = |s: Span| s.start() <= s.end() && s.end() <= text.len() && text.is_char_boundary(s.start()) && text.is_char_boundary(s.end());
    for s in doc.sections() {
        assert!(ok(s.span) && ok(s.heading) && ok(s.title) && ok(s.body));
        assert!(s.description.is_none_or(ok));
    }
    for i in doc.items() {
        assert!(ok(i.span) && ok(i.text));
    }
    for e in doc.entries() {
        assert!(ok(e.text) && ok(e.timestamp_span));
    }
    for d in doc.decisions() {
        assert!(ok(d.text));
        if let Some(s) = &d.supersedes {
            assert!(ok(s.span) && ok(s.target));
            assert!(s.resolved.is_none_or(|r| r < doc.decisions().len()));
        }
    }
    for m in doc.progress() {
        assert!(ok(m.span) && ok(m.status_span) && m.detail.is_none_or(ok) && m.id.is_none_or(ok));
        for u in &m.units {
            assert!(ok(u.name) && u.stopped_at.is_none_or(ok));
            if let Some(r) = u.range {
                assert!(ok(r.span) && ok(r.start) && r.end.is_none_or(ok));
            }
        }
    }
    if let Some(n) = doc.next_step() {
        assert!(ok(n.span) && ok(n.text));
    }
    for f in doc.json_faults() {
        assert!(ok(f.span));
    }
    let state = doc.json_state();
    for t in state.next.iter().chain(&state.decisions) {
        assert!(ok(t.span));
    }
    let _ = doc.position(text.len());
    let _ = doc.last_updated();
}

#[derive(Debug, Clone)]
enum Mutation {
    Insert(usize, usize),
    Delete(usize, usize),
    DuplicateLine(usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..FRAGMENTS.len()).prop_map(|(a, f)| Mutation::Insert(a, f)),
        (any::<usize>(), 0usize..64).prop_map(|(a, n)| Mutation::Delete(a, n)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(mut text: String, mutations: &[Mutation]) -> String {
    for m in mutations {
        let len = text.len().max(1);
        match *m {
            Mutation::Insert(at, f) => {
                let at = floor_boundary(&text, at % (len + 1));
                text.insert_str(at, FRAGMENTS[f]);
            }
            Mutation::Delete(at, n) => {
                let a = floor_boundary(&text, at % len);
                let b = floor_boundary(&text, a + n);
                text.replace_range(a..b, "");
            }
            Mutation::DuplicateLine(at) => {
                let a = floor_boundary(&text, at % len);
                let start = text[..a].rfind('\n').map_or(0, |i| i + 1);
                let end = text[a..].find('\n').map_or(text.len(), |i| a + i + 1);
                let line = text[start..end].to_owned();
                text.insert_str(end, &line);
            }
            Mutation::Truncate(at) => {
                let a = floor_boundary(&text, at % len);
                text.truncate(a);
            }
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_string_round_trips(text in any::<String>()) {
        assert_sound(&text);
    }

    #[test]
    fn fragment_soup_round_trips(parts in prop::collection::vec(0..FRAGMENTS.len(), 0..60)) {
        let text: String = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        assert_sound(&text);
    }

    #[test]
    fn mutated_real_files_round_trip(seed in any::<prop::sample::Index>(), muts in prop::collection::vec(mutation(), 1..8)) {
        let base = seed.get(seeds()).clone();
        let text = apply(base.clone(), &muts);
        let new = assert_sound(&text);
        let _ = memento_edit::diff(&parse(&base), &new);
    }
}

/// Found by the fragment soup: a stamped item whose status closes its line (the unit is
/// named after the stamp, and its spans are the stamp-less line's, not the item's).
#[test]
fn a_stamped_item_with_a_closing_status_has_sound_spans() {
    let doc = assert_sound("- 2026-04-22T07:12Z  \r**中文Final status: (in progress)\n");
    assert!(doc.progress().iter().all(|m| m.units.iter().all(|u| !doc.text(u.name).contains("2026"))));
}

#[test]
fn every_seed_is_sound() {
    for s in seeds() {
        assert_sound(s);
    }
}
