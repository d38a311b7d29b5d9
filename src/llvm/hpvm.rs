//! What the HPVM passes need beyond LLVM-C (`cpp/hpvm.cpp`): a leaf cloned
//! into a kernel of another signature, kernel marking and the block barrier
//! of each LLVM, post-dominance and uniformity.

use super::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use super::Fam;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionValue};
use std::ffi::c_void;

extern "C" {
    fn gpucc_hpvm_clone_kernel(
        leaf: LLVMValueRef,
        name: *const u8,
        len: usize,
        keep: *const u32,
        n_keep: u32,
        repl: *const LLVMValueRef,
    ) -> LLVMValueRef;
    fn gpucc_hpvm_clone_same(f: LLVMValueRef, name: *const u8, len: usize) -> LLVMValueRef;
    fn gpucc_hpvm_mark_kernel(f: LLVMValueRef);
    fn gpucc_hpvm_barrier_before(before: LLVMValueRef);
    fn gpucc_hpvm_postdominates(
        fam: *mut c_void,
        f: LLVMValueRef,
        a: LLVMBasicBlockRef,
        b: LLVMBasicBlockRef,
    ) -> bool;
    fn gpucc_hpvm_is_uniform(fam: *mut c_void, f: LLVMValueRef, v: LLVMValueRef) -> bool;
}

/// A copy of `leaf` named `name`, returning void, taking the leaf's
/// parameters `keep` in that order; every other parameter `k` becomes
/// `repl[k]` (`None`: poison, which the caller must know is unused).
pub fn clone_kernel<'ctx>(
    leaf: FunctionValue<'ctx>,
    name: &str,
    keep: &[u32],
    repl: &[Option<BasicValueEnum<'ctx>>],
) -> FunctionValue<'ctx> {
    assert_eq!(repl.len(), leaf.count_params() as usize);
    let raw: Vec<LLVMValueRef> = repl
        .iter()
        .map(|v| v.map_or(std::ptr::null_mut(), |v| v.as_value_ref()))
        .collect();
    // SAFETY: `leaf` is a live definition; `keep` indexes its parameters
    // (checked by the caller), `raw` has one entry per parameter.
    unsafe {
        let f = gpucc_hpvm_clone_kernel(
            leaf.as_value_ref(),
            name.as_ptr(),
            name.len(),
            keep.as_ptr(),
            keep.len() as u32,
            raw.as_ptr(),
        );
        FunctionValue::new(f).expect("the shim returns a function")
    }
}

/// A copy of `f` named `name`, same signature.
pub fn clone_same<'ctx>(f: FunctionValue<'ctx>, name: &str) -> FunctionValue<'ctx> {
    // SAFETY: `f` is a live definition.
    unsafe {
        FunctionValue::new(gpucc_hpvm_clone_same(
            f.as_value_ref(),
            name.as_ptr(),
            name.len(),
        ))
        .expect("the shim returns a function")
    }
}

/// Marks `f` as an NVPTX kernel the way this LLVM expects.
pub fn mark_kernel(f: FunctionValue<'_>) {
    // SAFETY: `f` is a live function.
    unsafe { gpucc_hpvm_mark_kernel(f.as_value_ref()) }
}

/// Inserts the block barrier (`bar.sync 0`) before `before`.
pub fn barrier_before(before: InstructionValue<'_>) {
    // SAFETY: `before` is a live instruction in a function of a module.
    unsafe { gpucc_hpvm_barrier_before(before.as_value_ref()) }
}

/// Does block `a` post-dominate block `b` of `f`?
pub fn postdominates(
    fam: Fam<'_>,
    f: FunctionValue<'_>,
    a: BasicBlock<'_>,
    b: BasicBlock<'_>,
) -> bool {
    // SAFETY: live FAM, function and blocks of it.
    unsafe {
        gpucc_hpvm_postdominates(
            fam.raw.as_ptr(),
            f.as_value_ref(),
            a.as_mut_ptr(),
            b.as_mut_ptr(),
        )
    }
}

/// Is `v` (of `f`) uniform across a block's threads (LLVM's uniformity
/// analysis, with the target's sources of divergence)?
pub fn is_uniform(fam: Fam<'_>, f: FunctionValue<'_>, v: impl AsValueRef) -> bool {
    // SAFETY: live FAM, function and a value of it.
    unsafe { gpucc_hpvm_is_uniform(fam.raw.as_ptr(), f.as_value_ref(), v.as_value_ref()) }
}

extern "C" {
    fn gpucc_hpvm_erase_functions(fs: *const LLVMValueRef, n: u32);
}

/// Deletes the bodies of `fs`, then erases those nothing uses any more. The
/// handles must not be used afterwards.
pub fn erase_functions(fs: Vec<FunctionValue<'_>>) {
    let raw: Vec<LLVMValueRef> = fs.iter().map(|f| f.as_value_ref()).collect();
    // SAFETY: live, distinct functions; the handles are consumed.
    unsafe { gpucc_hpvm_erase_functions(raw.as_ptr(), raw.len() as u32) }
}

/// `getelementptr i8, base, off` at `b`.
pub fn byte_gep<'ctx>(
    b: &inkwell::builder::Builder<'ctx>,
    i8t: inkwell::types::IntType<'ctx>,
    base: inkwell::values::PointerValue<'ctx>,
    off: inkwell::values::IntValue<'ctx>,
) -> inkwell::values::PointerValue<'ctx> {
    // SAFETY: an i8 GEP without `inbounds` has no undefined behaviour of its
    // own; `b` is positioned by the caller.
    unsafe {
        b.build_gep(i8t, base, &[off], "")
            .expect("builder positioned")
    }
}

/// Replaces every use of `old` (any value, e.g. an argument) by `new`, which
/// must have its type.
pub fn replace_uses(old: impl AsValueRef, new: impl AsValueRef) {
    // SAFETY: live values; the types are checked first.
    unsafe {
        use super::llvm_sys::core as c;
        assert!(
            c::LLVMTypeOf(old.as_value_ref()) == c::LLVMTypeOf(new.as_value_ref()),
            "gpucc: replace_uses with a value of another type"
        );
        c::LLVMReplaceAllUsesWith(old.as_value_ref(), new.as_value_ref())
    }
}

/// Renames function `f`.
pub fn rename(f: FunctionValue<'_>, name: &str) {
    // SAFETY: `f` is live; LLVM copies the (pointer, length) name.
    unsafe {
        super::llvm_sys::core::LLVMSetValueName2(f.as_value_ref(), name.as_ptr().cast(), name.len())
    }
}
