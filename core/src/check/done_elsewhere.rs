//! open-item-done: an item the file still lists as to do or under way (an open box, a row of
//! a Remaining list, `In progress: …`) names, in other words, work the same file records as
//! done elsewhere: `- [ ] Lembrete por WhatsApp 24h antes da consulta` under the backlog and
//! `- Envio de lembrete por WhatsApp 24h antes (Twilio sandbox)` under what was shipped. One
//! of the two is stale, and a session that resumes from the open one does the work twice
//! (docs/rules.md, "open-item-done").
//!
//! Two lines name the same work when the open item's words ([`Topic`]: function words and
//! words in parentheses aside, endings cut) are nearly all on the done line (seven tenths,
//! four at least) and make a good part of it (a third: a long paragraph holds many words by
//! chance), or, in a script that joins its words, four fifths of its character pairs are
//! (a word makes several: `パーサーバグ修正` shares five of seven with `パーサーバグの特定`), or its work
//! ids (of a named series: `DB-010`, `F045`) are the done line's; a blocker still listed is
//! matched by its ids alone (`Offene Blocker: … (IT-4471)` and `IT-4471 erledigt`). The items of a Next Steps
//! list are next-step-done's, and units whose names are the same progress-contradiction's. In
//! a log, work listed as to do in an older sitting and done in a later one moved on: only an
//! open item written after the work was done is stale. The templated dialects (checkpoint
//! log, session notes) write each unit's state as a marker line under its name, and are not
//! read.

use super::Ctx;
use crate::document::{MarkerSource, SectionRole, Status};
use crate::identity::{Topic, UnitKey};
use crate::plan::done_steps::{Bar, DoneLines};
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    // A checkpoint log's Progress Markers and session notes' state are the units' formal
    // state, one line a unit matched by its name (progress-contradiction's): the rule reads
    // the files that write their state in their own words.
    if !cx.on(Rule::OpenItemDone) || matches!(cx.doc.dialect(), crate::Dialect::CheckpointLog | crate::Dialect::SessionNotes) {
        return;
    }
    let doc = cx.doc;
    // A Next Steps list's items (under its heading, or a label above the list: `建议下一步：`).
    let is_next_step = |at: usize| {
        let item = doc.items_within(Span::new(at, at + 1)).first();
        item.map_or_else(|| doc.role_at(at), |i| Some(i.role)) == Some(SectionRole::NextStep)
    };
    let stands = |at: usize| !matches!(doc.role_at(at), Some(SectionRole::History | SectionRole::Optional | SectionRole::Issues));
    // (the marker's line, its topic, the unit's name) of each side: the tuple next-step-dropped
    // keeps its steps in (one copy of its code in the wasm builds); an open item also says
    // whether it is a blocker.
    let mut open = Vec::new();
    for &r in doc.current_units() {
        let (m, u) = doc.unit_at(r);
        let line = crate::span::first_line(doc.source(), m.span);
        if !stands(line.start()) {
            continue;
        }
        match doc.status_now(m) {
            Some(Status::Pending | Status::InProgress) if m.source != MarkerSource::Prose && !is_next_step(line.start()) => open.push((line, Topic::of(doc.text(u.name)), u.name, Listed::ToDo)),
            // A blocker still listed (`Offene Blocker: Grafana access missing (IT-4471)`) whose
            // ticket a done line names (`IT-4471 erledigt`): by its ids alone, since a block
            // and the work it held up share their words.
            Some(Status::Blocked) if m.source != MarkerSource::Prose => {
                let topic = Topic::of(doc.text(line));
                if !topic.ids.is_empty() {
                    open.push((line, topic, u.name, Listed::Blocker));
                }
            }
            _ => {}
        }
    }
    open.extend(known_issues(doc));
    if open.is_empty() {
        return;
    }
    let done = DoneLines::of(doc);
    if done.lines.is_empty() {
        return;
    }
    let mut hits = Vec::new();
    for (line, topic, name, listed) in &open {
        let bar = if matches!(listed, Listed::Issue) { Bar::ISSUE } else { Bar::ITEM };
        let found = done.same_work(topic, bar, &mut hits);
        let Some((done_line, done_name)) = found else { continue };
        // The same name is progress-contradiction's; a log's older plan, work done since.
        if UnitKey::of(doc.text(*name)) == UnitKey::of(doc.text(done_name)) || doc.is_log() && !doc.later_in_file(line.start(), done_line.start()) {
            continue;
        }
        let what = cx.quote(doc.text(*name).trim(), 60);
        let said = cx.quote(doc.text(done_line).trim().trim_start_matches(['-', '*', '+', ' ']), 60);
        let d = cx
            .diag(Rule::OpenItemDone, *line, format!("`{what}` is still {} here, and line {} records it done: `{said}`", listed.as_str(), cx.line(done_line.start())))
            .with_help("check it off or remove it if it is done, or say what is left of it");
        cx.push(d);
    }
}

/// How an open item is listed.
#[derive(Clone, Copy)]
enum Listed {
    ToDo,
    Blocker,
    Issue,
}

impl Listed {
    fn as_str(self) -> &'static str {
        match self {
            Listed::ToDo => "to do",
            Listed::Blocker => "listed as a blocker",
            Listed::Issue => "listed as a known issue",
        }
    }
}

/// The items of a Known Issues list (top level, not ticked, struck through or said to be
/// resolved), each by its first sentence: the issue, not the notes on it (`Webhook signature
/// verification intermittently fails on staging. Blocks testing …`). In a file that says how
/// things stand now: the sittings of a log (its dated or numbered sessions) each list the
/// issues of their day.
fn known_issues(doc: &crate::Document) -> Vec<(Span, Topic, Span, Listed)> {
    let mut out = Vec::new();
    if super::sittings::parts(doc).len() >= 2 {
        return out;
    }
    for item in doc.items().iter().filter(|i| i.depth == 1 && i.checkbox != Some(true) && doc.role_at(i.span.start()) == Some(SectionRole::Issues)) {
        let Some(line) = crate::span::first_filled_line(doc.source(), item.text) else { continue };
        let text = doc.text(line);
        if crate::text::struck_through(text).is_some() || crate::lexicon::status_within(&crate::case::to_lower(text)).is_some() {
            continue;
        }
        let first = crate::text::sentences(text).next().map_or(text, |r| &text[r]);
        let first = first.find(" (").map_or(first, |at| &first[..at]);
        out.push((line, Topic::of(first), line, Listed::Issue));
    }
    out
}
