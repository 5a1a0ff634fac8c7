//! Choices: a decision written as the value of a named key (`Package manager: pnpm
//! workspaces`, `**Database:** PostgreSQL 16`). Two active decisions that give one key two
//! values pull opposite ways as two opposite stances do, and neither supersedes the other
//! (docs/rules.md, "conflicting-decisions").

use super::matching::Pair;
use crate::hash::{fnv_of, KeyMap};

/// Keys that name one thing a project chooses once: its tools and its stack. A key of
/// another kind (`Context:`, `Approach:`, `Rule:`) heads parts of a decision, or decisions
/// that stand side by side, whose values differ by nature.
const KEYS: &str = "package manager|database|db|orm|framework|web framework|language|runtime|node version|python version|hosting|host|deployment|deploy target|cloud|auth|authentication|auth provider|css|styling|ui library|component library|state management|test runner|testing framework|bundler|build tool|ci|ci provider|queue|message queue|cache|search|search engine|storage|file storage|logging|monitoring|error tracking|api style|router|linter|formatter|payments|payment provider|email provider|analytics|license|monorepo tool|base de datos|banco de dados|datenbank|base de données|gestor de paquetes|gerenciador de pacotes|paketmanager|gestionnaire de paquets|hébergement|alojamiento|hospedagem|データベース|パッケージマネージャー|ホスティング|数据库|包管理器|部署|데이터베이스|패키지 매니저|база данных|хостинг";

/// The key a decision text gives a value to, folded, with its value as written: one of
/// [`KEYS`], then a value whose first clause is six words at most (`Package manager: pnpm
/// workspaces. Lockfile committed.`).
fn choice(text: &str) -> Option<(String, &str)> {
    let t = text.trim_start_matches(['-', '*', '+', '_', ' ']);
    let (key, value) = t.split_once([':', '：'])?;
    let folded = crate::case::to_lower(key.trim().trim_end_matches(['*', '_']).trim());
    if !crate::packed::is_any(&folded, KEYS) {
        return None;
    }
    let value = value.trim_start_matches(['*', '_', ' ']);
    let end = value.find(['.', ';', ',', '(', '—', '\n']).unwrap_or(value.len());
    let value = value[..end].trim().trim_end_matches(['*', '_']).trim();
    (!value.is_empty() && value.split_whitespace().count() <= 6).then_some((folded, value))
}

/// The pairs of active decisions (`None` = not active) that give one key two values, each
/// later decision against the latest before it that gave its key a value. `a < b`.
pub(super) fn pairs(texts: &[Option<&str>]) -> Vec<Pair> {
    let mut latest: KeyMap<(usize, &str, String)> = KeyMap::default();
    let mut out = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let Some((key, value)) = text.and_then(choice) else { continue };
        let folded = crate::case::to_lower(value);
        if let Some((j, was, was_folded)) = latest.get(&fnv_of(&key)) {
            if *was_folded != folded {
                let subject = text.and_then(|t| t.split_once([':', '：'])).map_or(String::new(), |(k, _)| k.trim_matches(['-', '*', '+', '_', ' ']).to_owned());
                out.push(Pair { a: *j, b: i, subject, a_words: (*was).to_owned(), b_words: value.to_owned(), a_gloss: "one value", b_gloss: "another" });
            }
        }
        latest.insert(fnv_of(&key), (i, value, folded));
    }
    out
}
