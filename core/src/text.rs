//! Small text helpers the readers and writers share: one line of a note, a next action or a
//! prompt line; the file name of a path.

/// One line of text: line breaks of every kind folded into spaces, runs of whitespace kept
/// as written inside a line, the ends trimmed. A multi-line note never becomes several lines
/// (and so never a heading); a prompt line stays one line.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}', '\u{b}', '\u{c}']) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

/// The file name of a path, `/` or `\\` separated (`memory-bank/activeContext.md` →
/// `activeContext.md`): memory folders come from Unix and Windows alike.
pub(crate) fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn folds_every_line_break() {
        assert_eq!(one_line("a\n  b\r\n\nc "), "a b c");
        assert_eq!(one_line("a\rb\u{2028}c\u{85}d"), "a b c d");
        assert_eq!(one_line("  keep  inner   space "), "keep  inner   space");
        assert_eq!(one_line("\n\n"), "");
    }
}
