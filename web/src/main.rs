//! The Memento dashboard (SPEC §8). trunk builds it from `index.html` at the repo root;
//! `scripts/serve.sh` serves it. This file only mounts the app.

mod app;
mod components;
mod export;
mod model;
mod share;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
