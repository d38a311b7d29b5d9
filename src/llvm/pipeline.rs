//! Running a textual pass pipeline (ours and LLVM's own passes mixed) from
//! inside a module pass, with the PassBuilder that loaded the plugin
//! (`cpp/pipeline.cpp`).

use llvm_sys::prelude::LLVMModuleRef;
use std::ffi::{c_char, c_void, CStr};

extern "C" {
    fn gpucc_remember_pass_builder(pb: *mut c_void);
    fn gpucc_run_module_pipeline(
        m: LLVMModuleRef,
        mam: *mut c_void,
        text: *const c_char,
        len: usize,
    ) -> *mut c_char;
    fn gpucc_free_message(msg: *mut c_char);
}

/// # Safety
/// `pb` must be the live `llvm::PassBuilder *` of the registration callback.
pub(crate) unsafe fn remember_pass_builder(pb: *mut c_void) {
    // SAFETY: per the contract above.
    unsafe { gpucc_remember_pass_builder(pb) }
}

/// Parses `text` (module-level pipeline syntax, e.g.
/// `function(gvn,gpucc-slsr)`) and runs it on module `m` with the running
/// pipeline's module analysis manager `mam`. `Err` carries LLVM's parse
/// error.
///
/// # Safety
/// `m` must be the live module and `mam` the live `ModuleAnalysisManager *`
/// of the module pass that calls this.
pub(crate) unsafe fn run_module_pipeline(
    m: LLVMModuleRef,
    mam: *mut c_void,
    text: &str,
) -> Result<(), String> {
    // SAFETY: per the contract above; the message is copied, then freed.
    unsafe {
        let err = gpucc_run_module_pipeline(m, mam, text.as_ptr().cast(), text.len());
        if err.is_null() {
            return Ok(());
        }
        let msg = CStr::from_ptr(err).to_string_lossy().into_owned();
        gpucc_free_message(err);
        Err(msg)
    }
}
