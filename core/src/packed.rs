//! Word tables packed by the compiler into one text.
//!
//! A `&[&str]` table is, in the program, a pointer and a length per word beside the words:
//! eight bytes a word that compress poorly (the lexicon's 400 rows of phrases cost the
//! dashboard's gzipped download about 1.6 KB, its words far less; README.md, "The
//! dashboard"). [`Words`] keeps the words of such a table as one text and where each ends,
//! built at compile time ([`packed_words!`]) from the table as contributors write it: the
//! table stays the one source, read only by the compiler. A list read in one place is
//! written there as one text, `|` between its words ([`opens_with_any`]).

/// Words as one text: word `i` ends at `ends[i]` and starts where word `i - 1` ends. Not
/// generic over the count (its code is compiled once for every table).
pub(crate) struct Words {
    text: &'static str,
    ends: &'static [u16],
}

impl Words {
    /// Words packed from `text`, the concatenation of words that end at `ends` ([`bytes`],
    /// [`ends`]).
    pub(crate) const fn new(text: &'static str, ends: &'static [u16]) -> Self {
        assert!(ends.is_empty() && text.is_empty() || ends[ends.len() - 1] as usize == text.len(), "the text is the words' concatenation");
        Words { text, ends }
    }

    /// Word `i`.
    pub(crate) fn get(&self, i: usize) -> &'static str {
        let start = if i == 0 { 0 } else { usize::from(self.ends[i - 1]) };
        // Ends fall between words, so on character boundaries: this slice never fails.
        self.text.get(start..usize::from(self.ends[i])).unwrap_or("")
    }

    /// The words in the table's order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        (0..self.ends.len()).map(|i| self.get(i))
    }

    /// Whether `word` is one of the words. By length first, as bytes: most words are let go
    /// without a look at their text (a step's note in brackets is asked about every word of
    /// a list).
    pub(crate) fn contains(&self, word: &str) -> bool {
        let (text, word) = (self.text.as_bytes(), word.as_bytes());
        let mut start = 0;
        self.ends.iter().any(|&end| {
            let (from, to) = (start, usize::from(end));
            start = to;
            to - from == word.len() && text.get(from..to) == Some(word)
        })
    }

    /// Whether `word` is one of the words, which are in order: a binary search.
    pub(crate) fn contains_sorted(&self, word: &str) -> bool {
        let (mut low, mut high) = (0, self.ends.len());
        while low < high {
            let mid = (low + high) / 2;
            match self.get(mid).cmp(word) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }
}

/// A word list written inline as one text, `|` between its words (`"archive|history|old "`),
/// where a constant table of [`Words`] would be read once: the program holds the words alone,
/// as [`Words`] does. Whether `t` opens with one of `words`.
pub(crate) fn opens_with_any(t: &str, words: &str) -> bool {
    words.split('|').any(|w| t.starts_with(w))
}

/// Whether `t` holds one of `words` ([`opens_with_any`]).
pub(crate) fn holds_any(t: &str, words: &str) -> bool {
    words.split('|').any(|w| t.contains(w))
}

/// Whether `t` is one of `words` ([`opens_with_any`]).
pub(crate) fn is_any(t: &str, words: &str) -> bool {
    words.split('|').any(|w| t == w)
}

/// Where each of `words` ends in their concatenation (`N` = their count).
pub(crate) const fn ends<const N: usize>(words: &[&str]) -> [u16; N] {
    let mut ends = [0u16; N];
    let (mut i, mut end) = (0, 0);
    while i < N {
        end += words[i].len();
        assert!(end <= u16::MAX as usize, "a packed table holds at most 64 KB of words");
        ends[i] = end as u16;
        i += 1;
    }
    ends
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

/// `static NAME: Words = packed_words!(LIST);` for a `&[&str]` (or `[&str; N]`) constant
/// `LIST`: its words packed at compile time.
macro_rules! packed_words {
    ($list:expr) => {{
        const BYTES: [u8; $crate::packed::total_len(&$list)] = $crate::packed::bytes(&$list);
        const TEXT: &str = match ::core::str::from_utf8(&BYTES) {
            Ok(text) => text,
            Err(_) => panic!("words of a str table are UTF-8"),
        };
        const ENDS: [u16; $list.len()] = $crate::packed::ends(&$list);
        $crate::packed::Words::new(TEXT, &ENDS)
    }};
}
pub(crate) use packed_words;

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: [&str; 4] = ["done", "", "完了", "in progress"];
    static WORDS: Words = packed_words!(LIST);

    #[test]
    fn each_word_comes_back_as_written() {
        for (i, w) in LIST.iter().enumerate() {
            assert_eq!(WORDS.get(i), *w);
        }
        assert_eq!(WORDS.text, "done完了in progress");
        assert!(WORDS.contains("完了") && !WORDS.contains("don"));
        assert_eq!(WORDS.iter().count(), 4);
    }

    #[test]
    fn a_sorted_table_is_searched() {
        const SORTED: [&str; 5] = ["also", "and", "but", "the", "with"];
        static SORTED_WORDS: Words = packed_words!(SORTED);
        for w in SORTED {
            assert!(SORTED_WORDS.contains_sorted(w), "{w}");
        }
        for w in ["", "a", "an", "bus", "zebra"] {
            assert!(!SORTED_WORDS.contains_sorted(w), "{w}");
        }
    }
}
