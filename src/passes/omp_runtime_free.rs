//! `gpucc-omp-runtime-free`: the combined construct
//! `#pragma omp target teams distribute parallel for` as a plain grid-stride
//! loop, with no OpenMP device runtime left in the kernel.
//!
//! Source: issue 15; Bertolli et al., "Coordinating GPU threads for OpenMP
//! 4.0 in LLVM" (LLVM-HPC 2014/2015), which compiled the combined construct
//! to 21 registers against CUDA's 16 this way; the meaning of the runtime
//! calls comes from LLVM's DeviceRTL (`Workshare.cpp`, `Parallelism.cpp`).
//!
//! ## Why
//! clang emits the combined construct as an SPMD kernel that still talks to
//! the runtime: `__kmpc_target_init`, a `distribute` worksharing loop over
//! team-sized chunks (schedule 91, chunk = `ntid`), a `__kmpc_parallel_51`
//! per chunk (two barriers each), and inside it a `for` worksharing loop
//! (schedule 33, chunk 1). The runtime keeps team state in shared memory and
//! its calls are opaque until link time; after linking and O3 the vector add
//! still needs 36 registers, 2 KB of shared memory and 16 barriers. CUDA's
//! kernel needs 12 registers and none of the rest.
//!
//! ## What the runtime computes
//! With `C = ntid` (the distribute chunk), `T` threads in the parallel team
//! and `lb..ub` the normalized iteration space, team `t` gets the chunks
//! `[lb + t*C + k*nctaid*C, ... + C - 1]`, and thread `tid` of the team runs
//! `LB + tid + j*T` of each chunk. When `ntid` is a multiple of 32 (`T = C =
//! ntid`), thread `tid` of team `t` therefore runs exactly the iterations
//! `lb + t*ntid + tid + k*nctaid*ntid`: the grid-stride loop. Otherwise the
//! runtime rounds `T` down to a multiple of the warp size and the mapping of
//! iterations to threads differs, but every iteration still runs exactly
//! once; a `parallel for` without `ordered` cannot tell which thread runs an
//! iteration (the rewrite refuses kernels that could: thread queries, target
//! intrinsics, anything else of the runtime).
//!
//! ## The rewrite, on the vector add (LLVM 16, `-O1` shape)
//! ```text
//!   %r = call i32 @__kmpc_target_init(ptr @1, i8 2, i1 false)      ; SPMD
//!   call void @__kmpc_distribute_static_init_4(..., i32 91, %plast, %plb, %pub,
//!                                              %pstride, i32 1, i32 %ntid)
//!   loop:                                         ; over this team's chunks
//!     call void @__kmpc_parallel_51(ptr @1, i32 %g, i32 1, i32 -1, i32 -1,
//!                                   ptr @outlined, ptr null, ptr %args, i64 6)
//!     ...                                          ; LB += stride, UB = min(...)
//!   @outlined(%gtid, %btid, i64 %LB, i64 %UB, ...):
//!     call void @__kmpc_for_static_init_4(..., i32 33, ..., i32 1, i32 1)
//!     body(i) for i = lb'; i <= UB; i += stride'
//! ==>
//!   %r = -1                                         ; every SPMD thread gets -1
//!   store (ub - lb + 1), %pstride                   ; one chunk: the whole space
//!   loop:                                           ; now runs once
//!     %i0 = lb + min(ctaid*ntid + tid, 2^31)        ; i64 products, clamped
//!     for (i = %i0; i <= UB; i += min(nctaid*ntid, 2^31))   ; i32, nuw
//!       call void @outlined(%gtid, %btid, i64 i, i64 i, ...)
//!   @outlined:                                      ; only this kernel calls it
//!     store 1, %pstride'                            ; lb', ub' left as given
//!     body(i) once: the back edge of its loop is cut
//! ```
//! Every other `__kmpc_*` call of the kernel (`global_thread_num` = 0 outside
//! parallel regions, the fini calls, deinit) goes; `get_hardware_num_threads_
//! in_block` becomes `ntid`. The host-read exec-mode global (LLVM 16) or
//! kernel environment (LLVM 17+) stays: the host chooses the launch from it.
//!
//! ### The induction variable
//! The runtime's own loops use the IV type of the `_4`/`_4u`/`_8` entry
//! point. A grid stride `nctaid*ntid` can be up to 2^41, so `i + stride`
//! could wrap where the runtime's `i + ntid` did not; instead of widening the
//! signed 32-bit IV (two more registers), the offsets are computed in 64 bits
//! and clamped to 2^31: `lb >= 0` is proven (the stored lower bound is a
//! constant, 0 for clang's normalized loops) and `ub <= 2^31 - 1`, so
//! `lb + off` and `i + stride` stay below 2^32 (`nuw`), and a clamped step
//! leaves the space exactly when the true one does. Unsigned 32-bit loops
//! (`_4u`, `ub < 2^32`) and signed 64-bit loops (`_8`, after `ub >= 0`) run in
//! 64 bits with the same `nuw` argument. `_8u` is refused.
//!
//! ### Collapsing the inner loop
//! O3 cannot prove that the outlined loop runs once when `LB = UB` (its test
//! is `sext(i + 1) > zext(i)`), so the pass cuts the back edge itself: the
//! outlined function's only cycle is its worksharing loop (plus the user's
//! loops nested in it), and its single latch branches to the exit instead of
//! the header. With `LB = UB` and stride 1 the latch would have left the loop
//! anyway, unless `i + 1` overflowed, where the original was undefined.
//!
//! ## Refusals (missed remark `Refused`, naming the reason)
//! Not NVPTX; not an SPMD kernel; runtime debugging on
//! (`__omp_rtl_debug_kind` != 0); any other `__kmpc_*`/`omp_*` call (a
//! guarded region's barrier, reductions, critical, globalization, thread
//! queries), an unknown external or indirect call, inline asm, or a target
//! intrinsic reachable from the kernel; not exactly one `distribute` init
//! (schedule 91 with the hardware block size as chunk) and one parallel
//! region (with `if = 1` and no `num_threads`) and one `for` init (schedule
//! 33, chunk 1) in it; an is-last flag that is read (`lastprivate`); code
//! outside the loop that writes memory other than the thread's own stack;
//! a lower bound not known to be non-negative; an outlined function that
//! other code calls or whose loop has another shape.
//!
//! Remarks (`-pass-remarks*=gpucc-omp-runtime-free`): passed `RuntimeFree`,
//! missed `Refused`. Tests: test/ir/omp-runtime-free/, tests/omp_emulator.rs.

use crate::analysis::openmp::{self as omp, Kernel};
use crate::llvm::openmp::{self as lomp, DEVICE_ABI, MODE_SPMD};
use crate::llvm::{self, Fam, RemarkKind};
use crate::passes::omp_simd_groups as simd_groups;
use crate::passes::openmp_opt::Remarks;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::module::Linkage;
use inkwell::types::{AnyType, IntType};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue,
    InstructionOpcode, InstructionValue, IntValue, PointerValue,
};
use inkwell::IntPredicate;
use std::collections::HashSet;

/// The pipeline name.
pub const NAME: &str = "gpucc-omp-runtime-free";

const DIST_SCHED_CHUNKED: u64 = 91;
const FOR_SCHED_STATIC_CHUNKED: u64 = 33;
const HW_THREADS: &str = "__kmpc_get_hardware_num_threads_in_block";
const GLOBAL_THREAD_NUM: &str = "__kmpc_global_thread_num";
const DEBUG_KIND: &str = "__omp_rtl_debug_kind";
const DIST_SCHED_BLOCKED: u64 = 92;
/// What `gpucc-openmp-opt` leaves around a guarded region.
const HW_TID: &str = "__kmpc_get_hardware_thread_id_in_block";
const SPMD_BARRIER: &str = "__kmpc_barrier_simple_spmd";

/// Operand positions of `__kmpc_{distribute,for}_static_init_*`:
/// `(ident, gtid, sched, plast, plb, pub, pstride, incr, chunk)`.
const INIT_SCHED: u32 = 2;
const INIT_PLAST: u32 = 3;
const INIT_PLB: u32 = 4;
const INIT_PUB: u32 = 5;
const INIT_PSTRIDE: u32 = 6;
const INIT_INCR: u32 = 7;
const INIT_CHUNK: u32 = 8;
/// Operand positions of the parallel entry point: `(ident, gtid, if,
/// num_threads, proc_bind, fn, wrapper, args, nargs, ...)`.
const PAR_IF: u32 = 2;
const PAR_NUM_THREADS: u32 = 3;
const PAR_ARGS: u32 = 7;

/// The IV type of a worksharing entry point (`_4`, `_4u`, `_8`, `_8u`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct IvKind {
    bits: u32,
    signed: bool,
}

fn init_kind(name: &str, prefix: &str) -> Option<IvKind> {
    match name.strip_prefix(prefix)? {
        "4" => Some(IvKind {
            bits: 32,
            signed: true,
        }),
        "4u" => Some(IvKind {
            bits: 32,
            signed: false,
        }),
        "8" => Some(IvKind {
            bits: 64,
            signed: true,
        }),
        "8u" => Some(IvKind {
            bits: 64,
            signed: false,
        }),
        _ => None,
    }
}

const DIST_INIT: &str = "__kmpc_distribute_static_init_";
const FOR_INIT: &str = "__kmpc_for_static_init_";

/// What the plan found in one kernel: everything `apply` rewrites.
struct Plan<'ctx> {
    kernel: Kernel<'ctx>,
    /// The function holding the distribute loop (the kernel, or the teams
    /// region it calls).
    region: FunctionValue<'ctx>,
    dist_init: InstructionValue<'ctx>,
    parallel: InstructionValue<'ctx>,
    /// The outlined parallel region.
    outlined: FunctionValue<'ctx>,
    for_init: InstructionValue<'ctx>,
    iv: IvKind,
    /// The constant lower bound the distribute init reads.
    lb: u64,
    /// The latch of the outlined loop and the block its back edge now goes to.
    latch: InstructionValue<'ctx>,
    latch_exit: BasicBlock<'ctx>,
    /// Runtime calls deleted as they are (fini, deinit).
    erase: Vec<InstructionValue<'ctx>>,
    /// `__kmpc_global_thread_num` calls (become 0).
    thread_nums: Vec<InstructionValue<'ctx>>,
    /// `__kmpc_get_hardware_num_threads_in_block` calls (become `ntid`).
    hw_threads: Vec<InstructionValue<'ctx>>,
    /// Guarded regions whose stores are forwarded (they and their barrier go).
    guards: Vec<Guard<'ctx>>,
    /// Argument slots of the parallel region that point to a forwarded
    /// variable: (slot, value every thread gets its own copy of).
    forwarded_slots: Vec<(u32, BasicValueEnum<'ctx>)>,
    /// Stores of the forwarded variables' addresses into the argument array,
    /// and the variables: both go once the copies are passed instead.
    slot_stores: Vec<InstructionValue<'ctx>>,
    forwarded_globals: Vec<inkwell::values::GlobalValue<'ctx>>,
}

/// A guarded region of `gpucc-openmp-opt`: thread 0 stores thread-invariant
/// values into team-shared variables, a barrier publishes them.
struct Guard<'ctx> {
    tid: InstructionValue<'ctx>,
    /// Pure computations in the region, moved before the guard.
    hoist: Vec<InstructionValue<'ctx>>,
    branch: InstructionValue<'ctx>,
    barrier: InstructionValue<'ctx>,
    pre_barrier: Option<InstructionValue<'ctx>>,
    barrier_block: BasicBlock<'ctx>,
    stores: Vec<InstructionValue<'ctx>>,
    /// Loads of the variables in the region's function, and their values.
    loads: Vec<(InstructionValue<'ctx>, BasicValueEnum<'ctx>)>,
}

/// What became of the simd loop of a kernel's body.
enum SimdOutcome {
    /// Not asked for (`gpucc-omp-runtime-free`), or no simd loop.
    None,
    /// Groups of this many lanes.
    Groups(u32),
    /// Why not.
    Refused(String),
}

/// Runs the pass on the module whose functions are `functions`; with
/// `simd_groups`, as `gpucc-omp-simd-groups` (remarks under that name).
pub fn run(functions: &[FunctionValue<'_>], fam: Fam<'_>, simd_groups: bool) -> bool {
    let kernels = omp::find_kernels(functions);
    let pass = if simd_groups {
        crate::passes::omp_simd_groups::NAME
    } else {
        NAME
    };
    let remarks = Remarks::for_pass(fam, pass);
    let mut changed = false;
    for k in kernels {
        match plan(&k) {
            Ok(p) => {
                let name = k.name.clone();
                let at = k.init;
                let bits = if p.iv.bits == 32 && p.iv.signed {
                    32
                } else {
                    64
                };
                remarks.at(RemarkKind::Passed, "RuntimeFree", at, || {
                    format!(
                        "kernel {name} runs as a grid-stride loop without the OpenMP device \
                         runtime ({bits}-bit induction variable)"
                    )
                });
                let touched = [k.entry, p.region, p.outlined];
                let outcome = apply(p, simd_groups);
                // (The init call is gone: these go to the kernel.)
                match outcome {
                    SimdOutcome::Groups(g) => {
                        remarks.emit(RemarkKind::Passed, "SimdGroups", k.entry, None, || {
                            format!(
                                "kernel {name}: each OpenMP thread of its simd loop is a group \
                                 of {g} lanes"
                            )
                        })
                    }
                    SimdOutcome::Refused(why) => {
                        remarks.emit(RemarkKind::Missed, "NoSimdGroups", k.entry, None, || {
                            format!("kernel {name} gets no SIMD groups: {why}")
                        })
                    }
                    SimdOutcome::None => {}
                }
                for f in touched {
                    fam.invalidate(f);
                }
                changed = true;
            }
            Err(reason) => {
                remarks.at(RemarkKind::Missed, "Refused", k.init, || {
                    format!("kernel {} keeps the OpenMP runtime: {reason}", k.name)
                });
            }
        }
    }
    changed
}

fn callee_name(call: InstructionValue<'_>) -> Option<String> {
    omp::callee(call).map(omp::fn_name)
}

fn is_call(inst: InstructionValue<'_>) -> bool {
    matches!(
        inst.get_opcode(),
        InstructionOpcode::Call | InstructionOpcode::Invoke | InstructionOpcode::CallBr
    )
}

/// Operand `i` of `inst`, when it is a pointer.
pub(crate) fn ptr_operand<'ctx>(
    inst: InstructionValue<'ctx>,
    i: u32,
) -> Option<PointerValue<'ctx>> {
    match llvm::operand(&inst, i)? {
        BasicValueEnum::PointerValue(p) => Some(p),
        _ => None,
    }
}

/// Is `p` (through GEPs and casts) a stack slot of the running thread?
pub(crate) fn is_private(p: PointerValue<'_>) -> bool {
    let o = llvm::underlying_object(p);
    o.as_instruction()
        .is_some_and(|i| i.get_opcode() == InstructionOpcode::Alloca)
}

/// Does `inst` write memory other than the thread's stack? (Calls are judged
/// by the caller.)
fn writes_shared_memory(inst: InstructionValue<'_>) -> bool {
    match inst.get_opcode() {
        InstructionOpcode::Store => !ptr_operand(inst, 1).is_some_and(is_private),
        InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => true,
        InstructionOpcode::Call => {
            let name = callee_name(inst).unwrap_or_default();
            if name.starts_with("llvm.memcpy")
                || name.starts_with("llvm.memmove")
                || name.starts_with("llvm.memset")
            {
                return !ptr_operand(inst, 0).is_some_and(is_private);
            }
            false
        }
        _ => false,
    }
}

/// Calls whose callee may observe the thread layout or talk to the runtime,
/// or that we cannot see: the reason, or `None` when the call is harmless or
/// is one of the entry points the rewrite knows.
fn call_refusal(call: InstructionValue<'_>) -> Option<String> {
    let Some(f) = omp::callee(call) else {
        return Some(format!(
            "an indirect call or inline asm ({})",
            llvm::describe(call)
        ));
    };
    let name = omp::fn_name(f);
    let known = name == DEVICE_ABI.target_init
        || name == DEVICE_ABI.target_deinit
        || name == DEVICE_ABI.parallel
        || name == GLOBAL_THREAD_NUM
        || name == HW_THREADS
        || name == "__kmpc_distribute_static_fini"
        || name == "__kmpc_for_static_fini"
        || init_kind(&name, DIST_INIT).is_some()
        || init_kind(&name, FOR_INIT).is_some();
    if known {
        return None;
    }
    if name.starts_with("__kmpc_") || name.starts_with("omp_") {
        return Some(format!("it calls the OpenMP runtime's {name}"));
    }
    if name.starts_with("llvm.nvvm.") || name.starts_with("llvm.amdgcn.") {
        return Some(format!(
            "it calls the target intrinsic {name}, which may observe the thread layout"
        ));
    }
    if name.starts_with("llvm.") {
        return None;
    }
    if f.count_basic_blocks() == 0 {
        // The math libraries are pure functions of their arguments.
        if name.starts_with("__nv_") || name.starts_with("__ocml_") {
            return None;
        }
        return Some(format!("it calls the unknown external function {name}"));
    }
    None
}

/// The plan for kernel `k`, or why it keeps the runtime.
fn plan<'ctx>(k: &Kernel<'ctx>) -> Result<Plan<'ctx>, String> {
    let triple = llvm::function_triple(k.entry);
    if !triple.starts_with("nvptx") {
        return Err(format!("target '{triple}' is not NVPTX"));
    }
    if k.mode != Some(MODE_SPMD) {
        return Err("it is not an SPMD-mode kernel".to_string());
    }
    let m = lomp::module_of(k.entry).ok_or("the kernel is outside a module")?;
    if let Some(g) = m.get_global(DEBUG_KIND) {
        let on = match g.get_initializer() {
            Some(BasicValueEnum::IntValue(v)) => v.get_zero_extended_constant() != Some(0),
            Some(_) => true,
            None => true,
        };
        if on {
            return Err(format!(
                "runtime debugging may be enabled ({DEBUG_KIND} is not 0)"
            ));
        }
    }

    // Walk every function the kernel reaches: its calls, and the outlined
    // region the parallel entry point runs.
    let mut seen: Vec<FunctionValue<'ctx>> = vec![k.entry];
    let mut work = vec![k.entry];
    let mut dist_inits = Vec::new();
    let mut for_inits = Vec::new();
    let mut parallels = Vec::new();
    let mut erase = Vec::new();
    let mut thread_nums = Vec::new();
    let mut hw_threads = Vec::new();
    let mut inits = Vec::new();
    let mut guard_calls = Vec::new();
    while let Some(f) = work.pop() {
        for inst in omp::instructions(f) {
            if !is_call(inst) {
                continue;
            }
            let name = callee_name(inst).unwrap_or_default();
            if name == HW_TID || name == SPMD_BARRIER {
                // Judged below: only guarded regions that go away are fine.
                guard_calls.push(inst);
                continue;
            }
            if let Some(why) = call_refusal(inst) {
                return Err(why);
            }
            if init_kind(&name, DIST_INIT).is_some() {
                dist_inits.push(inst);
            } else if init_kind(&name, FOR_INIT).is_some() {
                for_inits.push(inst);
            } else if name == DEVICE_ABI.parallel {
                parallels.push(inst);
            } else if name == DEVICE_ABI.target_init {
                inits.push(inst);
            } else if name == GLOBAL_THREAD_NUM {
                thread_nums.push(inst);
            } else if name == HW_THREADS {
                hw_threads.push(inst);
            } else if name.starts_with("__kmpc_") {
                erase.push(inst);
            }
            let mut next: Vec<FunctionValue<'ctx>> = Vec::new();
            if name == DEVICE_ABI.parallel {
                next.extend(omp::parallel_regions_in_call(inst));
            } else if let Some(g) = omp::callee(inst) {
                if g.count_basic_blocks() > 0 && !name.starts_with("__kmpc_") {
                    next.push(g);
                }
            }
            for g in next {
                if !seen.contains(&g) {
                    seen.push(g);
                    work.push(g);
                }
            }
        }
    }
    if inits.len() != 1 || inits[0] != k.init {
        return Err("the kernel does not start the runtime exactly once".to_string());
    }
    let [dist_init] = dist_inits[..] else {
        return Err(format!(
            "it has {} distribute loops, not one",
            dist_inits.len()
        ));
    };
    let [parallel] = parallels[..] else {
        return Err(format!(
            "it has {} parallel regions, not one",
            parallels.len()
        ));
    };
    let [for_init] = for_inits[..] else {
        return Err(format!(
            "it has {} worksharing loops, not one",
            for_inits.len()
        ));
    };
    let region = function_of(dist_init);
    if function_of(parallel) != region {
        return Err("the parallel region is not inside the distribute loop's function".into());
    }
    if region != k.entry {
        let callers = omp::direct_callers(region);
        if !omp::is_local(region) || callers.as_deref() != Some(&[k.entry][..]) {
            return Err(format!(
                "the teams region {} is called from elsewhere",
                omp::fn_name(region)
            ));
        }
    }

    // The distribute init: schedule 91, chunk = the hardware block size.
    let dist_name = callee_name(dist_init).unwrap_or_default();
    let dist_kind = init_kind(&dist_name, DIST_INIT).expect("classified above");
    let sched = omp::const_int_operand(dist_init, INIT_SCHED);
    if sched != Some(DIST_SCHED_CHUNKED) && sched != Some(DIST_SCHED_BLOCKED) {
        return Err(format!(
            "its distribute schedule is {}, not 91 (static, chunk = block size) or 92 (static)",
            describe_const(sched)
        ));
    }
    // (`_8` entry points take the chunk sign-extended.)
    let chunk_is_block = match llvm::operand(&dist_init, INIT_CHUNK) {
        Some(BasicValueEnum::IntValue(v)) => v.as_instruction().is_some_and(|i| {
            let i = match i.get_opcode() {
                InstructionOpcode::SExt | InstructionOpcode::ZExt => {
                    match llvm::operand(&i, 0).and_then(|x| x.as_instruction_value()) {
                        Some(x) => x,
                        None => return false,
                    }
                }
                _ => i,
            };
            is_call(i) && callee_name(i).as_deref() == Some(HW_THREADS)
        }),
        _ => false,
    };
    if sched == Some(DIST_SCHED_CHUNKED) && !chunk_is_block {
        return Err("its distribute chunk is not the hardware block size".to_string());
    }
    if omp::const_int_operand(dist_init, INIT_INCR) != Some(1) {
        return Err("its distribute increment is not 1".to_string());
    }

    // The parallel region: no if clause, no num_threads clause, an outlined
    // function only this call runs.
    if omp::const_int_operand(parallel, PAR_IF) != Some(1) {
        return Err("its parallel region has an if clause".to_string());
    }
    let nt = match llvm::operand(&parallel, PAR_NUM_THREADS) {
        Some(BasicValueEnum::IntValue(v)) => v.get_sign_extended_constant(),
        _ => None,
    };
    if nt != Some(-1) {
        return Err("its parallel region has a num_threads clause".to_string());
    }
    let outlined = match omp::parallel_regions_in_call(parallel) {
        Some(f) => f,
        None => return Err("its parallel region's function is unknown".to_string()),
    };
    // Its users: this call, and the generic-mode wrapper the workers would
    // call (when clang made one), which only this call names and which goes
    // with it.
    let wrapper = match llvm::operand(&parallel, DEVICE_ABI.parallel_wrapper_arg) {
        Some(BasicValueEnum::PointerValue(w)) if !lomp::is_null_pointer(w) => {
            let w = m.get_function(&llvm::value_name(w));
            match w {
                Some(w)
                    if omp::is_local(w)
                        && !lomp::has_non_instruction_user(w)
                        && llvm::uses_of(w).len() == 1 =>
                {
                    Some(w)
                }
                _ => return Err("its parallel region's wrapper is used elsewhere".to_string()),
            }
        }
        _ => None,
    };
    let outside_users = llvm::uses_of(outlined)
        .into_iter()
        .filter(|(u, _)| *u != parallel && Some(function_of(*u)) != wrapper)
        .count();
    if !omp::is_local(outlined) || lomp::has_non_instruction_user(outlined) || outside_users > 0 {
        return Err(format!(
            "the outlined region {} is used elsewhere",
            omp::fn_name(outlined)
        ));
    }
    if function_of(for_init) != outlined {
        return Err("its worksharing loop is not in the outlined region".to_string());
    }
    if outlined.count_params() < 4 {
        return Err("the outlined region does not take loop bounds".to_string());
    }
    let i64t = k.entry.get_type().get_context().i64_type();
    for i in 2..4 {
        let p = outlined.get_nth_param(i).expect("counted");
        if !p.is_int_value() || p.into_int_value().get_type() != i64t {
            return Err("the outlined region's loop bounds are not i64".to_string());
        }
    }
    let args_ok = (0..outlined.count_params())
        .all(|i| matches!(outlined.get_nth_param(i), Some(p) if p.is_pointer_value() || (p.is_int_value() && p.into_int_value().get_type() == i64t)));
    if !args_ok {
        return Err("the outlined region takes arguments that are not pointer-sized".to_string());
    }

    // The for init: schedule 33 with chunk 1.
    let for_name = callee_name(for_init).unwrap_or_default();
    let iv = init_kind(&for_name, FOR_INIT).expect("classified above");
    let for_sched = omp::const_int_operand(for_init, INIT_SCHED);
    let for_chunk = omp::const_int_operand(for_init, INIT_CHUNK);
    if for_sched != Some(FOR_SCHED_STATIC_CHUNKED)
        || for_chunk != Some(1)
        || omp::const_int_operand(for_init, INIT_INCR) != Some(1)
    {
        return Err(format!(
            "its loop schedule is {} with chunk {}, not 33 (static) with chunk 1",
            describe_const(for_sched),
            describe_const(for_chunk)
        ));
    }
    if iv != dist_kind {
        return Err("its distribute and for loops use different IV types".to_string());
    }
    if iv.bits == 64 && !iv.signed {
        return Err("its loop has an unsigned 64-bit IV (a grid stride could wrap)".to_string());
    }

    // Is-last flags must not be read; the bound pointers must be stack slots.
    for init in [dist_init, for_init] {
        let plast = ptr_operand(init, INIT_PLAST).ok_or("malformed worksharing init")?;
        if !only_written(plast, init) {
            return Err("it reads the is-last flag (lastprivate)".to_string());
        }
        for i in [INIT_PLB, INIT_PUB, INIT_PSTRIDE] {
            if !ptr_operand(init, i).is_some_and(is_private) {
                return Err("its loop bounds are not on the stack".to_string());
            }
        }
    }
    let lb = stored_constant_before(
        dist_init,
        ptr_operand(dist_init, INIT_PLB).expect("checked"),
    )
    .ok_or("its lower bound is not a constant the pass can read")?;
    let nonneg = if iv.bits == 32 {
        lb < 1 << 31 || !iv.signed
    } else {
        lb < 1 << 63
    };
    if !nonneg {
        return Err("its lower bound is negative".to_string());
    }

    let Forwarding {
        guards,
        slots: forwarded_slots,
        slot_stores,
        globals: forwarded,
    } = plan_guards(&guard_calls, k.entry, region, parallel, outlined)?;
    let forwarded_globals = forwarded
        .iter()
        .filter_map(|g| m.get_global(&llvm::value_name(*g)))
        .collect();
    let forwarded: HashSet<inkwell::llvm_sys::prelude::LLVMValueRef> =
        forwarded.iter().map(|g| g.as_value_ref()).collect();
    let going: HashSet<InstructionValue<'ctx>> = guards
        .iter()
        .flat_map(|g| g.stores.iter().copied())
        .collect();
    // Team-shared memory would make the mapping of iterations to teams
    // observable.
    for f in &seen {
        for inst in omp::instructions(*f) {
            for i in 0..llvm::operand_count(&inst) {
                let Some(p) = ptr_operand(inst, i) else {
                    continue;
                };
                let o = llvm::underlying_object(p);
                if llvm::space_of(o) != SHARED_SPACE || !lomp::is_global_value(o) {
                    continue;
                }
                if !forwarded.contains(&o.as_value_ref()) {
                    return Err(format!(
                        "it uses team-shared memory (@{})",
                        llvm::value_name(o)
                    ));
                }
                // A forwarded variable is only read in the teams region
                // (checked there); anywhere else it would read what the
                // deleted guard no longer stores.
                if *f != region {
                    return Err(format!(
                        "a team-shared variable is used outside the teams region (@{})",
                        llvm::value_name(o)
                    ));
                }
            }
        }
    }

    // Code outside the loop must not write memory other threads see.
    for f in [k.entry, region] {
        for inst in omp::instructions(f) {
            if going.contains(&inst) {
                continue;
            }
            if writes_shared_memory(inst) {
                return Err(format!(
                    "code outside the loop writes memory ({})",
                    llvm::describe(inst)
                ));
            }
            if is_call(inst) {
                let g = omp::callee(inst).expect("direct, checked above");
                let gname = omp::fn_name(g);
                let fine = gname.starts_with("__kmpc_")
                    || gname.starts_with("omp_")
                    || gname.starts_with("llvm.")
                    || g == region
                    || g.count_basic_blocks() == 0;
                if !fine {
                    return Err(format!("code outside the loop calls {gname}"));
                }
            }
        }
    }
    let (latch, latch_exit) = worksharing_latch(outlined, for_init)?;

    Ok(Plan {
        kernel: k.clone(),
        region,
        dist_init,
        parallel,
        outlined,
        for_init,
        iv,
        lb,
        latch,
        latch_exit,
        erase,
        thread_nums,
        hw_threads,
        guards,
        forwarded_slots,
        slot_stores,
        forwarded_globals,
    })
}

/// What [`plan_guards`] found.
struct Forwarding<'ctx> {
    guards: Vec<Guard<'ctx>>,
    /// (argument slot, value) pairs.
    slots: Vec<(u32, BasicValueEnum<'ctx>)>,
    slot_stores: Vec<InstructionValue<'ctx>>,
    globals: Vec<PointerValue<'ctx>>,
}

/// NVPTX's shared memory (`addrspace(3)`).
const SHARED_SPACE: u32 = 3;

/// The guarded regions among `calls` (thread-id reads and SPMD barriers),
/// when every one can go: each is `gpucc-openmp-opt`'s shape in `region`,
/// stores only thread-invariant values (constants, arguments, and pure
/// expressions of them) into internal team-shared variables that nothing
/// else writes, and those variables are only read afterwards: in `region`
/// after the barrier, or by the outlined function through a parallel-region
/// argument it only loads from. Such a variable holds the same value in every
/// thread, so each thread can use the value itself (its loads in `region`)
/// or its own copy (the argument slot). Returns the guards, the forwarded
/// argument slots and the forwarded variables.
fn plan_guards<'ctx>(
    calls: &[InstructionValue<'ctx>],
    kernel: FunctionValue<'ctx>,
    region: FunctionValue<'ctx>,
    parallel: InstructionValue<'ctx>,
    outlined: FunctionValue<'ctx>,
) -> Result<Forwarding<'ctx>, String> {
    let left = |c: &InstructionValue<'_>| {
        Err(format!(
            "a guarded region or barrier is left (its call of {})",
            callee_name(*c).unwrap_or_default()
        ))
    };
    let mut guards = Vec::new();
    let mut values: Vec<(
        inkwell::llvm_sys::prelude::LLVMValueRef,
        BasicValueEnum<'ctx>,
    )> = Vec::new();
    let mut gptrs: Vec<PointerValue<'ctx>> = Vec::new();
    let mut barriers_seen = Vec::new();
    for c in calls {
        if callee_name(*c).as_deref() != Some(HW_TID) {
            continue;
        }
        if function_of(*c) != region {
            return left(c);
        }
        // %tid = hw_tid(); %main = icmp eq %tid, 0; br %main, guarded, barrier
        let uses = llvm::uses_of(*c);
        let Some((cmp, _)) = uses
            .iter()
            .find(|(u, _)| u.get_opcode() == InstructionOpcode::ICmp)
            .copied()
        else {
            return left(c);
        };
        let cmp_uses = llvm::uses_of(cmp);
        let [(branch, 0)] = cmp_uses[..] else {
            return left(c);
        };
        if cmp.get_icmp_predicate() != Some(IntPredicate::EQ)
            || omp::const_int_operand(cmp, 1) != Some(0)
            || branch.get_opcode() != InstructionOpcode::Br
        {
            return left(c);
        }
        let block = |k: u32| match branch.get_operand(k) {
            Some(inkwell::values::Operand::Block(b)) => Some(b),
            _ => None,
        };
        let (Some(guarded), Some(barrier_block)) = (block(2), block(1)) else {
            return left(c);
        };
        if omp::successors(guarded) != vec![barrier_block] {
            return left(c);
        }
        let mut stores = Vec::new();
        let mut hoist = Vec::new();
        let mut i = guarded.get_first_instruction();
        while let Some(x) = i {
            match x.get_opcode() {
                InstructionOpcode::Store => stores.push(x),
                InstructionOpcode::Br => {}
                // A pure computation of what is stored (InstCombine sinks
                // them into the region): it moves out, before the guard.
                _ if lomp::result_value(x).is_some_and(|v| is_invariant(v, kernel, 4))
                    && llvm::uses_of(x)
                        .iter()
                        .all(|(u, _)| u.get_parent() == Some(guarded)) =>
                {
                    hoist.push(x)
                }
                _ => return left(c),
            }
            i = x.get_next_instruction();
        }
        let barrier = barrier_block.get_first_instruction();
        let Some(barrier) = barrier.filter(|b| callee_name(*b).as_deref() == Some(SPMD_BARRIER))
        else {
            return left(c);
        };
        // The thread id: the compare, the barrier, and maybe a barrier before
        // the guard (gpucc-openmp-opt orders earlier accesses to the variables
        // before thread 0 writes them); nothing else.
        let head = branch.get_parent().expect("a branch in a block");
        let pre_barrier: Vec<InstructionValue<'ctx>> = uses
            .iter()
            .map(|(u, _)| *u)
            .filter(|u| {
                *u != barrier
                    && callee_name(*u).as_deref() == Some(SPMD_BARRIER)
                    && u.get_parent() == Some(head)
            })
            .collect();
        if uses.len() != 2 + pre_barrier.len()
            || pre_barrier.len() > 1
            || !uses.iter().any(|(u, _)| *u == barrier)
        {
            return left(c);
        }
        barriers_seen.push(barrier);
        barriers_seen.extend(pre_barrier.iter().copied());
        for st in &stores {
            let Some(v) = llvm::operand(st, 0) else {
                return left(c);
            };
            let Some(p) = ptr_operand(*st, 1) else {
                return left(c);
            };
            let g = llvm::underlying_object(p);
            let whole = p.as_value_ref() == g.as_value_ref()
                || llvm::operator_opcode(p) == Some(InstructionOpcode::AddrSpaceCast);
            if !whole || !is_local_shared_global(g) || !is_invariant(v, kernel, 4) {
                return Err(format!(
                    "a guarded region stores what the pass cannot forward ({})",
                    llvm::describe(*st)
                ));
            }
            if values.iter().any(|(x, _)| *x == g.as_value_ref()) {
                return Err(format!(
                    "a team-shared variable is stored twice ({})",
                    llvm::describe(g)
                ));
            }
            values.push((g.as_value_ref(), v));
            gptrs.push(g);
        }
        guards.push(Guard {
            tid: *c,
            hoist,
            branch,
            barrier,
            pre_barrier: pre_barrier.first().copied(),
            barrier_block,
            stores,
            loads: Vec::new(),
        });
    }
    for c in calls {
        if callee_name(*c).as_deref() == Some(SPMD_BARRIER) && !barriers_seen.contains(c) {
            return left(c);
        }
    }
    if guards.is_empty() {
        return Ok(Forwarding {
            guards,
            slots: Vec::new(),
            slot_stores: Vec::new(),
            globals: Vec::new(),
        });
    }

    // Every other use of the variables: loads in `region` after a barrier,
    // or the pointer stored into the parallel region's argument array.
    let args = ptr_operand(parallel, PAR_ARGS).ok_or("malformed parallel call")?;
    let mut slots = Vec::new();
    let mut slot_stores = Vec::new();
    for inst in omp::instructions(region) {
        let op = inst.get_opcode();
        if op == InstructionOpcode::Load {
            let p = ptr_operand(inst, 0).expect("a load has a pointer");
            let g = llvm::underlying_object(p).as_value_ref();
            let Some((_, v)) = values.iter().find(|(x, _)| *x == g) else {
                continue;
            };
            let after_barrier = guards.iter().any(|gd| {
                inst.get_parent().is_some_and(|b| {
                    dominated_by(b, gd.barrier_block)
                        && inst.get_type() == v.get_type().as_any_type_enum()
                })
            });
            if !after_barrier {
                return Err(format!(
                    "a team-shared variable is read where it cannot be forwarded ({})",
                    llvm::describe(inst)
                ));
            }
            let gi = guards
                .iter()
                .position(|gd| {
                    inst.get_parent()
                        .is_some_and(|b| dominated_by(b, gd.barrier_block))
                })
                .expect("checked");
            guards[gi].loads.push((inst, *v));
        } else if op == InstructionOpcode::Store {
            // Another store to a forwarded variable: the value is not the
            // guard's any more.
            let target = ptr_operand(inst, 1).map(|p| llvm::underlying_object(p).as_value_ref());
            let guarded_store = guards.iter().any(|gd| gd.stores.contains(&inst));
            if !guarded_store && values.iter().any(|(x, _)| Some(*x) == target) {
                return Err(format!(
                    "a team-shared variable is stored outside its guarded region ({})",
                    llvm::describe(inst)
                ));
            }
            let Some(BasicValueEnum::PointerValue(val)) = llvm::operand(&inst, 0) else {
                continue;
            };
            let g = llvm::underlying_object(val).as_value_ref();
            let Some((_, v)) = values.iter().find(|(x, _)| *x == g) else {
                continue;
            };
            let slot = ptr_operand(inst, 1).and_then(|p| arg_slot_of(p, args));
            let Some(slot) = slot else {
                return Err(format!(
                    "a team-shared variable's address escapes ({})",
                    llvm::describe(inst)
                ));
            };
            let param = outlined
                .get_nth_param(slot + 2)
                .ok_or("the parallel region takes fewer arguments")?;
            let only_loads = llvm::uses_of(param).into_iter().all(|(u, no)| {
                u.get_opcode() == InstructionOpcode::Load
                    && no == 0
                    && u.get_type() == v.get_type().as_any_type_enum()
            });
            if !only_loads {
                return Err(format!(
                    "the parallel region does more than read a team-shared variable (argument {})",
                    slot + 2
                ));
            }
            if !slots.iter().any(|(s, _)| *s == slot) {
                slots.push((slot, *v));
            }
            slot_stores.push(inst);
        }
    }
    Ok(Forwarding {
        guards,
        slots,
        slot_stores,
        globals: gptrs,
    })
}

/// Does block `b` come after `d` on every path (dominance by CFG walk:
/// every path from the entry to `b` passes `d`)?
fn dominated_by(b: BasicBlock<'_>, d: BasicBlock<'_>) -> bool {
    if b == d {
        return true;
    }
    let f = b.get_parent().expect("a block in a function");
    let entry = f.get_first_basic_block().expect("a body");
    if entry == d {
        return true;
    }
    // Blocks reachable from the entry without passing `d`.
    let mut seen = vec![entry];
    let mut work = vec![entry];
    while let Some(x) = work.pop() {
        for s in omp::successors(x) {
            if s != d && !seen.contains(&s) {
                seen.push(s);
                work.push(s);
            }
        }
    }
    !seen.contains(&b)
}

/// The slot of the parallel region's argument array `args` that `p` points
/// to: `args` itself, or a GEP of it with constant indices (`[n x ptr]` with
/// `0, k`, or `ptr` with `k`).
fn arg_slot_of(p: PointerValue<'_>, args: PointerValue<'_>) -> Option<u32> {
    if p.as_value_ref() == args.as_value_ref() {
        return Some(0);
    }
    let gep = p.as_instruction()?;
    if gep.get_opcode() != InstructionOpcode::GetElementPtr
        || ptr_operand(gep, 0)?.as_value_ref() != args.as_value_ref()
    {
        return None;
    }
    let idx: Vec<u64> = (1..llvm::operand_count(&gep))
        .map(|i| omp::const_int_operand(gep, i))
        .collect::<Option<Vec<u64>>>()?;
    let k = match idx[..] {
        [0, k] => k,
        // LLVM 22 writes byte offsets (`gep i8, ptr %args, i64 16`).
        [k] if llvm::sepgep::gep_source_type(gep).is_int_type() => {
            let bytes = llvm::sepgep::gep_source_type(gep)
                .into_int_type()
                .get_bit_width()
                / 8;
            let offset = k.checked_mul(u64::from(bytes))?;
            if offset % 8 != 0 {
                return None;
            }
            offset / 8
        }
        [k] => k,
        _ => return None,
    };
    u32::try_from(k).ok()
}

/// An internal `addrspace(3)` global variable (a team-shared variable of
/// `gpucc-openmp-opt`).
fn is_local_shared_global(g: PointerValue<'_>) -> bool {
    let name = llvm::value_name(g);
    if llvm::space_of(g) != SHARED_SPACE || name.is_empty() {
        return false;
    }
    lomp::module_of_value(g)
        .and_then(|m| m.get_global(&name))
        .is_some_and(|gv| {
            gv.as_pointer_value().as_value_ref() == g.as_value_ref()
                && matches!(gv.get_linkage(), Linkage::Internal | Linkage::Private)
        })
}

/// Is `v` the same in every thread: a constant, an argument of `kernel`
/// (launch arguments are uniform), an argument of a function whose only
/// caller is `kernel` and passes an invariant value, or a pure integer,
/// pointer or floating-point expression of those, `depth` deep?
fn is_invariant(v: BasicValueEnum<'_>, kernel: FunctionValue<'_>, depth: u32) -> bool {
    if llvm::is_constant(v) {
        // An undef may differ between threads (thread 0's store fixed one).
        return !llvm::is_undef(v);
    }
    if lomp::is_argument(v) {
        let Some(f) = llvm::function_of_argument(v) else {
            return false;
        };
        if f == kernel {
            return true;
        }
        if depth == 0 || !omp::is_local(f) || lomp::has_non_instruction_user(f) {
            return false;
        }
        let Some(no) = lomp::argument_index(v) else {
            return false;
        };
        let calls = llvm::uses_of(f);
        let [(call, _)] = calls[..] else {
            return false;
        };
        return omp::callee(call) == Some(f)
            && function_of(call) == kernel
            && llvm::operand(&call, no).is_some_and(|x| is_invariant(x, kernel, depth - 1));
    }
    let Some(i) = v.as_instruction_value() else {
        return false;
    };
    if depth == 0 {
        return false;
    }
    use InstructionOpcode::*;
    let pure = matches!(
        i.get_opcode(),
        Trunc
            | ZExt
            | SExt
            | Add
            | Sub
            | Mul
            | Shl
            | LShr
            | AShr
            | And
            | Or
            | Xor
            | BitCast
            | PtrToInt
            | IntToPtr
            | AddrSpaceCast
            | FPExt
            | FPTrunc
            | SIToFP
            | UIToFP
            | FAdd
            | FSub
            | FMul
    );
    pure && (0..llvm::operand_count(&i))
        .all(|k| llvm::operand(&i, k).is_some_and(|x| is_invariant(x, kernel, depth - 1)))
}

fn describe_const(v: Option<u64>) -> String {
    v.map_or_else(|| "not a constant".to_string(), |v| v.to_string())
}

fn function_of<'ctx>(inst: InstructionValue<'ctx>) -> FunctionValue<'ctx> {
    inst.get_parent()
        .and_then(|b| b.get_parent())
        .expect("gpucc-omp-runtime-free: instruction inside a function")
}

/// Is `p` only written (stores to it, lifetime markers, and `init`)?
fn only_written(p: PointerValue<'_>, init: InstructionValue<'_>) -> bool {
    llvm::uses_of(p).into_iter().all(|(u, no)| {
        u == init
            || (u.get_opcode() == InstructionOpcode::Store && no == 1)
            || llvm::is_lifetime_marker(u)
    })
}

/// The constant stored to `p` by the nearest store before `call` in its
/// block, when no other instruction in between may write `p`.
fn stored_constant_before(call: InstructionValue<'_>, p: PointerValue<'_>) -> Option<u64> {
    let mut i = call.get_previous_instruction();
    while let Some(x) = i {
        if x.get_opcode() == InstructionOpcode::Store
            && ptr_operand(x, 1).map(|q| q.as_value_ref()) == Some(p.as_value_ref())
        {
            return match llvm::operand(&x, 0)? {
                BasicValueEnum::IntValue(v) => v.get_zero_extended_constant(),
                _ => None,
            };
        }
        if is_call(x) && !llvm::is_lifetime_marker(x) {
            // Only the init call takes the bound pointers (checked by the
            // caller through `is_private`); other calls cannot write them
            // unless they escape, which we do not track: stop here.
            let takes_p = (0..llvm::operand_count(&x))
                .any(|k| ptr_operand(x, k).map(|q| q.as_value_ref()) == Some(p.as_value_ref()));
            if takes_p {
                return None;
            }
        }
        i = x.get_previous_instruction();
    }
    None
}

/// The blocks of `f` in non-trivial strongly connected components of its
/// CFG, one vector per component (Tarjan's algorithm, iteratively).
fn cycles<'ctx>(f: FunctionValue<'ctx>) -> Vec<Vec<BasicBlock<'ctx>>> {
    let blocks = f.get_basic_blocks();
    let idx = |b: BasicBlock<'ctx>| blocks.iter().position(|x| *x == b);
    let n = blocks.len();
    let succ: Vec<Vec<usize>> = blocks
        .iter()
        .map(|b| omp::successors(*b).into_iter().filter_map(idx).collect())
        .collect();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next successor position)
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut pos)) = call.last_mut() {
            if *pos < succ[v].len() {
                let w = succ[v][*pos];
                *pos += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                let nontrivial = comp.len() > 1 || succ[v].contains(&v);
                if nontrivial {
                    comp.sort_unstable();
                    out.push(comp.into_iter().map(|i| blocks[i]).collect());
                }
            }
        }
    }
    out.sort_by_key(|c: &Vec<BasicBlock<'ctx>>| idx(c[0]));
    out
}

/// The latch of the outlined function's worksharing loop, and the block its
/// back edge is to go to instead: the loop must be the function's only
/// cycle (user loops nest inside it), entered at one header, with one latch.
fn worksharing_latch<'ctx>(
    f: FunctionValue<'ctx>,
    for_init: InstructionValue<'ctx>,
) -> Result<(InstructionValue<'ctx>, BasicBlock<'ctx>), String> {
    let shape = |why: &str| Err(format!("the outlined loop has another shape: {why}"));
    let comps = cycles(f);
    let [comp] = &comps[..] else {
        return shape(&format!("{} top-level loops, not one", comps.len()));
    };
    let inside: HashSet<BasicBlock<'ctx>> = comp.iter().copied().collect();
    if for_init.get_parent().is_some_and(|b| inside.contains(&b)) {
        return shape("the worksharing init is inside a loop");
    }
    // Writes outside the loop run once per call: only the stack.
    for b in f.get_basic_blocks() {
        if inside.contains(&b) {
            continue;
        }
        let mut i = b.get_first_instruction();
        while let Some(x) = i {
            if writes_shared_memory(x) {
                return Err(format!(
                    "the outlined region writes memory outside its loop ({})",
                    llvm::describe(x)
                ));
            }
            if is_call(x) {
                let g = omp::callee(x).map(omp::fn_name).unwrap_or_default();
                if !(g.starts_with("__kmpc_") || g.starts_with("llvm.")) {
                    return Err(format!("the outlined region calls {g} outside its loop"));
                }
            }
            i = x.get_next_instruction();
        }
    }
    let mut headers = Vec::new();
    for b in f.get_basic_blocks() {
        if inside.contains(&b) {
            continue;
        }
        for s in omp::successors(b) {
            if inside.contains(&s) && !headers.contains(&s) {
                headers.push(s);
            }
        }
    }
    let [header] = headers[..] else {
        return shape("not one entry block");
    };
    let latches: Vec<BasicBlock<'ctx>> = comp
        .iter()
        .copied()
        .filter(|b| omp::successors(*b).contains(&header))
        .collect();
    let [latch] = latches[..] else {
        return shape("not one latch");
    };
    let term = latch.get_terminator().ok_or("a block without terminator")?;
    if term.get_opcode() != InstructionOpcode::Br {
        return shape("the latch does not end in a branch");
    }
    let succ = omp::successors(latch);
    if let Some(exit) = succ.iter().copied().find(|s| !inside.contains(s)) {
        // Rotated: `br %c, exit, header` (either order).
        if succ.len() == 2 {
            return Ok((term, exit));
        }
    }
    if succ.len() == 1 {
        // Header-tested: the header decides `body or exit`; it must compute
        // nothing with side effects, which the cut edge now skips.
        let hs = omp::successors(header);
        let exits: Vec<BasicBlock<'ctx>> =
            hs.iter().copied().filter(|s| !inside.contains(s)).collect();
        let [exit] = exits[..] else {
            return shape("the header has not one exit");
        };
        if exit
            .get_first_instruction()
            .is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi)
        {
            return shape("its exit block has phis");
        }
        let mut i = header.get_first_instruction();
        while let Some(x) = i {
            if is_call(x) || writes_shared_memory(x) || x.get_opcode() == InstructionOpcode::Store {
                return shape("its header has side effects");
            }
            i = x.get_next_instruction();
        }
        return Ok((term, exit));
    }
    shape("the latch does not leave the loop")
}

// ---------------------------------------------------------------------------
// Rewriting.

fn intrinsic<'ctx>(m: &inkwell::module::Module<'ctx>, name: &str) -> FunctionValue<'ctx> {
    if let Some(f) = m.get_function(name) {
        return f;
    }
    let i32t = m.get_context().i32_type();
    m.add_function(name, i32t.fn_type(&[], false), Some(Linkage::External))
}

fn umin<'ctx>(
    m: &inkwell::module::Module<'ctx>,
    b: &Builder<'ctx>,
    x: IntValue<'ctx>,
    y: IntValue<'ctx>,
    name: &str,
) -> IntValue<'ctx> {
    let t = x.get_type();
    let iname = format!("llvm.umin.i{}", t.get_bit_width());
    let f = m
        .get_function(&iname)
        .unwrap_or_else(|| m.add_function(&iname, t.fn_type(&[t.into(), t.into()], false), None));
    b.build_call(f, &[x.into(), y.into()], name)
        .expect(BUILDER)
        .try_as_basic_value()
        .basic()
        .expect("umin returns a value")
        .into_int_value()
}

const BUILDER: &str = "gpucc-omp-runtime-free: builder positioned";

fn sreg<'ctx>(m: &inkwell::module::Module<'ctx>, b: &Builder<'ctx>, what: &str) -> IntValue<'ctx> {
    let f = intrinsic(m, &format!("llvm.nvvm.read.ptx.sreg.{what}.x"));
    b.build_call(f, &[], what)
        .expect(BUILDER)
        .try_as_basic_value()
        .basic()
        .expect("sreg reads return a value")
        .into_int_value()
}

fn apply(p: Plan<'_>, simd_groups: bool) -> SimdOutcome {
    let m = lomp::module_of(p.kernel.entry).expect("checked in plan");
    let cx = m.get_context();
    let i32t = cx.i32_type();
    let i64t = cx.i64_type();
    let b = cx.create_builder();

    // Guarded regions: each thread uses the stored values itself.
    for g in &p.guards {
        for h in &g.hoist {
            crate::llvm::analyses::move_before(*h, g.branch);
        }
        for (load, v) in &g.loads {
            llvm::replace_all_uses(*load, *v);
            load.erase_from_basic_block();
        }
        for st in &g.stores {
            st.erase_from_basic_block();
        }
        let cmp = llvm::operand(&g.branch, 0).and_then(|c| c.as_instruction_value());
        b.position_before(&g.branch);
        b.build_unconditional_branch(g.barrier_block)
            .expect(BUILDER);
        g.branch.erase_from_basic_block();
        if let Some(cmp) = cmp {
            cmp.erase_from_basic_block();
        }
        g.barrier.erase_from_basic_block();
        if let Some(pb) = g.pre_barrier {
            pb.erase_from_basic_block();
        }
        g.tid.erase_from_basic_block();
    }

    // The outlined function: its init leaves lb and ub as given, stride 1;
    // its loop runs once (back edge cut).
    let for_stride = ptr_operand(p.for_init, INIT_PSTRIDE).expect("checked");
    let iv_t: IntType<'_> = if p.iv.bits == 32 { i32t } else { i64t };
    b.position_before(&p.for_init);
    b.build_store(for_stride, iv_t.const_int(1, false))
        .expect(BUILDER);
    p.for_init.erase_from_basic_block();
    cut_back_edge(p.latch, p.latch_exit);

    // The distribute init: one chunk, the whole space (stride = trip count),
    // so the distribute loop runs once per thread.
    let plb = ptr_operand(p.dist_init, INIT_PLB).expect("checked");
    let pub_ = ptr_operand(p.dist_init, INIT_PUB).expect("checked");
    let pstride = ptr_operand(p.dist_init, INIT_PSTRIDE).expect("checked");
    b.position_before(&p.dist_init);
    let lb = b
        .build_load(iv_t, plb, "dist.lb")
        .expect(BUILDER)
        .into_int_value();
    let ub = b
        .build_load(iv_t, pub_, "dist.ub")
        .expect(BUILDER)
        .into_int_value();
    let span = b.build_int_sub(ub, lb, "dist.span").expect(BUILDER);
    let trip = b
        .build_int_add(span, iv_t.const_int(1, false), "dist.trip")
        .expect(BUILDER);
    b.build_store(pstride, trip).expect(BUILDER);
    p.dist_init.erase_from_basic_block();

    // Runtime calls with a known value, then the rest.
    for c in &p.hw_threads {
        b.position_before(c);
        let ntid = sreg(&m, &b, "ntid");
        llvm::replace_all_uses(*c, ntid);
        c.erase_from_basic_block();
    }
    for c in &p.thread_nums {
        llvm::replace_all_uses(*c, i32t.const_zero());
        c.erase_from_basic_block();
    }
    if p.kernel.init.get_type().is_int_type() {
        // Every thread of an SPMD kernel gets -1 and runs the user code.
        llvm::replace_all_uses(p.kernel.init, i32t.const_all_ones());
    }
    p.kernel.init.erase_from_basic_block();
    for c in &p.erase {
        c.erase_from_basic_block();
    }

    // SIMD groups: a copy of the (collapsed) body for the groups, the
    // original for blocks smaller than a group.
    let mut outcome = SimdOutcome::None;
    let mut simd = None;
    if simd_groups {
        let name = format!("{}.simd", llvm::value_name(p.outlined));
        let copy = llvm::clone_function(p.outlined, &name);
        match simd_groups::find(copy) {
            Ok(Some(l)) => {
                simd_groups::apply(copy, &l);
                simd_groups::drop_hints(p.outlined);
                outcome = SimdOutcome::Groups(l.g);
                simd = Some((copy, l.g));
            }
            Ok(None) => {
                llvm::delete_if_unused(copy);
            }
            Err(why) => {
                llvm::delete_if_unused(copy);
                outcome = SimdOutcome::Refused(why);
            }
        }
    }

    // The parallel region: the grid-stride loop.
    build_grid_loop(&p, &m, &b, i64t, simd);
    for st in &p.slot_stores {
        st.erase_from_basic_block();
    }
    for g in &p.forwarded_globals {
        llvm::erase_global_if_unused(*g);
    }
    outcome
}

/// Makes the back edge of `latch` go to `exit`: a rotated latch gets a
/// constant condition (SimplifyCFG drops the dead edge later, phis stay
/// consistent); an unconditional one becomes `br true, exit, header`.
fn cut_back_edge<'ctx>(latch: InstructionValue<'ctx>, exit: BasicBlock<'ctx>) {
    let block = latch.get_parent().expect("a latch is in a block");
    let cx = block.get_context();
    let bool_t = cx.bool_type();
    if latch.is_conditional().unwrap_or(false) {
        // Operands: (cond, false dest, true dest).
        let to_exit_if_true =
            matches!(latch.get_operand(2), Some(inkwell::values::Operand::Block(b)) if b == exit);
        let c = if to_exit_if_true {
            bool_t.const_all_ones()
        } else {
            bool_t.const_zero()
        };
        latch.set_operand(0, c);
        return;
    }
    let header = match latch.get_operand(0) {
        Some(inkwell::values::Operand::Block(b)) => b,
        _ => unreachable!("gpucc-omp-runtime-free: an unconditional branch has a target"),
    };
    let b = cx.create_builder();
    b.position_before(&latch);
    b.build_conditional_branch(bool_t.const_all_ones(), exit, header)
        .expect(BUILDER);
    latch.erase_from_basic_block();
}

fn build_grid_loop<'ctx>(
    p: &Plan<'ctx>,
    m: &inkwell::module::Module<'ctx>,
    b: &Builder<'ctx>,
    i64t: IntType<'ctx>,
    simd: Option<(FunctionValue<'ctx>, u32)>,
) {
    let cx = m.get_context();
    let i32t = cx.i32_type();
    let ptr_t = cx.ptr_type(inkwell::AddressSpace::default());
    let call = p.parallel;
    let head = call.get_parent().expect("in a block");
    let f = function_of(call);

    // The argument array: load each slot as the outlined function expects.
    let args = ptr_operand(call, PAR_ARGS).expect("checked: the args operand is a pointer");
    let nparams = p.outlined.count_params();
    b.position_before(&call);
    let mut payload: Vec<BasicMetadataValueEnum<'ctx>> = Vec::new();
    for k in 2..nparams {
        let slot = arg_slot(b, ptr_t, args, k - 2, i64t);
        let v = b
            .build_load(ptr_t, slot, &format!("arg{}", k - 2))
            .expect(BUILDER)
            .into_pointer_value();
        let param = p.outlined.get_nth_param(k).expect("counted");
        if let Some((_, fv)) = p.forwarded_slots.iter().find(|(s, _)| *s == k - 2) {
            // A team-shared variable every thread reads: its own copy.
            let copy = eb_alloca(f, fv.get_type(), "omp.private");
            b.build_store(copy, *fv).expect(BUILDER);
            payload.push(copy.into());
            continue;
        }
        let v: BasicValueEnum<'ctx> = if param.is_int_value() {
            b.build_ptr_to_int(v, i64t, "").expect(BUILDER).into()
        } else {
            v.into()
        };
        payload.push(v.into());
    }
    let ub64 = match payload[1] {
        BasicMetadataValueEnum::IntValue(v) => v,
        _ => unreachable!("checked: the bounds are i64"),
    };
    // Thread ids the outlined function receives (only the deleted runtime
    // calls read them): a stack slot holding 0.
    let entry = f.get_first_basic_block().expect("a function with a body");
    let eb = cx.create_builder();
    match entry.get_first_instruction() {
        Some(i) => eb.position_before(&i),
        None => eb.position_at_end(entry),
    }
    let tid_slot = eb.build_alloca(i32t, "omp.tid").expect(BUILDER);
    b.build_store(tid_slot, i32t.const_zero()).expect(BUILDER);

    let tid = sreg(m, b, "tid");
    let ctaid = sreg(m, b, "ctaid");
    let ntid = sreg(m, b, "ntid");
    let nctaid = sreg(m, b, "nctaid");
    let sregs = Sregs {
        tid,
        ctaid,
        ntid,
        nctaid,
    };
    let rest = llvm::split_block_before(call, "grid.exit");
    head.get_terminator()
        .expect("split leaves a branch")
        .erase_from_basic_block();
    let mut actual: Vec<BasicMetadataValueEnum<'ctx>> = vec![tid_slot.into(), tid_slot.into()];
    actual.extend(payload[2..].iter().copied());
    match simd {
        Some((f_simd, g)) => {
            // Groups of g lanes when the block holds at least one group;
            // the plain loop otherwise.
            b.position_at_end(head);
            let whole = b
                .build_int_compare(
                    IntPredicate::UGE,
                    ntid,
                    i32t.const_int(u64::from(g), false),
                    "simd.blocks.ok",
                )
                .expect(BUILDER);
            let simd_head = cx.insert_basic_block_after(head, "simd.grid");
            let plain_head = cx.insert_basic_block_after(simd_head, "plain.grid");
            b.build_conditional_branch(whole, simd_head, plain_head)
                .expect(BUILDER);
            b.position_at_end(simd_head);
            let log = g.trailing_zeros();
            let gid = b
                .build_right_shift(
                    tid,
                    i32t.const_int(u64::from(log), false),
                    false,
                    "simd.gid",
                )
                .expect(BUILDER);
            let groups = b
                .build_right_shift(
                    ntid,
                    i32t.const_int(u64::from(log), false),
                    false,
                    "simd.groups",
                )
                .expect(BUILDER);
            // Threads past the last whole group of the block idle.
            let in_group = b
                .build_int_compare(IntPredicate::ULT, gid, groups, "simd.in.group")
                .expect(BUILDER);
            let grouped = Sregs {
                tid: gid,
                ctaid,
                ntid: groups,
                nctaid,
            };
            emit_loop(
                p,
                m,
                b,
                simd_head,
                rest,
                &grouped,
                Some(in_group),
                f_simd,
                &actual,
                ub64,
            );
            emit_loop(
                p, m, b, plain_head, rest, &sregs, None, p.outlined, &actual, ub64,
            );
        }
        None => emit_loop(p, m, b, head, rest, &sregs, None, p.outlined, &actual, ub64),
    }
    // The generic-mode wrapper the workers would have called (clang emits
    // one when the kernel was generic): unused now.
    let wrapper = llvm::operand(&call, DEVICE_ABI.parallel_wrapper_arg).and_then(|w| match w {
        BasicValueEnum::PointerValue(w) => lomp::module_of(f)?.get_function(&llvm::value_name(w)),
        _ => None,
    });
    call.erase_from_basic_block();
    if let Some(w) = wrapper {
        llvm::delete_if_unused(w);
    }
}

/// The special registers one grid loop is built from (for SIMD groups: the
/// group in place of the thread, groups per block in place of `ntid`).
struct Sregs<'ctx> {
    tid: IntValue<'ctx>,
    ctaid: IntValue<'ctx>,
    ntid: IntValue<'ctx>,
    nctaid: IntValue<'ctx>,
}

/// Fills `head` (no terminator yet) with the grid-stride loop over the
/// outlined body `callee` (arguments: `actual` with the bounds inserted),
/// exiting to `rest`. `extra` must also hold for the thread to enter.
#[allow(clippy::too_many_arguments)]
fn emit_loop<'ctx>(
    p: &Plan<'ctx>,
    m: &inkwell::module::Module<'ctx>,
    b: &Builder<'ctx>,
    head: BasicBlock<'ctx>,
    rest: BasicBlock<'ctx>,
    r: &Sregs<'ctx>,
    extra: Option<IntValue<'ctx>>,
    callee: FunctionValue<'ctx>,
    actual: &[BasicMetadataValueEnum<'ctx>],
    ub64: IntValue<'ctx>,
) {
    let cx = m.get_context();
    let i32t = cx.i32_type();
    let i64t = cx.i64_type();
    b.position_at_end(head);
    let z = |v: IntValue<'ctx>, n: &str| b.build_int_z_extend(v, i64t, n).expect(BUILDER);
    let (tid, ctaid, ntid, nctaid) = (
        z(r.tid, "tid64"),
        z(r.ctaid, "ctaid64"),
        z(r.ntid, "ntid64"),
        z(r.nctaid, "nctaid64"),
    );
    let first = b
        .build_int_nuw_mul(ctaid, ntid, "grid.base")
        .expect(BUILDER);
    let off = b.build_int_nuw_add(first, tid, "grid.off").expect(BUILDER);
    let stride = b
        .build_int_nuw_mul(nctaid, ntid, "grid.stride")
        .expect(BUILDER);

    // The loop type and bounds (see the header: "The induction variable").
    let narrow = p.iv.bits == 32 && p.iv.signed;
    let (t, ub, off, stride) = if narrow {
        let cap = i64t.const_int(1 << 31, false);
        let off = umin(m, b, off, cap, "grid.off.clamped");
        let stride = umin(m, b, stride, cap, "grid.stride.clamped");
        let tr = |v: IntValue<'ctx>, n: &str| b.build_int_truncate(v, i32t, n).expect(BUILDER);
        (
            i32t,
            tr(ub64, "grid.ub"),
            tr(off, "grid.off32"),
            tr(stride, "grid.stride32"),
        )
    } else if p.iv.bits == 32 {
        // Unsigned 32-bit: the bound as the runtime reads it, zero-extended.
        let ub32 = b
            .build_int_truncate(ub64, i32t, "grid.ub32")
            .expect(BUILDER);
        (i64t, z(ub32, "grid.ub"), off, stride)
    } else {
        (i64t, ub64, off, stride)
    };
    let lb = t.const_int(p.lb, false);
    let i0 = b.build_int_nuw_add(lb, off, "grid.i0").expect(BUILDER);
    let in_range = b
        .build_int_compare(IntPredicate::ULE, i0, ub, "grid.enter")
        .expect(BUILDER);
    let mut enter = if p.iv.signed {
        let nonneg = b
            .build_int_compare(IntPredicate::SGE, ub, t.const_zero(), "grid.ub.nonneg")
            .expect(BUILDER);
        b.build_and(nonneg, in_range, "grid.enter.ok")
            .expect(BUILDER)
    } else {
        in_range
    };
    if let Some(x) = extra {
        enter = b.build_and(x, enter, "grid.enter.group").expect(BUILDER);
    }
    let body = cx.insert_basic_block_after(head, "grid.body");
    b.build_conditional_branch(enter, body, rest)
        .expect(BUILDER);

    b.position_at_end(body);
    let phi = b.build_phi(t, "grid.i").expect(BUILDER);
    let i = phi.as_basic_value().into_int_value();
    let i_arg = if t == i32t {
        b.build_int_z_extend(i, i64t, "grid.i64").expect(BUILDER)
    } else {
        i
    };
    let mut args: Vec<BasicMetadataValueEnum<'ctx>> = actual[..2].to_vec();
    args.push(i_arg.into());
    args.push(i_arg.into());
    args.extend(actual[2..].iter().copied());
    b.build_call(callee, &args, "").expect(BUILDER);
    let next = b.build_int_nuw_add(i, stride, "grid.next").expect(BUILDER);
    let more = b
        .build_int_compare(IntPredicate::ULE, next, ub, "grid.more")
        .expect(BUILDER);
    b.build_conditional_branch(more, body, rest).expect(BUILDER);
    phi.add_incoming(&[(&i0, head), (&next, body)]);
}

/// An alloca of `ty` at the start of `f`'s entry block.
fn eb_alloca<'ctx>(
    f: FunctionValue<'ctx>,
    ty: inkwell::types::BasicTypeEnum<'ctx>,
    name: &str,
) -> PointerValue<'ctx> {
    let entry = f.get_first_basic_block().expect("a function with a body");
    let eb = entry.get_context().create_builder();
    match entry.get_first_instruction() {
        Some(i) => eb.position_before(&i),
        None => eb.position_at_end(entry),
    }
    eb.build_alloca(ty, name).expect(BUILDER)
}

/// `&args[k]` for the pointer array of the parallel entry point.
fn arg_slot<'ctx>(
    b: &Builder<'ctx>,
    ptr_t: inkwell::types::PointerType<'ctx>,
    args: PointerValue<'ctx>,
    k: u32,
    i64t: IntType<'ctx>,
) -> PointerValue<'ctx> {
    if k == 0 {
        return args;
    }
    llvm::nary::build_gep1(b, ptr_t.into(), args, i64t.const_int(u64::from(k), false))
        .expect(BUILDER)
}
