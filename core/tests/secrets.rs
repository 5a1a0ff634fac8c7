//! No output of Memento repeats a detected secret (possible-secret; docs/secrets.md):
//! check messages, plan fields, the prompt, diff messages and the workspace check, with
//! secrets of every kind planted where the detector used to miss them.

use memento_core::check::check_workspace;
use memento_core::secret::{find_secrets, redact, SecretKind};
use memento_core::{check, parse, parse_with, plan, CheckOptions, ParseOptions, Rule, Severity};
use memento_edit::{diff, prompt};

/// The corpus's files check with one possible-secret, the one secret they hold: a ClickUp
/// key written in the wild under `API key value:` (045, line 24). Nothing else fires.
#[test]
fn the_corpus_holds_one_secret() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("the corpus") {
        let path = entry.expect("a corpus file").path();
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_owned();
        let doc = parse_with(text.as_str(), &ParseOptions { file_name: Some(name.clone()), ..ParseOptions::default() });
        let found: Vec<String> = check(&doc, &CheckOptions::default())
            .into_iter()
            .filter(|d| d.rule == Rule::PossibleSecret)
            .map(|d| format!("line {}: {}", d.line, d.message))
            .collect();
        let expected: &[&str] = if name == "045-other.md" { &["line 24: possible key or token: `…(redacted)`"] } else { &[] };
        assert_eq!(found, expected, "{}", path.display());
        files += 1;
    }
    assert!(files >= 60, "{files} corpus files read");
}

const KEY: &str = "AKIAQ7R2M5XK3PZL9WJD";
/// What of [`KEY`] a redacted form may show.
const SHOWN: &str = "AKIA";

fn opts() -> CheckOptions {
    CheckOptions::at(memento_core::Timestamp::parse("2026-04-22T08:00Z").unwrap())
}

/// Every text the core gives out for one document: check messages and help, the plan's
/// fields, the prompt.
fn outputs(doc: &memento_core::Document, options: &CheckOptions) -> String {
    let mut out = String::new();
    for d in check(doc, options) {
        out += &format!("{}\n{}\n{:?}\n", d.message, d.help.unwrap_or_default(), d.fix);
    }
    let p = plan(doc, options);
    out += &format!("{p:?}\n");
    out += &prompt::render_prompt(doc, &p, 100_000).expect("a budget of 100,000 tokens holds a prompt");
    out
}

/// Whether `out` holds more of `secret` than its redacted form shows: any eight characters
/// of it past the shown prefix.
fn leaks(out: &str, secret: &str, shown: usize) -> bool {
    let chars: Vec<char> = secret.chars().collect();
    (shown..chars.len().saturating_sub(7)).any(|i| out.contains(&chars[i..i + 8].iter().collect::<String>()))
}

#[test]
fn messages_mask_before_they_cut() {
    // The key straddles the 60th character of a malformed entry's quotation.
    let note = format!("{} {KEY} rest", "n".repeat(40));
    let text = format!("# Session Memory — t\n\n## Key Discoveries\n- 2026-04-22T07:00Z — a\n- 2026-99-99 — {note}\n\n## Next Session Start\ngo\n");
    let doc = parse(text.as_str());
    let found = check(&doc, &opts());
    assert!(found.iter().any(|d| d.rule == Rule::MalformedEntry), "{found:?}");
    let out = outputs(&doc, &opts());
    assert!(!leaks(&out, KEY, SHOWN.len()), "{out}");
    // diff: the removed entry is quoted to 80 characters.
    let old = format!("# Session Memory — t\n\n## Key Discoveries\n- 2026-04-22T07:00Z — {} {KEY}\n", "o".repeat(40));
    let new = "# Session Memory — t\n\n## Key Discoveries\n";
    let d = diff(&parse(old.as_str()), &parse(new));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].message.contains("AKIA…(redacted)"), "{}", d[0].message);
    assert!(!leaks(&d[0].message, KEY, SHOWN.len()), "{}", d[0].message);
}

#[test]
fn a_secret_after_a_json_escape_is_found_and_masked() {
    let text = format!("{{\"id\": \"m1\", \"content\": \"deploy notes:\\n{KEY}\", \"created_at\": \"2026-04-20T10:00:00Z\"}}\n");
    let doc = parse(text.as_str());
    assert_eq!(doc.dialect(), memento_core::Dialect::MemoryStore);
    let found = check(&doc, &opts());
    assert!(found.iter().any(|d| d.rule == Rule::PossibleSecret && d.severity == Severity::Error), "{found:?}");
    let out = outputs(&doc, &opts());
    assert!(!leaks(&out, KEY, SHOWN.len()), "{out}");
    assert!(!leaks(&redact(&text), KEY, SHOWN.len()));
}

#[test]
fn a_found_value_is_masked_everywhere_it_occurs() {
    // Glued to a letter in the title the detector does not see it; the body gives it away.
    let old = format!("# Session Memory — keyx{KEY}\n\n## Decisions Made\n- 2026-04-22T07:00Z — rotate {KEY} today\n\n## Progress Markers\n- IN_PROGRESS: bucketx{KEY} (stopped at x{KEY}1)\n");
    let new = format!("# Session Memory — other\n\n## Decisions Made\n- 2026-04-22T07:00Z — rotate it today\n\n## Progress Markers\n- PENDING: bucketx{KEY}\n");
    let (old, new) = (parse(old.as_str()), parse(new.as_str()));
    let out = outputs(&old, &opts());
    assert!(!leaks(&out, KEY, SHOWN.len()), "{out}");
    let messages: String = diff(&old, &new).iter().map(|d| format!("{}\n{:?}\n", d.message, d.help)).collect();
    assert!(messages.contains("header"), "{messages}");
    assert!(!leaks(&messages, KEY, SHOWN.len()), "{messages}");
    // A workspace finding quotes another file of the folder.
    let progress = format!("# Progress\n\n## What's Left to Build\n- [ ] bucketx{KEY}\n\nkey {KEY}\n");
    let active = "# Active Context\n\n## Current Focus\nwork\n";
    let (p, a) = (parse_with(progress.as_str(), &named("bank/progress.md")), parse_with(active, &named("bank/activeContext.md")));
    let found = check_workspace(&[("bank/progress.md", &p), ("bank/activeContext.md", &a)], &CheckOptions::default());
    let messages: String = found.iter().map(|(_, d)| format!("{}\n", d.message)).collect();
    assert!(messages.contains("no Next Steps"), "{messages}");
    assert!(!leaks(&messages, KEY, SHOWN.len()), "{messages}");
}

fn named(name: &str) -> ParseOptions {
    ParseOptions { file_name: Some(name.to_owned()), ..ParseOptions::default() }
}

#[test]
fn turning_possible_secret_off_does_not_turn_masking_off() {
    let text = format!("# Session Memory — t\n\n## Decisions Made\n- 2026-04-22T07:00Z — use {KEY} for the bucket\n\n## Next Session Start\nrotate {KEY}\n");
    let doc = parse(text.as_str());
    let off = CheckOptions { severity: vec![(Rule::PossibleSecret, None)], ..opts() };
    assert!(check(&doc, &off).iter().all(|d| d.rule != Rule::PossibleSecret));
    let out = outputs(&doc, &off);
    assert!(out.contains("AKIA…(redacted)"), "{out}");
    assert!(!leaks(&out, KEY, SHOWN.len()), "{out}");
}

#[test]
fn the_new_kinds_are_reported() {
    for (secret, kind) in [
        ("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0abcDEFghiJKL012\n-----END PGP PRIVATE KEY BLOCK-----", SecretKind::PrivateKey),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2KM9TZWX", SecretKind::AwsSecretKey),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", SecretKind::StripeKey),
        ("AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW", SecretKind::GoogleApiKey),
        ("password: hunter2x", SecretKind::Password),
        ("Bearer abc123def456ghi789jkl", SecretKind::BearerToken),
        ("OPENAI_sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC", SecretKind::ApiKey),
    ] {
        let text = format!("# Notes\n\n{secret}\n");
        let found = check(&parse(text.as_str()), &CheckOptions::default());
        let secrets: Vec<_> = found.iter().filter(|d| d.rule == Rule::PossibleSecret).collect();
        assert_eq!(secrets.len(), 1, "{secret}: {found:?}");
        assert!(secrets[0].message.starts_with(&format!("possible {}", kind.label())), "{}", secrets[0].message);
    }
}

#[test]
fn a_masked_file_checks_clean() {
    let text = format!("# Notes\n\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7b9xYz\n-----END RSA PRIVATE KEY-----\n\n- {KEY}\n- password=hunter22\n");
    assert_eq!(find_secrets(&text).len(), 3);
    let masked = redact(&text);
    let found = check(&parse(masked.as_ref()), &CheckOptions::default());
    assert!(found.iter().all(|d| d.rule != Rule::PossibleSecret), "{masked}\n{found:?}");
}

/// A planted secret: as written in markdown, as written inside a JSON string, the part no
/// output may repeat (its random body), and whether the detector sees it after `_`.
struct Planted {
    text: String,
    json: String,
    body: String,
    after_underscore: bool,
}

/// A small deterministic generator (xorshift), so a failing case replays from its seed.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick(&mut self, alphabet: &str, n: usize) -> String {
        let a = alphabet.as_bytes();
        (0..n).map(|_| a[(self.next() % a.len() as u64) as usize] as char).collect()
    }
}

const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const DIGITS: &str = "0123456789";

fn luhn_complete(digits: &str) -> String {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(k, c)| {
            let d = u32::from(c - b'0');
            if k % 2 == 0 { if d * 2 > 9 { d * 2 - 9 } else { d * 2 } } else { d }
        })
        .sum();
    format!("{digits}{}", (10 - sum % 10) % 10)
}

fn plant(kind: usize, g: &mut Gen) -> Planted {
    let token = |prefix: &str, body: String| Planted { text: format!("{prefix}{body}"), json: format!("{prefix}{body}"), body, after_underscore: true };
    let labelled = |label: &str, body: String| Planted { text: format!("{label}{body}"), json: format!("{label}{body}"), body, after_underscore: false };
    match kind {
        0 => token("sk-proj-", g.pick(ALNUM, 24) + "a1b2"),
        1 => token("ghp_", g.pick(ALNUM, 35) + "7"),
        2 => token("AKIA", g.pick(&format!("{UPPER}{DIGITS}"), 16)),
        3 => {
            // In JSON, `/` as a JSON encoder may write it: `\/`.
            let key = g.pick(&format!("{ALNUM}/+"), 37) + "aB3";
            Planted { text: format!("aws_secret_access_key={key}"), json: format!("aws_secret_access_key={}", key.replace('/', "\\/")), body: key, after_underscore: false }
        }
        4 => token("sk_live_", g.pick(ALNUM, 24)),
        5 => token("AIza", g.pick(&format!("{ALNUM}_-"), 35)),
        6 => token("xoxb-", format!("{}-{}-{}", g.pick(DIGITS, 12), g.pick(DIGITS, 13), g.pick(ALNUM, 10))),
        7 => token("eyJ", format!("{}.{}.{}", g.pick(ALNUM, 14), g.pick(ALNUM, 14), g.pick(ALNUM, 22))),
        8 => labelled("Bearer ", g.pick(ALNUM, 22) + "9z"),
        9 => labelled("password: ", g.pick(ALNUM, 9) + "7!"),
        10 => {
            let lines = [g.pick(ALNUM, 30) + "Ab1", g.pick(ALNUM, 30) + "Cd2"];
            let block = |nl: &str| format!("-----BEGIN RSA PRIVATE KEY-----{nl}{}{nl}{}{nl}-----END RSA PRIVATE KEY-----", lines[0], lines[1]);
            Planted { text: block("\n"), json: block("\\n"), body: lines.join("\n"), after_underscore: false }
        }
        11 => {
            let pw = g.pick(ALNUM, 12) + "9";
            Planted { text: format!("postgres://admin:{pw}@db.internal/app"), json: format!("postgres://admin:{pw}@db.internal/app"), body: pw, after_underscore: true }
        }
        12 => {
            let card = luhn_complete(&format!("4{}", g.pick(DIGITS, 14)));
            Planted { text: card.clone(), json: card.clone(), body: card, after_underscore: false }
        }
        _ => {
            let ssn = format!("{}-{:02}-{:04}", 100 + g.next() % 500, 1 + g.next() % 98, 1 + g.next() % 9998);
            Planted { text: ssn.clone(), json: ssn.clone(), body: ssn, after_underscore: false }
        }
    }
}

/// Whether any line of `body` leaks into `out` (eight characters in a row).
fn leaks_body(out: &str, body: &str) -> bool {
    body.lines().any(|line| leaks(out, line, 0))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// Secrets of every kind, planted after a space, `_` or a JSON escape and at every
    /// distance from a message's cut, never come out of check, plan, prompt, diff, the
    /// workspace check, a merge's conflicts or a share copy.
    #[test]
    fn no_output_repeats_a_planted_secret(kind in 0usize..14, seed in 1u64.., filler in 0usize..90, underscore: bool, off: bool) {
        let mut g = Gen(seed);
        let p = plant(kind, &mut g);
        let single = !p.text.contains('\n');
        let sep = if underscore && p.after_underscore { "ENV_" } else { " " };
        let fill = "f".repeat(filler);
        let title = if single { format!("task{sep}{}", p.text) } else { "task".to_owned() };
        let unit = if single { format!("unit{sep}{}", p.text) } else { "unit".to_owned() };
        let old = format!(
            "# Session Memory — {title}\n\n## Decisions Made\n- 2026-04-22T07:00Z — {fill}{sep}{} end\n\n## Progress Markers\n- IN_PROGRESS: {unit} (stopped at 094)\n- PENDING: {unit}2\n\n## Key Discoveries\n- 2026-04-22T07:10Z — {fill}{sep}{}\n- 2026-99-99 — {fill}{sep}{}\n\n## Next Session Start\n{fill}{sep}{}\n",
            p.text, p.text, p.text, p.text
        );
        let new = "# Session Memory — renamed\n\n## Decisions Made\n\n## Progress Markers\n- PENDING: other\n\n## Key Discoveries\n";
        let json = format!("{{\"id\": \"m1\", \"content\": \"{fill}\\n{}\", \"created_at\": \"2026-04-20T10:00:00Z\"}}\n{{\"id\": \"m2\", \"content\": \"{fill}\\t{}\"}}\n", p.json, p.json);
        let options = if off { CheckOptions { severity: vec![(Rule::PossibleSecret, None)], ..opts() } } else { opts() };
        for (text, name) in [(old.as_str(), "bank/session_memory.md"), (json.as_str(), "bank/memories.jsonl")] {
            let doc = parse_with(text, &named(name));
            if !off {
                let found = check(&doc, &options);
                proptest::prop_assert!(found.iter().any(|d| d.rule == Rule::PossibleSecret), "not detected: {text}");
            }
            let out = outputs(&doc, &options);
            proptest::prop_assert!(!leaks_body(&out, &p.body), "{out}");
            let share = redact(text);
            proptest::prop_assert!(!leaks_body(&share, &p.body), "{share}");
            let newer = parse(new);
            let messages: String = diff(&doc, &newer).iter().map(|d| format!("{}\n{:?}\n", d.message, d.help)).collect();
            proptest::prop_assert!(!leaks_body(&messages, &p.body), "{messages}");
            let other = parse_with("# Progress\n\n## What's Left to Build\n- [ ] unit\n", &named("bank/progress.md"));
            let found = check_workspace(&[(name, &doc), ("bank/progress.md", &other)], &options);
            let messages: String = found.iter().map(|(_, d)| format!("{}\n{:?}\n", d.message, d.help)).collect();
            proptest::prop_assert!(!leaks_body(&messages, &p.body), "{messages}");
        }
        // A merge whose two sides changed the unit's line differently: the conflict quotes
        // both lines, and the secrets of every version are masked in it.
        let unit_line = format!("- IN_PROGRESS: {unit} (stopped at 094)");
        let base = old.replace(&unit_line, &format!("- PENDING: {unit}"));
        let theirs = old.replace(&unit_line, &format!("- COMPLETED: {unit} (done{sep}{})", p.text.lines().next().unwrap_or("")));
        let merged = memento_edit::merge(&base, &old, &theirs);
        proptest::prop_assert!(!merged.conflicts.is_empty(), "no conflict to mask: {merged:?}");
        let reasons: String = merged.conflicts.iter().map(|c| format!("{}\n{}\n", c.section, c.reason)).collect();
        proptest::prop_assert!(!leaks_body(&reasons, &p.body), "{reasons}");
    }
}

#[test]
fn merge_conflicts_mask_the_secrets_of_every_version() {
    let base = "# Session Memory — t\n\n## Progress Markers\n- PENDING: bucket_a\n";
    let ours = format!("# Session Memory — t\n\n## Progress Markers\n- IN_PROGRESS: bucket_a (notex{KEY})\n\n## Key Discoveries\n- key {KEY}\n");
    let theirs = format!("# Session Memory — t\n\n## Progress Markers\n- COMPLETED: bucket_a (notey{KEY})\n");
    let out = memento_edit::merge(base, &ours, &theirs);
    let reasons: String = out.conflicts.iter().map(|c| format!("{} {}\n", c.section, c.reason)).collect();
    assert!(reasons.contains("notex"), "{reasons}");
    assert!(!leaks(&reasons, KEY, SHOWN.len()), "{reasons}");
}

/// A webhook URL's path is its credential: found, masked, its host kept readable; a
/// placeholder path is no secret.
#[test]
fn webhook_urls_are_secrets() {
    for (url, host) in [
        ("https://hooks.slack.com/services/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", "hooks.slack.com/services/"),
        ("https://discord.com/api/webhooks/1187654321098765432/aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z", "discord.com/api/webhooks/"),
    ] {
        let text = format!("# Notes\n\n- Alerts go to {url} (staging channel)\n");
        let found = find_secrets(&text);
        assert_eq!(found.iter().map(|m| m.kind).collect::<Vec<_>>(), [SecretKind::WebhookUrl], "{url}");
        let secret = &url[url.find(host).unwrap() + host.len()..];
        let out = outputs(&parse(text.as_str()), &opts());
        assert!(!leaks(&out, secret, 0), "{out}");
        assert!(redact(&text).contains(host), "{}", redact(&text));
    }
    assert!(find_secrets("Post to https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXX\n").is_empty());
    assert!(find_secrets("See https://hooks.slack.com/services/ for the docs\n").is_empty());
}

/// AWS's documentation keys (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`)
/// stand for keys, as their names say: no secret; a key of the same shape is one.
#[test]
fn aws_documentation_keys_are_no_secrets() {
    let docs = "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n";
    assert!(memento_core::secret::find_secrets(docs).is_empty(), "{:?}", memento_core::secret::find_secrets(docs));
    let real = docs.replace("AKIAIOSFODNN7EXAMPLE", "AKIAQ7R2M5XK3PZL9WJD").replace("EXAMPLEKEY", "7Q2KM9TZWX");
    assert_eq!(memento_core::secret::find_secrets(&real).len(), 2);
}
