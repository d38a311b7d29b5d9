//! Address values: what memory-space inference moves between spaces.
//!
//! An *address value* is a pointer or a vector of pointers (`<4 x ptr>`, all
//! lanes in one address space, as LLVM's type system has it). inkwell's
//! `PointerValue` is for scalar pointers only, so [`Addr`] is the handle the
//! inference and its rewrite use; every way of building one checks the type.
//! New casts and phis are made here through the shim, with an explicit debug
//! location, rather than through an IR builder (whose position call sets a
//! debug location of its own in newer LLVMs).

use super::ffi;
use super::llvm_sys;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, BasicValueEnum, InstructionValue, PointerValue};
use llvm_sys::core as c;
use llvm_sys::prelude::LLVMValueRef;
use llvm_sys::LLVMTypeKind as K;
use std::marker::PhantomData;

extern "C" {
    fn gpucc_flat_pointer_users(f: LLVMValueRef, flat: u32, out: *mut *const LLVMValueRef)
        -> usize;
}

/// The instructions of `f`, in order, with an operand that is an address
/// value in space `flat`, and every `inttoptr`: all that memory-space
/// inference can start from. One call across for the whole function,
/// rather than one per instruction (a function whose pointers are all
/// specific has none).
pub fn flat_pointer_users<'ctx>(
    f: inkwell::values::FunctionValue<'ctx>,
    flat: u32,
) -> Vec<InstructionValue<'ctx>> {
    let mut out: *const LLVMValueRef = std::ptr::null();
    // SAFETY: `f` is a live function; the shim points `out` at `n` entries
    // of its own buffer, valid until its next call, which comes after the
    // copy below.
    let n = unsafe { gpucc_flat_pointer_users(f.as_value_ref(), flat, &mut out) };
    if n == 0 {
        return Vec::new();
    }
    // SAFETY: as above: `n` live entries at `out`.
    let found = unsafe { std::slice::from_raw_parts(out, n) };
    found
        .iter()
        // SAFETY: the shim wrote live instructions of `f`.
        .map(|&i| unsafe { InstructionValue::new(i) })
        .collect()
}

/// A pointer or a vector of pointers, in the IR of context `'ctx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Addr<'ctx> {
    raw: LLVMValueRef,
    _ctx: PhantomData<&'ctx ()>,
}

// SAFETY: `raw` is a live, non-null value (checked by every constructor).
unsafe impl AsValueRef for Addr<'_> {
    fn as_value_ref(&self) -> LLVMValueRef {
        self.raw
    }
}

impl<'ctx> From<PointerValue<'ctx>> for Addr<'ctx> {
    fn from(p: PointerValue<'ctx>) -> Self {
        Addr {
            raw: p.as_value_ref(),
            _ctx: PhantomData,
        }
    }
}

/// Is `ty` a pointer type or a vector type of pointers?
///
/// # Safety
/// `ty` is a live type.
unsafe fn is_addr_type(ty: llvm_sys::prelude::LLVMTypeRef) -> bool {
    match c::LLVMGetTypeKind(ty) {
        K::LLVMPointerTypeKind => true,
        K::LLVMVectorTypeKind | K::LLVMScalableVectorTypeKind => {
            c::LLVMGetTypeKind(c::LLVMGetElementType(ty)) == K::LLVMPointerTypeKind
        }
        _ => false,
    }
}

impl<'ctx> Addr<'ctx> {
    /// `v` as an address value, if its type is a pointer or a vector of
    /// pointers.
    pub fn new(v: impl AsValueRef) -> Option<Self> {
        let raw = v.as_value_ref();
        // SAFETY: `v` is a live value; its type is only inspected.
        (!raw.is_null() && unsafe { is_addr_type(c::LLVMTypeOf(raw)) }).then_some(Addr {
            raw,
            _ctx: PhantomData,
        })
    }

    /// `raw` as an address value, if it is not null and its type is a
    /// pointer or a vector of pointers.
    ///
    /// # Safety
    /// `raw` is null or a live value of context `'ctx`.
    pub(super) unsafe fn from_raw(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null() && is_addr_type(c::LLVMTypeOf(raw))).then_some(Addr {
            raw,
            _ctx: PhantomData,
        })
    }

    /// The address space of the pointer (of every lane of a vector).
    pub fn space(self) -> u32 {
        // SAFETY: the type is a pointer or a vector of pointers (constructor).
        unsafe {
            let ty = c::LLVMTypeOf(self.raw);
            let ptr = if c::LLVMGetTypeKind(ty) == K::LLVMPointerTypeKind {
                ty
            } else {
                c::LLVMGetElementType(ty)
            };
            c::LLVMGetPointerAddressSpace(ptr)
        }
    }

    /// Is this a vector of pointers?
    pub fn is_vector(self) -> bool {
        // SAFETY: a live value's type kind.
        unsafe { c::LLVMGetTypeKind(c::LLVMTypeOf(self.raw)) != K::LLVMPointerTypeKind }
    }

    /// The instruction computing it, if it is one.
    pub fn as_instruction(self) -> Option<InstructionValue<'ctx>> {
        // SAFETY: checked cast.
        unsafe {
            (!c::LLVMIsAInstruction(self.raw).is_null()).then(|| InstructionValue::new(self.raw))
        }
    }

    /// The scalar pointer, if it is not a vector.
    pub fn as_pointer(self) -> Option<PointerValue<'ctx>> {
        // SAFETY: the type is a scalar pointer (checked).
        (!self.is_vector()).then(|| unsafe { PointerValue::new(self.raw) })
    }

    /// As inkwell's first-class value (a pointer or vector value).
    pub fn as_basic(self) -> BasicValueEnum<'ctx> {
        // SAFETY: pointers and vectors are first-class types.
        unsafe { BasicValueEnum::new(self.raw) }
    }
}

/// Operand `i` of a User, if it exists and is an address value.
pub fn addr_operand<'ctx>(v: &impl AsValueRef, i: u32) -> Option<Addr<'ctx>> {
    // SAFETY: the shim checks that `v` is a User with operand `i` and that
    // the operand is a pointer or a vector of pointers.
    unsafe { Addr::from_raw(ffi::gpucc_addr_operand(v.as_value_ref(), i)) }
}

/// The result of `inst` as an address value, if it produces one.
pub fn result_addr<'ctx>(inst: InstructionValue<'ctx>) -> Option<Addr<'ctx>> {
    Addr::new(inst)
}

/// `addrspacecast v` to its type in `space`, inserted right before `at`, with
/// the debug location of `loc_from` (none when `None`).
pub fn insert_addrspacecast<'ctx>(
    v: Addr<'ctx>,
    space: u32,
    at: InstructionValue<'ctx>,
    loc_from: Option<InstructionValue<'ctx>>,
) -> Addr<'ctx> {
    assert!(
        at.get_parent().is_some(),
        "gpucc: insert_addrspacecast before a detached instruction"
    );
    let loc = loc_from.map_or(std::ptr::null_mut(), |i| i.as_value_ref());
    // SAFETY: `v` is an address value and `at` an instruction in a block
    // (checked); the shim builds a cast of `v`'s own type family.
    let raw = unsafe { ffi::gpucc_insert_addrspacecast(v.raw, space, at.as_value_ref(), loc) };
    // SAFETY: the shim returns a live value.
    unsafe { Addr::from_raw(raw) }.expect("gpucc: an addrspacecast of an address is an address")
}

/// An empty phi of `like`'s type in `space`, inserted right before `at` (a
/// phi or the first instruction of a block), with the debug location of
/// `loc_from`. Fill it with [`add_incoming`].
pub fn insert_phi<'ctx>(
    like: Addr<'ctx>,
    space: u32,
    reserved: u32,
    at: InstructionValue<'ctx>,
    loc_from: Option<InstructionValue<'ctx>>,
) -> Addr<'ctx> {
    assert!(
        at.get_parent().is_some(),
        "gpucc: insert_phi before a detached instruction"
    );
    let loc = loc_from.map_or(std::ptr::null_mut(), |i| i.as_value_ref());
    // SAFETY: `at` is in a block (checked); the shim makes a phi there.
    let raw = unsafe { ffi::gpucc_insert_phi(like.raw, space, reserved, at.as_value_ref(), loc) };
    // SAFETY: the shim returns a live value.
    unsafe { Addr::from_raw(raw) }.expect("gpucc: a phi of addresses is an address")
}

/// Adds incoming value `v` from block `from` to phi `phi` (made by
/// [`insert_phi`]); `v` must have the phi's type.
pub fn add_incoming<'ctx>(phi: Addr<'ctx>, v: Addr<'ctx>, from: BasicBlock<'ctx>) {
    // SAFETY: `phi` is checked to be a phi and the types to match, so the
    // incoming list stays well formed.
    unsafe {
        assert!(
            !c::LLVMIsAPHINode(phi.raw).is_null(),
            "gpucc: add_incoming to a value that is not a phi"
        );
        assert!(
            c::LLVMTypeOf(phi.raw) == c::LLVMTypeOf(v.raw),
            "gpucc: phi incoming value of another type"
        );
        let mut value = v.raw;
        let mut block = from.as_mut_ptr();
        c::LLVMAddIncoming(phi.raw, &mut value, &mut block, 1);
    }
}

/// `addrspacecast` of constant `c` to `space` (folded lane by lane for a
/// vector), or `c` itself when it is in `space` already.
pub fn const_addrspacecast<'ctx>(c: Addr<'ctx>, space: u32) -> Addr<'ctx> {
    assert!(
        super::is_constant(c),
        "gpucc: const_addrspacecast of a non-constant"
    );
    // SAFETY: `c` is a constant address value (checked).
    let raw = unsafe { ffi::gpucc_const_addrspacecast(c.raw, space) };
    // SAFETY: the shim returns a live value.
    unsafe { Addr::from_raw(raw) }.expect("gpucc: a cast address is an address")
}

/// Replaces every use of `inst` (an address value) with poison of its type,
/// breaking cycles among instructions about to be deleted.
pub fn replace_uses_with_poison(inst: InstructionValue<'_>) {
    // SAFETY: `inst` is live; poison of its own type is a valid replacement.
    unsafe {
        let raw = inst.as_value_ref();
        c::LLVMReplaceAllUsesWith(raw, c::LLVMGetPoison(c::LLVMTypeOf(raw)));
    }
}
