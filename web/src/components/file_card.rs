//! One loaded file: its name and facts (dialect, task, status, last update, counts), where
//! the run stands (the next action, the unit in progress), its units, decisions,
//! discoveries and the check's findings, then its source, a line per element: every "line N"
//! links to it. All content goes into text nodes, so it is always escaped.
//!
//! A long run lists thousands of units and decisions and a long file has thousands of lines:
//! each list shows its first rows and a button for the rest ([`Capped`]), so that a card
//! costs the page a bounded number of elements until more are asked for.

use crate::components::{EditPanel, Edited, SecretsDialog, StoreRowsPanel};
use crate::overview;
use crate::model::{LoadedFile, Workspace};
use crate::rows::{self, findings_anchor, line_anchor};
use crate::export::escape;
use crate::hidden::{Hidden, Piece, What};
use crate::share;
use std::fmt::Write;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Rows of a list shown before "Show all".
const LIST_ROWS: usize = 100;
/// Lines of the source view shown before "Show all".
const SOURCE_LINES: usize = 400;

/// What the parts of one card share: the file, and whether its whole source is shown (a
/// link to a line past the first ones shows it first).
#[derive(Clone, Copy)]
pub struct Card {
    file: usize,
    whole_source: RwSignal<bool>,
}

impl Card {
    /// Shows `line` of the source view and moves the focus to it (the whole source first
    /// when the line is past the ones shown).
    pub fn go_to(self, line: u32) {
        let anchor = line_anchor(self.file, line);
        // The address names the line (:target marks it) and the line has the focus.
        let go = move || {
            let _ = window().location().set_hash(&anchor);
            if let Some(line) = document().get_element_by_id(&anchor).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = line.focus();
            }
        };
        if line as usize > SOURCE_LINES && !self.whole_source.get_untracked() {
            // Once the whole source is drawn.
            self.whole_source.set(true);
            request_animation_frame(go);
        } else {
            go();
        }
    }
}

#[component]
pub fn FileCard(file: LoadedFile) -> impl IntoView {
    provide_context(Card { file: file.id, whole_source: RwSignal::new(false) });
    // A card of the workspace can be closed; one opened from a share link has no workspace.
    let workspace = use_context::<Workspace>();
    let id = file.id;
    let s = file.summary.clone();
    let card = expect_context::<Card>();
    // Every "line N" of the card's markup and every mark of its timeline lead to that line of
    // the source view.
    let follow = move |ev: leptos::ev::MouseEvent| {
        // A "line N" link, or a mark of the timeline.
        let link = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|e| e.closest("[data-line]").ok().flatten());
        if let Some(line) = link.and_then(|a| a.get_attribute("data-line")).and_then(|l| l.parse().ok()) {
            ev.prevent_default();
            card.go_to(line);
        }
    };
    view! {
        <article class="file-card" id=format!("file-{id}") data-testid="file-card" data-name=file.name.clone() on:click=follow>
            <header>
                <h2 data-testid="file-name">{file.name.clone()}</h2>
                {file.example.then(|| {
                    let frozen = s.last_updated.clone().unwrap_or_default();
                    view! { <span class="badge sample" data-testid="sample-badge" title=format!("A sample file, read as of its last update ({frozen}): it never grows stale")>{format!("sample · clock frozen at {frozen}")}</span> }
                })}
                {workspace.map(|workspace| {
                    let folded = move || workspace.collapsed.with(|c| c.contains(&id));
                    let fold = move |_| workspace.collapsed.update(|c| if c.contains(&id) { c.retain(|&f| f != id) } else { c.push(id) });
                    view! {
                        <button type="button" class="fold" data-testid="fold" aria-expanded=move || (!folded()).to_string()
                            aria-label=format!("Fold {}", file.name) on:click=fold>
                            {move || if folded() { "▸" } else { "▾" }}
                        </button>
                    }
                })}
                {workspace.map(|workspace| {
                    view! {
                        <button
                            type="button"
                            class="close"
                            data-testid="close"
                            aria-label=format!("Close {}", file.name)
                            on:click=move |_| workspace.close(id)
                        >
                            "×"
                        </button>
                    }
                })}
            </header>
            <div inner_html=overview::verdict(&file)></div>
            {workspace.filter(|_| !file.kept).map(|workspace| view! {
                <p class="keep-notice" role="status" data-testid="keep-notice">
                    "This file holds possible secrets: it stays in this tab only, and a reload closes it. "
                    <button type="button" data-testid="keep" on:click=move |_| workspace.keep(id)>"Keep it in this browser"</button>
                </p>
            })}
            <div class="card-body" class:folded=move || workspace.is_some_and(|w| w.collapsed.with(|c| c.contains(&id)))>
            <div inner_html=overview::body(&file)></div>
            {workspace.map(|_| view! { <Actions file=file.clone() secrets=s.diagnostics.iter().any(|d| d.rule == "possible-secret") /> })}
            {workspace.map(|_| {
                let active = s.decisions.iter().filter(|d| d.superseded_by.is_none()).map(|d| (d.id.clone(), d.text.clone())).collect::<Vec<_>>();
                let units = s.units.iter().map(|u| u.unit.clone()).collect::<Vec<_>>();
                view! { <Edited file=file.clone() /><EditPanel file=file.clone() decisions=active units sections=s.sections.clone() /> }
            })}
            <Lists file=file.clone() />
            <h3>"Source"</h3>
            <Source text=file.source.clone() marks=gutter_marks(&file) hidden=s.hidden.clone() />
            </div>
        </article>
    }
}

/// What can be done with a file of the workspace: a read-only share link (secrets masked,
/// after a warning), a download under its own name, a read-only HTML page.
#[component]
fn Actions(file: LoadedFile, secrets: bool) -> impl IntoView {
    let link = RwSignal::new(None::<String>);
    let name = file.name.clone();
    let file = StoredValue::new(file);
    let make_link = move || {
        let location = window().location();
        let base = format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
        let (name, text) = file.with_value(|f| (f.name.clone(), memento_core::secret::redact(&f.source).into_owned()));
        leptos::task::spawn_local(async move {
            match share::link(&base, &name, &text).await {
                Ok(url) => {
                    // Copied where the browser allows it; shown in any case.
                    let _ = window().navigator().clipboard().write_text(&url);
                    link.set(Some(url));
                }
                Err(why) => link.set(Some(why)),
            }
        });
    };
    // The read-only page of the file; secrets masked as in a share link.
    let make_page = move || {
        file.with_value(|f| {
            let mut masked = f.clone();
            masked.source = memento_core::secret::redact(&f.source).into_owned();
            save_as(&format!("{}.html", f.file_name()), &crate::export::html(&masked));
        });
    };
    // A file with possible secrets asks first (what it would make: the link or the page).
    let asking = RwSignal::new(None::<&'static str>);
    let share = move |_| if secrets { asking.set(Some("the link")) } else { make_link() };
    let export = move |_| if secrets { asking.set(Some("the page")) } else { make_page() };
    let go = Callback::new(move |()| {
        if asking.get_untracked() == Some("the link") {
            make_link();
        } else {
            make_page();
        }
        asking.set(None);
    });
    let cancel = Callback::new(move |()| asking.set(None));
    let download = move |_| {
        file.with_value(|f| save_as(f.file_name(), &f.source));
        if let Some(workspace) = use_context::<Workspace>() {
            workspace.downloaded(file.with_value(|f| f.id));
        }
    };
    // On a phone the actions fold into an overflow menu (the stylesheet shows this button
    // only there).
    let menu = RwSignal::new(false);
    view! {
        <div class="actions" class:open=menu>
            <button type="button" class="overflow" data-testid="overflow" aria-expanded=move || menu.get().to_string()
                aria-label=format!("Actions for {name}") on:click=move |_| menu.update(|m| *m = !*m)>"⋯"</button>
            <button type="button" class="action" data-testid="share" aria-label=format!("Share a link to {name}") on:click=share>"Share link"</button>
            <button type="button" class="action" data-testid="download" aria-label=format!("Download {name}") on:click=download>"Download"</button>
            <button type="button" class="action" data-testid="export-html" aria-label=format!("Export {name} as HTML") on:click=export>"Export HTML"</button>
            {move || asking.get().map(|what| view! { <SecretsDialog file=file.get_value() what go cancel /> })}
            {move || link.get().map(|url| {
                // Long links break in chat apps and mail: past about 8 KB, the HTML export travels better.
                let size = format!("{} characters{}", url.len(), if url.len() > 8192 { ": long for a link, Export HTML travels better" } else { "" });
                view! {
                    <input class="share-link" data-testid="share-link" readonly value=url aria-label="Share link" />
                    <span class="link-size" data-testid="share-size">{size}</span>
                }
            })}
        </div>
    }
}

/// Saves `text` as a file called `name` (the browser's download).
fn save_as(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Some(a) = document().create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // Freed once the browser has started the download from it.
    set_timeout(move || drop(web_sys::Url::revoke_object_url(&url)), std::time::Duration::from_secs(10));
}

/// A titled list of a card: its first [`LIST_ROWS`] rows (markup from [`rows`]), then a
/// button that shows the rest.
#[component]
fn Capped(title: String, class: &'static str, rows: Vec<String>, what: &'static str) -> impl IntoView {
    let total = rows.len();
    let all = RwSignal::new(total <= LIST_ROWS);
    let rows = StoredValue::new(rows);
    let shown = move || rows.with_value(|r| r[..if all.get() { total } else { LIST_ROWS }].concat());
    let more = move || {
        (!all.get()).then(|| view! { <button type="button" class="more" on:click=move |_| all.set(true)>{format!("Show all {total} {what}")}</button> })
    };
    view! {
        <section>
            {(!title.is_empty()).then(|| view! { <h3>{title}</h3> })}
            <ul class=class data-testid=class inner_html=shown></ul>
            {more}
        </section>
    }
}

/// The worst severity of the check's findings on each line, for the source view's gutter.
fn gutter_marks(file: &LoadedFile) -> std::collections::HashMap<u32, &'static str> {
    let rank = |s: &str| match s {
        "error" => 2,
        "warning" => 1,
        _ => 0,
    };
    let mut marks = std::collections::HashMap::new();
    for d in &file.summary.diagnostics {
        let mark = marks.entry(d.line).or_insert(d.severity);
        if rank(d.severity) > rank(mark) {
            *mark = d.severity;
        }
    }
    marks
}

/// The source, a line per element so that findings can link to it (its number and the worst
/// severity of its findings in a gutter the stylesheet draws); the first [`SOURCE_LINES`]
/// lines until the whole file is asked for. Possible secrets are masked until the reader
/// reveals them; invisible characters are named ([`crate::hidden`]). Markup, every text of
/// the file escaped: one parse for the browser however long the file.
#[component]
fn Source(text: String, marks: std::collections::HashMap<u32, &'static str>, hidden: Vec<Hidden>) -> impl IntoView {
    let card = expect_context::<Card>();
    let file = card.file;
    let total = text.split_inclusive('\n').count();
    let secrets = hidden.iter().filter(|h| matches!(h.what, What::Secret { .. })).count();
    let reveal = RwSignal::new(false);
    let source = StoredValue::new((text, hidden));
    let whole = move || total <= SOURCE_LINES || card.whole_source.get();
    let shown = move || {
        let n = if whole() { total } else { SOURCE_LINES };
        let reveal = reveal.get();
        source.with_value(|(text, hidden)| {
            let mut out = String::with_capacity(text.len().min(64 << 10) + n * 48);
            let mut at = 0;
            for (i, l) in text.split_inclusive('\n').take(n).enumerate() {
                let line = i as u32 + 1;
                let _ = write!(out, "<span class=\"src-line\" tabindex=\"-1\" id=\"{}\"", line_anchor(file, line));
                if let Some(mark) = marks.get(&line) {
                    let _ = write!(out, " data-severity=\"{mark}\"");
                }
                out.push('>');
                for piece in crate::hidden::pieces(l, at, hidden, reveal) {
                    match piece {
                        Piece::Text(t) => out.push_str(&escape(t)),
                        Piece::Secret { shown, revealed } => {
                            let _ = write!(out, "<mark class=\"secret\" data-testid=\"secret\" data-revealed=\"{revealed}\">{}</mark>", escape(shown));
                        }
                        Piece::Invisible(c, code) => {
                            let _ = write!(out, "<span class=\"invisible\" data-testid=\"invisible\" data-cp=\"U+{code:04X}\" title=\"U+{code:04X}: a character nobody sees\">{c}</span>");
                        }
                    }
                }
                out.push_str("</span>");
                at += l.len();
            }
            out
        })
    };
    let more = move || {
        (!whole()).then(|| {
            view! {
                <button type="button" class="more" on:click=move |_| card.whole_source.set(true)>
                    {format!("Show all {total} lines")}
                </button>
            }
        })
    };
    view! {
        {(secrets > 0).then(|| view! {
            <button type="button" class="reveal" data-testid="reveal-secrets" aria-pressed=move || reveal.get().to_string()
                on:click=move |_| reveal.update(|r| *r = !*r)>
                {move || if reveal.get() { "Mask the secrets".to_owned() } else { format!("Reveal {secrets} masked secret{}", if secrets == 1 { "" } else { "s" }) }}
            </button>
        })}
        <pre class="source" data-testid="source" inner_html=shown></pre>
        {more}
    }
}

/// The card's lists: units, decisions (conflicts first), discoveries, the changes since
/// loaded and the check's findings, each row with its line and its findings' badges.
#[component]
fn Lists(file: LoadedFile) -> impl IntoView {
    let (id, s) = (file.id, &file.summary);
    let badges = rows::Badges::of(&s.diagnostics);
    let title = match s.diagnostics.len() {
        0 => "Check: clean".to_owned(),
        1 => "Check: 1 finding".to_owned(),
        n => format!("Check: {n} findings"),
    };
    let list = |title: &str, class: &'static str, rows: Vec<String>, what: &'static str| {
        (!rows.is_empty()).then(|| view! { <Capped title=title.to_owned() class rows what /> })
    };
    view! {
        {s.store.clone().map(|store| view! { <StoreRowsPanel file=id store /> })}
        {list("Changes since loaded", "changes", rows::diagnostics(id, &file.changes), "changes")}
        {list("Progress", "units", rows::units(id, &s.units, s.stop.as_ref(), &badges), "units")}
        {(!s.decisions.is_empty()).then(|| view! {
            <section class="decision-lists">
                {list("Decisions", "conflicts", rows::conflicts(id, &s.conflicts), "conflicts")}
                <Capped title=if s.conflicts.is_empty() { "Decisions".to_owned() } else { String::new() } class="decisions"
                    rows=rows::decisions(id, &s.decisions, &s.conflicts, &badges) what="decisions" />
            </section>
        })}
        {list("Discoveries", "discoveries", rows::discoveries(id, &s.discoveries, &badges), "discoveries")}
        <div id=findings_anchor(id) class="findings">
            <Capped title class="diagnostics" rows=rows::diagnostics(id, &s.diagnostics) what="findings" />
        </div>
    }
}
