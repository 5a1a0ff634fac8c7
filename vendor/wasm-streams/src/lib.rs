//! A stand-in for wasm-streams 0.5 (PATCH.md): the two calls leptos' server functions make
//! of it, without the JavaScript classes the real crate exports. The dashboard calls no
//! server function, so neither call is ever made; a stream made here is empty.

use futures_util::Stream;
use wasm_bindgen::JsValue;

/// The raw JavaScript type, as the real crate re-exports it from web-sys.
pub mod readable {
    pub mod sys {
        pub use web_sys::ReadableStream;
    }
}

/// A JavaScript `ReadableStream`, as the real crate names it.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    /// An empty stream, whatever `stream` holds: no request body is ever streamed here.
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        let raw = web_sys::ReadableStream::new().unwrap_or_else(|_| JsValue::UNDEFINED.into());
        Self { raw }
    }

    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// An empty stream: no response body is ever read here.
    pub fn into_stream(self) -> futures_util::stream::Empty<Result<JsValue, JsValue>> {
        futures_util::stream::empty()
    }
}
