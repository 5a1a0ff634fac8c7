//! The inputs of the benchmarks: bench/gen.py's generated memory files, made once into
//! target/bench-inputs/.

use std::path::Path;
use std::process::Command;

/// Generates (once) and reads a bench input: `gen.py KIND BYTES`.
pub fn input(kind: &str, bytes: usize) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = root.join("target/bench-inputs");
    let path = dir.join(format!("{kind}-{bytes}.md"));
    if !path.exists() {
        std::fs::create_dir_all(&dir).unwrap();
        let out = Command::new("python3")
            .arg(root.join("bench/gen.py"))
            .args([kind, &bytes.to_string()])
            .output()
            .expect("python3 runs bench/gen.py");
        assert!(out.status.success(), "gen.py failed");
        std::fs::write(&path, out.stdout).unwrap();
    }
    std::fs::read_to_string(path).unwrap()
}
