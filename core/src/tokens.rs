//! The token estimate behind every budget (section-over-budget, render_prompt).
//!
//! Deterministic and documented, and deliberately on the high side so that a prompt
//! "within budget" is within budget for real tokenizers too: ASCII text counts one token
//! per 4 bytes (rounded up), and every non-ASCII character (CJK, emoji, accents) counts as
//! one token of its own. No tokenizer tables, so the same number comes out everywhere.

/// Estimated tokens of `text`.
pub fn estimate(text: &str) -> usize {
    let non_ascii = text.chars().filter(|c| !c.is_ascii()).count();
    let ascii = text.bytes().filter(u8::is_ascii).count();
    ascii.div_ceil(4) + non_ascii
}

#[cfg(test)]
mod tests {
    use super::estimate;

    #[test]
    fn counts_ascii_by_four_and_other_characters_one_each() {
        assert_eq!(estimate(""), 0);
        assert_eq!(estimate("abcd"), 1);
        assert_eq!(estimate("abcde"), 2);
        assert_eq!(estimate("中文"), 2);
        assert_eq!(estimate("ab — cd"), 2 + 1);
    }
}
