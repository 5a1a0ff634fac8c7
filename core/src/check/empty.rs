//! empty-section: a section with no content, or only a word that says there is none
//! (`(none)`, `N/A`, `なし`, [`crate::lexicon::NOTHING`]); a dated log entry with no body
//! (docs/rules.md "empty-section"). A heading followed by a deeper heading is not empty:
//! its content is its subsections.
//!
//! Left to other rules, so nothing is reported twice: a section that holds only `TBD`
//! (unfilled-placeholder), the next step's section (empty-next-step), session notes'
//! Current State (stale-current-state). Left alone: sections about problems (Blockers,
//! Known Issues, Errors: [`crate::lexicon::names_problems`]) that say `None`, the answer;
//! a TASK COMPLETE block; the file's title.
//!
//! Headings are also written as lines: `### Status: COMPLETE`, `## PLAN Mode - ✅ COMPLETE`,
//! `Previous session:` over a rule, a group heading over dated entries at its own level.
//! Such a heading says what it has to say, so a heading that states a value (`Label:
//! value`, a status at its end), ends with a colon, or heads dated siblings is not reported,
//! and neither is an empty section among siblings that are mostly empty too.
//!
//! A checkpoint log's Decisions Made, Progress Markers and Key Discoveries fill as the run
//! goes: empty, they say nothing is recorded yet.
//!
//! Session notes start as the template's empty sections, by design. Once work has started
//! (the Worklog has content), each template section should hold something, except one whose
//! description makes it conditional ("If the user asked for a specific output…", Key
//! Results): only those are reported, and only then.
//!
//! A dated section or dated paragraph without a body is reported only where most of the
//! file's dated entries have one: a log of one-line entries (`### 2026-04-08 — Fixed the
//! login`) says what it has to say in its headings. A dated paragraph counts as an entry
//! heading when its text before the date (digits aside) recurs on others (`Progress Update
//! - 2026-04-08 (session 76)`), and it is empty when the next entry follows directly.

use super::{title_of, Ctx};
use crate::document::{Document, Section, SectionRole};
use crate::lexicon;
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::EmptySection) {
        return;
    }
    sections(cx);
    stamps(cx);
}

/// The text of a section before its first subsection, below its italic description, and
/// whether it has subsections.
fn own_content(doc: &Document, i: usize) -> (Span, bool) {
    let s = &doc.sections()[i];
    let sub = doc.sections().get(i + 1).filter(|n| n.heading.start() < s.span.end());
    let end = sub.map_or(s.span.end(), |n| n.heading.start());
    let start = s.description.map_or(s.body.start(), |d| d.end()).min(end);
    (Span::new(start, end), sub.is_some())
}

/// Nothing there: blank, an HTML comment (a template's guidance), or a word for none.
fn says_nothing(content: &str) -> bool {
    let t = content.trim();
    t.is_empty() || (t.starts_with("<!--") && t.ends_with("-->") && t.matches("-->").count() == 1) || lexicon::holds_only(t, &lexicon::NOTHING_PACKED)
}

fn sections(cx: &mut Ctx) {
    let doc = cx.doc;
    let all = doc.sections();
    let notes = doc.dialect() == Dialect::SessionNotes;
    let template_level = cx.template.sections().iter().map(|t| t.level).min().unwrap_or(1);
    let worked = notes && all.iter().enumerate().any(|(i, s)| s.role == SectionRole::Worklog && !doc.text(own_content(doc, i).0).trim().is_empty());
    // A checkpoint log's four sections fill as the run goes: an empty Decisions Made is no
    // decision yet, not a gap (empty-next-step speaks for the next step).
    let checkpoint_section = |s: &Section| {
        doc.dialect() == Dialect::CheckpointLog && matches!(s.role, SectionRole::Decisions | SectionRole::Progress | SectionRole::Discoveries | SectionRole::NextStep)
    };
    let empty: Vec<bool> = (0..all.len()).map(|i| {
        let (content, has_sub) = own_content(doc, i);
        !has_sub && !skipped(doc, i) && !checkpoint_section(&all[i]) && says_nothing(doc.text(content))
    }).collect();
    // A section about problems that says `None` has answered (session notes' template
    // sections aside: the template asks for them); one left blank has not.
    let answered = |i: usize| lexicon::names_problems(title_of(doc, &all[i])) && !doc.text(own_content(doc, i).0).trim().is_empty();
    // (empty, all) among the sections under each parent (index + 1; 0 for the top level),
    // and among the dated ones.
    let mut siblings = vec![(0usize, 0usize); all.len() + 1];
    let (mut dated, mut dated_empty) = (0, 0);
    for (i, s) in all.iter().enumerate() {
        let at = s.parent.map_or(0, |p| p + 1);
        siblings[at] = (siblings[at].0 + usize::from(empty[i] && !answered(i)), siblings[at].1 + 1);
        if s.timestamp.is_some() {
            dated += 1;
            dated_empty += usize::from(empty[i]);
        }
    }
    let title_index = doc.title().map(|t| t.heading.start());
    for (i, s) in all.iter().enumerate() {
        if !empty[i] || Some(s.heading.start()) == title_index && i == 0 {
            continue;
        }
        let name = title_of(doc, s);
        let template = notes && s.level == template_level;
        if template {
            let Some(k) = cx.template.find(name) else { continue };
            let conditional = cx.template.sections()[k].descriptions.iter().any(|d| {
                let d = crate::case::to_lower(d.trim());
                d.starts_with("if ") || d.starts_with("when ")
            });
            if !worked || conditional || s.role == SectionRole::CurrentState || s.role == SectionRole::Worklog {
                continue;
            }
        } else {
            let (sib_empty, sib_all) = siblings[s.parent.map_or(0, |p| p + 1)];
            // The next heading at this level is dated, or underlined (`📌 PHASE\n-----`, a
            // decorated line of this section's text rather than a section of its own).
            let next_dated = all.get(i + 1).is_some_and(|n| n.parent == s.parent && (n.timestamp.is_some() || !doc.text(n.heading).trim_start().starts_with('#')));
            let headings_as_lines = sib_empty * 2 > sib_all;
            if headings_as_lines || answered(i) || is_statement(name) || (s.timestamp.is_none() && next_dated) {
                continue;
            }
        }
        let dated_entry = s.timestamp.is_some();
        if dated_entry && (dated - dated_empty) * 2 <= dated {
            continue;
        }
        let (content, _) = own_content(doc, i);
        let shown = doc.text(content).trim();
        let title = cx.quote(name, 40);
        let message = if dated_entry {
            format!("dated entry `{title}` has no body")
        } else if shown.is_empty() {
            format!("section `{title}` is empty")
        } else {
            format!("section `{title}` holds only `{}`", cx.quote(shown, 20))
        };
        let help = if template {
            "the session-notes template asks for this section's content once work has started (the Worklog has entries): write it, or note why there is none"
        } else {
            "write what the section is for, or remove the heading: a fresh session reads the heading and learns nothing"
        };
        let d = cx.diag(Rule::EmptySection, s.heading, message).with_help(help);
        cx.push(d);
    }
    for (i, s) in all.iter().enumerate() {
        if empty[i] || skipped(doc, i) || answered(i) {
            continue;
        }
        let Some((blank, items, word)) = items_saying_nothing(doc, own_content(doc, i).0) else { continue };
        let title = cx.quote(title_of(doc, s), 40);
        let d = cx
            .diag(Rule::EmptySection, s.heading, format!("section `{title}` holds no details: {blank} of its {items} items say only `{}`", cx.quote(word, 20)))
            .with_help("write what changed or holds for each item, or remove those that have nothing to say: a fresh session learns nothing from them");
        cx.push(d);
    }
}

/// A section whose items say only, in brackets, that nothing changed (`- **Parser
/// (src/parser.py):** (変更なし)`, `- (unchanged) Slack scopes`): what they stand for was written in an earlier
/// version of the file and is gone from this one. Three such items at least, and half of its
/// top-level items. Returns how many, of how many, and the word.
fn items_saying_nothing<'a>(doc: &'a Document, content: Span) -> Option<(usize, usize, &'a str)> {
    let items = doc.items();
    let first = items.partition_point(|it| it.span.start() < content.start());
    let (mut blank, mut all, mut word) = (0, 0, "");
    let own = &items[first..first + items[first..].partition_point(|it| it.span.start() < content.end())];
    if own.len() < 3 {
        return None;
    }
    for item in own.iter().filter(|it| it.depth == 1) {
        all += 1;
        let text = doc.text(item.text);
        let line = &text[..memchr::memchr(b'\n', text.as_bytes()).unwrap_or(text.len())];
        // The note is in brackets: most items have none, and are let go on one vectorized
        // search (`(` or the lead byte of `（`).
        if line.len() > 200 || memchr::memchr2(b'(', 0xEF, line.as_bytes()).is_none() {
            continue;
        }
        // The value after a label's colon (past the bold that closes the label), or a
        // parenthesis opening the item.
        let value = match line.find([':', '：']) {
            Some(colon) if !line.starts_with('(') => line[colon..].trim_start_matches([':', '：']).trim_start_matches(['*', '_']).trim(),
            _ => line.strip_prefix('(').and_then(|l| l.find(')').map(|end| &line[..end + 2])).unwrap_or(""),
        };
        // Written as a note in brackets: `(変更なし)`, `(unchanged)` (most values are let go on
        // their first byte).
        if value.starts_with(['(', '（']) && lexicon::holds_only(value, &lexicon::UNCHANGED_PACKED) {
            blank += 1;
            word = value;
        }
    }
    (blank >= 3 && blank * 2 >= all).then_some((blank, all, word))
}

/// A heading that is a line of content, not the title of a section: `Status: COMPLETE`,
/// `PLAN Mode - ✅ COMPLETE`, `Previous session:`, `=====`.
fn is_statement(title: &str) -> bool {
    let t = title.trim();
    let labelled = t.split_once(':').or_else(|| t.split_once('：')).is_some_and(|(_, value)| !value.trim().is_empty());
    !t.chars().any(char::is_alphanumeric) || t.ends_with(':') || t.ends_with('：') || labelled || lexicon::trailing_status(t).is_some()
}

/// Sections whose emptiness is another rule's finding (a TASK COMPLETE block, the next
/// step), or an answer: a list of blockers or issues that says `None` (left blank, it says
/// nothing).
fn skipped(doc: &Document, i: usize) -> bool {
    match doc.sections()[i].role {
        SectionRole::Completion | SectionRole::NextStep => true,
        SectionRole::Blocked | SectionRole::Issues => !doc.text(own_content(doc, i).0).trim().is_empty(),
        _ => false,
    }
}

/// Dated paragraphs that head entries (their text before the date recurs) and are followed
/// directly by the next entry.
fn stamps(cx: &mut Ctx) {
    let doc = cx.doc;
    let text = doc.source();
    let stamps = doc.stamps();
    if stamps.len() < 3 {
        return;
    }
    // (line start, prefix key, whether it has a body)
    let mut heads: Vec<(usize, String, bool)> = Vec::with_capacity(stamps.len());
    let headings: Vec<usize> = doc.sections().iter().map(|s| s.heading.start()).collect();
    for (k, st) in stamps.iter().enumerate() {
        let line_start = crate::span::line_start(text, st.span.start());
        let key: String = text[line_start..st.span.start()].chars().filter(|c| !c.is_ascii_digit()).collect::<String>().trim().to_owned();
        let (line_end, _) = crate::span::line_end_after(text, st.span.start());
        let next_stamp = stamps.get(k + 1).map_or(text.len(), |n| crate::span::line_start(text, n.span.start()));
        let next_heading = headings[headings.partition_point(|&h| h < line_end)..].first().copied().unwrap_or(text.len());
        let end = next_stamp.min(next_heading).max(line_end);
        let rest = text[st.span.end()..crate::span::line_content_end(text, st.span.end())].trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '—' | '–' | ':' | '|' | '*'));
        let rest = if rest.starts_with('(') { rest.find(')').map_or("", |i| &rest[i + 1..]) } else { rest };
        let inline = rest.split_whitespace().count() > 3;
        heads.push((line_start, key, inline || !text[line_end..end].trim().is_empty()));
    }
    // Entries grouped by their key (sorted by its hash: one pass, whatever the count).
    let mut order: Vec<(u64, usize)> = heads.iter().enumerate().map(|(k, (_, key, _))| (crate::hash::fnv_bytes(key.as_bytes()), k)).collect();
    crate::sort::sort_by_key(&mut order, |&(h, k)| [h, k as u64, 0]);
    let mut empty: Vec<usize> = Vec::new();
    for group in order.chunk_by(|a, b| a.0 == b.0) {
        let with_body = group.iter().filter(|&&(_, k)| heads[k].2).count();
        let (_, first) = group[0];
        if group.len() < 2 || with_body * 2 <= group.len() || !heads[first].1.chars().any(char::is_alphabetic) {
            continue;
        }
        empty.extend(group.iter().map(|&(_, k)| k).filter(|&k| !heads[k].2));
    }
    crate::sort::sort_offsets(&mut empty);
    for k in empty {
        let line_start = &heads[k].0;
        let line = &text[*line_start..crate::span::line_content_end(text, *line_start)];
        let span = Span::new(*line_start, line_start + line.len());
        let next = heads.get(k + 1).map(|(s, _, _)| cx.line(*s));
        let message = match next {
            Some(n) => format!("dated entry `{}` has no body: the next entry (line {n}) follows directly", cx.quote(line.trim(), 60)),
            None => format!("dated entry `{}` has no body", cx.quote(line.trim(), 60)),
        };
        let d = cx
            .diag(Rule::EmptySection, span, message)
            .with_help("write what the session did under its heading, or remove the heading: most entries of this log have a body");
        cx.push(d);
    }
}
