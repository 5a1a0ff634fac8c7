//! What the source view draws apart from the text around it: possible secrets, masked until
//! the reader asks to see them (docs/secrets.md), and characters a reader would not see
//! (bidi overrides, zero-width characters), named by their code point. The core decides
//! what each is: secrets are its detector's finds (`Document::secrets`), invisible
//! characters the ranges the invisible-character rule's fix deletes (docs/rules.md).

use memento_core::secret::SecretMatch;
use memento_core::Rule;

/// A stretch of the source drawn apart; its byte range in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Hidden {
    pub start: usize,
    pub end: usize,
    pub what: What,
}

#[derive(Clone, Debug, PartialEq)]
pub enum What {
    /// A possible secret: what it is (`GitHub token`) and its masked form (`ghp_…(redacted)`).
    Secret { kind: &'static str, masked: String },
    /// A character nobody sees, by code point.
    Invisible(u32),
}

/// A piece of one line of the source as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'t> {
    Text(&'t str),
    /// A secret: its masked form, or the text itself once revealed.
    Secret { shown: &'t str, revealed: bool },
    /// An invisible character, and its code point.
    Invisible(&'t str, u32),
}

/// The stretches of `doc`'s source to draw apart, in order.
pub fn of(doc: &memento_core::Document, diagnostics: &[memento_core::Diagnostic]) -> Vec<Hidden> {
    let source = doc.source();
    let secrets = doc.secrets().found().iter().map(|m: &SecretMatch| Hidden {
        start: m.range.start(),
        end: m.range.end(),
        what: What::Secret { kind: m.kind.label(), masked: m.redacted(source) },
    });
    let invisible = diagnostics
        .iter()
        .filter(|d| d.rule == Rule::InvisibleCharacter)
        .flat_map(|d| d.fix.iter().flatten())
        .filter_map(|edit| {
            let c = source.get(edit.range.range())?.chars().next()?;
            Some(Hidden { start: edit.range.start(), end: edit.range.end(), what: What::Invisible(c as u32) })
        });
    let mut all: Vec<Hidden> = secrets.chain(invisible).collect();
    // Secrets come in order, and so do the rule's findings: merged by hand, not by a sort
    // (a new instantiation of the standard sort costs the dashboard kilobytes).
    let mut at = 1;
    while at < all.len() {
        let mut i = at;
        while i > 0 && all[i].start < all[i - 1].start {
            all.swap(i, i - 1);
            i -= 1;
        }
        at += 1;
    }
    all
}

/// The line of the source that starts at byte `at`, in pieces: its secrets (masked unless
/// `reveal`) and invisible characters apart. A secret that spans lines (a private key block)
/// is drawn on each of its lines; masked, its first line shows its masked form and the rest
/// nothing.
pub fn pieces<'t>(line: &'t str, at: usize, hidden: &'t [Hidden], reveal: bool) -> Vec<Piece<'t>> {
    let end = at + line.len();
    // A stretch that runs on past the line stops before its line break.
    let content = at + line.trim_end_matches(['\n', '\r']).len();
    let first = hidden.partition_point(|h| h.end <= at);
    let mut out = Vec::new();
    let mut from = 0;
    for h in hidden[first..].iter().take_while(|h| h.start < end) {
        let stop = if h.end > content { content } else { h.end };
        let (start, stop) = (h.start.max(at) - at, stop - at);
        if start < from || start > stop || !line.is_char_boundary(start) || !line.is_char_boundary(stop) {
            continue; // overlaps the stretch before it
        }
        if from < start {
            out.push(Piece::Text(&line[from..start]));
        }
        out.push(match &h.what {
            What::Secret { .. } if reveal => Piece::Secret { shown: &line[start..stop], revealed: true },
            What::Secret { masked, .. } => Piece::Secret { shown: if h.start >= at { masked } else { "" }, revealed: false },
            What::Invisible(c) => Piece::Invisible(&line[start..stop], *c),
        });
        from = stop;
    }
    if from < line.len() {
        out.push(Piece::Text(&line[from..]));
    }
    out
}

/// The line as a recipient of a share link reads it: its secrets masked.
pub fn masked(line: &str, at: usize, hidden: &[Hidden]) -> String {
    pieces(line, at, hidden, false)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) | Piece::Invisible(t, _) => t,
            Piece::Secret { shown, .. } => shown,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";

    #[test]
    fn secrets_and_invisible_characters_are_found_by_the_core_and_drawn_apart() {
        let text = format!("# Notes\n\n- token {KEY} here\n- a\u{202E}b\u{200B}\n");
        let doc = memento_core::parse(text.as_str());
        let diagnostics = memento_core::check(&doc, &memento_core::CheckOptions::default());
        let hidden = of(&doc, &diagnostics);
        let whats: Vec<_> = hidden.iter().map(|h| &h.what).collect();
        assert_eq!(whats, [&What::Secret { kind: "GitHub token", masked: "ghp_…(redacted)".to_owned() }, &What::Invisible(0x202E), &What::Invisible(0x200B)]);

        let line = text.lines().nth(2).unwrap();
        let at = text.find(line).unwrap();
        assert_eq!(pieces(line, at, &hidden, false), [Piece::Text("- token "), Piece::Secret { shown: "ghp_…(redacted)", revealed: false }, Piece::Text(" here")]);
        assert_eq!(pieces(line, at, &hidden, true)[1], Piece::Secret { shown: KEY, revealed: true });
        assert_eq!(masked(line, at, &hidden), "- token ghp_…(redacted) here");

        let line = text.lines().nth(3).unwrap();
        let at = text.find(line).unwrap();
        assert_eq!(pieces(line, at, &hidden, false), [Piece::Text("- a"), Piece::Invisible("\u{202E}", 0x202E), Piece::Text("b"), Piece::Invisible("\u{200B}", 0x200B)]);
    }

    #[test]
    fn a_secret_over_several_lines_shows_its_masked_form_once() {
        let hidden = [Hidden { start: 2, end: 12, what: What::Secret { kind: "private key block", masked: "KEY…(redacted)".to_owned() } }];
        let text = "x\nBEGIN\nabcd\nz\n";
        let lines: Vec<(usize, &str)> = text.split_inclusive('\n').scan(0, |at, l| { let start = *at; *at += l.len(); Some((start, l)) }).collect();
        let drawn: Vec<String> = lines.iter().map(|&(at, l)| masked(l, at, &hidden)).collect();
        assert_eq!(drawn, ["x\n", "KEY…(redacted)\n", "\n", "z\n"]);
    }
}
