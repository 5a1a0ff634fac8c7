//! Where the run stands (docs/plan.md `status`, docs/reader.md): complete, blocked, in progress or not started,
//! read as a reviewer reads it: the latest state the file writes wins (docs/reader.md, "The
//! run's status").

use crate::check::counts::{count_in, Count};
use crate::code::lines_outside_code;
use super::{NextAction, NextActionSource, PlanUnit, Regions, RunStatus};
use crate::document::{Document, SectionRole, Status};
use crate::lexicon;
use crate::span::Span;
use crate::Dialect;

/// What the plan read from the units, for the status.
pub(super) struct UnitState<'a> {
    /// Completed units whose state the file writes (not finished work told as prose).
    pub stated_done: usize,
    pub pending: &'a [PlanUnit],
    pub open: &'a [PlanUnit],
    /// Offset of the latest open or pending unit's line (by the file's order), if any.
    pub latest_open_at: Option<usize>,
    /// Offset of the latest unit under way (IN_PROGRESS) alone.
    pub latest_under_way_at: Option<usize>,
    /// Offsets of the latest blocked or failed unit's line, and of the latest unit done
    /// (prose included: a later session's work is a later word), by the file's order.
    pub latest_stuck_at: Option<usize>,
    pub latest_done_at: Option<usize>,
    /// Whether the file records work done at all (prose, entries, dated sessions).
    pub worked: bool,
}

pub(super) fn run_status(doc: &Document, units: &UnitState<'_>, next: Option<&NextAction>, written_next: Option<Span>) -> RunStatus {
    if doc.completion().is_some() {
        return RunStatus::Complete;
    }
    // `None for now — waiting for product to decide the v3 scope`: a next step that opens
    // by saying there is none leaves no work, and waits on no one for this run.
    let written_next = written_next.filter(|w| !lexicon::opens_with_nothing(doc.text(*w)));
    let written_next_at = written_next.map(|w| w.start());
    // Compared by line: a claim and the next step it sits in share one.
    let line = |at: usize| doc.line_index().line_of(at);
    let claims = claims(doc);
    // Later by the days the file writes over each (the paragraph or session a line sits in),
    // when both have one and they differ: real files mix orders (a log kept newest first with
    // sessions appended at its end). Else (the same day, or no date) by the file's order.
    let dated = |at: usize| doc.sitting_at(at).map(|(_, t)| t.epoch_seconds.div_euclid(86_400));
    let newer = |a: usize, b: usize| match (dated(a), dated(b)) {
        (Some(da), Some(db)) if da != db => da > db,
        _ if doc.newest_first() => line(a) <= line(b),
        _ => line(a) >= line(b),
    };
    let after_open = |at: Option<usize>| at.filter(|&c| units.latest_open_at.is_none_or(|o| newer(c, o)));
    // A count of work left written in the claim's own sitting (a session report that gives
    // `131/137 features passing` and says `All features implemented without breaking
    // changes`): the claim is about that session's part, not the run. A later sitting's claim
    // stands over an older count.
    let same_day = |a: usize, b: usize| dated(a) == dated(b);
    let claim_done = after_open(claims.complete)
        .filter(|&c| written_next_at.is_none_or(|n| newer(c, n)))
        .filter(|&c| !claims.latest_count.is_some_and(|(n, left)| left && line(n) != line(c) && same_day(n, c)));
    // The file's own next step is to wait for a person: that is where the run stands.
    let next_waits = written_next.filter(|w| lexicon::step_waits_on_a_person(doc.text(*w))).map(|w| w.start());
    // Work under way since overtakes a wait; the steps planned for after it do not (`waiting
    // on Anna's review` over `Next steps: deploy`).
    let waiting = match (claims.waiting, next_waits) {
        (Some(a), Some(b)) => Some(if newer(a, b) { a } else { b }),
        (a, b) => a.or(b),
    }
    .filter(|&w| units.latest_under_way_at.is_none_or(|o| newer(w, o)))
    // A wait written on a blocked unit's own line (`"blocked_by": "waiting for approval"`)
    // is that unit's, while other work is under way.
    .filter(|&w| {
        let under_way = units.open.iter().any(|u| u.status == Status::InProgress);
        // Markers are in file order: the one holding the wait, if any, starts last before it.
        let markers = doc.progress();
        let holder = markers[..markers.partition_point(|m| m.span.start() <= w)].last().filter(|m| m.span.contains(w));
        // So is a wait on a list's card outside the run's state (`## Review` over `- Share
        // links — PR #57, waiting for Dana's review`): that card waits, the work goes on.
        let card = || {
            let items = &doc.items;
            // Written in the card's own words, not a list a label hands to a person.
            let own_words = |i: &crate::document::Item| lexicon::waits_on_a_person(&crate::case::to_lower(doc.text(crate::span::first_line(doc.source(), i.text))));
            items[..items.partition_point(|i| i.span.start() <= w)].last().is_some_and(|i| i.span.contains(w) && own_words(i))
                && !matches!(doc.role_at(w), Some(SectionRole::CurrentState | SectionRole::Blocked | SectionRole::NextStep))
        };
        !(under_way && (holder.is_some_and(|m| matches!(m.status, Some(Status::Blocked | Status::Failed))) || card()))
    });
    // Waiting on a person, as the latest word: blocked, whatever is under way.
    if let Some(w) = waiting {
        if claim_done.is_none_or(|c| newer(w, c)) {
            return RunStatus::Blocked;
        }
    }
    // The status the file states for the run (`**Status:** Blocked — waiting for the deploy
    // key` under its title, `## Current Status: Phase 3 (in progress)`): blocked is where
    // the run stands, unless the file says since that all is done; under way counts as work.
    let stated = super::stated::run_status(doc).map(|(s, _)| s);
    if stated == Some(Status::Blocked) && claims.complete.is_none() {
        return RunStatus::Blocked;
    }
    let stated_under_way = stated == Some(Status::InProgress);
    // `Status: not started`, `Status: planning only`, over no work done or under way: the
    // plan's steps are all ahead, whatever next step it writes. The file's own word, not a
    // dated section (`## 요구사항 요약 (사장님 미팅, 2026-11-25)`, the meeting that set the
    // plan), says whether work began.
    if stated == Some(Status::Pending) && units.latest_done_at.is_none() && claims.complete.is_none() && units.open.iter().all(|u| u.status != Status::InProgress) {
        return RunStatus::NotStarted;
    }
    // Every unit under way held up on its own item (`- In progress: TestFlight upload` over
    // `  - **Blocked**: waiting for the API key`, `→ **bloqué** : ticket SEC-2291`): no work
    // can go on, whatever is planned for after it.
    let mut under_way = units.open.iter().filter(|u| u.status == Status::InProgress).peekable();
    // A claim that the whole run is done, newer than every unit left open (`Project complete;
    // v1.2.0 released` atop a log kept newest first, over `F8 notifications: IN_PROGRESS` two
    // sittings down): the units left open are stale, the run is done. A JSON file's order
    // is no time order.
    if under_way.peek().is_some() && claim_done.is_some() && units.latest_open_at.is_some() && !doc.is_json() {
        return RunStatus::Complete;
    }
    if under_way.peek().is_some() {
        return if under_way.all(|u| held_up(doc, u)) && claim_done.is_none() { RunStatus::Blocked } else { RunStatus::InProgress };
    }
    if claim_done.is_some() {
        return RunStatus::Complete;
    }
    // A unit stuck, as the latest word: work stated done since (a test broken in an old
    // session, then the run finished) overtakes it.
    // Nor is a block the file's own next step, written a later day, goes on from (`Blocked:
    // bucket policy` on the 18th, `Next: add metrics` on the 19th).
    let next_since = |s: usize| written_next_at.is_some_and(|n| matches!((dated(n), dated(s)), (Some(a), Some(b)) if a > b));
    // Outside a log the file's order is no time order: a block listed above finished work
    // still stands.
    let stuck_now = units.latest_stuck_at.is_some_and(|s| (!doc.is_log() || units.latest_done_at.is_none_or(|d| newer(s, d))) && !next_since(s));
    if stuck_now && units.pending.is_empty() {
        return RunStatus::Blocked;
    }
    if !units.pending.is_empty() {
        let fresh = units.stated_done == 0
            && units.open.is_empty()
            && !units.worked
            && !stated_under_way
            && claims.complete.is_none()
            // A feature list's note of where to start (`"next": "Run ./init.sh, then start
            // feature 1"`) over features all still to start is a plan not begun; so is a
            // checklist with no box ticked (`- [ ] 1. Create the branch`) under a next step
            // that names its first step.
            && (next.is_none_or(|n| n.source == NextActionSource::Pending) || doc.is_json() || nothing_ticked(doc, units.pending));
        return if fresh { RunStatus::NotStarted } else { RunStatus::InProgress };
    }
    // A next step written over finished units is work still to do, where the file keeps
    // its state in free form; a checkpoint log's Progress Markers are its state (docs/dialects.md).
    // The file states the run complete over no work left: a next step written beside it is
    // a stale one or a follow-up (next-step-done says which), not work under way.
    if stated == Some(Status::Completed) && units.stated_done > 0 {
        return RunStatus::Complete;
    }
    let markers_are_state = doc.dialect() == Dialect::CheckpointLog && units.stated_done > 0;
    if written_next_at.is_some() && !markers_are_state {
        return RunStatus::InProgress;
    }
    if units.stated_done > 0 {
        return RunStatus::Complete;
    }
    if units.worked || stated_under_way {
        return RunStatus::InProgress;
    }
    RunStatus::NotStarted
}

/// Whether a unit's own list item says, on a line below its first (a continuation or a
/// sub-item), that it is blocked.
fn held_up(doc: &Document, unit: &PlanUnit) -> bool {
    let Some(start) = doc.line_index().line_start(unit.line as usize - 1) else { return false };
    let Some(item) = doc.item_on_line(start) else { return false };
    crate::span::lines_in(doc.source(), item.span).skip(1).any(|l| {
        let line = doc.text(l).trim_start_matches(|c: char| !c.is_alphanumeric());
        lexicon::status_of(line) == Some(Status::Blocked)
    })
}

/// Whether the file says anywhere a claim is read (its state sections, its first and last
/// lines) that the whole run is done: `ALL 20 TASKS DONE`, `everything shipped`.
pub(crate) fn claims_all_done(doc: &Document) -> bool {
    claims(doc).complete.is_some()
}

/// The latest lines (by the file's order) that say the whole run is done, and that it waits
/// on a person, outside history, decisions and code.
struct Claims {
    complete: Option<usize>,
    waiting: Option<usize>,
    /// The latest progress count (`131/137 features passing`), and whether it leaves work.
    latest_count: Option<(usize, bool)>,
}

/// How many lines at each end of a file a claim about the whole run is read in (besides the
/// state sections). A claim counts only as the latest word: further in, later lines have
/// overtaken it (and a long log's old lines are not read again for it).
const LATEST_LINES: usize = 200;

fn claims(doc: &Document) -> Claims {
    let mut out = Claims { complete: None, waiting: None, latest_count: None };
    if matches!(doc.dialect(), Dialect::MemoryStore) {
        return out;
    }
    let text = doc.source();
    let skipped = Regions::of(doc, |r| matches!(r, SectionRole::History | SectionRole::Decisions | SectionRole::Procedure));
    // Where the latest state is written: the state sections, and the latest lines.
    let states = Regions::of(doc, |r| matches!(r, SectionRole::CurrentState | SectionRole::NextStep | SectionRole::Active | SectionRole::Blocked));
    let starts = doc.line_index().starts();
    // Both ends: a file's order is read from its dates, and real files mix orders (a log
    // appended at the end under a header refreshed at the top).
    let head = Span::new(0, starts.get(LATEST_LINES).copied().unwrap_or(text.len()));
    let tail = Span::new(starts.get(starts.len().saturating_sub(LATEST_LINES)).copied().unwrap_or(0), text.len());
    let keep = |slot: &mut Option<usize>, pos: usize| {
        if slot.is_none() || !doc.newest_first() {
            *slot = Some(pos);
        }
    };
    // A list of the work left that says there is none (`## Carry Forward` over `- None from
    // session 2`, `## Remaining` over `Nothing.`): all is done, as of where it stands.
    for section in doc.sections().iter().filter(|s| matches!(s.role, SectionRole::Todo | SectionRole::NextStep)) {
        let body = doc.text(section.body).trim();
        if !body.contains('\n') && body.len() <= 60 && lexicon::opens_with_nothing(body) && !skipped.holds(section.body.start()) {
            keep(&mut out.complete, section.heading.start());
        }
    }
    // A label that says a person must act (`Next Steps for User:`) holds the list under it:
    // the list's items are the person's work, not the run's next step.
    let mut person_list = false;
    for (_, pos, line) in lines_outside_code(doc) {
        if person_list && !line.is_empty() && !doc.newest_first() {
            out.waiting = Some(pos);
        }
        person_list &= !line.is_empty();
        let read = head.contains(pos) || tail.contains(pos) || states.holds(pos);
        if !read || skipped.holds(pos) || line.len() < 8 {
            continue;
        }
        // A digit on each side of a slash (`131/137`): a fraction a count may hold.
        let b = line.as_bytes();
        let fraction = memchr::memchr_iter(b'/', b).any(|at| at > 0 && b[at - 1].is_ascii_digit() && b.get(at + 1).is_some_and(u8::is_ascii_digit));
        let may_claim = lexicon::may_claim(line);
        if !fraction && !may_claim {
            continue;
        }
        let lower = crate::case::to_lower(line);
        if let Some(Count { done: Some(done), total, .. }) = fraction.then(|| count_in(&lower)).flatten() {
            if out.latest_count.is_none() || !doc.newest_first() {
                out.latest_count = Some((pos, done < total));
            }
        }
        if !may_claim {
            continue;
        }
        if lexicon::claims_all_done(&lower) {
            keep(&mut out.complete, pos);
        }
        // `None for now — waiting for product to decide the v3 scope`: nothing of this run waits.
        if lexicon::waits_on_a_person(&lower) && !lexicon::opens_with_nothing(line) {
            keep(&mut out.waiting, pos);
            person_list = line.trim_end_matches(['*', '_']).ends_with([':', '：']);
        }
    }
    out
}

/// Whether every pending unit is an unticked box of a checklist (`- [ ] …`).
fn nothing_ticked(doc: &Document, pending: &[PlanUnit]) -> bool {
    let lines = doc.line_index();
    pending.iter().all(|u| {
        let item = lines.line_start((u.line as usize).saturating_sub(1)).and_then(|at| doc.item_on_line(at));
        item.is_some_and(|i| i.checkbox == Some(false))
    })
}
