//! The check rules (docs/rules.md) as a specification: for every rule, a text where it fires (rule,
//! severity, line) and one where it does not; fixes that clear their diagnostic; secrets
//! never repeated; the real-world corpus free of false errors.

use memento_core::check::check_workspace;
use memento_core::{check, parse, parse_with, splice, CheckOptions, Diagnostic, Dialect, NotesTemplate, ParseOptions, Rule, Severity, Timestamp};
use std::path::{Path, PathBuf};

const SEED_000: &str = include_str!("fixtures/checkpoint-log.md");
const SEED_002: &str = include_str!("fixtures/session-notes.md");
const STORE: &str = include_str!("fixtures/store.jsonl");

fn at(iso: &str) -> Timestamp {
    Timestamp::parse(iso).unwrap()
}

fn now() -> CheckOptions {
    CheckOptions::at(at("2026-04-22T08:00Z"))
}

/// A checkpoint log from its four section bodies (and optional trailing text).
fn log(decisions: &str, progress: &str, discoveries: &str, next: &str) -> String {
    format!(
        "# Session Memory — t1\n\n## Decisions Made\n{decisions}\n## Progress Markers\n{progress}\n## Key Discoveries\n{discoveries}\n## Next Session Start\n{next}"
    )
}

const DEC: &str = "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T07:23Z — Use optimistic locking for order updates\n";
const PROG: &str = "- COMPLETED: orders/batch_1/ (files 001-047)\n- IN_PROGRESS: orders/batch_2/ (files 048-??? — stopped at 050)\n- PENDING: orders/batch_3/\n";
const DISC: &str = "- `orders/batch_2/order_073.json` is malformed\n";
const NEXT: &str = "Begin with orders/batch_2/ file 051.\n";

/// A progress log of dated sessions, in the order given: one heading and one line each.
fn sessions(dates: &[&str]) -> String {
    let mut out = "# Progress\n".to_owned();
    for (i, d) in dates.iter().enumerate() {
        out.push_str(&format!("\n## Session {} — {d}\nWorked on part {}.\n", i + 1, i + 1));
    }
    out
}

/// A plain-text log of dated paragraphs, one per date: paragraph k on line 3k.
fn updates(dates: &[&str]) -> String {
    let mut out = "# Progress\n".to_owned();
    for (i, d) in dates.iter().enumerate() {
        out.push_str(&format!("\nProgress Update - {d} (session {})\nWorked on part {}.\n", i + 1, i + 1));
    }
    out
}

fn notes_with(section: &str, replacement: &str) -> String {
    let mut out = SEED_002.to_owned();
    let at = out.find(section).unwrap();
    out.replace_range(at..at + section.len(), replacement);
    out
}

/// (rule, text, options, expected line) where the rule must fire, and a text where it must not.
struct Case {
    rule: Rule,
    fires: (String, CheckOptions, u32),
    clean: (String, CheckOptions),
}

fn cases() -> Vec<Case> {
    let seed = || (SEED_000.to_owned(), now());
    let budget = CheckOptions { section_budget_tokens: 20, ..now() };
    vec![
        Case {
            rule: Rule::MissingSection,
            // Key Discoveries absent: reported where it belongs, before Next Session Start.
            fires: ("# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — x\n\n## Progress Markers\n- COMPLETED: a\n\n## Next Session Start\nGo.\n".into(), now(), 9),
            clean: ("# Progress\n\n## What Works\n- Login\n".into(), now()),
        },
        Case {
            rule: Rule::DuplicateSection,
            fires: (format!("{}\n## Key Discoveries\n- another fact here\n", log(DEC, PROG, DISC, NEXT)), now(), 18),
            clean: seed(),
        },
        Case {
            rule: Rule::EmptyNextStep,
            fires: (log(DEC, PROG, DISC, ""), now(), 15),
            clean: seed(),
        },
        Case {
            rule: Rule::MalformedEntry,
            fires: (log("- 2026-04-22T07:12Z — use x\n- Use optimistic locking\n", PROG, DISC, NEXT), now(), 5),
            clean: seed(),
        },
        Case {
            rule: Rule::UnknownStatus,
            fires: (log(DEC, "- REVIEWED: orders/batch_1/\n", DISC, NEXT), now(), 8),
            clean: seed(),
        },
        Case {
            rule: Rule::TimestampOutOfOrder,
            fires: (log("- 2026-04-22T07:23Z — use x\n- 2026-04-22T07:12Z — use y\n", PROG, DISC, NEXT), now(), 5),
            clean: seed(),
        },
        Case {
            rule: Rule::FutureTimestamp,
            fires: (log("- 2026-04-22T07:12Z — use x\n- 2026-04-22T09:30Z — use y\n", PROG, DISC, NEXT), now(), 5),
            clean: seed(),
        },
        Case {
            rule: Rule::DanglingSupersedes,
            fires: (log("- 2026-04-22T07:12Z — use x\n- 2026-04-22T07:30Z — SUPERSEDES [2026-01-01T00:00Z] use y\n", PROG, DISC, NEXT), now(), 5),
            clean: (log("- 2026-04-22T07:12Z — use x\n- 2026-04-22T07:30Z — SUPERSEDES [2026-04-22T07:12Z] use y\n", PROG, DISC, NEXT), now()),
        },
        Case {
            rule: Rule::ConflictingDecisions,
            fires: (log("- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role\n", PROG, DISC, NEXT), now(), 5),
            clean: (log("- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T07:40Z — SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml to add the admin role\n", PROG, DISC, NEXT), now()),
        },
        Case {
            rule: Rule::DuplicateEntry,
            fires: (log(DEC, PROG, "- Order schema has a legacy_id field\n- order schema has a `legacy_id` field.\n", NEXT), now(), 14),
            clean: seed(),
        },
        Case {
            rule: Rule::ProgressContradiction,
            fires: (log(DEC, "- COMPLETED: orders/batch_1/\n- PENDING: orders/batch_1/, orders/batch_4/\n", DISC, NEXT), now(), 9),
            clean: seed(),
        },
        Case {
            rule: Rule::SectionOverBudget,
            fires: (log(DEC, PROG, DISC, NEXT), budget, 3),
            clean: seed(),
        },
        Case {
            rule: Rule::StaleMemory,
            fires: (SEED_000.to_owned(), CheckOptions::at(at("2026-06-01T00:00Z")), 5),
            clean: seed(),
        },
        Case {
            rule: Rule::StaleCurrentState,
            fires: (notes_with("Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.\n", ""), now(), 6),
            clean: (SEED_002.to_owned(), now()),
        },
        Case {
            rule: Rule::PossibleSecret,
            fires: (log(DEC, PROG, "- deploy token is ghp_1234567890abcdefghijABCDEFGHIJ123456\n", NEXT), now(), 13),
            clean: seed(),
        },
        Case {
            rule: Rule::EntryAfterCompletion,
            fires: (format!("{}\n## TASK COMPLETE — 2026-04-22T07:50Z\nFinal status: all batches processed.\n- 2026-04-22T07:55Z — one more thing\n", log(DEC, "- COMPLETED: orders/batch_1/\n", DISC, NEXT)), now(), 18),
            clean: (format!("{}\n## TASK COMPLETE — 2026-04-22T07:50Z\nFinal status: all batches processed.\n", log(DEC, "- COMPLETED: orders/batch_1/\n", DISC, NEXT)), now()),
        },
        Case {
            rule: Rule::TemplateDrift,
            fires: (notes_with("_Important system components. How they work together._", "_Components._"), now(), 26),
            clean: (SEED_002.to_owned(), now()),
        },
        Case {
            rule: Rule::StaleEntry,
            fires: ("{\"id\":\"a\",\"content\":\"prefers plain markdown\",\"updated_at\":\"2025-12-01T00:00:00Z\"}\n{\"id\":\"b\",\"content\":\"uses rust daily\",\"updated_at\":\"2026-04-01T00:00:00Z\"}\n".into(), now(), 1),
            clean: ("{\"id\":\"b\",\"content\":\"uses rust daily\",\"updated_at\":\"2026-04-01T00:00:00Z\"}\n".into(), now()),
        },
        Case {
            rule: Rule::MixedScope,
            fires: (STORE.to_owned(), now(), 2),
            clean: ("{\"id\":\"a\",\"agent_id\":\"x\",\"content\":\"one fact\"}\n{\"id\":\"b\",\"agent_id\":\"x\",\"content\":\"another fact\"}\n".into(), now()),
        },
        Case {
            rule: Rule::TimestampAssumedUtc,
            fires: (log("- 2026-04-22T07:12Z — use x\n- 2026-04-22 07:30 — use y\n", PROG, DISC, NEXT), now(), 5),
            clean: seed(),
        },
        Case {
            rule: Rule::StatusAlias,
            fires: (log(DEC, "- DONE: orders/batch_1/\n- IN_PROGRESS: orders/batch_2/ (stopped at 050)\n", DISC, NEXT), now(), 8),
            // A free-form file's own words are read, not corrected.
            clean: ("# Progress\n\n## 2026-11-20\n- Done: parser\n- Fixed: login redirect\n- Completado: exportador\n\n## Next steps\n- Write the docs\n".into(), now()),
        },
        Case {
            rule: Rule::WrappedInFence,
            // Reported on the opening fence line, after the blank line it follows.
            fires: (format!("\n```markdown\n{}```\n", log(DEC, PROG, DISC, NEXT)), now(), 2),
            // A fence inside the file, or a file that is one code sample, is no wrapper.
            clean: (format!("{}\n```rust\nfn main() {{}}\n```\n", log(DEC, PROG, DISC, NEXT)), now()),
        },
        Case {
            rule: Rule::NextStepDone,
            // batch_1 is COMPLETED (line 8); the next step (line 16) starts it again.
            fires: (log(DEC, PROG, DISC, "Begin with orders/batch_1/ file 012.\n"), now(), 16),
            // Naming the done unit beside the open one is a hand-over, not a stale step.
            clean: (log(DEC, PROG, DISC, "orders/batch_1/ is done: begin with orders/batch_2/ file 051.\n"), now()),
        },
        Case {
            rule: Rule::OpenItemDone,
            // The backlog still lists (line 9) what the shipped list records in other words.
            fires: (
                "# Progress\n\n## Shipped\n- Envio de lembrete por WhatsApp 24h antes (Twilio sandbox)\n- Login com Google\n\n## Pendências\n\n- [ ] Lembrete por WhatsApp 24h antes da consulta\n- [ ] Relatório mensal de faltas por profissional\n".into(),
                now(),
                9,
            ),
            // Work that only shares a few words with what was shipped is other work.
            clean: (
                "# Progress\n\n## Shipped\n- Envio de lembrete por e-mail 24h antes\n- Login com Google\n\n## Pendências\n\n- [ ] Lembrete por WhatsApp 24h antes da consulta\n".into(),
                now(),
            ),
        },
        Case {
            rule: Rule::NextStepDropped,
            // Session 1 plans the retry queue (line 6); session 2 never mentions it again.
            fires: (
                "# Log\n\n## Session 1 — 2026-03-01\n\nNext steps:\n- Build the webhook retry queue with backoff\n- Write the parser tests\n\n## Session 2 — 2026-03-02\n\nWrote the parser tests.\n\nNext steps:\n- Ship the beta\n".into(),
                now(),
                6,
            ),
            // Carried forward into session 2's steps, it is not dropped.
            clean: (
                "# Log\n\n## Session 1 — 2026-03-01\n\nNext steps:\n- Build the webhook retry queue with backoff\n- Write the parser tests\n\n## Session 2 — 2026-03-02\n\nWrote the parser tests.\n\nNext steps:\n- Build the retry queue for webhooks\n".into(),
                now(),
            ),
        },
        Case {
            rule: Rule::CommitRepeated,
            // Two checkpoints with work of their own both at 6f1e2aa (the second's field, line 12).
            fires: (
                "# Checkpoints\n\n### 2026-02-27T10:00Z\n- Commit: `8c493de26dc3`\n- Focus: WS-61 parser slice\n\n### 2026-02-27T11:00Z\n- Commit: `6f1e2aa90b1c`\n- Focus: WS-62 exporter slice\n\n### 2026-02-27T12:00Z\n- Commit: `6f1e2aa90b1c`\n- Focus: WS-63 importer slice\n".into(),
                now(),
                12,
            ),
            // Each checkpoint at its own commit.
            clean: (
                "# Checkpoints\n\n### 2026-02-27T10:00Z\n- Commit: `8c493de26dc3`\n- Focus: WS-61 parser slice\n\n### 2026-02-27T11:00Z\n- Commit: `6f1e2aa90b1c`\n- Focus: WS-62 exporter slice\n\n### 2026-02-27T12:00Z\n- Commit: `a41d0c3e77f2`\n- Focus: WS-63 importer slice\n".into(),
                now(),
            ),
        },
        Case {
            rule: Rule::EntriesOutOfOrder,
            // Oldest first, but the third update (line 9) is dated before the second.
            fires: (updates(&["2026-03-01", "2026-03-05", "2026-03-03", "2026-03-08"]), now(), 9),
            clean: (updates(&["2026-03-08", "2026-03-05", "2026-03-03", "2026-03-01"]), now()),
        },
        Case {
            rule: Rule::MissingMetadata,
            // A Letta memory block whose required description is empty (line 2).
            fires: ("---\ndescription: \n---\nI help the payments team.\n".into(), now(), 2),
            clean: ("---\ndescription: Who I am\n---\nI help the payments team.\n".into(), now()),
        },
        Case {
            rule: Rule::MalformedMetadata,
            // A Claude Code topic file gives `type` twice (line 5).
            fires: ("---\nname: Testing\ndescription: How tests run here\ntype: feedback\ntype: user\n---\n\nRun the focused test first.\n".into(), now(), 5),
            clean: ("---\nname: Testing\ndescription: How tests run here\ntype: feedback\n---\n\nRun the focused test first.\n".into(), now()),
        },
        Case {
            rule: Rule::PastLoadLimit,
            // A Claude Code index of 201 entries under its title: line 201 is never loaded.
            fires: (index(201), now(), 201),
            clean: (index(150), now()),
        },
        Case {
            rule: Rule::ScopeMismatch,
            // A Codex block for the dashboard, read for the payments project (line 4).
            fires: (CODEX_BLOCK.into(), CheckOptions { project: Some("/home/dev/payments".into()), ..now() }, 4),
            clean: (CODEX_BLOCK.into(), CheckOptions { project: Some("/home/dev/dashboard/".into()), ..now() }),
        },
        Case {
            rule: Rule::StatusConflict,
            // The top block says done; the one further down (line 10) still says in progress.
            fires: ("# Project\n\n## Current Status\n✅ Complete\n\n## Notes\n- shipped on Friday\n\n## Status\n**Status:** In progress\n".into(), now(), 10),
            // The same status twice, and a unit's own status line, are no conflict.
            clean: ("# Project\n\n## Current Status\n✅ Complete\n\n## Status\nStatus: done\n\n## Estado actual\n- IN_PROGRESS: docs\n".into(), now()),
        },
        Case {
            rule: Rule::CountMismatch,
            // Says seven, lists two (line 3); an inline list of three under a Chinese counter of four (line 8).
            fires: ("# Log\n\n**Files Created (7):**\n1. a.rs\n2. b.rs\n\n".into(), now(), 3),
            // The right count; a count of tests over the topics they cover; groups counted by their members.
            clean: ("# Log\n\n**Files Created (2):**\n1. a.rs\n2. b.rs\n\nAdded a suite (49 tests) covering:\n- parsing\n- errors\n\nSeed data (7 categories):\n- Income (3): a, b, c\n- Costs (4): d, e, f, g\n\n核心 (3个)：a, b, c\n".into(), now()),
        },
        Case {
            rule: Rule::SummaryContradiction,
            // The summary (line 3) says 10/12; the log, oldest first, ends at 12/12.
            fires: ("# Progress\n\nStatus: 10/12 features passing\n\n## Session 1: 2026-03-01\n\n- 10/12 features passing\n\n## Session 2: 2026-03-02\n\n- 12/12 features passing\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\nEnd: 12/12 features passing\n".into(), now(), 3),
            // Kept newest first, the top is the latest; a target is no count.
            clean: ("# Progress\n\nStatus: 12/12 features passing\nTarget: 20/20 features\n\n## Session 2: 2026-03-02\n\n- 12/12 features passing\n\n## Session 1: 2026-03-01\n\n- 10/12 features passing\n".into(), now()),
        },
        Case {
            rule: Rule::TotalChanged,
            // 137 features, then 152 (line 7) without a word.
            fires: ("# Log\n\n## 2026-03-01\n- 137/137 features passing\n\n## 2026-03-02\n- 142/152 features passing\n".into(), now(), 7),
            // One total throughout; tests grow with the code; a session's own three steps.
            clean: ("# Log\n\n## 2026-03-01\n- 130/137 features passing\n- 40/50 tests\n\n## 2026-03-02\n- 137/137 features passing\n- 61/61 tests\n- 3/3 tasks done\n".into(), now()),
        },
        Case {
            rule: Rule::StaleInProgress,
            // Left in progress on 2026-03-01 (line 5); the session of 2026-03-02 moved on.
            fires: ("# Log\n\n## Session 1: 2026-03-01\n\n- IN_PROGRESS: export\n\n## Session 2: 2026-03-02\n\n- COMPLETED: import\n".into(), now(), 5),
            // Carried into the latest session, it is current.
            clean: ("# Log\n\n## Session 1: 2026-03-01\n\n- IN_PROGRESS: export\n\n## Session 2: 2026-03-02\n\n- IN_PROGRESS: export\n".into(), now()),
        },
        Case {
            rule: Rule::InvisibleCharacter,
            // A backspace ate the `b` of `base` (line 3).
            fires: ("# Progress\n\n- Kept Pages-friendly \u{8}ase: './'.\n".into(), now(), 3),
            // Tabs, a byte order mark at the start, emoji joined by zero-width joiners.
            clean: ("\u{feff}# Progreso\n\n-\tFamilia 👨\u{200d}👩\u{200d}👧 lista\n".into(), now()),
        },
        Case {
            rule: Rule::UnfilledPlaceholder,
            // The session's date was never written into its heading (line 3).
            fires: ("# Progress\n\n## Session 3 — YYYY-MM-DD\nDid things.\n".into(), now(), 3),
            // A date format mentioned in a sentence; a template section.
            clean: ("# Progress\n\nDates are written as YYYY-MM-DD.\n\n## Entry template\n### Session N — YYYY-MM-DD\n".into(), now()),
        },
        Case {
            rule: Rule::UnclosedEmphasis,
            // The label's bold is never closed (line 4).
            fires: ("# Progress\n\n**Last Updated**: 2026-01-19\n**Current Agent: N/A\n".into(), now(), 4),
            // Closed bold; a glob.
            clean: ("# Progress\n\n**Last Updated**: 2026-01-19\nFiles: src/**/*.ts\n".into(), now()),
        },
        Case {
            rule: Rule::EmptySection,
            // Recent Changes holds nothing (line 3).
            fires: ("# Memory Bank\n\n## Recent Changes\n\n## Learnings\n- Use the cache.\n".into(), now(), 3),
            // A heading over subsections; Blockers answered with None.
            clean: ("# Plan\n\n## Phase 1\n### Step A\nDone.\n\n## Blockers\nNone\n".into(), now()),
        },
        Case {
            rule: Rule::PersonalData,
            // A reviewer's e-mail address (line 3).
            fires: ("# Notes\n\n- Reviewer: Jane <jane.smith@gmail.com>\n".into(), now(), 3),
            // A noreply address nobody reads.
            clean: ("# Notes\n\n- Co-Authored-By: Claude <noreply@anthropic.com>\n".into(), now()),
        },
        Case {
            rule: Rule::SeveralInProgress,
            // Three focus areas under way at once (the first on line 4).
            fires: ("# Active Context\n\n## Current Focus\n- Scraper reliability\n- Cost-of-living data\n- Output formats\n".into(), now(), 4),
            // One piece of work under way; the rest waits in Next Steps.
            clean: ("# Active Context\n\n## Current Focus\n- Scraper reliability\n\n## Next Steps\n- Cost-of-living data\n".into(), now()),
        },
        Case {
            rule: Rule::NumberingGap,
            // Newest first: round 18 (line 3), then round 16 (line 7); no round 17 anywhere.
            fires: ("# Log\n\n## Round 18\n\nfixed a\n\n## Round 16\n\nfixed b\n\n## Round 15\n\nfixed c\n".into(), now(), 7),
            // Round 17 written further down: a mixed order, not a hole.
            clean: ("# Log\n\n## Round 18\n\nfixed a\n\n## Round 16\n\nfixed b\n\n## Round 17\n\nfixed c\n".into(), now()),
        },
    ]
}

/// A Claude Code `MEMORY.md` of `n` index lines.
fn index(n: usize) -> String {
    let mut out = "# Memory\n".to_owned();
    for i in 1..=n {
        out.push_str(&format!("- [Topic {i}](topic_{i}.md) — what topic {i} holds\n"));
    }
    out
}

const CODEX_BLOCK: &str = "# Task Group: dashboard chart colours\n\nscope: Colours of the dashboard's charts.\napplies_to: cwd=/home/dev/dashboard; reuse_rule=only in that checkout\n\n## Task 1: Switch to the accessible palette, done\n";

fn of(ds: &[Diagnostic], rule: Rule) -> Vec<&Diagnostic> {
    ds.iter().filter(|d| d.rule == rule).collect()
}

/// The lines at which `rule` fires on `text`, checked as of [`now`].
fn lines_of(text: &str, rule: Rule) -> Vec<u32> {
    check(&parse(text), &now()).into_iter().filter(|d| d.rule == rule).map(|d| d.line).collect()
}

#[test]
fn every_check_rule_fires_and_stays_quiet() {
    let cases = cases();
    // Rules that need the other files of a memory folder have their cases in tests/formats.rs.
    let folder_rules = [Rule::DanglingLink, Rule::PinnedOverBudget];
    for rule in Rule::ALL.iter().filter(|r| r.kind() == memento_core::RuleKind::Check && !folder_rules.contains(r)) {
        assert!(cases.iter().any(|c| c.rule == *rule), "no case for {rule}");
    }
    let mut failures = Vec::new();
    for c in &cases {
        let (text, options, line) = &c.fires;
        let doc = parse(text);
        let ds = check(&doc, options);
        let hits = of(&ds, c.rule);
        match hits.first() {
            None => failures.push(format!("{} should fire on:\n{text}\ngot {ds:#?}", c.rule)),
            Some(d) => {
                if d.severity != c.rule.default_severity() || d.line != *line || d.line != doc.position(d.range.start()).line {
                    failures.push(format!("{}: expected line {line}, got {d:#?}", c.rule));
                }
                if d.message.is_empty() || d.help.is_none() {
                    failures.push(format!("{}: message and help expected", c.rule));
                }
            }
        }
        let (text, options) = &c.clean;
        let ds = check(&parse(text), options);
        if !of(&ds, c.rule).is_empty() {
            failures.push(format!("{} should not fire on:\n{text}\ngot {:#?}", c.rule, of(&ds, c.rule)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn severities_are_the_specified_ones() {
    let expected = [
        (Rule::MissingSection, Severity::Warning),
        (Rule::DanglingSupersedes, Severity::Error),
        (Rule::ConflictingDecisions, Severity::Error),
        (Rule::ProgressContradiction, Severity::Error),
        (Rule::PossibleSecret, Severity::Error),
        (Rule::TemplateDrift, Severity::Error),
        (Rule::StaleEntry, Severity::Info),
        (Rule::MixedScope, Severity::Info),
        (Rule::TimestampAssumedUtc, Severity::Info),
        (Rule::StatusAlias, Severity::Info),
    ];
    for (rule, sev) in expected {
        assert_eq!(rule.default_severity(), sev, "{rule}");
    }
}

#[test]
fn seed_000_checks_clean() {
    let ds = check(&parse(SEED_000), &now());
    assert!(ds.is_empty(), "{ds:#?}");
    let ds = check(&parse(SEED_000), &CheckOptions::default());
    assert!(ds.is_empty(), "{ds:#?}");
}

#[test]
fn seed_002_notes_check_clean() {
    let ds = check(&parse(SEED_002), &now());
    assert!(ds.iter().all(|d| d.severity == Severity::Info), "{ds:#?}");
}

#[test]
fn rules_needing_now_are_skipped_without_it() {
    let text = log("- 2026-04-22T07:12Z — use x\n- 2030-01-01T00:00Z — use y\n", PROG, DISC, NEXT);
    let ds = check(&parse(&text), &CheckOptions::default());
    assert!(of(&ds, Rule::FutureTimestamp).is_empty() && of(&ds, Rule::StaleMemory).is_empty());
    let ds = check(&parse(STORE), &CheckOptions::default());
    assert!(of(&ds, Rule::StaleEntry).is_empty());
}

/// Progress markers are state: a unit IN_PROGRESS and COMPLETED on a later line is one
/// contradiction, and then done. It is neither one of two units in progress nor work that
/// remains (which would ask for a next step).
#[test]
fn a_unit_completed_later_is_no_longer_in_progress() {
    let done_later = "- IN_PROGRESS: orders/batch_1/ (stopped at 010)\n- COMPLETED: orders/batch_1/ (files 001-047)\n";
    let doc = parse(log(DEC, done_later, DISC, ""));
    let ds = check(&doc, &now());
    let contradictions = of(&ds, Rule::ProgressContradiction);
    assert_eq!(contradictions.len(), 1, "{ds:#?}");
    assert!(contradictions[0].message.contains("is IN_PROGRESS (line 8) and COMPLETED here"), "{}", contradictions[0].message);
    assert!(of(&ds, Rule::EmptyNextStep).is_empty(), "{ds:#?}");

    let then_two = format!("{done_later}- IN_PROGRESS: orders/batch_2/\n- IN_PROGRESS: orders/batch_3/\n");
    let ds = check(&parse(log(DEC, &then_two, DISC, NEXT)), &now());
    let two: Vec<_> = of(&ds, Rule::ProgressContradiction).into_iter().filter(|d| d.message.contains("two units")).collect();
    assert_eq!(two.len(), 1, "{ds:#?}");
    assert_eq!(two[0].message, "two units are IN_PROGRESS: `orders/batch_2/` (line 10) and `orders/batch_3/`");
    assert_eq!(two[0].line, 11);

    // Work that remains is named by the unit in progress now, not by an earlier one.
    let ds = check(&parse(log(DEC, &format!("{done_later}- IN_PROGRESS: orders/batch_2/\n"), DISC, "")), &now());
    let empty = of(&ds, Rule::EmptyNextStep);
    assert_eq!(empty.len(), 1, "{ds:#?}");
    assert!(empty[0].message.contains("`orders/batch_2/` is IN_PROGRESS"), "{}", empty[0].message);
}

/// A state's own line of what is under way and an item of a list under way name one piece of
/// work at two grains, in either order; so are the steps of a unit under way, one done,
/// under a list of work left. Two items of lists under way are two units.
#[test]
fn a_focus_and_the_step_of_it_under_way_are_one_piece_of_work() {
    let two_units = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::ProgressContradiction).map(|d| d.message).collect::<Vec<_>>();
    let en = "# Active Context\n\n## Current Focus\n\nWorking on: **streaming export for `GET /api/v2/invoices/export`** — 🚧 in progress.\n\n## Recent Changes\n\n- ✅ Added `ExportStream`\n- 🚧 Wiring the route handler in `src/routes/invoices.ts` — headers set\n\n## Next Steps\n\n- Pipe the stream into `res`.\n";
    let es = "# Progress\n\n## Qué falta\n\n- 🚧 **Lista de la compra** generada a partir del plan semanal — en curso\n  - agrupar ingredientes por nombre normalizado: hecho\n  - UI en `/plan/shopping-list`: pendiente\n- ⏳ Compartir recetas — pendiente\n\n## Estado actual\n\nTrabajando en la suma de cantidades con unidades mixtas.\n\n## Siguientes pasos\n\n1. Implementar `parseQuantity()`.\n";
    for text in [en, es] {
        assert_eq!(two_units(text), Vec::<String>::new(), "{text}");
    }
    let lists = "# Progress\n\n## Doing\n\n- 🚧 Billing page\n\n## Backlog\n\n- 🚧 Export to CSV\n- ⏳ Dark mode\n";
    assert_eq!(two_units(lists).len(), 1, "{lists}");
    // A done step under an item that only labels its sub-items stays flagged.
    let label = "# Progress\n\n## Remaining\n\n- **Deploy phase:**\n  - Staging deploy (done)\n  - Production deploy\n";
    assert!(two_units(label).iter().any(|m| m.contains("is marked done")), "{label}");
}

#[test]
fn diagnostics_are_sorted_and_point_at_the_thing() {
    let text = log(
        "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role\n",
        "- DONE: orders/batch_1/\n- IN_PROGRESS: orders/batch_2/\n- IN_PROGRESS: orders/batch_3/\n",
        DISC,
        NEXT,
    );
    let doc = parse(&text);
    let ds = check(&doc, &now());
    assert!(ds.windows(2).all(|w| w[0].range.start() <= w[1].range.start()));
    let conflict = of(&ds, Rule::ConflictingDecisions)[0];
    assert_eq!(doc.text(conflict.range), "modify config/auth.yaml to add the admin role");
    assert!(conflict.message.contains("2026-04-22T07:40Z") && conflict.message.contains("2026-04-22T07:12Z") && conflict.message.contains("config/auth.yaml"), "{}", conflict.message);
    let help = conflict.help.as_deref().unwrap();
    assert!(help.contains("DO NOT modify") && help.contains("SUPERSEDES [2026-04-22T07:12Z]"), "{help}");
    let two = of(&ds, Rule::ProgressContradiction);
    assert_eq!(two.len(), 1);
    assert!(two[0].message.contains("two units are IN_PROGRESS"), "{}", two[0].message);
    assert_eq!(two[0].line, 10);
    let alias = of(&ds, Rule::StatusAlias)[0];
    assert_eq!(doc.text(alias.range), "DONE");
}

/// Applying a diagnostic's fix and checking again removes that diagnostic.
#[test]
fn fixes_clear_their_diagnostic() {
    let secret_log = log(DEC, PROG, "- token ghp_1234567890abcdefghijABCDEFGHIJ123456 for CI\n", NEXT);
    let fixable: Vec<(Rule, String)> = vec![
        (Rule::StatusAlias, log(DEC, "- DONE: orders/batch_1/\n- WIP: orders/batch_2/ (stopped at 050)\n", DISC, NEXT)),
        (Rule::StatusAlias, log(DEC, "- FINISHED: orders/batch_1/\n- En curso: orders/batch_2/\n", DISC, NEXT)),
        (Rule::TimestampAssumedUtc, log("- 2026-04-22 07:12 — use x\n", PROG, DISC, NEXT)),
        (Rule::MissingSection, "# Session Memory — t1\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n".into()),
        (Rule::DuplicateEntry, log(DEC, PROG, "- Order schema has a legacy_id field\n- order schema has a `legacy_id` field.\n", NEXT)),
        (Rule::PossibleSecret, secret_log),
        (Rule::DanglingSupersedes, log("- 2026-04-22T07:12Z — use x\n- 2026-04-22T07:30Z — SUPERSEDES [2026-04-22] use y\n", PROG, DISC, NEXT)),
        (Rule::TemplateDrift, notes_with("_Important system components. How they work together._", "_Components._")),
        (Rule::TemplateDrift, notes_with("# Errors & Corrections\n_Errors encountered and how they were fixed. What approaches failed._\n", "# Errors and Corrections\n_Errors encountered and how they were fixed. What approaches failed._\n")),
        (Rule::TemplateDrift, notes_with("\n_Step by step, what was attempted and done. Terse summary._", "")),
        (Rule::WrappedInFence, format!("~~~md\n{}~~~~\n\n", log(DEC, PROG, DISC, NEXT))),
        (Rule::InvisibleCharacter, log(DEC, PROG, "- the \u{200b}config\u{202e} loader\u{1b}[0m reads \u{8}env\n- \u{feff}second\n", NEXT)),
    ];
    for (rule, text) in fixable {
        let doc = parse(&text);
        let before = check(&doc, &now());
        let hits = of(&before, rule);
        assert!(!hits.is_empty(), "{rule} on {text}");
        // Apply every fix of this rule at once (they never overlap).
        let edits: Vec<_> = hits.iter().flat_map(|d| d.fix.clone().unwrap_or_else(|| panic!("{rule} has no fix"))).collect();
        let fixed = splice(&text, &edits).unwrap();
        let after = check(&parse_with(&fixed, &ParseOptions { dialect: Some(doc.dialect()), file_name: None }), &now());
        assert!(of(&after, rule).is_empty(), "{rule} after fix:\n{fixed}\n{:#?}", of(&after, rule));
        // The fix adds no new error.
        let errors = |ds: &[Diagnostic]| ds.iter().filter(|d| d.severity == Severity::Error).count();
        assert!(errors(&after) <= errors(&before), "{rule}: {after:#?}");
    }
}

#[test]
fn secrets_are_never_repeated() {
    let secrets = [
        "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC",
        "ghp_1234567890abcdefghijABCDEFGHIJ123456",
        "AKIAQ7R2M5XK3PZL9WJD",
        "xoxb-123456789012-1234567890123-AbCdEfGh",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        "hunter2secret",
        "4111 1111 1111 1111",
        "123-45-6789",
        "MIIEowIBAAKCAQEAsecretkeymaterial",
    ];
    let text = log(
        "- 2026-04-22T07:12Z — Use sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC for the batch jobs\n- 2026-04-22T07:20Z — Avoid sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC\n",
        PROG,
        "- gh ghp_1234567890abcdefghijABCDEFGHIJ123456 and AKIAQ7R2M5XK3PZL9WJD\n- slack xoxb-123456789012-1234567890123-AbCdEfGh\n\
- jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk\n- db postgres://admin:hunter2secret@db.internal/app\n\
- card 4111 1111 1111 1111, ssn 123-45-6789\n- gh ghp_1234567890abcdefghijABCDEFGHIJ123456 and AKIAQ7R2M5XK3PZL9WJD\n",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsecretkeymaterial\n-----END RSA PRIVATE KEY-----\n",
    );
    let ds = check(&parse(&text), &now());
    let found = of(&ds, Rule::PossibleSecret);
    assert!(found.len() >= 9, "{found:#?}");
    assert!(!of(&ds, Rule::ConflictingDecisions).is_empty(), "the conflict quotes the key: it must be redacted");
    assert!(!of(&ds, Rule::DuplicateEntry).is_empty(), "the duplicate quotes the token: it must be redacted");
    for d in &ds {
        let mut shown = vec![d.message.clone(), d.help.clone().unwrap_or_default()];
        shown.extend(d.fix.iter().flatten().map(|e| e.content.clone()));
        for s in &shown {
            for secret in secrets {
                assert!(!s.contains(secret), "{} repeats {secret}: {s}", d.rule);
            }
        }
    }
    assert!(found.iter().any(|d| d.message.contains("sk-p…(redacted)")), "{found:#?}");
    assert!(memento_core::secret::redact(&text).find("hunter2secret").is_none());
}

#[test]
fn severity_overrides_and_switches() {
    let text = log(DEC, "- DONE: orders/batch_1/\n- IN_PROGRESS: orders/batch_2/\n", DISC, NEXT);
    let opts = CheckOptions { severity: vec![(Rule::StatusAlias, Some(Severity::Error))], ..now() };
    let ds = check(&parse(&text), &opts);
    assert_eq!(of(&ds, Rule::StatusAlias)[0].severity, Severity::Error);
    let opts = CheckOptions { severity: vec![(Rule::StatusAlias, None)], ..now() };
    assert!(of(&check(&parse(&text), &opts), Rule::StatusAlias).is_empty());
}

#[test]
fn custom_notes_template_replaces_the_default() {
    let template = NotesTemplate::parse("# Goal\n_What we are building._\n\n# Current State\n_Where we are._\n\n# Worklog\n_Steps._\n");
    assert_eq!(template.sections().len(), 3);
    let text = "# Goal\n_What we are building._\n\nA parser.\n\n# Current State\n_Where we are._\n\nParsing.\n\n# Worklog\n_Steps._\n\n- 2026-04-22T07:00Z — began\n";
    let doc = parse_with(text, &ParseOptions { dialect: Some(Dialect::SessionNotes), file_name: None });
    let opts = CheckOptions { template: Some(template.clone()), ..now() };
    let ds = check(&doc, &opts);
    assert!(ds.iter().all(|d| d.severity == Severity::Info), "{ds:#?}");
    // The same file against the default template: eight sections missing, Goal is drift.
    let ds = check(&doc, &now());
    assert_eq!(of(&ds, Rule::MissingSection).len(), 8);
    assert!(of(&ds, Rule::TemplateDrift).iter().any(|d| d.message.contains("# Goal")));
    // A custom template checks its own wording exactly.
    let drifted = text.replace("_Where we are._", "_Where we were._");
    let ds = check(&parse_with(&drifted, &ParseOptions { dialect: Some(Dialect::SessionNotes), file_name: None }), &opts);
    let drift = of(&ds, Rule::TemplateDrift);
    assert_eq!(drift.len(), 1);
    assert_eq!(drift[0].line, 7);
}

#[test]
fn template_drift_ignores_header_case_and_accepts_both_wordings() {
    // Real Claude Code wording and "Task specification" casing (corpus 038/053).
    let real = "\n# Session Title\n_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_\n\nT\n\n\
# Current State\n_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._\n\nNow.\n\n\
# Task specification\n_What did the user ask to build? Any design decisions or other explanatory context_\n\n# Files and Functions\n_What are the important files? In short, what do they contain and why are they relevant?_\n\n\
# Workflow\n_What bash commands are usually run and in what order? How to interpret their output if not obvious?_\n\n\
# Errors & Corrections\n_Errors encountered and how they were fixed. What did the user correct? What approaches failed and should not be tried again?_\n\n\
# Codebase and System Documentation\n_What are the important system components? How do they work/fit together?_\n\n\
# Learnings\n_What has worked well? What has not? What to avoid? Do not duplicate items from other sections_\n\n\
# Key results\n_If the user asked a specific output such as an answer to a question, a table, or other document, repeat the exact result here_\n\n\
# Worklog\n_Step by step, what was attempted, done? Very terse summary for each step_\n\n1. Started\n";
    let doc = parse(real);
    assert_eq!(doc.dialect(), Dialect::SessionNotes);
    let ds = check(&doc, &now());
    // Work has started and sections are empty: empty-section's (info), nothing else.
    assert!(ds.iter().all(|d| d.rule == Rule::EmptySection && d.severity == Severity::Info), "{ds:#?}");
}

#[test]
fn workspace_checks_a_memory_bank_across_files() {
    let progress = "# Progress\n\n## What Works\n- User login flow\n\n## What's Left to Build\n- Export to PDF\n";
    let active = "# Active Context\n\n## Current Work Focus\nFinishing the user login flow.\n\n## In Progress\n- User login flow\n\n## Active Decisions\n- 2026-04-20 — Use Redis for sessions\n";
    let decisions = "# Decision Log\n\n## Decisions\n- 2026-04-21 — Avoid Redis: not available in production\n";
    let docs = [
        parse_with(progress, &ParseOptions { dialect: None, file_name: Some("memory-bank/progress.md".into()) }),
        parse_with(active, &ParseOptions { dialect: None, file_name: Some("memory-bank/activeContext.md".into()) }),
        parse_with(decisions, &ParseOptions { dialect: None, file_name: Some("memory-bank/decisionLog.md".into()) }),
    ];
    let files: Vec<(&str, &memento_core::Document)> = vec![
        ("memory-bank/progress.md", &docs[0]),
        ("memory-bank/activeContext.md", &docs[1]),
        ("memory-bank/decisionLog.md", &docs[2]),
    ];
    let ds = check_workspace(&files, &now());
    let find = |rule: Rule| ds.iter().filter(move |(_, d)| d.rule == rule).collect::<Vec<_>>();
    let contra = find(Rule::ProgressContradiction);
    assert_eq!(contra.len(), 1, "{ds:#?}");
    assert_eq!((contra[0].0, contra[0].1.line), (1, 7));
    assert!(contra[0].1.message.contains("progress.md (line 4)"), "{}", contra[0].1.message);
    let conflict = find(Rule::ConflictingDecisions);
    assert_eq!(conflict.len(), 1, "{ds:#?}");
    assert_eq!((conflict[0].0, conflict[0].1.line), (2, 4));
    assert!(conflict[0].1.message.contains("activeContext.md") && conflict[0].1.message.contains("Redis"));
    let next = find(Rule::EmptyNextStep);
    assert_eq!(next.len(), 1, "{ds:#?}");
    assert_eq!(next[0].0, 1);
    assert!(next[0].1.message.contains("Export to PDF"), "{}", next[0].1.message);
    // With a Next Steps section, and files of different folders, nothing crosses.
    let active_ok = format!("{active}\n## Next Steps\n1. Build the PDF export\n");
    let a2 = parse_with(&active_ok, &ParseOptions { dialect: None, file_name: Some("memory-bank/activeContext.md".into()) });
    let files = vec![("memory-bank/progress.md", &docs[0]), ("memory-bank/activeContext.md", &a2)];
    assert!(check_workspace(&files, &now()).iter().all(|(_, d)| d.rule != Rule::EmptyNextStep));
    let files = vec![("a/progress.md", &docs[0]), ("b/activeContext.md", &docs[1]), ("c/decisionLog.md", &docs[2])];
    let ds = check_workspace(&files, &now());
    assert!(ds.iter().all(|(_, d)| d.severity != Severity::Error), "{ds:#?}");
}

fn corpus_dir() -> PathBuf {
    std::env::var_os("MEMENTO_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus"))
}

/// Error-severity findings on the real corpus that were read and are real; any other error
/// on a normal real file is a bug in the rule. Each is also a problem its label names.
const VERIFIED_CORPUS_ERRORS: &[(&str, Rule, u32)] = &[
    // `🔄 **Implementation Phase**` (173) and `Frontend-backend integration (in progress)`
    // (195) are open beside `🔄 Ready for Claude Desktop…` (140).
    ("042-", Rule::ProgressContradiction, 173),
    ("042-", Rule::ProgressContradiction, 195),
    // Three `🔄 **…**` units under In Progress (91, 98, 104).
    ("060-", Rule::ProgressContradiction, 98),
    ("060-", Rule::ProgressContradiction, 104),
    // `ステージング環境手動デプロイ (実施済み…)` (done) left under 残っているタスク (remaining).
    ("005-", Rule::ProgressContradiction, 121),
    // `API key value: pk_1920…`: a ClickUp key.
    ("045-", Rule::PossibleSecret, 24),
];

#[test]
fn corpus_checks_without_false_errors() {
    let dir = corpus_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir).expect("tests/corpus").map(|e| e.unwrap().path()).collect();
    names.sort();
    let mut checked = 0;
    for path in names.iter().filter(|p| !p.ends_with("MANIFEST.tsv")) {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = parse(&text);
        for options in [CheckOptions::default(), now()] {
            let ds = check(&doc, &options);
            for d in &ds {
                assert!(text.get(d.range.range()).is_some(), "{name}: {d:?}");
                if d.severity == Severity::Error {
                    assert!(
                        VERIFIED_CORPUS_ERRORS.iter().any(|(n, r, l)| name.starts_with(n) && *r == d.rule && *l == d.line),
                        "{name}:{} unexpected error {}: {}",
                        d.line,
                        d.rule,
                        d.message
                    );
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked}");
    // The real Claude Code notes files are exactly on template.
    for n in ["038-ccnotes.md", "053-ccnotes.md"] {
        let doc = parse(&std::fs::read_to_string(dir.join(n)).unwrap());
        let ds = check(&doc, &CheckOptions::default());
        assert!(ds.iter().all(|d| !matches!(d.rule, Rule::TemplateDrift | Rule::MissingSection | Rule::DuplicateSection)), "{n}: {ds:#?}");
    }
}

#[test]
fn corpus_memory_bank_folders_check_as_workspaces() {
    let dir = corpus_dir();
    // 014/015 and 058/059 are progress.md + activeContext.md of one repository each.
    for (p, a) in [("014-memorybank.md", "015-memorybank.md"), ("059-memorybank.md", "058-memorybank.md"), ("002-memorybank.md", "001-memorybank.md")] {
        let (pt, at_) = (std::fs::read_to_string(dir.join(p)).unwrap(), std::fs::read_to_string(dir.join(a)).unwrap());
        let pd = parse_with(&pt, &ParseOptions { dialect: None, file_name: Some("memory-bank/progress.md".into()) });
        let ad = parse_with(&at_, &ParseOptions { dialect: None, file_name: Some("memory-bank/activeContext.md".into()) });
        let ds = check_workspace(&[("memory-bank/progress.md", &pd), ("memory-bank/activeContext.md", &ad)], &CheckOptions::default());
        for (_, d) in &ds {
            assert!(d.severity != Severity::Error, "{p}+{a}: {d:#?}");
        }
    }
}

/// Diagnostics as `memento check` prints them (`file:line:column: severity[rule] message`,
/// then `help:`; wasm-pkg/cli/main.cjs), each fix's edits after them: the words a person
/// reads, held by the snapshots in tests/snapshots/ (a change shows as a diff to review).
fn rendered(file: &str, text: &str, options: &CheckOptions) -> String {
    let mut out = String::new();
    for d in check(&parse_with(text, &ParseOptions { dialect: None, file_name: Some(file.into()) }), options) {
        out += &format!("{file}:{}:{}: {}[{}] {}\n", d.line, d.column, d.severity.as_str(), d.rule.id(), d.message);
        if let Some(help) = &d.help {
            out += &format!("  help: {help}\n");
        }
        for e in d.fix.iter().flatten() {
            out += &format!("  fix: {}..{} -> {:?}\n", e.range.start(), e.range.end(), e.content);
        }
    }
    out
}

#[test]
fn a_checkpoint_log_with_findings_as_printed() {
    insta::assert_snapshot!(rendered("session_memory.md", include_str!("fixtures/findings.md"), &now()));
}

#[test]
fn session_notes_and_a_memory_store_with_findings_as_printed() {
    let notes = SEED_002.replace("# Learnings", "# Lessons").replace("Migrating orders.py to optimistic locking; next: run the batch_3 fixtures.\n", "");
    insta::assert_snapshot!(rendered("summary.md", &notes, &now()) + &rendered("memories.jsonl", STORE, &now()));
}

mod robustness {
    //! check never panics, and every diagnostic's range and fix apply to the text.
    use super::*;
    use proptest::prelude::*;

    const FRAGMENTS: &[&str] = &[
        "\n", "\r\n", "# ", "## ", "### ", "- ", "* ", "1. ", "  ", "> ", "```", "- [x] ", "- [ ] ", "**", "_", "`", "[", "]",
        "(", ")", "COMPLETED: ", "IN_PROGRESS: ", "PENDING: ", "DONE: ", "WEIRD: ", "stopped at 094", "files 092-???", " — ",
        " - ", "2026-04-22T07:12Z", "2026-04-22 07:12", "2026-02-30", "2031-01-01", "SUPERSEDES [", "SUPERSEDES [2026-04-22] ",
        "## Decisions Made\n", "## Progress Markers\n", "## Key Discoveries\n", "## Next Session Start\n", "## TASK COMPLETE — ",
        "# Session Memory — t\n", "# Current State\n", "_desc_\n", "# Worklog\n", "DO NOT modify config/auth.yaml", "modify config/auth.yaml",
        "use Redis", "avoid Redis", "instead of", "`legacy_id`", "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC", "ghp_1234567890abcdefghijABCDEFGHIJ123456",
        "postgres://u:pw1234@h", "4111 1111 1111 1111", "123-45-6789", "-----BEGIN RSA PRIVATE KEY-----", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uh",
        "✅", "🚧", "中文", "é", "—", "\u{feff}", "{\"id\":\"a\",\"content\":\"x y z w\",\"updated_at\":\"2020-01-01\",\"agent_id\":\"q\"}\n", "{", "\"", ":",
        // This session's readers: work ids and ranges, claims of all N, header fields, done and
        // left, next-step labels and sittings, parts' percentages.
        "F041-F044", "COD-11-001", "WS-31/WS-32", "#7", "DB-", "ALL 12 FEATURES DONE", "all 3 ", "12/12", "**Commits:** 0",
        "**Commits**: 26", "236 passing, 14 remaining", "Next steps:\n", "下一步：", "## Session 3 — 2026-03-01\n", "Frontend: 100%",
        "(95% - Ready)", "| Auth | 60% |", "(Ongoing)", "Maintenance", "optional", "Consider ",
    ];

    fn soup() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(FRAGMENTS), 0..60).prop_map(|v| v.concat())
    }

    fn assert_sound(text: &str) {
        let doc = parse(text);
        let options = CheckOptions::at(at("2026-04-22T08:00Z"));
        for d in check(&doc, &options) {
            assert!(d.range.end() <= text.len() && text.is_char_boundary(d.range.start()) && text.is_char_boundary(d.range.end()), "{d:?}");
            if let Some(fix) = &d.fix {
                splice(text, fix).unwrap_or_else(|e| panic!("{}: {e}", d.rule));
            }
        }
        let _ = memento_core::conflict::conflicts(&doc);
        let _ = memento_core::conflict::find_conflict(&doc, text);
        let _ = memento_core::secret::redact(text);
    }

    proptest! {
        #[test]
        fn check_survives_fragment_soup(text in soup()) {
            assert_sound(&text);
        }

        #[test]
        fn check_survives_any_string(text in any::<String>()) {
            assert_sound(&text);
        }
    }
}

/// status-conflict: the run's status on `Status:` lines and short first lines, in several
/// languages; a session's own state block (under a dated heading) is that session's, which a
/// later state rightly changes.
#[test]
fn status_conflict_compares_the_run_s_current_states_only() {
    let conflicts = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::StatusConflict).map(|d| d.line).collect::<Vec<_>>();
    assert_eq!(conflicts("# Proyecto\n\n## Estado\nEstado: en curso\n\n## Current Status\nStatus: COMPLETED\n"), vec![7]);
    assert_eq!(conflicts("# プロジェクト\n\n## ステータス\n完了\n\n## Status\n- Status: in Arbeit\n"), vec![7]);
    // Session blocks: each dated session keeps its own state.
    assert!(conflicts("# Log\n\n## Session 1 — 2026-03-01\n### Current Status\nStatus: in progress\n\n## Session 2 — 2026-03-02\n### Current Status\nStatus: COMPLETED\n").is_empty());
    // A subsection's status line is the subsection's (a component), not the section's.
    assert!(conflicts("# P\n\n## Current Status\nStatus: in progress\n### Parser\nStatus: COMPLETED\n").is_empty());
    // The file's title section states the run too (`**Status geral:** 🟡 em andamento` under
    // the title, `## Status atual` over `✅ Integração Pix concluída.` below).
    assert_eq!(conflicts("# STATUS — Integração Pix\n\n**Status geral:** 🟡 em andamento — falta a conciliação\n\n## Tarefas\n\n- Cliente HTTP\n\n## Status atual\n\n✅ Integração Pix concluída.\n"), vec![11]);
    assert!(conflicts("# Sprint 7\n\n**Status:** in progress\n\n## Current state\n\nIn progress — the export screen.\n").is_empty());
    // The run's overall progress, stated twice (the first in a status board in a code block).
    assert_eq!(conflicts("# Progress\n\n```\nAuth: 100%\nOverall: 100% Complete\n```\n\n## Architecture\n\n**Overall Progress**: **95% Complete**\n"), vec![10]);
    assert_eq!(conflicts("# Avance\n\nProgreso general: 40%\n\n## Notas\n\nProgreso general: 60%\n"), vec![7]);
    // The same figure twice, a part's figure, or a log's sessions moving it on: no conflict.
    assert!(conflicts("# P\n\nOverall progress: 80%\n\nFrontend progress: 95%\n\nOverall: 80% complete\n").is_empty());
    assert!(conflicts("# Log\n\n## Session 1 — 2026-03-01\nOverall progress: 40%\n\n## Session 2 — 2026-03-02\nOverall progress: 60%\n").is_empty());
}

/// entries-out-of-order: one finding per run going against the file's order (two sessions of
/// the same date do not end a run), one for each separate run, in either order of file.
#[test]
fn entries_out_of_order_reports_each_run_once() {
    let lines = |dates: &[&str]| check(&parse(&updates(dates)), &now()).into_iter().filter(|d| d.rule == Rule::EntriesOutOfOrder).map(|d| d.line).collect::<Vec<_>>();
    // Update k is on line 3k.
    assert_eq!(lines(&["2026-03-10", "2026-03-12", "2026-03-02", "2026-03-02", "2026-03-01", "2026-03-20", "2026-03-25"]), vec![9]);
    assert_eq!(lines(&["2026-03-01", "2026-03-05", "2026-03-02", "2026-03-06", "2026-03-03", "2026-03-07", "2026-03-08"]), vec![9, 15]);
    assert_eq!(lines(&["2026-03-25", "2026-03-20", "2026-03-21", "2026-03-12", "2026-03-10"]), vec![9]);
    // Two dated parts give no order to break.
    assert!(lines(&["2026-03-05", "2026-03-01"]).is_empty());
    // Dated sessions that go back are a log going back in time, said once (by
    // timestamp-out-of-order), not twice.
    let found: Vec<(Rule, u32)> = check(&parse(&sessions(&["2026-03-01", "2026-03-05", "2026-03-03", "2026-03-08"])), &now())
        .into_iter()
        .filter(|d| matches!(d.rule, Rule::EntriesOutOfOrder | Rule::TimestampOutOfOrder))
        .map(|d| (d.rule, d.line))
        .collect();
    assert_eq!(found, [(Rule::TimestampOutOfOrder, 9)]);
}

/// summary-contradiction: a count and its percentage on one line that disagree, anywhere in
/// the file, in a log too; a percentage of something else is left alone.
#[test]
fn a_count_and_its_percentage_that_disagree() {
    let text = "# Progress\n\n## Session 3 — 2026-03-03\n- COMPLETED: exporter\n- Status: 43/50 features passing (84%)\n\n## Session 4 — 2026-03-04\n- COMPLETED: importer\n- Status: 44/50 features passing (88%), coverage 71%\n";
    let found: Vec<(u32, String)> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::SummaryContradiction).map(|d| (d.line, d.message)).collect();
    assert_eq!(found, [(5, "this line gives 43/50 as 84%; 43/50 is 86%".to_owned())]);
}

/// A state file with a dated heading or two among many (`### Latest Sprint (31/12/2024)`) is
/// still a state file, not a log: every next step it writes is checked.
#[test]
fn a_few_dated_headings_do_not_make_a_state_file_a_log() {
    let mut text = String::from("# Progress\n\nOverall: 100% Complete - Production Ready\n\n## Services\n\n- Notify Service — COMPLETED\n\n## Workers\n\n**Next**: Notify Service implementation for real-time alerts\n");
    for part in ["Frontend", "Backend", "Infrastructure", "Testing", "Docs", "Security"] {
        text.push_str(&format!("\n## {part}\n\n- {part} setup — COMPLETED\n"));
    }
    text.push_str("\n## Latest Sprint (31/12/2024)\n\nShipped the agent.\n\n## This Week (16/01/2025)\n\n**Overall Progress**: **95% Complete** after the sync worker\n\n## Next Steps\n\n1. Finish the Sync Worker retries\n");
    let rules: Vec<Rule> = check(&parse(&text), &now()).into_iter().map(|d| d.rule).collect();
    assert!(rules.contains(&Rule::NextStepDone), "{rules:?}");
}

/// timestamp-out-of-order: a block of sessions kept the other way round is one finding that
/// says where the block starts and ends, not one per session; a single step back is said as
/// before. Sessions dated in words (`January 26, 2026 ~08:18 UTC`) are dated too.
#[test]
fn a_block_kept_the_other_way_round_is_one_finding() {
    let days = ["January 20, 2026 ~08:18 UTC", "January 21, 2026", "January 19, 2026", "January 18, 2026", "January 17, 2026", "January 22, 2026", "January 23, 2026"];
    let found: Vec<(u32, String)> = check(&parse(&sessions(&days)), &now())
        .into_iter()
        .filter(|d| d.rule == Rule::TimestampOutOfOrder)
        .map(|d| (d.line, d.message))
        .collect();
    assert_eq!(
        found,
        [(6, "sections from `January 21, 2026` (line 6) to `January 17, 2026` (line 15) are kept newest first: 3 steps, each earlier than the section before it".to_owned())]
    );
}

/// In a file that says how things stand now (not a log), every next step it writes should
/// be open: a `**Next**:` under one component naming another that is done is stale, though
/// the plan resumes from a different step. In a log, an older session's next step is history.
#[test]
fn every_next_step_of_a_state_file_is_checked_but_not_a_logs_older_ones() {
    let state = "# Progress\n\n## Services\n\n- Notify Service — COMPLETED\n- Sync Worker — IN_PROGRESS\n\n## Workers\n\n**Next**: Notify Service implementation for real-time alerts\n\n## Next Steps\n\n1. Finish the Sync Worker retries\n";
    let found: Vec<(u32, String)> = check(&parse(state), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDone).map(|d| (d.line, d.message)).collect();
    assert_eq!(found, [(10, "the next step names `Notify Service`, which the file records as COMPLETED (line 5)".to_owned())]);
    // One word of 8+ letters is too loose a name for a step other than the plan's.
    let loose = state.replace("**Next**: Notify Service implementation for real-time alerts", "**Next**: Maintain documentation as we go").replace("- Notify Service — COMPLETED", "- Documentation — COMPLETED");
    assert!(check(&parse(loose.as_str()), &now()).iter().all(|d| d.rule != Rule::NextStepDone));
    let log = "# Progress Log\n\n## Session 1 — 2026-04-20\n\n- Notify Service — IN_PROGRESS\n\nNext: Notify Service implementation\n\n## Session 2 — 2026-04-21\n\n- Notify Service — COMPLETED\n\nNext: Sync Worker retries\n";
    assert!(check(&parse(log), &now()).iter().all(|d| d.rule != Rule::NextStepDone));
    // The step the plan takes from a Next Steps list is itself a pending unit: it is no other
    // open unit, and the work it names was finished, in prose, by a later session.
    let log = "# Project Progress\n\n## Session 1 (2025-10-01)\n- Search indexing: IN PROGRESS\n\n## Session 2 (2025-10-03)\n- Completed search indexing\n\n## Next Steps\n- Implement search indexing\n";
    let found: Vec<u32> = check(&parse(log), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDone).map(|d| d.line).collect();
    assert_eq!(found, [10]);
}

/// A plain-text log's bracketed sessions are numbered sittings too: a number reused is a
/// duplicate, a number skipped a gap; `API Session 2` is another series.
#[test]
fn bracketed_sessions_of_a_plain_text_log() {
    let text = "# Progress Log\n\n[Session 1 — Setup — 2026-02-22]\nSTATUS: Complete\n\n[Session 2 — Goals — 2026-02-22]\nSTATUS: Complete\n\n[Session 4 — Tasks — 2026-02-23]\nSTATUS: Complete\n\n[API Session 2 — Chat — 2026-03-11]\nSTATUS: Complete\n\n[Session 2 — Assistant — 2026-03-16]\nSTATUS: Complete\n";
    let found: Vec<(Rule, u32, String)> = check(&parse(text), &now())
        .into_iter()
        .filter(|d| matches!(d.rule, Rule::NumberingGap | Rule::DuplicateSection))
        .map(|d| (d.rule, d.line, d.message))
        .collect();
    assert_eq!(
        found,
        [
            (Rule::NumberingGap, 9, "session 3 is not in the file: the log goes from line 6 to here".to_owned()),
            (Rule::DuplicateSection, 15, "`Session 2 — Assistant — 2026-03-16` again: a section of that number is at line 6".to_owned()),
        ]
    );
}

/// Items that say only that nothing changed hold nothing a fresh session can use: the
/// details stayed in an earlier version of the file. Answers such as `Blockers: none` are
/// not that.
#[test]
fn a_section_of_unchanged_items_holds_no_details() {
    let text = "# Active Context\n\n## Recent Changes\n\n- **Config (`src/config.py`):** (変更なし)\n- **Parser:** (unchanged)\n- (no change) Slack scopes\n- **Docs:** rewrote the deploy guide\n\n## Status\n\n- Blockers: none\n- Risks: none\n- Open questions: none\n";
    let found: Vec<(u32, String)> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::EmptySection).map(|d| (d.line, d.message)).collect();
    assert_eq!(found, [(3, "section `Recent Changes` holds no details: 3 of its 4 items say only `(no change)`".to_owned())]);
}

/// Several blocks that each say a fresh session starts there: each after the first is a
/// status-conflict. Sibling sections tagged `(Current Session)` in a row are one session's
/// parts, and a block marked as prior is history.
#[test]
fn several_blocks_claiming_to_be_current() {
    let conflicts = |text: &str| -> Vec<(u32, String)> {
        check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::StatusConflict).map(|d| (d.line, d.message)).collect()
    };
    let handoff = "# Handoff\n\n## START HERE — W4b (fresh session)\n\nDo W4b.\n\n## W3 notes\n\nDone.\n\n## START HERE — W3 wiring\n\nDo W3.\n\n## (prior) START HERE — W2\n\nDo W2.\n";
    assert_eq!(conflicts(handoff), [(11, "this block says it is the current one, and so does `START HERE — W4b (fresh session)` (line 3)".to_owned())]);
    let parts = "# Active Context\n\n## Recent Work\n\n### Player fix (Current Session)\n\nFixed.\n\n### Login fix (Current Session)\n\nFixed.\n";
    assert_eq!(conflicts(parts), []);
    let plain = "====\nSession: Feature #21\nDate: 2026-02-27 (Latest Session)\n====\nStatus: passing\n\n====\nSession: Features #138-#140\nDate: 2026-02-27 (Current Session)\n====\nStatus: done\n";
    assert_eq!(conflicts(plain), [(9, "this block says it is the current one, and so does `Date: 2026-02-27 (Latest Session)` (line 3)".to_owned())]);
}

/// A progress log of finished work that never says what comes next, nor that the run is
/// done: reported on its last line, where the next step belongs.
#[test]
fn a_progress_log_that_ends_without_a_next_step() {
    let log = "# Progress Log\n\n## Session 1 — 2026-04-20\n\n- Implemented the parser\n- Added tests\n\n## Session 2 — 2026-04-21\n\n- Implemented the exporter\n";
    let name = ParseOptions { file_name: Some("claude-progress.md".into()), ..ParseOptions::default() };
    let found = |text: &str| -> Vec<u32> {
        check(&parse_with(text, &name), &now()).into_iter().filter(|d| d.rule == Rule::EmptyNextStep).map(|d| d.line).collect()
    };
    assert_eq!(found(log), [10]);
    assert_eq!(found(&format!("{log}\nNext: wire the exporter into the CLI\n")), Vec::<u32>::new());
    assert_eq!(found(&format!("{log}\nALL TASKS DONE — the project is complete.\n")), Vec::<u32>::new());
}

/// A log of stamped lines in one paragraph (Roo Code's decisionLog.md and progress.md append
/// them so): every line is dated, so the newest date is the last line's, not the first's.
#[test]
fn every_stamped_line_of_a_paragraph_is_dated() {
    let text = "# Decision Log\n\n[2025-04-01 10:00:00] - Chose PostgreSQL\n[2025-04-03 15:20:00] - Use Redis\n[2025-04-09 09:00:00] - Signed cookies\n";
    let found: Vec<(Rule, u32)> = check(&parse(text), &now())
        .into_iter()
        .filter(|d| matches!(d.rule, Rule::StaleMemory | Rule::TimestampAssumedUtc))
        .map(|d| (d.rule, d.line))
        .collect();
    assert_eq!(
        found,
        [(Rule::TimestampAssumedUtc, 3), (Rule::TimestampAssumedUtc, 4), (Rule::StaleMemory, 5), (Rule::TimestampAssumedUtc, 5)]
    );
    assert_eq!(parse(text).last_updated().map(|t| t.to_string()).as_deref(), Some("2025-04-09 09:00:00"));
}

#[test]
fn sections_of_one_day_are_ordered_by_the_versions_they_name() {
    let log = |versions: &[&str]| {
        let mut out = "# Progress log\n".to_owned();
        for v in versions {
            out.push_str(&format!("\n## [2026-03-11] - Release ({v})\n- Shipped what {v} holds\n"));
        }
        out
    };
    // Newest first, and v2.43.0 sits below v2.40.1 (line 15).
    let ds = check(&parse(&log(&["v2.46.0", "v2.42.0", "v2.41.0", "v2.40.1", "v2.43.0"])), &now());
    let found = of(&ds, Rule::EntriesOutOfOrder);
    assert_eq!(found.iter().map(|d| d.line).collect::<Vec<_>>(), [15], "{ds:#?}");
    assert!(found[0].message.contains("2.43.0") && found[0].message.contains("newest first"), "{}", found[0].message);
    // In order either way: quiet; so is a file whose days already order its sections.
    for versions in [&["v2.46.0", "v2.42.0", "v2.41.0", "v2.40.1"][..], &["v1.0.0", "v1.1.0", "v1.2.0", "v2.0.0"]] {
        assert!(of(&check(&parse(&log(versions)), &now()), Rule::EntriesOutOfOrder).is_empty(), "{versions:?}");
    }
    let dated = "# Log\n\n## 2026-03-01 (v1.0.0)\n\n## 2026-03-02 (v1.2.0)\n\n## 2026-03-03 (v1.1.0)\n\n## 2026-03-04 (v1.3.0)\n";
    assert!(of(&check(&parse(dated), &now()), Rule::EntriesOutOfOrder).is_empty());
}

#[test]
fn a_summary_ends_where_the_log_begins_in_any_language() {
    let rule = lines_of;
    // The log is of dated items: the summary (line 3) is above the first of them.
    let en = "# Progress\n\n**Status:** 12/20 tasks complete\n\n## Log\n- 2025-11-01: Completed: auth\n- 2025-11-02: Completed: payments\n- 2025-11-03: 20/20 tasks complete. Project done.\n";
    assert_eq!(rule(en, Rule::SummaryContradiction), [3]);
    let es = "# Progreso\n\n**Estado:** 12/20 tareas completadas\n\n## Registro\n- 2025-11-01: Completado: autenticación\n- 2025-11-03: 20/20 tareas completadas. Proyecto terminado.\n";
    assert_eq!(rule(es, Rule::SummaryContradiction), [3]);
    // A summary the log agrees with.
    assert!(rule(&en.replace("12/20", "20/20"), Rule::SummaryContradiction).is_empty());
    // The run's overall progress twice in a status file titled as a progress log (no sittings).
    let board = "# Project status\n\n## Current Status\nOverall: 60% complete.\n\n## Summary\nOverall: 85% complete.\n";
    assert_eq!(rule(board, Rule::StatusConflict), [7]);
}

#[test]
fn a_summary_count_against_the_units_the_file_marks() {
    let rule = |text: &str| lines_of(text, Rule::SummaryContradiction);
    // Five boxes, four ticked, under a summary of three: in the writer's language.
    let en = "# Sprint 7\n\nProgress: 3/5 tasks complete\n\n- [x] Rate limiter\n- [x] API keys\n- [x] Dashboard\n- [x] Webhooks\n- [ ] Invoices\n";
    assert_eq!(rule(en), [3]);
    let es = "# Tareas\n\nProgreso: 2/4 tareas completadas\n\n- [x] Login\n- [x] Registro\n- [x] Perfil\n- [ ] Pagos\n";
    assert_eq!(rule(es), [3]);
    let ja = "# タスク\n\n進捗: 1/3 タスク完了\n\n- 完了：ログイン\n- 完了：検索\n- 未着手：通知\n";
    assert_eq!(rule(ja), [3]);
    let zh = "# 任务\n\n进度：2/4 已完成\n\n- [x] 登录\n- [x] 注册\n- [x] 个人资料\n- [ ] 支付\n";
    assert_eq!(rule(zh), [3]);
    // The fraction, the things it counts, then a done word (`8/12 milestones done`,
    // `7/11 Milestones erledigt`), under a label of no progress word.
    let things = "# Progress\n\n**Overall: 4/5 milestones done** · last updated 2026-10-30\n\n- [x] M1 Auth\n- [x] M2 Orgs\n- [x] M3 Invites\n- [ ] M4 Billing\n- [ ] M5 Export\n";
    assert_eq!(rule(things), [3]);
    assert_eq!(rule(&things.replace("4/5 milestones done", "4/5 Meilensteine erledigt")), [3]);
    assert!(rule(&things.replace("4/5", "3/5")).is_empty());
    // The summary's own line dated after it (`· last verified …`) is still the summary.
    assert_eq!(rule(&things.replace("**Overall: 4/5 milestones done** · last updated 2026-10-30", "**4 of 5 features complete** · last verified 2026-09-30 with `cargo test`")), [3]);
    // Quiet: the summary agrees, or counts other things than the units (another total in a
    // file whose units are not all boxes).
    assert!(rule(&en.replace("3/5", "4/5")).is_empty());
    let mixed = format!("{}\n## Sub-tasks\n| Task | Status |\n|---|---|\n| Docs | Done |\n", en.replace("3/5", "3/8"));
    assert!(rule(&mixed).is_empty());
    // A to-do file of boxes alone, whose summary totals none of its counts of them: the list
    // changed and the summary did not.
    assert_eq!(rule(&en.replace("3/5", "3/8")), [3]);
}

#[test]
fn a_summary_that_says_the_work_is_done_over_work_still_to_do() {
    let rule = |text: &str| lines_of(text, Rule::SummaryContradiction);
    // A done status in the header, or a claim, over an open box or a Remaining list.
    assert_eq!(rule("# Feature: Export\n\n**Status:** ✅ Complete\n\n## Tasks\n- [x] CSV export\n- [ ] PDF export\n"), [3]);
    assert_eq!(rule("# Handoff\n\nAll tasks are done. Nothing left to do.\n\n## Remaining\n- Write the README\n"), [3]);
    assert_eq!(rule("# 進捗\n\n**ステータス:** 完了\n\n## タスク\n- [x] ログイン\n- [ ] 検索\n"), [3]);
    assert_eq!(rule("# Avance\n\n**Estado:** Completado\n\n## Pendiente\n- Documentar la API\n"), [3]);
    // Quiet: nothing left open; a part's status (`### Deployment Status`); a status that
    // counts a session's features.
    assert!(rule("# Feature: Export\n\n**Status:** ✅ Complete\n\n## Tasks\n- [x] CSV export\n- [x] PDF export\n").is_empty());
    assert!(rule("# Project\n\n## Overview\n\n### Deployment Status\n- **Status:** Deployed\n\n## Next\n- [ ] Billing page\n").is_empty());
    assert!(rule("# Session 12\n\n**Status:** All 3 features PASSING ✅\n\n## Backlog\n- [ ] Search\n").is_empty());
}

#[test]
fn a_last_updated_field_older_than_the_work_the_file_logs() {
    let rule = |text: &str| lines_of(text, Rule::SummaryContradiction);
    // In the header or in a footer, in the writer's language.
    assert_eq!(rule("# Progress\n\nLast updated: 2026-11-01\n\n## 2026-11-20 Session 4\n- Added search\n\n## 2026-11-25 Session 5\n- Added filters\n"), [3]);
    assert_eq!(rule("# Progreso\n\n## 2026-11-20 Sesión 4\n- Búsqueda\n\n---\n*Última actualización: 2026-11-02*\n"), [7]);
    assert_eq!(rule("# 進捗\n\n**最終更新:** 2026-11-01\n\n## 2026-11-20 セッション4\n- 検索\n"), [3]);
    // Quiet: kept up (the same day), a plain date (a handoff's day), no dated work.
    assert!(rule("# Progress\n\nLast updated: 2026-11-25\n\n## 2026-11-20 Session 4\n- Added search\n\n## 2026-11-25 Session 5\n- Added filters\n").is_empty());
    assert!(rule("# Handoff\n\n**Date:** 2026-11-01\n\n## 2026-11-20 Session 4\n- Added search\n").is_empty());
    assert!(rule("# Notes\n\nLast updated: 2026-11-01\n\n## Done\n- Search\n").is_empty());
    // A sitting's own field dates that sitting.
    assert!(rule("# Log\n\n## 2026-11-20 Session 4\n**Updated:** 2026-11-20\n- Search\n\n## 2026-11-25 Session 5\n- Filters\n").is_empty());
}

/// A name in a script that joins its words (Japanese, Chinese, Korean) is found by its
/// characters, with a particle or a verb joined to it: `検索機能を実装する` names `検索機能`.
#[test]
fn a_next_step_names_a_done_unit_in_scripts_that_join_their_words() {
    let cases = [
        "# 作業ログ\n\n## 進捗\n- 完了：検索機能\n- 進行中：CSVエクスポート\n\n## 次のステップ\n- 検索機能を実装する\n",
        "# 进度\n\n## 状态\n- 已完成：搜索功能\n- 进行中：导出\n\n## 下一步\n- 实现搜索功能\n",
        "# 진행\n\n## 상태\n- 완료: 검색 기능\n- 진행 중: 내보내기\n\n## 다음 단계\n- 검색 기능을 구현\n",
    ];
    for text in cases {
        let found: Vec<u32> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDone).map(|d| d.line).collect();
        assert_eq!(found, [8], "{text}");
        // A done unit the step does not name: quiet.
        let open = text.replace("完了：検索機能", "完了：ログイン").replace("已完成：搜索功能", "已完成：登录").replace("완료: 검색 기능", "완료: 로그인");
        assert!(check(&parse(&open), &now()).iter().all(|d| d.rule != Rule::NextStepDone), "{open}");
    }
}

/// A state block whose title dates its last update (`## Status (updated 2026-02-10)`) is the
/// file's current state as of then, not a session: two such blocks that disagree conflict.
/// Status blocks of dated sessions are each their session's.
#[test]
fn state_blocks_dated_by_their_update_conflict() {
    let conflict = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::StatusConflict).map(|d| d.line).collect::<Vec<u32>>();
    let updated = "# Status\n\n## Current Status\n**Status:** In progress — 3 of 5 phases done\n\n## Notes\nPhase 4 is under way.\n\n## Status (updated 2026-02-10)\n**Status:** Complete — all phases shipped\n";
    assert_eq!(conflict(updated), [10]);
    assert_eq!(conflict(&updated.replace("(updated 2026-02-10)", "— Stand 10.02.2026")), [10]);
    let sessions = "# Log\n\n## Status — Session 3, 2026-02-05\n**Status:** In progress\n\n## Status — Session 4, 2026-02-10\n**Status:** Complete\n";
    assert!(conflict(sessions).is_empty());
}

/// A progress count's total of features or tasks that changes past the summary is said once,
/// where the new total first appears, in either log order and in the reader's languages; a
/// count of tests, or a total that comes back, is not.
#[test]
fn a_total_that_changes_is_said_where_it_first_appears() {
    let changed = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::TotalChanged).map(|d| d.line).collect::<Vec<u32>>();
    let oldest_first = "# Progress\n\n## Session 1 — 2026-02-01\n- 40/137 features passing\n\n## Session 2 — 2026-02-02\n- 137/137 features passing\n\n## Session 3 — 2026-02-03\n- 142/152 features passing\n\n## Session 4 — 2026-02-04\n- 150/152 features passing\n";
    assert_eq!(changed(oldest_first), [10]);
    let ds = check(&parse(oldest_first), &now());
    let d = ds.iter().find(|d| d.rule == Rule::TotalChanged).unwrap();
    assert_eq!(d.message, "this count's total is 152; the count before it (line 7) gave 137");
    let newest_first = "# Progreso\n\n## Sesión 3 — 2026-02-03\n- 30/30 tareas completadas\n\n## Sesión 2 — 2026-02-02\n- 20/25 tareas completadas\n\n## Sesión 1 — 2026-02-01\n- 5/25 tareas completadas\n";
    assert_eq!(changed(newest_first), [7]);
    // Tests grow with the code; a total that comes back is said once; kinds apart.
    let quiet = "# Log\n\n## 2026-02-01\n- 40/50 tests passing\n- 3/10 features done\n\n## 2026-02-02\n- 61/61 tests passing\n- 5/12 features done\n\n## 2026-02-03\n- 7/10 features done\n- 9/12 features done\n";
    assert_eq!(changed(quiet), [9]);
    assert!(changed("# Log\n\n## 2026-02-01\n- 40/50 tests passing\n\n## 2026-02-02\n- 61/61 tests passing\n").is_empty());
    // A session's own few steps are no total of the run's.
    assert!(changed("# Log\n\n## 2026-02-01\n- 12/40 features done\n\n## 2026-02-02\n- Session: 3/3 tasks done\n- 15/40 features done\n").is_empty());
}

/// Numbers of some of the work (blocked, remaining, lines of code) are no run total.
#[test]
fn a_number_of_some_of_the_work_is_no_total() {
    let changed = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::TotalChanged).map(|d| d.line).collect::<Vec<u32>>();
    let log = "# Log\n\n## 2026-02-01\n- 386/1215 features passing\n- Blocked features: 12 total\n- 98 features remaining (31% of total)\n- All features tested (18 total schema tests)\n- ~250 lines in total across both features\n\n## 2026-02-02\n- 390/1215 features passing\n";
    assert!(changed(log).is_empty(), "{:?}", changed(log));
    let stated = "# Log\n\n## 2026-02-01\nPlan: 88 features total across 8 phases.\n\n## 2026-02-09\n- Progress: 12/94 features\n";
    assert_eq!(changed(stated), [7]);
}

/// A log whose sittings each end with their next step, and whose latest sitting writes none:
/// the file's next step predates the latest work. Sittings as dated headings (English, kept
/// newest first too) or as parts between rule lines (Chinese); quiet when the latest sitting
/// writes its step, when few sittings ever did, or when the run is done.
#[test]
fn a_latest_sitting_without_the_next_step_the_others_write() {
    let found = |text: &str| -> Vec<u32> {
        let doc = parse_with(text, &ParseOptions { file_name: Some("claude-progress.txt".into()), ..ParseOptions::default() });
        check(&doc, &now()).into_iter().filter(|d| d.rule == Rule::EmptyNextStep).map(|d| d.line).collect()
    };
    let log = "# Progress\n\n## Session 1 — 2026-03-01\n- Built the parser\n\nNext: the exporter\n\n## Session 2 — 2026-03-02\n- Built the exporter\n\nNext: the CLI\n\n## Session 3 — 2026-03-03\n- Renamed the exporter's options\n";
    assert_eq!(found(log), [13]);
    assert!(found(&format!("{log}\nNext: the CLI, with the new option names\n")).is_empty());
    // Kept newest first: the latest is the top one.
    let newest = "# Progress\n\n## Session 3 — 2026-03-03\n- Renamed the options\n\n## Session 2 — 2026-03-02\n- Built the exporter\n\nNext: the CLI\n\n## Session 1 — 2026-03-01\n- Built the parser\n\nNext: the exporter\n";
    assert_eq!(found(newest), [3]);
    // Parts between rule lines, in Chinese.
    let parts = "本次完成内容：\n- 解析器\n\n建议下一步：\n1. 导出\n\n---\n\n本次完成内容：\n- 导出\n\n建议下一步：\n1. 命令行\n\n---\n\n本次更正说明：\n- 改回接口命名\n";
    assert_eq!(found(parts), [17]);
    // Only one earlier sitting wrote a step; or the run is done.
    assert!(found(&log.replace("Next: the exporter", "Built it all")).is_empty());
    assert!(found(&format!("{log}\nALL TASKS DONE — the project is complete.\n")).is_empty());
}

/// A JSON state object whose percentage field disagrees with its own count done and total
/// (camel case, snake case); an object that agrees, or whose fields are in other objects, is
/// quiet.
#[test]
fn a_json_state_s_percentage_against_its_count() {
    let found = |text: &str| -> Vec<(u32, String)> {
        let doc = parse_with(text, &ParseOptions { file_name: Some("progress.json".into()), ..ParseOptions::default() });
        check(&doc, &now()).into_iter().filter(|d| d.rule == Rule::SummaryContradiction).map(|d| (d.line, d.message)).collect()
    };
    let camel = "{\n  \"features\": [],\n  \"metadata\": {\n    \"projectName\": \"ClubFlow\",\n    \"completionPercentage\": 95,\n    \"featuresComplete\": 42,\n    \"featuresTotal\": 50\n  }\n}\n";
    assert_eq!(found(camel), [(5, "this field gives 95%; the object's own count, 42 of 50, is 84%".to_owned())]);
    let snake = "{\n  \"tasks_done\": 3,\n  \"tasks_total\": 12,\n  \"percent_complete\": 80\n}\n";
    assert_eq!(found(snake).iter().map(|f| f.0).collect::<Vec<_>>(), [4]);
    assert!(found(&snake.replace("80", "25")).is_empty());
    // The count and the percentage of different objects are not compared.
    let apart = "{\n  \"a\": {\n    \"percentComplete\": 90\n  },\n  \"b\": {\n    \"done\": 1,\n    \"total\": 10\n  }\n}\n";
    assert!(found(apart).is_empty());
}

/// next-step-dropped reads a log in its own order, in any language: a step of an older
/// sitting is dropped when nothing the log writes after it (later sittings, by the log's
/// order) names it, by an id or by most of its words (character pairs in Chinese or
/// Japanese). The latest sitting's steps, optional ones and ones done since are not.
#[test]
fn next_steps_dropped_between_sittings() {
    let dropped = |text: &str| -> Vec<u32> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDropped).map(|d| d.line).collect() };
    // Oldest first: session 1's COD-11-001 (line 6) never comes up again; its second step
    // is done in session 2; its third is optional; session 2's own step is the live one.
    let oldest_first = "# Log\n\n## Session 1 — 2026-03-01\n\n### Next Steps\n- COD-11-001: move the JWT secret to the environment\n- Write integration tests for the export flow\n- Consider a status bar widget\n\n## Session 2 — 2026-03-02\n\n- Wrote the export flow integration tests\n\n### Next Steps\n- Deploy the staging environment\n";
    assert_eq!(dropped(oldest_first), [6]);
    // The same sessions kept newest first: the later session is above.
    let newest_first = "# Log\n\n## Session 2 — 2026-03-02\n\n- Wrote the export flow integration tests\n\n### Next Steps\n- Deploy the staging environment\n\n## Session 1 — 2026-03-01\n\n### Next Steps\n- COD-11-001: move the JWT secret to the environment\n- Write integration tests for the export flow\n";
    assert_eq!(dropped(newest_first), [13]);
    // Spanish: carried forward by id (`T-12`) though worded anew; the second step dropped.
    let spanish = "# Registro\n\n## Sesión 1 — 2026-03-01\n\nPróximos pasos:\n- T-12: migrar la base de datos de usuarios\n- Documentar la configuración del despliegue continuo\n\n## Sesión 2 — 2026-03-02\n\n- Empezado T-12 (falta el índice)\n\nPróximos pasos:\n- Terminar el índice\n";
    assert_eq!(dropped(spanish), [7]);
    // Chinese: the first step is done in session 2 (its characters recur), the second is not.
    let chinese = "# 进度\n\n## 第1轮 — 2026-03-01\n\n下一步：\n- 为编排器系统编写单元测试\n- 集成监控告警系统\n\n## 第2轮 — 2026-03-02\n\n- 完成编排器系统的单元测试\n\n下一步：\n- 发布测试版\n";
    assert_eq!(dropped(chinese), [7]);
}

/// summary-contradiction: a claim that all N of a numbered series are done, over a file that
/// never names some numbers up to N (by an id or a short range), rests on work it does not
/// show; a file that names them all, or that logs too few of them to be a log of each one,
/// says nothing against the claim.
#[test]
fn a_claim_of_all_n_done_against_the_numbers_the_file_names() {
    let log = |skip: &[u32], claim: &str| {
        let mut text = String::from("# Progress\n\n");
        for n in (1..=12).filter(|n| !skip.contains(n)) {
            text.push_str(&format!("## Session {n}\n\n- F{n:03}: feature {n} implemented\n\n"));
        }
        text.push_str(claim);
        text
    };
    let found = |text: &str| -> Vec<String> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::SummaryContradiction).map(|d| d.message).collect() };
    assert_eq!(found(&log(&[7], "ALL 12 FEATURES DONE\n")), ["this line says all 12 are done, and F007 is nowhere in the file"]);
    assert!(found(&log(&[], "ALL 12 FEATURES DONE\n")).is_empty());
    // A short range names each number in it.
    assert!(found(&log(&[7, 8], "F007-F008 merged in one go.\n\nAll 12 features now passing\n")).is_empty());
    // Half the numbers missing: a file that does not log each feature.
    assert!(found(&log(&[2, 3, 4, 5, 6, 7], "ALL 12 FEATURES DONE\n")).is_empty());
}

/// total-changed reads a count written as done and left (`236 passing, 14 remaining`: 250)
/// as it reads a fraction, in a log kept newest first too; a total said once is not said
/// again under another kind, and a pair of codes (`404/409`) is no count.
#[test]
fn a_total_written_as_done_and_left_that_changes() {
    let text = "# Progress\n\n2026-04-03 Session 12:\n- Status: 236 passing, 14 remaining\n\n2026-04-02 Session 11:\n- Status: 235 passing, 27 remaining\n- Complete validation with 404/409 error handling\n\n2026-04-01 Session 10:\n- Status: 230 passing, 32 remaining\n";
    let found: Vec<(u32, String)> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::TotalChanged).map(|d| (d.line, d.message)).collect();
    assert_eq!(found, [(7, "this count's total is 262; the count before it (line 4) gave 250".to_owned())]);
}

/// status-conflict: a named part's progress given twice with different figures in a file
/// that says how things stand (an overview line and the part's own heading, a table row),
/// in any language; a measure that is no progress (coverage) and a log's sittings, which
/// move figures on, are not.
#[test]
fn a_parts_progress_given_twice() {
    let found = |text: &str| -> Vec<(u32, String)> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::StatusConflict).map(|d| (d.line, d.message)).collect() };
    let board = "# Progress\n\n🟢 Frontend Application: 100% (1/1)\n🟡 Infrastructure: 80% (8/10)\n\n## Details\n\n### 🟢 Frontend Application (95% - Production Ready)\n- Swap interface\n\n### Infrastructure (80%)\n- Docker\n";
    assert_eq!(found(board), [(8, "this line puts `Frontend Application` at 95%, and line 3 at 100%".to_owned())]);
    let tabla = "# Progreso\n\n| Módulo | Avance |\n|---|---|\n| Pagos con tarjeta | 60% |\n\n## Pagos con tarjeta (75%)\n- Stripe\n";
    assert_eq!(found(tabla).len(), 1);
    let measures = "# State\n\nBackend services: 80% coverage\n\n## Backend services (65% coverage)\n";
    assert!(found(measures).is_empty());
    // A numbered sitting's own figures, which the next one moves on.
    let sprints = "# Plan\n\n## Sprint 1\n\n- Payments module: 50%\n\n## Sprint 2\n\n- Payments module: 100%\n";
    assert!(found(sprints).is_empty());
}

/// summary-contradiction: a number the header under the title gives for a field that a
/// later section gives otherwise; a session's own figures (dated sections) and fields the
/// header does not give are not compared.
#[test]
fn a_header_field_contradicted_below() {
    let found = |text: &str| -> Vec<(u32, String)> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::SummaryContradiction).map(|d| (d.line, d.message)).collect() };
    let text = "# Estado del proyecto\n\n**Sesión actual:** 49\n**Commits sin subir:** 0\n\n## Estado de git\n\n- **Commits sin subir:** 26\n- **Archivos nuevos:** 50\n\n## 2026-04-10 — Sesión 48\n\n- **Commits sin subir:** 3\n";
    assert_eq!(found(text), [(8, "this line gives `Commits sin subir` as 26, and the header (line 4) as 0".to_owned())]);
    assert!(found(&text.replace("- **Commits sin subir:** 26", "- **Commits sin subir:** 0")).is_empty());
    // The header's current session against the latest session logged under a heading.
    let sessions = "# Project Status\n\n**Session Number:** 49\n\n## Sessions\n\n### Session #48 (Current): Continuity\n- started\n\n### Session #47: Shifts\n- done\n";
    assert_eq!(found(sessions), [(3, "the header says session 49, and the latest session the file logs is 48 (line 7)".to_owned())]);
    assert!(found(&sessions.replace("49", "48")).is_empty());
}

/// next-step-done by work id: a next step that names only ids the file records done (`Start
/// DB-010` over `DB-010: route assignments ✅`); not when one of its ids is still open, nor
/// when the step says itself that it is done.
#[test]
fn a_next_step_naming_done_ids() {
    let found = |text: &str| -> Vec<u32> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDone).map(|d| d.line).collect() };
    let text = "# Progress\n\n## Features\n- ✅ DB-010: route assignments\n- ✅ DB-011: driver roster\n- ⏳ DB-012: payouts\n\n## Next\n\nStart DB-010 (route_logistics_assignments)\n";
    assert_eq!(found(text), [10]);
    assert!(found(&text.replace("Start DB-010", "Start DB-010 and DB-012")).is_empty());
    assert!(found(&text.replace("Start DB-010", "Finished DB-010; now DB-012")).is_empty());
    let cod = "# Progreso\n\n## Hecho\n- [x] COD-11-001: mover JWT_SECRET al entorno\n\n## Próximos pasos\n\n- Empezar COD-11-001\n";
    assert_eq!(found(cod), [8]);
}

/// open-item-done across languages and log orders: an open item named in other words, by
/// character pairs, or by its ids on a done line fires; in a log, work listed as to do in
/// an older sitting and done in a later one moved on, and a Next Steps list's items are
/// next-step-done's.
#[test]
fn an_open_item_recorded_done_elsewhere_is_flagged() {
    // English memory bank: the open box says in other words what What Works records.
    let english = "# Progress\n\n## What Works\n- Ran the full reindex on staging: doc counts match between v1 and v2\n\n## What's Left\n- [ ] Run the full staging reindex and compare doc counts\n- [ ] Switch the read alias to v2\n";
    assert_eq!(lines_of(english, Rule::OpenItemDone), [7]);
    // Japanese: by character pairs.
    let japanese = "# 進捗\n\n## 完了\n- 月次勤怠表の CSV エクスポートを実装（Shift_JIS）\n\n## 残タスク\n- [ ] 月次勤怠表の CSV エクスポート\n- [ ] 有給休暇の申請フロー\n";
    assert_eq!(lines_of(japanese, Rule::OpenItemDone), [7]);
    // By its ids: `PAY-320` open in the board, merged in the notes.
    let ids = "# Board\n\n## Done\n- PAY-320 merged to main\n\n## Todo\n- [ ] PAY-320 receipts\n- [ ] PAY-331 refunds\n";
    assert_eq!(lines_of(ids, Rule::OpenItemDone), [7]);
    // A log kept oldest first: planned in session 1, done in session 2 (moved on) …
    let moved_on = "# Log\n\n## Session 1 — 2026-03-01 ✅\n- [ ] Write the export flow integration tests\n\n## Session 2 — 2026-03-02 ✅\n- Wrote the export flow integration tests\n";
    assert!(lines_of(moved_on, Rule::OpenItemDone).is_empty());
    // … but listed as to do after the sitting that did it, it is stale; newest first alike.
    let sessions = ["## Sessão 2026-03-01\n- Rotas CRUD de pacientes\n", "## Sessão 2026-03-02\n- Envio de lembrete por WhatsApp 24h antes (Twilio sandbox)\n", "## Sessão 2026-03-03\n- Relatório de faltas\n"];
    let open = "## Pendências\n- [ ] Lembrete por WhatsApp 24h antes da consulta\n";
    let oldest_first = format!("# Diário de progresso\n\n{}\n{}\n{}\n{open}", sessions[0], sessions[1], sessions[2]);
    assert_eq!(lines_of(&oldest_first, Rule::OpenItemDone), [13]);
    let newest_first = format!("# Diário de progresso\n\n{open}\n{}\n{}\n{}", sessions[2], sessions[1], sessions[0]);
    assert_eq!(lines_of(&newest_first, Rule::OpenItemDone), [4]);
    // A next step is next-step-done's (`Continue …` goes on with work begun).
    let next = "# Progress\n\n## What Works\n- Regression coverage for the colocate trainer integration\n\n## Next Steps\n- [ ] Continue the regression coverage for the colocate trainer integration\n";
    assert!(lines_of(next, Rule::OpenItemDone).is_empty());
    // Bare numbers (`#6`) name issues and features alike: no match by them alone.
    let bare = "# Progress\n\n## Done\n- Feature #274: leaderboard service\n\n## Todo\n- [ ] Intervention #274 for the payments\n";
    assert!(lines_of(bare, Rule::OpenItemDone).is_empty());
}

/// summary-contradiction against the units the file lists: a count labelled done (`Done: 6
/// / 8`, `已完成 8/10`) whose total is the units' and whose done count is not, a number left
/// (`3 features remaining`) against the one list of open units, and nothing left written
/// beside a version number (`Features remaining: 0 — ready for 1.0`). A Next Steps list
/// restates the units and is not counted; a count that agrees is quiet.
#[test]
fn a_summary_count_is_held_against_the_units_listed() {
    let board = |done: &str| format!("# Sprint 14\n\n| # | Ticket | Status |\n|---|---|---|\n| 1 | PAY-311 Apple Pay | Done |\n| 2 | PAY-318 Retries | Done |\n| 3 | PAY-320 Refunds | In progress |\n| 4 | PAY-327 Receipts | Not started |\n\n**Done: {done} / 4**\n\n## Next\n- Finish PAY-320 refunds\n");
    assert_eq!(lines_of(&board("3"), Rule::SummaryContradiction), [10]);
    assert!(lines_of(&board("2"), Rule::SummaryContradiction).is_empty());
    let chinese = |done: u32| format!("# 项目进度\n\n**总体进度：已完成 {done}/4**\n\n## 任务清单\n- [x] 订单查询接口\n- [x] 导出任务异步化\n- [ ] 导出字段可配置\n- [ ] 导出历史页面\n");
    assert_eq!(lines_of(&chinese(3), Rule::SummaryContradiction), [3]);
    assert!(lines_of(&chinese(2), Rule::SummaryContradiction).is_empty());
    let left = |n: u32| format!("# Progress\n\nBilling is live on staging (https://staging.example.dev). {n} features remaining before the beta.\n\n## What's Left\n- [ ] Team invitations\n- [ ] Role-based permissions\n- [ ] PDF export\n- [x] CSV export\n");
    assert_eq!(lines_of(&left(4), Rule::SummaryContradiction), [3]);
    assert!(lines_of(&left(3), Rule::SummaryContradiction).is_empty());
    let none_left = "# TODO\n\nFeatures remaining: 0 — ready for 1.0 tag\n\n## Now\n- [ ] `--json` output flag\n- [x] Config file discovery\n";
    assert_eq!(lines_of(none_left, Rule::SummaryContradiction), [3]);
    // A fraction in words (`5 of 6 tasks`, `4 av 6 klara`); a position is no count (`Phase 2 of 4`).
    let words = |line: &str| format!("# Progress

{line}

- [x] Scaffold
- [x] init
- [x] add
- [ ] remove
- [ ] list
- [ ] sync
");
    assert_eq!(lines_of(&words("Completed 5 of 6 tasks."), Rule::SummaryContradiction), [3]);
    assert_eq!(lines_of(&words("Sammanfattning: 4 av 6 klara."), Rule::SummaryContradiction), [3]);
    assert_eq!(lines_of(&words("Attività completate 4 su 6."), Rule::SummaryContradiction), [3]);
    assert!(lines_of(&words("Completed 3 of 6 tasks."), Rule::SummaryContradiction).is_empty());
    assert!(lines_of(&words("Phase 2 of 4."), Rule::SummaryContradiction).is_empty());
}

#[test]
fn commit_repeated_points_at_the_first_sitting_that_carried_the_hash_over() {
    // Newest first: 6f1e2aa was recorded at 11:00 (line 12), and 12:00 (line 8) carried it.
    let text = "# Checkpoints\n\n### 2026-02-27T13:00Z\n- Commit: `a41d0c3e77f2`\n- Focus: WS-64 docs slice\n\n### 2026-02-27T12:00Z\n- Commit: `6f1e2aa90b1c`\n- Focus: WS-63 importer slice\n\n### 2026-02-27T11:00Z\n- Commit: `6f1e2aa90b1c`\n- Focus: WS-62 exporter slice\n\n### 2026-02-27T10:00Z\n- Commit: `8c493de26dc3`\n- Focus: WS-61 parser slice\n";
    assert_eq!(lines_of(text, Rule::CommitRepeated), vec![8]);
}

#[test]
fn status_conflict_holds_the_current_phase_against_itself() {
    let de = "# Übergabe\n\n**Stand:** 2026-12-01\n**Aktuelle Phase:** Phase 2 – DATEV-Anbindung\n\n## Phasen\n1. Grundgerüst\n2. DATEV-Anbindung\n3. Belegupload\n\n## Aktueller Stand\nPhase 3 (Belegupload) in Arbeit. Phase 2 ist abgeschlossen.\n";
    assert_eq!(lines_of(de, Rule::StatusConflict), [12]);
    let table = "# STATUS\n\n| Field | Value |\n|---|---|\n| Phase | 3 — Payment sheet |\n| Owner | dana |\n\n## Current state\nPhase 2 — address form. Working on the postcode lookup.\n";
    assert_eq!(lines_of(table, Rule::StatusConflict), [9]);
    // One phase said twice, or a plan's phases listed, is no conflict.
    let agree = "# Plan\n\n**Current phase:** Phase 2\n\n## Phases\n- Phase 1: Setup\n- Phase 2: Build\n- Phase 3: Ship\n\n## Current state\nPhase 2 in progress: the importer.\n";
    assert!(lines_of(agree, Rule::StatusConflict).is_empty());
}

/// A next step that restates, in other words, work a line of the same file records done
/// (`Add retry to upload parts` and `Added retry logic … to part uploads`): next-step-done,
/// in several languages. Not when the step is a ticked box, says itself that it is done, or
/// shares too few words; not in a log by a done line written before the step (the later
/// sitting takes up what is left of it).
#[test]
fn a_next_step_restating_done_work_in_other_words_is_flagged() {
    let stale = |text: &str| -> Vec<u32> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::NextStepDone).map(|d| d.line).collect() };
    let en = "# Notes\n\n## Done\n\n- Added retry logic (exponential backoff) to part uploads, merged in #41\n- Thumbnails for jpg and png\n\n## In progress\n\n- Video thumbnails\n\n## Next steps\n\n1. Add retry to upload parts (backoff)\n2. Shrink the container image\n";
    assert_eq!(stale(en), [14]);
    let es = "# Contexto activo\n\n## Cambios recientes\n\n- Se añadió paginación por cursor a `GET /pedidos` (PR #212)\n\n## En curso\n\n- Cancelación de pedidos\n\n## Próximos pasos\n\n1. Añadir paginación al endpoint `GET /pedidos`\n2. Terminar la validación de estados\n";
    assert_eq!(stale(es), [13]);
    let pt = "# Progresso\n\n## Concluído\n\n- Importador de produtos implementado com validação de CNPJ\n\n## Em andamento\n\n- Cálculo de impostos\n\n## Próximos passos\n\n1. Implementar importador de produtos com validação\n";
    assert_eq!(stale(pt), [13]);
    // Quiet: a ticked step, a step that says it is done, a step sharing two words only.
    assert!(stale(&en.replace("1. Add retry to upload parts (backoff)", "- [x] Add retry to upload parts (backoff)")).is_empty());
    assert!(stale(&en.replace("1. Add retry to upload parts (backoff)", "1. Retry for upload parts: done")).is_empty());
    assert!(stale(&en.replace("1. Add retry to upload parts (backoff)", "1. Add retry to downloads")).is_empty());
    // A log: the later sitting's step goes on with work an older one recorded done.
    let log = "# Progress Log\n\n## Session 1 — 2026-04-20\n\n- Added retry logic to part uploads — COMPLETED\n\n## Session 2 — 2026-04-21\n\n- Multipart API — IN_PROGRESS\n\nNext: retry upload parts on 503 as well\n";
    assert!(stale(log).is_empty(), "{:?}", stale(log));
    // A progress file read as a log keeps its own Next Steps section, in no sitting, current:
    // its every step is held against the work done, not only the first.
    let progress = "# Progress — recetario\n\n## Qué funciona\n\n- ✅ Pipeline de CI en GitHub Actions (`.github/workflows/ci.yml`)\n- ✅ Modo oscuro\n\n## Siguientes pasos\n\n1. Implementar `parseQuantity()` para fracciones.\n2. Configurar el pipeline de CI en GitHub Actions (lint + tests en cada PR).\n3. Montar la UI.\n\n## Historial\n\n- 2024-05-20: Supabase en lugar de Firebase.\n- 2024-06-01: nada de Redux.\n";
    assert_eq!(stale(progress), [11]);
}

/// A JSON feature list: a summary string that gives a count (`"summary": "passing: 8/12"`)
/// against the features it lists, and a feature object written twice, field for field.
#[test]
fn a_feature_lists_summary_string_and_a_repeated_feature_are_checked() {
    let feature = |id: &str, what: &str, passes: bool| format!("    {{\n      \"id\": \"{id}\",\n      \"description\": \"{what}\",\n      \"passes\": {passes}\n    }}");
    let list = |summary: &str, features: &[String]| format!("{{\n  \"summary\": \"{summary}\",\n  \"features\": [\n{}\n  ]\n}}\n", features.join(",\n"));
    let features = vec![
        feature("F01", "User can create a board", true),
        feature("F02", "User can add columns", true),
        feature("F03", "User can add cards to a column", false),
        feature("F04", "User can drag cards between columns", false),
    ];
    let rules = |text: &str| -> Vec<(Rule, u32)> {
        check(&parse_with(text, &ParseOptions { file_name: Some("feature_list.json".into()), ..ParseOptions::default() }), &now())
            .into_iter()
            .filter(|d| matches!(d.rule, Rule::SummaryContradiction | Rule::DuplicateEntry))
            .map(|d| (d.rule, d.line))
            .collect()
    };
    assert!(rules(&list("passing: 2/4", &features)).is_empty());
    assert_eq!(rules(&list("passing: 3/4", &features)), [(Rule::SummaryContradiction, 2)]);
    let mut repeated = features.clone();
    repeated.push(features[2].clone());
    assert_eq!(rules(&list("passing: 2/4", &repeated)), [(Rule::DuplicateEntry, 24)]);
}

/// A known issue still listed after the file records its fix (open-item-done): by its first
/// sentence, three of its words at least on the done line. Not in a log, whose sittings each
/// list the issues of their day; not an issue the done line does not fix.
#[test]
fn a_known_issue_the_file_records_fixed_is_an_open_item_done() {
    let issues = |text: &str| -> Vec<u32> { check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::OpenItemDone).map(|d| d.line).collect() };
    let en = "# Progress\n\n## What works\n\n- Webhook signature verification fixed (clock skew on the staging container) — verified on staging\n- Checkout for monthly plans\n\n## What's left to build\n\n- [ ] Cancellation flow\n\n## Known issues\n\n1. Webhook signature verification intermittently fails on staging. Blocks testing cancellation.\n2. `stripe listen` must be restarted after every dev restart.\n";
    assert_eq!(issues(en), [14]);
    let es = "# Progreso\n\n## Qué funciona\n\n- Sincronización de inventario con la tienda arreglada y verificada en producción\n\n## Pendiente\n\n- [ ] Exportar pedidos\n\n## Problemas conocidos\n\n- La sincronización de inventario con la tienda falla a veces\n";
    assert_eq!(issues(es), [13]);
    // Quiet: the issue is not what was fixed; a log's session lists the issues of its day.
    assert!(issues(&en.replace("1. Webhook signature verification intermittently fails on staging.", "1. Dunning emails for failed payments are not sent.")).is_empty());
    let log = "# Progress Log\n\n## Session 1 — 2026-04-20\n\n- Webhook signature verification fixed — COMPLETED\n\n### Known issues\n\n- Webhook signature verification fails on staging again\n\n## Session 2 — 2026-04-21\n\n- Checkout — IN_PROGRESS\n";
    assert!(issues(log).is_empty(), "{:?}", issues(log));
}

/// A box written twice in one list is one task listed twice, whatever the list's title.
#[test]
fn a_box_written_twice_in_one_list_is_a_duplicate_entry() {
    let text = "# 路线图\n\n## 阶段三：聊天与交易（进行中）\n\n- [x] 会话列表与聊天页面 UI\n- [ ] 图片消息（复用 COS 上传）\n- [ ] 未读数与小程序订阅消息提醒\n- [ ] 交易完成后互评\n- [ ] 未读数与小程序订阅消息提醒\n";
    let found: Vec<u32> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::DuplicateEntry).map(|d| d.line).collect();
    assert_eq!(found, [9]);
    // The same box under two phases is each phase's.
    let two = text.replace("- [ ] 交易完成后互评\n", "\n## 阶段四\n\n");
    assert!(check(&parse(&two), &now()).iter().all(|d| d.rule != Rule::DuplicateEntry));
}

/// Two mentions of one unit under way with different notes after its name (the log's
/// `Webhook-Versand an Händler (/v2/webhooks) begonnen`, the state's `In Arbeit:
/// Webhook-Versand an Händler — Signierung fertig`) are one unit, no progress-contradiction;
/// a list of decisions with one dated among them is no log of undated entries.
#[test]
fn one_unit_noted_two_ways_and_decisions_mostly_undated_raise_nothing() {
    let text = "# Notes\n\n## Log\n- 2026-11-14: Worker auf Redis Streams umgestellt.\n- 2026-11-15: Webhook-Versand an Händler (`/v2/webhooks`) begonnen; Signatur per HMAC.\n\n## Current State\n- Fertig: Queue-Worker.\n- In Arbeit: Webhook-Versand an Händler — Signierung fertig, Retry-Logik fehlt noch.\n";
    assert!(check(&parse(text), &now()).iter().all(|d| d.rule != Rule::ProgressContradiction), "{:#?}", check(&parse(text), &now()));
    let decisions = "# Notes\n\n## Decisions\n- ~~Use SQLite for the offsets~~ — **SUPERSEDED 2026-11-08** by the next line.\n- 2026-11-08: Checkpoints are a plain JSON file written atomically.\n- Batching: flush at 500 lines or 2 s.\n- Backpressure: exponential backoff capped at 30 s.\n";
    assert!(check(&parse(decisions), &now()).iter().all(|d| d.rule != Rule::MalformedEntry), "{:#?}", check(&parse(decisions), &now()));
    // Most dated: the undated one is malformed.
    let log = "# Log\n\n## Decisions\n- 2026-11-01: Use Postgres.\n- 2026-11-02: Use Redis for the queue.\n- Use Vite for the frontend.\n";
    assert_eq!(check(&parse(log), &now()).iter().filter(|d| d.rule == Rule::MalformedEntry).count(), 1);
}

/// A line of Recent Changes (a worklog) written twice is a duplicate entry.
#[test]
fn a_worklog_line_written_twice_is_a_duplicate_entry() {
    let text = "# Active Context\n\n## Recent Changes\n- Switched `/reports/orders/export` to the streaming exporter; 250k rows in ~9 s.\n- Added the `X-Accel-Buffering: no` header.\n- Switched `/reports/orders/export` to the streaming exporter; 250k rows in ~9 s.\n";
    let found: Vec<u32> = check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::DuplicateEntry).map(|d| d.line).collect();
    assert_eq!(found, [6]);
}

/// A file wrapped whole in a fence is checked inside it as any other file; `TODO: fill in`
/// in the writer's language and a `{{field}}` in a link are values never filled in.
#[test]
fn placeholders_inside_a_wrapping_fence_and_in_other_words() {
    let text = "```markdown\n# 配置\n\n- 模板 ID：TBD\n- Redis 地址：TODO: 填写\n- Hosting: TODO: invullen\n- PR: https://github.com/a/b/pull/{{PR_NUMBER}}\n- Tests: TODO\n- Run `echo {{not_this}}`\n```\n";
    let lines: Vec<u32> = memento_core::check(&memento_core::parse(text), &memento_core::CheckOptions::default())
        .into_iter()
        .filter(|d| d.rule == memento_core::Rule::UnfilledPlaceholder)
        .map(|d| d.line)
        .collect();
    assert_eq!(lines, [4, 5, 6, 7]);
    // A table cell holding only a placeholder is a value never filled in; one in a cell's
    // sentence is prose.
    let table = "# Handoff\n\n| Setting | Value |\n|---|---|\n| Staging DB endpoint | <fill in> |\n| Note | write <fill in> where the value goes |\n";
    let lines: Vec<u32> = memento_core::check(&memento_core::parse(table), &memento_core::CheckOptions::default()).into_iter().filter(|d| d.rule == memento_core::Rule::UnfilledPlaceholder).map(|d| d.line).collect();
    assert_eq!(lines, [5]);
}

/// A box ticked in one list and still open in another, under the same name of four words or
/// more, is one task both done and to do; a short step that recurs per phase is not.
#[test]
fn a_task_ticked_in_one_list_and_open_in_another() {
    let text = "# TODO\n\n## Sprint\n\n- [ ] Sync\n  - [x] Push delle modifiche locali (coda pending_ops)\n  - [x] Write tests\n\n## Backlog\n\n- [ ] Push delle modifiche locali (coda pending_ops)\n- [ ] Write tests\n";
    let lines: Vec<u32> = check(&parse(text), &CheckOptions::default()).into_iter().filter(|d| d.rule == Rule::ProgressContradiction).map(|d| d.line).collect();
    assert_eq!(lines, [11]);
}

/// A sitting's own `Status: in progress` under a heading that names only the sitting (`##
/// Session 5 (2026-09-27)`) is not work left behind once later sittings took place; a session
/// heading that names its work is.
#[test]
fn a_sitting_s_own_status_is_not_left_behind() {
    let text = "# Progress\n\n## Session 5 (2026-09-27)\nStatus: in progress\n\n- F3: totals block.\n\n## Session 6 (2026-09-30) — Auth refactor\nStatus: in progress\n\n- Moved the session store.\n\n## Session 7 (2026-10-03)\nStatus: in progress\n\n- Started F4.\n";
    let lines: Vec<u32> = check(&parse(text), &CheckOptions::default()).into_iter().filter(|d| d.rule == Rule::StaleInProgress).map(|d| d.line).collect();
    assert_eq!(lines, [8]);
}

/// A feature list's current-task pointer left on a task that is done while another is under
/// way is stale-in-progress; one on the task under way, or on the last task of a list all
/// done, is not.
#[test]
fn a_current_task_pointer_left_on_a_done_task() {
    let list = |pointer: &str, last: &str| format!("{{\n  \"current_task_id\": \"{pointer}\",\n  \"tasks\": [\n    {{ \"id\": \"QG-4\", \"title\": \"Monthly quota counters\", \"status\": \"done\" }},\n    {{ \"id\": \"QG-5\", \"title\": \"Admin quota endpoint\", \"status\": \"{last}\" }}\n  ]\n}}\n");
    let stale = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::StaleInProgress).map(|d| (d.line, d.message)).collect::<Vec<_>>();
    let found = stale(&list("QG-4", "in_progress"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 2);
    assert!(found[0].1.contains("`QG-4` is done") && found[0].1.contains("Admin quota endpoint"), "{}", found[0].1);
    assert!(stale(&list("QG-5", "in_progress")).is_empty());
    assert!(stale(&list("QG-5", "done")).is_empty());
}


/// future-timestamp: a date later than now is flagged, unless the words before it make it a
/// date planned for (`by 2027-01-31`, `**Target:** …`, `Due: …`, `hasta …`).
#[test]
fn a_deadline_ahead_is_no_future_timestamp() {
    let future = |line: &str| {
        let text = format!("# Migration\n\n**Last updated:** 2026-04-20\n\n{line}\n\n## Log\n\n- 2026-04-20: moved 3 jobs\n");
        check(&parse(&text), &now()).into_iter().filter(|d| d.rule == Rule::FutureTimestamp).count()
    };
    assert_eq!(future("Moved the last job on 2027-01-31."), 1);
    for line in ["**Target:** all 14 jobs on Temporal by 2027-01-31.", "Due: 2027-01-31", "Freeze until 2027-01-31.", "Meta: terminar hasta 2027-01-31."] {
        assert_eq!(future(line), 0, "{line}");
    }
}

/// progress-contradiction: a box ticked over a box nested in it left open, in any language;
/// not a ticked box whose parts are all ticked, nor an open box over open parts.
#[test]
fn a_box_ticked_over_an_open_part() {
    let found = |text: &str| check(&parse(text), &now()).into_iter().filter(|d| d.rule == Rule::ProgressContradiction).map(|d| d.line).collect::<Vec<_>>();
    assert_eq!(found("# TODO\n\n- [x] Auth\n  - [x] Login\n  - [ ] Sign-out clears the local DB\n- [ ] Sync\n"), [5]);
    assert_eq!(found("# Tareas\n\n- [x] Pagos\n  - [ ] Reembolsos parciales\n"), [4]);
    assert!(found("# TODO\n\n- [x] Auth\n  - [x] Login\n  - [x] Sign-out\n- [ ] Sync\n  - [ ] Pull\n").is_empty());
}
