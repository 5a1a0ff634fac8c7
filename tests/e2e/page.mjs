// What the e2e specs of issue 14 share: a fresh dashboard per spec (its own context, storage
// and clock) that fails the spec for any error its page raised, a card by file name, a drop.
// Needs the built dashboard at MEMENTO_URL (scripts/test.sh serves dist/).
import { after, before } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const shots = path.join(here, "tmp");
export const url = process.env.MEMENTO_URL ?? "http://127.0.0.1:8080/";
export const example = fs.readFileSync(path.join(here, "..", "..", "core/tests/fixtures/checkpoint-log.md"), "utf8");

let browser;
before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
});
after(async () => {
  await browser?.close();
});

export const LAPTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh page (its own storage) at the morning the example was written; `errors` collects
 * what the page threw or logged as an error. */
export async function open({ viewport = LAPTOP, colorScheme = "light" } = {}) {
  // No service worker: each spec sees the page as served (and can intercept its requests).
  const context = await browser.newContext({ viewport, colorScheme, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  await page.clock.setFixedTime(new Date("2026-04-22T09:00:00Z"));
  await page.goto(url);
  await card(page, "session_memory.md").waitFor({ timeout: 10_000 });
  const done = async () => {
    await context.close();
    assert.deepEqual(errors, []);
  };
  return { page, done };
}

/** The card of one loaded file, by file name. */
export const card = (page, name) => page.locator(`[data-testid="file-card"][data-name="${name}"]`).first();

/** Drops files on the drop zone as a drag from the desktop would. */
export async function drop(page, files) {
  await page.getByTestId("drop-zone").evaluate((zone, files) => {
    const data = new DataTransfer();
    for (const { name, text } of files) data.items.add(new File([text], name, { type: "text/markdown" }));
    for (const type of ["dragenter", "dragover", "drop"]) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
  await card(page, files.at(-1).name).waitFor({ timeout: 10_000 });
}

/** Screenshots of one card at laptop and phone sizes, light and dark; `before(page)` acts on
 * the page first, and the whole screen is taken when it opened a dialog. */
export async function shoot(name, files, focus, before) {
  for (const [size, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
    for (const colorScheme of ["light", "dark"]) {
      const { page, done } = await open({ viewport, colorScheme });
      if (files) await drop(page, files);
      if (before) await before(page);
      const target = (await page.getByRole("dialog").count()) ? page : card(page, focus);
      await target.screenshot({ path: path.join(shots, `visual-${name}-${size}-${colorScheme}.png`) });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${name} at ${size} is ${wide}px wider than the screen`);
      await done();
    }
  }
}

/** Chooses a folder (a memory bank) in the folder picker: `files` written under `folder` in a
 * fresh temporary directory. Resolves once the last file's card is drawn. */
export async function chooseFolder(page, folder, files) {
  const root = path.join(fs.mkdtempSync(path.join(shots, "folder-")), folder);
  fs.mkdirSync(root, { recursive: true });
  for (const { name, text } of files) fs.writeFileSync(path.join(root, name), text);
  await page.getByTestId("folder-input").setInputFiles(root);
  for (const { name } of files) await card(page, `${folder}/${name}`).waitFor({ timeout: 10_000 });
}
