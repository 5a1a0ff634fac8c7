//! The shape of a document as a whole: a file wrapped in one code fence, and the order its
//! dated parts run in (docs/reader.md, "Document shape").

use crate::document::Document;
use crate::span::Span;

/// The inside of a file wrapped whole in one fenced code block (```` ```markdown ```` …
/// ```` ``` ````, as agents paste a file they were shown), or `None`. Only a fence whose info
/// string is empty or names markdown, opening the text (after blank lines) and closed on its
/// last non-blank line, with no other fence of its kind inside, is a wrapper: a file that
/// is one code sample is not. A wrapper that names markdown may hold code blocks of its own
/// (```` ```bash ```` … ```` ``` ```` inside): the fences inside pair up, each closed bare.
pub(super) fn wrapping_fence(text: &str, from: usize) -> Option<Span> {
    let body = &text[from..];
    let lead = body.len() - body.trim_start_matches(['\n', '\r', ' ']).len();
    let open_at = from + lead;
    let open_line_end = text[open_at..].find('\n').map_or(text.len(), |i| open_at + i + 1);
    let open = text[open_at..open_line_end].trim_end();
    let mark = if open.starts_with("```") { '`' } else if open.starts_with("~~~") { '~' } else { return None };
    let fence_len = open.len() - open.trim_start_matches(mark).len();
    let info = open[fence_len..].trim().to_ascii_lowercase();
    if !(info.is_empty() || info == "markdown" || info == "md") {
        return None;
    }
    let trimmed_end = text.trim_end().len();
    let close_start = text[..trimmed_end].rfind('\n').map_or(0, |i| i + 1);
    if close_start <= open_at {
        return None;
    }
    let close = text[close_start..trimmed_end].trim();
    if !(close.len() >= fence_len && close.chars().all(|c| c == mark)) {
        return None;
    }
    // A fence of the same kind inside would close the wrapper early, unless the wrapper
    // says it holds markdown and the fences inside open and close code blocks of its own.
    let inner = Span::new(open_line_end, close_start);
    let fences: Vec<&str> = text[inner.range()].lines().map(str::trim).filter(|l| l.len() - l.trim_start_matches(mark).len() >= fence_len).collect();
    let own_blocks = !info.is_empty() && fences.len() % 2 == 0 && fences.iter().skip(1).step_by(2).all(|l| l.chars().all(|c| c == mark));
    (fences.is_empty() || own_blocks).then_some(inner)
}

/// Whether the file's dated parts (dated headings, dated paragraphs, log entries) run from
/// the newest down: more steps back in time than forward between neighbours; on a tie (`12
/// March`, `10 March`, `11 March`: one step each way), the first part newer than the last.
/// Numbered sittings (`## Session 7` above `## Session 6`) step as their numbers do: a log
/// of undated sessions is kept in one order or the other too.
pub(super) fn newest_first(doc: &Document) -> bool {
    let mut balance = 0i64;
    let mut ends = 0i64;
    let mut step = |epochs: &mut dyn Iterator<Item = i64>| {
        let mut first: Option<i64> = None;
        let mut prev: Option<i64> = None;
        for e in epochs {
            if let Some(p) = prev {
                balance += (p > e) as i64 - (p < e) as i64;
            }
            first.get_or_insert(e);
            prev = Some(e);
        }
        if let (Some(f), Some(l)) = (first, prev) {
            ends += (f > l) as i64 - (f < l) as i64;
        }
    };
    step(&mut doc.sections.iter().filter_map(|s| s.timestamp).map(|t| t.epoch_seconds));
    step(&mut doc.stamps.iter().map(|s| s.timestamp.epoch_seconds));
    step(&mut doc.entries.iter().map(|e| e.timestamp.epoch_seconds));
    let numbered = |s: &crate::document::Section| crate::identity::sitting(&crate::identity::section_key(doc.text(s.title))).map(|(_, n)| n as i64);
    step(&mut doc.sections.iter().filter(|s| s.level >= 2 && s.timestamp.is_none()).filter_map(numbered));
    balance > 0 || balance == 0 && ends > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_fences() {
        let t = "```markdown\n# Progress\n- [x] a\n```\n";
        assert_eq!(&t[wrapping_fence(t, 0).unwrap().range()], "# Progress\n- [x] a\n");
        let t = "\n~~~\n# Progress\n~~~~\n\n";
        assert_eq!(&t[wrapping_fence(t, 0).unwrap().range()], "# Progress\n");
        assert!(wrapping_fence("```rust\nfn main() {}\n```\n", 0).is_none());
        assert!(wrapping_fence("```\na\n```\ntext after\n", 0).is_none());
        // A markdown wrapper holding a code block of its own; not a bare one (two code
        // samples with text between them), nor one whose fences inside do not pair.
        let t = "```md\n# Notes\n```js\nx\n```\nDone.\n```\n";
        assert_eq!(&t[wrapping_fence(t, 0).unwrap().range()], "# Notes\n```js\nx\n```\nDone.\n");
        assert!(wrapping_fence("```\na\n```\n\ntext\n\n```\nb\n```\n", 0).is_none());
        assert!(wrapping_fence("```md\n```js\nx\n```\n```js\n```\n", 0).is_none());
        assert!(wrapping_fence("# Title\n```\ncode\n```\n", 0).is_none());
        assert!(wrapping_fence("```", 0).is_none());
    }
}
