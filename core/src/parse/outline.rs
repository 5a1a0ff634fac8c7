//! The block outline of a markdown text, from pulldown-cmark's offset iterator.
//!
//! Only the block structure Memento reads is kept: headings outside containers, list items
//! outside block quotes, and top-level paragraphs. Inline events are walked but not stored,
//! which keeps this pass close to pulldown-cmark's own speed.

use crate::span::Span;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

pub(crate) struct Heading {
    pub level: u8,
    pub span: Span,
    pub title: Span,
}

pub(crate) struct RawItem {
    pub span: Span,
    pub bullet: char,
    pub text: Span,
    pub depth: u8,
    pub checkbox: Option<bool>,
}

#[derive(Default)]
pub(crate) struct Outline {
    pub front_matter: Option<Span>,
    pub headings: Vec<Heading>,
    pub items: Vec<RawItem>,
    /// Paragraphs that are not inside a list or a block quote.
    pub paragraphs: Vec<Span>,
}

struct OpenItem {
    start: usize,
    /// Where the first nested list begins: the item's own text stops there.
    nested_at: Option<usize>,
    depth: u8,
}

/// Builds the outline of `text[base..]`; spans are offsets into `text`.
pub(crate) fn outline(text: &str, base: usize) -> Outline {
    let body = &text[base..];
    let mut out = Outline {
        // About one list item per 80 bytes in real memory files.
        items: Vec::with_capacity(body.len() / 80),
        ..Outline::default()
    };
    let mut quote_depth = 0u32;
    let mut list_depth = 0u8;
    let mut open_items: Vec<OpenItem> = Vec::new();
    let mut heading: Option<(u8, Span, Option<Span>)> = None;
    // Front matter can only open the text: enable its (costlier) parsing only then.
    let options = if body.starts_with("---") {
        Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
    } else {
        Options::empty()
    };
    let parser = Parser::new_ext(body, options);
    for (event, range) in parser.into_offset_iter() {
        let span = Span::new(range.start + base, range.end + base);
        match event {
            Event::Start(tag) => match tag {
                Tag::Heading { level, .. } => {
                    if quote_depth == 0 && list_depth == 0 {
                        heading = Some((level as u8, span, None));
                    }
                }
                Tag::BlockQuote(_) => quote_depth += 1,
                Tag::List(_) => {
                    list_depth = list_depth.saturating_add(1);
                    if let Some(item) = open_items.last_mut() {
                        item.nested_at.get_or_insert(span.start);
                    }
                }
                Tag::Item if quote_depth == 0 => open_items.push(OpenItem {
                    start: span.start,
                    nested_at: None,
                    depth: list_depth,
                }),
                Tag::Paragraph if quote_depth == 0 && list_depth == 0 => {
                    out.paragraphs.push(span)
                }
                Tag::MetadataBlock(_) if span.start == base => out.front_matter = Some(span),
                _ => extend_title(&mut heading, span),
            },
            Event::End(end) => match end {
                TagEnd::Heading(_) => {
                    if let Some((level, hspan, title)) = heading.take() {
                        let title = title.unwrap_or(Span::empty(hspan.end));
                        out.headings.push(Heading {
                            level,
                            span: trim_end(text, hspan),
                            title,
                        });
                    }
                }
                TagEnd::BlockQuote(_) => quote_depth = quote_depth.saturating_sub(1),
                TagEnd::List(_) => list_depth = list_depth.saturating_sub(1),
                TagEnd::Item if quote_depth == 0 => {
                    if let Some(open) = open_items.pop() {
                        out.items.push(finish_item(text, open, span.end));
                    }
                }
                _ => {}
            },
            _ => extend_title(&mut heading, span),
        }
    }
    // Items are pushed as they close (children before parents): restore file order.
    if !out.items.is_sorted_by_key(|i| i.span.start) {
        crate::sort::sort_by_key(&mut out.items, |i| [i.span.start as u64, 0, 0]);
    }
    out
}

fn extend_title(heading: &mut Option<(u8, Span, Option<Span>)>, span: Span) {
    if let Some((_, _, title)) = heading {
        *title = Some(match title {
            Some(t) => t.cover(span),
            None => span,
        });
    }
}

fn trim_end(text: &str, span: Span) -> Span {
    let trimmed = text[span.range()].trim_end();
    Span::new(span.start, span.start + trimmed.len())
}

fn finish_item(text: &str, open: OpenItem, end: usize) -> RawItem {
    let bytes = text.as_bytes();
    let mut at = open.start;
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
    let text_end = open.nested_at.unwrap_or(end).max(at);
    RawItem {
        span: trim_end(text, Span::new(open.start, end)),
        bullet,
        text: trim_end(text, Span::new(at, text_end)),
        depth: open.depth,
        checkbox,
    }
}
