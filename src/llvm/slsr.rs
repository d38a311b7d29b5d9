//! IR queries and IR building for `gpucc-slsr` (straight-line strength
//! reduction), over `cpp/slsr.cpp` and LLVM-C.
//!
//! * [`TypeRef`]: a type of any kind (inkwell's enums panic on some kinds a
//!   GEP may index, such as `x86_amx`), compared by identity as LLVM does.
//! * [`Layout`]: the function's data layout: index widths, pointer widths,
//!   and [`gep_shape`](Layout::gep_shape), which walks a GEP's indices the way LLVM's
//!   `gep_type_iterator` does.
//! * Operators: [`int_op`] sees instructions and constant expressions alike,
//!   as LLVM's `PatternMatch` does; [`const_int`] reads constants up to 128
//!   bits; [`neg_operand`] is `m_Neg`.
//! * Building: [`gep_before`] and [`i8_pointer_like`]; everything else the
//!   pass builds with inkwell's safe builder.

use super::llvm_sys;
use inkwell::types::AsTypeRef;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue, PointerValue};
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMTypeRef, LLVMValueRef};
use llvm_sys::target::{self as t, LLVMTargetDataRef};
use llvm_sys::LLVMTypeKind as K;
use std::marker::PhantomData;

extern "C" {
    fn gpucc_slsr_no_common_bits(f: LLVMValueRef, a: LLVMValueRef, b: LLVMValueRef) -> bool;
    fn gpucc_slsr_index_size_bits(f: LLVMValueRef, space: u32) -> u32;
    fn gpucc_slsr_const_int(v: LLVMValueRef, bits: *mut u32, lo: *mut u64, hi: *mut u64) -> bool;
    fn gpucc_slsr_cast_global(p: LLVMValueRef) -> LLVMValueRef;
    fn gpucc_slsr_instruction_count(f: LLVMValueRef) -> usize;
    fn gpucc_slsr_block_candidates(
        bb: LLVMBasicBlockRef,
        out: *mut LLVMValueRef,
        kind: *mut u8,
        cap: usize,
    ) -> usize;
    fn gpucc_slsr_int_operand(v: LLVMValueRef, i: u32) -> LLVMValueRef;
    fn gpucc_slsr_dereferenced_after(i: LLVMValueRef) -> bool;
}

/// Where upstream SLSR's output differs between LLVMs for one input and each
/// version's own tests pin its answer: two things LLVM 22's redesign
/// (llvm/llvm-project#162930, relanded as #169614) changed. The `inbounds`
/// LLVM 16's tests pin on a reused or trusted basis is unsound and refused
/// on every LLVM.
/// Everything else of the redesign (the dominator-tree search, path
/// compression, the cost model, picking the cheapest rewrite, the poison
/// checks) both suites accept, and `gpucc-slsr` does it on every LLVM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlsrBehaviour {
    /// A rewritten GEP is always a byte offset, `getelementptr i8, X, bump`
    /// (LLVM 22: `CreatePtrAdd`; `slsr-gep.ll`), rather than a GEP over
    /// the basis's result element type when the byte bump divides by its
    /// size (LLVM 16: `getelementptr i32, X, s`; its `slsr-gep.ll`).
    pub byte_gep_rewrites: bool,
    /// Besides index deltas, a candidate may differ from its basis by its
    /// base or its stride (LLVM 22; its `slsr-add.ll`, `slsr-gep.ll` and
    /// `reassociate-geps-and-slsr-addrspace.ll` rebuild `&arr[2i + 1024]`
    /// from `&arr[i + 1024]`), and a GEP index is taken as it is. Without
    /// (LLVM 16), index deltas only, and a GEP index `mul nsw S, c` is
    /// factored into stride `S` (its `slsr-gep.ll` rebuilds `&in[2s]` from
    /// `&in[s]` that way, and its `reassociate-geps-and-slsr-addrspace.ll`
    /// pins `&arr[2i + 1024]` left alone).
    pub base_and_stride_deltas: bool,
    /// A reused basis GEP keeps its `inbounds` where it lies between the
    /// candidate's pointer operand and the candidate (LLVM 16 keeps it on
    /// every reused basis: its `slsr-gep.ll` pins `&input[s]` reused for
    /// `&input[2s]` with the flag). Without (LLVM 22), a reused basis loses
    /// it, as upstream 22 drops it (its `slsr-gep.ll` pins that).
    pub keeps_between_basis_inbounds: bool,
}

/// The row of the LLVM this build is for.
#[cfg(feature = "llvm22")]
pub const SLSR_BEHAVIOUR: SlsrBehaviour = SlsrBehaviour {
    byte_gep_rewrites: true,
    base_and_stride_deltas: true,
    keeps_between_basis_inbounds: false,
};

/// The row of the LLVM this build is for (LLVM 19 still has LLVM 16's SLSR).
/// Soundness is no row: where LLVM 16's `slsr-gep.ll` pins an unsound
/// `inbounds` (`@slsr_gep_2d`, `@slsr_gep_uglygep`: a reused basis that
/// keeps it, a rewrite that trusts it), this pass refuses it on every LLVM
/// (the conformance suite scores a corrected copy of that test).
#[cfg(not(feature = "llvm22"))]
pub const SLSR_BEHAVIOUR: SlsrBehaviour = SlsrBehaviour {
    byte_gep_rewrites: false,
    base_and_stride_deltas: false,
    keeps_between_basis_inbounds: true,
};

/// Is pointer instruction `i` the address of a load or store (not
/// volatile) that runs whenever `i` does (later in its block, past only
/// instructions that pass execution on; at most 32 of them)? Then `i`
/// points into a live object whenever the program is defined.
pub fn dereferenced_after(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction inside a block.
    unsafe { gpucc_slsr_dereferenced_after(i.as_value_ref()) }
}

/// A type of any kind, by its uniqued handle: equal handles are equal types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeRef<'ctx> {
    raw: LLVMTypeRef,
    _ctx: PhantomData<&'ctx ()>,
}

// SAFETY: `raw` is a live type of the context `'ctx` (constructors below).
unsafe impl AsTypeRef for TypeRef<'_> {
    fn as_type_ref(&self) -> LLVMTypeRef {
        self.raw
    }
}

impl<'ctx> TypeRef<'ctx> {
    fn new(raw: LLVMTypeRef) -> Self {
        TypeRef {
            raw,
            _ctx: PhantomData,
        }
    }

    /// An inkwell type, by handle.
    pub fn from_type(t: impl AsTypeRef) -> Self {
        TypeRef::new(t.as_type_ref())
    }

    /// The type of value `v`.
    pub fn of(v: impl AsValueRef) -> Self {
        // SAFETY: `v` is a live value; every value has a type.
        TypeRef::new(unsafe { c::LLVMTypeOf(v.as_value_ref()) })
    }

    fn kind(self) -> K {
        // SAFETY: `raw` is a live type.
        unsafe { c::LLVMGetTypeKind(self.raw) }
    }

    /// The width of an integer type.
    pub fn int_width(self) -> Option<u32> {
        // SAFETY: the kind is checked before asking for the width.
        (self.kind() == K::LLVMIntegerTypeKind).then(|| unsafe { c::LLVMGetIntTypeWidth(self.raw) })
    }

    /// The address space of a (scalar) pointer type.
    pub fn pointer_space(self) -> Option<u32> {
        // SAFETY: the kind is checked before asking for the space.
        (self.kind() == K::LLVMPointerTypeKind)
            .then(|| unsafe { c::LLVMGetPointerAddressSpace(self.raw) })
    }
}

/// The data layout of one function's module.
#[derive(Clone, Copy)]
pub struct Layout<'a> {
    td: LLVMTargetDataRef,
    f: FunctionValue<'a>,
}

/// One index of a GEP, as LLVM's `gep_type_iterator` sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepStep {
    /// A constant index into a struct: the field's byte offset.
    Field { offset: u64 },
    /// An index over elements (the pointer operand, an array or a vector):
    /// the allocation size of one element in bytes.
    Element { size: u64 },
}

/// What SLSR needs of a scalar GEP instruction: one step per index, the type
/// the last index selects, and the pointer's address space.
#[derive(Clone, Debug)]
pub struct GepShape<'ctx> {
    /// `steps[k]` describes operand `k + 1`.
    pub steps: Vec<GepStep>,
    /// The result element type (the type the last index selects).
    pub result_elem: TypeRef<'ctx>,
    /// Its allocation size in bytes.
    pub result_elem_size: u64,
    /// The address space of the pointer operand and result.
    pub space: u32,
}

impl<'a> Layout<'a> {
    /// The data layout of `f`'s module.
    pub fn of(f: FunctionValue<'a>) -> Self {
        // SAFETY: `f` lives in a module, which owns its data layout for as
        // long as it lives (longer than `'a`).
        let td = unsafe { t::LLVMGetModuleDataLayout(c::LLVMGetGlobalParent(f.as_value_ref())) };
        Layout { td, f }
    }

    /// Bits of a GEP index for pointers of `space` (may be narrower than the
    /// pointer: `p7:160:256:256:32`).
    pub fn index_bits(&self, space: u32) -> u32 {
        // SAFETY: `f` is a live function inside a module.
        unsafe { gpucc_slsr_index_size_bits(self.f.as_value_ref(), space) }
    }

    /// Bits of a pointer of `space`.
    pub fn pointer_bits(&self, space: u32) -> u32 {
        // SAFETY: `td` is the module's live data layout.
        unsafe { t::LLVMPointerSizeForAS(self.td, space) * 8 }
    }

    /// Allocation size of a sized, fixed-size type.
    fn alloc_size(&self, ty: LLVMTypeRef) -> u64 {
        // SAFETY: callers check that `ty` is sized and not scalable.
        unsafe { t::LLVMABISizeOfType(self.td, ty) }
    }

    /// Is `ty` sized with a fixed size (so it has an allocation size)?
    fn fixed_size(ty: LLVMTypeRef) -> bool {
        // SAFETY: `ty` is a live type. A scalable vector is sized but has no
        // fixed size; arrays and structs of them are rejected by the verifier
        // in LLVM 16, so checking the outer kind suffices.
        unsafe {
            c::LLVMGetTypeKind(ty) != K::LLVMScalableVectorTypeKind && c::LLVMTypeIsSized(ty) != 0
        }
    }

    /// The index steps of scalar GEP instruction `gep`, or `None` when it is
    /// a vector GEP, indexes a scalable or unsized type, or has a struct
    /// index that is not a constant.
    pub fn gep_shape<'ctx>(&self, gep: InstructionValue<'ctx>) -> Option<GepShape<'ctx>> {
        self.gep_shape_reusing(gep, Vec::new())
    }

    /// [`Layout::gep_shape`], with the steps written into `steps` (cleared
    /// first; a caller that asks per GEP passes the last shape's back).
    pub fn gep_shape_reusing<'ctx>(
        &self,
        gep: InstructionValue<'ctx>,
        mut steps: Vec<GepStep>,
    ) -> Option<GepShape<'ctx>> {
        if gep.get_opcode() != inkwell::values::InstructionOpcode::GetElementPtr {
            return None;
        }
        let space = TypeRef::of(gep).pointer_space()?; // a vector GEP has no scalar space
        let n = gep.get_num_operands();
        // SAFETY: `gep` is a GEP instruction (checked above).
        let mut ty = unsafe { c::LLVMGetGEPSourceElementType(gep.as_value_ref()) };
        steps.clear();
        for k in 1..n {
            // SAFETY: `k < n`; every operand of a GEP is a live value.
            let idx = unsafe { c::LLVMGetOperand(gep.as_value_ref(), k) };
            if k == 1 {
                // The first index steps over whole source elements.
                if !Self::fixed_size(ty) {
                    return None;
                }
                steps.push(GepStep::Element {
                    size: self.alloc_size(ty),
                });
                continue;
            }
            // SAFETY: kinds are checked before each type query; struct field
            // numbers are checked against the field count.
            unsafe {
                match c::LLVMGetTypeKind(ty) {
                    K::LLVMStructTypeKind => {
                        let (_, field) = const_int(IntValue::new(idx))?;
                        let field = u32::try_from(field).ok()?;
                        if field >= c::LLVMCountStructElementTypes(ty) {
                            return None;
                        }
                        steps.push(GepStep::Field {
                            offset: t::LLVMOffsetOfElement(self.td, ty, field),
                        });
                        ty = c::LLVMStructGetTypeAtIndex(ty, field);
                    }
                    K::LLVMArrayTypeKind | K::LLVMVectorTypeKind => {
                        ty = c::LLVMGetElementType(ty);
                        if !Self::fixed_size(ty) {
                            return None;
                        }
                        steps.push(GepStep::Element {
                            size: self.alloc_size(ty),
                        });
                    }
                    _ => return None,
                }
            }
        }
        if !Self::fixed_size(ty) {
            return None;
        }
        Some(GepShape {
            steps,
            result_elem: TypeRef::new(ty),
            result_elem_size: self.alloc_size(ty),
            space,
        })
    }
}

/// What an instruction [`block_candidates`] lists is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateOp {
    Add,
    Mul,
    Gep,
}

/// The add, mul and getelementptr instructions of `bb`, in order, into
/// `out` (cleared first; its room is reused).
pub fn block_candidates<'a>(
    bb: inkwell::basic_block::BasicBlock<'a>,
    out: &mut Vec<(InstructionValue<'a>, CandidateOp)>,
    raw: &mut Vec<LLVMValueRef>,
    kinds: &mut Vec<u8>,
) {
    out.clear();
    let cap = raw.len();
    // SAFETY: `raw` and `kinds` have room for `cap` entries; the shim writes
    // at most that many and says how many there are.
    let n = unsafe {
        gpucc_slsr_block_candidates(bb.as_mut_ptr(), raw.as_mut_ptr(), kinds.as_mut_ptr(), cap)
    };
    if n > cap {
        raw.resize(n, std::ptr::null_mut());
        kinds.resize(n, 0);
        // SAFETY: as above, with room for all `n`.
        unsafe {
            gpucc_slsr_block_candidates(bb.as_mut_ptr(), raw.as_mut_ptr(), kinds.as_mut_ptr(), n)
        };
    }
    out.extend(raw[..n].iter().zip(&kinds[..n]).map(|(&i, &k)| {
        let op = match k {
            0 => CandidateOp::Add,
            1 => CandidateOp::Mul,
            _ => CandidateOp::Gep,
        };
        // SAFETY: a live instruction of `bb`.
        (unsafe { InstructionValue::new(i) }, op)
    }));
}

/// How many instructions `f` has.
pub fn instruction_count(f: FunctionValue<'_>) -> usize {
    // SAFETY: a live function.
    unsafe { gpucc_slsr_instruction_count(f.as_value_ref()) }
}

/// The value of integer constant `v` (a `ConstantInt` of at most 128 bits):
/// its width and its value sign-extended to 128 bits.
pub fn const_int(v: IntValue<'_>) -> Option<(u32, i128)> {
    let (mut bits, mut lo, mut hi) = (0u32, 0u64, 0u64);
    // SAFETY: the shim checks that `v` is a ConstantInt before reading it.
    if !unsafe { gpucc_slsr_const_int(v.as_value_ref(), &mut bits, &mut lo, &mut hi) } {
        return None;
    }
    Some((
        bits,
        ((u128::from(hi) << 64) | u128::from(lo)).cast_signed(),
    ))
}

/// Do `a` and `b` have no set bit in common, as known bits show? (LLVM's
/// `haveNoCommonBitsSet` with `f`'s data layout.)
pub fn no_common_bits(f: FunctionValue<'_>, a: IntValue<'_>, b: IntValue<'_>) -> bool {
    assert!(
        a.get_type() == b.get_type(),
        "gpucc-slsr: no_common_bits on values of different types"
    );
    // SAFETY: live values of one integer type, in `f`'s module.
    unsafe { gpucc_slsr_no_common_bits(f.as_value_ref(), a.as_value_ref(), b.as_value_ref()) }
}

/// The global value pointer `p` is a cast of (through bitcasts, address-space
/// casts and all-zero GEPs: LLVM's `stripPointerCasts`), if any.
pub fn cast_global(p: impl AsValueRef) -> Option<LLVMValueRef> {
    // SAFETY: `p` is a live value; the result is a live global or null.
    let g = unsafe { gpucc_slsr_cast_global(p.as_value_ref()) };
    (!g.is_null()).then_some(g)
}

/// The integer operators SLSR matches, on instructions and constant
/// expressions alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    Shl,
    Or,
    SExt,
}

/// The operator `v` is, if it is one SLSR matches.
pub fn int_op(v: impl AsValueRef) -> Option<IntOp> {
    use llvm_sys::LLVMOpcode as O;
    // SAFETY: checked casts before asking for an opcode.
    let op = unsafe {
        let raw = v.as_value_ref();
        if !c::LLVMIsAInstruction(raw).is_null() {
            c::LLVMGetInstructionOpcode(raw)
        } else if !c::LLVMIsAConstantExpr(raw).is_null() {
            c::LLVMGetConstOpcode(raw)
        } else {
            return None;
        }
    };
    Some(match op {
        O::LLVMAdd => IntOp::Add,
        O::LLVMSub => IntOp::Sub,
        O::LLVMMul => IntOp::Mul,
        O::LLVMShl => IntOp::Shl,
        O::LLVMOr => IntOp::Or,
        O::LLVMSExt => IntOp::SExt,
        _ => return None,
    })
}

/// Integer operand `i` of an instruction or constant expression.
pub fn int_operand<'ctx>(v: impl AsValueRef, i: u32) -> Option<IntValue<'ctx>> {
    // SAFETY: the shim checks that `v` is a User with operand `i` and that
    // the operand has integer type.
    let o = unsafe { gpucc_slsr_int_operand(v.as_value_ref(), i) };
    // SAFETY: a live value of integer type.
    (!o.is_null()).then(|| unsafe { IntValue::new(o) })
}

/// `x` if `v` is `sub 0, x` (LLVM's `m_Neg`).
pub fn neg_operand<'ctx>(v: IntValue<'ctx>) -> Option<IntValue<'ctx>> {
    if int_op(v)? != IntOp::Sub {
        return None;
    }
    let zero = int_operand(v, 0)?;
    (const_int(zero)?.1 == 0)
        .then(|| int_operand(v, 1))
        .flatten()
}

/// Is `v` a `ConstantInt` equal to zero?
pub fn is_zero_int(v: IntValue<'_>) -> bool {
    const_int(v).is_some_and(|(_, x)| x == 0)
}

/// `i8*` in the address space of `p` (opaque `ptr addrspace(n)` unless the
/// context still uses typed pointers): `Type::getInt8PtrTy`.
pub fn i8_pointer_like<'ctx>(p: PointerValue<'ctx>) -> inkwell::types::PointerType<'ctx> {
    // SAFETY: `p` is a live pointer value; the new type lives in its context.
    unsafe {
        let ty = c::LLVMTypeOf(p.as_value_ref());
        let ctx = c::LLVMGetTypeContext(ty);
        let i8 = c::LLVMInt8TypeInContext(ctx);
        inkwell::types::PointerType::new(c::LLVMPointerType(i8, c::LLVMGetPointerAddressSpace(ty)))
    }
}

/// `getelementptr [inbounds] elem, ptr, idx`, inserted right before
/// `before` with `before`'s debug location, never constant-folded (`ptr` is
/// an instruction or argument in SLSR).
pub fn gep_before<'ctx>(
    b: &inkwell::builder::Builder<'ctx>,
    before: InstructionValue<'ctx>,
    elem: TypeRef<'ctx>,
    ptr: PointerValue<'ctx>,
    idx: IntValue<'ctx>,
    inbounds: bool,
) -> PointerValue<'ctx> {
    assert!(
        Layout::fixed_size(elem.raw),
        "gpucc-slsr: GEP over a type without a fixed size"
    );
    b.position_before(&before);
    // SAFETY: the builder is positioned (just above) inside `before`'s
    // function; `elem` is a sized type, `ptr` a pointer and `idx` one scalar
    // integer index, which is a valid single-index GEP of any sized type.
    unsafe {
        let mut indices = [idx.as_value_ref()];
        let name = c"".as_ptr();
        let raw = if inbounds {
            c::LLVMBuildInBoundsGEP2(
                b.as_mut_ptr(),
                elem.raw,
                ptr.as_value_ref(),
                indices.as_mut_ptr(),
                1,
                name,
            )
        } else {
            c::LLVMBuildGEP2(
                b.as_mut_ptr(),
                elem.raw,
                ptr.as_value_ref(),
                indices.as_mut_ptr(),
                1,
                name,
            )
        };
        PointerValue::new(raw)
    }
}
