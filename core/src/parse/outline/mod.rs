//! The block outline of a markdown text: headings outside containers, list items outside
//! block quotes, and top-level paragraphs — the block structure Memento reads.
//!
//! The text is cut into *stretches* at headings that start a line (`# …` to `###### …`).
//! Such a heading closes every open list, block quote and paragraph, so what follows it
//! parses the same whether or not the text before it is there — unless the heading sits
//! inside a fenced code block or an HTML block that is still open. Each stretch is read by
//! one of two readers that give the same outline:
//!
//! - [`simple`]: a line scanner for stretches made only of plain paragraphs and flat `- `
//!   lists (most of a memory file: one entry a line). It does not parse inlines, which is
//!   most of a full markdown parser's work.
//! - [`events`]: pulldown-cmark's offset iterator over the stretch, for everything else.
//!   A stretch it reads is accepted only if its last top-level block is not a fenced code
//!   block or an HTML block (which could still be open at the cut); otherwise the stretch
//!   grows to a later heading, at least doubling, so the rereading stays linear overall.
//!
//! A differential test holds the two to the same result as pulldown-cmark over the whole text.

mod events;
mod simple;

use crate::span::{LineIndex, Span};

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Heading {
    pub level: u8,
    pub span: Span,
    pub title: Span,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct RawItem {
    pub span: Span,
    pub bullet: char,
    pub text: Span,
    pub depth: u8,
    pub checkbox: Option<bool>,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Outline {
    pub front_matter: Option<Span>,
    pub headings: Vec<Heading>,
    pub items: Vec<RawItem>,
    /// Paragraphs that are not inside a list or a block quote (with their line ending).
    pub paragraphs: Vec<Span>,
}

impl RawItem {
    /// The item whose marker starts at `start` and whose block ends at `end`; its own text
    /// stops where its first nested list begins (`nested_at`).
    fn read(text: &str, start: usize, end: usize, nested_at: Option<usize>, depth: u8) -> RawItem {
        let bytes = text.as_bytes();
        let mut at = start;
        while at < end && (bytes[at] == b' ' || bytes[at] == b'\t') {
            at += 1;
        }
        let mut bullet = '-';
        if at < end {
            match bytes[at] {
                b'-' | b'*' | b'+' => {
                    bullet = bytes[at] as char;
                    at += 1;
                }
                _ => {
                    while at < end && bytes[at].is_ascii_digit() {
                        at += 1;
                    }
                    if at < end && (bytes[at] == b'.' || bytes[at] == b')') {
                        bullet = bytes[at] as char;
                        at += 1;
                    }
                }
            }
        }
        while at < end && (bytes[at] == b' ' || bytes[at] == b'\t') {
            at += 1;
        }
        let mut checkbox = None;
        if end - at >= 3 && bytes[at] == b'[' && bytes[at + 2] == b']' {
            let after = bytes.get(at + 3).copied();
            if matches!(after, None | Some(b' ' | b'\t' | b'\r' | b'\n')) {
                checkbox = match bytes[at + 1] {
                    b'x' | b'X' => Some(true),
                    b' ' => Some(false),
                    _ => None,
                };
                if checkbox.is_some() {
                    at += 3;
                    while at < end && (bytes[at] == b' ' || bytes[at] == b'\t') {
                        at += 1;
                    }
                }
            }
        }
        let text_end = nested_at.unwrap_or(end).max(at);
        RawItem {
            span: trim_end(text, Span::new(start, end)),
            bullet,
            text: trim_end(text, Span::new(at, text_end)),
            depth,
            checkbox,
        }
    }
}

/// How far the outline had got when a stretch began: what to drop if the stretch is read again.
#[derive(Clone, Copy)]
struct Mark {
    headings: usize,
    items: usize,
    paragraphs: usize,
}

impl Outline {
    fn mark(&self) -> Mark {
        Mark { headings: self.headings.len(), items: self.items.len(), paragraphs: self.paragraphs.len() }
    }

    fn truncate(&mut self, mark: Mark) {
        self.headings.truncate(mark.headings);
        self.items.truncate(mark.items);
        self.paragraphs.truncate(mark.paragraphs);
    }
}

/// Builds the outline of `text[base..]`, whose lines `lines` indexes; spans are offsets
/// into `text`.
pub(crate) fn outline(text: &str, base: usize, lines: &LineIndex) -> Outline {
    let mut out = Outline {
        // About one list item per 80 bytes in real memory files.
        items: Vec::with_capacity((text.len() - base) / 80),
        ..Outline::default()
    };
    if simple::has_lone_cr(&text.as_bytes()[base..]) {
        // A lone CR ends a line for CommonMark but not for the line scanner.
        events::walk(text, base, text.len(), &mut out);
    } else {
        by_stretches(text, base, lines.starts(), &mut out);
    }
    // Items are pushed as they close (children before parents): restore file order.
    if !out.items.is_sorted_by_key(|i| i.span.start()) {
        crate::sort::sort_by_key(&mut out.items, |i| [i.span.start() as u64, 0, 0]);
    }
    out
}

/// The current stretch is read by pulldown-cmark, at a heading at or after `from`.
struct Deferred {
    from: usize,
}

fn by_stretches(text: &str, base: usize, starts: &[usize], out: &mut Outline) {
    let len = text.len();
    let mut start = base;
    let mut mark = out.mark();
    let mut lines = simple::Scanner::default();
    // Front matter can only open the text, and only pulldown-cmark reads it.
    let mut deferred = text[base..].starts_with("---").then_some(Deferred { from: base });
    for (i, &line_start) in starts.iter().enumerate() {
        let at = line_start.max(base);
        if at >= len {
            break; // the outline of a text's first part (inside a wrapping fence)
        }
        let end = starts.get(i + 1).map_or(len, |&next| next.min(len));
        if at >= end {
            continue;
        }
        let heading = simple::heading_level(&text.as_bytes()[at..end]);
        if heading.is_some() && at > start {
            // Close the stretch [start, at).
            match &deferred {
                Some(d) if at < d.from => continue,
                Some(_) => {
                    out.truncate(mark);
                    if events::walk(text, start, at, out) {
                        deferred = None;
                    } else {
                        // Perhaps inside an open fence or HTML block: reread to a later heading.
                        out.truncate(mark);
                        deferred = Some(Deferred { from: at + (at - start) });
                        continue;
                    }
                }
                None => lines.finish(text, out),
            }
            start = at;
            mark = out.mark();
            lines = simple::Scanner::default();
        }
        if deferred.is_none() {
            let read = match heading {
                Some(level) => simple::heading(text, level, at, end, out),
                None => lines.line(text, at, end, out),
            };
            if !read {
                deferred = Some(Deferred { from: 0 });
            }
        }
    }
    if deferred.is_some() {
        out.truncate(mark);
        events::walk(text, start, len, out);
    } else {
        lines.finish(text, out);
    }
}

/// The end of `span` without trailing white space.
fn trim_end(text: &str, span: Span) -> Span {
    let trimmed = text[span.range()].trim_end();
    Span::new(span.start(), span.start() + trimmed.len())
}

#[cfg(test)]
mod tests;
