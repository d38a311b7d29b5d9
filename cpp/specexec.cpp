//===- specexec.cpp - shim for gpucc-speculative-execution ----------------===//
//
// What src/passes/speculative_execution.rs asks LLVM and LLVM 16's C API
// cannot answer: the target's cost of one instruction and whether it has
// divergent branches, isSafeToSpeculativelyExecute, the pieces of debug
// intrinsics, and dropping the attributes that make a hoisted call undefined.
// Same rules as shim.cpp: `extern "C"`, `gpucc_*`, LLVM-C handles and
// integers, never throws, decides nothing.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"

#include <cstdint>

using namespace llvm;

namespace {
const TargetTransformInfo &ttiAt(const void *TTI) {
  return *static_cast<const TargetTransformInfo *>(TTI);
}
} // namespace

/// The two successors of the conditional branch that ends `BB`, written to
/// `S0` and `S1` in operand order; false (nothing written) when `BB` ends in
/// anything else or has no terminator. One call where the C API takes
/// six, as this is asked of every block.
GPUCC_EXPORT bool gpucc_conditional_branch_targets(LLVMBasicBlockRef BB,
                                                   LLVMBasicBlockRef *S0,
                                                   LLVMBasicBlockRef *S1) {
  auto *BI = dyn_cast_or_null<BranchInst>(unwrap(BB)->getTerminator());
  if (!BI || !BI->isConditional())
    return false;
  *S0 = wrap(BI->getSuccessor(0));
  *S1 = wrap(BI->getSuccessor(1));
  return true;
}

/// The operands of instruction `I` that are instructions of block `BB`, in
/// operand order, written to `Out` (room for `Cap`); returns how many there
/// are. Most instructions have none: their operands need no further look.
GPUCC_EXPORT size_t gpucc_operands_in_block(LLVMValueRef I, LLVMBasicBlockRef BB,
                                           LLVMValueRef *Out, size_t Cap) {
  const BasicBlock *B = unwrap(BB);
  size_t N = 0;
  for (Value *Op : unwrap<Instruction>(I)->operands()) {
    auto *OpI = dyn_cast<Instruction>(Op);
    if (!OpI || OpI->getParent() != B)
      continue;
    if (N < Cap)
      Out[N] = wrap(OpI);
    ++N;
  }
  return N;
}

/// Does the target of this TTI have divergent branches (GPUs)?
GPUCC_EXPORT bool gpucc_tti_has_branch_divergence(const void *TTI) {
  return ttiAt(TTI).hasBranchDivergence();
}

/// The target's cost of instruction `I` for code size and latency together
/// (TCK_SizeAndLatency, what upstream SpeculativeExecution asks). Returns
/// false when the cost is invalid (the target cannot do it); else writes it.
GPUCC_EXPORT bool gpucc_tti_size_latency_cost(const void *TTI, LLVMValueRef I,
                                              int64_t *Cost) {
  InstructionCost C = ttiAt(TTI).getInstructionCost(
      unwrap<Instruction>(I), TargetTransformInfo::TCK_SizeAndLatency);
  if (!C.isValid())
    return false;
  *Cost = gpucc::costValue(C);
  return true;
}

/// LLVM's isSafeToSpeculativelyExecute(I), with no context instruction: may
/// `I` run where it did not before without trapping or side effects?
GPUCC_EXPORT bool gpucc_is_safe_to_speculate(LLVMValueRef I) {
  return isSafeToSpeculativelyExecute(unwrap<Instruction>(I));
}

/// What kind of debug intrinsic `I` is: 0 none, 1 a variable intrinsic
/// (dbg.declare, dbg.value, dbg.assign), 2 dbg.label.
GPUCC_EXPORT int gpucc_debug_intrinsic_kind(LLVMValueRef I) {
  Value *V = unwrap(I);
  if (isa<DbgVariableIntrinsic>(V))
    return 1;
  if (isa<DbgLabelInst>(V))
    return 2;
  return 0;
}

/// The location operands of debug variable intrinsic `I` (one value, the
/// values of a DIArgList, or none for an empty tuple), written to `Out`
/// (room for `Cap`); returns how many there are. Null entries stand for
/// operands that are no longer values.
GPUCC_EXPORT size_t gpucc_debug_location_ops(LLVMValueRef I, LLVMValueRef *Out,
                                             size_t Cap) {
  auto *DVI = dyn_cast<DbgVariableIntrinsic>(unwrap(I));
  if (!DVI)
    return 0;
  size_t N = 0;
  for (Value *V : DVI->location_ops()) {
    if (N < Cap)
      Out[N] = wrap(V);
    ++N;
  }
  return N;
}

/// Makes call `I` safe to execute where its arguments may be poison: drops
/// the attributes whose violation is immediate undefined behaviour (LLVM's
/// getUBImplyingAttributes: noundef, dereferenceable, ...) from its return
/// value and parameters, and the return-value facts (range, nonnull, align,
/// noundef, dereferenceable) from its metadata. Other instructions are left
/// alone.
GPUCC_EXPORT void gpucc_drop_ub_implying_facts(LLVMValueRef I) {
  auto *CB = dyn_cast<CallBase>(unwrap(I));
  if (!CB)
    return;
  AttributeMask UB = AttributeFuncs::getUBImplyingAttributes();
  for (unsigned Arg = 0, N = CB->arg_size(); Arg != N; ++Arg)
    CB->removeParamAttrs(Arg, UB);
  CB->removeRetAttrs(UB);
  for (unsigned Kind :
       {LLVMContext::MD_range, LLVMContext::MD_nonnull, LLVMContext::MD_align,
        LLVMContext::MD_noundef, LLVMContext::MD_dereferenceable,
        LLVMContext::MD_dereferenceable_or_null})
    CB->setMetadata(Kind, nullptr);
}

/// Drops the source location of instruction `I`, hoisted into another block
/// (Instruction::dropLocation: calls that may lower to a call keep a line-0
/// location in the function's scope). Debug intrinsics keep theirs.
GPUCC_EXPORT void gpucc_drop_hoisted_location(LLVMValueRef I) {
  auto *Inst = unwrap<Instruction>(I);
  if (isa<DbgInfoIntrinsic>(Inst))
    return;
  Inst->dropLocation();
}
