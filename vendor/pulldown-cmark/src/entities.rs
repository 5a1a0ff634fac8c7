// Patched for Memento (PATCH.md): no named entities. The published file holds the 2,125
// named character references of HTML5 and looks them up when a `&name;` is scanned.

/// The text a named character reference stands for: none, in this build. Memento reads
/// pulldown-cmark's events for their byte ranges only, never their decoded text, and the
/// table (21.7 KB of its dashboard, gzipped) was linked whatever the options. A `&amp;` is
/// scanned as literal text; block structure and every range Memento reads are the same.
pub(crate) fn get_entity(_bytes: &[u8]) -> Option<&'static str> {
    None
}
