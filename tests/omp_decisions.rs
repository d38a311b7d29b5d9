//! Decision conformance of `gpucc-openmp-opt` against upstream `openmp-opt` of
//! the LLVM the plugin is built for: runs `../shared/conformance/omp_decisions.py
//! --llvm <major>` (162 kernel-configurations of the upstream OpenMP tests on
//! 16, 161 on 22) on the plugin and fails on any 'worse'.
//!
//! Skipped, loudly, when `../shared` is absent (CI has it; see scripts/test.sh).
//! Run: `cargo build --release && GPUCC_PLUGIN=$PWD/target/release/libgpucc_passes.so
//! cargo test --release --test omp_decisions -- --nocapture`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The plugin under test: `GPUCC_PLUGIN`, else the cdylib Cargo built with this test binary
/// (in its `deps/` directory, or the profile directory above it).
fn plugin() -> PathBuf {
    let built = || {
        let exe = std::env::current_exe().expect("path of the test binary");
        let deps = exe.parent().expect("the test binary lives in a directory");
        let here = deps.join("libgpucc_passes.so");
        if here.is_file() {
            here
        } else {
            deps.parent().unwrap_or(deps).join("libgpucc_passes.so")
        }
    };
    let p = std::env::var_os("GPUCC_PLUGIN")
        .map(PathBuf::from)
        .unwrap_or_else(built);
    assert!(
        p.is_file(),
        "gpucc plugin not found at {}: run `cargo build --release` or set GPUCC_PLUGIN",
        p.display()
    );
    std::fs::canonicalize(&p).expect("the plugin path resolves")
}

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
