// Concurrent writers on one memory file (docs/writes.md): 8 processes × 50 checkpoints give 400
// entries, none lost, and a file that checks clean; the real bin run concurrently; a lock left
// by a killed process is recovered; a live lock makes a writer wait, then give up with exit 2.
import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { bin, project, requireProject, run } from "./project.mjs";

requireProject();

const cli = join(project, "node_modules", "memento-wasm", "cli");

function folder() {
  mkdirSync(join(project, "concurrency"), { recursive: true });
  return mkdtempSync(join(project, "concurrency", "t-"));
}

function exited(child) {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

/** A writer process: `count` checkpoints through the CLI's main(), each under the lock. */
const WRITER = `
const { main } = require(${JSON.stringify(join(cli, "main.cjs"))});
const [file, writer, count] = process.argv.slice(1);
for (let i = 0; i < Number(count); i++) {
  const code = main(["checkpoint", file, "--discovery", "writer " + writer + " note " + i], { out: () => {} });
  if (code !== 0) { console.error("writer " + writer + " note " + i + " exited " + code); process.exit(1); }
}
`;

function discoveries(file) {
  const text = readFileSync(file, "utf8");
  return text.split("\n").filter((l) => / — writer \d+ note \d+$/.test(l));
}

async function writers(file, processes, each) {
  const children = Array.from({ length: processes }, (_, w) =>
    exited(spawn(process.execPath, ["-e", WRITER, file, String(w), String(each)], { cwd: project, stdio: ["ignore", "ignore", "pipe"] })),
  );
  for (const r of await Promise.all(children)) assert.equal(r.status, 0, r.stderr);
}

function assertComplete(file, processes, each) {
  const lines = discoveries(file);
  assert.equal(lines.length, processes * each, "no checkpoint lost");
  for (let w = 0; w < processes; w++) {
    const mine = lines.filter((l) => l.includes(` — writer ${w} note `)).map((l) => Number(l.split(" note ")[1]));
    assert.deepEqual(mine, Array.from({ length: each }, (_, i) => i), `writer ${w}'s notes, in order`);
  }
  const check = run(bin, ["check", file, "--json"]);
  assert.equal(check.status, 0, check.stdout + check.stderr);
  const found = JSON.parse(check.stdout).files[0].diagnostics;
  // A 400-entry section is over its token budget; nothing else may be reported.
  assert.deepEqual(found.filter((d) => d.rule !== "section-over-budget"), []);
  assert.ok(!existsSync(`${file}.lock`));
}

test("8 processes × 50 checkpoints on one file: 400 entries, none lost, the file checks clean", { timeout: 180_000 }, async () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  assert.equal(run(bin, ["init", file, "--task", "concurrency"]).status, 0);
  await writers(file, 8, 50);
  assertComplete(file, 8, 50);
});

test("the bin itself, 4 processes × 5 runs at once", { timeout: 120_000 }, async () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  assert.equal(run(bin, ["init", file, "--task", "bin"]).status, 0);
  const one = (w) => async () => {
    for (let i = 0; i < 5; i++) {
      const r = await exited(spawn(bin, ["checkpoint", file, "--discovery", `writer ${w} note ${i}`], { stdio: ["ignore", "ignore", "pipe"] }));
      assert.equal(r.status, 0, r.stderr);
    }
  };
  await Promise.all([0, 1, 2, 3].map((w) => one(w)()));
  assertComplete(file, 4, 5);
});

test("a lock left by a killed writer is recovered", async () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  assert.equal(run(bin, ["init", file, "--task", "stale"]).status, 0);
  // A writer killed (SIGKILL) while it holds the lock: nothing of it can clean up.
  const killed = `
    const { withLock } = require(${JSON.stringify(join(cli, "lock.cjs"))});
    withLock(process.argv[1], () => process.kill(process.pid, "SIGKILL"));
  `;
  const r = await exited(spawn(process.execPath, ["-e", killed, file], { stdio: ["ignore", "ignore", "pipe"] }));
  assert.equal(r.status, null, "killed");
  assert.ok(existsSync(`${file}.lock`), "the dead writer's lock is still there");
  const start = Date.now();
  const after = run(bin, ["checkpoint", file, "--discovery", "after the crash"]);
  assert.equal(after.status, 0, after.stderr);
  assert.ok(Date.now() - start < 5000, "no waiting on a dead process");
  assert.match(readFileSync(file, "utf8"), /— after the crash\n/);
  assert.ok(!existsSync(`${file}.lock`));
  // A lock file left empty (a writer killed between creating and filling it) is recovered
  // once it is old enough to be sure.
  writeFileSync(`${file}.lock`, "");
  const old = (statSync(`${file}.lock`).mtimeMs - 60_000) / 1000;
  utimesSync(`${file}.lock`, old, old);
  assert.equal(run(bin, ["checkpoint", file, "--discovery", "after an empty lock"]).status, 0);
});

test("a live lock: the writer waits, then gives up with exit 2 and the file untouched", () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  assert.equal(run(bin, ["init", file, "--task", "live"]).status, 0);
  const before = readFileSync(file);
  writeFileSync(`${file}.lock`, `${process.pid} ${hostname()} ${Date.now()}\n`);
  const r = run(bin, ["checkpoint", file, "--discovery", "blocked"], { env: { ...process.env, MEMENTO_LOCK_TIMEOUT_MS: "400" } });
  assert.equal(r.status, 2);
  assert.match(r.stderr, new RegExp(`^memento: .*session_memory\\.md: locked by process ${process.pid} .*waited 400 ms\\n$`));
  assert.deepEqual(readFileSync(file), before);
});
