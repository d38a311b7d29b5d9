//! The only home of `unsafe`, `extern "C"` and LLVM-version differences in
//! gpucc-passes.
//!
//! * `ffi`: raw declarations of the C++ shim (`cpp/*.cpp`), private here.
//! * `edge`: the registration edge: what `llvmGetPassPluginInfo` returns, the
//!   `gpucc_rs_*` entry points the C++ pass classes of `cpp/plugin.cpp` call,
//!   and the module handles module passes get. Nothing else crosses.
//! * this file: the LLVM version table (one row per supported LLVM, chosen
//!   by Cargo feature), and safe wrappers over the shim and the few LLVM-C
//!   calls inkwell does not offer (RAUW with any value, take-name, module
//!   triple, ...).
//!
//! Every `unsafe` block says why it is sound. Handles carry the lifetime of
//! the IR they came from; none may be kept after `opt` regains control.

// One row per LLVM: the llvm-sys crate of that version (under one name for
// the rest of the crate), the major version, and the plugin version string.
#[cfg(not(any(feature = "llvm16", feature = "llvm19", feature = "llvm22")))]
compile_error!("pick the LLVM to build for: --features llvm16, llvm19 or llvm22");
#[cfg(any(
    all(feature = "llvm16", feature = "llvm19"),
    all(feature = "llvm16", feature = "llvm22"),
    all(feature = "llvm19", feature = "llvm22")
))]
compile_error!("pick exactly one LLVM: use --no-default-features with llvm19 or llvm22");

#[cfg(feature = "llvm16")]
pub use llvm_sys_160 as llvm_sys;
#[cfg(feature = "llvm16")]
pub const LLVM_MAJOR: u32 = 16;
#[cfg(feature = "llvm16")]
const PLUGIN_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+llvm16\0");

#[cfg(all(feature = "llvm19", not(feature = "llvm16")))]
pub use llvm_sys_191 as llvm_sys;
#[cfg(all(feature = "llvm19", not(feature = "llvm16")))]
pub const LLVM_MAJOR: u32 = 19;
#[cfg(all(feature = "llvm19", not(feature = "llvm16")))]
const PLUGIN_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+llvm19\0");

#[cfg(all(feature = "llvm22", not(feature = "llvm16"), not(feature = "llvm19")))]
pub use llvm_sys_221 as llvm_sys;
#[cfg(all(feature = "llvm22", not(feature = "llvm16"), not(feature = "llvm19")))]
pub const LLVM_MAJOR: u32 = 22;
#[cfg(all(feature = "llvm22", not(feature = "llvm16"), not(feature = "llvm19")))]
const PLUGIN_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+llvm22\0");

// The plugin of every LLVM but 16 leaves LLVM's symbols to the process that
// loads it (build.rs). The library's own unit-test binary runs on its own,
// so it links libLLVM (found through build.rs's search path); integration
// tests get it from build.rs (`rustc-link-arg-tests`).
#[cfg(all(test, not(feature = "llvm16")))]
#[link(name = "LLVM")]
extern "C" {}

// Per-version facts the passes ask about (one row per LLVM).

/// How upstream `InferAddressSpaces` of this LLVM behaves where LLVM 16's and
/// LLVM 22's own test suites pin different outputs for the same input, so
/// `gpucc-infer-address-spaces` gives each suite what it pins. Everything
/// else the pass does is one behaviour for every LLVM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InferSpacesUpstream {
    /// Is the value a `ret` returns a root of the search, so a returned flat
    /// expression moves to its space and the `ret` gets a cast back?
    /// llvm/llvm-project#70610 (LLVM 18); LLVM 16 looks only at a returned
    /// constant expression (its `AMDGPU/select.ll` pins a returned select of
    /// two shared pointers staying generic, LLVM 22's the select in shared).
    pub returns_are_roots: bool,
    /// Are vectors of pointers (`<4 x ptr>`: vector GEPs, compares, masked
    /// gathers and scatters) moved like pointers? llvm/llvm-project#62302
    /// (LLVM 17); LLVM 16's `AMDGPU/icmp.ll` pins a compare of two shared
    /// vectors staying generic (a TODO there), LLVM 22's the compare in
    /// shared space.
    pub vectors_of_pointers: bool,
}

#[cfg(feature = "llvm16")]
pub const INFER_SPACES_UPSTREAM: InferSpacesUpstream = InferSpacesUpstream {
    returns_are_roots: false,
    vectors_of_pointers: false,
};
#[cfg(all(feature = "llvm19", not(feature = "llvm16")))]
pub const INFER_SPACES_UPSTREAM: InferSpacesUpstream = InferSpacesUpstream {
    returns_are_roots: true,
    vectors_of_pointers: true,
};
#[cfg(all(feature = "llvm22", not(feature = "llvm16"), not(feature = "llvm19")))]
pub const INFER_SPACES_UPSTREAM: InferSpacesUpstream = InferSpacesUpstream {
    returns_are_roots: true,
    vectors_of_pointers: true,
};

/// The highest address space the AMDGPU backend of this LLVM defines
/// (`AMDGPUAS::MAX_AMDGPU_ADDRESS`): 7, the buffer fat pointer, in LLVM 16;
/// LLVM 17 added 8 (buffer resource) and LLVM 19 9 (buffer strided pointer),
/// both aliasing global memory. Higher spaces mean nothing to the target, so
/// they may alias anything.
#[cfg(feature = "llvm16")]
pub const AMDGPU_LAST_ADDRESS_SPACE: u32 = 7;
#[cfg(all(feature = "llvm19", not(feature = "llvm16")))]
pub const AMDGPU_LAST_ADDRESS_SPACE: u32 = 9;
#[cfg(all(feature = "llvm22", not(feature = "llvm16"), not(feature = "llvm19")))]
pub const AMDGPU_LAST_ADDRESS_SPACE: u32 = 9;

pub mod aa;
pub mod addr;
pub mod align;
pub mod analyses;
pub mod edge;
mod ffi;
pub mod guards;
pub mod hpvm;
pub mod loops;
pub mod nary;
pub mod openmp;
pub mod openmp_sm;
pub mod rotate;
pub mod sepgep;
pub mod slsr;
pub mod specexec;

pub use addr::Addr;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue};
use llvm_sys::core as c;
use llvm_sys::prelude::LLVMValueRef;

/// `freeze v` at `b`'s insertion point (inkwell has no builder call for it).
pub fn build_freeze<'ctx>(
    b: &inkwell::builder::Builder<'ctx>,
    v: IntValue<'ctx>,
    name: &str,
) -> IntValue<'ctx> {
    let name = std::ffi::CString::new(name).unwrap_or_default();
    // SAFETY: `b` is positioned in a live block and `v` is a live integer value; the result is
    // an integer value of the same type.
    unsafe {
        IntValue::new(c::LLVMBuildFreeze(
            b.as_mut_ptr(),
            v.as_value_ref(),
            name.as_ptr(),
        ))
    }
}

/// The number of elements of array type `t`: `LLVMGetArrayLength2` from LLVM 17 on (the
/// 32-bit `LLVMGetArrayLength` is deprecated there), `LLVMGetArrayLength` on 16.
///
/// # Safety
/// `t` must be an array type.
pub unsafe fn array_length(t: llvm_sys::prelude::LLVMTypeRef) -> u64 {
    #[cfg(feature = "llvm16")]
    {
        u64::from(c::LLVMGetArrayLength(t))
    }
    #[cfg(not(feature = "llvm16"))]
    {
        c::LLVMGetArrayLength2(t)
    }
}

/// The case value of successor `k` (`k >= 1`; successor 0 is the default) of switch `v`.
/// LLVM 16 and 19 keep the case values as operands `2k`; LLVM 22 keeps them out of the
/// operand list and has a getter for them.
///
/// # Safety
/// `v` must be a `switch` instruction with more than `k` successors.
pub unsafe fn switch_case_value(v: LLVMValueRef, k: u32) -> LLVMValueRef {
    #[cfg(feature = "llvm22")]
    {
        c::LLVMGetSwitchCaseValue(v, k)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        c::LLVMGetOperand(v, 2 * k)
    }
}
use std::ffi::{c_void, CStr};
use std::marker::PhantomData;
use std::ptr::NonNull;

/// Reports `LLVM ERROR: <msg>` through LLVM's `report_fatal_error` (no crash
/// dump) and exits with status 1. Used for user errors (bad pass parameter)
/// and for internal errors caught by [`crate::guarded`].
pub fn fatal(msg: &str) -> ! {
    // SAFETY: the shim copies the (pointer, length) string before exiting.
    unsafe { ffi::gpucc_fatal(msg.as_ptr().cast(), msg.len()) }
}

/// LLVM's `FunctionAnalysisManager` of the running pipeline.
#[derive(Clone, Copy)]
pub struct Fam<'a> {
    raw: NonNull<c_void>,
    _ir: PhantomData<&'a ()>,
}

impl<'a> Fam<'a> {
    /// # Safety
    /// `raw` must point to the `llvm::FunctionAnalysisManager` that runs the
    /// current pass, alive for `'a`.
    pub(crate) unsafe fn from_raw(raw: *mut c_void) -> Option<Self> {
        NonNull::new(raw).map(|raw| Fam {
            raw,
            _ir: PhantomData,
        })
    }

    /// Drops every cached analysis of `f`, after a pass changed it.
    pub fn invalidate(&self, f: FunctionValue<'_>) {
        // SAFETY: `raw` is a live FAM (constructor contract); `f` is a function.
        unsafe { ffi::gpucc_fam_invalidate(self.raw.as_ptr(), f.as_value_ref()) }
    }
}

/// The kinds of optimization remark, as `-pass-remarks`,
/// `-pass-remarks-missed` and `-pass-remarks-analysis` select them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    /// Something was changed.
    Passed,
    /// Something was refused, and why.
    Missed,
    /// A fact worth reporting (statistics, inferred properties).
    Analysis,
}

/// Does anyone listen for remarks of pass `pass` on `f`?
pub fn remarks_wanted(f: FunctionValue<'_>, pass: &str) -> bool {
    // SAFETY: `f` is a live function; the shim only reads the string.
    unsafe { ffi::gpucc_remarks_wanted(f.as_value_ref(), pass.as_ptr().cast(), pass.len()) }
}

/// Emits one remark through `f`'s OptimizationRemarkEmitter.
pub fn emit_remark(
    fam: Fam<'_>,
    f: FunctionValue<'_>,
    at: Option<InstructionValue<'_>>,
    kind: RemarkKind,
    pass: &str,
    name: &str,
    msg: &str,
) {
    let kind = match kind {
        RemarkKind::Passed => 0,
        RemarkKind::Missed => 1,
        RemarkKind::Analysis => 2,
    };
    let at = at.map_or(std::ptr::null_mut(), |i| i.as_value_ref());
    // SAFETY: `fam` runs the current pass, `f` is a live function and `at`,
    // when not null, an instruction of `f`; the strings are only read.
    unsafe {
        ffi::gpucc_remark(
            fam.raw.as_ptr(),
            f.as_value_ref(),
            at,
            kind,
            pass.as_ptr().cast(),
            pass.len(),
            name.as_ptr().cast(),
            name.len(),
            msg.as_ptr().cast(),
            msg.len(),
        )
    }
}

/// Known leading zeros of integer value `v`: `(min, max)`, where `min` bits
/// are known zero and bit `max` (from the top) may be the first known one.
/// `ctx` names the module whose data layout is used.
pub fn known_leading_zeros(v: IntValue<'_>, ctx: InstructionValue<'_>) -> (u32, u32) {
    let (mut min, mut max) = (0u32, 0u32);
    // SAFETY: `v` is a live integer value and `ctx` an instruction inside a
    // module; the shim writes the two outputs.
    unsafe {
        ffi::gpucc_known_leading_zeros(v.as_value_ref(), ctx.as_value_ref(), &mut min, &mut max)
    };
    (min, max)
}

/// Splits `inst`'s block before `inst`; the new block (named `name`) holds
/// `inst` and the rest, and successor phis are updated.
pub fn split_block_before<'ctx>(inst: InstructionValue<'ctx>, name: &str) -> BasicBlock<'ctx> {
    assert!(
        inst.get_parent().is_some(),
        "gpucc: split_block_before on a detached instruction"
    );
    // SAFETY: `inst` is inside a block (checked); splitBasicBlock keeps the
    // function valid and returns a live block.
    unsafe {
        let bb =
            ffi::gpucc_split_block_before(inst.as_value_ref(), name.as_ptr().cast(), name.len());
        BasicBlock::new(bb).expect("gpucc: splitBasicBlock returns a block")
    }
}

/// Replaces every use of `old` by `new`, which must have `old`'s type.
pub fn replace_all_uses(old: InstructionValue<'_>, new: impl AsValueRef) {
    // SAFETY: both are live values; the types are checked first because
    // RAUW with a different type corrupts the IR.
    unsafe {
        assert!(
            c::LLVMTypeOf(old.as_value_ref()) == c::LLVMTypeOf(new.as_value_ref()),
            "gpucc: replace_all_uses with a value of another type"
        );
        c::LLVMReplaceAllUsesWith(old.as_value_ref(), new.as_value_ref())
    }
}

/// Replaces every operand of `user` that is `old` by `new` (which must have
/// `old`'s type): a user that reads one value several times (a phi with
/// several edges from one block, `call @f(p, p)`) sees one replacement.
/// Returns how many operands changed.
pub fn replace_uses_in(
    user: InstructionValue<'_>,
    old: impl AsValueRef,
    new: impl AsValueRef,
) -> u32 {
    let (old, new) = (old.as_value_ref(), new.as_value_ref());
    let mut n = 0;
    // SAFETY: `user` is a live instruction; operand indices are in range,
    // and the types are checked first because a use of another type
    // corrupts the IR.
    unsafe {
        assert!(
            c::LLVMTypeOf(old) == c::LLVMTypeOf(new),
            "gpucc: replace_uses_in with a value of another type"
        );
        let raw = user.as_value_ref();
        let count = u32::try_from(c::LLVMGetNumOperands(raw)).unwrap_or(0);
        for i in 0..count {
            if c::LLVMGetOperand(raw, i) == old {
                c::LLVMSetOperand(raw, i, new);
                n += 1;
            }
        }
    }
    n
}

/// Gives `to` the name of `from` and leaves `from` unnamed (LLVM's takeName,
/// which moves the symbol-table entry instead of re-inserting the string).
pub fn take_name(from: InstructionValue<'_>, to: impl AsValueRef) {
    // SAFETY: both are live values.
    unsafe { ffi::gpucc_take_name(from.as_value_ref(), to.as_value_ref()) }
}

/// The IR name of `v` (without `%`), empty when unnamed.
pub fn value_name(v: impl AsValueRef) -> String {
    let mut len = 0usize;
    // SAFETY: `v` is a live value; the returned bytes live as long as it does
    // and are copied at once.
    unsafe {
        let p = c::LLVMGetValueName2(v.as_value_ref(), &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
    }
}

/// How a value reads in a message: `%name`, or the printed IR of an unnamed
/// value or constant (`i64 42`), shortened.
pub fn describe(v: impl AsValueRef + Copy) -> String {
    let name = value_name(v);
    if !name.is_empty() {
        return format!("%{name}");
    }
    // SAFETY: `v` is live; the printed string is owned by us and disposed.
    let text = unsafe {
        let p = c::LLVMPrintValueToString(v.as_value_ref());
        let s = CStr::from_ptr(p).to_string_lossy().trim().to_string();
        c::LLVMDisposeMessage(p);
        s
    };
    match text.split_once(" = ") {
        Some((lhs, _)) => lhs.to_string(),
        None if text.chars().count() > 40 => {
            format!("{}...", text.chars().take(40).collect::<String>())
        }
        None => text,
    }
}

/// Is `v` an `undef` or `poison` constant?
pub fn is_undef(v: impl AsValueRef) -> bool {
    // SAFETY: `v` is a live value; the calls are checked casts.
    unsafe {
        c::LLVMIsUndef(v.as_value_ref()) != 0 || !c::LLVMIsAPoisonValue(v.as_value_ref()).is_null()
    }
}

/// The module target triple of function `f` (empty when none is set).
pub fn function_triple(f: FunctionValue<'_>) -> String {
    // SAFETY: `f` is a function inside a module; LLVMGetTarget returns a
    // string owned by the module, copied at once.
    unsafe {
        let m = c::LLVMGetGlobalParent(f.as_value_ref());
        if m.is_null() {
            return String::new();
        }
        CStr::from_ptr(c::LLVMGetTarget(m))
            .to_string_lossy()
            .into_owned()
    }
}

/// Does `f` carry the `optsize` or `minsize` attribute?
pub fn has_opt_size(f: FunctionValue<'_>) -> bool {
    has_fn_attr(f, "optsize") || has_fn_attr(f, "minsize")
}

/// Does `f` carry `optnone`? The pass manager hands such a function to no
/// optional function pass; a module pass that walks functions must skip it
/// itself.
pub fn has_optnone(f: FunctionValue<'_>) -> bool {
    has_fn_attr(f, "optnone")
}

/// Does `f` carry the enum function attribute `name`?
fn has_fn_attr(f: FunctionValue<'_>, name: &str) -> bool {
    let idx = llvm_sys::LLVMAttributeFunctionIndex;
    // SAFETY: attribute kinds are looked up by name; `f` is live.
    unsafe {
        let kind = c::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
        kind != 0 && !c::LLVMGetEnumAttributeAtIndex(f.as_value_ref(), idx, kind).is_null()
    }
}

/// Value of an upstream boolean `cl::opt` registered in libLLVM: `None` when
/// no option has that name, else `(value, given_on_command_line)`. Name only
/// options that upstream declares as `cl::opt<bool>`.
pub fn upstream_bool_option(name: &str) -> Option<(bool, bool)> {
    let mut set = false;
    // SAFETY: the shim only reads the string and writes `set`.
    let v = unsafe { ffi::gpucc_cl_opt_bool(name.as_ptr().cast(), name.len(), &mut set) };
    (v >= 0).then_some((v == 1, set))
}

/// Value of an upstream unsigned `cl::opt` registered in libLLVM: `None` when
/// no option has that name, else `(value, given_on_command_line)`. Name only
/// options that upstream declares as `cl::opt<unsigned>`
/// (`spec-exec-max-speculation-cost`, `openmp-opt-shared-limit`, ...).
pub fn upstream_unsigned_option(name: &str) -> Option<(u32, bool)> {
    let mut set = false;
    // SAFETY: the shim only reads the string and writes `set`.
    let v = unsafe { ffi::gpucc_cl_opt_unsigned(name.as_ptr().cast(), name.len(), &mut set) };
    u32::try_from(v).ok().map(|v| (v, set))
}

/// The plugin's own `-gpucc-auto-pipeline` option (default true).
pub fn auto_pipeline_option() -> bool {
    // SAFETY: reads a static cl::opt.
    unsafe { ffi::gpucc_auto_pipeline_option() }
}

// ---------------------------------------------------------------------------
// Memory-space inference helpers.

/// The TargetTransformInfo of one function (through the shim), fetched once
/// from the analysis manager when made. Lives no longer than one pass run.
#[derive(Clone, Copy)]
pub struct Tti<'a> {
    fam: Fam<'a>,
    f: FunctionValue<'a>,
    raw: NonNull<c_void>,
}

/// A function's TargetTransformInfo held by an analysis result (the AA),
/// for the two questions memory-space classification asks.
#[derive(Clone, Copy)]
pub struct TtiRef<'a> {
    raw: NonNull<c_void>,
    _ir: PhantomData<&'a ()>,
}

impl<'a> TtiRef<'a> {
    /// # Safety
    /// `raw` must point to a live `llvm::TargetTransformInfo` for `'a`.
    pub(crate) unsafe fn from_raw(raw: *const c_void) -> Option<Self> {
        NonNull::new(raw.cast_mut()).map(|raw| TtiRef {
            raw,
            _ir: PhantomData,
        })
    }

    /// The target's flat (generic) address space, if it has one.
    pub fn flat_address_space(&self) -> Option<u32> {
        // SAFETY: `raw` is a live TTI.
        let s = unsafe { ffi::gpucc_tti_flat_address_space(self.raw.as_ptr()) };
        (s != NO_SPACE).then_some(s)
    }

    /// The space the target knows `v` is in without looking at its operands.
    pub fn assumed_address_space(&self, v: impl AsValueRef) -> Option<u32> {
        // SAFETY: live TTI and value.
        let s =
            unsafe { ffi::gpucc_tti_assumed_address_space(self.raw.as_ptr(), v.as_value_ref()) };
        (s != NO_SPACE).then_some(s)
    }
}

/// `~0u` in the shim: "no address space".
const NO_SPACE: u32 = u32::MAX;

impl<'a> Tti<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        // SAFETY: live FAM and function; the result lives in the FAM's cache,
        // and TTI results are never invalidated while the function exists.
        let raw = unsafe { ffi::gpucc_tti_of(fam.raw.as_ptr(), f.as_value_ref()) };
        let raw = NonNull::new(raw.cast_mut()).expect("gpucc: TargetIRAnalysis gives a TTI");
        Tti { fam, f, raw }
    }

    /// The same TTI as the handle memory-space classification takes.
    pub fn view(&self) -> TtiRef<'a> {
        TtiRef {
            raw: self.raw,
            _ir: PhantomData,
        }
    }

    /// The target's flat (generic) address space, if it has one.
    pub fn flat_address_space(&self) -> Option<u32> {
        self.view().flat_address_space()
    }

    /// The space the target knows `v` is in without looking at its operands.
    pub fn assumed_address_space(&self, v: impl AsValueRef) -> Option<u32> {
        self.view().assumed_address_space(v)
    }

    /// May volatile memory instruction `inst` use space `space`?
    pub fn has_volatile_variant(&self, inst: InstructionValue<'_>, space: u32) -> bool {
        // SAFETY: live TTI and instruction.
        unsafe {
            ffi::gpucc_tti_has_volatile_variant(self.raw.as_ptr(), inst.as_value_ref(), space)
        }
    }

    /// Is a cast between these spaces free?
    pub fn is_noop_addrspacecast(&self, from: u32, to: u32) -> bool {
        // SAFETY: live TTI.
        unsafe { ffi::gpucc_tti_is_noop_addrspacecast(self.raw.as_ptr(), from, to) }
    }
}

/// The kind of memset/memcpy/memmove a call is: 0 none, 1 memset, 2 transfer.
pub fn mem_intrinsic_kind(call: InstructionValue<'_>) -> u32 {
    // SAFETY: checked cast in the shim.
    let k = unsafe { ffi::gpucc_mem_intrinsic_kind(call.as_value_ref()) };
    u32::try_from(k).unwrap_or(0)
}

/// Points pointer argument `arg` (0 dest, 1 source) of a mem intrinsic at
/// `new_ptr` and switches to the matching overload.
pub fn rewrite_mem_intrinsic_pointer(
    call: InstructionValue<'_>,
    arg: u32,
    new_ptr: Addr<'_>,
) -> bool {
    if new_ptr.is_vector() {
        return false; // mem intrinsics take scalar pointers
    }
    // SAFETY: the shim checks the call kind and argument index.
    unsafe {
        ffi::gpucc_rewrite_mem_intrinsic_pointer(call.as_value_ref(), arg, new_ptr.as_value_ref())
    }
}

/// Opcode of an instruction or constant expression, by LLVM-C's numbering
/// seen through inkwell's enum; `None` for other values.
pub fn operator_opcode(v: impl AsValueRef) -> Option<inkwell::values::InstructionOpcode> {
    // SAFETY: checked casts; the opcode is read from a live value.
    unsafe {
        let raw = v.as_value_ref();
        if !c::LLVMIsAInstruction(raw).is_null() {
            return Some(InstructionValue::new(raw).get_opcode());
        }
        if !c::LLVMIsAConstantExpr(raw).is_null() {
            return Some(opcode_from_llvm(c::LLVMGetConstOpcode(raw)));
        }
        None
    }
}

fn opcode_from_llvm(op: llvm_sys::LLVMOpcode) -> inkwell::values::InstructionOpcode {
    use inkwell::values::InstructionOpcode as O;
    use llvm_sys::LLVMOpcode as L;
    match op {
        L::LLVMBitCast => O::BitCast,
        L::LLVMAddrSpaceCast => O::AddrSpaceCast,
        L::LLVMGetElementPtr => O::GetElementPtr,
        L::LLVMIntToPtr => O::IntToPtr,
        L::LLVMPtrToInt => O::PtrToInt,
        L::LLVMSelect => O::Select,
        _ => O::Unreachable, // "not an address operator" for our purposes
    }
}

/// The first-class operands of an instruction or constant expression, in
/// order, skipping blocks, metadata and tokens (use [`operand`] when the
/// position matters).
pub fn operands<'ctx>(v: impl AsValueRef) -> Vec<inkwell::values::BasicValueEnum<'ctx>> {
    let n = operand_count(&v);
    (0..n).filter_map(|i| operand(&v, i)).collect()
}

/// Operand `i` of a User when it is a pointer (the hot-loop form of
/// [`operand`]: no wrapping of other kinds).
pub fn pointer_operand<'ctx>(
    v: &impl AsValueRef,
    i: u32,
) -> Option<inkwell::values::PointerValue<'ctx>> {
    // SAFETY: the shim checks that `v` is a User with operand `i` and that
    // the operand has pointer type before returning it.
    unsafe {
        let o = ffi::gpucc_pointer_operand(v.as_value_ref(), i);
        (!o.is_null()).then(|| inkwell::values::PointerValue::new(o))
    }
}

/// Number of operands of a User (0 for other values).
pub fn operand_count(v: &impl AsValueRef) -> u32 {
    // SAFETY: checked cast before asking for the count.
    unsafe {
        let raw = v.as_value_ref();
        if c::LLVMIsAUser(raw).is_null() {
            return 0;
        }
        u32::try_from(c::LLVMGetNumOperands(raw)).unwrap_or(0)
    }
}

/// Value `raw` as a [`BasicValueEnum`](inkwell::values::BasicValueEnum)
/// when its type is first-class (integer, pointer, floating point, vector,
/// scalable vector, struct or array); `None` for any other type (void,
/// label, metadata, token, ...).
///
/// # Safety
/// `raw` is a live, non-null value.
unsafe fn first_class_value<'ctx>(
    raw: LLVMValueRef,
) -> Option<inkwell::values::BasicValueEnum<'ctx>> {
    use llvm_sys::LLVMTypeKind as K;
    // The type kind is checked before wrapping, so BasicValueEnum::new sees
    // only first-class types.
    match c::LLVMGetTypeKind(c::LLVMTypeOf(raw)) {
        // The common cases without BasicValueEnum::new's second look.
        K::LLVMPointerTypeKind => Some(inkwell::values::BasicValueEnum::PointerValue(
            inkwell::values::PointerValue::new(raw),
        )),
        K::LLVMIntegerTypeKind => Some(inkwell::values::BasicValueEnum::IntValue(
            inkwell::values::IntValue::new(raw),
        )),
        K::LLVMHalfTypeKind
        | K::LLVMBFloatTypeKind
        | K::LLVMFloatTypeKind
        | K::LLVMDoubleTypeKind
        | K::LLVMX86_FP80TypeKind
        | K::LLVMFP128TypeKind
        | K::LLVMPPC_FP128TypeKind
        | K::LLVMVectorTypeKind
        | K::LLVMScalableVectorTypeKind
        | K::LLVMStructTypeKind
        | K::LLVMArrayTypeKind => Some(inkwell::values::BasicValueEnum::new(raw)),
        _ => None,
    }
}

/// Operand `i` of a User, if it exists and is a first-class value (not a
/// block, metadata, token or label).
pub fn operand<'ctx>(v: &impl AsValueRef, i: u32) -> Option<inkwell::values::BasicValueEnum<'ctx>> {
    if i >= operand_count(v) {
        return None;
    }
    // SAFETY: `i` is in range (checked); the operand is live and not null.
    unsafe {
        let o = c::LLVMGetOperand(v.as_value_ref(), i);
        if o.is_null() || c::LLVMValueIsBasicBlock(o) != 0 {
            return None;
        }
        first_class_value(o)
    }
}

/// Is `v` a constant (of any kind)?
pub fn is_constant(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast.
    unsafe { !c::LLVMIsAConstant(v.as_value_ref()).is_null() }
}

/// Is `v` a constant expression?
pub fn is_constant_expr(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast.
    unsafe { !c::LLVMIsAConstantExpr(v.as_value_ref()).is_null() }
}

/// Is `v` `undef`, `poison`, or a null constant (`null`, a `zeroinitializer`
/// vector of pointers): a constant valid in every space?
pub fn is_null_or_undef(v: impl AsValueRef + Copy) -> bool {
    // SAFETY: checked casts; LLVMIsNull answers false for non-constants.
    unsafe { is_undef(v) || c::LLVMIsNull(v.as_value_ref()) != 0 }
}

/// A GEP like `gep` (source element type, indices, inbounds, debug location)
/// on address `base`, inserted before `gep` and never constant-folded. Its
/// other no-wrap flags are the caller's to set ([`analyses::set_flags`]).
pub fn clone_gep_on<'ctx>(gep: InstructionValue<'ctx>, base: Addr<'ctx>) -> Addr<'ctx> {
    assert_eq!(
        gep.get_opcode(),
        inkwell::values::InstructionOpcode::GetElementPtr
    );
    // SAFETY: `gep` is a GEP instruction (checked) and `base` an address; the
    // indices are reused as they are, so the new GEP is as valid as the old.
    let raw = unsafe { ffi::gpucc_clone_gep(gep.as_value_ref(), base.as_value_ref()) };
    // SAFETY: the shim returns a live value.
    unsafe { Addr::from_raw(raw) }.expect("gpucc: a GEP yields an address")
}

/// A select like `sel` (condition, metadata, debug location) of `a` and `b`,
/// inserted before `sel` and never constant-folded.
pub fn clone_select_on<'ctx>(
    sel: InstructionValue<'ctx>,
    a: Addr<'ctx>,
    b: Addr<'ctx>,
) -> Addr<'ctx> {
    assert_eq!(sel.get_opcode(), inkwell::values::InstructionOpcode::Select);
    // SAFETY: `sel` is a select (checked); `a` and `b` share a type (checked).
    let raw = unsafe {
        assert!(c::LLVMTypeOf(a.as_value_ref()) == c::LLVMTypeOf(b.as_value_ref()));
        ffi::gpucc_clone_select(sel.as_value_ref(), a.as_value_ref(), b.as_value_ref())
    };
    // SAFETY: the shim returns a live value.
    unsafe { Addr::from_raw(raw) }.expect("gpucc: a select of addresses is an address")
}

/// Constant expression `ce` rebuilt with the given (operand index, new
/// constant) replacements; an address result moves to `new_space` (`None`:
/// it keeps its type). A GEP with `only_inbounds` keeps `inbounds` and no
/// other no-wrap flag.
pub fn const_expr_with_operands<'ctx>(
    ce: impl AsValueRef,
    replace: &[(u32, inkwell::values::BasicValueEnum<'ctx>)],
    new_space: Option<u32>,
    only_inbounds: bool,
) -> inkwell::values::BasicValueEnum<'ctx> {
    // SAFETY: `ce` is checked to be a constant expression and the operand
    // indices to be in range; replacements are constants.
    unsafe {
        let raw = ce.as_value_ref();
        assert!(
            !c::LLVMIsAConstantExpr(raw).is_null(),
            "gpucc: not a constant expression"
        );
        let n = u32::try_from(c::LLVMGetNumOperands(raw)).unwrap_or(0);
        for (i, op) in replace {
            assert!(
                *i < n && is_constant(*op),
                "gpucc: bad constant operand replacement"
            );
        }
        let index: Vec<u32> = replace.iter().map(|(i, _)| *i).collect();
        let ops: Vec<LLVMValueRef> = replace.iter().map(|(_, o)| o.as_value_ref()).collect();
        inkwell::values::BasicValueEnum::new(ffi::gpucc_const_expr_with_operands(
            raw,
            index.as_ptr(),
            ops.as_ptr(),
            ops.len(),
            new_space.unwrap_or(NO_SPACE),
            only_inbounds,
        ))
    }
}

/// The type of `v` as a raw-typed handle.
pub fn type_of<'ctx>(
    v: inkwell::values::BasicValueEnum<'ctx>,
) -> inkwell::types::BasicTypeEnum<'ctx> {
    inkwell::types::BasicType::as_basic_type_enum(&v.get_type())
}

/// The instruction uses of `v`: (user, operand index), in use-list order.
/// Users that are not instructions (constant expressions) are skipped.
pub fn uses_of<'ctx>(v: impl AsValueRef) -> Vec<(InstructionValue<'ctx>, u32)> {
    let mut out = Vec::new();
    uses_of_into(v, &mut out);
    out
}

/// [`uses_of`] into `out` (cleared first), so a loop reuses one buffer.
pub fn uses_of_into<'ctx>(v: impl AsValueRef, out: &mut Vec<(InstructionValue<'ctx>, u32)>) {
    out.clear();
    // SAFETY: walks the live use list of `v`; the shim reads each use's
    // operand index; users are checked to be instructions before wrapping.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v.as_value_ref());
        while !u.is_null() {
            let user = c::LLVMGetUser(u);
            if !c::LLVMIsAInstruction(user).is_null() {
                out.push((InstructionValue::new(user), ffi::gpucc_operand_no(u)));
            }
            u = c::LLVMGetNextUse(u);
        }
    }
}

/// Is `v` used by a user (instruction or constant) for which `pred` holds?
pub fn any_user(v: impl AsValueRef, mut pred: impl FnMut(LLVMValueRef) -> bool) -> bool {
    // SAFETY: walks the live use list of `v`.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v.as_value_ref());
        while !u.is_null() {
            if pred(c::LLVMGetUser(u)) {
                return true;
            }
            u = c::LLVMGetNextUse(u);
        }
    }
    false
}

/// The address space of pointer `p`.
pub fn space_of(p: inkwell::values::PointerValue<'_>) -> u32 {
    // SAFETY: `p` has pointer type (inkwell's PointerValue guarantees it).
    unsafe { c::LLVMGetPointerAddressSpace(c::LLVMTypeOf(p.as_value_ref())) }
}

/// The result of `inst` as a pointer, if it produces one.
pub fn result_pointer<'ctx>(
    inst: InstructionValue<'ctx>,
) -> Option<inkwell::values::PointerValue<'ctx>> {
    // SAFETY: the type kind is checked before wrapping.
    unsafe {
        let raw = inst.as_value_ref();
        (c::LLVMGetTypeKind(c::LLVMTypeOf(raw)) == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind)
            .then(|| inkwell::values::PointerValue::new(raw))
    }
}

/// The function owning argument `v`, when `v` is an argument.
pub fn function_of_argument<'ctx>(v: impl AsValueRef) -> Option<FunctionValue<'ctx>> {
    // SAFETY: checked cast; LLVMGetParamParent returns the owning function.
    unsafe {
        let raw = v.as_value_ref();
        if c::LLVMIsAArgument(raw).is_null() {
            return None;
        }
        FunctionValue::new(c::LLVMGetParamParent(raw))
    }
}

impl<'a> Tti<'a> {
    /// Address operands of intrinsic call `call` that may move to a specific
    /// space (LLVM's generic ones and the target's), into `out` (cleared
    /// first).
    pub fn intrinsic_flat_operands_into(&self, call: InstructionValue<'_>, out: &mut Vec<u32>) {
        out.clear();
        let mut room = 4u32;
        loop {
            out.resize(room as usize, 0);
            // SAFETY: the shim writes at most `room` indices into `out`
            // (that long) and checks the call kind.
            let n = unsafe {
                ffi::gpucc_intrinsic_flat_operands(
                    self.raw.as_ptr(),
                    call.as_value_ref(),
                    out.as_mut_ptr(),
                    room,
                )
            };
            if n <= room {
                out.truncate(n as usize);
                return;
            }
            room = n;
        }
    }

    /// [`Tti::intrinsic_flat_operands_into`], into a new vector.
    pub fn intrinsic_flat_operands(&self, call: InstructionValue<'_>) -> Vec<u32> {
        let mut out = Vec::new();
        self.intrinsic_flat_operands_into(call, &mut out);
        out
    }

    /// Rewrites intrinsic `call` to use `new` instead of `old` (a target's
    /// replacement call takes the old call's uses). False if it cannot.
    pub fn rewrite_intrinsic_pointer<'ctx>(
        &self,
        call: InstructionValue<'ctx>,
        old: Addr<'ctx>,
        new: Addr<'ctx>,
    ) -> bool {
        // SAFETY: live values of one function; the shim checks the kind.
        unsafe {
            ffi::gpucc_rewrite_intrinsic_pointer(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                call.as_value_ref(),
                old.as_value_ref(),
                new.as_value_ref(),
            )
        }
    }

    /// `llvm.ptrmask` call `call` rebuilt by the target on `new_ptr`.
    pub fn ptrmask_in_space<'ctx>(
        &self,
        call: InstructionValue<'ctx>,
        new_ptr: Addr<'ctx>,
    ) -> Option<Addr<'ctx>> {
        // SAFETY: the shim checks the call; the result is checked by Addr.
        let r = unsafe {
            ffi::gpucc_ptrmask_in_space(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                call.as_value_ref(),
                new_ptr.as_value_ref(),
            )
        };
        // SAFETY: null or a live value.
        unsafe { Addr::from_raw(r) }
    }
}

/// Is `v` a call of `llvm.lifetime.start` or `llvm.lifetime.end`?
pub fn is_lifetime_marker(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast in the shim.
    unsafe { ffi::gpucc_is_lifetime_marker(v.as_value_ref()) }
}

/// Is `v` a call of `llvm.ptrmask`?
pub fn is_ptrmask(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast in the shim.
    unsafe { ffi::gpucc_is_ptrmask(v.as_value_ref()) }
}

impl<'a> Tti<'a> {
    /// The space an `llvm.assume` valid at `user` proves for `opnd`.
    pub fn predicated_address_space(
        &self,
        user: InstructionValue<'_>,
        opnd: Addr<'_>,
    ) -> Option<u32> {
        // SAFETY: live FAM, function, instruction and pointer.
        let s = unsafe {
            ffi::gpucc_predicated_address_space(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                user.as_value_ref(),
                opnd.as_value_ref(),
            )
        };
        (s != NO_SPACE).then_some(s)
    }

    /// Bits in a pointer of `space` (the function's data layout).
    pub fn pointer_size_bits(&self, space: u32) -> u32 {
        // SAFETY: the function lives in a module with a data layout.
        unsafe { ffi::gpucc_pointer_size_bits(self.f.as_value_ref(), space) }
    }

    /// Bits in a GEP offset (the index type) of `space`.
    pub fn index_size_bits(&self, space: u32) -> u32 {
        // SAFETY: the function lives in a module with a data layout.
        unsafe { ffi::gpucc_index_size_bits(self.f.as_value_ref(), space) }
    }

    /// If `v` is `inttoptr (ptrtoint p)` (scalars or vectors) and both casts
    /// keep every bit and the target says the spaces of `p` and `v` are the
    /// same or cast for free, `p`.
    pub fn noop_ptrint_pair_source<'ctx>(&self, v: Addr<'ctx>) -> Option<Addr<'ctx>> {
        // SAFETY: live TTI, function and value; the shim checks the shapes.
        let p = unsafe {
            ffi::gpucc_noop_ptrint_pair_source(
                self.raw.as_ptr(),
                self.f.as_value_ref(),
                v.as_value_ref(),
            )
        };
        // SAFETY: null or a live value.
        unsafe { Addr::from_raw(p) }
    }
}

/// Deletes each of `insts` that is trivially dead, and what becomes dead
/// through it; survives instructions deleted through earlier ones.
pub fn delete_dead(insts: &[InstructionValue<'_>]) {
    let raw: Vec<LLVMValueRef> = insts.iter().map(|i| i.as_value_ref()).collect();
    // SAFETY: all are live instructions; the shim tracks them with weak
    // handles while deleting.
    unsafe { ffi::gpucc_delete_dead(raw.as_ptr(), raw.len()) }
}

/// Deletes `f` when it is local (internal or private) and nothing uses it;
/// returns whether it did.
pub fn delete_if_unused(f: FunctionValue<'_>) -> bool {
    use inkwell::module::Linkage;
    if !matches!(f.get_linkage(), Linkage::Internal | Linkage::Private) {
        return false;
    }
    // SAFETY: `f` is a live function; with no uses and local linkage nothing
    // can refer to it once it is gone.
    unsafe {
        if !c::LLVMGetFirstUse(f.as_value_ref()).is_null() {
            return false;
        }
        c::LLVMDeleteFunction(f.as_value_ref());
    }
    true
}

/// A copy of `f` (body, attributes, metadata) in its module, internal,
/// named `name`.
pub fn clone_function<'ctx>(f: FunctionValue<'ctx>, name: &str) -> FunctionValue<'ctx> {
    assert!(f.count_basic_blocks() > 0, "gpucc: cloning a declaration");
    // SAFETY: `f` is a live definition; CloneFunction inserts the copy into
    // the same module and returns a live function.
    unsafe {
        let c = ffi::gpucc_clone_function(f.as_value_ref(), name.as_ptr(), name.len());
        FunctionValue::new(c).expect("gpucc: CloneFunction returns a function")
    }
}

/// In the phis of `bb`, the incoming block `old` becomes `new` (after an
/// edge from `old` was redirected to come from `new`).
pub fn replace_phi_uses(
    bb: inkwell::basic_block::BasicBlock<'_>,
    old: inkwell::basic_block::BasicBlock<'_>,
    new: inkwell::basic_block::BasicBlock<'_>,
) {
    // SAFETY: all three are live blocks.
    unsafe { ffi::gpucc_replace_phi_uses(bb.as_mut_ptr(), old.as_mut_ptr(), new.as_mut_ptr()) }
}

/// Redirects every edge of terminator `term` that goes to `old` to `new`
/// (phis of `old` and `new` are the caller's business).
pub fn redirect_successor(
    term: InstructionValue<'_>,
    old: inkwell::basic_block::BasicBlock<'_>,
    new: inkwell::basic_block::BasicBlock<'_>,
) {
    // SAFETY: `term` is a live terminator; successor indices are in range.
    unsafe {
        let t = term.as_value_ref();
        for k in 0..c::LLVMGetNumSuccessors(t) {
            if c::LLVMGetSuccessor(t, k) == old.as_mut_ptr() {
                c::LLVMSetSuccessor(t, k, new.as_mut_ptr());
            }
        }
    }
}

/// Drops the metadata `kind` (e.g. `llvm.loop`) from `inst`.
pub fn drop_metadata(inst: InstructionValue<'_>, kind: &str) {
    // SAFETY: `inst` is a live instruction; setting a kind to null removes it.
    unsafe {
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(inst.as_value_ref()));
        let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
        c::LLVMSetMetadata(inst.as_value_ref(), id, std::ptr::null_mut());
    }
}

/// Does `inst` carry metadata `kind`, and which string-named hints does its
/// node list (`llvm.loop` nodes: `!{!self, !{!"name", value}, ...}`): the
/// names with their integer value, when they have one.
pub fn loop_hints(inst: InstructionValue<'_>) -> Option<Vec<(String, Option<i64>)>> {
    // SAFETY: `inst` is a live instruction; metadata nodes are walked with
    // the C API's node accessors on values it hands out.
    unsafe {
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(inst.as_value_ref()));
        let kind = "llvm.loop";
        let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
        let md = c::LLVMGetMetadata(inst.as_value_ref(), id);
        if md.is_null() {
            return None;
        }
        let n = c::LLVMGetMDNodeNumOperands(md) as usize;
        let mut ops = vec![std::ptr::null_mut(); n];
        c::LLVMGetMDNodeOperands(md, ops.as_mut_ptr());
        let mut out = Vec::new();
        for op in ops.into_iter().skip(1) {
            if op.is_null() || c::LLVMIsAMDNode(op).is_null() {
                continue;
            }
            let k = c::LLVMGetMDNodeNumOperands(op) as usize;
            if k == 0 {
                continue;
            }
            let mut sub = vec![std::ptr::null_mut(); k];
            c::LLVMGetMDNodeOperands(op, sub.as_mut_ptr());
            if sub[0].is_null() || c::LLVMIsAMDString(sub[0]).is_null() {
                continue;
            }
            let mut len = 0u32;
            let p = c::LLVMGetMDString(sub[0], &mut len);
            let name = if p.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len as usize))
                    .into_owned()
            };
            let value = sub
                .get(1)
                .filter(|v| !v.is_null() && !c::LLVMIsAConstantInt(**v).is_null())
                .map(|v| c::LLVMConstIntGetSExtValue(*v));
            out.push((name, value));
        }
        Some(out)
    }
}

/// Erases global variable `g` when only dead constants use it; returns
/// whether it did.
pub fn erase_global_if_unused(g: inkwell::values::GlobalValue<'_>) -> bool {
    // SAFETY: `g` is a live global; the shim checks it is a variable and
    // unused before erasing it, and the handle is consumed.
    unsafe { ffi::gpucc_erase_global_if_unused(g.as_value_ref()) }
}

/// Are all uses of `f` direct calls of it (with its own function type)?
pub fn only_direct_calls(f: FunctionValue<'_>) -> bool {
    // SAFETY: `f` is a live function.
    unsafe { ffi::gpucc_only_direct_calls(f.as_value_ref()) }
}

/// Moves generic pointer parameters of `f` into specific spaces
/// (`(parameter index, space)` pairs), and its generic pointer return value
/// into `ret` when given. Every call site is rewritten; `f` is replaced by the
/// returned function (same name, body and attributes).
pub fn specialize_pointer_params<'ctx>(
    fam: Fam<'_>,
    f: FunctionValue<'ctx>,
    params: &[(u32, u32)],
    ret: Option<u32>,
) -> FunctionValue<'ctx> {
    assert!(
        only_direct_calls(f),
        "gpucc: specializing a function with indirect uses"
    );
    let n = f.count_params();
    assert!(
        params.iter().all(|(i, _)| *i < n),
        "gpucc: parameter index out of range"
    );
    let idx: Vec<u32> = params.iter().map(|(i, _)| *i).collect();
    let spaces: Vec<u32> = params.iter().map(|(_, s)| *s).collect();
    // SAFETY: indices are checked; every use is a direct call (checked), so
    // the shim can rewrite all of them; `f` is not used afterwards.
    unsafe {
        let new = ffi::gpucc_specialize_pointer_params(
            fam.raw.as_ptr(),
            f.as_value_ref(),
            idx.as_ptr(),
            spaces.as_ptr(),
            idx.len(),
            ret.unwrap_or(NO_SPACE),
        );
        FunctionValue::new(new).expect("gpucc: specialization returns a function")
    }
}

/// The object `p` is based on (LLVM's `getUnderlyingObject`: through GEPs
/// and casts, not phis).
pub fn underlying_object<'ctx>(
    p: inkwell::values::PointerValue<'ctx>,
) -> inkwell::values::PointerValue<'ctx> {
    // SAFETY: the underlying object of a pointer is a pointer of the same
    // type family (LLVM strips only pointer-to-pointer operations).
    unsafe {
        let o = ffi::gpucc_underlying_object(p.as_value_ref());
        if o.is_null()
            || c::LLVMGetTypeKind(c::LLVMTypeOf(o)) != llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
        {
            return p;
        }
        inkwell::values::PointerValue::new(o)
    }
}

/// Is `v` a global variable declared `constant`?
pub fn is_constant_global(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast before asking.
    unsafe {
        let g = c::LLVMIsAGlobalVariable(v.as_value_ref());
        !g.is_null() && c::LLVMIsGlobalConstant(g) != 0
    }
}

/// Does argument `arg` carry the enum attribute `name` (`noalias`, ...)?
/// False for values that are not arguments.
pub fn argument_has_attr(arg: impl AsValueRef, name: &str) -> bool {
    // SAFETY: checked cast; the shim reads the attribute by name.
    unsafe {
        let a = c::LLVMIsAArgument(arg.as_value_ref());
        !a.is_null() && ffi::gpucc_argument_has_attr(a, name.as_ptr().cast(), name.len())
    }
}

/// The calling convention number of `f` (LLVM's `CallingConv::ID`).
pub fn calling_conv(f: FunctionValue<'_>) -> u32 {
    // SAFETY: `f` is a live function.
    unsafe { c::LLVMGetFunctionCallConv(f.as_value_ref()) }
}

/// Does the module's `!nvvm.annotations` mark `f` as a kernel
/// (`!{ptr @f, !"kernel", i32 1}`)?
pub fn has_nvvm_kernel_annotation(f: FunctionValue<'_>) -> bool {
    const NAME: &CStr = c"nvvm.annotations";
    // SAFETY: LLVM-C walks the named metadata of `f`'s live module; buffers
    // are sized from the counts LLVM reports.
    unsafe {
        let m = c::LLVMGetGlobalParent(f.as_value_ref());
        if m.is_null() {
            return false;
        }
        let n = c::LLVMGetNamedMetadataNumOperands(m, NAME.as_ptr());
        let mut nodes: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
        c::LLVMGetNamedMetadataOperands(m, NAME.as_ptr(), nodes.as_mut_ptr());
        nodes.into_iter().any(|node| {
            let k = c::LLVMGetMDNodeNumOperands(node) as usize;
            if k < 3 {
                return false;
            }
            let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); k];
            c::LLVMGetMDNodeOperands(node, ops.as_mut_ptr());
            if ops[0] != f.as_value_ref() || ops[1].is_null() {
                return false;
            }
            let mut len = 0u32;
            let s = c::LLVMGetMDString(ops[1], &mut len);
            let is_kernel = !s.is_null()
                && std::slice::from_raw_parts(s.cast::<u8>(), len as usize) == b"kernel";
            let one = !ops[2].is_null()
                && !c::LLVMIsAConstantInt(ops[2]).is_null()
                && c::LLVMConstIntGetZExtValue(ops[2]) == 1;
            is_kernel && one
        })
    }
}
