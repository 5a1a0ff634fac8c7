//! Prints the session-start prompt of a file: `cargo run --example prompt FILE [BUDGET]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let budget = args.next().map_or(2000, |b| b.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let doc = memento_core::parse(&text);
    let plan = memento_core::plan(&doc, &memento_core::CheckOptions::default());
    match memento_edit::prompt::render_prompt(&doc, &plan, budget) {
        Ok(prompt) => print!("{prompt}"),
        Err(e) => eprintln!("{e}"),
    }
}
