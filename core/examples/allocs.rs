//! What one run of the pipeline allocates, by stage: bytes in all and the peak live.
//! Large inputs slow down with the memory they touch (a 10 MB file's model does not fit
//! the caches), so this is the figure to watch next to the time:
//! `cargo run --release -p memento-core --example allocs FILE`.
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting.
struct Counting;
static TOTAL: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        TOTAL.fetch_add(layout.size(), Relaxed);
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f`, printing what it allocated and the peak of live bytes above the start.
fn stage<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let (total, live) = (TOTAL.load(Relaxed), LIVE.load(Relaxed));
    PEAK.store(live, Relaxed);
    let out = f();
    let mb = |b: usize| b as f64 / 1e6;
    let (allocated, peak, kept) = (TOTAL.load(Relaxed) - total, PEAK.load(Relaxed) - live, LIVE.load(Relaxed) - live);
    eprintln!("{name:>6}: {:6.1} MB allocated, peak {:6.1} MB, kept {:6.1} MB", mb(allocated), mb(peak), mb(kept));
    out
}

fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = std::fs::read_to_string(path).expect("a readable UTF-8 file");
    let options = memento_core::CheckOptions::default();
    let doc = stage("parse", || memento_core::parse(&text));
    let diagnostics = stage("check", || memento_core::check(&doc, &options));
    drop(stage("plan", || memento_core::plan::from_check(&doc, diagnostics)));
}
