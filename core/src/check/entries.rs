//! malformed-entry, unknown-status, status-alias, duplicate-entry.
//!
//! - status-alias: a status word other than the canonical six where the format expects one
//!   of them (a checkpoint log's Progress Markers), not in a free-form file's own words.
//!
//! - malformed-entry: an item of a timestamped log (a Decisions or Worklog section where
//!   other items carry timestamps) without one; an item opening with a date that does not
//!   read (`2026-02-30`, `2026-4-22`); an item of Progress Markers without a status; a
//!   memory-store row that is not JSON, text after the end of a JSON document, where a JSON
//!   document breaks off, rows joined by commas without brackets.
//! - duplicate-entry: the same entry text ([`crate::identity::same_entry`]: lower case,
//!   words only, timestamp prefix dropped) twice in one section, or twice among the rows of one scope of a store. One
//!   hash per item, no pairwise comparison. In free-form files (memory banks, progress
//!   logs, generic markdown) only sections listing facts or units count (Decisions,
//!   Discoveries, What Works, What's Left, Known Issues, Next Steps…): a running session
//!   log rightly repeats "all tests passing".

use super::Ctx;
use crate::span::whole_lines;
use crate::diagnostic::TextEdit;
use crate::document::{JsonFaultKind, MarkerSource, SectionRole};
use crate::hash::KeyMap;
use crate::identity::{entry_hash, same_entry};
use crate::rule::Rule;
use crate::Dialect;
use std::collections::hash_map::Entry;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::MalformedEntry) {
        malformed(cx);
    }
    if cx.on(Rule::UnknownStatus) || cx.on(Rule::StatusAlias) {
        statuses(cx);
    }
    if cx.on(Rule::DuplicateEntry) {
        duplicate_items(cx);
        duplicate_rows(cx);
        duplicate_records(cx);
        duplicate_features(cx);
    }
}

/// A feature of a JSON feature list written twice, field for field (`F08` pasted again
/// further down): one feature counted twice, and a summary that counts the list is off by it.
fn duplicate_features(cx: &mut Ctx) {
    let doc = cx.doc;
    if !doc.is_json() {
        return;
    }
    let markers = doc.progress();
    // By the entry hash of the object's text, as `duplicate_rows` keys a table's rows.
    let mut seen: KeyMap<Vec<usize>> = KeyMap::default();
    let mut found = Vec::new();
    for (i, m) in markers.iter().enumerate().filter(|(_, m)| m.source == MarkerSource::Feature) {
        let text = doc.text(m.span);
        let Some(key) = entry_hash(text) else { continue };
        let bucket = seen.entry(key).or_default();
        match bucket.iter().find(|&&f| same_entry(doc.text(markers[f].span), text)) {
            Some(&first) => found.push((i, first)),
            None => bucket.push(i),
        }
    }
    for (i, first) in found {
        let (m, name) = (&markers[i], markers[i].units.first().map_or("", |u| doc.text(u.name)));
        let line = cx.line(markers[first].span.start());
        let d = cx
            .diag(Rule::DuplicateEntry, crate::span::first_line(doc.source(), m.span), format!("this feature repeats the one at line {line}: `{}`", cx.quote(name, 60)))
            .with_help("remove the repeated object: the feature is counted twice");
        cx.push(d);
    }
}

/// A table's row written twice, cell for cell (a sprint board's `| ENT-303 | Mapa … |` pasted
/// again below): one task counted twice. Rows of one table only, a run of `|` lines.
fn duplicate_rows(cx: &mut Ctx) {
    let doc = cx.doc;
    // Most files hold no table: one search, not a pass over every line.
    if !doc.source().starts_with('|') && memchr::memmem::find(doc.source().as_bytes(), b"\n|").is_none() {
        return;
    }
    // The current table's rows by their entry hash (the key `duplicate_items` and
    // `duplicate_records` read): a long table costs a lookup a row, not a scan of the rows
    // before it. Rare collisions share a bucket, whose rows are compared in full.
    let mut table: KeyMap<Vec<(usize, &str)>> = KeyMap::default();
    let mut found = Vec::new();
    for (_, start, line) in crate::code::lines_outside_code(doc) {
        let row = line.trim_end();
        if !row.starts_with('|') {
            if !table.is_empty() {
                table.clear();
            }
            continue;
        }
        // A row of cells that say little (`| | |`, the delimiter row) repeats nothing.
        if crate::parse::is_delimiter_row(row) || row.chars().filter(|c| c.is_alphanumeric()).count() < 8 {
            continue;
        }
        let Some(key) = entry_hash(row) else { continue };
        let bucket = table.entry(key).or_default();
        match bucket.iter().find(|(_, r)| same_entry(r, row)) {
            Some(&(first, _)) => found.push((crate::span::Span::new(start, start + row.len()), first)),
            None => bucket.push((start, row)),
        }
    }
    for (span, first) in found {
        let line = cx.line(first);
        let d = cx
            .diag(Rule::DuplicateEntry, span, format!("this row repeats line {line} of the table"))
            .with_help("remove the repeated row")
            .with_fix(vec![TextEdit::delete(whole_lines(doc.source(), span))]);
        cx.push(d);
    }
}

fn malformed(cx: &mut Ctx) {
    let doc = cx.doc;
    for fault in doc.json_faults() {
        let (message, help) = match fault.kind {
            JsonFaultKind::BrokenRow => ("this row is not valid JSON", "each row of a memory store is one JSON object; fix or remove this line"),
            JsonFaultKind::AfterDocument => (
                "text after the end of the JSON document: it is not read",
                "remove the stray text (often a bracket left by an edit), or move what it holds into the document",
            ),
            JsonFaultKind::BrokenOff => (
                "the JSON document breaks off here (cut short, a missing comma or an unescaped quote): what follows is not read",
                "fix the JSON at this point; everything before it is read",
            ),
            JsonFaultKind::JoinedRows => (
                "rows joined by commas without enclosing brackets: neither a JSON array nor JSONL",
                "wrap the rows in [ ] to make a JSON array, or write one row per line without commas (JSONL)",
            ),
        };
        let d = cx.diag(Rule::MalformedEntry, fault.span, message).with_help(help);
        cx.push(d);
    }
    if doc.dialect() == Dialect::MemoryStore {
        return;
    }
    let items = doc.items();
    let mut has_entry = vec![false; items.len()];
    // (dated items, top-level items) of each section.
    let mut section_dates = vec![(0usize, 0usize); doc.sections().len()];
    for e in doc.entries() {
        has_entry[e.item] = true;
        if let Some(s) = items[e.item].section {
            section_dates[s].0 += 1;
        }
    }
    for item in items.iter().filter(|i| i.depth == 1) {
        if let Some(s) = item.section {
            section_dates[s].1 += 1;
        }
    }
    // A section is a log whose entries must be dated when the format says so (a checkpoint
    // log), or when most of its entries are: a list of decisions with one dated among them
    // (`- 2026-11-08: Checkpoints are a JSON file`) is no log of undated entries.
    let checkpoint = doc.dialect() == Dialect::CheckpointLog;
    let section_logged: Vec<bool> = section_dates.iter().map(|&(dated, all)| dated > 0 && (checkpoint || dated * 2 > all)).collect();
    // Where progress markers start, sorted. Items come in file order, so a cursor finds each
    // item's marker; a binary search when an item comes before the previous one.
    let mut markers: Vec<usize> = doc.progress().iter().map(|m| m.span.start()).collect();
    crate::sort::sort_offsets(&mut markers);
    let mut cursor = 0;
    let mut has_marker = |at: usize| {
        if cursor > 0 && markers[cursor - 1] >= at {
            return markers.binary_search(&at).is_ok();
        }
        while cursor < markers.len() && markers[cursor] < at {
            cursor += 1;
        }
        markers.get(cursor) == Some(&at)
    };
    for (i, item) in items.iter().enumerate() {
        if item.depth != 1 || has_entry[i] {
            continue;
        }
        let text = doc.text(item.text);
        if let Some(date) = broken_date(text) {
            let d = cx
                .diag(Rule::MalformedEntry, item.text, format!("`{date}` is not a readable timestamp"))
                .with_help("write timestamps as ISO 8601: `2026-04-22T07:12Z` (or with an offset, or a date `2026-04-22`)");
            cx.push(d);
            continue;
        }
        let in_log = item.section.is_some_and(|s| section_logged[s]);
        match item.role {
            SectionRole::Decisions | SectionRole::Worklog if in_log && !text.is_empty() => {
                let what = if item.role == SectionRole::Decisions { "decision" } else { "log entry" };
                let d = cx
                    .diag(Rule::MalformedEntry, item.text, format!("{what} without a readable timestamp: \"{}\"", cx.quote(text, 60)))
                    .with_help("entries of an append-only log start with their timestamp: `- 2026-04-22T07:12Z — text`");
                cx.push(d);
            }
            SectionRole::Progress if !has_marker(item.span.start()) && !text.is_empty() => {
                let d = cx
                    .diag(Rule::MalformedEntry, item.text, format!("progress line with no status: \"{}\"", cx.quote(text, 60)))
                    .with_help("progress markers are `- STATUS: unit (detail)` with STATUS one of COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED, SKIPPED");
                cx.push(d);
            }
            _ => {}
        }
    }
}

/// Whether a progress marker at `at` is where the format asks for a canonical status word: a
/// checkpoint log's Progress Markers, or such a section in any file (docs/dialects.md). A
/// free-form file says `Done: parser`, `Fixed: login`, `Completado: API` in its own words,
/// which are read, not wrong.
fn canonical_expected(doc: &crate::Document, at: usize) -> bool {
    doc.dialect() == Dialect::CheckpointLog || doc.role_at(at) == Some(SectionRole::Progress)
}

/// A date-looking opening that is not a timestamp: `2026-02-30`, `2026-4-22`, `2026-13-01`.
fn broken_date(text: &str) -> Option<&str> {
    let t = text.trim_start_matches(['*', '[', '(', '`']);
    let b = t.as_bytes();
    if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' || !b[5].is_ascii_digit() {
        return None;
    }
    let end = t.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | ':' | '+' | '.'))).unwrap_or(t.len());
    let candidate = t[..end].trim_end_matches(['.', ':']);
    // The day part must be there for this to be an attempt at a date.
    if candidate.bytes().filter(|&c| c == b'-').count() < 2 {
        return None;
    }
    let (_, used) = match crate::time::parse_prefix(t) {
        Some(p) => p,
        None => return Some(candidate),
    };
    // Parsed, but glued to more digits or letters: `2026-04-221`.
    (used < candidate.len() && !matches!(t.as_bytes().get(used), Some(b' ' | b'-' | b':' | b',' | b'T'))).then_some(candidate)
}

fn statuses(cx: &mut Ctx) {
    let doc = cx.doc;
    for m in doc.progress() {
        let word = doc.text(m.status_span);
        match (m.status, m.source) {
            (None, _) if cx.on(Rule::UnknownStatus) => {
                // A word the lexicon knows is read (an alias, below): an unknown one has no
                // meaning to fix it to.
                let d = cx
                    .diag(Rule::UnknownStatus, m.status_span, format!("unknown progress status `{word}`"))
                    .with_help("use one of COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED, SKIPPED");
                cx.push(d);
            }
            (Some(s), MarkerSource::Alias) if cx.on(Rule::StatusAlias) && canonical_expected(doc, m.span.start()) => {
                let d = cx
                    .diag(Rule::StatusAlias, m.status_span, format!("`{word}` is an alias of {s}"))
                    .with_help(format!("write the canonical status {s}"))
                    .with_fix(vec![TextEdit::replace(m.status_span, s.as_str())]);
                cx.push(d);
            }
            _ => {}
        }
    }
}

fn duplicate_items(cx: &mut Ctx) {
    let doc = cx.doc;
    let items = doc.items();
    let mut entry_text = vec![None; items.len()];
    for e in doc.entries() {
        entry_text[e.item] = Some(e.text);
    }
    let text_of = |i: usize| doc.text(entry_text[i].unwrap_or(items[i].text));
    let structured = matches!(doc.dialect(), Dialect::CheckpointLog | Dialect::SessionNotes);
    let in_section = |hash: u64, section: usize| hash ^ (section as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // Every key into a list first, then a filter of the keys seen more than once
    // ([`Repeats`]): an item whose key is there once repeats nothing. Only the others go
    // through the maps below, which so stay small: maps as large as the file's items would
    // be read at random, out of the caches on large files.
    let mut keys: Vec<(usize, usize, u64)> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Some(section) = item.section else { continue };
        // A box is a task, in a list of any title (`## 阶段三：聊天与交易` over its boxes).
        if item.depth != 1 || !(structured || lists_state(doc.sections()[section].role) || item.checkbox.is_some()) {
            continue;
        }
        if let Some(hash) = entry_hash(text_of(i)) {
            keys.push((i, section, in_section(hash, section)));
        }
    }
    let repeats = Repeats::of(keys.iter().map(|&(_, _, k)| k), keys.len());
    // Key → first item; rare key collisions between different texts go to `more`.
    let mut seen: KeyMap<usize> = KeyMap::default();
    let mut more: KeyMap<Vec<usize>> = KeyMap::default();
    for &(i, section, k) in &keys {
        if !repeats.may_repeat(k) {
            continue;
        }
        // A key seen first is the common case (the filter's false positives): it reads
        // neither the item nor its text, which on a large file are far out of the caches.
        let first_seen = match seen.entry(k) {
            Entry::Vacant(v) => {
                v.insert(i);
                continue;
            }
            Entry::Occupied(o) => *o.get(),
        };
        let item = &items[i];
        let text = text_of(i);
        let same = |f: usize| same_entry(text_of(f), text);
        let first = match first_seen {
            f if same(f) => f,
            _ => {
                let bucket = more.entry(k).or_default();
                match bucket.iter().copied().find(|&f| same(f)) {
                    Some(f) => f,
                    None => {
                        if bucket.len() < 8 {
                            bucket.push(i);
                        }
                        continue;
                    }
                }
            }
        };
        let line = cx.line(items[first].span.start());
        let role = doc.sections()[section].role;
        let mut d = cx.diag(Rule::DuplicateEntry, item.text, format!("\"{}\" repeats line {line} of this section", cx.quote(text, 60)));
        if role == SectionRole::Decisions {
            d = d.with_help("decisions are immutable: leave both, or record a new decision that supersedes one");
        } else if !doc.text(item.span).contains('\n') {
            d = d
                .with_help("remove the repeated entry")
                .with_fix(vec![TextEdit::delete(whole_lines(doc.source(), item.span))]);
        } else {
            d = d.with_help("remove the repeated entry");
        }
        cx.push(d);
    }
}

/// Which of a list of 64-bit hashes may occur more than once: two bit sets indexed by the top
/// bits of a hash, "seen" and "seen again", sixteen bits an item (a few hundred KB for a
/// 10 MB file, within the caches). A hash that occurs once is reported once but for a
/// collision of its bits with another's (under 6% of them): the filter has no false
/// negatives, and its false positives only cost a lookup.
struct Repeats {
    again: Vec<u64>,
    shift: u32,
}

impl Repeats {
    fn of(hashes: impl Iterator<Item = u64>, count: usize) -> Repeats {
        let bits = (count.max(4) * 16).next_power_of_two();
        let shift = 64 - bits.trailing_zeros();
        let mut seen = vec![0u64; bits / 64];
        let mut again = vec![0u64; bits / 64];
        for h in hashes {
            let b = (h >> shift) as usize;
            let (word, bit) = (b / 64, 1u64 << (b % 64));
            again[word] |= seen[word] & bit;
            seen[word] |= bit;
        }
        Repeats { again, shift }
    }

    fn may_repeat(&self, h: u64) -> bool {
        let b = (h >> self.shift) as usize;
        self.again[b / 64] & (1 << (b % 64)) != 0
    }
}

/// Sections of free-form files whose items are each one fact or unit (not a running log,
/// where "tests passing" may rightly appear after every session).
fn lists_state(role: SectionRole) -> bool {
    matches!(
        role,
        SectionRole::Decisions
            | SectionRole::Discoveries
            | SectionRole::Progress
            | SectionRole::Done
            | SectionRole::Todo
            | SectionRole::Active
            | SectionRole::Blocked
            | SectionRole::Issues
            | SectionRole::NextStep
            | SectionRole::Worklog
    )
}

fn duplicate_records(cx: &mut Ctx) {
    let doc = cx.doc;
    let records = doc.records();
    // By scope and text hashes combined (the map type of `duplicate_items`' buckets):
    // a collision only shares a bucket, whose rows are compared in full.
    let mut seen: KeyMap<Vec<usize>> = KeyMap::default();
    for (i, r) in records.iter().enumerate() {
        let Some(content) = &r.content else { continue };
        let Some(hash) = entry_hash(content) else { continue };
        let bucket = seen.entry(crate::hash::fnv_of(&r.scope).rotate_left(32) ^ hash).or_default();
        let first = bucket.iter().copied().find(|&f| {
            let f = &records[f];
            f.scope == r.scope && same_entry(f.content.as_deref().unwrap_or(""), content)
        });
        let Some(first) = first else {
            if bucket.len() < 8 {
                bucket.push(i);
            }
            continue;
        };
        let line = cx.line(records[first].span.start());
        let at = crate::span::first_line(doc.source(), r.span);
        let d = cx
            .diag(Rule::DuplicateEntry, at, format!("memory row repeats the row at line {line}: \"{}\"", cx.quote(content, 60)))
            .with_help("keep one row per fact: update the existing row instead of writing a duplicate");
        cx.push(d);
    }
}
