//! Parse throughput on the 1 MB inputs of bench/gen.py, beside pulldown-cmark's bare
//! `into_offset_iter()` loop on the same text (the budget in bench/README.md is relative to it); the
//! check alone; and the whole parse + check + plan at 1 and 10 MB.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};

mod input;
use input::input;

fn pulldown_bare(text: &str) -> usize {
    let mut n = 0;
    for (event, range) in pulldown_cmark::Parser::new(text).into_offset_iter() {
        black_box(&event);
        n += range.end - range.start;
    }
    n
}

fn bench_parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse-1MB");
    group.sample_size(20);
    for kind in ["log", "notes"] {
        let text = input(kind, 1_000_000);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("pulldown-cmark-bare", kind), &text, |b, t| {
            b.iter(|| pulldown_bare(black_box(t)))
        });
        group.bench_with_input(BenchmarkId::new("memento-parse", kind), &text, |b, t| {
            b.iter(|| memento_core::parse(black_box(t)))
        });
    }
    group.finish();
}

/// The check alone, on a document parsed once, at a clock just after the file's newest
/// entry (the generated inputs span weeks): the share of the pipeline the rules take.
fn bench_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check-1MB");
    group.sample_size(20);
    for kind in ["log", "notes"] {
        let text = input(kind, 1_000_000);
        group.throughput(Throughput::Bytes(text.len() as u64));
        let doc = memento_core::parse(text.as_str());
        let options = memento_core::CheckOptions { now: doc.last_updated(), ..memento_core::CheckOptions::default() };
        group.bench_with_input(BenchmarkId::new("memento-check", kind), &doc, |b, doc| {
            b.iter(|| memento_core::check(black_box(doc), &options))
        });
    }
    group.finish();
}

/// The whole pipeline a session start runs: parse, check and plan, on a text read from a
/// file (a `String` the document takes over, as the CLI and the npm package hand it).
fn pipeline(text: String) -> usize {
    let doc = memento_core::parse(text);
    let plan = memento_core::plan(&doc, &memento_core::CheckOptions::default());
    plan.completed.len() + plan.decisions.active.len()
}

fn bench_pipeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline");
    group.sample_size(10);
    for (kind, bytes) in [("log", 1_000_000), ("notes", 1_000_000), ("log", 10_000_000), ("notes", 10_000_000)] {
        let text = input(kind, bytes);
        group.throughput(Throughput::Bytes(text.len() as u64));
        let label = format!("{kind}-{}MB", bytes / 1_000_000);
        group.bench_with_input(BenchmarkId::new("parse-check-plan", &label), &text, |b, t| {
            b.iter_batched(|| t.clone(), |t| pipeline(black_box(t)), BatchSize::LargeInput)
        });
    }
    group.finish();
}

criterion_group!(benches, bench_parse, bench_check, bench_pipeline);
criterion_main!(benches);
