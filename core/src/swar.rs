//! Eight text bytes in a `u64`, the first lowest, tested at once ("SIMD within a register"):
//! each test sets 0x80 in every byte that passes and clears every other bit. The tests are
//! exact per byte: no sum carries from one byte into the next. In wasm these beat the byte
//! loops that native targets get vectorized: even built with SIMD (simd128), the compiler
//! leaves those loops mostly scalar there, while wasm has 64-bit words, `popcnt` and `ctz`.
//! The tests are `#[inline]`: they are a few instructions each, called from other modules'
//! inner loops.

/// `b` in each of the eight bytes.
pub(crate) const fn each(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

const HIGH: u64 = each(0x80);
const LOW7: u64 = each(0x7F);

/// 0x80 in each byte of `x` that equals `b`.
#[inline]
pub(crate) fn eq(x: u64, b: u8) -> u64 {
    let v = x ^ each(b);
    // The low seven bits plus 0x7F reach 0x80 unless they are all zero.
    !(((v & LOW7) + LOW7) | v) & HIGH
}

/// 0x80 in each byte of `x` that is an ASCII byte within `lo..=hi` (`hi` below 0x80).
#[inline]
pub(crate) fn within(x: u64, lo: u8, hi: u8) -> u64 {
    let low7 = x & LOW7;
    // Adding 0x80 - lo reaches 0x80 from lo up; adding 0x7F - hi reaches it past hi.
    (low7 + each(0x80 - lo)) & !(low7 + each(0x7F - hi)) & !x & HIGH
}

/// The sum of the eight bytes of `x`: added in pairs (four 16-bit lanes, each under 0x200),
/// then the four lanes by one multiply into the top sixteen bits.
#[inline]
pub(crate) fn sum_bytes(x: u64) -> u64 {
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    let pairs = (x & EVEN) + (x >> 8 & EVEN);
    pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value, in every one of the eight positions, against the plain definitions.
    #[test]
    fn tests_are_exact_per_byte() {
        let filler = [0x00, 0x7F, 0x80, 0xFF, b'\n', b'a'];
        for b in 0..=255u8 {
            for pos in 0..8 {
                for &fill in &filler {
                    let mut bytes = [fill; 8];
                    bytes[pos] = b;
                    let x = u64::from_le_bytes(bytes);
                    let expect = |pass: fn(u8) -> bool| {
                        bytes.iter().enumerate().fold(0u64, |m, (i, &c)| if pass(c) { m | 0x80 << (8 * i) } else { m })
                    };
                    assert_eq!(eq(x, b'\n'), expect(|c| c == b'\n'), "{bytes:?}");
                    assert_eq!(eq(x, 0), expect(|c| c == 0), "{bytes:?}");
                    assert_eq!(within(x, b'0', b'9'), expect(|c| c.is_ascii_digit()), "{bytes:?}");
                    assert_eq!(within(x, 0, 0x7F), expect(|c| c.is_ascii()), "{bytes:?}");
                    assert_eq!(within(x | each(0x20), b'a', b'z'), expect(|c| c.is_ascii_alphabetic()), "{bytes:?}");
                    assert_eq!(sum_bytes(x), bytes.iter().map(|&c| u64::from(c)).sum::<u64>(), "{bytes:?}");
                }
            }
        }
    }
}
