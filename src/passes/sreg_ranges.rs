//! `gpucc-sreg-ranges`: state the value ranges of NVPTX's special registers
//! (`%tid`, `%ntid`, `%ctaid`, `%nctaid`, `%laneid`, `%warpsize`) as `!range`
//! metadata on their reads, so that LLVM's own analyses know them.
//!
//! Why: `threadIdx.y + 8` is a 32-bit add that might wrap as far as LLVM 16
//! knows, so `zext(ty + 8)` cannot become `zext(ty) + 8`, and each of the
//! four unrolled copies of `tile[ty + j][tx]` in a tiled transpose computes
//! its shared address from scratch (`mul.wide.u32 (ty+j)*132`). A thread
//! index is below 1024 on every GPU; with that fact InstCombine marks
//! `ty + 8` `nuw`, GEP splitting turns `+8` rows into a constant offset, and
//! the copies address `[%rd + 1056]`, `[%rd + 2112]`, ... as NVIDIA's
//! compiler does. LLVM's NVPTX target has a pass for this
//! (`nvvm-intr-range`), but LLVM 16 leaves it out of clang's pipeline
//! ("causing numerical discrepancies"); LLVM 22 states the ranges on the
//! intrinsics themselves. This pass gives LLVM 16 the same facts.
//!
//! The ranges, from the PTX ISA (`%ntid` limits since sm_20, `%nctaid.x`
//! since sm_30; older GPUs only have smaller ones):
//! ```text
//!   %tid.x, %tid.y      [0, 1024)      %tid.z      [0, 64)
//!   %ntid.x, %ntid.y    [1, 1025)      %ntid.z     [1, 65)
//!   %ctaid.x            [0, 2^31 - 1)  %ctaid.y/z  [0, 65535)
//!   %nctaid.x           [1, 2^31)      %nctaid.y/z [1, 65536)
//!   %laneid             [0, 32)        %warpsize   [32, 33)
//! ```
//! A read that already has `!range` keeps it. Only NVPTX modules.
//!
//! *Remarks*: passed `Ranges` per function (how many reads).
//! Tests: `test/ir/sreg-ranges/`.

use crate::analysis::openmp::{callee, fn_name};
use crate::analysis::target::Target;
use crate::llvm::{self, RemarkKind};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::values::{FunctionValue, InstructionOpcode};

/// The pipeline name.
pub const NAME: &str = "gpucc-sreg-ranges";

/// The prefix of the special-register intrinsics.
const SREG: &str = "llvm.nvvm.read.ptx.sreg.";

/// The pass (no parameters).
pub struct SregRangesPass;

/// The half-open range `[lo, hi)` of special register `reg` (the name after
/// `llvm.nvvm.read.ptx.sreg.`), if it is one this pass knows.
pub fn range_of(reg: &str) -> Option<(u64, u64)> {
    Some(match reg {
        "tid.x" | "tid.y" => (0, 1024),
        "tid.z" => (0, 64),
        "ntid.x" | "ntid.y" => (1, 1025),
        "ntid.z" => (1, 65),
        "ctaid.x" => (0, (1 << 31) - 1),
        "ctaid.y" | "ctaid.z" => (0, 65535),
        "nctaid.x" => (1, 1 << 31),
        "nctaid.y" | "nctaid.z" => (1, 65536),
        "laneid" => (0, 32),
        "warpsize" => (32, 33),
        _ => return None,
    })
}

impl FunctionPass for SregRangesPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if Target::from_triple(&llvm::function_triple(f)) != Target::Nvptx {
            return Changed::No;
        }
        let ctx = f.get_type().get_context();
        let range_kind = ctx.get_kind_id("range");
        let i32_type = ctx.i32_type();
        let mut stated = 0usize;
        for bb in f.get_basic_block_iter() {
            for inst in bb.get_instructions() {
                if inst.get_opcode() != InstructionOpcode::Call
                    || inst.get_metadata(range_kind).is_some()
                {
                    continue;
                }
                let Some(callee) = callee(inst) else {
                    continue;
                };
                let name = fn_name(callee);
                let Some((lo, hi)) = name.strip_prefix(SREG).and_then(range_of) else {
                    continue;
                };
                let node = ctx.metadata_node(&[
                    i32_type.const_int(lo, false).into(),
                    i32_type.const_int(hi, false).into(),
                ]);
                if inst.set_metadata(node, range_kind).is_ok() {
                    stated += 1;
                }
            }
        }
        if stated == 0 {
            return Changed::No;
        }
        cx.remark(RemarkKind::Passed, "Ranges", None, || {
            format!("stated the value range of {stated} special-register reads")
        });
        Changed::Yes
    }
}

#[cfg(test)]
mod tests {
    use super::range_of;

    #[test]
    fn ranges_are_the_ptx_limits() {
        assert_eq!(range_of("tid.x"), Some((0, 1024)));
        assert_eq!(range_of("tid.z"), Some((0, 64)));
        assert_eq!(range_of("ntid.y"), Some((1, 1025)));
        assert_eq!(range_of("ctaid.x"), Some((0, 2_147_483_647)));
        assert_eq!(range_of("nctaid.x"), Some((1, 2_147_483_648)));
        assert_eq!(range_of("nctaid.z"), Some((1, 65536)));
        assert_eq!(range_of("clock"), None);
    }
}
