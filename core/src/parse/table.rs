//! Pipe tables as the reader sees them: a header row, a delimiter row, then body rows, each
//! a line of cells. Progress units (a status column) and decisions (a Decision column, or a
//! table in a Decisions section) are read from them (docs/reader.md).

use crate::span::Span;

/// A pipe table: its header cells and its body rows (line spans).
pub(super) struct Table {
    pub header: Vec<Span>,
    pub rows: Vec<Span>,
}

/// The table `para` is, if it is one: a header row, then a delimiter row (`|---|:---:|`).
pub(super) fn read(text: &str, para: Span) -> Option<Table> {
    if !text[para.range()].trim_start().starts_with('|') {
        return None;
    }
    let mut lines = crate::span::lines_in(text, para);
    let (header, rule) = (lines.next()?, lines.next()?);
    if !is_delimiter_row(&text[rule.range()]) {
        return None;
    }
    Some(Table { header: cells(text, header), rows: lines.collect() })
}

/// `|---|:---:|`: a table's delimiter row.
pub(crate) fn is_delimiter_row(line: &str) -> bool {
    let t = line.trim();
    t.contains('-') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// A header that numbers the rows (`#`, `ID`, `No.`) or is empty.
pub(super) fn is_index(text: &str, head: Span) -> bool {
    let h = text[head.range()].trim().to_ascii_lowercase();
    h.is_empty() || ["#", "id", "no", "no.", "n°", "nr", "#."].contains(&h.as_str())
}

/// The cells of a table row, trimmed (a `\|` is no cell border).
pub(super) fn cells(text: &str, row: Span) -> Vec<Span> {

    let line = &text[row.range()];
    let inner_start = line.len() - line.trim_start().trim_start_matches('|').len();
    let trimmed = line.trim_end();
    let inner_end = if trimmed.ends_with('|') && !trimmed.ends_with("\\|") { trimmed.len() - 1 } else { trimmed.len() };
    if inner_start >= inner_end {
        return Vec::new();
    }
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut start = inner_start;
    for i in inner_start..inner_end {
        if b[i] == b'|' && (i == 0 || b[i - 1] != b'\\') {
            out.push(trimmed_span(text, Span::new(row.start() + start, row.start() + i)));
            start = i + 1;
        }
    }
    out.push(trimmed_span(text, Span::new(row.start() + start, row.start() + inner_end)));
    out
}

fn trimmed_span(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    let lead = s.len() - s.trim_start().len();
    Span::new(span.start() + lead, span.start() + lead + s.trim().len())
}

/// A cell without the markup around its words (`**Auth**`, `` `parser` ``).
pub(super) fn trim_markup(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    let inner = s.trim_matches(['*', '`', '_', ' ']);
    let lead = s.len() - s.trim_start_matches(['*', '`', '_', ' ']).len();
    Span::new(span.start() + lead, span.start() + lead + inner.len())
}
