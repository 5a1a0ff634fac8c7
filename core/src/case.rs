//! Lower case without the standard library's case tables.
//!
//! `char::to_lowercase` and `str::to_lowercase` link a table of every mapping (about 11 KB of
//! wasm, 18 KB with its code; `to_uppercase` as much again). The lower-case mappings come in
//! runs — a block of capitals at a fixed distance from its small letters, or capitals and
//! small letters alternating — and 185 runs hold them all. The test below checks every
//! character against the standard library, so a Unicode update of the toolchain shows up there
//! (regenerate [`RUNS`] from `char::to_lowercase` when it does).
//!
//! One difference from `str::to_lowercase`, on purpose: a capital sigma becomes σ everywhere,
//! as `char::to_lowercase` has it, not ς at the end of a word. The crate lower-cases to build
//! comparison keys, and the hashes that stand for those keys ([`crate::check`]'s unit hash)
//! are taken character by character: now key and hash agree for Greek too.

/// `(first | count << 21 | (step - 1) << 28, distance)`: the characters `first`,
/// `first + step`, … (`count` of them) lower-case to themselves plus `distance`.
#[rustfmt::skip]
static RUNS: [(u32, i32); 185] = [
    (0x2e000c0, 32), (0xe000d8, 32), (0x13000100, 1), (0x200130, -199), (0x10600132, 1),
    (0x11000139, 1), (0x12e0014a, 1), (0x200178, -121), (0x10600179, 1), (0x200181, 210),
    (0x10400182, 1), (0x200186, 206), (0x200187, 1), (0x400189, 205), (0x20018b, 1), (0x20018e, 79),
    (0x20018f, 202), (0x200190, 203), (0x200191, 1), (0x200193, 205), (0x200194, 207),
    (0x200196, 211), (0x200197, 209), (0x200198, 1), (0x20019c, 211), (0x20019d, 213),
    (0x20019f, 214), (0x106001a0, 1), (0x2001a6, 218), (0x2001a7, 1), (0x2001a9, 218),
    (0x2001ac, 1), (0x2001ae, 218), (0x2001af, 1), (0x4001b1, 217), (0x104001b3, 1),
    (0x2001b7, 219), (0x2001b8, 1), (0x2001bc, 1), (0x2001c4, 2), (0x2001c5, 1), (0x2001c7, 2),
    (0x2001c8, 1), (0x2001ca, 2), (0x112001cb, 1), (0x112001de, 1), (0x2001f1, 2), (0x104001f2, 1),
    (0x2001f6, -97), (0x2001f7, -56), (0x128001f8, 1), (0x200220, -130), (0x11200222, 1),
    (0x20023a, 10795), (0x20023b, 1), (0x20023d, -163), (0x20023e, 10792), (0x200241, 1),
    (0x200243, -195), (0x200244, 69), (0x200245, 71), (0x10a00246, 1), (0x10400370, 1),
    (0x200376, 1), (0x20037f, 116), (0x200386, 38), (0x600388, 37), (0x20038c, 64), (0x40038e, 63),
    (0x2200391, 32), (0x12003a3, 32), (0x2003cf, 8), (0x118003d8, 1), (0x2003f4, -60),
    (0x2003f7, 1), (0x2003f9, -7), (0x2003fa, 1), (0x6003fd, -130), (0x2000400, 80),
    (0x4000410, 32), (0x12200460, 1), (0x1360048a, 1), (0x2004c0, 15), (0x10e004c1, 1),
    (0x160004d0, 1), (0x4c00531, 48), (0x4c010a0, 7264), (0x2010c7, 7264), (0x2010cd, 7264),
    (0xa0013a0, 38864), (0xc013f0, 8), (0x201c89, 1), (0x5601c90, -3008), (0x601cbd, -3008),
    (0x19601e00, 1), (0x201e9e, -7615), (0x16001ea0, 1), (0x1001f08, -8), (0xc01f18, -8),
    (0x1001f28, -8), (0x1001f38, -8), (0xc01f48, -8), (0x10801f59, -8), (0x1001f68, -8),
    (0x1001f88, -8), (0x1001f98, -8), (0x1001fa8, -8), (0x401fb8, -8), (0x401fba, -74),
    (0x201fbc, -9), (0x801fc8, -86), (0x201fcc, -9), (0x401fd8, -8), (0x401fda, -100),
    (0x401fe8, -8), (0x401fea, -112), (0x201fec, -7), (0x401ff8, -128), (0x401ffa, -126),
    (0x201ffc, -9), (0x202126, -7517), (0x20212a, -8383), (0x20212b, -8262), (0x202132, 28),
    (0x2002160, 16), (0x202183, 1), (0x34024b6, 26), (0x6002c00, 48), (0x202c60, 1),
    (0x202c62, -10743), (0x202c63, -3814), (0x202c64, -10727), (0x10602c67, 1), (0x202c6d, -10780),
    (0x202c6e, -10749), (0x202c6f, -10783), (0x202c70, -10782), (0x202c72, 1), (0x202c75, 1),
    (0x402c7e, -10815), (0x16402c80, 1), (0x10402ceb, 1), (0x202cf2, 1), (0x12e0a640, 1),
    (0x11c0a680, 1), (0x10e0a722, 1), (0x13e0a732, 1), (0x1040a779, 1), (0x20a77d, -35332),
    (0x10a0a77e, 1), (0x20a78b, 1), (0x20a78d, -42280), (0x1040a790, 1), (0x1140a796, 1),
    (0x20a7aa, -42308), (0x20a7ab, -42319), (0x20a7ac, -42315), (0x20a7ad, -42305),
    (0x20a7ae, -42308), (0x20a7b0, -42258), (0x20a7b1, -42282), (0x20a7b2, -42261), (0x20a7b3, 928),
    (0x1100a7b4, 1), (0x20a7c4, -48), (0x20a7c5, -42307), (0x20a7c6, -35384), (0x1040a7c7, 1),
    (0x20a7cb, -42343), (0x1100a7cc, 1), (0x20a7dc, -42561), (0x20a7f5, 1), (0x340ff21, 32),
    (0x5010400, 40), (0x48104b0, 40), (0x1610570, 39), (0x1e1057c, 39), (0xe1058c, 39),
    (0x410594, 39), (0x6610c80, 64), (0x2c10d50, 32), (0x40118a0, 32), (0x4016e40, 32),
    (0x3216ea0, 27), (0x441e900, 34),
];

/// The lower case of `c`, one character (`char::to_lowercase().next()`: İ gives i).
pub(crate) fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let cp = c as u32;
    let i = RUNS.partition_point(|&(r, _)| r & 0x1f_ffff <= cp);
    if i == 0 {
        return c;
    }
    let (r, distance) = RUNS[i - 1];
    let (first, count, step) = (r & 0x1f_ffff, r >> 21 & 0x7f, (r >> 28) + 1);
    let k = cp - first;
    if k % step != 0 || k / step >= count {
        return c;
    }
    char::from_u32(cp.wrapping_add_signed(distance)).unwrap_or(c)
}

/// The lower case of `c` in full (`char::to_lowercase`: İ gives i and a combining dot).
pub(crate) fn lowers(c: char) -> impl Iterator<Item = char> {
    std::iter::once(lower(c)).chain((c == '\u{130}').then_some('\u{307}'))
}

/// Appends the lower case of `c` in full ([`lowers`]).
pub(crate) fn push_lower(out: &mut String, c: char) {
    out.extend(lowers(c));
}

/// `s` in lower case, character by character (see the module note on sigma).
pub fn to_lower(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_lower(&mut out, c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_lowers_as_the_standard_library_has_it() {
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            let want: String = c.to_lowercase().collect();
            let mut got = String::new();
            push_lower(&mut got, c);
            assert_eq!(got, want, "U+{:04X}", c as u32);
            assert_eq!(lower(c), want.chars().next().unwrap());
        }
    }

    #[test]
    fn strings_lower_by_character() {
        assert_eq!(to_lower("Straße ÀÉÎ İx"), "straße àéî i\u{307}x");
        assert_eq!(to_lower("ΟΔΟΣ"), "οδοσ");
        assert_eq!(to_lower("Plain ASCII"), "plain ascii");
    }
}
