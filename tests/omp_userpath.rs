//! The user's path for OpenMP offloading: clang's own device compile with
//! `-fpass-plugin` leaves the combined-construct kernels of `bench/openmp` (and the
//! generic vector add, which `gpucc-openmp-opt` SPMDizes first) in the runtime-free
//! form, where stock clang keeps the OpenMP device runtime's
//! calls. For the LLVM this test binary is built for, each source is compiled
//! with `clang-N -fopenmp --offload-arch=sm_80 -O2 --offload-device-only
//! -nogpulib -S -emit-llvm` (plus `--cuda-feature=+ptx70`, which clang-22
//! needs for sm_80 without a CUDA installation), once without the plugin and
//! once with it; the kernel and every function it reaches are checked for
//! `call ... @__kmpc_*`.
//!
//! Skipped, with a message, only where this clang cannot compile OpenMP
//! offload code for sm_80 at all (a one-line `#pragma omp target` probe
//! fails); once the probe compiles, every failure is a test failure.
//! Run: `GPUCC_PLUGIN=$PWD/target/release/libgpucc_passes.so cargo test --release --test
//! omp_userpath`; LLVM 22: `CARGO_TARGET_DIR=target/llvm22 cargo test --release
//! --no-default-features --features llvm22 --test omp_userpath`.

#[path = "common/plugin_under_test.rs"]
mod plugin_under_test;

use plugin_under_test::{manifest_dir, plugin};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM_MAJOR: u32 = gpucc_passes::llvm::LLVM_MAJOR;

fn clang() -> PathBuf {
    let bin =
        std::env::var("LLVM_BIN").unwrap_or_else(|_| format!("/usr/lib/llvm-{LLVM_MAJOR}/bin"));
    Path::new(&bin).join("clang")
}

/// The device-compile flags of the user's path, for this LLVM.
fn device_flags() -> Vec<&'static str> {
    let mut flags = vec!["-fopenmp", "--offload-arch=sm_80", "-O2"];
    if LLVM_MAJOR >= 17 {
        flags.push("--cuda-feature=+ptx70");
    }
    flags.extend(["--offload-device-only", "-nogpulib", "-S", "-emit-llvm"]);
    flags
}

/// Compiles `src` to device IR (with the plugin when given); `Err` carries clang's stderr.
fn device_ir(src: &Path, plugin: Option<&Path>) -> Result<String, String> {
    let mut cmd = Command::new(clang());
    cmd.args(device_flags()).arg(src).args(["-o", "-"]);
    if let Some(p) = plugin {
        cmd.arg(format!("-fpass-plugin={}", p.display()));
    }
    // The auto-pipeline is on unless switched off: make sure the caller's
    // environment does not switch it off.
    cmd.env_remove("GPUCC_AUTO_PIPELINE");
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", clang().display()));
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Can this clang compile OpenMP offload code for sm_80 at all? `Err` says why not.
/// Probed once for all the tests of the binary (they run in parallel, and a probe file
/// each of them wrote and removed in one directory made them skip one another).
fn offload_compiles() -> Result<(), String> {
    static PROBED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    PROBED
        .get_or_init(|| {
            let dir =
                std::env::temp_dir().join(format!("gpucc-omp-userpath-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let probe = dir.join("probe.c");
            std::fs::write(
                &probe,
                "void f(int *p) {\n#pragma omp target\n  *p = 1;\n}\n",
            )
            .expect("write the probe");
            let result = device_ir(&probe, None).map(|_| ());
            let _ = std::fs::remove_dir_all(&dir);
            // CI installs both clangs (scripts/install-deps.sh): there a failing probe is a
            // failure, not a reason to skip.
            if let (Err(why), Some(_)) = (&result, std::env::var_os("CI")) {
                panic!(
                    "{} cannot compile OpenMP offload code under CI:\n{why}",
                    clang().display()
                );
            }
            result
        })
        .clone()
}

/// The body lines of each function defined in `ir`, by name.
fn bodies(ir: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    let mut open = false;
    for line in ir.lines() {
        if line.starts_with("define ") {
            let name = line
                .split('@')
                .nth(1)
                .and_then(|rest| rest.split('(').next())
                .unwrap_or_default()
                .to_string();
            out.push((name, Vec::new()));
            open = true;
        } else if open {
            if line.starts_with('}') {
                open = false;
            } else if let Some(last) = out.last_mut() {
                last.1.push(line);
            }
        }
    }
    out
}

/// The kernels of `ir` (functions with an `_exec_mode` (LLVM 16) or
/// `_kernel_environment` (LLVM 17+) global), each with the `__kmpc_*` calls in
/// it and in every function it reaches.
fn kernel_runtime_calls(ir: &str) -> Vec<(String, Vec<String>)> {
    let funcs = bodies(ir);
    let defined: BTreeSet<&str> = funcs.iter().map(|(n, _)| n.as_str()).collect();
    let is_kernel = |n: &str| {
        ir.contains(&format!("@{n}_exec_mode = "))
            || ir.contains(&format!("@{n}_kernel_environment = "))
    };
    let mut result = Vec::new();
    for (kernel, _) in funcs.iter().filter(|(n, _)| is_kernel(n)) {
        let mut seen = BTreeSet::from([kernel.as_str()]);
        let mut todo = vec![kernel.as_str()];
        let mut calls = Vec::new();
        while let Some(f) = todo.pop() {
            let body = &funcs
                .iter()
                .find(|(n, _)| n == f)
                .expect("a defined function")
                .1;
            for line in body {
                for (i, _) in line.match_indices('@') {
                    let name: String = line[i + 1..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || "_.$".contains(*c))
                        .collect();
                    if name.starts_with("__kmpc_") && line.contains("call ") {
                        calls.push(name);
                    } else if let Some(&callee) = defined.get(name.as_str()) {
                        if seen.insert(callee) {
                            todo.push(callee);
                        }
                    }
                }
            }
        }
        result.push((kernel.clone(), calls));
    }
    result
}

/// Compiles `bench/openmp/<stem>.c` both ways and checks the plugin's output
/// is runtime-free where stock clang's is not.
fn check_runtime_free(stem: &str) {
    if let Err(why) = offload_compiles() {
        eprintln!(
            "SKIPPED omp_userpath ({stem}): {} cannot compile OpenMP offload code for sm_80:\n{why}",
            clang().display()
        );
        return;
    }
    let src = manifest_dir().join(format!("bench/openmp/{stem}.c"));
    let stock = device_ir(&src, None).unwrap_or_else(|e| panic!("stock clang on {stem}.c:\n{e}"));
    let ours = device_ir(&src, Some(&plugin()))
        .unwrap_or_else(|e| panic!("clang -fpass-plugin on {stem}.c:\n{e}"));
    let stock_calls = kernel_runtime_calls(&stock);
    let our_calls = kernel_runtime_calls(&ours);
    assert!(
        !stock_calls.is_empty(),
        "no OpenMP kernel in stock clang's device IR of {stem}.c"
    );
    for (kernel, calls) in &stock_calls {
        assert!(
            !calls.is_empty(),
            "{stem}.c: stock clang already leaves {kernel} without runtime calls; the test shows nothing"
        );
    }
    assert_eq!(
        stock_calls.iter().map(|(k, _)| k).collect::<Vec<_>>(),
        our_calls.iter().map(|(k, _)| k).collect::<Vec<_>>(),
        "{stem}.c: the plugin changed the set of kernels"
    );
    for (kernel, calls) in &our_calls {
        assert!(
            calls.is_empty(),
            "{stem}.c: with -fpass-plugin, kernel {kernel} still calls the OpenMP runtime: {calls:?}\n{ours}"
        );
    }
}

#[test]
fn vecadd_spmd_is_runtime_free_through_clang() {
    check_runtime_free("vecadd_spmd");
}

#[test]
fn rowdot_is_runtime_free_through_clang() {
    check_runtime_free("rowdot");
}

/// Generic mode as clang emits it: SPMDized by `gpucc-openmp-opt`, then runtime-free.
#[test]
fn vecadd_generic_is_runtime_free_through_clang() {
    check_runtime_free("vecadd_generic");
}

#[test]
fn rowscale_is_runtime_free_through_clang() {
    check_runtime_free("rowscale");
}

#[test]
fn finds_runtime_calls_through_outlined_regions() {
    let ir = "@k_exec_mode = weak constant i8 2\n\
              define void @k() {\n  call void @outlined(ptr @k_exec_mode)\n  ret void\n}\n\
              define internal void @outlined(ptr %p) {\n  call void @__kmpc_barrier(ptr null, i32 0)\n  ret void\n}\n";
    let calls = kernel_runtime_calls(ir);
    assert_eq!(
        calls,
        vec![("k".to_string(), vec!["__kmpc_barrier".to_string()])]
    );
}
