//! Three-way merge of one memory file edited in two places (docs/edits.md): two sessions, two
//! branches, two machines.
//!
//! The file is cut into blocks at its headings (the text before the first heading is a block
//! too); blocks are matched by level and title (`TASK COMPLETE` by its role). For each block:
//!
//! - changed on one side only: that side's text;
//! - **append-only** (Decisions, Key Discoveries / Learnings, Worklog, and any list of
//!   timestamped log entries): the union of the entries — the base's in their order, then
//!   each side's additions merged by timestamp (ties by text), each placed after the last
//!   entry not newer than it; an entry both sides added is written once;
//! - **Progress Markers**: per unit — a unit's line changed on one side is taken, changed
//!   on both sides differently is a conflict;
//! - **state** (Next Session Start, Current State, anything else): a conflict when both sides
//!   changed it differently.
//!
//! A block added on one side is kept, after the block that precedes it there; a block
//! removed on one side and unchanged on the other is removed. On a conflict the text keeps
//! *ours* for that block (no conflict markers: the result stays a well-formed memory file)
//! and the conflict says what theirs had. Nothing here panics, whatever the input.
//!
//! Properties (tested): `merge(b, x, b).text == x`, `merge(b, b, x).text == x`, and when `x`
//! and `y` only append entries, `merge(b, x, y).text == merge(b, y, x).text`.

use memento_core::identity::{UnitKey};
use memento_core::internal::json_opening;
use memento_core::document::{Document, SectionRole};
use memento_core::internal::{line_end_after, line_start};
use memento_core::parse;
use serde::Serialize;
use memento_core::hash::{FastMap, FastSet};

/// The merged text and what could not be merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MergeOutcome {
    pub text: String,
    pub conflicts: Vec<MergeConflict>,
}

/// A block both sides changed in incompatible ways; the merged text kept ours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MergeConflict {
    /// The section's title as written (`(preamble)` for the text before the first heading,
    /// `(file)` for a whole JSON store).
    pub section: String,
    pub reason: String,
}

/// Merges `ours` and `theirs`, two edits of `base`.
pub fn merge(base: &str, ours: &str, theirs: &str) -> MergeOutcome {
    let mut out = merge_texts(base, ours, theirs);
    if !out.conflicts.is_empty() {
        // Conflicts quote the three versions: mask the secrets of each (docs/secrets.md).
        let found = [base, ours, theirs].map(memento_core::secret::Secrets::find);
        let secrets = memento_core::secret::Secrets::union(&found);
        for c in &mut out.conflicts {
            secrets.mask_in_place(&mut c.section);
            secrets.mask_in_place(&mut c.reason);
        }
    }
    out
}

fn merge_texts(base: &str, ours: &str, theirs: &str) -> MergeOutcome {
    let clean = |text: &str| MergeOutcome { text: text.to_owned(), conflicts: Vec::new() };
    if theirs == base || ours == theirs {
        return clean(ours);
    }
    if ours == base {
        return clean(theirs);
    }
    let (b, o, t) = (parse(base), parse(ours), parse(theirs));
    if [&b, &o, &t].iter().any(|d| d.is_json()) {
        return merge_lines(base, ours, theirs);
    }
    let eol = o.line_ending();
    let (bs, os, ts) = (Blocks::of(&b), Blocks::of(&o), Blocks::of(&t));
    let mut out: Vec<(String, String)> = Vec::new();
    let mut conflicts = Vec::new();
    for ours_block in &os.list {
        let o_text = ours_block.text(&o);
        let base_block = bs.find(&ours_block.key);
        match (base_block, ts.find(&ours_block.key)) {
            (_, Some(theirs_block)) => {
                let sides = Sides { base: base_block.map(|x| (&b, x)), ours: (&o, ours_block), theirs: (&t, theirs_block) };
                out.push((ours_block.key.clone(), merge_block(&sides, eol, &mut conflicts)));
            }
            (Some(x), None) => {
                if same(x.text(&b), o_text) {
                    continue; // theirs removed it, ours left it alone
                }
                conflicts.push(MergeConflict {
                    section: ours_block.title.clone(),
                    reason: "theirs removed this section, ours changed it; kept ours".into(),
                });
                out.push((ours_block.key.clone(), o_text.to_owned()));
            }
            (None, None) => out.push((ours_block.key.clone(), o_text.to_owned())),
        }
    }
    for (ti, theirs_block) in ts.list.iter().enumerate() {
        if os.find(&theirs_block.key).is_some() {
            continue;
        }
        let t_text = theirs_block.text(&t);
        if let Some(x) = bs.find(&theirs_block.key) {
            if same(x.text(&b), t_text) {
                continue; // ours removed it, theirs left it alone
            }
            conflicts.push(MergeConflict {
                section: theirs_block.title.clone(),
                reason: "ours removed this section, theirs changed it; kept theirs".into(),
            });
        }
        let mut at = ts.list[..ti]
            .iter()
            .rev()
            .find_map(|p| out.iter().position(|(k, _)| *k == p.key))
            .map_or(0, |p| p + 1);
        // Blocks both sides added at one place are put in canonical order (then by key),
        // so the result does not depend on which side is ours.
        let rank = |key: &str| (added_rank(&os.list, &ts.list, key), key.to_owned());
        let mine = rank(&theirs_block.key);
        while at < out.len() && bs.find(&out[at].0).is_none() && rank(&out[at].0) < mine {
            at += 1;
        }
        out.insert(at, (theirs_block.key.clone(), t_text.to_owned()));
    }
    let mut text = String::with_capacity(ours.len().max(theirs.len()));
    let last = out.len().saturating_sub(1);
    for (i, (_, piece)) in out.iter().enumerate() {
        text.push_str(piece);
        if i < last && !piece.is_empty() && !piece.ends_with('\n') {
            text.push_str(eol);
        }
    }
    MergeOutcome { text, conflicts }
}

/// The canonical rank of an added block (the checkpoint log's order, docs/dialects.md; TASK COMPLETE last).
fn added_rank(ours: &[Block], theirs: &[Block], key: &str) -> usize {
    let role = ours.iter().chain(theirs).find(|b| b.key == key).map_or(SectionRole::Other, |b| b.role);
    match role {
        SectionRole::Decisions => 0,
        SectionRole::Progress => 1,
        SectionRole::Discoveries => 2,
        SectionRole::NextStep => 3,
        SectionRole::Completion => usize::MAX,
        _ => 100,
    }
}

/// JSON stores: JSONL rows are lines; ours' lines, less those theirs removed, plus those
/// theirs added. A JSON array both sides changed is a conflict (ours kept).
fn merge_lines(base: &str, ours: &str, theirs: &str) -> MergeOutcome {
    let array = |t: &str| json_opening(t) == Some(b'[');
    if array(base) || array(ours) || array(theirs) {
        return MergeOutcome {
            text: ours.to_owned(),
            conflicts: vec![MergeConflict {
                section: "(file)".into(),
                reason: "both sides changed a JSON array store; kept ours".into(),
            }],
        };
    }
    let lines = |t: &str| t.lines().map(|l| l.trim_end_matches('\r').to_owned()).collect::<Vec<_>>();
    let (b, o, t) = (lines(base), lines(ours), lines(theirs));
    let eol = if ours.contains("\r\n") { "\r\n" } else { "\n" };
    let removed: FastSet<&String> = b.iter().filter(|l| !t.contains(l)).collect();
    let mut out: Vec<&String> = o.iter().filter(|l| !removed.contains(l) || !b.contains(l)).collect();
    for l in &t {
        if !b.contains(l) && !o.contains(l) {
            out.push(l);
        }
    }
    let mut text = out.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(eol);
    if ours.ends_with('\n') && !text.is_empty() {
        text.push_str(eol);
    }
    MergeOutcome { text, conflicts: Vec::new() }
}

/// A heading and its own content, up to the next heading of any level.
struct Block {
    key: String,
    title: String,
    role: SectionRole,
    section: Option<usize>,
    start: usize,
    end: usize,
}

impl Block {
    fn text<'d>(&self, doc: &'d Document) -> &'d str {
        doc.source().get(self.start..self.end).unwrap_or("")
    }
}

/// A document's blocks, and where each key is.
struct Blocks {
    list: Vec<Block>,
    at: FastMap<String, usize>,
}

impl Blocks {
    fn of(doc: &Document) -> Blocks {
        let list = blocks(doc);
        let at = list.iter().enumerate().map(|(i, b)| (b.key.clone(), i)).collect();
        Blocks { list, at }
    }

    fn find(&self, key: &str) -> Option<&Block> {
        self.at.get(key).map(|&i| &self.list[i])
    }
}

fn blocks(doc: &Document) -> Vec<Block> {
    let text = doc.source();
    let starts: Vec<usize> = doc.sections().iter().map(|s| line_start(text, s.heading.start())).collect();
    let mut out = vec![Block {
        key: "(preamble)".into(),
        title: "(preamble)".into(),
        role: SectionRole::Other,
        section: None,
        start: 0,
        end: starts.first().copied().unwrap_or(text.len()),
    }];
    let mut seen: FastMap<String, usize> = FastMap::default();
    for (i, s) in doc.sections().iter().enumerate() {
        let title = doc.text(s.title).trim().to_owned();
        let base = if s.role == SectionRole::Completion {
            "task complete".to_owned()
        } else {
            format!("{}:{}", s.level, memento_core::internal::section_key(&title))
        };
        let n = seen.entry(base.clone()).or_insert(0);
        *n += 1;
        let key = if *n > 1 { format!("{base}#{n}") } else { base };
        let end = starts.get(i + 1).copied().unwrap_or(text.len()).max(starts[i]);
        out.push(Block { key, title, role: s.role, section: Some(i), start: starts[i], end });
    }
    out
}

/// Equal but for trailing whitespace.
fn same(a: &str, b: &str) -> bool {
    a.trim_end() == b.trim_end()
}

struct Sides<'a> {
    base: Option<(&'a Document, &'a Block)>,
    ours: (&'a Document, &'a Block),
    theirs: (&'a Document, &'a Block),
}

fn merge_block(s: &Sides<'_>, eol: &str, conflicts: &mut Vec<MergeConflict>) -> String {
    let (o_doc, o_block) = s.ours;
    let (t_doc, t_block) = s.theirs;
    let o_text = o_block.text(o_doc);
    let t_text = t_block.text(t_doc);
    let b_text = s.base.map(|(d, x)| x.text(d));
    // Exact first (a blank line added before a new section counts), then modulo trailing
    // whitespace.
    if o_text == t_text || b_text == Some(t_text) {
        return o_text.to_owned();
    }
    if b_text == Some(o_text) {
        return t_text.to_owned();
    }
    if same(o_text, t_text) || b_text.is_some_and(|b| same(b, t_text)) {
        return o_text.to_owned();
    }
    if b_text.is_some_and(|b| same(b, o_text)) {
        return t_text.to_owned();
    }
    let views = (
        s.base.map(|(d, x)| list_view(d, x)),
        list_view(o_doc, o_block),
        list_view(t_doc, t_block),
    );
    let conflict = |reason: String, conflicts: &mut Vec<MergeConflict>| {
        conflicts.push(MergeConflict { section: o_block.title.clone(), reason });
        o_text.to_owned()
    };
    let (Some(base_view), Some(o_view), Some(t_view)) = (views.0.unwrap_or(Some(ListView::default())), views.1, views.2) else {
        return conflict("both sides changed it (and not only its list); kept ours".into(), conflicts);
    };
    let Some(frame) = pick_frame(&base_view, &o_view, &t_view, s.base.is_some()) else {
        return conflict("both sides changed the text around its list; kept ours".into(), conflicts);
    };
    let append_only = o_block.role.is_append_only()
        || [&base_view, &o_view, &t_view].iter().all(|v| v.items.iter().all(|i| i.ts.is_some()))
            && !o_view.items.is_empty()
            && o_block.role != SectionRole::Progress;
    let items = if append_only {
        union(&base_view.items, &o_view.items, &t_view.items)
    } else if o_block.role == SectionRole::Progress {
        let (items, reasons) = per_unit(&base_view.items, &o_view.items, &t_view.items);
        if !reasons.is_empty() {
            conflicts.push(MergeConflict { section: o_block.title.clone(), reason: reasons.join("; ") });
        }
        items
    } else {
        return conflict("both sides changed it; kept ours".into(), conflicts);
    };
    frame.render(&items, eol)
}

/// One list item of a block: its lines (from the line start), identity and timestamp.
#[derive(Debug, Clone, Default)]
struct ListItem {
    raw: String,
    /// Identity: the text without `\r` and trailing spaces.
    key: String,
    ts: Option<i64>,
    /// Progress: the units it names ([`UnitKey`]s); empty for other items.
    units: Vec<String>,
}

/// A block as text before its list, the list, and text after it.
#[derive(Debug, Clone, Default)]
struct ListView {
    prefix: String,
    items: Vec<ListItem>,
    suffix: String,
    /// Items separated by a blank line.
    loose: bool,
    /// The list's last line ends with a newline.
    final_eol: bool,
}

impl ListView {
    fn frame_key(&self) -> (&str, &str) {
        (self.prefix.trim_end(), self.suffix.trim_end())
    }

    fn render(&self, items: &[ListItem], eol: &str) -> String {
        let mut out = self.prefix.clone();
        if items.is_empty() {
            out.push_str(&self.suffix);
            return out;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(eol);
        }
        let joiner = if self.loose { format!("{eol}{eol}") } else { eol.to_owned() };
        out.push_str(&items.iter().map(|i| i.raw.as_str()).collect::<Vec<_>>().join(&joiner));
        if self.final_eol || !self.suffix.is_empty() {
            out.push_str(eol);
        }
        out.push_str(&self.suffix);
        out
    }
}

/// The block's own top-level list and the text around it; `None` when prose sits between
/// its items (then the block is merged as a whole).
fn list_view(doc: &Document, block: &Block) -> Option<ListView> {
    let text = doc.source();
    let own: Vec<(usize, &memento_core::document::Item)> = doc
        .items()
        .iter()
        .enumerate()
        .filter(|(_, i)| i.depth == 1 && i.section == block.section && i.span.start() >= block.start && i.span.end() <= block.end)
        .collect();
    let slice = |a: usize, b: usize| text.get(a..b).unwrap_or("").to_owned();
    let Some(&(_, first)) = own.first() else {
        let cs = match block.section {
            Some(s) => doc.sections()[s].content_start(doc.source()).0.clamp(block.start, block.end),
            None => block.end,
        };
        return Some(ListView {
            prefix: slice(block.start, cs),
            items: Vec::new(),
            suffix: slice(cs, block.end),
            loose: false,
            final_eol: text[..cs].ends_with('\n'),
        });
    };
    let list_start = line_start(text, first.span.start()).max(block.start);
    let mut cursor = list_start;
    let mut loose = false;
    let mut items = Vec::new();
    for &(index, item) in &own {
        let start = line_start(text, item.span.start()).max(cursor);
        let gap = text.get(cursor..start).unwrap_or("");
        if !gap.trim().is_empty() {
            return None;
        }
        loose |= gap.contains('\n');
        let raw = slice(start, item.span.end());
        // Entries are in item order and markers in file order: binary searches.
        let entry = doc
            .entries()
            .binary_search_by_key(&index, |e| e.item)
            .ok()
            .map(|i| &doc.entries()[i]);
        let progress = doc.progress();
        let first = progress.partition_point(|m| m.span.start() < item.span.start());
        let units = progress[first..]
            .iter()
            .take_while(|m| m.span.start() == item.span.start())
            .find(|m| m.span == item.span)
            .map(|m| m.units.iter().filter_map(|u| Some(UnitKey::of(doc.text(u.name))?.as_str().to_owned())).collect())
            .unwrap_or_default();
        items.push(ListItem {
            key: raw.lines().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n"),
            raw,
            ts: entry.map(|e| e.timestamp.epoch_seconds),
            units,
        });
        let (next, _) = line_end_after(text, item.span.end().max(start));
        cursor = next.min(block.end);
    }
    let (list_end, final_eol) = line_end_after(text, own.last()?.1.span.end());
    let list_end = list_end.min(block.end);
    Some(ListView {
        prefix: slice(block.start, list_start),
        items,
        suffix: slice(list_end, block.end),
        loose,
        final_eol,
    })
}

/// The text around the list: unchanged on a side means the other side's is taken.
fn pick_frame<'v>(base: &'v ListView, o: &'v ListView, t: &'v ListView, has_base: bool) -> Option<&'v ListView> {
    if o.frame_key() == t.frame_key() {
        Some(o)
    } else if has_base && base.frame_key() == o.frame_key() {
        Some(t)
    } else if has_base && base.frame_key() == t.frame_key() {
        Some(o)
    } else {
        None
    }
}

/// Base entries in base order; each side's additions merged by timestamp (ties by text,
/// duplicates once), each placed after the last entry not newer than it.
fn union(base: &[ListItem], ours: &[ListItem], theirs: &[ListItem]) -> Vec<ListItem> {
    let base_keys: FastSet<&str> = base.iter().map(|i| i.key.as_str()).collect();
    let added = |side: &[ListItem]| -> Vec<ListItem> {
        let mut seen = FastSet::default();
        side.iter().filter(|i| !base_keys.contains(i.key.as_str()) && seen.insert(i.key.clone())).cloned().collect()
    };
    let (a, b) = (added(ours), added(theirs));
    let mut merged: Vec<ListItem> = Vec::with_capacity(a.len() + b.len());
    let mut emitted: FastSet<String> = FastSet::default();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.key == y.key => {
                i += 1;
                j += 1;
                if x.raw <= y.raw { x } else { y }
            }
            (Some(x), Some(y)) => {
                let take_x = match (x.ts, y.ts) {
                    (Some(p), Some(q)) if p != q => p < q,
                    _ => x.raw < y.raw,
                };
                if take_x {
                    i += 1;
                    x
                } else {
                    j += 1;
                    y
                }
            }
            (Some(x), None) => {
                i += 1;
                x
            }
            (None, Some(y)) => {
                j += 1;
                y
            }
            (None, None) => break,
        };
        if emitted.insert(next.key.clone()) {
            merged.push(next.clone());
        }
    }
    let mut out = base.to_vec();
    let mut previous: Option<usize> = None;
    for item in merged {
        let mut at = out.len();
        if let Some(ts) = item.ts {
            while at > 0 && out[at - 1].ts.is_some_and(|t| t > ts) {
                at -= 1;
            }
        }
        if let Some(p) = previous {
            at = at.max(p + 1);
        }
        out.insert(at, item);
        previous = Some(at);
    }
    out
}

/// Progress markers per unit (a line's key is the units it names): the merged lines, and
/// why some could not be merged (ours kept for those).
fn per_unit(base: &[ListItem], ours: &[ListItem], theirs: &[ListItem]) -> (Vec<ListItem>, Vec<String>) {
    let key = |i: &ListItem| if i.units.is_empty() { i.key.clone() } else { i.units.join(", ") };
    let index = |side: &[ListItem]| -> FastMap<String, usize> {
        let mut map = FastMap::default();
        for (n, item) in side.iter().enumerate() {
            map.entry(key(item)).or_insert(n);
        }
        map
    };
    let (base_at, ours_at, theirs_at) = (index(base), index(ours), index(theirs));
    let mut out: Vec<ListItem> = Vec::new();
    let mut reasons = Vec::new();
    for o in ours {
        let k = key(o);
        let b = base_at.get(&k).map(|&n| &base[n]);
        match (b, theirs_at.get(&k).map(|&n| &theirs[n])) {
            (_, Some(t)) if t.key == o.key => out.push(o.clone()),
            (Some(b), Some(t)) if b.key == o.key => out.push(t.clone()),
            (Some(b), Some(t)) if b.key == t.key => out.push(o.clone()),
            (_, Some(t)) => {
                reasons.push(format!("`{k}`: both sides changed it (ours \"{}\", theirs \"{}\"); kept ours", o.key.trim(), t.key.trim()));
                out.push(o.clone());
            }
            (Some(b), None) if b.key == o.key => {} // theirs removed the line
            (Some(_), None) => {
                reasons.push(format!("`{k}`: theirs removed the line, ours changed it; kept ours"));
                out.push(o.clone());
            }
            (None, None) => out.push(o.clone()),
        }
    }
    let mut placed: FastMap<String, usize> = out.iter().enumerate().map(|(n, i)| (key(i), n)).collect();
    for (ti, t) in theirs.iter().enumerate() {
        let k = key(t);
        if ours_at.contains_key(&k) {
            continue;
        }
        if let Some(&n) = base_at.get(&k) {
            if base[n].key == t.key {
                continue; // ours removed the line
            }
            reasons.push(format!("`{k}`: ours removed the line, theirs changed it; kept theirs"));
        }
        let at = theirs[..ti].iter().rev().find_map(|p| placed.get(&key(p)).copied()).map_or(0, |p| p + 1);
        out.insert(at, t.clone());
        placed = out.iter().enumerate().map(|(n, i)| (key(i), n)).collect();
    }
    let mut units = FastSet::default();
    for item in &out {
        for u in &item.units {
            if !units.insert(u.clone()) {
                reasons.push(format!("`{u}` is on more than one line after the merge"));
            }
        }
    }
    (out, reasons)
}
