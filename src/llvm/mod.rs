//! The only home of `unsafe` and `extern "C"` in gpucc-passes.
//!
//! * `ffi`: raw declarations of the C++ shim (`cpp/shim.cpp`), private here.
//! * `edge`: converts llvm-plugin's handles (inkwell 0.5) into the inkwell 0.11
//!   handles the passes use. Nothing outside `src/plugin.rs` and this folder
//!   knows llvm-plugin exists, so the LLVM 22 build can replace the edge alone.
//! * this file: safe wrappers over the shim and the few LLVM-C calls inkwell
//!   does not offer (RAUW with any value, take-name, module triple, ...).
//!
//! Every `unsafe` block says why it is sound. Handles carry the lifetime of
//! the IR they came from; none may be kept after `opt` regains control.

pub mod edge;
mod ffi;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue};
use llvm_sys::core as c;
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

/// Gives `to` the name of `from` and leaves `from` unnamed (LLVM's takeName).
pub fn take_name(from: InstructionValue<'_>, to: impl AsValueRef) {
    let name = value_name(from);
    // SAFETY: both are live values; LLVMSetValueName2 copies the bytes.
    unsafe {
        c::LLVMSetValueName2(from.as_value_ref(), std::ptr::null(), 0);
        c::LLVMSetValueName2(to.as_value_ref(), name.as_ptr().cast(), name.len());
    }
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
    let idx = llvm_sys::LLVMAttributeFunctionIndex;
    ["optsize", "minsize"].iter().any(|name| {
        // SAFETY: attribute kinds are looked up by name; `f` is live.
        unsafe {
            let kind = c::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
            kind != 0 && !c::LLVMGetEnumAttributeAtIndex(f.as_value_ref(), idx, kind).is_null()
        }
    })
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

/// The plugin's own `-gpucc-auto-pipeline` option (default true).
pub fn auto_pipeline_option() -> bool {
    // SAFETY: reads a static cl::opt.
    unsafe { ffi::gpucc_auto_pipeline_option() }
}
