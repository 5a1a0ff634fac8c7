// Claude Code's hooks as a user installs them (docs/integration.md): the printed block parsed
// as JSON and each command run as Claude Code runs it (bash, in the project, with
// CLAUDE_PROJECT_DIR set); `--install` merged into a settings file that already has other
// hooks and keys, idempotent, saying what it changed.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, fails, project, requireProject, run } from "./project.mjs";

requireProject();

function folder() {
  mkdirSync(join(project, "hooks"), { recursive: true });
  return mkdtempSync(join(project, "hooks", "t-"));
}

const memento = (args, cwd) => run(bin, args, { cwd });

/** Runs a hook's command as Claude Code does, in `dir` as the project. */
function runHook(command, dir) {
  // npx finds the installed bin from the project's node_modules: the project folder is an
  // ancestor of `dir`.
  return run("bash", ["-c", command], { cwd: dir, env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
}

test("hooks claude-code: SessionStart injects the prompt, PreCompact stamps the compaction through the locked writer", () => {
  const dir = folder();
  const r = memento(["hooks", "claude-code"], dir);
  assert.equal(r.status, 0, r.stderr);
  const { hooks } = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(hooks), ["SessionStart", "PreCompact"]);
  assert.equal(hooks.SessionStart[0].matcher, "startup|resume|clear|compact");
  assert.equal(hooks.PreCompact[0].matcher, "manual|auto");
  const [start, compact] = [hooks.SessionStart[0].hooks[0].command, hooks.PreCompact[0].hooks[0].command];
  // Without a memory file both do nothing, quietly: a project that keeps none is not broken.
  for (const command of [start, compact]) {
    const h = runHook(command, dir);
    // (stderr may carry npm's own warnings about the machine's npmrc; none of memento's.)
    assert.deepEqual([h.status, h.stdout, /memento/.test(h.stderr)], [0, "", false], `${command}: ${h.stderr}`);
  }
  assert.equal(memento(["init", "session_memory.md", "--task", "t1"], dir).status, 0);
  assert.equal(memento(["next", "session_memory.md", "Begin with orders/batch_3/ file 095."], dir).status, 0);
  let h = runHook(compact, dir);
  assert.equal(h.status, 0, h.stderr);
  // A second compaction, in a later second (the stamp's time has seconds: one second is one stamp).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
  h = runHook(compact, dir);
  assert.equal(h.status, 0, h.stderr);
  const text = readFileSync(join(dir, "session_memory.md"), "utf8");
  const stamps = text.match(/^- \S+ — Context compacted at \S+Z: .*$/gm);
  assert.equal(stamps?.length, 2, text);
  assert.ok(text.indexOf(stamps[0]) > text.indexOf("## Key Discoveries") && text.indexOf(stamps[0]) < text.indexOf("## Next Session Start"), text);
  // One compaction stamped twice (the hook run again at the same second): said, not an error.
  let c = memento(["compacted", "session_memory.md", "--at", "2026-11-24T08:44:36Z"], dir);
  assert.deepEqual([c.status, c.stdout], [0, "session_memory.md: compaction stamped\n"], c.stderr);
  c = memento(["compacted", "session_memory.md", "--at", "2026-11-24T08:44:36Z"], dir);
  assert.deepEqual([c.status, c.stdout], [0, "session_memory.md: this compaction is stamped already\n"], c.stderr);
  fails(memento(["compacted", "missing.md"], dir), 2, /missing\.md/);
  // The file still checks clean, and the next session is told where to start.
  assert.equal(memento(["check", "session_memory.md"], dir).status, 0);
  h = runHook(start, dir);
  assert.equal(h.status, 0, h.stderr);
  assert.match(h.stdout, /^<session-memory>\n[\s\S]*Next action: Begin with orders\/batch_3\/ file 095\./);
  assert.match(h.stdout, /Context compacted at/);
});

test("hooks claude-code --install: merged into existing settings, every other key kept, idempotent, changes said", () => {
  const dir = folder();
  const settings = join(dir, ".claude", "settings.json");
  mkdirSync(join(dir, ".claude"));
  const before = {
    model: "opus",
    permissions: { allow: ["Bash(npm test:*)"], deny: [] },
    hooks: {
      SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "echo welcome" }] }],
      PreCompact: [{ matcher: "manual|auto", hooks: [{ type: "command", command: "./save-transcript.sh", timeout: 30 }] }],
      PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "npm run lint" }] }],
    },
    env: { FOO: "1" },
  };
  writeFileSync(settings, JSON.stringify(before, null, 2));
  let r = memento(["hooks", "claude-code", "--install"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split("\n").map((l) => l.replace(/ npx .*$/, "")), [
    ".claude/settings.json: SessionStart (startup|resume|clear|compact): added",
    ".claude/settings.json: PreCompact (manual|auto): added",
  ]);
  const after = JSON.parse(readFileSync(settings, "utf8"));
  // Every key it did not write is there as it was.
  assert.deepEqual(after.model, before.model);
  assert.deepEqual(after.permissions, before.permissions);
  assert.deepEqual(after.env, before.env);
  assert.deepEqual(after.hooks.PostToolUse, before.hooks.PostToolUse);
  assert.deepEqual(after.hooks.SessionStart[0], before.hooks.SessionStart[0]);
  // The PreCompact group of the same matcher took the hook beside the user's own.
  assert.equal(after.hooks.PreCompact.length, 1);
  assert.deepEqual(after.hooks.PreCompact[0].hooks[0], before.hooks.PreCompact[0].hooks[0]);
  assert.match(after.hooks.PreCompact[0].hooks[1].command, /memento compacted --if-exists/);
  assert.match(after.hooks.SessionStart[1].hooks[0].command, /memento prompt --if-exists/);
  // Again: nothing changes, byte for byte.
  const written = readFileSync(settings, "utf8");
  r = memento(["hooks", "claude-code", "--install"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /installed already; nothing changed/);
  assert.equal(readFileSync(settings, "utf8"), written);
  // Another memory file replaces memento's commands, not the user's.
  r = memento(["hooks", "claude-code", "--install", "--file", "working/t1/session_memory.md"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim().split("\n").filter((l) => /: replaced .*memento .* with .*working\/t1/.test(l)).length, 2, r.stdout);
  const third = JSON.parse(readFileSync(settings, "utf8"));
  assert.equal(third.hooks.PreCompact[0].hooks.length, 2);
  assert.equal(third.hooks.PreCompact[0].hooks[0].command, "./save-transcript.sh");
  // --settings PATH: a new file (and its folder) is made.
  const other = join(dir, "elsewhere", "settings.local.json");
  r = memento(["hooks", "claude-code", "--install", "--settings", other], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(other, "utf8")).hooks), ["SessionStart", "PreCompact"]);
  // Settings that are not JSON, or whose hooks are not an object: refused, file untouched.
  const broken = join(dir, "broken.json");
  writeFileSync(broken, "{ \"model\": \"opus\", ");
  fails(memento(["hooks", "claude-code", "--install", "--settings", broken], dir), 2, /broken\.json: not valid JSON .*nothing written/);
  assert.equal(readFileSync(broken, "utf8"), "{ \"model\": \"opus\", ");
  writeFileSync(broken, "{\"hooks\": []}");
  fails(memento(["hooks", "claude-code", "--install", "--settings", broken], dir), 2, /"hooks" is not an object; nothing written/);
  fails(memento(["hooks", "claude-code", "--settings", broken], dir), 2, /--settings goes with --install/);
  assert.ok(!existsSync(join(dir, "session_memory.md")));
});
