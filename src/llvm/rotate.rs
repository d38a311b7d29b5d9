//! Scalar-evolution queries for `gpucc-rotate-loads`, over `cpp/rotate.cpp`.

use super::analyses::Scev;
use super::llvm_sys::core as c;
use super::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use super::llvm_sys::LLVMAtomicOrdering;
use super::Fam;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionValue};
use std::ffi::c_void;

extern "C" {
    fn gpucc_rotate_addrec_step(
        fam: *mut c_void,
        f: LLVMValueRef,
        s: *const c_void,
        header: LLVMBasicBlockRef,
    ) -> *const c_void;
}

/// The step of `s` when it is an affine recurrence `{start,+,step}` of the
/// loop headed by `header`, with a step invariant in that loop.
pub fn addrec_step(
    fam: Fam<'_>,
    f: FunctionValue<'_>,
    s: Scev,
    header: BasicBlock<'_>,
) -> Option<Scev> {
    // SAFETY: live FAM and function; `s` comes from this function's scalar
    // evolution and `header` is a block of `f`.
    let step = unsafe {
        gpucc_rotate_addrec_step(fam.raw.as_ptr(), f.as_value_ref(), s.0, header.as_mut_ptr())
    };
    (!step.is_null()).then_some(Scev(step))
}

/// `v` as an instruction, when it is one.
pub fn as_instruction<'ctx>(v: impl AsValueRef) -> Option<InstructionValue<'ctx>> {
    // SAFETY: LLVM-C checks the kind; a non-null result is a live instruction.
    unsafe {
        let i = c::LLVMIsAInstruction(v.as_value_ref());
        (!i.is_null()).then(|| InstructionValue::new(i))
    }
}

/// Is load or store `i` atomic (any ordering but not-atomic)?
pub fn is_atomic(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live load or store, which have an ordering.
    unsafe {
        c::LLVMGetOrdering(i.as_value_ref()) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    }
}

/// The type of `v`, by identity (types are uniqued per context).
pub fn type_key(v: impl AsValueRef) -> usize {
    // SAFETY: `v` is a live value.
    unsafe { c::LLVMTypeOf(v.as_value_ref()) as usize }
}

/// The source element type of GEP instruction `gep`, by identity.
pub fn gep_source_type_key(gep: InstructionValue<'_>) -> usize {
    // SAFETY: `gep` is a live GEP instruction.
    unsafe { c::LLVMGetGEPSourceElementType(gep.as_value_ref()) as usize }
}

/// Instruction `i`, which produces a first-class value (a load, a clone
/// of an arithmetic instruction), as a basic value.
pub fn as_basic_value<'ctx>(i: InstructionValue<'ctx>) -> BasicValueEnum<'ctx> {
    // SAFETY: the callers pass instructions of basic (non-void) type.
    unsafe { BasicValueEnum::new(i.as_value_ref()) }
}
