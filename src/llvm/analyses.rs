//! LLVM's dominator tree, loop info and scalar evolution, value-tracking
//! questions ([`Facts`]), and the wrap flags LLVM 16's C API lacks, over
//! `cpp/analyses.cpp`. Shared by the straight-line passes
//! (`gpucc-separate-const-offset-from-gep`, `gpucc-slsr`,
//! `gpucc-nary-reassociate`).
//!
//! Each handle asks the function's analysis manager on every call (a hash
//! lookup once the result is computed), unless made with `held` (fetched
//! once, for a pass that keeps the CFG and asks often). A pass that changes the CFG must
//! invalidate (`Fam::invalidate`) before asking again; instruction-level
//! edits keep the dominator tree and loop info valid, and scalar evolution
//! must be told about erased or changed values with [`Se::forget`].

use super::llvm_sys;
use super::{Fam, Tti};
use inkwell::basic_block::BasicBlock;
use inkwell::types::AsTypeRef;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue};
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMTypeRef, LLVMValueRef};
use llvm_sys::LLVMTypeKind;
use std::ffi::{c_int, c_void};
use std::ptr::NonNull;

#[allow(improper_ctypes)]
extern "C" {
    fn gpucc_dt_of_fn(fam: *mut c_void, f: LLVMValueRef) -> *mut c_void;
    fn gpucc_se_of_fn(fam: *mut c_void, f: LLVMValueRef) -> *mut c_void;
    fn gpucc_dt_dominates(dt: *mut c_void, def: LLVMValueRef, user: LLVMValueRef) -> bool;
    fn gpucc_dt_dominates_block(
        dt: *mut c_void,
        a: LLVMBasicBlockRef,
        b: LLVMBasicBlockRef,
    ) -> bool;
    fn gpucc_dt_reachable(dt: *mut c_void, b: LLVMBasicBlockRef) -> bool;
    fn gpucc_dt_preorder(dt: *mut c_void, out: *mut LLVMBasicBlockRef, cap: usize) -> usize;
    fn gpucc_loop_depth(fam: *mut c_void, f: LLVMValueRef, b: LLVMBasicBlockRef) -> u32;
    fn gpucc_loop_invariant_in(
        fam: *mut c_void,
        f: LLVMValueRef,
        v: LLVMValueRef,
        b: LLVMBasicBlockRef,
    ) -> bool;
    fn gpucc_loop_unroll_facts(
        fam: *mut c_void,
        f: LLVMValueRef,
        b: LLVMBasicBlockRef,
        invalid: i64,
        trip_known: *mut bool,
        cost: *mut i64,
    ) -> bool;
    fn gpucc_scev_of(se: *mut c_void, v: LLVMValueRef) -> *const c_void;
    fn gpucc_scev_binary(
        se: *mut c_void,
        op: u32,
        a: *const c_void,
        b: *const c_void,
    ) -> *const c_void;
    fn gpucc_scev_cast(
        se: *mut c_void,
        s: *const c_void,
        ty: LLVMTypeRef,
        signed: bool,
    ) -> *const c_void;
    fn gpucc_scev_constant(se: *mut c_void, ty: LLVMTypeRef, c: i64) -> *const c_void;
    fn gpucc_scev_forget(se: *mut c_void, v: LLVMValueRef);
    fn gpucc_scev_minus(se: *mut c_void, a: *const c_void, b: *const c_void) -> *const c_void;
    fn gpucc_scev_kind(s: *const c_void, v: *mut LLVMValueRef) -> c_int;
    fn gpucc_scev_print(s: *const c_void, buf: *mut u8, cap: usize) -> usize;
    fn gpucc_known_non_negative(
        fam: *mut c_void,
        f: LLVMValueRef,
        v: LLVMValueRef,
        ctx: LLVMValueRef,
        with_assumptions: bool,
    ) -> bool;
    fn gpucc_get_flags(i: LLVMValueRef) -> u32;
    fn gpucc_set_flags(i: LLVMValueRef, bits: u32);
    fn gpucc_move_before(i: LLVMValueRef, before: LLVMValueRef);
    fn gpucc_tti_legal_addressing_mode(
        tti: *const c_void,
        ty: LLVMTypeRef,
        base_gv: LLVMValueRef,
        base_offset: i64,
        has_base: bool,
        scale: i64,
        space: u32,
    ) -> bool;
}

/// The dominator tree of one function.
#[derive(Clone, Copy)]
pub struct DomTree<'a> {
    fam: Fam<'a>,
    f: FunctionValue<'a>,
    /// Set by [`DomTree::held`].
    held: Option<NonNull<c_void>>,
}

impl<'a> DomTree<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        DomTree { fam, f, held: None }
    }

    /// The tree fetched once, for a pass that asks many questions: each
    /// then skips the analysis manager's lookup. The caller must not
    /// change the CFG or invalidate `f`'s analyses while it uses the handle.
    pub fn held(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        let dt = DomTree::new(fam, f);
        DomTree {
            held: NonNull::new(dt.raw()),
            ..dt
        }
    }

    /// The `DominatorTree`: the held one, or the analysis manager's now.
    fn raw(&self) -> *mut c_void {
        match self.held {
            Some(p) => p.as_ptr(),
            // SAFETY: live FAM and function; the shim computes the tree if
            // it is not cached.
            None => unsafe { gpucc_dt_of_fn(self.fam.raw.as_ptr(), self.f.as_value_ref()) },
        }
    }

    /// Does `def` (an instruction, argument or constant) dominate instruction
    /// `user`? (LLVM's `DominatorTree::dominates(Value*, Instruction*)`.)
    pub fn dominates(&self, def: impl AsValueRef, user: InstructionValue<'_>) -> bool {
        // SAFETY: live FAM, function and values of that function.
        unsafe { gpucc_dt_dominates(self.raw(), def.as_value_ref(), user.as_value_ref()) }
    }

    /// Does block `a` dominate block `b`?
    pub fn dominates_block(&self, a: BasicBlock<'_>, b: BasicBlock<'_>) -> bool {
        // SAFETY: live FAM, function and blocks of that function.
        unsafe { gpucc_dt_dominates_block(self.raw(), a.as_mut_ptr(), b.as_mut_ptr()) }
    }

    /// Is `b` reachable from the entry block?
    pub fn reachable(&self, b: BasicBlock<'_>) -> bool {
        // SAFETY: live FAM, function and block.
        unsafe { gpucc_dt_reachable(self.raw(), b.as_mut_ptr()) }
    }

    /// The reachable blocks in dominator-tree preorder (a block before every
    /// block it dominates).
    pub fn preorder(&self) -> Vec<BasicBlock<'a>> {
        let mut raw: Vec<LLVMBasicBlockRef> =
            vec![std::ptr::null_mut(); self.f.count_basic_blocks() as usize];
        // SAFETY: `raw` has room for `raw.len()` blocks; if the tree had more
        // (it cannot: it holds a subset of the blocks), the second call gets
        // room for all of them.
        let n = unsafe { gpucc_dt_preorder(self.raw(), raw.as_mut_ptr(), raw.len()) };
        if n > raw.len() {
            raw.resize(n, std::ptr::null_mut());
            // SAFETY: as above, with room for `n`.
            unsafe { gpucc_dt_preorder(self.raw(), raw.as_mut_ptr(), n) };
        }
        raw.truncate(n);
        // SAFETY: the shim wrote live blocks of `f`.
        raw.into_iter()
            .filter_map(|b| unsafe { BasicBlock::new(b) })
            .collect()
    }
}

/// The loops of one function.
#[derive(Clone, Copy)]
pub struct Loops<'a> {
    fam: Fam<'a>,
    f: FunctionValue<'a>,
}

impl<'a> Loops<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        Loops { fam, f }
    }

    /// How many loops contain `b` (0: none).
    pub fn depth(&self, b: BasicBlock<'_>) -> u32 {
        // SAFETY: live FAM, function and block.
        unsafe { gpucc_loop_depth(self.fam.raw.as_ptr(), self.f.as_value_ref(), b.as_mut_ptr()) }
    }

    /// What LLVM's runtime unroller sees of the innermost loop containing
    /// `b` (`None` outside loops, or for a loop without a single latch).
    pub fn unroll_facts(&self, b: BasicBlock<'_>) -> Option<UnrollFacts> {
        let (mut trip_count_known, mut cost) = (false, 0);
        // SAFETY: live FAM, function and block; the shim writes both outputs
        // when it returns true.
        let found = unsafe {
            gpucc_loop_unroll_facts(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                b.as_mut_ptr(),
                UnrollFacts::INVALID_COST,
                &mut trip_count_known,
                &mut cost,
            )
        };
        found.then_some(UnrollFacts {
            trip_count_known,
            cost,
        })
    }

    /// Is `v` invariant in the innermost loop around `b` (true outside loops)?
    pub fn invariant_in(&self, v: impl AsValueRef, b: BasicBlock<'_>) -> bool {
        // SAFETY: live FAM, function, value and block.
        unsafe {
            gpucc_loop_invariant_in(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                v.as_value_ref(),
                b.as_mut_ptr(),
            )
        }
    }
}

/// What LLVM's runtime unroller sees of a loop ([`Loops::unroll_facts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrollFacts {
    /// Scalar evolution computes the exit count of the latch: the unroller
    /// can compute the trip count once, before the loop, and drop the exit
    /// tests of the copies. Without it every copy keeps its own.
    pub trip_count_known: bool,
    /// The loop's instructions' cost under the target's cost model
    /// (latency), an instruction without a valid cost counted as
    /// [`UnrollFacts::INVALID_COST`].
    pub cost: i64,
}

impl UnrollFacts {
    /// What an instruction without a valid cost counts for.
    pub const INVALID_COST: i64 = 1000;
}

/// A SCEV expression. SCEVs are uniqued, so equal keys are equal
/// expressions. The key is an address: never let the order of a hash map
/// keyed by it decide output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scev(pub(super) *const c_void);

/// What kind of expression a [`Scev`] is ([`Se::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScevKind<'a> {
    /// An integer constant.
    Constant(IntValue<'a>),
    /// An opaque value (an argument, a load, a phi scalar evolution cannot
    /// see through, ...): `SCEVUnknown`; the value when it is an integer.
    Unknown(Option<IntValue<'a>>),
    /// Scalar evolution could not compute it (`SCEVCouldNotCompute`).
    CouldNotCompute,
    /// Any other expression (a sum, a product, an extension, ...).
    Other,
}

/// Min/max kinds for [`Se::binary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScevOp {
    Add = 0,
    Mul = 1,
    SMax = 2,
    SMin = 3,
    UMax = 4,
    UMin = 5,
}

/// Scalar evolution of one function.
#[derive(Clone, Copy)]
pub struct Se<'a> {
    fam: Fam<'a>,
    f: FunctionValue<'a>,
    /// Set by [`Se::held`].
    held: Option<NonNull<c_void>>,
}

impl<'a> Se<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        Se { fam, f, held: None }
    }

    /// The scalar evolution fetched once, as [`DomTree::held`]: the caller
    /// must not change the CFG or invalidate `f`'s analyses while it uses
    /// the handle.
    pub fn held(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        let se = Se::new(fam, f);
        Se {
            held: NonNull::new(se.raw()),
            ..se
        }
    }

    /// The `ScalarEvolution`: the held one, or the analysis manager's now.
    fn raw(&self) -> *mut c_void {
        match self.held {
            Some(p) => p.as_ptr(),
            // SAFETY: live FAM and function; the shim computes the analysis
            // if it is not cached.
            None => unsafe { gpucc_se_of_fn(self.fam.raw.as_ptr(), self.f.as_value_ref()) },
        }
    }

    /// The SCEV of integer or pointer value `v`.
    pub fn of(&self, v: impl AsValueRef) -> Scev {
        // SAFETY: live FAM, function and value.
        Scev(unsafe { gpucc_scev_of(self.raw(), v.as_value_ref()) })
    }

    /// `a op b` (operands of one type).
    pub fn binary(&self, op: ScevOp, a: Scev, b: Scev) -> Scev {
        // SAFETY: both SCEVs come from this function's scalar evolution.
        Scev(unsafe { gpucc_scev_binary(self.raw(), op as u32, a.0, b.0) })
    }

    /// `s` sign- or zero-extended (or truncated) to the width of `ty` (`s`
    /// itself when it has that width).
    pub fn cast(&self, s: Scev, ty: impl AsTypeRef, signed: bool) -> Scev {
        // SAFETY: `s` is from this scalar evolution; `ty` is an integer type.
        Scev(unsafe { gpucc_scev_cast(self.raw(), s.0, ty.as_type_ref(), signed) })
    }

    /// `a - b` (two pointers must have the same base); could not compute
    /// when the types or the pointers' bases differ.
    pub fn minus(&self, a: Scev, b: Scev) -> Scev {
        // SAFETY: both SCEVs come from this function's scalar evolution; the
        // shim checks the types before subtracting.
        Scev(unsafe { gpucc_scev_minus(self.raw(), a.0, b.0) })
    }

    /// What kind of expression `s` is.
    pub fn kind(&self, s: Scev) -> ScevKind<'a> {
        let mut v: LLVMValueRef = std::ptr::null_mut();
        // SAFETY: `s` comes from this function's scalar evolution; the shim
        // writes `v` for the kinds that have a value.
        match unsafe { gpucc_scev_kind(s.0, &mut v) } {
            // SAFETY: the shim wrote a live ConstantInt of this function's
            // context.
            1 => ScevKind::Constant(unsafe { IntValue::new(v) }),
            // SAFETY: the shim wrote a live value; its type is checked
            // before it is wrapped as an integer.
            2 => ScevKind::Unknown(unsafe {
                (c::LLVMGetTypeKind(c::LLVMTypeOf(v)) == LLVMTypeKind::LLVMIntegerTypeKind)
                    .then(|| IntValue::new(v))
            }),
            3 => ScevKind::CouldNotCompute,
            _ => ScevKind::Other,
        }
    }

    /// The constant `c` of integer type `ty`.
    pub fn constant(&self, ty: impl AsTypeRef, c: i64) -> Scev {
        // SAFETY: `ty` is an integer type of this context.
        Scev(unsafe { gpucc_scev_constant(self.raw(), ty.as_type_ref(), c) })
    }

    /// Forget what is known about `v` (call before erasing it).
    pub fn forget(&self, v: impl AsValueRef) {
        // SAFETY: live FAM, function and value.
        unsafe { gpucc_scev_forget(self.raw(), v.as_value_ref()) }
    }

    /// `s` as LLVM prints it.
    pub fn display(&self, s: Scev) -> String {
        let mut buf = vec![0u8; 256];
        // SAFETY: `buf` has room for `buf.len()` bytes.
        let n = unsafe { gpucc_scev_print(s.0, buf.as_mut_ptr(), buf.len()) };
        if n >= buf.len() {
            buf.resize(n + 1, 0);
            // SAFETY: as above.
            unsafe { gpucc_scev_print(s.0, buf.as_mut_ptr(), buf.len()) };
        }
        buf.truncate(n);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

/// Whether a value-tracking question also uses the function's assumption
/// cache (what `llvm.assume` calls say) besides its dominator tree. Upstream
/// passes differ here, and so can the answers: each caller asks as the
/// upstream pass it matches does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assumptions {
    /// With the assumption cache (as `NaryReassociate` asks).
    Used,
    /// Without it, the cache not even computed (as
    /// `SeparateConstOffsetFromGEP` asks).
    Ignored,
}

/// Value-tracking questions about one function, asked at a context
/// instruction of it. The questions every pass asks are here; those only one
/// pass asks are in its module (`nary`, `sepgep`), each asked exactly as that
/// pass's upstream asks it, with or without the assumption cache as its
/// documentation says.
#[derive(Clone, Copy)]
pub struct Facts<'a> {
    pub(super) fam: Fam<'a>,
    pub(super) f: FunctionValue<'a>,
}

impl<'a> Facts<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        Facts { fam, f }
    }

    /// Is integer value `v` known to be non-negative at `at`
    /// (ValueTracking's `isKnownNonNegative` with the dominator tree, and
    /// the assumption cache when `assumptions` says so)?
    pub fn known_non_negative(
        &self,
        v: impl AsValueRef,
        at: InstructionValue<'_>,
        assumptions: Assumptions,
    ) -> bool {
        // SAFETY: live FAM, function, integer value and an instruction of
        // the function.
        unsafe {
            gpucc_known_non_negative(
                self.fam.raw.as_ptr(),
                self.f.as_value_ref(),
                v.as_value_ref(),
                at.as_value_ref(),
                assumptions == Assumptions::Used,
            )
        }
    }
}

/// The poison-generating flags of an instruction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `nsw` of add/sub/mul/shl, and of trunc where the LLVM has it.
    pub nsw: bool,
    /// `nuw` of add/sub/mul/shl, and of trunc where the LLVM has it.
    pub nuw: bool,
    /// `exact` of udiv/sdiv/lshr/ashr.
    pub exact: bool,
    /// GEP `inbounds` (which implies `gep_nusw`).
    pub inbounds: bool,
    /// GEP `nusw` (LLVM 19 on; read as `inbounds` before).
    pub gep_nusw: bool,
    /// GEP `nuw` (LLVM 19 on).
    pub gep_nuw: bool,
    /// `or disjoint` (LLVM 18 on).
    pub disjoint: bool,
    /// `icmp samesign` (LLVM 20 on).
    pub samesign: bool,
    /// `zext nneg`, `uitofp nneg` (LLVM 18 on).
    pub nneg: bool,
}

/// The poison-generating flags of `v` (an instruction or constant
/// expression; false where they do not apply, or where this LLVM has no
/// such flag).
pub fn flags(v: impl AsValueRef) -> Flags {
    // SAFETY: the shim checks what kind of operator `v` is.
    let b = unsafe { gpucc_get_flags(v.as_value_ref()) };
    Flags {
        nsw: b & 1 != 0,
        nuw: b & 2 != 0,
        exact: b & 4 != 0,
        inbounds: b & 8 != 0,
        gep_nusw: b & 16 != 0,
        gep_nuw: b & 32 != 0,
        disjoint: b & 64 != 0,
        samesign: b & 128 != 0,
        nneg: b & 256 != 0,
    }
}

/// Sets those of `f` that apply to instruction `i` (and that this LLVM
/// has); every other flag of `i` is cleared.
pub fn set_flags(i: InstructionValue<'_>, f: Flags) {
    let b = u32::from(f.nsw)
        | u32::from(f.nuw) << 1
        | u32::from(f.exact) << 2
        | u32::from(f.inbounds) << 3
        | u32::from(f.gep_nusw) << 4
        | u32::from(f.gep_nuw) << 5
        | u32::from(f.disjoint) << 6
        | u32::from(f.samesign) << 7
        | u32::from(f.nneg) << 8;
    // SAFETY: `i` is a live instruction; the shim sets only applicable flags.
    unsafe { gpucc_set_flags(i.as_value_ref(), b) }
}

/// Moves `i` right before `before` (same function).
pub fn move_before(i: InstructionValue<'_>, before: InstructionValue<'_>) {
    // SAFETY: both are live instructions of one function.
    unsafe { gpucc_move_before(i.as_value_ref(), before.as_value_ref()) }
}

impl Tti<'_> {
    /// Can one memory access of `ty` in `space` fold
    /// `base_gv + base_offset + has_base * base + scale * index`?
    pub fn legal_addressing_mode(
        &self,
        ty: impl AsTypeRef,
        base_gv: Option<LLVMValueRef>,
        base_offset: i64,
        has_base: bool,
        scale: i64,
        space: u32,
    ) -> bool {
        // SAFETY: live TTI; `base_gv` is a global value when given.
        unsafe {
            gpucc_tti_legal_addressing_mode(
                self.raw.as_ptr(),
                ty.as_type_ref(),
                base_gv.unwrap_or(std::ptr::null_mut()),
                base_offset,
                has_base,
                scale,
                space,
            )
        }
    }
}
