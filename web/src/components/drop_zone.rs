//! Where files come in: drag and drop anywhere on the window (several at once), the file
//! picker, a folder (a memory bank), or a paste outside the page's fields (files, or text
//! copied from an editor).

use crate::model::Workspace;
use leptos::ev::{DragEvent, Event};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{FileList, HtmlInputElement};

#[component]
pub fn DropZone() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    // Lit while files are dragged over the window: its class set by hand (a reactive class
    // of the view compiles code of its own).
    let zone = NodeRef::<leptos::html::Section>::new();
    let light = move |on: bool| {
        if let Some(zone) = zone.get_untracked() {
            let _ = zone.set_attribute("class", if on { "drop-zone dragging" } else { "drop-zone" });
        }
    };

    // Files dropped anywhere on the window come in (the zone lights up while they are over it).
    let over = window_event_listener(leptos::ev::dragover, move |ev: DragEvent| {
        // Without this the browser opens the file instead of dropping it here.
        ev.prevent_default();
        light(true);
    });
    let left = window_event_listener(leptos::ev::dragleave, move |ev: DragEvent| {
        // Only when the drag leaves the window (no element it enters).
        if ev.related_target().is_none() {
            light(false);
        }
    });
    let dropped = window_event_listener(leptos::ev::drop, move |ev: DragEvent| {
        ev.prevent_default();
        light(false);
        if let Some(files) = ev.data_transfer().and_then(|dt| dt.files()) {
            read_files(files, workspace);
        }
    });
    on_cleanup(move || {
        over.remove();
        left.remove();
        dropped.remove();
    });
    // Either picker (the change of a file input bubbles to the zone).
    let on_change = move |ev: Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        if let Some(files) = input.files() {
            read_files(files, workspace);
        }
        // Choosing the same file again should load it again.
        input.set_value("");
    };

    let paste = window_event_listener(leptos::ev::paste, move |ev| {
        // A paste into a field (the editor's, the share link's) is that field's.
        let target = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
        if target.is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || t.is_content_editable()) {
            return;
        }
        let Some(data) = ev.clipboard_data() else { return };
        match data.files().filter(|files| files.length() > 0) {
            Some(files) => read_files(files, workspace),
            None => match data.get_data("text/plain") {
                Ok(text) if !text.is_empty() => workspace.open(workspace.unused_name("pasted", ".md"), text.into_bytes()),
                _ => return,
            },
        }
        ev.prevent_default();
    });
    on_cleanup(move || paste.remove());

    // Markup: the pickers are file inputs (a folder's has `webkitdirectory`, an attribute the
    // view macro has no name for).
    const PICKERS: &str = "<p>Drop or paste memory files here, or choose </p>\
        <label class=\"file-picker\">files<input type=\"file\" multiple data-testid=\"file-input\"></label><p> or </p>\
        <label class=\"file-picker\">a folder<input type=\"file\" multiple webkitdirectory data-testid=\"folder-input\"></label>";
    view! {
        <section
            class="drop-zone"
            node_ref=zone
            data-testid="drop-zone"
            aria-label="Load memory files"
            on:change=on_change
            inner_html=PICKERS
        ></section>
    }
}

/// Reads each file's bytes and adds it to the workspace. From a folder (a memory bank) only
/// the text files a memory can be kept in are read, each named by its path in the folder.
fn read_files(files: FileList, workspace: Workspace) {
    for file in (0..files.length()).filter_map(|i| files.get(i)) {
        // `webkitRelativePath`: the file's path in a chosen folder, empty otherwise.
        let path = js_sys::Reflect::get(&file, &"webkitRelativePath".into()).ok().and_then(|p| p.as_string()).unwrap_or_default();
        if !path.is_empty() && !is_memory_file(&path) {
            continue;
        }
        spawn_local(async move {
            let name = if path.is_empty() { file.name() } else { path };
            match JsFuture::from(file.array_buffer()).await {
                Ok(buffer) => workspace.open(name, js_sys::Uint8Array::new(&buffer).to_vec()),
                Err(_) => workspace.fail(name, "could not be read".to_owned()),
            }
        });
    }
}

/// Whether a file found in a folder can hold memory: markdown, text, JSON or JSON lines,
/// outside hidden folders (`.git/`).
fn is_memory_file(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let hidden = lower.split('/').any(|part| part.starts_with('.'));
    !hidden && [".md", ".markdown", ".txt", ".json", ".jsonl"].iter().any(|ext| lower.ends_with(ext))
}
