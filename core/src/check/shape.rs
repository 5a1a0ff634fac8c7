//! wrapped-in-fence, entries-out-of-order: the shape of the document as a whole
//! (docs/reader.md, "Document shape").
//!
//! - wrapped-in-fence: the file is wrapped whole in one code fence (```` ```markdown ````
//!   … ```` ``` ````, as agents paste a file they were shown). Memento reads the file inside
//!   the fence ([`Document::wrapping_fence`](crate::document::Document::wrapping_fence)), but
//!   a markdown reader sees one code block: no headings, no lists. The fix deletes the two
//!   fence lines, a splice that leaves the inside byte for byte.
//! - entries-out-of-order: dated sections (`## Session 12 — 2026-03-02`, compared with the
//!   sections of their heading level) or dated paragraphs that go back in time against the
//!   order the file keeps ([`Document::newest_first`](crate::document::Document::newest_first)).
//!   Three dated parts at least (two give no order to break), one finding per run of parts
//!   out of order. Log entries are timestamp-out-of-order's. A date written as a field's
//!   value (`Last Updated: …`) or a deadline (`until …`) dates no entry and is left out.
//!   Sections of one day (or none) that name versions (`(v2.42.0)`) are ordered by them.
//! - duplicate-entry, for a plain-text log: the same dated entry line exactly twice
//!   (`Progress Update - 2026-04-08 (session 87 - verification)`), a session logged twice.

use super::Ctx;
use crate::span::whole_lines;
use crate::diagnostic::TextEdit;
use crate::rule::Rule;
use crate::sort::sort_by_key;
use crate::span::Span;
use crate::time::Timestamp;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::WrappedInFence) {
        wrapped(cx);
    }
    if cx.on(Rule::EntriesOutOfOrder) {
        out_of_order(cx);
    }
    if cx.on(Rule::DuplicateEntry) {
        repeated_entries(cx);
    }
}

fn repeated_entries(cx: &mut Ctx) {
    let doc = cx.doc;
    let text = doc.source();
    // Key → index into `firsts`: (the first line so written, its copies). The map holds only
    // indices, the type the other rules' maps hold (one table code in the wasm).
    let mut seen: crate::hash::KeyMap<usize> = crate::hash::KeyMap::default();
    let mut firsts: Vec<(Span, u32)> = Vec::new();
    let mut found = Vec::new();
    for stamp in doc.stamps() {
        let line = whole_lines(doc.source(), stamp.span);
        if !dates_an_entry(&text[line.start()..stamp.span.start()]) {
            continue;
        }
        let written = text[line.range()].trim();
        let Some(key) = crate::identity::entry_hash(written) else { continue };
        match seen.get(&key).map(|&at| &mut firsts[at]) {
            Some((first, copies)) if text[first.range()].trim() == written && first.start() != line.start() => {
                *copies += 1;
                found.push((line, first.start(), key));
            }
            Some(_) => {}
            None => {
                seen.insert(key, firsts.len());
                firsts.push((line, 1));
            }
        }
    }
    // A line written a third time is the file's pattern (`2026-04-04 Session (continued):`),
    // not a session logged twice.
    found.retain(|(_, _, key)| seen.get(key).is_some_and(|&at| firsts[at].1 == 2));
    for (line, first, _) in found {
        let at = cx.line(first);
        let quoted = cx.quote(text[line.range()].trim(), 80);
        let d = cx
            .diag(Rule::DuplicateEntry, Span::new(line.start(), line.start() + text[line.range()].trim_end().len()), format!("`{quoted}` is logged twice (first at line {at})"))
            .with_help("keep one entry per session: merge the two, or delete the copy");
        cx.push(d);
    }
}

fn wrapped(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some(inside) = doc.wrapping_fence() else { return };
    // The opening line ends where the inside starts, the closing line starts where it ends.
    let Some(last) = inside.start().checked_sub(1) else { return };
    let open = whole_lines(doc.source(), Span::empty(last));
    let close = whole_lines(doc.source(), Span::empty(inside.end()));
    let opening = doc.text(open).trim_end();
    let (open_line, close_line) = (cx.line(open.start()), cx.line(close.start()));
    let d = cx
        .diag(
            Rule::WrappedInFence,
            Span::new(open.start(), open.start() + opening.len()),
            format!(
                "the whole file is wrapped in a code fence (`{}` on line {open_line}, closed on line {close_line}): Memento reads the file inside the fence, but markdown readers see one code block",
                cx.quote(opening, 40)
            ),
        )
        .with_help("delete the opening and closing fence lines so the file reads as markdown")
        .with_fix(vec![TextEdit::delete(open), TextEdit::delete(close)]);
    cx.push(d);
}

fn out_of_order(cx: &mut Ctx) {
    let doc = cx.doc;
    let sections = doc.sections();
    let mut levels: Vec<u8> = sections.iter().filter(|s| s.timestamp.is_some()).map(|s| s.level).collect();
    sort_by_key(&mut levels, |&l| [u64::from(l), 0, 0]);
    levels.dedup();
    let lone_state = super::sittings::lone_state_section(doc);
    for level in levels {
        let dated = sections.iter().enumerate().filter(|&(i, s)| s.level == level && Some(i) != lone_state).filter_map(|(_, s)| Some((s.heading, s.timestamp?)));
        runs(cx, "section", dated);
    }
    let text = doc.source();
    let entry_dates = doc.stamps().iter().filter(|s| dates_an_entry(&text[whole_lines(doc.source(), s.span).start()..s.span.start()]));
    runs(cx, "paragraph", entry_dates.map(|s| (s.span, s.timestamp)));
    versions(cx);
}

/// Sections that name the version they released (`## [2026-03-11] — Orchestrators done
/// (v2.42.0)`), of one heading level, where their dates do not tell them apart (one day, or
/// none): the versions give the order. The order most pairs keep is the file's; the section
/// that opens a run against it is reported.
fn versions(cx: &mut Ctx) {
    let doc = cx.doc;
    let sections = doc.sections();
    let day = |t: Option<Timestamp>| t.map(|t| t.epoch_seconds.div_euclid(86_400));
    let versioned: Vec<(usize, [u32; 3])> = sections.iter().enumerate().filter_map(|(i, s)| Some((i, version_in(doc.text(s.title))?))).collect();
    // Neighbouring versioned sections, each with its version.
    let pairs: Vec<((usize, [u32; 3]), (usize, [u32; 3]))> = versioned
        .windows(2)
        .filter_map(|w| {
            let &[(a, va), (b, vb)] = w else { return None };
            let (sa, sb) = (&sections[a], &sections[b]);
            (sa.level == sb.level && day(sa.timestamp) == day(sb.timestamp) && va != vb).then_some(((a, va), (b, vb)))
        })
        .collect();
    let down = pairs.iter().filter(|&&((_, va), (_, vb))| vb < va).count();
    let up = pairs.len() - down;
    if pairs.len() < 3 || down == up {
        return;
    }
    let newest_first = down > up;
    let mut in_run = false;
    for &((a, va), (b, vb)) in &pairs {
        let against = (vb > va) == newest_first;
        if !against || std::mem::replace(&mut in_run, true) {
            in_run &= against;
            continue;
        }
        let (prev, at) = (&sections[a], &sections[b]);
        let line = cx.line(at.heading.start());
        if cx.out.iter().any(|d| matches!(d.rule, Rule::TimestampOutOfOrder | Rule::EntriesOutOfOrder) && d.line == line) {
            continue;
        }
        let order = if newest_first { "newest first" } else { "oldest first" };
        let ([x, y, z], [p, q, r]) = (vb, va);
        let message = format!("this section is version {x}.{y}.{z}, after {p}.{q}.{r} (line {}) in a file kept {order}", cx.line(prev.heading.start()));
        let d = cx.diag(Rule::EntriesOutOfOrder, at.heading, message).with_help(format!("keep the versions' sections {order}: move this one to its place"));
        cx.push(d);
    }
}

/// The version a title names: `v2.43.0`, `v1.2`, `2.43.0` (three parts without a `v`).
fn version_in(title: &str) -> Option<[u32; 3]> {
    let b = title.as_bytes();
    (0..b.len()).find_map(|i| {
        let after_v = i > 0 && matches!(b[i - 1], b'v' | b'V') && (i < 2 || !b[i - 2].is_ascii_alphanumeric());
        let starts = b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'.' || after_v);
        if !starts {
            return None;
        }
        let mut parts = [0u32; 3];
        let mut n = 0;
        for part in title[i..].split('.') {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || n == 3 {
                break;
            }
            parts[n] = part[..digits].parse().ok()?;
            n += 1;
            if digits < part.len() {
                break;
            }
        }
        (n == 3 || (after_v && n == 2)).then_some(parts)
    })
}

/// Whether a paragraph's date, after `lead` on its line, dates the paragraph
/// (`Progress Update - 2026-04-08`, `Iteration 3 (2026-01-15 12:50)`) rather than being a
/// field's value (`**Last Updated:** 2026-04-14`, which heads a log kept oldest first) or a
/// deadline (`Protected until 2026-01-26`): those are not the file's order.
pub(super) fn dates_an_entry(lead: &str) -> bool {
    let lead = lead.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`' | '(' | '['));
    // `**8 of 12 features complete** · last verified 2026-09-30`: the date of a field that
    // closes the line, as after a colon.
    let field = lead.rsplit(['·', '|', '—', '(', ',', ';']).next().is_some_and(crate::lexicon::names_the_date);
    !lead.ends_with([':', '：']) && !names_a_deadline(lead) && !field
}

/// Whether the words before a date make it a deadline or a target (`by 2027-01-31`,
/// `until …`, `**Target:** …`, `Due: …`): a date the work is planned for, not one it was
/// written on.
pub(super) fn names_a_deadline(lead: &str) -> bool {
    let lead = lead.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`' | '(' | '[' | ':' | '：'));
    let last = lead.rsplit(|c: char| !c.is_alphanumeric()).next().map(crate::case::to_lower).unwrap_or_default();
    matches!(last.as_str(), "until" | "by" | "before" | "due" | "till" | "bis" | "hasta" | "até" | "jusqu" | "fino" | "до" | "target" | "deadline" | "eta")
}

/// Reports the part that opens each run going against the file's order.
fn runs(cx: &mut Ctx, what: &str, parts: impl Iterator<Item = (Span, Timestamp)>) {
    let parts: Vec<(Span, Timestamp)> = parts.collect();
    if parts.len() < 3 {
        return;
    }
    let newest_first = cx.doc.newest_first();
    let backwards = |prev: &Timestamp, next: &Timestamp| if newest_first { next.epoch_seconds > prev.epoch_seconds } else { next.epoch_seconds < prev.epoch_seconds };
    let mut in_run = false;
    for pair in parts.windows(2) {
        let [(prev_at, prev), (at, t)] = pair else { continue };
        if !backwards(prev, t) {
            // Two parts of the same date go neither way: a run goes on across them.
            in_run &= t.epoch_seconds == prev.epoch_seconds;
            continue;
        }
        if in_run {
            continue;
        }
        in_run = true;
        // An append-only log going back in time is reported there already (timestamps.rs,
        // which runs first): one finding per line the reader has to fix.
        let line_of = cx.line(at.start());
        if cx.out.iter().any(|d| d.rule == Rule::TimestampOutOfOrder && d.line == line_of) {
            continue;
        }
        let (order, line) = (if newest_first { "newest first" } else { "oldest first" }, cx.line(prev_at.start()));
        let at = if at.is_empty() { Span::empty(at.start()) } else { *at };
        let d = cx
            .diag(Rule::EntriesOutOfOrder, at, format!("this {what} is dated {t}, after one dated {prev} (line {line}) in a file kept {order}"))
            .with_help(format!("keep dated {what}s {order}: move this one to its place, or correct its date"));
        cx.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::dates_an_entry;

    #[test]
    fn versions_in_titles() {
        use super::version_in;
        assert_eq!(version_in("[2026-03-11] - Orchestrators (v2.42.0)"), Some([2, 42, 0]));
        assert_eq!(version_in("Release v1.2 — notes"), Some([1, 2, 0]));
        assert_eq!(version_in("Release 3.10.1"), Some([3, 10, 1]));
        // A date, a plain decimal, a version inside a word: no version.
        assert_eq!(version_in("2026-03-11 session"), None);
        assert_eq!(version_in("Took 1.5 hours"), None);
        assert_eq!(version_in("python3.11.2 upgrade"), None);
    }

    #[test]
    fn field_values_and_deadlines_date_no_entry() {
        for lead in ["Progress Update - ", "Iteration 3 (", "## Session 4 — ", "", "- "] {
            assert!(dates_an_entry(lead), "{lead}");
        }
        for lead in ["**Last Updated:** ", "Started: ", "**Critical Files (Protected until ", "Fecha límite hasta ", "Due "] {
            assert!(!dates_an_entry(lead), "{lead}");
        }
    }
}
