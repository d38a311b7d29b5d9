//! Registration: the pipeline names, the clang auto-pipeline, and how an
//! element of a `-passes=` text becomes one of our passes. Version-free:
//! `src/llvm/edge.rs` and `cpp/plugin.cpp` carry it to LLVM, which knows
//! each pass by its name's slot in [`SLOTS`] (so `-time-passes`,
//! `-print-after-all` and the other instrumentation name it).
//!
//! Names (`-passes=...`):
//! - `gpucc-bypass-slow-division[<force;opaque-slow-path>]`: function pass;
//! - `gpucc-infer-address-spaces`: function pass; at module level it also
//!   specializes functions across calls (`passes::specialize_spaces`);
//! - `gpucc-memspace-annotate`: function pass (memory-space scopes as
//!   scoped-noalias metadata);
//! - `gpucc-separate-const-offset-from-gep[<lower-gep>]`: function pass;
//! - `gpucc-slsr[<max-scan=N>]`: function pass (straight-line strength
//!   reduction);
//! - `gpucc-nary-reassociate`: function pass (n-ary reassociation reusing
//!   dominating instructions);
//! - `gpucc-speculative-execution[<only-if-divergent-target;max-speculation-cost=N;max-not-hoisted=N>]`:
//!   function pass (hoists cheap, safe instructions out of if-then arms);
//! - `gpucc-openmp-opt[<no-spmdization;no-folding;no-deglobalization;no-state-machine-rewrite>]`:
//!   module pass, SPMDization of generic-mode OpenMP target kernels;
//! - `gpucc-omp-runtime-free`: module pass, combined-construct kernels
//!   (`target teams distribute parallel for`) as grid-stride loops without
//!   the OpenMP device runtime;
//! - `gpucc-omp-simd-groups`: module pass, the same plus SIMD groups for a
//!   `#pragma omp simd` loop in the body;
//! - `gpucc-openmp-state-machine`: module pass, custom worker state machines
//!   for OpenMP generic-mode kernels alone (`passes::openmp_opt::state_machine`,
//!   which `gpucc-openmp-opt` runs on the kernels it keeps generic; remarks
//!   under `gpucc-openmp-opt`);
//! - `gpucc`: the whole suite in the paper's order ([`GPUCC_TEXT`]), a
//!   pipeline text that mixes our passes and LLVM's own (GVN, EarlyCSE),
//!   expanded where it is named;
//! - `gpucc-openmp-device`: the OpenMP passes as the device compile runs
//!   them, their cleanup included ([`OMP_DEVICE_TEXT`]), expanded the same way;
//! - `gpucc-straight-line`: the §3.4/§3.5 subset ([`STRAIGHT_LINE_TEXT`]),
//!   expanded the same way;
//! - `-aa-pipeline=gpucc-memspace-aa`: the alias analysis (`llvm::aa`).
//!
//! The auto-pipeline: when clang loads the plugin (`-fpass-plugin=`), or
//! rustc (`-Z llvm-plugins=`), the `gpucc` pipeline runs at the
//! optimizer-last extension point (after the last InstCombine) on modules
//! whose triple is nvptx, nvptx64 or amdgcn, at -O1 and above;
//! `gpucc-memspace-annotate` runs at the peephole extension point (after
//! each InstCombine), before GVN, LICM and DSE; and
//! `gpucc-unroll-grid-stride` at the vectorizer-start point, before LLVM's
//! loop unroller; and `gpucc-sreg-ranges` at the pipeline-start point. On an
//! OpenMP offload device module (a GPU triple that declares
//! `__kmpc_target_init`), [`OMP_DEVICE_TEXT`] runs at the pipeline-start
//! point, before everything else: the device compile hands it clang's
//! unoptimized IR (the same at `-O1`, `-O2` and `-O3`, and under
//! `-foffload-lto`, whose pre-link pipeline starts there too), before clang's
//! own `openmp-opt` and before the device runtime is linked. Host modules
//! are left alone. Switch it off with the environment variable
//! `GPUCC_AUTO_PIPELINE=0`, or `-mllvm -gpucc-auto-pipeline=false`
//! (clang only knows that option when the plugin is also given as
//! `-fplugin=`, which loads it before options are parsed).

use crate::analysis::target::Target;
use crate::llvm::edge::{Mam, ModuleRef};
use crate::llvm::{self, Fam};
use crate::params;
use crate::passes::bypass_slow_division::{self, BypassParams, BypassSlowDivisionPass};
use crate::passes::flatten_guards::{self, FlattenGuardsPass};
use crate::passes::hpvm_gen;
use crate::passes::hpvm_lower::{self, LowerParams};
use crate::passes::infer_address_spaces::{self, InferAddressSpacesPass, InferParams};
use crate::passes::invariant_loads::{self, InvariantLoadsPass};
use crate::passes::loop_layout::{self, LoopLayoutPass};
use crate::passes::memspace_annotate::{self, MemSpaceAnnotatePass};
use crate::passes::nary_reassociate::{self, NaryReassociatePass};
use crate::passes::omp_runtime_free;
use crate::passes::omp_simd_groups;
use crate::passes::openmp_opt::state_machine;
use crate::passes::openmp_opt::{self, OpenMpOptParams};
use crate::passes::rotate_loads::{self, RotateLoadsPass};
use crate::passes::separate_const_offset_from_gep::{
    self as sepgep, SepGepParams, SeparateConstOffsetFromGepPass,
};
use crate::passes::shared_align;
use crate::passes::slsr::{self, SlsrParams, SlsrPass};
use crate::passes::specialize_spaces;
use crate::passes::speculative_execution::{self, SpecExecParams, SpeculativeExecutionPass};
use crate::passes::sreg_ranges::{self, SregRangesPass};
use crate::passes::unroll_grid_stride::{self, UnrollGridStridePass, UnrollParams};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::values::FunctionValue;

/// The pipeline name of the whole suite.
pub const PIPELINE: &str = "gpucc";

/// The pipeline name of the custom state machine alone (it also runs inside
/// `gpucc-openmp-opt`, on the kernels that stay generic).
const STATE_MACHINE: &str = "gpucc-openmp-state-machine";

/// Every name LLVM may see a pass of ours under, one slot each: the C++
/// edge gives each slot its own pass class, whose name this is.
pub const SLOTS: &[&str] = &[
    bypass_slow_division::NAME,
    infer_address_spaces::NAME,
    sepgep::NAME,
    slsr::NAME,
    memspace_annotate::NAME,
    nary_reassociate::NAME,
    speculative_execution::NAME,
    openmp_opt::NAME,
    STATE_MACHINE,
    omp_runtime_free::NAME,
    omp_simd_groups::NAME,
    shared_align::NAME,
    loop_layout::NAME,
    unroll_grid_stride::NAME,
    rotate_loads::NAME,
    sreg_ranges::NAME,
    invariant_loads::NAME,
    flatten_guards::NAME,
    hpvm_gen::NAME,
    hpvm_lower::NAME,
];

/// A module pass (the counterpart of [`FunctionPass`]).
pub trait ModulePass {
    /// The pipeline name.
    fn name(&self) -> &'static str;
    /// Runs on the module.
    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed;
}

/// What one element of a pipeline text is to us.
pub enum Element {
    Function(Box<dyn FunctionPass>),
    Module(Box<dyn ModulePass>),
    /// A pipeline text to expand in its place.
    Pipeline(&'static str),
}

/// Parses `text` with `parse`, or stops with an error naming the pass.
fn params_or_fatal<T, E: std::fmt::Display>(pass: &str, parsed: Result<T, E>) -> T {
    parsed.unwrap_or_else(|e| llvm::fatal(&format!("{pass}: {e}")))
}

/// A function-level element (`function(...)` or a bare function pass name),
/// or `None` when the name is not ours.
pub fn parse_function_element(element: &str) -> Option<Element> {
    Some(Element::Function(parse_function_pass(element)?))
}

fn parse_function_pass(element: &str) -> Option<Box<dyn FunctionPass>> {
    if let Some(text) = params::split(element, bypass_slow_division::NAME) {
        let p = params_or_fatal(bypass_slow_division::NAME, BypassParams::parse(text));
        return Some(Box::new(BypassSlowDivisionPass::new(p)));
    }
    if let Some(text) = params::split(element, infer_address_spaces::NAME) {
        let p = params_or_fatal(infer_address_spaces::NAME, InferParams::parse(text));
        return Some(Box::new(InferAddressSpacesPass::new(p)));
    }
    if let Some(text) = params::split(element, sepgep::NAME) {
        let p = params_or_fatal(sepgep::NAME, SepGepParams::parse(text));
        return Some(Box::new(SeparateConstOffsetFromGepPass::new(p)));
    }
    if let Some(text) = params::split(element, slsr::NAME) {
        let p = params_or_fatal(slsr::NAME, SlsrParams::parse(text));
        return Some(Box::new(SlsrPass::new(p)));
    }
    if let Some(text) = params::split(element, memspace_annotate::NAME) {
        params_or_fatal(memspace_annotate::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(MemSpaceAnnotatePass));
    }
    if let Some(text) = params::split(element, flatten_guards::NAME) {
        params_or_fatal(flatten_guards::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(FlattenGuardsPass));
    }
    if let Some(text) = params::split(element, loop_layout::NAME) {
        params_or_fatal(loop_layout::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(LoopLayoutPass));
    }
    if let Some(text) = params::split(element, unroll_grid_stride::NAME) {
        let p = params_or_fatal(unroll_grid_stride::NAME, UnrollParams::parse(text));
        return Some(Box::new(UnrollGridStridePass::new(p)));
    }
    if let Some(text) = params::split(element, rotate_loads::NAME) {
        params_or_fatal(rotate_loads::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(RotateLoadsPass));
    }
    if let Some(text) = params::split(element, sreg_ranges::NAME) {
        params_or_fatal(sreg_ranges::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(SregRangesPass));
    }
    if let Some(text) = params::split(element, invariant_loads::NAME) {
        params_or_fatal(invariant_loads::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(InvariantLoadsPass));
    }
    if let Some(text) = params::split(element, nary_reassociate::NAME) {
        params_or_fatal(nary_reassociate::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Box::new(NaryReassociatePass));
    }
    if let Some(text) = params::split(element, speculative_execution::NAME) {
        let p = params_or_fatal(speculative_execution::NAME, SpecExecParams::parse(text));
        return Some(Box::new(SpeculativeExecutionPass::new(p)));
    }
    None
}

/// A module-level element, or `None` when the name is not ours.
pub fn parse_module_element(element: &str) -> Option<Element> {
    if let Some(text) = params::split(element, PIPELINE) {
        params_or_fatal(PIPELINE, params::parse(text, &[], |_, _| {}));
        return Some(Element::Pipeline(GPUCC_TEXT));
    }
    if let Some(text) = params::split(element, STRAIGHT_LINE) {
        params_or_fatal(STRAIGHT_LINE, params::parse(text, &[], |_, _| {}));
        return Some(Element::Pipeline(STRAIGHT_LINE_TEXT));
    }
    if let Some(text) = params::split(element, OMP_DEVICE) {
        params_or_fatal(OMP_DEVICE, params::parse(text, &[], |_, _| {}));
        return Some(Element::Pipeline(OMP_DEVICE_TEXT));
    }
    if let Some(text) = params::split(element, openmp_opt::NAME) {
        let p = params_or_fatal(openmp_opt::NAME, OpenMpOptParams::parse(text));
        return Some(Element::Module(Box::new(OpenMpOpt(p))));
    }
    if let Some(text) = params::split(element, omp_runtime_free::NAME) {
        params_or_fatal(omp_runtime_free::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Element::Module(Box::new(OmpRuntimeFree(false))));
    }
    if let Some(text) = params::split(element, omp_simd_groups::NAME) {
        params_or_fatal(omp_simd_groups::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Element::Module(Box::new(OmpRuntimeFree(true))));
    }
    if let Some(text) = params::split(element, shared_align::NAME) {
        params_or_fatal(shared_align::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Element::Module(Box::new(SharedAlign)));
    }
    if let Some(text) = params::split(element, hpvm_gen::NAME) {
        params_or_fatal(hpvm_gen::NAME, params::parse(text, &[], |_, _| {}));
        return Some(Element::Module(Box::new(HpvmGen)));
    }
    if let Some(text) = params::split(element, hpvm_lower::NAME) {
        let p = params_or_fatal(hpvm_lower::NAME, LowerParams::parse(text));
        return Some(Element::Module(Box::new(HpvmLower(p))));
    }
    if let Some(text) = params::split(element, STATE_MACHINE) {
        params_or_fatal(STATE_MACHINE, params::parse(text, &[], |_, _| {}));
        return Some(Element::Module(Box::new(OpenMpStateMachine)));
    }
    // At module level, memory-space inference also looks across calls.
    if let Some(text) = params::split(element, infer_address_spaces::NAME) {
        let p = params_or_fatal(infer_address_spaces::NAME, InferParams::parse(text));
        return Some(Element::Module(Box::new(InferAcrossCalls(
            InferAddressSpacesPass::new(p),
        ))));
    }
    None
}

/// Runs function pass `pass` on `f` as LLVM asks: definitions only.
pub fn run_function_pass(pass: &dyn FunctionPass, f: FunctionValue<'_>, fam: Fam<'_>) -> Changed {
    // (A declaration has no first block; counting them all walks the list.)
    if f.get_first_basic_block().is_none() {
        return Changed::No;
    }
    crate::debug::maybe_inject_panic(pass.name());
    let cx = PassCx::new(fam, f, pass.name());
    pass.run(f, &cx)
}

/// The pass the auto-pipeline adds after each InstCombine: memory-space
/// scopes, so that GVN, LICM and DSE of the host compiler's own pipeline see
/// them (it is idempotent); it checks the module itself.
pub fn auto_annotate_pass() -> Box<dyn FunctionPass> {
    Box::new(AutoOnly(MemSpaceAnnotatePass))
}

/// The pass the auto-pipeline adds at the vectorizer-start point: unroll
/// requests for grid-stride loops, before LLVM's unroller runs.
pub fn auto_unroll_pass() -> Box<dyn FunctionPass> {
    Box::new(AutoOnly(UnrollGridStridePass::new(UnrollParams::default())))
}

/// The pass the auto-pipeline adds at the pipeline-start point: the value
/// ranges of NVPTX special registers, before any analysis looks at them.
pub fn auto_ranges_pass() -> Box<dyn FunctionPass> {
    Box::new(AutoOnly(SregRangesPass))
}

/// Should the auto-pipeline run on a module of `triple`: a GPU target, and
/// not switched off (environment and `-gpucc-auto-pipeline`)?
pub fn auto_wanted(triple: &str) -> bool {
    Target::from_triple(triple).is_gpu() && auto_pipeline_enabled()
}

/// Rewrites the state machine of every generic-mode OpenMP kernel of the
/// module (`passes::openmp_opt::state_machine`). Honours upstream's
/// `-openmp-opt-disable` and `-openmp-opt-disable-state-machine-rewrite`.
struct OpenMpStateMachine;

impl ModulePass for OpenMpStateMachine {
    fn name(&self) -> &'static str {
        STATE_MACHINE
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        let off = |name| matches!(llvm::upstream_bool_option(name), Some((true, _)));
        if off("openmp-opt-disable") || off("openmp-opt-disable-state-machine-rewrite") {
            return Changed::No;
        }
        let kernels = state_machine::find_kernels(&module.functions());
        if kernels.is_empty() {
            return Changed::No;
        }
        let fam = mam.fam(module);
        let mut changed = Changed::No;
        for k in &kernels {
            let cx = PassCx::new(fam, k.function, state_machine::REMARK_PASS);
            if state_machine::rewrite_state_machine(k, &cx) == Changed::Yes {
                fam.invalidate(k.function);
                changed = Changed::Yes;
            }
        }
        changed
    }
}

/// A function pass of the clang auto-pipeline: runs only on GPU modules, and
/// not when the auto-pipeline is switched off.
struct AutoOnly<P>(P);

impl<P: FunctionPass> FunctionPass for AutoOnly<P> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !auto_wanted(&llvm::function_triple(f)) {
            return Changed::No;
        }
        self.0.run(f, cx)
    }
}

/// `gpucc-infer-address-spaces` at module level: inter-procedural
/// memory-space specialization first, then the function pass on every
/// definition.
struct InferAcrossCalls(InferAddressSpacesPass);

/// The `gpucc` suite in the paper's order, as a pipeline that mixes our
/// passes with LLVM's own, in the order of LLVM 16's NVPTX backend
/// (`NVPTXPassConfig::addIRPasses` at -O3), after the special-register ranges
/// (`gpucc-sreg-ranges`) that everything below uses: memory-space inference (with
/// inter-procedural specialization, §3.2), pointer-arithmetic reassociation
/// (§3.4.1), speculative execution (§3.5; only on targets with divergent
/// branches, as NVPTX's own copy), straight-line strength reduction (§3.4.2),
/// GVN, global reassociation (§3.4.3), EarlyCSE, then the 64-bit division
/// bypass (§3.6; slow path opaque to llc's CodeGenPrepare) and memory-space
/// annotation for the backend's AA (§3.3); last, shared-memory alignment
/// (`gpucc-shared-align`), which lets the backend vectorize shared accesses.
pub const GPUCC_TEXT: &str = "function(gpucc-sreg-ranges),gpucc-infer-address-spaces,\
     function(gpucc-separate-const-offset-from-gep,\
     gpucc-speculative-execution<only-if-divergent-target>,gpucc-slsr,gvn,\
     gpucc-nary-reassociate,early-cse,gpucc-rotate-loads,\
     gpucc-bypass-slow-division<opaque-slow-path>,gpucc-memspace-annotate,\
     gpucc-invariant-loads,gpucc-flatten-guards,gpucc-loop-layout),gpucc-shared-align";

/// The pipeline name of the straight-line subset (§3.4 and §3.5).
pub const STRAIGHT_LINE: &str = "gpucc-straight-line";

/// The §3.4/§3.5 subset of [`GPUCC_TEXT`]: pointer-arithmetic reassociation,
/// speculative execution, SLSR, GVN, global reassociation and EarlyCSE, on
/// any target (speculation is not limited to divergent targets here).
pub const STRAIGHT_LINE_TEXT: &str = "function(gpucc-separate-const-offset-from-gep,\
     gpucc-speculative-execution,gpucc-slsr,gvn,gpucc-nary-reassociate,early-cse)";

/// The pipeline name of the OpenMP device subset ([`OMP_DEVICE_TEXT`]).
pub const OMP_DEVICE: &str = "gpucc-openmp-device";

/// The OpenMP passes as the device compile runs them (the auto-pipeline's
/// pipeline-start point on OpenMP device modules, or `-passes=gpucc-openmp-device`).
/// The input is clang's IR as emitted. `gpucc-openmp-opt` SPMDizes the
/// generic-mode kernels first (on that IR, the shape its decisions are
/// measured on: scripts/bench-openmp-registers.sh); then LLVM's own passes
/// bring the module into the shape the runtime-free matchers read: SROA and
/// EarlyCSE (the runtime's out-parameters become SSA values; what clang's
/// `-O1` and up run first anyway), SimplifyCFG and InstCombine (the implicit
/// is-last flag of a `simd` loop variable folds away), loop rotation (the
/// simd loop in its latch-tested form, which `gpucc-omp-simd-groups` reads).
/// Last, combined-construct kernels, native or just SPMDized, become
/// runtime-free, with SIMD groups where a `simd` loop allows them
/// (`gpucc-omp-simd-groups`, which runs the runtime-free rewrite first).
/// clang's `openmp-opt` still runs later, on what we refused. Pinned by
/// test/ir/openmp-device/.
pub const OMP_DEVICE_TEXT: &str = "gpucc-openmp-opt,function(sroa,early-cse,simplifycfg,\
     instcombine,loop(loop-rotate)),gpucc-omp-simd-groups";

/// Should the OpenMP auto-pipeline run on this module: the auto-pipeline is
/// wanted for `triple`, and the module starts OpenMP target kernels?
pub fn auto_omp_wanted(triple: &str, functions: &[FunctionValue<'_>]) -> bool {
    auto_wanted(triple) && starts_openmp_kernels(functions)
}

/// Does the module start OpenMP target kernels (declare or define
/// `__kmpc_target_init`)? Other modules are left alone by the OpenMP passes,
/// analyses included.
fn starts_openmp_kernels(functions: &[FunctionValue<'_>]) -> bool {
    functions
        .iter()
        .any(|f| f.get_name().to_bytes() == b"__kmpc_target_init")
}

/// `gpucc-openmp-opt`: SPMDization of OpenMP target kernels (module pass).
struct OpenMpOpt(OpenMpOptParams);

impl ModulePass for OpenMpOpt {
    fn name(&self) -> &'static str {
        openmp_opt::NAME
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        let functions = module.functions();
        if !starts_openmp_kernels(&functions) {
            return Changed::No;
        }
        crate::debug::maybe_inject_panic(openmp_opt::NAME);
        let fam = mam.fam(module);
        Changed::from_bool(openmp_opt::run(&functions, fam, &self.0))
    }
}

/// `gpucc-omp-runtime-free`: combined-construct kernels without the OpenMP
/// device runtime (module pass).
struct OmpRuntimeFree(bool);

impl ModulePass for OmpRuntimeFree {
    fn name(&self) -> &'static str {
        if self.0 {
            omp_simd_groups::NAME
        } else {
            omp_runtime_free::NAME
        }
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        let functions = module.functions();
        if !starts_openmp_kernels(&functions) {
            return Changed::No;
        }
        crate::debug::maybe_inject_panic(self.name());
        let fam = mam.fam(module);
        Changed::from_bool(omp_runtime_free::run(&functions, fam, self.0))
    }
}

/// `gpucc-shared-align`: shared-memory objects aligned to 16 bytes and the
/// proven alignment stated on every access (module pass: it changes globals).
struct SharedAlign;

impl ModulePass for SharedAlign {
    fn name(&self) -> &'static str {
        shared_align::NAME
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        crate::debug::maybe_inject_panic(self.name());
        let fam = mam.fam(module);
        Changed::from_bool(shared_align::run(
            &module.triple(),
            &module.globals(),
            &module.functions(),
            fam,
        ))
    }
}

/// `gpucc-hpvm-gen`: HPVM-C calls to HPVM's intrinsics (module pass).
struct HpvmGen;

impl ModulePass for HpvmGen {
    fn name(&self) -> &'static str {
        hpvm_gen::NAME
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        crate::debug::maybe_inject_panic(self.name());
        let fam = mam.fam(module);
        Changed::from_bool(hpvm_gen::run(&module.functions(), fam))
    }
}

/// `gpucc-hpvm-lower`: HPVM leaves to NVPTX kernels (module pass).
struct HpvmLower(LowerParams);

impl ModulePass for HpvmLower {
    fn name(&self) -> &'static str {
        hpvm_lower::NAME
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        crate::debug::maybe_inject_panic(self.name());
        let fam = mam.fam(module);
        Changed::from_bool(hpvm_lower::run(&module.functions(), fam, &self.0))
    }
}

/// Is the auto-pipeline switched on (environment and `-gpucc-auto-pipeline`)?
fn auto_pipeline_enabled() -> bool {
    let env_off = std::env::var("GPUCC_AUTO_PIPELINE")
        .map(|v| {
            matches!(
                v.trim().to_ascii_lowercase().as_str(),
                "0" | "off" | "false" | "no"
            )
        })
        .unwrap_or(false);
    !env_off && llvm::auto_pipeline_option()
}

impl ModulePass for InferAcrossCalls {
    fn name(&self) -> &'static str {
        infer_address_spaces::NAME
    }

    fn run(&self, module: ModuleRef<'_>, mam: Mam<'_>) -> Changed {
        let fam = mam.fam(module);
        let mut changed = Changed::No;
        if specialize_module(module, fam) {
            changed = Changed::Yes;
        }
        for f in module.functions() {
            if f.count_basic_blocks() == 0 {
                continue;
            }
            let cx = PassCx::new(fam, f, self.0.name());
            crate::debug::maybe_inject_panic(self.0.name());
            if self.0.run(f, &cx) == Changed::Yes {
                fam.invalidate(f);
                changed = Changed::Yes;
            }
        }
        changed
    }
}

/// Inter-procedural memory-space specialization over `module` (see
/// `passes::specialize_spaces`); invalidates every function it touched.
fn specialize_module(module: ModuleRef<'_>, fam: Fam<'_>) -> bool {
    let definitions = || -> Vec<_> {
        module
            .functions()
            .into_iter()
            .filter(|f| f.count_basic_blocks() > 0)
            .collect()
    };
    let Some(first) = definitions().into_iter().next() else {
        return false;
    };
    let assume_flat = matches!(
        llvm::upstream_bool_option("assume-default-is-flat-addrspace"),
        Some((true, _))
    );
    let flat = if assume_flat {
        Some(0)
    } else {
        llvm::Tti::new(fam, first).flat_address_space()
    };
    let Some(flat) = flat else {
        return false;
    };
    let changed = specialize_spaces::specialize(definitions, fam, flat, |f, params, ret| {
        let cx = PassCx::new(fam, f, infer_address_spaces::NAME);
        specialize_spaces::report(&cx, f, params, ret);
    });
    if changed {
        for f in definitions() {
            fam.invalidate(f);
        }
    }
    changed
}
