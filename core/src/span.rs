//! Byte spans into the source text, and their line/column positions.
//!
//! Every element of the model keeps a [`Span`] of the original text. Line and column are
//! derived on demand from a [`LineIndex`] (built once per document), so the model stays
//! small and the spans stay the single source of truth.

use serde::Serialize;
use std::ops::Range;

/// A half-open byte range `start..end` of the source text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    pub const fn empty(at: usize) -> Self {
        Span { start: at, end: at }
    }

    pub const fn len(self) -> usize {
        self.end - self.start
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub const fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Self {
        Span::new(r.start, r.end)
    }
}

/// A 1-based line and column. The column counts Unicode scalar values, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// Offsets of the start of every line, for offset → line/column lookups.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 40 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    /// The offset where each line starts, in order (the first is 0).
    pub fn starts(&self) -> &[usize] {
        &self.starts
    }

    /// Number of lines (a final line without a newline counts; an empty text has one line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// Byte offset where the 0-based `line` starts (the text length past the end).
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The position of a byte offset. An offset inside a multi-byte character counts as
    /// that character; an offset past the end clamps to the end.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let column = text.as_bytes()[start..offset]
            .iter()
            .filter(|&&b| (b as i8) >= -0x40) // count UTF-8 leading bytes only
            .count();
        Position {
            line: line as u32 + 1,
            column: column as u32 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let text = "ab\r\nçé—x\n\nlast";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.position(text, 0), Position { line: 1, column: 1 });
        assert_eq!(idx.position(text, 4), Position { line: 2, column: 1 });
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(text, x), Position { line: 2, column: 4 });
        assert_eq!(idx.position(text, text.len()), Position { line: 4, column: 5 });
        assert_eq!(idx.position(text, 999), Position { line: 4, column: 5 });
    }
}
