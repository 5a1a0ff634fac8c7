//! The memory tools an agent harness hands its model (docs/integration.md): their
//! definitions (JSON Schema, in the shape of the Anthropic Messages API's `tools`) and what one
//! call does to a memory file. A refused write (a contradiction, a duplicate) is a result the
//! model reads, with a hint what to do instead; nothing is written then. Every result is
//! masked against the file's secrets (docs/secrets.md): a refusal may quote the file, and
//! `recall` is the prompt.

use memento_core::document::{Status, UnknownStatus};
use crate::edit::{self, EditError, EditOutcome, Kind};
use memento_core::time::Timestamp;
use crate::prompt;
use memento_core::options::OptionSource;
use memento_core::{secret, CheckOptions};

memento_core::named! {
    /// The memory tools, in the order of [`DEFINITIONS`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum ToolName {
        RecordDecision = "record_decision",
        SupersedeDecision = "supersede_decision",
        RecordProgress = "record_progress",
        RecordDiscovery = "record_discovery",
        SetNextStep = "set_next_step",
        Recall = "recall",
    }
}

/// The definitions, as JSON: one object per [`ToolName`], in order.
pub const DEFINITIONS: &str = r#"[
{"name":"record_decision","description":"Record a decision that must bind every later session of this task: an approach chosen, a constraint (\"DO NOT modify config/auth.yaml\"), a convention. Decisions are never edited; to change one, use supersede_decision. Refused when it contradicts an active decision.","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The decision and its reason, one line."}},"required":["text"],"additionalProperties":false}},
{"name":"supersede_decision","description":"Replace an earlier decision with a new one. The old decision stays in the file, marked superseded. Use the decision id shown by recall (its timestamp, e.g. 2026-04-22T07:12Z).","input_schema":{"type":"object","properties":{"decision_id":{"type":"string","description":"The id of the decision to replace."},"text":{"type":"string","description":"The new decision and its reason, one line."}},"required":["decision_id","text"],"additionalProperties":false}},
{"name":"record_progress","description":"Set the state of a unit of work (one line per unit): COMPLETED when done, IN_PROGRESS with stopped_at when pausing mid-way, PENDING, BLOCKED, FAILED or SKIPPED. Only one unit may be IN_PROGRESS.","input_schema":{"type":"object","properties":{"unit":{"type":"string","description":"The unit, as named before (e.g. orders/batch_3/); a range may follow in parentheses: orders/batch_3/ (files 092-140)."},"status":{"type":"string","enum":["COMPLETED","IN_PROGRESS","PENDING","BLOCKED","FAILED","SKIPPED"]},"stopped_at":{"type":"string","description":"The last item finished inside the unit (e.g. 094): the next session continues after it."}},"required":["unit","status"],"additionalProperties":false}},
{"name":"record_discovery","description":"Record a fact learned about the code or the data that a later session needs (an undocumented field, a malformed file, a pattern).","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The fact, one line."}},"required":["text"],"additionalProperties":false}},
{"name":"set_next_step","description":"Write the exact next action for the next session (replaces the previous one). Refresh it before the context compacts or the session ends.","input_schema":{"type":"object","properties":{"text":{"type":"string","description":"The next action, specific enough to start from (file, item, command)."}},"required":["text"],"additionalProperties":false}},
{"name":"recall","description":"Read the session memory: the next action, binding decisions with their ids, the unit in progress, warnings, pending units, discoveries and what is done.","input_schema":{"type":"object","properties":{"budget_tokens":{"type":"integer","description":"At most this many tokens (default 2000)."}},"additionalProperties":false}}
]"#;

/// What a call did: the new text (`None` when nothing was written) and what goes back to the
/// model (`content`, and `is_error` for a refusal or a bad argument).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolOutcome {
    pub text: Option<String>,
    pub is_error: bool,
    pub content: String,
}

/// `ToolCallResult`, what the npm package's `applyToolCall` gives: the file after the call
/// (the text called on when nothing was written), and what goes back to the model.
#[derive(Debug, serde::Serialize)]
pub struct ToolCallResult<'a> {
    pub text: &'a str,
    pub changed: bool,
    pub result: ToolResult<'a>,
}

/// `ToolResult`: `content` and `is_error` of a tool result.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult<'a> {
    pub is_error: bool,
    pub content: &'a str,
}

impl ToolOutcome {
    /// The result of this call on `text`, as it goes back to the caller.
    pub fn result<'a>(&'a self, text: &'a str) -> ToolCallResult<'a> {
        let ToolOutcome { text: written, is_error, content } = self;
        let result = ToolResult { is_error: *is_error, content };
        ToolCallResult { text: written.as_deref().unwrap_or(text), changed: written.is_some(), result }
    }
}

/// Carries out one call of `tool` on the memory file `text` at time `at`. `input` is the
/// call's arguments as the model sent them (read by key, as every option is), or why they
/// could not be read (a message for the model).
pub fn apply(text: &str, tool: ToolName, input: Result<&dyn OptionSource, String>, at: Timestamp) -> ToolOutcome {
    let (new_text, is_error, content) = match input.and_then(|input| run(text, tool, input, at)) {
        Ok((new_text, content)) => (new_text, false, content),
        Err(message) => (None, true, message),
    };
    ToolOutcome { text: new_text, is_error, content: secret::redact_about(&content, text).into_owned() }
}

/// A required string argument, or a message for the model.
fn required(input: &dyn OptionSource, key: &str) -> Result<String, String> {
    match input.string(key) {
        Ok(Some(s)) if !s.trim().is_empty() => Ok(s),
        _ => Err(format!("`{key}` is required (a non-empty string)")),
    }
}

/// A refused edit, said to the model with what to do instead.
fn refused(e: EditError) -> String {
    let hint = match e {
        EditError::ConflictsWith { .. } => " Use supersede_decision to replace it, or drop the new decision.",
        EditError::DuplicateEntry { .. } => " It is already recorded; nothing to do.",
        EditError::UnknownDecision(_) | EditError::AlreadySuperseded { .. } => {
            " Call recall to see the active decisions and their ids."
        }
        _ => "",
    };
    format!("Not recorded: {e}.{hint}")
}

/// Runs a call: `Some(new text)` for a write, `None` for a read, and the content for the
/// model; `Err` is a message for the model (nothing was written).
fn run(text: &str, tool: ToolName, input: &dyn OptionSource, at: Timestamp) -> Result<(Option<String>, String), String> {
    match tool {
        ToolName::Recall => {
            let budget = input.count("budget_tokens").map_err(|e| e.to_string())?;
            let doc = memento_core::parse(text);
            let plan = memento_core::plan(&doc, &CheckOptions::at(at));
            let prompt = prompt::render_prompt(&doc, &plan, budget.unwrap_or(prompt::DEFAULT_BUDGET))
                .map_err(|e| format!("Not read: {e}."))?;
            Ok((None, prompt))
        }
        ToolName::RecordDecision => {
            let out = edit::checkpoint(text, &required(input, "text")?, at, Some(Kind::Decision)).map_err(refused)?;
            let content = format!("Recorded decision [{}].", new_decision_id(&out));
            Ok((Some(out.text), content))
        }
        ToolName::RecordDiscovery => {
            let out = edit::checkpoint(text, &required(input, "text")?, at, Some(Kind::Discovery)).map_err(refused)?;
            Ok((Some(out.text), "Recorded discovery.".to_owned()))
        }
        ToolName::SupersedeDecision => {
            let (id, note) = (required(input, "decision_id")?, required(input, "text")?);
            let out = edit::supersede(text, &id, &note, at).map_err(refused)?;
            let content = format!("Recorded decision [{}], superseding [{}].", new_decision_id(&out), id.trim());
            Ok((Some(out.text), content))
        }
        ToolName::RecordProgress => {
            let unit = required(input, "unit")?;
            let status = Status::read(&required(input, "status")?).map_err(|e: UnknownStatus| e.to_string())?;
            let stop = input.string("stopped_at").map_err(|e| e.to_string())?;
            let out = edit::set_progress(text, &unit, status, stop.as_deref()).map_err(refused)?;
            let mut content = format!("{}: {}", unit.trim(), status.as_str());
            if let Some(s) = stop.filter(|s| !s.trim().is_empty()) {
                content.push_str(&format!(", stopped at {}", s.trim()));
            }
            content.push('.');
            Ok((Some(out.text), content))
        }
        ToolName::SetNextStep => {
            let out = edit::set_next(text, &required(input, "text")?).map_err(refused)?;
            Ok((Some(out.text), "Next step set.".to_owned()))
        }
    }
}

/// The id of the decision an edit added: the first decision at or after the inserted text.
fn new_decision_id(out: &EditOutcome) -> String {
    let at = out.edits.first().map_or(0, |e| e.range.start());
    let doc = memento_core::parse(out.text.as_str());
    doc.decisions().iter().find(|d| d.span.start() >= at).map_or_else(String::new, |d| d.id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use memento_core::options::{OptionError, OptionValue};
    use std::collections::HashMap;

    /// Arguments of strings, as the model sent them.
    struct Args<'a>(HashMap<&'a str, &'a str>);

    impl OptionSource for Args<'_> {
        fn get(&self, key: &str) -> Result<OptionValue, OptionError> {
            Ok(self.0.get(key).map_or(OptionValue::Absent, |s| OptionValue::Text(s.to_string())))
        }
    }

    #[test]
    fn the_definitions_are_the_tools_in_order() {
        let mut at = 0;
        for tool in ToolName::ALL {
            let found = DEFINITIONS[at..].find(&format!("{{\"name\":\"{}\"", tool.as_str()));
            at += found.unwrap_or_else(|| panic!("{} is not defined in order", tool.as_str())) + 1;
        }
        assert_eq!(DEFINITIONS.matches("{\"name\":").count(), ToolName::ALL.len());
    }

    #[test]
    fn a_call_writes_or_says_why_not() {
        let at = Timestamp::parse("2026-04-22T08:00Z").unwrap();
        let text = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify config/auth.yaml\n";
        let input = Args(HashMap::from([("unit", "orders/"), ("status", "someday")]));
        let out = apply(text, ToolName::RecordProgress, Ok(&input), at);
        assert!(out.is_error && out.text.is_none(), "{out:?}");
        assert!(out.content.starts_with("unknown status `someday`"), "{}", out.content);
        let input = Args(HashMap::from([("unit", "orders/"), ("status", "wip"), ("stopped_at", "094")]));
        let out = apply(text, ToolName::RecordProgress, Ok(&input), at);
        assert_eq!(out.content, "orders/: IN_PROGRESS, stopped at 094.");
        assert!(out.text.is_some_and(|t| t.contains("IN_PROGRESS: orders/")));
        let input = Args(HashMap::from([("text", "modify config/auth.yaml to add the new realm")]));
        let out = apply(text, ToolName::RecordDecision, Ok(&input), at);
        assert!(out.is_error && out.content.contains("Use supersede_decision"), "{}", out.content);
        let out = apply(text, ToolName::SetNextStep, Err("the tool input is not valid JSON".into()), at);
        assert_eq!((out.is_error, out.content.as_str()), (true, "the tool input is not valid JSON"));
    }
}
