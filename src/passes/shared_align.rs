//! `gpucc-shared-align`: align shared-memory objects to 16 bytes, then state
//! on every load and store the alignment its address provably has, so that
//! the back end's load/store vectorizer can form `ld.shared.v4`.
//!
//! Why: NVPTX's vectorizer merges four adjacent 32-bit accesses into one
//! `ld.v4`/`st.v4` only when the first is 16-byte aligned, and it reads that
//! from the access's `align`. clang states what the C type guarantees: a
//! `struct { float x, y, z, q; }` has `align 4`, and so does CUDA's dynamic
//! `extern __shared__ particle stage[]`. Yet the program controls where its
//! shared memory lives, and NVIDIA's compiler declares every shared object
//! `.align 16`; with the same declaration, our accesses are just as aligned.
//!
//! Two steps, on NVPTX and AMDGPU modules (shared space 3) only:
//! 1. **Objects.** A shared-memory global gets alignment
//!    `min(16, largest power of two <= its size)` when that is more than it
//!    has and it is
//!    - a definition LLVM lets us realign (`canIncreaseAlignment`: ours,
//!      no section that packs it): we choose where it is placed; or
//!    - a zero-length external declaration: CUDA's dynamic shared memory
//!      (AMDGPU's dynamic LDS). It has no definition anywhere else: the
//!      back end places it after the static objects, aligned as its
//!      declarations ask (PTX `.extern .shared .align 16`), so asking is
//!      what makes it true.
//!
//!    An external declaration with a size (a `__shared__` variable defined in
//!    another translation unit, with `-fgpu-rdc`) is left alone: its alignment
//!    is the defining module's.
//! 2. **Accesses.** Every load and store whose address known bits prove
//!    more aligned than its `align` gets the proven alignment (LLVM's
//!    `getKnownAlignment`: the base object's alignment and the trailing zeros
//!    of the offsets). This is what InstCombine does on LLVM 16 and
//!    InferAlignment on later LLVMs, but both run before the plugin's
//!    pipeline, and nothing would see step 1 afterwards.
//!
//! Worked example (`bench/kernels/lavamd_like.cu`, the j-loop unrolled by 2):
//! ```text
//!   @stage = external addrspace(3) global [0 x %particle], align 4
//!   %p  = getelementptr %particle, ptr addrspace(3) @stage, i64 %j  ; 16*j
//!   %x  = load float, ptr addrspace(3) %p, align 4
//!   %py = getelementptr i8, ptr addrspace(3) %p, i64 4
//!   %y  = load float, ptr addrspace(3) %py, align 4      ; ... z, q
//! ```
//! Step 1 makes `@stage` `align 16`; step 2 then proves `%p` 16-aligned
//! (`@stage` is, `16*j` has four zero low bits), `%py` 4-aligned and the `z`
//! address 8-aligned. The vectorizer merges the four loads:
//! ```text
//!   before: ld.shared.f32 %f34, [%rd25+-16]; ... 4 loads per particle
//!   after:  ld.shared.v4.f32 {%f34, %f35, %f36, %f37}, [%rd25+-16];
//! ```
//! Raising alignment never changes what a program computes: a load's
//! `align` is a promise the pass has just made true (step 1) or proved
//! (step 2). The cost is padding: at most 15 bytes of shared memory per
//! realigned object.
//!
//! *Remarks*: passed `AlignedObject` per realigned global (at the module's
//! first function definition) and `AlignedAccesses` per function.
//! Tests: `test/ir/shared-align/`, `test/ptx/shared-align/`.

use crate::analysis::target::Target;
use crate::llvm::{self, align, Fam, RemarkKind};
use inkwell::values::{FunctionValue, GlobalValue, InstructionOpcode, InstructionValue};

/// The pipeline name.
pub const NAME: &str = "gpucc-shared-align";

/// The alignment given to shared-memory objects: the widest access the
/// targets vectorize to (`ld.shared.v4.f32`, `ld.shared.v2.f64`, AMDGPU
/// `ds_read_b128`).
pub const OBJECT_ALIGN: u64 = 16;

/// The largest alignment LLVM accepts on a load or store (2^32).
const MAX_ACCESS_ALIGN: u64 = 1 << 32;

/// The alignment step 1 gives a shared object of `size` bytes, if it may be
/// realigned; `None` when it must keep the one it has.
fn object_alignment(size: u64, is_declaration: bool, can_increase: bool) -> Option<u64> {
    if is_declaration {
        // Dynamic shared memory: the declaration is the only one there is.
        return (size == 0).then_some(OBJECT_ALIGN);
    }
    if !can_increase || size == 0 {
        return None;
    }
    let floor = 1u64 << (63 - size.leading_zeros());
    Some(floor.min(OBJECT_ALIGN))
}

/// Runs the pass over a module: `globals` and `functions` in module order,
/// `triple` its target. Returns whether anything changed.
pub fn run(
    triple: &str,
    globals: &[GlobalValue<'_>],
    functions: &[FunctionValue<'_>],
    fam: Fam<'_>,
) -> bool {
    let Some(shared) = Target::from_triple(triple).shared_space() else {
        return false;
    };
    let definitions: Vec<FunctionValue<'_>> = functions
        .iter()
        .copied()
        .filter(|f| f.count_basic_blocks() > 0)
        .collect();
    let mut changed = false;

    for &g in globals {
        if llvm::space_of(g.as_pointer_value()) != shared {
            continue;
        }
        let size = align::global_size(g);
        let declaration = g.is_declaration();
        let can_increase = !declaration && align::can_increase_alignment(g);
        let Some(want) = object_alignment(size, declaration, can_increase) else {
            continue;
        };
        let had = u64::from(g.get_alignment());
        if want <= had {
            continue;
        }
        // `want` <= 16, so it fits the u32 LLVM-C takes.
        g.set_alignment(want as u32);
        changed = true;
        if let Some(&f) = definitions.first() {
            remark(fam, f, None, "AlignedObject", || {
                format!(
                    "aligned shared object @{} to {want} bytes (was {})",
                    g.get_name().to_string_lossy(),
                    had.max(1)
                )
            });
        }
    }

    for &f in &definitions {
        let aligned = align_accesses(f);
        if aligned > 0 {
            changed = true;
            fam.invalidate(f);
            remark(fam, f, None, "AlignedAccesses", || {
                format!("raised {aligned} loads and stores to the alignment their addresses provably have")
            });
        }
    }
    changed
}

/// Step 2 on `f`: raises every load's and store's `align` to what known bits
/// prove for its address; returns how many were raised.
fn align_accesses(f: FunctionValue<'_>) -> usize {
    let mut raised = 0;
    for bb in f.get_basic_block_iter() {
        for inst in bb.get_instructions() {
            let pointer_index = match inst.get_opcode() {
                InstructionOpcode::Load => 0,
                InstructionOpcode::Store => 1,
                _ => continue,
            };
            let Some(ptr) = llvm::pointer_operand(&inst, pointer_index) else {
                continue;
            };
            let Ok(had) = inst.get_alignment() else {
                continue;
            };
            let known = align::known_alignment(ptr, inst).min(MAX_ACCESS_ALIGN);
            if known > u64::from(had) && inst.set_alignment(known as u32).is_ok() {
                raised += 1;
            }
        }
    }
    raised
}

/// Emits a passed remark of this pass on `f`.
fn remark(
    fam: Fam<'_>,
    f: FunctionValue<'_>,
    at: Option<InstructionValue<'_>>,
    name: &str,
    msg: impl FnOnce() -> String,
) {
    if llvm::remarks_wanted(f, NAME) {
        llvm::emit_remark(fam, f, at, RemarkKind::Passed, NAME, name, &msg());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_shared_memory_gets_sixteen() {
        assert_eq!(object_alignment(0, true, false), Some(16));
    }

    #[test]
    fn sized_declarations_keep_their_alignment() {
        assert_eq!(object_alignment(1024, true, false), None);
    }

    #[test]
    fn definitions_get_at_most_their_size() {
        assert_eq!(object_alignment(4, false, true), Some(4));
        assert_eq!(object_alignment(12, false, true), Some(8));
        assert_eq!(object_alignment(4096, false, true), Some(16));
        assert_eq!(object_alignment(4096, false, false), None);
        assert_eq!(object_alignment(0, false, true), None);
    }
}
