//! What `gpucc-separate-const-offset-from-gep` needs from LLVM beyond the
//! shared wrappers, over `cpp/sepgep.cpp`: a GEP's type layout, wide integer
//! constants, value-tracking facts, the block order, instruction factories
//! that do not constant-fold (upstream creates its GEPs and binary operators
//! with `::Create`, so a constant operand stays an instruction operand), and
//! [`UPSTREAM`], what upstream's pass of this LLVM does differently.

use super::analyses::{self, Facts, Flags};
use super::llvm_sys;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::types::{AsTypeRef, BasicTypeEnum, IntType};
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue,
};
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMTypeRef, LLVMValueRef};
use llvm_sys::LLVMOpcode;
use std::ffi::{c_char, c_void};

#[allow(improper_ctypes)]
extern "C" {
    #[allow(clippy::too_many_arguments)]
    fn gpucc_sepgep_layout(
        gep: LLVMValueRef,
        kind: *mut u32,
        size: *mut u64,
        cap: u32,
        result_size: *mut i64,
        index_bits: *mut u32,
        pointer_bits: *mut u32,
        non_integral: *mut bool,
        result_ty: *mut LLVMTypeRef,
    ) -> u32;
    fn gpucc_sepgep_const_int(c: LLVMValueRef, lo: *mut u64, hi: *mut u64) -> u32;
    fn gpucc_sepgep_make_const_int(ty: LLVMTypeRef, lo: u64, hi: u64) -> LLVMValueRef;
    fn gpucc_sepgep_const_ptr_add(
        v: LLVMValueRef,
        base: *mut LLVMValueRef,
        lo: *mut u64,
        hi: *mut u64,
    ) -> u32;
    fn gpucc_sepgep_strip_inbounds_offsets(
        p: LLVMValueRef,
        cxt: LLVMValueRef,
        offset: *mut i64,
        fits: *mut bool,
    ) -> LLVMValueRef;
    fn gpucc_sepgep_undefined_if_poison(i: LLVMValueRef) -> bool;
    fn gpucc_sepgep_trivially_dead(i: LLVMValueRef) -> bool;
    fn gpucc_sepgep_uses_in_loop(
        fam: *mut c_void,
        f: LLVMValueRef,
        v: LLVMValueRef,
        b: LLVMBasicBlockRef,
    ) -> u32;
    fn gpucc_sepgep_binop_named_like(
        op: u32,
        a: LLVMValueRef,
        b: LLVMValueRef,
        like: LLVMValueRef,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    #[allow(clippy::too_many_arguments)]
    fn gpucc_sepgep_cast(
        op: u32,
        v: LLVMValueRef,
        ty: LLVMTypeRef,
        like: LLVMValueRef,
        fold: bool,
        name: *const c_char,
        len: usize,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    #[allow(clippy::too_many_arguments)]
    fn gpucc_sepgep_gep(
        src_ty: LLVMTypeRef,
        base: LLVMValueRef,
        idx: *const LLVMValueRef,
        n: usize,
        inbounds: bool,
        name: *const c_char,
        len: usize,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    fn gpucc_sepgep_domtree(fam: *mut c_void, f: LLVMValueRef) -> *const c_void;
    fn gpucc_sepgep_tli(fam: *mut c_void, f: LLVMValueRef) -> *const c_void;
    fn gpucc_sepgep_known_non_negative(
        dt: *const c_void,
        v: LLVMValueRef,
        cxt: LLVMValueRef,
    ) -> bool;
    fn gpucc_sepgep_no_common_bits_dt(
        dt: *const c_void,
        a: LLVMValueRef,
        b: LLVMValueRef,
        cxt: LLVMValueRef,
    ) -> bool;
    fn gpucc_sepgep_object_size_tli(
        tli: *const c_void,
        obj: LLVMValueRef,
        cxt: LLVMValueRef,
        size: *mut u64,
    ) -> bool;
    fn gpucc_sepgep_geps_in_rpo(f: LLVMValueRef, out: *mut LLVMValueRef, cap: usize) -> usize;
    fn gpucc_sepgep_add_subs_in_preorder(
        dt: *const c_void,
        out: *mut LLVMValueRef,
        cap: usize,
    ) -> usize;
    fn gpucc_sepgep_scev_no_signed_wrap(
        fam: *mut c_void,
        f: LLVMValueRef,
        i: LLVMValueRef,
        cxt: LLVMValueRef,
    ) -> bool;
    fn gpucc_sepgep_signed_range(
        fam: *mut c_void,
        f: LLVMValueRef,
        v: LLVMValueRef,
        cxt: LLVMValueRef,
        lo: *mut i64,
        hi: *mut i64,
    ) -> bool;
    fn gpucc_sepgep_guards(
        fam: *mut c_void,
        f: LLVMValueRef,
        b: LLVMBasicBlockRef,
        conds: *mut LLVMValueRef,
        taken: *mut bool,
        cap: usize,
    ) -> usize;
    fn gpucc_sepgep_must_not_be_poison(
        at: LLVMValueRef,
        out: *mut LLVMValueRef,
        cap: usize,
    ) -> usize;
    fn gpucc_sepgep_clone_before(i: LLVMValueRef) -> LLVMValueRef;
    fn gpucc_sepgep_copy_metadata(from: LLVMValueRef, to: LLVMValueRef);
    fn gpucc_sepgep_copy_debug_loc(from: LLVMValueRef, to: LLVMValueRef);
}

/// What upstream `SeparateConstOffsetFromGEP` of this LLVM does differently
/// from the others on the same input, where each version's conformance suite
/// pins its own answer. One row per LLVM (see [`UPSTREAM`]); everything not
/// here is one behaviour for all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpstreamBehaviour {
    /// The constant offset is added as `getelementptr i8, %base, <bytes>`
    /// named after the split GEP (upstream's `CreatePtrAdd`, LLVM 18 on),
    /// rather than as `getelementptr <result type>, %base, <elements>` when
    /// the offset is a whole number of elements (LLVM 16, which falls back
    /// to an `i8` GEP named `uglygep` otherwise).
    pub byte_offset_gep: bool,
    /// The variadic base keeps the no-wrap flags that the constant GEP keeps
    /// (llvm/llvm-project#130617: both GEPs may be `inbounds` when every step
    /// is non-negative). LLVM 16 drops every flag of the variadic base, and
    /// its suite's corrected tests (`shared/conformance/superseded.txt`) pin
    /// a base without `inbounds`.
    pub base_keeps_flags: bool,
    /// An `or` counts as an add only when marked `disjoint`
    /// (llvm/llvm-project#76997, LLVM 18 on); before, when value tracking
    /// proves that its operands share no set bit (LLVM 16 has no `disjoint`).
    pub or_needs_disjoint: bool,
}

/// The row of this LLVM. The LLVM 19 row is inferred from the upstream
/// changes' dates; no LLVM 19 suite checks it.
pub const UPSTREAM: UpstreamBehaviour = match super::LLVM_MAJOR {
    16 => UpstreamBehaviour {
        byte_offset_gep: false,
        base_keeps_flags: false,
        or_needs_disjoint: false,
    },
    19 => UpstreamBehaviour {
        byte_offset_gep: true,
        base_keeps_flags: false,
        or_needs_disjoint: true,
    },
    _ => UpstreamBehaviour {
        byte_offset_gep: true,
        base_keeps_flags: true,
        or_needs_disjoint: true,
    },
};

/// `getelementptr i8, base, offset` with one constant index: a constant
/// offset added to a pointer (upstream's `m_PtrAdd(m_Value(), m_APInt())`).
#[derive(Clone, Copy, Debug)]
pub struct ConstPtrAdd<'ctx> {
    /// The GEP's pointer operand.
    pub base: PointerValue<'ctx>,
    /// Width and bits (zero-extended) of the constant index.
    pub offset: (u32, u128),
    /// The GEP's no-wrap flags.
    pub flags: Flags,
}

/// `p` as a [`ConstPtrAdd`], when it is one: a GEP instruction or constant
/// expression over `i8` with one constant index of at most 128 bits.
pub fn const_ptr_add(p: PointerValue<'_>) -> Option<ConstPtrAdd<'_>> {
    let mut base: LLVMValueRef = std::ptr::null_mut();
    let (mut lo, mut hi) = (0u64, 0u64);
    // SAFETY: the shim checks that `p` is a GEP operator before reading it,
    // and writes `base`, `lo` and `hi` only when it returns non-zero.
    let width =
        unsafe { gpucc_sepgep_const_ptr_add(p.as_value_ref(), &mut base, &mut lo, &mut hi) };
    if width == 0 {
        return None;
    }
    Some(ConstPtrAdd {
        // SAFETY: a GEP's pointer operand is a pointer.
        base: unsafe { PointerValue::new(base) },
        offset: (width, u128::from(hi) << 64 | u128::from(lo)),
        flags: analyses::flags(p),
    })
}

/// The source element type of GEP instruction `gep` (what its first index
/// steps over).
pub fn gep_source_type(gep: InstructionValue<'_>) -> BasicTypeEnum<'_> {
    assert_gep(gep);
    // SAFETY: `gep` is a GEP instruction (checked); its source element type
    // is a sized first-class type.
    unsafe {
        BasicTypeEnum::new(llvm_sys::core::LLVMGetGEPSourceElementType(
            gep.as_value_ref(),
        ))
    }
}

/// How one GEP index moves the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexStep {
    /// An array, vector or pointer index: `stride` bytes per unit.
    Sequential { stride: u64 },
    /// A sequential index over a scalable vector: no fixed stride.
    Scalable,
    /// A struct field index, `offset` bytes into the struct.
    Field { offset: u64 },
}

/// The type layout of one GEP instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GepLayout<'ctx> {
    /// The type the GEP points to (what a load through it reads).
    pub result_elem: BasicTypeEnum<'ctx>,
    /// One step per index, in operand order (operand `k + 1`).
    pub steps: Vec<IndexStep>,
    /// Alloc size of the result element type; `None` when scalable.
    pub result_size: Option<u64>,
    /// Width of the address space's index type.
    pub index_bits: u32,
    /// Width of the address space's pointers.
    pub pointer_bits: u32,
    /// Is the address space non-integral (no ptrtoint arithmetic)?
    pub non_integral: bool,
}

fn assert_gep(gep: InstructionValue<'_>) {
    assert_eq!(
        gep.get_opcode(),
        inkwell::values::InstructionOpcode::GetElementPtr,
        "gpucc: not a GEP"
    );
}

/// The layout of GEP instruction `gep`.
pub fn gep_layout(gep: InstructionValue<'_>) -> GepLayout<'_> {
    assert_gep(gep);
    let cap = gep.get_num_operands().saturating_sub(1);
    // Most GEPs have a few indices: stack buffers spare two allocations.
    const INLINE: usize = 8;
    let (mut kind_buf, mut size_buf) = ([0u32; INLINE], [0u64; INLINE]);
    let (mut kind_vec, mut size_vec) = (Vec::new(), Vec::new());
    let (kind, size): (&mut [u32], &mut [u64]) = if cap as usize <= INLINE {
        (&mut kind_buf[..cap as usize], &mut size_buf[..cap as usize])
    } else {
        kind_vec.resize(cap as usize, 0);
        size_vec.resize(cap as usize, 0);
        (&mut kind_vec, &mut size_vec)
    };
    let (mut result_size, mut index_bits, mut pointer_bits, mut non_integral) =
        (0i64, 0u32, 0u32, false);
    let mut result_ty: LLVMTypeRef = std::ptr::null_mut();
    // SAFETY: `gep` is a GEP instruction (checked) inside a module; the
    // buffers hold `cap` entries, one per index, which is all the shim writes.
    let n = unsafe {
        gpucc_sepgep_layout(
            gep.as_value_ref(),
            kind.as_mut_ptr(),
            size.as_mut_ptr(),
            cap,
            &mut result_size,
            &mut index_bits,
            &mut pointer_bits,
            &mut non_integral,
            &mut result_ty,
        )
    };
    assert_eq!(n, cap, "gpucc: a GEP has one type step per index");
    let steps = kind
        .iter()
        .zip(size.iter())
        .map(|(&k, &s)| match k {
            0 => IndexStep::Sequential { stride: s },
            1 => IndexStep::Scalable,
            _ => IndexStep::Field { offset: s },
        })
        .collect();
    // SAFETY: a GEP's result element type is a sized first-class type.
    let result_elem = unsafe { BasicTypeEnum::new(result_ty) };
    GepLayout {
        result_elem,
        steps,
        result_size: u64::try_from(result_size).ok(),
        index_bits,
        pointer_bits,
        non_integral,
    }
}

/// Width and value (zero-extended) of an integer constant of at most 128
/// bits; `None` for anything else.
pub fn const_int(v: impl AsValueRef) -> Option<(u32, u128)> {
    use llvm_sys::core as c;
    let raw = v.as_value_ref();
    // SAFETY: a checked cast, then getters on the ConstantInt it found.
    unsafe {
        if c::LLVMIsAConstantInt(raw).is_null() {
            return None;
        }
        let width = c::LLVMGetIntTypeWidth(c::LLVMTypeOf(raw));
        if width <= 64 {
            return Some((width, u128::from(c::LLVMConstIntGetZExtValue(raw))));
        }
    }
    let (mut lo, mut hi) = (0u64, 0u64);
    // SAFETY: the shim checks that `v` is a ConstantInt before reading it.
    let width = unsafe { gpucc_sepgep_const_int(v.as_value_ref(), &mut lo, &mut hi) };
    (width != 0).then(|| (width, u128::from(hi) << 64 | u128::from(lo)))
}

/// The constant `value` (truncated to the type's width) of integer type `ty`,
/// which must be at most 128 bits wide.
pub fn make_const_int<'ctx>(ty: IntType<'ctx>, value: u128) -> IntValue<'ctx> {
    assert!(
        ty.get_bit_width() <= 128,
        "gpucc: constant wider than 128 bits"
    );
    let width = ty.get_bit_width();
    if width <= 64 {
        // The bits, truncated to the width (the cast keeps the low word).
        let bits = (value & ((1u128 << width) - 1)) as u64;
        // SAFETY: an integer type of at most 64 bits and a value that fits.
        return unsafe { IntValue::new(llvm_sys::core::LLVMConstInt(ty.as_type_ref(), bits, 0)) };
    }
    // The casts split the value into its two 64-bit words.
    let (lo, hi) = (value as u64, (value >> 64) as u64);
    // SAFETY: `ty` is an integer type of at most 128 bits (checked).
    unsafe { IntValue::new(gpucc_sepgep_make_const_int(ty.as_type_ref(), lo, hi)) }
}

/// What `analysis::no_wrap` asks to prove that an add without `nsw` does not
/// wrap (rarely: only for such adds that hold a constant under a sext).
impl<'a> Facts<'a> {
    /// Does scalar evolution prove that integer add or sub `i` does not wrap
    /// as a signed operation at `at` (its `willNotOverflow`, which uses
    /// ranges, induction variables and the conditions guarding `at`)?
    pub fn scev_no_signed_wrap(&self, i: InstructionValue<'_>, at: InstructionValue<'_>) -> bool {
        // SAFETY: live FAM, function and instructions of it; the shim checks
        // that `i` is a binary operator on integers.
        unsafe {
            gpucc_sepgep_scev_no_signed_wrap(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                i.as_value_ref(),
                at.as_value_ref(),
            )
        }
    }

    /// The signed range `[lo, hi]` of integer `v` (at most 64 bits) at `at`:
    /// value tracking, scalar evolution and the NVPTX special registers'
    /// limits together. `None` for a wider value.
    pub fn signed_range(&self, v: IntValue<'_>, at: InstructionValue<'_>) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (0i64, 0i64);
        // SAFETY: live FAM, function, value and instruction; the shim writes
        // both bounds when it returns true.
        unsafe {
            gpucc_sepgep_signed_range(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                v.as_value_ref(),
                at.as_value_ref(),
                &mut lo,
                &mut hi,
            )
        }
        .then_some((lo, hi))
    }

    /// The conditions of the conditional branches one of whose edges
    /// dominates block `b`, nearest first, with the value each had on the
    /// way to `b` (at most `cap`).
    pub fn guards(&self, b: BasicBlock<'a>, cap: usize) -> Vec<(IntValue<'a>, bool)> {
        let mut conds: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); cap];
        let mut taken = vec![false; cap];
        // SAFETY: both buffers hold `cap` entries; the shim writes at most
        // that many and returns how many.
        let n = unsafe {
            gpucc_sepgep_guards(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                b.as_mut_ptr(),
                conds.as_mut_ptr(),
                taken.as_mut_ptr(),
                cap,
            )
        };
        conds
            .into_iter()
            .zip(taken)
            .take(n)
            // SAFETY: a branch condition is a live `i1` value.
            .map(|(c, t)| (unsafe { IntValue::new(c) }, t))
            .collect()
    }
}

/// The integer values that cannot be poison whenever `at` runs, unless the
/// program is undefined (at most `cap`): the GEP indices of the addresses of
/// the loads and stores of `at`'s block that run before it, or after it
/// with nothing observable in between.
pub fn must_not_be_poison(at: InstructionValue<'_>, cap: usize) -> Vec<IntValue<'_>> {
    let mut out: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); cap];
    // SAFETY: `out` holds `cap` entries; the shim writes at most that many.
    let n = unsafe { gpucc_sepgep_must_not_be_poison(at.as_value_ref(), out.as_mut_ptr(), cap) };
    out.truncate(n);
    out.into_iter()
        // SAFETY: the shim writes live integer values.
        .map(|v| unsafe { IntValue::new(v) })
        .collect()
}

/// A loop question only this pass asks (value tracking is in [`Queries`]).
impl Facts<'_> {
    /// How many instructions inside the innermost loop around `b` use `v`
    /// (0 when `b` is in no loop or `v` is a constant).
    pub fn uses_in_loop(&self, v: impl AsValueRef, b: BasicBlock<'_>) -> u32 {
        // SAFETY: live FAM, function, value and block.
        unsafe {
            gpucc_sepgep_uses_in_loop(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                v.as_value_ref(),
                b.as_mut_ptr(),
            )
        }
    }
}

/// The value-tracking questions of one run of the pass, asked with the
/// function's dominator tree and library info fetched once (instead of from
/// the analysis manager on every question, which cost more than the simpler
/// answers), as upstream asks them: no assumption cache.
pub struct Queries<'a> {
    facts: Facts<'a>,
    dt: std::ptr::NonNull<c_void>,
    /// Fetched on the first object-size question.
    tli: std::cell::Cell<Option<std::ptr::NonNull<c_void>>>,
}

impl<'a> Queries<'a> {
    /// The analyses of `facts`' function. They stay valid for the run: the
    /// pass edits instructions, never the CFG.
    pub fn new(facts: &Facts<'a>) -> Self {
        // SAFETY: live FAM and function.
        let dt = unsafe { gpucc_sepgep_domtree(facts.fam.raw.as_ptr(), facts.f.as_value_ref()) };
        Queries {
            facts: *facts,
            dt: std::ptr::NonNull::new(dt.cast_mut()).expect("gpucc: a dominator tree"),
            tli: std::cell::Cell::new(None),
        }
    }

    fn tli(&self) -> std::ptr::NonNull<c_void> {
        if let Some(t) = self.tli.get() {
            return t;
        }
        // SAFETY: live FAM and function.
        let raw =
            unsafe { gpucc_sepgep_tli(self.facts.fam.raw.as_ptr(), self.facts.f.as_value_ref()) };
        let t = std::ptr::NonNull::new(raw.cast_mut()).expect("gpucc: library info");
        self.tli.set(Some(t));
        t
    }

    /// Is integer value `v` known to be non-negative at `at` (ValueTracking's
    /// `isKnownNonNegative`)? Extensions, masks and constants are answered
    /// here, as value tracking would answer them, without the call.
    pub fn known_non_negative(&self, v: impl AsValueRef, at: InstructionValue<'_>) -> bool {
        match obviously_non_negative(v.as_value_ref(), 4) {
            Some(answer) => answer,
            // SAFETY: `dt` is the tree of the function of `at`, alive for the
            // run; `v` is a live integer value.
            None => unsafe {
                gpucc_sepgep_known_non_negative(
                    self.dt.as_ptr(),
                    v.as_value_ref(),
                    at.as_value_ref(),
                )
            },
        }
    }

    /// The integer (or integer-vector) `add` and `sub` instructions of the
    /// reachable blocks, blocks in dominator-tree preorder, instructions in
    /// block order.
    pub fn add_subs_in_preorder(&self) -> Vec<InstructionValue<'a>> {
        // SAFETY: `dt` is the function's tree, alive for the run.
        collect(|out, cap| unsafe { gpucc_sepgep_add_subs_in_preorder(self.dt.as_ptr(), out, cap) })
    }

    /// Do `a` and `b` have no set bit in common (so `a | b == a + b`)?
    pub fn no_common_bits(
        &self,
        a: impl AsValueRef,
        b: impl AsValueRef,
        cxt: InstructionValue<'_>,
    ) -> bool {
        // SAFETY: as in `known_non_negative`.
        unsafe {
            gpucc_sepgep_no_common_bits_dt(
                self.dt.as_ptr(),
                a.as_value_ref(),
                b.as_value_ref(),
                cxt.as_value_ref(),
            )
        }
    }

    /// The exact size in bytes of object `obj`, when known; `cxt` names the
    /// module.
    pub fn object_size(&self, obj: impl AsValueRef, cxt: InstructionValue<'_>) -> Option<u64> {
        let mut size = 0u64;
        // SAFETY: `tli` is the function's library info, alive for the run.
        unsafe {
            gpucc_sepgep_object_size_tli(
                self.tli().as_ptr(),
                obj.as_value_ref(),
                cxt.as_value_ref(),
                &mut size,
            )
        }
        .then_some(size)
    }
}

/// The answer of `isKnownNonNegative` for the forms it certainly knows, up
/// to `depth` levels: a constant, a `zext`, an `and` with a non-negative
/// constant, a `sext` of one of these. `None` for anything else (ask LLVM).
fn obviously_non_negative(v: LLVMValueRef, depth: u32) -> Option<bool> {
    use llvm_sys::core as c;
    // SAFETY: `v` is a live value; every call below is a checked cast or a
    // getter on the kind it checked.
    unsafe {
        if !c::LLVMIsAConstantInt(v).is_null() {
            let width = c::LLVMGetIntTypeWidth(c::LLVMTypeOf(v));
            if width > 64 {
                return None;
            }
            // The sign bit of the zero-extended bits.
            let bits = c::LLVMConstIntGetZExtValue(v);
            return Some(bits >> (width - 1) & 1 == 0);
        }
        if c::LLVMIsAInstruction(v).is_null() || depth == 0 {
            return None;
        }
        match c::LLVMGetInstructionOpcode(v) {
            LLVMOpcode::LLVMZExt => Some(true),
            LLVMOpcode::LLVMSExt => {
                match obviously_non_negative(c::LLVMGetOperand(v, 0), depth - 1) {
                    Some(true) => Some(true),
                    _ => None,
                }
            }
            LLVMOpcode::LLVMAnd => {
                let masked = (0..2).any(|i| {
                    let o = c::LLVMGetOperand(v, i);
                    !c::LLVMIsAConstantInt(o).is_null()
                        && obviously_non_negative(o, 0) == Some(true)
                });
                masked.then_some(true)
            }
            _ => None,
        }
    }
}

/// A live value of the function being run on, for the add/sub walk of
/// reuniting extensions: compared by identity, asked only what that walk
/// needs, cheaper than wrapping each operand by its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand<'ctx> {
    raw: LLVMValueRef,
    _f: std::marker::PhantomData<&'ctx ()>,
}

impl<'ctx> Operand<'ctx> {
    /// The value's address: a key for lookups (never an order of output).
    pub fn key(self) -> LLVMValueRef {
        self.raw
    }

    /// The operand when `self` is a `sext` instruction.
    pub fn sext_operand(self) -> Option<Operand<'ctx>> {
        use llvm_sys::core as c;
        // SAFETY: `raw` is live (an operand of a live instruction); the
        // operand is read after the checked cast.
        unsafe {
            (!c::LLVMIsASExtInst(self.raw).is_null()).then(|| Operand {
                raw: c::LLVMGetOperand(self.raw, 0),
                _f: std::marker::PhantomData,
            })
        }
    }

    /// Do `self` and `other` have the same type?
    pub fn same_type(self, other: Operand<'ctx>) -> bool {
        // SAFETY: both are live values.
        unsafe { llvm_sys::core::LLVMTypeOf(self.raw) == llvm_sys::core::LLVMTypeOf(other.raw) }
    }
}

/// The two operands of binary instruction `i` (an `add` or `sub` from
/// [`Queries::add_subs_in_preorder`]), without the checks of the general
/// operand getters: this is asked of every add in the function.
pub fn binary_operands(i: InstructionValue<'_>) -> (Operand<'_>, Operand<'_>) {
    use llvm_sys::core as c;
    let raw = i.as_value_ref();
    // SAFETY: `raw` is a live instruction; a binary operator has 2 operands.
    unsafe {
        assert!(
            !c::LLVMIsABinaryOperator(raw).is_null(),
            "gpucc: binary_operands of a non-binary instruction"
        );
        let op = |k| Operand {
            raw: c::LLVMGetOperand(raw, k),
            _f: std::marker::PhantomData,
        };
        (op(0), op(1))
    }
}

/// Operand `k` of instruction `i` when it is an integer (not a vector): the
/// search for constants asks this of every value it visits.
pub fn int_operand<'ctx>(i: InstructionValue<'ctx>, k: u32) -> Option<IntValue<'ctx>> {
    use llvm_sys::core as c;
    let raw = i.as_value_ref();
    // SAFETY: `raw` is a live instruction; the operand is read only when `k`
    // is in range, and wrapped only when it is an integer.
    unsafe {
        if k >= u32::try_from(c::LLVMGetNumOperands(raw)).unwrap_or(0) {
            return None;
        }
        let o = c::LLVMGetOperand(raw, k);
        let is_int = !o.is_null()
            && c::LLVMGetTypeKind(c::LLVMTypeOf(o)) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind;
        is_int.then(|| IntValue::new(o))
    }
}

/// The instructions a shim function `fill(out, cap)` writes: it writes at
/// most `cap` of them and returns how many there are.
fn collect<'a>(fill: impl Fn(*mut LLVMValueRef, usize) -> usize) -> Vec<InstructionValue<'a>> {
    let mut raw: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); 256];
    loop {
        let n = fill(raw.as_mut_ptr(), raw.len());
        if n <= raw.len() {
            raw.truncate(n);
            break;
        }
        raw = vec![std::ptr::null_mut(); n];
    }
    // SAFETY: the shim functions given to `collect` write live instructions.
    raw.into_iter()
        .map(|i| unsafe { InstructionValue::new(i) })
        .collect()
}

/// The GEP instructions of the blocks of `f` reachable from its entry,
/// blocks in reverse post-order, instructions in block order.
pub fn geps_in_rpo(f: FunctionValue<'_>) -> Vec<InstructionValue<'_>> {
    // SAFETY: `out` has room for `cap` values; the shim writes at most that
    // many GEPs of `f`.
    collect(|out, cap| unsafe { gpucc_sepgep_geps_in_rpo(f.as_value_ref(), out, cap) })
}

/// `p` with its inbounds constant-offset GEPs stripped, and the byte offset
/// they add (`None` when it does not fit 64 bits). `cxt` names the module.
pub fn strip_inbounds_offsets<'ctx>(
    p: PointerValue<'ctx>,
    cxt: InstructionValue<'_>,
) -> (PointerValue<'ctx>, Option<i64>) {
    let (mut offset, mut fits) = (0i64, false);
    // SAFETY: `p` is a pointer and `cxt` an instruction inside a module; the
    // stripped base of a pointer is a pointer.
    unsafe {
        let base = gpucc_sepgep_strip_inbounds_offsets(
            p.as_value_ref(),
            cxt.as_value_ref(),
            &mut offset,
            &mut fits,
        );
        (PointerValue::new(base), fits.then_some(offset))
    }
}

/// Would a poison `i` make the program undefined (LLVM's
/// `programUndefinedIfPoison`)?
pub fn undefined_if_poison(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction.
    unsafe { gpucc_sepgep_undefined_if_poison(i.as_value_ref()) }
}

/// Is `i` trivially dead (unused, no side effects)?
pub fn trivially_dead(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction.
    unsafe { gpucc_sepgep_trivially_dead(i.as_value_ref()) }
}

/// Integer binary operators the pass creates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Or,
    Shl,
    Mul,
}

impl BinOp {
    fn opcode(self) -> LLVMOpcode {
        match self {
            BinOp::Add => LLVMOpcode::LLVMAdd,
            BinOp::Sub => LLVMOpcode::LLVMSub,
            BinOp::Or => LLVMOpcode::LLVMOr,
            BinOp::Shl => LLVMOpcode::LLVMShl,
            BinOp::Mul => LLVMOpcode::LLVMMul,
        }
    }
}

/// `a op b` named after `like` (LLVM adds a suffix), inserted before
/// `before`; no wrap flags and never folded, even when both operands are
/// constants.
pub fn create_binop_named_like<'ctx>(
    op: BinOp,
    a: IntValue<'ctx>,
    b: IntValue<'ctx>,
    like: InstructionValue<'ctx>,
    before: InstructionValue<'ctx>,
) -> IntValue<'ctx> {
    assert!(
        a.get_type() == b.get_type(),
        "gpucc: binary operator on two types"
    );
    // SAFETY: both operands are integers of one type (checked), `before` is a
    // live instruction; the shim knows every BinOp opcode, so the result is
    // an integer instruction of that type. `like` is a live instruction
    // whose name the shim copies.
    unsafe {
        let v = gpucc_sepgep_binop_named_like(
            op.opcode() as u32,
            a.as_value_ref(),
            b.as_value_ref(),
            like.as_value_ref(),
            before.as_value_ref(),
        );
        assert!(!v.is_null(), "gpucc: unknown binary operator");
        IntValue::new(v)
    }
}

/// Integer casts the pass creates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    SExt,
    ZExt,
    Trunc,
}

impl CastOp {
    fn opcode(self) -> LLVMOpcode {
        match self {
            CastOp::SExt => LLVMOpcode::LLVMSExt,
            CastOp::ZExt => LLVMOpcode::LLVMZExt,
            CastOp::Trunc => LLVMOpcode::LLVMTrunc,
        }
    }
}

/// How [`create_cast`] makes its cast.
#[derive(Clone, Copy)]
pub enum CastFrom<'ctx> {
    /// Like this cast instruction (same opcode and type): a constant folds,
    /// anything else gets a clone of it (metadata included).
    Like(InstructionValue<'ctx>),
    /// A new cast instruction named so; constants fold only when `fold`.
    New { name: &'ctx str, fold: bool },
}

/// Casts integer (or integer vector) value `v` to `ty` with `op`, before
/// `before`.
pub fn create_cast<'ctx>(
    op: CastOp,
    v: BasicValueEnum<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    from: CastFrom<'_>,
    before: InstructionValue<'ctx>,
) -> BasicValueEnum<'ctx> {
    let width_of = |t: BasicTypeEnum<'ctx>| match t {
        BasicTypeEnum::IntType(i) => Some((i.get_bit_width(), 0)),
        BasicTypeEnum::VectorType(vt) => match vt.get_element_type() {
            BasicTypeEnum::IntType(i) => Some((i.get_bit_width(), vt.get_size())),
            _ => None,
        },
        _ => None,
    };
    let (Some((from_w, from_n)), Some((to_w, to_n))) = (width_of(v.get_type()), width_of(ty))
    else {
        panic!("gpucc: cast of a non-integer value");
    };
    let widens = match op {
        CastOp::SExt | CastOp::ZExt => to_w > from_w,
        CastOp::Trunc => to_w < from_w,
    };
    assert!(widens && from_n == to_n, "gpucc: invalid integer cast");
    let (like, fold, name) = match from {
        CastFrom::Like(i) => {
            use inkwell::values::InstructionOpcode as O;
            let same_op = matches!(
                (op, i.get_opcode()),
                (CastOp::SExt, O::SExt) | (CastOp::ZExt, O::ZExt) | (CastOp::Trunc, O::Trunc)
            );
            assert!(
                same_op && i.get_type().as_type_ref() == ty.as_type_ref(),
                "gpucc: cast template of another kind or type"
            );
            (i.as_value_ref(), true, "")
        }
        CastFrom::New { name, fold } => (std::ptr::null_mut(), fold, name),
    };
    // SAFETY: the cast is valid for these types (checked above); `like`, when
    // given, is a cast instruction to `ty` whose opcode the caller chose.
    unsafe {
        let r = gpucc_sepgep_cast(
            op.opcode() as u32,
            v.as_value_ref(),
            ty.as_type_ref(),
            like,
            fold,
            name.as_ptr().cast(),
            name.len(),
            before.as_value_ref(),
        );
        assert!(!r.is_null(), "gpucc: unknown cast");
        BasicValueEnum::new(r)
    }
}

/// `getelementptr <flags> elem, base, indices...` over a sized element
/// type, named `name`, before `before`, never folded. The indices must fit
/// the type (the caller takes them from a valid GEP over `elem`, or gives
/// one integer index).
pub fn create_gep<'ctx>(
    elem: BasicTypeEnum<'ctx>,
    base: PointerValue<'ctx>,
    indices: &[IntValue<'ctx>],
    flags: Flags,
    name: &str,
    before: InstructionValue<'ctx>,
) -> PointerValue<'ctx> {
    assert!(
        inkwell::types::BasicType::is_sized(&elem),
        "gpucc: GEP over an unsized type"
    );
    let mut buf = [std::ptr::null_mut(); 4];
    let mut spill = Vec::new();
    let idx: &[LLVMValueRef] = if indices.len() <= buf.len() {
        for (b, i) in buf.iter_mut().zip(indices) {
            *b = i.as_value_ref();
        }
        &buf[..indices.len()]
    } else {
        spill.extend(indices.iter().map(|i| i.as_value_ref()));
        &spill
    };
    // SAFETY: the caller gives indices valid for `elem` (one integer index
    // over a sized type always is); the result is a pointer in `base`'s
    // address space.
    let gep = unsafe {
        PointerValue::new(gpucc_sepgep_gep(
            elem.as_type_ref(),
            base.as_value_ref(),
            idx.as_ptr(),
            idx.len(),
            false,
            name.as_ptr().cast(),
            name.len(),
            before.as_value_ref(),
        ))
    };
    let inst = gep
        .as_instruction()
        .expect("gpucc: the shim creates GEP instructions");
    analyses::set_flags(inst, flags);
    gep
}

/// `getelementptr i8, base, offset` through `builder` (an IRBuilder: a
/// constant base and offset fold into a constant expression, as upstream's
/// `Builder.CreateGEP` does).
pub fn build_byte_gep<'ctx>(
    builder: &Builder<'ctx>,
    base: PointerValue<'ctx>,
    offset: IntValue<'ctx>,
    name: &str,
) -> Result<PointerValue<'ctx>, BuilderError> {
    let i8t = base.get_type().get_context().i8_type();
    // SAFETY: one integer index over i8 is always in range.
    unsafe { builder.build_gep(i8t, base, &[offset], name) }
}

/// A clone of `i` (operands, flags, metadata), unnamed, right before `i`.
pub fn clone_before(i: InstructionValue<'_>) -> InstructionValue<'_> {
    // SAFETY: `i` is a live instruction in a block.
    unsafe { InstructionValue::new(gpucc_sepgep_clone_before(i.as_value_ref())) }
}

/// Copies every metadata attachment of `from`, its debug location included,
/// onto `to`.
pub fn copy_metadata(from: InstructionValue<'_>, to: InstructionValue<'_>) {
    // SAFETY: both are live instructions.
    unsafe { gpucc_sepgep_copy_metadata(from.as_value_ref(), to.as_value_ref()) }
}

/// Gives `to` the debug location of `from`.
pub fn copy_debug_loc(from: InstructionValue<'_>, to: InstructionValue<'_>) {
    // SAFETY: both are live instructions.
    unsafe { gpucc_sepgep_copy_debug_loc(from.as_value_ref(), to.as_value_ref()) }
}

/// `i` as LLVM prints it.
pub fn print(i: InstructionValue<'_>) -> String {
    // SAFETY: `i` is live; the printed string is ours, copied, then disposed.
    unsafe {
        let p = llvm_sys::core::LLVMPrintValueToString(i.as_value_ref());
        let text = std::ffi::CStr::from_ptr(p)
            .to_string_lossy()
            .trim()
            .to_string();
        llvm_sys::core::LLVMDisposeMessage(p);
        text
    }
}
