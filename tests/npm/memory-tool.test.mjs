// memoryToolHandler (Anthropic's memory tool, memory_20250818) from the installed package, as a
// harness uses it: every command; every way out of the root refused (`..`, absolute paths,
// links out, percent-encoded traversal) with nothing written outside it; Memento's guards on
// the memory files it recognizes; concurrent calls from several processes losing nothing
// (docs/integration.md, "Memory tool").
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { project, requireProject, run, tools } from "./project.mjs";

requireProject();

/** Runs `code` in the installed project, where `memento-wasm` resolves to the package. */
function inProject(code, args = []) {
  return execFileSync(process.execPath, ["--input-type=module", "-e", code, ...args], { cwd: project, encoding: "utf8" });
}

function folder() {
  mkdirSync(join(project, "memory-tool"), { recursive: true });
  const dir = mkdtempSync(join(project, "memory-tool", "t-"));
  mkdirSync(join(dir, "root"));
  mkdirSync(join(dir, "outside"));
  writeFileSync(join(dir, "outside", "secret.txt"), "outside the root\n");
  return dir;
}

/** Runs the commands on a handler of `dir/root`; returns the results. */
function runAll(dir, commands) {
  const code = `import { memoryToolHandler } from "memento-wasm";
    const h = memoryToolHandler(process.argv[1]);
    console.log(JSON.stringify(JSON.parse(process.argv[2]).map((c) => h.run(c))));`;
  return JSON.parse(inProject(code, [join(dir, "root"), JSON.stringify(commands)]));
}

/** Every file under `dir`, relative, with its text. */
function tree(dir) {
  const out = {};
  const walk = (d, rel) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else if (e.isFile()) out[`${rel}${e.name}`] = readFileSync(p, "utf8");
    }
  };
  walk(dir, "");
  return out;
}

test("memoryToolHandler: view, create, str_replace, insert, delete and rename on a real folder", () => {
  const dir = folder();
  const r = runAll(dir, [
    { command: "view", path: "/memories" },
    { command: "create", path: "/memories/notes/todo.md", file_text: "alpha\nbeta\n" },
    { command: "create", path: "/memories/notes/todo.md", file_text: "again" },
    { command: "view", path: "/memories/notes/todo.md" },
    { command: "str_replace", path: "/memories/notes/todo.md", old_str: "beta", new_str: "gamma" },
    { command: "str_replace", path: "/memories/notes/todo.md", old_str: "zeta", new_str: "x" },
    { command: "insert", path: "/memories/notes/todo.md", insert_line: 0, insert_text: "first" },
    { command: "insert", path: "/memories/notes/todo.md", insert_line: 3, insert_text: "last\n" },
    { command: "insert", path: "/memories/notes/todo.md", insert_line: 9, insert_text: "nowhere" },
    { command: "view", path: "/memories/notes/todo.md", view_range: [2, 3] },
    { command: "view", path: "/memories" },
    { command: "rename", old_path: "/memories/notes/todo.md", new_path: "/memories/done/todo.md" },
    { command: "rename", old_path: "/memories/notes", new_path: "/memories/old-notes" },
    { command: "delete", path: "/memories/old-notes" },
    { command: "delete", path: "/memories/done/todo.md" },
    { command: "delete", path: "/memories/done/todo.md" },
    { command: "delete", path: "/memories" },
    { command: "shred", path: "/memories" },
  ]);
  const [view0, create, again, view, replaced, missing, insert0, insertEnd, insertBad, range, view2, rename, renameDir, delDir, del, delAgain, delRoot, unknown] = r;
  assert.match(view0.content, /^Here're the files and directories up to 2 levels deep in \/memories/);
  assert.deepEqual(create, { content: "File created successfully at: /memories/notes/todo.md", isError: false });
  assert.equal(again.isError, true);
  assert.match(again.content, /already exists/);
  assert.equal(view.content, "Here's the content of /memories/notes/todo.md with line numbers:\n     1\talpha\n     2\tbeta");
  assert.equal(replaced.isError, false);
  assert.deepEqual([missing.isError, /did not appear verbatim/.test(missing.content)], [true, true]);
  assert.equal(insert0.isError, false);
  assert.equal(insertEnd.isError, false);
  assert.deepEqual([insertBad.isError, /Invalid `insert_line` parameter: 9.*\[0, 4\]/.test(insertBad.content)], [true, true]);
  assert.equal(range.content, "Here's the content of /memories/notes/todo.md with line numbers:\n     2\talpha\n     3\tgamma");
  assert.match(view2.content, /\t\/memories\/notes\/\n.*\t\/memories\/notes\/todo\.md$/);
  assert.equal(rename.content, "Successfully renamed /memories/notes/todo.md to /memories/done/todo.md");
  assert.equal(renameDir.isError, false, renameDir.content);
  assert.equal(delDir.isError, false, delDir.content);
  assert.equal(del.content, "Successfully deleted /memories/done/todo.md");
  assert.deepEqual([delAgain.isError, /does not exist/.test(delAgain.content)], [true, true]);
  assert.equal(delRoot.isError, true);
  assert.equal(unknown.isError, true);
  assert.deepEqual(tree(join(dir, "root")), {});
});

test("memoryToolHandler: every path that leaves the root is refused, and nothing is written outside it", () => {
  const dir = folder();
  symlinkSync(join(dir, "outside"), join(dir, "root", "linked-dir"));
  symlinkSync(join(dir, "outside", "secret.txt"), join(dir, "root", "linked-file.md"));
  symlinkSync(join(dir, "outside", "new.md"), join(dir, "root", "dangling.md"));
  const before = tree(join(dir, "outside"));
  const escapes = [
    "/memories/../outside/secret.txt",
    "/memories/notes/../../outside/secret.txt",
    "/memories/..",
    "/memories/./x.md",
    "/etc/passwd",
    join(dir, "outside", "secret.txt"),
    "memories/x.md",
    "/memoriesx/a.md",
    "/memories/%2e%2e/outside/secret.txt",
    "/memories/%2E%2E%2Foutside%2Fsecret.txt",
    "/memories/..%2foutside/secret.txt",
    "/memories/%2e%2e%5coutside",
    "/memories/..\\outside\\secret.txt",
    "/memories/a\u0000b",
    "/memories/%",
    "/memories/linked-dir/secret.txt",
    "/memories/linked-dir/new.md",
    "/memories/linked-file.md",
    "/memories/dangling.md",
  ];
  const commands = escapes.flatMap((p) => [
    { command: "view", path: p },
    { command: "create", path: p, file_text: "written" },
    { command: "str_replace", path: p, old_str: "outside", new_str: "changed" },
    { command: "insert", path: p, insert_line: 0, insert_text: "written" },
    { command: "delete", path: p },
    { command: "rename", old_path: p, new_path: "/memories/moved.md" },
    { command: "rename", old_path: "/memories/linked-file.md", new_path: p },
  ]);
  const results = runAll(dir, commands);
  results.forEach((r, i) => {
    assert.equal(r.isError, true, `${JSON.stringify(commands[i])} was not refused: ${r.content}`);
    assert.ok(!r.content.includes("outside the root\n"), `${JSON.stringify(commands[i])} read the outside file`);
  });
  assert.deepEqual(tree(join(dir, "outside")), before, "nothing written outside the root");
  assert.ok(!existsSync(join(dir, "outside", "new.md")));
  assert.ok(!existsSync(join(dir, "root", "moved.md")));
  assert.ok(existsSync(join(dir, "root", "linked-file.md")), "the link itself is left alone");
});

test("memoryToolHandler: Memento's guards on a memory file; a generic file is written as asked", () => {
  const dir = folder();
  const FILE = "/memories/session_memory.md";
  const START = "# Session Memory — t1\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n## Progress Markers\n- IN_PROGRESS: orders/batch_1/\n## Key Discoveries\n- order_073.json is malformed\n## Next Session Start\nContinue batch_1.\n";
  const [created, conflict, rewrite, duplicate, secret, supersede, removed, generic, genericEdit] = runAll(dir, [
    { command: "create", path: FILE, file_text: START },
    { command: "insert", path: FILE, insert_line: 3, insert_text: "- 2026-04-22T08:00Z — modify config/auth.yaml to add the issuer" },
    { command: "str_replace", path: FILE, old_str: "DO NOT modify config/auth.yaml", new_str: "modify config/auth.yaml freely" },
    { command: "insert", path: FILE, insert_line: 7, insert_text: "- order_073.json is malformed" },
    { command: "insert", path: FILE, insert_line: 7, insert_text: "- deploy token ghp_1234567890abcdefghijABCDEFGHIJ123456" },
    { command: "insert", path: FILE, insert_line: 3, insert_text: "- 2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml to add the issuer" },
    { command: "str_replace", path: FILE, old_str: "- order_073.json is malformed\n", new_str: "" },
    { command: "create", path: "/memories/scratch.md", file_text: "DO NOT touch x\n" },
    { command: "str_replace", path: "/memories/scratch.md", old_str: "DO NOT touch x", new_str: "touch x" },
  ]);
  assert.equal(created.isError, false, created.content);
  assert.match(conflict.content, /^Not written: \/memories\/session_memory\.md is a checkpoint-log memory file and the change would bring conflicting-decisions: .*SUPERSEDES \[<its timestamp>\]/);
  assert.match(rewrite.content, /^Not written: .*decision-rewritten/);
  assert.match(duplicate.content, /^Not written: .*duplicate-entry: .*It is already recorded/);
  assert.match(secret.content, /^Not written: .*possible-secret/);
  assert.ok(!secret.content.includes("ghp_1234567890abcdefghijABCDEFGHIJ123456"), "the refusal masks the secret");
  assert.equal(supersede.isError, false, supersede.content);
  assert.match(removed.content, /^Not written: .*entry-removed/);
  for (const r of [conflict, rewrite, duplicate, secret, removed]) assert.equal(r.isError, true);
  assert.deepEqual([generic.isError, genericEdit.isError], [false, false]);
  const text = readFileSync(join(dir, "root", "session_memory.md"), "utf8");
  assert.equal(text, START.replace("## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n", "## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n- 2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml to add the issuer\n"));
});

test("memoryToolHandler: concurrent calls from several processes lose nothing", async () => {
  const dir = folder();
  const FILE = "/memories/session_memory.md";
  runAll(dir, [{ command: "create", path: FILE, file_text: "# Session Memory — t1\n## Decisions Made\n## Key Discoveries\n## Next Session Start\nGo on.\n" }]);
  const WRITERS = 4;
  const EACH = 20;
  const code = `import { memoryToolHandler } from "memento-wasm";
    const h = memoryToolHandler(process.argv[1]);
    const bad = [];
    for (let i = 0; i < ${EACH}; i++) {
      const r = h.run({ command: "insert", path: "${FILE}", insert_line: 3, insert_text: "- writer " + process.argv[2] + " fact " + i });
      if (r.isError) bad.push(r.content);
    }
    console.log(JSON.stringify(bad));`;
  const runs = Array.from({ length: WRITERS }, (_, w) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", code, join(dir, "root"), String(w)], { cwd: project });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, out }));
    }),
  );
  for (const { status, out } of await Promise.all(runs)) {
    assert.equal(status, 0);
    assert.deepEqual(JSON.parse(out), []);
  }
  const text = readFileSync(join(dir, "root", "session_memory.md"), "utf8");
  for (let w = 0; w < WRITERS; w++) for (let i = 0; i < EACH; i++) assert.ok(text.includes(`- writer ${w} fact ${i}\n`), `writer ${w} fact ${i}`);
  assert.equal(text.match(/^- writer /gm).length, WRITERS * EACH);
});

test("tsc (nodenext, strict) types the handler from the Node declarations", () => {
  const dir = join(project, "ts-memory-tool");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(join(dir, "main.ts"), `import { memoryToolHandler } from "memento-wasm";
import type { MemoryToolCommand, MemoryToolHandler, ToolResult } from "memento-wasm";
const h: MemoryToolHandler = memoryToolHandler("./memory", { now: new Date() });
const input: MemoryToolCommand = { command: "insert", path: "/memories/a.md", insert_line: 0, insert_text: "x" };
const r: ToolResult = h.run(input);
const root: string = h.root;
console.log(r.isError, r.content, root);
// @ts-expect-error a command needs its fields
const bad: MemoryToolCommand = { command: "rename", path: "/memories/a.md" };
`);
  const tsconfig = { compilerOptions: { target: "es2020", strict: true, noEmit: true, skipLibCheck: false, module: "nodenext", moduleResolution: "nodenext" }, files: ["main.ts"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const r = run(join(tools, "tsc"), ["-p", dir]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
