//! The Memento dashboard (README.md, "The dashboard"). trunk builds it from `index.html` at the repo root;
//! `scripts/serve.sh` serves it. This file registers the service worker and mounts the app.

mod app;
mod components;
mod export;
mod hidden;
mod inline;
mod line_diff;
mod picture;
mod rows;
mod model;
mod overview;
mod share;

fn main() {
    // Offline once loaded: the service worker keeps what the page fetched (web/sw.js).
    // Where there is none (an insecure origin, a file: URL), the page works online only.
    let navigator = leptos::prelude::window().navigator();
    if js_sys::Reflect::get(&navigator, &"serviceWorker".into()).is_ok_and(|sw| !sw.is_undefined()) {
        // A refusal (storage off, a private window) leaves the page as it is: online only.
        let registering = navigator.service_worker().register("sw.js");
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(registering).await;
        });
    }
    // The page said "Loading" until the app could draw itself.
    if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
        loading.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
