//! unclosed-emphasis: a `**` that opens bold text never closed, or closes none
//! (`**Current Agent: N/A`, docs/rules.md "unclosed-emphasis"). A markdown reader shows the
//! stars as they are, and the label they were meant to set off runs into its value.
//!
//! Bold text may run over the lines of one paragraph or list item, so delimiters are paired
//! within a block: lines up to a blank line, a heading, a new list item or a table row (each
//! row apart). A run of two or three `*` is a bold delimiter; it may open when it is
//! left-flanking and close when it is right-flanking (CommonMark's definitions), and is paired
//! with the nearest open one. A run that could do both (`src/**/*.ts`, `2**10`) is never
//! reported; nor is `**` in fenced code or a code span, Python's `**kwargs`, `**` named in
//! prose (`wraps the text with **)`), or a line of stars (a thematic break). The search is `memchr`'s for `**`: most lines have none.

use super::Ctx;
use crate::span::line_holding;
use crate::code::{in_code_span, Fences};
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::UnclosedEmphasis) {
        return;
    }
    let text = cx.doc.source();
    let mut fences: Option<Fences> = None;
    let mut done = 0;
    for at in memchr::memmem::find_iter(text.as_bytes(), "**") {
        if at < done || fences.get_or_insert_with(|| Fences::of(cx.doc)).holds(at) {
            continue;
        }
        let block = block_around(text, at);
        done = block.end();
        for (span, opens) in unpaired(text, block) {
            let line = cx.line(span.start());
            if cx.out.last().is_some_and(|d| d.rule == Rule::UnclosedEmphasis && d.line == line) {
                continue;
            }
            let after = crate::span::line_content_end(text, span.start());
            let message = if opens {
                format!("bold text is never closed: `{}`", cx.quote(&text[span.start()..after], 40))
            } else {
                let before = crate::span::line_start(text, span.start());
                format!("`**` closes no bold text: `{}`", cx.quote(&text[before..span.end()], 40))
            };
            let d = cx
                .diag(Rule::UnclosedEmphasis, span, message)
                .with_help("close the bold text with `**` where it ends, or remove the stray `**`: a markdown reader shows them as they are");
            cx.push(d);
        }
    }
}

/// The block of lines holding `at`: up to a blank line, and from a line that starts a block
/// of its own (a heading, a list item, a table row) to the next.
fn block_around(text: &str, at: usize) -> Span {
    let mut start = crate::span::line_start(text, at);
    while !starts_block(line_holding(text, start)) && start > 0 {
        let prev = crate::span::line_start(text, start - 1);
        let line = line_holding(text, prev);
        if line.trim().is_empty() || single_line(line) {
            break;
        }
        start = prev;
    }
    let mut end = crate::span::line_end_after(text, at).0;
    if !single_line(line_holding(text, start)) {
        while end < text.len() {
            let line = line_holding(text, end);
            if line.trim().is_empty() || starts_block(line) {
                break;
            }
            end = crate::span::line_end_after(text, end).0;
        }
    }
    Span::new(start, end)
}

/// A heading, a list item, a table row, a fence or a quote opens a block of its own.
fn starts_block(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    single_line(line)
        || t.starts_with(['-', '+', '>'])
        || t.starts_with("* ")
        || digits > 0 && t[digits..].starts_with(['.', ')'])
        || t.starts_with("```")
        || t.starts_with("~~~")
}

/// A heading or a table row: a block of one line.
fn single_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('#') || t.starts_with('|')
}

/// The bold delimiters of `block` left without a partner: (span, whether it opens).
fn unpaired(text: &str, block: Span) -> Vec<(Span, bool)> {
    let mut open: Vec<(Span, bool)> = Vec::new();
    let mut out = Vec::new();
    let mut line_start = block.start();
    while line_start < block.end() {
        let line = line_holding(text, line_start);
        let next_line = crate::span::line_end_after(text, line_start).0;
        if !line.trim().is_empty() && line.trim().bytes().all(|b| b == b'*' || b == b' ') {
            line_start = next_line;
            continue;
        }
        let b = line.as_bytes();
        let mut i = 0;
        while let Some(k) = memchr::memchr(b'*', &b[i..]) {
            let s = i + k;
            let n = b[s..].iter().take_while(|&&c| c == b'*').count();
            i = s + n;
            if !(2..=3).contains(&n) || in_code_span(line, s) {
                continue;
            }
            let before = line[..s].chars().next_back();
            let after = line[s + n..].chars().next();
            let (left, right) = flanking(before, after);
            let span = Span::new(line_start + s, line_start + s + n);
            if right && open.last().is_some() {
                open.pop();
            } else if left && !line[s + n..].starts_with("kwargs") {
                // Both-flanking runs (`a**b`) may pair; left unpaired they are not reported.
                open.push((span, !right));
            } else if right && !left {
                out.push((span, false));
            }
        }
        line_start = next_line;
    }
    // An opener before closing punctuation is the delimiter named, not used: `(wraps the
    // selection with **)`.
    let named = |s: Span| text[s.end()..].chars().next().is_some_and(|c| matches!(c, ')' | ']' | '}' | ',' | '.' | ';' | ':' | '!' | '?' | '"' | '\'' | '»' | '」'));
    out.extend(open.into_iter().filter(|&(s, only_opens)| only_opens && !named(s)).map(|(s, _)| (s, true)));
    crate::sort::sort_by_key(&mut out, |(s, _)| [s.start() as u64, 0, 0]);
    out
}

/// CommonMark's left- and right-flanking, for a run between `before` and `after` (`None` at
/// a line's ends, which count as white space).
fn flanking(before: Option<char>, after: Option<char>) -> (bool, bool) {
    let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let punct = |c: Option<char>| c.is_some_and(|c| !c.is_alphanumeric() && !c.is_whitespace());
    let left = !space(after) && (!punct(after) || space(before) || punct(before));
    let right = !space(before) && (!punct(before) || space(after) || punct(after));
    (left, right)
}
