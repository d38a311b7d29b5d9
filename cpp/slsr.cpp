//===- slsr.cpp - IR queries for gpucc-slsr -------------------------------===//
//
// The few questions straight-line strength reduction asks that neither
// LLVM 16's C API nor cpp/analyses.cpp answers: known-bits disjointness, the
// index width of an address space, wide integer constants, the global a
// pointer is cast from, and whether a pointer is dereferenced right after it
// is computed. Same rules as shim.cpp: `extern "C"`, `gpucc_*`,
// LLVM-C handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {
const DataLayout &layoutOf(LLVMValueRef F) {
  return unwrap<Function>(F)->getParent()->getDataLayout();
}
} // namespace

/// Do integers `A` and `B` (one type) have no set bit in common, as known
/// bits prove it (ValueTracking's haveNoCommonBitsSet, no context)? `F` names
/// the function whose data layout is used.
GPUCC_EXPORT bool gpucc_slsr_no_common_bits(LLVMValueRef F, LLVMValueRef A,
                                            LLVMValueRef B) {
  return haveNoCommonBitsSet(unwrap(A), unwrap(B), layoutOf(F));
}

/// Bits in a GEP index for pointers of address space `AS` (the data layout's
/// index width, which may be narrower than the pointer).
GPUCC_EXPORT unsigned gpucc_slsr_index_size_bits(LLVMValueRef F, unsigned AS) {
  return layoutOf(F).getIndexSizeInBits(AS);
}

/// If `V` is a ConstantInt of at most 128 bits, writes its width and its value
/// sign-extended to 128 bits (low and high words) and returns true.
GPUCC_EXPORT bool gpucc_slsr_const_int(LLVMValueRef V, unsigned *Bits,
                                       uint64_t *Lo, uint64_t *Hi) {
  auto *C = dyn_cast<ConstantInt>(unwrap(V));
  if (!C || C->getBitWidth() > 128)
    return false;
  *Bits = C->getBitWidth();
  if (C->getBitWidth() <= 64) {
    // The common case, without making a 128-bit APInt (a heap allocation).
    int64_t S = C->getSExtValue();
    *Lo = static_cast<uint64_t>(S);
    *Hi = S < 0 ? ~uint64_t(0) : 0;
    return true;
  }
  APInt Wide = C->getValue().sext(128);
  *Lo = Wide.extractBitsAsZExtValue(64, 0);
  *Hi = Wide.extractBitsAsZExtValue(64, 64);
  return true;
}

/// Operand `I` of `V` when `V` is a User with such an operand of integer type
/// (scalar), else null: one call for what `operand` and a type check ask.
GPUCC_EXPORT LLVMValueRef gpucc_slsr_int_operand(LLVMValueRef V, unsigned I) {
  auto *U = dyn_cast<User>(unwrap(V));
  if (!U || I >= U->getNumOperands())
    return nullptr;
  Value *O = U->getOperand(I);
  if (!O || isa<BasicBlock>(O) || !O->getType()->isIntegerTy())
    return nullptr;
  return wrap(O);
}

/// The add, mul and getelementptr instructions of block `BB`, in order: as
/// many as fit go to `Out` (room for `Cap`), each with its kind in `Kind` (0
/// add, 1 mul, 2 getelementptr). Returns how many there are, all of them.
GPUCC_EXPORT size_t gpucc_slsr_block_candidates(LLVMBasicBlockRef BB,
                                                LLVMValueRef *Out,
                                                uint8_t *Kind, size_t Cap) {
  size_t N = 0;
  for (Instruction &I : *unwrap(BB)) {
    uint8_t K;
    switch (I.getOpcode()) {
    case Instruction::Add:
      K = 0;
      break;
    case Instruction::Mul:
      K = 1;
      break;
    case Instruction::GetElementPtr:
      K = 2;
      break;
    default:
      continue;
    }
    if (N < Cap) {
      Out[N] = wrap(&I);
      Kind[N] = K;
    }
    ++N;
  }
  return N;
}

/// How many instructions function `F` has (a bound on the room its
/// candidates take, most of the time).
GPUCC_EXPORT size_t gpucc_slsr_instruction_count(LLVMValueRef F) {
  return unwrap<Function>(F)->getInstructionCount();
}

/// The global value `P` is (after stripPointerCasts: bitcasts, address-space
/// casts and all-zero GEPs), or null.
GPUCC_EXPORT LLVMValueRef gpucc_slsr_cast_global(LLVMValueRef P) {
  return wrap(dyn_cast<GlobalValue>(unwrap(P)->stripPointerCasts()));
}

/// Is pointer instruction `I` the address of a load or store (not volatile)
/// that runs whenever `I` does: later in `I`'s block, past at most 32
/// instructions (debug intrinsics not counted) that all pass execution on to
/// the next? Then `I` points into a live object whenever the program is
/// defined.
GPUCC_EXPORT bool gpucc_slsr_dereferenced_after(LLVMValueRef I) {
  auto *Inst = unwrap<Instruction>(I);
  unsigned Budget = 32;
  for (auto It = std::next(Inst->getIterator()), E = Inst->getParent()->end();
       It != E && Budget; ++It) {
    if (isa<DbgInfoIntrinsic>(&*It))
      continue;
    --Budget;
    if (auto *L = dyn_cast<LoadInst>(&*It))
      if (!L->isVolatile() && L->getPointerOperand() == Inst)
        return true;
    if (auto *S = dyn_cast<StoreInst>(&*It))
      if (!S->isVolatile() && S->getPointerOperand() == Inst)
        return true;
    if (!isGuaranteedToTransferExecutionToSuccessor(&*It))
      return false;
  }
  return false;
}
