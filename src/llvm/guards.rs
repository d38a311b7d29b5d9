//! What `gpucc-flatten-guards` asks LLVM about one instruction
//! (`cpp/guards.cpp`).

use super::llvm_sys::prelude::LLVMValueRef;
use inkwell::values::{AsValueRef, InstructionValue};

extern "C" {
    fn gpucc_guard_inst_class(i: LLVMValueRef) -> i32;
}

/// May an instruction run where the guard of its block is false?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardClass {
    /// Yes: safe to speculate (LLVM's `isSafeToSpeculativelyExecute`), no
    /// memory access, no call but a debug intrinsic.
    Free,
    /// No: it must stay guarded.
    Guarded,
    /// A convergent call: the condition it runs under may not be rewritten.
    Convergent,
}

/// The [`GuardClass`] of `inst`.
pub fn guard_class(inst: InstructionValue<'_>) -> GuardClass {
    // SAFETY: `inst` is a live instruction; the shim only reads it.
    match unsafe { gpucc_guard_inst_class(inst.as_value_ref()) } {
        0 => GuardClass::Free,
        2 => GuardClass::Convergent,
        _ => GuardClass::Guarded,
    }
}
