//! What the edits of a file changed, as the user can trust it: "edited · 3 changes · not
//! downloaded", Undo (the last edit of this visit) and Revert (the text as loaded), and the
//! unified diff of the text as loaded against the text now, its gutter coloured.

use crate::export::escape;
use crate::line_diff::{self, Line};
use crate::model::LoadedFile;
use std::fmt::Write;

/// Nothing for a file as loaded; the card's click listener runs Undo and Revert
/// (`data-act`).
pub fn markup(file: &LoadedFile) -> String {
    if !file.is_edited() && file.history.is_empty() {
        return String::new();
    }
    let diff = line_diff::lines(&file.original, &file.source);
    let hunks = line_diff::hunks(&diff);
    let state = match (hunks.len(), file.downloaded()) {
        (0, _) => "as loaded".to_owned(),
        (n, downloaded) => format!("edited · {n} change{} · {}", if n == 1 { "" } else { "s" }, if downloaded { "downloaded" } else { "not downloaded" }),
    };
    let disabled = |off: bool| if off { " disabled" } else { "" };
    let mut out = format!(
        "<div class=\"edited\" data-testid=\"edited\"><span class=\"edited-state\" data-testid=\"edited-state\">{state}</span>\
         <button type=\"button\" data-testid=\"undo\" data-act=\"undo\"{}>Undo</button>\
         <button type=\"button\" data-testid=\"revert\" data-act=\"revert\"{}>Revert to loaded</button>",
        disabled(file.history.is_empty()),
        disabled(!file.is_edited())
    );
    if !hunks.is_empty() {
        let _ = write!(out, "<details class=\"diff\"><summary>Diff since loaded</summary><pre data-testid=\"diff\">{}</pre></details>", hunks_markup(&hunks));
    }
    out.push_str("</div>");
    out
}

/// The hunks as escaped markup: a `@@ line N` head each, then a block per line with its mark
/// (`+`, `-` or a space) in a gutter the stylesheet colours.
fn hunks_markup(hunks: &[(usize, Vec<Line>)]) -> String {
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
