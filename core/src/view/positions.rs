//! Offsets in the reader's encoding. The core's spans are UTF-8 byte offsets; a JavaScript
//! string (and an editor speaking LSP's default) is indexed in UTF-16 code units. A
//! [`Utf16Map`] is built once per text, only when an offset is actually given out, and
//! converts any byte offset with a binary search (docs/architecture.md, "Views").

use crate::{Diagnostic, Document, Span, TextEdit};
use serde::Serialize;
use std::borrow::Cow;
use std::cell::OnceCell;

/// How offsets (ranges, columns) are given to the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// UTF-16 code units: `text.slice(range.start, range.end)` in JavaScript.
    #[default]
    Utf16,
    /// UTF-8 bytes, as the core and the CLI's JSON count them (columns in characters).
    Utf8,
}

/// Byte offset → UTF-16 offset, for one text.
#[derive(Debug, Default)]
pub struct Utf16Map {
    /// For each multi-byte character, in order: (byte offset after it, bytes minus UTF-16
    /// units so far). Empty for ASCII text.
    points: Vec<(u32, u32)>,
}

impl Utf16Map {
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut points = Vec::new();
        let mut delta = 0u32;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                i += 1;
                continue;
            }
            let (len, units) = match b {
                0xF0.. => (4, 2),
                0xE0.. => (3, 1),
                _ => (2, 1),
            };
            i += len;
            delta += len as u32 - units;
            points.push((i as u32, delta));
        }
        Utf16Map { points }
    }

    pub fn to_utf16(&self, byte: usize) -> usize {
        let at = self.points.partition_point(|p| p.0 as usize <= byte);
        match at {
            0 => byte,
            _ => byte - self.points[at - 1].1 as usize,
        }
    }

    /// UTF-16 offset → byte offset (the start of the character holding it).
    pub fn to_byte(&self, unit: usize) -> usize {
        let at = self.points.partition_point(|p| (p.0 - p.1) as usize <= unit);
        match at {
            0 => unit,
            _ => unit + self.points[at - 1].1 as usize,
        }
    }
}

/// A parsed document as shown outside the crate (the npm package): its texts with secrets
/// masked, its spans as places in the reader's encoding, the UTF-16 map built on demand.
pub struct View {
    /// The document shown.
    pub doc: Document,
    utf16: OnceCell<Utf16Map>,
}

impl View {
    pub fn new(doc: Document) -> Self {
        View { doc, utf16: OnceCell::new() }
    }

    /// A text of the document as it is given out: its secrets masked
    /// (docs/secrets.md). Borrows when the document holds none.
    pub fn masked<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        self.doc.secrets().mask(text)
    }

    fn map(&self) -> &Utf16Map {
        self.utf16.get_or_init(|| Utf16Map::new(self.doc.source()))
    }

    pub fn offset(&self, byte: usize, enc: Encoding) -> usize {
        match enc {
            Encoding::Utf8 => byte,
            Encoding::Utf16 => self.map().to_utf16(byte),
        }
    }

    pub fn range(&self, span: Span, enc: Encoding) -> Range {
        Range { start: self.offset(span.start(), enc), end: self.offset(span.end(), enc) }
    }

    /// The 1-based column of a byte offset: UTF-16 units for `Utf16`, characters (as the
    /// core counts them) for `Utf8`.
    pub fn column(&self, byte: usize, enc: Encoding) -> u32 {
        let pos = self.doc.position(byte);
        match enc {
            Encoding::Utf8 => pos.column,
            Encoding::Utf16 => {
                let line_start = self.doc.line_index().line_start(pos.line as usize - 1).unwrap_or(0);
                let map = self.map();
                (map.to_utf16(byte.min(self.doc.source().len())) - map.to_utf16(line_start)) as u32 + 1
            }
        }
    }

    /// Where a span is: its line, column and range.
    pub fn place(&self, span: Span, enc: Encoding) -> Place {
        let line = self.doc.line_index().line_of(span.start().min(self.doc.source().len())) + 1;
        Place { line, column: self.column(span.start(), enc), range: self.range(span, enc) }
    }
}

/// `{ start, end }` in the caller's encoding (`Range`).
#[derive(Serialize)]
pub struct Range {
    start: usize,
    end: usize,
}

/// Where a model element is: `line`, `column` and `range` (`Located`).
#[derive(Serialize)]
pub struct Place {
    line: usize,
    column: u32,
    range: Range,
}

/// Diagnostics of `doc` in `enc`: as the core gives them in UTF-8, else a copy of them with
/// UTF-16 ranges and columns (the core's own type, so its `Serialize` stays the one shape).
pub fn diagnostics<'a>(doc: &View, list: &'a [Diagnostic], enc: Encoding) -> Cow<'a, [Diagnostic]> {
    if enc == Encoding::Utf8 {
        return Cow::Borrowed(list);
    }
    let span = |s: Span| Span::new(doc.offset(s.start(), enc), doc.offset(s.end(), enc));
    let convert = |d: &Diagnostic| Diagnostic {
        column: doc.column(d.range.start(), enc),
        range: span(d.range),
        fix: d.fix.as_ref().map(|fix| fix.iter().map(|e| TextEdit::replace(span(e.range), e.content.clone())).collect()),
        ..d.clone()
    };
    Cow::Owned(list.iter().map(convert).collect())
}

/// Edits of the text `old`, their ranges in `enc`.
pub fn edits(old: &str, edits: Vec<TextEdit>, enc: Encoding) -> Vec<TextEdit> {
    if enc == Encoding::Utf8 {
        return edits;
    }
    let map = Utf16Map::new(old);
    let span = |s: Span| Span::new(map.to_utf16(s.start()), map.to_utf16(s.end()));
    edits.into_iter().map(|e| TextEdit { range: span(e.range), ..e }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_bytes_to_utf16_units_and_back() {
        let text = "a—b😀c\né";
        let map = Utf16Map::new(text);
        let js: Vec<u16> = text.encode_utf16().collect();
        for (byte, ch) in text.char_indices() {
            let unit = map.to_utf16(byte);
            assert_eq!(String::from_utf16(&js[unit..]).unwrap(), text[byte..], "at {ch:?}");
            assert_eq!(map.to_byte(unit), byte);
        }
        assert_eq!(map.to_utf16(text.len()), js.len());
        assert_eq!(map.to_byte(js.len()), text.len());
        assert_eq!(Utf16Map::new("plain").to_utf16(3), 3);
    }
}
