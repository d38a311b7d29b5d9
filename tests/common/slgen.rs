//! Seeded generator of straight-line integer and address arithmetic, in the style of unrolled
//! GPU loops, for the differential test of the straight-line passes (tests/straightline.rs):
//! `gpucc-separate-const-offset-from-gep`, `gpucc-slsr` and `gpucc-nary-reassociate` (paper
//! §3.4), and their upstream twins.
//!
//! A program is a few *kernels* (`noinline` functions) and a `@<prefix>run` that calls each
//! kernel once per row of a table of arguments, printing the row first. A kernel copies a
//! 4 KiB buffer of distinct words into a local `alloca` and then runs *pieces*, each one of the
//! forms the passes look for, printing every result and every loaded element:
//! ```text
//!   define void @p7.k0(i64 %a, i64 %b, i64 %s, i32 %c, i32 %d,      ; wide operands
//!                      i64 %x, i64 %y, i32 %i, i32 %j, i32 %n) {    ; small index operands
//!   entry:
//!     %buf = alloca [4096 x i8], align 16
//!     call void @llvm.memcpy...(ptr align 16 %buf, ptr align 16 @init, i64 4096, i1 false)
//!     ; slsr-mul: (b + c) * s for c = 2, 3, 4      -> (b+3)*s = (b+2)*s + s
//!     %v11 = add nsw i64 %x, 2
//!     %v12 = mul i64 %v11, %s
//!     call void @emit64(i64 %v12)
//!     ...
//! ```
//! The pieces:
//! - **slsr-mul** `(b + c) * s`, **slsr-add** `b + c * s` (`mul` or `shl`), **slsr-gep**
//!   `&B[c * s]` (element `i8`, `i32`, `i64`, a struct or an array; one or two indices; `sext` of
//!   an `i32` product): shared `b`/`B` and `s`, constants `c` varying, as an unrolled loop leaves
//!   them (SLSR candidates);
//! - **nary** `(a + b) + c` after `a + c`, the same for `mul`, `smax`/`smin`/`umax`/`umin`
//!   (intrinsic or `icmp`+`select`) and GEPs `&A[a + b]` after `&A[a]`, `sext` included
//!   (nary-reassociation candidates);
//! - **figure5** the paper's Figure 5, `&a[(c + y) + (b + x) * n]` unrolled 3x3 over `b` and `c`,
//!   in `i64` or in `i32` with `sext`, with or without the common subexpressions shared;
//! - **const-offset** GEP indices `x + C`, `(x << k) | C` (disjoint), `sext(i +nsw C)`,
//!   `zext(i +nuw C)`, `(x + C) + y`, `x - C`, `(x + C) << k`, multi-dimensional arrays, struct
//!   fields, `i32` indices, `trunc` inside, and `x | C` that is not an `add` (candidates of the
//!   constant-offset extraction, and one it must refuse);
//! - **chain** random expression trees of `add`/`sub`/`mul`/`shl`/`and`/`or`/`xor` with
//!   constants, `sext`/`zext`/`trunc` between `i32` and `i64`;
//! - **diamond** an `if`/`else` whose arms and join each hold members of one slsr or nary
//!   family, so that a candidate's would-be basis sits in an arm that does not dominate it.
//!
//! **No poison, no undefined behaviour.** Every kernel is also evaluated here, in Rust, on each
//! row, with LLVM's semantics: wrapping arithmetic, GEP offsets, loads from the buffer's known
//! contents. A row that would load outside the buffer is dropped. Flags are *wished* at random
//! while generating (`nsw`, `nuw`, `inbounds`) and then *kept* only where they hold for every row
//! the kernel runs on (checked in infinite precision: `nsw` iff the signed result fits, `nuw`
//! iff the unsigned one does, `inbounds` iff the base and every partial sum of the offsets lie
//! in `0..=4096`, as LangRef says), and each load's `align` is the largest its addresses allow.
//! So nothing a program prints depends on poison, and the same evaluation yields the exact
//! stdout ([`Program::expected_output`]): an oracle for `lli` on the untouched module.
//!
//! Rows mix boundary values (`INT64_MIN`, `INT32_MAX`, `2^32`, ...) for the wide operands
//! with small index operands (mostly `0..=10`, sometimes negative or larger); a third of the
//! kernels get tame wide operands so that `nsw`/`nuw` survive on wide arithmetic too.
//!
//! Everything is drawn from [`SplitMix64`] seeded by the program's seed: same seed, same bytes.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::fmt::Write as _;

use crate::divgen::SplitMix64;
use crate::irtext::{self, ModuleText};

/// Bytes in each kernel's local buffer.
pub const BUF_BYTES: i64 = 4096;
/// ... as `i32` words (the initializer `@init`).
const BUF_WORDS: u32 = 1024;

/// Word `w` of the buffer's initial contents. Multiplying by an odd constant and xoring are
/// bijections on `u32`, so every word differs (and a misplaced load reads a different value).
pub fn init_word(w: u32) -> u32 {
    w.wrapping_mul(0x9E37_79B1) ^ 0x5A5A_1234
}

/// The buffer's initial bytes (little-endian words), as the oracle reads them.
fn init_bytes() -> Vec<u8> {
    (0..BUF_WORDS)
        .flat_map(|w| init_word(w).to_le_bytes())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The program model

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    I32,
    I64,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I32 => "i32",
            Ty::I64 => "i64",
        }
    }

    fn bits(self) -> u32 {
        match self {
            Ty::I32 => 32,
            Ty::I64 => 64,
        }
    }

    fn bytes(self) -> i64 {
        match self {
            Ty::I32 => 4,
            Ty::I64 => 8,
        }
    }

    /// `v` reduced to this width and read as signed: how values of this type are kept.
    pub fn wrap(self, v: i128) -> i64 {
        let m = 1i128 << self.bits();
        let r = v.rem_euclid(m);
        let r = if r >= m / 2 { r - m } else { r };
        i64::try_from(r).expect("slgen: a value reduced to 64 bits fits in i64")
    }

    /// The unsigned reading of a kept value.
    fn unsigned(self, v: i64) -> u128 {
        u128::try_from(i128::from(v).rem_euclid(1i128 << self.bits()))
            .expect("slgen: a remainder is non-negative")
    }

    fn fits_signed(self, v: i128) -> bool {
        let half = 1i128 << (self.bits() - 1);
        (-half..half).contains(&v)
    }

    fn fits_unsigned(self, v: u128) -> bool {
        v < 1u128 << self.bits()
    }

    /// A constant of this type, in range.
    fn constant(self, v: i64) -> i64 {
        self.wrap(i128::from(v))
    }
}

/// An operand: a value (by id) or a constant (kept as its type's signed reading).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opnd {
    Val(usize),
    Const(i64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Shl,
    Or,
    And,
    Xor,
}

/// What one binary operation computed, and whether its wrap flags would hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub value: i64,
    pub nsw: bool,
    pub nuw: bool,
}

impl BinOp {
    fn mnemonic(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Shl => "shl",
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Xor => "xor",
        }
    }

    /// Whether LLVM 16 allows `nsw`/`nuw` on it.
    fn has_wrap_flags(self) -> bool {
        matches!(self, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl)
    }

    /// LLVM's result for `l op r` in `ty`, computed exactly: `nsw` holds iff the op takes wrap
    /// flags and the exact signed result fits (for `shl` by `k`: `l * 2^k`, which is LangRef's "no shifted-out bit
    /// disagrees with the sign bit"), `nuw` iff the exact unsigned one does. Shift amounts
    /// are constants below the width (the generator builds no others).
    pub fn eval(self, ty: Ty, l: i64, r: i64) -> Outcome {
        let (sl, sr) = (i128::from(l), i128::from(r));
        let (ul, ur) = (ty.unsigned(l), ty.unsigned(r));
        let (exact, unsigned) = match self {
            BinOp::Add => (sl + sr, Some(ul + ur)),
            BinOp::Sub => (sl - sr, ul.checked_sub(ur)),
            BinOp::Mul => (sl * sr, Some(ul * ur)),
            BinOp::Shl => {
                let k = u32::try_from(r)
                    .ok()
                    .filter(|&k| k < ty.bits())
                    .expect("slgen: shift amounts are constants below the width");
                (sl << k, Some(ul << k))
            }
            BinOp::Or => (sl | sr, None),
            BinOp::And => (sl & sr, None),
            BinOp::Xor => (sl ^ sr, None),
        };
        let flags = self.has_wrap_flags();
        Outcome {
            value: ty.wrap(exact),
            nsw: flags && ty.fits_signed(exact),
            nuw: flags && unsigned.is_some_and(|u| ty.fits_unsigned(u)),
        }
    }
}

/// Casts between `i32` and `i64`: `sext`/`zext` widen, `trunc` narrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Sext,
    Zext,
    Trunc,
}

impl CastOp {
    /// (source type, result type).
    fn types(self) -> (Ty, Ty) {
        match self {
            CastOp::Sext | CastOp::Zext => (Ty::I32, Ty::I64),
            CastOp::Trunc => (Ty::I64, Ty::I32),
        }
    }

    fn mnemonic(self) -> &'static str {
        match self {
            CastOp::Sext => "sext",
            CastOp::Zext => "zext",
            CastOp::Trunc => "trunc",
        }
    }

    fn eval(self, v: i64) -> i64 {
        match self {
            CastOp::Sext => v,
            CastOp::Zext => Ty::I64
                .wrap(i128::try_from(Ty::I32.unsigned(v)).expect("a 32-bit value fits in i128")),
            CastOp::Trunc => Ty::I32.wrap(i128::from(v)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinMax {
    Smax,
    Smin,
    Umax,
    Umin,
}

impl MinMax {
    const ALL: [MinMax; 4] = [MinMax::Smax, MinMax::Smin, MinMax::Umax, MinMax::Umin];

    fn name(self) -> &'static str {
        match self {
            MinMax::Smax => "smax",
            MinMax::Smin => "smin",
            MinMax::Umax => "umax",
            MinMax::Umin => "umin",
        }
    }

    /// The `icmp` predicate of the `select` form: `select (icmp pred l, r), l, r`.
    fn pred(self) -> &'static str {
        match self {
            MinMax::Smax => "sgt",
            MinMax::Smin => "slt",
            MinMax::Umax => "ugt",
            MinMax::Umin => "ult",
        }
    }

    fn eval(self, ty: Ty, l: i64, r: i64) -> i64 {
        let (ul, ur) = (ty.unsigned(l), ty.unsigned(r));
        let pick_l = match self {
            MinMax::Smax => l > r,
            MinMax::Smin => l < r,
            MinMax::Umax => ul > ur,
            MinMax::Umin => ul < ur,
        };
        if pick_l {
            l
        } else {
            r
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    Eq,
    Ne,
    Slt,
    Sgt,
    Ult,
    Uge,
}

impl Pred {
    const ALL: [Pred; 6] = [
        Pred::Eq,
        Pred::Ne,
        Pred::Slt,
        Pred::Sgt,
        Pred::Ult,
        Pred::Uge,
    ];

    fn mnemonic(self) -> &'static str {
        match self {
            Pred::Eq => "eq",
            Pred::Ne => "ne",
            Pred::Slt => "slt",
            Pred::Sgt => "sgt",
            Pred::Ult => "ult",
            Pred::Uge => "uge",
        }
    }

    fn eval(self, ty: Ty, l: i64, r: i64) -> bool {
        let (ul, ur) = (ty.unsigned(l), ty.unsigned(r));
        match self {
            Pred::Eq => l == r,
            Pred::Ne => l != r,
            Pred::Slt => l < r,
            Pred::Sgt => l > r,
            Pred::Ult => ul < ur,
            Pred::Uge => ul >= ur,
        }
    }
}

/// The two struct types every module declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `%struct.s1 = type { i32, i32, i64 }`: fields at 0, 4, 8; 16 bytes.
    S1,
    /// `%struct.s2 = type { i64, i32 }`: fields at 0, 8, then 4 bytes of padding; 16 bytes.
    S2,
}

impl Shape {
    fn fields(self) -> &'static [(i64, Ty)] {
        match self {
            Shape::S1 => &[(0, Ty::I32), (4, Ty::I32), (8, Ty::I64)],
            Shape::S2 => &[(0, Ty::I64), (8, Ty::I32)],
        }
    }
}

/// A GEP source element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    I8,
    I32,
    I64,
    Array(u32, Box<Elem>),
    Struct(Shape),
}

impl Elem {
    fn of(ty: Ty) -> Elem {
        match ty {
            Ty::I32 => Elem::I32,
            Ty::I64 => Elem::I64,
        }
    }

    fn size(&self) -> i64 {
        match self {
            Elem::I8 => 1,
            Elem::I32 => 4,
            Elem::I64 => 8,
            Elem::Array(n, e) => i64::from(*n) * e.size(),
            Elem::Struct(_) => 16,
        }
    }

    fn render(&self) -> String {
        match self {
            Elem::I8 => "i8".to_string(),
            Elem::I32 => "i32".to_string(),
            Elem::I64 => "i64".to_string(),
            Elem::Array(n, e) => format!("[{n} x {}]", e.render()),
            Elem::Struct(Shape::S1) => "%struct.s1".to_string(),
            Elem::Struct(Shape::S2) => "%struct.s2".to_string(),
        }
    }

    /// The integer type a load at the start of this element reads (`i32` for `i8`).
    fn scalar(&self) -> Ty {
        match self {
            Elem::I8 | Elem::I32 => Ty::I32,
            Elem::I64 => Ty::I64,
            Elem::Array(_, e) => e.scalar(),
            Elem::Struct(s) => s.fields()[0].1,
        }
    }
}

/// A GEP index after the pointer operand: an integer, or a struct field number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepIdx {
    Val(Ty, Opnd),
    Field(u32),
}

/// A flag the generator wished for, and whether it survived the rows ([`Kernel::finish`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag {
    pub wanted: bool,
    pub kept: bool,
}

impl Flag {
    fn want(wanted: bool) -> Flag {
        Flag {
            wanted,
            kept: wanted,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Stmt {
    /// A `;` line naming the piece that follows (for whoever reads a failing module).
    Comment(String),
    Bin {
        dst: usize,
        op: BinOp,
        ty: Ty,
        l: Opnd,
        r: Opnd,
        nsw: Flag,
        nuw: Flag,
    },
    Cast {
        dst: usize,
        op: CastOp,
        v: Opnd,
    },
    /// `llvm.<op>` or `select (icmp)`, per `intrinsic`.
    MinMax {
        dst: usize,
        op: MinMax,
        ty: Ty,
        l: Opnd,
        r: Opnd,
        intrinsic: bool,
    },
    /// The first index of `idx` steps over `elem`s; the rest go into arrays and structs.
    Gep {
        dst: usize,
        base: usize,
        elem: Elem,
        idx: Vec<GepIdx>,
        inbounds: Flag,
    },
    /// `align` is set by [`Kernel::finish`]: the largest power of two (up to the type's size)
    /// dividing every address the load reads.
    Load {
        dst: usize,
        ty: Ty,
        ptr: usize,
        align: i64,
    },
    Emit {
        ty: Ty,
        v: usize,
    },
    If {
        id: usize,
        pred: Pred,
        ty: Ty,
        l: Opnd,
        r: Opnd,
        then_body: Vec<Stmt>,
        else_body: Vec<Stmt>,
    },
}

/// One row of kernel arguments: wide operands `a b s c d`, index operands `x y i j n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub a: i64,
    pub b: i64,
    pub s: i64,
    pub c: i32,
    pub d: i32,
    pub x: i64,
    pub y: i64,
    pub i: i32,
    pub j: i32,
    pub n: i32,
}

impl Row {
    /// The arguments in parameter order, each as its type's signed reading.
    fn args(&self) -> [i64; ARGS.len()] {
        [
            self.a,
            self.b,
            self.s,
            i64::from(self.c),
            i64::from(self.d),
            self.x,
            self.y,
            i64::from(self.i),
            i64::from(self.j),
            i64::from(self.n),
        ]
    }
}

/// What kind of value an id names, for picking operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ptr,
    /// Any integer: arguments with boundary values, or arithmetic on anything.
    Wide(Ty),
    /// A small integer usable as an array index: an index argument or a cast of one.
    Index(Ty),
}

/// Kernel parameters after `%buf` (value 0): name, type, kind.
const ARGS: [(&str, Kind); 10] = [
    ("a", Kind::Wide(Ty::I64)),
    ("b", Kind::Wide(Ty::I64)),
    ("s", Kind::Wide(Ty::I64)),
    ("c", Kind::Wide(Ty::I32)),
    ("d", Kind::Wide(Ty::I32)),
    ("x", Kind::Index(Ty::I64)),
    ("y", Kind::Index(Ty::I64)),
    ("i", Kind::Index(Ty::I32)),
    ("j", Kind::Index(Ty::I32)),
    ("n", Kind::Index(Ty::I32)),
];

/// Value ids of `%x` (then `%y`), `%i` (then `%j`) and `%n` (the row length of Figure 5).
const ARG_X: usize = 6;
const ARG_I: usize = 8;
const ARG_N: usize = 10;

/// A row made the kernel read outside its buffer: the row is dropped.
#[derive(Debug, PartialEq, Eq)]
pub struct OutOfBounds;

/// What the rows a kernel runs on allow, per value id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fact {
    nsw: bool,
    nuw: bool,
    inbounds: bool,
    /// Largest power of two dividing every address a load read (16 = the buffer's own).
    align: i64,
}

impl Default for Fact {
    fn default() -> Fact {
        Fact {
            nsw: true,
            nuw: true,
            inbounds: true,
            align: 16,
        }
    }
}

impl Fact {
    fn meet(&mut self, o: Fact) {
        self.nsw &= o.nsw;
        self.nuw &= o.nuw;
        self.inbounds &= o.inbounds;
        self.align = self.align.min(o.align);
    }
}

/// The largest power of two, at most 16, dividing `offset`.
fn alignment_of(offset: i64) -> i64 {
    let mut a = 16;
    while offset % a != 0 {
        a /= 2;
    }
    a
}

/// One call of a kernel on a row.
struct Machine<'k> {
    mem: &'k [u8],
    vals: Vec<i64>,
    facts: Vec<Fact>,
    out: String,
}

impl Machine<'_> {
    fn opnd(&self, o: Opnd) -> i64 {
        match o {
            Opnd::Val(id) => self.vals[id],
            Opnd::Const(c) => c,
        }
    }

    fn gep(&self, base: usize, elem: &Elem, idx: &[GepIdx]) -> (i64, bool) {
        let mut offset = i128::from(self.vals[base]);
        let limit = i128::from(BUF_BYTES);
        let mut inbounds = (0..=limit).contains(&offset);
        let mut cur = elem.clone();
        for (k, index) in idx.iter().enumerate() {
            let (step, next) = match (k, index, &cur) {
                (0, GepIdx::Val(_, o), e) => {
                    (i128::from(self.opnd(*o)) * i128::from(e.size()), None)
                }
                (_, GepIdx::Val(_, o), Elem::Array(_, inner)) => (
                    i128::from(self.opnd(*o)) * i128::from(inner.size()),
                    Some((**inner).clone()),
                ),
                (_, GepIdx::Field(f), Elem::Struct(s)) => {
                    let (at, ty) = s.fields()[usize::try_from(*f).expect("small field number")];
                    (i128::from(at), Some(Elem::of(ty)))
                }
                _ => unreachable!("slgen: a GEP indexes {cur:?} with {index:?}"),
            };
            if let Some(next) = next {
                cur = next;
            }
            offset += step;
            inbounds &= (0..=limit).contains(&offset);
        }
        (Ty::I64.wrap(offset), inbounds)
    }

    fn exec(&mut self, stmts: &[Stmt]) -> Result<(), OutOfBounds> {
        for stmt in stmts {
            match stmt {
                Stmt::Comment(_) => {}
                Stmt::Bin {
                    dst, op, ty, l, r, ..
                } => {
                    let o = op.eval(*ty, self.opnd(*l), self.opnd(*r));
                    self.vals[*dst] = o.value;
                    self.facts[*dst].nsw &= o.nsw;
                    self.facts[*dst].nuw &= o.nuw;
                }
                Stmt::Cast { dst, op, v } => self.vals[*dst] = op.eval(self.opnd(*v)),
                Stmt::MinMax {
                    dst, op, ty, l, r, ..
                } => self.vals[*dst] = op.eval(*ty, self.opnd(*l), self.opnd(*r)),
                Stmt::Gep {
                    dst,
                    base,
                    elem,
                    idx,
                    ..
                } => {
                    let (offset, inbounds) = self.gep(*base, elem, idx);
                    self.vals[*dst] = offset;
                    self.facts[*dst].inbounds &= inbounds;
                }
                Stmt::Load { dst, ty, ptr, .. } => {
                    let at = self.vals[*ptr];
                    if at < 0 || at > BUF_BYTES - ty.bytes() {
                        return Err(OutOfBounds);
                    }
                    let at = usize::try_from(at).expect("a checked offset fits in usize");
                    let mut bytes = [0u8; 8];
                    let n = usize::try_from(ty.bytes()).expect("small size");
                    bytes[..n].copy_from_slice(&self.mem[at..at + n]);
                    let raw = i128::from(u64::from_le_bytes(bytes));
                    self.vals[*dst] = ty.wrap(raw);
                    let a = alignment_of(self.vals[*ptr]).min(ty.bytes());
                    self.facts[*dst].align = self.facts[*dst].align.min(a);
                }
                Stmt::Emit { v, .. } => {
                    writeln!(self.out, "{}", self.vals[*v]).expect("writing to a String");
                }
                Stmt::If {
                    pred,
                    ty,
                    l,
                    r,
                    then_body,
                    else_body,
                    ..
                } => {
                    if pred.eval(*ty, self.opnd(*l), self.opnd(*r)) {
                        self.exec(then_body)?;
                    } else {
                        self.exec(else_body)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// One kernel: its statements, the number of values they define, and its rows.
#[derive(Clone, Debug)]
pub struct Kernel {
    stmts: Vec<Stmt>,
    values: usize,
    rows: Vec<Row>,
    /// Pieces by family name, in order (for statistics).
    pieces: Vec<&'static str>,
}

impl Kernel {
    /// What the kernel prints for `row` and the facts this row allows, or why the row is
    /// invalid.
    fn run(&self, mem: &[u8], row: &Row) -> Result<(String, Vec<Fact>), OutOfBounds> {
        let mut m = Machine {
            mem,
            vals: vec![0; self.values],
            facts: vec![Fact::default(); self.values],
            out: String::new(),
        };
        // Value 0 is `%buf`, at offset 0 of itself; then the arguments.
        for (k, v) in row.args().into_iter().enumerate() {
            m.vals[k + 1] = v;
        }
        m.exec(&self.stmts)?;
        Ok((m.out, m.facts))
    }

    /// Keeps each wished flag only where every row allows it and sets each load's alignment.
    fn finish(&mut self, facts: &[Fact]) {
        fn walk(stmts: &mut [Stmt], facts: &[Fact]) {
            for stmt in stmts {
                match stmt {
                    Stmt::Bin {
                        dst, nsw, nuw, op, ..
                    } => {
                        let has = op.has_wrap_flags();
                        nsw.kept = has && nsw.wanted && facts[*dst].nsw;
                        nuw.kept = has && nuw.wanted && facts[*dst].nuw;
                    }
                    Stmt::Gep { dst, inbounds, .. } => {
                        inbounds.kept = inbounds.wanted && facts[*dst].inbounds;
                    }
                    Stmt::Load { dst, ty, align, .. } => *align = facts[*dst].align.min(ty.bytes()),
                    Stmt::If {
                        then_body,
                        else_body,
                        ..
                    } => {
                        walk(then_body, facts);
                        walk(else_body, facts);
                    }
                    _ => {}
                }
            }
        }
        walk(&mut self.stmts, facts);
    }
}

// ---------------------------------------------------------------------------------------------
// Generation

/// 64-bit boundary values for the wide operands.
const I64_EDGES: &[i64] = &[
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i64::MAX - 1,
    -1,
    0,
    1,
    2,
    3,
    -2,
    (1 << 31) - 1,
    1 << 31,
    -(1 << 31),
    -(1 << 31) - 1,
    (1 << 32) - 1,
    1 << 32,
    -(1 << 32),
    1 << 62,
    -(1 << 62),
    0x7FFF_FFFF_0000_0000,
];

const I32_EDGES: &[i32] = &[
    i32::MIN,
    i32::MIN + 1,
    i32::MAX,
    i32::MAX - 1,
    -1,
    0,
    1,
    2,
    -2,
    65_535,
    65_536,
    1 << 30,
    -(1 << 30),
];

fn wide_i64(rng: &mut SplitMix64, tame: bool) -> i64 {
    if tame {
        let v = i64::try_from(rng.below(1 << 21)).expect("below 2^21") - (1 << 20);
        return if rng.percent(50) { v / 1024 } else { v };
    }
    match rng.below(6) {
        0..=2 => *rng.pick(I64_EDGES),
        3 => i64::from_le_bytes(rng.next_u64().to_le_bytes()),
        4 => i64::try_from(rng.below(2000)).expect("below 2000") - 1000,
        _ => {
            let base = *rng.pick(&[i64::MAX, i64::MIN, 1 << 31, 1 << 32, -(1 << 31)]);
            base.wrapping_add(i64::try_from(rng.below(7)).expect("below 7") - 3)
        }
    }
}

fn wide_i32(rng: &mut SplitMix64, tame: bool) -> i32 {
    if tame {
        return i32::try_from(rng.below(1 << 13)).expect("below 2^13") - (1 << 12);
    }
    match rng.below(4) {
        0 | 1 => *rng.pick(I32_EDGES),
        2 => i32::from_le_bytes(
            rng.next_u64().to_le_bytes()[..4]
                .try_into()
                .expect("4 bytes"),
        ),
        _ => i32::try_from(rng.below(2000)).expect("below 2000") - 1000,
    }
}

/// A small index: mostly `0..=10`, sometimes negative, sometimes larger.
fn index_value(rng: &mut SplitMix64) -> i64 {
    match rng.below(100) {
        0..=84 => i64::try_from(rng.below(11)).expect("below 11"),
        85..=94 => -1 - i64::try_from(rng.below(3)).expect("below 3"),
        _ => 11 + i64::try_from(rng.below(20)).expect("below 20"),
    }
}

fn index_i32(rng: &mut SplitMix64) -> i32 {
    i32::try_from(index_value(rng)).expect("small indices fit in i32")
}

fn random_row(rng: &mut SplitMix64, tame: bool) -> Row {
    Row {
        a: wide_i64(rng, tame),
        b: wide_i64(rng, tame),
        s: wide_i64(rng, tame),
        c: wide_i32(rng, tame),
        d: wide_i32(rng, tame),
        x: index_value(rng),
        y: index_value(rng),
        i: index_i32(rng),
        j: index_i32(rng),
        n: if rng.percent(90) {
            1 + i32::try_from(rng.below(10)).expect("below 10")
        } else {
            index_i32(rng)
        },
    }
}

/// Rows every kernel tries first: all zero, all one, wide extremes, largest usual indices.
fn boundary_rows() -> [Row; 4] {
    let zero = Row {
        a: 0,
        b: 0,
        s: 0,
        c: 0,
        d: 0,
        x: 0,
        y: 0,
        i: 0,
        j: 0,
        n: 1,
    };
    [
        zero,
        Row {
            a: 1,
            b: 1,
            s: 1,
            c: 1,
            d: 1,
            x: 1,
            y: 1,
            i: 1,
            j: 1,
            n: 1,
        },
        Row {
            a: i64::MAX,
            b: i64::MIN,
            s: -1,
            c: i32::MAX,
            d: i32::MIN,
            x: 3,
            y: 2,
            i: 2,
            j: 3,
            n: 4,
        },
        Row {
            a: i64::MIN,
            b: -1,
            s: i64::MAX,
            c: i32::MIN,
            d: -1,
            x: 10,
            y: 10,
            i: 10,
            j: 10,
            n: 10,
        },
    ]
}

/// One kernel being generated.
struct Builder<'r> {
    rng: &'r mut SplitMix64,
    options: Options,
    /// The kind of each value id so far.
    kinds: Vec<Kind>,
    /// Values the next statement may use (arguments first; arms truncate it on exit).
    visible: Vec<usize>,
    out: Vec<Stmt>,
    ifs: usize,
    pieces: Vec<&'static str>,
}

/// Parameters shared by the members of one family: `ty`, the base `b` and stride `s`.
#[derive(Clone, Copy, Debug)]
struct Family {
    form: Form,
    ty: Ty,
    b: Opnd,
    s: Opnd,
    /// Nary only: the `c` operands members pick from (by their constant).
    thirds: [Opnd; 2],
}

/// Which half of a nary member to build: both, `a + c` alone (the basis), or `(a + b) + c`
/// alone (the candidate). SLSR members are both at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Both,
    Basis,
    Candidate,
}

/// The SLSR forms, and the nary form `(a + b) + c` after `a + c` (`b` = a, `s` = b there, and
/// the member's constant picks `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Mul,
    Add,
    Gep { base: usize, elem: ElemPick },
    Nary,
}

/// Element types slsr-gep uses (an `Elem` is not `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ElemPick {
    I8,
    I32,
    I64,
    S1,
    S2,
    Quad,
}

impl ElemPick {
    fn elem(self) -> Elem {
        match self {
            ElemPick::I8 => Elem::I8,
            ElemPick::I32 => Elem::I32,
            ElemPick::I64 => Elem::I64,
            ElemPick::S1 => Elem::Struct(Shape::S1),
            ElemPick::S2 => Elem::Struct(Shape::S2),
            ElemPick::Quad => Elem::Array(4, Box::new(Elem::I32)),
        }
    }
}

impl Builder<'_> {
    fn value(&mut self, kind: Kind) -> usize {
        let id = self.kinds.len();
        self.kinds.push(kind);
        self.visible.push(id);
        id
    }

    /// A result's kind: index if every value operand is an index, else wide.
    fn kind_of(&self, ty: Ty, operands: &[Opnd]) -> Kind {
        let all_index = operands.iter().all(|o| match o {
            Opnd::Val(id) => matches!(self.kinds[*id], Kind::Index(_)),
            Opnd::Const(_) => true,
        });
        if all_index {
            Kind::Index(ty)
        } else {
            Kind::Wide(ty)
        }
    }

    /// A binary operation with randomly wished flags.
    fn bin(&mut self, op: BinOp, ty: Ty, l: Opnd, r: Opnd) -> Opnd {
        let nsw = op.has_wrap_flags() && self.rng.percent(55);
        let nuw = op.has_wrap_flags() && self.rng.percent(25);
        self.bin_flags(op, ty, l, r, nsw, nuw)
    }

    fn bin_flags(&mut self, op: BinOp, ty: Ty, l: Opnd, r: Opnd, nsw: bool, nuw: bool) -> Opnd {
        // Results of arithmetic are not small indices (they may be anything): wide.
        let dst = self.value(Kind::Wide(ty));
        self.out.push(Stmt::Bin {
            dst,
            op,
            ty,
            l,
            r,
            nsw: Flag::want(nsw),
            nuw: Flag::want(nuw),
        });
        Opnd::Val(dst)
    }

    fn cast(&mut self, op: CastOp, v: Opnd) -> Opnd {
        if let Opnd::Const(c) = v {
            return Opnd::Const(op.eval(c));
        }
        let (_, to) = op.types();
        let kind = match v {
            // sext and trunc of a small index are small; zext of a negative one is not.
            Opnd::Val(id) if matches!(self.kinds[id], Kind::Index(_)) && op != CastOp::Zext => {
                Kind::Index(to)
            }
            _ => Kind::Wide(to),
        };
        let dst = self.value(kind);
        self.out.push(Stmt::Cast { dst, op, v });
        Opnd::Val(dst)
    }

    fn gep(&mut self, base: usize, elem: Elem, idx: Vec<GepIdx>) -> usize {
        let inbounds = self.rng.percent(85);
        let dst = self.value(Kind::Ptr);
        self.out.push(Stmt::Gep {
            dst,
            base,
            elem,
            idx,
            inbounds: Flag::want(inbounds),
        });
        dst
    }

    /// Loads `ty` from `ptr` and prints it.
    fn load(&mut self, ty: Ty, ptr: usize) {
        let dst = self.value(Kind::Wide(ty));
        self.out.push(Stmt::Load {
            dst,
            ty,
            ptr,
            align: 1,
        });
        self.out.push(Stmt::Emit { ty, v: dst });
    }

    fn emit(&mut self, ty: Ty, v: Opnd) {
        if let Opnd::Val(v) = v {
            self.out.push(Stmt::Emit { ty, v });
        }
    }

    /// Prints `v` with probability `percent`: intermediate values, some left for dead.
    fn maybe_emit(&mut self, ty: Ty, v: Opnd, percent: u64) {
        if self.rng.percent(percent) {
            self.emit(ty, v);
        }
    }

    fn comment(&mut self, text: String) {
        self.out.push(Stmt::Comment(text));
    }

    fn ty(&mut self) -> Ty {
        if self.rng.percent(55) {
            Ty::I64
        } else {
            Ty::I32
        }
    }

    /// A visible value of `kind`, arguments favoured.
    fn pick(&mut self, kind: Kind) -> Opnd {
        let args: Vec<usize> = (1..=ARGS.len())
            .filter(|&id| id != ARG_N && self.kinds[id] == kind)
            .collect();
        let computed: Vec<usize> = self
            .visible
            .iter()
            .copied()
            .filter(|&id| id > ARGS.len() && self.kinds[id] == kind)
            .collect();
        if computed.is_empty() || self.rng.percent(65) {
            // Every kind of integer has arguments (`%n` aside, `i` and `j` are i32 indices).
            return Opnd::Val(*self.rng.pick(&args));
        }
        Opnd::Val(*self.rng.pick(&computed))
    }

    /// A wide operand of `ty`: an argument, a computed value, or a cast.
    fn wide(&mut self, ty: Ty) -> Opnd {
        match (ty, self.rng.below(10)) {
            (Ty::I64, 0) => {
                let v = self.pick(Kind::Wide(Ty::I32));
                let op = if self.rng.percent(50) {
                    CastOp::Sext
                } else {
                    CastOp::Zext
                };
                self.cast(op, v)
            }
            (Ty::I32, 0) => {
                let v = self.pick(Kind::Wide(Ty::I64));
                self.cast(CastOp::Trunc, v)
            }
            (_, 1..=3) => self.pick(Kind::Index(ty)),
            _ => self.pick(Kind::Wide(ty)),
        }
    }

    /// A small index operand of `ty` (for `i64`, also `sext` of an `i32` index).
    fn index(&mut self, ty: Ty) -> Opnd {
        if ty == Ty::I64 && self.rng.percent(30) {
            let v = self.pick(Kind::Index(Ty::I32));
            return self.cast(CastOp::Sext, v);
        }
        self.pick(Kind::Index(ty))
    }

    /// An operand for arithmetic families: an index (flags then tend to survive) or wide.
    fn operand(&mut self, ty: Ty) -> Opnd {
        if self.rng.percent(45) {
            self.index(ty)
        } else {
            self.wide(ty)
        }
    }

    /// Three different arguments of type `ty` (each type has five).
    fn distinct_arguments(&mut self, ty: Ty) -> (Opnd, Opnd, Opnd) {
        let pool: Vec<usize> = (1..=ARGS.len())
            .filter(|&id| matches!(self.kinds[id], Kind::Wide(t) | Kind::Index(t) if t == ty))
            .collect();
        let mut picked: Vec<usize> = Vec::new();
        while picked.len() < 3 {
            let id = *self.rng.pick(&pool);
            if !picked.contains(&id) {
                picked.push(id);
            }
        }
        (
            Opnd::Val(picked[0]),
            Opnd::Val(picked[1]),
            Opnd::Val(picked[2]),
        )
    }

    fn small_const(&mut self) -> i64 {
        match self.rng.below(10) {
            0 => -1 - i64::try_from(self.rng.below(4)).expect("below 4"),
            1 => 0,
            _ => 1 + i64::try_from(self.rng.below(8)).expect("below 8"),
        }
    }

    fn wide_const(&mut self, ty: Ty) -> i64 {
        let v = match self.rng.below(8) {
            0 => 1 << 31,
            1 => i64::from(i32::MAX),
            2 => -1,
            3 => 1 << 40,
            4 => 1000 + i64::try_from(self.rng.below(100_000)).expect("below 1e5"),
            _ => self.small_const(),
        };
        ty.constant(v)
    }

    /// Constants for the members of a family: a run `c, c+1, ...` as an unrolled loop gives,
    /// or a scattered set.
    fn const_run(&mut self) -> Vec<i64> {
        let n = 2 + self.rng.index(4);
        let start = self.small_const();
        if self.rng.percent(60) {
            (0..n)
                .map(|k| start + i64::try_from(k).expect("small"))
                .collect()
        } else {
            let mut cs: Vec<i64> = (0..n).map(|_| self.small_const()).collect();
            cs.dedup();
            cs
        }
    }

    // ----- the pieces

    fn piece(&mut self, depth: u32) {
        match self.rng.below(100) {
            0..=12 => self.slsr_mul(),
            13..=25 => self.slsr_add(),
            26..=39 => self.slsr_gep(),
            40..=53 => self.nary(),
            54..=60 => self.figure5(),
            61..=76 => self.const_offset(),
            77..=85 => self.chain(),
            _ if depth == 0 => self.diamond(),
            _ => self.chain(),
        }
    }

    fn family(&mut self, form: Form) -> Family {
        let ty = match form {
            Form::Gep { .. } => {
                if self.rng.percent(60) {
                    Ty::I64
                } else {
                    Ty::I32
                }
            }
            _ => self.ty(),
        };
        let (b, s) = match form {
            Form::Gep { .. } => (Opnd::Const(0), self.index(ty)),
            _ => (self.operand(ty), self.operand(ty)),
        };
        let thirds = match form {
            Form::Nary => [self.operand(ty), self.operand(ty)],
            _ => [Opnd::Const(0); 2],
        };
        Family {
            form,
            ty,
            b,
            s,
            thirds,
        }
    }

    fn gep_family(&mut self) -> Family {
        let elem = *self.rng.pick(&[
            ElemPick::I32,
            ElemPick::I32,
            ElemPick::I64,
            ElemPick::S1,
            ElemPick::S2,
            ElemPick::Quad,
            ElemPick::I8,
        ]);
        // The base: the buffer, or a pointer into it at a constant or variable offset.
        let base = match self.rng.below(4) {
            0 => {
                let off = 16 * i64::try_from(self.rng.below(8)).expect("below 8");
                self.gep(0, Elem::I8, vec![GepIdx::Val(Ty::I64, Opnd::Const(off))])
            }
            1 => {
                let x = self.index(Ty::I64);
                self.gep(0, Elem::I32, vec![GepIdx::Val(Ty::I64, x)])
            }
            _ => 0,
        };
        self.family(Form::Gep { base, elem })
    }

    /// One member of a family, for constant `c`.
    fn member(&mut self, f: &Family, c: i64) {
        self.member_part(f, c, Part::Both);
    }

    fn member_part(&mut self, f: &Family, c: i64, part: Part) {
        let ty = f.ty;
        let c = ty.constant(c);
        match f.form {
            Form::Mul => {
                // (b + c) * s; c = 0 may be `b * s` itself.
                let t = match self.rng.below(10) {
                    _ if c == 0 && self.rng.percent(50) => f.b,
                    0 | 1 => self.bin(BinOp::Sub, ty, f.b, Opnd::Const(ty.constant(-c))),
                    _ => self.bin(BinOp::Add, ty, f.b, Opnd::Const(c)),
                };
                self.maybe_emit(ty, t, 25);
                let m = if self.rng.percent(80) {
                    self.bin(BinOp::Mul, ty, t, f.s)
                } else {
                    self.bin(BinOp::Mul, ty, f.s, t)
                };
                self.emit(ty, m);
            }
            Form::Add => {
                // b + c * s: `mul s, c`, `shl s, log2 c`, or `s` itself for c = 1.
                let t = if c == 1 && self.rng.percent(40) {
                    f.s
                } else if c > 0 && c.count_ones() == 1 && self.rng.percent(50) {
                    let k = i64::from(c.trailing_zeros());
                    self.bin(BinOp::Shl, ty, f.s, Opnd::Const(k))
                } else {
                    self.bin(BinOp::Mul, ty, f.s, Opnd::Const(c))
                };
                self.maybe_emit(ty, t, 25);
                let y = if self.rng.percent(75) {
                    self.bin(BinOp::Add, ty, f.b, t)
                } else {
                    self.bin(BinOp::Add, ty, t, f.b)
                };
                self.emit(ty, y);
            }
            Form::Gep { base, elem } => {
                // &B[c * s]: the index in i64, or an i32 product through sext, or an i32
                // index the GEP extends itself.
                let c = c.rem_euclid(9);
                let product = if c > 0 && c.count_ones() == 1 && self.rng.percent(40) {
                    let k = i64::from(c.trailing_zeros());
                    self.bin(BinOp::Shl, ty, f.s, Opnd::Const(k))
                } else {
                    self.bin(BinOp::Mul, ty, f.s, Opnd::Const(c))
                };
                let (ity, index) = match ty {
                    Ty::I32 if self.rng.percent(60) => (Ty::I64, self.cast(CastOp::Sext, product)),
                    _ => (ty, product),
                };
                let elem = elem.elem();
                let scalar = elem.scalar();
                let p = if self.rng.percent(70) {
                    self.gep(base, elem, vec![GepIdx::Val(ity, index)])
                } else {
                    let arr = Elem::Array(64, Box::new(elem));
                    let zero = GepIdx::Val(Ty::I64, Opnd::Const(0));
                    self.gep(base, arr, vec![zero, GepIdx::Val(ity, index)])
                };
                self.load(scalar, p);
            }
            Form::Nary => {
                // (a + b) + c after a + c (in a dominating block or not): a = f.b, b = f.s,
                // and c is an operand or constant picked per member.
                let third = match c.rem_euclid(3) {
                    0 => Opnd::Const(ty.constant(c + 7)),
                    1 => f.thirds[0],
                    _ => f.thirds[1],
                };
                if part != Part::Candidate {
                    let ac = self.bin(BinOp::Add, ty, f.b, third);
                    self.emit(ty, ac);
                }
                if part != Part::Basis {
                    let ab = self.bin(BinOp::Add, ty, f.b, f.s);
                    self.maybe_emit(ty, ab, 30);
                    let abc = self.bin(BinOp::Add, ty, ab, third);
                    self.emit(ty, abc);
                }
            }
        }
    }

    fn slsr_mul(&mut self) {
        let f = self.family(Form::Mul);
        self.comment("slsr-mul: (b + c) * s".into());
        self.pieces.push("slsr-mul");
        for c in self.const_run() {
            self.member(&f, c);
        }
    }

    fn slsr_add(&mut self) {
        let f = self.family(Form::Add);
        self.comment("slsr-add: b + c * s".into());
        self.pieces.push("slsr-add");
        for c in self.const_run() {
            self.member(&f, c);
        }
    }

    fn slsr_gep(&mut self) {
        let f = self.gep_family();
        self.comment("slsr-gep: &B[c * s]".into());
        self.pieces.push("slsr-gep");
        for c in self.const_run() {
            self.member(&f, c);
        }
    }

    fn nary(&mut self) {
        self.pieces.push("nary");
        match self.rng.below(10) {
            0..=2 => self.nary_arith(BinOp::Add),
            3 => self.nary_arith(BinOp::Mul),
            4..=6 => self.nary_gep(),
            _ => self.nary_minmax(),
        }
    }

    /// `a op c`, then `(a op b) op c` (operands in either order), maybe twice.
    fn nary_arith(&mut self, op: BinOp) {
        let ty = self.ty();
        self.comment(format!(
            "nary-{}: (a {op:?} b) {op:?} c after a {op:?} c",
            ty.name()
        ));
        let (a, b) = (self.operand(ty), self.operand(ty));
        for _ in 0..1 + self.rng.below(2) {
            let c = if self.rng.percent(20) {
                Opnd::Const(self.wide_const(ty))
            } else {
                self.operand(ty)
            };
            let ac = if self.rng.percent(70) {
                self.bin(op, ty, a, c)
            } else {
                self.bin(op, ty, c, a)
            };
            self.emit(ty, ac);
            if self.rng.percent(30) {
                // Something in between, as real code has.
                self.chain();
            }
            let ab = if self.rng.percent(70) {
                self.bin(op, ty, a, b)
            } else {
                self.bin(op, ty, b, a)
            };
            self.maybe_emit(ty, ab, 30);
            let abc = if self.rng.percent(70) {
                self.bin(op, ty, ab, c)
            } else {
                self.bin(op, ty, c, ab)
            };
            self.emit(ty, abc);
        }
    }

    fn minmax(&mut self, op: MinMax, ty: Ty, l: Opnd, r: Opnd, intrinsic: bool) -> Opnd {
        let dst = self.value(self.kind_of(ty, &[l, r]));
        self.out.push(Stmt::MinMax {
            dst,
            op,
            ty,
            l,
            r,
            intrinsic,
        });
        Opnd::Val(dst)
    }

    fn nary_minmax(&mut self) {
        let ty = self.ty();
        let op = *self.rng.pick(&MinMax::ALL);
        let intrinsic = self.rng.percent(70);
        self.comment(format!(
            "nary-{}: {0}({0}(a, b), c) after {0}(a, c)",
            op.name()
        ));
        // Three different arguments, which SCEV can neither fold nor order: LLVM 16's
        // nary-reassociate never terminates when `op(a, b)` folds in SCEV (see
        // [`Options::degenerate_min_max`]), so such operands come only on request.
        let (a, b, c) = if self.options.degenerate_min_max {
            let (a, c) = (self.operand(ty), self.operand(ty));
            let b = if self.rng.percent(40) {
                a
            } else {
                self.operand(ty)
            };
            (a, b, c)
        } else {
            self.distinct_arguments(ty)
        };
        let ac = self.minmax(op, ty, a, c, intrinsic);
        self.emit(ty, ac);
        let ab = self.minmax(op, ty, a, b, intrinsic);
        self.maybe_emit(ty, ab, 30);
        let abc = if self.rng.percent(70) {
            self.minmax(op, ty, ab, c, intrinsic)
        } else {
            self.minmax(op, ty, c, ab, intrinsic)
        };
        self.emit(ty, abc);
    }

    /// `&A[a]`, then `&A[a + b]` (nary rewrites it to `&(&A[a])[b]`); `i64` indices, `sext` of
    /// an `i32` sum, or an `i32` index.
    fn nary_gep(&mut self) {
        let elem = *self
            .rng
            .pick(&[ElemPick::I32, ElemPick::I64, ElemPick::I32]);
        self.comment("nary-gep: &A[a + b] after &A[a]".into());
        let (elem, scalar) = (elem.elem(), elem.elem().scalar());
        match self.rng.below(3) {
            0 => {
                let (a, b) = (self.index(Ty::I64), self.index(Ty::I64));
                let p1 = self.gep(0, elem.clone(), vec![GepIdx::Val(Ty::I64, a)]);
                self.load(scalar, p1);
                let ab = self.bin(BinOp::Add, Ty::I64, a, b);
                let p2 = self.gep(0, elem, vec![GepIdx::Val(Ty::I64, ab)]);
                self.load(scalar, p2);
            }
            1 => {
                let (a, b) = (self.index(Ty::I32), self.index(Ty::I32));
                let ae = self.cast(CastOp::Sext, a);
                let p1 = self.gep(0, elem.clone(), vec![GepIdx::Val(Ty::I64, ae)]);
                self.load(scalar, p1);
                let nsw = self.rng.percent(80);
                let ab = self.bin_flags(BinOp::Add, Ty::I32, a, b, nsw, false);
                let abe = self.cast(CastOp::Sext, ab);
                let p2 = self.gep(0, elem, vec![GepIdx::Val(Ty::I64, abe)]);
                self.load(scalar, p2);
            }
            _ => {
                let (a, b) = (self.index(Ty::I32), self.index(Ty::I32));
                let p1 = self.gep(0, elem.clone(), vec![GepIdx::Val(Ty::I32, a)]);
                self.load(scalar, p1);
                let nsw = self.rng.percent(80);
                let ab = self.bin_flags(BinOp::Add, Ty::I32, a, b, nsw, false);
                let p2 = self.gep(0, elem, vec![GepIdx::Val(Ty::I32, ab)]);
                self.load(scalar, p2);
            }
        }
    }

    /// The paper's Figure 5: `for b, c in 0..3: sum += a[(c + y) + (b + x) * n]`, unrolled.
    fn figure5(&mut self) {
        self.pieces.push("figure5");
        let ty = if self.rng.percent(50) {
            Ty::I64
        } else {
            Ty::I32
        };
        self.comment(format!(
            "figure5 ({}): &a[(c + y) + (b + x) * n]",
            ty.name()
        ));
        // x and y: two different index arguments (`%x %y`, `%i %j`, or `sext` of the latter).
        let (x, y) = match ty {
            Ty::I64 if self.rng.percent(70) => (Opnd::Val(ARG_X), Opnd::Val(ARG_X + 1)),
            Ty::I64 => {
                let x = self.cast(CastOp::Sext, Opnd::Val(ARG_I));
                let y = self.cast(CastOp::Sext, Opnd::Val(ARG_I + 1));
                (x, y)
            }
            Ty::I32 => (Opnd::Val(ARG_I), Opnd::Val(ARG_I + 1)),
        };
        let (x, y) = if self.rng.percent(50) { (y, x) } else { (x, y) };
        let n = match ty {
            Ty::I32 => Opnd::Val(ARG_N),
            Ty::I64 => self.cast(CastOp::Sext, Opnd::Val(ARG_N)),
        };
        let shared = self.rng.percent(50);
        let nsw = self.rng.percent(80);
        let two_index = self.rng.percent(30);
        let mut sum: Option<Opnd> = None;
        let row = |this: &mut Self, b: i64| {
            let xb = if b == 0 && this.rng.percent(50) {
                x
            } else {
                this.bin_flags(BinOp::Add, ty, x, Opnd::Const(b), nsw, false)
            };
            this.bin_flags(BinOp::Mul, ty, xb, n, nsw, false)
        };
        for b in 0..3 {
            let mut m = row(self, b);
            for c in 0..3 {
                if !shared && c > 0 {
                    m = row(self, b);
                }
                let yc = if c == 0 && self.rng.percent(50) {
                    y
                } else {
                    self.bin_flags(BinOp::Add, ty, y, Opnd::Const(c), nsw, false)
                };
                let idx = self.bin_flags(BinOp::Add, ty, yc, m, nsw, false);
                let (ity, idx) = match ty {
                    Ty::I32 if self.rng.percent(70) => (Ty::I64, self.cast(CastOp::Sext, idx)),
                    _ => (ty, idx),
                };
                let p = if two_index {
                    let zero = GepIdx::Val(Ty::I64, Opnd::Const(0));
                    let arr = Elem::Array(1024, Box::new(Elem::I32));
                    self.gep(0, arr, vec![zero, GepIdx::Val(ity, idx)])
                } else {
                    self.gep(0, Elem::I32, vec![GepIdx::Val(ity, idx)])
                };
                let v = self.value(Kind::Wide(Ty::I32));
                self.out.push(Stmt::Load {
                    dst: v,
                    ty: Ty::I32,
                    ptr: p,
                    align: 1,
                });
                self.maybe_emit(Ty::I32, Opnd::Val(v), 70);
                sum = Some(match sum {
                    None => Opnd::Val(v),
                    Some(s) => self.bin_flags(BinOp::Add, Ty::I32, s, Opnd::Val(v), false, false),
                });
            }
        }
        if let Some(s) = sum {
            self.emit(Ty::I32, s);
        }
    }

    /// GEPs whose index is a shared variable part plus a constant.
    fn const_offset(&mut self) {
        self.pieces.push("const-offset");
        let variant = self.rng.below(13);
        self.comment(format!("const-offset variant {variant}"));
        let n = 2 + self.rng.below(3);
        let start = i64::try_from(self.rng.below(6)).expect("below 6");
        let x = self.index(Ty::I64);
        let y = self.index(Ty::I64);
        let i = self.index(Ty::I32);
        let k = 1 + i64::try_from(self.rng.below(3)).expect("below 3");
        // A variable part shared by the members (in some variants).
        let shifted = self.bin(BinOp::Shl, Ty::I64, x, Opnd::Const(k));
        for m in 0..n {
            let c = start + i64::try_from(m).expect("small");
            let (elem, idx): (Elem, Vec<GepIdx>) = match variant {
                // a[x + c]
                0 => {
                    let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                }
                // a[(x << k) | c], c < 2^k: an add in disguise
                1 => {
                    let c = c % (1 << k);
                    let v = self.bin(BinOp::Or, Ty::I64, shifted, Opnd::Const(c));
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                }
                // a[sext(i +nsw c)]
                2 => {
                    let v = self.bin_flags(BinOp::Add, Ty::I32, i, Opnd::Const(c), true, false);
                    let e = self.cast(CastOp::Sext, v);
                    (Elem::I64, vec![GepIdx::Val(Ty::I64, e)])
                }
                // a[zext(i +nuw c)]
                3 => {
                    let v = self.bin_flags(BinOp::Add, Ty::I32, i, Opnd::Const(c), false, true);
                    let e = self.cast(CastOp::Zext, v);
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, e)])
                }
                // a[(x + c) + y]
                4 => {
                    let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                    let w = self.bin(BinOp::Add, Ty::I64, v, y);
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, w)])
                }
                // (a + 64)[x - c]
                5 => {
                    let v = self.bin(BinOp::Sub, Ty::I64, x, Opnd::Const(c));
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                }
                // m[x + c][y + c']: a 16 x 16 matrix
                6 => {
                    let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                    let w = self.bin(BinOp::Add, Ty::I64, y, Opnd::Const(2 * c + 1));
                    let row = Elem::Array(16, Box::new(Elem::I32));
                    let zero = GepIdx::Val(Ty::I64, Opnd::Const(0));
                    (
                        Elem::Array(16, Box::new(row)),
                        vec![zero, GepIdx::Val(Ty::I64, v), GepIdx::Val(Ty::I64, w)],
                    )
                }
                // s[x + c].field
                7 => {
                    let shape = if self.rng.percent(50) {
                        Shape::S1
                    } else {
                        Shape::S2
                    };
                    let field =
                        u32::try_from(self.rng.index(shape.fields().len())).expect("few fields");
                    let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                    let zero = GepIdx::Val(Ty::I64, Opnd::Const(0));
                    let arr = Elem::Array(32, Box::new(Elem::Struct(shape)));
                    (
                        arr,
                        vec![zero, GepIdx::Val(Ty::I64, v), GepIdx::Field(field)],
                    )
                }
                // a[x | c]: not an add unless x's low bits are known zero
                8 => {
                    let v = self.bin(BinOp::Or, Ty::I64, x, Opnd::Const(c));
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                }
                // a[(x + c) << k] and a[(x + c) * 3]
                9 => {
                    let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                    let w = if self.rng.percent(50) {
                        self.bin(BinOp::Shl, Ty::I64, v, Opnd::Const(k))
                    } else {
                        self.bin(BinOp::Mul, Ty::I64, v, Opnd::Const(3))
                    };
                    (Elem::I32, vec![GepIdx::Val(Ty::I64, w)])
                }
                // a[i32 (i + c)]: the GEP sign-extends an i32 index itself
                10 => {
                    let v = self.bin(BinOp::Add, Ty::I32, i, Opnd::Const(c));
                    (Elem::I64, vec![GepIdx::Val(Ty::I32, v)])
                }
                // a[sext(trunc(x + c))] and a[zext(trunc(x) + c)]
                11 => {
                    if self.rng.percent(50) {
                        let v = self.bin(BinOp::Add, Ty::I64, x, Opnd::Const(c));
                        let t = self.cast(CastOp::Trunc, v);
                        let e = self.cast(CastOp::Sext, t);
                        (Elem::I32, vec![GepIdx::Val(Ty::I64, e)])
                    } else {
                        let t = self.cast(CastOp::Trunc, x);
                        let v = self.bin(BinOp::Add, Ty::I32, t, Opnd::Const(c));
                        let e = self.cast(CastOp::Zext, v);
                        (Elem::I32, vec![GepIdx::Val(Ty::I64, e)])
                    }
                }
                // a[sext(i) + c] and a[c + sext(i -nsw d)]
                _ => {
                    let e = self.cast(CastOp::Sext, i);
                    if self.rng.percent(50) {
                        let v = self.bin(BinOp::Add, Ty::I64, e, Opnd::Const(c));
                        (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                    } else {
                        let d = self.bin(BinOp::Sub, Ty::I32, i, Opnd::Const(c));
                        let de = self.cast(CastOp::Sext, d);
                        let v = self.bin(BinOp::Add, Ty::I64, Opnd::Const(c + 4), de);
                        (Elem::I32, vec![GepIdx::Val(Ty::I64, v)])
                    }
                }
            };
            // Variant 5 starts 64 bytes into the buffer, so x - c stays in it.
            let base = if variant == 5 {
                self.gep(0, Elem::I8, vec![GepIdx::Val(Ty::I64, Opnd::Const(64))])
            } else {
                0
            };
            let scalar = {
                // What the last index points at.
                let mut cur = elem.clone();
                for (at, index) in idx.iter().enumerate().skip(1) {
                    cur = match (index, cur) {
                        (GepIdx::Val(..), Elem::Array(_, inner)) => *inner,
                        (GepIdx::Field(f), Elem::Struct(s)) => {
                            Elem::of(s.fields()[usize::try_from(*f).expect("few")].1)
                        }
                        (_, other) => unreachable!("slgen: index {at} into {other:?}"),
                    };
                }
                cur.scalar()
            };
            let p = self.gep(base, elem, idx);
            self.load(scalar, p);
        }
    }

    /// A random expression tree, printed.
    fn chain(&mut self) {
        self.pieces.push("chain");
        let ty = self.ty();
        self.comment(format!("chain ({})", ty.name()));
        let depth = 1 + self.rng.below(3);
        let v = self.expr(ty, depth);
        self.emit(ty, v);
    }

    fn expr(&mut self, ty: Ty, depth: u64) -> Opnd {
        if depth == 0 || self.rng.percent(20) {
            return if self.rng.percent(15) {
                Opnd::Const(self.wide_const(ty))
            } else {
                self.operand(ty)
            };
        }
        match self.rng.below(10) {
            0 => {
                let (op, from) = match ty {
                    Ty::I64 if self.rng.percent(50) => (CastOp::Sext, Ty::I32),
                    Ty::I64 => (CastOp::Zext, Ty::I32),
                    Ty::I32 => (CastOp::Trunc, Ty::I64),
                };
                let inner = self.expr(from, depth - 1);
                match inner {
                    Opnd::Const(_) => inner_const(ty, op, inner),
                    _ => self.cast(op, inner),
                }
            }
            1 => {
                let l = self.expr(ty, depth - 1);
                let bits = usize::try_from(ty.bits()).expect("small");
                let k = i64::try_from(self.rng.index(bits)).expect("small");
                self.maybe_const_bin(BinOp::Shl, ty, l, Opnd::Const(k))
            }
            r => {
                let op = match r {
                    2..=4 => BinOp::Add,
                    5 => BinOp::Sub,
                    6 | 7 => BinOp::Mul,
                    8 => BinOp::And,
                    _ => *self.rng.pick(&[BinOp::Or, BinOp::Xor]),
                };
                let l = self.expr(ty, depth - 1);
                let r = if self.rng.percent(40) {
                    Opnd::Const(self.wide_const(ty))
                } else {
                    self.expr(ty, depth - 1)
                };
                self.maybe_const_bin(op, ty, l, r)
            }
        }
    }

    /// `bin`, except that two constants fold here (no constant-only instructions).
    fn maybe_const_bin(&mut self, op: BinOp, ty: Ty, l: Opnd, r: Opnd) -> Opnd {
        match (l, r) {
            (Opnd::Const(a), Opnd::Const(b)) => Opnd::Const(op.eval(ty, a, b).value),
            _ => {
                let v = self.bin(op, ty, l, r);
                self.maybe_emit(ty, v, 30);
                v
            }
        }
    }

    /// Runs `body` as an arm: what it defines is not visible afterwards.
    fn arm(&mut self, body: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        let saved = std::mem::take(&mut self.out);
        let visible = self.visible.len();
        body(self);
        self.visible.truncate(visible);
        std::mem::replace(&mut self.out, saved)
    }

    /// An if/else; members of one family go before it, into its arms and after the join.
    fn diamond(&mut self) {
        self.pieces.push("diamond");
        let id = self.ifs;
        self.ifs += 1;
        let f = match self.rng.below(5) {
            0 => self.family(Form::Mul),
            1 => self.family(Form::Add),
            2 => self.gep_family(),
            _ => self.family(Form::Nary),
        };
        self.comment(format!(
            "diamond {id}: {:?} members before, in the arms, after",
            f.form
        ));
        let cty = self.ty();
        let l = self.operand(cty);
        let r = if self.rng.percent(60) {
            Opnd::Const(cty.constant(self.small_const() + 3))
        } else {
            self.operand(cty)
        };
        let pred = *self.rng.pick(&Pred::ALL);
        let mut consts = self.const_run();
        consts.extend(self.const_run());
        let parts: Vec<Vec<i64>> = {
            let mut p = vec![Vec::new(); 4];
            for c in consts {
                p[self.rng.index(4)].push(c);
            }
            p
        };
        for &c in &parts[0] {
            self.member(&f, c);
        }
        // Nary: bases in the arms, candidates after the join (not dominated by them).
        let (in_arm, after_join) = if f.form == Form::Nary {
            (Part::Basis, Part::Candidate)
        } else {
            (Part::Both, Part::Both)
        };
        let then_body = self.arm(|b| {
            for &c in &parts[1] {
                b.member_part(&f, c, in_arm);
            }
            if b.rng.percent(30) {
                b.piece(1);
            }
        });
        let else_body = self.arm(|b| {
            for &c in &parts[2] {
                b.member_part(&f, c, in_arm);
            }
        });
        self.out.push(Stmt::If {
            id,
            pred,
            ty: cty,
            l,
            r,
            then_body,
            else_body,
        });
        // After the join: also the constants of the arms again (their bases do not dominate).
        let after: Vec<i64> = parts[3]
            .iter()
            .chain(&parts[1])
            .chain(&parts[2])
            .copied()
            .collect();
        for c in after {
            self.member_part(&f, c, after_join);
        }
    }
}

fn inner_const(ty: Ty, op: CastOp, c: Opnd) -> Opnd {
    match c {
        Opnd::Const(v) => Opnd::Const(ty.constant(op.eval(v))),
        v => v,
    }
}

/// Kernels that keep fewer rows than this are redrawn.
const MIN_ROWS: usize = 6;
/// Row draws per wanted row before giving up on a kernel.
const ROW_ATTEMPTS: usize = 20;
/// Redraws of a kernel before falling back to a kernel without loads.
const KERNEL_ATTEMPTS: usize = 40;

fn kernel(rng: &mut SplitMix64, mem: &[u8], options: Options) -> Kernel {
    let wanted = 8 + rng.index(6);
    let tame = rng.percent(35);
    for attempt in 0..=KERNEL_ATTEMPTS {
        let mut b = Builder {
            rng: &mut *rng,
            options,
            kinds: std::iter::once(Kind::Ptr)
                .chain(ARGS.iter().map(|&(_, k)| k))
                .collect(),
            visible: (0..=ARGS.len()).collect(),
            out: Vec::new(),
            ifs: 0,
            pieces: Vec::new(),
        };
        if attempt < KERNEL_ATTEMPTS {
            let n = 3 + b.rng.below(4);
            for _ in 0..n {
                b.piece(0);
            }
        } else {
            b.chain();
        }
        let mut k = Kernel {
            stmts: b.out,
            values: b.kinds.len(),
            rows: Vec::new(),
            pieces: b.pieces,
        };
        let mut facts = vec![Fact::default(); k.values];
        let candidates = boundary_rows()
            .into_iter()
            .chain(std::iter::repeat_with(|| random_row(rng, tame)))
            .take(wanted * ROW_ATTEMPTS);
        for row in candidates {
            if let Ok((_, f)) = k.run(mem, &row) {
                for (all, one) in facts.iter_mut().zip(f) {
                    all.meet(one);
                }
                k.rows.push(row);
                if k.rows.len() == wanted {
                    break;
                }
            }
        }
        if k.rows.len() >= MIN_ROWS {
            k.finish(&facts);
            return k;
        }
    }
    unreachable!("slgen: a kernel without loads accepts every row")
}

// ---------------------------------------------------------------------------------------------
// Programs

/// Forms left out by default because LLVM 16's own passes fail on them (so a run with the
/// upstream twins would fail for upstream's sake, not ours).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// nary min/max pieces `op(op(a, b), c)` after `op(a, c)` whose operands are any values,
    /// the same one twice included, not only three different arguments. LLVM 16's
    /// `nary-reassociate` never terminates when SCEV folds `op(a, b)` to one of its operands:
    /// `smax(smax(a, a), c)` after `smax(a, c)`, or `umax(umax(z, n), y)` after `umax(z, y)`
    /// where `z = mul x, 0` (SCEV: `umax(0, n)` is `n`). llvm/llvm-project#56335 (open) is
    /// the same family of hang.
    pub degenerate_min_max: bool,
}

/// A generated program: kernels with their rows. Render it, run it, compare.
#[derive(Clone, Debug)]
pub struct Program {
    pub seed: u64,
    kernels: Vec<Kernel>,
}

const ROW_FORMAT: &str = "k%d r%lld a=%lld b=%lld s=%lld c=%d d=%d x=%lld y=%lld i=%d j=%d n=%d\n";
const FORMAT64: &str = "%lld\n";
const FORMAT32: &str = "%d\n";

impl Program {
    /// The program for `seed`, with the default [`Options`]; a pure function of the seed.
    pub fn generate(seed: u64) -> Program {
        Program::generate_with(seed, Options::default())
    }

    /// The program for `seed` and `options`.
    pub fn generate_with(seed: u64, options: Options) -> Program {
        let mem = init_bytes();
        // A different stream from divgen's for the same seed.
        let mut rng = SplitMix64::new(seed ^ 0x51_6E5E_ED00);
        let count = 2 + rng.below(3);
        let kernels = (0..count)
            .map(|_| kernel(&mut rng, &mem, options))
            .collect();
        Program { seed, kernels }
    }

    /// Number of kernels.
    pub fn kernels(&self) -> usize {
        self.kernels.len()
    }

    /// Whether some min/max has the same operand twice, the surest of the forms
    /// [`Options::degenerate_min_max`] adds.
    pub fn has_min_max_of_one_value(&self) -> bool {
        fn walk(stmts: &[Stmt]) -> bool {
            stmts.iter().any(|s| match s {
                Stmt::MinMax { l, r, .. } => l == r,
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => walk(then_body) || walk(else_body),
                _ => false,
            })
        }
        self.kernels.iter().any(|k| walk(&k.stmts))
    }

    /// Kernel calls at run time.
    pub fn rows(&self) -> usize {
        self.kernels.iter().map(|k| k.rows.len()).sum()
    }

    /// The pieces of every kernel, by family name.
    pub fn pieces(&self) -> Vec<&'static str> {
        self.kernels
            .iter()
            .flat_map(|k| k.pieces.iter().copied())
            .collect()
    }

    /// Exactly what the program prints on stdout, computed here with LLVM's semantics.
    pub fn expected_output(&self) -> String {
        let mem = init_bytes();
        let mut out = String::new();
        for (k, kernel) in self.kernels.iter().enumerate() {
            for (r, row) in kernel.rows.iter().enumerate() {
                let Row {
                    a,
                    b,
                    s,
                    c,
                    d,
                    x,
                    y,
                    i,
                    j,
                    n,
                } = row;
                writeln!(
                    out,
                    "k{k} r{r} a={a} b={b} s={s} c={c} d={d} x={x} y={y} i={i} j={j} n={n}"
                )
                .expect("writing to a String cannot fail");
                let (printed, _) = kernel
                    .run(&mem, row)
                    .expect("slgen: rows were kept only if they stay in the buffer");
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
    /// parameter order: the inputs known to stay in the buffer (the poison check starts from
    /// them).
    pub fn batch_rows(&self) -> Vec<(String, Vec<Vec<i128>>)> {
        self.kernels
            .iter()
            .enumerate()
            .map(|(k, kernel)| {
                let rows = kernel
                    .rows
                    .iter()
                    .map(|r| r.args().iter().map(|&v| i128::from(v)).collect())
                    .collect();
                (format!("{}{k}", self.kernel_prefix()), rows)
            })
            .collect()
    }

    /// The symbol prefix of this program inside a batch.
    pub fn prefix(&self) -> String {
        irtext::batch_prefix(self.seed)
    }

    /// The prefix of this program's kernels inside a batch (not its `run`).
    pub fn kernel_prefix(&self) -> String {
        format!("p{}.k", self.seed)
    }
}

/// Several programs in one module, run one after another by its `@main`, which prints
/// `program <seed>` before each. Program `p`'s symbols carry [`Program::prefix`].
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
    ir.out.header("slgen", &seeds, batch, triple, datalayout);
    ir.line(format_args!("%struct.s1 = type {{ i32, i32, i64 }}"));
    ir.line(format_args!("%struct.s2 = type {{ i64, i32 }}"));
    ir.line(format_args!(""));
    ir.out.formats(&[
        ("fmt.64", FORMAT64),
        ("fmt.32", FORMAT32),
        ("fmt.row", ROW_FORMAT),
    ]);
    let words: Vec<String> = (0..BUF_WORDS)
        .map(|w| format!("i32 {}", i32::from_le_bytes(init_word(w).to_le_bytes())))
        .collect();
    ir.line(format_args!(
        "@init = private unnamed_addr constant [{BUF_WORDS} x i32] [{}], align 16",
        words.join(", ")
    ));
    let prefix = |p: &Program| irtext::symbol_prefix(p.seed, batch);
    for p in programs {
        ir.tables(&prefix(p), &p.kernels);
    }
    ir.line(format_args!(""));
    ir.out.declare_stdio();
    ir.line(format_args!(
        "declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, \
         ptr noalias nocapture readonly, i64, i1 immarg)"
    ));
    for op in MinMax::ALL {
        for ty in [Ty::I32, Ty::I64] {
            let (o, t) = (op.name(), ty.name());
            ir.line(format_args!("declare {t} @llvm.{o}.{t}({t}, {t})"));
        }
    }
    for (ty, fmt) in [(Ty::I64, "fmt.64"), (Ty::I32, "fmt.32")] {
        let name = format!("emit{}", ty.bits());
        ir.out.print_function(&name, ty.name(), fmt);
    }
    ir.line(format_args!(""));
    ir.run_kernel();
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

/// Text output for one module.
#[derive(Default)]
struct Ir {
    out: ModuleText,
}

fn value_name(id: usize) -> String {
    match id {
        0 => "%buf".to_string(),
        k if k <= ARGS.len() => format!("%{}", ARGS[k - 1].0),
        k => format!("%v{k}"),
    }
}

fn opnd(o: Opnd) -> String {
    match o {
        Opnd::Val(id) => value_name(id),
        Opnd::Const(c) => c.to_string(),
    }
}

impl Ir {
    /// Appends one line to the module ([`ModuleText::line`]).
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.out.line(args);
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Comment(text) => self.line(format_args!("  ; {text}")),
            Stmt::Bin {
                dst,
                op,
                ty,
                l,
                r,
                nsw,
                nuw,
            } => {
                let mut flags = String::new();
                if nuw.kept {
                    flags.push_str(" nuw");
                }
                if nsw.kept {
                    flags.push_str(" nsw");
                }
                self.line(format_args!(
                    "  {} = {}{flags} {} {}, {}",
                    value_name(*dst),
                    op.mnemonic(),
                    ty.name(),
                    opnd(*l),
                    opnd(*r)
                ));
            }
            Stmt::Cast { dst, op, v } => {
                let (from, to) = op.types();
                self.line(format_args!(
                    "  {} = {} {} {} to {}",
                    value_name(*dst),
                    op.mnemonic(),
                    from.name(),
                    opnd(*v),
                    to.name()
                ));
            }
            Stmt::MinMax {
                dst,
                op,
                ty,
                l,
                r,
                intrinsic,
            } => {
                let (d, t, l, r) = (value_name(*dst), ty.name(), opnd(*l), opnd(*r));
                if *intrinsic {
                    self.line(format_args!(
                        "  {d} = call {t} @llvm.{}.{t}({t} {l}, {t} {r})",
                        op.name()
                    ));
                } else {
                    self.line(format_args!("  {d}.c = icmp {} {t} {l}, {r}", op.pred()));
                    self.line(format_args!("  {d} = select i1 {d}.c, {t} {l}, {t} {r}"));
                }
            }
            Stmt::Gep {
                dst,
                base,
                elem,
                idx,
                inbounds,
            } => {
                let indices: Vec<String> = idx
                    .iter()
                    .map(|i| match i {
                        GepIdx::Val(ty, o) => format!("{} {}", ty.name(), opnd(*o)),
                        GepIdx::Field(f) => format!("i32 {f}"),
                    })
                    .collect();
                self.line(format_args!(
                    "  {} = getelementptr{} {}, ptr {}, {}",
                    value_name(*dst),
                    if inbounds.kept { " inbounds" } else { "" },
                    elem.render(),
                    value_name(*base),
                    indices.join(", ")
                ));
            }
            Stmt::Load {
                dst,
                ty,
                ptr,
                align,
            } => self.line(format_args!(
                "  {} = load {}, ptr {}, align {align}",
                value_name(*dst),
                ty.name(),
                value_name(*ptr)
            )),
            Stmt::Emit { ty, v } => self.line(format_args!(
                "  call void @emit{}({} {})",
                ty.bits(),
                ty.name(),
                value_name(*v)
            )),
            Stmt::If {
                id,
                pred,
                ty,
                l,
                r,
                then_body,
                else_body,
            } => {
                self.line(format_args!(
                    "  %if{id}.c = icmp {} {} {}, {}",
                    pred.mnemonic(),
                    ty.name(),
                    opnd(*l),
                    opnd(*r)
                ));
                self.line(format_args!(
                    "  br i1 %if{id}.c, label %if{id}.then, label %if{id}.else"
                ));
                self.line(format_args!("if{id}.then:"));
                self.stmts(then_body);
                self.line(format_args!("  br label %if{id}.end"));
                self.line(format_args!("if{id}.else:"));
                self.stmts(else_body);
                self.line(format_args!("  br label %if{id}.end"));
                self.line(format_args!("if{id}.end:"));
            }
        }
    }

    fn kernel(&mut self, prefix: &str, k: usize, kernel: &Kernel) {
        let params: Vec<String> = ARGS
            .iter()
            .map(|(name, kind)| {
                let ty = match kind {
                    Kind::Wide(t) | Kind::Index(t) => t.name(),
                    Kind::Ptr => "ptr",
                };
                format!("{ty} %{name}")
            })
            .collect();
        self.line(format_args!(
            "define void @{prefix}k{k}({}) noinline {{",
            params.join(", ")
        ));
        self.line(format_args!("entry:"));
        self.line(format_args!("  %buf = alloca [{BUF_BYTES} x i8], align 16"));
        self.line(format_args!(
            "  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %buf, ptr align 16 @init, \
             i64 {BUF_BYTES}, i1 false)"
        ));
        self.stmts(&kernel.stmts);
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }

    /// Each kernel's rows as one mutable table `@<prefix>k<k>.rows` of `i64` (the `i32`
    /// arguments sign-extended).
    fn tables(&mut self, prefix: &str, kernels: &[Kernel]) {
        for (k, kernel) in kernels.iter().enumerate() {
            let rows: Vec<String> = kernel
                .rows
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r.args().iter().map(|v| format!("i64 {v}")).collect();
                    format!("[{} x i64] [{}]", ARGS.len(), cells.join(", "))
                })
                .collect();
            self.line(format_args!(
                "@{prefix}k{k}.rows = global [{} x [{} x i64]] [{}], align 8",
                kernel.rows.len(),
                ARGS.len(),
                rows.join(", ")
            ));
        }
    }

    /// `@run.kernel(k, rows, n, kernel)`, shared by every kernel of the module: a loop over the
    /// `n` rows of the table, read with `load volatile` so no compiler can fold the kernel's
    /// work away. Each row prints its arguments, calls the kernel (indirectly: the kernels stay
    /// as generated) and flushes stdout, so a crash cuts the output right after the last good
    /// row.
    fn run_kernel(&mut self) {
        self.line(format_args!(
            "define void @run.kernel(i32 %k, ptr %rows, i64 %n, ptr %kernel) noinline {{"
        ));
        self.line(format_args!("entry:"));
        self.line(format_args!("  br label %row"));
        self.line(format_args!("row:"));
        self.line(format_args!(
            "  %r = phi i64 [ 0, %entry ], [ %next, %row ]"
        ));
        let mut args = Vec::new();
        for (col, (name, kind)) in ARGS.iter().enumerate() {
            self.line(format_args!(
                "  %p.{name} = getelementptr inbounds [{} x i64], ptr %rows, i64 %r, i64 {col}",
                ARGS.len()
            ));
            self.line(format_args!(
                "  %w.{name} = load volatile i64, ptr %p.{name}, align 8"
            ));
            match kind {
                Kind::Wide(Ty::I32) | Kind::Index(Ty::I32) => {
                    self.line(format_args!("  %a.{name} = trunc i64 %w.{name} to i32"));
                    args.push(format!("i32 %a.{name}"));
                }
                _ => args.push(format!("i64 %w.{name}")),
            }
        }
        let args = args.join(", ");
        self.line(format_args!(
            "  %printed = call i32 (ptr, ...) @printf(ptr @fmt.row, i32 %k, i64 %r, {args})"
        ));
        self.line(format_args!("  call void %kernel({args})"));
        self.line(format_args!("  %flushed = call i32 @fflush(ptr null)"));
        self.line(format_args!("  %next = add i64 %r, 1"));
        self.line(format_args!("  %more = icmp ult i64 %next, %n"));
        self.line(format_args!("  br i1 %more, label %row, label %exit"));
        self.line(format_args!("exit:"));
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }

    /// `@<prefix>run`: each kernel over its rows, through `@run.kernel`.
    fn run(&mut self, prefix: &str, kernels: &[Kernel]) {
        self.line(format_args!("define void @{prefix}run() {{"));
        for (k, kernel) in kernels.iter().enumerate() {
            self.line(format_args!(
                "  call void @run.kernel(i32 {k}, ptr @{prefix}k{k}.rows, i64 {}, ptr @{prefix}k{k})",
                kernel.rows.len()
            ));
        }
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }
}
