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

#[test]
fn bold_never_closed_is_reported_where_it_opens() {
    // The label's bold runs into its value; the next line's bold pairs on its own line.
    let text = "# Progress\n\n**Last Updated**: 2026-01-19\n**Current Agent: N/A\n**Session Start**: 2026-01-19\n";
    let ds = findings(text, Rule::UnclosedEmphasis);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [4], "{ds:#?}");
    assert_eq!(ds[0].column, 1);
    assert!(ds[0].message.contains("**Current Agent: N/A"), "{}", ds[0].message);
    // A stray closer where a backtick was meant (an unclosed backtick is literal text).
    assert_eq!(lines("### 遇到的问题\n- **hardWarmStart** 应为 `hardWarmstartIteration**\n", Rule::UnclosedEmphasis), [2]);
    // French, German, Japanese: bold that opens and is never closed, in a list item.
    assert_eq!(lines("- **Statut : en cours\n- **Nächster Schritt**: Tests\n- **重要: テスト\n", Rule::UnclosedEmphasis), [1, 3]);
}

#[test]
fn bold_closed_later_in_its_paragraph_globs_and_code_are_quiet() {
    let quiet = [
        // Bold over two lines of one paragraph (Spanish).
        "**Estado actual:\nen curso** hasta mañana\n",
        // Globs, powers, Python's keyword arguments, a thematic break.
        "- Bold button (wraps the selected text with **)\n- Files: src/**/*.ts and docs/**\n- 2**10 = 1024\n- def f(**kwargs): passes **kwargs on\n\n***\n\n* * *\n",
        // Inside code spans and fenced code.
        "- run `ls **/x` then ``a ** b``\n\n```python\nf(**opts)\nx = \"**open\n```\n",
        // Bold and bold-italic that close, in Japanese and Russian.
        "**重要**: テスト ***完了***\n**Статус:** готово\n",
    ];
    for text in quiet {
        assert!(findings(text, Rule::UnclosedEmphasis).is_empty(), "{text}: {:#?}", findings(text, Rule::UnclosedEmphasis));
    }
}

#[test]
fn personal_data_is_reported_without_repeating_it() {
    let text = "# Memory\n\n- Author: giacolees <gektheplayer@gmail.com>\n- Name: Shankha S. Dey. LinkedIn: linkedin.com/in/shankhasdey\n- Tel.: +49 30 1234 5678\n- 電話: +81-3-1234-5678\n- Perfil: https://www.instagram.com/maria.lopez/\n";
    let ds = findings(text, Rule::PersonalData);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [3, 4, 5, 6, 7], "{ds:#?}");
    assert_eq!(ds[0].message, "personal data in a memory file: an e-mail address (`ge…@gmail.com`)");
    assert!(ds[1].message.contains("LinkedIn") && !ds[1].message.contains("shankhasdey"), "{}", ds[1].message);
    for d in &ds {
        // Not a secret: no masking, and no words that would file it as one.
        let m = d.message.to_lowercase();
        assert!(["secret", "credential", "password", "token", "api key"].iter().all(|w| !m.contains(w)), "{m}");
        assert!(d.fix.is_none());
    }
}

#[test]
fn addresses_nobody_reads_and_look_alikes_are_quiet() {
    let text = "# Notes\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n- remote: git@github.com:org/repo.git\n- write to support@acme.io, subscription@fotocorp.com or you@example.com\n- assets: logo@2x.png, lodash@4.17.21, @types/node, @app.route\n- C++ and +1 more, +30% faster, UTC+05:30, 1+1\n- https://linkedin.com/company/acme and facebook.com/groups/rust\n- Oud: `postgres://portal_admin:Zomer2026!Hekje@db-old.internal:5432/portal`\n\n```\nmaintainer = \"jane.doe.real@gmail.com\"\n```\n";
    let ds = findings(text, Rule::PersonalData);
    assert!(ds.is_empty(), "{ds:#?}");
}

#[test]
fn template_text_never_filled_in_is_reported_where_a_value_goes() {
    let cases: &[(&str, &[u32])] = &[
        // A shell substitution written through a quoted heredoc: anywhere outside code.
        ("Progress Update - 2026-04-07 (session 74)\n\nDid things.\n\nProgress Update - $(date '+%Y-%m-%d %H:%M') (session verification)\n\nAll tests pass.\n", &[5]),
        // Template fields in a heading (Spanish), as a label's value (German, English), opening a line.
        ("## Sesión {{numero}} — YYYY-MM-DD\n\n**Datum:** YYYY-MM-DD\n- Commit: <commit-hash>\n- Last updated: ${DATE}\n<DATE> — started\n", &[1, 3, 4, 5, 6]),
        // A section or a field left to be decided (English, Spanish, Japanese).
        ("# Plan\n\n## Architecture\nTBD\n\n## Arquitectura\n\n[TODO]\n\n## 設計\n未定\n\n## Team\n- Architecture: TBD (awaiting team lead decision)\n", &[4, 8, 11, 14]),
        // A bracketed note to fill in where an item's content goes; a step's `[TODO]` status
        // and a mention in a sentence are not.
        ("# Plan\n\n## Risks\n- Third-party embeds may not follow the theme.\n- [TODO: list any pages that render user HTML]\n\n## Steps\n16. [TODO] Disable the subscription\n- Ask whether [TODO notes] count\n", &[5]),
        // Capitals in brackets standing for a value; a status in brackets or a link's text is none.
        ("# Contexto\n\n- PAC: [NOMBRE DEL PAC]\n- Firma: [IN PROGRESS] timbrado\n- [GitHub ISSUE](https://github.com/o/r/issues/1)\n", &[3]),
        // A commit written before it was made: a hash column's cell, a Commit field.
        ("# Log\n\n| Step | Commit | What |\n|---|---|---|\n| F1 | `897b457` | scaffolding |\n| F2 | (this commit) | example |\n\n- **Commit:** _this commit_\n- Commit: this commit fixes the parser\n- Pushed this commit to main.\n", &[6, 8]),
        // Three words or more in angle brackets, and a version left as `vX.Y.Z`, in a sentence
        // (French, Italian, English); a path of a version pattern is no placeholder.
        ("# Passation\n\nVoir <lien vers le runbook>.\nLa PR è qui: <inserire link alla PR>\n- Release tag: vX.Y.Z\n- Notes go to docs/releases/vX.Y.Z.md\n", &[3, 4, 5]),
    ];
    for (text, want) in cases {
        let ds = findings(text, Rule::UnfilledPlaceholder);
        assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), *want, "{text}\n{ds:#?}");
        assert!(ds.iter().all(|d| d.message.contains("never filled in")), "{ds:#?}");
    }
    let ds = findings(cases[0].0, Rule::UnfilledPlaceholder);
    assert_eq!(ds[0].message, "a shell substitution never filled in: `$(date '+%Y-%m-%d %H:%M')`");
}

#[test]
fn placeholders_mentioned_in_prose_code_or_a_template_are_quiet() {
    let text = "# Notes\n\n\
Dates are written as YYYY-MM-DD in this project; run <script-name> to see.\n\
- Sessions file at: .claude/sessions/session_YYYY-MM-DD_N.md\n\
- Returns Monday of current week in YYYY-MM-DD\n\
- Date format: YYYY-MM-DD\n\
- Run `echo $(date)` or `{{name}}` in a code span\n\
- Semantic HTML: uses <footer> and <details>; List<String>, Vec<u8>\n\
- Set ARCADE_KEY=0x<your_key> first; the header shows {{ count }} items\n\
- Status: TBD items are listed below; cost $(5)\n\
\n```sh\necho \"$(date '+%F')\" >> log.md\n```\n\
\n## Entry template\n\n### Session N — YYYY-MM-DD\n- Commit: <commit-hash>\n\n## Ejemplo\n\nFecha: {{fecha}}\n";
    let ds = findings(text, Rule::UnfilledPlaceholder);
    assert!(ds.is_empty(), "{ds:#?}");
}

#[test]
fn empty_sections_and_entries_without_a_body_are_reported() {
    // Japanese and Russian placeholders; an empty section; a heading over subsections is not empty.
    let text = "# Memory Bank\n\n## Recent Changes\n\n## Patterns\n(変更なし)\n\n## Заметки\nнет\n\n## Phase 1\n### Step A\nDone.\n\n## Blockers\nNone\n\n## Architecture\nTBD\n\n## Context\nA CLI for invoices.\n";
    let ds = findings(text, Rule::EmptySection);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [3, 5, 8], "{ds:#?}");
    // Headings written as lines say what they have to say: a status, a `Label: value`, a
    // lead-in, a group heading over dated entries, siblings mostly without a body.
    let lines_as_headings = "# Log\n\n## VAN Mode - ✅ COMPLETE\n\n## PLAN Mode - ✅ COMPLETE\n\n## Build\nBuilt it.\n\n### Status: COMPLETE\n\n## Sessions\n\n## Session 2026-01-15 — parser\n- Wrote it.\n\n## Previous session:\n\n## Decisions\n\n📌 PHASE: Architecture\n-----\nA monolith.\n\n## Notes\nNone of the above is urgent.\n";
    assert!(findings(lines_as_headings, Rule::EmptySection).is_empty(), "{:#?}", findings(lines_as_headings, Rule::EmptySection));
    assert_eq!(ds[0].message, "section `Recent Changes` is empty");
    assert_eq!(ds[1].message, "section `Patterns` holds only `(変更なし)`");
    // A dated heading with no body, in a log whose other sessions have one.
    assert_eq!(lines("# Log\n\n## 2026-03-01\nDid a.\n\n## 2026-03-02\n\n## 2026-03-03\nDid c.\n", Rule::EmptySection), [6]);
    // A dated paragraph heading an entry, followed directly by the next (newest first).
    let log = "Progress Update - 2026-04-09 (session 77)\n\nWork D.\n\nProgress Update - 2026-04-08 (session 76 - verification)\n\nProgress Update - 2026-04-08 (session 75)\n\nWork C.\n\nProgress Update - 2026-04-06 (session 74)\n\nWork B.\n";
    let ds = findings(log, Rule::EmptySection);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [5], "{ds:#?}");
    assert!(ds[0].message.contains("the next entry (line 7) follows directly"), "{}", ds[0].message);
}

#[test]
fn logs_of_one_line_entries_and_answers_of_none_are_not_empty() {
    let quiet = [
        "# Log\n\n## 2026-03-01 — Fixed login\n## 2026-03-02 — Added tests\n## 2026-03-03 — Released\n",
        "2026-03-01: fixed the login\n\n2026-03-02: added the tests\n\n2026-03-03: released\n",
        "# Estado\n\n## Blockers\nNinguno\n\n## Known Issues\n- None\n\n## Next Steps\n",
    ];
    for text in quiet {
        assert!(findings(text, Rule::EmptySection).is_empty(), "{text}: {:#?}", findings(text, Rule::EmptySection));
    }
}

#[test]
fn session_notes_sections_are_empty_only_once_work_has_started() {
    let notes = |worklog: &str| format!(
        "# Session Title\n_A short, distinctive 5-10 word description_\n\nOrders audit\n\n# Current State\n_What's actively being worked on. Pending tasks. Immediate next steps._\n\n# Learnings\n_What worked well. What didn't. What to avoid._\n\n# Key Results\n_If the user asked for specific output — answers, tables, documents — the exact result is preserved here._\n\n# Worklog\n_Step by step, what was attempted and done. Terse summary._\n{worklog}"
    );
    // A fresh file: the template's empty sections are by design.
    assert!(findings(&notes(""), Rule::EmptySection).is_empty());
    // Work logged: Learnings should hold something; Key Results is conditional, Current
    // State is stale-current-state's.
    let ds = findings(&notes("\n- read orders.py\n"), Rule::EmptySection);
    assert_eq!(ds.iter().map(|d| d.line).collect::<Vec<_>>(), [9], "{ds:#?}");
}

#[test]
fn a_fresh_checkpoint_log_has_no_empty_section_finding() {
    // What `memento init` writes, with one discovery: the other sections fill as the run goes.
    let text = "# Session Memory — t1\n\n## Decisions Made\n\n## Progress Markers\n\n## Key Discoveries\n- 2026-04-22T07:12Z — the API paginates\n\n## Next Session Start\nRead the pagination docs.\n";
    let found = memento_core::check(&memento_core::parse(text), &memento_core::CheckOptions::default());
    assert!(found.iter().all(|d| d.rule != memento_core::Rule::EmptySection), "{found:#?}");
}

/// A list of blockers, issues or open questions that says `None` has answered; one left
/// blank, its heading straight over the next, says nothing (in several languages).
#[test]
fn a_blank_section_about_problems_is_empty_and_one_saying_none_is_not() {
    for (title, next) in [("Known issues", "Next steps"), ("Open Questions", "Gotchas"), ("Kända problem", "Nästa steg"), ("Problemas conocidos", "Próximos pasos"), ("既知の問題", "次のステップ")] {
        let blank = format!("# Status\n\nIn progress: the exporter.\n\n## {title}\n\n## {next}\n\n- Write the exporter\n");
        assert_eq!(lines(&blank, Rule::EmptySection), [5], "{blank}");
        let none = blank.replace(&format!("## {title}\n\n"), &format!("## {title}\n\nNone\n\n"));
        assert!(lines(&none, Rule::EmptySection).is_empty(), "{none}");
    }
}
