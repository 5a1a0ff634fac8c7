//! The rules of the agent harnesses' memory formats (`docs/formats.md`):
//! missing-metadata, malformed-metadata, past-load-limit and scope-mismatch on one file;
//! dangling-link and pinned-over-budget across the files of a memory folder ([`folder`]).

use crate::text::file_name;
use crate::hash::fnv_of;
use super::{Ctx, CheckOptions};
use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::memory::{FrontMatter, FrontMatterFaultKind, LinkKind};
use crate::parse::{CLAUDE_TYPES, LETTA_KEYS};
use crate::rule::Rule;
use crate::span::Span;
use crate::Dialect;

/// Claude Code loads the first 200 lines of `MEMORY.md`, or its first 25 KB, whichever
/// comes first (its memory documentation, "Auto memory").
pub const INDEX_LINES: usize = 200;
pub const INDEX_BYTES: usize = 25 * 1024;

pub(super) fn check(cx: &mut Ctx) {
    let doc = cx.doc;
    if !doc.dialect().is_agent_memory() {
        if cx.on(Rule::ScopeMismatch) {
            scope_mismatch(cx);
        }
        return;
    }
    if cx.on(Rule::MissingMetadata) || cx.on(Rule::MalformedMetadata) {
        metadata(cx);
    }
    if cx.on(Rule::PastLoadLimit) && is_claude_index(doc) {
        past_load_limit(cx);
    }
    if cx.on(Rule::ScopeMismatch) {
        scope_mismatch(cx);
    }
}

/// A Claude Code memory file without front matter: the `MEMORY.md` index (topic files carry
/// `name`, `description`, `type`).
fn is_claude_index(doc: &Document) -> bool {
    doc.dialect() == Dialect::ClaudeMemory && doc.agent_memory().front_matter.is_none()
}

fn metadata(cx: &mut Ctx) {
    let doc = cx.doc;
    let text = doc.source();
    let front = doc.agent_memory().front_matter.as_ref();
    if let Some(fm) = front {
        faults(cx, fm);
    }
    let at_start = Span::empty(if doc.has_bom() { 3 } else { 0 });
    match doc.dialect() {
        Dialect::LettaMemfs => match front {
            None => missing(cx, at_start, "no front matter: Letta's pre-commit hook refuses a memory file without `---` and a `description`", "start the file with `---`, `description: <what this block holds>`, `---`"),
            Some(fm) if fm.closed => {
                for f in &fm.fields {
                    let key = &text[f.key.range()];
                    // `name` is the MemFS v2 layout's (`MEMORY.md` at the root).
                    if !LETTA_KEYS.contains(&key) && key != "name" {
                        let d = cx
                            .diag(Rule::MalformedMetadata, f.line, format!("unknown front matter key `{}`: Letta's pre-commit hook allows only description, read_only and limit (and name in its v2 layout)", cx.quote(key, 40)))
                            .with_help("move it into the body, or remove it");
                        cx.push(d);
                    }
                    let value = crate::memory::unquote(&text[f.value.range()]);
                    if key == "read_only" && value != "true" && value != "false" {
                        let d = cx.diag(Rule::MalformedMetadata, f.line, format!("`read_only` must be true or false, not `{}`", cx.quote(value, 20)));
                        cx.push(d);
                    }
                }
                required(cx, fm, &["description"], "Letta");
            }
            Some(_) => {}
        },
        Dialect::ClaudeMemory => {
            if let Some(fm) = front.filter(|f| f.closed) {
                required(cx, fm, &["name", "description", "type"], "Claude Code");
                if let Some(f) = fm.field(text, "type") {
                    let value = &text[f.value.range()];
                    if !value.is_empty() && !CLAUDE_TYPES.contains(&value) {
                        let d = cx
                            .diag(Rule::MalformedMetadata, f.line, format!("memory type `{}` is not one Claude Code knows (user, feedback, project, reference)", cx.quote(value, 30)))
                            .with_help("use one of user, feedback, project, reference");
                        cx.push(d);
                    }
                }
            }
        }
        Dialect::CodexMemory => blocks(cx),
        _ => {}
    }
}

/// Unclosed front matter, lines that are not fields, keys given twice.
fn faults(cx: &mut Ctx, fm: &FrontMatter) {
    if !cx.on(Rule::MalformedMetadata) {
        return;
    }
    for f in &fm.faults {
        let text = cx.doc.text(f.span);
        let (message, help) = match f.kind {
            FrontMatterFaultKind::Unclosed => ("front matter opened with `---` never closes: none of it is read as metadata".to_owned(), "add a closing `---` line after the last key"),
            FrontMatterFaultKind::NotAField => (format!("`{}` in front matter is not `key: value`", cx.quote(text, 40)), "write it as `key: value`, indent it under its key, or move it below the front matter"),
            FrontMatterFaultKind::DuplicateKey => (format!("`{}`: this key is already given above", cx.quote(text, 40)), "keep one of the two"),
        };
        let d = cx.diag(Rule::MalformedMetadata, f.span, message).with_help(help);
        cx.push(d);
    }
}

fn required(cx: &mut Ctx, fm: &FrontMatter, keys: &[&str], harness: &str) {
    let text = cx.doc.source();
    for key in keys {
        match fm.field(text, key) {
            None => {
                let at = Span::new(fm.span.start(), fm.span.start() + 3);
                missing(cx, at, &format!("front matter has no `{key}`, which {harness} requires"), &format!("add `{key}: …` to the front matter"));
            }
            Some(f) if crate::memory::unquote(&text[f.value.range()]).trim().is_empty() && !block_value(text, fm, f.line) => {
                missing(cx, f.line, &format!("`{key}` is empty, and {harness} requires a value"), &format!("give `{key}` a value"));
            }
            Some(_) => {}
        }
    }
}

/// Whether the line after `line` inside the front matter is indented (a nested value).
fn block_value(text: &str, fm: &FrontMatter, line: Span) -> bool {
    let rest = &text[line.end().min(fm.span.end())..fm.span.end()];
    let next = rest.split_once('\n').map_or("", |(_, n)| n);
    next.starts_with([' ', '\t'])
}

fn missing(cx: &mut Ctx, at: Span, message: &str, help: &str) {
    if cx.on(Rule::MissingMetadata) {
        let d = cx.diag(Rule::MissingMetadata, at, message).with_help(help);
        cx.push(d);
    }
}

/// Codex `MEMORY.md`: every block has `scope:` and `applies_to:` (with its cwd).
fn blocks(cx: &mut Ctx) {
    let doc = cx.doc;
    for b in &doc.agent_memory().blocks {
        let heading = doc.sections()[b.section].heading;
        let name = cx.quote(doc.text(b.title), 50);
        if b.scope.is_none() {
            missing(cx, heading, &format!("Task Group `{name}` has no `scope:` line"), "add `scope: <what this block covers and when to use it>` under the heading");
        }
        match b.applies_to {
            None => missing(cx, heading, &format!("Task Group `{name}` has no `applies_to:` line: nothing says which project it is safe to reuse in"), "add `applies_to: cwd=<project path>; reuse_rule=<when it is safe to reuse>`"),
            Some(at) if b.cwd.is_none() => missing(cx, at, &format!("Task Group `{name}` names no `cwd=` in `applies_to:`"), "add `cwd=<project path>` to `applies_to:`"),
            Some(_) => {}
        }
    }
}

fn past_load_limit(cx: &mut Ctx) {
    let doc = cx.doc;
    let Some(cut) = load_cut(doc.source()) else { return };
    let text = doc.source();
    let line = cx.line(cut);
    let last = cx.line(text.len().saturating_sub(1).max(cut));
    let lines = if last > line { format!("lines {line}–{last}") } else { format!("line {line}") };
    let links: Vec<&str> = doc
        .agent_memory()
        .links
        .iter()
        .filter(|l| l.kind == LinkKind::File && l.span.start() >= cut)
        .map(|l| doc.text(l.target))
        .collect();
    let linked = match links.len() {
        0 => String::new(),
        n => format!("; {n} topic file{} linked only there ({}{})", if n == 1 { " is" } else { "s are" }, links.iter().take(3).map(|l| cx.quote(l, 40)).collect::<Vec<_>>().join(", "), if n > 3 { ", …" } else { "" }),
    };
    let d = cx
        .diag(
            Rule::PastLoadLimit,
            Span::new(cut, text.len()),
            format!(
                "{lines} lie past the cut at line {line}: Claude Code loads only the first {INDEX_LINES} lines or {} KB of MEMORY.md at session start, so the agent never sees them{linked}",
                INDEX_BYTES / 1024
            ),
        )
        .with_help("keep MEMORY.md an index of one line per memory and move the details into topic files it links");
    cx.push(d);
}

/// Where Claude Code's load of an index stops: the start of line 201, or the 25 KB mark
/// (moved back to a character boundary), whichever comes first; `None` when all of it loads.
pub(crate) fn load_cut(text: &str) -> Option<usize> {
    let by_lines = memchr::memchr_iter(b'\n', text.as_bytes()).nth(INDEX_LINES - 1).map(|i| i + 1).filter(|&i| i < text.len());
    let by_bytes = (text.len() > INDEX_BYTES).then(|| (0..=INDEX_BYTES).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0));
    match (by_lines, by_bytes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// scope-mismatch on one file, for the project of [`CheckOptions::project`].
fn scope_mismatch(cx: &mut Ctx) {
    let Some(project) = cx.options.project.clone() else { return };
    let doc = cx.doc;
    let text = doc.source();
    // Front matter that names the file's project.
    if let Some(fm) = &doc.agent_memory().front_matter {
        for key in ["project", "cwd"] {
            if let (Some(f), Some(named)) = (fm.field(text, key), fm.value(text, key)) {
                if !named.is_empty() && !same_project(&project, named) {
                    let d = mismatch(cx, f.line, &format!("this file's `{key}` is `{}`", cx.quote(named, 60)), &project);
                    cx.push(d);
                }
            }
        }
    }
    // Codex blocks: their applies_to cwd, else the cwd of every rollout they cite.
    for b in &doc.agent_memory().blocks {
        let cwds: Vec<&str> = match b.cwd {
            Some(c) => vec![text[c.range()].trim()],
            None => b.sources.iter().filter_map(|s| s.cwd).map(|c| text[c.range()].trim()).collect(),
        };
        if let Some(other) = cwds.iter().find(|c| !same_project(&project, c)) {
            if cwds.iter().all(|c| !same_project(&project, c)) {
                let at = b.cwd.unwrap_or(doc.sections()[b.section].heading);
                let what = format!("Task Group `{}` applies to cwd={}", cx.quote(doc.text(b.title), 50), cx.quote(other, 60));
                let d = mismatch(cx, at, &what, &project);
                cx.push(d);
            }
        }
    }
    // Memory-store rows whose scope is a project path.
    for r in doc.records() {
        let Some(scope) = r.scope.as_deref().filter(|s| s.contains(['/', '\\'])) else { continue };
        if !same_project(&project, scope) {
            let line = crate::span::first_line(doc.source(), r.span);
            let d = mismatch(cx, line, &format!("this row's scope is `{}`", cx.quote(scope, 60)), &project);
            cx.push(d);
        }
    }
}

fn mismatch(cx: &Ctx, at: Span, what: &str, project: &str) -> Diagnostic {
    cx.diag(Rule::ScopeMismatch, at, format!("{what}, not the project `{}` this memory is read for", cx.quote(project, 60)))
        .with_help("its advice may not hold here: check it against this project, or move it to the memory of the project it names")
}

/// Whether `named` (a path or a name an entry records) is the project `asked` or inside it.
/// Paths compare by their components (`/a/app` holds `/a/app/web`, not `/a/app-v2`); a name
/// without a separator matches a path's last component; Claude Code's folder names
/// (`-home-u-app`, the path with its separators as dashes) match the path they stand for.
pub fn same_project(asked: &str, named: &str) -> bool {
    let norm = |s: &str| s.trim().replace('\\', "/").trim_end_matches('/').to_owned();
    let (a, n) = (norm(asked), norm(named));
    if a.is_empty() || n.is_empty() {
        return true;
    }
    if a == n || n.starts_with(&format!("{a}/")) || a.starts_with(&format!("{n}/")) {
        return true;
    }
    let last = |s: &str| s.rsplit('/').next().unwrap_or("").to_owned();
    if !a.contains('/') || !n.contains('/') {
        let dashed = |s: &str| -> String { s.chars().map(|c| if matches!(c, '/' | '.' | '_') { '-' } else { c }).collect() };
        return last(&a) == last(&n) || dashed(&a) == dashed(&n) || dashed(&n).starts_with(&format!("{}-", dashed(&a)));
    }
    false
}

/// The rules that need the other files of the memory folder: dangling-link, pinned-over-budget,
/// a Claude Code topic file without front matter and a Codex summary without its `v1` line.
/// `files` are (path, document); findings go to `out` with their file's index.
pub(super) fn folder(files: &[(&str, &Document)], options: &CheckOptions, out: &mut Vec<(usize, Diagnostic)>) {
    if !files.iter().any(|(_, d)| d.dialect().is_agent_memory()) {
        return;
    }
    if options.enabled(Rule::MissingMetadata) || options.enabled(Rule::MalformedMetadata) {
        named_files(files, options, out);
    }
    if options.enabled(Rule::DanglingLink) && files.len() > 1 {
        dangling(files, out);
    }
    if options.enabled(Rule::PinnedOverBudget) {
        pinned(files, options, out);
    }
}

fn dir_of(path: &str) -> &str {
    path.rfind(['/', '\\']).map_or("", |k| &path[..k])
}

fn named_files(files: &[(&str, &Document)], options: &CheckOptions, out: &mut Vec<(usize, Diagnostic)>) {
    // The folders holding a Claude Code index: their other Markdown files are its topics.
    let indexes: Vec<&str> = files
        .iter()
        .filter(|(p, d)| file_name(p) == "MEMORY.md" && d.dialect() == Dialect::ClaudeMemory)
        .map(|(p, _)| dir_of(p))
        .collect();
    for (i, (path, doc)) in files.iter().enumerate() {
        let base = file_name(path);
        let start = Span::empty(if doc.has_bom() { 3 } else { 0 });
        let topic = base != "MEMORY.md" && base.ends_with(".md") && (doc.dialect() == Dialect::ClaudeMemory || indexes.contains(&dir_of(path)));
        if options.enabled(Rule::MissingMetadata) && topic && doc.agent_memory().front_matter.is_none() {
            let d = Diagnostic::new(doc, Rule::MissingMetadata, start, format!("topic file {base} has no front matter: Claude Code finds a topic by its `description`"))
                .with_help("start it with `---`, `name:`, `description:`, `type: user|feedback|project|reference`, `---`");
            out.push((i, d));
        }
        let first = doc.source()[start.start()..].split('\n').next().unwrap_or("").trim_end_matches('\r');
        if options.enabled(Rule::MalformedMetadata) && doc.dialect() == Dialect::CodexMemory && base == "memory_summary.md" && first != "v1" {
            let line = Span::new(start.start(), start.start() + first.len());
            let d = Diagnostic::new(doc, Rule::MalformedMetadata, line, "memory_summary.md does not start with the line `v1`: Codex treats it as another schema and regenerates it from scratch")
                .with_help("make `v1` the first line");
            out.push((i, d));
        }
    }
}

/// The names a note answers to: its file name without `.md`, its front matter `title` and
/// `permalink`, its first level-1 heading; lower-cased.
fn names(path: &str, doc: &Document) -> Vec<String> {
    let mut out = Vec::new();
    let base = file_name(path);
    out.push(crate::case::to_lower(base.strip_suffix(".md").unwrap_or(base)));
    let text = doc.source();
    if let Some(fm) = &doc.agent_memory().front_matter {
        for key in ["title", "permalink", "name"] {
            if let Some(v) = fm.value(text, key) {
                out.push(crate::case::to_lower(v));
            }
        }
    }
    if let Some(s) = doc.sections().iter().find(|s| s.level == 1) {
        out.push(crate::case::to_lower(crate::document::clean_title(doc.text(s.title))));
    }
    out
}

/// `dir/../x/./y.md` → `x/y.md`, `\` read as `/`.
fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let unified = path.replace('\\', "/");
    for p in unified.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    if path.starts_with('/') { format!("/{joined}") } else { joined }
}

fn dangling(files: &[(&str, &Document)], out: &mut Vec<(usize, Diagnostic)>) {
    let name_lists: Vec<Vec<String>> = files.iter().map(|(p, d)| names(p, d)).collect();
    let paths: Vec<String> = files.iter().map(|(p, _)| normalize_path(p)).collect();
    let mut known: crate::hash::KeyMap<usize> = Default::default();
    for (i, list) in name_lists.iter().enumerate() {
        for n in list {
            known.entry(fnv_of(n.as_str())).or_insert(i);
        }
    }
    for (i, list) in paths.iter().enumerate() {
        known.entry(fnv_of(list.as_str())).or_insert(i);
    }
    for (i, (path, doc)) in files.iter().enumerate() {
        if !doc.dialect().is_agent_memory() {
            continue;
        }
        let dir = path.rfind(['/', '\\']).map_or("", |k| &path[..=k]);
        for link in &doc.agent_memory().links {
            let target = doc.text(link.target);
            let found = match link.kind {
                LinkKind::Wiki => {
                    let key = crate::case::to_lower(target.trim());
                    known.contains_key(&fnv_of(key.as_str())) || known.contains_key(&fnv_of(crate::case::to_lower(file_name(&key)).as_str()))
                }
                LinkKind::File => known.contains_key(&fnv_of(normalize_path(&format!("{dir}{target}")).as_str())),
            };
            if !found {
                let what = match link.kind {
                    LinkKind::Wiki => "note",
                    LinkKind::File => "file",
                };
                let d = Diagnostic::new(doc, Rule::DanglingLink, link.span, format!("`{}` names no {what} of this memory folder", doc.secrets().quote(target, 60)))
                    .with_help(match link.kind {
                        LinkKind::Wiki => "create the note, or correct the title the link names",
                        LinkKind::File => "create the topic file, or remove the line from the index",
                    });
                out.push((i, d));
            }
        }
    }
}

/// Letta MemFS: the files under `system/` are in every prompt; together they stay within
/// [`CheckOptions::pinned_budget_tokens`]. Reported once per memory folder (the part of the
/// path before `system/`), on its largest pinned file.
fn pinned(files: &[(&str, &Document)], options: &CheckOptions, out: &mut Vec<(usize, Diagnostic)>) {
    // (root, files, tokens, largest file) per memory folder.
    let mut roots: Vec<(&str, usize, usize, (usize, usize))> = Vec::new();
    for (i, (path, doc)) in files.iter().enumerate() {
        if doc.dialect() != Dialect::LettaMemfs {
            continue;
        }
        let Some(root_len) = crate::parse::pinned_root(path) else { continue };
        let root = &path[..root_len];
        let tokens = crate::tokens::estimate(doc.source());
        match roots.iter_mut().find(|r| r.0 == root) {
            Some(r) => {
                r.1 += 1;
                r.2 += tokens;
                if tokens > r.3 .1 {
                    r.3 = (i, tokens);
                }
            }
            None => roots.push((root, 1, tokens, (i, tokens))),
        }
    }
    let budget = options.pinned_budget_tokens;
    for (_, count, total, (largest, most)) in roots.into_iter().filter(|r| r.2 >= budget) {
        let doc = files[largest].1;
        let first_line = crate::span::first_line(doc.source(), Span::new(0, doc.source().len()));
        let message = format!(
            "the {count} pinned files under system/ take ~{total} tokens of every prompt, over the budget of {budget}; the largest, {}, takes ~{most}",
            file_name(files[largest].0)
        );
        let d = Diagnostic::new(doc, Rule::PinnedOverBudget, first_line, message)
            .with_help("move reference material out of system/ (it stays findable), or shorten the largest pinned files");
        out.push((largest, d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projects_compare_by_path_components_and_names() {
        assert!(same_project("/home/u/app", "/home/u/app"));
        assert!(same_project("/home/u/app", "/home/u/app/web/"));
        assert!(!same_project("/home/u/app", "/home/u/app-v2"));
        assert!(!same_project("/home/u/app", "/home/u/other"));
        assert!(same_project("app", "/home/u/app"));
        assert!(!same_project("app", "/home/u/other"));
        assert!(same_project("-home-u-app", "/home/u/app"));
        assert!(same_project("C:\\work\\app", "C:/work/app/src"));
    }

    #[test]
    fn the_load_cut_falls_at_line_201_or_25_kb() {
        let short = "- a\n".repeat(200);
        assert_eq!(load_cut(&short), None);
        let long = "- a\n".repeat(201);
        assert_eq!(load_cut(&long), Some(200 * 4));
        let wide = format!("{}\n", "é".repeat(13_000));
        assert_eq!(load_cut(&wide), Some(INDEX_BYTES));
        assert_eq!(normalize_path("memory/./a/../b.md"), "memory/b.md");
    }
}
