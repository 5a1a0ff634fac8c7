//! The self-contained read-only HTML export of a file (README.md, "Export HTML"): one page with its facts,
//! where the run stands, its units, decisions, discoveries and findings, and its source. It
//! carries no script and loads nothing; every text of the file is escaped.

use crate::model::LoadedFile;
use std::fmt::Write;

/// The page, as a string to save as `<name>.html`; `source` is the file's text as the page
/// shows it (secrets masked).
pub fn html(file: &LoadedFile, source: &str) -> String {
    let s = &file.summary;
    let mut out = String::with_capacity(source.len() * 2 + 4096);
    let name = escape(&file.name);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>{name} — Memento</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>{name}</h1>\n<p class=\"muted\">Exported from Memento, read-only.</p>\n"
    );
    // The card's own overview: the verdict, where the run stands, the pictures, the facts.
    out.push_str(&crate::overview::verdict(file));
    out.push_str(&crate::overview::body(file));
    list(&mut out, "Progress", s.units.iter().map(|u| {
        let range = u.range.as_ref().map(|r| format!(" ({r})")).unwrap_or_default();
        (format!("{} {}{}", u.status, u.unit, range), u.line)
    }));
    list(&mut out, "Conflicts", s.conflicts.iter().map(|(m, line)| (m.clone(), *line)));
    list(&mut out, "Decisions", s.decisions.iter().map(|d| {
        let by = d.superseded_by.as_ref().map(|b| format!(" (superseded by {b})")).unwrap_or_default();
        (format!("{} {}{}", d.id, d.text, by), d.line)
    }));
    list(&mut out, "Discoveries", s.discoveries.iter().cloned());
    list(&mut out, "Changes since loaded", file.changes.iter().map(|d| (format!("{} {}: {}", d.severity, d.rule, d.message), d.line)));
    list(&mut out, "Check", s.diagnostics.iter().map(|d| (format!("{} {}: {}", d.severity, d.rule, d.message), d.line)));
    let _ = writeln!(out, "<h2>Source</h2>\n<pre>{}</pre>\n</body>\n</html>", escape(source));
    out
}

fn list(out: &mut String, title: &str, rows: impl Iterator<Item = (String, u32)>) {
    let mut rows = rows.peekable();
    if rows.peek().is_none() {
        return;
    }
    let _ = writeln!(out, "<h2>{title}</h2>\n<ul>");
    for (text, line) in rows {
        let _ = writeln!(out, "<li>{} <span class=\"muted\">line {line}</span></li>", escape(&text));
    }
    out.push_str("</ul>\n");
}

/// Text made safe for HTML element content and quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1.5rem;line-height:1.45}\
.muted{color:#6b7280;font-size:.85em}.card{padding:.5rem .75rem;border-left:4px solid #2f6fdb;background:rgba(127,127,127,.08)}\
dl{display:flex;flex-wrap:wrap;gap:.5rem 2rem}dt{font-size:.75rem;text-transform:uppercase;color:#6b7280}dd{margin:0;font-weight:600}\
h2{font-size:.9rem;text-transform:uppercase;color:#6b7280;margin-top:1.5rem}\
pre{white-space:pre-wrap;overflow-wrap:anywhere;border-top:1px solid rgba(127,127,127,.3);padding-top:.75rem;font-size:.85rem}\
.stack{display:flex;height:.9rem;border-radius:.45rem;overflow:hidden;background:#c9ccd3}.seg[data-part=done]{background:#2e8540}\
.seg[data-part=\"in progress\"]{background:#2f6fdb}.seg[data-part=blocked]{background:#c62828}.legend{color:#6b7280;font-size:.85em}\
svg{display:block;width:100%}.lane{fill:rgba(127,127,127,.08)}.mark{fill:#6b7280}.mark[data-kind=decision]{fill:#7b3fc4}\
.mark[data-kind=progress]{fill:#2f6fdb}.mark[data-kind=discovery]{fill:#0f7b7b}.mark[data-kind=session]{fill:#b35c00}\
.axis{display:flex;justify-content:space-between;flex-wrap:wrap;color:#6b7280;font-size:.8em}";
