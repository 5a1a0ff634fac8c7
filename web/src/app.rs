//! The dashboard's page: the drop zone, then every loaded file, newest first (the files kept
//! from the last visit, and the bundled example). A share link (`#share=…`) opens its file
//! read-only instead, apart from the workspace.

use crate::components::{DropZone, FileCard, FileList, LoadErrors, Projects};
use crate::export::escape;
use crate::model::{LoadedFile, Workspace};
use crate::share;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn App() -> impl IntoView {
    // A share link pasted into this tab changes only the fragment: open it as a page would.
    let opened = window_event_listener(leptos::ev::hashchange, |_| {
        let location = window().location();
        if share::is_link(&location.hash().unwrap_or_default()) {
            let _ = location.reload();
        }
    });
    on_cleanup(move || opened.remove());
    let fragment = window().location().hash().unwrap_or_default();
    if share::is_link(&fragment) {
        // The browser unpacks the file: drawn once it has.
        let opened = RwSignal::new(None);
        leptos::task::spawn_local(async move { opened.set(share::open(&fragment).await) });
        view! {
            {move || match opened.get() {
                Some(shared) => view! { <SharedView shared /> }.into_any(),
                None => view! { <Header /><main><p data-testid="share-opening">"Opening the shared file…"</p></main> }.into_any(),
            }}
        }
        .into_any()
    } else {
        view! { <WorkspaceView /> }.into_any()
    }
}

/// The page's title and landing line.
#[component]
fn Header() -> impl IntoView {
    // Markup: a typed view per element of a static text compiles code of its own.
    const LANDING: &str = "<h1>Memento</h1><p data-testid=\"landing\">See where an AI coding agent's run stands: drop its <code>session_memory.md</code>, \
        Claude Code's session notes, a <code>memory-bank/</code> folder, a <code>claude-progress.txt</code> or memory rows as JSON or JSONL. \
        Read in your browser; nothing is uploaded.</p>";
    view! { <header class="top" inner_html=LANDING></header> }
}

#[component]
fn WorkspaceView() -> impl IntoView {
    let workspace = Workspace::restored();
    provide_context(workspace);
    view! {
        <Header />
        <main>
            <DropZone />
            <LoadErrors />
            <FileList />
            <Projects />
            <For each=move || workspace.files.get() key=|file| (file.id, file.version) let:file>
                <FileCard file />
            </For>
        </main>
    }
}

/// A file opened from a share link: read-only, and kept out of the workspace.
#[component]
fn SharedView(shared: Result<share::Shared, String>) -> impl IntoView {
    let body = match shared {
        Ok(shared) => {
            let file = LoadedFile::parse(0, shared.name, shared.text, false);
            let failed = RwSignal::new(None::<String>);
            let (name, text) = (file.name.clone(), file.source.clone());
            // "Copy into my workspace": into the workspace kept in this browser, then there.
            let copy = move |ev: leptos::ev::MouseEvent| {
                let asked = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|e| e.closest("[data-testid=copy-to-workspace]").ok().flatten());
                if asked.is_none() {
                    return;
                }
                match crate::model::copy_into_workspace(&name, &text) {
                    Ok(()) => drop(window().location().assign("./")),
                    Err(why) => failed.set(Some(why)),
                }
            };
            let note = move || {
                let mut out = "<p class=\"shared-note\" data-testid=\"shared-note\">Read-only: opened from a share link. The file came inside the link; nothing was \
                    sent to any server. <button type=\"button\" data-testid=\"copy-to-workspace\">Copy into my workspace</button> <a href=\"./\">Open your workspace</a></p>"
                    .to_owned();
                if let Some(why) = failed.get() {
                    out.push_str(&format!("<p class=\"load-errors\" role=\"alert\">Not copied: {}.</p>", escape(&why)));
                }
                out
            };
            view! {
                <div on:click=copy inner_html=note></div>
                <FileCard file />
            }
            .into_any()
        }
        Err(why) => {
            let broken = format!(
                "<p class=\"load-errors\" role=\"alert\" data-testid=\"share-error\">This share link is broken: {}.</p><p><a href=\"./\">Open your workspace</a></p>",
                escape(&why)
            );
            view! { <div inner_html=broken></div> }.into_any()
        }
    };
    view! {
        <Header />
        <main>{body}</main>
    }
}
