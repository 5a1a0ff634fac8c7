//! The line reader for plain stretches: a heading, then lines that are blank, plain
//! paragraph text, or flat `- ` / `* ` / `+ ` list items whose text opens plainly.
//!
//! "Plain" is decided on the first bytes of a line: whatever could open another block
//! (indentation, `>`, `<`, fences, `=`/`-` underlines, thematic breaks, ordered-list
//! numbers, link definitions, nested markers) makes [`Scanner::line`] answer false, and
//! the stretch goes to pulldown-cmark. What it accepts, it reads exactly as pulldown-cmark
//! would: a plain line continues the open paragraph (lazily, inside a list item) or opens
//! one, and a list line closes what is open.

use super::{trim_end, Heading, Outline, RawItem};
use crate::span::Span;

/// What is open after the last line read.
#[derive(Default)]
enum Open {
    #[default]
    Nothing,
    /// A top-level paragraph; `end` is past its last line's line ending.
    Paragraph { start: usize, end: usize },
    /// A list item; `end` is past its last non-blank line; `after_blank` once a blank line
    /// followed it (a plain line then no longer continues it).
    Item { start: usize, end: usize, after_blank: bool },
}

#[derive(Default)]
pub(super) struct Scanner {
    open: Open,
}

impl Scanner {
    /// Reads one line `text[start..end]` (with its line ending) that is not a heading.
    /// False when the line is not plain: nothing is read then.
    pub fn line(&mut self, text: &str, start: usize, end: usize, out: &mut Outline) -> bool {
        let line = without_line_ending(&text.as_bytes()[start..end]);
        if line.iter().all(|&b| b == b' ' || b == b'\t') {
            match &mut self.open {
                Open::Paragraph { start, end } => {
                    out.paragraphs.push(Span::new(*start, *end));
                    self.open = Open::Nothing;
                }
                Open::Item { after_blank, .. } => *after_blank = true,
                Open::Nothing => {}
            }
            return true;
        }
        if matches!(line[0], b'-' | b'*' | b'+') && line.get(1) == Some(&b' ') {
            // `* **` is a thematic break, not an item.
            if !item_text_is_plain(&line[2..]) || is_thematic_break(line) {
                return false;
            }
            self.finish(text, out);
            self.open = Open::Item { start, end, after_blank: false };
            return true;
        }
        if !opens_plainly(line) {
            return false;
        }
        match &mut self.open {
            Open::Paragraph { end: e, .. } | Open::Item { end: e, after_blank: false, .. } => *e = end,
            Open::Item { after_blank: true, .. } | Open::Nothing => {
                self.finish(text, out);
                self.open = Open::Paragraph { start, end };
            }
        }
        true
    }

    /// Closes what is open (at a heading or at the end of the text).
    pub fn finish(&mut self, text: &str, out: &mut Outline) {
        match std::mem::take(&mut self.open) {
            Open::Nothing => {}
            Open::Paragraph { start, end } => out.paragraphs.push(Span::new(start, end)),
            Open::Item { start, end, .. } => out.items.push(RawItem::read(text, start, end, None, 1)),
        }
    }
}

/// Reads the heading line `text[start..end]` of `level` ([`heading_level`]) that opens a
/// stretch. False when the heading is one whose title is better left to pulldown-cmark
/// (no title, a closing `#` sequence, a tab, an opening escape).
pub(super) fn heading(text: &str, level: usize, start: usize, end: usize, out: &mut Outline) -> bool {
    let line = &text.as_bytes()[start..end];
    let content = without_line_ending(line);
    // pulldown-cmark keeps some tabs at the end of a title: it reads those headings.
    if line.get(level) != Some(&b' ') || memchr::memchr(b'\t', content).is_some() {
        return false;
    }
    let mut from = level;
    while content.get(from) == Some(&b' ') {
        from += 1;
    }
    let mut to = content.len();
    while to > from && content[to - 1] == b' ' {
        to -= 1;
    }
    // A title opening with an escape (`\=`) starts after the backslash for pulldown-cmark.
    if to == from || content[to - 1] == b'#' || content[from] == b'\\' {
        return false;
    }
    out.headings.push(Heading {
        level: level as u8,
        span: trim_end(text, Span::new(start, end)),
        title: Span::new(start + from, start + to),
    });
    true
}

/// The level of an ATX heading line (`#` to `######` then a space, a tab or the line end).
pub(super) fn heading_level(line: &[u8]) -> Option<usize> {
    let level = line.iter().take(7).take_while(|&&b| b == b'#').count();
    let after = line.get(level).copied();
    ((1..=6).contains(&level) && matches!(after, None | Some(b' ' | b'\t' | b'\r' | b'\n'))).then_some(level)
}

/// Whether a CR ends a line on its own somewhere (CommonMark's third line ending, which the
/// line reader does not split on).
pub(super) fn has_lone_cr(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'))
}

fn without_line_ending(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The text after a list marker: plain, or a link or checkbox (`[x] done`), and not a
/// heading.
fn item_text_is_plain(rest: &[u8]) -> bool {
    match rest.first() {
        None => false,
        Some(b'[') => true,
        Some(_) => opens_plainly(rest) && heading_level(rest).is_none(),
    }
}

/// Whether a non-blank line at the left margin can only be paragraph text: nothing that
/// opens or underlines another block starts it.
fn opens_plainly(line: &[u8]) -> bool {
    let first = line[0];
    match first {
        b'a'..=b'z' | b'A'..=b'Z' | 0x80..=0xFF => true,
        b'0'..=b'9' => !opens_ordered_item(line),
        b'*' | b'_' => {
            let marker = first == b'*' && matches!(line.get(1), None | Some(b' ' | b'\t'));
            !marker && !is_thematic_break(line)
        }
        b'`' | b'~' => !line.starts_with(&[first; 3]),
        b'!' | b'"' | b'#' | b'$' | b'%' | b'&' | b'\'' | b'(' | b')' | b',' | b'.' | b'/' | b':' | b';'
        | b'?' | b'@' | b'\\' | b']' | b'^' | b'{' | b'|' | b'}' => true,
        // Indentation, `-` `+` `=` `>` `<` `[`, control characters.
        _ => false,
    }
}

/// `1. ` or `12) `: an ordered-list marker (up to nine digits).
fn opens_ordered_item(line: &[u8]) -> bool {
    let digits = line.iter().take(10).take_while(|b| b.is_ascii_digit()).count();
    digits <= 9
        && matches!(line.get(digits), Some(b'.' | b')'))
        && matches!(line.get(digits + 1), None | Some(b' ' | b'\t'))
}

/// Three or more of one of `*` `_` `-` (the line's first byte), with only spaces and tabs between.
fn is_thematic_break(line: &[u8]) -> bool {
    let mark = line[0];
    let mut count = 0;
    for &b in line {
        match b {
            b' ' | b'\t' => {}
            _ if b == mark => count += 1,
            _ => return false,
        }
    }
    count >= 3
}
