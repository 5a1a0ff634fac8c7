// Seed 002 end to end: Claude Code's session notes, one file per past session in
// ~/.claude/session-memory/, injected at once by `memento prompt DIR`: one caution, one
// budget, a preview per file with its path, the newest session first (by the file's own last
// timestamp, then its mtime), and what was left out, by path (docs/stores.md).
import test from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, project, requireProject, run } from "./project.mjs";

requireProject();

const TEMPLATE = [
  ["Session Title", "_A short, distinctive 5-10 word description_"],
  ["Current State", "_What's actively being worked on. Pending tasks. Immediate next steps._"],
  ["Task Specification", "_What the user asked to build. Design decisions. Explanatory context._"],
  ["Worklog", "_Step by step, what was attempted and done. Terse summary._"],
];

function notes(title, state, worklog = "") {
  const body = { "Session Title": title, "Current State": state, Worklog: worklog };
  return TEMPLATE.map(([h, d]) => `# ${h}\n${d}\n${body[h] ? `\n${body[h]}\n` : ""}`).join("\n");
}

test("prompt DIR: a folder of past session notes, newest session first under one caution and one budget", () => {
  mkdirSync(join(project, "sessions"), { recursive: true });
  const dir = mkdtempSync(join(project, "sessions", "t-"));
  const memory = join(dir, "session-memory");
  mkdirSync(memory);
  // Two sessions date nothing in their text: their mtimes order them. One dates its worklog.
  const files = {
    "3f1c-parser.md": notes("Split the parser into modules", "Parser split into lexer/grammar/ast; next: port the error recovery."),
    "9a2e-login.md": notes("Fix the login redirect loop", "Redirect loop fixed in auth/redirect.ts; tests pending."),
    "c7d0-billing.md": notes("Billing export to CSV", "Export works; next: add the currency column.", "- 2026-04-21T16:40Z — CSV export merged"),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(memory, name), text);
  const day = (d) => new Date(`2026-04-${String(d).padStart(2, "0")}T12:00:00Z`);
  utimesSync(join(memory, "3f1c-parser.md"), day(10), day(10));
  utimesSync(join(memory, "9a2e-login.md"), day(12), day(12));
  utimesSync(join(memory, "c7d0-billing.md"), day(2), day(2));

  let r = run(bin, ["prompt", "session-memory", "--now", "2026-04-22T09:00Z"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.match(/These notes come from past sessions/g).length, 1, "one caution header");
  assert.match(r.stdout, /may not be related to the current task/);
  const at = (name) => r.stdout.indexOf(`## session-memory/${name} (`);
  assert.ok(at("c7d0-billing.md") !== -1 && at("c7d0-billing.md") < at("9a2e-login.md") && at("9a2e-login.md") < at("3f1c-parser.md"), r.stdout);
  assert.match(r.stdout, /Next action: Redirect loop fixed in auth\/redirect\.ts; tests pending\./);
  assert.doesNotMatch(r.stdout, /Left out/);

  // A budget that holds about one preview: the one budget holds, and the rest is named.
  r = run(bin, ["prompt", "session-memory", "--now", "2026-04-22T09:00Z", "--budget", "170"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.length / 4 <= 170 * 1.1, `about 170 tokens: ${r.stdout.length} chars`);
  assert.match(r.stdout, /^## session-memory\/c7d0-billing\.md \(in progress, last updated 2026-04-21T16:40Z\)$/m);
  // The file that did not fit is named; what was left out of a file shown names its path.
  assert.match(r.stdout, /\nLeft out to fit the budget: 1 × files \(session-memory\/3f1c-parser\.md\); 1 × next action \(line 9 of session-memory\/9a2e-login\.md\)\. Read the files for the rest\.\n/);
});
