#!/usr/bin/env bash
# Installs whatever building and testing Memento needs and this machine lacks. Idempotent:
# each step is skipped when its tool is already there at the pinned version. Expects a
# Debian machine with rustup, Node 20+ and npm; uses only package registries (crates.io,
# npm, apt), never a binary download. The pins and their reasons are noted at each step.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

WASM_BINDGEN_VERSION=0.2.130 # = the wasm-bindgen crate pin in Cargo.toml
TRUNK_VERSION=0.21.14        # 0.22 needs a newer rustc

say() { printf '==> setup: %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

for tool in cargo rustup node npm python3; do
  command -v "$tool" >/dev/null || { echo "setup: $tool is required but not installed" >&2; exit 2; }
done

rustup target list --installed | grep -qx wasm32-unknown-unknown || {
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
}
# The shipped wasm builds compile the standard library from source (scripts/release-wasm.env).
rustup component list --installed | grep -qx rust-src || {
  say "rustup component add rust-src"
  rustup component add rust-src
}

# Without --locked: the registry lacks one of its locked dependencies (about 6 minutes cold).
{ command -v wasm-bindgen >/dev/null && wasm-bindgen --version | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION"; } || {
  say "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
}

# With --locked: without it 0.21.14 fails to compile (about 12 minutes cold).
{ command -v trunk >/dev/null && trunk --version | grep -qx "trunk $TRUNK_VERSION"; } || {
  say "cargo install trunk $TRUNK_VERSION"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
}

{ [ -x /usr/bin/chromium ] && command -v chromedriver >/dev/null; } || {
  say "apt-get install chromium chromium-driver"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver
}

# JavaScript tools pinned in package-lock.json: binaryen (wasm-opt 132; never Debian's
# binaryen, whose wasm-opt silently breaks the wasm), playwright-core, the markdown parsers
# the benchmarks compare against, typescript and vite. Reinstalled when the lock changes.
stamp=node_modules/.memento-package-lock.json
{ command -v wasm-opt >/dev/null && [ "$(command -v wasm-opt)" = "$root/node_modules/.bin/wasm-opt" ] \
    && cmp -s package-lock.json "$stamp"; } || {
  say "npm ci"
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
}

wasm-opt --version | grep -q "version 132" || {
  echo "setup: the first wasm-opt in PATH is not binaryen 132: $(command -v wasm-opt)" >&2
  exit 2
}
say "tools ready: $(wasm-bindgen --version), $(trunk --version), $(wasm-opt --version | head -1), node $(node --version)"
