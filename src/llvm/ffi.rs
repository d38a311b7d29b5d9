//! Raw declarations of the C++ shim (`cpp/shim.cpp`). Private to `src/llvm`:
//! every function here has a safe wrapper in a sibling module.

use super::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMModuleRef, LLVMUseRef, LLVMValueRef};
use std::ffi::{c_char, c_int, c_void};

extern "C" {
    pub(super) fn gpucc_fatal(msg: *const c_char, len: usize) -> !;
    pub(super) fn gpucc_plugin_api_version() -> u32;
    pub(super) fn gpucc_host_llvm_version(
        major: *mut u32,
        minor: *mut u32,
        patch: *mut u32,
    ) -> bool;
    pub(super) fn gpucc_register_callbacks(builder: *mut c_void);
    pub(super) fn gpucc_module_fam(mam: *mut c_void, m: LLVMModuleRef) -> *mut c_void;
    pub(super) fn gpucc_operand_no(u: LLVMUseRef) -> u32;
    pub(super) fn gpucc_pointer_operand(v: LLVMValueRef, i: u32) -> LLVMValueRef;
    pub(super) fn gpucc_underlying_object(p: LLVMValueRef) -> LLVMValueRef;
    pub(super) fn gpucc_argument_has_attr(a: LLVMValueRef, name: *const c_char, len: usize)
        -> bool;
    pub(super) fn gpucc_known_leading_zeros(
        v: LLVMValueRef,
        ctx: LLVMValueRef,
        min_lz: *mut u32,
        max_lz: *mut u32,
    );
    pub(super) fn gpucc_split_block_before(
        inst: LLVMValueRef,
        name: *const c_char,
        len: usize,
    ) -> LLVMBasicBlockRef;
    pub(super) fn gpucc_fam_invalidate(fam: *mut c_void, f: LLVMValueRef);
    pub(super) fn gpucc_remarks_wanted(f: LLVMValueRef, pass: *const c_char, len: usize) -> bool;
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gpucc_remark(
        fam: *mut c_void,
        f: LLVMValueRef,
        inst: LLVMValueRef,
        kind: c_int,
        pass: *const c_char,
        pass_len: usize,
        name: *const c_char,
        name_len: usize,
        msg: *const c_char,
        msg_len: usize,
    );
    pub(super) fn gpucc_cl_opt_bool(name: *const c_char, len: usize, set: *mut bool) -> c_int;
    pub(super) fn gpucc_cl_opt_unsigned(name: *const c_char, len: usize, set: *mut bool) -> i64;
    pub(super) fn gpucc_auto_pipeline_option() -> bool;
    pub(super) fn gpucc_tti_of(fam: *mut c_void, f: LLVMValueRef) -> *const c_void;
    pub(super) fn gpucc_tti_flat_address_space(tti: *const c_void) -> u32;
    pub(super) fn gpucc_tti_assumed_address_space(tti: *const c_void, v: LLVMValueRef) -> u32;
    pub(super) fn gpucc_tti_has_volatile_variant(
        tti: *const c_void,
        inst: LLVMValueRef,
        space: u32,
    ) -> bool;
    pub(super) fn gpucc_tti_is_noop_addrspacecast(tti: *const c_void, from: u32, to: u32) -> bool;
    pub(super) fn gpucc_rewrite_mem_intrinsic_pointer(
        call: LLVMValueRef,
        arg: u32,
        new_ptr: LLVMValueRef,
    ) -> bool;
    pub(super) fn gpucc_mem_intrinsic_kind(call: LLVMValueRef) -> c_int;
    pub(super) fn gpucc_const_expr_with_operands(
        ce: LLVMValueRef,
        index: *const u32,
        new_ops: *const LLVMValueRef,
        n: usize,
        new_space: u32,
        only_inbounds: bool,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_addr_operand(v: LLVMValueRef, i: u32) -> LLVMValueRef;
    pub(super) fn gpucc_index_size_bits(f: LLVMValueRef, space: u32) -> u32;
    pub(super) fn gpucc_noop_ptrint_pair_source(
        tti: *const c_void,
        f: LLVMValueRef,
        v: LLVMValueRef,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_insert_addrspacecast(
        v: LLVMValueRef,
        space: u32,
        at: LLVMValueRef,
        loc_from: LLVMValueRef,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_insert_phi(
        like: LLVMValueRef,
        space: u32,
        reserved: u32,
        at: LLVMValueRef,
        loc_from: LLVMValueRef,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_const_addrspacecast(c: LLVMValueRef, space: u32) -> LLVMValueRef;
    pub(super) fn gpucc_intrinsic_flat_operands(
        tti: *const c_void,
        call: LLVMValueRef,
        out: *mut u32,
        max: u32,
    ) -> u32;
    pub(super) fn gpucc_is_ptrmask(v: LLVMValueRef) -> bool;
    pub(super) fn gpucc_is_lifetime_marker(v: LLVMValueRef) -> bool;
    pub(super) fn gpucc_rewrite_intrinsic_pointer(
        fam: *mut c_void,
        f: LLVMValueRef,
        call: LLVMValueRef,
        old: LLVMValueRef,
        new: LLVMValueRef,
    ) -> bool;
    pub(super) fn gpucc_ptrmask_in_space(
        fam: *mut c_void,
        f: LLVMValueRef,
        call: LLVMValueRef,
        new_ptr: LLVMValueRef,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_clone_gep(gep: LLVMValueRef, new_base: LLVMValueRef) -> LLVMValueRef;
    pub(super) fn gpucc_clone_select(
        sel: LLVMValueRef,
        a: LLVMValueRef,
        b: LLVMValueRef,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_predicated_address_space(
        fam: *mut c_void,
        f: LLVMValueRef,
        user: LLVMValueRef,
        opnd: LLVMValueRef,
    ) -> u32;
    pub(super) fn gpucc_pointer_size_bits(f: LLVMValueRef, space: u32) -> u32;
    pub(super) fn gpucc_delete_dead(insts: *const LLVMValueRef, n: usize);
    pub(super) fn gpucc_only_direct_calls(f: LLVMValueRef) -> bool;
    pub(super) fn gpucc_specialize_pointer_params(
        fam: *mut c_void,
        f: LLVMValueRef,
        idx: *const u32,
        space: *const u32,
        n: usize,
        ret_space: u32,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_take_name(from: LLVMValueRef, to: LLVMValueRef);
    pub(super) fn gpucc_erase_global_if_unused(g: LLVMValueRef) -> bool;
    pub(super) fn gpucc_clone_function(
        f: LLVMValueRef,
        name: *const u8,
        len: usize,
    ) -> LLVMValueRef;
    pub(super) fn gpucc_replace_phi_uses(
        bb: LLVMBasicBlockRef,
        old: LLVMBasicBlockRef,
        new: LLVMBasicBlockRef,
    );
}
