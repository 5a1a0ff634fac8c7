//! summary-contradiction, for a claim that all of a numbered series is done: `ALL 88
//! FEATURES DONE`, `All 49 features now passing`, `152/152 tasks complete`, in a file that
//! numbers its work (`Feature #74`, `F045`, `DB-010`, a range `F041-F044`) and never
//! names some of the numbers up to that total. The claim rests on work the file does not
//! show: the missing ones were skipped, lost in an edit, or never done (docs/reader.md,
//! "Counts and summaries").
//!
//! A series is the ids of one prefix (`#`, `f`, `db-`), read anywhere in the file. The claim
//! is measured against the series that holds most of `1..=N` (four fifths at least, five
//! numbers at least): a total that no series covers so well is about something else. Only a
//! few missing numbers (a tenth of the total, three at least) are a gap; more is a file that
//! does not log each one, which says nothing of the claim.

use super::Ctx;
use crate::span::line_content_end;
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

/// `counted`: the lines (0-based, in order) that the count rules found to hold a count,
/// fractions among them ([`super::counts::check`]): the claims are looked for among them
/// and the lines with an `all` before a number, not in every line.
pub(super) fn check(cx: &mut Ctx, counted: &[usize]) {
    let doc = cx.doc;
    if !cx.on(Rule::SummaryContradiction) || doc.dialect() == Dialect::MemoryStore || doc.is_json() {
        return;
    }
    let text = doc.source();
    let index = doc.line_index();
    let mut lines: Vec<usize> = says_all_before_a_number(text.as_bytes()).map(|at| index.line_of(at)).collect();
    lines.extend_from_slice(counted);
    if lines.is_empty() {
        return;
    }
    crate::sort::sort_by_key(&mut lines, |&l| [l as u64, 0, 0]);
    lines.dedup();
    let fences = crate::code::Fences::of(doc);
    let mut claims = Vec::new();
    for start in lines.into_iter().filter_map(|l| index.line_start(l)).filter(|&s| !fences.holds(s)) {
        let (from, to) = crate::code::content_bounds(text, start, line_content_end(text, start));
        let lower = crate::case::to_lower(&text[from..to]);
        if let Some(total) = crate::lexicon::claims_all_done(&lower).then(|| claimed_total(&lower)).flatten() {
            claims.push((Span::new(from, to), total));
        }
    }
    if claims.is_empty() {
        return;
    }
    let series = Series::read(doc.source());
    for (span, total) in claims {
        let Some((prefix, width, missing)) = series.gaps_up_to(total) else { continue };
        let shown: Vec<String> = missing.iter().take(5).map(|n| id(prefix, width, *n)).collect();
        let more = if missing.len() > 5 { format!(" and {} more", missing.len() - 5) } else { String::new() };
        let (verb, them) = if missing.len() == 1 { ("is", "it") } else { ("are", "them") };
        let d = cx
            .diag(
                Rule::SummaryContradiction,
                span,
                format!("this line says all {total} are done, and {}{more} {verb} nowhere in the file", shown.join(", ")),
            )
            .with_help(format!("log {them} where {verb_} done, or correct the count", verb_ = if missing.len() == 1 { "it was" } else { "they were" }));
        cx.push(d);
    }
}

/// An id of a series as the file writes its others: `#75`, `F045` (its prefix as first
/// written, padded as its ids are).
fn id(prefix: &str, width: usize, n: u32) -> String {
    format!("{prefix}{n:0width$}")
}

/// Where a text writes `all` (any case) before a space and a digit (`ALL 88 FEATURES DONE`),
/// searched for in the whole text at once: a long log has many lines, few of them claims.
fn says_all_before_a_number(b: &[u8]) -> impl Iterator<Item = usize> + '_ {
    ["ll ", "LL "].into_iter().flat_map(move |needle| {
        memchr::memmem::find_iter(b, needle).filter(move |&i| i > 0 && b[i - 1].eq_ignore_ascii_case(&b'a') && b.get(i + 3).is_some_and(u8::is_ascii_digit))
    })
}

/// The total a claim gives: the number after `all` (`all 88 features`), or both sides of a
/// fraction that are equal (`152/152`).
fn claimed_total(lower: &str) -> Option<u32> {
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '/').filter(|w| !w.is_empty()).collect();
    let after_all = words.windows(2).find(|w| w[0] == "all").and_then(|w| w[1].parse::<u32>().ok());
    let fraction = || {
        words.iter().find_map(|w| {
            let (a, b) = w.split_once('/')?;
            let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
            (a == b).then_some(a)
        })
    };
    after_all.or_else(fraction).filter(|&n| (5..=5000).contains(&n))
}

/// The numbers each id prefix ([`crate::identity::work_ids`]) is written with in a text:
/// `#74`, `Feature #74` (series `#`), `F045` (`f`), `DB-010` (`db-`), each number of a
/// short range (`F041-F044`).
struct Series {
    /// (prefix folded, prefix as first written, digits its padded numbers are written with
    /// (0 if none is), numbers seen), the numbers sorted and unique.
    by_prefix: Vec<(String, String, usize, Vec<u32>)>,
}

impl Series {
    fn read(text: &str) -> Series {
        let mut found: Vec<(String, u32, usize)> = Vec::new();
        // Each series' prefix as first written (`F`, `DB-`), for the message.
        let mut written: Vec<(String, &str)> = Vec::new();
        for id in crate::identity::work_ids(text) {
            let series = id.series();
            if !written.iter().any(|(s, _)| *s == series) {
                written.push((series.clone(), id.prefix));
            }
            found.extend(id.numbers.clone().map(|n| (series.clone(), n, id.width)));
        }
        // By prefix (its hash groups it), then number.
        crate::sort::sort_by_key(&mut found, |(prefix, n, _)| [crate::hash::fnv_of(prefix.as_str()), u64::from(*n), 0]);
        let mut by_prefix: Vec<(String, String, usize, Vec<u32>)> = Vec::new();
        for (prefix, n, width) in found {
            match by_prefix.last_mut() {
                Some((p, _, w, ns)) if *p == prefix => {
                    *w = (*w).max(width);
                    if ns.last() != Some(&n) {
                        ns.push(n);
                    }
                }
                _ => {
                    let shown = written.iter().find(|(s, _)| *s == prefix).map_or(String::new(), |(_, w)| (*w).to_owned());
                    by_prefix.push((prefix, shown, width, vec![n]));
                }
            }
        }
        Series { by_prefix }
    }

    /// The series that holds most of `1..=total` (four fifths, five at least) and the few
    /// numbers of it that it lacks (one at least, a tenth of the total or three at most).
    fn gaps_up_to(&self, total: u32) -> Option<(&str, usize, Vec<u32>)> {
        let (_, prefix, width, numbers) = self.by_prefix.iter().max_by_key(|(_, _, _, ns)| ns.iter().filter(|&&n| (1..=total).contains(&n)).count())?;
        let held = numbers.iter().filter(|&&n| (1..=total).contains(&n)).count() as u32;
        let missing: Vec<u32> = (1..=total).filter(|n| numbers.binary_search(n).is_err()).collect();
        let few = (missing.len() as u32) <= total.div_ceil(10).max(3);
        (held >= 5 && held * 5 >= total * 4 && !missing.is_empty() && few).then(|| (prefix.as_str(), *width, missing))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_ranges() {
        let s = Series::read("Feature #74 done. F041-F044 and F046. DB-010, v1.2, v12, 2026-01-15, abc12x, #3..#5, P1, rust/ws31-bootstrap, COD-11-001");
        let get = |p: &str| s.by_prefix.iter().find(|(q, ..)| q == p).map(|(.., ns)| ns.clone()).unwrap_or_default();
        assert_eq!(get("#"), [3, 4, 5, 74]);
        assert_eq!(get("f"), [41, 42, 43, 44, 46]);
        assert_eq!(get("db-"), [10]);
        assert_eq!(get("cod-11-"), [1]);
        assert!(get("v").is_empty() && get("p").is_empty() && get("ws").is_empty());
    }

    #[test]
    fn claimed_totals() {
        assert_eq!(claimed_total("### status: complete - all 88 features done 🎉"), Some(88));
        assert_eq!(claimed_total("- all 49 features now passing — app feature-complete"), Some(49));
        assert_eq!(claimed_total("152/152 features passing"), Some(152));
        assert_eq!(claimed_total("all features done"), None);
    }
}
