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
    let mut done = Vec::new();
    for &r in doc.current_units() {
        let (m, u) = doc.unit_at(r);
        let line = crate::span::first_line(doc.source(), m.span);
        if !stands(line.start()) {
            continue;
        }
        match doc.status_now(m) {
            Some(Status::Pending | Status::InProgress) if m.source != MarkerSource::Prose && !is_next_step(line.start()) => open.push((line, Topic::of(doc.text(u.name)), u.name, false)),
            // A blocker still listed (`Offene Blocker: Grafana access missing (IT-4471)`) whose
            // ticket a done line names (`IT-4471 erledigt`): by its ids alone, since a block
            // and the work it held up share their words.
            Some(Status::Blocked) if m.source != MarkerSource::Prose => {
                let topic = Topic::of(doc.text(line));
                if !topic.ids.is_empty() {
                    open.push((line, topic, u.name, true));
                }
            }
            // The done side is read on its whole line: a name cut short at its first clause
            // leaves out the words that say what was done.
            // A decision's record (`## D-007 — Autenticazione (2026-11-12)`, dated as a
            // sitting is) says what was decided, not that the work is done.
            // Nor is work done in part (`SH-91 (partial): mailer`).
            Some(Status::Completed) if doc.role_at(line.start()) != Some(SectionRole::Decisions) && !crate::lexicon::says_partly_done(&crate::case::to_lower(doc.text(line))) => {
                done.push((line, Topic::of(doc.text(line)), u.name));
            }
            _ => {}
        }
    }
    if open.is_empty() {
        return;
    }
    // A section whose heading says it is done (`### Sessão 2025-04-07 ✅`, `## Phase 1 —
    // COMPLETE`) records the work done in it by its items, each a done line.
    // (A log's dated sitting is such a heading: work told, done.)
    for m in doc.progress().iter().filter(|m| m.status == Some(Status::Completed)) {
        let Some(s) = doc.section_at(m.span.start()).filter(|&s| doc.sections()[s].heading.start() == m.span.start()) else { continue };
        for i in doc.items_within(doc.sections()[s].body) {
            let line = crate::span::first_line(doc.source(), i.span);
            // An item that gives a state of its own (`Started PAY-327 — template drafted`)
            // is not work done.
            let own_state = || crate::lexicon::status_within(&crate::case::to_lower(doc.text(line))).is_some_and(|st| st != Status::Completed);
            if i.section == Some(s) && i.checkbox != Some(false) && !matches!(i.role, SectionRole::NextStep | SectionRole::Todo | SectionRole::Blocked | SectionRole::Issues) && !own_state() {
                done.push((line, Topic::of(doc.text(line)), i.text));
            }
        }
    }
    if done.is_empty() {
        return;
    }
    // The done lines each word is on, so that an open item is compared with the lines that
    // share a word with it, not with every line (a long log records thousands).
    let mut postings: crate::hash::KeyMap<Vec<usize>> = Default::default();
    for (i, (_, t, _)) in done.iter().enumerate() {
        for k in t.keys() {
            postings.entry(k).or_default().push(i);
        }
    }
    let mut hits = vec![0u32; done.len()];
    for (line, topic, name, blocker) in &open {
        let Some(j) = same_work(topic, &done, &postings, &mut hits) else { continue };
        let (done_line, _, done_name) = &done[j];
        // The same name is progress-contradiction's; a log's older plan, work done since.
        if UnitKey::of(doc.text(*name)) == UnitKey::of(doc.text(*done_name)) || doc.is_log() && !doc.later_in_file(line.start(), done_line.start()) {
            continue;
        }
        let what = cx.quote(doc.text(*name).trim(), 60);
        let said = cx.quote(doc.text(*done_line).trim().trim_start_matches(['-', '*', '+', ' ']), 60);
        let d = cx
            .diag(Rule::OpenItemDone, *line, format!("`{what}` is still {} here, and line {} records it done: `{said}`", if *blocker { "listed as a blocker" } else { "to do" }, cx.line(done_line.start())))
            .with_help("check it off or remove it if it is done, or say what is left of it");
        cx.push(d);
    }
}

/// The done line (an index into `done`) that names the work `topic` is about, if one does.
fn same_work(topic: &Topic, done: &[(Span, Topic, Span)], postings: &crate::hash::KeyMap<Vec<usize>>, hits: &mut [u32]) -> Option<usize> {
    // Work ids say it alone: every id of the item on one done line, and no other id there.
    // Ids of a series of their own (`DB-010`, `F045`, `PAY-320`), not a bare number (`#6`
    // names issues, PRs and features alike) nor a letter and a number (`x402`).
    if !topic.ids.is_empty() && topic.ids.iter().all(|id| series_id(id)) {
        let first = postings.get(&crate::hash::fnv_of(topic.ids[0].as_str()))?;
        return first.iter().copied().find(|&j| done[j].1.ids == topic.ids);
    }
    // Seven tenths of the words; four fifths of the pairs, of which a word makes several.
    // Four at least: a shorter item says too little to tell.
    for (pairs, tenths) in [(false, 7), (true, 8)] {
        let words = part(topic, pairs);
        if words.len() < 4 {
            continue;
        }
        hits.iter_mut().for_each(|h| *h = 0);
        for w in words.iter() {
            for &j in postings.get(w).into_iter().flatten() {
                hits[j] += 1;
            }
        }
        let need = (words.len() * tenths).div_ceil(10).max(4) as u32;
        let found = hits.iter().enumerate().find(|&(j, &h)| h >= need && h as usize * 3 >= part(&done[j].1, pairs).len()).map(|(j, _)| j);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A topic's words, or its character pairs.
fn part(topic: &Topic, pairs: bool) -> &[u64] {
    if pairs { &topic.pairs } else { &topic.words }
}

/// Whether an id (as [`Topic::ids`] keeps it, folded) is of a named series: a prefix of two
/// letters or with a dash (`db-010`, `pay-320`), or a number written with its zeros (`f045`).
fn series_id(id: &str) -> bool {
    let digits = id.find(|c: char| c.is_ascii_digit()).unwrap_or(id.len());
    let prefix = &id[..digits];
    prefix.contains('-') || prefix.chars().filter(char::is_ascii_alphabetic).count() >= 2 || id[digits..].starts_with('0')
}
