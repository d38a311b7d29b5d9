//! `gpucc-hpvm-gen`: HPVM-C (C with `__hpvm__*` calls, `include/hpvm.h`)
//! to HPVM's IR notation (`llvm.hpvm.*` intrinsics, `docs/hpvm.md` §1), the
//! front half of the HPVM paper's flow (Kotsifakou et al., PPoPP 2018).
//!
//! Stock clang compiles HPVM-C at `-O0 -Xclang -disable-O0-optnone`: each
//! `__hpvm__*` call is then a call to an external C function, with C's
//! argument types (varargs promoted to `int`/`long`/`ptr`). This pass
//! 1. renames each call to its intrinsic and gives it the intrinsic's
//!    operand types: counts to `i64`, ports to `i32`, flags to `i1`;
//!    `__hpvm__createNodeND(d, f, n...)` becomes `createNode` (d = 0) or
//!    `createNode{d}D(f, n...)`;
//! 2. declares the intrinsics with what they promise: the ID and count
//!    queries and `getNode`/`getParentNode` read no memory, do not unwind
//!    and return (`memory(none) nounwind willreturn`), so later passes may
//!    move, merge and hoist them; the barrier is `convergent nounwind`, so
//!    no pass may make it depend on more or other conditions (at `-O0` it
//!    was a plain external call);
//! 3. reads the graph that the `createNode`/`bind`/`edge` calls describe
//!    (`analysis::hpvm`) and checks it: every port within its node's inputs
//!    (its function's parameters) or outputs (the operands of its
//!    `__hpvm__return`), bound values of the same type, every handle a node.
//!
//! Worked example (`examples/hpvm/conv1d.c`, the grid node):
//! ```text
//!   %t = call ptr (i32, ...) @__hpvm__createNodeND(i32 0, ptr @alloc)
//!   %l = call ptr (i32, ...) @__hpvm__createNodeND(i32 1, ptr @leaf, i64 %bs)
//!   call void @__hpvm__bindIn(ptr %t, i32 6, i32 0, i32 0)
//!   call ptr @__hpvm__edge(ptr %t, ptr %l, i32 1, i32 0, i32 6, i32 0)
//! becomes
//!   %t = call ptr @llvm.hpvm.createNode(ptr @alloc)
//!   %l = call ptr @llvm.hpvm.createNode1D(ptr @leaf, i64 %bs)
//!   call void @llvm.hpvm.bind.input(ptr %t, i32 6, i32 0, i1 false)
//!   call ptr @llvm.hpvm.createEdge(ptr %t, ptr %l, i1 true, i32 0, i32 6, i1 false)
//! ```
//! and the check finds that output 0 of `@alloc` (its `__hpvm__return`'s
//! first value, a `ptr`) feeds input 6 of `@leaf`, a `ptr`.
//!
//! *Errors* (non-zero exit, naming the pass and the call): a rank above 3
//! (HPVM has no `createNode4D`), a count list that does not match the rank,
//! a port or flag that is not a constant, a port out of range, a type
//! mismatch, a handle that is no node; a node function without a body or
//! returning a value; a function with more than one `__hpvm__return`, or
//! one whose count is not its number of values; a node function that
//! creates itself, directly or through its descendants (the hierarchy must
//! be finite: `@grid` creating `@leaf` creating `@grid` is refused).
//!
//! Ports are checked as constants where this pass runs, first, at `-O0`:
//! clang passes a literal port (`__hpvm__bindIn(l, 6, 0, 0)`) as a constant
//! operand, but a port held in a local variable is a load from its alloca
//! and is refused; write ports as literals or macros. It never defines an `llvm.*`
//! function (the verifier rejects that); it only declares them.
//!
//! *Remarks*: passed `Node` per node created (function, rank, parent).
//! Tests: `test/ir/hpvm-gen/`.

use crate::analysis::hpvm::{self, fname, Graph};
use crate::llvm::{self, Fam, RemarkKind};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::types::{AnyTypeEnum, BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionValue, ValueKind,
};

/// The pipeline name.
pub const NAME: &str = "gpucc-hpvm-gen";

/// The operand types of an intrinsic.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Ptr,
    I64,
    I32,
    I1,
}

/// What an intrinsic promises.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Promise {
    /// `memory(none) nounwind willreturn`.
    Pure,
    /// `convergent nounwind`.
    Barrier,
    /// `nounwind`.
    Plain,
}

/// One HPVM-C call and its intrinsic: (C name, intrinsic suffix, result
/// type (`None`: void), fixed operand types, varargs, promise).
struct Row {
    c: &'static str,
    ir: &'static str,
    ret: Option<Ty>,
    params: &'static [Ty],
    varargs: bool,
    promise: Promise,
}

const fn row(
    c: &'static str,
    ir: &'static str,
    ret: Option<Ty>,
    params: &'static [Ty],
    varargs: bool,
    promise: Promise,
) -> Row {
    Row {
        c,
        ir,
        ret,
        params,
        varargs,
        promise,
    }
}

use Promise::{Barrier, Plain, Pure};
use Ty::{Ptr, I1, I32, I64};

/// Every HPVM-C call but `__hpvm__createNodeND` (its intrinsic depends on
/// its first argument).
const TABLE: &[Row] = &[
    row("__hpvm__getNode", "getNode", Some(Ptr), &[], false, Pure),
    row(
        "__hpvm__getParentNode",
        "getParentNode",
        Some(Ptr),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNodeInstanceID_x",
        "getNodeInstanceID.x",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNodeInstanceID_y",
        "getNodeInstanceID.y",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNodeInstanceID_z",
        "getNodeInstanceID.z",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNumNodeInstances_x",
        "getNumNodeInstances.x",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNumNodeInstances_y",
        "getNumNodeInstances.y",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row(
        "__hpvm__getNumNodeInstances_z",
        "getNumNodeInstances.z",
        Some(I64),
        &[Ptr],
        false,
        Pure,
    ),
    row("__hpvm__malloc", "malloc", Some(Ptr), &[I64], false, Plain),
    row("__hpvm__barrier", "barrier", None, &[], false, Barrier),
    row(
        "__hpvm__bindIn",
        "bind.input",
        None,
        &[Ptr, I32, I32, I1],
        false,
        Plain,
    ),
    row(
        "__hpvm__bindOut",
        "bind.output",
        None,
        &[Ptr, I32, I32, I1],
        false,
        Plain,
    ),
    row(
        "__hpvm__edge",
        "createEdge",
        Some(Ptr),
        &[Ptr, Ptr, I1, I32, I32, I1],
        false,
        Plain,
    ),
    row("__hpvm__hint", "hint", None, &[I32], false, Plain),
    row(
        "__hpvm__attributes",
        "attributes",
        None,
        &[I32],
        true,
        Plain,
    ),
    row("__hpvm__return", "return", None, &[I32], true, Plain),
];

/// The pass: rewrites the module's HPVM-C calls; true when it changed it.
pub fn run(functions: &[FunctionValue<'_>], fam: Fam<'_>) -> bool {
    let mut calls = Vec::new();
    for &f in functions {
        for bb in f.get_basic_block_iter() {
            for i in std::iter::successors(bb.get_first_instruction(), |i| i.get_next_instruction())
            {
                if let Some(name) =
                    hpvm::callee(i).and_then(|c| c.get_name().to_str().ok().map(String::from))
                {
                    if name.starts_with("__hpvm__") {
                        calls.push((f, i, name));
                    }
                }
            }
        }
    }
    if calls.is_empty() {
        return false;
    }
    let Some(module) = llvm::openmp::module_of(calls[0].0) else {
        return false;
    };
    let ctx = module.get_context();
    let b = ctx.create_builder();
    let mut olds = Vec::new();
    for (f, call, name) in calls {
        let new = rewrite(&module, &ctx, &b, f, call, &name);
        if let Some(v) = llvm::openmp::result_value(new) {
            let v = fit_result(&b, f, call, &name, v);
            llvm::replace_all_uses(call, v);
        }
        olds.push((call, name));
    }
    for (call, _) in &olds {
        call.erase_from_basic_block();
    }
    // The C declarations, now unused.
    let mut decls: Vec<FunctionValue> = Vec::new();
    for (_, name) in olds {
        if let Some(f) = module.get_function(&name) {
            if f.count_basic_blocks() == 0 && !decls.contains(&f) {
                decls.push(f);
            }
        }
    }
    llvm::hpvm::erase_functions(decls);
    // `functions` may name the declarations just erased: list them again.
    let functions: Vec<FunctionValue> = module.get_functions().collect();
    let graph = Graph::build(&functions).unwrap_or_else(|e| llvm::fatal(&format!("{NAME}: {e}")));
    check(&graph);
    for n in &graph.nodes {
        llvm::emit_remark(
            fam,
            n.parent,
            Some(n.call),
            RemarkKind::Passed,
            NAME,
            "Node",
            &format!(
                "node @{} ({}) created in @{}",
                fname(n.func),
                if n.rank == 0 {
                    "one instance".to_string()
                } else {
                    format!("{}-D", n.rank)
                },
                fname(n.parent)
            ),
        );
    }
    true
}

/// Rewrites one HPVM-C call; returns the intrinsic call.
fn rewrite<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    f: FunctionValue<'ctx>,
    call: InstructionValue<'ctx>,
    name: &str,
) -> InstructionValue<'ctx> {
    let fail =
        |what: &str| -> ! { llvm::fatal(&format!("{NAME}: in @{}: {name}: {what}", fname(f))) };
    let args = hpvm::args(call);
    b.position_before(&call);
    let (ir, ret, params, varargs, promise, mut fixed): (
        String,
        Option<Ty>,
        Vec<Ty>,
        bool,
        Promise,
        Vec<BasicValueEnum>,
    ) = if name == "__hpvm__createNodeND" {
        let rank = args
            .first()
            .copied()
            .and_then(hpvm::const_u32)
            .unwrap_or_else(|| fail("the number of dimensions is not a constant"));
        if rank > 3 {
            fail(&format!(
                "rank {rank}: HPVM nodes have at most 3 dimensions"
            ));
        }
        if args.len() != 2 + rank as usize {
            fail(&format!(
                "{} instance counts for rank {rank}",
                args.len().saturating_sub(2)
            ));
        }
        let ir = if rank == 0 {
            "createNode".to_string()
        } else {
            format!("createNode{rank}D")
        };
        let mut p = vec![Ptr];
        p.extend(std::iter::repeat_n(I64, rank as usize));
        (ir, Some(Ptr), p, false, Plain, args[1..].to_vec())
    } else {
        let Some(r) = TABLE.iter().find(|r| r.c == name) else {
            fail("not an HPVM-C call (see include/hpvm.h)")
        };
        if args.len() < r.params.len() || (!r.varargs && args.len() != r.params.len()) {
            fail(&format!(
                "{} arguments, {} expected",
                args.len(),
                r.params.len()
            ));
        }
        (
            r.ir.to_string(),
            r.ret,
            r.params.to_vec(),
            r.varargs,
            r.promise,
            args.clone(),
        )
    };
    let rest: Vec<BasicValueEnum> = fixed.split_off(params.len());
    let mut ops: Vec<BasicMetadataValueEnum> = Vec::new();
    for (k, (&v, &t)) in fixed.iter().zip(&params).enumerate() {
        ops.push(
            convert(ctx, b, v, t)
                .unwrap_or_else(|| fail(&format!("argument {k} has the wrong type")))
                .into(),
        );
    }
    ops.extend(rest.iter().map(|&v| BasicMetadataValueEnum::from(v)));
    let callee = declare(
        module,
        ctx,
        &format!("{}{ir}", hpvm::PREFIX),
        ret,
        &params,
        varargs,
        promise,
    );
    // The intrinsic call takes over the C call's name (`%l` stays `%l`).
    let result_name = call
        .get_name()
        .and_then(|n| n.to_str().ok())
        .unwrap_or("")
        .to_string();
    if ret.is_some() && !result_name.is_empty() {
        let _ = call.set_name("");
    }
    let c = b
        .build_call(callee, &ops, if ret.is_some() { &result_name } else { "" })
        .expect("builder positioned");
    match c.try_as_basic_value() {
        ValueKind::Basic(v) => v.as_instruction_value().expect("a call is an instruction"),
        ValueKind::Instruction(i) => i,
    }
}

/// The intrinsic's result `v` as a value of the C call's result type: a
/// declaration other than `include/hpvm.h`'s (`int` IDs) gets `v` truncated
/// or sign-extended; any other difference is an error. The builder stands
/// right after the intrinsic call (before the C call).
fn fit_result<'ctx>(
    b: &Builder<'ctx>,
    f: FunctionValue<'ctx>,
    call: InstructionValue<'ctx>,
    name: &str,
    v: BasicValueEnum<'ctx>,
) -> BasicValueEnum<'ctx> {
    let want = call.get_type();
    let have = v.get_type();
    if want.print_to_string() == have.print_to_string() {
        return v;
    }
    match (want, v) {
        (AnyTypeEnum::IntType(t), BasicValueEnum::IntValue(i)) => {
            let cast = if t.get_bit_width() > i.get_type().get_bit_width() {
                b.build_int_s_extend(i, t, "")
            } else {
                b.build_int_truncate(i, t, "")
            };
            cast.expect("builder positioned").into()
        }
        _ => llvm::fatal(&format!(
            "{NAME}: in @{}: {name} is declared returning {}, the intrinsic returns {} \
             (use include/hpvm.h)",
            fname(f),
            want.print_to_string().to_string(),
            have.print_to_string().to_string()
        )),
    }
}

/// `v` as an operand of type `t` (integers sign-extended, truncated, or
/// compared with zero for `i1`).
fn convert<'ctx>(
    ctx: &ContextRef<'ctx>,
    b: &Builder<'ctx>,
    v: BasicValueEnum<'ctx>,
    t: Ty,
) -> Option<BasicValueEnum<'ctx>> {
    match (t, v) {
        (Ptr, BasicValueEnum::PointerValue(_)) => Some(v),
        (I1, BasicValueEnum::IntValue(i)) => {
            if i.get_type().get_bit_width() == 1 {
                Some(v)
            } else {
                let zero = i.get_type().const_zero();
                b.build_int_compare(inkwell::IntPredicate::NE, i, zero, "")
                    .ok()
                    .map(Into::into)
            }
        }
        (I32 | I64, BasicValueEnum::IntValue(i)) => {
            let to = if t == I32 {
                ctx.i32_type()
            } else {
                ctx.i64_type()
            };
            let w = i.get_type().get_bit_width();
            if w == to.get_bit_width() {
                Some(v)
            } else if w < to.get_bit_width() {
                b.build_int_s_extend(i, to, "").ok().map(Into::into)
            } else {
                b.build_int_truncate(i, to, "").ok().map(Into::into)
            }
        }
        _ => None,
    }
}

/// The declaration of intrinsic `name`, with its promise.
fn declare<'ctx>(
    module: &Module<'ctx>,
    ctx: &ContextRef<'ctx>,
    name: &str,
    ret: Option<Ty>,
    params: &[Ty],
    varargs: bool,
    promise: Promise,
) -> FunctionValue<'ctx> {
    if let Some(f) = module.get_function(name) {
        return f;
    }
    let ty_of = |t: Ty| -> BasicTypeEnum<'ctx> {
        match t {
            Ptr => ctx.ptr_type(inkwell::AddressSpace::default()).into(),
            I64 => ctx.i64_type().into(),
            I32 => ctx.i32_type().into(),
            I1 => ctx.bool_type().into(),
        }
    };
    let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|&t| ty_of(t).into()).collect();
    let fty = match ret {
        Some(Ptr) => ctx
            .ptr_type(inkwell::AddressSpace::default())
            .fn_type(&ps, varargs),
        Some(I64) => ctx.i64_type().fn_type(&ps, varargs),
        Some(I32) => ctx.i32_type().fn_type(&ps, varargs),
        Some(I1) => ctx.bool_type().fn_type(&ps, varargs),
        None => ctx.void_type().fn_type(&ps, varargs),
    };
    let f = module.add_function(name, fty, None);
    let enum_attr = |n: &str, v: u64| -> Attribute {
        ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(n), v)
    };
    f.add_attribute(AttributeLoc::Function, enum_attr("nounwind", 0));
    match promise {
        Pure => {
            // memory(none): no access to any location (MemoryEffects 0).
            f.add_attribute(AttributeLoc::Function, enum_attr("memory", 0));
            f.add_attribute(AttributeLoc::Function, enum_attr("willreturn", 0));
        }
        Barrier => f.add_attribute(AttributeLoc::Function, enum_attr("convergent", 0)),
        Plain => {}
    }
    f
}

/// Checks ports and types of the graph; stops with an error on the first
/// problem.
fn check(g: &Graph<'_>) {
    let fail = |call: InstructionValue<'_>, what: String| -> ! {
        let f = call
            .get_parent()
            .and_then(|b| b.get_parent())
            .map(fname)
            .unwrap_or_default();
        llvm::fatal(&format!("{NAME}: in @{f}: {what}"))
    };
    let ty = |v: BasicValueEnum<'_>| v.get_type().print_to_string().to_string();
    // The functions of the graph, in order of first appearance: parents
    // (the root included) and node functions.
    let mut funcs: Vec<FunctionValue<'_>> = Vec::new();
    for n in &g.nodes {
        for f in [n.parent, n.func] {
            if !funcs.contains(&f) {
                funcs.push(f);
            }
        }
    }
    for &f in &funcs {
        let first = g.nodes.iter().find(|n| n.func == f);
        if let Some(n) = first {
            if f.count_basic_blocks() == 0 {
                fail(n.call, format!("node @{}: it has no body", fname(f)));
            }
            if f.get_type().get_return_type().is_some() {
                fail(
                    n.call,
                    format!(
                        "node @{} returns a value: node functions return void, \
                         their outputs are the values of __hpvm__return",
                        fname(f)
                    ),
                );
            }
        }
        let rets: Vec<InstructionValue<'_>> = hpvm::calls_in(f)
            .into_iter()
            .filter(|(_, name)| name == "return")
            .map(|(c, _)| c)
            .collect();
        if rets.len() > 1 {
            fail(
                rets[1],
                format!(
                    "{} __hpvm__return calls: a node names its outputs once",
                    rets.len()
                ),
            );
        }
        if let Some(&r) = rets.first() {
            let a = hpvm::args(r);
            let values = a.len().saturating_sub(1);
            if a.first().copied().and_then(hpvm::const_u32) != Some(values as u32) {
                fail(
                    r,
                    format!("__hpvm__return: the count is not {values}, its number of values"),
                );
            }
        }
    }
    // The hierarchy is a tree of functions: no node function creates itself,
    // directly or through its descendants.
    for &f in &funcs {
        let mut stack = vec![f];
        let mut seen: Vec<FunctionValue<'_>> = Vec::new();
        while let Some(p) = stack.pop() {
            for n in g.nodes.iter().filter(|n| n.parent == p) {
                if n.func == f {
                    fail(
                        n.call,
                        format!(
                            "node @{} creates itself (in @{}): HPVM graphs are finite hierarchies",
                            fname(f),
                            fname(p)
                        ),
                    );
                }
                if !seen.contains(&n.func) {
                    seen.push(n.func);
                    stack.push(n.func);
                }
            }
        }
    }
    for b in &g.binds {
        let Some(n) = b.node else {
            fail(
                b.call,
                "a binding's node handle is no createNode result".into(),
            )
        };
        let node = &g.nodes[n];
        let (parent, child) = (node.parent, node.func);
        if b.input {
            let (Some(p), Some(c)) = (
                parent.get_nth_param(b.parent_port),
                child.get_nth_param(b.node_port),
            ) else {
                fail(
                    b.call,
                    format!(
                        "bind.input {} -> {}: @{} has {} inputs, @{} has {}",
                        b.parent_port,
                        b.node_port,
                        fname(parent),
                        parent.count_params(),
                        fname(child),
                        child.count_params()
                    ),
                )
            };
            if ty(p) != ty(c) {
                fail(
                    b.call,
                    format!(
                        "bind.input {} -> {}: {} to {}",
                        b.parent_port,
                        b.node_port,
                        ty(p),
                        ty(c)
                    ),
                );
            }
        } else {
            let (po, co) = (hpvm::outputs(parent), hpvm::outputs(child));
            let (Some(&p), Some(&c)) =
                (po.get(b.parent_port as usize), co.get(b.node_port as usize))
            else {
                fail(
                    b.call,
                    format!(
                        "bind.output {} -> {}: @{} has {} outputs, @{} has {}",
                        b.node_port,
                        b.parent_port,
                        fname(child),
                        co.len(),
                        fname(parent),
                        po.len()
                    ),
                )
            };
            if ty(p) != ty(c) {
                fail(
                    b.call,
                    format!(
                        "bind.output {} -> {}: {} to {}",
                        b.node_port,
                        b.parent_port,
                        ty(c),
                        ty(p)
                    ),
                );
            }
        }
    }
    for e in &g.edges {
        let (Some(s), Some(d)) = (e.src, e.dst) else {
            fail(
                e.call,
                "an edge's node handle is no createNode result".into(),
            )
        };
        let (sf, df) = (g.nodes[s].func, g.nodes[d].func);
        let outs = hpvm::outputs(sf);
        let (Some(&o), Some(i)) = (outs.get(e.src_out as usize), df.get_nth_param(e.dst_in)) else {
            fail(
                e.call,
                format!(
                    "edge {} -> {}: @{} has {} outputs, @{} has {} inputs",
                    e.src_out,
                    e.dst_in,
                    fname(sf),
                    outs.len(),
                    fname(df),
                    df.count_params()
                ),
            )
        };
        if ty(o) != ty(i) {
            fail(
                e.call,
                format!("edge {} -> {}: {} to {}", e.src_out, e.dst_in, ty(o), ty(i)),
            );
        }
    }
}
