//! Progress markers (docs/dialects.md, docs/reader.md): the state of each unit of work, wherever a file writes it.
//!
//! From list items: a status word or phrase in any language opening the item (`COMPLETED:`,
//! `Done:`, `完了：`) or closing it (`Parser — done`, `Login (in progress)`), a checkbox, a
//! status emoji, the section the item sits in (What Works, Remaining, Next Steps), and
//! finished work written as prose (`Implemented retries`). From headings: a status on the
//! heading (`## Feature #7 — COMPLETE`, `### Auth 🚧`) or on a `Status:` line right under it.
//! From tables: each row of a table with a status column. docs/reader.md says why each shape
//! is read, and what is not.

use super::{lines, table};
use crate::span::first_line;
use crate::document::*;
use crate::lexicon::{self, Meaning};
use crate::span::Span;
use crate::Dialect;
use super::outline::Outline;

pub(super) fn build(doc: &mut Document, outline: &Outline) {
    let mut markers = Vec::with_capacity(doc.items.len() / 2);
    let mut details = Vec::new();
    if free_form(doc.dialect) {
        emoji_paragraphs(doc, outline, &mut markers, &mut details);
        dated_paragraphs(doc, outline, &mut markers, &mut details);
        crate::sort::sort_by_key(&mut details, |d| [d.start() as u64, 0, 0]);
    }
    items(doc, &details, &mut markers);
    if free_form(doc.dialect) {
        unmarked_steps(doc, &mut markers);
    }
    headings(doc, &mut markers);
    tables(doc, outline, &mut markers);
    if free_form(doc.dialect) {
        bare_boxes(doc, outline, &mut markers);
    }
    // Session notes tell their Current State in sentences (`Webhook handler is half done:
    // …`) and labelled lines (`Pending: invoice emails, dunning.`) too, below the template's
    // description.
    if free_form(doc.dialect) || doc.dialect == Dialect::SessionNotes {
        in_file_order(&mut markers);
        state_paragraphs(doc, outline, &mut markers);
        // `state_fields` asks which lines hold a unit already: in file order.
        in_file_order(&mut markers);
        state_fields(doc, &mut markers);
    }
    // A current-phase field that names its section (`- 当前阶段：阶段 2` over `## 阶段 2 核心`)
    // says that section's state: the section is the unit, the field's line none.
    if let Some(phase) = doc.current_phase {
        markers.retain(|m| !phase.field.contains(m.span.start()));
    }
    in_file_order(&mut markers);
    notes_under_way(doc, &mut markers);
    crosses_beside_ticks(doc, &mut markers);
    stop_points(doc, &mut markers);
    marks_said_twice(doc, &mut markers);
    struck_out(doc, &mut markers);
    begun_in_words(doc, &mut markers);
    doc.progress = markers;
}

/// A step marked as waiting whose words say it has begun (`⏳ Stream large reports (started,
/// chunking works)`, `- Deploy — in progress` under Pending): under way, or stuck, as the
/// words say. A checkbox reads its words already ([`open_box`]).
fn begun_in_words(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    for m in markers.iter_mut().filter(|m| m.status == Some(Status::Pending) && matches!(m.source, MarkerSource::Emoji | MarkerSource::Section)) {
        let [unit] = &mut m.units[..] else { continue };
        let words = &text[unit.name.range()];
        let said = lexicon::status_in_closing_parenthesis(words).or_else(|| lexicon::trailing_status(words));
        if let Some((status @ (Status::InProgress | Status::Blocked), _, name)) = said {
            m.status = Some(status);
            unit.name = name.shifted(unit.name.start());
        }
    }
}

/// Marks that point at a step as the current one when they open it.
const POINTERS: &[&str] = &["👉", "➡️", "➡", "▶️", "▶", "→"];

/// Where the name starts after a mark pointing at the step as the current one
/// (`👉 Run the backfill`, `▶️ Rimborsi parziali`), when one opens `words`.
fn pointed_at(words: &str) -> Option<usize> {
    POINTERS.iter().find_map(|p| words.strip_prefix(p)).map(|rest| words.len() - rest.trim_start().len()).filter(|&at| at < words.len())
}

/// A numbered list whose items carry status marks (`1. ✅ Add export button`, `4. ⏳ Stream
/// reports`) and ends with a few items that carry none (`5. Add column picker`, `6. Tests`):
/// those are the steps not yet begun, pending. At least two marked items make it such a list;
/// an unmarked item between marked ones, or a labelled fact (`Frontend: packages/web`), is a
/// note, not a step.
fn unmarked_steps(doc: &Document, markers: &mut Vec<ProgressMarker>) {
    const MARKED: usize = 2;
    let text = doc.source.as_str();
    let mut by_start: Vec<usize> = (0..markers.len()).collect();
    crate::sort::sort_by_key(&mut by_start, |&k| [markers[k].span.start() as u64, 0, 0]);
    let marker_at = |at: usize| {
        let k = by_start.partition_point(|&k| markers[k].span.start() < at);
        by_start.get(k).map(|&k| &markers[k]).filter(|m| m.span.start() == at)
    };
    let mut added = Vec::new();
    let mut k = 0;
    while k < doc.items.len() {
        // One list: top-level items that follow each other with only blank space between
        // (the items nested in them, inside their spans, go along).
        let mut end = k + 1;
        let mut last_top = doc.items[k].span;
        while let Some(next) = doc.items.get(end) {
            if last_top.contains(next.span.start()) {
                end += 1;
                continue;
            }
            if next.depth != 1 || !text[last_top.end().min(next.span.start())..next.span.start()].trim().is_empty() {
                break;
            }
            last_top = next.span;
            end += 1;
        }
        let list: Vec<usize> = (k..end).filter(|&i| doc.items[i].depth == 1).collect();
        k = end;
        let kinds: Vec<Option<(MarkerSource, Option<Status>)>> = list.iter().map(|&i| marker_at(doc.items[i].span.start()).map(|m| (m.source, m.status))).collect();
        // A status after a step's name (`2. Issue tokens — done`) marks it too when one such
        // marks the current step (`3. Auth middleware (current)`): without one, the list may
        // as well be statements of what holds (`4. Mini-player optimized`).
        let current = kinds.iter().any(|k| matches!(k, Some((MarkerSource::Suffix, Some(Status::InProgress)))));
        let marks: Vec<bool> = kinds.iter().map(|k| matches!(k, Some((MarkerSource::Emoji | MarkerSource::Checkbox, _))) || current && matches!(k, Some((MarkerSource::Suffix, _)))).collect();
        let Some(last_marked) = marks.iter().rposition(|&m| m) else { continue };
        let marked = marks.iter().filter(|&&m| m).count();
        let tail = &list[last_marked + 1..];
        // Steps left are a list's last few; a long run of lines after the marks is notes
        // (`- Frontend: packages/frontend`, `- Start backend: pnpm dev`), as are labelled facts.
        // Numbered: a sequence of steps (a bulleted list's unmarked lines are as often notes).
        let numbered = matches!(doc.items[list[0]].bullet, '.' | ')');
        if !numbered || marked < MARKED || tail.len() > 2 * marked || doc.items[list[0]].role == SectionRole::Procedure {
            continue;
        }
        let labelled = |line: &str| line.find(": ").is_some_and(|at| line[..at].split_whitespace().count() <= 4);
        for &i in tail {
            let item = &doc.items[i];
            if marker_at(item.span.start()).is_some() {
                continue;
            }
            let line = first_line(text, item.text);
            let words = &text[line.range()];
            // A mark further in (`Space Invaders ✅ (NEW!)`) is a mark all the same.
            let marked_inside = lexicon::EMOJI.iter().any(|(e, _)| words.contains(e));
            if line.is_empty() || lines::is_lead_in(words) || labelled(words) || marked_inside {
                continue;
            }
            // `3. 👉 Run the backfill`: the step pointed at is the one under way.
            match pointed_at(words) {
                Some(at) => {
                    let name = Span::new(line.start() + at, line.end());
                    added.push(simple(item.span, MarkerSource::Section, Status::InProgress, Span::new(line.start(), name.start()), name));
                }
                None => added.push(simple(item.span, MarkerSource::Section, Status::Pending, Span::empty(item.text.start()), line)),
            }
        }
    }
    markers.extend(added);
}

/// A unit whose name is struck through whole (`- [ ] ~~Add caching~~`, a table row
/// `| ~~API Gateway~~ | ❌ |`) is work the file took off the list: nothing to resume, as
/// SKIPPED, unless its status says it was done. Its name is what stands between the tildes,
/// so that the same unit written plain elsewhere is the same unit.
fn struck_out(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    for m in markers.iter_mut() {
        let [unit] = &mut m.units[..] else { continue };
        let Some(words) = crate::text::struck_through(&text[unit.name.range()]) else { continue };
        unit.name = Span::new(unit.name.start() + words.start, unit.name.start() + words.end);
        if !matches!(m.status, Some(Status::Completed | Status::Skipped)) {
            m.status = Some(Status::Skipped);
        }
    }
}

/// A cross (`✘`, `✗`) in a section whose other steps are ticked (`✔`, `✓`): the pair marks
/// done and not yet done, as boxes do (`5. Hybrid ranking ✘` after `4. Backfill ✔`), so the
/// crossed step is to do, unless its words say it failed or the section marks work to do
/// with a mark of its own (`☐ Release notes`: then the cross is a failure).
fn crosses_beside_ticks(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    let mark = |m: &ProgressMarker| &text[m.status_span.range()];
    let crossed = |m: &ProgressMarker| m.source == MarkerSource::Emoji && matches!(mark(m), "✘" | "✗");
    if !markers.iter().any(crossed) {
        return;
    }
    let sections_of = |pick: &dyn Fn(&ProgressMarker) -> bool| -> Vec<Option<usize>> { markers.iter().filter(|m| pick(m)).map(|m| doc.section_at(m.span.start())).collect() };
    let ticked = sections_of(&|m| m.source == MarkerSource::Emoji && matches!(mark(m), "✔" | "✓" | "✔️"));
    let to_do = sections_of(&|m| m.source == MarkerSource::Emoji && m.status == Some(Status::Pending));
    for m in markers.iter_mut().filter(|m| crossed(m)) {
        let failed = crate::case::to_lower(&text[m.span.range()]).contains("fail");
        let section = doc.section_at(m.span.start());
        if !failed && ticked.contains(&section) && !to_do.contains(&section) {
            m.status = Some(Status::Pending);
        }
    }
}

/// An open box or mark whose note says the work has begun (`- [ ] Queue messages ← in
/// progress, queue table done`, `- [ ] Dagster migration (in progress — assets ported)`):
/// under way, named before the note ([`lexicon::under_way_note`]); or that it is held up:
/// blocked.
fn notes_under_way(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    let open = |s: Option<Status>| matches!(s, Some(Status::Pending | Status::InProgress));
    for m in markers.iter_mut().filter(|m| open(m.status) && matches!(m.source, MarkerSource::Emoji | MarkerSource::Checkbox | MarkerSource::Section)) {
        let [unit] = &mut m.units[..] else { continue };
        if let Some(cut) = lexicon::under_way_note(&text[unit.name.range()]) {
            unit.name = Span::new(unit.name.start(), unit.name.start() + cut);
            m.status = Some(Status::InProgress);
        // Or the note closes the item's last wrapped line (`  consumer not written yet ←
        // doing this`), before any item nested in it.
        } else if crate::span::lines_in(text, m.span).skip(1).take_while(|l| lines::list_marker(doc.text(*l).trim_start()) == 0).last().is_some_and(|l| lexicon::under_way_note(doc.text(l)).is_some()) {
            m.status = Some(Status::InProgress);
        // Or it is held up (`- [ ] Legal approval ← waiting on Hannah`, `- [ ] Deploy —
        // BLOCKED`): stuck, named before the note.
        } else if let Some((Status::Blocked, _, name)) = lexicon::trailing_status(&text[unit.name.range()]) {
            unit.name = Span::new(unit.name.start(), unit.name.start() + name.end());
            m.status = Some(Status::Blocked);
        }
    }
}

/// A mark's status said again in words after the unit (`✅ CSV exporter done`, `[x]
/// Exportador terminado`, `🔄 Importer (in progress)`): the words are the status, not the
/// unit's name, so that `🔄 CSV exporter` earlier and `✅ CSV exporter done` later are one
/// unit. Words of another status are left in the name: which one holds is not clear.
fn marks_said_twice(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    for m in markers.iter_mut().filter(|m| matches!(m.source, MarkerSource::Emoji | MarkerSource::Checkbox)) {
        let [unit] = &mut m.units[..] else { continue };
        let name = &text[unit.name.range()];
        let said = lexicon::trailing_status(name).or_else(|| lexicon::status_after_space(name));
        if let Some((_, _, before)) = said.filter(|(s, _, before)| Some(*s) == m.status && !before.is_empty()) {
            unit.name = Span::new(unit.name.start(), unit.name.start() + before.end());
        }
    }
}

/// A unit named with its stop point (`🔄 Importer: in progress, stopped at date
/// validation`, `- [ ] Exportador — me quedé en la validación`): the stop point is read
/// out of the name, and the name ends before the clause that holds it and before a status
/// said there (`Importer`), so that a later `✅ Importer` is the same unit. Work that has a
/// stop point has begun: a pending unit with one is under way. `STATUS: unit (stopped at
/// 094)` lines read theirs already ([`lines::units_into`]).
fn stop_points(doc: &Document, markers: &mut [ProgressMarker]) {
    let text = doc.source.as_str();
    // A section's stop line (`STOPPED HERE: …`) is its unit's under way, when it holds one.
    // Keyed by section; a file without headings is one part (`u64::MAX`).
    let part_of = |at: usize| doc.section_at(at).map_or(u64::MAX, |i| crate::hash::small_key(i as u64));
    let mut under_way_in: crate::hash::KeyMap<usize> = Default::default();
    for m in markers.iter().filter(|m| m.status == Some(Status::InProgress)) {
        *under_way_in.entry(part_of(m.span.start())).or_default() += 1;
    }
    // Done work has nothing to resume from.
    for m in markers.iter_mut().filter(|m| !matches!(m.status, Some(Status::Completed | Status::Skipped))) {
        let [unit] = &mut m.units[..] else { continue };
        if unit.stopped_at.is_some() {
            continue;
        }
        let name = &text[unit.name.range()];
        let Some((phrase, point)) = lines::stop_point(name) else {
            let alone = under_way_in.get(&part_of(m.span.start())) == Some(&1);
            if m.status == Some(Status::InProgress) && alone {
                unit.stopped_at = stop_line_under(doc, unit.name);
            }
            continue;
        };
        let kept = lines::name_before_stop(&name[..phrase]);
        if kept.is_empty() {
            continue;
        }
        unit.stopped_at = Some(point.shifted(unit.name.start()));
        unit.name = Span::new(unit.name.start(), unit.name.start() + kept.len());
        if m.status == Some(Status::Pending) {
            m.status = Some(Status::InProgress);
        }
    }
}

/// The stop point the unit under way in a section (on its heading, `### Session 9 — IN
/// PROGRESS`, or on a line of it, `- Started feature 15 (due dates)`) has written on a line
/// of its own there (`- Stopped at: retry backoff config`, `STOPPED HERE: add the column`),
/// up to its first subsection. The caller asks only for a section's one unit under way.
fn stop_line_under(doc: &Document, name: Span) -> Option<Span> {
    let text = doc.source.as_str();
    let (start, end) = match doc.section_at(name.start()) {
        Some(i) => {
            let section = &doc.sections[i];
            let end = doc.sections.get(i + 1).map(|n| n.heading.start()).filter(|&e| e < section.span.end()).unwrap_or(section.span.end());
            (section.body.start(), end.max(section.body.start()))
        }
        // A file without headings (a plain-text log): all of it.
        None if doc.sections.is_empty() => (0, text.len()),
        None => return None,
    };
    let mut at = start;
    for line in text[start..end].split_inclusive('\n') {
        let start = at;
        at += line.len();
        let lead = line.len() - line.trim_start_matches([' ', '-', '*', '+', '>']).len();
        let Some((phrase, point)) = lines::stop_point(&line[lead..]) else { continue };
        if line[lead..lead + phrase].trim_matches(['*', '_', '`']).is_empty() {
            return Some(point.shifted(start + lead));
        }
    }
    None
}

/// Markers of each source are appended after those of the others: restore file order (a
/// no-op pass when they are in it).
fn in_file_order(markers: &mut [ProgressMarker]) {
    if !markers.is_sorted_by_key(|m| m.span.start()) {
        crate::sort::sort_by_key(markers, |m| [m.span.start() as u64, 0, 0]);
    }
}

/// A marker naming one unit.
fn simple(span: Span, source: MarkerSource, status: Status, status_span: Span, name: Span) -> ProgressMarker {
    ProgressMarker {
        span,
        source,
        status: Some(status),
        status_span,
        units: vec![Unit { name, range: None, stopped_at: None }],
        detail: None,
        id: None,
    }
}

/// The dialects that write state in free form: items under a state heading (What Works,
/// Remaining) are units of that state, a log's lines are work done. A checkpoint log and
/// session notes say state in words only. The agent harnesses' memory files are free
/// Markdown too (`docs/formats.md`).
pub(super) fn free_form(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::MemoryBank | Dialect::Generic | Dialect::ProgressLog) || dialect.is_agent_memory()
}

/// Whether item `index` is in a list of two items or more (its siblings, in its section) that
/// each close with a progress figure in brackets (`- Phase 1 (100%)`, `- Phase 2 (60%)`): a
/// lone figure elsewhere is a metric (`Unit tests: 28/28 passing (100%)`), no unit's state.
fn in_percent_list(doc: &Document, index: usize) -> bool {
    let items = &doc.items;
    let depth = items[index].depth;
    let section = doc.section_at(items[index].span.start());
    let in_list = |i: usize| items[i].depth >= depth && doc.section_at(items[i].span.start()) == section;
    let first = (0..index).rev().take_while(|&i| in_list(i)).last().unwrap_or(index);
    let last = (index + 1..items.len()).take_while(|&i| in_list(i)).last().unwrap_or(index);
    let text = doc.source.as_str();
    let mut siblings = (first..=last).filter(|&i| items[i].depth == depth);
    last > first && siblings.all(|i| lexicon::percent_after_name(&text[first_line(text, items[i].text).range()]).is_some())
}

/// The state an unticked box's own words give it, under way or stuck (`Login page (in
/// progress)`, `Deploy — BLOCKED`, `Conflict resolution ← in progress`), and the unit's span.
fn box_says(words: &str) -> Option<(Status, Span)> {
    if let Some(at) = pointed_at(words) {
        return Some((Status::InProgress, Span::new(at, words.len())));
    }
    let said = lexicon::trailing_status(words).or_else(|| lexicon::status_in_closing_parenthesis(words));
    match said {
        Some((status @ (Status::InProgress | Status::Blocked | Status::Failed), _, name)) => Some((status, name)),
        _ => None,
    }
}

/// The sections whose unticked boxes include one that says it is under way: there, the
/// other unticked boxes wait ([`open_box`]).
fn pointed_sections(doc: &Document) -> Vec<bool> {
    let text = doc.source.as_str();
    let mut pointed = vec![false; doc.sections.len()];
    for item in doc.items.iter().filter(|i| i.checkbox == Some(false) && i.role == SectionRole::Active) {
        if let Some(s) = item.section.filter(|&s| !pointed[s]) {
            pointed[s] = box_says(&text[first_line(text, item.text).range()]).is_some_and(|(st, _)| st == Status::InProgress) || lexicon::says_it_stopped_here(&text[item.text.range()]);
        }
    }
    pointed
}

/// How many boxes nested in item `index` are ticked and how many are open: one ticked, the
/// item's work has begun; all, it is done.
fn nested_boxes(doc: &Document, index: usize) -> (usize, usize) {
    let item = &doc.items[index];
    let nested = doc.items[index + 1..].iter().take_while(|n| item.span.contains(n.span.start()));
    nested.fold((0, 0), |(t, o), n| match n.checkbox {
        Some(true) => (t + 1, o),
        Some(false) => (t, o + 1),
        None => (t, o),
    })
}

/// The state of an unticked box (`line` its first line), and the unit's name: PENDING, unless
/// the work has begun or stopped. It is the state of an In Progress or Blocked section it is
/// left in. It has begun when a box nested in it is ticked (`- [ ] 3. Order service`
/// over `- [x] 3.1 Create endpoint`, as spec-driven task lists are kept), when its words say
/// it is under way or stuck (`- [ ] Login page (in progress)`, `- [ ] Deploy — BLOCKED`), or
/// when a note says what is done and what remains (`(completed: detection; remaining:
/// conflicts)`, as execution plans write a step stopped halfway). docs/reader.md, "Where
/// state is written".
fn open_box(doc: &Document, index: usize, line: Span, pointed: &[bool]) -> (Status, Span) {
    let text = doc.source.as_str();
    let item = &doc.items[index];
    // Every box nested in it ticked (`- [ ] Parsing` over three `- [x]`): its parts are done.
    match nested_boxes(doc, index) {
        (ticked, open) if ticked > 0 && open == 0 => return (Status::Completed, line),
        (ticked, _) if ticked > 0 => return (Status::InProgress, line),
        _ => {}
    }
    let words = &text[line.range()];
    if let Some((status, name)) = box_says(words) {
        return (status, name.shifted(line.start()));
    }
    if lexicon::says_it_stopped_here(&text[item.text.range()]) {
        return (Status::InProgress, line);
    }
    // A box left in an In Progress or Blocked section has that state, unless a box of the
    // section says it is the one under way (`- [ ] Conflict resolution ← in progress`): the
    // others wait.
    match item.role {
        SectionRole::Active if !item.section.is_some_and(|s| pointed[s]) => return (Status::InProgress, line),
        SectionRole::Blocked => return (Status::Blocked, line),
        _ => {}
    }
    if half_done(words) {
        return (Status::InProgress, line);
    }
    (Status::Pending, line)
}

/// Three steps or more written in one item of work to do, split by semicolons outside
/// brackets (`Flesh out stores (filters, modes); port the Analytics panel; add Playwright
/// tests`): each is a unit. Two parts are as often a step and why (`Add caching; the API is
/// slow`): one unit.
fn steps_in_one_item(text: &str) -> Option<Vec<Span>> {
    const MIN_STEPS: usize = 3;
    let mut steps = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ';' if depth == 0 => {
                steps.push(Span::new(start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    steps.push(Span::new(start, text.len()));
    let trimmed: Vec<Span> = steps
        .iter()
        .map(|s| {
            let part = &text[s.range()];
            let lead = part.len() - part.trim_start().len();
            Span::new(s.start() + lead, s.start() + part.trim_end().trim_end_matches('.').len())
        })
        .collect();
    let words = |s: &Span| text[s.range()].split_whitespace().count();
    (trimmed.len() >= MIN_STEPS && trimmed.iter().all(|s| words(s) >= 2)).then_some(trimmed)
}

/// A checklist written without list markers, a box a line (`[X] Load holdings`, `[ ] Render
/// to PDF`: the scratchpad that Cursor's agent rules keep): each line is a box, when every
/// line of the paragraph opens with one. Markdown renders it as text.
fn bare_boxes(doc: &Document, outline: &Outline, markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    // A box and its status: ticked, open, or of the extended lists (`[~]` begun).
    let boxed = |l: &str| match l.as_bytes().get(..4) {
        Some(b"[ ] ") => Some(Status::Pending),
        Some(b"[x] " | b"[X] ") => Some(Status::Completed),
        _ => other_box(l),
    };
    // A paragraph of boxes, a title line above them allowed (`TAREFAS` over `[x] Setup + CI`,
    // as plain-text progress files write their task list).
    for &p in &outline.paragraphs {
        let mut lines = crate::span::lines_in(text, p).peekable();
        if lines.peek().is_some_and(|l| boxed(&text[l.range()]).is_none()) {
            lines.next();
        }
        let lines: Vec<Span> = lines.collect();
        if lines.is_empty() || !lines.iter().all(|l| boxed(&text[l.range()]).is_some()) || lines.len() < 2 && !text[p.range()].starts_with('[') {
            continue;
        }
        for line in lines {
            let Some(status) = boxed(&text[line.range()]) else { continue };
            // `[~] Push notifications (FCM)   <- em andamento`: the pointer is no part of the name.
            let name = &text[line.start() + 4..line.end()];
            let name = name.find(" <-").or_else(|| name.find(" ←")).map_or(name, |at| &name[..at]).trim_end();
            markers.push(simple(line, MarkerSource::Checkbox, status, Span::new(line.start(), line.start() + 3), Span::new(line.start() + 4, line.start() + 4 + name.len())));
        }
    }
}

/// A box of the extended task lists, which Markdown renders as text: `[/]` and `[~]` begun,
/// `[>]` put off. `[-]` means cancelled in some conventions and under way in others (Kiro's
/// task lists): it is read as begun only over a ticked box of its own ([`nested_boxes`]).
fn other_box(line: &str) -> Option<Status> {
    match line.as_bytes().get(..4)? {
        b"[/] " | b"[~] " => Some(Status::InProgress),
        b"[>] " => Some(Status::Pending),
        _ => None,
    }
}

/// The state a line's opening clause gives a short subject (`Billing in progress — …`,
/// `Auth done. Next: …`, `Route audit complete: 4 links fixed`): up to the first dash, colon,
/// comma, sentence end or semicolon, six words at most.
/// (status, the status's span, the subject's span).
fn opening_clause_status(line: &str) -> Option<(Status, Span, Span)> {
    let state = |seps: &[&str]| {
        let end = seps.iter().filter_map(|sep| line.find(sep)).min().unwrap_or(line.len());
        let clause = line[..end].trim_end_matches(['.', '!']);
        // A clause cut inside brackets (`Quick buttons (Getting Started, …)`) is no clause.
        if clause.split_whitespace().count() > 6 || clause.matches(['(', '（']).count() != clause.matches([')', '）']).count() {
            return None;
        }
        lexicon::trailing_status(clause).or_else(|| lexicon::status_after_space(clause))
    };
    // The marks that end a clause, then those that open a note in brackets: a note closes the
    // clause only where the clause is no status in brackets itself (`Login (in progress)`,
    // against `송장 생성 작업 중 (PDF 템플릿 남음)`).
    const SEPARATORS: [&str; 12] = [" — ", " – ", " - ", ". ", "; ", ", ", ": ", "。", "，", "：", " (", "（"];
    const CLAUSE_MARKS: usize = 10;
    state(&SEPARATORS[..CLAUSE_MARKS]).or_else(|| state(&SEPARATORS)).or_else(|| {
        // `search: started. Moving the indexer`: a short name, a colon, then its state alone.
        let (name, rest) = line.split_once(": ")?;
        let lead = rest.len() - rest.trim_start().len();
        let clause = rest[lead..].split(['.', ',', ';', '—']).next()?.trim_end();
        // The name is no label of the lexicon's (`Status: in progress` states no unit's).
        let named = name.split_whitespace().count() <= 4 && lexicon::phrase_at(name).is_none();
        let found = lexicon::phrase_at(clause).filter(|f| f.len == clause.len() && named)?;
        let Meaning::Status(status) = found.meaning else { return None };
        let at = name.len() + 2 + lead;
        Some((status, Span::new(at, at + clause.len()), Span::new(0, name.trim_end().len())))
    })
}

/// A line that opens with a start or with work under way (`Started on the rate limiter,
/// refill logic missing`, `Working on the exporter`, `Iniziato il modulo dei pagamenti`):
/// (the opening's span, the unit's span). The unit is the first clause: a note on how far it
/// got follows (`Started #10 profile page; avatar upload not wired yet`).
fn under_way_opening(line: &str) -> Option<(Span, Span)> {
    // `I'm working on the exporter`, `Sto lavorando al modulo`: the subject is no part of it.
    let lead = lexicon::subject_lead(line);
    let lexicon::Found { meaning: Meaning::Status(Status::InProgress), len } = lexicon::phrase_at(&line[lead..])? else { return None };
    let len = lead + len;
    let rest = &line[len..];
    // `En progreso — build de iOS`: a dash or a colon after the opening is no part of the unit.
    let mut gap = rest.len() - rest.trim_start_matches([' ', ':', '：', '—', '–', '-']).len();
    // `Started on the limiter`, `Begonnen mit dem Export`: the unit follows.
    if let Some(word) = ["on ", "with ", "work on ", "con ", "com ", "mit ", "avec ", "med "].iter().find(|w| rest[gap..].starts_with(**w)) {
        gap += word.len();
    }
    // A script that joins its words writes the unit right after (`正在实现搜索筛选`).
    let joined = line[..len].chars().next_back().is_some_and(crate::text::joins_words);
    if gap == 0 && !joined || rest.len() <= gap {
        return None;
    }
    // A comma inside a figure (`1,400 lines`) ends no clause, nor one inside brackets
    // (`订单导出模块（Excel 导出，进度约 70%）`).
    // A colon opens how far it got (`Started feature 15 (due dates): date picker added`).
    let mut depth = 0i32;
    let clause_mark = rest[gap..].char_indices().find_map(|(at, c)| {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth -= 1,
            ',' | ';' | '，' | '；' | ':' | '：' if depth <= 0 => {
                let digit = |b: Option<&u8>| b.is_some_and(u8::is_ascii_digit);
                let bytes = rest[gap..].as_bytes();
                let in_figure = matches!(bytes[at], b',' | b':') && at > 0 && digit(bytes.get(at - 1)) && digit(bytes.get(at + 1));
                // `http://`, `C::new`: no clause mark.
                let in_word = bytes[at] == b':' && !bytes.get(at + 1).is_none_or(|b| b.is_ascii_whitespace());
                return (!in_figure && !in_word).then_some(at);
            }
            _ => {}
        }
        None
    });
    let mut clause = clause_mark.map_or(rest.len(), |at| gap + at);
    // `In progress: Payments (Stripe hookup 60% done)`: the note in brackets closing the
    // clause is how far it got, as a labelled item's is ([`lines::units_into`]).
    if let Some(name) = without_closing_note(crate::text::without_full_stop(&rest[gap..clause])) {
        clause = gap + name.len();
    }
    Some((Span::new(lead, len), Span::new(len + gap, len + clause)))
}

/// `text` without the note in brackets that closes it (`実装中（カテゴリまで完了）`, `Payments
/// (Stripe hookup 60% done)`), from its first bracket, when it has one.
fn without_closing_note(text: &str) -> Option<&str> {
    let open = text.strip_suffix([')', '）'])?.find(['(', '（'])?;
    Some(text[..open].trim_end()).filter(|t| !t.is_empty())
}

/// Where a clause that is a next step begins in `sentence` (`Migrating orders.py; next: run
/// the fixtures`), its end when none does.
fn before_next_label(sentence: &str) -> usize {
    sentence
        .match_indices([';', '；'])
        .find(|&(at, mark)| matches!(lexicon::labelled(sentence[at + mark.len()..].trim_start()), Some((Meaning::Next, _, _))))
        .map_or(sentence.len(), |(at, _)| sentence[..at].trim_end().len())
}

/// The states a current-state paragraph's sentences give, each a unit's (docs/reader.md,
/// "Prose"): a sentence that opens with work done (`Finished the importer.`), with work
/// begun (`Started on the exporter; CSV done.`), the first one with an English verb of work
/// under way (`Refactoring the auth middleware.`), or that is a subject and its state (`Admin
/// page layout in progress.`, `The importer is done.`, `결제 연동 진행 중입니다.`,
/// `決済連携を実装中です。`). (status, the state's span, the unit's span), in `paragraph`.
pub(super) fn sentence_states(paragraph: &str) -> Vec<(Status, Span, Span)> {
    let mut states = Vec::new();
    for (i, range) in crate::text::sentences(paragraph).enumerate() {
        let raw = &paragraph[range.clone()];
        let lead = raw.len() - raw.trim_start_matches([' ', '>']).len();
        let sentence = lexicon::without_sentence_ending(&raw[lead..]);
        let base = range.start + lead;
        // `Not started.`: a status alone states the section's, naming no unit (`Not` is none).
        if sentence.is_empty() || lexicon::phrase_at(sentence).is_some_and(|f| f.len == sentence.len()) {
            continue;
        }
        let state = if let Some(verb) = lexicon::done_verb(sentence) {
            let clause = sentence[verb..].find([';', '；']).map_or(sentence.len(), |c| verb + c);
            let lead = sentence[verb..clause].len() - sentence[verb..clause].trim_start_matches([' ', '*', '`']).len();
            Some((Status::Completed, Span::new(0, verb), Span::new(verb + lead, clause)))
        } else if let Some((word, name)) = under_way_opening(sentence) {
            Some((Status::InProgress, word, name))
        } else if let Some(verb) = lexicon::gerund_opening(sentence).filter(|_| i == 0) {
            // `Porting the webhooks; write-back pending.`: the work, told whole with how far
            // it got, is the unit; a next step after it (`; next: run the fixtures`) is not.
            Some((Status::InProgress, Span::new(0, verb), Span::new(0, before_next_label(sentence))))
        } else {
            // `The importer is done`, `Phase 2 in progress: API endpoints.` (the clause ends at
            // its colon): the copula is the sentence's, not the subject's.
            opening_clause_status(sentence)
                .map(|(status, word, name)| {
                    let subject = &sentence[name.range()];
                    let bare = [" is", " are"].iter().find_map(|c| subject.strip_suffix(c)).unwrap_or(subject);
                    (status, word, Span::new(name.start(), name.start() + bare.len()))
                })
                .or_else(|| lexicon::status_joined_at_end(sentence))
                // `検索画面のフィルタ実装中（カテゴリまで完了）`: the note in brackets after it.
                .or_else(|| without_closing_note(sentence).and_then(lexicon::status_joined_at_end))
                .filter(|(_, _, name)| lexicon::names_a_subject(&sentence[name.range()]))
        };
        // A name of markup alone (`**` of `**進行中**: …`) names nothing: the label's line is
        // a field's (`state_fields`).
        if let Some((status, word, name)) = state.filter(|(_, _, name)| sentence[name.range()].chars().any(char::is_alphanumeric)) {
            states.push((status, word.shifted(base), name.shifted(base)));
        }
    }
    states
}

/// A closing parenthesis that says both what is done and what remains: `(completed: the
/// detection; remaining: conflict handling)`, `(hecho: A; pendiente: B)`.
fn half_done(line: &str) -> bool {
    let t = line.trim_end().trim_end_matches('.');
    let Some(open) = t.strip_suffix(')').and_then(|t| t.rfind('(')) else { return false };
    let (mut done, mut left) = (false, false);
    for clause in t[open + 1..t.len() - 1].split([';', '；']) {
        match lexicon::labelled(clause.trim()).map(|(meaning, _, _)| meaning) {
            Some(Meaning::Status(Status::Completed) | Meaning::Done) => done = true,
            Some(Meaning::Remaining | Meaning::Status(Status::Pending)) => left = true,
            _ => {}
        }
    }
    done && left
}

/// The status a table cell says: a status word, phrase or emoji. A word beside an emoji
/// says which state the emoji stands for: `❌ Eliminated` is work dropped, not failed.
fn cell_status(cell: &str) -> Option<Status> {
    if let Some((status, _, words)) = lexicon::emoji_at_ends(cell.trim()) {
        let words = &cell.trim()[words.range()];
        return Some(lexicon::status_value(words.trim_matches(['*', '_', ' '])).unwrap_or(status));
    }
    lexicon::status_of(cell).or_else(|| lexicon::status_value(cell))
}


/// The lines of top-level paragraphs that open or close with a status emoji
/// (`✅ **Basic Stipend Calculation**`, `🔄 **Data Expansion**`): each is a unit. Returns
/// where the lists right under such paragraphs lie: their items tell what the unit holds
/// (`- Adding more cities`), they are not units of the section's state.
fn emoji_paragraphs(doc: &Document, outline: &Outline, markers: &mut Vec<ProgressMarker>, details: &mut Vec<Span>) {
    let text = doc.source.as_str();
    for (k, &p) in outline.paragraphs.iter().enumerate() {
        let mut last = None;
        for line in crate::span::lines_in(text, p) {
            // `**Stato:** bloccato 🔴` states the run's status (`plan::stated`), no unit's.
            let field = matches!(lexicon::labelled(&text[line.range()]), Some((Meaning::StatusField, _, _)));
            last = lexicon::emoji_at_ends(&text[line.range()]).filter(|_| !field);
            if let Some((status, emoji, name)) = last {
                markers.push(simple(line, MarkerSource::Emoji, status, emoji.shifted(line.start()), name.shifted(line.start())));
            }
        }
        if last.is_some() {
            details.push(under_paragraph(doc, outline, k));
        }
    }
}

/// What lies under paragraph `k`: up to the next paragraph or heading.
fn under_paragraph(doc: &Document, outline: &Outline, k: usize) -> Span {
    let end = outline.paragraphs[k].end();
    let next_paragraph = outline.paragraphs.get(k + 1).map_or(doc.source.len(), |q| q.start());
    let next_heading = doc.sections.get(doc.sections.partition_point(|s| s.heading.start() < end)).map_or(doc.source.len(), |s| s.heading.start());
    Span::new(end, next_paragraph.min(next_heading))
}

fn items(doc: &Document, details: &[Span], markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    let section_markers = free_form(doc.dialect);
    let latest_sitting = doc.is_log().then(|| doc.latest_sitting()).flatten();
    let pointed = pointed_sections(doc);
    let mut raw_units = Vec::new();
    for (index, item) in doc.items.iter().enumerate() {
        let body = &text[item.text.range()];
        let base = item.text.start();
        let role = item.role;
        // A procedure's steps are every session's; optional work is no work of the run, in
        // an optional list or marked so itself (`- [ ] （可选）LogQL 培训`) until done.
        if matches!(role, SectionRole::Procedure | SectionRole::Optional) {
            continue;
        }
        if item.checkbox != Some(true) && lexicon::marked_optional(&text[first_line(text, item.text).range()]) {
            continue;
        }
        // Session notes keep their pending and finished work in Current State ("Pending
        // tasks not yet completed", the template says): read there as free-form files are.
        let state_list = !section_markers
            && doc.dialect == Dialect::SessionNotes
            && item.section.is_some_and(|s| doc.sections[s].role == SectionRole::CurrentState);
        // What a status or label opening the item says (read once, when first asked: most
        // items of a long log are entries or canonical status lines, which need no lexicon).
        let mut label = None;
        let mut label_of = |body: &str| *label.get_or_insert_with(|| lexicon::labelled_status(body));
        // `COMPLETED: unit`, `DONE: unit` (upper case, any word: an unknown one under
        // Progress Markers is reported), else a status phrase of the lexicon in any case.
        let worded = lines::status_word(body)
            .and_then(|(word, rest)| {
                let known = lines::read_status(&body[word.range()]);
                (known.is_some() || role == SectionRole::Progress).then_some((known, word, rest))
            })
            // In a checkpoint log or session notes, only under Progress Markers.
            .map(|(known, word, rest)| (known, word, rest, false))
            .or_else(|| {
                let (status, word, rest) = (section_markers || state_list || role == SectionRole::Progress).then(|| label_of(body)).flatten()?;
                Some((Some(StatusWord { status, alias: true }), word, rest, true))
            });
        if let Some((known, word, rest, by_label)) = worded {
            let status = known.map(|w| w.status);
            let rest_span = first_line(text, Span::new(base + rest, item.text.end()));
            let done = matches!(status, Some(Status::Completed | Status::Skipped));
            let rest = &text[rest_span.range()];
            lines::units_into(rest, status == Some(Status::Pending) || lines::is_id_list(rest), !done, &mut raw_units);
            let detail = raw_units.first().and_then(|u| u.detail).map(|d| d.shifted(rest_span.start()));
            let units = raw_units.iter().map(|u| u.at(rest_span.start())).collect::<Vec<_>>();
            if units.is_empty() && status.is_some() {
                continue; // `Done:` alone opens a list, it names no unit
            }
            // `Started: 182/1215 (15.0%)`, `Completed this session: +1 feature (#131)`: a count
            // under a label, not a unit.
            // `- **Blocked:** No`, `- Blockers: none`: a field that says there is none.
            if by_label && (lines::is_count(rest) || lexicon::says_none(rest)) {
                continue;
            }
            markers.push(ProgressMarker {
                span: item.span,
                source: if known.is_some_and(|w| w.alias) { MarkerSource::Alias } else { MarkerSource::StatusWord },
                status,
                status_span: word.shifted(base),
                units,
                detail,
                id: None,
            });
            continue;
        }
        // A decision or a fact learned is no unit of work, whatever word it ends with
        // (`**Full-feature shipment, not partial**`); an explicit status line above still is.
        if matches!(role, SectionRole::Decisions | SectionRole::Discoveries) {
            continue;
        }
        // `- Commit 2ad9e40 (WIP)`: where the work is saved, no unit of it.
        if lines::names_a_commit(body) {
            continue;
        }
        // A unit is named by its words, not by when they were written: `- [2025-04-03 09:00]
        // - Order checkout flow`, `- [x] (2025-10-01 09:10Z) Add the store`.
        let whole_line = first_line(text, item.text);
        let line = match lines::entry_prefix(&text[whole_line.range()]) {
            Some(p) if p.text_start < whole_line.len() => Span::new(whole_line.start() + p.text_start, whole_line.end()),
            _ => whole_line,
        };
        let dated = line != whole_line;
        let line_text = &text[line.range()];
        if let Some(done) = item.checkbox {
            let mark = Span::new(item.text.start().saturating_sub(4).max(item.span.start()), item.text.start());
            let (status, name) = match done {
                true => (Status::Completed, line),
                false => open_box(doc, index, line, &pointed),
            };
            markers.push(simple(item.span, MarkerSource::Checkbox, status, mark, name));
            continue;
        }
        let begun_box = || line_text.starts_with("[-] ") && nested_boxes(doc, index).0 > 0;
        if let Some(status) = other_box(line_text).or_else(|| begun_box().then_some(Status::InProgress)) {
            let name = Span::new(line.start() + 4, line.end());
            markers.push(simple(item.span, MarkerSource::Checkbox, status, Span::new(line.start(), line.start() + 3), name));
            continue;
        }
        // `**Statut :** en cours 🔄`, `🚧 1 em andamento`, `✅ 7 de 10 concluídas`: a field or
        // a count the mark closes or opens is a state told of what holds it, not a unit.
        let field = || matches!(lexicon::labelled(body), Some((Meaning::StatusField, _, _)));
        // A count is a number then its status, or one number of another (`7 de 10`); `404
        // page on an invalid route ✅` is a unit.
        let counts = |name: &str| {
            let mut words = name.split_whitespace();
            let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
            let rest = name.trim_start().split_once(' ').map_or("", |(_, r)| r);
            words.next().is_some_and(number) && (words.take(2).any(number) || matches!(lexicon::phrase_at(rest).map(|f| f.meaning), Some(Meaning::Status(_) | Meaning::Remaining | Meaning::Done)))
        };
        if let Some((status, emoji, name)) = lexicon::emoji_at_ends(line_text).filter(|(_, _, name)| !counts(&line_text[name.range()]) && !field()) {
            markers.push(simple(item.span, MarkerSource::Emoji, status, emoji.shifted(line.start()), name.shifted(line.start())));
            continue;
        }
        // The shapes below are how free-form files write state; a checkpoint log and session
        // notes write it as above.
        // In session notes' Current State, only the items a label paragraph gave a role
        // (`Completed:` over a list): its plain lines are the state's prose.
        if !section_markers && !(state_list && role != SectionRole::CurrentState) {
            continue;
        }
        // `Status: done` under a heading is the heading's state (see `headings`), not a unit.
        if matches!(lexicon::labelled(body), Some((Meaning::StatusField, _, _))) {
            continue;
        }
        // `- Phase 2: Core features (60%)` in a list whose every item gives its figure: a
        // progress list, as a table's percentage column is.
        if let Some((status, figure, name)) = lexicon::percent_after_name(line_text).filter(|_| in_percent_list(doc, index)) {
            markers.push(simple(item.span, MarkerSource::Suffix, status, figure.shifted(line.start()), name.shifted(line.start())));
            continue;
        }
        let short = || {
            lexicon::short_phrase_status(line_text)
                .filter(|(_, _, name)| item.depth == 1 && matches!(role, SectionRole::Other | SectionRole::Worklog) && !lines::is_count(&line_text[name.range()]))
        };
        // `F-007 DONE. passes=true`: a first sentence that closes on the status, a note after.
        let first_sentence = || {
            let sentence = &line_text[..line_text.find(". ")?];
            lexicon::closing_status(sentence).filter(|(_, _, name)| sentence[name.range()].split_whitespace().count() <= 5)
        };
        if let Some((status, word, name)) = lexicon::trailing_status(line_text).or_else(|| lexicon::status_after_name(line_text)).or_else(first_sentence).or_else(short) {
            markers.push(simple(item.span, MarkerSource::Suffix, status, word.shifted(line.start()), name.shifted(line.start())));
            continue;
        }
        // `- **v1.0.2 in progress** — the race found live`: the status ends a bold lead, and
        // the rest of the line tells about it.
        // A colon may close the lead (`**Unified sign-in (in progress):**`), and a note in
        // brackets follow its status (`**02 Market done (2026-09-06)**:`).
        if let Some(inner) = line_text.strip_prefix("**").and_then(|t| t.find("**").map(|end| t[..end].trim_end_matches([':', '：']))) {
            // A lead that is a status alone (`**Not started (rest of W6):**`) labels what follows.
            let before_note = inner.strip_suffix(')').and_then(|t| t.rfind(" (")).map_or(inner, |open| &inner[..open]);
            let before_note = if lexicon::phrase_at(before_note).is_some_and(|f| f.len == before_note.len()) { "" } else { before_note };
            let found = lexicon::trailing_status(inner).or_else(|| lexicon::status_after_space(inner)).or_else(|| lexicon::status_after_space(before_note));
            if let Some((status, word, name)) = found {
                markers.push(simple(item.span, MarkerSource::Suffix, status, word.shifted(line.start() + 2), name.shifted(line.start() + 2)));
                continue;
            }
        }
        // A dated log line opening with a short subject and its state (`- 2025-11-05: Billing
        // in progress — checkout works, webhooks pending`, `- 2025-11-03: Auth done. Next:
        // billing`): that unit, in that state; so is a line of the log's latest sitting
        // (`- Rechnungserstellung begonnen, PDF-Vorlage fehlt noch`, `- 송장 생성 작업 중 (…)`).
        let latest = item.depth == 1 && matches!(role, SectionRole::Other | SectionRole::Worklog) && latest_sitting.is_some_and(|s| s.contains(item.span.start()));
        if dated || latest {
            // `[11:00] Route audit started`: the time of day is no part of the unit.
            let at = if dated { 0 } else { lines::time_of_day_prefix(line_text) };
            // In the latest sitting, what began, stuck or ended; a step put off there is the
            // next steps' to say.
            let said = &line_text[at..];
            let found = opening_clause_status(said).filter(|&(s, _, name)| (dated || s != Status::Pending) && !lines::is_count(&said[name.range()]));
            if let Some((status, word, name)) = found {
                markers.push(simple(item.span, MarkerSource::Suffix, status, word.shifted(line.start() + at), name.shifted(line.start() + at)));
                continue;
            }
        }
        // Top-level items, and the items of a lead-in (`- **Deploy phase:**` over its tasks),
        // unless they detail a unit written above them (`emoji_paragraphs`).
        let detail = details.get(details.partition_point(|d| d.end() <= item.span.start())).is_some_and(|d| d.contains(item.span.start()));
        // Nor the items nested in a unit that gives its own state (`- 🔄 Stock check` over `-
        // plan: reserve in Redis`), or in a unit of an In Progress list (`- payment-service`
        // over `- converting the secrets`, `- problem: …`): its notes, not units the list holds.
        let in_unit = item.depth == 2
            && markers.last().is_some_and(|m| m.span.contains(item.span.start()) && (m.source != MarkerSource::Section || m.status == Some(Status::InProgress)));
        if detail || in_unit {
            continue;
        }
        if item.depth <= 2 {
            let status = match role {
                SectionRole::Done => Some(Status::Completed),
                SectionRole::Todo | SectionRole::NextStep => Some(Status::Pending),
                SectionRole::Active => Some(Status::InProgress),
                SectionRole::Blocked => Some(Status::Blocked),
                _ => None,
            };
            // `- Staging deploy (done, see activeContext)` under Remaining: the item says
            // its own state, whatever the list it was left in.
            let own = matches!(role, SectionRole::Todo | SectionRole::NextStep)
                .then(|| lexicon::status_in_closing_parenthesis(line_text))
                .flatten()
                .filter(|&(s, _, _)| s == Status::Completed);
            if let Some((own, word, name)) = own {
                markers.push(simple(item.span, MarkerSource::Suffix, own, word.shifted(line.start()), name.shifted(line.start())));
                continue;
            }
            if let Some(status) = status {
                // `Ready for autonomous work!` among the next steps is a note, no step; so is
                // a next step written in a list of work under way (`- Next step: sign_closing()`
                // under `### In progress`): the next action, not one more unit.
                let note = status == Status::Pending && lexicon::says_only_ready(line_text)
                    || status == Status::InProgress && matches!(lexicon::labelled(line_text), Some((Meaning::Next, _, _)));
                if !lexicon::opens_with_nothing(line_text) && !lines::is_lead_in(line_text) && !note {
                    let mut marker = simple(item.span, MarkerSource::Section, status, Span::empty(item.text.start()), line);
                    if status == Status::Pending {
                        if let Some(steps) = steps_in_one_item(line_text) {
                            marker.units = steps.into_iter().map(|s| Unit { name: s.shifted(line.start()), range: None, stopped_at: None }).collect();
                        }
                    }
                    // `- 86af5uphp, 86af5upkw, 86af5upn7` under Completed: each id a unit.
                    if lines::is_id_list(line_text) {
                        lines::units_into(line_text, true, false, &mut raw_units);
                        marker.units = raw_units.iter().map(|u| Unit { name: u.name.shifted(line.start()), range: None, stopped_at: None }).collect();
                    }
                    markers.push(marker);
                }
                continue;
            }
        }
        // A log of work (Recent Changes, Session History) records work done, or, opening
        // with a status (`Started charting`), work in that state.
        if role == SectionRole::Worklog && item.depth == 1 {
            let (status, name) = match lexicon::phrase_at(line_text) {
                Some(lexicon::Found { meaning: Meaning::Status(s), len }) if line_text[len..].starts_with(' ') => (s, Span::new(base + len + 1, line.end())),
                // Or its first clause closing with a start, or with a word that it has not
                // begun (`PDF layout started, tables missing`, `PDF-Layout begonnen, …`,
                // `Export not started`): German puts the word last.
                _ => match lexicon::status_after_space(line_text.split([',', ';', '，', '；']).next().unwrap_or("")) {
                    Some((s @ (Status::InProgress | Status::Pending), _, unit)) => (s, unit.shifted(base)),
                    _ => (Status::Completed, line),
                },
            };
            markers.push(simple(item.span, MarkerSource::Prose, status, Span::empty(base), name));
            continue;
        }
        let prose = !matches!(
            role,
            SectionRole::Decisions | SectionRole::Discoveries | SectionRole::Todo | SectionRole::NextStep | SectionRole::Issues
        );
        if prose {
            if let Some(verb) = lexicon::done_verb(line_text) {
                // The unit is the sentence the verb opens (`Set up the project. Next: auth.`).
                let sentence = line_text[verb..].find(". ").map_or(line.end(), |at| line.start() + verb + at);
                let name = Span::new(line.start() + verb, sentence);
                // The markup that opened the verb closes after it (`**Implemented** retries`);
                // other markup opens the name (`Implemented `sync` with dry-run`).
                let opened = line_text.len() - line_text.trim_start_matches(['*', '`']).len();
                let after = text[name.range()].trim_start();
                let closed = if opened > 0 { after.trim_start_matches(['*', '`']).trim_start() } else { after };
                let lead = text[name.range()].len() - closed.len();
                markers.push(simple(
                    item.span,
                    MarkerSource::Prose,
                    Status::Completed,
                    Span::new(line.start(), line.start() + verb),
                    Span::new(name.start() + lead, name.end()),
                ));
                continue;
            }
            // In the log's latest sitting, a line opening with a start (`Started on the rate
            // limiter, refill logic missing`) is work under way; in an older one it may have
            // been finished since, unsaid.
            if item.depth == 1 && latest_sitting.is_some_and(|s| s.contains(item.span.start())) {
                if let Some((word, name)) = under_way_opening(line_text) {
                    markers.push(simple(item.span, MarkerSource::Prose, Status::InProgress, word.shifted(line.start()), name.shifted(line.start())));
                }
            }
        }
    }
}


fn headings(doc: &Document, markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    // A file that opens its headings with icons (`## 📊 Metrics`, `## 🎯 Focus`) uses `🔄` and
    // `🚧` as icons too: a status emoji opening a heading is then no status.
    let icons = doc.sections.iter().filter(|s| lexicon::opens_with_icon(&text[s.title.range()])).nth(1).is_some();
    // The sections whose own lines hold units (read before the headings are): a progress
    // log's dated heading, or a labelled one, that holds them names no unit of its own.
    let mut holds_units = vec![false; doc.sections.len()];
    for m in markers.iter() {
        if let Some(s) = doc.section_at(m.span.start()) {
            holds_units[s] = true;
        }
    }
    let titled = super::has_title(doc.sections.iter().map(|s| s.level));
    let figured = doc.sections.iter().filter(|s| lexicon::percent_after_name(&text[s.title.range()]).is_some()).count();
    for (index, section) in doc.sections.iter().enumerate() {
        let title = &text[section.title.range()];
        let at = section.title.start();
        if section.level >= 2 {
            // `### ✅ Completed`, `### 🔄 In Progress`: an icon on a state heading, whose
            // items are the units.
            let icon_on_label = |name: crate::span::Span| lexicon::label_of(&title[name.range()]).is_some();
            if let Some((status, emoji, name)) = lexicon::emoji_at_ends(title).filter(|(_, e, name)| !(icons && e.start() == 0) && !icon_on_label(*name)) {
                markers.push(simple(section.heading, MarkerSource::Emoji, status, emoji.shifted(at), name.shifted(at)));
                continue;
            }
        }
        // A heading that is itself a label (`## Status`, `## Next Steps`, `## Completed`)
        // names a state, not a unit; checkpoint logs keep state in their Progress Markers.
        let own = super::roles::role_of(title);
        if own != SectionRole::Other && own != SectionRole::Worklog
            || lexicon::label_of(title).is_some()
            || doc.dialect == Dialect::CheckpointLog
        {
            // `## Current Task: Implement payments`, `## 阻塞：等待退款接口` over no list of its
            // own: the label's value is the unit in that state (its own status wins).
            if doc.dialect != Dialect::CheckpointLog && !holds_units[index] {
                if let Some(m) = labelled_title(text, section) {
                    markers.push(m);
                }
            }
            continue;
        }
        if let Some((Meaning::Status(status), word, rest)) = lexicon::labelled(title) {
            let name = Span::new(at + rest, section.title.end());
            if !name.is_empty() {
                markers.push(simple(section.heading, MarkerSource::Heading, status, word.shifted(at), name));
                continue;
            }
        }
        if let Some((status, word, name)) = lexicon::trailing_status(title) {
            markers.push(simple(section.heading, MarkerSource::Heading, status, word.shifted(at), name.shifted(at)));
            continue;
        }
        // `### M3 — Push & pull sync — 70%` among headings that each give their figure: a
        // milestone's progress, as a list's `(60%)` items are.
        if let Some((status, figure, name)) = lexicon::percent_after_name(title).filter(|_| figured > 1) {
            markers.push(simple(section.heading, MarkerSource::Heading, status, figure.shifted(at), name.shifted(at)));
            continue;
        }
        // Under the file's title, a `Status:` line belongs to the text below it (a session
        // paragraph), not to the whole file. A file of dated top-level sessions (`# Session
        // 15 — 2025-11-03` over `Status: IN PROGRESS`) has no title; an undated top-level
        // line (`# Append a new entry after each session.`) is a header's, not a sitting's.
        if section.level < 2 && (titled || section.level == 0 || section.timestamp.is_none()) {
            continue;
        }
        if let Some((status, value)) = status_line_under(doc, section) {
            markers.push(simple(section.heading, MarkerSource::Heading, status, value, section.title));
            continue;
        }
        // The section the file's current-phase field names (`- Phase: ENHANCEMENT` over `##
        // Enhancement Features`): the phase under way, its state said on the field's line.
        if let Some(phase) = doc.current_phase.filter(|p| p.section == index && p.open) {
            markers.push(simple(section.heading, MarkerSource::Heading, Status::InProgress, phase.field, section.title));
            continue;
        }
        // A top-level heading dated without a status (`# Initialized: 2026-02-15`, a
        // plain-text log's header lines) records no session.
        if section.level < 2 {
            continue;
        }
        // A progress log's dated heading (`## Session 52: 2025-12-10`) records a session
        // that took place: work done, told as a heading.
        if doc.dialect == Dialect::ProgressLog && section.timestamp.is_some() {
            let title = &doc.source[section.title.range()];
            // A sitting's number beside the date (`2026-03-14 — Session 7`, `Sesión 3 —
            // 2026-11-15`) names the sitting, not its work.
            let named = crate::time::find(title)
                .and_then(|(_, r)| named_beside(&doc.source, section.title, Span::new(section.title.start() + r.start, section.title.start() + r.end)))
                .filter(|n| !crate::identity::only_a_sitting(&doc.source[n.range()]));
            // A title that is only a date (`## 2026-03-12`) names no work when its items do;
            // a sitting that holds no unit (`### 2026-02-27T14:35` over `- Focus: …`) is one.
            // Named by its whole title: the date tells apart sittings of one name (`Session
            // Log - January 26, 2026 ~08:18 UTC`).
            if named.is_some() || !holds_units[index] {
                markers.push(simple(section.heading, MarkerSource::Prose, Status::Completed, Span::empty(at), section.title));
            }
        }
    }
}

/// A heading that is a status label with a value (`## Current Task: Implement payments`,
/// `## Blocked: waiting on the refund API`): the value is a unit in that state, unless it is a
/// count, a date or a word for none. The value's own status wins (`## Current Sprint: Wallet
/// Integration Complete`).
fn labelled_title(text: &str, section: &Section) -> Option<ProgressMarker> {
    let at = section.title.start();
    let title = &text[section.title.range()];
    let (Meaning::Status(status), word, rest) = lexicon::labelled(title)? else { return None };
    // `# TODO — blog engine`: a file's title naming its kind, not a unit to start.
    if section.level == 1 && status == Status::Pending {
        return None;
    }
    let value = title[rest..].trim();
    if value.is_empty() || lines::is_count(value) || crate::time::find(value).is_some() || lexicon::says_none(value) {
        return None;
    }
    let from = at + rest + (title[rest..].len() - title[rest..].trim_start().len());
    Some(match lexicon::closing_status(value) {
        Some((own, said, name)) => simple(section.heading, MarkerSource::Heading, own, said.shifted(from), name.shifted(from)),
        None => simple(section.heading, MarkerSource::Heading, status, word.shifted(at), Span::new(from, from + value.len())),
    })
}

/// How many lines under a heading a `Status:` line may sit and still be the heading's.
const STATUS_LINE_REACH: usize = 4;

/// `Status: COMPLETE`, `- **Status:** ✅ Done`, `状态：已完成` on one of the first lines under
/// a heading (before any other heading): the status and the value's span.
fn status_line_under(doc: &Document, section: &Section) -> Option<(Status, Span)> {
    let text = doc.source.as_str();
    let body = section.body;
    let mut at = body.start();
    let mut seen = 0;
    while at < body.end() && seen < STATUS_LINE_REACH {
        let end = memchr::memchr(b'\n', &text.as_bytes()[at..body.end()]).map_or(body.end(), |i| at + i + 1);
        let line = text[at..end].trim_end();
        let content = line.trim_start().trim_start_matches(['-', '*', '+', '>']).trim_start();
        let from = at + (line.len() - content.len());
        at = end;
        if content.is_empty() || lines::is_rule_line(content) {
            continue;
        }
        if content.starts_with('#') {
            return None;
        }
        seen += 1;
        if let Some((Meaning::StatusField, _, rest)) = lexicon::labelled(content) {
            let value = &content[rest..];
            let status = lexicon::status_of(value)?;
            return Some((status, Span::new(from + rest, from + content.len())));
        }
    }
    None
}

/// A state section written as a paragraph (`## Active Task` over `Auth migration — phase 2
/// under review.`): its first line is the unit in that state.
/// `markers` must be in file order; what this adds comes after them.
fn state_paragraphs(doc: &Document, outline: &Outline, markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    let in_order = markers.len();
    for (i, section) in doc.sections.iter().enumerate() {
        // A current-state paragraph says a unit's state only in its opening clause
        // (`Admin page layout in progress. Permission checks not done yet.`).
        let status = match section.role {
            SectionRole::Active => Some(Status::InProgress),
            SectionRole::Blocked => Some(Status::Blocked),
            SectionRole::CurrentState if free_form(doc.dialect) || doc.dialect == Dialect::SessionNotes => None,
            // A handoff's opening paragraph under its title says how things stand (`Finished
            // the search API and its tests.`), as a current-state section does.
            _ if i == 0 && section.level == 1 && free_form(doc.dialect) => None,
            _ => continue,
        };
        // Only where no item of the section is a unit already.
        let first = &markers[..in_order];
        if first.get(first.partition_point(|m| m.span.start() < section.body.start())).is_some_and(|m| section.body.contains(m.span.start())) {
            continue;
        }
        // Past a template's italic description (session notes' `_What is actively being
        // worked on right now?…_`).
        let own = section.description.map_or(section.body.start(), |d| d.end().max(section.body.start()));
        let paragraphs = &outline.paragraphs;
        let Some(p) = paragraphs.get(paragraphs.partition_point(|p| p.start() < own)).filter(|p| section.body.contains(p.start())) else {
            continue;
        };
        // The paragraph must open the section's own text, not a subsection's (sections are
        // in file order: the next one is the first that could come between).
        if doc.sections.get(i + 1).is_some_and(|s| s.heading.start() < p.start()) {
            continue;
        }
        let line = first_line(text, *p);
        let line_text = &text[line.range()];
        if line_text.starts_with(['|', '<', '`']) || lexicon::opens_with_nothing(line_text) || lines::is_rule_line(line_text) {
            continue;
        }
        // A section that names its unit in a field (`Tarea en curso: **endpoint de
        // cancelación**` below a paragraph on the sprint) says it there (`state_fields`).
        let end = doc.sections.get(i + 1).map_or(section.span.end(), |n| n.heading.start().min(section.span.end()));
        let fields = crate::span::lines_in(text, Span::new(p.start(), end.max(p.start()))).filter(|l| !text[l.range()].trim().is_empty()).take(super::STATUS_LINES);
        if status == Some(Status::InProgress) && fields.into_iter().any(|l| matches!(lexicon::labelled_status(text[l.range()].trim()), Some((Status::InProgress, _, _)))) {
            continue;
        }
        // `**Active Task**: Memory optimization - Complete`: the line's own status wins.
        match status {
            Some(status) => match lexicon::trailing_status(line_text) {
                Some((own, word, name)) => markers.push(simple(line, MarkerSource::Suffix, own, word.shifted(line.start()), name.shifted(line.start()))),
                None => {
                    // `Building the billing page.`: the sentence's stop is not the unit's; nor
                    // is a verb of work under way opening it (`Делаю фильтры поиска (…)`).
                    let name = match under_way_opening(line_text) {
                        Some((_, name)) => name.shifted(line.start()),
                        None => Span::new(line.start(), line.start() + crate::text::without_full_stop(line_text).len()),
                    };
                    markers.push(simple(line, MarkerSource::Section, status, Span::empty(line.start()), name));
                }
            },
            None => {
                for (own, word, name) in sentence_states(&text[p.range()]) {
                    let name = name.shifted(p.start());
                    markers.push(simple(name, MarkerSource::Suffix, own, word.shifted(p.start()), name));
                }
            }
        }
    }
}

/// A state the file's header or a current-state section gives as a field on a line of its own
/// (`**Current Phase:** Revival prep — polish for the tablet`, `Aktuelle Aufgabe: Export`,
/// `Blocked: waiting on the API key`): the unit in that state. Read on the section's first
/// lines (as its status is), outside sessions and history; a list item so labelled is read
/// with the items. A value that is a date or a count (`Started: 2026-01-09`, `Completed:
/// 18`), or says none (`Blockers: None currently`), names no unit; the value's own status
/// wins (`Current Sprint: Export — complete`).
/// `markers` must be in file order; what this adds comes after them.
fn state_fields(doc: &Document, markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    let in_order = markers.len();
    let mut raw_units = Vec::new();
    for (i, section) in doc.sections.iter().enumerate() {
        let header = i == 0 && section.level == 1;
        // A session's own lines tell the state of its units as its list items do (`### Session
        // 2` over `Completed: users API.` and `In progress: orders API`), anywhere in it.
        let sitting = super::is_session_or_history(doc, section) && !super::is_history(doc, section);
        let reach = if sitting {
            usize::MAX
        } else if (header || matches!(section.role, SectionRole::CurrentState | SectionRole::Active)) && !super::is_session_or_history(doc, section) {
            super::STATUS_LINES
        } else {
            continue;
        };
        let end = doc.sections.get(i + 1).map(|n| n.heading.start()).filter(|&e| e < section.span.end()).unwrap_or(section.span.end());
        let own = Span::new(section.body.start().min(end), end);
        // A focus section whose items are units already (`Working on: detection` over its
        // boxes, one of them where the work stopped) is told by them.
        let first = &markers[..in_order];
        if section.role == SectionRole::Active && first.get(first.partition_point(|m| m.span.start() < own.start())).is_some_and(|m| own.contains(m.span.start())) {
            continue;
        }
        let lines = crate::span::lines_in(text, own).filter(|l| !text[l.range()].trim().is_empty());
        for line in lines.take(reach) {
            let raw = &text[line.range()];
            let content = raw.trim();
            if content.starts_with("```") || content.starts_with("~~~") {
                break;
            }
            if lines::list_marker(content) > 0 || content.starts_with(['|', '>', '#']) {
                continue;
            }
            // `Devam ediyor. Aktif iş: **SMS hatırlatıcıları**`: a field after a sentence
            // that only states the run's status.
            let lead = after_a_bare_status(content);
            let content = &content[lead..];
            let Some((status, word, rest)) = lexicon::labelled_status(content) else { continue };
            let from = line.start() + (raw.len() - raw.trim_start().len()) + lead;
            let value = Span::new(from + rest, from + content.len());
            let words = &text[value.range()];
            if lines::is_count(words) || crate::time::find(words).is_some() || lexicon::says_none(words) {
                continue;
            }
            // `**BLOCKED — waiting on approval.**`: why the run stands still, which its status
            // reads; no unit of work.
            if status == Status::Blocked && lexicon::waits_on_a_person(&crate::case::to_lower(words)) {
                continue;
            }
            let first = &markers[..in_order];
            if first.get(first.partition_point(|m| m.span.start() < line.start())).is_some_and(|m| line.contains(m.span.start())) {
                continue;
            }
            let own_status = lexicon::closing_status(words);
            markers.push(match own_status {
                Some((own, said, name)) => simple(line, MarkerSource::Suffix, own, said.shifted(value.start()), name.shifted(value.start())),
                // A session's line is a unit's state that a later mention replaces, as the
                // same line written as a list item is.
                // The unit named as a labelled item names it: a note in brackets and a stop
                // clause are no part of its name (`In Arbeit: Zahlung (zu 60 % fertig)`).
                None => {
                    let source = if sitting { MarkerSource::Alias } else { MarkerSource::Section };
                    let mut m = simple(line, source, status, word.shifted(from), value);
                    // `Pending: invoice emails, dunning`: a list to do names a unit each.
                    lines::units_into(words, status == Status::Pending || lines::is_id_list(words), true, &mut raw_units);
                    if raw_units.iter().all(|u| !u.name.is_empty()) && !raw_units.is_empty() {
                        m.units = raw_units.iter().map(|u| u.at(value.start())).collect();
                        m.detail = raw_units[0].detail.map(|d| d.shifted(value.start()));
                    }
                    m
                }
            });
        }
    }
}

/// Where a line goes on past an opening sentence that is a status and nothing more
/// (`In progress. `, `Devam ediyor. `), else 0.
fn after_a_bare_status(line: &str) -> usize {
    let Some(first) = crate::text::sentences(line).next() else { return 0 };
    let sentence = crate::text::without_full_stop(line[first.clone()].trim());
    let bare = sentence.split_whitespace().count() <= 3 && lexicon::phrase_at(sentence).is_some_and(|f| f.len == sentence.len() && matches!(f.meaning, lexicon::Meaning::Status(_)));
    if !bare || first.end >= line.len() {
        return 0;
    }
    first.end + (line[first.end..].len() - line[first.end..].trim_start().len())
}

/// A progress log's dated paragraphs (`[Session 3 — 2026-02-16] infra-002: FastAPI base`),
/// and the dated lines of any log section, record work that took place. A list indented
/// right under such a line tells about that entry (`  - devops-engineer: Dockerfile, Nginx`):
/// its items are the entry's details, not units of their own. A list written flush under a
/// dated line (`2026-02-16 Session 3` over `- Implemented the parser`) is the session's work.
fn dated_paragraphs(doc: &Document, outline: &Outline, markers: &mut Vec<ProgressMarker>, details: &mut Vec<Span>) {
    let text = doc.source.as_str();
    let mut section = 0;
    let mut paragraph = 0;
    for stamp in &doc.stamps {
        while section + 1 < doc.sections.len() && doc.sections[section + 1].heading.start() <= stamp.span.start() {
            section += 1;
        }
        let role = doc.sections.get(section).filter(|s| s.span.contains(stamp.span.start())).map_or(SectionRole::Other, |s| s.role);
        let counts = match role {
            SectionRole::Worklog => true,
            SectionRole::Other => doc.dialect == Dialect::ProgressLog,
            _ => false,
        };
        if !counts {
            continue;
        }
        // A date after a label (`**Last Updated:** 2024-12-23 ~16:00`) dates a field: no work.
        if text[crate::span::line_start(text, stamp.span.start())..stamp.span.start()].contains(':') {
            continue;
        }
        let line_end = crate::span::line_content_end(text, stamp.span.end());
        let line = Span::new(crate::span::line_start(text, stamp.span.start()), line_end);
        // `**Critical Files (Protected until 2026-01-16):**` opens a list: it records no work
        // (a long record may end on a colon too: `… 3 of 4 items shipped via PR #5:`).
        const LABEL_CHARS: usize = 80;
        let line_text = &text[line.range()];
        if lines::is_lead_in(line_text) && line_text.chars().nth(LABEL_CHARS).is_none() {
            continue;
        }
        let Some(name) = named_beside(text, line, stamp.span) else { continue };
        // `[2026-11-22 10:00] next: convert the reminders`: the step to come, not work done.
        if matches!(lexicon::labelled(&text[name.range()]), Some((Meaning::Next, _, _))) {
            continue;
        }
        // `=== Session 3 (2026-01-07) ===` over a list: the list is the session's work, and
        // the line names only the sitting.
        let next_line = text[line_end..].trim_start_matches(['\r', '\n']).lines().next().unwrap_or("");
        if crate::identity::only_a_sitting(&text[name.range()]) && lines::list_marker(next_line.trim_start()) > 0 {
            continue;
        }
        // `**2026-11-27** — notifications finished: old senders deleted`, `search: started.`:
        // an entry opening with a unit and its state says that unit's state, as a dated list
        // line does; else it records the work it names, done.
        let said = &text[name.range()];
        match opening_clause_status(said).or_else(|| lexicon::status_after_name(said)) {
            Some((status, word, unit)) => markers.push(simple(Span::new(stamp.span.start(), line_end), MarkerSource::Suffix, status, word.shifted(name.start()), unit.shifted(name.start()))),
            None => markers.push(simple(Span::new(stamp.span.start(), line_end), MarkerSource::Prose, Status::Completed, Span::empty(stamp.span.start()), name)),
        }
        // The entry that ends its paragraph, with an indented list right under it.
        paragraph += outline.paragraphs[paragraph..].partition_point(|p| p.end() <= line_end);
        if outline.paragraphs.get(paragraph).is_some_and(|p| p.start() <= line_end && text[line_end..p.end()].trim().is_empty()) {
            let under = under_paragraph(doc, outline, paragraph);
            let next_line = text[under.range()].trim_start_matches(['\r', '\n']);
            if next_line.starts_with([' ', '\t']) && !next_line.trim_start().is_empty() {
                details.push(under);
            }
        }
    }
}

/// What a dated line names: its words after the date (`[2026-02-16] infra-002: FastAPI base`),
/// else its words before it (`=== Session 11 (2026-03-09) ===`), without the marks around
/// them; none when neither side has a letter (`## 2026-03-12`).
fn named_beside(text: &str, line: Span, date: Span) -> Option<Span> {
    let lead = |c: char| c.is_whitespace() || matches!(c, ']' | ')' | '[' | '(' | '*' | '-' | '—' | '–' | ':' | '|' | '=' | '#' | '>');
    let trail = |c: char| c.is_whitespace() || matches!(c, '[' | '(' | '-' | '—' | '–' | ':' | '|' | '=' | ',');
    let words = |span: Span| {
        let t = text[span.range()].trim_start_matches(lead).trim_end_matches(trail);
        // `(session 127 - verification)`: the bracket opened before the date closes here.
        let t = match t.strip_suffix(')') {
            Some(inner) if !t.contains('(') => inner.trim_end(),
            _ => t,
        };
        let start = span.start() + (text[span.range()].len() - text[span.range()].trim_start_matches(lead).len());
        t.chars().any(char::is_alphabetic).then(|| Span::new(start, start + t.len()))
    };
    words(Span::new(date.end(), line.end())).or_else(|| words(Span::new(line.start(), date.start())))
}

/// Rows of tables with a status column (`| Task | Status |`, `| 機能 | 状態 |`): each row is a
/// unit, named by its first column that is not the status or an index. A column without
/// such a header is a status column when every cell of it says a status (`| Login | ✅ |`),
/// or a progress column when every cell is a percentage (`100%` done, `0%` pending, any
/// other figure under way).
fn tables(doc: &Document, outline: &Outline, markers: &mut Vec<ProgressMarker>) {
    let text = doc.source.as_str();
    for table in outline.paragraphs.iter().filter_map(|&p| table::read(text, p)) {
        let heads = &table.header;
        let rows: Vec<Vec<Span>> = table.rows.iter().map(|&r| table::cells(text, r)).collect();
        let labelled = heads.iter().position(|c| lexicon::label_of(&text[c.range()]) == Some(Meaning::StatusField));
        let every = |col: usize, reads: &dyn Fn(&str) -> bool| {
            rows.len() >= 2 && rows.iter().all(|cs| cs.get(col).is_some_and(|c| reads(&text[c.range()])))
        };
        let Some(status_col) = labelled
            .or_else(|| (1..heads.len()).find(|&i| every(i, &|cell| cell_status(cell).is_some())))
            .or_else(|| (1..heads.len()).find(|&i| every(i, &|cell| lexicon::percent_status(cell).is_some())))
        else {
            continue;
        };
        let Some(name_col) = (0..heads.len()).find(|&i| i != status_col && !table::is_index(text, heads[i])) else { continue };
        for (&row, cs) in table.rows.iter().zip(&rows) {
            let (Some(&status_cell), Some(&name_cell)) = (cs.get(status_col), cs.get(name_col)) else { continue };
            let cell = &text[status_cell.range()];
            let Some(status) = cell_status(cell).or_else(|| lexicon::percent_status(cell)) else { continue };
            let name = table::trim_markup(text, name_cell);
            if name.is_empty() {
                continue;
            }
            markers.push(simple(row, MarkerSource::Table, status, status_cell, name));
        }
    }
}
