//! `gpucc-flatten-guards`: fold an outer guard into the inner guards of the
//! code it protects, so that each guarded copy tests one combined condition
//! and nothing is nested, the shape NVIDIA's compiler gives unrolled copies.
//!
//! Why: an unrolled loop of guarded copies, `for j: if (x < w && y + j < h)
//! copy(j)`, reaches llc with its common test `x < w` hoisted around all the
//! copies by CFG simplification: `if (x < w) { if (y < h) copy0; if (y + 8 <
//! h) copy1; ... }`. ptxas must then make the threads of the outer branch
//! reconverge where it ends (`BSSY`/`BSYNC` on sm_70 and later, one more
//! branch), and when a barrier follows, it cannot skip that. Each copy tested
//! on its own combined predicate needs no reconvergence of its own beyond
//! what predication gives.
//!
//! Worked example (`bench/kernels/transpose_tile.cu`, the loads into the
//! tile, after clang -O3; `%c` is `x < w`):
//! ```text
//!   before                                after
//!   h:  br %c, %s0, %join                 h:  br %s0
//!   s0: %a0 = ...address arithmetic...    s0: %a0 = ...
//!       %c0 = icmp slt %y, %h                 %c0 = icmp slt %y, %h
//!       br %c0, %b0, %s1                      %g0 = select %c, %c0, false
//!   b0: load; store; br %s1                   br %g0, %b0, %s1
//!   s1: ... %c1 ... br %c1, %b1, %join    b0: (unchanged)
//!   b1: load; store; br %join             s1: ... %g1 = select %c, %c1, false
//!   join: barrier                             br %g1, %b1, %join
//! ```
//! On clang's path (LLVM 16, sm_80) the kernel goes from 80 to 76 SASS
//! instructions and loses its `BSSY`/`BSYNC` pair before the barrier
//! (`scripts/bench-userpath.sh transpose_tile`).
//!
//! *The shape.* A block `h` ends in `br %c` with one successor `into` that
//! only `h` enters and the other `join`. From `into`, the region is a chain
//! of *segments* ending at `join`: a segment block holds only instructions
//! that may run unguarded ([`GuardClass::Free`]: LLVM's
//! `isSafeToSpeculativelyExecute`, no memory access, no call) and ends in
//! - `br %next`, or a branch on a constant whose untaken side is `join` or an
//!   empty block that only jumps to `join` (unrolling leaves those);
//! - or `br %ck` to a *body* and the next segment (or `join`), where the
//!   body is entered only from that segment, holds anything but a convergent
//!   call, and ends in `br` to that next segment.
//!
//! Each block is entered only from the chain before it. At least two bodies
//! (with one the outer test saves nothing), at most 16, and at most 48
//! unguarded instructions. No value of the region is used outside it, and
//! `join` has no phis (it loses the edge from `h`).
//!
//! *The rewrite.* `h` branches to `into` unconditionally, and each body's
//! branch tests `select %c, %ck, false` (or the form with the arms swapped
//! for a body on the false side, or a region entered when `%c` is false).
//!
//! *Why it is right.* When the region ran before (`%c` says so) each select
//! is `%ck`, and the same blocks run. When it did not, the segments now run
//! but have no effect: their instructions are safe to speculate and touch
//! no memory, and their values are used only inside the region; every
//! select is the constant that skips its body, so no body runs, and control
//! reaches `join` as before. A segment value may now be poison where the
//! region did not run (an `add nsw` that overflows); it reaches no body and
//! no branch condition: `select %c, poison, false` is `false` for a false
//! `%c`, where `and` would be poison, and branching on poison is undefined.
//! Convergent calls keep their guards: the set of threads that reach one
//! together must not change.
//!
//! *Remarks*: passed `FlattenedGuard` per region.
//! Tests: `test/ir/flatten-guards/`, `test/ptx/flatten-guards/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::loops::Loops;
use crate::analysis::target::Target;
use crate::llvm::guards::{guard_class, GuardClass};
use crate::llvm::{self, RemarkKind};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::values::{
    BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue, Operand,
};

/// The pipeline name.
pub const NAME: &str = "gpucc-flatten-guards";

/// At most this many guarded bodies in one region.
const MAX_BODIES: usize = 16;
/// At most this many instructions that the rewrite makes run unguarded.
const MAX_FREE: usize = 48;

/// The pass (no parameters).
pub struct FlattenGuardsPass;

impl FunctionPass for FlattenGuardsPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !Target::from_triple(&llvm::function_triple(f)).is_gpu() {
            return Changed::No;
        }
        let regions = plan(f);
        let mut changed = Changed::No;
        for r in &regions {
            if let Some(br) = rewrite(f, r) {
                changed = Changed::Yes;
                cx.remark(RemarkKind::Passed, "FlattenedGuard", Some(br), || {
                    format!(
                        "folded the guard of {} into its {} inner guards ({} instructions run unguarded)",
                        block_name(r.head),
                        r.bodies.len(),
                        r.free
                    )
                });
            }
        }
        changed
    }
}

/// One region to flatten.
struct Region<'ctx> {
    /// The block whose branch guards the region.
    head: BasicBlock<'ctx>,
    /// Its condition, and whether the region runs when it is true.
    cond: IntValue<'ctx>,
    enter_on_true: bool,
    /// The first segment.
    into: BasicBlock<'ctx>,
    /// Each body's branch, and whether the body is its true successor.
    bodies: Vec<(InstructionValue<'ctx>, bool)>,
    /// How many instructions run unguarded after the rewrite.
    free: usize,
}

/// A conditional branch's (condition, true successor, false successor).
fn cond_br(bb: BasicBlock<'_>) -> Option<(BasicValueEnum<'_>, BasicBlock<'_>, BasicBlock<'_>)> {
    let t = bb.get_terminator()?;
    if t.get_opcode() != InstructionOpcode::Br || t.get_num_operands() != 3 {
        return None;
    }
    // LLVM keeps a conditional branch's operands as (cond, false, true).
    match (t.get_operand(0)?, t.get_operand(2)?, t.get_operand(1)?) {
        (Operand::Value(c), Operand::Block(yes), Operand::Block(no)) => Some((c, yes, no)),
        _ => None,
    }
}

/// An unconditional branch's target.
fn uncond_br(bb: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    let t = bb.get_terminator()?;
    if t.get_opcode() != InstructionOpcode::Br || t.get_num_operands() != 1 {
        return None;
    }
    match t.get_operand(0)? {
        Operand::Block(b) => Some(b),
        Operand::Value(_) => None,
    }
}

/// The instructions of `bb` before its terminator.
fn body_of(bb: BasicBlock<'_>) -> impl Iterator<Item = InstructionValue<'_>> {
    let term = bb.get_terminator();
    std::iter::successors(bb.get_first_instruction(), |i| i.get_next_instruction())
        .take_while(move |i| Some(*i) != term)
}

/// The regions of `f`, in function order of their heads; no block is in two.
fn plan(f: FunctionValue<'_>) -> Vec<Region<'_>> {
    let cfg = Loops::of(f, |_, _| false);
    let at: FxHashMap<BasicBlock<'_>, usize> = cfg
        .blocks
        .iter()
        .enumerate()
        .map(|(i, &b)| (b, i))
        .collect();
    let index = |b: BasicBlock<'_>| at.get(&b).copied();
    let mut claimed = vec![false; cfg.blocks.len()];
    let mut out = Vec::new();
    for h in 0..cfg.blocks.len() {
        if claimed[h] {
            continue;
        }
        let Some((c, yes, no)) = cond_br(cfg.blocks[h]) else {
            continue;
        };
        let BasicValueEnum::IntValue(c) = c else {
            continue;
        };
        if c.is_const() || yes == no {
            continue;
        }
        for (into, join, enter_on_true) in [(yes, no, true), (no, yes, false)] {
            let Some((blocks, bodies, free)) = walk(&cfg, &index, h, into, join) else {
                continue;
            };
            if blocks.iter().any(|&b| claimed[b]) {
                continue;
            }
            for &b in &blocks {
                claimed[b] = true;
            }
            claimed[h] = true;
            out.push(Region {
                head: cfg.blocks[h],
                cond: c,
                enter_on_true,
                into,
                bodies,
                free,
            });
            break;
        }
    }
    out
}

/// The chain from `into` to `join` under head `h`: its blocks, its bodies'
/// branches, and its unguarded instruction count; None when the region
/// does not have the shape of the module header.
#[allow(clippy::type_complexity)]
fn walk<'ctx>(
    cfg: &Loops<'ctx>,
    index: &dyn Fn(BasicBlock<'ctx>) -> Option<usize>,
    h: usize,
    into: BasicBlock<'ctx>,
    join: BasicBlock<'ctx>,
) -> Option<(Vec<usize>, Vec<(InstructionValue<'ctx>, bool)>, usize)> {
    if into == join || join.get_first_instruction()?.get_opcode() == InstructionOpcode::Phi {
        return None;
    }
    let mut blocks: Vec<usize> = Vec::new();
    let mut bodies = Vec::new();
    let mut free = 0usize;
    let mut from: Vec<usize> = vec![h];
    let mut x = into;
    let entered_only_from = |b: usize, from: &[usize]| {
        !cfg.preds[b].is_empty() && cfg.preds[b].iter().all(|p| from.contains(p))
    };
    while x != join {
        let xi = index(x)?;
        if xi == h || blocks.contains(&xi) || !entered_only_from(xi, &from) {
            return None;
        }
        blocks.push(xi);
        for i in body_of(x) {
            // A phi merges the chain's own paths; its value stays inside.
            if i.get_opcode() == InstructionOpcode::Phi {
                continue;
            }
            if guard_class(i) != GuardClass::Free {
                return None;
            }
            free += 1;
        }
        if let Some(next) = uncond_br(x) {
            from = vec![xi];
            x = next;
        } else if let Some((ck, yes, no)) = cond_br(x) {
            let BasicValueEnum::IntValue(ck) = ck else {
                return None;
            };
            if ck.is_const() {
                // A branch on a constant: follow the taken side; the other is
                // `join` or an empty block that only jumps there.
                let (taken, dead) = if ck.get_zero_extended_constant() == Some(0) {
                    (no, yes)
                } else {
                    (yes, no)
                };
                if dead != join {
                    let di = index(dead)?;
                    if uncond_br(dead) != Some(join)
                        || body_of(dead).next().is_some()
                        || cfg.preds[di] != [xi]
                        || blocks.contains(&di)
                    {
                        return None;
                    }
                    blocks.push(di);
                }
                from = vec![xi];
                x = taken;
            } else {
                let term = x.get_terminator()?;
                let (body, next, on_true) = [(yes, no, true), (no, yes, false)]
                    .into_iter()
                    .find(|&(b, n, _)| b != join && uncond_br(b) == Some(n))?;
                let bi = index(body)?;
                if cfg.preds[bi] != [xi] || blocks.contains(&bi) || bi == h {
                    return None;
                }
                if body_of(body).any(|i| guard_class(i) == GuardClass::Convergent) {
                    return None;
                }
                blocks.push(bi);
                bodies.push((term, on_true));
                from = vec![xi, bi];
                x = next;
            }
        } else {
            return None;
        }
        if bodies.len() > MAX_BODIES || free > MAX_FREE {
            return None;
        }
    }
    if bodies.len() < 2 {
        return None;
    }
    // No value of the region may be used outside it.
    let inside = |b: BasicBlock<'ctx>| index(b).is_some_and(|i| blocks.contains(&i));
    for &b in &blocks {
        for i in std::iter::successors(cfg.blocks[b].get_first_instruction(), |i| {
            i.get_next_instruction()
        }) {
            let escapes = llvm::uses_of(i)
                .iter()
                .any(|(u, _)| !u.get_parent().is_some_and(inside));
            if escapes {
                return None;
            }
        }
    }
    Some((blocks, bodies, free))
}

/// Rewrites region `r`; returns the head's new branch.
fn rewrite<'ctx>(f: FunctionValue<'ctx>, r: &Region<'ctx>) -> Option<InstructionValue<'ctx>> {
    let ctx = f.get_type().get_context();
    let b = ctx.create_builder();
    let bool_t = ctx.bool_type();
    let (t, fl) = (bool_t.const_int(1, false), bool_t.const_zero());
    for &(br, on_true) in &r.bodies {
        let Some(Operand::Value(BasicValueEnum::IntValue(ck))) = br.get_operand(0) else {
            return None;
        };
        b.position_before(&br);
        // The body runs iff the region runs and its own test sends it there.
        let (then, other) = match (r.enter_on_true, on_true) {
            (true, true) => (ck, fl),
            (true, false) => (ck, t),
            (false, true) => (fl, ck),
            (false, false) => (t, ck),
        };
        let g = b.build_select(r.cond, then, other, "guard").ok()?;
        br.set_operand(0, g);
    }
    let old = r.head.get_terminator()?;
    b.position_before(&old);
    let new = b.build_unconditional_branch(r.into).ok()?;
    old.erase_from_basic_block();
    Some(new)
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
