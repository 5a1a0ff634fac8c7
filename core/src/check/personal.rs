//! personal-data: an e-mail address, a LinkedIn, Facebook or Instagram profile, or a phone
//! number in international format (docs/rules.md "personal-data"). Memory is injected into
//! every session's prompt and travels with shares and exports; a person's contact details
//! do not belong there. Reported, never masked: masking is for secrets (docs/secrets.md).
//!
//! Left alone: fenced code; addresses nobody receives mail at (noreply, example and test
//! domains, placeholders such as `you@…`), role addresses (`support@`, `security@`), `git@`
//! remotes, the user part of a URL, and file names that look like addresses (`logo@2x.png`).
//! The message shows the address cut short, so the finding does not spread it further.

use super::Ctx;
use crate::code::Fences;
use crate::packed::{packed_words, Words};
use crate::rule::Rule;
use crate::span::Span;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::PersonalData) {
        return;
    }
    let text = cx.doc.source();
    let b = text.as_bytes();
    let mut found: Vec<(Span, String)> = Vec::new();
    for at in memchr::memchr2_iter(b'@', b'+', b) {
        if b[at] == b'+' {
            if let Some(span) = phone_at(b, at) {
                let t = &text[span.range()];
                found.push((span, format!("a phone number (`{}…`)", &t[..t.len().min(4)])));
            }
        } else if let Some((span, shown)) = email_at(text, at) {
            found.push((span, format!("an e-mail address (`{shown}`)")));
        }
    }
    for at in memchr::memmem::find_iter(b, ".com/") {
        if let Some((span, site)) = profile_at(text, at) {
            found.push((span, format!("a {site} profile (`{}`)", shorten(&text[span.range()]))));
        }
    }
    if found.is_empty() {
        return;
    }
    let fences = Fences::of(cx.doc);
    crate::sort::sort_by_key(&mut found, |(s, _)| [s.start() as u64, 0, 0]);
    for (span, what) in found {
        if fences.holds(span.start()) {
            continue;
        }
        let d = cx
            .diag(Rule::PersonalData, span, format!("personal data in a memory file: {what}"))
            .with_help("memory is injected into every session's prompt and shared with the file: keep people's contact details out of it, or name the person by role");
        cx.push(d);
    }
}

/// Local parts and domains that no person reads mail at.
const NOBODY: &[&str] = &[
    "noreply", "no-reply", "no_reply", "donotreply", "example", "user", "username", "you", "your", "yourname",
    "your.name", "name", "first.last", "firstname.lastname", "john.doe", "jane.doe", "someone", "foo", "bar", "test",
    "email", "me", "git", "admin", "support", "info", "contact", "hello", "team", "security", "sales", "help",
    "postmaster", "webmaster", "abuse", "privacy", "legal", "press", "billing", "notifications", "subscription",
    "subscriptions", "newsletter", "office", "careers", "jobs", "hr", "marketing", "partners", "feedback", "service",
    "orders", "accounts", "finance", "dev", "ops",
];
static NOBODY_WORDS: Words = packed_words!(NOBODY);

/// Domains (or their last label) that are placeholders, and file extensions that end a
/// name like `logo@2x.png`.
const NOWHERE: &[&str] = &[
    "example.com", "example.org", "example.net", "domain.com", "email.com", "company.com", "yourdomain.com", "test.com",
    "example", "test", "invalid", "localhost", "local", "png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "pdf", "md",
    "txt", "json", "js", "ts", "css", "html",
];
static NOWHERE_WORDS: Words = packed_words!(NOWHERE);

/// Whether the `@` at `at` ends the credentials of a URL: the word it is in opens with a
/// scheme (`postgres://portal_admin:Zomer2026!Hekje@db-old.internal`).
fn url_credentials(text: &str, at: usize) -> bool {
    let word_start = text[..at].rfind(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | '<')).map_or(0, |i| i + 1);
    text[word_start..at].contains("://")
}

/// The address around the `@` at `at`: its span and a shortened form for the message.
fn email_at(text: &str, at: usize) -> Option<(Span, String)> {
    let b = text.as_bytes();
    let local_char = |c: u8| c.is_ascii_alphanumeric() || b"._%+-".contains(&c);
    let start = at - b[..at].iter().rev().take_while(|&&c| local_char(c)).count();
    let domain_len = b[at + 1..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-').count();
    let local = &text[start..at];
    let domain = text[at + 1..at + 1 + domain_len].trim_end_matches(['.', '-']);
    let tld = domain.rsplit('.').next()?;
    let ok = !local.is_empty()
        && !local.starts_with('.')
        && domain.contains('.')
        && tld.len() >= 2
        && tld.bytes().all(|c| c.is_ascii_alphabetic())
        // `https://user@host`, `ssh://git@host`, `postgres://admin:Zomer!Hekje@db`: the user
        // (or password) part of a URL.
        && !(start > 0 && matches!(b[start - 1], b':' | b'/'))
        && !url_credentials(text, at);
    if !ok {
        return None;
    }
    let lower = crate::case::to_lower(local);
    let domain_lower = crate::case::to_lower(domain);
    let nobody = NOBODY_WORDS.iter().any(|n| lower == n || lower.contains("noreply") || lower.contains("no-reply"));
    let nowhere = NOWHERE_WORDS.iter().any(|n| domain_lower == n || domain_lower.ends_with(&format!(".{n}")) || tld == n)
        || domain_lower.contains("noreply");
    if nobody || nowhere {
        return None;
    }
    let shown: String = local.chars().take(2).collect();
    Some((Span::new(start, at + 1 + domain.len()), format!("{shown}…@{domain}")))
}

/// A profile URL around the `.com/` at `at`: `linkedin.com/in/NAME`, `facebook.com/NAME`,
/// `instagram.com/NAME`, with or without a scheme and `www.`.
fn profile_at(text: &str, at: usize) -> Option<(Span, &'static str)> {
    let b = text.as_bytes();
    let host_start = at - b[..at].iter().rev().take_while(|c| c.is_ascii_alphanumeric()).count();
    let host = crate::case::to_lower(&text[host_start..at]);
    let path = &text[at + 5..];
    let name_len = |p: &str| p.bytes().take_while(|&c| c.is_ascii_alphanumeric() || b"._-".contains(&c)).count();
    let (site, skip) = match host.as_str() {
        "linkedin" if path.starts_with("in/") => ("LinkedIn", 3),
        "facebook" | "fb" => ("Facebook", 0),
        "instagram" => ("Instagram", 0),
        _ => return None,
    };
    let name = &path[skip..skip + name_len(&path[skip..])];
    // Pages of the site itself, not of a person.
    const SITE_PAGES: &str = "groups|pages|events|sharer|share|help|policies|business|watch|p|reel|\
        explore|accounts|login|company|school";
    if name.is_empty() || SITE_PAGES.split('|').any(|p| crate::case::to_lower(name) == p) {
        return None;
    }
    let start = text[..host_start].rfind(|c: char| c.is_whitespace() || "(<[\"'".contains(c)).map_or(0, |i| i + 1);
    Some((Span::new(start.min(host_start), at + 5 + skip + name.len()), site))
}

/// `m.linkedin.com/in/jane-doe` → `linkedin.com/in/ja…`.
fn shorten(url: &str) -> String {
    let at = url.find(".com/").map_or(0, |i| i + 5);
    let from_host = url[..at].rfind(['/', '.']).map_or(0, |i| if url[..at].ends_with(".com/") && i + 5 == at { url[..i].rfind(['/', '.']).map_or(0, |j| j + 1) } else { i + 1 });
    let rest = &url[at..];
    let keep = rest.find('/').map_or(0, |i| i + 1);
    let name: String = rest[keep..].chars().take(2).collect();
    format!("{}{}{name}…", &url[from_host..at], &rest[..keep])
}

/// A phone number in international format at the `+` at `at`: a country code of one to
/// three digits, then groups of digits apart by spaces, dashes, dots or parentheses, eight
/// to fifteen digits in all; or the plus and ten to fifteen digits in one piece.
fn phone_at(b: &[u8], at: usize) -> Option<Span> {
    if at > 0 && !matches!(b[at - 1], b' ' | b'\t' | b'(' | b':' | b',' | b'\n' | b'"' | b'>' | b'[') {
        return None;
    }
    let country = b[at + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = at + 1 + country;
    let mut digits = country;
    let mut groups = 1;
    if (1..=3).contains(&country) {
        while i < b.len() {
            let sep = b[i..].iter().take_while(|&&c| matches!(c, b' ' | b'-' | b'.' | b'(' | b')')).count();
            let run = b[i + sep..].iter().take_while(|c| c.is_ascii_digit()).count();
            if sep == 0 || sep > 2 || run == 0 {
                break;
            }
            digits += run;
            groups += 1;
            i += sep + run;
        }
    }
    let after_ok = b.get(i).is_none_or(|c| !c.is_ascii_alphanumeric());
    let whole = groups == 1 && (10..=15).contains(&country);
    let grouped = groups >= 3 && (8..=15).contains(&digits);
    (after_ok && (whole || grouped)).then_some(Span::new(at, i))
}
