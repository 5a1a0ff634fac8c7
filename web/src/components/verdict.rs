//! A file's verdict, as a CI run page gives it: where the run stands, large, and how many
//! errors and warnings the check found, each count a link to the findings. The row turns red
//! when there are errors and amber when there are warnings, whatever the status says.

use crate::model::DiagnosticRow;
use leptos::prelude::*;

#[component]
pub fn Verdict(file: usize, status: &'static str, diagnostics: Vec<DiagnosticRow>) -> impl IntoView {
    let count = |severity: &str| diagnostics.iter().filter(|d| d.severity == severity).count();
    let (errors, warnings) = (count("error"), count("warning"));
    let tone = if errors > 0 {
        "error"
    } else if warnings > 0 {
        "warning"
    } else {
        "ok"
    };
    let href = format!("#{}", findings_anchor(file));
    let chip = move |n: usize, one: &'static str, many: &'static str, class: &'static str| {
        (n > 0).then(|| {
            let text = format!("{n} {}", if n == 1 { one } else { many });
            view! { <a class=format!("chip {class}") data-testid=format!("{class}-chip") href=href.clone()>{text}</a> }
        })
    };
    let clean = (errors + warnings == 0).then(|| view! { <span class="chip ok" data-testid="clean-chip">"no errors or warnings"</span> });
    view! {
        <div class="verdict" data-testid="verdict" data-tone=tone>
            <span class="verdict-status" data-testid="status" data-status=status>{status}</span>
            {chip(errors, "error", "errors", "error")}
            {chip(warnings, "warning", "warnings", "warning")}
            {clean}
        </div>
    }
}

/// The id of a card's findings list, where the verdict's chips lead.
pub fn findings_anchor(file: usize) -> String {
    format!("f{file}-findings")
}
