//! The Rust half of `gpucc-memspace-aa`: the functions the shim's AA result
//! calls (`extern "C"`, never unwinding). `cpp/plugin.cpp` registers it.
//!
//! LLVM's AA interface is a C++ class, so the class lives in `cpp/shim.cpp`;
//! every answer comes from `analysis::memspace`.

use super::llvm_sys;
use super::TtiRef;
use crate::analysis::memspace::{self, FunctionInfo, Rules};
use crate::guarded;
use inkwell::values::{FunctionValue, PointerValue};
use llvm_sys::prelude::LLVMValueRef;
use std::ffi::c_void;

/// The pipeline name of the alias analysis (`-aa-pipeline=`).
pub const NAME: &str = "gpucc-memspace-aa";

/// What the AA keeps of `f`: its rules and whether it is a kernel.
pub fn function_info(f: FunctionValue<'_>) -> FunctionInfo {
    let rules = Rules::from_triple(&super::function_triple(f));
    let cc = super::calling_conv(f);
    // CallingConv::PTX_Kernel 71; AMDGPU_KERNEL 91, SPIR_KERNEL 76.
    let kernel = match rules {
        Some(Rules::Nvptx) => cc == 71 || super::has_nvvm_kernel_annotation(f),
        Some(Rules::Amdgpu) => cc == 91 || cc == 76,
        None => false,
    };
    FunctionInfo { rules, kernel }
}

/// A pointer-typed value as a pointer handle.
fn pointer(v: LLVMValueRef) -> Option<PointerValue<'static>> {
    // SAFETY: the type kind is checked before wrapping; the handle is used
    // only within the query that received it.
    unsafe {
        let ty = llvm_sys::core::LLVMTypeOf(v);
        (llvm_sys::core::LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind)
            .then(|| PointerValue::new(v))
    }
}

#[no_mangle]
extern "C" fn gpucc_rs_memspace_function_info(f: LLVMValueRef) -> i32 {
    guarded(NAME, || {
        // SAFETY: the shim passes the live function the analysis runs on.
        match unsafe { FunctionValue::new(f) } {
            Some(f) => function_info(f).pack(),
            None => FunctionInfo {
                rules: None,
                kernel: false,
            }
            .pack(),
        }
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_memspace_alias(
    tti: *const c_void,
    info: i32,
    a: LLVMValueRef,
    b: LLVMValueRef,
) -> i32 {
    guarded(NAME, || {
        // SAFETY: the shim passes the function's live TTI.
        let (Some(tti), Some(a), Some(b)) =
            (unsafe { TtiRef::from_raw(tti) }, pointer(a), pointer(b))
        else {
            return 1;
        };
        i32::from(memspace::may_alias(a, b, FunctionInfo::unpack(info), tti))
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_memspace_read_only(tti: *const c_void, info: i32, p: LLVMValueRef) -> i32 {
    guarded(NAME, || {
        // SAFETY: the shim passes the function's live TTI.
        let (Some(tti), Some(p)) = (unsafe { TtiRef::from_raw(tti) }, pointer(p)) else {
            return 0;
        };
        i32::from(memspace::read_only(p, FunctionInfo::unpack(info), tti))
    })
}
