// trunk's post_build hook (Trunk.toml): minifies the dashboard's JS glue, which trunk leaves as
// wasm-bindgen writes it (45.9 KB, 8.1 KB gzipped; minified, 6.1 KB gzipped: README.md,
// "The dashboard"), and gives index.html the glue's new integrity hash so that the browser
// still checks it. The minifier is oxc's, through rolldown, which the pinned Vite brings
// (package-lock.json). Only names local to the module are shortened: the glue's exports,
// which index.html imports, keep theirs.
import { minify } from "rolldown/experimental";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) {
  console.error("minify-glue: TRUNK_STAGING_DIR is not set (run through trunk's post_build hook)");
  process.exit(1);
}
if (process.env.TRUNK_PROFILE !== "release") process.exit(0);

const integrity = (bytes) => "sha384-" + createHash("sha384").update(bytes).digest("base64");
const indexPath = path.join(stage, "index.html");
let index = fs.readFileSync(indexPath, "utf8");
const glue = fs.readdirSync(stage).filter((f) => /^memento-web-[0-9a-f]+\.js$/.test(f));
if (glue.length !== 1) {
  console.error(`minify-glue: expected one memento-web-*.js in ${stage}, found ${glue.length}`);
  process.exit(1);
}
const file = path.join(stage, glue[0]);
const source = fs.readFileSync(file);
const { code, errors } = await minify(glue[0], source.toString("utf8"), { compress: true, mangle: true });
if (errors?.length) {
  console.error(`minify-glue: ${glue[0]}: ${errors.map((e) => e.message).join("; ")}`);
  process.exit(1);
}
const before = integrity(source);
if (!index.includes(before)) {
  console.error(`minify-glue: index.html does not name ${glue[0]} by its integrity hash`);
  process.exit(1);
}
fs.writeFileSync(file, code);
index = index.split(before).join(integrity(Buffer.from(code)));
fs.writeFileSync(indexPath, index);
console.log(`minify-glue: ${glue[0]} ${source.length} -> ${code.length} bytes`);
