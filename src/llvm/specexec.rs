//! What `gpucc-speculative-execution` asks LLVM beyond inkwell, over
//! `cpp/specexec.cpp` and LLVM-C: the target's speculation cost of an
//! instruction and its branch divergence, `isSafeToSpeculativelyExecute`,
//! the location operands of debug intrinsics, the CFG facts upstream reads
//! (`getSinglePredecessor`, `getSingleSuccessor`), and dropping the facts
//! that would make a hoisted call undefined.

use super::llvm_sys;
use super::Tti;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, InstructionOpcode, InstructionValue};
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use std::ffi::{c_int, c_void};

extern "C" {
    fn gpucc_tti_has_branch_divergence(tti: *const c_void) -> bool;
    fn gpucc_tti_size_latency_cost(tti: *const c_void, i: LLVMValueRef, cost: *mut i64) -> bool;
    fn gpucc_is_safe_to_speculate(i: LLVMValueRef) -> bool;
    fn gpucc_debug_intrinsic_kind(i: LLVMValueRef) -> c_int;
    fn gpucc_debug_location_ops(i: LLVMValueRef, out: *mut LLVMValueRef, cap: usize) -> usize;
    fn gpucc_drop_ub_implying_facts(i: LLVMValueRef);
    fn gpucc_drop_hoisted_location(i: LLVMValueRef);
    fn gpucc_operands_in_block(
        i: LLVMValueRef,
        bb: LLVMBasicBlockRef,
        out: *mut LLVMValueRef,
        cap: usize,
    ) -> usize;
    fn gpucc_conditional_branch_targets(
        bb: LLVMBasicBlockRef,
        s0: *mut LLVMBasicBlockRef,
        s1: *mut LLVMBasicBlockRef,
    ) -> bool;
}

impl Tti<'_> {
    /// Does the target have divergent branches (LLVM's
    /// `TTI::hasBranchDivergence`: true on GPUs)?
    pub fn has_branch_divergence(&self) -> bool {
        // SAFETY: `raw` is the function's live TTI.
        unsafe { gpucc_tti_has_branch_divergence(self.raw.as_ptr()) }
    }

    /// The target's size-and-latency cost of `inst`
    /// (`TCK_SizeAndLatency`), or `None` when the target calls it invalid.
    pub fn size_latency_cost(&self, inst: InstructionValue<'_>) -> Option<i64> {
        let mut cost = 0i64;
        // SAFETY: live TTI and instruction; the shim writes `cost` only
        // when it returns true.
        let valid = unsafe {
            gpucc_tti_size_latency_cost(self.raw.as_ptr(), inst.as_value_ref(), &mut cost)
        };
        valid.then_some(cost)
    }
}

/// LLVM's `isSafeToSpeculativelyExecute(inst)` without a context
/// instruction: can `inst` run where it did not, without trapping and
/// without side effects?
pub fn is_safe_to_speculate(inst: InstructionValue<'_>) -> bool {
    // SAFETY: `inst` is a live instruction.
    unsafe { gpucc_is_safe_to_speculate(inst.as_value_ref()) }
}

/// The debug intrinsics, as LLVM classifies them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugIntrinsic {
    /// `llvm.dbg.declare`, `llvm.dbg.value`, `llvm.dbg.assign`: they say
    /// where a source variable lives, through location operands.
    Variable,
    /// `llvm.dbg.label`.
    Label,
}

/// What kind of debug intrinsic `inst` is, if any.
pub fn debug_intrinsic(inst: InstructionValue<'_>) -> Option<DebugIntrinsic> {
    // SAFETY: checked casts in the shim.
    match unsafe { gpucc_debug_intrinsic_kind(inst.as_value_ref()) } {
        1 => Some(DebugIntrinsic::Variable),
        2 => Some(DebugIntrinsic::Label),
        _ => None,
    }
}

/// The location operands of a debug variable intrinsic, in order (LLVM's
/// `location_ops()`): `Some(i)` for an instruction, `None` for anything else
/// (argument, constant, undef, or an operand that is gone). Empty for an
/// empty location and for other instructions.
pub fn debug_location_ops<'ctx>(
    inst: InstructionValue<'ctx>,
) -> Vec<Option<InstructionValue<'ctx>>> {
    with_values(
        // SAFETY: `inst` is live; the shim writes at most `cap` values.
        |out, cap| unsafe { gpucc_debug_location_ops(inst.as_value_ref(), out, cap) },
        |raw| raw.iter().map(|&v| as_instruction(v)).collect(),
    )
}

/// Runs `use_values` on the values a shim call writes into room the caller
/// gives: `fill(out, cap)` writes at most `cap` values to `out` and returns
/// how many there are. Room for four on the stack first (what nearly every
/// instruction needs, with no allocation), then, if that was too little,
/// room for all of them and a second call.
fn with_values<R>(
    mut fill: impl FnMut(*mut LLVMValueRef, usize) -> usize,
    use_values: impl FnOnce(&[LLVMValueRef]) -> R,
) -> R {
    let mut small: [LLVMValueRef; 4] = [std::ptr::null_mut(); 4];
    let n = fill(small.as_mut_ptr(), small.len());
    if n <= small.len() {
        return use_values(&small[..n]);
    }
    let mut all: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
    let m = fill(all.as_mut_ptr(), n);
    all.truncate(m.min(n));
    use_values(&all)
}

/// `v` as an instruction, if it is one.
fn as_instruction<'ctx>(v: LLVMValueRef) -> Option<InstructionValue<'ctx>> {
    // SAFETY: null is checked; the cast is checked before wrapping.
    unsafe {
        if v.is_null() || c::LLVMIsAInstruction(v).is_null() {
            return None;
        }
        Some(InstructionValue::new(v))
    }
}

/// The first operand of `inst`, in operand order, that is an instruction
/// of block `bb` and for which `pred` holds (a call's callee included).
/// Operands elsewhere are not looked at: most instructions have only those,
/// and the shim filters them in one call.
pub fn find_operand_in_block<'ctx>(
    inst: InstructionValue<'ctx>,
    bb: BasicBlock<'ctx>,
    mut pred: impl FnMut(InstructionValue<'ctx>) -> bool,
) -> Option<InstructionValue<'ctx>> {
    with_values(
        // SAFETY: `inst` and `bb` are live; the shim writes at most `cap`
        // values.
        |out, cap| unsafe {
            gpucc_operands_in_block(inst.as_value_ref(), bb.as_mut_ptr(), out, cap)
        },
        |raw| {
            raw.iter()
                .filter_map(|&v| as_instruction(v))
                .find(|&op| pred(op))
        },
    )
}

/// Does exactly one CFG edge enter `bb` (one use of `bb` by a terminator;
/// a `switch` with two cases to `bb` counts twice)? Stops at the second
/// edge, as this is asked of most blocks.
pub fn has_one_predecessor_edge(bb: BasicBlock<'_>) -> bool {
    let mut n = 0;
    // SAFETY: walks the live use list of the block's value; users are
    // checked to be terminator instructions.
    unsafe {
        let mut u = c::LLVMGetFirstUse(c::LLVMBasicBlockAsValue(bb.as_mut_ptr()));
        while !u.is_null() {
            if !c::LLVMIsATerminatorInst(c::LLVMGetUser(u)).is_null() {
                n += 1;
                if n > 1 {
                    return false;
                }
            }
            u = c::LLVMGetNextUse(u);
        }
    }
    n == 1
}

/// The two successors of the conditional branch that ends `bb`, in operand
/// order; `None` when `bb` ends in anything else (an unconditional branch,
/// a switch, a return) or has no terminator.
pub fn conditional_branch_targets<'ctx>(
    bb: BasicBlock<'ctx>,
) -> Option<(BasicBlock<'ctx>, BasicBlock<'ctx>)> {
    let mut s0: LLVMBasicBlockRef = std::ptr::null_mut();
    let mut s1: LLVMBasicBlockRef = std::ptr::null_mut();
    // SAFETY: `bb` is a live block; the shim writes both only when it
    // returns true, and then they are blocks of the same function.
    unsafe {
        if !gpucc_conditional_branch_targets(bb.as_mut_ptr(), &mut s0, &mut s1) {
            return None;
        }
        Some((BasicBlock::new(s0)?, BasicBlock::new(s1)?))
    }
}

/// The successor of `bb` when its terminator has exactly one successor
/// slot (LLVM's `getSingleSuccessor`).
pub fn single_successor<'ctx>(bb: BasicBlock<'ctx>) -> Option<BasicBlock<'ctx>> {
    let term = bb.get_terminator()?;
    // SAFETY: `term` is the block's live terminator; index 0 is below its
    // successor count (checked); the result is a block.
    unsafe {
        let raw = term.as_value_ref();
        if c::LLVMGetNumSuccessors(raw) != 1 {
            return None;
        }
        BasicBlock::new(c::LLVMGetSuccessor(raw, 0))
    }
}

/// Makes a call that is moved to where its operands may be poison safe to
/// run there: drops the return and parameter attributes whose violation is
/// immediate undefined behaviour (`noundef`, `dereferenceable`, ...) and
/// the return-value metadata (`!range`, `!nonnull`, ...). Other
/// instructions are left alone.
pub fn drop_ub_implying_facts(inst: InstructionValue<'_>) {
    // SAFETY: `inst` is a live instruction; the shim checks it is a call.
    unsafe { gpucc_drop_ub_implying_facts(inst.as_value_ref()) }
}

/// Drops the source location of an instruction hoisted into another block
/// (LLVM's `Instruction::dropLocation`): it goes, so the instruction takes
/// the location of what precedes it, except that a call that may become a
/// real call keeps a line-0 location in the function's scope (an inlinable
/// call in a function with debug info needs one). Debug intrinsics are left
/// alone (they must keep theirs).
pub fn drop_hoisted_location(inst: InstructionValue<'_>) {
    // SAFETY: `inst` is a live instruction of a function.
    unsafe { gpucc_drop_hoisted_location(inst.as_value_ref()) }
}

/// Is `op` one of the opcodes this LLVM has that LLVM 16 does not, and that
/// upstream's allow-list of speculated opcodes names? LLVM 22: `ptrtoaddr`
/// (llvm/llvm-project#139357), a cast like `ptrtoint` that does not capture
/// provenance. None for LLVM 16.
pub fn is_newer_speculated_opcode(op: InstructionOpcode) -> bool {
    #[cfg(feature = "llvm22")]
    {
        op == InstructionOpcode::PtrToAddr
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = op;
        false
    }
}
