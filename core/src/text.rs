//! Small text helpers the readers and writers share: one line of a note, a next action or a
//! prompt line; the file name of a path; the one progress figure a text states; words
//! struck through; a name without the markup around it.

/// One line of text: line breaks of every kind folded into spaces, runs of whitespace kept
/// as written inside a line, the ends trimmed. A multi-line note never becomes several lines
/// (and so never a heading); a prompt line stays one line.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}', '\u{b}', '\u{c}']) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

/// The file name of a path, `/` or `\\` separated (`memory-bank/activeContext.md` →
/// `activeContext.md`): memory folders come from Unix and Windows alike.
pub(crate) fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The one plain percentage `text` holds (`95% Complete`, `60 %`), with where its digits
/// start and where its `%` ends: `None` when it holds none, or more than one (which of them is
/// meant is not clear), or a figure that is no plain whole percentage (`95.5%`, `1,000%`,
/// `150%`).
pub(crate) fn lone_percentage(text: &str) -> Option<(u32, std::ops::Range<usize>)> {
    let b = text.as_bytes();
    let mut found = None;
    for (at, _) in text.match_indices('%') {
        let digits_end = text[..at].trim_end().len();
        let digits = b[..digits_end].iter().rev().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 3 || b[..digits_end - digits].last().is_some_and(|&c| c == b'.' || c == b',') {
            return None;
        }
        if found.is_some() {
            return None;
        }
        let start = digits_end - digits;
        let figure = text[start..digits_end].parse::<u32>().ok().filter(|&p| p <= 100)?;
        found = Some((figure, start..at + 1));
    }
    found
}

/// `text` without the whitespace and the emphasis or code marks around it (`**Parser**`,
/// `` `src/main.rs` ``, `_**Note**_`), and without a stray mark at an end that opens or
/// closes nothing inside (`Parser**`); a mark that closes a span opened inside stays (`Run
/// `pnpm test``, `Fix **auth**`).
pub(crate) fn unwrapped(text: &str) -> &str {
    const MARKS: [char; 3] = ['*', '_', '`'];
    let run = |t: &str, c: char| t.len() - t.trim_start_matches(c).len();
    let mut t = text.trim();
    // Wrapped whole: the first mark's run closes at the very end, and nowhere before.
    while let Some(c) = t.chars().next().filter(|c| MARKS.contains(c)) {
        let open = &t[..run(t, c)];
        let inner = &t[open.len()..];
        match inner.find(open) {
            Some(at) if at > 0 && at + open.len() == inner.len() => t = inner[..at].trim(),
            _ => break,
        }
    }
    // Stray marks at the start or the end.
    if let Some(c) = t.chars().next().filter(|c| MARKS.contains(c)) {
        let rest = &t[run(t, c)..];
        if !rest.contains(c) {
            t = rest.trim_start();
        }
    }
    if let Some(c) = t.chars().next_back().filter(|c| MARKS.contains(c)) {
        let rest = t.trim_end_matches(c);
        if !rest.contains(c) {
            t = rest.trim_end();
        }
    }
    t
}

/// The words of `text` when it is struck through whole (`~~Add caching~~`, with bold around
/// it, `**~~Dark mode~~**`, or a full stop after it): their range in `text`.
pub(crate) fn struck_through(text: &str) -> Option<std::ops::Range<usize>> {
    let text = text.trim_end_matches(|c: char| c == '.' || c.is_whitespace());
    let (bold, inner) = match text.strip_prefix("**").and_then(|t| t.strip_suffix("**")) {
        Some(inner) => (2, inner),
        None => (0, text),
    };
    let words = inner.strip_prefix("~~")?.strip_suffix("~~")?;
    (!words.trim().is_empty() && !words.contains("~~")).then(|| bold + 2..bold + 2 + words.len())
}


/// Whether a character is of a script written without spaces between words, or with its
/// particles joined to them (kana, CJK ideographs, Hangul): `検索機能を実装する`, `실행을`.
/// A name in such a script is found by its characters, not as a whole word.
pub(crate) fn joins_words(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}' | '\u{f900}'..='\u{faff}')
}

/// `text` without the full stop that closes it as a sentence (`orders API.`, `検索機能。`): a
/// unit's name is not a sentence. An ellipsis (`Reports...`) is no full stop and stays.
pub(crate) fn without_full_stop(text: &str) -> &str {
    let t = text.trim_end();
    match t.strip_suffix(['.', '。']) {
        Some(rest) if !rest.ends_with('.') => rest.trim_end(),
        _ => t,
    }
}

/// The sentences of a paragraph, as byte ranges without their closing mark: a sentence ends
/// at a line break, or at `.`, `!` or `?` before a space (past closing emphasis: `**BLOCKED.**
/// Waiting on…`), and at `。`, `！` or `？` anywhere. `v1.2` and `e.g.x` hold no break: a
/// full stop ends a sentence only before a space.
pub(crate) fn sentences(paragraph: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut start = 0;
    let mut chars = paragraph.char_indices();
    std::iter::from_fn(move || {
        while let Some((at, c)) = chars.next() {
            // The emphasis a stop closes (`**BLOCKED.**`) ends with its sentence.
            let mut closing = 0;
            let ends = match c {
                '\n' | '。' | '！' | '？' => true,
                '.' | '!' | '?' => {
                    let after = &paragraph[at + 1..];
                    let rest = after.trim_start_matches(['*', '_']);
                    closing = after.len() - rest.len();
                    rest.is_empty() || rest.starts_with([' ', '\n'])
                }
                _ => false,
            };
            if ends {
                let range = start..at;
                start = at + c.len_utf8() + closing;
                for _ in 0..closing {
                    chars.next();
                }
                return Some(range);
            }
        }
        (start < paragraph.len()).then(|| {
            let range = start..paragraph.len();
            start = paragraph.len();
            range
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{lone_percentage, one_line, sentences, struck_through, unwrapped};

    #[test]
    fn one_plain_percentage() {
        assert_eq!(lone_percentage("**Overall Progress**: **95% Complete**"), Some((95, 24..27)));
        assert_eq!(lone_percentage("60 %"), Some((60, 0..4)));
        assert_eq!(lone_percentage("Frontend 100%, backend 80%"), None);
        assert_eq!(lone_percentage("95.5% done"), None);
        assert_eq!(lone_percentage("150%"), None);
        assert_eq!(lone_percentage("no figure"), None);
    }

    #[test]
    fn folds_every_line_break() {
        assert_eq!(one_line("a\n  b\r\n\nc "), "a b c");
        assert_eq!(one_line("a\rb\u{2028}c\u{85}d"), "a b c d");
        assert_eq!(one_line("  keep  inner   space "), "keep  inner   space");
        assert_eq!(one_line("\n\n"), "");
    }


    #[test]
    fn unwrapped_keeps_the_marks_of_inner_spans() {
        assert_eq!(unwrapped(" **Parser** "), "Parser");
        assert_eq!(unwrapped("Run `pnpm test billing`"), "Run `pnpm test billing`");
        assert_eq!(unwrapped("Fix **auth**"), "Fix **auth**");
        assert_eq!(unwrapped("`src/main.rs`"), "src/main.rs");
        assert_eq!(unwrapped("**Open PR against `main`**"), "Open PR against `main`");
        assert_eq!(unwrapped("**"), "");
        assert_eq!(unwrapped("_ナビ_"), "ナビ");
        assert_eq!(unwrapped("_**Note**_"), "Note");
        assert_eq!(unwrapped("Parser**"), "Parser");
        assert_eq!(unwrapped("`a` and `b`"), "`a` and `b`");
    }

    #[test]
    fn struck_through_whole_only() {
        assert_eq!(struck_through("~~Add caching~~"), Some(2..13));
        assert_eq!(struck_through("**~~Dark mode~~**"), Some(4..13));
        assert_eq!(struck_through("~~Wire the webhook~~."), Some(2..18));
        assert_eq!(struck_through("~~Old~~ → new"), None);
        assert_eq!(struck_through("~~a~~ and ~~b~~"), None);
        assert_eq!(struck_through("~~~~"), None);
        assert_eq!(struck_through("**設定管理の拡張:** (変更なし)"), None);
    }

    #[test]
    fn a_stop_closing_emphasis_ends_its_sentence() {
        let text = "**BLOCKED.** Waiting on boards. Then flash.";
        let found: Vec<&str> = sentences(text).map(|r| &text[r]).collect();
        assert_eq!(found, ["**BLOCKED", " Waiting on boards", " Then flash"]);
    }

    #[test]
    fn sentences_end_at_a_stop_before_a_space() {
        let of = |p: &'static str| sentences(p).map(|r| &p[r]).collect::<Vec<_>>();
        assert_eq!(of("Finished v1.2. Started on the exporter!"), ["Finished v1.2", " Started on the exporter"]);
        assert_eq!(of("One line\nanother."), ["One line", "another"]);
        assert_eq!(of("決済連携を実装中です。口座振替は完了"), ["決済連携を実装中です", "口座振替は完了"]);
        assert_eq!(of("see e.g.x"), ["see e.g.x"]);
        assert!(of("").is_empty());
    }
}
