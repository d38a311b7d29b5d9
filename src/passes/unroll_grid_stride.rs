//! `gpucc-unroll-grid-stride`: ask LLVM's loop unroller to unroll grid-stride
//! loops, which it never does by itself.
//!
//! A grid-stride loop steps its index by a value known only at run time:
//! ```c
//!   for (long i = blockIdx.x * 256 + threadIdx.x; i < n; i += gridDim.x * 256)
//!     acc += in[i];
//! ```
//! Its trip count is `(n - i0 + s - 1) / s`, a division. LLVM's runtime
//! unroller (NVPTX enables it) refuses a trip count whose expansion costs
//! more than a few instructions (`SCEVExpander::isHighCostExpansion`), so
//! the loop stays rolled, one load per trip. NVIDIA's compiler unrolls it 4
//! times and pays the division once, before the loop. The unroller does the
//! same for a loop that carries `llvm.loop.unroll.count` (what `#pragma
//! unroll 4` gives): a requested count allows an expensive trip count.
//! This pass requests it, before the unroller runs (the auto-pipeline puts it
//! at the vectorizer-start extension point; alone, follow it with
//! `loop-unroll`).
//!
//! The count is the one LLVM's runtime unroller would pick itself were the
//! trip count cheap: its default runtime count, 8, halved while the loop's
//! size times the count exceeds NVPTX's partial-unroll threshold, 75
//! instructions (`NVPTXTTIImpl::getUnrollingPreferences`: a quarter of the
//! -O3 threshold of 300), and at least 2. `count=N` asks for N instead.
//!
//! Worked example (`bench/kernels/reduce_shared.cu`, clang -O3, sm_80):
//! ```text
//!   before: loop of 1 load, 10 SASS instructions per source iteration
//!   header:  %i = phi i64 [ %i0, %pre ], [ %i.next, %header ]
//!            ... load float, ptr %p ...
//!            %i.next = add nsw i64 %i, %stride      ; %stride: not a constant
//!            %c = icmp slt i64 %i.next, %n
//!            br i1 %c, label %header, label %exit   ; + !llvm.loop: unroll.count 8
//!   8 instructions, so the count is 8 (8 x 8 <= 75); after the unroller:
//!   the division once, a remainder loop of up to 7 trips, and a loop of 8
//!   loads: 5.38 SASS instructions per iteration (NVIDIA's compiler, which
//!   unrolls by 4: 5.75).
//! ```
//! A loop qualifies when
//! - it is innermost, its latch ends in a conditional branch, and the branch
//!   carries no `llvm.loop.unroll.*` property (the user's pragmas win, and so
//!   does an unroller that already ran);
//! - its header has an induction variable `i` stepped by `add i, s` in the
//!   loop, with `s` defined outside the loop and not a constant (constant
//!   steps have cheap trip counts: LLVM decides those itself);
//! - the branch compares `i` or its step against a value defined outside
//!   the loop;
//! - it has at most [`MAX_BODY`] instructions and calls no function but
//!   intrinsics that do not synchronize (a barrier, shuffle or vote in the
//!   loop is left to LLVM);
//! - it has no atomic operation or fence. Atomics serialize where they
//!   collide, so unrolling them buys no parallelism, only the remainder's
//!   cost: on `bench/kernels/histogram_shared_atomics.cu` it made 11.00
//!   SASS instructions per iteration 14.25 (NVIDIA's compiler leaves that
//!   loop rolled too).
//!
//! Unrolling does not change what the program computes: LLVM's unroller
//! keeps every iteration in order and runs the rest in its remainder loop,
//! and it still refuses what it cannot unroll (for example a trip count it
//! cannot compute). This pass only asks.
//!
//! *Parameters*: `gpucc-unroll-grid-stride<count=N>` (2..=32; default: LLVM's
//! own choice, above).
//! *Remarks*: passed `Requested` per loop; missed `TooLarge`, `Calls`,
//! `Atomics`, `HasPragma` for grid-stride loops left alone.
//! Tests: `test/ir/unroll-grid-stride/`, `test/ptx/unroll-grid-stride/`.

use crate::analysis::loops::{Loop, Loops};
use crate::analysis::openmp::{callee, fn_name};
use crate::analysis::target::Target;
use crate::debug;
use crate::llvm::analyses::{DomTree, Loops as LlvmLoops, UnrollFacts};
use crate::llvm::{self, loops, RemarkKind};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};

/// The pipeline name.
pub const NAME: &str = "gpucc-unroll-grid-stride";

/// The most instructions a loop may have to be unrolled.
pub const MAX_BODY: usize = 48;

/// LLVM's default runtime unroll count (`UP.DefaultUnrollRuntimeCount`).
const DEFAULT_RUNTIME_COUNT: u32 = 8;

/// NVPTX's partial-unroll threshold: a quarter of -O3's 300.
const PARTIAL_THRESHOLD: usize = 75;

/// The count LLVM's runtime unroller would pick for a loop of `size`
/// instructions: 8, halved while `size * count` exceeds the threshold, at
/// least 2.
pub fn auto_count(size: usize) -> u32 {
    let mut count = DEFAULT_RUNTIME_COUNT;
    while count > 2 && size * count as usize > PARTIAL_THRESHOLD {
        count /= 2;
    }
    count
}

/// Intrinsics whose names contain one of these synchronize threads or lanes.
const SYNCHRONIZING: &[&str] = &["barrier", "bar.", "sync", "shfl", "vote", "fence"];

/// The parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnrollParams {
    /// The unroll count requested; `None`: [`auto_count`] of the loop.
    pub count: Option<u32>,
}

impl UnrollParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[Spec {
        name: "count",
        kind: Kind::U32,
    }];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = UnrollParams::default();
        let mut bad = None;
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("count", Value::U32(n)) => {
                if (2..=32).contains(&n) {
                    p.count = Some(n);
                } else {
                    bad = Some(n);
                }
            }
            _ => unreachable!("gpucc-unroll-grid-stride: SPECS and parse agree"),
        })?;
        if let Some(n) = bad {
            return Err(ParamError::BadValue {
                param: "count".to_string(),
                value: n.to_string(),
                expected: "an unroll count from 2 to 32".to_string(),
            });
        }
        Ok(p)
    }
}

/// The pass.
pub struct UnrollGridStridePass {
    params: UnrollParams,
}

impl UnrollGridStridePass {
    pub fn new(params: UnrollParams) -> Self {
        UnrollGridStridePass { params }
    }
}

/// Why a grid-stride loop is left alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    TooLarge(usize),
    Calls,
    Atomics,
    HasPragma,
    /// LLVM's loop info finds no single latch for the loop.
    NoLatch,
    /// The body's latency (the cost model's) is this much; the loop
    /// overhead unrolling saves is under 1/16 of it.
    Expensive(i64),
    /// The exit compares against this constant, at most
    /// [`MAX_SHORT_BOUND`]: a block-stride walk over a shared tile, a few
    /// trips per thread, which the remainder loop would run whole.
    ShortTrips(u64),
}

/// A loop bounded by a constant up to this (the most threads a block has)
/// runs a few trips per thread at any block size worth launching: unrolling
/// it only adds code (`bins[b] = 0` for `b < 256` stepping by `ntid.x`).
pub const MAX_SHORT_BOUND: u64 = 1024;

/// The loop overhead unrolling saves per iteration, in the cost model's
/// latency: the induction variable's add, the compare and the branch.
const LOOP_OVERHEAD: i64 = 3;

/// Unrolling pays while the overhead it saves is at least this fraction
/// (1 / `PAYING_FRACTION`) of the body's latency. Measured on `bench/growth`
/// (clang 16, ptxas 12.9): bodies of latency 25 (`reduce_template_int`, two
/// loads and a guard) and 28 (`walsh_stage`, two loads, two stores) still
/// gain per iteration when unrolled (12.00 to 10.00 and 15.00 to 13.50
/// SASS); `div64_grid`'s three 64-bit divisions gain nothing and triple the
/// code (337 to 1114 SASS).
const PAYING_FRACTION: i64 = 16;

/// What the target's cost model leaves out of an integer division by a
/// run-time value: NVPTX's model rates it a few adds, but ptxas expands it
/// into tens of instructions (a 64-bit one into a slow path of about 60,
/// behind the division bypass's branch).
const DIVISION_EXTRA: i64 = 16;

/// Does unrolling a loop with these facts pay: is the body (`divisions` of
/// them by run-time values) cheap enough that the overhead saved counts?
/// (A trip count scalar evolution cannot compute is no refusal: every copy
/// then keeps its exit test, yet on `bench/growth` such loops still gained
/// per iteration, `reduce_template_int` 12.00 to 10.00 SASS and
/// `walsh_stage` 15.00 to 13.50, so they are unrolled as before; the facts
/// are traced.)
fn pays(facts: Option<UnrollFacts>, divisions: i64) -> Result<(), Refusal> {
    let Some(facts) = facts else {
        return Err(Refusal::NoLatch);
    };
    let cost = facts.cost + divisions * DIVISION_EXTRA;
    if cost > LOOP_OVERHEAD * PAYING_FRACTION {
        return Err(Refusal::Expensive(cost));
    }
    Ok(())
}

impl FunctionPass for UnrollGridStridePass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !Target::from_triple(&llvm::function_triple(f)).is_gpu() {
            return Changed::No;
        }
        let dt = DomTree::new(cx.fam(), f);
        let cfg = Loops::of(f, |a, b| dt.dominates_block(a, b));
        let llvm_loops = LlvmLoops::new(cx.fam(), f);
        let mut changed = Changed::No;
        for lp in cfg.loops.iter().filter(|lp| lp.innermost) {
            let Some(br) = cfg.blocks[lp.latch].get_terminator() else {
                continue;
            };
            if !is_grid_stride(&cfg, lp, br) {
                continue;
            }
            let decided = check(&cfg, lp, br).and_then(|(size, divisions)| {
                if let Some(c) = constant_bound(br).filter(|&c| c <= MAX_SHORT_BOUND) {
                    return Err(Refusal::ShortTrips(c));
                }
                let facts = llvm_loops.unroll_facts(cfg.blocks[lp.header]);
                debug::trace(NAME, || {
                    format!(
                        "@{}: grid-stride loop of {size} instructions: {facts:?}",
                        fn_name(f)
                    )
                });
                pays(facts, divisions).map(|()| size)
            });
            match decided {
                Ok(size) => {
                    let count = self.params.count.unwrap_or_else(|| auto_count(size));
                    loops::set_unroll_count(br, count);
                    changed = Changed::Yes;
                    cx.remark(RemarkKind::Passed, "Requested", Some(br), || {
                        format!("grid-stride loop: requested unroll count {count}")
                    });
                }
                Err(why) => {
                    let (name, msg) = match why {
                        Refusal::TooLarge(n) => (
                            "TooLarge",
                            format!("grid-stride loop not unrolled: {n} instructions (at most {MAX_BODY})"),
                        ),
                        Refusal::Calls => (
                            "Calls",
                            "grid-stride loop not unrolled: it calls a function or synchronizes".to_string(),
                        ),
                        Refusal::Atomics => (
                            "Atomics",
                            "grid-stride loop not unrolled: it has atomic operations".to_string(),
                        ),
                        Refusal::HasPragma => (
                            "HasPragma",
                            "grid-stride loop not unrolled: it already has unroll metadata".to_string(),
                        ),
                        Refusal::ShortTrips(c) => (
                            "ShortTrips",
                            format!(
                                "grid-stride loop not unrolled: it runs to the constant {c}, a few \
                                 trips per thread, which the remainder loop would run whole"
                            ),
                        ),
                        Refusal::NoLatch => (
                            "NoLatch",
                            "grid-stride loop not unrolled: LLVM's loop info finds no single latch"
                                .to_string(),
                        ),
                        Refusal::Expensive(cost) => (
                            "Expensive",
                            format!(
                                "grid-stride loop not unrolled: its body costs {cost} (latency), and \
                                 the loop overhead unrolling saves ({LOOP_OVERHEAD}) is under 1/{PAYING_FRACTION} of it"
                            ),
                        ),
                    };
                    cx.remark(RemarkKind::Missed, name, Some(br), || msg);
                }
            }
        }
        changed
    }
}

/// Is `v` defined outside the loop (an argument, a global, or an instruction
/// of a block outside it), and not a constant?
fn invariant_non_constant(cfg: &Loops<'_>, lp: &Loop, v: BasicValueEnum<'_>) -> bool {
    if llvm::is_constant(v) {
        return false;
    }
    match v.as_instruction_value() {
        None => true,
        Some(i) => i
            .get_parent()
            .and_then(|bb| cfg.blocks.iter().position(|&b| b == bb))
            .is_some_and(|b| !lp.body[b]),
    }
}

/// Is `v` loop-invariant (a constant, or defined outside the loop)?
fn invariant(cfg: &Loops<'_>, lp: &Loop, v: BasicValueEnum<'_>) -> bool {
    llvm::is_constant(v) || invariant_non_constant(cfg, lp, v)
}

/// Does the loop of `lp`, whose latch ends in `br`, step an induction
/// variable by a run-time loop-invariant value and exit on a compare of it?
fn is_grid_stride(cfg: &Loops<'_>, lp: &Loop, br: InstructionValue<'_>) -> bool {
    if br.get_opcode() != InstructionOpcode::Br || br.get_num_operands() != 3 {
        return false;
    }
    let Some(cond) = llvm::operand(&br, 0).and_then(|c| c.as_instruction_value()) else {
        return false;
    };
    if cond.get_opcode() != InstructionOpcode::ICmp {
        return false;
    }
    let header = cfg.blocks[lp.header];
    let mut phi = header.get_first_instruction();
    while let Some(p) = phi {
        if p.get_opcode() != InstructionOpcode::Phi {
            break;
        }
        phi = p.get_next_instruction();
        let Some(step) = latch_incoming(cfg, lp, p) else {
            continue;
        };
        if step.get_opcode() != InstructionOpcode::Add {
            continue;
        }
        let (Some(a), Some(b)) = (llvm::operand(&step, 0), llvm::operand(&step, 1)) else {
            continue;
        };
        let s = if a.as_value_ref() == p.as_value_ref() {
            b
        } else if b.as_value_ref() == p.as_value_ref() {
            a
        } else {
            continue;
        };
        if !invariant_non_constant(cfg, lp, s) {
            continue;
        }
        let (Some(x), Some(y)) = (llvm::operand(&cond, 0), llvm::operand(&cond, 1)) else {
            continue;
        };
        let is_iv = |v: BasicValueEnum<'_>| {
            v.as_value_ref() == p.as_value_ref() || v.as_value_ref() == step.as_value_ref()
        };
        if (is_iv(x) && invariant(cfg, lp, y)) || (is_iv(y) && invariant(cfg, lp, x)) {
            return true;
        }
    }
    false
}

/// The constant the latch's exit compare tests against, if it is one
/// (unsigned; `None` for a negative or non-constant bound).
fn constant_bound(br: InstructionValue<'_>) -> Option<u64> {
    let cond = llvm::operand(&br, 0)?.as_instruction_value()?;
    [0, 1].iter().find_map(|&k| {
        let v = llvm::operand(&cond, k)?;
        let BasicValueEnum::IntValue(c) = v else {
            return None;
        };
        if !c.is_const() {
            return None;
        }
        c.get_sign_extended_constant()
            .and_then(|x| u64::try_from(x).ok())
    })
}

/// The value phi `p` of the header takes from the latch, as an instruction.
fn latch_incoming<'ctx>(
    cfg: &Loops<'ctx>,
    lp: &Loop,
    p: InstructionValue<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    let phi: inkwell::values::PhiValue<'ctx> = p.try_into().ok()?;
    (0..phi.count_incoming())
        .filter_map(|k| phi.get_incoming(k))
        .find(|(_, bb)| *bb == cfg.blocks[lp.latch])
        .and_then(|(v, _)| v.as_instruction_value())
}

/// May the loop be unrolled: no pragma, small, no calls but harmless
/// intrinsics? Its size in instructions when it may, and how many integer
/// divisions (and remainders) by a run-time value it has.
fn check(cfg: &Loops<'_>, lp: &Loop, br: InstructionValue<'_>) -> Result<(usize, i64), Refusal> {
    if loops::has_property(br, "llvm.loop.unroll.") {
        return Err(Refusal::HasPragma);
    }
    let (mut size, mut divisions) = (0, 0);
    for (b, bb) in cfg.blocks.iter().enumerate() {
        if !lp.body[b] {
            continue;
        }
        for inst in bb.get_instructions() {
            size += 1;
            match inst.get_opcode() {
                InstructionOpcode::Invoke | InstructionOpcode::CallBr => {
                    return Err(Refusal::Calls);
                }
                InstructionOpcode::AtomicRMW
                | InstructionOpcode::AtomicCmpXchg
                | InstructionOpcode::Fence => return Err(Refusal::Atomics),
                InstructionOpcode::SDiv
                | InstructionOpcode::UDiv
                | InstructionOpcode::SRem
                | InstructionOpcode::URem
                    if llvm::operand(&inst, 1).is_some_and(|d| !llvm::is_constant(d)) =>
                {
                    divisions += 1;
                }
                _ => {}
            }
            if inst.get_opcode() == InstructionOpcode::Call {
                let Some(f) = callee(inst) else {
                    return Err(Refusal::Calls);
                };
                let name = fn_name(f);
                if !name.starts_with("llvm.") || SYNCHRONIZING.iter().any(|s| name.contains(s)) {
                    return Err(Refusal::Calls);
                }
            }
        }
    }
    if size > MAX_BODY {
        return Err(Refusal::TooLarge(size));
    }
    Ok((size, divisions))
}

#[cfg(test)]
mod tests {
    use super::auto_count;

    #[test]
    fn counts_follow_llvm_runtime_unrolling() {
        assert_eq!(auto_count(8), 8); // 64 <= 75
        assert_eq!(auto_count(10), 4); // 80 > 75, 40 <= 75
        assert_eq!(auto_count(19), 2); // 76 > 75 at 4
        assert_eq!(auto_count(48), 2); // never below 2
    }
}
