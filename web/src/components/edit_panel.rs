//! The edits of docs/edits.md on one file of the workspace: a checkpoint (routed by its content,
//! or as a decision, progress or discovery), a supersede, a unit's progress, the next step,
//! and in session notes a section's content.
//! Each runs memento-edit's edit on the current text; the card is then drawn again from the new
//! text, checked afresh and diffed against the text as loaded. A guard that refuses (a
//! conflicting decision, a duplicate entry, a second unit in progress) says why, and
//! "write anyway" forces it.

use crate::export::escape;
use crate::model::{LoadedFile, Workspace};
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;
use memento_core::document::Status;
use memento_edit::edit::{self, Kind};
use memento_core::time::{Timestamp, TimestampStyle};
use memento_edit::{EditError, EditOutcome};

/// The supersede form offers the file's active decisions (id and text), the progress form
/// its units.
///
/// The forms are markup ([`forms`]) read when submitted, through one listener: a form of
/// typed views compiles its own code per field, which the dashboard's size budget pays for.
#[component]
pub fn EditPanel(file: std::sync::Arc<LoadedFile>) -> impl IntoView {
    let workspace = expect_context::<Workspace>();
    let id = file.id;
    let forms = forms(&file);
    let file = StoredValue::new(file);
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

    // Every form of the panel: which one by its test id, its fields by name.
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(form) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlFormElement>().ok()) else { return };
        let Ok(data) = web_sys::FormData::new_with_form(&form) else { return };
        let field = |name: &str| data.get(name).as_string().unwrap_or_default();
        // "Write anyway" stands below the forms, for all of them.
        let force = form
            .closest(".edit-panel")
            .ok()
            .flatten()
            .and_then(|panel| panel.query_selector("input[name=force]").ok().flatten())
            .and_then(|input| input.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|input| input.checked());
        match form.get_attribute("data-testid").as_deref() {
            Some("checkpoint-form") => {
                let kind = match field("kind").as_str() {
                    "decision" => Some(Kind::Decision),
                    "progress" => Some(Kind::Progress),
                    "discovery" => Some(Kind::Discovery),
                    _ => None,
                };
                let note = field("note");
                if let Err(EditError::ConflictsWith { decision, .. }) = run(force, &|text, options| edit::checkpoint_with(text, &note, now(), kind, options)) {
                    refused.set(Some((decision, note, kind)));
                }
            }
            Some("supersede-form") => {
                let (replaced, text) = (field("replaced"), field("text"));
                let _ = run(force, &|source, options| edit::supersede_with(source, &replaced, &text, now(), options));
            }
            Some("progress-form") => {
                let Some(status) = Status::from_word(&field("status")).map(|w| w.status) else { return };
                let (unit, stopped) = (field("unit"), field("stopped"));
                let stopped = Some(stopped.trim()).filter(|s| !s.is_empty());
                // A name the file does not have yet (a typo, often) makes a new unit: only when asked.
                let key = memento_core::identity::UnitKey::of(&unit);
                let known = key.is_some() && file.with_value(|f| f.summary.units.iter().any(|u| memento_core::identity::UnitKey::of(&u.unit) == key));
                let question = format!("“{}” is not a unit of this file. Add it as a new unit?", unit.trim());
                if !known && !window().confirm_with_message(&question).unwrap_or(false) {
                    return;
                }
                let _ = run(force, &|text, options| edit::set_progress_with(text, &unit, status, stopped, options));
            }
            Some("next-form") => {
                let next = field("next");
                let _ = run(force, &|text, options| edit::set_next_with(text, &next, options));
            }
            // Session notes: a section's content replaced, its header and description kept.
            Some("section-form") => {
                let (section, content) = (field("section"), field("content"));
                let _ = run(force, &|text, options| edit::update_section_with(text, &section, &content, options));
            }
            _ => {}
        }
    };

    let said = move || said(id, error.get(), workspace.written.get().filter(|w| w.0 == id), refused.with(|r| r.as_ref().map(|r| r.0.clone())));
    let open = move || workspace.editing.get() == Some(id);

    // Its button opens and closes the editor; the choices a refused decision offers replace
    // the decision it contradicts, write it as it is, or leave the file as it was.
    let click = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        if target.closest("[data-testid=edit]").ok().flatten().is_some() {
            return workspace.editing.update(|e| *e = if *e == Some(id) { None } else { Some(id) });
        }
        let button = target.closest("[data-choice]").ok().flatten();
        let (Some(choice), Some((decision, text, kind))) = (button.and_then(|b| b.get_attribute("data-choice")), refused.get_untracked()) else { return };
        match choice.as_str() {
            "supersede" => drop(run(false, &|source, options| edit::supersede_with(source, &decision, &text, now(), options))),
            "write" => drop(run(true, &|source, options| edit::checkpoint_with(source, &text, now(), kind, options))),
            _ => {
                refused.set(None);
                error.set(None);
            }
        }
    };
    // The button says whether the editor is open (markup, kept by this effect: a typed
    // button with reactive attributes compiles code of its own).
    let panel = NodeRef::<leptos::html::Section>::new();
    let toggle = move || panel.get().and_then(|p| p.query_selector("[data-testid=edit]").ok().flatten()).and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    let name = file.with_value(|f| escape(&f.name));
    Effect::new(move |_| {
        let open = open();
        if let Some(button) = toggle() {
            let _ = button.set_attribute("aria-expanded", if open { "true" } else { "false" });
            let _ = button.set_attribute("aria-label", &file.with_value(|f| if open { format!("Close the editor of {}", f.name) } else { format!("Edit {}", f.name) }));
            button.set_text_content(Some(if open { "Close the editor" } else { "Edit" }));
        }
    });
    // Escape closes the editor and gives the focus back to its button.
    let escape = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open() {
            workspace.editing.set(None);
            if let Some(button) = toggle() {
                let _ = button.focus();
            }
        }
    };
    let button = format!("<button type=\"button\" class=\"edit-toggle\" data-testid=\"edit\" aria-expanded=\"false\" aria-label=\"Edit {name}\">Edit</button>");
    view! {
        <section class="edit-panel" on:keydown=escape on:click=click node_ref=panel>
            <div inner_html=button></div>
            // Drawn again only when the editor opens: a refusal leaves what was typed.
            <div on:submit=submit inner_html=move || if open() { forms.clone() } else { String::new() }></div>
            <div inner_html=move || if open() { said() } else { String::new() }></div>
        </section>
    }
}

/// The forms of the edits this kind of file takes, as markup (every text of the file
/// escaped): none of the markdown edits for JSON, whose feature list alone takes a unit's
/// progress; session notes keep progress and next step in their sections, and take a
/// section's content instead.
fn forms(file: &LoadedFile) -> String {
    let s = &file.summary;
    let mut decisions = s.decisions.iter().filter(|d| d.superseded_by.is_none()).peekable();
    let (markdown, progress, next) = (!file.json, !file.json || file.features, !file.json && file.dialect != "session-notes");
    let option = |out: &mut String, value: &str, label: &str| {
        let _ = write!(out, "<option value=\"{}\">{}</option>", escape(value), escape(label));
    };
    let text = |name: &str, label: &str, placeholder: &str, required: bool| {
        format!(
            "<input type=\"text\" name=\"{name}\" aria-label=\"{label}\" placeholder=\"{}\"{}>",
            escape(placeholder),
            if required { " required" } else { "" }
        )
    };
    let mut out = String::new();
    if !markdown && !progress {
        out.push_str("<p class=\"edit-note\" data-testid=\"edit-note\">This file is JSON: the editor's edits are for markdown memory files.</p>");
    }
    if markdown {
        let _ = write!(
            out,
            "<form data-testid=\"checkpoint-form\"><label>Checkpoint <select name=\"kind\"><option value=\"auto\">by its content</option>\
             <option value=\"decision\">decision</option><option value=\"progress\">progress</option><option value=\"discovery\">discovery</option></select></label>\
             {}<button type=\"submit\">Add</button></form>",
            text("note", "Checkpoint text", "DO NOT modify config/auth.yaml — used by 3 services", true)
        );
    }
    if markdown && decisions.peek().is_some() {
        out.push_str("<form data-testid=\"supersede-form\"><label>Supersede <select name=\"replaced\">");
        for d in decisions {
            option(&mut out, &d.id, &picker_label(&d.id, &d.text));
        }
        let _ = write!(out, "</select></label>{}<button type=\"submit\">Supersede</button></form>", text("text", "New decision", "the decision that replaces it", true));
    }
    if progress {
        let list = format!("units-{}", file.id);
        let _ = write!(
            out,
            "<form data-testid=\"progress-form\"><label>Progress <input type=\"text\" name=\"unit\" aria-label=\"Unit\" placeholder=\"orders/batch_3/\" required list=\"{list}\"></label><datalist id=\"{list}\">"
        );
        for u in &s.units {
            let _ = write!(out, "<option value=\"{}\"></option>", escape(&u.unit));
        }
        out.push_str("</datalist><select name=\"status\" aria-label=\"Status\">");
        for status in Status::ALL {
            option(&mut out, status.as_str(), status.as_str());
        }
        let _ = write!(out, "</select>{}<button type=\"submit\">Set</button></form>", text("stopped", "Stopped at", "stopped at (optional)", false));
    }
    if next {
        let _ = write!(
            out,
            "<form data-testid=\"next-form\"><label>Next step {}</label><button type=\"submit\">Set</button></form>",
            text("next", "Next step", "Begin with orders/batch_3/ file 095", true)
        );
    }
    if file.dialect == "session-notes" {
        out.push_str("<form data-testid=\"section-form\" class=\"section-form\"><label>Section <select name=\"section\">");
        for section in &s.sections {
            option(&mut out, section, section);
        }
        out.push_str(
            "</select></label><textarea name=\"content\" rows=\"4\" required placeholder=\"the section's new content (its header and description stay)\" \
             aria-label=\"Section content\"></textarea><button type=\"submit\">Replace</button></form>",
        );
    }
    out.push_str("<label class=\"force\"><input type=\"checkbox\" name=\"force\"> write anyway when a guard refuses (a conflict, a duplicate, a second unit in progress)</label>");
    out
}

/// What the editor says below its forms: why an edit was refused, where the last one wrote
/// (a link to the line), and the choices a refused decision offers (`refused`: the id of
/// the decision it contradicts).
fn said(file: usize, error: Option<String>, written: Option<(usize, u32, String)>, refused: Option<String>) -> String {
    let mut out = String::new();
    if let Some(why) = error {
        let _ = write!(out, "<p class=\"edit-error\" role=\"alert\" data-testid=\"edit-error\">{}</p>", escape(&why));
    }
    if let Some((_, line, under)) = written {
        let _ = write!(
            out,
            "<p class=\"edit-done\" role=\"status\" data-testid=\"edit-done\">{}<a class=\"line\" href=\"#{}\" data-line=\"{line}\">line {line}</a></p>",
            if under.is_empty() { "Written at ".to_owned() } else { format!("Written under “{}”, at ", escape(&under)) },
            crate::rows::line_anchor(file, line)
        );
    }
    if let Some(decision) = refused {
        let _ = write!(
            out,
            "<div class=\"refused\" role=\"group\" aria-label=\"The decision was refused\" data-testid=\"refused\">\
             <button type=\"button\" data-testid=\"supersede-refused\" data-choice=\"supersede\" title=\"Write it as a new decision that supersedes {}\">Supersede with this</button>\
             <button type=\"button\" data-testid=\"write-anyway\" data-choice=\"write\">Write anyway</button>\
             <button type=\"button\" data-testid=\"cancel-refused\" data-choice=\"cancel\">Cancel</button></div>",
            escape(&decision)
        );
    }
    out
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
