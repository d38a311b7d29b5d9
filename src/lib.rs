//! gpucc-passes: the GPU optimizations of Google's gpucc compiler (Wu et al.,
//! CGO 2016) as a plugin for LLVM 16's `opt` and `clang`.
//!
//! ```text
//! opt-16 -load-pass-plugin target/release/libgpucc_passes.so \
//!        -passes=gpucc-bypass-slow-division -S kernel.ll
//! clang-16 -O2 -fpass-plugin=target/release/libgpucc_passes.so ...   # auto-pipeline
//! ```
//!
//! Layout: `plugin` registers names (the only user of llvm-plugin, with
//! `llvm::edge`); `passes` holds one file per pass; `analysis` shared facts;
//! `llvm` every `unsafe` and FFI call, over the C++ shim in `cpp/`; `params`
//! LLVM-style pass parameters; `debug` GPUCC_DEBUG / GPUCC_BISECT.

pub mod analysis;
pub mod debug;
pub mod llvm;
pub mod params;
pub mod passes;
mod plugin;

/// The entry point LLVM looks up after `dlopen`ing the plugin.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> llvm_plugin::PassPluginLibraryInfo {
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
