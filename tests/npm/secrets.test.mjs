// No output of Memento repeats a detected secret (possible-secret; docs/secrets.md):
// secrets of every kind, planted after a space, after `_`, after a JSON escape and at every
// distance from a message's cut, never come out of the npm API (parse, plan, check,
// renderPrompt, diff, share's redact) nor of any CLI command's stdout or stderr.
import test from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { execFile } from "node:child_process";
import { bin, project, requireProject } from "./project.mjs";

requireProject();
const memento = createRequire(join(project, "package.json"))("memento-wasm");

/** A small deterministic generator (xorshift), so a failing case replays from its seed. */
function generator(seed) {
  let x = BigInt(seed) | 1n;
  const mask = (1n << 64n) - 1n;
  const next = () => {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    return Number(x % 1000003n);
  };
  const pick = (alphabet, n) => Array.from({ length: n }, () => alphabet[next() % alphabet.length]).join("");
  return { next, pick };
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = `${UPPER}abcdefghijklmnopqrstuvwxyz0123456789`;
const DIGITS = "0123456789";
const KINDS = 14;

function luhnComplete(digits) {
  let sum = 0;
  [...digits].reverse().forEach((c, k) => {
    const d = Number(c);
    sum += k % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  });
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A planted secret: as written in markdown, inside a JSON string, the part no output may
 *  repeat (its random body), and whether the detector sees it right after `_`. */
function plant(kind, g) {
  const token = (prefix, body) => ({ text: prefix + body, json: prefix + body, body, underscore: true });
  const labelled = (label, body) => ({ text: label + body, json: label + body, body, underscore: false });
  switch (kind) {
    case 0: return token("sk-proj-", g.pick(ALNUM, 24) + "a1b2");
    case 1: return token("ghp_", g.pick(ALNUM, 35) + "7");
    case 2: return token("AKIA", g.pick(UPPER + DIGITS, 16));
    case 3: {
      // In JSON, `/` as a JSON encoder may write it: `\/`.
      const key = g.pick(ALNUM + "/+", 37) + "aB3";
      return { ...labelled("aws_secret_access_key=", key), json: `aws_secret_access_key=${key.replaceAll("/", "\\/")}` };
    }
    case 4: return token("sk_live_", g.pick(ALNUM, 24));
    case 5: return token("AIza", g.pick(ALNUM + "_-", 35));
    case 6: return token("xoxb-", `${g.pick(DIGITS, 12)}-${g.pick(DIGITS, 13)}-${g.pick(ALNUM, 10)}`);
    case 7: return token("eyJ", `${g.pick(ALNUM, 14)}.${g.pick(ALNUM, 14)}.${g.pick(ALNUM, 22)}`);
    case 8: return labelled("Bearer ", g.pick(ALNUM, 22) + "9z");
    case 9: return labelled("password: ", g.pick(ALNUM, 9) + "7!");
    case 10: {
      const lines = [g.pick(ALNUM, 30) + "Ab1", g.pick(ALNUM, 30) + "Cd2"];
      const block = (nl) => `-----BEGIN RSA PRIVATE KEY-----${nl}${lines[0]}${nl}${lines[1]}${nl}-----END RSA PRIVATE KEY-----`;
      return { text: block("\n"), json: block("\\n"), body: lines.join("\n"), underscore: false };
    }
    case 11: {
      const pw = g.pick(ALNUM, 12) + "9";
      return { ...token("postgres://admin:", `${pw}@db.internal/app`), body: pw };
    }
    case 12: {
      const card = luhnComplete(`4${g.pick(DIGITS, 14)}`);
      return { text: card, json: card, body: card, underscore: false };
    }
    default: {
      const ssn = `${100 + (g.next() % 500)}-${String(1 + (g.next() % 98)).padStart(2, "0")}-${String(1 + (g.next() % 9998)).padStart(4, "0")}`;
      return { text: ssn, json: ssn, body: ssn, underscore: false };
    }
  }
}

/** Whether `out` holds eight characters in a row of any line of `body`. */
function leaks(out, body) {
  for (const line of body.split("\n")) {
    for (let i = 0; i + 8 <= line.length; i++) if (out.includes(line.slice(i, i + 8))) return line.slice(i, i + 8);
  }
  return null;
}

function assertNoLeak(out, p, what) {
  const leaked = leaks(out, p.body);
  assert.equal(leaked, null, `${what} repeats ${JSON.stringify(leaked)} of ${JSON.stringify(p.text)}:\n${out}`);
}

/** The files a case plants its secret in: a checkpoint log (title, decision, unit, stop
 *  point, discovery, a malformed entry, next step) and a JSONL memory store. */
function files(p, { underscore, filler }) {
  const sep = underscore && p.underscore ? "ENV_" : " ";
  const fill = "f".repeat(filler);
  const single = !p.text.includes("\n");
  const title = single ? `task${sep}${p.text}` : "task";
  const unit = single ? `unit${sep}${p.text}` : "unit";
  const log = `# Session Memory — ${title}

## Decisions Made
- 2026-04-22T07:00Z — ${fill}${sep}${p.text} end

## Progress Markers
- IN_PROGRESS: ${unit} (stopped at 094)
- PENDING: ${unit}2

## Key Discoveries
- 2026-04-22T07:10Z — ${fill}${sep}${p.text}
- 2026-99-99 — ${fill}${sep}${p.text}

## Next Session Start
${fill}${sep}${p.text}
`;
  const store = `{"id": "m1", "content": "${fill}\\n${p.json}", "created_at": "2026-04-20T10:00:00Z"}
{"id": "m2", "content": "${fill}\\t${p.json}"}
`;
  return { log, store };
}

const OTHER = "# Session Memory — renamed\n\n## Decisions Made\n\n## Progress Markers\n- PENDING: other\n\n## Key Discoveries\n";
const NOW = "2026-04-22T09:00Z";

/** Everything the API gives out for a text, but `toString()` (the file itself). */
function apiOutputs(text, fileName) {
  const out = [];
  const doc = memento.parse(text, { fileName });
  out.push(JSON.stringify({
    title: doc.title, taskId: doc.taskId, sections: doc.sections, decisions: doc.decisions, progress: doc.progress,
    entries: doc.entries, discoveries: doc.discoveries, records: doc.records, nextStep: doc.nextStep, completion: doc.completion,
  }));
  out.push(JSON.stringify(doc.check({ now: NOW })), JSON.stringify(doc.plan({ now: NOW })), doc.renderPrompt({ now: NOW }));
  out.push(JSON.stringify(memento.plan(text, { now: NOW, fileName })));
  out.push(JSON.stringify(memento.plan(text, { now: NOW, fileName, rules: { "possible-secret": "off" } })));
  out.push(JSON.stringify(memento.check(text, { now: NOW, fileName, rules: { "possible-secret": "off" } })));
  out.push(memento.renderPrompt(text, { now: NOW, fileName, budget: 100000 }));
  const bank = [{ path: `bank/${fileName}`, text }, { path: "bank/progress.md", text: "# Progress\n\n## What's Left to Build\n- [ ] unit\n" }];
  out.push(JSON.stringify(memento.checkWorkspace(bank, { now: NOW })), memento.renderPrompts(bank, { now: NOW }));
  out.push(JSON.stringify(memento.diff(text, OTHER)), JSON.stringify(memento.diff(OTHER, text)));
  out.push(JSON.stringify(memento.merge(OTHER, text, OTHER.replace("other", "else")).conflicts));
  out.push(memento.redact(text));
  return out.join("\n");
}

test("npm API: no result repeats a planted secret of any kind, anywhere", () => {
  let cases = 0;
  for (let seed = 1; seed <= 30; seed++) {
    for (let kind = 0; kind < KINDS; kind++) {
      const g = generator(seed * 7919 + kind);
      const p = plant(kind, g);
      const { log, store } = files(p, { underscore: seed % 2 === 0, filler: g.next() % 90 });
      for (const [text, name] of [[log, "session_memory.md"], [store, "memories.jsonl"]]) {
        assert.ok(memento.check(text, { fileName: name }).some((d) => d.rule === "possible-secret"), `not detected: ${text}`);
        assertNoLeak(apiOutputs(text, name), p, `the API on ${name}`);
        cases++;
      }
    }
  }
  assert.equal(cases, 30 * KINDS * 2);
});

test("npm API: parse().title and taskId mask a secret glued after `_` or a letter", () => {
  const key = "AKIAQ7R2M5XK3PZL9WJD";
  const doc = memento.parse(`# Session Memory — deploy_${key}\n\n## Next Session Start\nrotate x${key}\n`);
  assert.equal(doc.taskId, "deploy_AKIA…(redacted)");
  assert.equal(doc.title, "Session Memory — deploy_AKIA…(redacted)");
  assert.equal(doc.nextStep.text, "rotate xAKIA…(redacted)");
  assert.ok(doc.toString().includes(key), "toString() is the file itself");
});

/** Runs the CLI; resolves to { status, stdout, stderr }. */
function cli(args, cwd) {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { cwd, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") reject(error);
      else resolve({ status: error ? error.code : 0, stdout, stderr });
    });
  });
}

/** Every command on a folder holding secrets of one kind. */
async function commandsOn(kind) {
  const g = generator(104729 + kind);
  const p = plant(kind, g);
  const { log, store } = files(p, { underscore: kind % 2 === 0, filler: 40 + (g.next() % 30) });
  const dir = mkdtempSync(join(project, "cli", "secret-"));
  writeFileSync(join(dir, "session_memory.md"), log);
  writeFileSync(join(dir, "other.md"), OTHER);
  writeFileSync(join(dir, "memories.jsonl"), store);
  const single = p.text.includes("\n") ? "token" : p.text;
  const glue = p.underscore ? "_" : " ";
  // The commands that read print what the package returns: every kind goes through each.
  // Those that write echo their arguments: each takes a few kinds in turn (a spawn costs).
  const reading = [
    ["check", "session_memory.md", "memories.jsonl", "--now", NOW],
    ["check", "session_memory.md", "memories.jsonl", "--json", "--now", NOW],
    ["plan", "session_memory.md", "--now", NOW],
    ["plan", "session_memory.md", "--json", "--now", NOW],
    ["plan", "memories.jsonl", "--json", "--now", NOW],
    ["prompt", "session_memory.md", "--now", NOW],
    ["prompt", ".", "--now", NOW],
    ["diff", "session_memory.md", "other.md"],
    ["diff", "session_memory.md", "other.md", "--json"],
    ["check", `missing${glue}${single}.md`],
  ];
  const writing = [
    ["checkpoint", "other.md", "--discovery", `found ${single}`, "--at", NOW],
    ["progress", "other.md", `unit${glue}${single}`, "IN_PROGRESS", "--stopped-at", single],
    ["next", "other.md", `use ${single}`],
    ["supersede", "session_memory.md", "2026-04-22T07:00Z", `replaced ${single}`, "--at", NOW],
    ["complete", "session_memory.md", `done with ${single}`, "--at", NOW, "--archive", "archive"],
    ["init", `new_${kind}.md`, "--task", single],
    ["merge", "other.md", "session_memory.md", "other.md", "-o", "merged.md"],
  ].filter((_, i) => (i + kind) % 4 === 0);
  for (const args of [...reading, ...writing]) {
    const r = await cli(args, dir);
    assertNoLeak(`${r.stdout}\n${r.stderr}`, p, `memento ${args.join(" ")}`);
  }
  const r = await cli(["share", "memories.jsonl"], dir);
  assert.equal(r.status, 0, r.stderr);
  const shared = inflateRawSync(Buffer.from(new URLSearchParams(new URL(r.stdout.trim()).hash.slice(1)).get("share"), "base64url")).toString();
  assertNoLeak(shared, p, "memento share");
  assert.match(r.stderr, /possible secrets were masked/);
}

test("CLI: no command prints a planted secret, on stdout or stderr", async () => {
  mkdirSync(join(project, "cli"), { recursive: true });
  // Kinds in parallel, three at a time: each has its own folder.
  const kinds = Array.from({ length: KINDS }, (_, k) => k);
  for (let at = 0; at < kinds.length; at += 3) await Promise.all(kinds.slice(at, at + 3).map(commandsOn));
});

test("npm API: a refused edit and a tool's answer mask the file's secrets, even glued to a word", () => {
  const key = "AKIAQ7R2M5XK3PZL9WJD";
  const text = `# Session Memory — t\n\n## Key Discoveries\n- 2026-04-22T07:00Z — bucketx${key} holds the logs\n- 2026-04-22T07:05Z — rotate ${key}\n`;
  let refused;
  try {
    memento.checkpoint(text, `bucketx${key} holds the logs`, { kind: "discovery", at: NOW });
  } catch (e) {
    refused = e;
  }
  assert.ok(refused instanceof memento.MementoError, String(refused));
  assert.equal(refused.code, "duplicate-entry");
  assertNoLeak(`${refused.message}\n${JSON.stringify(refused.details)}`, { text: key, body: key.slice(4) }, "the refusal");
  const call = memento.applyToolCall(text, "record_discovery", { text: `bucketx${key} holds the logs` }, NOW);
  assert.equal(call.result.isError, true);
  assertNoLeak(call.result.content, { text: key, body: key.slice(4) }, "the tool's answer");
  const recall = memento.applyToolCall(text, "recall", {}, NOW);
  assertNoLeak(recall.result.content, { text: key, body: key.slice(4) }, "recall");
});
