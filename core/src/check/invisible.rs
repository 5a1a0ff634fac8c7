//! invisible-character: characters a person reading the file does not see, and an agent
//! reading its text does (docs/rules.md, "invisible-character"):
//!
//! - C0 and C1 control characters but tab, line feed and carriage return (a backspace that
//!   garbles `base: './'`, the escape of a pasted terminal colour code);
//! - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder
//!   what is shown against what is read;
//! - zero-width characters: U+200B–U+200D, U+2060, and U+FEFF anywhere but at offset 0 (a
//!   byte order mark). A zero-width joiner or non-joiner between two non-ASCII characters
//!   is left alone: it joins an emoji sequence (👨‍👩‍👧) or shapes Persian or Indic text.
//!
//! Code is included: hidden text is as much a risk in a command as in prose. One finding per
//! line, naming the characters by code point; its fix deletes every one of them on the line.
//!
//! Most files have none, so the search is two passes over the bytes for those that can
//! start one: the ASCII controls (64 bytes at a time in vector compares natively, eight at a
//! time in a `u64` in wasm), and `memchr` for the UTF-8 lead bytes 0xC2 (C1 controls), 0xE2
//! (U+2000–U+2FFF) and 0xEF (U+FEFF). Each candidate is then read exactly.

use super::Ctx;
use crate::diagnostic::TextEdit;
use crate::rule::Rule;
use crate::span::Span;
use crate::swar;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::InvisibleCharacter) {
        return;
    }
    let text = cx.doc.source();
    let found = find(text.as_bytes());
    let mut at = 0;
    while at < found.len() {
        // One finding per line: the characters up to the end of this one's line.
        let end = crate::span::line_content_end(text, found[at].0.start());
        let on_line = found[at..].iter().take_while(|(s, _)| s.start() < end).count();
        let line = &found[at..at + on_line];
        at += on_line;
        let mut named: Vec<u32> = Vec::new();
        for &(_, c) in line {
            if !named.contains(&c) {
                named.push(c);
            }
        }
        let mut message = if line.len() == 1 { "invisible character ".to_owned() } else { format!("{} invisible characters: ", line.len()) };
        for (k, &c) in named.iter().take(3).enumerate() {
            if k > 0 {
                message.push_str(", ");
            }
            message.push_str(&format!("U+{c:04X} {}", name(c)));
        }
        if named.len() > 3 {
            message.push_str(&format!(" and {} more", named.len() - 3));
        }
        let d = cx
            .diag(Rule::InvisibleCharacter, line[0].0, message)
            .with_help("a person reading the file does not see it, an agent reading the text does (a control character may also have garbled the text beside it): delete it")
            .with_fix(line.iter().map(|&(s, _)| TextEdit::delete(s)).collect());
        cx.push(d);
    }
}

/// Every invisible character of `bytes` (valid UTF-8): its span and code point, in order.
fn find(bytes: &[u8]) -> Vec<(Span, u32)> {
    let mut out: Vec<(Span, u32)> = Vec::new();
    let mut read = |i: usize| {
        if let Some((len, c)) = invisible_at(bytes, i) {
            out.push((Span::new(i, i + len), c));
        }
    };
    if cfg!(target_arch = "wasm32") {
        controls_by_word(bytes, &mut read);
    } else {
        controls_by_block(bytes, &mut read);
    }
    let controls = out.len();
    for i in memchr::memchr3_iter(0xC2, 0xE2, 0xEF, bytes) {
        // Most are typography (— … ✅ ，): two byte compares let them go.
        let (b1, b2) = (bytes.get(i + 1).copied().unwrap_or(0), bytes.get(i + 2).copied().unwrap_or(0));
        let maybe = match bytes[i] {
            0xC2 => b1 < 0xA0,
            0xE2 => b1 & 0xFE == 0x80 && b2 & 0xD0 == 0x80,
            _ => b1 == 0xBB,
        };
        if maybe {
            if let Some((len, c)) = invisible_at(bytes, i) {
                out.push((Span::new(i, i + len), c));
            }
        }
    }
    if controls > 0 && controls < out.len() {
        crate::sort::sort_by_key(&mut out, |(s, _)| [s.start() as u64, 0, 0]);
    }
    out
}

/// An ASCII control other than tab, line feed and carriage return.
#[inline]
fn is_control(b: u8) -> bool {
    (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r') | (b == 0x7F)
}

/// The offsets of [`is_control`] bytes, for native targets: a block of 64 bytes is tested
/// at once (the compiler turns the fold into vector compares) and read byte by byte only
/// when it holds one.
fn controls_by_block(bytes: &[u8], mut hit: impl FnMut(usize)) {
    const BLOCK: usize = 64;
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut base = 0;
    for block in &mut blocks {
        if block.iter().fold(0u8, |a, &b| a | u8::from(is_control(b))) != 0 {
            (0..BLOCK).filter(|&i| is_control(block[i])).for_each(|i| hit(base + i));
        }
        base += BLOCK;
    }
    for (i, &b) in blocks.remainder().iter().enumerate() {
        if is_control(b) {
            hit(base + i);
        }
    }
}

/// [`controls_by_block`] for wasm, where the fold stays mostly scalar ([`crate::swar`]):
/// eight bytes in a `u64`. A byte below 0x20 has bits 5, 6 and 7 clear: shifted left by
/// one and two, bits 6 and 5 land on bit 7 of the same byte. 0x7F is the ASCII byte whose
/// low seven bits plus one carry into bit 7 (no carry leaves a byte: at most 0x7F + 1).
fn controls_by_word(bytes: &[u8], mut hit: impl FnMut(usize)) {
    const HIGH: u64 = swar::each(0x80);
    const LOW7: u64 = swar::each(0x7F);
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut c = (!(x | x << 1 | x << 2) | ((x & LOW7) + swar::each(1))) & !x & HIGH;
        if c != 0 {
            c &= !(swar::eq(x, b'\n') | swar::eq(x, b'\t') | swar::eq(x, b'\r'));
            while c != 0 {
                hit(base + c.trailing_zeros() as usize / 8);
                c &= c - 1;
            }
        }
        base += 8;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if is_control(b) {
            hit(base + i);
        }
    }
}

/// The invisible character starting at byte `i`: (its length in bytes, its code point).
fn invisible_at(bytes: &[u8], i: usize) -> Option<(usize, u32)> {
    let b = *bytes.get(i)?;
    let next = |k: usize| bytes.get(i + k).copied().unwrap_or(0);
    match b {
        b'\t' | b'\n' | b'\r' => None,
        0x00..=0x1F | 0x7F => Some((1, u32::from(b))),
        0xC2 if (0x80..=0x9F).contains(&next(1)) => Some((2, u32::from(next(1)))),
        0xE2 | 0xEF => {
            let c = (u32::from(b) & 0x0F) << 12 | (u32::from(next(1)) & 0x3F) << 6 | (u32::from(next(2)) & 0x3F);
            let continued = next(1) & 0xC0 == 0x80 && next(2) & 0xC0 == 0x80;
            let hidden = match c {
                0x200B..=0x200D => !joins(bytes, i),
                0x2060 | 0x202A..=0x202E | 0x2066..=0x2069 => true,
                0xFEFF => i > 0,
                _ => false,
            };
            (continued && hidden).then_some((3, c))
        }
        _ => None,
    }
}

/// A zero-width character at `i` (three bytes) between two non-ASCII characters: part of
/// an emoji sequence or of the shaping of a script, not hidden text.
fn joins(bytes: &[u8], i: usize) -> bool {
    i > 0 && bytes[i - 1] >= 0x80 && bytes.get(i + 3).is_some_and(|&b| b >= 0x80)
}

/// The Unicode name (or the name alias, for controls) of a character [`invisible_at`] finds.
fn name(c: u32) -> &'static str {
    // Packed (`crate::packed`): read by index.
    const C0: [&str; 32] = [
        "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY", "ACKNOWLEDGE",
        "ALERT", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION", "FORM FEED", "CARRIAGE RETURN",
        "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE", "DEVICE CONTROL TWO", "DEVICE CONTROL THREE",
        "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE", "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL",
        "END OF MEDIUM", "SUBSTITUTE", "ESCAPE", "FILE SEPARATOR", "GROUP SEPARATOR", "RECORD SEPARATOR", "UNIT SEPARATOR",
    ];
    static C0_NAMES: crate::packed::Words = crate::packed::packed_words!(C0);
    match c {
        0..=0x1F => C0_NAMES.get(c as usize),
        0x7F => "DELETE",
        0x80..=0x9F => "C1 CONTROL",
        0x200B => "ZERO WIDTH SPACE",
        0x200C => "ZERO WIDTH NON-JOINER",
        0x200D => "ZERO WIDTH JOINER",
        0x2060 => "WORD JOINER",
        0x202A => "LEFT-TO-RIGHT EMBEDDING",
        0x202B => "RIGHT-TO-LEFT EMBEDDING",
        0x202C => "POP DIRECTIONAL FORMATTING",
        0x202D => "LEFT-TO-RIGHT OVERRIDE",
        0x202E => "RIGHT-TO-LEFT OVERRIDE",
        0x2066 => "LEFT-TO-RIGHT ISOLATE",
        0x2067 => "RIGHT-TO-LEFT ISOLATE",
        0x2068 => "FIRST STRONG ISOLATE",
        0x2069 => "POP DIRECTIONAL ISOLATE",
        0xFEFF => "ZERO WIDTH NO-BREAK SPACE",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    /// Both control searches agree on every byte value in every position of a word.
    #[test]
    fn both_control_searches_agree_on_every_byte() {
        for b in 0..=255u8 {
            for pos in 0..8 {
                for fill in [b'a', b'\n', 0x7F, 0xFF, 0x00] {
                    let mut bytes = [fill; 75];
                    bytes[pos] = b;
                    bytes[64 + pos] = b;
                    let (mut by_block, mut by_word) = (Vec::new(), Vec::new());
                    super::controls_by_block(&bytes, |i| by_block.push(i));
                    super::controls_by_word(&bytes, |i| by_word.push(i));
                    let slow: Vec<usize> = (0..bytes.len()).filter(|&i| super::is_control(bytes[i])).collect();
                    assert_eq!(by_block, slow, "{b:#x} at {pos} in {fill:#x}");
                    assert_eq!(by_word, slow, "{b:#x} at {pos} in {fill:#x}");
                }
            }
        }
    }

    /// The search finds exactly what reading every byte finds.
    #[test]
    fn the_word_search_misses_nothing() {
        let samples = ["", "plain ascii text\n\twith tabs\r\n", "a\u{8}b\u{1b}[0m\u{7f}", "é—中\u{200b}x\u{85}y\u{feff}z\u{202e}", "\u{feff}bom", "👨\u{200d}👩 a\u{200d}b", "xxxxxxx\u{0}"];
        for s in samples {
            for pad in 0..9 {
                let t = format!("{}{s}{}", " ".repeat(pad), "\u{2069}".repeat(pad % 2));
                let b = t.as_bytes();
                let slow: Vec<_> = (0..b.len()).filter_map(|i| super::invisible_at(b, i).map(|(n, c)| (crate::span::Span::new(i, i + n), c))).collect();
                assert_eq!(super::find(b), slow, "{t:?}");
                let (mut by_block, mut by_word) = (Vec::new(), Vec::new());
                super::controls_by_block(b, |i| by_block.push(i));
                super::controls_by_word(b, |i| by_word.push(i));
                assert_eq!(by_block, by_word, "{t:?}");
            }
        }
    }
}
