//! timestamp-assumed-utc, timestamp-out-of-order, future-timestamp, stale-memory,
//! entry-after-completion.
//!
//! - timestamp-out-of-order: within one log (an append-only section, or any section of a
//!   free-form log holding three or more dated items), and among dated sibling headings
//!   (`## Session 52: 2025-12-10`), an entry earlier than the one before it. A checkpoint
//!   log is appended, so oldest first; other files are read in the direction most of their
//!   entries follow (many logs are newest first). Dates and times compare at the coarser
//!   precision.
//! - future-timestamp: later than `now`, with slack for clocks and zones: 5 minutes for a
//!   zoned time, 14 hours for a time without zone or a bare date.
//! - stale-memory: the newest timestamp is more than `stale_after_days` before `now`
//!   (not for a completed task: its file is an archive).

use super::current_state::later;
use super::Ctx;
use crate::diagnostic::TextEdit;
use crate::document::SectionRole;
use crate::rule::Rule;
use crate::span::Span;
use crate::time::{self, Precision, Timestamp, Zone};
use crate::Dialect;

/// A timestamp written somewhere in the document.
#[derive(Clone, Copy)]
struct Dated {
    ts: Timestamp,
    span: Span,
}

pub(super) fn check(cx: &mut Ctx) {
    let dated = collect(cx);
    if cx.on(Rule::TimestampAssumedUtc) {
        assumed_utc(cx, &dated);
    }
    if cx.on(Rule::TimestampOutOfOrder) {
        out_of_order(cx);
    }
    if let Some(now) = cx.options.now {
        if cx.on(Rule::FutureTimestamp) {
            future(cx, &dated, now);
        }
        if cx.on(Rule::StaleMemory) {
            stale(cx, &dated, now);
        }
    }
    if cx.on(Rule::EntryAfterCompletion) {
        after_completion(cx);
    }
}

/// Every written timestamp: entries, paragraph dates, dated headings, rows, the front
/// matter's date of the file.
fn collect(cx: &Ctx) -> Vec<Dated> {
    let doc = cx.doc;
    let mut out: Vec<Dated> = Vec::with_capacity(doc.entries().len() + doc.stamps().len());
    out.extend(doc.entries().iter().map(|e| Dated { ts: e.timestamp, span: e.timestamp_span }));
    out.extend(doc.stamps().iter().map(|s| Dated { ts: s.timestamp, span: s.span }));
    for s in doc.sections() {
        if s.timestamp.is_some() {
            if let Some((ts, r)) = time::find(doc.text(s.title)) {
                out.push(Dated { ts, span: Span::new(s.title.start() + r.start, s.title.start() + r.end) });
            }
        }
    }
    for r in doc.records() {
        for ts in [r.created_at, r.updated_at, r.last_accessed_at].into_iter().flatten() {
            out.push(Dated { ts, span: crate::span::first_line(doc.source(), r.span) });
        }
    }
    if let Some((ts, span)) = doc.agent.front_matter.as_ref().and_then(|f| f.date(doc.source())) {
        out.push(Dated { ts, span });
    }
    out
}

fn assumed_utc(cx: &mut Ctx, dated: &[Dated]) {
    for d in dated {
        if d.ts.style.zone != Zone::Unspecified || d.ts.style.precision == Precision::Date {
            continue;
        }
        if cx.doc.dialect() == Dialect::MemoryStore || !cx.doc.records().is_empty() {
            continue; // JSON values: the span is the row, not the timestamp.
        }
        let written = cx.doc.text(d.span);
        let suffix = if d.ts.style.separator == 'T' { "Z" } else { " UTC" };
        let diag = cx
            .diag(Rule::TimestampAssumedUtc, d.span, format!("`{written}` has no time zone; read as UTC"))
            .with_help(format!("write the zone to make it explicit: `{written}{suffix}` (or an offset such as `+02:00`)"))
            .with_fix(vec![TextEdit::insert(d.span.end(), suffix)]);
        cx.push(diag);
    }
}

fn out_of_order(cx: &mut Ctx) {
    let doc = cx.doc;
    let append = doc.dialect() == Dialect::CheckpointLog;
    // Entries grouped by their innermost section, in file order.
    let mut groups: Vec<Vec<Dated>> = vec![Vec::new(); doc.sections().len()];
    for e in doc.entries() {
        let item = doc.item(e.item);
        if let Some(s) = item.section {
            groups[s].push(Dated { ts: e.timestamp, span: e.timestamp_span });
        }
    }
    for (s, group) in groups.iter().enumerate() {
        let role = doc.sections()[s].role;
        let log = role.is_append_only() || group.len() >= 3 && doc.dialect() != Dialect::SessionNotes;
        if log && group.len() >= 2 {
            report_order(cx, group, append || role.is_append_only() && doc.dialect() == Dialect::SessionNotes, "entry");
        }
    }
    // Dated sibling headings: one log of sessions.
    // (parent, level) → index into `siblings`, the parent + 1 and the level in one key.
    let mut by_parent: crate::hash::KeyMap<usize> = Default::default();
    let mut siblings: Vec<Vec<Dated>> = Vec::new();
    let lone_state = super::sittings::lone_state_section(doc);
    for (i, s) in doc.sections().iter().enumerate() {
        if let Some(ts) = s.timestamp.filter(|_| Some(i) != lone_state) {
            if let Some((_, r)) = time::find(doc.text(s.title)) {
                let span = Span::new(s.title.start() + r.start, s.title.start() + r.end);
                let parent = s.parent.map_or(0, |p| p as u64 + 1);
                let at = *by_parent.entry(crate::hash::small_key(parent << 8 | u64::from(s.level))).or_insert(siblings.len());
                if at == siblings.len() {
                    siblings.push(Vec::new());
                }
                siblings[at].push(Dated { ts, span });
            }
        }
    }
    let mut heading_logs: Vec<Vec<Dated>> = siblings.into_iter().filter(|g| g.len() >= 3).collect();
    crate::sort::sort_by_key(&mut heading_logs, |g| [g[0].span.start() as u64, 0, 0]);
    for g in heading_logs {
        report_order(cx, &g, false, "section");
    }
}

fn report_order(cx: &mut Ctx, group: &[Dated], oldest_first: bool, what: &str) {
    let (mut up, mut down) = (0, 0);
    for w in group.windows(2) {
        if later(w[1].ts, w[0].ts) {
            up += 1;
        } else if later(w[0].ts, w[1].ts) {
            down += 1;
        }
    }
    // On a tie, the way the whole file runs (`Document::newest_first`).
    let ascending = oldest_first || up > down || up == down && !cx.doc.newest_first();
    let wrong = |k: usize| if ascending { later(group[k].ts, group[k + 1].ts) } else { later(group[k + 1].ts, group[k].ts) };
    let order = if ascending { "earlier" } else { "later" };
    let help = if ascending {
        "this log is appended oldest first: add new entries at the end with the current time, and never backdate"
    } else {
        "this log is kept newest first: put new entries at the top"
    };
    let mut k = 0;
    while k + 1 < group.len() {
        if !wrong(k) {
            k += 1;
            continue;
        }
        // A run of steps back in time is a block kept the other way round: said once, at
        // its first step, with where it ends.
        let run = (k..group.len() - 1).take_while(|&j| wrong(j)).count();
        let (prev, cur) = (group[k], group[k + 1]);
        let line = cx.line(prev.span.start());
        let (written, prev_written) = (cx.doc.text(cur.span), cx.doc.text(prev.span));
        let message = if run == 1 {
            format!("{what} dated `{written}` is {order} than the {what} before it (`{prev_written}`, line {line})")
        } else {
            let last = group[k + run];
            let other = if ascending { "newest first" } else { "oldest first" };
            let (last_line, last_written) = (cx.line(last.span.start()), cx.doc.text(last.span));
            format!(
                "{what}s from `{prev_written}` (line {line}) to `{last_written}` (line {last_line}) are kept {other}: {run} steps, each {order} than the {what} before it"
            )
        };
        let at = if run == 1 { cur.span } else { prev.span };
        let d = cx.diag(Rule::TimestampOutOfOrder, at, message).with_help(help);
        cx.push(d);
        k += run;
    }
}

fn future(cx: &mut Ctx, dated: &[Dated], now: Timestamp) {
    for d in dated {
        let slack = match (d.ts.style.precision, d.ts.style.zone) {
            (Precision::Date, _) | (_, Zone::Unspecified) => 14 * 3600,
            _ => 300,
        };
        // `**Target:** all jobs moved by 2027-01-31`: a date planned for, which may be ahead
        // (the words before it are read only for a date that is).
        let planned = || super::shape::names_a_deadline(&cx.doc.source()[crate::span::line_start(cx.doc.source(), d.span.start())..d.span.start()]);
        if d.ts.epoch_seconds > now.epoch_seconds + slack && !planned() {
            let shown = if cx.doc.records().is_empty() { cx.doc.text(d.span).to_owned() } else { d.ts.to_string() };
            let diag = cx
                .diag(Rule::FutureTimestamp, d.span, format!("`{}` is later than now ({now})", cx.quote(&shown, 40)))
                .with_help("a memory file records the past: check the clock or the date written here");
            cx.push(diag);
        }
    }
}

fn stale(cx: &mut Ctx, dated: &[Dated], now: Timestamp) {
    if cx.doc.completion().is_some() {
        return;
    }
    let Some(newest) = dated.iter().max_by_key(|d| (d.ts.epoch_seconds, std::cmp::Reverse(d.span.start()))) else { return };
    // A bare date counts until the end of its day.
    let end = newest.ts.epoch_seconds + if newest.ts.style.precision == Precision::Date { 86_399 } else { 0 };
    let limit = i64::from(cx.options.stale_after_days) * 86_400;
    let age = now.epoch_seconds - end;
    if age > limit {
        let days = age / 86_400;
        let d = cx
            .diag(Rule::StaleMemory, newest.span, format!("the newest timestamp here ({}) is {days} days before now; this memory may be out of date", newest.ts))
            .with_help(format!("verify it against the repository before relying on it (stale after {} days), then refresh the current state and next step", cx.options.stale_after_days));
        cx.push(d);
    }
}

fn after_completion(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some(c) = doc.completion() else { return };
    let section = &doc.sections()[c.section];
    let heading_end = section.heading.end();
    let done = c.timestamp;
    let mut entry_time = vec![None; doc.items().len()];
    for e in doc.entries() {
        entry_time[e.item] = Some(e.timestamp);
    }
    for (i, item) in doc.items().iter().enumerate() {
        if item.depth != 1 {
            continue;
        }
        let after = item.span.start() > heading_end && !doc.text(item.text).starts_with("Final status");
        let dated_after = !after && done.zip(entry_time[i]).is_some_and(|(d, t)| later(t, d));
        if after || dated_after && section_role_appends(doc, item.section) {
            let line = cx.line(section.heading.start());
            let why = if after { "below" } else { "dated after" };
            let d = cx
                .diag(Rule::EntryAfterCompletion, item.text, format!("entry {why} TASK COMPLETE (line {line}): \"{}\"", cx.quote(doc.text(item.text), 60)))
                .with_help("the task is complete; to continue it, remove the TASK COMPLETE block first, or start a new memory file");
            cx.push(d);
        }
    }
    for s in doc.sections() {
        if s.heading.start() >= section.span.end() && s.role != SectionRole::Completion {
            let line = cx.line(section.heading.start());
            let d = cx
                .diag(Rule::EntryAfterCompletion, s.heading, format!("section `{}` after TASK COMPLETE (line {line})", super::title_of(doc, s)))
                .with_help("the task is complete; to continue it, remove the TASK COMPLETE block first, or start a new memory file");
            cx.push(d);
        }
    }
}

fn section_role_appends(doc: &crate::Document, section: Option<usize>) -> bool {
    section.is_some_and(|s| doc.sections()[s].role != SectionRole::Completion)
}
