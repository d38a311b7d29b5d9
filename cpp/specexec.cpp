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
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iterator>

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
// arm. One call per question costs more than most answers, so the facts come
// in one call each: the blocks of a function that end in a conditional
// branch, with their shapes (`gpucc_specexec_shapes`), and, for an arm, every
// instruction's class, cost and operands in the arm (`gpucc_specexec_block`).
// They still decide nothing.

/// A block that ends in a conditional branch: its two successors, and of
/// each: its single successor (null when its terminator has not exactly
/// one); whether exactly one CFG edge enters it, where its single successor
/// is the other successor or both have the same single successor; and, in a
/// diamond (one edge enters each, and both have the same single successor),
/// whether it holds nothing but its terminator and debug intrinsics. Where a
/// fact is not read, it is false (nothing asks it there). Mirrors
/// `specexec::Shape`, which is written as is: every field is written.
struct GpuccSpecShape {
  LLVMBasicBlockRef Block;
  LLVMBasicBlockRef Succ[2];
  LLVMBasicBlockRef SingleSucc[2];
  bool OnePredEdge[2];
  bool OnlyDebug[2];
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

/// The successor of `B` when its terminator has exactly one successor slot
/// (BasicBlock::getSingleSuccessor), else null; a branch is read directly.
const BasicBlock *singleSuccessor(const BasicBlock *B) {
  const Instruction *T = B->getTerminator();
  if (!T)
    return nullptr;
  if (auto *BI = dyn_cast<BranchInst>(T))
    return BI->isUnconditional() ? BI->getSuccessor(0) : nullptr;
  return T->getNumSuccessors() == 1 ? T->getSuccessor(0) : nullptr;
}

/// The LLVM-C opcode of `I`, remembered per LLVM opcode (LLVM-C maps one to
/// the other with a switch; the answer never changes, and any thread may
/// fill a slot: they all write the same value).
std::atomic<int> KnownOpcodes[Instruction::OtherOpsEnd];

LLVMOpcode llvmOpcode(const Instruction &I) {
  std::atomic<int> &Slot = KnownOpcodes[I.getOpcode()];
  int Op = Slot.load(std::memory_order_relaxed);
  if (!Op) {
    Op = int(LLVMGetInstructionOpcode(wrap(&I)));
    Slot.store(Op, std::memory_order_relaxed);
  }
  return LLVMOpcode(Op);
}
} // namespace

/// What kind of debug intrinsic `I` is: 0 none, 1 a variable intrinsic
/// (dbg.declare, dbg.value, dbg.assign), 2 dbg.label.
GPUCC_EXPORT int gpucc_debug_intrinsic_kind(LLVMValueRef I) {
  return debugKind(unwrap(I));
}

/// The shapes of the blocks of function `F` that end in a conditional
/// branch, in function order, into `Out`, as far as room (`Cap`) allows;
/// returns how many blocks there are, which may be more than `Cap` (then the
/// first `Cap` are written: call again with more room).
GPUCC_EXPORT size_t gpucc_specexec_shapes(LLVMValueRef F, GpuccSpecShape *Out,
                                          size_t Cap) {
  size_t N = 0;
  for (BasicBlock &B : *unwrap<Function>(F)) {
    const auto *BI = dyn_cast_or_null<BranchInst>(B.getTerminator());
    if (!BI || !BI->isConditional())
      continue;
    if (N < Cap) {
      GpuccSpecShape &Sh = Out[N];
      Sh.Block = wrap(&B);
      for (unsigned K = 0; K != 2; ++K) {
        BasicBlock *S = BI->getSuccessor(K);
        Sh.Succ[K] = wrap(S);
        Sh.SingleSucc[K] = wrap(singleSuccessor(S));
      }
      // The edges into an arm are asked about where it goes to the other
      // successor, or both go to the same block; only then are they read.
      bool Join = Sh.SingleSucc[0] && Sh.SingleSucc[0] == Sh.SingleSucc[1];
      for (unsigned K = 0; K != 2; ++K)
        Sh.OnePredEdge[K] = (Join || Sh.SingleSucc[K] == Sh.Succ[1 - K]) &&
                            onePredEdge(unwrap(Sh.Succ[K]));
      // Whether an arm holds nothing is asked of diamonds only: read there.
      bool Diamond = Join && Sh.OnePredEdge[0] && Sh.OnePredEdge[1];
      for (unsigned K = 0; K != 2; ++K) {
        bool OnlyDebug = Diamond;
        for (const Instruction &I : *unwrap(Sh.Succ[K])) {
          if (!OnlyDebug)
            break;
          OnlyDebug = I.isTerminator() || debugKind(&I);
        }
        Sh.OnlyDebug[K] = OnlyDebug;
      }
    }
    ++N;
  }
  return N;
}

/// One instruction of a block (`gpucc_specexec_block`). Mirrors
/// `specexec::RawInst`.
struct GpuccSpecInst {
  LLVMValueRef Inst;
  int64_t Cost;     // for SpecCandidate
  uint64_t Deps;    // bit P: an operand is the instruction at position P < 64
  uint32_t FirstOp; // its operand entries, in operand order (see below)
  uint32_t NumOps;
  uint8_t Opcode; // its LLVM-C opcode (all are below 128)
  uint8_t Class;  // see below
  uint8_t Never;  // an operand is a later instruction of the block, or none
  uint8_t Far;    // an operand is an earlier instruction at a position >= 64
};

/// What `gpucc_specexec_block` found an instruction to be, for
/// `GpuccSpecInst::Class`.
enum : uint8_t {
  SpecCandidate = 0,  // asked opcode, safe to speculate, valid cost
  SpecNotAsked = 1,   // an opcode not asked about
  SpecUnsafe = 2,     // asked, not safe to speculate
  SpecNoCost = 3,     // asked, safe, the target has no valid cost
  SpecDebugVar = 4,   // a debug variable intrinsic
  SpecDebugLabel = 5, // dbg.label (the debug classes come last)
};

/// One operand entry. Mirrors `specexec::RawOp`.
struct GpuccSpecOp {
  LLVMValueRef Value;
  uint32_t Where; // the position of an earlier instruction of the block, or:
};

/// `GpuccSpecOp::Where` for operands that are no earlier instruction of the
/// block.
enum : uint32_t {
  SpecOutside = 0xFFFFFFFD, // an instruction of another block
  SpecOpaque = 0xFFFFFFFE,  // no instruction (argument, constant, gone)
  SpecLater = 0xFFFFFFFF,   // an instruction of the block, not earlier
};

/// The instructions of block `BB` in order, as far as room allows, into
/// `Insts` (room for `CapI`), each with its LLVM-C opcode and class, and
/// where its operands are: for a debug variable intrinsic, every location
/// operand; for an instruction whose LLVM-C opcode is in the bit set `Asked`
/// (two words), the operands that are instructions of `BB`; none for the
/// others. Those at the first 64 positions are bits of `Deps`; `Never` and
/// `Far` flag the others. The operand entries themselves go to `Ops` (room
/// for `CapO`), an instruction of `BB` that comes earlier given by its
/// position: for every instruction when `WithOps`, else only for those with
/// `Far` operands. Asked instructions are classed as safe to speculate or
/// not (LLVM's isSafeToSpeculativelyExecute, no context instruction) and,
/// when safe, get their cost under `TTI` (getInstructionCost,
/// TCK_SizeAndLatency). Returns how many instructions were written, and
/// their operand entries in `*NumOps`; `*Complete` says whether that is all
/// of the block.
GPUCC_EXPORT size_t gpucc_specexec_block(LLVMBasicBlockRef BB,
                                         const void *TTI,
                                         const uint64_t *Asked, bool WithOps,
                                         GpuccSpecInst *Insts, size_t CapI,
                                         GpuccSpecOp *Ops, size_t CapO,
                                         size_t *NumOps, bool *Complete) {
  const BasicBlock *B = unwrap(BB);
  const TargetTransformInfo &T = ttiAt(TTI);
  size_t N = 0, NO = 0;
  // Where `I`, an instruction of `B` and an operand of the instruction at
  // position `N`, is. Operands are nearly always a few instructions back,
  // so the positions written are searched backwards first; past that, the
  // block's order (LLVM's numbering) says whether it comes earlier, and a
  // binary search over the positions finds it.
  auto WhereIn = [&](const Instruction *I) -> uint32_t {
    LLVMValueRef Ref = wrap(I);
    size_t Stop = N > 8 ? N - 8 : 0;
    for (size_t K = N; K != Stop; --K)
      if (Insts[K - 1].Inst == Ref)
        return uint32_t(K - 1);
    if (Stop == 0)
      return SpecLater;
    const Instruction *User = unwrap<Instruction>(Insts[N].Inst);
    if (I == User || !I->comesBefore(User))
      return SpecLater;
    size_t Lo = 0, Hi = Stop; // I is at a position in [Lo, Hi)
    while (Hi - Lo > 1) {
      size_t Mid = Lo + (Hi - Lo) / 2;
      if (I->comesBefore(unwrap<Instruction>(Insts[Mid].Inst)))
        Hi = Mid;
      else
        Lo = Mid;
    }
    return uint32_t(Lo);
  };
  // Calls `F(V, Where)` for each operand of `I` (of debug kind `Debug`) that
  // is reported: see above.
  auto EachOp = [&](const Instruction &I, int Debug, auto &&F) {
    if (Debug == 1) {
      for (Value *V : cast<DbgVariableIntrinsic>(I).location_ops()) {
        auto *VI = dyn_cast_or_null<Instruction>(V);
        F(V, !VI                    ? SpecOpaque
             : VI->getParent() != B ? SpecOutside
                                    : WhereIn(VI));
      }
      return;
    }
    for (const Value *Op : I.operands()) {
      auto *OpI = dyn_cast<Instruction>(Op);
      if (OpI && OpI->getParent() == B)
        F(OpI, WhereIn(OpI));
    }
  };
  *Complete = false;
  for (const Instruction &I : *B) {
    if (N == CapI) {
      *NumOps = NO;
      return N;
    }
    GpuccSpecInst &Out = Insts[N];
    Out.Inst = wrap(&I);
    LLVMOpcode Opcode = llvmOpcode(I);
    Out.Opcode = uint8_t(Opcode);
    unsigned Bit = unsigned(Opcode);
    bool IsAsked = Bit < 128 && (Asked[Bit / 64] >> (Bit % 64) & 1);
    // The terminator that ends the block, when not asked about (the pass
    // asks about none), is written at once.
    if (!IsAsked && I.isTerminator()) {
      Out = {wrap(&I), 0, 0, uint32_t(NO), 0, uint8_t(Opcode), SpecNotAsked,
             0, 0};
      ++N;
      continue;
    }
    // Only calls can be debug intrinsics.
    int Debug = isa<CallInst>(I) ? debugKind(&I) : 0;
    uint64_t Deps = 0;
    uint8_t Never = 0, Far = 0;
    size_t First = NO;
    auto Note = [&](uint32_t W) {
      if (W == SpecOutside)
        return;
      if (W >= SpecOpaque)
        Never = 1;
      else if (W < 64)
        Deps |= uint64_t(1) << W;
      else
        Far = 1;
    };
    // The operand values of an asked instruction, for its cost (what
    // TTI::getInstructionCost(User *, CostKind) copies), gathered on the
    // walk that finds where they are, when they fit.
    const Value *Operands[8];
    unsigned NumOperands = 0;
    bool OperandsGathered = false;
    if (Debug == 1) {
      EachOp(I, Debug, [&](const Value *, uint32_t W) { Note(W); });
    } else if (!Debug && IsAsked) {
      OperandsGathered = I.getNumOperands() <= std::size(Operands);
      for (const Value *Op : I.operands()) {
        if (OperandsGathered)
          Operands[NumOperands++] = Op;
        auto *OpI = dyn_cast<Instruction>(Op);
        if (OpI && OpI->getParent() == B)
          Note(WhereIn(OpI));
      }
    }
    if (Debug == 1 || (!Debug && IsAsked)) {
      if (WithOps || Far) {
        bool Fits = true;
        EachOp(I, Debug, [&](const Value *V, uint32_t W) {
          if (NO == CapO)
            Fits = false;
          else if (Fits)
            Ops[NO++] = {wrap(V), W};
        });
        if (!Fits) {
          *NumOps = First;
          return N;
        }
      }
    }
    Out.Deps = Deps;
    Out.Never = Never;
    Out.Far = Far;
    Out.FirstOp = uint32_t(First);
    Out.NumOps = uint32_t(NO - First);
    Out.Cost = 0;
    if (Debug) {
      Out.Class = Debug == 1 ? SpecDebugVar : SpecDebugLabel;
    } else if (!IsAsked) {
      Out.Class = SpecNotAsked;
    } else if (!isSafeToSpeculativelyExecute(&I)) {
      Out.Class = SpecUnsafe;
    } else {
      const auto Kind = TargetTransformInfo::TCK_SizeAndLatency;
      InstructionCost C =
          OperandsGathered
              ? T.getInstructionCost(
                    &I, ArrayRef<const Value *>(Operands, NumOperands), Kind)
              : T.getInstructionCost(&I, Kind);
      if (C.isValid()) {
        Out.Class = SpecCandidate;
        Out.Cost = gpucc::costValue(C);
      } else {
        Out.Class = SpecNoCost;
      }
    }
    ++N;
  }
  *Complete = true;
  *NumOps = NO;
  return N;
}

/// Moves the instructions of `Insts[0..N)` whose bit in `Stay` is clear
/// (bit K % 64 of word K / 64 for entry K), in order, right before the
/// terminator of `Into`, and drops the source location of each that is no
/// debug intrinsic (Instruction::dropLocation). The entries are a block's
/// instructions in order (gpucc_specexec_block), so entries that follow
/// each other are instructions that do: a run of them moves as one splice
/// where the LLVM keeps no debug records, which a splice would carry along
/// (LLVM 18 and older).
GPUCC_EXPORT void gpucc_specexec_hoist(const GpuccSpecInst *Insts, size_t N,
                                       const uint64_t *Stay,
                                       LLVMBasicBlockRef Into) {
  BasicBlock *To = unwrap(Into);
  Instruction *Pos = To->getTerminator();
  // The first entry at or after K that moves (N if none), and the first at
  // or after K that stays (N if none), word by word.
  auto NextWith = [&](size_t K, bool Moving) {
    while (K < N) {
      uint64_t Word = Stay[K / 64];
      if (Moving)
        Word = ~Word;
      Word >>= K % 64;
      if (Word)
        return std::min(N, K + size_t(__builtin_ctzll(Word)));
      K = (K / 64 + 1) * 64;
    }
    return N;
  };
  for (size_t K = NextWith(0, true); K != N; K = NextWith(K, true)) {
#if LLVM_VERSION_MAJOR < 19
    size_t End = NextWith(K + 1, false);
#else
    size_t End = K + 1;
#endif
    Instruction *I = unwrap<Instruction>(Insts[K].Inst);
    if (End == K + 1)
      gpucc::moveBefore(I, Pos);
    else
      To->splice(Pos->getIterator(), I->getParent(), I->getIterator(),
                 std::next(unwrap<Instruction>(Insts[End - 1].Inst)->getIterator()));
    for (; K != End; ++K) {
      if (Insts[K].Class >= SpecDebugVar)
        continue;
      Instruction *Moved = unwrap<Instruction>(Insts[K].Inst);
      if (Moved->getDebugLoc())
        Moved->dropLocation();
    }
  }
}
