#!/usr/bin/env bash
# Serves the dashboard at http://127.0.0.1:8080 with the bundled example loaded
# (core/tests/fixtures/checkpoint-log.md, shown as session_memory.md). Rebuilds on change. Installs missing tools first.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

scripts/setup.sh
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

. scripts/release-wasm.env
cargo fetch --target wasm32-unknown-unknown # trunk builds offline (Trunk.toml); std's own dependencies too
exec trunk serve --release --address 127.0.0.1 --port 8080
