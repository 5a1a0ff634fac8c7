//! `set_next`: the exact next action (Next Session Start; memory bank: Next Steps).

use super::layout;
use super::{apply, one_line, read, refuse_json, EditError, EditOptions, EditOutcome};
use memento_core::diagnostic::TextEdit;
use memento_core::document::SectionRole;
use memento_core::span::Span;
use memento_core::Dialect;

/// Replaces the next step; see [`set_next_with`].
pub fn set_next(text: &str, next: &str) -> Result<EditOutcome, EditError> {
    set_next_with(text, next, &EditOptions::default())
}

/// Replaces the content of the Next Session Start section (memory bank: Next Steps) with
/// `next`, one paragraph (newlines folded). Where the section held a list, the next step
/// is written as that list's first item (`1. …`, `- …`). A missing section is created in
/// canonical order (before `TASK COMPLETE`). Session notes keep their next steps in
/// Current State: use [`super::update_section`].
pub fn set_next_with(text: &str, next: &str, options: &EditOptions) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    refuse_json(&doc, "set_next")?;
    if doc.dialect() == Dialect::SessionNotes {
        return Err(EditError::NotSupportedForDialect { operation: "set_next", dialect: doc.dialect() });
    }
    let next = one_line(next);
    if next.is_empty() {
        return Err(EditError::InvalidInput("the next step is empty".into()));
    }
    let eol = doc.line_ending();
    let source = doc.source();
    // The section the plan reads the next step from (the latest, in a log of sessions),
    // else the first Next Steps section, empty as it may be.
    let current = doc.next_step().map(|n| n.section).or_else(|| layout::section_with_role(&doc, SectionRole::NextStep));
    let (edit, added) = match current {
        Some(i) => {
            let own = layout::own_content(&doc, i);
            let first_item = doc.items().iter().find(|it| it.depth == 1 && it.section == Some(i));
            let content = match (own, first_item) {
                (Some((start, _)), Some(item)) if memento_core::internal::line_start(source, item.span.start()) == start => {
                    let lead = &source[item.span.start()..item.text.start()];
                    let marker = lead.trim_start();
                    let marker: String = match item.bullet {
                        '.' | ')' => {
                            let n: String = marker.chars().take_while(char::is_ascii_digit).collect();
                            format!("{n}{}", item.bullet)
                        }
                        b => b.to_string(),
                    };
                    format!("{}{marker} {next}", &lead[..lead.len() - lead.trim_start().len()])
                }
                _ => paragraph(&next),
            };
            let edit = match own {
                Some((start, end)) => TextEdit::replace(Span::new(start, end), content),
                None => {
                    let (at, had_newline) = doc.sections()[i].content_start(doc.source());
                    if had_newline {
                        TextEdit::insert(at, format!("{content}{eol}"))
                    } else {
                        TextEdit::insert(at, format!("{eol}{content}"))
                    }
                }
            };
            (edit, 0)
        }
        None => {
            let title = if doc.dialect() == Dialect::MemoryBank { "Next Steps" } else { "Next Session Start" };
            let lines = [format!("{} {title}", layout::heading_marks(&doc)), paragraph(&next)];
            let rank = layout::rank_of_role(doc.dialect(), SectionRole::NextStep);
            (layout::create_section(&doc, rank, &lines, eol), 1)
        }
    };
    let (out, new) = apply(&doc, vec![edit], added, options)?;
    match new.next_step() {
        Some(n) if new.sections()[n.section].role == SectionRole::NextStep && new.text(n.text).replace('\\', "").ends_with(&next.replace('\\', "")) => Ok(out),
        _ => Err(EditError::InvalidInput("the next step cannot be written as one paragraph here".into())),
    }
}

/// A line that reads as a paragraph: a leading block marker (`#`, `>`, `-`, `1.`, a fence,
/// `<`, a link definition's `[`) is escaped with a backslash.
fn paragraph(text: &str) -> String {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && text[digits..].starts_with(['.', ')']) {
        return format!("{}\\{}", &text[..digits], &text[digits..]);
    }
    if text.starts_with(['#', '>', '-', '+', '*', '=', '`', '~', '<', '[', '|', '_']) {
        return format!("\\{text}");
    }
    text.to_owned()
}
