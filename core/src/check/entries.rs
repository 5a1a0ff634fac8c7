//! malformed-entry, unknown-status, status-alias, duplicate-entry.
//!
//! - malformed-entry: an item of a timestamped log (a Decisions or Worklog section where
//!   other items carry timestamps) without one; an item opening with a date that does not
//!   read (`2026-02-30`, `2026-4-22`); an item of Progress Markers without a status; a
//!   memory-store row that is not JSON.
//! - duplicate-entry: the same normalized text (lower case, words only, timestamp prefix
//!   dropped) twice in one section, or twice among the rows of one scope of a store. One
//!   hash per item, no pairwise comparison. In free-form files (memory banks, progress
//!   logs, generic markdown) only sections listing facts or units count (Decisions,
//!   Discoveries, What Works, What's Left, Known Issues, Next Steps…): a running session
//!   log rightly repeats "all tests passing".

use super::{quote, whole_lines, Ctx, KeyMap};
use crate::diagnostic::TextEdit;
use crate::document::{MarkerSource, SectionRole};
use crate::hash::FastMap;
use crate::rule::Rule;
use crate::Dialect;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::MalformedEntry) {
        malformed(cx);
    }
    if cx.on(Rule::UnknownStatus) || cx.on(Rule::StatusAlias) {
        statuses(cx);
    }
    if cx.on(Rule::DuplicateEntry) {
        duplicate_items(cx);
        duplicate_records(cx);
    }
}

fn malformed(cx: &mut Ctx) {
    let doc = cx.doc;
    for &row in doc.broken_rows() {
        let d = cx
            .diag(Rule::MalformedEntry, row, "this row is not valid JSON")
            .with_help("each row of a memory store is one JSON object; fix or remove this line");
        cx.push(d);
    }
    if doc.dialect() == Dialect::MemoryStore {
        return;
    }
    let items = doc.items();
    let mut has_entry = vec![false; items.len()];
    let mut section_logged = vec![false; doc.sections().len()];
    for e in doc.entries() {
        has_entry[e.item] = true;
        if let Some(s) = items[e.item].section {
            section_logged[s] = true;
        }
    }
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
        let role = item.section.map(|s| doc.sections()[s].role);
        if let Some(date) = broken_date(text) {
            let d = cx
                .diag(Rule::MalformedEntry, item.text, format!("`{date}` is not a readable timestamp"))
                .with_help("write timestamps as ISO 8601: `2026-04-22T07:12Z` (or with an offset, or a date `2026-04-22`)");
            cx.push(d);
            continue;
        }
        let in_log = item.section.is_some_and(|s| section_logged[s]);
        match role {
            Some(SectionRole::Decisions | SectionRole::Worklog) if in_log && !text.is_empty() => {
                let what = if role == Some(SectionRole::Decisions) { "decision" } else { "log entry" };
                let d = cx
                    .diag(Rule::MalformedEntry, item.text, format!("{what} without a readable timestamp: \"{}\"", quote(text, 60)))
                    .with_help("entries of an append-only log start with their timestamp: `- 2026-04-22T07:12Z — text`");
                cx.push(d);
            }
            Some(SectionRole::Progress) if !has_marker(item.span.start()) && !text.is_empty() => {
                let d = cx
                    .diag(Rule::MalformedEntry, item.text, format!("progress line with no status: \"{}\"", quote(text, 60)))
                    .with_help("progress markers are `- STATUS: unit (detail)` with STATUS one of COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED, SKIPPED");
                cx.push(d);
            }
            _ => {}
        }
    }
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
            (Some(s), MarkerSource::Alias) if cx.on(Rule::StatusAlias) => {
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

/// Normalized text as a character stream: lower-case alphanumeric words, one space apart.
fn normalized(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut pending_space = false;
    let mut started = false;
    text.chars().flat_map(move |c| {
        let mut out: [Option<char>; 2] = [None, None];
        if c.is_alphanumeric() {
            if pending_space && started {
                out[0] = Some(' ');
            }
            pending_space = false;
            started = true;
            out[1] = Some(if c.is_ascii() { c.to_ascii_lowercase() } else { crate::case::lower(c) });
        } else {
            pending_space = true;
        }
        out.into_iter().flatten()
    })
}

/// Whether two texts are equal once [`normalized`]: ASCII texts compared byte by byte (most
/// texts that share a key differ a few words in, where this stops), others as characters.
fn same_normalized(a: &str, b: &str) -> bool {
    /// The next byte of the normalized ASCII text from `at`: a letter or digit lower-cased,
    /// a space for the separators between two words; `Err` at a non-ASCII byte.
    fn next(x: &[u8], at: &mut usize, started: &mut bool) -> Result<Option<u8>, ()> {
        let mut gap = false;
        while let Some(&c) = x.get(*at) {
            if c >= 0x80 {
                return Err(());
            }
            let folded = FOLD[usize::from(c)];
            if folded == 0 {
                gap = true;
                *at += 1;
                continue;
            }
            if gap && *started {
                return Ok(Some(b' ')); // the letter or digit comes next
            }
            *at += 1;
            *started = true;
            return Ok(Some(folded));
        }
        Ok(None)
    }
    let (a_bytes, b_bytes) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j, mut a_started, mut b_started) = (0, 0, false, false);
    loop {
        match (next(a_bytes, &mut i, &mut a_started), next(b_bytes, &mut j, &mut b_started)) {
            (Ok(x), Ok(y)) if x != y => return false,
            (Ok(None), Ok(None)) => return true,
            (Ok(_), Ok(_)) => {}
            _ => return normalized(a).eq(normalized(b)),
        }
    }
}

/// A cheap key of the normalized text: the first and last twelve lower-case alphanumeric
/// characters (separators ignored) and the [`census`] of its ASCII letters and digits.
/// Equal normalized texts give equal keys; a key hit is confirmed by comparing
/// [`normalized`]. `None` for texts too short to be worth comparing (one word, or under
/// eight bytes).
fn key(text: &str) -> Option<u64> {
    // Item texts come trimmed from the parser: when both end bytes are visible ASCII there
    // is nothing to trim, and no character is decoded from either end.
    let visible = |c: &u8| c.is_ascii_graphic();
    let b = text.as_bytes();
    let t = if b.first().is_some_and(visible) && b.last().is_some_and(visible) { text } else { text.trim() };
    let b = t.as_bytes();
    if b.len() < 8 {
        return None;
    }
    // Twelve ASCII letters or digits at each end (more than one word, or more than twelve
    // characters) pack as the general path would pack them, without decoding characters.
    let (head, tail) = match (ascii_head(b), ascii_tail(b)) {
        (Some(head), Some(tail)) => (head, tail),
        _ => general_head_tail(t)?,
    };
    Some(mix(census(b), head, tail))
}

fn mix(census: u64, head: u128, tail: u128) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = census.wrapping_mul(K);
    for part in [head as u64, (head >> 64) as u64, tail as u64, (tail >> 64) as u64] {
        h = (h ^ part).wrapping_mul(K).rotate_left(31);
    }
    h
}

/// How many characters of each end [`key`] keeps.
const TAKE: usize = 12;

/// ASCII letters and digits lower-cased; 0 for the other ASCII bytes.
const FOLD: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() {
            t[c] = b.to_ascii_lowercase();
        }
        c += 1;
    }
    t
};

/// How many ASCII letters and digits `b` holds (low 32 bits) and the sum of their
/// lower-cased bytes (high 32 bits): equal for texts equal once normalized, whatever their
/// order, and unequal for most texts that differ in a word (generated logs share heads and
/// tails by the thousand). Eight bytes at a time ([`crate::swar`]): a popcount counts them,
/// a multiply sums them.
fn census(b: &[u8]) -> u64 {
    use crate::swar::{each, sum_bytes, within};
    let mut chunks = b.chunks_exact(8);
    let (mut count, mut sum) = (0u64, 0u64);
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let letters = within(w | each(0x20), b'a', b'z');
        let alnum = within(w, b'0', b'9') | letters;
        // 0xFF in the lanes of letters and digits; 0x20 (from 0x80 >> 2) lower-cases letters.
        let folded = (w | letters >> 2) & ((alnum >> 7) * 0xFF);
        sum += sum_bytes(folded);
        count += u64::from(alnum.count_ones());
    }
    // The last bytes one by one: copying them into a word costs a call to memcpy and a
    // load that waits for its stores.
    for &c in chunks.remainder() {
        if c.is_ascii_alphanumeric() {
            count += 1;
            sum += u64::from(c.to_ascii_lowercase());
        }
    }
    count | sum << 32
}

/// The first [`TAKE`] folded alphanumeric characters packed as [`general_head_tail`] packs
/// them (one byte each, the first highest), when they are ASCII; `None` otherwise, or when
/// the text has fewer (then whether it is one word matters, which the general path sees).
fn ascii_head(b: &[u8]) -> Option<u128> {
    first_folded(b.iter())
}

/// [`ascii_head`] from the end: the last character highest.
fn ascii_tail(b: &[u8]) -> Option<u128> {
    first_folded(b.iter().rev())
}

/// The first [`TAKE`] folded alphanumeric bytes of `bytes`, shifted into a register (the
/// first highest): `None` at a non-ASCII byte or when there are fewer. A register, not a
/// byte buffer read back whole: that read waits for the byte stores to retire.
fn first_folded<'a>(bytes: impl Iterator<Item = &'a u8>) -> Option<u128> {
    let mut packed = 0u128;
    let mut n = 0;
    for &c in bytes {
        if c >= 0x80 {
            return None;
        }
        let f = FOLD[usize::from(c)];
        if f != 0 {
            packed = packed << 8 | u128::from(f);
            n += 1;
            if n == TAKE {
                return Some(packed);
            }
        }
    }
    None
}

/// Head and tail of [`key`] for any text: characters folded as [`normalized`] folds them, an
/// ASCII one shifted in as a byte, another mixed in. `None` for a single word.
fn general_head_tail(t: &str) -> Option<(u128, u128)> {
    let b = t.as_bytes();
    let fold = |c: char| if c.is_ascii() { c.to_ascii_lowercase() } else { crate::case::lower(c) };
    // The first twelve folded alphanumeric characters, packed (no hashing per byte).
    let (mut head, mut n, mut i) = (0u128, 0, 0);
    // Whether a separator came between two alphanumeric characters (more than one word).
    let (mut gap, mut words) = (false, 0);
    while i < b.len() && n < TAKE {
        let c = b[i];
        let (alnum, folded, width) = if c < 0x80 {
            (c.is_ascii_alphanumeric(), u32::from(c.to_ascii_lowercase()), 1)
        } else {
            let ch = t[i..].chars().next().unwrap_or(' ');
            (ch.is_alphanumeric(), u32::from(fold(ch)), ch.len_utf8())
        };
        if alnum {
            if gap || words == 0 {
                words += 1;
                gap = false;
            }
            head = if width == 1 { head << 8 | u128::from(folded) } else { head.rotate_left(21) ^ u128::from(folded) };
            n += 1;
        } else if words > 0 {
            gap = true;
        }
        i += width;
    }
    if words < 2 && n < TAKE {
        return None; // a single word
    }
    let (mut tail, mut n, mut j) = (0u128, 0, b.len());
    while j > 0 && n < TAKE {
        let c = b[j - 1];
        if c < 0x80 {
            if c.is_ascii_alphanumeric() {
                tail = tail << 8 | u128::from(c.to_ascii_lowercase());
                n += 1;
            }
            j -= 1;
        } else {
            let ch = t[..j].chars().next_back().unwrap_or(' ');
            if ch.is_alphanumeric() {
                tail = tail.rotate_left(21) ^ u128::from(u32::from(fold(ch)));
                n += 1;
            }
            j -= ch.len_utf8();
        }
    }
    Some((head, tail))
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
        if item.depth != 1 || !(structured || lists_state(doc.sections()[section].role)) {
            continue;
        }
        if let Some(hash) = key(text_of(i)) {
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
        let same = |f: usize| same_normalized(text_of(f), text);
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
        let mut d = cx.diag(Rule::DuplicateEntry, item.text, format!("\"{}\" repeats line {line} of this section", quote(text, 60)));
        if role == SectionRole::Decisions {
            d = d.with_help("decisions are immutable: leave both, or record a new decision that supersedes one");
        } else if !doc.text(item.span).contains('\n') {
            d = d
                .with_help("remove the repeated entry")
                .with_fix(vec![TextEdit::delete(whole_lines(doc, item.span))]);
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
    )
}

fn duplicate_records(cx: &mut Ctx) {
    let doc = cx.doc;
    let records = doc.records();
    let mut seen: FastMap<(u64, u64), Vec<usize>> = FastMap::default();
    for (i, r) in records.iter().enumerate() {
        let Some(content) = &r.content else { continue };
        let Some(hash) = key(content) else { continue };
        let mut scope = crate::hash::Fnv::default();
        r.scope.hash(&mut scope);
        let bucket = seen.entry((scope.finish(), hash)).or_default();
        let first = bucket.iter().copied().find(|&f| {
            let f = &records[f];
            f.scope == r.scope && same_normalized(f.content.as_deref().unwrap_or(""), content)
        });
        let Some(first) = first else {
            if bucket.len() < 8 {
                bucket.push(i);
            }
            continue;
        };
        let line = cx.line(records[first].span.start());
        let row = doc.text(r.span);
        let at = crate::span::Span::new(r.span.start(), r.span.start() + row.find('\n').map_or(row.len(), |n| n));
        let d = cx
            .diag(Rule::DuplicateEntry, at, format!("memory row repeats the row at line {line}: \"{}\"", quote(content, 60)))
            .with_help("keep one row per fact: update the existing row instead of writing a duplicate");
        cx.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn census_counts_and_sums_ascii_letters_and_digits_at_any_offset() {
        let expected = |b: &[u8]| {
            let alnum = b.iter().filter(|c| c.is_ascii_alphanumeric());
            alnum.clone().count() as u64 | alnum.map(|c| u64::from(c.to_ascii_lowercase())).sum::<u64>() << 32
        };
        let every_byte: Vec<u8> = (0..=255u8).collect();
        for skip in 0..17 {
            let b = &every_byte[skip..];
            assert_eq!(census(b), expected(b), "from byte {skip}");
        }
        for text in ["", "a", "@[`{/:", "Zz09", "café — 2026-04-22T07:12Z ok", "\u{ff}\u{80}9", "ZZZZZZZZZZZZZZZZZZZZZZZZ"] {
            assert_eq!(census(text.as_bytes()), expected(text.as_bytes()), "{text:?}");
        }
        // The same words in another case and order, other separators: the same census.
        assert_eq!(census(b"Use the cache in tests"), census(b"tests: IN cache -- the use"));
        assert_ne!(census(b"use the cache in tests"), census(b"use the queue in tests"));
    }

    #[test]
    fn fast_comparison_agrees_with_the_normalized_text() {
        let texts = [
            "", "a", "Use Redis", "use  redis!", "USE, Redis.", " use redis ", "use redis x", "use redisx", "userediss",
            "**Use** _Redis_", "café au lait", "Café  au lait", "CAFÉ au lait", "naïve — test", "naive test", "Σ test", "ΟΔΟΣ test", "οδος test", "οδοσ test",
            "\u{212A}elvin scale", "kelvin scale", "İstanbul trip", "i̇stanbul trip", "2026-04-22 done and tested",
            "DO NOT modify config/auth.yaml — used by 3 services", "do not modify config auth yaml used by 3 services",
            "- [x] ship it", "ship it", "a b", "ab", "tabs\tand\nnewlines", "tabs and newlines",
        ];
        for a in texts {
            for b in texts {
                assert_eq!(same_normalized(a, b), normalized(a).eq(normalized(b)), "{a:?} / {b:?}");
            }
        }
    }
}
