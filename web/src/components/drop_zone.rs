//! Where files come in: drag and drop (several at once), the file picker, or a paste
//! anywhere on the page (files, or text: a memory file copied from an editor).

use crate::model::Workspace;
use leptos::ev::{DragEvent, Event};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;
use web_sys::{FileList, HtmlInputElement};

#[component]
pub fn DropZone() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let dragging = RwSignal::new(false);

    let on_dragover = move |ev: DragEvent| {
        // Without this the browser opens the file instead of dropping it here.
        ev.prevent_default();
        dragging.set(true);
    };
    let on_dragleave = move |_: DragEvent| dragging.set(false);
    let on_drop = move |ev: DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(files) = ev.data_transfer().and_then(|dt| dt.files()) {
            read_files(files, workspace);
        }
    };
    let on_change = move |ev: Event| {
        let input: HtmlInputElement = event_target(&ev);
        if let Some(files) = input.files() {
            read_files(files, workspace);
        }
        // Choosing the same file again should load it again.
        input.set_value("");
    };

    let paste = window_event_listener(leptos::ev::paste, move |ev| {
        let Some(data) = ev.clipboard_data() else { return };
        match data.files().filter(|files| files.length() > 0) {
            Some(files) => read_files(files, workspace),
            None => match data.get_data("text/plain") {
                Ok(text) if !text.is_empty() => workspace.open("pasted.md".to_owned(), text.into_bytes()),
                _ => return,
            },
        }
        ev.prevent_default();
    });
    on_cleanup(move || paste.remove());

    view! {
        <section
            class="drop-zone"
            class:dragging=move || dragging.get()
            data-testid="drop-zone"
            aria-label="Load memory files"
            on:dragover=on_dragover
            on:dragleave=on_dragleave
            on:drop=on_drop
        >
            <p>"Drop or paste memory files here, or "</p>
            <label class="file-picker">
                "choose files"
                <input type="file" multiple data-testid="file-input" on:change=on_change />
            </label>
        </section>
    }
}

/// Reads each file's bytes and adds it to the workspace.
fn read_files(files: FileList, workspace: Workspace) {
    for file in (0..files.length()).filter_map(|i| files.get(i)) {
        spawn_local(async move {
            let name = file.name();
            match JsFuture::from(file.array_buffer()).await {
                Ok(buffer) => workspace.open(name, js_sys::Uint8Array::new(&buffer).to_vec()),
                Err(_) => workspace.fail(name, "could not be read".to_owned()),
            }
        });
    }
}
