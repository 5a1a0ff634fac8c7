//! YAML front matter read field by field (`docs/formats.md`, "Front matter"): what Letta's
//! pre-commit hook and Basic Memory's loader look at, top-level `key: value` lines. No YAML
//! library: the harnesses check keys, not nested values, and the wasm package stays lean.

use crate::memory::{Field, FrontMatter, FrontMatterFault, FrontMatterFaultKind};
use crate::span::Span;

/// The front matter opening the text at `start` (after a BOM): a `---` line, then lines up to
/// a closing `---` or `...` line. `None` when the text does not open with `---`.
pub(crate) fn read(text: &str, start: usize) -> Option<FrontMatter> {
    let mut lines = Lines { text, at: start };
    let (open, _) = lines.next()?;
    if open.trim_end() != "---" {
        return None;
    }
    let mut out = FrontMatter::default();
    let mut seen = false;
    while let Some((line, at)) = lines.next() {
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed == "..." {
            out.closed = true;
            break;
        }
        let span = Span::new(at, at + trimmed.len());
        // Nested values, blank lines and comments belong to the key above or to nothing.
        if trimmed.is_empty() || line.starts_with([' ', '\t']) || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            if !seen {
                out.faults.push(FrontMatterFault { span, kind: FrontMatterFaultKind::NotAField });
            }
            continue;
        }
        match field(trimmed, at) {
            Some(f) => {
                let key = &text[f.key.range()];
                if out.fields.iter().any(|g| &text[g.key.range()] == key) {
                    out.faults.push(FrontMatterFault { span, kind: FrontMatterFaultKind::DuplicateKey });
                }
                out.fields.push(f);
                seen = true;
            }
            None => out.faults.push(FrontMatterFault { span, kind: FrontMatterFaultKind::NotAField }),
        }
    }
    if !out.closed {
        out.faults.push(FrontMatterFault { span: Span::new(start, start + open.trim_end().len()), kind: FrontMatterFaultKind::Unclosed });
    }
    out.span = Span::new(start, lines.at);
    Some(out)
}

/// `key: value` (a key of letters, digits, `_`, `-` or `.`, or a quoted one), at offset `at`.
fn field(line: &str, at: usize) -> Option<Field> {
    let colon = line.find(':')?;
    let key = &line[..colon];
    let quoted = key.len() >= 2 && (key.starts_with('"') && key.ends_with('"') || key.starts_with('\'') && key.ends_with('\''));
    let plain = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    let after = &line[colon + 1..];
    if !(quoted || plain) || !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    let value = after.trim();
    let value_start = at + colon + 1 + (after.len() - after.trim_start().len());
    Some(Field {
        line: Span::new(at, at + line.len()),
        key: Span::new(at, at + colon),
        value: Span::new(value_start, value_start + value.len()),
    })
}

/// Lines with their offsets; `at` ends past the last line read (its line ending included).
struct Lines<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Iterator for Lines<'t> {
    type Item = (&'t str, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.text.len() {
            return None;
        }
        let start = self.at;
        let rest = &self.text[start..];
        let end = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        self.at = start + end;
        let line = rest[..end].strip_suffix('\n').unwrap_or(&rest[..end]);
        Some((line.strip_suffix('\r').unwrap_or(line), start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<(&str, &str)> {
        let fm = read(text, 0).unwrap();
        fm.fields.iter().map(|f| (&text[f.key.range()], &text[f.value.range()])).collect()
    }

    #[test]
    fn reads_top_level_fields() {
        let text = "---\ntitle: Coffee\ntags:\n  - a\n  - b\npermalink: coffee\n---\n# Coffee\n";
        assert_eq!(keys(text), [("title", "Coffee"), ("tags", ""), ("permalink", "coffee")]);
        let fm = read(text, 0).unwrap();
        assert!(fm.closed && fm.faults.is_empty());
        assert_eq!(&text[fm.span.range()], "---\ntitle: Coffee\ntags:\n  - a\n  - b\npermalink: coffee\n---\n");
    }

    #[test]
    fn crlf_and_values_with_colons() {
        let text = "---\r\ndescription: Who I am: a helper\r\n---\r\nbody";
        assert_eq!(keys(text), [("description", "Who I am: a helper")]);
    }

    #[test]
    fn faults_are_found() {
        let fm = read("---\ndescription: a\nnot a field\ndescription: b\n", 0).unwrap();
        let kinds: Vec<_> = fm.faults.iter().map(|f| f.kind).collect();
        use FrontMatterFaultKind::*;
        assert_eq!(kinds, [NotAField, DuplicateKey, Unclosed]);
        assert!(!fm.closed);
        assert_eq!(read("# Title\n", 0), None);
        assert_eq!(read("", 0), None);
        // A URL value is not a key (`http:` has no space after the colon).
        assert_eq!(read("---\nhttp://x\n---\n", 0).unwrap().faults[0].kind, NotAField);
    }
}
