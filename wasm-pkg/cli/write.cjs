// Writing memory files (docs/writes.md, "Writing"): links followed to the real file, every
// byte written and checked before the file is replaced, mode and owner kept, a change made
// by another program meanwhile detected, a killed writer's leftovers cleaned up.
"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { CliError, ioError } = require("./errors.cjs");
const { inodeFile } = require("./lock.cjs");
const { changedSince, requireRegular } = require("./read.cjs");

/**
 * The file a write to `file` changes: symbolic links followed hop by hop to their final
 * target, which may not exist yet (`init` on a dangling link creates the file it names), so
 * the link stays a link (docs/writes.md, "Links").
 */
function resolveTarget(file) {
  let p = path.resolve(file);
  try {
    for (let hops = 0; hops < 40; hops++) {
      let st;
      try {
        st = fs.lstatSync(p);
      } catch (e) {
        if (e.code !== "ENOENT") throw e;
        try {
          return path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
        } catch {
          return p; // its folder does not exist yet either
        }
      }
      if (!st.isSymbolicLink()) return path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
      p = path.resolve(path.dirname(p), fs.readlinkSync(p));
    }
  } catch (e) {
    throw ioError(e, file);
  }
  throw new CliError(2, `${file}: too many levels of symbolic links`);
}

/** Refuses to replace what is not a regular file, or a file that may not be written: no
 *  write bit in its mode (even for root, who could), or not writable by this user. */
function requireWritable(file, st) {
  requireRegular(st, file);
  const mode = Number(st.mode) & 0o7777;
  const octal = mode.toString(8).padStart(4, "0");
  if ((mode & 0o222) === 0) throw new CliError(2, `${file}: read-only (mode ${octal}); memento does not replace a file nobody may write`);
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch {
    throw new CliError(2, `${file}: not writable by this user (mode ${octal}, owner uid ${st.uid})`);
  }
}

function statOrNull(file) {
  try {
    return fs.statSync(file);
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw ioError(e, file);
  }
}

/** Writes every byte of `bytes` to `fd` from `position` (write(2) may write fewer than asked:
 *  a full disk, a file-size limit), then checks the size the file has. */
function writeAll(fd, bytes, name, position = 0) {
  for (let done = 0; done < bytes.length; ) {
    const n = fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
    if (n <= 0) throw new CliError(2, `${name}: short write (${done} of ${bytes.length} bytes)`);
    done += n;
  }
  const size = fs.fstatSync(fd).size;
  if (size < position + bytes.length) throw new CliError(2, `${name}: short write (${size - position} of ${bytes.length} bytes on disk)`);
}

function fsyncDir(dir) {
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

const TEMP = /^\.(.+)\.memento-\d+-[a-z0-9]+\.tmp$/;

function tempPath(file) {
  return path.join(path.dirname(file), `.${path.basename(file)}.memento-${process.pid}-${crypto.randomBytes(6).toString("hex")}.tmp`);
}

/** Removes the temp files of `file` left by killed writers. Called under `file`'s lock: a
 *  writer holds it while its temp file exists, so any found now is a dead writer's
 *  (docs/writes.md, "Leaked temp files"). */
function removeLeakedTemps(file) {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (TEMP.exec(name)?.[1] === base) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** `bytes` in a new temp file beside `file`: every byte, checked, fsynced, with `like`'s mode
 *  and (where allowed) owner when given. Returns its path; removes it on failure. */
function writeTemp(file, bytes, like) {
  const tmp = tempPath(file);
  let fd;
  try {
    fd = fs.openSync(tmp, "wx", like ? like.mode & 0o7777 : 0o666);
  } catch (e) {
    throw ioError(e, file);
  }
  try {
    if (like) {
      try {
        fs.fchownSync(fd, like.uid, like.gid); // root, or a group of this user's: keep the owner
      } catch {
        // not allowed: the file becomes this user's, as any editor's save would
      }
      fs.fchmodSync(fd, like.mode & 0o7777); // the umask does not narrow the mode
    }
    writeAll(fd, bytes, file);
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw ioError(e, file);
  }
  fs.closeSync(fd);
  return tmp;
}

// The redo journal of an in-place write (docs/writes.md, "In place"). It belongs to the file,
// not to one of its names: it is found by device and inode (beside the inode's lock), and names the file's birth time so that a file given the inode of a removed
// one never takes its journal.

function journalPath(st) {
  return inodeFile(st, "redo");
}

function journalHeader(st, bytes) {
  return `memento-redo 2 ${st.birthtimeMs} ${bytes.length} ${crypto.createHash("sha256").update(bytes).digest("hex")}\n`;
}

/** Overwrites `file` from offset 0 with `bytes`, keeping its inode (and so its hard links). */
function overwrite(file, bytes) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW);
  } catch (e) {
    throw ioError(e, file);
  }
  try {
    writeAll(fd, bytes, file);
    fs.ftruncateSync(fd, bytes.length);
    fs.fsyncSync(fd);
  } catch (e) {
    throw ioError(e, file);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Finishes or drops the in-place write of a killed writer: a complete journal (its length and
 * hash match) is replayed, an incomplete one (the file was not touched yet) removed. Called
 * under `file`'s lock before it is read.
 */
function recoverJournal(file) {
  const st = statOrNull(file);
  if (!st || !st.isFile()) return;
  const journal = journalPath(st);
  let data;
  try {
    data = fs.readFileSync(journal);
  } catch {
    return;
  }
  const eol = data.indexOf(0x0a);
  const bytes = data.subarray(eol + 1);
  if (eol !== -1 && data.subarray(0, eol + 1).toString("latin1") === journalHeader(st, bytes)) overwrite(file, bytes);
  fs.rmSync(journal, { force: true });
}

/**
 * Replaces `file` (the real path, under its lock) with `text`. `read` is what readForEdit
 * recorded (or null for a file written without reading it): when the file is no longer that,
 * nothing is written and the result is false, so the caller re-applies its edit on the new
 * text. Every failure is a CliError and leaves the file as it was.
 */
function replaceFile(file, text, read = null) {
  const bytes = Buffer.from(text, "utf8");
  const st = statOrNull(file);
  if (st) requireWritable(file, st);
  removeLeakedTemps(file);
  if (st && st.nlink > 1) {
    // Several hard links: in place, behind a redo journal.
    const journal = journalPath(st);
    try {
      const fd = fs.openSync(journal, "w", 0o600);
      try {
        writeAll(fd, Buffer.concat([Buffer.from(journalHeader(st, bytes), "latin1"), bytes]), journal);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch (e) {
      fs.rmSync(journal, { force: true });
      throw ioError(e, journal);
    }
    fsyncDir(path.dirname(journal));
    if (read && changedSince(file, read)) {
      fs.rmSync(journal, { force: true });
      return false;
    }
    overwrite(file, bytes);
    fs.rmSync(journal, { force: true });
    return true;
  }
  const tmp = writeTemp(file, bytes, st);
  if (read && changedSince(file, read)) {
    fs.rmSync(tmp, { force: true });
    return false;
  }
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw ioError(e, file);
  }
  fsyncDir(path.dirname(file));
  return true;
}

/** Creates `file` with `text`, atomically and only if no file has that name (a temp file
 *  linked to the name). Returns false when the name is taken. */
function createFile(file, text) {
  const tmp = writeTemp(file, Buffer.from(text, "utf8"), null);
  try {
    fs.linkSync(tmp, file);
  } catch (e) {
    if (e.code === "EEXIST") return false;
    throw ioError(e, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  fsyncDir(path.dirname(file));
  return true;
}

module.exports = { resolveTarget, recoverJournal, replaceFile, createFile };
