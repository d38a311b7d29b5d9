//! HPVM graphs, executed (issue 17): `scripts/hpvm_emulate.py` runs the 1-D convolution of
//! `examples/hpvm/conv1d.c` on the host under HPVM's semantics (the `gpucc-hpvm-gen` module:
//! one host thread per leaf instance, the Alloc node once per block, `__hpvm__barrier` a thread
//! barrier) and as the kernels `gpucc-hpvm-lower<constmem>` makes (`leaf` and `leaf_const`,
//! special registers and `bar.sync` emulated, the constant pool filled by the driver), with a
//! deterministic schedule, and compares the memory byte for byte over 45 configurations
//! (block size 32, 64, 128 x 5 output counts x filter length 1, 4, 9).
//!
//! - `lowered_kernels_match_hpvm_semantics`: both forms agree with the reference everywhere.
//! - `kernel_without_its_barrier_fails`: the same kernels with the barrier deleted must
//!   mismatch (the emulator's schedule makes that deterministic), so the first test can fail.
//!
//! - `dynamic_shared_tile_matches_hpvm_semantics`: the same with the tile's size given at run
//!   time (dynamic shared memory, `@leaf_shared_bytes`), with and without the barrier.
//! - `emulator_accepts_handwritten_kernels`, `emulator_catches_a_const_form_without_its_barrier`:
//!   the emulator tested on its own, with the hand-written §3-form kernels of
//!   `tests/hpvm/conv1d_lowered.ll` in place of the pass's (and a copy missing one barrier).
//!
//! Both LLVMs (the script takes that LLVM's clang and opt). Files for inspection are left
//! under Cargo's `CARGO_TARGET_TMPDIR/hpvm-emu/`.
//! Run: `cargo test --release --test hpvm_emulator -- --nocapture`.

#[path = "common/fuzz_support.rs"]
mod fuzz_support;

use fuzz_support::llvm_bin;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Output;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The plugin under test (`GPUCC_PLUGIN`, else the library Cargo built; see fuzz_support).
fn plugin() -> PathBuf {
    let p = fuzz_support::plugin_path()
        .expect("gpucc plugin not found: run `cargo build --release` or set GPUCC_PLUGIN");
    std::fs::canonicalize(&p).expect("the plugin path resolves")
}

fn emulate(test: &str, mutant: Option<&str>) -> Output {
    let mut args: Vec<OsString> = Vec::new();
    if let Some(m) = mutant {
        args.extend(["--mutant".into(), m.into()]);
    }
    emulate_args(test, &args)
}

/// `scripts/hpvm_emulate.py` with `args` after the tools and the output directory.
fn emulate_args(test: &str, args: &[OsString]) -> Output {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hpvm-emu")
        .join(test);
    let _ = std::fs::remove_dir_all(&out);
    let mut cmd = std::process::Command::new("python3");
    cmd.arg(manifest_dir().join("scripts/hpvm_emulate.py"))
        .arg("--llvm-bin")
        .arg(llvm_bin())
        .arg("--plugin")
        .arg(plugin())
        .arg("--out")
        .arg(&out)
        .args(args);
    cmd.output().expect("python3 runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The hand-written kernels of `tests/hpvm/conv1d_lowered.ll` (docs/hpvm.md §3 form, no
/// lowering pass involved).
fn fixture() -> PathBuf {
    manifest_dir().join("tests/hpvm/conv1d_lowered.ll")
}

/// The emulator itself, without `gpucc-hpvm-lower`: the hand-written §3 kernels agree with the
/// reference on all 45 configurations in both forms.
#[test]
fn emulator_accepts_handwritten_kernels() {
    let o = emulate_args("fixture", &["--kernel".into(), fixture().into()]);
    let t = text(&o);
    println!("{t}");
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(
        t.contains("45 configurations x 2 forms (leaf, leaf_const) from "),
        "{t}"
    );
}

/// ... and catches a missing barrier in the constant form alone: the fixture's `leaf_const`
/// waits at LLVM 22's spelling of the barrier (`llvm.nvvm.barrier.cta.sync.aligned.all`);
/// with that call deleted, `leaf` still matches and `leaf_const` must mismatch, so the
/// constant form is compared and that spelling is the barrier.
#[test]
fn emulator_catches_a_const_form_without_its_barrier() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hpvm-emu");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let src = std::fs::read_to_string(fixture()).expect("the fixture reads");
    let call = "  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)\n";
    assert_eq!(
        src.matches(call).count(),
        1,
        "one such barrier in the fixture"
    );
    let broken = dir.join("conv1d_lowered.no-const-barrier.ll");
    std::fs::write(&broken, src.replace(call, "")).expect("the broken fixture writes");
    let o = emulate_args(
        "fixture-no-const-barrier",
        &["--kernel".into(), broken.into()],
    );
    let t = text(&o);
    println!("{t}");
    assert_eq!(o.status.code(), Some(1), "must mismatch:\n{t}");
    assert!(
        t.contains("MISMATCH") && t.contains(" leaf_const: out["),
        "{t}"
    );
}

/// The tile as dynamic shared memory (`conv1d.c -DHPVM_DYNAMIC_TILE`: the Alloc node allocates
/// the size it is given): `@leaf_dynamic_shared`, the size a kernel parameter,
/// `@leaf_shared_bytes` asking for it; both forms agree with the reference on all 45
/// configurations, and without the barrier they must not.
#[test]
fn dynamic_shared_tile_matches_hpvm_semantics() {
    let dynamic: [OsString; 2] = ["--tile".into(), "dynamic".into()];
    let o = emulate_args("dynamic", &dynamic);
    let t = text(&o);
    println!("{t}");
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(
        t.contains("45 configurations x 2 forms (leaf, leaf_const), dynamic shared tile: all byte-identical"),
        "{t}"
    );
    let mut mutant = dynamic.to_vec();
    mutant.extend(["--mutant".into(), "no-barrier".into()]);
    let o = emulate_args("dynamic-no-barrier", &mutant);
    let t = text(&o);
    println!("{t}");
    assert_eq!(o.status.code(), Some(1), "must mismatch:\n{t}");
    assert!(t.contains("MISMATCH"), "{t}");
}

#[test]
fn lowered_kernels_match_hpvm_semantics() {
    let o = emulate("match", None);
    let t = text(&o);
    println!("{t}");
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(
        t.contains("45 configurations x 2 forms (leaf, leaf_const): all byte-identical"),
        "{t}"
    );
    assert_eq!(
        t.matches("15 configurations, leaf and leaf_const byte-identical")
            .count(),
        3,
        "{t}"
    );
}

#[test]
fn kernel_without_its_barrier_fails() {
    let o = emulate("no-barrier", Some("no-barrier"));
    let t = text(&o);
    println!("{t}");
    assert_eq!(
        o.status.code(),
        Some(1),
        "the barrier-less kernel must mismatch:\n{t}"
    );
    assert!(t.contains("MISMATCH"), "{t}");
}

/// ptxas (NVIDIA's assembler, PyPI `nvidia-cuda-nvcc-cu12`): `PTXAS`, else the copy that
/// `scripts/bench-*.sh` install under `target/ptxas-venv`, else none.
fn ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("PTXAS") {
        return Some(PathBuf::from(p));
    }
    let venv = manifest_dir().join("target/ptxas-venv/lib");
    let pythons = std::fs::read_dir(&venv).ok()?;
    pythons
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("site-packages/nvidia/cuda_nvcc/bin/ptxas"))
        .find(|p| p.is_file())
}

/// The whole path of `examples/hpvm/conv1d.c` to PTX (clang -O0, gen, SROA/InstCombine, lower
/// with `constmem`, O3, llc) assembles with ptxas for sm_80: both kernels. Skipped, loudly,
/// without ptxas.
#[test]
fn lowered_kernels_assemble_with_ptxas() {
    let Some(ptxas) = ptxas() else {
        eprintln!("SKIPPED lowered_kernels_assemble_with_ptxas: no ptxas (PTXAS, or run scripts/bench-hpvm.sh once)");
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hpvm-emu/ptxas");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let bin = llvm_bin();
    let run = |cmd: &mut std::process::Command| {
        let o = cmd.output().expect("the tool runs");
        assert!(o.status.success(), "{cmd:?} failed:\n{}", text(&o));
        o
    };
    let mut clang = std::process::Command::new(bin.join("clang"));
    clang.args([
        "--target=nvptx64-nvidia-cuda",
        "-march=sm_80",
        "-x",
        "c",
        "-O0",
    ]);
    if gpucc_passes::llvm::LLVM_MAJOR != 16 {
        clang.args(["-Xclang", "-target-feature", "-Xclang", "+ptx70"]);
    }
    run(clang
        .args([
            "-Xclang",
            "-disable-O0-optnone",
            "-S",
            "-emit-llvm",
            "-include",
        ])
        .arg(manifest_dir().join("include/hpvm.h"))
        .arg(manifest_dir().join("examples/hpvm/conv1d.c"))
        .arg("-o")
        .arg(dir.join("c.ll")));
    run(std::process::Command::new(bin.join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .arg("-passes=gpucc-hpvm-gen,function(sroa,instcombine,simplifycfg),gpucc-hpvm-lower<constmem>,default<O3>")
        .arg(dir.join("c.ll"))
        .arg("-o")
        .arg(dir.join("k.bc")));
    run(std::process::Command::new(bin.join("llc"))
        .args(["-mcpu=sm_80"])
        .arg(dir.join("k.bc"))
        .arg("-o")
        .arg(dir.join("k.ptx")));
    let o = run(std::process::Command::new(&ptxas)
        .args(["-v", "-arch=sm_80"])
        .arg(dir.join("k.ptx"))
        .arg("-o")
        .arg(dir.join("k.cubin")));
    let t = text(&o);
    println!("{t}");
    for k in ["'leaf'", "'leaf_const'"] {
        assert!(t.contains(&format!("Compiling entry function {k}")), "{t}");
    }
}
