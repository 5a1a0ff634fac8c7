//! The resume plan (SPEC §4): where a run stands and exactly where the next session starts.
//!
//! Serde field names are the JSON the CLI prints (`plan --json`): keep them as written.

use crate::check::{check, CheckOptions};
use crate::diagnostic::Diagnostic;
use crate::rule::Rule;
use crate::document::{Document, FieldText, ProgressMarker, SectionRole, Status, Unit};
use crate::Dialect;
use crate::span::Span;
use crate::text::one_line;
use serde::Serialize;

/// Where the run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunStatus {
    NotStarted,
    InProgress,
    Blocked,
    Complete,
}

/// Where the next action was read from, in the order the plan looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextActionSource {
    /// The Next Session Start (or Next Steps) section.
    NextStep,
    /// The IN_PROGRESS unit's stop point.
    StopPoint,
    /// The first PENDING unit.
    Pending,
    /// Current State (session notes) or the current-focus section.
    CurrentState,
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

/// The resume plan of one document, with the check's findings (SPEC §4).
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
    let mut in_progress_at = None;
    for (m, u) in units {
        let marker = &doc.progress()[m as usize];
        let Some(status) = marker.status else { continue };
        let unit = NamedUnit::of(doc, marker, &marker.units[u as usize]);
        if status == Status::InProgress && resume_from.is_none() {
            in_progress_at = Some(marker.span.start());
            resume_from = Some(ResumeFrom {
                unit: masked(unit.name.clone()),
                continue_at: unit.stopped_at.as_deref().and_then(next_item).map(masked),
                stopped_at: unit.stopped_at.map(masked),
            });
        }
        let entry = PlanUnit {
            unit: masked(unit.name),
            status,
            range: unit.range.map(masked),
            line: line(marker.span.start()),
        };
        match status {
            Status::Completed | Status::Skipped => completed.push(entry),
            Status::Pending => pending.push(entry),
            Status::InProgress | Status::Blocked | Status::Failed => open.push(entry),
        }
    }

    let next_action = next_action(doc, in_progress_at, resume_from.as_ref(), pending.first())
        .map(|n| NextAction { text: owned(&n.text), ..n });

    let status = if doc.completion().is_some() {
        RunStatus::Complete
    } else if !open.iter().any(|u| u.status == Status::InProgress)
        && open.iter().any(|u| matches!(u.status, Status::Blocked | Status::Failed))
        && pending.is_empty()
    {
        RunStatus::Blocked
    } else if !completed.is_empty() && pending.is_empty() && open.is_empty() {
        RunStatus::Complete
    } else if completed.is_empty() && open.is_empty() && !has_worked(doc) && next_action.as_ref().is_none_or(|n| n.source == NextActionSource::Pending) {
        RunStatus::NotStarted
    } else {
        RunStatus::InProgress
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
    decisions.active.extend(recorded_decisions(doc).map(|d| ActiveDecision { text: owned(&d.text), ..d }));

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

/// Whether the file records work already done, besides its progress markers: log entries,
/// memory rows, sections dated as sessions (`## Session 52: 2025-12-10`, a session log kept
/// as headings), or, in a free-text progress log, paragraphs opening with a date
/// (`[Session 1 — Initializer — 2026-02-22]`). A file of pending units and empty sections
/// has not started; elsewhere a dated paragraph may be a "Last updated" line.
fn has_worked(doc: &Document) -> bool {
    !doc.entries().is_empty()
        || !doc.records().is_empty()
        || doc.sections().iter().any(|s| s.timestamp.is_some())
        || (doc.dialect() == Dialect::ProgressLog && !doc.stamps().is_empty())
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
    name.trim().trim_matches(|c: char| c == '*' || c == '`' || c == '_').trim()
}

/// A unit's name as the plan shows it: markup around it dropped, and a bold or code lead
/// unwrapped (`**Issues archived** for the legacy repo:` → `Issues archived for the legacy
/// repo:`), as checklists often bold the first words of an item.
fn display_name(written: &str) -> String {
    let name = written.trim();
    let mark_len = name.len() - name.trim_start_matches(['*', '_', '`']).len();
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
    let word_start = t.rfind(char::is_whitespace).map_or(0, |i| i + t[i..].chars().next().map_or(1, char::len_utf8));
    let (lead, word) = t.split_at(word_start);
    let bytes = word.as_bytes();
    let end = bytes.iter().rposition(u8::is_ascii_digit)? + 1;
    let start = bytes[..end].iter().rposition(|b| !b.is_ascii_digit()).map_or(0, |i| i + 1);
    let digits = &word[start..end];
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

fn next_action(
    doc: &Document,
    in_progress_at: Option<usize>,
    resume: Option<&ResumeFrom>,
    first_pending: Option<&PlanUnit>,
) -> Option<NextAction> {
    let line = |offset: usize| doc.line_index().line_of(offset) as u32 + 1;
    if let Some(next) = doc.next_step() {
        let text = doc.text(next.text).trim();
        if !text.is_empty() {
            return Some(NextAction { text: text.to_owned(), source: NextActionSource::NextStep, line: line(next.text.start()) });
        }
    }
    if let Some(next) = recorded_next(doc) {
        return Some(NextAction { text: one_line(&next.text), source: NextActionSource::NextStep, line: line(next.span.start()) });
    }
    if let (Some(at), Some(resume)) = (in_progress_at, resume) {
        let text = match (&resume.continue_at, &resume.stopped_at) {
            (Some(next), Some(stop)) => format!("Continue {} at {next} (stopped at {stop})", resume.unit),
            _ => format!("Continue {}", resume.unit),
        };
        return Some(NextAction { text, source: NextActionSource::StopPoint, line: line(at) });
    }
    if let Some(p) = first_pending {
        return Some(NextAction { text: format!("Start {}", p.unit), source: NextActionSource::Pending, line: p.line });
    }
    let state = doc.sections().iter().find(|s| s.role == SectionRole::CurrentState);
    if let Some(body) = state.and_then(|s| state_text(doc, s.body, s.description)) {
        return Some(NextAction { text: doc.text(body).trim().to_owned(), source: NextActionSource::CurrentState, line: line(body.start()) });
    }
    let labelled = labelled_next(doc)?;
    Some(NextAction { text: one_line(doc.text(labelled)), source: NextActionSource::CurrentState, line: line(labelled.start()) })
}

/// The next action a JSON file records in a field (`next_actions` of its latest row, a
/// state object's `next_steps`): as exact as a Next Session Start.
fn recorded_next(doc: &Document) -> Option<&FieldText> {
    doc.json_state().next.as_ref().filter(|n| !n.text.trim().is_empty())
}

/// Decisions a JSON file records in fields or as rows: binding, with nothing superseding
/// them. Their id is their line (`L12`, `L12#2` for a second one on the line).
fn recorded_decisions(doc: &Document) -> impl Iterator<Item = ActiveDecision> + '_ {
    let mut last_line = (0, 0);
    doc.json_state().decisions.iter().filter(|d| !d.text.trim().is_empty()).map(move |d| {
        let line = doc.line_index().line_of(d.span.start()) as u32 + 1;
        last_line = if last_line.0 == line { (line, last_line.1 + 1) } else { (line, 1) };
        let id = if last_line.1 == 1 { format!("L{line}") } else { format!("L{line}#{}", last_line.1) };
        ActiveDecision { id, text: d.text.clone(), line }
    })
}

/// The labels a free-text progress log writes its next step under, lower case.
const NEXT_LABELS: [&str; 6] = ["next:", "next steps:", "next step:", "next session:", "next action:", "next up:"];

/// A free-text progress log's own next step (claude-progress.txt): the text after its latest
/// `NEXT:` / `Next steps:` label, on the label's line or in the lines below it up to a blank
/// line or a rule. Latest is the last label in a log kept oldest first, the first in one kept
/// newest first (its dated paragraphs go back in time).
fn labelled_next(doc: &Document) -> Option<Span> {
    if doc.dialect() != Dialect::ProgressLog {
        return None;
    }
    let text = doc.source();
    let starts = doc.line_index().starts();
    let line_at = |i: usize| {
        let start = starts[i];
        let end = starts.get(i + 1).map_or(text.len(), |&next| next);
        (start, text[start..end].trim_end())
    };
    let mut found = Vec::new();
    for i in 0..starts.len() {
        let (start, line) = line_at(i);
        let lead = line.len() - line.trim_start().len();
        let body = &line[lead..];
        let Some(label) = NEXT_LABELS.iter().find(|l| body.get(..l.len()).is_some_and(|b| b.eq_ignore_ascii_case(l))) else { continue };
        let after = &body[label.len()..];
        if !after.trim().is_empty() {
            let from = start + lead + label.len() + (after.len() - after.trim_start().len());
            found.push(Span::new(from, start + line.len()));
            continue;
        }
        // The block below the label; of a list, its first item.
        let (mut first, mut last) = (None, None);
        for j in i + 1..starts.len() {
            let (s, l) = line_at(j);
            let item = l.trim_start();
            if item.is_empty() || is_rule_line(l) {
                break;
            }
            let marker = list_marker(item);
            if marker > 0 && first.is_some() {
                break;
            }
            first.get_or_insert(s + (l.len() - item.len()) + marker);
            last = Some(s + l.len());
        }
        if let (Some(first), Some(last)) = (first, last) {
            found.push(Span::new(first, last));
        }
    }
    let stamps = doc.stamps();
    let newest_first = stamps.len() > 1 && stamps[0].timestamp.epoch_seconds > stamps[stamps.len() - 1].timestamp.epoch_seconds;
    if newest_first { found.first().copied() } else { found.last().copied() }
}

/// The length of a list marker opening `line` (`- `, `* `, `+ `, `1. `, `1) `), 0 without one.
fn list_marker(line: &str) -> usize {
    let b = line.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let marker = match b.get(digits) {
        Some(b'-' | b'*' | b'+') if digits == 0 => 1,
        Some(b'.' | b')') if digits > 0 => digits + 1,
        _ => return 0,
    };
    if b.get(marker) == Some(&b' ') { marker + 1 } else { 0 }
}

/// The first non-empty paragraph of a state section, after its italic description and any
/// rule lines under the heading (`## Current Status` over `-----------------`, as plain-text
/// progress logs underline their headings).
fn state_text(doc: &Document, body: Span, description: Option<Span>) -> Option<Span> {
    let mut start = description.map_or(body.start(), |d| d.end().max(body.start()));
    loop {
        let text = doc.text(Span::new(start, body.end()));
        let lead = text.len() - text.trim_start().len();
        let line = text[lead..].split('\n').next().unwrap_or("");
        if !is_rule_line(line) {
            break;
        }
        start += lead + line.len();
    }
    let text = doc.text(Span::new(start, body.end()));
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    let para_end = rest.find("\n\n").or_else(|| rest.find("\r\n\r\n")).unwrap_or(rest.len());
    let para = rest[..para_end].trim_end();
    (!para.is_empty() && !para.starts_with('#')).then(|| Span::new(start + lead, start + lead + para.len()))
}

/// A line of one repeated `-`, `=`, `*` or `_` (three or more, spaces allowed): a thematic
/// break or an underline, never content.
fn is_rule_line(line: &str) -> bool {
    let line = line.trim();
    let mut chars = line.chars().filter(|c| *c != ' ');
    let Some(first) = chars.next() else { return false };
    matches!(first, '-' | '=' | '*' | '_') && chars.clone().count() >= 2 && chars.all(|c| c == first)
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
    }

    #[test]
    fn siblings_get_the_first_units_folder() {
        assert_eq!(expand_sibling("orders/batch_4/", "batch_5/"), "orders/batch_5/");
        assert_eq!(expand_sibling("orders/batch_4/", "reports/"), "reports/");
        assert_eq!(expand_sibling("batch_4", "batch_5"), "batch_5");
    }
}
