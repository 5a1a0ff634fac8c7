//! What a file says in its own words about the task and where it stands (docs/plan.md, "The
//! prompt"): the opening of its goal section (`## Task specification`, `## Objective`,
//! `## Ziel`) and of its current-state section (`# Current State`, `## Status`). The plan reads
//! units and a next step; a fresh agent also needs what the work is for and what the last
//! session saw, and these are where files write it.

use crate::document::{Document, SectionRole};
use crate::span::{lines_in, Span};

/// How many items of a list opening a section are its opening.
const LIST_ITEMS: usize = 3;

/// The opening of the file's goal section: the first section titled for the task's goal,
/// outside history and outside any dated session (a log's `### Summary` tells that session).
pub fn goal(doc: &Document) -> Option<Span> {
    let text = doc.source();
    doc.sections()
        .iter()
        .enumerate()
        .filter(|&(_, s)| {
            s.role != SectionRole::History && crate::lexicon::names_the_goal(&text[s.title.range()]) && doc.dated_section_at(s.heading.start()).is_none()
        })
        .find_map(|(i, _)| opening(doc, i))
}

/// The opening of the file's latest current-state section (the last one in a file kept
/// oldest first, the first in one kept newest first), outside history. A session's own state
/// (`### Current Status` under `## Session — January 25`) is that session's: it stands for
/// the run only in the latest sitting, and a state of the whole file comes before it
/// (docs/reader.md, "The run's status").
pub fn current_state(doc: &Document) -> Option<Span> {
    let latest = doc.latest_sitting();
    let pick = |of_the_file: bool| {
        let mut states = doc
            .sections()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.role == SectionRole::CurrentState && !crate::parse::is_history(doc, s))
            .filter(|(_, s)| match crate::parse::is_session_or_history(doc, s) {
                false => of_the_file,
                true => !of_the_file && latest.is_some_and(|l| l.contains(s.heading.start())),
            })
            .filter_map(|(i, _)| opening(doc, i));
        if doc.newest_first() {
            states.next()
        } else {
            states.last()
        }
    };
    pick(true).or_else(|| pick(false))
}

/// Where a section's own text starts: after its heading, a template's italic description
/// and the rule lines under the heading (`## Current Status` over `-----------------`, as
/// plain-text progress logs underline their headings).
pub(crate) fn own_text_start(doc: &Document, body: Span, description: Option<Span>) -> usize {
    let mut start = description.map_or(body.start(), |d| d.end().max(body.start()));
    loop {
        let text = doc.text(Span::new(start, body.end()));
        let lead = text.len() - text.trim_start().len();
        let line = text[lead..].split('\n').next().unwrap_or("");
        if !crate::parse::is_rule_line(line) {
            return start;
        }
        start += lead + line.len();
    }
}

/// The first paragraph of a section's own text ([`own_text_start`]), or the first few items of
/// a list that opens it. None when the section opens with a subsection, a table or code, or
/// has no text.
fn opening(doc: &Document, index: usize) -> Option<Span> {
    let text = doc.source();
    let sections = doc.sections();
    let section = &sections[index];
    let from = own_text_start(doc, section.body, section.description);
    // Its own text ends where its first subsection begins (sections are in file order).
    let own_end = sections.get(index + 1).filter(|s| s.parent == Some(index)).map_or(section.body.end(), |s| s.heading.start());
    let mut first: Option<Span> = None;
    let mut last = Span::empty(from);
    let mut items = 0;
    // A paragraph that leads into a list (`I can't go on without two things from you:`) goes
    // on with the list's first items: the things are the state.
    let leads_in = |last: Span| text[last.range()].trim_end().ends_with([':', '：']);
    for line in lines_in(text, Span::new(from, own_end.max(from))) {
        let t = text[line.range()].trim_start();
        if t.is_empty() {
            if first.is_some() && items == 0 && !leads_in(last) {
                break;
            }
            continue;
        }
        let item = crate::parse::list_marker(t) > 0;
        if item && items == 0 && first.is_some() && leads_in(last) {
            items = 1;
            last = line;
            continue;
        }
        match first {
            None if t.starts_with(['|', '#', '<']) || t.starts_with("```") || t.starts_with("~~~") => return None,
            None => {
                first = Some(line);
                items = usize::from(item);
            }
            // A list opening the section: its first items (their continuation lines too).
            Some(_) if items > 0 => {
                if item && !text[line.range()].starts_with([' ', '\t']) {
                    if items == LIST_ITEMS {
                        break;
                    }
                    items += 1;
                } else if !text[line.range()].starts_with([' ', '\t']) && !item {
                    break;
                }
            }
            Some(_) if item => break,
            Some(_) => {}
        }
        last = line;
    }
    first.map(|f| Span::new(f.start(), last.end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(text: &str, f: fn(&Document) -> Option<Span>) -> Option<String> {
        let doc = crate::parse(text);
        f(&doc).map(|s| doc.text(s).to_owned())
    }

    #[test]
    fn the_opening_paragraph_or_first_items() {
        let notes = "# Current State\n_What is actively being worked on right now?_\n\nWebhooks ported.\nReconciling invoices.\n\nNEXT STEP: write-back.\n";
        assert_eq!(said(notes, current_state).as_deref(), Some("Webhooks ported.\nReconciling invoices."));
        let list = "# Memory\n\n## Status\n- Auth done\n- Billing under way\n  (webhooks left)\n- Search next\n- Docs later\n\nMore.\n";
        assert_eq!(said(list, current_state).as_deref(), Some("- Auth done\n- Billing under way\n  (webhooks left)\n- Search next"));
        let goal = "# Handoff\n\n## Objetivo\nMigrar los pagos a Stripe v3 sin cortes.\n\n## Estado\nEn curso.\n";
        assert_eq!(said(goal, goal_of).as_deref(), Some("Migrar los pagos a Stripe v3 sin cortes."));
        assert_eq!(said(goal, current_state).as_deref(), Some("En curso."));
        // A session's summary in a log is no goal.
        let log = "# Log\n\n## Session 3 — 2026-01-10\n### Summary\nCompleted 8 features.\n";
        assert_eq!(said(log, goal_of), None);
    }

    fn goal_of(doc: &Document) -> Option<Span> {
        goal(doc)
    }

    #[test]
    fn nothing_when_a_section_opens_with_a_table_or_a_subsection() {
        assert_eq!(said("# M\n\n## Status\n| a | b |\n|---|---|\n", current_state), None);
        assert_eq!(said("# M\n\n## Status\n### Auth\nDone.\n", current_state), None);
        assert_eq!(said("# M\n\n## Status\n", current_state), None);
        // A heading underlined with a rule, as plain-text logs write them: the text below it.
        assert_eq!(said("# M\n\n## Current Status\n-----------------\nPhase 2 of 5.\n", current_state).as_deref(), Some("Phase 2 of 5."));
        // The newest state of a log kept oldest first is its last.
        let log = "# Log\n\n## Session 1\n### Status\nStarted.\n\n## Session 2\n### Status\nHalfway.\n";
        assert_eq!(said(log, current_state).as_deref(), Some("Halfway."));
    }
}
