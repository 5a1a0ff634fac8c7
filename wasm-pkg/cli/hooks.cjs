// Claude Code's hooks for a memory file (docs/integration.md, "Hooks"): the settings block
// `memento hooks claude-code` prints, and its merge into an existing settings file
// (`--install`), which keeps every key it did not write and writes nothing twice.
"use strict";

const path = require("node:path");
const { CliError } = require("./errors.cjs");

/** `s` as one word of a POSIX shell command: as is when it holds only characters no shell
 *  treats specially, else single-quoted. */
function shellWord(s) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The hook commands' path to the memory file: an absolute path as it is, a relative one from
 *  the project (`$CLAUDE_PROJECT_DIR`, which Claude Code sets for hooks). Always one shell
 *  word, never code: `$(…)` in a path must not run at every session start. */
function hookPath(file) {
  return path.isAbsolute(file) ? shellWord(file) : `"$CLAUDE_PROJECT_DIR"/${shellWord(file)}`;
}

/**
 * The hooks for `file`, by event: SessionStart (after startup, resume, /clear and a
 * compaction) injects the resume prompt, whose stdout Claude Code adds to the context;
 * PreCompact (manual or auto) stamps the compaction time into the file through the CLI's
 * locked writer, so the next session sees where its context was summarized.
 */
function claudeCodeHooks(file) {
  const target = hookPath(file);
  const command = (args) => ({ type: "command", command: `npx --no-install memento ${args} ${target}` });
  return {
    SessionStart: [{ matcher: "startup|resume|clear|compact", hooks: [command("prompt --if-exists")] }],
    PreCompact: [{ matcher: "manual|auto", hooks: [command("compacted --if-exists")] }],
  };
}

/** Which memento command a hook command runs (`prompt`, `compacted`), or null. */
function mementoCommand(command) {
  const m = typeof command === "string" ? /\bmemento (prompt|compacted)\b/.exec(command) : null;
  return m ? m[1] : null;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Merges `hooks` (of claudeCodeHooks) into the parsed settings `settings`, in place. For each
 * group, the group of the same event and matcher takes the hook: left as it is when it is
 * there already, its command replaced when the group runs the same memento command
 * otherwise (another file), else added; a missing group is added. Nothing else is touched.
 * Returns what changed, one line each (empty when the settings had it all).
 */
function mergeHooks(settings, hooks, where) {
  if (!isObject(settings)) throw new CliError(2, `${where}: not a JSON object; nothing written`);
  if (settings.hooks === undefined) settings.hooks = {};
  if (!isObject(settings.hooks)) throw new CliError(2, `${where}: "hooks" is not an object; nothing written`);
  const changes = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (settings.hooks[event] === undefined) settings.hooks[event] = [];
    const existing = settings.hooks[event];
    if (!Array.isArray(existing)) throw new CliError(2, `${where}: hooks.${event} is not a list; nothing written`);
    for (const group of groups) {
      const [hook] = group.hooks;
      const named = `${event} (${group.matcher})`;
      const same = existing.find((g) => isObject(g) && g.matcher === group.matcher && Array.isArray(g.hooks));
      if (!same) {
        existing.push(structuredClone(group));
        changes.push(`${named}: added ${hook.command}`);
        continue;
      }
      if (same.hooks.some((h) => isObject(h) && h.type === hook.type && h.command === hook.command)) continue;
      const ours = same.hooks.find((h) => isObject(h) && mementoCommand(h.command) === mementoCommand(hook.command));
      if (ours) {
        changes.push(`${named}: replaced ${ours.command} with ${hook.command}`);
        ours.type = hook.type;
        ours.command = hook.command;
      } else {
        same.hooks.push({ ...hook });
        changes.push(`${named}: added ${hook.command}`);
      }
    }
  }
  return changes;
}

module.exports = { claudeCodeHooks, mergeHooks, shellWord };
