//! progress-contradiction, empty-next-step.
//!
//! - progress-contradiction: one unit both COMPLETED and IN_PROGRESS/PENDING, or two units
//!   IN_PROGRESS on explicit status lines. Units are compared by their
//!   [`UnitKey`](crate::identity::UnitKey). Explicit
//!   status lines, What Works / What's Left items and feature-list entries are compared
//!   across the file; checkboxes and emoji only within one section (phase checklists
//!   often repeat a task name under different phases).
//! - stale-in-progress: a unit whose current state is IN_PROGRESS sits in a dated session
//!   older than the file's latest one (by date), which does not name it again: the run
//!   moved on and left it open (docs/reader.md, "Counts and summaries").
//! - empty-next-step: work remains (a unit IN_PROGRESS, PENDING or BLOCKED, and no TASK
//!   COMPLETE) but no next step is recorded: in a checkpoint log, Next Session Start is
//!   missing or empty; elsewhere, a Next Steps section exists and is empty. Session notes
//!   carry their next steps in Current State (see stale-current-state). And in a log whose
//!   sittings each end with their next step, a latest sitting that writes none: the next
//!   step the file gives was written before the latest work (docs/reader.md, "Next steps").

use super::Ctx;
use crate::hash::KeyMap;
use crate::document::{Document, MarkerSource, ProgressMarker, SectionRole, Status, Unit};
use crate::identity::{unit_hash, UnitKey};
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::ProgressContradiction) && !cx.doc.progress().is_empty() {
        contradictions(cx);
    }
    if cx.on(Rule::StaleInProgress) && !cx.doc.progress().is_empty() {
        stale_in_progress(cx);
        stale_pointer(cx);
    }
    if cx.on(Rule::EmptyNextStep) {
        empty_next(cx);
        latest_sitting_without_next(cx);
    }
    if cx.on(Rule::SeveralInProgress) {
        several_in_one_list(cx);
    }
}

/// A JSON file's current-task pointer left on a unit that is done while another is under
/// way (docs/rules.md, "stale-in-progress"): the next session reading the pointer resumes
/// finished work.
fn stale_pointer(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some((pointer, done)) = doc.json_state().stale_pointer else { return };
    let named = cx.quote(doc.text(pointer), 40);
    let line = cx.line(done.start());
    // The unit [`remaining`] gives, when it is under way.
    let under_way = remaining(doc).filter(|(m, _)| doc.status_now(m) == Some(Status::InProgress)).map(|(_, u)| format!(", while `{}` is under way", cx.quote(doc.text(u.name), 40))).unwrap_or_default();
    let d = cx
        .diag(Rule::StaleInProgress, pointer, format!("the current task `{named}` is done (line {line}){under_way}"))
        .with_help("move the pointer to the task in progress");
    cx.push(d);
}

/// An In Progress or Current Focus list of several units under way (two-in-progress leaves
/// such a list alone: one piece of work may go on in several steps). Said once per list, on
/// its first unit, naming the others: the next session has to choose where to resume.
fn several_in_one_list(cx: &mut Ctx) {
    let doc = cx.doc;
    let sections = doc.sections();
    let mut lists: Vec<(usize, Vec<&ProgressMarker>)> = Vec::new();
    for m in doc.progress() {
        if m.source != MarkerSource::Section || m.status != Some(Status::InProgress) {
            continue;
        }
        let Some(s) = doc.section_at(m.span.start()).filter(|&s| sections[s].role == SectionRole::Active) else { continue };
        match lists.last_mut() {
            Some((at, ms)) if *at == s => ms.push(m),
            _ => lists.push((s, vec![m])),
        }
    }
    for (s, ms) in lists.into_iter().filter(|(_, ms)| ms.len() >= 2) {
        let title = cx.quote(super::title_of(doc, &sections[s]), 40);
        let others: Vec<String> = ms[1..].iter().take(4).map(|m| format!("line {}", cx.line(m.span.start()))).collect();
        let more = if ms.len() > 5 { format!(" and {} more", ms.len() - 5) } else { String::new() };
        let d = cx
            .diag(Rule::SeveralInProgress, ms[0].span, format!("`{title}` lists {} units under way at once (this one, {}{more})", ms.len(), others.join(", ")))
            .with_help("say which one the next session resumes: a Next Steps line, or mark the others PENDING");
        cx.push(d);
    }
}

/// Markers compared across the whole file; others only within their section.
pub(crate) fn file_wide(m: &ProgressMarker) -> bool {
    matches!(m.source, MarkerSource::StatusWord | MarkerSource::Alias | MarkerSource::Section | MarkerSource::Feature)
}

fn is_open(s: Status) -> bool {
    matches!(s, Status::InProgress | Status::Pending)
}

fn contradictions(cx: &mut Ctx) {
    let doc = cx.doc;
    // (scope, unit) → first marker index per side: done / open. Keyed by hash; a hit is
    // confirmed on the unit names.
    let mut done: KeyMap<usize> = KeyMap::default();
    let mut open: KeyMap<usize> = KeyMap::default();
    let markers = doc.progress();
    let log = doc.is_log();
    let name_of = |m: &ProgressMarker, u: usize| m.units.get(u).map_or("", |u| doc.text(u.name));
    for (i, m) in markers.iter().enumerate() {
        let Some(status) = m.status else { continue };
        let section = doc.section_at(m.span.start()).map_or(1, |s| s + 2);
        for u in &m.units {
            let name = doc.text(u.name);
            if name.trim().len() < 2 {
                continue;
            }
            // A box ticked in one list and open in another under a name of four words or more
            // (`Push delle modifiche locali (coda pending_ops)` done in the sprint, still in
            // the backlog) is one task; a short one (`Write tests`) recurs per phase.
            let named_at_length = || m.source == MarkerSource::Checkbox && !log && name.split_whitespace().count() >= 4;
            let scope = if file_wide(m) || named_at_length() { 0 } else { section };
            let k = unit_hash(name) ^ (scope as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
            let other = match status {
                Status::Completed => open.get(&k).copied(),
                s if is_open(s) => done.get(&k).copied(),
                _ => None,
            };
            // The first mention with that name among the other marker's units.
            let other = other.and_then(|j| {
                let first = &markers[j];
                let key = UnitKey::of(name);
                (0..first.units.len()).find(|&x| UnitKey::of(name_of(first, x)) == key).map(|_| j)
            });
            // In a log, a unit under way in one sitting and done in another moved on: each
            // sitting says how things stood then.
            let sitting = |at: usize| doc.sitting_at(at).map(|(start, _)| start);
            let other = other.filter(|&j| !(log && sitting(markers[j].span.start()).zip(sitting(m.span.start())).is_some_and(|(a, b)| a != b)));
            // A log's lines run in time within a sitting: a unit begun and then finished
            // (`[11:00] Route audit started`, later `[13:00] Route audit complete`) moved on.
            // So do a journal's rows.
            let other = other.filter(|_| !((log || doc.is_journal()) && status == Status::Completed));
            if let Some(j) = other {
                let first = &markers[j];
                let line = cx.line(first.span.start());
                let (a, b) = (first.status.map_or("?", |s| s.as_str()), status.as_str());
                let d = cx
                    .diag(Rule::ProgressContradiction, m.span, format!("`{name}` is {a} (line {line}) and {b} here"))
                    .with_help("progress markers are state, one line per unit: update the unit's line instead of adding another");
                cx.push(d);
            }
            match status {
                Status::Completed => {
                    done.entry(k).or_insert(i);
                }
                s if is_open(s) => {
                    open.entry(k).or_insert(i);
                }
                _ => {}
            }
        }
    }
    two_in_progress(cx);
    done_in_an_open_list(cx);
    ticked_over_open(cx);
}

/// A box ticked over a box nested in it left open (`- [x] Auth` over `  - [ ] Sign-out clears
/// the local DB`): the whole is done, and a part of it is not. Reported on the open part.
fn ticked_over_open(cx: &mut Ctx) {
    let doc = cx.doc;
    let items = doc.items();
    for (k, parent) in items.iter().enumerate() {
        if parent.checkbox != Some(true) {
            continue;
        }
        let parts = items[k + 1..].iter().take_while(|i| i.depth > parent.depth && i.section == parent.section);
        let Some(open) = parts.filter(|i| i.depth == parent.depth + 1).find(|i| i.checkbox == Some(false)) else { continue };
        let first_line = |i: &crate::document::Item| crate::span::first_line(doc.source(), i.text);
        let (whole, part) = (cx.quote(doc.text(first_line(parent)).trim(), 40), cx.quote(doc.text(first_line(open)).trim(), 60));
        let line = cx.line(parent.span.start());
        let d = cx
            .diag(Rule::ProgressContradiction, first_line(open), format!("`{whole}` is ticked done (line {line}), and its part `{part}` is not"))
            .with_help("tick the part if it is done, or untick the whole until it is");
        cx.push(d);
    }
}

/// A unit whose own line says it is done (`- Staging deploy (done, see activeContext)`,
/// `Parser — completed`) left in a list of work still to do (Remaining, Next Steps): the
/// list says PENDING, the line COMPLETED. A ticked checkbox or a `✅` is how people check an
/// item off in place, and is let be.
fn done_in_an_open_list(cx: &mut Ctx) {
    let doc = cx.doc;
    let sections = doc.sections();
    for m in doc.progress() {
        if m.source != MarkerSource::Suffix || m.status != Some(Status::Completed) {
            continue;
        }
        let Some(s) = doc.section_at(m.span.start()).map(|i| &sections[i]) else { continue };
        if !matches!(s.role, SectionRole::Todo | SectionRole::NextStep) {
            continue;
        }
        // A paragraph that opens a list of its own on the way (`Completed Features:`,
        // `**Files Created:**`) says what the items are; an item opening sub-items
        // (`- **Deploy phase:**`) does not change the list's meaning.
        let between = doc.text(Span::new(s.body.start().min(m.span.start()), m.span.start()));
        let own_list = between.lines().any(|l| {
            let l = l.trim();
            let item = l.starts_with(['-', '*', '+']) && !l.starts_with("**") || l.split_once(". ").is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
            !item && crate::parse::is_lead_in(l)
        });
        // A step done of a unit under way (`- 🚧 **Lista de la compra** — en curso` over `  -
        // agrupar ingredientes: hecho`) is how far that unit has got.
        let parent = doc.item_on_line(m.span.start()).and_then(|i| doc.parent_item(i));
        let step_of_open_work = parent.is_some_and(|p| {
            let markers = doc.progress();
            let line = crate::span::first_line(doc.source(), p.span);
            markers[markers.partition_point(|m| m.span.start() < line.start())..].first().is_some_and(|pm| line.contains(pm.span.start()) && pm.status == Some(Status::InProgress))
        });
        if own_list || step_of_open_work {
            continue;
        }
        let name = cx.quote(m.units.first().map_or("", |u| doc.text(u.name)).trim(), 60);
        let title = cx.quote(super::title_of(doc, s), 40);
        let d = cx
            .diag(Rule::ProgressContradiction, m.span, format!("`{name}` is marked done, and listed under `{title}` as work to do"))
            .with_help("move it to the work done, or remove the word that says it is done if it is not");
        cx.push(d);
    }
}

/// Two units IN_PROGRESS at once, in their current state: a unit that was IN_PROGRESS and
/// is COMPLETED on a later line is in progress no more (that later line is a contradiction
/// of its own, reported above). Units with a state of their own count (a status word, an
/// emoji, `(in progress)` after the name, a heading's status), not the rows of a status
/// table (an inventory of components, several partly built), nor parts given a figure
/// (`Phase 2 (60%)`, `### M3 — Sync — 70%`: how far each has got, not where work goes on),
/// nor the items of an In Progress section (one piece of work in several steps), nor units
/// of two sittings of a log.
fn two_in_progress(cx: &mut Ctx) {
    let doc = cx.doc;
    let markers = doc.progress();
    let in_progress = |m: &ProgressMarker| m.status == Some(Status::InProgress) && m.source.reconciles() && m.source != MarkerSource::Table && !doc.text(m.status_span).ends_with('%');
    // The current state costs a map of every unit: only worth it with two such lines.
    if markers.iter().filter(|m| in_progress(m)).nth(1).is_none() {
        return;
    }
    let mut now_in_progress: Vec<_> = doc.current_units().iter().map(|&r| doc.unit_at(r)).filter(|(m, _)| in_progress(m)).collect();
    // Units under way in two sittings of a log are one after the other: the older one left
    // open is stale-in-progress's. Those of the latest sitting with any are compared.
    if let Some(&(last, _)) = now_in_progress.last() {
        let sitting = |m: &ProgressMarker| doc.sitting_at(m.span.start()).map(|(at, _)| at);
        if doc.is_log() && sitting(last).is_some() {
            now_in_progress.retain(|(m, _)| sitting(m) == sitting(last));
        }
    }
    let mut now_in_progress = now_in_progress.into_iter();
    let Some((first, first_unit)) = now_in_progress.next() else { return };
    let first_name = doc.text(first_unit.name);
    let line = cx.line(first.span.start());
    // A step under way inside a unit under way (`### Session #48` IN PROGRESS over its
    // `[IN PROGRESS] Create STATUS.md`) is the same work, at a finer grain.
    let first_section = doc.sections().iter().find(|s| s.heading == first.span).map(|s| s.span);
    // The same work named twice (`Session #48 (Current): Session Continuity System` and, under
    // Remaining, `Session continuity system (in progress)`) is one unit under way; so is one
    // named with a different note after it (`Webhook-Versand an Händler (/v2/webhooks)` in the
    // log, `Webhook-Versand an Händler — Signierung fertig` in the state).
    let first_key = crate::identity::UnitKey::of(first_name);
    let first_head = crate::identity::UnitKey::of(crate::identity::name_head(first_name));
    let same_work = |u: &crate::document::Unit| {
        let name = doc.text(u.name);
        let overlap = |a: &Option<crate::identity::UnitKey>, b: &str| a.as_ref().zip(crate::identity::UnitKey::of(b)).is_some_and(|(a, b)| a.overlaps(&b));
        overlap(&first_key, name) || overlap(&first_head, crate::identity::name_head(name))
    };
    // A state's own line of what is under way (`Working on: **streaming export**`,
    // `Trabajando en la suma de cantidades`) and an item of a list under way name one piece
    // of work at two grains: the focus, and the step of it the list is at.
    let focus = |m: &ProgressMarker| doc.item_on_line(m.span.start()).is_none() && matches!(doc.role_at(m.span.start()), Some(SectionRole::CurrentState | SectionRole::Active));
    let first_focus = focus(first);
    for (m, u) in now_in_progress.filter(|(m, u)| !first_section.is_some_and(|s| s.contains(m.span.start())) && !same_work(u) && focus(m) == first_focus) {
        let name = doc.text(u.name);
        let d = cx
            .diag(Rule::ProgressContradiction, m.span, format!("two units are IN_PROGRESS: `{first_name}` (line {line}) and `{name}`"))
            .with_help("one unit is in progress at a time: mark the other COMPLETED, PENDING or BLOCKED, with its stop point");
        cx.push(d);
    }
}

/// The first unit left to do in its current state ([`Document::current_units`]), with its
/// marker: one
/// IN_PROGRESS, else one PENDING or BLOCKED.
pub(crate) fn remaining(doc: &Document) -> Option<(&ProgressMarker, &Unit)> {
    let markers = doc.progress();
    if !markers.iter().any(|m| m.status.is_some_and(|s| matches!(s, Status::InProgress | Status::Pending | Status::Blocked))) {
        return None;
    }
    let now = doc.current_units();
    let find = |wanted: fn(Status) -> bool| now.iter().map(|&r| doc.unit_at(r)).find(|(m, _)| doc.status_now(m).is_some_and(wanted));
    find(|s| s == Status::InProgress).or_else(|| find(|s| matches!(s, Status::Pending | Status::Blocked)))
}

fn empty_next(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.completion().is_some() || matches!(doc.dialect(), Dialect::SessionNotes | Dialect::MemoryStore) {
        return;
    }
    // A next step written under a label anywhere (`Next: …`, `## NEXT STEP: implement the
    // export`) is recorded as much as one in a Next Steps section: the plan resumes from it.
    let recorded = doc.next_step().is_some_and(|n| !doc.text(n.text).trim().is_empty())
        || crate::plan::next::labels(doc).iter().any(|&s| !doc.text(s).trim().is_empty());
    if recorded {
        return;
    }
    let Some((work, unit)) = remaining(doc) else {
        log_without_next(cx);
        return;
    };
    let next_section = doc.sections().iter().find(|s| s.role == SectionRole::NextStep);
    let unit = doc.text(unit.name);
    let status = doc.status_now(work).map_or("", |s| s.as_str());
    let (at, what) = match (next_section, doc.dialect()) {
        (Some(s), _) => (s.heading, format!("`{}` is empty", super::title_of(doc, s))),
        (None, Dialect::CheckpointLog) => (work.span, "there is no Next Session Start".to_owned()),
        (None, _) => return,
    };
    let at = if at.is_empty() { Span::empty(at.start()) } else { at };
    let d = cx
        .diag(Rule::EmptyNextStep, at, format!("no next step recorded while work remains (`{unit}` is {status}): {what}"))
        .with_help("write the exact next action, e.g. where to continue the unit in progress, so the next session starts there");
    cx.push(d);
}

/// A progress log that is not done and writes no next step anywhere, nor any unit with a
/// state (only work told as prose):
/// it ends on what was done, and a fresh session must guess what comes next. Reported on its
/// last line, where the next step belongs.
fn log_without_next(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.dialect() != Dialect::ProgressLog || doc.progress().is_empty() || doc.is_json() {
        return;
    }
    // Units whose state the file writes, all done (none is open, or `remaining` had one):
    // the run is complete and needs no next step. Work told as prose says nothing of that.
    let markers = doc.progress();
    if doc.current_units().iter().any(|r| markers[r.marker as usize].source != MarkerSource::Prose) {
        return;
    }
    if crate::plan::next::written(doc).is_some() || crate::plan::status::claims_all_done(doc) {
        return;
    }
    let text = doc.source();
    let end = text.trim_end().len();
    if end == 0 {
        return;
    }
    let last = Span::new(crate::span::line_start(text, end - 1), end);
    let d = cx
        .diag(Rule::EmptyNextStep, last, "the log ends without a next step: no entry says what comes next, and no unit is left open")
        .with_help("end the latest entry with the exact next action (or say the run is complete), so the next session starts there");
    cx.push(d);
}

/// A log whose sittings write their own next step (most of them, two at least) and whose
/// latest sitting writes none: the step the file gives is older than its latest work, which
/// may have done it or changed it. Reported on the latest sitting's first line (sittings as
/// [`super::sittings::parts`] reads them).
fn latest_sitting_without_next(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.dialect() != Dialect::ProgressLog || doc.is_json() || doc.completion().is_some() {
        return;
    }
    let parts = super::sittings::parts_oldest_first(doc);
    if parts.len() < 3 {
        return;
    }
    let labels = crate::plan::next::labels(doc);
    let writes_next = |p: &Span| {
        labels.iter().any(|l| p.contains(l.start())) || doc.sections().iter().any(|s| s.role == SectionRole::NextStep && p.contains(s.heading.start()))
    };
    let Some((latest, earlier)) = parts.split_last() else { return };
    let with_next = earlier.iter().filter(|p| writes_next(p)).count();
    if writes_next(latest) || with_next < 2 || with_next * 2 < earlier.len() || crate::plan::status::claims_all_done(doc) {
        return;
    }
    let text = doc.source();
    // The part's first line of text, past the rule line that opens it.
    let at = latest.end() - text[latest.range()].trim_start_matches(|c: char| c.is_whitespace() || c == '-').len();
    let d = cx
        .diag(
            Rule::EmptyNextStep,
            Span::new(at, crate::span::line_content_end(text, at)),
            format!("the latest entry writes no next step, as {with_next} of the {} before it do: the file's next step was written before this work", earlier.len()),
        )
        .with_help("end the latest entry with the exact next action (or say the run is complete), so the next session does not resume from an older step");
    cx.push(d);
}

#[cfg(test)]
mod tests {
    use super::remaining;
    use crate::document::Status;
    use crate::{parse_with, ParseOptions};

    /// What the check calls the unit left to do (in progress, else pending or blocked) is
    /// what the plan resumes: (status, line), or `None` when nothing is left.
    fn agree(name: &str, text: &str) {
        let doc = parse_with(text, &ParseOptions { file_name: Some(name.to_owned()), ..ParseOptions::default() });
        let plan = crate::plan(&doc, &crate::CheckOptions::default());
        let check = remaining(&doc).map(|(m, _)| (m.status, doc.position(m.span.start()).line));
        let in_progress = plan.open.iter().find(|u| u.status == Status::InProgress);
        // The ids a written next step names are the step's plan (`plan::named_units`), not
        // units of the document: the check asks for work left only where no step is written.
        let step_line = plan.next_action.as_ref().filter(|n| n.source == crate::plan::NextActionSource::NextStep).map(|n| n.line);
        let units = plan.pending.iter().filter(|u| Some(u.line) != step_line || doc.progress().iter().any(|m| doc.position(m.span.start()).line == u.line));
        let waiting = units.take(1).chain(plan.open.iter().filter(|u| u.status == Status::Blocked)).min_by_key(|u| u.line);
        let from_plan = in_progress.or(waiting).map(|u| (Some(u.status), u.line));
        match (check, from_plan) {
            (Some((Some(Status::InProgress), line)), plan_says) => {
                assert_eq!(plan_says, Some((Some(Status::InProgress), line)), "{name}");
                assert!(plan.resume_from.is_some(), "{name}");
            }
            (Some(_), plan_says) => {
                assert!(in_progress.is_none(), "{name}: the plan has a unit in progress, the check none");
                assert!(plan_says.is_some(), "{name}: the check has work left, the plan none");
            }
            (None, plan_says) => assert_eq!(plan_says, None, "{name}: the plan has work left, the check none"),
        }
    }

    /// Issue 12: plan and check agree on the current units of every corpus file.
    #[test]
    fn plan_and_check_agree_on_the_current_units_of_every_corpus_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
            if name.ends_with(".tsv") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            agree(&name, &text);
            seen += 1;
        }
        assert!(seen >= 60, "corpus files read: {seen}");
    }

    /// The unit written another way on its later line: once the plan (case-sensitive) still
    /// resumed `Auth` while the check (folded) had it done.
    #[test]
    fn plan_and_check_agree_when_a_unit_is_written_another_way() {
        for later in ["COMPLETED: auth", "COMPLETED: **Auth**.", "COMPLETED: AUTH", "COMPLETED: Au\u{200B}th"] {
            let text = format!("# Session Memory — t\n\n## Progress Markers\n- IN_PROGRESS: Auth (stopped at login)\n- {later}\n- PENDING: billing\n\n## Next Session Start\nGo.\n");
            agree(later, &text);
            let plan = crate::plan(&crate::parse(&text), &crate::CheckOptions::default());
            // Not Auth: the file's task (its title's) is what remains under way.
            assert_eq!(plan.resume_from.map(|r| r.unit).as_deref(), Some("t"), "{later}");
            assert_eq!(plan.completed.len(), 1, "{later}");
        }
    }
}

fn stale_in_progress(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some(latest) = doc.latest_dated_section() else {
        return;
    };
    let mut found = Vec::new();
    for &r in doc.current_units() {
        let (marker, unit) = doc.unit_at(r);
        if let Some(when) = doc.left_behind(marker).filter(|_| !doc.is_a_sitting_s_own(marker)) {
            found.push((marker.span, doc.text(unit.name), when));
        }
    }
    let latest_line = cx.line(latest.heading.start());
    let latest_when = latest.timestamp.map(|t| t.to_string()).unwrap_or_default();
    for (span, name, when) in found {
        let name = cx.quote(name, 80);
        let d = cx
            .diag(Rule::StaleInProgress, span, format!("`{name}` is still IN_PROGRESS in the session of {when}; the latest session ({latest_when}, line {latest_line}) does not name it"))
            .with_help("mark it COMPLETED, PENDING or BLOCKED, or carry it into the latest session with its stop point");
        cx.push(d);
    }
}
