//! Diagnostics as data (ruff's shape): rule, severity, message, range, help, fix.

use crate::document::Document;
use crate::rule::{Rule, Severity};
use crate::span::Span;
use serde::Serialize;

/// One replacement of a byte range of the source. A fix or an edit is a list of these,
/// sorted and non-overlapping; applying them is a splice, so other bytes never change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextEdit {
    pub range: Span,
    pub content: String,
}

impl TextEdit {
    pub fn replace(range: Span, content: impl Into<String>) -> Self {
        TextEdit { range, content: content.into() }
    }

    pub fn insert(at: usize, content: impl Into<String>) -> Self {
        TextEdit { range: Span::empty(at), content: content.into() }
    }

    pub fn delete(range: Span) -> Self {
        TextEdit { range, content: String::new() }
    }
}

/// Why a set of edits cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpliceError {
    OutOfBounds(Span),
    NotCharBoundary(usize),
    Overlapping(Span, Span),
}

impl std::fmt::Display for SpliceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpliceError::OutOfBounds(s) => write!(f, "edit range {}..{} is outside the text", s.start(), s.end()),
            SpliceError::NotCharBoundary(at) => write!(f, "edit offset {at} is inside a character"),
            SpliceError::Overlapping(a, b) => write!(f, "edits {}..{} and {}..{} overlap", a.start(), a.end(), b.start(), b.end()),
        }
    }
}

impl std::error::Error for SpliceError {}

/// Applies edits to `text` as one splice. Edits may come in any order; they must not overlap
/// (two insertions at one offset are applied in the order given).
pub fn splice(text: &str, edits: &[TextEdit]) -> Result<String, SpliceError> {
    let mut order: Vec<&TextEdit> = edits.iter().collect();
    crate::sort::sort_by_key(&mut order, |e| [e.range.start() as u64, e.range.end() as u64, 0]);
    for e in &order {
        if e.range.start() > e.range.end() || e.range.end() > text.len() {
            return Err(SpliceError::OutOfBounds(e.range));
        }
        for at in [e.range.start(), e.range.end()] {
            if !text.is_char_boundary(at) {
                return Err(SpliceError::NotCharBoundary(at));
            }
        }
    }
    for pair in order.windows(2) {
        if pair[1].range.start() < pair[0].range.end() {
            return Err(SpliceError::Overlapping(pair[0].range, pair[1].range));
        }
    }
    let extra: usize = order.iter().map(|e| e.content.len()).sum();
    let mut out = String::with_capacity(text.len() + extra);
    let mut at = 0;
    for e in order {
        out.push_str(&text[at..e.range.start()]);
        out.push_str(&e.content);
        at = e.range.end();
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// A finding of a check or transition rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    pub rule: Rule,
    pub severity: Severity,
    pub message: String,
    /// 1-based line of `range.start`.
    pub line: u32,
    /// 1-based column (in characters) of `range.start`.
    pub column: u32,
    /// Byte range in the source.
    pub range: Span,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Vec<TextEdit>>,
}

impl Diagnostic {
    /// A diagnostic at `range` of `doc`, with the rule's default severity.
    pub fn new(doc: &Document, rule: Rule, range: Span, message: impl Into<String>) -> Self {
        let pos = doc.position(range.start());
        Diagnostic {
            rule,
            severity: rule.default_severity(),
            message: message.into(),
            line: pos.line,
            column: pos.column,
            range,
            help: None,
            fix: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_fix(mut self, fix: Vec<TextEdit>) -> Self {
        self.fix = Some(fix);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_changes_only_the_edited_ranges() {
        let text = "a—b\nc";
        let out = splice(text, &[TextEdit::insert(7, "!"), TextEdit::replace(Span::new(0, 1), "A")]).unwrap();
        assert_eq!(out, "A—b\nc!");
        assert_eq!(splice(text, &[TextEdit::insert(2, "x")]), Err(SpliceError::NotCharBoundary(2)));
        assert!(matches!(splice(text, &[TextEdit::delete(Span::new(0, 3)), TextEdit::delete(Span::new(2, 4))]), Err(SpliceError::Overlapping(..)) | Err(SpliceError::NotCharBoundary(_))));
        assert!(matches!(splice(text, &[TextEdit::delete(Span::new(0, 99))]), Err(SpliceError::OutOfBounds(_))));
    }
}
