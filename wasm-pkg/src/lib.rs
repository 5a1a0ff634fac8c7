//! JavaScript bindings of `memento-core`: a thin layer that converts at the boundary and
//! keeps no logic of its own. Built into the npm package `memento-wasm` by `build.sh`
//! (one package for Node and bundlers).
//!
//! ```js
//! const { parse } = require("memento-wasm");
//! const doc = parse(text);
//! doc.dialect;            // "checkpoint-log"
//! doc.toString() === text; // always true: parsing never changes a byte
//! ```

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The shape of memory file detected from the text (SPEC §1). */
export type Dialect =
  | "checkpoint-log"
  | "session-notes"
  | "memory-bank"
  | "progress-log"
  | "memory-store"
  | "generic";
"#;

/// Parses a memory file of any shape. Never throws: text of an unknown shape is a
/// `generic` document.
#[wasm_bindgen]
pub fn parse(text: &str) -> MementoDocument {
    MementoDocument { inner: memento_core::parse(text) }
}

/// A parsed memory file. Holds the original text: `toString()` gives it back byte for byte.
#[wasm_bindgen]
pub struct MementoDocument {
    inner: memento_core::Document,
}

#[wasm_bindgen]
impl MementoDocument {
    /// The detected dialect.
    #[wasm_bindgen(getter, unchecked_return_type = "Dialect")]
    pub fn dialect(&self) -> String {
        self.inner.dialect().as_str().to_owned()
    }

    /// The document as text: the input, unchanged.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_js_string(&self) -> String {
        self.inner.to_string()
    }
}
