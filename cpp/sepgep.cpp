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
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
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

//===-- What proves that an add does not wrap (analysis/no_wrap.rs) -------===//
//
// Asked only for an add or sub without `nsw` under a sext, holding a
// constant the pass would otherwise leave in place: rare, so each question
// fetches its analyses from the manager.

namespace {
/// The value range of an NVPTX special register (the PTX ISA's limits on
/// threads, blocks and grids, which LLVM 20 and later also declare as the
/// intrinsics' `range`; LLVM 16 knows nothing of them). Inclusive bounds.
struct SregRange {
  const char *Name;
  int64_t Lo, Hi;
};
constexpr SregRange SregRanges[] = {
    {"llvm.nvvm.read.ptx.sreg.tid.x", 0, 1023},
    {"llvm.nvvm.read.ptx.sreg.tid.y", 0, 1023},
    {"llvm.nvvm.read.ptx.sreg.tid.z", 0, 63},
    {"llvm.nvvm.read.ptx.sreg.ntid.x", 1, 1024},
    {"llvm.nvvm.read.ptx.sreg.ntid.y", 1, 1024},
    {"llvm.nvvm.read.ptx.sreg.ntid.z", 1, 64},
    {"llvm.nvvm.read.ptx.sreg.ctaid.x", 0, 2147483646},
    {"llvm.nvvm.read.ptx.sreg.ctaid.y", 0, 65534},
    {"llvm.nvvm.read.ptx.sreg.ctaid.z", 0, 65534},
    {"llvm.nvvm.read.ptx.sreg.nctaid.x", 1, 2147483647},
    {"llvm.nvvm.read.ptx.sreg.nctaid.y", 1, 65535},
    {"llvm.nvvm.read.ptx.sreg.nctaid.z", 1, 65535},
    {"llvm.nvvm.read.ptx.sreg.warpsize", 32, 32},
    {"llvm.nvvm.read.ptx.sreg.laneid", 0, 31},
};

/// The range of `V` when it is a call to an NVPTX special-register read.
std::optional<ConstantRange> sregRange(const Value *V) {
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || !Callee->getReturnType()->isIntegerTy(32))
    return std::nullopt;
  for (const SregRange &R : SregRanges)
    if (Callee->getName() == R.Name)
      return ConstantRange::getNonEmpty(APInt(32, R.Lo, /*isSigned=*/true),
                                        APInt(32, R.Hi, /*isSigned=*/true) + 1);
  return std::nullopt;
}
} // namespace

/// Does scalar evolution prove that `I` (an integer `add` or `sub` of at most
/// 64 bits) never wraps as a signed operation at `Cxt`? Its
/// `willNotOverflow`: `sext(a op b) == sext a op sext b` by its own
/// reasoning (ranges, induction variables), or, for an add of a constant
/// (a sub of one counts as the add of its negation), that the other operand
/// stays far enough from the limit under the conditions guarding `Cxt`.
GPUCC_EXPORT bool gpucc_sepgep_scev_no_signed_wrap(void *FAM, LLVMValueRef F,
                                                   LLVMValueRef I,
                                                   LLVMValueRef Cxt) {
  auto *BO = dyn_cast<BinaryOperator>(unwrap(I));
  if (!BO || !BO->getType()->isIntegerTy() ||
      BO->getType()->getIntegerBitWidth() > 64)
    return false;
  auto &SE = famOf(FAM).getResult<ScalarEvolutionAnalysis>(fn(F));
  if (!SE.isSCEVable(BO->getType()))
    return false;
  const SCEV *L = SE.getSCEV(BO->getOperand(0));
  const SCEV *R = SE.getSCEV(BO->getOperand(1));
  auto *Ctx = unwrap<Instruction>(Cxt);
  switch (BO->getOpcode()) {
  case Instruction::Add:
    return SE.willNotOverflow(Instruction::Add, /*Signed=*/true, L, R, Ctx) ||
           SE.willNotOverflow(Instruction::Add, /*Signed=*/true, R, L, Ctx);
  case Instruction::Sub:
    if (auto *C = dyn_cast<ConstantInt>(BO->getOperand(1)))
      if (!C->getValue().isMinSignedValue())
        return SE.willNotOverflow(Instruction::Add, /*Signed=*/true, L,
                                  SE.getConstant(-C->getValue()), Ctx);
    return SE.willNotOverflow(Instruction::Sub, /*Signed=*/true, L, R, Ctx);
  default:
    return false;
  }
}

/// The signed range of integer `V` (at most 64 bits) at `Cxt`, as value
/// tracking (computeConstantRange, with assumptions), scalar evolution
/// (getSignedRange, which knows induction variables and known bits) and the
/// special-register table agree: into `*Lo`, `*Hi` (inclusive). False when
/// `V` is wider or not an integer.
GPUCC_EXPORT bool gpucc_sepgep_signed_range(void *FAM, LLVMValueRef F,
                                            LLVMValueRef V, LLVMValueRef Cxt,
                                            long long *Lo, long long *Hi) {
  Value *Val = unwrap(V);
  if (!Val->getType()->isIntegerTy() ||
      Val->getType()->getIntegerBitWidth() > 64)
    return false;
  Function &Fn = fn(F);
  auto &AM = famOf(FAM);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(Fn);
  auto &AC = AM.getResult<AssumptionAnalysis>(Fn);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(Fn);
  ConstantRange CR = computeConstantRange(Val, /*ForSigned=*/true,
                                          /*UseInstrInfo=*/true, &AC,
                                          unwrap<Instruction>(Cxt), &DT);
  if (SE.isSCEVable(Val->getType()))
    CR = CR.intersectWith(SE.getSignedRange(SE.getSCEV(Val)),
                          ConstantRange::Signed);
  if (std::optional<ConstantRange> S = sregRange(Val))
    CR = CR.intersectWith(*S, ConstantRange::Signed);
  if (CR.isEmptySet())
    return false;
  *Lo = CR.getSignedMin().getSExtValue();
  *Hi = CR.getSignedMax().getSExtValue();
  return true;
}

/// The conditions of the conditional branches whose edge into a successor
/// dominates block `B` (so that the condition had that value whenever `B`
/// runs), nearest first: each into `Conds`, with `Taken` true for the true
/// edge. Room for `Cap`; returns how many there are (at most `Cap`: the walk
/// stops there).
GPUCC_EXPORT size_t gpucc_sepgep_guards(void *FAM, LLVMValueRef F,
                                        LLVMBasicBlockRef B,
                                        LLVMValueRef *Conds, bool *Taken,
                                        size_t Cap) {
  auto &DT = famOf(FAM).getResult<DominatorTreeAnalysis>(fn(F));
  BasicBlock *Block = unwrap(B);
  DomTreeNode *Node = DT.getNode(Block);
  size_t N = 0;
  for (DomTreeNode *Up = Node ? Node->getIDom() : nullptr; Up && N < Cap;
       Up = Up->getIDom()) {
    auto *Br = dyn_cast<BranchInst>(Up->getBlock()->getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (unsigned K = 0; K != 2; ++K)
      if (DT.dominates(BasicBlockEdge(Up->getBlock(), Br->getSuccessor(K)),
                       Block)) {
        Conds[N] = wrap(Br->getCondition());
        Taken[N] = K == 0;
        ++N;
        break;
      }
  }
  return N;
}

namespace {
/// Appends the integer indices of the GEPs that `P` is computed by
/// (through GEPs and pointer casts, at most 8 deep) to `Out`.
void gepIndices(const Value *P, SmallVectorImpl<LLVMValueRef> &Out) {
  for (unsigned Depth = 0; Depth != 8; ++Depth) {
    if (const auto *GEP = dyn_cast<GetElementPtrInst>(P)) {
      for (const Use &Idx : GEP->indices())
        if (Idx->getType()->isIntegerTy() && !isa<Constant>(Idx))
          Out.push_back(wrap(Idx.get()));
      P = GEP->getPointerOperand();
    } else if (const auto *Cast = dyn_cast<CastInst>(P)) {
      if (!Cast->getOperand(0)->getType()->isPointerTy())
        return;
      P = Cast->getOperand(0);
    } else {
      return;
    }
  }
}

/// The address a simple (not volatile, not atomic) load or store uses.
const Value *simpleAddress(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return L->isSimple() ? L->getPointerOperand() : nullptr;
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return S->isSimple() ? S->getPointerOperand() : nullptr;
  return nullptr;
}
} // namespace

/// The integer values that cannot be poison whenever `At` runs, unless the
/// program is undefined: the GEP indices of the addresses of the simple
/// loads and stores of `At`'s block that run before it, and of those after
/// it up to the first instruction that may not pass control on or that has
/// an effect (a store is taken, then the walk stops): a load or store
/// through a poison address is undefined behaviour, and nothing observable
/// happens before it. Into `Out` (room for `Cap`); returns how many there
/// are, at most `Cap`.
GPUCC_EXPORT size_t gpucc_sepgep_must_not_be_poison(LLVMValueRef At,
                                                    LLVMValueRef *Out,
                                                    size_t Cap) {
  auto *AtI = unwrap<Instruction>(At);
  SmallVector<LLVMValueRef, 16> Found;
  bool After = false;
  for (const Instruction &I : *AtI->getParent()) {
    if (&I == AtI) {
      After = true;
      continue;
    }
    if (const Value *P = simpleAddress(I))
      gepIndices(P, Found);
    if (After && (isa<StoreInst>(I) || !isGuaranteedToTransferExecutionToSuccessor(&I) ||
                  (I.mayHaveSideEffects() && !isa<LoadInst>(I))))
      break;
    if (Found.size() >= Cap)
      break;
  }
  size_t N = std::min(Found.size(), Cap);
  for (size_t K = 0; K != N; ++K)
    Out[K] = Found[K];
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
