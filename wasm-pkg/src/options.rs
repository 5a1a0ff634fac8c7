//! Reading JavaScript arguments and option objects (`{ now, dialect, … }`). What an option
//! means (its type, default and message) is the core's (`memento_core::options`); this module
//! only says what value sits under a key, as the core's `OptionValue`.

use crate::error::Thrown;
use memento_core::options::{from_millis, timestamp, OptionError, OptionSource, OptionValue};
use memento_core::time::Timestamp;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// An options argument: an object, or `undefined`/`null` for all defaults.
pub struct Opts<'a>(&'a JsValue);

impl<'a> Opts<'a> {
    pub fn new(value: &'a JsValue) -> Result<Self, Thrown> {
        if value.is_undefined() || value.is_null() || value.is_object() {
            Ok(Opts(value))
        } else {
            Err(OptionError::Invalid("options must be an object".to_owned()).into())
        }
    }

    /// The JavaScript value under `key` (`undefined` when there is none).
    pub fn js(&self, key: &str) -> JsValue {
        if self.0.is_object() {
            js_sys::Reflect::get(self.0, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        } else {
            JsValue::UNDEFINED
        }
    }
}

impl OptionSource for Opts<'_> {
    fn get(&self, key: &str) -> Result<OptionValue, OptionError> {
        value(&self.js(key), key)
    }

    fn host_time(&self, text: &str) -> Option<Timestamp> {
        date_parse(text)
    }
}

/// What `Date.parse` reads.
fn date_parse(text: &str) -> Option<Timestamp> {
    let ms = js_sys::Date::parse(text);
    ms.is_finite().then(|| from_millis(ms))
}

/// A time argument: the clock when absent, else read as a time option is.
pub fn time_arg(v: &JsValue, what: &str) -> Result<Timestamp, OptionError> {
    match value(v, what)? {
        OptionValue::Absent | OptionValue::Null => Ok(now()),
        given => timestamp(&given, date_parse),
    }
}

/// A JavaScript value as the core reads options.
pub fn value(v: &JsValue, key: &str) -> Result<OptionValue, OptionError> {
    Ok(if v.is_undefined() {
        OptionValue::Absent
    } else if v.is_null() {
        OptionValue::Null
    } else if let Some(b) = v.as_bool() {
        OptionValue::Bool(b)
    } else if let Some(n) = v.as_f64() {
        OptionValue::Number(n)
    } else if v.is_string() {
        OptionValue::Text(text(v, key)?)
    } else if let Some(d) = v.dyn_ref::<js_sys::Date>() {
        let ms = d.get_time();
        if ms.is_finite() { OptionValue::Time(from_millis(ms)) } else { OptionValue::Other("Invalid Date") }
    } else if let Some(list) = v.dyn_ref::<js_sys::Array>() {
        OptionValue::List(list.iter().map(|item| value(&item, key)).collect::<Result<_, _>>()?)
    } else if v.is_function() || !v.is_object() {
        OptionValue::Other(if v.is_function() { "function" } else { "bigint or symbol" })
    } else {
        let mut entries = Vec::new();
        for pair in js_sys::Object::entries(v.unchecked_ref()).iter() {
            let pair: js_sys::Array = pair.unchecked_into();
            let k = pair.get(0).as_string().unwrap_or_default();
            let inner = value(&pair.get(1), &k)?;
            entries.push((k, inner));
        }
        OptionValue::Entries(entries)
    })
}

/// The current time, from the JavaScript clock.
pub fn now() -> Timestamp {
    from_millis(js_sys::Date::now())
}

/// A string argument, as Rust text. Anything else (a number, an object, a BigInt,
/// `undefined`) is `invalid-argument`: the glue would otherwise copy it into wasm memory as
/// if it were a string (`memory access out of bounds`).
pub fn text_arg(v: &JsValue, what: &str) -> Result<String, OptionError> {
    if v.is_string() {
        return text(v, what);
    }
    let kind = if v.is_null() { "null".to_owned() } else { v.js_typeof().as_string().unwrap_or_default() };
    Err(OptionError::Invalid(format!("`{what}` must be a string, not {kind}")))
}

/// A JavaScript string as Rust text. A lone surrogate has no UTF-8 form: it would come back
/// as U+FFFD, and a file written from it would not be the text given (wasm-pkg/README.md).
fn text(v: &JsValue, what: &str) -> Result<String, OptionError> {
    let text = v.as_string().unwrap_or_default();
    // Only a text holding U+FFFD can have come from a lone surrogate: the check costs nothing
    // on the others (memchr's SIMD search: std's `contains` took 0.5 ms of a 1 MB plan).
    if memchr::memmem::find(text.as_bytes(), "\u{FFFD}".as_bytes()).is_some() {
        if let Some(index) = lone_surrogate(v) {
            return Err(OptionError::LoneSurrogate { argument: what.to_owned(), index });
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
