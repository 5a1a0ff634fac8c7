//! Decisions written other than as list items (docs/reader.md, "The lexicon"):
//!
//! - the rows of a decision table: a table with a Decision column (`| Date | Decision | Why |`),
//!   or any table in a Decisions section, one decision per row;
//! - the subsections of a decision log, one heading per decision as ADRs are written
//!   (`# Decision Log` over `## 2025-04-01: Use PostgreSQL for order data`);
//! - stamped lines in a Decisions section's paragraphs, as Roo Code's `decisionLog.md`
//!   appends them (`[2025-04-01 10:00:00] - Chose PostgreSQL over MongoDB`).
//!
//! The items of a Decisions list are read where the list items are ([`super`]); a heading
//! over decision items is their group, no decision itself.

use super::table;
use crate::document::{Document, SectionRole};
use crate::lexicon::{self, Meaning};
use crate::span::Span;
use crate::time::{self, Timestamp};

/// A decision found outside the lists: where it is written, its words, and its timestamp with
/// the stamp as written (its id).
pub(super) struct Written {
    pub span: Span,
    pub text: Span,
    pub stamp: Option<(Timestamp, Span)>,
}

/// The decisions written as table rows, headings and stamped lines, in no particular order.
/// `listed` are the spans of the decisions read from list items, in file order.
pub(super) fn beyond_lists(doc: &Document, paragraphs: &[Span], listed: &[Span]) -> Vec<Written> {
    let mut out = Vec::new();
    let any = doc.sections.iter().any(|s| s.role == SectionRole::Decisions);
    let in_decisions = |at: usize| any && doc.section_at(at).is_some_and(|s| doc.sections[s].role == SectionRole::Decisions);
    for &p in paragraphs {
        match table::read(&doc.source, p) {
            Some(t) => rows(doc, &t, in_decisions(p.start()), &mut out),
            None if in_decisions(p.start()) => stamped_lines(doc, p, &mut out),
            None => {}
        }
    }
    if any {
        headings(doc, listed, &mut out);
    }
    out
}

/// The rows of a decision table: the text is the Decision column's cell, or in a Decisions
/// section the first cell that is no index and no date; the timestamp a cell that is a date.
fn rows(doc: &Document, t: &table::Table, in_decisions: bool, out: &mut Vec<Written>) {
    let text = doc.source.as_str();
    let named = t.header.iter().position(|h| lexicon::label_of(&text[h.range()]) == Some(Meaning::Decision));
    if named.is_none() && !in_decisions {
        return;
    }
    for &row in &t.rows {
        let cells = table::cells(text, row);
        let stamp = cells.iter().find_map(|&c| date_cell(text, c));
        let column = named.or_else(|| {
            (0..cells.len()).find(|&i| !t.header.get(i).is_some_and(|&h| table::is_index(text, h)) && date_cell(text, cells[i]).is_none())
        });
        let Some(&cell) = column.and_then(|i| cells.get(i)) else { continue };
        let words = table::trim_markup(text, cell);
        if words.is_empty() || !text[words.range()].chars().any(char::is_alphabetic) {
            continue;
        }
        out.push(Written { span: row, text: words, stamp });
    }
}

/// A cell that is a date or a time and nothing more: (the timestamp, the cell's span).
fn date_cell(text: &str, cell: Span) -> Option<(Timestamp, Span)> {
    let s = text[cell.range()].trim_matches(['*', '`', '_', ' ']);
    let (ts, used) = time::parse_prefix(s)?;
    (used + 1 >= s.len()).then(|| (ts, table::trim_markup(text, cell)))
}

/// Lines of a Decisions section's paragraph that open with a timestamp: a decision each.
fn stamped_lines(doc: &Document, p: Span, out: &mut Vec<Written>) {
    let text = doc.source.as_str();
    for line in crate::span::lines_in(text, p) {
        let Some(prefix) = super::lines::entry_prefix(&text[line.range()]) else { continue };
        let words = Span::new(line.start() + prefix.text_start, line.end());
        if words.is_empty() {
            continue;
        }
        out.push(Written { span: line, text: words, stamp: Some((prefix.timestamp, prefix.timestamp_span.shifted(line.start()))) });
    }
}

/// Subsections of a decision log: a heading per decision, its title the decision (after its
/// date, if it opens with one). A heading over decision items is their group, and one titled
/// for a part of a record (`### Rationale`) belongs to the decision above it.
fn headings(doc: &Document, listed: &[Span], out: &mut Vec<Written>) {
    let text = doc.source.as_str();
    let sections = &doc.sections;
    // A title of its own (`### Decisions made`, `### Rationale`, `### Next steps`) is no
    // decision's name.
    let names_one = |s: &crate::document::Section| {
        let title = &text[s.title.range()];
        s.role == SectionRole::Decisions
            && super::roles::role_of(title) != SectionRole::Decisions
            && lexicon::label_of(title).is_none()
            && !super::roles::is_detail_label(title.trim().trim_end_matches(':'))
    };
    for (k, s) in sections.iter().enumerate() {
        let Some(parent) = s.parent else { continue };
        if sections[parent].role != SectionRole::Decisions || !names_one(s) {
            continue;
        }
        // A heading over decision headings is their group (`### 2. Database Choices` over
        // `#### PostgreSQL as Primary Database`).
        if sections[k + 1..].iter().take_while(|c| s.span.contains(c.heading.start())).any(|c| c.parent == Some(k) && names_one(c)) {
            continue;
        }
        let title = &text[s.title.range()];
        // `listed` is in file order: the first decision at or after the heading tells.
        let first = listed.partition_point(|d| d.start() < s.span.start());
        if listed.get(first).is_some_and(|d| s.span.contains(d.start())) {
            continue;
        }
        let (stamp, words) = match super::lines::entry_prefix(title) {
            Some(p) => (Some((p.timestamp, p.timestamp_span.shifted(s.title.start()))), Span::new(s.title.start() + p.text_start, s.title.end())),
            None => (time::find(title).map(|(ts, r)| (ts, Span::new(s.title.start() + r.start, s.title.start() + r.end))), s.title),
        };
        let words = table::trim_markup(text, words);
        if words.is_empty() {
            continue;
        }
        out.push(Written { span: Span::new(s.heading.start(), s.span.end()), text: words, stamp });
    }
}
