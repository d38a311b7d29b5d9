//! Seeded generator of host-executable programs full of GEP index arithmetic, with an oracle.
//!
//! For `gpucc-separate-const-offset-from-gep` the interesting code is the index: constants
//! under `add`/`sub`/`or`, behind `sext`/`zext`/`trunc`, with and without `nsw`/`nuw`, in
//! inbounds GEPs and not, on a global or on an argument. A program is a set of functions
//! ```text
//!   define i64 @g3_1(i32 %a, i32 %b, i64 %c, i64 %d, ptr %p) {
//!     %t1 = sext i32 %b to i64
//!     %t2 = add nsw i64 %t1, 5
//!     %t3 = getelementptr inbounds [16 x float], ptr %p, i64 %t2, i32 %a
//!     ... ret (ptrtoint %t3) - (ptrtoint %p)
//! ```
//! each called by `@main` on argument rows (boundary values such as `INT32_MAX`, `2^32`,
//! `INT64_MIN`, mixed with small random ones), printing `<function> <byte offset>`.
//!
//! Every function is evaluated here with LLVM's semantics: a row on which a flagged operation
//! wraps (poison) or an inbounds GEP leaves its object (poison: the base is the middle of a
//! 2 MiB buffer, or its start for GEPs on `@gbuf` itself) is dropped, so the program has no
//! poison, and the same evaluation gives the exact output `lli` must print ([`expected`]).
//!
//! Everything is drawn from `SplitMix64` seeded by the program's seed: same seed, same bytes.

#![allow(dead_code)]

use crate::divgen::SplitMix64;
use std::fmt::Write as _;

/// Size of `@gbuf`, the object every GEP points into.
const BUF: i128 = 1 << 21;

/// The functions' integer arguments: name and width.
const ARGS: [(&str, u32); 4] = [("%a", 32), ("%b", 32), ("%c", 64), ("%d", 64)];

/// Boundary values per width, mixed into the argument rows.
const SPECIAL32: [i128; 12] = [
    0,
    1,
    -1,
    2,
    5,
    127,
    128,
    255,
    65535,
    2_147_483_646,
    2_147_483_647,
    -2_147_483_648,
];
const SPECIAL64: [i128; 10] = [
    0,
    1,
    -1,
    1000,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    9_223_372_036_854_775_807,
    -9_223_372_036_854_775_808,
];

/// GEP source types: (type, size in bytes, strides of the inner indices).
const TYPES: [(&str, i128, &[i128]); 4] = [
    ("float", 4, &[]),
    ("[16 x float]", 64, &[4]),
    ("[8 x [16 x i32]]", 512, &[64, 4]),
    ("i64", 8, &[]),
];

/// `v` read as a signed `width`-bit number.
fn signed(v: i128, width: u32) -> i128 {
    let shift = 128 - width;
    (v << shift) >> shift
}

/// `v`'s low `width` bits read as unsigned.
fn unsigned(v: i128, width: u32) -> i128 {
    v & ((1i128 << width) - 1)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Or,
    Shl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cast {
    SExt,
    ZExt,
    Trunc,
}

/// An index expression; values are kept as signed numbers of their width.
#[derive(Clone, Debug)]
enum Expr {
    Arg(usize),
    Const(u32, i128),
    Cast(Cast, u32, Box<Expr>),
    Bin {
        op: Op,
        nsw: bool,
        nuw: bool,
        width: u32,
        a: Box<Expr>,
        b: Box<Expr>,
    },
}

impl Expr {
    fn width(&self) -> u32 {
        match self {
            Expr::Arg(i) => ARGS[*i].1,
            Expr::Const(w, _) | Expr::Cast(_, w, _) | Expr::Bin { width: w, .. } => *w,
        }
    }

    /// The value on `row`, or `None` for poison.
    fn eval(&self, row: &[i128; 4]) -> Option<i128> {
        match self {
            Expr::Arg(i) => Some(row[*i]),
            Expr::Const(_, v) => Some(*v),
            Expr::Cast(c, to, inner) => {
                let v = inner.eval(row)?;
                Some(match c {
                    Cast::SExt => v,
                    Cast::ZExt => unsigned(v, inner.width()),
                    Cast::Trunc => signed(v, *to),
                })
            }
            Expr::Bin {
                op,
                nsw,
                nuw,
                width,
                a,
                b,
            } => {
                let (x, y, w) = (a.eval(row)?, b.eval(row)?, *width);
                let (exact_s, exact_u) = match op {
                    Op::Add => (x + y, unsigned(x, w) + unsigned(y, w)),
                    Op::Sub => (x - y, unsigned(x, w) - unsigned(y, w)),
                    Op::Or => return Some(signed(unsigned(x, w) | unsigned(y, w), w)),
                    Op::Shl => return Some(signed(x << y, w)),
                };
                let half = 1i128 << (w - 1);
                if *nsw && !(-half..half).contains(&exact_s) {
                    return None;
                }
                if *nuw && !(0..2 * half).contains(&exact_u) {
                    return None;
                }
                Some(signed(exact_s, w))
            }
        }
    }

    /// Writes the instructions computing `self` into `body`; returns the operand text.
    fn emit(&self, body: &mut String, next: &mut u32) -> String {
        let fresh = |next: &mut u32| {
            *next += 1;
            format!("%t{next}")
        };
        match self {
            Expr::Arg(i) => ARGS[*i].0.to_string(),
            Expr::Const(_, v) => v.to_string(),
            Expr::Cast(c, to, inner) => {
                let v = inner.emit(body, next);
                let t = fresh(next);
                let name = match c {
                    Cast::SExt => "sext",
                    Cast::ZExt => "zext",
                    Cast::Trunc => "trunc",
                };
                let from = inner.width();
                writeln!(body, "  {t} = {name} i{from} {v} to i{to}").expect("write to String");
                t
            }
            Expr::Bin {
                op,
                nsw,
                nuw,
                width,
                a,
                b,
            } => {
                let (x, y) = (a.emit(body, next), b.emit(body, next));
                let t = fresh(next);
                let name = match op {
                    Op::Add => "add",
                    Op::Sub => "sub",
                    Op::Or => "or",
                    Op::Shl => "shl",
                };
                let flags = match (nuw, nsw) {
                    (true, true) => "nuw nsw ",
                    (true, false) => "nuw ",
                    (false, true) => "nsw ",
                    (false, false) => "",
                };
                writeln!(body, "  {t} = {name} {flags}i{width} {x}, {y}").expect("write to String");
                t
            }
        }
    }
}

struct Gen<'a> {
    rng: &'a mut SplitMix64,
}

impl Gen<'_> {
    fn constant(&mut self, w: u32) -> Expr {
        let half = 1i128 << (w - 1);
        let v = *self.rng.pick(&[
            1,
            2,
            3,
            5,
            7,
            8,
            16,
            100,
            255,
            256,
            -1,
            -2,
            -5,
            half,
            half - 1,
        ]);
        Expr::Const(w, signed(v, w))
    }

    fn leaf(&mut self, w: u32) -> Expr {
        if self.rng.percent(30) {
            return self.constant(w);
        }
        let i = self.rng.index(ARGS.len());
        let from = ARGS[i].1;
        let arg = Box::new(Expr::Arg(i));
        match from.cmp(&w) {
            std::cmp::Ordering::Equal => Expr::Arg(i),
            std::cmp::Ordering::Greater => Expr::Cast(Cast::Trunc, w, arg),
            std::cmp::Ordering::Less if self.rng.percent(50) => Expr::Cast(Cast::SExt, w, arg),
            std::cmp::Ordering::Less => Expr::Cast(Cast::ZExt, w, arg),
        }
    }

    fn expr(&mut self, w: u32, depth: u32) -> Expr {
        if depth == 0 || self.rng.percent(20) {
            return self.leaf(w);
        }
        let k = self.rng.below(100);
        if k < 55 {
            let op = *self.rng.pick(&[Op::Add, Op::Add, Op::Sub, Op::Or]);
            let (mut a, mut b) = (self.expr(w, depth - 1), self.expr(w, depth - 1));
            if op == Op::Or && self.rng.percent(70) {
                // (x << s) | c with c < 2^s: no common bits, an add in disguise.
                let s = *self.rng.pick(&[2i128, 4]);
                a = Expr::Bin {
                    op: Op::Shl,
                    nsw: false,
                    nuw: false,
                    width: w,
                    a: Box::new(a),
                    b: Box::new(Expr::Const(w, s)),
                };
                b = Expr::Const(w, i128::from(self.rng.below(1 << s)));
            }
            let (nsw, nuw) = if op == Op::Or {
                (false, false)
            } else {
                (self.rng.percent(50), self.rng.percent(50))
            };
            if op != Op::Or && self.rng.percent(50) {
                std::mem::swap(&mut a, &mut b);
            }
            return Expr::Bin {
                op,
                nsw,
                nuw,
                width: w,
                a: Box::new(a),
                b: Box::new(b),
            };
        }
        let narrower: Vec<u32> = [8, 16, 32].into_iter().filter(|&x| x < w).collect();
        let wider: Vec<u32> = [16, 32, 64].into_iter().filter(|&x| x > w).collect();
        if k < 85 && !narrower.is_empty() {
            let from = *self.rng.pick(&narrower);
            let inner = Box::new(self.expr(from, depth - 1));
            let c = if self.rng.percent(50) {
                Cast::SExt
            } else {
                Cast::ZExt
            };
            return Expr::Cast(c, w, inner);
        }
        if !wider.is_empty() {
            let from = *self.rng.pick(&wider);
            return Expr::Cast(Cast::Trunc, w, Box::new(self.expr(from, depth - 1)));
        }
        self.leaf(w)
    }
}

/// One generated function: its text and its oracle.
struct Function {
    name: String,
    text: String,
    indices: Vec<(Expr, i128)>,
    inbounds: bool,
    /// Offset of the GEP's base from the start of `@gbuf`.
    base_offset: i128,
}

impl Function {
    fn generate(rng: &mut SplitMix64, name: String) -> Function {
        let (ty, size, inner) = *rng.pick(&TYPES);
        let strides: Vec<i128> = std::iter::once(size).chain(inner.iter().copied()).collect();
        let n = if rng.percent(70) { strides.len() } else { 1 };
        let mut g = Gen { rng };
        let indices: Vec<(Expr, i128)> = strides[..n]
            .iter()
            .map(|&stride| {
                let w = *g.rng.pick(&[16, 32, 64, 64]);
                let depth = 1 + u32::try_from(g.rng.below(3)).expect("small");
                (g.expr(w, depth), stride)
            })
            .collect();
        let inbounds = rng.percent(50);
        let on_global = inbounds && rng.percent(50);
        let base = if on_global { "@gbuf" } else { "%p" };
        let mut body = String::new();
        let mut next = 0;
        let operands: Vec<String> = indices
            .iter()
            .map(|(e, _)| format!("i{} {}", e.width(), e.emit(&mut body, &mut next)))
            .collect();
        writeln!(
            body,
            "  %q = getelementptr {}{ty}, ptr {base}, {}\n  %qi = ptrtoint ptr %q to i64\n  \
             %bi = ptrtoint ptr {base} to i64\n  %r = sub i64 %qi, %bi\n  ret i64 %r",
            if inbounds { "inbounds " } else { "" },
            operands.join(", ")
        )
        .expect("write to String");
        let text = format!(
            "define i64 @{name}(i32 %a, i32 %b, i64 %c, i64 %d, ptr %p) noinline {{\n{body}}}\n"
        );
        Function {
            name,
            text,
            indices,
            inbounds,
            base_offset: if on_global { 0 } else { BUF / 2 },
        }
    }

    /// The byte offset the function returns on `row`, or `None` if the GEP is poison there.
    fn eval(&self, row: &[i128; 4]) -> Option<i128> {
        let mut offset = 0i128;
        for (e, stride) in &self.indices {
            offset += e.eval(row)? * stride;
            if self.inbounds && !(0..=BUF).contains(&(self.base_offset + offset)) {
                return None;
            }
        }
        Some(signed(offset, 64))
    }
}

/// A generated program: functions and the rows they are called on.
pub struct Program {
    pub seed: u64,
    functions: Vec<Function>,
    /// (function index, argument row, expected result)
    calls: Vec<(usize, [i128; 4], i128)>,
}

impl Program {
    pub fn generate(seed: u64) -> Program {
        let mut rng = SplitMix64::new(seed);
        let functions: Vec<Function> = (0..12)
            .map(|k| Function::generate(&mut rng, format!("g{seed}_{k}")))
            .collect();
        let mut calls = Vec::new();
        for (k, f) in functions.iter().enumerate() {
            for _ in 0..10 {
                let mut value = |special: &[i128], w: u32| {
                    let v = if rng.percent(50) {
                        *rng.pick(special)
                    } else {
                        i128::from(rng.below(600)) - 300
                    };
                    signed(v, w)
                };
                let row = [
                    value(&SPECIAL32, 32),
                    value(&SPECIAL32, 32),
                    value(&SPECIAL64, 64),
                    value(&SPECIAL64, 64),
                ];
                if let Some(r) = f.eval(&row) {
                    calls.push((k, row, r));
                }
            }
        }
        Program {
            seed,
            functions,
            calls,
        }
    }

    /// Each function's name and the argument rows `@main` calls it with (the integer
    /// arguments; the pointer is `ptr_offset`, the middle of `@gbuf` in `@main`).
    pub fn rows(&self, ptr_offset: i128) -> Vec<(String, Vec<Vec<i128>>)> {
        self.functions
            .iter()
            .enumerate()
            .map(|(k, f)| {
                let rows = self
                    .calls
                    .iter()
                    .filter(|(j, _, _)| *j == k)
                    .map(|(_, row, _)| {
                        let mut v = row.to_vec();
                        v.push(ptr_offset);
                        v
                    })
                    .collect();
                (f.name.clone(), rows)
            })
            .collect()
    }

    /// The names of the program's functions.
    pub fn function_names(&self) -> Vec<&str> {
        self.functions.iter().map(|f| f.name.as_str()).collect()
    }

    fn render_calls(&self, out: &mut String) {
        for (n, (k, row, _)) in self.calls.iter().enumerate() {
            let f = &self.functions[*k].name;
            let v = format!("%v{}_{n}", self.seed);
            writeln!(
                out,
                "  {v} = call i64 @{f}(i32 {}, i32 {}, i64 {}, i64 {}, ptr getelementptr (i8, \
                 ptr @gbuf, i64 {}))\n  call i32 (ptr, ...) @printf(ptr @gfmt, ptr @{f}.name, \
                 i64 {v})",
                row[0],
                row[1],
                row[2],
                row[3],
                BUF / 2
            )
            .expect("write to String");
        }
    }
}

/// One module holding `programs`, for one `lli` run.
pub fn render(programs: &[Program]) -> String {
    let mut out = format!(
        "@gbuf = global [{BUF} x i8] zeroinitializer\n\
         @gfmt = private constant [9 x i8] c\"%s %lld\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n"
    );
    for p in programs {
        for f in &p.functions {
            let len = f.name.len() + 1;
            writeln!(
                out,
                "@{0}.name = private constant [{len} x i8] c\"{0}\\00\"",
                f.name
            )
            .expect("write to String");
            out.push_str(&f.text);
        }
    }
    out.push_str("define i32 @main() {\n");
    for p in programs {
        p.render_calls(&mut out);
    }
    out.push_str("  ret i32 0\n}\n");
    out
}

/// What `lli` must print for [`render`] of `programs`.
pub fn expected(programs: &[Program]) -> String {
    let mut out = String::new();
    for p in programs {
        for (k, _, r) in &p.calls {
            writeln!(out, "{} {r}", p.functions[*k].name).expect("write to String");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poison_is_dropped() {
        // add nsw i32 INT32_MAX, 1 is poison.
        let e = Expr::Bin {
            op: Op::Add,
            nsw: true,
            nuw: false,
            width: 32,
            a: Box::new(Expr::Arg(0)),
            b: Box::new(Expr::Const(32, 1)),
        };
        assert_eq!(e.eval(&[2_147_483_647, 0, 0, 0]), None);
        assert_eq!(e.eval(&[5, 0, 0, 0]), Some(6));
    }
}
