// A memory store in the dashboard (issue 13): rows grouped by scope and tag, newest first; the
// rows the check flags as stale or duplicate marked; a filter to one scope.
import { test } from "node:test";
import assert from "node:assert/strict";
import { card, drop, open, shoot } from "./page.mjs";

// Seeds 003 and 004: a JSONL store written by two agents. m1 is old (stale at 2026-04-22),
// m4 repeats m3.
export const store = [
  { id: "m1", agent_id: "agent-a", tag: "user_preference", content: "prefers plain <b>markdown</b>", created_at: "2025-11-02T10:00:00Z", updated_at: "2025-11-02T10:00:00Z" },
  { id: "m2", agent_id: "agent-b", tag: "project_state", content: "deploy blocked on review", created_at: "2026-04-20T09:00:00Z" },
  { id: "m3", agent_id: "agent-a", tag: "project_state", content: "migration at step 3", created_at: "2026-04-21T09:00:00Z" },
  { id: "m4", agent_id: "agent-a", tag: "project_state", content: "migration at step 3", created_at: "2026-04-21T10:00:00Z" },
  { id: "m5", agent_id: "agent-b", tags: ["api", "auth"], content: "tokens expire after 1 h", created_at: "2026-04-21T11:00:00Z" },
].map((row) => JSON.stringify(row)).join("\n") + "\n";

test("a memory store: rows by scope and tag, newest first, stale and duplicate rows marked, a scope filter", async () => {
  const { page, done } = await open();
  await drop(page, [{ name: "memories.jsonl", text: store }]);
  const rows = card(page, "memories.jsonl").getByTestId("store");
  const ids = () => rows.locator("li[data-id]").evaluateAll((lis) => lis.map((li) => li.dataset.id));
  // agent-a (3 rows): #project_state newest first, then #user_preference; agent-b (2 rows).
  assert.deepEqual(await ids(), ["m4", "m3", "m1", "m5", "m2"]);
  const scopes = await rows.locator("section.scope h4").allTextContents();
  assert.deepEqual(scopes, ["agent-a · 3 rows", "agent-b · 2 rows"]);
  assert.deepEqual(await rows.locator('section.scope[data-scope="agent-b"] h5').allTextContents(), ["#api · 1 row", "#project_state · 1 row"]);
  // Marked: m1 stale, m4 a duplicate; said in words above the groups.
  assert.equal(await rows.locator('li[data-id="m1"] .audit-badge').textContent(), "stale");
  assert.equal(await rows.locator('li[data-id="m4"] .audit-badge').textContent(), "duplicate");
  assert.equal(await rows.locator('li[data-id="m3"] .audit-badge').count(), 0);
  assert.equal(await rows.getByTestId("store-audit").textContent(), "1 stale · 1 duplicate");
  // Content is text, never markup.
  assert.equal(await rows.locator('li[data-id="m1"] .content').textContent(), "prefers plain <b>markdown</b>");
  assert.equal(await rows.locator("b").count(), 0);
  // The filter: one scope's rows only, then all again.
  const filter = rows.getByTestId("scope-filter");
  assert.deepEqual(await filter.locator("option").allTextContents(), ["all 2 · 5 rows", "agent-a · 3 rows", "agent-b · 2 rows"]);
  await filter.selectOption("agent-b");
  assert.deepEqual(await ids(), ["m5", "m2"]);
  assert.equal(await rows.getByText("migration at step 3").count(), 0);
  await filter.selectOption("");
  assert.equal((await ids()).length, 5);
  // A row's line link goes to its line of the source.
  await rows.locator('li[data-id="m2"] a.line').click();
  await page.waitForFunction(() => document.activeElement?.id?.endsWith("-L2"));
  await done();
});

test("screenshots: a memory store, laptop and phone, light and dark", async () => {
  await shoot("store", [{ name: "memories.jsonl", text: store }], "memories.jsonl");
});
