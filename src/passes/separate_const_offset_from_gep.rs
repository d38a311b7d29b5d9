//! `gpucc-separate-const-offset-from-gep`: pointer-arithmetic reassociation.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.4.1; mirrors upstream's
//! `Scalar/SeparateConstOffsetFromGEP.cpp` of LLVM 16 and 22 (*Versions*).
//!
//! Unrolled loops leave groups of GEPs that differ only by constants. The
//! paper's Figure 5 loads a 3x3 submatrix:
//! ```c
//! #pragma unroll
//! for (int x = 0; x < 3; ++x)
//!   #pragma unroll
//!   for (int y = 0; y < 3; ++y)
//!     sum += a[(c + y) + (b + x) * n];
//! ```
//! Each `&a[...]` is computed from scratch, and PTX has no `reg + reg`
//! addressing, so every load costs a multiply and two adds. This pass splits
//! each GEP into a *variadic base* (its indices with the constants taken out)
//! and a *constant offset*:
//! ```text
//!   %i = add i64 %y, 1                         %base = getelementptr float, ptr %a, i64 %y
//!   %p = getelementptr float,            ==>   %p    = getelementptr i8, ptr %base, i64 4
//!        ptr %a, i64 %i
//! ```
//! The bases of the nine GEPs become equal up to the constants, so GVN or
//! EarlyCSE merge them, SLSR (`gpucc-slsr`) rewrites what differs by a
//! multiple of `n`, and the backend folds each constant into the load:
//! `ld.f32 %f2, [%rd3+4]` (pinned by
//! `test/ptx/separate-const-offset-from-gep/folds-offsets-into-loads.ll`).
//!
//! *Algorithm, per GEP of the reachable blocks, blocks in reverse post-order
//! (so the GEPs a base is computed from come first):*
//! 1. Skip vector GEPs. If the base is `getelementptr i8, %p, C` (a constant
//!    byte offset, typically the constant GEP of an earlier split), `C` joins
//!    this GEP's offset and the split GEP starts at `%p`, so a chain of GEPs
//!    ends in one constant (llvm/llvm-project#143470). Otherwise skip GEPs
//!    whose indices are all constant (the backend already folds those).
//! 2. Cast every sequential index to the address space's index type (`sext`
//!    or `trunc`, named `idxprom`): `gep p, (i32 a + b)` is not
//!    `gep (gep p, a), b` when the i32 add wraps.
//! 3. Find the constant in each sequential index
//!    (`analysis::const_offset`, which says what it looks through and why)
//!    and add them up in bytes. With `lower-gep`, struct field offsets count
//!    too. If there is none (and no base offset), try *reordering*
//!    (upstream's `reorderGEP`, #73056, #90802): a GEP based on a GEP with a
//!    constant offset (`gep T, (gep U, %p, 256), %i`, whose inner GEP step 1
//!    skipped) becomes `gep U, (gep T, %p, %i), 256`, if the target folds
//!    the offset into the access; both are `inbounds` only when both were
//!    and every index is known non-negative.
//! 4. Without `lower-gep`, ask the target (`TTI::isLegalAddressingMode`)
//!    whether `reg + offset` is a legal address for the GEP's result type
//!    in its address space; if not, keep the GEP (missed remark
//!    `OffsetNotFoldable`). AMDGPU global accesses take at most 4095 bytes,
//!    LDS accesses 65535, RISC-V 12 signed bits; NVPTX any 32-bit offset.
//! 5. Rebuild each index without its constant (casts pushed to the leaves,
//!    the constant replaced by 0: `sext(a +nsw 5)` becomes `sext a`; the
//!    pushed-down casts lose `trunc nuw/nsw` and `zext nneg`, which spoke of
//!    the original operand only, llvm/llvm-project#154116), delete what
//!    became dead, then
//!    - by default: clone the GEP as the variadic base and add the offset as
//!      `gep i8, %base, <bytes>` named after the GEP (LLVM 16: `gep T,
//!      %base, offset / sizeof(T)`, or `gep i8` named `uglygep` when the
//!      offset is not a multiple of `sizeof(T)`; see *Versions*);
//!    - with `lower-gep`: one `gep i8` per non-zero index (scaled by `shl` or
//!      `mul`) and one for the offset. (LLVM 16 lowered to `ptrtoint`, adds
//!      and `inttoptr` on targets without alias analysis in codegen; upstream
//!      dropped that in #151477, and so do we, for every LLVM.) In a loop,
//!      when the base is loop-invariant, the constant GEP is moved next to
//!      the base (upstream's `swapGEPOperand`) so LICM can hoist `base +
//!      offset`.
//! 6. Finally, *reunite extensions* (upstream's `reuniteExts`): step 5 turns
//!    `sext(x +nsw (y +nsw 5))` into `sext x + sext y`; walking the dominator
//!    tree in preorder, `sext a + sext b` (or `-`) becomes `sext(a + b)` when
//!    a dominating `add nsw a, b` (or `sub nsw a, b`) exists whose poison
//!    would be undefined behaviour.
//!
//! *Flags* (`inbounds`, and from LLVM 19 on `nusw` and `nuw`;
//! llvm/llvm-project#130616, #130617, #159515). The split GEP's offset may
//! leave the object where the original's did not (`a` can be -4 in
//! `p[a + 5]`), so flags stay only where they provably hold:
//! - `inbounds` (or `nusw`, when that is what the original had) when every
//!   step from the object to the original address is non-negative: the
//!   constant offset (exactly summed, and the base offset of step 1), and
//!   every variable index left, known non-negative (zero-extended, masked,
//!   ...). Then every address on the way lies between the object's start and
//!   the original, in-bounds address, as LangRef asks of each;
//! - `nuw` when the original (and the base of step 1) was `nuw` and every
//!   addition taken apart was unsigned-non-wrapping (`add nuw`, an `or` that
//!   is an add; a `trunc` on the way must be `trunc nuw`): the parts of an
//!   offset then add up without unsigned wrap as the whole did. Such a GEP
//!   that was also `nusw` has only non-negative indices (an index that is
//!   negative as signed is huge as unsigned), so it keeps `inbounds`/`nusw`
//!   too.
//!
//! The constant GEP gets these flags; so does the variadic base from LLVM 22
//! on (LLVM 16's base has none; see *Versions*). LLVM 16 kept `inbounds` on
//! the constant GEP whenever the original had it; with `a = -4` above, `p +
//! 4*a` is outside the object and the result is poison where the input was
//! not. `../shared/conformance/superseded.txt` scores LLVM 16's six tests of
//! that against the corrected expectation. Upstream (16 and 22) also invents
//! `inbounds` outright after the swap of step 5: it marks `base + offset`
//! inbounds whenever the base object's size is known, even when the offset
//! passes its end (`gep inbounds i8, ptr null, i64 2044`, pinned by LLVM 22's
//! `AMDGPU/lower-gep.ll`); we require the offset within the object.
//!
//! *Versions* (`llvm::sepgep::UPSTREAM`, one row per LLVM, where the two
//! conformance suites pin different output for the same input):
//! - `byte_offset_gep`: the constant GEP is `gep i8, %base, <bytes>` (LLVM
//!   18 on) rather than LLVM 16's `gep T, %base, <elements>`;
//! - `base_keeps_flags`: the variadic base carries the flags above (#130617,
//!   LLVM 21 on); LLVM 16's carries none;
//! - `or_needs_disjoint`: an `or` is an add only when marked `disjoint`
//!   (#76997, LLVM 18 on); LLVM 16, which has no such flag, asks value
//!   tracking whether the operands share a set bit.
//!
//! Everything else is one behaviour for every LLVM: step 1's base offset,
//! the reordering, the block order and the lowering are upstream's newer
//! ones, which LLVM 16's suite does not contradict.
//!
//! *Proving `nsw` where the IR lost it.* InstCombine drops `nsw` when it
//! reassociates, so CUDA's `a[(y + dy) * w + (x + dx)]` (int) arrives as
//! ```text
//!   %row = mul nsw i32 %y1, %w        ; (y + dy) * w
//!   %r   = add i32 %row, %x           ; no nsw
//!   %a   = add i32 %r, 2              ; no nsw: dx = 2
//!   %s   = sext i32 %a to i64
//!   %q   = getelementptr inbounds float, ptr %p, i64 %s
//! ```
//! and `sext(%r + 2)` is `sext(%r) + 2` only if `%r + 2` cannot wrap. Before
//! refusing, the search asks `analysis::no_wrap` (lazily: only for an add or
//! sub without `nsw` that holds a constant under a sext, which would
//! otherwise stay). It proves no wrap with scalar evolution (the guards, the
//! ranges of induction variables: `for (i = 0; i < n; ++i) p[i + 1]`), or
//! from facts around the GEP: the dominating branch conditions, the value
//! ranges of the leaves (masks, NVPTX's special registers), and the exact
//! values of the `nsw` arithmetic that the loads and stores of the block
//! compute (an access through a poison address is undefined, so those
//! cannot have wrapped). In `bench/kernels/conv2d_constant.cu` the guards
//! say `x >= 2`, `y >= 2`, `x <= w - 3`, and row `y + 2`'s `mul nsw` is
//! loaded in the same block, so `(y + 2) * w <= INT_MAX`; then row `y - 2`'s
//! `(y - 2) * w + x + 2 <= (y - 1) * w - 1 <= INT_MAX`: proved, split (the
//! module docs of `analysis::no_wrap` give the whole argument). Row `y + 2`
//! itself is bounded by nothing (`y = 2`, `w = 536870911`, `x = 4` make it
//! `INT_MAX + 1`), and keeps its constants (missed remark `NeedsNoWrap`).
//! The proof only lets the sext distribute; the split GEPs' flags follow the
//! rules of *Flags* above, as for an index that had `nsw`.
//!
//! *Beyond upstream, where it is wrong* (each pinned by
//! `test/ir/separate-const-offset-from-gep/`):
//! - `sext(add i32 x, 1)` without `nsw` in an `inbounds` GEP is split only
//!   when the add provably cannot wrap (see `analysis::const_offset` and,
//!   above, `analysis::no_wrap`); upstream up to 22 assumes inbounds
//!   indices are non-negative (fixed after 22 by llvm/llvm-project#183402).
//!   An extension whose bits a `trunc` above cuts off again needs no flag at
//!   all.
//! - a `trunc` under a `sext`/`zext` is not looked through when an add or
//!   sub lies below it (the narrow add may wrap).
//! - `sext b - sext a` is never rewritten as `sext(a - b)`: LLVM 16 keys its
//!   dominating subtractions by an unordered operand pair.
//! - the search for a constant visits at most `const_offset::MAX_VISITS`
//!   values per index: upstream's is exponential on shared subexpressions.
//! - the byte offset is added up modulo the index width (LLVM 16 uses
//!   `int64_t`, whose overflow is undefined in C++); when the exact sum does
//!   not fit, no GEP keeps `inbounds`. A GEP over a scalable type is not
//!   lowered, and a zero-sized result type takes the `i8` path instead of
//!   dividing by zero.
//!
//! *Refuses* vector GEPs, index types wider than 64 bits, and any split or
//! reordering the target's addressing modes cannot fold (without
//! `lower-gep`).
//!
//! *Parameters*: `gpucc-separate-const-offset-from-gep<lower-gep>` (off by
//! default, as upstream's pipeline parameter). Upstream's options are read
//! from libLLVM: `-disable-separate-const-offset-from-gep` turns the pass
//! off; `-reassociate-geps-verify-no-dead-code` stops `opt` with
//! `LLVM ERROR: ... dead instruction ...` if the function is left with a
//! trivially dead instruction (upstream hits `llvm_unreachable`; use it only
//! on inputs free of dead code, as upstream's tests do).
//!
//! *Remarks*: passed `Split`, `Lowered`, `Reordered`, `Reunited`,
//! `ProvedNoWrap` (an add without `nsw` proved not to wrap, on the path of
//! a split); missed `OffsetNotFoldable`, `NeedsNoWrap` (a constant stays in
//! an index because an add/sub under a sext/zext lacks `nsw`/`nuw` and
//! nothing proved it cannot wrap), `ScalableIndex` (`lower-gep` over a
//! scalable vector); analysis `Stats`. Tests:
//! `test/ir/separate-const-offset-from-gep/` (the proofs:
//! `proves-no-wrap-from-{guards,ranges,loop-iv,accesses}.ll`, each with the
//! refusals at its boundary), `test/ptx/separate-const-offset-from-gep/`.

use crate::analysis::const_offset::{self, Blocked, CastKind, Found, IndexSite, Link};
use crate::analysis::fxhash::FxHashMap;
use crate::analysis::no_wrap;
use crate::debug;
use crate::llvm::analyses::{self, DomTree, Facts, Loops};
use crate::llvm::llvm_sys;
use crate::llvm::sepgep::{self, BinOp, CastFrom, CastOp, GepLayout, IndexStep};
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::builder::{Builder, BuilderError};
use inkwell::types::{AnyTypeEnum, BasicType, BasicTypeEnum, IntType};
use inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
    IntValue, PointerValue,
};
use llvm_sys::prelude::LLVMValueRef;
use std::num::NonZeroU32;

/// The pipeline name.
pub const NAME: &str = "gpucc-separate-const-offset-from-gep";

/// Upstream's kill switch (`cl::opt<bool>` in libLLVM).
const DISABLE_OPTION: &str = "disable-separate-const-offset-from-gep";
/// Upstream's test-only check that the pass leaves no dead code.
const VERIFY_OPTION: &str = "reassociate-geps-verify-no-dead-code";

/// Parameters of `gpucc-separate-const-offset-from-gep<...>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SepGepParams {
    /// Lower each split GEP into single-index `i8` GEPs, or integer
    /// arithmetic (default off, as upstream; AArch64's backend turns it on).
    /// Struct field offsets then join the constant, and the addressing-mode
    /// check is skipped: the lowered parts help CSE and LICM by themselves.
    pub lower_gep: bool,
}

impl SepGepParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[Spec {
        name: "lower-gep",
        kind: Kind::Flag,
    }];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = SepGepParams::default();
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("lower-gep", Value::Flag(b)) => p.lower_gep = b,
            _ => unreachable!("gpucc-separate-const-offset-from-gep: SPECS and parse agree"),
        })?;
        Ok(p)
    }
}

/// The pass.
pub struct SeparateConstOffsetFromGepPass {
    params: SepGepParams,
}

impl SeparateConstOffsetFromGepPass {
    pub fn new(params: SepGepParams) -> Self {
        SeparateConstOffsetFromGepPass { params }
    }
}

/// Counters reported as one `Stats` analysis remark per function.
#[derive(Debug, Default)]
struct Stats {
    /// GEPs with a variable index or a constant-offset base.
    num_geps: u64,
    num_split: u64,
    num_lowered: u64,
    num_refused: u64,
    num_swapped: u64,
    num_reordered: u64,
    num_reunited: u64,
    /// Adds without `nsw` proved not to wrap, on the path of a split.
    num_proved: u64,
}

/// One index to take a constant from.
struct Extraction<'ctx> {
    /// The GEP operand (1 for the first index).
    operand: u32,
    found: Found<'ctx>,
}

/// What to do with one GEP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision<'ctx> {
    /// No constant anywhere: only canonicalize the indices.
    Nothing,
    /// Split off `byte_offset` (the sum modulo the index width, the base's
    /// constant offset included; `exact` when the true sum fits it).
    Split { byte_offset: i64, exact: bool },
    /// Swap the GEP with the constant-offset GEP `inner` it is based on
    /// (upstream's `reorderGEP`).
    Reorder { inner: InstructionValue<'ctx> },
    /// A constant was found but stays.
    Refuse(Refusal),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// The target cannot fold `reg + byte_offset` into an access.
    NotFoldable { byte_offset: i64 },
    /// `lower-gep` over a scalable vector: no fixed stride to scale by.
    ScalableLowering,
}

/// A base pointer that is itself a constant byte offset from a pointer
/// (`getelementptr i8, %p, C`): the split GEP absorbs `C` and starts at `%p`.
#[derive(Clone, Copy, Debug)]
struct BaseOffset<'ctx> {
    /// The GEP's pointer operand, `p + C`.
    ptr_add: PointerValue<'ctx>,
    add: sepgep::ConstPtrAdd<'ctx>,
    /// `C` sign-extended or truncated to the index width.
    bytes: i64,
}

/// The plan for one GEP.
struct GepPlan<'ctx> {
    gep: InstructionValue<'ctx>,
    layout: GepLayout<'ctx>,
    /// The address space's index type.
    index_ty: IntType<'ctx>,
    /// Operands to cast to `index_ty`, and how.
    canonical: Vec<(u32, CastOp)>,
    extractions: Vec<Extraction<'ctx>>,
    base: Option<BaseOffset<'ctx>>,
    decision: Decision<'ctx>,
    /// When nothing was found: why a constant stayed in an index.
    blocked: Option<Blocked<'ctx>>,
}

/// The analyses one run uses.
struct Env<'ctx> {
    facts: Facts<'ctx>,
    /// Value tracking with the analyses fetched once.
    q: sepgep::Queries<'ctx>,
    /// Proofs that adds without `nsw` do not wrap.
    prover: no_wrap::Prover<'ctx>,
    loops: Loops<'ctx>,
    dt: DomTree<'ctx>,
    tti: Tti<'ctx>,
}

impl FunctionPass for SeparateConstOffsetFromGepPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if matches!(llvm::upstream_bool_option(DISABLE_OPTION), Some((true, _))) {
            debug::trace(NAME, || {
                format!("@{}: -{DISABLE_OPTION} is set", fn_name(f))
            });
            return Changed::No;
        }
        let fam = cx.fam();
        let facts = Facts::new(fam, f);
        let env = Env {
            q: sepgep::Queries::new(&facts),
            prover: no_wrap::Prover::new(facts),
            facts,
            dt: DomTree::new(fam, f),
            loops: Loops::new(fam, f),
            tti: Tti::new(fam, f),
        };
        let mut stats = Stats::default();
        let mut changed = false;
        // Each GEP is planned after the rewrites of those before it: a split
        // GEP's constant offset flows into the GEPs based on it. A rewrite
        // erases only the GEP at hand and what dominates it, all of which
        // come earlier in the list.
        for gep in geps_in_order(f) {
            let Some(p) = plan_gep(gep, &env, self.params) else {
                continue;
            };
            stats.num_geps += 1;
            explain(&p, cx);
            changed |= apply(&p, &env, self.params, &mut stats, cx);
        }
        changed |= reunite_exts(&env, &mut stats, cx);
        if matches!(llvm::upstream_bool_option(VERIFY_OPTION), Some((true, _))) {
            verify_no_dead_code(f);
        }
        if stats.num_geps > 0 || stats.num_reunited > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {} of {} GEPs with a variable index split ({} lowered, {} swapped), \
                     {} reordered, {} refused; {} sext sums reunited; {} adds without nsw \
                     proved not to wrap",
                    fn_name(f),
                    stats.num_split,
                    stats.num_geps,
                    stats.num_lowered,
                    stats.num_swapped,
                    stats.num_reordered,
                    stats.num_refused,
                    stats.num_reunited,
                    stats.num_proved
                )
            });
        }
        Changed::from_bool(changed)
    }
}

fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

fn int_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> Option<IntValue<'ctx>> {
    sepgep::int_operand(inst, i)
}

fn pointer_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> PointerValue<'ctx> {
    llvm::pointer_operand(&inst, i).expect("gpucc-separate-const-offset-from-gep: a GEP's base")
}

fn is_zero_constant(v: IntValue<'_>) -> bool {
    sepgep::const_int(v).is_some_and(|(_, x)| x == 0)
}

/// The integer operands `1..` of GEP `gep`: its indices.
fn indices<'ctx>(gep: InstructionValue<'ctx>) -> Vec<IntValue<'ctx>> {
    (1..gep.get_num_operands())
        .map(|i| int_operand(gep, i).expect("gpucc-separate-const-offset-from-gep: an index"))
        .collect()
}

// ---------------------------------------------------------------------------
// Planning: reads the IR, writes nothing.

/// The GEP instructions of the reachable blocks, blocks in reverse
/// post-order (a GEP comes after every GEP that dominates it, and so after
/// the GEPs its base is computed from), instructions in block order.
/// Unreachable code may be malformed (an add using itself), and nothing
/// there runs anyway.
fn geps_in_order(f: FunctionValue<'_>) -> Vec<InstructionValue<'_>> {
    sepgep::geps_in_rpo(f)
}

/// The constants in the indices of one GEP.
struct Constants<'ctx> {
    canonical: Vec<(u32, CastOp)>,
    extractions: Vec<Extraction<'ctx>>,
    /// Some index or (with `lower-gep`) struct field adds a constant.
    needs_extraction: bool,
    /// Some sequential index steps over a scalable type.
    scalable: bool,
    /// The byte offset, modulo 2^128 (so modulo the index width too), and
    /// whether the true sum left the i128 range on the way.
    bytes: i128,
    overflow: bool,
    blocked: Option<Blocked<'ctx>>,
}

/// Finds the constant in each index of `gep` (and, with `lower-gep`, the
/// struct field offsets): upstream's `accumulateByteOffset`.
fn find_constants<'ctx>(
    gep: InstructionValue<'ctx>,
    layout: &GepLayout<'ctx>,
    index_ty: IntType<'ctx>,
    env: &Env<'ctx>,
    params: SepGepParams,
) -> Option<Constants<'ctx>> {
    let flags = analyses::flags(gep);
    let mut c = Constants {
        canonical: Vec::new(),
        extractions: Vec::new(),
        needs_extraction: false,
        scalable: false,
        bytes: 0,
        overflow: false,
        blocked: None,
    };
    for (k, step) in layout.steps.iter().enumerate() {
        let operand = u32::try_from(k + 1).ok()?;
        let stride = match *step {
            IndexStep::Field { offset } => {
                if params.lower_gep && offset != 0 {
                    c.needs_extraction = true;
                    let (sum, o) = c.bytes.overflowing_add(i128::from(offset));
                    (c.bytes, c.overflow) = (sum, c.overflow | o);
                }
                continue;
            }
            IndexStep::Scalable => None,
            IndexStep::Sequential { stride } => Some(stride),
        };
        let index = int_operand(gep, operand)?;
        let width = index.get_type().get_bit_width();
        let cast = match width.cmp(&layout.index_bits) {
            std::cmp::Ordering::Less => Some(CastOp::SExt),
            std::cmp::Ordering::Greater => Some(CastOp::Trunc),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(op) = cast {
            c.canonical.push((operand, op));
        }
        // Constant offsets of scalable types are not really constant.
        let Some(stride) = stride else {
            c.scalable = true;
            continue;
        };
        let site = IndexSite {
            gep,
            inbounds: flags.inbounds,
            nusw_nuw: flags.gep_nusw && flags.gep_nuw,
            stride,
            // The size of the object the base points into, for the sext
            // exception: asked only for inbounds GEPs, and only when needed.
            object_base: flags.inbounds.then(|| pointer_operand(gep, 0)),
        };
        let canonical_cast = cast.map(|op| {
            let kind = if op == CastOp::SExt {
                CastKind::SExt
            } else {
                CastKind::Trunc
            };
            (kind, index_ty)
        });
        let outcome = const_offset::find(&env.q, &env.prover, site, index, canonical_cast);
        match outcome.found {
            Some(found) => {
                c.needs_extraction = true;
                let units = found
                    .offset
                    .to_i64()
                    .expect("gpucc-separate-const-offset-from-gep: offsets are index-sized");
                let (term, o1) = i128::from(units).overflowing_mul(i128::from(stride));
                let (sum, o2) = c.bytes.overflowing_add(term);
                (c.bytes, c.overflow) = (sum, c.overflow | o1 | o2);
                c.extractions.push(Extraction { operand, found });
            }
            None => c.blocked = c.blocked.or(outcome.blocked),
        }
    }
    Some(c)
}

/// `bytes` wrapped to `bits` (GEP arithmetic wraps at the index width), and
/// whether that is the exact value.
fn wrap_offset(bytes: i128, overflow: bool, bits: u32) -> (i64, bool) {
    // Reinterpreting the two's-complement bits is the point.
    let wrapped = const_offset::Bits::new(bits, bytes as u128);
    let byte_offset = wrapped
        .to_i64()
        .expect("gpucc-separate-const-offset-from-gep: index widths are at most 64");
    (byte_offset, !overflow && i128::from(byte_offset) == bytes)
}

/// The layout of `gep` and its index type, when its indices are at most 64
/// bits wide.
fn layout_of<'ctx>(gep: InstructionValue<'ctx>) -> Option<(GepLayout<'ctx>, IntType<'ctx>)> {
    let layout = sepgep::gep_layout(gep);
    if layout.index_bits == 0 || layout.index_bits > 64 {
        debug::trace(NAME, || {
            format!(
                "{}: index type of {} bits",
                llvm::describe(gep),
                layout.index_bits
            )
        });
        return None;
    }
    let index_ty = pointer_operand(gep, 0)
        .get_type()
        .get_context()
        .custom_width_int_type(NonZeroU32::new(layout.index_bits)?)
        .ok()?;
    Some((layout, index_ty))
}

/// The plan for one GEP, or `None` when the GEP is not for us.
fn plan_gep<'ctx>(
    gep: InstructionValue<'ctx>,
    env: &Env<'ctx>,
    params: SepGepParams,
) -> Option<GepPlan<'ctx>> {
    // Vector GEPs are left alone.
    if matches!(gep.get_type(), AnyTypeEnum::VectorType(_)) {
        return None;
    }
    let (layout, index_ty) = layout_of(gep)?;
    // A base `p + C` (typically the constant GEP of a split before): its
    // `C` joins this GEP's offset, so a chain of GEPs ends in one constant.
    let ptr = pointer_operand(gep, 0);
    let base = sepgep::const_ptr_add(ptr).and_then(|add| {
        let (width, value) = add.offset;
        let c = const_offset::Bits::new(width, value);
        let c = if width > layout.index_bits {
            c.trunc(layout.index_bits)
        } else {
            c.sext(layout.index_bits)
        };
        Some(BaseOffset {
            ptr_add: ptr,
            add,
            bytes: c.to_i64()?,
        })
    });
    // The backend folds GEPs with only constant indices already.
    let n = gep.get_num_operands();
    if base.is_none()
        && (1..n).all(|i| llvm::operand(&gep, i).is_some_and(|v| sepgep::const_int(v).is_some()))
    {
        return None;
    }
    let c = find_constants(gep, &layout, index_ty, env, params)?;
    let base_bytes = base.map_or(0, |b| i128::from(b.bytes));
    let (bytes, o) = c.bytes.overflowing_add(base_bytes);
    let (byte_offset, exact) = wrap_offset(bytes, c.overflow | o, layout.index_bits);
    let decision = if !c.needs_extraction && base.is_none() {
        match plan_reorder(gep, &layout, env, params) {
            Some(inner) => Decision::Reorder { inner },
            None => Decision::Nothing,
        }
    } else if params.lower_gep && c.scalable {
        Decision::Refuse(Refusal::ScalableLowering)
    } else if params.lower_gep
        || env.tti.legal_addressing_mode(
            layout.result_elem,
            None,
            byte_offset,
            true,
            0,
            llvm::space_of(ptr),
        )
    {
        Decision::Split { byte_offset, exact }
    } else {
        Decision::Refuse(Refusal::NotFoldable { byte_offset })
    };
    debug::trace(NAME, || {
        format!(
            "{}: {decision:?}, {} index(es) with a constant, {} to canonicalize{}",
            llvm::describe(gep),
            c.extractions.len(),
            c.canonical.len(),
            if base.is_some() {
                ", on a constant-offset base"
            } else {
                ""
            }
        )
    });
    Some(GepPlan {
        gep,
        layout,
        index_ty,
        canonical: c.canonical,
        extractions: c.extractions,
        base,
        decision,
        blocked: if c.needs_extraction { None } else { c.blocked },
    })
}

/// Upstream's `reorderGEP`: when `gep` holds no constant but is based on a
/// GEP `inner` that does (`inner = p + C`, typically with constant indices
/// only, which are not split), `gep` is rebuilt as `(p + gep's indices) + C`
/// so that `C` ends up in the access, if the target folds it there.
fn plan_reorder<'ctx>(
    gep: InstructionValue<'ctx>,
    layout: &GepLayout<'ctx>,
    env: &Env<'ctx>,
    params: SepGepParams,
) -> Option<InstructionValue<'ctx>> {
    let inner = pointer_operand(gep, 0).as_instruction()?;
    if inner.get_opcode() != InstructionOpcode::GetElementPtr {
        return None;
    }
    let (inner_layout, inner_index_ty) = layout_of(inner)?;
    let c = find_constants(inner, &inner_layout, inner_index_ty, env, params)?;
    if !c.needs_extraction {
        return None;
    }
    let (byte_offset, _) = wrap_offset(c.bytes, c.overflow, inner_layout.index_bits);
    env.tti
        .legal_addressing_mode(
            layout.result_elem,
            None,
            byte_offset,
            true,
            0,
            llvm::space_of(pointer_operand(inner, 0)),
        )
        .then_some(inner)
}

/// Missed remarks for refusals (the passed ones come from `apply`).
fn explain(p: &GepPlan<'_>, cx: &PassCx<'_>) {
    if !cx.remarks_wanted() {
        return;
    }
    let gep = p.gep;
    match p.decision {
        Decision::Refuse(Refusal::NotFoldable { byte_offset }) => {
            cx.remark(RemarkKind::Missed, "OffsetNotFoldable", Some(gep), || {
                format!(
                    "{} keeps its constant offset of {byte_offset} bytes: the target cannot \
                     fold it into an access in address space {}",
                    llvm::describe(gep),
                    llvm::space_of(pointer_operand(gep, 0))
                )
            })
        }
        Decision::Refuse(Refusal::ScalableLowering) => {
            cx.remark(RemarkKind::Missed, "ScalableIndex", Some(gep), || {
                format!(
                    "{} is not lowered: it steps over a scalable vector type",
                    llvm::describe(gep)
                )
            })
        }
        Decision::Nothing => {
            if let Some(b) = p.blocked {
                let ext = if b.needs == "nsw" { "sext" } else { "zext" };
                // Said when `analysis::no_wrap` was asked too.
                let unproved = if b.unproved {
                    ", and no guard, range or access around the GEP proves that it cannot wrap"
                } else {
                    ""
                };
                cx.remark(RemarkKind::Missed, "NeedsNoWrap", Some(gep), || {
                    format!(
                        "the constant in {} stays in {}'s index: the {ext} around it does not \
                         distribute over an operation without {}{unproved}; mark it {} if it \
                         cannot wrap",
                        llvm::describe(b.inst),
                        llvm::describe(gep),
                        b.needs,
                        b.needs
                    )
                })
            }
        }
        Decision::Split { .. } | Decision::Reorder { .. } => {}
    }
}

// ---------------------------------------------------------------------------
// Rewriting: mechanical, decides nothing but the flags it may keep.

/// Applies one plan; true if the IR changed.
fn apply<'ctx>(
    p: &GepPlan<'ctx>,
    env: &Env<'ctx>,
    params: SepGepParams,
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) -> bool {
    let gep = p.gep;
    let rewrite = match p.decision {
        Decision::Split { .. } | Decision::Reorder { .. } => debug::allow_rewrite(NAME),
        Decision::Refuse(_) => {
            stats.num_refused += 1;
            false
        }
        Decision::Nothing => false,
    };
    let split = matches!(p.decision, Decision::Split { .. }) && rewrite;
    let extracted = |op: u32| split && p.extractions.iter().any(|e| e.operand == op);
    // Indices that keep their value are cast to the index type now; the
    // others are rebuilt in it below.
    for &(op, cast) in &p.canonical {
        if extracted(op) {
            continue;
        }
        let index = int_operand(gep, op).expect("gpucc-separate-const-offset-from-gep: index");
        let from = CastFrom::New {
            name: "idxprom",
            fold: false,
        };
        let cast = sepgep::create_cast(
            cast,
            index.as_basic_value_enum(),
            p.index_ty.as_basic_type_enum(),
            from,
            gep,
        );
        gep.set_operand(op, cast);
    }
    match p.decision {
        Decision::Split { byte_offset, exact } if rewrite => {
            split_gep(p, byte_offset, exact, env, params, stats, cx);
            true
        }
        Decision::Reorder { inner } if rewrite => {
            reorder_gep(gep, inner, env, stats, cx);
            true
        }
        _ => !p.canonical.is_empty(),
    }
}

/// Splits `p.gep` into the variadic base and `byte_offset` (upstream's
/// `splitGEP` after its decision).
fn split_gep<'ctx>(
    p: &GepPlan<'ctx>,
    byte_offset: i64,
    exact: bool,
    env: &Env<'ctx>,
    params: SepGepParams,
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) {
    let gep = p.gep;
    // Reported first: the proved adds are usually deleted below.
    for e in &p.extractions {
        for &(add, proof) in &e.found.proved {
            stats.num_proved += 1;
            cx.remark(RemarkKind::Passed, "ProvedNoWrap", Some(add), || {
                let why = match proof {
                    no_wrap::Proof::ScalarEvolution => {
                        "scalar evolution proves it (ranges, induction variables, the \
                         conditions guarding the GEP)"
                    }
                    no_wrap::Proof::Facts => {
                        "what is known around the GEP bounds it (value ranges, the conditions \
                         guarding it, the accesses that run with it)"
                    }
                };
                format!(
                    "{} cannot wrap where {} uses it: {why}; its constant leaves the sext",
                    llvm::describe(add),
                    llvm::describe(gep)
                )
            });
        }
    }
    let original = analyses::flags(gep);
    let mut nuw = original.gep_nuw;
    let mut inbounds = original.inbounds;
    let mut nusw = original.gep_nusw;
    for e in &p.extractions {
        let old = int_operand(gep, e.operand).expect("gpucc-separate-const-offset-from-gep: index");
        // The new index keeps upstream's names (a rebuilt add is named after
        // the add it replaces, with LLVM's suffix; a cast is unnamed): tests
        // downstream, SLSR's among them, match them.
        let new = rebuild(&e.found.chain, p.index_ty, gep);
        gep.set_operand(e.operand, new);
        if let Some(i) = old.as_instruction() {
            llvm::delete_dead(&[i]);
        }
        nuw &= e.found.preserves_nuw();
    }
    let mut base_non_negative = true;
    if let Some(b) = p.base {
        nuw &= b.add.flags.gep_nuw;
        inbounds &= b.add.flags.inbounds;
        nusw &= b.add.flags.gep_nusw;
        base_non_negative = b.bytes >= 0;
        gep.set_operand(0, b.add.base);
        if let Some(i) = b.ptr_add.as_instruction() {
            llvm::delete_dead(&[i]);
        }
    }
    // The flags both GEPs may keep (module docs, *Flags*): `inbounds` or
    // `nusw` when every step from the object to the original address is
    // non-negative, or when the chain was `nuw` all along and the original
    // `nusw` (so every index was non-negative already); `nuw` when every
    // addition taken apart was `nuw`.
    let non_negative =
        exact && byte_offset >= 0 && base_non_negative && variable_indices_non_negative(p, env);
    let keep = non_negative || (nuw && nusw);
    let flags = analyses::Flags {
        inbounds: keep && inbounds,
        gep_nusw: keep && nusw,
        gep_nuw: nuw,
        ..analyses::Flags::default()
    };
    let base_flags = if sepgep::UPSTREAM.base_keeps_flags {
        flags
    } else {
        analyses::Flags::default()
    };
    analyses::set_flags(gep, base_flags);
    // Named now, for the remarks (the GEP is erased below), and only when
    // someone listens: printing a name costs more than a split.
    let name = if cx.remarks_wanted() {
        llvm::describe(gep)
    } else {
        String::new()
    };
    stats.num_split += 1;
    if params.lower_gep {
        let (result, swapped) = lower_to_single_index_geps(p, byte_offset, env)
            .expect("gpucc-separate-const-offset-from-gep: lowering a GEP");
        stats.num_lowered += 1;
        stats.num_swapped += u64::from(swapped);
        cx.remark(
            RemarkKind::Passed,
            "Lowered",
            result.as_instruction(),
            || {
                format!(
                    "lowered {name} into single-index GEPs plus a constant offset of \
                     {byte_offset} bytes"
                )
            },
        );
        return;
    }
    if byte_offset == 0 {
        return;
    }
    let base = llvm::result_pointer(sepgep::clone_before(gep))
        .expect("gpucc-separate-const-offset-from-gep: a GEP clone is a pointer");
    let i8t = base.get_type().get_context().i8_type().as_basic_type_enum();
    let elem_size = p.layout.result_size.and_then(|s| i64::try_from(s).ok());
    let new = match elem_size {
        _ if sepgep::UPSTREAM.byte_offset_gep => {
            let g = sepgep::create_gep(
                i8t,
                base,
                &[const_index(p.index_ty, byte_offset)],
                flags,
                "",
                gep,
            );
            llvm::take_name(gep, g);
            g
        }
        Some(size) if size > 0 && byte_offset % size == 0 => {
            let index = const_index(p.index_ty, byte_offset / size);
            let g = sepgep::create_gep(p.layout.result_elem, base, &[index], flags, "", gep);
            llvm::take_name(gep, g);
            g
        }
        // Not a multiple of the element size (a packed struct, say): offset
        // in bytes.
        _ => {
            let index = const_index(p.index_ty, byte_offset);
            sepgep::create_gep(i8t, base, &[index], flags, "uglygep", gep)
        }
    };
    let new_inst = new
        .as_instruction()
        .expect("gpucc-separate-const-offset-from-gep: GEPs are not folded");
    sepgep::copy_metadata(gep, new_inst);
    llvm::replace_all_uses(gep, new);
    gep.erase_from_basic_block();
    cx.remark(RemarkKind::Passed, "Split", Some(new_inst), || {
        format!("split {name} into a variadic base and a constant offset of {byte_offset} bytes")
    });
}

/// Rebuilds `gep` (`inner + indices`, `inner = p + C`) as `(p + indices) +
/// C`: the GEP's indices over `p`, then `inner`'s over the result. Both are
/// `inbounds` when the two GEPs were and every index is non-negative (each
/// address on the way then lies between `p` and the original result);
/// otherwise neither has a flag.
fn reorder_gep<'ctx>(
    gep: InstructionValue<'ctx>,
    inner: InstructionValue<'ctx>,
    env: &Env<'ctx>,
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) {
    let outer_indices = indices(gep);
    let inner_indices = indices(inner);
    let inbounds = analyses::flags(gep).inbounds
        && analyses::flags(inner).inbounds
        && outer_indices
            .iter()
            .chain(&inner_indices)
            .all(|&i| env.q.known_non_negative(i, gep));
    let flags = analyses::Flags {
        inbounds,
        ..analyses::Flags::default()
    };
    // Named now (both may be erased below), when someone listens.
    let (name, inner_name) = if cx.remarks_wanted() {
        (llvm::describe(gep), llvm::describe(inner))
    } else {
        (String::new(), String::new())
    };
    let first = sepgep::create_gep(
        sepgep::gep_source_type(gep),
        pointer_operand(inner, 0),
        &outer_indices,
        flags,
        "",
        gep,
    );
    let second = sepgep::create_gep(
        sepgep::gep_source_type(inner),
        first,
        &inner_indices,
        flags,
        "",
        gep,
    );
    llvm::replace_all_uses(gep, second);
    llvm::delete_dead(&[gep]);
    stats.num_reordered += 1;
    cx.remark(
        RemarkKind::Passed,
        "Reordered",
        second.as_instruction(),
        || {
            format!(
                "{name} now adds its variable indices first and the constant offset of \
             {inner_name} last"
            )
        },
    );
}

/// Is every variable sequential index left in the split GEP known to be
/// non-negative? Struct field offsets are never negative; a sequential
/// index counts with its stride, which is never negative either. Pinned by
/// `test/ir/separate-const-offset-from-gep/inbounds-needs-non-negative-steps.ll`.
fn variable_indices_non_negative<'ctx>(p: &GepPlan<'ctx>, env: &Env<'ctx>) -> bool {
    variable_steps(p)
        .into_iter()
        .all(|(idx, _)| env.q.known_non_negative(idx, p.gep))
}

/// `value` as a constant of the index type (sign-extended or truncated).
fn const_index(ty: IntType<'_>, value: i64) -> IntValue<'_> {
    // Reinterpreting the sign-extended bits is the point.
    sepgep::make_const_int(ty, i128::from(value) as u128)
}

/// The index of `chain`'s top rebuilt without its constant, before `at`:
/// casts are pushed down to the leaves, the constant becomes 0, and what
/// adds 0 disappears (upstream's `rebuildWithoutConstOffset`).
fn rebuild<'ctx>(
    chain: &[Link<'ctx>],
    index_ty: IntType<'ctx>,
    at: InstructionValue<'ctx>,
) -> IntValue<'ctx> {
    let mut casts = Vec::new();
    rebuild_from(chain, chain.len() - 1, &mut casts, index_ty, at)
}

/// Rebuilds `chain[k]`; `casts` are the cast links above it, outermost first.
fn rebuild_from<'ctx>(
    chain: &[Link<'ctx>],
    k: usize,
    casts: &mut Vec<Link<'ctx>>,
    index_ty: IntType<'ctx>,
    at: InstructionValue<'ctx>,
) -> IntValue<'ctx> {
    match chain[k] {
        // Every value below the casts ends up in the index type.
        Link::Leaf(_) => index_ty.const_zero(),
        Link::Cast { .. } => {
            casts.push(chain[k]);
            rebuild_from(chain, k - 1, casts, index_ty, at)
        }
        Link::BinOp {
            inst,
            kind,
            chain_op,
        } => {
            let other = int_operand(inst, 1 - chain_op)
                .expect("gpucc-separate-const-offset-from-gep: a binary operand");
            let other = apply_casts(other, casts, at);
            let next = rebuild_from(chain, k - 1, casts, index_ty, at);
            let subtracts_from_zero = kind == const_offset::BinKind::Sub && chain_op == 0;
            if is_zero_constant(next) && !subtracts_from_zero {
                return other;
            }
            // An `or` is rebuilt as the add it is: `a | (b + 5)` is not
            // `(a | b) + 5`, but `a + b + 5` is.
            let op = if kind == const_offset::BinKind::Sub {
                BinOp::Sub
            } else {
                BinOp::Add
            };
            let (a, b) = if chain_op == 0 {
                (next, other)
            } else {
                (other, next)
            };
            sepgep::create_binop_named_like(op, a, b, inst, at)
        }
    }
}

/// `v` with the cast links `casts` (outermost first) applied, innermost
/// first: constants fold, anything else gets clones of the casts.
fn apply_casts<'ctx>(
    v: IntValue<'ctx>,
    casts: &[Link<'ctx>],
    at: InstructionValue<'ctx>,
) -> IntValue<'ctx> {
    let mut current = v;
    for link in casts.iter().rev() {
        let Link::Cast { inst, kind, to } = *link else {
            unreachable!("gpucc-separate-const-offset-from-gep: only casts are collected")
        };
        let op = match kind {
            CastKind::SExt => CastOp::SExt,
            CastKind::ZExt => CastOp::ZExt,
            CastKind::Trunc => CastOp::Trunc,
        };
        let from = match inst {
            Some(i) => CastFrom::Like(i),
            None => CastFrom::New {
                name: "",
                fold: true,
            },
        };
        current = sepgep::create_cast(
            op,
            current.as_basic_value_enum(),
            to.as_basic_type_enum(),
            from,
            at,
        )
        .into_int_value();
    }
    current
}

/// The sequential indices of the (already split) GEP that move the pointer,
/// with their strides: what lowering turns into one step each. Struct fields
/// are in the constant offset; zero indices add nothing.
fn variable_steps<'ctx>(p: &GepPlan<'ctx>) -> Vec<(IntValue<'ctx>, u64)> {
    let mut steps = Vec::new();
    for (k, step) in p.layout.steps.iter().enumerate() {
        let IndexStep::Sequential { stride } = *step else {
            continue;
        };
        let op = u32::try_from(k + 1).expect("gpucc-separate-const-offset-from-gep: operand");
        let idx = int_operand(p.gep, op).expect("gpucc-separate-const-offset-from-gep: index");
        if !is_zero_constant(idx) {
            steps.push((idx, stride));
        }
    }
    steps
}

/// Scales index `idx` by `stride` bytes (`shl` for a power of two).
fn scale<'ctx>(
    builder: &Builder<'ctx>,
    idx: IntValue<'ctx>,
    stride: u64,
) -> Result<IntValue<'ctx>, BuilderError> {
    let ty = idx.get_type();
    match stride {
        1 => Ok(idx),
        s if s.is_power_of_two() => {
            builder.build_left_shift(idx, ty.const_int(u64::from(s.trailing_zeros()), false), "")
        }
        s => builder.build_int_mul(idx, ty.const_int(s, false), ""),
    }
}

fn builder_before<'ctx>(at: InstructionValue<'ctx>) -> Builder<'ctx> {
    let builder = at
        .get_parent()
        .expect("gpucc-separate-const-offset-from-gep: an instruction in a block")
        .get_context()
        .create_builder();
    builder.position_before(&at);
    builder
}

/// Upstream's `lowerToSingleIndexGEPs`: `gep i8` per non-zero index, then
/// one for the offset; the variadic GEP `p.gep` is replaced and erased.
/// Returns the result and whether the constant GEP was swapped down.
fn lower_to_single_index_geps<'ctx>(
    p: &GepPlan<'ctx>,
    byte_offset: i64,
    env: &Env<'ctx>,
) -> Result<(PointerValue<'ctx>, bool), BuilderError> {
    let gep = p.gep;
    let builder = builder_before(gep);
    let block = gep
        .get_parent()
        .expect("gpucc-separate-const-offset-from-gep: GEP in a block");
    let base = pointer_operand(gep, 0);
    // In a loop, a constant GEP right on a loop-invariant base can be hoisted
    // by LICM: a candidate for the swap, unless the base is used elsewhere
    // in the loop.
    let mut swap_candidate = env.loops.depth(block) > 0
        && env.loops.invariant_in(base, block)
        && env.facts.uses_in_loop(base, block) <= 1;
    let mut result = base;
    let mut first: Option<InstructionValue<'ctx>> = None;
    for (idx, stride) in variable_steps(p) {
        let idx = scale(&builder, idx, stride)?;
        result = sepgep::build_byte_gep(&builder, result, idx, "uglygep")?;
        first = first.or(result.as_instruction());
    }
    if byte_offset != 0 {
        let offset = const_index(p.index_ty, byte_offset);
        result = sepgep::build_byte_gep(&builder, result, offset, "uglygep")?;
    } else {
        swap_candidate = false;
    }
    let second = result.as_instruction();
    let mut swapped = false;
    if let (true, Some(first), Some(second)) = (swap_candidate, first, second) {
        if is_legal_to_swap(first, second, block, env) {
            swap_gep_operands(first, second, env);
            swapped = true;
        }
    }
    llvm::replace_all_uses(gep, result);
    gep.erase_from_basic_block();
    Ok((result, swapped))
}

/// Upstream's `isLegalToSwapOperand`: `first` and `second` are single-index
/// GEPs of one block, `second` adding the constant to a chain that starts at
/// `first`. Worth swapping when `first`'s index varies in the loop and is not
/// itself "something + constant" (which would fold anyway).
fn is_legal_to_swap<'ctx>(
    first: InstructionValue<'ctx>,
    second: InstructionValue<'ctx>,
    block: inkwell::basic_block::BasicBlock<'ctx>,
    env: &Env<'ctx>,
) -> bool {
    let one_use = first
        .get_first_use()
        .is_some_and(|u| u.get_next_use().is_none());
    if !one_use
        || first == second
        || first.get_parent() != second.get_parent()
        || first.get_opcode() != InstructionOpcode::GetElementPtr
        || second.get_opcode() != InstructionOpcode::GetElementPtr
        || first.get_num_operands() != 2
        || second.get_num_operands() != 2
    {
        return false;
    }
    let Some(first_offset) = llvm::operand(&first, 1) else {
        return false;
    };
    if env.loops.invariant_in(first_offset, block) {
        return false;
    }
    let (Some(a), Some(b)) = (llvm::operand(&first, 0), llvm::operand(&second, 0)) else {
        return false;
    };
    if a.get_type() != b.get_type() {
        return false;
    }
    let mut def = first_offset.as_instruction_value();
    // Look through the constant shift that scaled the index.
    if let Some(d) = def {
        let shift = matches!(
            d.get_opcode(),
            InstructionOpcode::Shl | InstructionOpcode::LShr | InstructionOpcode::AShr
        );
        if shift && llvm::operand(&d, 1).is_some_and(|c| sepgep::const_int(c).is_some()) {
            def = llvm::operand(&d, 0).and_then(|v| v.as_instruction_value());
        }
    }
    if let Some(d) = def {
        let add_or_sub = matches!(
            d.get_opcode(),
            InstructionOpcode::Add | InstructionOpcode::Sub
        );
        let with_constant = [0, 1]
            .into_iter()
            .any(|i| llvm::operand(&d, i).is_some_and(|c| sepgep::const_int(c).is_some()));
        if add_or_sub && with_constant {
            return false;
        }
    }
    true
}

/// Swaps the indices of `first` (`base + o`) and `second` (`.. + c`), giving
/// `base + c` then `+ o`. `base + c` is inbounds when `c` stays within the
/// object `base` points into (LLVM 16 asks only that the size be known).
fn swap_gep_operands<'ctx>(
    first: InstructionValue<'ctx>,
    second: InstructionValue<'ctx>,
    env: &Env<'ctx>,
) {
    let o1 = llvm::operand(&first, 1).expect("gpucc-separate-const-offset-from-gep: index");
    let o2 = llvm::operand(&second, 1).expect("gpucc-separate-const-offset-from-gep: index");
    first.set_operand(1, o2);
    second.set_operand(1, o1);
    let within = || -> Option<bool> {
        let (width, c) = sepgep::const_int(o2)?;
        let c = const_offset::Bits::new(width, c).to_i64()?;
        let (object, base_offset) =
            sepgep::strip_inbounds_offsets(pointer_operand(first, 0), first);
        let size = env.q.object_size(object, first)?;
        let total = base_offset?.checked_add(c)?;
        Some(total >= 0 && u64::try_from(total).ok()? <= size)
    };
    let inbounds = within().unwrap_or(false);
    analyses::set_flags(
        first,
        analyses::Flags {
            inbounds,
            ..analyses::Flags::default()
        },
    );
    analyses::set_flags(second, analyses::Flags::default());
}

// ---------------------------------------------------------------------------
// Reuniting extensions: sext a + sext b => sext(a +nsw b).

/// Walks the dominator tree in preorder; each `sext a ± sext b` with a
/// dominating `a ±nsw b` whose poison would be undefined behaviour becomes
/// `sext` of it. Decisions and rewrites interleave, as upstream's: a
/// rewritten value is no longer an add, and later keys see the new `sext`
/// (tested by `test/ir/separate-const-offset-from-gep/reunites-extensions.ll`).
/// The add/subs are listed up front: a rewrite deletes only the sum it
/// replaces and its dead `sext`s (the operands of those are the dominating
/// add's, which lives on), none of them an add/sub still to come.
fn reunite_exts<'ctx>(env: &Env<'ctx>, stats: &mut Stats, cx: &PassCx<'ctx>) -> bool {
    // Operand pair -> dominating nsw adds/subs, innermost last. Lookup only:
    // the order of the pair is by address, which never reaches the output.
    let mut adds = DominatingExprs::default();
    let mut subs = DominatingExprs::default();
    let mut changed = false;
    for inst in env.q.add_subs_in_preorder() {
        changed |= reunite_one(inst, env, &mut adds, &mut subs, stats, cx);
    }
    changed
}

/// A dominating `a ±nsw b`, and whether its poison is known to be undefined
/// behaviour (`Some(true)`), known not to be (`Some(false)`), or not asked
/// yet: asked only when a sum looks it up, which few do.
type Candidate<'ctx> = (InstructionValue<'ctx>, Option<bool>);

type DominatingExprs<'ctx> = FxHashMap<(LLVMValueRef, LLVMValueRef), Vec<Candidate<'ctx>>>;

/// The key of a commutative pair.
fn unordered(a: LLVMValueRef, b: LLVMValueRef) -> (LLVMValueRef, LLVMValueRef) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The innermost candidate under `key` that dominates `at` and whose poison
/// would be undefined behaviour. Candidates that do not dominate `at`
/// dominate nothing later in the preorder walk either, and those whose
/// poison is harmless never qualify, so both are dropped (this keeps the
/// walk linear).
fn closest_dominating<'ctx>(
    exprs: &mut DominatingExprs<'ctx>,
    key: (LLVMValueRef, LLVMValueRef),
    at: InstructionValue<'ctx>,
    dt: &DomTree<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    let candidates = exprs.get_mut(&key)?;
    while let Some(&mut (c, ref mut ub)) = candidates.last_mut() {
        if dt.dominates(c, at) && *ub.get_or_insert_with(|| sepgep::undefined_if_poison(c)) {
            return Some(c);
        }
        candidates.pop();
    }
    None
}

fn reunite_one<'ctx>(
    inst: InstructionValue<'ctx>,
    env: &Env<'ctx>,
    adds: &mut DominatingExprs<'ctx>,
    subs: &mut DominatingExprs<'ctx>,
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) -> bool {
    let opcode = inst.get_opcode();
    let (lhs, rhs) = sepgep::binary_operands(inst);
    if let (Some(a), Some(b)) = (lhs.sext_operand(), rhs.sext_operand()) {
        if a.same_type(b) {
            let (exprs, key) = if opcode == InstructionOpcode::Add {
                (&mut *adds, unordered(a.key(), b.key()))
            } else {
                // a - b: the order matters (LLVM 16 forgets it).
                (&mut *subs, (a.key(), b.key()))
            };
            if let Some(dom) = closest_dominating(exprs, key, inst, &env.dt) {
                if debug::allow_rewrite(NAME) {
                    replace_with_sext(inst, dom, stats, cx);
                    return true;
                }
            }
        }
    }
    if analyses::flags(inst).nsw {
        let (exprs, key) = if opcode == InstructionOpcode::Add {
            (adds, unordered(lhs.key(), rhs.key()))
        } else {
            (subs, (lhs.key(), rhs.key()))
        };
        exprs.entry(key).or_default().push((inst, None));
    }
    false
}

/// Replaces `inst` (`sext a ± sext b`) by `sext dom` (`dom` = `a ±nsw b`).
fn replace_with_sext<'ctx>(
    inst: InstructionValue<'ctx>,
    dom: InstructionValue<'ctx>,
    stats: &mut Stats,
    cx: &PassCx<'ctx>,
) {
    let ty = BasicTypeEnum::try_from(inst.get_type())
        .expect("gpucc-separate-const-offset-from-gep: an integer type is first-class");
    let dom_value = BasicValueEnum::try_from(dom.as_any_value_enum())
        .expect("gpucc-separate-const-offset-from-gep: an add is a value");
    let from = CastFrom::New {
        name: "",
        fold: false,
    };
    let new = sepgep::create_cast(CastOp::SExt, dom_value, ty, from, inst);
    let new_inst = new
        .as_instruction_value()
        .expect("gpucc-separate-const-offset-from-gep: an unfolded sext");
    llvm::take_name(inst, new_inst);
    sepgep::copy_debug_loc(inst, new_inst);
    llvm::replace_all_uses(inst, new);
    llvm::delete_dead(&[inst]);
    stats.num_reunited += 1;
    cx.remark(RemarkKind::Passed, "Reunited", Some(new_inst), || {
        format!(
            "{} = sext of {}, which computes the same sum without overflow",
            llvm::describe(new_inst),
            llvm::describe(dom)
        )
    });
}

/// Upstream's `verifyNoDeadCode`: stops with an error naming the first
/// trivially dead instruction.
fn verify_no_dead_code(f: FunctionValue<'_>) {
    for bb in f.get_basic_blocks() {
        for inst in bb.get_instructions() {
            if sepgep::trivially_dead(inst) {
                llvm::fatal(&format!(
                    "{NAME}: dead instruction detected (-{VERIFY_OPTION}): {}",
                    sepgep::print(inst)
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("", SepGepParams { lower_gep: false })]
    #[case("lower-gep", SepGepParams { lower_gep: true })]
    #[case("lower-gep;no-lower-gep", SepGepParams { lower_gep: false })]
    fn parses_parameters(#[case] text: &str, #[case] want: SepGepParams) {
        assert_eq!(SepGepParams::parse(text).expect("valid"), want);
    }

    #[test]
    fn unknown_parameter_is_named() {
        insta::assert_snapshot!(
            SepGepParams::parse("lower").unwrap_err().to_string(),
            @"unknown parameter 'lower' (expected lower-gep or no-lower-gep)"
        );
    }
}
