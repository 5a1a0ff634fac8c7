//! A log's numbered sittings (`## Session 87`, `[Session 5 — Tasks — 2026-02-22]`, `第18轮`):
//! each number once (duplicate-section), and none skipped (numbering-gap).
//!
//! A sitting is a heading, or in a plain-text log without such headings an entry line in
//! brackets, that names its series and number ([`crate::identity::sitting`]). Sittings are
//! compared within one series among siblings (`API Session 2` is another series than
//! `Session 2`). A number used twice is two sessions under one name: which one a reference
//! means is not clear. A number that the log jumps over (`Round 18`, then `Round 16`, and no
//! `Round 17` anywhere) is a sitting whose entry is missing: lost in an edit, or never
//! written. Jumps in either direction count, so a log kept newest first is read as well as
//! one kept oldest first; docs/reader.md, "Counts and summaries", says more.

use super::{title_of, Ctx};
use crate::code::lines_outside_code;
use crate::identity::{section_key, sitting};
use crate::hash::{fnv_of, group_of, small_key, KeyMap};
use crate::rule::Rule;
use crate::sort::sort_by_key;
use crate::span::Span;
use crate::Dialect;

/// One numbered sitting: where it is written and what it says.
struct Sitting {
    span: Span,
    /// The heading's title, or the entry line's text in brackets.
    name: Span,
    /// The heading's parent and level, or `(None, 0)` for an entry line: only siblings are
    /// compared.
    place: (Option<usize>, u8),
    series: String,
    number: u32,
}

pub(super) fn check(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.dialect() == Dialect::MemoryStore || doc.is_json() {
        return;
    }
    let sittings = sittings(cx);
    if sittings.len() < 2 {
        return;
    }
    // Each series among siblings, its sittings in file order.
    let (mut series, mut buckets): (Series, KeyMap<Vec<usize>>) = Default::default();
    for (i, s) in sittings.iter().enumerate() {
        let same = |g: usize| {
            let first = &sittings[series[g][0]];
            first.place == s.place && first.series == s.series
        };
        let g = group_of(&mut buckets, fnv_of(&(s.place, s.series.as_str())), series.len(), same);
        if g == series.len() {
            series.push(Vec::new());
        }
        series[g].push(i);
    }
    // The templated dialects report every repeated heading already (sections.rs).
    if cx.on(Rule::DuplicateSection) && !doc.dialect().is_templated() {
        duplicates(cx, &sittings, &series);
    }
    if cx.on(Rule::NumberingGap) {
        gaps(cx, &sittings, &series);
    }
}

/// The one dated state section of a file of dated sittings (a standup's days, then `##
/// Status (as of 2026-12-04)`): it says how things stand as of its date wherever it is kept,
/// and is no sitting of the log, so the order of the sittings leaves it out. A file with
/// several (a log of status updates) has them as its sittings.
pub(super) fn lone_state_section(doc: &crate::Document) -> Option<usize> {
    let mut dated_states = doc.sections().iter().enumerate().filter(|(_, s)| s.role == crate::document::SectionRole::CurrentState && s.timestamp.is_some());
    let (i, _) = dated_states.next()?;
    dated_states.next().is_none().then_some(i)
}

/// A log's sittings, in file order: its dated or numbered headings (below the title) of the
/// first one's level, each to its section's end; else, with two rule lines or more (`---`
/// after a blank line, as plain-text logs part their entries), the parts between them.
pub(super) fn parts(doc: &crate::Document) -> Vec<Span> {
    let sections = doc.sections();
    let is_sitting = |s: &&crate::document::Section| {
        s.level >= 2 && s.role != crate::document::SectionRole::History && (s.timestamp.is_some() || sitting(&section_key(doc.text(s.title))).is_some())
    };
    if let Some(level) = sections.iter().find(is_sitting).map(|s| s.level) {
        let spans: Vec<Span> = sections.iter().filter(is_sitting).filter(|s| s.level == level).map(|s| s.span).collect();
        if spans.len() >= 2 {
            return spans;
        }
    }
    let text = doc.source();
    let mut bounds = vec![0];
    let mut blank_before = true;
    for (_, start, line) in lines_outside_code(doc) {
        if blank_before && line.starts_with("---") && crate::parse::is_rule_line(line) {
            bounds.push(start);
        }
        blank_before = line.trim().is_empty();
    }
    if bounds.len() < 3 {
        return Vec::new();
    }
    bounds.push(text.len());
    bounds.windows(2).map(|w| Span::new(w[0], w[1])).filter(|p| !text[p.range()].trim_matches(|c: char| c.is_whitespace() || c == '-').is_empty()).collect()
}

/// A log's sittings ([`parts`]) oldest first, whichever way the file keeps them.
pub(super) fn parts_oldest_first(doc: &crate::Document) -> Vec<Span> {
    let mut parts = parts(doc);
    if doc.newest_first() {
        parts.reverse();
    }
    parts
}

/// The sittings of each series among siblings, by index, in file order.
type Series = Vec<Vec<usize>>;

/// The headings of level 2 and below that name a sitting; without any, the bracketed entry
/// lines of a plain-text log.
fn sittings(cx: &Ctx) -> Vec<Sitting> {
    let doc = cx.doc;
    let mut out: Vec<Sitting> = doc
        .sections()
        .iter()
        .filter(|s| s.level >= 2)
        .filter_map(|s| {
            let key = section_key(title_of(doc, s));
            let (series, number) = sitting(&key)?;
            Some(Sitting { span: s.heading, name: s.title, place: (s.parent, s.level), series: series.to_owned(), number })
        })
        .collect();
    if out.is_empty() {
        let mut after_blank = true;
        for (_, start, line) in lines_outside_code(doc) {
            // A rule line (`=====`) parts entries as a blank line does.
            let opens_paragraph = std::mem::replace(&mut after_blank, line.trim().is_empty() || crate::parse::is_rule_line(line));
            let Some((inner, at)) = entry_line_sitting(line, opens_paragraph) else { continue };
            let key = section_key(inner);
            if let Some((series, number)) = sitting(&key) {
                let name = Span::new(start + at, start + at + inner.len());
                out.push(Sitting { span: Span::new(start, start + line.trim_end().len()), name, place: (None, 0), series: series.to_owned(), number });
            }
        }
    }
    out
}

/// Where a plain-text log's entry line names its sitting: in brackets opening the line
/// (`[Session 5 — Tasks — 2026-02-22]`), or in parentheses on a dated line that opens a
/// paragraph (`Progress Update - 2026-04-08 (session 87 - verification)`). (the text
/// inside, where it starts in the line).
fn entry_line_sitting(line: &str, opens_paragraph: bool) -> Option<(&str, usize)> {
    if let Some(inner) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
        return Some((inner, 1));
    }
    if !opens_paragraph {
        return None;
    }
    let body = line.trim_end().strip_suffix(')')?;
    let open = body.rfind('(')?;
    crate::time::find(&body[..open])?;
    Some((&body[open + 1..], open + 1))
}

/// The second sitting of a number among siblings of its series.
fn duplicates(cx: &mut Ctx, sittings: &[Sitting], series: &Series) {
    let mut repeats = Vec::new();
    for members in series {
        let mut first: KeyMap<usize> = KeyMap::default();
        for &i in members {
            let at = *first.entry(small_key(u64::from(sittings[i].number))).or_insert(i);
            if at != i {
                repeats.push((i, at));
            }
        }
    }
    sort_by_key(&mut repeats, |&(i, at)| [i as u64, at as u64, 0]);
    for (i, at) in repeats {
        let (s, first) = (&sittings[i], &sittings[at]);
        // Written word for word twice, it is reported as the duplicate entry it is.
        if cx.out.iter().any(|d| d.rule == Rule::DuplicateEntry && d.range.start() == s.span.start()) {
            continue;
        }
        let line = cx.line(first.span.start());
        let name = cx.doc.text(s.name).trim();
        let d = cx
            .diag(Rule::DuplicateSection, s.span, format!("`{name}` again: a section of that number is at line {line}"))
            .with_help("one section per session or subject: merge the two, or number this one anew");
        cx.push(d);
    }
}

/// Where the log jumps over numbers of a series that appear nowhere in it: reported on the
/// sitting after the jump. A series needs three sittings to show a pattern.
fn gaps(cx: &mut Ctx, sittings: &[Sitting], series: &Series) {
    let mut found = Vec::new();
    for members in series.iter().filter(|m| m.len() >= 3) {
        let reported = found.len();
        let mut numbers: Vec<u32> = members.iter().map(|&i| sittings[i].number).collect();
        sort_by_key(&mut numbers, |&n| [u64::from(n), 0, 0]);
        for pair in members.windows(2) {
            let (prev, s) = (&sittings[pair[0]], &sittings[pair[1]]);
            let (low, high) = (prev.number.min(s.number), prev.number.max(s.number));
            // A number between that the series holds elsewhere: the log's order is mixed
            // there, not holed. (A jump of thousands is a renumbering, not lost entries.)
            let held = numbers.partition_point(|&n| n <= low) != numbers.partition_point(|&n| n < high);
            if high - low < 2 || high - low > 1000 || held {
                continue;
            }
            // Each hole once: a log that jumps back over it (`4`, then `2`) said it already.
            if !found[reported..].iter().any(|&(_, _, f, l)| (f, l) == (low + 1, high - 1)) {
                found.push((pair[1], pair[0], low + 1, high - 1));
            }
        }
    }
    sort_by_key(&mut found, |&(at, prev, first, last)| [at as u64, prev as u64, u64::from(first) << 32 | u64::from(last)]);
    for (at, prev, first, last) in found {
        let (s, prev_line) = (&sittings[at], cx.line(sittings[prev].span.start()));
        // `session 17`, `sessions 4 to 6`; `第17轮`, `第4轮 to 第6轮`.
        let one = |n: u32| if s.series.is_ascii() { format!("{} {n}", s.series) } else { format!("第{n}{}", s.series) };
        let numbers = match (first == last, s.series.is_ascii()) {
            (true, _) => format!("{} is", one(first)),
            (false, true) => format!("{}s {first} to {last} are", s.series),
            (false, false) => format!("{} to {} are", one(first), one(last)),
        };
        let d = cx
            .diag(Rule::NumberingGap, s.span, format!("{numbers} not in the file: the log goes from line {prev_line} to here"))
            .with_help("add the missing entry, or say in the log why that number was skipped");
        cx.push(d);
    }
}
