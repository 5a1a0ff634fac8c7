//! From text to [`Document`]: the block outline, the dialect, then the model.

mod decisions;
mod detect;
mod formats;
mod front_matter;
mod json;
mod lines;
mod links;
mod outline;
mod phase;
mod progress;
mod roles;
mod shape;
mod store;
mod table;

pub(crate) use lines::{entry_text_start, is_lead_in, is_rule_line, list_marker, may_open_with_stop, opens_with_time_of_day, wrapped_end};
pub(crate) use roles::{is_history, is_session_or_history, normalize as normalize_title, STATUS_LINES};
pub(crate) use table::is_delimiter_row;
// The writers' (crate::internal): status words, stop points, supersede phrases.
pub use lines::{status_word, stop_point, supersedes};
pub use store::status_of;
pub use formats::pinned_root;
pub(crate) use formats::{CLAUDE_TYPES, LETTA_KEYS};


use crate::document::*;
use crate::identity::DecisionRef;
use crate::span::{LineIndex, Span};
use crate::time;
use crate::Dialect;
use outline::{Outline, RawItem};

/// What the caller knows about the text.
#[derive(Debug, Clone, Default)]
pub struct ParseOptions {
    /// Skip detection and read the text as this dialect.
    pub dialect: Option<Dialect>,
    /// The file's name or path: `activeContext.md`, `claude-progress.txt`, `*.jsonl`
    /// settle the dialect before the content is looked at.
    pub file_name: Option<String>,
}

/// Parses any text into a [`Document`]. Never fails and never panics: a text of an
/// unknown shape is a `generic` document, and `to_string()` gives back the input exactly.
///
/// The document owns its text: hand over a `String` and it is kept as it is; a `&str` is
/// copied (a 10 MB copy, and memory that a caller who is done with its text needs twice).
pub fn parse(text: impl Into<String>) -> Document {
    parse_with(text, &ParseOptions::default())
}

/// [`parse`] with a forced dialect or a file name.
pub fn parse_with(text: impl Into<String>, options: &ParseOptions) -> Document {
    read(text.into(), options)
}

fn read(source: String, options: &ParseOptions) -> Document {
    let bom = if source.starts_with('\u{FEFF}') { 3 } else { 0 };
    let lines = LineIndex::new(&source);
    let mut doc = Document {
        source,
        dialect: Dialect::Generic,
        lines,
        bom,
        front_matter: None,
        sections: Vec::new(),
        items: Vec::new(),
        entries: Vec::new(),
        decisions: Vec::new(),
        progress: Vec::new(),
        discoveries: Vec::new(),
        next_step: None,
        completion: None,
        records: Vec::new(),
        json_faults: Vec::new(),
        json_state: JsonState::default(),
        stamps: Vec::new(),
        fence: None,
        newest_first: false,
        current_phase: None,
        secrets: Default::default(),
        written_next: Default::default(),
        next_labels: Default::default(),
        current: Default::default(),
        taken_up: Default::default(),
        agent: Default::default(),
    };
    // Spans hold u32 offsets: a longer text is kept whole (it round-trips) but not read.
    if u32::try_from(doc.source.len()).is_err() {
        return doc;
    }
    let named = options.file_name.as_deref().and_then(|n| formats::from_file_name(n).or_else(|| detect::from_file_name(n)));
    let forced = options.dialect.or(named);
    let text = doc.source.as_str();
    let json_like = crate::identity::json_opening(&text[bom..]).is_some();
    if json_like && forced.is_none_or(|d| matches!(d, Dialect::MemoryStore | Dialect::ProgressLog)) {
        let content = store::read(text, bom);
        doc.dialect = forced.unwrap_or(content.dialect());
        doc.records = content.records;
        doc.progress = content.units;
        doc.json_faults = content.faults;
        doc.json_state = content.state;
        return doc;
    }
    // A file wrapped whole in a fence is read inside it (and the check says so).
    doc.fence = shape::wrapping_fence(text, bom);
    let mut outline = match doc.fence {
        Some(inner) => outline::outline(&text[..inner.end()], inner.start(), &doc.lines),
        None => outline::outline(text, bom, &doc.lines),
    };
    doc.front_matter = outline.front_matter;
    if doc.fence.is_none() {
        doc.agent.front_matter = front_matter::read(&doc.source, bom);
    }
    build_sections(&mut doc, &outline);
    let text = doc.source.as_str();
    let index_name = options.file_name.as_deref().is_some_and(|n| crate::text::file_name(n) == "MEMORY.md");
    doc.dialect = forced.unwrap_or_else(|| {
        let body_start = doc.front_matter.map_or(bom, |f| f.end());
        let titles: Vec<(u8, &str)> = doc.sections.iter().map(|s| (s.level, &text[s.title.range()])).collect();
        if let Some(d) = formats::from_content(text, body_start, doc.agent.front_matter.as_ref(), &titles, index_name) {
            return d;
        }
        let views: Vec<_> = doc
            .sections
            .iter()
            .map(|s| detect::HeadingView {
                level: s.level,
                dated: s.timestamp.is_some(),
                title: &text[s.title.range()],
                has_description: s.description.is_some(),
            })
            .collect();
        let body_start = doc.front_matter.map_or(bom, |f| f.end());
        let first_line = text[body_start..].trim_start().lines().next().unwrap_or("");
        detect::from_headings(&views, first_line)
    });
    formats::adjust_roles(&mut doc);
    roles::unreleased(&mut doc);
    if progress::free_form(doc.dialect) {
        doc.current_phase = phase::read(&mut doc);
    }
    // The raw items are done with once the model's items are built: freed before the
    // entries are (a large file's items, twice over, would not fit the caches).
    let labels = build_items(&mut doc, std::mem::take(&mut outline.items), &outline.paragraphs);
    build_entries_and_decisions(&mut doc, &outline.paragraphs, &labels);
    formats::build(&mut doc);
    build_stamps(&mut doc, &outline);
    doc.newest_first = shape::newest_first(&doc);
    roles::retire_older_next_lists(&mut doc, &labels);
    progress::build(&mut doc, &outline);
    build_next_and_completion(&mut doc, &outline);
    doc
}

/// Paragraphs that open with a date (`Progress Update - 2026-04-08 (session 127)`,
/// `**Last Updated:** 2026-04-14`): the dates free-form logs write outside list items. A
/// paragraph whose lines each open with a timestamp (`[2025-04-01 10:00:00] - …` lines, as
/// Roo Code appends them) is a log of such lines: each is dated.
fn build_stamps(doc: &mut Document, outline: &Outline) {
    const NEAR_START: usize = 48;
    // A list item that gives the file's date under a label (`- **Last updated:** 2026-03-10`,
    // `- 마지막 업데이트: 2026년 3월 10일`): only such a label, a deadline is no age. A file
    // writes its date at its top or its foot: the items of its first and last lines.
    const HEAD_LINES: usize = 40;
    const FOOT_LINES: usize = 20;
    let head_end = doc.lines.line_start(HEAD_LINES).unwrap_or(doc.source.len());
    let foot_start = doc.lines.line_start(doc.lines.line_count().saturating_sub(FOOT_LINES)).unwrap_or(0).max(head_end);
    let first_foot = doc.items.partition_point(|i| i.span.start() < foot_start);
    let in_head = doc.items.partition_point(|i| i.span.start() < head_end);
    for item in doc.items[..in_head].iter().chain(&doc.items[first_foot..]) {
        let start = item.text.start();
        // The item's first line only: its label and date stand there.
        let line = crate::span::first_line(&doc.source, item.text);
        let head = &doc.source.as_bytes()[start..line.end().min(start + NEAR_START)];
        // The label opens with a letter: `- 2026-04-22T07:28Z — …` is an entry, and most
        // items of a long log are let go on this byte.
        if head.iter().find(|c| !matches!(c, b'*' | b'_' | b' ')).is_none_or(|c| c.is_ascii_digit() || c.is_ascii_punctuation()) {
            continue;
        }
        let Some(colon) = memchr::memchr2(b':', 0xEF, head).filter(|&c| doc.source.is_char_boundary(start + c)) else { continue };
        if !crate::lexicon::names_the_date(&doc.source[start..start + colon]) {
            continue;
        }
        if let Some((ts, r)) = time::find(&doc.source[start + colon..line.end()]) {
            let at = start + colon;
            doc.stamps.push(Stamp { span: Span::new(at + r.start, at + r.end), timestamp: ts });
        }
    }
    /// A block of `Label: value` lines under a title is this short at most.
    const FIELD_LINES: usize = 6;
    for p in &outline.paragraphs {
        let line = crate::span::first_line(&doc.source, *p);
        let head = &doc.source[line.range()];
        // A block of fields dates the file on any of its lines (`**Status:** in progress` over
        // `**Updated:** 12 марта 2026`): a line whose label ends before its date.
        let dated = time::find(head).filter(|(_, r)| r.start < NEAR_START);
        if line.end() < p.end() && dated.is_none() {
            for next in crate::span::lines_in(&doc.source, Span::new(line.end(), p.end())).skip(1).take(FIELD_LINES - 1) {
                let field = &doc.source[next.range()];
                if let Some((ts, r)) = time::find(field).filter(|(_, r)| r.start < NEAR_START && field[..r.start].contains(':')) {
                    doc.stamps.push(Stamp { span: Span::new(next.start() + r.start, next.start() + r.end), timestamp: ts });
                }
            }
        }
        if let Some((ts, r)) = dated {
            doc.stamps.push(Stamp { span: Span::new(line.start() + r.start, line.start() + r.end), timestamp: ts });
            // The lines after the first, when each opens with a timestamp of its own
            // (`[2025-04-01 10:00:00] - …`, `[20260216_002] 2026-02-16 11:30 - data-001: …`):
            // a date after a label (`Updated: …`) makes a block of fields, not of entries.
            let entry = |line: &str, r: &std::ops::Range<usize>| !line[..r.start].contains(':');
            if line.end() < p.end() && entry(head, &r) {
                for next in crate::span::lines_in(&doc.source, Span::new(line.end(), p.end())).skip(1) {
                    let text = &doc.source[next.range()];
                    let Some((ts, r)) = time::find(text).filter(|(_, r)| r.start < NEAR_START && entry(text, r)) else { break };
                    doc.stamps.push(Stamp { span: Span::new(next.start() + r.start, next.start() + r.end), timestamp: ts });
                }
            }
        }
    }
    // Items' dates were gathered first: the stamps are read in file order.
    crate::sort::sort_by_key(&mut doc.stamps, |s| [s.span.start() as u64, 0, 0]);
}

/// Whether the first heading of these levels is the file's title: its one top-level
/// heading. A file of several (`# Session 14`, `# Session 15`) has none.
pub(crate) fn has_title(mut levels: impl Iterator<Item = u8>) -> bool {
    levels.next() == Some(1) && levels.all(|l| l != 1)
}

fn build_sections(doc: &mut Document, outline: &Outline) {
    let text = doc.source.as_str();
    let headings = &outline.headings;
    let mut stack: Vec<usize> = Vec::new();
    // The file's title: its one top-level heading, first. Its words name the file (`# Current
    // Task`), not a state every section under it is in; a file that is a list is one
    // (`# Decision Log`, `# Archive`), and so is a to-do file's groups (`# TODO` over `## P0 —
    // must fix`), but for the notes it keeps beside them (`## Notes`, `## Context`).
    let title_heading = has_title(headings.iter().map(|h| h.level)).then_some(0);
    for (i, h) in headings.iter().enumerate() {
        let end = headings[i + 1..]
            .iter()
            .find(|n| n.level <= h.level)
            .map_or(text.len(), |n| n.span.start());
        while stack.last().is_some_and(|&p| headings[p].level >= h.level) {
            stack.pop();
        }
        let title = &text[h.title.range()];
        let parent = stack.last().copied();
        // A subsection that carries its own status (`### Audio playback ✅`) is a unit, and
        // its items are its details: it takes no state from its parent.
        let own_status = crate::lexicon::emoji_at_ends(title).is_some() || crate::lexicon::trailing_status(title).is_some();
        let timestamp = time::find(title).map(|(t, _)| t);
        let role = match own_status {
            true => roles::role_of(title),
            false => roles::within(roles::role_of(title), parent.filter(|&p| Some(p) != title_heading || !doc.sections[p].role.is_state() || doc.sections[p].role == SectionRole::Todo && !roles::is_detail_label(title)).map(|p| doc.sections[p].role), timestamp.is_some(), crate::identity::names_a_sitting(title)),
        };
        doc.sections.push(Section {
            level: h.level,
            heading: h.span,
            title: h.title,
            span: Span::new(h.span.start(), end),
            body: Span::new(h.span.end().min(end), end),
            parent,
            role,
            timestamp,
            description: description_after(text, h.span.end(), end),
        });
        stack.push(i);
    }
    date_without_year(doc);
}

/// Headings dated without a year (`## Fri 4 Dec`, `## 12月1日（火）`), as a standup or a diary
/// writes them: dated in the year of the latest full date the file writes (its latest dated
/// heading, else its first date anywhere, a `Last updated:` field), so that the log's order
/// and age can be read; a file that writes no year anywhere leaves them undated.
fn date_without_year(doc: &mut Document) {
    let undated = |s: &Section| s.timestamp.is_none() && s.level >= 2;
    if !doc.sections.iter().any(undated) {
        return;
    }
    let latest = doc.sections.iter().filter_map(|s| s.timestamp).max_by_key(|t| t.epoch_seconds).or_else(|| time::find(&doc.source).map(|(t, _)| t));
    let Some(latest) = latest else { return };
    for i in 0..doc.sections.len() {
        if undated(&doc.sections[i]) {
            let title = &doc.source[doc.sections[i].title.range()];
            doc.sections[i].timestamp = time::find_without_year(title, latest).map(|(t, _)| t);
        }
    }
}

/// An italic line (`_…_` or `*…*`) on the line right after a heading.
fn description_after(text: &str, heading_end: usize, section_end: usize) -> Option<Span> {
    let rest = &text[heading_end..section_end];
    let rest = rest.strip_prefix("\r\n").or_else(|| rest.strip_prefix('\n'))?;
    let start = section_end - rest.len();
    let line = rest.split('\n').next()?.trim_end();
    let lead = line.len() - line.trim_start().len();
    let body = line.trim_start();
    let italic = |m: char| {
        body.len() >= 3
            && body.starts_with(m)
            && body.ends_with(m)
            && !body.starts_with(&format!("{m}{m}"))
            && !body.ends_with(&format!("{m}{m}"))
    };
    (italic('_') || italic('*')).then(|| Span::new(start + lead, start + line.len()))
}

/// Builds the model's items; returns the list labels that gave some of them their role.
fn build_items(doc: &mut Document, raw_items: Vec<RawItem>, paragraphs: &[Span]) -> Vec<roles::ListLabel> {
    doc.items.reserve_exact(raw_items.len());
    let labels = roles::list_labels(doc, paragraphs);
    let mut section = None;
    let mut next = 0;
    let mut label = 0;
    for raw in raw_items {
        while next < doc.sections.len() && doc.sections[next].heading.start() <= raw.span.start() {
            section = Some(next);
            next += 1;
        }
        while labels.get(label).is_some_and(|l| l.reach.end() <= raw.span.start()) {
            label += 1;
        }
        let of_section = section.map_or(SectionRole::Other, |s| doc.sections[s].role);
        let role = match labels.get(label) {
            Some(l) if l.reach.contains(raw.span.start()) && roles::label_may_override(of_section) => l.role,
            _ => of_section,
        };
        doc.items.push(Item {
            span: raw.span,
            bullet: raw.bullet,
            text: raw.text,
            depth: raw.depth,
            section,
            role,
            checkbox: raw.checkbox,
        });
    }
    labels
}

fn build_entries_and_decisions(doc: &mut Document, paragraphs: &[Span], labels: &[roles::ListLabel]) {
    reserve_lists(doc);
    let text = doc.source.as_str();
    let mut ids = StampIds::default();
    // A lead-in item of a Decisions or Discoveries list (`- **準備フェーズ:**`) titles a group:
    // the items nested in it are the decisions (docs/reader.md).
    let mut group: Option<(Span, SectionRole)> = None;
    // An undated decision's id is its line: `L12`.
    let line_id = |at: usize| format!("L{}", doc.lines.line_of(at) + 1);
    for (index, item) in doc.items.iter().enumerate() {
        if item.depth == 2 {
            if let Some((_, role)) = group.filter(|(g, _)| g.contains(item.span.start())) {
                let text = item.text;
                match role {
                    SectionRole::Decisions => {
                        let id = line_id(item.span.start());
                        doc.decisions.push(Decision { id, span: item.span, timestamp: None, text, supersedes: None, superseded_by: None });
                    }
                    _ => doc.discoveries.push(Discovery { item: index, timestamp: None, text }),
                }
            }
            continue;
        }
        if item.depth != 1 {
            continue;
        }
        group = None;
        let body = &text[item.text.range()];
        let prefix = lines::entry_prefix(body);
        let base = item.text.start();
        if let Some(p) = &prefix {
            doc.entries.push(Entry {
                item: index,
                timestamp: p.timestamp,
                timestamp_span: p.timestamp_span.shifted(base),
                separator: p.separator.map(|s| s.shifted(base)),
                text: Span::new(base + p.text_start, item.text.end()),
            });
        }
        let mut entry_text = prefix
            .as_ref()
            .map_or(item.text, |p| Span::new(base + p.text_start, item.text.end()));
        // A Basic Memory observation, a Claude Code feedback memory: a decision or a fact by
        // what the item is (docs/formats.md).
        let role = match formats::item_role(doc, entry_text).or_else(|| decision_label(doc, item, entry_text)) {
            Some((role, fact)) => {
                entry_text = Span::new(fact, entry_text.end());
                role
            }
            None => item.role,
        };
        if !matches!(role, SectionRole::Decisions | SectionRole::Discoveries) {
            continue;
        }
        // `**Rationale:**`, `**Trade-offs:**`: why a decision was made, no decision itself.
        if role == SectionRole::Decisions && item.role == SectionRole::Decisions && roles::under_detail_label(labels, item.span.start()) {
            continue;
        }
        let nested = doc.items.get(index + 1).is_some_and(|n| n.depth == 2 && item.span.contains(n.span.start()));
        if prefix.is_none() && nested && is_lead_in(&text[entry_text.range()]) {
            group = Some((item.span, role));
            continue;
        }
        let timestamp = prefix.as_ref().map(|p| p.timestamp);
        if role == SectionRole::Discoveries {
            doc.discoveries.push(Discovery { item: index, timestamp, text: entry_text });
            continue;
        }
        let supersedes = supersedes_in(text, entry_text);
        let id = match &prefix {
            Some(p) => ids.next(&text[p.timestamp_span.shifted(base).range()], p.timestamp.epoch_seconds),
            None => line_id(item.span.start()),
        };
        doc.decisions.push(Decision { id, span: item.span, timestamp, text: entry_text, supersedes, superseded_by: None });
    }
    // Decision tables, headings of a decision log, stamped lines (docs/reader.md).
    let listed: Vec<Span> = doc.decisions.iter().map(|d| d.span).collect();
    let written = decisions::beyond_lists(doc, paragraphs, &listed);
    if !written.is_empty() {
        for w in written {
            let supersedes = supersedes_in(text, w.text);
            let id = match w.stamp {
                Some((ts, stamp)) => ids.next(&text[stamp.range()], ts.epoch_seconds),
                None => line_id(w.span.start()),
            };
            let timestamp = w.stamp.map(|(ts, _)| ts);
            doc.decisions.push(Decision { id, span: w.span, timestamp, text: w.text, supersedes, superseded_by: None });
        }
        crate::sort::sort_by_key(&mut doc.decisions, |d| [d.span.start() as u64, 0, 0]);
    }
    resolve_supersedes(doc);
}

/// The `SUPERSEDES [<id>]` a decision's words hold, placed in the file (not yet resolved).
fn supersedes_in(text: &str, words: Span) -> Option<Supersedes> {
    lines::supersedes(&text[words.range()]).map(|(phrase, target)| Supersedes {
        span: phrase.shifted(words.start()),
        target: target.shifted(words.start()),
        resolved: None,
    })
}

/// An item that opens with a decision label wherever it stands (`- Decisions: kept main as
/// the Python baseline`, `- **Decision:** …`, `- 決定事項：…`): a decision, its text after the
/// label; or one that tells a decision in prose (`- Switched from Pages to Workers`)
/// (docs/reader.md). In history it stays history, and in the sections a checkpoint log
/// keeps its other lines in it is what they hold.
fn decision_label(doc: &Document, item: &Item, body: Span) -> Option<(SectionRole, usize)> {
    // In a Decisions list, a label before the words is taken off them (`- Decision: Use
    // last-writer-wins`, as execution plans write their Decision Log).
    if item.role == SectionRole::Decisions {
        let at = crate::lexicon::decision_at(&doc.source[body.range()]).filter(|&at| at > 0 && at < body.len())?;
        return Some((SectionRole::Decisions, body.start() + at));
    }
    // Progress markers and discoveries are what their sections say (a checkpoint log's lines).
    if matches!(
        item.role,
        SectionRole::History | SectionRole::Procedure | SectionRole::Progress | SectionRole::Discoveries | SectionRole::Completion
    ) {
        return None;
    }
    let text = &doc.source[body.range()];
    let at = crate::lexicon::decision_at(text)?;
    // `**Decisions Made**:` opens a list; it is no decision itself.
    (at > 0 || !is_lead_in(text)).then_some((SectionRole::Decisions, body.start() + at))
}

/// Decision ids from timestamps as written: the first decision stamped `<ts>` is `<ts>`, the
/// second `<ts>#2`, and so on.
#[derive(Default)]
struct StampIds<'t> {
    /// The stamps so far, in file order (until `counts` takes over).
    seen: Vec<&'t str>,
    /// The newest epoch so far.
    newest: Option<i64>,
    /// How many decisions carry each stamp; built only once a stamp fails to be newer than
    /// every earlier one (equal texts have equal epochs, so while stamps increase, none can
    /// repeat: a log in time order never hashes a stamp).
    counts: Option<crate::hash::KeyMap<usize>>,
}

impl<'t> StampIds<'t> {
    fn next(&mut self, stamp: &'t str, epoch: i64) -> String {
        let newer = self.newest.is_none_or(|n| epoch > n);
        self.newest = Some(self.newest.map_or(epoch, |n| n.max(epoch)));
        if newer && self.counts.is_none() {
            self.seen.push(stamp);
            return stamp.to_owned();
        }
        let seen = &self.seen;
        let counts = self.counts.get_or_insert_with(|| {
            let mut counts = crate::hash::KeyMap::default();
            for &s in seen {
                *counts.entry(crate::hash::fnv_of(s)).or_insert(0) += 1;
            }
            counts
        });
        let n = counts.entry(crate::hash::fnv_of(stamp)).or_insert(0);
        *n += 1;
        if *n == 1 { stamp.to_owned() } else { format!("{stamp}#{n}") }
    }
}

/// Room for the entries, decisions and discoveries: grown push by push, these long lists
/// would be copied again and again, out of the caches on a large file. Decisions and
/// discoveries are counted exactly; entries get the top-level items, their upper bound
/// (only timestamped items are entries, but the room not written to costs address space,
/// not memory).
fn reserve_lists(doc: &mut Document) {
    let (mut top_level, mut decisions, mut discoveries) = (0, 0, 0);
    for item in doc.items.iter().filter(|i| i.depth == 1) {
        top_level += 1;
        match item.role {
            SectionRole::Decisions => decisions += 1,
            SectionRole::Discoveries => discoveries += 1,
            _ => {}
        }
    }
    doc.entries.reserve_exact(top_level);
    doc.decisions.reserve_exact(decisions);
    doc.discoveries.reserve_exact(discoveries);
}

/// Links each `SUPERSEDES` to the earlier decision it names: by id as written, else by the
/// same instant written another way (`07:12Z` and `07:12:00Z`).
fn resolve_supersedes(doc: &mut Document) {
    if doc.decisions.iter().all(|d| d.supersedes.is_none()) {
        return;
    }
    // (instant, index) of the timestamped decisions, sorted: those of one instant are a run,
    // in file order. A log is usually in time order already, and few decisions supersede:
    // no map of every id, a binary search per reference instead.
    let mut by_instant: Vec<(i64, usize)> = doc
        .decisions
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((d.timestamp?.epoch_seconds, i)))
        .collect();
    if !by_instant.is_sorted() {
        crate::sort::sort_by_key(&mut by_instant, |&(t, i)| [crate::sort::signed(t), i as u64, 0]);
    }
    // Ids that are no timestamp (`L12`, or a reference that does not read): built on first need.
    let mut by_id: Option<crate::hash::KeyMap<usize>> = None;
    let mut links = Vec::new();
    for (i, d) in doc.decisions.iter().enumerate() {
        let Some(sup) = &d.supersedes else { continue };
        let DecisionRef { id: target, instant, nth } = DecisionRef::read(&doc.source[sup.target.range()]);
        let found = match instant {
            // An id that reads as a timestamp belongs to a decision of that instant.
            Some(instant) => {
                let from = by_instant.partition_point(|&(e, _)| e < instant);
                let same_instant = by_instant[from..]
                    .iter()
                    .take_while(|&&(e, _)| e == instant)
                    .map(|&(_, j)| j);
                let earlier = same_instant.filter(|&j| j < i);
                let decisions = &doc.decisions;
                earlier.clone().find(|&j| decisions[j].id == target).or_else(|| earlier.clone().nth(nth - 1))
            }
            None => {
                let by_id = by_id.get_or_insert_with(|| {
                    doc.decisions.iter().enumerate().map(|(i, d)| (crate::hash::fnv_of(d.id.as_str()), i)).collect()
                });
                by_id.get(&crate::hash::fnv_of(target)).copied().filter(|&j| j < i)
            }
        };
        if let Some(j) = found {
            links.push((i, j));
        }
    }
    for (i, j) in links {
        if let Some(sup) = doc.decisions[i].supersedes.as_mut() {
            sup.resolved = Some(j);
        }
        doc.decisions[j].superseded_by = Some(i);
    }
}

fn build_next_and_completion(doc: &mut Document, outline: &Outline) {
    let text = doc.source.as_str();
    // The latest Next Steps section with content: the last in a file kept oldest first, the
    // first in one kept newest first (a log of sessions has one per session).
    let latest = {
        let mut next = doc
            .next_step_sections()
            .filter_map(|(i, s)| first_block(doc, outline, s.body).map(|(span, t)| NextStep { span, text: t, section: i }));
        if doc.newest_first { next.next() } else { next.last() }
    };
    doc.next_step = latest;
    let completion = doc.sections.iter().enumerate().rev().find(|(_, s)| s.role == SectionRole::Completion);
    if let Some((i, s)) = completion {
        let title = &text[s.title.range()];
        let body = &text[s.body.range()];
        let final_status = body.find("Final status:").map(|at| {
            let start = s.body.start() + at + "Final status:".len();
            let line = text[start..s.body.end()].split('\n').next().unwrap_or("");
            let lead = line.len() - line.trim_start().len();
            Span::new(start + lead, start + line.trim_end().len())
        });
        doc.completion = Some(Completion {
            section: i,
            span: s.span,
            timestamp: time::find(title).map(|(t, _)| t),
            final_status,
        });
    }
}

/// Whether an item marks itself done, as a list of steps is ticked off: a ticked box, a done
/// emoji at either end (`✅ Wire the webhook`), a closing `(done)`, or its first line struck
/// out whole (`~~Wire the webhook~~`). Not a step that merely says something is finished
/// (`**All core functionality implemented**`): that is the step's content.
fn marked_done(doc: &Document, item: &Item) -> bool {
    let line = doc.text(crate::span::first_line(&doc.source, item.text));
    let done = |found: Option<(Status, Span, Span)>| found.is_some_and(|(s, _, _)| s == Status::Completed);
    item.checkbox == Some(true)
        || done(crate::lexicon::emoji_at_ends(line))
        || done(crate::lexicon::status_in_closing_parenthesis(line))
        || crate::text::struck_through(line).is_some()
}

/// Whether an item of a list of next steps reports how things stand instead of naming a
/// step: it only says the work is ready to go on (`1. **Ready for autonomous work!**` over
/// `2. Start the agent`), or it counts work under way or done (`3 features currently
/// in_progress (by other agents)` over `Focus on the final features`).
pub(crate) fn reports_only_state(doc: &Document, item: &Item) -> bool {
    let line = doc.text(crate::span::first_line(&doc.source, item.text));
    let counted = line.trim_start_matches(['*', '_']).starts_with(|c: char| c.is_ascii_digit());
    crate::lexicon::says_only_ready(line)
        || counted && matches!(crate::lexicon::status_within(line), Some(Status::InProgress | Status::Completed))
}

/// The first paragraph or top-level item in `body` that is still to do: (block span, its
/// text). A step the list itself marks done (ticked, `✅`, `(done)`, struck out) is passed
/// over: the next session starts at the first one left.
fn first_block(doc: &Document, outline: &Outline, body: Span) -> Option<(Span, Span)> {
    let para = outline.paragraphs.iter().find(|p| body.contains(p.start())).map(|p| {
        let t = doc.text(*p).trim_end();
        (Span::new(p.start(), p.start() + t.len()), Span::new(p.start(), p.start() + t.len()))
    });
    // A step that only reports how things stand ([`reports_only_state`]) is passed over
    // too, when a step follows.
    let mut left = doc.items.iter().filter(|i| i.depth == 1 && body.contains(i.span.start()) && !marked_done(doc, i));
    let first = left.next();
    let item = first.filter(|i| reports_only_state(doc, i)).and_then(|_| left.find(|i| !reports_only_state(doc, i))).or(first).map(|i| (i.span, i.text));
    match (para, item) {
        (Some(p), Some(i)) => Some(if p.0.start() < i.0.start() { p } else { i }),
        (p, i) => p.or(i),
    }
}
