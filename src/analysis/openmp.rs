//! OpenMP offloading facts on device IR: which functions are target kernels,
//! what the device runtime calls in them mean, and whether a generic-mode
//! kernel can run in SPMD mode. Read-only; used by `gpucc-openmp-opt`
//! (src/passes/openmp_opt) and reusable by any pass that needs to know
//! kernels, parallel regions or the runtime's vocabulary.
//!
//! ## Kernels
//! clang opens every target region with `%r = call i32 @__kmpc_target_init(...)`
//! and closes it with `__kmpc_target_deinit`. Where the launch configuration
//! lives (exec mode 1 generic, 2 SPMD, 3 generic-turned-SPMD; whether the
//! workers wait in the runtime's generic state machine) depends on the LLVM:
//! init arguments and an `@<kernel>_exec_mode` global (LLVM 16), or the
//! `@<kernel>_kernel_environment` global init points to (LLVM 17+).
//! `llvm::openmp::LaunchConfig` reads and writes it; nothing here knows the
//! layout. A *kernel* here is a function that calls `__kmpc_target_init`; its
//! name is that of the function, or of its only caller when the function is
//! an internal body wrapped by the externally visible kernel (`@k` calling
//! `@k__debug`). A kernel whose host-read global is missing is still found,
//! so callers can skip it with a remark instead of crashing, as LLVM 16's
//! openmp-opt does.
//!
//! ## Sequential code
//! In generic mode one thread runs the target region; the others wait until
//! the parallel entry point (`__kmpc_parallel_51` in LLVM 16,
//! `__kmpc_parallel_60` in LLVM 22: `(ident, gtid, if, nthreads, bind, fn,
//! wrapper, args, n, ...)`) hands them `fn`. The *sequential code* of a
//! kernel is the kernel function plus every function it calls, transitively,
//! except the runtime's own functions (known by name, even when the runtime is
//! linked in) and except what only runs inside parallel regions (`fn`/`wrapper`
//! are operands of the parallel entry point, not callees, so the walk never
//! enters them). An indirect call counts as calls of its possible targets when
//! they are known ([`call_targets`]).
//!
//! ## SPMD amenability
//! In SPMD mode every thread of the team runs the sequential code. Each of its
//! instructions is classified ([`Effect`]):
//! - `Free`: no side effect, same result on every thread (arithmetic, loads,
//!   team-uniform queries such as `omp_get_team_num`, `omp_get_num_teams`,
//!   which LLVM 16 does not know and refuses; level queries such as
//!   `omp_get_thread_num`, which answer 0 at level 0 in either mode, as
//!   LLVM 22 also knows);
//! - `Private`: writes only the thread's own stack (stores to allocas, also
//!   through pointer arguments whose every caller passes an alloca), so every
//!   thread may do it;
//! - `Guard`: writes team-shared or global memory: one thread must do it,
//!   `if (hw_thread_id == 0) { ... }`, then a barrier, and values it defines
//!   that are used later are broadcast through shared memory;
//! - `Globalized`: `__kmpc_alloc_shared` of a constant size, which becomes one
//!   team-wide shared-memory global (in SPMD mode each thread would otherwise
//!   get its own copy of a variable that must be shared);
//! - `Blocker`: SPMD mode would change the meaning: calls to unknown external
//!   functions, indirect calls with unknown targets, inline asm, queries whose
//!   value differs between the modes (`omp_get_thread_limit`,
//!   `omp_get_max_threads`: generic mode leaves out a warp) or threads
//!   (hardware thread ids), other runtime entry points (also loop-body
//!   callbacks such as LLVM 22's `__kmpc_*_static_loop_*`), and stores
//!   through pointers we cannot place. A call site or
//!   callee marked `"llvm.assume"="ompx_spmd_amenable"` is trusted as `Free`.

use crate::llvm;
use crate::llvm::openmp::{self as omp, LaunchConfig, DEVICE_ABI};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::module::Linkage;
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode,
    InstructionValue,
};
use std::collections::{BTreeSet, HashMap, HashSet};

/// `__kmpc_target_init`.
pub const TARGET_INIT: &str = DEVICE_ABI.target_init;
/// `__kmpc_target_deinit`.
pub const TARGET_DEINIT: &str = DEVICE_ABI.target_deinit;
/// The entry point that starts a parallel region (`__kmpc_parallel_51` or
/// `__kmpc_parallel_60`, by LLVM).
pub const PARALLEL: &str = DEVICE_ABI.parallel;
/// Execution modes.
pub use crate::llvm::openmp::{MODE_GENERIC, MODE_GENERIC_SPMD, MODE_SPMD};

/// `kmp_distribute_static_chunk` and `kmp_distribute_static_nochunk`.
const DIST_STATIC_CHUNK: u64 = 91;
const DIST_STATIC_NOCHUNK: u64 = 92;

/// What a call to a runtime function (known by name) means in sequential code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    TargetInit,
    TargetDeinit,
    /// [`PARALLEL`]: starts a parallel region; valid in both modes.
    Parallel,
    /// `__kmpc_alloc_shared(i64 size)`: globalized local variable.
    AllocShared,
    /// `__kmpc_free_shared(ptr, i64 size)`.
    FreeShared,
    /// `__kmpc_is_spmd_exec_mode()`: folded once the mode is known.
    IsSpmdExecMode,
    /// `__kmpc_parallel_level(ident, gtid)`: 0 in sequential code in either
    /// mode (the runtime raises the level only inside parallel regions).
    ParallelLevel,
    /// `__kmpc_global_thread_num`: only feeds runtime calls.
    GlobalThreadNum,
    /// No side effect, the same value on every thread of sequential code in
    /// either mode.
    Uniform,
    /// `__kmpc_distribute_static_init_*`: computes the team's chunk into
    /// thread-private out-parameters; `__kmpc_distribute_static_fini`.
    Distribute,
    /// A value that differs between threads or between the two modes.
    ThreadVarying,
    /// Any other `__kmpc_*` / `omp_*` entry point: not known to be safe.
    Other,
}

/// Classifies a runtime function by name; `None` for user functions.
pub fn runtime_kind(name: &str) -> Option<Runtime> {
    use Runtime::*;
    Some(match name {
        TARGET_INIT => TargetInit,
        TARGET_DEINIT => TargetDeinit,
        PARALLEL => Parallel,
        "__kmpc_alloc_shared" => AllocShared,
        "__kmpc_free_shared" => FreeShared,
        "__kmpc_is_spmd_exec_mode" => IsSpmdExecMode,
        "__kmpc_parallel_level" => ParallelLevel,
        "__kmpc_global_thread_num" => GlobalThreadNum,
        "omp_get_team_num"
        | "omp_get_num_teams"
        | "omp_get_num_devices"
        | "omp_get_device_num"
        | "omp_is_initial_device"
        | "omp_get_initial_device"
        | "__kmpc_get_hardware_num_threads_in_block"
        | "__kmpc_get_hardware_num_blocks"
        | "__kmpc_get_warp_size" => Uniform,
        // Answered from the nesting level, which is 0 in sequential code in
        // either mode (the runtime's team state starts at level 0 in SPMD
        // mode too; only the parallel entry point raises it): thread 0 of a
        // team of 1, not in parallel, at level 0, on every thread.
        "omp_get_thread_num"
        | "omp_get_num_threads"
        | "omp_in_parallel"
        | "omp_get_level"
        | "omp_get_active_level"
        | "omp_get_ancestor_thread_num"
        | "omp_get_team_size" => Uniform,
        "__kmpc_distribute_static_init_4"
        | "__kmpc_distribute_static_init_4u"
        | "__kmpc_distribute_static_init_8"
        | "__kmpc_distribute_static_init_8u"
        | "__kmpc_distribute_static_fini" => Distribute,
        // The team size differs between the modes (generic mode leaves out
        // the main thread's warp), and hardware thread ids differ per thread.
        "omp_get_thread_limit"
        | "omp_get_max_threads"
        | "__kmpc_get_hardware_thread_id_in_block" => ThreadVarying,
        _ if name.starts_with("__kmpc_") || name.starts_with("omp_") => Other,
        _ => return None,
    })
}

/// One target kernel.
#[derive(Clone, Debug)]
pub struct Kernel<'ctx> {
    /// The function that calls `__kmpc_target_init`.
    pub entry: FunctionValue<'ctx>,
    /// The init call.
    pub init: InstructionValue<'ctx>,
    /// The deinit calls in `entry`.
    pub deinits: Vec<InstructionValue<'ctx>>,
    /// Where the launch configuration lives (read and written through it).
    pub config: LaunchConfig<'ctx>,
    /// The kernel's name for messages: the host-read global's prefix, else `entry`.
    pub name: String,
    /// How the runtime starts the kernel (1 generic, 2 SPMD) when it was
    /// found, when known.
    pub mode: Option<u64>,
    /// Whether its workers then wait in the runtime's generic state machine.
    pub generic_state_machine: Option<bool>,
}

impl<'ctx> Kernel<'ctx> {
    /// Generic mode, as clang emits it for non-combined target regions.
    pub fn is_generic(&self) -> bool {
        self.mode == Some(MODE_GENERIC)
    }
}

/// The called function of `call`, when it is a direct call. Its declared
/// type may differ from the call's (C declares `int omp_get_thread_num()` as
/// `i32 (...)`): the body that runs is still this function's.
pub fn callee<'ctx>(call: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    if !matches!(
        call.get_opcode(),
        InstructionOpcode::Call | InstructionOpcode::Invoke | InstructionOpcode::CallBr
    ) {
        return None;
    }
    let n = llvm::operand_count(&call);
    crate::llvm::openmp_sm::as_function(llvm::pointer_operand(&call, n.checked_sub(1)?)?)
}

/// The name of a function, lossily as UTF-8.
pub fn fn_name(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

/// Is `inst` a direct call of a function named `name`?
pub fn is_call_to(inst: InstructionValue<'_>, name: &str) -> bool {
    inst.get_opcode() == InstructionOpcode::Call && callee(inst).is_some_and(|f| fn_name(f) == name)
}

/// The instructions of `f`, in block and instruction order.
pub fn instructions<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    for bb in f.get_basic_blocks() {
        let mut i = bb.get_first_instruction();
        while let Some(inst) = i {
            out.push(inst);
            i = inst.get_next_instruction();
        }
    }
    out
}

/// A constant integer operand, zero-extended.
pub fn const_int_operand(inst: InstructionValue<'_>, i: u32) -> Option<u64> {
    match llvm::operand(&inst, i)? {
        BasicValueEnum::IntValue(v) => v.get_zero_extended_constant(),
        _ => None,
    }
}

/// Every kernel of the module (functions calling `__kmpc_target_init`), in
/// module order.
pub fn find_kernels<'ctx>(functions: &[FunctionValue<'ctx>]) -> Vec<Kernel<'ctx>> {
    if !functions.iter().any(|f| fn_name(*f) == TARGET_INIT) {
        return Vec::new();
    }
    let mut entries: Vec<(FunctionValue<'ctx>, InstructionValue<'ctx>)> = Vec::new();
    for f in functions {
        if f.count_basic_blocks() == 0 || fn_name(*f) == TARGET_INIT {
            continue;
        }
        if let Some(init) = instructions(*f)
            .into_iter()
            .find(|i| is_call_to(*i, TARGET_INIT))
        {
            entries.push((*f, init));
        }
    }
    entries
        .into_iter()
        .map(|(entry, init)| {
            let deinits = instructions(entry)
                .into_iter()
                .filter(|i| is_call_to(*i, TARGET_DEINIT))
                .collect();
            // The kernel may be `@k` calling the internal body `@k__debug`
            // that holds init.
            let mut owners = vec![entry];
            if let Some([only]) = direct_callers(entry).as_deref() {
                owners.push(*only);
            }
            let config = LaunchConfig::find(init, &owners);
            Kernel {
                entry,
                init,
                deinits,
                name: config.kernel_name().to_string(),
                mode: config.mode(),
                generic_state_machine: config.uses_generic_state_machine(),
                config,
            }
        })
        .collect()
}

/// The distinct functions calling `f` directly, in use order; `None` when `f`
/// has any other use.
pub fn direct_callers<'ctx>(f: FunctionValue<'ctx>) -> Option<Vec<FunctionValue<'ctx>>> {
    if omp::has_non_instruction_user(f) {
        return None;
    }
    let mut out: Vec<FunctionValue<'ctx>> = Vec::new();
    for (user, _) in llvm::uses_of(f) {
        if callee(user) != Some(f) {
            return None;
        }
        let caller = user.get_parent()?.get_parent()?;
        if !out.contains(&caller) {
            out.push(caller);
        }
    }
    Some(out)
}

/// The distinct functions holding calls that may call `f`: direct calls, and
/// indirect calls whose callee is a select or phi tree that `f` feeds and
/// that feeds only callee operands; in use order. `None` when `f` has any
/// other use (its address may escape, so unknown code may call it).
pub fn callers<'ctx>(f: FunctionValue<'ctx>) -> Option<Vec<FunctionValue<'ctx>>> {
    if omp::has_non_instruction_user(f) {
        return None;
    }
    let mut out: Vec<FunctionValue<'ctx>> = Vec::new();
    for (user, _) in llvm::uses_of(f) {
        let calls = if callee(user) == Some(f) {
            vec![user]
        } else {
            calls_through(user, TARGET_DEPTH)?
        };
        for c in calls {
            let caller = c.get_parent()?.get_parent()?;
            if !out.contains(&caller) {
                out.push(caller);
            }
        }
    }
    Some(out)
}

/// The calls whose callee operand `v` (a select or phi) feeds, through
/// further selects and phis; `None` when `v` has any other use.
fn calls_through<'ctx>(
    v: InstructionValue<'ctx>,
    depth: u32,
) -> Option<Vec<InstructionValue<'ctx>>> {
    if depth == 0
        || !matches!(
            v.get_opcode(),
            InstructionOpcode::Select | InstructionOpcode::Phi
        )
        || omp::has_non_instruction_user(v)
    {
        return None;
    }
    let mut out = Vec::new();
    for (user, no) in llvm::uses_of(v) {
        match user.get_opcode() {
            InstructionOpcode::Call | InstructionOpcode::Invoke | InstructionOpcode::CallBr
                if no + 1 == llvm::operand_count(&user) && callee(user).is_none() =>
            {
                out.push(user)
            }
            InstructionOpcode::Select if no != 0 => out.extend(calls_through(user, depth - 1)?),
            InstructionOpcode::Phi => out.extend(calls_through(user, depth - 1)?),
            _ => return None,
        }
    }
    Some(out)
}

/// The functions passed to [`PARALLEL`] calls in `f` (outlined parallel
/// regions and their wrappers), in order.
pub fn parallel_regions_in<'ctx>(f: FunctionValue<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut out = Vec::new();
    for inst in instructions(f) {
        if !is_call_to(inst, PARALLEL) {
            continue;
        }
        for i in [DEVICE_ABI.parallel_fn_arg, DEVICE_ABI.parallel_wrapper_arg] {
            if let Some(BasicValueEnum::PointerValue(p)) = llvm::operand(&inst, i) {
                if let Some(g) = function_named_by(p) {
                    if !out.contains(&g) {
                        out.push(g);
                    }
                }
            }
        }
    }
    out
}

/// The outlined function a call of the parallel entry point runs (its `fn`
/// operand), when it names one.
pub fn parallel_regions_in_call<'ctx>(call: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    match llvm::operand(&call, DEVICE_ABI.parallel_fn_arg)? {
        BasicValueEnum::PointerValue(p) => function_named_by(p),
        _ => None,
    }
}

fn function_named_by<'ctx>(p: inkwell::values::PointerValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    let o = llvm::underlying_object(p);
    let name = llvm::value_name(o);
    if name.is_empty() || !omp::is_global_value(o) {
        return None;
    }
    let f = omp::module_of_value(o)?.get_function(&name)?;
    (f.as_value_ref() == o.as_value_ref()).then_some(f)
}

/// The defined user functions `f` calls (runtime functions excluded), in
/// call order: direct callees, and the known targets of indirect calls
/// ([`call_targets`]).
pub fn user_callees<'ctx>(f: FunctionValue<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut out = Vec::new();
    for inst in instructions(f) {
        for g in call_targets(inst).unwrap_or_default() {
            if g.count_basic_blocks() > 0
                && runtime_kind(&fn_name(g)).is_none()
                && !out.contains(&g)
            {
                out.push(g);
            }
        }
    }
    out
}

/// How many selects and phis [`call_targets`] looks through.
const TARGET_DEPTH: u32 = 8;

/// The functions call `inst` may call: its callee for a direct call; for an
/// indirect call, the functions its callee operand may be, when known:
/// - the callee is a `select`/`phi` tree whose leaves are functions (exact);
/// - else the call's `!callees` metadata (calling any other function is
///   undefined behaviour), without the local functions whose address is
///   never taken (only direct calls use them: no pointer can hold them).
///
/// `None` for an indirect call with unknown targets, and for other
/// instructions.
pub fn call_targets<'ctx>(inst: InstructionValue<'ctx>) -> Option<Vec<FunctionValue<'ctx>>> {
    if !matches!(
        inst.get_opcode(),
        InstructionOpcode::Call | InstructionOpcode::Invoke | InstructionOpcode::CallBr
    ) {
        return None;
    }
    if let Some(f) = callee(inst) {
        return Some(vec![f]);
    }
    let n = llvm::operand_count(&inst);
    let target = llvm::pointer_operand(&inst, n.checked_sub(1)?)?;
    let mut out = Vec::new();
    if function_leaves(target.as_basic_value_enum(), TARGET_DEPTH, &mut out) {
        return Some(out);
    }
    let listed = omp::callees_metadata(inst)?;
    Some(
        listed
            .into_iter()
            .filter(|f| may_be_called_at(*f, inst))
            .collect(),
    )
}

/// Can indirect call `call` call `f`? Not when `f` is local and its address
/// only reaches direct calls and selects or phis that feed other calls'
/// callee operands ([`calls_through`]): no pointer anywhere else can hold it.
fn may_be_called_at(f: FunctionValue<'_>, call: InstructionValue<'_>) -> bool {
    if !is_local(f) || omp::has_non_instruction_user(f) {
        return true;
    }
    for (user, _) in llvm::uses_of(f) {
        if callee(user) == Some(f) {
            continue;
        }
        match calls_through(user, TARGET_DEPTH) {
            Some(calls) if !calls.contains(&call) => {}
            _ => return true,
        }
    }
    false
}

/// Collects into `out` the functions `v` may be through selects and phis;
/// false when some leaf is not a function.
fn function_leaves<'ctx>(
    v: BasicValueEnum<'ctx>,
    depth: u32,
    out: &mut Vec<FunctionValue<'ctx>>,
) -> bool {
    if let Some(f) = crate::llvm::openmp_sm::as_function(v) {
        if !out.contains(&f) {
            out.push(f);
        }
        return true;
    }
    let Some(inst) = v.as_instruction_value() else {
        return false;
    };
    if depth == 0 {
        return false;
    }
    let first = match inst.get_opcode() {
        InstructionOpcode::Select => 1,
        InstructionOpcode::Phi => 0,
        _ => return false,
    };
    (first..llvm::operand_count(&inst)).all(|i| match llvm::operand(&inst, i) {
        Some(x) if x.as_value_ref() == inst.as_value_ref() => true,
        Some(x) => function_leaves(x, depth - 1, out),
        None => false,
    })
}

/// Functions reachable from `roots` through direct calls and (when
/// `through_parallel`) parallel-region operands, roots included, in BFS order.
pub fn reachable<'ctx>(
    roots: &[FunctionValue<'ctx>],
    through_parallel: bool,
) -> Vec<FunctionValue<'ctx>> {
    let mut seen: Vec<FunctionValue<'ctx>> = Vec::new();
    let mut work: Vec<FunctionValue<'ctx>> = roots.to_vec();
    let mut i = 0;
    while i < work.len() {
        let f = work[i];
        i += 1;
        if seen.contains(&f) {
            continue;
        }
        seen.push(f);
        let mut next = user_callees(f);
        if through_parallel {
            next.extend(parallel_regions_in(f));
        }
        work.extend(next.into_iter().filter(|g| !seen.contains(g)));
    }
    seen
}

/// How an instruction of sequential code behaves in SPMD mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// No side effect, same result on every thread.
    Free,
    /// Writes only thread-private memory.
    Private,
    /// Writes shared memory: one thread must do it.
    Guard,
    /// `__kmpc_alloc_shared` that becomes a team-wide shared global.
    Globalized,
    /// Prevents SPMD mode; the reason names what.
    Blocker(String),
}

/// How many steps (stack slot, call argument, phi) [`place_of`] follows.
pub const PLACE_DEPTH: u32 = 6;

/// Where a pointer points, as far as SPMD mode cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The thread's own stack.
    Private,
    /// Memory every thread of the team (or the device) sees.
    Shared,
    /// Cannot tell.
    Unknown,
}

impl Place {
    fn join(self, other: Place) -> Place {
        if self == other {
            self
        } else {
            Place::Unknown
        }
    }
}

/// Where `p` (used in function `f`) points. `kernel_entries` are kernel
/// functions (their pointer arguments come from the host: device memory).
pub fn place_of(p: BasicValueEnum<'_>, kernel_entries: &[FunctionValue<'_>], depth: u32) -> Place {
    let BasicValueEnum::PointerValue(p) = p else {
        return Place::Unknown;
    };
    match llvm::space_of(p) {
        5 => return Place::Private,
        1 | 3 | 4 => return Place::Shared,
        _ => {}
    }
    let o = llvm::underlying_object(p);
    // A variable in the private space (an addrspace(5) global is per thread).
    match llvm::space_of(o) {
        5 => return Place::Private,
        1 | 3 | 4 => return Place::Shared,
        _ => {}
    }
    if omp::is_null_pointer(o) || llvm::is_undef(o) || omp::is_global_value(o) {
        return Place::Shared;
    }
    if omp::is_argument(o) {
        let Some(f) = llvm::function_of_argument(o) else {
            return Place::Unknown;
        };
        if kernel_entries.contains(&f) || depth == 0 {
            return if kernel_entries.contains(&f) {
                Place::Shared
            } else {
                Place::Unknown
            };
        }
        let Some(idx) = omp::argument_index(o) else {
            return Place::Unknown;
        };
        if omp::has_non_instruction_user(f) {
            return Place::Unknown;
        }
        let mut place: Option<Place> = None;
        for (user, _) in llvm::uses_of(f) {
            // The actual argument; a call through another function type may
            // pass fewer (the last operand is the callee, not an argument).
            if callee(user) != Some(f) || idx + 1 >= llvm::operand_count(&user) {
                return Place::Unknown;
            }
            let Some(actual) = llvm::operand(&user, idx) else {
                return Place::Unknown;
            };
            let here = place_of(actual, kernel_entries, depth - 1);
            place = Some(place.map_or(here, |q| q.join(here)));
        }
        return place.unwrap_or(Place::Unknown);
    }
    let Some(inst) = o.as_instruction() else {
        return Place::Unknown;
    };
    match inst.get_opcode() {
        InstructionOpcode::Alloca => Place::Private,
        InstructionOpcode::Load => loaded_pointer_place(inst, kernel_entries, depth),
        InstructionOpcode::Call if is_call_to(inst, "__kmpc_alloc_shared") => Place::Shared,
        InstructionOpcode::Phi | InstructionOpcode::Select if depth > 0 => {
            let n = llvm::operand_count(&inst);
            let first = usize::from(inst.get_opcode() == InstructionOpcode::Select);
            let mut place: Option<Place> = None;
            for i in first..n as usize {
                let Some(v) = llvm::operand(&inst, i as u32) else {
                    return Place::Unknown;
                };
                if v.as_value_ref() == inst.as_value_ref() {
                    continue;
                }
                let here = place_of(v, kernel_entries, depth - 1);
                place = Some(place.map_or(here, |q| q.join(here)));
            }
            place.unwrap_or(Place::Unknown)
        }
        _ => Place::Unknown,
    }
}

/// Where a pointer loaded by `load` points. Loaded from shared or global
/// memory: device memory (clang never stores a stack address there). Loaded
/// from a stack slot of this function (`%p.addr` at -O0): whatever was stored
/// into the slot, when the slot is only stored to, loaded from and marked by
/// lifetime intrinsics; else unknown.
fn loaded_pointer_place(
    load: InstructionValue<'_>,
    kernel_entries: &[FunctionValue<'_>],
    depth: u32,
) -> Place {
    let Some(BasicValueEnum::PointerValue(addr)) = llvm::operand(&load, 0) else {
        return Place::Unknown;
    };
    let slot = llvm::underlying_object(addr);
    let Some(alloca) = slot
        .as_instruction()
        .filter(|i| i.get_opcode() == InstructionOpcode::Alloca)
    else {
        return match place_of(BasicValueEnum::PointerValue(addr), kernel_entries, 0) {
            Place::Private => Place::Unknown,
            other => other,
        };
    };
    if depth == 0 {
        return Place::Unknown;
    }
    let mut place: Option<Place> = None;
    // The slot and its casts (at -O0 on AMDGPU every slot is used through an
    // addrspacecast to the generic space).
    let mut names: Vec<InstructionValue<'_>> = vec![alloca];
    let mut k = 0;
    while k < names.len() {
        let slot_name = names[k];
        k += 1;
        for (user, no) in llvm::uses_of(slot_name) {
            let here = match user.get_opcode() {
                InstructionOpcode::Load => continue,
                InstructionOpcode::AddrSpaceCast | InstructionOpcode::BitCast => {
                    if names.len() < 8 && !names.contains(&user) {
                        names.push(user);
                    }
                    continue;
                }
                InstructionOpcode::Store if no == 1 => match llvm::operand(&user, 0) {
                    Some(v) => place_of(v, kernel_entries, depth - 1),
                    None => Place::Unknown,
                },
                InstructionOpcode::Call
                    if callee(user).is_some_and(|f| fn_name(f).starts_with("llvm.lifetime")) =>
                {
                    continue
                }
                _ => Place::Unknown,
            };
            place = Some(place.map_or(here, |q| q.join(here)));
        }
    }
    place.unwrap_or(Place::Unknown)
}

/// Does the `memory` attribute `attr` allow writes?
fn memory_allows_writes(attr: Attribute) -> bool {
    omp::memory_effects_may_write(attr.get_enum_value())
}

/// Does the call (site or callee) promise not to write memory?
fn call_writes_no_memory(call: InstructionValue<'_>, f: Option<FunctionValue<'_>>) -> bool {
    let kind = Attribute::get_named_enum_kind_id("memory");
    let site = CallSiteValue::try_from(call)
        .ok()
        .and_then(|cs| cs.get_enum_attribute(AttributeLoc::Function, kind));
    let decl = f.and_then(|f| f.get_enum_attribute(AttributeLoc::Function, kind));
    [site, decl]
        .into_iter()
        .flatten()
        .any(|a| !memory_allows_writes(a))
}

/// Is `inst` a call without any memory effect: an intrinsic or function
/// declared `memory(none)`, or a team-uniform runtime query?
pub fn is_pure_call(inst: InstructionValue<'_>) -> bool {
    if inst.get_opcode() != InstructionOpcode::Call {
        return false;
    }
    let Some(f) = callee(inst) else {
        return false;
    };
    if matches!(
        runtime_kind(&fn_name(f)),
        Some(Runtime::Uniform | Runtime::GlobalThreadNum)
    ) {
        return true;
    }
    let kind = Attribute::get_named_enum_kind_id("memory");
    let site = CallSiteValue::try_from(inst)
        .ok()
        .and_then(|cs| cs.get_enum_attribute(AttributeLoc::Function, kind));
    let decl = f.get_enum_attribute(AttributeLoc::Function, kind);
    [site, decl]
        .into_iter()
        .flatten()
        .any(|a| a.get_enum_value() == 0)
}

/// Is the call, or its callee, marked `"llvm.assume"="...ompx_spmd_amenable..."`?
pub fn assumed_spmd_amenable(call: InstructionValue<'_>, f: Option<FunctionValue<'_>>) -> bool {
    let has = |a: Option<Attribute>| {
        a.is_some_and(|a| {
            a.get_string_value()
                .to_string_lossy()
                .contains("ompx_spmd_amenable")
        })
    };
    let site = CallSiteValue::try_from(call)
        .ok()
        .and_then(|cs| cs.get_string_attribute(AttributeLoc::Function, "llvm.assume"));
    has(site) || has(f.and_then(|f| f.get_string_attribute(AttributeLoc::Function, "llvm.assume")))
}

/// Is the function's body replaceable at link time (weak, linkonce, ...)?
pub fn is_interposable(f: FunctionValue<'_>) -> bool {
    matches!(
        f.get_linkage(),
        Linkage::WeakAny | Linkage::LinkOnceAny | Linkage::ExternalWeak | Linkage::Common
    )
}

/// Is `f` visible only in this module (internal or private linkage)?
pub fn is_local(f: FunctionValue<'_>) -> bool {
    matches!(f.get_linkage(), Linkage::Internal | Linkage::Private)
}

/// Intrinsics whose value differs per thread, or that synchronize.
fn is_thread_varying_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.nvvm.read.ptx.sreg.tid")
        || name.starts_with("llvm.nvvm.read.ptx.sreg.laneid")
        || name.starts_with("llvm.nvvm.read.ptx.sreg.warpid")
        || name.starts_with("llvm.amdgcn.workitem.id")
        || name.starts_with("llvm.amdgcn.mbcnt")
        || name.contains("barrier")
        || name.starts_with("llvm.nvvm.bar")
        || name.starts_with("llvm.amdgcn.s.barrier")
}

/// The effect of `inst`, an instruction of the sequential code.
/// `kernel_entries` are all kernel functions of the module.
pub fn effect_of(inst: InstructionValue<'_>, kernel_entries: &[FunctionValue<'_>]) -> Effect {
    let store_like = |ptr: Option<BasicValueEnum<'_>>| match ptr
        .map(|p| place_of(p, kernel_entries, PLACE_DEPTH))
        .unwrap_or(Place::Unknown)
    {
        Place::Private => Effect::Private,
        Place::Shared => Effect::Guard,
        Place::Unknown => Effect::Blocker(format!(
            "stores through a pointer that may be shared or thread-private: {}",
            llvm::describe(inst)
        )),
    };
    match inst.get_opcode() {
        InstructionOpcode::Store => store_like(llvm::operand(&inst, 1)),
        InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => {
            store_like(llvm::operand(&inst, 0))
        }
        InstructionOpcode::Fence => Effect::Blocker("fence in sequential code".to_string()),
        InstructionOpcode::Invoke | InstructionOpcode::CallBr => {
            Effect::Blocker("invoke or callbr in sequential code".to_string())
        }
        InstructionOpcode::Call => call_effect(inst, kernel_entries),
        _ => Effect::Free,
    }
}

fn call_effect(call: InstructionValue<'_>, kernel_entries: &[FunctionValue<'_>]) -> Effect {
    let Some(f) = callee(call) else {
        if assumed_spmd_amenable(call, None) {
            return Effect::Free;
        }
        // Known targets whose bodies are part of the sequential code (they
        // are classified themselves, as user_callees includes them).
        let bodies = call_targets(call).is_some_and(|ts| {
            !ts.is_empty()
                && ts.iter().all(|t| {
                    t.count_basic_blocks() > 0
                        && !is_interposable(*t)
                        && runtime_kind(&fn_name(*t)).is_none()
                })
        });
        if bodies {
            return Effect::Free;
        }
        return Effect::Blocker("indirect call or inline assembly".to_string());
    };
    let name = fn_name(f);
    if let Some(kind) = runtime_kind(&name) {
        return match kind {
            Runtime::AllocShared => match const_int_operand(call, 0) {
                Some(_) => Effect::Globalized,
                None => Effect::Blocker(format!("globalized variable of unknown size (@{name})")),
            },
            Runtime::ThreadVarying => {
                Effect::Blocker(format!("@{name} returns a different value in SPMD mode"))
            }
            Runtime::Other => Effect::Blocker(format!("call to runtime function @{name}")),
            // Distribute schedules split by team (the same on every thread of
            // the team); any other schedule splits by thread.
            Runtime::Distribute if name.contains("_init_") => match const_int_operand(call, 2) {
                Some(DIST_STATIC_CHUNK | DIST_STATIC_NOCHUNK) => Effect::Free,
                _ => Effect::Blocker(format!("@{name} with a non-distribute schedule")),
            },
            _ => Effect::Free,
        };
    }
    if name.starts_with("llvm.") {
        if is_thread_varying_intrinsic(&name) {
            return Effect::Blocker(format!("intrinsic @{name} differs per thread"));
        }
        if name.starts_with("llvm.memcpy")
            || name.starts_with("llvm.memmove")
            || name.starts_with("llvm.memset")
        {
            let Some(dest) = llvm::operand(&call, 0) else {
                return Effect::Blocker(format!("malformed call to @{name}"));
            };
            return match place_of(dest, kernel_entries, PLACE_DEPTH) {
                Place::Private => Effect::Private,
                Place::Shared => Effect::Guard,
                Place::Unknown => Effect::Blocker(format!(
                    "@{name} writes through a pointer that may be shared or thread-private"
                )),
            };
        }
        let benign = [
            "llvm.lifetime.",
            "llvm.assume",
            "llvm.dbg.",
            "llvm.experimental.noalias",
        ]
        .iter()
        .any(|p| name.starts_with(p));
        if benign || call_writes_no_memory(call, Some(f)) {
            return Effect::Free;
        }
        return Effect::Blocker(format!("intrinsic @{name} may have side effects"));
    }
    if assumed_spmd_amenable(call, Some(f)) {
        return Effect::Free;
    }
    if f.count_basic_blocks() > 0 && !is_interposable(f) {
        // Its body is part of the sequential code and is classified itself.
        return Effect::Free;
    }
    if call_writes_no_memory(call, Some(f)) {
        return Effect::Free;
    }
    Effect::Blocker(format!("call to @{name}"))
}

/// An instruction that keeps a kernel generic, with the reason.
#[derive(Clone, Debug)]
pub struct Blocker<'ctx> {
    pub at: InstructionValue<'ctx>,
    pub why: String,
}

/// What SPMD mode needs in one kernel's sequential code.
#[derive(Clone, Debug, Default)]
pub struct Amenability<'ctx> {
    /// The sequential functions, kernel entry first, in BFS order.
    pub functions: Vec<FunctionValue<'ctx>>,
    /// Side effects on shared memory: run by one thread.
    pub guarded: Vec<InstructionValue<'ctx>>,
    /// `__kmpc_alloc_shared` calls to turn into team-wide shared globals.
    pub globalized: Vec<InstructionValue<'ctx>>,
    /// What keeps the kernel generic.
    pub blockers: Vec<Blocker<'ctx>>,
}

impl<'ctx> Amenability<'ctx> {
    /// Can the kernel run in SPMD mode (before the cross-kernel checks)?
    pub fn is_amenable(&self) -> bool {
        self.blockers.is_empty()
    }

    /// The functions other than the entry that the rewrite would change.
    pub fn changed_callees(&self, entry: FunctionValue<'ctx>) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        for i in self.guarded.iter().chain(&self.globalized) {
            if let Some(f) = i.get_parent().and_then(|b| b.get_parent()) {
                if f != entry {
                    if let Some(k) = self.functions.iter().position(|g| *g == f) {
                        out.insert(k);
                    }
                }
            }
        }
        out
    }
}

/// Classifies the sequential code of `kernel`.
pub fn analyze_kernel<'ctx>(
    kernel: &Kernel<'ctx>,
    kernel_entries: &[FunctionValue<'ctx>],
) -> Amenability<'ctx> {
    let entry_insts = user_code(kernel);
    let mut callees: Vec<FunctionValue<'ctx>> = Vec::new();
    for inst in &entry_insts {
        // Direct callees and the known targets of indirect calls: call_effect
        // counts a call of a body as free because the body is classified here.
        for g in call_targets(*inst).unwrap_or_default() {
            let user_fn = g.count_basic_blocks() > 0 && runtime_kind(&fn_name(g)).is_none();
            if user_fn && g != kernel.entry && !callees.contains(&g) {
                callees.push(g);
            }
        }
    }
    let mut functions = vec![kernel.entry];
    functions.extend(
        reachable(&callees, false)
            .into_iter()
            .filter(|f| *f != kernel.entry),
    );
    let mut a = Amenability {
        functions,
        ..Default::default()
    };
    let classify = |inst: InstructionValue<'ctx>, a: &mut Amenability<'ctx>| match effect_of(
        inst,
        kernel_entries,
    ) {
        Effect::Free | Effect::Private => {}
        Effect::Guard => a.guarded.push(inst),
        Effect::Globalized => a.globalized.push(inst),
        Effect::Blocker(why) => a.blockers.push(Blocker { at: inst, why }),
    };
    for inst in entry_insts {
        classify(inst, &mut a);
    }
    for f in a.functions.clone().into_iter().skip(1) {
        for inst in instructions(f) {
            classify(inst, &mut a);
        }
    }
    a
}

/// The instructions of the kernel function that only the main thread runs in
/// generic mode: after `__kmpc_target_init`, and, when the kernel branches on
/// `init == -1` (clang's `user_code.entry`), only the blocks reached from the
/// user-code edge and not from the other one (where the workers go when the
/// state machine ends). Code before init runs on every thread in both modes,
/// and so does the workers' exit path: neither is guarded. Without that
/// branch, everything after init counts (LLVM's own tests write such kernels).
pub fn user_code<'ctx>(kernel: &Kernel<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let Some(init_block) = kernel.init.get_parent() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut i = kernel.init.get_next_instruction();
    while let Some(x) = i {
        out.push(x);
        i = x.get_next_instruction();
    }
    let (starts, excluded) = match user_code_edge(kernel.init, init_block) {
        Some((user, other)) => (vec![user], block_reach(&[other])),
        None => (successors(init_block), Vec::new()),
    };
    for b in block_reach(&starts) {
        if b == init_block || excluded.contains(&b) {
            continue;
        }
        let mut i = b.get_first_instruction();
        while let Some(x) = i {
            out.push(x);
            i = x.get_next_instruction();
        }
    }
    out
}

/// The (user code, other) successors of `init_block` when it ends in
/// `br (init == -1)` or `br (init != -1)`.
fn user_code_edge<'ctx>(
    init: InstructionValue<'ctx>,
    init_block: BasicBlock<'ctx>,
) -> Option<(BasicBlock<'ctx>, BasicBlock<'ctx>)> {
    let t = init_block.get_terminator()?;
    if t.get_opcode() != InstructionOpcode::Br || t.get_num_operands() != 3 {
        return None;
    }
    let BasicValueEnum::IntValue(cond) = llvm::operand(&t, 0)? else {
        return None;
    };
    let cmp = cond.as_instruction()?;
    if cmp.get_opcode() != InstructionOpcode::ICmp {
        return None;
    }
    let ops = llvm::operands(cmp);
    let uses_init = ops.iter().any(|v| v.as_value_ref() == init.as_value_ref());
    let minus_one = ops.iter().any(|v| match v {
        BasicValueEnum::IntValue(c) => c.get_sign_extended_constant() == Some(-1),
        _ => false,
    });
    if !uses_init || !minus_one {
        return None;
    }
    // A conditional br's operands are (cond, false dest, true dest).
    let block = |k: u32| match t.get_operand(k) {
        Some(inkwell::values::Operand::Block(b)) => Some(b),
        _ => None,
    };
    let (if_true, if_false) = (block(2)?, block(1)?);
    match cmp.get_icmp_predicate()? {
        inkwell::IntPredicate::EQ => Some((if_true, if_false)),
        inkwell::IntPredicate::NE => Some((if_false, if_true)),
        _ => None,
    }
}

/// The successor blocks of `b`, in terminator order.
pub fn successors<'ctx>(b: BasicBlock<'ctx>) -> Vec<BasicBlock<'ctx>> {
    let Some(t) = b.get_terminator() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for k in 0..t.get_num_operands() {
        if let Some(inkwell::values::Operand::Block(s)) = t.get_operand(k) {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// The blocks reachable from `starts` (included), in discovery order.
pub fn block_reach<'ctx>(starts: &[BasicBlock<'ctx>]) -> Vec<BasicBlock<'ctx>> {
    let mut seen: Vec<BasicBlock<'ctx>> = Vec::new();
    let mut work: Vec<BasicBlock<'ctx>> = starts.to_vec();
    while let Some(b) = work.pop() {
        if seen.contains(&b) {
            continue;
        }
        seen.push(b);
        work.extend(successors(b).into_iter().rev());
    }
    seen
}

/// For each function, the kernels that reach it (directly, or inside their
/// parallel regions), by kernel index; functions that may also run in
/// unknown contexts (externally visible, or address taken) and what they
/// reach are `tainted`.
#[derive(Debug, Default)]
pub struct Reach<'ctx> {
    pub kernels_of: HashMap<FunctionValue<'ctx>, BTreeSet<usize>>,
    pub tainted: HashSet<FunctionValue<'ctx>>,
    /// Functions reachable from some parallel region.
    pub in_parallel: HashSet<FunctionValue<'ctx>>,
}

impl<'ctx> Reach<'ctx> {
    /// Computes the reach of `kernels` over `functions` (the module's).
    pub fn compute(kernels: &[Kernel<'ctx>], functions: &[FunctionValue<'ctx>]) -> Self {
        let mut r = Reach::default();
        let mut roots: Vec<FunctionValue<'ctx>> = Vec::new();
        for (k, kernel) in kernels.iter().enumerate() {
            for f in reachable(&[kernel.entry], true) {
                r.kernels_of.entry(f).or_default().insert(k);
            }
            // The kernel entry and the kernels wrapping it are entry points.
            roots.push(kernel.entry);
            if let Some(callers) = direct_callers(kernel.entry) {
                roots.extend(callers);
            }
            let mut par = Vec::new();
            for f in reachable(&[kernel.entry], false) {
                par.extend(parallel_regions_in(f));
            }
            for f in reachable(&par, true) {
                r.in_parallel.insert(f);
            }
        }
        let mut unknown = Vec::new();
        for f in functions {
            if f.count_basic_blocks() == 0 || roots.contains(f) {
                continue;
            }
            if !is_local(*f) || !only_called_or_parallel(*f) {
                unknown.push(*f);
            }
        }
        for f in reachable(&unknown, true) {
            r.tainted.insert(f);
        }
        r
    }
}

/// Are all uses of `f` calls (direct, or through selects and phis that only
/// feed callee operands) or region operands of [`PARALLEL`]?
fn only_called_or_parallel(f: FunctionValue<'_>) -> bool {
    if omp::has_non_instruction_user(f) {
        return false;
    }
    llvm::uses_of(f).into_iter().all(|(user, no)| {
        callee(user) == Some(f)
            || (is_call_to(user, PARALLEL)
                && (no == DEVICE_ABI.parallel_fn_arg || no == DEVICE_ABI.parallel_wrapper_arg))
            || calls_through(user, TARGET_DEPTH).is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_uniform_queries_are_free_thread_queries_are_not() {
        for q in [
            "omp_get_team_num",
            "omp_get_num_teams",
            "omp_get_num_devices",
            // Level 0 in sequential code, in either mode.
            "omp_get_thread_num",
            "omp_get_num_threads",
            "omp_in_parallel",
            "omp_get_level",
        ] {
            assert_eq!(runtime_kind(q), Some(Runtime::Uniform), "{q}");
        }
        // Different per thread, or different between generic and SPMD mode.
        for q in [
            "omp_get_thread_limit",
            "omp_get_max_threads",
            "__kmpc_get_hardware_thread_id_in_block",
        ] {
            assert_eq!(runtime_kind(q), Some(Runtime::ThreadVarying), "{q}");
        }
        assert_eq!(runtime_kind("__kmpc_omp_task"), Some(Runtime::Other));
        assert_eq!(runtime_kind("omp_set_num_threads"), Some(Runtime::Other));
        assert_eq!(runtime_kind("foo"), None);
        assert_eq!(runtime_kind(TARGET_INIT), Some(Runtime::TargetInit));
    }

    #[test]
    fn places_join_to_unknown_when_they_differ() {
        assert_eq!(Place::Private.join(Place::Private), Place::Private);
        assert_eq!(Place::Shared.join(Place::Shared), Place::Shared);
        assert_eq!(Place::Private.join(Place::Shared), Place::Unknown);
        assert_eq!(Place::Unknown.join(Place::Shared), Place::Unknown);
    }
}
