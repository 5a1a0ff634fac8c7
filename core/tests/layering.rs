//! The core's files depend on each other in one direction only, and so do the writers' of
//! memento-edit (docs/architecture.md): no file reaches, through any chain of
//! `crate::`/`super::` paths, back to itself. A cycle
//! between files is how a helper ends up in the wrong room (a hasher beside the rule driver,
//! the edit kernel inside one operation); this test names the files of the first one found.
//!
//! A file depends on another when it names a path into it: a `use` line, a path written in
//! code (`crate::span::first_line(…)`), or a `mod` declaration. Comments and the unit tests
//! at the end of a file (after `#[cfg(test)]`) do not count. A path into a module's own root
//! or one of its ancestors (`super::Ctx` from `check/decisions.rs`) does not count either: a
//! module root holds what its children share, and its children depend on it by design.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path (`["check", "decisions"]`) → file (`check/decisions.rs`), for every file.
type Files = BTreeMap<Vec<String>, String>;

fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file.trim_end_matches(".rs").split('/').map(str::to_owned).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

fn read_tree(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read_tree(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// The code of a file without comments and without its unit tests.
fn code(source: &str) -> String {
    let source = source.find("#[cfg(test)]").map_or(source, |i| &source[..i]);
    source.lines().map(|l| l.find("//").map_or(l, |i| &l[..i])).collect::<Vec<_>>().join("\n")
}

/// Splits `a, b::{c, d}, e` at its top-level commas.
fn split_top(list: &str) -> Vec<&str> {
    let (mut depth, mut from, mut out) = (0, 0, Vec::new());
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&list[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[from..]);
    out.into_iter().map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// The paths a `use` tree names: `crate::a::{b, c::{d}}` → `crate::a::b`, `crate::a::c::d`.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    if let (Some(open), true) = (tree.find("::{"), tree.ends_with('}')) {
        let (prefix, inner) = (&tree[..open], &tree[open + 3..tree.len() - 1]);
        return split_top(inner).into_iter().flat_map(expand).map(|p| format!("{prefix}::{p}")).collect();
    }
    vec![tree.split(" as ").next().unwrap_or("").to_owned()]
}

/// Every `crate::…`, `super::…` and `self::…` path a file's code names.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let word_at = |i: usize| i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    for (i, _) in code.match_indices("use ").filter(|(i, _)| word_at(*i)) {
        let tree = code[i + 4..].split(';').next().unwrap_or("").trim();
        if ["crate::", "super::", "self::"].iter().any(|p| tree.starts_with(p)) {
            out.extend(expand(tree));
        }
    }
    for (i, _) in code.match_indices("mod ").filter(|(i, _)| word_at(*i)) {
        let name = code[i + 4..].split(';').next().unwrap_or("").trim();
        if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            out.push(format!("self::{name}"));
        }
    }
    // Paths written in code: `crate::span::first_line(…)`, `super::formats::folder(…)`.
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start).filter(|(i, _)| word_at(*i)) {
            let end = code[i..].find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).map_or(code.len(), |n| i + n);
            out.push(code[i..end].trim_end_matches(':').to_owned());
        }
    }
    out
}

/// The file a path from module `from` lands in: the longest module prefix that is a file.
fn target<'f>(files: &'f Files, from: &[String], path: &str) -> Option<&'f String> {
    let mut segments = path.split("::").filter(|s| !s.is_empty() && *s != "*").peekable();
    let mut at: Vec<String> = match segments.peek() {
        Some(&"crate") => {
            segments.next();
            Vec::new()
        }
        _ => from.to_vec(),
    };
    while let Some(&s) = segments.peek() {
        match s {
            "super" => at.truncate(at.len().saturating_sub(1)),
            "self" => {}
            _ => break,
        }
        segments.next();
    }
    at.extend(segments.map(str::to_owned));
    (0..=at.len()).rev().find_map(|n| files.get(&at[..n]))
}

/// The graph of one crate's files, from its source folder (`src` of this crate, or
/// `../edit/src` for the writers of memento-edit, which the core never names).
fn graph(src: &str) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let mut sources = Vec::new();
    read_tree(&root, &root, &mut sources);
    let files: Files = sources.iter().map(|(name, _)| (module_of(name), name.clone())).collect();
    let mut edges = BTreeMap::new();
    for (name, source) in &sources {
        let me = module_of(name);
        let mut to = BTreeSet::new();
        for path in paths(&code(source)) {
            let Some(file) = target(&files, &me, &path) else { continue };
            // A module root or an ancestor of this file: not a dependency between peers.
            if file != name && !me.starts_with(&module_of(file)) {
                to.insert(file.clone());
            }
        }
        edges.insert(name.clone(), to);
    }
    edges
}

/// A cycle of the graph, as the files along it, if there is one.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first, iteratively: 0 unseen, 1 on the current path, 2 done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in edges.keys() {
        if state.contains_key(start.as_str()) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, edges[start].iter().map(String::as_str).rev().collect())];
        state.insert(start, 1);
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match next.pop() {
                Some(n) if state.get(n) == Some(&1) => {
                    let from = stack.iter().position(|(f, _)| *f == n).unwrap();
                    let mut cycle: Vec<String> = stack[from..].iter().map(|(f, _)| f.to_string()).collect();
                    cycle.push(n.to_owned());
                    return Some(cycle);
                }
                Some(n) if !state.contains_key(n) => {
                    state.insert(n, 1);
                    let after = edges.get(n).map(|e| e.iter().map(String::as_str).rev().collect()).unwrap_or_default();
                    stack.push((n, after));
                }
                Some(_) => {}
                None => {
                    state.insert(node, 2);
                    stack.pop();
                }
            }
        }
    }
    None
}

#[test]
fn no_file_of_the_core_depends_on_itself_through_others() {
    let edges = graph("src");
    // The reader sees the graph it checks: the rule driver depends on its rules, the plan on
    // the check, and the parse on the document model.
    assert!(edges["check/mod.rs"].contains("check/decisions.rs"));
    assert!(edges["plan/mod.rs"].contains("check/mod.rs"));
    assert!(edges["parse/mod.rs"].contains("document.rs"));
    if let Some(cycle) = find_cycle(&edges) {
        panic!("import cycle between files: {}", cycle.join(" → "));
    }
}

#[test]
fn no_file_of_the_writers_depends_on_itself_through_others() {
    let edges = graph("../edit/src");
    // The agent tools run edits and render the prompt; an edit operation uses the kernel.
    assert!(edges["tools.rs"].contains("edit/mod.rs"));
    assert!(edges["tools.rs"].contains("prompt.rs"));
    assert!(edges["edit/checkpoint.rs"].contains("edit/target.rs"));
    if let Some(cycle) = find_cycle(&edges) {
        panic!("import cycle between files: {}", cycle.join(" → "));
    }
}

#[test]
fn the_cycle_finder_finds_cycles_and_only_cycles() {
    let graph = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let diamond = graph(&[("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]);
    assert_eq!(find_cycle(&diamond), None);
    let cycle = find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])).unwrap();
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}

#[test]
fn paths_are_read_from_use_trees_code_and_mod_lines() {
    let code = code("use super::{apply, layout::{self, Style}};\nuse crate::span::Span; // crate::time::x\nmod guard;\nfn f() { use crate::swar::{each, eq}; crate::identity::UnitKey::of(x); }\n#[cfg(test)]\nuse crate::merge;");
    let found = paths(&code);
    for want in ["super::apply", "super::layout::self", "super::layout::Style", "crate::span::Span", "self::guard", "crate::identity::UnitKey::of", "crate::swar::each"] {
        assert!(found.iter().any(|p| p == want), "{want} in {found:?}");
    }
    assert!(!found.iter().any(|p| p.contains("time") || p.contains("merge")), "{found:?}");
    let files: Files = ["lib.rs", "edit/mod.rs", "edit/layout.rs", "edit/checkpoint.rs", "span.rs"].iter().map(|f| (module_of(f), f.to_string())).collect();
    let me = module_of("edit/checkpoint.rs");
    assert_eq!(target(&files, &me, "super::layout::Style").map(String::as_str), Some("edit/layout.rs"));
    assert_eq!(target(&files, &me, "super::apply").map(String::as_str), Some("edit/mod.rs"));
    assert_eq!(target(&files, &me, "crate::span::Span").map(String::as_str), Some("span.rs"));
}
