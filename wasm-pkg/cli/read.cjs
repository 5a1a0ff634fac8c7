// Reading memory files: regular files only, at most MAX_INPUT_BYTES, UTF-8 text only
// (docs/writes.md, "Reading"). A read for a write also records what was read, so the write
// can tell whether another program changed the file meanwhile.
"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { CliError, ioError } = require("./errors.cjs");

/** The largest memory file read: far above any real one, below what a string holds. */
const MAX_INPUT_BYTES = 128 * 1024 * 1024;

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function firstInvalidUtf8(buf) {
  for (let i = 0; i < buf.length; ) {
    const b = buf[i];
    if (b < 0x80) { i++; continue; }
    const n = b >= 0xf5 ? 0 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
    if (n === 0 || i + n > buf.length) return i;
    for (let k = 1; k < n; k++) if ((buf[i + k] & 0xc0) !== 0x80) return i;
    const cp = n === 2 ? 0 : n === 3 ? ((b & 0x0f) << 12) | ((buf[i + 1] & 0x3f) << 6) : ((b & 0x07) << 18) | ((buf[i + 1] & 0x3f) << 12);
    if ((n === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n === 4 && (cp < 0x10000 || cp > 0x10ffff))) return i;
    i += n;
  }
  return -1;
}

/** "LE" or "BE" when the bytes look like UTF-16: a byte order mark, or text that is mostly
 *  ASCII with a NUL in (nearly) every other byte at its start and none in between. */
function utf16(buf) {
  if (buf[0] === 0xff && buf[1] === 0xfe) return "LE";
  if (buf[0] === 0xfe && buf[1] === 0xff) return "BE";
  const head = buf.subarray(0, Math.min(buf.length, 512) & ~1);
  if (head.length < 8) return null;
  const zeros = [0, 0];
  head.forEach((b, i) => b === 0 && zeros[i % 2]++);
  const pairs = head.length / 2;
  if (zeros[0] === 0 && zeros[1] >= pairs * 0.75) return "LE";
  if (zeros[1] === 0 && zeros[0] >= pairs * 0.75) return "BE";
  return null;
}

/** Text of a buffer read from `name`: refuses UTF-16, binary (a NUL byte) and invalid UTF-8. */
function decode(buf, name) {
  const wide = utf16(buf);
  if (wide) throw new CliError(2, `${name}: UTF-16${wide} text; memory files are UTF-8 (convert it: iconv -f UTF-16 -t UTF-8)`);
  const nul = buf.indexOf(0);
  if (nul !== -1) throw new CliError(2, `${name}: binary file (NUL byte at offset ${nul}); memory files are UTF-8 text`);
  try {
    return decoder.decode(buf); // a BOM stays in the text: bytes are written back as read
  } catch {
    const at = firstInvalidUtf8(buf);
    throw new CliError(2, `${name}: not valid UTF-8${at === -1 ? "" : ` (first bad byte at offset ${at})`}; memory files are UTF-8 text`);
  }
}

/** What a stat describes, for a message. */
function kindOf(st) {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/** Refuses what is not a regular file (docs/writes.md, "Reading"). */
function requireRegular(st, name) {
  if (st.isFile()) return;
  if (st.isDirectory()) throw new CliError(2, `${name}: is a directory`);
  throw new CliError(2, `${name}: ${kindOf(st)}, not a regular file; memory files are regular files`);
}

/** `size`: the file's size, or null when it grew past the cap while being read. */
function tooLarge(name, size) {
  const mib = (n) => `${Math.ceil(n / 1024 / 1024)} MiB`;
  return new CliError(2, `${name}: too large (${size === null ? `over ${mib(MAX_INPUT_BYTES)}` : mib(size)}; memory files are read up to ${mib(MAX_INPUT_BYTES)})`);
}

/** Every byte of the open regular file `fd` (of `size` bytes when it was opened), up to the cap. */
function readAll(fd, size, name) {
  let buf = Buffer.allocUnsafe(Math.max(size, 64 * 1024));
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      if (length > MAX_INPUT_BYTES) throw tooLarge(name, null); // grew while read
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, MAX_INPUT_BYTES + 1));
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, length, buf.length - length, null);
    if (n === 0) break;
    length += n;
  }
  if (length > MAX_INPUT_BYTES) throw tooLarge(name, null);
  return buf.subarray(0, length);
}

/** The bytes of `file` and its stat (bigint: nanosecond times), refusing what is not a
 *  regular file or is too large. */
function readBytes(file) {
  let fd;
  try {
    // O_NONBLOCK: a FIFO opens at once (and is then refused) instead of waiting for a writer.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY);
  } catch (e) {
    if (e.code === "ENXIO") requireRegular(fs.statSync(file), file); // a socket cannot be opened
    throw ioError(e, file);
  }
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    requireRegular(stat, file);
    if (stat.size > BigInt(MAX_INPUT_BYTES)) throw tooLarge(file, Number(stat.size));
    return { bytes: readAll(fd, Number(stat.size), file), stat };
  } catch (e) {
    throw ioError(e, file);
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of a memory file. */
function readText(file) {
  return decode(readBytes(file).bytes, file);
}

function sha256(bytes) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/**
 * The text of a memory file about to be edited, with what was read: device, inode, size,
 * modification time and hash (docs/writes.md, "Atomic replace", step 1).
 */
function readForEdit(file) {
  const { bytes, stat } = readBytes(file);
  const text = decode(bytes, file);
  return { text, stat, read: { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeNs: stat.mtimeNs, hash: sha256(bytes) } };
}

/** Whether `file` is no longer what `read` (of readForEdit) recorded: changed, replaced or
 *  gone. The stat is taken again after hashing, so that only the few system calls between
 *  this check and the caller's rename are left unwatched. */
function changedSince(file, read) {
  const differs = (s) => s.dev !== read.dev || s.ino !== read.ino || s.size !== read.size || s.mtimeNs !== read.mtimeNs;
  try {
    const now = readBytes(file);
    return differs(now.stat) || sha256(now.bytes) !== read.hash || differs(fs.statSync(file, { bigint: true }));
  } catch {
    return true;
  }
}

const MEMORY_EXTENSIONS = new Set([".md", ".markdown", ".txt", ".json", ".jsonl"]);
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** The memory files of a path: itself, or the regular files under a folder (.md, .txt, .json,
 *  .jsonl). A sub-folder that cannot be read is an error naming it. */
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
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      throw ioError(e, dir);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
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

module.exports = { MAX_INPUT_BYTES, decode, readText, readForEdit, changedSince, requireRegular, memoryFiles };
