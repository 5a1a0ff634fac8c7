//! progress-contradiction, empty-next-step.
//!
//! - progress-contradiction: one unit both COMPLETED and IN_PROGRESS/PENDING, or two units
//!   IN_PROGRESS on explicit status lines. Units are compared by normalized name. Explicit
//!   status lines, What Works / What's Left items and feature-list entries are compared
//!   across the file; checkboxes and emoji only within one section (phase checklists
//!   often repeat a task name under different phases).
//! - empty-next-step: work remains (a unit IN_PROGRESS, PENDING or BLOCKED, and no TASK
//!   COMPLETE) but no next step is recorded: in a checkpoint log, Next Session Start is
//!   missing or empty; elsewhere, a Next Steps section exists and is empty. Session notes
//!   carry their next steps in Current State (see stale-current-state).

use super::{section_at, Ctx, KeyMap};
use crate::document::{Document, MarkerSource, ProgressMarker, SectionRole, Status, Unit};
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::ProgressContradiction) && !cx.doc.progress().is_empty() {
        contradictions(cx);
    }
    if cx.on(Rule::EmptyNextStep) {
        empty_next(cx);
    }
}

/// A unit name for comparison: lower case, markup and trailing slashes dropped.
pub(crate) fn unit_key(name: &str) -> String {
    let t = unit_text(name);
    let mut out = String::with_capacity(t.len());
    for w in t.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in w.chars() {
            crate::case::push_lower(&mut out, c);
        }
    }
    out
}

/// The part of a unit name [`unit_key`] keeps: markup, trailing slashes and leading `./`
/// trimmed.
fn unit_text(name: &str) -> &str {
    let t = name.trim().trim_matches(|c: char| matches!(c, '*' | '`' | '_' | '"' | '\'' | ':' | '.') || c.is_whitespace());
    let mut t = t.trim_end_matches('/');
    // As `trim_start_matches("./")`, without setting up a substring searcher per name.
    while let Some(rest) = t.strip_prefix("./") {
        t = rest;
    }
    t
}

/// Markers compared across the whole file; others only within their section.
pub(crate) fn file_wide(m: &ProgressMarker) -> bool {
    matches!(m.source, MarkerSource::StatusWord | MarkerSource::Alias | MarkerSource::Section | MarkerSource::Feature)
}

fn is_open(s: Status) -> bool {
    matches!(s, Status::InProgress | Status::Pending)
}

/// A hash of [`unit_key`] without building it (equal keys, equal hashes).
/// ASCII bytes other than whitespace (as `char::is_whitespace` has it) and NUL, lower-cased;
/// 0 for the others.
const PLAIN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 1;
    while c < 128 {
        let b = c as u8;
        if !matches!(b, b' ' | b'\t'..=b'\r') {
            t[c] = b.to_ascii_lowercase();
        }
        c += 1;
    }
    t
};

fn unit_hash(name: &str) -> u64 {
    let t = unit_text(name);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |c: u32| h = (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
    // Byte by byte: most are ASCII and not whitespace ([`PLAIN`]); the others are read as
    // characters (a non-ASCII byte starts one).
    let b = t.as_bytes();
    let char_at = |i: usize| t[i..].chars().next().unwrap_or(' ');
    let mut i = 0;
    while i < b.len() {
        let plain = PLAIN[usize::from(b[i])];
        if plain != 0 {
            mix(u32::from(plain));
            i += 1;
            continue;
        }
        let c = char_at(i);
        i += c.len_utf8();
        if c.is_whitespace() {
            // A run of whitespace is one space before the next word (nothing at the end).
            while i < b.len() && char_at(i).is_whitespace() {
                i += char_at(i).len_utf8();
            }
            if i < b.len() {
                mix(0x20);
            }
        } else if c.is_ascii() {
            mix(u32::from(c.to_ascii_lowercase()));
        } else {
            for l in crate::case::lowers(c) {
                mix(u32::from(l));
            }
        }
    }
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn contradictions(cx: &mut Ctx) {
    let doc = cx.doc;
    // (scope, unit) → first marker index per side: done / open. Keyed by hash; a hit is
    // confirmed on the unit names.
    let mut done: KeyMap<usize> = KeyMap::default();
    let mut open: KeyMap<usize> = KeyMap::default();
    let markers = doc.progress();
    let name_of = |m: &ProgressMarker, u: usize| m.units.get(u).map_or("", |u| doc.text(u.name));
    for (i, m) in markers.iter().enumerate() {
        let Some(status) = m.status else { continue };
        let scope = if file_wide(m) { 0 } else { section_at(doc, m.span.start()).map_or(1, |s| s + 2) };
        for u in &m.units {
            let name = doc.text(u.name);
            if name.trim().len() < 2 {
                continue;
            }
            let k = unit_hash(name) ^ (scope as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
            let other = match status {
                Status::Completed => open.get(&k).copied(),
                s if is_open(s) => done.get(&k).copied(),
                _ => None,
            };
            // The first mention with that name among the other marker's units.
            let other = other.and_then(|j| {
                let first = &markers[j];
                let key = unit_key(name);
                (0..first.units.len()).find(|&x| unit_key(name_of(first, x)) == key).map(|_| j)
            });
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
}

/// Two units IN_PROGRESS at once, on explicit status lines, in their current state: a unit
/// that was IN_PROGRESS and is COMPLETED on a later line is in progress no more (that later
/// line is a contradiction of its own, reported above).
fn two_in_progress(cx: &mut Ctx) {
    let doc = cx.doc;
    let markers = doc.progress();
    let in_progress = |m: &ProgressMarker| m.status == Some(Status::InProgress) && matches!(m.source, MarkerSource::StatusWord | MarkerSource::Alias);
    // The current state costs a map of every unit: only worth it with two such lines.
    if markers.iter().filter(|m| in_progress(m)).nth(1).is_none() {
        return;
    }
    let mut now_in_progress = current(doc).into_iter().filter(|&(m, _)| in_progress(&markers[m as usize]));
    let Some((first, first_unit)) = now_in_progress.next() else { return };
    let first = &markers[first as usize];
    let first_name = doc.text(first.units[first_unit as usize].name);
    let line = cx.line(first.span.start());
    for (m, u) in now_in_progress {
        let m = &markers[m as usize];
        let name = doc.text(m.units[u as usize].name);
        let d = cx
            .diag(Rule::ProgressContradiction, m.span, format!("two units are IN_PROGRESS: `{first_name}` (line {line}) and `{name}`"))
            .with_help("one unit is in progress at a time: mark the other COMPLETED, PENDING or BLOCKED, with its stop point");
        cx.push(d);
    }
}

/// Every unit with its current marker ([`Document::current_units`]), units compared by
/// [`unit_key`].
fn current(doc: &Document) -> Vec<(u32, u32)> {
    doc.current_units(|name| Some(unit_key(name)))
}

/// The first unit left to do in its current state (see [`current`]), with its marker: one
/// IN_PROGRESS, else one PENDING or BLOCKED.
pub(crate) fn remaining(doc: &Document) -> Option<(&ProgressMarker, &Unit)> {
    let markers = doc.progress();
    if !markers.iter().any(|m| m.status.is_some_and(|s| matches!(s, Status::InProgress | Status::Pending | Status::Blocked))) {
        return None;
    }
    let now = current(doc);
    let find = |wanted: fn(Status) -> bool| {
        let &(m, u) = now.iter().find(|&&(m, _)| markers[m as usize].status.is_some_and(wanted))?;
        let marker = &markers[m as usize];
        Some((marker, &marker.units[u as usize]))
    };
    find(|s| s == Status::InProgress).or_else(|| find(|s| matches!(s, Status::Pending | Status::Blocked)))
}

fn empty_next(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.completion().is_some() || matches!(doc.dialect(), Dialect::SessionNotes | Dialect::MemoryStore) {
        return;
    }
    let recorded = doc.next_step().is_some_and(|n| !doc.text(n.text).trim().is_empty());
    if recorded {
        return;
    }
    let Some((work, unit)) = remaining(doc) else { return };
    let next_section = doc.sections().iter().find(|s| s.role == SectionRole::NextStep);
    let unit = doc.text(unit.name);
    let status = work.status.map_or("", |s| s.as_str());
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
