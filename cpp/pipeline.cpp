//===- pipeline.cpp - running a textual pass pipeline from inside a pass --===//
//
// The `gpucc` suite interleaves our passes with LLVM's own (GVN, EarlyCSE),
// as upstream's NVPTX backend does. llvm-plugin can add only Rust passes, so
// the suite is a pipeline *text* that the PassBuilder which loaded the plugin
// parses and runs on the module, with the running pipeline's analysis
// manager. The PassBuilder is remembered at registration; opt and clang keep
// it alive while their pipeline runs.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"

#include "llvm-c/Core.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"

#include <cstring>
#include <string>

using namespace llvm;

namespace {
PassBuilder *CurrentBuilder = nullptr;
} // namespace

/// Remembers the PassBuilder that is loading the plugin (the last one wins:
/// it is the one whose pipeline will run).
GPUCC_EXPORT void gpucc_remember_pass_builder(void *PB) {
  CurrentBuilder = static_cast<PassBuilder *>(PB);
}

/// Parses module pipeline `Text` with the remembered PassBuilder and runs it
/// on `M` with module analysis manager `MAM`. Returns null on success, else
/// a malloc'ed error message (free with gpucc_free_message).
GPUCC_EXPORT char *gpucc_run_module_pipeline(LLVMModuleRef M, void *MAM,
                                             const char *Text, size_t Len) {
  auto Fail = [](const std::string &Msg) {
    char *Out = static_cast<char *>(std::malloc(Msg.size() + 1));
    std::memcpy(Out, Msg.c_str(), Msg.size() + 1);
    return Out;
  };
  if (!CurrentBuilder)
    return Fail("no PassBuilder registered the plugin");
  ModulePassManager MPM;
  if (Error E = CurrentBuilder->parsePassPipeline(MPM, StringRef(Text, Len)))
    return Fail(toString(std::move(E)));
  MPM.run(*unwrap(M), *static_cast<ModuleAnalysisManager *>(MAM));
  return nullptr;
}

GPUCC_EXPORT void gpucc_free_message(char *Msg) { std::free(Msg); }
