//! One loaded file: its name and facts (dialect, task, status, last update, counts), where
//! the run stands (the next action, the unit in progress), its units, decisions,
//! discoveries and the check's findings, then its source, a line per element: every "line N"
//! links to it. All content goes into text nodes, so it is always escaped.
//!
//! A long run lists thousands of units and decisions and a long file has thousands of lines:
//! each list shows its first rows and a button for the rest ([`Capped`]), so that a card
//! costs the page a bounded number of elements until more are asked for.

use crate::components::EditPanel;
use crate::model::{DecisionRow, DiagnosticRow, LoadedFile, Summary, UnitRow, Workspace};
use crate::share;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Rows of a list shown before "Show all".
const LIST_ROWS: usize = 100;
/// Lines of the source view shown before "Show all".
const SOURCE_LINES: usize = 400;

/// What the parts of one card share: the file, and whether its whole source is shown (a
/// link to a line past the first ones shows it first).
#[derive(Clone, Copy)]
struct Card {
    file: usize,
    whole_source: RwSignal<bool>,
}

#[component]
pub fn FileCard(file: LoadedFile) -> impl IntoView {
    let round_trip = if file.round_trips { "byte-exact" } else { "changed" };
    let bytes = format!("{} bytes", file.bytes());
    provide_context(Card { file: file.id, whole_source: RwSignal::new(false) });
    // A card of the workspace can be closed; one opened from a share link has no workspace.
    let workspace = use_context::<Workspace>();
    let id = file.id;
    let s = file.summary.clone();
    view! {
        <article class="file-card" data-testid="file-card" data-name=file.name.clone()>
            <header>
                <h2 data-testid="file-name">{file.name.clone()}</h2>
                {file.example.then(|| view! { <span class="badge">"example"</span> })}
                <span class="status" data-testid="status" data-status=s.status>{s.status}</span>
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
            <dl class="facts">
                <Fact label="Dialect" testid="dialect" value=file.dialect.to_owned() />
                {s.task.clone().map(|task| view! { <Fact label="Task" testid="task" value=task /> })}
                {s.last_updated.clone().map(|at| view! { <Fact label="Last updated" testid="last-updated" value=at /> })}
                <Fact label="Units" testid="counts" value=format!("{} done, {} pending", s.completed, s.pending) />
                <Fact label="Decisions" testid="decision-count" value=s.decisions.iter().filter(|d| d.superseded_by.is_none()).count().to_string() />
                <Fact label="Size" testid="bytes" value=bytes />
                <div>
                    <dt>"Round trip"</dt>
                    <dd data-testid="roundtrip" class:bad=!file.round_trips>{round_trip}</dd>
                </div>
            </dl>
            {workspace.map(|_| view! { <Actions file=file.clone() secrets=s.diagnostics.iter().any(|d| d.rule == "possible-secret") /> })}
            {workspace.map(|_| {
                let active = s.decisions.iter().filter(|d| d.superseded_by.is_none()).map(|d| d.id.clone()).collect::<Vec<_>>();
                view! { <EditPanel file=file.clone() decisions=active sections=s.sections.clone() /> }
            })}
            <Changes changes=file.changes.clone() />
            <NextAction summary=s.clone() />
            <Units units=s.units.clone() />
            <Decisions decisions=s.decisions.clone() conflicts=s.conflicts.clone() />
            <Discoveries discoveries=s.discoveries.clone() />
            <Findings diagnostics=s.diagnostics.clone() />
            <h3>"Source"</h3>
            <Source text=file.source />
        </article>
    }
}

/// What can be done with a file of the workspace: a read-only share link (secrets masked,
/// after a warning), a download under its own name, a read-only HTML page.
#[component]
fn Actions(file: LoadedFile, secrets: bool) -> impl IntoView {
    let link = RwSignal::new(None::<String>);
    let file = StoredValue::new(file);
    let share = move |_| {
        let warning = "This file holds possible secrets. They are masked in the link, but check it before you send it. Make the link?";
        if secrets && !window().confirm_with_message(warning).unwrap_or(false) {
            return;
        }
        let location = window().location();
        let base = format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
        let url = file.with_value(|f| share::link(&base, &f.name, &memento_core::secret::redact(&f.source)));
        // Copied where the browser allows it; shown in any case.
        let _ = window().navigator().clipboard().write_text(&url);
        link.set(Some(url));
    };
    let download = move |_| {
        file.with_value(|f| save_as(&f.name, &f.source));
    };
    // The read-only page of the file; secrets masked as in a share link.
    let export = move |_| {
        file.with_value(|f| {
            let mut masked = f.clone();
            masked.source = memento_core::secret::redact(&f.source).into_owned();
            save_as(&format!("{}.html", f.name), &crate::export::html(&masked));
        });
    };
    view! {
        <div class="actions">
            <button type="button" data-testid="share" on:click=share>"Share link"</button>
            <button type="button" data-testid="download" on:click=download>"Download"</button>
            <button type="button" data-testid="export-html" on:click=export>"Export HTML"</button>
            {move || link.get().map(|url| view! {
                <input class="share-link" data-testid="share-link" readonly value=url aria-label="Share link" />
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

/// The first [`LIST_ROWS`] rows of a list, then a button that shows the rest.
#[component]
fn Capped<T, V, F>(rows: Vec<T>, what: &'static str, row: F) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    V: IntoView + 'static,
    F: Fn(T) -> V + Clone + Send + Sync + 'static,
{
    let total = rows.len();
    let all = RwSignal::new(total <= LIST_ROWS);
    let rows = StoredValue::new(rows);
    let shown = {
        let row = row.clone();
        move || {
            let n = if all.get() { total } else { LIST_ROWS };
            rows.with_value(|r| r[..n].iter().cloned().map(row.clone()).collect_view())
        }
    };
    let more = move || {
        (!all.get()).then(|| {
            view! {
                <li class="more">
                    <button type="button" on:click=move |_| all.set(true)>{format!("Show all {total} {what}")}</button>
                </li>
            }
        })
    };
    view! { {shown}{more} }
}

/// "line N", a link to that line of the file's source view below.
#[component]
fn Line(line: u32) -> impl IntoView {
    let card = expect_context::<Card>();
    let anchor = line_anchor(card.file, line);
    let href = format!("#{anchor}");
    let on_click = move |ev: leptos::ev::MouseEvent| {
        // A line past the shown ones: show the whole source, then go to it once rendered.
        if line as usize > SOURCE_LINES && !card.whole_source.get_untracked() {
            ev.prevent_default();
            card.whole_source.set(true);
            let anchor = anchor.clone();
            request_animation_frame(move || {
                let _ = window().location().set_hash(&anchor);
            });
        }
    };
    view! { <a class="line" href=href on:click=on_click>{format!(" line {line}")}</a> }
}

/// The id of one line of a file's source view.
fn line_anchor(file: usize, line: u32) -> String {
    format!("f{file}-L{line}")
}

/// The source, a line per element so that findings can link to it; the first
/// [`SOURCE_LINES`] lines until the whole file is asked for.
#[component]
fn Source(text: String) -> impl IntoView {
    let card = expect_context::<Card>();
    let file = card.file;
    let lines: Vec<String> = text.split_inclusive('\n').map(str::to_owned).collect();
    let total = lines.len();
    let lines = StoredValue::new(lines);
    let whole = move || total <= SOURCE_LINES || card.whole_source.get();
    let shown = move || {
        let n = if whole() { total } else { SOURCE_LINES };
        lines.with_value(|l| {
            l[..n]
                .iter()
                .enumerate()
                .map(|(i, l)| view! { <span class="src-line" id=line_anchor(file, i as u32 + 1)>{l.clone()}</span> })
                .collect_view()
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
        <pre class="source" data-testid="source">{shown}</pre>
        {more}
    }
}

#[component]
fn Fact(label: &'static str, testid: &'static str, value: String) -> impl IntoView {
    view! {
        <div>
            <dt>{label}</dt>
            <dd data-testid=testid>{value}</dd>
        </div>
    }
}

/// The card a resuming agent (or its reviewer) reads first: what to do next, and where the
/// unit in progress stopped.
#[component]
fn NextAction(summary: Summary) -> impl IntoView {
    let next = summary.next_action.map(|(text, line)| {
        view! {
            <p class="next-action" data-testid="next-action">
                <span class="label">"Next action "</span>
                {text}
                <Line line />
            </p>
        }
    });
    let resume = summary.resume.map(|resume| {
        view! {
            <p class="resume" data-testid="resume">
                <span class="label">"In progress "</span>
                {resume}
            </p>
        }
    });
    view! { <section class="where">{next}{resume}</section> }
}

#[component]
fn Units(units: Vec<UnitRow>) -> impl IntoView {
    let row = |u: UnitRow| {
        view! {
            <li data-status=u.status>
                <span class="unit-status">{u.status}</span>
                " "
                {u.unit}
                {u.range.map(|r| format!(" ({r})"))}
                <Line line=u.line />
            </li>
        }
    };
    (!units.is_empty()).then(|| view! { <Listed title="Progress".to_owned() class="units" rows=units what="units" row /> })
}

/// A titled list of a card, its rows [`Capped`].
#[component]
fn Listed<T, V, F>(title: String, class: &'static str, rows: Vec<T>, what: &'static str, row: F) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    V: IntoView + 'static,
    F: Fn(T) -> V + Clone + Send + Sync + 'static,
{
    view! {
        <section>
            <h3>{title}</h3>
            <ul class=class data-testid=class>
                <Capped rows what row />
            </ul>
        </section>
    }
}

#[component]
fn Decisions(decisions: Vec<DecisionRow>, conflicts: Vec<(String, u32)>) -> impl IntoView {
    (!decisions.is_empty()).then(|| {
        let row = |d: DecisionRow| {
            let superseded = d.superseded_by.is_some();
            view! {
                <li class:superseded=superseded>
                    <code>{d.id}</code>
                    " "
                    {d.text}
                    {d.superseded_by.map(|by| format!(" (superseded by {by})"))}
                    <Line line=d.line />
                </li>
            }
        };
        let conflict = |(message, line): (String, u32)| view! { <li>{message}<Line line /></li> };
        view! {
            <section>
                <h3>"Decisions"</h3>
                <ul class="conflicts" data-testid="conflicts">
                    <Capped rows=conflicts what="conflicts" row=conflict />
                </ul>
                <ul class="decisions" data-testid="decisions">
                    <Capped rows=decisions what="decisions" row />
                </ul>
            </section>
        }
    })
}

#[component]
fn Discoveries(discoveries: Vec<(String, u32)>) -> impl IntoView {
    let row = |(text, line): (String, u32)| view! { <li>{text}<Line line /></li> };
    (!discoveries.is_empty()).then(|| view! { <Listed title="Discoveries".to_owned() class="discoveries" rows=discoveries what="discoveries" row /> })
}

/// One finding of the check or of the diff: severity, rule, message, a link to its line.
fn diagnostic(d: DiagnosticRow) -> impl IntoView {
    view! {
        <li data-severity=d.severity data-rule=d.rule>
            <span class="severity">{d.severity}</span>
            " "
            <code>{d.rule}</code>
            " "
            {d.message}
            <Line line=d.line />
        </li>
    }
}

/// What the edits changed that a reviewer must see: the transition findings of the text as
/// loaded against the text now (nothing when it is unedited).
#[component]
fn Changes(changes: Vec<DiagnosticRow>) -> impl IntoView {
    (!changes.is_empty()).then(|| view! { <Listed title="Changes since loaded".to_owned() class="changes" rows=changes what="changes" row=diagnostic /> })
}

#[component]
fn Findings(diagnostics: Vec<DiagnosticRow>) -> impl IntoView {
    let title = match diagnostics.len() {
        0 => "Check: clean".to_owned(),
        1 => "Check: 1 finding".to_owned(),
        n => format!("Check: {n} findings"),
    };
    view! { <Listed title class="diagnostics" rows=diagnostics what="findings" row=diagnostic /> }
}
