//===- shim.cpp - the thin C++ side of gpucc-passes -----------------------===//
//
// llvm-plugin gives Rust pass registration, pipeline parsing and extension
// points. It does not give LLVM's own analyses, known bits, optimization
// remarks, block splitting or upstream command-line options. This file fills
// exactly those gaps and nothing else:
//
//   * every function is `extern "C"`, named `gpucc_*`, and never throws
//     (we build with -fno-exceptions);
//   * arguments are LLVM-C handles, integers and (pointer, length) strings;
//   * the Rust side (src/llvm/) wraps each one in a safe function.
//
// Keep it thin: decisions belong in Rust.
//
//===----------------------------------------------------------------------===//

#include "shim_common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include <vector>
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace llvm;

namespace {

StringRef str(const char *Ptr, size_t Len) { return StringRef(Ptr, Len); }

// Kill switch for the clang auto-pipeline. Only visible to tools that load the
// plugin before parsing options (`clang -fplugin=...`, `opt -load ...`); the
// environment variable GPUCC_AUTO_PIPELINE=0 works everywhere.
cl::opt<bool> AutoPipeline(
    "gpucc-auto-pipeline", cl::init(true), cl::Hidden,
    cl::desc("Run the gpucc pipeline automatically on GPU device code when "
             "the gpucc-passes plugin is loaded (default true)"));

} // namespace

/// Reports `Msg` as `LLVM ERROR: <Msg>` and exits with status 1, without a
/// crash dump: the error is the user's or ours, not LLVM's.
GPUCC_EXPORT [[noreturn]] void gpucc_fatal(const char *Msg, size_t Len) {
  report_fatal_error(Twine(str(Msg, Len)), /*gen_crash_diag=*/false);
}

/// Known leading zeros of integer value `V`, as computeKnownBits sees it with
/// the data layout of `Ctx`'s module (no assumptions, no context: exactly what
/// upstream BypassSlowDivision asks). `MinLZ` is the number of leading bits
/// known to be zero; `MaxLZ` the position of the first bit known to be one.
GPUCC_EXPORT void gpucc_known_leading_zeros(LLVMValueRef V, LLVMValueRef Ctx,
                                            unsigned *MinLZ, unsigned *MaxLZ) {
  const Instruction *I = unwrap<Instruction>(Ctx);
  const DataLayout &DL = I->getModule()->getDataLayout();
  KnownBits Known = computeKnownBits(unwrap(V), DL);
  *MinLZ = Known.countMinLeadingZeros();
  *MaxLZ = Known.countMaxLeadingZeros();
}

/// Splits `I`'s block before `I`; returns the new block holding `I` and
/// everything after it. Successor phis are updated, as splitBasicBlock does.
GPUCC_EXPORT LLVMBasicBlockRef gpucc_split_block_before(LLVMValueRef I,
                                                       const char *Name,
                                                       size_t Len) {
  Instruction *Inst = unwrap<Instruction>(I);
  return wrap(Inst->getParent()->splitBasicBlock(Inst, Twine(str(Name, Len))));
}

/// Drops every cached analysis result of `F` (after a pass changed it).
GPUCC_EXPORT void gpucc_fam_invalidate(void *FAM, LLVMValueRef F) {
  famOf(FAM).invalidate(fn(F), PreservedAnalyses::none());
}

/// Does anyone listen for remarks of `Pass` on `F`'s context (the
/// -pass-remarks* options or a YAML remark file)?
GPUCC_EXPORT bool gpucc_remarks_wanted(LLVMValueRef F, const char *Pass,
                                       size_t Len) {
  LLVMContext &Ctx = fn(F).getContext();
  if (Ctx.getLLVMRemarkStreamer())
    return true;
  return Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled(str(Pass, Len));
}

/// Emits one optimization remark through `F`'s OptimizationRemarkEmitter.
/// Kind: 0 passed, 1 missed, 2 analysis. `I` may be null: the remark is then
/// attached to the function.
GPUCC_EXPORT void gpucc_remark(void *FAM, LLVMValueRef F, LLVMValueRef I,
                               int Kind, const char *Pass, size_t PassLen,
                               const char *Name, size_t NameLen,
                               const char *Msg, size_t MsgLen) {
  Function &Fn = fn(F);
  OptimizationRemarkEmitter &ORE =
      famOf(FAM).getResult<OptimizationRemarkEmitterAnalysis>(Fn);
  // DiagnosticInfoOptimizationBase keeps `const char *PassName`: it must be
  // NUL-terminated and live until emit() returns.
  std::string PassName(Pass, PassLen);
  StringRef RemarkName = str(Name, NameLen);
  StringRef Text = str(Msg, MsgLen);
  const Instruction *Inst = I ? unwrap<Instruction>(I) : nullptr;
  DiagnosticLocation Loc = Inst ? DiagnosticLocation(Inst->getDebugLoc())
                                : DiagnosticLocation(Fn.getSubprogram());
  const BasicBlock *Region = Inst ? Inst->getParent() : &Fn.getEntryBlock();
  switch (Kind) {
  case 0:
    ORE.emit(OptimizationRemark(PassName.c_str(), RemarkName, Loc, Region)
             << Text);
    break;
  case 1:
    ORE.emit(OptimizationRemarkMissed(PassName.c_str(), RemarkName, Loc, Region)
             << Text);
    break;
  default:
    ORE.emit(
        OptimizationRemarkAnalysis(PassName.c_str(), RemarkName, Loc, Region)
        << Text);
    break;
  }
}

namespace {
/// The `cl::opt<T>` registered in libLLVM under `Name` (an upstream pass's
/// option), or null when no option has that name. The caller names only
/// options that upstream declares as `cl::opt<T>`: LLVM is built without
/// RTTI, so the cast cannot be checked.
template <typename T>
cl::opt<T> *registeredOption(const char *Name, size_t Len) {
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find(str(Name, Len));
  if (It == Options.end())
    return nullptr;
  return static_cast<cl::opt<T> *>(It->second);
}
} // namespace

/// Value of a boolean `cl::opt` registered in libLLVM (e.g. an upstream
/// pass's option): -1 if no option has that name, else 0 or 1. `*Set` tells
/// whether it was given on the command line. The caller names only options
/// that upstream declares as `cl::opt<bool>`.
GPUCC_EXPORT int gpucc_cl_opt_bool(const char *Name, size_t Len, bool *Set) {
  auto *Opt = registeredOption<bool>(Name, Len);
  if (!Opt)
    return -1;
  *Set = Opt->getNumOccurrences() > 0;
  return Opt->getValue() ? 1 : 0;
}

/// Value of an unsigned `cl::opt` registered in libLLVM (an upstream pass's
/// option, such as `spec-exec-max-speculation-cost` or
/// `openmp-opt-shared-limit`): -1 if no option has that name, else its value.
/// `*Set` tells whether it was given on the command line. The caller names
/// only options that upstream declares as `cl::opt<unsigned>`.
GPUCC_EXPORT int64_t gpucc_cl_opt_unsigned(const char *Name, size_t Len,
                                           bool *Set) {
  auto *Opt = registeredOption<unsigned>(Name, Len);
  if (!Opt)
    return -1;
  *Set = Opt->getNumOccurrences() > 0;
  return static_cast<int64_t>(Opt->getValue());
}

/// The `-gpucc-auto-pipeline` option defined above.
GPUCC_EXPORT bool gpucc_auto_pipeline_option() { return AutoPipeline; }

//===-- TargetTransformInfo hooks (memory-space inference) ---------------===//

namespace {
const TargetTransformInfo &tti(void *FAM, LLVMValueRef F) {
  return famOf(FAM).getResult<TargetIRAnalysis>(fn(F));
}
} // namespace

/// The TargetTransformInfo of `F`, fetched once per pass run (the analysis
/// manager lookup is not free); valid while `F` is.
GPUCC_EXPORT const void *gpucc_tti_of(void *FAM, LLVMValueRef F) {
  return &tti(FAM, F);
}

namespace {
const TargetTransformInfo &ttiRef(const void *TTI) {
  return *static_cast<const TargetTransformInfo *>(TTI);
}
} // namespace

/// The target's flat (generic) address space, or ~0u when it has none.
GPUCC_EXPORT unsigned gpucc_tti_flat_address_space(const void *TTI) {
  return ttiRef(TTI).getFlatAddressSpace();
}

/// The address space the target knows `V` points into without looking at
/// its operands (e.g. AMDGPU kernel arguments loaded from constant memory),
/// or ~0u.
GPUCC_EXPORT unsigned gpucc_tti_assumed_address_space(const void *TTI,
                                                     LLVMValueRef V) {
  return ttiRef(TTI).getAssumedAddrSpace(unwrap(V));
}

/// May the volatile memory instruction `I` use address space `AS`?
GPUCC_EXPORT bool gpucc_tti_has_volatile_variant(const void *TTI,
                                                 LLVMValueRef I, unsigned AS) {
  return ttiRef(TTI).hasVolatileVariant(unwrap<Instruction>(I), AS);
}

/// Is a cast from address space `From` to `To` free (the bits unchanged)?
GPUCC_EXPORT bool gpucc_tti_is_noop_addrspacecast(const void *TTI,
                                                  unsigned From, unsigned To) {
  return ttiRef(TTI).isNoopAddrSpaceCast(From, To);
}

/// Points argument `Arg` of memset/memcpy/memmove call `Call` at `NewPtr` (a
/// pointer in another address space) and switches the call to the intrinsic
/// overload for the new pointer types. Returns false if `Call` is not one.
GPUCC_EXPORT bool gpucc_rewrite_mem_intrinsic_pointer(LLVMValueRef Call,
                                                      unsigned Arg,
                                                      LLVMValueRef NewPtr) {
  auto *MI = dyn_cast<MemIntrinsic>(unwrap(Call));
  if (!MI || Arg > 1 || (Arg == 1 && !isa<MemTransferInst>(MI)))
    return false;
  MI->setArgOperand(Arg, unwrap(NewPtr));
  Module *M = MI->getModule();
  SmallVector<Type *, 3> Overload;
  Overload.push_back(MI->getRawDest()->getType());
  if (auto *MT = dyn_cast<MemTransferInst>(MI))
    Overload.push_back(MT->getRawSource()->getType());
  Overload.push_back(MI->getLength()->getType());
  MI->setCalledFunction(
      gpucc::intrinsicDeclaration(M, MI->getIntrinsicID(), Overload));
  return true;
}

/// Is `Call` a call of memset/memcpy/memmove (any variant)? Returns 0 if
/// not, 1 for memset-like (one pointer), 2 for transfers (dest and source).
GPUCC_EXPORT int gpucc_mem_intrinsic_kind(LLVMValueRef Call) {
  auto *MI = dyn_cast<MemIntrinsic>(unwrap(Call));
  if (!MI)
    return 0;
  return isa<MemTransferInst>(MI) ? 2 : 1;
}

/// Constant expression `CE` rebuilt with operands `Index[k]` replaced by
/// `NewOps[k]`. A pointer (or vector of pointers) result moves to address
/// space `NewAS` (~0u: keeps its type). A GEP with `OnlyInBounds` keeps
/// `inbounds` as its only no-wrap flag (see gepConstantWithOperands).
GPUCC_EXPORT LLVMValueRef gpucc_const_expr_with_operands(
    LLVMValueRef CE, const unsigned *Index, const LLVMValueRef *NewOps,
    size_t N, unsigned NewAS, bool OnlyInBounds) {
  auto *E = unwrap<ConstantExpr>(CE);
  SmallVector<Constant *, 4> Ops;
  for (unsigned I = 0, M = E->getNumOperands(); I != M; ++I)
    Ops.push_back(E->getOperand(I));
  for (size_t K = 0; K != N; ++K)
    Ops[Index[K]] = unwrap<Constant>(NewOps[K]);
  Type *NewTy = E->getType();
  if (NewAS != ~0u && NewTy->isPtrOrPtrVectorTy())
    NewTy = NewTy->getWithNewType(PointerType::get(E->getContext(), NewAS));
  if (isa<GEPOperator>(E))
    return wrap(gpucc::gepConstantWithOperands(E, Ops, NewTy, OnlyInBounds));
  return wrap(E->getWithOperands(Ops, NewTy));
}

/// The pointer operands of intrinsic call `Call` that memory-space inference
/// may move to a specific space: objectsize, ptrmask, prefetch, masked load
/// and gather (0), masked store and scatter (1), is.constant of a pointer (0),
/// every pointer operand of fake.use, and what the target lists for its own
/// intrinsics. Writes the first `Max` operand indices to `Out`; returns how
/// many there are (ask again with more room when that is over `Max`).
GPUCC_EXPORT unsigned gpucc_intrinsic_flat_operands(const void *TTI,
                                                    LLVMValueRef Call,
                                                    unsigned *Out,
                                                    unsigned Max) {
  auto *II = dyn_cast<IntrinsicInst>(unwrap(Call));
  if (!II)
    return 0;
  SmallVector<unsigned, 4> Idx;
  Intrinsic::ID ID = II->getIntrinsicID();
  switch (ID) {
  case Intrinsic::objectsize:
  case Intrinsic::ptrmask:
  case Intrinsic::prefetch:
  case Intrinsic::masked_load:
  case Intrinsic::masked_gather:
    Idx.push_back(0);
    break;
  case Intrinsic::masked_store:
  case Intrinsic::masked_scatter:
    Idx.push_back(1);
    break;
  case Intrinsic::is_constant:
    if (II->getArgOperand(0)->getType()->isPtrOrPtrVectorTy())
      Idx.push_back(0);
    break;
  default:
    if (gpucc::isFakeUse(ID)) {
      for (unsigned I = 0, E = II->arg_size(); I != E; ++I)
        if (II->getArgOperand(I)->getType()->isPtrOrPtrVectorTy())
          Idx.push_back(I);
      break;
    }
    SmallVector<int, 2> Target;
    if (ttiRef(TTI).collectFlatAddressOperands(Target, ID))
      for (int I : Target)
        if (I >= 0)
          Idx.push_back(static_cast<unsigned>(I));
    break;
  }
  for (unsigned K = 0; K < Idx.size() && K < Max; ++K)
    Out[K] = Idx[K];
  return Idx.size();
}

/// Is `V` a call of llvm.lifetime.start or llvm.lifetime.end?
GPUCC_EXPORT bool gpucc_is_lifetime_marker(LLVMValueRef V) {
  auto *II = dyn_cast<IntrinsicInst>(unwrap(V));
  return II && II->isLifetimeStartOrEnd();
}

/// Is `V` a call of llvm.ptrmask (an address operator)?
GPUCC_EXPORT bool gpucc_is_ptrmask(LLVMValueRef V) {
  auto *II = dyn_cast<IntrinsicInst>(unwrap(V));
  return II && II->getIntrinsicID() == Intrinsic::ptrmask;
}

/// Moves operand `OldV` of intrinsic call `Call` to `NewV` (a pointer, or a
/// vector of pointers, in another space): objectsize, prefetch, is.constant
/// and masked load/store/gather/scatter switch overload; fake.use (not
/// overloaded) takes `NewV` in every operand that read `OldV`; other
/// intrinsics ask the target, and a replacement the target builds takes the
/// call's uses. Returns false if the call cannot be rewritten.
GPUCC_EXPORT bool gpucc_rewrite_intrinsic_pointer(void *FAM,
                                                          LLVMValueRef F,
                                                          LLVMValueRef Call,
                                                          LLVMValueRef OldV,
                                                          LLVMValueRef NewV) {
  auto *II = dyn_cast<IntrinsicInst>(unwrap(Call));
  if (!II)
    return false;
  Module *M = II->getModule();
  Value *New = unwrap(NewV);
  Intrinsic::ID ID = II->getIntrinsicID();
  switch (ID) {
  case Intrinsic::objectsize:
  case Intrinsic::masked_load:
  case Intrinsic::masked_gather:
    // Overloaded on (result, pointer).
    II->setArgOperand(0, New);
    II->setCalledFunction(gpucc::intrinsicDeclaration(
        M, ID, {II->getType(), New->getType()}));
    return true;
  case Intrinsic::masked_store:
  case Intrinsic::masked_scatter:
    // Overloaded on (stored value, pointer).
    II->setArgOperand(1, New);
    II->setCalledFunction(gpucc::intrinsicDeclaration(
        M, ID, {II->getArgOperand(0)->getType(), New->getType()}));
    return true;
  case Intrinsic::prefetch:
  case Intrinsic::is_constant:
    // Overloaded on the pointer alone.
    if (II->getArgOperand(0) != unwrap(OldV))
      return false;
    II->setArgOperand(0, New);
    II->setCalledFunction(gpucc::intrinsicDeclaration(M, ID, {New->getType()}));
    return true;
  case Intrinsic::ptrmask:
    return false; // an address operator, cloned by gpucc_ptrmask_in_space
  default: {
    if (gpucc::isFakeUse(ID)) {
      // Variadic, not overloaded: every operand reading the old value moves.
      II->replaceUsesOfWith(unwrap(OldV), New);
      return true;
    }
    Value *Rewrite =
        tti(FAM, F).rewriteIntrinsicWithAddressSpace(II, unwrap(OldV), New);
    if (!Rewrite)
      return false;
    if (Rewrite != II)
      II->replaceAllUsesWith(Rewrite);
    return true;
  }
  }
}

/// llvm.ptrmask call `Call` rebuilt (by the target) on pointer `NewPtr`, or
/// null if the target cannot.
GPUCC_EXPORT LLVMValueRef gpucc_ptrmask_in_space(void *FAM, LLVMValueRef F,
                                                 LLVMValueRef Call,
                                                 LLVMValueRef NewPtr) {
  auto *II = dyn_cast<IntrinsicInst>(unwrap(Call));
  if (!II || II->getIntrinsicID() != Intrinsic::ptrmask)
    return nullptr;
  return wrap(tti(FAM, F).rewriteIntrinsicWithAddressSpace(
      II, II->getArgOperand(0), unwrap(NewPtr)));
}

/// A GEP like `GEP` (source element type, indices, inbounds, debug location)
/// on `NewBase`, inserted before `GEP`. Unlike IRBuilder it does not
/// constant-fold, so the clone stays an instruction, as upstream's does. The
/// caller decides which other no-wrap flags the clone may keep.
GPUCC_EXPORT LLVMValueRef gpucc_clone_gep(LLVMValueRef GEP,
                                          LLVMValueRef NewBase) {
  auto *G = unwrap<GetElementPtrInst>(GEP);
  SmallVector<Value *, 4> Idx(G->idx_begin(), G->idx_end());
  auto *New = GetElementPtrInst::Create(G->getSourceElementType(),
                                        unwrap(NewBase), Idx, "",
                                        gpucc::before(G));
  New->setIsInBounds(G->isInBounds());
  New->setDebugLoc(G->getDebugLoc());
  return wrap(New);
}

/// A select like `Sel` (its condition and metadata) of `A` and `B`,
/// inserted before `Sel`, not constant-folded.
GPUCC_EXPORT LLVMValueRef gpucc_clone_select(LLVMValueRef Sel, LLVMValueRef A,
                                             LLVMValueRef B) {
  auto *S = unwrap<SelectInst>(Sel);
  auto *New = SelectInst::Create(S->getCondition(), unwrap(A), unwrap(B), "",
                                 gpucc::before(S), S);
  New->setDebugLoc(S->getDebugLoc());
  return wrap(New);
}

/// The address space an `llvm.assume` valid at instruction `User` proves for
/// pointer `Opnd` (e.g. assume(amdgcn.is.shared(p))), or ~0u.
GPUCC_EXPORT unsigned gpucc_predicated_address_space(void *FAM, LLVMValueRef F,
                                                     LLVMValueRef User,
                                                     LLVMValueRef Opnd) {
  auto *I = dyn_cast<Instruction>(unwrap(User));
  if (!I)
    return ~0u;
  Function &Fn = fn(F);
  AssumptionCache &AC = famOf(FAM).getResult<AssumptionAnalysis>(Fn);
  Value *Ptr = unwrap(Opnd)->stripInBoundsOffsets();
  auto Assumptions = AC.assumptionsFor(Ptr);
  if (Assumptions.empty())
    return ~0u;
  // As upstream: the dominator tree only if a pass before us computed it;
  // without one, isValidAssumeForContext reasons within the block.
  const DominatorTree *DT =
      famOf(FAM).getCachedResult<DominatorTreeAnalysis>(Fn);
  const TargetTransformInfo &T = tti(FAM, F);
  for (auto &AssumeVH : Assumptions) {
    if (!AssumeVH)
      continue;
    auto *CI = cast<CallInst>(AssumeVH);
    if (!isValidAssumeForContext(CI, I, DT))
      continue;
    auto [P, AS] = T.getPredicatedAddrSpace(CI->getArgOperand(0));
    if (P)
      return AS;
  }
  return ~0u;
}

/// Size in bits of a pointer in address space `AS` under `F`'s data layout.
GPUCC_EXPORT unsigned gpucc_pointer_size_bits(LLVMValueRef F, unsigned AS) {
  return fn(F).getParent()->getDataLayout().getPointerSizeInBits(AS);
}

/// Width in bits of GEP offsets (the index type) in address space `AS` under
/// `F`'s data layout.
GPUCC_EXPORT unsigned gpucc_index_size_bits(LLVMValueRef F, unsigned AS) {
  return fn(F).getParent()->getDataLayout().getIndexSizeInBits(AS);
}

/// If `V` is `inttoptr (ptrtoint P)` (instructions or constant expressions,
/// scalars or vectors) and both casts keep every bit under `F`'s data layout
/// (integers as wide as the pointers) and the target says the address spaces
/// of `P` and `V` are equal or cast for free, `P`; else null.
GPUCC_EXPORT LLVMValueRef gpucc_noop_ptrint_pair_source(const void *TTI,
                                                       LLVMValueRef F,
                                                       LLVMValueRef V) {
  auto *I2P = dyn_cast<Operator>(unwrap(V));
  if (!I2P || I2P->getOpcode() != Instruction::IntToPtr)
    return nullptr;
  auto *P2I = dyn_cast<Operator>(I2P->getOperand(0));
  if (!P2I || P2I->getOpcode() != Instruction::PtrToInt)
    return nullptr;
  const DataLayout &DL = fn(F).getParent()->getDataLayout();
  Value *Src = P2I->getOperand(0);
  unsigned From = Src->getType()->getPointerAddressSpace();
  unsigned To = I2P->getType()->getPointerAddressSpace();
  bool Kept = CastInst::isNoopCast(Instruction::IntToPtr,
                                   I2P->getOperand(0)->getType(),
                                   I2P->getType(), DL) &&
              CastInst::isNoopCast(Instruction::PtrToInt, Src->getType(),
                                   P2I->getType(), DL);
  if (!Kept || (From != To && !ttiRef(TTI).isNoopAddrSpaceCast(From, To)))
    return nullptr;
  return wrap(Src);
}

/// The type of address value `V` (a pointer or a vector of pointers) with its
/// pointers in address space `AS`.
static Type *inSpace(Value *V, unsigned AS) {
  return V->getType()->getWithNewType(PointerType::get(V->getContext(), AS));
}

/// `addrspacecast V to <V's type in AS>`, inserted before `At`, with the
/// debug location of `LocFrom` (none when null).
GPUCC_EXPORT LLVMValueRef gpucc_insert_addrspacecast(LLVMValueRef V,
                                                    unsigned AS,
                                                    LLVMValueRef At,
                                                    LLVMValueRef LocFrom) {
  Value *Src = unwrap(V);
  auto *Cast = new AddrSpaceCastInst(Src, inSpace(Src, AS), "",
                                     gpucc::before(unwrap<Instruction>(At)));
  if (LocFrom)
    Cast->setDebugLoc(unwrap<Instruction>(LocFrom)->getDebugLoc());
  return wrap(Cast);
}

/// An empty phi of `Like`'s type in address space `AS`, room for `Reserved`
/// incoming values, inserted before `At` (a phi or the block's first
/// instruction), with the debug location of `LocFrom` (none when null).
GPUCC_EXPORT LLVMValueRef gpucc_insert_phi(LLVMValueRef Like, unsigned AS,
                                          unsigned Reserved, LLVMValueRef At,
                                          LLVMValueRef LocFrom) {
  auto *Phi = PHINode::Create(inSpace(unwrap(Like), AS), Reserved, "",
                              gpucc::before(unwrap<Instruction>(At)));
  if (LocFrom)
    Phi->setDebugLoc(unwrap<Instruction>(LocFrom)->getDebugLoc());
  return wrap(Phi);
}

/// `addrspacecast` of constant `C` (a pointer or vector of pointers) to
/// address space `AS`, folded where LLVM can (a vector cast folds lane by
/// lane); `C` itself when it is already in `AS`.
GPUCC_EXPORT LLVMValueRef gpucc_const_addrspacecast(LLVMValueRef C,
                                                   unsigned AS) {
  auto *K = unwrap<Constant>(C);
  Type *To = inSpace(K, AS);
  return wrap(K->getType() == To ? K : ConstantExpr::getAddrSpaceCast(K, To));
}

/// Deletes each of `Insts` that is trivially dead, and then whatever becomes
/// trivially dead through it (RecursivelyDeleteTriviallyDeadInstructions).
/// Instructions already deleted through an earlier one are skipped (weak
/// handles), so the array may hold operands of each other.
GPUCC_EXPORT void gpucc_delete_dead(const LLVMValueRef *Insts, size_t N) {
  SmallVector<WeakTrackingVH, 8> Handles;
  for (size_t I = 0; I != N; ++I)
    Handles.emplace_back(unwrap(Insts[I]));
  for (WeakTrackingVH &H : Handles)
    if (auto *I = dyn_cast_or_null<Instruction>(H))
      RecursivelyDeleteTriviallyDeadInstructions(I);
}

//===-- Inter-procedural memory-space specialization ---------------------===//

/// Does `F` have only direct calls as uses (so its signature may change)?
GPUCC_EXPORT bool gpucc_only_direct_calls(LLVMValueRef F) {
  Function &Fn = fn(F);
  for (const Use &U : Fn.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || CB->getFunctionType() != Fn.getFunctionType())
      return false;
  }
  return true;
}

/// Rewrites `F`'s signature so parameter `Idx[k]` is a pointer in address
/// space `Space[k]` (it was a generic pointer): a new function takes `F`'s
/// body, name, attributes and metadata; inside, each such parameter is cast
/// back to generic at the entry (memory-space inference then removes the
/// casts), and each call passes `addrspacecast` of its argument. `F` is
/// erased. Returns the new function. The caller has proven that every call
/// passes pointers of those spaces.
GPUCC_EXPORT LLVMValueRef gpucc_specialize_pointer_params(
    void *FAM, LLVMValueRef F, const unsigned *Idx, const unsigned *Space,
    size_t N, unsigned RetSpace) {
  Function &Old = fn(F);
  FunctionType *OldTy = Old.getFunctionType();
  SmallVector<Type *, 8> Params(OldTy->param_begin(), OldTy->param_end());
  for (size_t K = 0; K != N; ++K)
    Params[Idx[K]] = PointerType::get(Old.getContext(), Space[K]);
  Type *RetTy = RetSpace == ~0u
                    ? OldTy->getReturnType()
                    : PointerType::get(Old.getContext(), RetSpace);
  auto *NewTy = FunctionType::get(RetTy, Params, OldTy->isVarArg());
  Function *New = Function::Create(NewTy, Old.getLinkage(),
                                   Old.getAddressSpace(), "", Old.getParent());
  New->copyAttributesFrom(&Old);
  New->setCallingConv(Old.getCallingConv());
  New->copyMetadata(&Old, 0);
  New->setSubprogram(Old.getSubprogram());
  Old.getParent()->getFunctionList().remove(New);
  Old.getParent()->getFunctionList().insert(Old.getIterator(), New);
  New->takeName(&Old);
  New->splice(New->begin(), &Old);

  // Parameters: same names; specialized ones are cast back for old uses.
  Instruction *Entry = &*New->getEntryBlock().getFirstInsertionPt();
  for (auto [OldArg, NewArg] : zip(Old.args(), New->args())) {
    NewArg.takeName(&OldArg);
    if (OldArg.getType() == NewArg.getType()) {
      OldArg.replaceAllUsesWith(&NewArg);
      continue;
    }
    auto *Back = new AddrSpaceCastInst(&NewArg, OldArg.getType(),
                                       NewArg.getName() + ".generic",
                                       gpucc::before(Entry));
    OldArg.replaceAllUsesWith(Back);
  }

  // Returns: cast the returned generic pointer to the return space.
  if (RetSpace != ~0u)
    for (BasicBlock &BB : *New)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
        if (Value *V = Ret->getReturnValue())
          Ret->setOperand(
              0, new AddrSpaceCastInst(V, RetTy, "", gpucc::before(Ret)));

  // Calls: cast the arguments (and the result back), keep everything else.
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Old.users())
    Calls.push_back(cast<CallBase>(U));
  for (CallBase *CB : Calls) {
    for (size_t K = 0; K != N; ++K) {
      Value *Arg = CB->getArgOperand(Idx[K]);
      Type *To = Params[Idx[K]];
      Value *Cast;
      if (auto *C = dyn_cast<Constant>(Arg))
        Cast = ConstantExpr::getAddrSpaceCast(C, To);
      else
        Cast = new AddrSpaceCastInst(Arg, To, Arg->getName() + ".spec",
                                     gpucc::before(CB));
      CB->setArgOperand(Idx[K], Cast);
    }
    if (RetSpace != ~0u) {
      // The call now yields the specific pointer; old users get it generic.
      Type *Generic = OldTy->getReturnType();
      CB->mutateType(RetTy);
      auto *Back = new AddrSpaceCastInst(CB, Generic, CB->getName() + ".generic");
      Back->insertAfter(CB);
      CB->replaceUsesWithIf(Back, [Back](Use &U) { return U.getUser() != Back; });
    }
    CB->setCalledFunction(NewTy, New);
  }
  // Drop the analyses cached for the old function before it goes, so a
  // later function at the same address cannot inherit them.
  famOf(FAM).clear(Old, Old.getName());
  Old.eraseFromParent();
  return wrap(New);
}

/// `To` takes the name of `From` (LLVM's takeName: within one function the
/// symbol-table entry moves, with no rehash or copy).
/// A copy of function `F` in its module, internal, named `Name`.
GPUCC_EXPORT LLVMValueRef gpucc_clone_function(LLVMValueRef F, const char *Name,
                                               size_t Len) {
  auto *Fn = cast<Function>(unwrap(F));
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(Fn, VMap);
  Copy->setLinkage(GlobalValue::InternalLinkage);
  Copy->setName(StringRef(Name, Len));
  return wrap(Copy);
}

/// In the phis of block `BB`, incoming block `Old` becomes `New`.
GPUCC_EXPORT void gpucc_replace_phi_uses(LLVMBasicBlockRef BB, LLVMBasicBlockRef Old,
                                         LLVMBasicBlockRef New) {
  unwrap(BB)->replacePhiUsesWith(unwrap(Old), unwrap(New));
}

/// Erases global variable `G` when nothing but dead constants use it.
GPUCC_EXPORT bool gpucc_erase_global_if_unused(LLVMValueRef G) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(G));
  if (!GV)
    return false;
  GV->removeDeadConstantUsers();
  if (!GV->use_empty())
    return false;
  GV->eraseFromParent();
  return true;
}

GPUCC_EXPORT void gpucc_take_name(LLVMValueRef From, LLVMValueRef To) {
  unwrap(To)->takeName(unwrap(From));
}

//===-- Use lists --------------------------------------------------------===//

/// The operand index of use `U` in its user (the C API has no
/// `Use::getOperandNo`), so a use list is walked in linear time.
GPUCC_EXPORT unsigned gpucc_operand_no(LLVMUseRef U) {
  return unwrap(U)->getOperandNo();
}

/// Operand `I` of `V` when `V` is a User with that many operands and the
/// operand is a pointer, else null: one call where the C API needs six.
GPUCC_EXPORT LLVMValueRef gpucc_pointer_operand(LLVMValueRef V, unsigned I) {
  auto *U = dyn_cast<User>(unwrap(V));
  if (!U || I >= U->getNumOperands())
    return nullptr;
  Value *Op = U->getOperand(I);
  return Op && Op->getType()->isPointerTy() ? wrap(Op) : nullptr;
}

/// Operand `I` of `V` when `V` is a User with that many operands and the
/// operand is a pointer or a vector of pointers, else null.
GPUCC_EXPORT LLVMValueRef gpucc_addr_operand(LLVMValueRef V, unsigned I) {
  auto *U = dyn_cast<User>(unwrap(V));
  if (!U || I >= U->getNumOperands())
    return nullptr;
  Value *Op = U->getOperand(I);
  return Op && Op->getType()->isPtrOrPtrVectorTy() ? wrap(Op) : nullptr;
}

/// The instructions of `F`, in order, that memory-space inference may start
/// from (src/analysis/infer_spaces.rs, `rewritable_pointer_operands_into`):
/// a GEP, load, atomic or addrspacecast whose operand 0, a store whose
/// operand 1, a compare or return whose operand 0, or a call with any
/// operand, is a pointer (or vector of pointers) in address space `Flat`;
/// and every inttoptr (the end of a no-op ptrtoint/inttoptr pair). Sets
/// `*Out` to them, in a buffer of this thread's that the next call reuses
/// (the function is read once), and returns how many there are.
GPUCC_EXPORT size_t gpucc_flat_pointer_users(LLVMValueRef F, unsigned Flat,
                                             const LLVMValueRef **Out) {
  static thread_local std::vector<LLVMValueRef> Found;
  Found.clear();
  auto IsFlat = [Flat](const Value *V) {
    Type *T = V->getType()->getScalarType();
    return T->isPointerTy() && T->getPointerAddressSpace() == Flat;
  };
  for (BasicBlock &B : *unwrap<Function>(F))
    for (Instruction &I : B) {
      bool Uses = false;
      switch (I.getOpcode()) {
      case Instruction::GetElementPtr:
      case Instruction::Load:
      case Instruction::AtomicRMW:
      case Instruction::AtomicCmpXchg:
      case Instruction::AddrSpaceCast:
      case Instruction::ICmp:
        Uses = IsFlat(I.getOperand(0));
        break;
      case Instruction::Store:
        Uses = IsFlat(I.getOperand(1));
        break;
      case Instruction::Ret:
        Uses = I.getNumOperands() == 1 && IsFlat(I.getOperand(0));
        break;
      case Instruction::IntToPtr:
        Uses = true;
        break;
      case Instruction::Call:
        for (const Use &U : I.operands())
          Uses = Uses || IsFlat(U.get());
        break;
      default:
        break;
      }
      if (Uses)
        Found.push_back(wrap(&I));
    }
  *Out = Found.data();
  return Found.size();
}

//===-- gpucc-memspace-aa: the alias analysis registration ----------------===//
//
// LLVM's AA interface is a C++ class; the decisions are Rust's
// (src/analysis/memspace.rs), reached through the `extern "C"` functions
// that src/llvm/aa.rs defines. The result keeps no state of its own but the
// function's TTI (never invalidated) and what Rust made of the function once
// (its rules, whether it is a kernel, its flat space: none of them changes
// while the function exists), so it never goes stale.

/// One end of a def chain, as the memory-space walk found it (src/llvm/aa.rs
/// reads the same layout as `RawLeaf`).
struct GpuccSpaceLeaf {
  /// What ends the chain there (the Leaf* values below).
  unsigned Kind;
  /// The space that goes with it, or ~0u.
  unsigned Space;
};

enum : unsigned {
  /// A value whose type is in a space other than the flat one (`Space`).
  LeafSpace = 0,
  /// A flat argument, without `byval` when the walk is asked about it;
  /// `Space`: what TTI assumes, or ~0u.
  LeafArgument = 1,
  /// Another flat value that TTI assumes in `Space`.
  LeafAssumed = 2,
  /// A flat undef or poison.
  LeafUndef = 3,
  /// A flat load (TTI assumes nothing of it) from a pointer in `Space`.
  LeafLoad = 4,
  /// A flat value the walk does not look through (not an address operator,
  /// or one with an operand that is not a pointer); the walk stopped there.
  LeafOpaque = 5,
  /// More than `Cap` values; the walk stopped.
  LeafTooMany = 6,
};

/// Tables Rust made for a function's queries, so that they need not cross
/// (src/analysis/memspace.rs: `Shortcuts`, the same layout). The AA result
/// folds each walk's leaves into a class code as it walks (`Shortcuts::fold`
/// says how): 0-15 a space, `ClassHost` host-visible memory, `ClassSkip`
/// (leaves only) no class, `ClassCross` not in the tables.
struct GpuccSpaceShortcuts {
  /// Bit n (< 64): a pointer of class n is read-only; so is an underlying
  /// object in space n.
  uint64_t ReadOnlySpaces;
  /// Bit f (< 32): an underlying object in a space that is not read-only,
  /// with `GpuccSpaceBase` flags f, is read-only.
  uint32_t ReadOnlyBases;
  /// Row a, bit b: pointers of classes a and b do not alias.
  uint32_t ClassNoAlias[17];
  /// The class code of a leaf of kind k (row) in space s (column; 16: ~0u).
  uint8_t LeafClass[7][17];
  /// The code of the generic space; `ClassCross` when the tables are empty.
  uint8_t Generic;
};
static_assert(sizeof(GpuccSpaceShortcuts) == 200,
              "the layout of src/analysis/memspace.rs: Shortcuts");

extern "C" {
/// What the Rust side needs to know of `F` once, packed in an int64, and
/// its shortcut tables, written to `Out` (Rust; never unwinds): see
/// `MemSpaceAAResult`.
int64_t gpucc_rs_memspace_function_info(const void *TTI, LLVMValueRef F,
                                        GpuccSpaceShortcuts *Out);
/// 0: NoAlias, 1: MayAlias, for pointers whose walks gave `NA` leaves `A`
/// and `NB` leaves `B` (~0u: not a pointer) (Rust; never unwinds).
int gpucc_rs_memspace_alias(int64_t Info, const GpuccSpaceLeaf *A,
                            unsigned NA, const GpuccSpaceLeaf *B, unsigned NB);
/// 1 when `P`, whose walk gave `N` leaves `L` (~0u: not a pointer), points
/// to memory no one may write (Rust; never unwinds).
int gpucc_rs_memspace_read_only(int64_t Info, LLVMValueRef P,
                                const GpuccSpaceLeaf *L, unsigned N);
}

/// Walks back from pointer `V` through the address operators of flat
/// pointers (addrspacecast, bitcast and GEP to their pointer operand, phi to
/// every incoming value, select to both choices; instructions and constant
/// expressions alike), each value once, and hands `Emit` (kind, space) for
/// what ends each chain, until it returns false. A value in another space
/// than `Flat` ends its chain; so does any other value that is not an
/// address operator (what TTI assumes of it, if anything, is its leaf). At
/// most `Cap` values (at most 64) are visited: the walk stops at an opaque
/// value or at the first value past `Cap`, with that leaf last. Unless
/// `AskByVal`, a `byval` argument counts as any other argument (the
/// attribute is looked up only when it matters). Reads only; what the leaves
/// mean is Rust's to decide.
template <typename Sink>
static inline void walkChains(const TargetTransformInfo &TTI, unsigned Flat,
                              bool AskByVal, const Value *V, unsigned Cap,
                              Sink &&Emit) {
  constexpr unsigned MaxCap = 64;
  Cap = std::min(Cap, MaxCap);
  const Value *Seen[MaxCap];
  unsigned NumSeen = 0;
  SmallVector<const Value *, 8> Stack;
  // Operand `I` of `V`, an instruction or constant expression, when it is a
  // pointer (null otherwise).
  auto PointerOp = [](const Value *V, unsigned I) -> const Value * {
    const Value *Op = cast<Operator>(V)->getOperand(I);
    return Op->getType()->isPointerTy() ? Op : nullptr;
  };
  // Until a phi or select is visited the walk follows one chain of casts
  // and GEPs, whose values are distinct unless the chain is a cycle
  // (unreachable code), which never reaches a leaf and ends at `Cap`; so
  // `Seen` is only searched from the first branch on.
  bool Branched = false;
  for (;;) {
    // Visit V unless seen; a cast or GEP hands on its operand as the next V
    // (a chain needs no stack), phis and selects push theirs.
    const Value *Next = nullptr;
    bool Unseen = true;
    for (unsigned I = 0; Branched && Unseen && I != NumSeen; ++I)
      Unseen = Seen[I] != V;
    if (Unseen) {
      if (NumSeen == Cap) {
        Emit(LeafTooMany, ~0u);
        return;
      }
      Seen[NumSeen++] = V;
      unsigned AS = cast<PointerType>(V->getType())->getAddressSpace();
      bool Opaque = false, More = true;
      // Address operators first, without asking TTI: no target whose rules
      // the AA has assumes a space of one (LLVM 16 and 22: AMDGPU assumes
      // one of loads and, on 22, kernel arguments; NVPTX on 22 of allocas
      // and arguments), and they are most of what a walk visits.
      // (No opcode is 0: it stands for "not flat".)
      switch (AS != Flat ? 0u : Operator::getOpcode(V)) {
      case 0:
        More = Emit(LeafSpace, AS);
        break;
      case Instruction::AddrSpaceCast:
      case Instruction::BitCast:
      case Instruction::GetElementPtr:
        Next = PointerOp(V, 0);
        Opaque = !Next;
        break;
      case Instruction::PHI: {
        Branched = true;
        const auto *Phi = cast<PHINode>(V);
        for (unsigned I = 0, E = Phi->getNumOperands(); !Opaque && I != E; ++I) {
          const Value *Op = PointerOp(V, I);
          Opaque = !Op;
          Stack.push_back(Op);
        }
        break;
      }
      case Instruction::Select: {
        Branched = true;
        const Value *T = PointerOp(V, 1), *F = PointerOp(V, 2);
        Opaque = !T || !F;
        Stack.push_back(T);
        Stack.push_back(F);
        break;
      }
      default: {
        unsigned Assumed = TTI.getAssumedAddrSpace(V);
        const auto *A = dyn_cast<Argument>(V);
        if (A && !(AskByVal && A->hasByValAttr()))
          More = Emit(LeafArgument, Assumed);
        else if (Assumed != ~0u)
          More = Emit(LeafAssumed, Assumed);
        else if (isa<UndefValue>(V))
          More = Emit(LeafUndef, ~0u);
        else if (const auto *L = dyn_cast<LoadInst>(V))
          More = Emit(LeafLoad, L->getPointerAddressSpace());
        else
          Opaque = true;
      }
      }
      if (Opaque) {
        Emit(LeafOpaque, ~0u);
        return;
      }
      if (!More)
        return;
    }
    if (Next) {
      V = Next;
    } else if (!Stack.empty()) {
      V = Stack.pop_back_val();
    } else {
      return;
    }
  }
}

/// `walkChains` from `P`, its leaves written into `Out` (room for `Cap + 1`:
/// the last may be the one past `Cap`); returns how many it wrote.
GPUCC_EXPORT unsigned gpucc_memspace_walk(const void *TTIRaw, unsigned Flat,
                                          bool AskByVal, LLVMValueRef P,
                                          GpuccSpaceLeaf *Out, unsigned Cap) {
  unsigned N = 0;
  walkChains(ttiRef(TTIRaw), Flat, AskByVal, unwrap(P), Cap,
             [&](unsigned Kind, unsigned Space) {
               Out[N++] = {Kind, Space};
               return true;
             });
  return N;
}

/// What is known of the object pointer `P` is based on (LLVM's
/// getUnderlyingObject, default depth; `P` itself when that is not a
/// pointer), for Rust's read-only rule (src/llvm/aa.rs: `RawBase`).
struct GpuccSpaceBase {
  /// Its address space.
  unsigned Space;
  /// Bits: 1 a `constant` global variable; 2 an argument; 4 `noalias`,
  /// 8 `readonly`, 16 `readnone` (arguments only).
  unsigned Flags;
};

GPUCC_EXPORT void gpucc_memspace_base(LLVMValueRef P, GpuccSpaceBase *Out) {
  const Value *V = unwrap(P);
  const Value *O = getUnderlyingObject(V);
  if (!O || !O->getType()->isPointerTy())
    O = V;
  unsigned Flags = 0;
  if (const auto *G = dyn_cast<GlobalVariable>(O); G && G->isConstant())
    Flags |= 1;
  if (const auto *A = dyn_cast<Argument>(O)) {
    Flags |= 2;
    Flags |= A->hasNoAliasAttr() ? 4 : 0;
    Flags |= A->hasAttribute(Attribute::ReadOnly) ? 8 : 0;
    Flags |= A->hasAttribute(Attribute::ReadNone) ? 16 : 0;
  }
  *Out = {O->getType()->getPointerAddressSpace(), Flags};
}

namespace {

/// The result classifies the pointers of each query by the tables Rust made
/// for the function (`GpuccSpaceShortcuts`), folding each walk's leaves into
/// a class as it walks (`walkChains`), and stops a walk as soon as its answer
/// is settled: when the class is the generic space, which no later leaf
/// changes, or, for the second pointer, when it can only end in classes
/// that alias the first. It does not walk the second pointer when the first
/// aliases every class. A query the tables do not cover (a space from 16 on,
/// a function without rules) crosses into Rust once with both walks'
/// leaves. How to walk is Rust's word too, packed in `Info` by
/// `FunctionInfo::pack` (src/analysis/memspace.rs) when the result is made:
/// bit 2 asks about `byval` (kernels), bit 3 asks for walks at all (a GPU
/// target), bits 8-15 are the walk's limit, bits 32-63 the flat space.
///
/// For example, on NVPTX, a store through `gep(addrspacecast(@shared))` and a
/// load through a flat argument `%p` of a device function: `%p`'s walk is
/// one leaf, an argument, whose class is generic; generic aliases every
/// class, so the store's pointer is not walked: MayAlias. In a kernel the
/// same argument is host-visible, which does not alias shared memory: the
/// store's walk ends in space 3 and the answer is NoAlias.
class MemSpaceAAResult : public AAResultBase {
  const TargetTransformInfo *TTI;
  int64_t Info;
  GpuccSpaceShortcuts Cut;

  /// Room for the leaves of one walk (`gpucc_memspace_walk`'s most values,
  /// and one more).
  static constexpr unsigned WalkRoom = 65;
  /// A leaf count that says "not a pointer".
  static constexpr unsigned NotPointer = ~0u;
  /// Class codes that are not spaces (src/analysis/memspace.rs).
  static constexpr unsigned ClassHost = 16, ClassSkip = 17, ClassCross = 18;
  /// Every class code's bit.
  static constexpr uint32_t AllClasses = (1u << (ClassHost + 1)) - 1;

  /// May the tables answer at all?
  bool tables() const { return (Info & 8) && Cut.Generic != ClassCross; }

  /// Walks `P` as `Info` says into `Out`; how many leaves (0 when Rust asks
  /// for no walk, NotPointer when `P` is not a pointer). For the queries
  /// that cross.
  unsigned walk(const Value *P, GpuccSpaceLeaf *Out) const {
    if (!P->getType()->isPointerTy())
      return NotPointer;
    if (!(Info & 8))
      return 0;
    return gpucc_memspace_walk(TTI, uint32_t(Info >> 32), Info & 4, wrap(P),
                               Out, (Info >> 8) & 0xff);
  }

  /// The class code of a leaf of kind `Kind` in space `Space` (~0u: none);
  /// `ClassCross` when the tables have no column for it.
  unsigned leafClass(unsigned Kind, unsigned Space) const {
    unsigned Column = Space == ~0u ? 16 : Space < 16 ? Space : 17;
    return Column <= 16 && Kind < 7 ? Cut.LeafClass[Kind][Column] : ClassCross;
  }

  /// The class code of pointer `P` (`ClassCross`: not in the tables, or not
  /// a pointer), folded as its walk goes (`Shortcuts::fold`). The walk may
  /// stop early, once the class is generic, or once it can only end in
  /// `Settled` classes and generic is one of them: the code is then one of
  /// `Settled`, not always `P`'s class.
  unsigned classOf(const Value *P, uint32_t Settled) const {
    auto *Ty = dyn_cast<PointerType>(P->getType());
    if (!Ty)
      return ClassCross;
    unsigned Flat = uint32_t(Info >> 32), AS = Ty->getAddressSpace();
    unsigned Generic = Cut.Generic;
    // The walk's first step, where it is also its last: a pointer declared
    // in another space than the flat one.
    if (AS != Flat)
      return leafClass(LeafSpace, AS);
    // The commonest walk: a chain of flat GEPs and casts to a value in
    // another space, one leaf. Followed here without the general walk's
    // state, visiting the same values within the same limit; at anything
    // else the general walk starts again from `P`.
    unsigned Cap = std::min<unsigned>((Info >> 8) & 0xff, 64);
    const Value *V = P;
    for (unsigned Visited = 0; Visited != Cap; ++Visited) {
      if (unsigned VS = V->getType()->getPointerAddressSpace(); VS != Flat)
        return leafClass(LeafSpace, VS);
      unsigned Opcode = Operator::getOpcode(V);
      if (Opcode != Instruction::GetElementPtr &&
          Opcode != Instruction::BitCast &&
          Opcode != Instruction::AddrSpaceCast)
        break;
      V = cast<Operator>(V)->getOperand(0);
      if (!V->getType()->isPointerTy())
        break;
    }
    bool SettledGeneric = Settled >> Generic & 1;
    unsigned Acc = ClassSkip;
    walkChains(*TTI, Flat, Info & 4, P, (Info >> 8) & 0xff,
               [&](unsigned Kind, unsigned Space) {
                 unsigned C = leafClass(Kind, Space);
                 if (C == ClassSkip)
                   return true;
                 if (C == ClassCross) {
                   Acc = ClassCross;
                   return false;
                 }
                 Acc = Acc == ClassSkip || Acc == C ? C : Generic;
                 return Acc != Generic && !(SettledGeneric && (Settled >> Acc & 1));
               });
    return Acc == ClassSkip ? Generic : Acc;
  }

public:
  MemSpaceAAResult(const TargetTransformInfo &TTI, int64_t Info,
                   const GpuccSpaceShortcuts &Cut)
      : TTI(&TTI), Info(Info), Cut(Cut) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &AAQI, const Instruction *) {
    if (tables()) {
      unsigned CA = classOf(LocA.Ptr, 0);
      if (CA != ClassCross) {
        // The classes B may be in and still alias A.
        uint32_t MayA = ~Cut.ClassNoAlias[CA] & AllClasses;
        if (MayA == AllClasses)
          return AliasResult::MayAlias;
        unsigned CB = classOf(LocB.Ptr, MayA);
        if (CB != ClassCross)
          return Cut.ClassNoAlias[CA] >> CB & 1 ? AliasResult::NoAlias
                                                : AliasResult::MayAlias;
      }
    }
    GpuccSpaceLeaf A[WalkRoom], B[WalkRoom];
    unsigned NA = walk(LocA.Ptr, A), NB = walk(LocB.Ptr, B);
    return gpucc_rs_memspace_alias(Info, A, NA, B, NB) == 0
               ? AliasResult::NoAlias
               : AliasResult::MayAlias;
  }

  ModRefInfo getModRefInfoMask(const MemoryLocation &Loc, AAQueryInfo &AAQI,
                               bool IgnoreLocals) {
    if (tables()) {
      unsigned C = classOf(Loc.Ptr, 0);
      if (C < 16 && (Cut.ReadOnlySpaces >> C & 1))
        return ModRefInfo::NoModRef;
      if (C != ClassCross) {
        GpuccSpaceBase Base;
        gpucc_memspace_base(wrap(Loc.Ptr), &Base);
        if (Base.Space < 64)
          return (Cut.ReadOnlySpaces >> Base.Space & 1) ||
                         (Cut.ReadOnlyBases >> Base.Flags & 1)
                     ? ModRefInfo::NoModRef
                     : ModRefInfo::ModRef;
      }
    }
    GpuccSpaceLeaf L[WalkRoom];
    unsigned N = walk(Loc.Ptr, L);
    return gpucc_rs_memspace_read_only(Info, wrap(Loc.Ptr), L, N)
               ? ModRefInfo::NoModRef
               : ModRefInfo::ModRef;
  }
};

class MemSpaceAA : public AnalysisInfoMixin<MemSpaceAA> {
  friend AnalysisInfoMixin<MemSpaceAA>;
  static AnalysisKey Key;

public:
  using Result = MemSpaceAAResult;
  static StringRef name() { return "gpucc-memspace-aa"; }
  Result run(Function &F, FunctionAnalysisManager &FAM) {
    const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
    GpuccSpaceShortcuts Cut;
    int64_t Info = gpucc_rs_memspace_function_info(&TTI, wrap(&F), &Cut);
    return Result(TTI, Info, Cut);
  }
};

AnalysisKey MemSpaceAA::Key;

} // namespace

/// Makes `gpucc-memspace-aa` a name `-aa-pipeline=` accepts, on the
/// PassBuilder LLVM hands the plugin.
GPUCC_EXPORT void gpucc_register_memspace_aa(void *Builder) {
  auto &PB = *static_cast<PassBuilder *>(Builder);
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return MemSpaceAA(); });
  });
  PB.registerParseAACallback([](StringRef Name, AAManager &AAM) {
    if (Name != "gpucc-memspace-aa")
      return false;
    AAM.registerFunctionAnalysis<MemSpaceAA>();
    return true;
  });
}

/// The object `P` is based on (LLVM's getUnderlyingObject, default depth).
GPUCC_EXPORT LLVMValueRef gpucc_underlying_object(LLVMValueRef P) {
  return wrap(getUnderlyingObject(unwrap(P)));
}

/// Does argument `A` carry the enum attribute named `Name` (`noalias`)?
GPUCC_EXPORT bool gpucc_argument_has_attr(LLVMValueRef A, const char *Name,
                                          size_t Len) {
  Attribute::AttrKind K = Attribute::getAttrKindFromName(str(Name, Len));
  return K != Attribute::None && unwrap<Argument>(A)->hasAttribute(K);
}
