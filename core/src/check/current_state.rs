//! stale-current-state: session notes whose Current State is empty, or dated before the
//! newest Worklog entry (the notes rules say Current State is refreshed at every update).
//! A Current State without any date cannot be compared and only the empty case applies.

use super::Ctx;
use crate::document::{Section, SectionRole};
use crate::rule::Rule;
use crate::span::Span;
use crate::time::{self, Timestamp};
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
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

/// A section's content below its italic description.
fn content_of(s: &Section) -> Span {
    let start = s.description.map_or(s.body.start(), |d| d.end()).min(s.span.end());
    Span::new(start, s.span.end())
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
