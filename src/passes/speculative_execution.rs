//! `gpucc-speculative-execution`: hoist cheap, safe instructions out of
//! conditional blocks.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.5; mirrors LLVM 16's
//! `Transforms/Scalar/SpeculativeExecution.cpp`.
//!
//! On a GPU a branch costs more than a few arithmetic instructions, and code
//! inside an `if` is out of reach of the straight-line passes (SLSR,
//! nary-reassociate, GVN), which only reuse values that dominate. The paper's
//! Figure 7 computes `&a[i]` under one condition and `&a[i + j]` under
//! another; neither address dominates the other, so nothing is shared:
//! ```text
//!   entry:                                   entry:
//!     br i1 %c1, label %then1, label %join1    %p  = getelementptr float, ptr %a, i64 %i
//!   then1:                                     br i1 %c1, label %then1, label %join1
//!     %p  = getelementptr float, ptr %a, i64 %i  then1:
//!     store float 0.0, ptr %p          ==>       store float 0.0, ptr %p
//!     br label %join1                            br label %join1
//!   join1:                                   join1:
//!     br i1 %c2, label %then2, label %exit     %ij = add i64 %i, %j
//!   then2:                                     %q  = getelementptr float, ptr %a, i64 %ij
//!     %ij = add i64 %i, %j                     br i1 %c2, label %then2, label %exit
//!     %q  = getelementptr float, ptr %a, i64 %ij then2:
//!     store float 1.0, ptr %q                    store float 1.0, ptr %q
//! ```
//! After the hoist `%p` dominates `%q`, and `gpucc-nary-reassociate` rewrites
//! `%q` as `getelementptr float, ptr %p, i64 %j` (SLSR does not: `%q`'s
//! index `%i + %j` is no multiple of `%p`'s stride `%i`).
//! Later passes sink back what did not pay off.
//!
//! *Shapes* (upstream's `runOnBasicBlock`). A block `B` ending in a
//! conditional branch to two distinct blocks, neither of them `B`, receives
//! instructions from one successor `S`, the *source*, whose only predecessor
//! is `B`, and only when `S` is one arm of an if-then:
//! - a triangle: `S` branches straight to the other successor (either
//!   successor may be the arm; the first one is tried first);
//! - a diamond whose other arm does nothing (holds only its branch and
//!   debug intrinsics), both arms with `B` as their only predecessor and the
//!   same single successor, which is not `B`.
//!
//! A diamond whose arms both compute something is left alone (hoisting both
//! would run both arms always), as are switches and unconditional branches.
//!
//! *Per instruction*, in order, of the source (upstream's
//! `considerHoistingFromTo`). An instruction is hoisted when
//! - its opcode is on upstream's allow-list: `getelementptr`, integer and
//!   floating-point arithmetic (no integer division or remainder), `select`,
//!   casts (LLVM 22's `ptrtoaddr` too, which LLVM 16 does not have:
//!   `llvm::specexec::NEWER_SPECULATED`), compares, `freeze`,
//!   vector and aggregate element operations, and `call`;
//! - LLVM's `isSafeToSpeculativelyExecute` says it cannot trap and has no
//!   side effects (this is what stops most calls: only calls of
//!   `speculatable` functions such as `llvm.fabs` go);
//! - the target gives it a valid cost (TTI `getInstructionCost`,
//!   `TCK_SizeAndLatency`: free casts cost 0);
//! - none of its operands stays behind in the source.
//!
//! Everything else *stays*: loads, stores, divisions, phis, allocas, the
//! terminator, calls with side effects, and their users in the source.
//!
//! *Budgets.* The source is left untouched when the hoisted instructions
//! would cost more than `max-speculation-cost` (default 7: the more is
//! speculated, the likelier it is wasted), or when more than
//! `max-not-hoisted` instructions would stay (default 5: speculating a little
//! out of a big block rarely pays, and small blocks are what later passes
//! like to merge). As upstream, the branch that ends the source counts as an
//! instruction that stays, so the default leaves at most four others.
//!
//! *Source locations.* A hoisted instruction loses its `!dbg` location
//! (LLVM's `dropLocation`; a call that may become a real call keeps a line-0
//! location in the function's scope): it now runs on a path its source line
//! was not on, and stepping would show it there (llvm/llvm-project#97384,
//! upstream since LLVM 19; LLVM 22's `dropping-debugloc-hoist.ll`). One
//! behaviour for every LLVM: no LLVM 16 test pins the location kept.
//!
//! *Debug intrinsics never change a decision*: they cost nothing and never
//! count towards either budget, and an arm holding only debug intrinsics does
//! nothing. As upstream, a `dbg.value`/`dbg.declare`/`dbg.assign` moves along
//! when each of its location operands is an instruction that is hoisted or
//! lives outside the source; one that names an argument, a constant or an
//! instruction that stays, and every `dbg.label`, stays. Where debug info
//! is debug records (LLVM 22) there is nothing to move: the records are not
//! instructions, and stay in the source block, as upstream's do
//! (llvm/llvm-project#85782; `SpeculativeExecution/PR46267.ll`).
//!
//! *Where we differ from upstream* (each is pinned by a test in
//! `test/ir/speculative-execution/`):
//! - upstream's "the other arm does nothing" is `size() == 1`, so a
//!   `dbg.value` in the empty arm turns hoisting off under `-g`; we ignore
//!   debug intrinsics there (`debug-intrinsics.ll`);
//! - a hoisted call loses its `noundef`/`dereferenceable` attributes and its
//!   `!range`/`!nonnull`-style metadata: its operands may now be poison on the
//!   path that did not run it, and those facts would turn that poison into
//!   immediate undefined behaviour (`drops-ub-implying-facts.ll`);
//! - an operand defined later in the source (possible only in unreachable
//!   code) counts as staying, where upstream would hoist its user above it;
//! - we report "changed" only when something moved (upstream says changed
//!   whenever it looked at a source within budget).
//!
//! *Parameters*: `gpucc-speculative-execution<only-if-divergent-target;
//! max-speculation-cost=N;max-not-hoisted=N>`. `only-if-divergent-target`
//! runs the pass only where TTI `hasBranchDivergence` (GPUs), so it can sit
//! in any pipeline. Without a parameter, upstream's options decide:
//! `-spec-exec-only-if-divergent-target`, `-spec-exec-max-speculation-cost`,
//! `-spec-exec-max-not-hoisted` (registered in libLLVM, so `opt` accepts
//! them); a parameter given beats the option (`no-only-if-divergent-target`
//! runs the pass even under `-spec-exec-only-if-divergent-target`).
//!
//! *Remarks*: passed `Hoisted` (what moved, from which block into which);
//! missed `TooCostly` (the cost budget refused a block), `TooManyNotHoisted`
//! (the not-hoisted budget refused it), `NotSafe` (one instruction stays in a
//! block others were hoisted from, and why), `NoBranchDivergence` (the
//! function was skipped under `only-if-divergent-target`); analysis `Stats`.
//! Tests: `test/ir/speculative-execution/`.

use crate::debug;
use crate::llvm::llvm_sys;
use crate::llvm::specexec::{
    self as sx, BlockFacts, BlockId, Branching, Class, DebugIntrinsic, Deps, OpcodeSet, OperandAt,
    Shape, Site,
};
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};
use llvm_sys::LLVMOpcode;
use std::cell::RefCell;
use std::sync::OnceLock;

/// The pipeline name.
pub const NAME: &str = "gpucc-speculative-execution";

/// Upstream's defaults, used when libLLVM does not have its options.
const DEFAULT_MAX_SPECULATION_COST: u32 = 7;
const DEFAULT_MAX_NOT_HOISTED: u32 = 5;

/// Parameters of `gpucc-speculative-execution<...>`; `None` means "not
/// given": upstream's command-line option (or its default) decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpecExecParams {
    /// Run only on targets with divergent branches (default: off, or
    /// `-spec-exec-only-if-divergent-target`).
    pub only_if_divergent_target: Option<bool>,
    /// Most total cost hoisted out of one block (default 7, or
    /// `-spec-exec-max-speculation-cost`): the more is speculated, the likelier
    /// it is wasted work.
    pub max_speculation_cost: Option<u32>,
    /// Most instructions, the branch included, left behind in a block that is
    /// hoisted from (default 5, or `-spec-exec-max-not-hoisted`): moving a few
    /// instructions out of a big block rarely pays.
    pub max_not_hoisted: Option<u32>,
}

impl SpecExecParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[
        Spec {
            name: "only-if-divergent-target",
            kind: Kind::Flag,
        },
        Spec {
            name: "max-speculation-cost",
            kind: Kind::U32,
        },
        Spec {
            name: "max-not-hoisted",
            kind: Kind::U32,
        },
    ];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = SpecExecParams::default();
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("only-if-divergent-target", Value::Flag(b)) => p.only_if_divergent_target = Some(b),
            ("max-speculation-cost", Value::U32(n)) => p.max_speculation_cost = Some(n),
            ("max-not-hoisted", Value::U32(n)) => p.max_not_hoisted = Some(n),
            _ => unreachable!("gpucc-speculative-execution: SPECS and parse agree"),
        })?;
        Ok(p)
    }

    /// The limits for one run: each parameter given, else upstream's option
    /// (its command-line value or its default).
    fn resolve(&self) -> Limits {
        Limits {
            only_if_divergent_target: self.only_if_divergent_target.unwrap_or_else(|| {
                matches!(
                    llvm::upstream_bool_option("spec-exec-only-if-divergent-target"),
                    Some((true, _))
                )
            }),
            max_cost: self.max_speculation_cost.unwrap_or_else(|| {
                llvm::upstream_unsigned_option("spec-exec-max-speculation-cost")
                    .map_or(DEFAULT_MAX_SPECULATION_COST, |(v, _)| v)
            }),
            max_not_hoisted: self.max_not_hoisted.unwrap_or_else(|| {
                llvm::upstream_unsigned_option("spec-exec-max-not-hoisted")
                    .map_or(DEFAULT_MAX_NOT_HOISTED, |(v, _)| v)
            }),
            traced: debug::enabled(NAME),
            bisecting: debug::bisecting(NAME),
        }
    }
}

/// What one run obeys, parameters and options resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Limits {
    only_if_divergent_target: bool,
    max_cost: u32,
    max_not_hoisted: u32,
    /// `GPUCC_DEBUG` names the pass (the environment does not change during
    /// a run either).
    traced: bool,
    /// `GPUCC_BISECT` names the pass.
    bisecting: bool,
}

/// The pass.
pub struct SpeculativeExecutionPass {
    params: SpecExecParams,
    /// The parameters resolved against upstream's options, on the first
    /// function: options are parsed before any pass runs and do not change
    /// during a run, and looking them up per function costs more than a
    /// small function's whole analysis.
    limits: OnceLock<Limits>,
    /// The planning room of the last function, emptied, for the next one
    /// (a function's few if-then arms would otherwise pay for allocating it).
    room: RefCell<Scratch<'static>>,
    /// The branching blocks of the last function, emptied, likewise.
    shapes_room: RefCell<Branching<'static>>,
}

impl SpeculativeExecutionPass {
    pub fn new(params: SpecExecParams) -> Self {
        SpeculativeExecutionPass {
            params,
            limits: OnceLock::new(),
            room: RefCell::default(),
            shapes_room: RefCell::default(),
        }
    }
}

/// Counters reported as one `Stats` analysis remark per function.
#[derive(Debug, Default)]
struct Stats {
    /// Blocks of a shape we hoist from.
    num_sources: u64,
    /// Of those, blocks something was hoisted from.
    num_hoisted_from: u64,
    /// Instructions hoisted (debug intrinsics not counted).
    num_hoisted: u64,
    num_too_costly: u64,
    num_too_many_not_hoisted: u64,
}

/// Why an instruction of the source stays where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stay<'ctx> {
    /// Its opcode is not on the allow-list (loads, stores, divisions, phis,
    /// allocas, terminators, ...).
    Opcode,
    /// `isSafeToSpeculativelyExecute` says no: it may trap or have side
    /// effects (most calls).
    Unsafe,
    /// The target has no valid cost for it.
    NoCost,
    /// This operand, an instruction of the source, stays.
    Operand(InstructionValue<'ctx>),
    /// A debug intrinsic that does not move: a `dbg.label`, or a variable
    /// intrinsic whose location is not only hoisted or outside instructions.
    Debug,
}

/// The decision for one source block; instructions by their position in
/// the source (`Scratch::facts`).
#[derive(Debug)]
enum Decision {
    /// Move every instruction whose bit in `Scratch::stayed` is clear, in
    /// order, before the predecessor's branch; `moves` says whether there is
    /// one, `calls` whether some of them are calls (their UB-implying facts
    /// go).
    Hoist { cost: i64, moves: bool, calls: bool },
    /// Hoisting would cost more than the budget; the instruction at `at`
    /// pushed it over.
    TooCostly { at: usize, cost: i64 },
    /// More instructions would stay than the budget; the one at `at` pushed
    /// it over.
    TooManyNotHoisted { at: usize, count: u32 },
}

impl FunctionPass for SpeculativeExecutionPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        let limits = *self.limits.get_or_init(|| self.params.resolve());
        // The target's analysis is asked for only when it is needed: a
        // function without an if-then needs none.
        let mut tti: Option<Tti<'ctx>> = None;
        if limits.only_if_divergent_target
            && !tti
                .get_or_insert_with(|| Tti::new(cx.fam(), f))
                .has_branch_divergence()
        {
            debug::trace(NAME, || {
                format!(
                    "@{}: skipped: only-if-divergent-target, and the target has no divergent \
                     branches",
                    fn_name(f)
                )
            });
            let has_source = || {
                let mut branching = Branching::default();
                branching.read(f);
                branching.shapes().iter().any(|sh| source_of(sh).is_some())
            };
            if cx.remarks_wanted() && has_source() {
                cx.remark(RemarkKind::Missed, "NoBranchDivergence", None, || {
                    format!(
                        "@{}: nothing speculated: only-if-divergent-target is set and the target \
                         has no divergent branches",
                        fn_name(f)
                    )
                });
            }
            return Changed::No;
        }
        let mut stats = Stats::default();
        let mut changed = false;
        // (Taken, not borrowed: a nested run, which does not happen, would
        // start from an empty room.)
        let mut scratch = self.room.take().recycle();
        // Remarks and debug output (and the counts only they report) are
        // asked for once per function: most runs want neither.
        let explained = cx.remarks_wanted() || limits.traced;
        let speculated = speculated_opcodes();
        let mut branching = self.shapes_room.take().recycle();
        branching.read(f);
        // Block by block in function order, each decided on the IR as the
        // blocks before it left it, as upstream does (the shapes stay true:
        // see `Branching`).
        for sh in branching.shapes() {
            let into = sh.block;
            let Some(from) = source_of(sh) else {
                continue;
            };
            stats.num_sources += 1;
            let tti = tti.get_or_insert_with(|| Tti::new(cx.fam(), f));
            let decision = plan(from, tti, speculated, limits, explained, &mut scratch);
            let moves = matches!(decision, Decision::Hoist { moves: true, .. });
            if moves && limits.bisecting && !debug::allow_rewrite(NAME) {
                continue;
            }
            if explained {
                let (into, from) = (into.block(), from.block());
                explain(&decision, &scratch, from, into, limits, &mut stats, cx);
            }
            if let Decision::Hoist {
                moves: true, calls, ..
            } = decision
            {
                apply(&scratch, calls, into);
                changed = true;
            }
        }
        self.room.replace(scratch.recycle());
        self.shapes_room.replace(branching.recycle());
        if stats.num_sources > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {} instructions hoisted from {} of {} if-then arms; refused: {} too \
                     costly, {} with too many instructions left behind",
                    fn_name(f),
                    stats.num_hoisted,
                    stats.num_hoisted_from,
                    stats.num_sources,
                    stats.num_too_costly,
                    stats.num_too_many_not_hoisted
                )
            });
        }
        Changed::from_bool(changed)
    }
}

fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// `%name` of a block, for messages.
fn block_name(bb: BasicBlock<'_>) -> String {
    let name = bb.get_name().to_string_lossy();
    if name.is_empty() {
        "an unnamed block".to_string()
    } else {
        format!("%{name}")
    }
}

/// The block whose instructions may move into `sh.block` (to its end), if
/// that block ends an if-then (upstream's `runOnBasicBlock`; see the module
/// header for the shapes).
fn source_of<'ctx>(sh: &Shape<'ctx>) -> Option<BlockId<'ctx>> {
    let into = sh.block;
    let [s0, s1] = sh.succ;
    if into == s0 || into == s1 || s0 == s1 {
        return None;
    }
    let [one0, one1] = sh.one_pred_edge;
    // Triangles: one arm goes straight to the other successor.
    if one0 && sh.single_succ[0] == Some(s1) {
        return Some(s0);
    }
    if one1 && sh.single_succ[1] == Some(s0) {
        return Some(s1);
    }
    // A diamond in which one arm does nothing (holds nothing but its branch
    // and debug intrinsics: upstream asks `size() == 1`, so a `dbg.value`
    // would change its answer) is an if-then too.
    let join = sh.single_succ[1];
    if one0 && one1 && join.is_some() && join != Some(into) && join == sh.single_succ[0] {
        if sh.only_debug[1] {
            return Some(s0);
        }
        if sh.only_debug[0] {
            return Some(s1);
        }
    }
    None
}

/// Upstream's allow-list of speculated opcodes.
const SPECULATED: &[LLVMOpcode] = {
    use LLVMOpcode as O;
    &[
        O::LLVMGetElementPtr,
        O::LLVMAdd,
        O::LLVMMul,
        O::LLVMAnd,
        O::LLVMOr,
        O::LLVMSelect,
        O::LLVMShl,
        O::LLVMSub,
        O::LLVMLShr,
        O::LLVMAShr,
        O::LLVMXor,
        O::LLVMZExt,
        O::LLVMSExt,
        O::LLVMCall,
        O::LLVMBitCast,
        O::LLVMPtrToInt,
        O::LLVMIntToPtr,
        O::LLVMAddrSpaceCast,
        O::LLVMFPToUI,
        O::LLVMFPToSI,
        O::LLVMUIToFP,
        O::LLVMSIToFP,
        O::LLVMFPExt,
        O::LLVMFPTrunc,
        O::LLVMFAdd,
        O::LLVMFSub,
        O::LLVMFMul,
        O::LLVMFDiv,
        O::LLVMFRem,
        O::LLVMFNeg,
        O::LLVMICmp,
        O::LLVMFCmp,
        O::LLVMTrunc,
        O::LLVMFreeze,
        O::LLVMExtractElement,
        O::LLVMInsertElement,
        O::LLVMShuffleVector,
        O::LLVMExtractValue,
        O::LLVMInsertValue,
    ]
};

/// The opcodes that may be speculated: upstream's allow-list, and those of
/// this LLVM that LLVM 16 does not have (`sx::NEWER_SPECULATED`).
fn speculated_opcodes() -> &'static OpcodeSet {
    static SET: OnceLock<OpcodeSet> = OnceLock::new();
    SET.get_or_init(|| OpcodeSet::of(SPECULATED.iter().chain(sx::NEWER_SPECULATED).copied()))
}

/// Room `plan` fills, reused from block to block so that the common small
/// arm allocates nothing.
#[derive(Default)]
struct Scratch<'ctx> {
    /// The source's instructions, as the shim reads them in one call.
    facts: BlockFacts<'ctx>,
    /// Bit `k % 64` of word `k / 64`: does the instruction at position `k` of
    /// `facts` stay (as far as the plan got; all of them after a
    /// `Decision::Hoist`)?
    stayed: Vec<u64>,
}

impl Scratch<'_> {
    /// The same room, emptied, for instructions of another function.
    fn recycle<'b>(self) -> Scratch<'b> {
        Scratch {
            facts: self.facts.recycle(),
            stayed: self.stayed,
        }
    }

    /// Does the instruction at position `k` stay?
    fn stays(&self, k: usize) -> bool {
        self.stayed[k / 64] >> (k % 64) & 1 != 0
    }

    /// After a `Decision::Hoist`: what moves, in order, and what stays, and
    /// why (for remarks and debug output).
    fn outcome(
        &self,
    ) -> (
        Vec<InstructionValue<'_>>,
        Vec<(InstructionValue<'_>, Stay<'_>)>,
    ) {
        let facts = &self.facts;
        let mut moved = Vec::new();
        let mut stays = Vec::new();
        for k in 0..facts.len() {
            let inst = facts.inst(k);
            if !self.stays(k) {
                moved.push(inst);
                continue;
            }
            let why = match facts.class(k) {
                Class::Debug(_) => Stay::Debug,
                Class::NotAsked => Stay::Opcode,
                Class::Unsafe => Stay::Unsafe,
                Class::Candidate(_) | Class::NoCost => facts
                    .operands(k)
                    .find_map(|at| match at {
                        OperandAt::Earlier(op, j) if self.stays(j) => Some(Stay::Operand(op)),
                        OperandAt::NotEarlier(op) => Some(Stay::Operand(op)),
                        _ => None,
                    })
                    .unwrap_or(Stay::NoCost),
            };
            stays.push((inst, why));
        }
        (moved, stays)
    }
}

/// Instructions of a source read in one call at first; a longer source is
/// read again with twice the room, as far as the budgets let the plan go.
const FIRST_ROOM: usize = 32;

/// Decides what moves out of `from`, into `scratch`; reads the IR, writes
/// nothing. `explained`: the decision will be explained (`Scratch::outcome`
/// needs every operand entry).
fn plan<'ctx>(
    from: BlockId<'ctx>,
    tti: &Tti<'_>,
    speculated: &OpcodeSet,
    limits: Limits,
    explained: bool,
    scratch: &mut Scratch<'ctx>,
) -> Decision {
    let mut room = FIRST_ROOM;
    loop {
        scratch.facts.read(from, room, tti, speculated, explained);
        match plan_read(limits, &scratch.facts, &mut scratch.stayed) {
            Some(decision) => return decision,
            // The budgets did not stop the plan within what was read: read
            // more and decide again (planning changes nothing).
            None => room = room.saturating_mul(2),
        }
    }
}

/// [`plan`] over the instructions read into `facts`, marking in `stayed`
/// those that stay; `None` when it reaches their end and the block has more.
fn plan_read(limits: Limits, facts: &BlockFacts<'_>, stayed: &mut Vec<u64>) -> Option<Decision> {
    let words = facts.len().div_ceil(64).max(1);
    if stayed.len() < words {
        stayed.resize(words, 0);
    }
    // The first word (positions below 64: all of most arms) is planned in a
    // local, the others in place; all are in `stayed` afterwards.
    let rest = &mut stayed[1..words];
    if !rest.is_empty() {
        rest.fill(0);
    }
    let mut first = 0;
    let decision = plan_bits(limits, facts, &mut first, rest);
    stayed[0] = first;
    decision
}

/// Does the instruction at position `j` stay, by the words of `plan_read`?
fn stays_in(first: u64, rest: &[u64], j: usize) -> bool {
    let word = if j < 64 { first } else { rest[j / 64 - 1] };
    word >> (j % 64) & 1 != 0
}

/// [`plan_read`] with the stay bits of positions below 64 in `first` and the
/// others in `rest` (word `w` of `stayed` is `rest[w - 1]`).
fn plan_bits(
    limits: Limits,
    facts: &BlockFacts<'_>,
    first: &mut u64,
    rest: &mut [u64],
) -> Option<Decision> {
    // An operand is available above `from` if it is outside `from`, or an
    // earlier instruction of it that is hoisted: one that does not stay (as
    // upstream's `NotHoisted` set). One of `from` that does not come earlier
    // is not: in reachable code it cannot be an operand anyway.
    // (Positions below 64 are bits of the first word, as operands' `near`.)
    let available = |first: u64, rest: &[u64], k: usize, deps: Deps| {
        !deps.never
            && deps.near & first == 0
            && (!deps.far
                || facts.sites(k).all(|at| match at {
                    Site::Earlier(j) => !stays_in(first, rest, j),
                    Site::Outside => true,
                    Site::Never => false,
                }))
    };
    let stay = |first: &mut u64, rest: &mut [u64], k: usize| {
        if k < 64 {
            *first |= 1 << k;
        } else {
            rest[k / 64 - 1] |= 1 << (k % 64);
        }
    };
    let mut cost: i64 = 0;
    let mut not_hoisted: u32 = 0;
    let mut moves = false;
    let mut calls = false;
    for (k, entry) in facts.entries().iter().enumerate() {
        let hoisted = match entry.class() {
            // Debug intrinsics: no cost, no count, never a reason for
            // anything; a variable one follows the values it describes.
            Class::Debug(kind) => {
                let follows =
                    kind == DebugIntrinsic::Variable && available(*first, rest, k, entry.deps());
                if follows {
                    moves = true;
                } else {
                    stay(first, rest, k);
                }
                continue;
            }
            Class::NotAsked | Class::Unsafe => None,
            // Stays when an operand does, or when the target has no cost.
            Class::Candidate(c) => available(*first, rest, k, entry.deps()).then_some(c),
            Class::NoCost => None,
        };
        match hoisted {
            Some(c) => {
                cost = cost.saturating_add(c);
                if cost > i64::from(limits.max_cost) {
                    return Some(Decision::TooCostly { at: k, cost });
                }
                moves = true;
                calls |= entry.is_call();
            }
            None => {
                not_hoisted += 1;
                if not_hoisted > limits.max_not_hoisted {
                    return Some(Decision::TooManyNotHoisted {
                        at: k,
                        count: not_hoisted,
                    });
                }
                stay(first, rest, k);
            }
        }
    }
    facts
        .complete()
        .then_some(Decision::Hoist { cost, moves, calls })
}

/// Reports `decision` as remarks and debug output, and counts it.
fn explain(
    decision: &Decision,
    scratch: &Scratch<'_>,
    from: BasicBlock<'_>,
    into: BasicBlock<'_>,
    limits: Limits,
    stats: &mut Stats,
    cx: &PassCx<'_>,
) {
    match decision {
        Decision::TooCostly { at, cost } => {
            let at = scratch.facts.inst(*at);
            stats.num_too_costly += 1;
            cx.remark(RemarkKind::Missed, "TooCostly", Some(at), || {
                format!(
                    "nothing hoisted from {} into {}: the speculation cost reaches {cost} at {}, \
                     over max-speculation-cost={}",
                    block_name(from),
                    block_name(into),
                    what(at),
                    limits.max_cost
                )
            });
            debug::trace(NAME, || {
                format!("{}: too costly ({cost})", block_name(from))
            });
        }
        Decision::TooManyNotHoisted { at, count } => {
            let at = scratch.facts.inst(*at);
            stats.num_too_many_not_hoisted += 1;
            cx.remark(RemarkKind::Missed, "TooManyNotHoisted", Some(at), || {
                format!(
                    "nothing hoisted from {} into {}: {count} instructions would stay behind, the \
                     branch included, over max-not-hoisted={}",
                    block_name(from),
                    block_name(into),
                    limits.max_not_hoisted
                )
            });
            debug::trace(NAME, || {
                format!("{}: too many left behind ({count})", block_name(from))
            });
        }
        Decision::Hoist { cost, .. } => {
            let (moved, stays) = scratch.outcome();
            let real: Vec<_> = moved
                .iter()
                .copied()
                .filter(|&i| sx::debug_intrinsic(i).is_none())
                .collect();
            if let Some(&first) = real.first() {
                stats.num_hoisted_from += 1;
                stats.num_hoisted += real.len() as u64;
                cx.remark(RemarkKind::Passed, "Hoisted", Some(first), || {
                    format!(
                        "hoisted {} from {} into {} (speculation cost {cost}, limit {})",
                        list(&real),
                        block_name(from),
                        block_name(into),
                        limits.max_cost
                    )
                });
            }
            for &(inst, why) in stays.iter().filter(|_| cx.remarks_wanted()) {
                if inst.is_terminator() || why == Stay::Debug {
                    continue;
                }
                cx.remark(RemarkKind::Missed, "NotSafe", Some(inst), || {
                    format!(
                        "{} stays in {}: {}",
                        what(inst),
                        block_name(from),
                        reason(inst, why)
                    )
                });
            }
            debug::trace(NAME, || {
                format!(
                    "{}: {} hoisted, {} stay, cost {cost}",
                    block_name(from),
                    moved.len(),
                    stays.len()
                )
            });
        }
    }
}

/// `%a, %b and %c` (the first few), for messages.
fn list(insts: &[InstructionValue<'_>]) -> String {
    const SHOWN: usize = 6;
    let names: Vec<String> = insts
        .iter()
        .take(SHOWN)
        .map(|i| llvm::describe(*i))
        .collect();
    let more = insts.len().saturating_sub(SHOWN);
    match (names.as_slice(), more) {
        ([one], 0) => one.clone(),
        (_, 0) => {
            let (last, rest) = names
                .split_last()
                .expect("gpucc-speculative-execution: two or more");
            format!("{} and {last}", rest.join(", "))
        }
        _ => format!("{} and {more} more", names.join(", ")),
    }
}

/// `%name` of an instruction, or `the store` for one without a result.
fn what(inst: InstructionValue<'_>) -> String {
    if inst.get_type().is_void_type() {
        format!("the {}", opcode_name(inst.get_opcode()))
    } else {
        llvm::describe(inst)
    }
}

/// The IR spelling of an opcode (`store`, `getelementptr`, ...).
fn opcode_name(op: InstructionOpcode) -> String {
    match op {
        InstructionOpcode::Br => "br".to_string(),
        InstructionOpcode::Phi => "phi".to_string(),
        InstructionOpcode::Return => "ret".to_string(),
        op => format!("{op:?}").to_ascii_lowercase(),
    }
}

/// Why `inst` stays, in words.
fn reason(inst: InstructionValue<'_>, why: Stay<'_>) -> String {
    match why {
        Stay::Opcode => match inst.get_opcode() {
            InstructionOpcode::Load => "loads are never speculated (the address may be invalid \
                                        on the path that skips the block)"
                .to_string(),
            InstructionOpcode::Store => "stores are never speculated".to_string(),
            InstructionOpcode::Phi => "phis stay in their block".to_string(),
            op => format!("{} is not among the speculated opcodes", opcode_name(op)),
        },
        Stay::Unsafe if inst.get_opcode() == InstructionOpcode::Call => {
            "the call may have side effects or trap (only calls of speculatable functions move)"
                .to_string()
        }
        Stay::Unsafe => "it may trap or have side effects".to_string(),
        Stay::NoCost => "the target has no cost for it".to_string(),
        Stay::Operand(op) => format!("its operand {} stays", llvm::describe(op)),
        Stay::Debug => "debug intrinsics follow the values they describe".to_string(),
    }
}

/// Moves what `scratch` plans to move (its instructions that do not stay),
/// in order, before the branch that ends `into`, drops their source
/// locations (debug intrinsics keep theirs), and, when `calls` says some are
/// calls, drops their UB-implying facts. Decides nothing.
fn apply(scratch: &Scratch<'_>, calls: bool, into: BlockId<'_>) {
    scratch.facts.hoist_unmarked(&scratch.stayed, into);
    if calls {
        for k in (0..scratch.facts.len()).filter(|&k| !scratch.stays(k)) {
            if scratch.facts.is_call(k) {
                sx::drop_ub_implying_facts(scratch.facts.inst(k));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("", SpecExecParams::default())]
    #[case("only-if-divergent-target", SpecExecParams { only_if_divergent_target: Some(true), ..Default::default() })]
    #[case("no-only-if-divergent-target", SpecExecParams { only_if_divergent_target: Some(false), ..Default::default() })]
    #[case("max-speculation-cost=20;max-not-hoisted=0", SpecExecParams { max_speculation_cost: Some(20), max_not_hoisted: Some(0), ..Default::default() })]
    fn parses_parameters(#[case] text: &str, #[case] want: SpecExecParams) {
        assert_eq!(SpecExecParams::parse(text).expect("valid"), want);
    }

    #[test]
    fn parameter_errors_name_the_parameter() {
        insta::assert_snapshot!(SpecExecParams::parse("max-cost=3").unwrap_err().to_string(), @"unknown parameter 'max-cost' (expected only-if-divergent-target or no-only-if-divergent-target, max-speculation-cost=<u32>, max-not-hoisted=<u32>)");
        insta::assert_snapshot!(SpecExecParams::parse("max-not-hoisted=many").unwrap_err().to_string(), @"invalid value 'many' for parameter 'max-not-hoisted' (expected max-not-hoisted=<u32>)");
    }

    #[test]
    fn allow_list_matches_upstream() {
        use LLVMOpcode as O;
        for op in [
            O::LLVMLoad,
            O::LLVMStore,
            O::LLVMSDiv,
            O::LLVMUDiv,
            O::LLVMSRem,
            O::LLVMURem,
            O::LLVMPHI,
            O::LLVMAlloca,
            O::LLVMBr,
        ] {
            assert!(!speculated_opcodes().contains(op), "{op:?}");
        }
        for op in [
            O::LLVMGetElementPtr,
            O::LLVMAdd,
            O::LLVMCall,
            O::LLVMFDiv,
            O::LLVMFreeze,
            O::LLVMInsertValue,
        ] {
            assert!(speculated_opcodes().contains(op), "{op:?}");
        }
    }
}
