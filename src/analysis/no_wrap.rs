//! Proofs that an `add` or `sub` without `nsw` cannot wrap (as a signed
//! operation) where a GEP uses it, for `gpucc-separate-const-offset-from-gep`.
//!
//! `sext(x + 2)` is `sext(x) + 2` only when `x + 2` does not wrap, and
//! InstCombine drops `nsw` whenever it reassociates: CUDA's
//! `a[(y + dy) * w + (x + dx)]` reaches the pass as
//! `sext(((y + dy) * w + x) + dx)` with no flag on either add. The pass asks
//! [`Prover::prove`] before it refuses such an add (the one holding the
//! constant; its missed remark `NeedsNoWrap` stays for the adds nothing
//! proves). Two provers, cheapest first:
//!
//! 1. *Scalar evolution* (`willNotOverflow` at the GEP): `sext(a + c) ==
//!    sext a + c` by its own folding (induction variables with known trip
//!    counts, ranges, known bits), or `a <= MAX - c` under the conditions
//!    that guard the GEP (`if (x < n - 2)` with `n - 2` computed `nsw`).
//! 2. *Facts* ([`super::int_facts`]): integer facts about the values around
//!    the GEP, and a Fourier–Motzkin refutation of the add wrapping. This
//!    proves what needs more than one fact at a time, as the convolution's
//!    rows do. The facts, each true whenever the GEP runs unless the
//!    program is undefined, are:
//!    - every dominating branch condition, on the edge taken to the GEP
//!      (`and`, `select` and `xor` with true taken apart; `icmp` as an
//!      inequality of its operands; unsigned predicates when the bound is
//!      known non-negative). A condition that chose the way was not poison;
//!    - *exact values*: an `add`/`sub`/`mul`/`shl nsw` (or `or disjoint`)
//!      that is not poison computes the exact integer result, so its
//!      polynomial in its operands lies in the type's range. Values are
//!      known not to be poison when they feed a guard's `icmp`, the add's
//!      own operand (were it poison, so would be the GEP and its rewrite),
//!      or the address of a load or store of the GEP's block that runs
//!      before the GEP, or after it with nothing observable in between (an
//!      access through a poison address is undefined behaviour): values
//!      under such a value are not poison either (poison propagates up
//!      through arithmetic);
//!    - *ranges* of the other values (*atoms*): the type's, intersected with
//!      what LLVM knows (value tracking, scalar evolution, the NVPTX special
//!      registers' limits) and with interval arithmetic over their operands.
//!
//!    If the add's own operand is an add without `nsw` (`(y - 2)*w + x`),
//!    the same facts are first used to prove that inner add exact, which
//!    links it to its operands' polynomial.
//!
//! Worked example: the 5x5 convolution (`bench/kernels/conv2d_constant.cu`)
//! guards its rows with `x > 1`, `y > 1`, `x < w - 2`, and computes row
//! `y + dy` as `%row = mul nsw (y + dy), w`, `%r = add %row, x`, then loads
//! `a[sext(%r + dx)]` for `dx` in -2..2 (the adds without `nsw`). At the GEP
//! of `sext(%r0 + 2)` (row `y - 2`) the loads of all five rows run after it
//! in the same block, so `(y + 2)*w` is exact: `y*w + 2*w <= MAX`. The guards
//! give `w - x - 3 >= 0`, `x >= 2`, hence `w >= 5`, and McCormick's
//! inequality on `(y - 2)(w - 5) >= 0` gives `y*w - 2*w >= 0`. So
//! `%r0 = y*w - 2*w + x` lies in `[2, MAX - 3*w - 3]` (proved exact, then
//! linked), and `%r0 + 2 <= MAX`. Rows `y - 1` to `y + 1` follow the same
//! way. Row `y + 2` does not: nothing bounds `(y + 2)*w + x + 2`, and indeed
//! with `y = 2`, `w = 536870911`, `x = 4` it is `MAX + 1`. That row keeps its
//! constants.
//!
//! Refuses (answers `None`) whenever a budget runs out: [`MAX_GUARDS`]
//! conditions, [`MAX_ROOTS`] values known not to be poison, [`MAX_NODES`]
//! values looked at, and `int_facts`' own limits. Values wider than 64 bits
//! are never looked into. Pinned by
//! `test/ir/separate-const-offset-from-gep/proves-no-wrap-*.ll` and
//! `refuses-no-wrap-*.ll`.
#![forbid(unsafe_code)]

use super::fxhash::FxHashMap;
use super::int_facts::{self, Poly, Var};
use crate::llvm::analyses::{self, Facts};
use crate::llvm::llvm_sys::prelude::LLVMValueRef;
use crate::llvm::sepgep;
use inkwell::values::{AsValueRef, InstructionOpcode, InstructionValue, IntValue};
use inkwell::IntPredicate;

/// What proved that an add does not wrap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Scalar evolution (`willNotOverflow`).
    ScalarEvolution,
    /// The guards, exact values and ranges around the GEP.
    Facts,
}

/// Dominating conditions read per proof.
pub const MAX_GUARDS: usize = 16;
/// Values known not to be poison (accesses' indices) read per proof.
pub const MAX_ROOTS: usize = 64;
/// Values looked at per proof.
pub const MAX_NODES: u32 = 512;
/// How deep inner adds without `nsw` are proved exact.
const UPGRADE_DEPTH: u32 = 2;

/// Proofs attempted per function: each is bounded, and this bounds their
/// sum, so that compile time stays linear in the function's size. Later
/// adds are refused as if nothing proved them.
pub const MAX_PROOFS: u32 = 128;

/// The prover of one function, with its budget of [`MAX_PROOFS`].
pub struct Prover<'ctx> {
    facts: Facts<'ctx>,
    left: std::cell::Cell<u32>,
}

impl<'ctx> Prover<'ctx> {
    pub fn new(facts: Facts<'ctx>) -> Self {
        Prover {
            facts,
            left: std::cell::Cell::new(MAX_PROOFS),
        }
    }

    /// Does `bo`, an integer `add` or `sub` without `nsw`, never wrap as a
    /// signed operation whenever GEP `at` runs (unless the program is
    /// undefined, or `bo` is poison)? `None` when nothing proves it, or the
    /// budget is spent.
    pub fn prove(&self, bo: InstructionValue<'ctx>, at: InstructionValue<'ctx>) -> Option<Proof> {
        let left = self.left.get();
        if left == 0 {
            return None;
        }
        self.left.set(left - 1);
        prove(&self.facts, bo, at)
    }
}

/// [`Prover::prove`] without a budget.
fn prove<'ctx>(
    facts: &Facts<'ctx>,
    bo: InstructionValue<'ctx>,
    at: InstructionValue<'ctx>,
) -> Option<Proof> {
    let op = bo.get_opcode();
    if !matches!(op, InstructionOpcode::Add | InstructionOpcode::Sub) {
        return None;
    }
    let (lhs, rhs) = (sepgep::int_operand(bo, 0)?, sepgep::int_operand(bo, 1)?);
    let width = lhs.get_type().get_bit_width();
    if width > 64 {
        return None;
    }
    if facts.scev_no_signed_wrap(bo, at) {
        return Some(Proof::ScalarEvolution);
    }
    let mut m = Model::new(facts, at);
    m.gather();
    // The add's operands are not poison (else the GEP and its rewrite both
    // are); inner adds without nsw are proved exact where the facts allow.
    for v in [lhs, rhs] {
        m.upgrade(v, UPGRADE_DEPTH);
    }
    let (a, b) = (m.poly(lhs), m.poly(rhs));
    let sum = if op == InstructionOpcode::Add {
        a.add(&b)?
    } else {
        a.sub(&b)?
    };
    m.in_range(&sum, width).then_some(Proof::Facts)
}

/// `[MIN, MAX]` of a `width`-bit integer (at most 64 bits).
fn range_of(width: u32) -> (i128, i128) {
    let half = 1i128 << (width - 1);
    (-half, half - 1)
}

/// The facts about the values around one GEP.
struct Model<'a, 'ctx> {
    facts: &'a Facts<'ctx>,
    at: InstructionValue<'ctx>,
    sys: int_facts::Facts,
    /// Each value that is its own variable. Lookup only.
    atoms: FxHashMap<LLVMValueRef, Var>,
    /// Each value's polynomial (its atom's variable, or its exact value).
    polys: FxHashMap<LLVMValueRef, Poly>,
    intervals: FxHashMap<LLVMValueRef, (i128, i128)>,
    nodes: u32,
}

impl<'a, 'ctx> Model<'a, 'ctx> {
    fn new(facts: &'a Facts<'ctx>, at: InstructionValue<'ctx>) -> Self {
        Model {
            facts,
            at,
            sys: int_facts::Facts::new(),
            atoms: FxHashMap::default(),
            polys: FxHashMap::default(),
            intervals: FxHashMap::default(),
            nodes: 0,
        }
    }

    /// Reads the guards and the values known not to be poison.
    fn gather(&mut self) {
        if let Some(block) = self.at.get_parent() {
            for (cond, taken) in self.facts.guards(block, MAX_GUARDS) {
                self.condition(cond, taken, 4);
            }
        }
        for v in sepgep::must_not_be_poison(self.at, MAX_ROOTS) {
            self.poly(v);
        }
    }

    /// Does `lo(width) <= p <= hi(width)` follow?
    fn in_range(&self, p: &Poly, width: u32) -> bool {
        let (lo, hi) = range_of(width);
        let above = p.add_constant(-lo);
        let below = p.scale(-1).and_then(|q| q.add_constant(hi));
        match (above, below) {
            (Some(a), Some(b)) => self.sys.implies_ge0(&a) && self.sys.implies_ge0(&b),
            _ => false,
        }
    }

    /// Takes apart condition `cond`, known to be `taken` and not poison.
    fn condition(&mut self, cond: IntValue<'ctx>, taken: bool, depth: u32) {
        let Some(i) = cond.as_instruction() else {
            return;
        };
        if depth == 0 || !self.visit() {
            return;
        }
        let operand = |k| sepgep::int_operand(i, k);
        match i.get_opcode() {
            // Both true (or, for `or`, both false): each is not poison.
            InstructionOpcode::And if taken => {
                for k in 0..2 {
                    if let Some(c) = operand(k) {
                        self.condition(c, true, depth - 1);
                    }
                }
            }
            InstructionOpcode::Or if !taken => {
                for k in 0..2 {
                    if let Some(c) = operand(k) {
                        self.condition(c, false, depth - 1);
                    }
                }
            }
            InstructionOpcode::Xor => {
                let (Some(a), Some(b)) = (operand(0), operand(1)) else {
                    return;
                };
                match (sepgep::const_int(a), sepgep::const_int(b)) {
                    (_, Some((1, 1))) => self.condition(a, !taken, depth - 1),
                    (Some((1, 1)), _) => self.condition(b, !taken, depth - 1),
                    _ => {}
                }
            }
            // `select c, x, false` is `c && x`; `select c, true, x` is
            // `c || x`. The condition chose an arm, so it was not poison.
            InstructionOpcode::Select => {
                let (Some(c), Some(x), Some(y)) = (operand(0), operand(1), operand(2)) else {
                    return;
                };
                let is = |v: IntValue<'_>, b: u128| sepgep::const_int(v) == Some((1, b));
                if taken && is(y, 0) {
                    self.condition(c, true, depth - 1);
                    self.condition(x, true, depth - 1);
                } else if !taken && is(x, 1) {
                    self.condition(c, false, depth - 1);
                    self.condition(y, false, depth - 1);
                }
            }
            InstructionOpcode::ICmp => {
                let (Some(l), Some(r), Some(pred)) =
                    (operand(0), operand(1), i.get_icmp_predicate())
                else {
                    return;
                };
                if l.get_type().get_bit_width() > 64 {
                    return;
                }
                let pred = if taken { pred } else { inverse(pred) };
                self.relation(pred, l, r);
            }
            _ => {}
        }
    }

    /// Adds `l pred r` (both not poison).
    fn relation(&mut self, pred: IntPredicate, l: IntValue<'ctx>, r: IntValue<'ctx>) {
        use IntPredicate as P;
        let (pl, pr) = (self.poly(l), self.poly(r));
        // `a - b - k >= 0`, i.e. `a >= b + k`.
        let ge = |m: &mut Self, a: &Poly, b: &Poly, k: i128| {
            if let Some(d) = a.sub(b).and_then(|d| d.add_constant(-k)) {
                m.sys.assume_ge0(d);
            }
        };
        match pred {
            P::EQ => self.sys.assume_eq(&pl, &pr),
            P::NE => {}
            P::SLT => ge(self, &pr, &pl, 1),
            P::SLE => ge(self, &pr, &pl, 0),
            P::SGT => ge(self, &pl, &pr, 1),
            P::SGE => ge(self, &pl, &pr, 0),
            // Unsigned: `l <u r` with `r >= 0` (as signed) puts `l` in
            // `[0, r)` (a negative `l` is huge as unsigned).
            P::ULT | P::ULE | P::UGT | P::UGE => {
                let (small, big, strict) = match pred {
                    P::ULT => ((l, &pl), (r, &pr), 1),
                    P::ULE => ((l, &pl), (r, &pr), 0),
                    P::UGT => ((r, &pr), (l, &pl), 1),
                    _ => ((r, &pr), (l, &pl), 0),
                };
                if self.interval(big.0).0 >= 0 {
                    let (sp, bp) = (small.1.clone(), big.1.clone());
                    ge(self, &bp, &sp, strict);
                    self.sys.assume_ge0(sp);
                }
            }
        }
    }

    /// Counts a visit; false when the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= MAX_NODES
    }

    /// `v` as a variable of its own, bounded by its interval.
    fn atom(&mut self, v: IntValue<'ctx>) -> Poly {
        let key = v.as_value_ref();
        if let Some(&x) = self.atoms.get(&key) {
            return Poly::var(x);
        }
        let (lo, hi) = self.interval(v);
        let x = self.sys.new_var(lo, hi);
        self.atoms.insert(key, x);
        Poly::var(x)
    }

    /// The polynomial of `v`, a value not poison whenever the GEP runs:
    /// exact arithmetic expanded (its range recorded as a fact), anything
    /// else an atom whose operands, not poison either, are looked into.
    fn poly(&mut self, v: IntValue<'ctx>) -> Poly {
        let key = v.as_value_ref();
        if let Some(p) = self.polys.get(&key) {
            return p.clone();
        }
        let width = v.get_type().get_bit_width();
        let p = if width > 64 {
            self.wide_atom(v)
        } else if let Some((w, bits)) = sepgep::const_int(v) {
            Poly::constant(int_facts_signed(w, bits))
        } else if !self.visit() {
            self.atom(v)
        } else {
            self.expand(v, width).unwrap_or_else(|| self.atom(v))
        };
        self.polys.insert(key, p.clone());
        p
    }

    /// A value too wide to look into: a variable with no useful bounds.
    fn wide_atom(&mut self, v: IntValue<'ctx>) -> Poly {
        let key = v.as_value_ref();
        if let Some(&x) = self.atoms.get(&key) {
            return Poly::var(x);
        }
        let big = 1i128 << 99;
        let x = self.sys.new_var(-big, big);
        self.atoms.insert(key, x);
        Poly::var(x)
    }

    /// The exact polynomial of instruction `v` (recording its range), or
    /// `None` to make it an atom (after looking into its operands).
    fn expand(&mut self, v: IntValue<'ctx>, width: u32) -> Option<Poly> {
        let i = v.as_instruction()?;
        let flags = analyses::flags(i);
        let op = i.get_opcode();
        let operand = |k| sepgep::int_operand(i, k);
        let exact = |m: &mut Self, p: Option<Poly>| -> Option<Poly> {
            let p = p?;
            let (lo, hi) = range_of(width);
            m.sys.assume_range(&p, lo, hi);
            Some(p)
        };
        match op {
            InstructionOpcode::Add | InstructionOpcode::Sub | InstructionOpcode::Mul => {
                let (a, b) = (self.poly(operand(0)?), self.poly(operand(1)?));
                if !flags.nsw {
                    return None;
                }
                let p = match op {
                    InstructionOpcode::Add => a.add(&b),
                    InstructionOpcode::Sub => a.sub(&b),
                    _ => a.mul(&b),
                };
                exact(self, p)
            }
            InstructionOpcode::Shl => {
                let a = self.poly(operand(0)?);
                let k = operand(1)?;
                self.poly(k);
                let (_, k) = sepgep::const_int(k)?;
                if !flags.nsw || k >= u128::from(width) {
                    return None;
                }
                let p = a.scale(1i128 << k);
                exact(self, p)
            }
            InstructionOpcode::Or => {
                let (a, b) = (self.poly(operand(0)?), self.poly(operand(1)?));
                if !flags.disjoint {
                    return None;
                }
                exact(self, a.add(&b))
            }
            InstructionOpcode::SExt => Some(self.poly(operand(0)?)),
            InstructionOpcode::ZExt => {
                let src = operand(0)?;
                let a = self.poly(src);
                (flags.nneg || self.interval(src).0 >= 0).then_some(a)
            }
            InstructionOpcode::And
            | InstructionOpcode::Xor
            | InstructionOpcode::Trunc
            | InstructionOpcode::LShr
            | InstructionOpcode::AShr => {
                // Not exact arithmetic, but the operands are not poison.
                for k in 0..2 {
                    if let Some(o) = operand(k) {
                        self.poly(o);
                    }
                }
                None
            }
            _ => None,
        }
    }

    /// A sound signed interval of `v` (at most 64 bits): interval arithmetic
    /// over its operands, intersected with what LLVM knows.
    fn interval(&mut self, v: IntValue<'ctx>) -> (i128, i128) {
        let key = v.as_value_ref();
        if let Some(&r) = self.intervals.get(&key) {
            return r;
        }
        let width = v.get_type().get_bit_width();
        let full = range_of(width.min(64));
        let r = if width > 64 {
            full
        } else if let Some((w, bits)) = sepgep::const_int(v) {
            let c = int_facts_signed(w, bits);
            (c, c)
        } else if !self.visit() {
            full
        } else {
            let (mut lo, mut hi) = self.structural(v, width).unwrap_or(full);
            if let Some((l, h)) = self.facts.signed_range(v, self.at) {
                lo = lo.max(i128::from(l));
                hi = hi.min(i128::from(h));
            }
            if lo > hi {
                // Only in code that cannot run; nothing useful to say.
                full
            } else {
                (lo, hi)
            }
        };
        self.intervals.insert(key, r);
        r
    }

    /// The interval of instruction `v` from its operands' intervals.
    fn structural(&mut self, v: IntValue<'ctx>, width: u32) -> Option<(i128, i128)> {
        let i = v.as_instruction()?;
        let flags = analyses::flags(i);
        let operand = |k| sepgep::int_operand(i, k);
        let full = range_of(width);
        // `[lo, hi]` when it fits the type; else the type's range when the
        // operation cannot wrap (nsw), nothing when it may.
        let fit = |lo: Option<i128>, hi: Option<i128>, nsw: bool| -> Option<(i128, i128)> {
            match (lo, hi) {
                (Some(l), Some(h)) if l >= full.0 && h <= full.1 => Some((l, h)),
                (Some(l), Some(h)) if nsw => Some((l.max(full.0), h.min(full.1))),
                _ if nsw => Some(full),
                _ => None,
            }
        };
        let constant = |k| operand(k).and_then(sepgep::const_int);
        match i.get_opcode() {
            InstructionOpcode::Add | InstructionOpcode::Sub | InstructionOpcode::Mul => {
                let (a, b) = (self.interval(operand(0)?), self.interval(operand(1)?));
                let (lo, hi) = match i.get_opcode() {
                    InstructionOpcode::Add => (a.0.checked_add(b.0), a.1.checked_add(b.1)),
                    InstructionOpcode::Sub => (a.0.checked_sub(b.1), a.1.checked_sub(b.0)),
                    _ => {
                        let c = [
                            a.0.checked_mul(b.0),
                            a.0.checked_mul(b.1),
                            a.1.checked_mul(b.0),
                            a.1.checked_mul(b.1),
                        ];
                        if c.iter().all(Option::is_some) {
                            let c = c.map(|x| x.unwrap_or_default());
                            (c.iter().min().copied(), c.iter().max().copied())
                        } else {
                            (None, None)
                        }
                    }
                };
                fit(lo, hi, flags.nsw)
            }
            InstructionOpcode::Shl => {
                let a = self.interval(operand(0)?);
                let (_, k) = constant(1)?;
                if k >= u128::from(width) {
                    return None;
                }
                let f = 1i128 << k;
                fit(a.0.checked_mul(f), a.1.checked_mul(f), flags.nsw)
            }
            InstructionOpcode::And => {
                let (a, b) = (self.interval(operand(0)?), self.interval(operand(1)?));
                // A non-negative operand bounds the result by itself.
                match (a.0 >= 0, b.0 >= 0) {
                    (true, true) => Some((0, a.1.min(b.1))),
                    (true, false) => Some((0, a.1)),
                    (false, true) => Some((0, b.1)),
                    (false, false) => None,
                }
            }
            InstructionOpcode::ZExt => {
                let src = operand(0)?;
                let a = self.interval(src);
                let sw = src.get_type().get_bit_width();
                Some(if a.0 >= 0 { a } else { (0, (1i128 << sw) - 1) })
            }
            InstructionOpcode::SExt => Some(self.interval(operand(0)?)),
            InstructionOpcode::Trunc => {
                let a = self.interval(operand(0)?);
                (a.0 >= full.0 && a.1 <= full.1).then_some(a)
            }
            InstructionOpcode::LShr => {
                let a = self.interval(operand(0)?);
                let (_, k) = constant(1)?;
                if k == 0 || k >= u128::from(width) {
                    return None;
                }
                Some(if a.0 >= 0 {
                    (a.0 >> k, a.1 >> k)
                } else {
                    (0, ((1i128 << width) - 1) >> k)
                })
            }
            InstructionOpcode::AShr => {
                let a = self.interval(operand(0)?);
                let (_, k) = constant(1)?;
                (k < u128::from(width)).then_some((a.0 >> k, a.1 >> k))
            }
            InstructionOpcode::URem => {
                let (w, c) = constant(1)?;
                let c = int_facts_signed(w, c);
                if c <= 0 {
                    return None;
                }
                let a = self.interval(operand(0)?);
                Some((0, if a.0 >= 0 { a.1.min(c - 1) } else { c - 1 }))
            }
            InstructionOpcode::Select => {
                let (a, b) = (self.interval(operand(1)?), self.interval(operand(2)?));
                Some((a.0.min(b.0), a.1.max(b.1)))
            }
            _ => None,
        }
    }

    /// If `v` is an add or sub without `nsw`, proves (with the facts so
    /// far) that it computes its exact result, and records so: `v` equals
    /// its operands' sum. Its operands first, `depth` levels down.
    fn upgrade(&mut self, v: IntValue<'ctx>, depth: u32) {
        let Some(i) = v.as_instruction() else {
            return;
        };
        let op = i.get_opcode();
        let width = v.get_type().get_bit_width();
        if depth == 0
            || width > 64
            || !matches!(op, InstructionOpcode::Add | InstructionOpcode::Sub)
            || analyses::flags(i).nsw
        {
            return;
        }
        let (Some(l), Some(r)) = (sepgep::int_operand(i, 0), sepgep::int_operand(i, 1)) else {
            return;
        };
        self.upgrade(l, depth - 1);
        self.upgrade(r, depth - 1);
        let (a, b) = (self.poly(l), self.poly(r));
        let sum = if op == InstructionOpcode::Add {
            a.add(&b)
        } else {
            a.sub(&b)
        };
        if let Some(sum) = sum {
            if self.in_range(&sum, width) {
                let me = self.poly(v);
                self.sys.assume_eq(&me, &sum);
            }
        }
    }
}

/// The signed value of a `width`-bit constant's bits.
fn int_facts_signed(width: u32, bits: u128) -> i128 {
    super::const_offset::Bits::new(width, bits).signed()
}

/// The predicate that holds when `p` does not.
fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::EQ => P::NE,
        P::NE => P::EQ,
        P::SLT => P::SGE,
        P::SGE => P::SLT,
        P::SLE => P::SGT,
        P::SGT => P::SLE,
        P::ULT => P::UGE,
        P::UGE => P::ULT,
        P::ULE => P::UGT,
        P::UGT => P::ULE,
    }
}
