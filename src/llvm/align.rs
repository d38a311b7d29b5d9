//! IR queries for `gpucc-shared-align`, over `cpp/align.cpp`: a global's
//! size and whether its alignment may grow, and the alignment known bits
//! prove for a pointer. Alignments are in bytes.

use super::llvm_sys::prelude::LLVMValueRef;
use inkwell::values::{AsValueRef, GlobalValue, InstructionValue, PointerValue};

extern "C" {
    fn gpucc_align_global_size(g: LLVMValueRef) -> u64;
    fn gpucc_align_can_increase(g: LLVMValueRef) -> bool;
    fn gpucc_align_known(p: LLVMValueRef, at: LLVMValueRef) -> u64;
}

/// The allocation size of `g`'s value type in bytes: 0 for a zero-length
/// array (CUDA's `extern __shared__ T a[]`) or an unsized type.
pub fn global_size(g: GlobalValue<'_>) -> u64 {
    // SAFETY: `g` is a live global; the shim only reads it.
    unsafe { gpucc_align_global_size(g.as_value_ref()) }
}

/// May `g`'s alignment be raised: a definition this module owns, with no
/// section that packs it (LLVM's `GlobalObject::canIncreaseAlignment`)?
pub fn can_increase_alignment(g: GlobalValue<'_>) -> bool {
    // SAFETY: as above.
    unsafe { gpucc_align_can_increase(g.as_value_ref()) }
}

/// The alignment that known bits prove for `p` where `at` uses it (at least 1).
pub fn known_alignment(p: PointerValue<'_>, at: InstructionValue<'_>) -> u64 {
    // SAFETY: `p` is a live pointer value and `at` a live instruction of the
    // same module; the query does not change the IR.
    unsafe { gpucc_align_known(p.as_value_ref(), at.as_value_ref()) }
}
