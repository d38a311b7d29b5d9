//===- nary.cpp - LLVM queries for gpucc-nary-reassociate -----------------===//
//
// What `gpucc-nary-reassociate` (src/passes/nary_reassociate.rs) needs from
// LLVM beyond the C API and cpp/analyses.cpp: the SCEV of a GEP with other
// indices, the poison-carrying leaves of a SCEV, ValueTracking's
// signed-overflow and poison queries (with the function's assumption cache
// and dominator tree, as upstream asks them), the reach of those queries
// (depth limit, users within it, assumptions), the loop nest
// around a block, and the deletion of dead instructions that keeps scalar
// evolution informed. Same rules as shim.cpp: `extern "C"`, `gpucc_*`,
// LLVM-C handles, no exceptions, no decisions: every choice is made in Rust.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

//===-- The analyses of one run -------------------------------------------===//
//
// The pass asks scalar evolution and ValueTracking a few questions per
// instruction. Asking the analysis manager for the result each time is a
// hash lookup that costs more than most of the questions, so the run fetches
// the results once (`gpucc_nary_analyses`) and passes them back with every
// question. They stay valid while the pass runs: it changes no CFG and never
// invalidates the function's analyses.

namespace {
/// What `gpucc_nary_analyses` fetches, in its order.
struct NaryAnalyses {
  ScalarEvolution *SE;
  AssumptionCache *AC;
  DominatorTree *DT;
};

ScalarEvolution &seOf(const void *SE) {
  return *static_cast<ScalarEvolution *>(const_cast<void *>(SE));
}

const SCEV *asScevPtr(const void *S) { return static_cast<const SCEV *>(S); }
} // namespace

/// Fetches (computing them if needed) the scalar evolution, assumption cache
/// and dominator tree of `F`, into `Out[0..3)` in that order.
GPUCC_EXPORT void gpucc_nary_analyses(void *FAM, LLVMValueRef F, void **Out) {
  Function &Fn = fn(F);
  FunctionAnalysisManager &AM = famOf(FAM);
  NaryAnalyses A{&AM.getResult<ScalarEvolutionAnalysis>(Fn),
                 &AM.getResult<AssumptionAnalysis>(Fn),
                 &AM.getResult<DominatorTreeAnalysis>(Fn)};
  Out[0] = A.SE;
  Out[1] = A.AC;
  Out[2] = A.DT;
}

/// The SCEV of value `V` (getSCEV), from scalar evolution `SE`.
GPUCC_EXPORT const void *gpucc_nary_scev_of(const void *SE, LLVMValueRef V) {
  return seOf(SE).getSCEV(unwrap(V));
}

/// The SCEVs of the indices of GEP `G` (operands 1 and on), in operand
/// order, written to `Out` (room for `Cap`); returns how many indices there
/// are. One call where the pass would make one per index.
GPUCC_EXPORT size_t gpucc_nary_scev_indices(const void *SE, LLVMValueRef G,
                                            const void **Out, size_t Cap) {
  auto *GEP = cast<GEPOperator>(unwrap(G));
  size_t N = 0;
  for (Value *Idx : GEP->indices()) {
    if (N < Cap)
      Out[N] = seOf(SE).getSCEV(Idx);
    ++N;
  }
  return N;
}

/// `A + B`, `A * B`, and the min/max kinds (ScevOp's numbers, as
/// gpucc_scev_binary); operands of one type.
GPUCC_EXPORT const void *gpucc_nary_scev_binary(const void *SE, unsigned Op,
                                                const void *A, const void *B) {
  ScalarEvolution &S = seOf(SE);
  const SCEV *X = asScevPtr(A), *Y = asScevPtr(B);
  switch (Op) {
  case 0:
    return S.getAddExpr(X, Y);
  case 1:
    return S.getMulExpr(X, Y);
  case 2:
    return S.getSMaxExpr(X, Y);
  case 3:
    return S.getSMinExpr(X, Y);
  case 4:
    return S.getUMaxExpr(X, Y);
  case 5:
    return S.getUMinExpr(X, Y);
  }
  return nullptr;
}

/// `S` zero-extended to integer type `Ty`, which is wider.
GPUCC_EXPORT const void *gpucc_nary_scev_zext(const void *SE, const void *S,
                                              LLVMTypeRef Ty) {
  return seOf(SE).getZeroExtendExpr(asScevPtr(S), unwrap(Ty));
}

/// Is `S` the constant zero (SCEV::isZero)?
GPUCC_EXPORT bool gpucc_nary_scev_is_zero(const void *S) {
  return asScevPtr(S)->isZero();
}

//===-- Scalar evolution --------------------------------------------------===//

/// The SCEV of GEP `G` with its indices replaced by `Idx[0..N)` (N is its
/// number of indices): ScalarEvolution::getGEPExpr.
GPUCC_EXPORT const void *gpucc_nary_scev_gep(const void *SEp, LLVMValueRef G,
                                             const void *const *Idx,
                                             size_t N) {
  ScalarEvolution &SE = seOf(SEp);
  SmallVector<const SCEV *, 4> Ops;
  for (size_t I = 0; I != N; ++I)
    Ops.push_back(static_cast<const SCEV *>(Idx[I]));
  return SE.getGEPExpr(cast<GEPOperator>(unwrap(G)), Ops);
}

/// Writes into `Out` (room for `Cap`) the values of the SCEVUnknown leaves of
/// `S` whose poison always makes `S` poison: every leaf, except below a
/// sequential umin, which stops poison after its first operand (as LLVM's
/// SCEVPoisonCollector without look-through). Returns how many there are.
GPUCC_EXPORT size_t gpucc_nary_scev_poison_leaves(const void *S,
                                                  LLVMValueRef *Out,
                                                  size_t Cap) {
  struct Collector {
    SmallVector<Value *, 8> Leaves;
    bool follow(const SCEV *X) {
      if (isa<SCEVSequentialMinMaxExpr>(X))
        return false;
      if (auto *U = dyn_cast<SCEVUnknown>(X))
        Leaves.push_back(U->getValue());
      return true;
    }
    bool isDone() const { return false; }
  } C;
  visitAll(static_cast<const SCEV *>(S), C);
  for (size_t I = 0; I < C.Leaves.size() && I < Cap; ++I)
    Out[I] = wrap(C.Leaves[I]);
  return C.Leaves.size();
}

//===-- ValueTracking -----------------------------------------------------===//

/// Can `Add` (an add instruction or constant expression) never overflow as a
/// signed addition, seen from instruction `Ctx`?
GPUCC_EXPORT bool gpucc_nary_add_never_overflows_signed(void *AC, void *DT,
                                                        LLVMValueRef Add,
                                                        LLVMValueRef Ctx) {
  auto *AO = dyn_cast<AddOperator>(unwrap(Add));
  if (!AO)
    return false;
  Instruction *At = unwrap<Instruction>(Ctx);
  return gpucc::signedAddNeverOverflows(
      AO, At->getModule()->getDataLayout(), static_cast<AssumptionCache *>(AC),
      At, static_cast<DominatorTree *>(DT));
}

/// isKnownNonNegative(V) at instruction `Ctx`, with the assumption cache
/// `AC` and tree `DT` (as gpucc_known_non_negative with assumptions).
GPUCC_EXPORT bool gpucc_nary_known_non_negative(void *AC, void *DT,
                                                LLVMValueRef V,
                                                LLVMValueRef Ctx) {
  Instruction *At = unwrap<Instruction>(Ctx);
  return gpucc::knownNonNegative(unwrap(V), At->getModule()->getDataLayout(),
                                 static_cast<AssumptionCache *>(AC), At,
                                 static_cast<DominatorTree *>(DT));
}

/// isGuaranteedNotToBePoison(V).
GPUCC_EXPORT bool gpucc_nary_not_poison(LLVMValueRef V) {
  return isGuaranteedNotToBePoison(unwrap(V));
}

/// Can instruction `I` make poison from non-poison operands, flags and
/// metadata aside (canCreatePoison(I, false))?
GPUCC_EXPORT bool gpucc_nary_can_create_poison(LLVMValueRef I) {
  return canCreatePoison(cast<Operator>(unwrap<Instruction>(I)),
                         /*ConsiderFlagsAndMetadata=*/false);
}

/// Is the program undefined whenever instruction `I` is poison
/// (programUndefinedIfPoison)?
GPUCC_EXPORT bool gpucc_nary_undefined_if_poison(LLVMValueRef I) {
  return programUndefinedIfPoison(unwrap<Instruction>(I));
}

/// Does instruction `I` carry poison-generating flags or metadata?
GPUCC_EXPORT bool gpucc_nary_has_poison_annotations(LLVMValueRef I) {
  return gpucc::hasPoisonAnnotations(unwrap<Instruction>(I));
}

/// Drops the poison-generating flags and metadata of instruction `I`.
GPUCC_EXPORT void gpucc_nary_drop_poison_annotations(LLVMValueRef I) {
  gpucc::dropPoisonAnnotations(unwrap<Instruction>(I));
}

/// Does assumption cache `AC` hold any assumption of its function?
GPUCC_EXPORT bool gpucc_nary_has_assumptions(void *AC) {
  return !static_cast<AssumptionCache *>(AC)->assumptions().empty();
}

/// Does some instruction of `F` with an integer result have an operand that
/// is no integer (a `ptrtoint`, a compare of pointers or floats, a call with
/// a pointer argument, ...), the pointer of a load or atomic and the callee
/// of a call aside? If not, value tracking's questions about an integer look
/// only at integers: from one, its operands, theirs, ... are all integers
/// (loads and atomics are not looked into).
GPUCC_EXPORT bool gpucc_nary_int_reads_non_int(LLVMValueRef F) {
  for (const BasicBlock &BB : fn(F))
    for (const Instruction &I : BB) {
      if (!I.getType()->isIntOrIntVectorTy() || isa<BinaryOperator>(I) ||
          isa<LoadInst, AtomicRMWInst, PHINode>(I))
        continue;
      const auto *CB = dyn_cast<CallBase>(&I);
      for (const Use &U : I.operands())
        if (!U->getType()->isIntOrIntVectorTy() && !(CB && CB->isCallee(&U)))
          return true;
    }
  return false;
}

/// Does value tracking's question whether an integer is non-zero look at
/// the integer's users (a division by it, a branch on a compare of it)?
/// LLVM 16 does that for pointers only (isKnownNonNullFromDominatingCondition);
/// later LLVMs for integers too (counted from 17 on, to be safe).
GPUCC_EXPORT bool gpucc_nary_int_questions_read_users() {
  return LLVM_VERSION_MAJOR >= 17;
}

/// ValueTracking's depth limit (`MaxAnalysisRecursionDepth`): its questions
/// about a value look at most this many levels of operands below it.
GPUCC_EXPORT unsigned gpucc_nary_max_analysis_depth() {
  return MaxAnalysisRecursionDepth;
}

/// The instructions of integer type that use `V` within `Depth` levels (its
/// users, theirs, ... through integers only, loads and atomics aside: value
/// tracking does not look into their pointers), each once, `V` not included
/// (none if `V` is no integer),
/// into `Out` (room for `Cap`), nearest levels first. Returns how many there
/// are, or `Cap + 1` if more than `Cap` (then only the first `Cap` are
/// written).
GPUCC_EXPORT size_t gpucc_nary_int_users_within(LLVMValueRef V, unsigned Depth,
                                                LLVMValueRef *Out, size_t Cap) {
  if (!unwrap(V)->getType()->isIntOrIntVectorTy())
    return 0;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 16> Level{unwrap(V)}, Next;
  Seen.insert(unwrap(V));
  size_t N = 0;
  for (unsigned D = 0; D != Depth && !Level.empty(); ++D) {
    Next.clear();
    for (const Value *X : Level)
      for (const User *U : X->users()) {
        if (!isa<Instruction>(U) || !U->getType()->isIntOrIntVectorTy() ||
            isa<LoadInst, AtomicRMWInst>(U) || !Seen.insert(U).second)
          continue;
        if (N == Cap)
          return Cap + 1;
        Out[N++] = wrap(const_cast<User *>(U));
        Next.push_back(U);
      }
    std::swap(Level, Next);
  }
  return N;
}

//===-- Values, types, data layout ----------------------------------------===//

namespace {
/// The opcode of LLVM-C's binary operator `C` in the C++ API's numbering
/// (0 for anything else).
unsigned binaryOpcode(unsigned C) {
  switch (C) {
  case LLVMAdd:
    return Instruction::Add;
  case LLVMSub:
    return Instruction::Sub;
  case LLVMMul:
    return Instruction::Mul;
  case LLVMUDiv:
    return Instruction::UDiv;
  case LLVMSDiv:
    return Instruction::SDiv;
  case LLVMURem:
    return Instruction::URem;
  case LLVMSRem:
    return Instruction::SRem;
  case LLVMShl:
    return Instruction::Shl;
  case LLVMLShr:
    return Instruction::LShr;
  case LLVMAShr:
    return Instruction::AShr;
  case LLVMAnd:
    return Instruction::And;
  case LLVMOr:
    return Instruction::Or;
  case LLVMXor:
    return Instruction::Xor;
  }
  return 0;
}
} // namespace

/// If `V` is the integer binary operator with LLVM-C opcode `Opcode` (an
/// instruction or a constant expression, as LLVM's `m_Add`/`m_Mul` match),
/// writes its operands to `A` and `B` and returns true; else false.
GPUCC_EXPORT bool gpucc_nary_binary_operands(LLVMValueRef V, unsigned Opcode,
                                             LLVMValueRef *A, LLVMValueRef *B) {
  unsigned Want = binaryOpcode(Opcode);
  auto *Op = dyn_cast<Operator>(unwrap(V));
  if (!Want || !Op || !isa<Instruction, ConstantExpr>(Op) ||
      Op->getOpcode() != Want || !Op->getType()->isIntegerTy())
    return false;
  *A = wrap(Op->getOperand(0));
  *B = wrap(Op->getOperand(1));
  return true;
}

/// `V` without pointer casts and all-zero GEPs (Value::stripPointerCasts).
GPUCC_EXPORT LLVMValueRef gpucc_nary_strip_pointer_casts(LLVMValueRef V) {
  return wrap(unwrap(V)->stripPointerCasts());
}

/// LLVM's `Value::getValueID()` of `V` (the kind order scalar evolution
/// sorts operands by).
GPUCC_EXPORT unsigned gpucc_nary_value_id(LLVMValueRef V) {
  return unwrap(V)->getValueID();
}

/// Index width in bits of pointers in address space `AS`, in `F`'s module.
GPUCC_EXPORT unsigned gpucc_nary_index_width(LLVMValueRef F, unsigned AS) {
  return fn(F).getParent()->getDataLayout().getIndexSizeInBits(AS);
}

//===-- Loops -------------------------------------------------------------===//

/// The loops around block `BB`, innermost first: their headers into
/// `Headers` and preheaders (null where there is none) into `Preheaders`,
/// room for `Cap` each. Returns the loop depth of `BB`.
GPUCC_EXPORT size_t gpucc_nary_loop_nest(void *FAM, LLVMValueRef F,
                                         LLVMBasicBlockRef BB,
                                         LLVMBasicBlockRef *Headers,
                                         LLVMBasicBlockRef *Preheaders,
                                         size_t Cap) {
  LoopInfo &LI = famOf(FAM).getResult<LoopAnalysis>(fn(F));
  size_t N = 0;
  for (Loop *L = LI.getLoopFor(unwrap(BB)); L; L = L->getParentLoop()) {
    if (N < Cap) {
      Headers[N] = wrap(L->getHeader());
      Preheaders[N] = wrap(L->getLoopPreheader());
    }
    ++N;
  }
  return N;
}

//===-- Deleting ----------------------------------------------------------===//

/// Deletes each of `Insts` that is trivially dead, and what becomes dead
/// through it, telling scalar evolution first (forgetValue); entries deleted
/// on the way are skipped (RecursivelyDeleteTriviallyDeadInstructionsPermissive).
GPUCC_EXPORT void gpucc_nary_delete_dead(void *FAM, LLVMValueRef F,
                                         const LLVMValueRef *Insts, size_t N) {
  Function &Fn = fn(F);
  ScalarEvolution &SE = famOf(FAM).getResult<ScalarEvolutionAnalysis>(Fn);
  TargetLibraryInfo &TLI = famOf(FAM).getResult<TargetLibraryAnalysis>(Fn);
  SmallVector<WeakTrackingVH, 16> Dead;
  for (size_t I = 0; I != N; ++I)
    Dead.emplace_back(unwrap(Insts[I]));
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(
      Dead, &TLI, nullptr, [&SE](Value *V) { SE.forgetValue(V); });
}
