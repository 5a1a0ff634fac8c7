// End-to-end smoke test of the dashboard in headless Chromium (playwright-core driving the
// Debian chromium; no browser download). Needs the built dashboard served at MEMENTO_URL
// (scripts/test.sh builds dist/ and serves it). Screenshots go to tests/e2e/tmp/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const shots = path.join(here, "tmp");
const url = process.env.MEMENTO_URL ?? "http://127.0.0.1:8080/";

const example = fs.readFileSync(path.join(repo, "core/tests/fixtures/checkpoint-log.md"));
const notesPath = path.join(repo, "wasm-pkg/test/fixtures/session_notes.md");
const crlfBomPath = path.join(repo, "wasm-pkg/test/fixtures/generic_crlf_bom.md");

let browser;

/**
 * A page object: the dashboard open in a fresh browser context (its own storage, service worker
 * and clock), what a person sees and does there, and every error its pages raise.
 */
class Dashboard {
  errors = [];

  static async open() {
    const dashboard = new Dashboard();
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    dashboard.context = context;
    context.on("weberror", (error) => dashboard.errors.push(error.error().message));
    context.on("console", (msg) => msg.type() === "error" && dashboard.errors.push(msg.text()));
    // The check's clock (stale-memory, future-timestamp) reads the page's: the morning the
    // example was written, so the findings do not depend on the day the test runs.
    await context.clock.setFixedTime(new Date("2026-04-22T09:00:00Z"));
    dashboard.page = await context.newPage();
    await dashboard.page.goto(url);
    return dashboard;
  }

  /** The card of one loaded file, by file name. */
  card = (name) => this.page.locator(`[data-testid="file-card"][data-name="${name}"]`).first();

  /** What a person sees about a loaded file. */
  facts = async (name) => {
    const c = this.card(name);
    await c.waitFor({ timeout: 10_000 });
    return {
      dialect: await c.getByTestId("dialect").textContent(),
      roundtrip: await c.getByTestId("roundtrip").textContent(),
      bytes: await c.getByTestId("bytes").textContent(),
      source: await c.getByTestId("source").textContent(),
    };
  };

  /** Drops files on the drop zone as a drag from the desktop would (DataTransfer + drop). */
  dropFiles = async (files) => {
    await this.page.getByTestId("drop-zone").evaluate((zone, files) => {
      const data = new DataTransfer();
      for (const { name, text } of files) {
        data.items.add(new File([text], name, { type: "text/markdown" }));
      }
      for (const type of ["dragenter", "dragover", "drop"]) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    }, files);
  };
}

/**
 * One behaviour, on a dashboard of its own: it cannot lean on what an earlier spec left, and it
 * fails for any error its pages raised while it ran.
 */
function spec(name, body) {
  test(name, async () => {
    const dashboard = await Dashboard.open();
    try {
      await body(dashboard);
      assert.deepEqual(dashboard.errors, [], "errors in the page during this spec");
    } finally {
      await dashboard.context.close();
    }
  });
}

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});

after(async () => {
  await browser?.close();
});

spec("the bundled example is shown at start", async ({ page, facts }) => {
  const shown = await facts("session_memory.md");
  assert.equal(shown.dialect, "checkpoint-log");
  assert.equal(shown.roundtrip, "byte-exact");
  assert.equal(shown.bytes, `${example.length} bytes`);
  assert.equal(shown.source, example.toString("utf8"));
  await page.screenshot({ path: path.join(shots, "example.png"), fullPage: true });
});

spec("the example shows where the run stands: status, next action, stop point, units, decisions", async ({ card }) => {
  const c = card("session_memory.md");
  assert.equal(await c.getByTestId("status").textContent(), "in progress");
  assert.equal(await c.getByTestId("task").textContent(), "task_orders_audit_20260422");
  assert.equal(await c.getByTestId("counts").textContent(), "2 done, 2 pending");
  assert.match(await c.getByTestId("next-action").textContent(), /begin with orders\/batch_3\/ file 095.* line 19$/);
  assert.equal(await c.getByTestId("resume").textContent(), "In progress orders/batch_3/: stopped at 094, continue at 095");
  const units = await c.getByTestId("units").locator("li").allTextContents();
  assert.equal(units.length, 5);
  assert.match(units[0], /^IN_PROGRESS orders\/batch_3\/ \(092-\?\?\?\) line 10 stopped at 094 → continue at 095$/);
  assert.match(units[1], /^PENDING orders\/batch_4\//);
  assert.match(units[4], /^COMPLETED orders\/batch_2\/ \(048-091\) line 9$/);
  const decisions = await c.getByTestId("decisions").locator("li").allTextContents();
  assert.equal(decisions.length, 2);
  assert.match(decisions[0], /^2026-04-22T07:12Z DO NOT modify config\/auth\.yaml/);
  assert.equal(await c.getByTestId("diagnostics").locator("li").count(), 0);
  const discoveries = await c.getByTestId("discoveries").locator("li").allTextContents();
  assert.equal(discoveries.length, 3);
  assert.match(discoveries[0], /^Order schema has undocumented legacy_id field .* line 14$/);
});

spec("a file with findings lists them by severity, rule and line; superseded decisions are marked", async ({ page, card, dropFiles }) => {
  const text = [
    "# Session Memory — task_findings",
    "## Decisions Made",
    "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml",
    "- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role",
    "- 2026-04-22T08:00Z — Use Redis for sessions",
    "- 2026-04-22T08:30Z — SUPERSEDES [2026-04-22T08:00Z] Use Postgres for sessions",
    "## Progress Markers",
    "- IN_PROGRESS: orders/batch_1/",
    "- IN_PROGRESS: orders/batch_2/",
    "## Key Discoveries",
    "## Next Session Start",
    "Continue batch_1.",
    "",
  ].join("\n");
  await dropFiles([{ name: "findings.md", text }]);
  const c = card("findings.md");
  await c.waitFor({ timeout: 10_000 });
  const findings = await c.getByTestId("diagnostics").locator("li").evaluateAll((lis) => lis.map((li) => [li.dataset.severity, li.dataset.rule]));
  // The errors (an empty section is a note of its own since the check's empty-section rule).
  assert.deepEqual(findings.filter(([severity]) => severity === "error"), [
    ["error", "conflicting-decisions"],
    ["error", "progress-contradiction"],
  ]);
  assert.match(await c.getByTestId("conflicts").textContent(), /contradicts decision 2026-04-22T07:12Z/);
  const superseded = await c.locator('[data-testid="decisions"] li.superseded').allTextContents();
  assert.equal(superseded.length, 1);
  assert.match(superseded[0], /^2026-04-22T08:00Z Use Redis for sessions \(superseded by 2026-04-22T08:30Z\)/);
  // A finding's line links to that line of the source view.
  await c.getByTestId("diagnostics").locator("li").first().getByRole("link").click();
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#f\d+-L4$/);
  assert.equal(await c.locator(hash).textContent(), "- 2026-04-22T07:40Z — modify config/auth.yaml to add the admin role\n");
  assert.equal(await c.locator(".src-line:target").count(), 1);
  await c.screenshot({ path: path.join(shots, "findings.png") });
});

spec("a long run shows the first rows of each list and of the source, the rest on request", async ({ page, card, dropFiles }) => {
  const units = Array.from({ length: 600 }, (_, i) => `- COMPLETED: orders/batch_${i + 1}/`);
  const text = ["# Session Memory — task_long", "## Progress Markers", ...units, "- IN_PROGRESS: orders/batch_601/ (stopped at 007)", "## Next Session Start", "Continue batch_601 at 008.", ""].join("\n");
  await dropFiles([{ name: "long.md", text }]);
  const c = card("long.md");
  await c.waitFor({ timeout: 10_000 });
  const rows = c.getByTestId("units").locator("li:not(.more)");
  assert.equal(await rows.count(), 100);
  await c.getByRole("button", { name: "Show all 601 units" }).click();
  assert.equal(await rows.count(), 601);
  assert.equal(await c.getByRole("button", { name: /^Show all \d+ units$/ }).count(), 0);
  // The source: 400 lines, then the rest on request; a link past them shows it all first.
  assert.equal(await c.locator(".src-line").count(), 400);
  await c.getByTestId("units").locator("li").last().getByRole("link").click();
  await page.waitForFunction(() => location.hash.endsWith("-L602"));
  assert.equal(await c.locator(".src-line").count(), 605);
  assert.equal(await c.locator(".src-line:target").textContent(), "- COMPLETED: orders/batch_600/\n");
  assert.equal(await c.getByTestId("source").textContent(), text);
});

spec("the keyboard alone reaches a card's editor and opens it", async ({ page }) => {
  await page.evaluate(() => document.activeElement?.blur());
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.dataset?.testid === "edit");
  }
  assert.ok(reached, "Tab never reached an Edit button");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-expanded")), "true");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-expanded")), "false");
});

spec("a dropped file is parsed: dialect and byte-exact round trip", async ({ page, facts, dropFiles }) => {
  const text = fs.readFileSync(notesPath, "utf8");
  await dropFiles([{ name: "session_notes.md", text }]);
  const shown = await facts("session_notes.md");
  assert.equal(shown.dialect, "session-notes");
  assert.equal(shown.roundtrip, "byte-exact");
  assert.equal(shown.bytes, `${Buffer.byteLength(text)} bytes`);
  await page.screenshot({ path: path.join(shots, "dropped.png"), fullPage: true });
});

spec("the file picker loads a file with a BOM and CRLF byte for byte", async ({ page, facts }) => {
  await page.getByTestId("file-input").setInputFiles(crlfBomPath);
  const shown = await facts("generic_crlf_bom.md");
  assert.equal(shown.dialect, "generic");
  assert.equal(shown.roundtrip, "byte-exact");
  assert.equal(shown.bytes, `${fs.statSync(crlfBomPath).size} bytes`);
});

spec("file content is shown as text, never run as markup", async ({ page, facts, dropFiles }) => {
  const text = '# Notes\n\n<img src=x onerror="window.__pwned=1">\n<script>window.__pwned=2</script>\n';
  await dropFiles([{ name: "hostile.md", text }]);
  const shown = await facts("hostile.md");
  assert.equal(shown.source, text);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator("main img, main script").count(), 0);
});

spec("the HTML export is one read-only page: content escaped, no script, secrets masked", async ({ context, page, card, dropFiles }) => {
  const key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
  const text = `# Notes\n\n<img src=x onerror="window.__pwned=1">\n<script>window.__pwned=2</script>\n\n- token ${key}\n`;
  await dropFiles([{ name: "export-me.md", text }]);
  const c = card("export-me.md");
  await c.waitFor({ timeout: 10_000 });
  // The file holds a token: the page's own dialog asks first.
  await c.getByTestId("export-html").click();
  const [download] = await Promise.all([page.waitForEvent("download"), c.getByTestId("secrets-go").click()]);
  assert.equal(download.suggestedFilename(), "export-me.md.html");
  const saved = path.join(shots, "export-me.md.html");
  await download.saveAs(saved);
  const html = fs.readFileSync(saved, "utf8");
  assert.ok(!/<script|<img/i.test(html) && html.includes("&lt;script&gt;window.__pwned=2&lt;/script&gt;"), html);
  assert.ok(!html.includes(key) && html.includes("ghp_"), "the token is masked");
  const view = await context.newPage();
  await view.goto(`file://${saved}`);
  assert.match(await view.locator("pre").textContent(), /<script>window.__pwned=2<\/script>/);
  assert.equal(await view.evaluate(() => window.__pwned), undefined);
  await view.close();
});

spec("a chosen folder (a memory bank) loads its text files by path, nothing else", async ({ page, card }) => {
  const bank = path.join(fs.mkdtempSync(path.join(shots, "folder-")), "memory-bank");
  fs.mkdirSync(path.join(bank, ".git"), { recursive: true });
  fs.writeFileSync(path.join(bank, "progress.md"), "# Progress\n\n## What Works\n- ✅ Login flow\n\n## What's Left to Build\n- [ ] Export to CSV\n");
  fs.writeFileSync(path.join(bank, "activeContext.md"), "# Active Context\n\n## Next Steps\n- Export to CSV\n");
  fs.writeFileSync(path.join(bank, ".git", "config"), "[core]\n");
  fs.writeFileSync(path.join(bank, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await page.getByTestId("folder-input").setInputFiles(bank);
  const progress = card("memory-bank/progress.md");
  await progress.waitFor({ timeout: 10_000 });
  await card("memory-bank/activeContext.md").waitFor();
  assert.equal(await progress.getByTestId("dialect").textContent(), "memory-bank");
  assert.equal(await progress.getByTestId("counts").textContent(), "1 done, 1 pending");
  const names = await page.getByTestId("file-card").evaluateAll((cards) => cards.map((c) => c.dataset.name));
  assert.ok(!names.some((n) => n.includes(".git") || n.endsWith(".png")), String(names));
});

spec("a memory file pasted as text is loaded", async ({ page, card }) => {
  const text = "# Session Memory — task_pasted\n## Progress Markers\n- PENDING: a/\n";
  await card("session_memory.md").waitFor(); // the page listens for pastes once it has drawn
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  const c = card("pasted.md");
  await c.waitFor({ timeout: 10_000 });
  assert.equal(await c.getByTestId("task").textContent(), "task_pasted");
  assert.equal(await c.getByTestId("source").textContent(), text);
});

spec("download saves a file under its own name, byte for byte", async ({ page, card }) => {
  const c = card("session_memory.md");
  const [download] = await Promise.all([page.waitForEvent("download"), c.getByTestId("download").click()]);
  assert.equal(download.suggestedFilename(), "session_memory.md");
  const saved = path.join(shots, "downloaded.md");
  await download.saveAs(saved);
  assert.deepEqual(fs.readFileSync(saved), example);
});

spec("share makes a read-only link; a file with possible secrets warns first and masks them", async ({ context, page, card, dropFiles }) => {
  const key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
  await dropFiles([{ name: "leaky.md", text: `# Notes\n\n- token ${key}\n` }]);
  const c = card("leaky.md");
  await c.waitFor({ timeout: 10_000 });
  // Declined in the page's own dialog: no link.
  await c.getByTestId("share").click();
  await c.getByTestId("secrets-cancel").click();
  assert.equal(await c.getByTestId("secrets-dialog").count(), 0);
  assert.equal(await c.getByTestId("share-link").count(), 0);
  // Accepted: a link to this page, which opens the masked copy read-only.
  await c.getByTestId("share").click();
  assert.match(await c.getByTestId("secrets-dialog").textContent(), /possible secret/);
  await c.getByTestId("secrets-go").click();
  await c.getByTestId("share-link").waitFor();
  const link = await c.getByTestId("share-link").inputValue();
  assert.ok(link.startsWith(`${url}#share=`) && link.endsWith("&name=leaky.md"), link);
  const shared = await context.newPage();
  await shared.goto(link);
  const source = await shared.getByTestId("source").textContent();
  assert.ok(source.startsWith("# Notes") && source.includes("ghp_") && !source.includes(key), source);
  await shared.close();
});

spec("edits: a checkpoint routed by content, a refused conflict written anyway, a supersede, progress and next step; the changes since loaded", async ({ page, card, dropFiles }) => {
  await dropFiles([{ name: "edit-me.md", text: example.toString("utf8") }]);
  await card("edit-me.md").waitFor({ timeout: 10_000 });
  await card("edit-me.md").getByTestId("edit").click();
  const form = (name) => card("edit-me.md").getByTestId(name);
  const decisions = () => card("edit-me.md").getByTestId("decision-count").textContent();

  await form("checkpoint-form").getByRole("textbox").fill("DO NOT touch the legacy importer");
  await form("checkpoint-form").getByRole("button", { name: "Add" }).click();
  await page.waitForFunction(() => document.querySelector('[data-name="edit-me.md"] [data-testid="decision-count"]')?.textContent === "3");
  assert.match(await card("edit-me.md").getByTestId("source").textContent(), /— DO NOT touch the legacy importer\n/);

  // A decision that contradicts an active one is refused, naming it; forced, it is written.
  await form("checkpoint-form").getByRole("combobox").selectOption("decision");
  await form("checkpoint-form").getByRole("textbox").fill("modify config/auth.yaml to add SSO");
  await form("checkpoint-form").getByRole("button", { name: "Add" }).click();
  assert.match(await card("edit-me.md").getByTestId("edit-error").textContent(), /^conflicts with decision 2026-04-22T07:12Z/);
  assert.equal(await decisions(), "3");
  await card("edit-me.md").getByRole("checkbox").check();
  await form("checkpoint-form").getByRole("button", { name: "Add" }).click();
  await page.waitForFunction(() => document.querySelector('[data-name="edit-me.md"] [data-testid="decision-count"]')?.textContent === "4");
  assert.match(await card("edit-me.md").getByTestId("conflicts").textContent(), /contradicts decision 2026-04-22T07:12Z/);

  await form("supersede-form").getByRole("combobox").selectOption("2026-04-22T07:23Z");
  await form("supersede-form").getByRole("textbox").fill("Use pessimistic locking for order updates");
  await form("supersede-form").getByRole("button", { name: "Supersede" }).click();
  await card("edit-me.md").locator('[data-testid="decisions"] li.superseded').first().waitFor({ state: "attached" });
  assert.match(await card("edit-me.md").locator('[data-testid="decisions"] li.superseded').first().textContent(), /^2026-04-22T07:23Z Use optimistic locking/);

  // COMPLETED going back to PENDING with no note: a change a reviewer must see.
  await form("progress-form").getByLabel("Unit").fill("orders/batch_2/");
  await form("progress-form").getByLabel("Status").selectOption("PENDING");
  await form("progress-form").getByRole("button", { name: "Set" }).click();
  await card("edit-me.md").getByTestId("changes").waitFor();
  assert.deepEqual(await card("edit-me.md").getByTestId("changes").locator("li").evaluateAll((lis) => lis.map((li) => li.dataset.rule)), ["progress-regressed"]);

  await form("next-form").getByRole("textbox").fill("Re-run batch_2 from file 048");
  await form("next-form").getByRole("button", { name: "Set" }).click();
  await page.waitForFunction(() => /Re-run batch_2 from file 048/.test(document.querySelector('[data-name="edit-me.md"] [data-testid="next-action"]')?.textContent ?? ""));
  await card("edit-me.md").screenshot({ path: path.join(shots, "edited.png") });

  // What a reload gives back: the edited text and what changed since it was loaded.
  const edited = await card("edit-me.md").getByTestId("source").textContent();
  await page.reload();
  await card("edit-me.md").waitFor();
  assert.equal(await card("edit-me.md").getByTestId("source").textContent(), edited);
  assert.equal(await card("edit-me.md").getByTestId("changes").locator("li").count(), 1);
});

spec("a session-notes section is rewritten below its header and description", async ({ page, card, dropFiles }) => {
  await dropFiles([{ name: "notes-edit.md", text: fs.readFileSync(notesPath, "utf8") }]);
  const c = card("notes-edit.md");
  await c.waitFor({ timeout: 10_000 });
  await c.getByTestId("edit").click();
  const form = c.getByTestId("section-form");
  await form.getByRole("combobox").selectOption("Current State");
  await form.getByRole("textbox").fill("Batch 4 next: file 120 onwards.");
  await form.getByRole("button", { name: "Replace" }).click();
  await page.waitForFunction(() => /Batch 4 next/.test(document.querySelector('[data-name="notes-edit.md"] [data-testid="source"]')?.textContent ?? ""));
  const source = await card("notes-edit.md").getByTestId("source").textContent();
  assert.match(source, /# Current State\n_What is actively being worked on right now\? Pending tasks not yet completed\. Immediate next steps\._\n\nBatch 4 next: file 120 onwards\.\n\n# /);
  assert.equal(await card("notes-edit.md").getByTestId("changes").count(), 0);
});

spec("the workspace survives a reload; a closed file is forgotten", async ({ page, card, dropFiles }) => {
  await dropFiles([{ name: "session_notes.md", text: fs.readFileSync(notesPath, "utf8") }]);
  await card("session_notes.md").waitFor({ timeout: 10_000 });
  const before = await page.getByTestId("file-card").evaluateAll((cards) => cards.map((c) => c.dataset.name));
  assert.ok(before.includes("session_notes.md") && before.at(-1) === "session_memory.md", String(before));
  const notes = await card("session_notes.md").getByTestId("source").textContent();
  await page.reload();
  await card("session_memory.md").waitFor();
  const after = await page.getByTestId("file-card").evaluateAll((cards) => cards.map((c) => c.dataset.name));
  assert.deepEqual(after, before);
  assert.equal(await card("session_notes.md").getByTestId("source").textContent(), notes);
  await card("session_notes.md").getByTestId("close").click();
  assert.equal(await card("session_notes.md").count(), 0);
  await page.reload();
  await card("session_memory.md").waitFor();
  assert.equal(await card("session_notes.md").count(), 0);
  assert.equal(await page.getByTestId("file-card").count(), before.length - 1);
});

spec("a full storage quota is said, and the file stays open", async ({ page, card, dropFiles }) => {
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await dropFiles([{ name: "unsaved.md", text: "# Notes\n\n- one\n" }]);
  await card("unsaved.md").waitFor();
  assert.match(await page.getByTestId("load-error").first().textContent(), /could not be saved in this browser/);
});

spec("a link from `memento share` opens its file read-only, secrets masked, apart from the workspace", async ({ context }) => {
  const dir = fs.mkdtempSync(path.join(shots, "share-"));
  const file = path.join(dir, "run notes.md");
  const key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
  fs.writeFileSync(file, `${example.toString("utf8")}- deploy token ${key}\n`);
  const cli = path.join(repo, "wasm-pkg/bin/memento.cjs");
  const link = execFileSync(process.execPath, [cli, "share", file, "--base", url], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  const shared = await context.newPage();
  await shared.goto(link);
  await shared.getByTestId("shared-note").waitFor();
  const c = shared.locator('[data-testid="file-card"][data-name="run notes.md"]');
  assert.equal(await c.getByTestId("task").textContent(), "task_orders_audit_20260422");
  const source = await c.getByTestId("source").textContent();
  assert.ok(source.startsWith(example.toString("utf8")), source.slice(0, 200));
  assert.ok(!source.includes(key) && source.includes("ghp_"), source.slice(-120));
  assert.equal(await shared.getByTestId("close").count(), 0);
  assert.equal(await shared.getByTestId("drop-zone").count(), 0);
  assert.equal(await shared.evaluate((k) => localStorage.getItem(k) ?? "", "memento.workspace").then((s) => s.includes("run notes.md")), false);
  await shared.screenshot({ path: path.join(shots, "shared.png"), fullPage: true });

  // Another link in the same tab (only the fragment changes): the page opens it.
  await shared.goto(`${url}#share=not-a-real-link&name=x.md`);
  await shared.getByTestId("share-error").waitFor();
  assert.match(await shared.getByTestId("share-error").textContent(), /^This share link is broken: its data does not decompress/);
  await shared.close();
});

spec("once loaded, the dashboard works offline", async ({ context, page: offline }) => {
  await offline.locator('[data-testid="file-card"][data-name="session_memory.md"]').waitFor();
  await offline.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((_, fail) => setTimeout(() => fail(new Error("no service worker after 10 s")), 10_000))]),
  );
  await offline.reload(); // the service worker now controls the page and keeps what it loads
  await offline.locator('[data-testid="file-card"][data-name="session_memory.md"]').waitFor();
  await context.setOffline(true);
  await offline.reload();
  await offline.locator('[data-testid="file-card"][data-name="session_memory.md"]').waitFor({ timeout: 10_000 });
  assert.equal(await offline.locator('[data-testid="file-card"][data-name="session_memory.md"] [data-testid="status"]').textContent(), "in progress");
});

spec("the agent harnesses' memory files get their cards: Basic Memory, Codex, a Claude Code index", async ({ card, facts, dropFiles }) => {
  const fixture = (p) => fs.readFileSync(path.join(repo, "core/tests/fixtures", p), "utf8");
  const note = fixture("basic-memory/order-service.md");
  const codex = fixture("codex-memory/MEMORY.md");
  const index = `# Memory\n${Array.from({ length: 205 }, (_, i) => `- [Topic ${i}](topic_${i}.md) — hook ${i}`).join("\n")}\n`;
  await dropFiles([
    { name: "order-service.md", text: note },
    { name: "codex.md", text: codex },
    { name: "MEMORY.md", text: index },
  ]);
  // Basic Memory: front matter kept byte for byte; a [decision] observation binds, the others are facts.
  let shown = await facts("order-service.md");
  assert.equal(shown.dialect, "basic-memory");
  assert.equal(shown.roundtrip, "byte-exact");
  assert.equal(shown.source, note);
  const c = card("order-service.md");
  const decisions = await c.getByTestId("decisions").locator("li").allTextContents();
  assert.equal(decisions.length, 1);
  assert.match(decisions[0], /Use optimistic locking on the orders table/);
  assert.equal(await c.getByTestId("discoveries").locator("li").count(), 3);
  // Codex: its consolidated knowledge is read as facts learned.
  shown = await facts("codex.md");
  assert.equal(shown.dialect, "codex-memory");
  assert.match(await card("codex.md").getByTestId("discoveries").textContent(), /retries a refund only on 5xx/);
  // A Claude Code index past what Claude Code loads says where the cut falls.
  shown = await facts("MEMORY.md");
  assert.equal(shown.dialect, "claude-memory");
  const findings = await card("MEMORY.md").getByTestId("diagnostics").locator("li").evaluateAll((lis) => lis.map((li) => li.dataset.rule));
  assert.ok(findings.includes("past-load-limit"), findings.join(", "));
  await card("MEMORY.md").screenshot({ path: path.join(shots, "claude-index.png") });
});
