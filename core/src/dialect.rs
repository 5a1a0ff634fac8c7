use serde::Serialize;
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect { CheckpointLog, SessionNotes, MemoryBank, ProgressLog, MemoryStore, Generic }
impl Dialect {
    pub fn as_str(self) -> &'static str {
        match self { Dialect::CheckpointLog => "checkpoint-log", Dialect::SessionNotes => "session-notes", Dialect::MemoryBank => "memory-bank", Dialect::ProgressLog => "progress-log", Dialect::MemoryStore => "memory-store", Dialect::Generic => "generic" }
    }
}
