//! Files that could not be loaded, newest first. Markup, the names escaped: a keyed list of
//! typed views would compile its own diffing code for a few lines of text.

use crate::export::escape;
use crate::model::Workspace;
use leptos::prelude::*;

#[component]
pub fn LoadErrors() -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let rows = move || {
        workspace.errors.with(|errors| {
            errors.iter().map(|e| format!("<li data-testid=\"load-error\">{} {}</li>", escape(&e.name), escape(&e.message))).collect::<String>()
        })
    };
    view! { <ul class="load-errors" role="alert" inner_html=rows></ul> }
}
