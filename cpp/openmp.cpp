//===-- openmp.cpp - shim functions of gpucc-openmp-opt ------------------===//
//
// What `gpucc-openmp-opt` needs from LLVM that inkwell 0.11 and the main
// shim do not offer: the value of an upstream `cl::opt<unsigned>` (LLVM's
// `-openmp-opt-shared-limit`, which the upstream tests pass to both passes).
// Every function is `extern "C"`, named `gpucc_*`, and never throws.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <cstddef>
#include <cstdint>

#define GPUCC_EXPORT extern "C" __attribute__((visibility("default")))

using namespace llvm;

/// Value of the registered `cl::opt<unsigned>` named `Name`: -1 when no option
/// has that name, else the value; `*Set` tells whether the command line gave
/// it. Only name options that upstream declares as `cl::opt<unsigned>` (the
/// cast is unchecked: LLVM is built without RTTI).
GPUCC_EXPORT int64_t gpucc_omp_cl_opt_unsigned(const char *Name, size_t Len,
                                               bool *Set) {
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find(StringRef(Name, Len));
  if (It == Options.end())
    return -1;
  auto *Opt = static_cast<cl::opt<unsigned> *>(It->second);
  *Set = Opt->getNumOccurrences() > 0;
  return static_cast<int64_t>(Opt->getValue());
}
