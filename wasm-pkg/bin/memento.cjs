#!/usr/bin/env node
// The `memento` command of the memento-wasm package (SPEC §6); see cli/main.cjs.
"use strict";

process.exitCode = require("../cli/main.cjs").main(process.argv.slice(2));
