//! `gpucc-openmp-opt`: OpenMP device-kernel optimizations (issue 7).
//!
//! - [`state_machine`]: custom worker state machines for generic-mode kernels
//!   that stay generic.
//!
//! (This file is a placeholder on branch `omp-sm`; the SPMDization branch
//! `omp` owns it and adds its own modules at merge.)

pub mod state_machine;
