//! Readers for the one-line shapes inside list items: a log entry's timestamp prefix, a
//! progress line, a `SUPERSEDES` reference and a status emoji. Each works on a slice of the
//! source and returns spans relative to it, so callers add the slice's offset.

use crate::document::{Status, StatusWord};
use crate::span::Span;
use crate::time::{self, Timestamp};

/// A timestamp at the start of an entry: `2026-04-22T07:12Z — text`, `**2026-04-22** text`,
/// `[2026-04-22 07:12] - text`.
pub(crate) struct EntryPrefix {
    pub timestamp: Timestamp,
    pub timestamp_span: Span,
    pub separator: Option<Span>,
    pub text_start: usize,
}

const SEPARATORS: [&str; 8] = [" — ", " -- ", " – ", " - ", "—", ": ", " | ", " "];

pub(crate) fn entry_prefix(text: &str) -> Option<EntryPrefix> {
    let open = ["**", "[", "(", "`"].iter().find(|o| text.starts_with(**o));
    let start = open.map_or(0, |o| o.len());
    let (timestamp, used) = time::parse_prefix(&text[start..])?;
    let ts_end = start + used;
    let mut at = ts_end;
    for close in ["**", "]", ")", "`"] {
        if text[at..].starts_with(close) {
            at += close.len();
            break;
        }
    }
    let mut separator = None;
    if let Some(sep) = SEPARATORS.iter().find(|s| text[at..].starts_with(**s)) {
        separator = Some(Span::new(at, at + sep.len()));
        at += sep.len();
    } else if at < text.len() && !text[at..].starts_with(char::is_whitespace) {
        // Glued to more text ("2026-04-22T07:12Zfoo"): not an entry prefix.
        if !text[at..].starts_with(':') && !text[at..].starts_with(',') {
            return None;
        }
    }
    let rest = &text[at..];
    let text_start = at + (rest.len() - rest.trim_start().len());
    Some(EntryPrefix {
        timestamp,
        timestamp_span: Span::new(start, ts_end),
        separator,
        text_start,
    })
}

/// `STATUS: rest` at the start of an item: the word's span and where `rest` starts.
/// The word is upper case (letters, `_`, `-`, inner spaces), optionally in `**bold**`, or
/// in brackets before the rest (`[IN PROGRESS] Create STATUS.md`, as agents tag a task;
/// `【完了】ログイン`, `[已完成] 登录`, a status of the lexicon in any case, as CJK writers
/// tag one).
pub fn status_word(text: &str) -> Option<(Span, usize)> {
    let b = text.as_bytes();
    let mut at = 0;
    let bold = text.starts_with("**");
    if bold {
        at = 2;
    } else if let Some((open, close)) = [("[", ']'), ("【", '】')].iter().find(|(open, _)| text.starts_with(*open)) {
        let end = text.find(*close)?;
        let word = &text[open.len()..end];
        let upper = word.len() >= 2 && word.bytes().all(|c| c.is_ascii_uppercase() || matches!(c, b'_' | b'-' | b' '));
        let said = || matches!(crate::lexicon::phrase_at(word), Some(crate::lexicon::Found { meaning: crate::lexicon::Meaning::Status(_), len }) if len == word.len());
        let after = end + close.len_utf8();
        let rest = after + (text[after..].len() - text[after..].trim_start().len());
        // Wide brackets close a tag with no space after them.
        let spaced = rest > after || *close == '】';
        return ((upper || said()) && !word.starts_with(' ') && spaced && rest < text.len()).then(|| (Span::new(open.len(), end), rest));
    }
    let start = at;
    while at < b.len() && (b[at].is_ascii_uppercase() || matches!(b[at], b'_' | b'-' | b' ')) {
        at += 1;
    }
    let mut end = at;
    while end > start && b[end - 1] == b' ' {
        end -= 1;
    }
    if end - start < 2 || !b[start].is_ascii_uppercase() || !b[end - 1].is_ascii_uppercase() {
        return None;
    }
    let mut after = end;
    if bold && text[after..].starts_with("**") {
        after += 2;
    }
    if text[after..].starts_with(':') {
        after += 1;
    } else if bold && text[end..].starts_with(":**") {
        after = end + 3;
    } else {
        return None;
    }
    Some((Span::new(start, end), after))
}

/// Units of a progress line's rest (`orders/batch_3/ (files 092-??? — stopped at 094)`).
/// With `split`, a comma-separated list gives several units (`PENDING: a/, b/`).
pub(crate) struct RawUnit {
    pub name: Span,
    pub detail: Option<Span>,
    pub range: Option<(Span, Span, Option<Span>)>,
    pub stopped_at: Option<Span>,
}

impl RawUnit {
    /// The unit in the document, its text found at `offset`.
    pub(crate) fn at(&self, offset: usize) -> crate::document::Unit {
        crate::document::Unit {
            name: self.name.shifted(offset),
            range: self.range.map(|(whole, start, end)| crate::document::UnitRange {
                span: whole.shifted(offset),
                start: start.shifted(offset),
                end: end.map(|e| e.shifted(offset)),
            }),
            stopped_at: self.stopped_at.map(|s| s.shifted(offset)),
        }
    }
}

#[cfg(test)]
pub(crate) fn units(rest: &str, split: bool) -> Vec<RawUnit> {
    let mut out = Vec::new();
    units_into(rest, split, true, &mut out);
    out
}

/// [`units`] into a reused buffer (cleared first): the parser reads thousands of lines.
/// A unit done has no stop point to resume from: `stops` is false for those, and the scan
/// for one (a long log's lines are mostly done units) is skipped.
pub(crate) fn units_into(rest: &str, split: bool, stops: bool, out: &mut Vec<RawUnit>) {
    out.clear();
    if !split {
        out.extend(unit(rest, 0, rest.len(), stops));
        return;
    }
    out.extend(comma_pieces(rest).filter_map(|(start, end)| unit(rest, start, end, stops)));
}

/// The pieces of `rest` between commas outside brackets, as (start, end): `a/, b/ (x, y)`
/// is `a/` and ` b/ (x, y)`. The last piece runs to the end, brackets closed or not.
fn comma_pieces(rest: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = rest.as_bytes();
    let (mut depth, mut start) = (0i32, 0);
    (0..=b.len()).filter_map(move |i| {
        match b.get(i) {
            Some(b'(' | b'[') => depth += 1,
            Some(b')' | b']') => depth -= 1,
            Some(b',') if depth == 0 => {
                let piece = (start, i);
                start = i + 1;
                return Some(piece);
            }
            None => return Some((start, i)),
            _ => {}
        }
        None
    })
}

/// Whether `rest` is a list of ids, two or more, split by commas outside brackets, each with
/// a note in brackets or not: `86af5uphp, 86af5upkw`, `A1 (contact person), A3 (order
/// source), B4`, `WS-31, WS-32`. An id is one word of letters, digits and `-_#./`, with a
/// digit, 24 characters at most. Such a list names several units, whatever its status;
/// a list of words (`React, Vite`) may be one unit's parts and is left whole.
pub(crate) fn is_id_list(rest: &str) -> bool {
    let is_id = |piece: &str| {
        let name = piece.split(['(', '[']).next().unwrap_or("").trim().trim_matches(['*', '`']);
        !name.is_empty()
            && name.len() <= 24
            && name.bytes().any(|c| c.is_ascii_digit())
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'#' | b'.' | b'/'))
    };
    // Asked of every status line and state item: most have no comma, or open with words
    // (the first piece's name ends at the first comma or bracket), and are let go here.
    let Some(comma) = memchr::memchr(b',', rest.as_bytes()) else { return false };
    if !is_id(&rest[..rest[..comma].find(['(', '[']).unwrap_or(comma)]) {
        return false;
    }
    let mut parts = 0;
    for (start, end) in comma_pieces(rest) {
        if !is_id(&rest[start..end]) {
            return false;
        }
        parts += 1;
    }
    parts >= 2
}

fn unit(rest: &str, start: usize, end: usize, stops: bool) -> Option<RawUnit> {
    let piece = &rest[start..end];
    let lead = piece.len() - piece.trim_start().len();
    let piece_start = start + lead;
    let piece = piece.trim();
    if piece.is_empty() {
        return None;
    }
    // A note in brackets, half- or full-width (`发票生成（还差PDF模板）`); brackets the name
    // goes on after, with no space (`售后（退款）申请页`), are part of it.
    let (name_end, detail) = match piece.find(['(', '（']) {
        Some(open) => {
            let width = piece[open..].chars().next().map_or(1, char::len_utf8);
            let close = piece[open..].rfind([')', '）']).map_or(piece.len(), |c| open + c);
            let detail = Span::new(piece_start + open + width, piece_start + close.max(open + width));
            let after = piece[close..].chars().nth(1);
            (if after.is_some_and(char::is_alphanumeric) { piece.len() } else { open }, Some(detail))
        }
        None => (piece.len(), None),
    };
    let stop = stops.then(|| stop_point(piece)).flatten();
    // `orders API — stopped at stock validation`: the clause that says where the work stopped
    // is no part of the unit's name.
    let name_end = match stop {
        Some((phrase, _)) if phrase < name_end && !name_before_stop(&piece[..phrase]).is_empty() => name_before_stop(&piece[..phrase]).len(),
        _ => name_end,
    };
    let name_text = crate::text::without_full_stop(&piece[..name_end]);
    let name = Span::new(piece_start, piece_start + name_text.len());
    let shifted = |r: Option<(Span, Span, Option<Span>)>, by: usize| {
        r.map(|(a, b, c)| (a.shifted(by), b.shifted(by), c.map(|c| c.shifted(by))))
    };
    // A range is read from the detail first (`orders/batch_1/ (files 001-047)`), else from
    // the name; the stop point may be anywhere in the piece.
    let range = detail
        .and_then(|d| shifted(range_in(&rest[d.range()]), d.start()))
        .or_else(|| shifted(range_in(&rest[name.range()]), name.start()));
    let stopped_at = stop.map(|(_, s)| s.shifted(piece_start));
    Some(RawUnit {
        name,
        detail,
        range,
        stopped_at,
    })
}

/// `001-047` or `092-???`: (whole, start, end-or-open).
fn range_in(s: &str) -> Option<(Span, Span, Option<Span>)> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i < b.len() && (b[i] == b'-' || s[i..].starts_with('–')) {
                let dash = if b[i] == b'-' { 1 } else { '–'.len_utf8() };
                let j = i + dash;
                let mut k = j;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if k > j && (k == b.len() || !b[k].is_ascii_alphanumeric()) {
                    return Some((Span::new(start, k), Span::new(start, i), Some(Span::new(j, k))));
                }
                let mut q = j;
                while q < b.len() && b[q] == b'?' {
                    q += 1;
                }
                if q > j {
                    return Some((Span::new(start, q), Span::new(start, i), None));
                }
            }
            continue;
        }
        i += 1;
    }
    None
}

/// The stop point after `stopped at` (any case) or the same words in another language of the
/// reader (`left off at`, `me quedé en`, `parei em`, `arrêté à`, `stehengeblieben bei`,
/// `fermato a`, `stannade vid`, `остановился на`, `停在`: [`STOP_PHRASES`]): (where the
/// phrase starts, the stop point). All of it, not its first word (`stopped at rule 17`,
/// `stopped at config change`): it ends at the `)` closing its parenthesis, a `,` `;` `]`
/// or line break, the end of a sentence, or a spaced dash (`stopped at 094 — files 1-9`).
/// Edits read it here too.
pub fn stop_point(s: &str) -> Option<(usize, Span)> {
    let Some((phrase, len)) = find_stop_phrase(s) else { return stop_point_before(s) };
    let at = phrase + len;
    let rest = &s[at..];
    // `Stopped at: retry config`, `**Stopped at:** retry config`: the label's colon and
    // markup are not the point.
    let start = at + (rest.len() - rest.trim_start_matches([' ', ':', '：', '*']).len());
    let b = s.as_bytes();
    let (mut depth, mut end) = (0u32, s.len());
    for i in start..b.len() {
        let stop = match b[i] {
            b'(' => {
                depth += 1;
                false
            }
            b')' if depth > 0 => {
                depth -= 1;
                false
            }
            b')' | b',' | b';' | b']' | b'\n' | b'\r' => true,
            // Full-width `）` `，` `；` `。`, as Chinese and Japanese close a clause.
            0xEF | 0xE3 => s[i..].starts_with(['）', '，', '；', '。']),
            b'.' => b.get(i + 1).is_none_or(u8::is_ascii_whitespace),
            b' ' => [" — ", " – ", " -- ", " - "].iter().any(|d| s[i..].starts_with(d)),
            _ => false,
        };
        if stop {
            end = i;
            break;
        }
    }
    let point = s[start..end].trim_end().trim_end_matches(['.', ':']).trim_end();
    (!point.is_empty()).then(|| (phrase, Span::new(start, start + point.len())))
}

/// Whether a line opens by naming a commit (`Commit 2ad9e40 (WIP)`, `commit c03e55a: tests
/// failing`): the word and seven hexadecimal digits or more.
pub(crate) fn names_a_commit(line: &str) -> bool {
    let t = line.trim_start_matches(['*', '_', '`', ' ']);
    if !t.as_bytes().first().is_some_and(|b| b | 0x20 == b'c') {
        return false;
    }
    let Some(rest) = t.get(..7).filter(|w| w.eq_ignore_ascii_case("commit ")).map(|_| t[7..].trim_start_matches(['`', ' '])) else { return false };
    rest.bytes().take_while(u8::is_ascii_hexdigit).count() >= 7
}

/// Whether a status label's value is a count, not a unit (`Started: 182/1215 (15.0%)`,
/// `Completed: 3 features (all passing)`, `Skipped: 53 (API tests)`): it has no letter, or
/// opens with a figure standing as a word of its own.
pub(crate) fn is_count(value: &str) -> bool {
    let value = value.trim_start_matches(['*', '_', '`', ' ', '~']);
    // `+1 feature (#131)`: a count of what was added.
    let first = value.split_whitespace().next().unwrap_or("").trim_start_matches('+');
    !value.chars().any(char::is_alphabetic)
        || first.bytes().next().is_some_and(|b| b.is_ascii_digit()) && first.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'.' | b',' | b'%' | b'+'))
}

/// The length of a time of day in brackets opening a log line, with the space after it
/// (`[11:00] Route audit started`, `[9:05] …`); 0 when there is none.
pub(crate) fn time_of_day_prefix(line: &str) -> usize {
    let Some(inner) = line.strip_prefix('[').and_then(|t| t.split_once(']')).map(|(inner, _)| inner) else { return 0 };
    let time = inner.len() >= 4 && inner.contains(':') && inner.bytes().all(|b| b.is_ascii_digit() || b == b':');
    if !time {
        return 0;
    }
    let after = &line[inner.len() + 2..];
    inner.len() + 2 + (after.len() - after.trim_start().len())
}

/// Whether a line opens with a bare time of day and a space (`09:14  Started.`), as a log kept
/// by the hour is written; [`time_of_day_prefix`] reads one in brackets.
pub(crate) fn opens_with_time_of_day(line: &str) -> bool {
    let b = line.as_bytes();
    let hour = b.iter().take_while(|c| c.is_ascii_digit()).count();
    (1..=2).contains(&hour) && b.get(hour) == Some(&b':') && b.get(hour + 1..hour + 3).is_some_and(|m| m.iter().all(u8::is_ascii_digit)) && b.get(hour + 3) == Some(&b' ')
}

/// Where a line's text starts past the time it opens with, if any (`[2026-11-22 10:00]
/// next: …`, `2026-04-22T07:12Z — text`, `[11:00] Route audit`): 0 when it opens with none.
/// Only a line opening with `[` or a digit is read for one: readers call this on many lines.
pub(crate) fn entry_text_start(line: &str) -> usize {
    if !line.starts_with(|c: char| c == '[' || c.is_ascii_digit()) {
        return 0;
    }
    entry_prefix(line).map_or_else(|| time_of_day_prefix(line), |p| p.text_start)
}

/// The unit's name in the words before a stop phrase (`orders API — ` before `stopped at
/// stock validation`, `Import, in progress, ` before `left off at 094`): without the marks
/// that join it to the phrase, nor a status closing it. Empty when the words name nothing.
pub(crate) fn name_before_stop(before: &str) -> &str {
    // What joins a name to the clause after it, in half- and full-width forms.
    const JOINS: [char; 12] = [' ', ',', ';', ':', '—', '–', '-', '(', '（', '，', '；', '：'];
    let kept = before.trim_end_matches(JOINS);
    match crate::lexicon::closing_status(kept) {
        Some((_, _, name)) => kept[name.range()].trim_end_matches(JOINS),
        None => kept,
    }
}

/// Japanese and Korean write the stop point before the words that say so: `インデックス作成
/// まで完了` (done up to the index), `退款で止まった`, `환불 로직에서 멈춤`. The point runs
/// back to the clause's opening bracket, comma or colon: (where the point starts, the point).
fn stop_point_before(s: &str) -> Option<(usize, Span)> {
    const AFTER: [&str; 6] = ["まで完了", "で止まった", "で中断", "で停止", "에서 멈춤", "까지 완료"];
    // Every marker is written in CJK or Hangul, whose UTF-8 lead bytes are 0xE3 and above.
    if !s.bytes().any(|b| b >= 0xE3) {
        return None;
    }
    let end = AFTER.iter().filter_map(|m| s.find(m)).min()?;
    let start = s[..end].rfind(['（', '(', '、', ',', '，', ':', '：', '—']).map_or(0, |i| i + s[i..].chars().next().map_or(1, char::len_utf8));
    let lead = s[start..end].len() - s[start..end].trim_start().len();
    let point = s[start + lead..end].trim_end();
    (!point.is_empty() && start > 0).then(|| (start + lead, Span::new(start + lead, start + lead + point.len())))
}

/// `SUPERSEDES [2026-04-22T07:12Z]` (also without brackets; upper, lower or capitalized):
/// (phrase, target).
pub fn supersedes(text: &str) -> Option<(Span, Span)> {
    let at = SUPERSEDES.find(text)?;
    let mut i = at + "supersedes".len();
    let b = text.as_bytes();
    while i < b.len() && (b[i] == b' ' || b[i] == b':') {
        i += 1;
    }
    let bracket = b.get(i) == Some(&b'[');
    if bracket {
        i += 1;
    }
    let start = i;
    // In brackets the reference runs to the bracket (`[2025-04-03 15:20:00]`: a time written
    // with a space); bare, to the first space or punctuation.
    let ends = |c: u8| c == b']' || c == b'\n' || !bracket && (c.is_ascii_whitespace() || c == b',' || c == b';');
    while i < b.len() && !ends(b[i]) {
        i += 1;
    }
    let target = Span::new(start, start + text[start..i].trim_end().len());
    if bracket && b.get(i) == Some(&b']') {
        i += 1;
    }
    (!target.is_empty()).then_some((Span::new(at, i), target))
}

/// An ASCII phrase found in any case (`stopped at`, `Stopped at`, `STOPPED AT`). Candidates
/// are found with memchr by one letter of the phrase, its anchor: a letter rare in prose
/// (`p`, not the `s` both phrases open with, which every other word holds).
pub(crate) struct Phrase {
    text: &'static str,
    /// Index in `text` of the letter searched for.
    anchor: usize,
}

impl Phrase {
    /// Byte offset of the first occurrence in `hay`.
    pub fn find(&self, hay: &str) -> Option<usize> {
        let (h, n) = (hay.as_bytes(), self.text.as_bytes());
        let letter = n[self.anchor];
        memchr::memchr2_iter(letter, letter.to_ascii_uppercase(), &h[self.anchor.min(h.len())..])
            .find(|&i| h.get(i..i + n.len()).is_some_and(|w| w.eq_ignore_ascii_case(n)))
    }
}

/// The words before a stop point, in the reader's languages (docs/reader.md), lower case.
const STOP_PHRASES: [&str; 23] = [
    "stopped at",
    "stopped after",
    "stopped here",
    "left off at",
    "me quedé en",
    "lo dejé en",
    "detenido en",
    "parei em",
    "parei no",
    "parei na",
    "parado em",
    "parado no",
    "arrêté à",
    "arrêtée à",
    "arrêté au",
    "arrêtée au",
    "stehengeblieben bei",
    "aufgehört bei",
    "fermato a",
    "stannade vid",
    "остановился на",
    "остановилась на",
    "停在",
];

/// The first stop phrase of `s` (ASCII letters in any case) that starts a word and, when it
/// ends with a letter, ends one (`fermato a` is not `fermato al`): (its start, its length).
/// One pass over the bytes, a word's first two looked up in a table: the parser asks this of
/// every unit it names, and a scan per phrase cost a long log a quarter of its parse.
/// The pairs of bytes a stop phrase opens with, one bit each (a bit per second byte of the
/// pair, in a word per first byte, both mod 64): most words open with neither.
const STOP_OPENS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k < STOP_PHRASES.len() {
        let p = STOP_PHRASES[k].as_bytes();
        t[(p[0] % 64) as usize] |= 1 << (p[1] % 64);
        k += 1;
    }
    t
};

fn opens_stop_at(b: &[u8], i: usize) -> bool {
    let (first, second) = (b[i].to_ascii_lowercase(), b[i + 1].to_ascii_lowercase());
    STOP_OPENS[(first % 64) as usize] & 1 << (second % 64) != 0
}

/// Whether `line`, past its emphasis, opens with a stop phrase (`**Stopped at:**`, `Me quedé
/// en`), any case. A gate for readers that look at many lines: two bytes decide most.
pub(crate) fn may_open_with_stop(line: &str) -> bool {
    let b = line.trim_start_matches(['*', '_', '`', ' ']).as_bytes();
    b.len() >= 2 && opens_stop_at(b, 0) && STOP_PHRASES.iter().any(|p| b.get(..p.len()).is_some_and(|w| w.eq_ignore_ascii_case(p.as_bytes())))
}

fn find_stop_phrase(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    for i in 0..b.len().saturating_sub(1) {
        let first = b[i].to_ascii_lowercase();
        if !opens_stop_at(b, i) || i > 0 && b[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        for p in STOP_PHRASES.iter().filter(|p| p.as_bytes()[0] == first) {
            let Some(w) = b.get(i..i + p.len()) else { continue };
            if !w.eq_ignore_ascii_case(p.as_bytes()) {
                continue;
            }
            let open_word = !p.ends_with(|c: char| c as u32 >= 0x3000) && s[i + p.len()..].starts_with(char::is_alphanumeric);
            if !open_word {
                return Some((i, p.len()));
            }
        }
    }
    None
}
static SUPERSEDES: Phrase = Phrase { text: "supersedes", anchor: 2 };

/// Reads a status word into a known status (`None` for an unknown word).
/// A word of the lexicon that is not a canonical status (`FINISHED`, `EN CURSO`) is an alias.
pub(crate) fn read_status(word: &str) -> Option<StatusWord> {
    Status::from_word(word).or_else(|| crate::lexicon::status_of(word).map(|status| StatusWord { status, alias: true }))
}

/// `The immediate next steps are:`, `- **Deploy phase:**`: a line that introduces a list
/// (it ends with a colon, markup aside), not a unit or a step of its own.
pub(crate) fn is_lead_in(line: &str) -> bool {
    line.trim_end().trim_end_matches(['*', '_']).ends_with([':', '：'])
}

/// Where a line's sentence ends when the writer wrapped it by hand: past the lines that go
/// on with it (`Next: add a data-testid and wait for it instead of` over `the CSS
/// selector.`), up to a line that ends a sentence, and never onto a blank line, a list item,
/// a heading, a table, a fence, a quote or a line that opens with a label of its own
/// (`Blocked: …`). `line_end` is where the first line's text ends; four lines at most.
pub(crate) fn wrapped_end(text: &str, line_end: usize) -> usize {
    let ends_sentence = |t: &str| t.trim_end().ends_with(['.', '!', '?', '。', '！', '？', ':', '：']);
    let mut end = line_end;
    for _ in 0..3 {
        if ends_sentence(&text[..end]) {
            break;
        }
        let Some(next_start) = text[end..].find('\n').map(|n| end + n + 1) else { break };
        let line = text[next_start..].split('\n').next().unwrap_or("").trim_end_matches('\r');
        let t = line.trim_start();
        let opens_block = t.is_empty() || list_marker(t) > 0 || t.starts_with(['#', '|', '>']) || t.starts_with("```") || t.starts_with("~~~") || is_rule_line(t);
        if opens_block || crate::lexicon::labelled(t).is_some() {
            break;
        }
        end = next_start + line.len();
    }
    end
}

/// The length of a list marker opening `line` (`- `, `* `, `+ `, `1. `, `1) `, with a
/// checkbox), 0 without one.
pub(crate) fn list_marker(line: &str) -> usize {
    let b = line.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let marker = match b.get(digits) {
        Some(b'-' | b'*' | b'+') if digits == 0 => 1,
        Some(b'.' | b')') if digits > 0 => digits + 1,
        _ => return 0,
    };
    if b.get(marker) != Some(&b' ') {
        return 0;
    }
    let after = &line[marker + 1..];
    let checkbox = ["[ ] ", "[x] ", "[X] "].iter().find(|c| after.starts_with(**c)).map_or(0, |c| c.len());
    marker + 1 + checkbox
}

/// A line of one repeated `-`, `=`, `*` or `_` (three or more, spaces allowed): a thematic
/// break or an underline, never content.
pub(crate) fn is_rule_line(line: &str) -> bool {
    // Asked of every line of a long log: a byte loop that stops at the first other byte.
    let line = line.trim().as_bytes();
    let Some(&first) = line.first().filter(|b| matches!(b, b'-' | b'=' | b'*' | b'_')) else { return false };
    let mut marks = 0;
    for &b in line {
        if b == first {
            marks += 1;
        } else if b != b' ' {
            return false;
        }
    }
    marks >= 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_prefixes() {
        let t = "2026-04-22T07:12Z — DO NOT modify config/auth.yaml";
        let p = entry_prefix(t).unwrap();
        assert_eq!(&t[p.text_start..], "DO NOT modify config/auth.yaml");
        assert_eq!(&t[p.separator.unwrap().range()], " — ");
        let t = "**2026-04-22** -- text";
        assert_eq!(&t[entry_prefix(t).unwrap().text_start..], "text");
        let t = "[2026-04-22 07:12] - text";
        assert_eq!(&t[entry_prefix(t).unwrap().text_start..], "text");
        assert!(entry_prefix("COMPLETED: x").is_none());
    }

    #[test]
    fn progress_lines() {
        let t = "IN_PROGRESS: orders/batch_3/ (files 092-??? — stopped at 094)";
        let (word, rest) = status_word(t).unwrap();
        assert_eq!(&t[word.range()], "IN_PROGRESS");
        let rest_text = &t[rest..];
        let u = &units(rest_text, false)[0];
        assert_eq!(&rest_text[u.name.range()], "orders/batch_3/");
        let (_, start, end) = u.range.unwrap();
        assert_eq!(&rest_text[start.range()], "092");
        assert!(end.is_none());
        assert_eq!(&rest_text[u.stopped_at.unwrap().range()], "094");
        // Issue 11: the whole stop point, not its first word.
        for (piece, point) in [
            ("a (stopped at rule 17)", "rule 17"),
            ("a (stopped at config change)", "config change"),
            ("a (Stopped at config change; next: tests)", "config change"),
            ("a (files 1-9 — stopped at 4 — resume soon)", "4"),
            ("a — stopped at the parser (lexer done). Then tests", "the parser (lexer done)"),
            ("a (stopped at file_099.json)", "file_099.json"),
            ("a stopped at step 3, then 4", "step 3"),
            ("a (stopped at )", ""),
        ] {
            let found = stop_point(piece).map_or("", |(_, s)| &piece[s.range()]);
            assert_eq!(found, point, "{piece:?}");
        }
        let pending = " orders/batch_4/, batch_5/";
        let us = units(pending, true);
        assert_eq!(us.len(), 2);
        assert_eq!(&pending[us[1].name.range()], "batch_5/");
        let (w, _) = status_word("**DONE**: thing").unwrap();
        assert_eq!(w, Span::new(2, 6));
        assert!(status_word("Done: thing").is_none());
    }

    #[test]
    fn supersedes_references() {
        let t = "SUPERSEDES [2026-04-22T07:12Z] use pessimistic locking";
        let (phrase, target) = supersedes(t).unwrap();
        assert_eq!(&t[phrase.range()], "SUPERSEDES [2026-04-22T07:12Z]");
        assert_eq!(&t[target.range()], "2026-04-22T07:12Z");
        let t = "supersedes 2026-04-22T07:12Z#2, because";
        assert_eq!(&t[supersedes(t).unwrap().1.range()], "2026-04-22T07:12Z#2");
    }

}
