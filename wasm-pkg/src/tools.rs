//! Agent tools (docs/integration.md): `memoryTools()` gives memento-edit's tool definitions;
//! `applyToolCall(text, name, input, now)` reads the call's arguments from JavaScript and
//! hands them to memento-edit (`memento_edit::tools`), which carries the call out. A refused
//! write is a tool result with `isError`, so the model can react; only a tool name that is
//! not Memento's throws.

use crate::error::{error, Code, Thrown};
use crate::model::to_js;
use crate::options::{self, Opts};
use memento_core::options::OptionSource;
use memento_edit::tools::{self, ToolName};
use wasm_bindgen::prelude::*;

/// Tool definitions (JSON Schema) for record_decision, supersede_decision, record_progress,
/// record_discovery, set_next_step and recall, in the shape of the Anthropic Messages API
/// (`{ name, description, input_schema }`; for OpenAI, `parameters` is `input_schema`).
#[wasm_bindgen(js_name = memoryTools, unchecked_return_type = "ToolDefinition[]")]
pub fn memory_tools() -> JsValue {
    js_sys::JSON::parse(tools::DEFINITIONS).unwrap_or(JsValue::NULL)
}

/// Carries out one tool call of the model on the memory file `text`. `input` is the call's
/// arguments (an object, or its JSON text); `now` is when it happens (the clock by default).
#[wasm_bindgen(js_name = applyToolCall, unchecked_return_type = "ToolCallResult")]
pub fn apply_tool_call(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "MemoryToolName | string")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TimeInput")] now: JsValue,
) -> Result<JsValue, Thrown> {
    let (text, name) = (options::text_arg(&text, "text")?, options::text_arg(&name, "name")?);
    let tool = ToolName::from_name(&name)
        .ok_or_else(|| error(Code::UnknownTool, format!("`{name}` is not a memory tool (see memoryTools())")))?;
    let at = options::time_arg(&now, "now")?;
    let args = arguments(&input);
    let opts = match &args {
        Ok(value) => Ok(Opts::new(value)?),
        Err(message) => Err(message.clone()),
    };
    let out = tools::apply(&text, tool, opts.as_ref().map(|o| o as &dyn OptionSource).map_err(Clone::clone), at);
    Ok(to_js(&out.result(&text)))
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
