// Smoke test of the built package from CommonJS: `require("memento-wasm")` resolves through
// package.json "exports" (node condition) to pkg/node. Run `wasm-pkg/build.sh` first.
const test = require("node:test");
const assert = require("node:assert/strict");
const { parse } = require("memento-wasm");
const fixtures = require("./fixtures.cjs");

for (const { name, text, dialect } of fixtures) {
  test(`require: ${name} is ${dialect} and round-trips byte for byte`, () => {
    const doc = parse(text);
    assert.equal(doc.dialect, dialect);
    assert.equal(doc.toString(), text);
    assert.equal(String(doc), text);
    doc.free();
  });
}

test("require: parse never throws, whatever the input", () => {
  for (const text of ["", "\n", "\uFEFF", "\r\n\r\n", "```\n# open fence", "\u0000\uFFFD"]) {
    const doc = parse(text);
    assert.equal(doc.toString(), text);
    assert.equal(typeof doc.dialect, "string");
  }
});
