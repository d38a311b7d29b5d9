//! `gpucc-hpvm-lower`: the leaves of an HPVM dataflow graph (`docs/hpvm.md`)
//! as NVPTX kernels, the GPU back end of the HPVM paper (Kotsifakou et al.,
//! PPoPP 2018, §4), with its constant-memory mapping (§4.3) under
//! `gpucc-hpvm-lower<constmem>`.
//!
//! A leaf (a node function that creates no node) runs one instance per GPU
//! thread. Its parent, the *grid node*, runs one instance per thread block,
//! and the grid node's own parent must have one instance. So:
//! `getNodeInstanceID.d(self)` is `%tid.d`, of the parent `%ctaid.d`; the
//! counts are `%ntid.d` and `%nctaid.d`; `hpvm.barrier` is `bar.sync 0`.
//! A leaf whose parent has one instance is *flat*: one thread per instance
//! over as many blocks as needed, `id = ctaid * ntid + tid` and a guard
//! `id < count` at entry; a barrier means nothing there and is refused
//! (unless the counts are constants that make one launchable block: none
//! 0, z at most 64, at most 1024 threads; that lowers as one block).
//!
//! An *Alloc node* is a single-instance sibling of the leaf that returns
//! `llvm.hpvm.malloc(bytes)` and its size; an edge from it feeds the leaf's
//! pointer (and size) inputs once per parent instance, i.e. per block. That
//! is shared memory: a static `addrspace(3)` array when `bytes` is a
//! constant, else the kernel's dynamic shared memory (one `extern` array),
//! with `i64 @<k>_shared_bytes(...)` for the host, which takes the Alloc
//! node's parameters and returns the size to launch with.
//!
//! Worked example (`test/ir/hpvm-lower/conv1d.ll`, a 1-D convolution):
//! ```text
//!   root()  -> createNode1D(@grid, nblocks)
//!   grid()  -> createNode(@alloc), createNode1D(@leaf, bs),
//!              edge(@alloc.0 -> @leaf.6), edge(@alloc.1 -> @leaf.7)
//!   alloc(bytes)  -> malloc(1088), return(2, %m, 1088)
//!   leaf(in, in_bytes, coef, coef_bytes, out, out_bytes, tile, tile_bytes, n, k)
//! becomes
//!   @leaf_shared6 = internal addrspace(3) global [1088 x i8], align 16
//!   define void @leaf(in, in_bytes, coef, coef_bytes, out, out_bytes, n, k)
//!     ; tid.x, ctaid.x, ntid.x for the IDs, bar.sync 0 for the barrier,
//!     ; @leaf_shared6 for `tile`, 1088 for `tile_bytes`
//! ```
//! and with `constmem` also `@leaf_const`, where `coef` (every load of it
//! at an address the same for all threads of a block, by LLVM's
//! uniformity analysis) is read from `@leaf_const_pool`, an `addrspace(4)`
//! array of 64 KiB, so that `ld.const` reads it; `in` (indexed by the
//! thread) stays global. Its host guard `i1 @leaf_const_fits(coef_bytes)`
//! says whether the data fits; otherwise the host launches `@leaf`.
//! Each qualifying pointer sits at the sum of the sizes (rounded up to 16)
//! of the qualifying pointers before it.
//!
//! The graph functions (root, grid node, Alloc node, leaf) are deleted when
//! every leaf of the module lowered: what remains is device code only, with
//! kernels named after their leaves (characters PTX rejects turned to `_`).
//!
//! *Refusals* (missed remark `Refused`, the leaf is left alone): outputs
//! feeding sibling edges, streaming edges or bindings, a leaf created more
//! than once, a single-instance leaf, a grid node whose parent has several
//! instances, a barrier under control flow (its block does not
//! post-dominate the entry) or in a flat leaf, `hpvm.malloc` in a leaf, an
//! input fed by a sibling that is not an Alloc node, an Alloc size that is
//! neither constant nor an Alloc-node input, node handles other than the
//! leaf's and its parent's or used other than by HPVM queries, and
//! `llvm.hpvm.atomic.*`, and under a grid node constant instance counts
//! that make no launchable block (a 0, x or y above 1024, z above 64, more
//! than 1024 in all). A rank above 3 cannot be written (`gpucc-hpvm-gen`
//! stops at it).
//!
//! *Remarks*: passed `Lowered` per kernel, `ConstantMemory` per pointer
//! served from the pool; missed `NotConstantMemory` (with the reason) per
//! other candidate, `Refused` (with the reason) per leaf left alone.
//! Tests: `test/ir/hpvm-lower/`, `test/ptx/hpvm-lower/`.

use crate::analysis::hpvm::{self, fname, Graph};
use crate::llvm::hpvm as lh;
use crate::llvm::{self, Fam, RemarkKind};
use crate::params::{self, Kind, ParamError, Spec, Value};
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::{Linkage, Module};
use inkwell::types::BasicMetadataTypeEnum;
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
};
use inkwell::AddressSpace;

/// The pipeline name.
pub const NAME: &str = "gpucc-hpvm-lower";

/// The most bytes of constant memory a kernel may use.
const CONST_BYTES: u64 = 65536;

/// `gpucc-hpvm-lower<constmem>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowerParams {
    /// Also emit the constant-memory form of each kernel.
    pub constmem: bool,
}

impl LowerParams {
    /// The accepted parameters.
    pub const SPECS: &'static [Spec] = &[Spec {
        name: "constmem",
        kind: Kind::Flag,
    }];

    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = LowerParams::default();
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("constmem", Value::Flag(b)) => p.constmem = b,
            _ => unreachable!("gpucc-hpvm-lower: SPECS and parse agree"),
        })?;
        Ok(p)
    }
}

/// How the leaf's instances map to threads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Leaf = block, parent = grid.
    Block,
    /// One thread per instance over the grid, with a bounds guard.
    Flat,
}

/// A flat leaf's instance count of one dimension, as the kernel sees it.
#[derive(Clone, Copy)]
enum Count {
    Const(u64),
    /// The leaf's parameter that carries it.
    Param(u32),
}

/// What becomes of one leaf parameter.
#[derive(Clone, Copy)]
enum Fate<'ctx> {
    Keep,
    /// The pointer of an Alloc node: shared memory of this size.
    SharedPtr(Size<'ctx>),
    /// The byte size of an Alloc node (a constant one is folded).
    SharedSize(Size<'ctx>),
}

/// The size of an Alloc node's memory.
#[derive(Clone, Copy)]
enum Size<'ctx> {
    Const(u64),
    /// Parameter `arg` of Alloc node function `alloc`.
    Arg(FunctionValue<'ctx>, u32),
}

/// A leaf that lowers.
struct Plan<'ctx> {
    leaf: FunctionValue<'ctx>,
    mode: Mode,
    counts: Vec<Count>,
    fates: Vec<Fate<'ctx>>,
}

/// The pass; true when it changed the module.
pub fn run(functions: &[FunctionValue<'_>], fam: Fam<'_>, p: &LowerParams) -> bool {
    let graph = Graph::build(functions).unwrap_or_else(|e| llvm::fatal(&format!("{NAME}: {e}")));
    if graph.nodes.is_empty() {
        return false;
    }
    let triple = llvm::function_triple(functions[0]);
    if !triple.starts_with("nvptx") {
        llvm::fatal(&format!(
            "{NAME}: the module's target is '{triple}'; HPVM leaves lower to NVPTX kernels \
             (use -mtriple=nvptx64-nvidia-cuda)"
        ));
    }
    let mut lowered = 0usize;
    let mut leaves = 0usize;
    for &f in functions {
        let nodes = graph.nodes_of(f);
        if nodes.is_empty() || graph.creates_nodes(f) || is_alloc_node(&graph, f) {
            continue;
        }
        leaves += 1;
        let at = graph.nodes[nodes[0]].call;
        let parent = graph.nodes[nodes[0]].parent;
        match plan(&graph, f, &nodes, fam) {
            Ok(plan) => {
                let (k, summary) = build(&plan, fam, p);
                lowered += 1;
                llvm::emit_remark(
                    fam,
                    parent,
                    Some(at),
                    RemarkKind::Passed,
                    NAME,
                    "Lowered",
                    &format!(
                        "leaf @{} lowered to kernel @{} ({summary})",
                        fname(f).trim_end_matches(".hpvm.leaf"),
                        fname(k)
                    ),
                );
            }
            Err(why) => {
                llvm::emit_remark(
                    fam,
                    parent,
                    Some(at),
                    RemarkKind::Missed,
                    NAME,
                    "Refused",
                    &format!("leaf @{} not lowered: {why}", fname(f)),
                );
            }
        }
    }
    if lowered == 0 {
        return false;
    }
    if lowered == leaves {
        // Device code only: the graph functions and the intrinsics go.
        let mut gone: Vec<FunctionValue> = Vec::new();
        for n in &graph.nodes {
            for f in [n.func, n.parent] {
                if !gone.contains(&f) {
                    gone.push(f);
                }
            }
        }
        // Roots (functions that create nodes, instantiated by none) are in
        // `gone` already, as parents.
        if let Some(m) = llvm::openmp::module_of(gone[0]) {
            let mut g = m.get_first_function();
            while let Some(f) = g {
                if f.get_name().to_bytes().starts_with(hpvm::PREFIX.as_bytes())
                    && !gone.contains(&f)
                {
                    gone.push(f);
                }
                g = f.get_next_function();
            }
        }
        lh::erase_functions(gone);
    }
    true
}

/// Is `f` an Alloc node: one instance, creates nothing, returns a
/// `llvm.hpvm.malloc` result as its output 0?
fn is_alloc_node(g: &Graph<'_>, f: FunctionValue<'_>) -> bool {
    let nodes = g.nodes_of(f);
    !nodes.is_empty()
        && nodes.iter().all(|&n| g.nodes[n].rank == 0)
        && !g.creates_nodes(f)
        && alloc_malloc(f).is_some()
}

/// The `llvm.hpvm.malloc` call an Alloc node returns as output 0.
fn alloc_malloc(f: FunctionValue<'_>) -> Option<InstructionValue<'_>> {
    let out0 = *hpvm::outputs(f).first()?;
    let m = out0.as_instruction_value()?;
    (hpvm::intrinsic(m)? == "malloc").then_some(m)
}

/// Is `g`'s node function `f` run as a single instance (instantiated by at
/// most one rank-0 node, or not at all: a root)?
fn single_instance(g: &Graph<'_>, f: FunctionValue<'_>) -> bool {
    let nodes = g.nodes_of(f);
    nodes.is_empty() || (nodes.len() == 1 && g.nodes[nodes[0]].rank == 0)
}

/// Decides how `leaf` lowers, or why it does not.
fn plan<'ctx>(
    g: &Graph<'ctx>,
    leaf: FunctionValue<'ctx>,
    nodes: &[usize],
    fam: Fam<'ctx>,
) -> Result<Plan<'ctx>, String> {
    if nodes.len() != 1 {
        return Err(format!("it is instantiated by {} nodes", nodes.len()));
    }
    let me = nodes[0];
    let node = &g.nodes[me];
    if node.rank == 0 {
        return Err("a single-instance leaf is no kernel".into());
    }
    let parent = node.parent;
    let shape: Option<Vec<u64>> = node.counts.iter().map(|&c| const_u64(c)).collect();
    let mode = if single_instance(g, parent) {
        let fits = shape.as_deref().is_some_and(|s| block_misfit(s).is_none());
        if fits {
            Mode::Block
        } else {
            Mode::Flat
        }
    } else {
        let pn = g.nodes_of(parent);
        if pn.len() != 1 {
            return Err(format!(
                "its parent @{} is instantiated by {} nodes",
                fname(parent),
                pn.len()
            ));
        }
        let grandparent = g.nodes[pn[0]].parent;
        if !single_instance(g, grandparent) {
            return Err(format!(
                "its parent @{} is not the grid: @{}, which creates it, has several instances",
                fname(parent),
                fname(grandparent)
            ));
        }
        if let Some(why) = shape.as_deref().and_then(block_misfit) {
            return Err(format!("one instance per thread of a block: {why}"));
        }
        Mode::Block
    };
    for b in g.binds.iter().filter(|b| b.node == Some(me)) {
        if b.streaming {
            return Err("a streaming binding".into());
        }
        if !b.input {
            return Err("its outputs are bound to its parent's (a kernel returns nothing)".into());
        }
        if b.node_port >= leaf.count_params() {
            return Err(format!(
                "binding to input {}, which does not exist",
                b.node_port
            ));
        }
    }
    let mut fates = vec![Fate::Keep; leaf.count_params() as usize];
    for e in &g.edges {
        if e.src == Some(me) {
            return Err("its outputs feed sibling edges".into());
        }
        if e.dst != Some(me) {
            continue;
        }
        if e.streaming {
            return Err("a streaming edge".into());
        }
        let src = e.src.map(|s| g.nodes[s].func);
        let Some(a) = src.filter(|&a| is_alloc_node(g, a)) else {
            return Err(format!(
                "input {} is fed by a sibling that is not an Alloc node",
                e.dst_in
            ));
        };
        let m = alloc_malloc(a).expect("an Alloc node has its malloc");
        let bytes = hpvm::args(m)[0];
        let size = if let Some(n) = const_u64(bytes) {
            Size::Const(n)
        } else if let Some(i) = llvm::openmp::argument_index(bytes) {
            Size::Arg(a, i)
        } else {
            return Err(format!(
                "the size of @{}'s memory is neither a constant nor one of its inputs",
                fname(a)
            ));
        };
        let k = e.dst_in as usize;
        if k >= fates.len() {
            return Err(format!("edge to input {k}, which does not exist",));
        }
        fates[k] = match e.src_out {
            0 => Fate::SharedPtr(size),
            1 => Fate::SharedSize(size),
            o => {
                return Err(format!(
                    "input {k} is fed by output {o} of Alloc node @{}",
                    fname(a)
                ))
            }
        };
    }
    let dynamic = fates
        .iter()
        .filter(|f| matches!(f, Fate::SharedPtr(Size::Arg(..))))
        .count();
    if dynamic > 1 {
        return Err("more than one dynamically sized shared allocation".into());
    }
    // The leaf's own HPVM calls.
    let entry = leaf.get_first_basic_block().ok_or("it has no body")?;
    for (call, name) in hpvm::calls_in(leaf) {
        match name.as_str() {
            "getNode" | "getParentNode" => {
                for (user, _) in llvm::uses_of(call) {
                    let ok = hpvm::intrinsic(user).is_some_and(|n| {
                        n == "getParentNode"
                            || n.starts_with("getNodeInstanceID.")
                            || n.starts_with("getNumNodeInstances.")
                    });
                    if !ok {
                        return Err(
                            "a node handle escapes (used by other than an HPVM query)".into()
                        );
                    }
                }
            }
            n if n.starts_with("getNodeInstanceID.") || n.starts_with("getNumNodeInstances.") => {
                if whose(call).is_none() {
                    return Err(format!(
                        "llvm.hpvm.{n} of a node other than the leaf or its parent"
                    ));
                }
            }
            "barrier" => {
                if mode == Mode::Flat {
                    return Err("a barrier in a leaf whose parent has one instance (no block to synchronize)".into());
                }
                let bb = call.get_parent().expect("in a block");
                if !lh::postdominates(fam, leaf, bb, entry) {
                    return Err(
                        "a barrier under control flow that may depend on the instance".into(),
                    );
                }
            }
            "hint" | "attributes" | "return" => {}
            "malloc" => return Err("llvm.hpvm.malloc outside an Alloc node".into()),
            n if n.starts_with("atomic") => {
                return Err(format!("llvm.hpvm.{n} (atomics are not lowered)"))
            }
            n => return Err(format!("llvm.hpvm.{n} in a leaf")),
        }
    }
    let mut counts = Vec::new();
    if mode == Mode::Flat {
        for &c in &node.counts {
            counts.push(if let Some(n) = const_u64(c) {
                Count::Const(n)
            } else {
                let port = llvm::openmp::argument_index(c).ok_or(
                    "an instance count that is neither a constant nor an input of the parent",
                )?;
                let b = g
                    .binds
                    .iter()
                    .find(|b| b.node == Some(me) && b.input && b.parent_port == port)
                    .ok_or("an instance count that the leaf does not receive as an input")?;
                Count::Param(b.node_port)
            });
        }
    }
    Ok(Plan {
        leaf,
        mode,
        counts,
        fates,
    })
}

/// A non-negative integer constant.
/// Why constant instance counts `s` (x, y, z) cannot be one thread block's
/// threads: a count of 0, a dimension beyond CUDA's block limits (1024,
/// 1024, 64), or more than 1024 threads in all; `None` when they can.
fn block_misfit(s: &[u64]) -> Option<String> {
    const DIMS: [(&str, u64); 3] = [("x", 1024), ("y", 1024), ("z", 64)];
    for (&n, (d, max)) in s.iter().zip(DIMS) {
        if n == 0 {
            return Some(format!("0 instances in {d}"));
        }
        if n > max {
            return Some(format!("{n} instances in {d}, more than {max}"));
        }
    }
    let all = s.iter().fold(1u64, |a, &n| a.saturating_mul(n));
    (all > 1024).then(|| format!("{all} instances, more than 1024 threads"))
}

fn const_u64(v: BasicValueEnum<'_>) -> Option<u64> {
    match v {
        BasicValueEnum::IntValue(i) if i.is_const() => i
            .get_sign_extended_constant()
            .and_then(|n| u64::try_from(n).ok()),
        _ => None,
    }
}

/// Whose ID or count query `call` is: `Some(false)` the leaf's own,
/// `Some(true)` its parent's.
fn whose(call: InstructionValue<'_>) -> Option<bool> {
    let h = hpvm::args(call).first()?.as_instruction_value()?;
    match hpvm::intrinsic(h)?.as_str() {
        "getNode" => Some(false),
        "getParentNode" => {
            let inner = hpvm::args(h).first()?.as_instruction_value()?;
            (hpvm::intrinsic(inner)? == "getNode").then_some(true)
        }
        _ => None,
    }
}

/// A name PTX accepts: `[A-Za-z_$][A-Za-z0-9_$]*`.
fn ptx_name(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// Builds the kernel(s) of `plan`; returns the kernel and a summary.
fn build<'ctx>(
    plan: &Plan<'ctx>,
    fam: Fam<'ctx>,
    p: &LowerParams,
) -> (FunctionValue<'ctx>, String) {
    let leaf = plan.leaf;
    let module = llvm::openmp::module_of(leaf).expect("a leaf is in a module");
    let ctx = module.get_context();
    let kname = ptx_name(&fname(leaf));
    lh::rename(leaf, &format!("{}.hpvm.leaf", fname(leaf)));
    let i64t = ctx.i64_type();
    let mut keep = Vec::new();
    let mut repl: Vec<Option<BasicValueEnum>> = vec![None; plan.fates.len()];
    let mut shared = Vec::new();
    for (k, fate) in plan.fates.iter().enumerate() {
        match *fate {
            Fate::Keep | Fate::SharedSize(Size::Arg(..)) => keep.push(k as u32),
            Fate::SharedSize(Size::Const(n)) => repl[k] = Some(i64t.const_int(n, false).into()),
            Fate::SharedPtr(size) => {
                let (ty, gname, linkage) = match size {
                    Size::Const(n) => (
                        ctx.i8_type().array_type(n as u32),
                        format!("{kname}_shared{k}"),
                        Linkage::Internal,
                    ),
                    Size::Arg(..) => (
                        ctx.i8_type().array_type(0),
                        format!("{kname}_dynamic_shared"),
                        Linkage::External,
                    ),
                };
                let gv = module.add_global(ty, Some(AddressSpace::from(3u16)), &gname);
                gv.set_linkage(linkage);
                gv.set_alignment(16);
                if let Size::Const(_) = size {
                    gv.set_initializer(&ty.get_undef());
                }
                let generic = gv
                    .as_pointer_value()
                    .const_cast(ctx.ptr_type(AddressSpace::default()));
                repl[k] = Some(generic.into());
                shared.push(match size {
                    Size::Const(n) => format!("input {k}: static shared tile of {n} bytes"),
                    Size::Arg(a, i) => {
                        shared_bytes_fn(&module, &ctx, &kname, a, i);
                        format!("input {k}: dynamic shared memory, @{kname}_shared_bytes")
                    }
                });
            }
        }
    }
    let k = lh::clone_kernel(leaf, &kname, &keep, &repl);
    // Leaf parameter index -> kernel parameter.
    let param_of = |i: u32| -> Option<IntValue<'ctx>> {
        keep.iter()
            .position(|&x| x == i)
            .and_then(|pos| k.get_nth_param(pos as u32))
            .map(|v| v.into_int_value())
    };
    let b = ctx.create_builder();
    lower_calls(&module, &ctx, &b, k, plan, &param_of);
    lh::mark_kernel(k);
    let mut summary = format!(
        "{}; {}",
        if plan.mode == Mode::Block {
            "leaf = block, parent = grid"
        } else {
            "flat: one thread per instance, bounds-checked"
        },
        if shared.is_empty() {
            "no shared memory".to_string()
        } else {
            shared.join(", ")
        }
    );
    if p.constmem {
        summary.push_str(&constmem(&module, &ctx, &b, k, &kname, fam));
    }
    (k, summary)
}

/// `i64 @<k>_shared_bytes(<alloc's parameters>)`: returns parameter `i`.
fn shared_bytes_fn<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    kname: &str,
    alloc: FunctionValue<'ctx>,
    i: u32,
) {
    let params: Vec<BasicMetadataTypeEnum> = alloc.get_type().get_param_types();
    let (f, b) = host_function(
        module,
        ctx,
        &format!("{kname}_shared_bytes"),
        ctx.i64_type().fn_type(&params, false),
    );
    let v = f
        .get_nth_param(i)
        .expect("the Alloc node's parameter")
        .into_int_value();
    let v = if v.get_type().get_bit_width() == 64 {
        v
    } else {
        b.build_int_s_extend(v, ctx.i64_type(), "")
            .expect("positioned")
    };
    b.build_return(Some(&v)).expect("positioned");
}

/// A new function `name` of type `ty` for the host (`_shared_bytes`,
/// `_const_fits`), with a builder at the end of its empty entry block.
fn host_function<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    name: &str,
    ty: inkwell::types::FunctionType<'ctx>,
) -> (FunctionValue<'ctx>, Builder<'ctx>) {
    let f = module.add_function(name, ty, None);
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    (f, b)
}

/// Declares (or finds) `i32 @llvm.nvvm.read.ptx.sreg.<reg>()`.
fn sreg<'ctx>(module: &Module<'ctx>, ctx: &ContextRef<'ctx>, reg: &str) -> FunctionValue<'ctx> {
    let name = format!("llvm.nvvm.read.ptx.sreg.{reg}");
    module
        .get_function(&name)
        .unwrap_or_else(|| module.add_function(&name, ctx.i32_type().fn_type(&[], false), None))
}

/// Reads special register `reg` (`tid.x`, ...) as an i64, at `b`.
fn read<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    reg: &str,
) -> IntValue<'ctx> {
    let v = b
        .build_call(sreg(module, ctx, reg), &[], reg)
        .expect("positioned")
        .try_as_basic_value()
        .basic()
        .expect("an i32")
        .into_int_value();
    b.build_int_z_extend(v, ctx.i64_type(), "")
        .expect("positioned")
}

/// The flat ID of dimension `d`: `ctaid * ntid + tid`.
fn flat_id<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    d: &str,
) -> IntValue<'ctx> {
    let c = read(module, ctx, b, &format!("ctaid.{d}"));
    let n = read(module, ctx, b, &format!("ntid.{d}"));
    let t = read(module, ctx, b, &format!("tid.{d}"));
    let m = b.build_int_nuw_mul(c, n, "").expect("positioned");
    b.build_int_nuw_add(m, t, "hpvm.id").expect("positioned")
}

/// Replaces the HPVM calls of kernel `k`.
fn lower_calls<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    k: FunctionValue<'ctx>,
    plan: &Plan<'ctx>,
    param_of: &dyn Fn(u32) -> Option<IntValue<'ctx>>,
) {
    let i64t = ctx.i64_type();
    let count = |d: usize| -> IntValue<'ctx> {
        match plan.counts.get(d) {
            Some(Count::Const(n)) => i64t.const_int(*n, false),
            Some(Count::Param(i)) => {
                let v = param_of(*i).expect("a kept parameter");
                if v.get_type().get_bit_width() == 64 {
                    v
                } else {
                    b.build_int_s_extend(v, i64t, "").expect("positioned")
                }
            }
            None => i64t.const_int(1, false),
        }
    };
    let mut erase = Vec::new();
    for (call, name) in hpvm::calls_in(k) {
        b.position_before(&call);
        let query = name
            .strip_prefix("getNodeInstanceID.")
            .map(|d| (d, true))
            .or_else(|| {
                name.strip_prefix("getNumNodeInstances.")
                    .map(|d| (d, false))
            });
        if let Some((d, id)) = query {
            let parent = whose(call).expect("checked by plan");
            let dim = match d {
                "x" => 0,
                "y" => 1,
                _ => 2,
            };
            let v = match (plan.mode, parent, id) {
                (Mode::Block, false, true) => read(module, ctx, b, &format!("tid.{d}")),
                (Mode::Block, true, true) => read(module, ctx, b, &format!("ctaid.{d}")),
                (Mode::Block, false, false) => read(module, ctx, b, &format!("ntid.{d}")),
                (Mode::Block, true, false) => read(module, ctx, b, &format!("nctaid.{d}")),
                (Mode::Flat, false, true) => flat_id(module, ctx, b, d),
                (Mode::Flat, false, false) => count(dim),
                (Mode::Flat, true, true) => i64t.const_zero(),
                (Mode::Flat, true, false) => i64t.const_int(1, false),
            };
            if v.as_instruction().is_some() {
                llvm::take_name(call, v);
            }
            llvm::replace_all_uses(call, v);
            erase.push(call);
        } else if name == "barrier" {
            lh::barrier_before(call);
            erase.push(call);
        } else {
            erase.push(call);
        }
    }
    // Queries first, then getParentNode, then getNode.
    let rank = |c: &InstructionValue<'_>| match hpvm::intrinsic(*c).as_deref() {
        Some("getParentNode") => 1,
        Some("getNode") => 2,
        _ => 0,
    };
    erase.sort_by_key(rank);
    for c in erase {
        c.erase_from_basic_block();
    }
    if plan.mode == Mode::Flat {
        guard(module, ctx, b, k, plan, &count);
    }
}

/// The flat kernel's entry guard: `id.d < count.d` for every dimension,
/// else return.
fn guard<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    k: FunctionValue<'ctx>,
    plan: &Plan<'ctx>,
    count: &dyn Fn(usize) -> IntValue<'ctx>,
) {
    let entry = k.get_first_basic_block().expect("a body");
    let first = entry
        .get_first_instruction()
        .expect("a terminator at least");
    let body = llvm::split_block_before(first, "hpvm.in");
    let exit = ctx.append_basic_block(k, "hpvm.out");
    b.position_at_end(exit);
    b.build_return(None).expect("positioned");
    let old = entry.get_terminator().expect("split leaves a branch");
    b.position_before(&old);
    let mut all: Option<IntValue> = None;
    for (d, name) in ["x", "y", "z"].iter().enumerate().take(plan.counts.len()) {
        let id = flat_id(module, ctx, b, name);
        let n = count(d);
        let c = b
            .build_int_compare(inkwell::IntPredicate::ULT, id, n, "hpvm.inside")
            .expect("positioned");
        all = Some(match all {
            Some(a) => b.build_and(a, c, "hpvm.inside").expect("positioned"),
            None => c,
        });
    }
    let all = all.expect("a flat leaf has rank 1 to 3");
    b.build_conditional_branch(all, body, exit)
        .expect("positioned");
    old.erase_from_basic_block();
}

/// Adds `<k>_const` and `<k>_const_fits` when some pointer parameter of `k`
/// qualifies for constant memory; returns the summary's addition.
fn constmem<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    k: FunctionValue<'ctx>,
    kname: &str,
    fam: Fam<'ctx>,
) -> String {
    let n = k.count_params();
    let mut chosen: Vec<(u32, u32)> = Vec::new(); // (pointer, size) parameter indices
    for i in 0..n {
        let Some(BasicValueEnum::PointerValue(ptr)) = k.get_nth_param(i) else {
            continue;
        };
        let pname = match ptr.get_name().to_str() {
            Ok(n) if !n.is_empty() => format!("%{n}"),
            _ => format!("parameter {i}"),
        };
        let verdict = match k.get_nth_param(i + 1) {
            Some(BasicValueEnum::IntValue(s))
                if (8..=64).contains(&s.get_type().get_bit_width()) =>
            {
                qualifies(fam, k, ptr.as_basic_value_enum())
            }
            Some(BasicValueEnum::IntValue(s)) => Err(format!(
                "the i{} after it is no byte size (8 to 64 bits)",
                s.get_type().get_bit_width()
            )),
            _ => Err("no byte size follows it".to_string()),
        };
        match verdict {
            Ok(()) => {
                chosen.push((i, i + 1));
                llvm::emit_remark(
                    fam,
                    k,
                    None,
                    RemarkKind::Passed,
                    NAME,
                    "ConstantMemory",
                    &format!("{pname} of @{kname} is read from constant memory in @{kname}_const"),
                );
            }
            Err(why) => llvm::emit_remark(
                fam,
                k,
                None,
                RemarkKind::Missed,
                NAME,
                "NotConstantMemory",
                &format!("{pname} of @{kname} stays in global memory: {why}"),
            ),
        }
    }
    if chosen.is_empty() {
        return String::new();
    }
    let i8t = ctx.i8_type();
    let i64t = ctx.i64_type();
    let pool_ty = i8t.array_type(CONST_BYTES as u32);
    let pool = module.add_global(
        pool_ty,
        Some(AddressSpace::from(4u16)),
        &format!("{kname}_const_pool"),
    );
    pool.set_alignment(16);
    pool.set_externally_initialized(true);
    pool.set_initializer(&pool_ty.const_zero());
    let kc = lh::clone_same(k, &format!("{kname}_const"));
    lh::mark_kernel(kc);
    let entry = kc.get_first_basic_block().expect("a body");
    b.position_before(
        &entry
            .get_first_instruction()
            .expect("a terminator at least"),
    );
    let round = |b: &Builder<'ctx>, s: IntValue<'ctx>| -> IntValue<'ctx> {
        let s = if s.get_type().get_bit_width() == 64 {
            s
        } else {
            b.build_int_z_extend(s, i64t, "").expect("positioned")
        };
        let up = b
            .build_int_add(s, i64t.const_int(15, false), "")
            .expect("positioned");
        b.build_and(up, i64t.const_int(!15u64, false), "")
            .expect("positioned")
    };
    let mut off: Option<IntValue> = None;
    for (j, &(pi, si)) in chosen.iter().enumerate() {
        let base = pool.as_pointer_value();
        let at = match off {
            Some(o) => lh::byte_gep(b, i8t, base, o),
            None => base,
        };
        let generic = b
            .build_address_space_cast(at, ctx.ptr_type(AddressSpace::default()), "hpvm.const")
            .expect("positioned");
        let param = kc.get_nth_param(pi).expect("the pointer");
        lh::replace_uses(param, generic);
        if j + 1 < chosen.len() {
            let size = kc.get_nth_param(si).expect("its size").into_int_value();
            let r = round(b, size);
            off = Some(match off {
                Some(o) => b.build_int_add(o, r, "hpvm.off").expect("positioned"),
                None => r,
            });
        }
    }
    // The host's guard.
    let params: Vec<BasicMetadataTypeEnum> = chosen.iter().map(|_| i64t.into()).collect();
    let (fits, fb) = host_function(
        module,
        ctx,
        &format!("{kname}_const_fits"),
        ctx.bool_type().fn_type(&params, false),
    );
    let mut sum: Option<IntValue> = None;
    for j in 0..chosen.len() as u32 {
        let s = fits.get_nth_param(j).expect("a size").into_int_value();
        let r = round(&fb, s);
        // Sizes beyond the pool make the sum large but never wrap: each is
        // clamped to the pool's size plus 16. The test looks at the size
        // itself, not at its rounding, which wraps to 0 for the last 15
        // values of i64 (a host passing (size_t)-1 must not be told "fits").
        let big = fb
            .build_int_compare(
                inkwell::IntPredicate::UGT,
                s,
                i64t.const_int(CONST_BYTES, false),
                "",
            )
            .expect("positioned");
        let r = fb
            .build_select(big, i64t.const_int(CONST_BYTES + 16, false), r, "")
            .expect("positioned")
            .into_int_value();
        sum = Some(match sum {
            Some(s) => fb.build_int_add(s, r, "").expect("positioned"),
            None => r,
        });
    }
    let sum = sum.expect("at least one pointer");
    let ok = fb
        .build_int_compare(
            inkwell::IntPredicate::ULE,
            sum,
            i64t.const_int(CONST_BYTES, false),
            "fits",
        )
        .expect("positioned");
    fb.build_return(Some(&ok)).expect("positioned");
    format!(
        "; constant form @{kname}_const for {} pointer(s)",
        chosen.len()
    )
}

/// Does pointer parameter `p` of `k` qualify for constant memory: every use
/// ends in a load (through GEPs), at an address uniform across the block?
fn qualifies<'ctx>(
    fam: Fam<'ctx>,
    k: FunctionValue<'ctx>,
    p: BasicValueEnum<'ctx>,
) -> Result<(), String> {
    let mut work = vec![p];
    let mut loads = 0usize;
    while let Some(v) = work.pop() {
        for (user, no) in llvm::uses_of(v) {
            match user.get_opcode() {
                InstructionOpcode::GetElementPtr if no == 0 => {
                    work.push(llvm::openmp::result_value(user).expect("a GEP has a value"));
                }
                InstructionOpcode::Load => {
                    let addr = llvm::operand(&user, 0).expect("a load has an address");
                    if !lh::is_uniform(fam, k, addr) {
                        return Err("its address is not uniform across the block (LLVM's uniformity analysis)".into());
                    }
                    loads += 1;
                }
                InstructionOpcode::Store => return Err("it is written through, or stored".into()),
                InstructionOpcode::Call => return Err("it is passed to a call".into()),
                op => return Err(format!("it is used by {op:?}")),
            }
        }
    }
    if loads == 0 {
        return Err("it is never read".into());
    }
    Ok(())
}
