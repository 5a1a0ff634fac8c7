// Seeds 003 and 004 end to end, as a user runs them: one JSONL memory store written by two
// agents (a `memories` table, exported one row per line; docs/stores.md). `--scope` reads one
// agent's rows only: nothing of the other agent appears in any output of check, plan or
// prompt; the store plan counts rows by scope and tag, lists facts newest first and the stale
// and duplicate rows to audit (docs/stores.md).
import test from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, fails, project, requireProject, run } from "./project.mjs";

requireProject();

const NOW = "2026-04-22T09:00Z";

// Every string of agent-b's rows is marked `B-ONLY`, its id `b-…`: none may reach agent-a's output.
const ROWS = [
  { id: "a-1", agent_id: "agent-a", tag: "user_preference", content: "The user prefers plain markdown over rich formatting.", created_at: "2026-01-05T10:00:00Z", updated_at: "2026-01-05T10:00:00Z" },
  { id: "b-1", agent_id: "agent-b", tag: "contact_info", content: "B-ONLY customer contact is ops@b-only.example", created_at: "2026-04-01T08:00:00Z" },
  { id: "a-2", agent_id: "agent-a", tag: "project_state", content: "Migration of the model layer is at step 3 of 7.", created_at: "2026-04-20T09:00:00Z" },
  { id: "b-2", agent_id: "agent-b", tag: "past_decision", content: "B-ONLY decided to keep the legacy billing API", created_at: "2026-04-21T09:00:00Z", api_key: "sk-ant-api03-BONLYBONLYBONLYBONLYBONLYBONLYBONLY" },
  { id: "a-3", agent_id: "agent-a", tag: "project_state", content: "Migration of the model layer is at step 3 of 7.", created_at: "2026-04-21T11:00:00Z" },
  { id: "a-4", agent_id: "agent-a", tag: "past_decision", content: "Auth service uses JWT with RS256.", created_at: "2026-04-22T07:00:00Z" },
];
const STORE = ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n";

function folder() {
  mkdirSync(join(project, "stores"), { recursive: true });
  const dir = mkdtempSync(join(project, "stores", "t-"));
  writeFileSync(join(dir, "memories.jsonl"), STORE);
  return dir;
}

function memento(args, cwd) {
  return run(bin, args, { cwd });
}

/** Nothing of agent-b: its ids, its marked texts, its scope's name. */
function noAgentB(output) {
  assert.ok(!/B-ONLY|b-only|agent-b|BONLY|\bb-[12]\b/.test(output), output);
}

test("plan --scope: one agent's rows counted by tag, facts newest first, stale and duplicate rows to audit", () => {
  const dir = folder();
  let r = memento(["plan", "memories.jsonl", "--scope", "agent-a", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  noAgentB(r.stdout + r.stderr);
  assert.match(r.stdout, /^scope: agent-a \(4 rows\)$/m);
  assert.match(r.stdout, /^tags: project_state 2, user_preference 1, past_decision 1$/m);
  const facts = [...r.stdout.matchAll(/^ {2}\[(a-\d)\]/gm)].map((m) => m[1]);
  assert.deepEqual(facts, ["a-4", "a-3", "a-2", "a-1"]);
  assert.match(r.stdout, /^to audit \(2\):\n {2}line 1 \[a-1\] stale-entry: .*days.*\n {2}line 5 \[a-3\] duplicate-entry: memory row repeats the row at line 3/m);

  r = memento(["plan", "memories.jsonl", "--scope", "agent-a", "--json", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stderr);
  noAgentB(r.stdout);
  const plan = JSON.parse(r.stdout);
  assert.deepEqual(plan.store.scopes, [{ name: "agent-a", rows: 4 }]);
  assert.deepEqual(plan.store.facts.map((f) => [f.id, f.line]), [["a-4", 6], ["a-3", 5], ["a-2", 3], ["a-1", 1]]);
  assert.deepEqual(plan.store.audit.map((a) => [a.line, a.id, a.rule]), [[1, "a-1", "stale-entry"], [5, "a-3", "duplicate-entry"]]);

  // Without a scope the plan counts both agents (and says the file mixes them).
  r = memento(["plan", "memories.jsonl", "--json", "--now", NOW], dir);
  const all = JSON.parse(r.stdout);
  assert.deepEqual(all.store.scopes, [{ name: "agent-a", rows: 4 }, { name: "agent-b", rows: 2 }]);
  assert.ok(all.diagnostics.some((d) => d.rule === "mixed-scope"));
});

test("check and prompt --scope: the other agent's rows are never read; each agent sees only its own", () => {
  const dir = folder();
  for (const [me, other] of [["agent-a", /agent-b|B-ONLY|BONLY/], ["agent-b", /agent-a|plain markdown|RS256|step 3/]]) {
    for (const args of [
      ["check", "memories.jsonl", "--scope", me, "--now", NOW],
      ["check", "memories.jsonl", "--scope", me, "--json", "--now", NOW],
      ["plan", "memories.jsonl", "--scope", me, "--json", "--now", NOW],
      ["prompt", "memories.jsonl", "--scope", me, "--now", NOW],
      ["prompt", ".", "--scope", me, "--now", NOW],
    ]) {
      const r = memento(args, dir);
      assert.ok(r.status === 0 || r.status === 1, `${args.join(" ")}: ${r.stderr}`);
      assert.ok(!other.test(r.stdout + r.stderr), `${args.join(" ")} shows another scope:\n${r.stdout}`);
    }
  }
  // agent-b's row holds a key: its check finds it (masked), agent-a's never reads that row.
  let r = memento(["check", "memories.jsonl", "--scope", "agent-b", "--json", "--now", NOW], dir);
  assert.equal(r.status, 1);
  assert.ok(JSON.parse(r.stdout).files[0].diagnostics.some((d) => d.rule === "possible-secret" && d.line === 4));
  r = memento(["check", "memories.jsonl", "--scope", "agent-a", "--json", "--now", NOW], dir);
  assert.equal(r.status, 0, r.stdout);
  const rules = JSON.parse(r.stdout).files[0].diagnostics.map((d) => `${d.line} ${d.rule}`);
  assert.deepEqual(rules, ["1 stale-entry", "5 duplicate-entry"]);
  // The prompt injects agent-a's memories, newest first.
  r = memento(["prompt", "memories.jsonl", "--scope", "agent-a", "--now", NOW], dir);
  const order = ["Auth service uses JWT", "Migration of the model", "The user prefers"].map((s) => r.stdout.indexOf(`- (agent-a) ${s}`));
  assert.ok(order.every((at, i) => at !== -1 && (i === 0 || at > order[i - 1])), r.stdout);
  // In a folder, the store's preview is its newest rows of the scope; the rest is counted.
  r = memento(["prompt", ".", "--scope", "agent-a", "--now", NOW], dir);
  assert.match(r.stdout, /## memories\.jsonl \(.*\)\n[\s\S]*- \(agent-a\) Auth service uses JWT with RS256\. \(line 6\)/);
  assert.match(r.stdout, /Left out to fit the budget: 1 × memories \(line 1 of memories\.jsonl\)/);
  // A scope no row has is a typo, not an empty memory (and the message names no other scope).
  fails(memento(["plan", "memories.jsonl", "--scope", "agent-z"], dir), 2, /^memento: memories\.jsonl: no memory rows of scope agent-z$/);
  fails(memento(["prompt", "memories.jsonl", "--scope", "agent-z"], dir), 2, /no memory rows of scope agent-z/);
  fails(memento(["check", "memories.jsonl", "--scope"], dir), 2, /--scope needs a value/);
});

test("two agents write the store through the memory tool: a duplicate of one's own row is refused, the same fact in another scope is not", () => {
  const dir = folder();
  // Each agent's harness gives the model Anthropic's memory tool over the shared folder.
  const code = `import { memoryToolHandler } from "memento-wasm";
    const h = memoryToolHandler(process.argv[1]);
    console.log(JSON.stringify(JSON.parse(process.argv[2]).map((c) => h.run(c))));`;
  const write = (row) => ({ command: "insert", path: "/memories/memories.jsonl", insert_line: ROWS.length, insert_text: JSON.stringify(row) });
  const fact = "Migration of the model layer is at step 3 of 7.";
  const calls = [
    write({ id: "a-5", agent_id: "agent-a", tag: "project_state", content: fact, created_at: "2026-04-22T08:00:00Z" }),
    write({ id: "b-3", agent_id: "agent-b", tag: "project_state", content: fact, created_at: "2026-04-22T08:00:00Z" }),
    write({ id: "a-6", agent_id: "agent-a", tag: "contact_info", content: "Card on file 4111 1111 1111 1111", created_at: "2026-04-22T08:05:00Z" }),
  ];
  const out = run(process.execPath, ["--input-type=module", "-e", code, dir, JSON.stringify(calls)]);
  assert.equal(out.status, 0, out.stderr);
  const [dupA, sameB, card] = JSON.parse(out.stdout);
  assert.equal(dupA.isError, true);
  assert.match(dupA.content, /^Not written: \/memories\/memories\.jsonl is a memory-store memory file and the change would bring duplicate-entry: memory row repeats the row at line 3/);
  assert.equal(sameB.isError, false, sameB.content);
  assert.equal(card.isError, true, "personal data is filtered at write time");
  assert.match(card.content, /possible-secret/);
  assert.ok(!card.content.includes("4111 1111 1111 1111"));
  const r = memento(["plan", "memories.jsonl", "--scope", "agent-b", "--json", "--now", NOW], dir);
  assert.deepEqual(JSON.parse(r.stdout).store.facts.map((f) => f.id), ["b-3", "b-2", "b-1"]);
  noAgentB(memento(["plan", "memories.jsonl", "--scope", "agent-a", "--now", NOW], dir).stdout);
});
