//! Sorting through one instantiation of the standard library's sort.
//!
//! Every `sort_by_key` on a new element or key type compiles the standard sort again (a stable
//! sort is about 4 KB of wasm, with its merge, small-sort and pivot helpers); the crate had a
//! dozen. Here the crate's sorts sort [`Key`]s — three words and the element's index — in one
//! non-generic function, then move the elements into that order. Ties keep their order (the
//! index breaks them), so this is a stable sort, whatever the standard sort does with ties.

/// What an element sorts by, most significant word first. Callers map their keys onto words
/// in an order-preserving way ([`signed`], `!w` for descending, a constant for unused words).
pub type Key = [u64; 3];

/// Sorts `v` by `key`, stably.
pub fn sort_by_key<T>(v: &mut [T], mut key: impl FnMut(&T) -> Key) {
    if v.len() < 2 {
        return;
    }
    let mut keyed: Vec<(Key, usize)> = v.iter().enumerate().map(|(i, x)| (key(x), i)).collect();
    sort_keyed(&mut keyed);
    let mut order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    permute(v, &mut order);
}

/// Sorts numbers ascending (a plain vector of offsets). Offsets come as a few runs already
/// in order (one per search pass over a text, one per list read), so natively the runs found
/// are merged, neighbours pairwise, pass after pass: k runs cost log2(k) linear passes, an
/// ordered vector one comparison per number, where [`sort_by_key`] built and sorted a key of
/// four words for each. Any order sorts all the same (as runs of one or two). In wasm the
/// dashboard's size budget binds, and the merge would be a second sorting algorithm in it
/// (547 bytes gzipped): there the crate's one sort sorts them.
pub(crate) fn sort_offsets(v: &mut [usize]) {
    if cfg!(target_arch = "wasm32") {
        sort_by_key(v, |&x| [x as u64, 0, 0]);
        return;
    }
    // Where each run ends.
    let mut ends: Vec<usize> = (1..v.len()).filter(|&i| v[i] < v[i - 1]).collect();
    if ends.is_empty() {
        return;
    }
    ends.push(v.len());
    let (mut from, mut to) = (v.to_vec(), vec![0; v.len()]);
    while ends.len() > 1 {
        let (mut start, mut merged) = (0, 0);
        for k in (0..ends.len()).step_by(2) {
            let (mid, end) = (ends[k], ends.get(k + 1).copied().unwrap_or(ends[k]));
            merge(&from[start..mid], &from[mid..end], &mut to[start..end]);
            ends[merged] = end;
            merged += 1;
            start = end;
        }
        ends.truncate(merged);
        std::mem::swap(&mut from, &mut to);
    }
    v.copy_from_slice(&from);
}

/// `a` and `b`, each in order, into `out` (as long as both) in order.
fn merge(a: &[usize], b: &[usize], out: &mut [usize]) {
    let (mut i, mut j) = (0, 0);
    for slot in out {
        *slot = match (a.get(i), b.get(j)) {
            (Some(&x), Some(&y)) if y < x => {
                j += 1;
                y
            }
            (Some(&x), _) => {
                i += 1;
                x
            }
            (None, Some(&y)) => {
                j += 1;
                y
            }
            (None, None) => break,
        };
    }
}

/// An `i64` as a word that sorts the same way.
pub fn signed(n: i64) -> u64 {
    (n as u64) ^ (1 << 63)
}

/// An optional `i64` as two words that sort as `Option` does (`None` first).
pub fn optional(n: Option<i64>) -> [u64; 2] {
    match n {
        None => [0, 0],
        Some(n) => [1, signed(n)],
    }
}

// The one instantiation of the standard sort. `(Key, index)` pairs are all distinct, so the
// unstable sort gives the one order there is.
#[inline(never)]
fn sort_keyed(keyed: &mut [(Key, usize)]) {
    keyed.sort_unstable();
}

/// Moves `v[order[k]]` to `v[k]` for every k, by following the permutation's cycles (swaps
/// only, no copy of `v`). `order` is used up as the record of visited positions.
fn permute<T>(v: &mut [T], order: &mut [usize]) {
    for start in 0..v.len() {
        let mut at = start;
        // Invariant: position `at` holds the element that started at `start`.
        while order[at] != usize::MAX {
            let next = order[at];
            order[at] = usize::MAX;
            if next == start {
                break;
            }
            v.swap(at, next);
            at = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for len in [0, 1, 2, 3, 7, 20, 100, 1000] {
            let mut v: Vec<(u8, i64, usize)> = (0..len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    ((seed % 4) as u8, (seed >> 8) as i64 % 5 - 2, i)
                })
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|x| (std::cmp::Reverse(x.0), x.1));
            sort_by_key(&mut v, |x| {
                let [_, n] = optional(Some(x.1));
                [!u64::from(x.0), n, 0]
            });
            assert_eq!(v, want);
        }
    }

    #[test]
    fn optional_sorts_as_option() {
        let mut v = vec![Some(3), None, Some(-4), Some(i64::MIN), Some(i64::MAX), None, Some(0)];
        let mut want = v.clone();
        want.sort();
        sort_by_key(&mut v, |&x| {
            let [a, b] = optional(x);
            [a, b, 0]
        });
        assert_eq!(v, want);
        let mut offsets = vec![5, 1, 4, 1, 3];
        sort_offsets(&mut offsets);
        assert_eq!(offsets, [1, 1, 3, 4, 5]);
    }

    /// Runs of every length and count, as the searches give them, and numbers in no order at
    /// all: sorted as the standard sort sorts them.
    #[test]
    fn offsets_sort_from_runs_and_from_any_order() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m) as usize
        };
        for runs in 0..12 {
            for _ in 0..20 {
                let mut v: Vec<usize> = Vec::new();
                for _ in 0..runs {
                    let mut run: Vec<usize> = (0..next(40)).map(|_| next(500)).collect();
                    run.sort();
                    v.extend(run);
                }
                let scrambled: Vec<usize> = (0..next(60)).map(|_| next(30)).collect();
                for mut v in [v, scrambled] {
                    let mut want = v.clone();
                    want.sort();
                    sort_offsets(&mut v);
                    assert_eq!(v, want);
                }
            }
        }
    }
}
