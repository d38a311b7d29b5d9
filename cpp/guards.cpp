//===- guards.cpp - instruction classes for gpucc-flatten-guards ----------===//
//
// One question the pass cannot ask through LLVM-C: may an instruction run
// where its block's guard is false? Same rules as shim.cpp: `extern "C"`,
// `gpucc_*`, LLVM-C handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

/// The class of instruction `V` for gpucc-flatten-guards:
/// 0: free to run unguarded: LLVM says it is safe to speculate, it reads and
///    writes no memory, and it is no call (debug intrinsics excepted);
/// 1: must stay under its guard;
/// 2: a convergent call, whose guard the pass may not rewrite.
GPUCC_EXPORT int gpucc_guard_inst_class(LLVMValueRef V) {
  const auto *I = unwrap<Instruction>(V);
  if (const auto *CB = dyn_cast<CallBase>(I)) {
    if (CB->isConvergent())
      return 2;
    if (isa<DbgVariableIntrinsic>(I) || isa<DbgLabelInst>(I))
      return 0;
    return 1;
  }
  if (I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return 1;
  return 0;
}
