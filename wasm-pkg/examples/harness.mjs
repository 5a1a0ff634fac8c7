// An agent harness across three sessions, each a new process (a restart: nothing survives but
// the memory file), showing that the plan resumes at the right place.
//
//   node wasm-pkg/examples/harness.mjs [DIR]     (after wasm-pkg/build.sh)
//
// Each session (session.mjs) injects the memory at start, lets a scripted model work through
// 30 order files with a context that holds 12, and checkpoints through the memory tools. This
// driver then checks what a person would: every file processed exactly once, each session
// starting where the previous one stopped, the binding decision kept, the plan complete.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { plan } from "memento-wasm";

const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), "memento-harness-"));
const memory = join(dir, "session_memory.md");
const workLog = join(dir, "processed.txt");
const session = join(dirname(fileURLToPath(import.meta.url)), "session.mjs");

const starts = [];
for (const n of [1, 2, 3]) {
  const out = execFileSync(process.execPath, [session, memory, workLog, String(n)], { encoding: "utf8" });
  process.stdout.write(out);
  starts.push(JSON.parse(out.split("\n").find((l) => l.startsWith('{"session"'))).startsAt);
}

const processed = readFileSync(workLog, "utf8").trim().split("\n").map((l) => l.split(" ")[0]);
const p = plan(readFileSync(memory, "utf8"), { now: "2026-04-23T04:00Z" });
console.log(`memory file after three sessions (${memory}):\n${readFileSync(memory, "utf8")}`);
console.log(`sessions started at: ${starts.join(" | ")}`);
console.log(`plan: ${p.status}; completed ${p.completed.map((u) => u.unit).join(", ")}; next: ${p.nextAction?.text}`);

assert.deepEqual(starts, ["orders/batch_1/ 001", "orders/batch_2/ 013", "orders/batch_3/ 025"], "each session resumes where the last stopped");
assert.deepEqual(processed, Array.from({ length: 30 }, (_, i) => String(i + 1).padStart(3, "0")), "every file once, in order");
assert.equal(p.status, "complete");
assert.deepEqual(p.completed.map((u) => u.unit), ["orders/batch_1/", "orders/batch_2/", "orders/batch_3/"]);
assert.deepEqual(p.decisions.active.map((d) => d.text), ["DO NOT modify config/auth.yaml — shared by the auth, payments and admin services"]);
assert.equal(p.counts.errors, 0);
console.log("ok: the plan resumed at the right place in every session");
