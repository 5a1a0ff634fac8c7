// The npm package's speed budget (bench/README.md): parse+check+plan of a 1 MB memory file through
// memento-wasm, results included, against the floor: pulldown-cmark's bare offset loop
// compiled to wasm at its fastest (bench/pulldown-wasm: opt-level 3, simd128, wasm-opt -O3),
// in one Node process on the same string; beside markdown-it's `parse` and marked's `lexer`.
//
//   node bench/wasm.mjs [ROUNDS] [--linear]      (after wasm-pkg/build.sh; from the repo root)
//
// Inputs come from bench/gen.py (log and notes, 1 MB; 10 MB with --linear). pulldown-wasm is
// built on first use into target/pulldown-wasm/. Prints the median of ROUNDS (21) runs; the
// runners take turns within each round, so a slow stretch of a shared machine hits them all.
//
// Two ways of reading the plan are timed, since results are built only when read:
// - "plan, headline read": plan() and what a session start reads (status, nextAction,
//   resumeFrom, counts);
// - "plan, every field read": the same, then every list as JS objects (toJSON()).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { input } from "./inputs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 21);
const linear = args.includes("--linear");
const env = { ...process.env, PATH: `${join(root, "node_modules/.bin")}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };

function pulldownWasm() {
  const out = join(root, "target/pulldown-wasm/pkg-o3");
  const js = join(out, "pulldown_wasm.js");
  if (!existsSync(js)) {
    const target = join(root, "target/pulldown-wasm");
    const opts = { cwd: join(root, "bench/pulldown-wasm"), env: { ...env, CARGO_TARGET_DIR: target }, stdio: "inherit" };
    execFileSync("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown"], opts);
    execFileSync("wasm-bindgen", ["--target", "nodejs", "--out-dir", out, join(target, "wasm32-unknown-unknown/release/pulldown_wasm.wasm")], opts);
    // The package's own wasm-opt flags (wasm-pkg/build.sh), optimising for speed.
    const flags = readFileSync(join(root, "wasm-pkg/wasm-opt.flags"), "utf8").trim().split(/\s+/).map((f) => (f === "-Oz" ? "-O3" : f));
    execFileSync("wasm-opt", [...flags, join(out, "pulldown_wasm_bg.wasm"), "-o", join(out, "pulldown_wasm_bg.wasm")], opts);
  }
  return require(js);
}

/** Median milliseconds of each runner on `text`: ROUNDS rounds, each runner once a round. */
function medians(runners, text, n) {
  const times = Object.fromEntries(Object.keys(runners).map((name) => [name, []]));
  for (let round = -3; round < n; round++) {
    for (const [name, fn] of Object.entries(runners)) {
      const s = performance.now();
      fn(text);
      if (round >= 0) times[name].push(performance.now() - s);
    }
  }
  const median = (t) => t.sort((a, b) => a - b)[t.length >> 1];
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, median(t)]));
}

const memento = require(join(root, "wasm-pkg/pkg/node/memento_wasm.js"));
const pulldown = pulldownWasm();
const { default: MarkdownIt } = await import("markdown-it");
const { marked } = await import("marked");
const md = new MarkdownIt();
const options = { now: "2026-07-01T00:00Z" };

const runners = {
  "pulldown-cmark bare loop (wasm)": (text) => pulldown.bare(text),
  "memento plan, headline read": (text) => {
    const p = memento.plan(text, options);
    p.status, p.nextAction, p.resumeFrom, p.counts;
    p.free();
  },
  "memento plan, every field read": (text) => {
    const p = memento.plan(text, options);
    p.toJSON();
    p.free();
  },
  "markdown-it parse": (text) => md.parse(text, {}),
  "marked lexer": (text) => marked.lexer(text),
};

const wasm = readFileSync(join(root, "wasm-pkg/pkg/node/memento_wasm_bg.wasm"));
console.log(`memento-wasm .wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped (budget 286720)`);
console.log(`median of ${rounds} rounds, Node ${process.version}\n`);

const results = {};
for (const kind of ["log", "notes"]) {
  const text = input(kind, 1_000_000);
  const r = (results[kind] = medians(runners, text, rounds));
  console.log(`${kind} (${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB)`);
  for (const [name, ms] of Object.entries(r)) console.log(`  ${name.padEnd(34)} ${ms.toFixed(2).padStart(8)} ms`);
  const floor = r["pulldown-cmark bare loop (wasm)"];
  for (const [name, budget] of [["memento plan, headline read", 2], ["memento plan, every field read", 3]]) {
    const ratio = r[name] / floor;
    console.log(`  ${name}: ${ratio.toFixed(2)}× the floor (budget ≤ ${budget}×: ${ratio <= budget ? "met" : "NOT met"}), ${(r["markdown-it parse"] / r[name]).toFixed(1)}× faster than markdown-it, ${(r["marked lexer"] / r[name]).toFixed(1)}× than marked`);
  }
  console.log();
}

if (linear) {
  for (const kind of ["log", "notes"]) {
    const big = input(kind, 10_000_000);
    const ms = medians({ plan: runners["memento plan, headline read"] }, big, 5).plan;
    const ratio = ms / results[kind]["memento plan, headline read"];
    console.log(`${kind} 10 MB: memento plan, headline read ${ms.toFixed(1)} ms = ${ratio.toFixed(1)}× the 1 MB time (budget ≤ 12×)`);
  }
}
