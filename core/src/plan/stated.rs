//! What a file states about where the run stands, in so many words: a `status:` key in its
//! front matter, a `Status:` line, or a
//! short status alone on a state section's first line, or a status on the state heading
//! itself (`## Current Status: Phase 3 of 5 (in progress)`). The run's status reads the
//! file's title section and its current-state sections (docs/reader.md, "The run's status");
//! the status-conflict rule compares the current-state sections with each other.

use crate::document::{Document, Section, SectionRole, Status};
use crate::lexicon::{self, Meaning};
use crate::span::Span;

/// The status the file states for the whole run, with the line stating it: in its title
/// section (the first heading, of level 1) or a current-state section that is no session's
/// own, the last that states one (or the latest by the dates of their titles).
pub(crate) fn run_status(doc: &Document) -> Option<(Status, Span)> {
    // A `status:` key in the front matter (`status: blocked`) is the file's own field for it.
    let front = doc.agent_memory().front_matter.as_ref().into_iter().flat_map(|f| &f.fields);
    let field = |key: Span| lexicon::phrase_at(doc.text(key)).is_some_and(|f| f.meaning == Meaning::StatusField && f.len == key.len());
    if let Some(stated) = front.filter(|f| field(f.key)).find_map(|f| Some((lexicon::status_of(doc.text(f.value))?, f.line))) {
        return Some(stated);
    }
    // So is a JSON row of the run's status (`{"type": "status", "status": "completato"}`).
    if let Some(stated) = doc.json_state().status {
        return Some(stated);
    }
    let sections = doc.sections();
    let stated: Vec<_> = (0..sections.len()).filter(|&i| states_the_run(doc, i)).filter_map(|i| Some((sections[i].timestamp, section_status(doc, i)?))).collect();
    // Two state sections that state the run differently (status-conflict reports them): the
    // later one in the file was written as the update (`## 現在の状況 (12/4 夕方)` below `##
    // 現在のステータス`, a `## Status (as of …)` at the foot), unless titles date them: a
    // state section whose title dates its update (`## Estado (actualizado 2026-12-05)`)
    // states the run as of then, and the latest such wins.
    let Some(last) = stated.last() else { return latest_sitting_status(doc) };
    let latest = stated.iter().filter(|(t, _)| t.is_some()).max_by_key(|(t, _)| t.map(|t| t.epoch_seconds));
    Some(latest.unwrap_or(last).1)
}

/// Whether section `i` is one that states where the whole run stands: the file's title
/// section (its first heading, of level 1) or a current-state section, in no session of a
/// log nor in its history.
pub(crate) fn states_the_run(doc: &Document, i: usize) -> bool {
    let s = &doc.sections()[i];
    (i == 0 && s.level == 1 || s.role == SectionRole::CurrentState) && !crate::parse::is_session_or_history(doc, s)
}

/// A log's latest sitting that opens on a stop or on work not begun (`## Sessione 0 —
/// 2026-11-20` over `Stato: non iniziato`, `## Session 9 (12/04)` over `Status: blocked on
/// the DNS change`): where the run stands, when no state section says it. Its `Status:
/// complete` is its own work's, not the run's.
fn latest_sitting_status(doc: &Document) -> Option<(Status, Span)> {
    let latest = doc.latest_dated_section().filter(|s| !crate::parse::is_history(doc, s))?;
    let i = doc.sections().iter().position(|s| std::ptr::eq(s, latest))?;
    section_status(doc, i).filter(|(s, _)| matches!(s, Status::Pending | Status::Blocked))
}

/// The status section `i` states, with the line that states it: on its heading (`## Status:
/// In progress`, `## Current Status: Phase 3 (in progress)`), else on its own lines (up to
/// its first subsection) a `Status:` line, a first line that is a short status and nothing
/// more (`✅ Complete`), or a first line opening with a block (`Blocked — waiting on Anna`),
/// in its first lines. A line naming a unit (`IN_PROGRESS: auth`) is that unit's.
pub(crate) fn section_status(doc: &Document, i: usize) -> Option<(Status, Span)> {
    let sections = doc.sections();
    let s = &sections[i];
    if let Some(status) = field_value(doc.text(s.title), s.role) {
        return Some((status, s.heading));
    }
    let end = sections.get(i + 1).map(|n| n.heading.start()).filter(|&e| e < s.span.end()).unwrap_or(s.span.end());
    let start = content_of(s).start().min(end);
    let mut at = start;
    let mut first = true;
    // A section states its status near its top: the lines past these are its content.
    for raw in doc.text(Span::new(start, end)).split_inclusive('\n').take(crate::parse::STATUS_LINES) {
        let line_start = at;
        at += raw.len();
        let line = raw.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '+' | '>')).trim_end();
        if line.is_empty() {
            continue;
        }
        let lead = line_start + (raw.len() - raw.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '+' | '>')).len());
        let span = Span::new(lead, lead + line.len());
        // `⛔ **BLOQUEADO** — …`, `🟠 **Zablokováno** — …`: a mark before the word says it
        // once more, or only colours it.
        let worded = lexicon::after_marks(line);
        match lexicon::labelled(worded) {
            Some((Meaning::StatusField, _, rest)) => return lexicon::status_of(&worded[rest..]).map(|st| (st, span)),
            // `Blocked — waiting on Anna for the API key` opening the state: what is stuck
            // stops the run, whichever unit it names; `Blocked: No` says it is not.
            Some((Meaning::Status(Status::Blocked), _, rest)) if first && !lexicon::says_none(&worded[rest..]) => return Some((Status::Blocked, span)),
            // `In Arbeit — Kostenstellen-Mapping`: a state opening the section, a dash before
            // what it is about, is the run's (a colon gives a unit its status).
            Some((Meaning::Status(status), word, rest)) if first && worded[word.end()..rest].contains(['—', '–', '-']) => return Some((status, span)),
            // `IN_PROGRESS: auth`: a unit's status, not the run's.
            Some(_) => {}
            // A short opening line, or the opening sentence of a longer one (`まだ実装中。Redis
            // の…`), states the section's status by its first words, or by its last (a verb
            // closes a Japanese or Korean sentence: `PR #318 はレビュー待ち`).
            None if first => {
                let sentence = lexicon::without_sentence_ending(crate::text::sentences(line).next().map_or(line, |r| &line[r]));
                if sentence.split_whitespace().count() <= 6 {
                    let at_end = || lexicon::trailing_status(sentence).or_else(|| lexicon::status_joined_at_end(sentence));
                    if let Some(st) = lexicon::status_of(sentence).or_else(|| at_end().map(|(st, ..)| st)) {
                        return Some((st, span));
                    }
                    // `PR #318 はレビュー待ち`: the run waits on a person.
                    if lexicon::waits_on_a_person(&crate::case::to_lower(sentence)) {
                        return Some((Status::Blocked, span));
                    }
                }
            }
            None => {}
        }
        first = false;
    }
    None
}

/// The status a `Status: …` title states (or a state section's title, after its colon): its
/// value's opening status (`Status: Blocked`), or one closing it (`Current Status: Phase 3
/// of 5 (in progress)`).
fn field_value(title: &str, role: SectionRole) -> Option<Status> {
    let value = match lexicon::labelled(title) {
        Some((Meaning::StatusField, _, rest)) => &title[rest..],
        _ if role == SectionRole::CurrentState => title.split_once([':', '：'])?.1,
        _ => return None,
    };
    let value = value.trim();
    lexicon::status_of(value)
        .or_else(|| lexicon::status_in_closing_parenthesis(value).map(|(s, _, _)| s))
        .or_else(|| lexicon::trailing_status(value).map(|(s, _, _)| s))
}

/// A section's content below its italic description.
pub(crate) fn content_of(s: &Section) -> Span {
    let start = s.description.map_or(s.body.start(), |d| d.end()).min(s.span.end());
    Span::new(start, s.span.end())
}
