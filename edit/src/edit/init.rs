//! `init`: a fresh memory file of a dialect.

use super::{one_line, EditError};
use memento_core::internal::notes_section;
use memento_core::Dialect;

/// A fresh file for `task_id`:
///
/// - checkpoint-log: `# Session Memory — <task>` and its four sections (docs/dialects.md);
/// - session-notes: the ten headers with their italic descriptions, the task as the title;
/// - memory-bank: a `progress.md` (What Works, What's Left to Build, Current Status, Known Issues);
/// - progress-log: `# Progress Log — <task>`; generic: `# <task>`;
/// - claude-memory: a `MEMORY.md` index titled for the task (topic files are linked from it);
/// - codex-memory: a `memory_summary.md` (`v1`, then its four sections, the task as the scope
///   of What's in Memory);
/// - letta-memfs: a memory block whose `description` is the task;
/// - basic-memory: a note titled for the task, with Observations and Relations.
///
/// A memory store is JSON rows, not something to initialize: `NotSupportedForDialect`.
pub fn init(dialect: Dialect, task_id: &str) -> Result<String, EditError> {
    let task = one_line(task_id);
    if task.is_empty() {
        return Err(EditError::InvalidInput("the task id is empty".into()));
    }
    let text = match dialect {
        Dialect::CheckpointLog => format!(
            "# Session Memory — {task}\n\n## Decisions Made\n\n## Progress Markers\n\n## Key Discoveries\n\n## Next Session Start\n"
        ),
        Dialect::SessionNotes => {
            let mut out = String::new();
            for (i, (title, description)) in (0..).map_while(notes_section).enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&format!("# {title}\n{description}\n"));
                if i == 0 {
                    out.push_str(&format!("\n{task}\n"));
                }
            }
            out
        }
        Dialect::MemoryBank => format!(
            "# Progress: {task}\n\n## What Works\n\n## What's Left to Build\n\n## Current Status\n\n## Known Issues\n"
        ),
        Dialect::ProgressLog => format!("# Progress Log — {task}\n"),
        Dialect::Generic => format!("# {task}\n"),
        Dialect::ClaudeMemory => format!("# Memory — {task}\n"),
        Dialect::CodexMemory => format!(
            "v1\n\n## User Profile\n\n## User preferences\n\n## General Tips\n\n## What's in Memory\n\n### {task}\n"
        ),
        Dialect::LettaMemfs => format!("---\ndescription: {}\n---\n", yaml_scalar(&task)),
        Dialect::BasicMemory => format!(
            "---\ntitle: {}\ntype: note\npermalink: {}\n---\n\n# {task}\n\n## Observations\n\n## Relations\n",
            yaml_scalar(&task),
            permalink(&task)
        ),
        Dialect::MemoryStore => {
            return Err(EditError::NotSupportedForDialect { operation: "init", dialect });
        }
    };
    Ok(text)
}

/// `text` as a YAML scalar on one line: as it is when YAML reads it back unchanged, else
/// double-quoted.
fn yaml_scalar(text: &str) -> String {
    let special_start = text.starts_with(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ']);
    if !special_start && !text.contains(": ") && !text.contains(" #") && !text.ends_with(':') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Basic Memory's permalink of a title: lower-case ASCII words joined by `-`.
fn permalink(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() { "note".to_owned() } else { out.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_values_are_quoted_when_needed() {
        assert_eq!(yaml_scalar("Coffee brewing"), "Coffee brewing");
        assert_eq!(yaml_scalar("Auth: tokens"), "\"Auth: tokens\"");
        assert_eq!(yaml_scalar("- a \"q\""), "\"- a \\\"q\\\"\"");
        assert_eq!(permalink("Auth: JWT tokens!"), "auth-jwt-tokens");
        assert_eq!(permalink("中文"), "note");
    }
}
