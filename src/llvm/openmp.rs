//! The few LLVM-C calls `gpucc-openmp-opt` needs that inkwell 0.11 does not
//! offer safely: a borrowed view of the module that owns a function (inkwell's
//! `Module` disposes the module when dropped, so it is never dropped here), and
//! questions about users and value kinds.

use super::llvm_sys;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};
use llvm_sys::core as c;
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
