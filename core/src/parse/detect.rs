//! Dialect detection (docs/dialects.md): from the file name when one is given, else from the
//! headings. Forgiving by design: memory banks and free-form progress logs are what people
//! write most, and anything else is still a `generic` document.

use super::roles::normalize;
use crate::Dialect;

/// The ten section names of Claude Code's session-notes template, normalized.
pub(crate) const NOTES_SECTIONS: &str = "session title|current state|task specification|\
    files and functions|workflow|errors corrections|codebase and system documentation|learnings|\
    key results|worklog";

const CHECKPOINT_SECTIONS: &str = "decisions made|progress markers|key discoveries|\
    next session start";

const MEMORY_BANK_FILES: &str = "projectbrief.md|productcontext.md|activecontext.md|\
    systempatterns.md|techcontext.md|progress.md|decisionlog.md|tasks.md";

const MEMORY_BANK_TITLES: &str = "active context|product context|project brief|system patterns|\
    tech context|technical context|decision log|progress|アクティブコンテキスト|進捗|システムパターン|技術コンテキスト|\
    プロダクトコンテキスト|プロジェクト概要";

const MEMORY_BANK_SECTIONS: &str = "what works|what's left to build|current work focus|\
    recent changes|known issues|active decisions and considerations";

/// A heading as detection sees it.
pub(crate) struct HeadingView<'a> {
    pub level: u8,
    pub dated: bool,
    pub title: &'a str,
    pub has_description: bool,
}

pub(crate) fn from_file_name(name: &str) -> Option<Dialect> {
    let base = crate::text::file_name(name).to_ascii_lowercase();
    if base.ends_with(".jsonl") {
        return Some(Dialect::MemoryStore);
    }
    if base == "feature_list.json" || base.ends_with("progress.txt") {
        return Some(Dialect::ProgressLog);
    }
    let in_bank = name.contains("memory-bank") || name.contains("memory_bank");
    if crate::packed::is_any(&base, MEMORY_BANK_FILES) && (in_bank || base != "progress.md" && base != "tasks.md") {
        return Some(Dialect::MemoryBank);
    }
    None
}

pub(crate) fn from_headings(headings: &[HeadingView<'_>], first_line: &str) -> Dialect {
    let norm: Vec<String> = headings.iter().map(|h| normalize(h.title)).collect();
    let title = headings
        .iter()
        .zip(&norm)
        .find(|(h, _)| h.level == 1)
        .map(|(h, n)| (h.title, n.as_str()));

    let checkpoint = norm.iter().filter(|n| crate::packed::is_any(n, CHECKPOINT_SECTIONS)).count();
    let titled_session_memory = title.is_some_and(|(raw, n)| {
        n.starts_with("session memory") && raw.trim_start_matches(['*', ' ']).len() > "Session Memory".len() + 2
    });
    // The template's title alone settles it for a file that has no sections yet, or keeps one
    // of the template's; a file titled so that keeps sections of its own (`## Outcome`,
    // `## Completed This Session`) follows its own shape, read as the free-form log it is.
    let own_shape = headings.iter().filter(|h| h.level >= 2).nth(1).is_some();
    if checkpoint >= 2 || titled_session_memory && (checkpoint >= 1 || !own_shape) {
        return Dialect::CheckpointLog;
    }

    let top: Vec<&str> = headings
        .iter()
        .zip(&norm)
        .filter(|(h, _)| h.level == 1)
        .map(|(_, n)| n.as_str())
        .collect();
    let notes = top.iter().filter(|n| crate::packed::is_any(n, NOTES_SECTIONS)).count();
    let described = headings.iter().filter(|h| h.level == 1 && h.has_description).count();
    if notes >= 4 || (described >= 3 && notes >= 2) {
        return Dialect::SessionNotes;
    }

    // A run of dated headings (`## Session 52: 2025-12-10`) is a session log.
    if headings.iter().filter(|h| h.dated).count() >= 3 {
        return Dialect::ProgressLog;
    }

    let bank_title = title.is_some_and(|(raw, n)| {
        let raw = raw.trim_start_matches(['*', ' ']).to_ascii_lowercase();
        MEMORY_BANK_TITLES.split('|').any(|t| {
            n == t
                || raw.starts_with(&format!("{t}:"))
                || n.starts_with(&format!("{t} for "))
                || n.ends_with(&format!(" {t}"))
                || (!t.is_ascii() && n.contains(t))
        })
    });
    let bank_sections = norm
        .iter()
        .filter(|n| crate::packed::opens_with_any(n, MEMORY_BANK_SECTIONS))
        .count();
    if bank_sections >= 2 || (bank_title && !title.is_some_and(|(_, n)| n.contains("log"))) {
        return Dialect::MemoryBank;
    }

    let first = normalize(first_line);
    // Agent instructions about sessions are not themselves a log.
    let instructions = |n: &str| ["protocol", "instruction", "rules", "tracking", "guide"].iter().any(|w| n.contains(w));
    let progressish = |n: &str| {
        !instructions(n)
            && ["progress", "session", "status", "state", "handoff", "scratchpad", "worklog", "进度", "進捗"]
                .iter()
                .any(|w| n.contains(w))
    };
    if title.is_some_and(|(raw, n)| progressish(n) || !instructions(n) && titles_a_log(raw)) || progressish(&first) {
        return Dialect::ProgressLog;
    }
    Dialect::Generic
}

/// Words that title a log or its progress in the reader's languages, as whole words
/// (`Devlog`, `Bitácora`, `Arbeitsprotokoll`, `Журнал`, `Avance`), and the same in scripts
/// that join their words, anywhere in the title (`作業ログ`, `开发日志`, `작업 일지`).
const LOG_TITLE_WORDS: &str = "devlog|worklog|logbook|diary|progreso|avance|bitácora|bitacora|\
    diário|diario|avancement|fortschritt|protokoll|arbeitsprotokoll|tagebuch|avanzamento|framsteg|\
    logg|dagbok|журнал|дневник|прогресс";
const LOG_TITLE_PARTS: &str = "ログ|日志|日誌|일지|로그|진행|作業記録|工作记录|开发记录|进展";

/// What a log's title says it logs, before `log` (`Dev log`, `Work Log`, `Daily log`); a bare
/// `Log` may title any list of lines.
const LOGGED: &str = "dev|development|work|build|daily|agent|activity|engineering";

fn titles_a_log(title: &str) -> bool {
    let lower = crate::case::to_lower(title);
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.windows(2).any(|w| crate::packed::is_any(w[0], LOGGED) && w[1] == "log")
        || words.iter().any(|w| crate::packed::is_any(w, LOG_TITLE_WORDS))
        || !lower.is_ascii() && crate::packed::holds_any(&lower, LOG_TITLE_PARTS)
}
