//! Agent tools (SPEC §7): `memoryTools()` gives the tool definitions a harness hands its
//! model; `applyToolCall(text, name, input, now)` carries out one call on the memory file
//! and returns the new text and the tool result for the model. A refused write (a
//! contradiction, a duplicate) is a tool result with `isError`, so the model can react;
//! only a tool name that is not Memento's throws.

use crate::error::{edit_code, error, Code};
use crate::json::Json;
use crate::options::{self, Opts};
use crate::to_js;
use memento_core::{edit, prompt, secret::redact_about, CheckOptions, Status};
use wasm_bindgen::prelude::*;

/// The definitions, as JSON (Anthropic's `tools` shape: name, description, input_schema).
const TOOLS: &str = r#"[
{"name":"record_decision","description":"Record a decision that must bind every later session of this task: an approach chosen, a constraint (\"DO NOT modify config/auth.yaml\"), a convention. Decisions are never edited; to change one, use supersede_decision. Refused when it contradicts an active decision.","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The decision and its reason, one line."}},"required":["text"],"additionalProperties":false}},
{"name":"supersede_decision","description":"Replace an earlier decision with a new one. The old decision stays in the file, marked superseded. Use the decision id shown by recall (its timestamp, e.g. 2026-04-22T07:12Z).","input_schema":{"type":"object","properties":{"decision_id":{"type":"string","description":"The id of the decision to replace."},"text":{"type":"string","description":"The new decision and its reason, one line."}},"required":["decision_id","text"],"additionalProperties":false}},
{"name":"record_progress","description":"Set the state of a unit of work (one line per unit): COMPLETED when done, IN_PROGRESS with stopped_at when pausing mid-way, PENDING, BLOCKED, FAILED or SKIPPED. Only one unit may be IN_PROGRESS.","input_schema":{"type":"object","properties":{"unit":{"type":"string","description":"The unit, as named before (e.g. orders/batch_3/); a range may follow in parentheses: orders/batch_3/ (files 092-140)."},"status":{"type":"string","enum":["COMPLETED","IN_PROGRESS","PENDING","BLOCKED","FAILED","SKIPPED"]},"stopped_at":{"type":"string","description":"The last item finished inside the unit (e.g. 094): the next session continues after it."}},"required":["unit","status"],"additionalProperties":false}},
{"name":"record_discovery","description":"Record a fact learned about the code or the data that a later session needs (an undocumented field, a malformed file, a pattern).","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The fact, one line."}},"required":["text"],"additionalProperties":false}},
{"name":"set_next_step","description":"Write the exact next action for the next session (replaces the previous one). Refresh it before the context compacts or the session ends.","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The next action, specific enough to start from (file, item, command)."}},"required":["text"],"additionalProperties":false}},
{"name":"recall","description":"Read the session memory: the next action, binding decisions with their ids, the unit in progress, warnings, pending units, discoveries and what is done.","input_schema":{"type":"object","properties":{"budget_tokens":{"type":"integer","description":"At most this many tokens (default 2000)."}},"additionalProperties":false}}
]"#;

/// The tools of [`TOOLS`], in order.
const NAMES: [&str; 6] = ["record_decision", "supersede_decision", "record_progress", "record_discovery", "set_next_step", "recall"];

/// Tool definitions (JSON Schema) for record_decision, supersede_decision, record_progress,
/// record_discovery, set_next_step and recall, in the shape of the Anthropic Messages API
/// (`{ name, description, input_schema }`; for OpenAI, `parameters` is `input_schema`).
#[wasm_bindgen(js_name = memoryTools, unchecked_return_type = "ToolDefinition[]")]
pub fn memory_tools() -> JsValue {
    js_sys::JSON::parse(TOOLS).unwrap_or(JsValue::NULL)
}

/// Carries out one tool call of the model on the memory file `text`. `input` is the call's
/// arguments (an object, or its JSON text); `now` is when it happens (the clock by default).
#[wasm_bindgen(js_name = applyToolCall, unchecked_return_type = "ToolCallResult")]
pub fn apply_tool_call(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "MemoryToolName | string")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TimeInput")] now: JsValue,
) -> Result<JsValue, JsValue> {
    let (text, name) = (crate::options::text_arg(&text, "text")?, crate::options::text_arg(&name, "name")?);
    let (text, name) = (text.as_str(), name.as_str());
    if !NAMES.contains(&name) {
        return Err(error(Code::UnknownTool, format!("`{name}` is not a memory tool (see memoryTools())")));
    }
    let at = if now.is_undefined() || now.is_null() { options::now() } else { options::timestamp(&now)? };
    let outcome = match arguments(&input) {
        Ok(args) => run(text, name, &Opts::new(&args)?, at),
        Err(message) => Err(message),
    };
    let (new_text, is_error, content) = match outcome {
        Ok((new_text, content)) => (new_text, false, content),
        Err(message) => (None, true, message),
    };
    let mut w = Json::with_capacity(text.len() + 256);
    w.obj().field("text", new_text.as_deref().unwrap_or(text)).key("changed").bool(new_text.is_some());
    // A refusal may quote the file, an answer is the prompt: mask the file's secrets in it.
    w.key("result").obj().key("isError").bool(is_error).field("content", &redact_about(&content, text)).end_obj();
    w.end_obj();
    Ok(to_js(w))
}

/// The arguments as an object (a JSON text is parsed), or a message for the model.
fn arguments(input: &JsValue) -> Result<JsValue, String> {
    let value = match input.as_string() {
        Some(s) => js_sys::JSON::parse(&s).map_err(|_| "the tool input is not valid JSON".to_owned())?,
        None => input.clone(),
    };
    if value.is_object() || value.is_undefined() || value.is_null() {
        Ok(value)
    } else {
        Err("the tool input must be an object".to_owned())
    }
}

/// A required string argument, or a message for the model.
fn arg(o: &Opts, key: &str) -> Result<String, String> {
    match o.string(key) {
        Ok(Some(s)) if !s.trim().is_empty() => Ok(s),
        _ => Err(format!("`{key}` is required (a non-empty string)")),
    }
}

/// Runs a call: `Some(new text)` for a write, `None` for a read, and the content for the
/// model; `Err` is a message for the model (nothing was written).
fn run(text: &str, name: &str, o: &Opts, at: memento_core::Timestamp) -> Result<(Option<String>, String), String> {
    let refused = |e: memento_core::EditError| {
        let hint = match edit_code(&e).0 {
            Code::ConflictingDecision => " Use supersede_decision to replace it, or drop the new decision.",
            Code::DuplicateEntry => " It is already recorded; nothing to do.",
            Code::UnknownDecision | Code::AlreadySuperseded => " Call recall to see the active decisions and their ids.",
            _ => "",
        };
        format!("Not recorded: {e}.{hint}")
    };
    match name {
        "recall" => {
            let budget = o.count("budget_tokens").map_err(|_| "`budget_tokens` must be a non-negative integer".to_owned())?;
            let doc = memento_core::parse(text);
            let plan = memento_core::plan(&doc, &CheckOptions::at(at));
            let prompt = prompt::render_prompt(&doc, &plan, budget.unwrap_or(prompt::DEFAULT_BUDGET)).map_err(|e| format!("Not read: {e}."))?;
            Ok((None, prompt))
        }
        "record_decision" | "record_discovery" => {
            let (kind, what) = match name {
                "record_decision" => (edit::Kind::Decision, "decision"),
                _ => (edit::Kind::Discovery, "discovery"),
            };
            let note = arg(o, "text")?;
            let out = edit::checkpoint(text, &note, at, Some(kind)).map_err(refused)?;
            let content = match kind {
                edit::Kind::Decision => format!("Recorded decision [{}].", new_decision_id(&out)),
                _ => format!("Recorded {what}."),
            };
            Ok((Some(out.text), content))
        }
        "supersede_decision" => {
            let (id, note) = (arg(o, "decision_id")?, arg(o, "text")?);
            let out = edit::supersede(text, &id, &note, at).map_err(refused)?;
            let content = format!("Recorded decision [{}], superseding [{}].", new_decision_id(&out), id.trim());
            Ok((Some(out.text), content))
        }
        "record_progress" => {
            let unit = arg(o, "unit")?;
            let word = arg(o, "status")?;
            let status = Status::from_word(&word.trim().to_ascii_uppercase())
                .map(|(s, _)| s)
                .ok_or_else(|| format!("unknown status `{word}`: use COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED or SKIPPED"))?;
            let stop = o.string("stopped_at").map_err(|_| "`stopped_at` must be a string".to_owned())?;
            let out = edit::set_progress(text, &unit, status, stop.as_deref()).map_err(refused)?;
            let mut content = format!("{}: {}", unit.trim(), status.as_str());
            if let Some(s) = stop.filter(|s| !s.trim().is_empty()) {
                content.push_str(&format!(", stopped at {}", s.trim()));
            }
            content.push('.');
            Ok((Some(out.text), content))
        }
        _ => {
            // set_next_step
            let next = arg(o, "text")?;
            let out = edit::set_next(text, &next).map_err(refused)?;
            Ok((Some(out.text), "Next step set.".to_owned()))
        }
    }
}

/// The id of the decision an edit added: the first decision at or after the inserted text.
fn new_decision_id(out: &edit::EditOutcome) -> String {
    let at = out.edits.first().map_or(0, |e| e.range.start());
    let doc = memento_core::parse(&out.text);
    doc.decisions()
        .iter()
        .find(|d| doc.item(d.item).span.start() >= at)
        .map_or_else(String::new, |d| d.id.clone())
}

#[cfg(test)]
mod tests {
    use super::{NAMES, TOOLS};

    #[test]
    fn names_are_the_definitions_in_order() {
        let mut at = 0;
        for name in NAMES {
            let found = TOOLS[at..].find(&format!("{{\"name\":\"{name}\"")).expect(name);
            at += found + 1;
        }
        assert_eq!(TOOLS.matches("{\"name\":").count(), NAMES.len());
    }
}
