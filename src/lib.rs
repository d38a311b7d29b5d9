//! gpucc-passes: the GPU optimizations of Google's gpucc compiler (Wu et al.,
//! CGO 2016) as a plugin for LLVM 16's or LLVM 22's `opt`, `clang` and
//! (LLVM 22) `rustc -Z llvm-plugins`.
//!
//! ```text
//! opt-16 -load-pass-plugin $(scripts/plugin.sh 16) -passes=gpucc-bypass-slow-division -S k.ll
//! clang-22 -O2 -fpass-plugin=$(scripts/plugin.sh 22) ...   # auto-pipeline
//! ```
//!
//! Layout: `plugin` names the passes (version-free); `llvm::edge` and
//! `cpp/plugin.cpp` carry them to LLVM; `passes` holds one file per pass;
//! `analysis` shared facts; `llvm` every `unsafe`, FFI call and LLVM-version
//! difference, over the C++ shim in `cpp/`; `params` LLVM-style pass
//! parameters; `debug` GPUCC_DEBUG / GPUCC_BISECT.

pub mod analysis;
pub mod debug;
pub mod llvm;
pub mod params;
pub mod passes;
mod plugin;

/// The entry point LLVM looks up after `dlopen`ing the plugin.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> llvm::edge::PassPluginLibraryInfo {
    llvm::edge::plugin_info()
}

/// Runs `body`. If it panics, reports an LLVM error naming `pass` and exits
/// (status 1): a panic may leave the IR half-edited, so we stop rather than
/// carry on, and no panic ever unwinds into LLVM's C++ frames.
pub fn guarded<R>(pass: &str, body: impl FnOnce() -> R) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(r) => r,
        Err(p) => {
            let why = p
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| p.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("unknown panic");
            llvm::fatal(&format!("{pass}: internal error: {why}"))
        }
    }
}
