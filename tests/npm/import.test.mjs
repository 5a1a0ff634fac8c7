// The installed tarball as a Node user meets it: `import` (ESM), `require` (CommonJS), and
// TypeScript type-checking a program against its declarations (strict, no skipLibCheck).
import test from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { node18, project, requireProject, run, tools } from "./project.mjs";

requireProject();

const SEED = "# Session Memory — t1\\n\\n## Decisions Made\\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\\n\\n## Progress Markers\\n- COMPLETED: a\\n- IN_PROGRESS: b (stopped at 004)\\n\\n## Next Session Start\\nGo on with b at 005.\\n";

function program(kind) {
  const load = kind === "esm" ? 'import * as m from "memento-wasm";' : 'const m = require("memento-wasm");';
  return `${load}
const text = "${SEED}";
const p = m.plan(text, { now: "2026-04-22T09:00Z" });
const out = m.checkpoint(text, "Pattern: x", { at: "2026-04-22T08:00Z" });
let code = null;
try { m.checkpoint(text, "modify config/auth.yaml", { kind: "decision" }); } catch (e) { code = e instanceof m.MementoError && e instanceof Error ? e.code : "wrong class"; }
console.log(JSON.stringify({ status: p.status, next: p.nextAction.text, resume: p.resumeFrom, dialect: m.parse(text).dialect,
  written: out.text.includes("- 2026-04-22T08:00Z — Pattern: x"), code, tools: m.memoryTools().length }));
`;
}

const expected = {
  status: "in-progress",
  next: "Go on with b at 005.",
  resume: { unit: "b", stoppedAt: "004", continueAt: "005", text: "b: stopped at 004, continue at 005" },
  dialect: "checkpoint-log",
  written: true,
  code: "conflicting-decision",
  tools: 6,
};

const nodes = [["this Node", process.execPath], ["Node 18", node18()]].filter(([, path]) => path);
for (const [node, path] of nodes) {
  for (const [kind, file] of [["esm", "esm.mjs"], ["cjs", "cjs.cjs"]]) {
    test(`${kind} on ${node}: the installed package loads and works`, () => {
      writeFileSync(join(project, file), program(kind));
      const r = run(path, [file]);
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), expected);
    });
  }
}

test("Node 18 runs the CLI: check, plan --json, checkpoint", { skip: !node18() && "no Node 18 build for this platform" }, () => {
  const cli = join(project, "node_modules", "memento-wasm", "bin", "memento.cjs");
  const file = join(project, "node18_memory.md");
  writeFileSync(file, JSON.parse(`"${SEED}"`));
  const version = run(node18(), ["--version"]);
  assert.match(version.stdout, /^v18\./);
  assert.equal(run(node18(), [cli, "check", file]).status, 0);
  const plan = run(node18(), [cli, "plan", file, "--json"]);
  assert.equal(plan.status, 0, plan.stderr);
  assert.deepEqual(JSON.parse(plan.stdout).resume_from, { unit: "b", stopped_at: "004", continue_at: "005", text: "b: stopped at 004, continue at 005" });
  const cp = run(node18(), [cli, "checkpoint", file, "--discovery", "Node 18 writes too"]);
  assert.equal(cp.status, 0, cp.stderr);
  assert.match(readFileSync(file, "utf8"), /— Node 18 writes too\n/);
});

const TS = `import { parse, plan, check, checkpoint, applyToolCall, memoryTools, applyEdits, MementoError } from "memento-wasm";
import type { Diagnostic, PlanUnit, ToolDefinition, EditResult, Dialect, NextAction, RuleId, ToolCallResult } from "memento-wasm";

const text: string = "# Session Memory — t\\n";
const doc = parse(text, { positionEncoding: "utf-8", fileName: "session_memory.md" });
const dialect: Dialect = doc.dialect;
const p = plan(text, { now: new Date(), rules: { "stale-memory": "off" } });
const units: PlanUnit[] = p.completed;
const next: NextAction | null = p.nextAction;
const diagnostics: Diagnostic[] = check(text, { now: null });
const rule: RuleId | undefined = diagnostics[0]?.rule;
const fixed: string = applyEdits(text, diagnostics[0]?.fix ?? []);
const edit: EditResult = checkpoint(text, "note", { kind: "discovery", at: "2026-04-22T07:12Z" });
const tools: ToolDefinition[] = memoryTools();
const call: ToolCallResult = applyToolCall(text, "recall", {}, Date.now());
try {
  checkpoint(text, "");
} catch (e) {
  if (e instanceof MementoError) console.log(e.code, e.details["line"]);
}
console.log(dialect, units, next, rule, fixed, edit.text, tools[0].input_schema.properties, call.result.isError, doc.sections[0]?.title, p.toJSON().status, p.counts.errors);
// @ts-expect-error not a dialect
parse(text, { dialect: "nope" });
// @ts-expect-error plan results are typed, not any
const wrong: number = p.status;
`;

const CONFIGS = {
  "nodenext ESM": { type: "module", compilerOptions: { module: "nodenext", moduleResolution: "nodenext" } },
  "nodenext CommonJS": { type: "commonjs", compilerOptions: { module: "nodenext", moduleResolution: "nodenext" } },
  bundler: { type: "module", compilerOptions: { module: "esnext", moduleResolution: "bundler" } },
};

for (const [name, { type, compilerOptions }] of Object.entries(CONFIGS)) {
  test(`tsc (${name}, strict, libraries checked) accepts a program using the package`, () => {
    const dir = join(project, `ts-${name.replace(/\W+/g, "-")}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type }));
    writeFileSync(join(dir, "main.ts"), TS);
    const tsconfig = { compilerOptions: { target: "es2020", strict: true, noEmit: true, skipLibCheck: false, ...compilerOptions }, files: ["main.ts"] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
    const r = run(join(tools, "tsc"), ["-p", dir]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
}

test("the declarations have no `any`", () => {
  for (const target of ["node", "bundler"]) {
    const dts = readFileSync(join(project, "node_modules", "memento-wasm", "pkg", target, "memento_wasm.d.ts"), "utf8");
    const code = dts.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "").replace(/"[^"\n]*"/g, '""');
    assert.doesNotMatch(code, /\bany\b/, `${target}/memento_wasm.d.ts`);
  }
});
