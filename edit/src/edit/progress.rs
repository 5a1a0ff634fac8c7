//! `set_progress`: progress markers are state, one line per unit. The unit's line is
//! changed in place (in its own notation: a status word, a checkbox, an emoji), or a new
//! line is appended; a PENDING line listing several units is split when one of them changes.

use super::route::{status_prefix, Kind};
use super::target::{append_entry, write_line, Target};
use super::layout;
use super::{apply_checked, one_line, read, refuse_json, EditError, EditOptions, EditOutcome};
use memento_core::diagnostic::TextEdit;
use memento_core::document::{Document, MarkerSource, SectionRole, Status};
use memento_core::identity::UnitKey;
use memento_core::internal::status_of;
use memento_core::span::Span;
use memento_core::time::Timestamp;
use memento_core::Dialect;

/// Sets `unit` to `status`; see [`set_progress_with`].
pub fn set_progress(
    text: &str,
    unit: &str,
    status: Status,
    stopped_at: Option<&str>,
) -> Result<EditOutcome, EditError> {
    set_progress_with(text, unit, status, stopped_at, &EditOptions::default())
}

/// Sets `unit` to `status`, with an optional stop point (`stopped at 094`).
///
/// - The unit is found by name (case, surrounding marks and a trailing `/` ignored; a path
///   suffix matches: `batch_5/` is `orders/batch_5/`). Its line is edited in place: the
///   status word (or checkbox, or emoji) and the stop point change, the rest stays.
/// - `unit` may carry a detail, `orders/batch_6/ (files 200-250)`: it replaces the line's.
/// - A stop point is written when given; without one, a unit that is COMPLETED, PENDING or
///   SKIPPED loses its stale stop point (IN_PROGRESS, BLOCKED and FAILED keep theirs).
/// - A unit not found gets a new line at the end of Progress Markers (memory bank: a
///   checkbox in What Works / What's Left to Build, or a status line in In Progress,
///   Blocked or Known Issues), the section created if absent.
/// - Refused (unless forced) when another unit is already IN_PROGRESS.
pub fn set_progress_with(
    text: &str,
    unit: &str,
    status: Status,
    stopped_at: Option<&str>,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    let doc = read(text, options);
    let arg = UnitArg::read(unit)?;
    let stop = match stopped_at.map(one_line).filter(|s| !s.is_empty()) {
        Some(s) if s.contains(|c: char| c.is_whitespace() || matches!(c, ')' | '(' | ',' | ';' | ']')) => {
            return Err(EditError::InvalidInput(format!("a stop point is one token, like `094`; got `{s}`")))
        }
        s => s,
    };
    write_unit(&doc, &arg, status, stop.as_deref(), options)
}

/// A progress checkpoint `STATUS: unit (detail)` (session notes: a Worklog entry).
pub(crate) fn from_note(doc: &Document, note: &str, at: Timestamp, options: &EditOptions) -> Result<EditOutcome, EditError> {
    if doc.dialect() == Dialect::SessionNotes {
        return append_entry(doc, Target::of(doc, Kind::Progress), note, at, options);
    }
    let Some((status, rest_at)) = status_prefix(note) else {
        return Err(EditError::InvalidInput(
            "a progress checkpoint reads `STATUS: unit (detail)`, STATUS one of COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED, SKIPPED".into(),
        ));
    };
    let rest = note[rest_at..].trim();
    let pieces: Vec<&str> = split_top(rest).into_iter().map(|(s, e)| &rest[s..e]).collect();
    match pieces.as_slice() {
        [] => Err(EditError::InvalidInput("the progress note names no unit".into())),
        [one] => write_unit(doc, &UnitArg::read(one)?, status, None, options),
        several => {
            let mut current = doc.source().to_owned();
            for piece in several {
                let d = read(&current, options);
                current = write_unit(&d, &UnitArg::read(piece)?, status, None, options)?.text;
            }
            let edits = vec![diff_edit(doc.source(), &current)];
            Ok(EditOutcome { text: current, edits })
        }
    }
}

/// The unit as the caller gave it: a name and an optional `(detail)`.
struct UnitArg {
    name: String,
    detail: Option<String>,
}

impl UnitArg {
    fn read(unit: &str) -> Result<UnitArg, EditError> {
        let given = one_line(unit);
        let (name, detail) = match given.find('(') {
            Some(i) => {
                let inner = given[i + 1..].trim();
                let inner = inner.strip_suffix(')').unwrap_or(inner).trim();
                (given[..i].trim().to_owned(), (!inner.is_empty()).then(|| inner.to_owned()))
            }
            None => (given.clone(), None),
        };
        if UnitKey::of(&name).is_none() {
            return Err(EditError::InvalidInput("the unit is empty".into()));
        }
        if status_prefix(&name).is_some() {
            return Err(EditError::InvalidInput(format!("`{name}` starts with a status word; pass the unit alone")));
        }
        Ok(UnitArg { name, detail })
    }
}

/// The last marker naming `name` exactly, else the last whose name is a path suffix of it
/// (or it of theirs): (marker index, unit index).
fn find_unit(doc: &Document, name: &str) -> Option<(usize, usize)> {
    let want = UnitKey::of(name)?;
    let (mut exact, mut suffix) = (None, None);
    for (mi, m) in doc.progress().iter().enumerate() {
        for (ui, u) in m.units.iter().enumerate() {
            let Some(k) = UnitKey::of(doc.text(u.name)) else { continue };
            if k == want {
                exact = Some((mi, ui));
            } else if k.is_path_suffix_of(&want) || want.is_path_suffix_of(&k) {
                suffix = Some((mi, ui));
            }
        }
    }
    exact.or(suffix)
}

fn write_unit(
    doc: &Document,
    arg: &UnitArg,
    status: Status,
    stopped_at: Option<&str>,
    options: &EditOptions,
) -> Result<EditOutcome, EditError> {
    if doc.progress().iter().any(|m| m.source == MarkerSource::Feature) {
        return feature(doc, arg, status, options);
    }
    refuse_json(doc, "set_progress")?;
    if doc.dialect() == Dialect::SessionNotes {
        return Err(EditError::NotSupportedForDialect { operation: "set_progress", dialect: doc.dialect() });
    }
    let found = find_unit(doc, &arg.name);
    if status == Status::InProgress && !options.force {
        only_one_in_progress(doc, &arg.name, found)?;
    }
    if found.is_none() && status == Status::Pending && doc.dialect() != Dialect::MemoryBank && split_top(&arg.name).len() > 1 {
        return Err(EditError::InvalidInput(format!(
            "`{}`: a new PENDING unit cannot contain a comma (the line would read as several units)",
            arg.name
        )));
    }
    let (edits, added) = match found {
        Some((m, u)) => (update_marker(doc, m, u, arg, status, stopped_at)?, 0),
        None => new_marker(doc, arg, status, stopped_at),
    };
    if edits.is_empty() {
        return Ok(EditOutcome { text: doc.source().to_owned(), edits });
    }
    // A heading marked with a status emoji (`## 🔄 Session State`) changes its own title.
    let retitled: Vec<usize> = found
        .and_then(|(m, _)| doc.sections().iter().position(|s| s.heading == doc.progress()[m].span))
        .into_iter()
        .collect();
    let (out, new) = apply_checked(doc, edits, &retitled, added + retitled.len(), options)?;
    match find_unit(&new, &arg.name) {
        Some((m, _)) if new.progress()[m].status == Some(status) => Ok(out),
        _ => Err(EditError::InvalidInput(format!("`{}` cannot be written as {status} here", arg.name))),
    }
}

/// A JSON unit (a feature, a task row) keeps its status in a field: the edit rewrites that
/// value. A done flag (`"passes": false`) takes `true` or `false`; a status word takes the
/// word the file already uses for the status (another unit's), else a plain one.
fn feature(doc: &Document, arg: &UnitArg, status: Status, options: &EditOptions) -> Result<EditOutcome, EditError> {
    let Some((m, _)) = find_unit(doc, &arg.name) else {
        return Err(EditError::InvalidInput(format!(
            "no feature `{}` in the list (features are added by the harness, not by Memento)",
            arg.name
        )));
    };
    let span = doc.progress()[m].status_span;
    let value = match doc.text(span) {
        "true" | "false" => match status {
            Status::Completed => "true",
            Status::Pending => "false",
            other => {
                return Err(EditError::InvalidInput(format!(
                    "a feature list records only passing (COMPLETED) or not (PENDING), not {other}"
                )))
            }
        },
        "" => {
            return Err(EditError::InvalidInput(format!(
                "`{}` has no status field to write (a current-task pointer names it)",
                arg.name
            )))
        }
        _ => doc
            .progress()
            .iter()
            .map(|o| doc.text(o.status_span))
            .find(|word| status_of(word).is_some_and(|(s, r)| s == status && r.len() == word.len()))
            .unwrap_or(match status {
                Status::Completed => "done",
                Status::InProgress => "in_progress",
                Status::Pending => "pending",
                Status::Blocked => "blocked",
                Status::Failed => "failed",
                Status::Skipped => "skipped",
            }),
    };
    if doc.text(span) == value && doc.progress()[m].status == Some(status) {
        return Ok(EditOutcome { text: doc.source().to_owned(), edits: Vec::new() });
    }
    let edit = TextEdit::replace(span, value);
    let text = memento_core::diagnostic::splice(doc.source(), std::slice::from_ref(&edit)).map_err(|e| EditError::InvalidInput(e.to_string()))?;
    let new = read(&text, options);
    match find_unit(&new, &arg.name) {
        Some((m, _)) if new.progress()[m].status == Some(status) => Ok(EditOutcome { text, edits: vec![edit] }),
        _ => Err(EditError::InvalidInput(format!("`{}` cannot be written as {status} here", arg.name))),
    }
}

fn only_one_in_progress(doc: &Document, name: &str, found: Option<(usize, usize)>) -> Result<(), EditError> {
    let want = UnitKey::of(name);
    // Units in their current state, as the check sees them: a unit IN_PROGRESS on an older
    // line and COMPLETED on a later one is in progress no more.
    for &r in doc.current_units() {
        let (m, u) = doc.unit_at(r);
        if m.status != Some(Status::InProgress) {
            continue;
        }
        if found != Some((r.marker as usize, r.unit as usize)) && UnitKey::of(doc.text(u.name)) != want {
            return Err(EditError::AnotherInProgress {
                unit: doc.text(u.name).to_owned(),
                line: doc.position(m.span.start()).line,
            });
        }
    }
    Ok(())
}

fn status_emoji(status: Status) -> Option<&'static str> {
    match status {
        Status::Completed => Some("✅"),
        Status::InProgress => Some("🚧"),
        Status::Pending => Some("⏳"),
        Status::Failed => Some("❌"),
        Status::Blocked | Status::Skipped => None,
    }
}

fn update_marker(
    doc: &Document,
    mi: usize,
    ui: usize,
    arg: &UnitArg,
    status: Status,
    stopped_at: Option<&str>,
) -> Result<Vec<TextEdit>, EditError> {
    let text = doc.source();
    let m = &doc.progress()[mi];
    let unit = &m.units[ui];
    let item_index = doc.items().iter().position(|i| i.span == m.span);
    let style = layout::style(doc, item_index.and_then(|i| doc.item(i).section));
    let piece = |old: &str| {
        let base = match &arg.detail {
            Some(d) => format!("{} ({d})", doc.text(unit.name)),
            None => old.to_owned(),
        };
        update_stop(&base, status, stopped_at, &style.dash)
    };
    let mut edits = Vec::new();
    let name_edit = |edits: &mut Vec<TextEdit>| {
        let old = doc.text(unit.name);
        let new = piece(old);
        if new != old {
            edits.push(TextEdit::replace(unit.name, new));
        }
    };
    match (m.source, item_index) {
        (MarkerSource::StatusWord | MarkerSource::Alias, Some(ii)) => {
            let item = doc.item(ii);
            let first_end = memento_core::internal::line_content_end(text, item.text.start()).min(item.text.end()).max(item.text.start());
            let colon = colon_end(text, m.status_span.end()).min(first_end);
            let lead = text[colon..first_end].len() - text[colon..first_end].trim_start().len();
            let region = Span::new(colon + lead, first_end);
            let rest = &text[region.range()];
            let pieces = if m.units.len() > 1 { split_top(rest) } else { vec![(0, rest.len())] };
            let k = if pieces.len() == m.units.len() {
                ui
            } else {
                let at = unit.name.start().saturating_sub(region.start());
                pieces.iter().position(|&(s, e)| s <= at && at < e).unwrap_or(0)
            };
            let Some(&(ps, pe)) = pieces.get(k) else {
                return Err(EditError::InvalidInput(format!("`{}` has no unit text to edit", arg.name)));
            };
            let old_piece = &text[region.start() + ps..region.start() + pe];
            let new_piece = piece(old_piece);
            if pieces.len() > 1 && m.status != Some(status) {
                // A PENDING line listing several units: split it around the changed one,
                // keeping the units in file order.
                let ls = memento_core::internal::line_start(text, item.span.start());
                let head = |word: &str| format!("{}{word}{}", &text[ls..m.status_span.start()], &text[m.status_span.end()..colon]);
                let old_word = doc.text(m.status_span);
                let join = |r: &[(usize, usize)]| {
                    r.iter().map(|&(s, e)| &text[region.start() + s..region.start() + e]).collect::<Vec<_>>().join(", ")
                };
                let mut lines = Vec::new();
                if k > 0 {
                    lines.push(format!("{} {}", head(old_word), join(&pieces[..k])));
                }
                lines.push(format!("{} {new_piece}", head(status.as_str())));
                if k + 1 < pieces.len() {
                    lines.push(format!("{} {}", head(old_word), join(&pieces[k + 1..])));
                }
                return Ok(vec![TextEdit::replace(Span::new(ls, region.end()), lines.join(style.eol))]);
            }
            if doc.text(m.status_span) != status.as_str() {
                edits.push(TextEdit::replace(m.status_span, status.as_str()));
            }
            if new_piece != old_piece {
                edits.push(TextEdit::replace(Span::new(region.start() + ps, region.start() + pe), new_piece));
            }
        }
        (MarkerSource::Checkbox, ii) => {
            // The box's `[` and where the unit's text starts: in the item's lead, or, for a box
            // written without a list marker (`[ ] Render to PDF`), the status span's.
            let (open, text_start) = match ii {
                Some(ii) => {
                    let item = doc.item(ii);
                    let lead = &text[item.span.start()..item.text.start()];
                    let Some(open) = lead.rfind('[').map(|i| item.span.start() + i) else {
                        return Err(EditError::InvalidInput(format!("`{}`: no checkbox found", arg.name)));
                    };
                    (open, item.text.start())
                }
                None => (m.status_span.start(), m.status_span.end() + 1),
            };
            match status {
                Status::Completed | Status::Pending if m.status != Some(status) => {
                    let mark = if status == Status::Completed { "x" } else { " " };
                    edits.push(TextEdit::replace(Span::new(open + 1, open + 2), mark));
                }
                Status::Completed | Status::Pending => {}
                _ => edits.push(TextEdit::replace(Span::new(open, text_start), format!("{status}: "))),
            }
            name_edit(&mut edits);
        }
        (MarkerSource::Emoji, _) => {
            match (status_emoji(status), item_index) {
                (Some(e), _) => {
                    if m.status != Some(status) {
                        edits.push(TextEdit::replace(m.status_span, e));
                    }
                }
                (None, Some(ii)) => {
                    let item = doc.item(ii);
                    if m.status_span.start() == item.text.start() {
                        let after = &text[m.status_span.end()..];
                        let ws = after.len() - after.trim_start_matches([' ', '\t']).len();
                        edits.push(TextEdit::replace(Span::new(m.status_span.start(), m.status_span.end() + ws), format!("{status}: ")));
                    } else {
                        edits.push(TextEdit::insert(item.text.start(), format!("{status}: ")));
                        edits.push(TextEdit::delete(Span::new(unit.name.end(), m.status_span.end())));
                    }
                }
                (None, None) => {
                    return Err(EditError::InvalidInput(format!(
                        "`{}` is a heading marked with an emoji, and {status} has no emoji",
                        arg.name
                    )))
                }
            }
            name_edit(&mut edits);
        }
        (MarkerSource::Section, Some(ii)) => {
            let item = doc.item(ii);
            if m.status != Some(status) {
                let mark = match status {
                    Status::Completed => "[x] ".to_owned(),
                    Status::Pending => "[ ] ".to_owned(),
                    s => format!("{s}: "),
                };
                edits.push(TextEdit::insert(item.text.start(), mark));
            }
            name_edit(&mut edits);
        }
        _ => {
            return Err(EditError::NotSupportedForDialect { operation: "set_progress", dialect: doc.dialect() });
        }
    }
    Ok(edits)
}

fn new_marker(doc: &Document, arg: &UnitArg, status: Status, stopped_at: Option<&str>) -> (Vec<TextEdit>, usize) {
    let given = match &arg.detail {
        Some(d) => format!("{} ({d})", arg.name),
        None => arg.name.clone(),
    };
    let (target, body) = if doc.dialect() == Dialect::MemoryBank {
        let (role, title) = match status {
            Status::Completed => (SectionRole::Done, "What Works"),
            Status::Pending | Status::Skipped => (SectionRole::Todo, "What's Left to Build"),
            Status::InProgress => (SectionRole::Active, "In Progress"),
            Status::Blocked => (SectionRole::Blocked, "Blocked"),
            Status::Failed => (SectionRole::Issues, "Known Issues"),
        };
        let target = Target::role(doc, role, title);
        let mark = match status {
            Status::Completed => "[x]".to_owned(),
            Status::Pending => "[ ]".to_owned(),
            s => format!("{s}:"),
        };
        (target, mark)
    } else {
        (Target::role(doc, SectionRole::Progress, "Progress Markers"), format!("{status}:"))
    };
    let section = match target {
        Target::Existing(i) => Some(i),
        Target::Create { .. } => None,
    };
    let style = layout::style(doc, section);
    let unit = update_stop(&given, status, stopped_at, &style.dash);
    let line = style.item(&format!("{body} {unit}"));
    let (edit, added) = write_line(doc, &target, &line, &style);
    (vec![edit], added)
}

/// After the status word: past `:`, `**:` or `:**`.
fn colon_end(text: &str, word_end: usize) -> usize {
    let rest = &text[word_end..];
    for p in ["**:", ":**", ":"] {
        if rest.starts_with(p) {
            return word_end + p.len();
        }
    }
    word_end
}

/// Comma-separated pieces outside brackets, trimmed: (start, end) offsets.
fn split_top(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let push = |out: &mut Vec<(usize, usize)>, s: usize, e: usize| {
        let piece = &text[s..e];
        let lead = piece.len() - piece.trim_start().len();
        let t = piece.trim();
        if !t.is_empty() {
            out.push((s + lead, s + lead + t.len()));
        }
    };
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                push(&mut out, start, i);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(&mut out, start, text.len());
    out
}

/// `stopped at <stop point>` in a piece: (phrase start, stop point range), read as the
/// parser reads it.
fn find_stop(piece: &str) -> Option<(usize, std::ops::Range<usize>)> {
    memento_core::internal::stop_point(piece).map(|(phrase, point)| (phrase, point.range()))
}

const SEPARATORS: [&str; 6] = ["—", "--", "–", "-", ",", ";"];

/// Writes, replaces or drops the stop point of one unit's text.
pub(crate) fn update_stop(piece: &str, status: Status, stopped_at: Option<&str>, dash: &str) -> String {
    let keeps = matches!(status, Status::InProgress | Status::Blocked | Status::Failed);
    match (find_stop(piece), stopped_at) {
        (Some((_, token)), Some(y)) => format!("{}{y}{}", &piece[..token.start], &piece[token.end..]),
        (None, Some(y)) => {
            let t = piece.trim_end();
            if t.ends_with(')') && t.contains('(') {
                format!("{}{dash}stopped at {y})", &t[..t.len() - 1])
            } else {
                format!("{t} (stopped at {y})")
            }
        }
        (Some((phrase, token)), None) if !keeps => {
            let mut left = piece[..phrase].trim_end();
            let mut right = &piece[token.end..];
            if left.ends_with('(') {
                right = right.trim_start();
                if let Some(sep) = SEPARATORS.iter().find(|s| right.starts_with(**s)) {
                    right = right[sep.len()..].trim_start();
                }
            } else if let Some(sep) = SEPARATORS.iter().find(|s| left.ends_with(**s)) {
                left = left[..left.len() - sep.len()].trim_end();
            }
            let mut out = left.to_owned();
            let glue = !(left.ends_with('(') || right.is_empty() || right.starts_with([')', ',', ';', ' ']));
            if glue {
                out.push(' ');
            }
            out.push_str(right);
            if let Some(i) = out.find("()") {
                let pre = out[..i].trim_end().len();
                out.replace_range(pre..i + 2, "");
            }
            out
        }
        _ => piece.to_owned(),
    }
}

/// One replacement turning `old` into `new` (their common prefix and suffix kept).
pub(crate) fn diff_edit(old: &str, new: &str) -> TextEdit {
    let mut p = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
    while !old.is_char_boundary(p) || !new.is_char_boundary(p) {
        p -= 1;
    }
    let max_s = old.len().min(new.len()) - p;
    let mut s = old.bytes().rev().zip(new.bytes().rev()).take(max_s).take_while(|(a, b)| a == b).count();
    while !old.is_char_boundary(old.len() - s) || !new.is_char_boundary(new.len() - s) {
        s -= 1;
    }
    TextEdit::replace(Span::new(p, old.len() - s), &new[p..new.len() - s])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_points_are_written_replaced_and_dropped() {
        let p = "orders/batch_3/ (files 092-??? — stopped at 094)";
        assert_eq!(update_stop(p, Status::InProgress, Some("120"), " — "), "orders/batch_3/ (files 092-??? — stopped at 120)");
        assert_eq!(update_stop(p, Status::InProgress, None, " — "), p);
        assert_eq!(update_stop(p, Status::Completed, None, " — "), "orders/batch_3/ (files 092-???)");
        assert_eq!(update_stop("a (stopped at 3)", Status::Completed, None, " — "), "a");
        assert_eq!(update_stop("a (stopped at 3 — files 1-9)", Status::Pending, None, " — "), "a (files 1-9)");
        assert_eq!(update_stop("a (files 1-9)", Status::InProgress, Some("4"), " -- "), "a (files 1-9 -- stopped at 4)");
        assert_eq!(update_stop("a", Status::Blocked, Some("4"), " — "), "a (stopped at 4)");
        assert_eq!(update_stop("a stopped at 4", Status::Skipped, None, " — "), "a");
        // Issue 11: a stop point of several words goes whole, never leaving a word behind.
        assert_eq!(update_stop("audit/registration (stopped at config change)", Status::Completed, None, " — "), "audit/registration");
        assert_eq!(update_stop("a (files 1-9 — stopped at rule 17)", Status::Completed, None, " — "), "a (files 1-9)");
        assert_eq!(update_stop("a (stopped at rule 17)", Status::InProgress, Some("rule 18"), " — "), "a (stopped at rule 18)");
    }

    #[test]
    fn diff_edits_keep_prefix_and_suffix() {
        let e = diff_edit("a—b—c", "a—x—c");
        assert_eq!((e.range, e.content.as_str()), (Span::new(4, 5), "x"));
        let e = diff_edit("aaa", "aaaa");
        assert_eq!(memento_core::diagnostic::splice("aaa", &[e]).unwrap(), "aaaa");
    }
}
