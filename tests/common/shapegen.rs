//! Seeded generator of small functions made of the IR *shapes* that break passes, for the
//! verifier fuzz (tests/fuzz.rs: every pipeline under `opt -verify-each`) and the refinement
//! check (tests/soundness.rs: every pipeline, poison-aware).
//!
//! A program is a few functions `@sh<seed>.f<k>(i64 %a, i64 %b, i32 %c, ptr %p)`, each a
//! sequence of *snippets* that observe what they compute (`call void @observe.i64(i64 %v)`,
//! pointers as byte offsets from `%p`), then dead blocks. The snippets:
//! - **switch**: a `switch` with several cases to one block, so the join's phi has several
//!   entries from one predecessor (equal, as the verifier demands), one of them `undef`
//!   from the default;
//! - **same-operand**: one value used several times by one instruction: `mul %x, %x`,
//!   `add %x, %x`, `sub`, `udiv %x, %x` (on a value made non-zero), `select %c, %x, %x`,
//!   `icmp eq %x, %x`, `smax(%x, %x)`, a GEP indexing with the same value twice, a phi whose
//!   two entries are one value, `memcpy` with the same source and destination;
//! - **if-then**: a guarded arm that computes what is poison or UB-implying off the guard (an
//!   `add nsw` that overflows, `abs(INT_MIN)` behind a `noundef` call, a division), with its
//!   result merged by a phi: what speculative execution hoists;
//! - **families**: SLSR and nary-reassociation candidates (`a + k * b`, `(a + b) + c`, GEPs
//!   with constant offsets under `sext`) whose members sit before, inside and after switch
//!   arms, flags wished at random (so the passes meet `nsw`/`inbounds` to keep or drop);
//! - **zero-sized**: GEPs over `{}` and `[0 x i32]`, an `alloca {}`, a constant offset on top;
//! - **undef/poison operands**: `add undef, %a`, `select undef`, a GEP by `poison`;
//! - **shared constants**: constant expressions (`getelementptr`, `addrspacecast`,
//!   `ptrtoint`) over the program's globals, the same text in several functions, used by loads,
//!   stores and compares;
//! - **dead code** (after the return): unreachable blocks whose instructions use themselves
//!   (`%x = add i64 %x, 1`, a GEP of itself), loop to themselves and end in `unreachable`.
//!
//! Everything is drawn from `SplitMix64` seeded by the seed: same seed, same bytes. The
//! programs are not meant for `lli` (they call a declared `@observe.*`); the interpreter runs
//! them.

#![allow(dead_code)]

use std::fmt::Write as _;

use crate::divgen::SplitMix64;

/// Every pass and pipeline the shapes go through (pipeline, must change some function).
pub const PIPELINES: &[(&str, bool)] = &[
    ("gpucc-bypass-slow-division", true),
    ("gpucc-bypass-slow-division<opaque-slow-path>", true),
    ("function(gpucc-infer-address-spaces)", true),
    ("gpucc-infer-address-spaces", true),
    ("gpucc-memspace-annotate", true),
    (
        "-aa-pipeline=gpucc-memspace-aa function(gvn,dse,memcpyopt,early-cse<memssa>)",
        true,
    ),
    ("gpucc-separate-const-offset-from-gep", true),
    ("gpucc-separate-const-offset-from-gep<lower-gep>", true),
    ("gpucc-slsr", true),
    ("gpucc-nary-reassociate", true),
    ("gpucc-speculative-execution", true),
    ("gpucc-straight-line", true),
    ("gpucc", true),
    ("gpucc-openmp-opt", false),
    ("gpucc-openmp-state-machine", false),
];

/// One generated program: its globals and functions as text.
pub struct Program {
    pub seed: u64,
    globals: Vec<String>,
    functions: Vec<String>,
}

struct Body<'r> {
    rng: &'r mut SplitMix64,
    prefix: String,
    text: String,
    /// Label of the block being written.
    block: String,
    /// `i64` values defined in blocks that dominate the current point.
    ints: Vec<String>,
    n: usize,
    dead: Vec<String>,
}

impl Body<'_> {
    fn line(&mut self, s: &str) {
        self.text.push_str("  ");
        self.text.push_str(s);
        self.text.push('\n');
    }

    fn label(&mut self, l: &str) {
        self.text.push_str(l);
        self.text.push_str(":\n");
        self.block = l.to_string();
    }

    fn fresh(&mut self, what: &str) -> String {
        self.n += 1;
        format!("%{what}{}", self.n)
    }

    fn observe(&mut self, v: &str) {
        self.line(&format!("call void @observe.i64(i64 {v})"));
    }

    /// Observes pointer `q` as its byte offset from `base`.
    fn observe_ptr(&mut self, q: &str, base: &str) {
        let (x, y, d) = (self.fresh("pi"), self.fresh("pb"), self.fresh("pd"));
        self.line(&format!("{x} = ptrtoint ptr {q} to i64"));
        self.line(&format!("{y} = ptrtoint ptr {base} to i64"));
        self.line(&format!("{d} = sub i64 {x}, {y}"));
        self.observe(&d);
    }

    fn int(&mut self) -> String {
        self.rng.pick(&self.ints).clone()
    }

    fn flags(&mut self) -> &'static str {
        const FLAGS: [&str; 5] = ["", "", "nsw ", "nuw ", "nuw nsw "];
        FLAGS[self.rng.index(FLAGS.len())]
    }

    /// A small index in `0..8` made from an argument.
    fn small_index(&mut self) -> String {
        let v = self.int();
        let i = self.fresh("ix");
        self.line(&format!("{i} = and i64 {v}, 7"));
        i
    }

    fn snippet(&mut self) {
        match self.rng.below(100) {
            0..=13 => self.switch(),
            14..=27 => self.same_operand(),
            28..=41 => self.if_then(),
            42..=59 => self.family(),
            60..=69 => self.zero_sized(),
            70..=79 => self.undef_poison(),
            _ => self.shared_constants(),
        }
    }

    fn switch(&mut self) {
        let k = self.n + 1;
        let (sel, x, d, j) = (
            self.fresh("sw"),
            format!("sw{k}.x"),
            format!("sw{k}.d"),
            format!("sw{k}.j"),
        );
        let v = self.int();
        let from = self.block.clone();
        self.line(&format!("{sel} = and i64 {v}, 3"));
        self.line(&format!(
            "switch i64 {sel}, label %{d} [ i64 0, label %{j}\n    i64 1, label %{j}\n    \
             i64 2, label %{x} ]"
        ));
        self.label(&x);
        let (a, b) = (self.int(), self.int());
        let y = self.fresh("swv");
        let f = self.flags();
        let c = self.rng.below(9) + 1;
        self.line(&format!("{y} = add {f}i64 {a}, {c}"));
        let z = self.fresh("swm");
        self.line(&format!("{z} = mul i64 {y}, {b}"));
        self.line(&format!("br label %{j}"));
        self.label(&d);
        self.line(&format!("br label %{j}"));
        self.label(&j);
        let p = self.fresh("swp");
        let same = self.int();
        self.line(&format!(
            "{p} = phi i64 [ {same}, %{from} ], [ {same}, %{from} ], [ {z}, %{x} ], [ undef, %{d} ]"
        ));
        self.observe(&p);
        self.ints.push(p);
    }

    fn same_operand(&mut self) {
        let x = self.int();
        let names: Vec<String> = (0..7).map(|_| self.fresh("so")).collect();
        self.line(&format!("{} = mul i64 {x}, {x}", names[0]));
        let f = self.flags();
        self.line(&format!("{} = add {f}i64 {x}, {x}", names[1]));
        self.line(&format!("{} = sub i64 {}, {x}", names[2], names[1]));
        self.line(&format!("{} = or i64 {x}, 1", names[3]));
        self.line(&format!(
            "{} = udiv i64 {}, {}",
            names[4], names[3], names[3]
        ));
        self.line(&format!("{} = icmp eq i64 {x}, {x}", names[5]));
        self.line(&format!(
            "{} = select i1 {}, i64 {}, i64 {}",
            names[6], names[5], names[0], names[0]
        ));
        for n in [&names[0], &names[2], &names[4], &names[6]] {
            self.observe(n);
        }
        let m = self.fresh("somax");
        self.line(&format!("{m} = call i64 @llvm.smax.i64(i64 {x}, i64 {x})"));
        self.observe(&m);
        let i = self.small_index();
        let g = self.fresh("sog");
        let ib = if self.rng.percent(50) {
            "inbounds "
        } else {
            ""
        };
        self.line(&format!(
            "{g} = getelementptr {ib}[8 x i32], ptr %p, i64 {i}, i64 {i}"
        ));
        let l = self.fresh("sol");
        self.line(&format!("{l} = load i32, ptr {g}, align 4"));
        let w = self.fresh("sow");
        self.line(&format!("{w} = sext i32 {l} to i64"));
        self.observe(&w);
        self.line(&format!(
            "call void @llvm.memcpy.p0.p0.i64(ptr align 4 {g}, ptr align 4 {g}, i64 4, i1 false)"
        ));
        self.ints.push(names[2].clone());
        self.ints.push(m);
    }

    fn if_then(&mut self) {
        let k = self.n + 1;
        let (t, j) = (format!("it{k}.t"), format!("it{k}.j"));
        let x = self.int();
        let from = self.block.clone();
        let c = self.fresh("itc");
        let shape = self.rng.below(4);
        let guard = match shape {
            0 => format!("icmp ne i64 {x}, 9223372036854775807"),
            1 => format!("icmp ne i64 {x}, -9223372036854775808"),
            2 => format!("icmp ne i64 {x}, 0"),
            _ => format!("icmp slt i64 {x}, 1000"),
        };
        self.line(&format!("{c} = {guard}"));
        self.line(&format!("br i1 {c}, label %{t}, label %{j}"));
        self.label(&t);
        let r = self.fresh("itr");
        match shape {
            0 => {
                let y = self.fresh("ity");
                self.line(&format!("{y} = add nsw i64 {x}, 1"));
                self.line(&format!("{r} = shl i64 {y}, 2"));
            }
            1 => self.line(&format!(
                "{r} = call noundef i64 @llvm.abs.i64(i64 {x}, i1 true)"
            )),
            2 => {
                let y = self.fresh("ity");
                self.line(&format!("{y} = udiv i64 1000, {x}"));
                self.line(&format!("{r} = add i64 {y}, 3"));
            }
            _ => {
                let (y, g) = (self.fresh("ity"), self.fresh("itg"));
                self.line(&format!("{y} = add i64 {x}, 4"));
                self.line(&format!("{g} = getelementptr i8, ptr %p, i64 {y}"));
                self.line(&format!("{r} = ptrtoint ptr {g} to i64"));
            }
        }
        self.line(&format!("br label %{j}"));
        self.label(&j);
        let p = self.fresh("itp");
        let other = if self.rng.percent(30) {
            x.clone()
        } else {
            "0".to_string()
        };
        self.line(&format!(
            "{p} = phi i64 [ {r}, %{t} ], [ {other}, %{from} ]"
        ));
        self.observe(&p);
        self.ints.push(p);
    }

    /// SLSR and nary families, members before, inside and after a switch's arms.
    fn family(&mut self) {
        let (a, b) = (self.int(), self.int());
        let f = self.flags();
        let member = |me: &mut Self, c: u64| {
            let (m, s) = (me.fresh("fm"), me.fresh("fs"));
            me.line(&format!("{m} = mul {f}i64 {b}, {c}"));
            me.line(&format!("{s} = add {f}i64 {a}, {m}"));
            me.observe(&s);
            // A GEP member: &p[(i + c) * 4] under sext, constant offset to split.
            let i = me.fresh("fi");
            me.line(&format!("{i} = trunc i64 {a} to i32"));
            let (j, e, g) = (me.fresh("fj"), me.fresh("fe"), me.fresh("fg"));
            let nsw = if me.rng.percent(50) { "nsw " } else { "" };
            me.line(&format!("{j} = add {nsw}i32 {i}, {c}"));
            me.line(&format!("{e} = sext i32 {j} to i64"));
            let ib = if me.rng.percent(60) { "inbounds " } else { "" };
            me.line(&format!("{g} = getelementptr {ib}i32, ptr %p, i64 {e}"));
            me.observe_ptr(&g, "%p");
            // nary: (a + b) + c after a + c.
            let (x, y, z) = (me.fresh("fx"), me.fresh("fy"), me.fresh("fz"));
            me.line(&format!("{x} = add {f}i64 {a}, {c}"));
            me.line(&format!("{y} = add i64 {a}, {b}"));
            me.line(&format!("{z} = add i64 {y}, {c}"));
            me.observe(&x);
            me.observe(&z);
        };
        member(self, 2);
        if self.rng.percent(50) {
            let k = self.n + 1;
            let (sel, x1, x2, j) = (
                self.fresh("fsw"),
                format!("fa{k}.x"),
                format!("fa{k}.y"),
                format!("fa{k}.j"),
            );
            self.line(&format!("{sel} = and i64 {b}, 1"));
            self.line(&format!(
                "switch i64 {sel}, label %{j} [ i64 0, label %{x1}\n    i64 1, label %{x2} ]"
            ));
            self.label(&x1);
            member(self, 3);
            self.line(&format!("br label %{j}"));
            self.label(&x2);
            member(self, 5);
            self.line(&format!("br label %{j}"));
            self.label(&j);
        }
        member(self, 4);
    }

    fn zero_sized(&mut self) {
        let i = self.small_index();
        let b = self.int();
        let (g, h, k, m, q) = (
            self.fresh("zg"),
            self.fresh("zh"),
            self.fresh("zk"),
            self.fresh("zm"),
            self.fresh("zq"),
        );
        self.line(&format!("{g} = getelementptr {{}}, ptr %p, i64 {b}"));
        self.line(&format!(
            "{h} = getelementptr inbounds [0 x i32], ptr %p, i64 0, i64 {i}"
        ));
        self.line(&format!(
            "{k} = getelementptr inbounds {{}}, ptr {h}, i64 {b}"
        ));
        self.line(&format!(
            "{m} = getelementptr inbounds [4 x {{}}], ptr {k}, i64 {i}, i64 2"
        ));
        let c = 4 * self.rng.below(8);
        self.line(&format!(
            "{q} = getelementptr inbounds i8, ptr {m}, i64 {c}"
        ));
        let a = self.fresh("za");
        self.line(&format!("{a} = alloca {{}}, align 4"));
        let a2 = self.fresh("zb");
        self.line(&format!(
            "{a2} = getelementptr inbounds {{}}, ptr {a}, i64 {i}"
        ));
        let d = self.fresh("zd");
        self.line(&format!("{d} = icmp eq ptr {a}, {a2}"));
        let e = self.fresh("ze");
        self.line(&format!("{e} = zext i1 {d} to i64"));
        for p in [&g, &h, &q] {
            self.observe_ptr(p, "%p");
        }
        self.observe(&e);
    }

    fn undef_poison(&mut self) {
        let a = self.int();
        let (u, s, g, w) = (
            self.fresh("ua"),
            self.fresh("us"),
            self.fresh("ug"),
            self.fresh("uw"),
        );
        self.line(&format!("{u} = add i64 undef, {a}"));
        self.line(&format!("{s} = select i1 undef, i64 {a}, i64 7"));
        self.line(&format!(
            "{g} = getelementptr inbounds i8, ptr %p, i64 poison"
        ));
        self.line(&format!("{w} = mul i64 {a}, poison"));
        self.observe(&u);
        self.observe(&s);
        self.observe_ptr(&g, "%p");
        self.observe(&w);
    }

    fn shared_constants(&mut self) {
        let p = &self.prefix;
        let cast = format!("addrspacecast (ptr addrspace(3) @{p}sh to ptr)");
        let elem =
            format!("getelementptr inbounds ([64 x i32], ptr addrspace(3) @{p}sh, i64 0, i64 5)");
        let generic_elem = format!("getelementptr inbounds (i8, ptr {cast}, i64 20)");
        let table = format!("getelementptr inbounds ([16 x i64], ptr @{p}tab, i64 0, i64 3)");
        let v = self.int();
        let t = self.fresh("ct");
        self.line(&format!("{t} = trunc i64 {v} to i32"));
        self.line(&format!("store i32 {t}, ptr addrspace(3) {elem}, align 4"));
        let l = self.fresh("cl");
        self.line(&format!("{l} = load i32, ptr {generic_elem}, align 4"));
        let e = self.fresh("ce");
        self.line(&format!("{e} = zext i32 {l} to i64"));
        self.observe(&e);
        let k = self.fresh("ck");
        self.line(&format!("{k} = load i64, ptr {table}, align 8"));
        self.observe(&k);
        let c = self.fresh("cc");
        self.line(&format!("{c} = icmp eq ptr {cast}, {generic_elem}"));
        let z = self.fresh("cz");
        self.line(&format!("{z} = zext i1 {c} to i64"));
        self.observe(&z);
        let d = self.fresh("cd");
        self.line(&format!(
            "{d} = sub i64 ptrtoint (ptr {generic_elem} to i64), ptrtoint (ptr {cast} to i64)"
        ));
        self.observe(&d);
        self.line(&format!(
            "call void @llvm.memcpy.p0.p0.i64(ptr align 4 {cast}, ptr align 4 {cast}, i64 16, \
             i1 false)"
        ));
        self.ints.push(k);
    }

    /// Unreachable blocks after the return: instructions that use themselves, a loop.
    fn dead_code(&mut self) {
        let k = self.n + 1;
        let (d, e) = (format!("dead{k}"), format!("dead{k}.b"));
        let (x, g, y, q, c, s, l, ph) = (
            format!("%d{k}.x"),
            format!("%d{k}.g"),
            format!("%d{k}.y"),
            format!("%d{k}.q"),
            format!("%d{k}.c"),
            format!("%d{k}.s"),
            format!("%d{k}.l"),
            format!("%d{k}.p"),
        );
        let mut t = String::new();
        let mut w = |s: String| {
            t.push_str("  ");
            t.push_str(&s);
            t.push('\n');
        };
        w(format!("{x} = add nsw i64 {x}, 1"));
        w(format!("{g} = getelementptr inbounds i32, ptr {g}, i64 4"));
        w(format!("{y} = mul i64 {x}, {x}"));
        w(format!("{q} = udiv i64 {y}, {x}"));
        w(format!("{c} = icmp eq i64 {y}, 0"));
        w(format!("{s} = select i1 {c}, i64 {x}, i64 {q}"));
        w(format!("{l} = load i64, ptr {g}, align 8"));
        w(format!("br i1 {c}, label %{d}, label %{e}"));
        let mut text = format!("{d}:\n{t}{e}:\n");
        text.push_str(&format!(
            "  {ph} = phi i64 [ {s}, %{d} ], [ {ph}, %{e} ]\n  %d{k}.z = sdiv i64 {ph}, {l}\n  \
             br i1 {c}, label %{e}, label %{d}\n"
        ));
        self.dead.push(text);
        self.n += 1;
    }
}

impl Program {
    pub fn generate(seed: u64) -> Program {
        let mut rng = SplitMix64::new(seed ^ 0x5AA9_E000_0000);
        let prefix = format!("sh{seed}.");
        let globals = vec![
            format!(
                "@{prefix}sh = internal addrspace(3) global [64 x i32] zeroinitializer, align 4"
            ),
            format!(
                "@{prefix}tab = internal global [16 x i64] [{}], align 8",
                (0..16)
                    .map(|i| format!("i64 {}", i * 37 - 200))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ];
        let count = 2 + rng.below(2);
        let mut functions = Vec::new();
        for f in 0..count {
            let mut body = Body {
                rng: &mut rng,
                prefix: prefix.clone(),
                text: String::new(),
                block: "entry".to_string(),
                ints: vec!["%a".to_string(), "%b".to_string()],
                n: 0,
                dead: Vec::new(),
            };
            body.label("entry");
            body.line("%cw = sext i32 %c to i64");
            body.ints.push("%cw".to_string());
            let snippets = 3 + body.rng.below(4);
            for _ in 0..snippets {
                body.snippet();
            }
            let dead = 1 + body.rng.below(2);
            for _ in 0..dead {
                body.dead_code();
            }
            let last = body.int();
            body.line(&format!("ret i64 {last}"));
            let mut text = format!(
                "define i64 @{prefix}f{f}(i64 %a, i64 %b, i32 %c, ptr %p) noinline {{\n{}",
                body.text
            );
            for d in &body.dead {
                text.push_str(d);
            }
            text.push_str("}\n");
            functions.push(text);
        }
        Program {
            seed,
            globals,
            functions,
        }
    }
}

/// Programs in one module; empty `triple`/`datalayout` give no header line (for `retarget`).
pub fn render_batch(programs: &[Program], triple: &str, datalayout: &str) -> String {
    let seeds: Vec<String> = programs.iter().map(|p| p.seed.to_string()).collect();
    let mut out = format!(
        "; shapegen programs, seed {} (tests/common/shapegen.rs)\n",
        seeds.join(", ")
    );
    if !datalayout.is_empty() {
        writeln!(out, "target datalayout = \"{datalayout}\"").expect("write to String");
    }
    if !triple.is_empty() {
        writeln!(out, "target triple = \"{triple}\"").expect("write to String");
    }
    out.push('\n');
    for p in programs {
        for g in &p.globals {
            out.push_str(g);
            out.push('\n');
        }
    }
    out.push_str(
        "\ndeclare void @observe.i64(i64)\ndeclare i64 @llvm.smax.i64(i64, i64)\n\
         declare i64 @llvm.abs.i64(i64, i1 immarg)\n\
         declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, \
         ptr noalias nocapture readonly, i64, i1 immarg)\n",
    );
    for p in programs {
        for f in &p.functions {
            out.push('\n');
            out.push_str(f);
        }
    }
    out
}
