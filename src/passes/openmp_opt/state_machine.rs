//! Custom state machines for OpenMP generic-mode kernels that stay generic
//! (half of `gpucc-openmp-opt`, issue 7; test-only pipeline name
//! `gpucc-openmp-state-machine` until the SPMDization half is merged).
//!
//! ## The protocol (the device runtime, LLVM 16 and 22 alike)
//!
//! A `target` region compiled in *generic* mode starts every thread of the
//! block in the kernel; one "main" thread runs the sequential code, the others
//! wait to be handed parallel regions. Clang emits:
//!
//! ```text
//!   %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)       ; LLVM 16
//!   %tid = call i32 @__kmpc_target_init(ptr @k_kernel_environment, ptr %dyn) ; LLVM 22
//!   %is_main = icmp eq i32 %tid, -1          ; main thread gets -1
//!   br i1 %is_main, label %user_code, label %worker.exit
//! ```
//!
//! While the kernel's use-generic-state-machine flag is set (the last init
//! argument in LLVM 16, the first byte of the kernel environment's
//! configuration in LLVM 17+; `llvm::openmp::LaunchConfig` hides which) the
//! runtime keeps the workers inside `__kmpc_target_init` in its *generic*
//! state machine: wait at a barrier, fetch the work function the main thread
//! published with the parallel entry point (`__kmpc_parallel_51(...)`, in
//! LLVM 22 `__kmpc_parallel_60(...)`, both `(..., ptr %outlined, ptr
//! %wrapper, ...)`), and call it *indirectly*: the regions stay opaque to the
//! worker path (no inlining, an ABI call with its stack traffic in ptxas).
//!
//! With the flag clear the workers return from `__kmpc_target_init` with
//! their thread id (the main thread still gets -1), and the kernel runs its
//! own loop. We build it right after the init call:
//!
//! ```text
//!   entry:        %tid = __kmpc_target_init(...)      ; flag cleared
//!                 br (%tid != -1), worker.check, thread.user_code
//!   worker.check: ; the main thread's warp holds spare threads: they leave
//!                 br (%tid < hw_threads_in_block() - warp_size()), worker.wait, worker.exit.sm
//!   worker.wait:  __kmpc_barrier_simple_generic(ident, %tid)   ; wait for work
//!                 %active = __kmpc_kernel_parallel(ptr %work.addr)
//!                 %work = load ptr %work.addr
//!                 br (%work == null), worker.exit.sm, worker.active ; null: kernel done
//!   worker.active: br %active, worker.region.check, worker.barrier
//!   worker.region.check:  br (%work == @wrapper0), call0, next   ; the if-cascade
//!   call0:        call void @wrapper0(i16 0, i32 %tid)           ; direct call
//!   ...           (the last known region needs no compare when every region is known)
//!   worker.region.fallback: call void %work(i16 0, i32 %tid)     ; only if some are unknown
//!   worker.region.end: __kmpc_kernel_end_parallel()
//!   worker.barrier: __kmpc_barrier_simple_generic(ident, %tid); br worker.wait
//!   worker.exit.sm: ret void
//! ```
//!
//! The slot `%work.addr` is an alloca at the top of the entry block, cast to
//! the generic address space where allocas live elsewhere (AMDGPU). Every new
//! instruction takes the init call's debug location: the verifier demands one
//! on calls of inlinable functions in a function with debug info.
//!
//! The wrapper pointer is compared as is: the parallel entry point stores exactly
//! that pointer. (LLVM 16 also replaces it by a private `@<wrapper>.ID` global
//! afterwards, which only lets the wrapper become dead elsewhere; it is not
//! needed for correctness.)
//!
//! ## Which parallel regions can a kernel start?
//!
//! Walk the kernel and every function it reaches through direct calls:
//! - the parallel entry point with a wrapper function `void (i16, i32)` as
//!   its 7th argument: a *known* region. Its outlined body is not walked: a parallel
//!   region nested in another runs serialized on the thread that meets it,
//!   never through the worker loop (`simple_state_machine_l22` in upstream's
//!   custom_state_machines.ll keeps no fallback although its regions call
//!   unknown functions).
//! - runtime entry points that run a loop body they are given (LLVM 22's
//!   `__kmpc_*_static_loop_*`, listed in the device-ABI table): the body may
//!   start regions we do not see, so they count as unknown.
//! - other `__kmpc_*` / `omp_*` runtime functions and intrinsics: harmless
//!   (a parallel region inside a task runs serialized on its thread); so is
//!   a call that does not write memory, or one that carries (or whose callee
//!   carries) the assumption `omp_no_openmp` or `omp_no_parallelism`.
//! - a definition whose body the linker cannot replace: walked.
//! - anything else (declarations, `weak`/`linkonce` bodies, indirect calls, a
//!   parallel entry point with an unknown wrapper): may start *unknown*
//!   regions, so the cascade ends with the indirect-call fallback (remarks
//!   OMP132, OMP133).
//!
//! No region at all: the state machine is dropped (OMP130): the workers
//! return from init and leave through the kernel's own `worker.exit` path.
//! Otherwise OMP131 (no fallback) or OMP132 (with fallback).
//!
//! ## Refusals
//! Kernels already SPMD or already without the generic state machine, and
//! functions with several init calls, are left alone silently. An init call
//! not of the ABI's shape (for LLVM 17+ also: its kernel environment is not a
//! constant struct we can read), a non-void kernel, runtime functions declared with other
//! types, or (when the device runtime is linked in) a runtime function we
//! would call but that is not defined, keep the generic state machine with a
//! missed remark `StateMachineKept`.
//!
//! ## Compared with upstream openmp-opt (LLVM 16 and 22)
//! Same regions and the same fallback decisions on every kernel of upstream's
//! custom_state_machines.ll (NVPTX and AMDGPU), except that a callee declared
//! with another type than its call (`i32 (...)` for C's `omp_get_thread_num()`)
//! is still recognized by name, so upstream's fallback for it is not needed.
//! Upstream builds no custom state machine while `__kmpc_target_init` is only
//! declared (clang's output before the runtime is linked;
//! custom_state_machines_pre_lto.ll); we do, since the loop is correct either way.
//!
//! Tests: test/ir/openmp-state-machine/.

use crate::llvm::openmp::{LaunchConfig, DEVICE_ABI};
use crate::llvm::{self, openmp_sm, RemarkKind};
use crate::passes::{Changed, PassCx};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Linkage;
use inkwell::types::{BasicMetadataTypeEnum, FunctionType};
use inkwell::values::{
    BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
    PointerValue,
};
use inkwell::{AddressSpace, IntPredicate};
use std::collections::HashSet;

/// The pass name remarks are emitted under (the merged pass).
pub const REMARK_PASS: &str = "gpucc-openmp-opt";

const TARGET_INIT: &str = DEVICE_ABI.target_init;
/// The entry point that starts a parallel region.
const PARALLEL: &str = DEVICE_ABI.parallel;
/// Its argument holding the wrapper function.
const WRAPPER_ARG: u32 = DEVICE_ABI.parallel_wrapper_arg;
/// `OMP_TGT_EXEC_MODE_GENERIC`.
const MODE_GENERIC: u64 = crate::llvm::openmp::MODE_GENERIC;

/// A function that calls `__kmpc_target_init` once: an OpenMP kernel (or the
/// debug wrapper clang puts around a kernel body, which works the same).
#[derive(Clone, Debug)]
pub struct Kernel<'ctx> {
    pub function: FunctionValue<'ctx>,
    /// The `__kmpc_target_init` call.
    pub init: InstructionValue<'ctx>,
    /// Its launch configuration.
    pub config: LaunchConfig<'ctx>,
}

/// The kernels of a module, in module order: each function with exactly one
/// call of `__kmpc_target_init`. Functions with several are skipped (we
/// would not know which call's threads to take).
pub fn find_kernels<'ctx>(functions: &[FunctionValue<'ctx>]) -> Vec<Kernel<'ctx>> {
    crate::analysis::openmp::find_kernels(functions)
        .into_iter()
        .filter(|k| {
            instructions(k.entry)
                .filter(|&i| callee_name(i).as_deref() == Some(TARGET_INIT))
                .count()
                == 1
        })
        .map(|k| Kernel {
            function: k.entry,
            init: k.init,
            config: k.config,
        })
        .collect()
}

/// Why a kernel keeps the runtime's generic state machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The init call does not have the device ABI's shape with a constant
    /// mode and flag.
    InitSignature,
    /// The kernel returns a value; the worker exit needs `ret void`.
    NonVoidKernel,
    /// A runtime function we must call is declared with another type, or its
    /// name is taken by a global that is not a function.
    RuntimeDeclaration(&'static str),
    /// The device runtime is linked in but does not define this function.
    RuntimeMissing(&'static str),
}

impl Refusal {
    fn message(&self) -> String {
        match self {
            Refusal::InitSignature => format!(
                "__kmpc_target_init is not called as {} with a constant launch configuration",
                DEVICE_ABI.init_signature
            ),
            Refusal::NonVoidKernel => "the kernel does not return void".to_string(),
            Refusal::RuntimeDeclaration(name) => {
                format!("@{name} is declared with an unexpected type")
            }
            Refusal::RuntimeMissing(name) => {
                format!("the device runtime is linked in but does not define @{name}")
            }
        }
    }
}

/// Why a call may start a parallel region we cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownReason {
    /// The callee is not a function (a pointer, inline asm).
    IndirectCall,
    /// The callee's body is not in the module.
    Declaration,
    /// The callee's body may be replaced at link time (`weak`, `linkonce`).
    Interposable,
    /// The parallel entry point with a wrapper that is not a
    /// `void (i16, i32)` function.
    UnknownWrapper,
    /// A runtime function that runs a user function it is given (a loop body).
    RuntimeCallback,
    /// An `invoke` or `callbr`.
    OtherCallKind,
}

/// The parallel regions a kernel's workers may be asked to run.
#[derive(Debug, Default)]
pub struct Reach<'ctx> {
    /// Wrapper functions of the known regions, in discovery order (the walk
    /// visits functions breadth-first from the kernel, instructions in
    /// order), each once.
    pub known: Vec<FunctionValue<'ctx>>,
    /// Calls that may start regions not in `known`, in discovery order.
    pub unknown: Vec<(InstructionValue<'ctx>, UnknownReason)>,
}

/// What the rewrite will do with one kernel.
#[derive(Debug)]
pub enum Plan<'ctx> {
    /// Not a generic-mode kernel with the runtime's state machine: nothing to do.
    NotApplicable,
    /// Keep the generic state machine, for this reason.
    Refused(Refusal),
    /// Rewrite: drop the state machine (no regions) or build a custom one.
    Rewrite(Reach<'ctx>),
}

/// Decides what to do with `kernel`; reads the IR, writes nothing.
pub fn plan<'ctx>(kernel: &Kernel<'ctx>) -> Plan<'ctx> {
    let config = &kernel.config;
    if !config.is_well_formed() {
        return Plan::Refused(Refusal::InitSignature);
    }
    if config.mode() != Some(MODE_GENERIC) || config.uses_generic_state_machine() != Some(true) {
        return Plan::NotApplicable;
    }
    if kernel.function.get_type().get_return_type().is_some() {
        return Plan::Refused(Refusal::NonVoidKernel);
    }
    let reach = reach(kernel.function);
    if !reach.known.is_empty() || !reach.unknown.is_empty() {
        if let Err(r) = check_runtime(kernel.function) {
            return Plan::Refused(r);
        }
    }
    Plan::Rewrite(reach)
}

/// Plans and rewrites one kernel (see the module header), with remarks.
pub fn rewrite_state_machine<'ctx>(kernel: &Kernel<'ctx>, cx: &PassCx<'ctx>) -> Changed {
    match plan(kernel) {
        Plan::NotApplicable => Changed::No,
        Plan::Refused(r) => {
            cx.remark(
                RemarkKind::Missed,
                "StateMachineKept",
                Some(kernel.init),
                || {
                    format!(
                        "Generic-mode kernel keeps the runtime's state machine: {}.",
                        r.message()
                    )
                },
            );
            Changed::No
        }
        Plan::Rewrite(reach) => {
            apply(kernel, &reach, cx);
            Changed::Yes
        }
    }
}

// ---------------------------------------------------------------------------
// Reachability.

/// The walk described in the header, from `kernel`.
pub fn reach<'ctx>(kernel: FunctionValue<'ctx>) -> Reach<'ctx> {
    let mut out = Reach::default();
    let mut seen_fn: HashSet<FunctionValue<'ctx>> = HashSet::from([kernel]);
    let mut seen_wrapper: HashSet<FunctionValue<'ctx>> = HashSet::new();
    // A queue in discovery order (a Vec and a cursor): deterministic.
    let mut queue = vec![kernel];
    let mut next = 0;
    while let Some(&f) = queue.get(next) {
        next += 1;
        for inst in instructions(f) {
            match classify(inst) {
                CallKind::NotACall | CallKind::Harmless => {}
                CallKind::Region(w) => {
                    if seen_wrapper.insert(w) {
                        out.known.push(w);
                    }
                }
                CallKind::Unknown(why) => out.unknown.push((inst, why)),
                CallKind::Walk(g) => {
                    if seen_fn.insert(g) {
                        queue.push(g);
                    }
                }
            }
        }
    }
    out
}

/// One instruction, as the walk sees it.
enum CallKind<'ctx> {
    NotACall,
    /// Cannot start a parallel region.
    Harmless,
    /// Starts the region with this wrapper.
    Region(FunctionValue<'ctx>),
    /// May start a region we cannot see.
    Unknown(UnknownReason),
    /// A direct call of a body we can see: walk it.
    Walk(FunctionValue<'ctx>),
}

fn classify(inst: InstructionValue<'_>) -> CallKind<'_> {
    match inst.get_opcode() {
        InstructionOpcode::Call => {}
        InstructionOpcode::Invoke | InstructionOpcode::CallBr => {
            return CallKind::Unknown(UnknownReason::OtherCallKind)
        }
        _ => return CallKind::NotACall,
    }
    let Ok(call) = CallSiteValue::try_from(inst) else {
        return CallKind::NotACall;
    };
    let callee = direct_callee(inst);
    if let Some(g) = callee {
        let name = g.get_name().to_bytes();
        if name.starts_with(b"llvm.") {
            return CallKind::Harmless;
        }
        if name == PARALLEL.as_bytes() {
            return match parallel_wrapper(inst) {
                Some(w) => CallKind::Region(w),
                None => CallKind::Unknown(UnknownReason::UnknownWrapper),
            };
        }
        // Loop-body callbacks run user code we do not see here.
        if DEVICE_ABI.runs_callback(&String::from_utf8_lossy(name)) {
            return CallKind::Unknown(UnknownReason::RuntimeCallback);
        }
        // The device runtime starts worker regions only in the parallel entry
        // point.
        if name.starts_with(b"__kmpc_") || name.starts_with(b"omp_") {
            return CallKind::Harmless;
        }
    }
    if !may_write_memory(call, callee) || assumes_no_parallelism(call, callee) {
        return CallKind::Harmless;
    }
    match callee {
        None => CallKind::Unknown(UnknownReason::IndirectCall),
        Some(g) if g.count_basic_blocks() == 0 => CallKind::Unknown(UnknownReason::Declaration),
        Some(g) if is_interposable(g.get_linkage()) => {
            CallKind::Unknown(UnknownReason::Interposable)
        }
        Some(g) => CallKind::Walk(g),
    }
}

/// The wrapper of a parallel-entry-point call, when it is a function of the
/// type the worker loop calls, `void (i16, i32)`.
fn parallel_wrapper<'ctx>(call: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    // The callee is the last operand: the wrapper must be an argument before it.
    if llvm::operand_count(&call) <= WRAPPER_ARG + 1 {
        return None;
    }
    let BasicValueEnum::PointerValue(p) = llvm::operand(&call, WRAPPER_ARG)? else {
        return None;
    };
    let w = function_of_pointer(p)?;
    is_wrapper_type(w.get_type()).then_some(w)
}

/// Is `ty` `void (i16, i32)`?
fn is_wrapper_type(ty: FunctionType<'_>) -> bool {
    let params = ty.get_param_types();
    ty.get_return_type().is_none()
        && !ty.is_var_arg()
        && params.len() == 2
        && matches!(params[0], BasicMetadataTypeEnum::IntType(t) if t.get_bit_width() == 16)
        && matches!(params[1], BasicMetadataTypeEnum::IntType(t) if t.get_bit_width() == 32)
}

/// Linkages whose body the linker may replace with another.
fn is_interposable(l: Linkage) -> bool {
    matches!(
        l,
        Linkage::WeakAny
            | Linkage::LinkOnceAny
            | Linkage::ExternalWeak
            | Linkage::Common
            | Linkage::AvailableExternally
            | Linkage::LinkerPrivateWeak
    )
}

/// Does the call write memory, judging by the `memory(...)` attribute of the
/// call site and of the callee?
fn may_write_memory(call: CallSiteValue<'_>, callee: Option<FunctionValue<'_>>) -> bool {
    let kind = Attribute::get_named_enum_kind_id("memory");
    if kind == 0 {
        return true;
    }
    let no_mod = |a: Option<Attribute>| {
        a.filter(|a| a.is_enum())
            .is_some_and(|a| !crate::llvm::openmp::memory_effects_may_write(a.get_enum_value()))
    };
    !(no_mod(call.get_enum_attribute(AttributeLoc::Function, kind))
        || no_mod(callee.and_then(|g| g.get_enum_attribute(AttributeLoc::Function, kind))))
}

/// Does the call site or the callee carry `"llvm.assume"` with
/// `omp_no_openmp` or `omp_no_parallelism`?
fn assumes_no_parallelism(call: CallSiteValue<'_>, callee: Option<FunctionValue<'_>>) -> bool {
    const KEY: &str = "llvm.assume";
    let says = |a: Option<Attribute>| {
        a.is_some_and(|a| rules_out_parallelism(&a.get_string_value().to_string_lossy()))
    };
    says(call.get_string_attribute(AttributeLoc::Function, KEY))
        || says(callee.and_then(|g| g.get_string_attribute(AttributeLoc::Function, KEY)))
}

/// Does an `"llvm.assume"` value (a comma-separated list) promise no
/// parallel regions?
fn rules_out_parallelism(assumptions: &str) -> bool {
    assumptions
        .split(',')
        .any(|s| matches!(s.trim(), "omp_no_openmp" | "omp_no_parallelism"))
}

// ---------------------------------------------------------------------------
// Runtime functions the worker loop calls.

/// One device runtime entry point the worker loop calls.
#[derive(Clone, Copy)]
struct RuntimeFn {
    name: &'static str,
    ret: RetTy,
    params: &'static [ParamTy],
    convergent: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RetTy {
    Void,
    I1,
    I32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ParamTy {
    Ptr,
    I32,
}

const HW_THREADS: RuntimeFn = RuntimeFn {
    name: "__kmpc_get_hardware_num_threads_in_block",
    ret: RetTy::I32,
    params: &[],
    convergent: false,
};
const WARP_SIZE: RuntimeFn = RuntimeFn {
    name: "__kmpc_get_warp_size",
    ret: RetTy::I32,
    params: &[],
    convergent: false,
};
const BARRIER: RuntimeFn = RuntimeFn {
    name: "__kmpc_barrier_simple_generic",
    ret: RetTy::Void,
    params: &[ParamTy::Ptr, ParamTy::I32],
    convergent: true,
};
const KERNEL_PARALLEL: RuntimeFn = RuntimeFn {
    name: "__kmpc_kernel_parallel",
    ret: RetTy::I1,
    params: &[ParamTy::Ptr],
    convergent: false,
};
const END_PARALLEL: RuntimeFn = RuntimeFn {
    name: "__kmpc_kernel_end_parallel",
    ret: RetTy::Void,
    params: &[],
    convergent: false,
};
const LOOP_RUNTIME: [RuntimeFn; 5] = [
    HW_THREADS,
    WARP_SIZE,
    BARRIER,
    KERNEL_PARALLEL,
    END_PARALLEL,
];

/// Functions whose definition in the module means the device runtime is
/// linked in (a test stub of `__kmpc_target_init` alone does not count).
const RUNTIME_MARKERS: [&str; 3] = [
    DEVICE_ABI.target_deinit,
    DEVICE_ABI.parallel,
    "__kmpc_kernel_parallel",
];

impl RuntimeFn {
    fn ty<'ctx>(&self, ctx: ContextRef<'ctx>) -> FunctionType<'ctx> {
        let params: Vec<BasicMetadataTypeEnum> = self
            .params
            .iter()
            .map(|p| match p {
                ParamTy::Ptr => ctx.ptr_type(AddressSpace::default()).into(),
                ParamTy::I32 => ctx.i32_type().into(),
            })
            .collect();
        match self.ret {
            RetTy::Void => ctx.void_type().fn_type(&params, false),
            RetTy::I1 => ctx.bool_type().fn_type(&params, false),
            RetTy::I32 => ctx.i32_type().fn_type(&params, false),
        }
    }
}

/// Can the worker loop call every runtime function it needs? Existing
/// declarations must have the expected type; once the runtime is linked in,
/// each must be defined (we cannot add a call to a symbol nobody provides).
fn check_runtime(kernel: FunctionValue<'_>) -> Result<(), Refusal> {
    let ctx = kernel.get_type().get_context();
    let linked = RUNTIME_MARKERS
        .iter()
        .any(|n| openmp_sm::module_function(kernel, n).is_some_and(|g| g.count_basic_blocks() > 0));
    for rt in LOOP_RUNTIME {
        match openmp_sm::module_function(kernel, rt.name) {
            Some(g) if g.get_type() != rt.ty(ctx) => {
                return Err(Refusal::RuntimeDeclaration(rt.name))
            }
            Some(g) if linked && g.count_basic_blocks() == 0 => {
                return Err(Refusal::RuntimeMissing(rt.name))
            }
            Some(_) => {}
            None if openmp_sm::has_global_named(kernel, rt.name) => {
                return Err(Refusal::RuntimeDeclaration(rt.name))
            }
            None if linked => return Err(Refusal::RuntimeMissing(rt.name)),
            None => {}
        }
    }
    Ok(())
}

/// The declaration of `rt`, added when missing ([`check_runtime`] passed).
fn runtime_fn<'ctx>(kernel: FunctionValue<'ctx>, rt: RuntimeFn) -> FunctionValue<'ctx> {
    if let Some(g) = openmp_sm::module_function(kernel, rt.name) {
        return g;
    }
    let ctx = kernel.get_type().get_context();
    let g = openmp_sm::declare_function(kernel, rt.name, rt.ty(ctx))
        .expect("gpucc-openmp-opt: a kernel lives in a module");
    let mut attrs = vec!["nounwind"];
    if rt.convergent {
        attrs.push("convergent");
    }
    for a in attrs {
        let kind = Attribute::get_named_enum_kind_id(a);
        g.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(kind, 0));
    }
    g
}

// ---------------------------------------------------------------------------
// Rewriting.

fn apply<'ctx>(kernel: &Kernel<'ctx>, reach: &Reach<'ctx>, cx: &PassCx<'ctx>) {
    let f = kernel.function;
    let init = kernel.init;
    let ctx = f.get_type().get_context();
    let set = kernel.config.drop_generic_state_machine();
    assert!(
        set,
        "gpucc-openmp-opt: the launch configuration has a state-machine flag (planned)"
    );

    if reach.known.is_empty() && reach.unknown.is_empty() {
        cx.remark(
            RemarkKind::Passed,
            "StateMachineRemoved",
            Some(init),
            || {
                "Removing unused state machine from generic-mode kernel: it starts no \
             parallel region, so its workers exit at once. [OMP130]"
                    .to_string()
            },
        );
        return;
    }
    if reach.unknown.is_empty() {
        cx.remark(RemarkKind::Passed, "CustomStateMachine", Some(init), || {
            format!(
                "Rewriting generic-mode kernel with a customized state machine \
                 ({} parallel region{}, called directly). [OMP131]",
                reach.known.len(),
                if reach.known.len() == 1 { "" } else { "s" }
            )
        });
    } else {
        cx.remark(
            RemarkKind::Analysis,
            "CustomStateMachineWithFallback",
            Some(init),
            || {
                format!(
                    "Generic-mode kernel is executed with a customized state machine that \
                     requires a fallback ({} known parallel region{}, {} call{} that may \
                     start unknown ones). [OMP132]",
                    reach.known.len(),
                    if reach.known.len() == 1 { "" } else { "s" },
                    reach.unknown.len(),
                    if reach.unknown.len() == 1 { "" } else { "s" }
                )
            },
        );
        for &(call, why) in &reach.unknown {
            cx.remark(
                RemarkKind::Analysis,
                "UnknownParallelRegion",
                Some(call),
                || {
                    let what = match why {
                        UnknownReason::IndirectCall => "Indirect call",
                        UnknownReason::Declaration => "Call of a function without a body",
                        UnknownReason::Interposable => {
                            "Call of a function whose body may be replaced at link time"
                        }
                        UnknownReason::UnknownWrapper => "Parallel region with an unknown function",
                        UnknownReason::RuntimeCallback => {
                            "Runtime call running a function it is given"
                        }
                        UnknownReason::OtherCallKind => "Invoke or callbr",
                    };
                    format!(
                        "{what} may contain unknown parallel regions. Use `{}` to override. \
                         [OMP133]",
                        DEVICE_ABI.assumption("omp_no_parallelism")
                    )
                },
            );
        }
    }
    build_worker_loop(kernel, reach, ctx);
}

/// The blocks of the worker loop, in layout order.
struct LoopBlocks<'ctx> {
    check: BasicBlock<'ctx>,
    wait: BasicBlock<'ctx>,
    exit: BasicBlock<'ctx>,
    active: BasicBlock<'ctx>,
    end: BasicBlock<'ctx>,
    barrier: BasicBlock<'ctx>,
}

fn build_worker_loop<'ctx>(kernel: &Kernel<'ctx>, reach: &Reach<'ctx>, ctx: ContextRef<'ctx>) {
    const BUILD: &str = "gpucc-openmp-opt: builder positioned in the worker loop";
    let f = kernel.function;
    let init = kernel.init;
    let tid = init_result(init);
    // The kernel's source location for the barriers (null when it has none
    // we can name: the runtime only prints it).
    let ident = kernel
        .config
        .ident()
        .unwrap_or_else(|| ctx.ptr_type(AddressSpace::default()).const_null());
    let rt = |r: RuntimeFn| runtime_fn(f, r);
    let b = ctx.create_builder();

    // The work-function slot: an alloca at the top of the entry block.
    let entry = f
        .get_first_basic_block()
        .expect("gpucc-openmp-opt: kernel has a body");
    match entry.get_first_instruction() {
        Some(first) => b.position_before(&first),
        None => b.position_at_end(entry),
    }
    let slot = b
        .build_alloca(ctx.ptr_type(AddressSpace::default()), "worker.work_fn.addr")
        .expect(BUILD);
    loc(init, slot.as_instruction());

    // Split after the init call; the new block runs the kernel's own code.
    let after = init
        .get_next_instruction()
        .expect("gpucc-openmp-opt: a call is not a terminator");
    let user = llvm::split_block_before(after, "thread.user_code");
    let init_bb = init
        .get_parent()
        .expect("gpucc-openmp-opt: init is in a block");
    init_bb
        .get_terminator()
        .expect("gpucc-openmp-opt: split leaves a branch")
        .erase_from_basic_block();

    let blocks = LoopBlocks {
        check: ctx.prepend_basic_block(user, "worker.check"),
        wait: ctx.prepend_basic_block(user, "worker.wait"),
        exit: ctx.prepend_basic_block(user, "worker.exit.sm"),
        active: ctx.prepend_basic_block(user, "worker.active"),
        end: ctx.prepend_basic_block(user, "worker.region.end"),
        barrier: ctx.prepend_basic_block(user, "worker.barrier"),
    };

    // init: workers (tid != -1) go to the loop, the main thread to user code.
    b.position_at_end(init_bb);
    let minus_one = ctx.i32_type().const_all_ones();
    let is_worker = b
        .build_int_compare(IntPredicate::NE, tid, minus_one, "thread.is_worker")
        .expect(BUILD);
    loc(init, is_worker.as_instruction());
    let br = b
        .build_conditional_branch(is_worker, blocks.check, user)
        .expect(BUILD);
    copy_loc(init, br);

    // worker.check: threads of the main thread's warp other than it leave.
    b.position_at_end(blocks.check);
    let hw = call(&b, init, rt(HW_THREADS), &[], "block.hw_size");
    let warp = call(&b, init, rt(WARP_SIZE), &[], "warp.size");
    let (hw, warp) = (as_int(hw), as_int(warp));
    let size = b.build_int_sub(hw, warp, "block.size").expect(BUILD);
    loc(init, size.as_instruction());
    let in_loop = b
        .build_int_compare(IntPredicate::SLT, tid, size, "thread.is_main_or_worker")
        .expect(BUILD);
    loc(init, in_loop.as_instruction());
    let br = b
        .build_conditional_branch(in_loop, blocks.wait, blocks.exit)
        .expect(BUILD);
    copy_loc(init, br);

    // worker.wait: barrier, fetch the work function; null means "kernel done".
    b.position_at_end(blocks.wait);
    call(&b, init, rt(BARRIER), &[ident.into(), tid.into()], "");
    let slot_generic = generic_pointer(&b, init, slot, ctx);
    let active = call(
        &b,
        init,
        rt(KERNEL_PARALLEL),
        &[slot_generic.into()],
        "worker.is_active",
    );
    let ptr_ty = ctx.ptr_type(AddressSpace::default());
    let work = b
        .build_load(ptr_ty, slot_generic, "worker.work_fn")
        .expect(BUILD)
        .into_pointer_value();
    loc(init, work.as_instruction());
    let done = b
        .build_int_compare(
            IntPredicate::EQ,
            work,
            ptr_ty.const_null(),
            "worker.is_done",
        )
        .expect(BUILD);
    loc(init, done.as_instruction());
    let br = b
        .build_conditional_branch(done, blocks.exit, blocks.active)
        .expect(BUILD);
    copy_loc(init, br);

    // worker.exit.sm
    b.position_at_end(blocks.exit);
    let ret = b.build_return(None).expect(BUILD);
    copy_loc(init, ret);

    // worker.active: inactive workers (beyond the region's thread count) skip
    // to the closing barrier.
    b.position_at_end(blocks.active);
    let mut cascade = ctx.prepend_basic_block(blocks.end, "worker.region.check");
    let br = b
        .build_conditional_branch(as_int(active), cascade, blocks.barrier)
        .expect(BUILD);
    copy_loc(init, br);

    // The if-cascade over the known wrappers.
    let zero16 = ctx.i16_type().const_zero();
    let fallback = !reach.unknown.is_empty();
    for (k, &w) in reach.known.iter().enumerate() {
        let run = if k + 1 == reach.known.len() && !fallback {
            // Every region is known and the others were ruled out: this one
            // needs no compare.
            cascade
        } else {
            let run = ctx.prepend_basic_block(blocks.end, "worker.region.call");
            let next = ctx.prepend_basic_block(blocks.end, "worker.region.check");
            b.position_at_end(cascade);
            let is_w = b
                .build_int_compare(
                    IntPredicate::EQ,
                    work,
                    w.as_global_value().as_pointer_value(),
                    "worker.is_region",
                )
                .expect(BUILD);
            loc(init, is_w.as_instruction());
            let br = b.build_conditional_branch(is_w, run, next).expect(BUILD);
            copy_loc(init, br);
            cascade = next;
            run
        };
        b.position_at_end(run);
        call(&b, init, w, &[zero16.into(), tid.into()], "");
        let br = b.build_unconditional_branch(blocks.end).expect(BUILD);
        copy_loc(init, br);
    }
    if fallback {
        // The region is none we know: call the work function indirectly.
        cascade.set_name("worker.region.fallback");
        b.position_at_end(cascade);
        let wrapper_ty = ctx
            .void_type()
            .fn_type(&[ctx.i16_type().into(), ctx.i32_type().into()], false);
        let c = b
            .build_indirect_call(wrapper_ty, work, &[zero16.into(), tid.into()], "")
            .expect(BUILD);
        copy_loc(init, call_instruction(c));
        let br = b.build_unconditional_branch(blocks.end).expect(BUILD);
        copy_loc(init, br);
    }

    // worker.region.end / worker.barrier
    b.position_at_end(blocks.end);
    call(&b, init, rt(END_PARALLEL), &[], "");
    let br = b.build_unconditional_branch(blocks.barrier).expect(BUILD);
    copy_loc(init, br);
    b.position_at_end(blocks.barrier);
    call(&b, init, rt(BARRIER), &[ident.into(), tid.into()], "");
    let br = b.build_unconditional_branch(blocks.wait).expect(BUILD);
    copy_loc(init, br);
}

/// Calls `g` with `args` at the builder, with `g`'s calling convention and
/// `init`'s debug location (a call of an inlinable function in a function
/// with debug info must have one).
fn call<'ctx>(
    b: &Builder<'ctx>,
    init: InstructionValue<'ctx>,
    g: FunctionValue<'ctx>,
    args: &[inkwell::values::BasicMetadataValueEnum<'ctx>],
    name: &str,
) -> CallSiteValue<'ctx> {
    let c = b
        .build_direct_call(g, args, name)
        .expect("gpucc-openmp-opt: builder positioned in the worker loop");
    c.set_call_convention(llvm::calling_conv(g));
    copy_loc(init, call_instruction(c));
    c
}

fn call_instruction(c: CallSiteValue<'_>) -> InstructionValue<'_> {
    openmp_sm::call_instruction(c)
}

/// The integer result of a call returning one (the runtime's i1 and i32).
fn as_int(c: CallSiteValue<'_>) -> IntValue<'_> {
    c.try_as_basic_value()
        .basic()
        .expect("gpucc-openmp-opt: runtime call returns a value")
        .into_int_value()
}

/// `slot` in the generic address space (an addrspacecast where allocas live
/// elsewhere, as AMDGPU's `A5`).
fn generic_pointer<'ctx>(
    b: &Builder<'ctx>,
    init: InstructionValue<'ctx>,
    slot: PointerValue<'ctx>,
    ctx: ContextRef<'ctx>,
) -> PointerValue<'ctx> {
    if llvm::space_of(slot) == 0 {
        return slot;
    }
    let p = b
        .build_address_space_cast(
            slot,
            ctx.ptr_type(AddressSpace::default()),
            "worker.work_fn.addr.generic",
        )
        .expect("gpucc-openmp-opt: builder positioned in the worker loop");
    loc(init, p.as_instruction());
    p
}

fn copy_loc(from: InstructionValue<'_>, to: InstructionValue<'_>) {
    openmp_sm::copy_debug_location(from, to);
}

fn loc(from: InstructionValue<'_>, to: Option<InstructionValue<'_>>) {
    if let Some(i) = to {
        openmp_sm::copy_debug_location(from, i);
    }
}

// ---------------------------------------------------------------------------
// Small IR queries.

/// Every instruction of `f`, in block and instruction order.
fn instructions<'ctx>(f: FunctionValue<'ctx>) -> impl Iterator<Item = InstructionValue<'ctx>> {
    f.get_basic_blocks().into_iter().flat_map(|bb| {
        std::iter::successors(bb.get_first_instruction(), |i| i.get_next_instruction())
    })
}

/// The function a call instruction calls directly. Its declared type may
/// differ from the call's (clang declares `int omp_get_thread_num()` as
/// `i32 (...)` in C): the body that runs is still this function's.
fn direct_callee<'ctx>(inst: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    if inst.get_opcode() != InstructionOpcode::Call {
        return None;
    }
    let n = llvm::operand_count(&inst);
    match llvm::operand(&inst, n.checked_sub(1)?)? {
        BasicValueEnum::PointerValue(p) => openmp_sm::as_function(p),
        _ => None,
    }
}

fn callee_name(inst: InstructionValue<'_>) -> Option<String> {
    direct_callee(inst).map(|g| g.get_name().to_string_lossy().into_owned())
}

/// The i32 result of the init call (checked by [`plan`]).
fn init_result(init: InstructionValue<'_>) -> IntValue<'_> {
    CallSiteValue::try_from(init)
        .ok()
        .and_then(|c| c.try_as_basic_value().basic())
        .expect("gpucc-openmp-opt: init returns i32 (planned)")
        .into_int_value()
}

/// The function `p` is, if it is one.
fn function_of_pointer(p: PointerValue<'_>) -> Option<FunctionValue<'_>> {
    openmp_sm::as_function(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("omp_no_parallelism", true)]
    #[case("ompx_spmd_amenable,omp_no_openmp", true)]
    #[case("ompx_spmd_amenable", false)]
    #[case("omp_no_parallelism_please", false)]
    #[case("", false)]
    fn reads_assumption_lists(#[case] value: &str, #[case] no_parallelism: bool) {
        assert_eq!(rules_out_parallelism(value), no_parallelism);
    }

    #[rstest]
    #[case(Linkage::External, false)]
    #[case(Linkage::Internal, false)]
    #[case(Linkage::Private, false)]
    #[case(Linkage::WeakODR, false)]
    #[case(Linkage::LinkOnceODR, false)]
    #[case(Linkage::WeakAny, true)]
    #[case(Linkage::LinkOnceAny, true)]
    #[case(Linkage::ExternalWeak, true)]
    #[case(Linkage::AvailableExternally, true)]
    fn weak_bodies_are_not_trusted(#[case] l: Linkage, #[case] interposable: bool) {
        assert_eq!(is_interposable(l), interposable);
    }
}
