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
        // The browser unpacks the file: the page says so until it has, then the shared view is
        // mounted by hand in its place (a view switched by a signal compiles Leptos' diffing
        // of the two for this one change).
        let page = NodeRef::<leptos::html::Div>::new();
        let owner = Owner::current();
        leptos::task::spawn_local(async move {
            // (`None` only for a fragment that is no share link, which `is_link` ruled out.)
            let Some(shared) = share::open(&fragment).await else { return };
            let Some(page) = page.get_untracked() else { return };
            page.set_inner_html("");
            let mount = || leptos::mount::mount_to(page.into(), move || view! { <SharedView shared /> });
            // It stays for the page's life.
            match &owner {
                Some(owner) => owner.with(mount).forget(),
                None => mount().forget(),
            }
        });
        let opening = format!("<header class=\"top\">{LANDING}</header><main><p data-testid=\"share-opening\">Opening the shared file…</p></main>");
        view! { <div node_ref=page inner_html=opening></div> }.into_any()
    } else {
        view! { <WorkspaceView /> }.into_any()
    }
}

/// The page's title and landing line, as markup: a typed view per element of a static text
/// compiles code of its own.
const LANDING: &str = "<h1>Memento</h1><p data-testid=\"landing\">See where an AI coding agent's run stands: drop its <code>session_memory.md</code>, \
        Claude Code's session notes, a <code>memory-bank/</code> folder, a <code>claude-progress.txt</code> or memory rows as JSON or JSONL. \
        Read in your browser; nothing is uploaded.</p>";

/// The page's title and landing line.
#[component]
fn Header() -> impl IntoView {
    view! { <header class="top" inner_html=LANDING></header> }
}

#[component]
fn WorkspaceView() -> impl IntoView {
    let workspace = Workspace::restored();
    provide_context(workspace);
    let cards = NodeRef::<leptos::html::Div>::new();
    // A card per file, newest first; a card is drawn again when its file changes (its
    // version), and stays as it is otherwise (an open editor, a folded card). By hand rather
    // than by a keyed <For>, whose diffing compiles code of its own for this one list.
    let drawn = StoredValue::new_local(Vec::<Drawn>::new());
    // Cards belong to this view, not to the effect that draws them: an effect's run disposes
    // what the run before it owned, and a card kept must stay alive.
    let owner = Owner::current();
    Effect::new(move |_| {
        // The files' keys: a file is copied only for a card to draw (they are large).
        let keys: Vec<(usize, u32)> = workspace.files.with(|files| files.iter().map(|f| (f.id, f.version())).collect());
        let Some(parent) = cards.get() else { return };
        let mut old = drawn.try_update_value(std::mem::take).unwrap_or_default();
        let mut kept = Vec::with_capacity(keys.len());
        for (at, key) in keys.into_iter().enumerate() {
            let card = match old.iter().position(|d| d.key == key) {
                Some(i) => old.swap_remove(i),
                None => {
                    let Some(file) = workspace.files.with_untracked(|files| files.iter().find(|f| (f.id, f.version()) == key).cloned()) else { continue };
                    let Some(holder) = document().create_element("div").ok().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) else { continue };
                    let mount = || leptos::mount::mount_to(holder.clone(), move || view! { <FileCard file /> });
                    let mounted = match &owner {
                        Some(owner) => owner.with(mount),
                        None => mount(),
                    };
                    Drawn { key, holder, _mounted: Box::new(mounted) }
                }
            };
            // In the files' order: moved only when out of place (a move takes the focus away).
            let here: Option<web_sys::Node> = parent.children().item(at as u32).map(Into::into);
            let holder: &web_sys::Node = card.holder.as_ref();
            if here.as_ref() != Some(holder) {
                let _ = parent.insert_before(holder, here.as_ref());
            }
            kept.push(card);
        }
        // The cards of files closed or changed: unmounted as they drop.
        for gone in old {
            gone.holder.remove();
        }
        drawn.set_value(kept);
    });
    view! {
        <Header />
        <main>
            <DropZone />
            <LoadErrors />
            <FileList />
            <Projects />
            <div node_ref=cards></div>
        </main>
    }
}

/// One file's card as [`WorkspaceView`] drew it: the file's (id, version), the element it
/// was mounted in, and its mount (unmounted when dropped).
struct Drawn {
    key: (usize, u32),
    holder: web_sys::HtmlElement,
    _mounted: Box<dyn std::any::Any>,
}

/// A file opened from a share link: read-only, and kept out of the workspace.
#[component]
fn SharedView(shared: Result<share::Shared, String>) -> impl IntoView {
    let body = match shared {
        Ok(shared) => {
            let file = std::sync::Arc::new(LoadedFile::parse(0, shared.name, shared.text, false));
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
