//! Links between the files of a memory folder: `[[Target]]` (Basic Memory's relations and
//! wiki links, `[[Target|shown text]]` too) and `[text](topic.md)` (Claude Code's index
//! lines). Code (fenced blocks, backtick spans) is not read: a link shown as an example is
//! no link.

use crate::document::Document;
use crate::memory::{Link, LinkKind};
use crate::span::Span;

pub(crate) fn find(doc: &Document) -> Vec<Link> {
    let text = doc.source.as_str();
    let start = doc.agent.front_matter.as_ref().map_or(doc.bom, |f| f.span.end());
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut at = start;
    for line in text[start..].split_inclusive('\n') {
        let line_start = at;
        at += line.len();
        let content = line.trim();
        match fence {
            Some(mark) if content.starts_with(mark) => {
                fence = None;
                continue;
            }
            Some(_) => continue,
            None if content.starts_with("```") || content.starts_with("~~~") => {
                fence = Some(&content[..3]);
                continue;
            }
            None => {}
        }
        if line.contains("[[") {
            wiki(line, line_start, &mut out);
        }
        if line.contains("](") {
            files(line, line_start, &mut out);
        }
    }
    out
}

/// Whether byte `i` of `line` is inside a backtick code span.
fn in_code(line: &str, i: usize) -> bool {
    line.as_bytes()[..i].iter().filter(|&&b| b == b'`').count() % 2 == 1
}

fn wiki(line: &str, at: usize, out: &mut Vec<Link>) {
    let mut from = 0;
    while let Some(open) = line[from..].find("[[").map(|i| i + from) {
        let Some(len) = line[open + 2..].find("]]") else { break };
        let inner = &line[open + 2..open + 2 + len];
        from = open + 2 + len + 2;
        if in_code(line, open) || inner.contains('[') {
            continue;
        }
        // `[[Target|shown]]` and `[[Target#heading]]` name Target.
        let target = inner.split(['|', '#']).next().unwrap_or("").trim();
        if target.is_empty() {
            continue;
        }
        let t_start = at + open + 2 + (inner.len() - inner.trim_start().len());
        // A relation line: `- relation_type [[Target]]`.
        let before = line[..open].trim_start();
        let relation = before
            .strip_prefix("- ")
            .or_else(|| before.strip_prefix("* "))
            .map(str::trim)
            .filter(|r| !r.is_empty() && !r.contains(' ') && !r.starts_with('['))
            .map(|r| {
                let r_start = at + line[..open].rfind(r).unwrap_or(0);
                Span::new(r_start, r_start + r.len())
            });
        out.push(Link {
            span: Span::new(at + open, at + from),
            target: Span::new(t_start, t_start + target.len()),
            relation,
            kind: LinkKind::Wiki,
        });
    }
}

/// `[text](path.md)` where the path is relative (no scheme, no `#` alone).
fn files(line: &str, at: usize, out: &mut Vec<Link>) {
    let mut from = 0;
    while let Some(mid) = line[from..].find("](").map(|i| i + from) {
        from = mid + 2;
        let Some(close) = line[mid + 2..].find(')') else { break };
        let target = line[mid + 2..mid + 2 + close].trim();
        let Some(open) = line[..mid].rfind('[') else { continue };
        let path = target.split('#').next().unwrap_or("");
        let relative = !path.contains("://") && !path.starts_with('/') && !path.starts_with("mailto:");
        if in_code(line, open) || !relative || !path.to_ascii_lowercase().ends_with(".md") {
            continue;
        }
        let t_start = at + mid + 2 + line[mid + 2..].find(path).unwrap_or(0);
        out.push(Link {
            span: Span::new(at + open, at + mid + 2 + close + 1),
            target: Span::new(t_start, t_start + path.len()),
            relation: None,
            kind: LinkKind::File,
        });
        from = mid + 2 + close + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(line: &str) -> Vec<(String, Option<String>, LinkKind)> {
        let mut out = Vec::new();
        wiki(line, 0, &mut out);
        files(line, 0, &mut out);
        out.iter()
            .map(|l| (line[l.target.range()].to_owned(), l.relation.map(|r| line[r.range()].to_owned()), l.kind))
            .collect()
    }

    #[test]
    fn reads_relations_wiki_and_file_links() {
        assert_eq!(links("- implements [[Search Design]]"), [("Search Design".into(), Some("implements".into()), LinkKind::Wiki)]);
        assert_eq!(links("see [[Coffee|the coffee note]] and [[Tea#Brewing]]"), [
            ("Coffee".into(), None, LinkKind::Wiki),
            ("Tea".into(), None, LinkKind::Wiki),
        ]);
        assert_eq!(links("- [Debugging](debugging.md) — how to debug"), [("debugging.md".into(), None, LinkKind::File)]);
        assert!(links("- [site](https://x.org/a.md) and `[[code]]` and [[]]").is_empty());
    }
}
