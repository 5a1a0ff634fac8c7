//! One loaded file: its name and facts (dialect, task, status, last update, counts), where
//! the run stands (the next action, the unit in progress), its units, decisions,
//! discoveries and the check's findings, then its source, a line per element: every "line N"
//! links to it. Every text of the file is escaped ([`escape`]).
//!
//! The card is markup with one click listener (`data-act` names what a button does), not a
//! typed view per element: each typed view compiles its own code, which the dashboard's size
//! budget pays for (README.md, "The dashboard"). Only the editor and a store's rows are
//! components of their own.
//!
//! A long run lists thousands of units and decisions and a long file has thousands of lines:
//! each list shows its first rows and a button for the rest, so that a card costs the page a
//! bounded number of elements until more are asked for.

use crate::components::{edited, secrets_dialog, EditPanel, StoreRowsPanel};
use crate::export::escape;
use crate::hidden::{Piece, What};
use crate::model::{LoadedFile, Workspace};
use crate::overview;
use crate::rows::{self, findings_anchor, line_anchor};
use crate::share;
use leptos::prelude::*;
use std::fmt::Write;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Rows of a list shown before "Show all".
const LIST_ROWS: usize = 100;
/// Lines of the source view shown before "Show all".
const SOURCE_LINES: usize = 400;

/// The source view's state: the whole source drawn (a link to a line past the first ones
/// draws it first), its secrets revealed.
#[derive(Clone, Copy, Default)]
struct Shown {
    whole: bool,
    reveal: bool,
}

#[component]
pub fn FileCard(file: Arc<LoadedFile>) -> impl IntoView {
    // A card of the workspace can be closed; one opened from a share link has no workspace.
    let workspace = use_context::<Workspace>();
    let id = file.id;
    let secrets = file.summary.diagnostics.iter().any(|d| d.rule == "possible-secret");
    let top = top(&file, workspace.is_some());
    let (lists, rows) = lists(&file);
    let source = source_view(&file, Shown::default());
    let edited = if workspace.is_some() { edited::markup(&file) } else { String::new() };
    let store = file.summary.store.is_some().then(|| file.clone());
    let editor = workspace.map(|_| view! { <EditPanel file=file.clone() /> });
    let body = overview::body(&file);
    let (name, shown, rows) = (file.name.clone(), StoredValue::new(Shown::default()), StoredValue::new(rows));
    let file = StoredValue::new(file);
    // The card, reached from its head: a node ref to a div, a type the page has already (a
    // node ref per element type compiles its own code).
    let head = NodeRef::<leptos::html::Div>::new();
    let article = move || head.get().and_then(|h| h.parent_element());
    let folded = move || workspace.is_some_and(|w| w.collapsed.with(|c| c.contains(&id)));
    // The fold button says whether the card is folded (a file list or project link unfolds
    // it too).
    // So does the body's class (set here rather than by a reactive class of the view, which
    // compiles code of its own).
    Effect::new(move |_| {
        let folded = folded();
        let Some(article) = article() else { return };
        if let Some(button) = article.query_selector("[data-act=fold]").ok().flatten() {
            let _ = button.set_attribute("aria-expanded", if folded { "false" } else { "true" });
            button.set_text_content(Some(if folded { "▸" } else { "▾" }));
        }
        if let Some(body) = article.query_selector(".card-body").ok().flatten() {
            let _ = body.set_attribute("class", if folded { "card-body folded" } else { "card-body" });
        }
    });
    // Draws the source view again in `now`'s state.
    let redraw = move |now: Shown| {
        shown.set_value(now);
        let Some(view) = article().and_then(|a| a.query_selector(".source-view").ok().flatten()) else { return };
        file.with_value(|f| view.set_inner_html(&source_view(f, now)));
    };
    // Shows `line` of the source view and moves the focus to it (the whole source first when
    // the line is past the ones shown).
    let go_to = move |line: u32| {
        if line as usize > SOURCE_LINES && !shown.get_value().whole {
            redraw(Shown { whole: true, ..shown.get_value() });
        }
        let anchor = line_anchor(id, line);
        // The address names the line (:target marks it) and the line has the focus.
        let _ = window().location().set_hash(&anchor);
        if let Some(line) = document().get_element_by_id(&anchor).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = line.focus();
        }
    };
    let act = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        // A "line N" link, or a mark of the timeline.
        if let Some(line) = target.closest("[data-line]").ok().flatten().and_then(|a| a.get_attribute("data-line")).and_then(|l| l.parse().ok()) {
            ev.prevent_default();
            return go_to(line);
        }
        let Some(button) = target.closest("[data-act]").ok().flatten() else { return };
        match (button.get_attribute("data-act").as_deref(), workspace) {
            (Some("fold"), Some(w)) => w.collapsed.update(|c| if c.contains(&id) { c.retain(|&f| f != id) } else { c.push(id) }),
            (Some("close"), Some(w)) => w.close(id),
            (Some("keep"), Some(w)) => w.keep(id),
            (Some("undo"), Some(w)) => w.undo(id),
            (Some("revert"), Some(w)) => w.revert(id),
            // The rest of a list.
            (Some("more"), _) => {
                let list = button.get_attribute("data-list").unwrap_or_default();
                if let Some(ul) = button.parent_element().and_then(|s| s.query_selector(&format!("ul[data-testid={list}]")).ok().flatten()) {
                    rows.with_value(|rows| rows.iter().filter(|(class, _)| *class == list).for_each(|(_, r)| ul.set_inner_html(&r.concat())));
                }
                button.remove();
            }
            (Some("whole"), _) => redraw(Shown { whole: true, ..shown.get_value() }),
            (Some("reveal"), _) => redraw(Shown { reveal: !shown.get_value().reveal, ..shown.get_value() }),
            _ => {}
        }
    };
    view! {
        <article class="file-card" id=format!("file-{id}") data-testid="file-card" data-name=name on:click=act>
            <div node_ref=head inner_html=top></div>
            <div class="card-body">
                <div inner_html=body></div>
                {workspace.map(|_| view! { <Actions file=file.get_value() secrets /> })}
                <div inner_html=edited></div>
                {editor}
                {store.map(|file| view! { <StoreRowsPanel file /> })}
                <div inner_html=lists></div>
                <h3>"Source"</h3>
                <div class="source-view" inner_html=source></div>
            </div>
        </article>
    }
}

/// The card's head: the file's name (the sample says it is one), fold and close buttons in
/// the workspace, the verdict, and the notice of a file with secrets not kept.
fn top(file: &LoadedFile, workspace: bool) -> String {
    let name = escape(&file.name);
    let mut out = format!("<header><h2 data-testid=\"file-name\">{name}</h2>");
    if file.example {
        let frozen = escape(file.summary.last_updated.as_deref().unwrap_or_default());
        let _ = write!(
            out,
            "<span class=\"badge sample\" data-testid=\"sample-badge\" title=\"A sample file, read as of its last update ({frozen}): it never grows stale\">sample · clock frozen at {frozen}</span>"
        );
    }
    if workspace {
        let _ = write!(
            out,
            "<button type=\"button\" class=\"fold\" data-testid=\"fold\" data-act=\"fold\" aria-expanded=\"true\" aria-label=\"Fold {name}\">▾</button>\
             <button type=\"button\" class=\"close\" data-testid=\"close\" data-act=\"close\" aria-label=\"Close {name}\">×</button>"
        );
    }
    out.push_str("</header>");
    out.push_str(&overview::verdict(file));
    if workspace && !file.kept() {
        out.push_str(
            "<p class=\"keep-notice\" role=\"status\" data-testid=\"keep-notice\">This file holds possible secrets: it stays in this tab only, and a reload \
             closes it. <button type=\"button\" data-testid=\"keep\" data-act=\"keep\">Keep it in this browser</button></p>",
        );
    }
    out
}

/// What can be done with a file of the workspace: a read-only share link (secrets masked,
/// after a warning), a download under its own name, a read-only HTML page. Markup, with one
/// click listener.
#[component]
fn Actions(file: Arc<LoadedFile>, secrets: bool) -> impl IntoView {
    let workspace = use_context::<Workspace>();
    let link = RwSignal::new(None::<String>);
    // A file with possible secrets asks first (what it would make: the link or the page).
    // (An owned text: a signal of `Option<String>` is a type the page compiles already.)
    let asking = RwSignal::new(None::<String>);
    // On a phone the actions fold into an overflow menu (the stylesheet shows its button
    // only there).
    let menu = RwSignal::new(false);
    let name = escape(&file.name);
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
        file.with_value(|f| save_as(&format!("{}.html", f.file_name()), &crate::export::html(f, &memento_core::secret::redact(&f.source))));
    };
    let ask = move |what: &'static str| {
        asking.set(Some(what.to_owned()));
        // The dialog takes the focus (its first button).
        request_animation_frame(|| {
            if let Some(go) = document().query_selector("[data-testid=secrets-go]").ok().flatten().and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = go.focus();
            }
        });
    };
    let act = move |ev: leptos::ev::MouseEvent| {
        let button = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|e| e.closest("[data-act]").ok().flatten());
        match button.and_then(|b| b.get_attribute("data-act")).as_deref() {
            // The menu's class set by hand, as the card body's.
            Some("overflow") => {
                let open = !menu.get_untracked();
                if let Some(actions) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    let _ = actions.set_attribute("class", if open { "actions open" } else { "actions" });
                }
                menu.set(open);
            }
            Some("share") if secrets => ask("the link"),
            Some("share") => make_link(),
            Some("export") if secrets => ask("the page"),
            Some("export") => make_page(),
            Some("download") => {
                file.with_value(|f| save_as(f.file_name(), &f.source));
                if let Some(workspace) = workspace {
                    workspace.downloaded(file.with_value(|f| f.id));
                }
            }
            Some("go") => {
                if asking.with_untracked(|a| a.as_deref() == Some("the link")) {
                    make_link();
                } else {
                    make_page();
                }
                asking.set(None);
            }
            Some("cancel") => asking.set(None),
            _ => {}
        }
    };
    // Escape closes the dialog.
    let keys = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && asking.get_untracked().is_some() {
            asking.set(None);
        }
    };
    let markup = move || {
        let mut out = format!(
            "<button type=\"button\" class=\"overflow\" data-testid=\"overflow\" data-act=\"overflow\" aria-expanded=\"{}\" aria-label=\"Actions for {name}\">⋯</button>\
             <button type=\"button\" class=\"action\" data-testid=\"share\" data-act=\"share\" aria-label=\"Share a link to {name}\">Share link</button>\
             <button type=\"button\" class=\"action\" data-testid=\"download\" data-act=\"download\" aria-label=\"Download {name}\">Download</button>\
             <button type=\"button\" class=\"action\" data-testid=\"export-html\" data-act=\"export\" aria-label=\"Export {name} as HTML\">Export HTML</button>",
            menu.get()
        );
        if let Some(what) = asking.get() {
            out.push_str(&file.with_value(|f| secrets_dialog::markup(f, &what)));
        }
        if let Some(url) = link.get() {
            // Long links break in chat apps and mail: past about 8 KB, the HTML export travels better.
            let _ = write!(
                out,
                "<input class=\"share-link\" data-testid=\"share-link\" readonly value=\"{}\" aria-label=\"Share link\">\
                 <span class=\"link-size\" data-testid=\"share-size\">{} characters{}</span>",
                escape(&url),
                url.len(),
                if url.len() > 8192 { ": long for a link, Export HTML travels better" } else { "" }
            );
        }
        out
    };
    view! { <div class="actions" on:click=act on:keydown=keys inner_html=markup></div> }
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

/// The card's lists: the changes since loaded, units, decisions (conflicts first),
/// discoveries and the check's findings, each row with its line and its findings' badges;
/// each its first [`LIST_ROWS`] rows, then a button that shows the rest. Also every list's
/// rows by its class, for that button.
fn lists(file: &LoadedFile) -> (String, Vec<(&'static str, Vec<String>)>) {
    let (id, s) = (file.id, &file.summary);
    let badges = rows::Badges::of(&s.diagnostics);
    let mut out = String::new();
    let mut all = Vec::new();
    let mut list = |out: &mut String, title: &str, class: &'static str, rows: Vec<String>, what: &str| {
        out.push_str("<section>");
        if !title.is_empty() {
            let _ = write!(out, "<h3>{title}</h3>");
        }
        let _ = write!(out, "<ul class=\"{class}\" data-testid=\"{class}\">{}</ul>", rows[..rows.len().min(LIST_ROWS)].concat());
        if rows.len() > LIST_ROWS {
            let _ = write!(out, "<button type=\"button\" class=\"more\" data-act=\"more\" data-list=\"{class}\">Show all {} {what}</button>", rows.len());
        }
        out.push_str("</section>");
        all.push((class, rows));
    };
    let changes = rows::diagnostics(id, &file.changes);
    if !changes.is_empty() {
        list(&mut out, "Changes since loaded", "changes", changes, "changes");
    }
    let units = rows::units(id, &s.units, s.stop.as_ref(), &badges);
    if !units.is_empty() {
        list(&mut out, "Progress", "units", units, "units");
    }
    if !s.decisions.is_empty() {
        out.push_str("<section class=\"decision-lists\">");
        let conflicts = rows::conflicts(id, &s.conflicts);
        let title = if conflicts.is_empty() { "Decisions" } else { "" };
        if !conflicts.is_empty() {
            list(&mut out, "Decisions", "conflicts", conflicts, "conflicts");
        }
        list(&mut out, title, "decisions", rows::decisions(id, &s.decisions, &s.conflicts, &badges), "decisions");
        out.push_str("</section>");
    }
    let discoveries = rows::discoveries(id, &s.discoveries, &badges);
    if !discoveries.is_empty() {
        list(&mut out, "Discoveries", "discoveries", discoveries, "discoveries");
    }
    let title = match s.diagnostics.len() {
        0 => "Check: clean".to_owned(),
        1 => "Check: 1 finding".to_owned(),
        n => format!("Check: {n} findings"),
    };
    let _ = write!(out, "<div id=\"{}\" class=\"findings\">", findings_anchor(id));
    list(&mut out, &title, "diagnostics", rows::diagnostics(id, &s.diagnostics), "findings");
    out.push_str("</div>");
    (out, all)
}

/// The source, a line per element so that findings can link to it (its number and the worst
/// severity of its findings in a gutter the stylesheet draws); the first [`SOURCE_LINES`]
/// lines until the whole file is asked for. Possible secrets are masked until the reader
/// reveals them; invisible characters are named ([`crate::hidden`]). Markup, every text of
/// the file escaped: one parse for the browser however long the file.
fn source_view(file: &LoadedFile, shown: Shown) -> String {
    let (text, hidden) = (&file.source, &file.summary.hidden);
    let total = text.split_inclusive('\n').count();
    let n = if shown.whole { total } else { total.min(SOURCE_LINES) };
    // The worst severity of the check's findings on each line shown, for the gutter.
    const WORST: [&str; 4] = ["", "info", "warning", "error"];
    let mut marks = vec![0u8; n + 1];
    for d in &file.summary.diagnostics {
        let rank = WORST.iter().position(|&w| w == d.severity).unwrap_or(1) as u8;
        if let Some(mark) = marks.get_mut(d.line as usize) {
            *mark = (*mark).max(rank);
        }
    }
    let mut out = String::with_capacity(text.len().min(64 << 10) + n * 48);
    let secrets = hidden.iter().filter(|h| matches!(h.what, What::Secret { .. })).count();
    if secrets > 0 {
        let _ = write!(
            out,
            "<button type=\"button\" class=\"reveal\" data-testid=\"reveal-secrets\" data-act=\"reveal\" aria-pressed=\"{}\">{}</button>",
            shown.reveal,
            if shown.reveal { "Mask the secrets".to_owned() } else { format!("Reveal {secrets} masked secret{}", if secrets == 1 { "" } else { "s" }) }
        );
    }
    out.push_str("<pre class=\"source\" data-testid=\"source\">");
    let mut at = 0;
    for (i, l) in text.split_inclusive('\n').take(n).enumerate() {
        let line = i as u32 + 1;
        let _ = write!(out, "<span class=\"src-line\" tabindex=\"-1\" id=\"{}\"", line_anchor(file.id, line));
        if let Some(&mark) = marks.get(line as usize).filter(|&&m| m > 0) {
            let _ = write!(out, " data-severity=\"{}\"", WORST[mark as usize]);
        }
        out.push('>');
        for piece in crate::hidden::pieces(l, at, hidden, shown.reveal) {
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
    out.push_str("</pre>");
    if n < total {
        let _ = write!(out, "<button type=\"button\" class=\"more\" data-act=\"whole\">Show all {total} lines</button>");
    }
    out
}
