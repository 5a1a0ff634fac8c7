//! The task a single-task file is about, read from its title: where a run in progress stands
//! when the file names no unit in progress (docs/reader.md, "The unit in progress").

use crate::document::{clean_title, Document};
use crate::lexicon;

/// Titles that name the kind of file, not its task: `Session Memory — chg-02`, `HANDOFF —
/// context-parachute`, `Session Notes (Svelte exploration)`. Lower case.
const KIND_OF_FILE: &[&str] = &[
    "session memory", "session notes", "session state", "session", "handoff", "hand-off", "hand off", "current task",
    "task", "working on", "notes", "memory", "sesión", "sessão", "séance", "sitzung", "sessione", "сессия",
    "セッション", "세션", "会话", "会话记录",
    // A handoff in the reader's other languages.
    "handover", "hand-over", "traspaso", "passagem de bastão", "passagem", "passation", "übergabe",
    "passaggio di consegne", "överlämning", "передача дел", "передача", "引き継ぎメモ", "引き継ぎ", "인수인계", "交接",
];
static KIND_OF_FILE_PACKED: crate::packed::Words = crate::packed::packed_words!(KIND_OF_FILE);

/// The task the file's title names, when the title is that of a single-task file: a kind of
/// file followed by the task (`Session Memory — chg-02`), or an identifier of a task
/// (`ISSUE-426`, `WS-72 merge`, `#123 login`). `None` for a project's name or a title that
/// carries a status of its own.
pub(super) fn of_title(doc: &Document) -> Option<String> {
    let first = doc.sections().first().filter(|s| s.level == 1)?;
    let title = clean_title(doc.text(first.title)).trim();
    if title.is_empty() || lexicon::trailing_status(title).is_some() || lexicon::emoji_at_ends(title).is_some() {
        return None;
    }
    let lower = crate::case::to_lower(title);
    for kind in KIND_OF_FILE_PACKED.iter() {
        let Some(rest) = lower.strip_prefix(kind) else { continue };
        let task = title[title.len() - rest.len()..].trim_start();
        let task = ["—", "–", "-", ":", "：", "|"]
            .iter()
            .find_map(|sep| task.strip_prefix(sep))
            .or_else(|| task.strip_prefix('(').and_then(|t| t.strip_suffix(')')))
            .map(str::trim);
        // A session named by its date or number (`Session Plan - 2026-02-08 #1`) names no task.
        let dated = |t: &str| t.len() >= 5 && t.as_bytes()[..4].iter().all(u8::is_ascii_digit) && t.as_bytes()[4] == b'-';
        return task.filter(|t| !t.is_empty() && !dated(t)).map(str::to_owned);
    }
    names_a_task(title).then(|| title.to_owned())
}

/// Whether a title holds a task's identifier: letters and digits joined by a dash
/// (`ISSUE-426`, `chg-02`, `045-S`) or a number after `#`.
fn names_a_task(title: &str) -> bool {
    title.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '（' | '）' | ':' | ',')).any(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '-');
        if let Some(n) = word.strip_prefix('#') {
            return !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
        }
        let Some((a, b)) = word.split_once('-') else { return false };
        let letters = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_alphabetic());
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
        (letters(a) && digits(b)) || (digits(a) && letters(b) && b.len() <= 2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    #[test]
    fn tasks_in_titles() {
        for (title, want) in [
            ("# ISSUE-426\n", Some("ISSUE-426")),
            ("# Session Memory — chg-02（补齐时间戳）\n", Some("chg-02（补齐时间戳）")),
            ("# Session Notes (Svelte exploration)\n", Some("Svelte exploration")),
            ("# HANDOFF — context-parachute\n", Some("context-parachute")),
            ("# Sesión: migrar pagos\n", Some("migrar pagos")),
            ("# #123 login page\n", Some("#123 login page")),
            ("# Active Context: Travel Stipend Calculator\n", None),
            ("# Project Progress\n", None),
            ("# Session Memory — chg-02 ✅\n", None),
            ("# Python 3-ish notes\n", None),
            ("## ISSUE-426\n", None),
            ("# Session Plan - 2026-02-08 #1\n", None),
            ("# Session Memory — 2026-02-08\n", None),
        ] {
            assert_eq!(of_title(&parse(title)).as_deref(), want, "{title}");
        }
    }
}
