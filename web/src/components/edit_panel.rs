//! The edits of docs/edits.md on one file of the workspace: a checkpoint (routed by its content,
//! or as a decision, progress or discovery), a supersede, a unit's progress, the next step,
//! and in session notes a section's content.
//! Each runs memento-edit's edit on the current text; the card is then drawn again from the new
//! text, checked afresh and diffed against the text as loaded. A guard that refuses (a
//! conflicting decision, a duplicate entry, a second unit in progress) says why, and
//! "write anyway" forces it.

use crate::model::{LoadedFile, Workspace};
use leptos::prelude::*;
use memento_core::document::Status;
use memento_edit::edit::{self, Kind};
use memento_core::time::{Timestamp, TimestampStyle};
use memento_edit::{EditError, EditOutcome};

/// `decisions`: the active decisions (id, text) a supersede may name; `units`: the file's
/// units, offered as the progress form's unit.
#[component]
pub fn EditPanel(file: LoadedFile, decisions: Vec<(String, String)>, units: Vec<String>, sections: Vec<String>) -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let id = file.id;
    // The edits this kind of file takes: none of the markdown edits for JSON, whose feature
    // list alone takes a unit's progress; session notes keep progress and next step in their
    // sections.
    let (markdown, progress_ok, next_ok) = (!file.json, !file.json || file.features, !file.json && file.dialect != "session-notes");
    let file = StoredValue::new(file);
    let force = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    // A checkpoint refused for contradicting an active decision: (that decision's id, the
    // text, its kind), for the choices the refusal offers.
    let refused = RwSignal::new(None::<(String, String, Option<Kind>)>);
    // Runs an edit on the current text (forced past the guards when `forced`): the new text
    // replaces it, or the refusal is shown.
    let run = move |forced: bool, edit: &dyn Fn(&str, &memento_edit::EditOptions) -> Result<EditOutcome, EditError>| {
        let outcome = file.with_value(|f| edit(&f.source, &f.edit_options(forced)));
        refused.set(None);
        match outcome {
            Ok(outcome) => {
                error.set(None);
                // The last line the first edit wrote (bytes before it are the original's, so
                // it ends at its start plus its length in the new text too).
                let at = outcome.edits.first().map_or(0, |e| e.range.start() + e.content.trim_end_matches(['\n', '\r']).len());
                workspace.written.set(Some(written_at(&outcome.text, at, id)));
                workspace.update(id, outcome.text);
                Ok(())
            }
            Err(why) => {
                error.set(Some(why.to_string()));
                Err(why)
            }
        }
    };
    let apply = move |edit: &dyn Fn(&str, &memento_edit::EditOptions) -> Result<EditOutcome, EditError>| {
        let _ = run(force.get_untracked(), edit);
    };

    let (kind, note) = (RwSignal::new("auto".to_owned()), RwSignal::new(String::new()));
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let kind = match kind.get_untracked().as_str() {
            "decision" => Some(Kind::Decision),
            "progress" => Some(Kind::Progress),
            "discovery" => Some(Kind::Discovery),
            _ => None,
        };
        let note = note.get_untracked();
        if let Err(EditError::ConflictsWith { decision, .. }) = run(force.get_untracked(), &|text, options| edit::checkpoint_with(text, &note, now(), kind, options)) {
            refused.set(Some((decision, note, kind)));
        }
    };
    // The choices a refused decision offers: replace the decision it contradicts, write it
    // as it is, or leave the file as it was.
    let supersede_refused = move |_| {
        if let Some((decision, text, _)) = refused.get_untracked() {
            let _ = run(false, &|source, options| edit::supersede_with(source, &decision, &text, now(), options));
        }
    };
    let write_refused = move |_| {
        if let Some((_, text, kind)) = refused.get_untracked() {
            let _ = run(true, &|source, options| edit::checkpoint_with(source, &text, now(), kind, options));
        }
    };
    let cancel_refused = move |_| {
        refused.set(None);
        error.set(None);
    };

    let (replaced, replacement) = (RwSignal::new(decisions.first().map(|d| d.0.clone()).unwrap_or_default()), RwSignal::new(String::new()));
    let supersede = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (id, text) = (replaced.get_untracked(), replacement.get_untracked());
        apply(&|source, options| edit::supersede_with(source, &id, &text, now(), options));
    };

    let known = StoredValue::new(units.clone());
    let (unit, status, stopped) = (RwSignal::new(String::new()), RwSignal::new("COMPLETED".to_owned()), RwSignal::new(String::new()));
    let progress = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(status) = Status::from_word(&status.get_untracked()).map(|w| w.status) else { return };
        let (unit, stopped) = (unit.get_untracked(), stopped.get_untracked());
        let stopped = Some(stopped.trim()).filter(|s| !s.is_empty());
        // A name the file does not have yet (a typo, often) makes a new unit: only when asked.
        let key = memento_core::identity::UnitKey::of(&unit);
        let known = key.is_some() && known.with_value(|units| units.iter().any(|u| memento_core::identity::UnitKey::of(u) == key));
        let question = format!("“{}” is not a unit of this file. Add it as a new unit?", unit.trim());
        if !known && !window().confirm_with_message(&question).unwrap_or(false) {
            return;
        }
        apply(&|text, options| edit::set_progress_with(text, &unit, status, stopped, options));
    };

    // Session notes: a section's content replaced, its header and description kept.
    let notes = file.with_value(|f| f.dialect == "session-notes");
    let (section, content) = (RwSignal::new(sections.first().cloned().unwrap_or_default()), RwSignal::new(String::new()));
    let update_section = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (section, content) = (section.get_untracked(), content.get_untracked());
        apply(&|text, options| edit::update_section_with(text, &section, &content, options));
    };

    let next = RwSignal::new(String::new());
    let set_next = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let next = next.get_untracked();
        apply(&|text, options| edit::set_next_with(text, &next, options));
    };

    let open = move || workspace.editing.get() == Some(id);
    let toggle = move |_| workspace.editing.update(|e| *e = if *e == Some(id) { None } else { Some(id) });
    // Escape closes the editor and gives the focus back to its button.
    let button = NodeRef::<leptos::html::Button>::new();
    let escape = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open() {
            workspace.editing.set(None);
            if let Some(button) = button.get() {
                let _ = button.focus();
            }
        }
    };
    let units_list = format!("units-{id}");
    view! {
        <section class="edit-panel" on:keydown=escape>
            <button type="button" class="edit-toggle" data-testid="edit" node_ref=button aria-expanded=move || open().to_string() on:click=toggle
                aria-label=move || file.with_value(|f| if open() { format!("Close the editor of {}", f.name) } else { format!("Edit {}", f.name) })>
                {move || if open() { "Close the editor" } else { "Edit" }}
            </button>
            <Show when=open>
                {(!markdown && !progress_ok).then(|| view! { <p class="edit-note" data-testid="edit-note">"This file is JSON: the editor's edits are for markdown memory files."</p> })}
                {markdown.then(|| view! {
                <form data-testid="checkpoint-form" on:submit=add>
                    <label>"Checkpoint "
                        <select prop:value=kind on:change=move |ev| kind.set(event_target_value(&ev))>
                            <option value="auto">"by its content"</option>
                            <option value="decision">"decision"</option>
                            <option value="progress">"progress"</option>
                            <option value="discovery">"discovery"</option>
                        </select>
                    </label>
                    <TextField value=note label="Checkpoint text" placeholder="DO NOT modify config/auth.yaml — used by 3 services" required=true />
                    <button type="submit">"Add"</button>
                </form>
                })}
                {(markdown && !decisions.is_empty()).then(|| view! {
                    <form data-testid="supersede-form" on:submit=supersede>
                        <label>"Supersede "
                            <select prop:value=replaced on:change=move |ev| replaced.set(event_target_value(&ev))>
                                {decisions.iter().map(|(id, text)| view! { <option value=id.clone()>{picker_label(id, text)}</option> }).collect_view()}
                            </select>
                        </label>
                        <TextField value=replacement label="New decision" placeholder="the decision that replaces it" required=true />
                        <button type="submit">"Supersede"</button>
                    </form>
                })}
                {progress_ok.then(|| view! {
                <form data-testid="progress-form" on:submit=progress>
                    <label>"Progress "
                        <TextField value=unit label="Unit" placeholder="orders/batch_3/" required=true list=units_list.clone() />
                    </label>
                    <datalist id=units_list.clone()>
                        {units.iter().map(|u| view! { <option value=u.clone()></option> }).collect_view()}
                    </datalist>
                    <select prop:value=status on:change=move |ev| status.set(event_target_value(&ev)) aria-label="Status">
                        {Status::ALL.iter().map(|s| view! { <option value=s.as_str()>{s.as_str()}</option> }).collect_view()}
                    </select>
                    <TextField value=stopped label="Stopped at" placeholder="stopped at (optional)" />
                    <button type="submit">"Set"</button>
                </form>
                })}
                {next_ok.then(|| view! {
                <form data-testid="next-form" on:submit=set_next>
                    <label>"Next step "
                        <TextField value=next label="Next step" placeholder="Begin with orders/batch_3/ file 095" required=true />
                    </label>
                    <button type="submit">"Set"</button>
                </form>
                })}
                {notes.then(|| view! {
                    <form data-testid="section-form" class="section-form" on:submit=update_section>
                        <label>"Section "
                            <select prop:value=section on:change=move |ev| section.set(event_target_value(&ev))>
                                {sections.iter().map(|s| view! { <option value=s.clone()>{s.clone()}</option> }).collect_view()}
                            </select>
                        </label>
                        <textarea rows="4" required placeholder="the section's new content (its header and description stay)" aria-label="Section content"
                            prop:value=content on:input=move |ev| content.set(event_target_value(&ev))></textarea>
                        <button type="submit">"Replace"</button>
                    </form>
                })}
                <label class="force">
                    <input type="checkbox" prop:checked=force on:change=move |ev| force.set(event_target_checked(&ev)) />
                    " write anyway when a guard refuses (a conflict, a duplicate, a second unit in progress)"
                </label>
                {move || error.get().map(|why| view! { <p class="edit-error" role="alert" data-testid="edit-error">{why}</p> })}
                {move || workspace.written.get().filter(|w| w.0 == id).map(|(_, line, under)| view! {
                    <p class="edit-done" role="status" data-testid="edit-done">
                        {if under.is_empty() { "Written at ".to_owned() } else { format!("Written under “{under}”, at ") }}
                        <a class="line" href=format!("#{}", crate::rows::line_anchor(id, line)) data-line=line.to_string()>{format!("line {line}")}</a>
                    </p>
                })}
                {move || refused.get().map(|(decision, ..)| view! {
                    <div class="refused" role="group" aria-label="The decision was refused" data-testid="refused">
                        <button type="button" data-testid="supersede-refused" on:click=supersede_refused
                            title=format!("Write it as a new decision that supersedes {decision}")>"Supersede with this"</button>
                        <button type="button" data-testid="write-anyway" on:click=write_refused>"Write anyway"</button>
                        <button type="button" data-testid="cancel-refused" on:click=cancel_refused>"Cancel"</button>
                    </div>
                })}
            </Show>
        </section>
    }
}

/// A one-line text input bound to `value`; `list` names a datalist of suggestions.
#[component]
fn TextField(
    value: RwSignal<String>,
    label: &'static str,
    placeholder: &'static str,
    #[prop(optional)] required: bool,
    #[prop(optional, into)] list: Option<String>,
) -> impl IntoView {
    view! {
        <input type="text" required=required placeholder=placeholder aria-label=label list=list
            prop:value=value on:input=move |ev| value.set(event_target_value(&ev)) />
    }
}

/// A decision as the supersede picker names it: its id and the start of its text.
fn picker_label(id: &str, text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{id} — {}…", &text[..cut]),
        None => format!("{id} — {text}"),
    }
}

/// Where an edit wrote, for the message that says so: the file, the line of byte `at` of the
/// new text (the end of what it wrote), the heading above it (empty when none).
fn written_at(text: &str, at: usize, file: usize) -> (usize, u32, String) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    // The line holding the last byte written.
    let before = &text[..at];
    let line = before.bytes().filter(|&b| b == b'\n').count() as u32 + 1;
    let under = before
        .lines()
        .rev()
        .find(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_owned())
        .unwrap_or_default();
    (file, line, under)
}

/// The time a checkpoint is stamped with: now, by the page's clock.
fn now() -> Timestamp {
    Timestamp::from_epoch((js_sys::Date::now() / 1000.0).floor() as i64, TimestampStyle::CHECKPOINT)
}
