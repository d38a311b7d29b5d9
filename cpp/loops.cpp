//===- loops.cpp - loop metadata for gpucc-unroll-grid-stride -------------===//
//
// Loop IDs (`!llvm.loop`) are self-referential distinct nodes, which LLVM-C
// cannot build. Same rules as shim.cpp: `extern "C"`, `gpucc_*`, LLVM-C
// handles, no exceptions, no decisions.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace {
/// The name of loop property `Op` (an `!{!"name", ...}` node), or "".
StringRef propertyName(const MDOperand &Op) {
  auto *N = dyn_cast_or_null<MDNode>(Op.get());
  if (!N || N->getNumOperands() == 0)
    return "";
  auto *S = dyn_cast_or_null<MDString>(N->getOperand(0).get());
  return S ? S->getString() : "";
}
} // namespace

/// Does terminator `Br`'s loop ID carry a property whose name starts with
/// `Prefix` (e.g. "llvm.loop.unroll.")?
GPUCC_EXPORT bool gpucc_loop_has_property(LLVMValueRef Br, const char *Prefix,
                                          size_t Len) {
  auto *I = dyn_cast<Instruction>(unwrap(Br));
  MDNode *ID = I ? I->getMetadata(LLVMContext::MD_loop) : nullptr;
  if (!ID)
    return false;
  StringRef P(Prefix, Len);
  for (unsigned K = 1, E = ID->getNumOperands(); K < E; ++K)
    if (propertyName(ID->getOperand(K)).starts_with(P))
      return true;
  return false;
}

/// Gives terminator `Br` a loop ID with `llvm.loop.unroll.count` = `Count`,
/// keeping every other property of its current one.
GPUCC_EXPORT void gpucc_loop_set_unroll_count(LLVMValueRef Br, unsigned Count) {
  auto *I = cast<Instruction>(unwrap(Br));
  LLVMContext &C = I->getContext();
  SmallVector<Metadata *, 4> Ops;
  Ops.push_back(nullptr); // the self reference
  if (MDNode *Old = I->getMetadata(LLVMContext::MD_loop))
    for (unsigned K = 1, E = Old->getNumOperands(); K < E; ++K)
      if (propertyName(Old->getOperand(K)) != "llvm.loop.unroll.count")
        Ops.push_back(Old->getOperand(K).get());
  Ops.push_back(MDNode::get(
      C, {MDString::get(C, "llvm.loop.unroll.count"),
          ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), Count))}));
  MDNode *ID = MDNode::getDistinct(C, Ops);
  ID->replaceOperandWith(0, ID);
  I->setMetadata(LLVMContext::MD_loop, ID);
}
