// The installed tarball in a browser: a Vite build of a page that imports the package (the
// "default" export condition: the bundler build and its .wasm), loaded in headless Chromium.
import test from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { project, requireProject, run, tools } from "./project.mjs";

requireProject();

const app = join(project, "vite-app");

const MAIN = `import { plan, parse, checkpoint, MementoError } from "memento-wasm";
const text = "# Session Memory — t1\\n\\n## Progress Markers\\n- COMPLETED: a\\n- IN_PROGRESS: b (stopped at 004)\\n\\n## Next Session Start\\nGo on — b at 005 😀.\\n";
const p = plan(text, { now: null });
const doc = parse(text);
let code = null;
try { checkpoint(text, "  "); } catch (e) { code = e instanceof MementoError ? e.code : "wrong class"; }
const next = doc.nextStep;
window.__result = { status: p.status, resume: p.resumeFrom, dialect: doc.dialect, slice: text.slice(next.range.start, next.range.end).trim(), code };
document.getElementById("out").textContent = JSON.stringify(window.__result);
`;

function serve(root) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
  const server = createServer((req, res) => {
    const file = normalize(join(root, req.url === "/" ? "index.html" : decodeURIComponent(req.url.split("?")[0])));
    try {
      if (!file.startsWith(root)) throw new Error("outside");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("a Vite build of a page importing the package runs in headless Chromium", async () => {
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "index.html"), '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><pre id="out">loading</pre><script type="module" src="/main.js"></script></body></html>\n');
  writeFileSync(join(app, "main.js"), MAIN);
  const build = run(join(tools, "vite"), ["build", "--logLevel", "warn"], { cwd: app });
  assert.equal(build.status, 0, build.stdout + build.stderr);

  const server = await serve(join(app, "dist"));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 15_000 }).catch(() => {});
    assert.deepEqual(errors, []);
    assert.deepEqual(await page.evaluate(() => window.__result), {
      status: "in-progress",
      resume: { unit: "b", stoppedAt: "004", continueAt: "005", text: "b: stopped at 004, continue at 005" },
      dialect: "checkpoint-log",
      slice: "Go on — b at 005 😀.",
      code: "invalid-input",
    });
  } finally {
    await browser.close();
    server.close();
  }
});
