//! Timestamps as session-memory files write them, with no date library.
//!
//! Accepted (docs/dialects.md): ISO 8601 dates with a time to the minute or second, `T` or a space
//! between, and `Z`, an offset or no zone (`2026-04-22T07:12Z`, `2026-04-22T07:12:00+02:00`,
//! `2026-04-22 07:12`), and bare dates (`2026-04-22`). A time without a zone is taken as UTC
//! and remembered as such, so the checker can say so. Inside text, [`find`] reads the other
//! ways people date their notes too (`January 25, 2026`, `25.06.2025`, `2026年1月25日`:
//! [`written`]). The [`TimestampStyle`] of a parsed
//! timestamp lets edits write new timestamps the way the file already does.

mod written;

use serde::Serialize;
use std::fmt::{self, Write};

/// A point in time (UTC seconds since the Unix epoch) and how it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Timestamp {
    pub epoch_seconds: i64,
    pub style: TimestampStyle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    Date,
    Minute,
    Second,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "minutes")]
pub enum Zone {
    /// `Z` or `UTC`.
    Utc,
    /// `+02:00`: minutes east of UTC.
    Offset(i16),
    /// No zone written: read as UTC.
    Unspecified,
}

/// How a timestamp is written, so new ones can follow the file's convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct TimestampStyle {
    pub precision: Precision,
    /// `T` or ` ` between date and time.
    pub separator: char,
    pub zone: Zone,
}

impl TimestampStyle {
    /// The checkpoint log's own style (docs/dialects.md): `2026-04-22T07:12Z`.
    pub const CHECKPOINT: TimestampStyle = TimestampStyle {
        precision: Precision::Minute,
        separator: 'T',
        zone: Zone::Utc,
    };
}

impl Timestamp {
    /// Parses a whole string as a timestamp (surrounding whitespace allowed).
    pub fn parse(text: &str) -> Option<Timestamp> {
        let text = text.trim();
        match parse_prefix(text) {
            Some((ts, used)) if used == text.len() => Some(ts),
            _ => None,
        }
    }

    pub fn from_epoch(epoch_seconds: i64, style: TimestampStyle) -> Timestamp {
        Timestamp {
            epoch_seconds,
            style,
        }
    }

    /// Writes this instant in `style` (an offset style writes the local time at that offset).
    pub fn format(&self, style: TimestampStyle) -> String {
        let offset = match style.zone {
            Zone::Offset(m) => i64::from(m) * 60,
            _ => 0,
        };
        let local = self.epoch_seconds + offset;
        let days = local.div_euclid(86_400);
        let secs = local.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        let mut out = String::with_capacity(25);
        let _ = write!(out, "{y:04}-{m:02}-{d:02}");
        if style.precision == Precision::Date {
            return out;
        }
        let _ = write!(out, "{}{:02}:{:02}", style.separator, secs / 3600, secs / 60 % 60);
        if style.precision == Precision::Second {
            let _ = write!(out, ":{:02}", secs % 60);
        }
        match style.zone {
            Zone::Utc => out.push('Z'),
            Zone::Offset(m) => {
                let sign = if m < 0 { '-' } else { '+' };
                let m = m.unsigned_abs();
                let _ = write!(out, "{sign}{:02}:{:02}", m / 60, m % 60);
            }
            Zone::Unspecified => {}
        }
        out
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(self.style))
    }
}

/// Parses a timestamp at the start of `text`; returns it and the bytes it used.
pub fn parse_prefix(text: &str) -> Option<(Timestamp, usize)> {
    let b = text.as_bytes();
    let year = digits(b, 0, 4)?;
    if b.get(4) != Some(&b'-') {
        return None;
    }
    let month = digits(b, 5, 2)?;
    if b.get(7) != Some(&b'-') {
        return None;
    }
    let day = digits(b, 8, 2)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let date_only = |used: usize| {
        Some((
            Timestamp {
                epoch_seconds: days * 86_400,
                style: TimestampStyle {
                    precision: Precision::Date,
                    separator: 'T',
                    zone: Zone::Unspecified,
                },
            },
            used,
        ))
    };
    if b.get(10).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let separator = match b.get(10) {
        Some(b'T') | Some(b't') => 'T',
        Some(b' ') if b.get(11).is_some_and(u8::is_ascii_digit) => ' ',
        _ => return date_only(10),
    };
    let (Some(hour), Some(minute)) = (digits(b, 11, 2), digits(b, 14, 2)) else {
        return date_only(10);
    };
    if b.get(13) != Some(&b':') || hour > 23 || minute > 59 {
        return date_only(10);
    }
    let mut at = 16;
    let mut second = 0;
    let mut precision = Precision::Minute;
    if b.get(at) == Some(&b':') {
        if let Some(s) = digits(b, at + 1, 2).filter(|&s| s <= 60) {
            second = s;
            precision = Precision::Second;
            at += 3;
            // Fractions of a second are read and dropped.
            if b.get(at) == Some(&b'.') && b.get(at + 1).is_some_and(u8::is_ascii_digit) {
                at += 1;
                while b.get(at).is_some_and(u8::is_ascii_digit) {
                    at += 1;
                }
            }
        }
    }
    let mut zone = Zone::Unspecified;
    match b.get(at) {
        Some(b'Z') | Some(b'z') => {
            zone = Zone::Utc;
            at += 1;
        }
        Some(&sign @ (b'+' | b'-')) => {
            if let Some(h) = digits(b, at + 1, 2).filter(|&h| h <= 18) {
                let (m, used) = if b.get(at + 3) == Some(&b':') {
                    (digits(b, at + 4, 2), 6)
                } else {
                    (digits(b, at + 3, 2), 5)
                };
                if let Some(m) = m.filter(|&m| m < 60) {
                    let total = (h * 60 + m) as i16;
                    zone = Zone::Offset(if sign == b'-' { -total } else { total });
                    at += used;
                }
            }
        }
        Some(b' ') if text[at..].starts_with(" UTC") && !is_word_byte(b.get(at + 4)) => {
            zone = Zone::Utc;
            at += 4;
        }
        _ => {}
    }
    let offset_seconds = match zone {
        Zone::Offset(m) => i64::from(m) * 60,
        _ => 0,
    };
    let epoch_seconds =
        days * 86_400 + i64::from(hour * 3600 + minute * 60 + second) - offset_seconds;
    Some((
        Timestamp {
            epoch_seconds,
            style: TimestampStyle {
                precision,
                separator,
                zone,
            },
        },
        at,
    ))
}

/// Finds the first timestamp anywhere in `text`: ISO 8601 (not glued to a digit before it),
/// or a date written another common way ([`written`]: `January 25, 2026`, `25.06.2025`,
/// `2026年1月25日`). Every form holds a four-digit year, so only those are looked around.
/// Returns it and its byte range in `text`.
pub fn find(text: &str) -> Option<(Timestamp, std::ops::Range<usize>)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let run = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if run == 4 {
            if b.get(i + 4) == Some(&b'-') {
                if let Some((ts, used)) = parse_prefix(&text[i..]) {
                    return Some((ts, i..i + used));
                }
            }
            if let Some(found) = written::around_year(text, i) {
                return Some(found);
            }
        }
        i += run;
    }
    None
}

/// A day and a month without a year opening a title (`Fri 4 Dec`, `12月4日（火）`), dated in
/// the year that puts it at most a month after `latest`, a date the file writes in full: the
/// timestamp and the date's byte range.
pub(crate) fn find_without_year(title: &str, latest: Timestamp) -> Option<(Timestamp, std::ops::Range<usize>)> {
    let (month, day, at) = written::month_day(title)?;
    let (year, ..) = civil_from_days(latest.epoch_seconds.div_euclid(86_400));
    let year = u32::try_from(year).ok()?;
    let at_year = |y: u32| (day <= days_in_month(y, month)).then(|| days_from_civil(y, month, day));
    const MONTH: i64 = 31;
    let days = at_year(year).filter(|&d| d <= latest.epoch_seconds.div_euclid(86_400) + MONTH).or_else(|| at_year(year - 1))?;
    let style = TimestampStyle { precision: Precision::Date, separator: ' ', zone: Zone::Unspecified };
    Some((Timestamp { epoch_seconds: days * 86_400, style }, at))
}

fn is_word_byte(b: Option<&u8>) -> bool {
    b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

fn digits(b: &[u8], at: usize, n: usize) -> Option<u32> {
    let s = b.get(at..at + n)?;
    s.iter().try_fold(0u32, |acc, &c| {
        c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
    })
}

fn is_leap(y: u32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: u32, m: u32, d: u32) -> i64 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> Timestamp {
        Timestamp::parse(s).unwrap_or_else(|| panic!("{s} should parse"))
    }

    #[test]
    fn accepts_every_written_form_and_agrees_on_the_instant() {
        let base = ts("2026-04-22T07:12Z");
        assert_eq!(base.epoch_seconds, 1_776_841_920);
        assert_eq!(ts("2026-04-22T07:12:00Z").epoch_seconds, base.epoch_seconds);
        assert_eq!(ts("2026-04-22T09:12:00+02:00").epoch_seconds, base.epoch_seconds);
        assert_eq!(ts("2026-04-22T09:12+0200").epoch_seconds, base.epoch_seconds);
        assert_eq!(ts("2026-04-22 07:12").epoch_seconds, base.epoch_seconds);
        assert_eq!(ts("2026-04-22 07:12").style.zone, Zone::Unspecified);
        assert_eq!(ts("2026-04-22T07:12:00.250Z").epoch_seconds, base.epoch_seconds);
        assert_eq!(ts("2026-04-22 07:12 UTC").style.zone, Zone::Utc);
        assert_eq!(ts("2026-04-22").style.precision, Precision::Date);
    }

    #[test]
    fn rejects_impossible_dates() {
        for bad in ["2026-02-30", "2026-13-01", "2026-04-22T25:00Z", "26-04-22", "2026-04-221"] {
            assert!(Timestamp::parse(bad).is_none(), "{bad}");
        }
        assert!(Timestamp::parse("2024-02-29").is_some());
    }

    #[test]
    fn formats_back_in_the_same_style() {
        for s in ["2026-04-22T07:12Z", "2026-04-22T09:12:00+02:00", "2026-04-22 07:12", "1999-12-31", "2026-04-22T07:12:05-05:30"] {
            let t = ts(s);
            assert_eq!(t.to_string(), s);
        }
    }

    #[test]
    fn finds_a_timestamp_inside_text() {
        let (t, r) = find("## Session 52: 2025-12-10 (`cf27c28`)").unwrap();
        assert_eq!(r, 15..25);
        assert_eq!(t.style.precision, Precision::Date);
        assert!(find("build 12026-01-01").is_none());
    }
}
