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
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A small number (a sitting's number, a two-byte word key) as a [`KeyMap`] key: spread over
/// the 64 bits by an odd multiplier, a bijection, so distinct numbers stay distinct keys. One
/// map type for every such key compiles hashbrown's table code once in the wasm builds (each
/// key and value type is a copy of it, about 0.5 KB: README.md, "dashboard").
pub(crate) fn small_key(n: u64) -> u64 {
    n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The hasher of a [`KeyMap`]: a `u64` key passes through; anything else is hashed by [`Fnv`].
#[derive(Default)]
pub(crate) struct KeyHasher(Fnv);

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
