//! dangling-supersedes, conflicting-decisions (the matching itself is [`crate::conflict`]).

use super::Ctx;
use crate::diagnostic::TextEdit;
use crate::rule::Rule;
use crate::time::{Precision, Timestamp};

pub(super) fn check(cx: &mut Ctx) {
    if cx.on(Rule::DanglingSupersedes) {
        dangling(cx);
    }
    if cx.on(Rule::ConflictingDecisions) && cx.doc.decisions().len() >= 2 {
        conflicting(cx);
    }
}

fn dangling(cx: &mut Ctx) {
    let doc = cx.doc;
    let decisions = doc.decisions();
    for (i, d) in decisions.iter().enumerate() {
        let Some(sup) = &d.supersedes else { continue };
        if sup.resolved.is_some() {
            continue;
        }
        let target = doc.text(sup.target).trim_end_matches(['.', ',', ';', ':']);
        let later = decisions[i + 1..].iter().any(|l| l.id == target);
        // `SUPERSEDES [2026-04-22]` (the seed's "[date]"): the one earlier decision that day.
        let same_day: Vec<usize> = match Timestamp::parse(target) {
            Some(t) if t.style.precision == Precision::Date => decisions[..i]
                .iter()
                .enumerate()
                .filter(|(_, e)| e.timestamp.is_some_and(|s| s.epoch_seconds.div_euclid(86_400) == t.epoch_seconds.div_euclid(86_400)))
                .map(|(j, _)| j)
                .collect(),
            _ => Vec::new(),
        };
        let message = if later {
            format!("SUPERSEDES [{target}] names a later decision: a decision can only replace an earlier one")
        } else if same_day.len() == 1 {
            format!("SUPERSEDES [{target}] names a date, not a decision id; the one earlier decision that day is {}", decisions[same_day[0]].id)
        } else if same_day.len() > 1 {
            format!("SUPERSEDES [{target}] is ambiguous: {} earlier decisions that day", same_day.len())
        } else {
            format!("SUPERSEDES [{target}] names no earlier decision")
        };
        let mut diag = cx.diag(Rule::DanglingSupersedes, sup.span, message);
        if same_day.len() == 1 {
            let id = decisions[same_day[0]].id.clone();
            diag = diag
                .with_help(format!("name the decision by its id: SUPERSEDES [{id}]"))
                .with_fix(vec![TextEdit::replace(sup.target, id)]);
        } else {
            let ids: Vec<&str> = decisions[..i].iter().rev().take(3).map(|d| d.id.as_str()).collect();
            let hint = if ids.is_empty() { String::from("there is no earlier decision") } else { format!("recent decisions: {}", ids.join(", ")) };
            diag = diag.with_help(format!("name the replaced decision by its id (its timestamp as written); {hint}"));
        }
        cx.push(diag);
    }
}

fn conflicting(cx: &mut Ctx) {
    let doc = cx.doc;
    let decisions = doc.decisions();
    for c in crate::conflict::conflicts(doc) {
        let (a, b) = (&decisions[c.a], &decisions[c.b]);
        let line = cx.line(a.span.start());
        let d = cx
            .diag(
                Rule::ConflictingDecisions,
                b.text,
                format!("decision {} contradicts decision {} (line {line}) about `{}`", b.id, a.id, c.subject),
            )
            .with_help(format!(
                "{}. Decisions are immutable: if the newer one replaces \"{}\", record it as a new decision with SUPERSEDES [{}]; otherwise follow the older one",
                upper_first(&c.explanation),
                cx.quote(doc.text(a.text), 50),
                a.id
            ));
        cx.push(d);
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        // ASCII only: explanations start with the crate's own words ("both are about …"),
        // and `char::to_uppercase` would link the whole upper-case table for them.
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}
