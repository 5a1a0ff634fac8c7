//! stale-current-state, status-conflict: the file's current state against itself.
//!
//! - stale-current-state: session notes whose Current State is empty, or dated before the
//!   newest Worklog entry (the notes rules say Current State is refreshed at every update).
//!   A Current State without any date cannot be compared and only the empty case applies.
//! - status-conflict: two current-state sections (`## Current Status`, `## Status`, `##
//!   現在の状況`) that state different statuses for the run: the later one is reported. A
//!   section states a status on a `Status:` line of its own (not its subsections'), or on a
//!   first line that is a short status and nothing more (`✅ Complete`, `In progress —
//!   blocked on review`); a line naming a unit (`IN_PROGRESS: auth`) is that unit's status,
//!   not the run's. A state section in history or under a dated session is that session's
//!   state, which later ones rightly change. Also the run's overall progress, or a named
//!   part's, given twice with different figures outside a log's sittings, the phase the run
//!   is in given twice with different numbers, and several blocks that each say they are
//!   where a fresh session starts (`START HERE` twice, `Latest Session` and `Current
//!   Session`).

use super::Ctx;
use crate::document::{Section, SectionRole, Status};
use crate::lexicon;
use crate::plan::stated::{content_of, section_status};
use crate::rule::Rule;
use crate::span::Span;
use crate::time::{self, Timestamp};
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::StatusConflict) {
        conflict(cx);
        competing_entry_points(cx);
        overall_progress(cx);
        current_phase(cx);
        phase_done(cx);
    }
    if cx.doc.dialect() != Dialect::SessionNotes || !cx.on(Rule::StaleCurrentState) {
        return;
    }
    let doc = cx.doc;
    let Some((_, state)) = doc
        .sections()
        .iter()
        .enumerate()
        .find(|(_, s)| s.role == SectionRole::CurrentState && s.level == 1)
        .or_else(|| doc.sections().iter().enumerate().find(|(_, s)| s.role == SectionRole::CurrentState))
    else {
        return;
    };
    let content = content_of(state);
    if doc.text(content).trim().is_empty() {
        let d = cx
            .diag(Rule::StaleCurrentState, state.heading, "Current State is empty")
            .with_help("write what is being worked on right now, the pending tasks and the immediate next step below the description");
        cx.push(d);
        return;
    }
    let Some(state_time) = newest_in(doc.text(content)) else { return };
    let Some((worklog_time, at)) = newest_worklog(cx) else { return };
    if later(worklog_time, state_time) {
        let line = cx.line(at);
        let d = cx
            .diag(Rule::StaleCurrentState, state.heading, format!("Current State ({state_time}) is older than the newest Worklog entry ({worklog_time}, line {line})"))
            .with_help("refresh Current State at every update: it is what the next session reads first");
        cx.push(d);
    }
}

fn conflict(cx: &mut Ctx) {
    let doc = cx.doc;
    let sections = doc.sections();
    let mut first: Option<(Status, usize, &Section)> = None;
    for (i, s) in sections.iter().enumerate() {
        if !crate::plan::stated::states_the_run(doc, i) {
            continue;
        }
        let Some((status, at)) = section_status(doc, i) else { continue };
        let Some((was, was_at, was_in)) = first else {
            first = Some((status, at.start(), s));
            continue;
        };
        if status == was {
            continue;
        }
        let (line, title) = (cx.line(was_at), super::title_of(doc, was_in));
        let d = cx
            .diag(Rule::StatusConflict, at, format!("this current state says {}, but `{}` (line {line}) says {}", status.as_str(), cx.quote(title, 40), was.as_str()))
            .with_help("keep one current state: update the older block, or move it under the history it belongs to");
        cx.push(d);
    }
}

/// The run's overall progress, or one named part's, stated twice with different values,
/// outside the sittings of a log (whose sessions rightly move it on): `Overall: 100%
/// Complete` in a status board, later `**Overall Progress**: **95% Complete**`; `🟢 Frontend
/// Application: 100%` in an overview, later `### Frontend Application (95% - Production
/// Ready)`. Lines of dated sessions and history are theirs; a status board in a code block
/// is read (it is shown as the state). The later line is reported, naming the first.
fn overall_progress(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.is_json() || doc.dialect() == Dialect::MemoryStore {
        return;
    }
    let text = doc.source();
    let history = crate::document::Regions::of(doc, |r| r == SectionRole::History);
    let is_log = doc.is_log();
    let lines = doc.line_index();
    let starts = lines.starts();
    // (the part's key, its name as first written, its percentage, where).
    let mut first: Vec<(String, String, u32, usize)> = Vec::new();
    // Only the lines holding a `%`, found in one pass over the text.
    let mut last_line = usize::MAX;
    for at in memchr::memchr_iter(b'%', text.as_bytes()) {
        let i = lines.line_of(at);
        if i == last_line {
            continue;
        }
        last_line = i;
        let start = starts[i];
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let line = &text[start..end];
        // A dated section, or in a log a sitting (a dated section or paragraph), says how
        // things stood then.
        if history.holds(start) || doc.dated_section_at(start).is_some() || (is_log && doc.sitting_at(start).is_some()) {
            continue;
        }
        let Some((key, name, percent)) = part_percent(line) else { continue };
        // Under a numbered sitting (`## Sprint 2`, `## Session 14`), a figure is that
        // sitting's, which a later one rightly moves on.
        if in_numbered_sitting(doc, start) {
            continue;
        }
        match first.iter().find(|(k, ..)| *k == key) {
            None => first.push((key, name.to_owned(), percent, start)),
            Some((_, was_name, was, at)) if *was != percent => {
                let span = Span::new(start, start + line.trim_end().len());
                let line = cx.line(*at);
                let message = if key == OVERALL {
                    format!("this line puts the run at {percent}%, and line {line} at {was}%")
                } else {
                    format!("this line puts `{}` at {percent}%, and line {line} at {was}%", cx.quote(was_name, 40))
                };
                let d = cx.diag(Rule::StatusConflict, span, message).with_help("keep one figure: update the older line, or say which part each figure measures");
                cx.push(d);
            }
            Some(_) => {}
        }
    }
}

/// A current-phase field that names a phase the file marks done (`Current phase: Phase 2`
/// over `## Phase 2 — Port endpoints ✅`): the field was not moved on with the work
/// (docs/reader.md, "Where state is written").
fn phase_done(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some(phase) = doc.current_phase.filter(|p| !p.open) else { return };
    let heading = doc.sections()[phase.section].heading;
    let done = doc.progress().iter().any(|m| m.span == heading && m.status == Some(Status::Completed));
    if !done {
        return;
    }
    let (title, line) = (cx.quote(super::title_of(doc, &doc.sections()[phase.section]), 40), cx.line(heading.start()));
    let d = cx
        .diag(Rule::StatusConflict, phase.field, format!("this line puts the run in `{title}`, and line {line} marks that phase done"))
        .with_help("move the current phase on to the one under way");
    cx.push(d);
}

/// The phase the run is said to be in, written twice with different numbers outside its
/// sittings and history: a current-phase field (`**Aktuelle Phase:** Phase 2`) and a
/// current-state section that opens on another phase under way (`## Aktueller Stand` over
/// `Phase 3 (Belegupload) in Arbeit. Phase 2 ist abgeschlossen`). The later one is reported.
fn current_phase(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.is_json() || doc.dialect() == Dialect::MemoryStore {
        return;
    }
    // Where a file states where it stands: the text above its first heading, its title's
    // own lines, and its current-state sections (each up to its first subsection, near its
    // top as a status is: `STATUS_LINES`), not a session's or history's.
    let sections = doc.sections();
    let own = |i: usize| Span::new(sections[i].body.start(), sections.get(i + 1).map_or(sections[i].span.end(), |n| n.heading.start().min(sections[i].span.end())));
    let preamble = Span::new(0, sections.first().map_or(doc.source().len(), |s| s.heading.start()));
    let states = sections
        .iter()
        .enumerate()
        .filter(|&(i, s)| (i == 0 && s.level == 1 || s.role == SectionRole::CurrentState) && !crate::parse::is_session_or_history(doc, s))
        .map(|(i, _)| (own(i), sections[i].role == SectionRole::CurrentState));
    // Fenced code is asked about only for a line that names a phase or opens a state (`code.rs`).
    let mut fences: Option<crate::code::Fences> = None;
    let mut said: Vec<(u32, Span)> = Vec::new();
    for (span, state) in std::iter::once((preamble, false)).chain(states) {
        let mut opening = state;
        for line in crate::span::lines_in(doc.source(), span).filter(|l| !doc.text(*l).trim().is_empty()).take(crate::parse::STATUS_LINES) {
            let mut in_code = |at: usize| fences.get_or_insert_with(|| crate::code::Fences::of(doc)).holds(at);
            // A fenced line is no opening line either.
            if opening && in_code(line.start()) {
                continue;
            }
            let lower = crate::case::to_lower(doc.text(line));
            // A current-state section's opening line on a phase under way.
            let under_way = std::mem::take(&mut opening) && lexicon::status_within(&lower) == Some(Status::InProgress);
            let from = lexicon::current_phase_field(&lower).or(under_way.then_some(0));
            let Some(n) = from.and_then(|from| lexicon::phase_number(&lower[from..])) else { continue };
            if in_code(line.start()) {
                continue;
            }
            match said.first() {
                Some(&(was, at)) if was != n => {
                    let line_no = cx.line(at.start());
                    let d = cx
                        .diag(Rule::StatusConflict, line, format!("this line puts the run in phase {n}, and line {line_no} in phase {was}"))
                        .with_help("keep one current phase: update the older line, or move it under the history it belongs to");
                    cx.push(d);
                    return;
                }
                Some(_) => {}
                None => said.push((n, line)),
            }
        }
    }
}

/// Whether `offset` lies under a heading that names a numbered sitting, or under one of
/// its subsections.
fn in_numbered_sitting(doc: &crate::Document, offset: usize) -> bool {
    let sections = doc.sections();
    let mut at = doc.section_at(offset);
    while let Some(i) = at {
        if crate::identity::sitting(&crate::identity::section_key(super::title_of(doc, &sections[i]))).is_some() {
            return true;
        }
        at = sections[i].parent;
    }
    false
}

/// The key of the run as a whole among the parts [`part_percent`] names.
const OVERALL: &str = " overall";

/// The one percentage a line states, and for what: the whole run when the line names the
/// whole (`overall`, `project`, `total`) and progress (`progress`, `complete`, `done`);
/// else a named part: the label before a colon (`🟢 Frontend Application: 100% (1/1)`),
/// a heading's title before its parenthesis (`### Frontend Application (95% - Ready)`), a
/// table row's first cell. Measures that are no progress (coverage, budget, a rate) are not
/// read. (key, name as written, percentage).
fn part_percent(line: &str) -> Option<(String, &str, u32)> {
    let lower = crate::case::to_lower(line);
    const WHOLE: &str = "overall|project|total|general|geral|global|gesamt|全体|总体|整体|전체";
    const PROGRESS: &str = "progress|complete|completion|done|progreso|progresso|avance|avancement|\
        fortschritt|進捗|进度|완료|진행";
    /// Percentages of other things than progress.
    const MEASURES: &str = "coverage|budget|rate|accuracy|confidence|cpu|memory|usage|discount|fee|\
        share|growth|probability|threshold|uptime|latency|score|margin|cobertura|couverture|\
        abdeckung";
    let (figure, _) = crate::text::lone_percentage(&lower)?;
    if crate::packed::holds_any(&lower, WHOLE) && crate::packed::holds_any(&lower, PROGRESS) {
        return Some((OVERALL.to_owned(), "", figure));
    }
    if crate::packed::holds_any(&lower, MEASURES) {
        return None;
    }
    let t = line.trim();
    let name = if let Some(title) = t.strip_prefix('#') {
        title.split('(').next().filter(|n| n.len() < title.len())?
    } else if let Some(row) = t.strip_prefix('|') {
        row.split('|').next()?
    } else {
        let (label, rest) = t.split_once(':')?;
        // The percentage opens what follows the label (`: 100% (1/1)`).
        rest.trim_start_matches([' ', '*', '_']).starts_with(|c: char| c.is_ascii_digit()).then_some(label)?
    };
    // Markup, list marks and status emoji before the name are not its words.
    let name = name.trim().trim_start_matches(|c: char| !c.is_alphanumeric()).trim_end_matches(|c: char| !c.is_alphanumeric() && c != ')');
    let key = crate::identity::section_key(name);
    // A name of letters, not a number or a lone word of a few (`Q3`, `UI`).
    let letters = key.chars().filter(|c| c.is_alphabetic()).count();
    (letters >= 5 && key.split(' ').count() <= 6).then(|| (key, name, figure))
}

/// Several blocks that each say they are where a fresh session starts: headings `START
/// HERE`, `Current Session`, `Latest Session` (in several languages,
/// [`lexicon::CURRENT_MARKS`]), or a plain-text log's `Date: 2026-02-27 (Latest Session)`.
/// One marked as past (`(prior) START HERE`, `Previous session`) or in history is not; the
/// second and later are reported, naming the first.
fn competing_entry_points(cx: &mut Ctx) {
    let doc = cx.doc;
    let text = doc.source();
    let sections = doc.sections();
    let history = crate::document::Regions::of(doc, |r| r == SectionRole::History);
    // (where, the section it heads)
    let mut marks: Vec<(Span, Option<usize>)> = sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.level >= 2 && lexicon::marks_current(doc.text(s.title)) && !history.holds(s.heading.start()))
        .map(|(i, s)| (s.heading, Some(i)))
        .collect();
    // A plain-text log marks its sessions on a line: `(Latest Session)`.
    for at in memchr::memmem::find_iter(text.as_bytes(), "ession)") {
        let line = Span::new(crate::span::line_start(text, at), crate::span::line_content_end(text, at));
        let open = text[line.start()..at].rfind('(').map(|o| line.start() + o);
        if let Some(open) = open.filter(|_| !history.holds(at)) {
            if lexicon::marks_current(&text[open + 1..at + "ession".len()]) && !sections.iter().any(|s| s.heading == line) {
                marks.push((line, None));
            }
        }
    }
    crate::sort::sort_by_key(&mut marks, |m| [m.0.start() as u64, 0, 0]);
    // Sibling sections in a row, each tagged (`### Login fix (Current Session)`, `### Review
    // (Current Session)`), are the parts of one current session; two `START HERE` blocks
    // are two entry points.
    let tagged = |i: usize| doc.text(sections[i].title).trim_end().ends_with(')');
    let same_block = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (Some(a), Some(b)) => {
            tagged(a) && tagged(b) && sections[a].level == sections[b].level && sections[a + 1..b].iter().all(|s| s.level > sections[b].level)
        }
        _ => false,
    };
    let mut blocks = marks.iter().enumerate().filter(|&(k, m)| k == 0 || !same_block(marks[k - 1].1, m.1)).map(|(_, m)| m.0);
    let Some(first) = blocks.next() else { return };
    let line = cx.line(first.start());
    let name = cx.quote(doc.text(first).trim_start_matches('#').trim(), 40);
    for m in blocks {
        let d = cx
            .diag(Rule::StatusConflict, m, format!("this block says it is the current one, and so does `{name}` (line {line})"))
            .with_help("keep one entry point for the next session: mark the older ones as prior, or move them under the history they belong to");
        cx.push(d);
    }
}

fn newest_in(text: &str) -> Option<Timestamp> {
    let mut best: Option<Timestamp> = None;
    let mut at = 0;
    while let Some((ts, end)) = find_from(text, at) {
        if best.is_none_or(|b| ts.epoch_seconds > b.epoch_seconds) {
            best = Some(ts);
        }
        at = end.max(at + 1);
        if at >= text.len() {
            break;
        }
    }
    best
}

/// [`time::find`] on `text[at..]`, as a timestamp and where it ends in `text`. Its candidates
/// are the digits four bytes before a `-` (not glued to a digit before them, but at `at`):
/// the dashes are found with `memchr` instead of trying every byte.
fn find_from(text: &str, at: usize) -> Option<(Timestamp, usize)> {
    let b = text.as_bytes();
    // A candidate `i` needs ten bytes: `at <= i <= len - 10`, so its dash `i + 4` lies in
    // `at + 4 ..= len - 6`.
    let dashes = b.get(at + 4..b.len().checked_sub(5)?)?;
    memchr::memchr_iter(b'-', dashes).map(|k| at + k).find_map(|i| {
        let opens = b[i].is_ascii_digit() && (i == at || !b[i - 1].is_ascii_digit());
        opens.then(|| time::parse_prefix(&text[i..])).flatten().map(|(ts, used)| (ts, i + used))
    })
}

fn newest_worklog(cx: &Ctx) -> Option<(Timestamp, usize)> {
    let doc = cx.doc;
    let (w, worklog) = doc.sections().iter().enumerate().find(|(_, s)| s.role == SectionRole::Worklog)?;
    let mut best: Option<(Timestamp, usize)> = None;
    for e in doc.entries() {
        let item = doc.item(e.item);
        let inside = item.section == Some(w) || worklog.span.contains(item.span.start());
        if inside && best.is_none_or(|(b, _)| e.timestamp.epoch_seconds > b.epoch_seconds) {
            best = Some((e.timestamp, item.span.start()));
        }
    }
    for s in doc.stamps() {
        if worklog.span.contains(s.span.start()) && best.is_none_or(|(b, _)| s.timestamp.epoch_seconds > b.epoch_seconds) {
            best = Some((s.timestamp, s.span.start()));
        }
    }
    best
}

/// `a` is later than `b`, at the coarser of their precisions.
pub(super) fn later(a: Timestamp, b: Timestamp) -> bool {
    use crate::time::Precision;
    if a.style.precision == Precision::Date || b.style.precision == Precision::Date {
        a.epoch_seconds.div_euclid(86_400) > b.epoch_seconds.div_euclid(86_400)
    } else {
        a.epoch_seconds > b.epoch_seconds
    }
}
