//! Misuse throws one typed error, `MementoError` (`js/error.js`), with a stable `code`.
//! Everything about a file's content is data (diagnostics), never an exception.

use memento_core::options::OptionError;
use memento_edit::edit::Detail;
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

/// What every function of the package throws: a `MementoError`.
#[derive(Debug)]
pub struct Thrown(JsValue);

impl From<Thrown> for JsValue {
    fn from(t: Thrown) -> JsValue {
        t.0
    }
}

impl Code {
    /// The code of a name the core gives (an option's, a refusal's). Every such name is one
    /// of `Code` (tests/declarations.rs holds them so).
    fn named(name: &str) -> Code {
        Code::from_name(name).unwrap_or(Code::InvalidInput)
    }
}

/// An option or argument that cannot be read.
impl From<OptionError> for Thrown {
    fn from(e: OptionError) -> Thrown {
        match &e {
            OptionError::LoneSurrogate { argument, index } => {
                let details = [("argument", JsValue::from_str(argument)), ("index", JsValue::from(*index as f64))];
                error_with_details(Code::named(e.code()), e.to_string(), &details)
            }
            _ => error(Code::named(e.code()), e.to_string()),
        }
    }
}

/// A `MementoError` to throw.
pub fn error(code: Code, message: impl AsRef<str>) -> Thrown {
    error_with(code, message, JsValue::UNDEFINED)
}

fn error_with(code: Code, message: impl AsRef<str>, details: JsValue) -> Thrown {
    Thrown(MementoError::new(code.as_str(), message.as_ref(), details).into())
}

/// The one conversion of a core edit refusal into a thrown `MementoError`, with the code and
/// details memento-edit gives it. A refusal may quote the note or the file (`source`): their
/// secrets are masked (docs/secrets.md).
pub fn into_error(e: EditError, source: &str) -> Thrown {
    let redact = |s: &str| memento_core::secret::redact_about(s, source).into_owned();
    let obj = js_sys::Object::new();
    for (k, v) in e.details() {
        let v = match v {
            Detail::Text(s) => JsValue::from_str(&redact(s)),
            Detail::Line(n) => JsValue::from(n),
        };
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), &v);
    }
    error_with(Code::named(e.code()), redact(&e.to_string()), obj.into())
}

/// A `MementoError` with details.
fn error_with_details(code: Code, message: impl AsRef<str>, details: &[(&str, JsValue)]) -> Thrown {
    let obj = js_sys::Object::new();
    for (k, v) in details {
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), v);
    }
    error_with(code, message, obj.into())
}

/// A prompt budget below the smallest complete prompt, thrown with both numbers.
pub fn budget_error(e: memento_edit::prompt::BudgetTooSmall) -> Thrown {
    let details = [("budget", JsValue::from(e.budget as f64)), ("minimum", JsValue::from(e.minimum as f64))];
    error_with_details(Code::BudgetTooSmall, e.to_string(), &details)
}
