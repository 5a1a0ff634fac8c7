//! The loop of core/benches/parse.rs (`pulldown_bare`), exported to JavaScript: every event
//! with its byte range, nothing kept.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn bare(text: &str) -> usize {
    let mut n = 0;
    for (event, range) in pulldown_cmark::Parser::new(text).into_offset_iter() {
        std::hint::black_box(&event);
        n += range.end - range.start;
    }
    n
}
