//! Where the next session starts (docs/plan.md `next_action`): the file's own next step when it
//! writes one, else the stop point of the unit under way, else the first pending unit, else
//! the current state. docs/reader.md, "The next action", says why in this order.

use crate::code::lines_outside_code;
use super::{NextAction, NextActionSource, PlanUnit, Regions, ResumeFrom};
use crate::document::{Document, FieldText, SectionRole, Status};
use crate::lexicon::{self, Meaning};
use crate::parse::{is_lead_in, is_rule_line, list_marker};
use crate::span::first_line;
use crate::span::Span;
use crate::text::one_line;

pub(super) fn next_action(
    doc: &Document,
    written: Option<Span>,
    in_progress_at: Option<usize>,
    resume: Option<&ResumeFrom>,
    first_pending: Option<&PlanUnit>,
    open: &[PlanUnit],
) -> Option<NextAction> {
    let line = |offset: usize| doc.line_index().line_of(offset) as u32 + 1;
    let written = written.filter(|&w| !says_no_step(doc, w));
    if let (Some(chosen), Some(at), Some(resume)) = (written, in_progress_at, resume) {
        // A roadmap's `## Now` over its `## Next`: the work under way comes first, the Next
        // list after it.
        let titled = |offset: usize, word: &str| doc.section_at(offset).is_some_and(|i| crate::parse::normalize_title(doc.text(doc.sections()[i].title)) == word);
        if titled(at, "now") && titled(chosen.start(), "next") {
            let (step, _) = written_text(doc, past_done_steps(doc, chosen));
            let text = format!("Continue {}; then {step}", crate::text::without_full_stop(&resume.unit));
            return Some(NextAction { text, source: NextActionSource::StopPoint, line: line(at) });
        }
    }
    if let Some(chosen) = written {
        let (text, span) = written_text(doc, past_done_steps(doc, chosen));
        return Some(NextAction { text, source: NextActionSource::NextStep, line: line(span.start()) });
    }
    if let Some(next) = recorded(doc) {
        return Some(NextAction { text: one_line(&next.text), source: NextActionSource::NextStep, line: line(next.span.start()) });
    }
    if let (Some(at), Some(resume)) = (in_progress_at, resume) {
        // Without a stop point, the first unit still to start is the step the file names
        // next (docs/reader.md, "The next action").
        let text = match (&resume.continue_at, &resume.stopped_at, first_pending) {
            (Some(next), Some(stop), _) => format!("Continue {} at {next} (stopped at {stop})", resume.unit),
            // A stop point in words (`stopped at date validation`): resume from it.
            (None, Some(stop), _) => format!("Continue {} from {stop}", resume.unit),
            (None, None, Some(p)) => format!("Continue {}; then {}", crate::text::without_full_stop(&resume.unit), p.unit),
            _ => format!("Continue {}", resume.unit),
        };
        return Some(NextAction { text, source: NextActionSource::StopPoint, line: line(at) });
    }
    // No unit under way, but a line that says where the work stopped (`Stopped at: waiting
    // on the review; PR #412 is open`) in the latest sitting or a state section: that is where
    // the next session starts, before any unit still to start.
    if resume.is_none() {
        if let Some(point) = stop_line(doc) {
            let text = format!("Resume where the work stopped: {}", one_line(doc.text(point)));
            return Some(NextAction { text, source: NextActionSource::StopPoint, line: line(point.start()) });
        }
    }
    if let Some(p) = first_pending {
        // A unit named by its step (`Run the integration smoke`) is an action as written.
        let text = if lexicon::opens_with_a_step(&p.unit) { p.unit.clone() } else { format!("Start {}", p.unit) };
        return Some(NextAction { text, source: NextActionSource::Pending, line: p.line });
    }
    // Nothing to start: what waits is where the next session begins.
    // In a log the latest sitting's block stands (an older one may be long gone); elsewhere
    // the first listed.
    let mut stuck = open.iter().filter(|u| matches!(u.status, Status::Blocked | Status::Failed));
    let stuck = match doc.latest_sitting() {
        Some(_) if doc.newest_first() => stuck.min_by_key(|u| u.line),
        Some(_) => stuck.max_by_key(|u| u.line),
        None => stuck.next(),
    };
    if let Some(b) = stuck {
        return Some(NextAction { text: format!("Unblock {}", b.unit), source: NextActionSource::Blocked, line: b.line });
    }
    let state = doc.sections().iter().find(|s| matches!(s.role, SectionRole::CurrentState | SectionRole::Active));
    let body = state_text(doc, state?.body, state?.description)?;
    Some(NextAction { text: doc.text(body).trim().to_owned(), source: NextActionSource::CurrentState, line: line(body.start()) })
}

/// `Next step: None`: a written next step that only says there is none is no step, nor one
/// that goes on about anything else (`Geen — project afgerond.`, `없음. (후속 과제는 WIKI-88
/// 참고)`, `none for this ticket.`). One that says the none holds for now, or waits on a person
/// (`None for now — waiting for product to decide the v3 scope`), tells the next session
/// what to do meanwhile, and is kept. The plan and next-step-done both ask.
pub(crate) fn says_no_step(doc: &Document, w: Span) -> bool {
    let t = doc.text(w).trim().trim_end_matches(['.', '。', '!']);
    if !crate::lexicon::opens_with_nothing(t) {
        return false;
    }
    let t = t.trim_start_matches(|c: char| !c.is_alphanumeric());
    let rest = t.trim_start_matches(char::is_alphanumeric).trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '.' | '。' | ',' | '—' | '–' | '-' | ':'));
    let lower = crate::case::to_lower(rest);
    t.split_whitespace().count() <= 2 || !crate::lexicon::waits_on_a_person(&lower) && !crate::lexicon::says_for_now(&lower)
}

/// The step to take from a list of next steps whose first step names work the file records
/// as done (`1. Implement init` over `- [x] init command`): the first item of the list after
/// it that does not (next-step-done flags the stale one). A step that is no list item, or a
/// list done throughout, stays as written.
fn past_done_steps(doc: &Document, chosen: Span) -> Span {
    let items = doc.items();
    let Some(k) = items.iter().position(|i| i.text.start() == chosen.start()) else { return chosen };
    let mut steps = super::done_steps::DoneSteps::of(doc);
    let mut done = |span: Span, words: usize| steps.names_done(span, words);
    if !done(chosen, 1) {
        return chosen;
    }
    let (depth, section) = (items[k].depth, doc.section_at(chosen.start()));
    items[k + 1..]
        .iter()
        .take_while(|i| i.depth >= depth && doc.section_at(i.text.start()) == section)
        .filter(|i| i.depth == depth)
        .map(|i| i.text)
        .find(|&t| !done(t, 2))
        .unwrap_or(chosen)
}

/// The next step the file writes itself: its Next Steps section, or a `NEXT:` / `Next
/// steps:` / `次のステップ：` label anywhere outside its history. In a log (a progress log, or a
/// file whose sections are dated) the latest of them wins: the last in a file kept oldest
/// first, the first in one kept newest first. In the templated dialects the section does
/// (and the labels are not looked for). Found once per document: the plan and the
/// next-step-done rule both ask.
pub(crate) fn written(doc: &Document) -> Option<Span> {
    *doc.written_next.get_or_init(|| {
        let next = doc.next_step().filter(|n| !doc.text(n.text).trim().is_empty());
        let section = next.map(|n| n.text);
        let within = |l: Span| next.is_some_and(|n| doc.sections().get(n.section).is_some_and(|s| s.span.contains(l.start())));
        let templated = doc.dialect().is_templated();
        match section {
            Some(s) if templated => Some(s),
            // A label inside the section is its exact step (`- **NEXT — the #7 remainder …**`
            // under START HERE); else the later of the two by the file's order.
            Some(s) => Some(match labelled(doc) {
                Some(l) if within(l) || (l.start() > s.start()) != doc.newest_first() => l,
                _ => s,
            }),
            None => labelled(doc),
        }
    })
}

/// The text of a written next step, as the plan says it: a lead-in item's title stays in
/// front of its first sub-item (`Expand Test Coverage: Add unit tests for utilities`), so the
/// next session knows what the step belongs to.
///
/// A lead-in gives its list's first item, and a lead-in item its first sub-item
/// (`**Performance**:` over `- Add controlled concurrency`): the text and the span it ends in.
pub(super) fn written_text(doc: &Document, chosen: Span) -> (String, Span) {
    let mut titles = Vec::new();
    let mut span = chosen;
    for _ in 0..4 {
        let Some(item) = lead_in_item(doc, span) else { break };
        if doc.items().iter().any(|i| i.text.start() == span.start()) {
            let title = doc.text(span).trim().trim_end_matches(['*', '_', ':', '：']).trim_matches(['*', '_']).trim();
            titles.push(without_stray_bold(one_line(title)));
        }
        span = item;
    }
    // `**Prochaine étape :** brancher …`: the bold's close and the space after it go.
    titles.push(without_stray_bold(one_line(doc.text(span))).trim().to_owned());
    titles.retain(|t| !t.is_empty());
    (titles.join(": "), span)
}

/// A step cut out of bold text that also held its label (`**NEXT — the #7 remainder**`)
/// keeps the closing `**` alone: an odd `**` is dropped, so the step reads as written.
/// A `**` inside a code span (``make `**` right-associative``) is code, not bold.
fn without_stray_bold(mut step: String) -> String {
    let (mut in_code, mut first, mut count) = (false, None, 0);
    let b = step.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'`' => in_code = !in_code,
            b'*' if !in_code && b.get(i + 1) == Some(&b'*') => {
                first.get_or_insert(i);
                count += 1;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(at) = first.filter(|_| count % 2 == 1) {
        step.replace_range(at..at + 2, "");
    }
    step
}

/// The next action a JSON file records in a field (`next_actions` of its latest row, a
/// state object's `next_steps`): as exact as a Next Session Start.
pub(super) fn recorded(doc: &Document) -> Option<&FieldText> {
    doc.json_state().next.as_ref().filter(|n| !n.text.trim().is_empty())
}

/// When `span` introduces a list (`… are:`), the first item of that list.
fn lead_in_item(doc: &Document, span: Span) -> Option<Span> {
    if !is_lead_in(doc.text(span)) {
        return None;
    }
    let items = doc.items();
    let at = items.partition_point(|i| i.text.start() < span.end());
    let item = items.get(at)?;
    let between = &doc.source()[span.end()..item.span.start()];
    // The list must follow the lead-in (a blank line between, no other paragraph).
    if !between.trim().trim_start_matches(['-', '*', '+']).trim().is_empty() {
        return None;
    }
    // Its first item that names a step: one that only reports how things stand is passed
    // over when a sibling follows (crate::parse::reports_only_state).
    let mut siblings = items[at..].iter().take_while(|i| i.depth >= item.depth).filter(|i| i.depth == item.depth);
    let step = siblings.find(|i| !crate::parse::reports_only_state(doc, i)).unwrap_or(item);
    Some(first_line(doc.source(), step.text))
}

/// The latest next-step label outside history and code fences (of [`labels`]).
fn labelled(doc: &Document) -> Option<Span> {
    let found = labels(doc);
    if doc.newest_first() { found.first().copied() } else { found.last().copied() }
}

/// Every next-step label outside history and code fences, in file order: the text after it
/// on its line, or the block below it up to a blank line or a rule (of a list, its first
/// item). Found once per document.
pub(crate) fn labels(doc: &Document) -> &[Span] {
    doc.next_labels.get_or_init(|| find_labels(doc))
}

fn find_labels(doc: &Document) -> Vec<Span> {
    let text = doc.source();
    let starts = doc.line_index().starts();
    let line_at = |i: usize| {
        let start = starts[i];
        let end = starts.get(i + 1).map_or(text.len(), |&next| next);
        (start, text[start..end].trim_end())
    };
    let history = Regions::of(doc, |r| r == SectionRole::History);
    // Where a label may follow a sentence on its line: where the file says how it stands,
    // and a log's latest sitting (`**2026-11-30** — Finished the export. Next: PDF template.`).
    let states = Regions::of(doc, |r| matches!(r, SectionRole::CurrentState | SectionRole::Active));
    let latest = doc.is_log().then(|| doc.latest_sitting()).flatten();
    let mut found = Vec::new();
    for (i, start, mut body) in lines_outside_code(doc) {
        // A heading that is a label with its step after a colon (`## NEXT STEP: implement PDF
        // export`); a heading that is only a label (`## Next Steps`), or a label over a
        // title (`## START HERE — W4b`), titles a section, read as one.
        if body.starts_with('#') {
            let title = body.trim_start_matches('#');
            let Some(title) = title.strip_prefix([' ', '\t']).map(str::trim_start) else { continue };
            let title = title.trim_end().trim_end_matches('#').trim_end();
            let colon = |rest: usize| title[..rest].trim_end().trim_end_matches(['*', '_']).ends_with([':', '：']);
            if let Some((_, rest)) = label_opening(title).filter(|&(_, rest)| colon(rest) && !title[rest..].trim().is_empty()) {
                let at = start + (body.len() - body.trim_start_matches('#').trim_start().len()) + rest;
                let label_start = at - rest;
                if !history.holds(label_start) {
                    found.push(Span::new(at, at + title[rest..].len()));
                }
            }
            continue;
        }
        // An arrow or a pointing hand before the label (`→ Next: …`, `👉 Next steps:`).
        let mut marker = list_marker(body);
        if body.as_bytes().get(marker).is_some_and(|&b| b >= 0x80) {
            marker += body[marker..].len() - body[marker..].trim_start_matches(['→', '➡', '👉', '⏩', '\u{fe0f}', ' ']).len();
        }
        // A log line's time before its label (`[2026-11-22 10:00] next: convert …`).
        marker += crate::parse::entry_text_start(&body[marker..]);
        body = &body[marker..];
        let in_state = || states.holds(start) || latest.is_some_and(|s| s.contains(start));
        let found_label = label_opening(body).or_else(|| label_after_sentence(body, in_state)).or_else(|| step_told(body, in_state));
        let Some((label_at, rest)) = found_label else { continue };
        let label_start = start + marker + label_at;
        if history.holds(label_start) {
            continue;
        }
        let after = body[rest..].trim_end();
        if !after.is_empty() {
            // A list item's step runs on over its continuation lines, up to its nested list.
            let at = start + marker + rest;
            let item_end = (marker > 0)
                .then(|| doc.items().partition_point(|i| i.text.start() <= at).checked_sub(1))
                .flatten()
                .map(|k| doc.items()[k].text)
                .filter(|t| t.contains(at))
                .map_or_else(|| crate::parse::wrapped_end(text, at + after.len()), |t| t.end());
            found.push(Span::new(at, item_end.max(at + after.len())));
            continue;
        }
        // The block below the label; of a list, its first item.
        let (mut first, mut last) = (None, None);
        for j in i + 1..starts.len() {
            let (s, l) = line_at(j);
            let item = l.trim_start();
            if item.is_empty() || is_rule_line(l) || item.starts_with('#') {
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
    found
}

/// A next-step label opening a line (`Next: …`, `**Next steps:**`): (where the label starts,
/// where its step starts).
fn label_opening(line: &str) -> Option<(usize, usize)> {
    // The gate first: most lines open with no word a next-step label opens with.
    match lexicon::may_open_with_next(line).then(|| lexicon::labelled(line)).flatten() {
        Some((Meaning::Next, _, rest)) => Some((0, rest)),
        _ => None,
    }
}

/// A next-step label after a sentence on a line, with a colon (`The fixture races the server.
/// Next: await server.ready()`), where `in_state` (asked first: a log's lines are not) says
/// the line is in a section that says how the run stands.
fn label_after_sentence(line: &str, in_state: impl FnOnce() -> bool) -> Option<(usize, usize)> {
    if !in_state() {
        return None;
    }
    let wide = !line.is_ascii();
    if memchr::memchr(b':', line.as_bytes()).is_none() && !(wide && line.contains('：')) {
        return None;
    }
    // Sentence stops, and the semicolon that ends a clause (`Migrating orders.py; next: run
    // the fixtures`): ASCII by bytes, the full-width ones only in a line that has them.
    let ascii = line.bytes().enumerate().filter(|&(_, b)| matches!(b, b'.' | b'!' | b'?' | b';')).map(|(at, _)| (at, 1));
    let full_width = wide.then(|| line.match_indices(['。', '！', '；']).map(|(at, stop)| (at, stop.len()))).into_iter().flatten();
    ascii.chain(full_width).find_map(|(at, stop)| {
        let after = &line[at + stop..];
        let from = at + stop + (after.len() - after.trim_start().len());
        // A sentence ends before it: a space or a full-width stop, not `v1.2` or `e.g.:`.
        let ends = stop > 1 || after.starts_with(' ');
        let (l, r) = ends.then(|| label_opening(&line[from..])).flatten()?;
        line[from + l..from + r].contains([':', '：']).then_some((from + l, from + r))
    })
}

/// The stop point of the latest line that opens by saying where the work stopped
/// (`Stopped at: …`, `STOPPED HERE: …`, `Me quedé en: …`), in a state section or the log's
/// latest sitting, outside history.
fn stop_line(doc: &Document) -> Option<Span> {
    // Only the parts that may hold one are read: the state sections outside history, and the
    // latest sitting of a log.
    let text = doc.source();
    let mut parts: Vec<Span> = doc
        .sections()
        .iter()
        .filter(|s| matches!(s.role, SectionRole::CurrentState | SectionRole::Active) && !crate::parse::is_history(doc, s))
        .map(|s| s.body)
        .collect();
    parts.extend(doc.is_log().then(|| doc.latest_sitting()).flatten());
    let mut found: Option<Span> = None;
    for line in parts.into_iter().flat_map(|p| crate::span::lines_in(text, p)) {
        let body = &text[line.range()];
        let mut at = list_marker(body.trim_start()) + (body.len() - body.trim_start().len());
        at += crate::parse::entry_text_start(&body[at..]);
        if !crate::parse::may_open_with_stop(&body[at..]) {
            continue;
        }
        let Some((_, point)) = crate::parse::stop_point(&body[at..]) else { continue };
        let point = point.shifted(line.start() + at);
        // The latest by the file's order: the last in a file kept oldest first, else the first.
        if found.is_none_or(|f| doc.later_in_file(point.start(), f.start())) {
            found = Some(point);
        }
    }
    found
}

/// A next step told in a sentence (`Next step is to apply it locally.`, `El siguiente paso es
/// migrar la tabla.`), opening the line or after a sentence on it, where `in_state` says the
/// line says how the run stands; or what the writer will do first tomorrow, anywhere: (where
/// the sentence starts, where the step starts).
fn step_told(line: &str, in_state: impl Fn() -> bool) -> Option<(usize, usize)> {
    const TOLD: &str = "next step is to |next step is |the next step is to |the next step is |\
        next up is |el siguiente paso es |el próximo paso es |o próximo passo é |\
        la prochaine étape est de |la prochaine étape est |der nächste schritt ist |\
        il prossimo passo è |nästa steg är att |nästa steg är ";
    // What the writer will do first when work resumes (`Tomorrow I want to start by bisecting
    // …`, `Завтра первым делом надо …`): the next step, wherever the file says it. Written as
    // a sentence opens (the Cyrillic phrases in both cases: the comparison folds ASCII only).
    const TOMORROW: &str = "tomorrow i want to start by |tomorrow i want to |first thing tomorrow: |\
        first thing tomorrow, |Завтра первым делом надо |завтра первым делом надо ";
    // At the line's start or a sentence's, compared without ASCII case (the phrases' other
    // letters are small in text as written).
    let b = line.as_bytes();
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'.', b).filter(|&i| b.get(i + 1) == Some(&b' ')).map(|at| at + 2));
    starts.into_iter().find_map(|at| {
        let rest = line[at..].as_bytes();
        let phrase = |t: &&str| rest.get(..t.len()).is_some_and(|w| w.eq_ignore_ascii_case(t.as_bytes()));
        // Most sentences open with none of the phrases' first three bytes: the list is read
        // only past that test (it runs on every sentence of the file).
        let head = rest.get(..3).map(|h| [h[0].to_ascii_lowercase(), h[1].to_ascii_lowercase(), h[2]]);
        let tomorrow = head.is_some_and(|h| matches!(&h, b"tom" | b"fir" | [0xd0, 0x97 | 0xb7, 0xd0]));
        let told = tomorrow.then(|| TOMORROW.split('|').find(phrase)).flatten().or_else(|| in_state().then(|| TOLD.split('|').find(phrase)).flatten())?;
        let value = at + told.len();
        (!line[value..].trim().is_empty()).then_some((at, value))
    })
}

/// The first non-empty paragraph of a state section, after its italic description and any
/// rule lines under the heading (`## Current Status` over `-----------------`, as plain-text
/// progress logs underline their headings). A state that opens by saying its work is done
/// (`**TERMINÉ: Refonte de la home**`, `✅ All tests pass`) hands over at its end: its last
/// paragraph that is neither a list nor code (`**Prêt pour test utilisateur:** npm run dev`).
fn state_text(doc: &Document, body: Span, description: Option<Span>) -> Option<Span> {
    let start = crate::brief::own_text_start(doc, body, description);
    let paragraphs = paragraphs(doc, Span::new(start, body.end()));
    let first = *paragraphs.first()?;
    let done = |p: &Span| {
        let t = doc.text(*p).trim_start_matches(['*', '_', ' ']);
        matches!(lexicon::phrase_at(t), Some(lexicon::Found { meaning: Meaning::Status(Status::Completed), .. })) || t.starts_with('✅')
    };
    if !done(&first) {
        return Some(first);
    }
    let handover = paragraphs.iter().rev().find(|p| {
        let t = doc.text(**p);
        list_marker(t) == 0 && !t.starts_with("```") && !t.starts_with("~~~") && !t.starts_with('|') && !done(p)
    });
    Some(*handover.unwrap_or(&first))
}

/// The paragraphs of `span` (blocks between blank lines, a fenced block whole), up to the
/// first heading.
fn paragraphs(doc: &Document, span: Span) -> Vec<Span> {
    let mut out = Vec::new();
    let (mut open, mut fenced) = (None::<Span>, false);
    for line in crate::span::lines_in(doc.source(), span) {
        let t = doc.text(line).trim();
        let fence = t.starts_with("```") || t.starts_with("~~~");
        if !fenced && t.starts_with('#') {
            break;
        }
        if !fenced && t.is_empty() {
            out.extend(open.take());
        } else {
            let end = line.start() + doc.text(line).trim_end().len();
            let begin = open.map_or(line.start() + (doc.text(line).len() - doc.text(line).trim_start().len()), |o| o.start());
            open = Some(Span::new(begin, end.max(begin)));
        }
        fenced ^= fence;
    }
    out.extend(open);
    out
}
