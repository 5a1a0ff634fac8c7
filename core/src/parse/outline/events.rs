//! The outline of one stretch of text from pulldown-cmark's offset iterator.
//!
//! Inline events are walked but not stored. Spans are offsets into the whole text.

use super::{trim_end, Heading, Outline, RawItem};
use crate::span::Span;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

struct OpenItem {
    start: usize,
    /// Where the first nested list begins: the item's own text stops there.
    nested_at: Option<usize>,
    depth: u8,
}

/// Appends the outline of `text[start..end]` to `out`. Returns whether the text after `end`
/// parses independently of this stretch: false when its last top-level block is a fenced
/// code block or an HTML block (perhaps still open at `end`), or when it opens like front
/// matter that does not close within it.
pub(super) fn walk(text: &str, start: usize, end: usize, out: &mut Outline) -> bool {
    let body = &text[start..end];
    let mut quote_depth = 0u32;
    let mut list_depth = 0u8;
    let mut depth = 0u32;
    let mut open_at_end = false;
    let mut open_items: Vec<OpenItem> = Vec::new();
    let mut heading: Option<(u8, Span, Option<Span>)> = None;
    // Front matter can only open the text (docs/formats.md). pulldown-cmark, told to read
    // metadata blocks, takes one wherever a block may start (a `---` line, text, a later
    // `---`): the front matter is read apart, and the rest without the option.
    let front = body.starts_with("---").then(|| front_matter(body)).flatten();
    if let Some(fm) = front.clone() {
        out.front_matter = Some(Span::new(start + fm.start, start + fm.end));
    }
    let front_matter_closed = !body.starts_with("---") || front.is_some();
    let rest = front.map_or(0, |fm| fm.end);
    let parser = Parser::new_ext(&body[rest..], Options::empty());
    for (event, range) in parser.into_offset_iter() {
        let span = Span::new(range.start + start + rest, range.end + start + rest);
        if depth == 0 {
            open_at_end = matches!(event, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_)) | Tag::HtmlBlock));
        }
        match event {
            Event::Start(tag) => {
                depth += 1;
                match tag {
                    Tag::Heading { level, .. } => {
                        if quote_depth == 0 && list_depth == 0 {
                            heading = Some((level as u8, span, None));
                        }
                    }
                    Tag::BlockQuote(_) => quote_depth += 1,
                    Tag::List(_) => {
                        list_depth = list_depth.saturating_add(1);
                        if let Some(item) = open_items.last_mut() {
                            item.nested_at.get_or_insert(span.start());
                        }
                    }
                    Tag::Item if quote_depth == 0 => open_items.push(OpenItem {
                        start: span.start(),
                        nested_at: None,
                        depth: list_depth,
                    }),
                    Tag::Paragraph if quote_depth == 0 && list_depth == 0 => out.paragraphs.push(span),
                    _ => extend_title(&mut heading, span),
                }
            }
            Event::End(tag_end) => {
                depth = depth.saturating_sub(1);
                match tag_end {
                    TagEnd::Heading(_) => {
                        if let Some((level, hspan, title)) = heading.take() {
                            let title = title.unwrap_or(Span::empty(hspan.end()));
                            out.headings.push(Heading { level, span: trim_end(text, hspan), title });
                        }
                    }
                    TagEnd::BlockQuote(_) => quote_depth = quote_depth.saturating_sub(1),
                    TagEnd::List(_) => list_depth = list_depth.saturating_sub(1),
                    TagEnd::Item if quote_depth == 0 => {
                        if let Some(open) = open_items.pop() {
                            out.items.push(RawItem::read(text, open.start, span.end(), open.nested_at, open.depth));
                        }
                    }
                    _ => {}
                }
            }
            _ => extend_title(&mut heading, span),
        }
    }
    front_matter_closed && !open_at_end
}

/// The front matter that opens `body` (which opens with `---`), where pulldown-cmark, told to
/// read metadata blocks, takes one: `---` alone on the first line, a first line of content
/// that is neither blank nor a closing line, and a closing `---` or `...` line (no indent,
/// trailing spaces allowed). Its range, closing delimiter included. Read by hand: a second
/// parser here doubled pulldown-cmark's iterator in the wasm builds.
pub(super) fn front_matter(body: &str) -> Option<std::ops::Range<usize>> {
    let b = body.as_bytes();
    let line_end = |from: usize| memchr::memchr(b'\n', &b[from..]).map_or(b.len(), |k| from + k);
    let blank = |from: usize, to: usize| b[from..to].iter().all(|c| c.is_ascii_whitespace());
    // Exactly three `mark`s, then spaces to the end of the line: where the spaces end.
    let delimiter = |from: usize, to: usize, mark: u8| {
        let n = b[from..to].iter().take_while(|&&c| c == mark).count();
        let end = from + n + b[from + n..to].iter().take_while(|&&c| c == b' ').count();
        (n == 3 && (end == to || b[end] == b'\r')).then_some(end)
    };
    let first_end = line_end(0);
    if b.iter().take_while(|&&c| c == b'-').count() != 3 || !blank(3, first_end) || first_end == b.len() {
        return None;
    }
    let mut at = first_end + 1;
    let mut first = true;
    while at < b.len() {
        let end = line_end(at);
        let closed = delimiter(at, end, b'-').or_else(|| delimiter(at, end, b'.'));
        if first && (closed.is_some() || blank(at, end)) {
            return None;
        }
        first = false;
        if let Some(close) = closed {
            return Some(0..close);
        }
        at = end + 1;
    }
    None
}

fn extend_title(heading: &mut Option<(u8, Span, Option<Span>)>, span: Span) {
    if let Some((_, _, title)) = heading {
        *title = Some(match title {
            Some(t) => t.cover(span),
            None => span,
        });
    }
}
