//! Identity: when two things a memory file names are the same thing.
//!
//! Plan, check, edits, merge and diff all ask it: is this the same unit, the same entry, the
//! same section, which decision does this id name, is this text JSON? Each question has one
//! answer, here. Three definitions of "the same unit" (case-sensitive in the plan, folded in
//! the check, ASCII-folded in the edits) once let the plan say "continue Auth" while the check
//! said Auth was done, and an edit write a line its own check then flagged
//! (docs/identity.md).

use crate::time::Timestamp;
use std::borrow::{Borrow, Cow};
use std::hash::{Hash, Hasher};

// ----------------------------------------------------------------------------------------
// Units

/// A unit's identity: its name folded by [`fold_unit`]. `orders/batch_3/`, `**Orders/Batch_3**`
/// and `./orders/batch_3` are one unit; `Auth`, `auth.` and `Au\u{200B}th` too.
///
/// Borrowed from the name when the name is already folded (most are: `orders/batch_3/`),
/// so keying thousands of units costs no allocation.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct UnitKey<'a>(Cow<'a, str>);

/// A unit's name up to its first note: a dash, a bracket, a colon or a comma after it
/// (`Webhook-Versand an Händler — Signierung fertig`, `чеки 54-ФЗ — не сходится НДС`,
/// `Webhook-Versand an Händler (/v2/webhooks)`). Two mentions of one unit that note different
/// things meet here.
pub(crate) fn name_head(name: &str) -> &str {
    [" — ", " – ", " - ", " (", ": ", ", "].iter().filter_map(|sep| name.find(sep)).min().map_or(name, |at| &name[..at])
}

impl<'a> UnitKey<'a> {
    /// The key of a unit name; `None` when nothing of it is left once folded (`**`, ``).
    pub fn of(name: &'a str) -> Option<UnitKey<'a>> {
        let t = unit_text(name);
        if t.is_empty() {
            return None;
        }
        if already_folded(t) {
            return Some(UnitKey(Cow::Borrowed(t)));
        }
        let mut out = String::with_capacity(t.len());
        fold_unit(t, |c| out.push(c));
        (!out.is_empty()).then_some(UnitKey(Cow::Owned(out)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key as a 64-bit hash, for a [`crate::hash::KeyMap`]: every map of units shares the
    /// one hash table type (its code is in the wasm builds once), and a map holds no text.
    pub fn id(&self) -> u64 {
        crate::hash::fnv_of(self.as_str())
    }

    /// Whether one of the two keys holds the other's words whole (`session continuity
    /// system` in `session 48 current session continuity system`): the same work, named
    /// with more or fewer words.
    pub fn overlaps(&self, other: &UnitKey<'_>) -> bool {
        let (a, b) = (self.as_str(), other.as_str());
        let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        find_words(long, short).is_some()
    }

    /// Whether `self` names `other` by a path suffix: `batch_3` and `orders/batch_3`.
    pub fn is_path_suffix_of(&self, other: &UnitKey<'_>) -> bool {
        let (short, long) = (self.as_str(), other.as_str());
        long.len() > short.len() && long.ends_with(short) && long.as_bytes()[long.len() - short.len() - 1] == b'/'
    }
}

impl Hash for UnitKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Borrow<str> for UnitKey<'_> {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for UnitKey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A 64-bit hash of a unit's [`UnitKey`] without building it: equal keys, equal hashes (the
/// same folding feeds both). A hit is confirmed on the keys.
pub(crate) fn unit_hash(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |c: u32| h = (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
    let t = unit_text(name);
    // Most names are folded already: their bytes are the folded characters.
    if already_folded(t) {
        t.bytes().for_each(|b| mix(u32::from(b)));
    } else {
        fold_unit(t, |c| mix(u32::from(c)));
    }
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The part of a name that names the unit: markup, quotes, invisible and control characters
/// and whitespace trimmed from both ends, trailing punctuation and slashes from the end, and a
/// leading `./`. A parenthesized detail is not trimmed here: the parser keeps it apart on
/// status lines, and elsewhere (a checkbox or a list item is its whole line) the words in
/// it may be what tells two lines apart.
fn unit_text(name: &str) -> &str {
    // Most names open with a letter or digit and end with one or a slash: only the slash
    // to trim, seen on the end bytes without decoding characters.
    let b = name.as_bytes();
    if b.first().is_some_and(u8::is_ascii_alphanumeric) && b.last().is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'/') {
        let t = name.trim_end_matches('/');
        if t.as_bytes().last().is_some_and(u8::is_ascii_alphanumeric) {
            return t;
        }
    }
    // Control characters are dropped by the folding: trimmed like the invisible ones.
    let edge = |c: char| c.is_whitespace() || c.is_control() || invisible(c) || matches!(c, '*' | '`' | '_' | '"' | '\'' | '“' | '”' | '‘' | '’');
    let mut t = name;
    loop {
        let before = t.len();
        t = t.trim_matches(edge).trim_end_matches(['.', ':', ',', ';', '!', '?', '/']);
        while let Some(rest) = t.strip_prefix("./") {
            t = rest;
        }
        if t.len() == before {
            return t;
        }
    }
}

/// Whether [`fold_unit`] would give `t` back unchanged: visible ASCII but upper-case letters
/// and markup, words one space apart, no `_` against a space.
fn already_folded(t: &str) -> bool {
    let b = t.as_bytes();
    (0..b.len()).all(|i| {
        let c = b[i];
        // A space between two words (`t` is trimmed: never first or last), an `_` inside one.
        (c != 0 && FOLDED[usize::from(c)] == c)
            || (c == b' ' && !matches!(b.get(i + 1), Some(b' ' | b'_')) && i > 0 && b[i - 1] != b'_')
            || (c == b'_' && i > 0 && b[i - 1] != b' ' && b.get(i + 1) != Some(&b' '))
    })
}

/// Visible ASCII as [`fold_unit`] writes it (upper case lowered); 0 for the bytes it reads
/// otherwise: whitespace, `*`, `` ` ``, `_`, control bytes and every non-ASCII byte.
const FOLDED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0x21;
    while c < 0x7F {
        let b = c as u8;
        if !matches!(b, b'*' | b'`' | b'_') {
            t[c] = b.to_ascii_lowercase();
        }
        c += 1;
    }
    t
};

/// The one folding of a (trimmed) unit name, character by character into `out`: lower
/// case (full Unicode, [`crate::case`]), whitespace runs one space, `*` and `` ` `` markup
/// and invisible characters (zero-width spaces and joiners, soft hyphens, BOM) dropped, an
/// `_` that opens or closes a word (italics, not `snake_case`) dropped, and every dash
/// variant (‐ ‑ ‒ – — ― −) a `-`.
fn fold_unit(t: &str, out: impl FnMut(char)) {
    let b = t.as_bytes();
    let mut w = Words { out, gap: false, started: false };
    let space_at = |i: usize| b.get(i).is_none_or(|c| c.is_ascii_whitespace());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let folded = FOLDED[usize::from(c)];
        if folded != 0 {
            w.push(char::from(folded));
            i += 1;
            continue;
        }
        if c < 0x80 {
            i += 1;
            match c {
                b' ' | b'\t'..=b'\r' => w.gap = true,
                // `i` is past the `_`: its neighbours are at `i` and `i - 2`.
                b'_' if !(space_at(i) || i < 2 || space_at(i - 2)) => w.push('_'),
                _ => {}
            }
            continue;
        }
        let ch = t[i..].chars().next().unwrap_or(' ');
        i += ch.len_utf8();
        if ch.is_whitespace() {
            w.gap = true;
        } else if is_dash(ch) {
            w.push('-');
        } else if !invisible(ch) {
            crate::case::lowers(ch).for_each(|l| w.push(l));
        }
    }
}

/// Characters into a sink as words one space apart: a gap becomes a space only between two
/// characters.
struct Words<F: FnMut(char)> {
    out: F,
    gap: bool,
    started: bool,
}

impl<F: FnMut(char)> Words<F> {
    fn push(&mut self, c: char) {
        if self.gap && self.started {
            (self.out)(' ');
        }
        self.gap = false;
        self.started = true;
        (self.out)(c);
    }
}

/// Characters that show nothing: zero-width space, non-joiner and joiner, direction marks,
/// word joiner and invisible operators, the BOM (zero-width no-break space), soft hyphen.
pub(crate) fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{AD}')
}

fn is_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}')
}

// ----------------------------------------------------------------------------------------
// Entries

/// An entry's text as compared for duplicates (by the write guard and the duplicate-entry
/// rule alike): lower-case alphanumeric words one space apart. Case, punctuation, markup,
/// dashes and whitespace do not matter; invisible characters are not there at all.
pub(crate) fn entry_words(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut pending_space = false;
    let mut started = false;
    text.chars().filter(|&c| !invisible(c)).flat_map(move |c| {
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

/// Whether two entry texts are the same entry: equal [`entry_words`]. ASCII texts compared
/// byte by byte (most texts that share a key differ a few words in, where this stops),
/// others as characters.
#[doc(hidden)]
pub fn same_entry(a: &str, b: &str) -> bool {
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
            _ => return entry_words(a).eq(entry_words(b)),
        }
    }
}

/// A cheap key of an entry's [`entry_words`]: the first and last twelve lower-case
/// alphanumeric characters (separators ignored) and the [`census`] of its ASCII letters and
/// digits. Equal words give equal keys; a key hit is confirmed with [`same_entry`]. `None`
/// for texts too short to be compared as entries (one word, or under eight bytes): neither
/// the guard nor the rule calls two of those the same entry.
#[doc(hidden)]
pub fn entry_hash(text: &str) -> Option<u64> {
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
    let (head, tail) = match (first_folded(b.iter()), first_folded(b.iter().rev())) {
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

/// How many characters of each end [`entry_hash`] keeps.
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

/// The first [`TAKE`] folded alphanumeric bytes of `bytes`, shifted into a register (the
/// first highest), as [`general_head_tail`] packs them: `None` at a non-ASCII byte or when
/// there are fewer (then whether the text is one word matters, which the general path
/// sees). A register, not a byte buffer read back whole: that read waits for the byte
/// stores to retire.
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

/// Head and tail of [`entry_hash`] for any text: characters folded as [`entry_words`] folds
/// them, an ASCII one shifted in as a byte, another mixed in. `None` for a single word.
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
            if invisible(ch) {
                i += ch.len_utf8();
                continue;
            }
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

// ----------------------------------------------------------------------------------------
// Section titles

/// The words that number a log's own sittings, which happen once each (a `Phase 2` may be
/// planned, then done).
pub(crate) const SITTINGS: &str = "session|round|iteration|sprint|day|week|run|cycle|checkpoint|\
    sesión|sessão|séance|sitzung|sessione|сессия|セッション|세션|sessie|sesja|oturum";

/// The [`SITTINGS`] a file plans ahead (`## Sprint 3` before it starts), not only logs.
pub(crate) const PLANNED_SITTINGS: &str = "sprint|day|week|cycle";

/// The numbered sitting a title opens with, from its [`section_key`]: `session 87` for
/// `## Session 87 — Auth` and `### Session #87`, `round 17`; `None` for a title that does not
/// open with such a word and a number.
pub(crate) fn numbered_key(key: &str) -> Option<&str> {
    let mut words = key.splitn(4, ' ');
    let (word, number) = (words.next()?, words.next()?);
    // `Session 2025-01-15`: a date, not a number.
    let date = number.len() == 4 && words.next().is_some_and(|w| w.len() == 2 && w.bytes().all(|b| b.is_ascii_digit()));
    let named = crate::packed::is_any(word, SITTINGS) && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && !date;
    named.then(|| &key[..word.len() + 1 + number.len()])
}

/// Whether a title names a numbered sitting anywhere in it (`2026-01-08 — sesja 1`, `Day 3:
/// auth`): a log's record of that sitting.
pub(crate) fn names_a_sitting(title: &str) -> bool {
    let key = section_key(title);
    let mut words = key.split(' ').peekable();
    while let Some(word) = words.next() {
        if crate::packed::is_any(word, SITTINGS) && words.peek().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit())) {
            return true;
        }
    }
    false
}

/// Whether a name is a numbered sitting and nothing more (`Session 7`, `Sesión 3`,
/// `Round 18`): it names the sitting, not the work done in it.
pub(crate) fn only_a_sitting(name: &str) -> bool {
    let key = section_key(name);
    numbered_key(&key) == Some(key.as_str())
}

/// The numbered sitting a title or entry line names, as (series, number): `session 87` →
/// (`session`, 87) from [`numbered_key`]; and a Chinese ordinal anywhere in it, `第18轮` (the
/// 18th round) → (`轮`, 18), with the counters of rounds, times, days and weeks.
pub(crate) fn sitting(key: &str) -> Option<(&str, u32)> {
    if let Some(k) = numbered_key(key) {
        let (word, number) = k.split_once(' ')?;
        return Some((word, number.parse().ok()?));
    }
    let at = key.find('第')? + '第'.len_utf8();
    let digits = key[at..].bytes().take_while(u8::is_ascii_digit).count();
    let counter = key[at + digits..].chars().next().filter(|c| matches!(c, '轮' | '次' | '回' | '天' | '周'))?;
    let series = &key[at + digits..at + digits + counter.len_utf8()];
    Some((series, key[at..at + digits].parse().ok()?))
}

/// A section title compared: lower-case words one space apart, markup, punctuation and
/// emoji dropped ("Errors & Corrections" → "errors corrections", "**2. Next Steps**" →
/// "2 next steps", "Key results" = "Key Results").
#[doc(hidden)]
pub fn section_key(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_alphanumeric() {
            crate::case::push_lower(&mut out, c);
        } else if !invisible(c) && !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out
}

// ----------------------------------------------------------------------------------------
// Decisions

/// A decision id as written in a reference (`2026-04-22T07:12Z`, `2026-04-22T07:12Z#2`,
/// `L12`, `[2026-04-22T07:12Z].`): brackets and trailing punctuation dropped, and when it
/// reads as a timestamp, its instant and which of that instant's decisions (`#2`, else the
/// first).
pub(crate) struct DecisionRef<'a> {
    pub id: &'a str,
    pub instant: Option<i64>,
    pub nth: usize,
}

impl<'a> DecisionRef<'a> {
    pub(crate) fn read(written: &'a str) -> DecisionRef<'a> {
        let id = written.trim().trim_start_matches('[').trim_end_matches([']', '.', ',', ';', ':']).trim();
        let (stamp, nth) = match id.split_once('#') {
            Some((s, n)) => (s, n.trim().parse::<usize>().unwrap_or(1).max(1)),
            None => (id, 1),
        };
        DecisionRef { id, instant: Timestamp::parse(stamp).map(|t| t.epoch_seconds), nth }
    }
}

// ----------------------------------------------------------------------------------------
// JSON

/// The first byte of a text that opens as JSON (`[` or `{` first, after a BOM and blank
/// space, and then what a JSON value goes on with), else `None`. A log whose lines open with
/// a bracketed time (`[2026-11-20 09:12] session start`) or a box (`[x] Export`, `[ ] Sync`)
/// is text: `[` must be followed by a value (an object, an array, a string, `true`, `false`,
/// `null`, a number ending at `,` or `]`) or close an empty array that ends its line; `{` by a
/// key's quote or its close.
#[doc(hidden)]
pub fn json_opening(text: &str) -> Option<u8> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let first = *t.as_bytes().first().filter(|b| matches!(b, b'[' | b'{'))?;
    let rest = t[1..].trim_start();
    let opens = match first {
        b'{' => rest.is_empty() || rest.starts_with(['"', '}']),
        b'[' => match rest.as_bytes().first() {
            None | Some(b'{' | b'[' | b'"') => true,
            Some(b']') => rest[1..].split('\n').next().is_some_and(|line| line.trim().is_empty()),
            Some(b't' | b'f' | b'n') => ["true", "false", "null"].iter().any(|w| rest.starts_with(w)),
            Some(b'-' | b'0'..=b'9') => {
                let number = rest.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'));
                number.trim_start().starts_with([',', ']']) || number.trim().is_empty()
            }
            Some(_) => false,
        },
        _ => false,
    };
    opens.then_some(first)
}

#[cfg(test)]
mod tests;

/// Where `key` occurs in `text` as whole words (no letter, digit, `_` or `-` against it).
pub(crate) fn find_words(text: &str, key: &str) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    // A key that starts or ends in a script that joins its words (`検索機能` in
    // `検索機能を実装する`, `실행` before its particle) has no word boundary on that side.
    let (first, last) = (key.chars().next().is_some_and(crate::text::joins_words), key.chars().next_back().is_some_and(crate::text::joins_words));
    text.match_indices(key).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].chars().next();
        (first || !before.is_some_and(word)) && (last || !after.is_some_and(word))
    })
}

// ----------------------------------------------------------------------------------------
// Topics

/// The words a step is about, for telling whether another line names the same work
/// (next-step-dropped, docs/rules.md): folded to lower case, function words and words under
/// three letters dropped, plural and verb endings cut (`testing`, `tests` and `tested` are
/// `test`); in a script that joins its words, each pair of its characters (`検索機能` is
/// `検索`, `索機`, `機能`), kept apart in [`Topic::pairs`]. Work ids ([`work_ids`]: `F045`,
/// `#75`, `COD-11`, each id of a range `F041-F044`) are kept whole in [`Topic::ids`]: one
/// alone says which work a line means. Words in parentheses are detail (`(likely MSW or Supertest)`), not the
/// work: only their ids count. Words and pairs are kept as their hashes ([`crate::hash::fnv_of`]
/// of the text, as [`Topic::keys`] gives every part): the rules compare them, never show
/// them, and a line's topic is read for every line of a long file.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Topic {
    pub words: Vec<u64>,
    pub pairs: Vec<u64>,
    pub ids: Vec<String>,
}

/// Function and filler words a step's subject is not told by (`add the … for the …`), in
/// sorted order (looked up by binary search: a topic is read for every line of a long file).
const NOT_TOPIC: &[&str] = &[
    "about", "add", "after", "again", "all", "also", "and", "any", "are", "before", "between", "both", "but", "can",
    "each", "every", "for", "from", "get", "have", "into", "its", "just", "make", "more", "need", "needs", "new",
    "next", "not", "now", "once", "only", "other", "our", "out", "over", "should", "some", "step", "steps", "than",
    "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "through", "use", "using",
    "via", "was", "when", "where", "which", "will", "with", "within", "without", "would", "you", "your",
];
static NOT_TOPIC_PACKED: crate::packed::Words = crate::packed::packed_words!(NOT_TOPIC);

impl Topic {
    pub(crate) fn of(text: &str) -> Topic {
        let mut topic = Topic::default();
        let lower = crate::case::to_lower(text);
        let mut depth = 0usize;
        let mut pieces = Vec::new();
        let mut from = 0;
        // Cut at the parentheses, each piece with whether it is inside a pair.
        for (at, c) in lower.char_indices() {
            if matches!(c, '(' | ')' | '（' | '）') {
                pieces.push((&lower[from..at], depth > 0));
                depth = if matches!(c, '(' | '（') { depth + 1 } else { depth.saturating_sub(1) };
                from = at + c.len_utf8();
            }
        }
        pieces.push((&lower[from..], depth > 0));
        // Ids by the one reader of them, each of a range (`F041-F044`: `f041` … `f044`).
        for id in work_ids(&lower) {
            topic.ids.extend(id.names());
        }
        for (piece, detail) in pieces {
            for raw in piece.split(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '#' | '.'))) {
                topic.read(raw.trim_matches(|c: char| matches!(c, '-' | '_' | '.')), detail);
            }
        }
        // Unique ids (words and pairs are kept unique as they are read); their order is of no
        // use (the crate's one sort, by hash: README.md, "dashboard", on the size of each new sort).
        crate::sort::sort_by_key(&mut topic.ids, |w| [crate::hash::fnv_of(w.as_str()), 0, 0]);
        topic.ids.dedup();
        topic
    }

    /// Every part of the topic by its hash, the ids' included: what the rules index lines by.
    pub(crate) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().chain(&self.pairs).copied().chain(self.ids.iter().map(|id| crate::hash::fnv_of(id.as_str())))
    }

    fn read(&mut self, word: &str, detail: bool) {
        let digits = word.bytes().any(|b| b.is_ascii_digit());
        let letters = word.chars().any(char::is_alphabetic);
        // Words with digits are ids ([`work_ids`], read apart) or names no word tells.
        if detail || !letters || digits {
            return;
        }
        if word.chars().any(crate::text::joins_words) {
            let joined: Vec<char> = word.chars().collect();
            for run in joined.split(|c| !crate::text::joins_words(*c)) {
                // A pair is its two characters, packed (21 bits each, below any word's hash
                // but by a chance of one in millions).
                for p in run.windows(2) {
                    add(&mut self.pairs, u64::from(p[0]) << 21 | u64::from(p[1]));
                }
            }
        } else if word.chars().count() >= 3 && !NOT_TOPIC_PACKED.contains_sorted(word) {
            add(&mut self.words, crate::hash::fnv_of(stem(word.trim_start_matches('#'))));
        }
    }
}

/// Adds `key` to a topic's list unless it holds it: a line has a few words, and each counts once.
fn add(list: &mut Vec<u64>, key: u64) {
    if !list.contains(&key) {
        list.push(key);
    }
}

/// A word without its plural, then its verb or participle ending (or a final `e`), keeping
/// four letters at least: `tests`, `testing`, `tested` are `test`, `regenerate` and
/// `regenerated` are `regenerat`; in the languages the lexicon reads, a
/// verb's infinitive and its past (`añadir` / `añadió`, `implementar` / `implementado`,
/// `exportieren` / `exportiert`, `terminer` / `terminé`, `completare` / `completato`) are one
/// word, so that a next step and the line that records it done meet. Crude and meant so:
/// both sides of a comparison are cut alike.
fn stem(word: &str) -> &str {
    let word = match word.strip_suffix('s') {
        Some(stem) if stem.chars().count() >= 4 && !stem.ends_with('s') => stem,
        _ => word,
    };
    // Longest first: `ieren` before `en`, `ado` before `o`-less `ad…`.
    const ENDINGS: &[&str] = &[
        "ieren", "iert", "ando", "endo", "ing", "ado", "ada", "ido", "ida", "ído", "ída", "ato", "ata", "ito", "ita", "are", "ere", "ire", "ée", "ió", "ed", "ar", "er", "ir", "ó", "é",
    ];
    static ENDINGS_PACKED: crate::packed::Words = crate::packed::packed_words!(ENDINGS);
    for ending in ENDINGS_PACKED.iter() {
        if let Some(stem) = word.strip_suffix(ending) {
            if stem.chars().count() >= 4 {
                // English doubles a final consonant before the ending (`dropped`, `planning`,
                // `committed`): one of the two goes, so they meet `drop`, `plan`, `commit`.
                let b = stem.as_bytes();
                let doubled = matches!(ending, "ed" | "ing") && b[b.len() - 1] == b[b.len() - 2] && b"bdgmnprt".contains(&b[b.len() - 1]);
                return if doubled { &stem[..stem.len() - 1] } else { stem };
            }
        }
    }
    // `regenerate` as `regenerated` is cut (`regenerat`).
    match word.strip_suffix('e') {
        Some(stem) if stem.chars().count() >= 4 => stem,
        _ => word,
    }
}

// ----------------------------------------------------------------------------------------
// Work ids

/// An id a file numbers its work with, as written: `F045`, `Feature #74` (`#74`), `DB-010`,
/// `WS-31`, and a short range of them (`F041-F044`, `#3..#5`: each number in it). Read by
/// [`work_ids`]; a claim that all N are done is measured against them (summary-contradiction),
/// and the ids a next step names are the units it plans (docs/identity.md, "Work ids").
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WorkId<'a> {
    /// The prefix as written (`F`, `#`, `DB-`), and its numbers' padding (`F045`: 3; 0 when
    /// unpadded).
    pub prefix: &'a str,
    pub width: usize,
    /// The numbers: one, or the ends of a range.
    pub numbers: std::ops::RangeInclusive<u32>,
    /// Where it is written, range and all.
    pub span: std::ops::Range<usize>,
}

impl WorkId<'_> {
    /// The prefix folded (`f`, `db-`): ids of one series share it.
    pub(crate) fn series(&self) -> String {
        self.prefix.to_ascii_lowercase()
    }

    /// Each id of it as the file writes them: `F041`, `F042`, …
    pub(crate) fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.numbers.clone().map(|n| format!("{}{n:0width$}", self.prefix, width = self.width))
    }
}

/// Whether an id (as [`Topic::ids`] keeps it, folded) is of a named series: a prefix of two
/// letters or with a dash (`db-010`, `pay-320`), or a number written with its zeros (`f045`).
pub(crate) fn series_id(id: &str) -> bool {
    let digits = id.find(|c: char| c.is_ascii_digit()).unwrap_or(id.len());
    let prefix = &id[..digits];
    prefix.contains('-') || prefix.chars().filter(char::is_ascii_alphabetic).count() >= 2 || id[digits..].starts_with('0')
}

/// The key of a unit named by a work id of a series opening its name (`F-007 sync conflict
/// resolution`, `F-007`, `T05: export`): the id alone, so that a later line naming the unit
/// by its id and other words is the same unit. Not a bare number (`#1` restarts in each
/// list) nor a short code (`P1`), which [`series_id`] does not take.
pub(crate) fn leading_work_id(name: &str) -> Option<u64> {
    let t = name.trim_start_matches(['*', '_', '`', ' ', '[']);
    // The id opens the name: only its first word is read.
    let t = &t[..t.find([' ', ':', ']', '`', '*']).unwrap_or(t.len())];
    if !t.as_bytes().first().is_some_and(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let id = work_ids(t).into_iter().next().filter(|id| id.span.start == 0 && id.numbers.start() == id.numbers.end() && !t[id.span.end..].starts_with(char::is_alphanumeric))?;
    let folded = crate::case::to_lower(&t[id.span.clone()]);
    series_id(&folded).then(|| crate::hash::fnv_of(&folded) ^ 0x1d)
}

/// The widest range read as each number in it: a session's `F041-F044` is work logged,
/// `F001–F049` is the plan's whole list.
const RANGE_AT_MOST: u32 = 12;

/// The work ids of a text, in order. An id is a `#`, or one to four ASCII letters with a
/// `-` after them or not (not `v`: `v2` is a version), then one to four digits; two digits
/// at least after bare letters (`P1`, `S3` and `MP3` are priorities and names). It stands as
/// a word of its own: not inside a path or a name (`ws31-bootstrap`, `x.F12`), not before a
/// decimal point (`A1.2`).
pub(crate) fn work_ids(text: &str) -> Vec<WorkId<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < b.len() {
        // After a slash only as the second of two ids (`WS-31/WS-32`), not in a path.
        let after_id = at >= 2 && b[at - 1] == b'/' && b[at - 2].is_ascii_digit();
        let starts_word = at == 0 || after_id || !(b[at - 1].is_ascii_alphanumeric() || matches!(b[at - 1], b'-' | b'_' | b'/' | b'.' | b'\\'));
        let Some((digits_at, end)) = starts_word.then(|| id_at(b, at)).flatten() else {
            at += 1;
            continue;
        };
        let number = |from: usize, to: usize| text[from..to].parse::<u32>().ok();
        let Some(n) = number(digits_at, end) else {
            at = end;
            continue;
        };
        let prefix = &text[at..digits_at];
        let width = if b[digits_at] == b'0' { end - digits_at } else { 0 };
        // A range: `-`, `–` or `..` and an id of the same prefix.
        let high = ["-", "–", "..", " - ", " – "].iter().find(|j| text[end..].starts_with(**j)).and_then(|j| {
            let (d, e) = id_at(b, end + j.len())?;
            let m = number(d, e)?;
            (text[end + j.len()..d].eq_ignore_ascii_case(prefix) && m > n && m - n <= RANGE_AT_MOST).then_some((m, e))
        });
        let (numbers, to) = match high {
            Some((m, e)) => (n..=m, e),
            None => (n..=n, end),
        };
        // Joined on to a word (`ws31-bootstrap`) it is a name, not an id.
        let joined = matches!(b.get(to), Some(b'-' | b'_')) && b.get(to + 1).is_some_and(u8::is_ascii_alphanumeric);
        if !joined {
            out.push(WorkId { prefix, width, numbers, span: at..to });
        }
        at = to;
    }
    out
}

/// An id at `at` ([`work_ids`]): where its digits start and where it ends.
fn id_at(b: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut i = at;
    let hash = b.get(i) == Some(&b'#');
    if hash {
        i += 1;
    } else {
        while i < b.len() && i - at < 5 && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i == at || i - at > 4 || i - at == 1 && b[at].eq_ignore_ascii_case(&b'v') {
            return None;
        }
    }
    let dash = !hash && b.get(i) == Some(&b'-');
    if dash {
        i += 1;
    }
    let mut digits_at = i;
    while i < b.len() && b[i].is_ascii_digit() && i - digits_at < 5 {
        i += 1;
    }
    // A hierarchical id (`COD-11-001`): the groups before the last are its prefix.
    while i > digits_at && b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits_at = i;
        while i < b.len() && b[i].is_ascii_digit() && i - digits_at < 5 {
            i += 1;
        }
    }
    let digits = i - digits_at;
    if digits == 0 || digits > 4 || digits == 1 && !hash && !dash {
        return None;
    }
    let after = b.get(i).copied();
    if after.is_some_and(|c| c.is_ascii_alphanumeric()) || after == Some(b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    Some((digits_at, i))
}
