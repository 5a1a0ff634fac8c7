//! The options of a call as its caller writes them (`{ now, dialect, rules, … }`, the option
//! objects of docs/api.md, and an agent tool's arguments, docs/integration.md), read by key
//! from whatever holds them and checked here, once, for every host. A host (the npm binding)
//! only says what value sits under a key ([`OptionSource::get`]); the types, defaults and
//! messages are this module's. A wrong type or an unknown value is an [`OptionError`]; an
//! absent option takes its default.

use crate::check::{CheckOptions, NotesTemplate};
use crate::diagnostic::TextEdit;
use crate::dialect::Dialect;
use crate::document::UnknownStatus;
use crate::parse::ParseOptions;
use crate::rule::{Rule, Severity};
use crate::span::Span;
use crate::time::Timestamp;
use crate::view::Encoding;
use std::fmt;

/// One value under a key, as the host holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    /// Not given (JavaScript's `undefined`): the option takes its default.
    Absent,
    /// Given as nothing (`null`): the default too, except for a time, where it means none.
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    /// A point in time the host read itself (a JavaScript `Date`).
    Time(Timestamp),
    /// An object's entries, in order.
    Entries(Vec<(String, OptionValue)>),
    /// An array's items.
    List(Vec<OptionValue>),
    /// Anything else, named for the message (`"function"`, `"array"`).
    Other(&'static str),
}

impl OptionValue {
    /// What the value is, as a message names it.
    fn kind(&self) -> &'static str {
        match self {
            OptionValue::Absent => "undefined",
            OptionValue::Null => "null",
            OptionValue::Bool(_) => "boolean",
            OptionValue::Number(_) => "number",
            OptionValue::Text(_) => "string",
            OptionValue::Time(_) => "Date",
            OptionValue::Entries(_) => "object",
            OptionValue::List(_) => "array",
            OptionValue::Other(kind) => kind,
        }
    }

    fn is_given(&self) -> bool {
        !matches!(self, OptionValue::Absent | OptionValue::Null)
    }
}

/// Why an option (or an argument) cannot be read. Its [`code`](OptionError::code) is the
/// npm package's `MementoError` code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// A wrong type or an unknown value (`invalid-argument`).
    Invalid(String),
    /// A time that cannot be read (`invalid-timestamp`).
    Timestamp(String),
    /// A text with a lone surrogate (half of a UTF-16 pair), which UTF-8 cannot hold: a file
    /// written from it would not be the text given (`invalid-text`). `index` is in UTF-16
    /// code units.
    LoneSurrogate { argument: String, index: usize },
}

impl OptionError {
    pub fn code(&self) -> &'static str {
        match self {
            OptionError::Invalid(_) => "invalid-argument",
            OptionError::Timestamp(_) => "invalid-timestamp",
            OptionError::LoneSurrogate { .. } => "invalid-text",
        }
    }

    fn invalid(message: impl Into<String>) -> Self {
        OptionError::Invalid(message.into())
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Invalid(m) | OptionError::Timestamp(m) => f.write_str(m),
            OptionError::LoneSurrogate { argument, index } => write!(
                f,
                "`{argument}` holds a lone surrogate at UTF-16 index {index} (half of a surrogate pair), which UTF-8 text cannot hold; the text would not come back as given"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl From<UnknownStatus> for OptionError {
    fn from(e: UnknownStatus) -> Self {
        OptionError::Invalid(e.to_string())
    }
}

/// The reading of a time every host shares: a string as memory files write it, a time the
/// host read, or epoch milliseconds (JavaScript's `Date.now()`). `host` reads the strings
/// the core does not (JavaScript's `Date.parse`).
pub fn timestamp(value: &OptionValue, host: impl Fn(&str) -> Option<Timestamp>) -> Result<Timestamp, OptionError> {
    match value {
        OptionValue::Text(s) => Timestamp::parse(s)
            .or_else(|| host(s))
            .ok_or_else(|| OptionError::Timestamp(format!("cannot read `{s}` as a timestamp"))),
        OptionValue::Time(t) => Ok(*t),
        OptionValue::Number(ms) if ms.is_finite() => Ok(from_millis(*ms)),
        _ => Err(OptionError::Timestamp("expected an ISO 8601 timestamp, a Date or epoch milliseconds".to_owned())),
    }
}

/// A time of epoch milliseconds, to the second.
pub fn from_millis(ms: f64) -> Timestamp {
    Timestamp::from_epoch((ms / 1000.0).floor() as i64, crate::time::TimestampStyle::CHECKPOINT)
}

/// Options read by key. A host implements [`get`](OptionSource::get) (and
/// [`host_time`](OptionSource::host_time) when it reads more times than the core); every
/// option of the API is read by the provided methods, so its type, default and message
/// have one home.
pub trait OptionSource {
    /// The value under `key` ([`OptionValue::Absent`] when there is none). `Err` only for a
    /// value the host cannot hand over as it is (a text with a lone surrogate).
    fn get(&self, key: &str) -> Result<OptionValue, OptionError>;

    /// A time written in a way the core does not read, as the host reads it.
    fn host_time(&self, _text: &str) -> Option<Timestamp> {
        None
    }

    /// A string option.
    fn string(&self, key: &str) -> Result<Option<String>, OptionError> {
        match self.get(key)? {
            OptionValue::Text(s) => Ok(Some(s)),
            v if !v.is_given() => Ok(None),
            v => Err(OptionError::invalid(format!("`{key}` must be a string, not {}", v.kind()))),
        }
    }

    /// A boolean option, false when absent.
    fn flag(&self, key: &str) -> Result<bool, OptionError> {
        match self.get(key)? {
            OptionValue::Bool(b) => Ok(b),
            v if !v.is_given() => Ok(false),
            _ => Err(OptionError::invalid(format!("`{key}` must be a boolean"))),
        }
    }

    /// A non-negative integer option.
    fn count(&self, key: &str) -> Result<Option<usize>, OptionError> {
        match self.get(key)? {
            OptionValue::Number(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => Ok(Some(n as usize)),
            v if !v.is_given() => Ok(None),
            _ => Err(OptionError::invalid(format!("`{key}` must be a non-negative integer"))),
        }
    }

    /// A time option: absent → `default`, `null` → none, else [`timestamp`].
    fn time(&self, key: &str, default: Option<Timestamp>) -> Result<Option<Timestamp>, OptionError> {
        match self.get(key)? {
            OptionValue::Absent => Ok(default),
            OptionValue::Null => Ok(None),
            v => timestamp(&v, |s| self.host_time(s)).map(Some),
        }
    }

    /// An option naming one of `all` (the variants of a `named!` enum).
    fn variant<T: Copy>(&self, key: &str, all: &[T], name: fn(T) -> &'static str) -> Result<Option<T>, OptionError>
    where
        Self: Sized,
    {
        let Some(given) = self.string(key)? else { return Ok(None) };
        match all.iter().copied().find(|&v| name(v) == given) {
            Some(v) => Ok(Some(v)),
            None => {
                let names: Vec<_> = all.iter().map(|&v| name(v)).collect();
                Err(OptionError::invalid(format!("unknown {key} `{given}` (expected {})", names.join(", "))))
            }
        }
    }

    /// `dialect`: one of the dialects' names.
    fn dialect(&self) -> Result<Option<Dialect>, OptionError> {
        self.string("dialect")?.map(|d| dialect(&d)).transpose()
    }

    /// `{ dialect, fileName }`.
    fn parse_options(&self) -> Result<ParseOptions, OptionError> {
        Ok(ParseOptions { dialect: self.dialect()?, file_name: self.string("fileName")? })
    }

    /// The document of `text` as these options read it: only the rows of `scope` when set.
    fn parse(&self, text: String) -> Result<crate::Document, OptionError> {
        Ok(crate::scope::parse_in_scope(text, &self.parse_options()?, self.string("scope")?.as_deref()))
    }

    /// `positionEncoding`: `"utf-16"` or `"utf-8"`.
    fn encoding(&self, default: Encoding) -> Result<Encoding, OptionError> {
        match self.string("positionEncoding")?.as_deref() {
            None => Ok(default),
            Some("utf-16") => Ok(Encoding::Utf16),
            Some("utf-8") => Ok(Encoding::Utf8),
            Some(other) => Err(OptionError::invalid(format!("unknown positionEncoding `{other}` (expected utf-16 or utf-8)"))),
        }
    }

    /// The files of a workspace call (`[{ path, text, modified? }]`), each parsed as these
    /// options say (its path is its file name; only the rows of `scope` when set).
    fn memory_files(&self, files: OptionValue) -> Result<Vec<MemoryFile>, OptionError> {
        let bad = || OptionError::invalid("expected an array of { path, text }");
        let OptionValue::List(items) = files else { return Err(bad()) };
        let (base, scope) = (self.parse_options()?, self.string("scope")?);
        let file = |item| {
            let OptionValue::Entries(entries) = item else { return Err(bad()) };
            let (Some(path), Some(text)) = (entries.string("path")?, entries.string("text")?) else { return Err(bad()) };
            let modified = match entries.get("modified")? {
                v if !v.is_given() => None,
                v => Some(timestamp(&v, |s| self.host_time(s))?.epoch_seconds),
            };
            let options = ParseOptions { file_name: Some(path.clone()), ..base.clone() };
            Ok(MemoryFile { doc: crate::scope::parse_in_scope(text, &options, scope.as_deref()), path, modified })
        };
        items.into_iter().map(file).collect()
    }

    /// `CheckOptions` from `{ now, staleAfterDays, retentionDays, sectionBudgetTokens,
    /// fileBudgetTokens, template, rules, project, pinnedBudgetTokens }`; `now` defaults to
    /// `clock`, the host's current time.
    fn check_options(&self, clock: Timestamp) -> Result<CheckOptions, OptionError> {
        let d = CheckOptions::default();
        let days = |key, default: u32| Ok::<_, OptionError>(self.count(key)?.map_or(default, |n| n as u32));
        Ok(CheckOptions {
            now: self.time("now", Some(clock))?,
            stale_after_days: days("staleAfterDays", d.stale_after_days)?,
            retention_days: days("retentionDays", d.retention_days)?,
            section_budget_tokens: self.count("sectionBudgetTokens")?.unwrap_or(d.section_budget_tokens),
            file_budget_tokens: self.count("fileBudgetTokens")?.unwrap_or(d.file_budget_tokens),
            template: self.string("template")?.map(|t| NotesTemplate::parse(&t)),
            severity: severities(self.get("rules")?)?,
            project: self.string("project")?,
            pinned_budget_tokens: self.count("pinnedBudgetTokens")?.unwrap_or(d.pinned_budget_tokens),
        })
    }
}

/// One file of a workspace call, read.
pub struct MemoryFile {
    pub path: String,
    pub doc: crate::Document,
    /// When the file was last changed (epoch seconds), as the caller says.
    pub modified: Option<i64>,
}

/// Edits as a caller passes them back (`[{ range: { start, end }, content }]`, a
/// diagnostic's fix or an edit result's edits), their offsets turned into bytes by `to_byte`.
pub fn text_edits(edits: OptionValue, to_byte: impl Fn(usize) -> usize) -> Result<Vec<TextEdit>, OptionError> {
    let bad = || OptionError::invalid("expected an array of { range: { start, end }, content }");
    let OptionValue::List(items) = edits else { return Err(bad()) };
    let edit = |item| {
        let OptionValue::Entries(entries) = item else { return Err(bad()) };
        let OptionValue::Entries(range) = entries.get("range")? else { return Err(bad()) };
        let (Some(start), Some(end), Some(content)) = (range.count("start")?, range.count("end")?, entries.string("content")?) else {
            return Err(bad());
        };
        Ok(TextEdit::replace(Span::new(to_byte(start), to_byte(end)), content))
    };
    items.into_iter().map(edit).collect()
}

/// A dialect by name.
pub fn dialect(name: &str) -> Result<Dialect, OptionError> {
    name.parse::<Dialect>().map_err(|e| OptionError::invalid(e.to_string()))
}

/// `rules`: rule id → `"error"`, `"warning"`, `"info"` or `"off"`.
fn severities(rules: OptionValue) -> Result<Vec<(Rule, Option<Severity>)>, OptionError> {
    let entries = match rules {
        OptionValue::Entries(entries) => entries,
        v if !v.is_given() => return Ok(Vec::new()),
        _ => return Err(OptionError::invalid("`rules` must be an object of rule id → severity or \"off\"")),
    };
    entries
        .into_iter()
        .map(|(id, value)| {
            let rule = Rule::from_id(&id).ok_or_else(|| OptionError::invalid(format!("unknown rule `{id}`")))?;
            let severity = match value {
                OptionValue::Text(s) if s == "off" => None,
                OptionValue::Text(s) if s == "error" => Some(Severity::Error),
                OptionValue::Text(s) if s == "warning" => Some(Severity::Warning),
                OptionValue::Text(s) if s == "info" => Some(Severity::Info),
                _ => {
                    return Err(OptionError::invalid(format!(
                        "rule `{id}`: expected \"error\", \"warning\", \"info\" or \"off\""
                    )))
                }
            };
            Ok((rule, severity))
        })
        .collect()
}

/// Options with no value under any key (every default).
pub struct NoOptions;

impl OptionSource for NoOptions {
    fn get(&self, _: &str) -> Result<OptionValue, OptionError> {
        Ok(OptionValue::Absent)
    }
}

/// Options as entries (an object's, [`OptionValue::Entries`]).
impl<K: AsRef<str>> OptionSource for Vec<(K, OptionValue)> {
    fn get(&self, key: &str) -> Result<OptionValue, OptionError> {
        Ok(self.iter().find(|(k, _)| k.as_ref() == key).map_or(OptionValue::Absent, |(_, v)| v.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OptionValue::*;

    fn clock() -> Timestamp {
        Timestamp::parse("2026-12-07T10:00Z").expect("a time")
    }

    #[test]
    fn absent_options_take_their_defaults() {
        let o = NoOptions.check_options(clock()).expect("defaults");
        let d = CheckOptions::default();
        assert_eq!(o.now, Some(clock()));
        assert_eq!((o.stale_after_days, o.retention_days, o.section_budget_tokens), (d.stale_after_days, d.retention_days, d.section_budget_tokens));
        assert!(o.severity.is_empty() && o.template.is_none() && o.project.is_none());
        let nulls = vec![("staleAfterDays", Null), ("rules", Null), ("dialect", Null)];
        assert_eq!(nulls.check_options(clock()).expect("nulls").stale_after_days, d.stale_after_days);
        assert_eq!(nulls.dialect(), Ok(None));
    }

    #[test]
    fn given_options_are_read() {
        let rules = Entries(vec![("stale-memory".into(), Text("off".into())), ("duplicate-entry".into(), Text("error".into()))]);
        let o = vec![("staleAfterDays", Number(3.0)), ("rules", rules), ("project", Text("api".into())), ("now", Null)];
        let c = o.check_options(clock()).expect("read");
        assert_eq!(c.stale_after_days, 3);
        assert_eq!(c.now, None, "null: no current time");
        assert_eq!(c.project.as_deref(), Some("api"));
        assert_eq!(c.severity, vec![(Rule::StaleMemory, None), (Rule::DuplicateEntry, Some(Severity::Error))]);
        let e = vec![("positionEncoding", Text("utf-8".into())), ("dialect", Text("memory-bank".into()))];
        assert_eq!(e.encoding(Encoding::Utf16), Ok(Encoding::Utf8));
        assert_eq!(e.dialect(), Ok(Some(Dialect::MemoryBank)));
    }

    #[test]
    fn a_wrong_type_or_value_is_refused_with_its_key() {
        let cases: &[(&str, OptionValue, &str)] = &[
            ("staleAfterDays", Number(-1.0), "`staleAfterDays` must be a non-negative integer"),
            ("staleAfterDays", Number(1.5), "`staleAfterDays` must be a non-negative integer"),
            ("project", Number(1.0), "`project` must be a string, not number"),
            ("rules", Text("off".into()), "`rules` must be an object"),
            ("rules", Entries(vec![("no-such-rule".into(), Text("off".into()))]), "unknown rule `no-such-rule`"),
            ("rules", Entries(vec![("stale-memory".into(), Text("loud".into()))]), "rule `stale-memory`: expected"),
            ("now", Text("next tuesday".into()), "cannot read `next tuesday` as a timestamp"),
            ("now", Bool(true), "expected an ISO 8601 timestamp"),
        ];
        for (key, value, message) in cases {
            let o = vec![(*key, value.clone())];
            let e = o.check_options(clock()).expect_err(key);
            assert!(e.to_string().starts_with(message), "{key}: {e}");
            let code = if *key == "now" { "invalid-timestamp" } else { "invalid-argument" };
            assert_eq!(e.code(), code);
        }
        let bad = vec![("positionEncoding", Text("utf-32".into())), ("dialect", Text("novel".into())), ("force", Text("yes".into()))];
        assert!(bad.encoding(Encoding::Utf16).is_err());
        assert!(bad.dialect().is_err());
        assert_eq!(bad.flag("force"), Err(OptionError::invalid("`force` must be a boolean")));
        let severities = [Severity::Error, Severity::Warning];
        let named = vec![("level", Text("warning".into())), ("loud", Text("loud".into()))];
        assert_eq!(named.variant("level", &severities, Severity::as_str), Ok(Some(Severity::Warning)));
        assert_eq!(named.variant("absent", &severities, Severity::as_str), Ok(None));
        let e = named.variant("loud", &severities, Severity::as_str).expect_err("not a severity");
        assert_eq!(e.to_string(), "unknown loud `loud` (expected error, warning)");
    }

    fn file(path: &str, text: &str) -> OptionValue {
        Entries(vec![("path".into(), Text(path.into())), ("text".into(), Text(text.into()))])
    }

    #[test]
    fn memory_files_are_read_and_parsed_by_their_path() {
        let mut dated = file("memory-bank/progress.md", "# Progress\n\n## What's Left\n- [ ] export\n");
        let OptionValue::Entries(e) = &mut dated else { unreachable!() };
        e.push(("modified".into(), Number(1_700_000_000_000.0)));
        let files = NoOptions.memory_files(List(vec![file("NOTES.md", "# Notes\n"), dated])).expect("two files");
        assert_eq!(files.iter().map(|f| (f.path.as_str(), f.modified)).collect::<Vec<_>>(), [("NOTES.md", None), ("memory-bank/progress.md", Some(1_700_000_000))]);
        assert_eq!(files[1].doc.dialect(), Dialect::MemoryBank, "the path is the file name");
        for bad in [Text("x".into()), List(vec![Text("x".into())]), List(vec![Entries(vec![("path".into(), Text("a".into()))])])] {
            assert_eq!(NoOptions.memory_files(bad).err().map(|e| e.to_string()), Some("expected an array of { path, text }".to_owned()));
        }
    }

    #[test]
    fn text_edits_are_read_with_their_offsets_converted() {
        let range = |a: f64, b: f64| Entries(vec![("start".into(), Number(a)), ("end".into(), Number(b))]);
        let edit = |r, c: &str| Entries(vec![("range".into(), r), ("content".into(), Text(c.into()))]);
        let edits = text_edits(List(vec![edit(range(1.0, 2.0), "é")]), |u| u * 2).expect("one edit");
        assert_eq!(edits, [TextEdit::replace(Span::new(2, 4), "é")]);
        for bad in [Null, List(vec![edit(Null, "x")]), List(vec![edit(range(-1.0, 2.0), "x")])] {
            assert!(text_edits(bad, |u| u).is_err());
        }
    }

    #[test]
    fn times_are_read_from_text_a_host_time_or_epoch_milliseconds() {
        let host = |s: &str| (s == "Mon, 07 Dec 2026 10:00:00 GMT").then(clock);
        assert_eq!(timestamp(&Text("2026-12-07T10:00Z".into()), |_| None), Ok(clock()));
        assert_eq!(timestamp(&Text("Mon, 07 Dec 2026 10:00:00 GMT".into()), host), Ok(clock()));
        assert_eq!(timestamp(&Number(clock().epoch_seconds as f64 * 1000.0 + 999.0), |_| None).map(|t| t.epoch_seconds), Ok(clock().epoch_seconds));
        assert_eq!(timestamp(&Time(clock()), |_| None), Ok(clock()));
        assert!(timestamp(&Number(f64::NAN), |_| None).is_err());
    }
}
