//! The warning before a file with possible secrets leaves the page (a share link, the HTML
//! export): an in-page dialog that lists what was found, masked, and shows the lines that
//! hold them as the recipient will read them. Nothing is made until the user agrees.

use crate::export::escape;
use crate::hidden;
use crate::model::LoadedFile;
use std::fmt::Write;

/// The dialog as markup; `what` names the thing to be made ("the link", "the page"). Its
/// buttons are `data-act="go"` (make it) and `data-act="cancel"`, for the card's actions
/// to run; every text of the file escaped.
pub fn markup(file: &LoadedFile, what: &str) -> String {
    let found: Vec<(&'static str, u32, &str)> = file.secrets().collect();
    let mut out = format!(
        "<div class=\"dialog-backdrop\"><div class=\"dialog\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"secrets-{0}\" data-testid=\"secrets-dialog\">\
         <h3 id=\"secrets-{0}\">{1} holds {2} possible secret{3}</h3><ul data-testid=\"secrets-found\">",
        file.id,
        escape(file.file_name()),
        found.len(),
        if found.len() == 1 { "" } else { "s" }
    );
    for (kind, line, masked) in &found {
        let _ = write!(out, "<li>{kind}, line {line}: <code>{}</code></li>", escape(masked));
    }
    let _ = write!(
        out,
        "</ul><p>They are masked in {what}. The lines that hold them, as the recipient will read them:</p><pre class=\"preview\" data-testid=\"secrets-preview\">{}</pre>\
         <div class=\"dialog-buttons\"><button type=\"button\" data-testid=\"secrets-go\" data-act=\"go\">Make {what}</button>\
         <button type=\"button\" data-testid=\"secrets-cancel\" data-act=\"cancel\">Cancel</button></div></div></div>",
        escape(&preview(file))
    );
    out
}

/// Each line that holds a secret, numbered, its secrets masked.
fn preview(file: &LoadedFile) -> String {
    let starts = file.line_starts();
    let mut lines: Vec<u32> = file.secrets().map(|(_, line, _)| line).collect();
    lines.dedup();
    let mut out = String::new();
    for line in lines.into_iter().take(20) {
        let Some(&at) = starts.get(line as usize - 1) else { continue };
        let text = file.source[at..].split_inclusive('\n').next().unwrap_or("");
        let masked = hidden::masked(text, at, &file.summary.hidden);
        out.push_str(&format!("{line:>5}  {}\n", masked.trim_end()));
    }
    out
}
