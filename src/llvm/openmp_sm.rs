//! Safe wrappers that the OpenMP custom state machine
//! (`passes::openmp_opt::state_machine`) needs and inkwell lacks: module-level
//! function lookup and insertion without an owning inkwell `Module` (dropping
//! one we did not create would free `opt`'s module), and debug locations.

use super::llvm_sys;
use inkwell::types::{AsTypeRef, FunctionType};
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue};
use llvm_sys::core as c;
use std::ffi::CString;

/// The function named `name` in `anchor`'s module, if any (declaration or
/// definition). `None` also when `anchor` has no module or the name holds a
/// NUL byte.
pub fn module_function<'ctx>(
    anchor: FunctionValue<'ctx>,
    name: &str,
) -> Option<FunctionValue<'ctx>> {
    let name = CString::new(name).ok()?;
    // SAFETY: `anchor` is a live function; LLVMGetGlobalParent returns its
    // module (or null); LLVMGetNamedFunction returns a function or null.
    unsafe {
        let m = c::LLVMGetGlobalParent(anchor.as_value_ref());
        if m.is_null() {
            return None;
        }
        FunctionValue::new(c::LLVMGetNamedFunction(m, name.as_ptr()))
    }
}

/// Declares `name` with type `ty` in `anchor`'s module. The caller checked
/// that no global of that name exists ([`module_function`] and
/// [`has_global_named`]); `None` when `anchor` has no module.
pub fn declare_function<'ctx>(
    anchor: FunctionValue<'ctx>,
    name: &str,
    ty: FunctionType<'ctx>,
) -> Option<FunctionValue<'ctx>> {
    let cname = CString::new(name).ok()?;
    // SAFETY: `anchor` is live; LLVMAddFunction creates a declaration of a
    // valid function type in the live module and returns it.
    unsafe {
        let m = c::LLVMGetGlobalParent(anchor.as_value_ref());
        if m.is_null() {
            return None;
        }
        FunctionValue::new(c::LLVMAddFunction(m, cname.as_ptr(), ty.as_type_ref()))
    }
}

/// Does `anchor`'s module hold a global value (variable, alias or ifunc) named
/// `name` that is not a function?
pub fn has_global_named(anchor: FunctionValue<'_>, name: &str) -> bool {
    let Ok(cname) = CString::new(name) else {
        return true;
    };
    // SAFETY: lookups by name in the live module of `anchor`.
    unsafe {
        let m = c::LLVMGetGlobalParent(anchor.as_value_ref());
        if m.is_null() {
            return true;
        }
        !c::LLVMGetNamedGlobal(m, cname.as_ptr()).is_null()
            || !c::LLVMGetNamedGlobalAlias(m, cname.as_ptr(), name.len()).is_null()
            || !c::LLVMGetNamedGlobalIFunc(m, cname.as_ptr(), name.len()).is_null()
    }
}

/// Gives `to` the debug location of `from` (none if `from` has none).
pub fn copy_debug_location(from: InstructionValue<'_>, to: InstructionValue<'_>) {
    // SAFETY: both are live instructions; the location is metadata owned by
    // the context, shared by both.
    unsafe {
        let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(from.as_value_ref());
        llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(to.as_value_ref(), loc);
    }
}

/// The call instruction behind call site `c`.
pub fn call_instruction(c: inkwell::values::CallSiteValue<'_>) -> InstructionValue<'_> {
    // SAFETY: a call site value is a call (or invoke) instruction.
    unsafe { InstructionValue::new(c.as_value_ref()) }
}

/// `v` as a function, when it is one (not through casts or aliases).
pub fn as_function<'ctx>(v: impl AsValueRef) -> Option<FunctionValue<'ctx>> {
    // SAFETY: FunctionValue::new checks LLVMIsAFunction and null.
    unsafe { FunctionValue::new(v.as_value_ref()) }
}
