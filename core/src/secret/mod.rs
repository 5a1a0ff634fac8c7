//! Secrets in memory files: API keys and tokens, private key blocks, passwords, card numbers
//! and US social security numbers. One hand-written pass over the bytes.
//!
//! Memory files get injected into prompts, exported as JSON and shared as links, so no
//! output of Memento repeats a detected secret: [`find_secrets`] finds them, and
//! [`Secrets`] (`mask.rs`) masks them in everything made from the text. The design, what is
//! detected and how it is masked, is written down in `docs/secrets.md`.
//!
//! What is detected (each where a word starts, or right after `_`, `-` or a JSON escape
//! such as `\n`; see [`token_start`]):
//! - `sk-…` (OpenAI, Anthropic `sk-ant-…`): 20+ key characters with a digit;
//! - GitHub `ghp_` / `gho_` / `ghu_` / `ghs_` / `ghr_` (30+ characters) and `github_pat_…`;
//! - AWS access key ids `AKIA…` / `ASIA…` (16 upper-case letters or digits), and AWS secret
//!   access keys: 40 base64 characters after a label such as `aws_secret_access_key`;
//! - Stripe secret and restricted keys `sk_live_…` / `rk_live_…`;
//! - Google API keys `AIza…` (35 more characters);
//! - Slack `xoxb-` / `xoxa-` / `xoxp-` / `xoxr-` / `xoxs-`;
//! - JWTs: three base64url parts, the first starting `eyJ`;
//! - `Bearer …` tokens (16+ characters with a letter and a digit);
//! - `-----BEGIN … PRIVATE KEY-----` and PGP `PRIVATE KEY BLOCK` blocks that hold key
//!   material, up to their END line;
//! - the secret path of a webhook URL (`https://hooks.slack.com/services/T…/B…/…`, Discord's
//!   `/api/webhooks/…`, Microsoft Teams' `webhook.office.com/…`): whoever holds it may post;
//! - the password of `scheme://user:password@host`, and the value of `password:` /
//!   `password=` (placeholders such as `password`, `${DB_PASS}`, `<pass>` or `***` are not
//!   secrets; a value needs a digit or a symbol);
//! - any service's key known by its label (`API key value: …`, `"client_secret": "…"`) when
//!   it looks drawn at random, and whatever an environment name (`JWT_SECRET=…`) is set to,
//!   unless a placeholder or a pointer ([`named_key`]);
//! - card numbers: 13–19 digits, bare or in groups of four (Amex 4-6-5) separated by
//!   spaces or dashes, with a card prefix (3, 4, 5, 6) and a valid Luhn checksum, on a line
//!   that does not call it a test card (`carte di prova`, `sandbox`);
//! - US SSNs `ddd-dd-dddd` (not area 000, 666 or 9xx, group 00 or serial 0000).

mod mask;

pub use mask::{redact, redact_about, Secrets};

use crate::span::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SecretKind {
    ApiKey,
    /// A key of any service, known by the label before it (`API key value: …`).
    NamedKey,
    GitHubToken,
    AwsAccessKey,
    AwsSecretKey,
    StripeKey,
    GoogleApiKey,
    SlackToken,
    Jwt,
    BearerToken,
    PrivateKey,
    UrlPassword,
    /// A webhook URL whose path is its credential (Slack, Discord, Microsoft Teams).
    WebhookUrl,
    Password,
    CardNumber,
    Ssn,
}

impl SecretKind {
    /// How a message names it.
    pub fn label(self) -> &'static str {
        match self {
            SecretKind::ApiKey => "API key",
            SecretKind::NamedKey => "key or token",
            SecretKind::GitHubToken => "GitHub token",
            SecretKind::AwsAccessKey => "AWS access key id",
            SecretKind::AwsSecretKey => "AWS secret access key",
            SecretKind::StripeKey => "Stripe secret key",
            SecretKind::GoogleApiKey => "Google API key",
            SecretKind::SlackToken => "Slack token",
            SecretKind::Jwt => "JSON Web Token",
            SecretKind::BearerToken => "bearer token",
            SecretKind::PrivateKey => "private key block",
            SecretKind::UrlPassword => "password in a URL",
            SecretKind::WebhookUrl => "webhook URL",
            SecretKind::Password => "password",
            SecretKind::CardNumber => "card number",
            SecretKind::Ssn => "US social security number",
        }
    }

    /// How many leading characters a redacted form may show: a well-known prefix at most,
    /// never enough to narrow the secret down.
    fn shown(self) -> usize {
        match self {
            SecretKind::ApiKey => 4,       // sk-A
            SecretKind::GitHubToken => 4,  // ghp_
            SecretKind::AwsAccessKey => 4, // AKIA
            SecretKind::StripeKey => 8,    // sk_live_
            SecretKind::GoogleApiKey => 4, // AIza
            SecretKind::SlackToken => 5,   // xoxb-
            SecretKind::Jwt => 3,          // eyJ
            _ => 0,
        }
    }
}

/// A detected secret: its byte range in the text given to [`find_secrets`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SecretMatch {
    pub range: Span,
    pub kind: SecretKind,
}

impl SecretMatch {
    /// A form safe to print: a short prefix at most, then `…(redacted)`:
    /// `sk-A…(redacted)`, `RSA PRIVATE KEY…(redacted)`, `…(redacted)`. Never detected again:
    /// a private key's form keeps the name of its BEGIN line but not the line itself.
    pub fn redacted(&self, text: &str) -> String {
        let secret = text.get(self.range.range()).unwrap_or("");
        let shown: String = match self.kind {
            SecretKind::PrivateKey => key_label(secret).to_owned(),
            kind => secret.chars().take(kind.shown()).collect(),
        };
        format!("{shown}…(redacted)")
    }
}

/// The prefixes searched for as substrings: common bytes in prose, confirmed on the bytes
/// around each hit. `assword`, `earer `, `ecret`, `key` and `oken` open labels whose value
/// comes a few bytes later ([`labelled`]). Few, and as rare as can be: natively one
/// vectorized pass finds them all, in wasm one pass each ([`needle_starts`]).
const NEEDLES: [&str; 16] = [
    "sk-", "gh", "github_pat_", "xox", "://", "_live_", "asswo", "ASSWO", "earer ", "ecret", "ECRET", "key", "Key", "KEY", "oken", "OKEN",
];

/// How far back of a needle's hit a secret starts: `_live_` to its `sk`/`rk`.
fn back_of(needle: &str) -> usize {
    if needle == "_live_" {
        2
    } else {
        0
    }
}

/// Where each of the [`NEEDLES`] occurs in `b`, moved back to where its secret starts
/// ([`back_of`]), into `starts` in no particular order; the hits of one needle do not
/// overlap (`xoxox` holds one `xox`), as memchr's passes find them.
fn needle_starts(b: &[u8], starts: &mut Vec<usize>) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((searcher, long)) = one_pass_searcher() {
        // One pass for the needles of three bytes or more (with `gh` among them, candidates
        // would be told apart by two bytes only: many times as many to confirm), memchr's
        // passes for the shorter. No needle is a prefix of another, so each position starts
        // one at most: the search goes on from the byte after each hit, and keeps those past
        // the last kept hit of the same needle.
        let mut at = 0;
        let mut free_from = vec![0; long.len()];
        while let Some(m) = searcher.find_in(b, aho_corasick::Span::from(at..b.len())) {
            let k = m.pattern().as_usize();
            if let (Some(free), Some(needle)) = (free_from.get_mut(k), long.get(k)) {
                if m.start() >= *free {
                    *free = m.end();
                    starts.extend(m.start().checked_sub(back_of(needle)));
                }
            }
            at = m.start() + 1;
        }
        for needle in NEEDLES.iter().filter(|n| n.len() < 3) {
            starts.extend(memchr::memmem::find_iter(b, needle).filter_map(|at| at.checked_sub(back_of(needle))));
        }
        return;
    }
    needle_starts_by_pass(b, starts);
}

/// [`needle_starts`] one needle at a time: memchr's vectorized substring search, a pass over
/// the text for each (what wasm runs).
fn needle_starts_by_pass(b: &[u8], starts: &mut Vec<usize>) {
    static FINDERS: std::sync::OnceLock<Vec<memchr::memmem::Finder<'static>>> = std::sync::OnceLock::new();
    let finders = FINDERS.get_or_init(|| NEEDLES.iter().map(|n| memchr::memmem::Finder::new(n.as_bytes())).collect());
    for (f, needle) in finders.iter().zip(NEEDLES) {
        starts.extend(f.find_iter(b).filter_map(|at| at.checked_sub(back_of(needle))));
    }
}

/// The packed multi-substring searcher (Teddy) of the [`NEEDLES`] of three bytes or more,
/// with those needles by pattern id (`None` where it cannot be built).
#[cfg(not(target_arch = "wasm32"))]
fn one_pass_searcher() -> Option<&'static (aho_corasick::packed::Searcher, Vec<&'static str>)> {
    type Built = Option<(aho_corasick::packed::Searcher, Vec<&'static str>)>;
    static SEARCHER: std::sync::OnceLock<Built> = std::sync::OnceLock::new();
    SEARCHER
        .get_or_init(|| {
            let long: Vec<&'static str> = NEEDLES.iter().copied().filter(|n| n.len() >= 3).collect();
            aho_corasick::packed::Searcher::new(long.iter()).map(|s| (s, long))
        })
        .as_ref()
}

/// Where a secret may start: the [`NEEDLES`] ([`needle_starts`]); `eyJ`, `AKIA`, `ASIA`, `AIza` and
/// `-----BEGIN ` from one vectorized pass for `J` and `I` (rare in memory files), each hit
/// confirmed on the bytes around it; and the digit runs that can open a card number or an
/// SSN ([`digit_runs`]).
fn starts(b: &[u8]) -> Vec<usize> {
    let mut starts: Vec<usize> = Vec::new();
    needle_starts(b, &mut starts);
    let at = |start: Option<usize>, prefix: &[u8]| start.filter(|&s| b[s..].starts_with(prefix));
    for p in memchr::memchr2_iter(b'J', b'I', b) {
        let found = match b[p] {
            b'J' => at(p.checked_sub(2), b"eyJ"),
            _ => at(p.checked_sub(2), b"AKIA")
                .or_else(|| at(p.checked_sub(2), b"ASIA"))
                .or_else(|| at(p.checked_sub(1), b"AIza"))
                .or_else(|| at(p.checked_sub(8), b"-----BEGIN ")),
        };
        starts.extend(found);
    }
    digit_runs(b, |at| {
        // Only runs that can open a card number (3–6) or an SSN (`ddd-`).
        if matches!(b[at], b'3'..=b'6') || b.get(at + 3) == Some(&b'-') {
            starts.push(at);
        }
    });
    // A few sorted runs: the stable sort merges them.
    crate::sort::sort_offsets(&mut starts);
    starts.dedup();
    starts
}

/// Every secret in `text`, in order, not overlapping.
pub fn find_secrets(text: &str) -> Vec<SecretMatch> {
    let b = text.as_bytes();
    let starts = starts(b);
    let mut out = Vec::new();
    let mut end = 0;
    for i in starts {
        if i < end {
            continue;
        }
        let found = match b[i] {
            b'0'..=b'9' if number_start(b, i) => card(b, i).filter(|_| !names_a_test_card(crate::span::line_holding(text, i))).or_else(|| ssn(b, i)),
            b's' | b'r' | b'g' | b'A' | b'x' | b'e' if token_start(b, i) => token(b, i),
            b'-' => private_key(text, i),
            b':' => url_password(b, i).or_else(|| webhook(b, i)),
            _ => None,
        };
        if let Some(m) = found.or_else(|| labelled(b, i)) {
            end = m.range.end();
            out.push(m);
        }
    }
    out
}

/// Whether a JSON string escape (`\n`, `\t`, `\r`, `\b`, `\f`) ends right before `i`: in a
/// JSON row, `"note\nsk-…"` holds a key at the start of a line.
fn after_escape(b: &[u8], i: usize) -> bool {
    i >= 2 && matches!(b[i - 1], b'n' | b't' | b'r' | b'b' | b'f') && b[i - 2] == b'\\'
}

/// Where a prefixed token may start: not inside a word, but right after `_` or `-` (an
/// environment name `OPENAI_KEY_sk-…`, `token-ghp_…`) or a JSON escape. Their prefixes and
/// lengths make these tokens rare by chance.
fn token_start(b: &[u8], i: usize) -> bool {
    i == 0 || !b[i - 1].is_ascii_alphanumeric() || after_escape(b, i)
}

/// Where a card number or an SSN may start: not after a word character, `-`, `.` or `/` (a
/// version `v1.2.3-456-78-9012`, an id `x-4111…`, a path `/channels/442252698964721669`),
/// but after a JSON escape.
fn number_start(b: &[u8], i: usize) -> bool {
    i == 0 || !(is_word(b[i - 1]) || matches!(b[i - 1], b'-' | b'.' | b'/')) || after_escape(b, i)
}

/// Calls `f` with the start of every run of three or more ASCII digits, in order. The text is
/// read sixteen bytes at a time: a chunk without a digit is passed over; in the others, the
/// digits are bits of a mask ([`digit_lanes`], [`lane_bits`]), where runs of three start at
/// a set bit with the next two set and the previous one clear.
fn digit_runs(b: &[u8], mut f: impl FnMut(usize)) {
    let is_digit = |c: u8| c.wrapping_sub(b'0') < 10;
    let n = b.len();
    // Never inside a run (and so never right after a digit but at the end of a run, before a
    // byte that is not one): runs are passed over whole.
    let mut i = 0;
    while i < n {
        let Some(chunk) = b.get(i..i + 16) else {
            // The last bytes, one by one.
            while i < n {
                let start = i;
                while i < n && is_digit(b[i]) {
                    i += 1;
                }
                if i - start >= 3 {
                    f(start);
                }
                i += usize::from(i == start);
            }
            break;
        };
        // Native targets get a few vector instructions from the fold; in wasm it stays mostly
        // scalar even with simd128, so wasm looks at eight bytes at a time in a `u64`.
        let any = if cfg!(target_arch = "wasm32") {
            digit_lanes(&chunk[..8]) | digit_lanes(&chunk[8..]) != 0
        } else {
            chunk.iter().fold(0u8, |any, &c| any | u8::from(is_digit(c))) != 0
        };
        if !any {
            i += 16;
            continue;
        }
        // The sixteen bytes and the next two, one bit each.
        let ahead = |k: usize| u32::from(b.get(i + k).is_some_and(|&c| is_digit(c)));
        let digits = u32::from(lane_bits(digit_lanes(&chunk[..8]))) | u32::from(lane_bits(digit_lanes(&chunk[8..]))) << 8 | ahead(16) << 16 | ahead(17) << 17;
        let mut long = digits & !(digits << 1) & digits >> 1 & digits >> 2 & 0xFFFF;
        while long != 0 {
            f(i + long.trailing_zeros() as usize);
            long &= long - 1;
        }
        i += 16;
        // A run going on past the chunk is passed over whole.
        if digits & 1 << 15 != 0 {
            while i < n && is_digit(b[i]) {
                i += 1;
            }
        }
    }
}

/// 0x80 in each of eight bytes (the first lowest) that is an ASCII digit ([`crate::swar`]).
fn digit_lanes(eight: &[u8]) -> u64 {
    crate::swar::within(u64::from_le_bytes(eight.try_into().unwrap_or([0; 8])), b'0', b'9')
}

/// The lanes of [`digit_lanes`] as eight bits, gathered by a multiplication.
fn lane_bits(lanes: u64) -> u16 {
    ((lanes >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Length of the run of bytes matching `ok` from `at`.
fn run(b: &[u8], at: usize, ok: impl Fn(u8) -> bool) -> usize {
    b[at.min(b.len())..].iter().take_while(|&&c| ok(c)).count()
}

fn key_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

fn b64url(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

fn m(start: usize, end: usize, kind: SecretKind) -> Option<SecretMatch> {
    Some(SecretMatch { range: Span::new(start, end), kind })
}

/// Prefixed tokens: sk-, sk_live_/rk_live_, gh?_, github_pat_, AKIA/ASIA, AIza, xox?-, eyJ
/// (JWT).
fn token(b: &[u8], i: usize) -> Option<SecretMatch> {
    let rest = &b[i..];
    if rest.starts_with(b"sk_live_") || rest.starts_with(b"rk_live_") {
        let n = run(b, i + 8, |c| c.is_ascii_alphanumeric());
        return (n >= 16).then(|| m(i, i + 8 + n, SecretKind::StripeKey)).flatten();
    }
    if rest.starts_with(b"AIza") {
        let n = run(b, i + 4, key_char);
        return (n >= 35).then(|| m(i, i + 4 + 35, SecretKind::GoogleApiKey)).flatten();
    }
    if rest.starts_with(b"sk-") {
        let n = run(b, i + 3, key_char);
        let body = &b[i + 3..i + 3 + n];
        let digits = body.iter().filter(|c| c.is_ascii_digit()).count();
        let letters = body.iter().filter(|c| c.is_ascii_alphabetic()).count();
        return (n >= 20 && digits >= 2 && letters >= 4).then(|| m(i, i + 3 + n, SecretKind::ApiKey)).flatten();
    }
    if rest.starts_with(b"github_pat_") {
        let n = run(b, i + 11, is_word);
        return (n >= 22).then(|| m(i, i + 11 + n, SecretKind::GitHubToken)).flatten();
    }
    if rest.len() > 4 && rest[0] == b'g' && rest[1] == b'h' && b"pousr".contains(&rest[2]) && rest[3] == b'_' {
        let n = run(b, i + 4, |c| c.is_ascii_alphanumeric());
        let has_digit = b[i + 4..i + 4 + n].iter().any(u8::is_ascii_digit);
        return (n >= 30 && has_digit).then(|| m(i, i + 4 + n, SecretKind::GitHubToken)).flatten();
    }
    if rest.starts_with(b"AKIA") || rest.starts_with(b"ASIA") {
        let n = run(b, i + 4, |c| c.is_ascii_uppercase() || c.is_ascii_digit());
        let end = i + 4 + n;
        let bounded = b.get(end).is_none_or(|&c| !c.is_ascii_alphanumeric());
        // AWS's own documentation key (`AKIAIOSFODNN7EXAMPLE`) stands for one, as its name says.
        let documented = b[i..end].ends_with(b"EXAMPLE");
        return (n == 16 && bounded && !documented).then(|| m(i, end, SecretKind::AwsAccessKey)).flatten();
    }
    if rest.len() > 5 && rest.starts_with(b"xox") && b"baprs".contains(&rest[3]) && rest[4] == b'-' {
        let n = run(b, i + 5, |c| c.is_ascii_alphanumeric() || c == b'-');
        let digits = b[i + 5..i + 5 + n].iter().filter(|c| c.is_ascii_digit()).count();
        return (n >= 10 && digits >= 4).then(|| m(i, i + 5 + n, SecretKind::SlackToken)).flatten();
    }
    if rest.starts_with(b"eyJ") {
        let p1 = run(b, i, b64url);
        let mut end = i + p1;
        if p1 < 10 || b.get(end) != Some(&b'.') {
            return None;
        }
        let p2 = run(b, end + 1, b64url);
        if p2 < 10 || b.get(end + 1 + p2) != Some(&b'.') {
            return None;
        }
        end += 1 + p2;
        let p3 = run(b, end + 1, b64url);
        if p3 < 10 {
            return None;
        }
        return m(i, end + 1 + p3, SecretKind::Jwt);
    }
    None
}

/// A `-----BEGIN … PRIVATE KEY-----` (or PGP `PRIVATE KEY BLOCK`) line followed by key
/// material: a base64 run of 16+ characters (after armor lines such as
/// `Proc-Type: 4,ENCRYPTED` or `Version: …`). The block ends at its END line; without one
/// (a key cut short), after its last base64 line. Lines may be separated by `\n` escapes,
/// as in a JSON row. A header alone (`the -----BEGIN PRIVATE KEY----- line`) is no secret.
fn private_key(text: &str, i: usize) -> Option<SecretMatch> {
    let label_start = i + "-----BEGIN ".len();
    let close = label_start + text.get(label_start..)?.find("-----")?;
    let label = &text[label_start..close];
    if label.len() > 40 || label.contains(['\n', '\\']) || !(label.ends_with("PRIVATE KEY") || label.ends_with("PRIVATE KEY BLOCK")) {
        return None;
    }
    let b = text.as_bytes();
    let mut words = KeyWords { b, at: close + 5 };
    // Armor lines first (a few words), then the key material.
    let (_, mut end) = words.by_ref().take(12).find(|&(s, e)| is_key_material(&b[s..e]))?;
    match text[end..].find("-----END ") {
        Some(n) => {
            let at = end + n;
            end = text[at + 9..].find("-----").map_or(text.len(), |e| at + 9 + e + 5);
        }
        None => {
            // The next lines while they are base64, one line break apart.
            for (s, e) in words {
                let gap = &text[end..s];
                let one_break = matches!(gap, "\n" | "\r\n" | "\\n" | "\\r\\n");
                if !one_break || !b[s..e].iter().all(|&c| base64(c)) {
                    break;
                }
                end = e;
            }
        }
    }
    m(i, end, SecretKind::PrivateKey)
}

/// The name inside a private key block's BEGIN line: `RSA PRIVATE KEY`.
fn key_label(block: &str) -> &str {
    let label = block.get("-----BEGIN ".len()..).unwrap_or("");
    label.find("-----").map_or("", |end| &label[..end])
}

/// The words of a key block, split at white space and at `\n`, `\r`, `\t` escapes.
struct KeyWords<'b> {
    b: &'b [u8],
    at: usize,
}

impl Iterator for KeyWords<'_> {
    type Item = (usize, usize);
    fn next(&mut self) -> Option<(usize, usize)> {
        let b = self.b;
        let separator = |k: usize| b[k].is_ascii_whitespace() || b[k] == b'\\' && matches!(b.get(k + 1), Some(b'n' | b'r' | b't'));
        let step = |k: usize| if b[k] == b'\\' { 2 } else { 1 };
        while self.at < b.len() && separator(self.at) {
            self.at += step(self.at);
        }
        let start = self.at;
        while self.at < b.len() && !separator(self.at) {
            self.at += 1;
        }
        (self.at > start).then_some((start, self.at))
    }
}

/// A character of key material: base64, or the `\` of a `\/` a JSON encoder wrote.
fn base64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=' | b'\\')
}

/// A line of key material: 16+ base64 characters of two kinds at least (capitals, small
/// letters, digits): a long word of prose is in small letters.
fn is_key_material(word: &[u8]) -> bool {
    word.len() >= 16 && word.iter().all(|&c| base64(c)) && classes(word) >= 2
}

/// How many of capitals, small letters and digits `word` holds.
fn classes(word: &[u8]) -> usize {
    [u8::is_ascii_uppercase, u8::is_ascii_lowercase, u8::is_ascii_digit].iter().filter(|f| word.iter().any(|c| f(c))).count()
}

/// A secret named by the label found at `i` (a [`NEEDLES`] hit): the value of `password:` /
/// `password=`, a `Bearer` token, an AWS secret access key after its label.
fn labelled(b: &[u8], i: usize) -> Option<SecretMatch> {
    let rest = &b[i..];
    let label_start = |back: usize| i.checked_sub(back).filter(|&s| s == 0 || !b[s - 1].is_ascii_alphanumeric() || after_escape(b, s));
    let word = [&b"assword"[..], b"ASSWORD", b"asswort", b"ASSWORT"].into_iter().find(|w| rest.starts_with(w));
    if let Some(word) = word {
        // `password`, `Password`, `DB_PASSWORD`, `"password"`, `**Password:**`, German
        // `Passwort`.
        label_start(1).filter(|&s| matches!(b[s], b'p' | b'P'))?;
        let value = value_after(b, i + word.len(), true)?;
        return is_password(&b[value.0..value.1]).then(|| m(value.0, value.1, SecretKind::Password)).flatten();
    }
    if rest.starts_with(b"earer ") {
        label_start(1).filter(|&s| matches!(b[s], b'B' | b'b'))?;
        let start = i + 6 + run(b, i + 6, |c| c == b' ');
        let n = run(b, start, |c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'~' | b'+' | b'/' | b'-' | b'='));
        let token = &b[start..start + n];
        let ok = n >= 16 && token.iter().any(u8::is_ascii_digit) && token.iter().any(u8::is_ascii_alphabetic);
        return ok.then(|| m(start, start + n, SecretKind::BearerToken)).flatten();
    }
    // `aws_secret_access_key`, `AWS_SECRET_ACCESS_KEY`, `SecretAccessKey`, `aws_secret_key`.
    let aws = [&b"ecret_access_key"[..], b"ECRET_ACCESS_KEY", b"ecretAccessKey", b"ecret_key", b"ECRET_KEY", b"ecretKey"].into_iter().find(|l| rest.starts_with(l));
    if let Some(label) = aws.filter(|_| i.checked_sub(1).is_some_and(|s| matches!(b[s], b's' | b'S'))) {
        let (start, end) = value_after(b, i + label.len(), false)?;
        let key = &b[start..end];
        // A JSON encoder may write `/` as `\/`: those backslashes are not the key's.
        let len = key.len() - key.iter().filter(|&&c| c == b'\\').count();
        let ok = len == 40 && classes(key) >= 2 && !key.ends_with(b"EXAMPLEKEY");
        return ok.then(|| m(start, end, SecretKind::AwsSecretKey)).flatten();
    }
    named_key(b, i)
}

/// A key named by its label, whatever service issued it: `API key value: pk_1920…`,
/// `CLICKUP_TOKEN=…`, `"client_secret": "…"`, `Access token: …`. The label is a word
/// ending in `key`, `token` or `secret` (at `i`, the [`NEEDLES`] hit), then an optional
/// `value`, then `:` or `=`; a plain `key` needs a word naming what it opens before it
/// (`api`, `access`, `secret`…, or any prefix in an environment name `STRIPE_KEY`), since
/// `key: …` is any map's key. The value must look drawn at random ([`is_random_key`]): the
/// label alone says nothing (`Token budget: 12000`, `API key: in the vault`).
fn named_key(b: &[u8], i: usize) -> Option<SecretMatch> {
    let rest = &b[i..];
    let (word, back) = if rest.starts_with(b"key") || rest.starts_with(b"Key") || rest.starts_with(b"KEY") {
        (3, 0)
    } else if rest.starts_with(b"oken") || rest.starts_with(b"OKEN") {
        (4, 1)
    } else if rest.starts_with(b"ecret") || rest.starts_with(b"ECRET") {
        (5, 1)
    } else {
        return None;
    };
    let start = i.checked_sub(back)?;
    if back == 1 && !matches!(b[start], b't' | b'T' | b's' | b'S') {
        return None;
    }
    let mut end = i + word;
    // The label ends here: not `keyboard`, `tokens`, `secretary`.
    if b.get(end).is_some_and(|&c| c.is_ascii_alphanumeric()) {
        return None;
    }
    // `API key value:`, `API_KEY_VALUE=`.
    for value in [&b" value"[..], b"_value", b" Value", b"_VALUE"] {
        if b[end..].starts_with(value) {
            end += value.len();
        }
    }
    if word == 3 && !names_what_a_key_opens(b, start) {
        return None;
    }
    let (vs, ve) = value_after(b, end, true)?;
    // A sentence may end right after the key.
    let ve = vs + b[vs..ve].iter().rposition(|&c| c != b'.').map_or(0, |p| p + 1);
    let value = &b[vs..ve];
    // Set with `=`, or quoted after `:` (`JWT_SECRET: "…"`): an unquoted value after `:` is
    // as often a type (`IFLA_INET6_TOKEN: _bindgen_ty_5`).
    let set = b[end..vs].contains(&b'=') || matches!(b[vs - 1], b'"' | b'\'' | b'`');
    let found = is_random_key(value) || (set && env_name(b, start, end) && is_set_secret(value));
    found.then(|| m(vs, ve, SecretKind::NamedKey)).flatten()
}

/// Whether the label from `start` to `end` closes an environment variable's name
/// (`JWT_SECRET`, `ENCRYPTION_KEY`, `GITHUB_TOKEN`): capitals, digits and `_`, the label
/// after a `_`. What such a name is set to is the secret, random-looking or not.
fn env_name(b: &[u8], start: usize, end: usize) -> bool {
    let env = |c: &u8| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_';
    let prefix = b[..start].iter().rev().take_while(|c| env(c)).count();
    let name_start = start - prefix;
    let bounded = name_start == 0 || !b[name_start - 1].is_ascii_alphanumeric();
    prefix >= 2 && b[start - 1] == b'_' && bounded && b[start..end].iter().all(env)
}

/// A value an environment name is set to that is a secret though it does not look random
/// (`my-super-secret-jwt-2024`, `home-designer-default-key-32ch`): 8 to 256 characters with
/// a digit or a symbol, not a placeholder (`your-key-here`, `${JWT_SECRET}`, `changeme`),
/// not a number or a date (four letters at least), nor a pointer to where the secret is kept (a path or a file,
/// `process.env.JWT_SECRET`, `secrets.GITHUB_TOKEN`, a URL).
fn is_set_secret(v: &[u8]) -> bool {
    if !(8..=256).contains(&v.len()) || is_placeholder(v) {
        return false;
    }
    let lower = v.to_ascii_lowercase();
    let placeholder = ["your", "example", "change", "replace", "dummy", "placeholder", "xxx", "here", "todo"];
    if placeholder.iter().any(|w| memchr::memmem::find(&lower, w.as_bytes()).is_some()) {
        return false;
    }
    let digit = v.iter().any(u8::is_ascii_digit);
    let symbol = v.iter().any(|&c| c.is_ascii_punctuation() && !matches!(c, b'-' | b'_'));
    let pointer = v.iter().any(|&c| matches!(c, b'/' | b'.' | b'\\' | b':'));
    // Words hold four letters at least; a number (`22528u16`, `2026-11-24`) does not.
    let letters = v.iter().filter(|c| c.is_ascii_alphabetic()).count();
    (digit || symbol) && !pointer && letters >= 4
}

/// Whether the word or two before a `key` at `at` say what the key opens: `API key`,
/// `api_key`, `apiKey`, `Access-Key`, `ENCRYPTION_KEY`, `STRIPE_KEY` (an environment name
/// of capitals: any prefix).
fn names_what_a_key_opens(b: &[u8], at: usize) -> bool {
    const OPENS: [&[u8]; 14] = [
        b"api", b"access", b"secret", b"private", b"auth", b"client", b"encryption", b"signing", b"license", b"master", b"service",
        b"account", b"webhook", b"app",
    ];
    let before = &b[at.saturating_sub(24)..at];
    let Some(&sep) = before.last() else { return false };
    let head = if matches!(sep, b' ' | b'_' | b'-') { &before[..before.len() - 1] } else { before };
    let n = head.iter().rev().take_while(|c| c.is_ascii_alphanumeric()).count();
    let prev = &head[head.len() - n..];
    if prev.is_empty() {
        return false;
    }
    if sep == b'_' && b[at] == b'K' && prev.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
        return true;
    }
    OPENS.iter().any(|w| prev.len() >= w.len() && prev[prev.len() - w.len()..].eq_ignore_ascii_case(w))
}

/// A value that looks drawn at random, as keys are: 20–256 key characters (letters, digits,
/// `_ - . + / =`), holding one run of 16+ characters between separators that mixes letters
/// with digits in two places at least, a spread of characters and no long word: a slug
/// `release-2026-11-24` or a name `home-designer-default-key` has no such run, an
/// identifier `X509HardwareKeyUsageFlags` has its digits in one place and 21 letters in a
/// row, a UUID's runs are shorter.
fn is_random_key(v: &[u8]) -> bool {
    if !(20..=256).contains(&v.len()) || is_placeholder(v) {
        return false;
    }
    if !v.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'+' | b'/' | b'=')) {
        return false;
    }
    v.split(|&c| matches!(c, b'_' | b'-' | b'.')).any(|part| {
        let digits = part.iter().filter(|c| c.is_ascii_digit()).count();
        let letters = part.iter().filter(|c| c.is_ascii_alphabetic()).count();
        part.len() >= 16 && digits >= 2 && letters >= 4 && distinct(part) >= 10 && scattered(part)
    })
}

/// Digits in two places at least, and no 15 letters in a row.
fn scattered(part: &[u8]) -> bool {
    let digit_runs = part.split(|c| !c.is_ascii_digit()).filter(|r| !r.is_empty()).count();
    let longest_letters = part.split(|c| !c.is_ascii_alphabetic()).map(<[u8]>::len).max().unwrap_or(0);
    digit_runs >= 2 && longest_letters < 15
}

/// How many different bytes `part` holds.
fn distinct(part: &[u8]) -> usize {
    let mut seen = [false; 128];
    part.iter().filter(|&&c| c < 128 && !std::mem::replace(&mut seen[c as usize], true)).count()
}

/// The value after a label: past closing quotes or markup, one `:` or `=` (or `:=`), spaces
/// and opening quotes or markup (`"password": "…"`, `password=…`, `**Password:** …`,
/// `\"…\"` in a JSON row). The value runs to white space, a quote, a backslash or a
/// delimiter (`,;)]}<>`); markup closing it is left out. With `any_char`, anything else
/// belongs to it (a password has symbols); without, only what a key holds.
fn value_after(b: &[u8], at: usize, any_char: bool) -> Option<(usize, usize)> {
    let markup = |c: u8| matches!(c, b'"' | b'\'' | b'`' | b'*' | b'\\');
    let mut k = at + run(b, at, markup);
    k += run(b, k, |c| c == b' ' || c == b'\t');
    match b.get(k) {
        Some(b':') => k += 1 + usize::from(b.get(k + 1) == Some(&b'=')),
        Some(b'=') => k += 1,
        _ => return None,
    }
    k += run(b, k, |c| c == b' ' || c == b'\t' || markup(c));
    let stop = |c: u8| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'\\' | b',' | b';' | b')' | b']' | b'}' | b'<' | b'>');
    let n = if any_char {
        run(b, k, |c| !stop(c))
    } else {
        // Key characters, and `\/` (`/` escaped in JSON).
        let mut n = 0;
        while let Some(&c) = b.get(k + n) {
            match c {
                b'\\' if b.get(k + n + 1) == Some(&b'/') => n += 2,
                c if c.is_ascii_alphanumeric() || c == b'/' || c == b'+' => n += 1,
                _ => break,
            }
        }
        n
    };
    let end = k + b[k..k + n].iter().rposition(|&c| c != b'*').map_or(0, |p| p + 1);
    (end > k).then_some((k, end))
}

/// A value of `password:` that is a password: 6+ characters with a digit or a symbol, not a
/// placeholder (`${DB_PASS}`, `<password>`, `********`, `my%20password`), a date, a version
/// or code (`let password = proxy.password().unwrap_or("")`).
fn is_password(v: &[u8]) -> bool {
    // `!secret mqtt_password`, `!env_var DB_PASS`: a YAML tag that fetches the value elsewhere.
    let tag = v.first() == Some(&b'!') && v.get(1).is_some_and(u8::is_ascii_alphabetic);
    if v.len() < 6 || v.len() > 128 || is_placeholder(v) || v.contains(&b'(') || tag {
        return false;
    }
    let lower = v.to_ascii_lowercase();
    if memchr::memmem::find(&lower, b"passw").is_some() {
        return false;
    }
    let digit = v.iter().any(u8::is_ascii_digit);
    let symbol = v.iter().any(|&c| c.is_ascii_punctuation() && !matches!(c, b'-' | b'_' | b'.' | b'/' | b':'));
    let dated = v.iter().all(|&c| c.is_ascii_digit() || matches!(c, b'-' | b'.' | b'/' | b':')) && !v.iter().all(u8::is_ascii_digit);
    (digit || symbol) && !dated && !v.starts_with(b"http")
}

/// The password of `scheme://user:password@host`.
fn url_password(b: &[u8], colon: usize) -> Option<SecretMatch> {
    // A scheme before `://`.
    let scheme = b[..colon].iter().rev().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-')).count();
    if scheme == 0 {
        return None;
    }
    let start = colon + 3;
    let userinfo_ok = |c: u8| !c.is_ascii_whitespace() && !matches!(c, b'/' | b'@' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'<' | b'>' | b'(' | b')');
    let user = run(b, start, |c| userinfo_ok(c) && c != b':');
    if b.get(start + user) != Some(&b':') {
        return None;
    }
    let pass_start = start + user + 1;
    // A password holds what a URL would escape (`postgres://app:Vq7#tLm2@db`): up to the `@`.
    let pass = run(b, pass_start, |c| userinfo_ok(c) || matches!(c, b'#' | b'?'));
    let pass_end = pass_start + pass;
    if pass == 0 || b.get(pass_end) != Some(&b'@') || !b.get(pass_end + 1).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'[') {
        return None;
    }
    let pw = &b[pass_start..pass_end];
    if is_placeholder(pw) {
        return None;
    }
    m(pass_start, pass_end, SecretKind::UrlPassword)
}

/// The path of a webhook URL after `://` (`hooks.slack.com/services/T0/B0/XXXX`): the
/// credential, 20 characters or more of it; the host stays readable.
fn webhook(b: &[u8], colon: usize) -> Option<SecretMatch> {
    const HOSTS: [&[u8]; 5] = [b"hooks.slack.com/services/", b"discord.com/api/webhooks/", b"discordapp.com/api/webhooks/", b"webhook.office.com/", b"outlook.office.com/webhook/"];
    let start = colon + 3;
    let host = HOSTS.iter().find(|h| b[start..].starts_with(h))?;
    let path = start + host.len();
    let len = run(b, path, |c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'_' | b'-' | b'@' | b'.'));
    if len < 20 || is_placeholder(&b[path..path + len]) || b[path..path + len].iter().filter(|c| c.is_ascii_alphanumeric()).all(|&c| c == b'X' || c == b'x') {
        return None;
    }
    m(path, path + len, SecretKind::WebhookUrl)
}

fn is_placeholder(pw: &[u8]) -> bool {
    const WORDS: [&str; 14] = [
        "password", "pass", "passwd", "pwd", "secret", "changeme", "example", "placeholder", "your_password",
        "yourpassword", "mypassword", "redacted", "token", "xxx",
    ];
    if matches!(pw[0], b'$' | b'<' | b'{' | b'[' | b'%' | b'(') {
        return true;
    }
    if pw.iter().all(|&c| c == pw[0]) {
        return true; // ***, xxxx, ....
    }
    let lower = String::from_utf8_lossy(pw).to_ascii_lowercase();
    // `…(redacted)`: masked already (masking is idempotent).
    WORDS.contains(&lower.as_str()) || lower.starts_with("your") || lower.contains("redacted")
}

/// 13–19 digits passing Luhn: bare, or in groups (4-4-4-4…, Amex 4-6-5) split by one space
/// or dash (the same throughout).
fn card(b: &[u8], i: usize) -> Option<SecretMatch> {
    if !matches!(b[i], b'3'..=b'6') {
        return None;
    }
    let first = run(b, i, |c| c.is_ascii_digit());
    let grouped = first == 4 && matches!(b.get(i + 4), Some(b' ' | b'-')) && b.get(i + 5).is_some_and(u8::is_ascii_digit);
    if !grouped && !(13..=19).contains(&first) {
        return None;
    }
    let mut groups = vec![first];
    let mut end = i + first;
    let sep = match b.get(end) {
        Some(&s @ (b' ' | b'-')) if first == 4 => Some(s),
        _ => None,
    };
    if let Some(sep) = sep {
        while b.get(end) == Some(&sep) {
            let n = run(b, end + 1, |c| c.is_ascii_digit());
            if n == 0 || groups.iter().sum::<usize>() + n > 19 {
                break;
            }
            groups.push(n);
            end += 1 + n;
        }
        let amex = groups == [4, 6, 5];
        let fours = groups.len() >= 4 && groups[..groups.len() - 1].iter().all(|&g| g == 4) && (1..=4).contains(groups.last()?);
        if !(amex || fours) {
            return None;
        }
    }
    let total: usize = groups.iter().sum();
    if !(13..=19).contains(&total) {
        return None;
    }
    if b.get(end).is_some_and(|&c| is_word(c) || (c == b'-' || c == b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit)) {
        return None;
    }
    let digits: Vec<u8> = b[i..end].iter().filter(|c| c.is_ascii_digit()).map(|c| c - b'0').collect();
    luhn(&digits).then(|| m(i, end, SecretKind::CardNumber)).flatten()
}

/// Words that say a card number on a line is a payment provider's test card (`Test con carte
/// di prova 4349 9401 9900 4549`, `sandbox card`, `tarjeta de prueba`): published, no secret.
const TEST_CARD_WORDS: &str = "test|sandbox|prova|prueba|teste|essai|テスト|测试|测试卡|тест|테스트";

/// Whether a line calls the card numbers on it test cards: one of [`TEST_CARD_WORDS`] opening
/// a word (`Testkarte`, not `latest`).
fn names_a_test_card(line: &str) -> bool {
    let lower = crate::case::to_lower(line);
    TEST_CARD_WORDS.split('|').any(|w| lower.match_indices(w).any(|(at, _)| !lower[..at].chars().next_back().is_some_and(char::is_alphanumeric)))
}

fn luhn(digits: &[u8]) -> bool {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(k, &d)| {
            let d = u32::from(d);
            if k % 2 == 1 {
                let x = d * 2;
                if x > 9 { x - 9 } else { x }
            } else {
                d
            }
        })
        .sum();
    sum % 10 == 0
}

/// `ddd-dd-dddd`, not area 000/666/9xx, group 00, serial 0000.
fn ssn(b: &[u8], i: usize) -> Option<SecretMatch> {
    let d = |k: usize| b.get(i + k).is_some_and(u8::is_ascii_digit);
    let shape = d(0) && d(1) && d(2) && b.get(i + 3) == Some(&b'-') && d(4) && d(5) && b.get(i + 6) == Some(&b'-') && d(7) && d(8) && d(9) && d(10);
    if !shape {
        return None;
    }
    if b.get(i + 11).is_some_and(|&c| is_word(c) || (c == b'-' || c == b'.') && b.get(i + 12).is_some_and(u8::is_ascii_digit)) {
        return None;
    }
    let area = &b[i..i + 3];
    if area == b"000" || area == b"666" || area[0] == b'9' || &b[i + 4..i + 6] == b"00" || &b[i + 7..i + 11] == b"0000" {
        return None;
    }
    m(i, i + 11, SecretKind::Ssn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SecretKind, &str)> {
        find_secrets(text).into_iter().map(|m| (m.kind, &text[m.range.range()])).collect()
    }

    #[test]
    fn finds_each_kind() {
        let cases: &[(&str, SecretKind, &str)] = &[
            ("key: sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC", SecretKind::ApiKey, "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC"),
            ("sk-ant-api03-Zx81Kd0q9LmNpQrStUvWx", SecretKind::ApiKey, "sk-ant-api03-Zx81Kd0q9LmNpQrStUvWx"),
            ("token ghp_1234567890abcdefghijABCDEFGHIJ123456 ok", SecretKind::GitHubToken, "ghp_1234567890abcdefghijABCDEFGHIJ123456"),
            ("github_pat_11ABCDEFG0123456789_abcdefghijklmnop", SecretKind::GitHubToken, "github_pat_11ABCDEFG0123456789_abcdefghijklmnop"),
            ("aws AKIAQ7R2M5XK3PZL9WJD.", SecretKind::AwsAccessKey, "AKIAQ7R2M5XK3PZL9WJD"),
            ("xoxb-123456789012-1234567890123-AbCdEfGh", SecretKind::SlackToken, "xoxb-123456789012-1234567890123-AbCdEfGh"),
            ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
             SecretKind::Jwt, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            ("db postgres://admin:hunter2x@db.internal:5432/app", SecretKind::UrlPassword, "hunter2x"),
            ("DATABASE_URL=postgres://app:Vq7#tLm29xPz?R4wK@db-staging:5432/app", SecretKind::UrlPassword, "Vq7#tLm29xPz?R4wK"),
            ("card 4111 1111 1111 1111 on file", SecretKind::CardNumber, "4111 1111 1111 1111"),
            ("card 4111-1111-1111-1111.", SecretKind::CardNumber, "4111-1111-1111-1111"),
            ("amex 378282246310005", SecretKind::CardNumber, "378282246310005"),
            ("amex 3782 822463 10005", SecretKind::CardNumber, "3782 822463 10005"),
            ("ssn 123-45-6789", SecretKind::Ssn, "123-45-6789"),
        ];
        for (text, kind, secret) in cases {
            assert_eq!(kinds(text), vec![(*kind, *secret)], "{text}");
        }
        let pem = "a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nb";
        let found = kinds(pem);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, SecretKind::PrivateKey);
        assert!(found[0].1.ends_with("END RSA PRIVATE KEY-----"));
    }

    #[test]
    fn leaves_look_alikes_alone() {
        for text in [
            "task-sk-learn", "use sk-learn for it", "ghp_short", "AKIAIOSFODNN7EXAMPL", "xoxb-abc",
            "eyJhbGci.short.x", "postgres://user:password@localhost/db", "redis://:${REDIS_PASS}@cache",
            "https://example.com/a:b@c", "mailto:someone@example.com", "4111 1111 1111 1112",
            "1776841920000", "2026-04-22T07:12Z", "000-12-3456", "666-12-3456", "912-12-3456",
            "123-00-4567", "2026-04-22 and 2026-04-23", "v1.2.3-456-78-9012", "-----BEGIN PUBLIC KEY-----",
            "phone 555-123-4567",
            // A provider's test cards, named so on their line.
            "Test con carte di prova 4349 9401 9900 4549 (esito OK)", "sandbox card 4111 1111 1111 1111",
            "テストカード 4242 4242 4242 4242",
        ] {
            assert_eq!(kinds(text), vec![], "{text}");
        }
        // `latest` is no test word.
        assert_eq!(kinds("latest card 4111 1111 1111 1111"), vec![(SecretKind::CardNumber, "4111 1111 1111 1111")]);
    }

    #[test]
    fn finds_the_kinds_added_for_issue_11() {
        let aws_secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2KM9TZWX";
        let cases: &[(&str, SecretKind, &str)] = &[
            ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2KM9TZWX", SecretKind::AwsSecretKey, aws_secret),
            ("\"SecretAccessKey\": \"wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2KM9TZWX\"", SecretKind::AwsSecretKey, aws_secret),
            ("export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY7Q2KM9TZWX", SecretKind::AwsSecretKey, aws_secret),
            // `/` escaped by a JSON encoder.
            ("{\"aws_secret_access_key\": \"wJalrXUtnFEMI\\/K7MDENG\\/bPxRfiCY7Q2KM9TZWX\"}", SecretKind::AwsSecretKey, "wJalrXUtnFEMI\\/K7MDENG\\/bPxRfiCY7Q2KM9TZWX"),
            ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", SecretKind::StripeKey, "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
            ("rk_live_51H8abcDEF0123456789xyz", SecretKind::StripeKey, "rk_live_51H8abcDEF0123456789xyz"),
            ("maps AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW ok", SecretKind::GoogleApiKey, "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW"),
            ("password: hunter2x", SecretKind::Password, "hunter2x"),
            ("DB_PASSWORD=S3cr3t!pw", SecretKind::Password, "S3cr3t!pw"),
            ("- Passwort: Geheim123!", SecretKind::Password, "Geheim123!"),
            ("\"password\": \"p4ssw0rd-prod\"", SecretKind::Password, "p4ssw0rd-prod"),
            ("**Password:** `Tr0ub4dor&3`", SecretKind::Password, "Tr0ub4dor&3"),
            ("Authorization: Bearer abc123def456ghi789jkl", SecretKind::BearerToken, "abc123def456ghi789jkl"),
            // Right after `_` or `-`: an environment name, a file name.
            ("OPENAI_KEY_sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC", SecretKind::ApiKey, "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC"),
            ("deploy_AKIAQ7R2M5XK3PZL9WJD_prod", SecretKind::AwsAccessKey, "AKIAQ7R2M5XK3PZL9WJD"),
            ("token-ghp_1234567890abcdefghijABCDEFGHIJ123456", SecretKind::GitHubToken, "ghp_1234567890abcdefghijABCDEFGHIJ123456"),
            // Right after a JSON escape.
            ("{\"content\": \"keys:\\nAKIAQ7R2M5XK3PZL9WJD\"}", SecretKind::AwsAccessKey, "AKIAQ7R2M5XK3PZL9WJD"),
            ("{\"content\": \"a\\tsk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC\"}", SecretKind::ApiKey, "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC"),
            ("{\"content\": \"ssn\\n123-45-6789\"}", SecretKind::Ssn, "123-45-6789"),
        ];
        for (text, kind, secret) in cases {
            assert_eq!(kinds(text), vec![(*kind, *secret)], "{text}");
        }
    }

    #[test]
    fn finds_private_key_blocks_with_key_material() {
        for (text, ends) in [
            ("-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQOYBF0abcDEFghiJKL012\n=abcd\n-----END PGP PRIVATE KEY BLOCK-----\nafter", "BLOCK-----"),
            // A JSON row whose encoder escapes `/`.
            ("{\"k\": \"-----BEGIN RSA PRIVATE KEY-----\\nMIIEow\\/BAAKCA\\/EA7b9\\n-----END RSA PRIVATE KEY-----\"}", "KEY-----"),
            // A JSON row: lines joined by `\n` escapes.
            ("{\"k\": \"-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA7b9\\n-----END RSA PRIVATE KEY-----\"}", "KEY-----"),
            // Cut short: the block ends after its last line of key material.
            ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAABG5vbmU\n\nmore notes", "AAAABG5vbmU"),
        ] {
            let found = kinds(text);
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].0, SecretKind::PrivateKey);
            assert!(found[0].1.ends_with(ends), "{text}: {:?}", found[0].1);
        }
    }

    #[test]
    fn finds_keys_named_by_their_label() {
        let cases: &[(&str, &str)] = &[
            ("- API key value: pk_192091183_KF8DWKPWFZQOBVK3I5MT8M4ONMOIBGO3", "pk_192091183_KF8DWKPWFZQOBVK3I5MT8M4ONMOIBGO3"),
            ("CLICKUP_TOKEN=9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
            ("\"client_secret\": \"Qm9vdHN0cmFwMjAyNkFiY2RlZmdo\"", "Qm9vdHN0cmFwMjAyNkFiY2RlZmdo"),
            ("**Access token:** `a1B2c3D4e5F6g7H8i9J0kLmN`.", "a1B2c3D4e5F6g7H8i9J0kLmN"),
            ("STRIPE_KEY=pk9x2LmQ7vR4tY8wZ1nB5cD3", "pk9x2LmQ7vR4tY8wZ1nB5cD3"),
            ("apiKey: 'x8Kq2mN7pL4vR9tW3yZ6bC1d'", "x8Kq2mN7pL4vR9tW3yZ6bC1d"),
            // An environment name's value, random-looking or not.
            ("ENCRYPTION_KEY='home-designer-default-key-32ch'", "home-designer-default-key-32ch"),
            ("- `JWT_SECRET`: `my-super-secret-jwt-2024`", "my-super-secret-jwt-2024"),
            ("export SESSION_TOKEN=s3ss10n!", "s3ss10n!"),
        ];
        for (text, secret) in cases {
            assert_eq!(kinds(text), vec![(SecretKind::NamedKey, *secret)], "{text}");
        }
        for text in [
            "Token budget: 120000000000000000000", "API key: stored in the vault", "key: a1B2c3D4e5F6g7H8i9J0kLmN",
            "Default: 'home-designer-default-key-32ch'", "release key: release-2026-11-24-candidate",
            "idempotency key: 550e8400-e29b-41d4-a716-446655440000", "API_KEY=${CLICKUP_API_KEY}",
            "API key: YOUR_API_KEY_GOES_HERE_123", "keyboard: a1B2c3D4e5F6g7H8i9J0kLmN", "tokens: 12345678901234567890abc",
            "Primary key: user_id_2026_table_name",
            // Environment names set to a placeholder, a pointer, a number or a word.
            "JWT_SECRET=your-jwt-secret-2024", "JWT_SECRET=${JWT_SECRET}", "JWT_SECRET: process.env.JWT_SECRET",
            "GITHUB_TOKEN: secrets.GITHUB_TOKEN_2", "SSH_KEY=~/.ssh/id_ed25519", "SERVICE_KEY=service-account-2.json",
            "MAX_TOKEN=40960000", "API_KEY=required", "ARCADE_PRIVATE_KEY=0x<your_cronos_testnet_private_key>",
            "SECRET_KEY=changeme123", "jwt_secret=my-super-secret-jwt-2024", "pub const IFLA_INET6_TOKEN: _bindgen_ty_5 = 1;",
            "const XCN_ENCRYPTION_KEY: X509HardwareKeyUsageFlags = 2i32;", "const VK_PAD_A: XINPUT_VIRTUAL_KEY = 22528u16;",
        ] {
            assert_eq!(kinds(text), vec![], "{text}");
        }
    }

    #[test]
    fn leaves_the_new_look_alikes_alone() {
        for text in [
            "-----BEGIN RSA PRIVATE KEY----- is the first line of a PEM key",
            "password: see the vault", "password=${DB_PASSWORD}", "mqtt_password: \"!secret mqtt_smartmeter\"", "password: !env_var DB_PASS", "password: <your password>", "password: ********",
            "Password: changeme", "password length: 12", "password: 2026-04-22", "the password hashing uses bcrypt",
            "Bearer token authentication middleware", "Bearer ${TOKEN}", "`R2_SECRET_ACCESS_KEY`, and `R2_BUCKET`",
            "aws_secret_access_key = YOUR_SECRET_ACCESS_KEY_GOES_HERE_PLEASE", "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
            "pk_live_4eC39HqLyjWDarjtT1zdp7dc", "AIzaShort",
            "x-4111 1111 1111 1111", "\\n", "https://discord.com/channels/442252698964721669/443151097398296587",
            "let password = proxy.password().unwrap_or(\"\");", "self.password = Some(v.to_string());",
            "username=user&password=secure%20password",
        ] {
            assert_eq!(kinds(text), vec![], "{text}");
        }
    }

    #[test]
    fn redacted_forms_are_not_detected_again() {
        let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7b9\n-----END RSA PRIVATE KEY-----";
        let found = find_secrets(pem);
        assert_eq!(found[0].redacted(pem), "RSA PRIVATE KEY…(redacted)");
        for text in [
            pem, "password: hunter2x", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "postgres://u:s3cr3tpw@h/x",
            "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW", "Bearer abc123def456ghi789jkl",
        ] {
            let once = redact(text).into_owned();
            assert_ne!(once, text);
            assert_eq!(find_secrets(&once), vec![], "{once}");
            assert_eq!(redact(&once), once.as_str());
        }
    }

    /// The one pass natively and the sixteen passes of wasm find the same starts: on texts
    /// made of the needles, pieces of them and their overlaps (`xoxox`, `_live_live_`), at
    /// the start and end of short and long texts.
    #[test]
    fn one_pass_finds_what_the_passes_find() {
        let found = |f: fn(&[u8], &mut Vec<usize>), text: &str| {
            let mut v = Vec::new();
            f(text.as_bytes(), &mut v);
            v.sort();
            v
        };
        const PIECES: [&str; 24] =
            ["sk-", "rk", "gh", "github_pat_", "xo", "x", "://", "_live_", "live_", "assword", "ASSWORD", "earer ", "ecret", "ECRET", "key", "Key", "KEY", "oken", "OKEN", "k", "e", " ", "é", "tok"];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut texts: Vec<String> = ["xoxox", "_live__live_", "sk_live_live_x", "gh", "ghgh", "token", ""].map(String::from).to_vec();
        for len in 0..400 {
            let text: String = (0..len % 60 + len / 20)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    PIECES[(seed % PIECES.len() as u64) as usize]
                })
                .collect();
            texts.push(text);
        }
        for text in &texts {
            assert_eq!(found(needle_starts, text), found(needle_starts_by_pass, text), "{text:?}");
        }
    }

    #[test]
    fn digit_runs_are_found_anywhere() {
        let text = "ab 12 345 x6789012345y 1-2-3 99";
        let mut got = Vec::new();
        digit_runs(text.as_bytes(), |at| got.push(at));
        assert_eq!(got, vec![6, 11]);
        for shift in 0..9 {
            let t = format!("{}4111 1111 1111 1111", "x ".repeat(shift));
            assert_eq!(kinds(&t), vec![(SecretKind::CardNumber, "4111 1111 1111 1111")], "{t}");
        }
    }

    #[test]
    fn digit_runs_agree_with_a_byte_by_byte_reading() {
        let naive = |b: &[u8]| {
            let mut out = Vec::new();
            let mut i = 0;
            while i < b.len() {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i - start >= 3 {
                    out.push(start);
                }
                i += usize::from(i == start);
            }
            out
        };
        // Digits dense enough to make runs of every length across the 16-byte chunks.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..300 {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    b"0123456789 -a\xC3"[(seed % 14) as usize]
                })
                .collect();
            let mut got = Vec::new();
            digit_runs(&text, |at| got.push(at));
            assert_eq!(got, naive(&text), "{:?}", String::from_utf8_lossy(&text));
        }
    }

    #[test]
    fn redaction_never_repeats_the_secret() {
        let key = "sk-proj-4f9XbQ2mT7vL0aZ3kR8yW1nC";
        let text = format!("use {key} and 123-45-6789 in postgres://u:s3cr3tpw@h/x");
        let red = redact(&text);
        assert!(!red.contains(key) && !red.contains("123-45-6789") && !red.contains("s3cr3tpw"), "{red}");
        assert!(red.contains("sk-p…(redacted)"), "{red}");
        assert!(matches!(redact("nothing here"), std::borrow::Cow::Borrowed(_)));
    }
}
