//! The constant part of a GEP index: LLVM 16's `ConstantOffsetExtractor::find`
//! (`Scalar/SeparateConstOffsetFromGEP.cpp`), read-only.
//!
//! Given an index such as `sext(a +nsw (b +nsw 5))`, we look for a constant
//! `C` that can be hoisted to the outermost level as an addition, so that
//! `index = index' + C`. The search walks down from the index through
//! - `add`, `sub`, and `or` that is an add (marked `disjoint`, or, on LLVMs
//!   without that flag, with operands that share no set bit:
//!   `sepgep::UPSTREAM.or_needs_disjoint`), trying the left operand first and
//!   the right one only if the left holds no constant (so `(a + 4) + (b + 5)`
//!   yields 4: InstCombine has normally folded such cases already);
//! - `sext`, `zext`, and `trunc`, when the cast distributes over what is
//!   below it (table below).
//!
//! It stops at anything else. The path from the constant up to the index is
//! the [`Found::chain`]: the rewrite (in the pass) rebuilds the index along it
//! with the casts pushed down to the leaves and the constant replaced by 0.
//!
//! When a cast distributes over `A op B`:
//! ```text
//!   outside the op     | needs on `add`/`sub`  | why
//!   -------------------+-----------------------+-------------------------------
//!   nothing            | nothing               | index arithmetic wraps anyway
//!   sext               | nsw                   | sext(a +nsw b) = sext a + sext b
//!   zext               | nuw                   | zext(a +nuw b) = zext a + zext b
//!   sext and zext      | nsw and nuw           | both of the above
//! ```
//! `or` needs nothing more: with no common bit it is an add that cannot wrap
//! either way. An extension matters only for the bits it adds: under a
//! `trunc` back to at most its source width (`trunc(sext(y + 1) to i64) to
//! i32`, which canonicalizing a 32-bit index type produces) it changes
//! nothing, and the operation below it is traced as if it were not there.
//! Under a `zext` alone, a constant in the right operand of a `sub` is not
//! taken (it would be sound: `zext(x -nuw 1)` is `zext x - 1`; upstream does
//! not trace such subs, and LLVM 22's `pr62379-zeroext-negative.ll` pins
//! that). Upstream's one exception, kept: an `add` with a non-negative
//! constant operand directly under sexts of an `inbounds` GEP's index is
//! traced without `nsw`. Upstream justifies it by "an inbounds index is
//! non-negative", which is false (`gep inbounds p, -1` is fine when `p` is
//! not the start of its object); we require a proof instead
//! (`Extractor::add_cannot_sign_wrap`): either the add is known
//! non-negative, or the index lands in an object too small for the wrapped
//! value to stay in bounds (so wrapping would make the original GEP poison),
//! or the GEP is `nusw nuw` (`inbounds nuw`), whose indices are never
//! negative, so an add that is one, up to sexts, cannot have wrapped when its
//! constant is non-negative or the add is `nuw` (LLVM 22's
//! `AMDGPU/preserve-inbounds.ll`). Verified by `@sext_add` in LLVM 16's
//! `NVPTX/split-gep.ll`.
//!
//! Beyond upstream, where LLVM 16 is wrong:
//! - A `trunc` under a `sext`/`zext` is looked through only when no `add`
//!   or `sub` lies between it and the constant (disjoint `or`s and casts
//!   truncate exactly): `sext(trunc(x +nsw 1))` is not `sext(trunc x) + 1`
//!   when `trunc x` is the narrow type's maximum, and LLVM 16's `trunc` has
//!   no flags to say it is not. (LLVM 16 looks through and miscompiles.)
//! - The offset is `±cast(C)`: the casts are applied to the constant, then the
//!   sign of each subtraction. LLVM 16 negates in the narrow type first, so
//!   `zext(x -nuw 1)` gave it an offset of `+4294967295` instead of `-1`
//!   (such subs are now refused, as above), and `sext(x -nsw INT_MIN)` one of
//!   `-2^31` instead of `+2^31`.
//!
//! This module only reads the IR; `passes::separate_const_offset_from_gep`
//! plans and rewrites.
#![forbid(unsafe_code)]

use super::no_wrap::{Proof, Prover};
use crate::llvm::analyses;
use crate::llvm::sepgep::{self, Queries};
use inkwell::types::IntType;
use inkwell::values::{InstructionOpcode, InstructionValue, IntValue, PointerValue};
use std::cell::Cell;

/// A two's-complement integer of 1 to 128 bits: upstream's `APInt`, for the
/// widths we accept (a wider value is never looked into).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits {
    width: u32,
    /// The bits, zero above `width`.
    value: u128,
}

impl Bits {
    /// The widest integer we look into.
    pub const MAX_WIDTH: u32 = 128;

    /// `value` truncated to `width` bits (1 to 128).
    pub fn new(width: u32, value: u128) -> Bits {
        assert!(
            (1..=Self::MAX_WIDTH).contains(&width),
            "gpucc: Bits of width {width}"
        );
        Bits {
            width,
            value: value & Self::mask(width),
        }
    }

    fn mask(width: u32) -> u128 {
        if width == 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        }
    }

    pub fn width(self) -> u32 {
        self.width
    }

    /// The bits, zero-extended.
    pub fn raw(self) -> u128 {
        self.value
    }

    pub fn is_zero(self) -> bool {
        self.value == 0
    }

    pub fn is_negative(self) -> bool {
        self.value >> (self.width - 1) & 1 == 1
    }

    /// The value read as signed.
    pub fn signed(self) -> i128 {
        // Shifting the sign bit to the top and back is the sign extension.
        let shift = 128 - self.width;
        ((self.value << shift) as i128) >> shift
    }

    /// The signed value, if it fits 64 bits.
    pub fn to_i64(self) -> Option<i64> {
        i64::try_from(self.signed()).ok()
    }

    pub fn sext(self, width: u32) -> Bits {
        // The two's-complement bits of the signed value, cut to `width`.
        Bits::new(width, self.signed() as u128)
    }

    pub fn zext(self, width: u32) -> Bits {
        Bits::new(width, self.value)
    }

    pub fn trunc(self, width: u32) -> Bits {
        Bits::new(width, self.value)
    }

    /// The two's-complement negation in the same width.
    pub fn wrapping_neg(self) -> Bits {
        Bits::new(self.width, self.value.wrapping_neg())
    }

    /// `self` cast by `kind` to `width`.
    pub fn cast(self, kind: CastKind, width: u32) -> Bits {
        match kind {
            CastKind::SExt => self.sext(width),
            CastKind::ZExt => self.zext(width),
            CastKind::Trunc => self.trunc(width),
        }
    }
}

/// The casts the search looks through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    SExt,
    ZExt,
    Trunc,
}

/// The binary operators the search looks through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinKind {
    Add,
    Sub,
    /// An `or` of operands with no common bit: an add.
    Or,
}

/// One step of the path from the constant up to the index (upstream's
/// `UserChain`).
#[derive(Clone, Copy, Debug)]
pub enum Link<'ctx> {
    /// The constant (always `chain[0]`).
    Leaf(IntValue<'ctx>),
    /// A cast of the link below to `to`. `inst` is `None` for the cast the
    /// pass inserts to bring a narrower or wider index to the index type.
    Cast {
        inst: Option<InstructionValue<'ctx>>,
        kind: CastKind,
        to: IntType<'ctx>,
    },
    /// `inst`, whose operand `chain_op` (0 or 1) is the link below.
    BinOp {
        inst: InstructionValue<'ctx>,
        kind: BinKind,
        chain_op: u32,
    },
}

/// A constant found in an index.
#[derive(Clone, Debug)]
pub struct Found<'ctx> {
    /// From the constant (first) to the index (last).
    pub chain: Vec<Link<'ctx>>,
    /// What the constant adds to the index, in the index type's width: the
    /// casts applied to it, negated once per subtraction that subtracts it.
    pub offset: Bits,
    /// The adds and subs without `nsw` on the chain that were proved not to
    /// wrap (`analysis::no_wrap`), and how.
    pub proved: Vec<(InstructionValue<'ctx>, Proof)>,
}

impl Found<'_> {
    /// Does taking the constant out keep the index's additions unsigned-
    /// non-wrapping, so that a `nuw` GEP may stay `nuw`? Every operator on
    /// the chain must be an add that cannot wrap unsigned (`add nuw`, or an
    /// `or` that is an add), and every `trunc` must be `trunc nuw` (a `trunc`
    /// pushed below an add may make it wrap). Extensions are fine.
    pub fn preserves_nuw(&self) -> bool {
        self.chain.iter().all(|link| match *link {
            Link::Leaf(_) => true,
            Link::BinOp { inst, kind, .. } => match kind {
                BinKind::Add => analyses::flags(inst).nuw,
                BinKind::Or => true,
                BinKind::Sub => false,
            },
            Link::Cast {
                kind: CastKind::Trunc,
                inst,
                ..
            } => inst.is_some_and(|i| analyses::flags(i).nuw),
            Link::Cast { .. } => true,
        })
    }
}

/// A wrap flag that would have let the search look below an operator
/// holding a constant: what a missed remark tells the user.
#[derive(Clone, Copy, Debug)]
pub struct Blocked<'ctx> {
    pub inst: InstructionValue<'ctx>,
    /// `"nsw"` (under a sext) or `"nuw"` (under a zext).
    pub needs: &'static str,
    /// Did `analysis::no_wrap` try (and fail) to prove the missing `nsw`?
    pub unproved: bool,
}

/// Where an index lands, as far as the sext exception needs it.
#[derive(Clone, Copy, Debug)]
pub struct IndexSite<'ctx> {
    /// The GEP (the context of value-tracking questions).
    pub gep: InstructionValue<'ctx>,
    /// Is the GEP `inbounds`?
    pub inbounds: bool,
    /// Is the GEP both `nusw` (or `inbounds`) and `nuw`? Then each of its
    /// indices with a non-zero stride is non-negative unless the GEP is
    /// poison.
    pub nusw_nuw: bool,
    /// Bytes per unit of this index.
    pub stride: u64,
    /// The GEP's base pointer, when the sext exception may ask the size of
    /// the object it points into (`inbounds` GEPs); asked lazily, at most
    /// once per search.
    pub object_base: Option<PointerValue<'ctx>>,
}

/// What [`find`] reports for one index.
#[derive(Clone, Debug)]
pub struct Outcome<'ctx> {
    pub found: Option<Found<'ctx>>,
    /// When nothing was found: the top-most operator a wrap flag would open.
    pub blocked: Option<Blocked<'ctx>>,
}

/// The search visits at most this many values per index. Upstream has no
/// bound, and the left-then-right search is exponential on shared
/// subexpressions (`a1 = a0 + a0; a2 = a1 + a1; ...` as an index: 2^depth
/// visits); real indices are a few dozen values deep.
pub const MAX_VISITS: u32 = 4096;

/// Looks for a constant in `index` of the GEP at `site`. With `canonical`,
/// the index is first cast (as the pass will) to the index type.
pub fn find<'ctx>(
    facts: &Queries<'ctx>,
    prover: &Prover<'ctx>,
    site: IndexSite<'ctx>,
    index: IntValue<'ctx>,
    canonical: Option<(CastKind, IntType<'ctx>)>,
) -> Outcome<'ctx> {
    let x = Extractor {
        facts,
        prover,
        proofs: std::cell::RefCell::new(Vec::new()),
        site,
        blocked: Cell::new(None),
        visits: Cell::new(0),
        object_size: Cell::new(None),
    };
    let top = Path::Top { sext_only: true };
    let partial = match canonical {
        None => x.find(index, Ext::NONE, top),
        Some((kind, to)) => {
            let from = index.get_type().get_bit_width();
            let ext = match kind {
                CastKind::Trunc => Ext::NONE.below_trunc(to.get_bit_width()),
                _ => Ext::NONE.below_extension(kind, from),
            };
            x.find_cast(None, kind, to, index, ext, top)
        }
    };
    let found = partial.map(|p| {
        // The proofs the constant's path relied on (usually none asked).
        let proofs = x.proofs.borrow();
        let proved = p
            .chain
            .iter()
            .take(if proofs.is_empty() { 0 } else { usize::MAX })
            .filter_map(|l| match *l {
                Link::BinOp { inst, .. } => proofs
                    .iter()
                    .find(|&&(i, pr)| i == inst && pr.is_some())
                    .map(|&(i, pr)| (i, pr.expect("gpucc: filtered on is_some"))),
                _ => None,
            })
            .collect();
        Found {
            offset: if p.negated {
                p.magnitude.wrapping_neg()
            } else {
                p.magnitude
            },
            proved,
            chain: p.chain,
        }
    });
    let blocked = if found.is_none() {
        x.blocked.get()
    } else {
        None
    };
    Outcome { found, blocked }
}

/// The extensions around the value being searched.
#[derive(Clone, Copy, Debug)]
struct Ext {
    signed: bool,
    zero: bool,
    /// How many low bits of the value reach the index: the narrowest
    /// `trunc` above (`u32::MAX` when none). An extension from at least
    /// this many bits adds only bits that are cut off again.
    kept: u32,
}

impl Ext {
    const NONE: Ext = Ext {
        signed: false,
        zero: false,
        kept: u32::MAX,
    };

    /// Below an extension of `kind` from `from` bits.
    fn below_extension(self, kind: CastKind, from: u32) -> Ext {
        if self.kept <= from {
            // trunc(ext(x)) to at most x's width is x's low bits.
            return self;
        }
        match kind {
            CastKind::SExt => Ext {
                signed: true,
                ..self
            },
            // sext(zext a) = zext a, so the sign extension no longer
            // matters. Verified by @sext_zext in NVPTX/split-gep.ll.
            CastKind::ZExt => Ext {
                signed: false,
                zero: true,
                ..self
            },
            CastKind::Trunc => self.below_trunc(from),
        }
    }

    /// Below a `trunc` to `to` bits.
    fn below_trunc(self, to: u32) -> Ext {
        Ext {
            kept: self.kept.min(to),
            ..self
        }
    }
}

/// Where the value being searched sits: on the index's top path (only
/// sexts and truncs above it; `sext_only` when only sexts), or below.
#[derive(Clone, Copy, Debug)]
enum Path {
    Top { sext_only: bool },
    Inner,
}

/// A constant found below the current value.
struct Partial<'ctx> {
    chain: Vec<Link<'ctx>>,
    /// The casts so far applied to the constant, in the current width.
    magnitude: Bits,
    /// Subtracted an odd number of times so far.
    negated: bool,
}

/// One search.
struct Extractor<'a, 'ctx> {
    facts: &'a Queries<'ctx>,
    prover: &'a Prover<'ctx>,
    /// Each add or sub the prover was asked about in this search, and its
    /// answer (a search may pass one twice).
    proofs: std::cell::RefCell<Vec<(InstructionValue<'ctx>, Option<Proof>)>>,
    site: IndexSite<'ctx>,
    blocked: Cell<Option<Blocked<'ctx>>>,
    /// Values visited so far (see [`MAX_VISITS`]).
    visits: Cell<u32>,
    /// The size of the object at `site.object_base`, once asked.
    object_size: Cell<Option<Option<u64>>>,
}

fn int_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> Option<IntValue<'ctx>> {
    sepgep::int_operand(inst, i)
}

fn int_result<'ctx>(inst: InstructionValue<'ctx>) -> Option<IntType<'ctx>> {
    match inst.get_type() {
        inkwell::types::AnyTypeEnum::IntType(t) => Some(t),
        _ => None,
    }
}

impl<'a, 'ctx> Extractor<'a, 'ctx> {
    fn find(&self, v: IntValue<'ctx>, ext: Ext, path: Path) -> Option<Partial<'ctx>> {
        if v.get_type().get_bit_width() > Bits::MAX_WIDTH {
            return None;
        }
        if let Some((width, value)) = sepgep::const_int(v) {
            let magnitude = Bits::new(width, value);
            return (!magnitude.is_zero()).then(|| Partial {
                chain: vec![Link::Leaf(v)],
                magnitude,
                negated: false,
            });
        }
        // Constants cost nothing: `huge + 5` still yields its 5.
        let visits = self.visits.get().saturating_add(1);
        self.visits.set(visits);
        if visits > MAX_VISITS {
            return None;
        }
        let inst = v.as_instruction()?;
        let kind = match inst.get_opcode() {
            InstructionOpcode::Add => BinKind::Add,
            InstructionOpcode::Sub => BinKind::Sub,
            InstructionOpcode::Or => BinKind::Or,
            InstructionOpcode::SExt | InstructionOpcode::ZExt => {
                let kind = if inst.get_opcode() == InstructionOpcode::SExt {
                    CastKind::SExt
                } else {
                    CastKind::ZExt
                };
                let from = int_operand(inst, 0)?.get_type().get_bit_width();
                let ext = ext.below_extension(kind, from);
                return self.find_cast(Some(inst), kind, int_result(inst)?, v, ext, path);
            }
            InstructionOpcode::Trunc => {
                let to = int_result(inst)?;
                let ext = ext.below_trunc(to.get_bit_width());
                return self.find_cast(Some(inst), CastKind::Trunc, to, v, ext, path);
            }
            _ => return None,
        };
        if !self.can_trace_into(inst, kind, ext, path) {
            return None;
        }
        self.find_in_either_operand(inst, kind, ext)
    }

    /// Looks below the cast `inst` (or the pass's own canonicalizing cast,
    /// when `inst` is `None`, of `value` itself) of kind `kind` to `to`.
    /// `ext` already includes this cast.
    fn find_cast(
        &self,
        inst: Option<InstructionValue<'ctx>>,
        kind: CastKind,
        to: IntType<'ctx>,
        value: IntValue<'ctx>,
        ext: Ext,
        path: Path,
    ) -> Option<Partial<'ctx>> {
        let operand = match inst {
            Some(i) => int_operand(i, 0)?,
            None => value,
        };
        let below = match (kind, path) {
            (CastKind::ZExt, _) => Path::Inner,
            (CastKind::Trunc, Path::Top { .. }) => Path::Top { sext_only: false },
            (_, p) => p,
        };
        let mut p = self.find(operand, ext, below)?;
        let adds_below = p.chain.iter().any(|l| {
            matches!(
                l,
                Link::BinOp {
                    kind: BinKind::Add | BinKind::Sub,
                    ..
                }
            )
        });
        if kind == CastKind::Trunc && (ext.signed || ext.zero) && adds_below {
            // trunc(x + c) = trunc x + trunc c, but the narrow add may wrap,
            // so the extension around it does not distribute. Disjoint `or`s
            // and casts of constants truncate exactly.
            return None;
        }
        p.magnitude = p.magnitude.cast(kind, to.get_bit_width());
        if p.magnitude.is_zero() {
            return None;
        }
        p.chain.push(Link::Cast { inst, kind, to });
        Some(p)
    }

    /// Upstream's `canTraceInto`: may the search look below `bo`?
    fn can_trace_into(
        &self,
        bo: InstructionValue<'ctx>,
        kind: BinKind,
        ext: Ext,
        path: Path,
    ) -> bool {
        let (Some(lhs), Some(rhs)) = (int_operand(bo, 0), int_operand(bo, 1)) else {
            return false;
        };
        if kind == BinKind::Or {
            let is_add = if sepgep::UPSTREAM.or_needs_disjoint {
                analyses::flags(bo).disjoint
            } else {
                self.facts.no_common_bits(lhs, rhs, bo)
            };
            // An add that cannot wrap either way: no flag needed.
            return is_add;
        }
        let flags = analyses::flags(bo);
        let needs = if ext.signed && !flags.nsw {
            "nsw"
        } else if ext.zero && !flags.nuw {
            "nuw"
        } else {
            return true;
        };
        // Upstream's exception for adds right under an inbounds GEP's sexts
        // (module docs), asked only where the missing `nsw` would stop us.
        if kind == BinKind::Add && !ext.zero {
            if let Path::Top { sext_only } = path {
                for c in [lhs, rhs] {
                    let Some((width, value)) = sepgep::const_int(c) else {
                        continue;
                    };
                    let c = Bits::new(width, value);
                    // A `nusw nuw` GEP's index is non-negative, and so is
                    // the add under its sexts: it cannot have wrapped up
                    // (c >= 0), nor down (`nuw`).
                    if sext_only && self.site.nusw_nuw && (!c.is_negative() || flags.nuw) {
                        return true;
                    }
                    if self.site.inbounds
                        && !c.is_negative()
                        && self.add_cannot_sign_wrap(bo, c, sext_only)
                    {
                        return true;
                    }
                }
            }
        }
        let has_constant = sepgep::const_int(lhs).is_some() || sepgep::const_int(rhs).is_some();
        // Beyond upstream: an add or sub holding a constant may still be
        // proved not to wrap (`analysis::no_wrap`), when `nsw` is all that is
        // missing (under a zext too, its `nuw` must be there).
        let asked = has_constant && needs == "nsw" && (!ext.zero || flags.nuw);
        if asked && self.proved(bo) {
            return true;
        }
        if has_constant && self.blocked.get().is_none() {
            self.blocked.set(Some(Blocked {
                inst: bo,
                needs,
                unproved: asked,
            }));
        }
        false
    }

    /// May `sext(add)` be split as `sext(x) + c` without `nsw`, where `c >= 0`
    /// is a constant operand of `add`, which sits under sexts only (when
    /// `sext_only`) of an inbounds GEP's index?
    ///
    /// With `c >= 0` the add can only wrap upwards, and then its value is at
    /// most `c - 1 - 2^(n-1)`. That is impossible when the add is known
    /// non-negative. Otherwise, if the index's object has `size` bytes and
    /// the index `stride`: every address an inbounds GEP forms lies within
    /// `[0, size]` of its object, so before this index the offset is at most
    /// `size`, and after it at most `size - stride * (2^(n-1) - c + 1)`. If
    /// that is negative the wrapped add makes the original GEP poison, and
    /// any rewrite is correct.
    fn add_cannot_sign_wrap(&self, add: InstructionValue<'ctx>, c: Bits, sext_only: bool) -> bool {
        if self.facts.known_non_negative(add, self.site.gep) {
            return true;
        }
        if !sext_only {
            return false;
        }
        let Some(size) = self.object_size() else {
            return false;
        };
        let half = 1u128 << (c.width() - 1);
        let units = half - c.raw() + 1; // c < half, so at least 2
        match units.checked_mul(u128::from(self.site.stride)) {
            Some(reach) => u128::from(size) < reach,
            None => true,
        }
    }

    /// Does the prover show that `bo` does not wrap (signed) at the GEP?
    /// Asked once per search and add.
    fn proved(&self, bo: InstructionValue<'ctx>) -> bool {
        if let Some(&(_, known)) = self.proofs.borrow().iter().find(|&&(i, _)| i == bo) {
            return known.is_some();
        }
        let proof = self.prover.prove(bo, self.site.gep);
        self.proofs.borrow_mut().push((bo, proof));
        proof.is_some()
    }

    /// The size of the object the GEP's base points into, when known.
    fn object_size(&self) -> Option<u64> {
        if let Some(known) = self.object_size.get() {
            return known;
        }
        let size = self.site.object_base.and_then(|base| {
            self.facts
                .object_size(crate::llvm::underlying_object(base), self.site.gep)
        });
        self.object_size.set(Some(size));
        size
    }

    /// Upstream's `findInEitherOperand`: the left operand first, the right
    /// one only if the left holds no constant.
    fn find_in_either_operand(
        &self,
        bo: InstructionValue<'ctx>,
        kind: BinKind,
        ext: Ext,
    ) -> Option<Partial<'ctx>> {
        let (lhs, rhs) = (int_operand(bo, 0)?, int_operand(bo, 1)?);
        // Under a zext alone, a constant subtracted is left where it is (see
        // the module docs).
        let rhs_allowed = !(kind == BinKind::Sub && ext.zero && !ext.signed);
        let (mut p, chain_op) = match self.find(lhs, ext, Path::Inner) {
            Some(p) => (p, 0),
            None if rhs_allowed => (self.find(rhs, ext, Path::Inner)?, 1),
            None => return None,
        };
        if kind == BinKind::Sub && chain_op == 1 {
            p.negated = !p.negated;
        }
        p.chain.push(Link::BinOp {
            inst: bo,
            kind,
            chain_op,
        });
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(Bits::new(32, 1).wrapping_neg(), -1)]
    #[case(Bits::new(1, 1), -1)]
    #[case(Bits::new(128, u128::MAX), -1)]
    #[case(Bits::new(64, 5), 5)]
    fn signed_reads_the_sign_bit(#[case] b: Bits, #[case] want: i128) {
        assert_eq!(b.signed(), want);
    }

    #[test]
    fn casts_follow_apint() {
        // zext(sext(i1 1 to i4) to i64) = 15 (@apint in NVPTX/split-gep.ll).
        let b = Bits::new(1, 1).sext(4).zext(64);
        assert_eq!(b.to_i64(), Some(15));
        assert_eq!(Bits::new(65, 1).trunc(64).to_i64(), Some(1));
        assert_eq!(Bits::new(64, 256).trunc(8), Bits::new(8, 0));
        assert_eq!(Bits::new(8, 0x80).sext(16).raw(), 0xff80);
    }

    #[test]
    fn negation_after_the_cast_is_what_zext_of_a_sub_needs() {
        // zext(x -nuw 1) = zext x - 1: negate after the zext ...
        let right = Bits::new(32, 1).zext(64).wrapping_neg();
        assert_eq!(right.to_i64(), Some(-1));
        // ... not before, as LLVM 16 does.
        let upstream = Bits::new(32, 1).wrapping_neg().zext(64);
        assert_eq!(upstream.to_i64(), Some(4_294_967_295));
    }

    #[test]
    fn to_i64_refuses_what_does_not_fit() {
        assert_eq!(Bits::new(128, 1u128 << 70).to_i64(), None);
        assert_eq!(
            Bits::new(64, i64::MIN as u64 as u128).to_i64(),
            Some(i64::MIN)
        );
    }
}
