//! Loop metadata (`!llvm.loop`) over `cpp/loops.cpp`: LLVM-C cannot build
//! the self-referential loop ID.

use super::llvm_sys::prelude::LLVMValueRef;
use inkwell::values::{AsValueRef, InstructionValue};

extern "C" {
    fn gpucc_loop_has_property(br: LLVMValueRef, prefix: *const u8, len: usize) -> bool;
    fn gpucc_loop_set_unroll_count(br: LLVMValueRef, count: u32);
}

/// Does the loop ID on terminator `br` have a property whose name starts
/// with `prefix` (`"llvm.loop.unroll."`)?
pub fn has_property(br: InstructionValue<'_>, prefix: &str) -> bool {
    // SAFETY: `br` is a live instruction; the string is only read.
    unsafe { gpucc_loop_has_property(br.as_value_ref(), prefix.as_ptr(), prefix.len()) }
}

/// Asks LLVM's loop unroller, through `br`'s loop ID, to unroll the loop
/// `count` times (`llvm.loop.unroll.count`, as `#pragma unroll count`).
pub fn set_unroll_count(br: InstructionValue<'_>, count: u32) {
    // SAFETY: `br` is a live terminator; the shim replaces its loop ID.
    unsafe { gpucc_loop_set_unroll_count(br.as_value_ref(), count) }
}
