//! Word tables packed by the compiler into one text.
//!
//! A `&[&str]` table is, in the program, a pointer and a length per word beside the words:
//! eight bytes a word that compress poorly (the lexicon's 400 rows of phrases cost the
//! dashboard's gzipped download about 1.6 KB, its words far less; README.md, "The
//! dashboard"). [`Words`] keeps the words of such a table as one text and where each ends,
//! built at compile time ([`packed_words!`]) from the table as contributors write it: the
//! table stays the one source, read only by the compiler.

/// Words `0..N` as one text: word `i` ends at `ends[i]` and starts where word `i - 1` ends.
pub(crate) struct Words<const N: usize> {
    text: &'static str,
    ends: [u16; N],
}

impl<const N: usize> Words<N> {
    /// Words packed from `words` (`text` is their concatenation, [`bytes`]).
    pub(crate) const fn new(text: &'static str, words: &[&str; N]) -> Self {
        let mut ends = [0u16; N];
        let (mut i, mut end) = (0, 0);
        while i < N {
            end += words[i].len();
            assert!(end <= u16::MAX as usize, "a packed table holds at most 64 KB of words");
            ends[i] = end as u16;
            i += 1;
        }
        assert!(end == text.len(), "the text is the words' concatenation");
        Words { text, ends }
    }

    /// Word `i`.
    pub(crate) fn get(&self, i: usize) -> &'static str {
        let start = if i == 0 { 0 } else { usize::from(self.ends[i - 1]) };
        // Ends fall between words, so on character boundaries: this slice never fails.
        self.text.get(start..usize::from(self.ends[i])).unwrap_or("")
    }
}

/// The total length of `words` in bytes.
pub(crate) const fn total_len(words: &[&str]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < words.len() {
        n += words[i].len();
        i += 1;
    }
    n
}

/// The concatenation of `words` (`LEN` = [`total_len`]).
pub(crate) const fn bytes<const LEN: usize>(words: &[&str]) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    let (mut i, mut at) = (0, 0);
    while i < words.len() {
        let w = words[i].as_bytes();
        let mut k = 0;
        while k < w.len() {
            out[at] = w[k];
            at += 1;
            k += 1;
        }
        i += 1;
    }
    out
}

/// `static NAME: Words<N> = packed_words!(LIST);` for a `[&str; N]` constant `LIST`: its
/// words packed at compile time.
macro_rules! packed_words {
    ($list:expr) => {{
        const BYTES: [u8; $crate::packed::total_len(&$list)] = $crate::packed::bytes(&$list);
        const TEXT: &str = match ::core::str::from_utf8(&BYTES) {
            Ok(text) => text,
            Err(_) => panic!("words of a str table are UTF-8"),
        };
        $crate::packed::Words::new(TEXT, &$list)
    }};
}
pub(crate) use packed_words;

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: [&str; 4] = ["done", "", "完了", "in progress"];
    static WORDS: Words<4> = packed_words!(LIST);

    #[test]
    fn each_word_comes_back_as_written() {
        for (i, w) in LIST.iter().enumerate() {
            assert_eq!(WORDS.get(i), *w);
        }
        assert_eq!(WORDS.text, "done完了in progress");
    }
}
