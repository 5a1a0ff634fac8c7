//! Stances: the polarity a decision takes on one axis about one subject, found by reading its
//! tokens (negation, the verb, its object, qualifiers, "instead of").

use super::lexicon::{Axis, Lex, ARTICLE, AUX, BE, CONJ, CONTAINER, DET, NEG, PRONOUN, STOP, USE};
use super::tokens::{has_url_scheme, tokens, Kind, Token};
use crate::hash::Fnv;
use crate::span::Span;
use std::hash::Hasher;
use std::ops::Range;

#[derive(Debug, Clone)]
pub(crate) struct Stance {
    pub(super) axis: Axis,
    pub(super) positive: bool,
    /// Grouping key: the axis, then the lower-cased subject (a path's file name when it has one).
    pub(super) key: String,
    /// The subject as written (backticks removed).
    pub(super) subject: String,
    /// Lower-cased full path when the subject is a path with a directory.
    pub(super) path: Option<String>,
    /// The words that gave the polarity (negation through verb), as a byte range.
    pub(super) cue: std::ops::Range<usize>,
    /// Where or what for the stance holds ("in tests", "for caching"), lower case: two stances
    /// qualified differently ("enable it in production", "disable it in CI") do not conflict;
    /// an unqualified stance covers every qualifier.
    pub(super) qual: Option<String>,
}

impl Stance {
    pub(super) fn new(axis: Axis, positive: bool, subject: &(String, String, Option<String>), cue: std::ops::Range<usize>, qual: Option<String>) -> Stance {
        let (key, display, path) = subject;
        let mut k = String::with_capacity(key.len() + 1);
        k.push(axis.tag());
        k.push_str(key);
        Stance { axis, positive, key: k, subject: display.clone(), path: path.clone(), cue, qual }
    }

    pub(super) fn opposes(&self, other: &Stance) -> bool {
        self.axis == other.axis && self.positive != other.positive && self.key == other.key && self.same_subject(other)
    }

    /// The same subject (paths, when both have one, must be equal) under overlapping
    /// qualifiers.
    pub(super) fn same_subject(&self, other: &Stance) -> bool {
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
pub(super) struct RawStance {
    pub(super) axis: Axis,
    pub(super) positive: bool,
    pub(super) subject: SubjectSrc,
    pub(super) cue: Span,
    /// The qualifier's words (none: unqualified).
    pub(super) qual: WordList<2>,
}

/// Where a stance's subject is written.
#[derive(Debug, Clone, Copy)]
pub(super) enum SubjectSrc {
    /// An explicit subject token: a path, file name, code span or identifier ([`subject_of`]).
    Token(Span),
    /// Plain words, shown joined by single spaces, keyed lower-cased.
    Words(WordList<4>),
}

/// Up to `N` words of a decision text.
#[derive(Debug, Clone, Copy)]
pub(super) struct WordList<const N: usize> {
    pub(super) spans: [Span; N],
    pub(super) len: usize,
}

impl<const N: usize> WordList<N> {
    pub(super) fn new() -> Self {
        WordList { spans: [Span::default(); N], len: 0 }
    }

    pub(super) fn push(&mut self, span: Span) {
        self.spans[self.len] = span;
        self.len += 1;
    }

    pub(super) fn words<'t>(self, text: &'t str) -> impl Iterator<Item = &'t str> + 't {
        (0..self.len).map(move |k| &text[self.spans[k].range()])
    }

    pub(super) fn joined(&self, text: &str) -> String {
        self.words(text).collect::<Vec<_>>().join(" ")
    }
}

impl RawStance {
    pub(super) fn resolve(&self, text: &str) -> Stance {
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
    #[inline]
    pub(super) fn group_hash(&self, text: &str) -> u64 {
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

/// Subject key and display form of an explicit subject token.
pub(super) fn subject_of(text: &str) -> (String, String, Option<String>) {
    let (display, key, path) = subject_parts(text);
    (text[key].to_ascii_lowercase(), text[display].to_owned(), path.map(|p| text[p].to_ascii_lowercase()))
}

/// The parts of an explicit subject token, as byte ranges of it: the form shown, the grouping
/// key and, for a path with a directory, the whole path (key and path are used lower-cased).
/// `./config/auth.yaml:12` → `config/auth.yaml:12`, `auth.yaml`, `config/auth.yaml`.
pub(super) fn subject_parts(text: &str) -> (Range<usize>, Range<usize>, Option<Range<usize>>) {
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
///
/// Each verb of the lexicon outside a noun phrase ("the use of") takes its stances, in steps:
/// [`Reader::negation`] before it, then its subject: before it in the passive ("must not be
/// modified"), else [`Reader::object`] after it; [`Reader::container`] (what an addition or
/// removal changes), [`Reader::qualifier`] ("in tests"), and [`Reader::instead`] ("instead
/// of Y": the opposite stance about Y).
pub(super) fn raw_stances_into(text: &str, toks: &mut Vec<Token>, out: &mut Vec<RawStance>) {
    toks.clear();
    if u32::try_from(text.len()).is_err() {
        return;
    }
    tokens(text, toks);
    let r = Reader { text, toks };
    let mut clause_start = 0;
    for (i, t) in toks.iter().enumerate() {
        if r.is_boundary(t) {
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
        let (negated, cue_start) = r.negation(clause_start, i);
        let cue = Span::new(cue_start, t.end as usize);
        let push = |out: &mut Vec<RawStance>, subject: SubjectSrc, flip: bool, cue: Span, qual: WordList<2>| {
            for &(axis, pos) in effects {
                out.push(RawStance { axis, positive: (pos != negated) != flip, subject, cue, qual });
            }
        };
        // Passive ("must not be modified"): the subject comes before the verb.
        if i > clause_start && is_word(&toks[i - 1], BE) {
            if let Some(s) = toks[clause_start..i].iter().find(|t| t.kind == Kind::Subject) {
                push(out, SubjectSrc::Token(span(s)), false, cue, r.qualifier(i + 1));
            }
            continue;
        }
        let object = r.object(i, effects == USE);
        if effects.iter().any(|(a, _)| *a == Axis::Exist) {
            if let Some(subject) = r.container(object.end) {
                out.push(RawStance { axis: Axis::Change, positive: !negated, subject, cue, qual: WordList::new() });
            }
        }
        let qual = if object.subject.is_some() { r.qualifier(object.explicit.map_or(object.end, |e| e + 1)) } else { WordList::new() };
        if let Some(subject) = object.subject {
            push(out, subject, false, cue, qual);
        }
        if let Some((alt, cue)) = r.instead(object.end) {
            push(out, alt, true, cue, qual);
        }
    }
}

fn span(t: &Token) -> Span {
    Span::from(t.range())
}

fn is_word(t: &Token, flag: u16) -> bool {
    t.kind == Kind::Word && t.lex.has(flag)
}

fn is_verb(t: &Token) -> bool {
    t.kind == Kind::Word && t.lex.is_verb()
}

/// A verb's object phrase: its subject (none when only numbers or filler follow), where the
/// phrase ends, and the explicit subject token that ended it, if one did.
struct Object {
    subject: Option<SubjectSrc>,
    end: usize,
    explicit: Option<usize>,
}

/// The tokens of one decision text, read around a verb.
struct Reader<'t> {
    text: &'t str,
    toks: &'t [Token],
}

impl Reader<'_> {
    fn word(&self, t: &Token) -> &str {
        &self.text[t.range()]
    }

    fn is_boundary(&self, t: &Token) -> bool {
        t.kind == Kind::Break || is_word(t, CONJ)
    }

    /// Negation within three words before the verb at `i`, in the same clause, no verb
    /// between: whether the verb is negated (twice is not), and where its cue starts ("DO NOT
    /// modify": the auxiliary belongs to the cue).
    fn negation(&self, clause_start: usize, i: usize) -> (bool, usize) {
        let toks = self.toks;
        let mut negated = false;
        let mut cue_start = toks[i].start as usize;
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
                if k > clause_start && is_word(&toks[k - 1], AUX) {
                    cue_start = toks[k - 1].start as usize;
                }
            }
        }
        (negated, cue_start)
    }

    /// "… in tests", "… for caching": the first qualifier from token `from` on, in its clause
    /// (up to two words, articles skipped).
    fn qualifier(&self, from: usize) -> WordList<2> {
        let toks = self.toks;
        let mut words = WordList::new();
        let mut m = from;
        while m < toks.len() && !self.is_boundary(&toks[m]) {
            let w = self.word(&toks[m]);
            let qualifying = toks[m].kind == Kind::Word
                && ["in", "on", "for", "during", "when", "within", "under", "inside"].iter().any(|q| q.eq_ignore_ascii_case(w));
            if qualifying {
                toks[m + 1..]
                    .iter()
                    .take_while(|n| !self.is_boundary(n) && !(n.kind == Kind::Word && (n.lex.is_verb() || n.lex.has(STOP))))
                    .filter(|n| !(n.kind == Kind::Word && n.lex.has(ARTICLE)))
                    .take(2)
                    .for_each(|n| words.push(span(n)));
                return words;
            }
            m += 1;
        }
        words
    }

    /// The object phrase of the verb at `i`: an explicit subject token, else up to four words
    /// after the verb, articles skipped, up to a stop word, a verb, a negation or a pronoun.
    /// `uses`: the verb's stance is `use`, after which "switch to" / "migrate to" skip the `to`.
    fn object(&self, i: usize, uses: bool) -> Object {
        let (toks, text) = (self.toks, self.text);
        let verb = self.word(&toks[i]);
        let switch = uses && verb.len() >= 6 && {
            let w = &verb.as_bytes()[..6];
            w.eq_ignore_ascii_case(b"switch") || w.eq_ignore_ascii_case(b"migrat")
        };
        let mut words: WordList<4> = WordList::new();
        // The lexicon entries of `words` (tokens looked up on exactly their text).
        let mut lexes = [Lex::default(); 4];
        let mut j = i + 1;
        let mut explicit = None;
        while j < toks.len() && words.len < 4 {
            let n = &toks[j];
            if self.is_boundary(n) {
                break;
            }
            if n.kind == Kind::Subject {
                explicit = Some(j);
                break;
            }
            if switch && words.len == 0 && self.word(n).eq_ignore_ascii_case("to") {
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
        let subject = match explicit {
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
        Object { subject, end: j, explicit }
    }

    /// "add X to config/auth.yaml", "remove X from y.py": the container an addition or a
    /// removal changes, from token `from` on in the clause, before any other verb.
    fn container(&self, from: usize) -> Option<SubjectSrc> {
        let toks = self.toks;
        let mut m = from;
        while m < toks.len() && !self.is_boundary(&toks[m]) && !is_verb(&toks[m]) {
            if toks[m].kind == Kind::Subject && m > 0 && is_word(&toks[m - 1], CONTAINER) {
                return Some(SubjectSrc::Token(span(&toks[m])));
            }
            m += 1;
        }
        None
    }

    /// "Use X instead of Y", "… rather than Y" from token `from` on in the clause: Y (a subject
    /// token or one plain word) and the cue words, for the opposite stance about Y.
    fn instead(&self, from: usize) -> Option<(SubjectSrc, Span)> {
        let toks = self.toks;
        let mut m = from;
        while m + 2 < toks.len() && !self.is_boundary(&toks[m]) {
            let (a, b) = (self.word(&toks[m]), self.word(&toks[m + 1]));
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
                return alt.map(|alt| (alt, Span::new(toks[m].start as usize, toks[m + 1].end as usize)));
            }
            m += 1;
        }
        None
    }
}
