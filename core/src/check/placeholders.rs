//! unfilled-placeholder: template text that was never filled in (docs/rules.md
//! "unfilled-placeholder"). A fresh session reads it as written: `$(date …)` is no date.
//!
//! - A shell substitution, `$(date '+%Y-%m-%d')`, anywhere outside code: the file was
//!   written through a quoted heredoc or single quotes, and the command never ran.
//! - A template field where a value belongs: `{{name}}`, `${VAR}`, `YYYY-MM-DD` (`HH:MM`
//!   with it), `<commit-hash>` in a heading, at the start of a line, or as the value of a `Label:`.
//!   In a sentence they are more often a mention (`dates are written YYYY-MM-DD`, `run
//!   <script-name>`), and are left alone. An angle-bracket word is a placeholder when it is
//!   upper case, holds a dash, an underscore or a space, or is a word such as `date` or
//!   `hash`; an HTML tag or a generic (`Vec<u8>`) is not. Three words or more in angle
//!   brackets (`Voir <lien vers le runbook>.`), a version left as `vX.Y.Z` and a `{{FIELD}}`
//!   in capitals or in a link (`…/pull/{{pr}}`) stand for a value wherever they are.
//! - A bracketed note to fill in where a line's content goes: `- [TODO: list the pages]`.
//! - A section, or a field (`Architecture: TBD (awaiting review)`, `Hosting: TODO: invullen`),
//!   whose whole content is a word that stands for content to come: `TBD`, `[TODO]`, `por definir`, `未定`
//!   ([`crate::lexicon::TO_FILL`]). A section that says there is nothing (`N/A`, `なし`) is
//!   empty-section's.
//!
//! Fenced code, code spans, and sections titled as a template or an example (`## Entry
//! template`) are skipped: placeholders there are meant. One finding per line.

use super::Ctx;
use crate::packed::{packed_words, Words};
use crate::code::{in_code_span, Fences};
use crate::lexicon;
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::UnfilledPlaceholder) {
        return;
    }
    let doc = cx.doc;
    let text = doc.source();
    let b = text.as_bytes();
    let mut found: Vec<(Span, &'static str)> = Vec::new();
    for at in memchr::memchr3_iter(b'$', b'{', b'<', b) {
        if let Some(hit) = template_field_at(text, at) {
            found.push(hit);
        }
    }
    // `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`: a time placeholder comes with a date one.
    for at in memchr::memmem::find_iter(b, "YYYY") {
        let end = at + b[at..].iter().take_while(|&&c| b"YMDHhmsT:/.-".contains(&c)).count();
        let glued = at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        if !glued {
            found.push((Span::new(at, end), "a date"));
        }
    }
    // `Release tag: vX.Y.Z`: a version never filled in.
    for at in memchr::memmem::find_iter(b, "X.Y.Z") {
        let start = if at > 0 && b[at - 1] == b'v' { at - 1 } else { at };
        // Not a name in a path or a file name (`docs/releases/vX.Y.Z.md`).
        let glued = |i: Option<&u8>| i.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'/' | b'-'));
        let extension = b.get(at + 5) == Some(&b'.') && b.get(at + 6).is_some_and(u8::is_ascii_alphanumeric);
        if !glued(start.checked_sub(1).and_then(|i| b.get(i))) && !glued(b.get(at + 5)) && !extension {
            found.push((Span::new(start, at + 5), "a version"));
        }
    }
    for mark in ["TBD", "TODO"] {
        for at in memchr::memmem::find_iter(b, mark) {
            if let Some(hit) = field_to_fill(text, at, mark.len()) {
                found.push(hit);
            }
        }
    }
    // `[TODO: list the pages that render user HTML]`, `[NOMBRE DEL PAC]`: a note or a name
    // to fill in where a line's content goes (the slot is checked when reported).
    for at in memchr::memchr_iter(b'[', b) {
        if let Some(hit) = bracketed_at(text, at) {
            found.push(hit);
        }
    }
    for at in memchr::memmem::find_iter(b, "this commit") {
        if let Some(hit) = commit_to_fill(text, at) {
            found.push(hit);
        }
    }
    if !found.is_empty() {
        crate::sort::sort_by_key(&mut found, |(s, _)| [s.start() as u64, 0, 0]);
        let fences = Fences::of(doc);
        for (span, what) in found {
            report(cx, &fences, span, what);
        }
    }
    sections_to_fill(cx);
}

fn report(cx: &mut Ctx, fences: &Fences, span: Span, what: &str) {
    let doc = cx.doc;
    let text = doc.source();
    let line_start = crate::span::line_start(text, span.start());
    let line = &text[line_start..crate::span::line_content_end(text, line_start)];
    let at = span.start() - line_start;
    let anywhere = matches!(what, "a shell substitution" | "a value" | "a commit hash" | "a version");
    if fences.holds(span.start()) || in_code_span(line, at) || (!anywhere && !in_a_slot(line, at)) || in_template(cx, span.start()) {
        return;
    }
    let n = cx.line(span.start());
    if cx.out.last().is_some_and(|d| d.rule == Rule::UnfilledPlaceholder && d.line == n) {
        return;
    }
    let shown = cx.quote(doc.text(span), 60);
    let message = format!("{what} never filled in: `{shown}`");
    let d = cx
        .diag(Rule::UnfilledPlaceholder, span, message)
        .with_help("write what it stands for (the date, the hash, the name, the decision), or remove it: a fresh session reads it as written");
    cx.push(d);
}

/// `$(cmd …)`, `${VAR}`, `{{name}}` or `<placeholder>` starting at `at`.
fn template_field_at(text: &str, at: usize) -> Option<(Span, &'static str)> {
    let b = text.as_bytes();
    let word = |from: usize, extra: &[u8]| b[from.min(b.len())..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || extra.contains(&c)).count();
    match (b[at], b.get(at + 1)) {
        (b'$', Some(b'(')) => {
            let name = word(at + 2, b"_-");
            let first_lower = b.get(at + 2).is_some_and(u8::is_ascii_lowercase);
            let close = memchr::memchr2(b')', b'\n', &b[at..]).filter(|&k| b[at + k] == b')')?;
            (first_lower && name >= 2 && matches!(b.get(at + 2 + name), Some(b' ' | b')'))).then(|| (Span::new(at, at + close + 1), "a shell substitution"))
        }
        (b'$', Some(b'{')) => {
            let name = word(at + 2, b"_");
            let first = b.get(at + 2).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            (first && b.get(at + 2 + name) == Some(&b'}')).then(|| (Span::new(at, at + 3 + name), "a template variable"))
        }
        (b'{', Some(b'{')) => {
            let inner = word(at + 2, b"_. -");
            let name = text[at + 2..at + 2 + inner].trim();
            let ok = text[at + 2 + inner..].starts_with("}}") && name.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'.');
            // In a link or a path (`…/pull/{{PR_NUMBER}}`), or in capitals, it stands for a
            // value wherever it is; `the header shows {{ count }} items` mentions one.
            let value = at > 0 && matches!(b[at - 1], b'/' | b'=' | b'#') || name.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_');
            ok.then(|| (Span::new(at, at + 4 + inner), if value { "a value" } else { "a template field" }))
        }
        (b'<', Some(_)) => {
            if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
                return None;
            }
            let inner = word(at + 1, b"_ -");
            let words = &text[at + 1..at + 1 + inner];
            // Three words or more (`<link to the runbook>`) stand for a value wherever they are.
            let what = if words.split_whitespace().count() >= 3 { "a value" } else { "a placeholder" };
            (b.get(at + 1 + inner) == Some(&b'>') && placeholder_word(words)).then(|| (Span::new(at, at + 2 + inner), what))
        }
        _ => None,
    }
}

/// A bracketed note to fill in starting at `at`: `[TODO: …]` or `[TBD …]` with words after
/// the mark, or words in capitals standing for a value (`[NOMBRE DEL PAC]`, `[YOUR_NAME]`:
/// two words at least, no status such as `[IN PROGRESS]`, not a link's text).
fn bracketed_at(text: &str, at: usize) -> Option<(Span, &'static str)> {
    let b = text.as_bytes();
    if !b.get(at + 1).is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    let close = at + memchr::memchr2(b']', b'\n', &b[at..]).filter(|&k| b[at + k] == b']')?;
    let inner = &text[at + 1..close];
    let span = Span::new(at, close + 1);
    // `[TODO] Disable the subscription` is a step's status, not a note.
    if ["TODO:", "TODO ", "TBD:", "TBD "].iter().any(|m| inner.starts_with(m)) {
        return Some((span, "a note to fill in"));
    }
    let capitals = inner.chars().all(|c| c.is_uppercase() || matches!(c, ' ' | '_' | '-')) && inner.contains([' ', '_']);
    let link = matches!(b.get(close + 1), Some(b'(' | b'['));
    (capitals && !link && lexicon::status_of(inner).is_none()).then_some((span, "a placeholder"))
}

/// HTML elements written in markdown; anything else in angle brackets is no tag.
const HTML_TAGS: &[&str] = &[
    "a", "abbr", "b", "br", "code", "del", "details", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img",
    "ins", "kbd", "li", "mark", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup", "table",
    "tbody", "td", "th", "thead", "tr", "u", "ul", "head", "body", "html", "title", "footer", "header", "main", "nav",
    "section", "article", "aside", "script", "style", "link", "meta", "button", "input", "form", "label", "select",
    "option", "textarea", "iframe", "video", "audio", "source", "picture", "center", "font", "dl", "dt", "dd", "q",
];
static HTML_TAG_WORDS: Words = packed_words!(HTML_TAGS);

/// Words that stand for a value when written alone in angle brackets: `<date>`, `<hash>`.
const PLACEHOLDER_WORDS: &str = "date|time|timestamp|hash|sha|commit|name|id|version|branch|path|\
    file|filename|url|description|task|project|user|email|number|value|todo|tbd";

/// Whether the inside of `<…>` is a placeholder: upper case, or words joined by a dash,
/// an underscore or a space, or one of [`PLACEHOLDER_WORDS`]; never an HTML tag.
fn placeholder_word(inner: &str) -> bool {
    let inner = inner.trim_end();
    if inner.is_empty() || !inner.as_bytes()[0].is_ascii_alphabetic() {
        return false;
    }
    let lower = crate::case::to_lower(inner);
    if HTML_TAG_WORDS.contains(&lower) {
        return false;
    }
    let upper = inner.bytes().all(|c| !c.is_ascii_lowercase()) && inner.len() >= 2;
    upper || inner.contains(['-', '_', ' ']) || crate::packed::is_any(&lower, PLACEHOLDER_WORDS)
}

/// Whether byte `at` of `line` is where a value goes: in a heading, at the start of the
/// line (after a list marker, a checkbox, a quote mark or markup), or right after a short
/// `Label:` that opens the line (not a label about a format or an example).
fn in_a_slot(line: &str, at: usize) -> bool {
    let t = line.trim_start();
    if t.starts_with('#') {
        return true;
    }
    let lead = line.len() - t.len();
    let before = &line[lead.min(at)..at];
    // A table cell that opens with it (`| Staging DB endpoint | <fill in> |`).
    if t.starts_with('|') && before.rsplit('|').next().is_some_and(|cell| cell.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_')).is_empty()) {
        return true;
    }
    let bare = before.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '+' | '>' | '_' | '[' | ']' | 'x' | '|'));
    let bare = bare.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches(['.', ')']).trim();
    if bare.is_empty() || bare.trim_matches(['*', '_', '[', '(']).is_empty() {
        return true;
    }
    let label = bare.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '['| '('));
    let Some(label) = label.strip_suffix(':').or_else(|| label.strip_suffix('：')) else { return false };
    let label = label.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_'));
    !label.is_empty() && label.split_whitespace().count() <= 5 && !lexicon::is_template_title(label) && !label.contains(':')
}

/// Whether `offset` lies in a section titled as a template or an example, or under one.
fn in_template(cx: &Ctx, offset: usize) -> bool {
    let doc = cx.doc;
    let mut at = doc.section_at(offset);
    while let Some(i) = at {
        let s = &doc.sections()[i];
        if lexicon::is_template_title(super::title_of(doc, s)) {
            return true;
        }
        at = s.parent;
    }
    false
}

/// A field whose whole value is `TBD` (a note in brackets may follow): `- Architecture: TBD
/// (awaiting team lead decision)`, or `TODO` with a word or two to fill it in (`Hosting:
/// TODO: invullen`). The span is the value.
fn field_to_fill(text: &str, at: usize, mark: usize) -> Option<(Span, &'static str)> {
    let line_start = crate::span::line_start(text, at);
    let end = crate::span::line_content_end(text, at);
    let before = text[line_start..at].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_'));
    let label = before.strip_suffix(':').or_else(|| before.strip_suffix('：'))?;
    let label = label.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '+' | '_'));
    let value = text[at..end].trim_end();
    let rest = value[mark..].trim_start_matches(['*', '_']).trim();
    // `Hosting: TODO: invullen`, `地址：TODO: 填写`: a word or two saying to fill it in.
    let fill_in = rest.strip_prefix([':', '：']).is_some_and(|r| r.split_whitespace().count() <= 2 && !r.contains(['.', '`']));
    // A bare `TODO` is a status (`Tests: TODO`); `TBD` is a value to come.
    let note_only = fill_in || mark == 3 && (rest.is_empty() || rest.starts_with('(') && rest.ends_with(')') || rest.starts_with('—') || rest.starts_with("- "));
    let ok = !label.is_empty() && label.split_whitespace().count() <= 5 && note_only && !text[at + mark..].starts_with(|c: char| c.is_alphanumeric());
    ok.then(|| (Span::new(at, at + value.len()), "a value"))
}

/// `(this commit)` where a commit's hash goes: the whole of a table cell (a Commit column
/// whose other rows hold hashes), or the value of a `Commit:` field. An agent writes it
/// before it commits, and the hash is never put back: the next session cannot find the
/// change. The span is the value, its brackets included.
fn commit_to_fill(text: &str, at: usize) -> Option<(Span, &'static str)> {
    let b = text.as_bytes();
    let line_start = crate::span::line_start(text, at);
    let end = crate::span::line_content_end(text, at);
    let wrap = |c: char| c.is_whitespace() || matches!(c, '(' | ')' | '*' | '_' | '`' | '[' | ']');
    // The value around `at`: from the cell's `|` or the field's `:` to the next `|` or the
    // line's end.
    let open = text[line_start..at].rfind(['|', ':']).map(|k| line_start + k)?;
    let close = text[at..end].find('|').map_or(end, |k| at + k);
    let value = &text[open + 1..close];
    if value.trim_matches(wrap) != "this commit" {
        return None;
    }
    let is_cell = b[open] == b'|' && close < end;
    let label = text[line_start..open].trim_matches(|c: char| wrap(c) || matches!(c, '-' | '+'));
    let is_field = b[open] == b':' && crate::case::to_lower(label).ends_with("commit");
    let trimmed = value.trim();
    let from = open + 1 + value.find(trimmed).unwrap_or(0);
    (is_cell || is_field).then(|| (Span::new(from, from + trimmed.len()), "a commit hash"))
}

/// Sections whose whole content is a word for content to come ([`lexicon::TO_FILL`]).
fn sections_to_fill(cx: &mut Ctx) {
    let doc = cx.doc;
    for (i, s) in doc.sections().iter().enumerate() {
        let own_end = doc.sections().get(i + 1).map_or(s.span.end(), |n| n.heading.start().min(s.span.end()));
        let start = s.description.map_or(s.body.start(), |d| d.end()).min(own_end);
        let content = doc.text(Span::new(start, own_end));
        if own_end < s.span.end() || !lexicon::holds_only(content, &lexicon::TO_FILL_PACKED) || in_template(cx, s.heading.start()) {
            continue;
        }
        let trimmed = content.trim();
        let at = start + content.find(trimmed).unwrap_or(0);
        let title = cx.quote(super::title_of(doc, s), 40);
        let d = cx
            .diag(Rule::UnfilledPlaceholder, Span::new(at, at + trimmed.len()), format!("section `{title}` was never filled in: it holds only `{}`", cx.quote(trimmed, 20)))
            .with_help("write what the section is for, or remove it: a fresh session reads it as written");
        cx.push(d);
    }
}
