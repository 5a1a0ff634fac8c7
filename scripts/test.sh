#!/usr/bin/env bash
# The one test command: installs missing tools, then runs every test.
#   1. native Rust tests of the core and the binding
#   2. the npm package (wasm-pkg/build.sh): its API tests, then the packed tarball installed in
#      a fresh project (import, require, tsc, a Vite build in Chromium, the CLI, concurrency)
#   3. the dashboard (trunk build --release), its size budget, and its end-to-end test in
#      headless Chromium
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

scripts/setup.sh
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

start=$SECONDS
step() { printf '\n==> test: %s (at %ds)\n' "$*" $((SECONDS - start)); }

step "native tests"
cargo test -p memento-core -p memento-edit -p memento-wasm

step "npm package: build"
wasm-pkg/build.sh

step "npm package: API tests"
node --test wasm-pkg/test/*.test.cjs wasm-pkg/test/*.test.mjs

step "npm package: the binding's conversions, from Rust in wasm (wasm-bindgen-test-runner, Node)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p memento-wasm --target wasm32-unknown-unknown --test boundary

step "npm package: the packed tarball, installed as a user would (ESM, CJS, tsc, Vite + Chromium, CLI)"
node tests/npm/project.mjs
node --test tests/npm/*.test.mjs

step "dashboard: build"
. scripts/release-wasm.env
cargo fetch --target wasm32-unknown-unknown # trunk builds offline; std's own dependencies too
trunk build --release

step "dashboard: size budget (wasm + JS gzipped, at most 400,000 bytes)"
scripts/dashboard-size.sh dist

step "dashboard: end-to-end in headless Chromium"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.2
done
MEMENTO_URL="http://127.0.0.1:$port/" node --test tests/e2e/*.test.mjs

step "all tests passed"
