//! Builds the thin C++ shim in `cpp/` against the headers of the LLVM the
//! Cargo feature picks, and decides what links libLLVM.
//!
//! | feature | headers (default prefix)  | the plugin links libLLVM? |
//! |---------|---------------------------|---------------------------|
//! | llvm16  | /usr/lib/llvm-16          | yes (`libLLVM-16.so`)     |
//! | llvm19  | /usr/lib/llvm-19          | no                        |
//! | llvm22  | /usr/lib/llvm-22          | no                        |
//!
//! A plugin that does not link libLLVM leaves its LLVM symbols undefined;
//! they resolve at load time to whichever libLLVM the host process runs:
//! Debian's in opt-22 and clang-22, rustc's own `libLLVM.so.22.1-rust-*` in
//! rustc. Test binaries and examples do need a libLLVM to run, so for them
//! the build links the one of the prefix (`rustc-link-arg-tests`, ...).
//! `LLVM_SYS_<NNN>_PREFIX` (the variable llvm-sys reads too) moves the prefix.

use std::path::PathBuf;
use std::process::Command;

/// One row per LLVM: the feature's environment name, llvm-sys's prefix
/// variable, the default prefix, and whether the cdylib links libLLVM.
struct Llvm {
    feature: &'static str,
    prefix_var: &'static str,
    default_prefix: &'static str,
    major: u32,
    link_plugin: bool,
}

const LLVMS: &[Llvm] = &[
    Llvm {
        feature: "CARGO_FEATURE_LLVM16",
        prefix_var: "LLVM_SYS_160_PREFIX",
        default_prefix: "/usr/lib/llvm-16",
        major: 16,
        link_plugin: true,
    },
    Llvm {
        feature: "CARGO_FEATURE_LLVM19",
        prefix_var: "LLVM_SYS_191_PREFIX",
        default_prefix: "/usr/lib/llvm-19",
        major: 19,
        link_plugin: false,
    },
    Llvm {
        feature: "CARGO_FEATURE_LLVM22",
        prefix_var: "LLVM_SYS_221_PREFIX",
        default_prefix: "/usr/lib/llvm-22",
        major: 22,
        link_plugin: false,
    },
];

fn llvm_config(prefix: &str, major: u32, arg: &str) -> String {
    let exe = PathBuf::from(prefix).join("bin").join("llvm-config");
    let out = Command::new(&exe).arg(arg).output().unwrap_or_else(|e| {
        panic!(
            "cannot run {}: {e} (run scripts/install-deps.sh {major}, or set the prefix)",
            exe.display()
        )
    });
    assert!(out.status.success(), "{} {arg} failed", exe.display());
    String::from_utf8(out.stdout)
        .expect("llvm-config prints UTF-8")
        .trim()
        .to_string()
}

/// Every `cpp/*.cpp`, sorted (each pass area may keep its shim functions in
/// its own file).
fn cpp_sources() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("cpp")
        .expect("the cpp/ folder is there")
        .map(|e| e.expect("cpp/ is readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    files.sort();
    files
}

fn main() {
    println!("cargo:rerun-if-changed=cpp");
    let chosen: Vec<&Llvm> = LLVMS
        .iter()
        .filter(|l| std::env::var_os(l.feature).is_some())
        .collect();
    // src/llvm/mod.rs reports zero or several with a compile_error!.
    let [llvm] = chosen.as_slice() else {
        return;
    };
    println!("cargo:rerun-if-env-changed={}", llvm.prefix_var);
    let prefix = std::env::var(llvm.prefix_var).unwrap_or_else(|_| llvm.default_prefix.to_string());
    let version = llvm_config(&prefix, llvm.major, "--version");
    let major: u32 = version
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    assert_eq!(
        major, llvm.major,
        "{prefix} holds LLVM {version}, but the feature asks for LLVM {}",
        llvm.major
    );
    let include = llvm_config(&prefix, llvm.major, "--includedir");

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include(&include)
        .flag("-fno-exceptions")
        // libLLVM is built without RTTI; the AA model class derives from its
        // classes, so its vtable must not ask for their typeinfo.
        .flag("-fno-rtti")
        .flag("-fvisibility=hidden")
        .define("NDEBUG", None)
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .warnings(true)
        .flag_if_supported("-Wno-unused-parameter")
        .files(cpp_sources())
        .compile("gpucc_shim");

    let libdir = llvm_config(&prefix, llvm.major, "--libdir");
    println!("cargo:rustc-link-search=native={libdir}");
    // The plugin binds the functions it calls lazily, where rustc asks the
    // linker to bind all of them at load time (`-z now`): loading then
    // resolves only the few hundred symbols that are data, and each run of
    // `opt` or `clang` pays for the functions a pass actually calls (about
    // 0.5M fewer instructions per process on LLVM 16: docs/benchmarks.md).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-z,lazy");
    if llvm.link_plugin {
        println!("cargo:rustc-link-lib=dylib=LLVM-{}", llvm.major);
    } else {
        // The plugin leaves LLVM's symbols to the host: bound lazily, loaded
        // into another LLVM, where some are missing, it still loads, and its
        // version check (src/llvm/edge.rs) runs and explains, instead of the
        // loader's "undefined symbol".
        // What runs on its own (tests) links the prefix's libLLVM.
        println!("cargo:rustc-link-arg-tests=-L{libdir}");
        println!("cargo:rustc-link-arg-tests=-Wl,-rpath,{libdir}");
        println!("cargo:rustc-link-arg-tests=-lLLVM");
    }
}
