//! What the memory formats of the big agent harnesses add to the model (`docs/formats.md`):
//! YAML front matter read field by field, Basic Memory's observations, links between the
//! files of a memory folder (`[[Target]]`, `[Title](topic.md)`), and the task-group blocks of
//! Codex's `MEMORY.md` with their scope and provenance.
//!
//! Like the rest of the model these are spans into the source: reading them changes no byte.

use crate::span::Span;
use crate::time::Timestamp;
use serde::Serialize;

/// The YAML front matter of a Markdown file, read as the harnesses read it: top-level
/// `key: value` lines. Nested values (indented lines, `- item` lists) belong to the key
/// above them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FrontMatter {
    /// From the opening `---` to the end of the closing line (or of the text, when unclosed).
    pub span: Span,
    /// Whether a closing `---` (or `...`) line ends it.
    pub closed: bool,
    pub fields: Vec<Field>,
    /// Lines that are not `key: value`, and keys given twice.
    pub faults: Vec<FrontMatterFault>,
}

/// `key: value` in front matter. The value is trimmed and may be empty (a key whose value is
/// the indented lines below it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Field {
    pub line: Span,
    pub key: Span,
    pub value: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FrontMatterFault {
    pub span: Span,
    pub kind: FrontMatterFaultKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FrontMatterFaultKind {
    /// An opening `---` with no closing line: the harness reads no metadata at all.
    Unclosed,
    /// A line that is neither `key: value`, a nested line nor a comment.
    NotAField,
    /// A key given a second time (YAML loaders keep one of the two, or refuse the file).
    DuplicateKey,
}

/// A Basic Memory observation: `- [category] fact #tag (context)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observation {
    /// Index into [`crate::Document::items`].
    pub item: usize,
    pub category: Span,
    /// The fact, after the category.
    pub text: Span,
    /// `#tag` words, without the `#`.
    pub tags: Vec<Span>,
}

/// A link from this file to another note or file of the same memory folder.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    /// The whole link as written (`[[Target]]`, `[Title](topic.md)`).
    pub span: Span,
    /// What it names: the title in `[[…]]`, the path in `(…)`.
    pub target: Span,
    /// A Basic Memory relation's type: `implements` in `- implements [[Target]]`.
    pub relation: Option<Span>,
    pub kind: LinkKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    /// `[[Title]]`, resolved by note title, permalink or file name.
    Wiki,
    /// `[text](file.md)`, a relative path to a Markdown file.
    File,
}

/// A `# Task Group:` block of Codex's `MEMORY.md`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskBlock {
    /// Index into [`crate::Document::sections`] of its `# Task Group:` heading.
    pub section: usize,
    /// The group's name, after `Task Group:`.
    pub title: Span,
    /// The `scope:` line's value.
    pub scope: Option<Span>,
    /// The `applies_to:` line's value.
    pub applies_to: Option<Span>,
    /// `cwd=<path>` inside `applies_to:`: the project the block is about.
    pub cwd: Option<Span>,
    /// The `### keywords` items, each keyword on its own.
    pub keywords: Vec<Span>,
    /// The `### rollout_summary_files` items: where the block's knowledge comes from.
    pub sources: Vec<Source>,
}

/// A rollout summary a task-group block cites:
/// `- rollout_summaries/x.md (cwd=…, rollout_path=…, updated_at=…, thread_id=…)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Source {
    pub item: usize,
    pub file: Span,
    pub cwd: Option<Span>,
    pub updated_at: Option<Timestamp>,
    pub thread_id: Option<Span>,
}

/// Everything of the above a document holds (empty for the other dialects).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct AgentMemory {
    pub front_matter: Option<FrontMatter>,
    pub observations: Vec<Observation>,
    pub links: Vec<Link>,
    pub blocks: Vec<TaskBlock>,
}

impl FrontMatter {
    /// The first field named `key` (compared exactly, as YAML does).
    pub fn field<'a>(&'a self, source: &str, key: &str) -> Option<&'a Field> {
        self.fields.iter().find(|f| source.get(f.key.range()) == Some(key))
    }

    /// The value of the field `key`, without the quotes around it (`"a: b"` → `a: b`).
    pub fn value<'s>(&self, source: &'s str, key: &str) -> Option<&'s str> {
        let f = self.field(source, key)?;
        Some(unquote(source.get(f.value.range())?))
    }

    /// The newest date the metadata gives the file itself (`date:`, `updated:`,
    /// `last_updated:`, `created_at:` …): how old the notes are when nothing in the body is
    /// dated (docs/formats.md). A date about something else (`deadline:`) is not one.
    pub fn date(&self, source: &str) -> Option<(Timestamp, Span)> {
        const KEYS: &str = "date|updated|lastupdated|lastmodified|modified|updatedat|created|\
            createdat";
        self.fields
            .iter()
            .filter(|f| {
                let key: String = source.get(f.key.range()).unwrap_or("").chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
                crate::packed::is_any(&key, KEYS)
            })
            .filter_map(|f| {
                let value = unquote(source.get(f.value.range())?);
                let (ts, used) = crate::time::parse_prefix(value)?;
                (used == value.len()).then_some((ts, f.value))
            })
            .max_by_key(|(t, _)| t.epoch_seconds)
    }
}

/// A YAML scalar without the quotes around it.
pub(crate) fn unquote(value: &str) -> &str {
    let quoted = value.len() >= 2 && (value.starts_with('"') && value.ends_with('"') || value.starts_with('\'') && value.ends_with('\''));
    if quoted { &value[1..value.len() - 1] } else { value }
}
