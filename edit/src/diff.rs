//! Transition rules (docs/rules.md, `diff OLD NEW`): what changed between two versions of one file
//! that the file's own rules forbid.
//!
//! | rule | fires when |
//! |---|---|
//! | header-changed | a heading was renamed or removed (session notes: also added) |
//! | description-changed | session notes: an italic description was changed, removed or added |
//! | decision-rewritten | a decision was edited or deleted instead of superseded |
//! | entry-removed | an append-only entry (Key Discoveries, Worklog, a timestamped log entry) was deleted or rewritten |
//! | progress-regressed | a unit COMPLETED in the old version is not completed in the new one, and its line gives no reason ("reopened", "regressed", "because", "reverted", …) |
//! | completion-removed | the `TASK COMPLETE` block was removed |
//!
//! Ranges are in the *new* document: the changed element, or — for something removed — an
//! empty range where it was (before the next thing that survived). Headings, decisions and
//! entries are matched by their text, so moving, reformatting line endings or changing the
//! bullet does not fire; an edit by [`crate::edit`] never fires any of these rules except
//! progress-regressed for a deliberate step back.

use memento_core::identity::UnitKey;
use memento_core::diagnostic::Diagnostic;
use memento_core::document::{Document, SectionRole, Status};
use memento_core::internal::line_start;
use memento_core::rule::Rule;
use memento_core::span::Span;
use memento_core::Dialect;
use memento_core::hash::{fnv_of, KeyMap};

/// What a reason for a step back looks like on a progress line.
const REGRESSION_NOTES: &str = "reopen|re-open|regress|because|revert|roll back|rolled back|\
    rollback|due to|broke|redo|re-do";

/// Transition diagnostics from `old` to `new`, sorted by position in `new`. Messages quote
/// both versions: the secrets of both are masked in them (`docs/secrets.md`).
pub fn diff(old: &Document, new: &Document) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    headers(old, new, &mut out);
    decisions(old, new, &mut out);
    entries(old, new, &mut out);
    progress(old, new, &mut out);
    completion(old, new, &mut out);
    let secrets = memento_core::secret::Secrets::union([old.secrets(), new.secrets()]);
    memento_core::internal::finish(out, &memento_core::CheckOptions::default(), &secrets)
}

fn normalized(text: &str) -> String {
    text.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

/// Matches old elements to new ones by key, in order: the k-th old element with a key
/// matches the k-th new one with that key; crossings (things moved) are dropped so the
/// matches keep file order. Returns, per old element, its new index.
fn align(old: &[String], new: &[String]) -> Vec<Option<usize>> {
    // Key → index into `queues`: the new indices with that key, and how many are taken. The
    // map holds an index, the type the core's maps hold (one table code in the wasm).
    let mut by_key: KeyMap<usize> = KeyMap::default();
    let mut queues: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, k) in new.iter().enumerate() {
        let at = *by_key.entry(fnv_of(k.as_str())).or_insert(queues.len());
        if at == queues.len() {
            queues.push((0, Vec::new()));
        }
        queues[at].1.push(i);
    }
    let mut take = |k: &String| {
        let (taken, queue) = &mut queues[*by_key.get(&fnv_of(k.as_str()))?];
        let n = *queue.get(*taken)?;
        *taken += 1;
        Some(n)
    };
    let raw: Vec<Option<usize>> = old.iter().map(&mut take).collect();
    // Longest increasing subsequence of the new indices (patience sorting).
    let pairs: Vec<(usize, usize)> = raw.iter().enumerate().filter_map(|(o, n)| n.map(|n| (o, n))).collect();
    let mut tails: Vec<usize> = Vec::new(); // indices into pairs
    let mut prev: Vec<Option<usize>> = vec![None; pairs.len()];
    for (p, &(_, n)) in pairs.iter().enumerate() {
        let at = tails.partition_point(|&t| pairs[t].1 < n);
        if at > 0 {
            prev[p] = Some(tails[at - 1]);
        }
        if at == tails.len() {
            tails.push(p);
        } else {
            tails[at] = p;
        }
    }
    let mut out = vec![None; old.len()];
    let mut cursor = tails.last().copied();
    while let Some(p) = cursor {
        out[pairs[p].0] = Some(pairs[p].1);
        cursor = prev[p];
    }
    out
}

/// Where, in `new`, an old element that did not survive was: before the next old element
/// (after it) that did, else at `fallback`.
fn place(aligned: &[Option<usize>], old_index: usize, new_start: impl Fn(usize) -> usize, fallback: usize) -> Span {
    let at = aligned[old_index + 1..].iter().find_map(|m| *m).map_or(fallback, new_start);
    Span::empty(at)
}

fn headers(old: &Document, new: &Document, out: &mut Vec<Diagnostic>) {
    let notes = old.dialect() == Dialect::SessionNotes || new.dialect() == Dialect::SessionNotes;
    let kept = |d: &Document| -> Vec<usize> {
        (0..d.sections().len()).filter(|&i| d.sections()[i].role != SectionRole::Completion).collect()
    };
    let (oi, ni) = (kept(old), kept(new));
    // A status emoji in a heading (`## 🔄 Session State` → `## ✅ Session State`) is progress,
    // not a change of header: any emoji the reader reads as a status (the lexicon's table,
    // where a form with its variation selector comes before the bare one).
    let key = |d: &Document, i: usize| {
        let mut h = d.text(d.sections()[i].heading).trim().to_owned();
        for (e, _) in memento_core::internal::EMOJI {
            h = h.replace(e, "");
        }
        h.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let ok: Vec<String> = oi.iter().map(|&i| key(old, i)).collect();
    let nk: Vec<String> = ni.iter().map(|&i| key(new, i)).collect();
    let aligned = align(&ok, &nk);
    let new_matched: Vec<bool> = {
        let mut m = vec![false; ni.len()];
        for n in aligned.iter().flatten() {
            m[*n] = true;
        }
        m
    };
    let heading_at = |n: usize| line_start(new.source(), new.sections()[ni[n]].heading.start());
    // Walk the gaps between matched headings: unmatched old ones there were renamed (paired
    // with unmatched new ones in the same gap) or removed; unmatched new ones were added.
    let (mut o, mut n) = (0, 0);
    loop {
        // The gap before the next matched pair (old[og] ↔ new[ng]; monotonic, so they pair).
        let og = (o..oi.len()).find(|&x| aligned[x].is_some()).unwrap_or(oi.len());
        let ng = (n..ni.len()).find(|&x| new_matched[x]).unwrap_or(ni.len());
        for (k, x) in (o..og).enumerate() {
            let old_heading = &ok[x];
            if n + k < ng {
                let y = n + k;
                out.push(
                    Diagnostic::new(new, Rule::HeaderChanged, new.sections()[ni[y]].heading, format!("header `{old_heading}` was changed to `{}`", nk[y]))
                        .with_help("headers are fixed: restore the original header and put the change in the content"),
                );
            } else {
                let at = if ng < ni.len() { heading_at(ng) } else { new.source().len() };
                out.push(
                    Diagnostic::new(new, Rule::HeaderChanged, Span::empty(at), format!("header `{old_heading}` was removed"))
                        .with_help("restore the section; clear its content instead of removing it"),
                );
            }
        }
        if notes {
            for y in (n + (og - o)).min(ng)..ng {
                out.push(
                    Diagnostic::new(new, Rule::HeaderChanged, new.sections()[ni[y]].heading, format!("header `{}` was added", nk[y]))
                        .with_help("session notes keep the template's headers: put this under an existing section"),
                );
            }
        }
        if og >= oi.len() || ng >= ni.len() {
            break;
        }
        if notes {
            description(old, oi[og], new, ni[ng], out);
        }
        o = og + 1;
        n = ng + 1;
    }
}

fn description(old: &Document, os: usize, new: &Document, ns: usize, out: &mut Vec<Diagnostic>) {
    let (a, b) = (old.sections()[os].description, new.sections()[ns].description);
    let title = new.text(new.sections()[ns].title).trim();
    let d = match (a.map(|s| old.text(s)), b) {
        (Some(x), Some(span)) if x.trim_end() != new.text(span).trim_end() => Diagnostic::new(
            new,
            Rule::DescriptionChanged,
            span,
            format!("the description of `{title}` was changed from `{}`", x.trim_end()),
        ),
        (Some(x), None) => Diagnostic::new(
            new,
            Rule::DescriptionChanged,
            Span::empty(new.sections()[ns].heading.end()),
            format!("the description of `{title}` (`{}`) was removed", x.trim_end()),
        ),
        (None, Some(span)) => Diagnostic::new(new, Rule::DescriptionChanged, span, format!("a description was added under `{title}`")),
        _ => return,
    };
    out.push(d.with_help("italic descriptions are never changed: restore it, and write below it"));
}

fn decisions(old: &Document, new: &Document, out: &mut Vec<Diagnostic>) {
    let key = |d: &Document, i: usize| normalized(d.text(d.decisions()[i].text));
    let ok: Vec<String> = (0..old.decisions().len()).map(|i| key(old, i)).collect();
    let nk: Vec<String> = (0..new.decisions().len()).map(|i| key(new, i)).collect();
    let aligned = align(&ok, &nk);
    let mut matched = vec![false; nk.len()];
    for n in aligned.iter().flatten() {
        matched[*n] = true;
    }
    let fallback = new
        .sections()
        .iter()
        .find(|s| s.role == SectionRole::Decisions)
        .map_or(new.source().len(), |s| {
            let body = new.text(s.span).trim_end();
            s.span.start() + body.len()
        });
    let item_start = |n: usize| line_start(new.source(), new.decisions()[n].span.start());
    for (o, m) in aligned.iter().enumerate() {
        if m.is_some() {
            continue;
        }
        let d = &old.decisions()[o];
        let edited = new
            .decisions()
            .iter()
            .enumerate()
            .find(|(n, nd)| !matched[*n] && nd.id == d.id)
            .map(|(n, _)| n);
        let diag = match edited {
            Some(n) => Diagnostic::new(
                new,
                Rule::DecisionRewritten,
                new.decisions()[n].span,
                format!("decision {} was edited in place; decisions are immutable", d.id),
            ),
            None => Diagnostic::new(
                new,
                Rule::DecisionRewritten,
                place(&aligned, o, item_start, fallback),
                format!("decision {} was deleted; decisions are immutable", d.id),
            ),
        };
        out.push(diag.with_help(format!(
            "restore it, and record the change as a new decision with SUPERSEDES [{}]",
            d.id
        )));
    }
}

/// Append-only entries: items of Key Discoveries / Worklog sections, and timestamped log
/// entries anywhere but Decisions (their own rule) and Progress Markers (state).
fn append_only(doc: &Document) -> Vec<usize> {
    let role = |i: usize| doc.item(i).role;
    let mut timestamped = vec![false; doc.items().len()];
    for e in doc.entries() {
        timestamped[e.item] = true;
    }
    (0..doc.items().len())
        .filter(|&i| doc.item(i).depth == 1)
        .filter(|&i| match role(i) {
            SectionRole::Discoveries | SectionRole::Worklog => true,
            SectionRole::Decisions | SectionRole::Progress => false,
            _ => timestamped[i],
        })
        .collect()
}

fn entries(old: &Document, new: &Document, out: &mut Vec<Diagnostic>) {
    let oi = append_only(old);
    let ni: Vec<usize> = (0..new.items().len()).collect();
    let key = |d: &Document, i: usize| normalized(d.text(d.item(i).text));
    let ok: Vec<String> = oi.iter().map(|&i| key(old, i)).collect();
    let nk: Vec<String> = ni.iter().map(|&i| key(new, i)).collect();
    let aligned = align(&ok, &nk);
    // Each new key → an element with it (the map type `align` keeps: one table code less in
    // the wasm than a set).
    let anywhere: KeyMap<usize> = nk.iter().enumerate().map(|(n, k)| (fnv_of(k.as_str()), n)).collect();
    for (o, m) in aligned.iter().enumerate() {
        // Moved (out of order, or to another section) still counts as kept.
        if m.is_some() || anywhere.contains_key(&fnv_of(ok[o].as_str())) {
            continue;
        }
        let item = old.item(oi[o]);
        let section = item.section.map(|s| old.text(old.sections()[s].title).trim().to_owned());
        let fallback = section
            .as_deref()
            .and_then(|t| new.sections().iter().find(|s| new.text(s.title).trim() == t))
            .map_or(new.source().len(), |s| s.span.start() + new.text(s.span).trim_end().len());
        let at = place(&aligned, o, |n| line_start(new.source(), new.item(ni[n]).span.start()), fallback);
        let excerpt = old.secrets().quote(old.text(item.text), 80);
        let where_ = section.map_or(String::new(), |t| format!(" from {t}"));
        out.push(
            Diagnostic::new(new, Rule::EntryRemoved, at, format!("entry \"{excerpt}\" (old line {}) was removed{where_}", old.position(item.span.start()).line))
                .with_help("entries are append-only: restore it, and add a new entry for what changed"),
        );
    }
}

fn progress(old: &Document, new: &Document, out: &mut Vec<Diagnostic>) {
    let mut by_unit: KeyMap<usize> = KeyMap::default();
    for (i, m) in new.progress().iter().enumerate() {
        for u in m.units.iter().filter_map(|u| UnitKey::of(new.text(u.name))) {
            by_unit.insert(u.id(), i);
        }
    }
    // Each unit reported → its new marker (the map type of `by_unit`, not a set of its own).
    let mut seen: KeyMap<usize> = KeyMap::default();
    for m in old.progress().iter().filter(|m| m.status == Some(Status::Completed)) {
        for u in &m.units {
            let Some(k) = UnitKey::of(old.text(u.name)) else { continue };
            let Some(&n) = by_unit.get(&k.id()) else { continue };
            let nm = &new.progress()[n];
            if nm.status == Some(Status::Completed) || seen.insert(k.id(), n).is_some() {
                continue;
            }
            let line = new.text(nm.span);
            let rest = line.get(nm.status_span.end().saturating_sub(nm.span.start())..).unwrap_or(line);
            let lower = rest.to_ascii_lowercase();
            if REGRESSION_NOTES.split('|').any(|w| lower.contains(w)) {
                continue;
            }
            let now = nm.status.map_or("not completed".to_owned(), |s| s.to_string());
            out.push(
                Diagnostic::new(
                    new,
                    Rule::ProgressRegressed,
                    nm.span,
                    format!("`{}` was COMPLETED and is now {now}, with no note saying why", old.text(u.name)),
                )
                .with_help("if the work really went back, say so on the line: `(reopened because …)`"),
            );
        }
    }
}

fn completion(old: &Document, new: &Document, out: &mut Vec<Diagnostic>) {
    if let (Some(c), None) = (old.completion(), new.completion()) {
        let heading = old.text(old.sections()[c.section].heading).trim();
        out.push(
            Diagnostic::new(
                new,
                Rule::CompletionRemoved,
                Span::empty(new.source().len()),
                format!("the completion block `{heading}` (old line {}) was removed", old.position(c.span.start()).line),
            )
            .with_help("a completed task stays complete: restore the block"),
        );
    }
}
