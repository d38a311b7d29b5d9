//! `gpucc-slsr`: straight-line strength reduction.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.4.2 and Table 3; mirrors LLVM 16's
//! `Transforms/Scalar/StraightLineStrengthReduce.cpp`.
//!
//! Unrolled loops leave runs of address arithmetic that differ by a constant
//! multiple of one value: `b + 2*s`, `b + 3*s`, `b + 4*s`. Each costs a
//! multiplication; rebuilt from its predecessor, each costs one add.
//!
//! *Terms.* A **candidate** is an instruction in one of three forms, with a
//! base `B`, a constant index `i` and a stride `S` (`analysis::slsr_candidates`
//! has the exact matching rules):
//!
//! | form  | computes       | rewritten from basis `X` as |
//! |-------|----------------|-----------------------------|
//! | `Add` | `B + i * S`    | `X + (i' - i) * S`          |
//! | `Mul` | `(B + i) * S`  | `X + (i' - i) * S`          |
//! | `Gep` | `&B[i * S]`    | `&X[(i' - i) * S]`          |
//!
//! A candidate `X` is a **basis** of candidate `Y` if both have the same form,
//! base (the same SCEV), stride (the same IR value) and type, and `X`'s block
//! dominates `Y`'s. `Y` is rewritten from its **immediate basis**: the closest
//! one, searching back over at most `max-scan` candidates (50, as upstream:
//! the search is linear per candidate). For example:
//! ```text
//!   %s2 = shl i64 %s, 1                %s2 = shl i64 %s, 1
//!   %x  = add i64 %b, %s2      ==>     %x  = add i64 %b, %s2
//!   %s3 = mul i64 %s, 3                %y  = add i64 %x, %s
//!   %y  = add i64 %b, %s3
//! ```
//! *The bump* `(i' - i) * S` (for a GEP: in elements of the basis's result
//! type when the byte difference divides evenly, else in bytes on an `i8`
//! GEP) is built as cheaply as upstream builds it: `S` itself for 1, `0 - S`
//! for -1, `S << k` for `2^k`, `0 - (S << k)` for `-2^k`, else `S * (i' - i)`;
//! a negated bump of an add or mul becomes a `sub`.
//!
//! *Plan, then apply.* `plan` collects the candidates in dominator-tree
//! preorder (so every basis of a candidate is already collected when it is
//! searched), finds each one's basis, and then walks the candidates in
//! reverse, so a candidate being rewritten is never the basis of one still to
//! come. One instruction may be several candidates (`a + b` is `a + 1*b` and
//! `b + 1*a`); the last one with a basis wins, as upstream. `apply` builds the
//! new values, takes the old names, replaces uses, and deletes the replaced
//! instructions (and what dies with them) only at the end.
//!
//! *Refuses* (keeps in the list as a possible basis, never rewrites):
//! candidates that fold into the target's addressing mode (an `Add` whose
//! `[reg + i*reg]` is legal, a GEP the target computes inside the access:
//! `Tti::legal_addressing_mode`, as upstream's `getGEPCost`), and candidates
//! already in their simplest form (`B ± S`, `B * S`, `&(char*)B[±S]`:
//! rewriting `b + s` as `x - 7*s` is no gain).
//!
//! *Overflow flags.* The new instructions carry no `nsw`/`nuw` (the bump may
//! wrap where the original did not, e.g. `(-2 + 3) * INT_MAX` rebuilt from
//! `(-2 + 1) * INT_MAX` needs `2 * INT_MAX`). Upstream stops there; but the
//! rewrite also *reuses* the basis `X`, and `X`'s own flags may make it poison
//! where `Y` was not (`x = add nsw b, 2*s` overflows while `y = add b, 3*s`
//! wraps harmlessly): LLVM 16 then turns a defined `Y` into poison. Here,
//! before reusing `X`, each flag on `X` and on the instruction computing its
//! `i * S` (`B + i` for `Mul`) is kept only if `Y`'s own flags imply it:
//! - `Add`: `X`'s `nsw` holds if `Y` has `nsw` on its add and on its `i' * S`
//!   (or `i' * S` is `S`) and `i` lies between 0 and `i'`, for then
//!   `B + i*S` lies between `B` and `B + i'*S`; `nuw` likewise with unsigned
//!   `0 <= i <= i'`. The same test keeps the flags of `X`'s `i * S`.
//! - `Mul`: the flags of `X`'s `B + i` by the same test; those of the `mul`
//!   only when `i = i'` and `Y` has them too.
//! - `Gep`: the `nsw` on a sign-extended `mul nsw S, c` is what makes
//!   `sext(S * c) = c * sext(S)`: it cannot be dropped, so a basis whose index
//!   may overflow where `Y`'s does not is refused and the search goes on to
//!   the next one (`PoisonousBasis`).
//!
//! A flag that is not implied is dropped from `X` (or its `i * S`), which only
//! makes it more defined. A rewritten GEP is `inbounds` only if both `Y` and
//! `X` were (upstream copies `Y`'s alone, though `X` may point out of bounds).
//! A `Y` that is rebuilt and then reused as the basis of another candidate
//! `Z` passes `X`'s poison on to `Z`: `X`'s flags must then be implied by
//! `Z` as well (and a rebuilt GEP that others are rebuilt from stays
//! `inbounds` only if it lies between `X` and each of them). And
//! since SCEV reads `add nsw a, 1` and `add a, 1` alike, `X`'s base may be
//! another IR value than `Y`'s: such a basis is refused when its base is
//! computed with any flag (`PoisonousBasis`). An `inbounds` GEP basis `X`
//! keeps the flag only if `Y` is inbounds and `X`'s offset lies between `B`
//! and `Y` (so `X` is in the object wherever `Y` is); else `X` loses it and
//! the rewrite is not inbounds (upstream keeps both). (The poison check of
//! `tests/soundness.rs` found the first two; the third is the same argument
//! for `inbounds`. Upstream has none of these guards.)
//!
//! Beyond upstream also: a GEP bump of `-1 * S` with `S` narrower than the
//! index is negated after sign extension (`sext(0 - S)` is wrong for
//! `S = INT_MIN`); a GEP whose result element has size 0 is rebuilt with a
//! byte offset (upstream divides by zero); GEPs over scalable vectors and
//! integers wider than 128 bits are no candidates (upstream aborts on the
//! first, asserts on the second); and `shl nsw S, w-1` under a sign extension
//! is not read as `-2^(w-1) * S` (it is `+2^(w-1) * S`).
//!
//! *Parameters*: `gpucc-slsr<max-scan=N>`, default 50: how many candidates
//! back the basis search looks (bounds a quadratic search).
//!
//! *Remarks*: passed `Rewritten` (at the rewritten instruction) and
//! `FlagsDropped` (at the basis instruction that lost flags); missed
//! `NoDominatingBasis`, `ScanLimit`, `FoldsIntoAddressing`, `SimplestForm`,
//! `PoisonousBasis` (each only when a would-be basis exists, at most one per
//! instruction); analysis `Stats`. `GPUCC_DEBUG=gpucc-slsr` traces every
//! candidate; `GPUCC_BISECT=gpucc-slsr:N` stops after N rewrites.
//!
//! *Tests* (`test/ir/slsr/`): one file per form (`add-form.ll`,
//! `mul-form.ll`, `gep-form.ll`, each with a basis in a sibling block that is
//! not used), `stride-forms.ll` (the bump shapes), `overflow-flags.ll`,
//! `refuses-foldable.ll`, `refuses-simplest-form.ll`,
//! `refuses-mixed-types.ll`, `nvptx-address-spaces.ll`,
//! `amdgpu-address-spaces.ll`, `remarks.ll`, `max-scan-limits-search.ll`,
//! `rejects-unknown-param.ll`, `bisect-and-trace.ll`, `odd-ir-stays-valid.ll`
//! (crashes and misreadings of upstream's).

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::slsr_candidates::{self, Candidate, Const, Form};
use crate::debug;
use crate::llvm::analyses::{self, flags, DomTree, Se};
use crate::llvm::llvm_sys;
use crate::llvm::slsr::{self as ir, Layout, TypeRef};
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::values::{
    AnyValue, AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue,
};
use llvm_sys::prelude::LLVMValueRef;
use std::num::NonZeroU32;

/// The pipeline name.
pub const NAME: &str = "gpucc-slsr";

/// With remarks on, a refused candidate's would-be basis is looked for this
/// many times `max-scan` back (the explanation only; decisions use
/// `max-scan`).
const EXPLAIN_SCAN_FACTOR: usize = 10;

/// Parameters of `gpucc-slsr<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlsrParams {
    /// How many candidates back the basis search looks (default 50, as
    /// upstream: the search is linear per candidate, so this bounds a
    /// quadratic pass).
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

/// Why a candidate with a would-be basis keeps its instruction (for remarks).
#[derive(Clone, Copy, Debug)]
enum Note<'a> {
    /// The closest same-key candidate does not dominate it.
    NotDominating { other: usize },
    /// A basis exists, but further back than `max-scan` candidates.
    BeyondScan { basis: usize },
    /// It folds into an addressing mode.
    Foldable { basis: usize },
    /// It is already in its simplest form.
    Simplest { basis: usize },
    /// Every basis in reach may be poison where it is not.
    Poisonous { basis: usize, why: Poison<'a> },
}

/// Why reusing a basis could introduce poison that cannot be dropped.
#[derive(Clone, Copy, Debug)]
enum Poison<'a> {
    /// The GEP index of the basis needs its `nsw`, which the candidate does
    /// not imply.
    EssentialNsw { term: IntValue<'a> },
    /// A flag to drop sits on a constant expression.
    ConstantExpr { term: IntValue<'a> },
    /// The basis's `B` is another IR value than the candidate's (SCEV calls
    /// them equal) and is computed with flags that may make it poison where
    /// the candidate's is not.
    BaseFlags { part: BasicValueEnum<'a> },
}

/// Flags to clear on one instruction.
#[derive(Clone, Copy, Debug)]
struct Drop<'a> {
    inst: InstructionValue<'a>,
    nsw: bool,
    nuw: bool,
    inbounds: bool,
}

/// A candidate's chosen basis, and the flags reusing it costs.
#[derive(Clone, Debug)]
struct Choice<'a> {
    basis: usize,
    drops: Vec<Drop<'a>>,
}

/// `i' - i`, classified as the bump's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Delta {
    /// `S`.
    One,
    /// `0 - S`.
    MinusOne,
    /// `S << k`.
    Pow2(u32),
    /// `0 - (S << k)`.
    NegPow2(u32),
    /// `S * d`.
    Other(Const),
}

/// How a GEP candidate is rebuilt.
#[derive(Clone, Copy, Debug)]
struct GepRewrite<'a> {
    /// The element type of the new GEP (the basis's result element type).
    elem: TypeRef<'a>,
    /// The byte difference does not divide by the element size: `i8` GEP.
    bytes: bool,
    inbounds: bool,
}

/// One rewrite: `cand` rebuilt from `basis`.
#[derive(Clone, Copy, Debug)]
struct Rewrite<'a> {
    cand: usize,
    basis: usize,
    delta: Delta,
    /// Width of `i' - i` (the candidate's type, or the GEP index type).
    delta_bits: u32,
    gep: Option<GepRewrite<'a>>,
}

/// Everything `apply` does, decided by reading the IR only.
struct Plan<'a> {
    cands: Vec<Candidate<'a>>,
    /// Instructions kept although a would-be basis exists, and why: at most
    /// one per instruction (its last candidate with a note, the one that
    /// would have been rewritten), in candidate order.
    missed: Vec<(usize, Note<'a>)>,
    /// In the order to apply them: reverse candidate order.
    rewrites: Vec<Rewrite<'a>>,
    /// The flags to clear before any rewrite, one entry per instruction, in
    /// the order the rewrites needing them were planned.
    drops: Vec<Drop<'a>>,
    /// Instructions that are rewritten (lookup only).
    rewritten: FxHashMap<LLVMValueRef, usize>,
}

impl FunctionPass for SlsrPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'a>(&self, f: FunctionValue<'a>, cx: &PassCx<'a>) -> Changed {
        let fam = cx.fam();
        let dt = DomTree::new(fam, f);
        let se = Se::new(fam, f);
        let tti = Tti::new(fam, f);
        let layout = Layout::of(f);
        let mut stats = Stats::default();
        let plan = plan(
            f,
            &dt,
            &se,
            &tti,
            &layout,
            self.params,
            cx.remarks_wanted(),
            &mut stats,
        );
        report(&plan, &se, self.params, cx);
        let changed = apply(f, &plan);
        if stats.num_candidates > 0 {
            cx.remark(RemarkKind::Analysis, "Stats", None, || {
                format!(
                    "@{}: {} candidates, {} with a basis, {} instructions rewritten, {} flags \
                     dropped from reused bases, {} refused for poison",
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

fn block_of<'a>(c: &Candidate<'a>) -> BasicBlock<'a> {
    c.inst
        .get_parent()
        .expect("gpucc-slsr: candidates are collected from blocks")
}

/// Same form, base, stride and type, different instructions (upstream's
/// `isBasisFor`, less dominance).
fn same_key(x: &Candidate<'_>, c: &Candidate<'_>) -> bool {
    x.inst != c.inst
        && x.form == c.form
        && x.base == c.base
        && x.stride == c.stride
        && TypeRef::of(x.inst) == TypeRef::of(c.inst)
}

/// Is `a` between 0 and `b`, inclusive?
fn between_signed(a: Option<i128>, b: Option<i128>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) if b >= 0 => 0 <= a && a <= b,
        (Some(a), Some(b)) => b <= a && a <= 0,
        _ => false,
    }
}

/// Does byte offset `c` lie between `x` and `z` (signed, either order)?
fn offset_between(x: Const, c: Const, z: Const) -> bool {
    let (x, c, z) = (x.signed(), c.signed(), z.signed());
    (x <= c && c <= z) || (z <= c && c <= x)
}

fn between_unsigned(a: Option<u128>, b: Option<u128>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a <= b)
}

/// Can `x` be the basis of `c` without making `c`'s new value poison where
/// the old one was not? `Ok` lists the flags of `x`'s instructions that must
/// go (module docs, "Overflow flags"); `Err` when a flag that cannot go may
/// not hold. Pinned by `test/ir/slsr/overflow-flags.ll`.
fn guard<'a>(x: &Candidate<'a>, c: &Candidate<'a>) -> Result<Vec<Drop<'a>>, Poison<'a>> {
    base_guard(x, c)?;
    let (xt, ct) = (&x.term, &c.term);
    // Does `c` being defined imply that `x`'s `i * S` (`B + i`) does not
    // overflow? (It lies between 0 and `c`'s, which does not.)
    let keep_nsw = ct.nsw_exact && between_signed(xt.signed, ct.signed);
    let keep_nuw = ct.nuw_exact && between_unsigned(xt.unsigned, ct.unsigned);
    let mut drops = Vec::new();
    let mut drop = |v: IntValue<'a>, nsw: bool, nuw: bool| -> Result<(), Poison<'a>> {
        if !nsw && !nuw {
            return Ok(());
        }
        let Some(inst) = v.as_instruction() else {
            return Err(Poison::ConstantExpr { term: v });
        };
        drops.push(Drop {
            inst,
            nsw,
            nuw,
            inbounds: false,
        });
        Ok(())
    };
    if let Some(term) = xt.value {
        let ft = flags(term);
        let drop_nsw = ft.nsw && !keep_nsw;
        if drop_nsw && xt.nsw_essential {
            return Err(Poison::EssentialNsw { term });
        }
        drop(term, drop_nsw, ft.nuw && !keep_nuw)?;
    }
    let (fx, fc) = (flags(x.inst), flags(c.inst));
    let x_value = || x.inst.as_any_value_enum().into_int_value();
    match c.form {
        // `B + i*S` lies between `B` and `B + i'*S`.
        Form::Add => drop(
            x_value(),
            fx.nsw && !(fc.nsw && keep_nsw),
            fx.nuw && !(fc.nuw && keep_nuw),
        )?,
        // `(B + i) * S` is not between anything known unless `i = i'`.
        Form::Mul => {
            let same = x.index == c.index;
            drop(
                x_value(),
                fx.nsw && !(same && fc.nsw && ct.nsw_exact),
                fx.nuw && !(same && fc.nuw && ct.nuw_exact),
            )?
        }
        // A GEP has no nsw/nuw of its own in LLVM 16. An inbounds `X` is
        // poison out of its object: it must be in the object wherever `c` is,
        // which holds when `c` is inbounds and `X`'s offset lies between `B`'s
        // (0) and `c`'s. Else `X` loses inbounds (and the rewrite is not
        // inbounds). Pinned by @inbounds_basis_outside_the_candidate in
        // overflow-flags.ll.
        Form::Gep => {
            let zero = Const::new(x.index.bits(), 0);
            let inside = fc.inbounds && offset_between(zero, x.index, c.index);
            if fx.inbounds && !inside {
                drops.push(Drop {
                    inst: x.inst,
                    nsw: false,
                    nuw: false,
                    inbounds: true,
                });
            }
        }
    }
    Ok(drops)
}

/// SCEV reads `add nsw x, y` and `add x, y` alike, so `x`'s `B` may be
/// another IR value than `c`'s, defined with flags, and poison where `c`'s is
/// not: reusing `x` would bring that poison into `c`. A part of `x`'s `B`
/// that is not `c`'s must be computed without flags. Pinned by
/// @same_scev_base_with_flags in overflow-flags.ll.
fn base_guard<'a>(x: &Candidate<'a>, c: &Candidate<'a>) -> Result<(), Poison<'a>> {
    let (xb, cb) = (x.base_values(), c.base_values());
    let aligned = xb.len() == cb.len();
    for (k, part) in xb.iter().enumerate() {
        if aligned && part.as_value_ref() == cb[k].as_value_ref() {
            continue;
        }
        let mut budget = FLAG_WALK_BUDGET;
        if flags_in_tree(*part, &mut budget) {
            return Err(Poison::BaseFlags { part: *part });
        }
    }
    Ok(())
}

/// Values [`flags_in_tree`] looks at before it gives up (and says yes).
const FLAG_WALK_BUDGET: u32 = 32;

/// Could `v` be poison because of a flag (`nsw`, `nuw`, `exact`,
/// `inbounds`) on it or on a value it is computed from? Walks arithmetic,
/// casts, GEPs and selects; a phi, a load, a call or an exhausted `budget`
/// answer yes (SCEV may see through a phi; the others have no flags a SCEV
/// would ignore, but a walk that stops must not say no).
fn flags_in_tree(v: BasicValueEnum<'_>, budget: &mut u32) -> bool {
    use inkwell::values::InstructionOpcode as O;
    let Some(op) = llvm::operator_opcode(v) else {
        // An argument, a global, a plain constant.
        return false;
    };
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let f = flags(v);
    if f.nsw || f.nuw || f.exact || f.inbounds {
        return true;
    }
    match op {
        O::Add
        | O::Sub
        | O::Mul
        | O::Shl
        | O::LShr
        | O::AShr
        | O::UDiv
        | O::SDiv
        | O::URem
        | O::SRem
        | O::And
        | O::Or
        | O::Xor
        | O::Trunc
        | O::ZExt
        | O::SExt
        | O::GetElementPtr
        | O::PtrToInt
        | O::IntToPtr
        | O::BitCast
        | O::AddrSpaceCast
        | O::Select => llvm::operands(v)
            .into_iter()
            .any(|o| flags_in_tree(o, budget)),
        _ => true,
    }
}

/// What the basis search found for one candidate.
struct Found<'a> {
    choice: Option<Choice<'a>>,
    note: Option<Note<'a>>,
}

/// Finds candidate `k`'s immediate basis among `cands[..k]`.
fn find_basis<'a>(
    cands: &[Candidate<'a>],
    blocks: &[BasicBlock<'a>],
    k: usize,
    dt: &DomTree<'a>,
    max_scan: usize,
    explain: bool,
) -> Found<'a> {
    let c = &cands[k];
    let searching = !c.foldable && !c.simplest;
    if !searching && !explain {
        return Found {
            choice: None,
            note: None,
        };
    }
    let reach = if explain {
        max_scan.saturating_mul(EXPLAIN_SCAN_FACTOR)
    } else {
        max_scan
    };
    let mut not_dominating = None;
    let mut note = None;
    for (n, j) in (0..k).rev().enumerate().take(reach) {
        let x = &cands[j];
        if !same_key(x, c) {
            continue;
        }
        // Block dominance suffices: within a block, `x` comes first.
        // Pinned by @no_basis_in_sibling_block in add-form.ll.
        if !dt.dominates_block(blocks[j], blocks[k]) {
            not_dominating.get_or_insert(j);
            continue;
        }
        if !searching {
            // Explaining only: it would not be rewritten from any basis.
            note = Some(if c.foldable {
                Note::Foldable { basis: j }
            } else {
                Note::Simplest { basis: j }
            });
            break;
        }
        if n >= max_scan {
            note.get_or_insert(Note::BeyondScan { basis: j });
            break;
        }
        match guard(x, c) {
            Ok(drops) => {
                return Found {
                    choice: Some(Choice { basis: j, drops }),
                    note: None,
                }
            }
            Err(why) => {
                note.get_or_insert(Note::Poisonous { basis: j, why });
            }
        }
    }
    if !searching {
        // A basis that does not dominate is no reason: it is never rewritten.
        not_dominating = None;
    }
    Found {
        choice: None,
        note: note.or(not_dominating.map(|other| Note::NotDominating { other })),
    }
}

/// Reads the function and decides every rewrite; writes nothing.
#[allow(clippy::too_many_arguments)]
fn plan<'a>(
    f: FunctionValue<'a>,
    dt: &DomTree<'a>,
    se: &Se<'a>,
    tti: &Tti<'a>,
    layout: &Layout<'a>,
    params: SlsrParams,
    explain: bool,
    stats: &mut Stats,
) -> Plan<'a> {
    let cands = slsr_candidates::collect(f, dt, se, tti, layout);
    let blocks: Vec<BasicBlock<'a>> = cands.iter().map(block_of).collect();
    let max_scan = usize::try_from(params.max_scan).unwrap_or(usize::MAX);
    let mut choices = Vec::with_capacity(cands.len());
    let mut notes = Vec::with_capacity(cands.len());
    for k in 0..cands.len() {
        let found = find_basis(&cands, &blocks, k, dt, max_scan, explain);
        debug::trace(NAME, || describe_search(&cands, k, &found));
        if found.choice.is_some() {
            stats.num_with_basis += 1;
        }
        choices.push(found.choice);
        notes.push(found.note);
    }
    stats.num_candidates = cands.len() as u64;

    // Backwards: a candidate rewritten here is never the basis of one still
    // to come, and the last candidate of an instruction with a basis wins.
    //
    // A rewrite `c = x + d*S` also feeds every candidate later rebuilt from
    // `c` (transitively): `y = c + e*S` is poison wherever `x` is. So `x`'s
    // flags must be implied by each of them, not only by `c` (`find_basis`
    // asked `c` alone): the basis is guarded again against every dependent,
    // the flags to drop add up, and `c` stays when one cannot be dropped.
    // Pinned by @rebuilt_basis_vouches_for_nothing in overflow-flags.ll.
    let mut rewrites = Vec::new();
    let mut rewritten: FxHashMap<LLVMValueRef, usize> = FxHashMap::default();
    // Per instruction: the candidates whose new value depends on its new one.
    let mut dependents: FxHashMap<LLVMValueRef, Vec<usize>> = FxHashMap::default();
    let mut drops: Vec<Drop<'a>> = Vec::new();
    let mut drop_slot: FxHashMap<LLVMValueRef, usize> = FxHashMap::default();
    for k in (0..cands.len()).rev() {
        let Some(choice) = choices[k].clone() else {
            continue;
        };
        let key = cands[k].inst.as_value_ref();
        if rewritten.contains_key(&key) || !debug::allow_rewrite(NAME) {
            continue;
        }
        let deps = dependents.get(&key).cloned().unwrap_or_default();
        let mut choice_drops = choice.drops.clone();
        let mut refused = None;
        for &d in &deps {
            match guard(&cands[choice.basis], &cands[d]) {
                Ok(more) => choice_drops.extend(more),
                Err(why) => {
                    refused = Some(why);
                    break;
                }
            }
        }
        if let Some(why) = refused {
            choices[k] = None;
            notes[k] = Some(Note::Poisonous {
                basis: choice.basis,
                why,
            });
            continue;
        }
        rewritten.insert(key, k);
        let basis_key = cands[choice.basis].inst.as_value_ref();
        let entry = dependents.entry(basis_key).or_default();
        entry.push(k);
        entry.extend(deps.iter().copied());
        let mut rewrite = make_rewrite(&cands, k, choice.basis, layout);
        let basis_inst = cands[choice.basis].inst;
        if let Some(g) = rewrite.gep.as_mut() {
            g.inbounds &= !choice_drops
                .iter()
                .any(|d| d.inbounds && d.inst == basis_inst);
            // A rebuilt GEP that others are rebuilt from stays inbounds only
            // if it lies between its basis and each of them (then it is in
            // the object whenever they are); else it may leave the object
            // where they do not.
            let (x, c) = (&cands[choice.basis], &cands[k]);
            g.inbounds &= deps.iter().all(|&d| {
                let z = &cands[d];
                flags(z.inst).inbounds && offset_between(x.index, c.index, z.index)
            });
        }
        rewrites.push(rewrite);
        for d in &choice_drops {
            let slot = *drop_slot.entry(d.inst.as_value_ref()).or_insert_with(|| {
                drops.push(Drop {
                    inst: d.inst,
                    nsw: false,
                    nuw: false,
                    inbounds: false,
                });
                drops.len() - 1
            });
            drops[slot].nsw |= d.nsw;
            drops[slot].nuw |= d.nuw;
            drops[slot].inbounds |= d.inbounds;
        }
    }
    // Why the others stay, once per instruction.
    let mut missed = Vec::new();
    let mut explained: FxHashMap<LLVMValueRef, ()> = FxHashMap::default();
    for k in (0..cands.len()).rev() {
        let key = cands[k].inst.as_value_ref();
        if rewritten.contains_key(&key) || choices[k].is_some() {
            continue;
        }
        if let Some(note) = notes[k] {
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
    stats.num_flags_dropped = drops
        .iter()
        .filter(|d| !rewritten.contains_key(&d.inst.as_value_ref()))
        .map(|d| u64::from(d.nsw) + u64::from(d.nuw) + u64::from(d.inbounds))
        .sum();
    stats.num_rewritten = rewrites.len() as u64;
    Plan {
        cands,
        missed,
        rewrites,
        drops,
        rewritten,
    }
}

/// Computes how candidate `k` is rebuilt from `basis` (upstream's `emitBump`
/// arithmetic, done on constants).
fn make_rewrite<'a>(
    cands: &[Candidate<'a>],
    k: usize,
    basis: usize,
    layout: &Layout<'a>,
) -> Rewrite<'a> {
    let (c, x) = (&cands[k], &cands[basis]);
    let bits = c.index.bits().max(x.index.bits());
    let mut offset = c.index.sext(bits).wrapping_sub(x.index.sext(bits));
    let gep = (c.form == Form::Gep).then(|| {
        let shape = layout
            .gep_shape(x.inst)
            .expect("gpucc-slsr: a GEP basis has a shape (it was collected)");
        // In elements of the basis's result type when the byte difference
        // divides evenly, else in bytes (also for a zero-sized element:
        // @zero_sized_result_element in odd-ir-stays-valid.ll).
        let bytes = match offset.sdivrem(shape.result_elem_size) {
            Some((q, r)) if r.is_zero() => {
                offset = q;
                false
            }
            _ => true,
        };
        GepRewrite {
            elem: shape.result_elem,
            bytes,
            inbounds: flags(c.inst).inbounds && flags(x.inst).inbounds,
        }
    });
    let delta = if offset.is_one() {
        Delta::One
    } else if offset.is_all_ones() {
        Delta::MinusOne
    } else if offset.is_power_of_two() {
        Delta::Pow2(offset.log2())
    } else if offset.is_negated_power_of_two() {
        Delta::NegPow2(offset.wrapping_neg().log2())
    } else {
        Delta::Other(offset)
    };
    Rewrite {
        cand: k,
        basis,
        delta,
        delta_bits: bits,
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
    let s = llvm::describe(c.stride);
    let d = match r.delta {
        Delta::One => "1".to_string(),
        Delta::MinusOne => "-1".to_string(),
        Delta::Pow2(k) => format!("{}", 1u128 << k),
        Delta::NegPow2(k) => format!("-{}", 1u128 << k),
        Delta::Other(d) => d.signed().to_string(),
    };
    let x = llvm::describe(x.inst);
    match r.gep {
        None => format!("{x} + {d} * {s}"),
        Some(g) if g.bytes => format!("{x} + {d} * {s} bytes"),
        Some(_) => format!("&{x}[{d} * {s}]"),
    }
}

fn describe_search(cands: &[Candidate<'_>], k: usize, found: &Found<'_>) -> String {
    let c = &cands[k];
    let what = format!(
        "{} {} (i = {}, S = {}{}{})",
        c.form.name(),
        llvm::describe(c.inst),
        c.index.signed(),
        llvm::describe(c.stride),
        if c.foldable { ", foldable" } else { "" },
        if c.simplest { ", simplest" } else { "" }
    );
    match (&found.choice, &found.note) {
        (Some(ch), _) => format!(
            "{what}: basis {}{}",
            llvm::describe(cands[ch.basis].inst),
            if ch.drops.is_empty() {
                ""
            } else {
                " (drops flags)"
            }
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
            let x = &plan.cands[r.basis];
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
                    "{} not rewritten: its basis {} is more than {} candidates back \
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
            Note::Simplest { basis } => (
                "SimplestForm",
                format!(
                    "{} not rewritten from basis {}: it is already in its simplest form",
                    what(),
                    other(basis)
                ),
            ),
            Note::Poisonous { basis, why } => {
                let reason = match why {
                    Poison::EssentialNsw { term } => format!(
                        "its index {} is nsw and may overflow where {y}'s does not, and the \
                         rewrite needs that flag",
                        llvm::describe(term)
                    ),
                    Poison::ConstantExpr { term } => format!(
                        "the flags of constant expression {} may not hold where {y}'s do, and \
                         cannot be dropped",
                        llvm::describe(term)
                    ),
                    Poison::BaseFlags { part } => format!(
                        "its base is computed from {}, which SCEV equates with {y}'s but whose \
                         flags may make it poison where {y}'s base is not",
                        llvm::describe(part)
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
    for d in &plan.drops {
        if plan.rewritten.contains_key(&d.inst.as_value_ref()) {
            continue; // replaced anyway
        }
        cx.remark(RemarkKind::Passed, "FlagsDropped", Some(d.inst), || {
            let which = [("nsw", d.nsw), ("nuw", d.nuw), ("inbounds", d.inbounds)]
                .iter()
                .filter(|(_, on)| *on)
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(" and ");
            format!(
                "dropped {which} from {}: it is reused by a rewrite whose operands do not imply it",
                llvm::describe(d.inst)
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
    for d in &plan.drops {
        let mut fl = flags(d.inst);
        fl.nsw &= !d.nsw;
        fl.nuw &= !d.nuw;
        fl.inbounds &= !d.inbounds;
        analyses::set_flags(d.inst, fl);
    }
    let b = f.get_type().get_context().create_builder();
    let mut replaced = Vec::with_capacity(plan.rewrites.len());
    for r in &plan.rewrites {
        let (c, x) = (&plan.cands[r.cand], &plan.cands[r.basis]);
        let new = emit(&b, r, c, x);
        llvm::take_name(c.inst, new);
        llvm::replace_all_uses(c.inst, new);
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

/// Emits `c` rebuilt from `x` before `c`, as upstream's IRBuilder calls do
/// (constant strides fold); returns the new value.
fn emit<'a>(
    b: &Builder<'a>,
    r: &Rewrite<'a>,
    c: &Candidate<'a>,
    x: &Candidate<'a>,
) -> inkwell::values::BasicValueEnum<'a> {
    const BUILT: &str = "gpucc-slsr: builder is positioned";
    b.position_before(&c.inst);
    match c.inst.get_debug_location() {
        Some(loc) => b.set_current_debug_location(loc),
        None => b.unset_current_debug_location(),
    }
    let s = c.stride;
    let delta_ty = int_type(s, r.delta_bits);
    let ext = |v: IntValue<'a>| {
        b.build_int_cast_sign_flag(v, delta_ty, true, "")
            .expect(BUILT)
    };
    let bump = match r.delta {
        Delta::One => s,
        // Beyond upstream: negate after extending, or -INT_MIN wraps.
        // Pinned by @gep_negative_bump_extends_first in stride-forms.ll.
        Delta::MinusOne if c.form == Form::Gep && s.get_type() != delta_ty => {
            b.build_int_neg(ext(s), "").expect(BUILT)
        }
        Delta::MinusOne => b.build_int_neg(s, "").expect(BUILT),
        Delta::Pow2(k) => b
            .build_left_shift(ext(s), delta_ty.const_int(u64::from(k), false), "")
            .expect(BUILT),
        Delta::NegPow2(k) => {
            let shl = b
                .build_left_shift(ext(s), delta_ty.const_int(u64::from(k), false), "")
                .expect(BUILT);
            b.build_int_neg(shl, "").expect(BUILT)
        }
        Delta::Other(d) => b
            .build_int_mul(ext(s), const_of(delta_ty, d), "")
            .expect(BUILT),
    };
    match (c.form, r.gep) {
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
            let new = if g.bytes {
                let i8p = ir::i8_pointer_like(xp);
                let p = b.build_pointer_cast(xp, i8p, "").expect(BUILT);
                let i8 = TypeRef::from_type(xp.get_type().get_context().i8_type());
                let p = ir::gep_before(b, c.inst, i8, p, bump, g.inbounds);
                let cty = c.inst.as_any_value_enum().into_pointer_value().get_type();
                b.build_pointer_cast(p, cty, "").expect(BUILT)
            } else {
                let idx = ext(bump);
                ir::gep_before(b, c.inst, g.elem, xp, idx, g.inbounds)
            };
            new.as_basic_value_enum()
        }
        (Form::Gep, None) => unreachable!("gpucc-slsr: a GEP rewrite has GEP details"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(Some(2), Some(5), true)]
    #[case(Some(0), Some(5), true)]
    #[case(Some(5), Some(5), true)]
    #[case(Some(6), Some(5), false)]
    #[case(Some(-1), Some(5), false)]
    #[case(Some(-2), Some(-5), true)]
    #[case(Some(-6), Some(-5), false)]
    #[case(Some(1), Some(-5), false)]
    #[case(None, Some(5), false)]
    fn between_signed_is_between_zero_and_the_bound(
        #[case] a: Option<i128>,
        #[case] b: Option<i128>,
        #[case] want: bool,
    ) {
        assert_eq!(between_signed(a, b), want);
    }

    #[test]
    fn between_unsigned_is_at_most_the_bound() {
        assert!(between_unsigned(Some(2), Some(3)));
        assert!(!between_unsigned(Some(u128::from(u32::MAX)), Some(3)));
        assert!(!between_unsigned(Some(1), None));
    }

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
