//! JSON and JSONL inputs read for their task state (docs/dialects.md memory-store and progress-log,
//! issue 12 item 5): feature lists with `passes` flags or `status` words, current-task
//! pointers, units nested under wrappers, categories and maps, memory rows that carry task
//! state (status, next actions, focus, decisions) in either order of rows, session-state
//! objects, and JSON documents followed by stray text. Each fixture is small and written
//! here; every one round-trips byte for byte.

use memento_core::plan::{NextActionSource, Plan, PlanUnit};
use memento_core::{check, parse, CheckOptions, Dialect, Rule, RunStatus, Status, Timestamp};
use memento_edit::edit;

fn options() -> CheckOptions {
    CheckOptions::at(Timestamp::parse("2026-04-22T08:00Z").unwrap())
}

fn plan_of(text: &str) -> Plan {
    let doc = parse(text);
    assert_eq!(doc.to_string(), text, "round trip");
    memento_core::plan(&doc, &options())
}

fn names(list: &[PlanUnit]) -> Vec<&str> {
    list.iter().map(|u| u.unit.as_str()).collect()
}

fn in_progress(plan: &Plan) -> Vec<&str> {
    plan.open.iter().filter(|u| u.status == Status::InProgress).map(|u| u.unit.as_str()).collect()
}

fn next(plan: &Plan) -> (NextActionSource, &str, u32) {
    let n = plan.next_action.as_ref().expect("a next action");
    (n.source, n.text.as_str(), n.line)
}

/// (line, message) of the findings of one rule.
fn findings(text: &str, rule: Rule) -> Vec<(u32, String)> {
    check(&parse(text), &options()).into_iter().filter(|d| d.rule == rule).map(|d| (d.line, d.message)).collect()
}

#[test]
fn feature_lists_read_status_words_in_every_convention() {
    // One file per convention: the field is `status` or `state`, the words those harnesses write.
    let lists = [
        r#"[{"id": "F-1", "name": "Login", "status": "pass"}, {"id": "F-2", "name": "Signup", "status": "pending"}, {"id": "F-3", "name": "Export", "status": "failing"}]"#,
        r#"[{"feature_id": "F-1", "title": "Login", "status": "done"}, {"feature_id": "F-2", "title": "Signup", "status": "todo"}, {"feature_id": "F-3", "title": "Export", "status": "FAILED"}]"#,
        r#"[{"taskId": "F-1", "description": "Login", "state": "Completed"}, {"taskId": "F-2", "description": "Signup", "state": "not-started"}, {"taskId": "F-3", "description": "Export", "state": "Failing"}]"#,
    ];
    for text in lists {
        let plan = plan_of(text);
        assert_eq!(parse(text).dialect(), Dialect::ProgressLog, "{text}");
        assert_eq!(names(&plan.completed), ["F-1: Login"], "{text}");
        assert_eq!(names(&plan.pending), ["F-2: Signup"], "{text}");
        assert_eq!((plan.open[0].unit.as_str(), plan.open[0].status), ("F-3: Export", Status::Failed), "{text}");
        assert_eq!(next(&plan).1, "Start F-2: Signup");
        assert_eq!(plan.status, RunStatus::InProgress);
    }
    // `passes` flags and status words side by side; a word nobody knows is reported.
    let mixed = "[\n {\"description\": \"A\", \"passes\": true},\n {\"description\": \"B\", \"passes\": false, \"status\": \"in_progress\"},\n {\"description\": \"C\", \"status\": \"someday\"}\n]\n";
    let plan = plan_of(mixed);
    assert_eq!((names(&plan.completed), in_progress(&plan)), (vec!["A"], vec!["B"]));
    assert_eq!(next(&plan).1, "Continue B");
    assert_eq!(findings(mixed, Rule::UnknownStatus).len(), 1);
    assert_eq!(findings(mixed, Rule::UnknownStatus)[0].0, 4);
}

#[test]
fn a_feature_list_all_done_is_complete_and_one_not_begun_is_not_started() {
    let done = r#"[{"description": "A", "status": "done"}, {"description": "B", "passes": true}]"#;
    let plan = plan_of(done);
    assert_eq!((plan.status, plan.completed.len()), (RunStatus::Complete, 2));
    let fresh = r#"{"project": "x", "features": [{"id": "A-1", "description": "First", "passes": false}, {"id": "A-2", "description": "Second", "status": "todo"}]}"#;
    let plan = plan_of(fresh);
    assert_eq!(plan.status, RunStatus::NotStarted);
    assert_eq!(names(&plan.pending), ["A-1: First", "A-2: Second"]);
}

#[test]
fn units_are_found_under_wrappers_in_categories_and_in_maps() {
    let categories = r#"{"project": "shop", "categories": [
  {"name": "Auth", "features": [{"description": "Login", "status": "done"}, {"description": "Logout", "status": "open"}]},
  {"name": "Billing", "features": [{"description": "Invoices", "passes": false}]}
]}"#;
    let plan = plan_of(categories);
    assert_eq!(names(&plan.completed), ["Login"]);
    assert_eq!(names(&plan.pending), ["Logout", "Invoices"]);
    // A map keyed by unit name; the object under `metadata` holds units, it is not one.
    let map = r#"{"metadata": {"name": "shop", "status": "active"}, "tasks": {"auth": {"status": "done"}, "billing": {"status": "in progress"}}}"#;
    let plan = plan_of(map);
    assert_eq!((names(&plan.completed), in_progress(&plan)), (vec!["auth"], vec!["billing"]));
    // Generated ids (a uuid) are not shown; short ones written by a person are.
    let ids = r#"[{"id": "5f0c1a9e-8d7b-4c62-9a51-0e3d2b7f6a10", "name": "Long id", "status": "todo"}, {"id": 7, "name": "Seven", "status": "todo"}]"#;
    assert_eq!(names(&plan_of(ids).pending), ["Long id", "7: Seven"]);
}

#[test]
fn a_current_task_pointer_names_the_unit_in_progress() {
    // Snake case, camel case; the pointer names the unit by id or by name.
    for (pointer, value) in [("current_task_id", "\"T-2\""), ("currentTask", "\"Signup\""), ("current_feature", "\"t-2\"")] {
        let text = format!(
            "{{\n  \"{pointer}\": {value},\n  \"tasks\": [\n    {{\"id\": \"T-1\", \"title\": \"Login\", \"status\": \"done\"}},\n    {{\"id\": \"T-2\", \"title\": \"Signup\", \"status\": \"pending\"}},\n    {{\"id\": \"T-3\", \"title\": \"Export\", \"status\": \"pending\"}}\n  ]\n}}\n"
        );
        let plan = plan_of(&text);
        assert_eq!(in_progress(&plan), ["T-2: Signup"], "{pointer}");
        assert_eq!(names(&plan.pending), ["T-3: Export"], "{pointer}");
        // No stop point: the next unit to start is named after it.
        assert_eq!(next(&plan), (NextActionSource::StopPoint, "Continue T-2: Signup; then T-3: Export", 5), "{pointer}");
    }
    // A pointer to a unit already done leaves it done; one naming no unit is the unit in
    // progress when nothing else is.
    let stale = r#"{"current_task_id": "T-1", "tasks": [{"id": "T-1", "title": "Login", "status": "done"}, {"id": "T-2", "title": "Signup", "status": "todo"}]}"#;
    let plan = plan_of(stale);
    assert_eq!((names(&plan.completed), in_progress(&plan)), (vec!["T-1: Login"], vec![]));
    let phase = r#"{"currentPhase": "payments-integration", "tasks": [{"id": "T-1", "title": "Login", "status": "done"}]}"#;
    let plan = plan_of(phase);
    assert_eq!(in_progress(&plan), ["payments-integration"]);
    assert_eq!(plan.status, RunStatus::InProgress);
}

#[test]
fn a_session_state_object_reads_its_current_session() {
    // Newest session first, its state written as prose opening with a status word.
    let state = r#"{
  "lastUpdated": "2026-04-20T10:00:00Z",
  "sessionNumber": 3,
  "currentPhase": "reporting",
  "sessions": [
    {"sessionId": "3", "objective": "Build the export report", "endTime": null, "outcome": "In progress - CSV writer drafted"},
    {"sessionId": "2", "objective": "Add invoice totals", "outcome": "Complete - totals match the ledger"},
    {"sessionId": "1", "objective": "Set up the project", "outcome": "Completed: scaffold and CI"}
  ]
}
"#;
    let plan = plan_of(state);
    assert_eq!(parse(state).dialect(), Dialect::ProgressLog);
    assert_eq!(plan.status, RunStatus::InProgress);
    assert_eq!(in_progress(&plan), ["3: Build the export report"]);
    assert_eq!(names(&plan.completed), ["2: Add invoice totals", "1: Set up the project"]);
    assert_eq!(next(&plan).1, "Continue 3: Build the export report");
}

#[test]
fn a_state_object_lists_its_units_under_the_names_of_their_states() {
    let state = r#"{"project": "shop", "completed": ["cart", "checkout"], "in_progress": ["payments"],
  "todo": ["emails", {"name": "admin"}], "blocked": [], "next_step": "wire Stripe webhooks"}
"#;
    let plan = plan_of(state);
    assert_eq!(plan.status, RunStatus::InProgress);
    assert_eq!(names(&plan.completed), ["cart", "checkout"]);
    assert_eq!(in_progress(&plan), ["payments"]);
    assert_eq!(names(&plan.pending), ["emails", "admin"]);
    assert_eq!(next(&plan).1, "wire Stripe webhooks");
    // Steps, as an agent's state file lists them.
    let steps = plan_of(r#"{"phase": "implementation", "completed_steps": ["Audit amounts", "Money type"], "current_step": "Tax rounding", "remainingSteps": ["PDF template", "Reports"]}"#);
    assert_eq!((names(&steps.completed), names(&steps.pending)), (vec!["Audit amounts", "Money type"], vec!["PDF template", "Reports"]));
    assert_eq!(in_progress(&steps), ["Tax rounding"]);
    // A unit's own flag of the same name is still the unit's flag.
    let flagged = plan_of(r#"[{"description": "Sign up", "completed": true}, {"description": "Log in", "completed": false}]"#);
    assert_eq!((names(&flagged.completed), names(&flagged.pending)), (vec!["Sign up"], vec!["Log in"]));
}

#[test]
fn a_memory_row_of_the_next_step_kind_is_the_next_action() {
    let rows = r#"{"id":"m1","type":"decision","content":"Use pnpm workspaces","created_at":"2025-10-01T10:00:00Z"}
{"id":"m3","type":"next_step","content":"Wire Stripe webhooks","created_at":"2025-10-03T10:05:00Z"}
{"id":"m2","type":"next","content":"Write the auth tests","created_at":"2025-10-02T10:00:00Z"}
"#;
    // The latest by time, wherever its row is.
    assert_eq!(next(&plan_of(rows)).1, "Wire Stripe webhooks");
}

#[test]
fn memory_rows_with_a_status_are_units_and_project_rows_hold_them() {
    let rows = concat!(
        r#"{"id": "p-1", "type": "project", "name": "kai", "status": "active", "ts": "2026-04-01T00:00:00Z"}"#, "\n",
        r#"{"id": "t-1", "type": "task", "project": "kai", "status": "done", "content": "Define the schema", "ts": "2026-04-01T00:00:00Z"}"#, "\n",
        r#"{"id": "t-2", "type": "task", "project": "kai", "status": "open", "content": "Write the compaction script", "ts": "2026-04-01T00:00:00Z"}"#, "\n",
        r#"{"id": "f-1", "type": "fact", "content": "Prefers tabs", "ts": "2026-04-01T00:00:00Z"}"#, "\n",
    );
    let doc = parse(rows);
    assert_eq!((doc.dialect(), doc.records().len()), (Dialect::MemoryStore, 4), "every row stays a record");
    let plan = plan_of(rows);
    assert_eq!(plan.status, RunStatus::InProgress);
    assert_eq!(names(&plan.completed), ["t-1: Define the schema"]);
    assert_eq!(names(&plan.pending), ["t-2: Write the compaction script"]);
    assert!(plan.open.is_empty(), "an active project is not a unit in progress: {:?}", plan.open);
    assert_eq!(next(&plan).1, "Start t-2: Write the compaction script");
    // All tasks done: complete. A store of facts alone keeps its status (work recorded).
    let done = rows.replace("\"open\"", "\"closed\"");
    assert_eq!(plan_of(&done).status, RunStatus::Complete);
    // A store's own `state` of a row (mem0: active, archived) is the row's life, not a task's.
    let mem0 = r#"[{"id": "a1", "content": "Uses pnpm", "state": "active"}, {"id": "a2", "content": "Old API key rotated", "state": "archived"}]"#;
    let doc = parse(mem0);
    assert_eq!((doc.dialect(), doc.records().len(), doc.progress().len()), (Dialect::MemoryStore, 2, 0));
    // Every row "active" and none otherwise: the rows' own life, not tasks all under way.
    let live = "{\"id\": 1, \"text\": \"Uses pnpm\", \"status\": \"active\"}\n{\"id\": 2, \"text\": \"Deploys on Fridays\", \"status\": \"active\"}\n";
    let plan = plan_of(live);
    assert!(plan.open.is_empty() && plan.resume_from.is_none(), "{:?}", plan.open);
    // One row under way among rows done is a task in progress.
    let work = "{\"id\": 1, \"text\": \"Parser\", \"status\": \"done\"}\n{\"id\": 2, \"text\": \"Checker\", \"status\": \"active\"}\n";
    assert_eq!(in_progress(&plan_of(work)), ["2: Checker"]);
    let facts = "{\"id\": \"m1\", \"text\": \"The API is at /v2\", \"created_at\": \"2026-04-01T00:00:00Z\"}\n";
    let plan = plan_of(facts);
    assert_eq!((plan.status, plan.completed.len() + plan.pending.len() + plan.open.len()), (RunStatus::InProgress, 0));
    assert!(plan.next_action.is_none() && plan.decisions.active.is_empty());
}

/// A checkpoint journal: rows with a focus, next actions and decisions.
fn journal(newest_first: bool, stamped: bool) -> String {
    let rows = [
        ("2026-04-20T09:00:00Z", "WS-1: parser", "Start WS-2: checker", "Use a hand-written lexer"),
        ("2026-04-20T12:00:00Z", "WS-2: checker", "Start WS-3: planner", "Rules live in a registry"),
        ("2026-04-21T08:00:00Z", "WS-3: planner", "Wire WS-3 into the CLI", "Plans are data"),
    ];
    let mut lines: Vec<String> = rows
        .iter()
        .map(|(ts, focus, next, decision)| {
            let stamp = if stamped { format!(", \"timestamp_utc\": \"{ts}\"") } else { String::new() };
            format!("{{\"focus\": \"{focus}\", \"next_actions\": \"{next}\", \"decisions\": \"{decision}\"{stamp}}}\n")
        })
        .collect();
    if newest_first {
        lines.reverse();
    }
    lines.concat()
}

#[test]
fn a_journal_resumes_from_its_latest_row_in_either_order() {
    for newest_first in [false, true] {
        let text = journal(newest_first, true);
        let plan = plan_of(&text);
        let latest_line = if newest_first { 1 } else { 3 };
        assert_eq!(next(&plan), (NextActionSource::NextStep, "Wire WS-3 into the CLI", latest_line), "newest first: {newest_first}");
        assert_eq!(in_progress(&plan), ["WS-3: planner"], "newest first: {newest_first}");
        let mut done = names(&plan.completed);
        done.sort();
        assert_eq!(done, ["WS-1: parser", "WS-2: checker"], "the focus of a row a later row replaced is work moved past");
        assert_eq!(plan.decisions.active.len(), 3);
        assert_eq!(plan.status, RunStatus::InProgress);
    }
    // Without timestamps, the last row is the latest.
    let text = journal(true, false);
    let plan = plan_of(&text);
    assert_eq!(next(&plan).1, "Start WS-2: checker");
    assert_eq!(in_progress(&plan), ["WS-1: parser"]);
    // A focus carried over several rows is one unit, in progress, not also done.
    let carried = "{\"focus\": \"Auth\", \"next\": \"Write the tests\"}\n{\"focus\": \"Auth\", \"next\": [\"Fix the refresh token\", \"Ship\"]}\n";
    let plan = plan_of(carried);
    assert_eq!((in_progress(&plan), plan.completed.len()), (vec!["Auth"], 0));
    assert_eq!(next(&plan).1, "Fix the refresh token");
    assert!(findings(carried, Rule::ProgressContradiction).is_empty());
}

#[test]
fn rows_that_are_decisions_are_decisions() {
    let rows = concat!(
        r#"{"entityName": "repo", "entityType": "repo_governance_fact", "observation": "Close finished sub-agents before spawning more"}"#, "\n",
        r#"{"kind": "decision", "text": "Postgres, not SQLite"}"#, "\n",
        r#"{"subject": "Layers", "fact": "Domain depends on nothing", "reason": "keep the core pure"}"#, "\n",
        r#"{"kind": "note", "text": "The build takes 4 minutes"}"#, "\n",
    );
    let plan = plan_of(rows);
    let got: Vec<_> = plan.decisions.active.iter().map(|d| (d.id.as_str(), d.text.as_str())).collect();
    assert_eq!(
        got,
        [("L1", "Close finished sub-agents before spawning more"), ("L2", "Postgres, not SQLite"), ("L3", "Domain depends on nothing")]
    );
    // A decisions field holding a list gives one decision each.
    let listed = "{\"summary\": \"Session 4\", \"decisions\": [\"Use WAL mode\", \"Keep JSONL\"]}\n";
    let ids: Vec<_> = plan_of(listed).decisions.active.into_iter().map(|d| d.id).collect();
    assert_eq!(ids, ["L1", "L1#2"]);
}

#[test]
fn a_document_followed_by_stray_text_is_read_up_to_it() {
    let features = "[\n  {\"description\": \"A\", \"passes\": true},\n  {\"description\": \"B\", \"passes\": false}\n]\n";
    for (garbage, line) in [("]\n", 5), ("[]\n", 5), ("}\n  {\"description\": \"C\", \"passes\": true}\n]\n", 5), ("\n\n,]", 7)] {
        let text = format!("{features}{garbage}");
        let plan = plan_of(&text);
        assert_eq!((names(&plan.completed), names(&plan.pending)), (vec!["A"], vec!["B"]), "{garbage:?}");
        let found = findings(&text, Rule::MalformedEntry);
        assert_eq!(found.len(), 1, "{garbage:?}: {found:?}");
        assert_eq!(found[0].0, line, "{garbage:?}");
        assert!(found[0].1.contains("after the end of the JSON document"), "{}", found[0].1);
    }
    // A wrapper object written over several lines, then stray brackets: one finding for
    // all of them (a JSONL row that does not parse is one finding per line).
    let wrapper = "{\n  \"features\": [\n    {\"description\": \"A\", \"status\": \"done\"}\n  ]\n}\n}\n]\n";
    assert_eq!(names(&plan_of(wrapper).completed), ["A"]);
    let found = findings(wrapper, Rule::MalformedEntry);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].0 == 6 && found[0].1.contains("after the end of the JSON document"), "{found:?}");
    // JSONL keeps reading after a broken row, which is flagged on its own line.
    let jsonl = "{\"text\": \"a\"}\n{\"text\": oops}\n{\"text\": \"c\"}\n";
    assert_eq!(parse(jsonl).records().len(), 2);
    let found = findings(jsonl, Rule::MalformedEntry);
    assert_eq!((found.len(), found[0].0, found[0].1.as_str()), (1, 2, "this row is not valid JSON"));
}

#[test]
fn a_document_that_breaks_off_is_read_up_to_the_break() {
    let flagged = |text: &str| {
        let found = findings(text, Rule::MalformedEntry);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].1.contains("breaks off"), "{}", found[0].1);
        found[0].0
    };
    // Cut short while the harness was writing it.
    let cut = "[\n  {\"description\": \"A\", \"passes\": true},\n  {\"description\": \"B\", \"passes\": false},\n  {\"description\": \"C\", \"pas";
    let plan = plan_of(cut);
    assert_eq!((names(&plan.completed), names(&plan.pending)), (vec!["A"], vec!["B"]));
    assert_eq!(flagged(cut), 4);
    // A quote left unescaped in the middle: the entries before it are read.
    let quote = "[\n  {\"description\": \"A\", \"status\": \"done\"},\n  {\"description\": \"Add \"dark\" mode\", \"status\": \"todo\"},\n  {\"description\": \"C\", \"status\": \"todo\"}\n]\n";
    let plan = plan_of(quote);
    assert_eq!((names(&plan.completed), plan.pending.len()), (vec!["A"], 0));
    assert_eq!(flagged(quote), 3);
    // A wrapper cut inside its list keeps its pointer.
    let wrapper = "{\n  \"current_task_id\": \"T-2\",\n  \"tasks\": [\n    {\"id\": \"T-1\", \"title\": \"Login\", \"status\": \"done\"},\n    {\"id\": \"T-2\", \"title\": \"Signup\", \"status\": \"pending\"},\n    {\"id\": \"T-3\", \"ti";
    let plan = plan_of(wrapper);
    assert_eq!((names(&plan.completed), in_progress(&plan)), (vec!["T-1: Login"], vec!["T-2: Signup"]));
    assert_eq!(flagged(wrapper), 6);
    // A JSONL whose first row breaks is still rows: that row is one finding, the others read.
    let jsonl = "{\"text\": oops}\n{\"text\": \"b\"}\n";
    assert_eq!(parse(jsonl).records().len(), 1);
    assert_eq!(findings(jsonl, Rule::MalformedEntry), [(1, "this row is not valid JSON".to_owned())]);
}

#[test]
fn rows_joined_by_commas_are_read_and_flagged_once() {
    // A `.jsonl` that is a pretty-printed array without its brackets.
    let joined = "  {\n    \"subject\": \"A\",\n    \"fact\": \"one\"\n  },\n  {\n    \"subject\": \"B\",\n    \"fact\": \"two\"\n  },\n  {\n    \"subject\": \"C\",\n    \"fact\": \"three\"\n  }\n";
    let doc = parse(joined);
    assert_eq!(doc.to_string(), joined);
    assert_eq!((doc.dialect(), doc.records().len()), (Dialect::MemoryStore, 3));
    let found = findings(joined, Rule::MalformedEntry);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, 4, "the first comma");
    assert!(found[0].1.contains("joined by commas"), "{}", found[0].1);
}

#[test]
fn setting_progress_writes_the_files_own_status_words() {
    let given = "[\n  {\"id\": \"F-1\", \"name\": \"Login\", \"status\": \"pass\"},\n  {\"id\": \"F-2\", \"name\": \"Signup\", \"status\": \"pending\"}\n]\n";
    let out = edit::set_progress(given, "Signup", Status::Completed, None).unwrap();
    assert_eq!(out.text, given.replace("\"status\": \"pending\"", "\"status\": \"pass\""));
    // A word the file does not use yet is a plain one; the prose after a status stays.
    let out = edit::set_progress(given, "Login", Status::InProgress, None).unwrap();
    assert_eq!(out.text, given.replace("\"status\": \"pass\"", "\"status\": \"in_progress\""));
    let sessions = "{\"sessions\": [{\"objective\": \"Export\", \"outcome\": \"In progress - CSV drafted\"}]}\n";
    let out = edit::set_progress(sessions, "Export", Status::Completed, None).unwrap();
    assert_eq!(out.text, sessions.replace("In progress - CSV", "done - CSV"));
}

/// JSON shapes cut and joined at random: parse, check, plan and the status edit never
/// panic, and the text round-trips.
mod soup {
    use super::*;
    use proptest::prelude::*;

    const PIECES: &[&str] = &[
        "[", "]", "{", "}", ",", ":", "\n", "  ", "\"", "\\", "null", "true", "false", "7", "\"id\"", "\"T-1\"",
        "\"name\"", "\"a\"", "\"status\"", "\"done\"", "\"In progress - x\"", "\"outcome\"", "\"passes\"",
        "\"current_task_id\"", "\"focus\"", "\"next_actions\"", "\"decisions\"", "\"type\"", "\"project\"",
        "\"reason\"", "\"ts\"", "\"2026-04-22T07:12Z\"", "\"features\"", "\"tasks\"", "\"content\"", "é", "中文",
        "{\"id\":\"T-1\",\"name\":\"a\",\"status\":\"todo\"}", "{\"focus\":\"a\",\"next\":[\"b\"]}\n",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
        #[test]
        fn json_soup_is_read_without_panic(open in prop::sample::select(vec!["[", "{"]), parts in prop::collection::vec(prop::sample::select(PIECES), 0..48)) {
            let text = format!("{open}{}", parts.concat());
            let doc = parse(text.as_str());
            prop_assert_eq!(doc.to_string(), text.clone());
            let _ = memento_core::plan(&doc, &options());
            let _ = edit::set_progress(&text, "a", Status::Completed, None);
        }
    }
}

/// The knowledge graph of the MCP memory server: entity rows with a list of observations and
/// relation rows. An entity is a memory (its name, then what is known of it); one named as a
/// next step (`next-step`, `Next Steps`) gives the next action; a relation is no memory.
#[test]
fn a_knowledge_graphs_entities_are_memories_and_a_next_step_entity_the_next_action() {
    let text = concat!(
        r#"{"type":"entity","name":"checkout-service","entityType":"project","observations":["Uses Stripe Checkout","Webhook not yet deployed"]}"#, "\n",
        r#"{"type":"entity","name":"next-step","entityType":"task","observations":["Deploy the webhook to staging"]}"#, "\n",
        r#"{"type":"relation","from":"checkout-service","to":"next-step","relationType":"has_task"}"#, "\n",
    );
    let doc = parse(text);
    let contents: Vec<Option<&str>> = doc.records().iter().map(|r| r.content.as_deref()).collect();
    assert_eq!(contents, [Some("checkout-service: Uses Stripe Checkout; Webhook not yet deployed"), Some("next-step: Deploy the webhook to staging"), None]);
    let p = plan_of(text);
    assert_eq!(next(&p).1, "Deploy the webhook to staging");
    // An entity of another name gives no next action.
    assert!(plan_of(&text.replace("\"name\":\"next-step\"", "\"name\":\"billing\"")).next_action.is_none());
}

#[test]
fn a_progress_row_tells_its_state_in_its_content() {
    // Rows of a progress kind with no status field: the content's subject and state.
    let rows = "{\"ts\": \"2026-11-21T10:00:00Z\", \"type\": \"progress\", \"text\": \"Importer done\"}\n{\"ts\": \"2026-11-22T10:00:00Z\", \"type\": \"status\", \"text\": \"Exportador — en curso\"}\n{\"ts\": \"2026-11-22T11:00:00Z\", \"type\": \"progress\", \"text\": \"결제 모듈 진행 중\"}\n";
    let p = plan_of(rows);
    assert_eq!(names(&p.completed), ["Importer"]);
    assert_eq!(in_progress(&p), ["Exportador", "결제 모듈"]);
    // Work told as done or under way, as a current-state sentence is, in several languages.
    let rows = "{\"type\": \"progress\", \"content\": \"Completed the sync engine\"}\n{\"type\": \"progress\", \"content\": \"Working on conflict resolution\"}\n";
    let p = plan_of(rows);
    assert_eq!((names(&p.completed), in_progress(&p)), (vec!["the sync engine"], vec!["conflict resolution"]));
    let rows = "{\"type\": \"progress\", \"content\": \"Terminado el importador\"}\n{\"type\": \"progress\", \"content\": \"Trabajando en el exportador\"}\n";
    let p = plan_of(rows);
    assert_eq!((names(&p.completed), in_progress(&p)), (vec!["el importador"], vec!["el exportador"]));
    // A row of another kind, or prose that is no subject and its state, is a record only.
    let rows = "{\"type\": \"fact\", \"text\": \"Importer done\"}\n{\"type\": \"progress\", \"text\": \"All tests passing\"}\n";
    let p = plan_of(rows);
    assert!(p.completed.is_empty() && p.open.is_empty(), "{:?}", names(&p.completed));
}

/// A journal's latest row decides: a row pointing at work it says is blocked leaves it
/// blocked (in two languages), and a last row whose next actions are empty has nothing next,
/// not an older row's step.
#[test]
fn a_journal_s_latest_row_decides_its_status_and_its_next_step() {
    for (focus, blocker) in [("integrate Stripe sandbox", "waiting for PM to provide API keys"), ("接入支付宝沙箱", "等经理提供商户号")] {
        let text = format!(
            "{{\"timestamp\": \"2026-11-25T10:00:00Z\", \"focus\": \"scaffold\", \"status\": \"done\", \"next_actions\": [\"orders\"]}}\n{{\"timestamp\": \"2026-11-28T11:45:00Z\", \"focus\": \"{focus}\", \"status\": \"blocked\", \"blocker\": \"{blocker}\", \"next_actions\": [\"configure the keys\"]}}\n"
        );
        let p = plan_of(&text);
        assert_eq!(p.status, memento_core::RunStatus::Blocked, "{focus}");
        assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [(focus, memento_core::Status::Blocked)]);
    }
    let text = "{\"timestamp\": \"2026-11-20T08:30:00Z\", \"focus\": \"Migrera CI\", \"status\": \"done\", \"next_actions\": [\"Stäng av Jenkins\"]}\n{\"timestamp\": \"2026-11-22T09:00:00Z\", \"focus\": \"Stäng av Jenkins\", \"status\": \"done\", \"next_actions\": []}\n";
    let p = plan_of(text);
    assert_eq!(p.status, memento_core::RunStatus::Complete);
    assert!(p.next_action.is_none(), "{:?}", p.next_action);
}

/// An event journal: a task's later row is its state now (`in_progress`, later `done`: no
/// contradiction, nothing left under way), an event's kind may say what happened
/// (`"event": "task_done"`), a row may say what is next in its own words (`"msg": "Next:
/// …"`).
#[test]
fn an_event_journal_reads_states_over_time_and_its_last_word_on_what_is_next() {
    let rows = [
        r#"{"ts":"2026-04-01T09:00:00Z","type":"progress","task":"ocr","status":"in_progress","msg":"Tesseract on the scans"}"#,
        r#"{"ts":"2026-04-01T12:00:00Z","type":"progress","task":"ocr","status":"done","msg":"All pages read"}"#,
        r#"{"ts":"2026-04-01T13:00:00Z","event":"task_started","task":"embeddings"}"#,
        r#"{"ts":"2026-04-01T15:00:00Z","event":"task_done","task":"embeddings","note":"212k chunks"}"#,
        r#"{"ts":"2026-04-01T16:00:00Z","type":"end","msg":"Next: DOCX support in the crawler"}"#,
    ];
    let text = rows.join("\n") + "\n";
    let plan = plan_of(&text);
    assert_eq!(names(&plan.completed), ["ocr", "embeddings"]);
    assert!(plan.open.is_empty(), "{:?}", plan.open);
    assert_eq!(next(&plan), (NextActionSource::NextStep, "DOCX support in the crawler", 5));
    assert_eq!(plan.status, RunStatus::InProgress, "a next step after the work done is work left");
    assert!(findings(&text, Rule::ProgressContradiction).is_empty());
    // A task started in the last session and not done since is where the run resumes.
    let started = rows[..3].join("\n") + "\n";
    assert_eq!(in_progress(&plan_of(&started)), ["embeddings"]);
}

#[test]
fn event_rows_that_name_their_task_by_id_alone() {
    let rows = r#"{"ts":"2026-12-01T09:02:11Z","event":"task_created","id":"T1","title":"Add tracing"}
{"ts":"2026-12-01T09:02:11Z","event":"task_created","id":"T2","title":"Propagate trace context"}
{"ts":"2026-12-01T09:02:11Z","event":"task_created","id":"T3","title":"Export to Tempo"}
{"ts":"2026-12-01T09:05:40Z","event":"task_started","id":"T1"}
{"ts":"2026-12-01T12:30:19Z","event":"task_completed","id":"T1"}
{"ts":"2026-12-01T13:10:00Z","event":"task_started","id":"T2"}
"#;
    let doc = memento_core::parse(rows);
    let plan = memento_core::plan(&doc, &CheckOptions::default());
    assert_eq!(names(&plan.completed), ["T1: Add tracing"]);
    assert_eq!(in_progress(&plan), ["T2: Propagate trace context"]);
    assert_eq!(names(&plan.pending), ["T3: Export to Tempo"]);
    assert!(memento_core::check(&doc, &CheckOptions::default()).iter().all(|d| d.severity != memento_core::Severity::Error));
}
