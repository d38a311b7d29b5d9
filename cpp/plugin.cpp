//===- plugin.cpp - the registration edge: LLVM's PassBuilder meets Rust -===//
//
// LLVM loads the plugin, calls `llvmGetPassPluginInfo` (Rust, src/lib.rs,
// which asks `gpucc_plugin_api_version` and `gpucc_register_callbacks` here)
// and then the registrar once per PassBuilder. Everything LLVM sees of a pass
// is a small C++ class of this file; everything the pass decides is Rust's,
// reached through the `gpucc_rs_*` functions of src/llvm/edge.rs, each of
// which catches panics (one panic layer for the whole plugin).
//
// Why C++ classes and not one generic wrapper: LLVM's instrumentation
// (-time-passes, -print-after-all, -print-changed, -debug-pass-manager,
// -time-trace, clang's -ftime-report) names a pass by its class's static
// `name()`. A template over a slot number gives each of our pipeline names
// its own class, whose `name()` is that pipeline name (`gpucc-slsr`), with
// the name table kept in Rust.
//
// Pipelines (`gpucc`, `gpucc-straight-line`) are pipeline *texts*. Typed on
// the command line they are expanded at parse time into the pass manager being
// built, so every pass inside is a top-level pass for the instrumentation.
// The clang/rustc auto-pipeline must stay off host modules, so there the text
// runs as a nested pass manager behind a GPU check (`AutoPipeline`).
//
// A nested pass manager builds `llvm::Any` values (the IR unit handed to the
// instrumentation callbacks) in *our* code. Any identifies types by the
// address of `Any::TypeId<T>::Id`; the copy the compiler would instantiate
// here is made local by the cdylib's version script, so libLLVM's callbacks
// would not recognize our Any, and crash (the -time-passes segfault of
// issue 14). The explicit instantiation declarations below make those
// symbols undefined here, so they bind to libLLVM's at load time. Pinned by
// test/ir/plugin/instrumentation-*.ll.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/Any.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

// Bind Any's type identities to libLLVM's (see the header comment). The
// member is `char` in every LLVM we build for (16 and later).
extern template char llvm::Any::TypeId<const llvm::Module *>::Id;
extern template char llvm::Any::TypeId<const llvm::Function *>::Id;
extern template char llvm::Any::TypeId<const llvm::Loop *>::Id;
extern template char llvm::Any::TypeId<const llvm::LazyCallGraph::SCC *>::Id;
extern template char llvm::Any::TypeId<llvm::PreservedAnalyses>::Id;

using namespace llvm;

extern "C" {
// The Rust side (src/llvm/edge.rs). Each catches panics and never unwinds.

/// Parses one pipeline element at `Level` (0 function, 1 module). Returns 0
/// when the name is not ours; 1 with a pass in `*Pass` (its name slot in
/// `*Slot`); 2 with a pipeline text in `*Text`/`*TextLen` (static). A bad
/// parameter is reported by Rust as an LLVM error (exit 1).
int gpucc_rs_parse(int Level, const char *Element, size_t Len, void **Pass,
                   unsigned *Slot, const char **Text, size_t *TextLen);
/// Runs a function pass; 1 when it changed the function.
int gpucc_rs_run_function(void *Pass, LLVMValueRef F, void *FAM);
/// Runs a module pass; 1 when it changed the module.
int gpucc_rs_run_module(void *Pass, LLVMModuleRef M, void *MAM);
/// Frees a pass made by gpucc_rs_parse or gpucc_rs_auto_pass.
void gpucc_rs_drop_pass(void *Pass);
/// The pipeline element a pass prints as (`gpucc-slsr<max-scan=50>`),
/// written into `Buf` (at most `Cap` bytes); returns its full length.
size_t gpucc_rs_pass_text(void *Pass, char *Buf, size_t Cap);
/// How many name slots there are, and slot `Slot`'s name (static).
unsigned gpucc_rs_slot_count();
const char *gpucc_rs_slot_name(unsigned Slot, size_t *Len);
/// A function pass of the auto-pipeline's extension points, with its slot:
/// `Point` 0 is the peephole point (memory-space annotation), 1 the
/// vectorizer-start point (the grid-stride unroll request), 2 the
/// pipeline-start point (special-register ranges). Each checks the module
/// itself.
void *gpucc_rs_auto_pass(unsigned Point, unsigned *Slot);
/// Auto-pipeline `Which`'s text and its name (static): 0 the `gpucc` suite
/// (optimizer-last point), 1 the OpenMP device passes (pipeline-start point).
const char *gpucc_rs_auto_pipeline(unsigned Which, size_t *Len,
                                   const char **Name, size_t *NameLen);
/// Should auto-pipeline `Which` run on `M` (a GPU triple, not switched off;
/// for 1, also an OpenMP offload module)?
int gpucc_rs_auto_wanted(unsigned Which, LLVMModuleRef M);
}

namespace {

/// The PassBuilder the plugin registered with, for expanding pipeline texts
/// (the last one wins: it is the one whose pipeline will run).
PassBuilder *CurrentBuilder = nullptr;

/// Owns one Rust pass; moves, never copies (the pass manager moves passes in).
class RustPass {
  void *Raw = nullptr;

public:
  explicit RustPass(void *Raw) : Raw(Raw) {}
  RustPass(RustPass &&O) : Raw(std::exchange(O.Raw, nullptr)) {}
  RustPass &operator=(RustPass &&O) {
    std::swap(Raw, O.Raw);
    return *this;
  }
  RustPass(const RustPass &) = delete;
  RustPass &operator=(const RustPass &) = delete;
  ~RustPass() {
    if (Raw)
      gpucc_rs_drop_pass(Raw);
  }
  void *get() const { return Raw; }

  void print(raw_ostream &OS) const {
    char Buf[256];
    size_t N = gpucc_rs_pass_text(Raw, Buf, sizeof(Buf));
    if (N <= sizeof(Buf)) {
      OS << StringRef(Buf, N);
      return;
    }
    std::string Long(N, '\0');
    gpucc_rs_pass_text(Raw, Long.data(), N);
    OS << Long;
  }
};

StringRef slotName(unsigned Slot) {
  size_t Len = 0;
  const char *Name = gpucc_rs_slot_name(Slot, &Len);
  return StringRef(Name, Len);
}

PreservedAnalyses preserved(int Changed) {
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

/// A Rust function pass whose name is slot `Slot`'s.
template <unsigned Slot> struct RustFunctionPass {
  RustPass P;
  static StringRef name() { return slotName(Slot); }
  static bool isRequired() { return false; }
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    return preserved(gpucc_rs_run_function(P.get(), wrap(&F), &FAM));
  }
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    P.print(OS);
  }
};

/// A Rust module pass whose name is slot `Slot`'s.
template <unsigned Slot> struct RustModulePass {
  RustPass P;
  static StringRef name() { return slotName(Slot); }
  static bool isRequired() { return false; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    return preserved(gpucc_rs_run_module(P.get(), wrap(&M), &MAM));
  }
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    P.print(OS);
  }
};

/// More slots than the Rust table has names (checked at registration).
constexpr unsigned MaxSlots = 24;

/// Adds `P` to `PM` as the class of its slot (a compile-time unrolled
/// switch over the slot numbers).
template <template <unsigned> class Wrapper, unsigned N = 0, typename PMT>
void addAsSlot(PMT &PM, unsigned Slot, RustPass P) {
  if constexpr (N < MaxSlots) {
    if (Slot == N) {
      PM.addPass(Wrapper<N>{std::move(P)});
      return;
    }
    addAsSlot<Wrapper, N + 1>(PM, Slot, std::move(P));
  } else {
    report_fatal_error("gpucc-passes: pass slot out of range",
                       /*gen_crash_diag=*/false);
  }
}

/// The clang/rustc auto-pipeline: the `gpucc` text (or the OpenMP device
/// text) as a nested pass manager, run only on the modules Rust wants it on
/// (GPU modules; OpenMP offload modules for the OpenMP text) and when not
/// switched off.
///
/// LLVM's pass timers (-time-passes, clang's -ftime-report) allow one running
/// pass timer at a time, and skip the passes that only run other passes: pass
/// managers and adaptors, recognized by a name ending in `PassManager` or
/// `PassAdaptor` (before any `<`). This is one of those, so it is named like
/// one; the passes inside are timed under their own names.
struct AutoPipeline {
  ModulePassManager Inner;
  std::string Name;
  unsigned Which = 0;
  static StringRef name() { return "GpuOnlyPassAdaptor<gpucc>"; }
  static bool isRequired() { return false; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!gpucc_rs_auto_wanted(Which, wrap(&M)))
      return PreservedAnalyses::all();
    return Inner.run(M, MAM);
  }
  void printPipeline(raw_ostream &OS,
                     function_ref<StringRef(StringRef)> MapClassName2PassName) {
    OS << Name << '(';
    Inner.printPipeline(OS, MapClassName2PassName);
    OS << ')';
  }
};

/// Parses `Text` into `MPM` with the PassBuilder, or stops with an error
/// naming `Who`.
void expandInto(PassBuilder &PB, ModulePassManager &MPM, StringRef Who,
                StringRef Text) {
  if (Error E = PB.parsePassPipeline(MPM, Text))
    report_fatal_error(Twine(Who) + ": cannot parse '" + Text +
                           "': " + toString(std::move(E)),
                       /*gen_crash_diag=*/false);
}

bool parseFunction(StringRef Element, FunctionPassManager &FPM) {
  void *Pass = nullptr;
  unsigned Slot = 0;
  const char *Text = nullptr;
  size_t TextLen = 0;
  int Kind = gpucc_rs_parse(0, Element.data(), Element.size(), &Pass, &Slot,
                            &Text, &TextLen);
  if (Kind != 1)
    return false;
  addAsSlot<RustFunctionPass>(FPM, Slot, RustPass(Pass));
  return true;
}

bool parseModule(PassBuilder &PB, StringRef Element, ModulePassManager &MPM) {
  void *Pass = nullptr;
  unsigned Slot = 0;
  const char *Text = nullptr;
  size_t TextLen = 0;
  int Kind = gpucc_rs_parse(1, Element.data(), Element.size(), &Pass, &Slot,
                            &Text, &TextLen);
  switch (Kind) {
  case 1:
    addAsSlot<RustModulePass>(MPM, Slot, RustPass(Pass));
    return true;
  case 2:
    expandInto(PB, MPM, Element, StringRef(Text, TextLen));
    return true;
  default:
    return false;
  }
}

bool isOptimizing(OptimizationLevel Level) {
  return Level != OptimizationLevel::O0;
}

void addAutoPipeline(PassBuilder &PB, ModulePassManager &MPM,
                     unsigned Which) {
  size_t Len = 0, NameLen = 0;
  const char *Name = nullptr;
  const char *Text = gpucc_rs_auto_pipeline(Which, &Len, &Name, &NameLen);
  AutoPipeline Auto;
  Auto.Which = Which;
  Auto.Name = std::string(Name, NameLen);
  expandInto(PB, Auto.Inner, Auto.Name, StringRef(Text, Len));
  MPM.addPass(std::move(Auto));
}

void addAutoPass(FunctionPassManager &FPM, unsigned Point) {
  unsigned Slot = 0;
  void *Pass = gpucc_rs_auto_pass(Point, &Slot);
  addAsSlot<RustFunctionPass>(FPM, Slot, RustPass(Pass));
}

} // namespace

// Defined in shim.cpp: the alias analysis.
GPUCC_EXPORT void gpucc_register_memspace_aa(void *Builder);

/// Registers every name, the extension points and the AA with `PB`.
GPUCC_EXPORT void gpucc_register_callbacks(void *Builder) {
  auto &PB = *static_cast<PassBuilder *>(Builder);
  CurrentBuilder = &PB;
  if (gpucc_rs_slot_count() > MaxSlots)
    report_fatal_error("gpucc-passes: more pass names than slots",
                       /*gen_crash_diag=*/false);
  // `-print-after=gpucc-slsr`, `-filter-passes=...`: class name to pipeline
  // name (they are the same string for our classes).
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    for (unsigned S = 0, N = gpucc_rs_slot_count(); S < N; ++S)
      PIC->addClassToPassName(slotName(S), slotName(S));

  PB.registerPipelineParsingCallback(
      [](StringRef Element, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return parseFunction(Element, FPM);
      });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Element, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement>) {
        return parseModule(PB, Element, MPM);
      });
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [&PB](ModulePassManager &MPM, OptimizationLevel Level,
            ThinOrFullLTOPhase) {
        if (isOptimizing(Level))
          addAutoPipeline(PB, MPM, 0);
      });
#else
  PB.registerOptimizerLastEPCallback(
      [&PB](ModulePassManager &MPM, OptimizationLevel Level) {
        if (isOptimizing(Level))
          addAutoPipeline(PB, MPM, 0);
      });
#endif
  // Memory-space scopes go on early, after each InstCombine, so that GVN,
  // LICM and DSE of the host compiler's own pipeline see them.
  PB.registerPeepholeEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (isOptimizing(Level))
          addAutoPass(FPM, 0);
      });
  // The OpenMP device passes go on first, on clang's IR as emitted: before
  // clang's own openmp-opt and, under -foffload-lto, before the device link
  // brings in the runtime (the pre-link pipeline starts here too). Then the
  // special-register ranges, so every later analysis has them (also those
  // that the OpenMP rewrite reads).
  PB.registerPipelineStartEPCallback(
      [&PB](ModulePassManager &MPM, OptimizationLevel Level) {
        if (!isOptimizing(Level))
          return;
        addAutoPipeline(PB, MPM, 1);
        FunctionPassManager FPM;
        addAutoPass(FPM, 2);
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
      });
  // Grid-stride loops get their unroll request before LLVM's unroller,
  // which runs after the vectorizer.
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (isOptimizing(Level))
          addAutoPass(FPM, 1);
      });
  gpucc_register_memspace_aa(Builder);
}

/// The plugin API version of the headers we were built with.
GPUCC_EXPORT uint32_t gpucc_plugin_api_version() {
  return LLVM_PLUGIN_API_VERSION;
}

/// The LLVM major version the plugin was built for.
GPUCC_EXPORT unsigned gpucc_built_llvm_major() { return LLVM_VERSION_MAJOR; }

/// The LLVM version of the process that loaded us: LLVM-C's LLVMGetVersion
/// (LLVM 16 and later), looked up in the process's global scope, where the
/// host tool's libLLVM comes before anything a plugin brought along. Returns
/// false when the host has no such function (LLVM 15 or older).
GPUCC_EXPORT bool gpucc_host_llvm_version(unsigned *Major, unsigned *Minor,
                                          unsigned *Patch) {
  using GetVersion = void (*)(unsigned *, unsigned *, unsigned *);
  void *Sym = dlsym(RTLD_DEFAULT, "LLVMGetVersion");
  if (!Sym)
    return false;
  reinterpret_cast<GetVersion>(Sym)(Major, Minor, Patch);
  return true;
}

/// The function analysis manager of module `M`, through the module analysis
/// manager's proxy (module passes run function-level analyses with it).
GPUCC_EXPORT void *gpucc_module_fam(void *MAM, LLVMModuleRef M) {
  auto &Mam = *static_cast<ModuleAnalysisManager *>(MAM);
  return &Mam.getResult<FunctionAnalysisManagerModuleProxy>(*unwrap(M))
              .getManager();
}
