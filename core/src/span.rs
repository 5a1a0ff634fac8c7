//! Byte spans into the source text, and their line/column positions.
//!
//! Every element of the model keeps a [`Span`] of the original text. Line and column are
//! derived on demand from a [`LineIndex`] (built once per document), so the model stays
//! small and the spans stay the single source of truth.

use serde::Serialize;
use std::ops::Range;

/// A half-open byte range `start..end` of the source text.
///
/// Offsets are stored as `u32`, as ruff's `TextRange` and rust-analyzer's `TextSize` do: a
/// span is eight bytes instead of sixteen, and the model (several spans per item, entry and
/// decision) stays small enough for a large file's to fit the caches. Texts are parsed up to
/// [`Span::MAX_TEXT`] bytes; the accessors give `usize` for indexing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The longest text whose offsets a span can hold (4 GiB - 1).
    pub const MAX_TEXT: usize = u32::MAX as usize;

    /// The span `start..end`. Offsets past [`Span::MAX_TEXT`] saturate (the parser reads
    /// no text that long, so none arise from it).
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start: offset(start), end: offset(end) }
    }

    pub const fn empty(at: usize) -> Self {
        Span::new(at, at)
    }

    pub const fn start(self) -> usize {
        self.start as usize
    }

    pub const fn end(self) -> usize {
        self.end as usize
    }

    pub const fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub const fn contains(self, offset: usize) -> bool {
        self.start() <= offset && offset < self.end()
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn range(self) -> Range<usize> {
        self.start()..self.end()
    }

    /// The span `by` bytes later: a span found in a slice, placed in the text around it.
    pub(crate) fn shifted(self, by: usize) -> Span {
        Span::new(self.start() + by, self.end() + by)
    }
}

const fn offset(at: usize) -> u32 {
    // Compared as u64: on 32-bit targets (wasm) every usize fits.
    if at as u64 > u32::MAX as u64 {
        u32::MAX
    } else {
        at as u32
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
///
/// Lines end where CommonMark ends them: at `\n`, `\r\n` or a lone `\r` (old Mac files).
/// This is the one place that counts them; the line geometry below ([`line_start`],
/// [`line_end_after`], [`line_content_end`]) reads breaks the same way.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// How many lines end with `\r\n`, and with a lone `\r` (the others with `\n`).
    crlf: usize,
    cr: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 40 + 1);
        starts.push(0);
        let bytes = text.as_bytes();
        if memchr::memchr(b'\r', bytes).is_some() {
            let (mut crlf, mut cr, mut at) = (0, 0, 0);
            while let Some(i) = memchr::memchr2(b'\n', b'\r', &bytes[at..]) {
                let (end, len) = (at + i, break_len(bytes, at + i));
                match len {
                    2 => crlf += 1,
                    _ if bytes[end] == b'\r' => cr += 1,
                    _ => {}
                }
                at = end + len;
                starts.push(at);
            }
            return LineIndex { starts, crlf, cr };
        }
        // No `\r`. Natively, memchr's vector search finds each newline (32 bytes a step);
        // in wasm its iterator pays a setup per match that cost more than the search on
        // ~100-byte lines, so there eight bytes are read at a time, each newline found exactly.
        if !cfg!(target_arch = "wasm32") {
            starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
            return LineIndex { starts, crlf: 0, cr: 0 };
        }
        let mut chunks = bytes.chunks_exact(8);
        let mut at = 0;
        for chunk in &mut chunks {
            let mut newlines = crate::swar::eq(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])), b'\n');
            while newlines != 0 {
                starts.push(at + newlines.trailing_zeros() as usize / 8 + 1);
                newlines &= newlines - 1;
            }
            at += 8;
        }
        for (i, &b) in chunks.remainder().iter().enumerate() {
            if b == b'\n' {
                starts.push(at + i + 1);
            }
        }
        LineIndex { starts, crlf: 0, cr: 0 }
    }

    /// The line break the text uses most: `"\r\n"`, `"\r"` or `"\n"` (also on a tie, or
    /// without any).
    pub fn line_ending(&self) -> &'static str {
        let lf = self.starts.len() - 1 - self.crlf - self.cr;
        if self.crlf > lf && self.crlf >= self.cr {
            "\r\n"
        } else if self.cr > lf && self.cr > self.crlf {
            "\r"
        } else {
            "\n"
        }
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
            // A default index has no line starts: line 0.
            Err(next) => next.saturating_sub(1),
        }
    }

    /// A reader of lines for offsets that mostly come in increasing order (the units of a
    /// plan, in file order): see [`LineCursor`].
    pub fn cursor(&self) -> LineCursor<'_> {
        LineCursor { starts: &self.starts, line: 0 }
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

/// [`LineIndex::line_of`] for offsets that mostly come in increasing order: the search
/// starts from the previous answer and gallops forward, reading the index in order. A
/// binary search over all of it each time would, on a large file, miss the caches at
/// nearly every step. An offset before the previous one costs one binary search.
pub struct LineCursor<'a> {
    starts: &'a [usize],
    line: usize,
}

impl LineCursor<'_> {
    /// The 0-based line holding `offset`.
    pub fn line_of(&mut self, offset: usize) -> usize {
        let s = self.starts;
        let Some(&here) = s.get(self.line) else { return 0 };
        let below = |&start: &usize| start <= offset;
        if here > offset {
            self.line = s.partition_point(below).saturating_sub(1);
            return self.line;
        }
        // s[lo] <= offset; probe lo + 1, + 2, + 4… until a line starts after it.
        let (mut lo, mut step) = (self.line, 1);
        let hi = loop {
            let probe = lo + step;
            if probe >= s.len() || s[probe] > offset {
                break probe.min(s.len());
            }
            lo = probe;
            step *= 2;
        };
        self.line = lo + s[lo..hi].partition_point(below) - 1;
        self.line
    }
}

/// The length of the line break at `i` (2 for `\r\n`, 1 for `\n` or a lone `\r`), 0 when
/// there is none.
fn break_len(bytes: &[u8], i: usize) -> usize {
    match bytes.get(i) {
        Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => 2,
        Some(b'\r' | b'\n') => 1,
        _ => 0,
    }
}

/// Start of the line holding `offset` (after the previous `\n`, `\r\n` or lone `\r`).
#[doc(hidden)]
pub fn line_start(text: &str, offset: usize) -> usize {
    memchr::memrchr2(b'\n', b'\r', &text.as_bytes()[..offset]).map_or(0, |i| i + 1)
}

/// Offset just past the line break ending the line that holds `offset`, and `true`; or the
/// text's length and `false` when that line is the last and has none.
#[doc(hidden)]
pub fn line_end_after(text: &str, offset: usize) -> (usize, bool) {
    let bytes = text.as_bytes();
    match memchr::memchr2(b'\n', b'\r', &bytes[offset..]) {
        Some(i) => (offset + i + break_len(bytes, offset + i), true),
        None => (text.len(), false),
    }
}

/// The end of the content of the line holding `offset` (before its line break).
#[doc(hidden)]
pub fn line_content_end(text: &str, offset: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &text.as_bytes()[offset..]).map_or(text.len(), |i| offset + i)
}

/// The line of `text` holding `offset`, without its line break.
pub(crate) fn line_holding(text: &str, offset: usize) -> &str {
    &text[line_start(text, offset)..line_content_end(text, offset)]
}

/// The first line of `span`, without its line ending and trailing white space.
pub fn first_line(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    let line = memchr::memchr(b'\n', s.as_bytes()).map_or(s, |i| &s[..i]).trim_end();
    Span::new(span.start(), span.start() + line.len())
}

/// The first line of `span` that is not blank, trimmed at both ends.
pub(crate) fn first_filled_line(text: &str, span: Span) -> Option<Span> {
    let mut at = span.start();
    for line in text[span.range()].split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let start = at + (line.len() - line.trim_start().len());
            return Some(Span::new(start, start + trimmed.len()));
        }
        at += line.len();
    }
    None
}

/// The lines of `span`, each without its line ending and trailing white space.
pub(crate) fn lines_in(text: &str, span: Span) -> impl Iterator<Item = Span> + '_ {
    let para = &text[span.range()];
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= para.len() {
            return None;
        }
        let end = memchr::memchr(b'\n', &para.as_bytes()[at..]).map_or(para.len(), |i| at + i);
        let line = para[at..end].trim_end();
        let line = Span::new(span.start() + at, span.start() + at + line.len());
        at = end + 1;
        Some(line)
    })
}

/// The whole lines covering `span`: from the start of its first line to just past the line
/// break ending its last (or the end of the text), for a fix that deletes lines.
pub(crate) fn whole_lines(text: &str, span: Span) -> Span {
    Span::new(line_start(text, span.start()), line_end_after(text, span.end()).0)
}

/// Whether the text ends with a line break, and whether with a blank line (two breaks).
#[doc(hidden)]
pub fn ends_with_break(text: &str) -> (bool, bool) {
    let t = text.strip_suffix("\r\n").or_else(|| text.strip_suffix(['\n', '\r']));
    match t {
        Some(t) => (true, t.is_empty() || t.ends_with(['\n', '\r'])),
        None => (false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_agrees_with_the_index_in_any_order() {
        let text = "a\nbc\n\ndef\n\n\nghij\nk";
        let index = LineIndex::new(text);
        let n = text.len();
        // Forward, forward with strides, backward, and jumping about.
        let orders: Vec<Vec<usize>> = vec![
            (0..=n).collect(),
            (0..=n).step_by(3).collect(),
            (0..=n).rev().collect(),
            (0..=n).map(|i| i * 7 % (n + 1)).collect(),
        ];
        for order in orders {
            let mut cursor = index.cursor();
            for &offset in &order {
                assert_eq!(cursor.line_of(offset), index.line_of(offset), "offset {offset} in {order:?}");
            }
        }
        assert_eq!(LineIndex::default().cursor().line_of(5), 0);
        assert_eq!(LineIndex::default().line_of(5), 0);
    }

    #[test]
    fn every_newline_starts_a_line() {
        // No `\r` (the eight-bytes-at-a-time path; breaks with `\r` are tested below).
        let bytes: Vec<u8> = (0..300u32).map(|i| if i % 7 == 0 || i % 11 == 3 { b'\n' } else { ((i % 250) as u8 + 1).max(b'\r' + 1) }).collect();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        for from in 0..9 {
            let t = &text[from..];
            let expected: Vec<usize> =
                std::iter::once(0).chain(t.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1)).collect();
            assert_eq!(LineIndex::new(t).starts(), expected, "from {from}");
        }
        assert_eq!(LineIndex::new("").starts(), [0]);
        assert_eq!(LineIndex::new("\n\n\n\n\n\n\n\n\n").line_count(), 10);
    }

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

    /// Issue 11: every line break CommonMark accepts starts a line (`\n`, `\r\n`, a lone
    /// `\r`), and the geometry reads breaks as the index does.
    #[test]
    fn every_kind_of_line_break_starts_a_line() {
        let pieces = ["a", "\n", "\r", "\r\n", "bc", "\n\r", "é", "\r\r\n"];
        for seed in 0..400usize {
            let text: String = (0..12).map(|k| pieces[(seed * 7 + k * (seed % 5 + 1)) % pieces.len()]).collect();
            // The reference: a break is \r\n, else \r, else \n.
            let b = text.as_bytes();
            let mut expected = vec![0];
            let mut i = 0;
            while i < b.len() {
                let len = if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') { 2 } else { usize::from(matches!(b[i], b'\r' | b'\n')) };
                if len > 0 {
                    expected.push(i + len);
                    i += len;
                } else {
                    i += 1;
                }
            }
            let index = LineIndex::new(&text);
            assert_eq!(index.starts(), expected, "{text:?}");
            for w in expected.windows(2) {
                // Every offset of a line finds its start and its end.
                let (start, next) = (w[0], w[1]);
                for o in (start..next).filter(|&o| text.is_char_boundary(o) && !matches!(b[o], b'\r' | b'\n')) {
                    assert_eq!(line_start(&text, o), start, "{text:?} at {o}");
                    assert_eq!(line_end_after(&text, o), (next, true), "{text:?} at {o}");
                }
            }
        }
        let crlf = LineIndex::new("a\r\nb\r\nc\nd");
        assert_eq!(crlf.line_ending(), "\r\n");
        assert_eq!(LineIndex::new("a\rb\rc\nd").line_ending(), "\r");
        assert_eq!(LineIndex::new("a\nb\r\nc").line_ending(), "\n");
        assert_eq!(LineIndex::new("abc").line_ending(), "\n");
        assert_eq!(ends_with_break("a\r"), (true, false));
        assert_eq!(ends_with_break("a\r\r\n"), (true, true));
        assert_eq!(ends_with_break("a"), (false, false));
    }
}
