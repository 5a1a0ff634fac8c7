//! `plan FILE --json --now ISO` and `check FILE --json --now ISO` as the CLI prints them, from
//! the native core: scoring the reader on the corpus (`python3 score.py
//! target/release/examples/plan_json`) without a wasm build between two changes.
use memento_core::{check, parse_with, plan, CheckOptions, ParseOptions, Timestamp};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verb = args.first().map(String::as_str).unwrap_or("");
    let file = args.get(1).cloned().unwrap_or_default();
    let now = args.iter().position(|a| a == "--now").and_then(|i| args.get(i + 1)).and_then(|t| Timestamp::parse(t));
    let Ok(text) = std::fs::read_to_string(&file) else { std::process::exit(2) };
    let doc = parse_with(text, &ParseOptions { dialect: None, file_name: Some(file.clone()) });
    let options = CheckOptions { now, ..CheckOptions::default() };
    let out = match verb {
        "plan" => serde_json::to_string_pretty(&plan(&doc, &options)),
        "check" => serde_json::to_string_pretty(&serde_json::json!({
            "files": [{ "path": file, "dialect": doc.dialect(), "diagnostics": check(&doc, &options) }]
        })),
        _ => std::process::exit(2),
    };
    println!("{}", out.unwrap_or_default());
}
