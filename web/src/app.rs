//! The dashboard's page: the drop zone, then every loaded file, newest first (the bundled
//! example is loaded at start).

use crate::components::{DropZone, FileCard, LoadErrors};
use crate::model::Workspace;
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let workspace = Workspace::restored();
    provide_context(workspace);

    view! {
        <header class="top">
            <h1>"Memento"</h1>
            <p>"Session-memory files of AI coding agents, parsed in your browser. Nothing is uploaded."</p>
        </header>
        <main>
            <DropZone />
            <LoadErrors />
            <For each=move || workspace.files.get() key=|file| file.id let:file>
                <FileCard file />
            </For>
        </main>
    }
}
