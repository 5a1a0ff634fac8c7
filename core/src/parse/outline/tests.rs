//! The outline read by stretches equals pulldown-cmark's outline of the whole text.

use super::*;
use proptest::prelude::*;

/// pulldown-cmark alone, over the whole text: the reference.
fn by_events(text: &str, base: usize) -> Outline {
    let mut out = Outline::default();
    events::walk(text, base, text.len(), &mut out);
    if !out.items.is_sorted_by_key(|i| i.span.start()) {
        out.items.sort_by_key(|i| i.span.start());
    }
    out
}

/// The line reader alone: `None` if some line is not plain.
fn by_lines(text: &str) -> Option<Outline> {
    let mut out = Outline::default();
    let mut lines = simple::Scanner::default();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let end = at + line.len();
        let read = match simple::heading_level(line.as_bytes()) {
            Some(level) => {
                lines.finish(text, &mut out);
                lines = simple::Scanner::default();
                simple::heading(text, level, at, end, &mut out)
            }
            None => lines.line(text, at, end, &mut out),
        };
        if !read {
            return None;
        }
        at = end;
    }
    lines.finish(text, &mut out);
    Some(out)
}

fn assert_same(text: &str) {
    let base = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    assert_eq!(outline(text, base, &LineIndex::new(text)), by_events(text, base), "text: {text:?}");
}

/// Plain memory files: read by lines alone, as pulldown-cmark reads them.
#[test]
fn plain_texts_are_read_by_lines() {
    let plain = [
        include_str!("../../../tests/fixtures/checkpoint-log.md"),
        "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — DO NOT modify `config/auth.yaml`\n",
        "# Title\n_desc_\n\npara one\nline two  \n\n- a\nlazy\n- b\n\n\n* c\n+ d\n\nafter\n",
        "# T\r\n\r\n- [x] done\r\n- [ ] todo\r\n\r\npara\r\n",
        "## `code` *em* **strong** [link](x) <b>x</b> \\# x\n- *em* item\n- `a` b\n- 2026-04-22 note\n- ✅ ok\n",
        "no heading first\n# A\n#tag not a heading\n####### seven\n",
        "- item at the end without newline",
        "para at the end",
    ];
    for text in plain {
        let lines = by_lines(text).unwrap_or_else(|| panic!("not plain: {text:?}"));
        assert_eq!(lines, by_events(text, 0), "text: {text:?}");
        assert_same(text);
    }
}

/// Lines the line reader must leave to pulldown-cmark, and what the stretches then give.
#[test]
fn other_blocks_go_to_pulldown() {
    let cases = [
        "# A\n```\n# not a heading\n```\n# B\n",
        "# A\n```\n# not a heading\n# still not\n",
        "# A\n~~~\n# x\n~~~~\n- a\n# B\n- b\n",
        "# A\n<div>\n# inside html\n</div>\n\n# B\n",
        "# A\n<!--\n# inside a comment\n-->\n# B\n",
        "<!--\n# x\n# y\n# z\n-->\n# real\n- item\n",
        "# A\n> quote\n# B\n",
        "# A\n> ```\n# B\n",
        "# A\n- a\n  ```\n# B\n- b\n",
        "# A\n- a\n  - nested\n    - deeper\n- b\n# B\n",
        "# A\n1. one\n2. two\n# B\n",
        "# A\npara\n2. not a list\n# B\n",
        "# A\nTitle\n=====\n# B\nsub\n---\n",
        "# A\n- a\n---\n# B\n",
        "# A\n***\n___\n* * *\n- - -\n",
        "    indented code\n# A\n",
        "---\ntitle: x\n# yaml comment\n---\n# Body\n- a\n",
        "---\n# not closed\n",
        // After front matter, a `---` line, text and a later `---` are no second metadata
        // block (pulldown-cmark would take one, across the heading between).
        "---\nk: v\n---\n- a\n* \n---\ntext\n## Inside\nmore\n---   \n- b\n",
        "---\nk: v\n---\npara\n\n---\nStatus: done\n---\n# B\n",
        "# A\n[ref]: /url\npara\n# B\n",
        "# A\n- [ref]: /url\nlazy\n",
        "# A #\n#\n# \n#\tTab\n## closing ##\n",
        "# A\n-\n- \n-  two spaces\n-\ttab\n",
        "# A\ntext\r\nlone\rcr\n# B\n",
        "# A\n\ttab\n  two\n",
        "\u{FEFF}# BOM\n- a\n",
    ];
    for text in cases {
        assert_same(text);
    }
}

/// Front matter opens the text only: a later `---` block keeps its headings and lines.
#[test]
fn a_later_dashed_block_is_no_front_matter() {
    let text = "---\nk: v\n---\n- a\n\n---\ntext\n## Inside\nmore\n---\n";
    let out = outline(text, 0, &LineIndex::new(text));
    assert_eq!(out.front_matter.map(|f| &text[f.range()]), Some("---\nk: v\n---"));
    assert!(out.headings.iter().any(|h| &text[h.title.range()] == "Inside"), "{:?}", out.headings);
}

/// A fenced block full of `# comments` is reread a bounded number of times.
#[test]
fn open_fences_are_reread_geometrically() {
    let mut text = String::from("# Setup\n```sh\n");
    for i in 0..2000 {
        text.push_str(&format!("# step {i}\nrun {i}\n"));
    }
    text.push_str("```\n# After\n- item\n");
    assert_same(&text);
    let out = outline(&text, 0, &LineIndex::new(&text));
    assert_eq!(out.headings.len(), 2);
}

#[test]
fn corpus_files_agree() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if let Ok(text) = std::fs::read_to_string(entry.path()) {
            assert_same(&text);
            seen += 1;
        }
    }
    assert!(seen > 50, "corpus files read: {seen}");
}

/// Fragments that open, close and interrupt blocks.
const FRAGMENTS: &[&str] = &[
    "\n", "\n", "\n", "\r\n", "\r", "# ", "## ", "#", "- ", "- ", "* ", "+ ", "1. ", "2) ", " ", "  ", "    ", "\t",
    "> ", "```", "~~~", "<div>", "</div>", "<!--", "-->", "<pre>", "---", "***", "___", "===", "- [x] ", "- [ ] ", "**",
    "*", "_", "`", "[", "]", "[a]: /u", "(", ")", "text", "word", "é", "✅", "2026-04-22T07:12Z — ", "\\", "|", "&amp;",
    "#tag", "\u{0}", "\u{a0}", "\u{feff}",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..60).prop_map(|parts| parts.concat())
}

/// 4,000 cases a run unless `PROPTEST_CASES` says otherwise.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(4000)
}

/// Lines that are mostly plain (what the line reader takes), now and then a trap.
fn mostly_plain() -> impl Strategy<Value = String> {
    let opener = prop::sample::select(&[
        "", "", "", "- ", "- ", "- ", "* ", "+ ", "# ", "## ", "### ", "- [x] ", "- [ ] ", "_", "*", "`", "2026-04-22 ",
        "- 2026-04-22T07:12Z — ", "  ", "    ", "> ", "```", "1. ", "---", "===", "<div>", "\\", "#tag ", "- `",
    ][..]);
    let word = prop::sample::select(&["word", "text", "é", "✅", "*em*", "`c`", "_", "[l](u)", " ", "  ", "\t", "#", "\\"][..]);
    let line = (opener, prop::collection::vec(word, 0..6), prop::sample::select(&["\n", "\n", "\r\n", "  \n"][..]))
        .prop_map(|(o, w, end)| format!("{o}{}{end}", w.concat()));
    prop::collection::vec(line, 0..40).prop_map(|lines| lines.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fragment_soup_agrees(text in soup()) {
        assert_same(&text);
    }

    #[test]
    fn mostly_plain_lines_agree(text in mostly_plain()) {
        assert_same(&text);
    }

    #[test]
    fn headed_soup_agrees(parts in prop::collection::vec(soup(), 1..6)) {
        // Stretches: headings between soups, so that cuts are tried and refused.
        let text = parts.join("\n# H\n");
        assert_same(&text);
    }
}

/// The front matter read by hand is where pulldown-cmark, told to read metadata blocks, sees
/// one open the text.
#[test]
fn front_matter_is_where_pulldown_reads_a_metadata_block() {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let by_pulldown = |text: &str| match Parser::new_ext(text, Options::ENABLE_YAML_STYLE_METADATA_BLOCKS).into_offset_iter().next() {
        Some((Event::Start(Tag::MetadataBlock(_)), range)) if range.start == 0 => Some(range),
        _ => None,
    };
    let cases = [
        "---\nk: v\n---\n# A\n", "---\nk: v\n...\n", "---  \nk: v\n---   \nx\n", "---\n\nk: v\n---\n", "---\n---\n",
        "----\nk: v\n----\n", "---\nk: v\n ---\n---\n", "---\nk: v\n----\n---\n", "---\nk: v\n", "---", "---\n",
        "--- x\nk: v\n---\n", "---\r\nk: v\r\n---\r\nbody\r\n", "---\nk: v\n--- x\n...\n", "---\n\t\nk\n---\n",
        "---\nk: v\n---", "---\n- a\n- b\n---\n", "---\n# not a heading\n---\n", "---\nk\n.. .\n...  \n",
    ];
    for text in cases {
        assert_eq!(events::front_matter(text), by_pulldown(text), "{text:?}");
    }
}

proptest! {
    #[test]
    fn front_matter_agrees_with_pulldown(lines in proptest::collection::vec("(---|\\.\\.\\.|----| ---|--- |k: v|\t|)", 1..7)) {
        use pulldown_cmark::{Event, Options, Parser, Tag};
        let text = format!("---\n{}", lines.join("\n"));
        let want = match Parser::new_ext(&text, Options::ENABLE_YAML_STYLE_METADATA_BLOCKS).into_offset_iter().next() {
            Some((Event::Start(Tag::MetadataBlock(_)), range)) if range.start == 0 => Some(range),
            _ => None,
        };
        prop_assert_eq!(events::front_matter(&text), want);
    }
}
