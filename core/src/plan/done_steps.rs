//! Whether a next step names work the file records as done (docs/reader.md, "The next
//! action"): the next-step-done rule flags such a step, and the plan passes over it to the
//! next one a Next Steps list gives.

use crate::document::{Document, ProgressMarker, SectionRole, Status, Unit};
use crate::identity::{find_words as names, Topic, UnitKey};
use crate::span::Span;

/// The lines that record work done, each by its topic, with the words each is indexed by:
/// what open-item-done compares the open items with, and next-step-done and the plan a next
/// step (docs/rules.md, "open-item-done").
pub(crate) struct DoneLines {
    /// (the line, its topic, the unit's name).
    pub lines: Vec<(Span, Topic, Span)>,
    /// The done lines each word is on, so that an item is compared with the lines that share
    /// a word with it, not with every line (a long log records thousands).
    postings: crate::hash::KeyMap<Vec<usize>>,
}

impl DoneLines {
    pub(crate) fn of(doc: &Document) -> DoneLines {
        let mut lines = Vec::new();
        for &r in doc.current_units() {
            let (m, u) = doc.unit_at(r);
            let line = crate::span::first_line(doc.source(), m.span);
            // The done side is read on its whole line: a name cut short at its first clause
            // leaves out the words that say what was done. History and optional work stand for
            // nothing now; a decision's record (`## D-007 — Autenticazione (2026-11-12)`, dated
            // as a sitting is) says what was decided, not that the work is done; nor is work
            // done in part (`SH-91 (partial): mailer`).
            let role = doc.role_at(line.start());
            if doc.status_now(m) == Some(Status::Completed)
                && !matches!(role, Some(SectionRole::History | SectionRole::Optional | SectionRole::Issues | SectionRole::Decisions))
                && !crate::lexicon::says_partly_done(&crate::case::to_lower(doc.text(line)))
            {
                lines.push((line, Topic::of(doc.text(line)), u.name));
            }
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
                    lines.push((line, Topic::of(doc.text(line)), i.text));
                }
            }
        }
        let mut postings: crate::hash::KeyMap<Vec<usize>> = Default::default();
        for (i, (_, t, _)) in lines.iter().enumerate() {
            for k in t.keys() {
                postings.entry(k).or_default().push(i);
            }
        }
        DoneLines { lines, postings }
    }

    /// The done line (and the name of its unit) that names the work `topic` is about, if one
    /// does: every id of the topic on it and no other id there; else as much of the topic's
    /// words as `bar` asks (four fifths of its character pairs, of which a word makes
    /// several). `hits` is scratch space kept between calls.
    pub(crate) fn same_work(&self, topic: &Topic, bar: Bar, hits: &mut Vec<u32>) -> Option<(Span, Span)> {
        let done = &self.lines;
        let line_and_name = |j: usize| (done[j].0, done[j].2);
        // Work ids say it alone: every id of the item on one done line, and no other id there.
        // Ids of a series of their own (`DB-010`, `F045`, `PAY-320`), not a bare number (`#6`
        // names issues, PRs and features alike) nor a letter and a number (`x402`).
        if !topic.ids.is_empty() && topic.ids.iter().all(|id| crate::identity::series_id(id)) {
            let first = self.postings.get(&crate::hash::fnv_of(topic.ids[0].as_str()))?;
            return first.iter().copied().find(|&j| done[j].1.ids == topic.ids).map(line_and_name);
        }
        hits.resize(done.len(), 0);
        for (pairs, tenths) in [(false, bar.tenths), (true, 8)] {
            let words = part(topic, pairs);
            if words.len() < bar.least {
                continue;
            }
            hits.iter_mut().for_each(|h| *h = 0);
            for w in words.iter() {
                for &j in self.postings.get(w).into_iter().flatten() {
                    hits[j] += 1;
                }
            }
            let need = (words.len() * tenths).div_ceil(10).max(bar.least) as u32;
            let found = hits.iter().enumerate().find(|&(j, &h)| h >= need && h as usize * bar.of_done >= part(&done[j].1, pairs).len());
            if let Some((j, _)) = found {
                return Some(line_and_name(j));
            }
        }
        None
    }
}

/// The steps of a file, each asked whether it names work the file records as done: by a
/// done unit's name or work id, or in other words ([`restates_done`]). The done lines are
/// built on first use: a step its unit's name finds done asks nothing more.
pub(crate) struct DoneSteps<'a> {
    doc: &'a Document,
    now: Vec<(&'a ProgressMarker, &'a Unit)>,
    done_lines: std::cell::OnceCell<DoneLines>,
    hits: Vec<u32>,
}

impl<'a> DoneSteps<'a> {
    pub(crate) fn of(doc: &'a Document) -> Self {
        let now = doc.current_units().iter().map(|&r| doc.unit_at(r)).collect();
        DoneSteps { doc, now, done_lines: std::cell::OnceCell::new(), hits: Vec::new() }
    }

    /// Whether the step written first in `span` names done work. By a unit's name only when
    /// the step is the done unit and at most a verb (`Implement `init` command` over `- [x]
    /// `init` command`): `Wire the importer into the CLI` names the done importer as its
    /// context, and is new work. The name may be of `words` words or more, as
    /// [`names_done_unit`] reads them.
    pub(crate) fn names_done(&mut self, span: Span, words: usize) -> bool {
        let doc = self.doc;
        if self.now.is_empty() {
            return false;
        }
        let words_of = |t: &str| crate::identity::UnitKey::of(t).map_or(0, |k| k.as_str().split(' ').count());
        crate::span::first_filled_line(doc.source(), span).is_some_and(|l| {
            let found = names_done_unit(doc, l, words, &self.now).or_else(|| names_done_ids(doc, l, &self.now));
            found.is_some_and(|(_, unit)| words_of(doc.text(l)) <= words_of(doc.text(unit.name)) + 1) || restates_done(doc, l, &self.done_lines, &mut self.hits).is_some()
        })
    }
}

/// How much of a topic one done line must hold for the two to name the same work: `tenths`
/// of its words, `least` at least (a shorter text says too little to tell), and those making
/// one `of_done`-th of the done line's own words (a long paragraph holds many by chance).
#[derive(Clone, Copy)]
pub(crate) struct Bar {
    least: usize,
    tenths: usize,
    of_done: usize,
}

impl Bar {
    /// An item still to do or under way: seven tenths of its words, four at least, a third of
    /// the done line's.
    pub(crate) const ITEM: Bar = Bar { least: 4, tenths: 7, of_done: 3 };
    /// A next step says its work in few words, by its first clause, and the line that records
    /// it done may tell how at length: three words at least, a fifth of the done line's.
    pub(crate) const STEP: Bar = Bar { least: 3, tenths: 7, of_done: 5 };
    /// A next step that names its object in code: two words at least.
    pub(crate) const STEP_IN_CODE: Bar = Bar { least: 2, tenths: 7, of_done: 5 };
    /// A known issue says what goes wrong in words its fix does not repeat: six tenths of its
    /// words, three at least.
    pub(crate) const ISSUE: Bar = Bar { least: 3, tenths: 6, of_done: 3 };
}

/// The done line that a next step on `line` restates in other words (`Add retry to upload
/// parts` over `- Added retry logic … to part uploads — merged in #41`, `Añadir paginación
/// al endpoint GET /pedidos` over `Se añadió paginación por cursor a GET /pedidos`), by
/// [`DoneLines::same_work`] at [`Bar::STEP`]. Not when
/// the step says itself that it is done (in words, or a ticked box) or goes on with the work
/// (`Continue …`, `继续做 …`); nor, in a log, by a
/// done line of an older sitting: the step of a later sitting that takes up work an older
/// one recorded done goes on with it (`继续做 …`), and names what is left of it.
/// `done` is built on first use: a step let go before the comparison (a ticked one, a
/// checkpoint log's) costs no done lines.
pub(crate) fn restates_done(doc: &Document, line: Span, done: &std::cell::OnceCell<DoneLines>, hits: &mut Vec<u32>) -> Option<Span> {
    let written = doc.text(line);
    // A checkpoint log's and session notes' units are one marker line each, matched by name
    // (docs/dialects.md).
    if matches!(doc.dialect(), crate::Dialect::CheckpointLog) {
        return None;
    }
    // The step without the condition it waits for (`Drop `orders_legacy` once 24 h have
    // passed`), whose words say nothing of the step's own state.
    let step = [" once ", " as soon as ", " when "].iter().filter_map(|sep| written.find(sep)).min().map_or(written, |at| &written[..at]);
    let ticked = doc.item_on_line(line.start()).is_some_and(|i| i.checkbox == Some(true));
    if ticked || crate::lexicon::says_go_on(written) || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some() || crate::lexicon::status_within(&crate::case::to_lower(step)).is_some() {
        return None;
    }
    // The step's work is its first clause: what follows says why or how (`Regenerate the
    // API client so the frontend picks up taxRateId`).
    let clause = [", ", "; ", " — ", " so ", ". "].iter().filter_map(|sep| step.find(sep)).min().map_or(step, |at| &step[..at]);
    // A name in code says in one word what prose needs two for (`` `orders_legacy` droppen``).
    let bar = if clause.contains('`') { Bar::STEP_IN_CODE } else { Bar::STEP };
    let (done_line, _) = done.get_or_init(|| DoneLines::of(doc)).same_work(&Topic::of(clause), bar, hits)?;
    // The sittings of the two lines: the same one (or none: a file of no dates) judges alike.
    // A step of the file's own Next section, outside any sitting, is the file's step now.
    let own_next = || doc.role_at(line.start()) == Some(SectionRole::NextStep) && doc.section_at(line.start()).is_some_and(|s| !crate::parse::is_session_or_history(doc, &doc.sections()[s]));
    let older_sitting = doc.is_log() && doc.later_in_file(line.start(), done_line.start()) && doc.sitting_at(line.start()).map(|s| s.0) != doc.sitting_at(done_line.start()).map(|s| s.0) && !own_next();
    let stale = !done_line.contains(line.start()) && !older_sitting;
    stale.then_some(done_line)
}

/// A topic's words, or its character pairs.
fn part(topic: &Topic, pairs: bool) -> &[u64] {
    if pairs { &topic.pairs } else { &topic.words }
}


/// The COMPLETED unit (in its current state) that the step on `line` names as its object,
/// unless some open unit is named too or the step says itself that it is done. A name counts
/// with `words` words or more (with one, also a single word of 8 characters or more). The
/// step's own line, read as a unit (an item of a Next Steps list), is none of the others.
pub(crate) fn names_done_unit<'a>(doc: &Document, line: Span, words: usize, now: &[(&'a ProgressMarker, &'a Unit)]) -> Option<(&'a ProgressMarker, &'a Unit)> {
    let written = doc.text(line);
    let folded = UnitKey::of(written)?;
    let folded = folded.as_str();
    let others = || now.iter().copied().filter(|(m, _)| !m.span.contains(line.start()));
    let open = |s: Option<Status>| matches!(s, Some(Status::InProgress | Status::Pending | Status::Blocked));
    if others().any(|(m, u)| open(m.status) && UnitKey::of(doc.text(u.name)).is_some_and(|k| k.as_str().len() >= 3 && names(folded, k.as_str()).is_some())) {
        return None;
    }
    others().find(|&(m, u)| {
        if m.status != Some(Status::Completed) {
            return false;
        }
        let Some(key) = UnitKey::of(doc.text(u.name)) else { return false };
        let key = key.as_str();
        // Three characters of a script that joins its words (`検索機能`) say as much as a
        // name of two words.
        let joined = key.chars().filter(|&c| crate::text::joins_words(c)).count() >= 3;
        let long = key.split(' ').nth(words - 1).is_some() || words == 1 && key.chars().count() >= 8 || joined;
        if !long {
            return false;
        }
        let Some(at) = names(folded, key) else { return false };
        // The step's object comes first (`Begin with orders/batch_1/`, `Notify Service
        // implementation`); a name further on is its context (`Complete deployment configs
        // for Core Service`), which may well be done.
        if folded[..at].split_whitespace().count() > 3 {
            return false;
        }
        // `Parser done`, `finished the parser`: the next step says so itself.
        let said_done = crate::lexicon::status_of(&folded[at + key.len()..]) == Some(Status::Completed)
            || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some();
        !said_done
    })
}

/// The COMPLETED unit that holds the work id the step on `line` names (`Start DB-010` over
/// `- DB-010: route assignments ✅`), when every id the step names is done and none is
/// also open ([`crate::identity::work_ids`]).
pub(crate) fn names_done_ids<'a>(doc: &Document, line: Span, now: &[(&'a ProgressMarker, &'a Unit)]) -> Option<(&'a ProgressMarker, &'a Unit)> {
    let written = doc.text(line);
    let ids: Vec<String> = crate::identity::work_ids(written).iter().flat_map(|id| id.names().collect::<Vec<_>>()).map(|n| crate::case::to_lower(&n)).collect();
    if ids.is_empty() || crate::lexicon::done_verb(written.trim_start_matches(['-', '*', '+', ' '])).is_some() {
        return None;
    }
    // Each unit's name lower-cased once, not once per id.
    let named: Vec<String> = now.iter().map(|(_, u)| crate::case::to_lower(doc.text(u.name))).collect();
    let holding = |id: &str, wanted: &dyn Fn(Option<Status>) -> bool| {
        now.iter().zip(&named).find(|((m, _), name)| !m.span.contains(line.start()) && wanted(m.status) && names(name, id).is_some()).map(|(&unit, _)| unit)
    };
    let open = |s: Option<Status>| matches!(s, Some(Status::InProgress | Status::Pending | Status::Blocked));
    let mut found = None;
    for id in &ids {
        if holding(id, &open).is_some() {
            return None;
        }
        found = Some(holding(id, &|s| s == Some(Status::Completed))?);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn names_whole_words_only() {
        assert_eq!(names("begin with orders/batch_1 file 3", "orders/batch_1"), Some(11));
        assert_eq!(names("begin with orders/batch_10", "orders/batch_1"), None);
        assert_eq!(names("re-auth module", "auth module"), None);
        assert_eq!(names("the auth module, then", "auth module"), Some(4));
    }
}
