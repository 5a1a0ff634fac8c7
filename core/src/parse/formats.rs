//! The memory formats the big agent harnesses write (`docs/formats.md`): detection by path
//! and by content, and what each adds to the model ([`crate::memory`]).
//!
//! - Claude Code auto-memory: a `MEMORY.md` index and topic files with `name`, `description`,
//!   `type` front matter, in `~/.claude/projects/<project>/memory/`.
//! - Codex memories: `memory_summary.md` (first line `v1`) and `MEMORY.md` made of
//!   `# Task Group:` blocks, in `~/.codex/memories/`.
//! - Letta MemFS: Markdown files with `description` front matter; `system/` is pinned into
//!   every prompt.
//! - Basic Memory: notes with front matter, `- [category] fact #tag` observations and
//!   `- relation [[Target]]` relations.

use super::links;
use crate::document::{Document, SectionRole};
use crate::memory::{FrontMatter, Observation, Source, TaskBlock};
use crate::span::Span;
use crate::Dialect;

/// The dialect a path settles. `MEMORY.md` alone is left to the content (Claude Code and
/// Codex both write one).
pub(crate) fn from_file_name(name: &str) -> Option<Dialect> {
    let path = name.replace('\\', "/");
    let base = crate::text::file_name(&path).to_ascii_lowercase();
    if !base.ends_with(".md") {
        return None;
    }
    if base == "memory_summary.md" || base == "raw_memories.md" || path.contains(".codex/memories/") || path.contains("rollout_summaries/") {
        return Some(Dialect::CodexMemory);
    }
    if path.contains(".claude/projects/") && path.contains("/memory/") {
        return Some(Dialect::ClaudeMemory);
    }
    if path.contains(".letta/") || path.starts_with("system/") || path.contains("memory/system/") {
        return Some(Dialect::LettaMemfs);
    }
    if path.contains("basic-memory/") {
        return Some(Dialect::BasicMemory);
    }
    None
}

/// Where the memory folder of a Letta MemFS file pinned into every prompt ends: the length
/// of the path before its `system/` folder; `None` for a file that is not under `system/`.
pub fn pinned_root(path: &str) -> Option<usize> {
    let unified = path.replace('\\', "/");
    if unified.starts_with("system/") { Some(0) } else { unified.find("/system/").map(|k| k + 1) }
}

/// Keys Letta's pre-commit hook knows (`description` required, `read_only` and the legacy
/// `limit` tolerated).
pub(crate) const LETTA_KEYS: [&str; 3] = ["description", "read_only", "limit"];
/// The `type` values of a Claude Code topic file.
pub(crate) const CLAUDE_TYPES: [&str; 4] = ["user", "feedback", "project", "reference"];

/// The dialect the content shows, when it is one of the four: `front` the text's front
/// matter, `titles` the headings (level, title), `index_name` whether the file is named
/// `MEMORY.md`. Only a file with front matter, an Observations heading or a memory title is
/// read line by line: the other files cost a look at their headings.
pub(crate) fn from_content(text: &str, body_start: usize, front: Option<&FrontMatter>, titles: &[(u8, &str)], index_name: bool) -> Option<Dialect> {
    let first = text[body_start..].split('\n').next().unwrap_or("").trim_end_matches('\r');
    let level1 = titles.iter().find(|(level, _)| *level == 1).map(|(_, t)| *t);
    if first == "v1" || titles.iter().any(|(level, t)| *level == 1 && t.trim_start().starts_with("Task Group:")) {
        return Some(Dialect::CodexMemory);
    }
    let closed = front.filter(|f| f.closed);
    if let Some(fm) = closed {
        let has = |k: &str| fm.field(text, k).is_some();
        if has("name") && has("description") && CLAUDE_TYPES.contains(&fm.value(text, "type").unwrap_or("")) {
            return Some(Dialect::ClaudeMemory);
        }
        if has("permalink") {
            return Some(Dialect::BasicMemory);
        }
        let keys = fm.fields.iter().map(|f| &text[f.key.range()]);
        if has("description") && keys.clone().all(|k| LETTA_KEYS.contains(&k)) {
            return Some(Dialect::LettaMemfs);
        }
    }
    let titled_memory = level1.is_some_and(|t| crate::case::to_lower(crate::document::clean_title(t)).starts_with("memory"));
    if closed.is_none() && !titled_memory && !titles.iter().any(|(_, t)| t.trim() == "Observations") {
        return index_name.then_some(Dialect::ClaudeMemory);
    }
    // One pass: observation lines, relation lines, index lines (`- [Title](topic.md) — hook`).
    let (mut observations, mut relations, mut index_lines) = (0, false, 0);
    for line in text[body_start..].lines() {
        if observation_line(line) {
            observations += 1;
        } else if line.starts_with("- ") && line.contains("[[") {
            relations = true;
        } else if line.starts_with("- [") && line.contains(".md)") {
            index_lines += 1;
        }
        if observations >= 2 && relations || index_lines >= 2 && titled_memory {
            break;
        }
    }
    if observations >= 2 && (relations || closed.is_some()) {
        return Some(Dialect::BasicMemory);
    }
    // A Claude Code index read without its name: titled as a memory (`# Memory`, not
    // `# Session Memory — …`) over at least two lines that link a topic file.
    (index_name || titled_memory && index_lines >= 2).then_some(Dialect::ClaudeMemory)
}

/// `[category] fact`: the length of the category and where the fact starts. A checkbox
/// (`[ ]`, `[x]`) or a link (`[text](…)`) is no category.
fn category(text: &str) -> Option<(usize, usize)> {
    let rest = text.strip_prefix('[')?;
    let close = rest.find(']')?;
    let fact = rest[close + 1..].strip_prefix(' ')?;
    let word = close >= 2 && rest[..close].bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
    (word && !fact.trim().is_empty()).then(|| (close, text.len() - fact.len()))
}

/// `- [category] fact`, a Basic Memory observation line.
fn observation_line(line: &str) -> bool {
    line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")).and_then(category).is_some()
}

/// Section roles the formats give their own headings: Codex's consolidated knowledge and
/// preferences are facts learned (discoveries), as Basic Memory's `## Observations` are.
pub(crate) fn adjust_roles(doc: &mut Document) {
    if !matches!(doc.dialect, Dialect::CodexMemory | Dialect::BasicMemory) {
        return;
    }
    for s in &mut doc.sections {
        let title = crate::case::to_lower(doc.source[s.title.range()].trim());
        let facts = ["user preferences", "reusable knowledge", "failures and how to do differently", "general tips", "observations"];
        if s.role == SectionRole::Other && facts.iter().any(|f| title.starts_with(f)) {
            s.role = SectionRole::Discoveries;
        }
    }
}

/// The role a format gives a top-level item by what it is rather than by its section, and
/// where its text starts:
/// - a Basic Memory observation: a `[decision]` binds, any other category is a fact learned
///   (its text starts after the category);
/// - an item of a Claude Code topic file: of a `feedback` memory (the user's corrections) it
///   binds, of a `user` or `reference` memory it is a fact learned.
pub(crate) fn item_role(doc: &Document, body: Span) -> Option<(SectionRole, usize)> {
    match doc.dialect {
        Dialect::BasicMemory => {
            let text = &doc.source[body.range()];
            let (len, fact) = category(text)?;
            let role = if text[1..1 + len].eq_ignore_ascii_case("decision") { SectionRole::Decisions } else { SectionRole::Discoveries };
            Some((role, body.start() + fact))
        }
        Dialect::ClaudeMemory => {
            let kind = doc.agent.front_matter.as_ref()?.field(&doc.source, "type")?;
            match &doc.source[kind.value.range()] {
                "feedback" => Some((SectionRole::Decisions, body.start())),
                "user" | "reference" => Some((SectionRole::Discoveries, body.start())),
                _ => None,
            }
        }
        _ => None,
    }
}

/// What the four formats add to the model, once items and sections are built.
pub(crate) fn build(doc: &mut Document) {
    if !doc.dialect.is_agent_memory() {
        return;
    }
    if doc.dialect == Dialect::BasicMemory {
        doc.agent.observations = observations(doc);
    }
    doc.agent.links = links::find(doc);
    if doc.dialect == Dialect::CodexMemory {
        doc.agent.blocks = blocks(doc);
    }
}

fn observations(doc: &Document) -> Vec<Observation> {
    let text = doc.source.as_str();
    let mut out = Vec::new();
    for (index, item) in doc.items.iter().enumerate() {
        let Some((_, fact_start)) = item_role(doc, item.text) else { continue };
        let category = Span::new(item.text.start() + 1, fact_start - 2);
        let fact = Span::new(fact_start, item.text.end());
        let tags = tags(text, fact);
        out.push(Observation { item: index, category, text: fact, tags });
    }
    out
}

/// `#tag` words in `span` (a `#` at the start of a word, followed by a letter).
fn tags(text: &str, span: Span) -> Vec<Span> {
    let s = &text[span.range()];
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    for (i, _) in s.match_indices('#') {
        let starts_word = i == 0 || bytes[i - 1] == b' ';
        let len = s[i + 1..].find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '/')).unwrap_or(s.len() - i - 1);
        if starts_word && len > 0 && s[i + 1..].starts_with(|c: char| c.is_alphabetic()) {
            out.push(Span::new(span.start() + i + 1, span.start() + i + 1 + len));
        }
    }
    out
}

/// The `# Task Group:` blocks of a Codex `MEMORY.md`.
fn blocks(doc: &Document) -> Vec<TaskBlock> {
    let text = doc.source.as_str();
    let mut out = Vec::new();
    for (i, s) in doc.sections.iter().enumerate() {
        let title = &text[s.title.range()];
        let Some(name) = title.trim_start().strip_prefix("Task Group:") else { continue };
        let name_start = s.title.end() - name.len();
        let lead = name.len() - name.trim_start().len();
        let mut block = TaskBlock {
            section: i,
            title: Span::new(name_start + lead, name_start + name.trim_end().len()),
            scope: None,
            applies_to: None,
            cwd: None,
            keywords: Vec::new(),
            sources: Vec::new(),
        };
        // `scope:` and `applies_to:` lines before the first subsection.
        let head_end = doc.sections[i + 1..].iter().find(|c| c.parent == Some(i)).map_or(s.span.end(), |c| c.span.start());
        let mut at = s.body.start();
        for line in text[s.body.start()..head_end].split_inclusive('\n') {
            let content = line.trim_end();
            if let Some(v) = content.strip_prefix("scope:") {
                block.scope = Some(value_span(at + content.len() - v.len(), v));
            } else if let Some(v) = content.strip_prefix("applies_to:") {
                let value = value_span(at + content.len() - v.len(), v);
                block.cwd = pair(text, value, "cwd");
                block.applies_to = Some(value);
            }
            at += line.len();
        }
        for (k, item) in doc.items.iter().enumerate().filter(|(_, it)| s.span.contains(it.span.start())) {
            let Some(sec) = item.section else { continue };
            let heading = crate::case::to_lower(doc.source[doc.sections[sec].title.range()].trim());
            if heading == "keywords" {
                let mut at = item.text.start();
                for word in text[item.text.range()].split(',') {
                    let t = word.trim();
                    if !t.is_empty() {
                        let start = at + (word.len() - word.trim_start().len());
                        block.keywords.push(Span::new(start, start + t.len()));
                    }
                    at += word.len() + 1;
                }
            } else if heading == "rollout_summary_files" {
                block.sources.push(source(text, k, item.text));
            }
        }
        out.push(block);
    }
    out
}

/// `<file> (cwd=…, rollout_path=…, updated_at=…, thread_id=…, note)`.
fn source(text: &str, item: usize, span: Span) -> Source {
    let s = &text[span.range()];
    let open = s.find(" (").unwrap_or(s.len());
    let file = s[..open].trim().trim_matches(['<', '>', '`']);
    let file_start = span.start() + s.find(file).unwrap_or(0);
    let meta = Span::new(span.start() + open, span.end());
    let updated_at = pair(text, meta, "updated_at").and_then(|v| crate::time::find(&text[v.range()])).map(|(t, _)| t);
    Source {
        item,
        file: Span::new(file_start, file_start + file.len()),
        cwd: pair(text, meta, "cwd"),
        updated_at,
        thread_id: pair(text, meta, "thread_id"),
    }
}

/// The value of `key=value` in a `;`- or `,`-separated list inside `span`.
fn pair(text: &str, span: Span, key: &str) -> Option<Span> {
    let s = &text[span.range()];
    let mut from = 0;
    while let Some(i) = s[from..].find(key).map(|i| i + from) {
        let before_ok = i == 0 || matches!(s.as_bytes()[i - 1], b' ' | b'(' | b',' | b';' | b'\t');
        let rest = &s[i + key.len()..];
        if before_ok && rest.starts_with('=') {
            let v = &rest[1..];
            let end = v.find([',', ';', ')']).unwrap_or(v.len());
            let value = v[..end].trim();
            let start = span.start() + i + key.len() + 1 + (v[..end].len() - v[..end].trim_start().len());
            return (!value.is_empty()).then(|| Span::new(start, start + value.len()));
        }
        from = i + key.len();
    }
    None
}

fn value_span(at: usize, v: &str) -> Span {
    let lead = v.len() - v.trim_start().len();
    Span::new(at + lead, at + lead + v.trim().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_settle_the_four_formats() {
        assert_eq!(from_file_name("/home/u/.codex/memories/MEMORY.md"), Some(Dialect::CodexMemory));
        assert_eq!(from_file_name("memories/memory_summary.md"), Some(Dialect::CodexMemory));
        assert_eq!(from_file_name("/home/u/.claude/projects/-home-u-app/memory/MEMORY.md"), Some(Dialect::ClaudeMemory));
        assert_eq!(from_file_name("/home/u/.letta/agents/a/memory/system/human.md"), Some(Dialect::LettaMemfs));
        assert_eq!(from_file_name("memory/system/persona.md"), Some(Dialect::LettaMemfs));
        assert_eq!(from_file_name("/home/u/basic-memory/coffee.md"), Some(Dialect::BasicMemory));
        assert_eq!(from_file_name("MEMORY.md"), None);
        assert_eq!(from_file_name("notes/progress.md"), None);
    }

    #[test]
    fn observation_lines() {
        assert!(observation_line("- [method] Pour over #brewing"));
        assert_eq!(category("[method] Pour over"), Some((6, 9)));
        assert!(!observation_line("- [x] done"));
        assert!(!observation_line("- [ ] todo"));
        assert!(!observation_line("- [link](x.md) hook"));
        assert!(!observation_line("- [method]"));
    }

    #[test]
    fn pairs_read_key_values() {
        let text = "(cwd=/home/u/app, rollout_path=/r.jsonl, updated_at=2026-05-01T10:00:00Z, thread_id=abc)";
        let span = Span::new(0, text.len());
        let get = |k| pair(text, span, k).map(|s| &text[s.range()]);
        assert_eq!(get("cwd"), Some("/home/u/app"));
        assert_eq!(get("thread_id"), Some("abc"));
        assert_eq!(get("updated_at"), Some("2026-05-01T10:00:00Z"));
        assert_eq!(get("missing"), None);
    }
}
