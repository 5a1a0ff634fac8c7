//! Matching stances: each stance against the most recent opposing stance about the same
//! subject, grouped by (axis, subject) so that thousands of decisions cost one pass.

use super::stance::{raw_stances_into, Stance};
use crate::hash::{fnv_of, group_of, KeyMap};

/// Conflicting pairs among decision texts (`None` = not active), for one file or for the
/// decisions of several files laid end to end. `a < b` in each pair.
///
/// Two phases. First every active decision's stances are found as ranges into its text, and
/// only the hash of each one's group key (axis and subject) is kept, with the polarities seen
/// per hash. A conflict needs both polarities in one group, so the second phase, which builds
/// the stances' strings and matches them, runs on the decisions with a stance in such a group
/// only: in a log of thousands of "DO NOT modify …" decisions, usually none. Equal keys hash
/// equally, so every group that can hold a conflict is kept whole and in order (a hash
/// collision only keeps more); the groups left out could not report anything.
pub(crate) fn pairs(texts: &[Option<&str>]) -> Vec<Pair> {
    let (mut toks, mut found) = (Vec::new(), Vec::new());
    // (decision, group hash) of every stance in file order; the polarities seen per hash.
    let mut all: Vec<(usize, u64)> = Vec::new();
    let mut polarities: KeyMap<usize> = KeyMap::default();
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else { continue };
        found.clear();
        raw_stances_into(text, &mut toks, &mut found);
        for s in &found {
            let h = s.group_hash(text);
            *polarities.entry(h).or_default() |= 1 << usize::from(s.positive);
            all.push((i, h));
        }
    }
    let mut candidate = vec![false; texts.len()];
    for (i, h) in &all {
        candidate[*i] |= polarities.get(h) == Some(&0b11);
    }
    if !candidate.contains(&true) {
        return Vec::new();
    }
    // The candidates' stances again, resolved this time.
    let stances = texts.iter().enumerate().filter(|(i, _)| candidate[*i]).flat_map(|(i, text)| {
        let text = text.unwrap_or("");
        found.clear();
        raw_stances_into(text, &mut toks, &mut found);
        found.drain(..).map(move |s| (i, s.resolve(text))).collect::<Vec<_>>()
    });
    matched(texts, stances)
}

/// The matching itself, over the stances of some decisions in file order: each stance against
/// the most recent opposing stance about a compatible subject.
pub(super) fn matched(texts: &[Option<&str>], stances: impl Iterator<Item = (usize, Stance)>) -> Vec<Pair> {
    /// The most recent stances of each polarity about one subject on one axis. Bounded, so a
    /// subject named in thousands of decisions stays linear.
    #[derive(Default)]
    struct Group {
        recent: [Vec<(usize, Stance)>; 2],
    }
    const KEEP_RECENT: usize = 16;
    // The groups by their key, found through the hash of the key (`hash::group_of`).
    let (mut groups, mut buckets): (Vec<(String, Group)>, KeyMap<Vec<usize>>) = Default::default();
    let mut out = Vec::new();
    // The decisions paired already with decision `i`: the stances come in file order, so a
    // pair (j, i) is asked about only while `i` is the current decision.
    let (mut current, mut reported) = (usize::MAX, Vec::new());
    for (i, s) in stances {
        if i != current {
            current = i;
            reported.clear();
        }
        let text = texts[i].unwrap_or("");
        let g = group_of(&mut buckets, fnv_of(s.key.as_str()), groups.len(), |g| groups[g].0 == s.key);
        if g == groups.len() {
            groups.push((s.key.clone(), Group::default()));
        }
        let group = &mut groups[g].1;
        // The most recent opposing stance about a compatible subject.
        let opposite = &group.recent[usize::from(!s.positive)];
        #[cfg(test)]
        super::tests::WORK.with(|n| n.set(n.get() + 1 + opposite.len()));
        if let Some((j, o)) = opposite.iter().rev().find(|(j, o)| *j != i && o.same_subject(&s)) {
            if !reported.contains(j) {
                reported.push(*j);
                out.push(Pair::new(*j, i, texts[*j].unwrap_or(""), text, o, &s));
            }
        }
        let same = &mut group.recent[usize::from(s.positive)];
        if same.len() == KEEP_RECENT {
            same.remove(0);
        }
        same.push((i, s));
    }
    out
}

/// A conflicting pair with what is needed to explain it.
pub(crate) struct Pair {
    pub a: usize,
    pub b: usize,
    pub subject: String,
    pub a_words: String,
    pub b_words: String,
    pub(super) a_gloss: &'static str,
    pub(super) b_gloss: &'static str,
}

impl Pair {
    pub(super) fn new(a: usize, b: usize, a_text: &str, b_text: &str, sa: &Stance, sb: &Stance) -> Pair {
        Pair {
            a,
            b,
            subject: sb.subject.clone(),
            a_words: a_text.get(sa.cue.clone()).unwrap_or("").to_owned(),
            b_words: b_text.get(sb.cue.clone()).unwrap_or("").to_owned(),
            a_gloss: sa.axis.gloss(sa.positive),
            b_gloss: sb.axis.gloss(sb.positive),
        }
    }

    pub(crate) fn explain(&self, a_id: &str, b_id: &str) -> String {
        format!(
            "both are about `{}`: {a_id} says \"{}\" ({}) but {b_id} says \"{}\" ({}), and neither supersedes the other",
            self.subject, self.a_words, self.a_gloss, self.b_words, self.b_gloss
        )
    }
}
