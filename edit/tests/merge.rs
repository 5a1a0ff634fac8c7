//! Three-way merge, given / running / produces, and its properties: identity on either side,
//! order independence for append-only additions, no panics.

use memento_edit::edit::{self, Kind};
use memento_edit::merge::{merge, MergeConflict};
use memento_core::{Status, Timestamp};
use proptest::prelude::*;

const SEED: &str = include_str!("../../core/tests/fixtures/checkpoint-log.md");
const NOTES: &str = include_str!("../../core/tests/fixtures/session-notes.md");

fn at(s: &str) -> Timestamp {
    Timestamp::parse(s).unwrap()
}

fn cp(text: &str, note: &str, when: &str) -> String {
    edit::checkpoint(text, note, at(when), None).unwrap().text
}

/// `text` with `line` inserted after the line starting with `after`.
fn with_line_after(text: &str, after: &str, line: &str) -> String {
    let at = text.find(after).unwrap_or_else(|| panic!("{after}"));
    let end = at + text[at..].find('\n').unwrap() + 1;
    format!("{}{line}\n{}", &text[..end], &text[end..])
}

#[test]
fn decisions_added_on_both_sides_are_united_in_timestamp_order() {
    let ours = cp(SEED, "Use redis for the order cache", "2026-04-22T08:10Z");
    let theirs = cp(SEED, "Never retry a failed payment", "2026-04-22T08:05Z");
    let expected = with_line_after(
        &with_line_after(SEED, "- 2026-04-22T07:23Z", "- 2026-04-22T08:05Z — Never retry a failed payment"),
        "- 2026-04-22T08:05Z",
        "- 2026-04-22T08:10Z — Use redis for the order cache",
    );
    let m = merge(SEED, &ours, &theirs);
    assert_eq!(m.text, expected);
    assert!(m.conflicts.is_empty());
    assert_eq!(merge(SEED, &theirs, &ours).text, expected);
}

#[test]
fn discoveries_without_timestamps_keep_their_place_and_new_ones_follow() {
    let ours = cp(SEED, "Batch 4 is sorted by customer", "2026-04-22T08:00Z");
    let ours = cp(&ours, "Batch 5 has no header row", "2026-04-22T08:30Z");
    let theirs = cp(SEED, "Order 101 is a duplicate of order 100", "2026-04-22T08:15Z");
    let m = merge(SEED, &ours, &theirs);
    let expected = with_line_after(
        &with_line_after(
            &with_line_after(SEED, "- Pattern:", "- 2026-04-22T08:00Z — Batch 4 is sorted by customer"),
            "- 2026-04-22T08:00Z",
            "- 2026-04-22T08:15Z — Order 101 is a duplicate of order 100",
        ),
        "- 2026-04-22T08:15Z",
        "- 2026-04-22T08:30Z — Batch 5 has no header row",
    );
    assert_eq!(m.text, expected);
    assert!(m.conflicts.is_empty());
}

#[test]
fn an_entry_both_sides_added_is_written_once() {
    let both = cp(SEED, "Batch 4 is sorted by customer", "2026-04-22T08:00Z");
    let ours = cp(&both, "ours only", "2026-04-22T08:01Z");
    let theirs = cp(&both, "theirs only", "2026-04-22T08:02Z");
    let m = merge(SEED, &ours, &theirs);
    assert_eq!(m.text.matches("Batch 4 is sorted by customer").count(), 1);
    assert!(m.text.contains("— Batch 4 is sorted by customer\n- 2026-04-22T08:01Z — ours only\n- 2026-04-22T08:02Z — theirs only\n"));
}

#[test]
fn state_sections_take_the_changed_side_or_conflict() {
    let ours = edit::set_next(SEED, "Begin with file 121.").unwrap().text;
    let theirs = cp(SEED, "Use redis for the order cache", "2026-04-22T08:10Z");
    let m = merge(SEED, &ours, &theirs);
    assert!(m.conflicts.is_empty());
    assert!(m.text.contains("## Next Session Start\nBegin with file 121.\n"));
    assert!(m.text.contains("— Use redis for the order cache\n"));

    let theirs = edit::set_next(SEED, "Begin with file 130.").unwrap().text;
    let m = merge(SEED, &ours, &theirs);
    assert_eq!(m.text, ours, "a conflict keeps ours");
    assert_eq!(m.conflicts.len(), 1);
    assert_eq!(m.conflicts[0].section, "Next Session Start");
}

#[test]
fn progress_merges_per_unit() {
    let ours = edit::set_progress(SEED, "orders/batch_3/", Status::Completed, None).unwrap().text;
    let theirs = edit::set_progress(SEED, "orders/batch_6/", Status::Pending, None).unwrap().text;
    let m = merge(SEED, &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert!(m.text.contains(
        "- COMPLETED: orders/batch_3/ (files 092-???)\n- PENDING: orders/batch_4/, batch_5/\n- PENDING: orders/batch_6/\n"
    ));

    // The same unit changed both ways: a conflict on that unit; the other change still lands.
    let theirs = edit::set_progress(SEED, "orders/batch_3/", Status::InProgress, Some("120")).unwrap().text;
    let theirs = edit::set_progress(&theirs, "orders/batch_1/", Status::Failed, None).unwrap().text;
    let m = merge(SEED, &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1, "{:?}", m.conflicts);
    assert_eq!(m.conflicts[0].section, "Progress Markers");
    assert!(m.conflicts[0].reason.contains("orders/batch_3"), "{}", m.conflicts[0].reason);
    assert!(m.text.contains("- FAILED: orders/batch_1/ (files 001-047)\n"));
    assert!(m.text.contains("- COMPLETED: orders/batch_3/ (files 092-???)\n"));

    // A PENDING line split on one side, another unit changed on the other.
    let ours = edit::set_progress(SEED, "batch_5/", Status::Skipped, None).unwrap().text;
    let theirs = edit::set_progress(SEED, "orders/batch_1/", Status::Failed, None).unwrap().text;
    let m = merge(SEED, &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert!(m.text.contains("- FAILED: orders/batch_1/ (files 001-047)\n"));
    assert!(m.text.contains("- PENDING: orders/batch_4/\n- SKIPPED: batch_5/\n"));
}

#[test]
fn sections_added_on_one_side_are_kept() {
    let theirs = edit::complete(SEED, "all batches processed.", at("2026-04-22T09:30Z")).unwrap().text;
    let ours = cp(SEED, "Use redis for the order cache", "2026-04-22T08:10Z");
    let m = merge(SEED, &ours, &theirs);
    assert!(m.conflicts.is_empty());
    assert_eq!(
        m.text,
        format!("{ours}\n## TASK COMPLETE — 2026-04-22T09:30Z\nFinal status: all batches processed.\n")
    );
    let base = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## Next Session Start\nGo.\n";
    let ours = cp(base, "a fact", "2026-04-22T08:00Z"); // creates Key Discoveries
    let theirs = cp(base, "use y for z", "2026-04-22T08:01Z");
    let m = merge(base, &ours, &theirs);
    assert_eq!(
        m.text,
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n- 2026-04-22T08:01Z — use y for z\n\n## Key Discoveries\n- 2026-04-22T08:00Z — a fact\n\n## Next Session Start\nGo.\n"
    );
}

#[test]
fn a_section_removed_on_one_side_and_untouched_on_the_other_is_removed() {
    let ours = SEED.replace("## Key Discoveries\n- Order schema has undocumented `legacy_id` field used only by `reports/quarterly.py` — do not remove\n- `orders/batch_2/order_073.json` is malformed (truncated at line 14) — log as error, don't process\n- Pattern: all failed orders have `payment_status: null` before `order_status: failed` — not after\n\n", "");
    let theirs = cp(SEED, "Use redis for the order cache", "2026-04-22T08:10Z");
    let m = merge(SEED, &ours, &theirs);
    assert!(!m.text.contains("## Key Discoveries"));
    assert!(m.text.contains("Use redis"));
    let theirs = cp(SEED, "a fact", "2026-04-22T08:10Z");
    let m = merge(SEED, &ours, &theirs);
    assert_eq!(m.conflicts, [MergeConflict { section: "Key Discoveries".into(), reason: "ours removed this section, theirs changed it; kept theirs".into() }]);
    assert!(m.text.contains("— a fact"));
}

#[test]
fn session_notes_worklog_unites_and_current_state_conflicts() {
    let ours = edit::checkpoint(NOTES, "COMPLETED: ran batch_3", at("2026-04-22T08:00Z"), Some(Kind::Progress)).unwrap().text;
    let ours = edit::update_section(&ours, "Current State", "Ours: batch_4 next.").unwrap().text;
    let theirs = edit::checkpoint(NOTES, "COMPLETED: ran the linter", at("2026-04-22T08:05Z"), Some(Kind::Progress)).unwrap().text;
    let theirs = edit::update_section(&theirs, "Current State", "Theirs: release next.").unwrap().text;
    let m = merge(NOTES, &ours, &theirs);
    assert!(m.text.ends_with("- 2026-04-22T07:12Z — read orders.py\n- 2026-04-22T08:00Z — COMPLETED: ran batch_3\n- 2026-04-22T08:05Z — COMPLETED: ran the linter\n"));
    assert_eq!(m.conflicts.len(), 1);
    assert_eq!(m.conflicts[0].section, "Current State");
    assert!(m.text.contains("Ours: batch_4 next."));
}

#[test]
fn crlf_files_merge_as_crlf() {
    let base = SEED.replace('\n', "\r\n");
    let ours = cp(&base, "Use redis for the order cache", "2026-04-22T08:10Z");
    let theirs = cp(&base, "Never retry a failed payment", "2026-04-22T08:05Z");
    let m = merge(&base, &ours, &theirs);
    assert!(m.text.contains("orders.py:241\r\n- 2026-04-22T08:05Z — Never retry a failed payment\r\n- 2026-04-22T08:10Z — Use redis for the order cache\r\n\r\n## Progress"));
    assert!(!m.text.replace("\r\n", "").contains('\n'));
}

#[test]
fn jsonl_stores_merge_by_row() {
    let base = "{\"id\":\"m1\",\"content\":\"a\"}\n{\"id\":\"m2\",\"content\":\"b\"}\n";
    let ours = format!("{base}{{\"id\":\"m3\",\"content\":\"c\"}}\n");
    let theirs = "{\"id\":\"m1\",\"content\":\"a\"}\n{\"id\":\"m4\",\"content\":\"d\"}\n";
    let m = merge(base, &ours, theirs);
    assert_eq!(m.text, "{\"id\":\"m1\",\"content\":\"a\"}\n{\"id\":\"m3\",\"content\":\"c\"}\n{\"id\":\"m4\",\"content\":\"d\"}\n");
}

fn base_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(SEED.to_owned()),
        Just(SEED.replace('\n', "\r\n")),
        Just(SEED.strip_suffix('\n').unwrap().to_owned()),
        Just(SEED.replace("\n- ", "\n* ")),
        Just(NOTES.to_owned()),
        Just(edit::init(memento_core::Dialect::CheckpointLog, "t").unwrap()),
        Just("# Session Memory — t\n\n## Next Session Start\nGo.\n".to_owned()),
    ]
}

/// A few checkpoints: (note, kind, minute).
fn appends() -> impl Strategy<Value = Vec<(String, bool, u32)>> {
    let note = prop_oneof![
        "[a-z]{3,8} [a-z]{3,8} [0-9]{1,3}",
        Just("shared fact".to_owned()),
        Just("Use the shared cache".to_owned()),
    ];
    prop::collection::vec((note, any::<bool>(), 0u32..120), 1..5)
}

fn apply(base: &str, steps: &[(String, bool, u32)]) -> String {
    let mut text = base.to_owned();
    for (note, decision, minute) in steps {
        let when = at(&format!("2026-04-22T{:02}:{:02}Z", 8 + minute / 60, minute % 60));
        let kind = if *decision { Kind::Decision } else { Kind::Discovery };
        if let Ok(out) = edit::checkpoint(&text, note, when, Some(kind)) {
            text = out.text;
        }
    }
    text
}

fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-z ]{0,6}",
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("## Decisions Made\n".to_owned()),
        Just("## Progress Markers\n".to_owned()),
        Just("## Next Session Start\n".to_owned()),
        Just("# Worklog\n_desc_\n".to_owned()),
        Just("## TASK COMPLETE — 2026-04-22T09:00Z\n".to_owned()),
        Just("- 2026-04-22T07:12Z — use a\n".to_owned()),
        Just("- 2026-04-22T07:13Z — use b\n".to_owned()),
        Just("- COMPLETED: a/\n".to_owned()),
        Just("- PENDING: c, d\n".to_owned()),
        Just("- [ ] e\n".to_owned()),
        Just("  - nested\n".to_owned()),
        Just("```\n".to_owned()),
        Just("{\"id\":1}\n".to_owned()),
        Just("é🎉".to_owned()),
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn merging_with_an_unchanged_side_gives_the_changed_side(base in text_strategy(), x in text_strategy()) {
        prop_assert_eq!(merge(&base, &x, &base).text, x.clone());
        prop_assert_eq!(merge(&base, &base, &x).text, x);
    }

    #[test]
    fn append_only_additions_merge_in_any_order(base in base_strategy(), xs in appends(), ys in appends()) {
        let x = apply(&base, &xs);
        let y = apply(&base, &ys);
        let xy = merge(&base, &x, &y);
        let yx = merge(&base, &y, &x);
        prop_assert_eq!(&xy.text, &yx.text);
        prop_assert!(xy.conflicts.is_empty(), "{:?}", xy.conflicts);
        for side in [&x, &y] {
            for line in side.lines() {
                prop_assert!(xy.text.contains(line.trim_end_matches('\r')), "lost {:?}", line);
            }
        }
        prop_assert_eq!(memento_core::parse(&xy.text).to_string(), xy.text.clone());
    }

    #[test]
    fn merge_never_panics(base in text_strategy(), x in text_strategy(), y in text_strategy()) {
        let m = merge(&base, &x, &y);
        prop_assert_eq!(memento_core::parse(&m.text).to_string(), m.text);
    }
}
