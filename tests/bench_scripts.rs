//! Unit tests of the benchmark scripts' own logic, which runs without LLVM or
//! NVIDIA tools: `scripts/test_userpath.py` checks how `scripts/userpath.py`
//! finds a kernel's hot loop in a canned nvdisasm listing (innermost loops,
//! the unrolled main loop over its remainder, load widths, the annotation);
//! `scripts/test_demo_openmp.py` checks the readers of `scripts/demo_openmp.py` (runtime calls
//! reached through outlined regions, ptxas entry-function figures).

use std::path::Path;
use std::process::Command;

#[test]
fn userpath_hot_loop_counter() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/test_userpath.py");
    let out = Command::new("python3")
        .arg(&script)
        .output()
        .expect("python3 runs scripts/test_userpath.py");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.lines().any(|l| l.starts_with("Ran ")),
        "scripts/test_userpath.py failed:\n{stderr}"
    );
}

#[test]
fn demo_openmp_readers() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/test_demo_openmp.py");
    let out = Command::new("python3")
        .arg(&script)
        .output()
        .expect("python3 runs scripts/test_demo_openmp.py");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.lines().any(|l| l.starts_with("Ran ")),
        "scripts/test_demo_openmp.py failed:\n{stderr}"
    );
}
