#!/usr/bin/env node
// The `memento` command of the memento-wasm package (wasm-pkg/README.md, "The `memento` command"); see cli/main.cjs.
"use strict";

// A reader that stops early (`memento plan FILE --json | head`) closes the pipe: that ends
// the output, it is no error of the command's. Writes to files are done by then.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(process.exitCode ?? 0);
  });
}

process.exitCode = require("../cli/main.cjs").main(process.argv.slice(2));
