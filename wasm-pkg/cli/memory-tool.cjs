// A backend for Anthropic's memory tool (`memory_20250818`; docs/integration.md, "Memory
// tool"): the model sends view, create, str_replace, insert, delete and rename commands on
// paths under `/memories`; `memoryToolHandler(root)` runs them on the folder `root`.
//
// - No path leaves the root: a path must be `/memories` or under it; `..` and `.` segments,
//   backslashes, NUL, and their percent-encoded forms are refused; a path whose real location
//   (links followed) is outside the root is refused, and so is a link that leads nowhere.
// - Writes take the CLI's lock and atomic replace (edit.cjs, docs/writes.md): concurrent
//   calls, in one process or several, lose nothing.
// - A file Memento recognizes as a memory file (any dialect but generic) is guarded as the
//   edits of docs/edits.md are: a write that would add a finding of a guarded rule (a decision
//   contradicting an active one, a duplicate entry, a secret, a dangling SUPERSEDES, two
//   units in progress, a drifted template) or rewrite what is append-only (a decision edited
//   instead of superseded, an entry or the TASK COMPLETE block removed; in session notes, a
//   header or an italic description changed) is refused, and the model is told why.
//
// Each call returns `{ content, isError }`: a tool result for the model, never a throw
// (only a handler made without a root throws).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { CliError } = require("./errors.cjs");
const { decode } = require("./read.cjs");
const { editFile, writeFile } = require("./edit.cjs");
const { withLock } = require("./lock.cjs");

const PREFIX = "/memories";

/** The package, loaded when first needed (the package's entry point loads this module). */
const memento = () => require("../pkg/node/memento_wasm.js");

/** A refusal or a failure, for the model. */
class ToolError extends Error {}

/** Check rules whose new findings refuse a write; transition rules (old → new) likewise. */
const GUARDED = new Set(["conflicting-decisions", "duplicate-entry", "possible-secret", "dangling-supersedes", "progress-contradiction", "template-drift"]);
const APPEND_ONLY = new Set(["decision-rewritten", "entry-removed", "completion-removed"]);
const TEMPLATE = new Set(["header-changed", "description-changed"]);

function memoryToolHandler(root, options = {}) {
  if (typeof root !== "string" || root === "") throw new TypeError("memoryToolHandler(root): root must be a folder path");
  fs.mkdirSync(root, { recursive: true });
  const realRoot = fs.realpathSync(root);
  const now = options.now;

  /** The real path of a `/memories…` path, checked to stay inside the root. */
  function resolve(given, { mustExist = false } = {}) {
    if (typeof given !== "string") throw new ToolError("Error: the path must be a string such as /memories/notes.md");
    let decoded = given;
    try {
      decoded = decodeURIComponent(given);
    } catch {
      throw new ToolError(`Error: the path ${given} is not valid (a % that starts no escape); paths are plain /memories/… names`);
    }
    for (const form of new Set([given, decoded])) {
      if (form !== PREFIX && !form.startsWith(`${PREFIX}/`)) throw new ToolError(`Error: the path ${given} is outside ${PREFIX}: every path starts with ${PREFIX}/`);
      const parts = form.slice(PREFIX.length).split("/").filter((p) => p !== "");
      if (parts.some((p) => p === ".." || p === "." || p.includes("\\") || p.includes("\0"))) {
        throw new ToolError(`Error: the path ${given} is refused: no "..", ".", backslash or NUL (encoded or not) in a memory path`);
      }
    }
    const rel = given.slice(PREFIX.length).split("/").filter((p) => p !== "");
    const full = path.join(realRoot, ...rel);
    // Follow links: the deepest part that exists must really be inside the root.
    let existing = full;
    while (!fs.existsSync(existing) && existing !== realRoot) {
      let link = null;
      try {
        link = fs.lstatSync(existing).isSymbolicLink();
      } catch {}
      if (link) throw new ToolError(`Error: the path ${given} is a link that leads nowhere; refused`);
      existing = path.dirname(existing);
    }
    const real = fs.realpathSync(existing);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new ToolError(`Error: the path ${given} leads outside ${PREFIX} (through a link); refused`);
    if (mustExist && existing !== full) throw new ToolError(`Error: the path ${given} does not exist. Please provide a valid path.`);
    return full;
  }

  const shown = (full) => (full === realRoot ? PREFIX : `${PREFIX}/${path.relative(realRoot, full).split(path.sep).join("/")}`);

  function readFile(full, given) {
    const st = fs.statSync(full);
    if (!st.isFile()) throw new ToolError(`Error: ${given} is not a file`);
    return decode(fs.readFileSync(full), given);
  }

  /** Why Memento refuses to turn `before` (null for a new file) into `after`, or null. */
  function refusal(before, after, full) {
    const m = memento();
    const fileName = full; // the name settles the dialect as the content does
    const dialect = (t) => m.parse(t, { fileName }).dialect;
    const kind = dialect(after);
    if (kind === "generic" && (before === null || dialect(before) === "generic")) return null;
    const opts = { fileName, now: now ?? null, positionEncoding: "utf-8" };
    const found = (t) => m.check(t, opts).filter((d) => GUARDED.has(d.rule));
    const old = before === null ? [] : found(before);
    const fresh = found(after);
    const reasons = [];
    for (const rule of new Set(fresh.map((d) => d.rule))) {
      // More findings of the rule than before: the new ones by message (messages that name
      // a line may differ only because the write moved lines; then the last ones).
      const was = old.filter((d) => d.rule === rule);
      const is = fresh.filter((d) => d.rule === rule);
      if (is.length <= was.length) continue;
      const seen = new Set(was.map((d) => d.message));
      const added = is.filter((d) => !seen.has(d.message));
      for (const d of added.length ? added : is.slice(was.length)) reasons.push(`${d.rule}: ${d.message} (line ${d.line})`);
    }
    if (before !== null) {
      const template = kind === "session-notes";
      for (const d of m.diff(before, after, { fileName, positionEncoding: "utf-8" })) {
        if (APPEND_ONLY.has(d.rule) || (template && TEMPLATE.has(d.rule))) reasons.push(`${d.rule}: ${d.message}`);
      }
    }
    if (reasons.length === 0) return null;
    const hint = reasons.some((r) => r.startsWith("conflicting-decisions") || r.startsWith("decision-rewritten"))
      ? " Decisions are never edited: to change one, add a new decision that says SUPERSEDES [<its timestamp>]."
      : reasons.some((r) => r.startsWith("duplicate-entry"))
        ? " It is already recorded; nothing to do."
        : "";
    return `Not written: ${shown(full)} is a ${kind} memory file and the change would bring ${reasons.join("; ")}.${hint}`;
  }

  /** Writes `edit(text)` over the file under its lock, guarded; returns the new text. */
  function editGuarded(full, given, edit) {
    let refused = null;
    editFile(full, (text) => {
      const next = edit(text);
      refused = next === text ? null : refusal(text, next, full);
      return refused ? text : next;
    });
    if (refused) throw new ToolError(memento().redact(refused));
  }

  const commands = {
    view({ path: given, view_range }) {
      const full = resolve(given, { mustExist: true });
      if (fs.statSync(full).isDirectory()) {
        const lines = [];
        const walk = (dir, depth) => {
          for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
            if (e.name.startsWith(".") || e.name === "node_modules" || e.name.endsWith(".lock")) continue;
            const p = path.join(dir, e.name);
            const st = fs.statSync(p);
            lines.push(`${size(st.size)}\t${shown(p)}${e.isDirectory() ? "/" : ""}`);
            if (e.isDirectory() && depth < 2) walk(p, depth + 1);
          }
        };
        walk(full, 1);
        return `Here're the files and directories up to 2 levels deep in ${shown(full)}, excluding hidden items and node_modules:\n${[`${size(fs.statSync(full).size)}\t${shown(full)}`, ...lines].join("\n")}`;
      }
      // Memento's outputs never repeat a detected secret (docs/secrets.md).
      const lines = memento().redact(readFile(full, given)).split("\n");
      if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
      let [from, to] = [1, lines.length];
      if (view_range !== undefined) {
        if (!Array.isArray(view_range) || view_range.length !== 2 || !view_range.every(Number.isInteger)) throw new ToolError("Error: view_range must be [first line, last line] (-1 for the end)");
        [from, to] = [view_range[0], view_range[1] === -1 ? lines.length : view_range[1]];
        if (from < 1 || from > Math.max(lines.length, 1) || to < from || to > lines.length) throw new ToolError(`Error: view_range [${view_range}] is outside the file's lines [1, ${lines.length}]`);
      }
      const numbered = lines.slice(from - 1, to).map((l, i) => `${String(from + i).padStart(6)}\t${l}`);
      return `Here's the content of ${shown(full)} with line numbers:\n${numbered.join("\n")}`;
    },

    create({ path: given, file_text }) {
      if (typeof file_text !== "string") throw new ToolError("Error: create needs file_text (a string)");
      const full = resolve(given);
      if (full === realRoot) throw new ToolError(`Error: ${PREFIX} is the memory folder, not a file`);
      const why = refusal(null, file_text, full);
      if (why) throw new ToolError(memento().redact(why));
      fs.mkdirSync(path.dirname(full), { recursive: true });
      resolve(given); // the folders made are still inside the root
      writeFile(full, file_text, (target) => {
        if (fs.existsSync(target)) throw new ToolError(`Error: File ${shown(full)} already exists; edit it with str_replace or insert, or delete it first`);
      });
      return `File created successfully at: ${shown(full)}`;
    },

    str_replace({ path: given, old_str, new_str }) {
      if (typeof old_str !== "string" || old_str === "" || typeof new_str !== "string") throw new ToolError("Error: str_replace needs old_str (not empty) and new_str (strings)");
      const full = resolve(given, { mustExist: true });
      readFile(full, given);
      editGuarded(full, given, (text) => {
        const at = text.indexOf(old_str);
        if (at === -1) throw new ToolError(`No replacement was performed, old_str \`${old_str}\` did not appear verbatim in ${shown(full)}.`);
        if (text.indexOf(old_str, at + 1) !== -1) {
          const lines = [];
          for (let i = at; i !== -1; i = text.indexOf(old_str, i + 1)) lines.push(text.slice(0, i).split("\n").length);
          throw new ToolError(`No replacement was performed. Multiple occurrences of old_str \`${old_str}\` in lines: ${lines.join(", ")}. Please ensure it is unique`);
        }
        return text.slice(0, at) + new_str + text.slice(at + old_str.length);
      });
      return `The memory file ${shown(full)} has been edited.`;
    },

    insert({ path: given, insert_line, insert_text }) {
      if (!Number.isInteger(insert_line) || typeof insert_text !== "string") throw new ToolError("Error: insert needs insert_line (a whole number) and insert_text (a string)");
      const full = resolve(given, { mustExist: true });
      readFile(full, given);
      editGuarded(full, given, (text) => {
        const lines = text.split("\n");
        const count = text === "" ? 0 : text.endsWith("\n") ? lines.length - 1 : lines.length;
        if (insert_line < 0 || insert_line > count) throw new ToolError(`Error: Invalid \`insert_line\` parameter: ${insert_line}. It should be within the range of lines of the file: [0, ${count}]`);
        // After line `insert_line`: its end, counted in characters of the text.
        let at = 0;
        for (let i = 0; i < insert_line; i++) at = text.indexOf("\n", at) + 1 || text.length;
        const eol = text.includes("\r\n") ? "\r\n" : "\n";
        const before = at > 0 && !text.slice(0, at).endsWith("\n") ? eol : "";
        const body = insert_text.endsWith("\n") ? insert_text : insert_text + eol;
        return text.slice(0, at) + before + body + text.slice(at);
      });
      return `The file ${shown(full)} has been edited.`;
    },

    delete({ path: given }) {
      const full = resolve(given, { mustExist: true });
      if (full === realRoot) throw new ToolError(`Error: ${PREFIX} itself cannot be deleted`);
      if (fs.lstatSync(full).isDirectory()) fs.rmSync(full, { recursive: true });
      else withLock(full, () => fs.rmSync(full)); // not while a writer holds the file
      return `Successfully deleted ${shown(full)}`;
    },

    rename({ old_path, new_path }) {
      const from = resolve(old_path, { mustExist: true });
      const to = resolve(new_path);
      if (from === realRoot || to === realRoot) throw new ToolError(`Error: ${PREFIX} itself cannot be renamed`);
      if (fs.existsSync(to)) throw new ToolError(`Error: ${shown(to)} already exists; nothing renamed`);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      resolve(new_path);
      if (fs.lstatSync(from).isDirectory()) {
        fs.renameSync(from, to);
      } else {
        // A new name that appears meanwhile is not overwritten: link, then unlink.
        try {
          fs.linkSync(from, to);
        } catch (e) {
          if (e.code === "EEXIST") throw new ToolError(`Error: ${shown(to)} already exists; nothing renamed`);
          throw e;
        }
        fs.unlinkSync(from);
      }
      return `Successfully renamed ${shown(from)} to ${shown(to)}`;
    },
  };

  /** Runs one command of the model (the tool_use input). */
  function run(input) {
    try {
      if (input === null || typeof input !== "object") throw new ToolError("Error: the tool input must be an object with a command");
      if (!Object.hasOwn(commands, input.command)) throw new ToolError(`Error: unknown command ${JSON.stringify(input.command)}: use view, create, str_replace, insert, delete or rename`);
      return { content: commands[input.command](input), isError: false };
    } catch (e) {
      if (e instanceof ToolError) return { content: e.message, isError: true };
      if (e instanceof CliError) return { content: `Error: ${e.message}`, isError: true };
      if (e && typeof e.code === "string" && typeof e.syscall === "string") return { content: `Error: ${e.code} while ${e.syscall === "open" ? "opening" : "working on"} the file`, isError: true };
      throw e;
    }
  }

  return { root: realRoot, run };
}

function size(n) {
  return n < 1024 ? `${n}` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)}K` : `${(n / 1024 / 1024).toFixed(1)}M`;
}

module.exports = { memoryToolHandler };
