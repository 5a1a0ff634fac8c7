// The dashboard as a picture (issue 14): the verdict row, the stacked bar, unit bars, the
// timeline, and what the editor must never lose. Each spec gets a fresh page (its own
// localStorage) and ends with no page errors. Needs the built dashboard at MEMENTO_URL
// (scripts/test.sh serves dist/). Screenshots at laptop and phone sizes, light and dark, go to
// tests/e2e/tmp/visual-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { input } from "../../bench/inputs.mjs";
import { card, drop, open, shoot, shots } from "./page.mjs";

const conflicted = [
  "# Session Memory — task_findings",
  "## Decisions Made",
  "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml",
  "- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role",
  "- 2026-04-22T08:00Z — Use Redis for sessions",
  "- 2026-04-22T08:30Z — SUPERSEDES [2026-04-22T08:00Z] Use Postgres for sessions",
  "## Progress Markers",
  "- COMPLETED: orders/batch_1/ (files 001-047)",
  "- IN_PROGRESS: orders/batch_2/ (files 048-??? — stopped at 052)",
  "## Key Discoveries",
  "- 2026-04-22T08:10Z — the **legacy** importer skips `null` rows",
  "## Next Session Start",
  "Next steps:",
  "- Continue batch_2 at 053",
  "- Re-run the `audit` script",
  "- Tell **ops**",
  "",
].join("\n");

test("the verdict row: status large, error and warning chips that lead to the findings, red when errors exist", async () => {
  const { page, done } = await open();
  const sample = card(page, "session_memory.md");
  assert.equal(await sample.getByTestId("verdict").getAttribute("data-tone"), "ok");
  assert.equal(await sample.getByTestId("status").textContent(), "in progress");
  assert.equal(await sample.getByTestId("clean-chip").textContent(), "no errors or warnings");

  await drop(page, [{ name: "conflicted.md", text: conflicted }]);
  const c = card(page, "conflicted.md");
  assert.equal(await c.getByTestId("verdict").getAttribute("data-tone"), "error");
  assert.equal(await c.getByTestId("error-chip").textContent(), "1 error");
  // The status is large, and red for a file with errors.
  const status = await c.getByTestId("status").evaluate((e) => ({ size: parseFloat(getComputedStyle(e).fontSize), color: getComputedStyle(e).color }));
  assert.ok(status.size >= 20, `status font ${status.size}px`);
  const bad = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--bad").trim());
  assert.equal(status.color, await page.evaluate((c) => { const e = document.createElement("i"); e.style.color = c; document.body.append(e); const v = getComputedStyle(e).color; e.remove(); return v; }, bad));
  // The chip leads to the findings.
  await c.getByTestId("error-chip").click();
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#f\d+-findings$/);
  assert.equal(await c.locator(`${hash} [data-testid="diagnostics"] li[data-severity="error"]`).count(), 1);
  await done();
});

test("the next action says where it was read, shows the list a colon introduces, and draws inline markdown escaped", async () => {
  const { page, done } = await open();
  assert.match(await card(page, "session_memory.md").getByTestId("next-from").textContent(), /^ — from Next Session Start, line 19$/);
  const hostile = "- 2026-04-22T08:20Z — <img src=x onerror=\"window.__pwned=1\"> **bold** `<b>`\n";
  await drop(page, [{ name: "conflicted.md", text: conflicted.replace("## Next Session Start", `${hostile}## Next Session Start`) }]);
  const c = card(page, "conflicted.md");
  const next = c.getByTestId("next-action");
  assert.match(await next.textContent(), /^Next action Continue batch_2 at 053/);
  assert.deepEqual(await c.getByTestId("next-list").locator("li").allTextContents(), ["Re-run the audit script", "Tell ops"]);
  assert.equal(await c.getByTestId("next-list").locator("code").textContent(), "audit");
  assert.equal(await c.getByTestId("next-list").locator("strong").textContent(), "ops");
  assert.match(await c.getByTestId("next-from").textContent(), /from Next Session Start, line 15$/);
  // Inline markdown in a discovery: drawn, and its HTML stays text.
  const discovery = c.getByTestId("discoveries").locator("li").first();
  assert.equal(await discovery.locator("strong").textContent(), "legacy");
  assert.equal(await discovery.locator("code").textContent(), "null");
  const hostileRow = c.getByTestId("discoveries").locator("li").nth(1);
  assert.match(await hostileRow.textContent(), /^<img src=x onerror="window.__pwned=1"> bold <b> line 12$/);
  assert.equal(await hostileRow.locator("code").textContent(), "<b>");
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator("main img, [data-testid=\"discoveries\"] b").count(), 0);
  await done();
});

test("progress as a picture: a stacked bar with its values, a bar per unit to its stop point", async () => {
  const { page, done } = await open();
  const c = card(page, "session_memory.md");
  const bar = c.getByTestId("stacked-bar");
  assert.equal(await bar.getAttribute("role"), "progressbar");
  assert.deepEqual(
    [await bar.getAttribute("aria-valuenow"), await bar.getAttribute("aria-valuemax"), await bar.getAttribute("aria-valuetext")],
    ["2", "5", "2 done · 1 in progress · 0 blocked · 2 pending"],
  );
  const widths = await bar.locator(".seg").evaluateAll((segs) => segs.map((s) => [s.dataset.part, Math.round(s.getBoundingClientRect().width)]));
  const total = Math.round(await bar.evaluate((b) => b.getBoundingClientRect().width));
  assert.deepEqual(widths.map((w) => w[0]), ["done", "in progress", "pending"]);
  assert.ok(Math.abs(widths[0][1] - total * 0.4) <= 2, `done is 2/5 of the bar: ${widths} of ${total}`);
  // Units on one scale of items: 001-047 and 048-091 filled, 092 filled to the stop at 094.
  const fills = await c.locator('[data-testid="units"] .fill').evaluateAll((fs) => fs.map((f) => [f.dataset.status, parseFloat(f.style.left).toFixed(2), parseFloat(f.style.width).toFixed(2)]));
  const pct = (n) => ((n * 100) / 94).toFixed(2);
  assert.deepEqual(fills, [
    ["IN_PROGRESS", pct(91), pct(3)],
    ["COMPLETED", pct(0), pct(47)],
    ["COMPLETED", pct(47), pct(44)],
  ]);
  assert.equal(await c.getByTestId("stop-label").textContent(), "stopped at 094 → continue at 095");
  await done();
});

test("the timeline: one mark per dated entry coloured by kind, text on hover, a click goes to the line", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "conflicted.md", text: conflicted }]);
  const c = card(page, "conflicted.md");
  const marks = c.getByTestId("timeline").locator("rect.mark");
  assert.deepEqual(await marks.evaluateAll((ms) => ms.map((m) => [m.dataset.kind, m.dataset.line])), [
    ["decision", "3"],
    ["decision", "4"],
    ["decision", "5"],
    ["decision", "6"],
    ["discovery", "11"],
  ]);
  const svg = c.getByTestId("timeline").locator("svg");
  assert.equal(await svg.getAttribute("aria-label"), "Timeline of 5 dated entries from 2026-04-22T07:12Z to 2026-04-22T08:30Z: 4 decisions, 1 discovery");
  assert.equal(await marks.nth(4).locator("title").textContent(), "2026-04-22T08:10Z — the **legacy** importer skips `null` rows (line 11)");
  // Coloured by kind: a decision and a discovery differ.
  const fills = await marks.evaluateAll((ms) => ms.map((m) => getComputedStyle(m).fill));
  assert.notEqual(fills[0], fills[4]);
  // SVG, not HTML: the marks are drawn (they have a size).
  assert.ok((await marks.first().boundingBox()).width > 0);
  await marks.nth(1).click();
  await page.waitForFunction(() => location.hash.endsWith("-L4"));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role\n");
  await done();
});

test("decisions as a picture: a supersede chain folds under its head; both decisions of a conflict are marked", async () => {
  const { page, done } = await open();
  const text = [
    "# Session Memory — task_chain",
    "## Decisions Made",
    "- 2026-04-22T07:12Z — Use Redis for sessions",
    "- 2026-04-22T07:20Z — DO NOT modify config/auth.yaml",
    "- 2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:12Z] Use Memcached for sessions",
    "- 2026-04-22T08:30Z — modify config/auth.yaml to add the admin role",
    "- 2026-04-22T09:41Z — SUPERSEDES [2026-04-22T08:00Z] Use Postgres for sessions",
    "## Progress Markers",
    "- IN_PROGRESS: a/",
    "",
  ].join("\n");
  await drop(page, [{ name: "chain.md", text }]);
  const c = card(page, "chain.md");
  const top = c.locator('[data-testid="decisions"] > li');
  assert.deepEqual(await top.evaluateAll((lis) => lis.map((li) => li.dataset.id)), ["2026-04-22T07:20Z", "2026-04-22T08:30Z", "2026-04-22T09:41Z"]);
  const head = c.locator('[data-testid="decisions"] > li[data-id="2026-04-22T09:41Z"]');
  assert.equal(await head.getByTestId("chain").textContent(), "2026-04-22T07:12Z → 2026-04-22T08:00Z → 2026-04-22T09:41Z active");
  assert.match(await head.locator("summary").textContent(), /· 2 earlier versions$/);
  // Folded until asked for.
  assert.equal(await head.locator("li.superseded").first().isVisible(), false);
  await head.locator("summary").click();
  assert.deepEqual(await head.locator("li.superseded").evaluateAll((lis) => lis.map((li) => li.dataset.id)), ["2026-04-22T08:00Z", "2026-04-22T07:12Z"]);
  assert.equal(await head.locator("li.superseded").first().isVisible(), true);
  // The conflict: both of its decisions marked, and a badge for the finding on the newer one.
  assert.deepEqual(await c.locator('[data-testid="decisions"] li.in-conflict').evaluateAll((lis) => lis.map((li) => li.dataset.id)), ["2026-04-22T07:20Z", "2026-04-22T08:30Z"]);
  assert.deepEqual(await c.locator('[data-testid="decisions"] li[data-id="2026-04-22T08:30Z"] [data-testid="finding-badge"]').allTextContents(), ["conflicting-decisions"]);
  await c.screenshot({ path: path.join(shots, "visual-chain-laptop-light.png") });
  await done();
});

test("findings where they belong: a badge on the unit row; repeated notes of one rule fold into one line", async () => {
  const { page, done } = await open();
  const text = ["# Session Memory — task_alias", "## Progress Markers", "- DONE: a/", "- DONE: b/", "- DONE: c/", "- DONE: d/", "- IN_PROGRESS: e/", "- IN_PROGRESS: f/", ""].join("\n");
  await drop(page, [{ name: "alias.md", text }]);
  const c = card(page, "alias.md");
  const findings = c.locator('[data-testid="diagnostics"] > li');
  const rows = await findings.evaluateAll((lis) => lis.map((li) => [li.dataset.severity, li.dataset.rule, li.dataset.folded ?? ""]));
  assert.deepEqual(rows.filter((r) => r[1] === "status-alias"), [["info", "status-alias", "4"]]);
  assert.deepEqual(rows.filter((r) => r[1] === "progress-contradiction"), [["error", "progress-contradiction", ""]]);
  assert.match(await findings.filter({ has: page.locator("summary") }).locator("summary").textContent(), /^info status-alias 4 findings like: /);
  assert.deepEqual(await c.locator('[data-testid="units"] li[data-status="IN_PROGRESS"] [data-testid="finding-badge"][data-severity="error"]').evaluateAll((bs) => bs.map((b) => b.dataset.severity + " " + b.textContent)), ["error progress-contradiction"]);
  assert.equal(await c.locator('[data-testid="units"] li [data-testid="finding-badge"][data-severity="info"]').count(), 4);
  await done();
});

test("a 1 MB log: card, bars and timeline drawn within 300 ms of the drop; the timeline in bins", async (t) => {
  const { page, done } = await open();
  const text = input("log", 1_000_000);
  const times = [];
  for (let round = 0; round < 7; round++) {
    const name = `log-${round}.md`;
    times.push(
      await page.getByTestId("drop-zone").evaluate(async (zone, { text, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: "text/markdown" }));
        const start = performance.now();
        for (const type of ["dragenter", "dragover", "drop"]) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        const selector = `[data-name="${name}"] [data-testid="timeline"] svg`;
        await new Promise((resolve) => {
          const drawn = () => (document.querySelector(selector) && document.querySelector(`[data-name="${name}"] [data-testid="stacked-bar"]`) ? resolve() : requestAnimationFrame(drawn));
          drawn();
        });
        await new Promise((resolve) => requestAnimationFrame(() => resolve()));
        return performance.now() - start;
      }, { text, name }),
    );
  }
  console.log(`# 1 MB log: dropped to drawn (card, bars, timeline): ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
  // The best of seven: the cost of the work itself, on a machine other jobs share. A machine
  // with more runnable jobs than cores times the scheduler, not the dashboard: said, not judged.
  const load = os.loadavg()[0] / os.cpus().length;
  if (load <= 1.5) assert.ok(Math.min(...times) <= 300, `best ${Math.min(...times)} ms`);
  else t.diagnostic(`budget not judged: load ${load.toFixed(1)} per core`);
  const c = card(page, "log-0.md");
  const bins = await c.getByTestId("timeline").locator("rect.mark").count();
  assert.ok(bins > 0 && bins <= 5 * 120, `${bins} shapes`);
  assert.equal(await c.getByTestId("timeline").locator("rect.bin").count(), bins);
  await done();
});

test("screenshots: the sample and a file with findings, laptop and phone, light and dark", async () => {
  await shoot("sample", null, "session_memory.md");
  await shoot("conflicted", [{ name: "conflicted.md", text: conflicted }], "conflicted.md");
});

test("the source view's gutter: each line numbered, coloured by the worst finding on it", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "conflicted.md", text: conflicted }]);
  const c = card(page, "conflicted.md");
  const marks = await c.locator(".src-line").evaluateAll((ls) => ls.map((l) => l.dataset.severity ?? ""));
  assert.deepEqual(marks.slice(0, 5), ["", "", "", "error", ""]);
  assert.equal(await c.locator(".src-line").first().evaluate((l) => getComputedStyle(l, "::before").content), "counter(line)");
  await c.getByTestId("source").screenshot({ path: path.join(shots, "visual-gutter-laptop-light.png") });
  // The numbers are drawn, not part of the text.
  assert.equal(await c.getByTestId("source").textContent(), conflicted);
  await done();
});

test("files dropped anywhere on the window come in", async () => {
  const { page, done } = await open();
  await card(page, "session_memory.md").getByTestId("source").evaluate((target) => {
    const data = new DataTransfer();
    data.items.add(new File(["# Notes\n\n- dropped on a card\n"], "anywhere.md", { type: "text/markdown" }));
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await card(page, "anywhere.md").waitFor();
  await done();
});

test("session notes show one panel per section: its title, description and content", async () => {
  const notes = fs.readFileSync(new URL("../../wasm-pkg/test/fixtures/session_notes.md", import.meta.url), "utf8");
  const { page, done } = await open();
  await drop(page, [{ name: "notes.md", text: notes }]);
  const panels = card(page, "notes.md").getByTestId("note-panel");
  const titles = await panels.locator("h4").evaluateAll((hs) => hs.map((h) => h.firstChild.textContent));
  assert.deepEqual(titles, ["Session Title", "Current State", "Task Specification", "Files and Functions", "Workflow", "Errors & Corrections", "Codebase and System Documentation", "Learnings", "Key Results", "Worklog"]);
  const state = panels.nth(1);
  assert.match(await state.locator(".description").textContent(), /^What is actively being worked on right now\?/);
  assert.equal(await state.locator(".content").textContent(), "Processing orders/batch_3/, stopped after file 094. Next: file 095.");
  // Not for other files.
  assert.equal(await card(page, "session_memory.md").getByTestId("note-panel").count(), 0);
  await card(page, "notes.md").getByTestId("notes").screenshot({ path: path.join(shots, "visual-notes-laptop-light.png") });
  await done();
});
