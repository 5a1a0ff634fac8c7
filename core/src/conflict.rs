//! Conflicting decisions, found on the text itself (no model, no LLM).
//!
//! A decision takes *stances*: a polarity on one axis about one subject. "DO NOT modify
//! config/auth.yaml" is `change: no` about `config/auth.yaml`; "Use optimistic locking" is
//! `use: yes` about `optimistic locking`. Two active decisions conflict when they take
//! opposite stances on the same axis about the same subject, and neither supersedes the other.
//!
//! - **Axes**: *change* (modify, edit, touch, update, rewrite… vs keep, preserve, leave,
//!   freeze), *existence* (add, create, keep… vs remove, delete, drop), *use* (use, adopt,
//!   prefer, switch to… vs avoid, ban) and *enable* (enable vs disable). `remove` also changes
//!   what it is removed from.
//! - **Negation** flips the verb that follows within three words: not, never, don't,
//!   no longer, stop, without, avoid (+ -ing), …. "Use X instead of Y" takes the opposite
//!   stance on Y.
//! - **Qualifiers**: "in tests", "for caching" after the object: two stances qualified
//!   differently do not conflict ("enable telemetry in production" / "disable telemetry in
//!   CI"); an unqualified one covers all.
//! - **Subjects**: a path (`config/auth.yaml`), a file name (`orders.py`), a `code span`, an
//!   identifier (`legacy_id`, `OrderService`), else the words after the verb up to a
//!   preposition (`optimistic locking`). A bare file name matches a path ending in it.
//!   Pronouns ("it", "here", "them") are never subjects.
//!
//! Matching groups stances by (axis, subject), so a file with thousands of decisions costs
//! one pass, not all pairs.

use crate::document::Document;
use crate::time;
use serde::Serialize;
use crate::hash::{FastMap, FastSet, Fnv, KeyMap};
use crate::span::Span;
use std::hash::Hasher;
use std::ops::Range;

/// Two active decisions of one document that pull opposite ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// Index into [`Document::decisions`] of the earlier decision.
    pub a: usize,
    /// Index into [`Document::decisions`] of the later decision.
    pub b: usize,
    /// The subject both are about, as written in `b`.
    pub subject: String,
    /// Why: the subject and the words that gave each polarity.
    pub explanation: String,
    /// The words of `a` that gave its polarity (e.g. `DO NOT modify`).
    pub a_words: String,
    /// The words of `b` that gave its polarity (e.g. `modify`).
    pub b_words: String,
}

/// A proposed decision that contradicts an active decision of a document (write-time guard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contradiction {
    /// Index into [`Document::decisions`] of the active decision contradicted.
    pub decision: usize,
    /// That decision's id (its timestamp, `…#2`, or `L<line>`).
    pub id: String,
    pub subject: String,
    pub explanation: String,
}

/// All conflicts between the active (not superseded) decisions of `doc`, in file order of
/// the later decision. Each pair is reported once.
pub fn conflicts(doc: &Document) -> Vec<Conflict> {
    let texts: Vec<Option<&str>> = doc
        .decisions()
        .iter()
        .map(|d| d.superseded_by.is_none().then(|| doc.text(d.text)))
        .collect();
    pairs(&texts)
        .into_iter()
        .map(|p| {
            let (ida, idb) = (&doc.decisions()[p.a].id, &doc.decisions()[p.b].id);
            Conflict {
                a: p.a,
                b: p.b,
                explanation: p.explain(ida, idb),
                subject: p.subject,
                a_words: p.a_words,
                b_words: p.b_words,
            }
        })
        .collect()
}

/// Whether `new_decision_text` contradicts an active decision of `doc`: the most recent one
/// it contradicts, unless the new text supersedes it (`SUPERSEDES [<id>]`, directly or through
/// a chain of supersedes). A leading timestamp (`2026-04-22T08:00Z — …`) is ignored.
pub fn find_conflict(doc: &Document, new_decision_text: &str) -> Option<Contradiction> {
    let text = strip_entry_prefix(new_decision_text);
    let new_stances = stances(text);
    if new_stances.is_empty() {
        return None;
    }
    let replaced = superseded_by_text(doc, text);
    let decisions = doc.decisions();
    for (i, d) in decisions.iter().enumerate().rev() {
        if d.superseded_by.is_some() || replaced.contains(&i) {
            continue;
        }
        let old = doc.text(d.text);
        for o in stances(old) {
            if let Some(n) = new_stances.iter().find(|n| n.opposes(&o)) {
                let p = Pair::new(i, usize::MAX, old, text, &o, n);
                return Some(Contradiction {
                    decision: i,
                    id: d.id.clone(),
                    explanation: p.explain(&d.id, "the new decision"),
                    subject: p.subject,
                });
            }
        }
    }
    None
}

/// Conflicting pairs among decision texts (`None` = not active), for one file or for the
/// decisions of several files laid end to end. `a < b` in each pair.
///
/// Two phases. First every active decision's stances are found as ranges into its text, and
/// only the hash of each one's group key (axis and subject) is kept, with the polarities seen
/// per hash. A conflict needs both polarities in one group, so the second phase, which builds
/// the stances' strings and matches them, runs on the decisions with a stance in such a group
/// only: in a log of thousands of "DO NOT modify …" decisions, usually none. Equal keys hash
/// equally, so every group that can hold a conflict is kept whole and in order (a hash
/// collision only keeps more); the groups left out could not report anything.
pub(crate) fn pairs(texts: &[Option<&str>]) -> Vec<Pair> {
    let (mut toks, mut found) = (Vec::new(), Vec::new());
    // (decision, group hash) of every stance in file order; the polarities seen per hash.
    let mut all: Vec<(usize, u64)> = Vec::new();
    let mut polarities: KeyMap<u8> = KeyMap::default();
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else { continue };
        found.clear();
        raw_stances_into(text, &mut toks, &mut found);
        for s in &found {
            let h = s.group_hash(text);
            *polarities.entry(h).or_default() |= 1 << u8::from(s.positive);
            all.push((i, h));
        }
    }
    let mut candidate = vec![false; texts.len()];
    for (i, h) in &all {
        candidate[*i] |= polarities.get(h) == Some(&0b11);
    }
    if !candidate.contains(&true) {
        return Vec::new();
    }
    // The candidates' stances again, resolved this time.
    let stances = texts.iter().enumerate().filter(|(i, _)| candidate[*i]).flat_map(|(i, text)| {
        let text = text.unwrap_or("");
        found.clear();
        raw_stances_into(text, &mut toks, &mut found);
        found.drain(..).map(move |s| (i, s.resolve(text))).collect::<Vec<_>>()
    });
    matched(texts, stances)
}

/// The matching itself, over the stances of some decisions in file order: each stance against
/// the most recent opposing stance about a compatible subject.
fn matched(texts: &[Option<&str>], stances: impl Iterator<Item = (usize, Stance)>) -> Vec<Pair> {
    /// The most recent stances of each polarity about one subject on one axis. Bounded, so a
    /// subject named in thousands of decisions stays linear.
    #[derive(Default)]
    struct Group {
        recent: [Vec<(usize, Stance)>; 2],
    }
    const KEEP_RECENT: usize = 16;
    let mut groups: FastMap<String, Group> = FastMap::default();
    let mut out = Vec::new();
    let mut reported: FastSet<(usize, usize)> = FastSet::default();
    for (i, s) in stances {
        let text = texts[i].unwrap_or("");
        let group = match groups.get_mut(s.key.as_str()) {
            Some(g) => g,
            None => groups.entry(s.key.clone()).or_default(),
        };
        // The most recent opposing stance about a compatible subject.
        let opposite = &group.recent[usize::from(!s.positive)];
        #[cfg(test)]
        tests::WORK.with(|n| n.set(n.get() + 1 + opposite.len()));
        if let Some((j, o)) = opposite.iter().rev().find(|(j, o)| *j != i && o.same_subject(&s)) {
            if reported.insert((*j, i)) {
                out.push(Pair::new(*j, i, texts[*j].unwrap_or(""), text, o, &s));
            }
        }
        let same = &mut group.recent[usize::from(s.positive)];
        if same.len() == KEEP_RECENT {
            same.remove(0);
        }
        same.push((i, s));
    }
    out
}

/// A conflicting pair with what is needed to explain it.
pub(crate) struct Pair {
    pub a: usize,
    pub b: usize,
    pub subject: String,
    pub a_words: String,
    pub b_words: String,
    a_gloss: &'static str,
    b_gloss: &'static str,
}

impl Pair {
    fn new(a: usize, b: usize, a_text: &str, b_text: &str, sa: &Stance, sb: &Stance) -> Pair {
        Pair {
            a,
            b,
            subject: sb.subject.clone(),
            a_words: a_text.get(sa.cue.clone()).unwrap_or("").to_owned(),
            b_words: b_text.get(sb.cue.clone()).unwrap_or("").to_owned(),
            a_gloss: sa.axis.gloss(sa.positive),
            b_gloss: sb.axis.gloss(sb.positive),
        }
    }

    pub(crate) fn explain(&self, a_id: &str, b_id: &str) -> String {
        format!(
            "both are about `{}`: {a_id} says \"{}\" ({}) but {b_id} says \"{}\" ({}), and neither supersedes the other",
            self.subject, self.a_words, self.a_gloss, self.b_words, self.b_gloss
        )
    }
}

// ---------------------------------------------------------------------------------------
// Stances

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Axis {
    Change,
    Exist,
    Use,
    Enable,
}

impl Axis {
    fn tag(self) -> char {
        match self {
            Axis::Change => 'c',
            Axis::Exist => 'e',
            Axis::Use => 'u',
            Axis::Enable => 'n',
        }
    }

    fn gloss(self, positive: bool) -> &'static str {
        match (self, positive) {
            (Axis::Change, true) => "change it",
            (Axis::Change, false) => "leave it unchanged",
            (Axis::Exist, true) => "have it",
            (Axis::Exist, false) => "remove it",
            (Axis::Use, true) => "use it",
            (Axis::Use, false) => "do not use it",
            (Axis::Enable, true) => "enable it",
            (Axis::Enable, false) => "disable it",
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Stance {
    axis: Axis,
    positive: bool,
    /// Grouping key: the axis, then the lower-cased subject (a path's file name when it has one).
    key: String,
    /// The subject as written (backticks removed).
    subject: String,
    /// Lower-cased full path when the subject is a path with a directory.
    path: Option<String>,
    /// The words that gave the polarity (negation through verb), as a byte range.
    cue: std::ops::Range<usize>,
    /// Where or what for the stance holds ("in tests", "for caching"), lower case: two stances
    /// qualified differently ("enable it in production", "disable it in CI") do not conflict;
    /// an unqualified stance covers every qualifier.
    qual: Option<String>,
}

impl Stance {
    fn new(axis: Axis, positive: bool, subject: &(String, String, Option<String>), cue: std::ops::Range<usize>, qual: Option<String>) -> Stance {
        let (key, display, path) = subject;
        let mut k = String::with_capacity(key.len() + 1);
        k.push(axis.tag());
        k.push_str(key);
        Stance { axis, positive, key: k, subject: display.clone(), path: path.clone(), cue, qual }
    }

    fn opposes(&self, other: &Stance) -> bool {
        self.axis == other.axis && self.positive != other.positive && self.key == other.key && self.same_subject(other)
    }

    /// The same subject (paths, when both have one, must be equal) under overlapping
    /// qualifiers.
    fn same_subject(&self, other: &Stance) -> bool {
        let paths = match (&self.path, &other.path) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        let quals = match (&self.qual, &other.qual) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        paths && quals
    }
}

/// A stance as found in a decision text, as ranges into the text: cheap to find and to hash
/// ([`RawStance::group_hash`]); [`RawStance::resolve`] builds the [`Stance`] with its strings.
#[derive(Debug, Clone, Copy)]
struct RawStance {
    axis: Axis,
    positive: bool,
    subject: SubjectSrc,
    cue: Span,
    /// The qualifier's words (none: unqualified).
    qual: WordList<2>,
}

/// Where a stance's subject is written.
#[derive(Debug, Clone, Copy)]
enum SubjectSrc {
    /// An explicit subject token: a path, file name, code span or identifier ([`subject_of`]).
    Token(Span),
    /// Plain words, shown joined by single spaces, keyed lower-cased.
    Words(WordList<4>),
}

/// Up to `N` words of a decision text.
#[derive(Debug, Clone, Copy)]
struct WordList<const N: usize> {
    spans: [Span; N],
    len: usize,
}

impl<const N: usize> WordList<N> {
    fn new() -> Self {
        WordList { spans: [Span::default(); N], len: 0 }
    }

    fn push(&mut self, span: Span) {
        self.spans[self.len] = span;
        self.len += 1;
    }

    fn words<'t>(self, text: &'t str) -> impl Iterator<Item = &'t str> + 't {
        (0..self.len).map(move |k| &text[self.spans[k].range()])
    }

    fn joined(&self, text: &str) -> String {
        self.words(text).collect::<Vec<_>>().join(" ")
    }
}

impl RawStance {
    fn resolve(&self, text: &str) -> Stance {
        let subject = match self.subject {
            SubjectSrc::Token(span) => subject_of(&text[span.range()]),
            SubjectSrc::Words(words) => {
                let display = words.joined(text);
                (crate::case::to_lower(&display), display, None)
            }
        };
        let qual = (self.qual.len > 0).then(|| self.qual.words(text).map(crate::case::to_lower).collect::<Vec<_>>().join(" "));
        Stance::new(self.axis, self.positive, &subject, self.cue.range(), qual)
    }

    /// A hash of the grouping key of the resolved stance ([`Stance::key`]), taken over the
    /// very bytes of that key but without building it: equal keys, equal hashes.
    fn group_hash(&self, text: &str) -> u64 {
        let mut h = Fnv::default();
        h.write(&[self.axis.tag() as u8]);
        let lower = |h: &mut Fnv, s: &str| s.bytes().for_each(|b| h.write(&[b.to_ascii_lowercase()]));
        match self.subject {
            SubjectSrc::Token(span) => {
                let token = &text[span.range()];
                let (_, key, _) = subject_parts(token);
                lower(&mut h, &token[key]);
            }
            // Words are keyed by `case::to_lower`: the same as ASCII lower-casing on ASCII.
            SubjectSrc::Words(words) if words.words(text).all(|w| w.is_ascii()) => {
                for (k, w) in words.words(text).enumerate() {
                    if k > 0 {
                        h.write(b" ");
                    }
                    lower(&mut h, w);
                }
            }
            SubjectSrc::Words(words) => h.write(crate::case::to_lower(&words.joined(text)).as_bytes()),
        }
        h.finish()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Word,
    /// A path, file name, code span or identifier.
    Subject,
    /// Punctuation or a dash that ends a clause.
    Break,
}

/// A token of a decision text: 12 bytes, offsets into the text (decisions are far shorter
/// than 4 GB; longer texts take no stance, see [`raw_stances_into`]).
#[derive(Debug, Clone, Copy)]
struct Token {
    start: u32,
    end: u32,
    kind: Kind,
    /// For words: their lexicon entry.
    lex: Lex,
}

impl Token {
    fn new(kind: Kind, range: Range<usize>, lex: Lex) -> Token {
        Token { start: range.start as u32, end: range.end as u32, kind, lex }
    }

    fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

const CHANGE: &[(Axis, bool)] = &[(Axis::Change, true)];
const KEEP: &[(Axis, bool)] = &[(Axis::Change, false), (Axis::Exist, true)];
const ADD: &[(Axis, bool)] = &[(Axis::Exist, true)];
/// `remove` both removes and changes what it removes from.
const REMOVE: &[(Axis, bool)] = &[(Axis::Exist, false), (Axis::Change, true)];
const USE: &[(Axis, bool)] = &[(Axis::Use, true)];
const AVOID: &[(Axis, bool)] = &[(Axis::Use, false)];
const ENABLE: &[(Axis, bool)] = &[(Axis::Enable, true)];
const DISABLE: &[(Axis, bool)] = &[(Axis::Enable, false)];

// Word classes (a word may be in several).
/// Flips the verb that follows: not, never, don't, stop, without, avoid (+ -ing verb)…
const NEG: u16 = 1;
/// Ends an object phrase: prepositions, conjunctions, modals.
const STOP: u16 = 2;
/// Skipped at the start of an object phrase: the, a, any, our…
const ARTICLE: u16 = 4;
/// Never a subject: it, them, here, everything…
const PRONOUN: u16 = 8;
/// Makes a following verb form a noun: "the use of", "an update".
const DET: u16 = 16;
/// Belongs to the cue before a negation: "DO NOT".
const AUX: u16 = 32;
/// Starts a new clause: but, because, although…
const CONJ: u16 = 64;
/// Makes a following participle passive: "must not be modified".
const BE: u16 = 128;
/// Introduces the container an addition or removal changes: "add X to config.yaml".
const CONTAINER: u16 = 256;

#[derive(Debug, Clone, Copy, Default)]
struct Lex {
    flags: u16,
    /// What a verb form does: an index into [`EFFECTS`], 0 for words that are not verbs.
    verb: u8,
}

/// The verb effects of the lexicon, indexed by [`Lex::verb`] (0: none).
const EFFECTS: [Effects; 9] = [&[], CHANGE, KEEP, ADD, REMOVE, USE, AVOID, ENABLE, DISABLE];

impl Lex {
    fn new(flags: u16, verb: Option<Effects>) -> Lex {
        let verb = verb.map_or(0, |v| EFFECTS.iter().position(|e| *e == v).unwrap_or(0) as u8);
        Lex { flags, verb }
    }

    fn has(self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    fn is_verb(self) -> bool {
        self.verb != 0
    }

    fn effects(self) -> Option<Effects> {
        self.is_verb().then(|| EFFECTS[usize::from(self.verb)])
    }

    fn is_avoid(self) -> bool {
        self.effects() == Some(AVOID)
    }
}

/// Looks a word up in the lexicon. Most words are not in it: [`FILTER`] turns nearly all of
/// them away at once, inline. The others go to [`lookup_table`].
#[inline(always)]
fn lookup(b: &[u8]) -> Lex {
    if b.is_empty() || b.len() > 16 {
        return Lex::default();
    }
    let bit = filter_bit(b);
    if FILTER[bit / 64] & 1 << (bit % 64) == 0 {
        return Lex::default();
    }
    lookup_table(b)
}

/// A bit per lexicon word (and some other words) of a 4096-bit filter: the low five bits
/// (the same in both cases of a letter) of the first and last bytes, the length modulo 4,
/// and the second byte's mixed in.
const fn filter_bit(b: &[u8]) -> usize {
    let n = b.len();
    let second = if n > 1 { b[1] as usize & 31 } else { 0 };
    ((b[0] as usize & 31) << 7 | (b[n - 1] as usize & 31) << 2 | n & 3) ^ second << 3
}

/// The filter of [`lookup`]: the bits of the lexicon's words (at most 16 bytes each).
const FILTER: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k < LEXICON.len() {
        let w = LEXICON[k].0.as_bytes();
        assert!(!w.is_empty() && w.len() <= 16, "lexicon words are packed into 16 bytes");
        let bit = filter_bit(w);
        t[bit / 64] |= 1 << (bit % 64);
        k += 1;
    }
    t
};

/// The lexicon entry of a word: lower-cased and packed into one `u128`, hashed, and probed in
/// a small open-addressing table of packed words (built once; a quarter full).
#[inline(never)]
fn lookup_table(b: &[u8]) -> Lex {
    const SLOTS: usize = 1024;
    struct Table {
        /// Packed words; 0 = empty.
        words: Vec<u128>,
        /// The lexicon entry per slot.
        entries: Vec<Lex>,
    }
    fn pack(b: &[u8]) -> u128 {
        let mut buf = [0u8; 16];
        for (d, c) in buf.iter_mut().zip(b) {
            *d = c.to_ascii_lowercase();
        }
        u128::from_le_bytes(buf)
    }
    fn slot(packed: u128) -> usize {
        let x = (packed as u64) ^ ((packed >> 64) as u64).rotate_left(23);
        (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SLOTS
    }
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Table { words: vec![0; SLOTS], entries: vec![Lex::default(); SLOTS] };
        for &(w, flags, verb) in LEXICON {
            let packed = pack(w.as_bytes());
            let mut at = slot(packed);
            while t.words[at] != 0 {
                at = (at + 1) % SLOTS;
            }
            t.words[at] = packed;
            t.entries[at] = Lex::new(flags, verb);
        }
        t
    });
    let packed = pack(b);
    let mut at = slot(packed);
    loop {
        match table.words[at] {
            0 => return Lex::default(),
            w if w == packed => return table.entries[at],
            _ => at = (at + 1) % SLOTS,
        }
    }
}

/// The lexicon, lower case: (word, classes, verb stances).
/// What a verb form does: the stances it takes, by axis.
type Effects = &'static [(Axis, bool)];

const LEXICON: &[(&str, u16, Option<Effects>)] = &[
    ("a", ARTICLE | DET, None),
    ("activate", 0, Some(ENABLE)),
    ("activated", 0, Some(ENABLE)),
    ("activates", 0, Some(ENABLE)),
    ("add", 0, Some(ADD)),
    ("added", 0, Some(ADD)),
    ("adding", 0, Some(ADD)),
    ("adds", 0, Some(ADD)),
    ("adopt", 0, Some(USE)),
    ("adopted", 0, Some(USE)),
    ("adopting", 0, Some(USE)),
    ("adopts", 0, Some(USE)),
    ("after", STOP, None),
    ("again", STOP, None),
    ("all", ARTICLE | PRONOUN, None),
    ("alter", 0, Some(CHANGE)),
    ("altered", 0, Some(CHANGE)),
    ("altering", 0, Some(CHANGE)),
    ("alters", 0, Some(CHANGE)),
    ("although", CONJ, None),
    ("an", ARTICLE | DET, None),
    ("and", STOP, None),
    ("any", ARTICLE | DET, None),
    ("anymore", STOP, None),
    ("anything", PRONOUN, None),
    ("are", BE | STOP, None),
    ("as", STOP, None),
    ("at", STOP, None),
    ("avoid", NEG, Some(AVOID)),
    ("avoided", 0, Some(AVOID)),
    ("avoiding", NEG, Some(AVOID)),
    ("avoids", 0, Some(AVOID)),
    ("ban", 0, Some(AVOID)),
    ("banned", 0, Some(AVOID)),
    ("bans", 0, Some(AVOID)),
    ("be", BE | STOP, None),
    ("because", CONJ | STOP, None),
    ("been", BE | STOP, None),
    ("before", STOP, None),
    ("being", BE, None),
    ("but", CONJ | STOP, None),
    ("by", STOP, None),
    ("can", AUX, None),
    ("can't", NEG, None),
    ("cannot", NEG, None),
    ("can’t", NEG, None),
    ("change", 0, Some(CHANGE)),
    ("changed", 0, Some(CHANGE)),
    ("changing", 0, Some(CHANGE)),
    ("choose", 0, Some(USE)),
    ("chooses", 0, Some(USE)),
    ("choosing", 0, Some(USE)),
    ("chose", 0, Some(USE)),
    ("chosen", 0, Some(USE)),
    ("could", AUX, None),
    ("create", 0, Some(ADD)),
    ("created", 0, Some(ADD)),
    ("creates", 0, Some(ADD)),
    ("creating", 0, Some(ADD)),
    ("current", ARTICLE, None),
    ("deactivate", 0, Some(DISABLE)),
    ("deactivated", 0, Some(DISABLE)),
    ("deactivates", 0, Some(DISABLE)),
    ("delete", 0, Some(REMOVE)),
    ("deleted", 0, Some(REMOVE)),
    ("deletes", 0, Some(REMOVE)),
    ("deleting", 0, Some(REMOVE)),
    ("did", AUX, None),
    ("didn't", NEG, None),
    ("didn’t", NEG, None),
    ("disable", 0, Some(DISABLE)),
    ("disabled", 0, Some(DISABLE)),
    ("disables", 0, Some(DISABLE)),
    ("disabling", 0, Some(DISABLE)),
    ("do", AUX, None),
    ("does", AUX, None),
    ("doesn't", NEG, None),
    ("doesn’t", NEG, None),
    ("don't", NEG, None),
    ("dont", NEG, None),
    ("don’t", NEG, None),
    ("drop", 0, Some(REMOVE)),
    ("dropped", 0, Some(REMOVE)),
    ("dropping", 0, Some(REMOVE)),
    ("drops", 0, Some(REMOVE)),
    ("each", DET, None),
    ("edit", 0, Some(CHANGE)),
    ("edited", 0, Some(CHANGE)),
    ("editing", 0, Some(CHANGE)),
    ("edits", 0, Some(CHANGE)),
    ("enable", 0, Some(ENABLE)),
    ("enabled", 0, Some(ENABLE)),
    ("enables", 0, Some(ENABLE)),
    ("enabling", 0, Some(ENABLE)),
    ("every", DET, None),
    ("everything", PRONOUN, None),
    ("except", CONJ, None),
    ("existing", ARTICLE, None),
    ("for", STOP, None),
    ("forbid", 0, Some(AVOID)),
    ("forbidden", 0, Some(AVOID)),
    ("forbids", 0, Some(AVOID)),
    ("freeze", 0, Some(KEEP)),
    ("freezes", 0, Some(KEEP)),
    ("from", CONTAINER | STOP, None),
    ("frozen", 0, Some(KEEP)),
    ("her", PRONOUN, None),
    ("here", PRONOUN, None),
    ("him", PRONOUN, None),
    ("however", CONJ, None),
    ("if", STOP, None),
    ("in", CONTAINER | STOP, None),
    ("instead", STOP, None),
    ("into", CONTAINER | STOP, None),
    ("introduce", 0, Some(ADD)),
    ("introduced", 0, Some(ADD)),
    ("introduces", 0, Some(ADD)),
    ("introducing", 0, Some(ADD)),
    ("is", BE | STOP, None),
    ("it", PRONOUN, None),
    ("its", ARTICLE | DET, None),
    ("itself", PRONOUN, None),
    ("keep", 0, Some(KEEP)),
    ("keeping", 0, Some(KEEP)),
    ("keeps", 0, Some(KEEP)),
    ("kept", 0, Some(KEEP)),
    ("leave", 0, Some(KEEP)),
    ("leaves", 0, Some(KEEP)),
    ("leaving", 0, Some(KEEP)),
    ("may", AUX, None),
    ("me", PRONOUN, None),
    ("migrate", 0, Some(USE)),
    ("migrated", 0, Some(USE)),
    ("migrating", 0, Some(USE)),
    ("modified", 0, Some(CHANGE)),
    ("modifies", 0, Some(CHANGE)),
    ("modify", 0, Some(CHANGE)),
    ("modifying", 0, Some(CHANGE)),
    ("must", AUX | STOP, None),
    ("mustn't", NEG, None),
    ("mustn’t", NEG, None),
    ("my", DET, None),
    ("neither", NEG, None),
    ("never", NEG, None),
    ("no", DET | NEG, None),
    ("nor", NEG, None),
    ("not", NEG, None),
    ("nothing", PRONOUN, None),
    ("of", DET | STOP, None),
    ("on", STOP, None),
    ("one", PRONOUN, None),
    ("ones", PRONOUN, None),
    ("or", STOP, None),
    ("otherwise", CONJ, None),
    ("our", ARTICLE | DET, None),
    ("per", STOP, None),
    ("prefer", 0, Some(USE)),
    ("preferred", 0, Some(USE)),
    ("preferring", 0, Some(USE)),
    ("prefers", 0, Some(USE)),
    ("preserve", 0, Some(KEEP)),
    ("preserved", 0, Some(KEEP)),
    ("preserves", 0, Some(KEEP)),
    ("preserving", 0, Some(KEEP)),
    ("quit", NEG, None),
    ("rather", STOP, None),
    ("refactor", 0, Some(CHANGE)),
    ("refactored", 0, Some(CHANGE)),
    ("refactoring", 0, Some(CHANGE)),
    ("refactors", 0, Some(CHANGE)),
    ("remain", BE, None),
    ("remains", BE, None),
    ("remove", 0, Some(REMOVE)),
    ("removed", 0, Some(REMOVE)),
    ("removes", 0, Some(REMOVE)),
    ("removing", 0, Some(REMOVE)),
    ("retain", 0, Some(KEEP)),
    ("retained", 0, Some(KEEP)),
    ("retaining", 0, Some(KEEP)),
    ("retains", 0, Some(KEEP)),
    ("rewrite", 0, Some(CHANGE)),
    ("rewrites", 0, Some(CHANGE)),
    ("rewriting", 0, Some(CHANGE)),
    ("rewritten", 0, Some(CHANGE)),
    ("rewrote", 0, Some(CHANGE)),
    ("shall", AUX, None),
    ("should", AUX | STOP, None),
    ("shouldn't", NEG, None),
    ("shouldn’t", NEG, None),
    ("since", CONJ | STOP, None),
    ("so", STOP, None),
    ("something", PRONOUN, None),
    ("stay", BE, None),
    ("stays", BE, None),
    ("stop", NEG, None),
    ("stopped", NEG, None),
    ("stuff", PRONOUN, None),
    ("switch", 0, Some(USE)),
    ("switched", 0, Some(USE)),
    ("switching", 0, Some(USE)),
    ("than", STOP, None),
    ("that", DET | PRONOUN | STOP, None),
    ("the", ARTICLE | DET, None),
    ("their", ARTICLE | DET, None),
    ("them", PRONOUN, None),
    ("there", PRONOUN, None),
    ("these", ARTICLE | PRONOUN, None),
    ("things", PRONOUN, None),
    ("this", ARTICLE | DET | PRONOUN, None),
    ("those", ARTICLE | PRONOUN, None),
    ("though", CONJ, None),
    ("to", CONTAINER | STOP, None),
    ("touch", 0, Some(CHANGE)),
    ("touched", 0, Some(CHANGE)),
    ("touches", 0, Some(CHANGE)),
    ("touching", 0, Some(CHANGE)),
    ("unchanged", STOP, None),
    ("unless", STOP, None),
    ("until", STOP, None),
    ("update", 0, Some(CHANGE)),
    ("updating", 0, Some(CHANGE)),
    ("us", PRONOUN, None),
    ("use", 0, Some(USE)),
    ("uses", 0, Some(USE)),
    ("using", 0, Some(USE)),
    ("via", STOP, None),
    ("was", BE | STOP, None),
    ("were", BE | STOP, None),
    ("when", STOP, None),
    ("where", STOP, None),
    ("whereas", CONJ, None),
    ("which", STOP, None),
    ("while", STOP, None),
    ("will", AUX | STOP, None),
    ("with", STOP, None),
    ("without", NEG, None),
    ("won't", NEG, None),
    ("won’t", NEG, None),
    ("would", AUX, None),
    ("you", PRONOUN, None),
    ("your", DET, None),
];

fn tokens(text: &str, out: &mut Vec<Token>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'`' {
            let end = text[i + 1..].find('`').map(|e| i + 1 + e);
            if let Some(end) = end {
                if end > i + 1 {
                    out.push(Token::new(Kind::Subject, i + 1..end, Lex::default()));
                }
                i = end + 1;
                continue;
            }
            i += 1;
            continue;
        }
        // A run of non-whitespace; plain words (letters, apostrophes) are most tokens.
        let start = i;
        if c.is_ascii_alphabetic() {
            // Letters and apostrophes eight bytes at a time, up to the first other byte.
            loop {
                let Some(word) = b.get(i..i + 8) else {
                    while i < b.len() && BYTE_CLASS[usize::from(b[i])] == LETTER {
                        i += 1;
                    }
                    break;
                };
                let others = not_letters(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
                if others != 0 {
                    i += (others.trailing_zeros() / 8) as usize;
                    break;
                }
                i += 8;
            }
            if b.get(i).is_none_or(|&c| BYTE_CLASS[usize::from(c)] == SPACE_OR_TICK) {
                // No punctuation to trim, never a subject.
                out.push(Token::new(Kind::Word, start..i, lookup(&b[start..i])));
                continue;
            }
        }
        while i < b.len() && BYTE_CLASS[usize::from(b[i])] != SPACE_OR_TICK {
            i += 1;
        }
        run_tokens(&text[start..i], start, out);
    }
}

/// The bytes of `x` (eight text bytes, the first lowest) that are not ASCII letters or
/// apostrophes ([`LETTER`]): 0x80 in each such byte ([`crate::swar`]).
fn not_letters(x: u64) -> u64 {
    use crate::swar::{each, eq, within};
    // Lower-cased (bit 0x20 set), a letter is within a..=z.
    let letter = within(x | each(0x20), b'a', b'z');
    !(letter | eq(x, b'\'')) & each(0x80)
}

/// Byte classes of the tokenizer.
const LETTER: u8 = 1;
const SPACE_OR_TICK: u8 = 2;
const BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'\'' {
            t[c] = LETTER;
        } else if b.is_ascii_whitespace() || b == b'`' {
            t[c] = SPACE_OR_TICK;
        }
        c += 1;
    }
    t
};

/// The tokens of a run that is not a plain word: opening and closing marks trimmed (an opening
/// bracket or quote, and closing punctuation, end a clause), em and en dashes split.
fn run_tokens(run: &str, base: usize, out: &mut Vec<Token>) {
    // Dashes standing alone separate clauses.
    if matches!(run, "—" | "–" | "-" | "--" | "->" | "→" | "=>") {
        out.push(Token::new(Kind::Break, base..base + run.len(), Lex::default()));
        return;
    }
    // Read as bytes: the marks are ASCII, or curly quotes `E2 80 xx` (“ 9C, ‘ 98, ” 9D, ’ 99;
    // em dash 94, en dash 93).
    let b = run.as_bytes();
    let curly = |at: usize, last: &[u8]| b.get(at..at + 3).is_some_and(|q| q[0] == 0xE2 && q[1] == 0x80 && last.contains(&q[2]));
    let mut core_start = 0;
    loop {
        if core_start < b.len() && b"([\"'*_{<".contains(&b[core_start]) {
            core_start += 1;
        } else if curly(core_start, &[0x9C, 0x98]) {
            core_start += 3;
        } else {
            break;
        }
    }
    let mut core_end = b.len();
    loop {
        if core_end > core_start && b")]\"'*_,;:.!?}>".contains(&b[core_end - 1]) {
            core_end -= 1;
        } else if core_end >= core_start + 3 && curly(core_end - 3, &[0x9D, 0x99]) {
            core_end -= 3;
        } else {
            break;
        }
    }
    // An opening bracket or double quote (“ is the only lead mark with a 9C byte).
    if b[..core_start].iter().any(|c| matches!(c, b'(' | b'[' | b'"' | 0x9C)) {
        out.push(Token::new(Kind::Break, base..base + core_start, Lex::default()));
    }
    // Em and en dashes glued to words (`yaml—used`) split too, with an empty break token.
    let mut piece_start = core_start;
    while piece_start < core_end {
        let mut dash = None;
        let mut from = piece_start;
        while let Some(k) = memchr::memchr(0xE2, &b[from..core_end]) {
            if curly(from + k, &[0x94, 0x93]) {
                dash = Some(from + k);
                break;
            }
            from += k + 1;
        }
        let piece_end = dash.unwrap_or(core_end);
        if piece_end > piece_start {
            let piece = &run[piece_start..piece_end];
            let (kind, lex) = if is_subject_like(piece) { (Kind::Subject, Lex::default()) } else { (Kind::Word, lookup(piece.as_bytes())) };
            out.push(Token::new(kind, base + piece_start..base + piece_end, lex));
        }
        let Some(dash) = dash else { break };
        out.push(Token::new(Kind::Break, base + dash..base + dash, Lex::default()));
        piece_start = dash + 3;
    }
    // Closing punctuation (” is the only trail mark with a 9D byte); not `*`, `_`, `'`, `’`.
    if b[core_end..].iter().any(|c| matches!(c, b')' | b']' | b',' | b';' | b':' | b'.' | b'!' | b'?' | b'"' | 0x9D)) {
        out.push(Token::new(Kind::Break, base + core_end..base + run.len(), Lex::default()));
    }
}

/// A path, a file name, an identifier (snake_case, CamelCase, dotted) — an explicit subject.
fn is_subject_like(w: &str) -> bool {
    if w.len() < 3 || !w.bytes().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    // A URL, else a path unless a slashed pair of words.
    if w.contains('/') {
        if has_url_scheme(w.as_bytes()) {
            return true;
        }
        let junk = ["and/or", "either/or", "n/a", "w/o", "i/o", "on/off", "yes/no", "read/write", "true/false"];
        return w.len() >= 4 && !junk.iter().any(|j| j.eq_ignore_ascii_case(w));
    }
    if w.contains('_') && w.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':' | b'-')) {
        return true;
    }
    // A file name: `orders.py`, `orders.py:241`, `.env`.
    let base = w.split(':').next().unwrap_or(w);
    if let Some(dot) = base.rfind('.') {
        let ext = &base[dot + 1..];
        let stem = &base[..dot];
        if (stem.len() >= 2 || dot == 0 && ext.len() >= 2)
            && (1..=6).contains(&ext.len())
            && ext.bytes().all(|c| c.is_ascii_alphanumeric())
            && ext.bytes().any(|c| c.is_ascii_lowercase())
            && stem.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            && !ext.bytes().all(|c| c.is_ascii_digit())
        {
            return true;
        }
    }
    // CamelCase with an inner capital after a lower-case letter: `OrderService`, `legacyId`.
    let bytes = w.as_bytes();
    bytes.iter().all(|c| c.is_ascii_alphanumeric())
        && bytes.windows(2).any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
}

/// Whether `://` occurs (found from its colons: most words have none).
fn has_url_scheme(b: &[u8]) -> bool {
    memchr::memchr_iter(b':', b).any(|k| b[k + 1..].starts_with(b"//"))
}

/// Subject key and display form of an explicit subject token.
fn subject_of(text: &str) -> (String, String, Option<String>) {
    let (display, key, path) = subject_parts(text);
    (text[key].to_ascii_lowercase(), text[display].to_owned(), path.map(|p| text[p].to_ascii_lowercase()))
}

/// The parts of an explicit subject token, as byte ranges of it: the form shown, the grouping
/// key and, for a path with a directory, the whole path (key and path are used lower-cased).
/// `./config/auth.yaml:12` → `config/auth.yaml:12`, `auth.yaml`, `config/auth.yaml`.
fn subject_parts(text: &str) -> (Range<usize>, Range<usize>, Option<Range<usize>>) {
    let b = text.as_bytes();
    let mut start = text.len() - text.trim_start().len();
    let end = start + text[start..].trim_end().len();
    while b[start..end].starts_with(b"./") {
        start += 2;
    }
    // `orders.py:241` → `orders.py`: a last colon followed by digits and dashes only.
    let mut k = end;
    while k > start && (b[k - 1].is_ascii_digit() || b[k - 1] == b'-') {
        k -= 1;
    }
    let mut stop = if k > start && k < end && b[k - 1] == b':' { k - 1 } else { end };
    // Lower-casing ASCII moves no byte, and `/`, `:`, `.` have no case: the parts can be
    // found on the text as written.
    while stop > start && b[stop - 1] == b'/' {
        stop -= 1;
    }
    let lower = &b[start..stop];
    match memchr::memrchr(b'/', lower) {
        Some(k) if !has_url_scheme(lower) && lower[k + 1..].contains(&b'.') => (start..end, start + k + 1..stop, Some(start..stop)),
        _ => (start..end, start..stop, None),
    }
}

/// The stances a decision text takes.
pub(crate) fn stances(text: &str) -> Vec<Stance> {
    let mut toks = Vec::new();
    let mut raw = Vec::new();
    raw_stances_into(text, &mut toks, &mut raw);
    raw.iter().map(|s| s.resolve(text)).collect()
}

/// The stances of a decision text as ranges into it, into `out`, with a reusable token buffer.
fn raw_stances_into(text: &str, toks: &mut Vec<Token>, out: &mut Vec<RawStance>) {
    toks.clear();
    if u32::try_from(text.len()).is_err() {
        return;
    }
    tokens(text, toks);
    let toks = &toks[..];
    let word = |t: &Token| &text[t.range()];
    let span = |t: &Token| Span::from(t.range());
    let is_word = |t: &Token, flag: u16| t.kind == Kind::Word && t.lex.has(flag);
    let is_verb = |t: &Token| t.kind == Kind::Word && t.lex.is_verb();
    let is_boundary = |t: &Token| t.kind == Kind::Break || is_word(t, CONJ);
    let mut clause_start = 0;
    for i in 0..toks.len() {
        let t = &toks[i];
        if is_boundary(t) {
            clause_start = i + 1;
            continue;
        }
        if t.kind != Kind::Word {
            continue;
        }
        let Some(effects) = t.lex.effects() else { continue };
        if i > clause_start && is_word(&toks[i - 1], DET) {
            continue; // "the use of", "an update"
        }
        // "avoid modifying X": avoid negates the next verb instead of being a stance itself.
        if t.lex.is_avoid() && toks.get(i + 1).is_some_and(is_verb) {
            continue;
        }
        // Negation within three words before the verb, in the same clause, no verb between.
        let mut negated = false;
        let mut cue_start = t.start as usize;
        let mut k = i;
        while k > clause_start && i - k < 3 {
            k -= 1;
            let p = &toks[k];
            if p.kind != Kind::Word || p.lex.is_verb() && !p.lex.is_avoid() {
                break;
            }
            if p.lex.has(NEG) {
                negated = !negated;
                cue_start = p.start as usize;
                // "DO NOT modify": the auxiliary belongs to the cue.
                if k > clause_start && is_word(&toks[k - 1], AUX) {
                    cue_start = toks[k - 1].start as usize;
                }
            }
        }
        let cue = Span::new(cue_start, t.end as usize);
        let push = |out: &mut Vec<RawStance>, subject: SubjectSrc, flip: bool, cue: Span, qual: WordList<2>| {
            for &(axis, pos) in effects {
                out.push(RawStance { axis, positive: (pos != negated) != flip, subject, cue, qual });
            }
        };
        // "… in tests", "… for caching": the first qualifier after `from`, in this clause.
        let qualifier = |from: usize| -> WordList<2> {
            let mut words = WordList::new();
            let mut m = from;
            while m < toks.len() && !is_boundary(&toks[m]) {
                let w = word(&toks[m]);
                let qualifying = toks[m].kind == Kind::Word
                    && ["in", "on", "for", "during", "when", "within", "under", "inside"].iter().any(|q| q.eq_ignore_ascii_case(w));
                if qualifying {
                    toks[m + 1..]
                        .iter()
                        .take_while(|n| !is_boundary(n) && !(n.kind == Kind::Word && (n.lex.is_verb() || n.lex.has(STOP))))
                        .filter(|n| !(n.kind == Kind::Word && n.lex.has(ARTICLE)))
                        .take(2)
                        .for_each(|n| words.push(span(n)));
                    return words;
                }
                m += 1;
            }
            words
        };
        // Passive ("must not be modified"): the subject comes before the verb.
        if i > clause_start && is_word(&toks[i - 1], BE) {
            if let Some(s) = toks[clause_start..i].iter().find(|t| t.kind == Kind::Subject) {
                push(out, SubjectSrc::Token(span(s)), false, cue, qualifier(i + 1));
            }
            continue;
        }
        // The object phrase: up to four words after the verb, articles skipped.
        let switch = effects == USE && word(t).len() >= 6 && {
            let w = &word(t).as_bytes()[..6];
            w.eq_ignore_ascii_case(b"switch") || w.eq_ignore_ascii_case(b"migrat")
        };
        let mut words: WordList<4> = WordList::new();
        // The lexicon entries of `words` (tokens looked up on exactly their text).
        let mut lexes = [Lex::default(); 4];
        let mut j = i + 1;
        let mut explicit = None;
        while j < toks.len() && words.len < 4 {
            let n = &toks[j];
            if is_boundary(n) {
                break;
            }
            if n.kind == Kind::Subject {
                explicit = Some(j);
                break;
            }
            if switch && words.len == 0 && word(n).eq_ignore_ascii_case("to") {
                j += 1;
                continue;
            }
            let l = n.lex;
            if l.has(STOP) || l.is_verb() || l.has(NEG) || l.has(PRONOUN) && !l.has(ARTICLE) {
                break;
            }
            if !(words.len == 0 && l.has(ARTICLE)) {
                lexes[words.len] = l;
                words.push(span(n));
            }
            j += 1;
        }
        let object = match explicit {
            Some(e) => Some(SubjectSrc::Token(span(&toks[e]))),
            None => {
                // Numbers alone are no subject.
                let mut kept: WordList<4> = WordList::new();
                let mut all_filler = true;
                for (k, w) in words.spans[..words.len].iter().enumerate() {
                    if !text[w.range()].bytes().all(|c| c.is_ascii_digit()) {
                        kept.push(*w);
                        all_filler &= lexes[k].has(PRONOUN | ARTICLE);
                    }
                }
                (kept.len > 0 && !all_filler && (kept.len != 1 || kept.spans[0].len() >= 3)).then_some(SubjectSrc::Words(kept))
            }
        };
        // "add X to config/auth.yaml", "remove X from y.py": the container changes.
        if effects.iter().any(|(a, _)| *a == Axis::Exist) {
            let mut m = j;
            while m < toks.len() && !is_boundary(&toks[m]) && !is_verb(&toks[m]) {
                if toks[m].kind == Kind::Subject && m > 0 && is_word(&toks[m - 1], CONTAINER) {
                    let subject = SubjectSrc::Token(span(&toks[m]));
                    out.push(RawStance { axis: Axis::Change, positive: !negated, subject, cue, qual: WordList::new() });
                    break;
                }
                m += 1;
            }
        }
        let qual = if object.is_some() { qualifier(explicit.map_or(j, |e| e + 1)) } else { WordList::new() };
        if let Some(object) = object {
            push(out, object, false, cue, qual);
        }
        // "Use X instead of Y": the opposite stance about Y.
        let mut m = j;
        while m + 2 < toks.len() && !is_boundary(&toks[m]) {
            let (a, b) = (word(&toks[m]), word(&toks[m + 1]));
            let instead = a.eq_ignore_ascii_case("instead") && b.eq_ignore_ascii_case("of")
                || a.eq_ignore_ascii_case("rather") && b.eq_ignore_ascii_case("than");
            if instead {
                let y = &toks[m + 2];
                let alt = match y.kind {
                    Kind::Subject => Some(SubjectSrc::Token(span(y))),
                    Kind::Word if !y.lex.has(PRONOUN | ARTICLE) && !y.lex.is_verb() => {
                        let mut one = WordList::new();
                        one.push(span(y));
                        Some(SubjectSrc::Words(one))
                    }
                    _ => None,
                };
                if let Some(alt) = alt {
                    push(out, alt, true, Span::new(toks[m].start as usize, toks[m + 1].end as usize), qual);
                }
                break;
            }
            m += 1;
        }
    }
}

fn strip_entry_prefix(text: &str) -> &str {
    let t = text.trim_start().trim_start_matches(['-', '*', ' ']);
    let Some((_, used)) = time::parse_prefix(t) else { return text.trim() };
    let rest = &t[used..];
    let rest = rest.trim_start_matches([']', ')', '*']);
    let rest = rest.trim_start();
    let rest = ["—", "--", "–", "-", ":", "|"]
        .iter()
        .find_map(|s| rest.strip_prefix(s))
        .unwrap_or(rest);
    rest.trim()
}

/// Indices of the decisions `text` supersedes, directly or through their own supersedes.
fn superseded_by_text(doc: &Document, text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("supersedes") {
        let start = from + at + "supersedes".len();
        from = start;
        let rest = text[start..].trim_start_matches([' ', ':', '[']);
        let end = rest.find(|c: char| c.is_whitespace() || matches!(c, ']' | ',' | ';')).unwrap_or(rest.len());
        let target = rest[..end].trim_end_matches(['.', ',', ';', ':']);
        if let Some(i) = doc.decision_named(target) {
            let mut next = Some(i);
            while let Some(i) = next {
                if out.contains(&i) {
                    break;
                }
                out.push(i);
                next = doc.decisions()[i].supersedes.as_ref().and_then(|s| s.resolved);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn log(decisions: &[&str]) -> Document {
        let mut text = String::from("# Session Memory — t\n\n## Decisions Made\n");
        for (i, d) in decisions.iter().enumerate() {
            text.push_str(&format!("- 2026-04-22T07:{:02}Z — {d}\n", 10 + i));
        }
        parse(&text)
    }

    fn conflicting(a: &str, b: &str) -> Option<Conflict> {
        conflicts(&log(&[a, b])).into_iter().next()
    }

    #[test]
    fn opposite_stances_on_one_subject_conflict() {
        let cases = [
            ("DO NOT modify config/auth.yaml — used by 3 services", "Modify config/auth.yaml to add the admin role", "config/auth.yaml"),
            ("Use Redis for the session cache", "Don't use Redis; it is not available in CI", "Redis"),
            ("Use Redis for the session cache", "Avoid Redis", "Redis"),
            ("Never use `unwrap()` in library code", "Use `unwrap()` where it is shorter", "unwrap()"),
            ("Keep the `legacy_id` field", "Remove `legacy_id` from the schema", "legacy_id"),
            ("Enable strict mode in tsconfig.json", "Disable strict mode", "strict mode"),
            ("Do not add retries to `OrderClient`", "Add retries to `OrderClient`", "OrderClient"),
            ("Use Postgres instead of MySQL", "Use MySQL", "MySQL"),
            ("Avoid Redis in tests", "Use Redis in tests for speed", "Redis"),
            ("config/auth.yaml must not be modified", "Edit config/auth.yaml for the admin role", "config/auth.yaml"),
            ("Stop using moment.js", "Use moment.js for date parsing", "moment.js"),
            ("Do not touch auth.yaml", "Add the admin role to config/auth.yaml", "config/auth.yaml"),
        ];
        for (a, b, subject) in cases {
            let c = conflicting(a, b).unwrap_or_else(|| panic!("{a} / {b}"));
            assert_eq!((c.a, c.b), (0, 1));
            assert_eq!(c.subject, subject, "{a} / {b}");
            assert!(c.explanation.contains(subject), "{}", c.explanation);
        }
    }

    #[test]
    fn unrelated_or_agreeing_decisions_do_not_conflict() {
        let cases = [
            // Seed 000.
            ("DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all",
             "Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241"),
            ("DO NOT modify config/auth.yaml", "Never edit config/auth.yaml by hand"),
            ("Use Redis for caching", "Use Redis for rate limits"),
            ("Do not modify config/auth.yaml", "Modify config/payments.yaml"),
            ("Do not modify src/a/index.ts", "Modify src/b/index.ts"),
            ("Use pessimistic locking", "Avoid optimistic locking"),
            ("Keep it simple", "Remove it"),
            ("The use of Redis was discussed", "Avoid Redis in tests"),
            ("Don't modify anything here", "Update the docs"),
            // A qualified stance refines the other one.
            ("Enable telemetry in production", "Disable telemetry in CI"),
            ("Use Redis for caching", "Avoid Redis for sessions"),
        ];
        for (a, b) in cases {
            assert_eq!(conflicting(a, b), None, "{a} / {b}");
        }
    }

    #[test]
    fn explanation_names_subject_and_cue_words() {
        let c = conflicting("DO NOT modify config/auth.yaml", "modify config/auth.yaml to add the admin role").unwrap();
        assert_eq!(c.a_words, "DO NOT modify");
        assert_eq!(c.b_words, "modify");
        assert_eq!(
            c.explanation,
            "both are about `config/auth.yaml`: 2026-04-22T07:10Z says \"DO NOT modify\" (leave it unchanged) but \
             2026-04-22T07:11Z says \"modify\" (change it), and neither supersedes the other"
        );
    }

    #[test]
    fn superseded_decisions_are_not_active() {
        let doc = log(&["DO NOT modify config/auth.yaml", "SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml to add the admin role"]);
        assert!(conflicts(&doc).is_empty());
        // A chain: the third supersedes the second, which superseded the first.
        let doc = log(&[
            "Use Redis",
            "SUPERSEDES [2026-04-22T07:10Z] avoid Redis",
            "SUPERSEDES [2026-04-22T07:11Z] use Redis again",
        ]);
        assert!(conflicts(&doc).is_empty());
    }

    #[test]
    fn find_conflict_guards_new_decisions() {
        let doc = log(&["DO NOT modify config/auth.yaml", "Use optimistic locking for order updates"]);
        let c = find_conflict(&doc, "modify config/auth.yaml to add the admin role").unwrap();
        assert_eq!((c.decision, c.id.as_str(), c.subject.as_str()), (0, "2026-04-22T07:10Z", "config/auth.yaml"));
        assert!(c.explanation.contains("DO NOT modify"));
        assert!(find_conflict(&doc, "2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml").is_none());
        assert!(find_conflict(&doc, "Use optimistic locking for payments too").is_none());
        assert!(find_conflict(&doc, "Avoid optimistic locking").is_some());
        assert!(find_conflict(&doc, "Read the docs first").is_none());
        // Superseding through a chain: the new text replaces the head, which replaced the first.
        let doc = log(&["Use Redis", "SUPERSEDES [2026-04-22T07:10Z] use Redis with TLS"]);
        assert!(find_conflict(&doc, "SUPERSEDES [2026-04-22T07:11Z] avoid Redis").is_none());
        assert!(find_conflict(&doc, "avoid Redis").is_some());
    }

    thread_local! {
        /// The work of [`matched`]: each stance it goes through, and each earlier stance it
        /// may hold that one against (at most: it stops at the first match).
        pub(super) static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// The work done to find the conflicts among `n` decisions about one file name
    /// in `n` folders, of alternating polarity: every decision is a candidate (both
    /// polarities share a group) and none conflicts (the paths differ), the most a search
    /// for an opposing stance can be made to look through.
    fn work_among(n: usize) -> usize {
        let ds: Vec<String> = (0..n)
            .map(|i| if i % 2 == 0 { format!("DO NOT modify d{i}/config.yaml") } else { format!("modify d{i}/config.yaml") })
            .collect();
        let refs: Vec<Option<&str>> = ds.iter().map(|s| Some(s.as_str())).collect();
        WORK.with(|c| c.set(0));
        assert!(pairs(&refs).is_empty());
        WORK.with(|c| c.get())
    }

    /// Linear by the work done, not by a clock: ten times the decisions about one subject
    /// cost ten times the work (each stance compared against the bounded recent few, never
    /// against every earlier one; a tenth more allowed for the first stances, which have
    /// fewer before them), where a search of every earlier stance would cost a hundred
    /// times. And thousands of decisions of one polarity go through no matching at all.
    #[test]
    fn many_decisions_stay_linear() {
        let (small, large) = (work_among(2_000), work_among(20_000));
        assert!(small > 0);
        assert!(large <= 11 * small, "work {small} for 2,000 decisions, {large} for 20,000");
        let same: Vec<String> = (0..20_000).map(|i| format!("DO NOT modify config/f{}.yaml — keep it", i % 30)).collect();
        let refs: Vec<Option<&str>> = same.iter().map(|s| Some(s.as_str())).collect();
        WORK.with(|c| c.set(0));
        assert!(pairs(&refs).is_empty());
        assert_eq!(WORK.with(|c| c.get()), 0);
    }
}
