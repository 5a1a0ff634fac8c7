//! commit-repeated: a log whose sittings each record the commit their work is in (`- Commit:
//! `8c493de``, `**Commit:** 8c493de`) and give one hash to several sittings in a row that each
//! report work of their own. The hash was carried over, not updated: the next session that
//! looks for a sitting's work at its commit finds an older state (docs/rules.md).
//!
//! Sittings are [`super::sittings::parts`]. A sitting's commit is its first line whose label is
//! `commit` (markup and a list mark around it) and whose value opens with a hash: seven hex
//! digits or more, a digit and a letter among them. Sittings written word for word alike are
//! duplicate-entry's, not this rule's.

use super::Ctx;
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

pub(super) fn check(cx: &mut Ctx) {
    let doc = cx.doc;
    if !cx.on(Rule::CommitRepeated) || doc.dialect() == Dialect::MemoryStore || doc.is_json() {
        return;
    }
    // Two commit fields at least, found by searching the text, before the sittings are read.
    let text = doc.source();
    let fields = ["ommit", "OMMIT"]
        .iter()
        .flat_map(|needle| memchr::memmem::find_iter(text.as_bytes(), needle))
        .filter(|&at| hash_field(crate::span::line_holding(text, at)).is_some())
        .take(2)
        .count();
    if fields < 2 {
        return;
    }
    // Each sitting's commit: (the field's line, the hash's first seven digits, the sitting's
    // text without its heading line).
    let parts = super::sittings::parts(doc);
    let commits: Vec<Option<(Span, String, &str)>> = parts
        .iter()
        .map(|part| {
            let body = doc.text(*part);
            let own = body.split_once('\n').map_or("", |(_, rest)| rest);
            crate::span::lines_in(text, *part).find_map(|line| {
                let written = doc.text(line);
                let hash = hash_field(written)?;
                let lead = written.len() - written.trim_start().len();
                Some((Span::new(line.start() + lead, line.end()), hash[..7].to_ascii_lowercase(), own))
            })
        })
        .collect();
    let mut i = 0;
    while i < commits.len() {
        let Some((first, hash, _)) = &commits[i] else {
            i += 1;
            continue;
        };
        let run = commits[i..].iter().take_while(|c| c.as_ref().is_some_and(|(_, h, _)| h == hash)).count();
        // Work of their own: not every sitting of the run written alike.
        let own: Vec<&str> = commits[i..i + run].iter().flatten().map(|(_, _, body)| *body).collect();
        let alike = own.windows(2).all(|w| crate::identity::same_entry(w[0], w[1]));
        if run >= 2 && !alike {
            // The run's sittings all have a commit: its second and last are there. The finding
            // sits on the first sitting that carried the hash over, the second in time: in a
            // newest-first log, the one above the run's last.
            let second = if doc.newest_first() { i + run - 2 } else { i + 1 };
            let second = commits[second].as_ref().map_or(*first, |c| c.0);
            let last = commits[i + run - 1].as_ref().map_or(*first, |c| c.0);
            let (from, to) = (cx.line(first.start()), cx.line(last.start()));
            let d = cx
                .diag(Rule::CommitRepeated, second, format!("commit `{hash}` is recorded for {run} sittings in a row (lines {from} to {to}), each with work of its own"))
                .with_help("record the commit each sitting's work is in, or say that the work is not committed yet");
            cx.push(d);
        }
        i += run;
    }
}

/// The hash a `Commit:` field line gives, if the line is one: `- Commit: `8c493de…``,
/// `**Commit:** 8c493de`, `Commit 8c493de — fix the parser`.
fn hash_field(line: &str) -> Option<&str> {
    let t = line.trim().trim_start_matches(['-', '*', '+', ' ', '_']);
    let rest = t.get(..6).filter(|w| w.eq_ignore_ascii_case("commit")).map(|_| &t[6..])?;
    let rest = rest.trim_start_matches(['*', '_', ':', ' ', '`']);
    let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
    let hash = &rest[..hex];
    let after = rest.as_bytes().get(hex);
    let whole = after.is_none_or(|c| !c.is_ascii_alphanumeric());
    (hex >= 7 && whole && hash.bytes().any(|b| b.is_ascii_digit()) && hash.bytes().any(|b| b.is_ascii_alphabetic())).then_some(hash)
}

#[cfg(test)]
mod tests {
    use super::hash_field;

    #[test]
    fn commit_fields() {
        assert_eq!(hash_field("- Commit: `8c493de26dc3c0f2cce4c8970b4256d34eff6f4a`"), Some("8c493de26dc3c0f2cce4c8970b4256d34eff6f4a"));
        assert_eq!(hash_field("**Commit:** 790e180a - feat(ui): animations"), Some("790e180a"));
        assert_eq!(hash_field("Committed changes: 03947ef"), None);
        assert_eq!(hash_field("- Commit: pending"), None);
        assert_eq!(hash_field("- Commit: 1234567"), None);
    }
}
