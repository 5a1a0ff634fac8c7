//! A folder of memory files (a Cline / Roo Code memory bank) as one project: where its files
//! stand together. Now (the project's status and the units under way or waiting, in any of
//! its files), Next (each file's next action) and Decisions (the active decisions of all its
//! files), each with the file and line it was read from. Shown for a folder of two files or
//! more; as markup, every text of the files escaped ([`crate::rows`]).

use crate::export::escape;
use crate::inline;
use crate::model::{LoadedFile, Workspace};
use crate::rows::line_anchor;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

#[component]
pub fn Projects() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let markup = move || workspace.files.with(|files| projects(files));
    // A "file, line N" link unfolds that file's card and goes to the line.
    let follow = move |ev: leptos::ev::MouseEvent| {
        let link = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|e| e.closest("a[data-file]").ok().flatten());
        let Some(link) = link else { return };
        let (Some(id), Some(line)) = (link.get_attribute("data-file").and_then(|f| f.parse().ok()), link.get_attribute("data-line").and_then(|l| l.parse().ok())) else { return };
        ev.prevent_default();
        workspace.collapsed.update(|c| c.retain(|&f| f != id));
        let anchor = line_anchor(id, line);
        request_animation_frame(move || {
            let _ = window().location().set_hash(&anchor);
            if let Some(line) = document().get_element_by_id(&anchor).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = line.focus();
            }
        });
    };
    view! { <div class="projects" on:click=follow inner_html=markup></div> }
}

/// The folder a file was read from (`memory-bank` of `memory-bank/progress.md`), if any.
fn folder(name: &str) -> Option<&str> {
    name.rsplit_once('/').map(|(folder, _)| folder)
}

/// A panel per folder of two files or more, in the order the folders' files come.
fn projects(files: &[LoadedFile]) -> String {
    let mut folders: Vec<&str> = Vec::new();
    for f in files {
        if let Some(dir) = folder(&f.name).filter(|d| !folders.contains(d)) {
            folders.push(dir);
        }
    }
    let mut out = String::new();
    for dir in folders {
        let members: Vec<&LoadedFile> = files.iter().filter(|f| folder(&f.name) == Some(dir)).collect();
        if members.len() >= 2 {
            project(&mut out, dir, &members);
        }
    }
    out
}

/// `file, line N`: a link to that line of the file's card.
fn source(out: &mut String, file: &LoadedFile, line: u32) {
    let _ = write!(
        out,
        " <a class=\"line\" href=\"#{}\" data-file=\"{}\" data-line=\"{line}\">{}, line {line}</a>",
        line_anchor(file.id, line),
        file.id,
        escape(file.file_name())
    );
}

/// The project's status: blocked when any file waits, in progress when any is under way,
/// complete when all are, else not started.
fn status(files: &[&LoadedFile]) -> &'static str {
    let any = |status: &str| files.iter().any(|f| f.summary.status == status);
    if any("blocked") {
        "blocked"
    } else if any("in progress") {
        "in progress"
    } else if files.iter().all(|f| f.summary.status == "complete") {
        "complete"
    } else if any("complete") {
        "in progress"
    } else {
        "not started"
    }
}

fn project(out: &mut String, dir: &str, files: &[&LoadedFile]) {
    let status = status(files);
    let errors: usize = files.iter().map(|f| f.summary.diagnostics.iter().filter(|d| d.severity == "error").count()).sum();
    let _ = write!(
        out,
        "<section class=\"project\" data-testid=\"project\" data-folder=\"{0}\" aria-label=\"The project in {0}/\"><h2>{0}/ <span class=\"count\">· {1} files</span> \
         <span class=\"status-chip\" data-testid=\"project-status\" data-status=\"{status}\">{status}</span>",
        escape(dir),
        files.len()
    );
    if errors > 0 {
        let _ = write!(out, " <span class=\"chip error\">{errors} error{}</span>", if errors == 1 { "" } else { "s" });
    }
    out.push_str("</h2><div class=\"project-panels\">");

    // Now: the units under way or waiting, in any file.
    out.push_str("<div><h3>Now</h3><ul data-testid=\"project-now\">");
    let mut now = 0;
    for f in files {
        for u in f.summary.units.iter().filter(|u| matches!(u.status, "IN_PROGRESS" | "BLOCKED" | "FAILED")) {
            let _ = write!(out, "<li><span class=\"unit-status\">{}</span> {}", u.status, inline::html(&u.unit));
            source(out, f, u.line);
            out.push_str("</li>");
            now += 1;
        }
    }
    if now == 0 {
        out.push_str("<li class=\"none\">nothing under way</li>");
    }

    // Next: each file's next action.
    out.push_str("</ul></div><div><h3>Next</h3><ul data-testid=\"project-next\">");
    let mut next = 0;
    for f in files {
        if let Some(n) = &f.summary.next_action {
            let _ = write!(out, "<li>{}", inline::html(&n.text));
            source(out, f, n.line);
            out.push_str("</li>");
            next += 1;
        }
    }
    if next == 0 {
        out.push_str("<li class=\"none\">no next step recorded</li>");
    }

    // Decisions: the active ones of every file.
    out.push_str("</ul></div><div><h3>Decisions</h3><ul data-testid=\"project-decisions\">");
    let mut decisions = 0;
    for f in files {
        for d in f.summary.decisions.iter().filter(|d| d.superseded_by.is_none()) {
            let _ = write!(out, "<li>{}", inline::html(&d.text));
            source(out, f, d.line);
            out.push_str("</li>");
            decisions += 1;
        }
    }
    if decisions == 0 {
        out.push_str("<li class=\"none\">no decisions recorded</li>");
    }
    out.push_str("</ul></div></div></section>");
}
