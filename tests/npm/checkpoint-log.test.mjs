// Seed 000 end to end, as its protocol runs with the CLI: one task over three sessions, each
// a fresh start that reads the memory first. Checkpoints of every kind, a refused decision
// that contradicts an active one (the file as it was), a superseded decision, progress with
// a stop point, and completion with the archive the seed's finalize_session_memory() makes.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bin, project, requireProject, run } from "./project.mjs";

requireProject();

test("a checkpoint log: a task over three sessions, a refused conflicting decision, a supersede, completion with archive", () => {
  mkdirSync(join(project, "checkpoint-log"), { recursive: true });
  const dir = mkdtempSync(join(project, "checkpoint-log", "t-"));
  const file = "working/task_orders_audit_20260422/session_memory.md";
  const memento = (...args) => run(bin, args, { cwd: dir });
  const ok = (r) => assert.equal(r.status, 0, r.stderr);
  const plan = (now) => JSON.parse(memento("plan", file, "--json", "--now", now).stdout);

  // Session 1.
  ok(memento("init", file, "--task", "task_orders_audit_20260422"));
  ok(memento("checkpoint", file, "DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin)", "--at", "2026-04-22T07:12Z"));
  ok(memento("checkpoint", file, "--decision", "Use optimistic locking for order updates; confirmed in orders.py:241", "--at", "2026-04-22T07:23Z"));
  ok(memento("progress", file, "orders/batch_1/ (files 001-047)", "COMPLETED"));
  ok(memento("progress", file, "orders/batch_2/ (files 048-091)", "IN_PROGRESS", "--stopped-at", "060"));
  ok(memento("checkpoint", file, "--discovery", "Order schema has undocumented `legacy_id` field used only by reports/quarterly.py", "--at", "2026-04-22T07:40Z"));
  ok(memento("next", file, "Begin with orders/batch_2/ file 061. Apply decisions above before touching any config."));

  // Session 2 starts from the prompt the SessionStart hook injects.
  let r = memento("prompt", "--if-exists", file, "--now", "2026-04-22T09:00Z");
  ok(r);
  assert.match(r.stdout, /Next action: Begin with orders\/batch_2\/ file 061/);
  assert.match(r.stdout, /\[2026-04-22T07:12Z\] DO NOT modify config\/auth\.yaml/);
  assert.match(r.stdout, /In progress: orders\/batch_2\/: stopped at 060, continue at 061/);
  // A decision that contradicts an active one is refused, naming it; the file is untouched.
  const before = readFileSync(join(dir, file), "utf8");
  r = memento("checkpoint", file, "--decision", "modify config/auth.yaml to add the new issuer", "--at", "2026-04-22T09:10Z");
  assert.equal(r.status, 1);
  assert.match(r.stderr, /2026-04-22T07:12Z/);
  assert.equal(readFileSync(join(dir, file), "utf8"), before);
  // Superseded instead, as the seed says: a new entry naming the old one.
  ok(memento("supersede", file, "2026-04-22T07:12Z", "modify config/auth.yaml to add the new issuer; the three services now read it from vault", "--at", "2026-04-22T09:12Z"));
  ok(memento("progress", file, "orders/batch_2/ (files 048-091)", "COMPLETED"));
  ok(memento("progress", file, "orders/batch_3/ (files 092-140)", "IN_PROGRESS", "--stopped-at", "094"));
  ok(memento("next", file, "Begin with orders/batch_3/ file 095."));
  let p = plan("2026-04-22T09:30Z");
  assert.deepEqual(p.decisions.superseded.map((d) => [d.id, d.by]), [["2026-04-22T07:12Z", "2026-04-22T09:12Z"]]);
  assert.deepEqual(p.resume_from, { unit: "orders/batch_3/", stopped_at: "094", continue_at: "095", text: "orders/batch_3/: stopped at 094, continue at 095" });
  assert.deepEqual(p.completed.map((u) => u.unit), ["orders/batch_1/", "orders/batch_2/"]);

  // Session 3 finishes the task and archives the memory.
  r = memento("prompt", file, "--now", "2026-04-23T08:00Z");
  assert.match(r.stdout, /Next action: Begin with orders\/batch_3\/ file 095\./);
  assert.doesNotMatch(r.stdout, /DO NOT modify config\/auth\.yaml/, "a superseded decision no longer binds");
  ok(memento("progress", file, "orders/batch_3/ (files 092-140)", "COMPLETED"));
  r = memento("complete", file, "all batches processed", "--at", "2026-04-23T10:00Z", "--archive", "outputs");
  ok(r);
  const archive = join(dir, "outputs", "session_memory_final_task_orders_audit_20260422.md");
  assert.ok(existsSync(archive), r.stdout);
  assert.equal(readFileSync(archive, "utf8"), readFileSync(join(dir, file), "utf8"));
  assert.match(readFileSync(archive, "utf8"), /## TASK COMPLETE — 2026-04-23T10:00Z\nFinal status: all batches processed/);
  p = plan("2026-04-23T10:30Z");
  assert.equal(p.status, "complete");
  assert.deepEqual(p.diagnostics.filter((d) => d.severity !== "info"), [], "the finished memory checks clean");
});
