//! count-mismatch, summary-contradiction: what a file says about its own numbers, against
//! what it lists and logs (docs/reader.md, "Counts and summaries").
//!
//! - count-mismatch: a heading or a lead-in that states how many things follow
//!   (`### Remaining Features (8 features)`, `Recent (last 4 sessions)`, `核心 (16个)：a, b, …`)
//!   over a list, child headings or an inline list of another length.
//! - summary-contradiction: the summary at the top of a file kept oldest first gives a
//!   progress count (`137/137 features`, `88 features total`) that the file's last count
//!   contradicts, or says nothing is done (`Completed: 0`, `Progress: 0%`) or nothing remains
//!   (`Remaining: 0`) over units the file records done or still to do; and, on any line, a
//!   count and its percentage that disagree (`42/50 features passing (95%)`); in a JSON
//!   state object, its percentage field against its done and total fields.
//! - total-changed: past the summary, a count whose total of features or tasks differs from
//!   the count before it (`137/137 features`, later `142/152 features`): a new total is
//!   said once, where it first appears; totals of tests, which grow with the code, and of a
//!   session's few steps (under ten) are not.

use super::Ctx;
use crate::document::{Document, SectionRole, Status};
use crate::packed::{packed_words, Words};
use crate::code::lines_outside_code;
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

/// Returns the lines that may hold a count ([`count_lines`]), which the claims of all N
/// done are looked for among too (`claims.rs`).
pub(super) fn check(cx: &mut Ctx) -> Vec<usize> {
    // Rows of a store and the fields of a JSON file are no prose to count; a JSON state
    // object's own progress fields are compared with each other.
    if cx.doc.is_json() && cx.on(Rule::SummaryContradiction) {
        json_percentages(cx);
    }
    if matches!(cx.doc.dialect(), Dialect::MemoryStore) || cx.doc.is_json() {
        return Vec::new();
    }
    // One pass over the lines for both rules: a long log has many.
    let doc = cx.doc;
    let counts = cx.on(Rule::CountMismatch);
    let mut summary = cx.on(Rule::SummaryContradiction).then(|| Summary::new(doc));
    let mut totals = cx.on(Rule::TotalChanged).then(Totals::default);
    let summary_end = summary.as_ref().map_or(0, |s| s.summary_lines);
    let mut mismatches = Vec::new();
    let mut rows = Vec::new();
    let may_count = count_lines(doc);
    for (i, start, line) in lines_outside_code(doc) {
        // Past the summary, a line's count is read once, for the summary's last count and
        // for the totals alike.
        if (summary.is_some() || totals.is_some()) && i >= summary_end && may_count.binary_search(&i).is_ok() {
            let lower = crate::case::to_lower(line);
            if let Some(count) = count_in(&lower) {
                let span = Span::new(start, start + line.len());
                if let Some(summary) = summary.as_mut().filter(|s| !s.history.holds(start)) {
                    summary.last = Some((span, count));
                }
                if let Some(totals) = totals.as_mut() {
                    totals.read(span, &lower, count);
                }
            }
        }
        if counts {
            if let Some((stated, listed)) = stated_count_at(doc, start, line) {
                mismatches.push((Span::new(start, start + line.len()), stated, listed));
            }
            if line.starts_with('|') {
                if let Some(row) = metric_row(line) {
                    rows.push((Span::new(start, start + line.trim_end().len()), row));
                }
            }
        }
        if let Some(summary) = summary.as_mut() {
            if i < summary.summary_lines {
                summary.read(doc, start, line, true);
            } else if summary.states.iter().any(|s| s.contains(start)) {
                // A state section past the summary says what is done and left; its counts
                // are no head for the file's last count to contradict (they are one).
                summary.read(doc, start, line, false);
            }
            // A fraction with a slash or in words (`6 of 9 steps done (75%)`).
            if memchr::memchr(b'%', line.as_bytes()).is_some() {
                if let Some(found) = percentage_disagrees(line) {
                    summary.percentages.push((Span::new(start, start + line.trim_end().len()), found));
                }
            }
        }
    }
    for (span, stated, listed) in mismatches {
        let d = cx
            .diag(Rule::CountMismatch, span, format!("this line says {stated}, and {listed} follow"))
            .with_help("update the count, or add what the list leaves out");
        cx.push(d);
    }
    for (span, (name, stated)) in rows {
        let Some((section, listed)) = section_named(doc, name) else { continue };
        if listed != stated as usize {
            let s = &doc.sections()[section];
            let (title, line) = (cx.quote(super::title_of(doc, s), 40), cx.line(s.heading.start()));
            let d = cx
                .diag(Rule::CountMismatch, span, format!("this row says {stated}, and `{title}` (line {line}) lists {listed}"))
                .with_help("update the count, or add what the list leaves out");
            cx.push(d);
        }
    }
    if let Some(summary) = summary {
        summary.report(cx);
    }
    for (span, total, (before, at)) in totals.map(|t| t.changes).unwrap_or_default() {
        let line = cx.line(at.start());
        let d = cx
            .diag(Rule::TotalChanged, span, format!("this count's total is {total}; the count before it (line {line}) gave {before}"))
            .with_help("say why the total changed (work added or dropped), or correct the count: the next session trusts the last one");
        cx.push(d);
    }
    may_count
}

/// The keys of a JSON file's summary of its tasks: an object (`"summary": {"total": 9,
/// "done": 6}`) or a string that gives a count (`"progress": "passing: 8/12"`).
const SUMMARY_KEYS: [&str; 6] = ["summary", "progress", "stats", "statistics", "counts", "totals"];

/// A JSON object that summarizes the file's tasks (`"summary": {"total": 9, "done": 6}`):
/// the line that opens it and the counts it gives (the `remaining` one with its line).
struct SummaryObject {
    opens: Span,
    total: Option<u32>,
    done: Option<u32>,
    left: Option<(Span, u32)>,
}

/// A JSON state object whose progress fields disagree: a percentage (`"completionPercentage":
/// 95`) beside a count done and a total (`"featuresComplete": 42`, `"featuresTotal": 50`,
/// which is 84%). The fields are read line by line, as such files are written, one object
/// at a time (a line that opens or closes a brace ends it); the key's words say what each
/// number is, in camel case, snake case or kebab case.
fn json_percentages(cx: &mut Ctx) {
    let doc = cx.doc;
    let (mut percent, mut done, mut total): (Option<(Span, u32)>, Option<u32>, Option<u32>) = (None, None, None);
    let mut found = Vec::new();
    // The object that summarizes the file's tasks (`"summary": {`), while it is open.
    let mut summary: Option<SummaryObject> = None;
    let mut summaries = Vec::new();
    for (_, start, line) in lines_outside_code(doc) {
        let field = line.trim_end_matches(',').split_once("\":").and_then(|(key, value)| {
            let value: u32 = value.trim().parse().ok()?;
            Some((crate::case::to_lower(key.trim_start_matches(['"', ' '])), value))
        });
        let Some((key, value)) = field else {
            // `"summary": "passing: 8/12"`: a summary written as a string, its count in it.
            let said = line.trim_end_matches(',').trim_start().strip_prefix('"').and_then(|l| l.split_once("\":")).filter(|(key, value)| {
                SUMMARY_KEYS.contains(&crate::case::to_lower(key).as_str()) && value.trim_start().starts_with('"')
            });
            if let Some(Count { done: Some(done), total, .. }) = said.and_then(|(_, value)| count_on(value)) {
                summaries.push(SummaryObject { opens: Span::new(start, start + line.trim_end().len()), total: Some(total), done: Some(done), left: None });
                continue;
            }
            if line.contains(['{', '}']) {
                (percent, done, total) = (None, None, None);
                summaries.extend(summary.take());
                let opens = line.trim_start().strip_prefix('"').and_then(|l| l.split_once('"')).filter(|(_, rest)| rest.trim_start().starts_with(':') && rest.trim_end().ends_with('{'));
                if opens.is_some_and(|(key, _)| SUMMARY_KEYS.contains(&crate::case::to_lower(key).as_str())) {
                    summary = Some(SummaryObject { opens: Span::new(start, start + line.trim_end().len()), total: None, done: None, left: None });
                }
            }
            continue;
        };
        if key.contains("percent") || key.ends_with("pct") {
            percent = (value <= 100).then(|| (Span::new(start, start + line.len()), value));
        } else if key.contains("total") {
            total = Some(value);
            if let Some(s) = summary.as_mut() {
                s.total = Some(value);
            }
        } else if ["complete", "done", "passing", "finished", "implemented"].iter().any(|w| key.contains(w)) {
            done = Some(value);
            if let Some(s) = summary.as_mut() {
                s.done = Some(value);
            }
        } else if key.contains("remaining") || key == "left" {
            if let Some(s) = summary.as_mut() {
                s.left = Some((Span::new(start, start + line.trim_end().len()), value));
            }
        }
        if let (Some((span, p)), Some(d), Some(t)) = (percent, done, total) {
            if t > 0 && d <= t && (u64::from(d) * 100).abs_diff(u64::from(p) * u64::from(t)) > u64::from(t) {
                found.push((span, p, d, t));
            }
            (percent, done, total) = (None, None, None);
        }
    }
    summaries.extend(summary);
    // A summary object against the tasks the file lists (`"total": 9, "done": 6` over ten
    // tasks, five done): the list moved on and the summary did not.
    let (mut tasks, mut tasks_done) = (0u32, 0u32);
    // Each task once: one listed twice is one task (duplicate-entry reports the copy).
    let mut tasks_open = 0u32;
    // Work left listed twice is listed once, by unit and status, as the plan lists it.
    let mut left: crate::hash::KeyMap<()> = Default::default();
    for &r in doc.current_units() {
        let (marker, unit) = doc.unit_at(r);
        let Some(status) = marker.status else { continue };
        if status != Status::Completed && left.insert(crate::identity::unit_hash(doc.text(unit.name)) ^ crate::hash::small_key(status as u64), ()).is_some() {
            continue;
        }
        tasks += 1;
        tasks_done += u32::from(status == Status::Completed);
        tasks_open += u32::from(matches!(status, Status::Pending | Status::InProgress | Status::Blocked));
    }
    for SummaryObject { opens: span, total: said_total, done: said_done, left: said_left } in summaries {
        // `"remaining": 0` over tasks still open, as a markdown summary's `Remaining: 0`.
        if let Some((left_span, left)) = said_left.filter(|&(_, left)| tasks >= 3 && left != tasks_open) {
            let d = cx
                .diag(Rule::SummaryContradiction, left_span, format!("this summary says {left} remaining, and the file lists {tasks_open} tasks still open"))
                .with_help("update the summary object to the tasks, or the tasks to the summary");
            cx.push(d);
        }
        let differs = said_total.is_some_and(|t| t != tasks) || said_done.is_some_and(|d| d != tasks_done);
        if tasks >= 3 && said_total.is_some() && differs {
            let said = match said_done {
                Some(d) => format!("{d} of {} done", said_total.unwrap_or_default()),
                None => format!("{} in total", said_total.unwrap_or_default()),
            };
            let d = cx
                .diag(Rule::SummaryContradiction, span, format!("this summary says {said}, and the file lists {tasks} tasks, {tasks_done} done"))
                .with_help("update the summary object to the tasks, or the tasks to the summary");
            cx.push(d);
        }
    }
    for (span, p, d, t) in found {
        let exact = (u64::from(d) * 200 / u64::from(t)).div_ceil(2);
        let d = cx
            .diag(Rule::SummaryContradiction, span, format!("this field gives {p}%; the object's own count, {d} of {t}, is {exact}%"))
            .with_help("correct the percentage or the count: the next session reads both");
        cx.push(d);
    }
}

/// The lines (0-based) that may hold a progress count: a fraction (a digit on both sides of
/// a slash), the word `total`, or a number before a word for what is left ([`LEFT_WORDS`]). Found in one pass of each search over the whole text, not
/// line by line (most lines of a long log hold none), in order.
fn count_lines(doc: &Document) -> Vec<usize> {
    let b = doc.source().as_bytes();
    let lines = doc.line_index();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    // A digit, or a space and a digit, on each side (`5/8`, `6 / 8`).
    let before = |i: usize| i > 0 && (digit(i - 1) || i > 1 && b[i - 1] == b' ' && digit(i - 2));
    let after = |i: usize| digit(i + 1) || b.get(i + 1) == Some(&b' ') && digit(i + 2);
    let mut out: Vec<usize> = memchr::memchr_iter(b'/', b).filter(|&i| before(i) && after(i)).map(|i| lines.line_of(i)).collect();
    out.extend(memchr::memmem::find_iter(b, b"otal").filter(|&i| i > 0 && matches!(b[i - 1], b't' | b'T')).map(|i| lines.line_of(i)));
    out.extend(memchr::memmem::find_iter(b, b"OTAL").map(|i| lines.line_of(i)));
    // `14 remaining` (done_and_left): the number right before the word.
    let counted = |i: usize| b[..i].iter().rev().find(|&&c| !matches!(c, b' ' | b'*' | b'_')).is_some_and(u8::is_ascii_digit);
    for word in LEFT_WORDS {
        out.extend(memchr::memmem::find_iter(b, word.as_bytes()).filter(|&i| i > 1 && counted(i)).map(|i| lines.line_of(i)));
    }
    crate::sort::sort_by_key(&mut out, |&l| [l as u64, 0, 0]);
    out.dedup();
    out
}

/// What total-changed gathers past the summary: the last total of each kind of work, and
/// the lines that give a total not seen before (of any kind: a line that counts `152 features`
/// and the next that gives `152/152 passing` say one change).
#[derive(Default)]
struct Totals {
    last: Vec<(&'static str, u32, Span)>,
    seen: Vec<u32>,
    /// (the line, its total, (the total before it, its line)).
    changes: Vec<(Span, u32, (u32, Span))>,
}

impl Totals {
    /// A line past the summary, lower-cased, and its count.
    fn read(&mut self, span: Span, lower: &str, count: Count) {
        // A count of work to do (features, tasks), not of tests, which grow with the code.
        // A count that names no kind (`236 passing, 14 remaining`, `12/20 done`) is compared
        // with others that name none.
        let Count { done, total, kind } = count;
        let kind = kind.unwrap_or("");
        // A few steps of one session's own (`3/3 tasks done`) are no total of the run's; a
        // total without a fraction is the run's only when written as one (`88 features
        // total`, `Total: 88 features`), not a number of some of them (`Blocked features:
        // 12 total`, `98 features remaining (31% of total)`).
        if crate::packed::is_any(kind, TEST_KINDS) || total < MIN_RUN_TOTAL || done.is_none() && !states_total(lower, kind, total) {
            return;
        }
        let fresh = !self.seen.contains(&total);
        match self.last.iter_mut().find(|(k, _, _)| *k == kind) {
            Some(last) => {
                if last.1 != total && fresh {
                    self.changes.push((span, total, (last.1, last.2)));
                }
                *last = (kind, total, span);
            }
            None => self.last.push((kind, total, span)),
        }
        if fresh {
            self.seen.push(total);
        }
    }
}

/// A table row that states a count in its last cell (`| Git Commits Today | 7 |`): (the
/// name, the count).
fn metric_row(line: &str) -> Option<(&str, u32)> {
    let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
    let [name, value] = cells[..] else { return None };
    let n: u32 = value.trim_matches(['*', '_']).parse().ok()?;
    (2..=200).contains(&n).then_some((name.trim_matches(['*', '_']), n))
}

/// The section whose title holds every word of `name` (`Git Commits Today` → `## Today's
/// Git Commits`) and opens with a list, with that list's length. The row counts the very
/// things listed (commits, files), so an item is one whatever commas it holds.
fn section_named(doc: &Document, name: &str) -> Option<(usize, usize)> {
    let words = |t: &str| -> Vec<String> {
        crate::case::to_lower(t).split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 3).map(str::to_owned).collect()
    };
    let wanted = words(name);
    if wanted.len() < 2 {
        return None;
    }
    let at = doc.sections().iter().position(|s| {
        let title = words(doc.text(s.title));
        wanted.iter().all(|w| title.contains(w)) && title.len() <= wanted.len() + 1
    })?;
    let items = opening_list(doc, at)?;
    (!items.last().is_some_and(|last| cut_short(last))).then_some((at, items.len()))
}

/// Words that count time, size or length, not listed things: `(2 hours)`, `(3 lines)`.
const MEASURES: &[&str] = &[
    "hours", "hrs", "minutes", "mins", "seconds", "secs", "days", "weeks", "months", "years", "ms", "kb", "mb", "gb",
    "lines", "loc", "tokens", "chars", "characters", "bytes", "words", "pages", "points", "pts", "times", "x",
    "lignes", "líneas", "linhas", "zeilen", "righe", "rader", "строк",
];
static MEASURE_WORDS: Words = packed_words!(MEASURES);

fn is_markup(c: char) -> bool {
    matches!(c, '*' | '_' | '`' | ':' | '：')
}

/// Words that make a stated count a bound or a sample, not a count of what follows.
const APPROXIMATE: &str = "e.g.|including|such as|at least|more than|over |about|approx|~|top |\
    first |some |+";

/// CJK counters written after a number: `16个`, `3件`, `5개`, `4項目`.
const COUNTERS: &str = "个|個|件|項目|項|개|つ|条|項";

/// The one count a line states about what follows it: a number followed by a plural noun or
/// a counter, or alone in parentheses (`(8)`, `(last 4 sessions)`), or after a label that
/// names a plural (`Commits: 7`). `None` when the line holds other numbers too (dates,
/// versions, `88 features across 8 phases`): which one counts the list is not clear.
fn stated_count(line: &str) -> Option<u32> {
    // Numbers are read on the line as written (most lines are let go here, on a digit that
    // belongs to a date or a version); words are lower-cased only once a count is in sight.
    let b = line.as_bytes();
    let mut found = None;
    let mut at = 0;
    while at < b.len() {
        if !b[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        while at < b.len() && b[at].is_ascii_digit() {
            at += 1;
        }
        if found.is_some() {
            return None;
        }
        // Part of a version, a date, an id or a fraction: `v2`, `3.1`, `#34`, `2/5`, `F045`.
        let before = start.checked_sub(1).map(|i| b[i]);
        let after = b.get(at).copied();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/' | b'#' | b'-' | b':' | b'_'))
            || after.is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'.' | b'/' | b'%' | b'-' | b':' | b',' | b'_'))
        {
            if after == Some(b'.') && line[at + 1..].starts_with(' ') && start == 0 {
                continue; // `1. Item`: the list's own numbering
            }
            return None;
        }
        let n: u32 = line[start..at].parse().ok()?;
        let rest = line[at..].trim_start();
        let word = crate::case::to_lower(&rest[..rest.find(|c: char| !c.is_alphanumeric()).unwrap_or(rest.len())]);
        // The count ends the line's head: `Files Created (7)`, `Remaining (8 features)`,
        // `核心 (16个)`; not `49 tests covering`, `10 features this session`, `31个适配器`.
        let ends = |tail: &str| tail.trim_start().trim_start_matches([')', '）', ']']).trim_matches(|c: char| c.is_whitespace() || is_markup(c)).is_empty();
        let counter = COUNTERS.split('|').find(|c| rest.starts_with(c)).filter(|c| ends(&rest[c.len()..]));
        let noun = word.len() > 2 && word.ends_with('s') && !MEASURE_WORDS.contains(&word) && ends(&rest[word.len().min(rest.len())..]);
        // `(8)`, but not `**(4)** robustness`: a number in parentheses opening a line numbers it.
        let in_parens = before == Some(b'(') && rest.starts_with(')') && !line[..start - 1].trim_matches(|c: char| c.is_whitespace() || is_markup(c)).is_empty() && ends(rest);
        let after_label = rest.trim_matches(|c: char| c.is_whitespace() || is_markup(c)).is_empty()
            && line[..start].trim_end().trim_end_matches(['*', '_', ' ']).ends_with([':', '：'])
            && line[..start].split(|c: char| !c.is_alphanumeric()).any(|w| w.len() > 3 && w.ends_with(['s', 'S']));
        if !(counter.is_some() || noun || in_parens || after_label) || !(2..=200).contains(&n) {
            return None;
        }
        found = Some(n);
    }
    let lower = crate::case::to_lower(line);
    found.filter(|_| !crate::packed::holds_any(&lower, APPROXIMATE))
}

/// A line that states a count over what follows it, and the count that follows: (stated,
/// listed), when they differ.
fn stated_count_at(doc: &Document, start: usize, line: &str) -> Option<(u32, usize)> {
    // Most lines state no count: a heading, a lead-in or an inline list, with a digit.
    let heading = line.starts_with('#');
    let lead_in = line.trim_end_matches(['*', '_']).ends_with([':', '：']);
    // `、` and `，` open with 0xE3 and 0xEF; a line's `—` (0xE2) does not send it to the slow search.
    let has = |ascii: u8, wide: &[char]| memchr::memchr(ascii, line.as_bytes()).is_some() || memchr::memchr2(0xE3, 0xEF, line.as_bytes()).is_some() && line.contains(wide);
    let inline_list = !heading && !lead_in && has(b',', &['、', '，']) && has(b':', &['：']);
    if !(heading || lead_in || inline_list) || !line.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let bare = line.trim_start_matches('#').trim().trim_matches(['*', '_']).trim();
    let (head, inline) = match bare.find([':', '：']) {
        Some(colon) => (&bare[..colon], bare[colon..].trim_start_matches([':', '：', '*', '_', ' '])),
        None => (bare, ""),
    };
    if !inline.is_empty() && !inline.contains([',', '、', '，']) {
        return None; // `Commits: 7`, `Phase 2: done`: a value, no inline list
    }
    let stated = stated_count(head).or_else(|| if inline.is_empty() { stated_count(bare) } else { None })?;
    let listed = if !inline.is_empty() {
        inline_list_len(inline)
    } else if heading {
        let sections = doc.sections();
        let at = sections.partition_point(|s| s.heading.start() < start);
        sections.get(at).filter(|s| s.heading.start() == start).and_then(|_| heading_list_len(doc, at))
    } else {
        list_after(doc, start + line.len())
    }?;
    (listed != stated as usize).then_some((stated, listed))
}

/// How many items an inline list holds (`a, b, c`), when the line is one (three or more,
/// not cut short with `etc.` or `…`).
fn inline_list_len(inline: &str) -> Option<usize> {
    // Separators inside parentheses belong to an item: `A.md (1043 lines, 11 diagrams)`.
    let mut depth = 0i32;
    let mut parts = 1;
    for c in inline.chars() {
        match c {
            '(' | '（' | '[' => depth += 1,
            ')' | '）' | ']' => depth -= 1,
            ',' | '、' | '，' if depth <= 0 => parts += 1,
            _ => {}
        }
    }
    let parts = parts - usize::from(inline.trim_end().ends_with([',', '、', '，']));
    let open_ended = ["etc", "…", "...", "and more", "others", "等"].iter().any(|e| inline.trim_end().trim_end_matches(['.', ')', '）']).ends_with(e));
    (parts >= 3 && !open_ended).then_some(parts)
}

/// The number of items of the list right after `end` (only white space between), counted at
/// its own depth: nested items belong to theirs.
fn list_after(doc: &Document, end: usize) -> Option<usize> {
    counted(list_items_after(doc, end)?)
}

/// How many things a list's items count, unless the list is cut short or its items are groups.
fn counted(listed: Vec<&str>) -> Option<usize> {
    let open_ended = cut_short(listed.last()?);
    // Items that are groups (`Income (3): a, b, c`, `indexes, schema, constraints`): the
    // count counts their members, not them.
    let groups = listed.iter().any(|i| i.contains([',', '、', '，']) || stated_count(i).is_some());
    (!open_ended && !groups).then_some(listed.len())
}

/// The items of the list section `at` opens with (white space before it only).
fn opening_list(doc: &Document, at: usize) -> Option<Vec<&str>> {
    let body = doc.sections()[at].body;
    let text = doc.text(body);
    list_items_after(doc, body.start() + text.len() - text.trim_start().len())
}

/// Whether a list's last item says the list goes on (`…, etc.`, `and more`).
fn cut_short(last: &str) -> bool {
    ["etc", "…", "...", "and more", "others"].iter().any(|e| last.trim_end_matches(['.', ')']).ends_with(e))
}

/// The texts of the items of the list right after `end` (only white space between), at its
/// own depth: nested items belong to theirs.
fn list_items_after(doc: &Document, end: usize) -> Option<Vec<&str>> {
    let items = doc.items();
    let first = items.partition_point(|i| i.span.start() < end);
    let head = items.get(first)?;
    if !doc.source()[end..head.span.start()].trim().is_empty() {
        return None;
    }
    let mut count = 0usize;
    let mut last_end = head.span.start();
    for item in &items[first..] {
        if item.span.start() < last_end {
            continue; // nested in the item before
        }
        let gap = doc.source().get(last_end..item.span.start()).unwrap_or("x");
        if item.depth != head.depth || !gap.trim().is_empty() {
            break;
        }
        count += 1;
        last_end = item.span.end();
    }
    Some(items[first..].iter().filter(|i| i.depth == head.depth).take(count).map(|i| doc.text(i.text)).collect())
}

/// Under a heading: the list its body opens with, else its child headings.
fn heading_list_len(doc: &Document, at: usize) -> Option<usize> {
    let body = doc.text(doc.sections()[at].body).trim_start();
    if body.starts_with(['-', '*', '+']) || body.starts_with(|c: char| c.is_ascii_digit()) {
        return counted(opening_list(doc, at)?);
    }
    let children = doc.sections().iter().filter(|s| s.parent == Some(at)).count();
    let opens_with_child = body.starts_with('#');
    (children > 0 && opens_with_child).then_some(children)
}

/// How far down a file its summary may reach, in lines (less when a dated section opens
/// the log sooner).
const SUMMARY_LINES: usize = 40;

/// Words that name what a progress count counts.
const KINDS: &[&str] = &[
    "features", "tasks", "tests", "items", "stories", "steps", "issues", "todos", "requirements", "tickets",
    // The reader's other languages (Russian by the stem: задач, задачи).
    "tareas", "funcionalidades", "pruebas", "tarefas", "testes", "tâches", "fonctionnalités", "aufgaben", "funktionen",
    "attività", "funzionalità", "uppgifter", "funktioner", "задач", "функци", "тест", "タスク", "機能", "テスト", "任务",
    "功能", "测试", "작업", "기능", "테스트",
];
static KINDS_PACKED: crate::packed::Words = crate::packed::packed_words!(KINDS);

/// The least total that total-changed reads as the run's: below it, a count is of one
/// session's own steps.
const MIN_RUN_TOTAL: u32 = 10;

/// The [`KINDS`] that count tests.
const TEST_KINDS: &str = "tests|pruebas|testes|тест|テスト|测试|테스트";

/// Words that make a fraction without a kind a progress count (`12/20 done`).
const DONE_WORDS: &str = "passing|complete|done|finished|completad|terminad|hech|concluíd|terminé|\
    erledigt|abgeschlossen|completat|klar|выполнен|готов|完了|完成|已完成|완료";

/// Labels for progress a fraction may follow (`Progress: 18/24`, `Avancement : 9/15`), stems.
const PROGRESS_LABELS: &str = "progress|progreso|progresso|avancement|fortschritt|framsteg|прогресс|\
    進捗|进度|진행";

/// A progress count on a line: `137/137`, `5/94`, `88 features total`, `Total Features: 210`
/// (done, if written; the total), with the kind it counts when the line names one.
#[derive(Clone, Copy)]
pub(crate) struct Count {
    pub(crate) done: Option<u32>,
    pub(crate) total: u32,
    kind: Option<&'static str>,
}

fn count_on(line: &str) -> Option<Count> {
    count_in(&crate::case::to_lower(line))
}

/// [`count_on`] of a line lower-cased already.
pub(crate) fn count_in(lower: &str) -> Option<Count> {
    // The fraction first: most lines hold none, and then only a total counts.
    let fraction = match one_fraction(lower) {
        Fraction::One(done, total, at) => Some((done, total, at)),
        Fraction::None if !lower.contains("total") => return done_and_left(lower),
        Fraction::None => None,
        Fraction::Several => return None, // which is the run's is not clear
    };
    if crate::lexicon::states_a_goal(lower) {
        return None;
    }
    let kind = KINDS_PACKED.iter().find(|k| lower.contains(k));
    if let Some((done, total, at)) = fraction {
        // Without a kind, a fraction is a count when a done word follows it (`26/30 passing`),
        // or the line has one and a percentage (`88% complete (42/50)`); not a pair of codes
        // (`Complete validation with 404/409 error handling`).
        let after = lower[at.end..].trim_start_matches([' ', '*', '_', ':', '-']);
        // `Done: 6 / 8`, `已完成 8/10`, `**completate 4 su 8**`: a done word labels the
        // fraction (the words are stems: the label's last word opens with one).
        let label = lower[..at.start].trim_end().trim_end_matches([':', '：', '*', '_', ' ']);
        let last_word = label.rsplit([' ', '*', '_']).next().unwrap_or(label);
        // `Progress: 18/24 (85%)`: a label for progress counts what is done.
        let counted = kind.is_some()
            || DONE_WORDS.split('|').any(|w| after.starts_with(w) || label.ends_with(w) || last_word.starts_with(w))
            || counted_things_done(after)
            || crate::packed::opens_with_any(last_word, PROGRESS_LABELS)
            || lower.contains('%') && crate::packed::holds_any(lower, DONE_WORDS);
        return (counted && total >= 2 && done <= total).then_some(Count { done: Some(done), total, kind });
    }
    // `88 features total`, `Total features: 210`
    let kind = kind?;
    if !lower.contains("total") {
        return None;
    }
    let numbers: Vec<u32> = lower.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    // One number is the total; among several, the one written against the kind (`88
    // features total across 8 phases`), not a number of something else.
    let total = match numbers[..] {
        [total] => total,
        _ => number_before(lower, kind)?,
    };
    (total >= 2).then_some(Count { done: None, total, kind: Some(kind) })
}

/// Whether what follows a fraction names the things it counts and says they are done
/// (`8 of 11 endpoints are migrated`, `5/9 Seiten sind umgesetzt`, `8/12 milestones done`): a
/// word, a verb to be, then a verb of finished work or a done word.
fn counted_things_done(after: &str) -> bool {
    let Some((_, rest)) = after.split_once(' ') else { return false };
    let rest = ["are ", "is ", "were ", "have been ", "has been ", "sind ", "wurden ", "están ", "estão ", "sont ", "sono ", "zijn ", "är "]
        .iter()
        .find_map(|aux| rest.strip_prefix(aux))
        .unwrap_or(rest);
    crate::lexicon::done_verb(rest).is_some() || DONE_WORDS.split('|').any(|w| rest.starts_with(w))
}

/// A count written as what is done and what is left (`236 passing, 14 remaining`, `12 done /
/// 3 left`): the total is their sum. The kind is the line's, if it names one.
fn done_and_left(lower: &str) -> Option<Count> {
    let left_at = LEFT_WORDS.iter().find_map(|w| lower.find(w))?;
    let left = number_at(lower, left_at)?;
    let done = DONE_WORDS.split('|').find_map(|w| number_at(lower, lower[..left_at].find(w)?))?;
    let total = done.checked_add(left)?;
    let kind = KINDS_PACKED.iter().find(|k| lower.contains(k));
    (total >= 2 && !crate::lexicon::states_a_goal(lower)).then_some(Count { done: Some(done), total, kind })
}

/// Words for what is left, after its number (`14 remaining`). Each is one more search of the
/// whole text ([`count_lines`], about 0.9M instructions a megabyte): the one the harness
/// logs that write such counts use.
const LEFT_WORDS: &[&str] = &["remaining"];

/// Whether `lower` writes `total` as the total of `kind`: `88 features total`, `total: 88
/// features`, `88 features in total`.
fn states_total(lower: &str, kind: &str, total: u32) -> bool {
    let Some(at) = lower.find(kind) else { return false };
    let after = lower[at + kind.len()..].trim_start_matches([' ', '*', '_']);
    let before = lower[..at].trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, ' ' | '*' | '_'));
    number_before(lower, kind) == Some(total)
        && (after.starts_with("total") || after.starts_with("in total") || before.trim_end_matches([':', ' ', '*']).ends_with("total"))
}

/// The number written right before `word` in `lower` (`88 features`, `**88** features`).
fn number_before(lower: &str, word: &str) -> Option<u32> {
    number_at(lower, lower.find(word)?)
}

/// The number written right before byte `at` of `lower`, markup and spaces between.
fn number_at(lower: &str, at: usize) -> Option<u32> {
    let before = lower[..at].trim_end_matches([' ', '*', '_']);
    let digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
    let start = before.len() - digits;
    if digits == 0 || before[..start].ends_with(|c: char| c.is_alphanumeric() || matches!(c, '.' | '/' | ',')) {
        return None;
    }
    before[start..].parse().ok()
}

/// The plain fractions of a line.
enum Fraction {
    None,
    /// `a/b`, both plain numbers, and where it is written.
    One(u32, u32, std::ops::Range<usize>),
    Several,
}

impl Fraction {
    /// Records the fraction written `line[done]` over `line[total]`, both plain numbers (one
    /// that does not parse is no fraction): false when the line holds one already.
    fn add(&mut self, line: &str, done: std::ops::Range<usize>, total: std::ops::Range<usize>) -> bool {
        let (Ok(d), Ok(t)) = (line[done.clone()].parse::<u32>(), line[total.clone()].parse::<u32>()) else { return true };
        if !matches!(self, Fraction::None) {
            return false;
        }
        *self = Fraction::One(d, t, done.start..total.end);
        true
    }
}

/// The one fraction `a/b` of a line (`6 / 8` too): both plain numbers, not a date
/// `2026/01/02`, a path or a rating `4.5/5`.
fn one_fraction(line: &str) -> Fraction {
    let b = line.as_bytes();
    let mut found = Fraction::None;
    for (at, _) in line.match_indices('/') {
        // One space either side is the fraction's own: the slash stands for where it is.
        let pad_before = usize::from(at > 0 && b[at - 1] == b' ');
        let pad_after = usize::from(b.get(at + 1) == Some(&b' '));
        let slash = at - pad_before;
        let left = line[..slash].bytes().rev().take_while(u8::is_ascii_digit).count();
        let right = line[at + 1 + pad_after..].bytes().take_while(u8::is_ascii_digit).count();
        if left == 0 || right == 0 {
            continue;
        }
        let (at, slash) = (at + pad_after, slash);
        let before = (slash - left).checked_sub(1).map(|i| b[i]);
        let after = b.get(at + 1 + right).copied();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/' | b'-' | b'_'))
            || after.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'.' if b.get(slash + 2 + right).is_some_and(u8::is_ascii_digit)))
        {
            continue;
        }
        if !found.add(line, slash - left..slash, at + 1..at + 1 + right) {
            return Fraction::Several;
        }
    }
    // `4 of 9`, `4 av 9 klara`, `6 de 11`, `3 von 8`, `5 из 9`: a fraction in words.
    for word in [" of ", " av ", " de ", " von ", " di ", " su ", " sur ", " из "] {
        for (at, _) in line.match_indices(word) {
            let left = line[..at].bytes().rev().take_while(u8::is_ascii_digit).count();
            let from = at + word.len();
            let right = line[from..].bytes().take_while(u8::is_ascii_digit).count();
            let before = (at - left).checked_sub(1).map(|i| b[i]);
            let after = b.get(from + right).copied();
            // A figure goes on after a point or a comma followed by a digit (`6.5`, `6,5`).
            let goes_on = |c: u8| c.is_ascii_alphanumeric() || c == b'/' || matches!(c, b'.' | b',') && b.get(from + right + 1).is_some_and(u8::is_ascii_digit);
            if left == 0 || right == 0 || before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/')) || after.is_some_and(goes_on) {
                continue;
            }
            // `task 6 of 8`, `(tarea 6 de 8)`, `Schritt 3 von 7`: which one is under way, not
            // how many are done.
            let noun = line[..at - left].trim_end().rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
            if INDEX_NOUNS_PACKED.contains(noun) {
                continue;
            }
            if !found.add(line, at - left..at, from..from + right) {
                return Fraction::Several;
            }
        }
    }
    found
}

/// Nouns a number after them counts as one of several (`task 6 of 8`): an index, not a count
/// done. Lower case, singular, in the reader's languages.
const INDEX_NOUNS: &[&str] = &[
    "task", "step", "phase", "stage", "part", "session", "sprint", "milestone", "tarea", "paso", "fase", "etapa", "sesión", "tarefa",
    "passo", "sessão", "tâche", "étape", "aufgabe", "schritt", "teil", "compito", "uppgift", "steg", "fas", "задача", "шаг", "этап",
    "фаза", "часть",
];
static INDEX_NOUNS_PACKED: crate::packed::Words = crate::packed::packed_words!(INDEX_NOUNS);

/// Words that may stand between a count and its percentage (`42/50 features passing (84%)`,
/// `84% complete (42/50)`): anything else (`5/10 tests, coverage 73%`) makes the percentage
/// another figure's.
const BETWEEN: &str = "features|feature|tests|test|tasks|task|items|item|steps|stories|passing|\
    passed|pass|complete|completed|done|finished|of|total|now";

/// A count and its percentage on one line that disagree by more than a point (`42/50 features
/// (95%)`): (done, total, the percentage as written, in tenths).
fn percentage_disagrees(line: &str) -> Option<(u32, u32, u32)> {
    let lower = crate::case::to_lower(line);
    // A progress count (`features`, `passing`, `done` named), as the summary reads one.
    count_in(&lower)?;
    let Fraction::One(done, total, at) = one_fraction(&lower) else { return None };
    if total == 0 || done > total || lower.matches('%').count() != 1 {
        return None;
    }
    let sign = lower.find('%')?;
    let b = lower.as_bytes();
    // `70 %`, as French writes it: a space before the sign.
    let figure_end = if sign > 0 && b[sign - 1] == b' ' { sign - 1 } else { sign };
    let figure_start = figure_end - b[..figure_end].iter().rev().take_while(|c| c.is_ascii_digit() || **c == b'.').count();
    let figure = &lower[figure_start..figure_end];
    let (whole, tenth) = figure.split_once('.').unwrap_or((figure, "0"));
    let tenths = whole.parse::<u32>().ok()? * 10 + tenth.get(..1).and_then(|t| t.parse::<u32>().ok()).unwrap_or(0);
    if whole.is_empty() || tenths > 1000 || b[..figure_start].last().is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let between = if figure_start >= at.end { &lower[at.end..figure_start] } else if sign < at.start { &lower[sign + 1..at.start] } else { return None };
    let near = between.len() <= 40
        && !between.bytes().any(|c| c.is_ascii_digit())
        && between.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).all(|w| crate::packed::is_any(w, BETWEEN) || KINDS_PACKED.contains(w));
    let exact = u64::from(done) * 1000 / u64::from(total);
    (near && exact.abs_diff(u64::from(tenths)) > 10).then_some((done, total, tenths))
}

/// What the summary-contradiction rule gathers in the one pass over the lines.
struct Summary {
    history: crate::document::Regions,
    summary_lines: usize,
    /// The own lines of the current-state sections outside sittings and history (`##
    /// Current Status` over `- Features remaining: 0`), wherever they stand: a summary too.
    states: Vec<Span>,
    head: Vec<(Span, Count)>,
    zero_done: Option<Span>,
    /// A line that says how many units are left (`Remaining: 0`, `3 features remaining`).
    left: Option<(Span, u32)>,
    /// A line of the summary that says the whole run is done (`**Status:** ✅ Complete`,
    /// `Nothing left to do.`).
    claims_done: Option<Span>,
    /// Lines anywhere whose count and percentage disagree: (line, (done, total, tenths)).
    percentages: Vec<(Span, (u32, u32, u32))>,
    /// The file's last count past its summary, outside history.
    last: Option<(Span, Count)>,
}

impl Summary {
    fn new(doc: &Document) -> Self {
        // The summary ends where the log begins: at the first dated section, log entry or
        // dated paragraph line (not a `Last updated:` field), else some lines in.
        let lines = doc.line_index();
        let text = doc.source();
        let first_section = doc.sections().iter().find(|s| s.timestamp.is_some()).map(|s| s.heading.start());
        let first_entry = doc.entries().first().map(|e| e.timestamp_span.start());
        let first_stamp = doc
            .stamps()
            .iter()
            .find(|s| super::shape::dates_an_entry(&text[crate::span::whole_lines(text, s.span).start()..s.span.start()]))
            .map(|s| s.span.start());
        let first_dated = [first_section, first_entry, first_stamp].into_iter().flatten().min().map(|at| lines.line_of(at));
        Summary {
            history: crate::document::Regions::of(doc, |r| r == SectionRole::History),
            summary_lines: first_dated.map_or(SUMMARY_LINES, |l| l.min(SUMMARY_LINES)),
            states: doc
                .sections()
                .iter()
                .enumerate()
                .filter(|(_, s)| s.role == SectionRole::CurrentState && !crate::parse::is_session_or_history(doc, s))
                .map(|(i, s)| Span::new(s.body.start(), doc.sections().get(i + 1).map_or(s.span.end(), |n| n.heading.start().min(s.span.end()))))
                .collect(),
            head: Vec::new(),
            zero_done: None,
            left: None,
            claims_done: None,
            percentages: Vec::new(),
            last: None,
        }
    }

    /// A line of the summary; `head`: of the file's head, whose counts the last count may
    /// contradict.
    fn read(&mut self, doc: &Document, start: usize, line: &str, head: bool) {
        if line.len() < 4 || self.history.holds(start) {
            return;
        }
        let span = Span::new(start, start + line.len());
        if self.claims_done.is_none() && says_run_done(doc, start, line) {
            self.claims_done = Some(span);
        }
        if !line.bytes().any(|b| b.is_ascii_digit()) {
            return;
        }
        match zero_count(&crate::case::to_lower(line)) {
            Some(Zero::Done) => self.zero_done = self.zero_done.or(Some(span)),
            Some(Zero::Left(n)) => self.left = self.left.or(Some((span, n))),
            None => {}
        }
        if let Some(count) = count_on(line).filter(|_| head) {
            self.head.push((span, count));
        }
    }

    fn report(self, cx: &mut Ctx) {
        let doc = cx.doc;
        for &(span, (done, total, tenths)) in &self.percentages {
            // Tenths of a percent, rounded, in integers (no float formatting in the build).
            let exact = (u64::from(done) * 2000 / u64::from(total)).div_ceil(2);
            let percent = |t: u64| if t % 10 == 0 { format!("{}%", t / 10) } else { format!("{}.{}%", t / 10, t % 10) };
            let (written, exact) = (percent(u64::from(tenths)), percent(exact));
            let d = cx
                .diag(Rule::SummaryContradiction, span, format!("this line gives {done}/{total} as {written}; {done}/{total} is {exact}"))
                .with_help("correct the count or its percentage: the next session reads both");
            cx.push(d);
        }
        let last = if self.head.is_empty() || doc.newest_first() { None } else { self.last };
        // A file kept newest first opens with its latest state: its top is no stale summary.
        if let Some((last_span, latest)) = last {
            let line = cx.line(last_span.start());
            for &(span, said) in &self.head {
                let same_kind = said.kind.is_none() || latest.kind.is_none() || said.kind == latest.kind;
                let differs = said.total != latest.total || said.done.zip(latest.done).is_some_and(|(a, b)| a != b);
                if same_kind && differs {
                    let d = cx
                        .diag(Rule::SummaryContradiction, span, format!("the summary says {said}, the file's last count says {latest} (line {line})"))
                        .with_help("update the summary when the log moves on, or say which count is current");
                    cx.push(d);
                }
            }
        }
        if last.is_none() {
            // A file without a head count may close with its summary (`## 汇总` after the
            // sessions: `已完成 7/10 项任务`): its last count outside the sittings is one.
            let closing = self.last.filter(|(span, _)| self.head.is_empty() && doc.sitting_at(span.start()).is_none());
            self.against_units(cx, closing);
        }
        if self.zero_done.is_none() && self.left.is_none() && self.claims_done.is_none() {
            return;
        }
        let units = doc.current_units();
        let current = |wanted: &dyn Fn(Status) -> bool| {
            units.iter().any(|&r| {
                let (marker, _) = doc.unit_at(r);
                marker.status.is_some_and(wanted) && !self.history.holds(marker.span.start())
            })
        };
        if let Some(span) = self.zero_done.filter(|_| current(&|s| s == Status::Completed)) {
            let d = cx
                .diag(Rule::SummaryContradiction, span, "the summary says nothing is done, and the file records completed work")
                .with_help("update the summary's count");
            cx.push(d);
        }
        if let Some(span) = self.claims_done {
            let open = units.iter().map(|&r| doc.unit_at(r)).find(|(m, _)| {
                m.status.is_some_and(|s| matches!(s, Status::Pending | Status::InProgress)) && !self.history.holds(m.span.start()) && m.span.start() > span.end()
            });
            if let Some((m, u)) = open {
                let (name, line) = (cx.quote(doc.text(u.name), 60), cx.line(m.span.start()));
                let d = cx
                    .diag(Rule::SummaryContradiction, span, format!("the summary says the work is done, and the file lists `{name}` (line {line}) as still to do"))
                    .with_help("mark the open units done or dropped, or say the work is not finished");
                cx.push(d);
            }
        }
        if let Some((span, 0)) = self.left.filter(|_| current(&|s| matches!(s, Status::Pending | Status::InProgress))) {
            let d = cx
                .diag(Rule::SummaryContradiction, span, "the summary says nothing remains, and the file lists work still to do")
                .with_help("update the summary's count, or mark the open units done");
            cx.push(d);
        }
    }
}

/// Whether a summary line says the whole run is done: a claim (`Nothing left to do.`,
/// `PROJECT 100% COMPLETE`, [`crate::lexicon::claims_all_done`]) or a status field whose
/// value is done and nothing more (`**Status:** ✅ Complete`, `**ステータス:** 完了`) in the
/// file's header or a section titled as the state (`## Current Focus`), not a part's
/// (`### Deployment Status` over `Status: Deployed`; `Status: All 3 features PASSING` counts
/// a session's features).
fn says_run_done(doc: &Document, start: usize, line: &str) -> bool {
    let content = line.trim_start().trim_start_matches(['-', '*', '+', '>']).trim_start();
    if let Some((crate::lexicon::Meaning::StatusField, _, rest)) = crate::lexicon::labelled(content) {
        let value = content[rest..].trim();
        let whole = doc.section_at(start).is_none_or(|i| i == 0 || crate::lexicon::label_of(doc.text(doc.sections()[i].title)).is_some());
        return whole && !value.bytes().any(|b| b.is_ascii_digit()) && crate::lexicon::status_of(value) == Some(Status::Completed);
    }
    crate::lexicon::may_claim(line) && crate::lexicon::claims_all_done(&crate::case::to_lower(line))
}

impl Summary {
    /// The summary's counts against the units the file marks (`Progress: 3/5 tasks complete`
    /// over five boxes, four ticked): where the totals agree, they count the same things, and
    /// the figure done must too; a number left (`3 features remaining`) must be the units
    /// open. Finished work told as prose, history and a Next Steps list are no marked units.
    fn against_units(&self, cx: &mut Ctx, closing: Option<(Span, Count)>) {
        let doc = cx.doc;
        let (mut total, mut done, mut open) = (0u32, 0u32, 0u32);
        // The same by section: (section, total, done), in file order.
        let mut by_section: Vec<(Option<usize>, u32, u32)> = Vec::new();
        // The boxes alone (total, done): a to-do file counts its boxes (`completate 4 su 8`
        // over eight boxes, with notes nested under them).
        let mut boxes = (0u32, 0u32);
        for &r in doc.current_units() {
            let (marker, _) = doc.unit_at(r);
            let Some(status) = marker.status else { continue };
            // A Next Steps list restates work the units hold (`Finish PAY-327` under a board
            // that lists PAY-327): not more units.
            let restated = doc.role_at(marker.span.start()) == Some(SectionRole::NextStep);
            if marker.source == crate::document::MarkerSource::Prose || self.history.holds(marker.span.start()) || restated {
                continue;
            }
            let is_done = u32::from(matches!(status, Status::Completed | Status::Skipped));
            total += 1;
            done += is_done;
            open += u32::from(matches!(status, Status::Pending | Status::InProgress));
            if marker.source == crate::document::MarkerSource::Checkbox {
                boxes.0 += 1;
                boxes.1 += is_done;
            }
            let section = doc.section_at(marker.span.start());
            match by_section.iter_mut().find(|(s, ..)| *s == section) {
                Some((_, t, d)) => {
                    *t += 1;
                    *d += is_done;
                }
                None => by_section.push((section, 1, is_done)),
            }
        }
        if let Some((span, said)) = self.left.filter(|&(_, said)| said > 0 && open > 0 && said != open) {
            let d = cx
                .diag(Rule::SummaryContradiction, span, format!("the summary says {said} remaining, and the file lists {open} units still to do"))
                .with_help("update the summary's count to the open units, or mark the units done or dropped");
            cx.push(d);
        }
        for (span, said) in self.head.iter().copied().chain(closing) {
            let Some(stated) = said.done else { continue };
            if said.total == total {
                if stated != done {
                    let d = cx
                        .diag(Rule::SummaryContradiction, span, format!("the summary says {stated}/{total} done, and the file marks {done} of its {total} units done"))
                        .with_help("update the summary's count to the units' state, or the units to the summary's");
                    cx.push(d);
                }
                continue;
            }
            if said.total == boxes.0 {
                if stated != boxes.1 {
                    let d = cx
                        .diag(Rule::SummaryContradiction, span, format!("the summary says {stated}/{total} done, and the file ticks {} of its {total} boxes", boxes.1, total = said.total))
                        .with_help("update the summary's count to the boxes, or tick the boxes the summary counts");
                    cx.push(d);
                }
                continue;
            }
            // Else the one section whose units the count's total is (`7 de 10 tarefas do
            // marco M2 concluídas` over `### Marco M2 — tarefas`, ten boxes, six ticked).
            let mut same = by_section.iter().filter(|&&(_, t, _)| t == said.total);
            let first = same.next();
            // A to-do file whose units are all boxes, and whose summary (no item itself:
            // `- [ ] A/B test (50/50)`) totals neither its boxes, optional ones included,
            // nor its top-level boxes, nor a section's: the list grew or shrank and the
            // summary was not updated (`9/14 tareas` over eighteen boxes, eleven at the top).
            if first.is_none() && boxes.0 == total && total >= 3 && doc.items_within(Span::new(span.start(), span.start() + 1)).is_empty() {
                let listed = doc.items().iter().filter(|i| i.checkbox.is_some() && !self.history.holds(i.span.start()));
                let (all, top) = listed.fold((0u32, 0u32), |(all, top), i| (all + 1, top + u32::from(i.depth == 1)));
                if said.total != all && said.total != top {
                    let d = cx
                        .diag(Rule::SummaryContradiction, span, format!("the summary counts {} in all, and the file lists {all} boxes ({top} at the top level)", said.total))
                        .with_help("update the summary's total to the list, or say what it counts");
                    cx.push(d);
                }
                continue;
            }
            if let (Some(&(Some(s), _, marked)), None) = (first, same.next()) {
                if marked != stated {
                    let section = &doc.sections()[s];
                    let (title, line) = (cx.quote(super::title_of(doc, section), 40), cx.line(section.heading.start()));
                    let d = cx
                        .diag(Rule::SummaryContradiction, span, format!("the summary says {stated}/{} done, and `{title}` (line {line}) marks {marked} of its {} units done", said.total, said.total))
                        .with_help("update the summary's count to the units' state, or the units to the summary's");
                    cx.push(d);
                }
            }
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.done {
            Some(done) => write!(f, "{done}/{}", self.total)?,
            None => write!(f, "{} in total", self.total)?,
        }
        match self.kind {
            Some(kind) => write!(f, " {kind}"),
            None => Ok(()),
        }
    }
}

/// Words for what is left, in the reader's languages (`Remaining: 0`, `Осталось задач: 0`,
/// `Pendientes: 0`, `残り: 0`).
const LEFT_LABELS: &str = "remaining|left|pending|open|todo|pendientes|restantes|faltan|restam|\
    faltam|restant|offen|übrig|verbleibend|rimanenti|kvar|осталось|остались|残り|剩余|待办|남은";

enum Zero {
    Done,
    /// How many are left: `Remaining: 0`, `3 features remaining`.
    Left(u32),
}

/// `Completed: 0`, `Progress: 0%`, `0 features done`; `Remaining: 0`, `0 remaining`, and
/// any number left (`3 features remaining`).
fn zero_count(lower: &str) -> Option<Zero> {
    let t = lower.trim_start_matches(['-', '*', '|', ' ']).replace(['*', '|'], " ");
    let words: Vec<&str> = t.split(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | '，' | '、')).filter(|w| !w.is_empty()).collect();
    // The line's one plain number (a version, `1.0`, or a date is no count).
    let plain = |w: &str| !w.is_empty() && w.trim_end_matches('%').bytes().all(|b| b.is_ascii_digit());
    let mut numbers = words.iter().enumerate().filter(|(_, w)| plain(w));
    let (number_at, number) = numbers.next()?;
    if numbers.next().is_some() {
        return None;
    }
    // `3 features remaining`, `2 tasks left`: a number, a word for what, and left.
    let left_after = |k: usize| words.get(number_at + k).is_some_and(|w| matches!(*w, "remaining" | "left"));
    if number.bytes().all(|b| b.is_ascii_digit()) && (left_after(1) || left_after(2)) {
        return number.parse().ok().map(Zero::Left);
    }
    // `Remaining: 3`, `Offen: 3`, `剩余：3 项`: a word for what is left labels the number.
    let labels = |w: &str| crate::packed::is_any(w, LEFT_LABELS) && [format!("{w}:"), format!("{w}：")].iter().any(|l| t.contains(l.as_str()));
    if number.bytes().all(|b| b.is_ascii_digit()) && number_at > 0 && labels(words[number_at - 1]) {
        return number.parse().ok().map(Zero::Left);
    }
    let zero_at = (*number == "0" || *number == "0%").then_some(number_at)?;
    // `Completed: 0`, `Remaining: 0` (the zero right after a label), `0 remaining`, `0
    // features done` (the zero opens the count); not `Tier 0 improvements complete`.
    let after_label = t.split([':', '：']).nth(1).is_some_and(|v| v.trim().trim_end_matches(['(', ' ']).starts_with('0'))
        && t.split([':', '：']).nth(1).is_some_and(|v| v.split_whitespace().next().is_some_and(|w| w == "0" || w == "0%"));
    if !after_label && zero_at != 0 {
        return None;
    }
    let near = &words[zero_at.saturating_sub(3)..(zero_at + 3).min(words.len())];
    let says = |list: &str| near.iter().any(|w| crate::packed::is_any(w, list));
    if says(LEFT_LABELS) {
        return Some(Zero::Left(0));
    }
    if says(
        "completed|complete|done|finished|passing|progress|completadas|hechas|concluídas|terminées|\
        erledigt|completate|klara|выполнено|готово|完了|已完成|완료",
    ) {
        return Some(Zero::Done);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stated_counts() {
        for (line, want) in [
            ("### Remaining Product Features (8 features)", Some(8)),
            ("## Recent (last 4 sessions)", Some(4)),
            ("核心编排器 (16个)", Some(16)),
            ("Git Commits Today: 7", Some(7)),
            ("Open questions (3):", Some(3)),
            ("88 features total across 8 phases:", None),
            ("Session 12 (2 hours)", None),
            ("v2.3 changes:", None),
            ("Top 3 risks:", None),
            ("Fixed 3 bugs in 2026-01-02 build:", None),
            ("1. Database Schema (16 features)", Some(16)),
            ("**Files Created (7):**", Some(7)),
            ("Added a test suite (49 tests) covering", None),
            ("Completed 10 features this session", None),
            ("**(4)** robustness in-suite", None),
            ("注册全部31个编排器适配器", None),
            ("## ALL 6 PHASES COMPLETE", None),
            ("NeoHome.tsx (54 lignes) - Assemblage", None),
        ] {
            assert_eq!(stated_count(line), want, "{line}");
        }
    }

    #[test]
    fn progress_counts() {
        let c = count_on("Status: 142/152 features passing (93.4%)").unwrap();
        assert_eq!((c.done, c.total, c.kind), (Some(142), 152, Some("features")));
        assert!(count_on("Rating 4.5/5 stars").is_none());
        assert!(count_on("Target: 30/30 features (100%)").is_none());
        assert!(count_on("**Starting Status:** 125/137 features passing").is_none());
        assert!(count_on("Date: 2026/01/02 done").is_none());
        assert!(count_on("see src/a/b/2/3").is_none());
        assert_eq!(count_on("88 features total across 8 phases:").map(|c| c.total), Some(88));
        assert_eq!(count_on("Total: 3 phases, 40 tasks").map(|c| c.total), Some(40));
        assert_eq!(count_on("Total of 12 tests in v2.3 features").map(|c| c.total), None);
        assert_eq!(count_on("- **Total Features:** 210").map(|c| c.total), Some(210));
        // Done and left, summed; a kindless fraction only with a done word or its percentage after.
        let c = count_on("Status: 236 passing, 14 remaining (thumbnail preview)").unwrap();
        assert_eq!((c.done, c.total, c.kind), (Some(236), 250, None));
        assert_eq!(count_on("26/30 passing, 4 blocked").map(|c| c.total), Some(30));
        assert!(count_on("Complete validation with 404/409 error handling").is_none());
        // Which one is under way, not how many are done.
        for line in ["En curso: validación (tarea 6 de 8).", "Working on task 3 of 7", "Schritt 2 von 5: Export"] {
            assert!(count_on(line).is_none(), "{line}");
        }
        assert_eq!(count_on("6 of 8 tasks done").map(|c| (c.done, c.total)), Some((Some(6), 8)));
    }

    #[test]
    fn a_count_and_its_percentage() {
        assert_eq!(percentage_disagrees("- ✅ 42/50 features complete (95%)"), Some((42, 50, 950)));
        assert_eq!(percentage_disagrees("**Progress:** 88% complete (42/50)"), Some((42, 50, 880)));
        assert_eq!(percentage_disagrees("Status: 131/137 features passing (91.2%)"), Some((131, 137, 912)));
        // Agreeing, within a point either way (rounded or cut).
        for line in ["Status: 142/152 features passing (93.4%)", "42/50 features (84%)", "Progress: 2/3 tasks — 66%", "1/3 done (33.3%)"] {
            assert_eq!(percentage_disagrees(line), None, "{line}");
        }
        // A percentage of something else, or more than one count.
        for line in ["5/10 tests passing, coverage 73%", "Sprint 3/4: 85% of budget spent", "2/5 and 3/5 (40%)", "Step 4/9 in 2026 (20%)"] {
            assert_eq!(percentage_disagrees(line), None, "{line}");
        }
    }

    #[test]
    fn zero_counts() {
        assert!(matches!(zero_count("- **completed:** 0"), Some(Zero::Done)));
        assert!(matches!(zero_count("- **progress:** 0%"), Some(Zero::Done)));
        assert!(matches!(zero_count("- features remaining: 0"), Some(Zero::Left(0))));
        assert!(zero_count("- completed: 0 of 12").is_none());
        assert!(zero_count("errors: 0").is_none());
        assert!(zero_count("- status: tier 0 improvements complete").is_none());
        assert!(matches!(zero_count("0 features remaining"), Some(Zero::Left(0))));
        assert!(matches!(zero_count("features remaining: 0 — ready for 1.0 tag"), Some(Zero::Left(0))));
        assert!(matches!(zero_count("billing is live. 3 features remaining before the beta."), Some(Zero::Left(3))));
        assert!(matches!(zero_count("**remaining: 3**"), Some(Zero::Left(3))));
        assert!(matches!(zero_count("**当前进度：阶段三，剩余：3 项**"), Some(Zero::Left(3))));
        // A step about what is left is no summary.
        assert!(zero_count("2. 残り 14 か所の `toLocaleString()` を置き換え").is_none());
        assert!(zero_count("3 features across 2 phases remaining").is_none());
    }
}
