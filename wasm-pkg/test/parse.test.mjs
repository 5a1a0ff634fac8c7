// Smoke test of the built package from an ES module: `import` in Node resolves to the same
// pkg/node build through the "node" condition of package.json "exports".
import test from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { parse } from "memento-wasm";

const fixtures = createRequire(import.meta.url)("./fixtures.cjs");

for (const { name, text, dialect } of fixtures) {
  test(`import: ${name} is ${dialect} and round-trips byte for byte`, () => {
    const doc = parse(text);
    assert.equal(doc.dialect, dialect);
    assert.equal(doc.toString(), text);
  });
}
