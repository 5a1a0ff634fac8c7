//! `update_section`: session notes' rule (docs/dialects.md) — headers and italic descriptions are
//! never changed; only the content below them is.

use super::target::{notes_target, Target};
use super::layout;
use super::{apply, apply_checked, read, refuse_json, EditError, EditOptions, EditOutcome};
use memento_core::diagnostic::TextEdit;
use memento_core::span::Span;
use memento_core::Dialect;

/// Replaces the content of section `name`; see [`update_section_with`].
pub fn update_section(text: &str, name: &str, content: &str) -> Result<EditOutcome, EditError> {
    update_section_with(text, name, content, &EditOptions::default())
}

/// Replaces everything below section `name`'s header and italic description (its
/// subsections included) with `content`. The header and the description stay byte for
/// byte, and so do the blank lines around the content. Lines of `content` that would be
/// headings are escaped (`\#`), since a section's content never adds a header.
///
/// A section of the session-notes template that is missing is created, with its header and
/// description, in template order; any other missing name is `NoSuchSection`.
pub fn update_section_with(text: &str, name: &str, content: &str, options: &EditOptions) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    refuse_json(&doc, "update_section")?;
    let eol = doc.line_ending();
    let content = content_lines(content).join(eol);
    let Some((index, _)) = doc.section_named(name) else {
        if doc.dialect() != Dialect::SessionNotes {
            return Err(EditError::NoSuchSection(name.to_owned()));
        }
        let Target::Create { mut lines, rank: Some(rank) } = notes_target(&doc, name) else {
            return Err(EditError::NoSuchSection(name.to_owned()));
        };
        if content.is_empty() {
            lines.pop();
        } else {
            lines.push(content);
        }
        let edit = layout::create_section(&doc, Some(rank), &lines, eol);
        return apply(&doc, vec![edit], 1, options).map(|(out, _)| out);
    };
    let text = doc.source();
    let s = &doc.sections()[index];
    let (start, had_newline) = doc.sections()[index].content_start(doc.source());
    let end = s.span.end().max(start);
    let removed: Vec<usize> = (index + 1..doc.sections().len())
        .filter(|&i| doc.sections()[i].heading.start() < end)
        .collect();
    let body = &text[start..end];
    let gap = if s.description.is_some() { eol } else { "" };
    let edit = match body.find(|c: char| !c.is_whitespace()) {
        None if content.is_empty() => return Ok(EditOutcome { text: text.to_owned(), edits: Vec::new() }),
        None if !had_newline => TextEdit::insert(start, format!("{eol}{gap}{content}")),
        None => TextEdit::insert(start, format!("{gap}{content}{eol}")),
        Some(first) => {
            let first_line = memento_core::internal::line_start(text, start + first).max(start);
            let last = start + body.trim_end().len();
            if content.is_empty() {
                let keep = if end == text.len() { "" } else { &text[start..first_line] };
                TextEdit::replace(Span::new(start, end), keep)
            } else {
                TextEdit::replace(Span::new(first_line, last), content)
            }
        }
    };
    apply_checked(&doc, vec![edit], &removed, 0, options).map(|(out, _)| out)
}

/// The content's lines: `\r\n` read as `\n`, blank lines at both ends dropped, and lines
/// that would be headings (ATX, or a setext underline) escaped. Fenced code is left alone.
fn content_lines(content: &str) -> Vec<String> {
    let normalized = content.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = normalized.split('\n').collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else { return Vec::new() };
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    let mut previous_blank = true;
    for line in &lines[first..=last] {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = line.trim_start_matches(' ');
        let run = |c: char| body.chars().take_while(|&x| x == c).count();
        if indent <= 3 {
            if let Some((c, n)) = fence {
                if run(c) >= n && body.trim_start_matches(c).trim().is_empty() {
                    fence = None;
                }
                out.push((*line).to_owned());
                previous_blank = false;
                continue;
            }
            for c in ['`', '~'] {
                if run(c) >= 3 {
                    fence = Some((c, run(c)));
                }
            }
        } else if fence.is_some() {
            out.push((*line).to_owned());
            continue;
        }
        let atx = indent <= 3 && (1..=6).contains(&run('#')) && {
            let after = &body[run('#')..];
            after.is_empty() || after.starts_with([' ', '\t'])
        };
        let setext = indent <= 3
            && !previous_blank
            && fence.is_none()
            && ['=', '-'].iter().any(|&c| run(c) > 0 && body.trim_end().chars().all(|x| x == c));
        if (atx || setext) && fence.is_none() {
            out.push(format!("{}\\{}", &line[..indent], body));
        } else {
            out.push((*line).to_owned());
        }
        previous_blank = line.trim().is_empty();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use memento_core::internal::section_key;

    #[test]
    fn content_never_holds_a_heading() {
        let lines = content_lines("\n\n# not a header\r\ntext\n===\n```\n# code stays\n```\n   ## deeper\n\n---\n");
        assert_eq!(lines, ["\\# not a header", "text", "\\===", "```", "# code stays", "```", "   \\## deeper", "", "---"]);
        assert!(content_lines(" \n\t\n").is_empty());
    }

    #[test]
    fn titles_compare_by_words() {
        assert_eq!(section_key("Errors & Corrections"), "errors corrections");
        assert_eq!(section_key("Key results"), section_key("Key Results"));
    }
}
