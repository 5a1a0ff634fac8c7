//! JSON inputs: memory-store rows (a JSON array or JSONL) and feature lists
//! (`[{"category", "description", "steps", "passes"}]`, also nested under a key).

use super::json::{unescape, Reader, Value};
use crate::document::{MarkerSource, ProgressMarker, Record, Status, Unit};
use crate::span::Span;
use crate::time::{Precision, Timestamp, TimestampStyle, Zone};

/// What a JSON text holds.
#[derive(Default)]
pub(crate) struct JsonContent {
    pub records: Vec<Record>,
    pub features: Vec<ProgressMarker>,
    pub broken: Vec<Span>,
    /// A single JSON value that is neither rows nor a feature list.
    pub other: bool,
}

pub(crate) fn read(text: &str, base: usize) -> JsonContent {
    let mut out = JsonContent::default();
    let mut reader = Reader::new(text, base);
    let mut values = Vec::new();
    loop {
        reader.skip_ws();
        if reader.pos >= text.len() {
            break;
        }
        let line_start = reader.pos;
        match reader.value() {
            Some(v) => {
                values.push(v);
                // Tolerate rows separated by commas without the enclosing brackets.
                reader.skip_ws();
                if text.as_bytes().get(reader.pos) == Some(&b',') {
                    reader.pos += 1;
                }
            }
            None => {
                // Keep going line by line: one broken JSONL row must not hide the others.
                let line_end = text[line_start..]
                    .find('\n')
                    .map_or(text.len(), |i| line_start + i);
                let broken = Span::new(line_start, line_end);
                out.broken.push(trim(text, broken));
                reader.pos = line_end;
            }
        }
    }
    let single = values.len() == 1;
    for (span, value) in values {
        match value {
            Value::Array(items) if single => collect_array(text, &items, &mut out),
            Value::Object(ref fields) if single => {
                let nested = fields.iter().find_map(|(_, _, v)| match v {
                    Value::Array(items) if items.iter().any(|(_, v)| is_feature(text, v)) => {
                        Some(items)
                    }
                    _ => None,
                });
                match nested {
                    Some(items) => collect_array(text, items, &mut out),
                    None if has_content(text, fields) => {
                        out.records.push(record(text, span, fields))
                    }
                    None => out.other = true,
                }
            }
            Value::Object(ref fields) => out.records.push(record(text, span, fields)),
            _ => out.broken.push(span),
        }
    }
    out
}

fn trim(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    Span::new(span.start(), span.start() + s.trim_end().len())
}

fn collect_array(text: &str, items: &[(Span, Value)], out: &mut JsonContent) {
    let features = items.iter().any(|(_, v)| is_feature(text, v));
    for (span, value) in items {
        match value {
            Value::Object(fields) if features => {
                if let Some(marker) = feature(text, *span, fields) {
                    out.features.push(marker);
                }
            }
            Value::Object(fields) => out.records.push(record(text, *span, fields)),
            _ => {}
        }
    }
}

fn key_is(text: &str, key: Span, names: &[&str]) -> bool {
    let k = &text[key.range()];
    names.iter().any(|n| n.eq_ignore_ascii_case(k))
}

fn field<'v>(text: &str, fields: &'v [(Span, Span, Value)], names: &[&str]) -> Option<(Span, &'v Value)> {
    // Preference follows the order of `names`, not of the object.
    names.iter().find_map(|name| {
        fields
            .iter()
            .find(|(k, _, _)| key_is(text, *k, &[name]))
            .map(|(_, span, v)| (*span, v))
    })
}

fn is_feature(text: &str, value: &Value) -> bool {
    matches!(value, Value::Object(fields) if fields.iter().any(|(k, _, v)| key_is(text, *k, &["passes"]) && matches!(v, Value::Bool(_))))
}

const CONTENT: &[&str] = &[
    "content", "text", "observation", "fact", "memory", "value", "note", "summary", "message", "focus",
];
const ID: &[&str] = &["id", "_id", "uuid", "key", "memory_id"];
const TAGS: &[&str] = &["tags", "tag", "category", "type", "kind", "entityType"];
const SCOPE: &[&str] = &["project", "agent_id", "agentId", "namespace", "scope", "user_id", "userId"];
const CREATED: &[&str] = &["created_at", "createdAt", "created", "timestamp", "timestamp_utc", "ts", "time", "date"];
const UPDATED: &[&str] = &["updated_at", "updatedAt", "modified_at", "lastUpdated", "updated"];
const ACCESSED: &[&str] = &["last_accessed_at", "lastAccessedAt", "accessed_at", "last_accessed"];

fn has_content(text: &str, fields: &[(Span, Span, Value)]) -> bool {
    field(text, fields, CONTENT).is_some()
}

fn string(text: &str, value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(unescape(&text[s.range()])),
        Value::Number(n) => Some(text[n.range()].to_owned()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn timestamp(text: &str, value: &Value) -> Option<Timestamp> {
    match value {
        Value::String(s) => Timestamp::parse(&unescape(&text[s.range()])),
        // Epoch numbers: milliseconds when too large to be seconds. Only the integer part.
        Value::Number(n) => {
            let raw = &text[n.range()];
            let int = raw.split(['.', 'e', 'E']).next()?;
            let n: i64 = int.parse().ok().filter(|&n| n > 0)?;
            let secs = if n > 100_000_000_000 { n / 1000 } else { n };
            Some(Timestamp::from_epoch(
                secs,
                TimestampStyle {
                    precision: Precision::Second,
                    separator: 'T',
                    zone: Zone::Utc,
                },
            ))
        }
        _ => None,
    }
}

fn record(text: &str, span: Span, fields: &[(Span, Span, Value)]) -> Record {
    let get = |names| field(text, fields, names).map(|(_, v)| v);
    let tags = match get(TAGS) {
        Some(Value::Array(items)) => items.iter().filter_map(|(_, v)| string(text, v)).collect(),
        Some(Value::String(s)) => unescape(&text[s.range()])
            .split(',')
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        _ => Vec::new(),
    };
    Record {
        span,
        id: get(ID).and_then(|v| string(text, v)),
        content: get(CONTENT).and_then(|v| string(text, v)),
        tags,
        scope: get(SCOPE).and_then(|v| string(text, v)),
        created_at: get(CREATED).and_then(|v| timestamp(text, v)),
        updated_at: get(UPDATED).and_then(|v| timestamp(text, v)),
        last_accessed_at: get(ACCESSED).and_then(|v| timestamp(text, v)),
    }
}

fn feature(text: &str, span: Span, fields: &[(Span, Span, Value)]) -> Option<ProgressMarker> {
    let (passes_span, passes) = field(text, fields, &["passes"])?;
    let Value::Bool(passes) = passes else { return None };
    let name = match field(text, fields, &["description", "name", "title", "id"]) {
        Some((_, Value::String(s))) => *s,
        _ => span,
    };
    let detail = match field(text, fields, &["category"]) {
        Some((_, Value::String(s))) => Some(*s),
        _ => None,
    };
    Some(ProgressMarker {
        span,
        source: MarkerSource::Feature,
        status: Some(if *passes { Status::Completed } else { Status::Pending }),
        status_span: passes_span,
        units: vec![Unit {
            name,
            range: None,
            stopped_at: None,
        }],
        detail,
    })
}
