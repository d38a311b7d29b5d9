//! `gpucc-omp-simd-groups`: automatic SIMD groups for `#pragma omp simd`
//! loops inside the `parallel for` of a runtime-free combined construct.
//!
//! Source: issue 15, part 2; the 2023 paper on OpenMP `simd` in LLVM's GPU
//! runtime (SIMD groups gave 2-3.5x on irregular kernels, but needed a
//! modified runtime and manual use).
//!
//! ## Why
//! clang 16 lowers `#pragma omp simd` in a `parallel for` body to a
//! sequential loop; only metadata (`llvm.loop.parallel_accesses`,
//! `llvm.loop.vectorize.enable`, `vectorize.width` for `simdlen`,
//! `llvm.access.group`) marks it. On a GPU each OpenMP thread then walks the
//! inner loop alone: 32 threads of a warp touch 32 different rows per load
//! (one 32-byte sector per element), and threads with short rows idle while
//! their neighbours finish long ones.
//!
//! ## The rewrite
//! Each OpenMP thread becomes a group of `G` consecutive lanes of one warp
//! (`G` = `simdlen` rounded up to a power of two, else 32, shrunk to the next
//! power of two of a small constant trip count). On the runtime-free grid
//! loop (`gpucc-omp-runtime-free`, which this pass runs first) the groups of
//! a block take the outer iterations: group `gid = tid / G` of `ntid / G`,
//! lane `tid % G`; threads past the last whole group idle, and a block
//! smaller than `G` runs the plain loop instead. The outlined body is cloned
//! and, in the clone, the simd loop
//! ```text
//!   for (l = 0; l < n; ++l) s = s + A[i*n + l] * x[l];      y[i] = s;
//! ==>
//!   if (lane < max(n, 1)) {                               ; the guard
//!     s' = lane == 0 ? s : -0.0                            ; identity
//!     for (l = lane; l < max(n, 1); l += G) s' += A[i*n + l] * x[l];
//!   }
//!   s = s' + shfl.bfly(s', G/2) + ...                      ; butterfly, log2 G steps
//!   if (lane == 0) y[i] = s;                               ; lane 0 stores
//! ```
//! The simd loop is in the form LLVM's loop rotation leaves (clang's `-O1`,
//! or after SROA and loop-rotate): one latch that tests `l + 1` against an
//! invariant bound, an IV from a constant `>= 0` with step 1. Every other
//! header phi must be a reduction (add, mul, and, or, xor, min, max, floating
//! point included, which `simd` allows to reassociate; `fmuladd` with the
//! recurrence as addend is a sum); its value after the loop is the only
//! value that may leave the loop. Shuffles and the warp barrier use the
//! group's own member mask, `((1 << G) - 1) << (lane_in_warp & -G)`, so
//! sibling groups of a warp may diverge. Memory the loop writes and the code
//! after it reads gets a `bar.warp.sync` on that mask. The vectorize hints
//! are dropped (which also silences clang's "loop not vectorized" warning).
//!
//! ## Refusals (missed remark `NoSimdGroups`, naming the reason)
//! `safelen` (a width without `parallel_accesses`), a loop already
//! vectorized, calls (other than side-effect-free intrinsics), atomics or
//! private-memory writes in the loop, a loop-carried scalar that is not a
//! reduction, a nested loop or a second simd loop, another loop shape, code
//! before the loop that writes memory, code after it that calls functions or
//! reads memory after writing it, and a loop that stores to an array and
//! loads another element of it (`ordered simd` once its outlined region is
//! inlined: nothing else marks that dependence). `num_threads`, `ordered` and API calls are
//! refused before (by `gpucc-omp-runtime-free`).
//!
//! Not done here: the host-side launch rewrite (multiplying the team count
//! by `G`); without it the result is correct with `1/G` of the outer
//! parallelism per block.

use crate::analysis::openmp as omp;
use crate::llvm;
use crate::llvm::openmp as lomp;
use crate::passes::omp_runtime_free::{is_private, ptr_operand};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::types::{BasicType, BasicTypeEnum, IntType};
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
    IntValue, PhiValue,
};
use inkwell::IntPredicate;
use std::collections::{HashMap, HashSet};

/// The pipeline name.
pub const NAME: &str = "gpucc-omp-simd-groups";

const BUILDER: &str = "gpucc-omp-simd-groups: builder positioned";

/// How a reduction combines two partial values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RedOp {
    Add,
    Mul,
    And,
    Or,
    Xor,
    FAdd,
    FMul,
    SMin,
    SMax,
    UMin,
    UMax,
    FMin,
    FMax,
}

/// A reduction recurrence of the simd loop: `phi = [start, preheader],
/// [next, latch]`, `next = op(phi, x)`.
struct Reduction<'ctx> {
    phi: PhiValue<'ctx>,
    next: InstructionValue<'ctx>,
    op: RedOp,
}

/// The simd loop of an outlined body, and what the rewrite needs.
pub struct SimdLoop<'ctx> {
    header: BasicBlock<'ctx>,
    latch: BasicBlock<'ctx>,
    preheader: BasicBlock<'ctx>,
    exit: BasicBlock<'ctx>,
    blocks: HashSet<BasicBlock<'ctx>>,
    iv: PhiValue<'ctx>,
    iv_next: InstructionValue<'ctx>,
    start: u64,
    bound: IntValue<'ctx>,
    reductions: Vec<Reduction<'ctx>>,
    /// The group size.
    pub g: u32,
    /// The loop writes non-private memory, and code after it reads some.
    needs_warp_sync: bool,
    /// Non-private stores after the loop (lane 0 does them).
    lane0_stores: Vec<InstructionValue<'ctx>>,
}

fn callee_name(i: InstructionValue<'_>) -> String {
    omp::callee(i).map(omp::fn_name).unwrap_or_default()
}

fn insts<'ctx>(b: BasicBlock<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    let mut i = b.get_first_instruction();
    while let Some(x) = i {
        out.push(x);
        i = x.get_next_instruction();
    }
    out
}

/// Side-effect-free intrinsics a lane may run (math, min/max, fmuladd,
/// lifetime markers, assumptions, debug info).
fn harmless_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.")
        && !name.starts_with("llvm.nvvm.")
        && !name.starts_with("llvm.amdgcn.")
        && !name.starts_with("llvm.mem")
}

/// The simd loop of `f`, or `Ok(None)` when it has none, or why it cannot
/// get SIMD groups.
pub fn find<'ctx>(f: FunctionValue<'ctx>) -> Result<Option<SimdLoop<'ctx>>, String> {
    let mut latches = Vec::new();
    for b in f.get_basic_blocks() {
        let Some(t) = b.get_terminator() else {
            continue;
        };
        let Some(hints) = llvm::loop_hints(t) else {
            continue;
        };
        let has = |n: &str| hints.iter().any(|(k, _)| k == n);
        if has("llvm.loop.isvectorized") {
            return Err("its simd loop is already vectorized".to_string());
        }
        let parallel = has("llvm.loop.parallel_accesses");
        let width = hints
            .iter()
            .find(|(k, _)| k == "llvm.loop.vectorize.width")
            .and_then(|(_, v)| *v);
        if width.is_some() && !parallel {
            return Err("its simd loop has safelen (a width without parallel accesses)".into());
        }
        let enable = hints
            .iter()
            .any(|(k, v)| k == "llvm.loop.vectorize.enable" && *v == Some(1));
        if parallel || enable {
            latches.push((b, width));
        }
    }
    let (latch, width) = match latches[..] {
        [] => return Ok(None),
        [one] => one,
        _ => return Err(format!("it has {} simd loops, not one", latches.len())),
    };
    let shape = |why: &str| Err(format!("its simd loop has another shape: {why}"));

    // Blocks and predecessors.
    let blocks = f.get_basic_blocks();
    let mut preds: HashMap<BasicBlock<'ctx>, Vec<BasicBlock<'ctx>>> = HashMap::new();
    for b in &blocks {
        for s in omp::successors(*b) {
            preds.entry(s).or_default().push(*b);
        }
    }
    let term = latch.get_terminator().expect("found by its terminator");
    if term.get_opcode() != InstructionOpcode::Br || !term.is_conditional().unwrap_or(false) {
        return shape("the latch does not end in a conditional branch");
    }
    let succ = omp::successors(latch);
    // The header: the successor from which the latch is reached again.
    let mut found = None;
    for h in &succ {
        let mut set: HashSet<BasicBlock<'ctx>> = [*h, latch].into_iter().collect();
        let mut work = vec![latch];
        let mut ok = true;
        while let Some(x) = work.pop() {
            if x == *h {
                continue;
            }
            for p in preds.get(&x).cloned().unwrap_or_default() {
                if Some(p) == f.get_first_basic_block() && p != *h {
                    ok = false;
                }
                if set.insert(p) {
                    work.push(p);
                }
            }
        }
        if ok && set.len() < blocks.len() {
            found = Some((*h, set));
            break;
        }
    }
    let Some((header, body)) = found else {
        return shape("no header");
    };
    let exits: Vec<BasicBlock<'ctx>> = succ.iter().copied().filter(|s| *s != header).collect();
    let [exit] = exits[..] else {
        return shape("not one exit from the latch");
    };
    if body.contains(&exit) {
        return shape("the exit is inside the loop");
    }
    // Only the latch leaves the loop, only the latch goes back.
    for b in blocks.iter().filter(|b| body.contains(*b)) {
        for s in omp::successors(*b) {
            if !body.contains(&s) && *b != latch {
                return shape("a block other than the latch leaves the loop");
            }
            if s == header && *b != latch {
                return Err("its simd loop has a nested loop".to_string());
            }
        }
    }
    if has_inner_cycle(header, latch, &body) {
        return Err("its simd loop has a nested loop".to_string());
    }
    let outside_preds: Vec<BasicBlock<'ctx>> = preds
        .get(&header)
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|p| !body.contains(p))
        .collect();
    let [preheader] = outside_preds[..] else {
        return shape("not one preheader");
    };

    // The exit test: `icmp P next, n`.
    let cond = match llvm::operand(&term, 0).and_then(|c| c.as_instruction_value()) {
        Some(c) if c.get_opcode() == InstructionOpcode::ICmp => c,
        _ => return shape("the exit test is not a compare"),
    };
    let to_header_if_true =
        matches!(term.get_operand(2), Some(inkwell::values::Operand::Block(b)) if b == header);
    let pred = cond.get_icmp_predicate().expect("an icmp");
    let continues = matches!(
        (pred, to_header_if_true),
        (
            IntPredicate::SLT | IntPredicate::ULT | IntPredicate::NE,
            true
        ) | (
            IntPredicate::EQ | IntPredicate::SGE | IntPredicate::UGE,
            false
        )
    );
    if !continues {
        return shape("the exit test is not `l + 1 < n` or `l + 1 == n`");
    }
    let Some(BasicValueEnum::IntValue(lhs)) = llvm::operand(&cond, 0) else {
        return shape("the exit test does not compare integers");
    };
    let Some(BasicValueEnum::IntValue(rhs)) = llvm::operand(&cond, 1) else {
        return shape("the exit test does not compare integers");
    };
    if rhs
        .as_instruction()
        .and_then(|i| i.get_parent())
        .is_some_and(|b| body.contains(&b))
    {
        return shape("the bound is computed in the loop");
    }
    let Some(lhs_inst) = lhs.as_instruction() else {
        return shape("the exit test does not read the IV");
    };
    // `l + 1 < n`, or (after InstCombine) `l < c` with a constant c, which
    // is `l + 1 < c + 1`.
    let (iv_inst, iv_next, bound) = if lhs_inst.get_opcode() == InstructionOpcode::Phi {
        let Some(c) = rhs
            .get_sign_extended_constant()
            .filter(|c| (0..i32::MAX as i64).contains(c))
        else {
            return shape("the IV is compared with a bound that is not a small constant");
        };
        let next = llvm::uses_of(lhs_inst)
            .into_iter()
            .map(|(u, _)| u)
            .find(|u| {
                u.get_opcode() == InstructionOpcode::Add
                    && llvm::operand(u, 0)
                        .is_some_and(|v| v.as_value_ref() == lhs_inst.as_value_ref())
                    && omp::const_int_operand(*u, 1) == Some(1)
            });
        let Some(next) = next else {
            return shape("the IV does not step by 1");
        };
        (
            lhs_inst,
            next,
            rhs.get_type().const_int((c + 1) as u64, false),
        )
    } else {
        if lhs_inst.get_opcode() != InstructionOpcode::Add
            || omp::const_int_operand(lhs_inst, 1) != Some(1)
        {
            return shape("the IV does not step by 1");
        }
        let unsigned = matches!(pred, IntPredicate::ULT | IntPredicate::UGE);
        if unsigned
            && !rhs
                .get_sign_extended_constant()
                .is_some_and(|c| (0..i32::MAX as i64).contains(&c))
        {
            return shape("an unsigned exit test against a bound that is not a small constant");
        }
        match llvm::operand(&lhs_inst, 0).and_then(|v| v.as_instruction_value()) {
            Some(i) if i.get_opcode() == InstructionOpcode::Phi => (i, lhs_inst, rhs),
            _ => return shape("the IV is not a header phi"),
        }
    };
    if iv_inst.get_parent() != Some(header) {
        return shape("the IV is not a header phi");
    }
    let iv: PhiValue<'ctx> = iv_inst.try_into().map_err(|_| "a phi".to_string())?;
    let start = phi_incoming(iv, preheader).and_then(|v| match v {
        BasicValueEnum::IntValue(c) => c.get_sign_extended_constant(),
        _ => None,
    });
    let start = match start {
        Some(s) if s >= 0 => s as u64,
        _ => return shape("the IV does not start at a constant >= 0"),
    };
    if phi_incoming(iv, latch).map(|v| v.as_value_ref()) != Some(iv_next.as_value_ref()) {
        return shape("the IV's next value is not the latch's");
    }
    let bits = bound.get_type().get_bit_width();
    if bits != 32 && bits != 64 {
        return shape("the IV is not 32 or 64 bits");
    }

    // The other header phis: reductions.
    let mut reductions = Vec::new();
    for x in insts(header) {
        if x.get_opcode() != InstructionOpcode::Phi {
            break;
        }
        if x == iv_inst {
            continue;
        }
        let phi: PhiValue<'ctx> = x.try_into().map_err(|_| "a phi".to_string())?;
        match reduction_of(phi, latch, &body) {
            Some(r) => reductions.push(r),
            None => {
                return Err(format!(
                    "its simd loop carries a scalar that is not a reduction ({})",
                    llvm::describe(x)
                ))
            }
        }
    }

    // What the loop does.
    let mut writes_shared = false;
    for b in blocks.iter().filter(|b| body.contains(*b)) {
        for x in insts(*b) {
            match x.get_opcode() {
                InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => {
                    return Err("its simd loop has an atomic".to_string())
                }
                InstructionOpcode::Store => {
                    if ptr_operand(x, 1).is_some_and(is_private) {
                        return Err(
                            "its simd loop writes private memory (each lane has its own copy)"
                                .to_string(),
                        );
                    }
                    writes_shared = true;
                }
                InstructionOpcode::Call if !harmless_intrinsic(&callee_name(x)) => {
                    return Err(format!(
                        "its simd loop calls {}",
                        omp::callee(x).map_or_else(|| "through a pointer".into(), omp::fn_name)
                    ))
                }
                _ => {}
            }
            // Values leaving the loop: only reduction results.
            for (u, _) in llvm::uses_of(x) {
                let outside = u.get_parent().is_some_and(|ub| !body.contains(&ub));
                if outside && !reductions.iter().any(|r| r.next == x) {
                    return Err(format!(
                        "a value of its simd loop other than a reduction is used after it ({})",
                        llvm::describe(x)
                    ));
                }
            }
        }
    }

    // `#pragma omp ordered simd` runs its region in iteration order; clang
    // outlines it into a call (refused above), but once that call is inlined
    // nothing marks it: the loop looks fully parallel. A loop that stores to
    // an array and loads another element of the same array is such a
    // dependence (or a bug the user asserted away); refuse it.
    let mut stores_to: Vec<(
        inkwell::values::PointerValue<'ctx>,
        inkwell::values::PointerValue<'ctx>,
    )> = Vec::new();
    let mut loads_from = Vec::new();
    for b in blocks.iter().filter(|b| body.contains(*b)) {
        for x in insts(*b) {
            match x.get_opcode() {
                InstructionOpcode::Store => {
                    if let Some(p) = ptr_operand(x, 1) {
                        stores_to.push((llvm::underlying_object(p), p));
                    }
                }
                InstructionOpcode::Load => {
                    if let Some(p) = ptr_operand(x, 0) {
                        loads_from.push((llvm::underlying_object(p), p));
                    }
                }
                _ => {}
            }
        }
    }
    for (so, sp) in &stores_to {
        for (lo, lp) in &loads_from {
            if so.as_value_ref() == lo.as_value_ref() && sp.as_value_ref() != lp.as_value_ref() {
                return Err(format!(
                    "its simd loop stores to {} and loads another element of it (a loop-carried \
                     dependence, as `ordered simd` makes)",
                    llvm::describe(*so)
                ));
            }
        }
    }

    // Before and after the loop (within the function: the prologue only
    // writes the stack, checked by the runtime-free plan).
    let after = reach_from(exit, &body);
    let mut lane0_stores = Vec::new();
    let mut reads_after = false;
    let mut store_blocks = HashSet::new();
    for b in &blocks {
        if body.contains(b) {
            continue;
        }
        let is_after = after.contains(b);
        let mut stored_here = false;
        for x in insts(*b) {
            let op = x.get_opcode();
            let shared_store =
                op == InstructionOpcode::Store && !ptr_operand(x, 1).is_some_and(is_private);
            // (A load nothing uses reads nothing that matters: the thread id
            // the deleted runtime calls took.)
            let shared_load = op == InstructionOpcode::Load
                && !ptr_operand(x, 0).is_some_and(is_private)
                && !llvm::uses_of(x).is_empty();
            if matches!(
                op,
                InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg
            ) {
                return Err("an atomic runs around its simd loop".to_string());
            }
            if op == InstructionOpcode::Call {
                let n = callee_name(x);
                if !harmless_intrinsic(&n) && !n.starts_with("llvm.lifetime") {
                    return Err(format!("code around its simd loop calls {n}"));
                }
            }
            if !is_after {
                if shared_store {
                    return Err(
                        "the code before its simd loop writes memory (lane 0 would have to \
                         broadcast it)"
                            .to_string(),
                    );
                }
                continue;
            }
            if shared_store {
                lane0_stores.push(x);
                stored_here = true;
                store_blocks.insert(*b);
            }
            if shared_load {
                if stored_here {
                    return Err(
                        "the code after its simd loop reads memory after lane 0 wrote some"
                            .to_string(),
                    );
                }
                reads_after = true;
            }
        }
    }
    if store_blocks.len() > 1 && reads_after {
        return Err(
            "the code after its simd loop reads and writes memory in several blocks".into(),
        );
    }

    // The group size.
    let mut g: u32 = match width {
        Some(w) if w >= 1 => (w.min(32) as u32).next_power_of_two(),
        _ => 32,
    };
    if let Some(n) = bound.get_sign_extended_constant() {
        let trips = n - start as i64;
        if trips >= 1 {
            g = g.min((trips.min(32) as u32).next_power_of_two());
        }
    }
    if g < 2 {
        return Err("its simd loop runs once (a group of one lane)".to_string());
    }
    Ok(Some(SimdLoop {
        header,
        latch,
        preheader,
        exit,
        blocks: body,
        iv,
        iv_next,
        start,
        bound,
        reductions,
        g,
        needs_warp_sync: writes_shared && reads_after,
        lane0_stores,
    }))
}

/// Does the loop `body` (header `h`, latch `l`) have a cycle besides the
/// back edge `l -> h`?
fn has_inner_cycle<'ctx>(
    h: BasicBlock<'ctx>,
    l: BasicBlock<'ctx>,
    body: &HashSet<BasicBlock<'ctx>>,
) -> bool {
    // DFS from the header, ignoring the back edge; a gray successor is a cycle.
    let mut color: HashMap<BasicBlock<'ctx>, u8> = HashMap::new();
    let mut stack = vec![(h, 0usize)];
    color.insert(h, 1);
    while let Some((b, k)) = stack.pop() {
        let succ: Vec<BasicBlock<'ctx>> = omp::successors(b)
            .into_iter()
            .filter(|s| body.contains(s) && !(b == l && *s == h))
            .collect();
        if k < succ.len() {
            stack.push((b, k + 1));
            let s = succ[k];
            match color.get(&s) {
                Some(1) => return true,
                Some(_) => {}
                None => {
                    color.insert(s, 1);
                    stack.push((s, 0));
                }
            }
        } else {
            color.insert(b, 2);
        }
    }
    false
}

/// Blocks reachable from `start` without entering `avoid`.
fn reach_from<'ctx>(
    start: BasicBlock<'ctx>,
    avoid: &HashSet<BasicBlock<'ctx>>,
) -> HashSet<BasicBlock<'ctx>> {
    let mut seen: HashSet<BasicBlock<'ctx>> = [start].into_iter().collect();
    let mut work = vec![start];
    while let Some(b) = work.pop() {
        for s in live_successors(b) {
            if !avoid.contains(&s) && seen.insert(s) {
                work.push(s);
            }
        }
    }
    seen
}

/// The successors of `b`, without the dead side of a branch on a constant
/// (the cut back edge of the collapsed worksharing loop).
fn live_successors<'ctx>(b: BasicBlock<'ctx>) -> Vec<BasicBlock<'ctx>> {
    if let Some(t) = b.get_terminator() {
        if t.get_opcode() == InstructionOpcode::Br && t.is_conditional().unwrap_or(false) {
            if let Some(BasicValueEnum::IntValue(c)) = llvm::operand(&t, 0) {
                if let Some(k) = c.get_zero_extended_constant() {
                    // Operands: (cond, false dest, true dest).
                    let idx = if k == 1 { 2 } else { 1 };
                    if let Some(inkwell::values::Operand::Block(d)) = t.get_operand(idx) {
                        return vec![d];
                    }
                }
            }
        }
    }
    omp::successors(b)
}

fn phi_incoming<'ctx>(phi: PhiValue<'ctx>, from: BasicBlock<'ctx>) -> Option<BasicValueEnum<'ctx>> {
    (0..phi.count_incoming())
        .filter_map(|k| phi.get_incoming(k))
        .find(|(_, b)| *b == from)
        .map(|(v, _)| v)
}

/// `phi` as a reduction: its latch value is `op(phi, x)` (either order;
/// `fmuladd(a, b, phi)` is a sum), used only by the phi and after the loop,
/// and the phi is used only there.
fn reduction_of<'ctx>(
    phi: PhiValue<'ctx>,
    latch: BasicBlock<'ctx>,
    body: &HashSet<BasicBlock<'ctx>>,
) -> Option<Reduction<'ctx>> {
    let next = phi_incoming(phi, latch)?.as_instruction_value()?;
    let p = phi.as_value_ref();
    let operand_is_phi = |k: u32| llvm::operand(&next, k).is_some_and(|v| v.as_value_ref() == p);
    use InstructionOpcode as O;
    let op = match next.get_opcode() {
        O::Add => RedOp::Add,
        O::Mul => RedOp::Mul,
        O::And => RedOp::And,
        O::Or => RedOp::Or,
        O::Xor => RedOp::Xor,
        O::FAdd => RedOp::FAdd,
        O::FMul => RedOp::FMul,
        O::Call => {
            let n = callee_name(next);
            let base = n.split('.').take(2).collect::<Vec<_>>().join(".");
            match base.as_str() {
                "llvm.smin" => RedOp::SMin,
                "llvm.smax" => RedOp::SMax,
                "llvm.umin" => RedOp::UMin,
                "llvm.umax" => RedOp::UMax,
                "llvm.minnum" => RedOp::FMin,
                "llvm.maxnum" => RedOp::FMax,
                "llvm.fmuladd" if operand_is_phi(2) && !operand_is_phi(0) && !operand_is_phi(1) => {
                    return check_uses(phi, next, RedOp::FAdd, body)
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    let uses_phi = operand_is_phi(0) as u32 + operand_is_phi(1) as u32;
    if uses_phi != 1 {
        return None;
    }
    check_uses(phi, next, op, body)
}

fn check_uses<'ctx>(
    phi: PhiValue<'ctx>,
    next: InstructionValue<'ctx>,
    op: RedOp,
    body: &HashSet<BasicBlock<'ctx>>,
) -> Option<Reduction<'ctx>> {
    let phi_inst = phi.as_instruction();
    // The phi feeds only `next`; `next` feeds the phi and code after the loop.
    if llvm::uses_of(phi).iter().any(|(u, _)| *u != next) {
        return None;
    }
    let inside_other = llvm::uses_of(next)
        .iter()
        .any(|(u, _)| *u != phi_inst && u.get_parent().is_some_and(|b| body.contains(&b)));
    if inside_other {
        return None;
    }
    Some(Reduction { phi, next, op })
}

// ---------------------------------------------------------------------------
// Rewriting (on the clone).

fn declare<'ctx>(
    m: &Module<'ctx>,
    name: &str,
    t: inkwell::types::FunctionType<'ctx>,
) -> FunctionValue<'ctx> {
    m.get_function(name)
        .unwrap_or_else(|| m.add_function(name, t, None))
}

fn call_int<'ctx>(
    b: &Builder<'ctx>,
    f: FunctionValue<'ctx>,
    args: &[inkwell::values::BasicMetadataValueEnum<'ctx>],
    name: &str,
) -> IntValue<'ctx> {
    b.build_call(f, args, name)
        .expect(BUILDER)
        .try_as_basic_value()
        .basic()
        .expect("returns a value")
        .into_int_value()
}

/// Rewrites the simd loop `s` of `f` (a clone only the SIMD-group grid loop
/// calls) for groups of `s.g` lanes.
pub fn apply<'ctx>(f: FunctionValue<'ctx>, s: &SimdLoop<'ctx>) {
    let m = lomp::module_of(f).expect("inside a module");
    let cx = m.get_context();
    let i32t = cx.i32_type();
    let b = cx.create_builder();
    let g = s.g;

    // Lane, member mask, lane 0.
    let entry = f.get_first_basic_block().expect("a body");
    match entry.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(entry),
    }
    let tid_fn = declare(
        &m,
        "llvm.nvvm.read.ptx.sreg.tid.x",
        i32t.fn_type(&[], false),
    );
    let tid = call_int(&b, tid_fn, &[], "simd.tid");
    let lane = b
        .build_and(tid, i32t.const_int(u64::from(g - 1), false), "simd.lane")
        .expect(BUILDER);
    let mask = if g == 32 {
        i32t.const_all_ones()
    } else {
        let in_warp = b
            .build_and(tid, i32t.const_int(31, false), "simd.warp.lane")
            .expect(BUILDER);
        let base = b
            .build_and(
                in_warp,
                i32t.const_int(u64::from(32 - g), false),
                "simd.base",
            )
            .expect(BUILDER);
        b.build_left_shift(i32t.const_int((1u64 << g) - 1, false), base, "simd.mask")
            .expect(BUILDER)
    };
    let is_lane0 = b
        .build_int_compare(IntPredicate::EQ, lane, i32t.const_zero(), "simd.lane0")
        .expect(BUILDER);

    // The guard between preheader and header.
    let ivt: IntType<'ctx> = s.bound.get_type();
    let guard = cx.insert_basic_block_after(s.preheader, "simd.guard");
    let exit_new = cx.insert_basic_block_after(s.latch, "simd.exit");
    let pre_term = s.preheader.get_terminator().expect("a terminator");
    llvm::redirect_successor(pre_term, s.header, guard);
    llvm::replace_phi_uses(s.header, s.preheader, guard);
    b.position_at_end(guard);
    let smax_name = format!("llvm.smax.i{}", ivt.get_bit_width());
    let smax = declare(
        &m,
        &smax_name,
        ivt.fn_type(&[ivt.into(), ivt.into()], false),
    );
    let n_eff = call_int(
        &b,
        smax,
        &[s.bound.into(), ivt.const_int(1, false).into()],
        "simd.n",
    );
    let lane_iv = b
        .build_int_z_extend_or_bit_cast(lane, ivt, "simd.lane.iv")
        .expect(BUILDER);
    let start = b
        .build_int_nuw_add(ivt.const_int(s.start, false), lane_iv, "simd.start")
        .expect(BUILDER);
    let enter = b
        .build_int_compare(IntPredicate::ULT, start, n_eff, "simd.enter")
        .expect(BUILDER);
    let mut starts = Vec::new();
    for r in &s.reductions {
        let s0 = phi_incoming(r.phi, guard).expect("the phi's preheader value");
        let id = identity(r.op, s0.get_type());
        let v = b
            .build_select(is_lane0, s0, id, "simd.red.start")
            .expect(BUILDER);
        set_incoming(r.phi, guard, v);
        starts.push(v);
    }
    set_incoming(s.iv, guard, start.into());
    b.build_conditional_branch(enter, s.header, exit_new)
        .expect(BUILDER);

    // The latch: l += G while l < max(n, 1).
    let old = s.latch.get_terminator().expect("a terminator");
    b.position_before(&old);
    let iv = s.iv.as_basic_value().into_int_value();
    let next = b
        .build_int_nuw_add(iv, ivt.const_int(u64::from(g), false), "simd.next")
        .expect(BUILDER);
    let more = b
        .build_int_compare(IntPredicate::ULT, next, n_eff, "simd.more")
        .expect(BUILDER);
    b.build_conditional_branch(more, s.header, exit_new)
        .expect(BUILDER);
    let old_cond = llvm::operand(&old, 0).and_then(|c| c.as_instruction_value());
    old.erase_from_basic_block();
    set_incoming(s.iv, s.latch, next.into());
    let mut dead = vec![s.iv_next];
    dead.extend(old_cond);

    // The exit: merge, butterfly, warp barrier.
    llvm::replace_phi_uses(s.exit, s.latch, exit_new);
    b.position_at_end(exit_new);
    let mut totals = Vec::new();
    for (r, s0) in s.reductions.iter().zip(&starts) {
        let ty = llvm::type_of(lomp::result_value(r.next).expect("a value"));
        let merge = b.build_phi(ty, "simd.partial").expect(BUILDER);
        merge.add_incoming(&[
            (&lomp::result_value(r.next).expect("a value"), s.latch),
            (s0, guard),
        ]);
        let total = butterfly(&m, &b, merge.as_basic_value(), r.op, g, mask);
        totals.push((r.next, total));
    }
    if s.needs_warp_sync {
        let sync = declare(
            &m,
            "llvm.nvvm.bar.warp.sync",
            cx.void_type().fn_type(&[i32t.into()], false),
        );
        b.build_call(sync, &[mask.into()], "").expect(BUILDER);
    }
    b.build_unconditional_branch(s.exit).expect(BUILDER);
    for (next, total) in &totals {
        for (u, no) in llvm::uses_of(*next) {
            let Some(ub) = u.get_parent() else {
                continue;
            };
            if s.blocks.contains(&ub) || ub == exit_new {
                continue;
            }
            u.set_operand(no, *total);
        }
    }

    // Lane 0 does the stores after the loop.
    for st in &s.lane0_stores {
        let store_bb = llvm::split_block_before(*st, "simd.lane0.store");
        let next_inst = st
            .get_next_instruction()
            .expect("a store is not a terminator");
        let cont = llvm::split_block_before(next_inst, "simd.lane0.cont");
        let head = store_bb
            .get_previous_basic_block()
            .expect("split after a block");
        let _ = head;
        // The block before the store now ends in `br store_bb`: make it
        // conditional.
        let pred = predecessor_of(f, store_bb).expect("the split block's predecessor");
        let t = pred.get_terminator().expect("a terminator");
        b.position_before(&t);
        b.build_conditional_branch(is_lane0, store_bb, cont)
            .expect(BUILDER);
        t.erase_from_basic_block();
    }
    llvm::delete_dead(&dead);
}

fn predecessor_of<'ctx>(f: FunctionValue<'ctx>, bb: BasicBlock<'ctx>) -> Option<BasicBlock<'ctx>> {
    f.get_basic_blocks()
        .into_iter()
        .find(|b| omp::successors(*b).contains(&bb))
}

fn set_incoming<'ctx>(phi: PhiValue<'ctx>, from: BasicBlock<'ctx>, v: BasicValueEnum<'ctx>) {
    let inst = phi.as_instruction();
    for k in 0..phi.count_incoming() {
        if phi.get_incoming(k).is_some_and(|(_, b)| b == from) {
            inst.set_operand(k, v);
        }
    }
}

/// The identity of `op` on values of type `t`.
fn identity<'ctx>(op: RedOp, t: BasicTypeEnum<'ctx>) -> BasicValueEnum<'ctx> {
    match t {
        BasicTypeEnum::IntType(it) => {
            let bits = it.get_bit_width();
            let v = match op {
                RedOp::Add | RedOp::Or | RedOp::Xor | RedOp::UMax => it.const_zero(),
                RedOp::Mul => it.const_int(1, false),
                RedOp::And | RedOp::UMin => it.const_all_ones(),
                RedOp::SMin => it.const_int((1u64 << (bits - 1)) - 1, false),
                RedOp::SMax => it.const_int(1u64 << (bits - 1), false),
                _ => unreachable!("an integer reduction"),
            };
            v.into()
        }
        BasicTypeEnum::FloatType(ft) => {
            let v = match op {
                // -0.0: x + -0.0 == x for every x, -0.0 included.
                RedOp::FAdd => ft.const_float(-0.0),
                RedOp::FMul => ft.const_float(1.0),
                // minnum/maxnum return the other operand of a NaN.
                RedOp::FMin | RedOp::FMax => ft.const_float(f64::NAN),
                _ => unreachable!("a floating-point reduction"),
            };
            v.into()
        }
        _ => unreachable!("reductions are on integers or floats"),
    }
}

/// `v` combined over the `g` lanes of the group: `log2 g` butterfly steps.
fn butterfly<'ctx>(
    m: &Module<'ctx>,
    b: &Builder<'ctx>,
    v: BasicValueEnum<'ctx>,
    op: RedOp,
    g: u32,
    mask: IntValue<'ctx>,
) -> BasicValueEnum<'ctx> {
    let mut acc = v;
    let mut off = g / 2;
    while off >= 1 {
        let other = shuffle_xor(m, b, acc, off, mask);
        acc = combine(m, b, op, acc, other);
        off /= 2;
    }
    acc
}

/// `shfl.sync.bfly` of any 8- to 64-bit scalar, 32 bits at a time.
fn shuffle_xor<'ctx>(
    m: &Module<'ctx>,
    b: &Builder<'ctx>,
    v: BasicValueEnum<'ctx>,
    off: u32,
    mask: IntValue<'ctx>,
) -> BasicValueEnum<'ctx> {
    let cx = m.get_context();
    let i32t = cx.i32_type();
    let i64t = cx.i64_type();
    let shfl = declare(
        m,
        "llvm.nvvm.shfl.sync.bfly.i32",
        i32t.fn_type(&[i32t.into(), i32t.into(), i32t.into(), i32t.into()], false),
    );
    // clamp 31, no segment: xor offsets below G stay in the group.
    let c = i32t.const_int(0x1f, false);
    let one = |x: IntValue<'ctx>, name: &str| {
        call_int(
            b,
            shfl,
            &[
                mask.into(),
                x.into(),
                i32t.const_int(u64::from(off), false).into(),
                c.into(),
            ],
            name,
        )
    };
    let bits = match v.get_type() {
        BasicTypeEnum::IntType(t) => t.get_bit_width(),
        BasicTypeEnum::FloatType(t) => {
            if t == cx.f64_type() {
                64
            } else if t == cx.f32_type() {
                32
            } else {
                16
            }
        }
        _ => unreachable!("reductions are on integers or floats"),
    };
    let as_int = cx
        .custom_width_int_type(std::num::NonZeroU32::new(bits).expect("bits > 0"))
        .expect("a valid width");
    let x = b
        .build_bit_cast(v, as_int, "simd.bits")
        .expect(BUILDER)
        .into_int_value();
    let r = if bits <= 32 {
        let w = b
            .build_int_z_extend_or_bit_cast(x, i32t, "")
            .expect(BUILDER);
        let s = one(w, "simd.shfl");
        b.build_int_truncate_or_bit_cast(s, as_int, "")
            .expect(BUILDER)
    } else {
        let lo = b.build_int_truncate(x, i32t, "simd.lo").expect(BUILDER);
        let hi64 = b
            .build_right_shift(x, i64t.const_int(32, false), false, "")
            .expect(BUILDER);
        let hi = b.build_int_truncate(hi64, i32t, "simd.hi").expect(BUILDER);
        let slo = one(lo, "simd.shfl.lo");
        let shi = one(hi, "simd.shfl.hi");
        let lo64 = b.build_int_z_extend(slo, i64t, "").expect(BUILDER);
        let hi64 = b.build_int_z_extend(shi, i64t, "").expect(BUILDER);
        let hi_sh = b
            .build_left_shift(hi64, i64t.const_int(32, false), "")
            .expect(BUILDER);
        b.build_or(lo64, hi_sh, "simd.shfl.v").expect(BUILDER)
    };
    b.build_bit_cast(r, v.get_type(), "simd.other")
        .expect(BUILDER)
}

fn combine<'ctx>(
    m: &Module<'ctx>,
    b: &Builder<'ctx>,
    op: RedOp,
    x: BasicValueEnum<'ctx>,
    y: BasicValueEnum<'ctx>,
) -> BasicValueEnum<'ctx> {
    let minmax = |base: &str| -> BasicValueEnum<'ctx> {
        let t = x.get_type();
        let suffix = match t {
            BasicTypeEnum::IntType(it) => format!("i{}", it.get_bit_width()),
            BasicTypeEnum::FloatType(ft) => {
                if ft == m.get_context().f64_type() {
                    "f64".into()
                } else {
                    "f32".into()
                }
            }
            _ => unreachable!("scalars"),
        };
        let f = declare(
            m,
            &format!("{base}.{suffix}"),
            t.fn_type(&[t.into(), t.into()], false),
        );
        b.build_call(f, &[x.into(), y.into()], "simd.red")
            .expect(BUILDER)
            .try_as_basic_value()
            .basic()
            .expect("returns a value")
    };
    let (xi, yi) = (x, y);
    match op {
        RedOp::Add => b
            .build_int_add(xi.into_int_value(), yi.into_int_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::Mul => b
            .build_int_mul(xi.into_int_value(), yi.into_int_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::And => b
            .build_and(xi.into_int_value(), yi.into_int_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::Or => b
            .build_or(xi.into_int_value(), yi.into_int_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::Xor => b
            .build_xor(xi.into_int_value(), yi.into_int_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::FAdd => b
            .build_float_add(xi.into_float_value(), yi.into_float_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::FMul => b
            .build_float_mul(xi.into_float_value(), yi.into_float_value(), "simd.red")
            .expect(BUILDER)
            .into(),
        RedOp::SMin => minmax("llvm.smin"),
        RedOp::SMax => minmax("llvm.smax"),
        RedOp::UMin => minmax("llvm.umin"),
        RedOp::UMax => minmax("llvm.umax"),
        RedOp::FMin => minmax("llvm.minnum"),
        RedOp::FMax => minmax("llvm.maxnum"),
    }
}

/// Drops the loop hints of `f`'s simd loop (the sequential fallback keeps
/// its loop; the hints would only make the vectorizer warn).
pub fn drop_hints(f: FunctionValue<'_>) {
    for b in f.get_basic_blocks() {
        if let Some(t) = b.get_terminator() {
            if llvm::loop_hints(t).is_some_and(|h| {
                h.iter().any(|(k, _)| {
                    k == "llvm.loop.parallel_accesses" || k == "llvm.loop.vectorize.enable"
                })
            }) {
                llvm::drop_metadata(t, "llvm.loop");
            }
        }
    }
}
