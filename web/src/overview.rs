//! A file at a glance, as markup (the card sets it as inner HTML; the HTML export writes the
//! same): the verdict row as a CI run page gives it (the status large, error and warning
//! counts as chips that lead to the findings, red or amber whenever there are any, whatever
//! the status says), then where the run stands (the next action, where it was read, the rest
//! of a list a colon opened; the unit in progress), the stacked bar, the timeline and the
//! facts, the technical ones folded. Every text of the file is escaped.

use crate::export::escape;
use crate::inline;
use crate::model::LoadedFile;
use crate::picture;
use crate::rows::{findings_anchor, line_link};
use std::fmt::Write;

/// The verdict row.
pub fn verdict(file: &LoadedFile) -> String {
    let s = &file.summary;
    let count = |severity: &str| s.diagnostics.iter().filter(|d| d.severity == severity).count();
    let (errors, warnings) = (count("error"), count("warning"));
    let tone = if errors > 0 { "error" } else if warnings > 0 { "warning" } else { "ok" };
    let mut out = format!(
        "<div class=\"verdict\" data-testid=\"verdict\" data-tone=\"{tone}\"><span class=\"verdict-status\" data-testid=\"status\" data-status=\"{0}\">{0}</span>",
        s.status
    );
    for (n, one, many, class) in [(errors, "error", "errors", "error"), (warnings, "warning", "warnings", "warning")] {
        if n > 0 {
            let _ = write!(
                out,
                " <a class=\"chip {class}\" data-testid=\"{class}-chip\" href=\"#{}\">{n} {}</a>",
                findings_anchor(file.id),
                if n == 1 { one } else { many }
            );
        }
    }
    if errors + warnings == 0 {
        out.push_str(" <span class=\"chip ok\" data-testid=\"clean-chip\">no errors or warnings</span>");
    }
    out.push_str("</div>");
    out
}

/// Where the run stands, its pictures and its facts.
pub fn body(file: &LoadedFile) -> String {
    let s = &file.summary;
    let mut out = String::from("<section class=\"where\">");
    if let Some(next) = &s.next_action {
        let _ = write!(out, "<div class=\"next-action\" data-testid=\"next-action\"><span class=\"label\">Next action </span><span>{}</span>", inline::html(&next.text));
        if !next.then.is_empty() {
            out.push_str("<ul class=\"then\" data-testid=\"next-list\">");
            for item in &next.then {
                let _ = write!(out, "<li>{}</li>", inline::html(item));
            }
            out.push_str("</ul>");
        }
        let _ = write!(out, "<span class=\"from\" data-testid=\"next-from\"> — from {},{}</span></div>", escape(&next.from), line_link(file.id, next.line));
    }
    if let Some(resume) = &s.resume {
        let _ = write!(out, "<p class=\"resume\" data-testid=\"resume\"><span class=\"label\">In progress </span>{}</p>", escape(resume));
    }
    out.push_str("</section>");
    let bar = picture::stacked_bar(s, false);
    if !bar.is_empty() {
        let _ = write!(out, "<div class=\"progress\">{bar}</div>");
    }
    let timeline = picture::timeline(&s.timeline, file.dialect == "progress-log");
    if !timeline.is_empty() {
        let _ = write!(out, "<section class=\"timeline\" data-testid=\"timeline\"><h3>Timeline</h3>{timeline}</section>");
    }
    if !s.notes.is_empty() {
        // Session notes: one panel per section, in the file's order.
        out.push_str("<section class=\"notes\" data-testid=\"notes\"><h3>Sections</h3><div class=\"note-panels\">");
        for n in &s.notes {
            let _ = write!(out, "<section class=\"note-panel\" data-testid=\"note-panel\"><h4>{}{}</h4>", escape(&n.title), line_link(file.id, n.line));
            if let Some(d) = &n.description {
                let _ = write!(out, "<p class=\"description\">{}</p>", escape(d));
            }
            if n.content.is_empty() {
                out.push_str("<p class=\"empty\">empty</p>");
            } else {
                let _ = write!(out, "<p class=\"content\">{}</p>", escape(&n.content));
            }
            out.push_str("</section>");
        }
        out.push_str("</div></section>");
    }
    let fact = |out: &mut String, label: &str, testid: &str, value: &str| {
        let _ = write!(out, "<div><dt>{label}</dt><dd data-testid=\"{testid}\">{}</dd></div>", escape(value));
    };
    out.push_str("<dl class=\"facts\">");
    if let Some(task) = &s.task {
        fact(&mut out, "Task", "task", task);
    }
    if let Some(at) = &s.last_updated {
        fact(&mut out, "Last updated", "last-updated", at);
    }
    fact(&mut out, "Units", "counts", &format!("{} done, {} pending", s.completed, s.pending));
    fact(&mut out, "Decisions", "decision-count", &s.decisions.iter().filter(|d| d.superseded_by.is_none()).count().to_string());
    out.push_str("</dl><details class=\"tech\"><summary>Technical details</summary><dl class=\"facts\">");
    fact(&mut out, "Dialect", "dialect", file.dialect);
    fact(&mut out, "Size", "bytes", &format!("{} bytes", file.bytes()));
    let _ = write!(
        out,
        "<div><dt>Round trip</dt><dd data-testid=\"roundtrip\"{}>{}</dd></div></dl></details>",
        if file.round_trips { "" } else { " class=\"bad\"" },
        if file.round_trips { "byte-exact" } else { "changed" }
    );
    out
}
