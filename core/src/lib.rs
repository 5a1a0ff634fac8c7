//! Memento core: a lossless model of session-memory files.
pub mod dialect;
pub mod document;
pub use dialect::Dialect;
pub use document::Document;

/// Parses any text. Never fails: an unknown shape is a `generic` document.
pub fn parse(text: &str) -> Document {
    Document::new(text.to_owned(), Dialect::Generic)
}
