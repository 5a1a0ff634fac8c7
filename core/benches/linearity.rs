//! The linearity budget (bench/README.md): parse + check + plan of a 10 MB input takes at most 12×
//! the time of a 1 MB input of the same kind. A write too: `checkpoint` (a discovery
//! appended to the log, as `memento checkpoint` writes it) was quadratic in the file's
//! entries once (issue 11: 2.1 s at 10 MB, 43 s at 50 MB).
//!
//! A ratio of two wall times taken minutes apart moves with whatever else the machine does
//! in between (on the shared build machine, ±10% and more). Here runs of the two sizes
//! alternate, ten 1 MB runs to one 10 MB run, so a slow stretch of the machine slows both;
//! the ratio is taken of each size's fastest run (the least disturbed) and of the medians.
//! Each run gets its own copy of the text, made untimed, as criterion's pipeline bench does.
//!
//! Rounds go on for at least `SECONDS` per kind (default 8) and at least 20 rounds: a slow
//! stretch of a shared machine can last seconds, and the fastest runs must come from outside it.
//!
//! `cargo bench -p memento-core --bench linearity [-- SECONDS]`

mod input;

use std::hint::black_box;
use std::time::{Duration, Instant};

fn pipeline(text: String) -> usize {
    let doc = memento_core::parse(text);
    let plan = memento_core::plan(&doc, &memento_core::CheckOptions::default());
    plan.completed.len() + plan.decisions.active.len()
}

/// One checkpoint: the text read, the guards, the entry spliced in, the result read again.
fn checkpoint(text: &str) -> usize {
    let at = memento_core::Timestamp::parse("2030-01-01T00:00Z").expect("a timestamp");
    let note = "the nightly export retries three times before it gives up";
    memento_edit::edit::checkpoint(text, note, at, Some(memento_edit::edit::Kind::Discovery)).map_or(0, |o| o.text.len())
}

fn timed(kind: &str, text: &str) -> Duration {
    let owned = text.to_owned();
    let start = Instant::now();
    if kind == "checkpoint" {
        black_box(checkpoint(black_box(&owned)));
    } else {
        black_box(pipeline(black_box(owned)));
    }
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments is the seconds per kind.
    let seconds: f64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(8.0);
    for kind in ["log", "notes", "checkpoint"] {
        let input_kind = if kind == "checkpoint" { "log" } else { kind };
        let (small, large) = (input::input(input_kind, 1_000_000), input::input(input_kind, 10_000_000));
        for _ in 0..3 {
            timed(kind, &small);
            timed(kind, &large);
        }
        let (mut small_times, mut large_times) = (Vec::new(), Vec::new());
        let start = Instant::now();
        while large_times.len() < 20 || start.elapsed().as_secs_f64() < seconds {
            small_times.extend((0..10).map(|_| timed(kind, &small)));
            large_times.push(timed(kind, &large));
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let (small_min, large_min) = (small_times.iter().min().copied().unwrap_or_default(), large_times.iter().min().copied().unwrap_or_default());
        let large_times_len = large_times.len();
        let (small_median, large_median) = (median(small_times), median(large_times));
        println!(
            "{kind}: 1 MB {:.2} ms (median {:.2}), 10 MB {:.1} ms (median {:.1}), {} rounds: {:.1}× fastest to fastest, {:.1}× median to median (budget ≤ 12×)",
            ms(small_min),
            ms(small_median),
            ms(large_min),
            ms(large_median),
            large_times_len,
            ms(large_min) / ms(small_min),
            ms(large_median) / ms(small_median),
        );
    }
}
