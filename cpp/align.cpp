//===- align.cpp - IR queries for gpucc-shared-align ----------------------===//
//
// What the alignment pass asks that LLVM-C does not answer: a global's
// allocation size, whether LLVM lets its alignment grow, and the alignment
// known bits prove for a pointer. Same rules as shim.cpp: `extern "C"`,
// `gpucc_*`, LLVM-C handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"

#include "llvm-c/Core.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

/// The allocation size in bytes of global variable `G`'s value type (0 for a
/// zero-length array, or for a type without a size).
GPUCC_EXPORT uint64_t gpucc_align_global_size(LLVMValueRef G) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(G));
  if (!GV || !GV->getValueType()->isSized())
    return 0;
  return GV->getParent()->getDataLayout().getTypeAllocSize(GV->getValueType())
      .getKnownMinValue();
}

/// May `G`'s alignment be raised (GlobalObject::canIncreaseAlignment: a
/// strong definition this module owns, no explicit section that packs it)?
GPUCC_EXPORT bool gpucc_align_can_increase(LLVMValueRef G) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(G));
  return GV && GV->canIncreaseAlignment();
}

/// The alignment in bytes that known bits prove for pointer `P` at
/// instruction `At` (Local.h's getKnownAlignment: no assumption cache, no
/// dominator tree; it never changes the IR).
GPUCC_EXPORT uint64_t gpucc_align_known(LLVMValueRef P, LLVMValueRef At) {
  auto *I = cast<Instruction>(unwrap(At));
  const DataLayout &DL = I->getModule()->getDataLayout();
  return getKnownAlignment(unwrap(P), DL, I).value();
}
