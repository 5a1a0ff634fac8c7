//! Files that could not be loaded, newest first.

use crate::model::Workspace;
use leptos::prelude::*;

#[component]
pub fn LoadErrors() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    view! {
        <ul class="load-errors" role="alert">
            <For each=move || workspace.errors.get() key=|error| error.id let:error>
                <li data-testid="load-error">{error.name} " " {error.message}</li>
            </For>
        </ul>
    }
}
