//! missing-section, duplicate-section, section-over-budget.
//!
//! Expected sections depend on the dialect: a checkpoint log expects Decisions Made,
//! Progress Markers, Key Discoveries and Next Session Start (found by role, so
//! "Key Facts / Decisions" or "Learnings" count); session notes expect the template's
//! headers (case-insensitive). Memory banks, progress logs, stores and generic markdown
//! expect nothing.
//!
//! duplicate-section and the per-section budget apply to the structured dialects
//! (checkpoint log, session notes, memory bank); free-form progress logs repeat headings by
//! design and grow by sessions, so only the file budget applies to them.

use super::{title_of, Ctx};
use crate::identity::section_key;
use crate::diagnostic::TextEdit;
use crate::document::SectionRole;
use crate::hash::{fnv_of, group_of, KeyMap};
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::MissingSection) {
        match cx.doc.dialect() {
            Dialect::CheckpointLog => missing_checkpoint(cx),
            Dialect::SessionNotes => missing_notes(cx),
            _ => {}
        }
    }
    // Free-form logs repeat headings by design (a "### Completed" per session).
    let structured = cx.doc.dialect().is_templated();
    if cx.on(Rule::DuplicateSection) && structured {
        duplicates(cx);
    } else if cx.on(Rule::DuplicateSection) && cx.doc.dialect() != Dialect::MemoryStore {
        log_duplicates(cx);
    }
    // JSON (stores, feature lists) is read row by row, not injected whole.
    let json = cx.doc.sections().is_empty() && (!cx.doc.records().is_empty() || !cx.doc.progress().is_empty());
    if cx.on(Rule::SectionOverBudget) && cx.doc.dialect() != Dialect::MemoryStore && !json {
        budgets(cx, structured);
    }
}

const CHECKPOINT: [(SectionRole, &str); 4] = [
    (SectionRole::Decisions, "Decisions Made"),
    (SectionRole::Progress, "Progress Markers"),
    (SectionRole::Discoveries, "Key Discoveries"),
    (SectionRole::NextStep, "Next Session Start"),
];

fn missing_checkpoint(cx: &mut Ctx) {
    let doc = cx.doc;
    let find = |role: SectionRole| doc.sections().iter().find(|s| s.role == role);
    let present: Vec<bool> = CHECKPOINT.iter().map(|(role, _)| find(*role).is_some()).collect();
    for (k, (_, name)) in CHECKPOINT.iter().enumerate() {
        if present[k] {
            continue;
        }
        // Insert before the next expected section that exists, else before TASK COMPLETE,
        // else at the end.
        let before = CHECKPOINT[k + 1..]
            .iter()
            .find_map(|(role, _)| find(*role))
            .map(|s| s.heading.start())
            .or_else(|| doc.completion().map(|c| c.span.start()));
        let level = doc.sections().iter().find(|s| s.level > 1).map_or(2, |s| s.level);
        let header = format!("{} {name}", "#".repeat(level as usize));
        let (at, content) = insertion(doc, before, &header, None);
        let d = cx
            .diag(Rule::MissingSection, Span::empty(at), format!("missing section `{header}` of the checkpoint-log format"))
            .with_help(format!("a checkpoint log keeps four sections: Decisions Made, Progress Markers, Key Discoveries, Next Session Start; add `{header}`"))
            .with_fix(vec![TextEdit::insert(at, content)]);
        cx.push(d);
    }
}

fn missing_notes(cx: &mut Ctx) {
    let doc = cx.doc;
    let titles: Vec<(String, usize)> = doc
        .sections()
        .iter()
        .enumerate()
        .map(|(i, s)| (section_key(title_of(doc, s)), i))
        .collect();
    let template = cx.template;
    let find = |header: &str| {
        let key = section_key(header);
        titles.iter().find(|(t, _)| *t == key).map(|(_, i)| &doc.sections()[*i])
    };
    for (k, t) in template.sections().iter().enumerate() {
        if find(&t.header).is_some() {
            continue;
        }
        let before = template.sections()[k + 1..].iter().find_map(|n| find(&n.header)).map(|s| s.heading.start());
        let header = format!("{} {}", "#".repeat(t.level as usize), t.header);
        let desc = template.description_for(doc, k);
        let (at, content) = insertion(doc, before, &header, desc.as_deref());
        let d = cx
            .diag(Rule::MissingSection, Span::empty(at), format!("missing section `{header}` of the session-notes template"))
            .with_help("session notes keep every template section, in order, each header followed by its italic description")
            .with_fix(vec![TextEdit::insert(at, content)]);
        cx.push(d);
    }
}

/// Where and what to insert for a new section placed before `before` (else at the end).
fn insertion(doc: &crate::Document, before: Option<usize>, header: &str, description: Option<&str>) -> (usize, String) {
    let nl = doc.line_ending();
    let mut block = String::from(header);
    block.push_str(nl);
    if let Some(d) = description {
        block.push_str(d);
        block.push_str(nl);
    }
    match before {
        Some(at) => {
            block.push_str(nl);
            (at, block)
        }
        None => {
            let text = doc.source();
            let lead = if text.trim().is_empty() || text.ends_with("\n\n") || text.ends_with("\n\r\n") {
                String::new()
            } else if text.ends_with('\n') {
                nl.to_owned()
            } else {
                format!("{nl}{nl}")
            };
            (text.len(), format!("{lead}{block}"))
        }
    }
}

/// The same title twice among sibling sections (same parent, same level).
fn duplicates(cx: &mut Ctx) {
    let doc = cx.doc;
    let mut seen = KeyMap::default();
    for (i, s) in doc.sections().iter().enumerate() {
        let key = section_key(title_of(doc, s));
        if key.is_empty() || s.role == SectionRole::Completion {
            continue;
        }
        match first_sibling(doc, &mut seen, i, &key) {
            first if first != i => {
                let name = title_of(doc, s);
                let line = cx.line(doc.sections()[first].heading.start());
                let d = cx
                    .diag(Rule::DuplicateSection, s.heading, format!("section `{name}` appears twice (first at line {line})"))
                    .with_help("keep one section per name: move this content under the first one and delete this header");
                cx.push(d);
            }
            _ => {}
        }
    }
}

/// The first section among `i`'s siblings (same parent, same level) whose title's key is
/// `key`, `i` itself if none came before; `seen` keeps the sections seen so far.
fn first_sibling(doc: &crate::document::Document, seen: &mut KeyMap<Vec<usize>>, i: usize, key: &str) -> usize {
    let sections = doc.sections();
    let s = &sections[i];
    let same = |g: usize| {
        let f = &sections[g];
        (f.parent, f.level) == (s.parent, s.level) && section_key(title_of(doc, f)) == key
    };
    group_of(seen, fnv_of(&(s.parent, s.level, key)), i, same)
}

/// In a free-form log, where headings repeat by design (`## Progress Update` per session),
/// a plain title exactly twice among siblings (a third makes it the file's pattern). A
/// numbered one (`## Session 87` twice) is `sittings.rs`'s.
fn log_duplicates(cx: &mut Ctx) {
    let doc = cx.doc;
    let mut first = KeyMap::default();
    // Copies of each title, counted at the index of its first section.
    let mut copies = vec![0u32; doc.sections().len()];
    let mut repeats = Vec::new();
    for (i, s) in doc.sections().iter().enumerate() {
        if s.level < 2 {
            continue;
        }
        let key = section_key(title_of(doc, s));
        if key.is_empty() || crate::identity::sitting(&key).is_some() {
            continue;
        }
        let at = first_sibling(doc, &mut first, i, &key);
        copies[at] += 1;
        if at != i {
            repeats.push((i, at));
        }
    }
    for (i, at) in repeats {
        if copies[at] != 2 {
            continue;
        }
        let s = &doc.sections()[i];
        let line = cx.line(doc.sections()[at].heading.start());
        let message = format!("section `{}` appears twice (first at line {line})", title_of(doc, s));
        let d = cx
            .diag(Rule::DuplicateSection, s.heading, message)
            .with_help("one section per session or subject: merge the two, or number this one anew");
        cx.push(d);
    }
}

fn budgets(cx: &mut Ctx, per_section: bool) {
    let doc = cx.doc;
    let text = doc.source();
    let sections = doc.sections();
    let level1 = sections.iter().filter(|s| s.level == 1).count();
    // The sections a budget is about: the notes' level-1 sections; elsewhere the top-level
    // sections below a single title.
    let title = (doc.dialect() != Dialect::SessionNotes && level1 == 1)
        .then(|| sections.iter().position(|s| s.level == 1))
        .flatten();
    let budget = cx.options.section_budget_tokens;
    let file_budget = cx.options.file_budget_tokens;
    // Fewer bytes than a budget cannot exceed it (at most one token per byte).
    let whole_file = text.len() >= file_budget;
    // The counts are additive, so the file's are the sum of the sections' (siblings, hence
    // disjoint and in order) and of the bytes between them: one pass over the text in all.
    let mut file = Counts::default();
    let mut covered = 0;
    for (i, s) in sections.iter().enumerate() {
        let body_level = match title {
            Some(t) => s.parent == Some(t) || s.parent.is_none() && i != t,
            None => s.parent.is_none(),
        };
        if !per_section || !body_level || s.span.len() < budget {
            continue;
        }
        let counts = Counts::of(doc.text(s.span));
        if whole_file && s.span.start() >= covered {
            file = file + Counts::of(&text[covered..s.span.start()]) + counts;
            covered = s.span.end();
        }
        let tokens = counts.tokens();
        if tokens > budget {
            let name = title_of(doc, s);
            let d = cx
                .diag(Rule::SectionOverBudget, s.heading, format!("section `{name}` is about {} tokens, over its budget of {}", group(tokens), group(budget)))
                .with_help("condense it: keep what a future session needs (decisions, state, exact next step) and summarize the rest");
            cx.push(d);
        }
    }
    if whole_file {
        let tokens = (file + Counts::of(&text[covered..])).tokens();
        if tokens > file_budget {
            let at = doc.sections().first().map_or(Span::empty(0), |s| s.heading);
            let d = cx
                .diag(Rule::SectionOverBudget, at, format!("the file is about {} tokens, over its budget of {}", group(tokens), group(file_budget)))
                .with_help("a memory file is read at every session start: archive finished work and condense long sections");
            cx.push(d);
        }
    }
}

/// What [`crate::tokens::estimate`] counts: bytes, non-ASCII bytes and UTF-8 lead bytes
/// (one per non-ASCII character). Additive over adjacent pieces of a text.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    bytes: usize,
    high: usize,
    lead: usize,
}

/// At most 255 (a u8 count), and a multiple of 64 so no byte is left to a scalar loop.
const BLOCK: usize = 192;

impl Counts {
    fn of(text: &str) -> Counts {
        let bytes = text.as_bytes();
        // Non-ASCII bytes are ≥ 0x80, continuation bytes 0x80..=0xBF; the other non-ASCII
        // bytes lead a character.
        let (high, continuation) = if cfg!(target_arch = "wasm32") { Self::eight_at_a_time(bytes) } else { Self::in_vectors(bytes) };
        Counts { bytes: bytes.len(), high, lead: high - continuation }
    }

    /// (non-ASCII, continuation) bytes, counted in u8 over blocks short enough not to overflow:
    /// the compiler turns each fold into vector compares and subtractions, 16 bytes at a time.
    /// The compares are signed (≥ 0x80 is < 0, ≤ 0xBF is < -64): SSE2 has no unsigned one.
    fn in_vectors(bytes: &[u8]) -> (usize, usize) {
        let (mut high, mut continuation) = (0, 0);
        for block in bytes.chunks(BLOCK) {
            high += usize::from(block.iter().fold(0u8, |n, &b| n + u8::from((b as i8) < 0)));
            continuation += usize::from(block.iter().fold(0u8, |n, &b| n + u8::from((b as i8) < -0x40)));
        }
        (high, continuation)
    }

    /// [`Counts::in_vectors`] for wasm, where the folds stay mostly scalar even with simd128
    /// ([`crate::swar`]): eight bytes in a `u64`, a counter per byte, summed before one can
    /// overflow.
    fn eight_at_a_time(bytes: &[u8]) -> (usize, usize) {
        const LOW: u64 = crate::swar::each(1);
        let sum_lanes = |acc: u64| crate::swar::sum_bytes(acc) as usize;
        let (mut high, mut continuation) = (0, 0);
        let mut chunks = bytes.chunks_exact(8);
        let (mut acc_high, mut acc_cont, mut n) = (0u64, 0u64, 0);
        for chunk in &mut chunks {
            let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            acc_high += (w >> 7) & LOW;
            // Bit 7 set and bit 6 clear (shifted left, bit 6 lands on bit 7 of its byte).
            acc_cont += ((w & !(w << 1)) >> 7) & LOW;
            n += 1;
            if n == 255 {
                (high, continuation) = (high + sum_lanes(acc_high), continuation + sum_lanes(acc_cont));
                (acc_high, acc_cont, n) = (0, 0, 0);
            }
        }
        high += sum_lanes(acc_high);
        continuation += sum_lanes(acc_cont);
        for &b in chunks.remainder() {
            high += usize::from(b >= 0x80);
            continuation += usize::from((0x80..0xC0).contains(&b));
        }
        (high, continuation)
    }

    /// ASCII bytes by four (rounded up), one per non-ASCII character.
    fn tokens(self) -> usize {
        (self.bytes - self.high).div_ceil(4) + self.lead
    }
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts { bytes: self.bytes + o.bytes, high: self.high + o.high, lead: self.lead + o.lead }
    }
}

/// [`crate::tokens::estimate`], counted as the budgets count.
#[cfg(test)]
fn estimate(text: &str) -> usize {
    Counts::of(text).tokens()
}

#[cfg(test)]
mod counting {
    #[test]
    fn both_ways_of_counting_agree() {
        for t in ["", "abcd", "中文", "émoji 🎉 mix\r\n\t", &"x".repeat(4097), &"é—中🎉ab".repeat(700)] {
            assert_eq!(super::Counts::in_vectors(t.as_bytes()), super::Counts::eight_at_a_time(t.as_bytes()), "{t}");
        }
    }
}

/// `12345` → `12,345`.
pub(crate) fn group(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn fast_estimate_agrees_with_the_documented_one() {
        for t in ["", "abcd", "abcde", "中文", "ab — cd", "émoji 🎉 mix\r\n\t", &"x".repeat(4097), &"é—中🎉ab".repeat(700)] {
            assert_eq!(super::estimate(t), crate::tokens::estimate(t), "{t}");
        }
    }
}
