//! summary-contradiction, for a field of the file's header: the block under the title that
//! sums the run up (`**Session Number:** 49`, `**Unpushed Commits:** 0`) gives a number that
//! a section further down gives otherwise for the same field (`- **Unpushed Commits:** 26`
//! under Git Status). One of the two is stale, and the next session reads the header first
//! (docs/reader.md, "Counts and summaries").
//!
//! A field is a bold label and a number opening its value (`**Label:** 12`, `**Label**: 12`,
//! as a list item or not). The header is the text before the first heading below the title;
//! the later fields are read outside history and dated sections (a session's own figures).
//! A header field that numbers the current sitting (`**Session Number:** 49`) is also held
//! against the latest sitting the file logs (`### Session #48 (Current)`).

use super::Ctx;
use crate::code::lines_outside_code;
use crate::document::SectionRole;
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    let doc = cx.doc;
    if !cx.on(Rule::SummaryContradiction) || doc.dialect() == Dialect::MemoryStore || doc.is_json() {
        return;
    }
    last_updated(cx);
    // The header ends at the first heading below the title.
    let title = doc.title().map(|t| t.heading.start());
    let Some(end) = doc.sections().iter().find(|s| Some(s.heading.start()) != title).map(|s| s.heading.start()) else { return };
    let mut header: Vec<(String, u32, usize)> = Vec::new();
    let history = crate::document::Regions::of(doc, |r| r == SectionRole::History);
    for (_, start, line) in lines_outside_code(doc) {
        if start >= end {
            if header.is_empty() {
                return; // no field to contradict: the rest of the file need not be read
            }
            if history.holds(start) || doc.dated_section_at(start).is_some() {
                continue;
            }
        }
        let Some((label, value)) = field(line) else { continue };
        let key = crate::identity::section_key(label);
        if start < end {
            if !header.iter().any(|(k, ..)| *k == key) {
                latest_sitting(cx, &key, value, Span::new(start, start + line.len()));
                header.push((key, value, start));
            }
            continue;
        }
        let Some((_, said, at)) = header.iter().find(|(k, ..)| *k == key) else { continue };
        if *said != value {
            let (said, line_at) = (*said, cx.line(*at));
            let span = Span::new(start, start + line.len());
            let d = cx
                .diag(Rule::SummaryContradiction, span, format!("this line gives `{}` as {value}, and the header (line {line_at}) as {said}", cx.quote(label, 40)))
                .with_help("update the header when the state below it moves on, or correct this line: one of the two is stale");
            cx.push(d);
        }
    }
}

/// A header field that numbers the current sitting (`**Session Number:** 49`, `**Sesión:**
/// 12`) against the latest sitting the file logs under a heading of that series (`### Session
/// #48 (Current)`): the header moved on without the log, or the log without the header.
/// Sprints, days and weeks are left alone: a file plans them ahead.
fn latest_sitting(cx: &mut Ctx, key: &str, said: u32, span: Span) {
    use crate::identity::{PLANNED_SITTINGS, SITTINGS};
    let Some(word) = key.split(' ').next().filter(|w| crate::packed::is_any(w, SITTINGS) && !crate::packed::is_any(w, PLANNED_SITTINGS)) else { return };
    let doc = cx.doc;
    let latest = doc
        .sections()
        .iter()
        .filter_map(|s| {
            let title = crate::identity::section_key(super::title_of(doc, s));
            let (series, n) = crate::identity::sitting(&title)?;
            (series == word).then_some((n, s.heading.start()))
        })
        .max_by_key(|&(n, _)| n);
    let Some((logged, at)) = latest.filter(|&(n, _)| n != said) else { return };
    let line = cx.line(at);
    let d = cx
        .diag(Rule::SummaryContradiction, span, format!("the header says {word} {said}, and the latest {word} the file logs is {logged} (line {line})"))
        .with_help("log the sitting the header names, or update the header: the next session reads the header first");
    cx.push(d);
}

/// A bold label and the number its value opens with: `**Unpushed Commits:** 0 (all
/// synced)`, `- **Tests**: 42 passing`.
fn field(line: &str) -> Option<(&str, u32)> {
    let t = line.trim_start();
    // A list marker before the label (`- **…**`), not the label's own `**`.
    let t = t.strip_prefix(['-', '+', '*']).filter(|r| r.starts_with(' ')).map_or(t, str::trim_start);
    let t = t.strip_prefix("**")?;
    let close = t.find("**")?;
    let (label, rest) = (&t[..close], &t[close + 2..]);
    let (label, rest) = match label.strip_suffix([':', '：']) {
        Some(label) => (label, rest),
        None => (label, rest.strip_prefix([':', '：'])?),
    };
    let label = label.trim();
    if label.is_empty() || label.len() > 40 || label.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = rest.trim_start().trim_start_matches(['*', '_']);
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    // A number alone, not the start of a date, a version or a fraction (`2026-04-14`, `1.2`, `3/5`).
    if digits == 0 || value[digits..].starts_with(['-', '.', '/', ':', ',']) {
        return None;
    }
    Some((label, value[..digits].parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields() {
        assert_eq!(field("**Unpushed Commits:** 0 (all synced)"), Some(("Unpushed Commits", 0)));
        assert_eq!(field("- **Unpushed Commits:** 26 (from sessions Dec 26)"), Some(("Unpushed Commits", 26)));
        assert_eq!(field("**Tests**: 42 passing"), Some(("Tests", 42)));
        assert_eq!(field("**Last Updated:** 2026-04-14"), None);
        assert_eq!(field("**Completion:** 49/50 features"), None);
        assert_eq!(field("**Branch:** main"), None);
    }
}

/// A field that dates the file's last update (`Last updated: 2026-11-01`, `**Actualizado:**
/// …`, `最終更新：…`), outside history and not of its sitting's own day, older by more than a day than the
/// latest work the file logs (a dated section or log entry, line N): the field was not kept
/// up, and a reader trusting it misjudges how fresh the file is. Said once, of the first such
/// field.
fn last_updated(cx: &mut Ctx) {
    const DAY: i64 = 86_400;
    let doc = cx.doc;
    let text = doc.source();
    let latest_work = doc
        .sections()
        .iter()
        .filter_map(|s| s.timestamp.map(|t| (t.epoch_seconds, s.heading.start())))
        .chain(doc.entries().iter().map(|e| (e.timestamp.epoch_seconds, e.timestamp_span.start())))
        .max_by_key(|&(t, _)| t);
    let Some((newest, at)) = latest_work else { return };
    let history = crate::document::Regions::of(doc, |r| r == SectionRole::History);
    for stamp in doc.stamps() {
        let start = stamp.span.start();
        // Inside a dated section, a field of that section's own day dates the sitting; an
        // older one (a footer left at the end of the last sitting) is stale.
        let own_day = doc.dated_section_at(start).and_then(|s| s.timestamp).is_some_and(|t| t.epoch_seconds - stamp.timestamp.epoch_seconds <= DAY);
        if newest - stamp.timestamp.epoch_seconds <= DAY || history.holds(start) || own_day {
            continue;
        }
        let line_start = crate::span::line_start(text, start);
        let before = text[line_start..start].trim_start_matches(['-', '*', '+', '>', ' ']);
        let label = before.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | '*' | '_'));
        // `Date:` may date the file's start (a handoff's day, a log's creation): only a label
        // for an update says the file is current as of then.
        const PLAIN: [&str; 7] = ["date", "fecha", "datum", "дата", "日付", "日期", "날짜"];
        let plain = PLAIN.contains(&crate::case::to_lower(label.trim_matches(['*', '_', ' '])).as_str());
        if label.is_empty() || plain || !crate::lexicon::names_the_date(label) {
            continue;
        }
        let line = crate::span::Span::new(line_start, crate::span::line_content_end(text, stamp.span.end()));
        let (said, line_at) = (doc.text(stamp.span).to_owned(), cx.line(at));
        let d = cx
            .diag(Rule::SummaryContradiction, line, format!("this line dates the last update `{}`, and the file logs work of a later day (line {line_at})", cx.quote(&said, 40)))
            .with_help("update the date when the file is updated, or drop the field: the log's own dates say how fresh it is");
        cx.push(d);
        return;
    }
}
