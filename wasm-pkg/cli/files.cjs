// File access of the `memento` CLI: reading memory files (UTF-8 text only), a lock per file
// so concurrent writers serialize, and atomic writes (temp file, fsync, rename).
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

/** An error that ends the command: its message is the one line on stderr. */
class CliError extends Error {
  constructor(exitCode, message) {
    super(message);
    this.exitCode = exitCode;
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function firstInvalidUtf8(buf) {
  for (let i = 0; i < buf.length; ) {
    const b = buf[i];
    if (b < 0x80) { i++; continue; }
    const n = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (n === 0 || i + n > buf.length) return i;
    for (let k = 1; k < n; k++) if ((buf[i + k] & 0xc0) !== 0x80) return i;
    const cp = n === 2 ? 0 : n === 3 ? ((b & 0x0f) << 12) | ((buf[i + 1] & 0x3f) << 6) : ((b & 0x07) << 18) | ((buf[i + 1] & 0x3f) << 12);
    if ((n === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n === 4 && (cp < 0x10000 || cp > 0x10ffff))) return i;
    i += n;
  }
  return -1;
}

/** Text of a buffer read from `name`: refuses binary (a NUL byte) and invalid UTF-8. */
function decode(buf, name) {
  const nul = buf.indexOf(0);
  if (nul !== -1) throw new CliError(2, `${name}: binary file (NUL byte at offset ${nul}); memory files are UTF-8 text`);
  try {
    return decoder.decode(buf); // a BOM stays in the text: bytes are written back as read
  } catch {
    throw new CliError(2, `${name}: not valid UTF-8 (first bad byte at offset ${firstInvalidUtf8(buf)}); memory files are UTF-8 text`);
  }
}

function ioError(e, name) {
  const why = { ENOENT: "no such file", EACCES: "permission denied", EISDIR: "is a directory", ENOTDIR: "not a directory" }[e.code];
  return new CliError(2, `${name}: ${why ?? e.message}`);
}

/** The text of a memory file. */
function readText(file) {
  let buf;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    throw ioError(e, file);
  }
  return decode(buf, file);
}

const MEMORY_EXTENSIONS = new Set([".md", ".markdown", ".txt", ".json", ".jsonl"]);
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** The memory files of a path: itself, or the files under a folder (.md, .txt, .json, .jsonl). */
function memoryFiles(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch (e) {
    throw ioError(e, p);
  }
  if (!stat.isDirectory()) return [p];
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(full);
      } else if (entry.isFile() && MEMORY_EXTENSIONS.has(path.extname(entry.name).toLowerCase()) && !entry.name.endsWith(".lock")) {
        out.push(full);
      }
    }
  };
  walk(p);
  return out;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms) {
  Atomics.wait(sleepCell, 0, 0, ms);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

function readLock(lockPath) {
  try {
    return { text: fs.readFileSync(lockPath, "utf8"), mtimeMs: fs.statSync(lockPath).mtimeMs };
  } catch {
    return null; // released meanwhile
  }
}

/** Whether a lock's holder is gone: a process of this host that no longer runs, or a lock
 *  left half-written by a writer killed while creating it. */
function isStale(lock) {
  const [pid, host] = lock.text.trim().split(" ");
  if (!/^\d+$/.test(pid ?? "")) return Date.now() - lock.mtimeMs > 10_000;
  return host === os.hostname() && !isAlive(Number(pid));
}

/** Removes a stale lock, one breaker at a time (the `.break` file), and only if it is still
 *  the lock that was judged stale. */
function breakStale(lockPath, lock) {
  const breaker = `${lockPath}.break`;
  let fd;
  try {
    fd = fs.openSync(breaker, "wx");
  } catch {
    const b = readLock(breaker);
    if (b && Date.now() - b.mtimeMs > 10_000) fs.rmSync(breaker, { force: true }); // its breaker died
    return;
  }
  try {
    const now = readLock(lockPath);
    if (now && now.text === lock.text) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

/**
 * Runs `fn` holding `file`'s lock (`file.lock`, created exclusively, holding pid and host).
 * Waits for another holder up to MEMENTO_LOCK_TIMEOUT_MS (30 s); recovers a stale lock.
 */
function withLock(file, fn) {
  const lockPath = `${file}.lock`;
  const timeout = Number(process.env.MEMENTO_LOCK_TIMEOUT_MS ?? 30_000);
  const deadline = Date.now() + timeout;
  const mine = `${process.pid} ${os.hostname()} ${Date.now()}\n`;
  for (let attempt = 0; ; attempt++) {
    let fd;
    try {
      fd = fs.openSync(lockPath, "wx");
    } catch (e) {
      if (e.code !== "EEXIST") throw ioError(e, lockPath);
      const lock = readLock(lockPath);
      if (lock && isStale(lock)) {
        breakStale(lockPath, lock);
        continue;
      }
      if (Date.now() > deadline) {
        const holder = lock ? lock.text.trim().split(" ")[0] : "?";
        throw new CliError(2, `${file}: locked by process ${holder} (${lockPath}); waited ${timeout} ms`);
      }
      sleep(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
      continue;
    }
    try {
      fs.writeSync(fd, mine);
    } finally {
      fs.closeSync(fd);
    }
    try {
      return fn();
    } finally {
      const lock = readLock(lockPath);
      if (lock && lock.text === mine) fs.rmSync(lockPath, { force: true });
    }
  }
}

/** Replaces `file` with `text` atomically: a temp file beside it, fsync, rename, then fsync of
 *  the folder. A reader sees the old file or the new one, never a part. */
function writeAtomic(file, text) {
  const dir = path.dirname(path.resolve(file));
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let mode = 0o644;
  try {
    mode = fs.statSync(file).mode & 0o7777;
  } catch {
    // a new file
  }
  try {
    const fd = fs.openSync(tmp, "wx", mode);
    try {
      fs.writeSync(fd, Buffer.from(text, "utf8"));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw ioError(e, file);
  }
  try {
    const d = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(d);
    } finally {
      fs.closeSync(d);
    }
  } catch {
    // not every platform can fsync a folder; the rename is done
  }
}

module.exports = { CliError, decode, readText, memoryFiles, withLock, writeAtomic };
