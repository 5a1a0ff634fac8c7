//! JSON inputs, read for the task state they keep (docs/dialects.md, memory-store and progress-log):
//! memory-store rows (a JSON array, JSONL, or objects joined by commas), feature lists
//! (`[{"description", "passes"}]`, also under a wrapper object or inside categories) and
//! session-state objects. What a reviewer reads in them:
//!
//! - An object with a status and a name is a unit: `"passes": true`, `"status": "done"`, an
//!   `"outcome"` that opens with a status (`"Complete - all tests pass"`). Its short `id` is
//!   shown before its name. A row of a kind that holds units (`"type": "project"`) is not one.
//! - A current-task pointer (`current_task_id`, `currentPhase`, `focus`) marks the unit it
//!   names in progress; naming none, it is the unit in progress itself when no unit is. In a
//!   journal of rows, a pointer that a later row replaced is work the journal moved past.
//! - `next_actions` / `next_steps` / `next` give the next action (so does the content of a row
//!   of the next-step kind, `"type": "next_step"`), and `decisions` decisions:
//!   of the latest row (by timestamp, else the last one), or of the file's state object.
//! - A JSON document followed by other text (stray brackets) is read up to its end; the
//!   rest is a fault, as are rows that do not parse and rows joined by commas.

use super::json::{unescape, Reader, Value};
use crate::document::{FieldText, JsonFault, JsonFaultKind, JsonState, MarkerSource, ProgressMarker, Record, Status, Unit};
use crate::hash::KeyMap;
use crate::identity::UnitKey;
use crate::span::Span;
use crate::time::{Precision, Timestamp, TimestampStyle, Zone};
use crate::Dialect;

/// An object's fields: (key, value span, value).
type Fields = [(Span, Span, Value)];

/// What a JSON text holds.
#[derive(Default)]
pub(crate) struct JsonContent {
    pub records: Vec<Record>,
    pub units: Vec<ProgressMarker>,
    pub state: JsonState,
    pub faults: Vec<JsonFault>,
    /// A single JSON value that holds neither rows nor task state.
    pub other: bool,
}

impl JsonContent {
    /// Rows make a memory store; units or a next action without rows, a progress log (a
    /// feature list, a session-state file). Lines that do not parse are rows gone wrong.
    pub fn dialect(&self) -> Dialect {
        let state = !self.units.is_empty() || self.state.next.is_some() || !self.state.decisions.is_empty();
        if !self.records.is_empty() {
            Dialect::MemoryStore
        } else if state {
            Dialect::ProgressLog
        } else if !self.other && !self.faults.is_empty() {
            Dialect::MemoryStore
        } else {
            Dialect::Generic
        }
    }
}

pub(crate) fn read(text: &str, base: usize) -> JsonContent {
    let (values, faults) = top_level(text, base);
    let mut reading = Reading { text, out: JsonContent { faults, ..JsonContent::default() } };
    // The MCP memory server's knowledge graph as one document (`{"entities": [...],
    // "relations": [...]}`): its entities are rows, as in its JSONL file.
    let graph = match values.as_slice() {
        [(_, Value::Object(fields))] => graph_entities(text, fields),
        _ => None,
    };
    if let Some(entities) = graph {
        reading.rows(entities);
        return reading.out;
    }
    match values.as_slice() {
        [(span, value @ Value::Object(fields))] if !Object::new(text, fields).has(CONTENT) => {
            reading.document(*span, value);
            reading.out.other = reading.out.units.is_empty() && reading.out.state == JsonState::default();
        }
        // An array of memory rows (objects with content) is a store, whatever else they say.
        [(span, value @ Value::Array(items))] if !items.iter().any(|(_, v)| is_row(text, v)) => reading.document(*span, value),
        [(_, Value::Array(items))] => reading.rows(items),
        rows => reading.rows(rows),
    }
    reading.out
}

/// The entities of a knowledge graph written as one object: an `entities` array of objects
/// with an `entityType`.
fn graph_entities<'v>(text: &str, fields: &'v Fields) -> Option<&'v [(Span, Value)]> {
    let (_, Value::Array(items)) = Object::new(text, fields).get("entities")? else { return None };
    let typed = |v: &Value| object_of(text, v).is_some_and(|o| o.has("entitytype"));
    (!items.is_empty() && items.iter().all(|(_, v)| typed(v))).then_some(items.as_slice())
}

/// The values at the top of the text, and where it departs from JSON. An array is the
/// whole document, and so is an object written over several lines that nothing parseable
/// follows: text after them is not read. A document that breaks off is read up to the
/// break. Otherwise the values are rows (JSONL), and a line that does not parse is one
/// broken row, not the end of the others.
fn top_level(text: &str, base: usize) -> (Vec<(Span, Value)>, Vec<JsonFault>) {
    let mut reader = Reader::new(text, base);
    let mut values: Vec<(Span, Value)> = Vec::new();
    let mut faults = Vec::new();
    let mut joined = false;
    let after = |at: usize| JsonFault { span: trim(text, Span::new(at, text.len())), kind: JsonFaultKind::AfterDocument };
    loop {
        reader.skip_ws();
        let at = reader.pos;
        if at >= text.len() {
            break;
        }
        if matches!(values.as_slice(), [(_, Value::Array(_))]) {
            faults.push(after(at));
            break;
        }
        match reader.value() {
            Some(value) => {
                let object = matches!(value.1, Value::Object(_));
                values.push(value);
                reader.skip_ws();
                if object && text.as_bytes().get(reader.pos) == Some(&b',') {
                    // Rows joined by commas without the brackets: read them, say so once.
                    if !joined {
                        joined = true;
                        faults.push(JsonFault { span: Span::new(reader.pos, reader.pos + 1), kind: JsonFaultKind::JoinedRows });
                    }
                    reader.pos += 1;
                }
            }
            None => {
                if let [(span, Value::Object(_))] = values.as_slice() {
                    if text[span.range()].contains('\n') {
                        faults.push(after(at));
                        break;
                    }
                }
                let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
                // A document (an array, or an object past its first line) that breaks off:
                // what came before the break is read; a JSONL row that breaks is one row.
                if values.is_empty() {
                    reader.pos = at;
                    let document = |broke: usize| text.as_bytes()[at] == b'[' || broke > line_end;
                    if let Some((value, broke)) = reader.salvage().filter(|(_, broke)| document(*broke)) {
                        values.push(value);
                        let end = text[broke..].find('\n').map_or(text.len(), |i| broke + i);
                        faults.push(JsonFault { span: trim(text, Span::new(broke, end)), kind: JsonFaultKind::BrokenOff });
                        break;
                    }
                }
                faults.push(JsonFault { span: trim(text, Span::new(at, line_end)), kind: JsonFaultKind::BrokenRow });
                reader.pos = line_end;
            }
        }
    }
    (values, faults)
}

fn trim(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    Span::new(span.start(), span.start() + s.trim_end().len())
}

struct Reading<'t> {
    text: &'t str,
    out: JsonContent,
}

impl Reading<'_> {
    /// One JSON document: a feature list, a wrapper holding one, a session-state object.
    /// Its pointers are all current: the document is one state.
    fn document(&mut self, span: Span, value: &Value) {
        let mut pointers = Vec::new();
        if let Value::Object(fields) = value {
            self.out.units.extend(unit(self.text, span, &Object::new(self.text, fields), None, Place::Alone));
        }
        self.walk(value, &mut pointers);
        self.point(pointers, Vec::new());
    }

    /// Units wherever the document keeps them (in lists, in maps keyed by name, alone under
    /// a key); the next action, decisions and pointers of the objects that are not units.
    fn walk(&mut self, value: &Value, pointers: &mut Vec<Span>) {
        let text = self.text;
        match value {
            Value::Array(items) => {
                let objects = objects(text, items);
                let place = if is_list(&objects) { Place::List } else { Place::Alone };
                for ((span, item), object) in items.iter().zip(&objects) {
                    match object.as_ref().and_then(|o| unit(text, *span, o, None, place)) {
                        Some(unit) => self.out.units.push(unit),
                        None => self.walk(item, pointers),
                    }
                }
            }
            Value::Object(fields) => {
                let object = Object::new(text, fields);
                let values: Vec<Option<Object>> = fields.iter().map(|(_, _, v)| object_of(text, v)).collect();
                // A map of units keyed by name: `{"auth": {"status": "done"}, "billing": {…}}`.
                let map = values.iter().flatten().filter(|o| status(text, o, Place::Alone).is_some()).count() >= 2;
                for (((key, span, v), field_key), value) in fields.iter().zip(&object.keys).zip(&values) {
                    if self.state_field(field_key, *span, v, pointers) {
                        continue;
                    }
                    let unit = match value {
                        Some(o) if !kind_is(&text[key.range()], CONTAINERS) => unit(text, *span, o, map.then_some(*key), Place::Alone),
                        _ => None,
                    };
                    match unit {
                        Some(unit) => self.out.units.push(unit),
                        None => self.walk(v, pointers),
                    }
                }
            }
            _ => {}
        }
    }

    /// Reads a next action, decisions or a pointer from a field of a state object; false
    /// for any other field.
    fn state_field(&mut self, key: &Key, span: Span, value: &Value, pointers: &mut Vec<Span>) -> bool {
        let text = self.text;
        // A list under a state's name: `"completed": ["cart", "checkout"]`, `"todo": [...]`.
        if let (Some(status), Value::Array(items)) = (STATE_LISTS.iter().find(|(names, _)| key.any(names)).map(|(_, s)| *s), value) {
            let named = items.iter().map(|(item_span, v)| (*item_span, object_of(text, v).map_or_else(|| scalar(text, v), |o| name(text, &o))));
            let listed: Vec<ProgressMarker> = named.filter_map(|(at, name)| Some(marker(at, status, Span::empty(at.start()), name?, None, None))).collect();
            if !listed.is_empty() {
                self.out.units.extend(listed);
                return true;
            }
        }
        if key.any(NEXT) {
            if self.out.state.next.is_none() {
                self.out.state.next = first_text(text, value);
            }
        } else if key.any(DECISIONS) {
            self.out.state.decisions.extend(texts(text, value));
        } else if key.any(POINTERS) {
            match object_of(text, value) {
                // The current task written out: a unit, in progress unless it says otherwise.
                Some(o) => {
                    let written = unit(text, span, &o, None, Place::Alone).or_else(|| {
                        Some(marker(span, Status::InProgress, Span::empty(span.start()), name(text, &o)?, id(text, &o), None))
                    });
                    self.out.units.extend(written);
                }
                None => pointers.extend(scalar(text, value)),
            }
        } else {
            return false;
        }
        true
    }

    /// Memory-store rows, in file order. Each is a record; a row with a status is a unit
    /// too, and so are the units a row lists. The latest row's next action and pointer are
    /// the current ones; its decisions, like every row's, are decisions.
    fn rows(&mut self, rows: &[(Span, Value)]) {
        let text = self.text;
        // (row index, row time, what it carries) of the rows with a next action or a pointer.
        let mut nexts: Vec<(usize, Option<i64>, Said)> = Vec::new();
        let mut run_status: Option<((Status, Span), Option<i64>)> = None;
        let mut pointed: Vec<(usize, Option<i64>, Span)> = Vec::new();
        // The units that are rows themselves (indices into the units), and those of them
        // whose row gives no title (named by an id or a note).
        let mut row_units = Vec::new();
        let mut untitled = Vec::new();
        for (i, (span, value)) in rows.iter().enumerate() {
            let Value::Object(fields) = value else {
                self.out.faults.push(JsonFault { span: *span, kind: JsonFaultKind::BrokenRow });
                continue;
            };
            let row = Object::new(text, fields);
            let record = record(text, *span, &row);
            let when = record.updated_at.or(record.created_at).map(|t| t.epoch_seconds);
            let kind = row.get(KIND).and_then(|(_, v)| scalar(text, v)).map_or("", |k| &text[k.range()]);
            // The MCP memory server's knowledge graph (`"type": "entity", "entityType":
            // "task"`): an entity's kind is its entity type.
            let kind = match kind {
                "entity" => row.get("entitytype").and_then(|(_, v)| scalar(text, v)).map_or(kind, |k| &text[k.range()]),
                _ => kind,
            };
            // A row of the run's status, naming no unit (`"type": "status", "status":
            // "completato", "text": "Progetto concluso"`, or its content opening with it:
            // `"content": "✅ 完了。…"`): the run's, the latest row's; its text is no unit.
            let run = match row.get(STATUS).or_else(|| row.get(CONTENT)) {
                Some((_, Value::String(s))) if kind_is(kind, RUN_STATUS_KINDS) && !row.has(NAME) => {
                    status_of(&text[s.range()]).map(|(status, at)| (status, Span::new(s.start() + at.start, s.start() + at.end)))
                }
                _ => None,
            };
            if let Some(stated) = run {
                if run_status.is_none_or(|(_, latest)| when >= latest) {
                    run_status = Some((stated, when));
                }
            }
            let own = if kind_is(kind, CONTAINERS) || run.is_some() {
                None
            } else {
                unit(text, *span, &row, None, Place::Row)
                    .or_else(|| kind_is(kind, PROGRESS_KINDS).then(|| told(text, *span, &row)).flatten())
                    .or_else(|| by_kind(text, *span, &row))
                    .or_else(|| observed(text, *span, &row))
            };
            let is_unit = own.is_some();
            if is_unit {
                row_units.push(self.out.units.len());
                if !row.has(NAME) {
                    untitled.push(self.out.units.len());
                }
            }
            self.out.units.extend(own);
            if kind_is(kind, DECISION_KINDS) || row.has(REASON) {
                self.out.state.decisions.extend(row.get(CONTENT).and_then(|(_, v)| first_text(text, v)));
            }
            // A row that is a next step (`"type": "next_step"`, or an entity named so:
            // `"name": "next-steps"`): its content.
            // A name is written as a key (`next-steps`, `proximo_paso`): its words apart.
            let named_next = || {
                let spaced = |n: Span| text[n.range()].chars().map(|c| if matches!(c, '-' | '_') { ' ' } else { c }).collect::<String>();
                row.get(NAME).and_then(|(_, v)| scalar(text, v)).is_some_and(|n| crate::lexicon::label_of(&spaced(n)) == Some(crate::lexicon::Meaning::Next))
            };
            if kind_is(kind, NEXT_KINDS) || named_next() {
                nexts.extend(row.get(CONTENT).map(|(_, v)| (i, when, Said::Field(v))));
            } else if let Some(step) = row.get(CONTENT).and_then(|(_, v)| labelled_next(text, v)) {
                // A row that says what is next in its own words (`"msg": "Next: deploy"`).
                nexts.push((i, when, Said::After(step)));
            } else if let Some((_, Value::Array(items))) = row.get("observations") {
                // Or in one of its observations (`"Next: build the rating page"`).
                nexts.extend(items.iter().find_map(|(_, v)| labelled_next(text, v)).map(|step| (i, when, Said::After(step))));
            }
            for ((_, _, v), key) in fields.iter().zip(&row.keys) {
                if key.any(NEXT) {
                    nexts.push((i, when, Said::Field(v)));
                } else if key.any(DECISIONS) {
                    self.out.state.decisions.extend(texts(text, v));
                } else if key.any(POINTERS) {
                    pointed.extend(scalar(text, v).map(|p| (i, when, p)));
                } else if let (false, Value::Array(items)) = (is_unit, v) {
                    // The units a row lists (a session's tasks).
                    let listed = objects(text, items);
                    if is_list(&listed) {
                        for ((span, _), object) in items.iter().zip(&listed) {
                            self.out.units.extend(object.as_ref().and_then(|o| unit(text, *span, o, None, Place::List)));
                        }
                    }
                }
            }
            self.out.records.push(record);
        }
        // A task's rows that give only its id take the name its first row gave it
        // (`task_created` with a title, then `task_started` and `task_completed` by id, or
        // `{"id": "T5", "status": "done", "note": "XML validated"}`): one unit, whose latest
        // row is its state.
        let mut named: KeyMap<usize> = KeyMap::default();
        for i in 0..self.out.units.len() {
            let u = &self.out.units[i];
            let (Some(id), Some(first)) = (u.id, u.units.first()) else { continue };
            let key = crate::hash::fnv_of(&text[id.range()]);
            let untitled = first.name == id || untitled.binary_search(&i).is_ok();
            match named.get(&key) {
                Some(&n) if untitled => self.out.units[i].units[0].name = self.out.units[n].units[0].name,
                None if !untitled => {
                    named.insert(key, i);
                }
                _ => {}
            }
        }
        // Every row "active" and none of any other status: the rows' own life (a store that
        // marks live memories so), not several tasks under way at once.
        let lifecycle = row_units.len() > 1 && row_units.iter().all(|&u| self.out.units[u].status == Some(Status::InProgress));
        if lifecycle {
            let mut at = 0;
            self.out.units.retain(|_| {
                at += 1;
                row_units.binary_search(&(at - 1)).is_err()
            });
        }
        // The latest row that has the field says what is next, an empty list included: a
        // journal whose last row leaves `next_actions` empty has nothing next, not an older
        // row's step (which that row may have done).
        // Only the latest is read out (its text unescaped).
        self.out.state.status = run_status.map(|(s, _)| s);
        self.out.state.next = latest(&nexts).and_then(|n| match nexts[n].2 {
            Said::Field(v) => first_text(text, v),
            Said::After(span) => Some(FieldText { span, text: unescape(&text[span.range()]) }),
        });
        let current = latest(&pointed).map(|p| pointed.remove(p).2);
        let past = pointed.into_iter().map(|(_, _, p)| p).collect();
        self.point(current.into_iter().collect(), past);
    }

    /// Current pointers mark the unit they name in progress (one already done stays done);
    /// the first naming no unit is the unit in progress when no unit is. A past pointer (a
    /// row that a later row replaced) naming no unit, and not named again later, is work
    /// the journal moved past: completed, a unit to skip. Pointers are the spans of the
    /// values that name units.
    fn point(&mut self, current: Vec<Span>, past: Vec<Span>) {
        let text = self.text;
        let key = |s: Span| UnitKey::of(&text[s.range()]);
        let mut unnamed = None;
        let mut done_pointed = None;
        for &p in &current {
            let Some(want) = key(p) else { continue };
            match self.out.units.iter_mut().find(|u| unit_names(u).any(|n| key(n).as_ref() == Some(&want))) {
                // Pointed at, a unit to start is under way; one done stays done, and one
                // blocked stays blocked (`"focus": "Stripe", "status": "blocked"`).
                Some(u) if matches!(u.status, Some(Status::Pending) | None) => u.status = Some(Status::InProgress),
                // One done while another is under way: the pointer was not moved on.
                Some(u) if u.status == Some(Status::Completed) => done_pointed = Some((p, u.span)),
                Some(_) => {}
                None => {
                    unnamed.get_or_insert(p);
                }
            }
        }
        let under_way = self.out.units.iter().any(|u| u.status == Some(Status::InProgress));
        self.out.state.stale_pointer = done_pointed.filter(|_| under_way);
        let mut added = Vec::new();
        if !under_way {
            added.extend(unnamed.map(|p| (p, Status::InProgress)));
        }
        if !past.is_empty() {
            // Hashed, not compared pairwise: a journal has a pointer on every row. (Maps of the
            // type the unit index uses: one copy of the hash table's code in the wasm build.)
            let id = |s: Span| key(s).map(|k| k.id());
            let named: KeyMap<usize> = self.out.units.iter().flat_map(unit_names).filter_map(id).map(|k| (k, 0)).collect();
            let mut later: KeyMap<usize> = current.iter().filter_map(|&p| id(p)).map(|k| (k, 0)).collect();
            for &p in past.iter().rev() {
                let Some(k) = id(p) else { continue };
                if !named.contains_key(&k) && later.insert(k, 0).is_none() {
                    added.push((p, Status::Completed));
                }
            }
        }
        if added.is_empty() {
            return;
        }
        for (value, status) in added {
            self.out.units.push(marker(value, status, Span::empty(value.start()), value, None, None));
        }
        crate::sort::sort_by_key(&mut self.out.units, |m| [m.span.start() as u64, 0, 0]);
    }
}

/// The id and names of a unit: what a pointer names it by ([`UnitKey`] decides).
fn unit_names(unit: &ProgressMarker) -> impl Iterator<Item = Span> + '_ {
    unit.id.into_iter().chain(unit.units.iter().map(|n| n.name))
}

/// The index of the latest of `rows` (row index, time, …): by time when every one has a
/// time (the last of equal times), else the last in the file.
fn latest<T>(rows: &[(usize, Option<i64>, T)]) -> Option<usize> {
    if rows.iter().all(|r| r.1.is_some()) {
        rows.iter().enumerate().max_by_key(|(_, r)| (r.1, r.0)).map(|(i, _)| i)
    } else {
        rows.len().checked_sub(1)
    }
}

/// Keys, lower case without `_` or `-`: a key matches written in any case, snake or camel
/// (`current_task_id`, `currentTaskId`). Each list is one text, `|` between its words
/// (`crate::packed` says why), in the order of preference; English first, then the lexicon's
/// other languages.
const CONTENT: &str = "content|text|observation|observations|fact|memory|value|note|summary|message|\
    msg|focus|testo|texto|texte|inhalt|tekst|текст|内容|내용|nota|notiz";
/// A unit's name, before the content keys.
const NAME: &str = "description|name|title|task|feature|objective|goal|subject|titel|titulo|título|\
    titre|titolo|namn|naam|nombre|nome|nom|название|タイトル|标题|제목";
const ID: &str = "id|featureid|taskid|sessionid|uuid|key|memoryid";
const TAGS: &str = "tags|tag|category|type|kind|entitytype";
/// The kind of row (`"type": "task"`), read for [`CONTAINERS`] and [`DECISION_KINDS`].
const KIND: &str = "type|kind|entitytype|recordtype|event";
const SCOPE: &str = "project|agentid|namespace|scope|userid";
const CREATED: &str = "createdat|created|timestamp|timestamputc|ts|time|date";
const UPDATED: &str = "updatedat|modifiedat|lastupdated|updated";
const ACCESSED: &str = "lastaccessedat|accessedat|lastaccessed";
/// Booleans that say a unit is done (`"passes": true`) or not yet (`false`).
const DONE_FLAGS: &str = "passes|passed|done|completed|complete|finished";
/// Fields holding a status word (`status` first: rows read only it, see [`Place::Row`]).
const STATUS: &str = "status|state|estado|statut|stato|состояние|статус|ステータス|状态|상태";
/// [`STATUS`] but `state`, for rows.
const ROW_STATUS: &str = "status|estado|statut|stato|состояние|статус|ステータス|状态|상태";
/// Fields holding prose that may open with a status (`"Complete - all tests pass"`).
const OUTCOME: &str = "outcome|result";
const NEXT: &str = "nextactions|nextaction|nextsteps|nextstep|next|nexttask|nästasteg|proximopaso|\
    próximopaso|proximospasos|próximospasos|proximopasso|próximopasso|proximospassos|próximospassos|\
    prochaineetape|prochaineétape|nächsterschritt|naechsterschritt|prossimopasso|volgendestap|\
    следующийшаг|次のステップ|下一步|다음단계";
const DECISIONS: &str = "decisions|decision|keydecisions|beslut|decisiones|decisões|décisions|\
    entscheidungen|decisioni|besluiten|решения|決定事項|决策|결정";
const POINTERS: &str = "currenttaskid|currenttask|currentfeatureid|currentfeature|currentphase|\
    currentstep|currentfocus|focus|activetask|activefeature|inprogress|workingon";
/// Lists of a state object named for the state of what they hold (`"in_progress":
/// ["payments"]`): each string, or each object's name, is a unit in that state.
const STATE_LISTS: [(&str, Status); 4] = [
    (
        "completed|done|finished|completedtasks|completedfeatures|completeditems|completedsteps|\
        donetasks|donesteps|shipped",
        Status::Completed,
    ),
    ("inprogress|wip|ongoing|inprogresstasks|activetasks", Status::InProgress),
    (
        "todo|todos|pending|remaining|backlog|upcoming|notstarted|pendingtasks|pendingsteps|\
        remainingtasks|remainingsteps|remainingitems|opentasks|nextup",
        Status::Pending,
    ),
    ("blocked|blockedtasks", Status::Blocked),
];
/// A row giving the reason for what it says records a decision.
const REASON: &str = "reason|rationale|why";
/// What holds units (words of a row's `type`, or the key of an object): its status is not
/// a unit's (`{"type": "project", "status": "active"}`).
const CONTAINERS: &str = "project|workspace|repository|repo|meta|metadata|agent|user|person|profile|\
    progetto|proyecto|projeto|projet|projekt|utente|usuario|usuário|utilisateur|benutzer|användare|\
    gebruiker";
/// Kinds of row that record how work stands, in their content when no field says it
/// (`{"type": "progress", "text": "Exporter in progress"}`).
const PROGRESS_KINDS: &str = "progress|status|milestone";
/// Kinds of row that state the run's status when they name no unit.
const RUN_STATUS_KINDS: &str = "status";
/// Kinds of row that record the next step (`next`, `next_step`, `next_action`).
const NEXT_KINDS: &str = "next|prossimo|próximo|proximo|prochain|prochaine|nächster|nächste|nästa|\
    volgende|następny|следующий|下一步|다음";
/// Kinds of rows that are decisions.
const DECISION_KINDS: &str = "decision|decisions|rule|rules|policy|governance|convention|constraint|\
    adr|decisione|decisión|decisao|decisão|décision|entscheidung|beslut|besluit|decyzja|решение|決定|\
    决策|결정";

/// An object's fields with their keys normalized once: a row is asked for a dozen kinds
/// of field, and a store repeats its keys on every row.
struct Object<'v> {
    fields: &'v Fields,
    keys: Vec<Key>,
}

impl<'v> Object<'v> {
    fn new(text: &str, fields: &'v Fields) -> Self {
        Object { fields, keys: fields.iter().map(|(k, _, _)| Key::of(&text[k.range()])).collect() }
    }

    /// The value of the first of `names` the object has: the order of `names` is the
    /// preference, not the order of the object.
    fn get(&self, names: &str) -> Option<(Span, &'v Value)> {
        names.split('|').find_map(|name| {
            let at = self.keys.iter().position(|k| k.is(name))?;
            Some((self.fields[at].1, &self.fields[at].2))
        })
    }

    fn has(&self, names: &str) -> bool {
        self.keys.iter().any(|k| k.any(names))
    }
}

fn object_of<'v>(text: &str, value: &'v Value) -> Option<Object<'v>> {
    match value {
        Value::Object(fields) => Some(Object::new(text, fields)),
        _ => None,
    }
}

/// The objects of an array (`None` for its other values).
fn objects<'v>(text: &str, items: &'v [(Span, Value)]) -> Vec<Option<Object<'v>>> {
    items.iter().map(|(_, v)| object_of(text, v)).collect()
}

/// A key as [`CONTENT`] and the other lists write them: lower case, without `_` or `-`.
/// Longer keys than any of theirs are kept as too long to match.
#[derive(Clone, Copy)]
struct Key {
    len: usize,
    bytes: [u8; Key::MAX],
}

impl Key {
    const MAX: usize = 20;

    fn of(raw: &str) -> Key {
        let mut key = Key { len: 0, bytes: [0; Key::MAX] };
        for b in raw.bytes().filter(|b| !matches!(b, b'_' | b'-')) {
            if key.len == Key::MAX {
                return Key { len: usize::MAX, ..key };
            }
            key.bytes[key.len] = b.to_ascii_lowercase();
            key.len += 1;
        }
        key
    }

    fn is(&self, name: &str) -> bool {
        self.len == name.len() && self.bytes[..self.len] == *name.as_bytes()
    }

    /// Whether the key is one of `names` (`|` between them).
    fn any(&self, names: &str) -> bool {
        names.split('|').any(|n| self.is(n))
    }
}

/// Whether a row's kind (or a key) has one of `words` among its words:
/// `repo_governance_fact` has repo, governance and fact. ASCII case folding: kinds are
/// identifiers (and std's Unicode lower-casing would cost the wasm build its case tables).
fn kind_is(kind: &str, words: &str) -> bool {
    kind.split(not_a_word_char).any(|w| words.split('|').any(|k| k.eq_ignore_ascii_case(w)))
}

/// What parts the words of a row's kind (`task_done`, `session-end`).
fn not_a_word_char(c: char) -> bool {
    !c.is_alphanumeric()
}

/// An object that reads as a memory row (it has content).
fn is_row(text: &str, value: &Value) -> bool {
    object_of(text, value).is_some_and(|o| o.has(CONTENT))
}

/// A list of units: at least half of its objects carry a status field.
fn is_list(objects: &[Option<Object>]) -> bool {
    let (mut count, mut with_status) = (0, 0);
    for o in objects.iter().flatten() {
        count += 1;
        with_status += usize::from(o.has(DONE_FLAGS) || o.has(STATUS) || o.has(OUTCOME));
    }
    count > 0 && with_status * 2 >= count
}

/// Where an object is met, which decides how its status is read.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    /// In a list of units: an unknown status word is an unknown status.
    List,
    /// Anywhere else in a document: only a status that reads makes a unit.
    Alone,
    /// A memory-store row: only a status that reads, and not from `state`, which stores
    /// keep for the row's own life (`"state": "active" | "archived"`), not a task's.
    Row,
}

/// An object's status and where it is written: a done flag that is true, else a status
/// word, else a done flag that is false. `None` for an unknown word (the unknown-status
/// rule reports it) in a list of units.
fn status(text: &str, object: &Object, place: Place) -> Option<(Option<Status>, Span)> {
    let flag = object.get(DONE_FLAGS).and_then(|(span, v)| match v {
        Value::Bool(b) => Some((*b, span)),
        _ => None,
    });
    if let Some((true, span)) = flag {
        return Some((Some(Status::Completed), span));
    }
    // (the status read, the raw string) of the first of `names` holding a string.
    let written = |names: &str| match object.get(names) {
        Some((_, Value::String(s))) => Some((status_of(&text[s.range()]), *s)),
        _ => None,
    };
    let at = |raw: Span, bytes: std::ops::Range<usize>| Span::new(raw.start() + bytes.start, raw.start() + bytes.end);
    // A row's `state` is often no unit's (a session's, a store's): its other status keys are.
    let keys = if place == Place::Row { ROW_STATUS } else { STATUS };
    let unknown = match written(keys) {
        Some((Some((status, bytes)), raw)) => return Some((Some(status), at(raw, bytes))),
        Some((None, raw)) => Some(raw).filter(|raw| place == Place::List && !text[raw.range()].trim().is_empty()),
        None => None,
    };
    if let Some((Some((status, bytes)), raw)) = written(OUTCOME) {
        return Some((Some(status), at(raw, bytes)));
    }
    match flag {
        Some((false, span)) => Some((Some(Status::Pending), span)),
        _ => unknown.map(|raw| (None, raw)),
    }
}

/// The status a value states, and the bytes that state it: the whole value (`done`), the
/// phrase opening it (`In progress - created STATUS.md`), or its first word (`DONE ✅`).
pub fn status_of(raw: &str) -> Option<(Status, std::ops::Range<usize>)> {
    let start = raw.find(|c: char| c.is_alphanumeric())?;
    let rest = &raw[start..];
    let stop = |(at, c): (usize, char)| matches!(c, ':' | ',' | ';' | '(' | '.' | '!' | '—' | '–') || rest[at..].starts_with(" - ");
    let phrase = rest[..rest.char_indices().find(|&p| stop(p)).map_or(rest.len(), |(at, _)| at)].trim_end();
    let word = &rest[..rest.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '\''))).unwrap_or(rest.len())];
    [phrase, word].into_iter().find_map(|candidate| {
        let status = crate::lexicon::status_value(candidate)?;
        Some((status, start..start + candidate.len()))
    })
}

/// The name of a unit: its name field, else its content.
fn name(text: &str, object: &Object) -> Option<Span> {
    [NAME, CONTENT].into_iter().find_map(|names| match object.get(names) {
        Some((_, Value::String(s))) if !text[s.range()].trim().is_empty() => Some(*s),
        _ => None,
    })
}

/// A short id written by a person (`COD-11-001`, `t-002`, `48`), not a generated one.
fn id(text: &str, object: &Object) -> Option<Span> {
    const SHORT: usize = 16;
    match object.get(ID)? {
        (_, Value::String(s) | Value::Number(s)) => {
            let id = &text[s.range()];
            (!id.is_empty() && id.len() <= SHORT && !id.contains(char::is_whitespace)).then_some(*s)
        }
        _ => None,
    }
}

/// The unit an object is, if it has a status and a name (or `key` names it).
fn unit(text: &str, span: Span, object: &Object, key: Option<Span>, place: Place) -> Option<ProgressMarker> {
    let (status, status_span) = status(text, object, place)?;
    // By its id alone (`{"id": "T6", "status": "done"}`): `rows` names it as an earlier row did.
    let name = name(text, object).or(key).or_else(|| id(text, object))?;
    let detail = match object.get("category") {
        Some((_, Value::String(s))) => Some(*s),
        _ => None,
    };
    let mut m = marker(span, Status::Pending, status_span, name, id(text, object), detail);
    m.status = status;
    Some(m)
}

/// A progress row whose content is a subject and its state (`Importer done`, `Export: IN
/// PROGRESS`, `결제 모듈 진행 중`), or work told as done or under way (`Completed the sync
/// engine`, `Working on conflict resolution`), read as a current-state sentence is: that
/// unit in that state.
fn told(text: &str, span: Span, object: &Object) -> Option<ProgressMarker> {
    let (_, Value::String(content)) = object.get(CONTENT)? else { return None };
    let said = &text[content.range()];
    let (status, word, name) = crate::lexicon::closing_status(said)
        .filter(|(_, _, name)| crate::lexicon::names_a_subject(&said[name.range()]))
        .or_else(|| super::progress::sentence_states(said).into_iter().next())?;
    Some(marker(span, status, word.shifted(content.start()), name.shifted(content.start()), id(text, object), None))
}

/// An entity of the MCP memory server's knowledge graph whose observations give its status
/// as a field written out (`"observations": ["status: in_progress", "…"]`): that unit in
/// that state.
fn observed(text: &str, span: Span, object: &Object) -> Option<ProgressMarker> {
    let (_, Value::Array(items)) = object.get("observations")? else { return None };
    let (status, at) = items.iter().find_map(|(_, v)| {
        let Value::String(s) = v else { return None };
        let said = &text[s.range()];
        // `status: in_progress`, `Estado: en curso.`, `Статус: в работе`: a status field.
        let (crate::lexicon::Meaning::StatusField, _, rest) = crate::lexicon::labelled(said)? else { return None };
        let value = &said[rest..];
        let (status, bytes) = status_of(value)?;
        let from = s.start() + rest;
        Some((status, Span::new(from + bytes.start, from + bytes.end)))
    })?;
    Some(marker(span, status, at, name(text, object)?, id(text, object), None))
}

/// A journal's event row that says in its kind what happened to the task it names
/// (`"event": "task_done", "task": "…"`, `"type": "feature_started"`): that unit in that
/// state. Its kind's last word is the status (`done`, `started`, `blocked`).
fn by_kind(text: &str, span: Span, object: &Object) -> Option<ProgressMarker> {
    let (_, Value::String(kind)) = object.get(KIND)? else { return None };
    let written = &text[kind.range()];
    // Its last word, as [`kind_is`] splits them.
    let last = written.split(not_a_word_char).last()?;
    // `task_created`: a task put on the list, to do (a status value `Created 2152 lines` is no
    // such word: only a kind says it).
    let status = crate::lexicon::status_value(last).or((last == "created").then_some(Status::Pending))?;
    // A row naming its task by id alone (`"event": "task_done", "id": "T1"`) is named for
    // now by the id: `rows` gives it the name an earlier row gave that id.
    let id = id(text, object);
    let name = name(text, object).or(id)?;
    Some(marker(span, status, Span::new(kind.end() - last.len(), kind.end()), name, id, None))
}

/// Where a row says what is next: a field that records it (`next_actions`, the content of a
/// next-step row), or the words after a next-step label in its content.
#[derive(Clone, Copy)]
enum Said<'v> {
    Field(&'v Value),
    After(Span),
}

/// A row's content that opens with a next-step label (`Next: DOCX support; nightly
/// crawl`): where what follows the label is.
fn labelled_next(text: &str, value: &Value) -> Option<Span> {
    let Value::String(content) = value else { return None };
    let said = &text[content.range()];
    let (meaning, _, rest) = crate::lexicon::labelled(said)?;
    (meaning == crate::lexicon::Meaning::Next && !said[rest..].trim().is_empty()).then(|| Span::new(content.start() + rest, content.end()))
}

fn marker(span: Span, status: Status, status_span: Span, name: Span, id: Option<Span>, detail: Option<Span>) -> ProgressMarker {
    ProgressMarker {
        span,
        source: MarkerSource::Feature,
        status: Some(status),
        status_span,
        units: vec![Unit { name, range: None, stopped_at: None }],
        detail,
        id,
    }
}

/// A string (not blank) or a number: its span.
fn scalar(text: &str, value: &Value) -> Option<Span> {
    match value {
        Value::String(s) if !text[s.range()].trim().is_empty() => Some(*s),
        Value::Number(n) => Some(*n),
        _ => None,
    }
}

/// The texts a field records: a string; each string of a list, or each object's name.
fn texts(text: &str, value: &Value) -> Vec<FieldText> {
    let one = |v: &Value| {
        let span = match object_of(text, v) {
            Some(o) => name(text, &o),
            None => scalar(text, v),
        }?;
        Some(FieldText { span, text: unescape(&text[span.range()]) })
    };
    match value {
        Value::Array(items) => items.iter().filter_map(|(_, v)| one(v)).collect(),
        _ => one(value).into_iter().collect(),
    }
}

/// The first text a field records (of a list of next steps, the next one).
fn first_text(text: &str, value: &Value) -> Option<FieldText> {
    texts(text, value).into_iter().next()
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

fn record(text: &str, span: Span, row: &Object) -> Record {
    let get = |names| row.get(names).map(|(_, v)| v);
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
        content: get(CONTENT).and_then(|v| match v {
            // A knowledge graph's entity (`{"type":"entity","name":"checkout-service",
            // "observations":[…]}`): its name, then what is known of it.
            Value::Array(items) => {
                let known: Vec<String> = items.iter().filter_map(|(_, v)| string(text, v)).collect();
                let name = get(NAME).and_then(|v| string(text, v));
                (!known.is_empty()).then(|| name.map_or(String::new(), |n| format!("{n}: ")) + &known.join("; "))
            }
            _ => string(text, v),
        }),
        tags,
        scope: get(SCOPE).and_then(|v| string(text, v)),
        created_at: get(CREATED).and_then(|v| timestamp(text, v)),
        updated_at: get(UPDATED).and_then(|v| timestamp(text, v)),
        last_accessed_at: get(ACCESSED).and_then(|v| timestamp(text, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_words_are_read_as_a_value_a_phrase_or_a_first_word() {
        let cases = [
            ("done", Some((Status::Completed, "done"))),
            ("In progress - created STATUS.md", Some((Status::InProgress, "In progress"))),
            ("Complete - Fixed 4 critical bugs", Some((Status::Completed, "Complete"))),
            ("in-progress", Some((Status::InProgress, "in-progress"))),
            ("✅ PASSING", Some((Status::Completed, "PASSING"))),
            ("DONE ✅", Some((Status::Completed, "DONE"))),
            ("not_started", Some((Status::Pending, "not_started"))),
            ("Created 2152 lines", None),
            ("", None),
        ];
        for (raw, want) in cases {
            let got = status_of(raw).map(|(s, r)| (s, &raw[r]));
            assert_eq!(got, want, "{raw:?}");
        }
    }

    #[test]
    fn keys_match_in_any_case_snake_or_camel() {
        let hits: Vec<bool> = ["current_task_id", "currentTaskId", "Current-Task-Id", "currentTask", "current_task_id_of_the_session_before"]
            .iter()
            .map(|k| Key::of(k).is("currenttaskid"))
            .collect();
        assert_eq!(hits, [true, true, true, false, false]);
    }
}
