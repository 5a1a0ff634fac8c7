//! Edits (docs/edits.md), given / running / produces: the exact text each edit writes, on the seed
//! 000 file and on copies with other conventions (CRLF, `*` bullets, no final newline, ` -- `
//! separators and other timestamp styles), on session notes and on a memory bank; the
//! guards; and property tests (round trip, notes never corrupt other sections, no panics).

use memento_edit::edit::{self, EditError, EditOptions, EditOutcome, Kind};
use memento_core::{parse, splice, Dialect, Status, Timestamp};
use proptest::prelude::*;

const SEED: &str = include_str!("../../core/tests/fixtures/checkpoint-log.md");
const NOTES: &str = include_str!("../../core/tests/fixtures/session-notes.md");

fn at(s: &str) -> Timestamp {
    Timestamp::parse(s).unwrap()
}

fn t8() -> Timestamp {
    at("2026-04-22T08:00Z")
}

/// The outcome is a splice of the original: outside the edits' ranges every byte is the
/// original's, and the new text round-trips.
fn assert_only_edits_changed(original: &str, out: &EditOutcome) {
    assert_eq!(splice(original, &out.edits).unwrap(), out.text, "the edits reproduce the text");
    let (mut old_at, mut new_at) = (0, 0);
    for e in &out.edits {
        let kept = &original[old_at..e.range.start()];
        assert_eq!(&out.text[new_at..new_at + kept.len()], kept, "bytes before {:?} changed", e.range);
        new_at += kept.len() + e.content.len();
        old_at = e.range.end();
    }
    assert_eq!(&out.text[new_at..], &original[old_at..], "bytes after the last edit changed");
    assert_eq!(parse(&out.text).to_string(), out.text);
}

/// Given `given`, running `op` produces `expected` (and only the edited ranges changed).
fn produces(given: &str, op: impl Fn(&str) -> Result<EditOutcome, EditError>, expected: &str) {
    let out = op(given).unwrap_or_else(|e| panic!("refused: {e}"));
    assert_eq!(out.text, expected);
    assert_only_edits_changed(given, &out);
}

/// `SEED` with `line` inserted after the line that starts with `after`.
fn seed_with_line_after(after: &str, line: &str) -> String {
    let at = SEED.find(after).unwrap_or_else(|| panic!("{after}"));
    let end = at + SEED[at..].find('\n').unwrap() + 1;
    format!("{}{line}\n{}", &SEED[..end], &SEED[end..])
}

/// `SEED` with the line starting with `old` replaced by `new` (which may be several lines).
fn seed_with_line_replaced(old: &str, new: &str) -> String {
    let at = SEED.find(old).unwrap_or_else(|| panic!("{old}"));
    let end = at + SEED[at..].find('\n').unwrap();
    format!("{}{new}{}", &SEED[..at], &SEED[end..])
}

type Op = Box<dyn Fn(&str) -> Result<EditOutcome, EditError>>;

/// Every operation on the checkpoint-log fixture, with the exact text it produces.
fn seed_cases() -> Vec<(&'static str, Op, String)> {
    vec![
        (
            "checkpoint routes `Use …` to Decisions Made, after the last decision",
            Box::new(|t| edit::checkpoint(t, "Use redis for the order cache", t8(), None)),
            seed_with_line_after("- 2026-04-22T07:23Z", "- 2026-04-22T08:00Z — Use redis for the order cache"),
        ),
        (
            "checkpoint routes a fact to Key Discoveries, after the last one",
            Box::new(|t| edit::checkpoint(t, "Batch 3 files are sorted by customer id", t8(), None)),
            seed_with_line_after("- Pattern:", "- 2026-04-22T08:00Z — Batch 3 files are sorted by customer id"),
        ),
        (
            "a multi-line note is folded into one entry: no heading, no new item",
            Box::new(|t| edit::checkpoint(t, "Batch 4 needs care\n## Injected Section\n- and an item\r\n", t8(), Some(Kind::Discovery))),
            seed_with_line_after("- Pattern:", "- 2026-04-22T08:00Z — Batch 4 needs care ## Injected Section - and an item"),
        ),
        (
            "checkpoint routes a status word to the unit's progress line (state, not a log)",
            Box::new(|t| edit::checkpoint(t, "COMPLETED: orders/batch_3/ (files 092-140)", t8(), None)),
            seed_with_line_replaced("- IN_PROGRESS:", "- COMPLETED: orders/batch_3/ (files 092-140)"),
        ),
        (
            "supersede appends a new decision naming the old one; the old one is untouched",
            Box::new(|t| edit::supersede(t, "2026-04-22T07:12Z", "Modify config/auth.yaml to add the admin role", t8())),
            seed_with_line_after(
                "- 2026-04-22T07:23Z",
                "- 2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:12Z] Modify config/auth.yaml to add the admin role",
            ),
        ),
        (
            "set_progress COMPLETED changes the status word and drops the stale stop point",
            Box::new(|t| edit::set_progress(t, "orders/batch_3/", Status::Completed, None)),
            seed_with_line_replaced("- IN_PROGRESS:", "- COMPLETED: orders/batch_3/ (files 092-???)"),
        ),
        (
            "set_progress with a stop point moves it",
            Box::new(|t| edit::set_progress(t, "orders/batch_3", Status::InProgress, Some("120"))),
            seed_with_line_replaced("- IN_PROGRESS:", "- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 120)"),
        ),
        (
            "set_progress on one unit of a PENDING list splits the line, in unit order",
            Box::new(|t| edit::set_progress(t, "batch_5/", Status::Skipped, None)),
            seed_with_line_replaced("- PENDING:", "- PENDING: orders/batch_4/\n- SKIPPED: batch_5/"),
        ),
        (
            "the first unit of a PENDING list (forced past the one-IN_PROGRESS guard)",
            Box::new(|t| edit::set_progress_with(t, "orders/batch_4/", Status::InProgress, Some("201"), &EditOptions::forced())),
            seed_with_line_replaced("- PENDING:", "- IN_PROGRESS: orders/batch_4/ (stopped at 201)\n- PENDING: batch_5/"),
        ),
        (
            "set_progress of a new unit appends a line at the end of Progress Markers",
            Box::new(|t| edit::set_progress(t, "orders/batch_6/ (files 200-250)", Status::Pending, None)),
            seed_with_line_after("- PENDING:", "- PENDING: orders/batch_6/ (files 200-250)"),
        ),
        (
            "set_next replaces the Next Session Start paragraph",
            Box::new(|t| edit::set_next(t, "Begin with orders/batch_3/ file 121.")),
            seed_with_line_replaced("On next session start:", "Begin with orders/batch_3/ file 121."),
        ),
        (
            "complete appends the TASK COMPLETE block after a blank line",
            Box::new(|t| edit::complete(t, "all batches processed.", at("2026-04-22T09:30Z"))),
            format!("{SEED}\n## TASK COMPLETE — 2026-04-22T09:30Z\nFinal status: all batches processed.\n"),
        ),
    ]
}

#[test]
fn every_edit_on_the_seed_file() {
    for (name, op, expected) in seed_cases() {
        eprintln!("case: {name}");
        produces(SEED, op, &expected);
    }
}

#[test]
fn a_crlf_file_stays_crlf() {
    let crlf = |s: &str| s.replace('\n', "\r\n");
    for (name, op, expected) in seed_cases() {
        eprintln!("case: {name}");
        produces(&crlf(SEED), op, &crlf(&expected));
    }
}

#[test]
fn a_star_bullet_file_gets_star_bullets() {
    let star = |s: &str| s.replace("\n- ", "\n* ");
    for (name, op, expected) in seed_cases() {
        eprintln!("case: {name}");
        produces(&star(SEED), op, &star(&expected));
    }
}

#[test]
fn a_file_without_final_newline_keeps_it_so_and_never_glues_lines() {
    let cut = |s: &str| s.strip_suffix('\n').unwrap().to_owned();
    for (name, op, expected) in seed_cases() {
        eprintln!("case: {name}");
        produces(&cut(SEED), op, &cut(&expected));
    }
    // The last line is an item: the new entry goes on a line of its own.
    let given = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x";
    produces(
        given,
        |t| edit::checkpoint(t, "use y for z", t8(), None),
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n- 2026-04-22T08:00Z — use y for z",
    );
    let given = "# Session Memory — t\n\n## Key Discoveries";
    produces(
        given,
        |t| edit::checkpoint(t, "a fact", t8(), None),
        "# Session Memory — t\n\n## Key Discoveries\n- 2026-04-22T08:00Z — a fact",
    );
}

#[test]
fn new_entries_follow_the_files_separator_timestamp_style_and_wrapping() {
    let given = "# Session Memory — t2\n\n## Decisions Made\n- 2026-04-22 07:12 -- DO NOT modify config/auth.yaml\n\n## Key Discoveries\n- **2026-04-21** - legacy_id is used by reports\n\n## Next Session Start\nGo.\n";
    produces(
        given,
        |t| edit::checkpoint(t, "Use redis for the order cache", t8(), None),
        &given.replace("auth.yaml\n", "auth.yaml\n- 2026-04-22 08:00 -- Use redis for the order cache\n"),
    );
    produces(
        given,
        |t| edit::checkpoint(t, "batch 3 is sorted", t8(), None),
        &given.replace("reports\n", "reports\n- **2026-04-22** - batch 3 is sorted\n"),
    );
    // An offset zone is written as local time at that offset.
    let given = "# Session Memory — t3\n\n## Decisions Made\n- 2026-04-22T09:12:00+02:00 — use x\n";
    produces(
        given,
        |t| edit::checkpoint(t, "use y", t8(), Some(Kind::Decision)),
        &format!("{given}- 2026-04-22T10:00:00+02:00 — use y\n"),
    );
    // The stop point's dash follows the file's ASCII separators.
    let given = "# Session Memory — t4\n\n## Decisions Made\n- 2026-04-22T07:12Z -- use x\n\n## Progress Markers\n- IN_PROGRESS: batch_3 (files 092-???)\n";
    produces(
        given,
        |t| edit::set_progress(t, "batch_3", Status::InProgress, Some("095")),
        &given.replace("092-???)", "092-??? -- stopped at 095)"),
    );
}

#[test]
fn a_missing_section_is_created_in_canonical_order() {
    let given = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## Next Session Start\nGo.\n";
    produces(
        given,
        |t| edit::checkpoint(t, "a fact", t8(), None),
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## Key Discoveries\n- 2026-04-22T08:00Z — a fact\n\n## Next Session Start\nGo.\n",
    );
    produces(
        given,
        |t| edit::set_progress(t, "batch_1", Status::InProgress, None),
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## Progress Markers\n- IN_PROGRESS: batch_1\n\n## Next Session Start\nGo.\n",
    );
    let given = "# Session Memory — t\n\n## Key Discoveries\n- a fact\n";
    produces(
        given,
        |t| edit::checkpoint(t, "never touch prod", t8(), None),
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T08:00Z — never touch prod\n\n## Key Discoveries\n- a fact\n",
    );
    produces(given, |t| edit::set_next(t, "Go."), &format!("{given}\n## Next Session Start\nGo.\n"));
    // Before a TASK COMPLETE block, which stays last.
    let given = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## TASK COMPLETE — 2026-04-22T09:00Z\nFinal status: done.\n";
    produces(
        given,
        |t| edit::set_next(t, "Archive it."),
        &given.replace("## TASK", "## Next Session Start\nArchive it.\n\n## TASK"),
    );
}

#[test]
fn a_next_step_that_looks_like_markup_stays_a_paragraph() {
    let given = "# Session Memory — t\n\n## Next Session Start\nGo.\n";
    produces(given, |t| edit::set_next(t, "# not a heading"), &given.replace("Go.", "\\# not a heading"));
    produces(given, |t| edit::set_next(t, "1. first\n2. second"), &given.replace("Go.", "1\\. first 2. second"));
    produces(given, |t| edit::set_next(t, "- a"), &given.replace("Go.", "\\- a"));
}

#[test]
fn init_writes_a_fresh_file_per_dialect() {
    let text = edit::init(Dialect::CheckpointLog, "task_orders_audit_20260422").unwrap();
    assert_eq!(
        text,
        "# Session Memory — task_orders_audit_20260422\n\n## Decisions Made\n\n## Progress Markers\n\n## Key Discoveries\n\n## Next Session Start\n"
    );
    for dialect in [Dialect::CheckpointLog, Dialect::SessionNotes, Dialect::MemoryBank, Dialect::ProgressLog, Dialect::Generic] {
        let text = edit::init(dialect, "t1").unwrap();
        let doc = parse(&text);
        assert_eq!(doc.dialect(), dialect, "{text}");
        assert_eq!(doc.to_string(), text);
    }
    let notes = parse(&edit::init(Dialect::SessionNotes, "Orders audit").unwrap());
    assert_eq!(notes.sections().len(), 10);
    assert!(notes.sections().iter().all(|s| s.level == 1 && s.description.is_some()));
    assert!(notes.source().contains("# Session Title\n_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_\n\nOrders audit\n\n# Current State\n"));
    assert!(matches!(edit::init(Dialect::MemoryStore, "t"), Err(EditError::NotSupportedForDialect { .. })));
    assert!(matches!(edit::init(Dialect::CheckpointLog, " \n "), Err(EditError::InvalidInput(_))));
    assert_eq!(edit::init(Dialect::Generic, "two\nlines").unwrap(), "# two lines\n");
}

#[test]
fn a_fresh_checkpoint_log_filled_by_edits_reads_like_seed_000() {
    let mut text = edit::init(Dialect::CheckpointLog, "task_orders_audit_20260422").unwrap();
    let steps: Vec<Op> = vec![
        Box::new(|t| edit::checkpoint(t, "DO NOT modify config/auth.yaml — used by 3 services", at("2026-04-22T07:12Z"), None)),
        Box::new(|t| edit::checkpoint(t, "IN_PROGRESS: orders/batch_1/ (files 001-047)", at("2026-04-22T07:13Z"), None)),
        Box::new(|t| edit::checkpoint(t, "Order schema has an undocumented `legacy_id`", at("2026-04-22T07:20Z"), None)),
        Box::new(|t| edit::set_progress(t, "orders/batch_1/", Status::Completed, None)),
        Box::new(|t| edit::set_progress(t, "orders/batch_2/", Status::InProgress, Some("050"))),
        Box::new(|t| edit::set_next(t, "Begin with orders/batch_2/ file 051.")),
    ];
    for step in steps {
        let out = step(&text).unwrap();
        assert_only_edits_changed(&text, &out);
        text = out.text;
    }
    assert_eq!(
        text,
        "# Session Memory — task_orders_audit_20260422\n\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services\n\n## Progress Markers\n- COMPLETED: orders/batch_1/ (files 001-047)\n- IN_PROGRESS: orders/batch_2/ (stopped at 050)\n\n## Key Discoveries\n- 2026-04-22T07:20Z — Order schema has an undocumented `legacy_id`\n\n## Next Session Start\nBegin with orders/batch_2/ file 051.\n"
    );
}

mod session_notes {
    use super::*;

    /// Every header and italic description of `after` is byte-identical to `before`'s.
    fn headers_and_descriptions_kept(before: &str, after: &str) {
        let (a, b) = (parse(before), parse(after));
        let heads = |d: &memento_core::Document| {
            d.sections().iter().map(|s| (d.text(s.heading).to_owned(), s.description.map(|x| d.text(x).to_owned()))).collect::<Vec<_>>()
        };
        assert_eq!(heads(&a), heads(&b));
    }

    #[test]
    fn update_section_replaces_only_the_content_below_the_description() {
        let expected = NOTES.replace(
            "Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.",
            "Running the batch_3 fixtures.\nNext: batch_4.",
        );
        produces(NOTES, |t| edit::update_section(t, "Current State", "\nRunning the batch_3 fixtures.\r\nNext: batch_4.\n\n"), &expected);
        headers_and_descriptions_kept(NOTES, &expected);
    }

    #[test]
    fn an_empty_section_gets_its_content_after_a_blank_line() {
        let expected = NOTES.replace(
            "_Bash commands usually run and in what order. How to interpret output._\n\n",
            "_Bash commands usually run and in what order. How to interpret output._\n\ncargo test -p memento-core\n\n",
        );
        produces(NOTES, |t| edit::update_section(t, "workflow", "cargo test -p memento-core"), &expected);
        headers_and_descriptions_kept(NOTES, &expected);
    }

    #[test]
    fn clearing_a_section_keeps_header_and_description() {
        let expected = NOTES.replace("\n- 2026-04-22T07:12Z — read orders.py\n", "");
        produces(NOTES, |t| edit::update_section(t, "Worklog", ""), &expected);
        let expected = NOTES.replace("- `orders.py:241` — the existing lock pattern\n\n", "");
        produces(NOTES, |t| edit::update_section(t, "Files and Functions", " \n"), &expected);
        headers_and_descriptions_kept(NOTES, &expected);
    }

    #[test]
    fn content_never_adds_a_header() {
        let expected = NOTES.replace(
            "Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.",
            "Working.\n\\# Key Results\nstill content\n\\===",
        );
        produces(NOTES, |t| edit::update_section(t, "Current State", "Working.\n# Key Results\nstill content\n==="), &expected);
        headers_and_descriptions_kept(NOTES, &expected);
    }

    #[test]
    fn a_missing_template_section_is_created_in_template_order() {
        let without = NOTES.replace("# Workflow\n_Bash commands usually run and in what order. How to interpret output._\n\n", "");
        let out = edit::update_section(&without, "Workflow", "cargo test").unwrap();
        assert_only_edits_changed(&without, &out);
        assert!(out.text.contains("- `orders.py:241` — the existing lock pattern\n\n# Workflow\n_What bash commands are usually run and in what order? How to interpret their output if not obvious?_\n\ncargo test\n\n# Errors & Corrections\n"));
        assert_eq!(edit::update_section(NOTES, "Scratchpad", "x"), Err(EditError::NoSuchSection("Scratchpad".into())));
    }

    #[test]
    fn checkpoints_go_below_the_descriptions() {
        produces(
            NOTES,
            |t| edit::checkpoint(t, "the parser is lossless", t8(), None),
            &NOTES.replace("_What worked well. What didn't. What to avoid._\n", "_What worked well. What didn't. What to avoid._\n\n- 2026-04-22T08:00Z — the parser is lossless\n"),
        );
        produces(
            NOTES,
            |t| edit::checkpoint(t, "COMPLETED: batch_3 fixtures", t8(), None),
            &format!("{NOTES}- 2026-04-22T08:00Z — COMPLETED: batch_3 fixtures\n"),
        );
        produces(
            NOTES,
            |t| edit::checkpoint(t, "Use optimistic locking", t8(), None),
            &NOTES.replace("Explanatory context._\n", "Explanatory context._\n\n- 2026-04-22T08:00Z — Use optimistic locking\n"),
        );
    }

    #[test]
    fn edits_that_would_add_a_header_are_refused() {
        let refused = |r: Result<EditOutcome, EditError>| assert!(matches!(r, Err(EditError::NotSupportedForDialect { dialect: Dialect::SessionNotes, .. })), "{r:?}");
        refused(edit::set_next(NOTES, "x"));
        refused(edit::complete(NOTES, "done", t8()));
        refused(edit::set_progress(NOTES, "x", Status::Completed, None));
    }

    #[test]
    fn a_refusal_names_the_edit_in_words_not_a_function() {
        let said = |r: Result<EditOutcome, EditError>| r.map(|_| ()).unwrap_err().to_string();
        assert_eq!(said(edit::set_next(NOTES, "x")), "setting the next step is not supported for session-notes files");
        assert_eq!(said(edit::set_progress(NOTES, "x", Status::Completed, None)), "setting a unit's progress is not supported for session-notes files");
    }
}

mod memory_bank {
    use super::*;

    const PROGRESS: &str = "# Progress\n\n## What Works\n- Login flow\n- [x] Signup\n\n## What's Left to Build\n- Export to PDF\n- [ ] Sharing\n- ⏳ Offline mode\n\n## Known Issues\n- Slow search\n";

    #[test]
    fn progress_changes_in_the_items_own_notation() {
        assert_eq!(parse(PROGRESS).dialect(), Dialect::MemoryBank);
        let cases: [(&str, Status, &str, &str); 6] = [
            ("Sharing", Status::Completed, "- [ ] Sharing", "- [x] Sharing"),
            ("signup", Status::Pending, "- [x] Signup", "- [ ] Signup"),
            ("Export to PDF", Status::Completed, "- Export to PDF", "- [x] Export to PDF"),
            ("Offline mode", Status::InProgress, "- ⏳ Offline mode", "- 🚧 Offline mode"),
            ("Sharing", Status::Blocked, "- [ ] Sharing", "- BLOCKED: Sharing"),
            ("Login flow", Status::Failed, "- Login flow", "- FAILED: Login flow"),
        ];
        for (unit, status, old, new) in cases {
            produces(PROGRESS, |t| edit::set_progress(t, unit, status, None), &PROGRESS.replace(old, new));
        }
    }

    #[test]
    fn a_new_unit_goes_to_the_section_of_its_status() {
        produces(
            PROGRESS,
            |t| edit::set_progress(t, "Dark mode", Status::Pending, None),
            &PROGRESS.replace("- ⏳ Offline mode\n", "- ⏳ Offline mode\n- [ ] Dark mode\n"),
        );
        produces(
            PROGRESS,
            |t| edit::set_progress(t, "Search index", Status::InProgress, None),
            &PROGRESS.replace("## What's Left", "## In Progress\n- IN_PROGRESS: Search index\n\n## What's Left"),
        );
    }

    #[test]
    fn next_steps_and_discoveries_are_created_at_the_end() {
        produces(PROGRESS, |t| edit::set_next(t, "Wire the refresh token"), &format!("{PROGRESS}\n## Next Steps\nWire the refresh token\n"));
        produces(
            PROGRESS,
            |t| edit::checkpoint(t, "Search is slow because of N+1 queries", t8(), None),
            &format!("{PROGRESS}\n## Key Discoveries\n- 2026-04-22T08:00Z — Search is slow because of N+1 queries\n"),
        );
    }

    #[test]
    fn a_numbered_next_steps_list_is_replaced_by_a_numbered_step() {
        let active = "# Active Context\n\n## Current Work Focus\nAuth.\n\n## Next Steps\n1. Wire the refresh token\n2. Add tests\n\n## Notes\nx\n";
        produces(active, |t| edit::set_next(t, "Ship the release"), &active.replace("1. Wire the refresh token\n2. Add tests", "1. Ship the release"));
    }

    #[test]
    fn sections_completion_and_a_decision_log() {
        produces(
            PROGRESS,
            |t| edit::update_section(t, "Known Issues", "- Slow search (fixed in 2.1)\n- Flaky upload"),
            &PROGRESS.replace("## Known Issues\n- Slow search\n", "## Known Issues\n- Slow search (fixed in 2.1)\n- Flaky upload\n"),
        );
        produces(
            PROGRESS,
            |t| edit::complete(t, "v1 shipped.", t8()),
            &format!("{PROGRESS}\n## TASK COMPLETE — 2026-04-22T08:00Z\nFinal status: v1 shipped.\n"),
        );
        let log = "# Decision Log\n\n- 2026-04-20 — Use SQLite for local storage\n- 2026-04-21 — Keep the REST API\n";
        produces(
            log,
            |t| edit::supersede(t, "2026-04-20", "Use Postgres for storage", t8()),
            &format!("{log}- 2026-04-22 — SUPERSEDES [2026-04-20] Use Postgres for storage\n"),
        );
    }

    #[test]
    fn a_new_section_never_adopts_the_deeper_headings_after_it() {
        // A log whose sittings keep `#### Next Priority:` and `#### Notes:` under `## Session`
        // headings: a new `## Decisions Made` put before the first Next Priority would hold
        // every later `####` section (and their items would read as decisions).
        let log = "# Progress\n\n## Session 1\n#### Done:\n- Login\n\n#### Next Priority:\n- Run test 1\n\n#### Notes:\n- Styling is fine\n";
        produces(
            log,
            |t| edit::checkpoint(t, "Use Postgres", t8(), Some(Kind::Decision)),
            &format!("{log}\n## Decisions Made\n- 2026-04-22T08:00Z — Use Postgres\n"),
        );
    }

    #[test]
    fn a_json_store_is_not_edited_as_markdown() {
        let store = include_str!("../../core/tests/fixtures/store.jsonl");
        let r = edit::checkpoint(store, "use x", t8(), None);
        assert!(matches!(r, Err(EditError::NotSupportedForDialect { dialect: Dialect::MemoryStore, .. })), "{r:?}");
    }
}

mod guards {
    use super::*;

    #[test]
    fn text_identical_to_an_entry_of_the_section_is_refused() {
        let r = edit::checkpoint(SEED, "use OPTIMISTIC locking for order updates;   confirmed with existing\nlock pattern in orders.py:241", t8(), None);
        match r {
            Err(EditError::DuplicateEntry { section, line, .. }) => assert_eq!((section.as_str(), line), ("Decisions Made", 5)),
            other => panic!("{other:?}"),
        }
        let r = edit::checkpoint(SEED, "pattern: all failed orders have `payment_status: null` before `order_status: failed` — not after", t8(), None);
        assert!(matches!(r, Err(EditError::DuplicateEntry { line: 16, .. })), "{r:?}");
        // The same text in another section is not a duplicate; force writes a duplicate.
        assert!(edit::checkpoint(SEED, "Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241", t8(), Some(Kind::Discovery)).is_ok());
        let forced = EditOptions::forced();
        assert!(edit::checkpoint_with(SEED, "Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241", t8(), None, &forced).is_ok());
    }

    #[test]
    fn a_conflicting_decision_is_refused_naming_the_decision() {
        let r = edit::checkpoint(SEED, "Modify config/auth.yaml to add the admin role", t8(), Some(Kind::Decision));
        let Err(e @ EditError::ConflictsWith { .. }) = r else { panic!("{r:?}") };
        let EditError::ConflictsWith { decision, line, explanation } = &e else { unreachable!() };
        assert_eq!((decision.as_str(), *line), ("2026-04-22T07:12Z", 4));
        assert!(explanation.contains("config/auth.yaml"), "{explanation}");
        assert!(e.to_string().contains("2026-04-22T07:12Z"), "{e}");
    }

    #[test]
    fn a_conflicting_decision_is_allowed_when_it_supersedes_or_is_forced() {
        let text = "Modify config/auth.yaml to add the admin role";
        assert!(edit::supersede(SEED, "2026-04-22T07:12Z", text, t8()).is_ok());
        let note = format!("SUPERSEDES [2026-04-22T07:12Z] {text}");
        let out = edit::checkpoint(SEED, &note, t8(), None).unwrap();
        assert!(out.text.contains(&format!("- 2026-04-22T08:00Z — {note}\n")));
        let forced = edit::checkpoint_with(SEED, text, t8(), Some(Kind::Decision), &EditOptions::forced()).unwrap();
        assert_only_edits_changed(SEED, &forced);
        // What the guard prevents: forced, the file now holds a conflict; superseded, it does not.
        assert_eq!(errors(&forced.text), [("conflicting-decisions", 1)].into());
        assert_eq!(errors(&out.text), [].into());
    }

    #[test]
    fn supersede_needs_an_active_decision() {
        let r = edit::supersede(SEED, "2026-01-01T00:00Z", "x", t8());
        assert_eq!(r, Err(EditError::UnknownDecision("2026-01-01T00:00Z".into())));
        let r = edit::checkpoint(SEED, "SUPERSEDES [2026-01-01T00:00Z] use y", t8(), None);
        assert_eq!(r, Err(EditError::UnknownDecision("2026-01-01T00:00Z".into())));
        // The same instant written another way names the decision; the id written is the file's.
        let once = edit::supersede(SEED, "2026-04-22T07:12:00Z", "modify config/auth.yaml for the admin role", t8()).unwrap();
        assert!(once.text.contains("— SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml for the admin role\n"));
        let twice = edit::supersede(&once.text, "2026-04-22T07:12Z", "x", at("2026-04-22T08:05Z"));
        assert_eq!(twice, Err(EditError::AlreadySuperseded { decision: "2026-04-22T07:12Z".into(), by: "2026-04-22T08:00Z".into() }));
        let r = edit::supersede(SEED, "2026-04-22T07:12Z", "SUPERSEDES [2026-04-22T07:23Z] x", t8());
        assert!(matches!(r, Err(EditError::InvalidInput(_))), "{r:?}");
    }

    #[test]
    fn one_unit_in_progress_at_a_time() {
        let r = edit::set_progress(SEED, "orders/batch_4/", Status::InProgress, None);
        assert_eq!(r, Err(EditError::AnotherInProgress { unit: "orders/batch_3/".into(), line: 10 }));
        // The unit already in progress may be updated.
        assert!(edit::set_progress(SEED, "orders/batch_3/", Status::InProgress, Some("100")).is_ok());
    }

    #[test]
    fn a_task_completes_once() {
        let done = edit::complete(SEED, "all batches processed.", t8()).unwrap();
        assert_eq!(edit::complete(&done.text, "again", t8()), Err(EditError::AlreadyComplete { line: 21 }));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        for r in [
            edit::checkpoint(SEED, " \n\t", t8(), None),
            edit::set_progress(SEED, "a, b", Status::Pending, None),
            edit::set_progress(SEED, "", Status::Pending, None),
            edit::set_progress(SEED, "orders/batch_3/", Status::InProgress, Some("094 and more")),
            edit::set_next(SEED, "\n"),
            edit::complete(SEED, "", t8()),
            edit::checkpoint(SEED, "finished batch 3", t8(), Some(Kind::Progress)),
        ] {
            assert!(matches!(r, Err(EditError::InvalidInput(_))), "{r:?}");
            assert!(!r.unwrap_err().to_string().is_empty());
        }
    }
}

#[test]
fn checkpoint_routing_by_content() {
    let cases = [
        ("DO NOT modify config/auth.yaml", Kind::Decision),
        ("Decided to batch writes", Kind::Decision),
        ("decision: keep the v1 API", Kind::Decision),
        ("Use optimistic locking", Kind::Decision),
        ("never retry payments", Kind::Decision),
        ("Don't touch prod", Kind::Decision),
        ("SUPERSEDES [2026-04-22T07:12Z] modify it", Kind::Decision),
        ("COMPLETED: orders/batch_3/", Kind::Progress),
        ("IN_PROGRESS: batch_4 (stopped at 12)", Kind::Progress),
        ("**DONE**: docs", Kind::Progress),
        ("WIP: parser", Kind::Progress),
        ("Users table has 3 indexes", Kind::Discovery),
        ("used the cache and it worked", Kind::Discovery),
        ("Nevertheless, batch 2 is fine", Kind::Discovery),
        ("NOTE: a fact", Kind::Discovery),
    ];
    for (note, kind) in cases {
        assert_eq!(edit::route(note), kind, "{note}");
    }
}

/// Section texts by title, except `skip`.
fn sections_except(text: &str, skip: &[&str]) -> Vec<(String, String)> {
    let doc = parse(text);
    let mut out = Vec::new();
    for (i, s) in doc.sections().iter().enumerate() {
        let title = doc.text(s.title).trim().to_owned();
        if skip.contains(&title.as_str()) {
            continue;
        }
        let end = doc.sections().get(i + 1).map_or(s.span.end(), |n| n.heading.start().min(s.span.end()));
        out.push((title, doc.text(memento_core::Span::new(s.heading.start(), end)).trim_end().to_owned()));
    }
    out
}

fn note_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9 ]{1,12}",
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("# ".to_owned()),
        Just("## Next Session Start".to_owned()),
        Just("\n- ".to_owned()),
        Just("\n1. ".to_owned()),
        Just("* ".to_owned()),
        Just("```".to_owned()),
        Just("> ".to_owned()),
        Just("===".to_owned()),
        Just("\n---\n".to_owned()),
        Just("<div>".to_owned()),
        Just("`".to_owned()),
        Just("é中🎉—".to_owned()),
        Just("DO NOT ".to_owned()),
        Just("COMPLETED: ".to_owned()),
        Just("SUPERSEDES [2026-04-22T07:23Z] ".to_owned()),
        Just("2026-04-22T07:12Z".to_owned()),
        Just("\t".to_owned()),
        Just("\\".to_owned()),
    ];
    prop::collection::vec(piece, 1..8).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A checkpoint with any note changes one section only, by one line, and round-trips.
    #[test]
    fn notes_never_corrupt_other_sections(note in note_strategy(), kind in prop::option::of(prop_oneof![Just(Kind::Decision), Just(Kind::Discovery)]), crlf in any::<bool>()) {
        let given = if crlf { SEED.replace('\n', "\r\n") } else { SEED.to_owned() };
        let Ok(out) = edit::checkpoint(&given, &note, t8(), kind) else { return Ok(()) };
        assert_only_edits_changed(&given, &out);
        let before = parse(&given);
        let after = parse(&out.text);
        let titles = |d: &memento_core::Document| d.sections().iter().map(|s| d.text(s.title).to_owned()).collect::<Vec<_>>();
        prop_assert_eq!(titles(&before), titles(&after));
        let touched = ["Decisions Made", "Key Discoveries", "Progress Markers"];
        prop_assert_eq!(sections_except(&given, &touched), sections_except(&out.text, &touched));
        let lines = |t: &str| t.lines().count();
        prop_assert!(lines(&out.text) <= lines(&given) + 2);
        prop_assert_eq!(after.sections().len(), before.sections().len());
    }

    /// Every edit on arbitrary text returns Ok or a typed error, never panics; an Ok is a
    /// splice of the input that round-trips.
    #[test]
    fn every_edit_on_arbitrary_text_never_panics(text in text_strategy(), note in note_strategy(), unit in "[a-z_/0-9 ]{0,10}", status in 0usize..6) {
        let status = Status::ALL[status];
        let results = [
            edit::checkpoint(&text, &note, t8(), None),
            edit::checkpoint(&text, &note, t8(), Some(Kind::Decision)),
            edit::checkpoint(&text, &note, t8(), Some(Kind::Discovery)),
            edit::checkpoint(&text, &note, t8(), Some(Kind::Progress)),
            edit::supersede(&text, "2026-04-22T07:12Z", &note, t8()),
            edit::set_progress(&text, &unit, status, None),
            edit::set_progress_with(&text, &unit, status, Some("7"), &EditOptions::forced()),
            edit::set_next(&text, &note),
            edit::complete(&text, &note, t8()),
            edit::update_section(&text, "Current State", &note),
            edit::update_section(&text, "Decisions Made", &note),
        ];
        for r in results {
            match r {
                Ok(out) => assert_only_edits_changed(&text, &out),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-z ]{0,8}",
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("# Session Memory — t\n".to_owned()),
        Just("## Decisions Made\n".to_owned()),
        Just("## Progress Markers\n".to_owned()),
        Just("## Key Discoveries\n".to_owned()),
        Just("## Next Session Start\n".to_owned()),
        Just("# Current State\n_What is actively being worked on?_\n".to_owned()),
        Just("## TASK COMPLETE — 2026-04-22T09:00Z\nFinal status: x\n".to_owned()),
        Just("- 2026-04-22T07:12Z — DO NOT modify a.yaml\n".to_owned()),
        Just("* 2026-04-22 07:12 -- use b\n".to_owned()),
        Just("- COMPLETED: a/ (files 001-002)\n".to_owned()),
        Just("- IN_PROGRESS: b (files 3-??? — stopped at 4)\n".to_owned()),
        Just("- PENDING: c, d/, e\n".to_owned()),
        Just("- [ ] f\n".to_owned()),
        Just("- [x] g\n".to_owned()),
        Just("### h ✅\n".to_owned()),
        Just("- ⏳ i\n".to_owned()),
        Just("1. j\n".to_owned()),
        Just("```\n".to_owned()),
        Just("> ".to_owned()),
        Just("    ".to_owned()),
        Just("---\n".to_owned()),
        Just("===\n".to_owned()),
        Just("<!-- ".to_owned()),
        Just("\u{feff}".to_owned()),
        Just("é中🎉".to_owned()),
        Just("[{\"id\":1}]".to_owned()),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

#[test]
fn a_feature_list_flips_passes_and_nothing_else() {
    let given = "[{\"category\":\"functional\",\"description\":\"User can log in\",\"steps\":[\"a\"],\"passes\":false},\n {\"category\":\"style\",\"description\":\"Dark mode\",\"steps\":[],\"passes\": true}]\n";
    produces(given, |t| edit::set_progress(t, "User can log in", Status::Completed, None), &given.replacen("\"passes\":false", "\"passes\":true", 1));
    produces(given, |t| edit::set_progress(t, "dark mode", Status::Pending, None), &given.replace("\"passes\": true", "\"passes\": false"));
    assert!(matches!(edit::set_progress(given, "Dark mode", Status::InProgress, None), Err(EditError::InvalidInput(_))));
    assert!(matches!(edit::set_progress(given, "Search", Status::Completed, None), Err(EditError::InvalidInput(_))));
    assert!(matches!(edit::checkpoint(given, "a fact", t8(), None), Err(EditError::NotSupportedForDialect { .. })));
}

/// Every real-world corpus file: the forward edits are splices that round-trip and trip no
/// transition rule; JSON files and session notes refuse what they cannot hold, by type.
#[test]
fn forward_edits_on_every_corpus_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let Ok(entries) = std::fs::read_dir(&dir) else { panic!("corpus not found: {}", dir.display()) };
    let mut seen = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tsv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = parse(&text);
        let json = !doc.records().is_empty() || name.ends_with(".json") || name.ends_with(".jsonl");
        let notes = doc.dialect() == Dialect::SessionNotes;
        let first_unit = doc.progress().first().map(|m| doc.text(m.units[0].name).to_owned());
        let mut ops: Vec<(&str, bool, Result<EditOutcome, EditError>)> = vec![
            ("discovery", !json, edit::checkpoint(&text, "a fact found while testing", t8(), Some(Kind::Discovery))),
            ("decision", !json, edit::checkpoint(&text, "Use the corpus as a fixture", t8(), Some(Kind::Decision))),
            ("next", !json && !notes, edit::set_next(&text, "Continue with the next file.")),
            ("new unit", !json && !notes, edit::set_progress(&text, "brand new unit", Status::Pending, None)),
            ("complete", !json && !notes, edit::complete(&text, "done.", t8())),
        ];
        if let Some(unit) = &first_unit {
            ops.push(("first unit", false, edit::set_progress_with(&text, unit, Status::Completed, None, &EditOptions::forced())));
        }
        for (op, must_succeed, result) in ops {
            match result {
                Ok(out) => {
                    assert_only_edits_changed(&text, &out);
                    let transitions: Vec<_> = memento_edit::diff(&doc, &parse(&out.text))
                        .into_iter()
                        .filter(|d| d.rule != memento_core::Rule::ProgressRegressed)
                        .collect();
                    assert!(transitions.is_empty(), "{name} {op}: {transitions:?}");
                }
                Err(e) => assert!(!must_succeed, "{name} {op}: {e}"),
            }
        }
        seen += 1;
    }
    assert!(seen >= 60, "{seen} corpus files");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// Any sequence of (unforced) edits leaves no more errors than it found: after each one
    /// the check runs again (docs/edits.md: the check of the result finds no new error), and no
    /// rule reports more errors. The edits name the seed's units as written and with other
    /// case, markup and spacing (`ORDERS/Batch_1/`, `**orders/batch_3/**`, ` orders/batch_4 `).
    #[test]
    fn edits_never_add_errors(steps in prop::collection::vec((0u8..7, 0usize..12, 0usize..12, 0u32..59), 1..8)) {
        const NOTES: [&str; 8] = [
            "Modify config/auth.yaml to add the admin role",
            "DO NOT use optimistic locking for order updates",
            "Never delete the legacy_id column",
            "Delete the legacy_id column",
            "Use redis for the cache",
            "Avoid redis for the cache",
            "SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml",
            "batch 4 is sorted",
        ];
        const UNITS: [&str; 12] = [
            "orders/batch_1/", "orders/batch_3/", "orders/batch_4/", "batch_5/", "orders/batch_6/", "orders/batch_2",
            "ORDERS/Batch_1/", "**orders/batch_3/**", " orders/batch_4 ", "`Batch_5/`", "./orders/batch_2/", "Orders/Batch_3",
        ];
        let mut text = SEED.to_owned();
        for (op, a, b, minute) in steps {
            let when = at(&format!("2026-04-22T08:{minute:02}Z"));
            let note = NOTES[a % NOTES.len()];
            let result = match op {
                0 => edit::checkpoint(&text, note, when, Some(Kind::Decision)),
                1 => edit::checkpoint(&text, note, when, None),
                2 => {
                    let ids: Vec<String> = parse(&text).decisions().iter().map(|d| d.id.clone()).collect();
                    edit::supersede(&text, &ids[b % ids.len()], note, when)
                }
                3 | 4 => edit::set_progress(&text, UNITS[b], Status::ALL[a % 6], if a % 2 == 0 { Some("7") } else { None }),
                5 => edit::set_next(&text, note),
                _ => edit::complete(&text, note, when),
            };
            if let Ok(out) = result {
                let (before, after) = (errors(&text), errors(&out.text));
                for (rule, n) in &after {
                    prop_assert!(*n <= before.get(rule).copied().unwrap_or(0), "{rule}: {before:?} -> {after:?}\n{}", out.text);
                }
                text = out.text;
            }
        }
    }
}

/// Findings per rule, as the check reports them.
fn findings(text: &str) -> std::collections::BTreeMap<&'static str, usize> {
    findings_where(text, |_| true)
}

/// Error findings per rule, as the check reports them.
fn errors(text: &str) -> std::collections::BTreeMap<&'static str, usize> {
    findings_where(text, |d| d.severity == memento_core::Severity::Error)
}

fn findings_where(text: &str, keep: impl Fn(&memento_core::Diagnostic) -> bool) -> std::collections::BTreeMap<&'static str, usize> {
    let mut out = std::collections::BTreeMap::new();
    for d in memento_core::check(&parse(text), &memento_core::CheckOptions::default()).iter().filter(|d| keep(d)) {
        *out.entry(d.rule.id()).or_insert(0) += 1;
    }
    out
}

/// A memory file whose units and entries are written with case, markup and spacing that the
/// edits below name another way.
const VARIANTS_SEED: &str = "# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — Use **optimistic locking** for order updates.\n\n## Progress Markers\n- COMPLETED: **Auth**\n- IN_PROGRESS: Orders/Batch_3/ (stopped at 094)\n- PENDING: `Billing`,  Reports  page\n\n## Key Discoveries\n- Order schema has an undocumented `legacy_id` field\n\n## Next Session Start\nBegin with orders/batch_3/ file 095.\n";

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Identity (issue 12): an unforced edit never adds a finding of its own making. The edits
    /// name units and entries with other case, markup, whitespace, dashes and invisible
    /// characters than the file does; after each one the check runs again, and no rule finds
    /// more than it found before.
    #[test]
    fn an_edit_never_adds_a_finding_of_its_own_making(steps in prop::collection::vec((0u8..6, 0usize..12, 0usize..12), 1..7)) {
        const UNITS: [&str; 12] = [
            "auth", "AUTH.", "**Auth**", " Auth ", "orders/batch_3", "./orders/batch_3/", "ORDERS/BATCH_3/", "billing",
            "`Billing`", "reports page", "Reports\u{200B} Page", "orders/batch_4/",
        ];
        const NOTES: [&str; 12] = [
            "Order schema has an undocumented legacy_id field.",
            "**Order schema** has an undocumented `legacy_id` field",
            "order  schema has an UNDOCUMENTED legacy_id field",
            "Order schema has an undocumented legacy\u{200B}_id field",
            "Use optimistic locking for order updates",
            "use OPTIMISTIC locking — for order updates.",
            "Use optimistic locking - for order updates",
            "Pattern: failed orders have a null payment",
            "Pattern — failed orders have a null payment.",
            "Batch 4 is sorted by id",
            "batch 4 is sorted by ID.",
            "Reports page loads in 2 s",
        ];
        let mut text = VARIANTS_SEED.to_owned();
        for (minute, (op, a, b)) in steps.into_iter().enumerate() {
            // Entries in time order: a clock going back is the caller's finding, not the edit's.
            let when = at(&format!("2026-04-22T08:{minute:02}Z"));
            let result = match op {
                0 => edit::checkpoint(&text, NOTES[a], when, None),
                1 => edit::checkpoint(&text, NOTES[a], when, Some(Kind::Discovery)),
                2 => edit::set_progress(&text, UNITS[a], Status::ALL[b % 6], (b % 2 == 0).then_some("stopped at 095")),
                3 => edit::checkpoint(&text, &format!("{}: {}", Status::ALL[b % 6].as_str(), UNITS[a]), when, None),
                4 => edit::set_next(&text, NOTES[a]),
                _ => {
                    let ids: Vec<String> = parse(&text).decisions().iter().map(|d| d.id.clone()).collect();
                    edit::supersede(&text, &ids[b % ids.len()], NOTES[a], when)
                }
            };
            if let Ok(out) = result {
                let (before, after) = (findings(&text), findings(&out.text));
                // Marking a unit COMPLETED that the next step names makes that step stale:
                // next-step-done reports what the caller has yet to update, the way a clock
                // going back is the caller's finding. So is a note that carries a hidden
                // character (`legacy\u{200B}_id`): the edit writes what it is given, and
                // invisible-character reports it.
                for (rule, n) in after.iter().filter(|(rule, _)| !matches!(**rule, "next-step-done" | "invisible-character")) {
                    prop_assert!(*n <= before.get(rule).copied().unwrap_or(0), "{rule}: {before:?} -> {after:?}\n{}", out.text);
                }
                text = out.text;
            }
        }
    }

    /// The write guard and the duplicate-entry rule agree (issue 12): a note is refused as a
    /// duplicate exactly when writing it anyway makes the check report a duplicate entry.
    #[test]
    fn the_guard_and_the_rule_agree_on_duplicates(
        words in prop::collection::vec(prop::sample::select(vec!["order", "Schema", "legacy_id", "a", "409", "café", "ÉTÉ", "x"]), 1..5),
        marks in prop::collection::vec(prop::sample::select(vec![" ", "  ", " — ", " - ", "**", "`", ".", "\u{200B}", ", ", ": ", "_"]), 5),
        upper in any::<bool>(),
    ) {
        let existing = words.join(" ");
        let mut variant = String::new();
        for (i, w) in words.iter().enumerate() {
            variant.push_str(marks[i % marks.len()]);
            variant.push_str(&if upper { w.to_uppercase() } else { w.to_lowercase() });
        }
        variant.push_str(marks[4]);
        let seed = format!("# Session Memory — t1\n\n## Key Discoveries\n- {existing}\n\n## Next Session Start\nGo.\n");
        let guarded = edit::checkpoint(&seed, &variant, t8(), Some(Kind::Discovery));
        let forced = edit::checkpoint_with(&seed, &variant, t8(), Some(Kind::Discovery), &EditOptions::forced());
        let Ok(forced) = forced else { return Ok(()) };
        let flagged = findings(&forced.text).get("duplicate-entry").copied().unwrap_or(0) > findings(&seed).get("duplicate-entry").copied().unwrap_or(0);
        let refused = matches!(guarded, Err(EditError::DuplicateEntry { .. }));
        prop_assert_eq!(refused, flagged, "existing {:?}, written {:?}", existing, variant);
    }
}

/// Issue 11: the guard missed a trailing `.`, `-` for `—`, bold markup and zero-width
/// characters.
#[test]
fn the_guard_refuses_an_entry_written_another_way() {
    let seed = "# Session Memory — t1\n\n## Key Discoveries\n- 2026-04-22T07:12Z — Orders — retry the payment webhook after a 409\n\n## Next Session Start\nGo.\n";
    for note in [
        "Orders — retry the payment webhook after a 409.",
        "Orders - retry the payment webhook after a 409",
        "**Orders** — retry the payment webhook after a 409",
        "Orders — retry the pay\u{200B}ment webhook after a 409",
    ] {
        let out = edit::checkpoint(seed, note, t8(), Some(Kind::Discovery));
        assert!(matches!(out, Err(EditError::DuplicateEntry { line: 4, .. })), "{note:?}: {out:?}");
    }
    assert!(edit::checkpoint(seed, "Orders — retry the payment webhook after a 410", t8(), Some(Kind::Discovery)).is_ok());
}

/// Issue 11: setting a unit COMPLETED with no stop point drops the whole stop point; it once
/// left its last words behind (`COMPLETED: audit/registration (change)`).
#[test]
fn completing_a_unit_drops_its_whole_stop_point() {
    let seed = "# Session Memory — t\n\n## Progress Markers\n- IN_PROGRESS: audit/registration (stopped at config change)\n- PENDING: audit/rules (files 1-9 — stopped at rule 17)\n\n## Next Session Start\nGo.\n";
    let out = edit::set_progress(seed, "audit/registration", Status::Completed, None).unwrap();
    assert!(out.text.contains("\n- COMPLETED: audit/registration\n"), "{}", out.text);
    let out = edit::set_progress(&out.text, "audit/rules", Status::Completed, None).unwrap();
    assert!(out.text.contains("\n- COMPLETED: audit/rules (files 1-9)\n"), "{}", out.text);
    assert_only_edits_changed(seed, &edit::set_progress(seed, "audit/registration", Status::Completed, None).unwrap());
}

/// Issue 11: a lone-CR (old Mac) file, and one with mixed line endings. Lines are counted at
/// every line break CommonMark accepts, edits land in the right section and replace what
/// they replace, and what they write uses the file's line ending.
#[test]
fn lone_cr_and_mixed_line_endings() {
    let lf = "# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — Use redis for the cache\n\n## Progress Markers\n- IN_PROGRESS: orders/batch_3/ (stopped at 094)\n\n## Key Discoveries\n- a thing is true here\n\n## Next Session Start\nBegin at 095.\n";
    let cr = lf.replace('\n', "\r");
    let doc = parse(&cr);
    let lines: Vec<u32> = doc.sections().iter().map(|s| doc.position(s.heading.start()).line).collect();
    assert_eq!(lines, [1, 3, 6, 9, 12]);
    assert_eq!(doc.line_ending(), "\r");
    let next = edit::set_next(&cr, "Begin at 096.").unwrap();
    assert_eq!(next.text, cr.replace("Begin at 095.", "Begin at 096."));
    let out = edit::checkpoint(&cr, "another thing is true there", t8(), Some(Kind::Discovery)).unwrap();
    assert_eq!(out.text, cr.replace("true here\r", "true here\r- 2026-04-22T08:00Z — another thing is true there\r"));
    assert_only_edits_changed(&cr, &out);
    let out = edit::set_progress(&cr, "orders/batch_3/", Status::Completed, None).unwrap();
    assert_eq!(out.text, cr.replace("IN_PROGRESS: orders/batch_3/ (stopped at 094)", "COMPLETED: orders/batch_3/"));

    // CRLF for most of the file, the last section written on another machine (lone CR), or
    // with LF.
    for tail in ["## Next Session Start\rBegin at 095.\r", "## Next Session Start\nBegin at 095.\n"] {
        let mixed = lf.replace('\n', "\r\n").replace("## Next Session Start\r\nBegin at 095.\r\n", tail);
        let next = edit::set_next(&mixed, "Begin at 096.").unwrap();
        assert_eq!(next.text, mixed.replace("Begin at 095.", "Begin at 096."), "{tail:?}");
        assert_eq!(parse(&mixed).line_ending(), "\r\n");
    }
}

/// The session-notes template is one table: a fresh file's headers are those a fix suggests,
/// and a missing description is put back by the check's fix in the words `init` writes.
#[test]
fn init_and_the_template_check_write_the_same_headers_and_descriptions() {
    let fresh = edit::init(Dialect::SessionNotes, "t1").unwrap();
    let template = memento_core::NotesTemplate::default();
    let headers: Vec<&str> = fresh.lines().filter_map(|l| l.strip_prefix("# ")).collect();
    let expected: Vec<&str> = template.sections().iter().map(|s| s.header.as_str()).collect();
    assert_eq!(headers, expected);
    let description = "_What did the user ask to build? Any design decisions or other explanatory context_";
    assert!(fresh.contains(&format!("# Task specification\n{description}\n")), "{fresh}");
    let without = fresh.replace(&format!("{description}\n"), "").replace(|c: char| c == '_', "");
    let fix: Vec<_> = memento_core::check(&parse(&without), &memento_core::CheckOptions::default())
        .into_iter()
        .filter(|d| d.rule == memento_core::Rule::TemplateDrift && d.message.contains("Task specification"))
        .flat_map(|d| d.fix.unwrap_or_default())
        .collect();
    assert_eq!(fix.len(), 1, "{without}");
    assert_eq!(fix[0].content.trim(), description);
}

/// A checklist written without list markers (a Cursor scratchpad: `[X] Load holdings`): a box
/// is ticked and unticked in place; a status a box cannot show is a typed refusal, no edit.
#[test]
fn a_box_without_a_list_marker_is_ticked_in_place() {
    let text = "# Scratchpad\n\n### Progress\n[X] Load holdings\n[ ] Chart: current vs target\n[ ] Render to PDF\n";
    produces(text, |t| edit::set_progress(t, "Chart: current vs target", Status::Completed, None), &text.replace("[ ] Chart", "[x] Chart"));
    produces(text, |t| edit::set_progress(t, "Load holdings", Status::Pending, None), &text.replace("[X] Load", "[ ] Load"));
    assert!(matches!(edit::set_progress(text, "Render to PDF", Status::Blocked, None), Err(EditError::InvalidInput(_))));
}
