//! Where inserted text goes and how it is written: the file's own conventions.
//!
//! - Line ending: the file's ([`Document::line_ending`]); a file without a final newline
//!   keeps it that way (an append adds `eol + line`, never glues two lines).
//! - List marker: the last item's of the section (`-`, `*`, `+`, or the next number of an
//!   ordered list), else the file's last bullet, else `-`.
//! - Entry prefix: the last entry's of the section, else the file's: its timestamp style
//!   (`2026-04-22T07:12Z`, `2026-04-22 07:12`, a date), its wrapping (`**…**`, `[…]`) and
//!   its separator (` — `, ` -- `, ` - `); else the checkpoint log's `- <ts> — <text>` (docs/dialects.md).
//! - New entries go at the end of the section's list, before its trailing blank lines.
//! - A missing section is created in the dialect's canonical order.

use memento_core::internal::{ends_with_break, line_end_after, line_start};
use memento_core::diagnostic::TextEdit;
use memento_core::document::{Document, SectionRole};
use memento_core::time::{Timestamp, TimestampStyle};
use memento_core::Dialect;

/// How a new entry of a section is written.
#[derive(Debug, Clone)]
pub(crate) struct Style {
    pub eol: &'static str,
    /// `-`, `*`, `+`, or `3.`.
    pub marker: String,
    pub ts_style: TimestampStyle,
    pub ts_open: &'static str,
    pub ts_close: &'static str,
    pub separator: String,
    /// A dash for inside a line (` — ` unless the file's entries use ` -- ` or ` - `).
    pub dash: String,
}

impl Style {
    pub fn entry(&self, at: Timestamp, text: &str) -> String {
        format!(
            "{} {}{}{}{}{}",
            self.marker,
            self.ts_open,
            at.format(self.ts_style),
            self.ts_close,
            self.separator,
            text
        )
    }

    pub fn item(&self, text: &str) -> String {
        format!("{} {}", self.marker, text)
    }

    pub fn timestamp(&self, at: Timestamp) -> String {
        at.format(self.ts_style)
    }
}

/// The conventions for writing into section `section` (or the file at large).
pub(crate) fn style(doc: &Document, section: Option<usize>) -> Style {
    let text = doc.source();
    let in_section = |item: usize| section.is_some() && doc.item(item).section == section;
    let last_item = doc
        .items()
        .iter()
        .rposition(|i| i.depth == 1 && section.is_some() && i.section == section);
    let marker = match last_item.map(|i| doc.item(i)) {
        Some(item) if matches!(item.bullet, '.' | ')') => {
            let lead = &text[item.span.start()..];
            let lead = lead.trim_start();
            let n: String = lead.chars().take_while(char::is_ascii_digit).collect();
            let next = n.parse::<u64>().map_or(1, |n| n.saturating_add(1));
            format!("{next}{}", item.bullet)
        }
        Some(item) => item.bullet.to_string(),
        None => doc
            .items()
            .iter()
            .rev()
            .find(|i| matches!(i.bullet, '-' | '*' | '+'))
            .map_or('-', |i| i.bullet)
            .to_string(),
    };
    let entries = doc.entries();
    let entry = entries
        .iter()
        .rev()
        .find(|e| in_section(e.item))
        .or_else(|| entries.last());
    let (mut ts_style, mut ts_open, mut ts_close, mut separator) =
        (TimestampStyle::CHECKPOINT, "", "", " — ".to_owned());
    if let Some(e) = entry {
        ts_style = e.timestamp.style;
        let item_text = doc.item(e.item).text;
        let before = &text[item_text.start()..e.timestamp_span.start()];
        let sep_start = e.separator.map_or(e.text.start(), |s| s.start());
        let after = text.get(e.timestamp_span.end()..sep_start).unwrap_or("");
        if let Some((open, close)) = [("**", "**"), ("[", "]"), ("(", ")"), ("`", "`")]
            .into_iter()
            .find(|(o, c)| before == *o && after == *c)
        {
            ts_open = open;
            ts_close = close;
        }
        if let Some(s) = e.separator {
            let s = doc.text(s);
            if [" — ", " -- ", " – ", " - ", "—", ": ", " | "].contains(&s) {
                separator = s.to_owned();
            }
        }
    }
    let dash = if separator == " -- " || separator == " - " { separator.clone() } else { " — ".to_owned() };
    Style { eol: doc.line_ending(), marker, ts_style, ts_open, ts_close, separator, dash }
}

/// The end of a section's own content: where its first subsection (or the next section)
/// starts.
pub(crate) fn own_end(doc: &Document, section: usize) -> usize {
    let s = &doc.sections()[section];
    doc.sections()
        .get(section + 1)
        .map_or(s.span.end(), |n| n.heading.start().min(s.span.end()))
        .max(s.body.start())
}

/// The non-blank content of the section's own body: (start of its first line, end of its
/// last line without the newline), or None when it is blank.
pub(crate) fn own_content(doc: &Document, section: usize) -> Option<(usize, usize)> {
    let text = doc.source();
    let (start, _) = doc.sections()[section].content_start(doc.source());
    let end = own_end(doc, section).max(start);
    let body = &text[start..end];
    let first = body.find(|c: char| !c.is_whitespace())?;
    let last_char = body.trim_end().len();
    Some((line_start(text, start + first).max(start), start + last_char))
}

/// The insertion of one new line at the end of a section's list (or content).
pub(crate) fn append_line(doc: &Document, section: usize, line: &str, eol: &str) -> TextEdit {
    let text = doc.source();
    let last_item = doc
        .items()
        .iter()
        .rev()
        .find(|i| i.depth == 1 && i.section == Some(section));
    if let Some(item) = last_item {
        let (at, had_newline) = line_end_after(text, item.span.end());
        return if had_newline {
            TextEdit::insert(at, format!("{line}{eol}"))
        } else {
            TextEdit::insert(at, format!("{eol}{line}"))
        };
    }
    let described = doc.sections()[section].description.is_some();
    match own_content(doc, section) {
        Some((_, end)) => {
            // Prose before: a blank line, then the list.
            let (at, had_newline) = line_end_after(text, end);
            if had_newline {
                TextEdit::insert(at, format!("{eol}{line}{eol}"))
            } else {
                TextEdit::insert(at, format!("{eol}{eol}{line}"))
            }
        }
        None => {
            let (at, had_newline) = doc.sections()[section].content_start(doc.source());
            let gap = if described { eol } else { "" };
            if had_newline {
                TextEdit::insert(at, format!("{gap}{line}{eol}"))
            } else {
                TextEdit::insert(at, format!("{eol}{gap}{line}"))
            }
        }
    }
}

/// A new block (a section) appended at the end of the text, after a blank line.
pub(crate) fn append_block(doc: &Document, block: &[String], eol: &str) -> TextEdit {
    let text = doc.source();
    let body = block.join(eol);
    let content_len = text.trim_start_matches('\u{feff}').len();
    let (ends_with_eol, blank) = ends_with_break(text);
    if content_len == 0 || text.trim().is_empty() && ends_with_eol {
        return TextEdit::insert(text.len(), format!("{body}{eol}"));
    }
    if ends_with_eol {
        let gap = if blank { "" } else { eol };
        TextEdit::insert(text.len(), format!("{gap}{body}{eol}"))
    } else {
        TextEdit::insert(text.len(), format!("{eol}{eol}{body}"))
    }
}

/// A new block inserted right before the heading of section `before`, followed by a blank line.
pub(crate) fn insert_block_before(doc: &Document, before: usize, block: &[String], eol: &str) -> TextEdit {
    let at = line_start(doc.source(), doc.sections()[before].heading.start());
    let mut content = block.join(eol);
    content.push_str(eol);
    content.push_str(eol);
    TextEdit::insert(at, content)
}

/// Canonical rank of a section in a dialect, for placing a new one; `None` for sections
/// outside the canonical set.
fn rank(doc: &Document, dialect: Dialect, section: usize) -> Option<usize> {
    let s = &doc.sections()[section];
    if s.role == SectionRole::Completion {
        return Some(usize::MAX);
    }
    match dialect {
        Dialect::SessionNotes => memento_core::internal::notes_rank(doc.text(s.title)),
        _ => role_rank(dialect, s.role),
    }
}

fn role_rank(dialect: Dialect, role: SectionRole) -> Option<usize> {
    use SectionRole::*;
    let order: &[SectionRole] = match dialect {
        Dialect::MemoryBank => &[CurrentState, Done, Active, Blocked, Todo, Issues, Decisions, Discoveries, NextStep],
        _ => &[Decisions, Progress, Discoveries, NextStep],
    };
    order.iter().position(|r| *r == role)
}

/// The insertion of a whole new section (`lines[0]` is its heading) in canonical order:
/// before the first section that ranks after it, else at the end. Never before a deeper
/// heading: the new section would adopt it and the subsections after it (`## Decisions
/// Made` put before a log's `#### Next Priority:` would hold every later `####` section).
pub(crate) fn create_section(doc: &Document, rank_of_new: Option<usize>, lines: &[String], eol: &str) -> TextEdit {
    let dialect = doc.dialect();
    let title = doc
        .title()
        .filter(|t| t.level == 1 && dialect != Dialect::SessionNotes && t.role != SectionRole::Completion)
        .map(|t| t.heading.start());
    let level = lines.first().map_or(0, |h| h.bytes().take_while(|&b| b == b'#').count());
    let before = rank_of_new.and_then(|new_rank| {
        (0..doc.sections().len()).find(|&i| {
            let s = &doc.sections()[i];
            Some(s.heading.start()) != title && usize::from(s.level) <= level && rank(doc, dialect, i).is_some_and(|r| r > new_rank)
        })
    });
    match before {
        Some(i) => insert_block_before(doc, i, lines, eol),
        None => append_block(doc, lines, eol),
    }
}

/// The rank a new section of `role` takes (see [`create_section`]).
pub(crate) fn rank_of_role(dialect: Dialect, role: SectionRole) -> Option<usize> {
    role_rank(dialect, role)
}

/// `#` marks for a new section: the level the file's other sections use.
pub(crate) fn heading_marks(doc: &Document) -> String {
    let default = if doc.dialect() == Dialect::SessionNotes { 1 } else { 2 };
    let title = doc.title().map(|t| t.heading.start());
    let level = doc
        .sections()
        .iter()
        .find(|s| Some(s.heading.start()) != title && s.role != SectionRole::Completion)
        .map_or(default, |s| s.level);
    let level = if doc.dialect() == Dialect::SessionNotes { level } else { level.max(2) };
    "#".repeat(level as usize)
}

/// The first section with `role`.
pub(crate) fn section_with_role(doc: &Document, role: SectionRole) -> Option<usize> {
    doc.sections().iter().position(|s| s.role == role)
}
