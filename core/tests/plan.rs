//! Resume plans for every dialect (docs/plan.md).

use memento_core::plan::NextActionSource;
use memento_core::{parse, parse_with, plan, CheckOptions, Dialect, ParseOptions, Plan, RunStatus, Status, Timestamp};

fn plan_of(text: &str) -> Plan {
    let now = Timestamp::parse("2026-04-22T08:00Z");
    memento_core::plan(&parse(text), &now.map(memento_core::CheckOptions::at).unwrap_or_default())
}

fn units(list: &[memento_core::plan::PlanUnit]) -> Vec<(&str, Option<&str>)> {
    list.iter().map(|u| (u.unit.as_str(), u.range.as_deref())).collect()
}

#[test]
fn seed_000_resumes_at_batch_3_file_095() {
    let plan = plan_of(include_str!("fixtures/checkpoint-log.md"));
    assert_eq!(plan.status, RunStatus::InProgress);
    let next = plan.next_action.as_ref().unwrap();
    assert_eq!(next.source, NextActionSource::NextStep);
    assert!(next.text.contains("orders/batch_3/ file 095"), "{}", next.text);
    assert_eq!(next.line, 19);
    let resume = plan.resume_from.as_ref().unwrap();
    assert_eq!(resume.unit, "orders/batch_3/");
    assert_eq!(resume.stopped_at.as_deref(), Some("094"));
    assert_eq!(resume.continue_at.as_deref(), Some("095"));
    assert_eq!(units(&plan.completed), [("orders/batch_1/", Some("001-047")), ("orders/batch_2/", Some("048-091"))]);
    assert_eq!(units(&plan.pending), [("orders/batch_4/", None), ("orders/batch_5/", None)]);
    assert_eq!(plan.pending[1].line, 11);
    let active: Vec<_> = plan.decisions.active.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(active, ["2026-04-22T07:12Z", "2026-04-22T07:23Z"]);
    assert!(plan.decisions.superseded.is_empty());
    assert_eq!(plan.last_updated.as_deref(), Some("2026-04-22T07:23Z"));
}

#[test]
fn without_a_next_step_the_stop_point_decides() {
    let text = "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a/ (files 001-010)\n- IN_PROGRESS: b/ (files 011-??? — stopped at 019)\n- PENDING: c/\n";
    let plan = plan_of(text);
    let next = plan.next_action.unwrap();
    assert_eq!(next.source, NextActionSource::StopPoint);
    assert_eq!(next.text, "Continue b/ at 020 (stopped at 019)");
    assert_eq!(next.line, 5);
    // Then the first pending unit.
    let text = "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a/\n- PENDING: c/, d/\n";
    let plan = plan_of(text);
    let next = plan.next_action.unwrap();
    assert_eq!((next.source, next.text.as_str()), (NextActionSource::Pending, "Start c/"));
    assert_eq!(plan.status, RunStatus::InProgress);
}

#[test]
fn later_state_lines_win_and_supersedes_is_listed() {
    let text = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T07:30Z — SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml for the admin role\n\n## Progress Markers\n- IN_PROGRESS: a/\n- COMPLETED: a/\n";
    let plan = plan_of(text);
    assert_eq!(units(&plan.completed), [("a/", None)]);
    assert!(plan.resume_from.is_none());
    assert_eq!(plan.status, RunStatus::Complete);
    assert_eq!(plan.decisions.active.len(), 1);
    let s = &plan.decisions.superseded[0];
    assert_eq!((s.id.as_str(), s.by.as_str()), ("2026-04-22T07:12Z", "2026-04-22T07:30Z"));
}

#[test]
fn completion_and_blocked_and_not_started() {
    let done = "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a/\n\n## TASK COMPLETE — 2026-04-22T09:00Z\nFinal status: done.\n";
    assert_eq!(plan_of(done).status, RunStatus::Complete);
    let blocked = "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a/\n- BLOCKED: b/ (waiting for credentials)\n";
    assert_eq!(plan_of(blocked).status, RunStatus::Blocked);
    let fresh = "# Session Memory — t\n\n## Decisions Made\n\n## Progress Markers\n- PENDING: a/, b/\n";
    assert_eq!(plan_of(fresh).status, RunStatus::NotStarted);
    assert_eq!(plan_of("").status, RunStatus::NotStarted);
    // A session log kept as dated headings has started, whatever its markers say.
    let log = "# SESSION.md\n\n## Session 2: 2025-12-10\n\n**Summary:** CLI commands.\n\n## Session 1: 2025-12-09\n\nSet up the repo.\n";
    assert_eq!(plan_of(log).status, RunStatus::InProgress);
    // So has a free-text progress log of dated sessions (claude-progress.txt).
    let progress = "# Agent Progress Log\n\n[Session 1 — Initializer — 2026-02-22]\nSTATUS: Complete\nScaffolded the app.\n";
    let doc = parse_with(progress, &ParseOptions { file_name: Some("claude-progress.txt".into()), ..ParseOptions::default() });
    assert_eq!(doc.dialect(), Dialect::ProgressLog);
    assert_eq!(plan(&doc, &CheckOptions::default()).status, RunStatus::InProgress);
}

#[test]
fn session_notes_fall_back_to_current_state() {
    // The Current State says the work under way and, after a semicolon, the next step.
    let fixture = include_str!("fixtures/session-notes.md");
    let plan = plan_of(fixture);
    let next = plan.next_action.unwrap();
    assert_eq!((next.source, next.text.as_str()), (NextActionSource::NextStep, "run the batch_3 fixtures."));
    assert_eq!(plan.resume_from.map(|r| r.unit).as_deref(), Some("Migrating orders.py to optimistic locking"));
    assert_eq!(plan.status, RunStatus::InProgress);
    // A state that names no unit and no step is where the next session begins.
    let plain = fixture.replace("Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.", "Orders audit: the plan is in docs/locking.md.");
    let next = plan_of(&plain).next_action.unwrap();
    assert_eq!(next.source, NextActionSource::CurrentState);
    assert!(next.text.starts_with("Orders audit: the plan"), "{}", next.text);
}

#[test]
fn a_rule_under_the_state_heading_is_not_the_next_action() {
    let log = "# Claude Progress Log\n\n## Current Status\n-----------------\n- Phase: ENHANCEMENT\n- Features remaining: 0\n";
    let next = plan_of(log).next_action.unwrap();
    assert_eq!(next.source, NextActionSource::CurrentState);
    assert_eq!(next.text, "- Phase: ENHANCEMENT\n- Features remaining: 0");
    assert_eq!(next.line, 5);
}

#[test]
fn a_pending_unit_named_by_its_step_is_the_next_action_as_written() {
    // In the writer's language; a unit named by a noun gets `Start` before it, and so does one
    // opening with a word that is a noun as often (`Test suite`).
    for (unit, want) in [
        ("Run full integration smoke against the sandbox", "Run full integration smoke against the sandbox"),
        ("Verify the Docker build on a host with Docker", "Verify the Docker build on a host with Docker"),
        ("Añadir validación de fechas", "Añadir validación de fechas"),
        ("Добавить логирование ошибок", "Добавить логирование ошибок"),
        ("Billing webhooks", "Start Billing webhooks"),
        ("Test suite for the exporter", "Start Test suite for the exporter"),
    ] {
        let plan = plan_of(&format!("# Progress\n\n## What Works\n- Login\n\n## What's Left to Build\n- [ ] {unit}\n"));
        assert_eq!(plan.next_action.map(|n| n.text).as_deref(), Some(want), "{unit}");
    }
}

#[test]
fn a_next_steps_list_whose_first_step_is_done_resumes_at_the_first_that_is_not() {
    let text = "# Progress\n\n- [x] Scaffold CLI\n- [x] `init` command\n- [ ] `remove` command\n\n## Next steps\n1. Implement `init` command\n2. Implement `remove` command\n";
    assert_eq!(plan_of(text).next_action.map(|n| n.text).as_deref(), Some("Implement `remove` command"));
    // By a work id.
    let text = "# Board\n\n- DB-010: route assignments ✅\n- DB-011: route audit\n\n## Next Steps\n- Start DB-010\n- Start DB-011\n";
    assert_eq!(plan_of(text).next_action.map(|n| n.text).as_deref(), Some("Start DB-011"));
    // A step that names done work as its context is new work.
    let text = "# Progress\n\n- [x] The importer\n\n## Next steps\n- Wire the importer into the CLI\n- Add docs\n";
    assert_eq!(plan_of(text).next_action.map(|n| n.text).as_deref(), Some("Wire the importer into the CLI"));
}

#[test]
fn memory_bank_and_feature_list_plans() {
    let bank = "# Progress\n\n## What Works\n- Login\n\n## What's Left to Build\n- [ ] Export\n- Sharing\n";
    let plan = plan_of(bank);
    assert_eq!(units(&plan.completed), [("Login", None)]);
    assert_eq!(units(&plan.pending), [("Export", None), ("Sharing", None)]);
    assert_eq!(plan.next_action.unwrap().text, "Start Export");
    let active = "# Active Context\n\n## Current Work Focus\nAuth refresh.\n\n## Next Steps\n- Wire the refresh token\n";
    let next = plan_of(active).next_action.unwrap();
    assert_eq!((next.source, next.text.as_str()), (NextActionSource::NextStep, "Wire the refresh token"));
    let features = r#"[{"description":"A","passes":true},{"description":"B","passes":false}]"#;
    let plan = plan_of(features);
    assert_eq!(plan.completed[0].status, Status::Completed);
    assert_eq!(units(&plan.pending), [("B", None)]);
}

/// Every unit is listed once, by status: in the list its status names (done or skipped:
/// completed; PENDING: pending; under way, blocked or failed: open), and the units whose
/// status the latest mention replaces (`- COMPLETED: x`, `### x ✅`, `x — done`, a table row)
/// in one row only, however their names are cased or marked up (docs/identity.md). On every
/// file of the corpus.
#[test]
fn every_corpus_file_lists_each_unit_once_by_status() {
    use memento_core::identity::UnitKey;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("tests/corpus").flatten() {
        let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
        let name = entry.file_name().into_string().unwrap_or_default();
        let doc = parse(&text);
        let plan = plan_of(&text);
        let lists: [(&str, &[memento_core::plan::PlanUnit], &[Status]); 3] = [
            ("completed", &plan.completed, &[Status::Completed, Status::Skipped]),
            ("pending", &plan.pending, &[Status::Pending]),
            ("open", &plan.open, &[Status::InProgress, Status::Blocked, Status::Failed]),
        ];
        for (list, units, statuses) in lists {
            for u in units {
                assert!(statuses.contains(&u.status), "{name}: {} ({:?}, line {}) listed as {list}", u.unit, u.status, u.line);
            }
        }
        // The lines that state a unit's current status: each of their units is one row of
        // the plan, whichever of its mentions is current.
        let stated: std::collections::HashSet<u32> = doc
            .progress()
            .iter()
            .filter(|m| m.source.reconciles())
            .map(|m| doc.position(m.span.start()).line)
            .collect();
        let mut rows: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
        for u in lists.iter().flat_map(|(_, units, _)| units.iter()).filter(|u| stated.contains(&u.line)) {
            let Some(key) = UnitKey::of(&u.unit) else { continue };
            if let Some(first) = rows.insert(key.as_str().to_owned(), u.line) {
                panic!("{name}: unit {} listed twice, lines {first} and {}", u.unit, u.line);
            }
        }
        files += 1;
    }
    assert!(files >= 60, "{files} corpus files");
}

/// A checklist every session runs at its start is a procedure: its open boxes are not
/// pending units, nor the next action (corpus 021's "Session Start Checklist"), also in its
/// subsections. A checklist of the task itself still is progress.
#[test]
fn session_checklists_are_not_units() {
    let text = "# Status\n\n## Pending Tasks\n- [ ] Feature #48: POS integration\n\n## Session Start Checklist\n\n### Task Not Already Complete\n- [ ] Search git log for related keywords\n- [ ] What session number is this?\n";
    let plan = plan_of(text);
    assert_eq!(units(&plan.pending), [("Feature #48: POS integration", None)]);
    assert_eq!(plan.next_action.map(|a| a.text), Some("Start Feature #48: POS integration".to_string()));
    let text = "# Status\n\n## Release checklist\n- [x] Tests green\n- [ ] Tag v1.2\n";
    let plan = plan_of(text);
    assert_eq!(units(&plan.completed), [("Tests green", None)]);
    assert_eq!(units(&plan.pending), [("Tag v1.2", None)]);
}

/// A state section that says it is empty (`- None currently` under Blockers) holds no unit;
/// one that names something does.
#[test]
fn placeholder_items_are_not_units() {
    for empty in ["- None currently", "- Nothing blocking. One flag still open for review:", "- N/A", "- none"] {
        let text = format!("# Progress\n\n## What Works\n- Login\n\n## Blockers\n{empty}\n\n## Next Steps\n- Ship it\n");
        let plan = plan_of(&text);
        assert_ne!(plan.status, RunStatus::Blocked, "{empty}");
        assert_eq!(units(&plan.completed), [("Login", None)], "{empty}");
    }
    let text = "# Progress\n\n## What Works\n- Login\n\n## Blockers\n- Nonexistent API key for payments\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
}

/// A free-text progress log (claude-progress.txt) writes its next step under a label: the
/// latest one is the next action when nothing else gives one.
#[test]
fn a_progress_logs_latest_next_label_is_the_next_action() {
    let options = ParseOptions { file_name: Some("claude-progress.txt".into()), ..ParseOptions::default() };
    let oldest_first = "# Agent Progress Log\n\n[Session 1 — Initializer — 2026-02-22]\nSTATUS: Complete\nNEXT:\n  Session 2: implement F006\n---\n\n[Session 2 — Goals — 2026-02-23]\nSTATUS: Complete\nNEXT:\n  A020-A022: eval config,\n  test cases\n---\n";
    let plan_of = |text: &str| plan(&parse_with(text, &options), &CheckOptions::default());
    let next = plan_of(oldest_first).next_action.unwrap();
    assert_eq!((next.text.as_str(), next.line), ("A020-A022: eval config, test cases", 12));
    let newest_first = "Progress\n\n2026-04-04 Session:\n- fixed the chat\nNext: Continue investigating puppeteer issues\n\n2026-04-03 Session:\n- set up\nNext: implement the login\n";
    assert_eq!(plan_of(newest_first).next_action.unwrap().text, "Continue investigating puppeteer issues");
    // Of a list below the label, the first item.
    let listed = "[Session 3 — 2026-02-24]\nNext Steps:\n- Wire the export button\n- Then the CSV format\n";
    assert_eq!(plan_of(listed).next_action.unwrap().text, "Wire the export button");
    // An explicit label is the file's own next step in any dialect.
    let next = plan(&parse("# Notes\n\nNext: wire the CSV export\n"), &CheckOptions::default()).next_action.unwrap();
    assert_eq!((next.text.as_str(), next.source), ("wire the CSV export", NextActionSource::NextStep));
}


/// Issue 11: the resume point keeps the whole stop point; the next item is computed only when
/// the stop point ends in a numbered item.
#[test]
fn the_resume_point_keeps_the_whole_stop_point() {
    for (line, stopped, next) in [
        ("- IN_PROGRESS: audit/rules (stopped at rule 17)", "rule 17", Some("rule 18")),
        ("- IN_PROGRESS: audit/registration (stopped at config change)", "config change", None),
        ("- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)", "094", Some("095")),
        ("- IN_PROGRESS: import (stopped at files 092-094; retry later)", "files 092-094", Some("files 095")),
    ] {
        let text = format!("# Session Memory — t\n\n## Progress Markers\n{line}\n\n## Next Session Start\nGo.\n");
        let resume = plan_of(&text).resume_from.unwrap();
        assert_eq!(resume.stopped_at.as_deref(), Some(stopped), "{line}");
        assert_eq!(resume.continue_at.as_deref(), next, "{line}");
    }
}

/// A next step that names units by their ids plans each of them: a short range is each id
/// in it, two ids joined by a slash are two; ids the file already lists as units are not
/// listed again, and names that only look like ids (a version, a priority, a branch) are
/// none. In any language the step is written in.
#[test]
fn a_next_step_plans_the_units_it_names_by_id() {
    let plan = plan_of("# Progress\n\n## Session 4 — 2026-04-20\n\n- A019: eval harness — done\n\nNEXT:\n  A019-A022: Promptfoo eval config, test cases, CI integration\n");
    let pending: Vec<&str> = plan.pending.iter().map(|u| u.unit.as_str()).collect();
    assert_eq!(pending, ["A020", "A021", "A022"]);
    let plan = plan_of("# Handoff\n\n## Siguiente paso\n\nEmpezar WS-31/WS-32 en la rama rust/ws31-bootstrap tras v2, con prioridad P1\n");
    let pending: Vec<&str> = plan.pending.iter().map(|u| u.unit.as_str()).collect();
    assert_eq!(pending, ["WS-31", "WS-32"]);
}

/// A next-steps list whose first items report how things stand (work counted as under way
/// or done, `Ready for …!`) starts at its first item that names a step, in any language.
#[test]
fn next_steps_that_report_state_are_passed_over() {
    let plan = plan_of("# Progress\n\n## Next Session Priorities\n\nWith 131/137 features passing, only 6 features remain:\n- 3 features currently in_progress (by other agents)\n- Focus on completing the final features\n");
    assert_eq!(plan.next_action.map(|n| n.text), Some("Focus on completing the final features".to_owned()));
    let plan = plan_of("# Progreso\n\n## Próximos pasos\n\n1. **¡Listo para trabajar!**\n2. 4 tareas completadas hoy\n3. Migrar la base de datos de usuarios\n");
    assert_eq!(plan.next_action.map(|n| n.text), Some("Migrar la base de datos de usuarios".to_owned()));
}
