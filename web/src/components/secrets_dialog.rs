//! The warning before a file with possible secrets leaves the page (a share link, the HTML
//! export): an in-page dialog that lists what was found, masked, and shows the lines that
//! hold them as the recipient will read them. Nothing is made until the user agrees.

use crate::hidden;
use crate::model::LoadedFile;
use leptos::prelude::*;

/// `what` names the thing to be made ("the link", "the page"); `go` makes it, `cancel` closes.
#[component]
pub fn SecretsDialog(file: LoadedFile, what: &'static str, go: Callback<()>, cancel: Callback<()>) -> impl IntoView {
    let found: Vec<(&'static str, u32, String)> = file.secrets().map(|(kind, line, masked)| (kind, line, masked.to_owned())).collect();
    let title = format!("{} holds {} possible secret{}", file.file_name(), found.len(), if found.len() == 1 { "" } else { "s" });
    let list = found
        .iter()
        .map(|(kind, line, masked)| view! { <li>{format!("{kind}, line {line}: ")}<code>{masked.clone()}</code></li> })
        .collect_view();
    let preview = preview(&file);
    // The dialog takes the focus (its first button); Escape cancels.
    let first = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = first.get() {
            let _ = button.focus();
        }
    });
    let keys = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            cancel.run(());
        }
    };
    view! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby=format!("secrets-{}", file.id) data-testid="secrets-dialog" on:keydown=keys>
                <h3 id=format!("secrets-{}", file.id)>{title}</h3>
                <ul data-testid="secrets-found">{list}</ul>
                <p>{format!("They are masked in {what}. The lines that hold them, as the recipient will read them:")}</p>
                <pre class="preview" data-testid="secrets-preview">{preview}</pre>
                <div class="dialog-buttons">
                    <button type="button" data-testid="secrets-go" node_ref=first on:click=move |_| go.run(())>{format!("Make {what}")}</button>
                    <button type="button" data-testid="secrets-cancel" on:click=move |_| cancel.run(())>"Cancel"</button>
                </div>
            </div>
        </div>
    }
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
