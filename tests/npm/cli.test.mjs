// The `memento` bin of the installed tarball: every command of wasm-pkg/README.md, its exit codes
// (0 fine, 1 the check found errors, 2 usage/I-O/input error with one line on stderr) and
// its --json shapes. Files are written in a fresh folder per test.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { join } from "node:path";
import { SEED, bin, fails, project, requireProject, run } from "./project.mjs";

requireProject();

const NOW = "2026-04-22T09:00Z";
const KEY = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";

function folder() {
  mkdirSync(join(project, "cli"), { recursive: true });
  return mkdtempSync(join(project, "cli", "t-"));
}

function memento(args, cwd, env = {}) {
  return run(bin, args, { cwd, env: { ...process.env, ...env } });
}

function seedIn(dir, name = "session_memory.md", text = SEED) {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

test("check: exit 0 on a clean file, 1 when the check finds errors; --json shape; secrets never printed", () => {
  const dir = folder();
  const clean = seedIn(dir);
  let r = memento(["check", clean, "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /0 errors, 0 warnings, 0 infos in 1 file/);
  const leaky = seedIn(dir, "leaky.md", `${SEED}- token ${KEY}\n`);
  r = memento(["check", clean, leaky, "--json", "--now", NOW], dir);
  assert.equal(r.status, 1);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(json), ["files"]);
  assert.deepEqual(json.files.map((f) => [f.path, f.dialect]), [[clean, "checkpoint-log"], [leaky, "checkpoint-log"]]);
  const secret = json.files[1].diagnostics.find((d) => d.rule === "possible-secret");
  assert.deepEqual(Object.keys(secret).slice(0, 6), ["rule", "severity", "message", "line", "column", "range"]);
  assert.equal(secret.severity, "error");
  // Byte ranges, as docs/architecture.md says (UTF-8 inside).
  assert.equal(Buffer.from(readFileSync(leaky)).subarray(secret.range.start, secret.range.start + 3).toString(), "sk-");
  assert.ok(!r.stdout.includes(KEY) && !r.stderr.includes(KEY));
  r = memento(["check", leaky, "--now", NOW], dir);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /leaky\.md:14:9: error\[possible-secret\]/);
  assert.ok(!r.stdout.includes(KEY));
});

test("check: a folder is its memory files; --dialect; a stale file warns with --now", () => {
  const dir = folder();
  mkdirSync(join(dir, "bank"));
  seedIn(dir, "bank/progress.md", "# Progress\n\n## What Works\n- [x] login\n");
  seedIn(dir, "bank/notes.txt", "free notes\n");
  writeFileSync(join(dir, "bank/image.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]));
  let r = memento(["check", "bank", "--json", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.map((f) => f.path), ["bank/notes.txt", "bank/progress.md"]);
  r = memento(["check", "bank/notes.txt", "--dialect", "checkpoint-log", "--json", "--now", NOW], dir);
  assert.equal(JSON.parse(r.stdout).files[0].dialect, "checkpoint-log");
  seedIn(dir);
  r = memento(["check", "session_memory.md", "--now", "2026-06-01T00:00Z"], dir);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /warning\[stale-memory\]/);
});

test("check: usage, I/O and input errors exit 2 with one line", () => {
  const dir = folder();
  fails(memento(["check"], dir), 2, /check: expected at least 1 argument/);
  fails(memento(["check", "missing.md"], dir), 2, /missing\.md: no such file/);
  writeFileSync(join(dir, "latin1.md"), Buffer.from("caf\xe9\n", "latin1"));
  fails(memento(["check", "latin1.md"], dir), 2, /latin1\.md: not valid UTF-8 \(first bad byte at offset 3\)/);
  writeFileSync(join(dir, "blob.md"), Buffer.from([0x23, 0x20, 0x00, 0x01]));
  fails(memento(["check", "blob.md"], dir), 2, /blob\.md: binary file \(NUL byte at offset 2\)/);
  seedIn(dir);
  fails(memento(["check", "session_memory.md", "--nope"], dir), 2, /unknown option --nope/);
  fails(memento(["check", "session_memory.md", "--now", "someday"], dir), 2, /someday/);
  fails(memento(["check", "session_memory.md", "--dialect", "poem"], dir), 2, /unknown dialect `poem`/);
  fails(memento(["check", "session_memory.md", "--now"], dir), 2, /--now needs a value/);
});

test("plan --json: the object of docs/plan.md with snake_case keys; text output; exit 1 on errors", () => {
  const dir = folder();
  seedIn(dir);
  let r = memento(["plan", "session_memory.md", "--json", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  const plan = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(plan), ["status", "next_action", "resume_from", "completed", "pending", "open", "decisions", "conflicts", "diagnostics", "last_updated", "store"]);
  assert.equal(plan.store, null, "a markdown file has no store view");
  assert.deepEqual(plan.next_action, { text: "On next session start: begin with orders/batch_3/ file 095. Apply decisions above before touching any config.", source: "next-step", line: 13 });
  assert.deepEqual(plan.resume_from, { unit: "orders/batch_3/", stopped_at: "094", continue_at: "095", text: "orders/batch_3/: stopped at 094, continue at 095" });
  assert.deepEqual(plan.completed[0], { unit: "orders/batch_1/", status: "COMPLETED", range: "001-047", line: 6 });
  assert.deepEqual(plan.pending.map((u) => u.unit), ["orders/batch_4/", "orders/batch_5/"]);
  assert.deepEqual(Object.keys(plan.decisions), ["active", "superseded"]);
  assert.deepEqual(plan.decisions.active[0], { id: "2026-04-22T07:12Z", text: "DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all", line: 3 });
  assert.equal(plan.last_updated, "2026-04-22T07:23Z");
  r = memento(["plan", "session_memory.md", "--now", NOW], dir);
  assert.match(r.stdout, /^status: in-progress\nnext action: On next session start/);
  assert.match(r.stdout, /resume from: orders\/batch_3\/: stopped at 094, continue at 095/);
  seedIn(dir, "leaky.md", `${SEED}- token ${KEY}\n`);
  r = memento(["plan", "leaky.md", "--json", "--now", NOW], dir);
  assert.equal(r.status, 1);
  assert.ok(!r.stdout.includes(KEY));
  fails(memento(["plan", "a.md", "b.md"], dir), 2, /plan: expected 1 argument, got 2/);
  // A finished run's last next step is said as what the file wrote then, not as work to do.
  seedIn(dir, "done.md", "# Progress\n\n## Session 1 — 2026-03-01\n- COMPLETED: parser\n- Next step: wire the exporter\n\n## Session 2 — 2026-03-02\n- COMPLETED: exporter\n\nAll tasks complete.\n");
  r = memento(["plan", "done.md", "--now", NOW], dir);
  assert.match(r.stdout, /^status: complete\nlast next step written \(the run reads as complete\): wire the exporter \(line 5\)\n/);
});

test("prompt: one file, a folder (previews, most recent first), --budget, --if-exists", () => {
  const dir = folder();
  seedIn(dir);
  let r = memento(["prompt", "session_memory.md", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^<session-memory>\nThese notes come from past sessions/);
  assert.match(r.stdout, /Next action: On next session start: begin with orders\/batch_3\/ file 095/);
  mkdirSync(join(dir, "working/a"), { recursive: true });
  mkdirSync(join(dir, "working/b"), { recursive: true });
  seedIn(dir, "working/a/session_memory.md", SEED);
  seedIn(dir, "working/b/session_memory.md", SEED.replace("07:23Z", "08:45Z"));
  r = memento(["prompt", "working", "--now", NOW, "--budget", "600"], dir);
  assert.equal(r.status, 0, r.stderr);
  const a = r.stdout.indexOf("## working/a/session_memory.md");
  const b = r.stdout.indexOf("## working/b/session_memory.md");
  assert.ok(b !== -1 && a > b, "the most recently updated first");
  r = memento(["prompt", "session_memory.md", "--budget", "80", "--now", NOW], dir);
  assert.ok(r.stdout.length / 4 < 100);
  r = memento(["prompt", "--if-exists", "nothing-here.md"], dir);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, "");
  fails(memento(["prompt", "nothing-here.md"], dir), 2, /nothing-here\.md: no such file/);
  fails(memento(["prompt", "session_memory.md", "--budget", "lots"], dir), 2, /--budget must be a whole number/);
});

test("checkpoint: routed or forced kind; a refused write exits 1 and leaves the file as it was", () => {
  const dir = folder();
  const file = seedIn(dir);
  let r = memento(["checkpoint", "session_memory.md", "DO NOT retry failed payments", "--at", "2026-04-22T08:00Z"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /- 2026-04-22T08:00Z — DO NOT retry failed payments\n## Progress Markers/);
  r = memento(["checkpoint", "session_memory.md", "--discovery", "retries are logged in payments.log", "--at", "2026-04-22T08:01Z"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /- 2026-04-22T08:01Z — retries are logged in payments\.log\n## Next Session Start/);
  r = memento(["checkpoint", "session_memory.md", "--progress", "COMPLETED: orders/batch_3/"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /- COMPLETED: orders\/batch_3\/ \(files 092-\?\?\?\)\n/);
  const before = readFileSync(file);
  fails(memento(["checkpoint", "session_memory.md", "--decision", "modify config/auth.yaml"], dir), 1, /conflicts with decision 2026-04-22T07:12Z/);
  fails(memento(["checkpoint", "session_memory.md", "--discovery", "retries are logged in payments.log"], dir), 1, /duplicate entry/);
  assert.deepEqual(readFileSync(file), before);
  assert.equal(memento(["checkpoint", "session_memory.md", "--decision", "modify config/auth.yaml", "--force"], dir).status, 0);
  fails(memento(["checkpoint", "session_memory.md", "--decision", "--discovery", "x"], dir), 2, /at most one of/);
  fails(memento(["checkpoint", "session_memory.md"], dir), 2, /expected 2 arguments, got 1/);
  fails(memento(["checkpoint", "none.md", "x"], dir), 2, /none\.md: no such file/);
  fails(memento(["checkpoint", "session_memory.md", "x", "--at", "soon"], dir), 2, /soon/);
  assert.ok(!existsSync(`${file}.lock`), "the lock is released after a refusal");
});

test("not UTF-8 or binary input to a write: exit 2, one line, file untouched", () => {
  const dir = folder();
  const bad = Buffer.concat([Buffer.from(SEED), Buffer.from([0xc3, 0x28, 0x0a])]);
  writeFileSync(join(dir, "bad.md"), bad);
  fails(memento(["checkpoint", "bad.md", "note"], dir), 2, /bad\.md: not valid UTF-8/);
  assert.deepEqual(readFileSync(join(dir, "bad.md")), bad);
  const blob = Buffer.concat([Buffer.from(SEED), Buffer.from([0, 1, 2, 3])]);
  writeFileSync(join(dir, "blob.md"), blob);
  for (const args of [["next", "blob.md", "x"], ["progress", "blob.md", "a", "COMPLETED"], ["complete", "blob.md"], ["supersede", "blob.md", "2026-04-22T07:12Z", "x"]]) {
    fails(memento(args, dir), 2, /blob\.md: binary file/);
    assert.deepEqual(readFileSync(join(dir, "blob.md")), blob);
  }
});

test("supersede, progress, next: write in place; refusals and bad input", () => {
  const dir = folder();
  const file = seedIn(dir);
  let r = memento(["supersede", "session_memory.md", "2026-04-22T07:23Z", "Use pessimistic locking", "--at", "2026-04-22T08:00Z"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /- 2026-04-22T08:00Z — SUPERSEDES \[2026-04-22T07:23Z\] Use pessimistic locking\n/);
  fails(memento(["supersede", "session_memory.md", "2026-04-22T07:23Z", "again"], dir), 1, /already superseded/);
  fails(memento(["supersede", "session_memory.md", "1999-01-01T00:00Z", "x"], dir), 2, /no decision has the id/);
  r = memento(["progress", "session_memory.md", "orders/batch_3/", "in_progress", "--stopped-at", "101"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /- IN_PROGRESS: orders\/batch_3\/ \(files 092-\?\?\? — stopped at 101\)/);
  fails(memento(["progress", "session_memory.md", "orders/batch_4/", "IN_PROGRESS"], dir), 1, /already IN_PROGRESS/);
  fails(memento(["progress", "session_memory.md", "orders/batch_4/", "SOMEDAY"], dir), 2, /unknown status `SOMEDAY`/);
  r = memento(["next", "session_memory.md", "Continue orders/batch_3/ at 102."], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(readFileSync(file, "utf8").endsWith("## Next Session Start\nContinue orders/batch_3/ at 102.\n"));
  fails(memento(["next", "session_memory.md", " "], dir), 2, /the next step is empty/);
});

test("complete --archive DIR also writes DIR/session_memory_final_<task id>.md", () => {
  const dir = folder();
  const file = seedIn(dir);
  const r = memento(["complete", "session_memory.md", "all batches processed.", "--at", "2026-04-22T10:00Z", "--archive", "outputs"], dir);
  assert.equal(r.status, 0, r.stderr);
  const text = readFileSync(file, "utf8");
  assert.ok(text.endsWith("## TASK COMPLETE — 2026-04-22T10:00Z\nFinal status: all batches processed.\n"));
  assert.equal(readFileSync(join(dir, "outputs/session_memory_final_task_orders_audit_20260422.md"), "utf8"), text);
  fails(memento(["complete", "session_memory.md"], dir), 1, /already complete/);
});

test("init: a fresh file per dialect; never over an existing one without --force", () => {
  const dir = folder();
  let r = memento(["init", "working/t1/session_memory.md", "--task", "t1"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(join(dir, "working/t1/session_memory.md"), "utf8"), /^# Session Memory — t1\n\n## Decisions Made\n/);
  fails(memento(["init", "working/t1/session_memory.md", "--task", "t1"], dir), 2, /already exists/);
  assert.equal(memento(["init", "working/t1/session_memory.md", "--task", "t2", "--force"], dir).status, 0);
  r = memento(["init", "notes.md", "--task", "Orders audit", "--dialect", "session-notes"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(join(dir, "notes.md"), "utf8"), /^# Session Title\n_/);
  fails(memento(["init", "x.md"], dir), 2, /--task ID is required/);
  fails(memento(["init", "x.md", "--task", "t", "--dialect", "sonnet"], dir), 2, /unknown dialect/);
  fails(memento(["init", "x.json", "--task", "t", "--dialect", "memory-store"], dir), 2, /not supported/);
});

test("the agent harnesses' memory folders: init by path, a folder checked as one, --project", () => {
  const dir = folder();
  // init writes the format the path settles, or the one --dialect names.
  for (const [file, dialect] of [
    ["claude/memory/MEMORY.md", "claude-memory"],
    ["codex/memory_summary.md", "codex-memory"],
    ["letta/memory/system/task.md", "letta-memfs"],
    ["notes/auth.md", "basic-memory"],
  ]) {
    const args = ["init", file, "--task", "Auth tokens"];
    if (file === "notes/auth.md") args.push("--dialect", "basic-memory");
    const r = memento(args, dir);
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(memento(["check", file, "--json", "--now", NOW], dir).stdout);
    assert.deepEqual(json.files.map((f) => [f.dialect, f.diagnostics.length]), [[dialect, 0]], file);
  }
  assert.match(readFileSync(join(dir, "notes/auth.md"), "utf8"), /^---\ntitle: Auth tokens\ntype: note\npermalink: auth-tokens\n---\n/);
  // A Claude Code folder: an index line for a missing topic, and lines past the load limit.
  const lines = Array.from({ length: 205 }, (_, i) => `- [Topic ${i}](topic_${i}.md) — hook`).join("\n");
  writeFileSync(join(dir, "claude/memory/MEMORY.md"), `# Memory\n${lines}\n`);
  for (let i = 0; i < 205; i++) if (i !== 3) writeFileSync(join(dir, `claude/memory/topic_${i}.md`), `---\nname: T${i}\ndescription: d\ntype: project\n---\nx\n`);
  let r = memento(["check", "claude/memory", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /MEMORY\.md:5:\d+: warning\[dangling-link\] `topic_3\.md` names no file of this memory folder/);
  assert.match(r.stdout, /MEMORY\.md:201:1: warning\[past-load-limit\] lines 201–206 lie past the cut at line 201/);
  // A Codex block of another project, read for this one.
  writeFileSync(join(dir, "codex/MEMORY.md"), "# Task Group: dashboard colours\n\nscope: chart colours\napplies_to: cwd=/home/dev/dashboard; reuse_rule=there only\n");
  r = memento(["check", "codex/MEMORY.md", "--now", NOW, "--project", "/home/dev/payments"], dir);
  assert.match(r.stdout, /warning\[scope-mismatch\] Task Group `dashboard colours` applies to cwd=\/home\/dev\/dashboard, not the project `\/home\/dev\/payments`/);
  r = memento(["plan", "codex/MEMORY.md", "--json", "--now", NOW, "--project", "/home/dev/dashboard"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).diagnostics, []);
  r = memento(["prompt", "codex", "--now", NOW, "--project", "/home/dev/payments"], dir);
  assert.equal(r.status, 0, r.stderr);
});

test("diff: transition rules; exit 1 when one is an error; --json", () => {
  const dir = folder();
  seedIn(dir, "old.md");
  seedIn(dir, "new.md", SEED.replace("DO NOT modify config/auth.yaml", "Modify config/auth.yaml"));
  let r = memento(["diff", "old.md", "old.md"], dir);
  assert.equal(r.status, 0, r.stderr);
  r = memento(["diff", "old.md", "new.md", "--json"], dir);
  assert.equal(r.status, 1);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(json), ["old", "new", "diagnostics"]);
  assert.ok(json.diagnostics.some((d) => d.rule === "decision-rewritten"));
  r = memento(["diff", "old.md", "new.md"], dir);
  assert.match(r.stdout, /new\.md:3:\d+: error\[decision-rewritten\]/);
  fails(memento(["diff", "old.md"], dir), 2, /expected 2 arguments/);
});

test("merge: union of appended entries; -o OUT; a conflict exits 1 and keeps ours", () => {
  const dir = folder();
  seedIn(dir, "base.md");
  seedIn(dir, "ours.md", SEED.replace("## Next Session Start", "- 2026-04-22T08:00Z — ours found this\n## Next Session Start"));
  seedIn(dir, "theirs.md", SEED.replace("## Next Session Start", "- 2026-04-22T08:05Z — theirs found that\n## Next Session Start"));
  let r = memento(["merge", "base.md", "ours.md", "theirs.md"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /ours found this\n- 2026-04-22T08:05Z — theirs found that\n## Next Session Start/);
  r = memento(["merge", "base.md", "ours.md", "theirs.md", "-o", "merged.md"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "");
  assert.match(readFileSync(join(dir, "merged.md"), "utf8"), /theirs found that/);
  seedIn(dir, "ours2.md", SEED.replace("begin with orders/batch_3/ file 095", "begin with file 100"));
  seedIn(dir, "theirs2.md", SEED.replace("begin with orders/batch_3/ file 095", "begin with file 200"));
  r = memento(["merge", "base.md", "ours2.md", "theirs2.md"], dir);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /begin with file 100/);
  assert.match(r.stderr, /^memento: merge conflict in Next Session Start: /);
});

test("share: the file, compressed, in the URL fragment; secrets masked", () => {
  const dir = folder();
  seedIn(dir);
  let r = memento(["share", "session_memory.md", "--base", "https://memento.example/app/"], dir);
  assert.equal(r.status, 0, r.stderr);
  const url = new URL(r.stdout.trim());
  assert.equal(url.origin + url.pathname, "https://memento.example/app/");
  const params = new URLSearchParams(url.hash.slice(1));
  assert.equal(params.get("name"), "session_memory.md");
  assert.equal(inflateRawSync(Buffer.from(params.get("share"), "base64url")).toString(), SEED);
  seedIn(dir, "leaky.md", `${SEED}- token ${KEY}\n`);
  r = memento(["share", "leaky.md"], dir);
  assert.equal(r.status, 0);
  const shared = inflateRawSync(Buffer.from(new URLSearchParams(new URL(r.stdout.trim()).hash.slice(1)).get("share"), "base64url")).toString();
  assert.ok(!shared.includes(KEY) && shared.includes("sk-a…(redacted)"));
  assert.match(r.stderr, /possible secrets were masked/);
});

test("hooks claude-code: a settings snippet whose command works as it is", () => {
  const dir = folder();
  const r = memento(["hooks", "claude-code"], dir);
  assert.equal(r.status, 0, r.stderr);
  const settings = JSON.parse(r.stdout);
  const [entry] = settings.hooks.SessionStart;
  assert.equal(entry.matcher, "startup|resume|clear|compact");
  assert.equal(entry.hooks[0].type, "command");
  // Claude Code runs the command with bash in the project, CLAUDE_PROJECT_DIR set.
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project };
  let hook = run("bash", ["-c", entry.hooks[0].command], { cwd: project, env });
  assert.equal(hook.status, 0, hook.stderr);
  assert.equal(hook.stdout, "", "no memory file yet: nothing injected");
  writeFileSync(join(project, "session_memory.md"), SEED);
  try {
    hook = run("bash", ["-c", entry.hooks[0].command], { cwd: project, env });
    assert.equal(hook.status, 0, hook.stderr);
    assert.match(hook.stdout, /^<session-memory>\n[\s\S]*begin with orders\/batch_3\/ file 095/);
  } finally {
    rmSync(join(project, "session_memory.md"));
  }
  const custom = JSON.parse(memento(["hooks", "claude-code", "--file", "working/t1/session_memory.md"], dir).stdout);
  assert.match(custom.hooks.SessionStart[0].hooks[0].command, / "\$CLAUDE_PROJECT_DIR"\/working\/t1\/session_memory\.md$/);
  fails(memento(["hooks", "cursor"], dir), 2, /unknown target cursor/);
});

test("protocol: the memory protocol block for CLAUDE.md or AGENTS.md", () => {
  const dir = folder();
  let r = memento(["protocol"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^## Session Memory Protocol\n/);
  for (const phrase of [/Read `session_memory\.md` first/, /Apply every active decision/, /Start from its next step/, /checkpoint session_memory\.md --decision/, /Refresh the next step/, /memento hooks claude-code/]) {
    assert.match(r.stdout, phrase);
  }
  r = memento(["protocol", "--for", "agents-md", "--file", "working/t1/session_memory.md"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Read `working\/t1\/session_memory\.md` first/);
  assert.doesNotMatch(r.stdout, /claude-code/);
  fails(memento(["protocol", "--for", "cursor-rules"], dir), 2, /--for must be claude-md or agents-md/);
});

test("help, version, unknown commands", () => {
  const dir = folder();
  let r = memento(["--help"], dir);
  assert.equal(r.status, 0);
  for (const command of ["check", "plan", "prompt", "checkpoint", "supersede", "progress", "next", "complete", "init", "diff", "merge", "share", "hooks", "protocol"]) {
    assert.match(r.stdout, new RegExp(`memento ${command} `));
  }
  r = memento(["--version"], dir);
  assert.equal(r.stdout.trim(), JSON.parse(readFileSync(join(project, "node_modules/memento-wasm/package.json"), "utf8")).version);
  r = memento([], dir);
  assert.equal(r.status, 2);
  fails(memento(["frobnicate"], dir), 2, /unknown command frobnicate/);
});

test("a reader that stops early ends the output quietly (`memento plan FILE --json | head`)", () => {
  const dir = folder();
  // Far more output than a pipe holds, so memento is still writing when head has gone.
  const units = Array.from({ length: 4000 }, (_, i) => `- COMPLETED: orders/batch_${i}/ (files 001-047)`).join("\n");
  const file = seedIn(dir, "long.md", `# Session Memory — task_long\n## Progress Markers\n${units}\n## Next Session Start\nDone.\n`);
  const r = run("bash", ["-c", 'set -o pipefail; "$0" plan "$1" --json | head -c 100 > /dev/null', bin, file], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, "");
});
