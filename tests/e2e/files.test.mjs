// Many files, a first visit, small screens and accessibility (issue 14): a file list to find a
// file by, cards that fold, a landing line and a sample that never goes stale, a loading state
// before the wasm arrives, no page wider than the screen, labels people can read.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import zlib from "node:zlib";
import { PHONE, card, chooseFolder, drop, open, shots, url } from "./page.mjs";

const findings = ["# Session Memory — task_two", "## Progress Markers", "- IN_PROGRESS: a/", "- IN_PROGRESS: b/", ""].join("\n");

test("a file list: a row per file (status, errors, last update, mini bar); a click shows the file; a filter", async () => {
  const { page, done } = await open();
  assert.equal(await page.getByTestId("file-list").count(), 0, "no list for one file");
  await drop(page, [{ name: "two.md", text: findings }, { name: "three.md", text: "# Notes\n\n- 2026-04-21T10:00Z — started\n" }]);
  const list = page.getByTestId("file-list");
  const rows = list.locator("li");
  assert.deepEqual(await rows.evaluateAll((lis) => lis.map((li) => li.dataset.name)), ["three.md", "two.md", "session_memory.md"]);
  const two = list.locator('li[data-name="two.md"]');
  assert.equal(await two.locator(".status-chip").textContent(), "in progress");
  assert.equal(await two.getByTestId("list-errors").textContent(), "1 error");
  const sample = list.locator('li[data-name="session_memory.md"]');
  assert.equal(await sample.locator(".updated").textContent(), "2026-04-22T07:23Z");
  assert.equal(await sample.getByRole("progressbar").getAttribute("aria-valuetext"), "2 done · 1 in progress · 0 blocked · 2 pending");
  // Fold the sample's card, then find it by the list: it unfolds and comes into view.
  const c = card(page, "session_memory.md");
  await c.getByTestId("fold").click();
  assert.equal(await c.getByTestId("fold").getAttribute("aria-expanded"), "false");
  assert.equal(await c.getByTestId("next-action").isVisible(), false);
  assert.equal(await c.getByTestId("verdict").isVisible(), true);
  await sample.getByRole("button", { name: "Show session_memory.md" }).click();
  await c.getByTestId("next-action").waitFor();
  await page.waitForFunction(() => {
    const top = document.querySelector('[data-testid="file-card"][data-name="session_memory.md"]').getBoundingClientRect().top;
    return top > -5 && top < window.innerHeight / 2;
  });
  // The filter.
  await page.getByTestId("file-filter").fill("TW");
  assert.deepEqual(await rows.evaluateAll((lis) => lis.map((li) => li.dataset.name)), ["two.md"]);
  await page.screenshot({ path: path.join(shots, "visual-files-laptop-light.png") });
  await done();
});

test("a first visit: a landing line naming the files it reads, a sample labelled as such whose clock stands still", async () => {
  const { page, done } = await open();
  const landing = await page.getByTestId("landing").textContent();
  for (const kind of ["session_memory.md", "Claude Code's session notes", "memory-bank/", "claude-progress.txt", "JSON or JSONL"]) {
    assert.ok(landing.includes(kind), `${kind} in: ${landing}`);
  }
  assert.equal(await card(page, "session_memory.md").getByTestId("sample-badge").textContent(), "sample · clock frozen at 2026-04-22T07:23Z");
  await done();
  // A year later the sample is as it was: no stale warning grows on it.
  const later = await open();
  await later.page.clock.setFixedTime(new Date("2027-06-01T12:00:00Z"));
  await later.page.reload();
  const c = card(later.page, "session_memory.md");
  await c.waitFor();
  assert.equal(await c.getByTestId("verdict").getAttribute("data-tone"), "ok");
  assert.equal(await c.locator('[data-rule="stale-memory"]').count(), 0);
  await later.done();
});

test("the page says it is loading until the wasm arrives", async () => {
  const { page, done } = await open();
  assert.equal(await page.locator("#loading").count(), 0, "gone once the app drew itself");
  await done();
  const { page: slow, done: slowDone } = await open();
  await slow.route(/\.wasm$/, (route) => route.abort());
  await slow.goto(url);
  await slow.locator("#loading").waitFor();
  assert.match(await slow.locator("#loading").textContent(), /Loading Memento/);
  await slow.unroute(/\.wasm$/);
  await slowDone().catch(() => {}); // the aborted wasm is an error of that page, on purpose
});

test("on a phone: long unbroken text wraps, the page is never wider than the screen", async () => {
  const { page, done } = await open({ viewport: PHONE });
  const long = "x".repeat(400);
  const text = [`# Session Memory — task_${long}`, "## Decisions Made", `- 2026-04-22T07:12Z — DO NOT modify config/${long}.yaml`, "## Progress Markers", `- IN_PROGRESS: orders/${long}/`, "## Next Session Start", `Begin with ${long}`, ""].join("\n");
  await drop(page, [{ name: `${"n".repeat(120)}.md`, text }]);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the page is ${wide}px wider than the screen`);
  await page.screenshot({ path: path.join(shots, "visual-long-phone-light.png") });
  await done();
});

test("labels people can read: contrast of 4.5:1 or more, light and dark; buttons named for their file", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, done } = await open({ colorScheme });
    await drop(page, [{ name: "two.md", text: findings }]);
    const low = await page.evaluate(() => {
      // "rgb(r, g, b[, a])", or "color(srgb r g b[ / a])" (0 to 1) for a color-mix().
      const rgb = (c) => {
        const n = c.match(/[\d.]+/g).map(Number);
        return c.startsWith("color(srgb") ? [...n.slice(0, 3).map((v) => v * 255), ...n.slice(3)] : n;
      };
      const lum = ([r, g, b]) => {
        const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const background = (e) => {
        for (; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length < 4 || c[3] > 0.5) return c.slice(0, 3);
        }
        return [255, 255, 255];
      };
      const selectors = [".facts dt", ".legend", "a.line", ".from", ".chip", ".verdict-status", ".severity", ".unit-status", ".timeline .axis", "h3", ".status-chip", ".finding-badge", ".caret-label", "header.top p"];
      const out = [];
      for (const s of selectors) {
        for (const e of document.querySelectorAll(s)) {
          if (!e.getClientRects().length) continue;
          const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(background(e))];
          const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          if (ratio < 4.5) out.push(`${s} ${ratio.toFixed(2)} "${e.textContent.slice(0, 30)}"`);
        }
      }
      return out;
    });
    assert.deepEqual(low, [], colorScheme);
    const c = card(page, "two.md");
    for (const name of ["Edit two.md", "Download two.md", "Share a link to two.md", "Export two.md as HTML", "Fold two.md", "Close two.md"]) {
      assert.equal(await c.getByRole("button", { name, exact: true }).count(), 1, name);
    }
    await done();
  }
});

test("a share link says its length (past 8 KB it advises the HTML export) and opens when pasted into an open tab", async () => {
  const { page, done } = await open();
  const sample = card(page, "session_memory.md");
  await sample.getByTestId("share").click();
  assert.match(await sample.getByTestId("share-size").textContent(), /^\d{3} characters$/);
  // Text that does not compress: a long link.
  const noise = Array.from({ length: 3000 }, (_, i) => ((i * 2654435761) % 4294967296).toString(36)).join(" ");
  await drop(page, [{ name: "noise.md", text: `# Notes\n\n${noise}\n` }]);
  const c = card(page, "noise.md");
  await c.getByTestId("share").click();
  assert.match(await c.getByTestId("share-size").textContent(), /^\d{5} characters: long for a link, Export HTML travels better$/);
  // The link opens the file it carries.
  const link = await c.getByTestId("share-link").inputValue();
  // Pasted into this open tab: only the fragment changes, and the shared file opens.
  await page.goto(link);
  await page.getByTestId("shared-note").waitFor();
  assert.equal(await page.getByTestId("source").textContent(), `# Notes\n\n${noise}\n`);
  await done();
});

test("files from a folder download under their own name", async () => {
  const { page, done } = await open();
  await chooseFolder(page, "memory-bank", [{ name: "progress.md", text: "# Progress\n\n## What Works\n- ✅ Login flow\n" }]);
  const c = card(page, "memory-bank/progress.md");
  const [download] = await Promise.all([page.waitForEvent("download"), c.getByTestId("download").click()]);
  assert.equal(download.suggestedFilename(), "progress.md");
  await done();
});

test("on a phone a card's actions are in an overflow menu", async () => {
  const { page, done } = await open({ viewport: PHONE });
  const c = card(page, "session_memory.md");
  const menu = c.getByRole("button", { name: "Actions for session_memory.md" });
  assert.equal(await menu.getAttribute("aria-expanded"), "false");
  assert.equal(await c.getByTestId("download").isVisible(), false);
  await menu.click();
  assert.equal(await menu.getAttribute("aria-expanded"), "true");
  assert.equal(await c.getByTestId("download").isVisible(), true);
  await page.screenshot({ path: path.join(shots, "visual-overflow-phone-light.png") });
  await done();
  // On a laptop: no menu, the actions in a row.
  const laptop = await open();
  assert.equal(await card(laptop.page, "session_memory.md").getByTestId("overflow").isVisible(), false);
  assert.equal(await card(laptop.page, "session_memory.md").getByTestId("download").isVisible(), true);
  await laptop.done();
});

test("a shared view offers to copy the file into my workspace", async () => {
  const { page, done } = await open();
  await card(page, "session_memory.md").getByTestId("share").click();
  const link = await card(page, "session_memory.md").getByTestId("share-link").inputValue();
  await page.goto(link);
  await page.getByTestId("shared-note").waitFor();
  await page.getByTestId("copy-to-workspace").click();
  // The workspace, with the copy in it (the sample's name is the bundled example's, so the copy
  // is a file of its own beside it).
  await page.waitForURL((u) => !u.hash.includes("share="));
  const copy = card(page, "session_memory.md");
  await page.locator('[data-testid="file-card"]').nth(1).waitFor();
  const names = await page.getByTestId("file-card").evaluateAll((cards) => cards.map((c) => c.dataset.name));
  assert.deepEqual(names, ["session_memory.md", "session_memory.md"]);
  assert.equal(await copy.getByTestId("sample-badge").count(), 0, "the copy comes first and is not the sample");
  await done();
});

test("bidi-override and zero-width characters are shown in the source view, and reported", async () => {
  const { page, done } = await open();
  const text = "# Notes\n\n- allow\u202Eelif.terces\u202C now\n- zero\u200Bwidth\n";
  await drop(page, [{ name: "hidden.md", text }]);
  const c = card(page, "hidden.md");
  const marks = c.getByTestId("source").getByTestId("invisible");
  assert.deepEqual(await marks.evaluateAll((m) => m.map((e) => e.dataset.cp)), ["U+202E", "U+202C", "U+200B"]);
  // Drawn visibly: each mark takes room and says its code point.
  for (const m of await marks.all()) {
    const shown = await m.evaluate((e) => ({ width: e.getBoundingClientRect().width, before: getComputedStyle(e, "::before").content }));
    assert.ok(shown.width > 10, JSON.stringify(shown));
    assert.match(shown.before, /U\+20/);
  }
  // The text is the file's own (nothing added to it), and the rule reports both lines.
  assert.equal(await c.getByTestId("source").textContent(), text);
  assert.equal(await c.locator('[data-rule="invisible-character"]').count(), 2);
  await c.getByTestId("source").screenshot({ path: path.join(shots, "visual-invisible-laptop-light.png") });
  await done();
});

test("a share link that unpacks past 32 MB is refused as broken, not unpacked whole", async () => {
  const { page, done } = await open();
  const bomb = zlib.deflateRawSync(Buffer.alloc(40 << 20, 0x61)).toString("base64url");
  await page.goto(`${url}#share=${bomb}&name=bomb.md`);
  await page.getByTestId("share-error").waitFor();
  assert.match(await page.getByTestId("share-error").textContent(), /^This share link is broken: its data does not decompress/);
  await done();
});
