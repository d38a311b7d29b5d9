//! The candidates of straight-line strength reduction (`gpucc-slsr`): which
//! instructions compute one of the three forms of the gpucc paper's Table 3,
//! and with which base, constant index and stride. Read-only; the basis
//! search and the rewrite are in `passes::slsr`.
//!
//! | form  | IR it matches                                      | base `B`          | index `i`       | stride `S` |
//! |-------|----------------------------------------------------|-------------------|-----------------|------------|
//! | `Add` | `add B, (mul S, c)` / `add B, (shl S, k)` / `add B, S` | SCEV of `B`   | `c` / `2^k` / 1 | `S`        |
//! | `Mul` | `mul (add B, c), S` / `mul (or B, c), S` / `mul B, S`  | SCEV of `B`   | `c` / `c` / 0   | `S`        |
//! | `Gep` | `gep P, .., I, ..` with `I` = `S`, `mul nsw S, c`, `shl nsw S, k`, or `sext` of those | SCEV of `&P[.., 0, ..]` | `c * size` (bytes) | `S` |
//!
//! Both operand orders of an `add` or `mul` are tried, so one instruction may
//! be several candidates (`(a + 1) * (b + 2)` is `(a + 1) * S` with `S = b + 2`
//! and `(b + 2) * S` with `S = a + 1`). An `or` counts as an `add` only when
//! known bits show its operands share no set bit. A GEP gives candidates for
//! each index over elements (struct field indices are constant offsets and
//! part of the base). For a GEP, `c` is the constant times the byte size of
//! the indexed element, in the pointer's index type; index values that are
//! sign-extended (explicitly by `sext`, or implicitly because they are
//! narrower than the index type) may only be factored through `mul nsw` /
//! `shl nsw`, since `sext(S * c) = sext(S) * c` needs the product not to wrap.
//!
//! **The base key.** Two candidates share a base when ScalarEvolution gives
//! their `B` the same (uniqued) SCEV, exactly as upstream: for `Add` and `Mul`
//! it is `Se::of(B)`; for a GEP it is what upstream's `getGEPExpr` builds with
//! the factored index set to zero, `SCEV(P) + Σ sext/trunc(idx_j) * size_j +
//! Σ field offsets` over the other indices, composed here with `Se`'s add,
//! mul, cast and constant (SCEV uniquing canonicalizes the sum, so the node
//! is the one upstream gets).
//!
//! Collection walks the dominator tree in preorder (`DomTree::preorder`), and
//! each block in order, so every candidate's possible bases come before it.
//!
//! Each candidate also records its [`Term`]: how the IR computes `i * S`
//! (`B + i` for `Mul`) and with which `nsw`/`nuw` flags, so that the pass can
//! tell whether reusing one candidate as the basis of another may introduce
//! poison (`passes::slsr`, "Overflow flags").
//!
//! Not candidates (as upstream): vector types, vector GEPs; and (beyond
//! upstream, which would assert or miscompile) integers wider than 128 bits,
//! index types wider than 64 bits, GEPs over scalable vectors, and
//! `shl nsw S, w-1` under a sign extension (upstream reads its `2^(w-1)` as
//! the negative `-2^(w-1)`).

use crate::llvm::analyses::{flags, DomTree, Scev, ScevOp, Se};
use crate::llvm::slsr::{self as ir, GepShape, GepStep, IntOp, Layout, TypeRef};
use crate::llvm::Tti;
use inkwell::types::IntType;
use inkwell::values::{
    BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
};
use std::num::NonZeroU32;

/// An integer constant of 1 to 128 bits in two's complement, as LLVM's
/// `APInt`: arithmetic wraps at the width. Kept sign-extended in an `i128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Const {
    bits: u32,
    val: i128,
}

impl Const {
    /// `raw` reduced to `bits` bits (1..=128).
    pub fn new(bits: u32, raw: i128) -> Const {
        assert!(
            (1..=128).contains(&bits),
            "gpucc-slsr: constant width {bits} out of range"
        );
        let shift = 128 - bits;
        Const {
            bits,
            val: (raw << shift) >> shift,
        }
    }

    pub fn bits(self) -> u32 {
        self.bits
    }

    /// The value read as signed.
    pub fn signed(self) -> i128 {
        self.val
    }

    /// The value read as unsigned.
    pub fn unsigned(self) -> u128 {
        let all = self.val.cast_unsigned();
        if self.bits == 128 {
            all
        } else {
            all & ((1u128 << self.bits) - 1)
        }
    }

    /// The value sign-extended to `bits` (at least as wide).
    pub fn sext(self, bits: u32) -> Const {
        assert!(bits >= self.bits, "gpucc-slsr: sext to a narrower width");
        Const::new(bits, self.val)
    }

    /// `self - other`, wrapping; both must be as wide.
    pub fn wrapping_sub(self, other: Const) -> Const {
        assert_eq!(self.bits, other.bits, "gpucc-slsr: widths differ");
        Const::new(self.bits, self.val.wrapping_sub(other.val))
    }

    /// `-self`, wrapping (`-MIN` is `MIN`).
    pub fn wrapping_neg(self) -> Const {
        Const::new(self.bits, self.val.wrapping_neg())
    }

    pub fn is_zero(self) -> bool {
        self.val == 0
    }

    /// Is it 1 (for `i1`, the value 1 is the one bit set, which reads -1)?
    pub fn is_one(self) -> bool {
        self == Const::new(self.bits, 1)
    }

    /// Is every bit set (-1)?
    pub fn is_all_ones(self) -> bool {
        self.val == -1
    }

    /// Is it a power of two, read as unsigned (`APInt::isPowerOf2`)?
    pub fn is_power_of_two(self) -> bool {
        self.unsigned().is_power_of_two()
    }

    /// Is it negative with a power-of-two negation (`APInt::isNegatedPowerOf2`)?
    pub fn is_negated_power_of_two(self) -> bool {
        self.val < 0 && self.wrapping_neg().is_power_of_two()
    }

    /// `log2` of a power of two (read as unsigned).
    pub fn log2(self) -> u32 {
        self.unsigned().trailing_zeros()
    }

    /// The value as an `i64` when it has at most 64 bits (`getSExtValue`).
    pub fn to_i64(self) -> Option<i64> {
        (self.bits <= 64).then(|| i64::try_from(self.val).expect("fits: at most 64 bits"))
    }

    /// The value as little-endian 64-bit words (for wide constants).
    pub fn words(self) -> [u64; 2] {
        let u = self.val.cast_unsigned();
        let low = |x: u128| u64::try_from(x & u128::from(u64::MAX)).expect("masked to 64 bits");
        [low(u), low(u >> 64)]
    }

    /// Signed division with remainder by a positive `d` (`APInt::sdivrem`,
    /// rounding toward zero). `None` when `d` is 0 or does not fit as a
    /// positive number of this width.
    pub fn sdivrem(self, d: u64) -> Option<(Const, Const)> {
        let d = i128::from(d);
        if d == 0 || self.bits <= 64 && d >= 1i128 << (self.bits - 1) {
            return None;
        }
        Some((
            Const::new(self.bits, self.val / d),
            Const::new(self.bits, self.val % d),
        ))
    }
}

/// The three forms of the paper's Table 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `B + i * S`.
    Add,
    /// `(B + i) * S`.
    Mul,
    /// `&B[i * S]`: `B` plus `i * S` bytes.
    Gep,
}

impl Form {
    pub fn name(self) -> &'static str {
        match self {
            Form::Add => "add",
            Form::Mul => "mul",
            Form::Gep => "getelementptr",
        }
    }
}

/// How the IR computes `i * S` (`Add`, `Gep`) or `B + i` (`Mul`) of a
/// candidate, for the poison guard of `passes::slsr`.
#[derive(Clone, Copy, Debug)]
pub struct Term<'a> {
    /// The `mul`, `shl`, `add` or `or` that computes it; `None` when it is
    /// `S` itself (`i = 1`) or there is none (`Mul` with `i = 0`).
    pub value: Option<IntValue<'a>>,
    /// The multiplier (`Add`, `Gep`: `c`, `2^k` or 1) or the addend (`Mul`)
    /// as a mathematical integer, reading the constant as signed; `None`
    /// when the IR value has no such reading (a shift by the width or more).
    pub signed: Option<i128>,
    /// The same, reading the constant as unsigned.
    pub unsigned: Option<u128>,
    /// Whenever it is not poison, does it equal the exact signed result
    /// (it is `S` itself, or carries `nsw`, or is a disjoint `or`)?
    pub nsw_exact: bool,
    /// The same for the unsigned result (`nuw`).
    pub nuw_exact: bool,
    /// `Gep` only: the candidate's algebra needs the term's `nsw` (the index
    /// is sign-extended), so the flag cannot be dropped.
    pub nsw_essential: bool,
}

impl<'a> Candidate<'a> {
    /// The IR values `B` is made of, in operand order.
    pub fn base_values(&self) -> Vec<BasicValueEnum<'a>> {
        match self.base_parts {
            BaseParts::Value(v) => vec![v.into()],
            BaseParts::Gep { skip } => (0..crate::llvm::operand_count(&self.inst))
                .filter(|&k| k != skip)
                .filter_map(|k| crate::llvm::operand(&self.inst, k))
                .collect(),
        }
    }
}

impl Term<'_> {
    /// `S` itself: `1 * S`.
    fn itself() -> Self {
        Term {
            value: None,
            signed: Some(1),
            unsigned: Some(1),
            nsw_exact: true,
            nuw_exact: true,
            nsw_essential: false,
        }
    }

    /// `B + 0` (the `Mul` form `B * S`).
    fn nothing() -> Self {
        Term {
            signed: Some(0),
            unsigned: Some(0),
            ..Term::itself()
        }
    }
}

/// Where a candidate's `B` is in the IR. Two candidates share a key when
/// their bases have one SCEV, which reads `add nsw x, y` and `add x, y`
/// alike: the IR values tell apart a base that may be poison from one that
/// may not (`passes::slsr`'s poison guard).
#[derive(Clone, Copy, Debug)]
pub enum BaseParts<'a> {
    /// `B` is this value (`Add`, `Mul`).
    Value(IntValue<'a>),
    /// `B` is the GEP without its operand `skip`, the candidate's index
    /// (`Gep`): the pointer and the other indices.
    Gep { skip: u32 },
}

/// One candidate: `inst` computes `form(base, index, stride)`.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<'a> {
    pub form: Form,
    /// The SCEV of `B` (the key).
    pub base: Scev,
    /// The IR values `B` is made of.
    pub base_parts: BaseParts<'a>,
    /// `i`, in the instruction's type (`Gep`: bytes, in the index type).
    pub index: Const,
    /// `S`.
    pub stride: IntValue<'a>,
    pub inst: InstructionValue<'a>,
    pub term: Term<'a>,
    /// Does the whole instruction fold into the target's addressing mode
    /// (computing it is then free or one instruction)?
    pub foldable: bool,
    /// Is it already as cheap as a rewrite would make it (`B ± S`, `B * S`,
    /// `&(char*)B[±S]`)?
    pub simplest: bool,
}

/// Collects every candidate of `f`, in dominator-tree preorder.
pub fn collect<'a>(
    f: FunctionValue<'a>,
    dt: &DomTree<'a>,
    se: &Se<'a>,
    tti: &Tti<'a>,
    layout: &Layout<'a>,
) -> Vec<Candidate<'a>> {
    let mut c = Collector {
        f,
        se,
        tti,
        layout,
        out: Vec::new(),
    };
    for bb in dt.preorder() {
        for inst in bb.get_instructions() {
            match inst.get_opcode() {
                InstructionOpcode::Add => c.add(inst),
                InstructionOpcode::Mul => c.mul(inst),
                InstructionOpcode::GetElementPtr => c.gep(inst),
                _ => {}
            }
        }
    }
    c.out
}

struct Collector<'c, 'a> {
    f: FunctionValue<'a>,
    se: &'c Se<'a>,
    tti: &'c Tti<'a>,
    layout: &'c Layout<'a>,
    out: Vec<Candidate<'a>>,
}

/// The width of an integer instruction SLSR handles (scalar, 1..=128 bits).
fn int_width(inst: InstructionValue<'_>) -> Option<u32> {
    TypeRef::of(inst).int_width().filter(|w| *w <= 128)
}

/// The operands of `v` if it is `x op c` or `c op x` with `c` a
/// `ConstantInt` (the constant on the right is tried first, as upstream's
/// `m_Add(m_Value, m_ConstantInt) || m_Add(m_ConstantInt, m_Value)`).
fn split_constant<'a>(v: IntValue<'a>) -> Option<(IntValue<'a>, IntValue<'a>, i128)> {
    let (a, b) = (ir::int_operand(v, 0)?, ir::int_operand(v, 1)?);
    if let Some((_, c)) = ir::const_int(b) {
        return Some((a, b, c));
    }
    let (_, c) = ir::const_int(a)?;
    Some((b, a, c))
}

/// `S` and the constant `c` if `v` is `S op c` with `c` a `ConstantInt` on
/// the right (upstream's `m_Mul(m_Value, m_ConstantInt)`, `m_Shl(...)`).
fn right_constant<'a>(v: IntValue<'a>, op: IntOp) -> Option<(IntValue<'a>, i128)> {
    if ir::int_op(v)? != op {
        return None;
    }
    let s = ir::int_operand(v, 0)?;
    let (_, c) = ir::const_int(ir::int_operand(v, 1)?)?;
    Some((s, c))
}

/// `2^k` as a signed and an unsigned mathematical multiplier of width `w`.
fn pow2(k: u128, w: u32) -> (Option<i128>, Option<u128>) {
    if k >= u128::from(w) {
        return (None, None);
    }
    let k = u32::try_from(k).expect("k < w <= 128");
    ((k < 127).then(|| 1i128 << k), Some(1u128 << k))
}

impl<'a> Collector<'_, 'a> {
    fn push(&mut self, c: Candidate<'a>) {
        self.out.push(c);
    }

    fn add(&mut self, inst: InstructionValue<'a>) {
        let Some(w) = int_width(inst) else { return };
        let (Some(l), Some(r)) = (ir::int_operand(inst, 0), ir::int_operand(inst, 1)) else {
            return;
        };
        self.add_form(l, r, inst, w);
        if l != r {
            self.add_form(r, l, inst, w);
        }
    }

    /// `inst = lhs + rhs`, with `rhs` read as `i * S`.
    fn add_form(
        &mut self,
        lhs: IntValue<'a>,
        rhs: IntValue<'a>,
        inst: InstructionValue<'a>,
        w: u32,
    ) {
        let base = self.se.of(lhs);
        let (index, stride, term) = if let Some((s, c)) = right_constant(rhs, IntOp::Mul) {
            let f = flags(rhs);
            let index = Const::new(w, c);
            let term = Term {
                value: Some(rhs),
                signed: Some(index.signed()),
                unsigned: Some(index.unsigned()),
                nsw_exact: f.nsw,
                nuw_exact: f.nuw,
                nsw_essential: false,
            };
            (index, s, term)
        } else if let Some((s, k)) = right_constant(rhs, IntOp::Shl) {
            // S << k = S * 2^k; a shift by the width or more gives index 0, as
            // APInt's shl does (the shl is poison then anyway).
            let k = Const::new(w, k).unsigned();
            let index = if k < u128::from(w) {
                Const::new(w, 1i128 << k)
            } else {
                Const::new(w, 0)
            };
            let f = flags(rhs);
            let (signed, unsigned) = pow2(k, w);
            let term = Term {
                value: Some(rhs),
                signed,
                unsigned,
                nsw_exact: f.nsw,
                nuw_exact: f.nuw,
                nsw_essential: false,
            };
            (index, s, term)
        } else {
            (Const::new(w, 1), rhs, Term::itself())
        };
        // Upstream asks whether `B + i*S` fits a `[reg + i*reg]` address.
        let foldable = index.to_i64().is_some_and(|scale| {
            self.tti
                .legal_addressing_mode(TypeRef::of(inst), None, 0, true, scale, u32::MAX)
        });
        self.push(Candidate {
            form: Form::Add,
            base,
            base_parts: BaseParts::Value(lhs),
            index,
            stride,
            inst,
            term,
            foldable,
            simplest: index.is_one() || index.is_all_ones(),
        });
    }

    fn mul(&mut self, inst: InstructionValue<'a>) {
        let Some(w) = int_width(inst) else { return };
        let (Some(l), Some(r)) = (ir::int_operand(inst, 0), ir::int_operand(inst, 1)) else {
            return;
        };
        self.mul_form(l, r, inst, w);
        if l != r {
            self.mul_form(r, l, inst, w);
        }
    }

    /// `inst = lhs * rhs`, with `lhs` read as `B + i`.
    fn mul_form(
        &mut self,
        lhs: IntValue<'a>,
        rhs: IntValue<'a>,
        inst: InstructionValue<'a>,
        w: u32,
    ) {
        let split = match ir::int_op(lhs) {
            Some(IntOp::Add) => split_constant(lhs).map(|(b, _, c)| {
                let f = flags(lhs);
                (b, c, f.nsw, f.nuw)
            }),
            // `B | c` is `B + c` (and never wraps) when they share no bit.
            Some(IntOp::Or) => split_constant(lhs)
                .filter(|(b, c, _)| ir::no_common_bits(self.f, *b, *c))
                .map(|(b, _, c)| (b, c, true, true)),
            _ => None,
        };
        let (b, index, term) = match split {
            Some((b, c, nsw_exact, nuw_exact)) => {
                let index = Const::new(w, c);
                let term = Term {
                    value: Some(lhs),
                    signed: Some(index.signed()),
                    unsigned: Some(index.unsigned()),
                    nsw_exact,
                    nuw_exact,
                    nsw_essential: false,
                };
                (b, index, term)
            }
            None => (lhs, Const::new(w, 0), Term::nothing()),
        };
        self.push(Candidate {
            form: Form::Mul,
            base: self.se.of(b),
            base_parts: BaseParts::Value(b),
            index,
            stride: rhs,
            inst,
            term,
            foldable: false,
            simplest: index.is_zero(),
        });
    }

    fn int_type(&self, bits: u32) -> IntType<'a> {
        self.f
            .get_type()
            .get_context()
            .custom_width_int_type(NonZeroU32::new(bits).expect("gpucc-slsr: index width > 0"))
            .expect("gpucc-slsr: valid integer width")
    }

    fn gep(&mut self, inst: InstructionValue<'a>) {
        let Some(shape) = self.layout.gep_shape(inst) else {
            return;
        };
        let idx_bits = self.layout.index_bits(shape.space);
        if !(1..=64).contains(&idx_bits) {
            return;
        }
        let Some(ptr) = crate::llvm::pointer_operand(&inst, 0) else {
            return;
        };
        let indices: Vec<IntValue<'a>> = (1..inst.get_num_operands())
            .map(|k| ir::int_operand(inst, k))
            .collect::<Option<_>>()
            .unwrap_or_default();
        if indices.len() != shape.steps.len() {
            return;
        }
        // The byte offset each index contributes, as upstream's getGEPExpr
        // builds it.
        let idx_ty = self.int_type(idx_bits);
        let offsets: Vec<Scev> = shape
            .steps
            .iter()
            .zip(&indices)
            .map(|(step, &idx)| match *step {
                GepStep::Field { offset } => self.se.constant(idx_ty, wrap_i64(offset)),
                GepStep::Element { size } => {
                    let mut s = self.se.of(idx);
                    if idx.get_type().get_bit_width() != idx_bits {
                        s = self.se.cast(s, idx_ty, true);
                    }
                    self.se
                        .binary(ScevOp::Mul, s, self.se.constant(idx_ty, wrap_i64(size)))
                }
            })
            .collect();
        let ptr_scev = self.se.of(ptr);
        let foldable = self.gep_is_free(inst, &shape, &indices);
        let one_nonzero_index = indices.iter().filter(|i| !ir::is_zero_int(**i)).count() <= 1;
        for (k, step) in shape.steps.iter().enumerate() {
            let GepStep::Element { size } = *step else {
                continue;
            };
            let base = offsets
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .fold(ptr_scev, |acc, (_, o)| self.se.binary(ScevOp::Add, acc, *o));
            let g = GepSite {
                inst,
                operand: u32::try_from(k + 1).expect("gpucc-slsr: GEP operand counts fit u32"),
                base,
                size,
                idx_bits,
                foldable,
                one_nonzero_index,
            };
            let array_idx = indices[k];
            let w = array_idx.get_type().get_bit_width();
            // A wider index is truncated to the index width: not factored.
            if w <= idx_bits {
                self.factor(&g, array_idx, w < idx_bits);
            }
            // Array indices are usually sign-extended to the index width.
            if ir::int_op(array_idx) == Some(IntOp::SExt) {
                if let Some(narrow) = ir::int_operand(array_idx, 0) {
                    if narrow.get_type().get_bit_width() <= idx_bits {
                        self.factor(&g, narrow, true);
                    }
                }
            }
        }
    }

    /// Candidates for index value `a` of a GEP: `1 * a`, and `c * S` when
    /// `a` is `mul nsw S, c` or `shl nsw S, k`. `extended`: `a` is
    /// sign-extended to the index type, so its `nsw` is essential.
    fn factor(&mut self, g: &GepSite<'a>, a: IntValue<'a>, extended: bool) {
        self.push_gep(g, 1, a, Term::itself());
        let w = a.get_type().get_bit_width();
        let f = flags(a);
        if !f.nsw {
            return;
        }
        let (stride, multiplier, signed, unsigned) =
            if let Some((s, c)) = right_constant(a, IntOp::Mul) {
                (s, c, Some(c), Some(Const::new(w, c).unsigned()))
            } else if let Some((s, k)) = right_constant(a, IntOp::Shl) {
                let k = Const::new(w, k).unsigned();
                if extended && k + 1 >= u128::from(w) {
                    // 2^(w-1) would read as -2^(w-1) (and a larger shift is
                    // poison): upstream gets the sign wrong here.
                    return;
                }
                let (signed, unsigned) = pow2(k, w);
                let index = if k < u128::from(w) {
                    Const::new(w, 1i128 << k).signed()
                } else {
                    0
                };
                (s, index, signed, unsigned)
            } else {
                return;
            };
        let term = Term {
            value: Some(a),
            signed,
            unsigned,
            nsw_exact: true,
            nuw_exact: f.nuw,
            nsw_essential: extended,
        };
        self.push_gep(g, multiplier, stride, term);
    }

    fn push_gep(
        &mut self,
        g: &GepSite<'a>,
        multiplier: i128,
        stride: IntValue<'a>,
        term: Term<'a>,
    ) {
        // The multiplier has at most 64 bits (the index value is no wider
        // than the index type); the product wraps at the index width, as
        // GEP arithmetic does.
        let m = i64::try_from(multiplier).expect("gpucc-slsr: GEP multiplier fits 64 bits");
        let index = Const::new(g.idx_bits, i128::from(m.wrapping_mul(wrap_i64(g.size))));
        self.push(Candidate {
            form: Form::Gep,
            base: g.base,
            base_parts: BaseParts::Gep { skip: g.operand },
            index,
            stride,
            inst: g.inst,
            term,
            foldable: g.foldable,
            simplest: (index.is_one() || index.is_all_ones()) && g.one_nonzero_index,
        });
    }

    /// Would the target compute this GEP inside the memory access, for free?
    /// Upstream's `getGEPCost(...) == TCC_Free`: constant indices and struct
    /// fields add up to one offset, at most one variable index gives the
    /// scale, and the target decides whether `[gv + offset + base + scale *
    /// index]` is a legal addressing mode of the result element type.
    fn gep_is_free(
        &self,
        inst: InstructionValue<'a>,
        shape: &GepShape<'a>,
        indices: &[IntValue<'a>],
    ) -> bool {
        let Some(ptr) = crate::llvm::pointer_operand(&inst, 0) else {
            return false;
        };
        let gv = ir::cast_global(ptr);
        if indices.is_empty() {
            return gv.is_none();
        }
        // Offsets wrap at the pointer width; only the low 64 bits reach the
        // target, sign-extended when the pointer is narrower.
        let mut offset: i64 = 0;
        let mut scale: i64 = 0;
        for (step, &idx) in shape.steps.iter().zip(indices) {
            match *step {
                GepStep::Field { offset: o } => offset = offset.wrapping_add(wrap_i64(o)),
                GepStep::Element { size } => match ir::const_int(idx) {
                    Some((_, v)) => {
                        // The index's low 64 bits: the sum wraps anyway.
                        let v = Const::new(64, v).to_i64().expect("64 bits");
                        offset = offset.wrapping_add(v.wrapping_mul(wrap_i64(size)));
                    }
                    None if scale != 0 => return false, // no mode has two scaled registers
                    None => scale = wrap_i64(size),
                },
            }
        }
        let ptr_bits = self.layout.pointer_bits(shape.space);
        if (1..64).contains(&ptr_bits) {
            offset = Const::new(ptr_bits, i128::from(offset))
                .to_i64()
                .expect("fits: fewer than 64 bits");
        }
        self.tti.legal_addressing_mode(
            shape.result_elem,
            gv,
            offset,
            gv.is_none(),
            scale,
            shape.space,
        )
    }
}

/// What the candidates of one GEP index share.
struct GepSite<'a> {
    inst: InstructionValue<'a>,
    /// The operand number of the index.
    operand: u32,
    base: Scev,
    size: u64,
    idx_bits: u32,
    foldable: bool,
    one_nonzero_index: bool,
}

/// A byte count as LLVM's `int64_t` casts see it (sizes never reach 2^63 in
/// practice; the cast wraps like upstream's).
fn wrap_i64(x: u64) -> i64 {
    x.cast_signed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(8, 255, -1)]
    #[case(8, 128, -128)]
    #[case(1, 1, -1)]
    #[case(128, i128::MIN, i128::MIN)]
    #[case(32, 1 << 32, 0)]
    fn new_wraps_at_the_width(#[case] bits: u32, #[case] raw: i128, #[case] want: i128) {
        assert_eq!(Const::new(bits, raw).signed(), want);
    }

    #[test]
    fn one_and_all_ones_follow_apint() {
        assert!(Const::new(1, 1).is_one(), "i1 1 is one");
        assert!(Const::new(1, 1).is_all_ones(), "i1 1 is also all ones");
        assert!(Const::new(32, -1).is_all_ones());
        assert!(!Const::new(32, -1).is_one());
    }

    #[rstest]
    #[case(32, 8, true, false)]
    #[case(32, -8, false, true)]
    #[case(32, i128::from(i32::MIN), true, true)] // both, as APInt says
    #[case(32, 6, false, false)]
    #[case(32, -6, false, false)]
    #[case(32, 0, false, false)]
    #[case(128, i128::MIN, true, true)]
    fn powers_of_two(#[case] bits: u32, #[case] v: i128, #[case] pos: bool, #[case] neg: bool) {
        let c = Const::new(bits, v);
        assert_eq!(c.is_power_of_two(), pos, "isPowerOf2({v})");
        assert_eq!(c.is_negated_power_of_two(), neg, "isNegatedPowerOf2({v})");
    }

    #[test]
    fn log2_of_min_is_width_minus_one() {
        assert_eq!(
            Const::new(32, i128::from(i32::MIN)).wrapping_neg().log2(),
            31
        );
        assert_eq!(Const::new(64, 16).log2(), 4);
    }

    #[rstest]
    #[case(64, 60, 8, Some((7, 4)))]
    #[case(64, -60, 8, Some((-7, -4)))] // rounds toward zero, as sdivrem
    #[case(64, 40, 4, Some((10, 0)))]
    #[case(64, 40, 0, None)]
    #[case(8, 40, 200, None)] // 200 is negative as an i8
    fn sdivrem_rounds_toward_zero(
        #[case] bits: u32,
        #[case] v: i128,
        #[case] d: u64,
        #[case] want: Option<(i128, i128)>,
    ) {
        let got = Const::new(bits, v)
            .sdivrem(d)
            .map(|(q, r)| (q.signed(), r.signed()));
        assert_eq!(got, want);
    }

    #[test]
    fn sext_and_sub_wrap_like_apint() {
        let a = Const::new(32, -3).sext(64);
        assert_eq!(a.signed(), -3);
        assert_eq!(a.bits(), 64);
        let min = Const::new(8, -128);
        assert_eq!(min.wrapping_sub(Const::new(8, 1)).signed(), 127);
        assert_eq!(Const::new(128, -2).words(), [u64::MAX - 1, u64::MAX]);
    }

    #[test]
    fn pow2_has_no_signed_reading_for_the_top_bit_of_i128() {
        assert_eq!(pow2(3, 32), (Some(8), Some(8)));
        assert_eq!(pow2(127, 128), (None, Some(1u128 << 127)));
        assert_eq!(pow2(32, 32), (None, None));
    }
}
