//! The run as a picture, written as markup: the file's stacked bar (done · in progress ·
//! blocked · pending), a bar per unit across its range of items, and the timeline of its
//! checkpoints as inline SVG. The card sets this markup as the inner HTML of its picture
//! element and the HTML export writes the same: one drawing for both. Every text of the
//! file in it goes through [`escape`]; the rest is numbers and fixed words.
//!
//! Strings rather than one element per shape: a log of thousands of entries is drawn in one
//! parse by the browser, and the dashboard's size budget (bench/README.md) has no room for a typed
//! view per shape.

use crate::export::escape;
use crate::model::{Mark, Summary, UnitRow};
use memento_core::time::{Timestamp, TimestampStyle};
use std::fmt::Write;

/// The file's units as one bar, a `progressbar` with its values and a legend in words.
pub fn stacked_bar(s: &Summary, mini: bool) -> String {
    let parts = [("done", s.completed), ("in progress", s.in_progress), ("blocked", s.blocked), ("pending", s.pending)];
    let total: usize = parts.iter().map(|p| p.1).sum();
    if total == 0 {
        return String::new();
    }
    let words = parts.iter().map(|(what, n)| format!("{n} {what}")).collect::<Vec<_>>().join(" · ");
    let mut out = format!(
        "<div class=\"stack{}\" data-testid=\"stacked-bar\" role=\"progressbar\" aria-label=\"Units done\" aria-valuemin=\"0\" \
         aria-valuemax=\"{total}\" aria-valuenow=\"{}\" aria-valuetext=\"{words}\">",
        if mini { " mini" } else { "" },
        s.completed
    );
    for (what, n) in parts.iter().filter(|p| p.1 > 0) {
        let _ = write!(out, "<span class=\"seg\" data-part=\"{what}\" style=\"width:{}%\"></span>", Fixed(*n as f64 * 100.0 / total as f64));
    }
    out.push_str("</div>");
    if !mini {
        let _ = write!(out, "<p class=\"legend\" data-testid=\"bar-legend\">{words}</p>");
    }
    out
}

/// Where the units' items lie on one scale: the lowest and highest item number of any range
/// and of the stop point.
#[derive(Clone, Copy)]
pub struct Scale {
    low: u64,
    high: u64,
}

impl Scale {
    /// The scale of these units' ranges, when any has numbered items.
    pub fn of(units: &[UnitRow], stop: Option<&(String, String, Option<String>)>) -> Option<Scale> {
        let ranges = units.iter().filter_map(|u| u.range.as_deref()).flat_map(|r| {
            let (start, end) = bounds(r);
            [start, end]
        });
        let mut all = ranges.chain([stop.and_then(|s| number(&s.1))]).flatten();
        let first = all.next()?;
        let (low, high) = all.fold((first, first), |(lo, hi), n| (lo.min(n), hi.max(n)));
        Some(Scale { low, high })
    }

    /// The left edge of item `n`, in percent of the width: an item takes one step, so that
    /// `001-001` is not a bar of no width.
    fn at(&self, n: u64) -> f64 {
        n.saturating_sub(self.low) as f64 * 100.0 / (self.high - self.low + 1) as f64
    }
}

/// The first and last item numbers of a range (`001-047`, `092-???`): `None` where it has
/// none or is open.
fn bounds(range: &str) -> (Option<u64>, Option<u64>) {
    match range.split_once(['-', '–', '—']) {
        Some((start, end)) => (number(start), number(end)),
        None => (number(range), number(range)),
    }
}

/// The last run of digits in `text` (`094` → 94, `file_099.json` → 99), up to 18 of them.
fn number(text: &str) -> Option<u64> {
    let end = text.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = text[..end].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
    let digits = &text[start..end];
    digits[digits.len().saturating_sub(18)..].parse().ok()
}

/// A unit's bar on the scale: its range filled; the open range of the unit in progress filled
/// to its stop point, with a caret there and the stop in words. Empty for a unit without a
/// numbered range.
pub fn unit_bar(unit: &UnitRow, scale: Scale, stop: Option<&(String, String, Option<String>)>) -> String {
    let (start, end) = unit.range.as_deref().map(bounds).unwrap_or((None, None));
    let Some(start) = start else { return String::new() };
    let stop = stop.filter(|s| s.0 == unit.unit);
    let end = end.or_else(|| stop.and_then(|s| number(&s.1))).unwrap_or(start).max(start);
    let (left, right) = (scale.at(start), scale.at(end + 1));
    let mut out = format!(
        "<span class=\"unit-bar\" aria-hidden=\"true\"><span class=\"fill\" data-status=\"{}\" style=\"left:{}%;width:{}%\"></span>",
        unit.status,
        Fixed(left),
        Fixed(right - left)
    );
    if stop.is_some() {
        let _ = write!(out, "<span class=\"caret\" style=\"left:{}%\"></span>", Fixed(right));
    }
    out.push_str("</span>");
    if let Some((_, at, next)) = stop {
        let next = next.as_ref().map(|n| format!(" → continue at {}", escape(n))).unwrap_or_default();
        let _ = write!(out, " <span class=\"caret-label\" data-testid=\"stop-label\">stopped at {}{next}</span>", escape(at));
    }
    out
}

/// Entries drawn one by one; above this, in bins.
const SINGLE_MARKS: usize = 300;
/// Bins across the axis for a long log.
const BINS: usize = 120;
const WIDTH: f64 = 1000.0;
const LANE: f64 = 20.0;
/// The lanes, top to bottom: kind, and what one and several of its entries are called.
const KINDS: [(&str, &str, &str); 5] = [
    ("decision", "decision", "decisions"),
    ("progress", "progress entry", "progress entries"),
    ("discovery", "discovery", "discoveries"),
    ("session", "session", "sessions"),
    ("note", "other entry", "other entries"),
];

/// `n` entries of `kind`, in words: `1 decision`, `4 decisions`.
fn count(n: usize, kind: &str) -> String {
    let (one, many) = KINDS.iter().find(|k| k.0 == kind).map_or(("entry", "entries"), |k| (k.1, k.2));
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Session bands drawn behind the marks, at most: a log of more sessions has none.
const MAX_BANDS: usize = 200;

/// The checkpoints on a time axis: one lane per kind of entry, a mark per entry (its text on
/// hover, its line in `data-line` for a click), or for a long log a bar per stretch of time
/// as tall as the entries in it. With `bands` (a progress log, kept session by session), one
/// band per session behind them, from its start to the next one's. Its label says the same in
/// words. Empty without dates.
pub fn timeline(marks: &[Mark], bands: bool) -> String {
    let (Some(first), Some(last)) = (marks.iter().map(|m| m.at).min(), marks.iter().map(|m| m.at).max()) else {
        return String::new();
    };
    let lanes: Vec<(&str, usize)> = KINDS.iter().map(|k| (k.0, marks.iter().filter(|m| m.kind == k.0).count())).filter(|l| l.1 > 0).collect();
    let lane = |kind: &str| lanes.iter().position(|l| l.0 == kind).unwrap_or(0) as f64 * LANE;
    let x = |at: i64| if last == first { WIDTH / 2.0 } else { 4.0 + (at - first) as f64 * (WIDTH - 8.0) / (last - first) as f64 };
    let height = LANE * lanes.len() as f64;
    let counts = lanes.iter().map(|&(kind, n)| count(n, kind)).collect::<Vec<_>>().join(", ");
    let mut out = String::with_capacity(256 + marks.len().min(SINGLE_MARKS) * 200);
    let _ = write!(
        out,
        "<svg role=\"img\" aria-label=\"Timeline of {} dated entries from {} to {}: {counts}\" viewBox=\"0 0 {} {}\" \
         preserveAspectRatio=\"none\" style=\"height:{}px\">",
        marks.len(),
        when(first),
        when(last),
        Fixed(WIDTH),
        Fixed(height),
        Fixed(height * 1.2)
    );
    for i in 0..lanes.len() {
        let _ = write!(out, "<rect class=\"lane\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\"></rect>", Fixed(i as f64 * LANE), Fixed(WIDTH), Fixed(LANE));
    }
    let sessions: Vec<&Mark> = if bands { marks.iter().filter(|m| m.kind == "session").collect() } else { Vec::new() };
    if sessions.len() <= MAX_BANDS {
        for (i, m) in sessions.iter().enumerate() {
            let end = sessions.get(i + 1).map_or(last, |n| n.at).max(m.at);
            let (from, to) = (x(m.at), if end == m.at { x(m.at) + 4.0 } else { x(end) });
            let _ = write!(
                out,
                "<rect class=\"band\" data-testid=\"session-band\" data-line=\"{}\" data-odd=\"{}\" x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\"><title>Session of {}: {} (line {})</title></rect>",
                m.line,
                i % 2,
                Fixed(from),
                Fixed((to - from).max(1.0)),
                Fixed(height),
                when(m.at),
                escape(&m.text),
                m.line
            );
        }
    }
    if marks.len() <= SINGLE_MARKS {
        for m in marks {
            let _ = write!(
                out,
                "<rect class=\"mark\" data-kind=\"{}\" data-line=\"{}\" x=\"{}\" y=\"{}\" width=\"4\" height=\"14\"><title>{} — {} (line {})</title></rect>",
                m.kind,
                m.line,
                Fixed(x(m.at) - 2.0),
                Fixed(lane(m.kind) + 3.0),
                when(m.at),
                escape(&m.text),
                m.line
            );
        }
    } else {
        let bins = bins(marks, first, last);
        let most = bins.iter().map(|b| b.count).max().unwrap_or(1);
        for b in bins {
            let tall = 4.0 + 12.0 * b.count as f64 / most as f64;
            let _ = write!(
                out,
                "<rect class=\"mark bin\" data-kind=\"{}\" data-line=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\">\
                 <title>{}, {} to {} (from line {})</title></rect>",
                b.kind,
                b.line,
                Fixed(b.index as f64 * WIDTH / BINS as f64),
                Fixed(lane(b.kind) + 17.0 - tall),
                Fixed(WIDTH / BINS as f64 - 1.0),
                Fixed(tall),
                count(b.count, b.kind),
                when(b.from),
                when(b.to),
                b.line
            );
        }
    }
    out.push_str("</svg><p class=\"axis\"><span>");
    out.push_str(&when(first));
    out.push_str("</span><span class=\"keys\">");
    for &(kind, n) in &lanes {
        let _ = write!(out, "<span class=\"key\" data-kind=\"{kind}\">{}</span>", count(n, kind));
    }
    let _ = write!(out, "</span><span>{}</span></p>", when(last));
    out
}

/// The entries of one kind in one stretch of time of a long log.
struct Bin {
    kind: &'static str,
    index: usize,
    count: usize,
    from: i64,
    to: i64,
    /// The first line of its entries, where a click goes.
    line: u32,
}

fn bins(marks: &[Mark], first: i64, last: i64) -> Vec<Bin> {
    let span = (last - first).max(1) as f64;
    let mut out = Vec::new();
    for &(kind, ..) in &KINDS {
        let mut lane: Vec<Option<Bin>> = (0..BINS).map(|_| None).collect();
        for m in marks.iter().filter(|m| m.kind == kind) {
            let index = ((m.at - first) as f64 / span * BINS as f64).min(BINS as f64 - 1.0) as usize;
            match &mut lane[index] {
                Some(b) => {
                    b.count += 1;
                    b.from = b.from.min(m.at);
                    b.to = b.to.max(m.at);
                    b.line = b.line.min(m.line);
                }
                empty => *empty = Some(Bin { kind, index, count: 1, from: m.at, to: m.at, line: m.line }),
            }
        }
        out.extend(lane.into_iter().flatten());
    }
    out
}

/// A number written with three decimals by integer arithmetic: float formatting would cost the
/// dashboard 11 KB of wasm.
struct Fixed(f64);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let milli = (self.0.abs() * 1000.0 + 0.5).floor() as u64;
        let sign = if self.0 < 0.0 && milli > 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:03}", milli / 1000, milli % 1000)
    }
}

/// An instant as the files write it: `2026-04-22T07:12Z`.
fn when(at: i64) -> String {
    Timestamp::from_epoch(at, TimestampStyle::CHECKPOINT).to_string()
}
