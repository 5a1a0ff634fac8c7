//! The memory formats the agent harnesses write (docs/formats.md): fixtures written from each
//! format's documentation, read byte for byte; the model they give; their folder rules
//! (dangling-link, pinned-over-budget) firing and quiet; plan, prompt and init for each.

use memento_core::check::check_workspace;
use memento_core::memory::LinkKind;
use memento_core::{check, parse, parse_with, plan, CheckOptions, Diagnostic, Dialect, Document, ParseOptions, Rule, Timestamp};
use memento_edit::edit;
use std::path::Path;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// The files of a fixture folder (relative paths, sorted), each parsed with its path.
fn folder(name: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let root = Path::new(FIXTURES).join(name);
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

fn named(path: &str, text: &str) -> Document {
    parse_with(text, &ParseOptions { dialect: None, file_name: Some(path.into()) })
}

fn now() -> CheckOptions {
    CheckOptions::at(Timestamp::parse("2026-05-03T09:00Z").unwrap())
}

/// The workspace check of a fixture folder: (file, rule, line) of every finding.
fn workspace(files: &[(String, String)], options: &CheckOptions) -> Vec<(String, Rule, u32)> {
    let docs: Vec<(String, Document)> = files.iter().map(|(p, t)| (p.clone(), named(p, t))).collect();
    let refs: Vec<(&str, &Document)> = docs.iter().map(|(p, d)| (p.as_str(), d)).collect();
    check_workspace(&refs, options).into_iter().map(|(i, d)| (docs[i].0.clone(), d.rule, d.line)).collect()
}

#[test]
fn every_fixture_round_trips_and_reads_as_its_format() {
    let expected = [
        ("basic-memory", Dialect::BasicMemory),
        ("claude-memory", Dialect::ClaudeMemory),
        ("codex-memory", Dialect::CodexMemory),
        ("letta-memfs", Dialect::LettaMemfs),
    ];
    for (dir, dialect) in expected {
        for (path, text) in folder(dir) {
            // By content alone (a Claude Code index needs its title and links, which it has),
            // and with its path.
            let doc = parse(text.as_str());
            assert_eq!(doc.to_string(), text, "{dir}/{path} round trip");
            assert_eq!(doc.dialect(), dialect, "{dir}/{path} by content");
            let with_path = named(&format!("{dir}/{path}"), &text);
            assert_eq!(with_path.to_string(), text);
            assert_eq!(with_path.dialect(), dialect, "{dir}/{path} by path");
            // The front matter's bytes are the file's own.
            if let Some(fm) = &doc.agent_memory().front_matter {
                assert!(text[fm.span.range()].starts_with("---\n") && text[fm.span.range()].ends_with("---\n"), "{path}");
            }
        }
    }
}

#[test]
fn harness_paths_settle_the_dialect() {
    let by = |path: &str, text: &str| named(path, text).dialect();
    assert_eq!(by("/home/u/.claude/projects/-home-u-app/memory/MEMORY.md", "# Notes\n"), Dialect::ClaudeMemory);
    assert_eq!(by("/home/u/.claude/projects/-home-u-app/memory/debugging.md", "Plain notes.\n"), Dialect::ClaudeMemory);
    assert_eq!(by("/home/u/.codex/memories/MEMORY.md", "# Notes\n"), Dialect::CodexMemory);
    assert_eq!(by("memory_summary.md", "User likes short answers.\n"), Dialect::CodexMemory);
    assert_eq!(by("/home/u/.letta/agents/a1/memory/system/human.md", "no front matter\n"), Dialect::LettaMemfs);
    assert_eq!(by("/home/u/basic-memory/coffee.md", "# Coffee\n"), Dialect::BasicMemory);
    // A MEMORY.md elsewhere is Claude Code's index unless its content says Codex.
    assert_eq!(by("docs/MEMORY.md", "# Notes\n- a fact\n"), Dialect::ClaudeMemory);
    assert_eq!(by("docs/MEMORY.md", "# Task Group: x\n\nscope: y\n"), Dialect::CodexMemory);
    // Front matter of other tools is not mistaken for these formats.
    assert_eq!(parse("---\ndate: 2026-07-16\ntype: session-memory\n---\n# Session Memory — t\n\n## Decisions Made\n").dialect(), Dialect::CheckpointLog);
    assert_eq!(parse("---\nname: deploy\ndescription: Deploys the app\n---\n# Deploy\n").dialect(), Dialect::Generic);
}

#[test]
fn basic_memory_observations_are_entries_with_category_and_tags_and_relations_are_links() {
    let text = &folder("basic-memory").into_iter().find(|(p, _)| p == "order-service.md").unwrap().1;
    let doc = parse(text.as_str());
    let memory = doc.agent_memory();
    let observations: Vec<(&str, &str, Vec<&str>)> = memory
        .observations
        .iter()
        .map(|o| (doc.text(o.category), doc.text(o.text), o.tags.iter().map(|t| doc.text(*t)).collect()))
        .collect();
    assert_eq!(observations[0], ("decision", "Use optimistic locking on the orders table #database (chosen over row locks)", vec!["database"]));
    assert_eq!(observations[1].2, vec!["ids"]);
    assert_eq!(observations.len(), 4);
    // A `[decision]` binds; the other categories are facts learned.
    assert_eq!(doc.decisions().len(), 1);
    assert_eq!(doc.text(doc.decisions()[0].text), "Use optimistic locking on the orders table #database (chosen over row locks)");
    assert_eq!(doc.discoveries().len(), 3);
    let relations: Vec<(&str, &str)> = memory.links.iter().map(|l| (doc.text(l.relation.unwrap()), doc.text(l.target))).collect();
    assert_eq!(relations, [("depends_on", "Billing Gateway"), ("documented_in", "Orders Runbook"), ("relates_to", "Inventory Sync")]);
    let fm = memory.front_matter.as_ref().unwrap();
    let keys: Vec<&str> = fm.fields.iter().map(|f| doc.text(f.key)).collect();
    assert_eq!(keys, ["title", "type", "tags", "permalink"]);
    // The plan lists the decision; the prompt carries it.
    let p = plan(&doc, &now());
    assert_eq!(p.decisions.active.len(), 1);
    let prompt = memento_edit::prompt::render_prompt(&doc, &p, 2000).unwrap();
    assert!(prompt.contains("optimistic locking"), "{prompt}");
}

#[test]
fn dangling_links_are_found_within_the_memory_folder() {
    let files = folder("basic-memory");
    let found = workspace(&files, &now());
    // Inventory Sync is a note nobody wrote; every other relation names a note of the folder.
    assert_eq!(found, [("order-service.md".to_owned(), Rule::DanglingLink, 21)]);
    // Quiet once the note exists (named by its title, not its file name).
    let mut more = files.clone();
    more.push(("sync.md".into(), "---\ntitle: Inventory Sync\npermalink: inventory-sync\n---\n\n- [fact] Runs hourly #sync\n- [fact] Owned by ops\n".into()));
    assert!(workspace(&more, &now()).iter().all(|(_, r, _)| *r != Rule::DanglingLink), "{:?}", workspace(&more, &now()));
    // A note checked alone has no folder to resolve its links in.
    let one = &files[1];
    assert!(workspace(std::slice::from_ref(one), &now()).is_empty());
}

#[test]
fn claude_code_memory_folder_is_one_workspace() {
    let files = folder("claude-memory");
    let found = workspace(&files, &now());
    assert!(found.is_empty(), "{found:?}");
    let index = named("MEMORY.md", &files.iter().find(|(p, _)| p == "MEMORY.md").unwrap().1);
    let targets: Vec<&str> = index.agent_memory().links.iter().filter(|l| l.kind == LinkKind::File).map(|l| index.text(l.target)).collect();
    assert_eq!(targets, ["feedback_testing.md", "project_release.md", "user_dana.md"]);
    // The release topic's checklist is read as units.
    let release = files.iter().find(|(p, _)| p == "project_release.md").unwrap();
    let p = plan(&named(&release.0, &release.1), &now());
    assert_eq!((p.completed.len(), p.pending.len()), (2, 2));
    assert_eq!(p.next_action.unwrap().text, "Start QA sign-off on the refund emails");

    // A feedback memory is the user's correction: it binds.
    let feedback = files.iter().find(|(p, _)| p == "feedback_testing.md").unwrap();
    let p = plan(&named(&feedback.0, &feedback.1), &now());
    assert_eq!(p.decisions.active.len(), 2);
    assert!(p.decisions.active[1].text.starts_with("Never mock the database"));
    // Two feedback memories that pull opposite ways are a conflict of the folder.
    let mut contradicting = files.clone();
    contradicting.push(("feedback_config.md".into(), "---\nname: Config\ndescription: Config files\ntype: feedback\n---\n\n- DO NOT modify config/auth.yaml\n".into()));
    contradicting.push(("feedback_staging.md".into(), "---\nname: Staging\ndescription: Staging setup\ntype: feedback\n---\n\n- Modify config/auth.yaml to add the staging key\n".into()));
    let found = workspace(&contradicting, &now());
    assert_eq!(found, [("feedback_staging.md".to_owned(), Rule::ConflictingDecisions, 7)]);

    // An index line for a topic that is not there, and a topic file without front matter.
    let mut broken = files.clone();
    broken.retain(|(p, _)| p != "user_dana.md");
    broken.push(("debugging.md".into(), "Run with RUST_LOG=debug.\n".into()));
    let found = workspace(&broken, &now());
    assert_eq!(found, [
        ("MEMORY.md".to_owned(), Rule::DanglingLink, 5),
        ("debugging.md".to_owned(), Rule::MissingMetadata, 1),
    ]);
}

#[test]
fn claude_code_index_past_its_load_limit() {
    let mut index = "# Memory\n\n".to_owned();
    for i in 1..=230 {
        index.push_str(&format!("- [Topic {i}](topic_{i}.md) — hook {i}\n"));
    }
    let doc = named("MEMORY.md", &index);
    let ds: Vec<Diagnostic> = check(&doc, &now()).into_iter().filter(|d| d.rule == Rule::PastLoadLimit).collect();
    assert_eq!(ds.len(), 1);
    assert_eq!(ds[0].line, 201);
    assert!(ds[0].message.contains("lines 201–232"), "{}", ds[0].message);
    assert!(ds[0].message.contains("32 topic files are linked only there"), "{}", ds[0].message);
    // By size: 25 KB of long lines cut before line 200.
    let wide = format!("# Memory\n{}", format!("- [T](t.md) — {}\n", "x".repeat(500)).repeat(60));
    let doc = named("MEMORY.md", &wide);
    let d = check(&doc, &now()).into_iter().find(|d| d.rule == Rule::PastLoadLimit).unwrap();
    assert_eq!(d.range.start(), 25 * 1024);
    assert!(d.line < 200);
}

#[test]
fn codex_blocks_are_entries_with_scope_and_provenance() {
    let files = folder("codex-memory");
    let (path, text) = files.iter().find(|(p, _)| p == "MEMORY.md").unwrap();
    let doc = named(path, text);
    let blocks = &doc.agent_memory().blocks;
    assert_eq!(blocks.len(), 2);
    let b = &blocks[0];
    assert_eq!(doc.text(b.title), "/home/dev/payments refunds and billing callbacks");
    assert_eq!(doc.text(b.cwd.unwrap()), "/home/dev/payments");
    assert!(doc.text(b.scope.unwrap()).starts_with("Refund flow"));
    assert_eq!(b.sources.len(), 2);
    assert_eq!(doc.text(b.sources[0].thread_id.unwrap()), "a1b2c3");
    assert_eq!(b.sources[0].updated_at.unwrap().to_string(), "2026-05-02T10:40:00Z");
    let keywords: Vec<&str> = b.keywords.iter().map(|k| doc.text(*k)).collect();
    assert_eq!(&keywords[..2], ["partial refund", "RefundRequest"]);
    // The newest rollout dates the file; the consolidated knowledge is read as facts.
    assert_eq!(doc.last_updated().unwrap().to_string(), "2026-05-02T10:40:00Z");
    assert!(doc.discoveries().iter().any(|d| doc.text(d.text).contains("retries a refund only on 5xx")));
    // Clean as written; read for the payments project, the dashboard block is another's.
    assert!(workspace(&files, &now()).is_empty(), "{:?}", workspace(&files, &now()));
    let for_payments = CheckOptions { project: Some("/home/dev/payments".into()), ..now() };
    let found = workspace(&files, &for_payments);
    assert_eq!(found, [("MEMORY.md".to_owned(), Rule::ScopeMismatch, 42)]);
    // A block without applies_to, and a summary that lost its `v1` line.
    let broken = [
        ("MEMORY.md".to_owned(), "# Task Group: release notes\n\nscope: how release notes are written\n\n## Task 1: Write 2.4 notes, done\n".to_owned()),
        ("memory_summary.md".to_owned(), "## User Profile\n\nBackend engineer.\n".to_owned()),
    ];
    assert_eq!(workspace(&broken, &now()), [
        ("MEMORY.md".to_owned(), Rule::MissingMetadata, 1),
        ("memory_summary.md".to_owned(), Rule::MalformedMetadata, 1),
    ]);
}

#[test]
fn letta_front_matter_is_checked_and_pinned_files_count_against_the_budget() {
    let files = folder("letta-memfs");
    assert!(workspace(&files, &now()).is_empty(), "{:?}", workspace(&files, &now()));
    // Unknown key, unclosed front matter, no front matter at all.
    let broken = [
        ("system/a.md".to_owned(), "---\ndescription: Team facts\nowner: dana\n---\nfacts\n".to_owned()),
        ("system/b.md".to_owned(), "---\ndescription: Open\nno closing line\n".to_owned()),
        ("system/c.md".to_owned(), "Just text.\n".to_owned()),
    ];
    let found = workspace(&broken, &now());
    assert_eq!(found, [
        ("system/a.md".to_owned(), Rule::MalformedMetadata, 3),
        ("system/b.md".to_owned(), Rule::MalformedMetadata, 1),
        ("system/b.md".to_owned(), Rule::MalformedMetadata, 3),
        ("system/c.md".to_owned(), Rule::MissingMetadata, 1),
    ]);
    // Pinned files over the budget: reported once, on the largest; reference/ does not count.
    let small_budget = CheckOptions { pinned_budget_tokens: 40, ..now() };
    let found = workspace(&files, &small_budget);
    assert_eq!(found, [("system/human.md".to_owned(), Rule::PinnedOverBudget, 1)]);
    let docs: Vec<(String, Document)> = files.iter().map(|(p, t)| (p.clone(), named(p, t))).collect();
    let refs: Vec<(&str, &Document)> = docs.iter().map(|(p, d)| (p.as_str(), d)).collect();
    let d = check_workspace(&refs, &small_budget).into_iter().next().unwrap().1;
    assert!(d.message.contains("the 2 pinned files under system/"), "{}", d.message);
    let large_budget = CheckOptions { pinned_budget_tokens: 10_000, ..now() };
    assert!(workspace(&files, &large_budget).is_empty());
}

#[test]
fn init_creates_each_format() {
    let cases = [
        (Dialect::ClaudeMemory, "MEMORY.md"),
        (Dialect::CodexMemory, "memory_summary.md"),
        (Dialect::LettaMemfs, "system/task.md"),
        (Dialect::BasicMemory, "auth-tokens.md"),
    ];
    for (dialect, path) in cases {
        let text = edit::init(dialect, "Auth: rotate tokens").unwrap();
        let doc = named(path, &text);
        assert_eq!(doc.dialect(), dialect, "{text}");
        assert_eq!(doc.to_string(), text);
        // By content too, but for the index (its title and links make it one).
        if dialect != Dialect::ClaudeMemory {
            assert_eq!(parse(text.as_str()).dialect(), dialect, "{text}");
        }
        let ds = check(&doc, &now());
        assert!(ds.is_empty(), "{dialect}: {ds:#?}\n{text}");
        let docs = [(path, &doc)];
        assert!(check_workspace(&docs, &now()).is_empty());
    }
    // A title with a colon is quoted in YAML, and read back whole.
    let text = edit::init(Dialect::LettaMemfs, "Auth: rotate tokens").unwrap();
    assert_eq!(text, "---\ndescription: \"Auth: rotate tokens\"\n---\n");
}

#[test]
fn a_folder_prompt_counts_pinned_files_and_shows_a_memorys_warnings_and_facts() {
    use memento_edit::prompt::{render_prompts, PromptFile};
    let render = |dir: &str, options: &CheckOptions, budget: usize| {
        let files = folder(dir);
        let docs: Vec<(String, Document)> = files.iter().map(|(p, t)| (p.clone(), named(p, t))).collect();
        let plans: Vec<_> = docs.iter().map(|(_, d)| plan(d, options)).collect();
        let list: Vec<PromptFile> = docs.iter().zip(&plans).map(|((p, d), plan)| PromptFile { path: p, doc: d, plan, modified: None }).collect();
        let pinned: usize = docs.iter().filter(|(p, _)| p.starts_with("system/")).map(|(_, d)| memento_core::tokens::estimate(d.source())).sum();
        (render_prompts(&list, budget), pinned)
    };
    let (prompt, pinned) = render("letta-memfs", &now(), 400);
    let prompt = prompt.unwrap();
    assert!(prompt.contains(&format!("Pinned, in the agent's context already (~{pinned} tokens of this budget): system/human.md, system/persona.md")), "{prompt}");
    assert!(!prompt.contains("## system/"), "pinned files are not previewed:\n{prompt}");
    assert!(prompt.contains("## reference/payments-notes.md"), "{prompt}");
    assert!(memento_core::tokens::estimate(&prompt) + pinned <= 400);
    // A budget the pinned files leave no room in is too small, and says so.
    let (small, _) = render("letta-memfs", &now(), pinned + 20);
    assert!(small.is_err());
    // Codex, read for the payments project: the other project's block is said, and the
    // consolidated knowledge is carried.
    let for_payments = CheckOptions { project: Some("/home/dev/payments".into()), ..now() };
    let (prompt, _) = render("codex-memory", &for_payments, 2000);
    let prompt = prompt.unwrap();
    assert!(prompt.contains("## MEMORY.md (codex-memory, last updated 2026-05-02T10:40:00Z)"), "{prompt}");
    assert!(prompt.contains("applies to cwd=/home/dev/dashboard, not the project `/home/dev/payments`"), "{prompt}");
    assert!(prompt.contains("retries a refund only on 5xx"), "{prompt}");
}

#[test]
fn scope_mismatch_reads_front_matter_and_store_rows_that_name_a_project() {
    let for_payments = CheckOptions { project: Some("/home/dev/payments".into()), ..now() };
    let mismatches = |text: &str, path: &str| -> Vec<u32> {
        check(&named(path, text), &for_payments).into_iter().filter(|d| d.rule == Rule::ScopeMismatch).map(|d| d.line).collect()
    };
    // A Basic Memory note whose front matter names another project's folder.
    let note = "---\ntitle: Palette\npermalink: palette\nproject: /home/dev/dashboard\n---\n\n- [fact] Colours live in palette.ts\n- [fact] Charts read them at build\n";
    assert_eq!(mismatches(note, "notes/palette.md"), [4]);
    assert!(mismatches(&note.replace("/home/dev/dashboard", "/home/dev/payments/web"), "notes/palette.md").is_empty());
    // Memory rows whose project is a path: the dashboard's row, not the payments one; an
    // agent's name is no project path and is left to mixed-scope.
    let rows = "{\"id\":\"1\",\"content\":\"Refunds retry on 5xx\",\"project\":\"/home/dev/payments\"}\n{\"id\":\"2\",\"content\":\"Palette in palette.ts\",\"project\":\"/home/dev/dashboard\"}\n{\"id\":\"3\",\"content\":\"Short answers\",\"agent_id\":\"agent-a\"}\n";
    assert_eq!(mismatches(rows, "memories.jsonl"), [2]);
    // Without a project asked for, nothing is a mismatch.
    assert!(check(&named("memories.jsonl", rows), &now()).iter().all(|d| d.rule != Rule::ScopeMismatch));
}

#[test]
fn checkpoints_are_written_in_the_formats_own_shape() {
    use memento_edit::edit::{checkpoint_with, Kind};
    use memento_edit::{EditError, EditOptions};
    let at = Timestamp::parse("2026-05-03T10:00Z").unwrap();
    let options = |path: &str| EditOptions { parse: ParseOptions { dialect: None, file_name: Some(path.into()) }, ..EditOptions::default() };
    // Basic Memory: observations under Observations, the time as their context.
    let note = &folder("basic-memory").into_iter().find(|(p, _)| p == "order-service.md").unwrap().1;
    let o = options("order-service.md");
    let out = checkpoint_with(note, "Use ULIDs for refunds too", at, Some(Kind::Decision), &o).unwrap();
    let out = checkpoint_with(&out.text, "Billing callbacks can arrive twice", at, Some(Kind::Discovery), &o).unwrap();
    assert!(out.text.contains("- [status] Retry queue is live in staging\n- [decision] Use ULIDs for refunds too (2026-05-03T10:00Z)\n- [fact] Billing callbacks can arrive twice (2026-05-03T10:00Z)\n\n## Relations"), "{}", out.text);
    let doc = named("order-service.md", &out.text);
    assert_eq!(doc.decisions().len(), 2);
    assert_eq!(doc.agent_memory().observations.len(), 6);
    // The same fact again is refused; a contradicting decision too.
    let again = checkpoint_with(&out.text, "billing callbacks can arrive twice.", at, Some(Kind::Discovery), &o);
    assert!(matches!(again, Err(EditError::DuplicateEntry { .. })), "{again:?}");
    // Claude Code: a feedback memory takes one more rule, at the end of its list.
    let feedback = &folder("claude-memory").into_iter().find(|(p, _)| p == "feedback_testing.md").unwrap().1;
    let o = options("feedback_testing.md");
    let out = checkpoint_with(feedback, "Run clippy before each commit", at, Some(Kind::Decision), &o).unwrap();
    assert!(out.text.ends_with("the user corrected this twice.\n- Run clippy before each commit\n"), "{}", out.text);
    assert_eq!(named("feedback_testing.md", &out.text).decisions().len(), 3);
    // A project memory keeps the generic sections.
    let project = &folder("claude-memory").into_iter().find(|(p, _)| p == "project_release.md").unwrap().1;
    let out = checkpoint_with(project, "Use the release branch for hotfixes", at, Some(Kind::Decision), &options("project_release.md")).unwrap();
    assert!(out.text.contains("## Decisions Made\n- 2026-05-03T10:00Z — Use the release branch for hotfixes"), "{}", out.text);
}

/// A file dated only in its front matter (`date: 2026-01-16`) is as old as that date: the
/// plan's last update and stale-memory read it; a date about something else is no age.
#[test]
fn the_front_matter_s_date_is_the_file_s_age() {
    let text = "---\ndate: 2026-01-16\ntype: session-memory\ndeadline: 2026-12-01\n---\n\n# Session Memory\n\n## Executing stage ✅\n\n- Added the exporter\n";
    let doc = parse(text);
    let p = plan(&doc, &now());
    assert_eq!(p.last_updated.map(|t| t.to_string()).as_deref(), Some("2026-01-16"));
    let stale: Vec<u32> = check(&doc, &now()).iter().filter(|d| d.rule == Rule::StaleMemory).map(|d| d.line).collect();
    assert_eq!(stale, [2]);
    // `updated_at:` in quotes counts too; the newest of the file's dates wins.
    let doc = parse("---\ncreated: 2026-01-02\nupdated_at: \"2026-04-30T10:00:00Z\"\n---\n\nNotes.\n");
    assert_eq!(doc.last_updated().map(|t| t.to_string()).as_deref(), Some("2026-04-30T10:00:00Z"));
    assert!(parse("---\ndeadline: 2026-01-02\n---\n\nNotes.\n").last_updated().is_none());
}
