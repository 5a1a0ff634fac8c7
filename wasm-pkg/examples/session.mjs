// One session of an agent harness that keeps its memory with memento-wasm: at start it injects
// the memory (renderPrompt) into the model's context; the model works and calls the memory
// tools (memoryTools); the harness carries each call out with applyToolCall and saves the file.
// The process then exits, as a session does when its context runs out. See harness.mjs.
//
//   node session.mjs MEMORY_FILE WORK_LOG SESSION_NUMBER
//
// The "model" is scripted (no network): it reads the injected prompt like a model would, works
// through the task's files from the point the prompt names, and checkpoints as it goes. Its
// context holds CONTEXT_ITEMS files; then the session ends.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { applyToolCall, init, memoryTools, renderPrompt } from "memento-wasm";

const [file, workLog, session] = process.argv.slice(2);
const CONTEXT_ITEMS = 12;
const BATCHES = ["orders/batch_1/", "orders/batch_2/", "orders/batch_3/"]; // 10 files each
const firstItem = (batch) => BATCHES.indexOf(batch) * 10 + 1;
const pad = (n) => String(n).padStart(3, "0");
// A fixed clock per session keeps the example's output the same on every run.
const clock = (minute) => `2026-04-2${session}T0${session}:${pad(minute).slice(1)}Z`;

let text = existsSync(file) ? readFileSync(file, "utf8") : init("checkpoint-log", "task_orders_audit");
let minute = 0;

/** The harness's side of a tool call: apply it, save the file, return the result to the model. */
function tool(name, input) {
  const out = applyToolCall(text, name, input, clock(minute++));
  if (out.changed) {
    text = out.text;
    writeFileSync(file, text);
  }
  console.log(`  tool ${name}(${JSON.stringify(input)}) → ${out.result.isError ? "ERROR " : ""}${out.result.content.split("\n")[0]}`);
  return out.result;
}

// Session start: the memory goes into the model's context first.
const prompt = renderPrompt(text, { now: clock(0) });
console.log(`session ${session}: ${memoryTools().length} memory tools offered; injected memory:\n${prompt}`);

// The scripted model reads the injected memory: its next action names the unit and the file to
// continue at. A fresh memory has none: start from the beginning.
const resume = /Next action: Continue (\S+) at (\d+)/.exec(prompt);
let batch = resume ? resume[1] : BATCHES[0];
let item = resume ? Number(resume[2]) : firstItem(batch);
console.log(JSON.stringify({ session: Number(session), startsAt: `${batch} ${pad(item)}` }));

if (session === "1") {
  tool("record_decision", { text: "DO NOT modify config/auth.yaml — shared by the auth, payments and admin services" });
}
tool("record_progress", { unit: `${batch} (files ${pad(firstItem(batch))}-${pad(firstItem(batch) + 9)})`, status: "IN_PROGRESS" });

for (let used = 0; used < CONTEXT_ITEMS; used++) {
  appendFileSync(workLog, `${pad(item)} session ${session}\n`); // the work itself
  if (item === 7) tool("record_discovery", { text: "orders/batch_1/order_007.json is truncated at line 14: log it, do not process it" });
  if (item === 16) {
    // A choice that contradicts a binding decision is refused; the model keeps to the decision.
    const r = tool("record_decision", { text: "modify config/auth.yaml to add a payments retry" });
    if (r.isError) tool("record_discovery", { text: "payments retries need a config change the auth.yaml decision forbids: ask the owner" });
  }
  const last = firstItem(batch) + 9;
  if (item === last) {
    tool("record_progress", { unit: batch, status: "COMPLETED" });
    const next = BATCHES[BATCHES.indexOf(batch) + 1];
    if (!next) {
      tool("set_next_step", { text: "All batches are processed: write the audit summary." });
      break;
    }
    batch = next;
    item = firstItem(batch);
    tool("record_progress", { unit: `${batch} (files ${pad(item)}-${pad(item + 9)})`, status: "IN_PROGRESS" });
  } else {
    item += 1;
  }
}

// The context is full: checkpoint where the work stopped before the session ends.
if (!text.includes("All batches are processed")) {
  const stop = item > firstItem(batch) ? { stopped_at: pad(item - 1) } : {};
  tool("record_progress", { unit: batch, status: "IN_PROGRESS", ...stop });
  tool("set_next_step", { text: `Continue ${batch} at ${pad(item)}. Apply the decisions above before touching any config.` });
}
console.log(`session ${session}: context full, session ends\n`);
