//! The binding's conversions checked from Rust, in wasm (`wasm-bindgen-test-runner` under Node):
//! every corpus file goes through the exported functions, and what JavaScript receives is read
//! back and compared with the core's own results. With `positionEncoding: "utf-8"` the
//! diagnostics must be the core's exactly; in UTF-16 each range must cover the same text of
//! the JavaScript string.
//!
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner cargo test -p memento-wasm --target wasm32-unknown-unknown`

use js_sys::Reflect;
use memento_core::CheckOptions;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const CORPUS: &[(&str, &str)] = &[
    ("001-memorybank.md", include_str!("../../tests/corpus/001-memorybank.md")),
    ("002-memorybank.md", include_str!("../../tests/corpus/002-memorybank.md")),
    ("003-memorybank.md", include_str!("../../tests/corpus/003-memorybank.md")),
    ("004-memorybank.md", include_str!("../../tests/corpus/004-memorybank.md")),
    ("005-memorybank.md", include_str!("../../tests/corpus/005-memorybank.md")),
    ("006-memorybank.md", include_str!("../../tests/corpus/006-memorybank.md")),
    ("007-memorybank.md", include_str!("../../tests/corpus/007-memorybank.md")),
    ("008-memorybank.md", include_str!("../../tests/corpus/008-memorybank.md")),
    ("009-memorybank.md", include_str!("../../tests/corpus/009-memorybank.md")),
    ("010-memorybank.md", include_str!("../../tests/corpus/010-memorybank.md")),
    ("011-memorybank.md", include_str!("../../tests/corpus/011-memorybank.md")),
    ("012-memorybank.md", include_str!("../../tests/corpus/012-memorybank.md")),
    ("013-memorybank.md", include_str!("../../tests/corpus/013-memorybank.md")),
    ("014-memorybank.md", include_str!("../../tests/corpus/014-memorybank.md")),
    ("015-memorybank.md", include_str!("../../tests/corpus/015-memorybank.md")),
    ("016-progress.txt", include_str!("../../tests/corpus/016-progress.txt")),
    ("017-progress.txt", include_str!("../../tests/corpus/017-progress.txt")),
    ("018-progress.md", include_str!("../../tests/corpus/018-progress.md")),
    ("019-progress.txt", include_str!("../../tests/corpus/019-progress.txt")),
    ("020-other.json", include_str!("../../tests/corpus/020-other.json")),
    ("021-progress.md", include_str!("../../tests/corpus/021-progress.md")),
    ("022-other.json", include_str!("../../tests/corpus/022-other.json")),
    ("023-agentsmd.md", include_str!("../../tests/corpus/023-agentsmd.md")),
    ("024-progress.txt", include_str!("../../tests/corpus/024-progress.txt")),
    ("025-progress.txt", include_str!("../../tests/corpus/025-progress.txt")),
    ("026-progress.txt", include_str!("../../tests/corpus/026-progress.txt")),
    ("027-progress.txt", include_str!("../../tests/corpus/027-progress.txt")),
    ("028-handoff.md", include_str!("../../tests/corpus/028-handoff.md")),
    ("029-handoff.md", include_str!("../../tests/corpus/029-handoff.md")),
    ("031-jsonl.jsonl", include_str!("../../tests/corpus/031-jsonl.jsonl")),
    ("032-jsonl.jsonl", include_str!("../../tests/corpus/032-jsonl.jsonl")),
    ("033-jsonl.jsonl", include_str!("../../tests/corpus/033-jsonl.jsonl")),
    ("034-jsonl.jsonl", include_str!("../../tests/corpus/034-jsonl.jsonl")),
    ("035-jsonl.jsonl", include_str!("../../tests/corpus/035-jsonl.jsonl")),
    ("036-jsonl.jsonl", include_str!("../../tests/corpus/036-jsonl.jsonl")),
    ("037-other.md", include_str!("../../tests/corpus/037-other.md")),
    ("038-ccnotes.md", include_str!("../../tests/corpus/038-ccnotes.md")),
    ("039-progress.md", include_str!("../../tests/corpus/039-progress.md")),
    ("040-progress.md", include_str!("../../tests/corpus/040-progress.md")),
    ("041-agentsmd.md", include_str!("../../tests/corpus/041-agentsmd.md")),
    ("042-progress.md", include_str!("../../tests/corpus/042-progress.md")),
    ("043-progress.md", include_str!("../../tests/corpus/043-progress.md")),
    ("044-other.md", include_str!("../../tests/corpus/044-other.md")),
    ("045-other.md", include_str!("../../tests/corpus/045-other.md")),
    ("046-agentsmd.md", include_str!("../../tests/corpus/046-agentsmd.md")),
    ("047-progress.md", include_str!("../../tests/corpus/047-progress.md")),
    ("048-progress.txt", include_str!("../../tests/corpus/048-progress.txt")),
    ("049-progress.txt", include_str!("../../tests/corpus/049-progress.txt")),
    ("050-progress.txt", include_str!("../../tests/corpus/050-progress.txt")),
    ("051-other.json", include_str!("../../tests/corpus/051-other.json")),
    ("052-progress.md", include_str!("../../tests/corpus/052-progress.md")),
    ("053-ccnotes.md", include_str!("../../tests/corpus/053-ccnotes.md")),
    ("054-progress.md", include_str!("../../tests/corpus/054-progress.md")),
    ("055-progress.md", include_str!("../../tests/corpus/055-progress.md")),
    ("056-progress.md", include_str!("../../tests/corpus/056-progress.md")),
    ("057-agentsmd.md", include_str!("../../tests/corpus/057-agentsmd.md")),
    ("058-memorybank.md", include_str!("../../tests/corpus/058-memorybank.md")),
    ("059-memorybank.md", include_str!("../../tests/corpus/059-memorybank.md")),
    ("060-memorybank.md", include_str!("../../tests/corpus/060-memorybank.md")),
    ("061-memorybank.md", include_str!("../../tests/corpus/061-memorybank.md")),
    ("062-handoff.md", include_str!("../../tests/corpus/062-handoff.md")),
    ("063-progress.md", include_str!("../../tests/corpus/063-progress.md")),
    ("064-progress.md", include_str!("../../tests/corpus/064-progress.md")),
    ("065-progress.md", include_str!("../../tests/corpus/065-progress.md")),
    ("066-intuitek.md", include_str!("../../tests/corpus/066-intuitek.md")),
    ("067-intuitek.md", include_str!("../../tests/corpus/067-intuitek.md")),
    ("068-intuitek.md", include_str!("../../tests/corpus/068-intuitek.md")),
    ("session_memory.md", include_str!("../../core/tests/fixtures/checkpoint-log.md")),
    ("unicode.md", "# Notes 😀 — ünïcode\r\n\r\n## Decisions Made\r\n- 2026-04-22T07:12Z — DO NOT use 😀 in ids\r\n- 2026-04-22T07:13Z — DO NOT use 😀 in ids\r\n- key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\r\n"),
];

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn num(v: &JsValue, key: &str) -> usize {
    get(v, key).as_f64().unwrap() as usize
}

fn string(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

fn options(encoding: &str) -> JsValue {
    let o = js_sys::Object::new();
    Reflect::set(&o, &"now".into(), &JsValue::NULL).unwrap();
    Reflect::set(&o, &"positionEncoding".into(), &encoding.into()).unwrap();
    o.into()
}

fn array(v: JsValue) -> Vec<JsValue> {
    v.dyn_into::<js_sys::Array>().unwrap().iter().collect()
}

#[wasm_bindgen_test]
fn diagnostics_in_bytes_are_the_cores() {
    for (name, text) in CORPUS {
        let core = memento_core::check(&memento_core::parse(*text), &CheckOptions::default());
        let js = array(memento_wasm::check(JsValue::from_str(text), options("utf-8")).unwrap());
        assert_eq!(js.len(), core.len(), "{name}");
        for (j, c) in js.iter().zip(&core) {
            assert_eq!(string(j, "rule"), c.rule.id(), "{name}");
            assert_eq!(string(j, "severity"), c.severity.as_str(), "{name}");
            assert_eq!(string(j, "message"), c.message, "{name}");
            assert_eq!((num(j, "line"), num(j, "column")), (c.line as usize, c.column as usize), "{name}");
            let range = get(j, "range");
            assert_eq!((num(&range, "start"), num(&range, "end")), (c.range.start(), c.range.end()), "{name}");
            assert_eq!(get(j, "fix").is_undefined(), c.fix.is_none(), "{name}");
        }
    }
}

#[wasm_bindgen_test]
fn utf16_ranges_cover_the_same_text() {
    for (name, text) in CORPUS {
        let units: Vec<u16> = text.encode_utf16().collect();
        let core = memento_core::check(&memento_core::parse(*text), &CheckOptions::default());
        let js = array(memento_wasm::check(JsValue::from_str(text), options("utf-16")).unwrap());
        for (j, c) in js.iter().zip(&core) {
            let range = get(j, "range");
            let (start, end) = (num(&range, "start"), num(&range, "end"));
            assert_eq!(String::from_utf16(&units[start..end]).unwrap(), text[c.range.start()..c.range.end()], "{name}: {}", c.rule);
            // The column counts UTF-16 units from the start of the line.
            let line_start = units[..start].iter().rposition(|&u| u == u16::from(b'\n')).map_or(0, |i| i + 1);
            assert_eq!(num(j, "column"), start - line_start + 1, "{name}");
        }
        let doc = memento_wasm::parse(JsValue::from_str(text), options("utf-16")).unwrap();
        for d in array(doc.decisions()) {
            let range = get(&d, "range");
            let covered = String::from_utf16(&units[num(&range, "start")..num(&range, "end")]).unwrap();
            // The model masks the document's secrets (docs/secrets.md): so does the comparison.
            let covered = memento_core::secret::redact(&covered);
            assert!(covered.contains(&string(&d, "text")), "{name}: {covered:?} / {:?}", string(&d, "text"));
        }
    }
}

#[wasm_bindgen_test]
fn plan_fields_are_the_cores() {
    for (name, text) in CORPUS {
        let core = memento_core::plan(&memento_core::parse(*text), &CheckOptions::default());
        let plan = memento_wasm::plan(JsValue::from_str(text), options("utf-8")).unwrap();
        let data = plan.to_json();
        let units = |key: &str| -> Vec<(String, String, usize)> {
            array(get(&data, key)).iter().map(|u| (string(u, "unit"), string(u, "status"), num(u, "line"))).collect()
        };
        let core_units = |list: &[memento_core::plan::PlanUnit]| -> Vec<(String, String, usize)> {
            list.iter().map(|u| (u.unit.clone(), u.status.as_str().to_owned(), u.line as usize)).collect()
        };
        assert_eq!(units("completed"), core_units(&core.completed), "{name}");
        assert_eq!(units("pending"), core_units(&core.pending), "{name}");
        assert_eq!(units("open"), core_units(&core.open), "{name}");
        let next = get(&data, "nextAction");
        assert_eq!(next.is_null(), core.next_action.is_none(), "{name}");
        if let Some(n) = &core.next_action {
            assert_eq!((string(&next, "text"), num(&next, "line")), (n.text.clone(), n.line as usize), "{name}");
        }
        let decisions = get(&data, "decisions");
        let active: Vec<String> = array(get(&decisions, "active")).iter().map(|d| string(d, "id")).collect();
        assert_eq!(active, core.decisions.active.iter().map(|d| d.id.clone()).collect::<Vec<_>>(), "{name}");
        assert_eq!(get(&data, "lastUpdated").as_string(), core.last_updated, "{name}");
        // The lazy getters give what toJSON gives.
        assert_eq!(array(plan.completed()).len(), core.completed.len(), "{name}");
    }
}
