//! `gpucc-loop-layout`: place each innermost loop's exit block right after
//! the loop's latch, so that the back edge becomes the latch's one
//! conditional branch, the loop shape NVIDIA's assembler unrolls.
//!
//! Why: ptxas unrolls a loop again (4x more for a small body) when the
//! loop ends in `setp.ne %p, %i, %n; @%p bra HEADER;` and falls through to
//! the exit. SelectionDAG builds that shape from `br i1 %c, label %exit,
//! label %header` only when `%exit` is the next block in the function:
//! it then inverts `%c` so that the branch goes to the header. Otherwise it
//! emits `@%p bra EXIT; bra.uni HEADER;`, and NVPTX cannot reverse a branch
//! condition, so llc's block placement keeps the two branches. LLVM's loop
//! unroller puts the unrolled loop after its remainder, away from its exit,
//! which gives exactly the bad shape. NVIDIA's compiler lays loops out with
//! the exit last.
//!
//! Worked example (`bench/kernels/gemv.cu`, the j-loop unrolled by 4):
//! ```text
//!   before (block order)             PTX of the latch
//!   %body.lr: br %unrolled          ...
//!   %rem: ...      <- exit           setp.eq.s32 %p4, %r18, %r20;
//!   %rem.loop: ...                   @%p4 bra $L__BB0_5;    // to %rem
//!   %done: ...                       bra.uni $L__BB0_4;     // to %unrolled
//!   %unrolled: ... br i1 %c, %rem, %unrolled
//!
//!   after: %unrolled is followed by %rem
//!                                    setp.ne.s32 %p4, %r20, %r19;
//!                                    @%p4 bra $L__BB0_4;    // to %unrolled
//! ```
//! ptxas then unrolls the loop 4x more: 5.75 SASS instructions per source
//! iteration become 3.50 (`scripts/bench-userpath.sh gemv`).
//!
//! A latch here is a block ending in a conditional branch to a header `H`
//! that dominates it, with the other successor `E` outside the loop (the
//! blocks that reach the latch backwards without passing `H`). Only
//! innermost loops (no other back edge inside) move anything, and each exit
//! block moves at most once (the first latch in function order wins), so the
//! result does not depend on anything but the function. Block order has no
//! meaning in LLVM IR beyond the entry block, which never moves (it has no
//! predecessors), so the pass cannot change what the program computes.
//!
//! *Remarks*: passed `PlacedExit` per moved block.
//! Tests: `test/ir/loop-layout/`, `test/ptx/loop-layout/`.

use crate::analysis::loops::Loops;
use crate::analysis::target::Target;
use crate::llvm::analyses::DomTree;
use crate::llvm::{self, RemarkKind};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::values::{FunctionValue, InstructionOpcode};

/// The pipeline name.
pub const NAME: &str = "gpucc-loop-layout";

/// The pass (no parameters).
pub struct LoopLayoutPass;

impl FunctionPass for LoopLayoutPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !Target::from_triple(&llvm::function_triple(f)).is_gpu() {
            return Changed::No;
        }
        let moves = plan(f, &DomTree::new(cx.fam(), f));
        let mut changed = Changed::No;
        for (exit, latch) in moves {
            if exit.move_after(latch).is_ok() {
                changed = Changed::Yes;
                cx.remark(
                    RemarkKind::Passed,
                    "PlacedExit",
                    latch.get_terminator(),
                    || {
                        format!(
                            "placed loop exit {} after its latch {}",
                            block_name(exit),
                            block_name(latch)
                        )
                    },
                );
            }
        }
        changed
    }
}

/// A block's name for remarks (`%name`, or its position when unnamed).
fn block_name(bb: BasicBlock<'_>) -> String {
    let name = bb.get_name().to_string_lossy().into_owned();
    if name.is_empty() {
        "an unnamed block".to_string()
    } else {
        format!("%{name}")
    }
}

/// The moves to make: (exit block, latch to place it after), in function
/// order of the latches.
fn plan<'ctx>(
    f: FunctionValue<'ctx>,
    dt: &DomTree<'_>,
) -> Vec<(BasicBlock<'ctx>, BasicBlock<'ctx>)> {
    let cfg = Loops::of(f, |a, b| dt.dominates_block(a, b));
    let mut moved = vec![false; cfg.blocks.len()];
    let mut out = Vec::new();
    for lp in cfg.loops.iter().filter(|lp| lp.innermost) {
        let latch = lp.latch;
        let conditional = cfg.blocks[latch]
            .get_terminator()
            .is_some_and(|t| t.get_opcode() == InstructionOpcode::Br && t.get_num_operands() == 3);
        if !conditional || cfg.succs[latch].len() != 2 {
            continue;
        }
        let Some(&exit) = cfg.succs[latch].iter().find(|&&s| s != lp.header) else {
            continue;
        };
        if lp.body[exit] || moved[exit] || exit == 0 {
            continue;
        }
        if cfg.blocks[latch].get_next_basic_block() == Some(cfg.blocks[exit]) {
            continue;
        }
        moved[exit] = true;
        out.push((cfg.blocks[exit], cfg.blocks[latch]));
    }
    out
}
