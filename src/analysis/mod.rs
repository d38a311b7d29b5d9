//! Shared, read-only facts about the IR that several passes use.
#![forbid(unsafe_code)]

pub mod addr_space;
pub mod const_offset;
pub mod fxhash;
pub mod hpvm;
pub mod infer_spaces;
pub mod int_facts;
pub mod loops;
pub mod memspace;
pub mod no_wrap;
pub mod openmp;
pub mod poison;
pub mod slsr_candidates;
pub mod target;
