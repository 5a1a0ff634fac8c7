//! next-step-done: the next step the file writes names a unit the file records as done.
//! next-step-dropped: a log's older sitting wrote a next step that no later part of the file
//! mentions (see [`dropped`]).
//!
//! For next-step-done:
//! The next steps are the one the plan resumes from ([`crate::plan::next::written`]), and in
//! a file that is not a log every other one it writes (each `Next:` label, each item of a
//! Next Steps section): each by its first line. A unit is done when its current state ([`Document::current_units`]) is COMPLETED.
//! The next step names it when its folded text ([`UnitKey`]) holds the unit's key as whole
//! words (a name in a script that joins its words, `検索機能` in `検索機能を実装する`, by its
//! characters). Short names (one word under 8 characters: `auth`, `tests`) are everyday
//! words in a next step, so only names of two words or more, or of 8 characters or more, or
//! of three such joined characters or more, count.
//! The name must open the step (three words before it at most): further on, it is the
//! step's context (`deployment configs for Core Service`), not the work. A next step that
//! also names a unit still open (`after auth, start billing`), or that
//! itself says the unit is finished (`Parser done; now write the docs`), is not stale.

use super::Ctx;
use crate::document::{Document, ProgressMarker, SectionRole, Status, Unit};
use crate::Dialect;
use crate::code::lines_outside_code;
use crate::identity::Topic;
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::NextStepDone) {
        next_step_done(cx);
    }
    if cx.on(Rule::NextStepDropped) {
        dropped(cx);
    }
}

/// next-step-dropped. A log's sittings (sessions, dated parts) each end with the steps for
/// the next one; the next session either does them, carries them forward, or says why not.
/// A step of an older sitting that nothing after it mentions (no later sitting, no summary,
/// no state block) was dropped without a word: the next session that reads only the latest
/// steps never learns of it. The latest sitting's steps are the live ones, not judged.
///
/// "Mentions" is read by [`Topic`]: a later line that holds one of the step's ids
/// (`COD-11-001`), or three fifths of its words (two at least, four at most) or of its
/// character pairs in a script that joins its words. Steps too vague to tell
/// (under three words and no id), optional ones (`Consider …`, `(optional)`) and ones marked
/// done where written are skipped.
fn dropped(cx: &mut Ctx) {
    let doc = cx.doc;
    // A checkpoint log and session notes keep one next step, in its section, by their
    // template (docs/dialects.md): their sittings write none.
    if matches!(doc.dialect(), Dialect::MemoryStore | Dialect::CheckpointLog | Dialect::SessionNotes) || doc.is_json() {
        return;
    }
    // Two places that write steps at least (labels, Next Steps sections), else no older
    // sitting's steps besides the live ones: the sittings need not be found.
    let sources = crate::plan::next::labels(doc).len() + doc.sections().iter().filter(|s| s.role == SectionRole::NextStep).take(2).count();
    if sources < 2 {
        return;
    }
    let parts = super::sittings::parts_oldest_first(doc);
    if parts.len() < 2 {
        return;
    }
    // The live steps are the latest sitting's, or the sitting's that holds the step the
    // plan resumes from (a log whose order is mixed may keep it elsewhere).
    let live = crate::plan::next::written(doc).and_then(|w| parts.iter().position(|p| p.contains(w.start()))).unwrap_or(parts.len() - 1);
    // Each older sitting's steps, with the part of the file where a mention does not count:
    // everything up to the sitting's last step in a log kept oldest first (a part between rule lines may
    // hold several sessions: the later ones in it count); the step's part and all before it
    // by the log's order in one kept newest first.
    let mut steps: Vec<(Span, Topic, Span)> = Vec::new();
    let first = parts[0];
    for part in &parts[..live] {
        let lines = steps_in(doc, *part);
        // The sitting's own list of steps is no mention of one of them.
        let last = lines.last().map_or(part.start(), |l| l.end());
        for line in lines {
            let written = doc.text(line);
            let lower = crate::case::to_lower(written);
            if crate::lexicon::says_optional(&lower) || crate::lexicon::status_of(&lower) == Some(Status::Completed) {
                continue;
            }
            let topic = Topic::of(written);
            if topic.ids.is_empty() && topic.words.len() < 3 && topic.pairs.len() < 3 {
                continue;
            }
            let earlier = if doc.newest_first() { Span::new(part.start(), first.end()) } else { Span::new(first.start(), last) };
            steps.push((line, topic, earlier));
        }
    }
    if steps.is_empty() {
        return;
    }
    // Each line of the file once, by the words the steps use: the lines (by where they
    // start) each word is on.
    let mut postings: crate::hash::KeyMap<Vec<usize>> = Default::default();
    for (_, topic, _) in &steps {
        for k in topic.keys() {
            postings.entry(k).or_default();
        }
    }
    for (_, start, line) in lines_outside_code(doc) {
        for k in Topic::of(line).keys() {
            if let Some(lines) = postings.get_mut(&k) {
                lines.push(start);
            }
        }
    }
    for (line, topic, earlier) in steps {
        let later = |at: &&usize| !earlier.contains(**at);
        let lines_of = |k: u64| postings.get(&k).into_iter().flatten().filter(later);
        let mut named = topic.ids.iter().any(|id| lines_of(crate::hash::fnv_of(id.as_str())).next().is_some());
        // Words and character pairs each on their own: a later line with three fifths of
        // either (two at least, four at most: a long step's every clause need not recur).
        for words in [&topic.words, &topic.pairs] {
            let need = (words.len() * 3).div_ceil(5).clamp(2, 4);
            let mut hits: crate::hash::KeyMap<usize> = Default::default();
            for w in words.iter() {
                if named || words.len() < 2 {
                    break;
                }
                for &at in lines_of(*w) {
                    let n = hits.entry(crate::hash::small_key(at as u64)).or_default();
                    *n += 1;
                    named |= *n >= need;
                }
            }
        }
        // A later line that opens with the step's subject and says it is done (`Generics
        // done (List<T>)` after `Next: generics in the type checker`, `Multi-page handling
        // done` after `Next: handle multi-page invoices`) reports the step finished in its
        // own words.
        // (A topic's words are kept in no order: the openings are read on their own.)
        let opening = |t: &str, words: usize| Topic::of(&t.split_whitespace().take(words).collect::<Vec<_>>().join(" ")).words;
        named = named
            || opening(doc.text(line), 3).iter().any(|head| {
                lines_of(*head).any(|&at| {
                    let said = crate::span::line_holding(doc.source(), at).trim_start();
                    let said = &said[crate::parse::list_marker(said)..];
                    opening(said, 1).contains(head) && crate::lexicon::status_within(&crate::case::to_lower(said)) == Some(Status::Completed)
                })
            });
        if named {
            continue;
        }
        let step = cx.quote(doc.text(line).trim(), 60);
        let d = cx
            .diag(Rule::NextStepDropped, line, format!("`{step}` was a next step here, and nothing later in the file mentions it: done, dropped or forgotten?"))
            .with_help("record it as done, carry it into the latest next steps, or strike it with the reason");
        cx.push(d);
    }
}

/// The next steps a sitting writes, each by its first line: the items of its Next Steps
/// lists, and the lines of each next-step label's block.
fn steps_in(doc: &Document, part: Span) -> Vec<Span> {
    let items = doc.items();
    let mut out: Vec<Span> = doc
        .items_within(part)
        .iter()
        // An older sitting's steps are read as history by the plan (its role says so); the
        // section they are written in still says what they were.
        .filter(|i| i.checkbox != Some(true) && i.depth == 1)
        .filter(|i| i.role == SectionRole::NextStep || i.section.is_some_and(|s| doc.sections()[s].role == SectionRole::NextStep))
        .filter_map(|i| crate::span::first_filled_line(doc.source(), i.text))
        .collect();
    let labels = crate::plan::next::labels(doc);
    let from = labels.partition_point(|l| l.start() < part.start());
    for label in labels[from..].iter().take_while(|l| l.start() < part.end()) {
        // A label over a list gives its first item: the steps are the whole list.
        let k = items.partition_point(|i| i.text.start() < label.start());
        if let Some(first) = items.get(k).filter(|i| i.text.start() == label.start()) {
            let mut prev = first;
            out.extend(crate::span::first_filled_line(doc.source(), first.text));
            for item in &items[k + 1..] {
                if item.depth < first.depth || item.depth == first.depth && !doc.text(Span::new(prev.span.end(), item.span.start())).trim().is_empty() {
                    break;
                }
                if item.depth == first.depth {
                    out.extend(crate::span::first_filled_line(doc.source(), item.text).filter(|_| item.checkbox != Some(true)));
                    prev = item;
                }
            }
            continue;
        }
        out.extend(crate::span::lines_in(doc.source(), *label).filter_map(|l| crate::span::first_filled_line(doc.source(), l)));
    }
    crate::sort::sort_by_key(&mut out, |s| [s.start() as u64, 0, 0]);
    out.dedup_by_key(|l| doc.line_index().line_of(l.start()));
    out
}

fn next_step_done(cx: &mut Ctx) {
    let doc = cx.doc;
    if doc.completion().is_some() || doc.progress().is_empty() {
        return;
    }
    // A step that says there is none (`없음. (후속 과제는 WIKI-88 참고)`) names no work.
    let chosen = crate::plan::next::written(doc).filter(|&s| !crate::plan::next::says_no_step(doc, s)).and_then(|s| crate::span::first_filled_line(doc.source(), s));
    let mut lines: Vec<Span> = steps(doc).into_iter().filter(|&s| !crate::plan::next::says_no_step(doc, s)).filter_map(|s| crate::span::first_filled_line(doc.source(), s)).collect();
    lines.dedup_by_key(|l| l.start());
    if lines.is_empty() {
        return; // no step: the units' current state (a map of every unit) is not needed
    }
    let now: Vec<(&ProgressMarker, &Unit)> = doc.current_units().iter().map(|&r| doc.unit_at(r)).collect();
    // Built on first use, and never for a checkpoint log or session notes (`restates_done`).
    let done = std::cell::OnceCell::new();
    let mut hits = Vec::new();
    for line in lines {
        // A one-word name (`Documentation`) in a step other than the plan's is too loose a
        // match: `Maintain documentation as development progresses` is ongoing work.
        let words = if Some(line) == chosen { 1 } else { 2 };
        if let Some((marker, unit)) = crate::plan::done_steps::names_done_unit(doc, line, words, &now).or_else(|| crate::plan::done_steps::names_done_ids(doc, line, &now)) {
            let name = cx.quote(doc.text(unit.name).trim(), 60);
            let done_line = cx.line(marker.span.start());
            let d = cx
                .diag(Rule::NextStepDone, line, format!("the next step names `{name}`, which the file records as COMPLETED (line {done_line})"))
                .with_help("write the next step the work actually needs, or correct the unit's status if it is not done");
            cx.push(d);
        } else if let Some(done_line) = crate::plan::done_steps::restates_done(doc, line, &done, &mut hits) {
            let step = cx.quote(doc.text(line).trim().trim_start_matches(['-', '*', '+', ' ']), 60);
            let said = cx.quote(doc.text(done_line).trim().trim_start_matches(['-', '*', '+', ' ']), 60);
            let d = cx
                .diag(Rule::NextStepDone, line, format!("the next step `{step}` is work line {} records done: `{said}`", cx.line(done_line.start())))
                .with_help("write the next step the work actually needs, or say what is left of this one");
            cx.push(d);
        }
    }
}

/// The next steps a file writes that should all still be open: the one the plan takes; and,
/// in a file that is not a log, every other one too (each `Next:` label, each item of a Next
/// Steps section), since such a file says only how things stand now. In a log, an older
/// session's next step was the next step then.
fn steps(doc: &Document) -> Vec<Span> {
    let mut steps: Vec<Span> = crate::plan::next::written(doc).into_iter().collect();
    // A checkpoint log and session notes keep their next step in its section (the one the
    // plan takes); a progress log, or a file of dated sessions, is a log.
    let templated = matches!(doc.dialect(), Dialect::CheckpointLog | Dialect::SessionNotes | Dialect::MemoryStore);
    if templated {
        return steps;
    }
    let log = doc.is_log();
    if !log {
        steps.extend_from_slice(crate::plan::next::labels(doc));
    }
    // A log's own Next Steps section, in no sitting, says how things stand now as well.
    let sections = doc.sections();
    let now = |s: usize| sections[s].role == SectionRole::NextStep && !(log && crate::parse::is_session_or_history(doc, &sections[s]));
    steps.extend(doc.items().iter().filter(|i| i.depth == 1 && doc.section_at(i.span.start()).is_some_and(now)).map(|i| i.text));
    crate::sort::sort_by_key(&mut steps, |s| [s.start() as u64, 0, 0]);
    steps
}
