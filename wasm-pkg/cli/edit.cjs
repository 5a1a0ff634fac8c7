// The CLI's two ways of writing a file, both under the file's lock (docs/writes.md): an edit
// of what is there (read, change, replace atomically, again if another program changed it
// meanwhile), and a write of a whole new text. The commands, the MCP server and the memory
// tool backend all write through these.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { CliError, ioError } = require("./errors.cjs");
const { readForEdit } = require("./read.cjs");
const { withLock } = require("./lock.cjs");
const { resolveTarget, recoverJournal, replaceFile } = require("./write.cjs");

/** How many times an edit is re-applied to a file another program keeps changing. */
const EDIT_ATTEMPTS = 5;

/**
 * Reads, edits and writes `file` (its real path: links are kept) under its lock;
 * `edit(text)` returns the new text. If another program changes the file while the edit is
 * computed, the edit is applied again to the new text (docs/writes.md, "Atomic replace").
 * `beforeWrite(next)` runs just before the file is replaced and returns how to undo it, for
 * a write that must come first (`complete --archive`).
 */
function editFile(file, edit, beforeWrite = () => () => {}) {
  const target = resolveTarget(file);
  return withLock(target, () => {
    recoverJournal(target);
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      const { text, read } = readForEdit(target);
      const next = edit(text);
      if (next === text) return next;
      const undo = beforeWrite(next);
      let written = false;
      try {
        written = replaceFile(target, next, read);
      } finally {
        if (!written) undo();
      }
      if (written) return next;
    }
    throw new CliError(2, `${file}: changed by another program during each of ${EDIT_ATTEMPTS} attempts to write it; nothing written`);
  });
}

/** Writes `text` to `file` under its lock, without reading it first: links are kept (a
 *  dangling link gets the file it names) and a missing folder is made. `refuse(target)`, run
 *  under the lock, may throw to leave things as they are. */
function writeFile(file, text, refuse = () => {}) {
  const target = resolveTarget(file);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
  } catch (e) {
    throw ioError(e, file);
  }
  withLock(target, () => {
    refuse(target);
    recoverJournal(target);
    replaceFile(target, text);
  });
}

module.exports = { editFile, writeFile };
