//===- rotate.cpp - scalar-evolution queries for gpucc-rotate-loads -------===//
//
// The one question the load-rotation pass asks that cpp/analyses.cpp does
// not answer: the step of an affine recurrence of a given loop. Same rules
// as shim.cpp: `extern "C"`, `gpucc_*`, LLVM-C handles, no exceptions, no
// decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

/// The step of `S` when it is an affine add recurrence `{start,+,step}` of
/// the loop whose header is `Header` (and the step is invariant in it);
/// null otherwise.
GPUCC_EXPORT const void *gpucc_rotate_addrec_step(void *FAM, LLVMValueRef F,
                                                  const void *S,
                                                  LLVMBasicBlockRef Header) {
  auto *AR = dyn_cast<SCEVAddRecExpr>(static_cast<const SCEV *>(S));
  if (!AR || !AR->isAffine() || AR->getLoop()->getHeader() != unwrap(Header))
    return nullptr;
  ScalarEvolution &SE =
      famOf(FAM).getResult<ScalarEvolutionAnalysis>(fn(F));
  const SCEV *Step = AR->getStepRecurrence(SE);
  return SE.isLoopInvariant(Step, AR->getLoop()) ? Step : nullptr;
}
