// Real inputs shared by the smoke tests, with the dialect each must be detected as.
const fs = require("node:fs");
const path = require("node:path");

const repo = path.resolve(__dirname, "..", "..");

module.exports = [
  { file: path.join(repo, "core/tests/fixtures/checkpoint-log.md"), dialect: "checkpoint-log" },
  { file: path.join(__dirname, "fixtures/session_notes.md"), dialect: "session-notes" },
  { file: path.join(__dirname, "fixtures/generic_crlf_bom.md"), dialect: "generic" },
].map((f) => ({ ...f, name: path.basename(f.file), text: fs.readFileSync(f.file, "utf8") }));
