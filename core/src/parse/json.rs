//! A small JSON reader that keeps byte spans, for memory stores and feature lists.
//!
//! serde_json would give values without positions; diagnostics need the line of each row,
//! and the document must stay the untouched source, so this reads values as spans and
//! decodes strings only when a field is asked for. Depth is capped so hostile input cannot
//! overflow the stack.

use crate::span::Span;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    /// The number as written (memory files only ever need its digits; no float code).
    Number(Span),
    /// The raw contents between the quotes (escapes not yet decoded).
    String(Span),
    Array(Vec<(Span, Value)>),
    Object(Vec<(Span, Span, Value)>),
}

const MAX_DEPTH: usize = 128;

pub(crate) struct Reader<'a> {
    text: &'a str,
    pub pos: usize,
    /// Reading a document that may break off: see [`Reader::salvage`].
    salvaging: bool,
    /// Where the salvaged document broke off.
    broke_at: Option<usize>,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str, pos: usize) -> Self {
        Reader { text, pos, salvaging: false, broke_at: None }
    }

    /// Reads one value that breaks off somewhere (a cut-off file, a missing comma, a quote
    /// left unescaped): what was complete before the break, every open array and object
    /// closed there, and the offset of the break. `None` when nothing could be read, or when
    /// the value does not break (then [`Reader::value`] reads it).
    pub fn salvage(&mut self) -> Option<((Span, Value), usize)> {
        self.salvaging = true;
        self.broke_at = None;
        let value = self.value_at_depth(0);
        self.salvaging = false;
        let broke = self.broke_at.take();
        Some((value?, broke?))
    }

    /// Records a break at `at` when salvaging (and says whether the container stops there).
    fn break_at(&mut self, at: usize) -> bool {
        if self.salvaging {
            self.broke_at.get_or_insert(at);
        }
        self.salvaging
    }

    pub fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && matches!(b[self.pos], b' ' | b'\t' | b'\r' | b'\n') {
            self.pos += 1;
        }
    }

    /// Reads one value; returns its span and value, or `None` (position unspecified).
    pub fn value(&mut self) -> Option<(Span, Value)> {
        self.value_at_depth(0)
    }

    fn value_at_depth(&mut self, depth: usize) -> Option<(Span, Value)> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_ws();
        let b = self.text.as_bytes();
        let start = self.pos;
        let value = match *b.get(self.pos)? {
            b'{' => {
                self.pos += 1;
                let mut fields = Vec::new();
                self.skip_ws();
                if b.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                } else {
                    loop {
                        self.skip_ws();
                        let at = self.pos;
                        let field = self.string().and_then(|key| {
                            self.skip_ws();
                            (b.get(self.pos) == Some(&b':')).then_some(key)
                        });
                        let Some(key) = field else {
                            if self.break_at(at) {
                                break;
                            }
                            return None;
                        };
                        self.pos += 1;
                        let Some((span, value)) = self.value_at_depth(depth + 1) else {
                            if self.break_at(at) {
                                break;
                            }
                            return None;
                        };
                        fields.push((key, span, value));
                        if self.broke_at.is_some() {
                            break;
                        }
                        self.skip_ws();
                        match b.get(self.pos) {
                            Some(b',') => self.pos += 1,
                            Some(b'}') => {
                                self.pos += 1;
                                break;
                            }
                            _ if self.break_at(self.pos) => break,
                            _ => return None,
                        }
                    }
                }
                Value::Object(fields)
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_ws();
                if b.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                } else {
                    loop {
                        self.skip_ws();
                        let at = self.pos;
                        match self.value_at_depth(depth + 1) {
                            Some(item) => items.push(item),
                            None if self.break_at(at) => break,
                            None => return None,
                        }
                        if self.broke_at.is_some() {
                            break;
                        }
                        self.skip_ws();
                        match b.get(self.pos) {
                            Some(b',') => self.pos += 1,
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            _ if self.break_at(self.pos) => break,
                            _ => return None,
                        }
                    }
                }
                Value::Array(items)
            }
            b'"' => Value::String(self.string()?),
            b't' => self.word("true", Value::Bool(true))?,
            b'f' => self.word("false", Value::Bool(false))?,
            b'n' => self.word("null", Value::Null)?,
            b'-' | b'0'..=b'9' => {
                let end = b[self.pos..]
                    .iter()
                    .position(|c| !matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                    .map_or(b.len(), |p| self.pos + p);
                let digits = &b[self.pos..end];
                if !digits.iter().any(u8::is_ascii_digit) {
                    return None;
                }
                let span = Span::new(self.pos, end);
                self.pos = end;
                Value::Number(span)
            }
            _ => return None,
        };
        // A container that broke off ends where it broke.
        let end = self.broke_at.unwrap_or(self.pos);
        Some((Span::new(start, end), value))
    }

    fn word(&mut self, word: &str, value: Value) -> Option<Value> {
        self.text[self.pos..].starts_with(word).then(|| {
            self.pos += word.len();
            value
        })
    }

    /// A string; returns the span of its raw contents.
    fn string(&mut self) -> Option<Span> {
        let b = self.text.as_bytes();
        if b.get(self.pos) != Some(&b'"') {
            return None;
        }
        let start = self.pos + 1;
        let mut i = start;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    self.pos = i + 1;
                    return Some(Span::new(start, i));
                }
                b'\\' => i += 2,
                b'\n' => return None,
                _ => i += 1,
            }
        }
        None
    }
}

/// Decodes the raw contents of a JSON string (escapes, surrogate pairs; bad escapes kept).
pub(crate) fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_owned();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let mut code = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
                if (0xD800..0xDC00).contains(&code) {
                    let rest = chars.as_str();
                    if let Some(low) = rest
                        .strip_prefix("\\u")
                        .and_then(|r| r.get(..4))
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .filter(|l| (0xDC00..0xE000).contains(l))
                    {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                        chars = rest[6..].chars();
                    }
                }
                out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values_with_spans() {
        let text = r#" {"a": [1, true, null], "b\"": "x\u00e9\ud83d\ude00"} "#;
        let mut r = Reader::new(text, 0);
        let (span, value) = r.value().unwrap();
        assert_eq!(&text[span.range()], text.trim());
        let Value::Object(fields) = value else { panic!() };
        assert_eq!(&text[fields[1].0.range()], "b\\\"");
        let Value::String(s) = fields[1].2 else { panic!() };
        assert_eq!(unescape(&text[s.range()]), "xé😀");
    }

    #[test]
    fn salvages_what_comes_before_a_break() {
        let text = r#"{"a": [1, {"b": 2, "c" 3}, 4], "d": 5}"#;
        let ((span, value), broke) = Reader::new(text, 0).salvage().unwrap();
        assert_eq!(&text[broke..], r#""c" 3}, 4], "d": 5}"#);
        assert_eq!(&text[span.range()], r#"{"a": [1, {"b": 2, "#);
        let Value::Object(fields) = value else { panic!() };
        let Value::Array(items) = &fields[0].2 else { panic!() };
        assert_eq!(items.len(), 2, "1 and the object holding b");
        // A value that does not break is not salvaged (`value` reads it).
        assert!(Reader::new("[1, 2]", 0).salvage().is_none());
        let deep = "[".repeat(10_000);
        assert!(Reader::new(&deep, 0).salvage().is_some_and(|(_, broke)| broke == MAX_DEPTH + 1));
    }

    #[test]
    fn rejects_broken_and_too_deep_input() {
        for bad in ["{", "[1,", "{\"a\" 1}", "tru", "\"open", "-"] {
            assert!(Reader::new(bad, 0).value().is_none(), "{bad}");
        }
        let deep = "[".repeat(10_000);
        assert!(Reader::new(&deep, 0).value().is_none());
    }
}
