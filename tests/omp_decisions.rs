//! Decision conformance of `gpucc-openmp-opt` against upstream `openmp-opt` of
//! the LLVM the plugin is built for: runs `../shared/conformance/omp_decisions.py
//! --llvm <major>` (162 kernel-configurations of the upstream OpenMP tests on
//! 16, 161 on 22) on the plugin and fails on any 'worse'.
//!
//! Skipped, loudly, when `../shared` is absent (CI has it; see scripts/test.sh).
//! Run: `cargo build --release && GPUCC_PLUGIN=$PWD/target/release/libgpucc_passes.so
//! cargo test --release --test omp_decisions -- --nocapture`.

#[path = "common/plugin_under_test.rs"]
mod plugin_under_test;

use plugin_under_test::{manifest_dir, plugin};

use std::process::Command;

#[test]
fn no_worse_decision_than_upstream_openmp_opt() {
    let script = manifest_dir().join("../shared/conformance/omp_decisions.py");
    if !script.is_file() {
        eprintln!(
            "SKIPPED omp_decisions: {} not found (the conformance suite lives in ../shared)",
            script.display()
        );
        return;
    }
    let major = gpucc_passes::llvm::LLVM_MAJOR;
    let llvm_bin =
        std::env::var("LLVM_BIN").unwrap_or_else(|_| format!("/usr/lib/llvm-{major}/bin"));
    let out = Command::new("python3")
        .arg(&script)
        .arg("--llvm")
        .arg(major.to_string())
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
        "{} kernel-configurations decided worse than LLVM {major}:\n{}",
        failing.len(),
        failing.join("\n")
    );
}
