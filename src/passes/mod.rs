//! The passes, one file each, and what they share: the [`FunctionPass`]
//! trait, the per-run context [`PassCx`] and the [`Changed`] result.
//!
//! Passes see inkwell 0.11 handles and the safe wrappers of `crate::llvm`;
//! they never see the registration edge (`src/plugin.rs`, `llvm::edge`) or
//! which LLVM they run in.
#![forbid(unsafe_code)]

pub mod bypass_slow_division;
pub mod flatten_guards;
pub mod hpvm_gen;
pub mod hpvm_lower;
pub mod infer_address_spaces;
pub mod invariant_loads;
pub mod loop_layout;
pub mod memspace_annotate;
pub mod nary_reassociate;
pub mod omp_runtime_free;
pub mod omp_simd_groups;
pub mod openmp_opt;
pub mod rotate_loads;
pub mod separate_const_offset_from_gep;
pub mod shared_align;
pub mod slsr;
pub mod specialize_spaces;
pub mod speculative_execution;
pub mod sreg_ranges;
pub mod unroll_grid_stride;

use crate::llvm::{self, Fam, RemarkKind};
use inkwell::values::{FunctionValue, InstructionValue};

/// Did a pass change the function? `No` lets the pass manager keep every
/// analysis (`PreservedAnalyses::all()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    No,
    Yes,
}

impl Changed {
    pub fn from_bool(b: bool) -> Changed {
        if b {
            Changed::Yes
        } else {
            Changed::No
        }
    }
}

/// A function pass. `run` is called only on definitions.
pub trait FunctionPass {
    /// The pipeline name (`gpucc-...`), also used for remarks and errors.
    fn name(&self) -> &'static str;
    /// Runs on one function definition.
    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed;
}

/// What a pass gets besides its function: the analysis manager and remarks.
pub struct PassCx<'a> {
    fam: Fam<'a>,
    f: FunctionValue<'a>,
    pass: &'static str,
    remarks: bool,
}

impl<'a> PassCx<'a> {
    /// A context for running pass `pass` on `f`.
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>, pass: &'static str) -> Self {
        let remarks = llvm::remarks_wanted(f, pass);
        PassCx {
            fam,
            f,
            pass,
            remarks,
        }
    }

    /// The analysis manager.
    pub fn fam(&self) -> Fam<'a> {
        self.fam
    }

    /// Is anyone listening for this pass's remarks? Check before building
    /// expensive messages; [`PassCx::remark`] checks too.
    pub fn remarks_wanted(&self) -> bool {
        self.remarks
    }

    /// Emits a remark named `name` at `at` (or the function); `msg` is only
    /// built when someone listens.
    pub fn remark(
        &self,
        kind: RemarkKind,
        name: &str,
        at: Option<InstructionValue<'_>>,
        msg: impl FnOnce() -> String,
    ) {
        if self.remarks {
            llvm::emit_remark(self.fam, self.f, at, kind, self.pass, name, &msg());
        }
    }
}
