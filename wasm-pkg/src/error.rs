//! Misuse throws one typed error, `MementoError` (`js/error.js`), with a stable `code`.
//! Everything about a file's content is data (diagnostics), never an exception.

use memento_edit::EditError;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/error.js")]
extern "C" {
    type MementoError;

    #[wasm_bindgen(constructor)]
    fn new(code: &str, message: &str, details: JsValue) -> MementoError;
}

memento_core::named! {
    /// The codes of `MementoError` (the `MementoErrorCode` type of the TypeScript declarations).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Code {
        /// An argument or option of the wrong type or value (an unknown dialect, status, rule…).
        InvalidArgument = "invalid-argument",
        /// A timestamp that cannot be read.
        InvalidTimestamp = "invalid-timestamp",
        /// `applyEdits`: edits out of bounds, inside a character or overlapping.
        InvalidEdits = "invalid-edits",
        /// `applyToolCall`: not one of the tools of `memoryTools()`.
        UnknownTool = "unknown-tool",
        // Refused edits (docs/edits.md), one per core `EditError`.
        DuplicateEntry = "duplicate-entry",
        ConflictingDecision = "conflicting-decision",
        UnknownDecision = "unknown-decision",
        AlreadySuperseded = "already-superseded",
        AnotherInProgress = "another-in-progress",
        AlreadyComplete = "already-complete",
        NoSuchSection = "no-such-section",
        NotSupported = "not-supported",
        InvalidInput = "invalid-input",
        /// `renderPrompt`: a budget below the smallest complete prompt (`details.minimum`).
        BudgetTooSmall = "budget-too-small",
        /// A text argument with a lone surrogate, which UTF-8 cannot hold (`details.index`).
        InvalidText = "invalid-text",
    }
}

/// A `MementoError` to throw.
pub fn error(code: Code, message: impl AsRef<str>) -> JsValue {
    error_with(code, message, JsValue::UNDEFINED)
}

fn error_with(code: Code, message: impl AsRef<str>, details: JsValue) -> JsValue {
    MementoError::new(code.as_str(), message.as_ref(), details).into()
}

/// The code and details of a refused edit.
pub fn edit_code(e: &EditError) -> (Code, Vec<(&'static str, DetailValue<'_>)>) {
    use DetailValue::{Num, Str};
    match e {
        EditError::DuplicateEntry { section, line, .. } => {
            (Code::DuplicateEntry, vec![("section", Str(section)), ("line", Num(*line))])
        }
        EditError::ConflictsWith { decision, line, .. } => {
            (Code::ConflictingDecision, vec![("decision", Str(decision)), ("line", Num(*line))])
        }
        EditError::UnknownDecision(id) => (Code::UnknownDecision, vec![("decision", Str(id))]),
        EditError::AlreadySuperseded { decision, by } => {
            (Code::AlreadySuperseded, vec![("decision", Str(decision)), ("by", Str(by))])
        }
        EditError::AnotherInProgress { unit, line } => {
            (Code::AnotherInProgress, vec![("unit", Str(unit)), ("line", Num(*line))])
        }
        EditError::AlreadyComplete { line } => (Code::AlreadyComplete, vec![("line", Num(*line))]),
        EditError::NoSuchSection(name) => (Code::NoSuchSection, vec![("section", Str(name))]),
        EditError::NotSupportedForDialect { .. } => (Code::NotSupported, Vec::new()),
        EditError::InvalidInput(_) => (Code::InvalidInput, Vec::new()),
    }
}

pub enum DetailValue<'a> {
    Str(&'a str),
    Num(u32),
}

/// The one conversion of a core edit refusal into a thrown `MementoError`. A refusal may
/// quote the note or the file (`source`): their secrets are masked (docs/secrets.md).
pub fn into_error(e: EditError, source: &str) -> JsValue {
    let redact = |s: &str| memento_core::secret::redact_about(s, source).into_owned();
    let (code, details) = edit_code(&e);
    let obj = js_sys::Object::new();
    for (k, v) in details {
        let v = match v {
            DetailValue::Str(s) => JsValue::from_str(&redact(s)),
            DetailValue::Num(n) => JsValue::from(n),
        };
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), &v);
    }
    error_with(code, redact(&e.to_string()), obj.into())
}

/// A `MementoError` with details.
pub fn error_with_details(code: Code, message: impl AsRef<str>, details: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in details {
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), v);
    }
    error_with(code, message, obj.into())
}

/// A prompt budget below the smallest complete prompt, thrown with both numbers.
pub fn budget_error(e: memento_edit::prompt::BudgetTooSmall) -> JsValue {
    let details = [("budget", JsValue::from(e.budget as f64)), ("minimum", JsValue::from(e.minimum as f64))];
    error_with_details(Code::BudgetTooSmall, e.to_string(), &details)
}
