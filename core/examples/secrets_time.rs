//! What the secret detector costs: `cargo run --release -p memento-core --example secrets_time
//! FILE...` prints the fastest of 50 runs of `find_secrets` on each file, and how much of it
//! is the vectorized searches for the label needles (`password`, `Bearer`, `secret…key`,
//! `_live_`) that issue 11 added (docs/secrets.md). On `bench/gen.py log 1000000`: 0.36 ms,
//! 0.13 of it the labels; the whole parse + check + plan takes about 4.5 ms.

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let time = |f: &dyn Fn() -> usize| {
            let mut best = f64::MAX;
            for _ in 0..50 {
                let t = std::time::Instant::now();
                std::hint::black_box(f());
                best = best.min(t.elapsed().as_secs_f64());
            }
            best * 1e3
        };
        let all = time(&|| memento_core::secret::find_secrets(&text).len());
        let extra = ["_live_", "assword", "ASSWORD", "earer ", "ecret", "ECRET"];
        let finders: Vec<_> = extra.iter().map(|n| memchr::memmem::Finder::new(n.as_bytes())).collect();
        let labels = time(&|| finders.iter().map(|f| f.find_iter(text.as_bytes()).count()).sum());
        println!("{path}: find_secrets {all:.3} ms, of which the 6 new needles {labels:.3} ms");
    }
}
