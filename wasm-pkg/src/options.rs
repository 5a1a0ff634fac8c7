//! Reading the option objects JavaScript passes (`{ now, dialect, … }`). A wrong type or an
//! unknown value throws `MementoError` with code `invalid-argument`; an absent option
//! (`undefined`) takes its default.

use crate::error::{error, Code};
use memento_core::view::Encoding;
use memento_core::time::{Timestamp, TimestampStyle};
use memento_core::{CheckOptions, Dialect, NotesTemplate, ParseOptions, Rule, Severity};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// An options argument: an object, or `undefined`/`null` for all defaults.
pub struct Opts<'a>(&'a JsValue);

impl<'a> Opts<'a> {
    pub fn new(value: &'a JsValue) -> Result<Self, JsValue> {
        if value.is_undefined() || value.is_null() || value.is_object() {
            Ok(Opts(value))
        } else {
            Err(error(Code::InvalidArgument, "options must be an object"))
        }
    }

    pub fn get(&self, key: &str) -> JsValue {
        if self.0.is_object() {
            js_sys::Reflect::get(self.0, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        } else {
            JsValue::UNDEFINED
        }
    }

    pub fn string(&self, key: &str) -> Result<Option<String>, JsValue> {
        string_value(&self.get(key), key)
    }

    pub fn bool(&self, key: &str) -> Result<bool, JsValue> {
        let v = self.get(key);
        if v.is_undefined() || v.is_null() {
            return Ok(false);
        }
        v.as_bool().ok_or_else(|| error(Code::InvalidArgument, format!("`{key}` must be a boolean")))
    }

    /// A non-negative integer option.
    pub fn count(&self, key: &str) -> Result<Option<usize>, JsValue> {
        let v = self.get(key);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        match v.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => Ok(Some(n as usize)),
            _ => Err(error(Code::InvalidArgument, format!("`{key}` must be a non-negative integer"))),
        }
    }

    pub fn dialect(&self) -> Result<Option<Dialect>, JsValue> {
        self.string("dialect")?.map(|d| dialect(&d)).transpose()
    }

    pub fn parse_options(&self) -> Result<ParseOptions, JsValue> {
        Ok(ParseOptions { dialect: self.dialect()?, file_name: self.string("fileName")? })
    }

    /// The document of `text` as these options read it: only the rows of `scope` when set.
    pub fn parse(&self, text: String) -> Result<memento_core::Document, JsValue> {
        Ok(memento_core::scope::parse_in_scope(text, &self.parse_options()?, self.string("scope")?.as_deref()))
    }

    pub fn encoding(&self, default: Encoding) -> Result<Encoding, JsValue> {
        match self.string("positionEncoding")?.as_deref() {
            None => Ok(default),
            Some("utf-16") => Ok(Encoding::Utf16),
            Some("utf-8") => Ok(Encoding::Utf8),
            Some(other) => Err(error(
                Code::InvalidArgument,
                format!("unknown positionEncoding `{other}` (expected utf-16 or utf-8)"),
            )),
        }
    }

    /// A time option: absent → `default`, `null` → none, else a string, a `Date` or epoch
    /// milliseconds.
    pub fn time(&self, key: &str, default: Option<Timestamp>) -> Result<Option<Timestamp>, JsValue> {
        let v = self.get(key);
        if v.is_undefined() {
            return Ok(default);
        }
        if v.is_null() {
            return Ok(None);
        }
        timestamp(&v).map(Some)
    }

    /// `CheckOptions` from `{ now, staleAfterDays, retentionDays, sectionBudgetTokens,
    /// fileBudgetTokens, template, rules, project, pinnedBudgetTokens }`. `now` defaults to
    /// the current time.
    pub fn check_options(&self) -> Result<CheckOptions, JsValue> {
        let mut o = CheckOptions { now: self.time("now", Some(now()))?, ..CheckOptions::default() };
        if let Some(n) = self.count("staleAfterDays")? {
            o.stale_after_days = n as u32;
        }
        if let Some(n) = self.count("retentionDays")? {
            o.retention_days = n as u32;
        }
        if let Some(n) = self.count("sectionBudgetTokens")? {
            o.section_budget_tokens = n;
        }
        if let Some(n) = self.count("fileBudgetTokens")? {
            o.file_budget_tokens = n;
        }
        if let Some(t) = self.string("template")? {
            o.template = Some(NotesTemplate::parse(&t));
        }
        o.project = self.string("project")?;
        if let Some(n) = self.count("pinnedBudgetTokens")? {
            o.pinned_budget_tokens = n;
        }
        let rules = self.get("rules");
        if !rules.is_undefined() && !rules.is_null() {
            let Some(obj) = rules.dyn_ref::<js_sys::Object>() else {
                return Err(error(Code::InvalidArgument, "`rules` must be an object of rule id → severity or \"off\""));
            };
            for entry in js_sys::Object::entries(obj).iter() {
                let pair: js_sys::Array = entry.unchecked_into();
                let id = pair.get(0).as_string().unwrap_or_default();
                let rule = Rule::from_id(&id).ok_or_else(|| error(Code::InvalidArgument, format!("unknown rule `{id}`")))?;
                let severity = match pair.get(1).as_string().as_deref() {
                    Some("off") => None,
                    Some("error") => Some(Severity::Error),
                    Some("warning") => Some(Severity::Warning),
                    Some("info") => Some(Severity::Info),
                    _ => {
                        return Err(error(
                            Code::InvalidArgument,
                            format!("rule `{id}`: expected \"error\", \"warning\", \"info\" or \"off\""),
                        ))
                    }
                };
                o.severity.push((rule, severity));
            }
        }
        Ok(o)
    }
}

pub fn string_value(v: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    text_arg(v, what).map(Some)
}

/// A string argument, as Rust text. Anything else (a number, an object, a BigInt,
/// `undefined`) is `invalid-argument`: the glue would otherwise copy it into wasm memory as
/// if it were a string (`memory access out of bounds`).
///
/// A lone surrogate (half of a UTF-16 pair, which no file read as UTF-8 holds) has no UTF-8
/// form: it would come back as U+FFFD, and a file written from it would not be the text
/// given. It is `invalid-text`, with the UTF-16 index of the first one (wasm-pkg/README.md).
pub fn text_arg(v: &JsValue, what: &str) -> Result<String, JsValue> {
    let Some(text) = v.as_string() else {
        let kind = v.js_typeof().as_string().unwrap_or_default();
        return Err(error(Code::InvalidArgument, format!("`{what}` must be a string, not {}", if v.is_null() { "null" } else { &kind })));
    };
    // Only a text holding U+FFFD can have come from a lone surrogate: the check costs nothing
    // on the others (memchr's SIMD search: std's `contains` took 0.5 ms of a 1 MB plan).
    if memchr::memmem::find(text.as_bytes(), "\u{FFFD}".as_bytes()).is_some() {
        if let Some(at) = lone_surrogate(v) {
            return Err(crate::error::error_with_details(
                Code::InvalidText,
                format!("`{what}` holds a lone surrogate at UTF-16 index {at} (half of a surrogate pair), which UTF-8 text cannot hold; the text would not come back as given"),
                &[("argument", JsValue::from_str(what)), ("index", JsValue::from(at as f64))],
            ));
        }
    }
    Ok(text)
}

/// The UTF-16 index of the first lone surrogate of a JS string, if any.
fn lone_surrogate(v: &JsValue) -> Option<usize> {
    let s: &js_sys::JsString = v.dyn_ref()?;
    let units: Vec<u16> = s.iter().collect();
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF if units.get(i + 1).is_some_and(|u| (0xDC00..=0xDFFF).contains(u)) => i += 2,
            0xD800..=0xDFFF => return Some(i),
            _ => i += 1,
        }
    }
    None
}

pub fn dialect(name: &str) -> Result<Dialect, JsValue> {
    name.parse::<Dialect>().map_err(|e| error(Code::InvalidArgument, e.to_string()))
}

/// The current time, from the JavaScript clock.
pub fn now() -> Timestamp {
    from_millis(js_sys::Date::now())
}

fn from_millis(ms: f64) -> Timestamp {
    Timestamp::from_epoch((ms / 1000.0).floor() as i64, TimestampStyle::CHECKPOINT)
}

/// A timestamp from a string (as memory files write them, else anything `Date.parse`
/// reads), a `Date`, or epoch milliseconds.
pub fn timestamp(v: &JsValue) -> Result<Timestamp, JsValue> {
    let invalid = || error(Code::InvalidTimestamp, "expected an ISO 8601 timestamp, a Date or epoch milliseconds");
    if let Some(s) = v.as_string() {
        if let Some(t) = Timestamp::parse(&s) {
            return Ok(t);
        }
        let ms = js_sys::Date::parse(&s);
        return if ms.is_finite() {
            Ok(from_millis(ms))
        } else {
            Err(error(Code::InvalidTimestamp, format!("cannot read `{s}` as a timestamp")))
        };
    }
    let ms = match v.dyn_ref::<js_sys::Date>() {
        Some(d) => d.get_time(),
        None => v.as_f64().ok_or_else(invalid)?,
    };
    if ms.is_finite() {
        Ok(from_millis(ms))
    } else {
        Err(invalid())
    }
}
