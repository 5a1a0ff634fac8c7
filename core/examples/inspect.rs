//! Prints what the model sees in files: `cargo run -p memento-core --example inspect FILE...`
use memento_core::{parse_with, ParseOptions};

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        let doc = parse_with(text, &ParseOptions { dialect: None, file_name: None });
        println!("== {path}: {} | task {:?}", doc.dialect(), doc.task_id());
        println!("   sections {} items {} entries {} decisions {} progress {} discoveries {} records {} json faults {}",
            doc.sections().len(), doc.items().len(), doc.entries().len(), doc.decisions().len(),
            doc.progress().len(), doc.discoveries().len(), doc.records().len(), doc.json_faults().len());
        for m in doc.progress().iter().take(4) {
            let units: Vec<_> = m.units.iter().map(|u| doc.text(u.name)).collect();
            println!("   progress {:?} {:?} {:?}", m.status, m.source, units);
        }
        for d in doc.decisions().iter().take(3) {
            println!("   decision {} {:?}", d.id, &doc.text(d.text).chars().take(60).collect::<String>());
        }
        if let Some(n) = doc.next_step() {
            println!("   next: {:?}", doc.text(n.text).chars().take(90).collect::<String>());
        }
        if let Some(t) = doc.last_updated() { println!("   last_updated {t}"); }
        // INSPECT_LINES=FROM-TO: the items and sections whose first line is in that range.
        if let Some((from, to)) = std::env::var("INSPECT_LINES").ok().and_then(|r| r.split_once('-').map(|(a, b)| (a.parse().unwrap_or(0), b.parse().unwrap_or(0)))) {
            let line = |at: usize| doc.source()[..at].matches('\n').count() + 1;
            for s in doc.sections().iter().filter(|s| (from..=to).contains(&line(s.heading.start()))) {
                println!("   L{} section {:?} {:?}", line(s.heading.start()), s.role, doc.text(s.title));
            }
            for i in doc.items().iter().filter(|i| (from..=to).contains(&line(i.span.start()))) {
                println!("   L{} item d{} {:?} {:?}", line(i.span.start()), i.depth, i.role, doc.text(i.text).chars().take(50).collect::<String>());
            }
        }
    }
}
