//! Builds the thin C++ shim in `cpp/` against LLVM 16's headers.
//!
//! The shim fills exactly the gaps llvm-plugin leaves (LLVM's own analyses,
//! known bits, remarks, block splitting, upstream `cl::opt`s, fatal errors);
//! see `cpp/shim.cpp`. Symbols from libLLVM are resolved at load time from the
//! `opt`/`clang` process; llvm-plugin already links the `LLVM` dylib, which is
//! the same `libLLVM-16.so.1` those tools use.

use std::path::PathBuf;
use std::process::Command;

fn llvm_config(prefix: &str, arg: &str) -> String {
    let exe = PathBuf::from(prefix).join("bin").join("llvm-config");
    let out = Command::new(&exe)
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e} (install llvm-16-dev)", exe.display()));
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
    println!("cargo:rerun-if-env-changed=LLVM_SYS_160_PREFIX");
    let prefix =
        std::env::var("LLVM_SYS_160_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-16".to_string());
    let include = llvm_config(&prefix, "--includedir");

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include(&include)
        .flag("-fno-exceptions")
        // libLLVM is built without RTTI; the AA model class derives from its
        // classes, so its vtable must not ask for their typeinfo.
        .flag("-fno-rtti")
        .flag("-fvisibility=hidden")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .warnings(true)
        .flag_if_supported("-Wno-unused-parameter")
        .files(cpp_sources())
        .compile("gpucc_shim");

    let libdir = llvm_config(&prefix, "--libdir");
    println!("cargo:rustc-link-search=native={libdir}");
    println!("cargo:rustc-link-lib=dylib=LLVM-16");
}
