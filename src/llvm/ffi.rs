//! Raw declarations of the C++ shim (`cpp/shim.cpp`). Private to `src/llvm`:
//! every function here has a safe wrapper in a sibling module.

use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use std::ffi::{c_char, c_int, c_void};

extern "C" {
    pub(super) fn gpucc_fatal(msg: *const c_char, len: usize) -> !;
    pub(super) fn gpucc_known_leading_zeros(
        v: LLVMValueRef,
        ctx: LLVMValueRef,
        min_lz: *mut u32,
        max_lz: *mut u32,
    );
    pub(super) fn gpucc_split_block_before(
        inst: LLVMValueRef,
        name: *const c_char,
        len: usize,
    ) -> LLVMBasicBlockRef;
    pub(super) fn gpucc_fam_invalidate(fam: *mut c_void, f: LLVMValueRef);
    pub(super) fn gpucc_remarks_wanted(f: LLVMValueRef, pass: *const c_char, len: usize) -> bool;
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gpucc_remark(
        fam: *mut c_void,
        f: LLVMValueRef,
        inst: LLVMValueRef,
        kind: c_int,
        pass: *const c_char,
        pass_len: usize,
        name: *const c_char,
        name_len: usize,
        msg: *const c_char,
        msg_len: usize,
    );
    pub(super) fn gpucc_cl_opt_bool(name: *const c_char, len: usize, set: *mut bool) -> c_int;
    pub(super) fn gpucc_auto_pipeline_option() -> bool;
}
