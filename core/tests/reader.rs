//! Reading memory files as people and agents write them in the wild (docs/reader.md): status
//! words and labels in many languages, state in tables and on headings, the latest state of a
//! file kept newest first or oldest first, history sections, a file wrapped in a fence.
//! Each case is a small file of the shape seen in real repositories, never a copy of one.

use memento_core::plan::{NextActionSource, Plan};
use memento_core::{parse, parse_with, plan, CheckOptions, ParseOptions, RunStatus, Status};

fn plan_of(text: &str) -> Plan {
    plan(&parse(text), &CheckOptions::default())
}

fn plan_named(name: &str, text: &str) -> Plan {
    plan(&parse_with(text, &ParseOptions { file_name: Some(name.into()), ..ParseOptions::default() }), &CheckOptions::default())
}

fn names(list: &[memento_core::plan::PlanUnit]) -> Vec<&str> {
    list.iter().map(|u| u.unit.as_str()).collect()
}

#[test]
fn status_words_and_next_step_labels_in_many_languages() {
    // (file, done units, pending-or-open units, the next action)
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        ("# Progreso\n\n- Completado: parser\n- Pendiente: exportador\n\nPróximos pasos: escribir el exportador\n", &["parser"], &["exportador"], "escribir el exportador"),
        ("# Fortschritt\n\n- Erledigt: Parser\n- In Arbeit: Export\n\nNächste Schritte: Export fertigstellen\n", &["Parser"], &["Export"], "Export fertigstellen"),
        ("# Avancement\n\n- Terminé : analyseur\n- En cours : export\n\nProchaine étape : finir l'export\n", &["analyseur"], &["export"], "finir l'export"),
        ("# Framsteg\n\n- Klar: parser\n- Inte klar: export\n\nNästa steg: skriv exporten\n", &["parser"], &["export"], "skriv exporten"),
        ("# Прогресс\n\n- Готово: парсер\n- В работе: экспорт\n\nСледующий шаг: доделать экспорт\n", &["парсер"], &["экспорт"], "доделать экспорт"),
        ("# 進捗\n\n- 完了：パーサー\n- 進行中：エクスポート\n\n次のステップ：エクスポートを仕上げる\n", &["パーサー"], &["エクスポート"], "エクスポートを仕上げる"),
        ("# 진행\n\n- 완료: 파서\n- 진행 중: 내보내기\n\n다음 단계: 내보내기 마무리\n", &["파서"], &["내보내기"], "내보내기 마무리"),
        ("# 进度\n\n- 已完成：解析器\n- 进行中：导出\n\n下一步：完成导出\n", &["解析器"], &["导出"], "完成导出"),
        ("# Progresso\n\n- Concluído: parser\n- Em andamento: exportação\n\nPróximos passos: terminar a exportação\n", &["parser"], &["exportação"], "terminar a exportação"),
        ("# Avanzamento\n\n- Completato: parser\n- In corso: esportazione\n\nProssimi passi: finire l'esportazione\n", &["parser"], &["esportazione"], "finire l'esportazione"),
    ];
    for &(text, done, open, next) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        let mut left = names(&p.pending);
        left.extend(names(&p.open));
        assert_eq!(left, open, "{text}");
        let n = p.next_action.unwrap_or_else(|| panic!("no next action: {text}"));
        assert_eq!((n.text.as_str(), n.source), (next, NextActionSource::NextStep), "{text}");
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
    }
}

#[test]
fn handoff_titles_for_what_was_done_and_what_is_left() {
    // (done title, left title) in English, Spanish, Portuguese, French and German.
    let cases = [
        ("What was done", "What's left"),
        ("Lo que se hizo", "Lo que falta"),
        ("O que foi feito", "Pendências"),
        ("Ce qui a été fait", "Ce qui reste"),
        ("Bisher erledigt", "Offene Punkte"),
        ("What I did", "What's not done"),
        ("Done", "Loose ends"),
    ];
    for (done, left) in cases {
        let p = plan_of(&format!("# Handoff\n\n## {done}\n- Migrate the database\n\n## {left}\n- Tune the cache\n"));
        assert_eq!((names(&p.completed), names(&p.pending)), (vec!["Migrate the database"], vec!["Tune the cache"]), "{done} / {left}");
    }
}

#[test]
fn next_step_titles_and_labels_as_people_write_them() {
    // (the title or label line, the block under it, the next action it gives)
    let cases = [
        ("**Next session should:**", "1. Wire the webhook\n2. Add tests", "Wire the webhook"),
        ("## 🎯 Immediate Priorities", "1. Wire the webhook", "Wire the webhook"),
        ("### Where to pick up", "Wire the webhook in `billing.rs`.", "Wire the webhook in `billing.rs`."),
        ("→ Next: wire the webhook", "", "wire the webhook"),
        ("## Plan for tomorrow", "- Wire the webhook", "Wire the webhook"),
        ("## 次回やること", "- Webhookを接続する", "Webhookを接続する"),
        ("## 下次继续", "- 接入 webhook", "接入 webhook"),
        ("## 다음에 할 일", "- 웹훅 연결", "웹훅 연결"),
        ("## Para la próxima sesión", "- Conectar el webhook", "Conectar el webhook"),
        ("## Nächstes Mal", "- Webhook anbinden", "Webhook anbinden"),
        ("## À faire ensuite", "- Brancher le webhook", "Brancher le webhook"),
    ];
    for (head, body, next) in cases {
        let p = plan_of(&format!("# Notes\n\n## Done\n- Parser\n\n{head}\n{body}\n"));
        let got = p.next_action.map(|n| (n.source, n.text));
        assert_eq!(got, Some((NextActionSource::NextStep, next.to_owned())), "{head}");
    }
}

#[test]
fn the_next_step_is_the_first_one_a_list_has_not_ticked_off() {
    for done in ["- [x] Wire the webhook", "- ✅ Wire the webhook", "- Wire the webhook (done)", "- ~~Wire the webhook~~"] {
        let p = plan_of(&format!("# Notes\n\n## Next Steps\n{done}\n- Add tests\n- Deploy\n"));
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("Add tests"), "{done}");
    }
    // A step that says something is finished is still the step.
    let p = plan_of("# Notes\n\n## Next Steps\n1. **Verify the migration finished** on staging\n2. Deploy\n");
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("**Verify the migration finished** on staging"));
}

#[test]
fn session_notes_keep_their_work_in_current_state() {
    let text = include_str!("fixtures/session-notes.md").replace(
        "Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.",
        "Completed:\n- Lock pattern audit\n- Fixtures for batch_1\n\n- Pending: batch_3 fixtures, the migration note",
    );
    assert!(text.contains("- Lock pattern audit"));
    let p = plan_of(&text);
    assert_eq!(names(&p.completed), ["Lock pattern audit", "Fixtures for batch_1"]);
    assert_eq!(names(&p.pending), ["batch_3 fixtures", "the migration note"]);
    // Elsewhere in session notes a label is prose (Learnings, Worklog).
    let text = include_str!("fixtures/session-notes.md").replace("_What worked well. What didn't. What to avoid._\n", "_What worked well. What didn't. What to avoid._\n\n- Done: nothing to add\n");
    assert!(text.contains("- Done: nothing to add"));
    assert!(plan_of(&text).completed.is_empty());
}

#[test]
fn a_status_column_in_a_table() {
    let text = "# Tasks\n\n| # | Task | Owner | Status |\n|---|------|-------|--------|\n| 1 | Auth | ana | ✅ Done |\n| 2 | Export | bo | In progress |\n| 3 | Docs | cy | Not started |\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Auth"]);
    assert_eq!(names(&p.open), ["Export"]);
    assert_eq!(names(&p.pending), ["Docs"]);
    assert_eq!(p.resume_from.unwrap().unit, "Export");
    // Japanese headers and cells.
    let text = "| 機能 | 状態 |\n|---|---|\n| ログイン | 完了 |\n| 検索 | 未着手 |\n";
    let p = plan_of(text);
    assert_eq!((names(&p.completed), names(&p.pending)), (vec!["ログイン"], vec!["検索"]));
    // A table without a status column names no units.
    assert!(plan_of("| Date | Note |\n|---|---|\n| 2026-01-02 | done |\n").completed.is_empty());
    // A column whose every cell says a status is one, whatever its header.
    let p = plan_of("| Feature | Done |\n|---|---|\n| Login | ✅ |\n| Search | 🚧 |\n| Export | ⏳ |\n");
    assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Login"], vec!["Search"], vec!["Export"]));
    // A column of percentages: 100% done, 0% pending, any other figure under way.
    let p = plan_of("| Phase | Progress |\n|---|---|\n| Setup | 100% |\n| API | **60%** |\n| UI | 0% |\n");
    assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Setup"], vec!["API"], vec!["UI"]));
    // A column with one cell that is no status is no status column.
    assert!(plan_of("| Item | Note |\n|---|---|\n| Login | ✅ |\n| Search | see #12 |\n").completed.is_empty());
}

#[test]
fn a_status_on_a_heading_or_the_line_under_it() {
    let text = "# Harness log\n\n## Session 11 – Feature #6: Login\n- Status: COMPLETE\n\n## Session 12 – Feature #7: Export\nStatus: in progress\nWorking on the CSV writer.\n\n## Feature #8: Search — PENDING\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Session 11 – Feature #6: Login"]);
    assert_eq!(names(&p.open), ["Session 12 – Feature #7: Export"]);
    assert_eq!(names(&p.pending), ["Feature #8: Search"]);
    // `Status:` lines are the heading's, never units of their own.
    assert!(!names(&p.completed).contains(&"Status"));
}

#[test]
fn next_steps_and_remaining_lists_are_pending_units() {
    let text = "# Active Context\n\n## What Works\n- Login\n\n## Next Steps\nThe immediate next steps are:\n\n1. **Testing**:\n   - Expand test coverage for the scraper\n2. Docs\n\n## Remaining\n- Search\n";
    let p = plan_named("memory-bank/activeContext.md", text);
    assert_eq!(names(&p.completed), ["Login"]);
    assert!(names(&p.pending).contains(&"Search"), "{:?}", names(&p.pending));
    assert!(names(&p.pending).contains(&"Docs"), "{:?}", names(&p.pending));
    // A lead-in gives its list, and a lead-in item its first sub-item, under its title.
    assert_eq!(p.next_action.unwrap().text, "Testing: Expand test coverage for the scraper");
}

#[test]
fn finished_work_in_prose_counts_as_done_but_does_not_finish_the_run() {
    let text = "# Progress\n\n## Recent Changes\n- Implemented retries\n- Started the export screen\n\n## Notes\n- Fixed the login bug\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["retries", "the login bug"]);
    assert_eq!(names(&p.open), ["the export screen"]);
    assert_eq!(p.status, RunStatus::InProgress);
    // Done work told as prose alone is a run under way, not a finished one.
    let p = plan_of("# Log\n\n- Implemented retries\n- Fixed the login bug\n");
    assert_eq!(p.status, RunStatus::InProgress);
    // The verbs of everyday work, in the reader's languages.
    let cases: &[(&str, &str)] = &[
        ("- Scaffolded website-svelte/ with Vite", "website-svelte/ with Vite"),
        ("- Pushed branch to origin/feature-x", "branch to origin/feature-x"),
        ("- Actualizado el README", "el README"),
        ("- Erstellt: nichts", ""),
        ("- Aggiornato il changelog", "il changelog"),
        ("- Обновил зависимости", "зависимости"),
        ("- 更新了依赖", "依赖"),
    ];
    for &(item, unit) in cases {
        let p = plan_of(&format!("# Notes\n\n{item}\n"));
        let want: Vec<&str> = if unit.is_empty() { vec![] } else { vec![unit] };
        assert_eq!(names(&p.completed), want, "{item}");
    }
}

#[test]
fn the_latest_state_wins_in_both_orders() {
    // Oldest first: the last session's label and the last mention of a unit.
    let oldest = "# Log\n\n## Session 1 — 2026-03-01\n- IN_PROGRESS: export\nNext: write the CSV writer\n\n## Session 2 — 2026-03-02\n- COMPLETED: export\nNext: start the search page\n";
    let p = plan_of(oldest);
    assert_eq!(names(&p.completed), ["export"]);
    assert_eq!(p.next_action.unwrap().text, "start the search page");
    // Newest first: the first session is the latest.
    let newest = "# Log\n\n## Session 2 — 2026-03-02\n- COMPLETED: export\nNext: start the search page\n\n## Session 1 — 2026-03-01\n- IN_PROGRESS: export\nNext: write the CSV writer\n";
    let doc = parse(newest);
    assert!(doc.newest_first());
    let p = plan(&doc, &CheckOptions::default());
    assert_eq!(names(&p.completed), ["export"]);
    assert!(p.open.is_empty());
    assert_eq!(p.next_action.unwrap().text, "start the search page");
    // Undated sessions are ordered by their numbers, in French as in English.
    let numbered = "# Journal\n\n## Session 3\n- Export terminé.\n- **Prochaine étape :** finir les avoirs\n\n## Session 2\n- Numérotation des factures.\n- Prochaine étape : export FEC.\n\n## Session 1\n- Mise en place du dépôt.\n";
    let doc = parse(numbered);
    assert!(doc.newest_first());
    assert_eq!(plan(&doc, &CheckOptions::default()).next_action.unwrap().text, "finir les avoirs");
    assert!(!parse(&numbered.replace("Session 3", "Session 0").replace("Session 1", "Session 9")).newest_first());
}

#[test]
fn history_sections_are_not_the_current_state() {
    let text = "# Handoff\n\n## Next Steps\n- Ship v2\n\n## Archive\n### Next Steps\n- Ship v1\n- [ ] Old chore\n- [x] Old done work\n";
    let p = plan_of(text);
    assert_eq!(p.next_action.unwrap().text, "Ship v2");
    assert!(!names(&p.pending).contains(&"Old chore"));
    assert!(names(&p.completed).contains(&"Old done work"));
    for title in ["Previous handoffs", "Historial", "Historique", "アーカイブ"] {
        let text = format!("# Notes\n\n## {title}\n- [ ] stale task\nNext: stale step\n");
        let p = plan_of(&text);
        assert!(p.pending.is_empty() && p.next_action.is_none(), "{title}");
    }
}

#[test]
fn a_file_wrapped_in_a_fence_is_read_inside_it() {
    let text = "```markdown\n# Progress\n\n## What Works\n- [x] Login\n- [ ] Export\n\n## Next Steps\n- Export to CSV\n```\n";
    let doc = parse(text);
    assert_eq!(doc.to_string(), text);
    assert!(doc.wrapping_fence().is_some());
    let p = plan(&doc, &CheckOptions::default());
    assert_eq!(names(&p.completed), ["Login"]);
    assert_eq!(p.next_action.unwrap().text, "Export to CSV");
    // A code sample is not a wrapper.
    assert!(parse("```rust\nfn main() {}\n```\n").wrapping_fence().is_none());
    // A markdown wrapper may hold code blocks of its own, bare ones too.
    let text = "```markdown\n# Notes de session\n\n### En cours\n- 🚧 Fusion du panier\n\n## Config\n\n```\nDATABASE_URL=...\n```\n\n## Prochaine étape\n\nPlafonner la quantité fusionnée.\n```\n";
    let p = plan_of(text);
    assert_eq!((p.status, names(&p.open)), (RunStatus::InProgress, vec!["Fusion du panier"]));
    assert_eq!(p.next_action.unwrap().text, "Plafonner la quantité fusionnée.");
}

#[test]
fn claims_about_the_whole_run() {
    let done = "# Progress Log\n\n## Session 3 — 2026-03-03\n- [x] Export\n\nALL 20 TASKS DONE. Project complete.\n";
    assert_eq!(plan_of(done).status, RunStatus::Complete);
    // A claim older than open work is stale.
    let stale = "# Progress Log\n\nALL TASKS DONE\n\n## Session 4\n- [ ] Fix the regression\n";
    assert_eq!(plan_of(stale).status, RunStatus::InProgress);
    // Waiting on a person is blocked, in any language of the lexicon.
    for line in ["Phase 3 gated on human review and sign-off", "承認待ち", "Waiting for human intervention #274"] {
        let text = format!("# Scratchpad\n\n## Active Task\nMigration — phase 2 done. {line}\n");
        assert_eq!(plan_of(&text).status, RunStatus::Blocked, "{line}");
    }
    // A sub-part done is not the run.
    let part = "# Progress\n\n### Phase 1 (100% Complete)\n\n## Remaining\n- [ ] Phase 2\n";
    assert_eq!(plan_of(part).status, RunStatus::InProgress);
}

#[test]
fn prose_markers_carry_their_own_source() {
    let doc = parse("# Log\n\n- Implemented retries\n");
    assert_eq!(doc.progress()[0].source, memento_core::MarkerSource::Prose);
    assert_eq!(doc.progress()[0].status, Some(Status::Completed));
}

#[test]
fn a_checkpoint_logs_markers_are_its_state() {
    // Every unit COMPLETED: complete, whatever the next step still says.
    let done = "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a/\n- COMPLETED: b/\n\n## Next Session Start\nWrite the audit summary.\n";
    assert_eq!(plan_of(done).status, RunStatus::Complete);
    // No units yet, a next step written: under way.
    let started = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n\n## Next Session Start\nOpen the first batch.\n";
    assert_eq!(plan_of(started).status, RunStatus::InProgress);
    // In free form, a next step over finished units is work still to do.
    let free = "# Progress\n\n## What Works\n- [x] Login\n\n## Next Steps\nWrite the audit summary.\n";
    assert_eq!(plan_of(free).status, RunStatus::InProgress);
}

#[test]
fn a_later_status_beside_the_same_name_is_its_state() {
    // On headings, in both log orders; the latest word wins, a note after it included.
    let oldest_first = "# Log\n\n## 2026-01-02\n\n### Feature #1: Payment flow - IN PROGRESS\n\nwork\n\n## 2026-01-03\n\n### Feature #1: Payment flow - BLOCKED (intervention requested)\n\nwaiting\n";
    let p = plan_of(oldest_first);
    assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [("Feature #1: Payment flow", Status::Blocked)]);
    assert_eq!(p.status, RunStatus::Blocked);
    let newest_first = "# Registro\n\n## 2026-01-03\n\n### Pago — COMPLETADO ✅\n\n## 2026-01-02\n\n### Pago — EN PROGRESO\n";
    let p = plan_of(newest_first);
    assert_eq!((names(&p.completed), p.open.len()), (vec!["Pago"], 0));
    // A count under a label is not a unit.
    let p = plan_of("# Log\n\n- Started: 182/1215 (15.0%)\n- Ended: 187/1215\n");
    assert!(p.open.is_empty() && p.resume_from.is_none(), "{:?}", p.open);
}

#[test]
fn a_failure_overtaken_by_later_work_does_not_block_the_run() {
    // Newest first: the broken test was in the older session.
    let text = "# Sessions\n\n## Session 2: 2026-02-02\n\nFinished the CLI.\n\n- COMPLETED: CLI\n\n## Session 1: 2026-02-01\n\n- BLOCKED: flaky e2e test\n";
    assert_eq!(plan_of(text).status, RunStatus::Complete);
    // Oldest first, the same story.
    let text = "# Sessions\n\n## Session 1: 2026-02-01\n\n- BLOCKED: flaky e2e test\n\n## Session 2: 2026-02-02\n\n- COMPLETED: CLI\n";
    assert_eq!(plan_of(text).status, RunStatus::Complete);
    // But a block as the latest word stands.
    let text = "# Sessions\n\n## Session 1: 2026-02-01\n\n- COMPLETED: CLI\n\n## Session 2: 2026-02-02\n\n- BLOCKED: release signing key\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
}

#[test]
fn steps_left_to_a_person_block_the_run_and_lead_the_next_action() {
    for label in ["**Next Steps for User:**", "Next steps for the user:", "User action required:"] {
        let text = format!("# Progress\n\n## Session 3\n\n- COMPLETED: backend\n- IN_PROGRESS: payment flow\n\n{label}\n1. Set the wallet key in .env\n2. Run the payment E2E test\n");
        let p = plan_of(&text);
        assert_eq!(p.status, RunStatus::Blocked, "{label}");
        if label.starts_with("**Next") || label.starts_with("Next") {
            assert_eq!(p.next_action.unwrap().text, "Set the wallet key in .env", "{label}");
        }
    }
    // A goal is not a claim that the run is done.
    let text = "# Progress\n\n- COMPLETED: auth\n- COMPLETED: export\n\nTarget: 30/30 features (100%)\n";
    let p = plan_of(text);
    assert_eq!(p.status, RunStatus::Complete, "the units are all done: the target line changes nothing");
    let text = "# Progress\n\nWorked on auth today.\n\n- PENDING: export\n\nGoal: all 30 features done\n";
    assert_ne!(plan_of(text).status, RunStatus::Complete);
}

#[test]
fn icons_on_headings_are_no_status() {
    // Every heading wears an icon: `🔄` and `🚧` are icons here, not statuses.
    let text = "# Context\n\n## 📊 Metrics\n\nfine\n\n## 🎯 Focus\n\nship it\n\n## 🔄 Session State\n\nnotes\n\n## 🚧 Constraints\n\nlimits\n";
    let p = plan_of(text);
    assert!(p.open.is_empty() && p.resume_from.is_none(), "{:?}", p.open);
    // Without icons elsewhere, a status emoji opening a heading is a status.
    let text = "# Plan\n\n## ✅ Auth\n\n## 🔄 Export\n";
    let p = plan_of(text);
    assert_eq!((names(&p.completed), names(&p.open)), (vec!["Auth"], vec!["Export"]));
}

#[test]
fn a_bold_lead_ends_with_its_status() {
    let text = "# HANDOFF — parachute\n\n## Current Progress\n\n- **v1.0.0 released** — SemVer, artifact provenance\n- **v1.0.2 in progress** — the race found live\n- **Pago completado** — con pruebas\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["v1.0.0", "Pago"]);
    assert_eq!(p.resume_from.unwrap().unit, "v1.0.2");
    // A colon closing the lead, a dated note after the status, in several languages.
    let text = "# Handoff

## Current Progress

- **Unified sign-in (in progress):** one form, staff fallback
- **02 Market done (2026-09-06)**: three sources
- **Exportación terminada (v2):** CSV y PDF
- **Suche in Arbeit:** Filter fehlen
";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["02 Market", "Exportación"]);
    assert_eq!(names(&p.open), ["Unified sign-in", "Suche"]);
}

/// A heading's status written as a mark and a word (`## PLAN Mode - ✅ COMPLETE`), with or
/// without a note after it.
#[test]
fn a_heading_s_mark_and_word_are_one_status() {
    let text = "# Progress

## VAN Mode - ✅ COMPLETE

## PLAN Mode - ✅ COMPLETE (see `plan.md`)

## BUILD Mode - 🚧 EN CURSO
";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["VAN Mode", "PLAN Mode"]);
    assert_eq!(names(&p.open), ["BUILD Mode"]);
}

#[test]
fn a_current_focus_lists_work_under_way() {
    for (heading, item) in [("## Current Focus", "Refining the price lookup"), ("## 現在のフォーカス", "CI/CDパイプラインの検証"), ("## 当前重点", "迁移支付模块"), ("## Ongoing Work (Milestone 3)", "Chart indicators")] {
        let text = format!("# Active Context\n\n{heading}\n\n- {item}\n");
        let p = plan_of(&text);
        assert_eq!(p.resume_from.map(|r| r.unit), Some(item.to_owned()), "{heading}");
    }
    // A line of its own status in such a section keeps it.
    let text = "# Context\n\n## Current Focus\n\n**Active Task**: Memory optimization - Complete\n";
    let p = plan_of(text);
    assert!(p.resume_from.is_none() && p.completed.len() == 1, "{:?}", p.completed);
}

#[test]
fn a_single_task_file_in_progress_resumes_its_task() {
    for (title, task) in [("ISSUE-426", "ISSUE-426"), ("Session Notes (Svelte exploration)", "Svelte exploration"), ("Session Memory — chg-02", "chg-02"), ("Sesión: migrar pagos", "migrar pagos")] {
        let text = format!("# {title}\n\n## Notes\n\nWorked on the branch.\n\n## Next\n\nPush and open the PR.\n");
        let p = plan_of(&text);
        assert_eq!(p.status, RunStatus::InProgress, "{title}");
        assert_eq!(p.resume_from.map(|r| r.unit), Some(task.to_owned()), "{title}");
    }
    // A project's name, or a session named by its date, is no task.
    for title in ["Active Context: Travel Calculator", "Session Plan - 2026-02-08 #1"] {
        let text = format!("# {title}\n\n## Next\n\nPush and open the PR.\n");
        assert!(plan_of(&text).resume_from.is_none(), "{title}");
    }
}

fn findings(text: &str, rule: memento_core::Rule) -> Vec<u32> {
    memento_core::check(&parse(text), &CheckOptions::default()).into_iter().filter(|d| d.rule == rule).map(|d| d.line).collect()
}

#[test]
fn a_session_logged_twice_is_a_duplicate() {
    use memento_core::Rule;
    // The same numbered sitting twice among a log's sections, in several languages.
    for word in ["Session", "Sesión", "Sitzung", "Round"] {
        let text = format!("# Log\n\n## {word} 4 — parser\n\nx\n\n## {word} 5 — export\n\ny\n\n## {word} 5 — docs\n\nz\n");
        assert_eq!(findings(&text, Rule::DuplicateSection), [11], "{word}");
    }
    // A repeated generic heading is the log's pattern; a phase may be planned, then done.
    let text = "# Log\n\n## Update\n\na\n\n## Update\n\nb\n\n## Update\n\nc\n\n## Phase 2\n\nplan\n\n## Phase 2\n\ndone\n";
    assert_eq!(findings(text, Rule::DuplicateSection), [19], "Phase 2 twice is a plain duplicate, Update thrice a pattern");
    let text = "# Log\n\n## Session 2026-01-15 - Feature #1\n\na\n\n## Session 2026-01-15 - Feature #2\n\nb\n";
    assert!(findings(text, Rule::DuplicateSection).is_empty(), "a date is no session number");
    // A plain-text log's dated entry line, twice.
    let text = "Progress Update - 2026-04-08 (session 87)\n- verified\n\nProgress Update - 2026-04-09 (session 88)\n- fixed\n\nProgress Update - 2026-04-08 (session 87)\n- verified\n";
    assert_eq!(findings(text, Rule::DuplicateEntry), [7]);
    assert_eq!(findings(text, Rule::DuplicateSection), Vec::<u32>::new(), "reported once, as the duplicate entry it is");
    // The same session number on two entries that say different things (after a rule line).
    let text = "Progress Update - 2026-04-08 (session 87 - verification)\n- verified\n\n=====\nProgress Update - 2026-04-08 (session 88 - verification)\n- fixed\n\n=====\nProgress Update - 2026-04-09 (session 87 - verification)\n- all green\n";
    assert_eq!(findings(text, Rule::DuplicateSection), [9]);
    // A session named in parentheses in prose is no entry line.
    let text = "Progress Update - 2026-04-08\nFixed the parser (session 3)\nand the export (session 3)\n";
    assert!(findings(text, Rule::DuplicateSection).is_empty());
}

#[test]
fn the_latest_word_is_read_by_its_date_where_the_order_is_mixed() {
    // Kept newest first, with a later session appended at the bottom that says the run is done.
    let text = "# Log\n\n## 2026-04-05\n\nNext step: debug the crash\n\n## 2026-04-04\n\n- fixed the parser\n\n## 2026-04-08\n\nAll 262 tests pass. No remaining work required.\n";
    assert_eq!(plan_of(text).status, RunStatus::Complete);
    // The same file with the appended session saying work remains.
    let text = "# Log\n\n## 2026-04-05\n\nNo remaining work required.\n\n## 2026-04-04\n\n- fixed the parser\n\n## 2026-04-08\n\nNext step: debug the crash\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
}

#[test]
fn an_agent_between_tasks_has_finished_the_last() {
    let text = "# Active Context\n\n## Current Mode: Idle\n- Ready for next task. Latest archive: `archive/history-limit.md`.\n";
    assert_eq!(plan_of(text).status, RunStatus::Complete);
    let text = "# Active Context\n\n## Current Mode: Build\n- IN_PROGRESS: history limit\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
}

#[test]
fn a_status_emoji_paragraph_is_a_unit_and_its_list_tells_what_it_holds() {
    let text = "# Progress\n\n## What Works\n\n✅ **Basic Calculation**\n\n- Flight cost\n- Lodging cost\n\n## In Progress\n\n🔄 **Scraper Improvements**\n\n- Handling edge cases\n- Retrying timeouts\n\n## What's Left\n\n- Export to PDF\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Basic Calculation"]);
    assert_eq!(names(&p.open), ["Scraper Improvements"]);
    assert_eq!(names(&p.pending), ["Export to PDF"]);
    assert_eq!(p.next_action.map(|n| n.text), Some("Continue Scraper Improvements; then Export to PDF".to_owned()));
    // Two such units open at once contradict each other (the spec's progress-contradiction).
    let two = text.replace("## What's Left", "🔄 **Data Expansion**\n\n- More cities\n\n## What's Left");
    let found = memento_core::check(&parse(two.as_str()), &CheckOptions::default());
    let contradictions: Vec<&str> = found.iter().filter(|d| d.rule == memento_core::Rule::ProgressContradiction).map(|d| d.message.as_str()).collect();
    assert_eq!(contradictions, ["two units are IN_PROGRESS: `Scraper Improvements` (line 12) and `Data Expansion`"]);
}

#[test]
fn an_item_left_in_a_remaining_list_says_its_own_state() {
    let text = "# Progress\n\n## Remaining Tasks\n\n- **Deploy phase:**\n  - CI/CD pipeline check (secrets, push to main)\n  - Staging manual deploy (done, debugging included - see activeContext)\n  - Production setup\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Staging manual deploy"]);
    assert_eq!(names(&p.pending), ["CI/CD pipeline check (secrets, push to main)", "Production setup"]);
    let ja = "# 進捗\n\n## 残っているタスク (デプロイフェーズ以降)\n\n- ステージング環境手動デプロイ (実施済み、デバッグ含む - activeContext参照)。\n- 本番環境構築\n";
    assert_eq!(names(&plan_of(ja).completed), ["ステージング環境手動デプロイ"]);
    assert_eq!(names(&plan_of(ja).pending), ["本番環境構築"]);
    // Left in a list of work to do, it contradicts the list.
    let contradictions = |text: &str| -> Vec<u32> {
        memento_core::check(&parse(text), &CheckOptions::default()).into_iter().filter(|d| d.rule == memento_core::Rule::ProgressContradiction).map(|d| d.line).collect()
    };
    assert_eq!(contradictions(text), [7]);
    // Under a paragraph that opens a list of its own, the items are what it says.
    let own = "# Progress\n\n## Next Steps\n\nCompleted features:\n\n- Login page (done)\n\nThen:\n\n- Export\n";
    assert_eq!(contradictions(own), Vec::<u32>::new());
}

fn decision_texts(p: &Plan) -> Vec<&str> {
    p.decisions.active.iter().map(|d| d.text.as_str()).collect()
}

#[test]
fn a_label_above_a_list_says_what_its_items_are() {
    // Decisions written in a log under a bold label, and in the subsections of a Decisions
    // section; work done under a `Completed:` lead-in inside a current-state section.
    let text = "# Handoff\n\n## Session 6\nShipped the engine.\n\n**Two decisions made this session (owner-confirmed):**\n1. The engine is pure Kotlin on every target.\n2. Build the testsuite in parallel.\n\n## Technical Decisions & Rationale\n### 1. Database\n- PostgreSQL as the primary store\n\n## Current State\nCompleted:\n- Login page\n- Export\n\nNotes:\n- Export is slow on big files\n";
    let p = plan_of(text);
    assert_eq!(
        decision_texts(&p),
        ["The engine is pure Kotlin on every target.", "Build the testsuite in parallel.", "PostgreSQL as the primary store"]
    );
    assert_eq!(names(&p.completed), ["Login page", "Export"]);
    // A label ends at the next paragraph: `Notes:` says nothing of its items.
    assert!(!names(&p.completed).contains(&"Export is slow on big files"));
    // A sentence ending in a colon is prose, not a label.
    let p = plan_of("# Audit\n\n## Findings\nCompleted the grep. Findings:\n- three references left in the docs\n");
    assert!(p.completed.is_empty(), "{:?}", names(&p.completed));
}

#[test]
fn in_a_log_the_latest_next_steps_list_is_the_pending_one() {
    // Each sitting of a log writes its next steps; the earlier ones were the next steps then.
    let oldest = "# Progress\n\n本次完成内容：\n- 完成 producer 重构\n\n建议下一步：\n1. 拆分 AgentLoopManager\n2. 改造 utils\n\n---\n\n本次完成内容：\n- 完成 AgentLoopManager 拆分\n\n建议下一步：\n1. 补 colocate 回归测试\n2. 补 smoke 测试\n";
    let p = plan_named("claude-progress.txt", oldest);
    assert_eq!(names(&p.pending), ["补 colocate 回归测试", "补 smoke 测试"]);
    assert_eq!(p.next_action.unwrap().text, "补 colocate 回归测试");
    // Newest first, the first list is the latest; Next Steps sections count as lists too.
    let newest = "# Log\n\n## Session 2 — 2026-03-02\n### Next Steps\n- Start the search page\n\n## Session 1 — 2026-03-01\n### Next Steps\n- Write the CSV writer\n";
    let p = plan_of(newest);
    assert_eq!(names(&p.pending), ["Start the search page"]);
    // A file that is not a log keeps every list it writes.
    let notes = "# Active Context\n\n## Backend\nNext steps:\n- Add retries\n\n## Frontend\nNext steps:\n- Add the search box\n";
    assert_eq!(names(&plan_of(notes).pending), ["Add retries", "Add the search box"]);
}

#[test]
fn a_decision_is_read_by_its_label_or_its_verb_wherever_it_stands() {
    let text = "# Log\n\n## Checkpoint 2026-02-27\n- Focus: WS-72\n- Decisions: kept main as the Python baseline\n- Switched from Cloudflare Pages to Workers\n- Fixed the login bug\n- Entscheidung: SQLite bleibt\n- 決定事項：キャッシュは使わない\n\n## Archive\n- Decision: an old choice\n";
    assert_eq!(
        decision_texts(&plan_of(text)),
        ["kept main as the Python baseline", "Switched from Cloudflare Pages to Workers", "SQLite bleibt", "キャッシュは使わない"]
    );
    // A label alone opens nothing; a verb alone says nothing.
    assert!(decision_texts(&plan_of("# Notes\n\n- Decision:\n- Chose\n")).is_empty());
}

#[test]
fn a_file_titled_like_the_template_that_keeps_its_own_sections_is_read_as_written() {
    let text = "# Session Memory — 045-S merge\n\n## Outcome\nShipped 045-S.\n\n## Completed This Session\n* Merged PR #90\n* Synced local main\n\n## Key Facts / Decisions\n* **Full-feature shipment, not partial**: both parents archived.\n\n## Next Steps\n1. Push the closure branch\n";
    let doc = parse(text);
    assert_ne!(doc.dialect(), memento_core::Dialect::CheckpointLog);
    assert!(findings(text, memento_core::Rule::MissingSection).is_empty());
    let p = plan(&doc, &CheckOptions::default());
    assert_eq!(names(&p.completed), ["Merged PR #90", "Synced local main"]);
    // A decision is no unit, whatever word it ends with.
    let resume = p.resume_from.as_ref().map(|r| r.unit.as_str());
    assert_eq!(resume, Some("045-S merge"), "the session's own task is under way");
    assert!(!names(&p.open).iter().any(|u| u.contains("Full-feature")), "{:?}", names(&p.open));
    assert_eq!(decision_texts(&p), ["**Full-feature shipment, not partial**: both parents archived."]);
    // The template's title over the template's sections, or over none yet, is the template.
    for text in ["# Session Memory — t1\n", "# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — Use SQLite\n\n## Notes\nx\n"] {
        assert_eq!(parse(text).dialect(), memento_core::Dialect::CheckpointLog, "{text}");
    }
}

#[test]
fn a_next_label_inside_the_next_steps_section_is_its_exact_step() {
    let text = "# Handoff\n\n## START HERE — W4b (fresh session)\n\n### Live progress (2026-07-21, session 6)\n\n**Two commits on the branch.**\n\n- **Task #7b DONE**\n- **NEXT — re-run the interop matrix** against real browsers,\n  now with the pure engine.\n\n## 2026-07-20 — session 5\nRenamed the engine.\n";
    let n = plan_of(text).next_action.unwrap();
    assert_eq!((n.text.as_str(), n.line), ("re-run the interop matrix against real browsers, now with the pure engine.", 10));
}

#[test]
fn up_next_is_a_next_steps_section_and_a_wrapped_lead_in_reads_as_one_line() {
    let text = "# State\n\n**Mode:** Feature (drained)\n\n## Up next when resuming\n\n1. **Merge checkpoint #2** (per the plan §\"Merge\n   checkpoints\"): run the smoke session. Verify:\n   - Landing screen renders\n2. Full lint pass\n";
    let p = plan_of(text);
    let n = p.next_action.unwrap();
    assert_eq!(n.source, NextActionSource::NextStep);
    assert_eq!(n.text, "Merge checkpoint #2 (per the plan §\"Merge checkpoints\"): run the smoke session. Verify: Landing screen renders");
    assert!(names(&p.pending).contains(&"Full lint pass"), "{:?}", names(&p.pending));
}

#[test]
fn decisions_grouped_under_lead_ins_are_the_nested_items() {
    let text = "# Active Context\n\n## Decisions\n\n- **Preparation phase:**\n  - Keep the Slack token in `.env`\n  - Use GitHub for the repository\n- **Cloud phase:**\n  - Store URLs as JSON on GCS\n- 2026-04-22T07:12Z — Pin the runtime:\n  - Python 3.12\n\n## Session 2026-01-15 - Feature #66: approval decision\n- Created process_approval_decision()\n";
    assert_eq!(
        decision_texts(&plan_of(text)),
        ["Keep the Slack token in `.env`", "Use GitHub for the repository", "Store URLs as JSON on GCS", "Pin the runtime:"],
        "a dated entry stays one decision; a feature about decisions lists none"
    );
}

#[test]
fn decisions_written_as_table_rows_headings_or_stamped_lines() {
    // A table with a Decision column anywhere, in another language too; any table in a
    // Decisions section. The row's date is the decision's id.
    let p = plan_of("# Memory\n\n| Date | Decision | Why |\n|---|---|---|\n| 2025-04-01 | Use PostgreSQL | relational |\n| 2025-04-09 | Signed cookies, no Redis | fewer parts |\n");
    assert_eq!(decision_texts(&p), ["Use PostgreSQL", "Signed cookies, no Redis"]);
    assert_eq!(p.decisions.active[0].id, "2025-04-01");
    let p = plan_of("# Memoria\n\n## Decisiones\n\n| # | Elección | Motivo |\n|---|---|---|\n| 1 | Patrón adaptador | menos herencia |\n");
    assert_eq!(decision_texts(&p), ["Patrón adaptador"]);
    // A table of anything else outside a Decisions section holds none.
    assert!(decision_texts(&plan_of("# Stack\n\n| Layer | Choice |\n|---|---|\n| DB | Postgres |\n")).is_empty());
    // A decision log with a heading per decision (ADR style): its parts are no decisions, and
    // a heading over decision items is their group.
    let text = "# Decision Log\n\n## 2025-04-01: Use PostgreSQL for order data\n**Context:** orders are relational.\n\n### Consequences\nMigrations by Prisma.\n\n## 2025-04-09 - Signed cookies instead of Redis sessions\nDrop Redis.\n\n## Frontend\n- Use React 19\n";
    let p = plan_of(text);
    assert_eq!(decision_texts(&p), ["Use PostgreSQL for order data", "Signed cookies instead of Redis sessions", "Use React 19"]);
    assert_eq!(p.decisions.active[1].id, "2025-04-09");
    // Roo Code's decisionLog.md: stamped lines, not list items; a newer one supersedes.
    let text = "# Decision Log\n\n[2025-04-01 10:00:00] - Chose PostgreSQL over MongoDB\n[2025-04-03 15:20:00] - Use Redis for the session cache\n[2025-04-09 09:00:00] - Signed cookies instead of Redis SUPERSEDES [2025-04-03 15:20:00]\n";
    let p = plan_of(text);
    assert_eq!(decision_texts(&p), ["Chose PostgreSQL over MongoDB", "Signed cookies instead of Redis SUPERSEDES [2025-04-03 15:20:00]"]);
    assert_eq!(p.decisions.superseded.len(), 1);
}

#[test]
fn a_decision_record_s_reasons_are_no_decisions_of_their_own() {
    // Memory banks write a decision as a heading with its reasons, trade-offs and use cases
    // under labels; a heading over such headings is their group.
    let text = "# System Patterns\n\n## Technical Decisions\n\n### 1. Languages\n\n#### TypeScript for the API\n**Rationale**:\n- Type safety\n- Team knows it\n\n**Trade-offs**:\n- ✅ Faster development\n- ❌ Slower runtime than Go\n\n#### Go for the price crawler\n**Why:**\n- Needs <200ms responses\n\n### 2. Storage\n\n#### Redis as the session store\n**Use cases**:\n- Session storage for JWTs\n\n## Decisiones\n\n### Usar Postgres\n**Pros:**\n- ACID\n";
    let p = plan_of(text);
    assert_eq!(decision_texts(&p), ["TypeScript for the API", "Go for the price crawler", "Redis as the session store", "Usar Postgres"]);
    // The reasons' status marks make no units either.
    assert!(p.completed.is_empty() && p.open.is_empty() && p.pending.is_empty(), "{:?} {:?}", names(&p.completed), names(&p.open));
    // A list under a topic's label, without a record's parts, still holds the decisions.
    let p = plan_of("# Decisions\n\n**Backend:**\n- Use Postgres\n- Use Redis for sessions\n");
    assert_eq!(decision_texts(&p), ["Use Postgres", "Use Redis for sessions"]);
}

#[test]
fn an_unticked_box_whose_work_has_begun_is_in_progress() {
    // A spec-driven task list: the parent stays unticked while its sub-tasks are ticked.
    let text = "# Implementation Plan\n\n- [x] 1. Set up the project\n- [ ] 2. Build the order service\n  - [x] 2.1 Create order endpoint\n  - [ ] 2.2 Cancel order endpoint\n- [ ] 3. Write integration tests\n";
    let p = plan_of(text);
    assert_eq!(names(&p.open), ["2. Build the order service"]);
    assert_eq!(names(&p.pending), ["2.2 Cancel order endpoint", "3. Write integration tests"]);
    assert_eq!(p.next_action.unwrap().text, "Continue 2. Build the order service; then 2.2 Cancel order endpoint");
    // Its words say so, in English or another language; a step stopped halfway says what is
    // done and what remains.
    let p = plan_of("# Tareas\n\n- [x] Parser\n- [ ] Login page (in progress)\n- [ ] Deploy - BLOCKED\n- [ ] Exportador (en curso)\n- [ ] Replay the queue (completed: detection; remaining: conflicts)\n- [ ] Docs\n");
    let open: Vec<(&str, Status)> = p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect();
    assert_eq!(
        open,
        [
            ("Login page", Status::InProgress),
            ("Deploy", Status::Blocked),
            ("Exportador", Status::InProgress),
            ("Replay the queue (completed: detection; remaining: conflicts)", Status::InProgress)
        ]
    );
    assert_eq!(names(&p.pending), ["Docs"]);
    // An unticked box over unticked boxes has not begun.
    let p = plan_of("- [ ] Release\n  - [ ] Tag\n  - [ ] Publish\n");
    assert!(p.open.is_empty(), "{:?}", names(&p.open));
}

#[test]
fn a_unit_is_named_by_its_words_and_a_decision_without_its_label() {
    // Roo Code's progress.md stamps each line; an execution plan stamps each ticked step.
    let p = plan_of("# Progress\n\n## Completed Tasks\n* [2025-04-01 10:00:00] - Project scaffolding\n\n## Current Tasks\n* [2025-04-03 09:00:00] - Order checkout flow\n\n## Progress\n- [x] (2025-10-01 09:10Z) Add a local store.\n");
    assert_eq!(names(&p.completed), ["Project scaffolding", "Add a local store."]);
    assert_eq!(names(&p.open), ["Order checkout flow"]);
    let p = plan_of("# Plan\n\n## Decision Log\n\n- Decision: Use last-writer-wins for note bodies.\n  Rationale: notes are single-user.\n");
    assert_eq!(decision_texts(&p), ["Use last-writer-wins for note bodies.\n  Rationale: notes are single-user."]);
}

#[test]
fn the_status_a_file_states_for_the_run() {
    // Blocked under the title, over work still to do: the run waits.
    let text = "# Handoff\n\n**Status:** Blocked — waiting for Alice to grant the deploy key.\n\n## Done\n- Terraform for staging\n\n## Next\n- Deploy to staging once the key arrives\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
    let text = "# Traspaso\n\n**Estado:** bloqueado por la clave de despliegue\n\n## Próximos pasos\n- Desplegar\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
    // On the state heading itself, over prose: under way, not "not started".
    let text = "# CLAUDE.md\n\n## Current Status: Phase 3 of 5 (in progress)\n\nPhase 3 (web UI) is underway: the edit form is next.\n\n## Commands\n- `pnpm dev`\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
    // A wait on a person, in words of its own (not a phrase of the lexicon).
    let text = "# Notes\n\nCurrent: waiting on Alice to review PR #42 before merging.\n\n- [x] Implement export\n- [x] Open PR #42\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
    // A session's own status is that session's: a later one moves on.
    let text = "# Log\n\n## 2025-11-01\n**Status:** Blocked on CI\n\n## 2025-11-02\n- [x] Fixed CI\n- [ ] Release\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
}

#[test]
fn work_finished_later_ends_the_state_a_status_line_left_open() {
    // Oldest first: a later session's "Completed …" (or a ticked box) finishes the unit an
    // earlier status line left IN PROGRESS; plan and check then agree it is done.
    let text = "# Log\n\n## Session 1 (2025-10-01)\n- Search indexing: IN PROGRESS\n- Billing: IN PROGRESS\n\n## Session 2 (2025-10-03)\n- Completed search indexing\n- [x] Billing\n";
    let p = plan_of(text);
    assert!(p.open.is_empty() && p.resume_from.is_none(), "{:?}", names(&p.open));
    assert_eq!(names(&p.completed), ["search indexing", "Billing"]);
    assert!(findings(text, memento_core::Rule::StaleInProgress).is_empty());
    // Newest first: the finished line comes first, and the open line below it is older.
    // Export, left under way in a session the run moved on from, is owed, not under way.
    let text = "# Log\n\n## 2025-10-03\n- Completed search indexing\n\n## 2025-10-01\n- Search indexing: IN PROGRESS\n- Export: IN PROGRESS\n";
    let p = plan_of(text);
    assert_eq!((names(&p.completed), names(&p.pending)), (vec!["search indexing"], vec!["Export"]));
    assert_eq!(findings(text, memento_core::Rule::StaleInProgress).len(), 1);
    // A unit opened again after it was finished stays open.
    let p = plan_of("# Log\n\n- Completed search indexing\n- Search indexing: IN PROGRESS\n");
    assert_eq!(names(&p.open), ["Search indexing"]);
}

#[test]
fn work_left_under_way_in_a_session_the_run_moved_on_from_is_pending() {
    // Oldest first and newest first, in two languages: the latest session does not name the
    // unit an older one left under way. The next session does not resume it blindly: it is
    // listed pending, and stale-in-progress says so.
    for text in [
        "# Log\n\n## 2025-10-01\n- IN_PROGRESS: PrizePoolService\n\n## 2025-10-04\n- COMPLETED: leaderboard\n- BLOCKED: payments (waiting on the wallet key)\n",
        "# Log\n\n## 2025-10-04\n- COMPLETED: leaderboard\n\n## 2025-10-01\n- IN_PROGRESS: PrizePoolService\n",
        "# Registro\n\n## 2025-10-01\n- PrizePoolService: en curso\n\n## 2025-10-04\n- Tabla de posiciones: terminado\n",
    ] {
        let p = plan_of(text);
        assert!(p.open.iter().all(|u| u.status != Status::InProgress), "{text}");
        assert!(p.resume_from.is_none(), "{text}");
        assert_eq!(names(&p.pending), ["PrizePoolService"], "{text}");
        assert_eq!(findings(text, memento_core::Rule::StaleInProgress).len(), 1, "{text}");
    }
    // Carried into the latest session, it is under way.
    let p = plan_of("# Log\n\n## 2025-10-01\n- IN_PROGRESS: PrizePoolService\n\n## 2025-10-04\n- IN_PROGRESS: PrizePoolService (stopped at payouts)\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("PrizePoolService"));
}

#[test]
fn a_sitting_s_number_beside_its_date_names_no_work() {
    // In several languages and both log orders: the sessions' items are the units.
    for text in [
        "# PROGRESS\n\n## 2026-03-14 — Session 7\n- Finished CSV export\n- Next: PDF export\n\n## 2026-03-12 — Session 6\n- Fixed the timezone bug\n",
        "# Progreso\n\n## Sesión 6 — 2026-03-12\n- Fixed the timezone bug\n\n## Sesión 7 — 2026-03-14\n- Finished CSV export\n",
        "# Log\n\n=== Session 6 (2026-03-12) ===\n- Fixed the timezone bug\n\n=== Session 7 (2026-03-14) ===\n- Finished CSV export\n",
    ] {
        let p = plan_of(text);
        assert!(p.completed.iter().all(|u| !u.unit.to_lowercase().contains("sesi")), "{text}: {:?}", names(&p.completed));
        assert_eq!(p.completed.len(), 2, "{text}: {:?}", names(&p.completed));
    }
}

#[test]
fn a_next_action_label_in_the_writer_s_language() {
    for (label, step) in [
        ("**Siguiente acción:**", "llamar a soporte de Stripe"),
        ("**Próxima ação:**", "configurar o webhook"),
        ("**Prochaine action :**", "brancher l'export PDF"),
        ("**Prochaine étape :**", "brancher l'export PDF"),
        ("**Nächste Aktion:**", "Webhook konfigurieren"),
        ("**Prossima azione:**", "aspettare l'invito di Marco"),
        ("- Следующее:", "дописать `writeChunk()`"),
        ("Next step:", "make `**` right-associative"),
    ] {
        let text = format!("# Estado\n\n## Hecho\n- [x] Modelo\n\n## Pendiente\n- [ ] Export PDF\n\n{label} {step}\n");
        let p = plan_of(&text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(step), "{label}");
    }
}

#[test]
fn work_under_way_is_listed_once_and_a_cross_that_says_blocked_blocks() {
    // `Working on: **Task 3**` over the list row `Task 3 🚧`: one unit under way.
    let text = "# Agent memory\n\n## Current status\nWorking on: **Task 3 — email verification**\n\n## Task list\n1. Task 1 — DB schema ✅ (done 2026-11-01)\n2. Task 3 — email verification 🚧\n3. Task 4 — password reset ⏳\n";
    let p = plan_of(text);
    assert_eq!(names(&p.open), ["Task 3 — email verification"]);
    assert_eq!(names(&p.completed), ["Task 1 — DB schema"]);
    let p = plan_of("# Status\n\n- ✅ Login\n- ❌ Blocked (waiting on design tokens from the design team)\n");
    assert_eq!(p.open.iter().map(|u| u.status).collect::<Vec<_>>(), [Status::Blocked]);
    assert_eq!(p.status, RunStatus::Blocked);
    // Outside a log the order of the lists is no time order: the block above the finished
    // work stands.
    let p = plan_of("# Project board\n\n## Blocked\n- Payments — blocked (waiting on the Stripe keys)\n\n## Done\n- [x] Login\n- [x] Signup\n");
    assert_eq!(p.status, RunStatus::Blocked, "{:?}", names(&p.open));
}

#[test]
fn a_next_step_wrapped_by_hand_is_read_whole() {
    for (text, want) in [
        ("# Notes\n\n## Current State\nTwo e2e failures left. Next: add a `data-testid` to the coupon input and wait for it instead of\nthe CSS selector.\n", "add a `data-testid` to the coupon input and wait for it instead of the CSS selector."),
        ("# Notas\n\nSiguiente paso: terminar el exportador y probarlo con\n`fixtures/grande.csv` antes del lunes.\nBloqueado: no\n", "terminar el exportador y probarlo con `fixtures/grande.csv` antes del lunes."),
        // A line that ends its sentence, a label of its own or a list stops it.
        ("# Notes\n\nNext: write the migration.\nThen the team reviews it.\n", "write the migration."),
        ("# Notes\n\nNext: write the migration\nBlocked: waiting on the DBA\n", "write the migration"),
    ] {
        let p = plan_of(text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(want), "{text}");
    }
}

#[test]
fn an_open_box_whose_note_says_the_work_began_is_under_way() {
    let text = "# TODO — mobile app v2.3\n\n- [x] Offline cache for the feed\n- [ ] Queue outgoing messages while offline ← in progress, queue table done, retry loop not yet\n- [ ] Push notification settings\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Queue outgoing messages while offline"));
    assert_eq!(names(&p.pending), ["Push notification settings"]);
    let p = plan_of("# Tareas\n\n- [x] Modelo de datos\n- [ ] Exportación (en curso: falta el PDF)\n- [ ] Recordatorios\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Exportación"));
    // A note that says something else leaves the box open.
    let p = plan_of("# Tasks\n\n- [ ] Parser (current behaviour is wrong)\n");
    assert!(p.resume_from.is_none() && p.pending.len() == 1);
}

#[test]
fn a_run_stated_complete_over_finished_work_is_complete_beside_a_follow_up() {
    for text in [
        "# Release 1.4\n\n## Status: complete ✅\n\n- [x] JSON output\n- [x] Shell completions\n\nNext: write the blog post about the release.\n",
        "# Versión 1.4\n\n**Estado:** completado\n\n- [x] Salida JSON\n- [x] Autocompletado\n\nSiguiente paso: escribir la entrada del blog.\n",
    ] {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::Complete, "{text}");
        assert!(p.next_action.is_some(), "{text}");
    }
    // Work still listed to do is not finished, whatever the status line says.
    let p = plan_of("# Release 1.4\n\n## Status: complete ✅\n\n- [x] JSON output\n- [ ] Shell completions\n");
    assert_eq!(p.status, RunStatus::InProgress);
}

#[test]
fn a_handoff_that_tells_where_it_stopped_in_prose() {
    let text = "# HANDOFF\n\nStatus: in progress\n\n## Where I stopped\nI was in the middle of splitting the 1,400-line UserService, moving `merge` next.\n\n**Continue with:** move `merge` into `UserCommandService`.\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("splitting the 1,400-line UserService"));
    let p = plan_of("# Handoff\n\n## Where we left off\nWe were halfway through the billing export; the PDF part is left.\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("the billing export"));
}

#[test]
fn a_next_step_that_says_there_is_none_leaves_the_run_complete() {
    for step in ["None for now — waiting for product to decide the v3 scope.", "Nada por ahora — esperando a que producto decida el alcance de la v3."] {
        let text = format!("# Status\n\n## Current status\n- ✅ Onboarding flow\n- ✅ Customer portal\n\n## Next steps\n\n{step}\n\n## Blockers\n\nNone.\n");
        assert_eq!(plan_of(&text).status, RunStatus::Complete, "{step}");
    }
    // A wait that is the run's own next step still blocks it.
    let text = "# Status\n\n- ✅ Onboarding flow\n- [ ] Customer portal\n\n## Next steps\n\nWaiting for Anna to approve the portal design.\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
}

#[test]
fn a_stop_line_beside_the_one_unit_under_way_is_its_stop_point() {
    // A plain-text log and a section, in two languages: the unit is named before the colon
    // that opens how far it got.
    for (text, unit, stop) in [
        ("=== Session 3 (2026-01-07) ===\n- Implemented features 7-11\n\n=== Session 4 (2026-01-08) ===\n- Fixed drag-to-reorder\n- Started feature 15 (due dates): date picker added, not yet saved\n- STOPPED HERE: add the `due_date` column, then wire PATCH\n", "feature 15", "add the `due_date` column"),
        ("# Registro\n\n## 2026-01-06\n- Terminé el modelo\n\n## 2026-01-08\n- Empecé la exportación a PDF: plantilla lista\n- Me quedé en: la paginación de tablas largas\n", "la exportación a PDF", "la paginación de tablas largas"),
    ] {
        let r = plan_of(text).resume_from.expect(text);
        assert_eq!((r.unit.as_str(), r.stopped_at.as_deref()), (unit, Some(stop)), "{text}");
        // A stop point told in a sentence is resumed as written, with no next item computed.
        assert_eq!(r.continue_at, None);
    }
    // Two units under way in one section: whose stop line it is, is not clear.
    let r = plan_of("# Log\n\n## 2026-01-06\n- Finished the model\n\n## 2026-01-08\n- Started the importer\n- Started the exporter\n- Stopped at: CSV quoting\n").resume_from.unwrap();
    assert_eq!(r.stopped_at, None);
}

#[test]
fn a_roadmap_resumes_its_now_before_its_next() {
    let text = "# TODO — blog engine\n\n## Now\n- [ ] RSS feed (`/feed.xml`) ← doing this\n\n## Next\n- [ ] Tag pages\n- [ ] Syntax highlighting\n\n## Later\n- [ ] Search\n\n## Done\n- [x] Post page\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.as_ref().map(|r| r.unit.as_str()), Some("RSS feed (`/feed.xml`)"));
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("Continue RSS feed (`/feed.xml`); then Tag pages"));
    // The title names the kind of file, not a unit to start.
    assert_eq!(names(&p.pending), ["Tag pages", "Syntax highlighting"]);
}

#[test]
fn a_timed_log_line_that_says_what_is_next_is_the_next_step() {
    for (line, step) in [("[2026-11-22 10:00] next: convert `invoice-reminders`", "convert `invoice-reminders`"), ("2026-11-22 10:00 — Siguiente paso: migrar `sitemap`", "migrar `sitemap`"), ("[10:00] Next: convert the sitemap job", "convert the sitemap job")] {
        let text = format!("# Agent log\n\n[2026-11-22 08:00] start: migrate cron jobs\n[2026-11-22 08:30] converted `nightly-report`\n{line}\n");
        let p = plan_of(&text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(step), "{line}");
        assert_eq!(p.completed.len(), 2, "{line}: {:?}", names(&p.completed));
        assert!(findings(&text, memento_core::Rule::EmptyNextStep).is_empty(), "{line}");
    }
}

#[test]
fn ideas_parked_for_later_are_no_work_left() {
    for title in ["Future ideas (not planned)", "Ideas for v2", "Ideas futuras", "Parking lot"] {
        let p = plan_of(&format!("# P\n\nStatus: complete\n\n## Delivered\n- [x] a\n- [x] b\n\n## {title}\n- [ ] idea one\n- [ ] idea two\n"));
        assert_eq!((p.status, p.pending.len()), (RunStatus::Complete, 0), "{title}");
    }
}

#[test]
fn a_next_step_told_in_a_sentence_and_a_stop_line_without_a_unit() {
    // `Next step is …` after a sentence, in English and Spanish, in a log's latest sitting.
    for (said, step) in [("Where I stopped: migration is written but not applied. Next step is to apply it locally.", "apply it locally."), ("Migración escrita. El siguiente paso es aplicarla en local.", "aplicarla en local.")] {
        let text = format!("# Notes\n\n## 2025-08-04\n- [x] endpoint\n- [ ] Usage page\n\n## 2025-08-05\n- [x] Usage chart\n\n{said}\n");
        assert_eq!(plan_of(&text).next_action.map(|n| n.text).as_deref(), Some(step), "{said}");
    }
    // A stop line and no unit under way: the next session starts there, not at an old TODO.
    let text = "# Log\n## 2025-05-14 (session 7)\n- LTR model trained\n- TODO: collect click logs\n\n## 2025-05-16 (session 8)\n- A/B config ready\n- Stopped at: waiting on the experiment review; PR #412 is open\n";
    let n = plan_of(text).next_action.unwrap();
    assert_eq!((n.text.as_str(), n.line), ("Resume where the work stopped: waiting on the experiment review", 8));
}

#[test]
fn a_dated_log_line_gives_its_subject_s_state() {
    let text = "# Progress Notes\n\n- 2025-11-01: Set up the project. Next: auth.\n- 2025-11-03: Auth done. Next: billing.\n- 2025-11-05: Billing in progress — Stripe checkout works, webhooks pending.\n";
    let p = plan_of(text);
    assert_eq!((names(&p.completed), names(&p.open)), (vec!["the project", "Auth"], vec!["Billing"]));
    assert_eq!(p.status, RunStatus::InProgress);
    // The same unit's later line is its state.
    let p = plan_of("# Log\n\n- 2025-11-05 — Facturación en curso\n- 2025-11-07 — Facturación terminado\n");
    assert_eq!(names(&p.completed), ["Facturación"]);
    assert!(p.open.is_empty());
    // A long opening clause is prose: no unit is named after it.
    let p = plan_of("# Log\n\n- 2025-11-08 — Went over the whole billing flow with the team in progress review, then lunch\n");
    assert!(p.open.is_empty(), "{:?}", names(&p.open));
    // A box left in an In Progress section is under way.
    let p = plan_of("# Tasks\n\n## In Progress\n- [ ] Billing webhooks\n\n## Backlog\n- [ ] Invoices\n");
    assert_eq!((names(&p.open), names(&p.pending)), (vec!["Billing webhooks"], vec!["Invoices"]));
}

#[test]
fn partial_is_a_status_in_a_status_cell_not_in_prose() {
    let p = plan_of("# Schema\n\n## Indexes\n- idx_quote_items_assigned_user (partial)\n");
    assert!(p.open.is_empty() && p.resume_from.is_none(), "{:?}", names(&p.open));
    let p = plan_of("| Feature | Status |\n|---|---|\n| Auth | Partial |\n| Export | Ready |\n");
    assert_eq!((names(&p.open), names(&p.pending)), (vec!["Auth"], vec!["Export"]));
}

#[test]
fn a_bracketed_status_tags_a_task_and_a_step_inside_a_unit_is_no_second_unit() {
    let text = "# Status\n\n## Pending Tasks\n\n### Session #48: Continuity\n**Status:** In Progress\n\n**Tasks:**\n1. [DONE] Create the .claude directory\n2. [IN PROGRESS] Create STATUS.md\n3. [PENDING] Validate STATUS.md\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Create the .claude directory"]);
    assert!(names(&p.open).contains(&"Create STATUS.md"), "{:?}", names(&p.open));
    assert!(names(&p.pending).contains(&"Validate STATUS.md"), "{:?}", names(&p.pending));
    assert!(findings(text, memento_core::Rule::ProgressContradiction).is_empty());
    // A checkbox stays a checkbox; a bracket of prose is no status.
    let p = plan_of("# Notes\n\n- [x] Ship\n- [see below] the export\n");
    assert_eq!(names(&p.completed), ["Ship"]);
}

#[test]
fn a_list_of_details_under_a_pending_feature_holds_no_units() {
    let text = "# Status\n\n## Remaining Features\n\n### Feature #34: Push notifications\n**Requirements:**\n- PWA with Web Push API\n- Service worker\n\n**Tasks:**\n- Write the subscription endpoint\n";
    let p = plan_of(text);
    let pending = names(&p.pending);
    assert!(!pending.contains(&"PWA with Web Push API") && !pending.contains(&"Service worker"), "{pending:?}");
    assert!(pending.contains(&"Write the subscription endpoint"), "{pending:?}");
}

#[test]
fn a_stats_row_counts_the_list_its_section_holds() {
    let text = "# Progress\n\n## Quick Stats\n\n| Metric | Value |\n|---|---|\n| Git Commits Today | 3 |\n\n## Today's Git Commits\n\n1. `c20d380` - Add rules\n2. `e588cae` - **Add the blueprint (18 files, 2408 lines)**\n";
    assert_eq!(findings(text, memento_core::Rule::CountMismatch), [7]);
    assert!(findings(&text.replace("| 3 |", "| 2 |"), memento_core::Rule::CountMismatch).is_empty());
}

#[test]
fn the_next_sprints_plan_is_the_next_step() {
    let text = "# Progress Tracker\n\n## Backend\n**Next**: Complete deployment configs\n\n## Next Sprint Planning\n\n### Sprint 4: Workers\n**Goal**: Implement the background workers\n";
    let n = plan_named("progress.md", text).next_action.unwrap();
    assert_eq!((n.text.as_str(), n.source), ("**Goal**: Implement the background workers", NextActionSource::NextStep));
}

/// A block of fields under the title dates the file on any of its lines, in words of any
/// language; a dated field records no work done.
#[test]
fn a_block_of_fields_dates_the_file_and_records_no_work() {
    let handoff = "# Передача дел\n\n**Статус:** в работе\n**Обновлено:** 12 марта 2026\n\n## Сделано\n- [x] Авторизация через OAuth\n\n## Решения\n- Используем PostgreSQL вместо MongoDB\n";
    let p = plan_of(handoff);
    assert_eq!(p.last_updated.as_deref(), Some("2026-03-12"));
    assert_eq!(decision_texts(&p), ["Используем PostgreSQL вместо MongoDB"]);
    let log = "# Current Active Session\n\n**Session:** #001\n**Date:** 2024-12-23\n**Last Updated:** 2024-12-23 ~16:00\n\n## Session 1 — 2024-12-23\n- ✅ Set up the repository\n";
    let p = plan_named("progress.md", log);
    assert!(!names(&p.completed).iter().any(|n| n.contains("16:00")), "{:?}", names(&p.completed));
    assert!(names(&p.completed).contains(&"Set up the repository"));
}

/// A stop point written in words, in the reader's languages, is read out of the unit's name:
/// the next session resumes from it, and a later line finishing the unit names the same unit.
#[test]
fn a_stop_point_in_words_in_any_language() {
    let p = plan_of("# Progress\n\n- ✅ CSV exporter\n- 🔄 Importer: in progress, stopped at date validation\n");
    let r = p.resume_from.as_ref().unwrap();
    assert_eq!((r.unit.as_str(), r.stopped_at.as_deref()), ("Importer", Some("date validation")));
    assert_eq!(p.next_action.unwrap().text, "Continue Importer from date validation");
    for (line, unit, stop) in [
        ("- 🔄 Importador: en curso, me quedé en la validación de fechas", "Importador", "la validación de fechas"),
        ("- [ ] Relatórios — parei em exportar PDF", "Relatórios", "exportar PDF"),
        ("- 🔄 Export — stehengeblieben bei der PDF-Erzeugung", "Export", "der PDF-Erzeugung"),
        ("- [ ] Экспорт отчётов — остановился на генерации PDF", "Экспорт отчётов", "генерации PDF"),
        ("- 🔄 支付集成（停在退款接口）", "支付集成", "退款接口"),
        ("- 🔄 検索機能（インデックス作成まで完了）", "検索機能", "インデックス作成"),
        ("- [ ] 결제 모듈: 환불 로직에서 멈춤", "결제 모듈", "환불 로직"),
    ] {
        let p = plan_of(&format!("# Notes\n\n{line}\n"));
        let r = p.resume_from.as_ref().unwrap_or_else(|| panic!("{line}: {:?}", p.open));
        assert_eq!((r.unit.as_str(), r.stopped_at.as_deref()), (unit, Some(stop)), "{line}");
    }
    // Finished later: one unit, done.
    let p = plan_of("# Progress\n\n## Session 1\n- 🔄 Importer: in progress, stopped at date validation\n\n## Session 2\n- ✅ Importer\n");
    assert!(p.open.is_empty(), "{:?}", p.open);
    // `fermato a` is a phrase of its own words, not the start of `fermato al`.
    assert!(plan_of("# Note\n\n- 🔄 Importatore fermato al bivio\n").resume_from.unwrap().stopped_at.is_none());
}

/// A mark's status said again in words is no part of the unit's name: the unit begun under
/// one mark and finished under another is one unit, in any language.
#[test]
fn a_mark_said_again_in_words_names_the_same_unit() {
    let p = plan_of("# Progress\n\n## Session 1 — 2026-03-01\n- 🔄 CSV exporter\n- [ ] Importador\n\n## Session 2 — 2026-03-02\n- ✅ CSV exporter done\n- [x] Importador terminado\n");
    assert!(p.open.is_empty() && p.pending.is_empty(), "{:?} {:?}", names(&p.open), names(&p.pending));
    assert_eq!(names(&p.completed), ["CSV exporter", "Importador"]);
    // Outside a log, boxes of one name in two lists may be two units (`Tests` under each
    // phase): a ticked one ends no open one.
    let p = plan_of("# Plan\n\n## Phase 1\n- [ ] Tests\n\n## Phase 2\n- [x] Tests\n");
    assert_eq!((names(&p.pending), names(&p.completed)), (vec!["Tests"], vec!["Tests"]));
    // Words of another status stay in the name.
    let p = plan_of("# Tasks\n\n- [x] Parser in progress\n");
    assert_eq!(names(&p.completed), ["Parser in progress"]);
}

/// A list item under the title gives the file's date after a label of the date, in any
/// language; a deadline is no age.
#[test]
fn a_dated_item_under_a_date_label_dates_the_file() {
    let p = plan_of("# 세션 메모\n\n- 마지막 업데이트: 2026년 3월 10일\n- 마감: 2026년 4월 1일\n\n## 완료\n- [x] 로그인 API\n");
    assert_eq!(p.last_updated.as_deref(), Some("2026-03-10"));
    let p = plan_of("# Handoff\n\n- **Last Updated:** 2026-03-10\n- **Deadline:** 2026-05-01\n\n## Done\n- [x] Login API\n");
    assert_eq!(p.last_updated.as_deref(), Some("2026-03-10"));
    assert!(plan_of("# Handoff\n\n- **Deadline:** 2026-05-01\n").last_updated.is_none());
}

/// The date label is read on an item's first line only: a label that starts the item's
/// second line is no field of the item, and reading it must not cut the text mid-line.
#[test]
fn a_date_label_on_an_item_s_second_line_is_not_read() {
    let p = plan_of("# Notes\n\n- **\n  Updated: 2026-01-16\n");
    assert!(p.last_updated.is_none(), "{:?}", p.last_updated);
}

#[test]
fn each_dated_line_of_a_log_paragraph_is_an_entry_and_an_indented_list_tells_about_it() {
    // Plain-text logs append one line per task, an id before the date, and indent a few
    // notes under a task: the notes are that task's, not tasks of their own.
    let oldest_first = "# Progress Log\n\n## Session History\n\n\
        [20260216_001] 2026-02-16 00:00 - infra-002: FastAPI backend\n\
        [20260216_002] 2026-02-16 11:30 - data-001: Stock data fetcher\n\
        [20260216_003] 2026-02-16 11:40 - api-001: Stock query API\n\n\
        [20260216_004] 2026-02-16 12:45 - frontend-001: Frontend skeleton\n  - frontend-lead: React + Vite\n  - routing and layout\n\n\
        [20260216_005] 2026-02-16 13:30 - infra-001: Project setup\n";
    let names_of = |text: &str| plan_of(text).completed.iter().map(|u| u.unit.clone()).collect::<Vec<_>>();
    let want = ["infra-002: FastAPI backend", "data-001: Stock data fetcher", "api-001: Stock query API", "frontend-001: Frontend skeleton", "infra-001: Project setup"];
    assert_eq!(names_of(oldest_first), want);
    // Newest first: the same entries, the same details.
    let newest_first = "# Progress Log\n\n## Session History\n\n\
        [20260216_005] 2026-02-16 13:30 - infra-001: Project setup\n\n\
        [20260216_004] 2026-02-16 12:45 - frontend-001: Frontend skeleton\n  - frontend-lead: React + Vite\n  - routing and layout\n\n\
        [20260216_003] 2026-02-16 11:40 - api-001: Stock query API\n\
        [20260216_002] 2026-02-16 11:30 - data-001: Stock data fetcher\n\
        [20260216_001] 2026-02-16 00:00 - infra-002: FastAPI backend\n";
    let mut reversed = names_of(newest_first);
    reversed.reverse();
    assert_eq!(reversed, want);
    // A list written flush under a dated line is that session's work; a line that names only
    // its sitting (`Session 3`) is no unit of its own, one that names work is.
    let flush = "# Progress Log\n\n## Session History\n\n2026-02-16 Session 3\n- Implemented the parser\n- Added the tests\n";
    let work = names_of(flush);
    assert_eq!(work.len(), 2, "{work:?}");
    assert!(work[1].contains("the tests"), "{work:?}");
    let flush = "# Progress Log\n\n## Session History\n\n2026-02-16 Parser work\n- Implemented the parser\n- Added the tests\n";
    assert_eq!(names_of(flush).len(), 3);
    // Lines of fields under a dated title are not entries.
    let fields = "# Notes\n\n2026-02-16 Handoff\nOwner: Ana\nDeadline: 2026-03-01\n";
    assert_eq!(parse(fields).stamps().len(), 1);
}

#[test]
fn work_struck_through_or_taken_off_the_list_is_not_resumed() {
    let text = "# Progress\n\n## Tasks\n\n- [x] Parser\n- [ ] ~~Add caching~~\n- [ ] **~~Dark mode~~**\n- [ ] Export to PDF\n\n\
        ## Services\n\n| Service | Status |\n|---|---|\n| Auth | ✅ Complete |\n| ~~API Gateway~~ | ❌ Eliminated |\n| Billing | ❌ Failed |\n| Search | ❌ Descartado |\n";
    let p = plan_of(text);
    let pending: Vec<&str> = names(&p.pending);
    assert_eq!(pending, ["Export to PDF"]);
    let done: Vec<(&str, &str)> = p.completed.iter().map(|u| (u.unit.as_str(), u.status.as_str())).collect();
    assert!(done.contains(&("Add caching", "SKIPPED")), "{done:?}");
    assert!(done.contains(&("Dark mode", "SKIPPED")), "{done:?}");
    assert!(done.contains(&("API Gateway", "SKIPPED")), "{done:?}");
    assert!(done.contains(&("Search", "SKIPPED")), "{done:?}");
    // A cross alone, or beside a word that says so, is still a failure.
    assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status.as_str())).collect::<Vec<_>>(), [("Billing", "FAILED")]);
    // Bold that is not around the whole name, in any script, is no strike.
    let cjk = "# 進捗\n\n## 完了\n\n- ✅ **設定管理の拡張 (`src/config.py`):** (変更なし)\n";
    assert_eq!(plan_of(cjk).completed.len(), 1);
}

#[test]
fn a_next_steps_section_holds_the_steps_of_its_subsections() {
    let text = "# Memory\n\n## Done\n\n- Parser\n\n## Next Session Priorities\n\n### Immediate\n1. Update the roadmap\n2. Test the workflow\n\n\
        ### Short-term\n1. Begin tier 1 proposals\n\n## Notes\n\n- Keep it short\n";
    let p = plan_of(text);
    assert_eq!(names(&p.pending), ["Update the roadmap", "Test the workflow", "Begin tier 1 proposals"]);
    assert_eq!(p.next_action.map(|n| n.text), Some("Update the roadmap".to_owned()));
    // Spanish, with the later list's steps after the first's.
    let es = "# Memoria\n\n## Próximos pasos\n\n### Inmediato\n- Migrar la base de datos\n\n### Después\n- Escribir la documentación\n";
    assert_eq!(names(&plan_of(es).pending), ["Migrar la base de datos", "Escribir la documentación"]);
    // A dated record kept under a START HERE banner is that session's, not a list of steps.
    let banner = "# Handoff\n\n## START HERE — W4b\n\n### Progress (2026-07-21, session 6)\n\n- **Task 7b DONE** (`e182491`)\n- Task 7c wired\n";
    assert!(plan_of(banner).pending.is_empty());
}

#[test]
fn waits_on_a_person_and_stop_points_in_more_words() {
    let waits = [
        "# Projektminne\n\n## Status\nPågående – väntar på att Anna granskar PR #42.\n\n## Nästa steg\n- Driftsätt till staging\n",
        "# Memoria\n\n## Estado\nEn curso, esperando la revisión de Ana del PR #42.\n\n## Próximos pasos\n- Desplegar\n",
        "# Mémoire\n\n## État\nEn cours, en attente de validation par le client.\n\n## Prochaines étapes\n- Déployer\n",
        "# Память\n\n## Статус\nВ работе, ждём ревью от Анны.\n\n## Следующие шаги\n- Выкатить\n",
        "# 记忆\n\n## 状态\n进行中，等待审核。\n\n## 下一步\n- 部署\n",
    ];
    let got: Vec<_> = waits.iter().map(|t| plan_of(t).status).collect();
    assert_eq!(got, [memento_core::RunStatus::Blocked; 5]);
    // Waiting for a build or a job is no wait on a person.
    let build = "# Projektminne\n\n## Status\nPågående – väntar på att bygget blir klart.\n\n## Nästa steg\n- Driftsätt\n";
    assert_eq!(plan_of(build).status, memento_core::RunStatus::InProgress);
    // Portuguese writes its stop point with a contraction (`parei na`, `parei no`).
    let pt = "# Progresso\n\n## Em andamento\n- [ ] Relatórios em PDF — parei na geração do cabeçalho\n";
    let p = plan_of(pt);
    assert_eq!(p.resume_from.as_ref().map(|r| (r.unit.as_str(), r.stopped_at.as_deref())), Some(("Relatórios em PDF", Some("geração do cabeçalho"))));
}

#[test]
fn what_a_session_learned_under_the_titles_people_give_it() {
    for title in ["Gotchas", "Lessons learned", "Pitfalls", "Key insights", "Caveats", "Hallazgos", "Lições aprendidas", "Erkenntnisse", "Découvertes", "Lärdomar", "Уроки", "学び", "经验教训", "교훈"] {
        let text = format!("# Handoff\n\n## Done\n- Parser\n\n## {title}\n- The test clock must be reset before each run\n");
        let doc = parse(text.as_str());
        let learned: Vec<&str> = doc.discoveries().iter().map(|d| doc.text(d.text)).collect();
        assert_eq!(learned, ["The test clock must be reset before each run"], "{title}");
        // A fact learned is no unit of work.
        assert_eq!(plan_of(&text).completed.len(), 1, "{title}");
    }
    // Bugs found are not lessons.
    let doc = parse("# 进度\n\n## 发现的问题\n- 登录偶尔失败\n");
    assert!(doc.discoveries().is_empty());
}

#[test]
fn a_dated_line_or_heading_is_named_by_its_words_not_its_date() {
    let names_of = |text: &str| plan_named("progress.txt", text).completed.iter().map(|u| u.unit.clone()).collect::<Vec<_>>();
    // A banner with the date inside it: the words before the date name the sitting.
    let banners = "# Progress\n\n=== Session 11 (2026-03-09) ===\nWorked on: feature #33\n\n=== Session 12 (2026-03-10) ===\nWorked on: feature #34\n";
    assert_eq!(names_of(banners), ["Session 11", "Session 12"]);
    // A heading that is only a date: its items are the work; with none, the sitting is one.
    let newest_first = "# Dev log\n\n## 2026-03-12\n- Fixed the flaky login test\n\n## 2026-03-11\n- Added the audit log table\n\n## 2026-03-10\nProject setup, CI green.\n";
    let done = names_of(newest_first);
    assert_eq!(done.len(), 3, "{done:?}");
    assert!(!done.iter().any(|n| n == "2026-03-12" || n == "2026-03-11"), "{done:?}");
    assert!(done.iter().any(|n| n == "2026-03-10"), "{done:?}");
    // A label with a date in it opens a list: no work of its own.
    let label = "# Progress Log\n\n2026-01-10 Session 4 - Auth\n\n**Critical Files (Protected until 2026-01-16):**\n- `auth.ts`\n";
    assert_eq!(names_of(label), ["Session 4 - Auth"]);
}

#[test]
fn a_numbered_list_of_marked_steps_and_a_title_that_names_the_file() {
    let text = "# Current Task\nAdd CSV export to the reports page.\n\n## Progress: 3/7 steps\n\
        1. ✅ Add export button\n2. ✅ Wire click handler\n3. ✅ Build CSV serializer\n\
        4. ⏳ Stream large reports (started, chunking works, memory still grows)\n5. Add column picker\n6. Tests\n7. Docs\n\n\
        ## Notes\n- Use the existing `toCsv` helper in utils\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Add export button", "Wire click handler", "Build CSV serializer"]);
    // The waiting mark's words say the step has begun.
    assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status.as_str())).collect::<Vec<_>>(), [("Stream large reports", "IN_PROGRESS")]);
    // The numbered steps left unmarked are the ones not begun; the notes under the title
    // `# Current Task` are no work under way.
    assert_eq!(names(&p.pending), ["Add column picker", "Tests", "Docs"]);
    assert_eq!(p.next_action.map(|n| n.text), Some("Continue Stream large reports; then Add column picker".to_owned()));
    // A marked step with notes nested under it is one step of the list.
    let nested = "# Plan\n\n1. ✅ Schema\n   - orders table\n2. ✅ API\n3. Frontend\n";
    assert_eq!(names(&plan_of(nested).pending), ["Frontend"]);
    // A bulleted list's unmarked lines after its marks are notes.
    let bullets = "# Status\n\n## Backend\n- ✅ Server runs on 3001\n- ✅ Payments return 402\n- Frontend: packages/frontend\n- Database: SQLite\n";
    assert!(plan_of(bullets).pending.is_empty());
    // The same work under way, named twice, is no contradiction; two pieces of work are.
    let twice = "# Progress\n\n## Session 48\n- [IN PROGRESS] Session continuity system\n\n## Remaining\n- ⏳ Session Continuity System (in progress)\n";
    assert!(findings(twice, memento_core::Rule::ProgressContradiction).is_empty());
    let two = twice.replace("⏳ Session Continuity System", "⏳ Notion import");
    assert_eq!(findings(&two, memento_core::Rule::ProgressContradiction), [7]);
}

#[test]
fn optional_work_does_not_keep_a_finished_run_open() {
    let text = "# Project Status\n\n**Status: COMPLETE** — all 12 features shipped on 2026-03-01.\n\n## Features\n- [x] Login\n- [x] Signup\n\n## Follow-ups (optional)\n- Consider adding SSO\n- [ ] Dark mode\n";
    let p = plan_of(text);
    assert!(p.pending.is_empty(), "{:?}", p.pending);
    assert_eq!(p.status, memento_core::RunStatus::Complete);
    for title in ["Optional Enhancements (Low Priority)", "Nice to have", "Someday", "Stretch goals", "Opcional", "Facultatif", "可选"] {
        let text = format!("# Memory\n\n## Done\n- [x] Parser\n\n## {title}\n- Export to PDF\n");
        assert!(plan_of(&text).pending.is_empty(), "{title}");
    }
    // Standing work no run finishes, said to recur, is no unit under way (corpus 002); a
    // feature about the same thing, in progress, is.
    for title in ["Maintenance Priorities (Ongoing)", "Ongoing monitoring", "Mantenimiento continuo", "継続的な保守"] {
        let text = format!("# Memory

## System Status: Complete ✅

All features shipped.

### {title}
1. **Security Updates**: keep dependencies current
");
        let p = plan_of(&text);
        assert_eq!(p.status, memento_core::RunStatus::Complete, "{title}");
        assert!(p.resume_from.is_none() && p.pending.is_empty(), "{title}: {:?}", p.resume_from);
    }
    let text = "# Memory

## Features
- [x] Parser

## Monitoring Dashboard (in progress)
- Grafana panels for the queue
";
    assert_eq!(plan_of(text).status, memento_core::RunStatus::InProgress);
    // A sitting that did an optional part is a sitting; work left outside the optional list is work.
    let text = "# Handoff\n\n## Next Steps\n- Publish to npm\n\n### Optional\n- Convert the scripts to TypeScript\n";
    let p = plan_of(text);
    assert_eq!(names(&p.pending), ["Publish to npm"]);
    assert_eq!(memento_core::parse(text).sections()[1].role, memento_core::SectionRole::NextStep);
}

#[test]
fn a_log_with_its_sittings_in_mixed_order_reads_the_newest_as_current() {
    // Newest first, one sitting out of place: one step back in time, one forward. The file's
    // first sitting is newer than its last, so it is kept newest first.
    let text = "# Registro de progreso\n\n## 12 de marzo de 2026 — Sesión 4\n- Terminado: exportación a CSV\n- En curso: filtros de búsqueda (me quedé en el filtro por fecha)\n\n\
        ## 10 de marzo de 2026 — Sesión 3\n- Terminado: paginación\n- En curso: exportación a CSV\n\n## 11 de marzo de 2026 — Sesión 2\n- Terminado: autenticación\n";
    let p = plan_of(text);
    assert_eq!(p.open.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["filtros de búsqueda"]);
    // A unit under way in one sitting and done in a later one moved on: no contradiction, in
    // either order; the sitting out of place is reported once, in the file's direction.
    assert!(findings(text, memento_core::Rule::ProgressContradiction).is_empty());
    assert_eq!(findings(text, memento_core::Rule::TimestampOutOfOrder), [11]);
    assert!(findings(text, memento_core::Rule::EntriesOutOfOrder).is_empty());
    let oldest_first = "# Progress\n\n## 2026-03-10 — Session 3\n- DONE: pagination\n- IN PROGRESS: CSV export\n\n## 2026-03-12 — Session 4\n- DONE: CSV export\n";
    assert!(findings(oldest_first, memento_core::Rule::ProgressContradiction).is_empty());
    assert!(plan_of(oldest_first).open.is_empty());
    // Within one sitting, the same unit done and under way is a contradiction.
    let same = "# Progress\n\n## 2026-03-12 — Session 4\n- DONE: CSV export\n- IN PROGRESS: CSV export\n";
    assert_eq!(findings(same, memento_core::Rule::ProgressContradiction), [5]);
}

#[test]
fn the_word_that_all_is_done_in_other_languages_finishes_the_run() {
    // Newest first: the latest sitting says all is done, after an older next step.
    for claim in ["Todo el trabajo está completo.", "Projeto concluído.", "Projekt abgeschlossen.", "Проект завершён.", "项目已完成。"] {
        let p = plan_of(&format!("# Log\n\n## 2025-08-04 Session 3\n- {claim}\n\n## 2025-08-02 Session 2\n- Next: add conflict handling.\n"));
        assert_eq!(p.status, RunStatus::Complete, "{claim}");
    }
}

#[test]
fn a_prose_unit_keeps_the_code_span_it_opens_with() {
    let p = plan_of("# Notes\n\n- Implemented `sync` with dry-run\n- **Fixed** the login bug\n- `Added` retries\n");
    assert_eq!(names(&p.completed), ["`sync` with dry-run", "the login bug", "retries"]);
}

#[test]
fn decision_titles_in_the_readers_languages() {
    for title in ["Aktive Entscheidungen", "Decisiones activas", "Decisões técnicas", "Décisions prises", "Decisioni attive", "Aktiva beslut", "Принятые решения", "주요 결정", "技术决定"] {
        let p = plan_of(&format!("# Context\n\n## {title}\n- PDF rendered on the server, for the fonts\n"));
        assert_eq!(p.decisions.active.len(), 1, "{title}");
    }
}

#[test]
fn recent_changes_that_say_a_start_at_the_end_of_their_first_clause() {
    for (title, started, unit, done) in [
        ("Recent Changes", "PDF layout started, tables still missing", "PDF layout", "CSV export finished and tested"),
        ("Letzte Änderungen", "PDF-Layout begonnen, Tabellen fehlen noch", "PDF-Layout", "CSV-Export fertig und getestet"),
        ("Cambios recientes", "Diseño del PDF en curso; faltan las tablas", "Diseño del PDF", "Exportación CSV terminada"),
    ] {
        let p = plan_of(&format!("# Active Context\n\n## {title}\n- {done}\n- {started}\n"));
        assert_eq!(names(&p.open), [unit], "{title}");
        assert_eq!(p.completed.len(), 1, "{title}");
    }
    // Not begun is still to do.
    let p = plan_of("# Context\n\n## Recent Changes\n- Export nicht begonnen\n- Import not started\n");
    assert_eq!((names(&p.open), names(&p.pending), p.completed.len()), (vec![], vec!["Export", "Import"], 0));
}

#[test]
fn a_handoffs_own_words_for_where_it_stopped_and_where_to_resume() {
    let text = "# Handoff\n\n## Where I left off\nHalfway through converting the reports: sales and inventory done.\n\n## Resume here\nFix the refunds join in `returns.py`, then convert `tax.py`.\n";
    let doc = parse(text);
    let roles: Vec<_> = doc.sections().iter().skip(1).map(|s| s.role).collect();
    assert_eq!(roles, [memento_core::SectionRole::CurrentState, memento_core::SectionRole::NextStep]);
    let p = plan_of(text);
    assert_eq!(p.next_action.unwrap().text, "Fix the refunds join in `returns.py`, then convert `tax.py`.");
}

#[test]
fn a_step_pointed_at_as_the_one_under_way() {
    for mark in ["← doing this now", "<- working on it", "← you are here"] {
        let p = plan_of(&format!("# TODO\n\n## Today\n- [x] Fix the flaky upload test\n- [ ] Write the checksum migration {mark}\n\n## Tomorrow\n- [ ] Backfill checksums\n"));
        assert_eq!(names(&p.open), ["Write the checksum migration"], "{mark}");
        assert_eq!(p.status, RunStatus::InProgress);
    }
}

#[test]
fn more_ways_to_label_the_next_step_and_the_work_left() {
    let text = |label: &str| format!("# Progress\n\n## Session 3 (2025-11-02)\n- Implemented the importer\n\n{label}\n- Wire the importer into the CLI\n- Add docs\n");
    for label in ["For the next session:", "Plan for next session:", "Continue with:", "To resume:", "Nächste Aufgabe:", "Следующие задачи:", "Próxima tarefa:", "Prochaine tâche :", "次のタスク：", "Siguiente:", "Далее:", "次：", "다음:"] {
        let n = plan_of(&text(label)).next_action.unwrap();
        assert_eq!((n.text.as_str(), n.source), ("Wire the importer into the CLI", NextActionSource::NextStep), "{label}");
    }
    for label in ["Follow-up:", "Upcoming:"] {
        assert_eq!(names(&plan_of(&text(label)).pending), ["Wire the importer into the CLI", "Add docs"], "{label}");
    }
}

#[test]
fn boxes_of_the_extended_task_lists() {
    let p = plan_of("# Tasks\n\n- [x] Lexer\n- [/] Parser\n- [~] Type checker\n- [>] Code generation\n- [-] Plugin API\n");
    assert_eq!(names(&p.completed), ["Lexer"]);
    assert_eq!(names(&p.open), ["Parser", "Type checker"]);
    assert_eq!(names(&p.pending), ["Code generation"]);
    assert_eq!(p.resume_from.unwrap().unit, "Parser");
}

#[test]
fn more_status_words_and_marks() {
    let p = plan_of("# Tasks\n\n- Parser: half done\n- Lexer: ready for review\n- Docs: deferred\n- ✓ Setup\n- ✗ Benchmarks\n- ☐ Release notes\n");
    assert_eq!(names(&p.completed), ["Setup"]);
    assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [("Parser", Status::InProgress), ("Lexer", Status::InProgress), ("Benchmarks", Status::Failed)]);
    assert_eq!(names(&p.pending), ["Docs", "Release notes"]);
}

#[test]
fn a_wait_on_a_blocked_units_own_line_does_not_stop_the_work_under_way() {
    let both = "# Tasks\n\n- Auth API: IN PROGRESS (refresh tokens left)\n- Billing: BLOCKED — waiting for approval from Anna\n- Admin UI: TODO\n";
    assert_eq!(plan_of(both).status, RunStatus::InProgress);
    let json = "{\"tasks\": [\n  {\"name\": \"Auth API\", \"state\": \"in-progress\"},\n  {\"name\": \"Billing\", \"state\": \"blocked\", \"blocked_by\": \"waiting for approval from Anna\"}\n]}\n";
    assert_eq!(plan_of(json).status, RunStatus::InProgress);
    // Nothing else under way: the run waits.
    let alone = "# Tasks\n\n- Auth API: DONE\n- Billing: BLOCKED — waiting for approval from Anna\n- Admin UI: TODO\n";
    assert_eq!(plan_of(alone).status, RunStatus::Blocked);
}

#[test]
fn a_list_of_the_work_left_that_says_there_is_none_finishes_the_run() {
    let table = "| Date | # | Tasks Planned | Tasks Completed |\n|---|---|---|---|\n| 2026-02-06 | 1 | 10 | 10 |\n";
    for (title, none) in [("Carry Forward", "- None from session 2"), ("Remaining", "Nothing."), ("Pendientes", "- Ninguno"), ("残タスク", "なし")] {
        let p = plan_of(&format!("# Planner Memory\n\n## Session History\n{table}\n## {title}\n{none}\n"));
        assert_eq!(p.status, RunStatus::Complete, "{title}");
    }
    // Work left: not done.
    let p = plan_of(&format!("# Planner Memory\n\n## Session History\n{table}\n## Carry Forward\n- Nonessential cleanup of the CSS\n"));
    assert_ne!(p.status, RunStatus::Complete);
}

#[test]
fn three_steps_written_in_one_item_are_three_units() {
    let p = plan_of("# Notes\n\n## Next\n- Flesh out stores (filters; modes); port the Analytics panel; add Playwright tests.\n");
    assert_eq!(names(&p.pending), ["Flesh out stores (filters; modes)", "port the Analytics panel", "add Playwright tests"]);
    // Two parts are a step and why it matters.
    let p = plan_of("# Notes\n\n## Next\n- Add caching; the API is slow\n");
    assert_eq!(names(&p.pending), ["Add caching; the API is slow"]);
}

#[test]
fn a_state_that_opens_by_saying_its_work_is_done_hands_over_at_its_end() {
    let text = "# Current State\n\n**DONE: Home page rework**\n\n- ✅ Hero simplified\n- ✅ Build passes\n\n```\nlayout sketch\n\nmore sketch\n```\n\n**Ready for user testing:** `npm run dev` on port 3000\n";
    let n = plan_of(text).next_action.unwrap();
    assert_eq!((n.text.as_str(), n.source), ("**Ready for user testing:** `npm run dev` on port 3000", NextActionSource::CurrentState));
    // A state that says what is under way is the work to continue, with how far it got.
    let n = plan_of("# Current State\n\nPorting the webhooks; write-back pending.\n\nSee the PR.\n").next_action.unwrap();
    assert_eq!(n.text, "Continue Porting the webhooks; write-back pending");
}

#[test]
fn what_works_in_the_readers_languages() {
    for title in ["Lo que funciona", "O que funciona", "Ce qui fonctionne", "Was funktioniert", "Cosa funziona", "Vad som fungerar", "Что работает", "動作しているもの", "작동하는 것"] {
        let p = plan_of(&format!("# Progress\n\n## {title}\n- Login\n- Sign-up\n"));
        assert_eq!(names(&p.completed), ["Login", "Sign-up"], "{title}");
    }
}

#[test]
fn a_status_line_under_a_dated_top_level_session() {
    let text = "# Session 14 — 2025-11-02\n\nStatus: COMPLETE\n- Added 12 tests\n\n# Session 15 — 2025-11-03\n\nStatus: IN PROGRESS\n- Redis backend\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Session 15 — 2025-11-03"));
    assert!(names(&p.completed).contains(&"Session 14 — 2025-11-02"));
    // Under the file's one title, a status line is the text's below it, not the title's.
    let titled = "# Session 15 — 2025-11-03\n\nStatus: IN PROGRESS\n";
    assert!(plan_of(titled).open.is_empty());
}

#[test]
fn a_start_in_the_latest_sitting_of_a_log_is_work_under_way() {
    let newest_first = "# Dev log\n\n## 2026-03-12\n- Fixed flaky login test\n- Started on the rate limiter, refill logic missing\n\n## 2026-03-11\n- Started the audit log\n- Added audit log table\n";
    let p = plan_of(newest_first);
    assert_eq!(names(&p.open), ["the rate limiter"]);
    let oldest_first = "# Registro\n\n## 2026-03-11\n- Empezado con el importador\n\n## 2026-03-12\n- Terminado: exportador\n- En curso: filtros de búsqueda\n";
    assert_eq!(names(&plan_of(oldest_first).open), ["filtros de búsqueda"]);
    // The same start, in the latest sitting, is the work under way.
    let latest = "# Registro\n\n## 2026-03-11\n- Terminado: exportador\n\n## 2026-03-12\n- Empezado con el importador, falta validar\n";
    assert_eq!(names(&plan_of(latest).open), ["el importador"]);
    // An older sitting's start is not the current state: it may have been finished unsaid.
    let old = "# Dev log\n\n## 2026-03-11\n- Started the audit log\n\n## 2026-03-12\n- Fixed flaky login test\n";
    assert!(plan_of(old).open.is_empty());
}

#[test]
fn a_header_field_names_the_unit_under_way() {
    // (file, the unit resumed from). The header's field, in several languages; a list item
    // so labelled the same.
    let cases: &[(&str, &str)] = &[
        ("# Project Status\n\n**Last Updated:** 2026-04-14\n**Current Phase:** Polish for the tablet\n\n## Completed\n- Auth\n", "Polish for the tablet"),
        ("# Estado\n\n**Fase actual:** Pulir la exportación\n\n## Hecho\n- Login\n", "Pulir la exportación"),
        ("# Status\n\nAktuelle Aufgabe: Export der Rechnungen\n\n## Erledigt\n- Login\n", "Export der Rechnungen"),
        ("# Статус\n\nТекущая задача: экспорт счетов\n\n## Готово\n- Вход\n", "экспорт счетов"),
        ("# 状态\n\n当前阶段：导出发票\n\n## 已完成\n- 登录\n", "导出发票"),
        ("# Status\n\n- **Current Task:** Billing export\n\n## Done\n- Login\n", "Billing export"),
        ("# Status\n\n## Current Status\nCurrent milestone: Beta release\n", "Beta release"),
    ];
    for &(text, unit) in cases {
        let p = plan_of(text);
        let resume = p.resume_from.unwrap_or_else(|| panic!("nothing resumed: {text}"));
        assert_eq!(resume.unit, unit, "{text}");
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
    }
}

#[test]
fn a_header_field_that_is_a_date_a_count_or_done_names_no_unit_under_way() {
    let cases = [
        // A date, a count, a word for none.
        "# Status\n\n**Started:** 2026-01-09\n**Blockers:** None currently\n\n## Done\n- Login\n- Export\n",
        "# Status\n\nIn progress: 3\n\n## Done\n- Login\n",
        // The value's own status wins.
        "# Status\n\n**Current Phase:** Phase 3 complete\n\n## Done\n- Login\n",
        // A session's own fields are that session's (later sessions change them).
        "# Log\n\n## 2026-01-09 Session 4\nCurrent task: Export\n\n## 2026-01-10 Session 5\n- Export — done\n",
    ];
    for text in cases {
        let p = plan_of(text);
        assert!(p.open.iter().all(|u| u.status != Status::InProgress), "{text}: {:?}", names(&p.open));
    }
}

#[test]
fn a_current_heading_whose_value_is_done_holds_no_work_under_way() {
    // `## Current Sprint: … Complete` is no In Progress section: its plain items are not under way.
    let p = plan_of("# Tracker\n\n## Current Sprint: Wallet Integration Complete\n\n### Notes\n- Session keys with rotation\n- Gasless transactions\n");
    assert!(p.open.is_empty(), "{:?}", names(&p.open));
    let p = plan_of("# Tracker\n\n## Current Sprint: Wallet Integration\n\n- Session keys with rotation\n");
    assert_eq!(names(&p.open), ["Session keys with rotation"]);
}

#[test]
fn a_count_of_work_left_in_the_claims_own_sitting_keeps_the_run_open() {
    // A session report: the run's count says work is left, so `All features implemented
    // without breaking changes` is about the session's part.
    let report = "# Session Complete: Features #129, #132\n\n**Date:** 2026-02-26\n\n## Progress\n\n**Ending Status:** 131/137 features passing\n\n## Next Session Priorities\n\n- Focus on the final features\n\n## Key Accomplishments\n\n1. ✅ Removed test artifacts\n2. ✅ **Zero Breaking Changes:** All features implemented without affecting existing functionality\n";
    assert_eq!(plan_of(report).status, RunStatus::InProgress);
    // A later sitting's claim stands over an older count.
    let log = "# Progress\n\n## 2026-03-01 Session 4\n- Export — done\n- 12/20 tasks complete\n\n## 2026-03-02 Session 5\n- Import — done\n\nAll tasks complete. Project finished.\n";
    assert_eq!(plan_of(log).status, RunStatus::Complete);
    // A count that leaves nothing does not hold a claim back.
    assert_eq!(plan_of(&report.replace("131/137", "137/137")).status, RunStatus::Complete);
}

#[test]
fn a_next_step_that_only_says_the_work_is_ready_is_passed_over() {
    // (file, the next action) in English, Spanish, French and German; a step that goes on
    // past its readiness is a step.
    let cases: &[(&str, &str)] = &[
        ("# Plan\n\n## Next Steps\n\n1. **Ready for autonomous work!**\n2. Begin COD-11-001 (JWT secret)\n", "Begin COD-11-001 (JWT secret)"),
        ("# Plan\n\n## Próximos pasos\n\n- ¡Listo para continuar!\n- Escribir el exportador\n", "Escribir el exportador"),
        ("# Plan\n\n## Prochaines étapes\n\n- Prêt pour la suite.\n- Finir l'export\n", "Finir l'export"),
        ("# Plan\n\n## Nächste Schritte\n\n- Bereit für die nächste Runde\n- Export fertigstellen\n", "Export fertigstellen"),
        ("# Plan\n\n## Next Steps\n\n- Ready for review: open the PR and ask Anna\n- Tag the release\n", "Ready for review: open the PR and ask Anna"),
        // Alone, it is what the file says.
        ("# Plan\n\n## Next Steps\n\n- Ready for next batch assignment\n", "Ready for next batch assignment"),
    ];
    for &(text, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(next), "{text}");
        assert!(p.pending.iter().all(|u| !u.unit.to_lowercase().contains("listo") && !u.unit.contains("Ready for autonomous")), "{text}: {:?}", names(&p.pending));
    }
}

#[test]
fn a_start_in_the_latest_sitting_of_a_log_of_dated_paragraphs_is_under_way() {
    // A plain-text log whose sittings are dated lines, not headings, kept oldest first and
    // newest first; the unit is the first clause, the note after it how far it got.
    let oldest_first = "=== Session 2 (2026-03-02) ===\n- Implemented #6 login form\n- Started #7 logout; redirect missing\n\n=== Session 3 (2026-03-03) ===\n- Finished #8 password reset\n- Started #10 profile page; avatar upload not wired yet\n";
    let newest_first = "=== Session 3 (2026-03-03) ===\n- Finished #8 password reset\n- Started #10 profile page; avatar upload not wired yet\n\n=== Session 2 (2026-03-02) ===\n- Implemented #6 login form\n- Started #7 logout; redirect missing\n";
    for text in [oldest_first, newest_first] {
        let p = plan_named("claude-progress.txt", text);
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("#10 profile page"), "{text}");
        // The older sitting's start may have been finished since, unsaid.
        assert!(p.open.iter().all(|u| !u.unit.contains("#7")), "{text}: {:?}", names(&p.open));
    }
}

#[test]
fn a_current_state_titled_in_the_readers_languages_states_the_work_under_way() {
    let cases: &[(&str, &str)] = &[
        ("# Note di sessione\n\n## Stato attuale\nIn corso: migrazione delle tabelle\n\n## Fatto\n- Schema convertito\n", "migrazione delle tabelle"),
        ("# Notas\n\n## Estado actual\nEn curso: importador de facturas\n\n## Hecho\n- Login\n", "importador de facturas"),
        ("# Notizen\n\n## Aktueller Stand\nIn Arbeit: Export der Rechnungen\n\n## Erledigt\n- Login\n", "Export der Rechnungen"),
        ("# Notes\n\n## État actuel\nEn cours : export des factures\n\n## Fait\n- Connexion\n", "export des factures"),
        ("# 노트\n\n## 현재 상태\n진행 중: 환불 API\n\n## 완료\n- 결제\n", "환불 API"),
    ];
    for &(text, unit) in cases {
        let p = plan_of(text);
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
    }
}

#[test]
fn a_block_the_next_step_of_a_later_day_goes_on_from_is_no_blocked_run() {
    let text = "# Working notes\n\n## 2026-02-18 — session 7\n- Fixed the CSV parser\n- **Blocked:** the staging bucket policy denies PutObject\n\n## 2026-02-19 — session 8\n- Uploads work on staging\n\nNext: add metrics to the importer\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
    // The same day, the block is the latest word.
    assert_eq!(plan_of(&text.replace("2026-02-19", "2026-02-18")).status, RunStatus::Blocked);
}

#[test]
fn a_next_label_after_a_sentence_on_its_line_is_the_next_step() {
    // Session notes whose Current State says where it stands, then `Next:` on the same line.
    let notes = "# Fix flaky checkout tests\n\n## Current State\n_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._\n\nInvestigating the race in `checkout.spec.ts`: the fixture resolves first. Next: add `await server.ready()` and rerun 50 times.\n\n## Task specification\n_What did the user ask to build? Any design decisions or other explanatory context_\n\nMake the suite pass.\n";
    let p = plan_of(notes);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("add `await server.ready()` and rerun 50 times."));
    // In other languages, and not without a colon, nor inside a version or an abbreviation.
    let es = "# Notas\n\n## Estado actual\nEl importador funciona. Siguiente paso: escribir las pruebas.\n";
    assert_eq!(plan_of(es).next_action.map(|n| n.text).as_deref(), Some("escribir las pruebas."));
    let ja = "# メモ\n\n## 現在の状況\nパーサーは完了。次のステップ：エクスポートを実装する\n";
    assert_eq!(plan_of(ja).next_action.map(|n| n.text).as_deref(), Some("エクスポートを実装する"));
    // Nor outside a state section: a log's lines are read from their start.
    for quiet in ["# Notes\n\n## Status\nThe parser is done. Next steps are unclear: ask Anna.\n", "# Notes\n\n## Status\nShipped v1.2. Next-gen parser: later.\n", "# Log\n\n- Fixed the parser. Next: the exporter.\n"] {
        assert_ne!(plan_of(quiet).next_action.map(|n| n.source), Some(NextActionSource::NextStep), "{quiet}");
    }
}

/// A list of ids in one item or after one label (`86af5uphp, 86af5upkw`, `Completed: A1 (…),
/// A3 (…), B4`) names one unit per id; a list of words stays one unit.
#[test]
fn a_list_of_ids_names_a_unit_each() {
    let text = "# Memory\n\n## Completed Task IDs\n- 86af5uphp, 86af5upkw, 86af5upn7\n- 86af5wqng, 86aezuyvy (route audit, clickable rows)\n\n## Stack\n- React, Vite\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["86af5uphp", "86af5upkw", "86af5upn7", "86af5wqng", "86aezuyvy"]);
    let text = "# Sesión\n\n## Resumen\n- Completado: A1 (contacto, migración 157), A3 (origen), B4 (registro)\n- Pendiente: WS-31, WS-32\n- Completado: React, Vite y Tailwind\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["A1", "A3", "B4", "React, Vite y Tailwind"]);
    assert_eq!(names(&p.pending), ["WS-31", "WS-32"]);
}

#[test]
fn a_log_line_of_a_short_subject_and_its_state() {
    // A log under dated headings writes each unit as its name and a state after a plain
    // space; the latest line about a unit is its state (docs/reader.md, "Where state is
    // written"). (file, done units, units under way)
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("# Log\n\n## 2026-11-25\n- Signup screen done\n- Payment module in progress\n\n## 2026-11-27\n- Payment module done\n- Order history page in progress\n", &["Signup screen", "Payment module"], &["Order history page"]),
        ("# 세션 기록\n\n## 2026-11-25\n- 회원가입 화면 완료\n- 결제 모듈 진행 중\n\n## 2026-11-27\n- 결제 모듈 완료\n- 주문 내역 페이지 작업 중\n", &["회원가입 화면", "결제 모듈"], &["주문 내역 페이지"]),
        ("# 進捗\n\n## 2026-11-25\n- 会員登録画面 完了\n- 決済モジュール 対応中\n\n## 2026-11-27\n- 決済モジュール 完了\n- 注文履歴ページ 着手\n", &["会員登録画面", "決済モジュール"], &["注文履歴ページ"]),
        ("# Registro\n\n## 2026-11-25\n- Pantalla de registro completado\n- Módulo de pagos en progreso\n\n## 2026-11-27\n- Módulo de pagos completado\n", &["Pantalla de registro", "Módulo de pagos"], &[]),
    ];
    for &(text, done, open) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        assert_eq!(names(&p.open), open, "{text}");
        // The dated headings hold units: they are no unit of their own.
        assert!(p.completed.iter().all(|u| !u.unit.starts_with("2026")), "{text}");
    }
    // A sentence that ends with a state word names no unit: its subject is longer than a
    // name, or a verb stands before the state, or it speaks of all things.
    for line in ["Make sure the whole build step is done", "Feature #7 marked as passing", "All tests passing", "Sounds are skipped"] {
        let p = plan_of(&format!("# Log\n\n## 2026-11-25\n- {line}\n"));
        assert!(p.completed.iter().chain(&p.open).all(|u| !line.starts_with(u.unit.as_str()) || u.unit == line), "{line}: {:?}", names(&p.completed));
    }
}

#[test]
fn a_current_state_paragraph_opening_with_a_unit_and_its_state() {
    // The paragraph's opening clause names the unit under way; the rest is a note on it. The
    // handoff's done list is titled in the file's language. (file, done, under way, next)
    let cases: &[(&str, &[&str], &str, &str)] = &[
        ("# Handoff\n\n## What was done\n- API auth\n\n## Remaining\n- Deploy automation\n\n## Current state\nAdmin page layout in progress. Permission checks not done yet.\n", &["API auth"], "Admin page layout", "Continue Admin page layout"),
        ("# 인수인계\n\n## 완료한 작업\n- API 인증 구현\n\n## 남은 작업\n- 배포 자동화\n\n## 현재 상태\n관리자 페이지 레이아웃 작업 중. 권한 체크는 아직 안 함.\n", &["API 인증 구현"], "관리자 페이지 레이아웃", "Continue 관리자 페이지 레이아웃"),
        ("# 引き継ぎ\n\n## やったこと\n- API認証\n\n## 残タスク\n- デプロイ自動化\n\n## 現在の状況\n管理画面レイアウト 実装中。権限チェックは未実装。\n", &["API認証"], "管理画面レイアウト", "Continue 管理画面レイアウト"),
        ("# Överlämning\n\n## Klart\n- API-inloggning\n\n## Kvar\n- Driftsättning\n\n## Nuläge\nAdminsidan påbörjad, behörigheter saknas.\n", &["API-inloggning"], "Adminsidan", "Continue Adminsidan"),
    ];
    for &(text, done, under_way, next) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        assert_eq!(names(&p.open), [under_way], "{text}");
        let n = p.next_action.unwrap_or_else(|| panic!("no next action: {text}"));
        assert!(n.text.starts_with(next), "{text}: {}", n.text);
    }
    // A claim about everything opening the paragraph is no unit.
    let p = plan_of("# Handoff\n\n## Current state\nAll tests passing. Next: tag the release.\n");
    assert!(p.open.is_empty() && p.completed.iter().all(|u| u.unit != "All tests"), "{:?}", names(&p.completed));
}

#[test]
fn a_status_after_a_dash_with_a_note_after_it() {
    // `— IN PROGRESS: CSV works` is the unit's state, in both orders of the log: the latest
    // sitting's unit, not its date, and no older sitting's start left stale.
    let newest_first = "# Progress Log\n\n## 2026-11-24\n- Feature #12 (export) — IN PROGRESS: CSV works, XLSX left\n- Next: XLSX writer\n\n## 2026-11-23\n- Feature #11 (import) — DONE\n- Feature #12 (export) — started\n";
    let oldest_first = "# Progress Log\n\n## 2026-11-23\n- Feature #11 (import) — DONE\n- Feature #12 (export) — started\n\n## 2026-11-24\n- Feature #12 (export) — IN PROGRESS: CSV works, XLSX left\n- Next: XLSX writer\n";
    for text in [newest_first, oldest_first] {
        let p = plan_of(text);
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Feature #12 (export)"), "{text}");
        assert_eq!(names(&p.completed), ["Feature #11 (import)"], "{text}");
        assert_eq!(findings(text, memento_core::Rule::StaleInProgress), [], "{text}");
    }
}

#[test]
fn a_current_state_paragraph_told_in_sentences() {
    // Each sentence of the paragraph may give a unit's state: work done, work begun, or a
    // subject and its state, the polite ending of the writer's language cut. (file, done,
    // under way)
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("# Notes\n\n## Current State\nFinished the importer. Started on the exporter; CSV done, XLSX next.\n\n## Next Steps\n- XLSX writer\n", &["the importer"], &["the exporter"]),
        ("# Notes\n\n## Current State\nWorking on the exporter. The importer is done.\n", &["The importer"], &["the exporter"]),
        ("# Note di sessione\n\n## Stato\nCompletato il modulo di fatturazione. Iniziato il modulo dei pagamenti ricorrenti.\n", &["il modulo di fatturazione"], &["il modulo dei pagamenti ricorrenti"]),
        ("# Notas\n\n## Estado actual\nTerminado el importador.\nTrabajando en el exportador.\n", &["el importador"], &["el exportador"]),
        ("# メモ\n\n## 現在の状況\n決済連携を実装中です。口座振替は完了しました。\n", &["口座振替"], &["決済連携"]),
        ("# 메모\n\n## 현재 상태\n결제 연동 진행 중입니다. 카드 결제 완료되었습니다.\n", &["카드 결제"], &["결제 연동"]),
        ("# 备忘\n\n## 当前状态\n订单管理进行中。登录功能已完成。\n", &["登录功能"], &["订单管理"]),
        // The first sentence opening with a verb of work under way is the work, told whole.
        ("# Session Notes\n\n## Where I left off\nRefactoring the auth middleware. Token refresh works; logout still calls the old helper.\n", &[], &["Refactoring the auth middleware"]),
        ("# Notes\n\n## Current Focus\nBuilding the billing page.\n", &[], &["Building the billing page"]),
    ];
    for &(text, done, under_way) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        assert_eq!(names(&p.open), under_way, "{text}");
    }
    // A claim about everything, and a sentence that is not a subject and its state, give none.
    let p = plan_of("# Notes\n\n## Current State\nEverything is done. We should make sure the build is done.\n");
    assert!(p.open.is_empty() && p.completed.is_empty(), "{:?}", names(&p.completed));
    // An `-ing` word that is a choice or a state, or that opens a later sentence, is no work.
    for text in ["# Notes\n\n## Current State\nUsing SQLite for the cache.\n", "# Notes\n\n## Current State\nNothing blocked.\n", "# Notes\n\n## Current State\nThe build is green. Running the suite takes 3 minutes.\n"] {
        assert!(plan_of(text).open.is_empty(), "{text}");
    }
}

#[test]
fn work_reported_as_done_or_begun_in_the_writers_language() {
    // A log line opening with a past participle or past tense reports work done; in the
    // latest sitting, one opening with a start reports work under way. (file, done, under way)
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("# Bitácora\n\n## 2026-11-27\n- Set up CI\n\n## 2026-11-29\n- Terminado el módulo de facturas\n- Empezado el módulo de pagos\n", &["CI", "el módulo de facturas"], &["el módulo de pagos"]),
        ("# Diario\n\n## 2026-11-27\n- Set up CI\n\n## 2026-11-29\n- Terminato il modulo utenti\n- Iniziato il modulo ordini\n", &["CI", "il modulo utenti"], &["il modulo ordini"]),
        ("# Journal\n\n## 2026-11-27\n- Set up CI\n\n## 2026-11-29\n- Fini la page de profil\n- Commencé l'export PDF\n", &["CI", "la page de profil"], &["l'export PDF"]),
        ("# Журнал\n\n## 2026-11-27\n- Set up CI\n\n## 2026-11-29\n- Закончил парсер конфигурации\n- Начал модуль отчётов\n", &["CI", "парсер конфигурации"], &["модуль отчётов"]),
    ];
    for &(text, done, open) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        assert_eq!(names(&p.open), open, "{text}");
    }
}

#[test]
fn a_state_that_opens_with_a_block_stops_the_run() {
    // The state section's first line is a block with a note: the run is blocked, though the
    // done list stands below it and the next step waits for it. In several languages.
    for state in ["Blocked — waiting on Anna for the production API key.", "Bloqueado: falta la clave de producción.", "Blockiert – der Produktionsschlüssel fehlt."] {
        let text = format!("# Handoff\n\n## Status\n{state}\n\n## Done\n- Staging deploy\n\n## Next\nOnce the key arrives, run `make deploy-prod`.\n");
        assert_eq!(plan_of(&text).status, RunStatus::Blocked, "{state}");
    }
    // A unit under way named first is not a block of the run.
    let text = "# Handoff\n\n## Status\nIn progress — billing export.\n\n## Done\n- Staging deploy\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
}

#[test]
fn a_sessions_stop_point_on_a_line_of_its_own() {
    // The session under way (its heading the unit) resumes from the stop its lines write,
    // in both orders of the log and in the writer's words.
    let newest_first = "# Development Log\n\n### 2026-11-24 — Session 9\n**Status:** IN PROGRESS\n- Added retry to the uploader\n- **Stopped at:** retry backoff config\n\n### 2026-11-23 — Session 8\n**Status:** COMPLETE\n- Uploader MVP\n";
    let oldest_first = "# Bitácora\n\n### 2026-11-23 — Sesión 8\n**Estado:** COMPLETADO\n\n### 2026-11-24 — Sesión 9\n**Estado:** EN CURSO\n- Me quedé en: la configuración del backoff\n";
    for (text, point) in [(newest_first, "retry backoff config"), (oldest_first, "la configuración del backoff")] {
        let p = plan_of(text);
        let r = p.resume_from.unwrap_or_else(|| panic!("no resume: {text}"));
        assert_eq!(r.stopped_at.as_deref(), Some(point), "{text}");
        assert!(p.next_action.unwrap().text.ends_with(&format!("from {point}")), "{text}");
    }
    // A stop named inside a line's text is that line's, not the session's.
    let text = "# Log\n\n### 2026-11-24 — Session 9\n**Status:** IN PROGRESS\n- The old importer stopped at row 5 before the fix\n";
    assert_eq!(plan_of(text).resume_from.and_then(|r| r.stopped_at), None);
}

#[test]
fn a_status_tag_in_brackets_opens_the_item() {
    // As agents tag a task, and as Japanese and Chinese writers do in wide brackets.
    let cases: &[(&str, &[&str], &str, &[&str])] = &[
        ("# Tasks\n\n- [DONE] Auth\n- [WIP] Billing\n- [TODO] Export\n", &["Auth"], "Billing", &["Export"]),
        ("# タスク\n\n- [完了] ログイン\n- 【対応中】検索\n- 【未着手】通知\n", &["ログイン"], "検索", &["通知"]),
        ("# 任务清单\n\n- 【已完成】用户注册\n- 【进行中】订单管理\n- 【待办】报表导出\n", &["用户注册"], "订单管理", &["报表导出"]),
    ];
    for &(text, done, under_way, pending) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.completed), done, "{text}");
        assert_eq!(names(&p.open), [under_way], "{text}");
        assert_eq!(names(&p.pending), pending, "{text}");
    }
    // A bracket that is no status (a link's text, a note) tags nothing.
    let p = plan_of("# Notes\n\n- [Docs] Read the API guide\n- 【メモ】検索の仕様\n");
    assert!(p.open.is_empty() && p.completed.is_empty());
}

#[test]
fn a_sessions_labelled_lines_give_the_state_of_its_units() {
    // A session written as lines, not a list: each labelled line names a unit in that
    // state, as a list item so labelled does, in both orders of the log and several languages.
    let cases = [
        "# Progress log\n\n### Session 1 (2026-11-20)\nCompleted: database schema.\n\n### Session 2 (2026-11-22)\nCompleted: users API.\nIn progress: orders API — stopped at stock validation.\n",
        "# Progress log\n\n### Session 2 (2026-11-22)\nCompleted: users API.\nIn progress: orders API — stopped at stock validation.\n\n### Session 1 (2026-11-20)\nCompleted: database schema.\n",
        "# Registro\n\n### Sesión 1 (2026-11-20)\nCompletado: esquema de base de datos.\n\n### Sesión 2 (2026-11-22)\nCompletado: API de usuarios.\nEn progreso: API de pedidos — me quedé en la validación de stock.\n",
        "# Журнал\n\n### Сессия 2 (2026-11-22)\nГотово: API пользователей.\nВ работе: API заказов — остановился на проверке остатков.\n\n### Сессия 1 (2026-11-20)\nГотово: схема базы.\n",
    ];
    let expected = [("orders API", "stock validation"), ("orders API", "stock validation"), ("API de pedidos", "la validación de stock"), ("API заказов", "проверке остатков")];
    for (text, (unit, stop)) in cases.iter().zip(expected) {
        let p = plan_of(text);
        let r = p.resume_from.unwrap_or_else(|| panic!("no resume: {text}"));
        assert_eq!((r.unit.as_str(), r.stopped_at.as_deref()), (unit, Some(stop)), "{text}");
        assert!(p.completed.iter().any(|u| !u.unit.contains("Session") && !u.unit.contains("Sesión") && !u.unit.contains("Сессия")), "{text}");
    }
    // A label whose value is a count or a date names no unit; a sentence's full stop is no
    // part of a name, written as a line or as an item.
    let p = plan_of("# Log\n\n### Session 4 (2026-11-24)\nCompleted: 3 features (all passing)\nStarted: 2026-11-24\nIn progress: orders API.\n");
    assert_eq!(names(&p.open), ["orders API"]);
    assert!(!names(&p.completed).contains(&"3 features (all passing)"));
    let p = plan_of("# Log\n\n- Skipped: 53 (API tests)\n- In progress: orders API.\n");
    assert_eq!(names(&p.open), ["orders API"]);
    assert!(p.completed.is_empty());
}

#[test]
fn a_heading_that_is_a_next_step_label_with_its_step() {
    // `## NEXT STEP: …` writes the step on the heading itself: the plan resumes from it and
    // the check finds a next step recorded. In several languages.
    let cases = [
        ("# Session notes\n\n## Current state\nWorking on the billing module.\n\n## NEXT STEP: implement PDF export with pdfkit\n\n## Decisions\n- use pdfkit\n", "implement PDF export with pdfkit"),
        ("# Note di sessione\n\n## Stato attuale\nSto lavorando al modulo di fatturazione.\n\n## PROSSIMO PASSO: implementare l'esportazione PDF\n", "implementare l'esportazione PDF"),
        ("# 作業メモ\n\n## 現在の状況\n- 検索機能: 実装中\n\n## 次のステップ：ページネーションを実装する\n", "ページネーションを実装する"),
    ];
    for (text, step) in cases {
        let next = plan_of(text).next_action.unwrap_or_else(|| panic!("no next action: {text}"));
        assert_eq!((next.text.as_str(), next.source), (step, NextActionSource::NextStep), "{text}");
        assert!(findings(text, memento_core::Rule::EmptyNextStep).is_empty(), "{text}");
    }
    // A label over a title (`## START HERE — W4b`) titles a section: its step is below.
    let text = "# Handoff\n\n## START HERE — W4b branch\n\n- Next: re-run the interop matrix\n";
    assert_eq!(plan_of(text).next_action.unwrap().text, "re-run the interop matrix");
}

#[test]
fn work_under_way_told_with_its_subject() {
    // `I'm working on X`, `Sto lavorando al X`: the subject opening the sentence is no part
    // of the unit, in each language of the reader.
    let cases = [
        ("We are working on the billing module. Tests pass.", "the billing module"),
        ("I'm still working on the exporter.", "the exporter"),
        ("Estoy trabajando en el módulo de facturación.", "el módulo de facturación"),
        ("Estou trabalhando no módulo de faturamento.", "módulo de faturamento"),
        ("Sto lavorando al modulo di fatturazione.", "modulo di fatturazione"),
        ("Je travaille sur le module de facturation.", "le module de facturation"),
        ("Ich arbeite am Abrechnungsmodul.", "Abrechnungsmodul"),
        ("Jag jobbar med faktureringsmodulen.", "faktureringsmodulen"),
        ("Сейчас работаю над модулем оплаты.", "модулем оплаты"),
    ];
    for (sentence, unit) in cases {
        let text = format!("# Notes\n\n## Current state\n{sentence}\n");
        let resume = plan_of(&text).resume_from.unwrap_or_else(|| panic!("nothing resumed: {sentence}"));
        assert_eq!(resume.unit, unit, "{sentence}");
    }
    // A subject before no verb of work under way states nothing.
    let text = "# Notes\n\n## Current state\nWe are happy with the exporter.\n";
    assert!(plan_of(text).resume_from.is_none());
}

#[test]
fn a_unit_left_to_do_that_the_state_says_is_under_way_is_listed_once() {
    // What's left lists the unit; the current state says it is under way, with a note on how
    // far it got: one unit under way, and the next action goes on to the next one left.
    let cases = [
        ("# Progress\n\n## What works\n- Signup\n\n## What's left\n- Payments\n- Email notifications\n\n## Current status\nIn progress: Payments (Stripe hookup 60% done)\n", "Payments", "Email notifications"),
        ("# Fortschritt\n\n## Was funktioniert\n- Registrierung\n\n## Was noch fehlt\n- Zahlungsabwicklung\n- E-Mail-Benachrichtigungen\n\n## Aktueller Status\nIn Arbeit: Zahlungsabwicklung (zu 60 % fertig)\n", "Zahlungsabwicklung", "E-Mail-Benachrichtigungen"),
        ("# Överlämning\n\n## Klart\n- Inloggning\n\n## Kvar\n- Betalning\n- Notiser\n\n## Nuvarande status\nPågår: Betalning (halvvägs)\n", "Betalning", "Notiser"),
    ];
    for (text, under_way, left) in cases {
        let p = plan_of(text);
        assert_eq!(names(&p.open), [under_way], "{text}");
        assert_eq!(names(&p.pending), [left], "{text}");
        assert_eq!(p.next_action.unwrap().text, format!("Continue {under_way}; then {left}"), "{text}");
    }
    // A unit only listed as left stays pending.
    let p = plan_of("# Fortschritt\n\n## Was noch fehlt\n- Zahlungsabwicklung\n");
    assert_eq!(names(&p.pending), ["Zahlungsabwicklung"]);
}

#[test]
fn a_heading_that_is_a_status_label_with_its_value() {
    // `## Current Task: X` over no list of its own names the unit under way; `## Blocked: Y`
    // a unit blocked. In several languages; a value that is a date names nothing.
    let cases = [
        ("# Session state\n\n## Current Task: Implement payments\n\n## Done\n- Login\n", "Implement payments"),
        ("# 会话状态\n\n## 当前任务：实现支付模块\n\n## 已完成\n- 用户登录\n", "实现支付模块"),
        ("# Estado\n\n## Tarea actual: Implementar pagos\n\n## Hecho\n- Login\n", "Implementar pagos"),
    ];
    for (text, unit) in cases {
        let p = plan_of(text);
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
    }
    let p = plan_of("# State\n\n## Blocked: waiting on the refund API\n\n## Done\n- Login\n");
    assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [("waiting on the refund API", Status::Blocked)]);
    // A heading whose list holds the units is a section of them; a date is no unit.
    let p = plan_of("# State\n\n## Current Sprint: Billing\n- Invoices\n- Refunds\n");
    assert_eq!(names(&p.open), ["Invoices", "Refunds"]);
    let p = plan_of("# State\n\n## Started: 2026-11-20\n\n## Done\n- Login\n");
    assert!(p.open.is_empty());
}

#[test]
fn task_list_marks_of_agents_and_figures() {
    // Kiro's `[-]` over a ticked sub-task is a task under way; alone it may mean cancelled.
    let p = plan_of("# Tasks\n\n- [x] 1. Set up project\n- [-] 2. Order service\n  - [x] 2.1 Create endpoint\n  - [ ] 2.2 Validation\n- [ ] 3. Notifications\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("2. Order service"));
    let p = plan_of("# Tasks\n\n- [x] A\n- [-] B\n- [ ] C\n");
    assert!(p.resume_from.is_none() && names(&p.pending) == ["C"]);
    // An emoji and the word for the same state: the unit follows both, in any language.
    let p = plan_of("# Features\n\n- 🟢 Done — Login\n- 🟡 In progress — Search filters\n- ⬜ Not started: Export\n");
    assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Login"], vec!["Search filters"], vec!["Export"]));
    let p = plan_of("# Funciones\n\n- ✅ Hecho: Login\n- 🔄 En curso: Búsqueda\n");
    assert_eq!((names(&p.completed), names(&p.open)), (vec!["Login"], vec!["Búsqueda"]));
    // A list whose every item closes with its progress figure is a progress list.
    let p = plan_of("# Roadmap\n\n- Phase 1: Foundations (100%)\n- Phase 2: Core features (60%)\n- Phase 3: Polish (0%)\n");
    assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Phase 1: Foundations"], vec!["Phase 2: Core features"], vec!["Phase 3: Polish"]));
    // A figure on one line among others is a metric.
    let p = plan_of("# Quality\n\n- TypeScript: no errors\n- Unit tests: 28/28 passing (100%)\n- Coverage (85%)\n");
    assert!(p.completed.is_empty() && p.open.is_empty(), "{:?} {:?}", names(&p.completed), names(&p.open));
}

#[test]
fn a_state_sentence_naming_its_unit_after_a_colon() {
    // `Phase 2 in progress: API endpoints.`: the subject and its state open the sentence, what
    // it is follows the colon. In several languages; a second state block disagreeing is a
    // second unit under way, which the check reports.
    for (sentence, unit) in [("Phase 2 in progress: API endpoints.", "Phase 2"), ("Fase 2 en curso: endpoints de la API.", "Fase 2"), ("Phase 2 in Arbeit: API-Endpunkte.", "Phase 2")] {
        let text = format!("# Project\n\n## Current status\n{sentence}\n");
        assert_eq!(plan_of(&text).resume_from.map(|r| r.unit).as_deref(), Some(unit), "{sentence}");
    }
    let text = "# Project\n\n## Current status\nPhase 2 in progress: API endpoints.\n\n## Notes\n- Postgres\n\n## Current status\nPhase 3 in progress: frontend.\n";
    let found = memento_core::check(&parse(text), &CheckOptions::default());
    assert!(found.iter().any(|d| d.rule == memento_core::Rule::ProgressContradiction && d.line == 10), "{found:?}");
}

#[test]
fn a_handoff_in_the_writers_language() {
    // What I did / What's next, and the task the title names after the kind of file, in
    // each language of the reader.
    let cases = [
        ("# Traspaso — refactor de auth\n\n## Lo que hice\n- Moví la sesión\n- Añadí rotación\n\n## Lo que sigue\n- Conectar el cliente móvil\n", "refactor de auth", "Conectar el cliente móvil"),
        ("# Übergabe — Auth-Refactoring\n\n## Was ich gemacht habe\n- Session verschoben\n- Rotation hinzugefügt\n\n## Wie geht es weiter\n- Mobile-Client anbinden\n", "Auth-Refactoring", "Mobile-Client anbinden"),
        ("# Passation — refonte auth\n\n## Ce que j'ai fait\n- Session déplacée\n- Rotation ajoutée\n\n## Suite\n- Brancher le client mobile\n", "refonte auth", "Brancher le client mobile"),
        ("# Passagem de bastão — refatoração de auth\n\n## O que eu fiz\n- Movi a sessão\n- Adicionei rotação\n\n## Próximos passos\n- Integrar o cliente mobile\n", "refatoração de auth", "Integrar o cliente mobile"),
        ("# Passaggio di consegne — refactoring auth\n\n## Cosa ho fatto\n- Sessione spostata\n- Rotazione aggiunta\n\n## Prossimi passi\n- Collegare il client mobile\n", "refactoring auth", "Collegare il client mobile"),
        ("# Överlämning — auth-refaktorering\n\n## Vad jag gjorde\n- Flyttade sessionen\n- La till rotation\n\n## Nästa steg\n- Koppla in mobilklienten\n", "auth-refaktorering", "Koppla in mobilklienten"),
        ("# Передача — рефакторинг auth\n\n## Что сделано\n- Перенёс сессии\n- Добавил ротацию\n\n## Что дальше\n- Подключить мобильный клиент\n", "рефакторинг auth", "Подключить мобильный клиент"),
        ("# 交接 — 认证重构\n\n## 本次完成\n- 移动会话处理\n- 增加令牌轮换\n\n## 接下来\n- 接入移动端\n", "认证重构", "接入移动端"),
    ];
    for (text, task, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.completed.len(), 2, "{text}");
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(next), "{text}");
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(task), "{text}");
    }
}

#[test]
fn clines_current_work_focus_is_the_state_told_in_sentences() {
    // A paragraph under it says the work under way; a list under it names broad areas, no
    // units (five areas are no five units in progress).
    let p = plan_of("# Active Context\n\n## Current Work Focus\nImplementing the reports export (CSV first, then PDF).\n\n## Next Steps\n1. Finish CSV export\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Implementing the reports export (CSV first, then PDF)"));
    let p = plan_of("# Active Context\n\n## Current Work Focus\n\n* Building the macOS app.\n* Integrating the market data API.\n* Establishing test frameworks.\n");
    assert!(p.open.is_empty(), "{:?}", names(&p.open));
}

#[test]
fn session_notes_tell_their_current_state_in_sentences() {
    // Below the template's description: a sentence with a subject and its state, a labelled
    // line of work still to do (a unit each), and the NEXT STEP label.
    let text = "# Session Title\n_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_\n\nStripe billing\n\n# Current State\n_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._\n\nWebhook handler is half done: signature verification works, event routing not written.\nPending: invoice emails, dunning.\nNEXT STEP: write the event router.\n\n# Worklog\n_Step by step, what was attempted, done? Very terse summary for each step_\n\n1. Added checkout\n";
    let p = plan_named("session_memory.md", text);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("Webhook handler"));
    assert_eq!(names(&p.pending), ["invoice emails", "dunning"]);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("write the event router."));
    // The same in Spanish.
    let text = text.replace("Webhook handler is half done", "El manejador de webhooks está a medias").replace("Pending:", "Pendiente:");
    let p = plan_named("session_memory.md", &text);
    assert_eq!(names(&p.pending), ["invoice emails", "dunning"]);
}

#[test]
fn a_kanban_board_in_every_language_of_the_reader() {
    // In Progress / To do / Done headings over plain items, as boards are kept.
    let boards = [
        ("In Progress", "Todo", "Done"),
        ("En curso", "Por hacer", "Hecho"),
        ("Em andamento", "A fazer", "Concluído"),
        ("En cours", "À faire", "Terminé"),
        ("In Bearbeitung", "Offen", "Erledigt"),
        ("In corso", "Da fare", "Completato"),
        ("Pågår", "Att göra", "Klart"),
        ("В работе", "Сделать", "Готово"),
        ("進行中", "未着手", "完了"),
        ("진행 중", "할 일", "완료"),
        ("进行中", "待办", "已完成"),
    ];
    for (doing, todo, done) in boards {
        let text = format!("# Board\n\n## {doing}\n- Checkout\n\n## {todo}\n- History\n- Coupons\n\n## {done}\n- Cart\n");
        let p = plan_of(&text);
        assert_eq!((names(&p.open), names(&p.pending), names(&p.completed)), (vec!["Checkout"], vec!["History", "Coupons"], vec!["Cart"]), "{text}");
        assert_eq!(p.next_action.map(|n| n.text), Some("Continue Checkout; then History".to_owned()), "{text}");
    }
}

#[test]
fn a_dated_log_in_the_writers_language_says_what_is_under_way() {
    // Two dated sittings, newest first, titled as a log in the writer's language: the
    // latest sitting's line that opens with a subject and a start or a state under way is
    // the unit under way (a note in brackets or after a comma is how far it got).
    let cases = [
        ("# Arbeitsprotokoll\n\n## 30.11.2026\n- Bestellexport fertiggestellt\n- Rechnungserstellung begonnen, PDF-Vorlage fehlt noch\n\n## 29.11.2026\n- Warenkorb fertig\n", "Rechnungserstellung"),
        ("# 작업 일지\n\n## 2026-11-30\n- 주문 내보내기 완료\n- 송장 생성 작업 중 (PDF 템플릿 남음)\n\n## 2026-11-29\n- 장바구니 완료\n", "송장 생성"),
        ("# 开发日志\n\n## 2026年11月30日\n- 完成了订单导出\n- 正在做：发票生成（还差PDF模板）\n\n## 2026年11月29日\n- 完成了购物车\n", "发票生成"),
        ("# Bitácora\n\n### 30/11/2026\n- Terminé la exportación de pedidos\n- Empecé la generación de facturas, falta la plantilla PDF\n\n### 29/11/2026\n- Terminé el carrito\n", "la generación de facturas"),
    ];
    for (text, unit) in cases {
        let doc = parse(text);
        assert_eq!(doc.dialect(), memento_core::Dialect::ProgressLog, "{text}");
        let p = plan(&doc, &CheckOptions::default());
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
    }
    // The latest entry's next step after its sentences.
    let text = "# Worklog\n\n**2026-11-30** — Finished the orders export. Next: the PDF template.\n\n**2026-11-29** — Finished the cart.\n";
    assert_eq!(plan_of(text).next_action.map(|n| n.text).as_deref(), Some("the PDF template."));
    // A sitting's own lines run in time, in a file kept newest first too: begun, then done.
    let text = "# Session Plan - 2026-02-08\n\n- Previous session: 2026-02-07\n\n## Session Progress\n- [11:00] Route audit started (cross-checked)\n- [13:00] Route audit complete: 4 broken links fixed\n";
    let p = plan_of(text);
    assert!(p.resume_from.is_none() && names(&p.completed).contains(&"Route audit"), "{:?}", names(&p.open));
    let found = memento_core::check(&parse(text), &CheckOptions::default());
    assert!(found.iter().all(|d| d.rule != memento_core::Rule::ProgressContradiction), "{found:?}");
    // Quiet: a next step put off in the latest sitting is the next steps' to say; a count is
    // no unit; a bare `# Log` titles no log.
    let text = "# Dev log\n\n## 2026-11-30\n- Docs deferred, after the release\n- 26/30 features passing\n\n## 2026-11-29\n- Cart\n";
    let p = plan_of(text);
    assert!(p.pending.is_empty() && names(&p.completed).iter().all(|u| !u.starts_with("26/30")), "{:?}", names(&p.completed));
    assert_eq!(parse("# Log\n\n- a\n").dialect(), memento_core::Dialect::Generic);
}

#[test]
fn a_roadmap_of_now_next_and_later() {
    // `## Now` is the work under way, `## Next` the steps after it, `## Later` no work owed.
    let p = plan_of("# Roadmap\n\n## Now\n- Billing webhooks\n\n## Next\n- Invoice emails\n- Dunning\n\n## Later\n- Multi-currency\n");
    assert_eq!(names(&p.open), ["Billing webhooks"]);
    assert_eq!(names(&p.pending), ["Invoice emails", "Dunning"]);
    // A title that only starts with the word is no such section.
    let p = plan_of("# Notes\n\n## Nowcasting model\n- Billing webhooks\n");
    assert!(p.open.is_empty());
}

#[test]
fn icons_on_state_headings_and_the_box_marked_under_way() {
    // `### ✅ Completed` titles a state: its items are the units, not the heading.
    for (done, doing, todo) in [("✅ Completed", "🔄 In Progress", "📋 Todo"), ("✅ Completado", "🔄 En progreso", "📋 Pendiente")] {
        let text = format!("# Status\n\n### {done}\n- Auth\n- Billing\n\n### {doing}\n- Reports\n\n### {todo}\n- Admin panel\n");
        let p = plan_of(&text);
        assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Auth", "Billing"], vec!["Reports"], vec!["Admin panel"]), "{text}");
    }
    // A heading named by its work keeps its mark.
    assert_eq!(names(&plan_of("# Log\n\n### Task 3: Payment flow 🚧\nStripe works.\n").open), ["Task 3: Payment flow"]);
    // In a Current Work list whose one box says it is under way, the other open boxes wait.
    let p = plan_of("# CLAUDE.md\n\n## Current Work\n- [x] Sync engine\n- [ ] Conflict resolution ← in progress\n- [ ] Encryption\n");
    assert_eq!((names(&p.open), names(&p.pending)), (vec!["Conflict resolution"], vec!["Encryption"]));
    let p = plan_of("# CLAUDE.md\n\n## Current Work\n- [x] Sync engine\n- [ ] Conflict resolution\n- [ ] Encryption\n");
    assert_eq!(names(&p.open), ["Conflict resolution", "Encryption"]);
}

#[test]
fn a_decision_told_in_the_writers_words() {
    // A log line that tells a decision, as people write one, in the reader's languages.
    let lines = [
        "Chose Postgres over MySQL for JSONB support.",
        "Going with Postgres (JSONB).",
        "Decidí usar Postgres en lugar de MySQL.",
        "Wir haben uns für Postgres entschieden.",
        "On a décidé d'utiliser Postgres.",
        "Abbiamo deciso di usare Postgres.",
        "Vi bestämde oss för Postgres.",
        "Решили использовать Postgres.",
        "决定：使用 Postgres 而不是 MySQL。",
    ];
    for line in lines {
        let p = plan_of(&format!("# Notes\n\n## 2026-11-30\n- Added the importer\n- {line}\n"));
        assert_eq!(p.decisions.active.len(), 1, "{line}");
    }
    // A choice of words that is no decision.
    let p = plan_of("# Notes\n\n## 2026-11-30\n- Chosen colors look off on dark mode\n");
    assert!(p.decisions.active.is_empty());
}

#[test]
fn a_handoff_that_waits_on_a_person_in_any_language() {
    let waits = [
        "Esperando a que María apruebe el PR.",
        "In attesa dell'approvazione di Maria.",
        "Ждём, пока Мария одобрит PR.",
        "マリアのPR承認待ち。",
        "Warten auf Marias Freigabe des PR.",
        "마리아의 PR 승인 대기 중.",
    ];
    for wait in waits {
        let text = format!("# Handoff\n\n## Status\n{wait}\n\n## Done\n- Search API\n\n## Next\n- Merge the PR\n");
        assert_eq!(plan_of(&text).status, RunStatus::Blocked, "{wait}");
    }
    // A wait on a machine is no wait on a person.
    let text = "# Handoff\n\n## Status\nEsperando a que termine el build.\n\n## Done\n- Search API\n\n## Next\n- Merge the PR\n";
    assert_eq!(plan_of(text).status, RunStatus::InProgress);
}

#[test]
fn a_handoffs_opening_paragraph_says_how_things_stand() {
    // Under the title, before any section: work told done or under way, in several languages.
    for (opening, done) in [("Finished the search API and its tests.", "the search API and its tests"), ("Terminado el API de búsqueda.", "el API de búsqueda"), ("Terminei a API de busca.", "a API de busca")] {
        let text = format!("# Handoff\n\n{opening}\n\nTODO: add rate limiting to /search.\n");
        let p = plan_of(&text);
        assert_eq!(p.status, RunStatus::InProgress, "{opening}");
        assert_eq!(names(&p.completed), [done], "{opening}");
    }
    // An introduction names no state.
    let p = plan_of("# Handoff\n\nThis file tracks the search work.\n\n## Next\n- Add rate limiting\n");
    assert!(p.completed.is_empty() && p.open.is_empty());
}

#[test]
fn a_current_work_section_in_the_reader_s_scripts() {
    // The work under way with how far it got in brackets: the unit is the work, in scripts
    // that join their words and in prose that opens with the verb.
    let cases = [
        ("# 引き継ぎ\n\n## 現在の作業\n検索画面のフィルタ実装中（カテゴリまで完了）\n", "検索画面のフィルタ"),
        ("# 交接\n\n## 当前工作\n正在实现搜索筛选（分类已完成）\n", "搜索筛选"),
        ("# 인수인계\n\n## 현재 작업\n검색 필터 구현 중 (카테고리까지 완료)\n", "검색 필터"),
        ("# Передача\n\n## Текущая работа\nДелаю фильтры поиска (категории готовы).\n", "фильтры поиска"),
    ];
    for (text, unit) in cases {
        assert_eq!(plan_of(text).resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
    }
}

#[test]
fn a_status_after_a_dash_in_every_language() {
    // `Login — done`, `Search — in progress`, `Export — to do`, whatever script the status
    // word ends in (`à faire`, `pågår`, `att göra`).
    for (done, doing, todo) in [
        ("fatto", "in corso", "da fare"),
        ("feito", "em andamento", "a fazer"),
        ("fait", "en cours", "à faire"),
        ("klart", "pågår", "att göra"),
        ("erledigt", "in Arbeit", "offen"),
        ("готово", "в работе", "не начато"),
        ("完了", "進行中", "未着手"),
    ] {
        let text = format!("# Features\n\n- Login — {done}\n- Search — {doing}\n- Export — {todo}\n");
        let p = plan_of(&text);
        assert_eq!((names(&p.completed), names(&p.open), names(&p.pending)), (vec!["Login"], vec!["Search"], vec!["Export"]), "{text}");
    }
}

#[test]
fn a_blocked_field_that_says_no() {
    // `Blocked: No` says the run is not stuck, in a list or on its own line, in several
    // languages; a blocker that goes on after `No` says what is missing.
    for field in ["- **Blocked:** No", "**Blocked:** No", "- Bloqueado: no", "- Blockiert: nein", "- Blocked: None"] {
        let text = format!("# Status\n\n- **Phase:** Billing\n{field}\n- **Next:** Stripe webhooks\n");
        let p = plan_of(&text);
        assert_eq!(p.status, RunStatus::InProgress, "{field}");
        assert!(p.open.iter().all(|u| u.status != Status::Blocked), "{field}");
    }
    let p = plan_of("# Status\n\n- Blocked: No access to staging yet\n");
    assert_eq!(p.status, RunStatus::Blocked);
}

/// Handoffs as people leave them: where the work stopped told without a subject (`Was in the
/// middle of …`), work planned for after it or after a wait (`## After that`, `## When
/// unblocked`) listed as still to do, a Swedish handoff's done list (`## Gjort`), rows not
/// begun (`Ej påbörjad`) and a state field (`**Läge:**`) that waits on the client.
#[test]
fn handoffs_tell_where_they_stopped_what_comes_after_and_who_they_wait_on() {
    let stopped = "# Notes for next session\n\n## Where I left off\n\nWas in the middle of implementing the reconcile command.\n\n## After that\n- `--write` flag for suggested postings\n- docs: a reconcile section in the README\n";
    let p = plan_of(stopped);
    assert_eq!(p.status, RunStatus::InProgress);
    assert_eq!(names(&p.open), ["implementing the reconcile command"]);
    assert_eq!(names(&p.pending).len(), 2, "{:?}", p.pending);
    let unblocked = "# Handoff\n\n**Status:** blocked on legal's copy review.\n\n## Done\n- Consent banner wired to the tag manager\n\n## When unblocked\n- Paste the approved copy into the translations\n- Deploy to staging\n";
    let p = plan_of(unblocked);
    assert_eq!(p.status, RunStatus::Blocked);
    assert_eq!(names(&p.pending), ["Paste the approved copy into the translations", "Deploy to staging"]);
    let swedish = "# Överlämning – Fortnox\n\n**Läge:** Väntar på kunden. Inget mer att göra förrän vi fått API-nyckel.\n\n## Gjort\n- OAuth2-flödet implementerat\n- Felhantering för rate limit\n\n| # | Del | Status |\n|---|---|---|\n| 1 | Fakturarader | Klar |\n| 2 | E-postbekräftelse | Ej påbörjad |\n";
    let p = plan_of(swedish);
    assert_eq!(p.status, RunStatus::Blocked);
    assert_eq!(names(&p.completed), ["OAuth2-flödet implementerat", "Felhantering för rate limit", "Fakturarader"]);
    assert_eq!(names(&p.pending), ["E-postbekräftelse"]);
}

/// A finished run: a state section that only says it is finished is no next action, and
/// follow-ups titled as left to others (`out of scope, tracked separately`) leave it
/// finished; a handover it writes (`Ready for user testing: npm run dev`) stays the action.
#[test]
fn a_finished_run_has_no_next_action_but_its_handover() {
    let done = "# Accessibility fixes\n\n## Status: Complete ✅\n\nAll 23 issues from the audit are fixed and verified.\n\n| Area | Status |\n|---|---|\n| Contrast | ✅ |\n| Labels | ✅ |\n\n## Known follow-ups (out of scope, tracked separately)\n- [ ] Date picker keyboard support\n";
    let p = plan_of(done);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.next_action.is_none(), "{:?}", p.next_action);
    let handover = "# Refonte — notes\n\n## État actuel\n\n**Prêt pour test utilisateur :** `npm run dev` sur le port 3000\n\n## Fait\n- [x] Page d'accueil\n- [x] Page contact\n";
    let p = plan_of(handover);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.next_action.as_ref().is_some_and(|n| n.text.contains("npm run dev")), "{:?}", p.next_action);
    // A state section whose heading says it is done tells what was done, in any words.
    let ru = "# Итоги — перенос CI

## Статус: завершено ✅

Все 14 пайплайнов переехали, Jenkins выключен.

## Что сделано
1. Общий шаблон ✔
2. Раннеры на k8s ✔
";
    let p = plan_of(ru);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.next_action.is_none(), "{:?}", p.next_action);
}

/// A checklist written without list markers, a box a line (the scratchpad Cursor's agent
/// rules keep): each line is a box; a paragraph with a line that is no box is prose.
#[test]
fn a_checklist_without_list_markers_is_read_box_by_box() {
    let text = "# Scratchpad\n\n## Current task: Rebalancing report\n\n### Progress\n[X] Load holdings from `holdings.csv`\n[X] Fetch prices\n[ ] Chart: current vs target\n[ ] Render to PDF\n\nNext: the bar chart with grouped bars.\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Load holdings from `holdings.csv`", "Fetch prices"]);
    assert_eq!(names(&p.pending), ["Chart: current vs target", "Render to PDF"]);
    assert_eq!(p.status, RunStatus::InProgress);
    let prose = "# Notes\n\n[x] is how GitHub renders a ticked box\nin the task lists of an issue.\n";
    assert!(plan_of(prose).completed.is_empty());
}

#[test]
fn a_to_do_file_s_priority_groups_are_its_work_left() {
    // `# TODO` over `## P0 …`: each group's items are to do, struck-through ones are done, the
    // file's notes are no work, and the legend line is no unit. In Chinese, a note closing
    // an item's wrapped line (`← 正在做`) puts it under way.
    let text = "# TODO\n\nStruck-through items are done; delete them after the release.\n\n## P0 — must fix\n- ~~Crash on a directory config~~\n- Memory blow-up on big repos\n\n## P1 — should do\n- Respect nested .gitignore\n\n## Notes\n- LRU default size: 4096 entries\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Crash on a directory config"]);
    assert_eq!(names(&p.pending), ["Memory blow-up on big repos", "Respect nested .gitignore"]);
    assert_eq!(p.status, RunStatus::InProgress);
    let zh = "# 待办\n\n## P0\n- ~~微信支付接口改造~~\n- 订单超时自动取消：用延迟队列，\n  生产者写好了，消费者还没写 ← 正在做\n\n## P1\n- 退款流程\n\n## 备注\n- 延迟队列交换机名：order.delay\n";
    let p = plan_of(zh);
    assert_eq!(names(&p.completed), ["微信支付接口改造"]);
    assert_eq!(p.resume_from.unwrap().unit, "订单超时自动取消：用延迟队列，");
    assert_eq!(names(&p.pending), ["退款流程"]);
}

#[test]
fn the_items_nested_in_a_unit_with_its_own_state_are_its_notes() {
    let text = "# Project\n\n## TODO\n- 🔄 Stock check on order\n  - plan: reserve in Redis, roll back on failure\n  - reserve written, rollback not yet\n- Coupon rules\n";
    let p = plan_of(text);
    assert_eq!(names(&p.open), ["Stock check on order"]);
    assert_eq!(names(&p.pending), ["Coupon rules"]);
}

#[test]
fn milestones_that_give_their_figure_on_the_heading() {
    let text = "# Offline sync\n\n### M1 — Local store — 100%\nSchema done.\n\n### M2 — Push & pull — 70%\n- push — done\n\n### M3 — Background sync — 0%\nNeeds resumable batches.\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed)[0], "M1 — Local store");
    assert_eq!(p.resume_from.unwrap().unit, "M2 — Push & pull");
    assert_eq!(names(&p.pending), ["M3 — Background sync"]);
    // One heading with a figure is a heading that says a number, not a milestone list.
    let one = plan_of("# Report\n\n## Coverage — 80%\nThe parser is covered.\n");
    assert!(one.open.is_empty());
    // Two parts partly done are how far each has got: no contradiction.
    let two = "# Plan\n\n- Phase 1: Setup (100%)\n- Phase 2: Core (60%)\n- Phase 3: UI (30%)\n";
    let doc = parse(two);
    assert!(memento_core::check(&doc, &CheckOptions::default()).iter().all(|d| d.rule != memento_core::Rule::ProgressContradiction));
}

#[test]
fn where_i_left_off_in_other_languages() {
    let pt = "# Anotações\n\n## Já feito\n- OAuth com o Mercado Livre\n- Publicação de anúncios\n\n## Onde parei\nEu estava no meio da sincronização de estoque. Falta montar o payload das variações.\n";
    let p = plan_of(pt);
    assert_eq!(names(&p.completed), ["OAuth com o Mercado Livre", "Publicação de anúncios"]);
    assert_eq!(p.resume_from.unwrap().unit, "sincronização de estoque");
    let es = "# Notas\n\n## Ya hecho\n- Login con Google\n\n## Donde lo dejé\nEstaba a mitad de la migración de pagos.\n";
    let p = plan_of(es);
    assert_eq!(names(&p.completed), ["Login con Google"]);
    assert_eq!(p.resume_from.unwrap().unit, "la migración de pagos");
}

#[test]
fn nothing_can_move_until_the_wait_ends() {
    let en = "# Handoff\n\n## Summary\nEverything that works without DATEV access is done. **Blocked:** the transfer needs a client ID only the tax office can unlock. Until then nothing more can be done.\n\n## Done\n- [x] CSV export\n\n## Open\n- [ ] Enter the real client credentials\n";
    assert_eq!(plan_of(en).status, RunStatus::Blocked);
    let de = "# Übergabe\n\n## Kurzfassung\nAlles ohne DATEV-Zugang ist fertig. Die Kanzlei muss die Client-ID freischalten. Bis dahin kann man nichts weiter tun.\n\n## Erledigt\n- [x] CSV-Export\n\n## Offen\n- [ ] Echte Zugangsdaten eintragen\n";
    assert_eq!(plan_of(de).status, RunStatus::Blocked);
    // Work that can go on meanwhile is no such wait.
    let meanwhile = en.replace("Until then nothing more can be done.", "Meanwhile the PDF export can go on.");
    assert_eq!(plan_of(&meanwhile).status, RunStatus::InProgress);
}

#[test]
fn work_in_review_waits_and_work_under_way_is_where_to_resume() {
    let en = "# Board\n\n| Task | State |\n|---|---|\n| Login | Shipped |\n| Push settings | In review |\n| Deep links | In progress |\n| Purchases | Not started |\n";
    assert_eq!(plan_of(en).resume_from.unwrap().unit, "Deep links");
    let it = "# Stato\n\n| Funzionalità | Stato |\n|---|---|\n| Accesso SPID | Rilasciato |\n| Pagamento pagoPA | In revisione |\n| Referti PDF | In lavorazione |\n| Notifiche IO | Da iniziare |\n";
    let p = plan_of(it);
    assert_eq!(names(&p.completed), ["Accesso SPID"]);
    assert_eq!(p.resume_from.unwrap().unit, "Referti PDF");
    assert_eq!(names(&p.pending), ["Notifiche IO"]);
}

#[test]
fn a_status_key_in_the_front_matter_is_the_run_s() {
    let text = "---\ntitle: Migrate search\nstatus: blocked\nblocked_on: AWS quota increase\n---\n\n## Done\n- [x] Port the index template\n\n## When unblocked\n1. terraform apply\n2. Reindex\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
    assert_eq!(plan_of(&text.replace("status: blocked", "status: in progress")).status, RunStatus::InProgress);
    // A key that is no status field says nothing of the run.
    assert_eq!(plan_of(&text.replace("status: blocked", "state_file: blocked.md")).status, RunStatus::InProgress);
}

#[test]
fn a_plan_s_current_step_and_the_steps_after_it() {
    let text = "# Plan: sessions to JWT\n\n1. Add jose — done\n2. Issue tokens from POST /login — done\n3. **requireAuth middleware verifies the JWT (current)**\n4. Token refresh with rotation\n5. Remove express-session\n";
    let p = plan_of(text);
    assert_eq!(names(&p.completed), ["Add jose", "Issue tokens from POST /login"]);
    assert_eq!(p.resume_from.unwrap().unit, "requireAuth middleware verifies the JWT");
    assert_eq!(names(&p.pending), ["Token refresh with rotation", "Remove express-session"]);
    // Without a current step, statements after finished ones are no steps to do.
    let done = "# Status\n\n1. Core implemented — done\n2. Auth working — done\n3. Mini-player optimized\n";
    assert!(plan_of(done).pending.is_empty());
}

#[test]
fn a_dated_entry_that_opens_with_a_unit_and_its_state() {
    // The tracker's row is older than the log's entries: the entries are the units' state.
    let text = "# Refactor tracker\n\n| Module | Status |\n|---|---|\n| billing | Done |\n| notifications | In progress |\n| search | Not started |\n\n## Work log\n\n**2026-11-24** — notifications: moved the senders into the module.\n\n**2026-11-27** — notifications finished: old senders deleted, all callers moved.\n\n**2026-12-02** — search: started. Moving the indexer.\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.unwrap().unit, "search");
    assert!(names(&p.completed).contains(&"notifications"));
    assert!(!names(&p.pending).contains(&"search"));
}

#[test]
fn a_card_that_waits_does_not_block_the_work_under_way() {
    let board = "# Board\n\n## Backlog\n- Rate limiting\n\n## Doing\n- Resumable uploads: wiring the client now\n\n## Review\n- Signed share links — PR #57, waiting for Dana's review\n\n## Done\n- Magic-link auth\n";
    assert_eq!(plan_of(board).status, RunStatus::InProgress);
    // The run's own state waiting on a person is blocked, whatever is listed.
    let stated = "# Handoff\n\n## Doing\n- Resumable uploads\n\n## Current state\nWaiting for Dana's review of PR #57 before anything else.\n";
    assert_eq!(plan_of(stated).status, RunStatus::Blocked);
}

#[test]
fn crosses_beside_ticks_are_steps_to_do() {
    let text = "# Search\n\n## Plan\n1. Enable pgvector ✔\n2. Chunker ✔\n3. Hybrid ranking ✘\n4. Search UI ✘\n";
    let p = plan_of(text);
    assert_eq!(names(&p.pending), ["Hybrid ranking", "Search UI"]);
    assert_eq!(p.status, RunStatus::InProgress);
    // A cross whose words say it failed, or one with no tick beside it, stays a failure.
    let failed = plan_of("# Search\n\n## Plan\n1. Enable pgvector ✔\n2. Load test failed at 2k rps ✘\n");
    assert!(failed.pending.is_empty());
    assert!(plan_of("# Checks\n\n- Lint ✘\n").pending.is_empty());
}

#[test]
fn a_log_kept_by_the_time_of_day_records_work() {
    let text = "# Session log\n\n---\n\n09:14  Started. Read the consumer end to end.\n11:02  Found the bug: unknown columns are dropped.\n17:55  Stopping here.\n\nOpen questions:\n- Do we want the refresh to alert?\n";
    let p = plan_of(text);
    assert_ne!(p.status, RunStatus::NotStarted);
    // Questions are no work done.
    assert!(p.completed.is_empty());
}

#[test]
fn the_box_that_says_where_it_stopped_is_the_one_under_way() {
    let text = "# CLAUDE.md\n\n## Current focus\n\nWorking on: **recurring transaction detection**.\n\nApproach (agreed with Jonas on Nov 30):\n- Group transactions by normalised counterparty.\n- Look for a dominant period.\n\nState:\n- [x] normalize.ts + tests\n- [ ] Handle months with 28–31 days properly: compare day-of-month with clamping.\n      **This is where I stopped**; the failing test is checked in as skip.\n- [ ] Store detected series\n- [ ] Dashboard card\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.unwrap().unit, "Handle months with 28–31 days properly: compare day-of-month with clamping.");
    assert_eq!(names(&p.pending), ["Store detected series", "Dashboard card"]);
    assert_eq!(names(&p.open).len(), 1);
}

#[test]
fn nested_boxes_say_how_far_their_parent_got() {
    let text = "# Tasks\n\n- [ ] Importer v2\n  - [ ] Parsing\n    - [x] CSV\n    - [x] XLSX\n  - [ ] Mapping UI\n    - [x] column picker\n    - [ ] save mapping as a preset\n  - [ ] Dry run\n- [ ] Docs\n";
    let p = plan_of(text);
    // A box whose nested boxes are all ticked is done; the work goes on in the innermost box
    // under way.
    assert!(names(&p.completed).contains(&"Parsing"));
    assert_eq!(p.resume_from.unwrap().unit, "Mapping UI");
    assert!(names(&p.pending).contains(&"save mapping as a preset"));
}

#[test]
fn still_to_do_titles_work_left() {
    let text = "# NOTES\n\n## [Unreleased]\n\n### In progress\n- JSON Feed 1.1 support\n\n### Still to do before 2.0.0\n- README migration section\n- Drop Python 3.8\n";
    assert_eq!(names(&plan_of(text).pending), ["README migration section", "Drop Python 3.8"]);
}

#[test]
fn a_label_of_optional_work_over_a_list() {
    let pt = "# progress.md\n\n## Status geral\n✅ **Concluído em 03/12/2026.**\n\n## O que foi feito\n- Expo SDK 52\n- Sentry\n\n## Pendências\nNenhuma obrigatória.\n\nOpcional, se sobrar tempo:\n- [ ] Remover o patch-package\n";
    let p = plan_of(pt);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.pending.is_empty());
    let ru = "Заметки\n\n03.12.2026\nСертификат от банка не пришёл. Без сертификата дальше ничего не сделать.\n\n- [x] Выгрузка выписок\n- [ ] Подпись платежей\n";
    assert_eq!(plan_of(ru).status, RunStatus::Blocked);
}

#[test]
fn a_plan_not_begun_lists_its_steps_to_do() {
    let text = "# Plan: SAML SSO\n\nStatus: not started — plan approved on 2026-12-04.\n\n## Why\nThree trials need SSO.\n\n## Steps\n1. **Data model.** Migration for saml_connections.\n2. **SP metadata endpoint.** GET /sso/saml/:org/metadata.\n3. Login start\n";
    let p = plan_of(text);
    assert_eq!(p.status, RunStatus::NotStarted);
    assert_eq!(names(&p.pending), ["Data model", "SP metadata endpoint", "Login start"]);
    assert_eq!(p.next_action.unwrap().text, "Start Data model");
    // A file that says its work is done lists no steps to do.
    let done = plan_of(&text.replace("Status: not started — plan approved on 2026-12-04.", "Status: complete."));
    assert!(done.pending.is_empty());
}

#[test]
fn the_current_phase_names_the_section_under_way() {
    // A numbered phase: its heading is under way, its items and the later phases' are to do,
    // the earlier phases done; a phase that states its own status keeps it.
    let cases = [
        ("# Build notes\n\n## Current Status\n- Phase: Phase 2\n\n## Phase 1: Setup\n- Scaffold the repo\n\n## Phase 2: Core\n- Build the parser\n- Write the tests\n\n## Phase 3: Polish\n- Docs site\n", "Phase 2: Core"),
        ("# Notizen\n\n**Aktuelle Phase:** 2 von 3\n\n## Phase 1 — Einrichtung\n- Repo anlegen\n\n## Phase 2 — Kern\n- Parser bauen\n- Tests schreiben\n\n## Phase 3 — Feinschliff\n- Doku\n", "Phase 2 — Kern"),
        ("# 进度\n\n- 当前阶段：阶段 2\n\n## 阶段 1 准备\n- 建仓库\n\n## 阶段 2 核心\n- 写解析器\n- 写测试\n\n## 阶段 3 收尾\n- 文档\n", "阶段 2 核心"),
    ];
    for (text, current) in cases {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
        assert_eq!(p.resume_from.as_ref().map(|r| r.unit.as_str()), Some(current), "{text}");
        assert_eq!(p.pending.len(), 3, "{text}");
        assert_eq!(p.completed.len(), 1, "{text}");
    }
    // A phase named by a word: the list that word titles is the work left, and a summary
    // that says nothing remains is contradicted.
    let log = "# Progress\n\n## Session History\n[001] 2026-02-16 10:00 - core-001: scaffold\n  - done\n[002] 2026-02-16 11:00 - core-002: parser\n  - done\n\n## Current Status\n- Phase: HARDENING\n- Features remaining: 0\n\n## Hardening Tasks\n- fuzz-parser: fuzz the parser\n- fuzz-edits: fuzz the edits\n";
    let p = plan_of(log);
    assert_eq!(p.status, RunStatus::InProgress);
    assert_eq!(names(&p.pending), ["fuzz-parser: fuzz the parser", "fuzz-edits: fuzz the edits"]);
    assert!(p.resume_from.is_none());
    assert_eq!(findings(log, memento_core::Rule::SummaryContradiction), [11]);
    // A field left on a phase the file marks done: the phase under way is the unit, and
    // the check says the field was not moved on.
    let stale = "# Migration\n\nCurrent phase: Phase 2 — Port endpoints\n\n## Phase 2 — Port endpoints ✅\n- [x] /invoices\n\n## Phase 3 — Auth (in progress)\n- [x] login\n- [ ] rate limiting\n\n## Phase 4 — Cutover\n- [ ] staging\n";
    assert_eq!(plan_of(stale).resume_from.map(|r| r.unit).as_deref(), Some("Phase 3 — Auth"));
    assert_eq!(findings(stale, memento_core::Rule::StatusConflict), [3]);
    // Phases dated or marked twice over (`✅ Terminée (2026-11-14)`) keep their own status.
    let fr = "# Plan de migration\n\nPhase actuelle : Phase 1 — Inventaire\n\n## Phase 1 — Inventaire ✅ Terminée (2026-11-14)\n- [x] Cartographier\n\n## Phase 2 — Extraction 🚧 En cours\n- [x] Dépôt\n- [ ] Bascule\n";
    assert_eq!(plan_of(fr).resume_from.map(|r| r.unit).as_deref(), Some("Phase 2 — Extraction"));
    assert_eq!(findings(fr, memento_core::Rule::StatusConflict), [3]);
    // A section that states its own status is no list to do, and a note is no phase.
    let own = "# Plan\n\n- Phase: Deploy\n\n### Deploy phase (in progress)\n- Wrote the workflow file\n\n## Deploy notes\n- use the staging project\n";
    assert!(plan_of(own).pending.is_empty());
}

#[test]
fn a_standup_says_what_was_done_and_what_comes_today() {
    // Yesterday / Today / Blockers, in several languages and both orders: yesterday's work
    // is done, the latest day's plan is the next action, a blocker of none or one resolved
    // since blocks nothing.
    let cases = [
        ("# Standup\n\n## 2026-12-03\n**Yesterday:** rate limiter tests.\n**Today:** finish the rate limiter.\n**Blockers:** waiting on Redis access from ops — resolved at 14:00.\n\n## 2026-12-04\n**Yesterday:** finished the rate limiter.\n**Today:** start the audit log table.\n**Blockers:** none.\n", "start the audit log table."),
        ("# Standup\n\n## 2026-12-04\n**Ayer:** terminé el limitador.\n**Hoy:** empezar la tabla de auditoría.\n**Bloqueos:** ninguno.\n\n## 2026-12-03\n**Ayer:** pruebas del limitador.\n**Hoy:** terminar el limitador.\n", "empezar la tabla de auditoría."),
        ("# 站会\n\n## 2026-12-04\n- 昨天：限流器完成\n- 今天：写审计日志表\n- 阻碍：无\n\n## 2026-12-03\n- 昨天：限流器测试\n- 今天：完成限流器\n", "写审计日志表"),
    ];
    for (text, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(next), "{text}");
        assert!(!p.completed.is_empty(), "{text}");
    }
    // A wait the line says was resolved waits no more; one still open blocks.
    let waiting = "# Notes\n\n- [x] Parser\n- [ ] Cache\n\n## Current status\nWaiting on ops to grant Redis access.\n";
    assert_eq!(plan_of(waiting).status, RunStatus::Blocked);
    assert_eq!(plan_of(&waiting.replace("access.", "access — resolved at 14:00.")).status, RunStatus::InProgress);
}

#[test]
fn a_dash_after_an_opening_state_is_no_part_of_the_unit() {
    let p = plan_of("# Bitácora\n\n## Estado\nEn progreso — notificaciones push, falta la Edge Function.\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("notificaciones push"));
}

#[test]
fn a_pointer_opening_a_step_marks_the_one_under_way() {
    let numbered = "# Migration\n\n1. ✅ Dump the old DB\n2. ✅ Restore into staging\n3. 👉 Run the backfill\n4. Switch DNS\n";
    let boxes = "# Pagamenti\n\n- [x] Checkout\n- [ ] ▶️ Rimborsi parziali\n- [ ] Riconciliazione notturna\n";
    for (text, unit, pending) in [(numbered, "Run the backfill", "Switch DNS"), (boxes, "Rimborsi parziali", "Riconciliazione notturna")] {
        let p = plan_of(text);
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
        assert_eq!(names(&p.pending), [pending], "{text}");
    }
}

#[test]
fn a_summary_count_of_one_list_or_of_the_boxes() {
    // The count's total is one section's units: its figure done must be theirs.
    let pt = "# Progresso\n\n## O que funciona\n- Login\n- Upload\n\n## Status geral\n7 de 10 tarefas do marco M2 concluídas.\n\n### Marco M2 — tarefas\n- [x] T1\n- [x] T2\n- [x] T3\n- [x] T4\n- [x] T5\n- [x] T6\n- [ ] T7\n- [ ] T8\n- [ ] T9\n- [ ] T10\n";
    assert_eq!(findings(pt, memento_core::Rule::SummaryContradiction), [8]);
    assert!(findings(&pt.replace("7 de 10", "6 de 10"), memento_core::Rule::SummaryContradiction).is_empty());
    // The count's total is the file's boxes, notes nested under them aside; the done word
    // labels the fraction in bold.
    let it = "# TODO\n\nStato: **completate 4 su 8**\n\n## P0\n- [x] Import\n- [x] Giacenza\n- [x] IVA\n- [ ] DDT ← in corso\n  - fatto: template\n  - manca: numerazione\n\n## P1\n- [x] EAN\n- [x] Inventario\n- [ ] Notifica\n- [ ] Report\n";
    assert_eq!(findings(it, memento_core::Rule::SummaryContradiction), [3]);
    assert!(findings(&it.replace("4 su 8", "5 su 8"), memento_core::Rule::SummaryContradiction).is_empty());
}

#[test]
fn the_latest_dated_state_block_states_the_run() {
    let text = "# Traspaso\n\n## Estado actual\n- Estado: en progreso\n- Tarea actual: timbrado\n\n## Hecho\n- XML\n\n## Estado (actualizado 2026-12-05)\n- Estado: bloqueado\n- Motivo: el PAC devuelve error 205\n";
    assert_eq!(plan_of(text).status, RunStatus::Blocked);
    // Undated blocks: the later one, appended as the update, states the run; dated, the
    // latest date wins wherever its block stands.
    assert_eq!(plan_of(&text.replace(" (actualizado 2026-12-05)", "")).status, RunStatus::Blocked);
    let dated_first = "# Traspaso\n\n## Estado (actualizado 2026-12-05)\n- Estado: bloqueado\n\n## Hecho\n- XML\n\n## Estado (actualizado 2026-12-01)\n- Estado: en progreso\n";
    assert_eq!(plan_of(dated_first).status, RunStatus::Blocked);
}

#[test]
fn a_changelogs_unreleased_section_is_the_work_of_now() {
    let cases = [
        ("# Changelog\n\n## [Unreleased]\n\n### Added\n- Offline queue\n\n### In progress\n- TSE signing\n- Next step: implement sign_closing()\n\n### Planned\n- DSFinV-K export\n\n## [0.8.1] - 2026-11-27\n\n### Fixed\n- Duplicate receipts\n", "TSE signing", "DSFinV-K export"),
        ("# Changelog\n\n## [Unreleased]\n\n### Hinzugefügt\n- Offline-Warteschlange\n\n### In Arbeit\n- TSE-Signatur\n\n### Geplant\n- DSFinV-K-Export\n\n## [0.8.1] - 2026-11-27\n\n### Behoben\n- Doppelte Belege\n", "TSE-Signatur", "DSFinV-K-Export"),
    ];
    for (text, unit, pending) in cases {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
        assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some(unit), "{text}");
        assert_eq!(names(&p.pending), [pending], "{text}");
        // The released versions stay history: their fixes are no units.
        assert_eq!(p.completed.len(), 1, "{text}");
    }
}

#[test]
fn a_plain_text_title_in_brackets_and_notes_under_work_under_way() {
    let text = "배포 자동화 작업 메모\n\n[완료]\n- ArgoCD 설치\n\n[진행 중]\n- payment-service 이전\n  - Sealed Secrets 로 시크릿 변환 중\n  - 문제: 인증서 파일이 900KB\n\n[다음 할 일]\n1. staging 동기화\n2. notification-service 이전\n";
    let p = plan_of(text);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("payment-service 이전"));
    assert_eq!(p.open.len(), 1);
    assert_eq!(names(&p.pending), ["staging 동기화", "notification-service 이전"]);
    assert!(findings(text, memento_core::Rule::SeveralInProgress).is_empty());
}

#[test]
fn a_step_marked_optional_is_no_work_left() {
    for text in [
        "# 日志迁移\n\n- [x] 部署 Loki\n- [x] 下线 Elasticsearch\n- [ ] （可选）给开发团队做一次 LogQL 培训\n",
        "# Release\n\n- [x] Tag v2\n- [x] Publish\n- [ ] Blog post (optional)\n",
        "# Lanzamiento\n\n- [x] Etiquetar v2\n- [ ] (opcional) Publicar en el blog\n",
    ] {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::Complete, "{text}");
        assert!(p.pending.is_empty(), "{text}");
    }
    // Done all the same when ticked.
    assert_eq!(plan_of("# Release\n\n- [x] Tag v2\n- [x] Blog post (optional)\n").completed.len(), 2);
}

#[test]
fn headings_dated_without_a_year_take_the_files_year() {
    // A standup kept newest first under `## Fri 4 Dec`, the year from its `Last updated:`:
    // a log, whose older days' plans are history.
    let text = "# Standup\n\nLast updated: 2026-12-04\n\n## Fri 4 Dec\n**Today:** audit log table.\n\n## Thu 3 Dec\n**Today:** finish the limiter.\n- Next: write docs\n\n## Wed 2 Dec\n**Today:** limiter tests.\n";
    let p = plan_of(text);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("audit log table."));
    assert!(p.pending.is_empty(), "{:?}", names(&p.pending));
    // The year before, for a day more than a month after the latest full date.
    let ja = "# 作業ログ\n\n最終更新: 2027-01-03\n\n## 12月30日（水）\n- テーブルを追加した\n\n## 1月2日（土）\n- フォームに着手\n";
    let found = memento_core::check(&parse(ja), &CheckOptions::default());
    assert!(!found.iter().any(|d| matches!(d.rule, memento_core::Rule::FutureTimestamp | memento_core::Rule::TimestampOutOfOrder | memento_core::Rule::EntriesOutOfOrder)), "{found:?}");
}

#[test]
fn progress_labels_spaced_percentages_and_nothing_left_in_other_languages() {
    assert_eq!(findings("# TODO\n\nProgress: 18/24 (85%)\n\n- [x] a\n", memento_core::Rule::SummaryContradiction), [3]);
    assert_eq!(findings("# Plan\n\nAvancement : 9/15 tâches (70 %)\n", memento_core::Rule::SummaryContradiction), [3]);
    assert!(findings("# Plan\n\nAvancement : 9/15 tâches (60 %)\n", memento_core::Rule::SummaryContradiction).is_empty());
    // A fraction in words has its percentage held to it too.
    assert_eq!(findings("# OTA\n\nProgress: 6 of 9 steps done (75%).\n", memento_core::Rule::SummaryContradiction), [3]);
    assert!(findings("# OTA\n\nProgress: 6 of 9 steps done (67%).\n", memento_core::Rule::SummaryContradiction).is_empty());
    let ru = "# Прогресс\n\n## Сводка\nВыполнено: 2\nОсталось задач: 0\n\n## Задачи\n- [x] Кластер\n- [x] Схема\n- [ ] Дашборды\n";
    assert_eq!(findings(ru, memento_core::Rule::SummaryContradiction), [5]);
}

#[test]
fn two_state_sections_that_disagree_and_the_later_one_is_the_update() {
    // The handoff's status at the top, and an update appended below it the same evening: the
    // opening sentence of each states it (a Japanese sentence by its closing words).
    let ja = "# 引き継ぎメモ\n\n## 現在のステータス\nPR #318 はレビュー待ち。実装・テストともに完了済み。\n\n## 背景\n- キャッシュを導入する\n\n## 現在の状況 (12/4 夕方)\nまだ実装中。キー設計を見直しているため、PR はドラフトに戻した。\n\n## 次にやること\n1. フィルタ正規化を完成させる\n";
    assert_eq!(findings(ja, memento_core::Rule::StatusConflict), [10]);
    assert_eq!(plan_of(ja).status, RunStatus::InProgress);
    // The status a day ended in, under its own title.
    let ru = "# Заметки\n\n## Статус\n\nСтатус: в работе — 4 из 7 задач выполнено.\n\n## Итоговый статус на конец дня\n\nСтатус: заблокировано — жду доступ от DevOps.\n";
    assert_eq!(findings(ru, memento_core::Rule::StatusConflict), [9]);
    assert_eq!(plan_of(ru).status, RunStatus::Blocked);
    // A state section whose first sentence is long states nothing by it.
    let long = "# Handoff\n\n## Current status\nThe exporter that writes the nightly CSV files is done.\n\n## Status (evening)\nIn progress.\n";
    assert!(findings(long, memento_core::Rule::StatusConflict).is_empty());
}

#[test]
fn a_status_block_dated_at_the_foot_of_a_newest_first_log_is_no_sitting() {
    let text = "# Standup\n\n## Fri 2026-12-04\n- Today: merge PR #88\n\n## Thu 2026-12-03\n- Today: dry-run #3\n\n## Wed 2026-12-02\n- Today: dry-run #2\n\n## Status (as of 2026-12-04)\nAt risk: the cutover is on hold.\n";
    let found = memento_core::check(&parse(text), &CheckOptions::default());
    assert!(!found.iter().any(|d| matches!(d.rule, memento_core::Rule::TimestampOutOfOrder | memento_core::Rule::EntriesOutOfOrder)), "{found:?}");
    // A sitting out of place is still found.
    let wrong = text.replace("Thu 2026-12-03", "Thu 2026-11-03").replace("Wed 2026-12-02", "Wed 2026-12-05");
    let found = memento_core::check(&parse(&wrong), &CheckOptions::default());
    assert!(found.iter().any(|d| matches!(d.rule, memento_core::Rule::TimestampOutOfOrder | memento_core::Rule::EntriesOutOfOrder)), "{found:?}");
}

#[test]
fn units_under_way_in_two_sittings_of_a_log_are_not_at_once() {
    let log = "PROGRESS LOG\n\n=== Session 1 — 2026-10-02 ===\n- IN PROGRESS: row matching\n\n=== Session 2 — 2026-10-05 ===\n- Row matching done\n- IN PROGRESS: JSON output\n\n=== Session 3 — 2026-10-09 ===\n- IN PROGRESS: parallel merge\n";
    assert!(findings(log, memento_core::Rule::ProgressContradiction).is_empty());
    // Two at once in one sitting still are.
    let same = log.replace("- IN PROGRESS: parallel merge\n", "- IN PROGRESS: parallel merge\n- IN PROGRESS: CSV export\n");
    assert_eq!(findings(&same, memento_core::Rule::ProgressContradiction), [12]);
}

#[test]
fn a_summary_closing_a_log_is_held_to_the_boxes() {
    let text = "# 开发进度\n\n## 会话 1（2026-11-10）\n- 完成：工程配置\n\n## 会话 2（2026-11-13）\n- 完成：接口层\n\n## 任务清单\n\n- [x] 工程配置\n- [x] 接口层\n- [ ] 售后（退款）申请页\n- [ ] 回归测试\n\n## 汇总\n\n已完成 3/4 项任务，剩余 1 项。\n";
    assert_eq!(findings(text, memento_core::Rule::SummaryContradiction), [18]);
    assert!(findings(&text.replace("3/4", "2/4"), memento_core::Rule::SummaryContradiction).is_empty());
    // Brackets a name goes on after are part of it.
    let p = plan_of("# 进度\n\n- 进行中：售后（退款）申请页\n");
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("售后（退款）申请页"));
}

#[test]
fn a_summary_total_that_no_count_of_the_boxes_gives() {
    let todo = "# TODO\n\nProgreso: 4/7 tareas completadas\n\n## Fase 1\n- [x] a\n- [x] b\n  - [x] b1\n  - [ ] b2\n\n## Fase 2\n- [x] c\n- [ ] d\n- [ ] e\n- [ ] f\n";
    assert_eq!(findings(todo, memento_core::Rule::SummaryContradiction), [3]);
    // Its top-level boxes (six, three done) or all of them (eight, four done) are what a
    // summary counts; an optional box counts as a box.
    assert!(findings(&todo.replace("4/7", "3/6"), memento_core::Rule::SummaryContradiction).is_empty());
    let optional = "# Release\n\nStatus: 2/4 checked\n\n- [x] Tag\n- [x] Build\n- [ ] Canary\n- [ ] (optional) Post in #announcements\n";
    assert!(findings(optional, memento_core::Rule::SummaryContradiction).is_empty());
    // An item's own figure is no summary.
    let ab = "# Plan\n\n- [ ] A/B test (50/50), metric: clicks\n- [ ] Remove the old query\n- [x] Index\n";
    assert!(findings(ab, memento_core::Rule::SummaryContradiction).is_empty());
}

#[test]
fn a_json_summary_object_is_held_to_the_tasks_it_summarizes() {
    let tasks = |summary: &str| format!("{{\n  \"summary\": {{\n{summary}\n  }},\n  \"tasks\": [\n    {{\"id\": \"T1\", \"title\": \"Skeleton\", \"status\": \"done\"}},\n    {{\"id\": \"T2\", \"title\": \"Upload\", \"status\": \"done\"}},\n    {{\"id\": \"T3\", \"title\": \"OCR\", \"status\": \"in_progress\"}},\n    {{\"id\": \"T4\", \"title\": \"Persist\", \"status\": \"pending\"}}\n  ]\n}}\n");
    let lines = |text: &str| findings(text, memento_core::Rule::SummaryContradiction);
    assert_eq!(lines(&tasks("    \"total\": 4,\n    \"done\": 3")), [2]);
    assert_eq!(lines(&tasks("    \"total\": 5,\n    \"done\": 2")), [2]);
    assert_eq!(lines(&tasks("    \"total\": 4,\n    \"done\": 2,\n    \"remaining\": 0")), [5]);
    assert!(lines(&tasks("    \"total\": 4,\n    \"done\": 2,\n    \"remaining\": 2")).is_empty());
}

#[test]
fn a_table_row_written_twice() {
    let board = "# Sprint\n\n| ID | Task | Status |\n|----|------|--------|\n| ENT-301 | WebSocket endpoint | Done |\n| ENT-303 | Map with animated marker | In progress |\n| ENT-304 | Polling fallback | Done |\n| ENT-303 | Map with animated marker | In progress |\n";
    assert_eq!(findings(board, memento_core::Rule::DuplicateEntry), [8]);
    // Two tables may share a row; short rows say too little to repeat.
    let two = "# Plan\n\n| Week | Focus |\n|---|---|\n| 1 | Parser and tests |\n\n| Week | Focus |\n|---|---|\n| 1 | Parser and tests |\n| 2 | | \n| 2 | | \n";
    assert!(findings(two, memento_core::Rule::DuplicateEntry).is_empty());
}

#[test]
fn a_blocker_still_listed_whose_ticket_is_done() {
    let text = "# Standup\n\n## Montag\n\n**Tobias**\n- Gestern: IT-4471 erledigt, Zugriff auf Grafana ist da\n- Heute: Alerting\n\n## Offene Blocker\n\n- Tobias: Grafana-Zugriff fehlt (IT-4471)\n";
    assert_eq!(findings(text, memento_core::Rule::OpenItemDone), [11]);
    // Another ticket: nothing said about it.
    assert!(findings(&text.replace("(IT-4471)", "(IT-4480)"), memento_core::Rule::OpenItemDone).is_empty());
}

#[test]
fn a_decision_record_is_no_work_done() {
    // An ADR log, one dated heading per decision: each reads as a sitting.
    let text = "# Registro delle decisioni\n\nUna voce per decisione, la più vecchia in alto.\n\n## D-001 — Linguaggio (2026-09-15)\n**Decisione:** Go 1.23.\n**Stato:** accettata\n\n## D-002 — Database (2026-09-16)\n**Decisione:** PostgreSQL 16.\n**Stato:** accettata\n\n## D-003 — Code (2026-10-02)\n**Decisione:** River.\n**Stato:** accettata\n\n## D-007 — Autenticazione mobile (2026-11-12)\n**Decisione:** token JWT con refresh ruotati.\n**Stato:** accettata\n\n## Lavoro in corso\n\n- Implementazione di D-007: endpoint `/auth/token` scritto; manca la rotazione dei refresh token\n";
    assert!(findings(text, memento_core::Rule::OpenItemDone).is_empty());
}

#[test]
fn a_done_section_titled_for_when_it_was_done() {
    // `Erledigt in dieser Session`: done work, titled with when it was done.
    let de = "# Übergabe\n\n## Erledigt in dieser Session\n- Redis auf 7.2.6 aktualisiert\n- Sentinel-Konfiguration angepasst\n\n## Nächste Schritte\n1. Alert für `mailers_low` anlegen\n";
    let p = plan_of(de);
    assert_eq!(p.completed.len(), 2, "{:?}", names(&p.completed));
    assert_eq!(p.status, RunStatus::InProgress);
}

#[test]
fn a_plans_first_step_is_its_next() {
    let ru = "# План: миграция CI\n\n## Задачи\n- [ ] Workflow ci.yml\n- [ ] Кэш зависимостей\n\n## Первый шаг\n\nСоздать ветку `ci/gha-migration` и добавить ci.yml.\n";
    assert_eq!(plan_of(ru).next_action.map(|n| n.line), Some(9));
    let en = "# Plan\n\n- [ ] Audit colors\n- [ ] Tokens\n\nFirst step: run the color audit.\n";
    assert_eq!(plan_of(en).next_action.map(|n| n.text).as_deref(), Some("run the color audit."));
}

#[test]
fn follow_ups_outside_the_task_are_no_work_left() {
    let text = "# HANDOFF\n\n## Result: ✅ DONE\nAll acceptance criteria met; PR #214 merged.\n\n## Acceptance criteria\n- [x] First token in < 1.5 s\n- [x] Docs updated\n\n## Follow-ups (not part of this task)\n- Rate-limit per user on `/chat` (ticket SUP-88).\n";
    let p = plan_of(text);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.pending.is_empty(), "{:?}", names(&p.pending));
}

#[test]
fn a_state_opening_a_section_before_a_dash_is_the_runs() {
    let de = "# Übergabe\n\n## Status (oben)\n**Blockiert** — warten auf Beispieldateien vom Kunden.\n\n## Verlauf\n- 2026-12-05: Beispieldateien erhalten.\n\n## Status (aktuell)\nIn Arbeit — Kostenstellen-Mapping für 6-stellige Nummern.\n";
    assert_eq!(plan_of(de).status, RunStatus::InProgress);
    assert_eq!(findings(de, memento_core::Rule::StatusConflict), [10]);
}

/// A Next Steps list whose first step restates work the file records done, in other words
/// (`Add retry to upload parts` over `Added retry logic … to part uploads`): the plan passes
/// over it to the next step (next-step-done flags the stale one).
#[test]
fn the_plan_passes_over_a_next_step_that_restates_done_work() {
    let cases = [
        ("# Notes\n\n## Done\n\n- Added retry logic (exponential backoff) to part uploads, merged in #41\n\n## In progress\n\n- Video thumbnails\n\n## Next steps\n\n1. Add retry to upload parts (backoff)\n2. Shrink the container image\n", "Shrink the container image"),
        ("# Contexto activo\n\n## Cambios recientes\n\n- Se añadió paginación por cursor a `GET /pedidos` (PR #212)\n\n## Próximos pasos\n\n1. Añadir paginación al endpoint `GET /pedidos`\n2. Terminar la validación de estados\n", "Terminar la validación de estados"),
        ("# Fortschritt\n\n## Erledigt\n\n- CSV-Export der Buchungen implementiert und getestet\n\n## Nächste Schritte\n\n1. CSV-Export der Buchungen implementieren\n2. PDF-Export anfangen\n", "PDF-Export anfangen"),
    ];
    for (text, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(next), "{text}");
    }
}

/// A unit under way whose own item says below its first line that it is blocked (a
/// sub-item, a continuation): when every unit under way is held up so, the run is blocked,
/// whatever is planned for after it. Another unit under way keeps the run in progress.
#[test]
fn a_run_whose_only_unit_under_way_is_held_up_on_its_own_item_is_blocked() {
    let cases = [
        "# CLAUDE.md\n\n## 当前状态\n\n- 已完成：账本 CRUD\n- 进行中：iOS 上传 TestFlight\n  - **阻塞**：需要 App Store Connect API 密钥，等待管理员发给我\n- 待办：数据导出 Excel\n\n## 下一步\n\n拿到密钥后运行 `fastlane beta`。\n",
        "# Passation\n\n## Ce qui est fait\n\n- [x] Realm configuré\n\n## En cours\n\n- [ ] Migration des mots de passe via le SPI\n      → **bloqué** : validation par l'équipe sécurité (SEC-2291)\n\n## Prochaine session\n\n1. Relancer l'équipe sécurité\n",
        "# Progress\n\n## Done\n\n- Parser\n\n## In progress\n\n- Deploy to staging\n  - Blocked: waiting for the VPN certificate from IT\n\n## Next\n\n- Ask IT again on Monday\n",
    ];
    for text in cases {
        assert_eq!(plan_of(text).status, RunStatus::Blocked, "{text}");
    }
    let other_work = cases[2].replace("- Deploy to staging\n", "- Exporter\n- Deploy to staging\n");
    assert_eq!(plan_of(&other_work).status, RunStatus::InProgress);
}

/// A file that states the run has not started (`Status: not started`, `Status: planning
/// only`, `Статус: не начато`) over no work done or under way is not started, though it
/// writes the first step to take. Work recorded done makes it a run in progress.
#[test]
fn a_stated_not_started_over_no_work_is_not_started() {
    let cases = [
        "# PLAN — Slack digest bot\n\nStatus: planning only. Nothing implemented yet.\n\n## Milestones\n\n- M1: OAuth install flow\n- M2: digest job\n\n## Next step\n\nCreate the Slack app from `manifest.yml`.\n",
        "# План миграции\n\nСтатус: не начато\n\n## Этапы\n\n1. Создать ветку\n2. Настроить CI\n\n## Первый шаг\n\nСоздать ветку `migrate-ci`.\n",
        "# Plan\n\n**Estado:** sin empezar\n\n## Próximos pasos\n\n1. Crear el repositorio\n",
    ];
    for text in cases {
        assert_eq!(plan_of(text).status, RunStatus::NotStarted, "{text}");
    }
    let worked = cases[0].replace("- M1: OAuth install flow\n", "- M1: OAuth install flow ✅\n");
    assert_ne!(plan_of(&worked).status, RunStatus::NotStarted);
}

/// Dutch, Polish and Turkish status words and next-step labels; a state title of one word
/// (`## Stand`); the unit a focus section names in a field (`Tarea en curso: …`) over the
/// paragraph above it; a next step that says there is none and that the run is done.
#[test]
fn more_languages_state_titles_focus_fields_and_a_next_step_of_none() {
    let cases: &[(&str, &str, &str)] = &[
        ("# Voortgang\n\n- Klaar: importeren\n- Bezig: exporteren\n\nVolgende stap: exporteren afmaken\n", "exporteren", "exporteren afmaken"),
        ("# Postęp\n\n- Zrobione: import\n- W toku: eksport\n\nNastępny krok: dokończyć eksport\n", "eksport", "dokończyć eksport"),
        ("# İlerleme\n\n- Tamamlandı: içe aktarma\n- Devam ediyor: dışa aktarma\n\nSonraki adım: dışa aktarmayı bitir\n", "dışa aktarma", "dışa aktarmayı bitir"),
        ("# Fortschritt\n\n## Stand\n\nIn Arbeit: Export der Buchungsstapel (EXTF).\nNächster Schritt: Sachkonten exportieren.\n", "Export der Buchungsstapel", "Sachkonten exportieren."),
        ("# Contexto activo\n\n## Enfoque actual\n\nEstamos terminando la API de pedidos para la app móvil.\n\nTarea en curso: **endpoint de cancelación de pedidos**.\n\n## Próximos pasos\n\n1. Validar estados en `cancelar_pedido()`\n", "endpoint de cancelación de pedidos", "Validar estados"),
    ];
    for &(text, unit, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
        assert!(p.resume_from.as_ref().is_some_and(|r| r.unit.contains(unit)), "{text}: {:?}", p.resume_from);
        assert!(p.next_action.as_ref().is_some_and(|n| n.text.contains(next)), "{text}: {:?}", p.next_action);
    }
    for done in ["# Voortgang\n\n- Klaar: importeren\n- Klaar: exporteren\n\n## Volgende stap\n\nGeen — project afgerond. Eventuele verbeteringen staan in de backlog.\n", "# 작업 로그\n\n- 완료: 색인\n- 완료: 검색 API\n\n## 다음 단계\n없음. (후속 과제는 WIKI-88 참고)\n"] {
        let p = plan_of(done);
        assert_eq!(p.status, RunStatus::Complete, "{done}");
        assert_eq!(p.next_action, None, "{done}");
    }
    // A none that goes on to what to do meanwhile is kept.
    let waiting = plan_of("# Progress\n\n- Done: parser\n\n## Next step\n\nNone for now — waiting for product to decide the v3 scope.\n");
    assert!(waiting.next_action.is_some());
}

/// A unit left under way in an older session that a later session names again in words no
/// status line reads (`Продолжил чеки 54-ФЗ: …`) was taken up, not left behind: no
/// stale-in-progress, and neither open nor pending now. One no later session names is still
/// left behind.
#[test]
fn a_unit_a_later_session_takes_up_again_is_not_left_behind() {
    let log = "# Прогресс\n\n### Сессия 3 — 20.11.2026\n- В процессе: чеки 54-ФЗ — не сходится НДС при скидке.\n\n### Сессия 4 — 24.11.2026\n- Продолжил чеки 54-ФЗ: скидку распределяем по позициям.\n- Сделано: задачи 5, 6.\n\n### Сессия 5 — 01.12.2026\n- Выкатили в прод.\n- Сделано: задача 9. Работа завершена.\n";
    let p = plan_of(log);
    assert!(p.open.iter().chain(&p.pending).all(|u| !u.unit.contains("54-ФЗ")), "{:?} {:?}", p.open, p.pending);
    let stale = |text: &str| memento_core::check(&parse(text), &CheckOptions::default()).iter().filter(|d| d.rule == memento_core::Rule::StaleInProgress).count();
    assert_eq!(stale(log), 0);
    let dropped = log.replace("- Продолжил чеки 54-ФЗ: скидку распределяем по позициям.\n", "");
    assert_eq!(stale(&dropped), 1);
}

/// A state section opening with a mark and a bold status (`🔴 **Bloqueado.** …`, `⛔
/// **Blockiert.** …`) under a title of one word or an overall status (`## Estado`, `##
/// Gesamtstatus`); an optional list titled so before a note in brackets (`## Melhorias
/// opcionais (pós-MVP, …)`) leaves no work; a status field with a mark (`**Stato:** bloccato
/// 🔴`) states the run's status, and is no unit.
#[test]
fn marked_state_sections_optional_titles_with_notes_and_marked_status_fields() {
    let blocked = [
        "# Contexto activo\n\n## Enfoque actual\nIntegración del CFDI con el PAC.\n\n## Estado\n🔴 **Bloqueado.** No podemos timbrar hasta que Jorge nos mande el CSD.\n\n## Próximos pasos\n1. Subir el CSD a Doppler\n",
        "# STATUS\n\n## Gesamtstatus\n\n⛔ **Blockiert.** Wir warten seit dem 27.11. auf den VPN-Zugang.\n\n## Komponenten\n\n- ✅ Login\n- 🚧 OCR-Vorschlag\n",
    ];
    for text in blocked {
        assert_eq!(plan_of(text).status, RunStatus::Blocked, "{text}");
    }
    let done = "# Progresso\n\n## Status atual\n✅ **Concluído.** O MVP foi entregue.\n\n## O que já funciona\n- [x] Agenda\n- [x] Login\n\n## Melhorias opcionais (pós-MVP, só se a clínica pedir)\n- [ ] Integração com Google Agenda\n- [ ] Fila de espera\n";
    let p = plan_of(done);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.pending.is_empty() && p.next_action.is_none(), "{:?} {:?}", p.pending, p.next_action);
    let field = plan_of("# Stato del progetto\n\n**Stato:** bloccato 🔴\n\n## Fatto\n- ✅ Calendario corsi\n\n## Prossimi passi\n- aspettare l'invito di Marco\n");
    assert_eq!(field.status, RunStatus::Blocked);
    assert!(field.open.iter().all(|u| !u.unit.starts_with("Stato")), "{:?}", field.open);
}

/// A feature list whose features are all still to start, with a note of where to start
/// (`"next": "Run ./init.sh, then start feature 1"`), is a plan not begun; one feature
/// passing makes it a run in progress.
#[test]
fn a_feature_list_of_features_all_to_start_is_not_started() {
    let list = |first: &str| format!("{{\n  \"next\": \"Run ./init.sh, then start feature 1\",\n  \"features\": [\n    {{ \"id\": 1, \"description\": \"Parse a PDF invoice\", \"status\": \"{first}\" }},\n    {{ \"id\": 2, \"description\": \"Extract line items\", \"status\": \"not_started\" }},\n    {{ \"id\": 3, \"description\": \"Export CSV\", \"status\": \"not_started\" }}\n  ]\n}}\n");
    assert_eq!(plan_named("feature_list.json", &list("not_started")).status, RunStatus::NotStarted);
    assert_eq!(plan_named("feature_list.json", &list("passing")).status, RunStatus::InProgress);
}

/// The MCP memory server's knowledge graph (JSON lines of entities and relations): an
/// entity's kind is its entity type, its observations give its status (`status: done`) and
/// the next step (`Next: …`); a decision entity's first observation is the decision.
#[test]
fn the_mcp_memory_servers_knowledge_graph_is_read() {
    let graph = concat!(
        r#"{"type":"entity","name":"decision_embeddings","entityType":"decision","observations":["2026-11-10: use text-embedding-3-small for tickets"]}"#, "\n",
        r#"{"type":"entity","name":"task_ingest","entityType":"task","observations":["status: done","Ingests 2,314 articles nightly"]}"#, "\n",
        r#"{"type":"entity","name":"task_eval_harness","entityType":"task","observations":["status: in_progress","Groundedness judge works"]}"#, "\n",
        r#"{"type":"entity","name":"task_pii_redaction","entityType":"task","observations":["status: todo"]}"#, "\n",
        r#"{"type":"entity","name":"session_2026-12-01","entityType":"session","observations":["Ran the judge on 300 tickets","Next: build the helpfulness rating page"]}"#, "\n",
        r#"{"type":"relation","from":"task_eval_harness","to":"task_ingest","relationType":"depends_on"}"#, "\n",
    );
    let p = plan_named("memory.jsonl", graph);
    assert_eq!(p.status, RunStatus::InProgress);
    assert_eq!(names(&p.completed), ["task_ingest"]);
    assert_eq!(p.resume_from.map(|r| r.unit).as_deref(), Some("task_eval_harness"));
    assert!(names(&p.pending).contains(&"task_pii_redaction"), "{:?}", p.pending);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("build the helpfulness rating page"));
    assert!(p.decisions.active.iter().any(|d| d.text.contains("text-embedding-3-small")));
}

/// A bold label in a script that joins its words (`**進行中**: リマインダー機能`) names its unit;
/// a comma inside brackets ends no clause (`正在开发：**订单导出模块**（Excel 导出，进度约 70%）`),
/// and of two state blocks the later one's unit under way is the current one (`当前在做`).
#[test]
fn bold_joined_labels_and_commas_inside_brackets() {
    let ja = plan_of("# メモ\n\n## 現在の状況\n**進行中**: リマインダー機能（前日に DM を送る）\n- Cron は設定済み\n");
    assert_eq!(ja.resume_from.map(|r| r.unit).as_deref(), Some("リマインダー機能"));
    let zh = plan_of("# Progress\n\n## Current Status\n_Updated: 2026-11-26_\n\n正在开发：**订单导出模块**（Excel 导出，进度约 70%）。报表缓存还没开始。\n\n## Current Status\n_Updated: 2026-12-01_\n\n订单导出模块已完成。当前在做**报表缓存**：日报预计算已完成。\n");
    assert_eq!(zh.resume_from.map(|r| r.unit).as_deref(), Some("报表缓存"), "{:?}", zh.open);
}

/// A JSON task file keyed in another language (`"uppgifter"`, `"titel"`, `"nästa_steg"`,
/// `"beslut"`; `"título"`, `"próximo_paso"`): its tasks, next step and decisions are read.
#[test]
fn a_json_task_file_keyed_in_another_language_is_read() {
    let sv = "{\n  \"uppgifter\": [\n    { \"id\": 1, \"titel\": \"Datamodell för inleveranser\", \"status\": \"klar\" },\n    { \"id\": 2, \"titel\": \"Streckkodsskanning\", \"status\": \"pågår\" },\n    { \"id\": 3, \"titel\": \"Rapport över avvikelser\", \"status\": \"ej påbörjad\" }\n  ],\n  \"beslut\": [\"Prisma istället för TypeORM\"],\n  \"nästa_steg\": \"Normalisera EAN-8 till EAN-13\"\n}\n";
    let p = plan_named("tasks.json", sv);
    assert_eq!(p.status, RunStatus::InProgress);
    assert!(p.resume_from.is_some_and(|r| r.unit.contains("Streckkodsskanning")));
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("Normalisera EAN-8 till EAN-13"));
    assert_eq!(p.decisions.active.len(), 1);
    let es = "{\n  \"tareas\": [\n    { \"título\": \"Modelo de datos\", \"estado\": \"hecho\" },\n    { \"título\": \"Exportar pedidos\", \"estado\": \"en curso\" }\n  ],\n  \"próximo_paso\": \"Terminar la exportación\"\n}\n";
    let p = plan_named("tareas.json", es);
    assert!(p.resume_from.is_some_and(|r| r.unit.contains("Exportar pedidos")), "{:?}", p.open);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("Terminar la exportación"));
}

/// A plain-text task list: boxes without list markers under a title line, the extended box
/// `[~]` begun, a pointer after a name no part of it.
#[test]
fn a_plain_text_box_list_under_a_title_line_is_read() {
    let text = "=== claude-progress.txt ===\n\n[2026-11-26 17:40] Session 6\n- Started the offline cache.\n\n------------------------------------------------------------\nTASKS\n[x] Setup + CI\n[x] Login with OTP\n[~] Push notifications (FCM)   <- in progress\n[ ] Offline cache\n[ ] Release build\n";
    let p = plan_named("claude-progress.txt", text);
    assert!(names(&p.completed).contains(&"Setup + CI"), "{:?}", p.completed);
    assert!(names(&p.pending).contains(&"Release build"), "{:?}", p.pending);
    assert!(p.open.iter().any(|u| u.unit == "Push notifications (FCM)"), "{:?}", p.open);
}

/// A run the file states complete, newer than a block it still lists, has no next action to
/// unblock it: the block stays in the open list.
#[test]
fn a_complete_run_offers_no_block_to_unblock() {
    let text = "# 交接文档\n\n状态：**已完成**（所有任务已完成并上线生产）\n\n## 任务清单\n- [x] 新建消费者服务\n- [x] 生产环境部署\n\n## 阻塞项\n- [ ] 等待张伟开通生产环境 Kafka 的 ACL — 未解决\n";
    let p = plan_of(text);
    assert_eq!(p.status, RunStatus::Complete);
    assert_eq!(p.next_action, None);
    assert!(p.open.iter().any(|u| u.status == Status::Blocked));
}

/// A checklist with no box ticked, nothing done or under way, is a plan not begun, though
/// the file writes its first step as the next one (`Next step: step 1 — create the branch`).
/// One ticked box makes it a run in progress.
#[test]
fn a_checklist_with_no_box_ticked_under_a_next_step_is_not_started() {
    let cases = [
        "# PLAN: Upgrade to RN 0.76\n\n## Steps\n- [ ] 1. Create branch `upgrade/rn-076`\n- [ ] 2. Apply the diff\n\n## Next step\nStep 1 — create `upgrade/rn-076`.\n",
        "# 計画: 請求書PDFの移行\n\n## タスク\n- [ ] pdf_compare.rb を作る\n- [ ] 差分を確認する\n\n## 次のステップ\npdf_compare.rb を請求書 #10231 で試す\n",
        "# Plan de migración\n\n## Tareas\n- [ ] Crear la rama\n- [ ] Migrar los modelos\n\n## Próximo paso\nCrear la rama `migracion`.\n",
    ];
    for text in cases {
        assert_eq!(plan_of(text).status, RunStatus::NotStarted, "{text}");
        let ticked = text.replacen("- [ ]", "- [x]", 1);
        assert_eq!(plan_of(&ticked).status, RunStatus::InProgress, "{ticked}");
    }
}

/// A journal's row of the run's status that names no unit (`"type": "status", "status":
/// "completato"`) states the run, and is no unit itself.
#[test]
fn a_journal_status_row_states_the_run() {
    let it = concat!(
        r#"{"ts":"2026-11-17T10:00:00Z","type":"progress","task":"chunking","status":"done","text":"Chunk da 800 token."}"#, "\n",
        r#"{"ts":"2026-11-28T12:00:00Z","type":"progress","task":"rilascio","status":"done","text":"Feature flag al 100%."}"#, "\n",
        r#"{"ts":"2026-11-29T09:30:00Z","type":"status","status":"completato","text":"Progetto concluso e consegnato."}"#, "\n",
    );
    let p = plan_of(it);
    assert_eq!(p.status, RunStatus::Complete);
    assert!(p.completed.iter().all(|u| !u.unit.contains("Progetto concluso")), "a status row is no unit");
    let en = concat!(
        r#"{"type":"progress","task":"cache layer","status":"done"}"#, "\n",
        r#"{"type":"progress","task":"eviction","status":"pending"}"#, "\n",
        r#"{"type":"status","status":"blocked","text":"Waiting on Ops for the Redis host"}"#, "\n",
    );
    assert_eq!(plan_of(en).status, RunStatus::Blocked);
}

/// The MCP memory server's knowledge graph written as one object (`{"entities": […],
/// "relations": […]}`) is read as its JSONL file is: entities are rows, their `Status:`
/// observations their state, a project entity no unit.
#[test]
fn a_knowledge_graph_in_one_object_is_read_as_rows() {
    let graph = r#"{
  "entities": [
    {"name": "churn-dashboard", "entityType": "project", "observations": ["Status: in progress"]},
    {"name": "cohort-heatmap", "entityType": "task", "observations": ["Altair rect marks", "Status: in progress", "Next step: wire the plan filter"]},
    {"name": "export-csv", "entityType": "task", "observations": ["Status: pending"]}
  ],
  "relations": [{"from": "cohort-heatmap", "to": "churn-dashboard", "relationType": "part_of"}]
}
"#;
    let p = plan_of(graph);
    assert_eq!(p.status, RunStatus::InProgress);
    assert_eq!(p.open.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["cohort-heatmap"]);
    assert_eq!(p.pending.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["export-csv"]);
    assert!(p.next_action.is_some_and(|n| n.text.contains("wire the plan filter")));
}

/// A field after an opening sentence that only states the status (`In progress. Current
/// task: **CSV export**`, `Devam ediyor. Aktif iş: …`) names the unit under way; Turkish
/// state titles and next-step labels (`## Şu anki durum`, `**Sıradaki adım:**`).
#[test]
fn a_field_after_a_bare_status_sentence_names_the_unit() {
    let cases: &[(&str, &str, &str)] = &[
        ("# Log\n\n## Current state\nIn progress. Current task: **CSV export** for billing.\n\nNext step: add the totals row.\n", "CSV export for billing", "add the totals row."),
        ("# Günlük\n\n## Şu anki durum\nDevam ediyor. Aktif iş: **SMS hatırlatıcıları** (Netgsm).\n\n**Sıradaki adım:** DLR webhook'unu yaz.\n", "SMS hatırlatıcıları", "DLR webhook'unu yaz."),
    ];
    for &(text, unit, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.open.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), [unit], "{text}");
        assert_eq!(p.next_action.map(|n| n.text), Some(next.to_owned()), "{text}");
    }
}

/// A step that finishes work begun (`Terminar la reserva`, `Finish the importer`) restates
/// nothing done, though the work's start is recorded in other words; a step of the file's own
/// Next section that restates a sitting's done item is passed over.
#[test]
fn a_step_that_finishes_work_begun_is_kept() {
    let es = "# Progreso\n\n### 2026-11-30\n- Configurado CI en GitHub Actions: pytest + ruff\n\n### 2026-12-02\n- Empezada la reserva con botones inline: `callback_data` con formato `res:<id>`\n\n## Próximos pasos\n1. Configurar CI en GitHub Actions con pytest y ruff\n2. Terminar la reserva con botones inline\n3. Recordatorios con APScheduler\n";
    assert_eq!(plan_of(es).next_action.map(|n| n.text).as_deref(), Some("Terminar la reserva con botones inline"));
}

/// A summary that counts the things it names as done in a sentence (`4 of 5 endpoints are
/// migrated`, `3/5 Seiten sind umgesetzt`) is a count the units are held to.
#[test]
fn a_count_of_things_said_done_in_a_sentence_is_held_to_the_units() {
    for summary in ["Migration of the old API. 4 of 5 endpoints are migrated and serving traffic.", "Stand: 4/5 Seiten sind umgesetzt."] {
        let text = format!("# Progress\n\n## Summary\n{summary}\n\n## What works\n- [x] a\n- [x] b\n- [x] c\n- [ ] d\n- [ ] e\n");
        let found = memento_core::check(&parse(&text), &CheckOptions::default());
        assert!(found.iter().any(|d| d.rule == memento_core::Rule::SummaryContradiction), "{summary}: {found:?}");
        let agrees = text.replace("- [ ] d", "- [x] d");
        assert!(memento_core::check(&parse(&agrees), &CheckOptions::default()).iter().all(|d| d.rule != memento_core::Rule::SummaryContradiction), "{agrees}");
    }
}

/// A next step that says there is none, then anything but that the none holds for now or a
/// wait (`none for this ticket.`, `nenhum — tarefa encerrada. Se pedirem …`), is no next
/// action; `None for now — …` is kept. A follow-up list outside the ticket (`### Follow-ups
/// (not part of this ticket)`, hedged items) leaves no work.
#[test]
fn a_next_step_of_none_for_this_task_and_follow_ups_outside_it_leave_no_work() {
    let en = "# Worklog\n\nStatus: DONE — shipped to production 2026-12-03.\n\n## [2026-12-03] Release\n### Shipped\n- Merged PR #1187 into `main`.\n\n### Follow-ups (not part of this ticket)\n- Marketing may want opening hours on the cards — separate ticket if they ask.\n\nNext step: none for this ticket.\n";
    let p = plan_of(en);
    assert_eq!((p.status, p.next_action.is_none(), p.pending.len()), (RunStatus::Complete, true, 0), "{:?}", p.next_action);
    let pt = "# Progresso\n\n- [x] consulta agregada\n- [x] página de relatórios\n\nPróximo passo: nenhum — tarefa encerrada. Se pedirem gráfico de evolução, abrir nova tarefa.\n";
    assert!(plan_of(pt).next_action.is_none());
    let kept = "# Progresso\n\n- [x] consulta agregada\n- [ ] página de relatórios\n\nPróximo passo: nenhum por enquanto — revisar o layout com a Camila.\n";
    assert!(plan_of(kept).next_action.is_some());
}

/// A line under the title that labels the run's overall status (`**Общий статус:** ⛔
/// заблокировано`, `Overall status: done`) states the run.
#[test]
fn an_overall_status_line_states_the_run() {
    let ru = "# STATUS: интеграция с ЭДО\n\n**Общий статус:** ⛔ заблокировано — ждём подтверждения от бухгалтерии\n\n## Задачи\n- ✅ Клиент API\n- 🔄 Тестовая отправка\n";
    assert_eq!(plan_of(ru).status, RunStatus::Blocked);
    let open = ru.replace("**Общий статус:** ⛔ заблокировано — ждём подтверждения от бухгалтерии", "Заметки по интеграции.");
    assert_eq!(plan_of(&open).status, RunStatus::InProgress);
}

/// Swedish state titles (`## Läge just nu`, `## Läget`) are the file's current state: a
/// state opening them (`**Blockerad.** Vi väntar på …`) is the run's.
#[test]
fn swedish_state_titles_state_the_run() {
    for title in ["Läge just nu", "Läget"] {
        let text = format!("# Överlämning\n\n## {title}\n**Blockerad.** Vi väntar på att Fortnox godkänner integrationen.\n\n## Vad som är klart\n- [x] OAuth\n\n## Pågår\n- Export till kundens konto\n");
        assert_eq!(plan_of(&text).status, RunStatus::Blocked, "{title}");
    }
}

/// A knowledge graph's observations give a status in any language's status field
/// (`Estado: en curso.`), and an entity named as a key for the next step (`proximo-paso`,
/// without its accent) gives the next action.
#[test]
fn graph_observations_in_other_languages_and_a_next_step_entity() {
    let graph = r#"{"entities": [
  {"name": "tarea-agenda", "entityType": "task", "observations": ["Estado: completada (25/11/2026)."]},
  {"name": "tarea-recordatorios", "entityType": "task", "observations": ["Estado: en curso.", "Falta: respuestas del paciente."]},
  {"name": "tarea-panel", "entityType": "task", "observations": ["Estado: pendiente."]},
  {"name": "proximo-paso", "entityType": "note", "observations": ["Implementar POST /webhooks/whatsapp con verificación de firma."]}
]}
"#;
    let p = plan_of(graph);
    assert_eq!(p.open.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["tarea-recordatorios"]);
    assert_eq!(p.completed.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["tarea-agenda"]);
    assert_eq!(p.pending.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["tarea-panel"]);
    assert!(p.next_action.is_some_and(|n| n.text.starts_with("Implementar POST /webhooks/whatsapp")));
}

/// An arrow pointing at an item says where the work is (`← **teraz**`, `← jetzt`: under
/// way) or what holds it up (`← waiting on Hannah`, `← väntar på Lena`: blocked), over an
/// open box; the unit is named before the arrow.
#[test]
fn an_arrow_note_marks_the_unit_under_way_or_held_up() {
    let pl = "# Postęp\n\n- [x] M1 — model danych\n- [ ] M3 — integracja z Outlookiem ← **teraz**\n- [ ] M4 — panel administratora\n";
    assert_eq!(plan_of(pl).open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [("M3 — integracja z Outlookiem", Status::InProgress)]);
    for (text, unit) in [
        ("# Launch\n\n- [x] Stripe products\n- [ ] Legal approval of API Terms ← waiting on Hannah\n", "Legal approval of API Terms"),
        ("# Lansering\n\n- [x] Produkter\n- [ ] Juridiskt godkännande ← väntar på Lena\n", "Juridiskt godkännande"),
    ] {
        let p = plan_of(text);
        assert_eq!(p.open.iter().map(|u| (u.unit.as_str(), u.status)).collect::<Vec<_>>(), [(unit, Status::Blocked)], "{text}");
    }
    // A wait on no one named is a note, not a block.
    let note = plan_of("# Launch\n\n- [x] Stripe products\n- [ ] Legal review ← waiting on the new template\n");
    assert!(note.open.is_empty());
}

/// A journal keyed in another language (`"testo"`, `"titolo"`, `"stato"`, `"type":
/// "decisione"`, `"prossimo_passo"`, `"progetto"`) is read as one keyed in English.
#[test]
fn a_journal_keyed_in_italian_is_read() {
    let rows = concat!(
        r#"{"ts":"2026-11-28T18:20:00+01:00","type":"progetto","testo":"Bot Telegram per la trattoria."}"#, "\n",
        r#"{"ts":"2026-11-28T18:30:12+01:00","type":"task","id":"T0","titolo":"Scheletro progetto","stato":"fatto"}"#, "\n",
        r#"{"ts":"2026-11-29T10:05:40+01:00","type":"decisione","testo":"Niente webhook: uso long polling."}"#, "\n",
        r#"{"ts":"2026-12-01T09:00:00+01:00","type":"task","id":"T5","titolo":"Promemoria automatico","stato":"in corso"}"#, "\n",
        r#"{"ts":"2026-12-01T09:10:00+01:00","type":"task","id":"T6","titolo":"Comando /staff_oggi","stato":"da fare"}"#, "\n",
        r#"{"ts":"2026-12-01T19:00:00+01:00","type":"prossimo_passo","testo":"Scrivere il test del promemoria a mezzanotte."}"#, "\n",
    );
    let p = plan_of(rows);
    assert_eq!(p.completed.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["T0: Scheletro progetto"]);
    assert_eq!(p.open.iter().map(|u| u.unit.as_str()).collect::<Vec<_>>(), ["T5: Promemoria automatico"]);
    assert_eq!(p.decisions.active.len(), 1);
    assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some("Scrivere il test del promemoria a mezzanotte."));
}

/// A log titled by one word in another language (`## 📝 记录`, `## Журнал`) is a record of
/// work, not a list to do; a list for later, out of this scope (`## 💡 以后再说（不在本次范围内）`),
/// leaves no work.
#[test]
fn one_word_log_titles_and_later_lists_in_other_languages() {
    let zh = "# 博客迁移\n\n## ✅ 任务\n- [x] 导出文章\n- [x] 301 重定向\n\n## 📝 记录\n- 12/02 上线。12/03 巡检一次。\n- 12/04 验收通过，本任务结束。\n\n## 💡 以后再说（不在本次范围内）\n- [ ] 接入 Giscus 评论\n\n## 下一步\n无。迁移任务已验收完成。\n";
    let p = plan_of(zh);
    assert!(p.pending.is_empty(), "{:?}", p.pending);
    assert_eq!((p.status, p.next_action.is_none()), (RunStatus::Complete, true));
    let ru = "# Статус\n\n## Журнал\n- Twilio: webhook статусов доставки готов.\n- Twilio: webhook статусов доставки готов.\n";
    let found = memento_core::check(&parse(ru), &CheckOptions::default());
    assert!(found.iter().any(|d| d.rule == memento_core::Rule::DuplicateEntry), "{found:?}");
}

/// The run's state written under a "current status" label in the writer's language (`**Estado
/// actual:** ⛔ BLOQUEADO`, `**Current status:** blocked`), and a next-step label with an aside
/// before its colon (`**Siguiente paso (cuando lleguen las credenciales):**`).
#[test]
fn a_current_status_label_and_a_next_label_with_an_aside() {
    let cases = [
        ("# Progreso\n\n**Estado actual:** ⛔ BLOQUEADO — sin credenciales del banco.\n\n### 2026-10-09 — Pagos\n\n- Formulario hecho.\n\n**Siguiente paso (cuando lleguen las credenciales):** poner la clave en staging.\n\n## Backlog\n\n- [ ] Devoluciones parciales\n", "poner la clave en staging."),
        ("# Progress\n\n**Current status:** BLOCKED.\n\n### 2026-10-09 — Payments\n\n- Form done.\n\n**Next step (after the bank replies):** put the key in staging.\n", "put the key in staging."),
        ("# 开发日志\n\n**当前状态：** ⛔ 受阻。\n\n### 2026-10-09 — 支付\n\n- 表单完成。\n\n**下一步（证书到了以后）：** 配置密钥。\n", "配置密钥。"),
        // An aside in a script of two-byte letters, whose closing bracket falls past the
        // first bytes of the aside (it once cut a letter in two and panicked).
        ("# Журнал\n\n**Текущий статус:** ⛔ ЗАБЛОКИРОВАНО — нет ключей.\n\n**Следующий шаг (когда придут ключи):** прописать ключ на стенде.\n", "прописать ключ на стенде."),
    ];
    for (text, next) in cases {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::Blocked, "{text}");
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(next), "{text}");
    }
}

/// A status field closed by a mark (`**Statut :** en cours 🔄`, `**进度：** 进行中 🚧`), a
/// count (`🚧 1 em andamento`) and a status alone (`Not started.`) name no unit.
#[test]
fn a_status_field_a_count_or_a_bare_status_names_no_unit() {
    let fields = [
        "# Notes\n\n## État actuel\n\n- **Statut :** en cours 🔄\n- **Tâche en cours :** agrégation par massif\n\n## Journal\n\n- 2026-01-10 données récupérées.\n",
        "# 日志\n\n## 当前状态\n\n**进度：** 进行中 🚧\n**正在做：** 订单退款流程\n",
        "# Progress\n\n## Resumo\n\n- ✅ 7 de 10 concluídas\n- 🚧 1 em andamento\n\n## Em andamento\n\n- **Pagamento via Pix** 🚧\n",
    ];
    for text in fields {
        let p = plan_of(text);
        assert_eq!(p.open.len(), 1, "{text}: {:?}", names(&p.open));
        assert!(!p.open[0].unit.contains("Statut") && !p.open[0].unit.contains("进度") && p.open[0].unit != "1", "{text}: {:?}", names(&p.open));
        assert!(memento_core::check(&parse(text), &CheckOptions::default()).iter().all(|d| d.rule != memento_core::Rule::ProgressContradiction), "{text}");
    }
    let p = plan_of("# Agent state\n\n## Status\n\nNot started. The plan below was approved by Priya. No code yet.\n\n## Plan\n\n- [ ] Init the repo.\n- [ ] Write the models.\n\n## Next step\n\nStart with step 1: init the repo.\n");
    assert!(p.open.is_empty(), "{:?}", names(&p.open));
    assert_eq!(p.status, RunStatus::NotStarted);
}

/// A log's dated sittings below its decisions (`## Decyzje` → `---` → `### 2026-01-08 —
/// sesja 1`) are the log, not decisions; a decision record dated the same way stays one.
#[test]
fn sittings_below_the_decisions_are_no_decisions() {
    let log = "# Dziennik\n\n## Decyzje (stałe)\n\n- **D1:** Klient HTTP: `httpx`.\n- **D2:** Python 3.10+.\n\n---\n\n### 2026-01-08 — sesja 1\n- Szkielet projektu\n- CI\n\n### 2026-01-15 — sesja 2\n- Uwierzytelnianie tokenem\n";
    assert_eq!(plan_of(log).decisions.active.len(), 2);
    let adr = "# Notes\n\n## Decisions\n\n### 2026-01-08 — Use httpx\n\nSync client only.\n\n### 2026-01-15 — Python 3.10+\n\nOlder ones are out of support.\n";
    assert_eq!(plan_of(adr).decisions.active.len(), 2);
}

/// A journal's later row for a task by its id, with a note and no title (`{"kind": "task",
/// "id": "T5", "status": "done", "note": "XML validated"}`), is that task's latest state.
#[test]
fn a_journal_row_by_id_with_a_note_updates_its_task() {
    let rows = concat!(
        r#"{"ts":"2026-03-06T14:20:41Z","kind":"task","id":"T5","title":"SEPA-Lastschrift-Export","status":"in_progress"}"#, "\n",
        r#"{"ts":"2026-03-06T16:30:02Z","kind":"task","id":"T5","status":"done","note":"XML gegen XSD validiert."}"#, "\n",
        r#"{"ts":"2026-03-06T16:35:55Z","kind":"task","id":"T6","title":"Beitragsberechnung","status":"in_progress"}"#, "\n",
        r#"{"ts":"2026-03-06T18:05:00Z","kind":"task","id":"T6","status":"done"}"#, "\n",
        r#"{"ts":"2026-03-10T09:05:11Z","kind":"task","id":"T8","title":"DSGVO-Auskunft","status":"in_progress"}"#, "\n",
    );
    let p = plan_of(rows);
    assert_eq!(names(&p.completed), ["T5: SEPA-Lastschrift-Export", "T6: Beitragsberechnung"]);
    assert_eq!(names(&p.open), ["T8: DSGVO-Auskunft"]);
}

/// A handoff's `## TL;DR` states where the run stands; a next step that opens by telling to
/// wait for what a person gives (`Esperar a aprovação do Rafael`) blocks the run, while the
/// same wait as a later step of the list does not.
#[test]
fn a_tldr_states_the_run_and_a_first_step_that_waits_blocks_it() {
    let tldr = "# HANDOFF — cardapio-api\n\n## TL;DR\n\n⛔ **BLOQUEADO** — o PR #212 só entra depois da revisão de segurança.\n\n## O que foi feito\n\n- Terminei o handler `order.placed`\n\n## Próximos passos\n\n1. Fazer o merge do PR #212.\n";
    assert_eq!(plan_of(tldr).status, RunStatus::Blocked);
    let wait = "# HANDOFF\n\n## O que foi feito\n\n- Terminei o handler `order.placed`\n\n## Próximos passos\n\n1. **Esperar a aprovação do Rafael no PR #212**\n2. Fazer o merge.\n";
    assert_eq!(plan_of(wait).status, RunStatus::Blocked);
    let later = "# Closure\n\n## Done\n\n- Closure docs written\n\n## Next steps\n\n1. Push the closure branch; open the closure PR.\n2. Wait for Copilot review on the closure PR; merge.\n";
    assert_eq!(plan_of(later).status, RunStatus::InProgress);
}

/// A French handoff: `J'étais en train de brancher …` is the work under way, and `## Ce qu'il
/// faut faire ensuite` its next steps.
#[test]
fn a_french_handoff_tells_the_work_under_way() {
    let text = "# Passation\n\n## Ce que j'ai fait aujourd'hui\n\n- J'ai fini l'import des menus.\n\n## Où j'en suis exactement\n\nJ'étais en train de brancher les cases à cocher dans `edit.blade.php`. La synchro n'est pas encore écrite.\n\n## Ce qu'il faut faire ensuite\n\n1. Termine le formulaire.\n2. Affiche les pictos.\n";
    let p = plan_of(text);
    assert_eq!(p.status, RunStatus::InProgress);
    assert!(names(&p.open).iter().any(|u| u.starts_with("brancher les cases")), "{:?}", names(&p.open));
    assert_eq!(names(&p.pending), ["Termine le formulaire.", "Affiche les pictos."]);
}

/// A file that states it has not started (`**상태: 시작 전**`) has not, whatever dated note
/// of the meeting that set its plan it keeps; a journal's status row may hold the word in its
/// content (`{"type": "status", "content": "✅ 完了。…"}`).
#[test]
fn a_stated_start_not_made_and_a_status_row_s_content() {
    let ko = "# 작업 목록\n\n## 현재 상태\n\n**상태: 시작 전** — 요구사항 정리만 끝났고, 코드는 아직 없습니다.\n\n## 요구사항 요약 (사장님 미팅, 2026-11-25)\n\n- 재고 관리\n\n## 할 일\n\n- [ ] 프로젝트 스캐폴딩\n- [ ] 로그인\n";
    assert_eq!(plan_of(ko).status, RunStatus::NotStarted);
    let rows = concat!(
        r#"{"type": "task", "id": "T1", "title": "Kiosk app", "status": "done", "ts": "2026-10-28T09:00:00+09:00"}"#, "\n",
        r#"{"type": "status", "content": "✅ 完了。契約範囲のタスクはすべて終了。", "ts": "2026-10-29T10:00:00+09:00"}"#, "\n",
    );
    assert_eq!(plan_of(rows).status, RunStatus::Complete);
}

/// A state's word with a mark before it that only colours it (`🟠 **Zablokováno** — …`) or
/// after it that says it again (`**BLOCKED** 🚫 — …`), under a short title that closes on
/// the word status (`## Abhi ka status`, `## Project status`).
#[test]
fn a_state_word_beside_a_mark_under_a_title_closing_on_status() {
    let cases = [
        "# Předání práce\n\n## Stav\n\n🟠 **Zablokováno** — čekám na review od Tomáše.\n\n## Další kroky\n\n1. Po schválení mergovat.\n",
        "# dev-notes\n\n## Abhi ka status\n\n**BLOCKED** 🚫 — Node 24 pe `better-sqlite3` build fail ho raha hai (upstream bug).\n\n## Next steps\n\n1. Version bump karo.\n",
        "# Notes\n\n## Project status\n\n🟣 **Blocked** — waiting on the vendor's sandbox keys.\n\n## Next\n\n- Wire the webhook.\n",
        "# Übergabe\n\n## Status\n\n**BLOCKIERT** ⛔ — wir warten auf die Freigabe von Jonas.\n\n## Nächste Schritte\n\n1. Deploy nach Freigabe.\n",
    ];
    for text in cases {
        assert_eq!(plan_of(text).status, RunStatus::Blocked, "{text}");
    }
    // The mark after a word that is under way leaves it under way.
    let p = plan_of("# Notes\n\n## Project status\n\n**In progress** 🔧 — the export screen.\n\n## Next\n\n- Add the CSV button.\n");
    assert_eq!(p.status, RunStatus::InProgress);
}

/// A log whose latest sitting opens on a stop or on work not begun (`Stato: non iniziato`,
/// `Status: blocked on …`) states where the run stands when no state section does, in either
/// order of sittings; a sitting's own `Status: complete` is its own work's.
#[test]
fn a_latest_sitting_s_stop_or_not_begun_is_the_run_s() {
    let not_begun = "# Diario\n\n## Sessione 0 — 2026-11-20\n\nStato: non iniziato. Oggi solo analisi dei requisiti.\n\n### Decisioni\n\n- Django 5 + Postgres.\n\n## Prossimi passi\n\n1. Inizializzare il repo.\n";
    assert_eq!(plan_of(not_begun).status, RunStatus::NotStarted);
    let oldest_first = "# Log\n\n## Session 1 — 2026-11-02\n\nStatus: complete.\n\n- Set up the repo.\n\n## Session 2 — 2026-11-09\n\nStatus: blocked on the DNS change from IT.\n\n- Tried the staging domain.\n";
    let newest_first = "# Log\n\n## Session 2 — 2026-11-09\n\nStatus: blocked on the DNS change from IT.\n\n- Tried the staging domain.\n\n## Session 1 — 2026-11-02\n\nStatus: complete.\n\n- Set up the repo.\n";
    for text in [oldest_first, newest_first] {
        assert_eq!(plan_of(text).status, RunStatus::Blocked, "{text}");
    }
    let finished_sitting = "# Log\n\n## Session 1 — 2026-11-02\n\nStatus: complete.\n\n- Set up the repo.\n\n## Next\n\n- Write the importer.\n";
    assert_eq!(plan_of(finished_sitting).status, RunStatus::InProgress);
}

/// A finished run whose file says so, with work listed beside it that is not the run's: ideas
/// under a title whose note says they are not planned (`## Efter v1 (inte planerat, bara
/// idéer)`), follow-ups under a lead-in that closes a paragraph (`None for this upgrade.
/// Follow-ups filed separately (not part of this task):`), and a `**Final state:**` label.
#[test]
fn a_finished_run_beside_work_that_is_not_its_own() {
    let sv = "# TODO — tvättstugan\n\nStatus: **klar** 🎉 — alla punkter avbockade.\n\n## Kärnfunktioner\n\n- [x] Inloggning med PIN\n- [x] Veckovy\n\n## Efter v1 (inte planerat, bara idéer från stämman)\n\n- Statistik till styrelsen\n- Koppla till el-mätare\n";
    let en = "# Session notes — Django upgrade\n\n**Final state:** ✅ COMPLETE — merged in PR #412.\n\n## Phase 1 — Dependencies — DONE\n\n- Django 5.1\n\n## Remaining work\n\nNone for this upgrade. Follow-ups filed separately (not part of this task):\n- #418 adopt `GeneratedField`\n- #419 switch to `LoginRequiredMiddleware`\n\nNext: nothing — task closed.\n";
    for text in [sv, en] {
        let p = plan_of(text);
        assert_eq!((p.status, names(&p.pending)), (RunStatus::Complete, Vec::<&str>::new()), "{text}");
        assert!(p.next_action.is_none(), "{text}: {:?}", p.next_action);
    }
}

/// A written next step the file records done elsewhere, over no work open or to do, leaves
/// no work: the run is complete and next-step-done says the step is stale. Said in other
/// words, with a condition after it (`… droppen, sobald 24 h …`), in either language.
#[test]
fn a_written_next_step_recorded_done_leaves_the_run_complete() {
    let de = "# Session Notes\n\n## Current State\n\nMigration abgeschlossen.\n\n## Ablauf\n\n| # | Schritt | Status |\n|---|---|---|\n| 6 | `shop-api` deployen | ✅ erledigt |\n| 7 | `orders_legacy` nach 24 h Beobachtung droppen | ✅ erledigt |\n\n## NÄCHSTER SCHRITT\n\n`orders_legacy` droppen, sobald 24 h ohne Fehler vergangen sind.\n";
    let en = "# Notes\n\n## Current State\n\nMigration complete.\n\n## Steps\n\n- ✅ Dropped the `orders_legacy` table after watching it for 24 h\n\n## Next step\n\nDrop the `orders_legacy` table when 24 h have passed.\n";
    for text in [de, en] {
        let p = plan_of(text);
        assert_eq!(p.status, RunStatus::Complete, "{text}");
        assert!(p.next_action.is_none(), "{text}");
        let found = memento_core::check(&parse(text), &CheckOptions::default());
        assert!(found.iter().any(|d| d.rule == memento_core::Rule::NextStepDone), "{text}: {found:?}");
    }
    // A step still to take beside the done one keeps the run going.
    let open = en.replace("## Next step\n\n", "## Next step\n\n- Drop the `orders_legacy` table when 24 h have passed.\n- Write the runbook page for the partitions.\n");
    assert_eq!(plan_of(&open).status, RunStatus::InProgress);
}

/// A log line that gives its status and then a note after a full stop or a comma (`F-002 edit
/// note title: DONE. passes=true`, `F-007 DONE. passes=true`, `DONE, verified with
/// puppeteer`), a unit written again by its work id alone (`F-007 sync conflict resolution:
/// IN PROGRESS`, later `F-007 DONE.`), and a commit note (`Commit 2ad9e40 (WIP)`), which is
/// no unit; in either order of sittings.
#[test]
fn a_status_before_a_note_a_unit_named_again_by_its_id_and_a_commit_note() {
    let sittings = [
        "==== Session 3 — 2026-09-06 ====\n- F-006 local persistence: DONE. passes=true\n- F-007 sync conflict resolution: IN PROGRESS\n- Commit c03e55a (WIP, tests failing)\n",
        "==== Session 4 — 2026-09-09 ====\n- F-007: fixed the 3 failing tests.\n- F-007 DONE. passes=true\n- F-008 full-text search: DONE, verified with puppeteer. passes=true\n- F-009 attachments: IN PROGRESS\n- Commit 2ad9e40 (WIP)\n",
    ];
    let oldest_first = format!("claude-progress.txt\n\n{}\n{}", sittings[0], sittings[1]);
    let newest_first = format!("claude-progress.txt\n\n{}\n{}", sittings[1], sittings[0]);
    for text in [oldest_first, newest_first] {
        let p = plan_of(&text);
        assert_eq!(names(&p.open), ["F-009 attachments"], "{text}");
        for done in ["F-006 local persistence", "F-008 full-text search"] {
            assert!(names(&p.completed).contains(&done), "{text}: {:?}", names(&p.completed));
        }
        let found = memento_core::check(&parse(&text), &CheckOptions::default());
        assert!(found.iter().all(|d| d.rule != memento_core::Rule::ProgressContradiction), "{text}: {found:?}");
    }
}

/// A claim that the whole run is done, newer than every unit left under way, leaves those
/// units stale: the run is complete, with no action to resume, in either order of sittings.
#[test]
fn a_newer_claim_of_the_whole_run_done_overtakes_a_unit_left_under_way() {
    let old = "==== 2024-06-10 (session 5) ====\n- F7 encryption at rest: COMPLETED.\n- F8 notifications: IN_PROGRESS.\n- Next: F8 — post to the webhook.\n";
    let new = "==== 2024-06-14 (session 7) ====\n- F9 restore verification: COMPLETED.\n- Released v1.2.0 to PyPI.\n- Project complete; all 9 features passing.\n- Next: nothing.\n";
    for text in [format!("PROGRESS LOG\n\n{new}\n{old}"), format!("PROGRESS LOG\n\n{old}\n{new}")] {
        let p = plan_of(&text);
        assert_eq!(p.status, RunStatus::Complete, "{text}");
        assert!(p.next_action.is_none() && p.resume_from.is_none(), "{text}: {:?}", p.next_action);
    }
    // The same unit under way in the newer sitting keeps the run going.
    let reopened = format!("PROGRESS LOG\n\n{old}\n{}", new.replace("- Next: nothing.\n", "- F10 retention report: IN_PROGRESS.\n"));
    assert_eq!(plan_of(&reopened).status, RunStatus::InProgress, "{reopened}");
}

/// A state's field that says the run waits on a person (`**BLOCKED — waiting on approval.**`,
/// `Bloqueado: esperando la aprobación de Marta`) blocks the run and names no unit of work;
/// a blocked field naming work names it.
#[test]
fn a_blocked_field_that_waits_on_a_person_names_no_unit() {
    for text in [
        "# Session notes — infra\n\n## Current State\n\n**BLOCKED — waiting on approval.** The Terraform plan for prod is ready.\n\n## Next\n\n- Apply the plan.\n",
        "# Notas\n\n## Estado actual\n\nBloqueado: esperando la aprobación de Marta.\n\n## Próximo paso\n\n- Desplegar.\n",
    ] {
        let p = plan_of(text);
        assert_eq!((p.status, names(&p.open)), (RunStatus::Blocked, Vec::<&str>::new()), "{text}");
    }
    let p = plan_of("# Notes\n\n## Current State\n\nBlocked: prod apply of the Fargate service.\n\n## Next\n\n- Apply the plan.\n");
    assert_eq!(names(&p.open), ["prod apply of the Fargate service"]);
}

/// A plan not begun whose section says where to begin (`## 最初にやること`, `## First steps`)
/// gives its next action there, not the first phase's title.
#[test]
fn a_plan_s_first_step_section_is_its_next_step() {
    for (title, step) in [("最初にやること", "`infra/terraform/s3.tf` を新規作成する。"), ("第一步", "新建 `infra/s3.tf`。"), ("First steps", "Create `infra/s3.tf` and review the plan.")] {
        let text = format!("# PLAN\n\n## Phase 1: prep — not started\n\n- Create the bucket\n\n## Phase 2: switch — not started\n\n- Switch uploads\n\n## {title}\n\n{step}\n");
        let p = plan_of(&text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(step), "{text}");
    }
}


/// What the writer will do first tomorrow, told as a sentence anywhere (`Tomorrow I want to
/// start by bisecting …`, `Завтра первым делом надо …`), is the next step of a file that
/// writes none otherwise.
#[test]
fn what_the_writer_will_do_first_tomorrow_is_the_next_step() {
    let cases = [
        ("# NOTES\n\nThe tile cache leaks goroutines since v0.15.\n\nTried pprof, nothing obvious.\n\nTomorrow I want to start by bisecting between v0.14.2 and v0.15.0.\n", "bisecting between v0.14.2 and v0.15.0."),
        ("# Журнал\n\n## 14 ноября 2026\n\nОбновил зависимости.\n\nЗавтра первым делом надо написать запрос к БД для отчёта.\n", "написать запрос к БД для отчёта."),
    ];
    for (text, step) in cases {
        let p = plan_of(text);
        assert_eq!(p.next_action.map(|n| n.text).as_deref(), Some(step), "{text}");
        assert_eq!(p.status, RunStatus::InProgress, "{text}");
    }
}
