//! Inter-procedural memory-space specialization: the part of
//! `gpucc-infer-address-spaces` that looks across calls (beyond LLVM 16,
//! which infers inside one function and relies on inlining).
//!
//! A device function that is not inlined and takes a generic pointer keeps
//! generic loads, even if every caller passes a `__shared__` address:
//! ```text
//!   define internal float @sum(ptr %p) ...            ; ld.f32 (generic)
//!   call float @sum(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
//! ```
//! When a function can have its signature changed (local linkage, not a
//! kernel, not variadic, every use a direct call) and, for a generic pointer
//! parameter, every call site passes a pointer of one specific space, that
//! parameter's type becomes a pointer in that space: the callers pass
//! `addrspacecast` of their argument (which their own inference folds away)
//! and the body sees `addrspacecast` of the parameter back to generic at its
//! entry, which the per-function inference then pushes into every access.
//! We rewrite the signature rather than clone: no code is duplicated, and a
//! 32-bit shared address is passed instead of a 64-bit generic one.
//!
//! The space of a call argument is found by walking address operators
//! (`addrspacecast`, GEP, bitcast, select, phi, ptrmask) from the argument.
//! Rounds repeat (a specialized caller makes its callees' arguments
//! specific) until nothing changes, at most [`MAX_ROUNDS`] times.
//!
//! Return values likewise: a function whose every `ret` returns a pointer of
//! one specific space returns that space; calls cast the result back to
//! generic, and the callers' inference pushes the space into their accesses.
//! Tests: `test/ir/infer-address-spaces/interprocedural*.ll`,
//! `test/ptx/infer-address-spaces/`.

use crate::analysis::addr_space::Space;
use crate::analysis::fxhash::FxHashMap;
use crate::llvm::llvm_sys;
use crate::llvm::{self, Fam, RemarkKind};
use crate::passes::PassCx;
use inkwell::module::Linkage;
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode, PointerValue};
use llvm_sys::prelude::LLVMValueRef;

/// Rounds of specialization (each may enable the next, down a call chain).
pub const MAX_ROUNDS: usize = 4;

/// Address operators are followed this deep from a call argument.
const MAX_DEPTH: u32 = 32;

/// NVPTX `ptx_kernel` and AMDGPU `amdgpu_kernel` calling conventions.
const KERNEL_CCS: [u32; 2] = [71, 91];

/// The space `v` provably points into, by walking address operators.
fn static_space(
    v: PointerValue<'_>,
    flat: u32,
    depth: u32,
    visiting: &mut FxHashMap<LLVMValueRef, ()>,
) -> Space {
    let declared = llvm::space_of(v);
    if declared != flat {
        return Space::Specific(declared);
    }
    if depth > MAX_DEPTH {
        return Space::Generic;
    }
    if visiting.insert(v.as_value_ref(), ()).is_some() {
        return Space::Unknown; // a phi cycle: the other inputs decide
    }
    let ops: Vec<PointerValue<'_>> = llvm::operands(v)
        .into_iter()
        .filter_map(|o| match o {
            BasicValueEnum::PointerValue(p) => Some(p),
            _ => None,
        })
        .collect();
    let result = match llvm::operator_opcode(v) {
        Some(
            InstructionOpcode::AddrSpaceCast
            | InstructionOpcode::BitCast
            | InstructionOpcode::GetElementPtr,
        ) => ops.first().map_or(Space::Generic, |p| {
            static_space(*p, flat, depth + 1, visiting)
        }),
        Some(InstructionOpcode::Call) if llvm::is_ptrmask(v) => {
            ops.first().map_or(Space::Generic, |p| {
                static_space(*p, flat, depth + 1, visiting)
            })
        }
        Some(InstructionOpcode::Select | InstructionOpcode::Phi) => {
            ops.iter().fold(Space::Unknown, |acc, p| {
                acc.join(static_space(*p, flat, depth + 1, visiting))
            })
        }
        _ => Space::Generic,
    };
    visiting.remove(&v.as_value_ref());
    result
}

/// Can `f`'s signature change? Not if `f` or a caller is `optnone`: the
/// rewrite edits both (the pass manager hands optnone functions to no
/// optimization).
fn is_specializable(f: FunctionValue<'_>) -> bool {
    f.count_basic_blocks() > 0
        && matches!(f.get_linkage(), Linkage::Internal | Linkage::Private)
        && !f.get_type().is_var_arg()
        && !KERNEL_CCS.contains(&f.get_call_conventions())
        && !llvm::has_optnone(f)
        && llvm::only_direct_calls(f)
        && llvm::uses_of::<'_>(f).iter().all(|(call, _)| {
            call.get_parent()
                .and_then(|bb| bb.get_parent())
                .is_some_and(|caller| !llvm::has_optnone(caller))
        })
}

/// The space every `ret` of `f` returns, if `f` returns a generic pointer
/// that is always of one specific space.
fn plan_return(f: FunctionValue<'_>, flat: u32) -> Option<u32> {
    let ty = f.get_type().get_return_type()?;
    if !ty.is_pointer_type() || ty.into_pointer_type().get_address_space() != flat_space(flat) {
        return None;
    }
    let mut space = Space::Unknown;
    for bb in f.get_basic_blocks() {
        let Some(ret) = bb.get_terminator() else {
            continue;
        };
        if ret.get_opcode() != InstructionOpcode::Return {
            continue;
        }
        let s = match llvm::operand(&ret, 0) {
            Some(BasicValueEnum::PointerValue(p)) => {
                static_space(p, flat, 0, &mut FxHashMap::default())
            }
            _ => Space::Generic,
        };
        space = space.join(s);
    }
    match space {
        Space::Specific(n) => Some(n),
        _ => None,
    }
}

fn flat_space(flat: u32) -> inkwell::AddressSpace {
    inkwell::AddressSpace::try_from(flat).unwrap_or_default()
}

/// The (parameter index, space) pairs of `f` to specialize.
fn plan(f: FunctionValue<'_>, flat: u32) -> Vec<(u32, u32)> {
    let calls = llvm::uses_of::<'_>(f);
    if calls.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, param) in f.get_param_iter().enumerate() {
        let BasicValueEnum::PointerValue(p) = param else {
            continue;
        };
        if llvm::space_of(p) != flat {
            continue;
        }
        let Ok(i) = u32::try_from(i) else {
            continue;
        };
        let mut space = Space::Unknown;
        for (call, _) in &calls {
            let arg = llvm::operand(call, i);
            let s = match arg {
                Some(BasicValueEnum::PointerValue(a)) => {
                    static_space(a, flat, 0, &mut FxHashMap::default())
                }
                _ => Space::Generic,
            };
            space = space.join(s);
            if space == Space::Generic {
                break;
            }
        }
        if let Space::Specific(n) = space {
            out.push((i, n));
        }
    }
    out
}

/// Specializes the functions of a module in rounds; returns whether any
/// changed. `cx_for` builds the remark context of a function.
pub fn specialize<'ctx>(
    functions: impl Fn() -> Vec<FunctionValue<'ctx>>,
    fam: Fam<'_>,
    flat: u32,
    mut remark: impl FnMut(FunctionValue<'ctx>, &[(u32, u32)], Option<u32>),
) -> bool {
    let mut changed = false;
    for _ in 0..MAX_ROUNDS {
        let mut round = false;
        for f in functions() {
            if !is_specializable(f) {
                continue;
            }
            let params = plan(f, flat);
            let ret = plan_return(f, flat);
            if params.is_empty() && ret.is_none() {
                continue;
            }
            let new = llvm::specialize_pointer_params(fam, f, &params, ret);
            remark(new, &params, ret);
            round = true;
        }
        changed |= round;
        if !round {
            break;
        }
    }
    changed
}

/// The remark for a specialized function.
pub fn report(cx: &PassCx<'_>, f: FunctionValue<'_>, params: &[(u32, u32)], ret: Option<u32>) {
    if !params.is_empty() {
        cx.remark(RemarkKind::Passed, "SpecializedParams", None, || {
            let list = params
                .iter()
                .map(|(i, s)| format!("#{i} -> addrspace({s})"))
                .collect::<Vec<_>>()
                .join(", ");
            format!(
                "@{}: every call passes pointers of one space; parameters {list} specialized",
                f.get_name().to_string_lossy()
            )
        });
    }
    if let Some(s) = ret {
        cx.remark(RemarkKind::Passed, "SpecializedReturn", None, || {
            format!(
                "@{}: every return is a pointer into addrspace({s}); return type specialized",
                f.get_name().to_string_lossy()
            )
        });
    }
}
