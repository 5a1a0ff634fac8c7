// The CLI's read and write path under hostile conditions (issue 11; design in docs/writes.md):
// short writes, links, modes, files that are not regular, another program writing at the same
// time, killed writers, stale locks, bad options and bad input. Each test runs the installed
// bin in a fresh folder. As root (CI containers), permission tests run the bin as `nobody`,
// since root may write anything.
import test from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync, chmodSync, chownSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync,
  readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync,
} from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { bin, fails, project, requireProject, run } from "./project.mjs";

requireProject();

const ROOT = process.getuid() === 0;
const NOBODY = 65534;
const KEY = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";

const SEED = `# Session Memory — task_reliability
## Decisions Made
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services
## Progress Markers
- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)
## Key Discoveries
- Order schema has an undocumented \`legacy_id\` field
## Next Session Start
Begin with orders/batch_3/ file 095.
`;

function folder() {
  mkdirSync(join(project, "reliability"), { recursive: true });
  const dir = mkdtempSync(join(project, "reliability", "t-"));
  chmodSync(dir, 0o755);
  return dir;
}

function seedIn(dir, name = "session_memory.md", text = SEED) {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** Runs the bin; a command that hangs is killed after `timeout` ms (status null). */
function memento(args, { cwd = project, env = {}, timeout = 20_000, ...rest } = {}) {
  return run(bin, args, { cwd, env: { ...process.env, ...env }, timeout, ...rest });
}

/** Options running the bin as a user who is not root (itself when not root). */
function asUser() {
  return ROOT ? { uid: NOBODY, gid: NOBODY } : {};
}

/** Why the tests that run the bin as another user cannot run here, or null. As root they run
 *  it as nobody, who must reach the installed package: a checkout under a private folder
 *  (`mktemp -d` makes it 0700) is out of nobody's reach, and that is the machine's layout,
 *  not a failure of the CLI. */
const otherUserCannotRun = (() => {
  if (!ROOT) return null;
  const r = spawnSync(bin, ["--help"], { uid: NOBODY, gid: NOBODY, cwd: "/" });
  return r.error?.code === "EACCES" ? `user nobody cannot reach ${bin} (a parent folder is private)` : null;
})();

/** Gives `paths` to the user of asUser(). */
function giveToUser(...paths) {
  if (ROOT) for (const p of paths) chownSync(p, NOBODY, NOBODY);
}

/** A pid that ran and exited: a writer that is gone. */
function deadPid() {
  return spawnSync(process.execPath, ["-e", ""]).pid;
}

function temps(dir) {
  return readdirSync(dir).filter((n) => n.endsWith(".tmp"));
}

/** The redo journal of a hard-linked file's in-place write (docs/writes.md, "In place"). */
function journalOf(file) {
  const st = statSync(file);
  return `/tmp/memento-${st.dev}-${st.ino}.redo`;
}

/** A memory file of about `mb` MB in few entries (10 KB each): slow to write, quick to edit. */
function bigSeed(dir, mb) {
  const line = `- 2026-04-22T07:12Z — ${"x".repeat(10_000)}`;
  const lines = Array.from({ length: mb * 100 }, (_, i) => `${line} ${i}`).join("\n");
  return seedIn(dir, "session_memory.md", SEED.replace("## Next Session Start", `${lines}\n## Next Session Start`));
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Starts `memento args` and calls `onTemp()` the moment its temp file appears in `dir`
 *  (after its edit, while it writes the new text, before its rename). The folder is polled
 *  every 0.1 ms, blocking, so that `onTemp` runs well within the writer's fsync. Resolves to
 *  the exit status. */
async function atTempFile(dir, args, onTemp) {
  const child = spawn(bin, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on("close", (status, signal) => resolve({ status, signal, stderr })));
  const deadline = Date.now() + 90_000;
  let seen = false;
  while (!seen && Date.now() < deadline) {
    seen = temps(dir).length > 0;
    if (!seen) Atomics.wait(pause, 0, 0, 0.1);
  }
  if (seen) onTemp(child);
  assert.ok(seen, "the writer's temp file was seen");
  return exited;
}

// Data loss

test("a short write (ulimit -f) fails with exit 2 and leaves the file as it was", () => {
  const dir = folder();
  const file = bigSeed(dir, 1);
  const before = readFileSync(file);
  // 512 KiB allowed: the 1 MB temp file is cut short.
  const r = run("bash", ["-c", 'ulimit -f 512; exec "$0" checkpoint "$1" "one more"', bin, file], { cwd: dir });
  fails(r, 2, /file too large|short write/);
  assert.deepEqual(readFileSync(file), before);
  assert.deepEqual(temps(dir), []);
});

test("symlinks: a write goes to the real file and the link stays; one lock for both names; init through a dangling link", () => {
  const dir = folder();
  mkdirSync(join(dir, "real"));
  const file = seedIn(join(dir, "real"));
  symlinkSync("real/session_memory.md", join(dir, "link.md"));
  let r = memento(["checkpoint", "link.md", "--discovery", "written through the link"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(lstatSync(join(dir, "link.md")).isSymbolicLink());
  assert.match(readFileSync(file, "utf8"), /— written through the link\n/);
  // A writer holding the real file's lock blocks a writer using the link.
  writeFileSync(`${file}.lock`, `${process.pid} ${hostname()} ${Date.now()}\n`);
  r = memento(["checkpoint", "link.md", "--discovery", "blocked"], { cwd: dir, env: { MEMENTO_LOCK_TIMEOUT_MS: "300" } });
  fails(r, 2, /locked by process/);
  assert.doesNotMatch(readFileSync(file, "utf8"), /blocked/);
  // init on a dangling link creates the file the link names.
  symlinkSync("notes/new.md", join(dir, "dangling.md"));
  mkdirSync(join(dir, "notes"));
  r = memento(["init", "dangling.md", "--task", "t2"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readlinkSync(join(dir, "dangling.md")), "notes/new.md");
  assert.match(readFileSync(join(dir, "notes/new.md"), "utf8"), /^# Session Memory — t2\n/);
});

test("hard links: every name keeps seeing the file, and writers through two names lock each other out", { timeout: 120_000 }, async () => {
  const dir = folder();
  const file = seedIn(dir);
  const other = join(dir, "other.md");
  linkSync(file, other);
  const r = memento(["checkpoint", other, "--discovery", "through the other name"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(statSync(file).ino, statSync(other).ino);
  assert.equal(statSync(file).nlink, 2);
  assert.match(readFileSync(file, "utf8"), /— through the other name\n/);
  // The file's lock is shared by its names, whatever $TMPDIR each writer has (a hook and a
  // shell may differ): a writer holding it through one name blocks the other name.
  const { dev, ino } = statSync(file);
  const inodeLock = `/tmp/memento-${dev}-${ino}.lock`;
  writeFileSync(inodeLock, `${process.pid} ${hostname()} ${Date.now()}\n`);
  try {
    const env = { MEMENTO_LOCK_TIMEOUT_MS: "300", TMPDIR: mkdtempSync(join(dir, "tmp-")) };
    fails(memento(["checkpoint", other, "--discovery", "blocked"], { cwd: dir, env }), 2, /locked by process/);
  } finally {
    rmSync(inodeLock, { force: true });
  }
  // Two writers, one per name, 15 checkpoints each: none lost.
  const writer = (name, w) =>
    new Promise((resolve) => {
      const script = `
        const { spawnSync } = require("node:child_process");
        for (let i = 0; i < 15; i++) {
          const r = spawnSync(${JSON.stringify(bin)}, ["checkpoint", ${JSON.stringify(name)}, "--discovery", "writer ${w} note " + i], { encoding: "utf8" });
          if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
        }`;
      const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit"] });
      child.on("close", resolve);
    });
  assert.deepEqual(await Promise.all([writer(file, 0), writer(other, 1)]), [0, 0]);
  const text = readFileSync(other, "utf8");
  for (const w of [0, 1]) for (let i = 0; i < 15; i++) assert.match(text, new RegExp(`— writer ${w} note ${i}\\n`));
});

test("a change made by another program during a write is kept: the edit is applied again on the new text", async () => {
  const dir = folder();
  const file = bigSeed(dir, 2);
  const appended = "- 2026-04-22T08:00Z — appended by another program while memento wrote\n";
  const r = await atTempFile(dir, ["checkpoint", file, "--discovery", "memento's own note"], () => appendFileSync(file, appended));
  assert.equal(r.status, 0, r.stderr);
  const text = readFileSync(file, "utf8");
  assert.ok(text.includes(appended), "the other program's append survived");
  assert.match(text, /— memento's own note\n/);
  assert.deepEqual(temps(dir), []);
});

test("an editor's save (a new file renamed over it) during a write is kept too", async () => {
  const dir = folder();
  const file = bigSeed(dir, 2);
  const saved = "- 2026-04-22T08:00Z — saved by an editor while memento wrote\n";
  writeFileSync(`${file}.swp`, `${readFileSync(file, "utf8")}${saved}`); // the editor's copy
  let during = false;
  const r = await atTempFile(dir, ["checkpoint", file, "--discovery", "memento's own note"], () => {
    renameSync(`${file}.swp`, file);
    // Still writing: memento has not renamed yet. (On a loaded machine the save can come after
    // memento's rename; the editor then replaces memento's file, as any later save would.)
    during = temps(dir).length > 0;
  });
  assert.equal(r.status, 0, r.stderr);
  const text = readFileSync(file, "utf8");
  assert.ok(text.includes(saved), "the editor's save survived");
  if (during) assert.match(text, /— memento's own note\n/);
});

test("a file that keeps changing: memento gives up with exit 2 and writes nothing", { timeout: 120_000 }, async () => {
  const dir = folder();
  const file = bigSeed(dir, 2);
  // Another program appending every millisecond, until stopped.
  const appender = spawn(process.execPath, ["-e", `
    const fs = require("node:fs");
    let stop = false;
    process.on("SIGTERM", () => (stop = true));
    let i = 0;
    const tick = () => {
      if (stop) return;
      fs.appendFileSync(process.argv[1], "- 2026-04-22T08:00Z — change " + i++ + "\\n");
      setTimeout(tick, 1);
    };
    tick();`, file], { stdio: "ignore" });
  const stopped = new Promise((resolve) => appender.on("close", resolve));
  const r = await new Promise((resolve) => {
    const child = spawn(bin, ["checkpoint", file, "--discovery", "memento's own note"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stderr }));
  });
  appender.kill("SIGTERM");
  await stopped;
  fails(r, 2, /changed by another program during each of 5 attempts to write it; nothing written/);
  const text = readFileSync(file, "utf8");
  assert.doesNotMatch(text, /memento's own note/);
  const changes = text.match(/— change \d+\n/g).map((l) => Number(l.match(/\d+/)[0]));
  assert.deepEqual(changes, changes.map((_, i) => i), "every change of the other program is there");
});

test("kill -9 during the in-place write of a hard-linked file: the next writer finds it whole", { timeout: 120_000 }, async () => {
  const dir = folder();
  const file = bigSeed(dir, 2);
  const other = join(dir, "other.md");
  linkSync(file, other);
  const journal = journalOf(file);
  const big = readFileSync(file, "utf8").match(/^- 2026-04-22T07:12Z — x+ \d+$/gm);
  for (let k = 0; k < 6; k++) {
    const child = spawn(bin, ["checkpoint", file, "--discovery", `killed ${k}`], { stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("close", (status, signal) => resolve(signal)));
    // Kill it while it writes its journal (once the journal exists, a little later each
    // round), or as soon as it starts overwriting the file (its mtime moves).
    const deadline = Date.now() + 30_000;
    const mtime = statSync(file).mtimeMs;
    while (!existsSync(journal) && Date.now() < deadline);
    if (k % 2 === 0) for (const until = Date.now() + k * 2; Date.now() < until; );
    else while (statSync(file).mtimeMs === mtime && Date.now() < deadline);
    child.kill("SIGKILL");
    await exited;
    const r = memento(["checkpoint", other, "--discovery", `after ${k}`], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(file, "utf8");
    assert.deepEqual(text.match(/^- 2026-04-22T07:12Z — x+ \d+$/gm), big, `round ${k}: every line of the file is whole`);
    assert.match(text, new RegExp(`— after ${k}\\n## Next Session Start\\nBegin with`));
    assert.ok(!existsSync(journal));
    assert.equal(statSync(file).nlink, 2);
  }
});

test("a hard-linked file torn by a killed in-place write is restored from its journal", () => {
  const dir = folder();
  const file = seedIn(dir);
  linkSync(file, join(dir, "other.md"));
  // What a writer killed while overwriting the file in place leaves (docs/writes.md, "In
  // place"): the file cut short, and a complete journal of the text it was writing.
  const intended = SEED.replace("## Next Session Start", "- 2026-04-22T08:00Z — the killed writer's note\n## Next Session Start");
  const bytes = Buffer.from(intended);
  const journal = journalOf(file);
  const header = `memento-redo 2 ${statSync(file).birthtimeMs} ${bytes.length} ${createHash("sha256").update(bytes).digest("hex")}\n`;
  writeFileSync(journal, Buffer.concat([Buffer.from(header), bytes]));
  writeFileSync(file, bytes.subarray(0, 100));
  const r = memento(["checkpoint", file, "--discovery", "the next writer's note"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  const text = readFileSync(join(dir, "other.md"), "utf8");
  assert.match(text, /— the killed writer's note\n- \S+ — the next writer's note\n## Next Session Start/);
  assert.ok(!existsSync(journal));
  // A journal cut short (its writer killed before touching the file) is dropped.
  writeFileSync(journal, `memento-redo 2 ${statSync(file).birthtimeMs} 99999 ${"0".repeat(64)}\n# partial`);
  const before = readFileSync(file, "utf8");
  assert.equal(memento(["checkpoint", file, "--discovery", "after a partial journal"], { cwd: dir }).status, 0);
  assert.ok(readFileSync(file, "utf8").startsWith(before.slice(0, before.indexOf("## Next Session Start"))));
  assert.ok(!existsSync(journal));
});

test("complete --archive: a failed archive leaves the memory file as it was; archives are never overwritten", () => {
  const dir = folder();
  const file = seedIn(dir);
  const before = readFileSync(file);
  writeFileSync(join(dir, "outputs"), "a file, not a folder");
  fails(memento(["complete", file, "--archive", "outputs"], { cwd: dir }), 2, /outputs/);
  assert.deepEqual(readFileSync(file), before, "not marked complete");
  // The retry (with a folder) works: nothing was half done.
  let r = memento(["complete", file, "--archive", "archive"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(file, "utf8"), /## TASK COMPLETE/);
  // task/1 and task:1 reduce to one name: the second gets its own.
  const names = [];
  for (const task of ["task/1", "task:1"]) {
    const f = join(dir, `${names.length}.md`);
    assert.equal(memento(["init", f, "--task", task], { cwd: dir }).status, 0);
    r = memento(["complete", f, "--archive", "archive"], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    names.push(join(dir, r.stdout.match(/archived as (.*)\n/)[1]));
  }
  assert.notEqual(names[0], names[1]);
  assert.match(readFileSync(names[0], "utf8"), /^# Session Memory — task\/1\n/);
  assert.match(readFileSync(names[1], "utf8"), /^# Session Memory — task:1\n/);
  // A 300-character task id: a name the file system takes.
  const long = join(dir, "long.md");
  assert.equal(memento(["init", long, "--task", "t".repeat(300)], { cwd: dir }).status, 0);
  r = memento(["complete", long, "--archive", "archive"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(existsSync(join(dir, r.stdout.match(/archived as (.*)\n/)[1])));
});

test("complete --archive: a secret in the task id is masked in the archive's name and the output", () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  assert.equal(memento(["init", file, "--task", `deploy with ${KEY}`], { cwd: dir }).status, 0);
  const r = memento(["complete", file, "--archive", "archive"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(!r.stdout.includes(KEY.slice(8)) && !r.stderr.includes(KEY.slice(8)), r.stdout);
  const [name] = readdirSync(join(dir, "archive"));
  assert.ok(!name.includes(KEY.slice(8)), name);
  assert.match(name, /redacted/);
});

test("paths that are not regular files are refused, for reads and writes, without hanging", async () => {
  const dir = folder();
  // A device is never replaced (as root, the CLI once replaced /dev/null with a file). Through
  // a link, so that a CLI with that bug replaces only the link, never the machine's /dev/null.
  symlinkSync("/dev/null", join(dir, "null.md"));
  fails(memento(["checkpoint", "null.md", "x"], { cwd: dir }), 2, /character device, not a regular file/);
  assert.ok(lstatSync(join(dir, "null.md")).isSymbolicLink());
  assert.ok(statSync("/dev/null").isCharacterDevice());
  fails(memento(["check", "/dev/zero"], { cwd: dir }), 2, /not a regular file/);
  const fifo = join(dir, "fifo.md");
  assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
  for (const args of [["check", fifo], ["plan", fifo], ["checkpoint", fifo, "x"], ["init", fifo, "--task", "t", "--force"]]) {
    fails(memento(args, { cwd: dir, timeout: 10_000 }), 2, /FIFO, not a regular file/);
  }
  assert.ok(lstatSync(fifo).isFIFO());
  const socket = join(dir, "socket.md");
  const server = createServer().listen(socket);
  await new Promise((r) => server.on("listening", r));
  try {
    const r = await new Promise((resolve) => {
      const child = spawn(bin, ["checkpoint", socket, "x"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (status) => resolve({ status, stderr }));
    });
    fails(r, 2, /socket, not a regular file/);
    assert.ok(lstatSync(socket).isSocket());
  } finally {
    server.close();
  }
});

test("mode and owner are kept; a read-only file or one this user may not write is refused", { skip: otherUserCannotRun ?? false }, () => {
  const dir = folder();
  const file = seedIn(dir);
  chmodSync(file, 0o664);
  let r = run("bash", ["-c", 'umask 022; exec "$0" checkpoint "$1" "mode kept"', bin, file], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(statSync(file).mode & 0o777, 0o664);
  if (ROOT) {
    // A root hook writing a user's file: the file stays the user's.
    chownSync(file, NOBODY, NOBODY);
    assert.equal(memento(["checkpoint", file, "owner kept"], { cwd: dir }).status, 0);
    assert.equal(statSync(file).uid, NOBODY);
    assert.equal(statSync(file).gid, NOBODY);
  }
  chmodSync(file, 0o444);
  let before = readFileSync(file);
  fails(memento(["checkpoint", file, "read-only"], { cwd: dir }), 2, /read-only \(mode 0444\)/);
  assert.deepEqual(readFileSync(file), before);
  assert.equal(statSync(file).mode & 0o777, 0o444);
  // Writable by its owner only, run by someone else.
  const theirs = seedIn(dir, "theirs.md");
  chmodSync(theirs, 0o644);
  giveToUser(dir);
  if (!ROOT) return; // a user cannot make a file that is not theirs
  before = readFileSync(theirs);
  fails(memento(["checkpoint", theirs, "not mine"], { cwd: dir, ...asUser() }), 2, /not writable by this user/);
  assert.deepEqual(readFileSync(theirs), before);
});

test("a temp file left by a killed writer is removed by the next write", async () => {
  const dir = folder();
  const file = bigSeed(dir, 2);
  const r = await atTempFile(dir, ["checkpoint", file, "--discovery", "killed"], (child) => child.kill("SIGKILL"));
  assert.equal(r.signal, "SIGKILL");
  assert.equal(temps(dir).length, 1, "the killed writer left its temp file");
  assert.ok(existsSync(`${file}.lock`), "and its lock, which names a dead process");
  const after = memento(["checkpoint", file, "--discovery", "after the kill"], { cwd: dir });
  assert.equal(after.status, 0, after.stderr);
  assert.deepEqual(temps(dir), []);
});

// Hangs

test("a stale lock in a folder this user cannot write: exit 2 at once, saying so", { skip: otherUserCannotRun ?? false }, () => {
  const dir = folder();
  const file = seedIn(dir);
  writeFileSync(`${file}.lock`, `${deadPid()} ${hostname()} ${Date.now()}\n`);
  if (!ROOT) chmodSync(dir, 0o555);
  const start = Date.now();
  const r = memento(["checkpoint", file, "x"], { cwd: dir, timeout: 10_000, ...asUser() });
  if (!ROOT) chmodSync(dir, 0o755);
  fails(r, 2, /stale lock .*cannot be removed \(permission denied\); remove it by hand/);
  assert.ok(Date.now() - start < 5000);
});

test("a folder this user cannot write, a loop of links: refused with a message that says why", { skip: otherUserCannotRun ?? false }, () => {
  const dir = folder();
  const file = seedIn(dir);
  const before = readFileSync(file);
  if (!ROOT) chmodSync(dir, 0o555);
  const r = memento(["checkpoint", file, "x"], { cwd: dir, ...asUser() });
  if (!ROOT) chmodSync(dir, 0o755);
  fails(r, 2, /cannot create its lock .*\(permission denied\); a write needs the file's folder to be writable/);
  assert.deepEqual(readFileSync(file), before);
  symlinkSync("loop-b.md", join(dir, "loop-a.md"));
  symlinkSync("loop-a.md", join(dir, "loop-b.md"));
  fails(memento(["checkpoint", "loop-a.md", "x"], { cwd: dir }), 2, /loop-a\.md: too many levels of symbolic links/);
  fails(memento(["check", "loop-a.md"], { cwd: dir }), 2, /loop-a\.md: too many levels of symbolic links/);
});

test("MEMENTO_LOCK_TIMEOUT_MS that is not a number is an error, not an endless wait", () => {
  const dir = folder();
  const file = seedIn(dir);
  writeFileSync(`${file}.lock`, `${process.pid} ${hostname()} ${Date.now()}\n`);
  const r = memento(["checkpoint", file, "x"], { cwd: dir, env: { MEMENTO_LOCK_TIMEOUT_MS: "2s" }, timeout: 10_000 });
  fails(r, 2, /MEMENTO_LOCK_TIMEOUT_MS must be a whole number of milliseconds.*"2s"/);
});

test("a leftover .lock.break does not hold a writer past its timeout", () => {
  const dir = folder();
  const file = seedIn(dir);
  writeFileSync(`${file}.lock`, `${deadPid()} ${hostname()} ${Date.now()}\n`);
  writeFileSync(`${file}.lock.break`, "");
  const start = Date.now();
  const r = memento(["checkpoint", file, "x"], { cwd: dir, env: { MEMENTO_LOCK_TIMEOUT_MS: "300" }, timeout: 20_000 });
  const took = Date.now() - start;
  fails(r, 2, /stale .*being removed by another writer/);
  assert.ok(took < 3000, `${took} ms`);
  // A breaker whose process is gone is removed at once: the stale lock is then broken.
  writeFileSync(`${file}.lock.break`, `${deadPid()} ${hostname()} ${Date.now()}\n`);
  assert.equal(memento(["checkpoint", file, "x"], { cwd: dir, env: { MEMENTO_LOCK_TIMEOUT_MS: "300" } }).status, 0);
});

test("lock messages: an empty lock says so; a lock from another host names it and what to do", () => {
  const dir = folder();
  const file = seedIn(dir);
  writeFileSync(`${file}.lock`, "");
  const env = { MEMENTO_LOCK_TIMEOUT_MS: "200" };
  fails(memento(["checkpoint", file, "x"], { cwd: dir, env }), 2, /\.lock is empty: a writer is creating it, or was killed while creating it/);
  writeFileSync(`${file}.lock`, `4242 build-box-7 ${Date.now()}\n`);
  fails(memento(["checkpoint", file, "x"], { cwd: dir, env }), 2, /locked by process 4242 on host build-box-7 .*if no memento runs on build-box-7 any more, remove .*\.lock$/);
});

// Wrong results and messages

test("hooks claude-code --file: the path is one shell word, never run", () => {
  const dir = folder();
  const evil = "notes $(touch pwned)/session memory.md";
  mkdirSync(join(dir, "notes $(touch pwned)"));
  seedIn(dir, evil);
  const command = JSON.parse(memento(["hooks", "claude-code", "--file", evil], { cwd: dir }).stdout).hooks.SessionStart[0].hooks[0].command;
  const hook = run("bash", ["-c", command], { cwd: dir, env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
  assert.equal(hook.status, 0, hook.stderr);
  assert.ok(!existsSync(join(dir, "pwned")), "the path ran as a command");
  assert.match(hook.stdout, /Begin with orders\/batch_3\/ file 095/);
});

test("protocol --file: a path with spaces is quoted in every command", () => {
  const r = memento(["protocol", "--file", "my notes/session memory.md"]);
  assert.equal(r.status, 0, r.stderr);
  const commands = r.stdout.match(/`npx --no-install memento [^`]*`/g);
  assert.ok(commands.length >= 5);
  for (const c of commands) assert.ok(c.includes("'my notes/session memory.md'"), c);
});

test("--at, --now and --budget: out-of-range values are refused with a message that says why", () => {
  const dir = folder();
  const file = seedIn(dir);
  const before = readFileSync(file);
  fails(memento(["checkpoint", file, "x", "--at", "1"], { cwd: dir }), 2, /--at must be an ISO 8601 timestamp .*got "1"/);
  fails(memento(["checkpoint", file, "x", "--at", "2026-02-30T10:00Z"], { cwd: dir }), 2, /2026-02 has 28 days/);
  fails(memento(["complete", file, "--at", "99999-01-01"], { cwd: dir }), 2, /--at must be an ISO 8601 timestamp/);
  fails(memento(["check", file, "--now", "2026-13-01"], { cwd: dir }), 2, /there is no month 13/);
  fails(memento(["prompt", file, "--budget", "99999999999"], { cwd: dir }), 2, /--budget must be a whole number of tokens from 1 to 10000000, got 99999999999/);
  fails(memento(["prompt", file, "--budget", "0"], { cwd: dir }), 2, /--budget must be a whole number of tokens from 1/);
  assert.deepEqual(readFileSync(file), before);
  assert.equal(memento(["checkpoint", file, "x", "--at", "2026-04-22 07:30"], { cwd: dir }).status, 0);
});

test("an unreadable sub-folder is named, not an internal error", { skip: otherUserCannotRun ?? false }, () => {
  const dir = folder();
  seedIn(dir);
  mkdirSync(join(dir, "private"));
  seedIn(join(dir, "private"), "notes.md");
  chmodSync(join(dir, "private"), 0o000);
  try {
    fails(memento(["check", dir], { cwd: dir, ...asUser() }), 2, /private: permission denied/);
  } finally {
    chmodSync(join(dir, "private"), 0o755);
  }
});

test("invalid UTF-8 is reported at its first bad byte (never offset -1)", () => {
  const dir = folder();
  const file = join(dir, "bad.md");
  writeFileSync(file, Buffer.concat([Buffer.from("# Notes\nok "), Buffer.from([0xf5, 0x80, 0x80, 0x80]), Buffer.from(" end\n")]));
  fails(memento(["check", file], { cwd: dir }), 2, /not valid UTF-8 \(first bad byte at offset 11\)/);
});

test("a file over the input cap is 'too large', refused before it is read", () => {
  const dir = folder();
  const file = join(dir, "huge.md");
  writeFileSync(file, "");
  truncateSync(file, 600 * 1024 * 1024); // sparse: no disk used
  const start = Date.now();
  fails(memento(["check", file], { cwd: dir }), 2, /huge\.md: too large \(600 MiB; memory files are read up to 128 MiB\)/);
  fails(memento(["checkpoint", file, "x"], { cwd: dir }), 2, /too large/);
  assert.ok(Date.now() - start < 10_000);
});

test("UTF-16 text is named as UTF-16, with the way to convert it", () => {
  const dir = folder();
  const le = join(dir, "le.md");
  writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SEED, "utf16le")]));
  fails(memento(["check", le], { cwd: dir }), 2, /UTF-16LE text; memory files are UTF-8 \(convert it: iconv/);
  const bare = join(dir, "bare.md");
  writeFileSync(bare, Buffer.from(SEED, "utf16le"));
  fails(memento(["plan", bare], { cwd: dir }), 2, /UTF-16LE text/);
});

test("share: a link over the 2 MiB browsers open is refused, not printed", () => {
  const dir = folder();
  // Random hex does not compress below half: about 2.7 MB of link.
  let hex = "";
  for (let i = 0; i < 30_000; i++) hex += `- ${randomBytes(64).toString("hex")}\n`;
  const file = seedIn(dir, "big.md", `${SEED}${hex}`);
  const r = memento(["share", file], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  fails(r, 2, /share link would be \d+\.\d MiB, over the 2\.0 MiB browsers open/);
  assert.equal(r.stdout, "");
  assert.equal(memento(["share", seedIn(dir)], { cwd: dir }).status, 0);
});
