//! Transition rules (`diff OLD NEW`): each rule firing and not firing, given / running /
//! produces; and the property that Memento's own edits never trip them.

use memento_edit::edit::{self, Kind};
use memento_core::{parse, Diagnostic, Rule, Span, Status, Timestamp};
use memento_edit::diff;
use proptest::prelude::*;

const SEED: &str = include_str!("../../core/tests/fixtures/checkpoint-log.md");
const NOTES: &str = include_str!("../../core/tests/fixtures/session-notes.md");

fn at(s: &str) -> Timestamp {
    Timestamp::parse(s).unwrap()
}

fn run(old: &str, new: &str) -> Vec<Diagnostic> {
    diff(&parse(old), &parse(new))
}

/// (rule, text of the range in `new`, 1-based line) of each diagnostic.
fn summary<'a>(new: &'a str, ds: &[Diagnostic]) -> Vec<(Rule, &'a str, u32)> {
    ds.iter().map(|d| (d.rule, &new[d.range.range()], d.line)).collect()
}

mod header_changed {
    use super::*;

    #[test]
    fn fires_on_a_renamed_or_removed_header() {
        let new = SEED.replace("## Key Discoveries", "## Discoveries");
        let ds = run(SEED, &new);
        assert_eq!(summary(&new, &ds), [(Rule::HeaderChanged, "## Discoveries", 13)]);
        assert!(ds[0].message.contains("`## Key Discoveries` was changed to `## Discoveries`"), "{}", ds[0].message);

        let new = SEED.replace("## Progress Markers\n", "");
        let ds = run(SEED, &new);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].rule, Rule::HeaderChanged);
        assert!(ds[0].message.contains("`## Progress Markers` was removed"));
        assert_eq!(ds[0].range, Span::empty(new.find("## Key Discoveries").unwrap()), "where it was: before the next surviving header");
    }

    #[test]
    fn fires_on_an_added_header_in_session_notes_only() {
        let new = format!("{NOTES}\n# Scratchpad\nstuff\n");
        let ds = run(NOTES, &new);
        assert_eq!(summary(&new, &ds), [(Rule::HeaderChanged, "# Scratchpad", 39)]);
        // A checkpoint log gains sections as it is written: not a header change.
        let old = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n";
        let new = edit::checkpoint(old, "a fact", at("2026-04-22T08:00Z"), None).unwrap().text;
        assert!(run(old, &new).is_empty());
    }

    #[test]
    fn does_not_fire_on_content_changes_or_moved_line_endings() {
        assert!(run(SEED, SEED).is_empty());
        let new = edit::set_next(SEED, "Begin with file 121.").unwrap().text;
        assert!(run(SEED, &new).is_empty());
        let crlf = SEED.replace('\n', "\r\n");
        assert!(run(SEED, &crlf).is_empty());
        let notes = edit::update_section(NOTES, "Current State", "Working on batch_4.").unwrap().text;
        assert!(run(NOTES, &notes).is_empty());
    }

    #[test]
    fn does_not_fire_when_a_heading_only_changes_its_status_emoji() {
        // Every status emoji the reader knows is progress in a heading, not a new header.
        for (from, to) in [("🔄", "✅"), ("🟡", "🟢"), ("⏸️", "✅"), ("🔲", "☑"), ("⛔", "🚧")] {
            let old = format!("# Progress\n\n## {from} Session State\nwork\n");
            let new = format!("# Progress\n\n## {to} Session State\nwork\n");
            assert!(run(&old, &new).is_empty(), "{from} → {to}: {:?}", run(&old, &new));
        }
    }
}

mod description_changed {
    use super::*;

    #[test]
    fn fires_when_an_italic_description_changes_or_goes() {
        let new = NOTES.replace("_What worked well. What didn't. What to avoid._", "_Lessons._");
        let ds = run(NOTES, &new);
        assert_eq!(summary(&new, &ds), [(Rule::DescriptionChanged, "_Lessons._", 29)]);
        let new = NOTES.replace("_What worked well. What didn't. What to avoid._\n", "");
        let ds = run(NOTES, &new);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].rule, Rule::DescriptionChanged);
        assert!(ds[0].message.contains("was removed"));
    }

    #[test]
    fn does_not_fire_when_only_content_changes() {
        let new = edit::update_section(NOTES, "Learnings", "Splices keep bytes.").unwrap().text;
        assert!(run(NOTES, &new).is_empty());
        let new = edit::checkpoint(NOTES, "the parser is lossless", at("2026-04-22T08:00Z"), None).unwrap().text;
        assert!(run(NOTES, &new).is_empty());
    }
}

mod decision_rewritten {
    use super::*;

    #[test]
    fn fires_on_an_edited_decision_at_its_new_text() {
        let new = SEED.replace("DO NOT modify config/auth.yaml", "Modify config/auth.yaml");
        let ds = run(SEED, &new);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!((ds[0].rule, ds[0].line), (Rule::DecisionRewritten, 4));
        assert!(new[ds[0].range.range()].starts_with("- 2026-04-22T07:12Z — Modify config/auth.yaml"));
        assert!(ds[0].message.contains("2026-04-22T07:12Z was edited"));
        assert!(ds[0].help.as_deref().unwrap().contains("SUPERSEDES [2026-04-22T07:12Z]"));
    }

    #[test]
    fn fires_on_a_deleted_decision_where_it_was() {
        let line = "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all\n";
        let new = SEED.replace(line, "");
        let ds = run(SEED, &new);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].rule, Rule::DecisionRewritten);
        assert!(ds[0].message.contains("was deleted"));
        assert_eq!(ds[0].range, Span::empty(new.find("- 2026-04-22T07:23Z").unwrap()));
    }

    #[test]
    fn does_not_fire_on_a_supersede_or_a_new_decision() {
        let new = edit::supersede(SEED, "2026-04-22T07:12Z", "Modify config/auth.yaml for the admin role", at("2026-04-22T08:00Z")).unwrap().text;
        assert!(run(SEED, &new).is_empty());
        let star = SEED.replace("\n- 2026", "\n* 2026");
        assert!(run(SEED, &star).is_empty(), "a bullet change is not a rewrite");
    }
}

mod entry_removed {
    use super::*;

    #[test]
    fn fires_on_a_deleted_discovery_or_worklog_entry() {
        let line = "- `orders/batch_2/order_073.json` is malformed (truncated at line 14) — log as error, don't process\n";
        let new = SEED.replace(line, "");
        let ds = run(SEED, &new);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].rule, Rule::EntryRemoved);
        assert_eq!(ds[0].range, Span::empty(new.find("- Pattern:").unwrap()));
        assert!(ds[0].message.contains("(old line 15) was removed from Key Discoveries"), "{}", ds[0].message);

        let new = NOTES.replace("- 2026-04-22T07:12Z — read orders.py\n", "");
        let ds = run(NOTES, &new);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].rule, Rule::EntryRemoved);
        assert_eq!(ds[0].range, Span::empty(new.trim_end().len()));
    }

    #[test]
    fn does_not_fire_when_entries_are_added_or_moved() {
        let new = edit::checkpoint(SEED, "batch 4 is sorted", at("2026-04-22T08:00Z"), None).unwrap().text;
        assert!(run(SEED, &new).is_empty());
        let a = "- Order schema has undocumented `legacy_id` field used only by `reports/quarterly.py` — do not remove\n";
        let b = "- Pattern: all failed orders have `payment_status: null` before `order_status: failed` — not after\n";
        let swapped = SEED.replace(a, "@@").replace(b, a).replace("@@", b);
        assert!(run(SEED, &swapped).is_empty());
        // Progress lines are state, not append-only: changing one is not a removal.
        let new = edit::set_progress(SEED, "orders/batch_3/", Status::Completed, None).unwrap().text;
        assert!(run(SEED, &new).is_empty());
    }
}

mod progress_regressed {
    use super::*;

    #[test]
    fn fires_when_a_completed_unit_goes_back_without_a_note() {
        let new = edit::set_progress(SEED, "orders/batch_2/", Status::Pending, None).unwrap().text;
        let ds = run(SEED, &new);
        assert_eq!(summary(&new, &ds), [(Rule::ProgressRegressed, "- PENDING: orders/batch_2/ (files 048-091)", 9)]);
        assert!(ds[0].message.contains("`orders/batch_2/` was COMPLETED and is now PENDING"));
    }

    #[test]
    fn does_not_fire_with_a_reason_or_while_still_completed() {
        let new = SEED.replace("- COMPLETED: orders/batch_2/ (files 048-091)", "- IN_PROGRESS: orders/batch_2/ (files 048-091, reopened because 073 was re-exported)");
        let new = new.replace("- IN_PROGRESS: orders/batch_3/", "- PENDING: orders/batch_3/");
        assert!(run(SEED, &new).is_empty(), "{:?}", run(SEED, &new));
        let new = edit::set_progress(SEED, "orders/batch_3/", Status::Completed, None).unwrap().text;
        assert!(run(SEED, &new).is_empty());
        let regressed_file = SEED.replace("COMPLETED: orders/batch_1/", "FAILED: orders/batch_1/");
        assert!(run(&regressed_file, SEED).is_empty(), "going forward is fine");
    }
}

mod completion_removed {
    use super::*;

    #[test]
    fn fires_when_task_complete_is_removed() {
        let done = edit::complete(SEED, "all batches processed.", at("2026-04-22T09:30Z")).unwrap().text;
        let ds = run(&done, SEED);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].rule, Rule::CompletionRemoved);
        assert_eq!(ds[0].range, Span::empty(SEED.len()));
        assert!(ds[0].message.contains("`## TASK COMPLETE — 2026-04-22T09:30Z` (old line 21) was removed"));
    }

    #[test]
    fn does_not_fire_when_it_stays_or_is_added() {
        let done = edit::complete(SEED, "all batches processed.", at("2026-04-22T09:30Z")).unwrap().text;
        assert!(run(SEED, &done).is_empty());
        assert!(run(&done, &done).is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A sequence of Memento's own forward edits never trips a transition rule.
    #[test]
    fn memento_edits_never_trip_transition_rules(steps in prop::collection::vec((0u8..6, "[a-z]{3,8} [a-z]{3,8}", 0u32..59), 1..6)) {
        let mut text = SEED.to_owned();
        for (op, words, minute) in steps {
            let when = at(&format!("2026-04-22T08:{minute:02}Z"));
            let out = match op {
                0 => edit::checkpoint(&text, &words, when, Some(Kind::Discovery)),
                1 => edit::checkpoint(&text, &words, when, Some(Kind::Decision)),
                2 => edit::set_next(&text, &words),
                3 => edit::set_progress(&text, &words, Status::Pending, None),
                4 => edit::supersede(&text, "2026-04-22T07:23Z", &words, when),
                _ => edit::set_progress(&text, "orders/batch_3/", Status::Completed, None),
            };
            if let Ok(out) = out {
                let ds = run(&text, &out.text);
                prop_assert!(ds.is_empty(), "{:?}", ds);
                text = out.text;
            }
        }
    }

    #[test]
    fn diff_never_panics(old in "[-#* a-z0-9:\\n_\\[\\]—]{0,200}", new in "[-#* a-z0-9:\\n_\\[\\]—]{0,200}") {
        for d in run(&old, &new) {
            prop_assert!(d.range.end() <= new.len());
        }
    }
}
