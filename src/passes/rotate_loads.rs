//! `gpucc-rotate-loads`: carry a value loaded in one loop iteration into the
//! next, where the loop loads the same address again (predictive commoning
//! of read-only loads).
//!
//! A stencil marching along z reads three planes per step, and the next step
//! reads two of them again:
//! ```c
//!   for (int z = 1; z < nz - 1; ++z)
//!     out[i(z)] = c * in[i(z)] + s * (... + in[i(z) - nx*ny] + in[i(z) + nx*ny]);
//! ```
//! `in[i(z) + nx*ny]` of step z is `in[i(z+1)]` of step z+1, and `in[i(z)]`
//! of step z is `in[i(z+1) - nx*ny]` of step z+1. Nothing writes `in`, so the
//! later loads can take the earlier values from registers:
//! ```text
//!   preheader: %c0 = load in[i(1)]            ; first centre
//!              %m0 = load in[i(1) - nx*ny]    ; first lower plane
//!   loop:      %centre = phi [ %c0, %pre ], [ %upper, %loop ]
//!              %lower  = phi [ %m0, %pre ], [ %centre, %loop ]
//!              %upper  = load in[i(z) + nx*ny]     ; the only plane loaded
//! ```
//! Seven loads per step become five (`bench/kernels/stencil3d_7pt.cu`).
//! LLVM has no such pass (LoopLoadElimination forwards stores, not loads);
//! NVIDIA's compiler reuses the planes after unrolling z by 2.
//!
//! Which loads, in an innermost loop with one latch and a preheader that
//! branches only to the header:
//! - a simple load in a block that dominates the latch (so it runs in every
//!   iteration), whose address is `getelementptr T, %base, idx`, with
//!   `%base` defined outside the loop and based on a function argument that
//!   is `noalias` and `readonly`: no one writes that memory while the
//!   function runs, so a load's value depends on its address alone;
//! - `idx` is an integer `x`, or `sext`/`zext` of one, whose scalar
//!   evolution is an affine recurrence `{x0,+,s}` of the loop.
//!
//! Load A takes its value from load B of the previous iteration when both
//! have the same base, element type, extension and load type, and
//! `SCEV(x_B) - SCEV(x_A) = s_A` with `s_A` non-zero: then `x_A` of
//! iteration k+1 equals `x_B` of iteration k as integers of their width
//! (scalar evolution computes modulo 2^n), so the extended indices and the
//! addresses are equal too. A is replaced by a header phi of B's value
//! (itself a phi when B was replaced) and, on entry, a load of A's first
//! address in the preheader: its address computation is cloned there with
//! each header phi replaced by its entry value, exactly what the first
//! iteration computes, and the first iteration would have loaded it anyway,
//! with nothing written in between. A chain whose first link is missing
//! (every load replaced) cannot happen: the first load of a chain has no
//! earlier one and stays.
//!
//! *Remarks*: passed `Rotated` per replaced load.
//! Tests: `test/ir/rotate-loads/`, `test/ptx/rotate-loads/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::loops::{Loop, Loops};
use crate::analysis::target::Target;
use crate::llvm::analyses::{DomTree, Scev, ScevKind, Se};
use crate::llvm::{self, rotate, RemarkKind};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
    PhiValue,
};

/// The pipeline name.
pub const NAME: &str = "gpucc-rotate-loads";

/// Instructions cloned into the preheader for one first address, at most.
const MAX_CLONE: usize = 32;

/// The pass (no parameters).
pub struct RotateLoadsPass;

/// A load the pass may replace or forward.
struct Cand<'ctx> {
    load: InstructionValue<'ctx>,
    base: LLVMKey,
    /// Type of the load and of the GEP's element, and the extension of the
    /// index (0 none, 1 sext, 2 zext) with the index's own type.
    shape: (LLVMKey, LLVMKey, u8, LLVMKey),
    x: Scev,
    step: Scev,
}

/// A value or type by identity.
type LLVMKey = usize;

fn key(v: impl AsValueRef) -> LLVMKey {
    v.as_value_ref() as usize
}

impl FunctionPass for RotateLoadsPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !Target::from_triple(&llvm::function_triple(f)).is_gpu() {
            return Changed::No;
        }
        let dt = DomTree::new(cx.fam(), f);
        let cfg = Loops::of(f, |a, b| dt.dominates_block(a, b));
        let se = Se::new(cx.fam(), f);
        // Plan every loop first: scalar evolution stays valid while nothing
        // changes.
        let mut plans = Vec::new();
        for lp in cfg.loops.iter().filter(|lp| lp.innermost) {
            let Some(pre) = preheader(&cfg, lp) else {
                continue;
            };
            let cands = candidates(&cfg, lp, &dt, &se, cx, f);
            let links = link(&cands, &se);
            if links.iter().any(Option::is_some) {
                plans.push((
                    pre,
                    cfg.blocks[lp.header],
                    cfg.blocks[lp.latch],
                    cands,
                    links,
                ));
            }
        }
        let mut changed = Changed::No;
        for (pre, header, latch, cands, links) in plans {
            if rewrite(f, pre, header, latch, &cands, &links, &cfg, cx) {
                changed = Changed::Yes;
            }
        }
        changed
    }
}

/// The loop's preheader: its header's one predecessor outside the loop,
/// ending in an unconditional branch to the header, when the latch is the
/// header's only other predecessor (the phis get exactly these two).
fn preheader<'ctx>(cfg: &Loops<'ctx>, lp: &Loop) -> Option<BasicBlock<'ctx>> {
    if cfg.preds[lp.header].len() != 2 || !cfg.preds[lp.header].contains(&lp.latch) {
        return None;
    }
    let outside: Vec<usize> = cfg.preds[lp.header]
        .iter()
        .copied()
        .filter(|&p| !lp.body[p])
        .collect();
    let [p] = outside[..] else {
        return None;
    };
    let term = cfg.blocks[p].get_terminator()?;
    (term.get_opcode() == InstructionOpcode::Br && term.get_num_operands() == 1)
        .then_some(cfg.blocks[p])
}

/// Is `v` defined inside the loop?
fn in_loop(cfg: &Loops<'_>, lp: &Loop, v: impl AsValueRef + Copy) -> bool {
    let Some(i) = as_instruction(v) else {
        return false;
    };
    i.get_parent()
        .and_then(|bb| cfg.blocks.iter().position(|&b| b == bb))
        .is_some_and(|b| lp.body[b])
}

fn as_instruction<'ctx>(v: impl AsValueRef) -> Option<InstructionValue<'ctx>> {
    rotate::as_instruction(v)
}

/// Is `p` based on a `noalias readonly` argument (memory nobody writes
/// while the function runs)?
fn read_only_memory(p: inkwell::values::PointerValue<'_>) -> bool {
    let base = llvm::underlying_object(p);
    llvm::function_of_argument(base).is_some()
        && llvm::argument_has_attr(base, "noalias")
        && llvm::argument_has_attr(base, "readonly")
}

/// The loads of `lp` that may take part, in block and instruction order.
fn candidates<'ctx>(
    cfg: &Loops<'ctx>,
    lp: &Loop,
    dt: &DomTree<'_>,
    se: &Se<'_>,
    cx: &PassCx<'ctx>,
    f: FunctionValue<'ctx>,
) -> Vec<Cand<'ctx>> {
    let header = cfg.blocks[lp.header];
    let latch = cfg.blocks[lp.latch];
    let mut out = Vec::new();
    for (b, &bb) in cfg.blocks.iter().enumerate() {
        if !lp.body[b] || !dt.dominates_block(bb, latch) {
            continue;
        }
        for load in bb.get_instructions() {
            if load.get_opcode() != InstructionOpcode::Load
                || load.get_volatile().unwrap_or(true)
                || rotate::is_atomic(load)
            {
                continue;
            }
            let Some(gep) = llvm::pointer_operand(&load, 0).and_then(as_instruction) else {
                continue;
            };
            if gep.get_opcode() != InstructionOpcode::GetElementPtr
                || llvm::operand_count(&gep) != 2
            {
                continue;
            }
            let Some(base) = llvm::pointer_operand(&gep, 0) else {
                continue;
            };
            if in_loop(cfg, lp, base) || !read_only_memory(base) {
                continue;
            }
            let Some(BasicValueEnum::IntValue(idx)) = llvm::operand(&gep, 1) else {
                continue;
            };
            let (ext, x) = match rotate::as_instruction(idx).map(|i| i.get_opcode()) {
                Some(InstructionOpcode::SExt) => {
                    (1, llvm::operand(&as_instruction(idx).unwrap(), 0))
                }
                Some(InstructionOpcode::ZExt) => {
                    (2, llvm::operand(&as_instruction(idx).unwrap(), 0))
                }
                _ => (0, Some(idx.as_basic_value_enum())),
            };
            let Some(BasicValueEnum::IntValue(x)) = x else {
                continue;
            };
            let sx = se.of(x);
            let Some(step) = rotate::addrec_step(cx.fam(), f, sx, header) else {
                continue;
            };
            out.push(Cand {
                load,
                base: key(base),
                shape: (
                    rotate::type_key(load),
                    rotate::gep_source_type_key(gep),
                    ext,
                    rotate::type_key(x),
                ),
                x: sx,
                step,
            });
        }
    }
    out
}

/// Is `s` the constant 0?
fn is_zero(se: &Se<'_>, s: Scev) -> bool {
    matches!(se.kind(s), ScevKind::Constant(c) if c.get_zero_extended_constant() == Some(0))
}

/// For each candidate A, the candidate B whose value A takes from the
/// previous iteration; chains that loop back on themselves are dropped.
fn link(cands: &[Cand<'_>], se: &Se<'_>) -> Vec<Option<usize>> {
    let mut links: Vec<Option<usize>> = cands
        .iter()
        .enumerate()
        .map(|(a, ca)| {
            if is_zero(se, ca.step) {
                return None;
            }
            cands.iter().enumerate().find_map(|(b, cb)| {
                (b != a
                    && cb.base == ca.base
                    && cb.shape == ca.shape
                    && se.minus(cb.x, ca.x) == ca.step)
                    .then_some(b)
            })
        })
        .collect();
    for a in 0..links.len() {
        let mut seen = vec![false; links.len()];
        let mut at = a;
        while let Some(b) = links[at] {
            if seen[b] {
                links[a] = None;
                break;
            }
            seen[b] = true;
            at = b;
        }
    }
    links
}

/// Replaces every linked load of one loop; returns whether anything changed.
#[allow(clippy::too_many_arguments)]
fn rewrite<'ctx>(
    f: FunctionValue<'ctx>,
    pre: BasicBlock<'ctx>,
    header: BasicBlock<'ctx>,
    latch: BasicBlock<'ctx>,
    cands: &[Cand<'ctx>],
    links: &[Option<usize>],
    cfg: &Loops<'ctx>,
    cx: &PassCx<'ctx>,
) -> bool {
    let lp = cfg
        .loops
        .iter()
        .find(|lp| cfg.blocks[lp.header] == header && cfg.blocks[lp.latch] == latch)
        .expect("the loop was planned from this CFG");
    let ctx = f.get_type().get_context();
    let builder = ctx.create_builder();
    let Some(pre_term) = pre.get_terminator() else {
        return false;
    };
    let Some(first) = header.get_first_instruction() else {
        return false;
    };
    // First addresses and loads in the preheader (address arithmetic shared
    // between them); phis in the header.
    let mut memo = FxHashMap::default();
    let mut phis: Vec<Option<PhiValue<'ctx>>> = vec![None; cands.len()];
    let mut inits: Vec<Option<InstructionValue<'ctx>>> = vec![None; cands.len()];
    for (a, link) in links.iter().enumerate() {
        if link.is_none() {
            continue;
        }
        let load = cands[a].load;
        let Some(ptr) = llvm::pointer_operand(&load, 0) else {
            continue;
        };
        let mut budget = MAX_CLONE;
        let mut cloned = Vec::new();
        builder.position_before(&pre_term);
        let Some(first_ptr) = entry_value(
            ptr.as_basic_value_enum(),
            &mut Entry {
                cfg,
                lp,
                pre,
                builder: &builder,
                memo: &mut memo,
                budget: &mut budget,
                cloned: &mut cloned,
            },
        ) else {
            // Unused clones of a failed attempt go again.
            for c in &cloned {
                memo.retain(|_, v| key(*v) != key(*c));
            }
            llvm::delete_dead(&cloned);
            continue;
        };
        let init = load.explicit_clone();
        builder.insert_instruction(&init, None);
        init.set_operand(0, first_ptr);
        builder.position_before(&first);
        let Ok(ty) = BasicTypeEnum::try_from(load.get_type()) else {
            continue;
        };
        let Ok(phi) = builder.build_phi(ty, "") else {
            continue;
        };
        inits[a] = Some(init);
        phis[a] = Some(phi);
    }
    let mut changed = false;
    for (a, link) in links.iter().enumerate() {
        let (Some(b), Some(phi), Some(init)) = (*link, phis[a], inits[a]) else {
            continue;
        };
        let from: BasicValueEnum<'ctx> = match phis[b] {
            Some(pb) => pb.as_basic_value(),
            None => rotate::as_basic_value(cands[b].load),
        };
        let init_v = rotate::as_basic_value(init);
        phi.add_incoming(&[(&init_v, pre), (&from, latch)]);
        let load = cands[a].load;
        cx.remark(RemarkKind::Passed, "Rotated", Some(load), || {
            format!(
                "load {} takes the value the previous iteration loaded",
                llvm::describe(load)
            )
        });
        llvm::take_name(load, phi);
        llvm::replace_all_uses(load, phi);
        llvm::delete_dead(&[load]);
        changed = true;
    }
    changed
}

/// What [`entry_value`] works with: the loop, where clones go, what was
/// already computed, how many more clones are allowed, and the clones made.
struct Entry<'a, 'ctx> {
    cfg: &'a Loops<'ctx>,
    lp: &'a Loop,
    pre: BasicBlock<'ctx>,
    builder: &'a inkwell::builder::Builder<'ctx>,
    memo: &'a mut FxHashMap<LLVMKey, BasicValueEnum<'ctx>>,
    budget: &'a mut usize,
    cloned: &'a mut Vec<InstructionValue<'ctx>>,
}

/// The value `v` has in the first iteration, computed before the
/// preheader's branch: loop-invariant values as they are, header phis as
/// their entry value, and address arithmetic cloned; `None` for anything
/// else.
fn entry_value<'ctx>(
    v: BasicValueEnum<'ctx>,
    e: &mut Entry<'_, 'ctx>,
) -> Option<BasicValueEnum<'ctx>> {
    if !in_loop(e.cfg, e.lp, v) {
        return Some(v);
    }
    if let Some(done) = e.memo.get(&key(v)) {
        return Some(*done);
    }
    let inst = as_instruction(v)?;
    let result = if inst.get_opcode() == InstructionOpcode::Phi {
        if inst.get_parent() != Some(e.cfg.blocks[e.lp.header]) {
            return None;
        }
        let phi: PhiValue<'ctx> = inst.try_into().ok()?;
        let pre = e.pre;
        (0..phi.count_incoming())
            .filter_map(|k| phi.get_incoming(k))
            .find(|(_, bb)| *bb == pre)
            .map(|(v, _)| v)?
    } else {
        use InstructionOpcode as O;
        if !matches!(
            inst.get_opcode(),
            O::Add
                | O::Sub
                | O::Mul
                | O::Shl
                | O::Or
                | O::And
                | O::Xor
                | O::AShr
                | O::LShr
                | O::SExt
                | O::ZExt
                | O::Trunc
                | O::GetElementPtr
        ) {
            return None;
        }
        *e.budget = e.budget.checked_sub(1)?;
        let mut ops = Vec::new();
        for k in 0..llvm::operand_count(&inst) {
            ops.push(entry_value(llvm::operand(&inst, k)?, e)?);
        }
        let clone = inst.explicit_clone();
        e.builder.insert_instruction(&clone, None);
        for (k, op) in ops.into_iter().enumerate() {
            clone.set_operand(k as u32, op);
        }
        e.cloned.push(clone);
        rotate::as_basic_value(clone)
    };
    e.memo.insert(key(v), result);
    Some(result)
}
