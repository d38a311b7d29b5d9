//===- hpvm.cpp - what gpucc-hpvm-lower needs beyond LLVM-C ---------------===//
//
// Cloning a leaf into a kernel of another signature, marking it as a kernel
// the way each LLVM expects, the block-level barrier of each LLVM, post-
// dominance and uniformity. Same rules as shim.cpp: `extern "C"`, `gpucc_*`,
// LLVM-C handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

/// A copy of `Leaf` named `Name` (external, returning void) that takes the
/// leaf's parameters `Keep[0..NKeep)` in that order; every other parameter
/// `k` of the leaf is replaced by `Repl[k]` (a constant or null, which the
/// caller must make sure is not used). Returns the new function.
GPUCC_EXPORT LLVMValueRef gpucc_hpvm_clone_kernel(LLVMValueRef LeafRef,
                                                  const char *Name,
                                                  size_t NameLen,
                                                  const unsigned *Keep,
                                                  unsigned NKeep,
                                                  const LLVMValueRef *Repl) {
  Function &Leaf = fn(LeafRef);
  SmallVector<Type *, 8> Params;
  for (unsigned I = 0; I != NKeep; ++I)
    Params.push_back(Leaf.getArg(Keep[I])->getType());
  auto *Ty = FunctionType::get(Type::getVoidTy(Leaf.getContext()), Params,
                               /*isVarArg=*/false);
  Function *K = Function::Create(Ty, GlobalValue::ExternalLinkage,
                                 StringRef(Name, NameLen), Leaf.getParent());
  ValueToValueMapTy VMap;
  SmallVector<bool, 8> Kept(Leaf.arg_size(), false);
  for (unsigned I = 0; I != NKeep; ++I) {
    Argument *A = Leaf.getArg(Keep[I]);
    Kept[Keep[I]] = true;
    K->getArg(I)->setName(A->getName());
    VMap[A] = K->getArg(I);
  }
  for (unsigned I = 0, N = Leaf.arg_size(); I != N; ++I)
    if (!Kept[I])
      VMap[Leaf.getArg(I)] =
          Repl[I] ? unwrap(Repl[I])
                  : static_cast<Value *>(PoisonValue::get(Leaf.getArg(I)->getType()));
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(K, &Leaf, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  K->setLinkage(GlobalValue::ExternalLinkage);
  K->setVisibility(GlobalValue::DefaultVisibility);
  return wrap(K);
}

/// A copy of kernel `F` named `Name` with the same signature.
GPUCC_EXPORT LLVMValueRef gpucc_hpvm_clone_same(LLVMValueRef FRef,
                                                const char *Name,
                                                size_t NameLen) {
  Function &F = fn(FRef);
  Function *K = Function::Create(F.getFunctionType(), F.getLinkage(),
                                 StringRef(Name, NameLen), F.getParent());
  K->setCallingConv(F.getCallingConv());
  ValueToValueMapTy VMap;
  for (unsigned I = 0, N = F.arg_size(); I != N; ++I) {
    K->getArg(I)->setName(F.getArg(I)->getName());
    VMap[F.getArg(I)] = K->getArg(I);
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(K, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  return wrap(K);
}

/// Marks `F` as an NVPTX kernel: `!nvvm.annotations` before LLVM 20, the
/// `ptx_kernel` calling convention after.
GPUCC_EXPORT void gpucc_hpvm_mark_kernel(LLVMValueRef FRef) {
  Function &F = fn(FRef);
#if LLVM_VERSION_MAJOR >= 20
  F.setCallingConv(CallingConv::PTX_Kernel);
#else
  LLVMContext &C = F.getContext();
  Metadata *Ops[] = {ValueAsMetadata::get(&F), MDString::get(C, "kernel"),
                     ConstantAsMetadata::get(
                         ConstantInt::get(Type::getInt32Ty(C), 1))};
  F.getParent()
      ->getOrInsertNamedMetadata("nvvm.annotations")
      ->addOperand(MDNode::get(C, Ops));
#endif
}

/// Inserts, before `Before`, the block-wide barrier (`bar.sync 0`) of this
/// LLVM's NVPTX intrinsics.
GPUCC_EXPORT void gpucc_hpvm_barrier_before(LLVMValueRef BeforeRef) {
  auto *Before = unwrap<Instruction>(BeforeRef);
  Module *M = Before->getModule();
#if LLVM_VERSION_MAJOR >= 20
  Function *B = Intrinsic::getOrInsertDeclaration(
      M, Intrinsic::nvvm_barrier_cta_sync_aligned_all);
  CallInst::Create(B, {ConstantInt::get(Type::getInt32Ty(M->getContext()), 0)},
                   "", Before->getIterator());
#else
  Function *B = Intrinsic::getDeclaration(M, Intrinsic::nvvm_barrier0);
  CallInst::Create(B, {}, "", Before);
#endif
}

/// Does block `A` post-dominate block `B` in `F`?
GPUCC_EXPORT bool gpucc_hpvm_postdominates(void *FAM, LLVMValueRef F,
                                           LLVMBasicBlockRef A,
                                           LLVMBasicBlockRef B) {
  return famOf(FAM)
      .getResult<PostDominatorTreeAnalysis>(fn(F))
      .dominates(unwrap(A), unwrap(B));
}

/// Is `V` (an instruction or argument of `F`) uniform across the threads
/// of a block, by LLVM's uniformity analysis?
GPUCC_EXPORT bool gpucc_hpvm_is_uniform(void *FAM, LLVMValueRef F,
                                        LLVMValueRef V) {
  UniformityInfo &UI =
      famOf(FAM).getResult<UniformityInfoAnalysis>(fn(F));
  return UI.isUniform(unwrap(V));
}

/// Deletes the bodies of `Fs[0..N)`, then erases those of them that nothing
/// uses any more (dead constant users dropped first).
GPUCC_EXPORT void gpucc_hpvm_erase_functions(const LLVMValueRef *Fs,
                                             unsigned N) {
  for (unsigned I = 0; I != N; ++I)
    fn(Fs[I]).deleteBody();
  for (unsigned I = 0; I != N; ++I) {
    Function &F = fn(Fs[I]);
    F.removeDeadConstantUsers();
    if (F.use_empty())
      F.eraseFromParent();
  }
}
