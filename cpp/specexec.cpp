//===- specexec.cpp - shim for gpucc-speculative-execution ----------------===//
//
// What src/passes/speculative_execution.rs asks LLVM and LLVM 16's C API
// cannot answer: the target's cost of one instruction and whether it has
// divergent branches, isSafeToSpeculativelyExecute, the kind of a debug
// intrinsic, dropping the attributes that make a hoisted call undefined, and
// the facts of a block (its shape; an arm's instructions and their operands)
// in one call each, and the hoisting of a list of instructions.
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

/// Does the target of this TTI have divergent branches (GPUs)?
GPUCC_EXPORT bool gpucc_tti_has_branch_divergence(const void *TTI) {
  return ttiAt(TTI).hasBranchDivergence();
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


//===-- One call per block ------------------------------------------------===//
//
// The pass looks at every block and at every instruction of each if-then
// arm. One call per question costs more than most answers, so a block's
// facts come in one call: its shape (`gpucc_specexec_shape`), or, for an
// arm, every instruction's opcode, kind and operands in the block
// (`gpucc_specexec_block`). They still decide nothing.

/// The two successors of a block's conditional branch, and of each: its
/// single successor (null when its terminator has not exactly one), whether
/// exactly one CFG edge enters it, and whether it holds nothing but its
/// terminator and debug intrinsics. Mirrors `specexec::RawShape`.
struct GpuccSpecShape {
  LLVMBasicBlockRef Succ[2];
  LLVMBasicBlockRef SingleSucc[2];
  uint8_t OnePredEdge[2];
  uint8_t OnlyDebug[2];
};

namespace {
/// Does exactly one CFG edge enter `B` (one use by a terminator; a switch
/// with two cases to `B` counts twice)?
bool onePredEdge(const BasicBlock *B) {
  unsigned N = 0;
  for (const Use &U : B->uses()) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (I && I->isTerminator() && ++N > 1)
      return false;
  }
  return N == 1;
}

/// 1 for a debug variable intrinsic, 2 for dbg.label, 0 for anything else.
int debugKind(const Value *V) {
  if (isa<DbgVariableIntrinsic>(V))
    return 1;
  if (isa<DbgLabelInst>(V))
    return 2;
  return 0;
}
} // namespace

/// What kind of debug intrinsic `I` is: 0 none, 1 a variable intrinsic
/// (dbg.declare, dbg.value, dbg.assign), 2 dbg.label.
GPUCC_EXPORT int gpucc_debug_intrinsic_kind(LLVMValueRef I) {
  return debugKind(unwrap(I));
}

/// The shape facts of block `BB` when it ends in a conditional branch
/// (written to `Out`); false, with nothing written, otherwise.
GPUCC_EXPORT bool gpucc_specexec_shape(LLVMBasicBlockRef BB,
                                       GpuccSpecShape *Out) {
  auto *BI = dyn_cast_or_null<BranchInst>(unwrap(BB)->getTerminator());
  if (!BI || !BI->isConditional())
    return false;
  for (unsigned K = 0; K != 2; ++K) {
    BasicBlock *S = BI->getSuccessor(K);
    Out->Succ[K] = wrap(S);
    const Instruction *T = S->getTerminator();
    Out->SingleSucc[K] =
        T && T->getNumSuccessors() == 1 ? wrap(T->getSuccessor(0)) : nullptr;
    Out->OnePredEdge[K] = onePredEdge(S);
    bool OnlyDebug = true;
    for (const Instruction &I : *S)
      if (!I.isTerminator() && !debugKind(&I)) {
        OnlyDebug = false;
        break;
      }
    Out->OnlyDebug[K] = OnlyDebug;
  }
  return true;
}

/// One instruction of a block (`gpucc_specexec_block`). Mirrors
/// `specexec::RawInst`.
struct GpuccSpecInst {
  LLVMValueRef Inst;
  LLVMOpcode Opcode;
  int Debug;        // 1 debug variable intrinsic, 2 dbg.label, 0 neither
  unsigned FirstOp; // its operand entries, in operand order
  unsigned NumOps;
  // For the opcodes asked about only (see gpucc_specexec_block): is it safe
  // to speculate, and if so, is its cost valid, and the cost.
  uint8_t Safe;
  uint8_t CostValid;
  int64_t Cost;
};

/// One operand entry. Mirrors `specexec::RawOp`.
struct GpuccSpecOp {
  LLVMValueRef Value;
  uint32_t Where; // see below
};

/// Where an operand is, for `GpuccSpecOp::Where`.
enum : uint32_t {
  SpecEarlier = 0, // an earlier instruction of the block
  SpecLater = 1,   // an instruction of the block, not earlier
  SpecOutside = 2, // an instruction of another block
  SpecOpaque = 3,  // no instruction (argument, constant, gone)
};

/// The instructions of block `BB` in order, as far as room allows: each
/// with its opcode and debug kind into `Insts` (room for `CapI`), and its
/// operand entries into `Ops` (room for `CapO`): for a debug variable
/// intrinsic, every location operand; for any other instruction whose
/// LLVM-C opcode is in the bit set `WithOperands` (two words), the operands
/// that are instructions of `BB` (none for the other opcodes). For those
/// opcodes (and no debug intrinsic), also whether it is safe to speculate
/// (as gpucc_is_safe_to_speculate) and, if it is, its cost under `TTI` (as
/// gpucc_tti_size_latency_cost). Returns how many instructions
/// were written, and their operand entries in `*NumOps`; `*Complete` says
/// whether that is all of the block.
GPUCC_EXPORT size_t gpucc_specexec_block(LLVMBasicBlockRef BB,
                                         const void *TTI,
                                         const uint64_t *WithOperands,
                                         GpuccSpecInst *Insts, size_t CapI,
                                         GpuccSpecOp *Ops, size_t CapO,
                                         size_t *NumOps, bool *Complete) {
  const BasicBlock *B = unwrap(BB);
  size_t N = 0, NO = 0;
  // Where `V`, an operand of `User` (an instruction of `B`), is. Whether an
  // instruction of `B` comes earlier is read from the block's instruction
  // numbering (computed once, kept until the block changes).
  auto Where = [&](const Value *V, const Instruction *User) -> uint32_t {
    auto *I = dyn_cast_or_null<Instruction>(V);
    if (!I)
      return SpecOpaque;
    if (I->getParent() != B)
      return SpecOutside;
    return I != User && I->comesBefore(User) ? SpecEarlier : SpecLater;
  };
  *Complete = false;
  for (const Instruction &I : *B) {
    if (N == CapI) {
      *NumOps = NO;
      return N;
    }
    // Only calls can be debug intrinsics.
    int Debug = isa<CallInst>(I) ? debugKind(&I) : 0;
    LLVMOpcode Opcode = LLVMGetInstructionOpcode(wrap(&I));
    unsigned Bit = unsigned(Opcode);
    bool WantOps = Bit < 128 && (WithOperands[Bit / 64] >> (Bit % 64) & 1);
    size_t First = NO;
    bool Fits = true;
    if (Debug == 1) {
      for (Value *V : cast<DbgVariableIntrinsic>(I).location_ops()) {
        if (NO == CapO) {
          Fits = false;
          break;
        }
        Ops[NO++] = {wrap(V), Where(V, &I)};
      }
    } else if (!Debug && WantOps) {
      for (const Value *Op : I.operands()) {
        auto *OpI = dyn_cast<Instruction>(Op);
        if (!OpI || OpI->getParent() != B)
          continue;
        if (NO == CapO) {
          Fits = false;
          break;
        }
        Ops[NO++] = {wrap(OpI), Where(OpI, &I)};
      }
    }
    if (!Fits) {
      *NumOps = First;
      return N;
    }
    GpuccSpecInst &Out = Insts[N++];
    Out.Inst = wrap(&I);
    Out.Opcode = Opcode;
    Out.Debug = Debug;
    Out.FirstOp = First;
    Out.NumOps = NO - First;
    Out.Safe = Out.CostValid = 0;
    Out.Cost = 0;
    if (!Debug && WantOps && isSafeToSpeculativelyExecute(&I)) {
      Out.Safe = 1;
      InstructionCost C = ttiAt(TTI).getInstructionCost(
          &I, TargetTransformInfo::TCK_SizeAndLatency);
      if (C.isValid()) {
        Out.CostValid = 1;
        Out.Cost = gpucc::costValue(C);
      }
    }
  }
  *Complete = true;
  *NumOps = NO;
  return N;
}

/// Moves `Insts[0..N)`, in order, right before `Before`, and drops the
/// source location of each that is no debug intrinsic (as
/// gpucc_move_before and gpucc_drop_hoisted_location, in one call).
GPUCC_EXPORT void gpucc_specexec_hoist(const LLVMValueRef *Insts, size_t N,
                                       LLVMValueRef Before) {
  Instruction *Pos = unwrap<Instruction>(Before);
  for (size_t K = 0; K != N; ++K) {
    Instruction *I = unwrap<Instruction>(Insts[K]);
    gpucc::moveBefore(I, Pos);
    if (!isa<DbgInfoIntrinsic>(I))
      I->dropLocation();
  }
}
