//! What the edits of a file changed, as the user can trust it: "edited · 3 changes · not
//! downloaded", Undo (the last edit of this visit) and Revert (the text as loaded), and the
//! unified diff of the text as loaded against the text now, its gutter coloured.

use crate::export::escape;
use crate::line_diff::{self, Line};
use crate::model::{LoadedFile, Workspace};
use leptos::prelude::*;
use std::fmt::Write;

#[component]
pub fn Edited(file: LoadedFile) -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let id = file.id;
    (file.is_edited() || !file.history.is_empty()).then(|| {
        let diff = line_diff::lines(&file.original, &file.source);
        let hunks = line_diff::hunks(&diff);
        let state = match (hunks.len(), file.downloaded) {
            (0, _) => "as loaded".to_owned(),
            (n, downloaded) => format!("edited · {n} change{} · {}", if n == 1 { "" } else { "s" }, if downloaded { "downloaded" } else { "not downloaded" }),
        };
        let can_undo = !file.history.is_empty();
        view! {
            <div class="edited" data-testid="edited">
                <span class="edited-state" data-testid="edited-state">{state}</span>
                <button type="button" data-testid="undo" disabled=!can_undo on:click=move |_| workspace.undo(id)>"Undo"</button>
                <button type="button" data-testid="revert" disabled=!file.is_edited() on:click=move |_| workspace.revert(id)>"Revert to loaded"</button>
                {(!hunks.is_empty()).then(|| view! {
                    <details class="diff">
                        <summary>"Diff since loaded"</summary>
                        <pre data-testid="diff" inner_html=markup(&hunks)></pre>
                    </details>
                })}
            </div>
        }
    })
}

/// The hunks as escaped markup: a `@@ line N` head each, then a block per line with its mark
/// (`+`, `-` or a space) in a gutter the stylesheet colours.
fn markup(hunks: &[(usize, Vec<Line>)]) -> String {
    let mut out = String::new();
    for (line, rows) in hunks {
        let _ = write!(out, "<span class=\"hunk\">@@ line {line}</span>");
        for row in rows {
            let (class, mark, text) = match row {
                Line::Same(t) => ("same", ' ', t),
                Line::Removed(t) => ("del", '-', t),
                Line::Added(t) => ("add", '+', t),
            };
            let text = text.strip_suffix('\n').unwrap_or(text);
            let _ = write!(out, "<span class=\"{class}\"><span class=\"gutter\">{mark}</span>{}</span>", escape(text));
        }
    }
    out
}
