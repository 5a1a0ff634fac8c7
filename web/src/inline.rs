//! Inline markdown in the short texts a card shows (a next action, a decision, a discovery):
//! `code` and **bold** drawn as such, as markup in which every text of the file is escaped
//! (the card and the HTML export write the same); whatever is not a closed span stays as
//! written.

use crate::export::escape;

/// A piece of an inline text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'t> {
    Text(&'t str),
    Code(&'t str),
    Strong(&'t str),
}

/// Splits `text` into plain text, code spans (one or more backticks, closed by as many) and
/// strong spans (`**…**` or `__…__`, not empty, not opened by a space).
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let (mut plain, mut at) = (0, 0);
    let bytes = text.as_bytes();
    while at < bytes.len() {
        let found = match bytes[at] {
            b'`' => {
                let ticks = bytes[at..].iter().take_while(|&&b| b == b'`').count();
                let fence = &text[at..at + ticks];
                text[at + ticks..].find(fence).map(|close| {
                    let inner = &text[at + ticks..at + ticks + close];
                    (Piece::Code(inner.strip_prefix(' ').and_then(|i| i.strip_suffix(' ')).filter(|i| !i.trim().is_empty()).unwrap_or(inner)), at + ticks + close + ticks)
                })
            }
            b'*' | b'_' if bytes.get(at + 1) == Some(&bytes[at]) => {
                let mark = &text[at..at + 2];
                let open = text[at + 2..].chars().next().is_some_and(|c| !c.is_whitespace());
                text[at + 2..]
                    .find(mark)
                    .filter(|&close| open && close > 0)
                    .map(|close| (Piece::Strong(&text[at + 2..at + 2 + close]), at + 2 + close + 2))
            }
            _ => None,
        };
        match found {
            Some((piece, end)) if !matches!(piece, Piece::Code("")) => {
                if plain < at {
                    out.push(Piece::Text(&text[plain..at]));
                }
                out.push(piece);
                (plain, at) = (end, end);
            }
            // Not a span: the marks are text (a run of backticks at once).
            _ => at += if bytes[at] == b'`' { bytes[at..].iter().take_while(|&&b| b == b'`').count() } else { 1 },
        }
    }
    if plain < text.len() {
        out.push(Piece::Text(&text[plain..]));
    }
    out
}

/// `text` as markup: its code and strong spans drawn, everything else escaped text.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for piece in pieces(text) {
        match piece {
            Piece::Text(t) => out.push_str(&escape(t)),
            Piece::Code(c) => {
                out.push_str("<code>");
                out.push_str(&escape(c));
                out.push_str("</code>");
            }
            Piece::Strong(s) => {
                out.push_str("<strong>");
                out.push_str(&escape(s));
                out.push_str("</strong>");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{pieces, Piece::*};

    #[test]
    fn spans_are_read_and_the_rest_stays_as_written() {
        assert_eq!(pieces("has `legacy_id` field"), [Text("has "), Code("legacy_id"), Text(" field")]);
        assert_eq!(pieces("**Done**: a __b__"), [Strong("Done"), Text(": a "), Strong("b")]);
        assert_eq!(pieces("``a`b`` c"), [Code("a`b"), Text(" c")]);
        assert_eq!(pieces("a ** b ** and `open"), [Text("a ** b ** and `open")]);
        assert_eq!(pieces("<b>x</b> ``"), [Text("<b>x</b> ``")]);
        assert_eq!(pieces("snake_case_name"), [Text("snake_case_name")]);
        assert_eq!(pieces(""), []);
        assert_eq!(pieces("é**ü**"), [Text("é"), Strong("ü")]);
    }
}
