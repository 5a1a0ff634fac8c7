//! Where code is, for the readers and rules that skip it.
//!
//! Fenced code has one rule, the reader's: a line whose content (after its leading white
//! space) starts with ```` ``` ```` or `~~~` opens a fence, and the next such line closes it;
//! a fence left open runs to the end of the text. It is simpler than CommonMark's (fence
//! lengths and characters are not matched) and the plan and the check agree on it. It is
//! given two ways: [`lines_outside_code`], every line in order (the plan reads them all),
//! and [`Fences`], the fenced spans found by searching for the fence marks (a rule that
//! searches the text for a rare byte asks only about its hits).
//!
//! Code spans (`` `like this` ``) are found within one line: [`in_code_span`].

use crate::document::Document;
use crate::span::Span;

/// The lines of the file outside fenced code, as the line index counts them (a lone CR ends
/// one too): (line index, offset of the line's content, its content without the white space
/// around it). Fence lines themselves are not given.
/// In a file wrapped whole in a fence ([`Document::wrapping_fence`]) the lines inside it are
/// the document's, and the wrapper's own lines are given as fence lines.
pub(crate) fn lines_outside_code(doc: &Document) -> impl Iterator<Item = (usize, usize, &str)> + '_ {
    let text = doc.source();
    let starts = doc.line_index().starts();
    let inside = doc.wrapping_fence().unwrap_or(Span::new(0, text.len()));
    let mut fenced = false;
    starts.iter().enumerate().filter_map(move |(i, &start)| {
        if start < inside.start() || start >= inside.end() {
            return None;
        }
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let (from, to) = content_bounds(text, start, end);
        let content = &text[from..to];
        if content.starts_with("```") || content.starts_with("~~~") {
            fenced = !fenced;
            return None;
        }
        (!fenced).then_some((i, from, content))
    })
}

/// Where the content of the line `start..end` of `text` starts and ends: without the white
/// space around it, as `str::trim` reads it. Several rules walk every line of a long file,
/// and most lines open and end with ASCII: the ASCII white space is passed over byte by
/// byte, and `trim` reads on only from a non-ASCII byte at either end (a no-break or an
/// ideographic space is white space too).
#[inline]
pub(crate) fn content_bounds(text: &str, start: usize, end: usize) -> (usize, usize) {
    let b = text.as_bytes();
    // `char::is_whitespace` of the ASCII bytes: tab, line feed, vertical tab, form feed,
    // carriage return, space.
    let space = |c: u8| matches!(c, b'\t'..=b'\r' | b' ');
    let (mut from, mut to) = (start, end);
    while from < to && space(b[from]) {
        from += 1;
    }
    while to > from && space(b[to - 1]) {
        to -= 1;
    }
    if from < to && (b[from] >= 0x80 || b[to - 1] >= 0x80) {
        // Both ends sit next to ASCII bytes or at line starts: character boundaries.
        let lead = text[from..to].trim_start();
        from = to - lead.len();
        to = from + lead.trim_end().len();
    }
    (from, to)
}

/// The fenced code of a text: from the start of each opening fence line to the end of its
/// closing fence line (or of the text), in order.
pub(crate) struct Fences {
    spans: Vec<Span>,
}

impl Fences {
    /// The fenced code of a document: inside the fence that wraps a whole file, if one
    /// does, whose own lines count as fenced.
    pub(crate) fn of(doc: &Document) -> Fences {
        let text = doc.source();
        let Some(inside) = doc.wrapping_fence() else { return Fences::of_text(text) };
        let mut spans = vec![Span::new(0, inside.start())];
        spans.extend(Fences::of_text(doc.text(inside)).spans.into_iter().map(|s| s.shifted(inside.start())));
        spans.push(Span::new(inside.end(), text.len()));
        Fences { spans: spans.into_iter().filter(|s| !s.is_empty()).collect() }
    }

    fn of_text(text: &str) -> Fences {
        let mut marks: Vec<usize> = Vec::new();
        for needle in ["```", "~~~"] {
            for at in memchr::memmem::find_iter(text.as_bytes(), needle) {
                let start = crate::span::line_start(text, at);
                if text[start..at].chars().all(char::is_whitespace) {
                    marks.push(start);
                }
            }
        }
        crate::sort::sort_offsets(&mut marks);
        marks.dedup();
        let spans = marks
            .chunks(2)
            .map(|pair| {
                let end = pair.get(1).map_or(text.len(), |&close| crate::span::line_end_after(text, close).0);
                Span::new(pair[0], end)
            })
            .collect();
        Fences { spans }
    }

    /// Whether `offset` lies in fenced code (the fence lines included).
    pub(crate) fn holds(&self, offset: usize) -> bool {
        let at = self.spans.partition_point(|s| s.end() <= offset);
        self.spans.get(at).is_some_and(|s| s.contains(offset))
    }
}

/// Whether byte `at` of `line` lies inside a code span: a run of backticks closed by the
/// next run of the same length (an unclosed run is literal text, as CommonMark has it).
pub(crate) fn in_code_span(line: &str, at: usize) -> bool {
    let b = line.as_bytes();
    let run = |from: usize| b[from..].iter().take_while(|&&c| c == b'`').count();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'`', &b[i..]) {
        let open = i + k;
        if open > at {
            return false;
        }
        let n = run(open);
        let mut j = open + n;
        let close = loop {
            let Some(k) = memchr::memchr(b'`', &b[j..]) else { break None };
            let m = run(j + k);
            if m == n {
                break Some(j + k);
            }
            j += k + m;
        };
        match close {
            Some(c) if at < c + n => return true,
            Some(c) => i = c + n,
            None => i = open + n,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two views of fenced code agree: a line is given by [`lines_outside_code`] exactly
    /// when its start is outside the [`Fences`].
    #[test]
    fn both_views_of_fences_agree() {
        let texts = [
            "a\n```rust\nfn x() {}\n```\nb\n",
            "  ~~~\ninside\n~~~ \nout\n```\nopen to the end\n",
            "no fences ``` here\n`inline`\n",
            "\u{3000}```\nx\r\n```\r\ny\rz```\n",
            "```\n```\n```\n",
        ];
        for t in texts {
            let doc = crate::parse(t);
            let fences = Fences::of(&doc);
            let given: Vec<usize> = lines_outside_code(&doc).map(|(i, _, _)| i).collect();
            let outside: Vec<usize> = doc.line_index().starts().iter().enumerate().filter(|(_, &s)| !fences.holds(s) && s < t.len()).map(|(i, _)| i).collect();
            assert_eq!(given.iter().filter(|&&i| doc.line_index().starts()[i] < t.len()).copied().collect::<Vec<_>>(), outside, "{t:?}");
        }
    }

    /// Each line's content is the line as `str::trim` leaves it, at its place in the text:
    /// ASCII white space, Unicode white space at either end (no-break, ideographic, line
    /// separator, next line), a vertical tab, blank lines, CRLF and lone CR breaks.
    #[test]
    fn line_content_is_the_trimmed_line() {
        let text = "\u{b}v\u{c}\n  a b \t\n\u{a0}x\u{3000}\r\n\u{b} \u{2028}é\u{85}\r\n\n \t\n\u{3000}\u{3000}\nlast\rz ";
        let doc = crate::parse(text);
        let starts = doc.line_index().starts();
        for (i, from, content) in lines_outside_code(&doc) {
            let end = starts.get(i + 1).copied().unwrap_or(text.len());
            let trimmed = text[starts[i]..end].trim();
            assert_eq!(content, trimmed, "line {i}");
            assert!(trimmed.is_empty() || text[from..].starts_with(trimmed), "line {i} at {from}");
        }
    }

    #[test]
    fn code_spans_pair_runs_of_equal_length() {
        let line = "a `b` c ``d ` e`` f `g";
        let inside = |s: &str| in_code_span(line, line.find(s).unwrap());
        assert!(inside("b") && inside("d ") && inside(" e"));
        assert!(!inside("a") && !inside("c") && !inside("f") && !inside("g"));
    }
}
