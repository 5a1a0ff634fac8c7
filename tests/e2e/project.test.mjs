// A memory bank chosen as a folder is one project (issue 14, "Many files"): a panel with what
// is under way now, what comes next and the decisions that bind, across all its files, each
// with the file and line it came from. And a progress log's timeline: one band per session.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { LAPTOP, PHONE, card, chooseFolder, drop, open, shoot, shots } from "./page.mjs";

const bank = [
  { name: "activeContext.md", text: "# Active Context\n\n## Current Focus\n- [ ] 🚧 Export to CSV\n\n## Next Steps\n- Write the CSV exporter's tests\n" },
  { name: "progress.md", text: "# Progress\n\n## What Works\n- [x] ✅ Login flow\n\n## What's Left to Build\n- [ ] Export to CSV\n- [ ] Audit log\n" },
  { name: "decisionLog.md", text: "# Decision Log\n\n## Decisions\n- 2026-04-20T10:00Z — Use PostgreSQL for the audit log\n- 2026-04-21T09:00Z — DO NOT store card numbers\n" },
];

test("a memory bank folder is one project: Now, Next and Decisions across its files, each linked to its line", async () => {
  const { page, done } = await open();
  assert.equal(await page.getByTestId("project").count(), 0, "no project for single files");
  await chooseFolder(page, "memory-bank", bank);
  const project = page.getByTestId("project");
  assert.equal(await project.count(), 1);
  assert.match(await project.getByRole("heading", { level: 2 }).textContent(), /^memory-bank\/ · 3 files/);
  assert.equal(await project.getByTestId("project-status").textContent(), "in progress");
  const next = await project.getByTestId("project-next").locator("li").allTextContents();
  assert.ok(next.some((n) => n.includes("Write the CSV exporter's tests") && n.includes("activeContext.md, line 7")), String(next));
  const decisions = await project.getByTestId("project-decisions").locator("li").allTextContents();
  assert.deepEqual(decisions, ["Use PostgreSQL for the audit log decisionLog.md, line 4", "DO NOT store card numbers decisionLog.md, line 5"]);
  assert.ok((await project.getByTestId("project-now").locator("li").count()) >= 1);
  // A link unfolds the file's card and moves the focus to the line.
  const log = card(page, "memory-bank/decisionLog.md");
  await log.getByTestId("fold").click();
  await project.getByRole("link", { name: "decisionLog.md, line 5" }).click();
  await page.waitForFunction(() => document.activeElement?.id?.endsWith("-L5"));
  assert.equal(await log.getByTestId("fold").getAttribute("aria-expanded"), "true");
  for (const [size, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
    await page.setViewportSize(viewport);
    await project.screenshot({ path: path.join(shots, `visual-project-${size}-light.png`) });
  }
  await done();
});

test("a project's Now shows what each file is on: its resume point, its current focus, the task its title names", async () => {
  const folder = [
    { name: "activeContext.md", text: "# Active Context\n\n## Current Focus\n- Wire the audit log\n- ⏳ Export to CSV\n\n## Next Steps\n- Write the CSV exporter's tests\n" },
    {
      name: "handoff.md",
      text: "# Session Memory — orders-import\n\n## Progress Markers\n- COMPLETED: orders/batch_1/ (files 001-047)\n- IN_PROGRESS: orders/batch_3/ (files 092-???, stopped at 094)\n\n## Next Session Start\nBegin with orders/batch_3/ file 095\n",
    },
    { name: "notes.md", text: "# ISSUE-426\n\n## Notes\nThe importer drops rows with a BOM.\n\n## Next Steps\n- Strip the BOM before parsing\n" },
    { name: "progress.md", text: "# Progress\n\n## What Works\n- [x] Login flow\n\n## What's Left to Build\n- [ ] Audit log\n" },
  ];
  const { page, done } = await open();
  await chooseFolder(page, "memory-bank", folder);
  const now = page.getByTestId("project").getByTestId("project-now");
  const rows = (await now.locator("li").allTextContents()).map((r) => r.replace(/\s+/g, " ").trim());
  // Each file's rows together, whatever order the folder's files came in.
  for (const row of [
    "IN_PROGRESS Wire the audit log · current focus activeContext.md, line 4",
    "PENDING Export to CSV · current focus activeContext.md, line 5",
    "IN_PROGRESS orders/batch_3/: stopped at 094, continue at 095 handoff.md, line 5",
    "IN_PROGRESS ISSUE-426 notes.md, line 1",
  ]) {
    assert.ok(rows.includes(row), `${row} in ${JSON.stringify(rows)}`);
  }
  assert.equal(rows.length, 4, "nothing from progress.md: its pending work is not its focus");
  // The resume point comes before the rest of its file.
  assert.ok(rows.indexOf("IN_PROGRESS Wire the audit log · current focus activeContext.md, line 4") < rows.indexOf("PENDING Export to CSV · current focus activeContext.md, line 5"));
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme });
    for (const [size, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
      await page.setViewportSize(viewport);
      await page.getByTestId("project").screenshot({ path: path.join(shots, `visual-project-now-${size}-${colorScheme}.png`) });
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, `the project at ${size} is no wider than the screen`);
    }
  }
  await done();
});

test("a progress log's timeline has one band per session", async () => {
  const log = [
    "# Progress",
    "",
    "## Session 1 — 2026-04-20",
    "- 2026-04-20T09:00Z — set up the repository",
    "- 2026-04-20T11:00Z — feature A passes",
    "",
    "## Session 2 — 2026-04-21",
    "- 2026-04-21T09:00Z — feature B started",
    "",
    "## Session 3 — 2026-04-22",
    "- 2026-04-22T08:00Z — feature B passes",
    "",
  ].join("\n");
  const { page, done } = await open();
  await drop(page, [{ name: "claude-progress.txt", text: log }]);
  const c = card(page, "claude-progress.txt");
  assert.equal(await c.getByTestId("dialect").textContent(), "progress-log");
  const bands = c.getByTestId("session-band");
  assert.equal(await bands.count(), 3);
  // Each band starts where the next one's session ends, and leads to its heading's line.
  const drawn = await bands.evaluateAll((rects) => rects.map((r) => ({ x: +r.getAttribute("x"), w: +r.getAttribute("width"), line: r.dataset.line })));
  assert.deepEqual(drawn.map((b) => b.line), ["3", "7", "10"]);
  assert.ok(Math.abs(drawn[0].x + drawn[0].w - drawn[1].x) < 0.01 && Math.abs(drawn[1].x + drawn[1].w - drawn[2].x) < 0.01, JSON.stringify(drawn));
  assert.match(await bands.nth(1).locator("title").textContent(), /^Session of 2026-04-21/);
  // Not for other kinds of file: the sample (a checkpoint log) has none.
  assert.equal(await card(page, "session_memory.md").getByTestId("session-band").count(), 0);
  await done();
  await shoot("sessions", [{ name: "claude-progress.txt", text: log }], "claude-progress.txt");
});
