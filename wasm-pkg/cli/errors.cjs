// The errors that end a `memento` command: the exit code and the one line for stderr.
"use strict";

/** An error that ends the command: its message is the one line on stderr. */
class CliError extends Error {
  constructor(exitCode, message) {
    super(message);
    this.exitCode = exitCode;
  }
}

const WHY = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a directory",
  ENOTDIR: "not a directory",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "file name too long",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large (over the file-size limit, ulimit -f)",
  EROFS: "read-only file system",
  EIO: "input/output error",
};

/** What a system error (`e.code`) means, in words. */
function why(e) {
  return WHY[e.code] ?? e.message;
}

/** A system error about `name`, as an exit-2 CliError (a CliError passes through). */
function ioError(e, name) {
  if (e instanceof CliError) return e;
  return new CliError(2, `${name}: ${why(e)}`);
}

module.exports = { CliError, ioError, why };
