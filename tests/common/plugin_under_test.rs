//! The plugin a test binary runs: shared by the harnesses that need only its path
//! (`#[path = "common/plugin_under_test.rs"] mod plugin_under_test;`).

use std::path::{Path, PathBuf};

/// The repository root.
pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The plugin under test: `GPUCC_PLUGIN`, else the cdylib Cargo built with this test binary
/// (in its `deps/` directory, or the profile directory above it).
pub fn plugin() -> PathBuf {
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
