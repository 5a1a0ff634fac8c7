//! The resume plan (docs/plan.md): where a run stands and exactly where the next session starts.
//!
//! The serde form of the plan's parts (`NextAction`, `PlanUnit`, the decisions, the conflicts)
//! is the npm package's JSON of them, as it is (wasm-pkg/src/model.rs; the plan itself goes
//! through the package's `PlanData`, in camelCase, which the CLI's `plan --json` prints in
//! snake case). A field renamed or added here fails the package's declarations test until
//! `types.d.ts` says it too.

use crate::check::{check, CheckOptions};
use crate::diagnostic::Diagnostic;
use crate::rule::Rule;
use crate::document::{Document, MarkerSource, ProgressMarker, Regions, SectionRole, Status, Unit};
use crate::Dialect;
use serde::Serialize;

pub(crate) mod done_steps;
pub(crate) mod next;
pub(crate) mod stated;
pub(crate) mod status;
mod subject;

crate::named! {
    /// Where the run stands.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum RunStatus {
        NotStarted = "not-started",
        InProgress = "in-progress",
        Blocked = "blocked",
        Complete = "complete",
    }
}

crate::named! {
    /// Where the next action was read from, in the order the plan looks.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum NextActionSource {
        /// The Next Session Start (or Next Steps) section.
        NextStep = "next-step",
        /// The IN_PROGRESS unit's stop point.
        StopPoint = "stop-point",
        /// The first PENDING unit.
        Pending = "pending",
        /// Current State (session notes) or the current-focus section.
        CurrentState = "current-state",
        /// Nothing to start: the first BLOCKED or FAILED unit, which waits.
        Blocked = "blocked",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextAction {
    pub text: String,
    pub source: NextActionSource,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResumeFrom {
    pub unit: String,
    pub stopped_at: Option<String>,
    /// The item after the stop point, zero padding kept: "094" → "095".
    pub continue_at: Option<String>,
}

/// `orders/batch_3/: stopped at 094, continue at 095`, as a prompt or a dashboard says it.
impl std::fmt::Display for ResumeFrom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.unit)?;
        if let Some(stop) = &self.stopped_at {
            write!(f, ": stopped at {stop}")?;
        }
        if let Some(next) = &self.continue_at {
            write!(f, ", continue at {next}")?;
        }
        Ok(())
    }
}

/// A unit of work as the plan lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanUnit {
    pub unit: String,
    pub status: Status,
    /// `001-047`, `092-???`.
    pub range: Option<String>,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActiveDecision {
    pub id: String,
    pub text: String,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SupersededDecision {
    pub id: String,
    /// Id of the decision replacing it.
    pub by: String,
    pub text: String,
    pub line: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PlanDecisions {
    pub active: Vec<ActiveDecision>,
    pub superseded: Vec<SupersededDecision>,
}

/// Two active decisions pulling opposite ways (from the conflicting-decisions rule).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanConflict {
    pub message: String,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub status: RunStatus,
    pub next_action: Option<NextAction>,
    pub resume_from: Option<ResumeFrom>,
    pub completed: Vec<PlanUnit>,
    pub pending: Vec<PlanUnit>,
    /// Units under way (IN_PROGRESS), and BLOCKED or FAILED ones: neither done nor to start.
    pub open: Vec<PlanUnit>,
    pub decisions: PlanDecisions,
    pub conflicts: Vec<PlanConflict>,
    pub diagnostics: Vec<Diagnostic>,
    pub last_updated: Option<String>,
}

/// The resume plan of one document, with the check's findings (docs/plan.md).
pub fn plan(doc: &Document, options: &CheckOptions) -> Plan {
    from_check(doc, check(doc, options))
}

/// The plan from diagnostics already computed by [`check`] for this document (the plan
/// lists them and turns conflicting-decisions findings into `conflicts`).
pub fn from_check(doc: &Document, diagnostics: Vec<Diagnostic>) -> Plan {
    // Texts are copied out of the file: mask its secrets in every copy, whatever the check
    // reported (no output of Memento repeats a detected secret; docs/secrets.md).
    let secrets = doc.secrets();
    let owned = |text: &str| -> String { secrets.mask(text).into_owned() };
    let masked = |text: String| -> String {
        match secrets.mask(&text) {
            std::borrow::Cow::Owned(m) => m,
            std::borrow::Cow::Borrowed(_) => text,
        }
    };
    // Units and decisions come in file order: a cursor reads their lines in order.
    let mut lines = doc.line_index().cursor();
    let mut line = |offset: usize| lines.line_of(offset) as u32 + 1;
    let units = doc.current_units();

    // Sized up front: a long run lists thousands of completed units.
    let mut completed = Vec::with_capacity(units.len());
    let mut pending = Vec::new();
    let mut open = Vec::new();
    let mut resume_from = None;
    let mut resume_in_review = false;
    let mut resume_span = None;
    let mut in_progress_at = None;
    let mut stated_done = 0;
    let mut latest_open_at: Option<usize> = None;
    let mut latest_under_way_at: Option<usize> = None;
    let mut latest_stuck_at: Option<usize> = None;
    let mut latest_done_at: Option<usize> = None;
    let history = Regions::of(doc, |r| r == SectionRole::History);
    // The work left listed so far, by unit and status (the map type of the crate's other
    // keyed maps: one copy of the hash table's code in the wasm builds).
    let mut left: crate::hash::KeyMap<usize> = Default::default();
    for &r in units {
        let (marker, unit) = doc.unit_at(r);
        let Some(status) = doc.status_now(marker) else { continue };
        let done = matches!(status, Status::Completed | Status::Skipped);
        // Past state kept for the record is history: what it finished counts, what it left
        // open is not the current state.
        if !done && history.holds(marker.span.start()) {
            continue;
        }
        let unit = NamedUnit::of(doc, marker, unit);
        // Work in review waits on a reviewer: a unit being worked on is where to resume. A
        // box under way nested in the box found (`- [ ] Mapping UI` under `- [ ] Importer
        // v2`) is where in it the work goes on.
        let in_review = status == Status::InProgress && crate::lexicon::says_in_review(doc.text(marker.status_span));
        let boxed = marker.source == crate::document::MarkerSource::Checkbox;
        let nested = boxed && resume_span.is_some_and(|s: crate::span::Span| s.contains(marker.span.start()) && s != marker.span);
        if status == Status::InProgress && (resume_from.is_none() || resume_in_review && !in_review || nested) {
            resume_in_review = in_review;
            // Only a box's nested boxes are its parts (a note under a unit is no unit in it).
            resume_span = boxed.then_some(marker.span);
            in_progress_at = Some(marker.span.start());
            resume_from = Some(ResumeFrom {
                unit: masked(unit.name.clone()),
                continue_at: unit.stopped_at.as_deref().and_then(next_item).map(masked),
                stopped_at: unit.stopped_at.map(masked),
            });
        }
        // Work still to do overtakes an older claim; a unit that waits does not.
        let at = marker.span.start();
        let latest = |slot: &mut Option<usize>| {
            *slot = Some(match *slot {
                Some(prev) if !doc.later_in_file(at, prev) => prev,
                _ => at,
            })
        };
        match status {
            Status::Pending => latest(&mut latest_open_at),
            Status::InProgress => {
                latest(&mut latest_open_at);
                latest(&mut latest_under_way_at);
            }
            Status::Blocked | Status::Failed => latest(&mut latest_stuck_at),
            Status::Completed | Status::Skipped => latest(&mut latest_done_at),
        }
        if done && marker.source != MarkerSource::Prose {
            stated_done += 1;
        }
        let entry = PlanUnit {
            unit: masked(unit.name),
            status,
            range: unit.range.map(masked),
            line: line(marker.span.start()),
        };
        // Work left, listed once: `Working on: **Task 3**` over the list row `Task 3 🚧` is
        // one unit under way, not two (docs/reader.md, "The same unit, written again").
        let first_listing = done || left.insert(crate::identity::unit_hash(&entry.unit) ^ crate::hash::small_key(status as u64), 0).is_none();
        match status {
            Status::Completed | Status::Skipped => completed.push(entry),
            _ if !first_listing => {}
            Status::Pending => pending.push(entry),
            Status::InProgress | Status::Blocked | Status::Failed => open.push(entry),
        }
    }

    // A plan not begun (no unit done, under way or to do, no work recorded, no status said
    // but "not started") lists its work as steps (`## Steps` over `1. **Data model.** …`).
    if completed.is_empty() && pending.is_empty() && open.is_empty() && !has_worked(doc) && stated::run_status(doc).is_none_or(|(s, _)| s == Status::Pending) {
        pending = plan_steps(doc, &owned, &mut line);
    }
    let written = next::written(doc);
    let next_action = next::next_action(doc, written, in_progress_at, resume_from.as_ref(), pending.first(), &open)
        .map(|n| NextAction { text: owned(&n.text), ..n });
    let state = status::UnitState {
        stated_done,
        pending: &pending,
        open: &open,
        latest_open_at,
        latest_under_way_at,
        latest_stuck_at,
        latest_done_at,
        worked: has_worked(doc) || completed.len() > stated_done,
    };
    // A written step the file records done, steps after it too, over no unit open or to do
    // (`## NÄCHSTER SCHRITT: orders_legacy droppen` over `| 7 | orders_legacy droppen | ✅
    // erledigt |`): no work left, which next-step-done reports; the run stands as its units do.
    let step_line = |w: crate::span::Span| doc.line_index().line_of(w.start()) as u32 + 1;
    let written_done = written.is_some_and(|w| {
        pending.is_empty() && open.is_empty() && next_action.as_ref().is_some_and(|n| n.source == NextActionSource::NextStep && n.line == step_line(w)) && done_steps::DoneSteps::of(doc).names_done(w, 1)
    });
    let written = written.filter(|_| !written_done);
    let next_action = next_action.filter(|_| !written_done);
    // A JSON file's recorded next step is its written one (a journal's last `Next: …`).
    let status = status::run_status(doc, &state, next_action.as_ref(), written.or_else(|| next::recorded(doc).map(|n| n.span)));
    // A finished run's state section that says it is finished (`## Status: Complete ✅` over
    // `All 23 issues are fixed and verified`) is no action; a handover it writes is (`Ready
    // for user testing: npm run dev`).
    // Or whose section states it done on its heading (`## Статус: завершено ✅` over `Все 14
    // пайплайнов переехали`): its text tells what was done.
    let section_done = |n: &NextAction| {
        let Some(at) = doc.line_index().line_start(n.line.saturating_sub(1) as usize) else { return false };
        doc.section_at(at).is_some_and(|i| doc.sections()[i].heading.start() < at && matches!(stated::section_status(doc, i), Some((Status::Completed, _))))
    };
    let restates_done = |n: &NextAction| crate::lexicon::status_within(&crate::case::to_lower(&n.text)) == Some(Status::Completed) || section_done(n);
    // Nor is a block the file lists beside a claim, newer, that the whole run is done
    // (`状态：**已完成**` over a `## 阻塞项` box left open): the open list keeps it.
    // Nor is a unit left under way that a newer claim of the whole run done leaves stale.
    let next_action = next_action.filter(|n| !(status == RunStatus::Complete && (n.source == NextActionSource::CurrentState && restates_done(n) || matches!(n.source, NextActionSource::Blocked | NextActionSource::StopPoint))));
    if let Some(next) = next_action.as_ref().filter(|n| n.source == NextActionSource::NextStep) {
        let named = named_units(&next.text, next.line, [&completed, &pending, &open]);
        pending.extend(named);
    }
    // A single-task file in progress that names no unit in progress is about its task.
    let resume_from = match resume_from {
        Some(_) if status == RunStatus::Complete => None,
        None if matches!(status, RunStatus::InProgress | RunStatus::Blocked) && !open.iter().any(|u| u.status == Status::InProgress) => {
            subject::of_title(doc).map(|unit| ResumeFrom { unit: masked(unit), stopped_at: None, continue_at: None })
        }
        r => r,
    };

    let superseded = doc.decisions().iter().filter(|d| d.superseded_by.is_some()).count();
    let mut decisions = PlanDecisions {
        active: Vec::with_capacity(doc.decisions().len() - superseded),
        superseded: Vec::with_capacity(superseded),
    };
    for d in doc.decisions() {
        let text = owned(doc.text(d.text));
        match d.superseded_by {
            None => decisions.active.push(ActiveDecision { id: d.id.clone(), text, line: line(d.text.start()) }),
            Some(by) => decisions.superseded.push(SupersededDecision {
                id: d.id.clone(),
                by: doc.decisions()[by].id.clone(),
                text,
                line: line(d.text.start()),
            }),
        }
    }
    recorded_decisions(doc, &mut decisions, owned);

    let conflicts = diagnostics
        .iter()
        .filter(|d| d.rule == Rule::ConflictingDecisions)
        .map(|d| PlanConflict { message: d.message.clone(), line: d.line })
        .collect();

    Plan {
        status,
        next_action,
        resume_from,
        completed,
        pending,
        open,
        decisions,
        conflicts,
        diagnostics,
        last_updated: doc.last_updated().map(|t| t.to_string()),
    }
}

/// The units a next step names by their ids ([`crate::identity::work_ids`]) that the plan
/// does not list already: `A020-A022: Promptfoo eval config, test cases, CI integration`
/// plans three units, `Begin WS-31/WS-32` two. Each is pending, by its id, on the step's
/// line (docs/plan.md, "Units").
fn named_units(step: &str, line: u32, listed: [&[PlanUnit]; 3]) -> Vec<PlanUnit> {
    let ids = crate::identity::work_ids(step);
    if ids.is_empty() {
        return Vec::new();
    }
    // The names the plan lists, lower-cased once, and those named here as they are added.
    let mut known: Vec<String> = listed.iter().flat_map(|units| units.iter()).map(|u| crate::case::to_lower(&u.unit)).collect();
    let mut out: Vec<PlanUnit> = Vec::new();
    for name in ids.iter().flat_map(|id| id.names()) {
        let key = crate::case::to_lower(&name);
        if known.iter().any(|k| crate::identity::find_words(k, &key).is_some()) {
            continue;
        }
        known.push(key);
        out.push(PlanUnit { unit: name, status: Status::Pending, range: None, line });
    }
    out
}

/// The numbered steps of a plan's `## Steps` (or `## Plan`, `## Implementation plan`), to do,
/// each named by its bold lead when it opens with one (`1. **Data model.** Migration …`),
/// as `owned` writes it (secrets masked), on its `line`.
fn plan_steps(doc: &Document, owned: &dyn Fn(&str) -> String, line: &mut dyn FnMut(usize) -> u32) -> Vec<PlanUnit> {
    let titled = |i: usize| {
        let t = crate::parse::normalize_title(doc.text(doc.sections()[i].title));
        ["steps", "plan", "implementation plan", "implementation steps", "work plan"].contains(&t.as_str())
    };
    let Some(section) = (0..doc.sections().len()).find(|&i| titled(i)) else { return Vec::new() };
    let body = doc.sections()[section].body;
    let items = doc.items_within(body).iter().filter(|i| i.section == Some(section) && i.depth == 1 && matches!(i.bullet, '.' | ')'));
    let name = |i: &crate::document::Item| {
        let first = doc.text(crate::span::first_line(doc.source(), i.text));
        let lead = first.strip_prefix("**").and_then(|t| t.split_once("**")).map(|(lead, _)| lead.trim_end_matches(['.', ':', ' ']));
        owned(lead.filter(|l| !l.is_empty()).unwrap_or(first))
    };
    items.map(|i| PlanUnit { unit: name(i), status: Status::Pending, range: None, line: line(i.span.start()) }).collect()
}

/// Whether the file records work already done, besides its progress markers: log entries,
/// memory rows, sections dated as sessions (`## Session 52: 2025-12-10`, a session log kept
/// as headings), or, in a free-text progress log, paragraphs opening with a date
/// (`[Session 1 — Initializer — 2026-02-22]`). A file of pending units and empty sections
/// has not started; elsewhere a dated paragraph may be a "Last updated" line.
fn has_worked(doc: &Document) -> bool {
    !doc.entries().is_empty()
        || !doc.records().is_empty()
        || doc.sections().iter().any(|s| s.timestamp.is_some())
        || (doc.dialect() == Dialect::ProgressLog && (!doc.stamps().is_empty() || timed_lines(doc) >= 2))
}

/// The lines of a log kept by the time of day only (`09:14  Started.`, `17:55  Stopping
/// here.`), up to two: a day's sitting written as it went.
fn timed_lines(doc: &Document) -> usize {
    crate::code::lines_outside_code(doc).filter(|(_, _, l)| crate::parse::opens_with_time_of_day(l)).take(2).count()
}

/// A unit as the plan names it: PENDING siblings written short (`orders/batch_4/, batch_5/`)
/// get the first unit's folder (`orders/batch_5/`).
struct NamedUnit {
    name: String,
    range: Option<String>,
    stopped_at: Option<String>,
}

impl NamedUnit {
    fn of(doc: &Document, marker: &ProgressMarker, unit: &Unit) -> NamedUnit {
        let written = doc.text(unit.name);
        let name = match marker.units.first().map(|u| doc.text(u.name)) {
            Some(first) if first != written => expand_sibling(first, written),
            _ => display_name(written),
        };
        // A JSON unit's id goes before its name (`COD-11-001: Move JWT_SECRET to …`).
        let name = match marker.id.map(|id| doc.text(id)) {
            Some(id) if !name.contains(id) => format!("{id}: {name}"),
            _ => name,
        };
        NamedUnit {
            range: unit.range.map(|r| doc.text(r.span).to_owned()),
            stopped_at: unit.stopped_at.map(|s| doc.text(s).to_owned()),
            name,
        }
    }
}

fn clean_unit(name: &str) -> &str {
    // Most names open and end with a letter, a digit or a slash: nothing to trim, seen on
    // the two end bytes without decoding characters from both ends three times.
    let plain = |c: &u8| c.is_ascii_alphanumeric() || *c == b'/';
    if name.as_bytes().first().is_some_and(plain) && name.as_bytes().last().is_some_and(plain) {
        return name;
    }
    crate::text::unwrapped(name)
}

/// A unit's name as the plan shows it: markup around it dropped, and a bold lead unwrapped
/// (`**Issues archived** for the legacy repo:` → `Issues archived for the legacy repo:`), as
/// checklists often bold the first words of an item. A code lead stays code (`` `sync` with
/// dry-run ``, `` `init`, `list` ``): it names a command or a file.
fn display_name(written: &str) -> String {
    let name = written.trim();
    let mark_len = name.len() - name.trim_start_matches(['*', '_']).len();
    let (mark, rest) = name.split_at(mark_len);
    // No mark, nothing to unwrap (and no searcher set up for an empty one).
    let close = if mark.is_empty() { None } else { rest.find(mark) };
    match close {
        Some(close) if close > 0 && close + mark.len() < rest.len() => {
            let after = &rest[close + mark.len()..];
            format!("{}{}", rest[..close].trim(), after.trim_end()).trim().to_owned()
        }
        _ => clean_unit(written).to_owned(),
    }
}

/// `orders/batch_4/` + `batch_5/` → `orders/batch_5/` when the short name looks like a
/// sibling (same leading letters as the first unit's last segment).
fn expand_sibling(first: &str, other: &str) -> String {
    let (first, other) = (clean_unit(first), clean_unit(other));
    let first_trim = first.trim_end_matches('/');
    let other_trim = other.trim_end_matches('/');
    if other_trim.contains('/') {
        return other.to_owned();
    }
    let Some(slash) = first_trim.rfind('/') else { return other.to_owned() };
    let (parent, last) = (&first_trim[..=slash], &first_trim[slash + 1..]);
    let stem = |s: &str| s.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned();
    if !stem(last).is_empty() && stem(last) == stem(other_trim) {
        format!("{parent}{other}")
    } else {
        other.to_owned()
    }
}

/// The item after a stop point that ends in a numbered item: its last run of digits plus
/// one, padding kept ("094" → "095", "rule 17" → "rule 18", "file_099.json" →
/// "file_100.json"); a range names its last item ("files 092-094" → "files 095"). `None`
/// when the last word has no digits ("config change", "step 3 of the migration").
pub fn next_item(stopped_at: &str) -> Option<String> {
    let t = stopped_at.trim_end();
    // A stop point told in a sentence (`need to add the column in 004_due_date.sql`) is
    // resumed as written: no item follows it by number.
    if t.split_whitespace().nth(3).is_some() {
        return None;
    }
    let word_start = t.rfind(char::is_whitespace).map_or(0, |i| i + t[i..].chars().next().map_or(1, char::len_utf8));
    let (lead, word) = t.split_at(word_start);
    let bytes = word.as_bytes();
    let end = bytes.iter().rposition(u8::is_ascii_digit)? + 1;
    let start = bytes[..end].iter().rposition(|b| !b.is_ascii_digit()).map_or(0, |i| i + 1);
    let digits = &word[start..end];
    // After the number, a file's extension at most (`file_009.json`; not `004_due_date.sql`).
    let after = &word[end..];
    if !(after.is_empty() || after.starts_with('.') && after.len() <= 6) {
        return None;
    }
    let mut out: Vec<u8> = digits.bytes().collect();
    let mut i = out.len();
    loop {
        if i == 0 {
            out.insert(0, b'1');
            break;
        }
        i -= 1;
        if out[i] == b'9' {
            out[i] = b'0';
        } else {
            out[i] += 1;
            break;
        }
    }
    let next = String::from_utf8(out).ok()?;
    // `092-094`: digits, a dash, the digits incremented, and nothing else.
    let range_end = word[..start].strip_suffix(['-', '–']).is_some_and(|first| !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()));
    if range_end && end == word.len() {
        return Some(format!("{lead}{next}"));
    }
    Some(format!("{lead}{}{}{}", &word[..start], next, &word[end..]))
}

/// Decisions a JSON file records in fields or as rows, into `out`: binding, with nothing
/// superseding them. Their id is their line (`L12`, `L12#2` for a second one on the line).
fn recorded_decisions(doc: &Document, out: &mut PlanDecisions, text_of: impl Fn(&str) -> String) {
    let mut last_line = (0, 0);
    for d in doc.json_state().decisions.iter().filter(|d| !d.text.trim().is_empty()) {
        let line = doc.line_index().line_of(d.span.start()) as u32 + 1;
        last_line = if last_line.0 == line { (line, last_line.1 + 1) } else { (line, 1) };
        let id = if last_line.1 == 1 { format!("L{line}") } else { format!("L{line}#{}", last_line.1) };
        out.active.push(ActiveDecision { id, text: text_of(&d.text), line });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_unwrap_a_bold_lead() {
        assert_eq!(display_name("**Issues archived** for the legacy repo:"), "Issues archived for the legacy repo:");
        assert_eq!(display_name("`orders/batch_1/`"), "orders/batch_1/");
        assert_eq!(display_name("**Wait 30+ days.** Don't rush."), "Wait 30+ days. Don't rush.");
        assert_eq!(display_name("plain name"), "plain name");
        assert_eq!(display_name("**"), "");
    }

    #[test]
    fn next_item_keeps_padding() {
        assert_eq!(next_item("094").as_deref(), Some("095"));
        assert_eq!(next_item("099").as_deref(), Some("100"));
        assert_eq!(next_item("999").as_deref(), Some("1000"));
        assert_eq!(next_item("file_009.json").as_deref(), Some("file_010.json"));
        assert_eq!(next_item("abc"), None);
        // Issue 11: whole stop points; a number ends the last word, or none is computed.
        assert_eq!(next_item("rule 17").as_deref(), Some("rule 18"));
        assert_eq!(next_item("files 092-094").as_deref(), Some("files 095"));
        assert_eq!(next_item("092–094").as_deref(), Some("095"));
        assert_eq!(next_item("config change"), None);
        assert_eq!(next_item("step 3 of the migration"), None);
        assert_eq!(next_item("need to add the column in migrations/004_due_date.sql"), None);
        assert_eq!(next_item("004_due_date.sql"), None);
    }

    #[test]
    fn siblings_get_the_first_units_folder() {
        assert_eq!(expand_sibling("orders/batch_4/", "batch_5/"), "orders/batch_5/");
        assert_eq!(expand_sibling("orders/batch_4/", "reports/"), "reports/");
        assert_eq!(expand_sibling("batch_4", "batch_5"), "batch_5");
    }
}
