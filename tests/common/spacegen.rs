//! Seeded generator of NVPTX and AMDGPU modules full of address-space traffic, for the
//! alias-analysis soundness check and the verifier fuzz in tests/fuzz.rs.
//!
//! llvm-stress writes almost only generic (`addrspace(0)`) pointers, so an alias analysis that
//! reasons about memory spaces has nothing to say on its modules. A spacegen *program* is a few
//! functions (non-kernel helpers first, then kernels that may call them) whose pointers live in
//! every space the target names, and are moved between spaces the way CUDA and HIP code does:
//! ```text
//!   define ptx_kernel void @s7.k0(ptr %a0, ptr addrspace(3) %a1, i64 %n, i32 %x, i1 %c) {
//!   bb0:
//!     %t0 = addrspacecast ptr addrspace(3) %a1 to ptr        ; shared, seen as generic
//!     %t1 = getelementptr inbounds i32, ptr %t0, i64 0       ; MustAlias %t0 (BasicAA)
//!     store i32 %x, ptr %t1
//!     %t2 = load i32, ptr addrspace(3) %a1                   ; MustAlias %t1 as well
//!     br i1 %c, label %bb1, label %bb2                       ; a phi mixing two pointers
//!     ...
//! ```
//! Pointers come from arguments in every space (NVPTX 0, 1, 3, 4, 5, 7, 101; AMDGPU 0 to 7),
//! internal `addrspace(3)`/`addrspace(1)` globals (also as constant-expression casts and GEPs),
//! loads of pointers, and are derived through GEP chains with constant, variable and zero
//! offsets (an `i8` GEP by `4k` next to an `i32` GEP by `k`), repeated GEPs, casts to generic
//! and back, NVPTX's shared to shared-cluster cast (3 to 7), selects, phis of diamonds and
//! pointer induction variables of small loops. They are used by loads, stores, atomics,
//! memcpy/memmove/memset and calls. Many pairs are therefore MustAlias for BasicAA across two
//! spellings of the same address (`%t0` and `%a1` above): exactly the pairs where an unsound
//! memory-space rule would answer NoAlias.
//!
//! **Only valid programs.** A memory-space AA assumes what the hardware guarantees: a pointer
//! points into one space, host-made pointers (generic kernel arguments, pointers loaded from
//! constant memory) never point to on-chip memory, and a cast into a space is made only of a
//! pointer that points there. A program that casts one pointer into two disjoint spaces has no
//! meaning, and a contradiction found on it would be the program's fault. So each pointer
//! carries its [`Origin`] (the space it really points to, as far as the program knows), and a
//! generic pointer is cast into a specific space only when its origin is that space (host-made
//! ones only into global memory). Region (AMDGPU 2) and buffer (AMDGPU 7) pointers, and NVPTX
//! param and shared-cluster pointers, are never cast to generic. Read-only spaces (NVPTX 4 and
//! 101, AMDGPU 4 and 6) are only read.
//!
//! The programs are not meant to run. Every symbol of program `seed` starts with `@s<seed>.`,
//! so [`render_batch`] concatenates programs of one target into one module; everything is drawn
//! from `SplitMix64` seeded by the seed, so the same seed gives the same bytes.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::collections::BTreeSet;

use crate::divgen::SplitMix64;

/// The GPU target a program is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gpu {
    Nvptx,
    Amdgpu,
}

impl Gpu {
    pub const ALL: [Gpu; 2] = [Gpu::Nvptx, Gpu::Amdgpu];

    pub fn name(self) -> &'static str {
        match self {
            Gpu::Nvptx => "nvptx64",
            Gpu::Amdgpu => "amdgcn",
        }
    }

    pub fn triple(self) -> &'static str {
        match self {
            Gpu::Nvptx => "nvptx64-nvidia-cuda",
            Gpu::Amdgpu => "amdgcn-amd-amdhsa",
        }
    }

    /// What clang 16 writes for the target (AMDGPU: 32-bit region, LDS, private and
    /// constant-32-bit pointers).
    pub fn datalayout(self) -> &'static str {
        match self {
            Gpu::Nvptx => "e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
            Gpu::Amdgpu => {
                "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-\
                 v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-\
                 v2048:2048-n32:64-S32-A5-G1-ni:7"
            }
        }
    }

    /// Address spaces pointer arguments are drawn from (0 is generic/flat on both).
    fn arg_spaces(self) -> &'static [u32] {
        match self {
            Gpu::Nvptx => &[0, 0, 1, 3, 4, 5, 7, 101],
            Gpu::Amdgpu => &[0, 0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    /// Spaces that CUDA/HIP code casts to generic and back.
    fn castable(self, space: u32) -> bool {
        matches!(space, 1 | 3 | 4 | 5)
    }

    /// Memory a kernel only reads.
    fn read_only(self, space: u32) -> bool {
        match self {
            Gpu::Nvptx => matches!(space, 4 | 101),
            Gpu::Amdgpu => matches!(space, 4 | 6),
        }
    }

    /// The index type of GEPs in `space` (its pointer width).
    fn index_type(self, space: u32) -> &'static str {
        match (self, space) {
            (Gpu::Amdgpu, 2 | 3 | 5 | 6) => "i32",
            _ => "i64",
        }
    }

    /// The kernel calling convention.
    fn kernel_cc(self) -> &'static str {
        match self {
            Gpu::Nvptx => "ptx_kernel",
            Gpu::Amdgpu => "amdgpu_kernel",
        }
    }
}

/// The IR type of a pointer into `space`.
fn ptr_type(space: u32) -> String {
    if space == 0 {
        "ptr".to_string()
    } else {
        format!("ptr addrspace({space})")
    }
}

/// Where a pointer really points, as far as the program knows (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Into this specific space.
    Space(u32),
    /// Made by the host: global (or constant) memory, never on-chip memory.
    Host,
    /// Anywhere (a non-kernel's generic argument, a phi of two origins, ...).
    Unknown,
}

impl Origin {
    fn join(self, other: Origin) -> Origin {
        if self == other {
            self
        } else {
            Origin::Unknown
        }
    }
}

/// A pointer value the function may use here: its operand text (`%t3`, `@s1.sh0` or a
/// constant expression), declared space and origin.
#[derive(Clone, Debug)]
struct Ptr {
    text: String,
    space: u32,
    origin: Origin,
}

impl Ptr {
    /// `ptr addrspace(n) %x`.
    fn typed(&self) -> String {
        format!("{} {}", ptr_type(self.space), self.text)
    }
}

/// A helper function a kernel may call: name and pointer parameter spaces (an `i32` follows).
#[derive(Clone, Debug)]
struct Callee {
    name: String,
    params: Vec<u32>,
}

/// One generated program: its globals and functions as text, and what the module around it
/// must provide.
#[derive(Clone, Debug)]
pub struct Program {
    pub seed: u64,
    pub gpu: Gpu,
    globals: Vec<String>,
    functions: Vec<String>,
    /// Intrinsic declarations the functions call.
    declarations: BTreeSet<String>,
    /// NVPTX kernels marked by `!nvvm.annotations` rather than the calling convention.
    annotated_kernels: Vec<String>,
}

impl Program {
    /// The program for `seed` on `gpu`; a pure function of both.
    pub fn generate(seed: u64, gpu: Gpu) -> Program {
        let mut rng = SplitMix64::new(seed ^ (gpu as u64).wrapping_mul(0x5851_F42D_4C95_7F2D));
        let prefix = format!("s{seed}.");
        let shared = format!("@{prefix}sh0");
        let global = format!("@{prefix}gl0");
        let mut program = Program {
            seed,
            gpu,
            globals: vec![
                format!("{shared} = internal addrspace(3) global [64 x i32] undef, align 8"),
                format!(
                    "{global} = internal addrspace(1) global [64 x i32] zeroinitializer, align 8"
                ),
            ],
            functions: Vec::new(),
            declarations: BTreeSet::new(),
            annotated_kernels: Vec::new(),
        };
        let mut callees: Vec<Callee> = Vec::new();
        let helpers = rng.below(3);
        let kernels = 1 + rng.below(2);
        for f in 0..helpers + kernels {
            let kernel = f >= helpers;
            let name = if kernel {
                format!("{prefix}k{}", f - helpers)
            } else {
                format!("{prefix}f{f}")
            };
            let params: Vec<u32> = (0..1 + rng.below(4))
                .map(|_| *rng.pick(gpu.arg_spaces()))
                .collect();
            // NVPTX kernels: half by calling convention, half by annotation.
            let by_annotation = kernel && gpu == Gpu::Nvptx && rng.percent(50);
            let mut b = FnBuilder::new(&mut rng, gpu, kernel, &callees);
            b.seed_pool(&params, &shared, &global);
            let count = 8 + b.rng.below(20);
            for _ in 0..count {
                b.statement();
            }
            let cc = if kernel && !by_annotation {
                format!("{} ", gpu.kernel_cc())
            } else if kernel {
                String::new()
            } else {
                "internal ".to_string()
            };
            let mut sig: Vec<String> = params
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("{} %a{i}", ptr_type(s)))
                .collect();
            sig.extend(["i64 %n", "i32 %x", "i1 %c"].map(String::from));
            let mut text = format!("define {cc}void @{name}({}) {{\n", sig.join(", "));
            text.push_str("bb0:\n");
            text.push_str(&b.body);
            text.push_str("  ret void\n}\n");
            program.declarations.extend(b.declarations);
            program.functions.push(text);
            if by_annotation {
                program.annotated_kernels.push(name.clone());
            }
            if !kernel {
                callees.push(Callee { name, params });
            }
        }
        program
    }

    /// The program alone, as a module.
    pub fn render(&self) -> String {
        render_batch(std::slice::from_ref(self))
    }
}

/// Programs of one target in one module (their symbols never clash).
pub fn render_batch(programs: &[Program]) -> String {
    let gpu = programs.first().map_or(Gpu::Nvptx, |p| p.gpu);
    assert!(
        programs.iter().all(|p| p.gpu == gpu),
        "spacegen: a batch holds programs of one target"
    );
    let seeds: Vec<String> = programs.iter().map(|p| p.seed.to_string()).collect();
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    line(&format!(
        "; spacegen {} seed {} (tests/common/spacegen.rs)",
        gpu.name(),
        seeds.join(", ")
    ));
    line(&format!("target datalayout = \"{}\"", gpu.datalayout()));
    line(&format!("target triple = \"{}\"", gpu.triple()));
    line("");
    for p in programs {
        for g in &p.globals {
            line(g);
        }
    }
    for p in programs {
        for f in &p.functions {
            line("");
            for l in f.lines() {
                line(l);
            }
        }
    }
    let declarations: BTreeSet<&String> = programs.iter().flat_map(|p| &p.declarations).collect();
    if !declarations.is_empty() {
        line("");
    }
    for d in declarations {
        line(d);
    }
    let annotated: Vec<&String> = programs.iter().flat_map(|p| &p.annotated_kernels).collect();
    if !annotated.is_empty() {
        line("");
        let ids: Vec<String> = (0..annotated.len()).map(|i| format!("!{i}")).collect();
        line(&format!("!nvvm.annotations = !{{{}}}", ids.join(", ")));
        for (i, k) in annotated.iter().enumerate() {
            line(&format!("!{i} = !{{ptr @{k}, !\"kernel\", i32 1}}"));
        }
    }
    out
}

/// Builds one function body: the pointers in scope, the text so far, fresh names.
struct FnBuilder<'r, 'c> {
    rng: &'r mut SplitMix64,
    gpu: Gpu,
    kernel: bool,
    callees: &'c [Callee],
    /// Pointers usable at the current point (all dominate it).
    ptrs: Vec<Ptr>,
    /// `i32` values usable at the current point.
    ints: Vec<String>,
    /// Right-hand sides of GEPs made so far with their results, for repeating one.
    geps: Vec<(String, Ptr)>,
    body: String,
    temps: usize,
    blocks: usize,
    /// The label of the block being written.
    block: String,
    declarations: BTreeSet<String>,
}

impl<'r, 'c> FnBuilder<'r, 'c> {
    fn new(rng: &'r mut SplitMix64, gpu: Gpu, kernel: bool, callees: &'c [Callee]) -> Self {
        FnBuilder {
            rng,
            gpu,
            kernel,
            callees,
            ptrs: Vec::new(),
            ints: vec!["%x".to_string()],
            geps: Vec::new(),
            body: String::new(),
            temps: 0,
            blocks: 1,
            block: "bb0".to_string(),
            declarations: BTreeSet::new(),
        }
    }

    fn line(&mut self, text: &str) {
        self.body.push_str("  ");
        self.body.push_str(text);
        self.body.push('\n');
    }

    fn label(&mut self, name: &str) {
        self.body.push_str(name);
        self.body.push_str(":\n");
        self.block = name.to_string();
    }

    fn temp(&mut self) -> String {
        let t = format!("%t{}", self.temps);
        self.temps += 1;
        t
    }

    fn new_block(&mut self) -> String {
        let b = format!("bb{}", self.blocks);
        self.blocks += 1;
        b
    }

    /// Arguments and globals: the pointers every function starts with.
    fn seed_pool(&mut self, params: &[u32], shared: &str, global: &str) {
        for (i, &space) in params.iter().enumerate() {
            let origin = match space {
                0 if self.kernel => Origin::Host,
                0 => Origin::Unknown,
                n => Origin::Space(n),
            };
            self.ptrs.push(Ptr {
                text: format!("%a{i}"),
                space,
                origin,
            });
        }
        self.ptrs.push(Ptr {
            text: shared.to_string(),
            space: 3,
            origin: Origin::Space(3),
        });
        // The same shared array as constant expressions: a cast to generic and an element.
        if self.rng.percent(60) {
            self.ptrs.push(Ptr {
                text: format!("addrspacecast (ptr addrspace(3) {shared} to ptr)"),
                space: 0,
                origin: Origin::Space(3),
            });
        }
        if self.rng.percent(40) {
            let k = self.rng.below(64);
            let ix = self.gpu.index_type(3);
            self.ptrs.push(Ptr {
                text: format!(
                    "getelementptr inbounds ([64 x i32], ptr addrspace(3) {shared}, {ix} 0, {ix} {k})"
                ),
                space: 3,
                origin: Origin::Space(3),
            });
        }
        if self.rng.percent(50) {
            self.ptrs.push(Ptr {
                text: global.to_string(),
                space: 1,
                origin: Origin::Space(1),
            });
        }
    }

    fn pick_ptr(&mut self) -> Ptr {
        let i = self.rng.index(self.ptrs.len());
        self.ptrs[i].clone()
    }

    /// A pointer the program may write through, if any.
    fn pick_writable(&mut self) -> Option<Ptr> {
        let gpu = self.gpu;
        let writable: Vec<Ptr> = self
            .ptrs
            .iter()
            .filter(|p| {
                !gpu.read_only(p.space) && !matches!(p.origin, Origin::Space(s) if gpu.read_only(s))
            })
            .cloned()
            .collect();
        (!writable.is_empty()).then(|| writable[self.rng.index(writable.len())].clone())
    }

    fn pick_int(&mut self) -> String {
        self.rng.pick(&self.ints).clone()
    }

    /// One statement, drawn by weight.
    fn statement(&mut self) {
        match self.rng.below(100) {
            0..=13 => self.gep(),
            14..=19 => self.repeat_gep(),
            20..=29 => self.cast_to_generic(),
            30..=35 => self.cast_from_generic(),
            36..=39 => self.shared_to_cluster(),
            40..=45 => self.select(),
            46..=51 => self.diamond(),
            52..=55 => self.pointer_loop(),
            56..=67 => {
                let p = self.pick_ptr();
                self.access(&p);
            }
            68..=72 => self.load_pointer(),
            73..=75 => self.store_pointer(),
            76..=82 => self.mem_intrinsic(),
            83..=86 => self.atomic(),
            87..=91 => self.call(),
            92..=93 => self.long_chain(),
            _ => {
                // Two spellings of one address next to each other: the pairs that matter.
                self.gep_zero_pair();
            }
        }
    }

    /// Registers a new pointer and, often, accesses it right away.
    fn define(&mut self, p: Ptr) {
        self.ptrs.push(p.clone());
        if self.rng.percent(60) {
            self.access(&p);
        }
    }

    /// The right-hand side of a GEP from `base`: constant, zero, variable or byte offsets.
    fn gep_rhs(&mut self, base: &Ptr) -> String {
        let ix = self.gpu.index_type(base.space);
        let var = if ix == "i64" { "%n" } else { "%x" };
        let b = base.typed();
        match self.rng.below(6) {
            0 => format!("getelementptr inbounds i32, {b}, {ix} 0"),
            1 => format!(
                "getelementptr inbounds i32, {b}, {ix} {}",
                self.rng.below(8)
            ),
            2 => format!("getelementptr i32, {b}, {ix} {var}"),
            3 => format!(
                "getelementptr inbounds i8, {b}, {ix} {}",
                4 * self.rng.below(8)
            ),
            4 => format!(
                "getelementptr inbounds [16 x i32], {b}, {ix} 0, {ix} {}",
                self.rng.below(16)
            ),
            _ => format!(
                "getelementptr inbounds [4 x i32], {b}, {ix} {var}, {ix} {}",
                self.rng.below(4)
            ),
        }
    }

    fn gep(&mut self) {
        let base = self.pick_ptr();
        let rhs = self.gep_rhs(&base);
        let t = self.temp();
        self.line(&format!("{t} = {rhs}"));
        let p = Ptr {
            text: t,
            space: base.space,
            origin: base.origin,
        };
        self.geps.push((rhs, p.clone()));
        self.define(p);
    }

    /// A chain of GEPs longer than the AA's walk (32 values): the end must classify as
    /// generic, never as a wrong space.
    fn long_chain(&mut self) {
        let mut p = self.pick_ptr();
        let ix = self.gpu.index_type(p.space);
        for _ in 0..34 {
            let (t, k) = (self.temp(), self.rng.below(2));
            self.line(&format!(
                "{t} = getelementptr inbounds i8, {}, {ix} {k}",
                p.typed()
            ));
            p = Ptr { text: t, ..p };
        }
        self.define(p);
    }

    /// The same GEP again under a new name (BasicAA: MustAlias).
    fn repeat_gep(&mut self) {
        if self.geps.is_empty() {
            return self.gep();
        }
        let i = self.rng.index(self.geps.len());
        let (rhs, old) = self.geps[i].clone();
        let t = self.temp();
        self.line(&format!("{t} = {rhs}"));
        self.define(Ptr { text: t, ..old });
    }

    fn cast_to_generic(&mut self) {
        let gpu = self.gpu;
        let from: Vec<Ptr> = self
            .ptrs
            .iter()
            .filter(|p| gpu.castable(p.space))
            .cloned()
            .collect();
        if from.is_empty() {
            return self.gep();
        }
        let p = from[self.rng.index(from.len())].clone();
        let t = self.temp();
        self.line(&format!("{t} = addrspacecast {} to ptr", p.typed()));
        self.define(Ptr {
            text: t,
            space: 0,
            origin: p.origin,
        });
    }

    /// A generic pointer back into the space it came from (host-made: global).
    fn cast_from_generic(&mut self) {
        let gpu = self.gpu;
        let from: Vec<(Ptr, u32)> = self
            .ptrs
            .iter()
            .filter(|p| p.space == 0)
            .filter_map(|p| match p.origin {
                Origin::Space(s) if gpu.castable(s) => Some((p.clone(), s)),
                Origin::Host => Some((p.clone(), 1)),
                _ => None,
            })
            .collect();
        if from.is_empty() {
            return self.cast_to_generic();
        }
        let (p, space) = from[self.rng.index(from.len())].clone();
        let t = self.temp();
        self.line(&format!(
            "{t} = addrspacecast ptr {} to {}",
            p.text,
            ptr_type(space)
        ));
        self.define(Ptr {
            text: t,
            space,
            origin: p.origin,
        });
    }

    /// NVPTX: a shared pointer seen as shared-cluster memory (which contains it).
    fn shared_to_cluster(&mut self) {
        let shared: Vec<Ptr> = self.ptrs.iter().filter(|p| p.space == 3).cloned().collect();
        if self.gpu != Gpu::Nvptx || shared.is_empty() {
            return self.cast_to_generic();
        }
        let p = shared[self.rng.index(shared.len())].clone();
        let t = self.temp();
        self.line(&format!(
            "{t} = addrspacecast {} to ptr addrspace(7)",
            p.typed()
        ));
        self.define(Ptr {
            text: t,
            space: 7,
            origin: p.origin,
        });
    }

    /// Two pointers of one type: either of them (sometimes the same one twice).
    fn pick_pair(&mut self) -> (Ptr, Ptr) {
        let a = self.pick_ptr();
        let same: Vec<Ptr> = self
            .ptrs
            .iter()
            .filter(|p| p.space == a.space)
            .cloned()
            .collect();
        let b = same[self.rng.index(same.len())].clone();
        (a, b)
    }

    fn select(&mut self) {
        let (a, b) = self.pick_pair();
        let t = self.temp();
        self.line(&format!("{t} = select i1 %c, {}, {}", a.typed(), b.typed()));
        self.define(Ptr {
            text: t,
            space: a.space,
            origin: a.origin.join(b.origin),
        });
    }

    /// `if (c) p = gep a else p = b`: a phi of two pointers, each maybe offset on its side.
    fn diamond(&mut self) {
        let (a, b) = self.pick_pair();
        let (then, other, join) = (self.new_block(), self.new_block(), self.new_block());
        self.line(&format!("br i1 %c, label %{then}, label %{other}"));
        let mut incoming = Vec::new();
        // Values made on one side do not dominate the join.
        let ints = self.ints.len();
        for (side, p) in [(then, a.clone()), (other, b.clone())] {
            self.ints.truncate(ints);
            self.label(&side);
            let value = if self.rng.percent(50) {
                let rhs = self.gep_rhs(&p);
                let t = self.temp();
                self.line(&format!("{t} = {rhs}"));
                if self.rng.percent(50) {
                    let q = Ptr {
                        text: t.clone(),
                        ..p.clone()
                    };
                    self.access(&q);
                }
                t
            } else {
                p.text.clone()
            };
            self.line(&format!("br label %{join}"));
            incoming.push((value, side));
        }
        self.ints.truncate(ints);
        self.label(&join);
        let t = self.temp();
        self.line(&format!(
            "{t} = phi {} [ {}, %{} ], [ {}, %{} ]",
            ptr_type(a.space),
            incoming[0].0,
            incoming[0].1,
            incoming[1].0,
            incoming[1].1
        ));
        self.define(Ptr {
            text: t,
            space: a.space,
            origin: a.origin.join(b.origin),
        });
    }

    /// A pointer induction variable walking four elements from `base` (gpucc's Figure 4).
    fn pointer_loop(&mut self) {
        let base = self.pick_ptr();
        let (body, exit) = (self.new_block(), self.new_block());
        let pred = self.block.clone();
        self.line(&format!("br label %{body}"));
        self.label(&body);
        let (iv, next, i, inext, done) = (
            self.temp(),
            self.temp(),
            self.temp(),
            self.temp(),
            self.temp(),
        );
        let ty = ptr_type(base.space);
        self.line(&format!(
            "{iv} = phi {ty} [ {}, %{pred} ], [ {next}, %{body} ]",
            base.text
        ));
        self.line(&format!(
            "{i} = phi i32 [ 0, %{pred} ], [ {inext}, %{body} ]"
        ));
        let at = Ptr {
            text: iv,
            ..base.clone()
        };
        self.access(&at);
        let ix = self.gpu.index_type(base.space);
        self.line(&format!(
            "{next} = getelementptr inbounds i32, {}, {ix} 1",
            at.typed()
        ));
        self.line(&format!("{inext} = add i32 {i}, 1"));
        self.line(&format!("{done} = icmp eq i32 {inext}, 4"));
        self.line(&format!("br i1 {done}, label %{exit}, label %{body}"));
        self.label(&exit);
        // The loop block dominates the exit: both the phi and the step are usable.
        self.ptrs.push(at);
        self.define(Ptr { text: next, ..base });
    }

    /// A load or a store of an `i32` through `p` (loads only from read-only memory).
    fn access(&mut self, p: &Ptr) {
        let read_only = self.gpu.read_only(p.space)
            || matches!(p.origin, Origin::Space(s) if self.gpu.read_only(s));
        if read_only || self.rng.percent(50) {
            let t = self.temp();
            self.line(&format!("{t} = load i32, {}, align 4", p.typed()));
            self.ints.push(t);
        } else {
            let v = self.pick_int();
            self.line(&format!("store i32 {v}, {}, align 4", p.typed()));
        }
    }

    /// `p` and `gep p, 0` (or `p` cast to generic) both accessed: a MustAlias pair.
    fn gep_zero_pair(&mut self) {
        let p = self.pick_ptr();
        self.access(&p);
        let t = self.temp();
        let ix = self.gpu.index_type(p.space);
        if self.gpu.castable(p.space) && self.rng.percent(50) {
            self.line(&format!("{t} = addrspacecast {} to ptr", p.typed()));
            let q = Ptr {
                text: t,
                space: 0,
                origin: p.origin,
            };
            self.access(&q);
            self.ptrs.push(q);
        } else {
            self.line(&format!(
                "{t} = getelementptr inbounds i32, {}, {ix} 0",
                p.typed()
            ));
            let q = Ptr { text: t, ..p };
            self.access(&q);
            self.ptrs.push(q);
        }
    }

    /// A pointer loaded from memory: generic (host-made when read from read-only memory) or
    /// into a named space.
    fn load_pointer(&mut self) {
        let from = self.pick_ptr();
        let space = if self.rng.percent(70) {
            0
        } else {
            *self.rng.pick(&[1, 3])
        };
        let origin = match space {
            0 if self.gpu.read_only(from.space) => Origin::Host,
            0 => Origin::Unknown,
            n => Origin::Space(n),
        };
        let t = self.temp();
        self.line(&format!(
            "{t} = load {}, {}, align 8",
            ptr_type(space),
            from.typed()
        ));
        self.define(Ptr {
            text: t,
            space,
            origin,
        });
    }

    fn store_pointer(&mut self) {
        let Some(to) = self.pick_writable() else {
            return;
        };
        let v = self.pick_ptr();
        self.line(&format!("store {}, {}, align 8", v.typed(), to.typed()));
    }

    fn mem_intrinsic(&mut self) {
        let Some(dst) = self.pick_writable() else {
            return;
        };
        let len = 4 * (1 + self.rng.below(8));
        if self.rng.percent(30) {
            let name = format!("llvm.memset.p{}.i64", dst.space);
            self.declarations.insert(format!(
                "declare void @{name}({}, i8, i64, i1 immarg)",
                ptr_type(dst.space)
            ));
            self.line(&format!(
                "call void @{name}({}, i8 0, i64 {len}, i1 false)",
                dst.typed()
            ));
            return;
        }
        let src = self.pick_ptr();
        let op = if self.rng.percent(70) {
            "memcpy"
        } else {
            "memmove"
        };
        let name = format!("llvm.{op}.p{}.p{}.i64", dst.space, src.space);
        self.declarations.insert(format!(
            "declare void @{name}({}, {}, i64, i1 immarg)",
            ptr_type(dst.space),
            ptr_type(src.space)
        ));
        self.line(&format!(
            "call void @{name}({}, {}, i64 {len}, i1 false)",
            dst.typed(),
            src.typed()
        ));
    }

    fn atomic(&mut self) {
        let Some(p) = self.pick_writable() else {
            return;
        };
        let t = self.temp();
        if self.rng.percent(60) {
            let v = self.pick_int();
            self.line(&format!(
                "{t} = atomicrmw add {}, i32 {v} monotonic, align 4",
                p.typed()
            ));
            self.ints.push(t);
        } else {
            let (old, new) = (self.pick_int(), self.pick_int());
            self.line(&format!(
                "{t} = cmpxchg {}, i32 {old}, i32 {new} monotonic monotonic, align 4",
                p.typed()
            ));
        }
    }

    /// A call of an earlier helper with pointers of its parameter types.
    fn call(&mut self) {
        if self.callees.is_empty() {
            return self.select();
        }
        let callee = self.callees[self.rng.index(self.callees.len())].clone();
        let mut args = Vec::new();
        for &space in &callee.params {
            let fits: Vec<Ptr> = self
                .ptrs
                .iter()
                .filter(|p| p.space == space)
                .cloned()
                .collect();
            if fits.is_empty() {
                return;
            }
            args.push(fits[self.rng.index(fits.len())].typed());
        }
        let x = self.pick_int();
        args.extend([
            "i64 %n".to_string(),
            format!("i32 {x}"),
            "i1 %c".to_string(),
        ]);
        self.line(&format!("call void @{}({})", callee.name, args.join(", ")));
    }
}
