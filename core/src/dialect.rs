//! The shapes of memory file Memento knows (docs/dialects.md, docs/formats.md).

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// `# Session Memory — <task>` with Decisions Made / Progress Markers / Key Discoveries /
    /// Next Session Start (docs/dialects.md).
    CheckpointLog,
    /// Claude Code's ten-section notes, each header followed by an italic description.
    SessionNotes,
    /// Cline / Roo Code memory bank files (activeContext.md, progress.md, …).
    MemoryBank,
    /// A free-text progress log (claude-progress.txt), or a feature_list.json.
    ProgressLog,
    /// Memory rows as a JSON array or JSONL.
    MemoryStore,
    /// Claude Code's auto-memory: a `MEMORY.md` index (its first 200 lines or 25 KB loaded at
    /// session start) and topic files with `name`, `description`, `type` front matter.
    ClaudeMemory,
    /// Codex memories: `memory_summary.md` (always loaded) and `MEMORY.md` of `# Task Group:`
    /// blocks with their scope and the rollouts they come from.
    CodexMemory,
    /// Letta MemFS: Markdown files with `description` front matter; `system/` is pinned.
    LettaMemfs,
    /// Basic Memory notes: front matter, `- [category] fact #tag` observations and
    /// `- relation [[Target]]` relations.
    BasicMemory,
    /// Any other markdown.
    Generic,
}

impl Dialect {
    pub const ALL: [Dialect; 10] = [
        Dialect::CheckpointLog,
        Dialect::SessionNotes,
        Dialect::MemoryBank,
        Dialect::ProgressLog,
        Dialect::MemoryStore,
        Dialect::ClaudeMemory,
        Dialect::CodexMemory,
        Dialect::LettaMemfs,
        Dialect::BasicMemory,
        Dialect::Generic,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::CheckpointLog => "checkpoint-log",
            Dialect::SessionNotes => "session-notes",
            Dialect::MemoryBank => "memory-bank",
            Dialect::ProgressLog => "progress-log",
            Dialect::MemoryStore => "memory-store",
            Dialect::ClaudeMemory => "claude-memory",
            Dialect::CodexMemory => "codex-memory",
            Dialect::LettaMemfs => "letta-memfs",
            Dialect::BasicMemory => "basic-memory",
            Dialect::Generic => "generic",
        }
    }

    /// One of the memory formats the agent harnesses write themselves (`docs/formats.md`).
    pub fn is_agent_memory(self) -> bool {
        matches!(self, Dialect::ClaudeMemory | Dialect::CodexMemory | Dialect::LettaMemfs | Dialect::BasicMemory)
    }

    /// The dialects written to a template of headings (a checkpoint log, session notes, a
    /// memory bank): each heading once, the next step in its own section. Free-form logs
    /// repeat headings by design (a `### Completed` per session).
    pub(crate) fn is_templated(self) -> bool {
        matches!(self, Dialect::CheckpointLog | Dialect::SessionNotes | Dialect::MemoryBank)
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of [`Dialect::from_str`]: names the text that is not a dialect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = Dialect::ALL.iter().map(|d| d.as_str()).collect();
        write!(f, "unknown dialect `{}` (expected one of: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.as_str() == s)
            .ok_or_else(|| UnknownDialect(s.to_owned()))
    }
}
