//! Dates as people write them besides ISO 8601 (docs/dialects.md, "Timestamps"): found around
//! a four-digit year, so that a scan costs nothing where no year is written.
//!
//! - the year last: `January 25, 2026`, `Jan. 25th 2026`, `25 January 2026`, `25 de enero de
//!   2026`, `25. Januar 2026`, `25 января 2026`; `25.06.2025` (day first, as every language
//!   that writes dots does); `29/06/2025` or `06/29/2025` when the numbers tell which is the
//!   day (one of them over 12), else no date: a guess could be months off;
//! - the year first: `2026/01/25`, `2026.01.25`, `2026年1月25日`, `2026년 1월 25일`;
//! - then, if one follows, a time of day: `, 8:30 PM`, ` ~08:18 UTC`, ` at 14:05`.

use super::{days_from_civil, days_in_month, Precision, Timestamp, TimestampStyle, Zone};
use std::ops::Range;

/// Month names in the languages the reader knows (docs/reader.md), lower case, twelve to a
/// line, January first; Russian writes the month in the genitive after a day. `-` holds a
/// month a line has no other word for. One text, not a table of pairs: a pointer and a
/// length per name cost the dashboard's download more than the names.
const MONTHS: &str = "\
january february march april may june july august september october november december \
jan feb mar apr - jun jul aug sep oct nov dec \
- - - - - - - - sept - - - \
enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre \
- - - - - - - - setiembre - - - \
janeiro fevereiro março - maio junho julho - setembro outubro novembro dezembro \
janvier février mars avril mai juin juillet août septembre octobre novembre décembre \
januar februar märz - - juni juli - - oktober - dezember \
gennaio febbraio - aprile maggio giugno luglio - settembre ottobre - dicembre \
januari februari - - maj - - augusti - - - - \
января февраля марта апреля мая июня июля августа сентября октября ноября декабря";

/// The date written around the four-digit year at `year..year + 4` of `text`, with the time
/// of day after it if one follows: the timestamp and its byte range.
pub(super) fn around_year(text: &str, year: usize) -> Option<(Timestamp, Range<usize>)> {
    let b = text.as_bytes();
    let y = super::digits(b, year, 4).filter(|y| (1970..=2099).contains(y))?;
    let (start, month, day, end) = year_first(text, year).or_else(|| year_last(text, year))?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(y, month) {
        return None;
    }
    let days = days_from_civil(y, month, day);
    let (seconds, precision, zone, end) = time_of_day(text, end).unwrap_or((0, Precision::Date, Zone::Unspecified, end));
    let style = TimestampStyle { precision, separator: ' ', zone };
    Some((Timestamp { epoch_seconds: days * 86_400 + seconds, style }, start..end))
}

/// `2026/01/25`, `2026.01.25`, `2026年1月25日`, `2026년 1월 25일`: (start, month, day, end).
fn year_first(text: &str, year: usize) -> Option<(usize, u32, u32, usize)> {
    let b = text.as_bytes();
    let at = year + 4;
    match b.get(at) {
        Some(&sep @ (b'/' | b'.')) => {
            let (month, m_end) = number(b, at + 1)?;
            (b.get(m_end) == Some(&sep)).then_some(())?;
            let (day, d_end) = number(b, m_end + 1)?;
            // `2026.01.25.1` is a version, not a date.
            (!matches!(b.get(d_end), Some(c) if c.is_ascii_digit() || *c == sep && b.get(d_end + 1).is_some_and(u8::is_ascii_digit))).then_some(())?;
            Some((year, month, day, d_end))
        }
        _ => {
            let rest = &text[at..];
            let (year_mark, month_mark, day_mark) = if rest.starts_with('年') { ("年", "月", "日") } else if rest.starts_with('년') { ("년", "월", "일") } else { return None };
            let mut i = at + year_mark.len();
            i += count_spaces(b, i);
            let (month, m_end) = number(b, i)?;
            text[m_end..].starts_with(month_mark).then_some(())?;
            let mut i = m_end + month_mark.len();
            i += count_spaces(b, i);
            let (day, d_end) = number(b, i)?;
            let end = if text[d_end..].starts_with(day_mark) { d_end + day_mark.len() } else { d_end };
            Some((year, month, day, end))
        }
    }
}

/// `January 25, 2026`, `25 January 2026`, `25 de enero de 2026`, `25.06.2025`, `29/06/2025`:
/// (start, month, day, end).
fn year_last(text: &str, year: usize) -> Option<(usize, u32, u32, usize)> {
    let b = text.as_bytes();
    let end = year + 4;
    if b.get(end).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let before = &text[..year];
    // Numbers: `25.06.2025`, `29/06/2025`.
    if let Some(sep @ (b'.' | b'/')) = before.bytes().last() {
        let (second, s_start) = number_before(b, year.checked_sub(2)?)?;
        (s_start > 1 && b[s_start - 1] == sep).then_some(())?;
        let (first, f_start) = number_before(b, s_start - 2)?;
        // `1.2.25.06.2025` or `v1.06.2025` is no date.
        if f_start > 0 && (b[f_start - 1] == sep || b[f_start - 1].is_ascii_alphanumeric()) {
            return None;
        }
        let (month, day) = match sep {
            b'.' => (second, first),
            _ if first > 12 => (second, first),
            _ if second > 12 => (first, second),
            _ => return None,
        };
        return Some((f_start, month, day, end));
    }
    // Words: strip what stands between the year and the day or month before it.
    let gap = [", ", " de ", ". ", " "].iter().find(|g| before.ends_with(*g))?;
    let head = &before[..before.len() - gap.len()];
    // `January 25, 2026`, `Jan. 25th 2026`: a day, then the month before it.
    let day_text = head.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let ordinal = head.len() - day_text.len();
    if ordinal <= 2 && day_text.as_bytes().last().is_some_and(u8::is_ascii_digit) {
        let suffix = &head[day_text.len()..];
        if ordinal == 0 || ["st", "nd", "rd", "th"].contains(&suffix) {
            let (day, d_start) = number_before(b, day_text.len() - 1)?;
            let before_day = &text[..d_start];
            let month_end = before_day.strip_suffix(' ')?;
            let month_end = month_end.strip_suffix('.').unwrap_or(month_end);
            let (month, m_start) = month_before(month_end)?;
            return Some((m_start, month, day, end));
        }
    }
    // `25 January 2026`, `25. Januar 2026`, `25 de enero de 2026`: the month, then the day.
    let (month, m_start) = month_before(head.strip_suffix('.').unwrap_or(head))?;
    let before_month = &text[..m_start];
    let day_end = [" de ", ". ", " "].iter().find_map(|g| before_month.strip_suffix(*g))?;
    let (day, d_start) = number_before(b, day_end.len().checked_sub(1)?)?;
    Some((d_start, month, day, end))
}

/// A number of one or two digits at `at`, not followed by a third: (value, end).
fn number(b: &[u8], at: usize) -> Option<(u32, usize)> {
    let n = b.get(at..)?.iter().take(3).take_while(|c| c.is_ascii_digit()).count();
    matches!(n, 1 | 2).then(|| (super::digits(b, at, n).unwrap_or(0), at + n))
}

/// A number of one or two digits ending at `last` (inclusive), not preceded by a third:
/// (value, start).
fn number_before(b: &[u8], last: usize) -> Option<(u32, usize)> {
    let n = b[..=last].iter().rev().take(3).take_while(|c| c.is_ascii_digit()).count();
    let start = last + 1 - n;
    matches!(n, 1 | 2).then(|| (super::digits(b, start, n).unwrap_or(0), start))
}

/// The month named by the word that ends `text`: (month, the word's start).
fn month_before(text: &str) -> Option<(u32, usize)> {
    let start = text.char_indices().rev().take_while(|(_, c)| c.is_alphabetic()).last()?.0;
    if text[..start].chars().next_back().is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    Some((month_named(&text[start..])?, start))
}

/// The month a word names ([`MONTHS`]), in any case.
fn month_named(word: &str) -> Option<u32> {
    // Counted in characters: `сентября` is sixteen bytes.
    if word.chars().nth(12).is_some() {
        return None;
    }
    let mut folded = String::with_capacity(word.len());
    for c in word.chars() {
        crate::case::push_lower(&mut folded, c);
    }
    let month = MONTHS.split(' ').position(|name| name == folded)?;
    Some(month as u32 % 12 + 1)
}

/// A day and a month without a year opening a title, a weekday's name before them allowed
/// (`Fri 4 Dec`, `Dec 4`, `December 4th`, `4. Dezember`, `4 de diciembre`, `4 декабря`,
/// `12月4日（火）`, `12월 4일`), and nothing after them but a note set apart (`— standup`,
/// `(Tue)`): (month, day, the date's byte range). Titles only: a sentence's `Dec 4` may be a
/// deadline, and a log's headings are few.
pub(super) fn month_day(title: &str) -> Option<(u32, u32, Range<usize>)> {
    let b = title.as_bytes();
    let lead = title.len() - title.trim_start_matches(['*', '_', '[', ' ']).len();
    // `12月4日`, `12월 4일`.
    if let Some((month, m_end)) = number(b, lead) {
        for (month_mark, day_mark) in [("月", "日"), ("월", "일")] {
            if let Some(rest) = title[m_end..].strip_prefix(month_mark) {
                let at = title.len() - rest.len();
                let (day, d_end) = number(b, at + count_spaces(b, at))?;
                let end = d_end + title[d_end..].strip_prefix(day_mark).map_or(usize::MAX, |_| day_mark.len());
                return (end < title.len() + 1).then_some((month, day, lead..end)).filter(|&(m, d, _)| valid(m, d));
            }
        }
    }
    // Words: a weekday's name, a day and a month either way round.
    let mut tokens = Vec::new();
    let mut at = lead;
    for piece in title[lead..].split_inclusive([' ', ',']) {
        let word = piece.trim_end_matches([' ', ',']).trim_end_matches(['*', '_', ']', ':']);
        if !word.is_empty() {
            tokens.push((at, word));
        }
        at += piece.len();
        if tokens.len() == 4 {
            break;
        }
    }
    let day_of = |w: &str| {
        let digits = w.trim_end_matches(['.', 's', 't', 'n', 'd', 'r', 'h']);
        let suffix = &w[digits.len()..];
        (matches!(suffix, "" | "." | "st" | "nd" | "rd" | "th") && (1..=2).contains(&digits.len())).then(|| digits.parse::<u32>().ok()).flatten()
    };
    let month_of = |w: &str| month_named(w.trim_end_matches('.'));
    for skip in 0..2 {
        let rest = tokens.get(skip..).unwrap_or(&[]);
        // A weekday (any word that is no month) only before a date.
        if skip == 1 && tokens.first().is_none_or(|(_, w)| month_of(w).is_some() || day_of(w).is_some() || !w.chars().all(char::is_alphabetic)) {
            break;
        }
        let found = match rest {
            [(s, d), (_, "de"), (m_at, m), ..] => day_of(d).zip(month_of(m)).map(|(day, month)| (month, day, *s, m_at + m.len())),
            [(s, a), (e_at, e), ..] => match (day_of(a), month_of(a), day_of(e), month_of(e)) {
                (Some(d), _, _, Some(m)) => Some((m, d, *s, e_at + e.len())),
                (_, Some(m), Some(d), _) => Some((m, d, *s, e_at + e.len())),
                _ => None,
            },
            _ => None,
        };
        if let Some((month, day, start, end)) = found {
            // Nothing after the date but a note set apart.
            let after = title[end..].trim_start_matches([' ', ',']);
            let apart = after.is_empty() || after.starts_with(['—', '–', '-', ':', '(', '（', '|', '*', '_', ']']);
            return (apart && valid(month, day)).then_some((month, day, start..end));
        }
    }
    None
}

/// Whether a day fits its month in some year.
fn valid(month: u32, day: u32) -> bool {
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(2024, month)
}

fn count_spaces(b: &[u8], at: usize) -> usize {
    b.get(at..).map_or(0, |r| r.iter().take_while(|&&c| c == b' ').count())
}

/// A time of day right after a date (`, 8:30 PM`, ` ~08:18 UTC`, ` at 14:05:09`): seconds
/// into the day (to UTC when a zone is written), precision, zone, end.
fn time_of_day(text: &str, at: usize) -> Option<(i64, Precision, Zone, usize)> {
    let b = text.as_bytes();
    let mut i = at;
    if b.get(i) == Some(&b',') {
        i += 1;
    }
    let spaces = count_spaces(b, i);
    if spaces == 0 && i == at {
        return None;
    }
    i += spaces;
    if b.get(i) == Some(&b'~') {
        i += 1;
    } else if text[i..].starts_with("at ") {
        i += 3;
    }
    let (mut hour, h_end) = number(b, i)?;
    (b.get(h_end) == Some(&b':')).then_some(())?;
    let minute = super::digits(b, h_end + 1, 2).filter(|&m| m < 60)?;
    let mut i = h_end + 3;
    let mut second = 0;
    let mut precision = Precision::Minute;
    if b.get(i) == Some(&b':') {
        if let Some(s) = super::digits(b, i + 1, 2).filter(|&s| s < 60) {
            second = s;
            precision = Precision::Second;
            i += 3;
        }
    }
    if b.get(i).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let after = |i: usize, word: &str| {
        let j = i + count_spaces(b, i);
        let w = text.get(j..j + word.len())?;
        (w.eq_ignore_ascii_case(word) && !b.get(j + word.len()).is_some_and(u8::is_ascii_alphanumeric)).then_some(j + word.len())
    };
    if let Some(j) = after(i, "pm") {
        (1..=12).contains(&hour).then_some(())?;
        hour = hour % 12 + 12;
        i = j;
    } else if let Some(j) = after(i, "am") {
        (1..=12).contains(&hour).then_some(())?;
        hour %= 12;
        i = j;
    }
    if hour > 23 {
        return None;
    }
    let mut zone = Zone::Unspecified;
    if let Some(j) = after(i, "utc").or_else(|| after(i, "gmt")) {
        zone = Zone::Utc;
        i = j;
    }
    Some((i64::from(hour * 3600 + minute * 60 + second), precision, zone, i))
}

#[cfg(test)]
mod tests {
    use super::super::{find, Precision, Timestamp, Zone};
    use super::month_day;

    /// The date (and time) `find` reads in `text`, as ISO, and the words it spans.
    fn read(text: &str) -> Option<(String, &str)> {
        find(text).map(|(t, r)| (t.to_string(), &text[r]))
    }

    #[test]
    fn dates_as_people_write_them() {
        let cases = [
            ("## Session Log - January 25, 2026", "2026-01-25", "January 25, 2026"),
            ("**Completed:** Dec 26th, 2025.", "2025-12-26", "Dec 26th, 2025"),
            ("- **Last Deploy:** Jan. 2 2026", "2026-01-02", "Jan. 2 2026"),
            ("Fecha: 25 de enero de 2026", "2026-01-25", "25 de enero de 2026"),
            ("Stand: 3. März 2026", "2026-03-03", "3. März 2026"),
            ("Mise à jour le 14 août 2025", "2025-08-14", "14 août 2025"),
            ("Обновлено 5 января 2026", "2026-01-05", "5 января 2026"),
            ("Обновлено 5 сентября 2026", "2026-09-05", "5 сентября 2026"),
            ("Aggiornato il 9 settembre 2025", "2025-09-09", "9 settembre 2025"),
            ("**Ngày cập nhật**: 17/01/2025", "2025-01-17", "17/01/2025"),
            ("Updated 01/17/2025", "2025-01-17", "01/17/2025"),
            ("Stand 25.06.2025", "2025-06-25", "25.06.2025"),
            ("日付: 2026年1月25日", "2026-01-25", "2026年1月25日"),
            ("날짜: 2026년 1월 25일", "2026-01-25", "2026년 1월 25일"),
            ("2026/01/25 notes", "2026-01-25", "2026/01/25"),
        ];
        for (text, iso, words) in cases {
            let (got, span) = read(text).unwrap_or_else(|| panic!("no date in {text}"));
            assert_eq!((got.as_str(), span), (iso, words), "{text}");
        }
    }

    #[test]
    fn a_time_after_the_date_is_read_with_it() {
        let (t, r) = find("## Session Log - January 26, 2026 ~08:18 UTC").unwrap();
        assert_eq!(t.epoch_seconds, Timestamp::parse("2026-01-26T08:18Z").unwrap().epoch_seconds);
        assert_eq!((t.style.precision, t.style.zone, r.end), (Precision::Minute, Zone::Utc, 44));
        let (t, _) = find("**Status**: Completed (29/06/2025, 8:30 PM)").unwrap();
        assert_eq!(t.epoch_seconds, Timestamp::parse("2025-06-29T20:30Z").unwrap().epoch_seconds);
        assert_eq!(t.style.zone, Zone::Unspecified);
        let (t, _) = find("12 May 2026 at 12:05 am").unwrap();
        assert_eq!(t.epoch_seconds, Timestamp::parse("2026-05-12T00:05Z").unwrap().epoch_seconds);
    }

    #[test]
    fn what_is_no_date() {
        for text in [
            "03/04/2025",         // the day could be either number
            "in May 2026",        // no day
            "version 1.2.10.2025", // a version
            "v1.06.2025",
            "port 3000/2025",
            "February 30, 2026",  // no such day
            "issue 25 of 12345",
            "January 25, 20261",
            "2026.01.25.1",
            "Mayday 5 2026",
        ] {
            assert!(read(text).is_none(), "{text}: {:?}", read(text));
        }
    }

    proptest::proptest! {
        /// Any text made of date-like pieces (digits, separators, month names, multibyte
        /// marks) is read without a panic, and a date found lies on character boundaries.
        #[test]
        fn never_panics_on_date_like_text(parts in proptest::collection::vec(proptest::sample::select(vec![
            "2026", "1999", "25", "1", "13", "/", ".", "-", ", ", " ", " de ", "January", "Jan.", "août", "января",
            "年", "月", "日", "년", "월", "일", "~", "8:30", " PM", " UTC", "th", "é", "\u{1F600}", "v", "0",
        ]), 0..12)) {
            let text: String = parts.concat();
            if let Some((_, r)) = find(&text) {
                proptest::prop_assert!(text.is_char_boundary(r.start) && text.is_char_boundary(r.end) && r.start < r.end);
            }
        }
    }

    #[test]
    fn a_day_and_month_opening_a_title() {
        for (title, month, day) in [
            ("Fri 4 Dec", 12, 4),
            ("Dec 4", 12, 4),
            ("December 4th — standup", 12, 4),
            ("4. Dezember", 12, 4),
            ("4 de diciembre", 12, 4),
            ("4 декабря", 12, 4),
            ("12月4日（金）", 12, 4),
            ("12월 4일", 12, 4),
            ("**Tue 1 Dec**", 12, 1),
        ] {
            let (m, d, r) = month_day(title).unwrap_or_else(|| panic!("{title}"));
            assert_eq!((m, d), (month, day), "{title}");
            assert!(title.is_char_boundary(r.start) && title.is_char_boundary(r.end), "{title}");
        }
        // A date with more after it is a title about something else; a day a month lacks is none.
        for title in ["Fix Dec 4 bug", "4 Dec deploy went wrong", "31 Nov", "Sprint 4", "May the force"] {
            assert_eq!(month_day(title), None, "{title}");
        }
    }

}
