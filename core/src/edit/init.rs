//! `init`: a fresh memory file of a dialect.

use super::{one_line, EditError};
use crate::Dialect;

/// Claude Code's session-notes template: the ten headers and their italic descriptions, as
/// Claude Code writes them (see the corpus' `*-ccnotes.md`).
pub(crate) const NOTES_TEMPLATE: [(&str, &str); 10] = [
    ("Session Title", "_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_"),
    ("Current State", "_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._"),
    ("Task specification", "_What did the user ask to build? Any design decisions or other explanatory context_"),
    ("Files and Functions", "_What are the important files? In short, what do they contain and why are they relevant?_"),
    ("Workflow", "_What bash commands are usually run and in what order? How to interpret their output if not obvious?_"),
    ("Errors & Corrections", "_Errors encountered and how they were fixed. What did the user correct? What approaches failed and should not be tried again?_"),
    ("Codebase and System Documentation", "_What are the important system components? How do they work/fit together?_"),
    ("Learnings", "_What has worked well? What has not? What to avoid? Do not duplicate items from other sections_"),
    ("Key results", "_If the user asked a specific output such as an answer to a question, a table, or other document, repeat the exact result here_"),
    ("Worklog", "_Step by step, what was attempted, done? Very terse summary for each step_"),
];

/// A fresh file for `task_id`:
///
/// - checkpoint-log: `# Session Memory — <task>` and the four sections of seed 000;
/// - session-notes: the ten headers with their italic descriptions, the task as the title;
/// - memory-bank: a `progress.md` (What Works, What's Left to Build, Current Status, Known Issues);
/// - progress-log: `# Progress Log — <task>`; generic: `# <task>`.
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
            for (i, (title, description)) in NOTES_TEMPLATE.iter().enumerate() {
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
        Dialect::MemoryStore => {
            return Err(EditError::NotSupportedForDialect { operation: "init", dialect });
        }
    };
    Ok(text)
}
