//! `gpucc-bypass-slow-division`: 64-bit division bypass.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.6; mirrors LLVM 16's
//! `Transforms/Utils/BypassSlowDivision.cpp`, which llc's CodeGenPrepare runs
//! for NVPTX and AMDGPU.
//!
//! A 64-bit `div.s64` on NVPTX is a long software sequence, but GPU index
//! arithmetic is usually 64-bit only by type: the values fit in 32 bits. So
//! each i64 `sdiv`/`udiv`/`srem`/`urem` gets a runtime check and a 32-bit fast
//! path; the original operation stays on the slow path:
//! ```text
//!                                    %or  = or i64 %a, %b
//!                                    %hi  = and i64 %or, -4294967296
//!                                    %ok  = icmp eq i64 %hi, 0
//!   %q = sdiv i64 %a, %b      ==>    br i1 %ok, label %bypass.fast, label %bypass.slow
//!                                  bypass.fast:   ; udiv i32 on the truncated operands, zext
//!                                  bypass.slow:   ; the original sdiv i64
//!                                  bypass.join:   %q = phi i64 [fast], [slow]
//! ```
//! The check passes only when both operands are in `[0, 2^32)`, so an unsigned
//! 32-bit operation is right for signed operations too: a negative operand
//! takes the slow path, as upstream does.
//!
//! *Terms.* An operand is **known short** when known bits prove its top 32 bits
//! zero, **likely long** when a top bit is known one or it looks like a hash
//! value (a `xor`, a `mul` by a constant wider than 32 bits, or a phi of such,
//! up to 16 phis deep), else **unknown**. A **group** is the set of
//! div/rem instructions of one original block with the same signedness,
//! dividend and divisor: they share one check and one fast path, and only the
//! quotient or remainder that someone uses is computed.
//!
//! *Decisions, per group* (its first member is the anchor):
//! - either operand likely long: refuse (`LikelyLong`);
//! - both known short: narrow in place, no check (`Narrowed`), even with a
//!   constant divisor: no control flow is added;
//! - constant divisor: refuse (`ConstantDivisor`): the backend turns it into
//!   a multiplication, which beats a branch;
//! - unsigned with a known-short dividend: check `dividend >= divisor`; if not,
//!   the quotient is 0 and the remainder the dividend, so no 64-bit operation
//!   remains (`ShortDividend`);
//! - otherwise check the operands that are not known short (`Bypassed`).
//!
//! *Refuses* vector types, widths other than 64, dead instructions, functions
//! with `optsize`/`minsize` (as CodeGenPrepare), and non-GPU targets unless
//! `force` is given. On AMDGPU it honours upstream's `-amdgpu-bypass-slow-div`.
//!
//! *No double bypass.* llc -O3 runs CodeGenPrepare, which bypasses every i64
//! division again, including the one on our slow path: the PTX would test the
//! same condition twice and carry a dead second fast path. CodeGenPrepare
//! leaves vector divisions alone, so with `opaque-slow-path` the slow path
//! divides `<1 x i64>` values; type legalization scalarizes them to the very
//! same `div.s64`. The `gpucc` pipeline turns this on; the bare pass keeps the
//! scalar form so that its IR matches upstream's. InstCombine scalarizes the
//! vector again, so run this pass after the last InstCombine (the pipeline
//! and the clang auto-pipeline do).
//!
//! *Parameters*: `gpucc-bypass-slow-division<force;opaque-slow-path>`, both off
//! by default.
//!
//! *Remarks*: passed `Bypassed`, `Narrowed`, `ShortDividend`; missed
//! `LikelyLong`, `ConstantDivisor`, `OptSize`, `NotGpuTarget`; analysis
//! `Stats`. Tests: `test/ir/bypass-slow-division/`, `test/ptx/bypass-slow-division/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::target::Target;
use crate::debug;
use crate::llvm::llvm_sys;
use crate::llvm::{self, RemarkKind};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::types::IntType;
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
    IntValue,
};
use inkwell::IntPredicate;
use llvm_sys::prelude::LLVMValueRef;
use std::cell::RefCell;

/// The pipeline name.
pub const NAME: &str = "gpucc-bypass-slow-division";

/// Phi chains deeper than this are not searched for hash-like values
/// (upstream's limit: it bounds the recursion on crazy input).
const MAX_PHI_VISITS: usize = 16;

/// Parameters of `gpucc-bypass-slow-division<...>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BypassParams {
    /// Also run on non-GPU targets (default off: only NVPTX and AMDGPU have
    /// slow 64-bit division worth a branch).
    pub force: bool,
    /// Divide `<1 x i64>` on the slow path so llc's CodeGenPrepare does not
    /// bypass it a second time (default off, to match upstream's IR).
    pub opaque_slow_path: bool,
}

impl BypassParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[
        Spec {
            name: "force",
            kind: Kind::Flag,
        },
        Spec {
            name: "opaque-slow-path",
            kind: Kind::Flag,
        },
    ];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = BypassParams::default();
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("force", Value::Flag(b)) => p.force = b,
            ("opaque-slow-path", Value::Flag(b)) => p.opaque_slow_path = b,
            _ => unreachable!("gpucc-bypass-slow-division: SPECS and parse agree"),
        })?;
        Ok(p)
    }
}

/// The pass.
pub struct BypassSlowDivisionPass {
    params: BypassParams,
}

impl BypassSlowDivisionPass {
    pub fn new(params: BypassParams) -> Self {
        BypassSlowDivisionPass { params }
    }
}

/// Counters reported as one `Stats` analysis remark per function.
#[derive(Debug, Default)]
struct Stats {
    num_candidates: u64,
    num_bypassed: u64,
    num_narrowed: u64,
    num_short_dividend: u64,
    num_refused: u64,
}

/// Where an operand's value lies, from "fits" to "does not fit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    KnownShort,
    Unknown,
    LikelyLong(LongWhy),
}

/// Why an operand is likely long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LongWhy {
    /// Known bits show a one in the top half.
    KnownHighBit,
    /// It is computed like a hash value.
    HashLike,
}

/// What to do with a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strategy {
    Narrow,
    ShortDividend,
    Bypass {
        check_dividend: bool,
        check_divisor: bool,
    },
    Refuse(Refusal),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    LikelyLong { dividend: bool, why: LongWhy },
    ConstantDivisor,
}

/// One div/rem instruction of a group.
#[derive(Clone, Copy)]
struct Member<'ctx> {
    inst: InstructionValue<'ctx>,
    is_div: bool,
}

/// Div/rem instructions of one original block sharing signedness and
/// operands. `members[0]` is the anchor, where the check goes.
#[derive(Clone)]
struct Group<'ctx> {
    signed: bool,
    dividend: IntValue<'ctx>,
    divisor: IntValue<'ctx>,
    members: Vec<Member<'ctx>>,
    strategy: Strategy,
}

impl<'ctx> Group<'ctx> {
    fn anchor(&self) -> InstructionValue<'ctx> {
        self.members[0].inst
    }
    fn wants_quotient(&self) -> bool {
        self.members.iter().any(|m| m.is_div)
    }
    fn wants_remainder(&self) -> bool {
        self.members.iter().any(|m| !m.is_div)
    }
    fn op_name(&self) -> &'static str {
        match (self.signed, self.members[0].is_div) {
            (true, true) => "sdiv",
            (true, false) => "srem",
            (false, true) => "udiv",
            (false, false) => "urem",
        }
    }
}

/// Long and short widths (64 and 32 on every target we know).
#[derive(Clone, Copy, Debug)]
struct Widths {
    long: u32,
    short: u32,
}

impl FunctionPass for BypassSlowDivisionPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        let target = Target::from_triple(&llvm::function_triple(f));
        let Some(widths) = bypass_widths(target, self.params.force) else {
            if cx.remarks_wanted() && has_candidate(f, 64) {
                cx.remark(RemarkKind::Missed, "NotGpuTarget", None, || {
                    "not a GPU target: 64-bit divisions are left alone \
                     (use gpucc-bypass-slow-division<force> to bypass them anyway)"
                        .to_string()
                });
            }
            debug::trace(NAME, || {
                format!("{}: skipped, target {target:?}", fn_name(f))
            });
            return Changed::No;
        };
        if llvm::has_opt_size(f) {
            if cx.remarks_wanted() && has_candidate(f, widths.long) {
                cx.remark(RemarkKind::Missed, "OptSize", None, || {
                    format!(
                        "@{} is optimized for size: its divisions are not bypassed",
                        fn_name(f)
                    )
                });
            }
            return Changed::No;
        }
        let mut stats = Stats::default();
        let groups = plan(f, widths, &mut stats);
        for g in &groups {
            explain(g, cx);
        }
        let changed = apply(f, widths, self.params, &groups, &mut stats, cx);
        if stats.num_candidates > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {} of {} {}-bit divisions/remainders rewritten: {} bypassed, {} narrowed, \
                     {} short-dividend; {} refused",
                    fn_name(f),
                    stats.num_bypassed + stats.num_narrowed + stats.num_short_dividend,
                    stats.num_candidates,
                    widths.long,
                    stats.num_bypassed,
                    stats.num_narrowed,
                    stats.num_short_dividend,
                    stats.num_refused
                )
            });
        }
        Changed::from_bool(changed)
    }
}

fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// The widths to bypass on `target`, or `None` to leave it alone.
fn bypass_widths(target: Target, force: bool) -> Option<Widths> {
    const W: Widths = Widths {
        long: 64,
        short: 32,
    };
    if force {
        return Some(W);
    }
    match target {
        Target::Nvptx => Some(W),
        // Upstream's AMDGPU lowering bypasses unless -amdgpu-bypass-slow-div=0.
        Target::Amdgpu => match llvm::upstream_bool_option("amdgpu-bypass-slow-div") {
            Some((false, _)) => None,
            _ => Some(W),
        },
        Target::Other => None,
    }
}

/// Is `inst` a live scalar div/rem of width `width`? Returns (signed, is_div).
fn classify_div(inst: InstructionValue<'_>, width: u32) -> Option<(bool, bool)> {
    let (signed, is_div) = match inst.get_opcode() {
        InstructionOpcode::SDiv => (true, true),
        InstructionOpcode::UDiv => (false, true),
        InstructionOpcode::SRem => (true, false),
        InstructionOpcode::URem => (false, false),
        _ => return None,
    };
    match inst.get_type() {
        inkwell::types::AnyTypeEnum::IntType(t) if t.get_bit_width() == width => {}
        _ => return None,
    }
    // Dead code is ignored, as upstream does "to save time and avoid bugs".
    inst.get_first_use()?;
    Some((signed, is_div))
}

fn has_candidate(f: FunctionValue<'_>, width: u32) -> bool {
    f.get_basic_blocks().into_iter().any(|bb| {
        bb.get_instructions()
            .any(|i| classify_div(i, width).is_some())
    })
}

fn int_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> Option<IntValue<'ctx>> {
    match inst.get_operand(i)?.value()? {
        BasicValueEnum::IntValue(v) => Some(v),
        _ => None,
    }
}

/// Reads the function and decides every group; writes nothing.
fn plan<'ctx>(f: FunctionValue<'ctx>, widths: Widths, stats: &mut Stats) -> Vec<Group<'ctx>> {
    let mut groups: Vec<Group<'ctx>> = Vec::new();
    for bb in f.get_basic_blocks() {
        // (signed, dividend, divisor) -> index into `groups`; lookup only.
        let mut by_key: FxHashMap<(bool, LLVMValueRef, LLVMValueRef), usize> = FxHashMap::default();
        for inst in bb.get_instructions() {
            let Some((signed, is_div)) = classify_div(inst, widths.long) else {
                continue;
            };
            let (Some(dividend), Some(divisor)) = (int_operand(inst, 0), int_operand(inst, 1))
            else {
                continue;
            };
            stats.num_candidates += 1;
            let key = (signed, dividend.as_value_ref(), divisor.as_value_ref());
            let member = Member { inst, is_div };
            if let Some(&g) = by_key.get(&key) {
                groups[g].members.push(member);
                continue;
            }
            let strategy = decide(signed, dividend, divisor, inst, widths);
            by_key.insert(key, groups.len());
            groups.push(Group {
                signed,
                dividend,
                divisor,
                members: vec![member],
                strategy,
            });
        }
    }
    groups
}

fn decide<'ctx>(
    signed: bool,
    dividend: IntValue<'ctx>,
    divisor: IntValue<'ctx>,
    at: InstructionValue<'ctx>,
    widths: Widths,
) -> Strategy {
    let dividend_range = range(dividend, at, widths, &mut Vec::new());
    if let Range::LikelyLong(why) = dividend_range {
        return Strategy::Refuse(Refusal::LikelyLong {
            dividend: true,
            why,
        });
    }
    let divisor_range = range(divisor, at, widths, &mut Vec::new());
    if let Range::LikelyLong(why) = divisor_range {
        return Strategy::Refuse(Refusal::LikelyLong {
            dividend: false,
            why,
        });
    }
    let dividend_short = dividend_range == Range::KnownShort;
    let divisor_short = divisor_range == Range::KnownShort;
    if dividend_short && divisor_short {
        return Strategy::Narrow;
    }
    if is_constant_like(divisor, at) {
        return Strategy::Refuse(Refusal::ConstantDivisor);
    }
    if dividend_short && !signed {
        return Strategy::ShortDividend;
    }
    Strategy::Bypass {
        check_dividend: !dividend_short,
        check_divisor: !divisor_short,
    }
}

/// A constant, or (after constant hoisting) a bitcast of one in `at`'s block.
fn is_constant_like(v: IntValue<'_>, at: InstructionValue<'_>) -> bool {
    if v.is_constant_int() {
        return true;
    }
    match v.as_instruction() {
        Some(i) if i.get_opcode() == InstructionOpcode::BitCast => {
            i.get_parent() == at.get_parent()
                && int_operand(i, 0).is_some_and(|src| src.is_constant_int())
        }
        _ => false,
    }
}

/// Classifies `v` (an integer of width `widths.long`).
fn range<'ctx>(
    v: IntValue<'ctx>,
    at: InstructionValue<'ctx>,
    widths: Widths,
    visited: &mut Vec<IntValue<'ctx>>,
) -> Range {
    let hi_bits = widths.long - widths.short;
    let (min_lz, max_lz) = llvm::known_leading_zeros(v, at);
    if min_lz >= hi_bits {
        Range::KnownShort
    } else if max_lz < hi_bits {
        Range::LikelyLong(LongWhy::KnownHighBit)
    } else if is_hash_like(v, at, widths, visited) {
        Range::LikelyLong(LongWhy::HashLike)
    } else {
        Range::Unknown
    }
}

/// Does `v` look like a hash value? See the module docs.
fn is_hash_like<'ctx>(
    v: IntValue<'ctx>,
    at: InstructionValue<'ctx>,
    widths: Widths,
    visited: &mut Vec<IntValue<'ctx>>,
) -> bool {
    let Some(inst) = v.as_instruction() else {
        return false;
    };
    match inst.get_opcode() {
        InstructionOpcode::Xor => true,
        InstructionOpcode::Mul => {
            let Some(mut c) = int_operand(inst, 1) else {
                return false;
            };
            if let Some(bc) = c.as_instruction() {
                if bc.get_opcode() == InstructionOpcode::BitCast {
                    c = int_operand(bc, 0).unwrap_or(c);
                }
            }
            c.is_constant_int()
                && c.get_type().get_bit_width() == widths.long
                && c.get_zero_extended_constant()
                    .is_some_and(|k| significant_bits(k) > widths.short)
        }
        InstructionOpcode::Phi => {
            if visited.len() >= MAX_PHI_VISITS {
                return false;
            }
            if visited.contains(&v) {
                // Back on a phi already being examined: nothing found so far
                // that is not hash-like.
                return true;
            }
            visited.push(v);
            (0..inst.get_num_operands()).all(|i| match int_operand(inst, i) {
                Some(inc) => {
                    llvm::is_undef(inc)
                        || matches!(range(inc, at, widths, visited), Range::LikelyLong(_))
                }
                None => false,
            })
        }
        _ => false,
    }
}

/// Bits needed to hold `k` (an i64 constant) as a signed number.
fn significant_bits(k: u64) -> u32 {
    let s = k.cast_signed();
    let redundant_sign_bits = if s < 0 {
        (!s).leading_zeros()
    } else {
        s.leading_zeros()
    };
    65 - redundant_sign_bits
}

/// Emits the remark explaining a refused group.
fn explain(g: &Group<'_>, cx: &PassCx<'_>) {
    let Strategy::Refuse(why) = g.strategy else {
        return;
    };
    let at = g.anchor();
    let what = || format!("{} {}", g.op_name(), llvm::describe(at));
    match why {
        Refusal::LikelyLong { dividend, why } => {
            cx.remark(RemarkKind::Missed, "LikelyLong", Some(at), || {
                let (role, v) = if dividend {
                    ("dividend", g.dividend)
                } else {
                    ("divisor", g.divisor)
                };
                let reason = match why {
                    LongWhy::KnownHighBit => "has a bit known to be set in its upper half",
                    LongWhy::HashLike => "looks like a hash value (xor, or mul by a wide constant)",
                };
                format!(
                    "{} kept 64-bit: {role} {} {reason}, so a 32-bit fast path would not pay",
                    what(),
                    llvm::describe(v)
                )
            })
        }
        Refusal::ConstantDivisor => {
            cx.remark(RemarkKind::Missed, "ConstantDivisor", Some(at), || {
                format!(
                    "{} kept 64-bit: the divisor is a constant, which the backend turns into a \
                 multiplication",
                    what()
                )
            })
        }
    }
    debug::trace(NAME, || format!("{}: refused {why:?}", what()));
}

/// Builds the plan into the IR. Decides nothing but the bisection budget.
fn apply<'ctx>(
    f: FunctionValue<'ctx>,
    widths: Widths,
    params: BypassParams,
    groups: &[Group<'ctx>],
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) -> bool {
    let ctx = f.get_type().get_context();
    let builder = ctx.create_builder();
    let long = ctx
        .custom_width_int_type(nz(widths.long))
        .expect("gpucc: valid width");
    let short = ctx
        .custom_width_int_type(nz(widths.short))
        .expect("gpucc: valid width");
    // Decide, count and report in IR order (the bisection budget counts
    // rewrites in that order too).
    let mut todo = Vec::new();
    for g in groups {
        let n = g.members.len() as u64;
        match g.strategy {
            Strategy::Refuse(_) => {
                stats.num_refused += n;
                continue;
            }
            _ if !debug::allow_rewrite(NAME) => continue,
            Strategy::Narrow => stats.num_narrowed += n,
            Strategy::ShortDividend => stats.num_short_dividend += n,
            Strategy::Bypass { .. } => stats.num_bypassed += n,
        }
        report(g, cx);
        todo.push(g);
    }
    // Build back to front. Splitting a block moves every instruction after
    // the split point; going backwards, the rest of the block has already
    // been split off, so each instruction moves at most once and the pass
    // stays linear in the block's length. The result is the same IR as front
    // to back (splitBasicBlock puts the new block right after the old one);
    // only LLVM's name uniquing would number the blocks backwards, so blocks
    // are named afterwards, in IR order.
    let e = Emitter {
        ctx,
        b: &builder,
        long,
        short,
        params,
        made: RefCell::new(Vec::new()),
    };
    //
    // Going backwards, a group may use (as an operand) a member of a group
    // built before it, when blocks are listed out of dominance order. So
    // members are only erased at the end, and operands are looked up in
    // `replaced` (member -> its new value) first. Pinned by
    // @operand_replaced_in_later_block in chained-divisions.ll.
    let mut replaced: FxHashMap<LLVMValueRef, IntValue<'ctx>> = FxHashMap::default();
    let mut blocks = Vec::with_capacity(todo.len());
    for g in todo.iter().rev() {
        let resolve = |v: IntValue<'ctx>| replaced.get(&v.as_value_ref()).copied().unwrap_or(v);
        let mut g = (*g).clone();
        g.dividend = resolve(g.dividend);
        g.divisor = resolve(g.divisor);
        let result = match g.strategy {
            Strategy::Narrow => e.narrow(&g),
            Strategy::ShortDividend => e.short_dividend(&g),
            Strategy::Bypass {
                check_dividend,
                check_divisor,
            } => e.bypass(&g, check_dividend, check_divisor),
            Strategy::Refuse(_) => unreachable!("gpucc-bypass-slow-division: refused above"),
        };
        let results = result.expect("gpucc-bypass-slow-division: builder is positioned");
        replace_members(&g, results, &mut replaced);
        blocks.push(e.made.take());
    }
    for g in &todo {
        for m in &g.members {
            m.inst.erase_from_basic_block();
        }
    }
    for made in blocks.iter().rev() {
        for (bb, name) in made {
            bb.set_name(name);
        }
    }
    !todo.is_empty()
}

/// The passed remark for a rewritten group (emitted before its members go).
fn report(g: &Group<'_>, cx: &PassCx<'_>) {
    let members = || {
        g.members
            .iter()
            .map(|m| llvm::describe(m.inst))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (name, how) = match g.strategy {
        Strategy::Narrow => ("Narrowed", "both operands are known to fit in 32 bits: narrowed in place, no check"),
        Strategy::ShortDividend => (
            "ShortDividend",
            "the dividend fits in 32 bits: one 32-bit operation when dividend >= divisor, else no division at all",
        ),
        _ => ("Bypassed", "32-bit fast path when both operands fit in 32 bits, 64-bit slow path otherwise"),
    };
    cx.remark(RemarkKind::Passed, name, Some(g.anchor()), || {
        format!(
            "{} {}: {how} (shared by {})",
            g.op_name(),
            llvm::describe(g.anchor()),
            members()
        )
    });
    debug::trace(NAME, || format!("{name}: {}", members()));
}

fn nz(n: u32) -> std::num::NonZeroU32 {
    std::num::NonZeroU32::new(n).expect("gpucc: widths are non-zero")
}

/// Replaces each member by the new quotient or remainder; the first div (rem)
/// member gives its name to the quotient (remainder).
fn replace_members<'ctx>(
    g: &Group<'ctx>,
    (quotient, remainder): Results<'ctx>,
    replaced: &mut FxHashMap<LLVMValueRef, IntValue<'ctx>>,
) {
    let (mut named_q, mut named_r) = (false, false);
    for m in &g.members {
        let (new, named) = if m.is_div {
            (quotient, &mut named_q)
        } else {
            (remainder, &mut named_r)
        };
        let new = new.expect("gpucc-bypass-slow-division: a used result was built");
        if !*named && new.as_instruction().is_some() {
            llvm::take_name(m.inst, new);
            *named = true;
        }
        llvm::replace_all_uses(m.inst, new);
        replaced.insert(m.inst.as_value_ref(), new);
    }
}

/// Builds the IR of one strategy. Each method returns the new quotient and
/// remainder, each `None` when no member wants it.
struct Emitter<'a, 'ctx> {
    ctx: ContextRef<'ctx>,
    b: &'a Builder<'ctx>,
    long: IntType<'ctx>,
    short: IntType<'ctx>,
    params: BypassParams,
    /// Blocks made for the current group, with the names they get later.
    made: RefCell<Vec<(BasicBlock<'ctx>, &'static str)>>,
}

type Results<'ctx> = (Option<IntValue<'ctx>>, Option<IntValue<'ctx>>);

impl<'ctx> Emitter<'_, 'ctx> {
    fn set_location(&self, at: InstructionValue<'ctx>) {
        match at.get_debug_location() {
            Some(loc) => self.b.set_current_debug_location(loc),
            None => self.b.unset_current_debug_location(),
        }
    }

    /// Both operands known short: 32-bit operation in place, no branch.
    fn narrow(&self, g: &Group<'ctx>) -> Result<Results<'ctx>, BuilderError> {
        let at = g.anchor();
        self.b.position_before(&at);
        self.set_location(at);
        let dividend = self.b.build_int_truncate(g.dividend, self.short, "")?;
        let divisor = self.b.build_int_truncate(g.divisor, self.short, "")?;
        self.short_ops(g, dividend, divisor)
    }

    /// udiv/urem i32 and their zexts, as wanted.
    fn short_ops(
        &self,
        g: &Group<'ctx>,
        dividend: IntValue<'ctx>,
        divisor: IntValue<'ctx>,
    ) -> Result<Results<'ctx>, BuilderError> {
        let q = if g.wants_quotient() {
            Some(self.b.build_int_unsigned_div(dividend, divisor, "")?)
        } else {
            None
        };
        let r = if g.wants_remainder() {
            Some(self.b.build_int_unsigned_rem(dividend, divisor, "")?)
        } else {
            None
        };
        let zq = q
            .map(|q| self.b.build_int_z_extend(q, self.long, ""))
            .transpose()?;
        let zr = r
            .map(|r| self.b.build_int_z_extend(r, self.long, ""))
            .transpose()?;
        Ok((zq, zr))
    }

    /// Splits before the anchor; returns (main block, join block) with the
    /// main block's branch removed and the builder at its end.
    fn split(&self, g: &Group<'ctx>) -> (BasicBlock<'ctx>, BasicBlock<'ctx>) {
        let at = g.anchor();
        let main = at
            .get_parent()
            .expect("gpucc-bypass-slow-division: anchor is in a block");
        let join = llvm::split_block_before(at, "");
        self.made.borrow_mut().push((join, "bypass.join"));
        main.get_terminator()
            .expect("gpucc-bypass-slow-division: split leaves a branch")
            .erase_from_basic_block();
        self.set_location(at);
        (main, join)
    }

    /// The fast block before `join`: truncate, 32-bit ops, zext, branch.
    fn fast_block(
        &self,
        g: &Group<'ctx>,
        join: BasicBlock<'ctx>,
    ) -> Result<(BasicBlock<'ctx>, Results<'ctx>), BuilderError> {
        let fast = self.ctx.prepend_basic_block(join, "");
        self.made.borrow_mut().push((fast, "bypass.fast"));
        self.b.position_at_end(fast);
        let divisor = self.b.build_int_truncate(g.divisor, self.short, "")?;
        let dividend = self.b.build_int_truncate(g.dividend, self.short, "")?;
        let out = self.short_ops(g, dividend, divisor)?;
        self.b.build_unconditional_branch(join)?;
        Ok((fast, out))
    }

    /// The slow block before `join`: the original 64-bit operations (on
    /// `<1 x i64>` with `opaque-slow-path`).
    fn slow_block(
        &self,
        g: &Group<'ctx>,
        join: BasicBlock<'ctx>,
    ) -> Result<(BasicBlock<'ctx>, Results<'ctx>), BuilderError> {
        let slow = self.ctx.prepend_basic_block(join, "");
        self.made.borrow_mut().push((slow, "bypass.slow"));
        self.b.position_at_end(slow);
        let out = if self.params.opaque_slow_path {
            self.opaque_ops(g)?
        } else {
            let (a, b) = (g.dividend, g.divisor);
            let q = match (g.wants_quotient(), g.signed) {
                (false, _) => None,
                (true, true) => Some(self.b.build_int_signed_div(a, b, "")?),
                (true, false) => Some(self.b.build_int_unsigned_div(a, b, "")?),
            };
            let r = match (g.wants_remainder(), g.signed) {
                (false, _) => None,
                (true, true) => Some(self.b.build_int_signed_rem(a, b, "")?),
                (true, false) => Some(self.b.build_int_unsigned_rem(a, b, "")?),
            };
            (q, r)
        };
        self.b.build_unconditional_branch(join)?;
        Ok((slow, out))
    }

    /// The slow operations on one-element vectors (see "No double bypass").
    fn opaque_ops(&self, g: &Group<'ctx>) -> Result<Results<'ctx>, BuilderError> {
        let vty = self.long.vec_type(1);
        let zero = self.ctx.i32_type().const_zero();
        let a = self
            .b
            .build_insert_element(vty.get_poison(), g.dividend, zero, "")?;
        let b = self
            .b
            .build_insert_element(vty.get_poison(), g.divisor, zero, "")?;
        let one = |wanted: bool, rem: bool| -> Result<Option<IntValue<'ctx>>, BuilderError> {
            if !wanted {
                return Ok(None);
            }
            let v = match (g.signed, rem) {
                (true, false) => self.b.build_int_signed_div(a, b, "")?,
                (false, false) => self.b.build_int_unsigned_div(a, b, "")?,
                (true, true) => self.b.build_int_signed_rem(a, b, "")?,
                (false, true) => self.b.build_int_unsigned_rem(a, b, "")?,
            };
            Ok(Some(
                self.b.build_extract_element(v, zero, "")?.into_int_value(),
            ))
        };
        let q = one(g.wants_quotient(), false)?;
        let r = one(g.wants_remainder(), true)?;
        Ok((q, r))
    }

    /// Phis at the top of `join`, quotient first.
    fn phis(
        &self,
        join: BasicBlock<'ctx>,
        incoming: [(Results<'ctx>, BasicBlock<'ctx>); 2],
    ) -> Result<Results<'ctx>, BuilderError> {
        let first = join
            .get_first_instruction()
            .expect("gpucc: join holds the anchor");
        self.b.position_before(&first);
        let phi = |pick: fn(&Results<'ctx>) -> Option<IntValue<'ctx>>| -> Result<Option<IntValue<'ctx>>, BuilderError> {
            let values: Vec<(BasicValueEnum<'ctx>, BasicBlock<'ctx>)> = incoming
                .iter()
                .filter_map(|(r, bb)| pick(r).map(|v| (v.as_basic_value_enum(), *bb)))
                .collect();
            if values.len() != 2 {
                return Ok(None);
            }
            let p = self.b.build_phi(self.long, "")?;
            let refs: Vec<(&dyn BasicValue<'ctx>, BasicBlock<'ctx>)> =
                values.iter().map(|(v, bb)| (v as &dyn BasicValue<'ctx>, *bb)).collect();
            p.add_incoming(&refs);
            Ok(Some(p.as_basic_value().into_int_value()))
        };
        let q = phi(|r| r.0)?;
        let r = phi(|r| r.1)?;
        Ok((q, r))
    }

    /// The general case: check, fast and slow paths, phis.
    fn bypass(
        &self,
        g: &Group<'ctx>,
        check_dividend: bool,
        check_divisor: bool,
    ) -> Result<Results<'ctx>, BuilderError> {
        let may_be_poison = !llvm::nary::not_poison(g.dividend);
        let (main, join) = self.split(g);
        let (fast, fast_out) = self.fast_block(g, join)?;
        let (slow, slow_out) = self.slow_block(g, join)?;
        let out = self.phis(join, [(fast_out, fast), (slow_out, slow)])?;
        self.b.position_at_end(main);
        let tested = match (check_dividend, check_divisor) {
            (true, true) => {
                let dividend = self.checked_dividend(g, may_be_poison);
                self.b.build_or(dividend, g.divisor, "")?
            }
            (true, false) => self.checked_dividend(g, may_be_poison),
            (false, true) => g.divisor,
            (false, false) => unreachable!("gpucc-bypass-slow-division: both short is Narrow"),
        };
        // The bits above the short width: -4294967296 for 64 over 32.
        let high_mask = self
            .long
            .const_int(u64::MAX << self.short.get_bit_width(), false);
        let high = self.b.build_and(tested, high_mask, "")?;
        let fits = self
            .b
            .build_int_compare(IntPredicate::EQ, high, self.long.const_zero(), "")?;
        self.b.build_conditional_branch(fits, fast, slow)?;
        Ok(out)
    }

    /// Unsigned, dividend known short: if `dividend >= divisor` the divisor is
    /// short too and 32 bits suffice; otherwise quotient 0, remainder dividend.
    fn short_dividend(&self, g: &Group<'ctx>) -> Result<Results<'ctx>, BuilderError> {
        let may_be_poison = !llvm::nary::not_poison(g.dividend);
        let (main, join) = self.split(g);
        let (fast, fast_out) = self.fast_block(g, join)?;
        let long_out = (
            g.wants_quotient().then(|| self.long.const_zero()),
            g.wants_remainder().then_some(g.dividend),
        );
        let out = self.phis(join, [(fast_out, fast), (long_out, main)])?;
        self.b.position_at_end(main);
        // Known bits make the dividend short only where it is not poison; a frozen poison
        // may be anything, and `frozen >= divisor` would then let a long divisor (its low
        // half perhaps 0) into the 32-bit path. Masked to the short width, the frozen value
        // is the dividend wherever that is not poison, and short everywhere.
        let dividend = if may_be_poison {
            let frozen = self.checked_dividend(g, true);
            let low = self
                .long
                .const_int(u64::MAX >> (64 - self.short.get_bit_width()), false);
            self.b.build_and(frozen, low, "")?
        } else {
            g.dividend
        };
        let ge = self
            .b
            .build_int_compare(IntPredicate::UGE, dividend, g.divisor, "")?;
        self.b.build_conditional_branch(ge, fast, join)?;
        Ok(out)
    }

    /// The dividend as the check reads it: frozen if it `may_be_poison` (asked before the
    /// block is split, while the IR is whole). Dividing a
    /// poison dividend gives poison, not undefined behaviour, but branching on it is undefined
    /// behaviour: upstream's bypass (LLVM 16 and 22.1.8 alike) branches on it as it is. A
    /// poison divisor needs nothing: dividing by it is undefined behaviour already. Only the
    /// check reads the frozen value; both paths divide the original operands, so they give
    /// poison where the original does.
    fn checked_dividend(&self, g: &Group<'ctx>, may_be_poison: bool) -> IntValue<'ctx> {
        if may_be_poison {
            llvm::build_freeze(self.b, g.dividend, "")
        } else {
            g.dividend
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(0, 1)]
    #[case(1, 2)]
    #[case(u64::MAX, 1)] // -1
    #[case((-42i64).cast_unsigned(), 7)]
    #[case(0x7fff_ffff, 32)]
    #[case(0x8000_0000, 33)]
    #[case(5_229_553_307, 34)]
    #[case(i64::MIN.cast_unsigned(), 64)]
    fn significant_bits_counts_signed_width(#[case] k: u64, #[case] want: u32) {
        assert_eq!(significant_bits(k), want);
    }

    #[rstest]
    #[case("", BypassParams { force: false, opaque_slow_path: false })]
    #[case("force", BypassParams { force: true, opaque_slow_path: false })]
    #[case("force;opaque-slow-path", BypassParams { force: true, opaque_slow_path: true })]
    #[case("opaque-slow-path;no-opaque-slow-path", BypassParams::default())]
    fn parses_parameters(#[case] text: &str, #[case] want: BypassParams) {
        assert_eq!(BypassParams::parse(text).expect("valid"), want);
    }

    #[test]
    fn unknown_parameter_is_named() {
        insta::assert_snapshot!(
            BypassParams::parse("forse").unwrap_err().to_string(),
            @"unknown parameter 'forse' (expected force or no-force, opaque-slow-path or no-opaque-slow-path)"
        );
    }

    #[test]
    fn gpu_targets_bypass_and_host_needs_force() {
        assert!(bypass_widths(Target::Nvptx, false).is_some());
        assert!(bypass_widths(Target::Other, false).is_none());
        assert!(bypass_widths(Target::Other, true).is_some());
    }
}
