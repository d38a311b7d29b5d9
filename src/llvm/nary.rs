//! What `gpucc-nary-reassociate` asks of LLVM beyond inkwell: scalar
//! evolution with raw keys (for the SCEV of a GEP with another index), the
//! ValueTracking queries upstream asks with the function's assumption cache
//! and dominator tree, poison facts, the data-layout arithmetic of a GEP,
//! the loop nest around a block, min/max intrinsics, and the deletion of dead
//! instructions that keeps scalar evolution informed. Over `cpp/nary.cpp`,
//! the scalar-evolution entry points of `cpp/analyses.cpp`, and LLVM-C.
//!
//! [`Sx`] is `analyses::Se` plus what only this pass asks: the SCEV of a GEP
//! with its indices replaced (`ScalarEvolution::getGEPExpr`), the poison
//! leaves of an expression, and the ValueTracking questions; unlike `Se`, it
//! fetches its analyses once per function, as the pass asks several
//! questions per instruction (see its doc). [`Expr`] is `analyses::Scev`: SCEVs are uniqued,
//! so equal keys are equal expressions; it is an address, so no output may
//! depend on the order of a hash map keyed by it.

use super::analyses::Se;
use super::llvm_sys;
use super::{Fam, Tti};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::types::{AnyTypeEnum, AsTypeRef, BasicType, BasicTypeEnum, IntType};
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue, IntValue, PointerValue};
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMTypeRef, LLVMValueRef};
use llvm_sys::target as t;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::cell::RefCell;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::OnceLock;

#[allow(improper_ctypes)]
extern "C" {
    // cpp/nary.cpp
    fn gpucc_nary_analyses(fam: *mut c_void, f: LLVMValueRef, out: *mut *mut c_void);
    fn gpucc_nary_scev_of(se: *const c_void, v: LLVMValueRef) -> *const c_void;
    fn gpucc_nary_scev_binary(
        se: *const c_void,
        op: u32,
        a: *const c_void,
        b: *const c_void,
    ) -> *const c_void;
    fn gpucc_nary_scev_zext(se: *const c_void, s: *const c_void, ty: LLVMTypeRef) -> *const c_void;
    fn gpucc_nary_scev_is_zero(s: *const c_void) -> bool;
    fn gpucc_nary_scev_indices(
        se: *const c_void,
        gep: LLVMValueRef,
        out: *mut *const c_void,
        cap: usize,
    ) -> usize;
    fn gpucc_nary_scev_gep(
        se: *const c_void,
        gep: LLVMValueRef,
        idx: *const *const c_void,
        n: usize,
    ) -> *const c_void;
    fn gpucc_nary_binary_operands(
        v: LLVMValueRef,
        opcode: u32,
        a: *mut LLVMValueRef,
        b: *mut LLVMValueRef,
    ) -> bool;
    fn gpucc_nary_scev_poison_leaves(s: *const c_void, out: *mut LLVMValueRef, cap: usize)
        -> usize;
    fn gpucc_nary_add_never_overflows_signed(
        ac: *mut c_void,
        dt: *mut c_void,
        add: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> bool;
    fn gpucc_nary_known_non_negative(
        ac: *mut c_void,
        dt: *mut c_void,
        v: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> bool;
    fn gpucc_nary_not_poison(v: LLVMValueRef) -> bool;
    fn gpucc_nary_can_create_poison(i: LLVMValueRef) -> bool;
    fn gpucc_nary_undefined_if_poison(i: LLVMValueRef) -> bool;
    fn gpucc_nary_has_poison_annotations(i: LLVMValueRef) -> bool;
    fn gpucc_nary_drop_poison_annotations(i: LLVMValueRef);
    fn gpucc_nary_has_assumptions(ac: *mut c_void) -> bool;
    fn gpucc_nary_max_analysis_depth() -> u32;
    fn gpucc_nary_int_questions_read_users() -> bool;
    fn gpucc_nary_int_reads_non_int(f: LLVMValueRef) -> bool;
    fn gpucc_nary_int_users_within(
        v: LLVMValueRef,
        depth: u32,
        out: *mut LLVMValueRef,
        cap: usize,
    ) -> usize;
    fn gpucc_nary_strip_pointer_casts(v: LLVMValueRef) -> LLVMValueRef;
    fn gpucc_nary_value_id(v: LLVMValueRef) -> u32;
    fn gpucc_nary_index_width(f: LLVMValueRef, space: u32) -> u32;
    fn gpucc_nary_loop_nest(
        fam: *mut c_void,
        f: LLVMValueRef,
        bb: LLVMBasicBlockRef,
        headers: *mut LLVMBasicBlockRef,
        preheaders: *mut LLVMBasicBlockRef,
        cap: usize,
    ) -> usize;
    fn gpucc_nary_delete_dead(
        fam: *mut c_void,
        f: LLVMValueRef,
        insts: *const LLVMValueRef,
        n: usize,
    );
}

// ---------------------------------------------------------------------------
// Scalar evolution.

pub use super::analyses::{Scev as Expr, ScevOp as ExprOp};

/// Scalar evolution of one function, with the GEP and poison queries of
/// this pass, and the value-tracking questions it asks per instruction.
///
/// The results (scalar evolution, assumption cache, dominator tree) are
/// fetched from the analysis manager once, in [`Sx::new`]: the passes ask
/// several questions per instruction, and a lookup in the analysis manager
/// costs more than most of them. They stay valid while the pass runs, as
/// long as it does not invalidate the function's analyses (`Fam::invalidate`)
/// or change its CFG; the passes that hold an `Sx` (nary-reassociate, SLSR)
/// do neither while it is alive.
#[derive(Clone, Copy)]
pub struct Sx<'a> {
    se: NonNull<c_void>,
    ac: NonNull<c_void>,
    dt: NonNull<c_void>,
    /// For printing only (asks nothing of the analysis manager).
    printer: Se<'a>,
}

impl<'a> Sx<'a> {
    pub fn new(fam: Fam<'a>, f: FunctionValue<'a>) -> Self {
        let mut out: [*mut c_void; 3] = [std::ptr::null_mut(); 3];
        // SAFETY: live FAM and function; the shim writes three pointers.
        unsafe { gpucc_nary_analyses(fam.raw.as_ptr(), f.as_value_ref(), out.as_mut_ptr()) };
        let fetched = |p: *mut c_void| {
            NonNull::new(p).expect("gpucc: the analysis manager gives every analysis")
        };
        Sx {
            se: fetched(out[0]),
            ac: fetched(out[1]),
            dt: fetched(out[2]),
            printer: Se::new(fam, f),
        }
    }

    /// The SCEV of integer or pointer value `v` (a constant, argument or
    /// instruction of this function).
    pub fn of(&self, v: impl AsValueRef) -> Expr {
        // SAFETY: `se` is the function's live scalar evolution (see the
        // type's doc); `v` is a live value of the function.
        Expr(unsafe { gpucc_nary_scev_of(self.se.as_ptr(), v.as_value_ref()) })
    }

    /// `a op b`; both of one type (integers for every kind but `Add`).
    pub fn binary(&self, op: ExprOp, a: Expr, b: Expr) -> Expr {
        // SAFETY: both SCEVs come from this scalar evolution.
        Expr(unsafe { gpucc_nary_scev_binary(self.se.as_ptr(), op as u32, a.0, b.0) })
    }

    /// `s` zero-extended to `ty`, which must be strictly wider.
    pub fn zext(&self, s: Expr, from_bits: u32, ty: IntType<'_>) -> Expr {
        assert!(
            from_bits < ty.get_bit_width(),
            "gpucc: zero extension to a type that is not wider"
        );
        // SAFETY: `s` is an integer SCEV of this scalar evolution, of
        // `from_bits` bits, narrower than the integer type `ty` (asserted).
        Expr(unsafe { gpucc_nary_scev_zext(self.se.as_ptr(), s.0, ty.as_type_ref()) })
    }

    /// Is `s` the constant zero (of its integer type)?
    pub fn is_zero(&self, s: Expr) -> bool {
        // SAFETY: `s` is a live SCEV of this scalar evolution.
        unsafe { gpucc_nary_scev_is_zero(s.0) }
    }

    /// The SCEV of GEP `gep` with its indices replaced by `idx` (one per index).
    pub fn gep(&self, gep: InstructionValue<'_>, idx: &[Expr]) -> Expr {
        assert_eq!(
            gep.get_opcode(),
            inkwell::values::InstructionOpcode::GetElementPtr
        );
        assert_eq!(
            idx.len() + 1,
            gep.get_num_operands() as usize,
            "gpucc: one SCEV per GEP index"
        );
        // Room on the stack for the usual few indices.
        let mut small: [*const c_void; 8] = [std::ptr::null(); 8];
        let heap: Vec<*const c_void>;
        let raw: &[*const c_void] = if idx.len() <= small.len() {
            for (slot, e) in small.iter_mut().zip(idx) {
                *slot = e.0;
            }
            &small[..idx.len()]
        } else {
            heap = idx.iter().map(|e| e.0).collect();
            &heap
        };
        // SAFETY: `gep` is a GEP with exactly `raw.len()` indices (checked);
        // the SCEVs come from this function's scalar evolution. getGEPExpr
        // reads struct field numbers from constant index SCEVs, and the
        // callers replace only sequential indices.
        Expr(unsafe {
            gpucc_nary_scev_gep(
                self.se.as_ptr(),
                gep.as_value_ref(),
                raw.as_ptr(),
                raw.len(),
            )
        })
    }

    /// The SCEVs of the indices of GEP instruction `gep`, in order, into
    /// `out` (cleared first).
    pub fn gep_indices_into(&self, gep: InstructionValue<'_>, out: &mut Vec<Expr>) {
        assert_eq!(
            gep.get_opcode(),
            inkwell::values::InstructionOpcode::GetElementPtr
        );
        out.clear();
        let mut small: [*const c_void; 8] = [std::ptr::null(); 8];
        // SAFETY: `gep` is a GEP instruction (asserted); `small` has room for
        // `small.len()` SCEVs.
        let n = unsafe {
            gpucc_nary_scev_indices(
                self.se.as_ptr(),
                gep.as_value_ref(),
                small.as_mut_ptr(),
                small.len(),
            )
        };
        if n <= small.len() {
            out.extend(small[..n].iter().map(|&p| Expr(p)));
            return;
        }
        let mut all: Vec<*const c_void> = vec![std::ptr::null(); n];
        // SAFETY: as above, with room for all `n` (the first call computed
        // the first few in the same order; asking again reads the cache).
        unsafe {
            gpucc_nary_scev_indices(self.se.as_ptr(), gep.as_value_ref(), all.as_mut_ptr(), n)
        };
        out.extend(all.into_iter().map(Expr));
    }

    /// The values whose poison makes `s` poison (its SCEVUnknown leaves,
    /// not looking below a sequential umin), as raw identities for a
    /// membership test.
    pub fn poison_leaves(&self, s: Expr) -> Vec<LLVMValueRef> {
        let mut out = Vec::new();
        self.poison_leaves_into(s, &mut out);
        out
    }

    /// [`Sx::poison_leaves`] into `out` (cleared first), reusing its room.
    pub fn poison_leaves_into(&self, s: Expr, out: &mut Vec<LLVMValueRef>) {
        out.clear();
        out.resize(out.capacity().max(8), std::ptr::null_mut());
        // SAFETY: `out` has room for `out.len()`; if there are more, the
        // second call gets room for all of them.
        let n = unsafe { gpucc_nary_scev_poison_leaves(s.0, out.as_mut_ptr(), out.len()) };
        if n > out.len() {
            out.resize(n, std::ptr::null_mut());
            // SAFETY: as above, with room for `n`.
            unsafe { gpucc_nary_scev_poison_leaves(s.0, out.as_mut_ptr(), n) };
        }
        out.truncate(n);
    }

    /// Does `add` (an add instruction or constant expression) never overflow
    /// as a signed addition, seen from `at`, with the function's assumption
    /// cache and dominator tree (as upstream asks it)? False for other
    /// values.
    pub fn add_never_overflows_signed(&self, add: IntValue<'_>, at: InstructionValue<'_>) -> bool {
        // SAFETY: the function's live assumption cache and tree (see the
        // type's doc); `at` is an instruction of it; the shim checks that
        // `add` is an add operator.
        unsafe {
            gpucc_nary_add_never_overflows_signed(
                self.ac.as_ptr(),
                self.dt.as_ptr(),
                add.as_value_ref(),
                at.as_value_ref(),
            )
        }
    }

    /// Is integer value `v` known to be non-negative at `at`? ValueTracking's
    /// `isKnownNonNegative` with the assumption cache and the dominator tree,
    /// as NaryReassociate asks it (`Facts::known_non_negative` with
    /// `Assumptions::Used`).
    pub fn known_non_negative(&self, v: impl AsValueRef, at: InstructionValue<'_>) -> bool {
        // SAFETY: the function's live assumption cache and tree, an integer
        // value and an instruction of the function.
        unsafe {
            gpucc_nary_known_non_negative(
                self.ac.as_ptr(),
                self.dt.as_ptr(),
                v.as_value_ref(),
                at.as_value_ref(),
            )
        }
    }

    /// Does the function hold any assumption (`llvm.assume`)? Value
    /// tracking's answers at an instruction may then depend on where the
    /// instruction is (`isValidAssumeForContext`), not only on the operands.
    pub fn has_assumptions(&self) -> bool {
        // SAFETY: the function's live assumption cache (see the type's doc).
        unsafe { gpucc_nary_has_assumptions(self.ac.as_ptr()) }
    }

    /// `s` as LLVM prints it (debug output).
    pub fn display(&self, s: Expr) -> String {
        self.printer.display(s)
    }
}

// ---------------------------------------------------------------------------
// ValueTracking and poison.

/// Is `v` guaranteed not to be poison?
pub fn not_poison(v: impl AsValueRef) -> bool {
    // SAFETY: `v` is a live value.
    unsafe { gpucc_nary_not_poison(v.as_value_ref()) }
}

/// Can instruction `i` make poison from operands that are not poison, its
/// flags and metadata aside?
pub fn can_create_poison(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction.
    unsafe { gpucc_nary_can_create_poison(i.as_value_ref()) }
}

/// Is the program undefined whenever `i` is poison?
pub fn undefined_if_poison(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction inside a block.
    unsafe { gpucc_nary_undefined_if_poison(i.as_value_ref()) }
}

/// Does `i` carry poison-generating flags (nsw, nuw, exact, inbounds, ...)
/// or metadata (`!range`, `!nonnull`, `!align`)?
pub fn has_poison_annotations(i: InstructionValue<'_>) -> bool {
    // SAFETY: `i` is a live instruction.
    unsafe { gpucc_nary_has_poison_annotations(i.as_value_ref()) }
}

/// Drops `i`'s poison-generating flags and metadata.
pub fn drop_poison_annotations(i: InstructionValue<'_>) {
    // SAFETY: `i` is a live instruction.
    unsafe { gpucc_nary_drop_poison_annotations(i.as_value_ref()) }
}

/// ValueTracking's depth limit (`MaxAnalysisRecursionDepth`): a question
/// about a value looks at most this many levels of operands below it.
pub fn max_analysis_depth() -> u32 {
    // SAFETY: reads a constant.
    unsafe { gpucc_nary_max_analysis_depth() }
}

/// Does value tracking's question whether an integer is non-zero look at the
/// integer's users (a division by it, a branch on a compare of it)? Not in
/// LLVM 16 (pointers only); in later LLVMs.
pub fn int_questions_read_users() -> bool {
    // SAFETY: reads a constant.
    unsafe { gpucc_nary_int_questions_read_users() }
}

/// Does some instruction of `f` with an integer result have an operand that
/// is no integer (`ptrtoint`, a compare of pointers, a call with a pointer
/// argument, ...; the pointer of a load or atomic and a callee aside)? If
/// not, value tracking's questions about an integer look only at integers
/// (and never at a pointer's users).
pub fn int_reads_non_int(f: FunctionValue<'_>) -> bool {
    // SAFETY: `f` is a live function.
    unsafe { gpucc_nary_int_reads_non_int(f.as_value_ref()) }
}

/// The instructions of integer type that use `v` within `depth` levels (its
/// users, theirs, ... through integers only, loads and atomics aside), each
/// once, `v` not included (none if `v` is no integer),
/// into `out` (cleared first), as raw identities; `false` (with `out` cut
/// short) if there are more than `cap`.
pub fn int_users_within(
    v: impl AsValueRef,
    depth: u32,
    cap: usize,
    out: &mut Vec<LLVMValueRef>,
) -> bool {
    out.clear();
    out.reserve(cap);
    // SAFETY: `v` is a live value; `out` has room for `cap` (reserved), and
    // the shim writes the first `min(n, cap)` of them, which become its
    // length.
    unsafe {
        let n = gpucc_nary_int_users_within(v.as_value_ref(), depth, out.as_mut_ptr(), cap);
        out.set_len(n.min(cap));
        n <= cap
    }
}

// ---------------------------------------------------------------------------
// Any value, for scalar evolution's operand order.

/// Any live value (instruction, argument, constant, block, metadata): what
/// scalar evolution's value-complexity order compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnyVal<'ctx> {
    raw: LLVMValueRef,
    _ir: PhantomData<&'ctx ()>,
}

impl<'ctx> AnyVal<'ctx> {
    /// The value `v`.
    pub fn of(v: impl AsValueRef) -> Self {
        AnyVal {
            raw: v.as_value_ref(),
            _ir: PhantomData,
        }
    }

    /// Its raw identity (a map key, never dereferenced by the passes).
    pub fn id(self) -> LLVMValueRef {
        self.raw
    }

    /// LLVM's value kind number (`Value::getValueID()`).
    pub fn kind(self) -> u32 {
        // SAFETY: `raw` is a live value.
        unsafe { gpucc_nary_value_id(self.raw) }
    }

    /// Is it an integer constant (`ConstantInt`)?
    pub fn is_constant_int(self) -> bool {
        // SAFETY: checked cast of a live value.
        unsafe { !c::LLVMIsAConstantInt(self.raw).is_null() }
    }

    /// Is it a constant (of any kind: integers, globals, expressions...)?
    pub fn is_constant(self) -> bool {
        // SAFETY: `raw` is a live value.
        unsafe { c::LLVMIsConstant(self.raw) != 0 }
    }

    /// Is it of pointer type?
    pub fn is_pointer(self) -> bool {
        // SAFETY: every value has a type.
        unsafe { c::LLVMGetTypeKind(c::LLVMTypeOf(self.raw)) == LLVMTypeKind::LLVMPointerTypeKind }
    }

    /// Its position among its function's arguments, if it is an argument.
    pub fn argument_number(self) -> Option<u32> {
        // SAFETY: checked cast; the parent function's parameters are walked.
        unsafe {
            if c::LLVMIsAArgument(self.raw).is_null() {
                return None;
            }
            let f = c::LLVMGetParamParent(self.raw);
            (0..c::LLVMCountParams(f)).find(|&i| c::LLVMGetParam(f, i) == self.raw)
        }
    }

    /// Its name, if it is a global value whose name means something across
    /// modules (neither private nor internal linkage).
    pub fn semantic_global_name(self) -> Option<String> {
        use llvm_sys::LLVMLinkage as L;
        // SAFETY: checked cast before asking for the linkage.
        unsafe {
            if c::LLVMIsAGlobalValue(self.raw).is_null() {
                return None;
            }
            if matches!(
                c::LLVMGetLinkage(self.raw),
                L::LLVMPrivateLinkage | L::LLVMInternalLinkage
            ) {
                return None;
            }
        }
        Some(super::value_name(self))
    }

    /// The instruction it is, if it is one.
    pub fn as_instruction(self) -> Option<InstructionValue<'ctx>> {
        // SAFETY: checked cast.
        unsafe {
            (!c::LLVMIsAInstruction(self.raw).is_null()).then(|| InstructionValue::new(self.raw))
        }
    }

    /// Number of operands (0 for values that are not users).
    pub fn operand_count(self) -> u32 {
        super::operand_count(&self)
    }

    /// Operand `i`, whatever it is (blocks and metadata included).
    pub fn operand(self, i: u32) -> Option<AnyVal<'ctx>> {
        if i >= self.operand_count() {
            return None;
        }
        // SAFETY: `i` is in range (checked).
        let o = unsafe { c::LLVMGetOperand(self.raw, i) };
        (!o.is_null()).then_some(AnyVal {
            raw: o,
            _ir: PhantomData,
        })
    }
}

// SAFETY (of the trait's contract): `raw` is a live value of the IR `'ctx`.
unsafe impl AsValueRef for AnyVal<'_> {
    fn as_value_ref(&self) -> LLVMValueRef {
        self.raw
    }
}

// ---------------------------------------------------------------------------
// Operators, uses, intrinsics.

/// The opcode of instruction `i`, as LLVM-C numbers it (cheaper than
/// inkwell's `get_opcode`, which maps it onto its own enum).
pub fn opcode(i: InstructionValue<'_>) -> LLVMOpcode {
    // SAFETY: `i` is a live instruction.
    unsafe { c::LLVMGetInstructionOpcode(i.as_value_ref()) }
}

/// What kind of scalar a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// An integer.
    Int,
    /// A pointer.
    Pointer,
}

/// Whether `v` is an integer or a pointer (not a vector of them); `None`
/// for every other type.
pub fn scalar_kind(v: impl AsValueRef) -> Option<Scalar> {
    // SAFETY: every live value has a type.
    match unsafe { c::LLVMGetTypeKind(c::LLVMTypeOf(v.as_value_ref())) } {
        LLVMTypeKind::LLVMIntegerTypeKind => Some(Scalar::Int),
        LLVMTypeKind::LLVMPointerTypeKind => Some(Scalar::Pointer),
        _ => None,
    }
}

/// The operands of `v` if it is the binary operator `op` (an instruction or
/// a constant expression, as LLVM's `m_Add`/`m_Mul` match).
pub fn binary_operands<'ctx>(
    v: impl AsValueRef,
    op: LLVMOpcode,
) -> Option<(IntValue<'ctx>, IntValue<'ctx>)> {
    let mut a: LLVMValueRef = std::ptr::null_mut();
    let mut b: LLVMValueRef = std::ptr::null_mut();
    // SAFETY: `v` is live; the shim checks what it is and writes both
    // operands only when it returns true: then they are the operands of an
    // integer binary operator, of its (integer) type.
    unsafe {
        if !gpucc_nary_binary_operands(v.as_value_ref(), op as u32, &mut a, &mut b) {
            return None;
        }
        Some((IntValue::new(a), IntValue::new(b)))
    }
}

/// Operand `k` of instruction `i` if it is an integer (not a vector).
pub fn int_operand<'ctx>(i: InstructionValue<'ctx>, k: u32) -> Option<IntValue<'ctx>> {
    // SAFETY: `k` is checked against the operand count; the operand's type
    // kind is checked before wrapping.
    unsafe {
        let raw = i.as_value_ref();
        if k >= u32::try_from(c::LLVMGetNumOperands(raw)).ok()? {
            return None;
        }
        let o = c::LLVMGetOperand(raw, k);
        if o.is_null() || c::LLVMGetTypeKind(c::LLVMTypeOf(o)) != LLVMTypeKind::LLVMIntegerTypeKind
        {
            return None;
        }
        Some(IntValue::new(o))
    }
}

/// How many uses `v` has, counting no further than `limit`.
pub fn use_count_up_to(v: impl AsValueRef, limit: usize) -> usize {
    let mut n = 0;
    // SAFETY: walks the live use list of `v`.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v.as_value_ref());
        while !u.is_null() && n < limit {
            n += 1;
            u = c::LLVMGetNextUse(u);
        }
    }
    n
}

/// The users of `v`, once per use, in use-list order.
pub fn users<'ctx>(v: impl AsValueRef) -> Vec<AnyVal<'ctx>> {
    let mut out = Vec::new();
    // SAFETY: walks the live use list of `v`; users are live values.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v.as_value_ref());
        while !u.is_null() {
            out.push(AnyVal {
                raw: c::LLVMGetUser(u),
                _ir: PhantomData,
            });
            u = c::LLVMGetNextUse(u);
        }
    }
    out
}

/// The one user of all of `v`'s uses (LLVM's `hasOneUser`), if there is one.
pub fn sole_user<'ctx>(v: impl AsValueRef) -> Option<AnyVal<'ctx>> {
    let all = users(v);
    let first = *all.first()?;
    all.iter().all(|u| *u == first).then_some(first)
}

/// The intrinsic a call instruction calls directly, by name without the
/// type suffix (`llvm.smax`), if any.
pub fn called_intrinsic(call: InstructionValue<'_>) -> Option<&'static str> {
    const NAMES: [&str; 4] = ["llvm.smax", "llvm.smin", "llvm.umax", "llvm.umin"];
    // Their ids, looked up by name once: they are fixed in a given LLVM.
    static IDS: OnceLock<[u32; 4]> = OnceLock::new();
    // SAFETY: checked casts; intrinsic ids are looked up by name.
    unsafe {
        let raw = call.as_value_ref();
        if c::LLVMIsACallInst(raw).is_null() {
            return None;
        }
        let callee = c::LLVMGetCalledValue(raw);
        if callee.is_null() || c::LLVMIsAFunction(callee).is_null() {
            return None;
        }
        let id = c::LLVMGetIntrinsicID(callee);
        if id == 0 {
            return None;
        }
        let ids =
            IDS.get_or_init(|| NAMES.map(|n| c::LLVMLookupIntrinsicID(n.as_ptr().cast(), n.len())));
        NAMES
            .into_iter()
            .zip(ids)
            .find(|(_, &k)| k == id)
            .map(|(n, _)| n)
    }
}

/// Builds a call of intrinsic `name` (`llvm.smax`, ... ) on `a` and `b` at
/// the builder's position, named `name_of_result`.
pub fn build_min_max<'ctx>(
    b: &Builder<'ctx>,
    f: FunctionValue<'ctx>,
    intrinsic: &str,
    x: IntValue<'ctx>,
    y: IntValue<'ctx>,
    name_of_result: &str,
) -> Result<IntValue<'ctx>, BuilderError> {
    assert!(x.get_type() == y.get_type(), "gpucc: min/max of two types");
    // SAFETY: the intrinsic is looked up by name and declared in `f`'s
    // module, overloaded on the (checked, shared) integer type of `x` and `y`.
    let decl = unsafe {
        let id = c::LLVMLookupIntrinsicID(intrinsic.as_ptr().cast(), intrinsic.len());
        assert!(id != 0, "gpucc: unknown intrinsic {intrinsic}");
        let m = c::LLVMGetGlobalParent(f.as_value_ref());
        let mut ty = [x.get_type().as_type_ref()];
        FunctionValue::new(c::LLVMGetIntrinsicDeclaration(m, id, ty.as_mut_ptr(), 1))
            .expect("gpucc: intrinsic declaration is a function")
    };
    let call = b.build_call(decl, &[x.into(), y.into()], name_of_result)?;
    // SAFETY: the call returns the integer type of its operands.
    Ok(unsafe { IntValue::new(call.as_value_ref()) })
}

/// `gep <elem>, ptr base, index` at the builder's position (not folded:
/// `base` is an instruction).
pub fn build_gep1<'ctx>(
    b: &Builder<'ctx>,
    elem: BasicTypeEnum<'ctx>,
    base: PointerValue<'ctx>,
    index: IntValue<'ctx>,
) -> Result<PointerValue<'ctx>, BuilderError> {
    assert!(elem.is_sized(), "gpucc: GEP over an unsized element type");
    // SAFETY: one integer index over a sized element type from a pointer is
    // always a valid GEP.
    unsafe { b.build_gep(elem, base, &[index], "") }
}

// ---------------------------------------------------------------------------
// GEPs and the data layout.

/// How one GEP index steps: into a struct field, or over elements.
#[derive(Clone, Copy, Debug)]
pub enum GepStep<'ctx> {
    /// A struct field at byte `offset`.
    Field { offset: u64 },
    /// A sequential step over elements of `indexed` (`size` bytes each,
    /// `None` for scalable vectors).
    Seq {
        indexed: BasicTypeEnum<'ctx>,
        size: Option<u64>,
    },
}

/// The steps of a scalar GEP instruction, one per index, and the type it
/// points to in the end; `None` for vector GEPs and shapes LLVM would not
/// accept.
pub fn gep_steps<'ctx>(
    f: FunctionValue<'ctx>,
    gep: InstructionValue<'ctx>,
) -> Option<(Vec<GepStep<'ctx>>, BasicTypeEnum<'ctx>)> {
    let mut steps = Vec::new();
    let target = GepLayout::new(f).steps_into(gep, &mut steps)?;
    Some((steps, target))
}

/// The data layout of a function's module, for the questions asked of each
/// GEP, with the sizes of the types met so far: LLVM's own answer looks up
/// the type's alignment each time, and a function uses few types.
pub struct GepLayout<'ctx> {
    dl: t::LLVMTargetDataRef,
    sizes: RefCell<Vec<(LLVMTypeRef, u64)>>,
    _f: PhantomData<&'ctx ()>,
}

impl<'ctx> GepLayout<'ctx> {
    /// Types whose sizes are kept (more are asked of LLVM each time).
    const KEPT: usize = 16;

    pub fn new(f: FunctionValue<'ctx>) -> Self {
        // SAFETY: `f` is a live function of a module, which has a data
        // layout for as long as it lives.
        let dl = unsafe { t::LLVMGetModuleDataLayout(c::LLVMGetGlobalParent(f.as_value_ref())) };
        GepLayout {
            dl,
            sizes: RefCell::new(Vec::new()),
            _f: PhantomData,
        }
    }

    /// `DataLayout::getTypeAllocSize(ty)`; `ty` is sized.
    fn size(&self, ty: LLVMTypeRef) -> u64 {
        if let Some(&(_, n)) = self.sizes.borrow().iter().find(|(t, _)| *t == ty) {
            return n;
        }
        // SAFETY: `dl` is the live layout of the module, `ty` a sized type of
        // its context (checked by every caller).
        let n = unsafe { t::LLVMABISizeOfType(self.dl, ty) };
        let mut sizes = self.sizes.borrow_mut();
        if sizes.len() < Self::KEPT {
            sizes.push((ty, n));
        }
        n
    }

    /// Byte size of `ty` in memory (`DataLayout::getTypeAllocSize`), as
    /// [`alloc_size`].
    pub fn alloc_size(&self, ty: BasicTypeEnum<'_>) -> u64 {
        // `ty` is sized: BasicTypeEnum from `gep_steps`.
        self.size(ty.as_type_ref())
    }

    /// [`gep_steps`] into `steps` (cleared first): the type the GEP points
    /// to in the end, or `None`.
    pub fn steps_into(
        &self,
        gep: InstructionValue<'ctx>,
        steps: &mut Vec<GepStep<'ctx>>,
    ) -> Option<BasicTypeEnum<'ctx>> {
        steps.clear();
        // SAFETY: `gep` is checked to be a GEP; types are walked with LLVM-C
        // (checked kinds), the data layout is `f`'s module's.
        unsafe {
            let raw = gep.as_value_ref();
            if c::LLVMIsAGetElementPtrInst(raw).is_null()
                || c::LLVMGetTypeKind(c::LLVMTypeOf(raw)) != LLVMTypeKind::LLVMPointerTypeKind
            {
                return None;
            }
            let n = u32::try_from(c::LLVMGetNumOperands(raw)).ok()?;
            let mut cur = c::LLVMGetGEPSourceElementType(raw);
            for k in 1..n {
                if k == 1 {
                    steps.push(self.seq_step(cur)?);
                    continue;
                }
                match c::LLVMGetTypeKind(cur) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let idx = c::LLVMGetOperand(raw, k);
                        if c::LLVMIsAConstantInt(idx).is_null() {
                            return None;
                        }
                        let field = u32::try_from(c::LLVMConstIntGetZExtValue(idx)).ok()?;
                        if field >= c::LLVMCountStructElementTypes(cur) {
                            return None;
                        }
                        steps.push(GepStep::Field {
                            offset: t::LLVMOffsetOfElement(self.dl, cur, field),
                        });
                        cur = c::LLVMStructGetTypeAtIndex(cur, field);
                    }
                    LLVMTypeKind::LLVMArrayTypeKind
                    | LLVMTypeKind::LLVMVectorTypeKind
                    | LLVMTypeKind::LLVMScalableVectorTypeKind => {
                        cur = c::LLVMGetElementType(cur);
                        steps.push(self.seq_step(cur)?);
                    }
                    _ => return None,
                }
            }
            basic_type(cur)
        }
    }

    /// A sequential step over `ty`.
    ///
    /// # Safety
    /// `ty` is live.
    unsafe fn seq_step(&self, ty: LLVMTypeRef) -> Option<GepStep<'ctx>> {
        let indexed = basic_type(ty)?;
        let scalable = c::LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMScalableVectorTypeKind;
        Some(GepStep::Seq {
            indexed,
            size: (!scalable).then(|| self.size(ty)),
        })
    }
}

/// `ty` as a first-class sized type, if it is one.
///
/// # Safety
/// `ty` is live.
unsafe fn basic_type<'ctx>(ty: LLVMTypeRef) -> Option<BasicTypeEnum<'ctx>> {
    if c::LLVMTypeIsSized(ty) == 0 {
        return None;
    }
    match AnyTypeEnum::new(ty) {
        AnyTypeEnum::ArrayType(t) => Some(t.into()),
        AnyTypeEnum::FloatType(t) => Some(t.into()),
        AnyTypeEnum::IntType(t) => Some(t.into()),
        AnyTypeEnum::PointerType(t) => Some(t.into()),
        AnyTypeEnum::StructType(t) => Some(t.into()),
        AnyTypeEnum::VectorType(t) => Some(t.into()),
        _ => None,
    }
}

/// Byte size of `ty` in memory (`DataLayout::getTypeAllocSize`).
pub fn alloc_size(f: FunctionValue<'_>, ty: BasicTypeEnum<'_>) -> u64 {
    // SAFETY: `f` lives in a module with a data layout; `ty` is sized
    // (BasicTypeEnum from `gep_steps`).
    unsafe {
        let dl = t::LLVMGetModuleDataLayout(c::LLVMGetGlobalParent(f.as_value_ref()));
        t::LLVMABISizeOfType(dl, ty.as_type_ref())
    }
}

/// The GEP index type of pointers in address space `space` (its width is
/// the data layout's index size, which may be less than the pointer's).
pub fn index_type<'ctx>(f: FunctionValue<'ctx>, space: u32) -> IntType<'ctx> {
    // SAFETY: `f` lives in a module with a data layout.
    let bits = unsafe { gpucc_nary_index_width(f.as_value_ref(), space) };
    let bits = std::num::NonZeroU32::new(bits).expect("gpucc: index widths are non-zero");
    f.get_type()
        .get_context()
        .custom_width_int_type(bits)
        .expect("gpucc: index widths are valid integer widths")
}

/// `v` without pointer casts and all-zero GEPs.
pub fn strip_pointer_casts<'ctx>(v: PointerValue<'ctx>) -> AnyVal<'ctx> {
    // SAFETY: stripping a pointer gives a live value.
    AnyVal {
        raw: unsafe { gpucc_nary_strip_pointer_casts(v.as_value_ref()) },
        _ir: PhantomData,
    }
}

impl Tti<'_> {
    /// Would `gep` fold into the addressing mode of a memory access, so that
    /// it costs nothing (`TargetTransformInfo::getGEPCost(...) == TCC_Free`
    /// of LLVM 16's generic implementation, which NVPTX and AMDGPU use)?
    pub fn gep_is_free(&self, gep: InstructionValue<'_>) -> bool {
        match gep_steps(self.f, gep) {
            Some((steps, target)) => self.gep_is_free_with(gep, &steps, target),
            None => false,
        }
    }

    /// [`Tti::gep_is_free`] given what [`gep_steps`] says of `gep`.
    pub fn gep_is_free_with(
        &self,
        gep: InstructionValue<'_>,
        steps: &[GepStep<'_>],
        target: BasicTypeEnum<'_>,
    ) -> bool {
        let Some(base) = super::pointer_operand(&gep, 0) else {
            return false;
        };
        let stripped = strip_pointer_casts(base);
        // SAFETY: checked cast.
        let base_gv =
            unsafe { (!c::LLVMIsAGlobalValue(stripped.raw).is_null()).then_some(stripped.raw) };
        let space = super::space_of(base);
        let bits = self.pointer_size_bits(space);
        if steps.is_empty() {
            return base_gv.is_none();
        }
        // Byte offset of the constant indices, modulo 2^128 (wrapping to the
        // pointer width at the end gives APInt's arithmetic at that width).
        let mut offset: i128 = 0;
        let mut scale: i64 = 0;
        for (k, step) in steps.iter().enumerate() {
            let idx = super::operand(&gep, k as u32 + 1).map(|v| v.into_int_value());
            match *step {
                GepStep::Field { offset: o } => offset = offset.wrapping_add(i128::from(o)),
                GepStep::Seq { size: None, .. } => return false, // scalable: not free
                GepStep::Seq {
                    size: Some(size), ..
                } => match idx.filter(|i| i.is_constant_int()) {
                    Some(i) => {
                        // Wider than 64 bits: call it not free rather than
                        // read a truncated value.
                        let Some(v) = i.get_sign_extended_constant() else {
                            return false;
                        };
                        offset = offset.wrapping_add(i128::from(v).wrapping_mul(i128::from(size)));
                    }
                    None if scale != 0 => return false, // two scaled registers
                    None => match i64::try_from(size) {
                        Ok(s) => scale = s,
                        Err(_) => return false,
                    },
                },
            }
        }
        let offset = wrap_to_bits(offset, bits);
        self.legal_addressing_mode(target, base_gv, offset, base_gv.is_none(), scale, space)
    }
}

/// `v` wrapped to a signed `bits`-bit integer (as APInt arithmetic at the
/// pointer width), then to i64 (`sextOrTrunc(64)`).
fn wrap_to_bits(v: i128, bits: u32) -> i64 {
    let bits = bits.clamp(1, 64);
    let shift = 128 - bits;
    let wrapped = (v << shift) >> shift;
    wrapped as i64 // in range: `bits` <= 64
}

// ---------------------------------------------------------------------------
// Loops and deletion.

/// The loops around block `bb`, innermost first: (header, preheader).
pub fn loop_nest<'ctx>(
    fam: Fam<'_>,
    f: FunctionValue<'ctx>,
    bb: BasicBlock<'ctx>,
) -> Vec<(BasicBlock<'ctx>, Option<BasicBlock<'ctx>>)> {
    // Fills both buffers (as far as the shorter has room) and returns the
    // depth of the nest.
    let fill = |headers: &mut [LLVMBasicBlockRef], pre: &mut [LLVMBasicBlockRef]| {
        // SAFETY: live FAM, function and block; both buffers have room for
        // the count passed, all the shim writes.
        unsafe {
            gpucc_nary_loop_nest(
                fam.raw.as_ptr(),
                f.as_value_ref(),
                bb.as_mut_ptr(),
                headers.as_mut_ptr(),
                pre.as_mut_ptr(),
                headers.len().min(pre.len()),
            )
        }
    };
    let mut headers: Vec<LLVMBasicBlockRef> = vec![std::ptr::null_mut(); 8];
    let mut pre: Vec<LLVMBasicBlockRef> = vec![std::ptr::null_mut(); 8];
    let n = fill(&mut headers, &mut pre);
    if n > headers.len() {
        // A deeper nest: a second call with room for all of it.
        headers.resize(n, std::ptr::null_mut());
        pre.resize(n, std::ptr::null_mut());
        fill(&mut headers, &mut pre);
    }
    headers.truncate(n);
    pre.truncate(n);
    // SAFETY: the shim wrote live blocks of `f` (null preheaders are None).
    headers
        .into_iter()
        .zip(pre)
        .filter_map(|(h, p)| unsafe { Some((BasicBlock::new(h)?, BasicBlock::new(p))) })
        .collect()
}

/// Deletes each of `insts` that is trivially dead, and what becomes dead
/// through it, telling scalar evolution before each deletion.
pub fn delete_dead_forgetting(fam: Fam<'_>, f: FunctionValue<'_>, insts: &[InstructionValue<'_>]) {
    let raw: Vec<LLVMValueRef> = insts.iter().map(|i| i.as_value_ref()).collect();
    // SAFETY: live instructions of `f`, tracked by weak handles in the shim.
    unsafe { gpucc_nary_delete_dead(fam.raw.as_ptr(), f.as_value_ref(), raw.as_ptr(), raw.len()) }
}

#[cfg(test)]
mod tests {
    use super::wrap_to_bits;

    #[test]
    fn wraps_offsets_like_apint() {
        assert_eq!(wrap_to_bits(5, 64), 5);
        assert_eq!(wrap_to_bits(-5, 64), -5);
        assert_eq!(wrap_to_bits(1 << 32, 32), 0);
        assert_eq!(wrap_to_bits((1 << 31) + 1, 32), -(1 << 31) + 1);
        assert_eq!(wrap_to_bits(i128::from(u64::MAX) + 1, 64), 0);
    }
}
