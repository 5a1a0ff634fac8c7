//! Many files at a glance: a row per open file (its name, status, last update, mini progress
//! bar and error count), a filter by name, and a click that brings the file's card into view
//! (unfolding it). Shown from two files on. Markup, drawn by one effect: a typed view per
//! element compiles its own code, which the dashboard's size budget pays for.

use crate::export::escape;
use crate::model::{LoadedFile, Workspace};
use crate::picture;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// The list's frame: the filter and the rows' list, which [`FileList`] fills.
const FRAME: &str = "<section class=\"file-list\" data-testid=\"file-list\" aria-label=\"Open files\">\
    <input type=\"search\" class=\"filter\" data-testid=\"file-filter\" placeholder=\"Filter files by name\" aria-label=\"Filter the open files by name\"><ul></ul></section>";

#[component]
pub fn FileList() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    // Set on every keystroke (a set always notifies); a `bool` signal is a type the page
    // compiles already.
    let typed = RwSignal::new(false);
    let list = NodeRef::<leptos::html::Div>::new();
    // The frame, drawn again only when it comes or goes (the filter keeps what is typed in
    // it; whether it is drawn is read from the page, not kept in a memo of its own), then the
    // rows of the files whose name holds what the filter says, whenever either changes.
    Effect::new(move |_| {
        typed.track();
        let many = workspace.files.with(|files| files.len() > 1);
        let Some(div) = list.get() else { return };
        if div.first_element_child().is_some() != many {
            div.set_inner_html(if many { FRAME } else { "" });
        }
        let (Some(input), Some(ul)) = (
            div.query_selector("input").ok().flatten().and_then(|i| i.dyn_into::<web_sys::HtmlInputElement>().ok()),
            div.query_selector("ul").ok().flatten(),
        ) else {
            return;
        };
        // The core's lower case: the standard library's links its own tables (core/src/case.rs).
        let lower = memento_core::internal::to_lower;
        let wanted = lower(&input.value());
        ul.set_inner_html(&workspace.files.with(|files| files.iter().filter(|f| lower(&f.name).contains(&wanted)).map(|f| row(f)).collect::<String>()));
    });
    let go = move |ev: leptos::ev::MouseEvent| {
        let button = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|e| e.closest("button[data-file]").ok().flatten());
        if let Some(id) = button.and_then(|b| b.get_attribute("data-file")).and_then(|id| id.parse().ok()) {
            workspace.collapsed.update(|c| c.retain(|&f| f != id));
            workspace.focus(id);
        }
    };
    view! { <div node_ref=list on:input=move |_| typed.set(true) on:click=go></div> }
}
/// A file's row: a button with its name, its status chip, the error count, the last update
/// and the mini bar.
fn row(f: &LoadedFile) -> String {
    let s = &f.summary;
    let errors = s.diagnostics.iter().filter(|d| d.severity == "error").count();
    let mut out = format!(
        "<li data-name=\"{}\"><button type=\"button\" data-file=\"{}\" aria-label=\"Show {}\">{}</button> <span class=\"status-chip\" data-status=\"{}\">{}</span>",
        escape(&f.name),
        f.id,
        escape(&f.name),
        escape(&f.name),
        s.status,
        s.status
    );
    if errors > 0 {
        let _ = write!(out, " <span class=\"chip error\" data-testid=\"list-errors\">{errors} error{}</span>", if errors == 1 { "" } else { "s" });
    }
    if let Some(at) = &s.last_updated {
        let _ = write!(out, " <span class=\"updated\">{}</span>", escape(at));
    }
    out.push_str(&picture::stacked_bar(s, true));
    out.push_str("</li>");
    out
}
