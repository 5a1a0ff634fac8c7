// An editor people can trust (issue 14): nothing typed, pasted or edited is lost or goes
// somewhere else, and what the edits changed is shown and can be taken back.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { card, chooseFolder, drop, example, open, shots } from "./page.mjs";

/** Answers the next dialog, and gives its message. */
const answer = (page, accept) =>
  new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      accept ? dialog.accept() : dialog.dismiss();
    });
  });

test("a paste into a field goes into the field, not into a new file; a paste on the page still loads", async () => {
  const { page, done } = await open();
  const c = card(page, "session_memory.md");
  await c.getByTestId("edit").click();
  const field = c.getByTestId("checkpoint-form").getByRole("textbox");
  await field.focus();
  const paste = (text) =>
    page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      // Whether the page let the browser do the paste (true) or took it (false).
      return document.activeElement.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  assert.equal(await paste("DO NOT touch the importer"), true);
  assert.equal(await page.getByTestId("file-card").count(), 1);
  // Outside any field, a paste is a file; two pastes are two files.
  await page.evaluate(() => document.activeElement.blur());
  await paste("# Notes\n\n- one\n");
  await paste("# Notes\n\n- two\n");
  await card(page, "pasted-2.md").waitFor();
  assert.equal(await card(page, "pasted.md").getByTestId("source").textContent(), "# Notes\n\n- one\n");
  await done();
});

test("re-loading an open file asks to replace it, never duplicates it", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "run.md", text: "# Notes\n\n- one\n" }]);
  // The same text again: no second card.
  await drop(page, [{ name: "run.md", text: "# Notes\n\n- one\n" }]);
  assert.equal(await page.locator('[data-testid="file-card"][data-name="run.md"]').count(), 1);
  // A new text, declined: the open file stays as it was.
  let asked = answer(page, false);
  await drop(page, [{ name: "run.md", text: "# Notes\n\n- two\n" }]);
  assert.match(await asked, /^“run.md” is already open\. Replace it with the file just loaded\?$/);
  assert.equal(await card(page, "run.md").getByTestId("source").textContent(), "# Notes\n\n- one\n");
  // Accepted: replaced where it stands.
  asked = answer(page, true);
  await drop(page, [{ name: "run.md", text: "# Notes\n\n- two\n" }]);
  await asked;
  await page.waitForFunction(() => document.querySelector('[data-testid="file-card"][data-name="run.md"] [data-testid="source"]')?.textContent === "# Notes\n\n- two\n");
  assert.equal(await page.locator('[data-testid="file-card"][data-name="run.md"]').count(), 1);
  await done();
});

test("an edited file asks before it is closed; Escape closes the editor and gives the focus back", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "edit-me.md", text: example }]);
  const c = card(page, "edit-me.md");
  await c.getByTestId("edit").click();
  await c.getByTestId("checkpoint-form").getByRole("textbox").fill("DO NOT touch the legacy importer");
  await page.keyboard.press("Escape");
  assert.equal(await c.getByTestId("checkpoint-form").count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "edit");
  await c.getByTestId("edit").click();
  await c.getByTestId("checkpoint-form").getByRole("textbox").fill("DO NOT touch the legacy importer");
  await c.getByTestId("checkpoint-form").getByRole("button", { name: "Add" }).click();
  await card(page, "edit-me.md").getByTestId("edited").waitFor();
  let asked = answer(page, false);
  await card(page, "edit-me.md").getByTestId("close").click();
  assert.match(await asked, /^Close “edit-me.md”\? Its edits were not downloaded and are lost\.$/);
  assert.equal(await card(page, "edit-me.md").count(), 1);
  asked = answer(page, true);
  await card(page, "edit-me.md").getByTestId("close").click();
  await asked;
  await page.waitForFunction(() => !document.querySelector('[data-testid="file-card"][data-name="edit-me.md"]'));
  await done();
});

test("the unit field offers the file's units; a unit it does not have is added only when asked", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "edit-me.md", text: example }]);
  const c = card(page, "edit-me.md");
  await c.getByTestId("edit").click();
  const form = c.getByTestId("progress-form");
  const list = await form.getByLabel("Unit").getAttribute("list");
  assert.deepEqual(await page.locator(`datalist#${list} option`).evaluateAll((os) => os.map((o) => o.value)), [
    "orders/batch_3/",
    "orders/batch_4/",
    "orders/batch_5/",
    "orders/batch_1/",
    "orders/batch_2/",
  ]);
  await form.getByLabel("Unit").fill("orders/bacth_4/");
  const asked = answer(page, false);
  await form.getByRole("button", { name: "Set" }).click();
  assert.match(await asked, /^“orders\/bacth_4\/” is not a unit of this file\. Add it as a new unit\?$/);
  assert.equal(await card(page, "edit-me.md").getByTestId("edited").count(), 0);
  assert.doesNotMatch(await card(page, "edit-me.md").getByTestId("source").textContent(), /bacth/);
  await done();
});

test("two decisions in one minute get two ids; the supersede picker shows each decision's text", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "edit-me.md", text: example }]);
  const c = () => card(page, "edit-me.md");
  await c().getByTestId("edit").click();
  for (const note of ["DO NOT touch the legacy importer", "DO NOT rename the orders table"]) {
    await c().getByTestId("checkpoint-form").getByRole("combobox").selectOption("decision");
    await c().getByTestId("checkpoint-form").getByRole("textbox").fill(note);
    await c().getByTestId("checkpoint-form").getByRole("button", { name: "Add" }).click();
    await page.waitForFunction((note) => document.querySelector('[data-name="edit-me.md"] [data-testid="source"]')?.textContent.includes(note), note);
  }
  const ids = await c().locator('[data-testid="decisions"] > li').evaluateAll((lis) => lis.map((li) => li.dataset.id));
  assert.equal(new Set(ids).size, ids.length, String(ids));
  assert.equal(ids.length, 4);
  const options = await c().getByTestId("supersede-form").locator("option").allTextContents();
  assert.deepEqual(options.slice(2), ["2026-04-22T09:00Z — DO NOT touch the legacy importer", "2026-04-22T09:00Z#2 — DO NOT rename the orders table"]);
  // The second of the minute can be superseded by its id.
  await c().getByTestId("supersede-form").getByRole("combobox").selectOption("2026-04-22T09:00Z#2");
  await c().getByTestId("supersede-form").getByRole("textbox").fill("DO NOT rename the orders or customers tables");
  await c().getByTestId("supersede-form").getByRole("button", { name: "Supersede" }).click();
  await c().locator('[data-testid="decisions"] li.superseded[data-id="2026-04-22T09:00Z#2"]').waitFor({ state: "attached" });
  await done();
});

test("edits a kind of file does not take are not offered; no message names a function", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "memories.json", text: '[{"id": "m1", "content": "Use Redis", "scope": "project"}]\n' }]);
  const c = card(page, "memories.json");
  await c.getByTestId("edit").click();
  assert.equal(await c.getByTestId("edit-note").textContent(), "This file is JSON: the editor's edits are for markdown memory files.");
  assert.equal(await c.locator("form").count(), 0);
  await done();
});

test("the diff since loading: edited · N changes · not downloaded, Undo and Revert", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "edit-me.md", text: example }]);
  const c = () => card(page, "edit-me.md");
  await c().getByTestId("edit").click();
  await c().getByTestId("checkpoint-form").getByRole("textbox").fill("DO NOT touch the legacy importer");
  await c().getByTestId("checkpoint-form").getByRole("button", { name: "Add" }).click();
  await c().getByTestId("edited").waitFor();
  await c().getByTestId("next-form").getByRole("textbox").fill("Re-run batch_2 from file 048");
  await c().getByTestId("next-form").getByRole("button", { name: "Set" }).click();
  await page.waitForFunction(() => /edited · 2 changes · not downloaded/.test(document.querySelector('[data-name="edit-me.md"] [data-testid="edited-state"]')?.textContent ?? ""));
  await c().locator(".diff summary").click();
  const rows = await c().getByTestId("diff").locator("span.add, span.del").evaluateAll((ss) => ss.map((s) => s.className + " " + s.textContent));
  assert.deepEqual(rows, [
    "add +- 2026-04-22T09:00Z — DO NOT touch the legacy importer",
    "del -On next session start: begin with orders/batch_3/ file 095. Apply decisions above before touching any config.",
    "add +Re-run batch_2 from file 048",
  ]);
  await c().screenshot({ path: path.join(shots, "visual-edited-laptop-light.png") });
  // Downloaded: said so.
  await Promise.all([page.waitForEvent("download"), c().getByTestId("download").click()]);
  await page.waitForFunction(() => /· downloaded$/.test(document.querySelector('[data-name="edit-me.md"] [data-testid="edited-state"]')?.textContent ?? ""));
  // Undo takes back the next step; Revert gives the text as loaded.
  await c().getByTestId("undo").click();
  await page.waitForFunction(() => /edited · 1 change · not downloaded/.test(document.querySelector('[data-name="edit-me.md"] [data-testid="edited-state"]')?.textContent ?? ""));
  assert.match(await c().getByTestId("source").textContent(), /begin with orders\/batch_3\/ file 095/);
  await c().getByTestId("revert").click();
  await page.waitForFunction((example) => document.querySelector('[data-name="edit-me.md"] [data-testid="source"]')?.textContent === example, example);
  assert.equal(await c().getByTestId("edited-state").textContent(), "as loaded");
  await done();
});

test("a storage error clears once saving works again", async () => {
  const { page, done } = await open();
  await page.evaluate(() => {
    window.__setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await drop(page, [{ name: "unsaved.md", text: "# Notes\n\n- one\n" }]);
  await page.getByTestId("load-error").first().waitFor();
  await drop(page, [{ name: "unsaved-2.md", text: "# Notes\n\n- two\n" }]);
  assert.equal(await page.getByTestId("load-error").count(), 1);
  await page.evaluate(() => (Storage.prototype.setItem = window.__setItem));
  await drop(page, [{ name: "saved.md", text: "# Notes\n\n- three\n" }]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="load-error"]').length === 0);
  await done();
});

test("a refused conflicting decision offers Supersede with this, Write anyway and Cancel", async () => {
  const { page, done } = await open();
  const text = ["# Session Memory — task_guard", "## Decisions Made", "- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml", "## Progress Markers", "- PENDING: a/", ""].join("\n");
  const c = () => card(page, "guard.md");
  const add = async (note) => {
    await c().getByTestId("checkpoint-form").getByRole("combobox").selectOption("decision");
    await c().getByTestId("checkpoint-form").getByRole("textbox").fill(note);
    await c().getByTestId("checkpoint-form").getByRole("button", { name: "Add" }).click();
  };
  await drop(page, [{ name: "guard.md", text }]);
  await c().getByTestId("edit").click();
  // Refused: the refusal names the decision, and offers three ways on.
  await add("modify config/auth.yaml to add the admin role");
  assert.match(await c().getByTestId("edit-error").textContent(), /conflicts with decision 2026-04-22T07:12Z/);
  const choices = c().getByTestId("refused");
  assert.deepEqual(await choices.getByRole("button").allTextContents(), ["Supersede with this", "Write anyway", "Cancel"]);
  // Cancel: the file is as it was, the text still in its field.
  await choices.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await c().getByTestId("refused").count(), 0);
  assert.equal(await c().getByTestId("edit-error").count(), 0);
  assert.equal(await c().getByTestId("source").textContent(), text);
  assert.equal(await c().getByTestId("checkpoint-form").getByRole("textbox").inputValue(), "modify config/auth.yaml to add the admin role");
  // Supersede with this: the new decision replaces the one it contradicted.
  await add("modify config/auth.yaml to add the admin role");
  await c().getByTestId("supersede-refused").click();
  await page.waitForFunction(() => document.querySelector('[data-name="guard.md"] [data-testid="source"]')?.textContent.includes("SUPERSEDES [2026-04-22T07:12Z] modify config/auth.yaml"));
  assert.equal(await c().locator('[data-testid="decisions"] li.superseded[data-id="2026-04-22T07:12Z"]').count(), 1);
  assert.equal(await c().getByTestId("error-chip").count(), 0, "no conflict left");
  // Write anyway: written as it is, and the check reports the conflict.
  await add("DO NOT modify config/auth.yaml");
  await c().getByTestId("write-anyway").click();
  await c().getByTestId("error-chip").waitFor();
  assert.match(await c().locator('[data-rule="conflicting-decisions"]').first().textContent(), /conflict/);
  await done();
});

test("an edit says where it wrote: a memory bank's checkpoint under the heading its format keeps such entries in", async () => {
  const { page, done } = await open();
  const text = "# Progress\n\n## What Works\n- [x] Login flow\n\n## What's Left to Build\n- [ ] Export to CSV\n\n## Known Issues\n- none\n";
  await chooseFolder(page, "memory-bank", [{ name: "progress.md", text }, { name: "activeContext.md", text: "# Active Context\n\n## Next Steps\n- Export to CSV\n" }]);
  const c = () => card(page, "memory-bank/progress.md");
  await c().getByTestId("edit").click();
  await c().getByTestId("checkpoint-form").getByRole("textbox").fill("the CSV export needs a streaming writer");
  await c().getByTestId("checkpoint-form").getByRole("button", { name: "Add" }).click();
  const said = c().getByTestId("edit-done");
  await said.waitFor();
  const [, under, line] = (await said.textContent()).match(/^Written under “(.+)”, at line (\d+)$/) ?? [];
  const lines = (await c().getByTestId("source").textContent()).split("\n");
  assert.ok(lines[line - 1].includes("the CSV export needs a streaming writer"), `line ${line}: ${lines[line - 1]}`);
  assert.ok(lines.slice(0, line).reverse().find((l) => l.startsWith("#")).includes(under), under);
  // Its link goes to the line.
  await said.getByRole("link").click();
  await page.waitForFunction((n) => document.activeElement?.id?.endsWith(`-L${n}`), line);
  await done();
});
