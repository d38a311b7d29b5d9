//! What `gpucc-openmp-opt` needs from LLVM beyond inkwell 0.11:
//! - the OpenMP device ABI, one row per LLVM ([`DEVICE_ABI`]), and a kernel's
//!   launch configuration read and written through it ([`LaunchConfig`]): the
//!   passes never see where the exec mode lives;
//! - a borrowed view of the module that owns a function (inkwell's `Module`
//!   disposes the module when dropped, so it is never dropped here), and
//!   questions about users and value kinds.

use super::llvm_sys;
use inkwell::module::Module;
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, GlobalValue, InstructionValue, PointerValue,
};
use llvm_sys::core as c;
use llvm_sys::prelude::LLVMValueRef;
use std::mem::ManuallyDrop;
use std::ops::Deref;

/// The module that owns a function, borrowed: dropping the view leaves the
/// module alone (`opt` owns it).
pub struct ModuleView<'ctx> {
    module: ManuallyDrop<Module<'ctx>>,
}

impl<'ctx> Deref for ModuleView<'ctx> {
    type Target = Module<'ctx>;
    fn deref(&self) -> &Module<'ctx> {
        &self.module
    }
}

/// The module of `f`, or `None` for a function outside any module.
pub fn module_of<'ctx>(f: FunctionValue<'ctx>) -> Option<ModuleView<'ctx>> {
    // SAFETY: `f` is a live function; its parent module outlives the pass run
    // that handed us `f`. The view is never dropped as a `Module`
    // (ManuallyDrop), so inkwell never disposes the module `opt` owns.
    unsafe {
        let m = c::LLVMGetGlobalParent(f.as_value_ref());
        if m.is_null() {
            return None;
        }
        Some(ModuleView {
            module: ManuallyDrop::new(Module::new(m)),
        })
    }
}

/// Is `v` used by anything that is not an instruction (a constant expression,
/// a global initializer such as `@llvm.used`, an alias)?
pub fn has_non_instruction_user(v: impl AsValueRef) -> bool {
    super::any_user(v, |u| {
        // SAFETY: `u` is a live user handed out by the use-list walk.
        unsafe { c::LLVMIsAInstruction(u).is_null() }
    })
}

/// Is `v` a global value (variable, function or alias)?
pub fn is_global_value(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast on a live value.
    unsafe { !c::LLVMIsAGlobalValue(v.as_value_ref()).is_null() }
}

/// Is `v` a function argument?
pub fn is_argument(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast on a live value.
    unsafe { !c::LLVMIsAArgument(v.as_value_ref()).is_null() }
}

/// Is `v` a constant null pointer?
pub fn is_null_pointer(v: impl AsValueRef) -> bool {
    // SAFETY: checked cast on a live value.
    unsafe { !c::LLVMIsAConstantPointerNull(v.as_value_ref()).is_null() }
}

/// The argument number of argument `v` in its function.
pub fn argument_index(v: impl AsValueRef + Copy) -> Option<u32> {
    let f = super::function_of_argument(v)?;
    (0..f.count_params()).find(|&i| {
        f.get_nth_param(i)
            .is_some_and(|p| p.as_value_ref() == v.as_value_ref())
    })
}

/// The module of global value `v` (a function or global variable).
pub fn module_of_value<'ctx>(v: impl AsValueRef) -> Option<ModuleView<'ctx>> {
    // SAFETY: checked cast; a global's parent module outlives the pass run.
    unsafe {
        let g = c::LLVMIsAGlobalValue(v.as_value_ref());
        if g.is_null() {
            return None;
        }
        let m = c::LLVMGetGlobalParent(g);
        if m.is_null() {
            return None;
        }
        Some(ModuleView {
            module: ManuallyDrop::new(Module::new(m)),
        })
    }
}

/// The value `inst` produces, when its type is a first-class non-void type
/// (integer, float, pointer, vector, array or struct); `None` for a
/// scalable vector too.
pub fn result_value<'ctx>(
    inst: inkwell::values::InstructionValue<'ctx>,
) -> Option<inkwell::values::BasicValueEnum<'ctx>> {
    // SAFETY: `inst` is a live instruction, so not null.
    unsafe { super::first_class_value(inst.as_value_ref()) }
        .filter(|v| !matches!(v, inkwell::values::BasicValueEnum::ScalableVectorValue(_)))
}

// ---------------------------------------------------------------------------
// The OpenMP device ABI: one row per LLVM.
//
// How device code talks to the OpenMP device runtime changed twice between
// the LLVMs we support. The passes ask their questions (is this kernel
// generic? does it use the runtime's state machine? make it SPMD) through
// [`LaunchConfig`] and [`DEVICE_ABI`]; only this table knows the layouts.
//
// * LLVM 16: `i32 @__kmpc_target_init(ptr ident, i8 mode, i1 use_generic_sm)`,
//   `void @__kmpc_target_deinit(ptr ident, i8 mode)`, and the host reads the
//   launch mode from `@<kernel>_exec_mode = ... constant i8 M`.
// * LLVM 17 (the kernel environment, extended in llvm/llvm-project#70383):
//   `i32 @__kmpc_target_init(ptr @<kernel>_kernel_environment, ptr dyn)`,
//   `void @__kmpc_target_deinit()`; host and runtime both read
//   `%KernelEnvironmentTy = { %ConfigurationEnvironmentTy, ptr ident, ptr dyn }`
//   with `%ConfigurationEnvironmentTy = { i8 UseGenericStateMachine,
//   i8 MayUseNestedParallelism, i8 ExecMode, i32 MinThreads, ... }`. No
//   `_exec_mode` global any more.
// * LLVM 22 (llvm/llvm-project#171082): clang starts parallel regions with
//   `__kmpc_parallel_60` (one more argument, `i32 strict`, at the end)
//   instead of `__kmpc_parallel_51`.
// Later runtimes also have `__kmpc_*_static_loop_*` entry points (in the
// OMPKinds.def of 19 and 22) that run a loop body passed as a
// function pointer (OpenMPIRBuilder's workshare loops, as flang emits them):
// user code, possibly with parallel regions, runs inside.

/// Execution modes (`OMPTgtExecModeFlags`), the same in every LLVM: the init
/// mode argument of LLVM 16 uses the first two, the host-read exec mode all.
pub const MODE_GENERIC: u64 = 1;
pub const MODE_SPMD: u64 = 2;
/// A generic kernel that `openmp-opt` turned SPMD (SPMD | generic).
pub const MODE_GENERIC_SPMD: u64 = 3;

/// Where a kernel's launch configuration lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchLayout {
    /// In arguments of the init and deinit calls, and in an `i8` global
    /// named after the kernel that the host reads.
    InitArguments {
        /// Init argument positions.
        ident: u32,
        mode: u32,
        generic_state_machine: u32,
        /// The deinit call's mode argument.
        deinit_mode: u32,
        /// `@<kernel><suffix>` holds the host-read exec mode.
        exec_mode_suffix: &'static str,
    },
    /// In the kernel-environment global that init's argument `environment`
    /// points to (`init_args` arguments in all).
    KernelEnvironment {
        environment: u32,
        init_args: u32,
        /// Field of the environment holding the configuration struct, and of
        /// the environment holding the ident.
        configuration: u32,
        ident: u32,
        /// `i8` fields of the configuration struct.
        generic_state_machine: u32,
        exec_mode: u32,
        /// The environment is `@<kernel><suffix>`.
        suffix: &'static str,
    },
}

/// The OpenMP device ABI of one LLVM version.
#[derive(Clone, Copy, Debug)]
pub struct DeviceAbi {
    pub target_init: &'static str,
    pub target_deinit: &'static str,
    /// The init call, for messages.
    pub init_signature: &'static str,
    pub layout: LaunchLayout,
    /// The entry point that starts a parallel region, and its arguments
    /// holding the outlined function and the wrapper the workers call.
    pub parallel: &'static str,
    pub parallel_fn_arg: u32,
    pub parallel_wrapper_arg: u32,
    /// Prefixes of runtime entry points that call a user function they are
    /// given (loop bodies): code we do not see runs inside them.
    pub callback_prefixes: &'static [&'static str],
    /// How this LLVM's clang spells an OpenMP assumption (before and after
    /// the assumption's name), for the hints in remarks: since C++23's
    /// `[[assume(expr)]]` took the name (clang 19), clang-22 rejects
    /// `__attribute__((assume("...")))` and takes `[[omp::assume("...")]]`
    /// (C++), the spelling upstream's LLVM 22 remarks give too.
    pub assumption_spelling: (&'static str, &'static str),
}

const STATIC_LOOPS: &[&str] = &[
    "__kmpc_for_static_loop_",
    "__kmpc_distribute_static_loop_",
    "__kmpc_distribute_for_static_loop_",
];

const KERNEL_ENVIRONMENT: LaunchLayout = LaunchLayout::KernelEnvironment {
    environment: 0,
    init_args: 2,
    configuration: 0,
    ident: 1,
    generic_state_machine: 0,
    exec_mode: 2,
    suffix: "_kernel_environment",
};

/// LLVM 16.
const ABI_16: DeviceAbi = DeviceAbi {
    target_init: "__kmpc_target_init",
    target_deinit: "__kmpc_target_deinit",
    init_signature: "i32 (ptr ident, i8 mode, i1 use_generic_state_machine)",
    layout: LaunchLayout::InitArguments {
        ident: 0,
        mode: 1,
        generic_state_machine: 2,
        deinit_mode: 1,
        exec_mode_suffix: "_exec_mode",
    },
    parallel: "__kmpc_parallel_51",
    parallel_fn_arg: 5,
    parallel_wrapper_arg: 6,
    callback_prefixes: &[],
    assumption_spelling: ("__attribute__((assume(\"", "\")))"),
};

/// LLVM 19 (names and layouts as in its OMPKinds.def; the assumption
/// spelling is assumed from clang-22, as no clang-19 is installed here).
const ABI_19: DeviceAbi = DeviceAbi {
    target_init: "__kmpc_target_init",
    target_deinit: "__kmpc_target_deinit",
    init_signature: "i32 (ptr kernel_environment, ptr dyn_env)",
    layout: KERNEL_ENVIRONMENT,
    parallel: "__kmpc_parallel_51",
    parallel_fn_arg: 5,
    parallel_wrapper_arg: 6,
    callback_prefixes: STATIC_LOOPS,
    assumption_spelling: ("[[omp::assume(\"", "\")]]"),
};

/// LLVM 22.
const ABI_22: DeviceAbi = DeviceAbi {
    parallel: "__kmpc_parallel_60",
    ..ABI_19
};

/// The device ABI of the LLVM this library is built for.
pub const DEVICE_ABI: DeviceAbi = match super::LLVM_MAJOR {
    16 => ABI_16,
    19 => ABI_19,
    22 => ABI_22,
    _ => panic!("no OpenMP device ABI row for this LLVM"),
};

impl DeviceAbi {
    /// The source spelling of OpenMP assumption `name` (`omp_no_parallelism`).
    pub fn assumption(&self, name: &str) -> String {
        format!(
            "{}{name}{}",
            self.assumption_spelling.0, self.assumption_spelling.1
        )
    }

    /// Does the runtime function `name` run a user function it is given?
    pub fn runs_callback(&self, name: &str) -> bool {
        self.callback_prefixes.iter().any(|p| name.starts_with(p))
    }
}

/// One kernel's launch configuration (exec mode, use of the runtime's
/// generic state machine), found from its `__kmpc_target_init` call.
#[derive(Clone, Debug)]
pub struct LaunchConfig<'ctx> {
    init: InstructionValue<'ctx>,
    /// The global the host reads the launch mode from (the exec-mode global,
    /// or the kernel environment), when present and readable.
    host: Option<GlobalValue<'ctx>>,
    /// The kernel's name: the host global's prefix, else the function's.
    name: String,
}

impl<'ctx> LaunchConfig<'ctx> {
    /// The configuration of the kernel whose init call is `init`. `owners`
    /// are the functions whose name may be the kernel's: the function holding
    /// `init`, then its only caller when that is an internal body wrapped by
    /// the kernel (`@k` calling `@k__debug`).
    pub fn find(init: InstructionValue<'ctx>, owners: &[FunctionValue<'ctx>]) -> Self {
        let fallback = owners
            .first()
            .map(|f| f.get_name().to_string_lossy().into_owned())
            .unwrap_or_default();
        let (host, name) = match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                exec_mode_suffix, ..
            } => owners
                .iter()
                .find_map(|f| {
                    let name = f.get_name().to_string_lossy().into_owned();
                    let g = module_of(*f)?.get_global(&format!("{name}{exec_mode_suffix}"))?;
                    let is_i8 = matches!(
                        g.get_initializer(),
                        Some(BasicValueEnum::IntValue(v)) if v.get_type().get_bit_width() == 8
                    );
                    is_i8.then_some((Some(g), name))
                })
                .unwrap_or((None, fallback)),
            LaunchLayout::KernelEnvironment {
                environment,
                suffix,
                ..
            } => match super::operand(&init, environment).and_then(environment_global) {
                Some(g) => {
                    let n = g.get_name().to_string_lossy().into_owned();
                    let name = n.strip_suffix(suffix).map_or(fallback, str::to_string);
                    (Some(g), name)
                }
                None => (None, fallback),
            },
        };
        LaunchConfig { init, host, name }
    }

    /// The kernel's name, for messages.
    pub fn kernel_name(&self) -> &str {
        &self.name
    }

    /// Is the global the host reads the launch mode from there?
    pub fn has_host_global(&self) -> bool {
        self.host.is_some()
    }

    /// The name of that global, for messages (`@k_exec_mode`).
    pub fn host_global_name(&self) -> String {
        let suffix = match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                exec_mode_suffix, ..
            } => exec_mode_suffix,
            LaunchLayout::KernelEnvironment { suffix, .. } => suffix,
        };
        format!("@{}{suffix}", self.name)
    }

    /// Does the init call have the shape the ABI prescribes, with constant
    /// mode and state-machine flag?
    pub fn is_well_formed(&self) -> bool {
        let returns_i32 = {
            let t = self.init.get_type();
            t.is_int_type() && t.into_int_type().get_bit_width() == 32
        };
        let args = super::operand_count(&self.init).saturating_sub(1);
        let shape = match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                ident,
                mode,
                generic_state_machine,
                ..
            } => {
                args == 3
                    && matches!(
                        super::operand(&self.init, ident),
                        Some(BasicValueEnum::PointerValue(_))
                    )
                    && const_int_of_width(super::operand(&self.init, mode), 8).is_some()
                    && const_int_of_width(super::operand(&self.init, generic_state_machine), 1)
                        .is_some()
            }
            LaunchLayout::KernelEnvironment {
                init_args,
                generic_state_machine,
                exec_mode,
                ..
            } => {
                args == init_args
                    && self.config_field(generic_state_machine).is_some()
                    && self.config_field(exec_mode).is_some()
            }
        };
        returns_i32 && shape
    }

    /// How the device runtime starts the kernel: [`MODE_GENERIC`] or
    /// [`MODE_SPMD`] (also for a generic kernel turned SPMD); `None` when
    /// unknown or another mode (a bare kernel).
    pub fn mode(&self) -> Option<u64> {
        match DEVICE_ABI.layout {
            LaunchLayout::InitArguments { mode, .. } => {
                const_int_of_width(super::operand(&self.init, mode), 8)
            }
            LaunchLayout::KernelEnvironment { exec_mode, .. } => {
                match self.config_field(exec_mode)? {
                    MODE_GENERIC => Some(MODE_GENERIC),
                    m if m & MODE_SPMD != 0 => Some(MODE_SPMD),
                    _ => None,
                }
            }
        }
    }

    /// Do the workers wait in the runtime's generic state machine?
    pub fn uses_generic_state_machine(&self) -> Option<bool> {
        match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                generic_state_machine,
                ..
            } => const_int_of_width(super::operand(&self.init, generic_state_machine), 1)
                .map(|v| v != 0),
            LaunchLayout::KernelEnvironment {
                generic_state_machine,
                ..
            } => self.config_field(generic_state_machine).map(|v| v != 0),
        }
    }

    /// The kernel's source location (`ident_t`), a constant pointer, for the
    /// runtime calls a pass adds.
    pub fn ident(&self) -> Option<PointerValue<'ctx>> {
        let v = match DEVICE_ABI.layout {
            LaunchLayout::InitArguments { ident, .. } => super::operand(&self.init, ident)?,
            LaunchLayout::KernelEnvironment { ident, .. } => {
                let env = self.host?.get_initializer()?;
                // SAFETY: a live constant; struct_element checks its kind.
                let raw = unsafe { struct_element(env.as_value_ref(), ident)? };
                // SAFETY: a live constant of first-class type.
                unsafe { super::first_class_value(raw)? }
            }
        };
        match v {
            BasicValueEnum::PointerValue(p) if super::is_constant(p) => Some(p),
            _ => None,
        }
    }

    /// Launches the kernel in SPMD mode: the host-read mode becomes
    /// [`MODE_GENERIC_SPMD`] (as upstream's `openmp-opt` writes it), the
    /// runtime's mode SPMD without the generic state machine. `deinits` are
    /// the kernel's deinit calls.
    pub fn set_spmd(&self, deinits: &[InstructionValue<'ctx>]) {
        let cx = self.context();
        match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                mode,
                generic_state_machine,
                deinit_mode,
                ..
            } => {
                let i8t = cx.i8_type();
                if let Some(g) = self.host {
                    g.set_initializer(&i8t.const_int(MODE_GENERIC_SPMD, false));
                }
                self.init.set_operand(mode, i8t.const_int(MODE_SPMD, false));
                self.init
                    .set_operand(generic_state_machine, cx.bool_type().const_zero());
                for d in deinits {
                    if const_int_of_width(super::operand(d, deinit_mode), 8).is_some() {
                        d.set_operand(deinit_mode, i8t.const_int(MODE_SPMD, false));
                    }
                }
            }
            LaunchLayout::KernelEnvironment {
                generic_state_machine,
                exec_mode,
                ..
            } => {
                let old = self.config_field(exec_mode).unwrap_or(MODE_GENERIC);
                self.set_config_field(exec_mode, old | MODE_GENERIC_SPMD);
                self.set_config_field(generic_state_machine, 0);
            }
        }
    }

    /// The workers no longer wait in the runtime's generic state machine:
    /// they return from init (a custom state machine takes them, or they
    /// exit). False when the flag could not be written.
    pub fn drop_generic_state_machine(&self) -> bool {
        match DEVICE_ABI.layout {
            LaunchLayout::InitArguments {
                generic_state_machine,
                ..
            } => {
                let cx = self.context();
                self.init
                    .set_operand(generic_state_machine, cx.bool_type().const_zero())
            }
            LaunchLayout::KernelEnvironment {
                generic_state_machine,
                ..
            } => self.set_config_field(generic_state_machine, 0),
        }
    }

    fn context(&self) -> inkwell::context::ContextRef<'ctx> {
        self.init
            .get_parent()
            .expect("gpucc: an init call lives in a block")
            .get_context()
    }

    /// Field `field` of the configuration struct, a constant `i8`.
    fn config_field(&self, field: u32) -> Option<u64> {
        let LaunchLayout::KernelEnvironment { configuration, .. } = DEVICE_ABI.layout else {
            return None;
        };
        let env = self.host?.get_initializer()?;
        // SAFETY: live constants; struct_element checks their kinds.
        let raw = unsafe {
            let config = struct_element(env.as_value_ref(), configuration)?;
            struct_element(config, field)?
        };
        // SAFETY: a live constant of first-class type.
        let v = unsafe { super::first_class_value(raw)? };
        const_int_of_width(Some(v), 8)
    }

    /// Writes `value` into `i8` field `field` of the configuration struct (a
    /// new initializer for the environment). False when the field is not a
    /// constant `i8`.
    fn set_config_field(&self, field: u32, value: u64) -> bool {
        let LaunchLayout::KernelEnvironment { configuration, .. } = DEVICE_ABI.layout else {
            return false;
        };
        let (Some(g), Some(_)) = (self.host, self.config_field(field)) else {
            return false;
        };
        let Some(env) = g.get_initializer() else {
            return false;
        };
        let cx = self.context();
        let byte = cx.i8_type().const_int(value, false);
        // SAFETY: `env` and its configuration are ConstantStructs
        // (config_field read them); the replacement has the field's type
        // (i8, checked by config_field), so the rebuilt structs have the
        // original types and the global keeps a valid initializer.
        unsafe {
            let Some(config) = struct_element(env.as_value_ref(), configuration) else {
                return false;
            };
            let new_config = with_element(config, field, byte.as_value_ref());
            let new_env = with_element(env.as_value_ref(), configuration, new_config);
            c::LLVMSetInitializer(g.as_value_ref(), new_env);
        }
        true
    }
}

/// `v` without constant pointer casts, when it is a global variable with a
/// constant-struct initializer (a kernel environment).
fn environment_global<'ctx>(v: BasicValueEnum<'ctx>) -> Option<GlobalValue<'ctx>> {
    // SAFETY: checked casts and operand reads on live constants.
    unsafe {
        let mut raw = v.as_value_ref();
        for _ in 0..4 {
            if c::LLVMIsAConstantExpr(raw).is_null() {
                break;
            }
            match c::LLVMGetConstOpcode(raw) {
                llvm_sys::LLVMOpcode::LLVMAddrSpaceCast | llvm_sys::LLVMOpcode::LLVMBitCast => {
                    raw = c::LLVMGetOperand(raw, 0);
                }
                _ => return None,
            }
        }
        let g = c::LLVMIsAGlobalVariable(raw);
        if g.is_null() || c::LLVMIsDeclaration(g) != 0 {
            return None;
        }
        let init = c::LLVMGetInitializer(g);
        if init.is_null() || c::LLVMIsAConstantStruct(init).is_null() {
            return None;
        }
        Some(GlobalValue::new(g))
    }
}

/// Element `i` of `c` when `c` is a `ConstantStruct` with that many elements.
///
/// # Safety
/// `c` is a live value.
unsafe fn struct_element(c: LLVMValueRef, i: u32) -> Option<LLVMValueRef> {
    if c.is_null() || c::LLVMIsAConstantStruct(c).is_null() {
        return None;
    }
    let n = u32::try_from(c::LLVMGetNumOperands(c)).ok()?;
    if i >= n {
        return None;
    }
    let e = c::LLVMGetOperand(c, i);
    (!e.is_null()).then_some(e)
}

/// Constant struct `c` with element `i` replaced by `new` (of that
/// element's type).
///
/// # Safety
/// `c` is a live `ConstantStruct` with more than `i` elements and `new` a
/// constant of element `i`'s type.
unsafe fn with_element(c: LLVMValueRef, i: u32, new: LLVMValueRef) -> LLVMValueRef {
    let n = u32::try_from(c::LLVMGetNumOperands(c)).unwrap_or(0);
    let mut elems: Vec<LLVMValueRef> = (0..n)
        .map(|k| if k == i { new } else { c::LLVMGetOperand(c, k) })
        .collect();
    c::LLVMConstNamedStruct(c::LLVMTypeOf(c), elems.as_mut_ptr(), n)
}

/// `v` when it is a constant integer of `bits` bits, zero-extended.
fn const_int_of_width(v: Option<BasicValueEnum<'_>>, bits: u32) -> Option<u64> {
    match v? {
        BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == bits => {
            i.get_zero_extended_constant()
        }
        _ => None,
    }
}

/// Does an encoded `memory(...)` attribute value allow writes? LLVM's
/// `MemoryEffects` keeps two bits per location (`Ref` = 1, `Mod` = 2); the
/// number of locations grew (LLVM 16: argument, inaccessible, other; LLVM 22
/// adds errno and two target locations), so every pair is checked.
pub fn memory_effects_may_write(encoded: u64) -> bool {
    encoded & 0xAAAA_AAAA_AAAA_AAAA != 0
}

/// The functions listed in the `!callees` metadata of call `inst`, if it has
/// any (`None` also when an entry is not a function).
pub fn callees_metadata<'ctx>(inst: InstructionValue<'ctx>) -> Option<Vec<FunctionValue<'ctx>>> {
    const KIND: &str = "callees";
    // SAFETY: `inst` is a live instruction; LLVM-C returns its metadata node
    // (or null) and the node's operands, the listed values unwrapped; the
    // buffer is sized from the count LLVM reports.
    unsafe {
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(inst.as_value_ref()));
        let kind = c::LLVMGetMDKindIDInContext(ctx, KIND.as_ptr().cast(), KIND.len() as u32);
        let md = c::LLVMGetMetadata(inst.as_value_ref(), kind);
        if md.is_null() {
            return None;
        }
        let n = c::LLVMGetMDNodeNumOperands(md) as usize;
        let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
        c::LLVMGetMDNodeOperands(md, ops.as_mut_ptr());
        ops.into_iter()
            .map(|v| {
                if v.is_null() {
                    None
                } else {
                    FunctionValue::new(v)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // memory(none) = 0, memory(read) = 0b010101, memory(argmem: write) = 0b10,
    // memory(inaccessiblemem: readwrite) = 0b1100, LLVM 16's memory(readwrite)
    // = 0b111111; LLVM 22 puts `other` in the fourth pair and has six.
    #[test]
    fn decodes_memory_effects_of_every_llvm() {
        for (encoded, writes) in [
            (0, false),
            (0b01_01_01, false),
            (0b00_00_10, true),
            (0b00_11_00, true),
            (0b11_11_11, true),
            (0b01_01_01_01_01_01, false),
            (0b10_00_00_00, true),
            (0b10_00_00_00_00_00, true),
        ] {
            assert_eq!(memory_effects_may_write(encoded), writes, "{encoded:#b}");
        }
    }

    #[test]
    fn every_row_names_the_same_entry_points_where_they_agree() {
        for abi in [ABI_16, ABI_19, ABI_22] {
            assert_eq!(abi.target_init, "__kmpc_target_init");
            assert_eq!(abi.target_deinit, "__kmpc_target_deinit");
            assert_eq!((abi.parallel_fn_arg, abi.parallel_wrapper_arg), (5, 6));
        }
        assert_eq!(ABI_16.parallel, "__kmpc_parallel_51");
        assert_eq!(ABI_22.parallel, "__kmpc_parallel_60");
        assert!(ABI_22.runs_callback("__kmpc_distribute_static_loop_4u"));
        assert!(!ABI_22.runs_callback("__kmpc_distribute_static_init_4"));
        assert!(!ABI_16.runs_callback("__kmpc_for_static_loop_4"));
    }
}
