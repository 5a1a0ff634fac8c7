//! A folder of memory files (a Cline / Roo Code memory bank) as one project: where its files
//! stand together. Now (the project's status, and what each file is on: where its plan
//! resumes, its units under way or waiting, what its current focus lists), Next (each file's
//! next action) and Decisions (the active decisions of all its files), each with the file and
//! line it was read from. Shown for a folder of two files or more; as markup, every text of
//! the files escaped ([`crate::rows`]).

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
fn projects(files: &[std::sync::Arc<LoadedFile>]) -> String {
    let mut folders: Vec<&str> = Vec::new();
    for f in files {
        if let Some(dir) = folder(&f.name).filter(|d| !folders.contains(d)) {
            folders.push(dir);
        }
    }
    let mut out = String::new();
    for dir in folders {
        let members: Vec<&LoadedFile> = files.iter().filter(|f| folder(&f.name) == Some(dir)).map(|f| &**f).collect();
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
    // Now: what each file is on, as its plan reads it: where it resumes, the units under way
    // or waiting, and what its current focus lists.
    let now = files.iter().flat_map(|f| {
        f.summary.now.iter().map(move |n| {
            let focus = if n.focus { " <span class=\"count\">· current focus</span>" } else { "" };
            (*f, format!("<span class=\"unit-status\" data-status=\"{}\">{}</span> {}{focus}", n.status, n.status, inline::html(&n.text)), n.line)
        })
    });
    panel(out, "Now", "project-now", "nothing under way", now);
    // Next: each file's next action.
    let next = files.iter().filter_map(|f| f.summary.next_action.as_ref().map(|n| (*f, inline::html(&n.text), n.line)));
    panel(out, "Next", "project-next", "no next step recorded", next);
    // Decisions: the active ones of every file.
    let decisions = files
        .iter()
        .flat_map(|f| f.summary.decisions.iter().filter(|d| d.superseded_by.is_none()).map(move |d| (*f, inline::html(&d.text), d.line)));
    panel(out, "Decisions", "project-decisions", "no decisions recorded", decisions);
    out.push_str("</div></section>");
}

/// One panel of a project: a titled list of rows (inline HTML, the file and line it comes
/// from), or `none` when there is no row.
fn panel<'f>(out: &mut String, title: &str, testid: &str, none: &str, rows: impl Iterator<Item = (&'f LoadedFile, String, u32)>) {
    let _ = write!(out, "<div><h3>{title}</h3><ul data-testid=\"{testid}\">");
    let mut any = false;
    for (file, html, line) in rows {
        let _ = write!(out, "<li>{html}");
        source(out, file, line);
        out.push_str("</li>");
        any = true;
    }
    if !any {
        let _ = write!(out, "<li class=\"none\">{none}</li>");
    }
    out.push_str("</ul></div>");
}
