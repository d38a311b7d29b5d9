//! The registration edge: llvm-plugin (which brings inkwell 0.5) hands us its
//! handles; the passes want inkwell 0.11 handles and LLVM's
//! `FunctionAnalysisManager`. Both inkwells wrap the same `llvm-sys` 160
//! pointers, so conversion is by raw pointer.
//!
//! llvm-plugin 0.6 keeps the analysis manager's pointer in a private field.
//! [`fam_of`] finds it by layout probing: it builds a manager around a known
//! sentinel with the crate's own (public, doc-hidden) `from_raw`, looks for the
//! sentinel's word, and reads the same word of the real manager. The crate is
//! pinned to `=0.6.0`, and a probe that does not find exactly one sentinel
//! word is a fatal error, not a guess.

use super::Fam;
use inkwell::values::FunctionValue;
use llvm_plugin::inkwell::values::AsValueRef as _;
use once_cell::sync::OnceCell;
use std::ffi::c_void;
use std::mem::size_of;

type PluginFunction<'a> = llvm_plugin::inkwell::values::FunctionValue<'a>;
type PluginModule<'a> = llvm_plugin::inkwell::module::Module<'a>;

/// Our view of the function llvm-plugin passes to `run_pass`.
pub fn function<'a>(f: &'a PluginFunction<'_>) -> FunctionValue<'a> {
    // SAFETY: llvm-plugin got this pointer from LLVM as a live `Function *`;
    // both inkwells use llvm-sys 160's `LLVMValueRef`, and `'a` ends before
    // `run_pass` returns.
    unsafe { FunctionValue::new(f.as_value_ref()).expect("gpucc: llvm-plugin passes a function") }
}

/// The function definitions and declarations of `module`, in module order.
pub fn functions<'a>(module: &'a PluginModule<'_>) -> Vec<FunctionValue<'a>> {
    let mut out = Vec::new();
    // SAFETY: the module is live for `'a`; LLVM-C walks its function list.
    unsafe {
        let raw = module.as_mut_ptr();
        let mut f = llvm_sys::core::LLVMGetFirstFunction(raw);
        while !f.is_null() {
            out.extend(FunctionValue::new(f));
            f = llvm_sys::core::LLVMGetNextFunction(f);
        }
    }
    out
}

/// The target triple of `module`.
pub fn module_triple(module: &PluginModule<'_>) -> String {
    module.get_triple().as_str().to_string_lossy().into_owned()
}

/// The word offset of the analysis-manager pointer inside llvm-plugin's
/// `FunctionAnalysisManager`.
fn fam_word() -> usize {
    static WORD: OnceCell<usize> = OnceCell::new();
    *WORD.get_or_init(|| {
        const SENTINEL: usize = 0x6770_7563_635f_6661; // "gpucc_fa"
                                                       // SAFETY: from_raw only stores the pointer; the probe is never used
                                                       // to reach LLVM.
        let probe = unsafe {
            llvm_plugin::FunctionAnalysisManager::from_raw(SENTINEL as *mut c_void, None)
        };
        let words = words_of(&probe);
        let hits: Vec<usize> = (0..words.len()).filter(|&i| words[i] == SENTINEL).collect();
        match hits.as_slice() {
            [w] => *w,
            _ => super::fatal("gpucc: cannot locate llvm-plugin's FunctionAnalysisManager pointer"),
        }
    })
}

fn words_of(m: &llvm_plugin::FunctionAnalysisManager) -> Vec<usize> {
    let n = size_of::<llvm_plugin::FunctionAnalysisManager>() / size_of::<usize>();
    let base = (m as *const llvm_plugin::FunctionAnalysisManager).cast::<usize>();
    // SAFETY: reads `n` whole, aligned words inside the object (it holds a
    // pointer, so it is word-aligned and its size a multiple of the word).
    (0..n).map(|i| unsafe { base.add(i).read() }).collect()
}

/// LLVM's analysis manager behind llvm-plugin's wrapper.
pub fn fam_of(m: &llvm_plugin::FunctionAnalysisManager) -> Fam<'_> {
    let raw = words_of(m)[fam_word()] as *mut c_void;
    // SAFETY: the word is the pointer llvm-plugin received from LLVM for this
    // pass invocation (see the module docs); it lives while `m` does.
    unsafe { Fam::from_raw(raw) }.unwrap_or_else(|| super::fatal("gpucc: null analysis manager"))
}

/// The word offset of the analysis-manager pointer inside llvm-plugin's
/// `ModuleAnalysisManager` (probed like [`fam_word`]).
fn mam_word() -> usize {
    static WORD: OnceCell<usize> = OnceCell::new();
    *WORD.get_or_init(|| {
        const SENTINEL: usize = 0x6770_7563_635f_6d61; // "gpucc_ma"
                                                       // SAFETY: from_raw only stores the pointer; the probe is never used
                                                       // to reach LLVM.
        let probe =
            unsafe { llvm_plugin::ModuleAnalysisManager::from_raw(SENTINEL as *mut c_void, None) };
        let n = size_of::<llvm_plugin::ModuleAnalysisManager>() / size_of::<usize>();
        let base = (&probe as *const llvm_plugin::ModuleAnalysisManager).cast::<usize>();
        // SAFETY: whole aligned words inside the object, as in `words_of`.
        let hits: Vec<usize> = (0..n)
            .filter(|&i| unsafe { base.add(i).read() } == SENTINEL)
            .collect();
        match hits.as_slice() {
            [w] => *w,
            _ => super::fatal("gpucc: cannot locate llvm-plugin's ModuleAnalysisManager pointer"),
        }
    })
}

/// LLVM's module analysis manager behind llvm-plugin's wrapper.
fn mam_of(m: &llvm_plugin::ModuleAnalysisManager) -> *mut c_void {
    let base = (m as *const llvm_plugin::ModuleAnalysisManager).cast::<usize>();
    // SAFETY: the probed word is inside the object (see `mam_word`).
    let raw = unsafe { base.add(mam_word()).read() } as *mut c_void;
    if raw.is_null() {
        super::fatal("gpucc: null module analysis manager");
    }
    raw
}

/// Runs pipeline `text` (module-level syntax; our passes and LLVM's) on
/// `module` from inside a module pass, with that pass's analysis manager.
pub fn run_pipeline(
    module: &PluginModule<'_>,
    mam: &llvm_plugin::ModuleAnalysisManager,
    text: &str,
) -> Result<(), String> {
    // SAFETY: llvm-plugin hands the module pass its live module and module
    // analysis manager; both outlive this call.
    unsafe { super::pipeline::run_module_pipeline(module.as_mut_ptr(), mam_of(mam), text) }
}

/// The function analysis manager of a module pass, through LLVM's proxy.
pub fn module_fam<'a>(
    mam: &'a llvm_plugin::ModuleAnalysisManager,
    module: &'a PluginModule<'_>,
) -> Fam<'a> {
    let proxy = mam.get_function_analysis_manager_proxy(module);
    let fam = proxy.get_manager();
    let raw = words_of(&fam)[fam_word()] as *mut c_void;
    // SAFETY: the proxy's manager outlives the module pass run.
    unsafe { Fam::from_raw(raw) }.unwrap_or_else(|| super::fatal("gpucc: null analysis manager"))
}

/// What `llvmGetPassPluginInfo` returns: LLVM calls [`registrar`] once per
/// PassBuilder.
pub fn plugin_info() -> llvm_plugin::PassPluginLibraryInfo {
    llvm_plugin::PassPluginLibraryInfo {
        api_version: llvm_plugin::get_llvm_plugin_api_version__(),
        plugin_name: c"gpucc-passes".as_ptr().cast(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr(),
        plugin_registrar: registrar,
    }
}

unsafe extern "C" fn registrar(pass_builder: *mut c_void) {
    // SAFETY: LLVM passes its live `PassBuilder &` as this pointer, and the
    // wrapper only forwards it to llvm-plugin's registration functions.
    let mut builder = unsafe { llvm_plugin::PassBuilder::from_raw(pass_builder) };
    crate::guarded("gpucc-passes", || crate::plugin::register(&mut builder));
    // SAFETY: the same live PassBuilder; llvm-plugin cannot register AAs,
    // nor run LLVM's own passes inside ours.
    unsafe {
        super::aa::register_memspace_aa(pass_builder);
        super::pipeline::remember_pass_builder(pass_builder);
    }
}
