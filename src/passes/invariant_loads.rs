//! `gpucc-invariant-loads`: mark a kernel's loads from its `noalias readonly`
//! pointer arguments `!invariant.load`, so that NVPTX reads them with
//! `ld.global.nc` however long their address computation is.
//!
//! NVPTX reads memory through the non-coherent (read-only) cache when it can
//! prove that nothing writes it during the kernel: the load is
//! `!invariant.load`, or every object its address comes from is a kernel
//! argument that is `noalias` and only read (CUDA's `const T *__restrict__`).
//! The back end finds those objects with `getUnderlyingObjects`, which gives
//! up after six steps. Unrolled and strength-reduced code walks further: the
//! eighth copy of `in[i + k*s]` in an unrolled grid-stride loop is the
//! previous copy's pointer plus `s`, eight GEPs from `in`, and comes out as a
//! plain `ld.global` (`bench/kernels/reduce_shared.cu` after
//! `gpucc-unroll-grid-stride`).
//!
//! This pass walks addresses back without a step limit (through GEPs,
//! casts, address-space casts, phis and selects, with a visited set) and
//! marks a simple load `!invariant.load` when every object it reaches is an
//! argument of the kernel that is `noalias` and `readonly`: no one writes
//! that memory while the kernel runs, which is what the back end already
//! assumes for the loads it can see through. Only NVPTX kernels (the
//! `ptx_kernel` convention or a `!nvvm.annotations` kernel entry): in a
//! device function the same attributes promise less.
//!
//! Worked example:
//! ```text
//!   define ptx_kernel void @k(ptr noalias readonly %in, ...)
//!     %p1 = getelementptr float, ptr %in, i64 %s
//!     ...                                      ; seven more steps
//!     %p8 = getelementptr float, ptr %p7, i64 %s
//!     %v8 = load float, ptr %p8, align 4       ; before: ld.global.f32
//!     %v8 = load float, ptr %p8, align 4, !invariant.load !0
//!                                              ; after: ld.global.nc.f32
//! ```
//!
//! *Remarks*: passed `Invariant` per function (how many loads).
//! Tests: `test/ir/invariant-loads/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::target::Target;
use crate::llvm::{self, rotate, RemarkKind};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode};

/// The pipeline name.
pub const NAME: &str = "gpucc-invariant-loads";

/// The `ptx_kernel` calling convention.
const PTX_KERNEL: u32 = 71;

/// The pass (no parameters).
pub struct InvariantLoadsPass;

impl FunctionPass for InvariantLoadsPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if Target::from_triple(&llvm::function_triple(f)) != Target::Nvptx
            || !(llvm::calling_conv(f) == PTX_KERNEL || llvm::has_nvvm_kernel_annotation(f))
        {
            return Changed::No;
        }
        let ctx = f.get_type().get_context();
        let kind = ctx.get_kind_id("invariant.load");
        let empty = ctx.metadata_node(&[]);
        let mut memo: FxHashMap<usize, bool> = FxHashMap::default();
        let mut marked = 0usize;
        for bb in f.get_basic_block_iter() {
            for load in bb.get_instructions() {
                if load.get_opcode() != InstructionOpcode::Load
                    || load.get_volatile().unwrap_or(true)
                    || rotate::is_atomic(load)
                    || load.get_metadata(kind).is_some()
                {
                    continue;
                }
                let Some(ptr) = llvm::pointer_operand(&load, 0) else {
                    continue;
                };
                if read_only(ptr.into(), f, &mut memo) && load.set_metadata(empty, kind).is_ok() {
                    marked += 1;
                }
            }
        }
        if marked == 0 {
            return Changed::No;
        }
        cx.remark(RemarkKind::Passed, "Invariant", None, || {
            format!("marked {marked} loads from read-only kernel arguments invariant")
        });
        Changed::Yes
    }
}

/// Does every object `p` may point into come from a `noalias readonly`
/// argument of kernel `f`? Walks GEPs, casts, phis and selects. The answer
/// is a conjunction over everything reachable, so a value seen again in the
/// same walk (a phi cycle, or a second path to it) adds nothing: `seen`
/// answers true for it, and the first visit decides.
fn read_only_from(
    p: BasicValueEnum<'_>,
    f: FunctionValue<'_>,
    seen: &mut FxHashMap<usize, ()>,
) -> bool {
    if seen.insert(p.as_value_ref() as usize, ()).is_some() {
        return true;
    }
    if llvm::function_of_argument(p).is_some() {
        return llvm::function_of_argument(p) == Some(f)
            && llvm::argument_has_attr(p, "noalias")
            && llvm::argument_has_attr(p, "readonly");
    }
    match llvm::operator_opcode(p) {
        Some(
            InstructionOpcode::GetElementPtr
            | InstructionOpcode::BitCast
            | InstructionOpcode::AddrSpaceCast,
        ) => llvm::operand(&p, 0).is_some_and(|base| read_only_from(base, f, seen)),
        Some(InstructionOpcode::Phi) => {
            let n = llvm::operand_count(&p);
            n > 0
                && (0..n).all(|k| llvm::operand(&p, k).is_some_and(|v| read_only_from(v, f, seen)))
        }
        Some(InstructionOpcode::Select) => {
            (1..3).all(|k| llvm::operand(&p, k).is_some_and(|v| read_only_from(v, f, seen)))
        }
        _ => false,
    }
}

/// [`read_only_from`] with a fresh walk, its answers for the loads'
/// pointers cached in `memo` (complete walks only).
fn read_only(
    p: BasicValueEnum<'_>,
    f: FunctionValue<'_>,
    memo: &mut FxHashMap<usize, bool>,
) -> bool {
    let key = p.as_value_ref() as usize;
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let answer = read_only_from(p, f, &mut FxHashMap::default());
    memo.insert(key, answer);
    answer
}
