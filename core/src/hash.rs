//! A fast, non-cryptographic hasher for the short keys of the hot paths (ids, normalized
//! entry texts). SipHash's DoS resistance buys nothing here: maps live for one call.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a, 64-bit.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
pub type FastSet<K> = HashSet<K, BuildHasherDefault<Fnv>>;

/// A map keyed by a 64-bit key that is already a hash (an [`Fnv`] of a normalized text, a
/// unit's folded name): the key is its own hash, so it is not hashed a second time.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A number (a sitting's number, a two-byte word key, eight bytes of a secret) as a
/// [`KeyMap`] key: spread over the 64 bits by an odd multiplier, then its high half folded
/// into the low one (the table's bucket bits), both bijections, so distinct numbers stay
/// distinct keys. One map type for every such key compiles hashbrown's table code once in
/// the wasm builds (each key and value type is a copy of it, about 0.5 KB: README.md,
/// "dashboard").
pub(crate) fn small_key(n: u64) -> u64 {
    let x = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ x >> 32
}

/// Things grouped by the 64-bit hash of their key, the groups in a `Vec` of the caller's: the
/// index of the group whose key the caller confirms `same`, else `new` (the caller then adds
/// that group). A hash shared by two keys puts both groups in one bucket, told apart by
/// `same`. One map type for every grouping (a map per key type is a copy of hashbrown's
/// table code in the wasm builds).
pub(crate) fn group_of(buckets: &mut KeyMap<Vec<usize>>, hash: u64, new: usize, same: impl Fn(usize) -> bool) -> usize {
    let bucket = buckets.entry(hash).or_default();
    match bucket.iter().copied().find(|&g| same(g)) {
        Some(g) => g,
        None => {
            bucket.push(new);
            new
        }
    }
}

/// The [`Fnv`] hash of raw bytes (no length written first, as `Hash` for a slice does).
pub(crate) fn fnv_bytes(v: &[u8]) -> u64 {
    let mut h = Fnv::default();
    h.write(v);
    h.finish()
}

/// The [`Fnv`] hash of a value.
pub fn fnv_of<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    let mut h = Fnv::default();
    value.hash(&mut h);
    h.finish()
}

/// The hasher of a [`KeyMap`]: a `u64` key passes through; anything else is hashed by [`Fnv`].
#[derive(Default)]
pub struct KeyHasher(Fnv);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0.finish()
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = Fnv(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sharing_a_hash_stay_apart_in_their_groups() {
        let keys = ["alpha", "beta", "alpha", "beta", "gamma"];
        let (mut groups, mut buckets): (Vec<Vec<usize>>, KeyMap<Vec<usize>>) = Default::default();
        for (i, key) in keys.iter().enumerate() {
            // Every key on one hash: only the caller's comparison tells the groups apart.
            let g = group_of(&mut buckets, 7, groups.len(), |g| keys[groups[g][0]] == *key);
            if g == groups.len() {
                groups.push(Vec::new());
            }
            groups[g].push(i);
        }
        assert_eq!(groups, vec![vec![0, 2], vec![1, 3], vec![4]]);
    }

    #[test]
    fn small_keys_stay_distinct() {
        let keys: FastSet<u64> = (0..70_000u64).chain((0..70_000u64).map(|n| n << 40)).map(small_key).collect();
        assert_eq!(keys.len(), 140_000 - 1);
    }
}
