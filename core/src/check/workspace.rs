//! A memory bank as one workspace: every file is checked alone, then the files of one
//! folder are checked together (progress.md, activeContext.md, decisionLog.md and any other
//! file of the folder holding decisions or progress):
//! - progress-contradiction: a unit COMPLETED in one file and IN_PROGRESS/PENDING in another;
//! - conflicting-decisions: active decisions of different files that pull opposite ways;
//! - empty-next-step: progress.md has work left and the folder's activeContext.md has no
//!   Next Steps.
//!
//! Cross-file findings are reported in the later file, naming the other file and line.
//!
//! The memory folders of the agent harnesses (Claude Code, Codex, Letta, Basic Memory) get
//! their folder rules from `formats.rs`: dangling-link and pinned-over-budget.

use super::progress::remaining;
use super::{check, finish, CheckOptions};
use crate::diagnostic::Diagnostic;
use crate::document::{Document, Status};
use crate::hash::{fnv_of, KeyMap};
use crate::identity::UnitKey;
use crate::rule::Rule;
use crate::span::Span;
use crate::text::file_name;

/// Checks each file, then the files of each folder together. `files` are (file name or path,
/// document); the result pairs each diagnostic with the index of its file, sorted by file
/// then position.
pub fn check_workspace(files: &[(&str, &Document)], options: &CheckOptions) -> Vec<(usize, Diagnostic)> {
    let mut out: Vec<(usize, Diagnostic)> = Vec::new();
    for (i, (_, doc)) in files.iter().enumerate() {
        out.extend(check(doc, options).into_iter().map(|d| (i, d)));
    }
    // Folders: the path up to the last separator.
    let mut folders: KeyMap<Vec<usize>> = KeyMap::default();
    for (i, (name, _)) in files.iter().enumerate() {
        let dir = name.rfind(['/', '\\']).map_or("", |k| &name[..k]);
        folders.entry(fnv_of(dir)).or_default().push(i);
    }
    let mut groups: Vec<Vec<usize>> = folders.into_values().filter(|g| g.len() > 1).collect();
    // Folders hold disjoint sets of files, each listed in ascending order: groups compare
    // as their first files do.
    crate::sort::sort_by_key(&mut groups, |g| [g[0] as u64, 0, 0]);
    let mut extra: Vec<(usize, Diagnostic)> = Vec::new();
    for group in groups {
        cross_progress(files, &group, options, &mut extra);
        cross_decisions(files, &group, options, &mut extra);
        missing_next(files, &group, options, &out, &mut extra);
    }
    // The agent harnesses' memory folders: links, pinned files, file-level metadata.
    super::formats::folder(files, options, &mut extra);
    // Overrides and masking, per file: a finding quotes the other files of its folder, so
    // every file's secrets are masked in it.
    let secrets = crate::secret::Secrets::union(files.iter().map(|(_, d)| d.secrets()));
    let mut by_file: Vec<Vec<Diagnostic>> = vec![Vec::new(); files.len()];
    for (i, d) in extra {
        by_file[i].push(d);
    }
    for (i, ds) in by_file.into_iter().enumerate() {
        if !ds.is_empty() {
            out.extend(finish(ds, options, &secrets).into_iter().map(|d| (i, d)));
        }
    }
    // Rule ids fit in a byte below the end offset (offsets are far below 2^56).
    crate::sort::sort_by_key(&mut out, |(f, d)| [*f as u64, d.range.start() as u64, (d.range.end() as u64) << 8 | d.rule as u64]);
    out
}

fn cross_progress(files: &[(&str, &Document)], group: &[usize], options: &CheckOptions, out: &mut Vec<(usize, Diagnostic)>) {
    if !options.enabled(Rule::ProgressContradiction) {
        return;
    }
    // unit → (file, marker, status) of the first done and first open mention.
    let mut done: KeyMap<(usize, usize)> = KeyMap::default();
    let mut open: KeyMap<(usize, usize)> = KeyMap::default();
    for &f in group {
        let doc = files[f].1;
        for (mi, m) in doc.progress().iter().enumerate() {
            let Some(status) = m.status else { continue };
            let is_done = status == Status::Completed;
            let is_open = matches!(status, Status::InProgress | Status::Pending);
            for u in &m.units {
                let Some(key) = UnitKey::of(doc.text(u.name)).filter(|k| k.as_str().len() >= 4).map(|k| k.id()) else { continue };
                let other = if is_done { open.get(&key) } else if is_open { done.get(&key) } else { None };
                if let Some(&(of, om)) = other {
                    if of != f {
                        let (other_name, other_doc) = files[of];
                        let first = &other_doc.progress()[om];
                        let line = other_doc.position(first.span.start()).line;
                        let a = first.status.map_or("?", |s| s.as_str());
                        let d = Diagnostic::new(
                            doc,
                            Rule::ProgressContradiction,
                            m.span,
                            format!("`{}` is {a} in {} (line {line}) and {} here", doc.text(u.name), file_name(other_name), status.as_str()),
                        )
                        .with_help("the files of a memory bank describe one state: update both to agree");
                        out.push((f, d));
                    }
                }
                if is_done {
                    done.entry(key).or_insert((f, mi));
                } else if is_open {
                    open.entry(key).or_insert((f, mi));
                }
            }
        }
    }
}

fn cross_decisions(files: &[(&str, &Document)], group: &[usize], options: &CheckOptions, out: &mut Vec<(usize, Diagnostic)>) {
    if !options.enabled(Rule::ConflictingDecisions) {
        return;
    }
    // The decisions of every file of the folder, end to end.
    let mut owners: Vec<(usize, usize)> = Vec::new();
    let mut texts: Vec<Option<&str>> = Vec::new();
    for &f in group {
        let doc = files[f].1;
        for (k, d) in doc.decisions().iter().enumerate() {
            owners.push((f, k));
            texts.push(d.superseded_by.is_none().then(|| doc.text(d.text)));
        }
    }
    if texts.len() < 2 {
        return;
    }
    for p in crate::conflict::pairs(&texts) {
        let ((fa, ka), (fb, kb)) = (owners[p.a], owners[p.b]);
        if fa == fb {
            continue; // reported by the file's own check
        }
        let (da, db) = (&files[fa].1.decisions()[ka], &files[fb].1.decisions()[kb]);
        let (doc_a, doc_b) = (files[fa].1, files[fb].1);
        let line = doc_a.position(da.span.start()).line;
        let a_name = file_name(files[fa].0);
        let explanation = p.explain(&format!("{a_name} {}", da.id), &db.id);
        let d = Diagnostic::new(
            doc_b,
            Rule::ConflictingDecisions,
            db.text,
            format!("decision {} contradicts decision {} of {a_name} (line {line}) about `{}`", db.id, da.id, p.subject),
        )
        .with_help(format!(
            "{explanation}. Record a new decision that supersedes one of them (\"{}\"), or follow the older one",
            doc_a.secrets().quote(doc_a.text(da.text), 50)
        ));
        out.push((fb, d));
    }
}

fn missing_next(files: &[(&str, &Document)], group: &[usize], options: &CheckOptions, already: &[(usize, Diagnostic)], out: &mut Vec<(usize, Diagnostic)>) {
    if !options.enabled(Rule::EmptyNextStep) {
        return;
    }
    let find = |name: &str| group.iter().copied().find(|&f| file_name(files[f].0).eq_ignore_ascii_case(name));
    let (Some(progress), Some(active)) = (find("progress.md"), find("activecontext.md")) else { return };
    let (pdoc, adoc) = (files[progress].1, files[active].1);
    if pdoc.completion().is_some() || adoc.next_step().is_some_and(|n| !adoc.text(n.text).trim().is_empty()) {
        return;
    }
    if already.iter().any(|(f, d)| *f == active && d.rule == Rule::EmptyNextStep) {
        return;
    }
    let Some((work, unit)) = remaining(pdoc) else { return };
    let unit = pdoc.text(unit.name);
    let line = pdoc.position(work.span.start()).line;
    let at = adoc.sections().first().map_or(Span::empty(0), |s| s.heading);
    let d = Diagnostic::new(
        adoc,
        Rule::EmptyNextStep,
        at,
        format!(
            "no Next Steps while work remains in {} (`{}` is {}, line {line})",
            file_name(files[progress].0),
            pdoc.secrets().quote(unit, 60),
            work.status.map_or("", |s| s.as_str())
        ),
    )
    .with_help("add a `## Next Steps` section to activeContext.md with the exact next action");
    out.push((active, d));
}
