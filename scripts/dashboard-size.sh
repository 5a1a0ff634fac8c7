#!/usr/bin/env bash
# The dashboard's size budget (issue 14; README.md, "Benchmarks"): its wasm and its JS glue
# in dist/, gzipped at level 9 as the README measures them, at most 400,000 bytes together.
# Deterministic for a given toolchain, so a change that grows the dashboard past its budget
# fails here, at the commit that did it, not sessions later.
set -euo pipefail
budget=400000
dist=${1:-dist}
shopt -s nullglob
wasm=("$dist"/memento-web-*_bg.wasm)
glue=()
for f in "$dist"/memento-web-*.js; do glue+=("$f"); done
if [ ${#wasm[@]} -ne 1 ] || [ ${#glue[@]} -ne 1 ]; then
  echo "dashboard size: expected one memento-web wasm and one JS glue file in $dist/ (run trunk build --release)" >&2
  exit 1
fi
w=$(gzip -9 -c "${wasm[0]}" | wc -c)
j=$(gzip -9 -c "${glue[0]}" | wc -c)
total=$((w + j))
echo "dashboard size: $w B wasm + $j B JS = $total B gzipped (budget $budget)"
if [ "$total" -gt "$budget" ]; then
  echo "dashboard size: over its budget by $((total - budget)) bytes" >&2
  exit 1
fi
