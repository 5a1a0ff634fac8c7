//! Runs parse in a loop for profilers: `cargo run --release --example profile FILE [N]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let n: usize = args.next().map_or(50, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let t = std::time::Instant::now();
    let mut sink = 0;
    let bare = std::env::var_os("BARE").is_some();
    for _ in 0..n {
        if bare {
            sink += pulldown_cmark::Parser::new(&text).into_offset_iter().count();
        } else {
            sink += memento_core::parse(&text).items().len();
        }
    }
    eprintln!("{:.2} ms/parse ({sink})", t.elapsed().as_secs_f64() * 1000.0 / n as f64);
}
