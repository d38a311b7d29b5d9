//! Decision conformance of `gpucc-openmp-opt` against LLVM 16's `openmp-opt`:
//! runs `../shared/conformance/omp_decisions.py` (162 kernel-configurations of
//! the 17 upstream OpenMP tests) on the plugin and fails on any 'worse'.
//!
//! Skipped, loudly, when `../shared` is absent (CI has it; see scripts/test.sh).
//! Run: `cargo build --release && GPUCC_PLUGIN=$PWD/target/release/libgpucc_passes.so
//! cargo test --release --test omp_decisions -- --nocapture`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The plugin under test: `GPUCC_PLUGIN`, else the release build.
fn plugin() -> PathBuf {
    let p = std::env::var_os("GPUCC_PLUGIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("target/release/libgpucc_passes.so"));
    assert!(
        p.is_file(),
        "gpucc plugin not found at {}: run `cargo build --release` or set GPUCC_PLUGIN",
        p.display()
    );
    std::fs::canonicalize(&p).expect("the plugin path resolves")
}

#[test]
fn no_worse_decision_than_llvm16_openmp_opt() {
    let script = manifest_dir().join("../shared/conformance/omp_decisions.py");
    if !script.is_file() {
        eprintln!(
            "SKIPPED omp_decisions: {} not found (the conformance suite lives in ../shared)",
            script.display()
        );
        return;
    }
    let llvm_bin = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-16/bin".into());
    let out = Command::new("python3")
        .arg(&script)
        .arg("--plugin")
        .arg(plugin())
        .env("LLVM_BIN", llvm_bin)
        .output()
        .expect("python3 runs omp_decisions.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let summary = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with("omp decisions:"))
        .unwrap_or_else(|| panic!("omp_decisions.py printed no summary:\n{stdout}\n{stderr}"));
    eprintln!("{summary}");
    let failing: Vec<&str> = stdout.lines().filter(|l| l.starts_with("worse:")).collect();
    assert!(
        failing.is_empty(),
        "{} kernel-configurations decided worse than LLVM 16:\n{}",
        failing.len(),
        failing.join("\n")
    );
}
