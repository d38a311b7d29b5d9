//===- compat.h - one answer per question, for every LLVM we build for ----===//
//
// The C++ API moved between LLVM 16 and LLVM 22: ValueTracking takes a
// SimplifyQuery instead of loose arguments, intrinsic declarations are
// "get or insert", instruction costs are no longer optional, and poison
// annotations were renamed. Each helper here asks one question the shim
// needs, in the form of the LLVM being built against, so the shim's files
// say what they ask and never which LLVM they run in. Adding an LLVM means
// adding a branch here (and a row in build.rs and src/llvm/mod.rs).
//
//===----------------------------------------------------------------------===//

#ifndef GPUCC_COMPAT_H
#define GPUCC_COMPAT_H

#include "llvm/ADT/APInt.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/InstructionCost.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/IR/AttributeMask.h"
#endif

#include <cstdint>
#include <optional>

namespace gpucc {

/// ValueTracking's isKnownNonNegative(V) with the data layout `DL`, the
/// assumption cache `AC` (may be null), context `CtxI` and tree `DT`.
inline bool knownNonNegative(const llvm::Value *V, const llvm::DataLayout &DL,
                             llvm::AssumptionCache *AC,
                             const llvm::Instruction *CtxI,
                             const llvm::DominatorTree *DT) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::isKnownNonNegative(V, llvm::SimplifyQuery(DL, DT, AC, CtxI));
#else
  return llvm::isKnownNonNegative(V, DL, 0, AC, CtxI, DT);
#endif
}

/// computeOverflowForSignedAdd(Add) never overflows?
inline bool signedAddNeverOverflows(const llvm::AddOperator *Add,
                                    const llvm::DataLayout &DL,
                                    llvm::AssumptionCache *AC,
                                    const llvm::Instruction *CtxI,
                                    const llvm::DominatorTree *DT) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::computeOverflowForSignedAdd(
             Add, llvm::SimplifyQuery(DL, DT, AC, CtxI)) ==
         llvm::OverflowResult::NeverOverflows;
#else
  return llvm::computeOverflowForSignedAdd(Add, DL, AC, CtxI, DT) ==
         llvm::OverflowResult::NeverOverflows;
#endif
}

/// haveNoCommonBitsSet(A, B) at `CtxI` with tree `DT` and no assumptions.
inline bool noCommonBits(const llvm::Value *A, const llvm::Value *B,
                         const llvm::DataLayout &DL,
                         const llvm::Instruction *CtxI,
                         const llvm::DominatorTree *DT) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::haveNoCommonBitsSet(A, B,
                                   llvm::SimplifyQuery(DL, DT, nullptr, CtxI));
#else
  return llvm::haveNoCommonBitsSet(A, B, DL, nullptr, CtxI, DT);
#endif
}

/// The declaration of intrinsic `ID` with overload types `Tys` in `M`,
/// inserted if it is not there yet.
inline llvm::Function *intrinsicDeclaration(llvm::Module *M,
                                            llvm::Intrinsic::ID ID,
                                            llvm::ArrayRef<llvm::Type *> Tys) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::Intrinsic::getOrInsertDeclaration(M, ID, Tys);
#else
  return llvm::Intrinsic::getDeclaration(M, ID, Tys);
#endif
}

/// The value of a valid instruction cost.
inline int64_t costValue(const llvm::InstructionCost &C) {
#if LLVM_VERSION_MAJOR >= 20
  return C.getValue();
#else
  return *C.getValue();
#endif
}

/// Does `I` carry poison-generating flags or metadata?
inline bool hasPoisonAnnotations(const llvm::Instruction *I) {
#if LLVM_VERSION_MAJOR >= 19
  return I->hasPoisonGeneratingAnnotations();
#else
  return I->hasPoisonGeneratingFlagsOrMetadata();
#endif
}

/// Drops the poison-generating flags and metadata of `I`.
inline void dropPoisonAnnotations(llvm::Instruction *I) {
#if LLVM_VERSION_MAJOR >= 19
  I->dropPoisonGeneratingAnnotations();
#else
  I->dropPoisonGeneratingFlagsAndMetadata();
#endif
}

/// Where a new instruction goes: right before `I`, in the form the
/// instruction constructors take (an iterator from LLVM 19 on).
#if LLVM_VERSION_MAJOR >= 19
inline llvm::InsertPosition before(llvm::Instruction *I) {
  return I->getIterator();
}
#else
inline llvm::Instruction *before(llvm::Instruction *I) { return I; }
#endif

/// Inserts the detached instruction `New` right before `Pos`.
inline void insertBefore(llvm::Instruction *New, llvm::Instruction *Pos) {
#if LLVM_VERSION_MAJOR >= 19
  New->insertBefore(Pos->getIterator());
#else
  New->insertBefore(Pos);
#endif
}

/// Moves `I` right before `Pos`.
inline void moveBefore(llvm::Instruction *I, llvm::Instruction *Pos) {
#if LLVM_VERSION_MAJOR >= 20
  I->moveBefore(Pos->getIterator());
#else
  I->moveBefore(Pos);
#endif
}

/// Is `ID` llvm.fake.use? (LLVM 20 on; older LLVMs have no such intrinsic.)
inline bool isFakeUse(llvm::Intrinsic::ID ID) {
#if LLVM_VERSION_MAJOR >= 20
  return ID == llvm::Intrinsic::fake_use;
#else
  (void)ID;
  return false;
#endif
}

/// Constant GEP `E` rebuilt on operands `Ops` (base first) with result type
/// `NewTy`. With `OnlyInBounds`, the rebuilt GEP keeps `inbounds` and drops
/// every other no-wrap flag (`nusw`, `nuw`: LLVM 19 on; before, `inbounds`
/// is the only flag a GEP has, and it is kept).
inline llvm::Constant *gepConstantWithOperands(llvm::ConstantExpr *E,
                                               llvm::ArrayRef<llvm::Constant *> Ops,
                                               llvm::Type *NewTy,
                                               bool OnlyInBounds) {
  auto *G = llvm::cast<llvm::GEPOperator>(E);
#if LLVM_VERSION_MAJOR >= 19
  llvm::GEPNoWrapFlags Kept = G->isInBounds() ? llvm::GEPNoWrapFlags::inBounds()
                                              : llvm::GEPNoWrapFlags::none();
  if (OnlyInBounds && G->getNoWrapFlags() != Kept)
    return llvm::ConstantExpr::getGetElementPtr(
        G->getSourceElementType(), Ops[0], Ops.drop_front(), Kept,
        G->getInRange());
#else
  (void)OnlyInBounds;
#endif
  return E->getWithOperands(Ops, NewTy, /*OnlyIfReduced=*/false,
                            G->getSourceElementType());
}

} // namespace gpucc

#endif // GPUCC_COMPAT_H
