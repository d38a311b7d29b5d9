//! The candidates of straight-line strength reduction (`gpucc-slsr`): which
//! instructions compute one of the three forms of the gpucc paper's Table 3,
//! with which base, constant index and stride, and how cheap each is. Read
//! only; the basis search and the rewrite are in `passes::slsr`.
//!
//! | form  | IR it matches                                          | base `B`    | index `i`        | stride `S` |
//! |-------|--------------------------------------------------------|-------------|------------------|------------|
//! | `Add` | `add B, (mul S, c)` / `add B, (shl S, k)` / `add B, S` | SCEV of `B` | `c` / `2^k` / 1  | `S`        |
//! | `Mul` | `mul (add B, c), S` / `mul (or B, c), S` / `mul B, S`  | SCEV of `B` | `c` / `c` / 0    | `S`        |
//! | `Gep` | `gep P, .., I, ..`, for each index `I` over elements   | SCEV of `&P[.., 0, ..]` | the element size | `I`, and `J` when `I = sext J` |
//!
//! Both operand orders of an `add` or `mul` are tried (`add` and `mul`
//! commute), so one instruction may be several candidates:
//! `(a + 1) * (b + 2)` is `(a + 1) * S` with `S = b + 2` and `(b + 2) * S`
//! with `S = a + 1`. An `or` counts as an `add` only when known bits show its
//! operands share no set bit. A GEP gives candidates for each index over
//! elements (struct field indices are constant offsets and part of the
//! base): its index is the element's byte size, in the pointer's index type,
//! and its stride the index value, narrower than the index type or not (the
//! GEP sign-extends it). As LLVM 22 (llvm/llvm-project#169614), a GEP index
//! is not factored further: `&P[2 * s]` is `P + 4 * (2s)`, and reusing
//! `&P[s]` for it is a *stride delta* of `passes::slsr`, not an index delta.
//! In LLVM 16's model (`collect`'s `factor_gep_indices`), an index `mul nsw
//! S, c` or `shl nsw S, k` is also read as `P + (4c) * S`, and reusing
//! `&P[s]` is an index delta; where the GEP sign-extends the index, the
//! reading needs its `nsw` (`sext(S * c) = c * sext(S)` only without
//! overflow), and `shl nsw S, w-1` is not read at all (it is `+2^(w-1)`,
//! which upstream reads as `-2^(w-1)`).
//!
//! **The keys.** Two candidates share a base (a stride) when scalar
//! evolution gives their `B` (`S`) the same uniqued SCEV, exactly as
//! upstream: for `Add` and `Mul` `B` is `Se::of(B)`; for a GEP it is what
//! upstream's `getGEPExpr` builds with the candidate's index set to zero,
//! `SCEV(P) + Σ sext/trunc(idx_j) * size_j + Σ field offsets` over the other
//! indices, composed here with `Se`'s add, mul, cast and constant (SCEV
//! uniquing canonicalizes the sum, so the node is the one upstream gets).
//!
//! **The cost model** ([`Efficiency`], LLVM 22's `EfficiencyLevel`) rates
//! `B + i * S` (or `(B + i) * S`) by the instructions and variables it
//! takes: constant `B` and `S` cost nothing, `B + S` one instruction and two
//! variables, `B + i * S` two and two. The pass leaves candidates rated
//! [`Efficiency::OneInstOneVar`] or better alone, and rewrites a candidate
//! only into something rated at least as well (for an index delta).
//!
//! Collection walks the dominator tree in preorder (`DomTree::preorder`), and
//! each block in order, so every candidate's possible bases come before it.
//!
//! Not candidates (as upstream): vector types, vector GEPs, a GEP index wider
//! than the index type (it is truncated); and (beyond upstream, which would
//! assert or miscompile) integers wider than 128 bits, index types wider
//! than 64 bits, and GEPs over scalable vectors.

use crate::analysis::fxhash::FxHashMap;
use crate::llvm::analyses::{flags, DomTree, Scev, ScevKind, ScevOp, Se};
use crate::llvm::llvm_sys::prelude::LLVMValueRef;
use crate::llvm::slsr::{self as ir, CandidateOp, GepShape, GepStep, IntOp, Layout, TypeRef};
use crate::llvm::Tti;
use inkwell::basic_block::BasicBlock;
use inkwell::types::IntType;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue};
use std::cell::RefCell;
use std::num::NonZeroU32;

/// An integer constant of 1 to 128 bits in two's complement, as LLVM's
/// `APInt`: arithmetic wraps at the width. Kept sign-extended in an `i128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        // The common widths without a 128-bit shift.
        #[allow(clippy::cast_possible_truncation)]
        let val = match bits {
            64 => i128::from(raw as i64),
            32 => i128::from(raw as i32),
            _ => {
                let shift = 128 - bits;
                (raw << shift) >> shift
            }
        };
        Const { bits, val }
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
        // In one bit, 1 is kept sign-extended: -1.
        self.val == if self.bits == 1 { -1 } else { 1 }
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

/// LLVM 22's cost model of `B + i * S` / `(B + i) * S` (upstream's
/// `EfficiencyLevel`): what computing it takes, cheapest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Efficiency {
    /// Not rated (no rewrite).
    Unknown,
    /// Two instructions, two variables: `B + i * S`.
    TwoInstTwoVar,
    /// Two instructions, one variable: `c + i * S`.
    TwoInstOneVar,
    /// One instruction, two variables: `B + S`, `B * S`.
    OneInstTwoVar,
    /// One instruction, one variable: `B + c`, `i * S`.
    OneInstOneVar,
    /// Nothing to compute: a constant, or a variable as it is.
    ZeroInst,
}

/// What the cost model needs to know of an operand (`B` or `S`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// Not a constant (or not known: a rewrite's `B`).
    Variable,
    /// An integer constant; `zero`, `one` and `minus_one` say which.
    Constant {
        zero: bool,
        one: bool,
        minus_one: bool,
    },
}

impl Operand {
    /// The operand for constant `c`.
    pub fn constant(c: Const) -> Operand {
        Operand::Constant {
            zero: c.is_zero(),
            one: c.is_one(),
            minus_one: c.is_all_ones(),
        }
    }

    fn is_constant(self) -> bool {
        matches!(self, Operand::Constant { .. })
    }

    fn is_zero(self) -> bool {
        matches!(self, Operand::Constant { zero: true, .. })
    }

    fn is_plus_minus_one(self) -> bool {
        matches!(
            self,
            Operand::Constant { one: true, .. }
                | Operand::Constant {
                    minus_one: true,
                    ..
                }
        )
    }
}

/// What computing `form(base, index, stride)` takes (LLVM 22's
/// `getComputationEfficiency`, case for case).
pub fn efficiency(form: Form, index: Const, stride: Operand, base: Operand) -> Efficiency {
    use Efficiency as E;
    if base.is_constant() && stride.is_constant() {
        return E::ZeroInst;
    }
    let simple_index = index.is_one() || index.is_all_ones();
    if form == Form::Mul {
        // (B + i) * S
        return if stride.is_zero() {
            E::ZeroInst
        } else if index.is_zero() {
            if stride.is_constant() || base.is_constant() {
                E::OneInstOneVar
            } else {
                E::OneInstTwoVar
            }
        } else if base.is_constant() {
            if base.is_zero() && simple_index {
                E::ZeroInst
            } else {
                E::OneInstOneVar
            }
        } else if stride.is_constant() {
            if stride.is_plus_minus_one() {
                E::OneInstOneVar
            } else {
                E::TwoInstOneVar
            }
        } else {
            E::TwoInstTwoVar
        };
    }
    // B + i * S
    if index.is_zero() || stride.is_zero() {
        E::ZeroInst
    } else if base.is_constant() {
        match (base.is_zero(), simple_index) {
            (true, true) => E::ZeroInst,
            (true, false) | (false, true) => E::OneInstOneVar,
            (false, false) => E::TwoInstOneVar,
        }
    } else if stride.is_constant() {
        E::OneInstOneVar
    } else if simple_index {
        E::OneInstTwoVar
    } else {
        E::TwoInstTwoVar
    }
}

/// One candidate: `inst` computes `form(base, index, stride)`.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<'a> {
    pub form: Form,
    /// The SCEV of `B` (part of the keys).
    pub base: Scev,
    /// `i`, in the instruction's type (`Gep`: the element size in bytes, in
    /// the index type).
    pub index: Const,
    /// `S`.
    pub stride: IntValue<'a>,
    /// The SCEV of `S` (part of the keys).
    pub stride_scev: Scev,
    pub inst: InstructionValue<'a>,
    /// Does the whole instruction fold into the target's addressing mode
    /// (computing it is then free or one instruction)?
    pub foldable: bool,
    /// What computing it as it is takes.
    pub efficiency: Efficiency,
    /// A factored GEP index `S * c` that the GEP sign-extends: reading it
    /// as `c * sext(S)` needs its `nsw`, so reusing the candidate must not
    /// drop it (LLVM 16's factoring only).
    pub essential: Option<IntValue<'a>>,
    /// The factor `c` of a factored GEP index `S * c` (1 for every other
    /// candidate).
    pub factor: i128,
}

impl Candidate<'_> {
    /// Is it as cheap as any rewrite would make it (LLVM 22's
    /// `isHighEfficiency`: one instruction and one variable, or less)?
    pub fn is_cheap(&self) -> bool {
        self.efficiency >= Efficiency::OneInstOneVar
    }
}

/// Collects every candidate of `f`, in dominator-tree preorder. With
/// `factor_gep_indices` (LLVM 16's model), a GEP index `S * c` computed by
/// `mul nsw S, c` or `shl nsw S, k` is also read as index `c * size` and
/// stride `S` (when the GEP sign-extends it, only through its `nsw`, which
/// [`Candidate::essential`] then names). Also returns each candidate's
/// block.
pub fn collect<'a>(
    f: FunctionValue<'a>,
    dt: &DomTree<'a>,
    se: &Se<'a>,
    tti: &Tti<'a>,
    layout: &Layout<'a>,
    factor_gep_indices: bool,
) -> (Vec<Candidate<'a>>, Vec<BasicBlock<'a>>) {
    let count = ir::instruction_count(f);
    let mut c = Collector {
        f,
        se,
        tti,
        layout,
        factor_gep_indices,
        // Most instructions make at most one candidate (the benchmark's
        // 0.8 per instruction): room for that up front spares copying a
        // growing list.
        out: Vec::with_capacity(count),
        scevs: RefCell::new(FxHashMap::with_capacity_and_hasher(
            count,
            Default::default(),
        )),
        steps: Vec::new(),
        indices: Vec::new(),
        offsets: Vec::new(),
    };
    // The instructions of each block that may be candidates, read in one
    // call per block.
    let (mut insts, mut raw, mut kinds) = (Vec::new(), Vec::new(), Vec::new());
    let mut blocks = Vec::with_capacity(count);
    for bb in dt.preorder() {
        ir::block_candidates(bb, &mut insts, &mut raw, &mut kinds);
        for &(inst, op) in &insts {
            match op {
                CandidateOp::Add => c.add(inst),
                CandidateOp::Mul => c.mul(inst),
                CandidateOp::Gep => c.gep(inst),
            }
        }
        blocks.resize(c.out.len(), bb);
    }
    (c.out, blocks)
}

struct Collector<'c, 'a> {
    f: FunctionValue<'a>,
    se: &'c Se<'a>,
    tti: &'c Tti<'a>,
    layout: &'c Layout<'a>,
    factor_gep_indices: bool,
    out: Vec<Candidate<'a>>,
    /// What `se.of` answered, per value ([`Collector::of`]).
    scevs: RefCell<FxHashMap<LLVMValueRef, Scev>>,
    /// Room for one GEP's steps, indices and offsets, reused from GEP to GEP.
    steps: Vec<GepStep>,
    indices: Vec<IntValue<'a>>,
    offsets: Vec<Scev>,
}

/// The width of an integer instruction, if at most 128 bits.
fn int_width(inst: InstructionValue<'_>) -> Option<u32> {
    TypeRef::of(inst).int_width().filter(|w| *w <= 128)
}

/// The operands of `v` if it is `x op c` or `c op x` with `c` a
/// `ConstantInt` (the constant on the right is tried first, as upstream's
/// `m_c_Add(m_Value, m_ConstantInt)`).
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

impl<'a> Collector<'_, 'a> {
    /// The cost-model view of value `v`.
    fn operand_of(v: IntValue<'a>) -> Operand {
        match ir::const_int(v) {
            Some((bits, c)) => Operand::constant(Const::new(bits, c)),
            None => Operand::Variable,
        }
    }

    /// `se.of(v)`, asked of scalar evolution only the first time: asked
    /// again, it only finds the answer it made (its value map is not
    /// changed while the candidates are read), so remembering the answer
    /// changes nothing but the time, and every SCEV is still made when and
    /// in the order it was.
    fn of(&self, v: impl AsValueRef) -> Scev {
        let key = v.as_value_ref();
        if let Some(&s) = self.scevs.borrow().get(&key) {
            return s;
        }
        let s = self.se.of(v);
        self.scevs.borrow_mut().insert(key, s);
        s
    }

    /// The cost-model view of SCEV `s` (a base).
    fn operand_of_scev(&self, s: Scev) -> Operand {
        match self.se.kind(s) {
            ScevKind::Constant(v) => Self::operand_of(v),
            _ => Operand::Variable,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        form: Form,
        base: Scev,
        index: Const,
        stride: IntValue<'a>,
        inst: InstructionValue<'a>,
        foldable: bool,
        essential: Option<IntValue<'a>>,
        factor: i128,
    ) {
        let efficiency = efficiency(
            form,
            index,
            Self::operand_of(stride),
            self.operand_of_scev(base),
        );
        self.out.push(Candidate {
            form,
            base,
            index,
            stride,
            stride_scev: self.of(stride),
            inst,
            foldable,
            efficiency,
            essential,
            factor,
        });
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
        let (index, stride) = if let Some((s, c)) = right_constant(rhs, IntOp::Mul) {
            (Const::new(w, c), s)
        } else if let Some((s, k)) = right_constant(rhs, IntOp::Shl) {
            // S << k = S * 2^k; a shift by the width or more gives index 0, as
            // APInt's shl does (the shl is poison then anyway).
            let k = Const::new(w, k).unsigned();
            let index = if k < u128::from(w) {
                Const::new(w, 1i128 << k)
            } else {
                Const::new(w, 0)
            };
            (index, s)
        } else {
            (Const::new(w, 1), rhs)
        };
        // Upstream asks whether `B + i*S` fits a `[reg + i*reg]` address.
        let foldable = index.to_i64().is_some_and(|scale| {
            self.tti
                .legal_addressing_mode(TypeRef::of(inst), None, 0, true, scale, u32::MAX)
        });
        self.push(
            Form::Add,
            self.of(lhs),
            index,
            stride,
            inst,
            foldable,
            None,
            1,
        );
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
            Some(IntOp::Add) => split_constant(lhs),
            // `B | c` is `B + c` when they share no bit.
            Some(IntOp::Or) => {
                split_constant(lhs).filter(|&(b, c, _)| ir::no_common_bits(self.f, b, c))
            }
            _ => None,
        };
        let (b, index) = match split {
            Some((b, _, c)) => (b, Const::new(w, c)),
            None => (lhs, Const::new(w, 0)),
        };
        self.push(Form::Mul, self.of(b), index, rhs, inst, false, None, 1);
    }

    fn int_type(&self, bits: u32) -> IntType<'a> {
        self.f
            .get_type()
            .get_context()
            .custom_width_int_type(NonZeroU32::new(bits).expect("gpucc-slsr: index width > 0"))
            .expect("gpucc-slsr: valid integer width")
    }

    fn gep(&mut self, inst: InstructionValue<'a>) {
        let Some(shape) = self
            .layout
            .gep_shape_reusing(inst, std::mem::take(&mut self.steps))
        else {
            return;
        };
        let mut indices = std::mem::take(&mut self.indices);
        let mut offsets = std::mem::take(&mut self.offsets);
        self.gep_with(inst, &shape, &mut indices, &mut offsets);
        self.steps = shape.steps;
        self.indices = indices;
        self.offsets = offsets;
    }

    /// [`Collector::gep`], with room for the indices and their offsets.
    fn gep_with(
        &mut self,
        inst: InstructionValue<'a>,
        shape: &GepShape<'a>,
        indices: &mut Vec<IntValue<'a>>,
        offsets: &mut Vec<Scev>,
    ) {
        let idx_bits = self.layout.index_bits(shape.space);
        if !(1..=64).contains(&idx_bits) {
            return;
        }
        let Some(ptr) = crate::llvm::pointer_operand(&inst, 0) else {
            return;
        };
        indices.clear();
        for k in 1..inst.get_num_operands() {
            match ir::int_operand(inst, k) {
                Some(i) => indices.push(i),
                None => return,
            }
        }
        if indices.len() != shape.steps.len() {
            return;
        }
        // The byte offset each index contributes, as upstream's getGEPExpr
        // builds it. An index over elements is a candidate's stride, and
        // its offset is only part of the other candidates' bases: with one
        // such index, its offset is never used, and only the index's own
        // SCEV is made (here, for the order of scalar evolution's work).
        let idx_ty = self.int_type(idx_bits);
        let elements = shape
            .steps
            .iter()
            .filter(|st| matches!(st, GepStep::Element { .. }))
            .count();
        offsets.clear();
        offsets.extend(
            shape
                .steps
                .iter()
                .zip(indices.iter())
                .map(|(step, &idx)| match *step {
                    GepStep::Field { offset } => self.se.constant(idx_ty, wrap_i64(offset)),
                    GepStep::Element { .. } if elements == 1 => self.of(idx),
                    GepStep::Element { size } => {
                        let mut s = self.of(idx);
                        if idx.get_type().get_bit_width() != idx_bits {
                            s = self.se.cast(s, idx_ty, true);
                        }
                        self.se
                            .binary(ScevOp::Mul, s, self.se.constant(idx_ty, wrap_i64(size)))
                    }
                }),
        );
        let ptr_scev = self.of(ptr);
        let foldable = self.gep_is_free(inst, shape, indices);
        for (k, step) in shape.steps.iter().enumerate() {
            let GepStep::Element { size } = *step else {
                continue;
            };
            let base = offsets
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .fold(ptr_scev, |acc, (_, o)| self.se.binary(ScevOp::Add, acc, *o));
            let site = GepSite {
                inst,
                base,
                size,
                idx_bits,
                foldable,
            };
            let array_idx = indices[k];
            // A wider index is truncated to the index width: no candidate.
            let w = array_idx.get_type().get_bit_width();
            if w <= idx_bits {
                self.gep_index(&site, array_idx, w < idx_bits);
            }
            // Array indices are usually sign-extended to the index width:
            // the narrow value is a stride too.
            if ir::int_op(array_idx) == Some(IntOp::SExt) {
                if let Some(narrow) = ir::int_operand(array_idx, 0) {
                    if narrow.get_type().get_bit_width() <= idx_bits {
                        self.gep_index(&site, narrow, true);
                    }
                }
            }
        }
    }

    /// Candidates for index value `a` of a GEP: `size * a`, and (LLVM 16's
    /// factoring) `c * size * S` when `a` is `mul nsw S, c` or `shl nsw S,
    /// k`. `extended`: the GEP sign-extends `a`, so its `nsw` is essential.
    fn gep_index(&mut self, g: &GepSite<'a>, a: IntValue<'a>, extended: bool) {
        let index = Const::new(g.idx_bits, i128::from(wrap_i64(g.size)));
        self.push(Form::Gep, g.base, index, a, g.inst, g.foldable, None, 1);
        if !self.factor_gep_indices || !flags(a).nsw {
            return;
        }
        let w = a.get_type().get_bit_width();
        let (stride, multiplier) = if let Some((s, c)) = right_constant(a, IntOp::Mul) {
            (s, c)
        } else if let Some((s, k)) = right_constant(a, IntOp::Shl) {
            let k = Const::new(w, k).unsigned();
            if k >= u128::from(w) || extended && k + 1 >= u128::from(w) {
                // A shift by the width or more is poison; under a sign
                // extension, 2^(w-1) would read as -2^(w-1) (upstream gets
                // the sign wrong here).
                return;
            }
            (s, Const::new(w, 1i128 << k).signed())
        } else {
            return;
        };
        // The multiplier has at most 64 bits (the index value is no wider
        // than the index type); the product wraps at the index width, as GEP
        // arithmetic does.
        let m = i64::try_from(multiplier).expect("gpucc-slsr: GEP multiplier fits 64 bits");
        let index = Const::new(g.idx_bits, i128::from(m.wrapping_mul(wrap_i64(g.size))));
        let essential = extended.then_some(a);
        self.push(
            Form::Gep,
            g.base,
            index,
            stride,
            g.inst,
            g.foldable,
            essential,
            multiplier,
        );
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
    base: Scev,
    size: u64,
    idx_bits: u32,
    foldable: bool,
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

    fn c(v: i128) -> Const {
        Const::new(32, v)
    }

    const VAR: Operand = Operand::Variable;

    fn k(v: i128) -> Operand {
        Operand::constant(c(v))
    }

    // LLVM 22's getComputationEfficiency, row by row.
    #[rstest]
    #[case::all_constant(Form::Add, 5, k(3), k(7), Efficiency::ZeroInst)]
    #[case::add_zero_index(Form::Add, 0, VAR, VAR, Efficiency::ZeroInst)]
    #[case::add_zero_stride(Form::Gep, 4, k(0), VAR, Efficiency::ZeroInst)]
    #[case::add_zero_base_simple(Form::Add, -1, VAR, k(0), Efficiency::ZeroInst)]
    #[case::add_zero_base(Form::Add, 4, VAR, k(0), Efficiency::OneInstOneVar)]
    #[case::add_const_base_simple(Form::Add, 1, VAR, k(3), Efficiency::OneInstOneVar)]
    #[case::add_const_base(Form::Add, 8, VAR, k(3), Efficiency::TwoInstOneVar)]
    #[case::add_const_stride(Form::Add, 8, k(3), VAR, Efficiency::OneInstOneVar)]
    #[case::add_b_plus_s(Form::Add, 1, VAR, VAR, Efficiency::OneInstTwoVar)]
    #[case::add_general(Form::Gep, 4, VAR, VAR, Efficiency::TwoInstTwoVar)]
    #[case::mul_zero_stride(Form::Mul, 3, k(0), VAR, Efficiency::ZeroInst)]
    #[case::mul_b_times_c(Form::Mul, 0, k(3), VAR, Efficiency::OneInstOneVar)]
    #[case::mul_b_times_s(Form::Mul, 0, VAR, VAR, Efficiency::OneInstTwoVar)]
    #[case::mul_zero_base_simple(Form::Mul, 1, VAR, k(0), Efficiency::ZeroInst)]
    #[case::mul_const_base(Form::Mul, 2, VAR, k(5), Efficiency::OneInstOneVar)]
    #[case::mul_unit_stride(Form::Mul, 2, k(-1), VAR, Efficiency::OneInstOneVar)]
    #[case::mul_const_stride(Form::Mul, 2, k(4), VAR, Efficiency::TwoInstOneVar)]
    #[case::mul_general(Form::Mul, 2, VAR, VAR, Efficiency::TwoInstTwoVar)]
    fn efficiency_follows_llvm22(
        #[case] form: Form,
        #[case] index: i128,
        #[case] stride: Operand,
        #[case] base: Operand,
        #[case] want: Efficiency,
    ) {
        assert_eq!(efficiency(form, c(index), stride, base), want);
    }
}
