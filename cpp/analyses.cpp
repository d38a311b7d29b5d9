//===- analyses.cpp - LLVM's analyses and IR flags for the Rust passes ----===//
//
// The straight-line passes (separate-const-offset-from-gep, slsr,
// nary-reassociate) need LLVM's dominator tree, loop info and scalar
// evolution, ValueTracking's known non-negativity, and the nsw/nuw/exact
// flags, which LLVM 16's C API lacks. Same rules as shim.cpp: `extern "C"`,
// `gpucc_*`, LLVM-C handles, no exceptions, no decisions. The
// analysis-manager pointer is the FunctionAnalysisManager of the running
// pass; results are fetched from it on each call (a hash lookup once
// computed), so a pass that edits the CFG must invalidate through
// gpucc_fam_invalidate before asking again.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PassManager.h"

using namespace llvm;

namespace {
DominatorTree &domTree(void *DT) { return *static_cast<DominatorTree *>(DT); }
ScalarEvolution &scev(void *SE) { return *static_cast<ScalarEvolution *>(SE); }
const SCEV *asScev(const void *S) { return static_cast<const SCEV *>(S); }
} // namespace

/// The dominator tree of `F` from the analysis manager (computed if needed).
/// The other gpucc_dt_* functions take it: the Rust side fetches it per
/// call, or once for a pass that keeps the CFG as it is.
GPUCC_EXPORT void *gpucc_dt_of_fn(void *FAM, LLVMValueRef F) {
  return &famOf(FAM).getResult<DominatorTreeAnalysis>(fn(F));
}

/// The scalar evolution of `F` from the analysis manager (computed if
/// needed), which the gpucc_scev_* functions take (as gpucc_dt_of_fn).
GPUCC_EXPORT void *gpucc_se_of_fn(void *FAM, LLVMValueRef F) {
  return &famOf(FAM).getResult<ScalarEvolutionAnalysis>(fn(F));
}

//===-- Dominator tree ----------------------------------------------------===//

/// Does instruction (or argument/constant) `Def` dominate instruction `User`?
GPUCC_EXPORT bool gpucc_dt_dominates(void *DT, LLVMValueRef Def,
                                     LLVMValueRef User) {
  return domTree(DT).dominates(unwrap(Def), unwrap<Instruction>(User));
}

/// Does block `A` dominate block `B`?
GPUCC_EXPORT bool gpucc_dt_dominates_block(void *DT, LLVMBasicBlockRef A,
                                           LLVMBasicBlockRef B) {
  return domTree(DT).dominates(unwrap(A), unwrap(B));
}

/// Is block `B` reachable from the entry?
GPUCC_EXPORT bool gpucc_dt_reachable(void *DT, LLVMBasicBlockRef B) {
  return domTree(DT).isReachableFromEntry(unwrap(B));
}

/// Writes the reachable blocks of `F` in dominator-tree preorder (children
/// in the tree's order) into `Out` (room for `Cap`); returns how many there
/// are (call again with more room if that is more than `Cap`).
GPUCC_EXPORT size_t gpucc_dt_preorder(void *DT, LLVMBasicBlockRef *Out,
                                      size_t Cap) {
  size_t N = 0;
  for (DomTreeNode *Node : depth_first(domTree(DT).getRootNode())) {
    if (N < Cap)
      Out[N] = wrap(Node->getBlock());
    ++N;
  }
  return N;
}

//===-- Loop info ---------------------------------------------------------===//

/// The loop depth of block `B` (0 outside loops).
GPUCC_EXPORT unsigned gpucc_loop_depth(void *FAM, LLVMValueRef F,
                                       LLVMBasicBlockRef B) {
  return famOf(FAM).getResult<LoopAnalysis>(fn(F)).getLoopDepth(unwrap(B));
}

/// Is `V` invariant in the innermost loop containing block `B` (true outside
/// loops)?
GPUCC_EXPORT bool gpucc_loop_invariant_in(void *FAM, LLVMValueRef F,
                                          LLVMValueRef V, LLVMBasicBlockRef B) {
  Loop *L = famOf(FAM).getResult<LoopAnalysis>(fn(F)).getLoopFor(unwrap(B));
  return !L || L->isLoopInvariant(unwrap(V));
}

/// What LLVM's runtime unroller would see of the innermost loop containing
/// block `B`: whether scalar evolution computes the exit count of its latch
/// (`*TripKnown`; without it the unroller keeps an exit test in every copy),
/// and the cost of its instructions under the target's cost model
/// (`*Cost`, the sum of getInstructionCost, TCK_Latency, invalid costs
/// counted as `Invalid`). Returns false when `B` is in no loop or the loop
/// has no single latch.
GPUCC_EXPORT bool gpucc_loop_unroll_facts(void *FAM, LLVMValueRef F,
                                          LLVMBasicBlockRef B,
                                          int64_t Invalid, bool *TripKnown,
                                          int64_t *Cost) {
  auto &AM = famOf(FAM);
  Function &Fn = fn(F);
  Loop *L = AM.getResult<LoopAnalysis>(Fn).getLoopFor(unwrap(B));
  BasicBlock *Latch = L ? L->getLoopLatch() : nullptr;
  if (!Latch)
    return false;
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(Fn);
  *TripKnown = !isa<SCEVCouldNotCompute>(SE.getExitCount(L, Latch));
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(Fn);
  int64_t Sum = 0;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB) {
      InstructionCost C =
          TTI.getInstructionCost(&I, TargetTransformInfo::TCK_Latency);
      Sum += C.isValid() ? gpucc::costValue(C) : Invalid;
    }
  *Cost = Sum;
  return true;
}

//===-- Scalar evolution --------------------------------------------------===//
// SCEVs are uniqued: equal expressions are the same pointer, which Rust uses
// as an opaque key.

/// The SCEV of `V` (an integer or pointer value).
GPUCC_EXPORT const void *gpucc_scev_of(void *SE, LLVMValueRef V) {
  return scev(SE).getSCEV(unwrap(V));
}

/// `A + B`, `A * B`, and the min/max kinds (0 smax, 1 smin, 2 umax, 3 umin);
/// operands of one type.
GPUCC_EXPORT const void *gpucc_scev_binary(void *Raw, unsigned Op,
                                           const void *A, const void *B) {
  ScalarEvolution &SE = scev(Raw);
  const SCEV *X = asScev(A), *Y = asScev(B);
  switch (Op) {
  case 0:
    return SE.getAddExpr(X, Y);
  case 1:
    return SE.getMulExpr(X, Y);
  case 2:
    return SE.getSMaxExpr(X, Y);
  case 3:
    return SE.getSMinExpr(X, Y);
  case 4:
    return SE.getUMaxExpr(X, Y);
  case 5:
    return SE.getUMinExpr(X, Y);
  }
  return nullptr;
}

/// `A - B` (getMinusSCEV; two pointers must share their base). Could not
/// compute when the types differ or the pointers' bases do.
GPUCC_EXPORT const void *gpucc_scev_minus(void *Raw, const void *A,
                                          const void *B) {
  ScalarEvolution &SE = scev(Raw);
  const SCEV *X = asScev(A), *Y = asScev(B);
  if (isa<SCEVCouldNotCompute>(X) || isa<SCEVCouldNotCompute>(Y) ||
      X->getType() != Y->getType())
    return SE.getCouldNotCompute();
  return SE.getMinusSCEV(X, Y);
}

/// What kind of expression `S` is: 1 an integer constant (`*V` = its
/// ConstantInt), 2 an opaque value (SCEVUnknown, `*V` = the value), 3 could
/// not compute, 0 anything else.
GPUCC_EXPORT int gpucc_scev_kind(const void *S, LLVMValueRef *V) {
  const SCEV *X = asScev(S);
  if (auto *C = dyn_cast<SCEVConstant>(X)) {
    *V = wrap(C->getValue());
    return 1;
  }
  if (auto *U = dyn_cast<SCEVUnknown>(X)) {
    *V = wrap(U->getValue());
    return 2;
  }
  return isa<SCEVCouldNotCompute>(X) ? 3 : 0;
}

/// `S` sign- (Signed) or zero-extended or truncated to `Ty`'s width (`S`
/// itself when it has that width already).
GPUCC_EXPORT const void *gpucc_scev_cast(void *Raw, const void *S,
                                         LLVMTypeRef Ty, bool Signed) {
  ScalarEvolution &SE = scev(Raw);
  Type *T = unwrap(Ty);
  const SCEV *X = asScev(S);
  if (SE.getTypeSizeInBits(X->getType()) == SE.getTypeSizeInBits(T))
    return X;
  if (SE.getTypeSizeInBits(X->getType()) > SE.getTypeSizeInBits(T))
    return SE.getTruncateExpr(X, T);
  return Signed ? SE.getSignExtendExpr(X, T) : SE.getZeroExtendExpr(X, T);
}

/// The SCEV of constant integer `C` of type `Ty`.
GPUCC_EXPORT const void *gpucc_scev_constant(void *SE, LLVMTypeRef Ty,
                                             long long C) {
  return scev(SE).getConstant(unwrap(Ty), C, /*isSigned=*/true);
}

/// Makes scalar evolution forget what it knows about `V` (before `V` is
/// erased or its meaning changes).
GPUCC_EXPORT void gpucc_scev_forget(void *SE, LLVMValueRef V) {
  scev(SE).forgetValue(unwrap(V));
}

/// Prints `S` into `Buf` (room for `Cap`, NUL-terminated); returns the full
/// length. For debugging output and tests.
GPUCC_EXPORT size_t gpucc_scev_print(const void *S, char *Buf, size_t Cap) {
  std::string Text;
  raw_string_ostream OS(Text);
  asScev(S)->print(OS);
  OS.flush();
  if (Cap) {
    size_t N = std::min(Cap - 1, Text.size());
    Text.copy(Buf, N);
    Buf[N] = 0;
  }
  return Text.size();
}

//===-- Value tracking ----------------------------------------------------===//

/// isKnownNonNegative(V) at instruction `Ctx`, with the dominator tree of `F`
/// and, when `WithAssumptions`, its assumption cache too (llvm.assume facts);
/// without, the cache is neither asked for nor computed. Upstream passes
/// differ here (NaryReassociate passes the cache,
/// SeparateConstOffsetFromGEP does not) and so do the answers.
GPUCC_EXPORT bool gpucc_known_non_negative(void *FAM, LLVMValueRef F,
                                           LLVMValueRef V, LLVMValueRef Ctx,
                                           bool WithAssumptions) {
  Function &Fn = fn(F);
  AssumptionCache *AC =
      WithAssumptions ? &famOf(FAM).getResult<AssumptionAnalysis>(Fn)
                      : nullptr;
  auto &DT = famOf(FAM).getResult<DominatorTreeAnalysis>(Fn);
  return gpucc::knownNonNegative(unwrap(V), Fn.getParent()->getDataLayout(),
                                 AC, unwrap<Instruction>(Ctx), &DT);
}

//===-- Poison-generating flags -------------------------------------------===//
//
// One bit each: nsw 1, nuw 2 (add/sub/mul/shl, and trunc from LLVM 19), exact
// 4, GEP inbounds 8, GEP nusw 16 and GEP nuw 32 (LLVM 19; inbounds implies
// nusw), or disjoint 64 (LLVM 18), icmp samesign 128 (LLVM 20), zext/uitofp
// nneg 256 (LLVM 18). An LLVM without a flag reads it as clear and ignores
// it when set (src/llvm/analyses.rs, `Flags`).

/// The poison-generating flags of `I` (an instruction or constant expression).
GPUCC_EXPORT unsigned gpucc_get_flags(LLVMValueRef I) {
  Value *V = unwrap(I);
  unsigned Bits = 0;
  if (auto *O = dyn_cast<OverflowingBinaryOperator>(V)) {
    Bits |= O->hasNoSignedWrap() ? 1 : 0;
    Bits |= O->hasNoUnsignedWrap() ? 2 : 0;
  }
  if (auto *E = dyn_cast<PossiblyExactOperator>(V))
    Bits |= E->isExact() ? 4 : 0;
  if (auto *G = dyn_cast<GEPOperator>(V)) {
    Bits |= G->isInBounds() ? 8 : 0;
#if LLVM_VERSION_MAJOR >= 19
    Bits |= G->hasNoUnsignedSignedWrap() ? 16 : 0;
    Bits |= G->hasNoUnsignedWrap() ? 32 : 0;
#else
    Bits |= G->isInBounds() ? 16 : 0;
#endif
  }
#if LLVM_VERSION_MAJOR >= 18
  if (auto *D = dyn_cast<PossiblyDisjointInst>(V))
    Bits |= D->isDisjoint() ? 64 : 0;
  if (auto *N = dyn_cast<PossiblyNonNegInst>(V))
    Bits |= N->hasNonNeg() ? 256 : 0;
#endif
#if LLVM_VERSION_MAJOR >= 19
  if (auto *T = dyn_cast<TruncInst>(V)) {
    Bits |= T->hasNoSignedWrap() ? 1 : 0;
    Bits |= T->hasNoUnsignedWrap() ? 2 : 0;
  }
#endif
#if LLVM_VERSION_MAJOR >= 20
  if (auto *C = dyn_cast<ICmpInst>(V))
    Bits |= C->hasSameSign() ? 128 : 0;
#endif
  return Bits;
}

/// Sets the flags of instruction `I` that apply to it (see gpucc_get_flags).
GPUCC_EXPORT void gpucc_set_flags(LLVMValueRef I, unsigned Bits) {
  Instruction *In = unwrap<Instruction>(I);
  if (isa<OverflowingBinaryOperator>(In)) {
    In->setHasNoSignedWrap(Bits & 1);
    In->setHasNoUnsignedWrap(Bits & 2);
  }
  if (isa<PossiblyExactOperator>(In))
    In->setIsExact(Bits & 4);
  if (auto *G = dyn_cast<GetElementPtrInst>(In)) {
#if LLVM_VERSION_MAJOR >= 19
    GEPNoWrapFlags NW = GEPNoWrapFlags::none();
    if (Bits & 8)
      NW = GEPNoWrapFlags::inBounds();
    else if (Bits & 16)
      NW = GEPNoWrapFlags::noUnsignedSignedWrap();
    if (Bits & 32)
      NW |= GEPNoWrapFlags::noUnsignedWrap();
    G->setNoWrapFlags(NW);
#else
    G->setIsInBounds(Bits & 8);
#endif
  }
#if LLVM_VERSION_MAJOR >= 18
  if (auto *D = dyn_cast<PossiblyDisjointInst>(In))
    D->setIsDisjoint(Bits & 64);
  if (isa<PossiblyNonNegInst>(In))
    In->setNonNeg(Bits & 256);
#endif
#if LLVM_VERSION_MAJOR >= 19
  if (auto *T = dyn_cast<TruncInst>(In)) {
    T->setHasNoSignedWrap(Bits & 1);
    T->setHasNoUnsignedWrap(Bits & 2);
  }
#endif
#if LLVM_VERSION_MAJOR >= 20
  if (auto *C = dyn_cast<ICmpInst>(In))
    C->setSameSign(Bits & 128);
#endif
}

//===-- Moving instructions -----------------------------------------------===//

/// Moves instruction `I` right before instruction `Before`.
GPUCC_EXPORT void gpucc_move_before(LLVMValueRef I, LLVMValueRef Before) {
  gpucc::moveBefore(unwrap<Instruction>(I), unwrap<Instruction>(Before));
}

//===-- TargetTransformInfo: addressing modes -----------------------------===//

/// Can the target fold `BaseGV + BaseOffset + HasBase*base + Scale*index` into
/// one memory access of type `Ty` in address space `AS`? (`BaseGV` may be
/// null.)
GPUCC_EXPORT bool gpucc_tti_legal_addressing_mode(const void *TTI,
                                                  LLVMTypeRef Ty,
                                                  LLVMValueRef BaseGV,
                                                  long long BaseOffset,
                                                  bool HasBase, long long Scale,
                                                  unsigned AS) {
  auto *GV = BaseGV ? cast<GlobalValue>(unwrap(BaseGV)) : nullptr;
  return static_cast<const TargetTransformInfo *>(TTI)->isLegalAddressingMode(
      unwrap(Ty), GV, BaseOffset, HasBase, Scale, AS);
}
