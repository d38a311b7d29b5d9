//! `gpucc-slsr`: straight-line strength reduction.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.4.2 and Table 3; mirrors LLVM 22's
//! `Transforms/Scalar/StraightLineStrengthReduce.cpp` (the redesign of
//! llvm/llvm-project#162930, relanded as #169614): its search, cost model,
//! path compression and poison checks on every LLVM, with LLVM 16's answers
//! where LLVM 16's own tests pin different output for the same input
//! ([`SlsrBehaviour`], one row per LLVM: LLVM 16's model factors GEP
//! indices and has index deltas only, rebuilds GEPs in elements, keeps a
//! reused basis's `inbounds` and trusts it).
//!
//! Unrolled loops leave runs of address arithmetic that differ by a constant
//! multiple of one value: `b + 2*s`, `b + 3*s`, `b + 4*s`. Each costs a
//! multiplication; rebuilt from its predecessor, each costs one add.
//!
//! *Terms.* A **candidate** is an instruction in one of three forms, with a
//! base `B`, a constant index `i` and a stride `S`
//! (`analysis::slsr_candidates` has the exact matching rules; a GEP's index
//! is the element size, its stride the index value):
//!
//! | form  | computes       |
//! |-------|----------------|
//! | `Add` | `B + i * S`    |
//! | `Mul` | `(B + i) * S`  |
//! | `Gep` | `B + i * S` bytes |
//!
//! A dominating candidate `X` of the same form is a **basis** of candidate
//! `Y` when the two differ in one part only, by a *delta* some value in
//! reach already holds:
//!
//! | delta kind | `X`, `Y` share | `Y` rebuilt as     | the delta          |
//! |------------|----------------|--------------------|--------------------|
//! | index      | `B`, `S`       | `X + (i' - i) * S` | a constant          |
//! | base       | `i`, `S`       | `X + (B' - B)`     | a constant, or a value computing `B' - B` |
//! | stride     | `B`, `i`       | `X + i * (S' - S)` | a constant, or a value computing `S' - S` |
//!
//! ("the same" is the same SCEV, and the same type; a `Mul` has index deltas
//! only, and so has every form under LLVM 16's row,
//! [`SlsrBehaviour::base_and_stride_deltas`], where a GEP index `mul nsw S,
//! c` counts as index `c * size` and stride `S` instead.) A delta value is a
//! constant, a value scalar evolution cannot see into, or an instruction
//! that computes exactly the delta's SCEV and was seen as some candidate's
//! stride, as upstream keeps them. For example:
//! ```text
//!   %s2 = shl i64 %s, 1                %s2 = shl i64 %s, 1
//!   %x  = add i64 %b, %s2      ==>     %x  = add i64 %b, %s2
//!   %s3 = mul i64 %s, 3                %y  = add i64 %x, %s
//!   %y  = add i64 %b, %s3
//! ```
//! *The search.* Candidates are collected in dominator-tree preorder, so the
//! possible bases of a candidate come before it. Each is searched for a
//! basis among the earlier candidates with the same key, nearest first (its
//! own block backwards, then up the dominator tree): an index delta first,
//! taken only when the rewrite is at least as cheap as the candidate (the
//! cost model of `slsr_candidates::Efficiency`: `b + s` is not rebuilt as
//! `x - 7*s`); then a base delta, then a stride delta, where a constant one
//! ends the search and otherwise the first value found is kept. Candidates
//! that fold into the target's addressing mode (`Tti::legal_addressing_mode`,
//! as upstream's `getGEPCost` and `isLegalAddressingMode`) or are already
//! cheap (one instruction and one variable, or less) are not searched; all
//! stay possible bases. `max-scan` bounds how many same-key candidates one
//! search looks at (upstream has no bound; LLVM 16 had the same 50 over all
//! candidates).
//!
//! *Path compression.* When `Y`'s basis `X` was itself rebuilt from `W`, and
//! `Y` differs from `W` by a constant (an index delta of 0 or 1, or any
//! constant when the stride is a constant; or a constant base or stride
//! delta), `Y` is rebuilt from `W` instead, down the chain: `x = a + 1; y =
//! x + 1; z = y + 1` becomes `y = a + 2; z = a + 3`, independent adds.
//!
//! *Picking.* One instruction may be several candidates (`a + b` is
//! `a + 1*b` and `b + 1*a`); of those with a basis, the one whose rewrite is
//! cheapest wins, the last one on a tie, as upstream. Rewrites are applied
//! leaves first (reverse candidate order: a basis, a delta value and a stride
//! all dominate their user), each new value takes the old name, and replaced
//! instructions (and what dies with them) are deleted at the end.
//!
//! *The bump* is built as upstream builds it: for an index delta, `S` for 1,
//! `0 - S` for -1, else `S` (sign-extended to the index type for a GEP)
//! times the delta, as `S << k` for `2^k`, `0 - (S << k)` for `-2^k`, or a
//! `mul`; a base delta is the delta value; a stride delta is the value
//! (sign-extended to the index type for a GEP) times `i`, shaped the same.
//! A delta of zero replaces `Y` with `X`. A negated bump of an add or mul
//! becomes a `sub`. A rewritten GEP is `getelementptr i8, X, bump`, or, where
//! [`SlsrBehaviour::byte_gep_rewrites`] is off (LLVM 16), a GEP over `X`'s
//! result element type when the byte bump divides by its size.
//!
//! *Poison.* The new instructions carry no `nsw`/`nuw` (the bump may wrap
//! where the original did not: `(-2 + 3) * INT_MAX` rebuilt from `(-2 + 1) *
//! INT_MAX` needs `2 * INT_MAX`). A reused instruction may be poison where
//! `Y` was not: `x = add nsw b, 2*s` overflows while `y = add b, 3*s` wraps
//! harmlessly. As LLVM 22 (`ScalarEvolution::canReuseInstruction`,
//! `analysis::poison`), a basis is reused only after the poison-generating
//! flags of it and of its operands down to its SCEV's leaves are dropped,
//! and is skipped when that is not enough (an `or disjoint`, an operation
//! that makes poison whatever its flags, a walk past 16 values); nothing is
//! dropped when poison in the basis is undefined behaviour anyway (it is
//! stored through, ...). Beyond upstream, the same holds for a delta value
//! (LLVM 22 reuses it with its flags: `%d = add nsw %n, %m` for a
//! `b + (n + m)` that may wrap), walked down to the leaves of `Y`'s SCEV.
//! A reused basis GEP loses its `inbounds` the same way, except, in LLVM
//! 16's row ([`SlsrBehaviour::keeps_between_basis_inbounds`]; upstream 16
//! keeps it on every basis, upstream 22 on none), where the basis lies
//! between the candidate's pointer operand and the candidate
//! (`Search::lies_between`): `&in[s]` is in the object wherever `&in[2s]`
//! is, an object being one range of addresses. Under LLVM 16's model a
//! basis whose factored GEP index `S *nsw c` is sign-extended needs that
//! `nsw` to mean `c * sext(S)`: such a basis is refused unless the
//! candidate's own index implies it (`c` between 0 and the candidate's
//! `c'`), and then the `nsw` stays. A flag spared so holds for that
//! candidate; before any rewrite is built, `Search::check_kept` drops it
//! again wherever another rewrite depends on the basis, directly or down a
//! chain of rebuilt bases, without implying it: with `&in[2s]`, `&in[3s]`
//! rebuilt from it and `&in[s]` from that, `s = 100` puts `&in[3s]` past the
//! end of a 1 KiB `in` while `&in[2s]` and `&in[s]` are in it.
//!
//! *inbounds.* A rewritten GEP `X + bump` is `inbounds` only when `Y` is
//! (as it is then, after the drops) and `X` provably points into `Y`'s
//! object wherever `Y` is defined (`Search::in_object`): `X` is an
//! `inbounds` GEP whose poison is undefined behaviour, or is loaded from or
//! stored to right after it is computed, or is one of the points `Y`'s own
//! GEP passes through, or lies between `Y`'s pointer operand and `Y` (one
//! variable index; an index delta with `i` between 0 and `i'`, or a stride
//! delta that is `X`'s own stride, or one with `X`'s stride `m * A` and
//! `Y`'s `m' * A`, `m` between 0 and `m'`). Both upstreams copy `Y`'s `inbounds`
//! whatever `X` is. That is unsound where `X` may point outside the object
//! where `Y` does not: `&a[2s][t]` for some `t` where `&a[3s][t]` is in, or
//! `&a[i]` hoisted out of its branch by speculative execution, where
//! `&a[i + j]` is in for `i = -1, j = 1`
//! (`test/ir/gpucc/paper-figure7-speculation.ll`). LLVM 16's own
//! `slsr-gep.ll` pins the copy for an `inbounds` `X` (`@slsr_gep_2d`:
//! `s = 5, t = -50` puts `&input[s][t]` 100 bytes before the array where
//! `&input[2s][t]` is its first element), and LLVM 22's pins a rebuilt GEP
//! that trusts a basis' `inbounds` too: both lines fail here, on purpose.
//!
//! *Beyond upstream, also:* a stride delta of a GEP whose strides are
//! narrower than the index type (the GEP sign-extends them) is taken only
//! when `sext(S') = sext(S) + sext(S' - S)` is shown (scalar evolution, the
//! `nsw` flags of what computes `S'`, or `S = m * A` and `S' = m' *nsw A`
//! with `m` between 0 and `m'`, the `int` index `&b[3 * s]` from `&b[2 *
//! s]`: `Search::stride_delta_exact`);
//! upstream takes it always, and `&p[i + i]` (i32 index, may wrap) rebuilt
//! as `&p[i] + 4 * sext(i)` then points elsewhere when `i + i` wraps (LLVM
//! 22's `slsr-var-delta.ll` pins that rewrite; this pass fails it). An index
//! delta of -1 on a narrow GEP stride is negated after the sign extension
//! (`sext(0 - S)` is wrong for `S = INT_MIN`). A delta value that scalar
//! evolution names must dominate `Y`. GEPs over scalable vectors and
//! integers wider than 128 bits are no candidates (upstream aborts on the
//! first, asserts on the second).
//!
//! *Parameters*: `gpucc-slsr<max-scan=N>`, default 50: how many earlier
//! candidates of the same key one basis search looks at.
//!
//! *Remarks*: passed `Rewritten` (at the rewritten instruction) and
//! `FlagsDropped` (at an instruction that lost flags because it is reused);
//! missed `NoDominatingBasis`, `ScanLimit`, `FoldsIntoAddressing`,
//! `SimplestForm` (already as cheap as a rewrite can make it),
//! `Unprofitable` (the rewrite would cost more), `PoisonousBasis`,
//! `StrideMayWrap` (each only when a would-be basis exists, at most one per
//! instruction); analysis `Stats`. `GPUCC_DEBUG=gpucc-slsr` traces every
//! candidate; `GPUCC_BISECT=gpucc-slsr:N` stops after N rewrites.
//!
//! *Tests* (`test/ir/slsr/`, on both LLVMs, `V16`/`V22` lines where the
//! rows differ): one file per form (`add-form.ll`, `mul-form.ll`,
//! `gep-form.ll`), one per delta kind (`base-delta.ll`, `stride-delta.ll`),
//! `zero-delta-reuses-basis.ll`, `path-compression.ll`,
//! `picks-cheapest-rewrite.ll`, `stride-forms.ll` (the bump shapes),
//! `overflow-flags.ll` (poison and `inbounds`),
//! `refuses-wrapping-stride-delta.ll`, `refuses-disjoint-or-basis.ll`,
//! `refuses-foldable.ll`, `refuses-simplest-form.ll`,
//! `refuses-mixed-types.ll`, `nvptx-address-spaces.ll`,
//! `amdgpu-address-spaces.ll`, `remarks.ll`, `max-scan-limits-search.ll`,
//! `rejects-unknown-param.ll`, `bisect-and-trace.ll`,
//! `odd-ir-stays-valid.ll` and `odd-ir-constant-expressions.ll` (crashes and
//! misreadings of upstream's).

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::poison;
use crate::analysis::slsr_candidates::{
    self, efficiency, Candidate, Const, Efficiency, Form, Operand,
};
use crate::debug;
use crate::llvm::analyses::{flags, DomTree, Scev, ScevKind, ScevOp, Se};
use crate::llvm::llvm_sys;
use crate::llvm::nary::Sx;
use crate::llvm::slsr::{
    self as ir, GepStep, IntOp, Layout, SlsrBehaviour, TypeRef, SLSR_BEHAVIOUR,
};
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::types::IntType;
use inkwell::values::{
    AnyValue, AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue,
    PointerValue,
};
use llvm_sys::prelude::LLVMValueRef;
use std::num::NonZeroU32;

/// The pipeline name.
pub const NAME: &str = "gpucc-slsr";

/// With remarks on, a refused candidate's would-be basis is looked for this
/// many times `max-scan` back (the explanation only; decisions use
/// `max-scan`).
const EXPLAIN_SCAN_FACTOR: usize = 10;

/// How deep `Search::widened` follows the `nsw` instructions computing a
/// stride (a handful covers the sums of an unrolled loop).
const MAX_WIDEN_DEPTH: u32 = 6;

/// Parameters of `gpucc-slsr<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlsrParams {
    /// How many earlier candidates of the same key one basis search looks
    /// at (default 50: it bounds a search that is linear per candidate, so
    /// quadratic per function, where many candidates share a key).
    pub max_scan: u32,
}

impl Default for SlsrParams {
    fn default() -> Self {
        SlsrParams { max_scan: 50 }
    }
}

impl SlsrParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[Spec {
        name: "max-scan",
        kind: Kind::U32,
    }];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = SlsrParams::default();
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("max-scan", Value::U32(n)) => p.max_scan = n,
            _ => unreachable!("gpucc-slsr: SPECS and parse agree"),
        })?;
        Ok(p)
    }
}

/// The pass.
pub struct SlsrPass {
    params: SlsrParams,
}

impl SlsrPass {
    pub fn new(params: SlsrParams) -> Self {
        SlsrPass { params }
    }
}

/// Counters reported as one `Stats` analysis remark per function.
#[derive(Debug, Default)]
struct Stats {
    num_candidates: u64,
    num_with_basis: u64,
    num_rewritten: u64,
    num_flags_dropped: u64,
    num_refused_poison: u64,
}

/// Which part of the candidate differs from its basis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeltaKind {
    /// `i`: `Y = X + (i' - i) * S`.
    Index,
    /// `B`: `Y = X + (B' - B)`.
    Base,
    /// `S`: `Y = X + i * (S' - S)`.
    Stride,
}

impl DeltaKind {
    fn name(self) -> &'static str {
        match self {
            DeltaKind::Index => "index",
            DeltaKind::Base => "base",
            DeltaKind::Stride => "stride",
        }
    }
}

/// The delta itself.
#[derive(Clone, Copy, Debug)]
enum Delta<'a> {
    /// An index delta `i' - i` (bytes for a GEP).
    Index(Const),
    /// A base or stride delta: a constant or a value that computes it.
    Value(IntValue<'a>),
}

/// A candidate's basis and how it differs from it.
#[derive(Clone, Copy, Debug)]
struct Choice<'a> {
    basis: usize,
    kind: DeltaKind,
    delta: Delta<'a>,
}

/// Why a candidate with a would-be basis keeps its instruction (for remarks).
#[derive(Clone, Copy, Debug)]
enum Note<'a> {
    /// The closest same-key candidate does not dominate it.
    NotDominating { other: usize },
    /// A basis exists, but further back than `max-scan` same-key candidates.
    BeyondScan { basis: usize },
    /// It folds into an addressing mode.
    Foldable { basis: usize },
    /// It is already as cheap as a rewrite can make it.
    Cheap { basis: usize },
    /// The index-delta rewrite would cost more than it.
    Unprofitable { basis: usize },
    /// Reusing the basis (or the delta value) may add poison that dropping
    /// flags cannot take away.
    Poisonous {
        basis: usize,
        what: IntValueOrInst<'a>,
    },
    /// The stride delta of a GEP may wrap in the narrow stride type.
    StrideMayWrap { basis: usize },
}

/// What a poison refusal is about.
#[derive(Clone, Copy, Debug)]
enum IntValueOrInst<'a> {
    /// The basis: a flag on it (or below it) cannot go.
    Basis,
    /// The basis's factored, sign-extended GEP index (LLVM 16's model),
    /// whose `nsw` would have to go but is what makes the reading right.
    Essential(IntValue<'a>),
    /// The delta value.
    Delta(IntValue<'a>),
}

/// How a GEP candidate is rebuilt.
#[derive(Clone, Copy, Debug)]
struct GepRewrite<'a> {
    /// The element type of the new GEP when the bump is counted in its
    /// elements (LLVM 16's row, when the bytes divide), or `None` for a byte
    /// GEP.
    typed: Option<TypeRef<'a>>,
    inbounds: bool,
}

/// One rewrite: `cand` rebuilt from its (possibly compressed) choice.
#[derive(Clone, Copy, Debug)]
struct Rewrite<'a> {
    cand: usize,
    choice: Choice<'a>,
    /// The multiplier of the bump, in units of the new instruction (the
    /// candidate's type; for a GEP bytes, or elements of `gep.typed`): for
    /// an index delta `i' - i`, for a stride delta `i`, for a constant base
    /// delta of a typed GEP the delta in elements; unused otherwise.
    units: Const,
    gep: Option<GepRewrite<'a>>,
}

/// Everything `apply` does, decided by reading the IR only.
struct Plan<'a> {
    cands: Vec<Candidate<'a>>,
    /// Instructions kept although a would-be basis exists, and why: at most
    /// one per instruction (its last candidate with a note), in candidate
    /// order.
    missed: Vec<(usize, Note<'a>)>,
    /// In the order to apply them: reverse candidate order.
    rewrites: Vec<Rewrite<'a>>,
    /// The instructions whose poison-generating flags go before any
    /// rewrite, in the order the reuses needing it were found.
    drops: Vec<InstructionValue<'a>>,
    /// Instructions that are rewritten (lookup only).
    rewritten: FxHashMap<LLVMValueRef, usize>,
}

impl FunctionPass for SlsrPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'a>(&self, f: FunctionValue<'a>, cx: &PassCx<'a>) -> Changed {
        let fam = cx.fam();
        // Fetched once: the plan asks thousands of questions, and nothing
        // edits the function before `apply`.
        let dt = DomTree::held(fam, f);
        let se = Se::held(fam, f);
        let sx = Sx::new(fam, f);
        let tti = Tti::new(fam, f);
        let layout = Layout::of(f);
        let mut stats = Stats::default();
        let plan = plan(
            Analyses {
                f,
                dt: &dt,
                se: &se,
                sx: &sx,
                tti: &tti,
                layout: &layout,
            },
            SLSR_BEHAVIOUR,
            self.params,
            cx.remarks_wanted(),
            &mut stats,
        );
        report(&plan, &se, self.params, cx);
        if !plan.rewrites.is_empty() {
            // The analyses go stale with the rewrite, and the pass manager
            // drops them right after it (a changed function keeps none).
            // Dropping them before `apply`, which asks none of them, spares
            // scalar evolution's bookkeeping: for every replaced value it
            // knows, it would walk all the value's transitive users. The
            // handles above are not used again.
            fam.invalidate(f);
        }
        let changed = apply(f, &plan);
        if stats.num_candidates > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {} candidates, {} with a basis, {} instructions rewritten, {} reused \
                     instructions lost their poison flags, {} refused for poison",
                    fn_name(f),
                    stats.num_candidates,
                    stats.num_with_basis,
                    stats.num_rewritten,
                    stats.num_flags_dropped,
                    stats.num_refused_poison
                )
            });
        }
        Changed::from_bool(changed)
    }
}

fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// The analyses the plan reads.
#[derive(Clone, Copy)]
struct Analyses<'r, 'a> {
    f: FunctionValue<'a>,
    dt: &'r DomTree<'a>,
    se: &'r Se<'a>,
    sx: &'r Sx<'a>,
    tti: &'r Tti<'a>,
    layout: &'r Layout<'a>,
}

/// Same-key lists: earlier candidates, by the parts a delta kind needs
/// equal (upstream's `CandidateDict`), each kept as a chain from the latest
/// candidate back (the order the search walks them): a map from the key to
/// the latest candidate with it, and per candidate a link to the one before
/// it. Looked up only.
struct Keys {
    /// Index delta: same base, stride SCEV and type.
    index: FxHashMap<(Scev, Scev, LLVMValueRef), u32>,
    /// Base delta: same stride SCEV, index and type.
    base: FxHashMap<(Scev, Const, LLVMValueRef), u32>,
    /// Stride delta: same base, index and type.
    stride: FxHashMap<(Scev, Const, LLVMValueRef), u32>,
    /// Per candidate and kind (`Keys::slot`), the previous candidate with
    /// the same key, or [`Keys::END`].
    prev: Vec<[u32; 3]>,
    /// Are base and stride keys kept? Only their searches read them.
    base_and_stride: bool,
}

fn type_key(c: &Candidate<'_>) -> LLVMValueRef {
    // The type's identity, as a plain pointer for the key.
    use inkwell::types::AsTypeRef;
    TypeRef::of(c.inst).as_type_ref().cast()
}

impl Keys {
    const END: u32 = u32::MAX;

    fn new(n: usize, base_and_stride: bool) -> Self {
        fn with<K, V>(cap: usize) -> FxHashMap<K, V> {
            FxHashMap::with_capacity_and_hasher(cap, Default::default())
        }
        let other = if base_and_stride { n } else { 0 };
        Keys {
            index: with(n),
            base: with(other),
            stride: with(other),
            prev: Vec::with_capacity(n),
            base_and_stride,
        }
    }

    fn slot(kind: DeltaKind) -> usize {
        match kind {
            DeltaKind::Index => 0,
            DeltaKind::Base => 1,
            DeltaKind::Stride => 2,
        }
    }

    fn link(k: u32) -> Option<usize> {
        (k != Keys::END).then_some(k as usize)
    }

    /// The latest candidate added with `c`'s key of `kind`.
    fn latest(&self, kind: DeltaKind, c: &Candidate<'_>) -> Option<usize> {
        let t = type_key(c);
        let found = match kind {
            DeltaKind::Index => self.index.get(&(c.base, c.stride_scev, t)),
            _ if !self.base_and_stride => None,
            DeltaKind::Base => self.base.get(&(c.stride_scev, c.index, t)),
            DeltaKind::Stride => self.stride.get(&(c.base, c.index, t)),
        };
        found.copied().and_then(Keys::link)
    }

    /// The candidate added before `j` with `j`'s key of `kind`.
    fn before(&self, kind: DeltaKind, j: usize) -> Option<usize> {
        Keys::link(self.prev[j][Keys::slot(kind)])
    }

    /// The candidates with `c`'s key of `kind`, latest first.
    fn list<'k>(&'k self, kind: DeltaKind, c: &Candidate<'_>) -> impl Iterator<Item = usize> + 'k {
        std::iter::successors(self.latest(kind, c), move |&j| self.before(kind, j))
    }

    /// Adds candidate `k` (the next one: `k` is the number added so far).
    fn add(&mut self, k: usize, c: &Candidate<'_>) {
        debug_assert_eq!(
            k,
            self.prev.len(),
            "gpucc-slsr: candidates are added in order"
        );
        let t = type_key(c);
        let id = u32::try_from(k).expect("gpucc-slsr: fewer than 2^32 candidates");
        let mut links = [Keys::END; 3];
        links[0] = self
            .index
            .insert((c.base, c.stride_scev, t), id)
            .unwrap_or(Keys::END);
        if self.base_and_stride {
            links[1] = self
                .base
                .insert((c.stride_scev, c.index, t), id)
                .unwrap_or(Keys::END);
            links[2] = self
                .stride
                .insert((c.base, c.index, t), id)
                .unwrap_or(Keys::END);
        }
        self.prev.push(links);
    }
}

/// The basis search over all candidates, in order.
struct Search<'p, 'r, 'a> {
    an: Analyses<'r, 'a>,
    behaviour: SlsrBehaviour,
    cands: &'p [Candidate<'a>],
    blocks: Vec<BasicBlock<'a>>,
    max_scan: usize,
    explain: bool,
    keys: Keys,
    /// Strides seen so far (instructions scalar evolution sees into), by
    /// SCEV, in the order they were seen: the delta values on offer
    /// (upstream's `SCEVToInsts`).
    strides: FxHashMap<Scev, Vec<IntValue<'a>>>,
    seen_strides: FxHashMap<LLVMValueRef, ()>,
    /// Poison leaves of instructions' SCEVs, computed once each: where
    /// each instruction's are in `leaf_values`.
    leaves: FxHashMap<LLVMValueRef, std::ops::Range<usize>>,
    leaf_values: Vec<LLVMValueRef>,
    /// Room for `Sx::poison_leaves_into` and for the poison walks.
    leaf_room: Vec<LLVMValueRef>,
    walker: poison::Walker<'a>,
    choices: Vec<Option<Choice<'a>>>,
    notes: Vec<Option<Note<'a>>>,
    /// Instructions whose poison flags go, in order found, and membership.
    drops: Vec<InstructionValue<'a>>,
    dropped: FxHashMap<LLVMValueRef, ()>,
    /// Flags a reuse spared because the candidate implies them, by
    /// instruction: the basis candidate they belong to, and which.
    /// `check_kept` holds each against every rewrite that depends on it.
    kept: FxHashMap<LLVMValueRef, (usize, Spared)>,
}

/// A flag of a reused basis that the candidate implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spared {
    /// The basis GEP's own `inbounds` (`Search::lies_between`).
    Inbounds,
    /// The `nsw` of its factored, sign-extended index (LLVM 16's model;
    /// `Search::essential_implied`).
    Essential,
}

/// Is `v` twice the value of SCEV `half`, as integers: `A <<nsw 1`,
/// `A *nsw 2` or `A +nsw A` with `A` computing `half`?
fn doubles_with_nsw(se: &Se<'_>, v: IntValue<'_>, half: Scev) -> bool {
    if !flags(v).nsw {
        return false;
    }
    let (Some(a), Some(b)) = (ir::int_operand(v, 0), ir::int_operand(v, 1)) else {
        return false;
    };
    let two = |x: IntValue<'_>, k: i128| ir::const_int(x).is_some_and(|(_, c)| c == k);
    match ir::int_op(v) {
        Some(IntOp::Shl) => two(b, 1) && se.of(a) == half,
        Some(IntOp::Mul) => (two(b, 2) && se.of(a) == half) || (two(a, 2) && se.of(b) == half),
        Some(IntOp::Add) => a == b && se.of(a) == half,
        _ => false,
    }
}

/// `v` as `m * A` with `m` a constant, where the product is exact whenever
/// `v` is not poison: `mul nsw A, m`, `shl nsw A, k` (`m = 2^k`, below the
/// sign bit), or `v` itself (`m = 1`).
fn multiple_of(v: IntValue<'_>) -> Option<(IntValue<'_>, i128)> {
    let w = v.get_type().get_bit_width();
    let op = ir::int_op(v);
    if !matches!(op, Some(IntOp::Mul | IntOp::Shl)) || !flags(v).nsw {
        return Some((v, 1));
    }
    let a = ir::int_operand(v, 0)?;
    let (_, m) = ir::const_int(ir::int_operand(v, 1)?)?;
    match op {
        Some(IntOp::Mul) => Some((a, m)),
        _ if (0..i128::from(w) - 1).contains(&m) && m < 126 => Some((a, 1i128 << m)),
        _ => None,
    }
}

/// Strides `s = m * A` and `s2 = m2 * A` of one `A` (its SCEV), with `s2`
/// exact wherever it is not poison (`multiple_of`) and `m` between 0 and
/// `m2`: then `s` is exact there too, and lies between 0 and `s2`.
fn multiples_between(se: &Se<'_>, s: IntValue<'_>, s2: IntValue<'_>) -> Option<(Scev, i128, i128)> {
    let ((a2, m2), (a, m)) = (multiple_of(s2)?, multiple_of(s)?);
    let sa = se.of(a2);
    (between_zero_and(m, m2) && sa == se.of(a)).then_some((sa, m, m2))
}

/// The multiplier `i` of a candidate or a delta, for the cost model.
fn operand_of(v: IntValue<'_>) -> Operand {
    match ir::const_int(v) {
        Some((bits, c)) => Operand::constant(Const::new(bits, c)),
        None => Operand::Variable,
    }
}

/// What rewriting `c` with `choice` leaves to compute (upstream's
/// `getRewriteEfficiency`).
fn rewrite_efficiency(c: &Candidate<'_>, kind: DeltaKind, delta: Delta<'_>) -> Efficiency {
    match (kind, delta) {
        (DeltaKind::Index, Delta::Index(d)) => {
            efficiency(c.form, d, operand_of(c.stride), Operand::Variable)
        }
        (DeltaKind::Base, Delta::Value(v)) => efficiency(
            c.form,
            Const::new(v.get_type().get_bit_width(), 1),
            operand_of(v),
            Operand::Variable,
        ),
        (DeltaKind::Stride, Delta::Value(v)) => {
            efficiency(c.form, c.index, operand_of(v), Operand::Variable)
        }
        _ => Efficiency::Unknown,
    }
}

/// `c.index - x.index` (both have one width: the keys include the type).
fn index_delta(c: &Candidate<'_>, x: &Candidate<'_>) -> Const {
    let bits = c.index.bits().max(x.index.bits());
    c.index.sext(bits).wrapping_sub(x.index.sext(bits))
}

/// Does `i` lie between 0 and `end` (either sign, both ends included)?
fn between_zero_and(i: i128, end: i128) -> bool {
    if end >= 0 {
        0 <= i && i <= end
    } else {
        end <= i && i <= 0
    }
}

/// Does `x`'s index lie between 0 and `c`'s?
fn index_between(x: &Candidate<'_>, c: &Candidate<'_>) -> bool {
    let bits = c.index.bits().max(x.index.bits());
    between_zero_and(x.index.sext(bits).signed(), c.index.sext(bits).signed())
}

impl<'a> Search<'_, '_, 'a> {
    /// `x` and `c` are different instructions of one form (upstream's
    /// `isSimilar`; the keys already match the rest).
    fn similar(&self, j: usize, k: usize) -> bool {
        let (x, c) = (&self.cands[j], &self.cands[k]);
        x.inst != c.inst && x.form == c.form
    }

    /// Does candidate `j` dominate candidate `k` (an earlier one)? Block
    /// dominance suffices: within a block, `j` comes first. Pinned by
    /// @no_basis_in_sibling_block in add-form.ll.
    fn dominates(&self, j: usize, k: usize) -> bool {
        self.an.dt.dominates_block(self.blocks[j], self.blocks[k])
    }

    /// Notes `s` as a stride on offer as a delta value (before `k`'s own
    /// search, as upstream records it when it makes the candidate).
    fn record_stride(&mut self, k: usize) {
        if !self.behaviour.base_and_stride_deltas {
            return; // only base and stride deltas take delta values
        }
        let c = &self.cands[k];
        if c.stride.as_instruction().is_none() || self.an.se.kind(c.stride_scev) != ScevKind::Other
        {
            return;
        }
        let id = c.stride.as_value_ref();
        if self.seen_strides.insert(id, ()).is_none() {
            self.strides
                .entry(c.stride_scev)
                .or_default()
                .push(c.stride);
        }
    }

    /// A value that computes `s` and is available at candidate `k`: a
    /// constant, an opaque value that dominates it, or the latest recorded
    /// stride with that SCEV that dominates it (upstream's
    /// `getNearestValueOfSCEV`).
    fn value_of(&self, s: Scev, k: usize) -> Option<IntValue<'a>> {
        let at = self.cands[k].inst;
        match self.an.se.kind(s) {
            ScevKind::CouldNotCompute => None,
            ScevKind::Constant(v) => Some(v),
            ScevKind::Unknown(v) => {
                let v = v?;
                // Beyond upstream: a value defined after `at` is no delta.
                match v.as_instruction() {
                    Some(i) => self.an.dt.dominates(i, at).then_some(v),
                    None => Some(v),
                }
            }
            ScevKind::Other => self
                .strides
                .get(&s)?
                .iter()
                .rev()
                .find(|v| {
                    v.as_instruction()
                        .is_some_and(|i| self.an.dt.dominates(i, at))
                })
                .copied(),
        }
    }

    /// Where the poison leaves of the SCEV of instruction `i` are in
    /// `leaf_values`.
    fn leaves_of(&mut self, i: InstructionValue<'a>) -> std::ops::Range<usize> {
        let sx = self.an.sx;
        let Search {
            leaves,
            leaf_values,
            leaf_room,
            ..
        } = self;
        leaves
            .entry(i.as_value_ref())
            .or_insert_with(|| {
                sx.poison_leaves_into(sx.of(i), leaf_room);
                let start = leaf_values.len();
                leaf_values.extend_from_slice(leaf_room);
                start..leaf_values.len()
            })
            .clone()
    }

    /// `poison::reuse_drops` of `d` over the leaves at `leaves`.
    fn reuse_drops(
        &mut self,
        d: InstructionValue<'a>,
        leaves: std::ops::Range<usize>,
    ) -> Option<Vec<InstructionValue<'a>>> {
        self.walker.reuse_drops(d, &self.leaf_values[leaves])
    }

    /// Can basis `j` (and the delta value `d`) be reused for candidate `k`
    /// without adding poison? `Ok(instructions whose flags must go)`.
    /// The second result says whether nothing of the basis had to go (its
    /// flags then hold wherever the rewrite matters).
    fn reuse(
        &mut self,
        j: usize,
        k: usize,
        d: Option<IntValue<'a>>,
    ) -> Result<(Vec<InstructionValue<'a>>, bool), IntValueOrInst<'a>> {
        let x = self.cands[j].inst;
        // Reusing a GEP basis whose poison is undefined behaviour (it is
        // loaded from, ...) drops nothing, whatever the leaves: `reuse_drops`
        // answers so, and asked first, it spares making the basis's SCEV.
        let mut drops = if self.cands[j].form == Form::Gep
            && !self.leaves.contains_key(&x.as_value_ref())
            && crate::llvm::nary::undefined_if_poison(x)
        {
            Vec::new()
        } else {
            let leaves = self.leaves_of(x);
            self.reuse_drops(x, leaves).ok_or(IntValueOrInst::Basis)?
        };
        let x_trusted = drops.is_empty();
        // A basis between the candidate's pointer operand and the candidate
        // keeps its own inbounds (LLVM 16's row; module docs, "inbounds").
        if self.behaviour.keeps_between_basis_inbounds && self.lies_between(j, k) {
            if let Some(at) = drops.iter().position(|&i| i == x) {
                drops.remove(at);
                self.kept.insert(x.as_value_ref(), (j, Spared::Inbounds));
            }
        }
        // A factored, sign-extended GEP index needs its nsw (LLVM 16's
        // model), unless the candidate's own index implies it
        // (`essential_implied`).
        // Implied, the nsw holds wherever the candidate is defined: it
        // stays (as LLVM 16 keeps it), checked again by `check_kept`.
        if let Some(term) = self.cands[j].essential {
            if let Some(at) = drops
                .iter()
                .position(|i| i.as_value_ref() == term.as_value_ref())
            {
                if !self.essential_implied(j, k) {
                    return Err(IntValueOrInst::Essential(term));
                }
                let spared = drops.remove(at);
                self.kept
                    .insert(spared.as_value_ref(), (j, Spared::Essential));
            }
        }
        if let Some(v) = d {
            if let Some(di) = v.as_instruction() {
                let c = self.cands[k].inst;
                let leaves = self.leaves_of(c);
                drops.extend(
                    self.reuse_drops(di, leaves)
                        .ok_or(IntValueOrInst::Delta(v))?,
                );
            }
        }
        Ok((drops, x_trusted))
    }

    fn note_drops(&mut self, drops: Vec<InstructionValue<'a>>) {
        for i in drops {
            if self.dropped.insert(i.as_value_ref(), ()).is_none() {
                self.drops.push(i);
            }
        }
    }

    /// `v` sign-extended to `ty`, as scalar evolution sees it; when
    /// `trusted` (`v` is not poison wherever it matters), also through the
    /// `nsw` adds, subs, muls and shifts that compute it, whose flags then
    /// hold: `sext(a +nsw b) = sext(a) + sext(b)`. (Scalar evolution keeps
    /// an IR flag only where it proves the instruction never poison, which
    /// a GEP index seldom is.)
    fn widened(&self, v: IntValue<'a>, ty: IntType<'a>, trusted: bool, depth: u32) -> Scev {
        let se = self.an.se;
        let plain = || se.cast(se.of(v), ty, true);
        if !trusted || depth >= MAX_WIDEN_DEPTH || v.as_instruction().is_none() {
            return plain();
        }
        let (Some(op), true) = (ir::int_op(v), flags(v).nsw) else {
            return plain();
        };
        let (Some(a), Some(b)) = (ir::int_operand(v, 0), ir::int_operand(v, 1)) else {
            return plain();
        };
        let w = |x| self.widened(x, ty, trusted, depth + 1);
        match op {
            IntOp::Add => se.binary(ScevOp::Add, w(a), w(b)),
            IntOp::Sub => se.minus(w(a), w(b)),
            IntOp::Mul => se.binary(ScevOp::Mul, w(a), w(b)),
            IntOp::Shl => match ir::const_int(b) {
                Some((_, k)) if k >= 0 && k < i128::from(v.get_type().get_bit_width()) => {
                    let k = u32::try_from(k).expect("gpucc-slsr: shift below the width");
                    let pow = 1i64.checked_shl(k).filter(|p| *p > 0);
                    match pow {
                        Some(p) => se.binary(ScevOp::Mul, w(a), se.constant(ty, p)),
                        None => plain(),
                    }
                }
                _ => plain(),
            },
            _ => plain(),
        }
    }

    /// Is a stride delta `d` (a value computing `diff`) from `x` to `c`
    /// exact? It is for an integer candidate (all arithmetic wraps alike),
    /// and for a GEP whose strides are as wide as the index type. A narrower
    /// stride is sign-extended by the GEP, and `sext(S') = sext(S) +
    /// sext(S' - S)` only when `S + (S' - S)` does not wrap, which must be
    /// shown: by scalar evolution, through the `nsw` flags of `c`'s stride
    /// (which hold wherever `c` is not poison) and, when `x_trusted` (no
    /// flag of `x`'s had to go), of `x`'s; or because `S'` is `A +nsw B`
    /// with `A` computing `S` and `B` the delta (the unrolled `s' = s + n`).
    /// Pinned by test/ir/slsr/refuses-wrapping-stride-delta.ll.
    fn stride_delta_exact(
        &self,
        c: &Candidate<'a>,
        x: &Candidate<'a>,
        diff: Scev,
        x_trusted: bool,
    ) -> bool {
        if c.form != Form::Gep {
            return true;
        }
        let bits = c.index.bits();
        let narrow = c.stride.get_type().get_bit_width();
        if narrow >= bits {
            return true;
        }
        let ty = c
            .stride
            .get_type()
            .get_context()
            .custom_width_int_type(NonZeroU32::new(bits).expect("gpucc-slsr: index width > 0"))
            .expect("gpucc-slsr: valid integer width");
        let se = self.an.se;
        let sum = se.binary(
            ScevOp::Add,
            self.widened(x.stride, ty, x_trusted, 0),
            se.cast(diff, ty, true),
        );
        if self.widened(c.stride, ty, true, 0) == sum {
            return true;
        }
        // S' = c' *nsw A and S = c * A with c between 0 and c': where `c`
        // is defined, no multiple of A up to c' wraps, so neither S nor the
        // delta (c' - c) * A does (`&b[sext(3s)]` from `&b[sext(2s)]`).
        if let Some((a, m0, m1)) = multiples_between(se, x.stride, c.stride) {
            if let Ok(d) = i64::try_from(m1 - m0) {
                if se.binary(ScevOp::Mul, a, se.constant(c.stride.get_type(), d)) == diff {
                    return true;
                }
            }
        }
        // S' = A +nsw B, A = S and B = S' - S (in either order).
        if ir::int_op(c.stride) == Some(IntOp::Add) && flags(c.stride).nsw {
            if let (Some(a), Some(b)) = (ir::int_operand(c.stride, 0), ir::int_operand(c.stride, 1))
            {
                let (sa, sb) = (se.of(a), se.of(b));
                return (sa == x.stride_scev && sb == diff) || (sb == x.stride_scev && sa == diff);
            }
        }
        false
    }

    /// Finds candidate `k`'s basis (upstream's `setBasisAndDeltaFor`).
    fn search(&mut self, k: usize) -> (Option<Choice<'a>>, Option<Note<'a>>) {
        let c = self.cands[k];
        let reach = if self.explain {
            self.max_scan.saturating_mul(EXPLAIN_SCAN_FACTOR)
        } else {
            self.max_scan
        };
        let mut note: Option<Note<'a>> = None;
        let mut not_dominating = None;
        // Index delta: the nearest basis whose rewrite is no dearer.
        let mut next = self.keys.latest(DeltaKind::Index, &c);
        let mut n = 0;
        while let Some(j) = next.filter(|_| n < reach) {
            next = self.keys.before(DeltaKind::Index, j);
            n += 1;
            let n = n - 1;
            if !self.dominates(j, k) {
                not_dominating.get_or_insert(j);
                continue;
            }
            if !self.similar(j, k) {
                continue;
            }
            if n >= self.max_scan {
                note.get_or_insert(Note::BeyondScan { basis: j });
                break;
            }
            let d = index_delta(&c, &self.cands[j]);
            if rewrite_efficiency(&c, DeltaKind::Index, Delta::Index(d)) < c.efficiency {
                note.get_or_insert(Note::Unprofitable { basis: j });
                continue;
            }
            match self.reuse(j, k, None) {
                Ok((drops, _)) => {
                    self.note_drops(drops);
                    let choice = Choice {
                        basis: j,
                        kind: DeltaKind::Index,
                        delta: Delta::Index(d),
                    };
                    return (Some(choice), None);
                }
                Err(what) => {
                    note.get_or_insert(Note::Poisonous { basis: j, what });
                }
            }
        }
        if c.form == Form::Mul || !self.behaviour.base_and_stride_deltas {
            return (
                None,
                note.or(not_dominating.map(|other| Note::NotDominating { other })),
            );
        }
        // Base, then stride delta: a constant one ends the search, else the
        // first value found stays.
        let mut best: Option<Choice<'a>> = None;
        for kind in [DeltaKind::Base, DeltaKind::Stride] {
            let mut next = self.keys.latest(kind, &c);
            let mut n = 0;
            while let Some(j) = next.filter(|_| n < self.max_scan) {
                next = self.keys.before(kind, j);
                n += 1;
                if !self.dominates(j, k) || !self.similar(j, k) {
                    continue;
                }
                let x = self.cands[j];
                let d = match kind {
                    DeltaKind::Base => self.an.se.minus(c.base, x.base),
                    _ => {
                        if c.stride.get_type() != x.stride.get_type() {
                            continue;
                        }
                        self.an.se.minus(c.stride_scev, x.stride_scev)
                    }
                };
                let Some(v) = self.value_of(d, k) else {
                    continue;
                };
                let (drops, x_trusted) = match self.reuse(j, k, Some(v)) {
                    Ok(r) => r,
                    Err(what) => {
                        note.get_or_insert(Note::Poisonous { basis: j, what });
                        continue;
                    }
                };
                if kind == DeltaKind::Stride && !self.stride_delta_exact(&c, &x, d, x_trusted) {
                    note.get_or_insert(Note::StrideMayWrap { basis: j });
                    continue;
                }
                self.note_drops(drops);
                let constant = ir::const_int(v).is_some();
                if best.is_none() || constant {
                    best = Some(Choice {
                        basis: j,
                        kind,
                        delta: Delta::Value(v),
                    });
                }
                if constant {
                    return (best, None);
                }
            }
        }
        match best {
            Some(choice) => (Some(choice), None),
            None => (
                None,
                note.or(not_dominating.map(|other| Note::NotDominating { other })),
            ),
        }
    }

    /// Does basis `j` point into the object of GEP candidate `k` (an
    /// `inbounds` one) wherever `k` is defined? Then `X + bump` may be
    /// `inbounds` too. Proven when X is an `inbounds` GEP that cannot be
    /// poison where it matters (poison in it is undefined behaviour), when
    /// X is loaded from or stored to right away, when X is one of the
    /// points Y's own GEP passes through (its pointer operand, or that plus
    /// its first indices), or when Y has one variable index and no other
    /// offset and X lies between Y's pointer operand and Y (the index delta
    /// `i` between 0 and `i'`; the stride delta X's own stride, `S' = 2S`).
    fn in_object(&self, j: usize, k: usize, choice: Choice<'a>) -> bool {
        let (x, c) = (&self.cands[j], &self.cands[k]);
        let xf = flags(x.inst);
        if xf.inbounds && crate::llvm::nary::undefined_if_poison(x.inst) {
            return true;
        }
        if ir::dereferenced_after(x.inst) {
            return true;
        }
        let Some(shape) = self.an.layout.gep_shape(c.inst) else {
            return false;
        };
        let Some(ptr) = crate::llvm::pointer_operand(&c.inst, 0) else {
            return false;
        };
        let indices: Vec<IntValue<'a>> = (1..c.inst.get_num_operands())
            .filter_map(|i| ir::int_operand(c.inst, i))
            .collect();
        if indices.len() != shape.steps.len() {
            return false;
        }
        let se = self.an.se;
        let xs = se.of(x.inst);
        // The points Y's GEP passes through.
        let idx_ty = int_type(c.stride, c.index.bits());
        let mut point = se.of(ptr);
        if point == xs {
            return true;
        }
        for (step, &idx) in shape.steps.iter().zip(&indices) {
            let off = match *step {
                GepStep::Field { offset } => se.constant(idx_ty, offset.cast_signed()),
                GepStep::Element { size } => se.binary(
                    ScevOp::Mul,
                    se.cast(se.of(idx), idx_ty, true),
                    se.constant(idx_ty, size.cast_signed()),
                ),
            };
            point = se.binary(ScevOp::Add, point, off);
            if point == xs {
                return true;
            }
        }
        // Between Y's pointer operand and Y, with one variable index only.
        if indices.iter().filter(|i| !ir::is_zero_int(**i)).count() > 1
            || shape
                .steps
                .iter()
                .any(|st| matches!(st, GepStep::Field { offset } if *offset != 0))
        {
            return false;
        }
        match (choice.kind, choice.delta) {
            (DeltaKind::Index, _) => index_between(x, c),
            (DeltaKind::Stride, Delta::Value(v)) => {
                // S = m * A and S' = m' * A exactly, m between 0 and m'.
                if multiples_between(se, x.stride, c.stride).is_some() {
                    return true;
                }
                // S' = S + S exactly: the delta is X's stride, and either the
                // exactness check widened it (a narrow stride) or the IR
                // doubles it with nsw.
                if se.of(v) != x.stride_scev {
                    return false;
                }
                if c.stride.get_type().get_bit_width() < c.index.bits() {
                    return true; // stride_delta_exact showed it
                }
                doubles_with_nsw(se, c.stride, x.stride_scev)
            }
            _ => false,
        }
    }

    /// Does GEP basis `j` lie between the pointer operand of GEP candidate
    /// `k` and `k`, where `k` is `inbounds`? Both are GEPs with one
    /// variable index and no other offset, off pointers scalar evolution
    /// finds equal, with one base and stride, and `j`'s index `i` lies
    /// between 0 and `k`'s `i'`. Then wherever `k` is defined its pointer
    /// operand and `k` are in one object, so `j` is too (an object is one
    /// range of addresses), and `j`'s own `inbounds` holds:
    /// `&in[s]` between `in` and `&in[2s]`, but not `&in[s][t]` between
    /// `in` and `&in[2s][t]` (`t` may point before the array).
    fn lies_between(&self, j: usize, k: usize) -> bool {
        let (x, c) = (&self.cands[j], &self.cands[k]);
        if x.form != Form::Gep
            || c.form != Form::Gep
            || !flags(c.inst).inbounds
            || x.base != c.base
            || x.stride_scev != c.stride_scev
        {
            return false;
        }
        let (Some(px), Some(pc)) = (self.one_index_base(x.inst), self.one_index_base(c.inst))
        else {
            return false;
        };
        let se = self.an.se;
        se.of(px) == se.of(pc) && index_between(x, c)
    }

    /// The pointer operand of GEP `g` when `g` has one variable index and
    /// no other offset (every other index zero), so the points it passes
    /// through are that pointer and `g` itself.
    fn one_index_base(&self, g: InstructionValue<'a>) -> Option<PointerValue<'a>> {
        let shape = self.an.layout.gep_shape(g)?;
        let ptr = crate::llvm::pointer_operand(&g, 0)?;
        let indices: Vec<IntValue<'a>> = (1..g.get_num_operands())
            .filter_map(|i| ir::int_operand(g, i))
            .collect();
        let one = indices.len() == shape.steps.len()
            && indices.iter().filter(|i| !ir::is_zero_int(**i)).count() == 1
            && !shape
                .steps
                .iter()
                .any(|st| matches!(st, GepStep::Field { offset } if *offset != 0));
        one.then_some(ptr)
    }

    /// Drops the `inbounds` a reuse spared (`kept`) wherever a rewrite
    /// depends on the basis without the basis lying between that
    /// rewrite's pointer operand and it. A rewrite depends on its basis,
    /// and, where the basis is rewritten too, on that rewrite's basis, down
    /// the chain, so each link is checked against the candidate at the
    /// chain's top: `&in[2s]` kept for `&in[3s]` may be poison where
    /// `&in[s]`, rebuilt from the rebuilt `&in[3s]`, is not. `picks` maps a
    /// rewritten instruction to its candidate and choice.
    fn check_kept(&mut self, picks: &FxHashMap<LLVMValueRef, (usize, Choice<'a>)>) {
        if self.kept.is_empty() {
            return;
        }
        let mut lost = Vec::new();
        let mut lose = |s: &Self, i: Option<InstructionValue<'a>>, holds: &dyn Fn() -> bool| {
            if let Some(i) = i {
                let key = i.as_value_ref();
                if s.kept.contains_key(&key) && !s.dropped.contains_key(&key) && !holds() {
                    lost.push(i);
                }
            }
        };
        for &(k, choice) in picks.values() {
            let mut b = choice.basis;
            let mut link = choice.kind;
            loop {
                let bi = self.cands[b].inst;
                let key = bi.as_value_ref();
                let index_link = link == DeltaKind::Index;
                lose(self, Some(bi), &|| index_link && self.lies_between(b, k));
                let term = self.cands[b].essential.and_then(|t| t.as_instruction());
                lose(self, term, &|| index_link && self.essential_implied(b, k));
                match picks.get(&key) {
                    Some(&(_, next)) => {
                        b = next.basis;
                        if next.kind != DeltaKind::Index {
                            link = next.kind;
                        }
                    }
                    None => break,
                }
            }
        }
        // In candidate order, as the drops found during the search.
        lost.sort_by_key(|i| self.kept[&i.as_value_ref()].0);
        self.note_drops(lost);
    }

    /// Does candidate `k` imply the `nsw` of basis `j`'s factored,
    /// sign-extended index `S *nsw c` (LLVM 16's model)? It does when
    /// `k`'s own `c' * S` cannot overflow where `k` is defined (its own
    /// `nsw`, or `c' = 1`) and `c` lies between 0 and `c'`. Pinned by
    /// @gep_skips_a_basis_whose_index_may_overflow in overflow-flags.ll and
    /// @gep_negative_bump_extends_first in stride-forms.ll.
    fn essential_implied(&self, j: usize, k: usize) -> bool {
        let (cx, cc) = (self.cands[j].factor, &self.cands[k]);
        let exact = cc.essential.is_some() || cc.factor == 1;
        exact && between_zero_and(cx, cc.factor) && self.cands[j].stride_scev == cc.stride_scev
    }

    /// Why a candidate that is not searched would not be rewritten, if a
    /// would-be basis exists (for remarks only).
    fn explain_unsearched(&self, k: usize) -> Option<Note<'a>> {
        let c = &self.cands[k];
        let reach = self.max_scan.saturating_mul(EXPLAIN_SCAN_FACTOR);
        let kinds: &[DeltaKind] = if self.behaviour.base_and_stride_deltas && c.form != Form::Mul {
            &[DeltaKind::Index, DeltaKind::Base, DeltaKind::Stride]
        } else {
            &[DeltaKind::Index]
        };
        let basis = kinds.iter().find_map(|&kind| {
            self.keys
                .list(kind, c)
                .take(reach)
                .find(|&j| self.dominates(j, k) && self.similar(j, k))
        })?;
        Some(if c.foldable {
            Note::Foldable { basis }
        } else {
            Note::Cheap { basis }
        })
    }

    /// Rebuilds `k` from a deeper basis of its basis chain when the delta to
    /// it is a constant (upstream's `compressPath`).
    fn compress(&self, k: usize, choice: Choice<'a>) -> Choice<'a> {
        let c = self.cands[k];
        if c.form == Form::Mul {
            return choice;
        }
        let se = self.an.se;
        let mut found = choice;
        let mut root = choice.basis;
        while let Some(next) = self.choices[root] {
            let nx = next.basis;
            let n = self.cands[nx];
            if c.base == n.base && c.stride_scev == n.stride_scev && self.similar(nx, k) {
                let d = index_delta(&c, &n);
                let constant_stride = matches!(se.kind(c.stride_scev), ScevKind::Constant(_));
                if d.is_zero() || d.is_one() || constant_stride {
                    root = nx;
                    found = Choice {
                        basis: nx,
                        kind: DeltaKind::Index,
                        delta: Delta::Index(d),
                    };
                    continue;
                }
            }
            if !self.behaviour.base_and_stride_deltas {
                break;
            }
            let (kind, diff) = if c.base == n.base && c.index == n.index {
                if c.stride.get_type() != n.stride.get_type() {
                    break;
                }
                (DeltaKind::Stride, se.minus(c.stride_scev, n.stride_scev))
            } else if c.stride_scev == n.stride_scev && c.index == n.index {
                (DeltaKind::Base, se.minus(c.base, n.base))
            } else {
                break;
            };
            if !self.similar(nx, k) {
                break;
            }
            let ScevKind::Constant(v) = se.kind(diff) else {
                break;
            };
            if kind == DeltaKind::Stride && !self.stride_delta_exact(&c, &n, diff, false) {
                break;
            }
            root = nx;
            found = Choice {
                basis: nx,
                kind,
                delta: Delta::Value(v),
            };
        }
        found
    }
}

/// Reads the function and decides every rewrite; writes nothing.
fn plan<'a>(
    an: Analyses<'_, 'a>,
    behaviour: SlsrBehaviour,
    params: SlsrParams,
    explain: bool,
    stats: &mut Stats,
) -> Plan<'a> {
    let (cands, blocks) = slsr_candidates::collect(
        an.f,
        an.dt,
        an.se,
        an.tti,
        an.layout,
        !behaviour.base_and_stride_deltas,
    );
    let n = cands.len();
    let mut s = Search {
        an,
        behaviour,
        cands: &cands,
        blocks,
        max_scan: usize::try_from(params.max_scan).unwrap_or(usize::MAX),
        explain,
        keys: Keys::new(n, behaviour.base_and_stride_deltas),
        strides: FxHashMap::default(),
        seen_strides: FxHashMap::default(),
        leaves: FxHashMap::default(),
        leaf_values: Vec::new(),
        leaf_room: Vec::new(),
        walker: poison::Walker::default(),
        choices: Vec::with_capacity(n),
        notes: Vec::with_capacity(if explain { n } else { 0 }),
        drops: Vec::new(),
        dropped: FxHashMap::default(),
        kept: FxHashMap::default(),
    };
    // Asked once: the loop runs per candidate.
    let tracing = debug::enabled(NAME);
    for k in 0..n {
        s.record_stride(k);
        let c = &cands[k];
        let (choice, note) = if !c.foldable && !c.is_cheap() {
            let (choice, note) = s.search(k);
            (choice.map(|ch| s.compress(k, ch)), note)
        } else if explain {
            (None, s.explain_unsearched(k))
        } else {
            (None, None)
        };
        if tracing {
            debug::trace(NAME, || {
                describe_search(&cands, k, choice.as_ref(), note.as_ref())
            });
        }
        if choice.is_some() {
            stats.num_with_basis += 1;
        }
        s.choices.push(choice);
        // Notes only explain (remarks), as `missed` below.
        if explain {
            s.notes.push(note);
        }
        s.keys.add(k, c);
    }
    stats.num_candidates = n as u64;

    // Per instruction (its candidates are adjacent), the cheapest rewrite,
    // the last on a tie; backwards, so every rewrite comes before those of
    // its basis, delta and stride (they dominate it).
    let mut rewrites = Vec::new();
    let mut order = Vec::new();
    let mut rewritten: FxHashMap<LLVMValueRef, usize> = FxHashMap::default();
    let mut end = n;
    while end > 0 {
        let inst = cands[end - 1].inst;
        let mut start = end - 1;
        while start > 0 && cands[start - 1].inst == inst {
            start -= 1;
        }
        let mut best: Option<(Efficiency, usize)> = None;
        for k in (start..end).rev() {
            if let Some(ch) = s.choices[k] {
                let e = rewrite_efficiency(&cands[k], ch.kind, ch.delta);
                if best.is_none_or(|(b, _)| e > b) {
                    best = Some((e, k));
                }
            }
        }
        if let Some((_, k)) = best {
            if debug::allow_rewrite(NAME) {
                let ch = s.choices[k].expect("gpucc-slsr: the best candidate has a choice");
                rewritten.insert(inst.as_value_ref(), k);
                order.push((k, ch));
            }
        }
        end = start;
    }
    // Spared inbounds checked against every rewrite that depends on it,
    // before any rewrite reads the flags.
    let picks: FxHashMap<LLVMValueRef, (usize, Choice<'_>)> = order
        .iter()
        .map(|&(k, ch)| (cands[k].inst.as_value_ref(), (k, ch)))
        .collect();
    s.check_kept(&picks);
    for &(k, ch) in &order {
        rewrites.push(make_rewrite(&s, k, ch));
    }
    // Why the others stay, once per instruction (for remarks only).
    let mut missed = Vec::new();
    let mut explained: FxHashMap<LLVMValueRef, ()> = FxHashMap::default();
    let explained_range = if explain { 0..n } else { 0..0 };
    for k in explained_range.rev() {
        let key = cands[k].inst.as_value_ref();
        if rewritten.contains_key(&key) || s.choices[k].is_some() {
            continue;
        }
        if let Some(note) = s.notes[k] {
            if explained.insert(key, ()).is_none() {
                missed.push((k, note));
            }
        }
    }
    missed.reverse();
    stats.num_refused_poison = missed
        .iter()
        .filter(|(_, n)| matches!(n, Note::Poisonous { .. }))
        .count() as u64;
    let drops = std::mem::take(&mut s.drops);
    stats.num_flags_dropped = drops
        .iter()
        .filter(|d| !rewritten.contains_key(&d.as_value_ref()))
        .count() as u64;
    stats.num_rewritten = rewrites.len() as u64;
    drop(s);
    Plan {
        cands,
        missed,
        rewrites,
        drops,
        rewritten,
    }
}

/// Decides how candidate `k` is rebuilt from `choice`: the new GEP's form
/// and flags, and the bump's units.
fn make_rewrite<'a>(s: &Search<'_, '_, 'a>, k: usize, choice: Choice<'a>) -> Rewrite<'a> {
    let (c, x) = (&s.cands[k], &s.cands[choice.basis]);
    let mut units = match choice.delta {
        Delta::Index(d) => d,
        Delta::Value(_) => c.index,
    };
    let gep = (c.form == Form::Gep).then(|| {
        // Y's inbounds as it is after the drops, kept only when X points
        // into Y's object (module docs, "inbounds").
        let y_inbounds = flags(c.inst).inbounds && !s.dropped.contains_key(&c.inst.as_value_ref());
        let x_in_object = y_inbounds && s.in_object(choice.basis, k, choice);
        let mut typed = None;
        if !s.behaviour.byte_gep_rewrites {
            // LLVM 16: in elements of X's result type when the bytes divide.
            let shape =
                s.an.layout
                    .gep_shape(x.inst)
                    .expect("gpucc-slsr: a GEP basis has a shape (it was collected)");
            let size = shape.result_elem_size;
            let divides = |v: Const| match v.sdivrem(size) {
                Some((q, r)) if r.is_zero() => Some(q),
                _ => None,
            };
            let in_elements = match (choice.kind, choice.delta) {
                (DeltaKind::Index, _) | (DeltaKind::Stride, _) => divides(units),
                (DeltaKind::Base, Delta::Value(v)) => {
                    ir::const_int(v).and_then(|(bits, d)| divides(Const::new(bits, d)))
                }
                (DeltaKind::Base, Delta::Index(_)) => None,
            };
            if let Some(q) = in_elements {
                units = q;
                typed = Some(shape.result_elem);
            }
        }
        GepRewrite {
            typed,
            inbounds: y_inbounds && x_in_object,
        }
    });
    Rewrite {
        cand: k,
        choice,
        units,
        gep,
    }
}

/// `i * S` or `(B + i) * S` as a remark shows it.
fn form_text(c: &Candidate<'_>, se: &Se<'_>) -> String {
    let b = se.display(c.base);
    let s = llvm::describe(c.stride);
    let i = c.index.signed();
    match c.form {
        Form::Add => format!("{b} + {i} * {s}"),
        Form::Mul => format!("({b} + {i}) * {s}"),
        Form::Gep => format!("{b} + {i} * {s} bytes"),
    }
}

fn bump_text(r: &Rewrite<'_>, c: &Candidate<'_>, x: &Candidate<'_>) -> String {
    let x = llvm::describe(x.inst);
    let zero = match r.choice.delta {
        Delta::Index(d) => d.is_zero(),
        Delta::Value(v) => ir::is_zero_int(v),
    };
    if zero {
        return format!("{x} itself ({} delta 0)", r.choice.kind.name());
    }
    let units = r.units.signed();
    let bump = match (r.choice.kind, r.choice.delta) {
        (DeltaKind::Index, _) => format!("{units} * {}", llvm::describe(c.stride)),
        (DeltaKind::Base, Delta::Value(v)) => match r.gep {
            Some(g) if g.typed.is_some() => units.to_string(),
            _ => llvm::describe(v),
        },
        (DeltaKind::Stride, Delta::Value(v)) => format!("{units} * {}", llvm::describe(v)),
        (_, Delta::Index(_)) => unreachable!("gpucc-slsr: only index deltas are constants"),
    };
    match r.gep {
        None => format!("{x} + {bump} ({} delta)", r.choice.kind.name()),
        Some(g) if g.typed.is_none() => {
            format!("{x} + {bump} bytes ({} delta)", r.choice.kind.name())
        }
        Some(_) => format!("&{x}[{bump}] ({} delta)", r.choice.kind.name()),
    }
}

fn describe_search(
    cands: &[Candidate<'_>],
    k: usize,
    choice: Option<&Choice<'_>>,
    note: Option<&Note<'_>>,
) -> String {
    let c = &cands[k];
    let what = format!(
        "{} {} (i = {}, S = {}, {:?}{})",
        c.form.name(),
        llvm::describe(c.inst),
        c.index.signed(),
        llvm::describe(c.stride),
        c.efficiency,
        if c.foldable { ", foldable" } else { "" },
    );
    match (choice, note) {
        (Some(ch), _) => format!(
            "{what}: basis {} ({} delta)",
            llvm::describe(cands[ch.basis].inst),
            ch.kind.name()
        ),
        (None, Some(n)) => format!("{what}: no basis ({n:?})"),
        (None, None) => format!("{what}: no basis"),
    }
}

/// Emits the plan's remarks: `Rewritten` and the missed ones in candidate
/// order (dominator-tree preorder), then `FlagsDropped`.
fn report(plan: &Plan<'_>, se: &Se<'_>, params: SlsrParams, cx: &PassCx<'_>) {
    if !cx.remarks_wanted() {
        return;
    }
    let mut events: Vec<(usize, Option<&Rewrite<'_>>, Option<Note<'_>>)> = plan
        .rewrites
        .iter()
        .map(|r| (r.cand, Some(r), None))
        .chain(plan.missed.iter().map(|&(k, n)| (k, None, Some(n))))
        .collect();
    events.sort_by_key(|e| e.0);
    for (k, rewrite, note) in events {
        let c = &plan.cands[k];
        if let Some(r) = rewrite {
            let x = &plan.cands[r.choice.basis];
            cx.remark(RemarkKind::Passed, "Rewritten", Some(c.inst), || {
                format!(
                    "rewrote {} ({}) from its basis {} ({}) as {}",
                    llvm::describe(c.inst),
                    form_text(c, se),
                    llvm::describe(x.inst),
                    form_text(x, se),
                    bump_text(r, c, x)
                )
            });
            continue;
        }
        let Some(note) = note else { continue };
        let y = llvm::describe(c.inst);
        let what = || format!("{y} ({})", form_text(c, se));
        let other = |j: usize| llvm::describe(plan.cands[j].inst);
        let (name, msg) = match note {
            Note::NotDominating { other: j } => (
                "NoDominatingBasis",
                format!(
                    "{} not rewritten: {} has the same form, base and stride but does not dominate it",
                    what(),
                    other(j)
                ),
            ),
            Note::BeyondScan { basis } => (
                "ScanLimit",
                format!(
                    "{} not rewritten: its basis {} is more than {} candidates of its kind back \
                     (raise gpucc-slsr<max-scan=N>)",
                    what(),
                    other(basis),
                    params.max_scan
                ),
            ),
            Note::Foldable { basis } => (
                "FoldsIntoAddressing",
                format!(
                    "{} not rewritten from basis {}: it folds into the target's addressing mode, \
                     so computing it is already cheap",
                    what(),
                    other(basis)
                ),
            ),
            Note::Cheap { basis } => (
                "SimplestForm",
                format!(
                    "{} not rewritten from basis {}: it is already in its simplest form",
                    what(),
                    other(basis)
                ),
            ),
            Note::Unprofitable { basis } => (
                "Unprofitable",
                format!(
                    "{} not rewritten from basis {}: the rewrite would cost more than it",
                    what(),
                    other(basis)
                ),
            ),
            Note::StrideMayWrap { basis } => (
                "StrideMayWrap",
                format!(
                    "{} not rewritten from basis {}: its index is sign-extended, and the \
                     difference of the indices may wrap before it is",
                    what(),
                    other(basis)
                ),
            ),
            Note::Poisonous { basis, what: w } => {
                let reason = match w {
                    IntValueOrInst::Basis => format!(
                        "{} may be poison where {y} is not, and dropping flags does not help",
                        other(basis)
                    ),
                    IntValueOrInst::Essential(term) => format!(
                        "its index {} is nsw and may overflow where {y}'s does not, and the \
                         rewrite needs that flag",
                        llvm::describe(term)
                    ),
                    IntValueOrInst::Delta(v) => format!(
                        "the delta {} may be poison where {y} is not, and dropping flags does \
                         not help",
                        llvm::describe(v)
                    ),
                };
                (
                    "PoisonousBasis",
                    format!(
                        "{} not rewritten from basis {}: {reason}",
                        what(),
                        other(basis)
                    ),
                )
            }
        };
        cx.remark(RemarkKind::Missed, name, Some(c.inst), || msg);
    }
    for &d in &plan.drops {
        if plan.rewritten.contains_key(&d.as_value_ref()) {
            continue; // replaced anyway
        }
        cx.remark(RemarkKind::Passed, "FlagsDropped", Some(d), || {
            format!(
                "dropped the poison-generating flags of {}: it is reused by a rewrite, and they \
                 may not hold where the rewritten instruction was defined",
                llvm::describe(d)
            )
        });
    }
}

/// Builds the plan into the IR. Decides nothing.
fn apply<'a>(f: FunctionValue<'a>, plan: &Plan<'a>) -> bool {
    if plan.rewrites.is_empty() {
        return false;
    }
    // Flags first, while every instruction is still in place.
    for &d in &plan.drops {
        crate::llvm::nary::drop_poison_annotations(d);
    }
    let b = f.get_type().get_context().create_builder();
    let mut replaced = Vec::with_capacity(plan.rewrites.len());
    for r in &plan.rewrites {
        let (c, x) = (&plan.cands[r.cand], &plan.cands[r.choice.basis]);
        match emit(&b, r, c, x) {
            Some(new) => {
                llvm::take_name(c.inst, new);
                llvm::replace_all_uses(c.inst, new);
            }
            // A zero delta: `c` computes what `x` does.
            None => llvm::replace_all_uses(c.inst, x.inst),
        }
        replaced.push(c.inst);
    }
    llvm::delete_dead(&replaced);
    true
}

fn int_type<'a>(like: IntValue<'a>, bits: u32) -> inkwell::types::IntType<'a> {
    like.get_type()
        .get_context()
        .custom_width_int_type(NonZeroU32::new(bits).expect("gpucc-slsr: widths are non-zero"))
        .expect("gpucc-slsr: valid integer width")
}

/// A constant of type `ty` with value `v`.
fn const_of<'a>(ty: inkwell::types::IntType<'a>, v: Const) -> IntValue<'a> {
    if v.bits() <= 64 {
        let v = v.to_i64().expect("gpucc-slsr: at most 64 bits");
        ty.const_int(v.cast_unsigned(), true)
    } else {
        ty.const_int_arbitrary_precision(&v.words())
    }
}

const BUILT: &str = "gpucc-slsr: builder is positioned";

/// `v * m` as upstream's `CreateMul` lambda builds it: `v << k` for
/// `m = 2^k`, `0 - (v << k)` for `m = -2^k`, else a `mul` (`m` is
/// sign-extended or truncated to `v`'s width).
fn times<'a>(b: &Builder<'a>, v: IntValue<'a>, m: Const) -> IntValue<'a> {
    let ty = v.get_type();
    let bits = ty.get_bit_width();
    let m = if m.bits() >= bits {
        Const::new(bits, m.signed())
    } else {
        m.sext(bits)
    };
    if m.is_power_of_two() {
        b.build_left_shift(v, ty.const_int(u64::from(m.log2()), false), "")
            .expect(BUILT)
    } else if m.is_negated_power_of_two() {
        let shl = b
            .build_left_shift(
                v,
                ty.const_int(u64::from(m.wrapping_neg().log2()), false),
                "",
            )
            .expect(BUILT);
        b.build_int_neg(shl, "").expect(BUILT)
    } else {
        b.build_int_mul(v, const_of(ty, m), "").expect(BUILT)
    }
}

/// Emits `c` rebuilt from `x` before `c`, as upstream's IRBuilder calls do
/// (constant strides fold); `None` for a zero delta (`c` is `x`).
fn emit<'a>(
    b: &Builder<'a>,
    r: &Rewrite<'a>,
    c: &Candidate<'a>,
    x: &Candidate<'a>,
) -> Option<BasicValueEnum<'a>> {
    b.position_before(&c.inst);
    match c.inst.get_debug_location() {
        Some(loc) => b.set_current_debug_location(loc),
        None => b.unset_current_debug_location(),
    }
    // The type the bump is computed in: the candidate's, or the index type.
    let width = c.index.bits();
    let s = c.stride;
    let delta_ty = int_type(s, width);
    let ext = |v: IntValue<'a>| {
        b.build_int_cast_sign_flag(v, delta_ty, true, "")
            .expect(BUILT)
    };
    let bump = match (r.choice.kind, r.choice.delta) {
        (DeltaKind::Index, _) => {
            let d = r.units;
            if d.is_zero() {
                return None;
            }
            if d.is_one() {
                s
            } else if d.is_all_ones() {
                // Beyond upstream: negate after extending, or -INT_MIN wraps.
                // Pinned by @gep_negative_bump_extends_first in stride-forms.ll.
                b.build_int_neg(ext(s), "").expect(BUILT)
            } else {
                times(b, ext(s), d)
            }
        }
        (DeltaKind::Base, Delta::Value(v)) => {
            if ir::is_zero_int(v) {
                return None;
            }
            match r.gep {
                Some(g) if g.typed.is_some() => const_of(v.get_type(), r.units),
                _ => v,
            }
        }
        (DeltaKind::Stride, Delta::Value(v)) => {
            if ir::is_zero_int(v) {
                return None;
            }
            let v = if c.form == Form::Gep { ext(v) } else { v };
            if r.units.is_one() {
                v
            } else {
                times(b, v, r.units)
            }
        }
        (_, Delta::Index(_)) => unreachable!("gpucc-slsr: only index deltas are constants"),
    };
    let new = match (c.form, r.gep) {
        (Form::Add | Form::Mul, _) => {
            let xv = x.inst.as_any_value_enum().into_int_value();
            let new = match ir::neg_operand(bump) {
                Some(neg) => {
                    let sub = b.build_int_sub(xv, neg, "").expect(BUILT);
                    // Only the negated value is used; the neg itself may be dead.
                    if let Some(i) = bump.as_instruction() {
                        llvm::delete_dead(&[i]);
                    }
                    sub
                }
                None => b.build_int_add(xv, bump, "").expect(BUILT),
            };
            new.as_basic_value_enum()
        }
        (Form::Gep, Some(g)) => {
            let xp = x.inst.as_any_value_enum().into_pointer_value();
            let (elem, bump) = match g.typed {
                // LLVM 16 gives the index the index type's width.
                Some(t) => (t, ext(bump)),
                None => (
                    TypeRef::from_type(xp.get_type().get_context().i8_type()),
                    bump,
                ),
            };
            ir::gep_before(b, c.inst, elem, xp, bump, g.inbounds).as_basic_value_enum()
        }
        (Form::Gep, None) => unreachable!("gpucc-slsr: a GEP rewrite has GEP details"),
    };
    Some(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_default_and_parse() {
        assert_eq!(SlsrParams::parse("").unwrap(), SlsrParams { max_scan: 50 });
        assert_eq!(
            SlsrParams::parse("max-scan=7").unwrap(),
            SlsrParams { max_scan: 7 }
        );
        insta::assert_snapshot!(
            SlsrParams::parse("max-scna=7").unwrap_err().to_string(),
            @"unknown parameter 'max-scna' (expected max-scan=<u32>)"
        );
    }
}
