//! Runs the pipeline in a loop for profilers:
//! `MODE=bare|parse|pipeline|checkpoint|secrets cargo run --release --example profile FILE [N]`
//! (`checkpoint`: one discovery appended, as `memento checkpoint` writes it; `secrets`: the
//! secret detector alone, which every check runs once over the whole text).
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let n: usize = args.next().map_or(50, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let mode = std::env::var("MODE").unwrap_or_else(|_| "pipeline".into());
    let doc = memento_core::parse(&text);
    let options = memento_core::CheckOptions { now: doc.last_updated(), ..Default::default() };
    let t = std::time::Instant::now();
    let mut sink = 0;
    for _ in 0..n {
        sink += match mode.as_str() {
            "bare" => pulldown_cmark::Parser::new(&text).into_offset_iter().count(),
            "parse" => memento_core::parse(&text).items().len(),
            "secrets" => memento_core::secret::find_secrets(&text).len(),
            "checkpoint" => {
                let at = memento_core::Timestamp::parse("2030-01-01T00:00Z").expect("a timestamp");
                let note = "the nightly export retries three times before it gives up";
                memento_edit::edit::checkpoint(&text, note, at, Some(memento_edit::edit::Kind::Discovery)).map_or(0, |o| o.text.len())
            }
            _ => memento_core::plan(&memento_core::parse(&text), &options).completed.len(),
        };
    }
    eprintln!("{mode}: {:.2} ms ({sink})", t.elapsed().as_secs_f64() * 1000.0 / n as f64);
}
