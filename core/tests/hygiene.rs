//! The rules about the text itself rather than the run it records (docs/rules.md): hidden
//! characters, template text never filled in, bold never closed, sections left empty,
//! personal data. Each in several languages and shapes, firing and quiet.

use memento_core::{check, parse, splice, CheckOptions, Diagnostic, Rule};

fn findings(text: &str, rule: Rule) -> Vec<Diagnostic> {
    check(&parse(text), &CheckOptions::default()).into_iter().filter(|d| d.rule == rule).collect()
}

/// (line, message) of each finding of `rule`.
fn lines(text: &str, rule: Rule) -> Vec<u32> {
    findings(text, rule).iter().map(|d| d.line).collect()
}

#[test]
fn invisible_characters_are_named_by_code_point_one_finding_a_line() {
    let text = "# 進捗\n\n- base\u{8}: './'\n- config\u{200b}ファイル と \u{202e}txt.exe\u{202c} と \u{7f}\n\n```sh\necho \u{1b}[31mred\n```\nmitten\u{feff}drin \u{85}\n";
    let ds = findings(text, Rule::InvisibleCharacter);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [3, 4, 7, 9], "{ds:#?}");
    assert_eq!(ds[0].message, "invisible character U+0008 BACKSPACE");
    assert_eq!(ds[1].message, "4 invisible characters: U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE, U+202C POP DIRECTIONAL FORMATTING and 1 more");
    // Code is included: an escape code pasted from a terminal.
    assert!(ds[2].message.contains("U+001B ESCAPE"), "{}", ds[2].message);
    assert!(ds[3].message.contains("U+FEFF ZERO WIDTH NO-BREAK SPACE") && ds[3].message.contains("U+0085 C1 CONTROL"), "{}", ds[3].message);
    // The column is the first hidden character's.
    assert_eq!(ds[0].column, 7);
    // The fixes delete them all, and nothing else.
    let edits: Vec<_> = ds.iter().flat_map(|d| d.fix.clone().unwrap()).collect();
    let fixed = splice(text, &edits).unwrap();
    assert_eq!(fixed, "# 進捗\n\n- base: './'\n- configファイル と txt.exe と \n\n```sh\necho [31mred\n```\nmittendrin \n");
    assert!(findings(&fixed, Rule::InvisibleCharacter).is_empty());
}

#[test]
fn joiners_inside_scripts_and_emoji_are_not_hidden_text() {
    // Persian writes a zero-width non-joiner inside words, Thai a zero-width space between
    // words; emoji sequences join with U+200D;
    // a byte order mark opens the file. Tabs, CRLF line ends.
    let quiet = "\u{feff}# یادداشت\r\n\r\n- می\u{200c}خواهم\r\n- ❤\u{fe0f}\u{200d}🔥 done\t✅\r\n- 👩\u{200d}💻 coder\r\n- ภาษา\u{200b}ไทย\r\n";
    assert!(findings(quiet, Rule::InvisibleCharacter).is_empty());
    // Between ASCII letters the same joiner is hidden text.
    assert_eq!(lines("- pass\u{200d}word\n", Rule::InvisibleCharacter), [1]);
}
