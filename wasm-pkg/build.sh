#!/usr/bin/env bash
# Builds the npm package memento-wasm into wasm-pkg/pkg/: node/ (CommonJS, for Node) and
# bundler/ (ES module, for Vite/webpack), both from one wasm built with the `wasm-release`
# profile, then shrunk with npm's wasm-opt (binaryen 132; never Debian's, see TOOLCHAIN.md).
# Needs the tools of scripts/setup.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export PATH="$root/node_modules/.bin:$PATH"

target_dir=${CARGO_TARGET_DIR:-$root/target}
wasm="$target_dir/wasm32-unknown-unknown/wasm-release/memento_wasm.wasm"
out=wasm-pkg/pkg

cargo build -p memento-wasm --target wasm32-unknown-unknown --profile wasm-release

rm -rf "$out"
wasm-bindgen --target nodejs --out-dir "$out/node" "$wasm"
wasm-bindgen --target bundler --out-dir "$out/bundler" "$wasm"
for dir in node bundler; do
  wasm-opt -Oz "$out/$dir/memento_wasm_bg.wasm" -o "$out/$dir/memento_wasm_bg.wasm"
done
echo '{ "type": "commonjs" }' > "$out/node/package.json"
echo '{ "type": "module" }' > "$out/bundler/package.json"

raw=$(wc -c < "$out/node/memento_wasm_bg.wasm")
gz=$(gzip -9 -c "$out/node/memento_wasm_bg.wasm" | wc -c)
echo "memento-wasm: $out/{node,bundler} built; wasm $raw bytes ($gz gzipped)"
