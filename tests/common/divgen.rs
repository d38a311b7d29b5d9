//! Seeded generator of host-executable LLVM IR programs full of 64-bit division.
//!
//! The differential test (tests/fuzz.rs) runs each program with `lli` before and after a pass
//! and compares what it prints. A program is a `@run` that walks a table of operand rows per
//! *kernel*, prints each row and calls that kernel (`noinline`) on it; the kernel performs
//! several `i64` `sdiv`/`udiv`/`srem`/`urem` and prints every result through `@emit`
//! (`printf "%lld\n"`). `@main` calls `@run`; [`render_batch`] puts several programs, with
//! prefixed symbols, in one module (one `lli` process for all of them):
//! ```text
//!   define void @kernel0(i64 %a, i64 %b, i32 %c, i32 %d) noinline {
//!   entry:
//!     %cz = zext i32 %c to i64             ; known to fit in 32 bits
//!     ...
//!     %s0 = sdiv i64 %a, %b                ; the anchor: plain variable operands
//!     call void @emit(i64 %s0)
//!     %s1 = udiv i64 %cz, %s0              ; a div+rem pair on the same operands
//!     %s2 = urem i64 %cz, %s0
//!     ...
//! ```
//! Statements are divisions, quotient/remainder pairs, `if`s and counted loops (up to two deep);
//! operands are the arguments (also through `zext`/`sext` of the `i32` ones, so known-bits paths
//! trigger), constants (constant numerators included), loop counters, earlier quotients, and
//! small expressions over those (`and` with 32-bit masks, `or`, shifts, `trunc`+`ext`, ...).
//!
//! Operand rows mix boundary values (`INT64_MIN`, `2^31 - 1`, `2^31`, `2^32 - 1`, `2^32`,
//! `2^32 + 1`, negatives, 0, 1) with random ones, and favour rows where both operands fit in 32
//! bits so the fast path runs. Every kernel is also evaluated here, in Rust, with LLVM's
//! semantics: a row that would divide by zero or compute `INT64_MIN / -1` (signed) anywhere is
//! dropped, so the programs have no undefined behaviour, and the same evaluation yields the
//! exact stdout the program must print ([`Program::expected_output`]): an oracle for `lli` on
//! the untouched module.
//!
//! Everything is drawn from [`SplitMix64`] seeded by the program's seed: same seed, same bytes.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::fmt::Write as _;

use crate::irtext::{self, ModuleText};

/// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): a tiny, fast, seedable generator. Good
/// enough to pick test cases, and it keeps the harness free of a `rand` dependency whose
/// stream could change between versions.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (multiply-shift; the bias is irrelevant here). `n` must be non-zero.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "SplitMix64::below: empty range");
        let wide = u128::from(self.next_u64()) * u128::from(n);
        u64::try_from(wide >> 64).expect("the high half of a u64 x u64 product fits in u64")
    }

    /// An index into a slice of length `len` (non-zero).
    pub fn index(&mut self, len: usize) -> usize {
        let len = u64::try_from(len).expect("slice lengths fit in u64");
        usize::try_from(self.below(len)).expect("an index below a usize length fits in usize")
    }

    /// True with probability `percent`/100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }
}

/// LLVM's `trunc i64 to i32`: keep the low 32 bits.
fn trunc32(x: i64) -> i32 {
    let low: [u8; 4] = x.to_le_bytes()[..4]
        .try_into()
        .expect("an i64 has at least 4 bytes");
    i32::from_le_bytes(low)
}

/// `zext i32 to i64`.
fn zext32(x: i32) -> i64 {
    i64::from(u32::from_le_bytes(x.to_le_bytes()))
}

/// 64-bit values where division goes wrong most often: sign and 32-bit boundaries.
const I64_EDGES: &[i64] = &[
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    -1,
    0,
    1,
    2,
    3,
    7,
    -2,
    -7,
    10,
    1_000_000_007,
    (1 << 31) - 1,
    1 << 31,
    (1 << 31) + 1,
    -(1 << 31),
    -(1 << 31) - 1,
    (1 << 32) - 2,
    (1 << 32) - 1,
    1 << 32,
    (1 << 32) + 1,
    -(1 << 32),
    -(1 << 32) + 1,
    1 << 33,
    1 << 62,
    -(1 << 62),
    0x0000_0001_FFFF_FFFF,
    0x7FFF_FFFF_0000_0000,
];

/// Values in `0..2^32`: both operands like these take the 32-bit fast path.
const U32_EDGES: &[i64] = &[
    0,
    1,
    2,
    3,
    7,
    10,
    255,
    65_535,
    65_536,
    1_000_000_007,
    (1 << 31) - 1,
    1 << 31,
    (1 << 31) + 1,
    (1 << 32) - 2,
    (1 << 32) - 1,
];

const I32_EDGES: &[i32] = &[
    i32::MIN,
    i32::MIN + 1,
    i32::MAX,
    -1,
    0,
    1,
    2,
    3,
    7,
    -7,
    65_535,
    65_536,
];

/// Masks for `and`: the 32-bit ones make operands known to fit.
const AND_MASKS: &[i64] = &[
    0xFFFF_FFFF,
    0x7FFF_FFFF,
    0xFFFF,
    0x1_FFFF_FFFF,
    -0x1_0000_0000,
    i64::MAX,
];

/// Constants for `or`: some force a non-zero value, some force a value too wide for 32 bits.
const OR_CONSTANTS: &[i64] = &[1, 3, 1 << 31, 1 << 32, i64::MIN];

/// Constant divisors: the pass must leave these alone (or handle them correctly).
const CONST_DIVISORS: &[i64] = &[3, 7, 10, -5, 1_000_000_007, 1 << 32, (1 << 32) + 1];

fn value_i64(rng: &mut SplitMix64) -> i64 {
    match rng.below(8) {
        0..=2 => *rng.pick(I64_EDGES),
        3 => rng.next_u64() as i64,
        4 => fits32(rng),
        5 => i64::try_from(rng.below(1 << 16)).expect("below 2^16"),
        6 => -i64::try_from(rng.below(1000)).expect("below 1000"),
        _ => {
            let base = *rng.pick(&[1i64 << 31, 1 << 32, i64::MIN, 0]);
            let delta = i64::try_from(rng.below(7)).expect("below 7") - 3;
            base.wrapping_add(delta)
        }
    }
}

fn fits32(rng: &mut SplitMix64) -> i64 {
    match rng.below(3) {
        0 => *rng.pick(U32_EDGES),
        1 => i64::try_from(rng.below(1 << 32)).expect("below 2^32"),
        _ => i64::try_from(rng.below(1 << 12)).expect("below 2^12"),
    }
}

fn value_i32(rng: &mut SplitMix64) -> i32 {
    match rng.below(3) {
        0 => *rng.pick(I32_EDGES),
        1 => trunc32(rng.next_u64() as i64),
        _ => i32::try_from(rng.below(1 << 10)).expect("below 2^10"),
    }
}

/// One row of kernel arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub a: i64,
    pub b: i64,
    pub c: i32,
    pub d: i32,
}

/// A kernel parameter as an `i64`: `%a`, `%b`, or an `i32` one through `zext` or `sext`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    A,
    B,
    CZext,
    DZext,
    CSext,
    DSext,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Xor,
    And,
    Or,
    Shl,
    LShr,
    AShr,
}

impl BinOp {
    fn mnemonic(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Xor => "xor",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
        }
    }

    /// LLVM semantics without flags: wrapping arithmetic. Shift amounts are constants in
    /// `1..64` (the generator never builds others), so no shift is poison.
    fn eval(self, l: i64, r: i64) -> i64 {
        let shift = || u32::try_from(r).expect("divgen: shift amounts are constants in 1..64");
        match self {
            BinOp::Add => l.wrapping_add(r),
            BinOp::Sub => l.wrapping_sub(r),
            BinOp::Mul => l.wrapping_mul(r),
            BinOp::Xor => l ^ r,
            BinOp::And => l & r,
            BinOp::Or => l | r,
            BinOp::Shl => l << shift(),
            BinOp::LShr => ((l as u64) >> shift()) as i64,
            BinOp::AShr => l >> shift(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ext {
    Zext,
    Sext,
}

/// An `i64` operand expression, emitted right before the instruction that uses it.
#[derive(Clone, Debug)]
enum Expr {
    Arg(Arg),
    Const(i64),
    /// The counter (0, 1, ...) of loop number `n`, which encloses the use.
    Iter(usize),
    /// The result of division site `n`, which dominates the use.
    Site(usize),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `trunc` to `i32`, then `zext` or `sext` back.
    Narrow(Ext, Box<Expr>),
}

/// The four instructions under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivOp {
    SDiv,
    UDiv,
    SRem,
    URem,
}

impl DivOp {
    pub const ALL: [DivOp; 4] = [DivOp::SDiv, DivOp::UDiv, DivOp::SRem, DivOp::URem];

    pub fn mnemonic(self) -> &'static str {
        match self {
            DivOp::SDiv => "sdiv",
            DivOp::UDiv => "udiv",
            DivOp::SRem => "srem",
            DivOp::URem => "urem",
        }
    }

    /// LLVM's result, or `None` where the instruction is undefined behaviour: a zero divisor,
    /// or `INT64_MIN` divided by `-1` for the signed two.
    pub fn eval(self, n: i64, d: i64) -> Option<i64> {
        match self {
            DivOp::SDiv => n.checked_div(d),
            DivOp::SRem => n.checked_rem(d),
            DivOp::UDiv => (n as u64).checked_div(d as u64).map(|q| q as i64),
            DivOp::URem => (n as u64).checked_rem(d as u64).map(|r| r as i64),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pred {
    Eq,
    Ne,
    Slt,
    Sgt,
    Ult,
    Ugt,
}

impl Pred {
    const ALL: [Pred; 6] = [
        Pred::Eq,
        Pred::Ne,
        Pred::Slt,
        Pred::Sgt,
        Pred::Ult,
        Pred::Ugt,
    ];

    fn mnemonic(self) -> &'static str {
        match self {
            Pred::Eq => "eq",
            Pred::Ne => "ne",
            Pred::Slt => "slt",
            Pred::Sgt => "sgt",
            Pred::Ult => "ult",
            Pred::Ugt => "ugt",
        }
    }

    fn eval(self, l: i64, r: i64) -> bool {
        match self {
            Pred::Eq => l == r,
            Pred::Ne => l != r,
            Pred::Slt => l < r,
            Pred::Sgt => l > r,
            Pred::Ult => (l as u64) < (r as u64),
            Pred::Ugt => (l as u64) > (r as u64),
        }
    }
}

#[derive(Clone, Debug)]
struct Cond {
    pred: Pred,
    lhs: Expr,
    rhs: Expr,
}

#[derive(Clone, Debug)]
enum Stmt {
    /// `%s<site> = <op> i64 lhs, rhs`, then print it.
    Div {
        site: usize,
        op: DivOp,
        lhs: Expr,
        rhs: Expr,
    },
    /// Quotient and remainder of the same operand values (C's `q = a / b; r = a % b`), in
    /// either order; both printed. `steps`: their `(site, op)` in program order
    /// ([`pair_steps`]).
    Pair {
        steps: [(usize, DivOp); 2],
        lhs: Expr,
        rhs: Expr,
    },
    If {
        id: usize,
        cond: Cond,
        then_body: Vec<Stmt>,
        else_body: Vec<Stmt>,
    },
    /// `for (i = 0; i < trips; i++) body`, with `trips >= 1`.
    Loop {
        id: usize,
        trips: i64,
        body: Vec<Stmt>,
    },
}

/// Undefined behaviour met while evaluating a kernel on a row: the row is dropped.
#[derive(Debug)]
struct Undefined;

/// Evaluation state for one call of a kernel.
struct Frame<'a> {
    row: &'a Row,
    iters: Vec<i64>,
    sites: Vec<i64>,
    out: String,
}

impl Frame<'_> {
    fn eval(&self, e: &Expr) -> i64 {
        match e {
            Expr::Arg(Arg::A) => self.row.a,
            Expr::Arg(Arg::B) => self.row.b,
            Expr::Arg(Arg::CZext) => zext32(self.row.c),
            Expr::Arg(Arg::DZext) => zext32(self.row.d),
            Expr::Arg(Arg::CSext) => i64::from(self.row.c),
            Expr::Arg(Arg::DSext) => i64::from(self.row.d),
            Expr::Const(v) => *v,
            Expr::Iter(id) => self.iters[*id],
            Expr::Site(site) => self.sites[*site],
            Expr::Bin(op, l, r) => op.eval(self.eval(l), self.eval(r)),
            Expr::Narrow(Ext::Zext, inner) => zext32(trunc32(self.eval(inner))),
            Expr::Narrow(Ext::Sext, inner) => i64::from(trunc32(self.eval(inner))),
        }
    }

    fn divide(&mut self, site: usize, op: DivOp, n: i64, d: i64) -> Result<(), Undefined> {
        let v = op.eval(n, d).ok_or(Undefined)?;
        self.sites[site] = v;
        writeln!(self.out, "{v}").expect("writing to a String cannot fail");
        Ok(())
    }

    fn exec(&mut self, stmts: &[Stmt]) -> Result<(), Undefined> {
        for stmt in stmts {
            match stmt {
                Stmt::Div { site, op, lhs, rhs } => {
                    let (n, d) = (self.eval(lhs), self.eval(rhs));
                    self.divide(*site, *op, n, d)?;
                }
                Stmt::Pair { steps, lhs, rhs } => {
                    let (n, d) = (self.eval(lhs), self.eval(rhs));
                    for &(site, op) in steps {
                        self.divide(site, op, n, d)?;
                    }
                }
                Stmt::If {
                    cond,
                    then_body,
                    else_body,
                    ..
                } => {
                    if cond.pred.eval(self.eval(&cond.lhs), self.eval(&cond.rhs)) {
                        self.exec(then_body)?;
                    } else {
                        self.exec(else_body)?;
                    }
                }
                Stmt::Loop { id, trips, body } => {
                    for i in 0..*trips {
                        self.iters[*id] = i;
                        self.exec(body)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The two divisions of a quotient/remainder pair on sites `quot` and `rem`, as `(site, op)` in
/// program order: the remainder first if `rem_first`. The evaluator and the renderer both
/// follow [`Stmt::Pair`]'s `steps`, so the oracle prints in the order the module does.
fn pair_steps(quot: usize, rem: usize, signed: bool, rem_first: bool) -> [(usize, DivOp); 2] {
    let (q_op, r_op) = if signed {
        (DivOp::SDiv, DivOp::SRem)
    } else {
        (DivOp::UDiv, DivOp::URem)
    };
    let (q, r) = ((quot, q_op), (rem, r_op));
    if rem_first {
        [r, q]
    } else {
        [q, r]
    }
}

/// A function of `(i64 %a, i64 %b, i32 %c, i32 %d)` and the rows `@main` calls it with.
#[derive(Clone, Debug)]
struct Kernel {
    stmts: Vec<Stmt>,
    sites: usize,
    loops: usize,
    rows: Vec<Row>,
}

impl Kernel {
    /// What one call prints, or `Undefined` if the row divides by zero or overflows.
    fn run(&self, row: &Row) -> Result<String, Undefined> {
        let mut frame = Frame {
            row,
            iters: vec![0; self.loops],
            sites: vec![0; self.sites],
            out: String::new(),
        };
        frame.exec(&self.stmts)?;
        Ok(frame.out)
    }
}

/// Builds one kernel's statements; tracks which division results are in scope.
struct Builder<'r> {
    rng: &'r mut SplitMix64,
    sites: usize,
    loops: usize,
    ifs: usize,
    /// Sites whose results dominate the current point (a stack, cut back on leaving a body).
    visible: Vec<usize>,
    /// Loops enclosing the current point, innermost last.
    loop_stack: Vec<usize>,
}

/// Which side of a division an operand is for: numerators may be any constant, divisors only
/// the non-zero ones in [`CONST_DIVISORS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Numerator,
    Divisor,
}

impl Builder<'_> {
    /// The first statement of every kernel: a division of plain variable operands, so every
    /// kernel has something for the pass to bypass.
    fn anchor(&mut self) -> Stmt {
        let lhs = Expr::Arg(*self.rng.pick(&[Arg::A, Arg::A, Arg::CZext]));
        let rhs = Expr::Arg(*self.rng.pick(&[Arg::B, Arg::B, Arg::DZext]));
        self.division(lhs, rhs)
    }

    fn stmts(&mut self, count: u64, depth: u32) -> Vec<Stmt> {
        (0..count).map(|_| self.stmt(depth)).collect()
    }

    fn stmt(&mut self, depth: u32) -> Stmt {
        let roll = self.rng.below(100);
        if depth < 2 && roll < 15 {
            self.if_stmt(depth)
        } else if depth < 2 && roll < 30 {
            self.loop_stmt(depth)
        } else {
            let lhs = self.operand(Role::Numerator, 0);
            let rhs = self.operand(Role::Divisor, 0);
            self.division(lhs, rhs)
        }
    }

    /// A single division (60%) or a quotient/remainder pair (40%) of `lhs` by `rhs`.
    fn division(&mut self, lhs: Expr, rhs: Expr) -> Stmt {
        if self.rng.percent(40) {
            let (quot, rem) = (self.new_site(), self.new_site());
            let signed = self.rng.percent(50);
            let rem_first = self.rng.percent(30);
            Stmt::Pair {
                steps: pair_steps(quot, rem, signed, rem_first),
                lhs,
                rhs,
            }
        } else {
            let op = *self.rng.pick(&DivOp::ALL);
            let site = self.new_site();
            Stmt::Div { site, op, lhs, rhs }
        }
    }

    /// A fresh site, visible from here on (its operands were built before, so no self-use).
    fn new_site(&mut self) -> usize {
        let site = self.sites;
        self.sites += 1;
        self.visible.push(site);
        site
    }

    fn if_stmt(&mut self, depth: u32) -> Stmt {
        let id = self.ifs;
        self.ifs += 1;
        let pred = *self.rng.pick(&Pred::ALL);
        let lhs = self.operand(Role::Numerator, 1);
        let rhs = if self.rng.percent(50) {
            Expr::Const(*self.rng.pick(I64_EDGES))
        } else {
            self.operand(Role::Numerator, 1)
        };
        let scope = self.visible.len();
        let n = 1 + self.rng.below(3);
        let then_body = self.stmts(n, depth + 1);
        self.visible.truncate(scope);
        let else_body = if self.rng.percent(50) {
            let n = 1 + self.rng.below(2);
            self.stmts(n, depth + 1)
        } else {
            Vec::new()
        };
        self.visible.truncate(scope);
        Stmt::If {
            id,
            cond: Cond { pred, lhs, rhs },
            then_body,
            else_body,
        }
    }

    fn loop_stmt(&mut self, depth: u32) -> Stmt {
        let id = self.loops;
        self.loops += 1;
        let trips = 1 + i64::try_from(self.rng.below(4)).expect("below 4");
        let scope = self.visible.len();
        self.loop_stack.push(id);
        let n = 1 + self.rng.below(3);
        let body = self.stmts(n, depth + 1);
        self.loop_stack.pop();
        self.visible.truncate(scope);
        Stmt::Loop { id, trips, body }
    }

    fn operand(&mut self, role: Role, depth: u32) -> Expr {
        if depth < 2 && self.rng.percent(30) {
            self.compound(role, depth)
        } else {
            self.leaf(role)
        }
    }

    fn leaf(&mut self, role: Role) -> Expr {
        let (own, other) = match role {
            Role::Numerator => (Arg::A, Arg::B),
            Role::Divisor => (Arg::B, Arg::A),
        };
        match self.rng.below(100) {
            0..=29 => Expr::Arg(own),
            30..=37 => Expr::Arg(other),
            38..=54 => Expr::Arg(
                *self
                    .rng
                    .pick(&[Arg::CZext, Arg::DZext, Arg::CSext, Arg::DSext]),
            ),
            55..=69 => match role {
                Role::Numerator => Expr::Const(*self.rng.pick(I64_EDGES)),
                Role::Divisor => Expr::Const(*self.rng.pick(CONST_DIVISORS)),
            },
            70..=84 if !self.visible.is_empty() => Expr::Site(*self.rng.pick(&self.visible)),
            85..=99 if !self.loop_stack.is_empty() => Expr::Iter(
                *self
                    .loop_stack
                    .last()
                    .expect("divgen: checked non-empty just above"),
            ),
            _ => Expr::Arg(own),
        }
    }

    fn compound(&mut self, role: Role, depth: u32) -> Expr {
        let base = Box::new(self.leaf(role));
        match self.rng.below(100) {
            0..=19 => Expr::Narrow(*self.rng.pick(&[Ext::Zext, Ext::Sext]), base),
            20..=34 => Expr::Bin(
                BinOp::And,
                base,
                Box::new(Expr::Const(*self.rng.pick(AND_MASKS))),
            ),
            35..=44 => Expr::Bin(
                BinOp::Or,
                base,
                Box::new(Expr::Const(*self.rng.pick(OR_CONSTANTS))),
            ),
            45..=59 => {
                let op = *self.rng.pick(&[BinOp::Shl, BinOp::LShr, BinOp::AShr]);
                let amount = 1 + i64::try_from(self.rng.below(63)).expect("below 63");
                Expr::Bin(op, base, Box::new(Expr::Const(amount)))
            }
            _ => {
                let op = *self
                    .rng
                    .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Xor]);
                let lhs = Box::new(self.operand(role, depth + 1));
                let rhs = Box::new(self.operand(Role::Numerator, depth + 1));
                Expr::Bin(op, lhs, rhs)
            }
        }
    }
}

fn random_row(rng: &mut SplitMix64) -> Row {
    let (a, b) = match rng.below(100) {
        0..=39 => (fits32(rng), fits32(rng)),
        40..=54 => (value_i64(rng), fits32(rng)),
        55..=64 => (fits32(rng), value_i64(rng)),
        _ => (value_i64(rng), value_i64(rng)),
    };
    Row {
        a,
        b,
        c: value_i32(rng),
        d: value_i32(rng),
    }
}

/// Kernels that leave fewer valid rows than this after [`ROW_ATTEMPTS`] draws are redrawn.
const MIN_ROWS: usize = 6;
/// Row draws per wanted row before giving up on a kernel.
const ROW_ATTEMPTS: usize = 30;
/// Redraws of a kernel before falling back to the anchor alone.
const KERNEL_ATTEMPTS: usize = 64;

fn kernel(rng: &mut SplitMix64) -> Kernel {
    let wanted = 12 + rng.index(13);
    for attempt in 0..=KERNEL_ATTEMPTS {
        let mut builder = Builder {
            rng: &mut *rng,
            sites: 0,
            loops: 0,
            ifs: 0,
            visible: Vec::new(),
            loop_stack: Vec::new(),
        };
        let mut stmts = vec![builder.anchor()];
        if attempt < KERNEL_ATTEMPTS {
            let n = 2 + builder.rng.below(6);
            stmts.extend(builder.stmts(n, 0));
        }
        let mut k = Kernel {
            stmts,
            sites: builder.sites,
            loops: builder.loops,
            rows: Vec::new(),
        };
        for _ in 0..wanted * ROW_ATTEMPTS {
            let row = random_row(rng);
            if k.run(&row).is_ok() {
                k.rows.push(row);
                if k.rows.len() == wanted {
                    break;
                }
            }
        }
        if k.rows.len() >= MIN_ROWS {
            return k;
        }
    }
    unreachable!("divgen: the anchor alone always finds rows with a non-zero divisor")
}

/// A generated program: kernels with their rows. Render it, run it, compare.
#[derive(Clone, Debug)]
pub struct Program {
    pub seed: u64,
    kernels: Vec<Kernel>,
}

/// The format each `@<prefix>run` prints before a kernel call, mirrored by
/// [`Program::expected_output`].
const ROW_FORMAT: &str = "k%d r%lld a=%lld b=%lld c=%d d=%d\n";
const VALUE_FORMAT: &str = "%lld\n";

impl Program {
    /// The program for `seed`; a pure function of the seed.
    pub fn generate(seed: u64) -> Program {
        let mut rng = SplitMix64::new(seed);
        let count = 3 + rng.below(4);
        let kernels = (0..count).map(|_| kernel(&mut rng)).collect();
        Program { seed, kernels }
    }

    /// Number of operand rows over all kernels (= kernel calls at run time).
    pub fn rows(&self) -> usize {
        self.kernels.iter().map(|k| k.rows.len()).sum()
    }

    /// Number of `i64` division instructions in the program text.
    pub fn divisions(&self) -> usize {
        self.kernels.iter().map(|k| k.sites).sum()
    }

    /// Exactly what the program prints on stdout, computed here with LLVM's semantics.
    pub fn expected_output(&self) -> String {
        let mut out = String::new();
        for (k, kernel) in self.kernels.iter().enumerate() {
            for (r, row) in kernel.rows.iter().enumerate() {
                let Row { a, b, c, d } = row;
                writeln!(out, "k{k} r{r} a={a} b={b} c={c} d={d}")
                    .expect("writing to a String cannot fail");
                let printed = kernel
                    .run(row)
                    .expect("divgen: rows were kept only if they run without UB");
                out.push_str(&printed);
            }
        }
        out
    }

    /// The module text, for `triple` and `datalayout` (either may be empty: no line).
    pub fn render(&self, triple: &str, datalayout: &str) -> String {
        render_programs(std::slice::from_ref(self), triple, datalayout, false)
    }

    /// Each kernel's name inside a batch ([`render_batch`]) and its argument rows, in
    /// parameter order: the inputs known to run without undefined behaviour (the poison
    /// check starts from them).
    pub fn batch_rows(&self) -> Vec<(String, Vec<Vec<i128>>)> {
        self.kernels
            .iter()
            .enumerate()
            .map(|(k, kernel)| {
                let rows = kernel
                    .rows
                    .iter()
                    .map(|r| {
                        vec![
                            i128::from(r.a),
                            i128::from(r.b),
                            i128::from(r.c),
                            i128::from(r.d),
                        ]
                    })
                    .collect();
                (format!("{}kernel{k}", self.prefix()), rows)
            })
            .collect()
    }

    /// The symbol prefix of this program inside a batch.
    pub fn prefix(&self) -> String {
        irtext::batch_prefix(self.seed)
    }
}

/// Several programs in one module, run one after another by its `@main`: one `lli` process
/// instead of one each. Program `p`'s symbols carry [`Program::prefix`]; before each program
/// `@main` prints `program <seed>`.
pub fn render_batch(programs: &[Program], triple: &str, datalayout: &str) -> String {
    render_programs(programs, triple, datalayout, true)
}

/// What [`render_batch`]'s module prints.
pub fn expected_batch_output(programs: &[Program]) -> String {
    irtext::batch_output(programs.iter().map(|p| (p.seed, p.expected_output())))
}

fn render_programs(programs: &[Program], triple: &str, datalayout: &str, batch: bool) -> String {
    let mut ir = Ir::default();
    let seeds: Vec<u64> = programs.iter().map(|p| p.seed).collect();
    ir.out.header("divgen", &seeds, batch, triple, datalayout);
    ir.out
        .formats(&[("fmt.value", VALUE_FORMAT), ("fmt.row", ROW_FORMAT)]);
    let prefix = |p: &Program| irtext::symbol_prefix(p.seed, batch);
    for p in programs {
        ir.globals(&prefix(p), &p.kernels);
    }
    ir.line(format_args!(""));
    ir.out.declare_stdio();
    ir.out.print_function("emit", "i64", "fmt.value");
    for p in programs {
        for (k, kernel) in p.kernels.iter().enumerate() {
            ir.line(format_args!(""));
            ir.kernel(&prefix(p), k, kernel);
        }
        ir.line(format_args!(""));
        ir.run(&prefix(p), &p.kernels);
    }
    ir.out.main(&seeds, batch);
    ir.out.into_string()
}

/// Text output for one module, with a counter for fresh temporaries and the current block.
#[derive(Default)]
struct Ir {
    out: ModuleText,
    temps: usize,
    block: String,
}

impl Ir {
    /// Appends one line to the module ([`ModuleText::line`]).
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.out.line(args);
    }

    fn label(&mut self, name: &str) {
        self.line(format_args!("{name}:"));
        self.block = name.to_string();
    }

    fn temp(&mut self) -> String {
        let name = format!("%t{}", self.temps);
        self.temps += 1;
        name
    }

    fn expr(&mut self, e: &Expr) -> String {
        match e {
            Expr::Arg(arg) => match arg {
                Arg::A => "%a",
                Arg::B => "%b",
                Arg::CZext => "%cz",
                Arg::DZext => "%dz",
                Arg::CSext => "%cs",
                Arg::DSext => "%ds",
            }
            .to_string(),
            Expr::Const(v) => v.to_string(),
            Expr::Iter(id) => format!("%i{id}"),
            Expr::Site(site) => format!("%s{site}"),
            Expr::Bin(op, l, r) => {
                let (l, r) = (self.expr(l), self.expr(r));
                let t = self.temp();
                self.line(format_args!("  {t} = {} i64 {l}, {r}", op.mnemonic()));
                t
            }
            Expr::Narrow(ext, inner) => {
                let v = self.expr(inner);
                let (t, w) = (self.temp(), self.temp());
                let ext = match ext {
                    Ext::Zext => "zext",
                    Ext::Sext => "sext",
                };
                self.line(format_args!("  {t} = trunc i64 {v} to i32"));
                self.line(format_args!("  {w} = {ext} i32 {t} to i64"));
                w
            }
        }
    }

    fn divide(&mut self, site: usize, op: DivOp, l: &str, r: &str) {
        self.line(format_args!("  %s{site} = {} i64 {l}, {r}", op.mnemonic()));
        self.line(format_args!("  call void @emit(i64 %s{site})"));
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Div { site, op, lhs, rhs } => {
                let (l, r) = (self.expr(lhs), self.expr(rhs));
                self.divide(*site, *op, &l, &r);
            }
            Stmt::Pair { steps, lhs, rhs } => {
                let (l, r) = (self.expr(lhs), self.expr(rhs));
                for &(site, op) in steps {
                    self.divide(site, op, &l, &r);
                }
            }
            Stmt::If {
                id,
                cond,
                then_body,
                else_body,
            } => {
                let (l, r) = (self.expr(&cond.lhs), self.expr(&cond.rhs));
                let p = cond.pred.mnemonic();
                self.line(format_args!("  %c{id} = icmp {p} i64 {l}, {r}"));
                self.line(format_args!(
                    "  br i1 %c{id}, label %if{id}.then, label %if{id}.else"
                ));
                self.label(&format!("if{id}.then"));
                self.stmts(then_body);
                self.line(format_args!("  br label %if{id}.end"));
                self.label(&format!("if{id}.else"));
                self.stmts(else_body);
                self.line(format_args!("  br label %if{id}.end"));
                self.label(&format!("if{id}.end"));
            }
            Stmt::Loop { id, trips, body } => {
                let pre = self.block.clone();
                self.line(format_args!("  br label %loop{id}"));
                self.label(&format!("loop{id}"));
                self.line(format_args!(
                    "  %i{id} = phi i64 [ 0, %{pre} ], [ %i{id}.next, %loop{id}.latch ]"
                ));
                self.stmts(body);
                self.line(format_args!("  br label %loop{id}.latch"));
                self.label(&format!("loop{id}.latch"));
                self.line(format_args!("  %i{id}.next = add i64 %i{id}, 1"));
                self.line(format_args!(
                    "  %loop{id}.again = icmp ult i64 %i{id}.next, {trips}"
                ));
                self.line(format_args!(
                    "  br i1 %loop{id}.again, label %loop{id}, label %loop{id}.exit"
                ));
                self.label(&format!("loop{id}.exit"));
            }
        }
    }

    /// The operand tables of `kernels`, as mutable globals `@<prefix>k<k>.<column>`.
    fn globals(&mut self, prefix: &str, kernels: &[Kernel]) {
        for (k, kernel) in kernels.iter().enumerate() {
            let n = kernel.rows.len();
            let column = |ty: &str, values: Vec<String>| {
                let items: Vec<String> = values.iter().map(|v| format!("{ty} {v}")).collect();
                format!("[{n} x {ty}] [{}]", items.join(", "))
            };
            let rows = &kernel.rows;
            let a = column("i64", rows.iter().map(|r| r.a.to_string()).collect());
            let b = column("i64", rows.iter().map(|r| r.b.to_string()).collect());
            let c = column("i32", rows.iter().map(|r| r.c.to_string()).collect());
            let d = column("i32", rows.iter().map(|r| r.d.to_string()).collect());
            self.line(format_args!("@{prefix}k{k}.a = global {a}, align 8"));
            self.line(format_args!("@{prefix}k{k}.b = global {b}, align 8"));
            self.line(format_args!("@{prefix}k{k}.c = global {c}, align 4"));
            self.line(format_args!("@{prefix}k{k}.d = global {d}, align 4"));
        }
    }

    fn kernel(&mut self, prefix: &str, k: usize, kernel: &Kernel) {
        self.temps = 0;
        self.line(format_args!(
            "define void @{prefix}kernel{k}(i64 %a, i64 %b, i32 %c, i32 %d) noinline {{"
        ));
        self.label("entry");
        self.line(format_args!("  %cz = zext i32 %c to i64"));
        self.line(format_args!("  %dz = zext i32 %d to i64"));
        self.line(format_args!("  %cs = sext i32 %c to i64"));
        self.line(format_args!("  %ds = sext i32 %d to i64"));
        self.stmts(&kernel.stmts);
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }

    /// `@<prefix>run`: one loop per kernel over its rows, loaded with `load volatile` from
    /// mutable globals so no compiler can fold the divisions away. Each row prints its
    /// arguments, calls the kernel, and flushes stdout, so a crash cuts the output exactly
    /// after the last row that finished.
    fn run(&mut self, prefix: &str, kernels: &[Kernel]) {
        self.line(format_args!("define void @{prefix}run() {{"));
        self.label("entry");
        let first = if kernels.is_empty() { "exit" } else { "k0" };
        self.line(format_args!("  br label %{first}"));
        let mut pred = "entry".to_string();
        for (k, kernel) in kernels.iter().enumerate() {
            let n = kernel.rows.len();
            let next = if k + 1 < kernels.len() {
                format!("k{}", k + 1)
            } else {
                "exit".to_string()
            };
            self.label(&format!("k{k}"));
            self.line(format_args!(
                "  %k{k}.r = phi i64 [ 0, %{pred} ], [ %k{k}.next, %k{k} ]"
            ));
            let mut vals = Vec::new();
            for (col, ty, align) in [
                ("a", "i64", 8),
                ("b", "i64", 8),
                ("c", "i32", 4),
                ("d", "i32", 4),
            ] {
                self.line(format_args!(
                    "  %k{k}.p{col} = getelementptr inbounds [{n} x {ty}], \
                     ptr @{prefix}k{k}.{col}, i64 0, i64 %k{k}.r"
                ));
                self.line(format_args!(
                    "  %k{k}.{col} = load volatile {ty}, ptr %k{k}.p{col}, align {align}"
                ));
                vals.push(format!("{ty} %k{k}.{col}"));
            }
            let args = vals.join(", ");
            self.line(format_args!(
                "  %k{k}.printed = call i32 (ptr, ...) \
                 @printf(ptr @fmt.row, i32 {k}, i64 %k{k}.r, {args})"
            ));
            self.line(format_args!("  call void @{prefix}kernel{k}({args})"));
            self.line(format_args!("  %k{k}.flushed = call i32 @fflush(ptr null)"));
            self.line(format_args!("  %k{k}.next = add i64 %k{k}.r, 1"));
            self.line(format_args!("  %k{k}.more = icmp ult i64 %k{k}.next, {n}"));
            self.line(format_args!(
                "  br i1 %k{k}.more, label %k{k}, label %{next}"
            ));
            pred = format!("k{k}");
        }
        self.label("exit");
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }
}
