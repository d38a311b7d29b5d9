//! Registration: the pipeline names, the clang auto-pipeline, and the
//! adapters between llvm-plugin's pass traits and ours. This file and
//! `src/llvm/edge.rs` are the only ones that know llvm-plugin.
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
//! - `gpucc-openmp-state-machine`: module pass, custom worker state machines
//!   for OpenMP generic-mode kernels alone (`passes::openmp_opt::state_machine`,
//!   which `gpucc-openmp-opt` runs on the kernels it keeps generic; remarks
//!   under `gpucc-openmp-opt`);
//! - `gpucc`: the whole suite in the paper's order ([`GPUCC_TEXT`]): a module
//!   pass that has the PassBuilder which loaded the plugin parse and run a
//!   pipeline text, so our passes and LLVM's own (GVN, EarlyCSE) mix;
//! - `gpucc-straight-line`: the §3.4/§3.5 subset ([`STRAIGHT_LINE_TEXT`]),
//!   also a module pass;
//! - `-aa-pipeline=gpucc-memspace-aa`: the alias analysis, registered by the
//!   shim (`llvm::aa`), since llvm-plugin cannot register AAs.
//!
//! The auto-pipeline: when clang loads the plugin (`-fpass-plugin=`), the
//! `gpucc` pipeline runs at the optimizer-last extension point (after the last
//! InstCombine) on modules whose triple is nvptx, nvptx64 or amdgcn, at -O1
//! and above; and `gpucc-memspace-annotate` runs at the peephole extension
//! point (after each InstCombine), before GVN, LICM and DSE. Host modules
//! are left alone. Switch it off with the environment variable
//! `GPUCC_AUTO_PIPELINE=0`, or `-mllvm -gpucc-auto-pipeline=false`
//! (clang only knows that option when the plugin is also given as
//! `-fplugin=`, which loads it before options are parsed).

use crate::analysis::target::Target;
use crate::guarded;
use crate::llvm::{self, edge};
use crate::params;
use crate::passes::bypass_slow_division::{self, BypassParams, BypassSlowDivisionPass};
use crate::passes::infer_address_spaces::{self, InferAddressSpacesPass, InferParams};
use crate::passes::memspace_annotate::{self, MemSpaceAnnotatePass};
use crate::passes::nary_reassociate::{self, NaryReassociatePass};
use crate::passes::openmp_opt::state_machine;
use crate::passes::openmp_opt::{self, OpenMpOptParams};
use crate::passes::separate_const_offset_from_gep::{
    self as sepgep, SepGepParams, SeparateConstOffsetFromGepPass,
};
use crate::passes::slsr::{self, SlsrParams, SlsrPass};
use crate::passes::specialize_spaces;
use crate::passes::speculative_execution::{self, SpecExecParams, SpeculativeExecutionPass};
use crate::passes::{Changed, FunctionPass, PassCx};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::FunctionValue;
use llvm_plugin::{
    FunctionAnalysisManager, FunctionPassManager, LlvmFunctionPass, LlvmModulePass,
    ModuleAnalysisManager, ModulePassManager, OptimizationLevel, PassBuilder, PipelineParsing,
    PreservedAnalyses,
};

/// The pipeline name of the whole suite.
pub const PIPELINE: &str = "gpucc";

/// Registers every name and the auto-pipeline with one PassBuilder.
pub fn register(builder: &mut PassBuilder) {
    builder.add_function_pipeline_parsing_callback(|element, fpm| {
        guarded("gpucc-passes", || parse_function_element(element, fpm))
    });
    builder.add_module_pipeline_parsing_callback(|element, mpm| {
        guarded("gpucc-passes", || parse_module_element(element, mpm))
    });
    builder.add_optimizer_last_ep_callback(|mpm, level| {
        if !matches!(level, OptimizationLevel::O0) {
            mpm.add_pass(Suite::gpucc(true));
        }
    });
    // Memory-space scopes go on early, after each InstCombine, so GVN, LICM
    // and DSE of clang's own pipeline see them (it is idempotent).
    builder.add_peephole_ep_callback(|fpm, level| {
        if !matches!(level, OptimizationLevel::O0) {
            fpm.add_pass(FunctionAdapter(AutoOnly(MemSpaceAnnotatePass)));
        }
    });
}

/// Parses `text` with `parse`, or stops with an error naming the pass.
fn params_or_fatal<T, E: std::fmt::Display>(pass: &str, parsed: Result<T, E>) -> T {
    parsed.unwrap_or_else(|e| llvm::fatal(&format!("{pass}: {e}")))
}

fn parse_function_element(element: &str, fpm: &mut FunctionPassManager) -> PipelineParsing {
    if let Some(text) = params::split(element, bypass_slow_division::NAME) {
        let p = params_or_fatal(bypass_slow_division::NAME, BypassParams::parse(text));
        fpm.add_pass(FunctionAdapter(BypassSlowDivisionPass::new(p)));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, infer_address_spaces::NAME) {
        let p = params_or_fatal(infer_address_spaces::NAME, InferParams::parse(text));
        fpm.add_pass(FunctionAdapter(InferAddressSpacesPass::new(p)));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, sepgep::NAME) {
        let p = params_or_fatal(sepgep::NAME, SepGepParams::parse(text));
        fpm.add_pass(FunctionAdapter(SeparateConstOffsetFromGepPass::new(p)));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, slsr::NAME) {
        let p = params_or_fatal(slsr::NAME, SlsrParams::parse(text));
        fpm.add_pass(FunctionAdapter(SlsrPass::new(p)));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, memspace_annotate::NAME) {
        params_or_fatal(memspace_annotate::NAME, params::parse(text, &[], |_, _| {}));
        fpm.add_pass(FunctionAdapter(MemSpaceAnnotatePass));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, nary_reassociate::NAME) {
        params_or_fatal(nary_reassociate::NAME, params::parse(text, &[], |_, _| {}));
        fpm.add_pass(FunctionAdapter(NaryReassociatePass));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, speculative_execution::NAME) {
        let p = params_or_fatal(speculative_execution::NAME, SpecExecParams::parse(text));
        fpm.add_pass(FunctionAdapter(SpeculativeExecutionPass::new(p)));
        return PipelineParsing::Parsed;
    }
    PipelineParsing::NotParsed
}

fn parse_module_element(element: &str, mpm: &mut ModulePassManager) -> PipelineParsing {
    if let Some(text) = params::split(element, PIPELINE) {
        params_or_fatal(PIPELINE, params::parse(text, &[], |_, _| {}));
        mpm.add_pass(Suite::gpucc(false));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, STRAIGHT_LINE) {
        params_or_fatal(STRAIGHT_LINE, params::parse(text, &[], |_, _| {}));
        mpm.add_pass(Suite::straight_line());
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, openmp_opt::NAME) {
        let p = params_or_fatal(openmp_opt::NAME, OpenMpOptParams::parse(text));
        mpm.add_pass(OpenMpOpt(p));
        return PipelineParsing::Parsed;
    }
    if let Some(text) = params::split(element, STATE_MACHINE) {
        params_or_fatal(STATE_MACHINE, params::parse(text, &[], |_, _| {}));
        mpm.add_pass(OpenMpStateMachine);
        return PipelineParsing::Parsed;
    }
    // At module level, memory-space inference also looks across calls.
    if let Some(text) = params::split(element, infer_address_spaces::NAME) {
        let p = params_or_fatal(infer_address_spaces::NAME, InferParams::parse(text));
        mpm.add_pass(Pipeline {
            passes: vec![Box::new(InferAddressSpacesPass::new(p))],
            specialize: true,
        });
        return PipelineParsing::Parsed;
    }
    PipelineParsing::NotParsed
}

/// The pipeline name of the custom state machine alone (it also runs inside
/// `gpucc-openmp-opt`, on the kernels that stay generic).
const STATE_MACHINE: &str = "gpucc-openmp-state-machine";

/// Rewrites the state machine of every generic-mode OpenMP kernel of the
/// module (`passes::openmp_opt::state_machine`). Honours upstream's
/// `-openmp-opt-disable` and `-openmp-opt-disable-state-machine-rewrite`.
struct OpenMpStateMachine;

impl LlvmModulePass for OpenMpStateMachine {
    fn run_pass(
        &self,
        module: &mut Module<'_>,
        manager: &ModuleAnalysisManager,
    ) -> PreservedAnalyses {
        guarded(STATE_MACHINE, || {
            let off = |name| matches!(llvm::upstream_bool_option(name), Some((true, _)));
            if off("openmp-opt-disable") || off("openmp-opt-disable-state-machine-rewrite") {
                return PreservedAnalyses::All;
            }
            let kernels = state_machine::find_kernels(&edge::functions(module));
            if kernels.is_empty() {
                return PreservedAnalyses::All;
            }
            let fam = edge::module_fam(manager, module);
            let mut changed = Changed::No;
            for k in &kernels {
                let cx = PassCx::new(fam, k.function, state_machine::REMARK_PASS);
                if state_machine::rewrite_state_machine(k, &cx) == Changed::Yes {
                    fam.invalidate(k.function);
                    changed = Changed::Yes;
                }
            }
            preserved(changed)
        })
    }
}

fn preserved(changed: Changed) -> PreservedAnalyses {
    match changed {
        Changed::No => PreservedAnalyses::All,
        Changed::Yes => PreservedAnalyses::None,
    }
}

/// Runs one of our function passes as an llvm-plugin function pass.
struct FunctionAdapter<P>(P);

impl<P: FunctionPass> LlvmFunctionPass for FunctionAdapter<P> {
    fn run_pass(
        &self,
        function: &mut FunctionValue<'_>,
        manager: &FunctionAnalysisManager,
    ) -> PreservedAnalyses {
        let pass = &self.0;
        guarded(pass.name(), || {
            let f = edge::function(function);
            if f.count_basic_blocks() == 0 {
                return PreservedAnalyses::All;
            }
            crate::debug::maybe_inject_panic(pass.name());
            let fam = edge::fam_of(manager);
            let cx = PassCx::new(fam, f, pass.name());
            preserved(pass.run(f, &cx))
        })
    }
}

/// A function pass of the clang auto-pipeline: runs only on GPU modules, and
/// not when the auto-pipeline is switched off.
struct AutoOnly<P>(P);

impl<P: FunctionPass> FunctionPass for AutoOnly<P> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn run<'ctx>(&self, f: inkwell::values::FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if !Target::from_triple(&llvm::function_triple(f)).is_gpu() || !auto_pipeline_enabled() {
            return Changed::No;
        }
        self.0.run(f, cx)
    }
}

/// A module pass that runs function passes, in order, over every definition.
struct Pipeline {
    passes: Vec<Box<dyn FunctionPass>>,
    /// Run inter-procedural memory-space specialization first.
    specialize: bool,
}

/// The `gpucc` suite in the paper's order, as a pipeline that mixes our
/// passes with LLVM's own, in the order of LLVM 16's NVPTX backend
/// (`NVPTXPassConfig::addIRPasses` at -O3): memory-space inference (with
/// inter-procedural specialization, §3.2), pointer-arithmetic reassociation
/// (§3.4.1), speculative execution (§3.5; only on targets with divergent
/// branches, as NVPTX's own copy), straight-line strength reduction (§3.4.2),
/// GVN, global reassociation (§3.4.3), EarlyCSE, then the 64-bit division
/// bypass (§3.6; slow path opaque to llc's CodeGenPrepare) and memory-space
/// annotation for the backend's AA (§3.3).
pub const GPUCC_TEXT: &str = "gpucc-infer-address-spaces,\
     function(gpucc-separate-const-offset-from-gep,\
     gpucc-speculative-execution<only-if-divergent-target>,gpucc-slsr,gvn,\
     gpucc-nary-reassociate,early-cse,\
     gpucc-bypass-slow-division<opaque-slow-path>,gpucc-memspace-annotate)";

/// The pipeline name of the straight-line subset (§3.4 and §3.5).
pub const STRAIGHT_LINE: &str = "gpucc-straight-line";

/// The §3.4/§3.5 subset of [`GPUCC_TEXT`]: pointer-arithmetic reassociation,
/// speculative execution, SLSR, GVN, global reassociation and EarlyCSE, on
/// any target (speculation is not limited to divergent targets here).
pub const STRAIGHT_LINE_TEXT: &str = "function(gpucc-separate-const-offset-from-gep,\
     gpucc-speculative-execution,gpucc-slsr,gvn,gpucc-nary-reassociate,early-cse)";

/// A named pipeline of passes (ours and LLVM's), run by the PassBuilder that
/// loaded the plugin.
struct Suite {
    name: &'static str,
    text: &'static str,
    /// Inserted by the clang auto-pipeline: runs only on GPU modules, and not
    /// when switched off.
    auto: bool,
}

impl Suite {
    fn gpucc(auto: bool) -> Self {
        Suite {
            name: PIPELINE,
            text: GPUCC_TEXT,
            auto,
        }
    }

    fn straight_line() -> Self {
        Suite {
            name: STRAIGHT_LINE,
            text: STRAIGHT_LINE_TEXT,
            auto: false,
        }
    }
}

impl LlvmModulePass for Suite {
    fn run_pass(
        &self,
        module: &mut Module<'_>,
        manager: &ModuleAnalysisManager,
    ) -> PreservedAnalyses {
        guarded(self.name, || {
            if self.auto
                && (!Target::from_triple(&edge::module_triple(module)).is_gpu()
                    || !auto_pipeline_enabled())
            {
                return PreservedAnalyses::All;
            }
            if let Err(e) = edge::run_pipeline(module, manager, self.text) {
                llvm::fatal(&format!("{}: cannot run '{}': {e}", self.name, self.text));
            }
            // The passes inside kept the analyses up to date as they went;
            // what they preserved together is not reported back.
            PreservedAnalyses::None
        })
    }
}

/// `gpucc-openmp-opt`: SPMDization of OpenMP target kernels (module pass).
struct OpenMpOpt(OpenMpOptParams);

impl LlvmModulePass for OpenMpOpt {
    fn run_pass(
        &self,
        module: &mut Module<'_>,
        manager: &ModuleAnalysisManager,
    ) -> PreservedAnalyses {
        guarded(openmp_opt::NAME, || {
            let functions = edge::functions(module);
            // Non-OpenMP modules are left alone, analyses included.
            if !functions
                .iter()
                .any(|f| f.get_name().to_bytes() == b"__kmpc_target_init")
            {
                return PreservedAnalyses::All;
            }
            crate::debug::maybe_inject_panic(openmp_opt::NAME);
            let fam = edge::module_fam(manager, module);
            preserved(Changed::from_bool(openmp_opt::run(
                &functions, fam, &self.0,
            )))
        })
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

impl LlvmModulePass for Pipeline {
    fn run_pass(
        &self,
        module: &mut Module<'_>,
        manager: &ModuleAnalysisManager,
    ) -> PreservedAnalyses {
        guarded(infer_address_spaces::NAME, || {
            let fam = edge::module_fam(manager, module);
            let mut changed = Changed::No;
            if self.specialize && specialize_module(module, fam) {
                changed = Changed::Yes;
            }
            for f in edge::functions(module) {
                if f.count_basic_blocks() == 0 {
                    continue;
                }
                for pass in &self.passes {
                    let cx = PassCx::new(fam, f, pass.name());
                    let result = guarded(pass.name(), || {
                        crate::debug::maybe_inject_panic(pass.name());
                        pass.run(f, &cx)
                    });
                    if result == Changed::Yes {
                        fam.invalidate(f);
                        changed = Changed::Yes;
                    }
                }
            }
            preserved(changed)
        })
    }
}

/// Inter-procedural memory-space specialization over `module` (see
/// `passes::specialize_spaces`); invalidates every function it touched.
fn specialize_module(module: &Module<'_>, fam: llvm::Fam<'_>) -> bool {
    let definitions = || -> Vec<_> {
        edge::functions(module)
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
    let changed = guarded(infer_address_spaces::NAME, || {
        specialize_spaces::specialize(definitions, fam, flat, |f, params, ret| {
            let cx = PassCx::new(fam, f, infer_address_spaces::NAME);
            specialize_spaces::report(&cx, f, params, ret);
        })
    });
    if changed {
        for f in definitions() {
            fam.invalidate(f);
        }
    }
    changed
}
