//! Reusing an existing instruction for an expression without adding poison
//! (LLVM's `ScalarEvolution::canReuseInstruction`, as LLVM 22 has it), for
//! the passes that find an instruction by its SCEV and use it in place of
//! the expression: `gpucc-nary-reassociate` and `gpucc-slsr`.
//!
//! Two instructions with one SCEV compute the same value whenever neither is
//! poison, but one may be poison more often: `add nsw %a, %b` is poison when
//! the sum overflows, `add %a, %b` never is. Reusing the first where the
//! second was written makes a defined program poison. [`reuse_drops`] walks
//! the reused instruction's operands down to the expression's *poison
//! leaves* (the values whose poison makes the expression poison anyway) and
//! says which instructions must lose their poison-generating flags and
//! metadata for the reuse to add no poison, or that the reuse must not
//! happen: an operation on the way can make poison out of clean operands
//! whatever its flags (a shift by too much, a division...), an `or disjoint`
//! is on the way (scalar evolution reads it as an add, but without its flag
//! it is an `or` again, which is no add), the walk leaves the expression
//! (reaches a value that is neither a leaf nor sure not to be poison), or it
//! grows past [`MAX_WALK`] values. When poison in the reused instruction is
//! undefined behaviour anyway (it is stored through, a branch depends on
//! it, ...), it can never be poison where it matters: nothing is dropped.

#![forbid(unsafe_code)]

use crate::llvm::analyses::flags;
use crate::llvm::llvm_sys::prelude::LLVMValueRef;
use crate::llvm::nary::{self as q, AnyVal};
use inkwell::values::{InstructionOpcode, InstructionValue};

/// At most this many values are looked at (LLVM's limit: the walk runs per
/// reuse, so it must stay small to keep the passes linear).
pub const MAX_WALK: usize = 16;

/// Can `d` stand for an expression whose poison leaves are `leaves`
/// without being poison more often? `Some(instructions whose flags and
/// metadata must be dropped first)` if so (empty when none need to), `None`
/// if not. (A pass that asks often keeps a [`Walker`] instead, whose room
/// is reused from question to question.)
pub fn reuse_drops<'ctx>(
    d: InstructionValue<'ctx>,
    leaves: &[LLVMValueRef],
) -> Option<Vec<InstructionValue<'ctx>>> {
    Walker::default().reuse_drops(d, leaves)
}

/// The room the walks of [`reuse_drops`] need, kept between questions.
#[derive(Default)]
pub struct Walker<'ctx> {
    visited: Vec<LLVMValueRef>,
    work: Vec<AnyVal<'ctx>>,
}

impl<'ctx> Walker<'ctx> {
    /// [`reuse_drops`] (the same answer, without allocating for the walk).
    pub fn reuse_drops(
        &mut self,
        d: InstructionValue<'ctx>,
        leaves: &[LLVMValueRef],
    ) -> Option<Vec<InstructionValue<'ctx>>> {
        if self.clean_over_leaves(d, leaves) {
            return Some(Vec::new());
        }
        if q::undefined_if_poison(d) {
            return Some(Vec::new());
        }
        let mut drop = Vec::new();
        // At most MAX_WALK + 1 values are ever inserted: a list beats a map.
        let Walker { visited, work } = self;
        visited.clear();
        work.clear();
        work.push(AnyVal::of(d));
        while let Some(v) = work.pop() {
            if visited.contains(&v.id()) {
                continue;
            }
            visited.push(v.id());
            if visited.len() > MAX_WALK {
                return None;
            }
            if leaves.contains(&v.id()) || q::not_poison(v) {
                continue;
            }
            let i = v.as_instruction()?;
            // Scalar evolution reads `or disjoint` as an add; without the flag
            // it is an `or`, which differs from the add when the operands share
            // a bit.
            if flags(i).disjoint {
                return None;
            }
            // A min/max intrinsic is a select: poison only from its operands
            // (LLVM 16's canCreatePoison does not know them).
            if !is_min_max(i) && q::can_create_poison(i) {
                return None;
            }
            if q::has_poison_annotations(i) {
                drop.push(i);
            }
            work.extend((0..v.operand_count()).filter_map(|k| v.operand(k)));
        }
        Some(drop)
    }

    /// Does the walk of [`reuse_drops`] accept `d` without dropping
    /// anything, whatever the expensive questions (`undefined_if_poison(d)`,
    /// and `not_poison` of each value on the way) answer? It does when every
    /// value the walk could reach from `d`, stopping at leaves, is a leaf, an
    /// integer constant (never poison), another value that is no instruction
    /// and sure not to be poison (the callee of a min/max call: asked, as the
    /// walk asks it), or an instruction that is no `or disjoint`, cannot make
    /// poison itself (a min/max intrinsic counts as such, as in the walk) and
    /// carries no poison-generating flag or metadata; and when there are at
    /// most [`MAX_WALK`] of them.
    /// Whatever `not_poison` says, the walk then visits some of these values
    /// (skipping below those that cannot be poison), drops nothing and
    /// refuses nothing; and if `d`'s poison is undefined behaviour, the
    /// answer is the same again. So the questions can be skipped: they only
    /// cost time (`not_poison` looks up to six levels deep into the
    /// operands).
    fn clean_over_leaves(&mut self, d: InstructionValue<'ctx>, leaves: &[LLVMValueRef]) -> bool {
        let Walker {
            visited: seen,
            work,
        } = self;
        seen.clear();
        work.clear();
        work.push(AnyVal::of(d));
        while let Some(v) = work.pop() {
            if seen.contains(&v.id()) {
                continue;
            }
            seen.push(v.id());
            if seen.len() > MAX_WALK {
                return false;
            }
            if leaves.contains(&v.id()) || v.is_constant_int() {
                continue;
            }
            let Some(i) = v.as_instruction() else {
                // Not an instruction (the callee of a min/max call, an
                // argument, a global): the walk goes on past it only if it
                // cannot be poison, and refuses otherwise; asking is cheap.
                if q::not_poison(v) {
                    continue;
                }
                return false;
            };
            // A min/max intrinsic counts as unable to make poison, as in the
            // walk (which skips `can_create_poison` for it).
            if q::has_poison_annotations(i)
                || (!is_min_max(i) && q::can_create_poison(i))
                || flags(i).disjoint
            {
                return false;
            }
            work.extend((0..v.operand_count()).filter_map(|k| v.operand(k)));
        }
        true
    }
}

/// Is `i` a call of a min/max intrinsic (a select: poison only from its
/// operands)?
fn is_min_max(i: InstructionValue<'_>) -> bool {
    i.get_opcode() == InstructionOpcode::Call && q::called_intrinsic(i).is_some()
}
