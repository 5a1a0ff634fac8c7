// The JavaScript API of the built package (pkg/node through package.json "exports"):
// each function of docs/integration.md on seed 000's file, offsets in UTF-16 and in bytes, laziness of
// the result objects, and the typed error. Run `wasm-pkg/build.sh` first.
import test from "node:test";
import assert from "node:assert/strict";
import * as m from "memento-wasm";

const NOW = "2026-04-22T09:00Z";
const SEED = `# Session Memory — task_orders_audit_20260422
## Decisions Made
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all
- 2026-04-22T07:23Z — Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241
## Progress Markers
- COMPLETED: orders/batch_1/ (files 001-047)
- COMPLETED: orders/batch_2/ (files 048-091)
- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)
- PENDING: orders/batch_4/, batch_5/
## Key Discoveries
- Order schema has undocumented \`legacy_id\` field used only by \`reports/quarterly.py\` — do not remove
- \`orders/batch_2/order_073.json\` is malformed (truncated at line 14) — log as error, don't process
- Pattern: all failed orders have \`payment_status: null\` before \`order_status: failed\` — not after
## Next Session Start
On next session start: begin with orders/batch_3/ file 095. Apply decisions above before touching any config.
`;

test("plan: docs/plan.md on seed 000", () => {
  const p = m.plan(SEED, { now: NOW });
  assert.equal(p.status, "in-progress");
  assert.deepEqual(p.nextAction, {
    text: "On next session start: begin with orders/batch_3/ file 095. Apply decisions above before touching any config.",
    source: "next-step",
    line: 15,
  });
  assert.deepEqual(p.resumeFrom, { unit: "orders/batch_3/", stoppedAt: "094", continueAt: "095", text: "orders/batch_3/: stopped at 094, continue at 095" });
  assert.deepEqual(p.completed.map((u) => [u.unit, u.range, u.line]), [["orders/batch_1/", "001-047", 6], ["orders/batch_2/", "048-091", 7]]);
  assert.deepEqual(p.pending.map((u) => u.unit), ["orders/batch_4/", "orders/batch_5/"]);
  assert.deepEqual(p.decisions.active.map((d) => d.id), ["2026-04-22T07:12Z", "2026-04-22T07:23Z"]);
  assert.deepEqual(p.decisions.superseded, []);
  assert.deepEqual(p.conflicts, []);
  assert.deepEqual(p.diagnostics, []);
  assert.equal(p.lastUpdated, "2026-04-22T07:23Z");
  assert.deepEqual(p.counts, { completed: 2, pending: 2, open: 1, activeDecisions: 2, supersededDecisions: 0, conflicts: 0, errors: 0, warnings: 0, infos: 0 });
});

test("plan: lists are built once, on first read; JSON.stringify writes every field", () => {
  const p = m.plan(SEED, { now: NOW });
  assert.equal(p.completed, p.completed, "the same array on every read");
  const data = JSON.parse(JSON.stringify(p));
  assert.deepEqual(Object.keys(data), ["status", "nextAction", "resumeFrom", "completed", "pending", "open", "decisions", "conflicts", "diagnostics", "lastUpdated", "store"]);
  assert.deepEqual(data, p.toJSON());
  assert.deepEqual(data.completed, p.completed);
});

test("parse: the document model, with UTF-16 ranges that slice the JS string", () => {
  const doc = m.parse(SEED);
  assert.equal(doc.dialect, "checkpoint-log");
  assert.equal(doc.taskId, "task_orders_audit_20260422");
  assert.equal(doc.title, "Session Memory — task_orders_audit_20260422");
  assert.equal(doc.lastUpdated, "2026-04-22T07:23Z");
  assert.deepEqual(doc.sections.map((s) => s.role), ["other", "decisions", "progress", "discoveries", "next-step"]);
  const [first] = doc.decisions;
  assert.equal(first.id, "2026-04-22T07:12Z");
  assert.equal(first.active, true);
  assert.ok(SEED.slice(first.range.start, first.range.end).startsWith("- 2026-04-22T07:12Z — DO NOT modify"));
  const marker = doc.progress.find((p) => p.status === "IN_PROGRESS");
  assert.deepEqual(marker.units, [{ name: "orders/batch_3/", range: "092-???", stoppedAt: "094" }]);
  assert.equal(SEED.slice(marker.range.start, marker.range.end), "- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)");
  assert.equal(marker.line, 8);
  assert.equal(doc.discoveries.length, 3);
  assert.equal(doc.nextStep.line, 15);
  assert.equal(doc.completion, null);
  assert.deepEqual(doc.records, []);
  assert.equal(doc.entries.length, 2);
  assert.equal(doc.toString(), SEED);
});

test("offsets: UTF-16 by default (emoji and dashes before the range), bytes on request", () => {
  const text = "# Notes 😀 — ünïcode\n\n## Next Session Start\nGo — now.\n";
  const doc = m.parse(text);
  const next = doc.nextStep;
  assert.equal(text.slice(next.range.start, next.range.end).trim(), "Go — now.");
  const bytes = m.parse(text, { positionEncoding: "utf-8" }).nextStep;
  const buf = Buffer.from(text);
  assert.equal(buf.subarray(bytes.range.start, bytes.range.end).toString().trim(), "Go — now.");
  assert.ok(bytes.range.start > next.range.start);
  // A column after an emoji counts UTF-16 units (the emoji is two), bytes mode counts characters.
  const secret = "x 😀 sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\n";
  const [d16] = m.check(secret, { now: null }).filter((d) => d.rule === "possible-secret");
  const [d8] = m.check(secret, { now: null, positionEncoding: "utf-8" }).filter((d) => d.rule === "possible-secret");
  assert.equal(d16.column, 6);
  assert.equal(d8.column, 5);
  assert.equal(secret.slice(d16.range.start, d16.range.start + 3), "sk-");
  assert.equal(Buffer.from(secret).subarray(d8.range.start, d8.range.start + 3).toString(), "sk-");
});

test("check: diagnostics are data and never repeat a secret; rules can be turned off or re-graded", () => {
  const key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
  const text = `${SEED}- 2026-04-22T08:00Z — token ${key}\n`;
  const found = m.check(text, { now: NOW });
  assert.ok(found.some((d) => d.rule === "possible-secret" && d.severity === "error"));
  assert.ok(!JSON.stringify(found).includes(key));
  assert.ok(!m.renderPrompt(text, { now: NOW }).includes(key));
  assert.ok(!JSON.stringify(m.plan(text, { now: NOW })).includes(key));
  const off = m.check(text, { now: NOW, rules: { "possible-secret": "off" } });
  assert.ok(!off.some((d) => d.rule === "possible-secret"));
  const info = m.check(text, { now: NOW, rules: { "possible-secret": "info" } });
  assert.equal(info.find((d) => d.rule === "possible-secret").severity, "info");
  // Without a clock, the rules that need one are skipped; with one, a stale file is flagged.
  assert.ok(!m.check(SEED, { now: null }).some((d) => d.rule === "stale-memory"));
  assert.ok(m.check(SEED, { now: "2026-06-01T00:00Z" }).some((d) => d.rule === "stale-memory"));
});

test("fixes apply with applyEdits; edits are splices of the old text", () => {
  const text = "# Session Memory — t\n\n## Progress Markers\n- DONE: a\n";
  const alias = m.check(text, { now: null }).find((d) => d.rule === "status-alias");
  assert.ok(alias?.fix, "status-alias has a fix");
  assert.equal(m.applyEdits(text, alias.fix), "# Session Memory — t\n\n## Progress Markers\n- COMPLETED: a\n");
  const out = m.checkpoint(SEED, "Pattern: retries double-charge", { at: "2026-04-22T08:00Z" });
  assert.equal(m.applyEdits(SEED, out.edits), out.text);
  assert.ok(out.text.includes("- 2026-04-22T08:00Z — Pattern: retries double-charge\n## Next Session Start"));
  assert.throws(() => m.applyEdits("abc", [{ range: { start: 0, end: 9 }, content: "" }]), { name: "MementoError", code: "invalid-edits" });
});

test("edits: each operation of docs/edits.md, and the guards", () => {
  const at = { at: "2026-04-22T08:00Z" };
  let t = m.checkpoint(SEED, "DO NOT call the payments API from tests", at).text;
  assert.equal(m.parse(t).decisions.length, 3);
  t = m.supersede(t, "2026-04-22T07:23Z", "Use pessimistic locking for order updates", at).text;
  assert.ok(t.includes("SUPERSEDES [2026-04-22T07:23Z] Use pessimistic locking"));
  assert.deepEqual(m.plan(t, { now: NOW }).decisions.superseded.map((d) => [d.id, d.by]), [["2026-04-22T07:23Z", "2026-04-22T08:00Z#2"]]);
  t = m.setProgress(t, "orders/batch_3/", "COMPLETED").text;
  t = m.setProgress(t, "orders/batch_4/", "in_progress", { stoppedAt: "140" }).text;
  assert.deepEqual(m.plan(t, { now: NOW }).resumeFrom, { unit: "orders/batch_4/", stoppedAt: "140", continueAt: "141", text: "orders/batch_4/: stopped at 140, continue at 141" });
  t = m.setNext(t, "Continue orders/batch_4/ at file 141.").text;
  assert.equal(m.parse(t).nextStep.text, "Continue orders/batch_4/ at file 141.");
  t = m.complete(t, "all batches processed.", at).text;
  assert.equal(m.plan(t, { now: NOW }).status, "complete");
  assert.ok(t.endsWith("## TASK COMPLETE — 2026-04-22T08:00Z\nFinal status: all batches processed.\n"));
  const notes = m.init("session-notes", "Orders audit");
  assert.equal(m.parse(notes).dialect, "session-notes");
  const updated = m.updateSection(notes, "Current State", "Auditing batch 4.").text;
  assert.ok(updated.includes("Auditing batch 4."));

  const refused = (fn, code) => assert.throws(fn, (e) => e instanceof m.MementoError && e instanceof Error && e.code === code);
  refused(() => m.checkpoint(SEED, "modify config/auth.yaml", { kind: "decision" }), "conflicting-decision");
  refused(() => m.checkpoint(SEED, "Order schema has undocumented `legacy_id` field used only by `reports/quarterly.py` — do not remove", { kind: "discovery" }), "duplicate-entry");
  refused(() => m.supersede(SEED, "2020-01-01T00:00Z", "x"), "unknown-decision");
  refused(() => m.setProgress(SEED, "orders/batch_9/", "IN_PROGRESS"), "another-in-progress");
  refused(() => m.complete(m.complete(SEED, "done").text, "again"), "already-complete");
  refused(() => m.checkpoint(SEED, "   "), "invalid-input");
  const e = (() => { try { m.checkpoint(SEED, "modify config/auth.yaml", { kind: "decision" }); } catch (x) { return x; } })();
  assert.deepEqual(e.details, { decision: "2026-04-22T07:12Z", line: 3 });
  assert.ok(m.checkpoint(SEED, "modify config/auth.yaml", { kind: "decision", force: true }).text.includes("modify config/auth.yaml\n## Progress"));
});

test("misuse throws MementoError with a code", () => {
  const bad = (fn, code) => assert.throws(fn, (e) => e instanceof m.MementoError && e.name === "MementoError" && e.code === code);
  bad(() => m.parse("x", { dialect: "nope" }), "invalid-argument");
  bad(() => m.parse("x", "not an object"), "invalid-argument");
  bad(() => m.check("x", { rules: { "no-such-rule": "off" } }), "invalid-argument");
  bad(() => m.check("x", { rules: { "stale-memory": "loud" } }), "invalid-argument");
  bad(() => m.check("x", { staleAfterDays: -1 }), "invalid-argument");
  bad(() => m.check("x", { now: "yesterday-ish" }), "invalid-timestamp");
  bad(() => m.checkpoint(SEED, "x", { kind: "thought" }), "invalid-argument");
  bad(() => m.setProgress(SEED, "a", "MAYBE"), "invalid-argument");
  bad(() => m.init("memory-store", "t"), "not-supported");
  bad(() => m.applyToolCall(SEED, "delete_everything", {}), "unknown-tool");
  bad(() => m.checkWorkspace("nope"), "invalid-argument");
  bad(() => m.plan(SEED, { positionEncoding: "utf-32" }), "invalid-argument");
});

test("time inputs: ISO strings, Date, epoch milliseconds", () => {
  const ms = Date.parse("2026-04-22T08:00:00Z");
  for (const at of ["2026-04-22T08:00Z", new Date(ms), ms, "2026-04-22T08:00:00.000Z"]) {
    assert.ok(m.checkpoint(SEED, "Pattern: x", { at }).text.includes("- 2026-04-22T08:00Z — Pattern: x"));
  }
});

test("checkWorkspace: one result per file, in order, with the file's dialect", () => {
  const files = [
    { path: "bank/progress.md", text: "# Progress\n\n## What Works\n- [x] login\n\n## What's Left to Build\n- [ ] export\n" },
    { path: "bank/activeContext.md", text: "# Active Context\n\n## Current Focus\nexport\n" },
    { path: "session_memory.md", text: SEED },
  ];
  const out = m.checkWorkspace(files, { now: NOW });
  assert.deepEqual(out.map((f) => [f.path, f.dialect]), [["bank/progress.md", "memory-bank"], ["bank/activeContext.md", "memory-bank"], ["session_memory.md", "checkpoint-log"]]);
  assert.ok(out.every((f) => Array.isArray(f.diagnostics)));
});

test("renderPrompt and renderPrompts stay within the budget", () => {
  const text = m.renderPrompt(SEED, { now: NOW });
  assert.ok(text.startsWith("<session-memory>\n"));
  assert.ok(text.includes("begin with orders/batch_3/ file 095"));
  for (const budget of [60, 120, 400]) {
    const small = m.renderPrompt(SEED, { now: NOW, budget });
    assert.ok(m.estimateTokens(small) <= budget, `${m.estimateTokens(small)} > ${budget}`);
  }
  const many = m.renderPrompts([{ path: "a.md", text: SEED }, { path: "b.md", text: m.init("checkpoint-log", "b") }], { now: NOW, budget: 500 });
  assert.ok(many.includes("## a.md") && many.includes("## b.md"));
  assert.ok(m.estimateTokens(many) <= 500);
});

test("a budget too small for a complete prompt is a typed error naming the minimum", () => {
  let minimum;
  assert.throws(() => m.renderPrompt(SEED, { now: NOW, budget: 10 }), (e) => {
    minimum = e.details.minimum;
    return e instanceof m.MementoError && e.code === "budget-too-small" && e.details.budget === 10 && /too small/.test(e.message);
  });
  const smallest = m.renderPrompt(SEED, { now: NOW, budget: minimum });
  assert.ok(smallest.endsWith("</session-memory>\n") && smallest.includes("Left out to fit the budget:"), smallest);
  assert.ok(m.estimateTokens(smallest) <= minimum);
  assert.throws(() => m.renderPrompts([{ path: "a.md", text: SEED }], { now: NOW, budget: 5 }), (e) => e.code === "budget-too-small");
});

test("diff and merge", () => {
  const rewritten = SEED.replace("DO NOT modify config/auth.yaml", "Modify config/auth.yaml");
  const found = m.diff(SEED, rewritten);
  assert.ok(found.some((d) => d.rule === "decision-rewritten" && d.severity === "error"));
  assert.ok(rewritten.slice(found[0].range.start, found[0].range.end).length > 0);
  assert.deepEqual(m.diff(SEED, SEED), []);
  const ours = m.checkpoint(SEED, "Pattern: ours", { at: "2026-04-22T08:00Z", kind: "discovery" }).text;
  const theirs = m.checkpoint(SEED, "Pattern: theirs", { at: "2026-04-22T08:05Z", kind: "discovery" }).text;
  const merged = m.merge(SEED, ours, theirs);
  assert.deepEqual(merged.conflicts, []);
  assert.ok(merged.text.includes("Pattern: ours") && merged.text.includes("Pattern: theirs"));
});

test("rules, redact, estimateTokens", () => {
  const ids = m.rules().map((r) => r.id);
  assert.ok(ids.includes("possible-secret") && ids.includes("decision-rewritten"));
  assert.ok(m.rules().every((r) => ["check", "transition"].includes(r.kind) && r.doc.length > 0));
  assert.equal(m.redact("no secret here"), "no secret here");
  assert.ok(!m.redact("key ghp_abcdefghijklmnopqrstuvwxyz0123456789AB").includes("abcdefghijklmnop"));
  assert.equal(m.estimateTokens("abcde"), 2);
});

test("memoryTools: six tools with JSON Schemas; applyToolCall writes and reports", () => {
  const tools = m.memoryTools();
  assert.deepEqual(tools.map((t) => t.name), ["record_decision", "supersede_decision", "record_progress", "record_discovery", "set_next_step", "recall"]);
  for (const t of tools) {
    assert.equal(t.input_schema.type, "object");
    for (const r of t.input_schema.required ?? []) assert.ok(t.input_schema.properties[r], `${t.name}.${r}`);
  }
  const now = "2026-04-22T08:00Z";
  let r = m.applyToolCall(SEED, "record_decision", { text: "Use retries with backoff for the payments API" }, now);
  assert.deepEqual(r.result, { isError: false, content: "Recorded decision [2026-04-22T08:00Z]." });
  assert.equal(r.changed, true);
  r = m.applyToolCall(r.text, "supersede_decision", JSON.stringify({ decision_id: "2026-04-22T08:00Z", text: "No retries for payments" }), "2026-04-22T08:10Z");
  assert.equal(r.result.isError, false, r.result.content);
  r = m.applyToolCall(r.text, "record_progress", { unit: "orders/batch_3/", status: "IN_PROGRESS", stopped_at: "101" }, now);
  assert.equal(r.result.content, "orders/batch_3/: IN_PROGRESS, stopped at 101.");
  r = m.applyToolCall(r.text, "record_discovery", { text: "order_101.json has two totals" }, now);
  r = m.applyToolCall(r.text, "set_next_step", { text: "Continue orders/batch_3/ at 102." }, now);
  const recall = m.applyToolCall(r.text, "recall", {}, now);
  assert.equal(recall.changed, false);
  assert.equal(recall.text, r.text);
  assert.ok(recall.result.content.includes("Continue orders/batch_3/ at 102."));
  // Refusals and bad input are results for the model, not exceptions; the text is untouched.
  const refused = m.applyToolCall(SEED, "record_decision", { text: "modify config/auth.yaml" }, now);
  assert.equal(refused.result.isError, true);
  assert.equal(refused.changed, false);
  assert.equal(refused.text, SEED);
  assert.match(refused.result.content, /supersede_decision/);
  for (const input of [{}, { text: 5 }, "{not json", 42]) {
    const bad = m.applyToolCall(SEED, "record_discovery", input, now);
    assert.equal(bad.result.isError, true);
    assert.equal(bad.text, SEED);
  }
});

test("every misuse is a MementoError with a code (issue 11)", () => {
  const misuse = (fn, code) => assert.throws(fn, (e) => e instanceof m.MementoError && e instanceof Error && e.code === code, String(fn));
  for (const bad of [123, 10n, {}, [], null, undefined, Symbol("x"), true]) {
    misuse(() => m.parse(bad), "invalid-argument");
    misuse(() => m.plan(bad), "invalid-argument");
    misuse(() => m.check(bad), "invalid-argument");
    misuse(() => m.renderPrompt(bad), "invalid-argument");
    misuse(() => m.checkpoint(bad, "a note"), "invalid-argument");
    misuse(() => m.checkpoint(SEED, bad), "invalid-argument");
    misuse(() => m.setProgress(SEED, bad, "COMPLETED"), "invalid-argument");
    misuse(() => m.diff(SEED, bad), "invalid-argument");
    misuse(() => m.merge(SEED, SEED, bad), "invalid-argument");
    misuse(() => m.redact(bad), "invalid-argument");
    misuse(() => m.estimateTokens(bad), "invalid-argument");
    misuse(() => m.applyEdits(bad, []), "invalid-argument");
    misuse(() => m.applyToolCall(bad, "recall", {}), "invalid-argument");
  }
  const doc = m.parse(SEED);
  doc.free();
  misuse(() => doc.plan(), "freed");
  misuse(() => doc.dialect, "freed");
  const plan = m.plan(SEED, { now: NOW });
  plan.free();
  misuse(() => plan.status, "freed");
  misuse(() => plan.completed, "freed");
});

test("a text with a lone surrogate is refused as invalid-text, naming where", () => {
  const text = SEED.replace("Key Discoveries", "Key \ud800Discoveries");
  for (const fn of [() => m.parse(text), () => m.plan(text), () => m.checkpoint(text, "a note"), () => m.checkpoint(SEED, "note \udc00"), () => m.renderPrompt(text)]) {
    assert.throws(fn, (e) => e instanceof m.MementoError && e.code === "invalid-text" && typeof e.details.index === "number");
  }
  assert.throws(() => m.parse(text), (e) => e.details.index === text.indexOf("\ud800") && e.details.argument === "text");
  // A well-formed pair and a real U+FFFD are text like any other, and round-trip.
  for (const ok of [SEED + "emoji \ud83d\ude00\n", SEED + "replacement \ufffd\n"]) {
    assert.equal(m.parse(ok).toString(), ok);
  }
});

