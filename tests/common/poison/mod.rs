//! An interpreter of LLVM IR with LLVM's poison and undefined-behaviour rules, and a
//! refinement check built on it (issue 14).
//!
//! `lli` runs a program; it cannot see poison, nor undefined behaviour that happens to do
//! something harmless on the machine. A pass that keeps `nsw`, `nuw`, `exact` or a GEP's
//! `inbounds` where it no longer holds passes every `lli` differential and still miscompiles.
//! This interpreter runs the subset of IR our generators and passes produce, with LangRef's
//! rules, so that the check in [`refine`] can ask the right question: *does the transformed
//! function refine the original?*
//!
//! Layout:
//! - [`flags`]: poison-generating flags, read from the printed instruction so that one reader
//!   serves LLVM 16 (no C getters) and later versions (`trunc nuw/nsw`, `zext nneg`, `or
//!   disjoint`, `icmp samesign`, GEP `nusw`/`nuw`, which 16 does not have but the semantics
//!   below already handle);
//! - [`ir`]: the interpreter's own form of a module; [`decode`] reads it out of LLVM (inkwell
//!   parses the text, llvm-sys getters walk it);
//! - [`value`]: integers of 1 to 128 bits and their rules: wrap flags, `exact`, shifts past the
//!   width (poison), division by zero and `INT_MIN / -1` (UB), `icmp`, casts;
//! - [`memory`]: objects (globals, functions, allocas, `malloc`, argument objects), pointers as
//!   (object, address), bytes that may be poison or pieces of a stored pointer;
//! - [`exec`]: control flow, GEP rules (`inbounds`: the base and each step stay within `[0,
//!   size]` of the object; `nusw`, implied by `inbounds`: no signed wrap of index times stride,
//!   of the running sum, nor of address plus offset; `nuw`: the same, unsigned), loads and stores
//!   (UB through poison, null, out of bounds, dead objects, misaligned), calls, `noundef` and
//!   `!range`, branches on poison (UB), `select` on poison (poison), `freeze`, observations;
//! - [`refine`]: inputs, the comparison, shrinking and the report.
//!
//! Choices where LangRef leaves room, each on the side that cannot make a correct pass fail:
//! - `undef` is read as poison (in a source that makes it more lenient, and a target that
//!   produces `undef` where the source had a value is wrong anyway), except the contents of a
//!   writable global with an `undef` initializer, which are a fixed pattern, the same in both
//!   modules (one of the values they may hold; no pipeline here folds loads of a writable
//!   global);
//! - address spaces follow the GPU targets' rules (`memory::Spaces`): an object lives in one
//!   space, a pointer of a specific space reaches only its space's objects (a pointer made
//!   for a space that cannot reach its object has no provenance), constant spaces are
//!   read-only; on the host there is one memory;
//! - `freeze` of poison gives 0 (or a seeded pattern); after a source froze poison its later
//!   observations are not compared (see `refine`);
//! - a GEP whose indices are all zero is never poison (current LangRef);
//! - `!alias.scope`/`!noalias`/`!tbaa` and other metadata that only feed alias analysis are
//!   ignored: they cannot be checked by one execution;
//! - integers and pointers are little-endian; addresses are below 2^32 and objects are placed
//!   apart, so one past the end of an object is never inside another.
//!
//! What is outside the subset (floating point, scalable vectors, unknown external calls,
//! exception handling, ...) is refused with a message naming it, never skipped: the tests
//! count refusals and fail on unexpected ones.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

pub mod decode;
pub mod exec;
pub mod flags;
pub mod ir;
pub mod memory;
pub mod refine;
pub mod value;

#[allow(unused_imports)]
pub use refine::{check, defined_functions, Fill, Report, Setup, Violation};
