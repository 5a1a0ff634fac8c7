//! The lexicon of decisions: what a verb form does (its stances, by [`Axis`]) and the word
//! classes the extractor reads (negations, articles, pronouns, clause breaks…), as one table a
//! contributor extends with a row, and the fast lookup over it.

/// What a stance is about: changing a thing, its existence, using it, or enabling it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Axis {
    Change,
    Exist,
    Use,
    Enable,
}

impl Axis {
    pub(super) fn tag(self) -> char {
        match self {
            Axis::Change => 'c',
            Axis::Exist => 'e',
            Axis::Use => 'u',
            Axis::Enable => 'n',
        }
    }

    pub(super) fn gloss(self, positive: bool) -> &'static str {
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

const CHANGE: &[(Axis, bool)] = &[(Axis::Change, true)];
const KEEP: &[(Axis, bool)] = &[(Axis::Change, false), (Axis::Exist, true)];
const ADD: &[(Axis, bool)] = &[(Axis::Exist, true)];
/// `remove` both removes and changes what it removes from.
const REMOVE: &[(Axis, bool)] = &[(Axis::Exist, false), (Axis::Change, true)];
pub(super) const USE: &[(Axis, bool)] = &[(Axis::Use, true)];
const AVOID: &[(Axis, bool)] = &[(Axis::Use, false)];
const ENABLE: &[(Axis, bool)] = &[(Axis::Enable, true)];
const DISABLE: &[(Axis, bool)] = &[(Axis::Enable, false)];

// Word classes (a word may be in several).
/// Flips the verb that follows: not, never, don't, stop, without, avoid (+ -ing verb)…
pub(super) const NEG: u16 = 1;
/// Ends an object phrase: prepositions, conjunctions, modals.
pub(super) const STOP: u16 = 2;
/// Skipped at the start of an object phrase: the, a, any, our…
pub(super) const ARTICLE: u16 = 4;
/// Never a subject: it, them, here, everything…
pub(super) const PRONOUN: u16 = 8;
/// Makes a following verb form a noun: "the use of", "an update".
pub(super) const DET: u16 = 16;
/// Belongs to the cue before a negation: "DO NOT".
pub(super) const AUX: u16 = 32;
/// Starts a new clause: but, because, although…
pub(super) const CONJ: u16 = 64;
/// Makes a following participle passive: "must not be modified".
pub(super) const BE: u16 = 128;
/// Introduces the container an addition or removal changes: "add X to config.yaml".
pub(super) const CONTAINER: u16 = 256;

#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Lex {
    flags: u16,
    /// What a verb form does: an index into [`EFFECTS`], 0 for words that are not verbs.
    verb: u8,
}

/// The verb effects of the lexicon, indexed by [`Lex::verb`] (0: none).
const EFFECTS: [Effects; 9] = [&[], CHANGE, KEEP, ADD, REMOVE, USE, AVOID, ENABLE, DISABLE];

impl Lex {
    const NONE: Lex = Lex { flags: 0, verb: 0 };

    /// A row's entry, at compile time: its verb stances found in [`EFFECTS`] by content.
    const fn new(flags: u16, verb: Option<Effects>) -> Lex {
        let Some(v) = verb else { return Lex { flags, verb: 0 } };
        let mut i = 1;
        while i < EFFECTS.len() {
            if same_effects(EFFECTS[i], v) {
                return Lex { flags, verb: i as u8 };
            }
            i += 1;
        }
        Lex { flags, verb: 0 }
    }

    pub(super) fn has(self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    pub(super) fn is_verb(self) -> bool {
        self.verb != 0
    }

    pub(super) fn effects(self) -> Option<Effects> {
        self.is_verb().then(|| EFFECTS[usize::from(self.verb)])
    }

    pub(super) fn is_avoid(self) -> bool {
        self.effects() == Some(AVOID)
    }
}

/// Whether two verb effects list the same stances (`==` on slices is not `const`).
const fn same_effects(a: Effects, b: Effects) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i].0 as u8 != b[i].0 as u8 || a[i].1 != b[i].1 {
            return false;
        }
        i += 1;
    }
    true
}

/// Looks a word up in the lexicon. Most words are not in it: [`FILTER`] turns nearly all of
/// them away at once, inline. The others go to [`lookup_table`].
#[inline(always)]
pub(super) fn lookup(b: &[u8]) -> Lex {
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

/// The lexicon as its words, packed ([`pack`]) and in order, beside their entries: a binary
/// search finds a word in eight steps. Built by the compiler: the program holds the table
/// itself, not the rows it is made from (the rows' pointers and lengths would cost the
/// dashboard's download more). An open-addressing table a quarter full was no faster behind
/// [`FILTER`] and cost 2.4 KB more gzipped: its zeros broke the data into 365 segments, each
/// with its own header.
struct Table {
    /// Packed words ([`pack`]), in increasing order, none twice.
    words: [u128; LEXICON.len()],
    /// The lexicon entry of each word.
    entries: [Lex; LEXICON.len()],
}

static TABLE: Table = {
    let mut t = Table { words: [0; LEXICON.len()], entries: [Lex::NONE; LEXICON.len()] };
    // An insertion sort: the rows' own order (the alphabet) is not that of packed words.
    let mut k = 0;
    while k < LEXICON.len() {
        let (w, flags, verb) = LEXICON[k];
        let packed = pack(w.as_bytes());
        let mut at = k;
        while at > 0 && t.words[at - 1] > packed {
            t.words[at] = t.words[at - 1];
            t.entries[at] = t.entries[at - 1];
            at -= 1;
        }
        assert!(at == 0 || t.words[at - 1] != packed, "a word is in the lexicon once");
        t.words[at] = packed;
        t.entries[at] = Lex::new(flags, verb);
        k += 1;
    }
    t
};

/// A word of at most 16 bytes, lower-cased, as one `u128`: zero-padded, then every byte
/// flipped by the same mask ([`MASK`]), so that two words pack the same only if they are the
/// same.
const fn pack(b: &[u8]) -> u128 {
    let mut buf = [0u8; 16];
    let mut i = 0;
    while i < b.len() && i < 16 {
        buf[i] = b[i].to_ascii_lowercase();
        i += 1;
    }
    u128::from_le_bytes(buf) ^ MASK
}

/// What [`pack`] flips: a short word's padding is then no run of zero bytes, which wasm-opt
/// would cut out of the data (its `--zero-filled-memory`), leaving a segment and its header
/// per word: 170 of them, 0.9 KB of the dashboard gzipped.
const MASK: u128 = u128::from_le_bytes([0x55; 16]);

/// The lexicon entry of a word: lower-cased, packed into one `u128` and looked for in
/// [`TABLE`].
#[inline(never)]
fn lookup_table(b: &[u8]) -> Lex {
    match TABLE.words.binary_search(&pack(b)) {
        Ok(at) => TABLE.entries[at],
        Err(_) => Lex::NONE,
    }
}

/// The lexicon, lower case: (word, classes, verb stances).
/// What a verb form does: the stances it takes, by axis.
pub(super) type Effects = &'static [(Axis, bool)];

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
