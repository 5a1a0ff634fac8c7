// A lock per memory file, so concurrent writers serialize (docs/writes.md, "Locks"): the file
// `<file>.lock`, created exclusively, holding "pid host time". Every wait is bounded and
// sleeps; a stale lock is recovered.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { CliError, ioError, why } = require("./errors.cjs");

const DEFAULT_TIMEOUT_MS = 30_000;
/** Age after which an empty lock (its writer killed while creating it) or a `.break` file
 *  is taken as stale. */
const STALE_AFTER_MS = 10_000;

/** MEMENTO_LOCK_TIMEOUT_MS: a whole number of milliseconds (a typo must not wait forever). */
function lockTimeout() {
  const raw = process.env.MEMENTO_LOCK_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === "") return DEFAULT_TIMEOUT_MS;
  if (!/^\d{1,9}$/.test(raw.trim())) throw new CliError(2, `MEMENTO_LOCK_TIMEOUT_MS must be a whole number of milliseconds (at most 999999999), got "${raw}"`);
  return Number(raw);
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

function record() {
  return `${process.pid} ${os.hostname()} ${Date.now()}\n`;
}

/** A lock (or breaker) file: its text, holder (pid and host, when written) and age. */
function readLock(lockPath) {
  try {
    const text = fs.readFileSync(lockPath, "utf8");
    const [pid, host] = text.trim().split(" ");
    return { text, pid: /^\d+$/.test(pid ?? "") ? Number(pid) : null, host: host ?? null, ageMs: Date.now() - fs.statSync(lockPath).mtimeMs };
  } catch {
    return null; // released meanwhile
  }
}

/** Whether a lock's holder is gone: a process of this host that no longer runs, or a lock
 *  left half-written by a writer killed while creating it. */
function isStale(lock) {
  if (lock.pid === null) return lock.ageMs > STALE_AFTER_MS;
  return lock.host === os.hostname() && !isAlive(lock.pid);
}

function cannotRemove(e, lockPath, lock) {
  const holder = lock.pid === null ? "left empty" : `of process ${lock.pid}, which is gone`;
  return new CliError(2, `${lockPath}: a stale lock (${holder}) that cannot be removed (${why(e)}); remove it by hand`);
}

/** Removes a stale lock, one breaker at a time (the `.break` file), and only if it is still
 *  the lock that was judged stale. Returns whether it was removed. */
function breakStale(lockPath, lock) {
  const breaker = `${lockPath}.break`;
  let fd;
  try {
    fd = fs.openSync(breaker, "wx");
  } catch (e) {
    if (e.code !== "EEXIST") throw cannotRemove(e, lockPath, lock);
    const b = readLock(breaker);
    // A breaker that died: remove it, the next round breaks the lock.
    if (b && (b.ageMs > STALE_AFTER_MS || (b.pid !== null && isStale(b)))) fs.rmSync(breaker, { force: true });
    return false;
  }
  try {
    fs.writeSync(fd, record());
    const now = readLock(lockPath);
    if (!now || now.text !== lock.text) return false;
    try {
      fs.rmSync(lockPath);
    } catch (e) {
      if (e.code === "ENOENT") return false;
      throw cannotRemove(e, lockPath, lock);
    }
    return true;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

/** The one line saying who holds a lock we gave up waiting for. */
function lockedMessage(file, lockPath, lock, timeout) {
  const waited = `waited ${timeout} ms`;
  if (!lock) return `${file}: locked (${lockPath}), released and taken again meanwhile; ${waited}`;
  if (isStale(lock)) {
    const whose = lock.pid === null ? "empty and old" : `process ${lock.pid} is gone`;
    return `${file}: the lock ${lockPath} is stale (${whose}) and being removed by another writer (${lockPath}.break); ${waited}`;
  }
  if (lock.pid === null) {
    return `${file}: locked (${lockPath} is empty: a writer is creating it, or was killed while creating it and it counts as stale after ${STALE_AFTER_MS / 1000} s); ${waited}`;
  }
  if (lock.host !== os.hostname()) {
    return `${file}: locked by process ${lock.pid} on host ${lock.host} (${lockPath}); ${waited}; if no memento runs on ${lock.host} any more, remove ${lockPath}`;
  }
  return `${file}: locked by process ${lock.pid} (${lockPath}); ${waited}`;
}

/**
 * Runs `fn` holding the lock `lockPath` for `file`. Waits for another holder up to
 * MEMENTO_LOCK_TIMEOUT_MS (30 s), sleeping between tries; recovers a stale lock.
 */
function holding(file, lockPath, fn) {
  const timeout = lockTimeout();
  const deadline = Date.now() + timeout;
  const mine = record();
  for (let attempt = 0; ; attempt++) {
    let fd;
    try {
      fd = fs.openSync(lockPath, "wx", 0o644);
    } catch (e) {
      if (e.code === "ENOENT") throw ioError(e, file); // no such folder
      if (e.code !== "EEXIST") throw new CliError(2, `${file}: cannot create its lock ${lockPath} (${why(e)}); a write needs the file's folder to be writable`);
      const lock = readLock(lockPath);
      if (lock && isStale(lock) && breakStale(lockPath, lock)) continue; // progress: try at once
      if (Date.now() >= deadline) throw new CliError(2, lockedMessage(file, lockPath, lock, timeout));
      sleep(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
      continue;
    }
    try {
      fs.writeSync(fd, mine);
    } catch (e) {
      fs.rmSync(lockPath, { force: true }); // not left empty for the next writer to wait on
      throw ioError(e, lockPath);
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

/**
 * A file about the file `st` describes, shared by all its names: `memento-<dev>-<inode>.<ext>`
 * in /tmp (fixed, not $TMPDIR, so that processes with different environments find it; the
 * system's temp folder where there is no /tmp).
 */
function inodeFile(st, ext) {
  const dir = process.platform === "win32" ? os.tmpdir() : "/tmp";
  return path.join(dir, `memento-${st.dev}-${st.ino}.${ext}`);
}

/**
 * Runs `fn` holding `file`'s lock (`file.lock`; `file` is the real path, links resolved).
 * While the file has several hard links, also the lock of its inode, shared by all its names
 * (docs/writes.md, "Links").
 */
function withLock(file, fn) {
  return holding(file, `${file}.lock`, () => {
    let st = null;
    try {
      st = fs.statSync(file);
    } catch {
      // a new file: one name
    }
    if (!st || !st.isFile() || st.nlink < 2) return fn();
    return holding(file, inodeFile(st, "lock"), fn);
  });
}

module.exports = { withLock, inodeFile };
