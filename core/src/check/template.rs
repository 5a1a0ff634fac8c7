//! template-drift: a session-notes header or italic description differs from the template.
//!
//! Claude Code's notes rules say headers and italic descriptions are never changed. What is
//! compared, so that real files check clean:
//! - headers case-insensitively, ignoring punctuation and spacing ("Task specification" =
//!   "Task Specification", "Errors & Corrections" = "Errors and Corrections" is *not*
//!   equal: `&` vs `and` is a change of words);
//! - descriptions without their `_…_` / `*…*` delimiters and surrounding spaces, against
//!   every accepted wording of that section: the default template accepts both the wording
//!   of the published template (docs/dialects.md) and the wording of real Claude Code files
//!   (v2.x `summary.md`, corpus 038/053). A custom template accepts its own wording only;
//! - level-1 headers only: `##` and deeper inside a section's content are content.
//!
//! A header not in the template is drift; a template header that is absent is
//! missing-section (a warning), not drift.

use super::{title_of, Ctx};
use crate::identity::section_key;
use crate::diagnostic::TextEdit;
use crate::document::Document;
use crate::rule::Rule;
use crate::Dialect;

/// A session-notes template: headers, each with the italic description(s) accepted below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesTemplate {
    sections: Vec<TemplateSection>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateSection {
    /// `#` count.
    pub level: u8,
    /// The header text, without `#`.
    pub header: String,
    /// Accepted descriptions without delimiters; the first is the one fixes write. Empty when
    /// the template gives the section no description.
    pub descriptions: Vec<String>,
}

/// The ten sections of Claude Code's session notes, the one table of them: the header as
/// Claude Code writes it, the italic description it writes below it (real notes files, corpus
/// 038 and 053), and the wording of the published template (docs/dialects.md). The check
/// accepts either description; `init` and the edits that create a section write the first
/// two ([`notes_section`]), and so does a fix when the file gives no wording to follow.
const DEFAULT: [(&str, &str, &str); 10] = [
    ("Session Title",
     "A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler",
     "A short, distinctive 5-10 word description"),
    ("Current State",
     "What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps.",
     "What's actively being worked on. Pending tasks. Immediate next steps."),
    ("Task specification",
     "What did the user ask to build? Any design decisions or other explanatory context",
     "What the user asked to build. Design decisions. Explanatory context."),
    ("Files and Functions",
     "What are the important files? In short, what do they contain and why are they relevant?",
     "Important files, what they contain, why they're relevant."),
    ("Workflow",
     "What bash commands are usually run and in what order? How to interpret their output if not obvious?",
     "Bash commands usually run and in what order. How to interpret output."),
    ("Errors & Corrections",
     "Errors encountered and how they were fixed. What did the user correct? What approaches failed and should not be tried again?",
     "Errors encountered and how they were fixed. What approaches failed."),
    ("Codebase and System Documentation",
     "What are the important system components? How do they work/fit together?",
     "Important system components. How they work together."),
    ("Learnings",
     "What has worked well? What has not? What to avoid? Do not duplicate items from other sections",
     "What worked well. What didn't. What to avoid."),
    ("Key results",
     "If the user asked a specific output such as an answer to a question, a table, or other document, repeat the exact result here",
     "If the user asked for specific output — answers, tables, documents — the exact result is preserved here."),
    ("Worklog",
     "Step by step, what was attempted, done? Very terse summary for each step",
     "Step by step, what was attempted and done. Terse summary."),
];

/// Header and italic description (with its `_` delimiters) of the `k`-th default session-notes
/// section, as the edits write them; `None` past the tenth.
pub fn notes_section(k: usize) -> Option<(&'static str, String)> {
    DEFAULT.get(k).map(|(header, written, _)| (*header, format!("_{written}_")))
}

/// The rank of a header among the default session-notes sections (compared as
/// [`section_key`] compares titles).
pub fn notes_rank(header: &str) -> Option<usize> {
    let key = section_key(header);
    DEFAULT.iter().position(|(h, _, _)| section_key(h) == key)
}

impl Default for NotesTemplate {
    fn default() -> Self {
        NotesTemplate {
            sections: DEFAULT
                .iter()
                .map(|(h, written, published)| TemplateSection {
                    level: 1,
                    header: (*h).to_owned(),
                    descriptions: vec![(*written).to_owned(), (*published).to_owned()],
                })
                .collect(),
        }
    }
}

impl NotesTemplate {
    /// Reads a template file: `# Header` lines, each optionally followed by an italic
    /// `_description_` line (blank lines between are allowed). Other lines are ignored.
    pub fn parse(text: &str) -> NotesTemplate {
        let mut sections: Vec<TemplateSection> = Vec::new();
        let mut expecting = false;
        for line in text.lines() {
            let t = line.trim();
            let hashes = t.bytes().take_while(|&b| b == b'#').count();
            if (1..=6).contains(&hashes) && t[hashes..].starts_with([' ', '\t']) {
                let header = t[hashes..].trim().trim_end_matches('#').trim();
                if !header.is_empty() {
                    sections.push(TemplateSection { level: hashes as u8, header: header.to_owned(), descriptions: Vec::new() });
                    expecting = true;
                }
                continue;
            }
            if t.is_empty() {
                continue;
            }
            if expecting {
                if let (Some(s), Some(d)) = (sections.last_mut(), strip_italic(t)) {
                    s.descriptions.push(d.to_owned());
                }
            }
            expecting = false;
        }
        NotesTemplate { sections }
    }

    pub fn sections(&self) -> &[TemplateSection] {
        &self.sections
    }

    /// The template section for a header (case-insensitive, punctuation ignored).
    pub fn find(&self, header: &str) -> Option<usize> {
        let key = section_key(header);
        self.sections.iter().position(|s| section_key(&s.header) == key)
    }

    /// The italic line a fix writes for section `k` of this template, in the wording the
    /// document already uses most (the published or the real one) and its delimiter.
    pub(crate) fn description_for(&self, doc: &Document, k: usize) -> Option<String> {
        let s = self.sections.get(k)?;
        if s.descriptions.is_empty() {
            return None;
        }
        let mut votes = vec![0usize; s.descriptions.len()];
        let mut delimiter = '_';
        for sec in doc.sections() {
            let Some(span) = sec.description else { continue };
            let raw = doc.text(span).trim();
            delimiter = raw.chars().next().unwrap_or('_');
            let Some(d) = strip_italic(raw) else { continue };
            for t in &self.sections {
                if let Some(v) = t.descriptions.iter().position(|x| same_words(x, d)) {
                    if v < votes.len() {
                        votes[v] += 1;
                    }
                }
            }
        }
        let best = (0..votes.len()).max_by_key(|&v| (votes[v], usize::MAX - v)).unwrap_or(0);
        Some(format!("{delimiter}{}{delimiter}", s.descriptions[best]))
    }
}

/// `_text_` or `*text*` → `text`.
pub(crate) fn strip_italic(line: &str) -> Option<&str> {
    let t = line.trim();
    for m in ['_', '*'] {
        if t.len() >= 3 && t.starts_with(m) && t.ends_with(m) {
            return Some(t[1..t.len() - 1].trim());
        }
    }
    None
}

/// Equal up to spacing (and a trailing period).
fn same_words(a: &str, b: &str) -> bool {
    a.trim().trim_end_matches('.').split_whitespace().eq(b.trim().trim_end_matches('.').split_whitespace())
}

pub(super) fn check(cx: &mut Ctx) {
    if cx.doc.dialect() != Dialect::SessionNotes || !cx.on(Rule::TemplateDrift) {
        return;
    }
    let doc = cx.doc;
    let template = cx.template;
    let min_level = template.sections().iter().map(|s| s.level).min().unwrap_or(1);
    let present: Vec<Option<usize>> = doc
        .sections()
        .iter()
        .map(|s| if s.level == min_level { template.find(title_of(doc, s)) } else { None })
        .collect();
    for (i, s) in doc.sections().iter().enumerate() {
        if s.level != min_level {
            continue;
        }
        let name = title_of(doc, s);
        let Some(k) = present[i] else {
            // A header the template does not have: suggest the closest absent one.
            let suggestion = closest_missing(template, &present, name);
            let mut d = cx.diag(Rule::TemplateDrift, s.heading, format!("header `{}` is not in the session-notes template", doc.text(s.heading)));
            match suggestion {
                Some(k) => {
                    let t = &template.sections()[k];
                    d = d
                        .with_help(format!("session-notes headers are never changed: did you mean `{} {}`?", "#".repeat(t.level as usize), t.header))
                        .with_fix(vec![TextEdit::replace(s.title, t.header.clone())]);
                }
                None => d = d.with_help("session-notes headers are never changed or added: move this content under one of the template's sections"),
            }
            cx.push(d);
            continue;
        };
        let t = &template.sections()[k];
        if t.descriptions.is_empty() {
            continue;
        }
        let wanted = || template.description_for(doc, k).unwrap_or_default();
        match s.description {
            None => {
                let wanted = wanted();
                let d = cx
                    .diag(Rule::TemplateDrift, s.heading, format!("the italic description of `{name}` is missing"))
                    .with_help(format!("each session-notes header is followed by its italic description: {wanted}"))
                    .with_fix(vec![TextEdit::insert(s.heading.end(), format!("{}{wanted}", doc.line_ending()))]);
                cx.push(d);
            }
            Some(span) => {
                let raw = doc.text(span);
                let Some(d) = strip_italic(raw) else { continue };
                if t.descriptions.iter().any(|x| same_words(x, d)) {
                    continue;
                }
                let wanted = wanted();
                let diag = cx
                    .diag(Rule::TemplateDrift, span, format!("the italic description of `{name}` differs from the template"))
                    .with_help(format!("session-notes descriptions are never changed; the template has {wanted}"))
                    .with_fix(vec![TextEdit::replace(span, wanted)]);
                cx.push(diag);
            }
        }
    }
}

/// The absent template header sharing the most words with `name` (at least half of them).
fn closest_missing(template: &NotesTemplate, present: &[Option<usize>], name: &str) -> Option<usize> {
    let words = |s: &str| section_key(s).split(' ').map(str::to_owned).collect::<Vec<_>>();
    let have = words(name);
    template
        .sections()
        .iter()
        .enumerate()
        .filter(|(k, _)| !present.contains(&Some(*k)))
        .map(|(k, t)| {
            let want = words(&t.header);
            let common = have.iter().filter(|w| want.contains(w)).count();
            (k, common, want.len().max(have.len()))
        })
        .filter(|&(_, common, size)| common * 2 >= size && common > 0)
        .max_by_key(|&(k, common, _)| (common, usize::MAX - k))
        .map(|(k, _, _)| k)
}
