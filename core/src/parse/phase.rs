//! The phase a file says the run is in (`- Phase: ENHANCEMENT`, `**Current phase:** Phase 2`)
//! and the sections that phase names (docs/reader.md, "The current phase").
//!
//! A plan kept in phases writes each phase as a section (`## Phase 2: Core`) and says in its
//! header or its current state which one it is in. The section that field names holds the
//! work under way: its plain items are still to do. Where phases are numbered (`Phase: 2`
//! over `## Phase 2: Core`), the named phase's heading is the unit in progress, the later
//! phases are still to do and the earlier ones done. A section that states its own status
//! (`## Phase 1: Setup ✅`) keeps it.

use crate::document::{CurrentPhase, Document, SectionRole};
use crate::lexicon;
use crate::span::Span;

/// Reads the current-phase field of `doc`, gives the sections it names their roles, and
/// returns the field and the current phase's section where the phase is numbered (the
/// field's line is then no unit of its own: the section is). One pass over the sections, in
/// loops: this runs on every file, and the dashboard's size budget counts its code.
pub(super) fn read(doc: &mut Document) -> Option<CurrentPhase> {
    let (field, lower, from) = field(doc)?;
    // A phase named by its number (`Phase 2`, `3 of 4`) or by a word (`ENHANCEMENT`).
    let number = lexicon::phase_number(&lower[from..]);
    let word = match number {
        Some(_) => "",
        None => first_word(&lower[from..])?,
    };
    let holder = doc.section_at(field.start());
    let mut current = None;
    let mut named_twice = false;
    let mut others: Vec<(usize, SectionRole)> = Vec::new();
    for i in 0..doc.sections.len() {
        // Not the section that holds the field, nor history. A numbered phase may give its
        // dates (`## Phase 2 — Workers ✅ (done 2026-11-27)`); a word names no sitting
        // (`## 2026-12-01 — Enhancement work`).
        let s = &doc.sections[i];
        if Some(i) == holder || super::is_history(doc, s) || number.is_none() && super::is_session_or_history(doc, s) {
            continue;
        }
        let title = super::normalize_title(doc.text(s.title));
        match number {
            Some(n) => match numbered_phase(&title) {
                Some(k) if k == n => current = current.or(Some(i)),
                Some(k) if open(doc, i) => others.push((i, if k > n { SectionRole::Todo } else { SectionRole::Done })),
                _ => {}
            },
            // One section named by the word (`## Enhancement Features` for `ENHANCEMENT`),
            // else the field names none for sure.
            None if title.split(' ').any(|w| w == word || w.len() > word.len() && w.starts_with(word) && word.len() >= 5) => {
                named_twice |= current.is_some();
                current = Some(i);
            }
            None => {}
        }
    }
    let current = current?;
    // A current phase that states its own status keeps it (the field may be stale: the check
    // holds one against the other).
    let open = open(doc, current);
    if open && !named_twice {
        set_role(doc, current, SectionRole::Todo);
    }
    // A phase named by a word is a list's title (`Enhancement Features`): its items are the
    // phase's work, the title no unit of its own.
    number?;
    for (i, role) in others {
        set_role(doc, i, role);
    }
    Some(CurrentPhase { field, section: current, open })
}

/// Whether section `i` takes its role from the phase: no state label (`## Completed`), no
/// note (`## Implementation notes`), none that states its own status (`### Deploy phase (in
/// progress)`: its items are what was done in it).
fn open(doc: &Document, i: usize) -> bool {
    let s = &doc.sections[i];
    let title = doc.text(s.title);
    s.role == SectionRole::Other
        && lexicon::emoji_at_ends(title).is_none()
        && lexicon::trailing_status(title).is_none()
        && !super::roles::is_detail_label(title)
        && !title.split_whitespace().last().is_some_and(super::roles::is_detail_label)
}

/// Gives section `i` and its subsections of no role of their own `role`.
fn set_role(doc: &mut Document, i: usize, role: SectionRole) {
    let span = doc.sections[i].span;
    for s in doc.sections[i..].iter_mut().take_while(|s| span.contains(s.heading.start())) {
        if s.role == SectionRole::Other {
            s.role = role;
        }
    }
}

/// The phase number a normalized section title opens with (`phase 2 core`, `フェーズ3`).
fn numbered_phase(title: &str) -> Option<u32> {
    let word = lexicon::PHASE_WORDS.iter().find(|w| title.starts_with(**w))?;
    let digits = title[word.len()..].trim_start();
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    digits[..n].parse().ok()
}

/// The first word of a phase's name, lower case, for a title to hold: a word of three or
/// more characters that is no status (`in progress`) and no phase word.
fn first_word(value: &str) -> Option<&str> {
    let word = value.split(|c: char| !c.is_alphanumeric() && c != '-' && c != '_').find(|w| !w.is_empty())?;
    (word.chars().count() >= 3 && !lexicon::PHASE_WORDS.contains(&word) && lexicon::status_of(word).is_none()).then_some(word)
}

/// The file's current-phase field: a line of its preamble, its title's own lines or a
/// current-state section's first lines (not a sitting's or history's) that gives the phase
/// the run is in. (The line's span, the line lower-cased, where its value starts in it.)
fn field(doc: &Document) -> Option<(Span, String, usize)> {
    let sections = &doc.sections;
    let own = |i: usize| Span::new(sections[i].body.start(), sections.get(i + 1).map_or(sections[i].span.end(), |n| n.heading.start().min(sections[i].span.end())));
    let preamble = Span::new(0, sections.first().map_or(doc.source.len(), |s| s.heading.start()));
    let states = (0..sections.len())
        .filter(|&i| (i == 0 && sections[i].level == 1 || sections[i].role == SectionRole::CurrentState) && !super::is_session_or_history(doc, &sections[i]))
        .map(own);
    for span in std::iter::once(preamble).chain(states) {
        for line in crate::span::lines_in(&doc.source, span).filter(|l| !doc.text(*l).trim().is_empty()).take(super::STATUS_LINES) {
            let lower = crate::case::to_lower(doc.text(line));
            if let Some(from) = lexicon::current_phase_field(&lower) {
                return Some((line, lower, from));
            }
        }
    }
    None
}
