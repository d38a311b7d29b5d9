//! `gpucc-openmp-opt`: SPMDization of generic-mode OpenMP target kernels.
//!
//! Source: issue 7; the "control loop" of Bertolli et al. (LLVM-HPC 2015) and
//! LLVM 16's OpenMPOpt.cpp (`AAKernelInfo`, `changeToSPMDMode`), rewritten.
//!
//! A target region that is not a combined construct is compiled in *generic*
//! mode: one main thread runs the sequential code, the other threads wait in a
//! state machine and are woken for each `__kmpc_parallel_51`. In *SPMD* mode
//! every thread runs the whole kernel: no state machine, fewer registers, more
//! occupancy. The paper measured 64 registers for the control loop against 21
//! for the combined form, and up to 4x run time.
//!
//! ```text
//!   %r = call i32 @__kmpc_target_init(ptr @1, i8 1, i1 true)     ; generic
//!   ...                                                         ; user code
//!   store double 3.14, ptr %pi          ; %pi = __kmpc_alloc_shared(8)
//!   call void @__kmpc_parallel_51(..., ptr @outlined, ...)
//! ==>
//!   %r = call i32 @__kmpc_target_init(ptr @1, i8 2, i1 false)    ; SPMD
//!   %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
//!   br (%tid == 0), label %region.guarded, label %region.barrier
//! region.guarded:                       ; one thread writes the shared copy
//!   store double 3.14, ptr addrspacecast (ptr addrspace(3) @pi_shared to ptr)
//! region.barrier:
//!   call void @__kmpc_barrier_simple_spmd(ptr @1, i32 %tid)
//!   call void @__kmpc_parallel_51(..., ptr @outlined, ...)      ; all threads
//! ```
//! (LLVM 16's device ABI; LLVM 17+ keeps mode and state-machine flag in the
//! `@<kernel>_kernel_environment` that init points to, and LLVM 22 starts
//! regions with `__kmpc_parallel_60`: `llvm::openmp::DEVICE_ABI`.)
//!
//! Algorithm (plan, then apply):
//! 1. Kernels: functions calling `__kmpc_target_init` with mode generic
//!    (`analysis::openmp::find_kernels`). A kernel without the global the host
//!    reads the launch mode from (`@<kernel>_exec_mode` in LLVM 16) is skipped
//!    with a remark (LLVM 16's openmp-opt crashes on such a kernel).
//! 2. Amenability (`analysis::openmp::analyze_kernel`): every instruction of
//!    the sequential code is free, thread-private, guardable, globalized, or a
//!    blocker. A kernel with a blocker stays generic (OMP121 names it).
//! 3. Cross-kernel checks, to a fixed point: a function other than the kernel
//!    that must be changed (guards, globalized variables) must be internal,
//!    called only directly or through selects of functions that only feed
//!    callee operands, never inside a parallel region, and reached only by
//!    kernels that all become SPMD (in generic mode a guard would deadlock).
//! 4. Apply: globalized variables become `addrspace(3)` globals (one per team);
//!    guarded regions (see `guard.rs`); the host-read exec mode := 3
//!    (generic-SPMD, as upstream writes it), the runtime's mode SPMD without
//!    the generic state machine (LLVM 16: init := (2, false), deinit := 2;
//!    LLVM 17+: the kernel environment's ExecMode and UseGenericStateMachine;
//!    its MayUseNestedParallelism is left as it is, never lowered). The
//!    `if (init == -1) user code else exit` shape stays valid (every thread gets
//!    -1 in SPMD mode), and so does the parallel entry point (all threads call
//!    it).
//! 5. Folding: `__kmpc_is_spmd_exec_mode()` becomes a constant in a function
//!    reached only by kernels that agree on the mode, and not reachable from
//!    outside the module (see `analysis::openmp::Reach`); `__kmpc_parallel_level`
//!    becomes 0 in sequential code (the nesting level outside parallel regions
//!    in either mode; LLVM's openmp-opt folds it to 1 in SPMD kernels, which
//!    the device runtimes of LLVM 16 and 22 contradict: they start SPMD
//!    kernels at level 0 and raise it only inside the parallel entry point).
//!
//! Kernels that stay generic keep their generic state machine here; the
//! custom state machine (an if-cascade over the known parallel regions) lives
//! in `state_machine.rs`.
//!
//! Parameters: `gpucc-openmp-opt<no-spmdization;no-folding;no-deglobalization;
//! no-state-machine-rewrite>` (all on by default). LLVM's own options
//! `-openmp-opt-disable`, `-openmp-opt-disable-spmdization`,
//! `-openmp-opt-disable-folding`, `-openmp-opt-disable-deglobalization` and
//! `-openmp-opt-disable-state-machine-rewrite` are honoured too.
//!
//! Remarks (`-pass-remarks*=gpucc-openmp-opt`): passed `OMP120` "Transformed
//! generic-mode kernel to SPMD-mode."; missed `OMP121` "Value has potential
//! side effects preventing SPMD-mode execution..." at each blocker; analysis
//! `GuardedRegion` (one per guarded region), `Globalized` (a variable moved to
//! shared memory), `FoldedRuntimeQuery`, `Stats`; missed `NoExecModeGlobal`. Tests:
//! test/ir/openmp/.

mod guard;
pub mod state_machine;

use crate::analysis::openmp::{self as omp, Amenability, Kernel, Reach};
use crate::llvm::{self, Fam, RemarkKind};
use crate::params::{self, Kind, ParamError, Spec, Value};
use crate::passes::{Changed, PassCx};
use inkwell::values::{BasicValue, FunctionValue, InstructionOpcode, InstructionValue};
use std::collections::{BTreeSet, HashSet};

/// The pipeline name.
pub const NAME: &str = "gpucc-openmp-opt";

/// What the pass may do (all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenMpOptParams {
    /// Switch amenable generic kernels to SPMD mode.
    pub spmdization: bool,
    /// Fold runtime queries whose answer is known.
    pub folding: bool,
    /// Move globalized variables into shared memory (needed to SPMDize a
    /// kernel that has them).
    pub deglobalization: bool,
    /// Rewrite the generic state machine of kernels that stay generic
    /// (state_machine.rs).
    pub state_machine_rewrite: bool,
    /// Most bytes of shared memory one kernel's globalized variables may take
    /// (LLVM's `-openmp-opt-shared-limit` when given, else [`SHARED_LIMIT`]).
    pub shared_limit: u32,
}

/// Default shared-memory budget for globalized variables per kernel: the
/// 48 KiB of static shared memory a CUDA kernel gets without opting in (AMDGPU
/// has 64 KiB of LDS). Above it the kernel could not launch; it stays generic.
pub const SHARED_LIMIT: u32 = 48 * 1024;

impl Default for OpenMpOptParams {
    fn default() -> Self {
        OpenMpOptParams {
            spmdization: true,
            folding: true,
            deglobalization: true,
            state_machine_rewrite: true,
            shared_limit: SHARED_LIMIT,
        }
    }
}

impl OpenMpOptParams {
    const SPECS: &'static [Spec] = &[
        Spec {
            name: "spmdization",
            kind: Kind::Flag,
        },
        Spec {
            name: "folding",
            kind: Kind::Flag,
        },
        Spec {
            name: "deglobalization",
            kind: Kind::Flag,
        },
        Spec {
            name: "state-machine-rewrite",
            kind: Kind::Flag,
        },
    ];

    /// Parses `spmdization;no-folding;...`; LLVM's `-openmp-opt-disable*`
    /// options, when given, switch the matching feature off first.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        let mut p = OpenMpOptParams::default();
        let off = |name: &str| matches!(llvm::upstream_bool_option(name), Some((true, _)));
        if off("openmp-opt-disable") {
            p.spmdization = false;
            p.folding = false;
            p.deglobalization = false;
            p.state_machine_rewrite = false;
        }
        p.spmdization &= !off("openmp-opt-disable-spmdization");
        p.folding &= !off("openmp-opt-disable-folding");
        p.deglobalization &= !off("openmp-opt-disable-deglobalization");
        p.state_machine_rewrite &= !off("openmp-opt-disable-state-machine-rewrite");
        if let Some((limit, true)) = llvm::upstream_unsigned_option("openmp-opt-shared-limit") {
            p.shared_limit = limit;
        }
        params::parse(text, Self::SPECS, |name, v| match (name, v) {
            ("spmdization", Value::Flag(b)) => p.spmdization = b,
            ("folding", Value::Flag(b)) => p.folding = b,
            ("deglobalization", Value::Flag(b)) => p.deglobalization = b,
            ("state-machine-rewrite", Value::Flag(b)) => p.state_machine_rewrite = b,
            _ => unreachable!("gpucc-openmp-opt: SPECS and parse agree"),
        })?;
        Ok(p)
    }
}

/// Module-level remarks: each goes to the function holding its instruction.
pub struct Remarks<'a> {
    fam: Fam<'a>,
    pass: &'static str,
}

impl<'a> Remarks<'a> {
    pub fn new(fam: Fam<'a>) -> Self {
        Remarks { fam, pass: NAME }
    }

    /// Remarks under another pass's name.
    pub fn for_pass(fam: Fam<'a>, pass: &'static str) -> Self {
        Remarks { fam, pass }
    }

    /// Emits remark `name` on `f` (at `at` when given); `msg` is only built
    /// when someone listens.
    pub fn emit(
        &self,
        kind: RemarkKind,
        name: &str,
        f: FunctionValue<'_>,
        at: Option<InstructionValue<'_>>,
        msg: impl FnOnce() -> String,
    ) {
        if llvm::remarks_wanted(f, self.pass) {
            llvm::emit_remark(self.fam, f, at, kind, self.pass, name, &msg());
        }
    }

    pub fn at(
        &self,
        kind: RemarkKind,
        name: &str,
        at: InstructionValue<'_>,
        msg: impl FnOnce() -> String,
    ) {
        if let Some(f) = at.get_parent().and_then(|b| b.get_parent()) {
            self.emit(kind, name, f, Some(at), msg);
        }
    }
}

/// Counters, reported as one `Stats` analysis remark per module (on the first kernel).
#[derive(Debug, Default)]
struct Stats {
    num_kernels: u64,
    num_spmdized: u64,
    num_refused: u64,
    num_guarded_regions: u64,
    num_globalized: u64,
    num_folded: u64,
    num_state_machines: u64,
}

impl Stats {
    fn summary(&self) -> String {
        format!(
            "{} kernels: {} SPMDized, {} kept generic; {} guarded regions, {} globalized \
             variables moved to shared memory, {} runtime queries folded, {} custom state \
             machines",
            self.num_kernels,
            self.num_spmdized,
            self.num_refused,
            self.num_guarded_regions,
            self.num_globalized,
            self.num_folded,
            self.num_state_machines
        )
    }
}

/// A kernel and what the plan decided for it.
struct KernelPlan<'ctx> {
    kernel: Kernel<'ctx>,
    amenability: Amenability<'ctx>,
    /// Becomes SPMD.
    spmd: bool,
}

/// Runs the pass on the module whose function definitions and declarations
/// are `functions`. Returns whether the IR changed.
pub fn run(
    functions: &[inkwell::values::FunctionValue<'_>],
    fam: Fam<'_>,
    p: &OpenMpOptParams,
) -> bool {
    let kernels = omp::find_kernels(functions);
    if kernels.is_empty() {
        return false;
    }
    let remarks = Remarks::new(fam);
    let mut stats = Stats {
        num_kernels: kernels.len() as u64,
        ..Stats::default()
    };
    let plans = plan(&kernels, functions, p, &remarks);
    let mut changed = false;

    // Apply SPMDization.
    // A helper shared by several SPMDized kernels is guarded once.
    let mut done: HashSet<InstructionValue<'_>> = HashSet::new();
    for kp in plans.iter().filter(|kp| kp.spmd) {
        apply_spmd(kp, &remarks, &mut stats, &mut done);
        stats.num_spmdized += 1;
        changed = true;
        remarks.at(RemarkKind::Passed, "OMP120", kp.kernel.init, || {
            "Transformed generic-mode kernel to SPMD-mode. [OMP120]".to_string()
        });
    }
    for kp in plans.iter().filter(|kp| !kp.spmd && kp.kernel.is_generic()) {
        stats.num_refused += 1;
        // Say why it stays generic, then replace the runtime's generic state
        // machine by one that knows the kernel's parallel regions.
        keep_generic(kp, &remarks);
        if p.state_machine_rewrite {
            let k = state_machine::Kernel {
                function: kp.kernel.entry,
                init: kp.kernel.init,
                config: kp.kernel.config.clone(),
            };
            let cx = PassCx::new(fam, k.function, state_machine::REMARK_PASS);
            if state_machine::rewrite_state_machine(&k, &cx) == Changed::Yes {
                stats.num_state_machines += 1;
                changed = true;
            }
        }
    }
    if p.folding {
        let folded = fold_queries(&kernels, functions, &remarks);
        stats.num_folded = folded;
        changed |= folded > 0;
    }
    if changed {
        for f in functions {
            if f.count_basic_blocks() > 0 {
                fam.invalidate(*f);
            }
        }
    }
    remarks.at(RemarkKind::Analysis, "Stats", kernels[0].init, || {
        stats.summary()
    });
    changed
}

/// Decides which kernels become SPMD; emits the refusals.
fn plan<'ctx>(
    kernels: &[Kernel<'ctx>],
    functions: &[FunctionValue<'ctx>],
    p: &OpenMpOptParams,
    remarks: &Remarks<'_>,
) -> Vec<KernelPlan<'ctx>> {
    let entries: Vec<FunctionValue<'ctx>> = kernels.iter().map(|k| k.entry).collect();
    let reach = Reach::compute(kernels, functions);
    let mut plans: Vec<KernelPlan<'ctx>> = kernels
        .iter()
        .map(|k| KernelPlan {
            kernel: k.clone(),
            amenability: Amenability::default(),
            spmd: false,
        })
        .collect();
    if !p.spmdization {
        return plans;
    }
    let runtime_ok = guard::runtime_declarations_fit(functions);
    for kp in plans.iter_mut() {
        let k = &kp.kernel;
        if !k.is_generic() || k.generic_state_machine.is_none() {
            continue;
        }
        if !k.config.has_host_global() {
            remarks.at(RemarkKind::Missed, "NoExecModeGlobal", k.init, || {
                format!(
                    "kernel {} has no {} global (the host reads the launch mode there); \
                     left in generic mode",
                    k.name,
                    k.config.host_global_name()
                )
            });
            continue;
        }
        let mut a = omp::analyze_kernel(k, &entries);
        if !p.deglobalization {
            for g in a.globalized.drain(..) {
                a.blockers.push(omp::Blocker {
                    at: g,
                    why: "globalized variable and deglobalization is disabled".to_string(),
                });
            }
        }
        let bytes: u64 = a
            .globalized
            .iter()
            .filter_map(|g| omp::const_int_operand(*g, 0))
            .sum();
        if bytes > u64::from(p.shared_limit) {
            a.blockers.push(omp::Blocker {
                at: a.globalized[0],
                why: format!(
                    "its globalized variables need {bytes} bytes of shared memory, over the \
                     limit of {} (-openmp-opt-shared-limit)",
                    p.shared_limit
                ),
            });
        }
        if let Err(why) = &runtime_ok {
            if !a.guarded.is_empty() {
                a.blockers.push(omp::Blocker {
                    at: a.guarded[0],
                    why: why.clone(),
                });
            }
        }
        kp.spmd = a.is_amenable();
        kp.amenability = a;
    }
    // Cross-kernel checks, to a fixed point.
    loop {
        let mut again = false;
        let spmd_set: BTreeSet<usize> = (0..plans.len()).filter(|&i| plans[i].spmd).collect();
        #[allow(clippy::needless_range_loop)] // plans[i] is mutated inside
        for i in 0..plans.len() {
            if !plans[i].spmd {
                continue;
            }
            let entry = plans[i].kernel.entry;
            let changed = plans[i].amenability.changed_callees(entry);
            let mut why: Option<(InstructionValue<'ctx>, String)> = None;
            for idx in changed {
                let f = plans[i].amenability.functions[idx];
                let at = plans[i]
                    .amenability
                    .guarded
                    .iter()
                    .chain(&plans[i].amenability.globalized)
                    .copied()
                    .find(|inst| inst.get_parent().and_then(|b| b.get_parent()) == Some(f))
                    .unwrap_or(plans[i].kernel.init);
                let name = omp::fn_name(f);
                let reason = if !omp::is_local(f) || omp::callers(f).is_none() {
                    Some(format!(
                        "@{name} needs guarding but may be called from outside this module \
                         or indirectly"
                    ))
                } else if reach.in_parallel.contains(&f) {
                    Some(format!(
                        "@{name} needs guarding but is also called inside a parallel region"
                    ))
                } else if reach.tainted.contains(&f) {
                    Some(format!(
                        "@{name} needs guarding but is reachable from unknown callers"
                    ))
                } else if reach
                    .kernels_of
                    .get(&f)
                    .is_some_and(|ks| !ks.is_subset(&spmd_set))
                {
                    Some(format!(
                        "@{name} needs guarding but is also reached by a kernel that stays generic"
                    ))
                } else if !plans[i].amenability.globalized.is_empty()
                    && omp::reachable(&omp::user_callees(f), false).contains(&f)
                {
                    Some(format!(
                        "@{name} is recursive and holds a globalized variable"
                    ))
                } else {
                    None
                };
                if let Some(r) = reason {
                    why = Some((at, r));
                    break;
                }
            }
            if let Some((at, r)) = why {
                plans[i]
                    .amenability
                    .blockers
                    .push(omp::Blocker { at, why: r });
                plans[i].spmd = false;
                again = true;
            }
        }
        if !again {
            break;
        }
    }
    plans
}

/// A kernel that stays generic: one OMP121 remark per blocker. Blockers that
/// are calls to code we cannot see get upstream's hint (the assumption that
/// overrides them).
fn keep_generic(kp: &KernelPlan<'_>, remarks: &Remarks<'_>) {
    for b in &kp.amenability.blockers {
        remarks.at(RemarkKind::Missed, "OMP121", b.at, || {
            let is_call = b.why.starts_with("call to") || b.why.starts_with("indirect call");
            let hint = if is_call {
                format!(
                    " Add `{}` to the called function to override.",
                    llvm::openmp::DEVICE_ABI.assumption("ompx_spmd_amenable")
                )
            } else {
                String::new()
            };
            format!(
                "Value has potential side effects preventing SPMD-mode execution of kernel \
                 {} ({}).{hint} [OMP121]",
                kp.kernel.name, b.why
            )
        });
    }
}

/// Rewrites one kernel to SPMD mode.
fn apply_spmd<'ctx>(
    kp: &KernelPlan<'ctx>,
    remarks: &Remarks<'_>,
    stats: &mut Stats,
    done: &mut HashSet<InstructionValue<'ctx>>,
) {
    let k = &kp.kernel;
    let ident = k.config.ident().map(|p| p.as_basic_value_enum());
    for alloc in &kp.amenability.globalized {
        if !done.insert(*alloc) {
            continue;
        }
        // Remark first: globalize() deletes the call.
        remarks.at(RemarkKind::Analysis, "Globalized", *alloc, || {
            format!(
                "Replaced globalized variable {} with a team-wide shared-memory global (one \
                 copy for all threads in SPMD mode).",
                llvm::describe(*alloc)
            )
        });
        guard::globalize(*alloc);
        stats.num_globalized += 1;
    }
    // Guards, per function and block, in IR order.
    let todo: Vec<InstructionValue<'ctx>> = kp
        .amenability
        .guarded
        .iter()
        .copied()
        .filter(|i| done.insert(*i))
        .collect();
    let regions = guard::plan_regions(&todo);
    for r in regions {
        let first = r.first;
        guard::guard_region(&r, ident);
        stats.num_guarded_regions += 1;
        remarks.at(RemarkKind::Analysis, "GuardedRegion", first, || {
            "Guarded side effects in sequential code: thread 0 executes them, then a \
             barrier; values used later are broadcast through shared memory."
                .to_string()
        });
    }
    // The host launches it in generic-SPMD mode, the runtime starts it SPMD
    // without the generic state machine (where each lives depends on the
    // LLVM: llvm::openmp::LaunchConfig).
    k.config.set_spmd(&k.deinits);
}

/// Folds `__kmpc_is_spmd_exec_mode()` where every reaching kernel agrees on
/// the mode (1 SPMD, 0 generic), and `__kmpc_parallel_level()` to 0 in
/// sequential code (functions reached only by kernels that agree on the mode
/// and never inside a parallel region, where the level depends on nesting).
fn fold_queries<'ctx>(
    kernels: &[Kernel<'ctx>],
    functions: &[FunctionValue<'ctx>],
    remarks: &Remarks<'_>,
) -> u64 {
    // Re-read the modes: SPMDization just changed some.
    let modes: Vec<Option<u64>> = kernels.iter().map(|k| k.config.mode()).collect();
    let reach = Reach::compute(kernels, functions);
    let mode_of = |f: FunctionValue<'ctx>| -> Option<u64> {
        if reach.tainted.contains(&f) {
            return None;
        }
        let ks = reach.kernels_of.get(&f)?;
        let ms: BTreeSet<Option<u64>> = ks.iter().map(|&i| modes[i]).collect();
        match ms.into_iter().collect::<Vec<_>>().as_slice() {
            [Some(m)] if *m == omp::MODE_SPMD || *m == omp::MODE_GENERIC => Some(*m),
            _ => None,
        }
    };
    let mut folded = 0;
    for query in functions {
        let name = omp::fn_name(*query);
        let is_spmd_query = name == "__kmpc_is_spmd_exec_mode";
        if !is_spmd_query && name != "__kmpc_parallel_level" {
            continue;
        }
        for (user, _) in llvm::uses_of(*query) {
            if omp::callee(user) != Some(*query) || user.get_opcode() != InstructionOpcode::Call {
                continue;
            }
            let Some(f) = user.get_parent().and_then(|b| b.get_parent()) else {
                continue;
            };
            // The parallel level of sequential code is 0 in either mode: the
            // runtime starts SPMD kernels at level 0 too and only the
            // parallel entry point raises it (upstream folds it to 1 in SPMD
            // kernels, which the device runtime of LLVM 16 and 22 contradicts).
            let value = match (is_spmd_query, mode_of(f)) {
                (true, Some(m)) => u64::from(m == omp::MODE_SPMD),
                (false, Some(_)) if !reach.in_parallel.contains(&f) => 0,
                _ => continue,
            };
            if !user.get_type().is_int_type() {
                continue;
            }
            let c = user.get_type().into_int_type().const_int(value, false);
            remarks.at(RemarkKind::Analysis, "FoldedRuntimeQuery", user, || {
                if is_spmd_query {
                    format!(
                        "Folded @{name}() to {value}: every kernel reaching this function runs \
                         it in {} mode.",
                        if value == 1 { "SPMD" } else { "generic" }
                    )
                } else {
                    format!(
                        "Folded @{name}() to {value}: this function runs only in the \
                         sequential code of kernels, outside parallel regions."
                    )
                }
            });
            llvm::replace_all_uses(user, c.as_basic_value_enum());
            user.erase_from_basic_block();
            folded += 1;
        }
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_parse_in_llvm_syntax() {
        assert_eq!(OpenMpOptParams::parse(""), Ok(OpenMpOptParams::default()));
        let p = OpenMpOptParams::parse("no-spmdization;no-folding").expect("valid");
        assert!(!p.spmdization && !p.folding && p.deglobalization && p.state_machine_rewrite);
        let p =
            OpenMpOptParams::parse("no-deglobalization;no-state-machine-rewrite").expect("valid");
        assert!(p.spmdization && p.folding && !p.deglobalization && !p.state_machine_rewrite);
        assert!(OpenMpOptParams::parse("spmdisation").is_err());
        assert!(OpenMpOptParams::parse("spmdization=1").is_err());
    }
}
