// A harness for Anthropic's memory tool (`memory_20250818`) with Memento as its backend,
// replaying the tool calls a model made across two sessions (recorded below, in the
// Messages API's `tool_use` shape) on a real folder.
//
//   node wasm-pkg/examples/memory-tool.mjs [DIR]     (after wasm-pkg/build.sh)
//
// In a live harness the calls come from `client.beta.messages.create({ tools: [{ type:
// "memory_20250818", name: "memory" }], betas: ["context-management-2025-06-27"], … })`
// and each `tool_result` goes back in the next user message; here they are replayed, and the
// harness checks what a reviewer would: the model's conflicting decision and its duplicate
// were refused with a reason, its attempt to read outside /memories was refused, and the
// memory file it kept checks clean.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";
import { check, memoryToolHandler } from "memento-wasm";

const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), "memento-memory-tool-"));
const memory = memoryToolHandler(dir);

const FILE = "/memories/task_orders_audit/session_memory.md";
const START = `# Session Memory — task_orders_audit
## Decisions Made
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin)
## Progress Markers
- IN_PROGRESS: orders/batch_1/ (files 001-047 — stopped at 012)
## Key Discoveries
## Next Session Start
Continue orders/batch_1/ at file 013.
`;

// The recorded calls: [session, tool_use input, what the harness expects of the result].
const calls = [
  [1, { command: "view", path: "/memories" }, /^Here're the files and directories/],
  [1, { command: "create", path: FILE, file_text: START }, /^File created successfully/],
  [1, { command: "insert", path: FILE, insert_line: 3, insert_text: "- 2026-04-22T07:30Z — Use optimistic locking for order updates (orders.py:241)" }, /has been edited/],
  // The model forgets its own rule: refused, told why and how to change a decision.
  [1, { command: "insert", path: FILE, insert_line: 4, insert_text: "- 2026-04-22T07:40Z — modify config/auth.yaml to add the new issuer" }, /^Not written: .*conflicting-decisions: .*SUPERSEDES/],
  [1, { command: "str_replace", path: FILE, old_str: "stopped at 012", new_str: "stopped at 030" }, /has been edited/],
  [1, { command: "str_replace", path: FILE, old_str: "Continue orders/batch_1/ at file 013.", new_str: "Continue orders/batch_1/ at file 031." }, /has been edited/],
  // Session 2: a fresh context reads the memory first.
  [2, { command: "view", path: FILE }, /stopped at 030[\s\S]*at file 031/],
  [2, { command: "view", path: "/memories/../../etc/passwd" }, /^Error: .*refused/],
  [2, { command: "insert", path: FILE, insert_line: 7, insert_text: "- orders/batch_2/order_073.json is malformed (truncated at line 14)" }, /has been edited/],
  [2, { command: "insert", path: FILE, insert_line: 8, insert_text: "- orders/batch_2/order_073.json is malformed (truncated at line 14)" }, /^Not written: .*duplicate-entry/],
  [2, { command: "str_replace", path: FILE, old_str: "- IN_PROGRESS: orders/batch_1/ (files 001-047 — stopped at 030)", new_str: "- COMPLETED: orders/batch_1/ (files 001-047)\n- IN_PROGRESS: orders/batch_2/ (files 048-091 — stopped at 050)" }, /has been edited/],
  [2, { command: "str_replace", path: FILE, old_str: "Continue orders/batch_1/ at file 031.", new_str: "Continue orders/batch_2/ at file 051." }, /has been edited/],
];

let id = 0;
for (const [session, input, expected] of calls) {
  const use = { type: "tool_use", id: `toolu_${String(++id).padStart(2, "0")}`, name: "memory", input };
  const { content, isError } = memory.run(use.input);
  const result = { type: "tool_result", tool_use_id: use.id, content, is_error: isError };
  console.log(`session ${session} ${use.id} ${input.command} ${input.path ?? input.old_path} -> ${isError ? "error" : "ok"}: ${content.split("\n")[0]}`);
  assert.match(result.content, expected, `${use.id}: ${content}`);
}

const text = readFileSync(join(dir, "task_orders_audit", "session_memory.md"), "utf8");
const errors = check(text, { fileName: "session_memory.md", now: "2026-04-22T09:00Z" }).filter((d) => d.severity !== "info");
assert.deepEqual(errors, [], "the memory file checks clean");
assert.ok(!text.includes("modify config/auth.yaml to add"), "the refused decision was not written");
console.log("ok: refusals said why, nothing outside /memories was read, the memory file checks clean");
