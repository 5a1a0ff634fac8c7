// Possible secrets in the dashboard (issue 14, "Sharing"): the warning before a link or an
// export is an in-page dialog listing what was found, masked, with the lines as the recipient
// reads them; a file with secrets asks before it is kept in the browser; the source view masks
// them until the reader reveals them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { card, drop, open, shoot } from "./page.mjs";

const KEY = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
const AWS = "AKIAQ7R2M5XK3PZL9WJD";
const leaky = ["# Session Memory — task_keys", "## Key Discoveries", `- 2026-04-22T07:12Z — the deploy token is ${KEY}`, `- 2026-04-22T07:20Z — CI uses ${AWS} for uploads`, ""].join("\n");

test("sharing a file with secrets: an in-page dialog lists them masked, previews what the recipient reads, and makes nothing until asked", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "leaky.md", text: leaky }]);
  const c = card(page, "leaky.md");
  await c.getByTestId("share").click();
  const dialog = page.getByRole("dialog");
  assert.equal(await dialog.getAttribute("aria-modal"), "true");
  assert.equal(await dialog.getByRole("heading").textContent(), "leaky.md holds 2 possible secrets");
  assert.deepEqual(await dialog.getByTestId("secrets-found").locator("li").allTextContents(), ["GitHub token, line 3: ghp_…(redacted)", "AWS access key id, line 4: AKIA…(redacted)"]);
  const preview = await dialog.getByTestId("secrets-preview").textContent();
  assert.match(preview, /^ {4}3 {2}- 2026-04-22T07:12Z — the deploy token is ghp_…\(redacted\)\n {4}4 {2}- 2026-04-22T07:20Z — CI uses AKIA…\(redacted\) for uploads\n$/);
  assert.ok(!(await dialog.innerHTML()).includes(KEY.slice(4)) && !(await dialog.innerHTML()).includes(AWS.slice(4)));
  // It has the focus; Escape closes it and nothing was made.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "secrets-go");
  await page.keyboard.press("Escape");
  assert.equal(await dialog.count(), 0);
  assert.equal(await c.getByTestId("share-link").count(), 0);
  // The HTML export asks the same way; agreed, the page is saved with the secrets masked.
  await c.getByTestId("export-html").click();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("secrets-go").click()]);
  assert.equal(download.suggestedFilename(), "leaky.md.html");
  await done();
});

test("a file with secrets stays in the tab until the user keeps it in the browser", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "leaky.md", text: leaky }, { name: "clean.md", text: "# Notes\n\n- 2026-04-21T10:00Z — started\n" }]);
  const c = card(page, "leaky.md");
  assert.match(await c.getByTestId("keep-notice").textContent(), /stays in this tab only/);
  assert.equal(await card(page, "clean.md").getByTestId("keep-notice").count(), 0);
  // Not kept: a reload has the clean file only.
  await page.waitForFunction(() => (localStorage.getItem("memento.workspace") ?? "").includes("clean.md"));
  assert.ok(!(await page.evaluate(() => localStorage.getItem("memento.workspace"))).includes("leaky.md"));
  await page.reload();
  await card(page, "clean.md").waitFor();
  assert.equal(await card(page, "leaky.md").count(), 0);
  // Kept when asked: the notice goes, and a reload has it.
  await drop(page, [{ name: "leaky.md", text: leaky }]);
  await card(page, "leaky.md").getByTestId("keep").click();
  assert.equal(await card(page, "leaky.md").getByTestId("keep-notice").count(), 0);
  await page.reload();
  await card(page, "leaky.md").waitFor();
  assert.equal(await card(page, "leaky.md").getByTestId("keep-notice").count(), 0);
  await done();
});

test("the source view masks secrets behind a reveal toggle", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "leaky.md", text: leaky }]);
  const source = card(page, "leaky.md").getByTestId("source");
  const text = await source.textContent();
  assert.ok(!text.includes(KEY) && !text.includes(AWS) && text.includes("ghp_…(redacted)"), text);
  assert.equal(await source.getByTestId("secret").count(), 2);
  const reveal = card(page, "leaky.md").getByTestId("reveal-secrets");
  assert.equal(await reveal.textContent(), "Reveal 2 masked secrets");
  await reveal.click();
  assert.equal(await reveal.getAttribute("aria-pressed"), "true");
  assert.equal(await source.textContent(), leaky);
  await reveal.click();
  assert.ok(!(await source.textContent()).includes(KEY));
  await done();
});

test("screenshots: the secrets dialog, laptop and phone, light and dark", async () => {
  await shoot("secrets", [{ name: "leaky.md", text: leaky }], "leaky.md", async (page) => {
    const c = card(page, "leaky.md");
    if (await c.getByTestId("overflow").isVisible()) await c.getByTestId("overflow").click();
    await c.getByTestId("share").click();
    await page.getByRole("dialog").waitFor();
  });
});
