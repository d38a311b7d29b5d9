//! The registration edge, Rust half: what LLVM calls (through the C++ classes
//! of `cpp/plugin.cpp`) and what it hands over.
//!
//! * [`plugin_info`] is what `llvmGetPassPluginInfo` returns. It first
//!   checks that the process runs the LLVM we were built for: a library built
//!   for LLVM 22 loaded into `opt-16` (or the other way round, or into a
//!   rustc of another LLVM) stops with a message naming both versions and
//!   exit status 1, before any pass can run against the wrong C++ ABI.
//! * The `gpucc_rs_*` functions are the only way into Rust from the pass
//!   manager. Each runs inside [`crate::guarded`]: a panic becomes
//!   `LLVM ERROR: <pass>: internal error: ...`, never an unwind into C++.
//! * [`ModuleRef`] and [`Mam`] are the module and module analysis manager
//!   LLVM runs a module pass with.
//!
//! Pass handles are `Box<Handle>` pointers owned by the C++ pass objects;
//! `gpucc_rs_drop_pass` frees them when LLVM drops the pass.

use super::llvm_sys;
use super::{ffi, Fam};
use crate::passes::{Changed, FunctionPass};
use crate::plugin::{self, Element, ModulePass};
use inkwell::values::{FunctionValue, GlobalValue};
use llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::marker::PhantomData;
use std::ptr::NonNull;

/// `llvm::PassPluginLibraryInfo`, as this LLVM lays it out.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    registrar: unsafe extern "C" fn(*mut c_void),
    /// LLVM 22 added a pre-codegen hook; we leave it null.
    #[cfg(feature = "llvm22")]
    pre_codegen: *const c_void,
}

/// The LLVM major version this library is built for (the Cargo feature).
pub const BUILT_FOR: u32 = super::LLVM_MAJOR;

/// The version string LLVM shows for the plugin: ours, then the LLVM it is
/// for (`0.1.0+llvm22`).
const VERSION: &CStr = match CStr::from_bytes_with_nul(super::PLUGIN_VERSION.as_bytes()) {
    Ok(s) => s,
    Err(_) => panic!("PLUGIN_VERSION ends in one NUL"),
};

/// What `llvmGetPassPluginInfo` returns, after the version check.
pub fn plugin_info() -> PassPluginLibraryInfo {
    check_host_version();
    PassPluginLibraryInfo {
        // SAFETY: returns a constant.
        api_version: unsafe { ffi::gpucc_plugin_api_version() },
        plugin_name: c"gpucc-passes".as_ptr(),
        plugin_version: VERSION.as_ptr(),
        registrar,
        #[cfg(feature = "llvm22")]
        pre_codegen: std::ptr::null(),
    }
}

/// The LLVM version of the process that loaded us, when it tells
/// (LLVM 16 and later have `LLVMGetVersion`).
pub fn host_llvm_version() -> Option<(u32, u32, u32)> {
    let (mut major, mut minor, mut patch) = (0u32, 0u32, 0u32);
    // SAFETY: the shim looks the function up by name and writes the three.
    let found = unsafe { ffi::gpucc_host_llvm_version(&mut major, &mut minor, &mut patch) };
    found.then_some((major, minor, patch))
}

/// Stops the process with a clear message when the host LLVM's major
/// version is not the one we were built for: our C++ half was compiled
/// against that version's headers, and nothing else is safe to run.
fn check_host_version() {
    let host = host_llvm_version();
    if let Some(message) = version_mismatch(BUILT_FOR, host) {
        eprintln!("{message}");
        std::process::exit(1);
    }
}

/// The error for a library built for LLVM `built` loaded into `host`
/// (`None`: a host too old to say), or `None` when they match.
pub fn version_mismatch(built: u32, host: Option<(u32, u32, u32)>) -> Option<String> {
    let found = match host {
        Some((major, _, _)) if major == built => return None,
        Some((major, minor, patch)) => format!("LLVM {major}.{minor}.{patch}"),
        None => "an LLVM older than 16".to_string(),
    };
    Some(format!(
        "gpucc-passes: this library was built for LLVM {built}, but it was loaded into \
         {found}; build the plugin for that LLVM (scripts/plugin.sh <major>) and load that one"
    ))
}

unsafe extern "C" fn registrar(pass_builder: *mut c_void) {
    // SAFETY: LLVM passes its live `PassBuilder &` as this pointer; the shim
    // registers callbacks that live as long as the builder.
    crate::guarded("gpucc-passes", || unsafe {
        ffi::gpucc_register_callbacks(pass_builder)
    });
}

/// A module LLVM runs a module pass on.
#[derive(Clone, Copy)]
pub struct ModuleRef<'a> {
    raw: NonNull<llvm_sys::LLVMModule>,
    _ir: PhantomData<&'a ()>,
}

impl<'a> ModuleRef<'a> {
    /// The function definitions and declarations, in module order.
    pub fn functions(&self) -> Vec<FunctionValue<'a>> {
        let mut out = Vec::new();
        // SAFETY: the module is live for `'a`; LLVM-C walks its function list.
        unsafe {
            let mut f = llvm_sys::core::LLVMGetFirstFunction(self.raw.as_ptr());
            while !f.is_null() {
                out.extend(FunctionValue::new(f));
                f = llvm_sys::core::LLVMGetNextFunction(f);
            }
        }
        out
    }

    /// The global variables, definitions and declarations, in module order.
    pub fn globals(&self) -> Vec<GlobalValue<'a>> {
        let mut out = Vec::new();
        // SAFETY: the module is live for `'a`; LLVM-C walks its global list.
        unsafe {
            let mut g = llvm_sys::core::LLVMGetFirstGlobal(self.raw.as_ptr());
            while !g.is_null() {
                out.push(GlobalValue::new(g));
                g = llvm_sys::core::LLVMGetNextGlobal(g);
            }
        }
        out
    }

    /// The target triple (empty when none is set).
    pub fn triple(&self) -> String {
        // SAFETY: the string is owned by the module and copied at once.
        unsafe {
            CStr::from_ptr(llvm_sys::core::LLVMGetTarget(self.raw.as_ptr()))
                .to_string_lossy()
                .into_owned()
        }
    }
}

/// The module analysis manager a module pass runs with.
#[derive(Clone, Copy)]
pub struct Mam<'a> {
    raw: NonNull<c_void>,
    _ir: PhantomData<&'a ()>,
}

impl<'a> Mam<'a> {
    /// The function analysis manager behind `module`'s proxy.
    pub fn fam(&self, module: ModuleRef<'a>) -> Fam<'a> {
        // SAFETY: both are live for the module pass's run; the proxy's
        // manager outlives it.
        unsafe {
            let raw = ffi::gpucc_module_fam(self.raw.as_ptr(), module.raw.as_ptr());
            Fam::from_raw(raw).unwrap_or_else(|| super::fatal("gpucc: null analysis manager"))
        }
    }
}

/// What a pass handle given to C++ holds.
struct Handle {
    /// The pipeline element as the user wrote it (`-print-pipeline-passes`).
    text: String,
    pass: Pass,
}

enum Pass {
    Function(Box<dyn FunctionPass>),
    Module(Box<dyn ModulePass>),
}

fn into_raw(text: &str, pass: Pass) -> *mut c_void {
    Box::into_raw(Box::new(Handle {
        text: text.to_string(),
        pass,
    }))
    .cast()
}

/// # Safety
/// `raw` must come from [`into_raw`] and not be dropped yet.
unsafe fn handle<'a>(raw: *mut c_void) -> &'a Handle {
    // SAFETY: per the contract above.
    unsafe { &*raw.cast::<Handle>() }
}

fn slot_of(name: &str) -> u32 {
    let i = plugin::SLOTS
        .iter()
        .position(|s| *s == name)
        .unwrap_or_else(|| panic!("pass name {name} has no slot in plugin::SLOTS"));
    u32::try_from(i).expect("gpucc: fewer than 2^32 slots")
}

fn text_of<'a>(ptr: *const c_char, len: usize) -> &'a str {
    // SAFETY: C++ passes a live (pointer, length) string for this call.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    std::str::from_utf8(bytes).unwrap_or("")
}

#[no_mangle]
extern "C" fn gpucc_rs_parse(
    level: c_int,
    element: *const c_char,
    len: usize,
    out_pass: *mut *mut c_void,
    out_slot: *mut u32,
    out_text: *mut *const c_char,
    out_text_len: *mut usize,
) -> c_int {
    crate::guarded("gpucc-passes", || {
        let element = text_of(element, len);
        let parsed = if level == 0 {
            plugin::parse_function_element(element)
        } else {
            plugin::parse_module_element(element)
        };
        // SAFETY: C++ passes valid out-pointers for this call.
        unsafe {
            match parsed {
                None => 0,
                Some(Element::Function(p)) => {
                    *out_slot = slot_of(p.name());
                    *out_pass = into_raw(element, Pass::Function(p));
                    1
                }
                Some(Element::Module(p)) => {
                    *out_slot = slot_of(p.name());
                    *out_pass = into_raw(element, Pass::Module(p));
                    1
                }
                Some(Element::Pipeline(text)) => {
                    *out_text = text.as_ptr().cast();
                    *out_text_len = text.len();
                    2
                }
            }
        }
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_run_function(pass: *mut c_void, f: LLVMValueRef, fam: *mut c_void) -> c_int {
    // SAFETY: C++ hands over its own live handle, and the function and
    // analysis manager of this run.
    let h = unsafe { handle(pass) };
    let Pass::Function(p) = &h.pass else {
        super::fatal("gpucc: a module pass was run as a function pass")
    };
    crate::guarded(p.name(), || {
        // SAFETY: as above; both live for this call.
        let (f, fam) = unsafe {
            (
                FunctionValue::new(f).expect("gpucc: LLVM runs a function pass on a function"),
                Fam::from_raw(fam).expect("gpucc: LLVM passes an analysis manager"),
            )
        };
        c_int::from(plugin::run_function_pass(p.as_ref(), f, fam) == Changed::Yes)
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_run_module(pass: *mut c_void, m: LLVMModuleRef, mam: *mut c_void) -> c_int {
    // SAFETY: C++ hands over its own live handle, and the module and
    // analysis manager of this run.
    let h = unsafe { handle(pass) };
    let Pass::Module(p) = &h.pass else {
        super::fatal("gpucc: a function pass was run as a module pass")
    };
    crate::guarded(p.name(), || {
        let module = ModuleRef {
            raw: NonNull::new(m).expect("gpucc: LLVM runs a module pass on a module"),
            _ir: PhantomData,
        };
        let mam = Mam {
            raw: NonNull::new(mam).expect("gpucc: LLVM passes an analysis manager"),
            _ir: PhantomData,
        };
        c_int::from(p.run(module, mam) == Changed::Yes)
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_drop_pass(pass: *mut c_void) {
    crate::guarded("gpucc-passes", || {
        // SAFETY: C++ gives up its handle exactly once.
        drop(unsafe { Box::from_raw(pass.cast::<Handle>()) });
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_pass_text(pass: *mut c_void, buf: *mut c_char, cap: usize) -> usize {
    crate::guarded("gpucc-passes", || {
        // SAFETY: a live handle, and a buffer of `cap` bytes.
        unsafe {
            let text = &handle(pass).text;
            let n = text.len().min(cap);
            std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
            text.len()
        }
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_slot_count() -> u32 {
    u32::try_from(plugin::SLOTS.len()).unwrap_or(u32::MAX)
}

#[no_mangle]
extern "C" fn gpucc_rs_slot_name(slot: u32, len: *mut usize) -> *const c_char {
    let name = usize::try_from(slot)
        .ok()
        .and_then(|i| plugin::SLOTS.get(i))
        .copied()
        .unwrap_or("gpucc-unknown-slot");
    // SAFETY: C++ passes a valid out-pointer.
    unsafe { *len = name.len() };
    name.as_ptr().cast()
}

#[no_mangle]
extern "C" fn gpucc_rs_auto_pass(point: u32, out_slot: *mut u32) -> *mut c_void {
    crate::guarded("gpucc-passes", || {
        let p = match point {
            1 => plugin::auto_unroll_pass(),
            2 => plugin::auto_ranges_pass(),
            _ => plugin::auto_annotate_pass(),
        };
        // SAFETY: C++ passes a valid out-pointer.
        unsafe { *out_slot = slot_of(p.name()) };
        let text = p.name();
        into_raw(text, Pass::Function(p))
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_auto_pipeline(
    which: u32,
    len: *mut usize,
    name: *mut *const c_char,
    name_len: *mut usize,
) -> *const c_char {
    let (pipeline, text) = auto_pipeline_of(which);
    // SAFETY: C++ passes valid out-pointers; the strings are static.
    unsafe {
        *len = text.len();
        *name = pipeline.as_ptr().cast();
        *name_len = pipeline.len();
    }
    text.as_ptr().cast()
}

/// The auto-pipeline `which` (0: the `gpucc` suite at the optimizer-last
/// point; 1: the OpenMP device passes at the pipeline-start point): its name
/// and its text.
fn auto_pipeline_of(which: u32) -> (&'static str, &'static str) {
    if which == 1 {
        (plugin::OMP_DEVICE, plugin::OMP_DEVICE_TEXT)
    } else {
        (plugin::PIPELINE, plugin::GPUCC_TEXT)
    }
}

#[no_mangle]
extern "C" fn gpucc_rs_auto_wanted(which: u32, m: LLVMModuleRef) -> c_int {
    crate::guarded(auto_pipeline_of(which).0, || {
        let module = ModuleRef {
            raw: NonNull::new(m).expect("gpucc: LLVM runs a module pass on a module"),
            _ir: PhantomData,
        };
        let triple = module.triple();
        let wanted = if which == 1 {
            plugin::auto_omp_wanted(&triple, &module.functions())
        } else {
            plugin::auto_wanted(&triple)
        };
        c_int::from(wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_major_is_fine() {
        assert_eq!(version_mismatch(22, Some((22, 1, 2))), None);
        assert_eq!(version_mismatch(16, Some((16, 0, 6))), None);
    }

    #[test]
    fn mismatch_names_both_versions() {
        let m = version_mismatch(22, Some((16, 0, 6))).expect("a mismatch");
        assert!(m.contains("LLVM 22") && m.contains("LLVM 16.0.6"), "{m}");
        let old = version_mismatch(16, None).expect("a mismatch");
        assert!(
            old.contains("LLVM 16") && old.contains("older than 16"),
            "{old}"
        );
    }

    #[test]
    fn every_slot_name_is_unique() {
        let mut names = plugin::SLOTS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), plugin::SLOTS.len());
    }
}
