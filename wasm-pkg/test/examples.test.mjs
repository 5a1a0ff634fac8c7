// The example harness (examples/harness.mjs) runs three sessions, each a new process, and
// checks that each resumes where the last stopped; it exits non-zero if not.
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

test("examples/harness.mjs: three sessions resume at the right place", () => {
  const harness = fileURLToPath(new URL("../examples/harness.mjs", import.meta.url));
  const out = execFileSync(process.execPath, [harness, mkdtempSync(join(tmpdir(), "memento-harness-"))], { encoding: "utf8" });
  assert.match(out, /sessions started at: orders\/batch_1\/ 001 \| orders\/batch_2\/ 013 \| orders\/batch_3\/ 025/);
  assert.match(out, /ok: the plan resumed at the right place in every session/);
});

test("examples/memory-tool.mjs: recorded memory-tool calls replayed; refusals said, the file checks clean", () => {
  const example = fileURLToPath(new URL("../examples/memory-tool.mjs", import.meta.url));
  const out = execFileSync(process.execPath, [example, mkdtempSync(join(tmpdir(), "memento-memory-tool-"))], { encoding: "utf8" });
  assert.match(out, /toolu_04 insert .* -> error: Not written: .*conflicting-decisions/);
  assert.match(out, /toolu_08 view \/memories\/\.\.\/\.\.\/etc\/passwd -> error/);
  assert.match(out, /toolu_10 insert .* -> error: Not written: .*duplicate-entry/);
  assert.match(out, /^ok: refusals said why/m);
});
