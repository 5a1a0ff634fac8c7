//! The tokenizer of decision texts: words (looked up in the lexicon as they are cut),
//! explicit subjects (a path, a file name, a `code span`, an identifier) and clause breaks.

use super::lexicon::{lookup, Lex};
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Word,
    /// A path, file name, code span or identifier.
    Subject,
    /// Punctuation or a dash that ends a clause.
    Break,
}

/// A token of a decision text: 12 bytes, offsets into the text (decisions are far shorter
/// than 4 GB; longer texts take no stance, see [`raw_stances_into`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) kind: Kind,
    /// For words: their lexicon entry.
    pub(super) lex: Lex,
}

impl Token {
    pub(super) fn new(kind: Kind, range: Range<usize>, lex: Lex) -> Token {
        Token { start: range.start as u32, end: range.end as u32, kind, lex }
    }

    pub(super) fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[inline]
pub(super) fn tokens(text: &str, out: &mut Vec<Token>) {
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
pub(super) fn not_letters(x: u64) -> u64 {
    use crate::swar::{each, eq, within};
    // Lower-cased (bit 0x20 set), a letter is within a..=z.
    let letter = within(x | each(0x20), b'a', b'z');
    !(letter | eq(x, b'\'')) & each(0x80)
}

/// Byte classes of the tokenizer.
pub(super) const LETTER: u8 = 1;
pub(super) const SPACE_OR_TICK: u8 = 2;
pub(super) const BYTE_CLASS: [u8; 256] = {
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
pub(super) fn is_subject_like(w: &str) -> bool {
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
pub(super) fn has_url_scheme(b: &[u8]) -> bool {
    memchr::memchr_iter(b':', b).any(|k| b[k + 1..].starts_with(b"//"))
}
