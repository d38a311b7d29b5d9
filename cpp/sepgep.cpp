//===- sepgep.cpp - shim for gpucc-separate-const-offset-from-gep ---------===//
//
// What the GEP-splitting pass needs beyond shim.cpp and analyses.cpp: a GEP's
// type layout (strides, field offsets, index width), value-tracking facts
// (no common bits, object sizes, "undefined if poison"),
// and instruction factories that do not constant-fold (upstream builds its
// GEPs and binary operators with `::Create`, not an IRBuilder, and the tests
// see the difference). Same rules as shim.cpp: `extern "C"`, `gpucc_*`,
// LLVM-C handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace {
const DataLayout &layoutOf(const Instruction *I) {
  return I->getModule()->getDataLayout();
}
} // namespace

//===-- GEP layout --------------------------------------------------------===//

/// Describes GEP instruction `G`. For each index k (0-based, `Cap` slots):
/// `Kind[k]` is 0 for a sequential index with a fixed stride `Size[k]`
/// (bytes), 1 for a sequential index over a scalable type (no fixed stride),
/// 2 for a struct field index at byte offset `Size[k]`. Also writes the
/// result element's alloc size (`*ResultSize`, -1 when scalable), the index
/// and pointer widths of its address space, and whether that space is
/// non-integral. Returns the number of indices (call again with more room if
/// it is more than `Cap`). `*ResultTy` is the result element type.
GPUCC_EXPORT unsigned gpucc_sepgep_layout(LLVMValueRef G, unsigned *Kind,
                                          unsigned long long *Size,
                                          unsigned Cap, long long *ResultSize,
                                          unsigned *IndexBits,
                                          unsigned *PointerBits,
                                          bool *NonIntegral,
                                          LLVMTypeRef *ResultTy) {
  auto *GEP = unwrap<GetElementPtrInst>(G);
  const DataLayout &DL = layoutOf(GEP);
  unsigned AS = GEP->getPointerAddressSpace();
  *IndexBits = DL.getIndexSizeInBits(AS);
  *PointerBits = DL.getPointerSizeInBits(AS);
  *NonIntegral = DL.isNonIntegralAddressSpace(AS);
  *ResultTy = wrap(GEP->getResultElementType());
  TypeSize R = DL.getTypeAllocSize(GEP->getResultElementType());
  *ResultSize = R.isScalable() ? -1 : static_cast<long long>(R.getFixedValue());
  unsigned N = 0;
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
       GTI != E; ++GTI, ++N) {
    if (N >= Cap)
      continue;
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      auto *Field = cast<ConstantInt>(GTI.getOperand());
      Kind[N] = 2;
      Size[N] = DL.getStructLayout(ST)->getElementOffset(Field->getZExtValue());
      continue;
    }
    TypeSize S = DL.getTypeAllocSize(GTI.getIndexedType());
    Kind[N] = S.isScalable() ? 1 : 0;
    Size[N] = S.isScalable() ? 0 : S.getFixedValue();
  }
  return N;
}

/// The value of integer constant `C` as two 64-bit words (low first); returns
/// its width, or 0 when `C` is not a ConstantInt or wider than 128 bits.
GPUCC_EXPORT unsigned gpucc_sepgep_const_int(LLVMValueRef C,
                                             unsigned long long *Lo,
                                             unsigned long long *Hi) {
  auto *CI = dyn_cast<ConstantInt>(unwrap(C));
  if (!CI || CI->getBitWidth() > 128)
    return 0;
  APInt V = CI->getValue().zext(128);
  *Lo = V.extractBitsAsZExtValue(64, 0);
  *Hi = V.extractBitsAsZExtValue(64, 64);
  return CI->getBitWidth();
}

/// The integer constant of type `Ty` (at most 128 bits) with words Lo, Hi.
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_make_const_int(LLVMTypeRef Ty,
                                                      unsigned long long Lo,
                                                      unsigned long long Hi) {
  auto *IT = cast<IntegerType>(unwrap(Ty));
  uint64_t Words[2] = {Lo, Hi};
  APInt V(128, Words);
  return wrap(ConstantInt::get(IT, V.trunc(IT->getBitWidth())));
}

/// Is `V` (a GEP instruction or constant expression) `getelementptr i8, P,
/// C` with one constant index `C` of at most 128 bits? Then writes `P` to
/// `*Base` and `C` as two 64-bit words, and returns the width of `C`;
/// otherwise returns 0. (Upstream's `m_PtrAdd(m_Value(), m_APInt())`.)
GPUCC_EXPORT unsigned gpucc_sepgep_const_ptr_add(LLVMValueRef V,
                                                 LLVMValueRef *Base,
                                                 unsigned long long *Lo,
                                                 unsigned long long *Hi) {
  auto *GEP = dyn_cast<GEPOperator>(unwrap(V));
  if (!GEP || !GEP->getSourceElementType()->isIntegerTy(8) ||
      GEP->getNumIndices() != 1)
    return 0;
  auto *C = dyn_cast<ConstantInt>(GEP->idx_begin()->get());
  if (!C || C->getBitWidth() > 128)
    return 0;
  APInt Val = C->getValue().zext(128);
  *Lo = Val.extractBitsAsZExtValue(64, 0);
  *Hi = Val.extractBitsAsZExtValue(64, 64);
  *Base = wrap(GEP->getPointerOperand());
  return C->getBitWidth();
}

//===-- Value tracking ---------------------------------------------------===//

/// `P` with its inbounds constant-offset GEPs stripped; the byte offset
/// they add goes to `*Offset` (false when it does not fit 64 bits).
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_strip_inbounds_offsets(LLVMValueRef P,
                                                              LLVMValueRef Cxt,
                                                              long long *Offset,
                                                              bool *Fits) {
  const DataLayout &DL = layoutOf(unwrap<Instruction>(Cxt));
  Value *V = unwrap(P);
  APInt Off(DL.getIndexTypeSizeInBits(V->getType()), 0);
  Value *Base = V->stripAndAccumulateInBoundsConstantOffsets(DL, Off);
  *Fits = Off.getSignificantBits() <= 64;
  *Offset = *Fits ? Off.getSExtValue() : 0;
  return wrap(Base);
}

/// programUndefinedIfPoison(I): a poison `I` would make the program
/// undefined (it reaches a branch condition, an address, a divisor...).
GPUCC_EXPORT bool gpucc_sepgep_undefined_if_poison(LLVMValueRef I) {
  return programUndefinedIfPoison(unwrap<Instruction>(I));
}

/// isInstructionTriviallyDead(I), as upstream's dead-code check asks it.
GPUCC_EXPORT bool gpucc_sepgep_trivially_dead(LLVMValueRef I) {
  return isInstructionTriviallyDead(unwrap<Instruction>(I));
}

/// How many instruction users of `V` lie in the innermost loop around block
/// `B` (0 when `B` is in no loop; constants count none, as upstream).
GPUCC_EXPORT unsigned gpucc_sepgep_uses_in_loop(void *FAM, LLVMValueRef F,
                                                LLVMValueRef V,
                                                LLVMBasicBlockRef B) {
  Loop *L = famOf(FAM).getResult<LoopAnalysis>(fn(F)).getLoopFor(unwrap(B));
  Value *Val = unwrap(V);
  if (!L || isa<Constant>(Val))
    return 0;
  unsigned N = 0;
  for (User *U : Val->users())
    if (auto *UI = dyn_cast<Instruction>(U))
      if (L->contains(UI))
        ++N;
  return N;
}

//===-- Queries with the analyses fetched once per run --------------------===//
//
// The pass asks value tracking thousands of times per function; fetching the
// dominator tree and library info from the analysis manager each time (a
// hash lookup, about 600 instructions) cost more than some answers. They are
// fetched once per run here; the pass changes no CFG, so they stay valid.

/// The dominator tree of `F`.
GPUCC_EXPORT const void *gpucc_sepgep_domtree(void *FAM, LLVMValueRef F) {
  return &famOf(FAM).getResult<DominatorTreeAnalysis>(fn(F));
}

/// The target library info of `F` (computing it costs about as much as a
/// small function's dominator tree: asked only when an object size is).
GPUCC_EXPORT const void *gpucc_sepgep_tli(void *FAM, LLVMValueRef F) {
  return &famOf(FAM).getResult<TargetLibraryAnalysis>(fn(F));
}

/// isKnownNonNegative(V) at `Cxt` with dominator tree `DT` (from
/// gpucc_sepgep_queries), no assumption cache: as upstream asks it.
GPUCC_EXPORT bool gpucc_sepgep_known_non_negative(const void *DT,
                                                  LLVMValueRef V,
                                                  LLVMValueRef Cxt) {
  auto *I = unwrap<Instruction>(Cxt);
  return gpucc::knownNonNegative(unwrap(V), layoutOf(I), nullptr, I,
                                 static_cast<const DominatorTree *>(DT));
}

/// haveNoCommonBitsSet(A, B) at `Cxt` with dominator tree `DT`, no
/// assumption cache.
GPUCC_EXPORT bool gpucc_sepgep_no_common_bits_dt(const void *DT,
                                                 LLVMValueRef A,
                                                 LLVMValueRef B,
                                                 LLVMValueRef Cxt) {
  auto *I = unwrap<Instruction>(Cxt);
  return gpucc::noCommonBits(unwrap(A), unwrap(B), layoutOf(I), I,
                             static_cast<const DominatorTree *>(DT));
}

/// The exact size of object `Obj` into `*Size` with library info `TLI`
/// (from gpucc_sepgep_queries); false when unknown.
GPUCC_EXPORT bool gpucc_sepgep_object_size_tli(const void *TLI,
                                               LLVMValueRef Obj,
                                               LLVMValueRef Cxt,
                                               unsigned long long *Size) {
  uint64_t S = 0;
  if (!getObjectSize(unwrap(Obj), S, layoutOf(unwrap<Instruction>(Cxt)),
                     static_cast<const TargetLibraryInfo *>(TLI)))
    return false;
  *Size = S;
  return true;
}

/// The integer (or integer-vector) add and sub instructions of the blocks
/// reachable in `F`, blocks in dominator-tree preorder of `DT` (from
/// gpucc_sepgep_domtree), instructions in block order, into `Out` (room for
/// `Cap`). Returns how many there are (call again with more room if more).
GPUCC_EXPORT size_t gpucc_sepgep_add_subs_in_preorder(const void *DT,
                                                      LLVMValueRef *Out,
                                                      size_t Cap) {
  auto *Tree = static_cast<const DominatorTree *>(DT);
  size_t N = 0;
  for (const DomTreeNode *Node : depth_first(Tree->getRootNode()))
    for (Instruction &I : *Node->getBlock())
      if ((I.getOpcode() == Instruction::Add ||
           I.getOpcode() == Instruction::Sub) &&
          I.getType()->isIntOrIntVectorTy()) {
        if (N < Cap)
          Out[N] = wrap(&I);
        ++N;
      }
  return N;
}

/// The GEP instructions of the blocks of `F` reachable from its entry, blocks
/// in reverse post-order, instructions in block order, into `Out` (room for
/// `Cap`). Returns how many there are (call again with more room if more).
GPUCC_EXPORT size_t gpucc_sepgep_geps_in_rpo(LLVMValueRef F, LLVMValueRef *Out,
                                             size_t Cap) {
  ReversePostOrderTraversal<Function *> RPOT(&fn(F));
  size_t N = 0;
  for (BasicBlock *B : RPOT)
    for (Instruction &I : *B)
      if (isa<GetElementPtrInst>(I)) {
        if (N < Cap)
          Out[N] = wrap(&I);
        ++N;
      }
  return N;
}

//===-- Instruction factories (no constant folding) -----------------------===//

namespace {
/// The binary opcode of LLVMOpcode `Op`, when it is one the pass creates.
bool binaryOpcode(unsigned Op, Instruction::BinaryOps &Opc) {
  switch (static_cast<LLVMOpcode>(Op)) {
  case LLVMAdd:
    Opc = Instruction::Add;
    return true;
  case LLVMSub:
    Opc = Instruction::Sub;
    return true;
  case LLVMOr:
    Opc = Instruction::Or;
    return true;
  case LLVMShl:
    Opc = Instruction::Shl;
    return true;
  case LLVMMul:
    Opc = Instruction::Mul;
    return true;
  default:
    return false;
  }
}
} // namespace

/// A binary operator `Op` (LLVMOpcode numbering) of A and B, named after
/// `Like`, inserted before `Before`; no wrap flags, never folded.
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_binop_named_like(unsigned Op,
                                                        LLVMValueRef A,
                                                        LLVMValueRef B,
                                                        LLVMValueRef Like,
                                                        LLVMValueRef Before) {
  Instruction::BinaryOps Opc;
  if (!binaryOpcode(Op, Opc))
    return nullptr;
  return wrap(BinaryOperator::Create(Opc, unwrap(A), unwrap(B),
                                     unwrap(Like)->getName(),
                                     gpucc::before(unwrap<Instruction>(Before))));
}

/// Cast `V` to `Ty` with opcode `Op` (LLVMOpcode numbering: sext, zext or
/// trunc). With `Like` (a cast instruction of that opcode): a constant `V`
/// folds, anything else gets a clone of `Like` (metadata included, its
/// poison-generating flags dropped) on `V`.
/// Without `Like`: a new cast named `Name`, folded only when `Fold`.
/// Inserted before `Before`.
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_cast(unsigned Op, LLVMValueRef V,
                                            LLVMTypeRef Ty, LLVMValueRef Like,
                                            bool Fold, const char *Name,
                                            size_t Len, LLVMValueRef Before) {
  Instruction::CastOps Opc;
  switch (static_cast<LLVMOpcode>(Op)) {
  case LLVMSExt:
    Opc = Instruction::SExt;
    break;
  case LLVMZExt:
    Opc = Instruction::ZExt;
    break;
  case LLVMTrunc:
    Opc = Instruction::Trunc;
    break;
  default:
    return nullptr;
  }
  Value *Val = unwrap(V);
  Type *T = unwrap(Ty);
  auto *At = unwrap<Instruction>(Before);
  if ((Like || Fold) && isa<Constant>(Val))
    return wrap(ConstantExpr::getCast(Opc, cast<Constant>(Val), T));
  if (Like) {
    Instruction *C = unwrap<Instruction>(Like)->clone();
    // The clone moves to an operand of the original: `trunc nuw`/`nsw` and
    // `zext nneg` said something about the original's operand only.
    C->dropPoisonGeneratingFlags();
    C->setOperand(0, Val);
    gpucc::insertBefore(C, At);
    return wrap(C);
  }
  return wrap(CastInst::Create(Opc, Val, T, Twine(StringRef(Name, Len)),
                               gpucc::before(At)));
}

/// A GEP over `SrcTy` on `Base` with `N` indices, named `Name`, inbounds as
/// told, inserted before `Before`; never folded.
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_gep(LLVMTypeRef SrcTy, LLVMValueRef Base,
                                           const LLVMValueRef *Idx, size_t N,
                                           bool InBounds, const char *Name,
                                           size_t Len, LLVMValueRef Before) {
  SmallVector<Value *, 4> Indices;
  for (size_t I = 0; I != N; ++I)
    Indices.push_back(unwrap(Idx[I]));
  auto *G = GetElementPtrInst::Create(unwrap(SrcTy), unwrap(Base), Indices,
                                      Twine(StringRef(Name, Len)),
                                      gpucc::before(unwrap<Instruction>(Before)));
  G->setIsInBounds(InBounds);
  return wrap(G);
}

/// A clone of `I` (operands, flags, metadata), unnamed, inserted before `I`.
GPUCC_EXPORT LLVMValueRef gpucc_sepgep_clone_before(LLVMValueRef I) {
  Instruction *Orig = unwrap<Instruction>(I);
  Instruction *C = Orig->clone();
  gpucc::insertBefore(C, Orig);
  return wrap(C);
}

/// Copies all metadata of `From` (debug location included) onto `To`.
GPUCC_EXPORT void gpucc_sepgep_copy_metadata(LLVMValueRef From,
                                             LLVMValueRef To) {
  unwrap<Instruction>(To)->copyMetadata(*unwrap<Instruction>(From));
}

/// Gives `To` the debug location of `From`.
GPUCC_EXPORT void gpucc_sepgep_copy_debug_loc(LLVMValueRef From,
                                              LLVMValueRef To) {
  unwrap<Instruction>(To)->setDebugLoc(unwrap<Instruction>(From)->getDebugLoc());
}
