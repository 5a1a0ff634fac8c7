//! Masking: the secrets found in a text, masked in anything made from it (`docs/secrets.md`).
//!
//! - **Every occurrence.** A value found once is masked wherever it appears, even where the
//!   detector would not see it (glued after a letter in a title, `keyxAKIA…`), and so is any
//!   fragment of it of [`FRAGMENT`] bytes or more (a unit range the parser read out of a
//!   token, a value cut short): [`Secrets::mask`] replaces the detector's finds in the text
//!   given, every copy of a known value, and every run of its fragments.
//! - **Mask, then cut.** A message quotes at most a few dozen characters; a secret cut at the
//!   edge no longer matches the detector. [`Secrets::quote`] masks the whole text first.
//! - **Idempotent.** A redacted form (`sk-p…(redacted)`) is never detected again and holds no
//!   fragment, so masking twice (the core, then the CLI) changes nothing more.

use super::{find_secrets, SecretKind, SecretMatch};
use crate::hash::{fnv_bytes, small_key, KeyMap};
use crate::sort::sort_by_key;
use std::borrow::Cow;

/// The secrets of one text (a document's source, or several files' together): what was
/// found, and every value and fragment to mask wherever it occurs.
#[derive(Debug, Clone, Default)]
pub struct Secrets {
    found: Vec<SecretMatch>,
    /// (value, redacted form), sorted by value.
    values: Vec<(String, String)>,
    /// Every [`FRAGMENT`]-byte window of the values (of a private key, of its key material
    /// only: its BEGIN and END lines are public), as little-endian `u64`s keyed by
    /// [`small_key`] (exact), each to its first two bytes' [`pair`]. The map type of the
    /// rules' indices: one table code less in the wasm than a set of its own.
    fragments: KeyMap<usize>,
    /// The first two bytes of the values and fragments, one bit each of 65,536: a byte pair
    /// of the text that opens none is passed over with one lookup.
    pairs: Vec<u64>,
    /// Whether the text held any secret (even one too short to mask everywhere).
    any: bool,
}

/// A value shorter than this is masked only where it is detected: masking every `1234`
/// would mangle the rest of the output.
const MIN_VALUE: usize = 6;

/// The length of a fragment masked wherever it occurs: eight bytes of a random key narrow it
/// down; fewer are common in prose.
const FRAGMENT: usize = 8;

impl Secrets {
    /// The secrets of `text`.
    pub fn find(text: &str) -> Secrets {
        let found = find_secrets(text);
        let mut values = Vec::new();
        let mut fragments = KeyMap::default();
        for m in &found {
            let secret = &text[m.range.range()];
            if m.kind == SecretKind::PrivateKey {
                let b = secret.as_bytes();
                for (s, e) in (super::KeyWords { b, at: 0 }).filter(|&(s, e)| super::is_key_material(&b[s..e])) {
                    add_fragments(&mut fragments, &b[s..e], 0);
                }
            } else {
                // Not the prefix a redacted form shows (`sk_live_`).
                add_fragments(&mut fragments, secret.as_bytes(), m.kind.shown());
            }
            values.push((secret.to_owned(), m.redacted(text)));
        }
        Secrets::of(found, values, fragments)
    }

    fn of(found: Vec<SecretMatch>, mut values: Vec<(String, String)>, fragments: KeyMap<usize>) -> Secrets {
        values.retain(|(v, _)| v.len() >= MIN_VALUE);
        // Grouped by their first two bytes, in order (the mask looks a byte pair up), and
        // equal values side by side (the dedup): the crate's one sort (`crate::sort`), by the
        // first eight bytes as written, then by a hash of the whole value.
        sort_by_key(&mut values, |(v, _)| [prefix_word(v.as_bytes()), fnv_bytes(v.as_bytes()), 0]);
        values.dedup_by(|a, b| a.0 == b.0);
        let mut pairs = Vec::new();
        if !values.is_empty() || !fragments.is_empty() {
            pairs = vec![0u64; 1024];
            let firsts = values.iter().map(|(v, _)| pair(v.as_bytes(), 0)).chain(fragments.values().copied());
            for k in firsts {
                pairs[k / 64] |= 1 << (k % 64);
            }
        }
        Secrets { any: !found.is_empty(), found, values, fragments, pairs }
    }

    /// The secrets of several texts (a diff's two versions, the files of a workspace): every
    /// value and fragment of each is masked. The detector's finds are not kept (their ranges
    /// are of different texts).
    pub fn union<'a>(all: impl IntoIterator<Item = &'a Secrets>) -> Secrets {
        let (mut values, mut fragments, mut any) = (Vec::new(), KeyMap::default(), false);
        for s in all {
            any |= s.any;
            values.extend(s.values.iter().cloned());
            fragments.extend(s.fragments.iter().map(|(&k, &p)| (k, p)));
        }
        let mut out = Secrets::of(Vec::new(), values, fragments);
        out.any = any;
        out
    }

    /// What the detector found in the text, in order.
    pub fn found(&self) -> &[SecretMatch] {
        &self.found
    }

    /// Whether the text held no secret at all.
    pub fn is_empty(&self) -> bool {
        !self.any
    }

    /// `text` (made from the text these secrets were found in) with every secret masked:
    /// what the detector finds in `text` itself, every occurrence of a known value, every
    /// run of fragments of one. Borrows when nothing is masked; returns at once when the
    /// source held no secret (a text made from a clean source holds none).
    pub fn mask<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.is_empty() {
            return Cow::Borrowed(text);
        }
        self.mask_with(text, find_secrets(text))
    }

    /// [`Secrets::mask`] on an owned text, replacing it only when something was masked: how
    /// every output that quotes its inputs (diagnostics, merge conflicts) is finished.
    pub fn mask_in_place(&self, text: &mut String) {
        if let Cow::Owned(masked) = self.mask(text) {
            *text = masked;
        }
    }

    /// [`Secrets::mask`] with the detector's finds in `text` given.
    fn mask_with<'t>(&self, text: &'t str, found: Vec<SecretMatch>) -> Cow<'t, str> {
        let mut hits: Vec<(usize, usize, Cow<'_, str>)> = found.iter().map(|m| (m.range.start(), m.range.end(), Cow::Owned(m.redacted(text)))).collect();
        let b = text.as_bytes();
        if !self.pairs.is_empty() {
            for i in 0..b.len().saturating_sub(1) {
                let k = pair(b, i);
                if self.pairs[k / 64] & 1 << (k % 64) == 0 || !text.is_char_boundary(i) {
                    continue;
                }
                let from = self.values.partition_point(|(v, _)| v.as_bytes()[..2] < b[i..i + 2]);
                for (v, redacted) in self.values[from..].iter().take_while(|(v, _)| v.as_bytes()[..2] == b[i..i + 2]) {
                    if b[i..].starts_with(v.as_bytes()) {
                        hits.push((i, i + v.len(), Cow::Borrowed(redacted.as_str())));
                    }
                }
                let window = b.get(i..i + FRAGMENT).map(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; FRAGMENT])));
                if window.is_some_and(|w| self.fragments.contains_key(&small_key(w))) && text.is_char_boundary(i + FRAGMENT) {
                    hits.push((i, i + FRAGMENT, Cow::Borrowed("…(redacted)")));
                }
            }
        }
        if hits.is_empty() {
            return Cow::Borrowed(text);
        }
        // By start, the longest first.
        sort_by_key(&mut hits, |h| [h.0 as u64, !(h.1 as u64), 0]);
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for (start, end, redacted) in hits {
            if end <= at {
                continue; // inside a masked stretch
            }
            if start < at {
                // Overlaps the stretch just masked (a run of fragments): mask the rest too.
                at = end;
                continue;
            }
            out.push_str(&text[at..start]);
            out.push_str(&redacted);
            at = end;
        }
        out.push_str(&text[at..]);
        Cow::Owned(out)
    }

    /// A short quotation for a message: `text` masked, then its first line, at most `max`
    /// characters (`…` when cut). Masking comes first: a secret cut at the edge would no
    /// longer be found.
    pub fn quote(&self, text: &str, max: usize) -> String {
        let masked = self.mask(text);
        let line = masked.lines().next().unwrap_or("").trim();
        let mut out: String = line.chars().take(max).collect();
        if line.chars().count() > max {
            out.push('…');
        }
        out
    }
}

/// Adds the [`FRAGMENT`]-byte windows of `value` past its first `shown` bytes; not a run of
/// one byte (`11111111` of a card number is no clue).
fn add_fragments(set: &mut KeyMap<usize>, value: &[u8], shown: usize) {
    for w in value.windows(FRAGMENT).skip(shown.saturating_sub(FRAGMENT - 1)) {
        if w.iter().any(|&c| c != w[0]) {
            set.insert(small_key(u64::from_le_bytes(w.try_into().unwrap_or([0; FRAGMENT]))), pair(w, 0));
        }
    }
}

/// The first eight bytes of `v` (zeros past its end) as a number that sorts as they do.
fn prefix_word(v: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    let n = v.len().min(8);
    w[..n].copy_from_slice(&v[..n]);
    u64::from_be_bytes(w)
}

/// The byte pair at `i` as a number below 65,536.
fn pair(b: &[u8], i: usize) -> usize {
    usize::from(b[i]) << 8 | usize::from(b[i + 1])
}

/// `text` (a message about `source`: a refused edit quoting the file, a tool's answer) with
/// the secrets of both masked, each found value at every occurrence: a value the message
/// quotes where the detector cannot see it (glued to a word) is found in the source.
pub fn redact_about<'t>(text: &'t str, source: &str) -> Cow<'t, str> {
    Secrets::union([&Secrets::find(source), &Secrets::find(text)]).mask(text)
}

/// `text` with every secret it holds masked, each found value at every occurrence: for text
/// that comes from no checked document (a file to share, a command's argument, an error).
/// Borrows when clean.
pub fn redact(text: &str) -> Cow<'_, str> {
    let secrets = Secrets::find(text);
    if secrets.is_empty() {
        return Cow::Borrowed(text);
    }
    let found = secrets.found.clone();
    secrets.mask_with(text, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "AKIAQ7R2M5XK3PZL9WJD";

    #[test]
    fn a_found_value_is_masked_at_every_occurrence() {
        // Found at a word boundary once; glued after a letter, the detector misses it.
        let source = format!("# Task xAKIAQ7R2M5XK3PZL9WJD\n\nkey {KEY} here\n");
        let secrets = Secrets::find(&source);
        assert_eq!(secrets.found().len(), 1);
        let title = "Task xAKIAQ7R2M5XK3PZL9WJD";
        assert_eq!(secrets.mask(title), "Task xAKIA…(redacted)");
        assert_eq!(redact(&source), "# Task xAKIA…(redacted)\n\nkey AKIA…(redacted) here\n");
    }

    #[test]
    fn quotes_mask_before_they_cut() {
        let text = format!("{} {KEY} and more", "x".repeat(40));
        let secrets = Secrets::find(&text);
        let quoted = secrets.quote(&text, 60);
        assert!(!quoted.contains("Q7R2M5XK"), "{quoted}");
        assert_eq!(quoted, format!("{} AKIA…(redacted) and…", "x".repeat(40)));
        // Without masking first, the cut would keep 19 of the key's 20 characters.
        let cut: String = text.chars().take(60).collect();
        assert!(cut.contains("AKIAQ7R2M5XK3PZL9WJ") && redact(&cut) == cut);
    }

    #[test]
    fn a_union_masks_the_values_of_each_text() {
        let a = Secrets::find("old: sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC");
        let b = Secrets::find(&format!("new: {KEY}"));
        let both = Secrets::union([&a, &b]);
        let text = format!("xsk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC y{KEY}z");
        assert_eq!(both.mask(&text), "xsk-p…(redacted) yAKIA…(redacted)z");
        assert!(matches!(Secrets::union([&Secrets::default()]).mask("clean"), Cow::Borrowed(_)));
    }

    #[test]
    fn masking_is_idempotent() {
        let text = format!("{KEY} -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk\n-----END EC PRIVATE KEY-----\npassword=hunter22 x{KEY}");
        let once = redact(&text).into_owned();
        assert!(!once.contains("IOSFODNN") && !once.contains("MHcCAQEE") && !once.contains("hunter22"), "{once}");
        assert_eq!(redact(&once), once.as_str());
        assert_eq!(Secrets::find(&text).mask(&once), once.as_str());
    }

    #[test]
    fn a_message_about_a_source_masks_the_sources_secrets() {
        let source = format!("- bucketx{KEY} logs\n- rotate {KEY}\n");
        let message = format!("duplicate entry: \"bucketx{KEY} logs\"");
        assert_eq!(redact(&message), message.as_str());
        assert_eq!(redact_about(&message, &source), "duplicate entry: \"bucketxAKIA…(redacted) logs\"");
    }

    #[test]
    fn a_private_keys_lines_are_masked_on_their_own() {
        let source = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7b9xYz\n-----END RSA PRIVATE KEY-----\n";
        let secrets = Secrets::find(source);
        assert_eq!(secrets.mask("copied: MIIEowIBAAKCAQEA7b9xYz."), "copied: …(redacted).");
    }
}
