// The inputs of the JavaScript benchmarks: bench/gen.py's generated memory files, made once
// into target/bench-inputs/ (where the Rust benches keep theirs too).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The text of `gen.py KIND BYTES`, generated on first use. */
export function input(kind, bytes) {
  const file = join(root, "target/bench-inputs", `${kind}-${bytes}.md`);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, execFileSync("python3", [join(root, "bench/gen.py"), kind, String(bytes)], { maxBuffer: 1 << 30 }));
  }
  return readFileSync(file, "utf8");
}
