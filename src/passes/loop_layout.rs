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

use crate::analysis::fxhash::FxHashMap;
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

/// The successors of `bb`'s terminator, in operand order.
fn successors<'ctx>(bb: BasicBlock<'ctx>) -> Vec<BasicBlock<'ctx>> {
    let Some(term) = bb.get_terminator() else {
        return Vec::new();
    };
    (0..term.get_num_operands())
        .filter_map(|i| match term.get_operand(i) {
            Some(inkwell::values::Operand::Block(b)) => Some(b),
            _ => None,
        })
        .collect()
}

/// The moves to make: (exit block, latch to place it after), in function
/// order of the latches.
fn plan<'ctx>(
    f: FunctionValue<'ctx>,
    dt: &DomTree<'_>,
) -> Vec<(BasicBlock<'ctx>, BasicBlock<'ctx>)> {
    let blocks: Vec<BasicBlock<'ctx>> = f.get_basic_block_iter().collect();
    let index: FxHashMap<BasicBlock<'ctx>, usize> =
        blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let succs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&b| {
            successors(b)
                .iter()
                .filter_map(|s| index.get(s).copied())
                .collect()
        })
        .collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(b);
        }
    }
    // Back edges: (latch, header) with the header dominating the latch.
    let back_edges: Vec<(usize, usize)> = succs
        .iter()
        .enumerate()
        .flat_map(|(l, ss)| ss.iter().map(move |&h| (l, h)))
        .filter(|&(l, h)| dt.dominates_block(blocks[h], blocks[l]))
        .collect();

    let mut moved = vec![false; blocks.len()];
    let mut out = Vec::new();
    for &(latch, header) in &back_edges {
        let term = blocks[latch].get_terminator();
        let conditional = term
            .is_some_and(|t| t.get_opcode() == InstructionOpcode::Br && t.get_num_operands() == 3);
        if !conditional || succs[latch].len() != 2 {
            continue;
        }
        let Some(&exit) = succs[latch].iter().find(|&&s| s != header) else {
            continue;
        };
        let body = loop_body(latch, header, &preds);
        if body[exit] || moved[exit] || exit == 0 {
            continue;
        }
        // Innermost: no other back edge has its latch in this loop.
        let inner = back_edges
            .iter()
            .any(|&(l, h)| (l, h) != (latch, header) && body[l] && body[h]);
        if inner {
            continue;
        }
        if blocks[latch].get_next_basic_block() == Some(blocks[exit]) {
            continue;
        }
        moved[exit] = true;
        out.push((blocks[exit], blocks[latch]));
    }
    out
}

/// The natural loop of back edge `latch -> header`: the header and every
/// block that reaches the latch backwards without passing the header.
fn loop_body(latch: usize, header: usize, preds: &[Vec<usize>]) -> Vec<bool> {
    let mut body = vec![false; preds.len()];
    body[header] = true;
    let mut stack = vec![latch];
    while let Some(b) = stack.pop() {
        if body[b] {
            continue;
        }
        body[b] = true;
        stack.extend(preds[b].iter().copied().filter(|&p| !body[p]));
    }
    body
}
