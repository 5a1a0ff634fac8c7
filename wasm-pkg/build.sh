#!/usr/bin/env bash
# Builds the npm package memento-wasm into wasm-pkg/pkg/: node/ (CommonJS, for Node) and
# bundler/ (ES module, for Vite/webpack), both from one wasm built with the `npm-release`
# profile (Cargo.toml: small, its hot crate fast), then shrunk with npm's wasm-opt (binaryen
# 132; never Debian's, see README.md).
# Needs the tools of scripts/setup.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export PATH="$root/node_modules/.bin:$PATH"

target_dir=${CARGO_TARGET_DIR:-$root/target}
wasm="$target_dir/wasm32-unknown-unknown/npm-release/memento_wasm.wasm"
out=wasm-pkg/pkg

. scripts/release-wasm.env
cargo build -p memento-wasm --target wasm32-unknown-unknown --profile npm-release

rm -rf "$out"
wasm-bindgen --target nodejs --out-dir "$out/node" "$wasm"
wasm-bindgen --target bundler --out-dir "$out/bundler" "$wasm"
# Both targets get the same .wasm: shrink it once. The flags beyond -Oz are safe for this
# module: it owns its memory (zero at start, nothing of Rust's below address 1024, where its
# data begins at 1 MiB), and the producers and target-features sections are for linkers only.
# bench/wasm.mjs shrinks its pulldown-cmark yardstick with the same flags.
wasm-opt $(cat wasm-pkg/wasm-opt.flags) "$out/node/memento_wasm_bg.wasm" -o "$out/node/memento_wasm_bg.wasm"
cp "$out/node/memento_wasm_bg.wasm" "$out/bundler/memento_wasm_bg.wasm"
echo '{ "type": "commonjs" }' > "$out/node/package.json"
echo '{ "type": "module" }' > "$out/bundler/package.json"

# MementoError lives in js/error.js (an ES module, imported by the wasm glue). The Node build
# requires it, so its copy there becomes CommonJS; both entry points export the class.
snippet=$(cd "$out/node" && find snippets -name error.js)
sed -e 's/^export class MementoError/class MementoError/' wasm-pkg/js/error.js > "$out/node/$snippet.tmp"
echo 'module.exports = { MementoError };' >> "$out/node/$snippet.tmp"
mv "$out/node/$snippet.tmp" "$out/node/$snippet"
echo 'exports.MementoError = MementoError;' >> "$out/node/memento_wasm.js"
# The memory tool backend works on files: Node only (cli/memory-tool.cjs), declared in the
# Node build's types alone.
echo 'exports.memoryToolHandler = require("../../cli/memory-tool.cjs").memoryToolHandler;' >> "$out/node/memento_wasm.js"
cat wasm-pkg/js/memory-tool.d.ts >> "$out/node/memento_wasm.d.ts"
# The glue's own throws (a method called after free(), …) are misuse too: MementoError.
for glue in "$out/node/memento_wasm.js" "$out/bundler/memento_wasm_bg.js"; do
  grep -q 'throw new Error(getStringFromWasm0(arg0, arg1));' "$glue" || { echo "build.sh: no __wbindgen_throw in $glue (wasm-bindgen changed?)" >&2; exit 1; }
  sed -i 's/throw new Error(getStringFromWasm0(arg0, arg1));/throw MementoError.fromGlue(getStringFromWasm0(arg0, arg1));/' "$glue"
done
echo "export { MementoError } from \"./$snippet\";" >> "$out/bundler/memento_wasm.js"
# `[Symbol.dispose]` needs TypeScript's esnext.disposable lib, which a default tsconfig lacks:
# the declarations leave it out (the method is there at run time; `free()` is declared).
for dir in node bundler; do
  sed -i '/\[Symbol.dispose\]()/d' "$out/$dir/memento_wasm.d.ts"
done

raw=$(wc -c < "$out/node/memento_wasm_bg.wasm")
gz=$(gzip -9 -c "$out/node/memento_wasm_bg.wasm" | wc -c)
echo "memento-wasm: $out/{node,bundler} built; wasm $raw bytes ($gz gzipped)"
