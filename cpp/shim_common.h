//===- shim_common.h - what every cpp/*.cpp shim file shares --------------===//
//
// The export macro of the `gpucc_*` functions and the casts from the handles
// the Rust side passes (the running pass's FunctionAnalysisManager as a
// `void *`, a function as an LLVM-C value) back to LLVM's classes. Internal
// to the shim: only the .cpp files in this folder include it (build.rs
// compiles each of them), and its helpers are `static inline`, so every file
// has its own private copy and nothing new is exported.
//
//===----------------------------------------------------------------------===//

#ifndef GPUCC_SHIM_COMMON_H
#define GPUCC_SHIM_COMMON_H

#include "llvm-c/Core.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

/// Marks a function the Rust side calls: C linkage, and visible although the
/// shim is built with -fvisibility=hidden.
#define GPUCC_EXPORT extern "C" __attribute__((visibility("default")))

/// The FunctionAnalysisManager behind `Raw`, the analysis-manager pointer of
/// the running pass that the Rust side hands to the shim.
static inline llvm::FunctionAnalysisManager &famOf(void *Raw) {
  return *static_cast<llvm::FunctionAnalysisManager *>(Raw);
}

/// The function behind the LLVM-C handle `F`.
static inline llvm::Function &fn(LLVMValueRef F) {
  return *llvm::unwrap<llvm::Function>(F);
}

#endif // GPUCC_SHIM_COMMON_H
