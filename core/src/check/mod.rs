//! The check rules (docs/rules.md): one pass per rule family over the model, diagnostics as data.
//!
//! | rule | file |
//! |---|---|
//! | missing-section, duplicate-section, section-over-budget | `sections.rs` |
//! | template-drift (and [`NotesTemplate`]) | `template.rs` |
//! | stale-current-state, status-conflict | `current_state.rs` |
//! | malformed-entry, unknown-status, status-alias, duplicate-entry | `entries.rs` |
//! | timestamp-assumed-utc, timestamp-out-of-order, future-timestamp, stale-memory, entry-after-completion | `timestamps.rs` |
//! | dangling-supersedes, conflicting-decisions | `decisions.rs` |
//! | progress-contradiction, empty-next-step, stale-in-progress | `progress.rs` |
//! | next-step-done, next-step-dropped | `next_step.rs` |
//! | open-item-done | `done_elsewhere.rs` |
//! | commit-repeated | `commits.rs` |
//! | possible-secret | `secrets.rs` |
//! | wrapped-in-fence, entries-out-of-order | `shape.rs` |
//! | count-mismatch, summary-contradiction, total-changed | `counts.rs` |
//! | summary-contradiction: a claim that all of a numbered series is done | `claims.rs` |
//! | summary-contradiction: a header field a later section gives otherwise | `header.rs` |
//! | stale-entry, mixed-scope | `store.rs` |
//! | missing-metadata, malformed-metadata, past-load-limit, scope-mismatch | `formats.rs` |
//! | dangling-link, pinned-over-budget (and the above across a memory folder) | `workspace.rs` → `formats.rs` |
//! | invisible-character | `invisible.rs` |
//! | unfilled-placeholder | `placeholders.rs` |
//! | unclosed-emphasis | `emphasis.rs` |
//! | empty-section | `empty.rs` |
//! | personal-data | `personal.rs` |
//! | the same rules across the files of a memory bank | `workspace.rs` |
//!
//! Rules that need the current time (future-timestamp, stale-memory, stale-entry) are
//! skipped when [`CheckOptions::now`] is `None`, so a check without a clock is
//! deterministic. Every list of diagnostics leaves through [`finish`], which masks the
//! document's secrets in messages, help and fixes, whether possible-secret is on or not
//! (`docs/secrets.md`); rules quote text with [`Ctx::quote`], which masks before it cuts.

mod claims;
mod commits;
mod header;
pub(crate) mod counts;
mod current_state;
mod decisions;
mod done_elsewhere;
mod empty;
mod emphasis;
mod entries;
mod formats;
mod invisible;
mod personal;
mod placeholders;
mod next_step;
mod progress;
mod secrets;
mod sections;
mod sittings;
mod shape;
mod store;
pub(crate) mod template;
mod timestamps;
pub mod workspace;

pub use template::{NotesTemplate, TemplateSection};
pub use workspace::check_workspace;

use crate::diagnostic::Diagnostic;
use crate::document::{Document, Section};
use crate::rule::{Rule, Severity};
use crate::span::Span;
use crate::time::Timestamp;

/// What a check needs to know beyond the text.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOptions {
    /// The current time. Without it, future-timestamp, stale-memory and stale-entry are skipped.
    pub now: Option<Timestamp>,
    /// stale-memory: the newest timestamp may be at most this many days before `now`.
    pub stale_after_days: u32,
    /// stale-entry: a memory-store row must be updated or accessed within this many days.
    pub retention_days: u32,
    /// section-over-budget: estimated tokens per section ([`crate::tokens::estimate`]).
    pub section_budget_tokens: usize,
    /// section-over-budget: estimated tokens for the whole file.
    pub file_budget_tokens: usize,
    /// A custom session-notes template (replaces the default ten sections).
    pub template: Option<NotesTemplate>,
    /// Per-rule severity overrides; `None` turns the rule off.
    pub severity: Vec<(Rule, Option<Severity>)>,
    /// scope-mismatch: the project (a path, or a name) the memory is read for. Without it,
    /// scope-mismatch is skipped.
    pub project: Option<String>,
    /// pinned-over-budget: estimated tokens the pinned files of a memory folder (Letta's
    /// `system/`) may take together. Letta's own default: fewer than 20,000.
    pub pinned_budget_tokens: usize,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            now: None,
            stale_after_days: 14,
            retention_days: 90,
            section_budget_tokens: 2000,
            file_budget_tokens: 12_000,
            template: None,
            severity: Vec::new(),
            project: None,
            pinned_budget_tokens: 20_000,
        }
    }
}

impl CheckOptions {
    /// The options with `now` set.
    pub fn at(now: Timestamp) -> Self {
        CheckOptions { now: Some(now), ..CheckOptions::default() }
    }

    /// What the options say of `rule`: the last override naming it, else its default.
    fn setting(&self, rule: Rule) -> Setting {
        match self.severity.iter().rev().find(|(r, _)| *r == rule) {
            None => Setting::Default,
            Some((_, Some(severity))) => Setting::Severity(*severity),
            Some((_, None)) => Setting::Off,
        }
    }

    /// Whether a rule runs at all (not turned off by an override).
    pub fn enabled(&self, rule: Rule) -> bool {
        !matches!(self.setting(rule), Setting::Off)
    }
}

/// A rule as the options set it: as registered, at another severity, or off.
enum Setting {
    Default,
    Severity(Severity),
    Off,
}

/// Runs every check rule that applies to the document's dialect. Diagnostics come sorted by
/// position (then by rule).
pub fn check(doc: &Document, options: &CheckOptions) -> Vec<Diagnostic> {
    let default_template;
    let template = match &options.template {
        Some(t) => t,
        None => {
            default_template = NotesTemplate::default();
            &default_template
        }
    };
    let mut cx = Ctx { doc, options, template, out: Vec::new() };
    sections::check(&mut cx);
    template::check(&mut cx);
    current_state::check(&mut cx);
    entries::check(&mut cx);
    timestamps::check(&mut cx);
    decisions::check(&mut cx);
    progress::check(&mut cx);
    next_step::check(&mut cx);
    done_elsewhere::check(&mut cx);
    secrets::check(&mut cx);
    store::check(&mut cx);
    shape::check(&mut cx);
    // After shape: a sitting line logged twice word for word is its duplicate entry, once.
    sittings::check(&mut cx);
    commits::check(&mut cx);
    formats::check(&mut cx);
    let counted = counts::check(&mut cx);
    claims::check(&mut cx, &counted);
    header::check(&mut cx);
    invisible::check(&mut cx);
    placeholders::check(&mut cx);
    emphasis::check(&mut cx);
    empty::check(&mut cx);
    personal::check(&mut cx);
    finish(cx.out, options, doc.secrets())
}

/// The one finishing step of every list of diagnostics the core returns (a file's check,
/// a workspace's, a diff's): applies severity overrides, masks `secrets` (those of the texts
/// the messages quote) in messages, help and fixes, sorts by position. Masking does not
/// depend on the overrides: turning possible-secret off hides the finding, not the secret.
#[doc(hidden)]
pub fn finish(mut out: Vec<Diagnostic>, options: &CheckOptions, secrets: &crate::secret::Secrets) -> Vec<Diagnostic> {
    if !options.severity.is_empty() {
        out.retain_mut(|d| match options.setting(d.rule) {
            Setting::Severity(s) => {
                d.severity = s;
                true
            }
            Setting::Off => false,
            Setting::Default => true,
        });
    }
    for d in out.iter_mut().filter(|_| !secrets.is_empty()) {
        secrets.mask_in_place(&mut d.message);
        if let Some(h) = &mut d.help {
            secrets.mask_in_place(h);
        }
        for e in d.fix.iter_mut().flatten() {
            secrets.mask_in_place(&mut e.content);
        }
    }
    crate::sort::sort_by_key(&mut out, |d| [d.range.start() as u64, d.range.end() as u64, d.rule as u64]);
    out
}

/// What every rule family sees.
pub(crate) struct Ctx<'a> {
    pub doc: &'a Document,
    pub options: &'a CheckOptions,
    pub template: &'a NotesTemplate,
    pub out: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    pub fn on(&self, rule: Rule) -> bool {
        self.options.enabled(rule)
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    pub fn diag(&self, rule: Rule, range: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.doc, rule, range, message)
    }

    /// A short quotation of the document's text for a message: masked, then cut to `max`
    /// characters ([`crate::secret::Secrets::quote`]).
    pub fn quote(&self, text: &str, max: usize) -> String {
        self.doc.secrets().quote(text, max)
    }

    /// 1-based line of an offset, for messages ("first at line 4").
    pub fn line(&self, offset: usize) -> u32 {
        self.doc.position(offset).line
    }
}

/// A title without markup, for messages.
pub(crate) fn title_of<'d>(doc: &'d Document, s: &Section) -> &'d str {
    crate::document::clean_title(doc.text(s.title))
}
