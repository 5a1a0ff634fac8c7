// `memento mcp` driven by the MCP SDK's own client over stdio, as a harness runs it: the
// installed bin as the server, tools listed and each called, a refused write coming back as
// a tool error that says why (and the file as it was), the resume prompt, each memory file
// as a resource; over a folder, the file each call works on (docs/integration.md).
import test from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SEED, bin, project, requireProject, run } from "./project.mjs";

requireProject();


function folder() {
  mkdirSync(join(project, "mcp"), { recursive: true });
  return mkdtempSync(join(project, "mcp", "t-"));
}

async function connect(target, cwd) {
  const client = new Client({ name: "memento-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: bin, args: ["mcp", target], cwd, stderr: "pipe" }));
  return client;
}

const text = (result) => result.content.map((c) => c.text).join("");

test("mcp FILE: the tools listed and each called, a refused write as a tool error, the prompt, the file as a resource", async () => {
  const dir = folder();
  const file = join(dir, "session_memory.md");
  writeFileSync(file, SEED);
  const client = await connect("session_memory.md", dir);
  try {
    assert.equal(client.getServerVersion().name, "memento");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["record_decision", "supersede_decision", "record_progress", "record_discovery", "set_next_step", "recall"]);
    for (const t of tools) assert.equal(t.inputSchema.type, "object", t.name);

    let r = await client.callTool({ name: "recall", arguments: {} });
    assert.ok(!r.isError);
    assert.match(text(r), /Next action: On next session start: begin with orders\/batch_3\/ file 095/);

    // A decision that contradicts an active one: refused, said why, nothing written.
    r = await client.callTool({ name: "record_decision", arguments: { text: "modify config/auth.yaml to add the new issuer" } });
    assert.equal(r.isError, true);
    assert.match(text(r), /^Not recorded: .*2026-04-22T07:12Z.*Use supersede_decision/);
    assert.equal(readFileSync(file, "utf8"), SEED);

    r = await client.callTool({ name: "supersede_decision", arguments: { decision_id: "2026-04-22T07:12Z", text: "modify config/auth.yaml to add the new issuer; the three services were migrated" } });
    assert.ok(!r.isError, text(r));
    assert.match(text(r), /^Recorded decision \[.+\], superseding \[2026-04-22T07:12Z\]\.$/);
    r = await client.callTool({ name: "record_decision", arguments: { text: "Use batches of 50 files" } });
    assert.ok(!r.isError, text(r));
    r = await client.callTool({ name: "record_progress", arguments: { unit: "orders/batch_3/", status: "IN_PROGRESS", stopped_at: "120" } });
    assert.deepEqual([r.isError, text(r)], [false, "orders/batch_3/: IN_PROGRESS, stopped at 120."]);
    r = await client.callTool({ name: "record_discovery", arguments: { text: "order_101.json has a second currency field" } });
    assert.ok(!r.isError, text(r));
    r = await client.callTool({ name: "record_discovery", arguments: { text: "order_101.json has a second currency field" } });
    assert.equal(r.isError, true, "a duplicate is refused");
    assert.match(text(r), /already recorded/);
    r = await client.callTool({ name: "set_next_step", arguments: { text: "Continue orders/batch_3/ at file 121." } });
    assert.ok(!r.isError, text(r));
    r = await client.callTool({ name: "record_progress", arguments: { unit: "orders/batch_3/" } });
    assert.equal(r.isError, true, "a missing argument is the model's to fix");

    const written = readFileSync(file, "utf8");
    assert.match(written, /SUPERSEDES \[2026-04-22T07:12Z\] modify config\/auth\.yaml/);
    assert.match(written, /IN_PROGRESS: orders\/batch_3\/ .*stopped at 120/);
    assert.equal(written.match(/second currency field/g).length, 1);
    assert.equal(run(bin, ["check", "session_memory.md"], { cwd: dir }).status, 0, "the file checks clean");

    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ["resume"]);
    const p = await client.getPrompt({ name: "resume", arguments: {} });
    assert.equal(p.messages[0].role, "user");
    assert.match(p.messages[0].content.text, /^<session-memory>\n[\s\S]*Next action: Continue orders\/batch_3\/ at file 121\./);
    const small = await client.getPrompt({ name: "resume", arguments: { budget: "120" } });
    assert.ok(small.messages[0].content.text.length < p.messages[0].content.text.length);
    await assert.rejects(client.getPrompt({ name: "resume", arguments: { budget: "lots" } }), /budget must be a whole number/);

    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((x) => [x.name, x.uri, x.mimeType]), [["session_memory.md", pathToFileURL(file).href, "text/markdown"]]);
    const read = await client.readResource({ uri: resources[0].uri });
    assert.equal(read.contents[0].text, written);
    await assert.rejects(client.readResource({ uri: pathToFileURL("/etc/passwd").href }), /no memory file/);
    await assert.rejects(client.callTool({ name: "delete_everything", arguments: {} }), /unknown tool/);
  } finally {
    await client.close();
  }
});

test("mcp DIR: each call names its file; recall without one previews them all; secrets masked in resources", async () => {
  const dir = folder();
  mkdirSync(join(dir, "memory", "b"), { recursive: true });
  writeFileSync(join(dir, "memory", "a.md"), SEED);
  const key = "ghp_1234567890abcdefghijABCDEFGHIJ123456";
  writeFileSync(join(dir, "memory", "b", "notes.md"), SEED.replace("task_orders_audit_20260422", "task_b").replace("- Order schema", `- deploy token ${key}\n- Order schema`));
  const client = await connect("memory", dir);
  try {
    const { tools } = await client.listTools();
    const decision = tools.find((t) => t.name === "record_decision");
    assert.deepEqual(decision.inputSchema.properties.file.enum, ["a.md", "b/notes.md"]);
    assert.ok(decision.inputSchema.required.includes("file"));
    let r = await client.callTool({ name: "record_discovery", arguments: { text: "batch_4 is empty" } });
    assert.equal(r.isError, true);
    assert.match(text(r), /name the memory file .*a\.md, b\/notes\.md/);
    r = await client.callTool({ name: "record_discovery", arguments: { file: "../escape.md", text: "batch_4 is empty" } });
    assert.equal(r.isError, true);
    r = await client.callTool({ name: "record_discovery", arguments: { file: "b/notes.md", text: "batch_4 is empty" } });
    assert.ok(!r.isError, text(r));
    assert.match(readFileSync(join(dir, "memory", "b", "notes.md"), "utf8"), /batch_4 is empty/);
    assert.doesNotMatch(readFileSync(join(dir, "memory", "a.md"), "utf8"), /batch_4 is empty/);
    r = await client.callTool({ name: "recall", arguments: {} });
    assert.match(text(r), /## a\.md \(/);
    assert.match(text(r), /## b\/notes\.md \(/);
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((x) => x.name), ["a.md", "b/notes.md"]);
    const read = await client.readResource({ uri: resources[1].uri });
    assert.ok(!read.contents[0].text.includes(key), "no detected secret in full");
    assert.match(read.contents[0].text, /ghp_/);
  } finally {
    await client.close();
  }
});

test("mcp over the agent harnesses' formats: a Basic Memory folder takes decisions and facts in its own shape, refuses a conflicting one, and recalls", async () => {
  const dir = folder();
  const fixtures = new URL("../../core/tests/fixtures/basic-memory/", import.meta.url);
  mkdirSync(join(dir, "notes"), { recursive: true });
  for (const name of ["order-service.md", "billing-gateway.md", "orders-runbook.md"]) {
    writeFileSync(join(dir, "notes", name), readFileSync(new URL(name, fixtures)));
  }
  const client = await connect("notes", dir);
  try {
    const note = join(dir, "notes", "order-service.md");
    const before = readFileSync(note, "utf8");
    let r = await client.callTool({ name: "recall", arguments: { file: "order-service.md" } });
    assert.ok(!r.isError, text(r));
    assert.match(text(r), /optimistic locking/);
    r = await client.callTool({ name: "record_decision", arguments: { file: "order-service.md", text: "Use a dead-letter queue for failed billing callbacks" } });
    assert.ok(!r.isError, text(r));
    const after = readFileSync(note, "utf8");
    assert.match(after, /^- \[decision\] Use a dead-letter queue for failed billing callbacks/m, "written as an observation");
    assert.equal(after.replace(/^- \[decision\] Use a dead-letter queue[^\n]*\n/m, ""), before, "what was there is kept, byte for byte");
    // The opposite of an active decision is refused, the note left as it was.
    r = await client.callTool({ name: "record_decision", arguments: { file: "order-service.md", text: "Do not use optimistic locking on the orders table" } });
    assert.equal(r.isError, true, text(r));
    assert.equal(readFileSync(note, "utf8"), after);
  } finally {
    await client.close();
  }
});
