//! `gpucc-nary-reassociate`: reassociate n-ary expressions to reuse what a
//! dominating instruction already computes.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.4.3, Algorithm 2 ("global
//! reassociation"); mirrors LLVM 16's `Transforms/Scalar/NaryReassociate.cpp`.
//!
//! *Why.* After loop unrolling, `gpucc-separate-const-offset-from-gep` and
//! `gpucc-slsr`, the addresses of a stencil `a[(c+y) + (b+x)*n]`, x, y in
//! {0,1,2}, are sums that share most of their terms, but each in its own
//! association order. LLVM's Reassociate ranks operands one expression at a
//! time, so it cannot see that `(i + n) + 1` is `(i + 1) + n` and that
//! `i + 1` is already in a register. This pass looks for exactly that: for
//! `I = (a op b) op c` it asks whether a *dominating* instruction `D`
//! computes `a op c` (or `b op c`), and if so rewrites `I = D op b`:
//! ```text
//!   %ac  = add i64 %a, %c              %ac  = add i64 %a, %c
//!   ...                        ==>     ...
//!   %ab  = add i64 %a, %b              %abc = add i64 %ac, %b
//!   %abc = add i64 %ab, %c
//! ```
//! The shared operand `a op b` must have no other use (else it stays live
//! and nothing is saved). The same shapes, for:
//! - `add` and `mul` (integers);
//! - GEP indices: `&p[i + j]` with a dominating `&p[i]` becomes `&p[i] + j`
//!   (scaled by the indexed size over the element size); an index
//!   `sext(i + j)` splits only when the add cannot overflow as a signed add
//!   (`sext(i + j) != sext(i) + sext(j)` otherwise), a `zext(i + j)` when
//!   `i + j` is known non-negative; a GEP that folds into the target's
//!   addressing mode (`Tti::gep_is_free`, LLVM 16's generic `getGEPCost`) is
//!   left alone;
//! - `smax`/`smin`/`umax`/`umin`, as `select (icmp pred x, y), x, y` or the
//!   intrinsics: `I = m(m(a, b), c)` with a dominating `m(a, c)` becomes a
//!   call `m(D, b)` named `<I>.nary`, hoisted out of loops where its operands
//!   are invariant (upstream expands it with SCEVExpander, which does that);
//!   the inner `m(a, b)` (and its compare) may be used only by `I`.
//!
//! *Terms and algorithm.* "Computes the same expression" means "has the same
//! SCEV": scalar evolution uniques expressions up to commutation and
//! re-association, so `(a + c)` and `(c + a)` are one key ([`Expr`]). One
//! *round* walks the blocks in dominator-tree preorder, keeping, per key, a
//! *stack* of the instructions computing it. A lookup pops entries that do not
//! dominate the current instruction: in preorder, an entry that fails to
//! dominate one instruction dominates none after it, so every instruction is
//! pushed and popped at most twice per round (linear time). Each rewrite
//! replaces all uses at once; replaced instructions are deleted at the end of
//! the round, which may leave an operand with a single use, so rounds repeat
//! until one changes nothing:
//! ```text
//!   ac = a + c;  ab = a + b;  abc = ab + c;  ab2 = ab + b;  ab2c = ab2 + c
//!   round 1: abc stays (ab has two uses); ab2c = abc + b; ab2 dies
//!   round 2: ab has one use now: abc = ac + b
//!   round 3: nothing changes
//! ```
//! A rewritten instruction is recorded under both its new and its old SCEV
//! (they may differ: SCEV does not see that `sext(i +nsw j)` is
//! `sext(i) + sext(j)`). For a GEP the key is the SCEV of the same GEP with
//! the split index replaced by one part (`ScalarEvolution::getGEPExpr`). The
//! hash map from keys to stacks is only looked up, never iterated: output
//! order comes from the dominator-tree walk. Missed remarks are kept from the
//! last round only (earlier rounds' refusals may have been lifted since).
//!
//! *Poison (beyond LLVM 16).* LLVM 16 reuses `D` as it is. But `D` may carry
//! flags the expression did not have: reusing `%ac = add nsw %a, %c` for
//! `(a + b) + c` makes the result poison when `a + c` overflows, where the
//! original was fine. As LLVM 19 does (`ScalarEvolution::canReuseInstruction`),
//! a reuse is allowed when poison in `D` would be undefined behaviour anyway,
//! or else when `D`'s operand tree, down to the values the expression itself
//! depends on, can only add poison through flags or metadata: those are
//! dropped; otherwise (or past 16 instructions) the candidate is refused.
//! An `or disjoint` on the way refuses too (LLVM 22's `canReuseInstruction`):
//! scalar evolution reads it as an add, but without its flag it is an `or`
//! again, which may differ from the add (LLVM 22's `nary-gep.ll`).
//! The new GEP is `inbounds` only if the original was and `D` is an
//! `inbounds` GEP (kept) of the same underlying object: LLVM 16 (and later)
//! copy the original's `inbounds`, which is poison when `D` points out of the
//! object. New instructions never get nsw/nuw, as upstream.
//!
//! *Other differences from LLVM 16.* The zero-extension of a non-negative
//! GEP index part uses the width of that index (LLVM 16 reads the operand
//! before it, off by one); a GEP whose element size is zero is refused
//! (LLVM 16 divides by it); min/max calls take their operand order from
//! scalar evolution's complexity order, as SCEVExpander does, but SCEV's
//! range-based folding of the new min/max is not attempted (it would only
//! apply to constant operands, which InstCombine folds first); rounds stop
//! after [`MAX_ROUNDS`] (a safety net upstream lacks; never reached in tests).
//!
//! *Parameters*: none. *Remarks*: passed `Reassociated` (add/mul),
//! `ReassociatedGEP`, `ReassociatedMinMax`; missed `OperandHasOtherUses`,
//! `MayOverflow`, `WouldAddPoison`, `RoundLimit`; analysis `Stats`.
//! *Tests*: `test/ir/nary-reassociate/`, and LLVM 16's own under
//! `shared/conformance/llvm-lit/NaryReassociate/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::poison;
use crate::debug;
use crate::llvm::analyses::{self, DomTree, Flags, Loops};
use crate::llvm::llvm_sys;
use crate::llvm::nary::{self, AnyVal, Expr, ExprOp, GepLayout, GepStep, Scalar, Sx};
use crate::llvm::{self, RemarkKind, Tti};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::types::{AnyTypeEnum, BasicTypeEnum, IntType};
use inkwell::values::{
    AnyValue, AsValueRef, BasicValue, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
};
use inkwell::IntPredicate;
use llvm_sys::prelude::LLVMValueRef;
use llvm_sys::LLVMOpcode;
use std::cmp::Ordering;

/// The pipeline name.
pub const NAME: &str = "gpucc-nary-reassociate";

/// scalar evolution's `scalar-evolution-max-value-compare-depth` (default
/// 2): how deep its operand order looks into instructions.
const MAX_VALUE_COMPARE_DEPTH: u32 = 2;

/// Rounds stop here even if the last one changed something. Upstream has no
/// limit; each round shrinks the work left in every case we know of, so this
/// only guards against a hang on input nobody has seen yet.
pub const MAX_ROUNDS: u32 = 256;

/// The pass (it has no parameters).
pub struct NaryReassociatePass;

impl FunctionPass for NaryReassociatePass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        let mut nary = Nary::new(f, cx);
        let mut changed = false;
        loop {
            if nary.stats.rounds == MAX_ROUNDS {
                cx.remark(RemarkKind::Missed, "RoundLimit", None, || {
                    format!(
                        "@{}: stopped after {MAX_ROUNDS} rounds that each changed something",
                        fn_name(f)
                    )
                });
                break;
            }
            nary.stats.rounds += 1;
            let round = nary.round();
            debug::trace(NAME, || {
                format!(
                    "@{}: round {} changed: {round}",
                    fn_name(f),
                    nary.stats.rounds
                )
            });
            if !round {
                if nary.check {
                    debug::trace(NAME, || {
                        format!(
                            "@{}: {} kept overflow answers reused, each checked",
                            fn_name(f),
                            nary.checked
                        )
                    });
                }
                // The last round saw the final IR: its refusals are the ones
                // that stand (earlier rounds' may since have been lifted).
                for (name, at, msg) in std::mem::take(&mut nary.missed) {
                    cx.remark(RemarkKind::Missed, name, Some(at), || msg);
                }
                break;
            }
            nary.missed.clear();
            changed = true;
        }
        let s = &nary.stats;
        let total = s.add + s.mul + s.gep + s.min_max;
        if total > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {total} reassociated ({} add, {} mul, {} GEP, {} min/max) in {} rounds; \
                     poison flags dropped on {} reused instructions",
                    fn_name(f),
                    s.add,
                    s.mul,
                    s.gep,
                    s.min_max,
                    s.rounds,
                    s.dropped
                )
            });
        }
        Changed::from_bool(changed)
    }
}

fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// Counters, reported as one `Stats` analysis remark per function.
#[derive(Debug, Default)]
struct Stats {
    rounds: u32,
    add: u64,
    mul: u64,
    gep: u64,
    min_max: u64,
    /// Reused instructions whose poison-generating flags were dropped.
    dropped: u64,
}

/// The integer operations reassociated as `(a op b) op c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Add,
    Mul,
}

impl BinOp {
    fn expr(self) -> ExprOp {
        match self {
            BinOp::Add => ExprOp::Add,
            BinOp::Mul => ExprOp::Mul,
        }
    }

    fn opcode(self) -> LLVMOpcode {
        match self {
            BinOp::Add => LLVMOpcode::LLVMAdd,
            BinOp::Mul => LLVMOpcode::LLVMMul,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Mul => "*",
        }
    }
}

/// The min/max kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MinMax {
    UMin,
    SMin,
    UMax,
    SMax,
}

impl MinMax {
    fn expr(self) -> ExprOp {
        match self {
            MinMax::UMin => ExprOp::UMin,
            MinMax::SMin => ExprOp::SMin,
            MinMax::UMax => ExprOp::UMax,
            MinMax::SMax => ExprOp::SMax,
        }
    }

    fn intrinsic(self) -> &'static str {
        match self {
            MinMax::UMin => "llvm.umin",
            MinMax::SMin => "llvm.smin",
            MinMax::UMax => "llvm.umax",
            MinMax::SMax => "llvm.smax",
        }
    }

    fn of_intrinsic(name: &str) -> Option<MinMax> {
        [MinMax::UMin, MinMax::SMin, MinMax::UMax, MinMax::SMax]
            .into_iter()
            .find(|m| m.intrinsic() == name)
    }

    /// The kind `select (icmp p x, y), x, y` computes (`sge` is a max too).
    fn of_predicate(p: IntPredicate) -> Option<MinMax> {
        use IntPredicate as P;
        match p {
            P::SGT | P::SGE => Some(MinMax::SMax),
            P::SLT | P::SLE => Some(MinMax::SMin),
            P::UGT | P::UGE => Some(MinMax::UMax),
            P::ULT | P::ULE => Some(MinMax::UMin),
            P::EQ | P::NE => None,
        }
    }
}

fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::EQ => P::NE,
        P::NE => P::EQ,
        P::SGT => P::SLE,
        P::SGE => P::SLT,
        P::SLT => P::SGE,
        P::SLE => P::SGT,
        P::UGT => P::ULE,
        P::UGE => P::ULT,
        P::ULT => P::UGE,
        P::ULE => P::UGT,
    }
}

/// `v` as a min/max: its kind and operands, in the order LLVM's `m_SMax` &
/// co. bind them (the intrinsic's arguments; the compare's operands).
fn match_min_max<'ctx>(v: AnyVal<'ctx>) -> Option<(MinMax, IntValue<'ctx>, IntValue<'ctx>)> {
    let i = v.as_instruction()?;
    if !matches!(i.get_type(), AnyTypeEnum::IntType(_)) {
        return None;
    }
    match i.get_opcode() {
        InstructionOpcode::Call => {
            let kind = MinMax::of_intrinsic(nary::called_intrinsic(i)?)?;
            Some((kind, int_operand(i, 0)?, int_operand(i, 1)?))
        }
        InstructionOpcode::Select => {
            let cmp = llvm::operand(&i, 0)?.as_instruction_value()?;
            if cmp.get_opcode() != InstructionOpcode::ICmp {
                return None;
            }
            let (t, e) = (int_operand(i, 1)?, int_operand(i, 2)?);
            let (x, y) = (int_operand(cmp, 0)?, int_operand(cmp, 1)?);
            let straight = t == x && e == y;
            let swapped = t == y && e == x;
            if !(straight || swapped) {
                return None;
            }
            let p = cmp.get_icmp_predicate()?;
            let p = if x == t { p } else { inverse(p) };
            Some((MinMax::of_predicate(p)?, x, y))
        }
        _ => None,
    }
}

fn int_operand<'ctx>(i: InstructionValue<'ctx>, k: u32) -> Option<IntValue<'ctx>> {
    nary::int_operand(i, k)
}

/// A dominating instruction that computes the wanted expression, and the
/// instructions whose poison-generating flags must go for it to be reused.
#[derive(Clone, Debug)]
struct Found<'ctx> {
    inst: InstructionValue<'ctx>,
    drop: Vec<InstructionValue<'ctx>>,
}

/// What one rewrite builds; decided by the `plan_*` methods (which read the
/// IR and never change it), built by [`Nary::apply`].
#[derive(Clone, Debug)]
enum Rewrite<'ctx> {
    /// `I = D op other`, before `I`.
    Binary {
        op: BinOp,
        found: Found<'ctx>,
        other: IntValue<'ctx>,
    },
    /// `I = gep elem, D, sext_or_trunc(rhs) * scale`, before `I`.
    Gep {
        found: Found<'ctx>,
        rhs: IntValue<'ctx>,
        elem: BasicTypeEnum<'ctx>,
        scale: u64,
        inbounds: bool,
    },
    /// `I = kind(D, other)` or `kind(other, D)`, before `at`.
    MinMax {
        kind: MinMax,
        found: Found<'ctx>,
        other: IntValue<'ctx>,
        d_first: bool,
        at: InstructionValue<'ctx>,
    },
}

impl<'ctx> Rewrite<'ctx> {
    fn found(&self) -> &Found<'ctx> {
        match self {
            Rewrite::Binary { found, .. }
            | Rewrite::Gep { found, .. }
            | Rewrite::MinMax { found, .. } => found,
        }
    }
}

/// One entry of a stack of [`Nary::seen`]: an instruction computing the
/// expression, and the index of the entry below it ([`EMPTY`] at the bottom).
#[derive(Clone, Copy, Debug)]
struct Seen<'ctx> {
    inst: InstructionValue<'ctx>,
    below: u32,
}

/// The index of no entry: below the bottom of a stack.
const EMPTY: u32 = u32::MAX;

/// Room made at the start for expressions and their entries: a kernel of a
/// few hundred instructions fits without growing the map (growing rehashes
/// every key), a larger one grows as usual.
const SEEN_ROOM: usize = 256;

/// The answers to "can this add overflow as a signed add, seen from this
/// GEP?" ([`Sx::add_never_overflows_signed`], ValueTracking's
/// `computeOverflowForSignedAdd`, about 9,000 instructions each on LLVM 16),
/// kept from round to round: every round asks again about every GEP whose
/// index is an add without `nsw` (and LLVM 16 asks even with `nsw`), and
/// between rounds only a few of the answers can change.
///
/// An answer depends on the add's operands down to value tracking's depth
/// limit ([`nary::max_analysis_depth`] levels below them), their flags and
/// metadata; through assumptions, on where the GEP is; and, for the
/// question whether a value is non-zero, on the first
/// `dom-conditions-max-uses` users of the value (a division by it, or a
/// branch on a compare of it, proves it; newer LLVMs ask this of integers
/// too). Answers are never reused in a function that holds an assumption or
/// an instruction with an integer result and an operand that is no integer
/// ([`nary::int_reads_non_int`]: a `ptrtoint`, a compare of pointers, ...):
/// otherwise the questions about an integer look at integers only. The pass
/// changes that part of the IR only by creating instructions (and moving
/// uses to them), by giving existing values new users, and by dropping
/// flags. After each change ([`OverflowMemo::changed`]) the changed value
/// and every integer instruction within reach above it (its users, theirs,
/// ... up to the depth limit plus one, which covers the add itself) are
/// stamped: a created instruction, an instruction that lost its flags, and
/// and, where value tracking looks at users of integers, a value that
/// gained a user and now has more users than it looks at (then every answer
/// kept so far is dropped; with fewer users, it looks at all of them, and
/// none of the users the pass adds proves anything). An answer is reused
/// only if neither its add nor its GEP was stamped since it was computed. Deleting dead instructions
/// changes no live operand tree; an address reused by a new instruction is
/// stamped when the instruction is made. If a walk finds more than
/// [`OverflowMemo::WALK`] instructions, every answer kept so far is dropped
/// instead. Under `GPUCC_CHECK=gpucc-nary-reassociate` every reused answer
/// is asked again and must agree (`tests/straightline.rs`,
/// `nary_kept_overflow_answers_agree_with_fresh_ones`).
struct OverflowMemo {
    /// (add, GEP) -> (answer, stamp when computed). Looked up only.
    answers: FxHashMap<(LLVMValueRef, LLVMValueRef), (bool, u32)>,
    /// Instruction -> stamp of the last change within its reach. Looked up
    /// only.
    changed_at: FxHashMap<LLVMValueRef, u32>,
    /// Counts changes.
    stamp: u32,
    /// Answers computed before this stamp are void (a walk was cut short).
    floor: u32,
    /// Levels of users stamped above a change.
    reach: u32,
    /// How many users of a value value tracking looks at
    /// (`dom-conditions-max-uses`; 0 if unknown: every value that gains a
    /// user counts as changed).
    users_read: usize,
    /// `Some(false)` with assumptions or pointer-reading integers (decided
    /// when first needed); answers are then neither kept nor reused.
    usable: Option<bool>,
    /// Answers are reused from the second round on (the first asks each
    /// question once).
    reuse: bool,
    room: Vec<LLVMValueRef>,
}

impl OverflowMemo {
    /// More instructions above one change than this: drop every answer.
    const WALK: usize = 256;

    fn new(has_assumptions: bool) -> Self {
        OverflowMemo {
            answers: FxHashMap::default(),
            changed_at: FxHashMap::default(),
            stamp: 0,
            floor: 0,
            reach: nary::max_analysis_depth() + 1,
            users_read: if nary::int_questions_read_users() {
                llvm::upstream_unsigned_option("dom-conditions-max-uses")
                    .map_or(0, |(n, _)| n as usize)
            } else {
                usize::MAX
            },
            usable: has_assumptions.then_some(false),
            reuse: false,
            room: Vec::new(),
        }
    }

    /// The kept answer for (`add`, `gep`), if it still holds.
    fn get(&mut self, f: FunctionValue<'_>, add: LLVMValueRef, gep: LLVMValueRef) -> Option<bool> {
        if !self.reuse
            || !*self
                .usable
                .get_or_insert_with(|| !nary::int_reads_non_int(f))
        {
            return None;
        }
        let &(answer, at) = self.answers.get(&(add, gep))?;
        let unchanged = |v| self.changed_at.get(&v).is_none_or(|&t| t <= at);
        (at >= self.floor && unchanged(add) && unchanged(gep)).then_some(answer)
    }

    /// Keeps `answer` for (`add`, `gep`).
    fn put(&mut self, add: LLVMValueRef, gep: LLVMValueRef, answer: bool) {
        if self.usable != Some(false) {
            self.answers.insert((add, gep), (answer, self.stamp));
        }
    }

    /// `v` was just made (and given the uses of what it replaces) or lost
    /// its flags: stamps it and the instructions within reach above it.
    fn changed(&mut self, v: impl AsValueRef + Copy) {
        if self.usable == Some(false) {
            return;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        self.changed_at.insert(v.as_value_ref(), stamp);
        let mut room = std::mem::take(&mut self.room);
        if nary::int_users_within(v, self.reach, Self::WALK, &mut room) {
            for &u in &room {
                self.changed_at.insert(u, stamp);
            }
        } else {
            self.floor = stamp;
        }
        self.room = room;
    }

    /// `v` (an existing value) was just given a new user: if value tracking
    /// may no longer look at all of its users, every answer kept so far is
    /// dropped (such a value, used all over the function, would stamp most
    /// of it anyway).
    fn gained_user(&mut self, v: impl AsValueRef + Copy) {
        if self.usable == Some(false)
            || self.users_read == usize::MAX
            || AnyVal::of(v).is_constant()
        {
            return;
        }
        if nary::use_count_up_to(v, self.users_read + 1) > self.users_read {
            self.stamp += 1;
            self.floor = self.stamp;
        }
    }
}

/// One run of the pass on one function.
struct Nary<'a, 'ctx> {
    f: FunctionValue<'ctx>,
    cx: &'a PassCx<'ctx>,
    sx: Sx<'ctx>,
    dt: DomTree<'ctx>,
    loops: Loops<'ctx>,
    tti: Tti<'ctx>,
    builder: Builder<'ctx>,
    /// Per expression, the instructions computing it, innermost (most
    /// recently seen) last: a stack of entries linked through `Seen::below`
    /// in one arena ([`Nary::push`]), the map holding the top's index.
    /// Looked up only, never iterated.
    seen: FxHashMap<Expr, u32>,
    stacks: Vec<Seen<'ctx>>,
    /// The data layout, and room for the steps of one GEP (`plan_gep`) and
    /// the SCEVs of its indices (`plan_gep_split`).
    layout: GepLayout<'ctx>,
    gep_steps: Vec<GepStep<'ctx>>,
    gep_indices: Vec<Expr>,
    /// The GEP index type of each address space met so far.
    index_types: Vec<(u32, IntType<'ctx>)>,
    /// Room for the poison leaves of an expression and the walk that checks
    /// a reuse (`reusable`).
    leaves: Vec<LLVMValueRef>,
    walker: poison::Walker<'ctx>,
    overflow: OverflowMemo,
    /// `GPUCC_CHECK` names the pass: every kept overflow answer reused is
    /// asked again, and must agree; `checked` counts them.
    check: bool,
    checked: u64,
    /// This round's missed remarks (name, where, message), emitted only if
    /// it turns out to be the last round.
    missed: Vec<(&'static str, InstructionValue<'ctx>, String)>,
    stats: Stats,
}

impl<'a, 'ctx> Nary<'a, 'ctx> {
    fn new(f: FunctionValue<'ctx>, cx: &'a PassCx<'ctx>) -> Self {
        let fam = cx.fam();
        let sx = Sx::new(fam, f);
        Nary {
            f,
            cx,
            sx,
            dt: DomTree::new(fam, f),
            loops: Loops::new(fam, f),
            tti: Tti::new(fam, f),
            builder: f.get_type().get_context().create_builder(),
            seen: FxHashMap::with_capacity_and_hasher(SEEN_ROOM, Default::default()),
            stacks: Vec::with_capacity(SEEN_ROOM),
            layout: GepLayout::new(f),
            gep_steps: Vec::new(),
            gep_indices: Vec::new(),
            index_types: Vec::new(),
            leaves: Vec::new(),
            walker: poison::Walker::default(),
            overflow: OverflowMemo::new(sx.has_assumptions()),
            check: debug::self_check(NAME),
            checked: 0,
            missed: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// One walk over the reachable blocks in dominator-tree preorder; true
    /// if it rewrote something.
    fn round(&mut self) -> bool {
        self.seen.clear();
        self.stacks.clear();
        let mut dead = Vec::new();
        for bb in self.dt.preorder() {
            let mut next = bb.get_first_instruction();
            while let Some(i) = next {
                // New instructions go before `i` (or further up), never after.
                next = i.get_next_instruction();
                let (orig, plan) = self.plan(i);
                let Some(orig) = orig else { continue };
                match plan {
                    Some(rw) if debug::allow_rewrite(NAME) => {
                        let new = self.apply(i, &rw);
                        dead.push(i);
                        let now = self.sx.of(new);
                        self.push(now, new);
                        if now != orig {
                            self.push(orig, new);
                        }
                    }
                    _ => self.push(orig, i),
                }
            }
        }
        if !dead.is_empty() {
            nary::delete_dead_forgetting(self.cx.fam(), self.f, &dead);
        }
        self.overflow.reuse = true;
        !dead.is_empty()
    }

    /// The GEP index type of address space `space` (asked of the data
    /// layout once per space).
    fn index_type(&mut self, space: u32) -> IntType<'ctx> {
        if let Some(&(_, ty)) = self.index_types.iter().find(|(s, _)| *s == space) {
            return ty;
        }
        let ty = nary::index_type(self.f, space);
        self.index_types.push((space, ty));
        ty
    }

    fn push(&mut self, e: Expr, i: InstructionValue<'ctx>) {
        let index = u32::try_from(self.stacks.len())
            .expect("gpucc-nary-reassociate: fewer than 2^32 entries per round");
        let below = self.seen.insert(e, index).unwrap_or(EMPTY);
        self.stacks.push(Seen { inst: i, below });
    }

    // -- Planning: reads the IR, decides, changes only `seen`'s stacks. ----

    /// `i`'s SCEV if it is a candidate (add, mul, GEP or min/max of a
    /// SCEV-able type), and the rewrite, if one pays.
    fn plan(&mut self, i: InstructionValue<'ctx>) -> (Option<Expr>, Option<Rewrite<'ctx>>) {
        use LLVMOpcode as O;
        // The opcode first: it rules out most instructions.
        let opcode = nary::opcode(i);
        if !matches!(
            opcode,
            O::LLVMAdd | O::LLVMMul | O::LLVMGetElementPtr | O::LLVMSelect | O::LLVMCall
        ) {
            return (None, None);
        }
        let Some(ty) = nary::scalar_kind(i) else {
            return (None, None);
        };
        match opcode {
            O::LLVMAdd => (Some(self.sx.of(i)), self.plan_binary(i, BinOp::Add)),
            O::LLVMMul => (Some(self.sx.of(i)), self.plan_binary(i, BinOp::Mul)),
            O::LLVMGetElementPtr => (Some(self.sx.of(i)), self.plan_gep(i)),
            // A select or a call may be a min/max.
            _ if ty == Scalar::Int => match match_min_max(AnyVal::of(i)) {
                Some((kind, l, r)) => {
                    let orig = self.sx.of(i);
                    let rw = self
                        .plan_min_max(i, kind, l, r)
                        .or_else(|| self.plan_min_max(i, kind, r, l));
                    (Some(orig), rw)
                }
                None => (None, None),
            },
            _ => (None, None),
        }
    }

    /// [`Sx::add_never_overflows_signed`], answered from [`OverflowMemo`]
    /// where the answer still holds.
    fn never_overflows_signed(&mut self, add: IntValue<'ctx>, gep: InstructionValue<'ctx>) -> bool {
        let (a, g) = (add.as_value_ref(), gep.as_value_ref());
        if let Some(answer) = self.overflow.get(self.f, a, g) {
            if self.check {
                let fresh = self.sx.add_never_overflows_signed(add, gep);
                assert_eq!(
                    answer,
                    fresh,
                    "{NAME}: a kept answer to \"does {} never overflow (signed) at {}?\" no \
                     longer holds",
                    llvm::describe(add.as_instruction().expect("an add")),
                    llvm::describe(gep)
                );
                self.checked += 1;
            }
            return answer;
        }
        let answer = self.sx.add_never_overflows_signed(add, gep);
        self.overflow.put(a, g, answer);
        answer
    }

    /// `i = l op r` (either operand order).
    fn plan_binary(&mut self, i: InstructionValue<'ctx>, op: BinOp) -> Option<Rewrite<'ctx>> {
        let (l, r) = nary::binary_operands(i, op.opcode())?;
        // Zero needs no reassociation (and a chain folding to zero would go
        // round in circles).
        if self.sx.is_zero(self.sx.of(i)) {
            return None;
        }
        self.plan_binary_split(i, op, l, r)
            .or_else(|| self.plan_binary_split(i, op, r, l))
    }

    /// `i = (a op b) op rhs` with `lhs = a op b`: look for `a op rhs`, then
    /// `b op rhs`.
    fn plan_binary_split(
        &mut self,
        i: InstructionValue<'ctx>,
        op: BinOp,
        lhs: IntValue<'ctx>,
        rhs: IntValue<'ctx>,
    ) -> Option<Rewrite<'ctx>> {
        let (a, b) = nary::binary_operands(lhs, op.opcode())?;
        let (ae, be, re) = (self.sx.of(a), self.sx.of(b), self.sx.of(rhs));
        let tries = [(be != re).then_some((ae, b)), (ae != re).then_some((be, a))];
        if nary::use_count_up_to(lhs, 2) != 1 {
            // Only to explain: `lhs` stays live, so nothing would be saved.
            if self.cx.remarks_wanted() {
                for (e, _) in tries.into_iter().flatten() {
                    if let Some(d) = self.find_dominating(self.sx.binary(op.expr(), e, re), i) {
                        self.missed_other_uses(i, lhs, d);
                        break;
                    }
                }
            }
            return None;
        }
        for (e, other) in tries.into_iter().flatten() {
            if let Some(found) = self.find(self.sx.binary(op.expr(), e, re), i) {
                return Some(Rewrite::Binary { op, found, other });
            }
        }
        None
    }

    /// A GEP that does not fold into an addressing mode: split one of its
    /// sequential indices.
    fn plan_gep(&mut self, gep: InstructionValue<'ctx>) -> Option<Rewrite<'ctx>> {
        // The steps, in room kept from GEP to GEP.
        let mut steps = std::mem::take(&mut self.gep_steps);
        let rw = self.plan_gep_with(gep, &mut steps);
        self.gep_steps = steps;
        rw
    }

    /// [`Nary::plan_gep`] with room for the GEP's steps.
    fn plan_gep_with(
        &mut self,
        gep: InstructionValue<'ctx>,
        steps: &mut Vec<GepStep<'ctx>>,
    ) -> Option<Rewrite<'ctx>> {
        // (A GEP without steps is not free either, and has no index to split.)
        let elem = self.layout.steps_into(gep, steps)?;
        if self.tti.gep_is_free_with(gep, steps, elem) {
            return None;
        }
        for (k, step) in steps.iter().enumerate() {
            if let GepStep::Seq {
                size: Some(size), ..
            } = *step
            {
                if let Some(rw) = self.plan_gep_index(gep, k, size, elem) {
                    return Some(rw);
                }
            }
        }
        None
    }

    /// Index `k` of `gep` (over elements of `size` bytes) as `lhs + rhs`.
    fn plan_gep_index(
        &mut self,
        gep: InstructionValue<'ctx>,
        k: usize,
        size: u64,
        elem: BasicTypeEnum<'ctx>,
    ) -> Option<Rewrite<'ctx>> {
        let index = int_operand(gep, k as u32 + 1)?;
        let mut split = index;
        if let Some(ext) = index.as_instruction() {
            let src = int_operand(ext, 0);
            match (ext.get_opcode(), src) {
                (InstructionOpcode::SExt, Some(s)) => split = s,
                // zext is sext when the source is non-negative.
                (InstructionOpcode::ZExt, Some(s)) if self.sx.known_non_negative(s, gep) => {
                    split = s
                }
                _ => {}
            }
        }
        let (l, r) = nary::binary_operands(split, LLVMOpcode::LLVMAdd)?;
        let space = llvm::space_of(llvm::pointer_operand(&gep, 0)?);
        let index_bits = self.index_type(space).get_bit_width();
        if split.get_type().get_bit_width() < index_bits && !self.never_overflows_signed(split, gep)
        {
            self.missed("MayOverflow", gep, || {
                format!(
                    "{}: index {} is not split: the add may overflow, and sext(a + b) != \
                     sext(a) + sext(b) then (an add nsw would allow it)",
                    llvm::describe(gep),
                    llvm::describe(split)
                )
            });
            return None;
        }
        self.plan_gep_split(gep, k, size, elem, l, r).or_else(|| {
            (l != r)
                .then(|| self.plan_gep_split(gep, k, size, elem, r, l))
                .flatten()
        })
    }

    /// `gep` with index `k` = `lhs + rhs`: look for the same GEP with index
    /// `k` = `lhs`.
    fn plan_gep_split(
        &mut self,
        gep: InstructionValue<'ctx>,
        k: usize,
        size: u64,
        elem: BasicTypeEnum<'ctx>,
        lhs: IntValue<'ctx>,
        rhs: IntValue<'ctx>,
    ) -> Option<Rewrite<'ctx>> {
        // The index SCEVs, in room kept from call to call.
        let mut idx = std::mem::take(&mut self.gep_indices);
        self.sx.gep_indices_into(gep, &mut idx);
        let rw = self.plan_gep_split_with(gep, k, size, elem, lhs, rhs, &mut idx);
        self.gep_indices = idx;
        rw
    }

    /// [`Nary::plan_gep_split`] with `idx`, the SCEVs of `gep`'s indices.
    #[allow(clippy::too_many_arguments)]
    fn plan_gep_split_with(
        &mut self,
        gep: InstructionValue<'ctx>,
        k: usize,
        size: u64,
        elem: BasicTypeEnum<'ctx>,
        lhs: IntValue<'ctx>,
        rhs: IntValue<'ctx>,
        idx: &mut [Expr],
    ) -> Option<Rewrite<'ctx>> {
        idx[k] = self.sx.of(lhs);
        // As InstCombine turns sext of a non-negative value into zext, look
        // for the zext form (the width is that of index `k` itself).
        let index_ty = int_operand(gep, k as u32 + 1)?.get_type();
        let lhs_bits = lhs.get_type().get_bit_width();
        if lhs_bits < index_ty.get_bit_width() && self.sx.known_non_negative(lhs, gep) {
            idx[k] = self.sx.zext(idx[k], lhs_bits, index_ty);
        }
        // new = (char *)D + rhs * size, in units of the result's elements.
        let elem_size = self.layout.alloc_size(elem);
        if elem_size == 0 || !size.is_multiple_of(elem_size) {
            return None;
        }
        let key = self.sx.gep(gep, idx);
        let found = self.find(key, gep)?;
        if found.inst.get_type() != gep.get_type() {
            return None;
        }
        let inbounds = analyses::flags(gep).inbounds
            && found.inst.get_opcode() == InstructionOpcode::GetElementPtr
            && analyses::flags(found.inst).inbounds
            && !found.drop.contains(&found.inst)
            && same_object(gep, found.inst);
        Some(Rewrite::Gep {
            found,
            rhs,
            elem,
            scale: size / elem_size,
            inbounds,
        })
    }

    /// `i = m(lhs, rhs)` with `lhs = m(a, b)` used by `i` alone: look for
    /// `m(rhs, a)`, then `m(b, rhs)`.
    fn plan_min_max(
        &mut self,
        i: InstructionValue<'ctx>,
        kind: MinMax,
        lhs: IntValue<'ctx>,
        rhs: IntValue<'ctx>,
    ) -> Option<Rewrite<'ctx>> {
        let (k, a, b) = match_min_max(AnyVal::of(lhs))?;
        if k != kind {
            return None;
        }
        // Profitable only if `lhs` (and its compare) die: used by `i` alone,
        // directly or through one instruction.
        let me = AnyVal::of(i);
        let only_feeds_i = nary::use_count_up_to(lhs, 3) < 3
            && nary::users(lhs)
                .into_iter()
                .all(|u| u == me || nary::sole_user(u) == Some(me));
        let (ae, be, re) = (self.sx.of(a), self.sx.of(b), self.sx.of(rhs));
        let tries = [(be != re).then_some((ae, b)), (ae != re).then_some((be, a))];
        if !only_feeds_i {
            if self.cx.remarks_wanted() {
                for (e, _) in tries.into_iter().flatten() {
                    if let Some(d) = self.find_dominating(self.sx.binary(kind.expr(), re, e), i) {
                        self.missed_other_uses(i, lhs, d);
                        break;
                    }
                }
            }
            return None;
        }
        for (e, other) in tries.into_iter().flatten() {
            let Some(found) = self.find(self.sx.binary(kind.expr(), re, e), i) else {
                continue;
            };
            let d = found.inst;
            // SCEVExpander expands m(other, D) with its operands in scalar
            // evolution's order, most complex first.
            let d_first = self.complexity(AnyVal::of(d), AnyVal::of(other), 1) != Ordering::Less;
            let at = self.hoist_point(i, &[AnyVal::of(d), AnyVal::of(other)]);
            return Some(Rewrite::MinMax {
                kind,
                found,
                other,
                d_first,
                at,
            });
        }
        None
    }

    /// The closest dominating instruction computing `e`, popping entries
    /// that do not dominate `at` (they dominate nothing after it either),
    /// and those that cannot be reused without adding poison.
    fn find(&mut self, e: Expr, at: InstructionValue<'ctx>) -> Option<Found<'ctx>> {
        loop {
            let d = self.find_dominating(e, at)?;
            if let Some(drop) = self.reusable(e, d) {
                return Some(Found { inst: d, drop });
            }
            self.missed("WouldAddPoison", at, || {
                format!(
                    "{} could reuse {}, but that can be poison where {} is not",
                    llvm::describe(at),
                    llvm::describe(d),
                    llvm::describe(at)
                )
            });
            debug::trace(NAME, || {
                format!(
                    "{} not reused for {}: poison",
                    llvm::describe(d),
                    self.sx.display(e)
                )
            });
            self.pop(e);
        }
    }

    /// The closest dominating instruction computing `e` (no poison check).
    fn find_dominating(
        &mut self,
        e: Expr,
        at: InstructionValue<'ctx>,
    ) -> Option<InstructionValue<'ctx>> {
        let here = at.get_parent()?;
        let stacks = &self.stacks;
        let top = self.seen.get_mut(&e)?;
        while *top != EMPTY {
            let entry = stacks[*top as usize];
            // Every entry was met (or made) earlier in this round's walk, so
            // one in `at`'s own block comes before `at`, and one elsewhere
            // dominates `at` if its block does. Asking the dominator tree
            // about two instructions would renumber the block after each
            // insertion: quadratic on one long block.
            let dominates = match entry.inst.get_parent() {
                Some(b) => b == here || self.dt.dominates_block(b, here),
                None => false,
            };
            if dominates {
                return Some(entry.inst);
            }
            *top = entry.below;
        }
        None
    }

    /// Pops the top of `e`'s stack.
    fn pop(&mut self, e: Expr) {
        if let Some(top) = self.seen.get_mut(&e) {
            if *top != EMPTY {
                *top = self.stacks[*top as usize].below;
            }
        }
    }

    /// Can `d` stand for expression `e` without being poison more often?
    /// `Some(instructions whose flags must be dropped)` if so
    /// (`analysis::poison`; an `or disjoint` on the way refuses: pinned by
    /// @or_disjoint_is_not_reused in
    /// test/ir/nary-reassociate/refuses-disjoint-or-reuse.ll).
    fn reusable(
        &mut self,
        e: Expr,
        d: InstructionValue<'ctx>,
    ) -> Option<Vec<InstructionValue<'ctx>>> {
        // Poison in these makes `e` poison too: no need to look past them.
        self.sx.poison_leaves_into(e, &mut self.leaves);
        self.walker.reuse_drops(d, &self.leaves)
    }

    /// Scalar evolution's value-complexity order (`CompareValueComplexity`,
    /// which decides the operand order SCEVExpander emits).
    fn complexity(&self, l: AnyVal<'ctx>, r: AnyVal<'ctx>, depth: u32) -> Ordering {
        if depth > MAX_VALUE_COMPARE_DEPTH || l == r {
            return Ordering::Equal;
        }
        let by = l
            .is_pointer()
            .cmp(&r.is_pointer())
            .then_with(|| l.kind().cmp(&r.kind()));
        if by != Ordering::Equal {
            return by;
        }
        if let (Some(a), Some(b)) = (l.argument_number(), r.argument_number()) {
            return a.cmp(&b);
        }
        if let (Some(a), Some(b)) = (l.semantic_global_name(), r.semantic_global_name()) {
            return a.as_bytes().cmp(b.as_bytes());
        }
        let (Some(li), Some(ri)) = (l.as_instruction(), r.as_instruction()) else {
            return Ordering::Equal;
        };
        if let (Some(lb), Some(rb)) = (li.get_parent(), ri.get_parent()) {
            if lb != rb {
                let by = self.loops.depth(lb).cmp(&self.loops.depth(rb));
                if by != Ordering::Equal {
                    return by;
                }
            }
        }
        let n = l.operand_count();
        let by = n.cmp(&r.operand_count());
        if by != Ordering::Equal {
            return by;
        }
        for k in 0..n {
            let by = match (l.operand(k), r.operand(k)) {
                (Some(a), Some(b)) => self.complexity(a, b, depth + 1),
                _ => Ordering::Equal,
            };
            if by != Ordering::Equal {
                return by;
            }
        }
        Ordering::Equal
    }

    /// Where SCEVExpander would put a min/max of `ops` expanded for `i`:
    /// before `i`, or hoisted to the preheader of every enclosing loop in
    /// which all of `ops` are invariant (to the loop header's top when there
    /// is no preheader).
    fn hoist_point(
        &self,
        i: InstructionValue<'ctx>,
        ops: &[AnyVal<'ctx>],
    ) -> InstructionValue<'ctx> {
        let Some(bb) = i.get_parent() else { return i };
        let mut at = i;
        for (header, preheader) in nary::loop_nest(self.cx.fam(), self.f, bb) {
            if !ops.iter().all(|v| self.loops.invariant_in(*v, header)) {
                break;
            }
            let spot = match preheader {
                Some(p) => p.get_terminator(),
                None => first_insertion_point(header),
            };
            match spot {
                Some(s) => at = s,
                None => break,
            }
        }
        at
    }

    // -- Applying: builds what the plan says. -----------------------------

    /// Builds `rw` for `i`, moves `i`'s uses (and name) to the result and
    /// returns it; `i` is left dead.
    fn apply(&mut self, i: InstructionValue<'ctx>, rw: &Rewrite<'ctx>) -> InstructionValue<'ctx> {
        let found = rw.found();
        for &x in &found.drop {
            nary::drop_poison_annotations(x);
            self.overflow.changed(x);
        }
        if !found.drop.is_empty() {
            self.stats.dropped += found.drop.len() as u64;
        }
        let d = found.inst;
        let b = &self.builder;
        let new: InstructionValue<'ctx> = match *rw {
            Rewrite::Binary { op, other, .. } => {
                self.at(i);
                let d = d.as_any_value_enum().into_int_value();
                let v = match op {
                    BinOp::Add => b.build_int_add(d, other, ""),
                    BinOp::Mul => b.build_int_mul(d, other, ""),
                }
                .expect("gpucc-nary-reassociate: builder is positioned");
                v.as_instruction()
                    .expect("gpucc-nary-reassociate: D op x is an instruction")
            }
            Rewrite::Gep {
                rhs,
                elem,
                scale,
                inbounds,
                ..
            } => {
                self.at(i);
                let base = llvm::result_pointer(d).expect("gpucc-nary-reassociate: D is a pointer");
                let index_ty = nary::index_type(self.f, llvm::space_of(base));
                let ok = "gpucc-nary-reassociate: builder is positioned";
                let (from, to) = (rhs.get_type().get_bit_width(), index_ty.get_bit_width());
                let mut r = match from.cmp(&to) {
                    Ordering::Less => b.build_int_s_extend(rhs, index_ty, "").expect(ok),
                    Ordering::Greater => b.build_int_truncate(rhs, index_ty, "").expect(ok),
                    Ordering::Equal => rhs,
                };
                if scale != 1 {
                    r = b
                        .build_int_mul(r, index_ty.const_int(scale, false), "")
                        .expect(ok);
                }
                let p = nary::build_gep1(b, elem, base, r).expect(ok);
                let g = p
                    .as_instruction()
                    .expect("gpucc-nary-reassociate: GEP on D is an instruction");
                if inbounds {
                    analyses::set_flags(
                        g,
                        Flags {
                            inbounds: true,
                            ..Flags::default()
                        },
                    );
                }
                g
            }
            Rewrite::MinMax {
                kind,
                other,
                d_first,
                at,
                ..
            } => {
                self.builder.position_before(&at);
                self.locate_like(i);
                let dv = d.as_any_value_enum().into_int_value();
                let (x, y) = if d_first { (dv, other) } else { (other, dv) };
                let name = format!("{}.nary", llvm::value_name(i));
                let v = nary::build_min_max(&self.builder, self.f, kind.intrinsic(), x, y, &name)
                    .expect("gpucc-nary-reassociate: builder is positioned");
                v.as_instruction()
                    .expect("gpucc-nary-reassociate: a call is an instruction")
            }
        };
        self.report(i, rw, new);
        if !matches!(rw, Rewrite::MinMax { .. }) {
            llvm::take_name(i, new);
        }
        llvm::replace_all_uses(i, new);
        self.overflow.changed(new);
        self.overflow.gained_user(d);
        match *rw {
            Rewrite::Binary { other, .. } | Rewrite::MinMax { other, .. } => {
                self.overflow.gained_user(other)
            }
            Rewrite::Gep { rhs, .. } => self.overflow.gained_user(rhs),
        }
        new
    }

    /// Positions the builder before `i`, with `i`'s debug location.
    fn at(&self, i: InstructionValue<'ctx>) {
        self.builder.position_before(&i);
        self.locate_like(i);
    }

    fn locate_like(&self, i: InstructionValue<'ctx>) {
        match i.get_debug_location() {
            Some(loc) => self.builder.set_current_debug_location(loc),
            None => self.builder.unset_current_debug_location(),
        }
    }

    // -- Remarks. -----------------------------------------------------------

    /// The passed remark and counters for a rewrite of `i` into `new`. The
    /// message is built only when someone listens (remarks or debug output).
    fn report(
        &mut self,
        i: InstructionValue<'ctx>,
        rw: &Rewrite<'ctx>,
        new: InstructionValue<'ctx>,
    ) {
        let name = match *rw {
            Rewrite::Binary { op, .. } => {
                match op {
                    BinOp::Add => self.stats.add += 1,
                    BinOp::Mul => self.stats.mul += 1,
                }
                "Reassociated"
            }
            Rewrite::Gep { .. } => {
                self.stats.gep += 1;
                "ReassociatedGEP"
            }
            Rewrite::MinMax { .. } => {
                self.stats.min_max += 1;
                "ReassociatedMinMax"
            }
        };
        let d = rw.found().inst;
        // `i` is described now, before its name moves to `new`.
        let what = || llvm::describe(i);
        let how = || match *rw {
            Rewrite::Binary { op, other, .. } => format!(
                "{} {} {}",
                llvm::describe(d),
                op.symbol(),
                llvm::describe(other)
            ),
            Rewrite::Gep { rhs, .. } => {
                format!("{} + {} elements", llvm::describe(d), llvm::describe(rhs))
            }
            Rewrite::MinMax { kind, other, .. } => format!(
                "{}({}, {})",
                &kind.intrinsic()[5..],
                llvm::describe(d),
                llvm::describe(other)
            ),
        };
        self.cx.remark(RemarkKind::Passed, name, Some(new), || {
            let drop = &rw.found().drop;
            let dropped = if drop.is_empty() {
                String::new()
            } else {
                let names: Vec<_> = drop.iter().map(|x| llvm::describe(*x)).collect();
                format!(" (dropped poison-generating flags of {})", names.join(", "))
            };
            format!(
                "{} rewritten as {}, reusing {}{dropped}",
                what(),
                how(),
                llvm::describe(d)
            )
        });
        debug::trace(NAME, || format!("{name}: {} = {}", what(), how()));
    }

    /// Records a missed remark of this round (see `missed`).
    fn missed(
        &mut self,
        name: &'static str,
        at: InstructionValue<'ctx>,
        msg: impl FnOnce() -> String,
    ) {
        if self.cx.remarks_wanted() {
            self.missed.push((name, at, msg()));
        }
    }

    fn missed_other_uses(
        &mut self,
        i: InstructionValue<'ctx>,
        lhs: IntValue<'ctx>,
        d: InstructionValue<'ctx>,
    ) {
        self.missed("OperandHasOtherUses", i, || {
            format!(
                "{} could reuse {}, but its operand {} has other uses and would stay live",
                llvm::describe(i),
                llvm::describe(d),
                llvm::describe(lhs)
            )
        });
    }
}

/// The first instruction of `bb` after its phis, unless that is an
/// exception-handling pad (then nothing may be inserted there by us).
fn first_insertion_point(bb: BasicBlock<'_>) -> Option<InstructionValue<'_>> {
    let mut cur = bb.get_first_instruction();
    while let Some(i) = cur {
        match i.get_opcode() {
            InstructionOpcode::Phi => cur = i.get_next_instruction(),
            InstructionOpcode::LandingPad
            | InstructionOpcode::CatchPad
            | InstructionOpcode::CleanupPad
            | InstructionOpcode::CatchSwitch => return None,
            _ => return Some(i),
        }
    }
    None
}

/// Do the GEPs `a` and `b` point into the same underlying object?
fn same_object(a: InstructionValue<'_>, b: InstructionValue<'_>) -> bool {
    match (llvm::result_pointer(a), llvm::result_pointer(b)) {
        (Some(pa), Some(pb)) => {
            let (oa, ob) = (llvm::underlying_object(pa), llvm::underlying_object(pb));
            oa.as_value_ref() == ob.as_value_ref()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{inverse, MinMax};
    use inkwell::IntPredicate as P;

    #[test]
    fn inverse_is_an_involution_and_flips_min_max() {
        for p in [
            P::EQ,
            P::NE,
            P::SGT,
            P::SGE,
            P::SLT,
            P::SLE,
            P::UGT,
            P::UGE,
            P::ULT,
            P::ULE,
        ] {
            assert_eq!(inverse(inverse(p)), p);
        }
        assert_eq!(MinMax::of_predicate(inverse(P::SLT)), Some(MinMax::SMax));
        assert_eq!(MinMax::of_predicate(inverse(P::UGE)), Some(MinMax::UMin));
        assert_eq!(MinMax::of_predicate(P::EQ), None);
    }

    #[test]
    fn intrinsic_names_round_trip() {
        for m in [MinMax::UMin, MinMax::SMin, MinMax::UMax, MinMax::SMax] {
            assert_eq!(MinMax::of_intrinsic(m.intrinsic()), Some(m));
        }
        assert_eq!(MinMax::of_intrinsic("llvm.abs"), None);
    }
}
