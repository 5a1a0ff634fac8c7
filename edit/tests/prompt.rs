//! The session-start prompt: priority order, the caution, the budget, the left-out note.

use memento_edit::prompt::{render_prompt, render_prompts, PromptFile};
use memento_core::tokens::estimate;
use memento_core::{parse, plan, CheckOptions, Timestamp};
use proptest::prelude::*;

const SEED: &str = include_str!("../../core/tests/fixtures/checkpoint-log.md");

fn prompt(text: &str, budget: usize) -> String {
    let doc = parse(text);
    let p = plan(&doc, &CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap()));
    render_prompt(&doc, &p, budget).unwrap()
}

#[test]
fn seed_000_prompt_in_priority_order() {
    let out = prompt(SEED, 2000);
    assert!(out.starts_with("<session-memory>\nThese notes come from past sessions"));
    let order = ["Next action: On next session start: begin with orders/batch_3/ file 095", "Binding decisions (newest first):", "In progress: orders/batch_3/: stopped at 094, continue at 095", "Pending:", "Discoveries (newest first):", "Done: 2 units completed (orders/batch_1/ … orders/batch_2/)"];
    let mut at = 0;
    for needle in order {
        let found = out[at..].find(needle).unwrap_or_else(|| panic!("{needle} after {at} in\n{out}"));
        at += found;
    }
    assert!(out.contains("- [2026-04-22T07:12Z] DO NOT modify config/auth.yaml"));
    assert!(!out.contains("Left out"), "everything fits in 2000 tokens");
    assert!(out.ends_with("</session-memory>\n"));
    // Discoveries newest first: the last one written comes first.
    let a = out.find("Pattern: all failed orders").unwrap();
    let b = out.find("Order schema has undocumented").unwrap();
    assert!(a < b);
}

/// The whole prompt, word for word: what the agent reads at session start is the product
/// (snapshots in tests/snapshots/; a change shows as a diff to review). The seed as it
/// stands, and a file whose decisions conflict, whose next step is done and that holds a
/// token: the caution, the masked token, the order.
#[test]
fn prompts_as_written() {
    insta::assert_snapshot!("checkpoint_log", prompt(SEED, 2000));
    insta::assert_snapshot!("findings", prompt(include_str!("../../core/tests/fixtures/findings.md"), 2000));
}

#[test]
fn a_small_budget_keeps_the_top_and_says_what_it_left_out() {
    let full = prompt(SEED, 2000);
    let budget = estimate(&full) - 60;
    let out = prompt(SEED, budget);
    assert!(estimate(&out) <= budget);
    assert!(out.contains("Next action:"));
    assert!(out.contains("Left out to fit the budget:"), "{out}");
    assert!(out.contains("(line"), "{out}");
}

#[test]
fn multi_file_previews_most_recent_first() {
    let older = "# Session Memory — old\n\n## Decisions Made\n- 2026-01-01T00:00Z — use a\n\n## Next Session Start\nOld next.\n";
    let newer = SEED;
    let (a, b) = (parse(older), parse(newer));
    let now = CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap());
    let (pa, pb) = (plan(&a, &now), plan(&b, &now));
    let file = |path, doc, plan| PromptFile { path, doc, plan, modified: None };
    let out = render_prompts(&[file("old.md", &a, &pa), file("new.md", &b, &pb)], 2000).unwrap();
    assert_eq!(out.matches("These notes come from past sessions").count(), 1);
    let (i_new, i_old) = (out.find("## new.md").unwrap(), out.find("## old.md").unwrap());
    assert!(i_new < i_old, "{out}");
    assert!(out.contains("last updated 2026-04-22T07:23Z"));
}

#[test]
fn no_detected_secret_reaches_the_prompt() {
    let key = "ghp_1234567890abcdefghijABCDEFGHIJ123456";
    let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq9\nc2VjcmV0IGtleSBib2R5\n-----END RSA PRIVATE KEY-----";
    let text = SEED
        .replace("- Pattern: all failed orders", &format!("- the deploy token is {key}\n- key for staging:\n\n  ```\n  {}\n  ```\n- Pattern: all failed orders", pem.replace('\n', "\n  ")))
        .replace("DO NOT modify config/auth.yaml", &format!("DO NOT modify config/auth.yaml (token {key})"));
    let out = prompt(&text, 2000);
    assert!(out.contains("ghp_"), "the secret's kind stays visible: {out}");
    assert!(!out.contains(key), "{out}");
    assert!(!out.contains("MIIEowIBAAKCAQEA7bq9"), "{out}");
    assert!(!out.contains("c2VjcmV0IGtleSBib2R5"), "{out}");
}

/// The note of what was left out is kept within the budget by taking back the lowest
/// priority lines, not by dropping everything (at 120 tokens this file lost its next action
/// and the note: the room kept for one more omission was shorter than the block left out).
#[test]
fn the_left_out_note_fits_at_every_budget() {
    let text = "# Session Memory — task_probe\n\n## Decisions Made\n- 2026-04-22T07:28Z — DO NOT modify config/auth.yaml\n- 2026-04-22T09:00Z — SUPERSEDES [2026-04-22T07:28Z] modify config/auth.yaml to add the new issuer\n\n## Progress Markers\n- IN_PROGRESS: orders/batch_2/\n- BLOCKED: orders/batch_3/ (waiting on credentials)\n\n## Key Discoveries\n\n## Next Session Start\n";
    let full = prompt(text, usize::MAX);
    for budget in 90..=estimate(&full) {
        let out = prompt(text, budget);
        assert!(estimate(&out) <= budget, "{budget}: {out}");
        assert!(out.contains("Next action: Continue orders/batch_2/ (line 8)"), "{budget}: {out}");
        if out != full {
            assert!(out.contains("Left out to fit the budget:"), "{budget}: {out}");
        }
    }
}

/// A memory store's rows are what it remembers: the prompt carries them, newest first,
/// with their scope, secrets masked (it carried only the store's warnings).
#[test]
fn a_memory_store_prompt_carries_its_rows_newest_first() {
    let store = concat!(
        r#"{"id": 1, "content": "User prefers pnpm over npm", "project": "web", "created_at": "2026-01-02T10:00:00Z"}"#, "\n",
        r#"{"id": 2, "content": "The staging database is read-only on Fridays", "project": "api", "updated_at": "2026-04-21T10:00:00Z"}"#, "\n",
        r#"{"id": 3, "text": "deploy key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789", "created_at": "2026-03-01T10:00:00Z"}"#, "\n",
    );
    let out = prompt(store, 2000);
    let at = |needle: &str| out.find(needle).unwrap_or_else(|| panic!("{needle:?} not in:\n{out}"));
    assert!(at("Memories (newest first):") < at("(api) The staging database is read-only on Fridays (line 2)"));
    assert!(at("(line 2)") < at("deploy key sk-") && at("deploy key sk-") < at("(web) User prefers pnpm over npm (line 1)"));
    assert!(!out.contains("abcdefghijklmnopqrstuvwxyz0123456789"), "{out}");
}

/// A file read once, its prompt rendered at any budget.
struct Prompter {
    doc: memento_core::Document,
    plan: memento_core::Plan,
}

impl Prompter {
    fn new(text: &str) -> Prompter {
        let doc = parse(text);
        let plan = plan(&doc, &CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap()));
        Prompter { doc, plan }
    }

    /// The prompt, or the typed refusal of a budget too small.
    fn at(&self, budget: usize) -> Result<String, memento_edit::prompt::BudgetTooSmall> {
        render_prompt(&self.doc, &self.plan, budget)
    }

    /// A prompt is complete or refused, never over budget, never cut off: its tags, a
    /// caution, and what was left out.
    fn assert_complete(&self, budget: usize, full: &str) -> Result<bool, TestCaseError> {
        match self.at(budget) {
            Ok(out) => {
                prop_assert!(estimate(&out) <= budget, "{} > {}", estimate(&out), budget);
                prop_assert!(out.starts_with("<session-memory>\n") && out.ends_with("</session-memory>\n"), "budget {budget}:\n{out}");
                prop_assert!(out.contains("stale") || out.contains("out of date"), "budget {budget}:\n{out}");
                // Past the tags and the caution (full or short), what differs was left out.
                let body = |p: &str| p.splitn(3, '\n').nth(2).unwrap_or("").to_owned();
                if body(&out) != body(full) {
                    prop_assert!(out.contains("Left out to fit the budget:"), "budget {budget}:\n{out}");
                }
                Ok(true)
            }
            Err(e) => {
                prop_assert_eq!(e.budget, budget);
                prop_assert!(budget < e.minimum, "{e}");
                prop_assert!(e.minimum <= 60, "the smallest prompt takes {} tokens", e.minimum);
                prop_assert!(self.at(e.minimum).is_ok(), "{e}");
                prop_assert!(e.to_string().contains("too small"));
                Ok(false)
            }
        }
    }
}

/// Issue 11: at 60 tokens or less the prompt was a cut-off caution without its closing tag
/// or the note of what was left out. Every budget from 0 to 200, on every corpus file: a
/// complete prompt within the budget, or a typed refusal naming the minimum; and once a
/// budget holds a prompt, every larger one does.
#[test]
fn every_budget_from_0_to_200_gives_a_complete_prompt_or_a_typed_refusal() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut texts = vec![SEED.to_owned(), String::new(), "# Notes\n".to_owned()];
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if !entry.path().to_string_lossy().ends_with(".tsv") {
            texts.push(std::fs::read_to_string(entry.path()).unwrap());
        }
    }
    for text in &texts {
        let p = Prompter::new(text);
        let full = p.at(usize::MAX).unwrap();
        let mut fitted = false;
        for budget in 0..=200 {
            let ok = p.assert_complete(budget, &full).unwrap();
            assert!(ok || !fitted, "budget {budget} refused after a smaller one fitted");
            fitted |= ok;
        }
        assert!(fitted, "200 tokens hold no prompt of:\n{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn never_over_budget(budget in 0usize..2500, which in 0usize..4) {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
        let text = match which {
            0 => SEED.to_owned(),
            1 => std::fs::read_to_string(corpus.join("054-progress.md")).unwrap(),
            2 => std::fs::read_to_string(corpus.join("038-ccnotes.md")).unwrap(),
            _ => std::fs::read_to_string(corpus.join("020-other.json")).unwrap(),
        };
        let p = Prompter::new(&text);
        p.assert_complete(budget, &p.at(usize::MAX).unwrap())?;
    }
}

/// Seed 002: a folder of past session notes, injected under one caution and one budget.
/// Files that date nothing go by when they were modified, after the dated ones; a file that
/// does not fit is named in the closing note, and what was left out of a file shown is said
/// with that file's path (line numbers of several files make no one range).
#[test]
fn a_folder_of_notes_goes_newest_first_by_date_then_modification_and_names_what_it_left_out() {
    let notes = |title: &str, state: &str| format!("# Session Title\n_A short, distinctive 5-10 word description_\n\n{title}\n\n# Current State\n_What's actively being worked on_\n\n{state}\n");
    let undated_old = notes("Refactor the parser", "Parser split into three modules.");
    let undated_new = notes("Fix login redirect", "Redirect loop fixed; tests pending.");
    let dated = SEED.to_owned();
    let docs = [parse(undated_old.as_str()), parse(undated_new.as_str()), parse(dated.as_str())];
    let now = CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap());
    let plans: Vec<_> = docs.iter().map(|d| plan(d, &now)).collect();
    let files = [
        PromptFile { path: "old-session.md", doc: &docs[0], plan: &plans[0], modified: Some(1_000) },
        PromptFile { path: "new-session.md", doc: &docs[1], plan: &plans[1], modified: Some(2_000) },
        PromptFile { path: "task/session_memory.md", doc: &docs[2], plan: &plans[2], modified: Some(500) },
    ];
    let out = render_prompts(&files, 2000).unwrap();
    assert_eq!(out.matches("These notes come from past sessions").count(), 1);
    assert!(out.contains("may not be related to the current task"), "{out}");
    let at = |p: &str| out.find(&format!("## {p} (")).unwrap_or_else(|| panic!("{p} in\n{out}"));
    assert!(at("task/session_memory.md") < at("new-session.md") && at("new-session.md") < at("old-session.md"), "{out}");
    // A budget that holds the first preview only: the others are named as left out.
    let first = render_prompts(&files[2..], 2000).unwrap();
    let budget = estimate(&first) + 40;
    let out = render_prompts(&files, budget).unwrap();
    assert!(estimate(&out) <= budget, "{out}");
    assert!(out.contains("## task/session_memory.md ("), "{out}");
    assert!(out.contains("\nLeft out to fit the budget: 2 × files (new-session.md, old-session.md). Read the files for the rest.\n"), "{out}");
}

/// A memory store among the files: its preview is its three newest rows, the others counted
/// as left out with their lines and the store's path.
#[test]
fn a_store_in_a_folder_previews_its_newest_rows() {
    let rows: String = (1..=5).map(|i| format!("{{\"id\":\"m{i}\",\"content\":\"fact number {i}\",\"created_at\":\"2026-04-{:02}T10:00:00Z\"}}\n", 10 + i)).collect();
    let (store, notes) = (parse(rows.as_str()), parse(SEED));
    let now = CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap());
    let (ps, pn) = (plan(&store, &now), plan(&notes, &now));
    let files = [
        PromptFile { path: "memories.jsonl", doc: &store, plan: &ps, modified: None },
        PromptFile { path: "session_memory.md", doc: &notes, plan: &pn, modified: None },
    ];
    let out = render_prompts(&files, 2000).unwrap();
    let shown: Vec<&str> = out.lines().filter(|l| l.starts_with("- fact number")).collect();
    assert_eq!(shown, ["- fact number 5 (line 5)", "- fact number 4 (line 4)", "- fact number 3 (line 3)"], "{out}");
    assert!(out.contains("\nLeft out to fit the budget: 2 × memories (lines 1-2 of memories.jsonl). Read the files for the rest.\n"), "{out}");
}

/// The prompt says where the run stands and how old the notes are, right after the next
/// action; a harness's memory that records no work has no run to state.
#[test]
fn the_prompt_states_the_run_s_status_and_age() {
    let out = prompt(SEED, 2000);
    let next = out.find("Next action:").unwrap();
    let status = out.find("\nStatus: in progress, last updated 2026-04-22T07:23Z\n").unwrap_or_else(|| panic!("{out}"));
    assert!(next < status && status < out.find("Binding decisions (newest first):").unwrap(), "{out}");
    let done = prompt("# Tasks\n\n- [x] Parser\n- [x] Docs\n", 2000);
    assert!(done.contains("\nStatus: complete\n"), "{done}");
    let memory = prompt("---\nname: testing\ndescription: how we test\ntype: feedback\n---\n\nRun the integration tests against a real database.\n", 2000);
    assert!(!memory.contains("Status:"), "{memory}");
}

/// Findings about where the run stands come before those about the file's form, and one
/// rule's many findings do not crowd out the rest: past two, one line counts them.
#[test]
fn run_findings_come_first_and_repeats_are_counted() {
    let mut text = String::from("# Progress\n\n");
    for n in 1..=6 {
        text.push_str(&format!("## Session {n}\n- COMPLETED: step {n}\n\n## Notes\nNothing new in sitting {n}.\n\n"));
    }
    text.push_str("## Next Steps\n- step 3\n");
    let out = prompt(&text, 2000);
    let warnings = &out[out.find("Conflicts and warnings:").unwrap_or_else(|| panic!("{out}"))..];
    let run = warnings.find("next-step-done:").unwrap_or_else(|| panic!("{out}"));
    let form = warnings.find("duplicate-section:").unwrap_or_else(|| panic!("{out}"));
    assert!(run < form, "{out}");
    assert_eq!(warnings.matches("duplicate-section:").count(), 3, "{out}");
    assert!(warnings.contains("duplicate-section: 3 more like these, at lines 24, 30, 36"), "{out}");
    // A third finding alone is said in full.
    let mut three = String::from("# Progress\n\n");
    for n in 1..=4 {
        three.push_str(&format!("## Session {n}\n- COMPLETED: step {n}\n\n## Notes\nNothing new in sitting {n}.\n\n"));
    }
    let out = prompt(&three, 2000);
    assert_eq!(out.matches("duplicate-section: section `Notes` appears twice").count(), 3, "{out}");
    assert!(!out.contains("more like these"), "{out}");
    // Findings all said at one line (a template's missing sections) name it once.
    let notes = "# Session Title\n_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_\n\nBilling\n\n# Current State\n_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._\n\nWorking on the webhooks.\n\n# Worklog\n_Step by step, what was attempted, done? Very terse summary for each step_\n\n1. Started\n";
    let out = prompt(notes, 2000);
    let repeat = out.lines().find(|l| l.contains("more like these")).unwrap_or_else(|| panic!("{out}"));
    assert!(repeat.starts_with("- missing-section:") && !repeat.contains("at line"), "{repeat}");
}

/// A run the file records as finished has no next action: the last next step it wrote is
/// shown as what it is.
#[test]
fn a_finished_run_s_last_next_step_is_no_next_action() {
    let out = prompt("# Progress\n\n## Session 1 — 2026-03-01\n- COMPLETED: parser\n- Next step: wire the exporter\n\n## Session 2 — 2026-03-02\n- COMPLETED: exporter\n\nAll tasks complete.\n", 2000);
    assert!(out.contains("\nLast next step written (the run reads as complete): wire the exporter (line 5)\n"), "{out}");
    assert!(out.contains("\nStatus: complete, last updated 2026-03-02\n"), "{out}");
    assert!(!out.contains("Next action:"), "{out}");
}

/// Decisions newest first, as discoveries: a tight budget keeps the latest word. Later in the
/// file is newer, unless the file is kept newest first.
#[test]
fn decisions_come_newest_first_in_either_order_of_file() {
    let oldest_first = "# Notes\n\n## Decisions\n- 2026-03-01 — Use Postgres\n- 2026-03-05 — Use Redis for sessions\n";
    let out = prompt(oldest_first, 2000);
    assert!(out.find("Use Redis").unwrap() < out.find("Use Postgres").unwrap(), "{out}");
    let newest_first = "# Log\n\n## 2026-03-05\n- Decision: Use Redis for sessions\n\n## 2026-03-03\n- Decision: Cache with a TTL of 30s\n\n## 2026-03-01\n- Decision: Use Postgres\n";
    let out = prompt(newest_first, 2000);
    assert!(out.find("Use Redis").unwrap() < out.find("Use Postgres").unwrap(), "{out}");
}

/// A fresh agent needs what the task is for and how the last session left it, in the file's
/// own words: the goal section's opening and the current state's, each once, masked, with
/// their lines; a state that is only the next step is not said twice.
#[test]
fn the_goal_and_the_current_state_in_the_files_words() {
    let notes = "# Session Title\n_A short title_\n\nStripe v3\n\n# Current State\n_What is actively being worked on right now?_\n\n\
        Webhooks ported. Reconciling invoices: diff done, write-back pending.\n\nNEXT STEP: implement the write-back.\n\n\
        # Task specification\n_What did the user ask to build?_\n\nMove all Stripe calls to the v3 SDK. Key: sk_live_51HxQ2cLkVb7Rr9Tq3wE8yZ0a\n\n\
        # Errors & Corrections\n_Errors encountered_\n\n- Mocking the SDK hid a bug: use the test clock.\n";
    let out = prompt(notes, 2000);
    let goal = out.lines().find(|l| l.starts_with("Goal: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(goal.starts_with("Goal: Move all Stripe calls to the v3 SDK."), "{goal}");
    assert!(!out.contains("sk_live_51HxQ2cLkVb7Rr9Tq3wE8yZ0a"), "{out}");
    assert!(out.contains("Current state (as written): Webhooks ported. Reconciling invoices: diff done, write-back pending. (line 9)"), "{out}");
    // What failed is a discovery the next session must not try again.
    assert!(out.contains("Mocking the SDK hid a bug"), "{out}");
    // In priority order: next action, status, goal, state.
    let at = |needle: &str| out.find(needle).unwrap_or_else(|| panic!("{needle} in {out}"));
    assert!(at("Next action:") < at("Status:") && at("Status:") < at("Goal:") && at("Goal:") < at("Current state"));
    // A state section that is only the next step is said once, as the next action.
    let only_next = "# Memory\n\n## Status\nNext: deploy the parser.\n";
    let out = prompt(only_next, 2000);
    assert!(!out.contains("Current state"), "{out}");
}

/// A unit left failing or blocked is work to redo, not work done: the prompt lists the units
/// left open besides the one it resumes.
#[test]
fn units_left_failing_or_blocked_are_listed() {
    let features = "{\"features\": [{\"id\": \"F001\", \"description\": \"Add a todo\", \"status\": \"passing\"}, {\"id\": \"F002\", \"description\": \"Filter todos\", \"status\": \"failing\"}, {\"id\": \"F003\", \"description\": \"Sync\", \"status\": \"not_started\"}]}\n";
    let out = prompt(features, 2000);
    assert!(out.contains("Also open: F002: Filter todos (FAILED)"), "{out}");
}

/// A memory bank's Known Issues are in the prompt, after the work left, in the file's words:
/// a word for none is no issue, and a secret in one is masked.
#[test]
fn known_issues_are_shown_as_written() {
    let text = "# Progress\n\n## What's Left to Build\n- [ ] Checkout with Stripe\n\n## Known Issues\n- Search is slow on more than 5k products\n- The staging key sk_live_51HqT9aK2eZvKYlo2C0pQrS7uVwXyZ0123456789ab leaks in logs\n\n## Open Issues\n- None\n";
    let out = prompt(text, 2000);
    let pending = out.find("Pending:").unwrap();
    let issues = out.find("Known issues (as written):\n- Search is slow on more than 5k products (line 7)").unwrap_or_else(|| panic!("{out}"));
    assert!(pending < issues, "{out}");
    assert!(!out.contains("sk_live_51HqT9aK2eZvKYlo2C0pQrS7uVwXyZ0123456789ab"), "{out}");
    assert!(!out.contains("- None"), "{out}");
}

/// The unit under way is quoted with its line when the line says how far it got, masked as
/// every quote is; a line that only names it with its status is not repeated.
#[test]
fn the_unit_under_way_with_how_far_it_got() {
    let log = "# Arbeitsprotokoll\n\n## 30.11.2026\n- Rechnungserstellung begonnen, PDF-Vorlage fehlt noch\n\n## 29.11.2026\n- Warenkorb fertig\n";
    let out = prompt(log, 2000);
    assert!(out.contains("In progress: Rechnungserstellung — as written: Rechnungserstellung begonnen, PDF-Vorlage fehlt noch (line 4)"), "{out}");
    let plain = prompt("# Tasks\n\n- IN_PROGRESS: orders/batch_2/\n", 2000);
    assert!(plain.contains("In progress: orders/batch_2/") && !plain.contains("as written"), "{plain}");
    let secret = prompt("# Tasks\n\n- IN_PROGRESS: deploy — token ghp_0123456789abcdefghijABCDEFGHIJ012345 still to rotate\n", 2000);
    assert!(!secret.contains("ghp_0123456789abcdefghij"), "{secret}");
}

/// A session's own Current Status is that session's: quoted for the run only from the latest
/// sitting; and what stays open is listed newest first, in either log order.
#[test]
fn an_old_session_s_state_is_not_the_run_s_and_open_work_comes_newest_first() {
    let text = "# Progress\n\n## Session — 2026-01-24\n- BLOCKED: wallet setup (waiting on the key)\n\n### Current Status\n- Progress: 12/40 features passing\n\n## Session — 2026-01-26\n- COMPLETED: leaderboard\n- BLOCKED: music files (waiting on the artist)\n";
    let out = prompt(text, 2000);
    assert!(!out.contains("12/40"), "{out}");
    let open = &out[out.find("Also open").unwrap()..];
    let (newer, older) = (open.find("music files").unwrap(), open.find("wallet setup").unwrap());
    assert!(newer < older, "{out}");
    // Nothing left to start: the latest block is where the next session begins.
    assert!(out.contains("Next action: Unblock music files"), "{out}");
    // The latest sitting's own state is the run's.
    let text = "# Progress\n\n## Session — 2026-01-24\n- COMPLETED: schema\n\n## Session — 2026-01-26\n- COMPLETED: leaderboard\n\n### Current Status\n- Progress: 30/40 features passing\n";
    assert!(prompt(text, 2000).contains("30/40"), "{}", prompt(text, 2000));
    // Newest first: the first blocker in the file is the latest.
    let text = "# Progress\n\n## 2026-01-26\n- BLOCKED: music files (waiting on the artist)\n\n## 2026-01-24\n- BLOCKED: wallet setup (waiting on the key)\n- COMPLETED: schema\n";
    let out = prompt(text, 2000);
    let open = &out[out.find("Also open").unwrap()..];
    assert!(open.find("music files").unwrap() < open.find("wallet setup").unwrap(), "{out}");
    assert!(out.contains("Next action: Unblock music files"), "{out}");
}
