// The `memento` CLI (wasm-pkg/README.md, "The `memento` command"): every command, its exit codes and its --json shapes.
// Exit codes: 0 fine; 1 the check found errors (or a guard refused a write, or a merge
// conflicted); 2 usage, I/O or input error (not UTF-8, binary), one line on stderr.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const memento = require("../pkg/node/memento_wasm.js");
const { CliError, ioError } = require("./errors.cjs");
const { readText, memoryFiles } = require("./read.cjs");
const { createFile } = require("./write.cjs");
const { editFile, writeFile } = require("./edit.cjs");
const { claudeCodeHooks, mergeHooks, shellWord } = require("./hooks.cjs");

const USAGE = `usage:
  memento check FILE... [--json] [--now ISO] [--dialect D] [--scope S] [--project P]
  memento plan FILE [--json] [--now ISO] [--scope S] [--project P]
  memento prompt FILE|DIR... [--budget N] [--now ISO] [--scope S] [--project P] [--if-exists]
  memento checkpoint FILE [--decision|--progress|--discovery] TEXT [--at ISO] [--force]
  memento supersede FILE DECISION_ID TEXT [--at ISO]
  memento progress FILE UNIT STATUS [--stopped-at X] [--force]
  memento next FILE TEXT
  memento complete FILE [TEXT] [--at ISO] [--archive DIR]
  memento init FILE --task ID [--dialect D]
  memento diff OLD NEW [--json]
  memento merge BASE OURS THEIRS [-o OUT]
  memento share FILE [--base URL]
  memento compacted FILE [--at ISO] [--if-exists]
  memento hooks claude-code [--file PATH] [--install [--settings PATH]]
  memento protocol [--for claude-md|agents-md] [--file PATH]
  memento mcp FILE|DIR
exit codes: 0 fine, 1 the check found errors, 2 usage, I/O or input error`;

// Options of each command: name → true for a flag, "value" for an option with a value.
const COMMANDS = {
  check: { json: true, now: "value", dialect: "value", scope: "value", project: "value" },
  plan: { json: true, now: "value", dialect: "value", scope: "value", project: "value" },
  prompt: { budget: "value", now: "value", scope: "value", project: "value", "if-exists": true },
  checkpoint: { decision: true, progress: true, discovery: true, at: "value", force: true },
  supersede: { at: "value", force: true },
  progress: { "stopped-at": "value", force: true },
  next: {},
  complete: { at: "value", archive: "value" },
  init: { task: "value", dialect: "value", force: true },
  diff: { json: true },
  merge: { o: "value", output: "value" },
  share: { base: "value" },
  compacted: { at: "value", "if-exists": true },
  hooks: { file: "value", install: true, settings: "value" },
  protocol: { for: "value", file: "value" },
  mcp: {},
};

function usage(message) {
  return new CliError(2, `${message} (memento --help for usage)`);
}

/** `argv` after the command → { args, opts }. `--x=v`, `--x v`, `-o v`; `--` ends options. */
function parseArgs(command, argv) {
  const spec = COMMANDS[command];
  const args = [];
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      args.push(a);
      continue;
    }
    const body = a.startsWith("--") ? a.slice(2) : a.slice(1);
    const eq = body.indexOf("=");
    const name = eq === -1 ? body : body.slice(0, eq);
    const kind = spec[name];
    if (!kind) throw usage(`${command}: unknown option ${a.split("=")[0]}`);
    if (kind === true) {
      if (eq !== -1) throw usage(`${command}: --${name} takes no value`);
      opts[name] = true;
    } else {
      const value = eq !== -1 ? body.slice(eq + 1) : argv[++i];
      if (value === undefined) throw usage(`${command}: ${a} needs a value`);
      opts[name] = VALUES[name] ? VALUES[name](name, value) : value;
    }
  }
  return { args, opts };
}

function arity(command, args, min, max = min) {
  if (args.length < min || args.length > max) {
    const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw usage(`${command}: expected ${want} argument${(max === Infinity ? min : max) === 1 ? "" : "s"}, got ${args.length}`);
  }
}

/** Calls into the package; a MementoError (misuse, a refused edit) becomes a CliError. */
const REFUSALS = new Set(["conflicting-decision", "duplicate-entry", "another-in-progress", "already-complete", "already-superseded"]);
function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof memento.MementoError) throw new CliError(REFUSALS.has(e.code) ? 1 : 2, e.message);
    throw e;
  }
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

/** The value of a time option (`--at`, `--now`), checked here so that a typo is an error
 *  rather than a date JavaScript guesses (`1` would be 2001-01-01, `2026-02-30` March 2). */
function timeValue(name, value) {
  const m = ISO_TIME.exec(value.trim());
  const bad = (why) => usage(`--${name} must be an ISO 8601 timestamp such as 2026-04-22T07:12Z, got "${value}"${why ? ` (${why})` : ""}`);
  if (!m) throw bad("");
  const [year, month, day, hour = 0, minute = 0, second = 0, offH = 0, offM = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  if (year < 1970) throw bad("years before 1970 are not supported");
  if (month < 1 || month > 12) throw bad(`there is no month ${month}`);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) throw bad(`${year}-${m[2]} has ${days} days`);
  if (hour > 23 || minute > 59 || second > 59 || offH > 23 || offM > 59) throw bad("hours go to 23, minutes and seconds to 59");
  return value.trim();
}

/** Prompt budgets no context window comes near; a larger number is a typo. */
const MAX_BUDGET = 10_000_000;

function budgetValue(name, value) {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_BUDGET)) throw usage(`--budget must be a whole number of tokens from 1 to ${MAX_BUDGET}, got ${value}`);
  return n;
}

/** Options whose values are checked (and converted) as they are read. */
const VALUES = { at: timeValue, now: timeValue, budget: budgetValue };

function nowOption(opts) {
  return opts.now ?? new Date();
}

/** The options every reading command shares: the clock, the scope of a memory store
 *  (only its rows are read: docs/stores.md), and the project the memory is read for (an
 *  entry of another project is a scope-mismatch: docs/formats.md). */
function readOptions(opts) {
  const options = { now: nowOption(opts) };
  if (opts.scope !== undefined) options.scope = opts.scope;
  if (opts.project !== undefined) options.project = opts.project;
  return options;
}

/**
 * With --scope, the files given must hold rows of that scope: a scope no store has is a
 * typo, not an empty memory. Other stores and other files are read as they are (a store of
 * another scope reads as empty). The message names only the scope asked for.
 */
function requireScope(opts, files) {
  if (opts.scope === undefined) return;
  const rows = (f) => call(() => memento.parse(f.text, { fileName: f.path, scope: opts.scope }).records.length);
  if (!files.some((f) => rows(f) > 0)) {
    throw new CliError(2, `${files.map((f) => f.path).join(", ")}: no memory rows of scope ${opts.scope}`);
  }
}

/** camelCase keys → snake_case (the plan's JSON is docs/plan.md's, in snake case). */
function snakeKeys(value) {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = snakeKeys(v);
  return out;
}

function formatDiagnostic(file, d) {
  let line = `${file}:${d.line}:${d.column}: ${d.severity}[${d.rule}] ${d.message}`;
  if (d.help) line += `\n  help: ${d.help}`;
  return line;
}

function countErrors(diagnostics) {
  return diagnostics.filter((d) => d.severity === "error").length;
}

function summary(diagnostics, files) {
  const by = (s) => diagnostics.filter((d) => d.severity === s).length;
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${plural(by("error"), "error")}, ${plural(by("warning"), "warning")}, ${plural(by("info"), "info")} in ${plural(files, "file")}`;
}

// Commands. Each returns an exit code and writes through `out` (stdout lines).

function check({ args, opts }, out) {
  arity("check", args, 1, Infinity);
  const paths = args.flatMap(memoryFiles);
  const files = paths.map((p) => ({ path: p, text: readText(p) }));
  requireScope(opts, files);
  const options = { ...readOptions(opts), positionEncoding: "utf-8" };
  if (opts.dialect) options.dialect = opts.dialect;
  const results = call(() => memento.checkWorkspace(files, options));
  const all = results.flatMap((r) => r.diagnostics);
  if (opts.json) {
    out(JSON.stringify({ files: results }, null, 2));
  } else {
    for (const r of results) for (const d of r.diagnostics) out(formatDiagnostic(r.path, d));
    out(summary(all, results.length));
  }
  return countErrors(all) > 0 ? 1 : 0;
}

function plan({ args, opts }, out) {
  arity("plan", args, 1);
  const [file] = args;
  const text = readText(file);
  requireScope(opts, [{ path: file, text }]);
  const options = { ...readOptions(opts), positionEncoding: "utf-8", fileName: file };
  if (opts.dialect) options.dialect = opts.dialect;
  const p = call(() => memento.plan(text, options));
  const data = p.toJSON();
  if (opts.json) {
    out(JSON.stringify(snakeKeys(data), null, 2));
  } else {
    out(`status: ${data.status}`);
    // A finished run's last next step is what the file said then, not work to take up: said
    // as the prompt says it (docs/plan.md).
    const nextLabel = data.status === "complete" ? "last next step written (the run reads as complete)" : "next action";
    if (data.nextAction) out(`${nextLabel}: ${data.nextAction.text} (line ${data.nextAction.line})`);
    if (data.resumeFrom) {
      out(`resume from: ${data.resumeFrom.text}`);
    }
    const names = (units) => units.map((u) => u.unit).join(", ");
    if (data.completed.length) out(`completed (${data.completed.length}): ${names(data.completed)}`);
    if (data.open.length) out(`open (${data.open.length}): ${data.open.map((u) => `${u.unit} ${u.status}`).join(", ")}`);
    if (data.pending.length) out(`pending (${data.pending.length}): ${names(data.pending)}`);
    out(`decisions: ${data.decisions.active.length} active, ${data.decisions.superseded.length} superseded`);
    for (const d of data.decisions.active) out(`  [${d.id}] ${d.text} (line ${d.line})`);
    for (const c of data.conflicts) out(`conflict: ${c.message} (line ${c.line})`);
    if (data.store) storeLines(data.store, opts.scope, out);
    for (const d of data.diagnostics) out(formatDiagnostic(file, d));
    if (data.lastUpdated) out(`last updated: ${data.lastUpdated}`);
  }
  return countErrors(data.diagnostics) > 0 ? 1 : 0;
}

/** How many facts `plan` prints of a store (`--json` gives them all). */
const FACTS_SHOWN = 10;

/** A memory store's plan as text: counts by scope and tag, facts newest first, rows to audit. */
function storeLines(store, scope, out) {
  const counts = (list) => list.map((c) => `${c.name} ${c.rows}`).join(", ");
  const rows = store.scopes.reduce((n, c) => n + c.rows, 0);
  if (scope !== undefined) out(`scope: ${scope} (${rows} row${rows === 1 ? "" : "s"})`);
  else if (store.scopes.length) out(`scopes: ${counts(store.scopes)}`);
  if (store.tags.length) out(`tags: ${counts(store.tags)}`);
  if (store.facts.length) out(`facts (newest first${store.facts.length > FACTS_SHOWN ? `, ${FACTS_SHOWN} of ${store.facts.length}` : ""}):`);
  for (const f of store.facts.slice(0, FACTS_SHOWN)) {
    const when = f.updatedAt ?? f.createdAt;
    out(`  ${f.id ? `[${f.id}] ` : ""}${when ? `${when} ` : ""}${f.content.replace(/\s+/g, " ")} (line ${f.line})`);
  }
  if (store.audit.length) out(`to audit (${store.audit.length}):`);
  for (const a of store.audit) out(`  line ${a.line}${a.id ? ` [${a.id}]` : ""} ${a.rule}: ${a.message}`);
}

/** A file's modification time in epoch milliseconds, or undefined when it cannot be read. */
function modified(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function prompt({ args, opts }, out) {
  arity("prompt", args, 1, Infinity);
  const existing = opts["if-exists"] ? args.filter((p) => fs.existsSync(p)) : args;
  const paths = existing.flatMap(memoryFiles);
  if (paths.length === 0) {
    if (opts["if-exists"]) return 0;
    throw new CliError(2, `${args.join(", ")}: no memory files (.md, .txt, .json, .jsonl)`);
  }
  const options = { ...readOptions(opts), budget: opts.budget };
  // The modification time orders the previews of files whose text dates nothing.
  const files = paths.map((p) => ({ path: p, text: readText(p), modified: modified(p) }));
  requireScope(opts, files);
  const text =
    files.length === 1 && !fs.statSync(existing[0]).isDirectory()
      ? call(() => memento.renderPrompt(files[0].text, { ...options, fileName: files[0].path }))
      : call(() => memento.renderPrompts(files, options));
  out(text.replace(/\n$/, ""));
  return 0;
}

function checkpoint({ args, opts }, out) {
  arity("checkpoint", args, 2);
  const kinds = ["decision", "progress", "discovery"].filter((k) => opts[k]);
  if (kinds.length > 1) throw usage("checkpoint: give at most one of --decision, --progress, --discovery");
  const [file, note] = args;
  editFile(file, (text) => {
    // The time is taken under the lock, so entries of concurrent writers stay in order.
    const options = { at: opts.at ?? new Date(), force: !!opts.force, fileName: file };
    if (kinds.length) options.kind = kinds[0];
    return call(() => memento.checkpoint(text, note, options)).text;
  });
  out(`${file}: checkpoint written`);
  return 0;
}

function supersede({ args, opts }, out) {
  arity("supersede", args, 3);
  const [file, id, note] = args;
  editFile(file, (text) => call(() => memento.supersede(text, id, note, { at: opts.at ?? new Date(), force: !!opts.force, fileName: file })).text);
  out(`${file}: decision ${id} superseded`);
  return 0;
}

function progress({ args, opts }, out) {
  arity("progress", args, 3);
  const [file, unit, status] = args;
  editFile(file, (text) => {
    const options = { force: !!opts.force, fileName: file };
    if (opts["stopped-at"] !== undefined) options.stoppedAt = opts["stopped-at"];
    return call(() => memento.setProgress(text, unit, status, options)).text;
  });
  out(`${file}: ${unit} ${status.toUpperCase()}`);
  return 0;
}

function next({ args }, out) {
  arity("next", args, 2);
  const [file, text] = args;
  editFile(file, (old) => call(() => memento.setNext(old, text, { fileName: file })).text);
  out(`${file}: next step set`);
  return 0;
}

/** The longest task id kept in an archive's name (a name holds at most 255 bytes). */
const ARCHIVE_TASK_CHARS = 100;

/**
 * Writes the final copy `text` of `file` into `dir` as `session_memory_final_<task id>.md`,
 * the task id masked of secrets and reduced to a safe file name; never over an existing
 * archive (a taken name gets -2, -3, …). Returns its path (docs/writes.md, "complete --archive").
 */
function writeArchive(dir, text, file) {
  const task = memento.parse(text, { fileName: file }).taskId ?? path.basename(file).replace(/\.[^.]*$/, "");
  const stem = `session_memory_final_${memento.redact(task).replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, ARCHIVE_TASK_CHARS)}`;
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw ioError(e, dir);
  }
  for (let n = 1; n <= 1000; n++) {
    const archived = path.join(dir, n === 1 ? `${stem}.md` : `${stem}-${n}.md`);
    if (createFile(archived, text)) return archived;
  }
  throw new CliError(2, `${dir}: already holds 1000 archives named ${stem}; nothing written`);
}

function complete({ args, opts }, out) {
  arity("complete", args, 1, 2);
  const [file, status = "complete"] = args;
  const at = opts.at ?? new Date();
  let archived = null;
  // The archive is written first and removed again if the memory file cannot be written:
  // a failure leaves both as they were.
  const archive = (text) => {
    archived = writeArchive(opts.archive, text, file);
    return () => {
      fs.rmSync(archived, { force: true });
      archived = null;
    };
  };
  editFile(file, (old) => call(() => memento.complete(old, status, { at, fileName: file })).text, opts.archive === undefined ? undefined : archive);
  out(`${file}: task complete`);
  if (archived) out(`${file}: archived as ${archived}`);
  return 0;
}

/** The dialect `init FILE` writes without --dialect: the agent harness format the path
 *  settles (a Claude Code or Codex MEMORY.md, a memory_summary.md, a Letta system/ file, a
 *  Basic Memory note), else a checkpoint log. */
function initDialect(file) {
  const named = memento.parse("", { fileName: file }).dialect;
  return ["claude-memory", "codex-memory", "letta-memfs", "basic-memory"].includes(named) ? named : "checkpoint-log";
}

function init({ args, opts }, out) {
  arity("init", args, 1);
  if (!opts.task) throw usage("init: --task ID is required");
  const [file] = args;
  const text = call(() => memento.init(opts.dialect ?? initDialect(file), opts.task));
  writeFile(file, text, (target) => {
    if (fs.existsSync(target) && !opts.force) throw new CliError(2, `${file}: already exists (--force replaces it)`);
  });
  out(`${file}: created`);
  return 0;
}

function diff({ args, opts }, out) {
  arity("diff", args, 2);
  const [oldFile, newFile] = args;
  const found = call(() => memento.diff(readText(oldFile), readText(newFile), { positionEncoding: "utf-8", fileName: newFile }));
  if (opts.json) {
    out(JSON.stringify({ old: oldFile, new: newFile, diagnostics: found }, null, 2));
  } else {
    for (const d of found) out(formatDiagnostic(newFile, d));
    out(summary(found, 1).replace(/ in 1 file$/, ` from ${oldFile} to ${newFile}`));
  }
  return countErrors(found) > 0 ? 1 : 0;
}

function merge({ args, opts }, out, err, raw) {
  arity("merge", args, 3);
  const [base, ours, theirs] = args.map(readText);
  const result = memento.merge(base, ours, theirs);
  for (const c of result.conflicts) err(`memento: merge conflict in ${c.section}: ${c.reason}`);
  const target = opts.o ?? opts.output;
  if (target !== undefined) {
    writeFile(target, result.text);
  } else {
    raw(result.text);
  }
  return result.conflicts.length > 0 ? 1 : 0;
}

/** The longest URL Chromium opens (2 MiB); a longer share link would not open. */
const MAX_LINK_CHARS = 2 * 1024 * 1024;

/** `BASE#share=<base64url of the deflate-raw compressed text>&name=<file name>`: the file
 *  travels in the URL fragment, which browsers never send to a server. Secrets are masked. */
function share({ args, opts }, out, err, raw) {
  arity("share", args, 1);
  const [file] = args;
  const text = readText(file);
  const safe = memento.redact(text);
  if (safe !== text) err(`memento: ${file}: possible secrets were masked in the shared copy`);
  const data = zlib.deflateRawSync(Buffer.from(safe, "utf8"), { level: 9 }).toString("base64url");
  const base = (opts.base ?? "http://127.0.0.1:8080/").replace(/#.*$/, "");
  const link = `${base}#share=${data}&name=${encodeURIComponent(path.basename(file))}`;
  if (link.length > MAX_LINK_CHARS) {
    const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    throw new CliError(2, `${file}: the share link would be ${mib(link.length)}, over the ${mib(MAX_LINK_CHARS)} browsers open (Chromium's URL limit); no link made: send the file, or the dashboard's HTML export`);
  }
  // Written as it is: the link is data (masked above), not a line to mask again.
  raw(`${link}\n`);
  return 0;
}

const DEFAULT_FILE = "session_memory.md";

/**
 * The PreCompact hook's stamp: a discovery entry saying when the context was compacted, so
 * a later reader knows which entries came from a context that is now only a summary. The
 * time is in the text too: two compactions are two facts, not a duplicate.
 */
function compacted({ args, opts }, out) {
  arity("compacted", args, 1);
  const [file] = args;
  if (opts["if-exists"] && !fs.existsSync(file)) return 0;
  let stamped = true;
  editFile(file, (text) => {
    const at = opts.at ?? new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    const note = `Context compacted at ${at}: the entries before this were written in a context now only summarized; this file is the record`;
    try {
      return memento.checkpoint(text, note, { kind: "discovery", at, fileName: file }).text;
    } catch (e) {
      // The same compaction stamped twice (the hook run again within the second): done.
      if (e instanceof memento.MementoError && e.code === "duplicate-entry") {
        stamped = false;
        return text;
      }
      return call(() => {
        throw e; // any other refusal or misuse: the CLI's exit code and message
      });
    }
  });
  out(`${file}: ${stamped ? "compaction stamped" : "this compaction is stamped already"}`);
  return 0;
}

const DEFAULT_SETTINGS = path.join(".claude", "settings.json");

function hooks({ args, opts }, out) {
  arity("hooks", args, 1);
  if (args[0] !== "claude-code") throw usage(`hooks: unknown target ${args[0]} (expected claude-code)`);
  if (opts.settings !== undefined && !opts.install) throw usage("hooks: --settings goes with --install");
  const wanted = claudeCodeHooks(opts.file ?? DEFAULT_FILE);
  if (!opts.install) {
    out(JSON.stringify({ hooks: wanted }, null, 2));
    return 0;
  }
  const settings = opts.settings ?? DEFAULT_SETTINGS;
  let changes = [];
  const merge = (text) => {
    let parsed;
    try {
      parsed = text.trim() === "" ? {} : JSON.parse(text);
    } catch (e) {
      throw new CliError(2, `${settings}: not valid JSON (${e.message}); nothing written`);
    }
    changes = mergeHooks(parsed, wanted, settings);
    return changes.length === 0 ? text : `${JSON.stringify(parsed, null, 2)}\n`;
  };
  if (fs.existsSync(settings)) {
    editFile(settings, merge);
  } else {
    writeFile(settings, merge(""), (target) => {
      if (fs.existsSync(target)) throw new CliError(2, `${settings}: created by another program meanwhile; run again`);
    });
  }
  if (changes.length === 0) out(`${settings}: the memento hooks are installed already; nothing changed`);
  for (const c of changes) out(`${settings}: ${c}`);
  return 0;
}

function protocol({ args, opts }, out) {
  arity("protocol", args, 0);
  const target = opts.for ?? "claude-md";
  if (target !== "claude-md" && target !== "agents-md") throw usage(`protocol: --for must be claude-md or agents-md, got ${target}`);
  const f = opts.file ?? DEFAULT_FILE;
  const m = "npx --no-install memento";
  const q = shellWord(f); // the path as the commands below need it (quoted if it has spaces)
  const start =
    target === "claude-md"
      ? `At session start (the SessionStart hook of \`memento hooks claude-code\` prints it for you, or run \`${m} prompt ${q}\`):`
      : `At session start (run \`${m} prompt ${q}\` to see what matters):`;
  out(`## Session Memory Protocol

This task keeps its memory in \`${f}\`. Context is not memory: whatever is not written there is gone when the context compacts or the session ends.

${start}
1. Read \`${f}\` first, before any other work.
2. Apply every active decision without re-evaluating it.
3. Start from its next step (Next Session Start); do not redo units marked COMPLETED.

During the session, checkpoint as things happen:
- a decision that constrains later work: \`${m} checkpoint ${q} --decision "<decision and reason>"\`. Decisions are never edited: to change one, \`${m} supersede ${q} <decision id> "<new decision>"\`.
- progress: \`${m} progress ${q} "<unit>" COMPLETED\` when a unit is done; \`IN_PROGRESS --stopped-at <item>\` when pausing inside one.
- a discovery a later session needs: \`${m} checkpoint ${q} --discovery "<fact>"\`.

Before the context compacts or the session ends:
1. Record the decisions and progress not yet written.
2. Refresh the next step with the exact next action: \`${m} next ${q} "<next action>"\`.`);
  return 0;
}

/** Serves the memory over MCP on stdin/stdout until the client closes them (cli/mcp.cjs).
 *  A failure once serving is one line on stderr and exit 2. */
function mcp({ args }, out, err) {
  arity("mcp", args, 1);
  const [root] = args;
  memoryFiles(root); // a missing file or folder is a usage error now, not a server that fails later
  require("./mcp.cjs")
    .serve(root, require("../package.json").version)
    .catch((e) => {
      err(`memento: mcp: ${String(e && e.message ? e.message : e).split("\n")[0]}`);
      process.exit(2);
    });
  return 0;
}

const HANDLERS = { check, plan, prompt, checkpoint, supersede, progress, next, complete, init, diff, merge, share, compacted, hooks, protocol, mcp };

/**
 * Runs the CLI on `argv` (without node and the script). Returns the exit code. `io.out` and
 * `io.err` receive stdout and stderr lines, `io.raw` text written as is (default: the
 * process's streams).
 */
function main(argv, io = {}) {
  // No line printed repeats a detected secret (docs/secrets.md): the package masks what it
  // returns, and every line is masked once more here (a path or an argument echoed back).
  // Data is written through `raw` as it is: a merged file, a share link (masked already).
  const write = io.out ?? ((line) => process.stdout.write(`${line}\n`));
  const warn = io.err ?? ((line) => process.stderr.write(`${line}\n`));
  const out = (line) => write(memento.redact(String(line)));
  const err = (line) => warn(memento.redact(String(line)));
  const raw = io.raw ?? ((text) => process.stdout.write(text));
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "--help" || command === "-h" || command === "help") {
      (command === undefined ? err : out)(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === "--version" || command === "-V") {
      out(require("../package.json").version);
      return 0;
    }
    const handler = HANDLERS[command];
    if (!handler) throw usage(`unknown command ${command}`);
    return handler(parseArgs(command, rest), out, err, raw);
  } catch (e) {
    if (e instanceof CliError) {
      err(`memento: ${e.message.split("\n")[0]}`);
      return e.exitCode;
    }
    // A system call that failed where no message was written for it: still an I/O error.
    if (e && typeof e.syscall === "string") {
      err(`memento: ${ioError(e, e.path ?? e.syscall).message.split("\n")[0]}`);
      return 2;
    }
    err(`memento: internal error: ${String(e && e.message ? e.message : e).split("\n")[0]}`);
    return 2;
  }
}

module.exports = { main };
