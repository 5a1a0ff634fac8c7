use super::*;

#[test]
fn census_counts_and_sums_ascii_letters_and_digits_at_any_offset() {
    let expected = |b: &[u8]| {
        let alnum = b.iter().filter(|c| c.is_ascii_alphanumeric());
        alnum.clone().count() as u64 | alnum.map(|c| u64::from(c.to_ascii_lowercase())).sum::<u64>() << 32
    };
    let every_byte: Vec<u8> = (0..=255u8).collect();
    for skip in 0..17 {
        let b = &every_byte[skip..];
        assert_eq!(census(b), expected(b), "from byte {skip}");
    }
    for text in ["", "a", "@[`{/:", "Zz09", "café — 2026-04-22T07:12Z ok", "\u{ff}\u{80}9", "ZZZZZZZZZZZZZZZZZZZZZZZZ"] {
        assert_eq!(census(text.as_bytes()), expected(text.as_bytes()), "{text:?}");
    }
    // The same words in another case and order, other separators: the same census.
    assert_eq!(census(b"Use the cache in tests"), census(b"tests: IN cache -- the use"));
    assert_ne!(census(b"use the cache in tests"), census(b"use the queue in tests"));
}

#[test]
fn fast_entry_comparison_agrees_with_the_entry_words() {
    let texts = [
        "", "a", "Use Redis", "use  redis!", "USE, Redis.", " use redis ", "use redis x", "use redisx", "userediss",
        "**Use** _Redis_", "café au lait", "Café  au lait", "CAFÉ au lait", "naïve — test", "naive test", "Σ test", "ΟΔΟΣ test", "οδος test", "οδοσ test",
        "\u{212A}elvin scale", "kelvin scale", "İstanbul trip", "i̇stanbul trip", "2026-04-22 done and tested",
        "DO NOT modify config/auth.yaml — used by 3 services", "do not modify config auth yaml used by 3 services",
        "- [x] ship it", "ship it", "a b", "ab", "tabs\tand\nnewlines", "tabs and newlines", "use re\u{200B}dis", "use\u{200B} redis",
    ];
    for a in texts {
        for b in texts {
            assert_eq!(same_entry(a, b), entry_words(a).eq(entry_words(b)), "{a:?} / {b:?}");
        }
    }
}

/// Issue 11: the write guard missed a trailing `.`, `-` for `—`, bold markup and zero-width
/// characters. One entry, written five ways.
#[test]
fn entry_variants_are_one_entry() {
    let base = "Orders — retry the payment webhook after a 409";
    for variant in [
        "Orders — retry the payment webhook after a 409.",
        "Orders - retry the payment webhook after a 409",
        "**Orders** — retry the payment webhook after a 409",
        "Orders — retry the pay\u{200B}ment webhook\u{200D} after a 409",
        "orders —  Retry the PAYMENT webhook after a 409",
    ] {
        assert!(same_entry(base, variant), "{variant:?}");
        assert_eq!(entry_hash(base), entry_hash(variant), "{variant:?}");
    }
    assert!(!same_entry(base, "Orders — retry the payment webhook after a 410"));
    // Too short to be an entry compared: one word, or under eight bytes.
    assert_eq!(entry_hash("Done"), None);
    assert_eq!(entry_hash("Deployed"), None);
    assert_eq!(entry_hash("a b c"), None);
}

#[test]
fn unit_keys_fold_case_markup_whitespace_dashes_invisibles_and_trailing_punctuation() {
    let key = |s: &str| UnitKey::of(s).map(|k| k.as_str().to_owned());
    let same = [
        ("Auth", "auth"),
        ("Auth", "**Auth**"),
        ("Auth", "`auth`"),
        ("Auth", "_Auth_"),
        ("Auth", "auth."),
        ("Auth", "Auth:"),
        ("Auth", "  Auth  "),
        ("Auth", "Au\u{200B}th"),
        ("Auth", "\u{FEFF}Auth"),
        ("Auth", "\"Auth\""),
        ("orders/batch_3/", "orders/batch_3"),
        ("orders/batch_3/", "./orders/batch_3/"),
        ("orders/batch_3/", "Orders/Batch_3/"),
        ("Login  page", "login page"),
        ("login\tpage", "login page"),
        ("sign-in flow", "sign–in flow"),
        ("sign-in flow", "sign—in flow"),
        ("sign-in flow", "sign\u{2212}in flow"),
        ("ÉTAPE 2", "étape 2"),
        ("**Auth** module", "auth module"),
        ("see _this_ one", "see this one"),
    ];
    for (a, b) in same {
        assert_eq!(key(a), key(b), "{a:?} / {b:?}");
        assert_eq!(unit_hash(a), unit_hash(b), "{a:?} / {b:?}");
    }
    let different = [("orders/batch_3", "orders/batch_4"), ("snake_case", "snakecase"), (".env", "env"), ("a-b", "a b")];
    for (a, b) in different {
        assert_ne!(key(a), key(b), "{a:?} / {b:?}");
    }
    assert_eq!(key("orders/batch_3/").as_deref(), Some("orders/batch_3"));
    assert_eq!(key("**"), None);
    assert_eq!(key(""), None);
    assert_ne!(key("Tests (unit)"), key("Tests (integration)"));
    // A name already folded is borrowed, not copied.
    assert!(matches!(UnitKey::of("orders/batch_3/").map(|k| k.0), Some(Cow::Borrowed(_))));
}

#[test]
fn unit_hash_is_the_hash_of_the_key() {
    // Equal keys, equal hashes, whichever path (borrowed or folded) built the key.
    for name in ["orders/batch_3/", "Orders/Batch_3", "**Ünïcode** Name.", "a  b", "x\u{200B}y", "snake_case name"] {
        let k = UnitKey::of(name).unwrap();
        assert_eq!(unit_hash(name), unit_hash(k.as_str()), "{name:?}");
    }
    assert_ne!(unit_hash("orders/batch_3"), unit_hash("orders/batch_4"));
}

#[test]
fn path_suffixes() {
    fn k(s: &str) -> UnitKey<'_> {
        UnitKey::of(s).unwrap()
    }
    assert!(k("batch_3").is_path_suffix_of(&k("orders/batch_3")));
    assert!(!k("atch_3").is_path_suffix_of(&k("orders/batch_3")));
    assert!(!k("orders/batch_3").is_path_suffix_of(&k("batch_3")));
}

#[test]
fn section_keys() {
    assert_eq!(section_key("Errors & Corrections"), "errors corrections");
    assert_eq!(section_key("**2. Next Steps**"), "2 next steps");
    assert_eq!(section_key("Key results"), section_key("Key Results"));
    assert_eq!(section_key("✅ Done\u{200B}"), "done");
}

#[test]
fn numbered_keys() {
    for (title, want) in [("Session 87 — Auth", Some("session 87")), ("**Session #48 (Current)**", Some("session 48")), ("Sesión 3", Some("sesión 3")), ("2026-01-05 — Auth", None), ("Session notes", None), ("v2 plan", None), ("Session 2025-01-15 - Feature #2", None), ("Phase 2 landed", None)] {
        assert_eq!(numbered_key(&section_key(title)), want, "{title}");
    }
}

#[test]
fn decision_ids() {
    let r = DecisionRef::read(" [2026-04-22T07:12Z#2]. ");
    assert_eq!((r.id, r.nth), ("2026-04-22T07:12Z#2", 2));
    assert!(r.instant.is_some());
    let r = DecisionRef::read("L12");
    assert_eq!((r.id, r.instant, r.nth), ("L12", None, 1));
    let text = "# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:12Z — Use Redis\n- 2026-04-22T07:12Z — Use Postgres\n";
    let doc = crate::parse(text);
    assert_eq!(doc.decision_named("2026-04-22T07:12Z"), Some(0));
    assert_eq!(doc.decision_named("[2026-04-22T09:12+02:00#2]"), Some(1));
    assert_eq!(doc.decision_named("2026-04-22T07:13Z"), None);
}

#[test]
fn json_or_not() {
    for (text, json) in [("[]", true), ("\u{feff} \n{}", true), ("{\"a\": 1}\n", true), ("# Title\n", false), ("- item\n", false), ("", false)] {
        assert_eq!(crate::parse(text).is_json(), json, "{text:?}");
    }
    assert_eq!(json_opening("\u{feff}  [1]"), Some(b'['));
    assert_eq!(json_opening("x[1]"), None);
    // A log of bracketed times, a list of boxes, a template's braces: text.
    for text in ["[2026-11-20 09:12] session start\n[2026-11-20 09:40] added the SDK\n", "[x] Export\n[ ] Sync\n", "[ ] Sync\n", "[11:00] Route audit started\n", "{{project}} notes\n", "[DONE] parser\n"] {
        assert_eq!(json_opening(text), None, "{text:?}");
        assert!(!crate::parse(text).is_json(), "{text:?}");
    }
    for text in ["[\n  {\"id\": 1}\n]", "[1, 2]", "[-1.5e3]", "[true]", "[\"a\"]", "[]\n", "{\n}", "{ \"a\": 1 }", "[[1]]", "[", "{"] {
        assert!(json_opening(text).is_some(), "{text:?}");
    }
}

fn name_from(parts: &[&str]) -> String {
    parts.concat()
}

proptest::proptest! {
    /// The shortcut for names already folded gives what the folding gives, and equal keys
    /// have equal hashes: any two texts, built from the characters the folding treats apart.
    #[test]
    fn the_shortcut_and_the_hash_agree_with_the_folding(
        a in proptest::collection::vec(proptest::sample::select(PARTS.to_vec()), 0..8),
        b in proptest::collection::vec(proptest::sample::select(PARTS.to_vec()), 0..8),
    ) {
        let (a, b) = (name_from(&a), name_from(&b));
        for name in [&a, &b] {
            let mut folded = String::new();
            fold_unit(unit_text(name), |c| folded.push(c));
            let key = UnitKey::of(name);
            proptest::prop_assert_eq!(key.as_ref().map(UnitKey::as_str), (!folded.is_empty()).then_some(folded.as_str()), "{:?}", name);
        }
        // The other text, and variants of the first that often have its key.
        for other in [b.clone(), a.to_uppercase(), format!("**{a}**"), format!(" {a}. "), a.replace(' ', "  ")] {
            if UnitKey::of(&a).is_some() && UnitKey::of(&a) == UnitKey::of(&other) {
                proptest::prop_assert_eq!(unit_hash(&a), unit_hash(&other), "{:?} / {:?}", a, other);
            }
        }
    }
}

/// Pieces of names: letters in both cases, spacing, markup, punctuation, dashes, invisible
/// and control characters, Unicode case.
const PARTS: [&str; 22] = ["a", "A", "z9", " ", "  ", "\t", "_", "*", "`", ".", "/", "./", "-", "—", "\u{200B}", "É", "é", "ß", "İ", "\0", "(x)", "'"];

#[test]
fn not_topic_is_sorted_for_its_binary_search() {
    assert!(super::NOT_TOPIC.windows(2).all(|w| w[0] < w[1]));
}
