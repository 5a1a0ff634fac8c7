//! Results as JavaScript values. The shape of every result is the core's (`memento_core::view`
//! and the types it serializes as they are); a result crosses the boundary as one JSON text
//! (serde_json) that JavaScript turns into objects with one `JSON.parse`: building objects
//! field by field through wasm-bindgen costs a crossing per field and per string (README.md,
//! "npm package", has the figures of both ways).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// A value as JavaScript objects: one JSON text, one `JSON.parse`.
pub fn to_js(value: &impl Serialize) -> JsValue {
    // Writing these types cannot fail (no map has keys other than strings).
    serde_json::to_string(value).ok().and_then(|text| js_sys::JSON::parse(&text).ok()).unwrap_or(JsValue::NULL)
}
