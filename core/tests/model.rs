//! Model facts per dialect: the fixtures' examples, and every file of the real-world corpus.

use memento_core::{parse, parse_with, Dialect, JsonFaultKind, MarkerSource, ParseOptions, SectionRole, Status};
use std::path::{Path, PathBuf};

const SEED_000: &str = include_str!("fixtures/checkpoint-log.md");
const SEED_002: &str = include_str!("fixtures/session-notes.md");
const STORE: &str = include_str!("fixtures/store.jsonl");

/// The real-world corpus (copied from ../shared/corpus into tests/corpus); `MEMENTO_CORPUS` overrides.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MEMENTO_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus"));
    dir.is_dir().then_some(dir)
}

#[test]
fn seed_000_checkpoint_log_facts() {
    let doc = parse(SEED_000);
    assert_eq!(doc.to_string(), SEED_000);
    assert_eq!(doc.dialect(), Dialect::CheckpointLog);
    assert_eq!(doc.task_id(), Some("task_orders_audit_20260422"));

    let titles: Vec<_> = doc.sections().iter().map(|s| (doc.text(s.title), s.role)).collect();
    assert_eq!(
        titles,
        [
            ("Session Memory — task_orders_audit_20260422", SectionRole::Other),
            ("Decisions Made", SectionRole::Decisions),
            ("Progress Markers", SectionRole::Progress),
            ("Key Discoveries", SectionRole::Discoveries),
            ("Next Session Start", SectionRole::NextStep),
        ]
    );

    let d = doc.decisions();
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].id, "2026-04-22T07:12Z");
    assert!(doc.text(d[0].text).starts_with("DO NOT modify config/auth.yaml"));
    assert_eq!(doc.position(d[0].span.start()).line, 4);
    assert_eq!(d[1].id, "2026-04-22T07:23Z");
    assert!(d.iter().all(|d| d.supersedes.is_none() && d.superseded_by.is_none()));

    let p = doc.progress();
    let summary: Vec<_> = p
        .iter()
        .map(|m| (m.status, m.units.iter().map(|u| doc.text(u.name)).collect::<Vec<_>>()))
        .collect();
    assert_eq!(
        summary,
        [
            (Some(Status::Completed), vec!["orders/batch_1/"]),
            (Some(Status::Completed), vec!["orders/batch_2/"]),
            (Some(Status::InProgress), vec!["orders/batch_3/"]),
            (Some(Status::Pending), vec!["orders/batch_4/", "batch_5/"]),
        ]
    );
    let r = p[0].units[0].range.unwrap();
    assert_eq!((doc.text(r.start), r.end.map(|e| doc.text(e))), ("001", Some("047")));
    let wip = &p[2].units[0];
    let r = wip.range.unwrap();
    assert_eq!((doc.text(r.start), r.end), ("092", None));
    assert_eq!(doc.text(wip.stopped_at.unwrap()), "094");
    assert_eq!(doc.text(p[2].detail.unwrap()), "files 092-??? — stopped at 094");
    assert_eq!(doc.position(p[2].span.start()).line, 10);

    assert_eq!(doc.discoveries().len(), 3);
    let next = doc.next_step().unwrap();
    assert!(doc.text(next.text).starts_with("On next session start: begin with orders/batch_3/ file 095."));
    assert!(doc.completion().is_none());
    assert_eq!(doc.entries().len(), 2);
    assert_eq!(doc.last_updated().unwrap().to_string(), "2026-04-22T07:23Z");
}

#[test]
fn checkpoint_log_supersedes_and_completion() {
    let text = "# Session Memory — t1\r\n\r\n## Decisions Made\r\n\
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\r\n\
- 2026-04-22T07:12Z -- use redis for the lock\r\n\
- 2026-04-22T08:00:00Z - SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml to add the admin role\r\n\
- 2026-04-22T08:05Z — SUPERSEDES 2026-04-22T07:12:00Z#2 use postgres advisory locks\r\n\
- 2026-04-22T08:10Z — SUPERSEDES [2026-01-01T00:00Z] nothing\r\n\r\n\
## TASK COMPLETE — 2026-04-22T09:00Z\r\nFinal status: all batches processed.\r\n";
    let doc = parse(text);
    assert_eq!(doc.to_string(), text);
    assert_eq!(doc.line_ending(), "\r\n");
    let d = doc.decisions();
    let ids: Vec<_> = d.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(ids, ["2026-04-22T07:12Z", "2026-04-22T07:12Z#2", "2026-04-22T08:00:00Z", "2026-04-22T08:05Z", "2026-04-22T08:10Z"]);
    assert_eq!(d[2].supersedes.as_ref().unwrap().resolved, Some(0));
    assert_eq!(d[0].superseded_by, Some(2));
    assert_eq!(d[3].supersedes.as_ref().unwrap().resolved, Some(1));
    assert_eq!(d[1].superseded_by, Some(3));
    assert_eq!(d[4].supersedes.as_ref().unwrap().resolved, None, "dangling");
    let c = doc.completion().unwrap();
    assert_eq!(c.timestamp.unwrap().to_string(), "2026-04-22T09:00Z");
    assert_eq!(doc.text(c.final_status.unwrap()), "all batches processed.");
}

#[test]
fn decision_ids_and_references_out_of_time_order() {
    let text = "## Decisions Made
- 2026-04-22T09:00Z — use redis for the lock
- 2026-04-22T08:00Z — DO NOT touch config/auth.yaml
- 2026-04-22T09:00:00Z — keep the retry budget
- 2026-04-22T09:00Z — modify config/lock.yaml
- use kafka for events
- 2026-04-22T10:00Z — SUPERSEDES [2026-04-22T09:00:00Z] drop the retry budget
- 2026-04-22T10:05Z — SUPERSEDES [L6] use nats for events
- 2026-04-22T10:10Z — SUPERSEDES 2026-04-22T09:00Z#2 keep config/lock.yaml
";
    let doc = parse(text);
    let d = doc.decisions();
    let ids: Vec<_> = d.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(
        ids,
        ["2026-04-22T09:00Z", "2026-04-22T08:00Z", "2026-04-22T09:00:00Z", "2026-04-22T09:00Z#2", "L6", "2026-04-22T10:00Z", "2026-04-22T10:05Z", "2026-04-22T10:10Z"]
    );
    let resolved: Vec<_> = d.iter().map(|d| d.supersedes.as_ref().and_then(|s| s.resolved)).collect();
    // By id as written first (`09:00:00Z` is decision 2, not the first of that instant).
    assert_eq!(resolved, [None, None, None, None, None, Some(2), Some(4), Some(3)]);
}

#[test]
fn seed_002_session_notes_facts() {
    let doc = parse(SEED_002);
    assert_eq!(doc.to_string(), SEED_002);
    assert_eq!(doc.dialect(), Dialect::SessionNotes);
    assert_eq!(doc.sections().len(), 10);
    assert!(doc.sections().iter().all(|s| s.level == 1 && s.description.is_some()));
    let (_, state) = doc.section_named("Current State").unwrap();
    assert_eq!(doc.text(state.description.unwrap()), "_What's actively being worked on. Pending tasks. Immediate next steps._");
    assert_eq!(state.role, SectionRole::CurrentState);
    assert_eq!(doc.section_named("Worklog").unwrap().1.role, SectionRole::Worklog);
    assert_eq!(doc.entries().len(), 1);
}

#[test]
fn memory_store_rows_map_fields_and_keep_broken_lines() {
    let doc = parse(STORE);
    assert_eq!(doc.to_string(), STORE);
    assert_eq!(doc.dialect(), Dialect::MemoryStore);
    let r = doc.records();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].id.as_deref(), Some("m1"));
    assert_eq!(r[0].scope.as_deref(), Some("support-bot"));
    assert_eq!(r[0].tags, ["user_preference"]);
    assert_eq!(r[1].tags, ["project_state"]);
    assert_eq!(r[1].content.as_deref(), Some("Quarterly report reviewed"));
    let faults = doc.json_faults();
    assert_eq!(faults.len(), 1);
    assert_eq!((faults[0].kind, doc.position(faults[0].span.start()).line), (JsonFaultKind::BrokenRow, 3));
}

#[test]
fn feature_list_is_a_progress_log() {
    let text = r#"[{"category":"functional","description":"User can log in","steps":["a"],"passes":true},
 {"category":"style","description":"Dark \"mode\"","steps":[],"passes":false}]"#;
    let doc = parse(text);
    assert_eq!(doc.dialect(), Dialect::ProgressLog);
    let p = doc.progress();
    assert_eq!(p.len(), 2);
    assert_eq!((p[0].status, p[0].source), (Some(Status::Completed), MarkerSource::Feature));
    assert_eq!(doc.text(p[1].units[0].name), r#"Dark \"mode\""#);
    assert_eq!(p[1].status, Some(Status::Pending));
}

#[test]
fn memory_bank_progress_and_next_steps() {
    let progress = "# Progress\n\n## What Works\n- Login flow\n- [x] Signup\n\n### Audio playback ✅\n- details\n\n## What's Left to Build\n- Export to PDF\n- [ ] Sharing\n\n## Known Issues\n- Slow search\n";
    let doc = parse(progress);
    assert_eq!(doc.dialect(), Dialect::MemoryBank);
    let got: Vec<_> = doc.progress().iter().map(|m| (m.status.unwrap(), doc.text(m.units[0].name), m.source)).collect();
    assert_eq!(
        got,
        [
            (Status::Completed, "Login flow", MarkerSource::Section),
            (Status::Completed, "Signup", MarkerSource::Checkbox),
            (Status::Completed, "Audio playback", MarkerSource::Emoji),
            (Status::Pending, "Export to PDF", MarkerSource::Section),
            (Status::Pending, "Sharing", MarkerSource::Checkbox),
        ]
    );
    let active = "# Active Context\n\n## Current Work Focus\nAuth.\n\n## Next Steps\n1. Wire the refresh token\n2. Add tests\n";
    let doc = parse(active);
    assert_eq!(doc.dialect(), Dialect::MemoryBank);
    assert_eq!(doc.text(doc.next_step().unwrap().text), "Wire the refresh token");
}

#[test]
fn file_names_settle_the_dialect() {
    let by_name = |name: &str, text: &str| {
        parse_with(text, &ParseOptions { dialect: None, file_name: Some(name.into()) }).dialect()
    };
    assert_eq!(by_name("memory-bank/activeContext.md", "anything"), Dialect::MemoryBank);
    assert_eq!(by_name("claude-progress.txt", "anything"), Dialect::ProgressLog);
    assert_eq!(by_name("memories.jsonl", "{\"text\":\"x\"}"), Dialect::MemoryStore);
    let forced = parse_with(SEED_000, &ParseOptions { dialect: Some(Dialect::Generic), file_name: None });
    assert_eq!(forced.dialect(), Dialect::Generic);
    assert_eq!(forced.to_string(), SEED_000);
}

#[test]
fn headings_in_code_html_and_quotes_are_not_sections() {
    let text = "# Real\n\n```\n# not a section\n```\n\n<div>\n# not either\n</div>\n\n> ## quoted\n\n    # indented code\n\n## Also real\n";
    let doc = parse(text);
    let titles: Vec<_> = doc.sections().iter().map(|s| doc.text(s.title)).collect();
    assert_eq!(titles, ["Real", "Also real"]);
}

#[test]
fn front_matter_bom_and_odd_bytes_round_trip() {
    let cases = [
        "\u{feff}# Session Memory — bom\n\n## Next Session Start\nGo.\n",
        "---\ntype: session-memory\ntitle: x\n---\n# Session Memory — fm\n\n## Decisions Made\n- 2026-04-22T07:12Z — use x\n",
        "no final newline",
        "\t- tabs\t \n  trailing   \n",
        "# 中文标题\n\n- ✅ 完成 🎉\n",
        "",
        "\n\n\n",
        "# broken [link](\n* * *\n- [ ]\n-\n",
    ];
    for text in cases {
        let doc = parse(text);
        assert_eq!(doc.to_string(), text);
    }
    let doc = parse(cases[0]);
    assert!(doc.has_bom());
    assert_eq!(doc.dialect(), Dialect::CheckpointLog);
    assert_eq!(doc.text(doc.next_step().unwrap().text), "Go.");
    let doc = parse(cases[1]);
    assert!(doc.front_matter().is_some());
    assert_eq!(doc.sections().len(), 2, "front matter is not a setext heading");
    assert_eq!(doc.decisions().len(), 1);
}

/// The dialect each kind of the corpus manifest (`tests/corpus/MANIFEST.tsv`, copied with the
/// corpus from ../shared/corpus) is read as from its content alone, with the reason where the
/// manifest's kind is not one of Memento's dialects.
const KIND_DIALECTS: &[(&str, Dialect, &str)] = &[
    ("memorybank", Dialect::MemoryBank, "Cline / Roo Code memory bank files"),
    ("progress", Dialect::ProgressLog, "claude-progress.txt and the session logs written like it"),
    ("jsonl", Dialect::MemoryStore, "memory rows, one JSON object a line (or an array)"),
    ("ccnotes", Dialect::SessionNotes, "Claude Code's session notes"),
    ("intuitek", Dialect::CheckpointLog, "the `# Session Memory — <task>` files the checkpoint log is modelled on"),
    ("handoff", Dialect::ProgressLog, "a HANDOFF.md records sessions and what comes next, as a progress log does; no dialect of its own"),
    ("agentsmd", Dialect::Generic, "an AGENTS.md or rule file says how to keep memory: instructions, no run's state"),
    ("other", Dialect::Generic, "no memory format of its own: any markdown"),
];

/// Corpus files read from their content as another dialect than their kind's, each with why.
const DIALECT_EXCEPTIONS: &[(&str, Dialect, &str)] = &[
    ("009", Dialect::Generic, "cursor-memory-bank's tasks.md (`# Tasks`): none of a memory bank's titles or sections; its path makes it memory-bank"),
    ("010", Dialect::Generic, "a memory bank's reflection (`# Reflection: BUILD Phase`): neither a memory bank file nor a log"),
    ("011", Dialect::ProgressLog, "a memory bank's progress.md titled `Progress Tracker`, percentages under its own headings, no What Works / What's Left"),
    ("020", Dialect::ProgressLog, "a feature_list.json: features that pass or not, the long-running harness's progress"),
    ("022", Dialect::ProgressLog, "a session-state JSON whose sessions carry their status"),
    ("037", Dialect::ProgressLog, "`# Session Memory` with no task and none of the checkpoint sections: a run of dated checkpoints, a session log"),
    ("044", Dialect::ProgressLog, "a subagent's memory titled `Session Planner Memory`, with a session history table"),
    ("051", Dialect::ProgressLog, "a feature_list.json: features that pass or not, the long-running harness's progress"),
    ("056", Dialect::Generic, "an OpenSpec run log at its start (`# ISSUE-1`): a plan and one dated run, nothing that names progress or a session"),
    ("066", Dialect::ProgressLog, "`# Session Memory — 045-S merge` over sections of its own (Outcome, Completed This Session, Next Steps) and none of the template's: a session's record"),
    ("067", Dialect::ProgressLog, "a STATE.md (`# STATE — …`, Where it stands): no `# Session Memory` title, no checkpoint sections"),
    ("068", Dialect::ProgressLog, "`# Session Memory — chg-02` over a harness's stage sections (`## executing stage ✅`), none of the template's"),
];

/// The dialect `name` (a corpus file of manifest kind `kind`) is read as from its content.
fn expected_dialect(name: &str, kind: &str) -> Dialect {
    if let Some((_, d, _)) = DIALECT_EXCEPTIONS.iter().find(|(n, _, _)| name.starts_with(n)) {
        return *d;
    }
    let Some((_, d, _)) = KIND_DIALECTS.iter().find(|(k, _, _)| *k == kind) else {
        panic!("{name}: manifest kind {kind} has no row in KIND_DIALECTS");
    };
    *d
}

#[test]
fn every_corpus_file_round_trips_with_a_sensible_dialect() {
    let Some(dir) = corpus_dir() else {
        panic!("corpus not found: tests/corpus or MEMENTO_CORPUS");
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut seen = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, kind, path) = (cols[0], cols[1], cols[3]);
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let text = String::from_utf8(bytes).expect("corpus files are UTF-8");
        let doc = parse(&text);
        assert_eq!(doc.to_string(), text, "{name} round trip");
        assert_eq!(doc.dialect(), expected_dialect(name, kind), "{name} dialect");
        // With the file's real path, the name decides where it is unambiguous.
        let named = parse_with(&text, &ParseOptions { dialect: None, file_name: Some(path.into()) });
        assert_eq!(named.to_string(), text);
        let by_path = match kind {
            "jsonl" => Some(Dialect::MemoryStore),
            _ if path.ends_with("claude-progress.txt") || path.ends_with("feature_list.json") => Some(Dialect::ProgressLog),
            "memorybank" if !path.contains("reflection") && !path.ends_with("tasks.md") => Some(Dialect::MemoryBank),
            _ => None,
        };
        if let Some(d) = by_path {
            assert_eq!(named.dialect(), d, "{name} by path {path}");
        }
        // Every span of the model lies inside the text, on character boundaries.
        for m in doc.progress() {
            for u in &m.units {
                assert!(text.get(u.name.range()).is_some(), "{name}");
            }
        }
        seen += 1;
    }
    assert!(seen >= 60, "{seen} corpus files in the manifest");
    // An exception is a file read otherwise than its kind: one that agrees with its kind, or
    // that names no file of the manifest, is stale.
    for (prefix, dialect, why) in DIALECT_EXCEPTIONS {
        let row = manifest.lines().skip(1).find(|l| l.starts_with(prefix));
        let Some(kind) = row.and_then(|l| l.split('\t').nth(1)) else { panic!("exception {prefix} names no corpus file") };
        let by_kind = KIND_DIALECTS.iter().find(|(k, _, _)| *k == kind).map(|(_, d, _)| *d);
        assert_ne!(by_kind, Some(*dialect), "exception {prefix} ({why}) is its kind's dialect");
    }
}

#[test]
fn corpus_models_find_what_users_wrote() {
    let Some(dir) = corpus_dir() else { return };
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap();
    // A real checkpoint-style STATE file: `## Decisions made` with `- YYYY-MM-DD — text`.
    let doc = parse(&read("067-intuitek.md"));
    assert!(!doc.decisions().is_empty());
    assert!(doc.decisions().iter().all(|d| d.timestamp.is_some()));
    // A real Claude Code notes file keeps its ten headers and italic descriptions.
    let doc = parse(&read("038-ccnotes.md"));
    assert_eq!(doc.sections().iter().filter(|s| s.description.is_some()).count(), 10);
    // Memory-bank progress: ✅ headings are completed units.
    let doc = parse(&read("002-memorybank.md"));
    assert!(doc.progress().iter().any(|m| m.status == Some(Status::Completed) && doc.text(m.units[0].name) == "User Authentication System"));
    // The pretty-printed rows of a `.jsonl` without brackets are all read, and the commas
    // that join them (neither JSON nor JSONL) said once.
    let doc = parse(&read("033-jsonl.jsonl"));
    let faults: Vec<_> = doc.json_faults().iter().map(|f| (f.kind, doc.position(f.span.start()).line)).collect();
    assert_eq!((doc.records().len(), faults), (126, vec![(JsonFaultKind::JoinedRows, 7)]));
    // A free-form log's dates are found.
    assert!(parse(&read("019-progress.txt")).last_updated().is_some());
}
