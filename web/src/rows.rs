//! The rows of a card's lists (units, decisions, discoveries, findings), as markup: every
//! text of the file escaped ([`escape`], [`inline::html`]), each row with a "line N" link
//! (`a.line[data-line]`, followed by the card's one click handler) and a badge for each
//! finding of the check on its line. Markup rather than a view per row: a long run has
//! thousands of rows, drawn on request in one parse.
//!
//! Decisions are drawn as chains: an active decision heads the decisions it superseded
//! (`07:12Z → 08:00Z → 09:41Z active`, "2 earlier versions" folded below it), and the two
//! decisions of a conflict are both marked.
//!
//! No map type of the dashboard's own: the lookups here go through the core's `KeyMap<usize>`
//! keyed by a name's hash (code the dashboard holds already) or a sorted list of indices.
//! Each key and value type of a hash map compiles its own table code into the wasm.

use crate::export::escape;
use crate::inline;
use crate::model::{DecisionRow, DiagnosticRow, UnitRow};
use crate::picture::{self, Scale};
use memento_core::hash::{fnv_of, KeyMap};
use std::fmt::Write;

/// "line N", a link to that line of the card's source view.
pub fn line_link(file: usize, line: u32) -> String {
    format!("<a class=\"line\" href=\"#{}\" data-line=\"{line}\"> line {line}</a>", line_anchor(file, line))
}

/// The id of one line of a file's source view.
pub fn line_anchor(file: usize, line: u32) -> String {
    format!("f{file}-L{line}")
}

/// The id of a card's findings list, where the verdict's chips lead.
pub fn findings_anchor(file: usize) -> String {
    format!("f{file}-findings")
}

/// The check's findings by line, for the badges of the rows they concern.
pub struct Badges<'d> {
    diagnostics: &'d [DiagnosticRow],
    /// The indices of `diagnostics` by line; a line's findings in the check's order (the
    /// sort is stable).
    by_line: Vec<usize>,
}

impl<'d> Badges<'d> {
    pub fn of(diagnostics: &'d [DiagnosticRow]) -> Self {
        let mut by_line: Vec<usize> = (0..diagnostics.len()).collect();
        memento_core::internal::sort_by_key(&mut by_line, |&i| [u64::from(diagnostics[i].line), 0, 0]);
        Badges { diagnostics, by_line }
    }

    /// A badge per finding on `line`, its message on hover.
    fn on(&self, line: u32) -> String {
        let mut out = String::new();
        let from = self.by_line.partition_point(|&i| self.diagnostics[i].line < line);
        for d in self.by_line[from..].iter().map(|&i| &self.diagnostics[i]).take_while(|d| d.line == line) {
            let _ = write!(
                out,
                " <span class=\"finding-badge\" data-testid=\"finding-badge\" data-severity=\"{}\" title=\"{}\">{}</span>",
                d.severity,
                escape(&d.message),
                d.rule
            );
        }
        out
    }
}

/// A row per unit: status, name and range, its line and findings, and its bar on the scale
/// of items when the units number them.
pub fn units(file: usize, units: &[UnitRow], stop: Option<&(String, String, Option<String>)>, badges: &Badges) -> Vec<String> {
    let scale = Scale::of(units, stop);
    units
        .iter()
        .map(|u| {
            let range = u.range.as_deref().map(|r| format!(" ({})", escape(r))).unwrap_or_default();
            let bar = scale.map(|scale| picture::unit_bar(u, scale, stop)).unwrap_or_default();
            format!(
                "<li data-status=\"{}\"><span class=\"unit-status\">{}</span> <span class=\"unit-name\">{}</span>{range}{}{}{bar}</li>",
                u.status,
                u.status,
                inline::html(&u.unit),
                line_link(file, u.line),
                badges.on(u.line)
            )
        })
        .collect()
}

/// A row per active decision, with the chain of decisions it superseded folded below it; a
/// row for a superseded decision whose successor is not listed. Both decisions of a conflict
/// are marked (`conflicts` are the conflicting-decisions findings, on the newer one's line
/// and naming the older one's id).
pub fn decisions(file: usize, decisions: &[DecisionRow], conflicts: &[(String, u32)], badges: &Badges) -> Vec<String> {
    // Each decision's index by its id, and the decision each one replaced by its successor's id.
    let by_id: KeyMap<usize> = decisions.iter().enumerate().map(|(i, d)| (fnv_of(d.id.as_str()), i)).collect();
    let mut replaced: KeyMap<usize> = KeyMap::default();
    for (i, d) in decisions.iter().enumerate() {
        if let Some(by) = &d.superseded_by {
            replaced.insert(fnv_of(by.as_str()), i);
        }
    }
    let in_conflict = |d: &DecisionRow| conflicts.iter().find(|(message, line)| *line == d.line || message.contains(d.id.as_str()));
    let row = |d: &DecisionRow, tail: &str| {
        let conflict = in_conflict(d).map(|(message, _)| format!(" <span class=\"conflict-badge\" title=\"{}\">conflict</span>", escape(message))).unwrap_or_default();
        let by = d.superseded_by.as_deref().map(|by| format!(" (superseded by {})", escape(by))).unwrap_or_default();
        format!(
            "<li class=\"{}{}\" data-id=\"{}\"><code>{}</code> <span>{}</span>{by}{}{conflict}{}{tail}</li>",
            if d.superseded_by.is_some() { "superseded" } else { "active" },
            if conflict.is_empty() { "" } else { " in-conflict" },
            escape(&d.id),
            escape(&d.id),
            inline::html(&d.text),
            line_link(file, d.line),
            badges.on(d.line)
        )
    };
    let mut out = Vec::new();
    for d in decisions {
        let head = match &d.superseded_by {
            None => true,
            // A successor not listed (a file cut short): the decision stands alone.
            Some(by) => !by_id.contains_key(&fnv_of(by.as_str())),
        };
        if !head {
            continue;
        }
        // The versions this one replaced, newest first; a loop in a broken file stops.
        let mut earlier = Vec::new();
        let mut at = d.id.as_str();
        while let Some(prev) = replaced.get(&fnv_of(at)).map(|&i| &decisions[i]).filter(|p| earlier.len() < decisions.len() && p.id != d.id) {
            earlier.push(prev);
            at = prev.id.as_str();
        }
        let tail = if earlier.is_empty() {
            String::new()
        } else {
            let chain = earlier.iter().rev().map(|e| escape(&e.id)).chain([format!("{} active", escape(&d.id))]).collect::<Vec<_>>().join(" → ");
            let n = earlier.len();
            let rows: String = earlier.iter().map(|e| row(e, "")).collect();
            format!(
                "<details class=\"chain\"><summary><span data-testid=\"chain\">{chain}</span> · {n} earlier version{}</summary><ul>{rows}</ul></details>",
                if n == 1 { "" } else { "s" }
            )
        };
        out.push(row(d, &tail));
    }
    out
}

/// A row per discovery: its text, line and findings.
pub fn discoveries(file: usize, discoveries: &[(String, u32)], badges: &Badges) -> Vec<String> {
    discoveries.iter().map(|(text, line)| format!("<li><span>{}</span>{}{}</li>", inline::html(text), line_link(file, *line), badges.on(*line))).collect()
}

/// A row per conflict: the message, both decisions named in it, its line.
pub fn conflicts(file: usize, conflicts: &[(String, u32)]) -> Vec<String> {
    conflicts.iter().map(|(message, line)| format!("<li>{}{}</li>", escape(message), line_link(file, *line))).collect()
}

/// Repeated notes of one rule fold into one row from this many on.
const FOLD_INFO: usize = 3;

/// A row per finding (severity, rule, message, line); the info findings of a rule that fires
/// [`FOLD_INFO`] times or more fold into one row ("24 × stale-entry: …") that opens to them all.
pub fn diagnostics(file: usize, diagnostics: &[DiagnosticRow]) -> Vec<String> {
    let row = |d: &DiagnosticRow| {
        format!(
            "<li data-severity=\"{}\" data-rule=\"{}\"><span class=\"severity\">{}</span> <code>{}</code> {}{}</li>",
            d.severity,
            d.rule,
            d.severity,
            d.rule,
            escape(&d.message),
            line_link(file, d.line)
        )
    };
    let mut infos: KeyMap<usize> = KeyMap::default();
    for d in diagnostics.iter().filter(|d| d.severity == "info") {
        *infos.entry(fnv_of(d.rule)).or_default() += 1;
    }
    let mut out = Vec::new();
    let mut folded: Vec<&str> = Vec::new();
    for d in diagnostics {
        let n = if d.severity == "info" { infos[&fnv_of(d.rule)] } else { 0 };
        if n < FOLD_INFO {
            out.push(row(d));
        } else if !folded.contains(&d.rule) {
            folded.push(d.rule);
            let all: String = diagnostics.iter().filter(|e| e.severity == "info" && e.rule == d.rule).map(row).collect();
            out.push(format!(
                "<li data-severity=\"info\" data-rule=\"{}\" data-folded=\"{n}\"><details><summary><span class=\"severity\">info</span> <code>{}</code> {n} findings like: {}</summary><ul>{all}</ul></details></li>",
                d.rule,
                d.rule,
                escape(&d.message)
            ));
        }
    }
    out
}
