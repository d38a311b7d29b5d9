//! The Rust half of `gpucc-memspace-aa`: the functions the shim's AA result
//! calls (`extern "C"`, never unwinding), and the shim's memory-space walk
//! that [`memspace::classify`] reads a pointer's def chain with.
//! `cpp/plugin.cpp` registers the AA.
//!
//! LLVM's AA interface is a C++ class, so the class lives in `cpp/shim.cpp`;
//! every answer comes from `analysis::memspace`. Once per kind of function,
//! Rust makes the [`Shortcuts`] tables from its rules: the class each leaf
//! of a walk gives, and which classes do not alias. The C++ result walks the
//! def chain of each pointer of a query (the walk of [`space_leaves`], as the
//! packed [`FunctionInfo`] asks), folds the leaves into a class as it goes,
//! as [`Shortcuts::fold`] does, stops once the answer is settled, and looks
//! the answer up. A query the tables do not cover (a space from 16 on, a
//! function without rules) crosses into Rust once with both walks' leaves.
//! The read-only rule crosses back once more for the underlying object, when
//! the tables do not settle it ([`space_base`]).

use super::llvm_sys;
use super::TtiRef;
use crate::analysis::memspace::{self, FunctionInfo, Rules, Shortcuts};
use crate::guarded;
use inkwell::values::{AsValueRef, FunctionValue, PointerValue};
use llvm_sys::prelude::LLVMValueRef;
use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::sync::Mutex;

extern "C" {
    fn gpucc_memspace_walk(
        tti: *const c_void,
        flat: u32,
        ask_byval: bool,
        p: LLVMValueRef,
        out: *mut RawLeaf,
        cap: u32,
    ) -> u32;
    fn gpucc_memspace_base(p: LLVMValueRef, out: *mut RawBase);
}

/// The pipeline name of the alias analysis (`-aa-pipeline=`).
pub const NAME: &str = "gpucc-memspace-aa";

/// What the AA keeps of `f`: its rules, whether it is a kernel, and its
/// generic space (the target's flat space per `tti`, else the rules' number).
pub fn function_info(f: FunctionValue<'_>, tti: TtiRef<'_>) -> FunctionInfo {
    let rules = Rules::from_triple(&super::function_triple(f));
    let cc = super::calling_conv(f);
    // CallingConv::PTX_Kernel 71; AMDGPU_KERNEL 91, SPIR_KERNEL 76.
    let kernel = match rules {
        Some(Rules::Nvptx) => cc == 71 || super::has_nvvm_kernel_annotation(f),
        Some(Rules::Amdgpu) => cc == 91 || cc == 76,
        None => false,
    };
    let flat = match rules {
        Some(r) => tti.flat_address_space().unwrap_or(r.generic()),
        None => 0,
    };
    FunctionInfo {
        rules,
        kernel,
        flat,
    }
}

/// `~0u` in the shim: "no address space", or (a leaf count) "not a
/// pointer".
const NO_SPACE: u32 = u32::MAX;

// The shim's `GpuccSpaceShortcuts` has this size (it checks its own).
const _: () = assert!(std::mem::size_of::<Shortcuts>() == 200);

/// The shortcut tables of each packed [`FunctionInfo`] met so far (a few:
/// one per target, kernel or not, flat space), made once each: making them
/// asks the rules about a hundred times, more than many functions' queries.
static SHORTCUTS: Mutex<Vec<(i64, Shortcuts)>> = Mutex::new(Vec::new());

fn shortcuts_of(info: i64) -> Shortcuts {
    let mut known = SHORTCUTS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, t)) = known.iter().find(|(i, _)| *i == info) {
        return t;
    }
    let t = Shortcuts::of(FunctionInfo::unpack(info));
    known.push((info, t));
    t
}

/// What the AA result keeps of `f` (packed), and its shortcut tables
/// (written to `out`).
#[no_mangle]
extern "C" fn gpucc_rs_memspace_function_info(
    tti: *const c_void,
    f: LLVMValueRef,
    out: *mut Shortcuts,
) -> i64 {
    guarded(NAME, || {
        // SAFETY: the shim passes the live function the analysis runs on,
        // and that function's TTI.
        let info = match (unsafe { FunctionValue::new(f) }, unsafe {
            TtiRef::from_raw(tti)
        }) {
            (Some(f), Some(tti)) => function_info(f, tti).pack(),
            _ => FunctionInfo {
                rules: None,
                kernel: false,
                flat: 0,
            }
            .pack(),
        };
        // SAFETY: the shim passes room for one `GpuccSpaceShortcuts`, which
        // has the layout of `Shortcuts`.
        unsafe { out.write(shortcuts_of(info)) };
        info
    })
}

/// The `n` leaves at `raw` as the shim's AA result wrote them; `None` when
/// `n` says the location is not a pointer.
///
/// # Safety
/// Unless `n` is [`NO_SPACE`], `raw` points to `n` leaves the shim wrote
/// (any pointer, null included, when `n` is 0), alive for `'a`.
unsafe fn query_leaves<'a>(
    raw: *const RawLeaf,
    n: u32,
) -> Option<impl Iterator<Item = SpaceLeaf> + 'a> {
    if n == NO_SPACE {
        return None;
    }
    let leaves: &[RawLeaf] = if n == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(raw, n as usize) }
    };
    Some(leaves.iter().map(|r| r.decode()))
}

#[no_mangle]
extern "C" fn gpucc_rs_memspace_alias(
    info: i64,
    a: *const RawLeaf,
    na: u32,
    b: *const RawLeaf,
    nb: u32,
) -> i32 {
    guarded(NAME, || {
        // SAFETY: the shim passes the leaves of this query's walks.
        let (Some(a), Some(b)) = (unsafe { query_leaves(a, na) }, unsafe {
            query_leaves(b, nb)
        }) else {
            return 1;
        };
        i32::from(memspace::may_alias(a, b, FunctionInfo::unpack(info)))
    })
}

#[no_mangle]
extern "C" fn gpucc_rs_memspace_read_only(
    info: i64,
    p: LLVMValueRef,
    leaves: *const RawLeaf,
    n: u32,
) -> i32 {
    guarded(NAME, || {
        // SAFETY: the shim passes the leaves of the walk of `p`.
        let Some(leaves) = (unsafe { query_leaves(leaves, n) }) else {
            return 0;
        };
        // SAFETY: `n` says `p` is a pointer (the shim checked its type); the
        // handle is used only within this query.
        let p = unsafe { PointerValue::new(p) };
        i32::from(memspace::read_only(
            leaves,
            || space_base(p),
            FunctionInfo::unpack(info),
        ))
    })
}

/// Where one def chain of a walk ([`space_leaves`]) ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceLeaf {
    /// A value whose type is in this space, not the flat one.
    Space(u32),
    /// A flat argument (without `byval`, when the walk asked), and the space
    /// the target assumes it is in, if any.
    Argument { assumed: Option<u32> },
    /// Another flat value the target assumes is in this space.
    Assumed(u32),
    /// A flat undef or poison.
    Undef,
    /// A flat load (the target assumes nothing of it) from a pointer in
    /// space `from`.
    Load { from: u32 },
    /// A flat value the walk does not look through; the walk stopped there.
    Opaque,
    /// More values than the walk's limit; the walk stopped.
    TooMany,
}

/// The shim's `GpuccSpaceLeaf`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct RawLeaf {
    kind: u32,
    space: u32,
}

/// How many kinds of leaf the shim writes (`Leaf*`, 0 to 6).
pub const RAW_LEAF_KINDS: usize = 7;

/// The leaf the shim writes as `kind` and `space` (`~0u`: none).
pub fn decode_raw_leaf(kind: u32, space: u32) -> SpaceLeaf {
    RawLeaf { kind, space }.decode()
}

impl RawLeaf {
    fn decode(self) -> SpaceLeaf {
        let space = (self.space != NO_SPACE).then_some(self.space);
        match (self.kind, space) {
            (0, Some(n)) => SpaceLeaf::Space(n),
            (1, assumed) => SpaceLeaf::Argument { assumed },
            (2, Some(n)) => SpaceLeaf::Assumed(n),
            (3, _) => SpaceLeaf::Undef,
            (4, Some(from)) => SpaceLeaf::Load { from },
            (6, _) => SpaceLeaf::TooMany,
            _ => SpaceLeaf::Opaque,
        }
    }
}

/// The most values one walk may visit (the shim's `MaxCap`).
pub const MAX_WALK: usize = 64;

/// Room for the leaves of one walk: one more than its limit.
pub struct LeafBuffer([MaybeUninit<RawLeaf>; MAX_WALK + 1]);

impl LeafBuffer {
    pub fn new() -> Self {
        LeafBuffer([MaybeUninit::uninit(); MAX_WALK + 1])
    }
}

impl Default for LeafBuffer {
    fn default() -> Self {
        Self::new()
    }
}

/// Walks back from `p` (a pointer of a function whose TTI is `tti` and
/// whose flat space is `flat`) through the address operators of flat
/// pointers, visiting at most `limit` values (at most [`MAX_WALK`]), and
/// says where each def chain ends: at a value in another space, one the
/// target assumes a space of, an argument, undef, a load, or a value the
/// walk does not look through. [`SpaceLeaf::Opaque`] and
/// [`SpaceLeaf::TooMany`] end the list early. A `byval` argument is an
/// [`SpaceLeaf::Argument`] unless `ask_byval` (then it is what the target
/// assumes, or opaque). One call into the shim, which only reads the IR;
/// the leaves are written into `buf`.
pub fn space_leaves<'b>(
    tti: TtiRef<'_>,
    flat: u32,
    ask_byval: bool,
    p: PointerValue<'_>,
    limit: usize,
    buf: &'b mut LeafBuffer,
) -> impl Iterator<Item = SpaceLeaf> + 'b {
    assert!(
        limit <= MAX_WALK,
        "gpucc: memory-space walk limit {limit} over {MAX_WALK}"
    );
    // SAFETY: live TTI and pointer; `buf` has room for `limit + 1` leaves,
    // as the shim needs, and it returns how many it wrote (at most that).
    let n = unsafe {
        gpucc_memspace_walk(
            tti.raw.as_ptr(),
            flat,
            ask_byval,
            p.as_value_ref(),
            buf.0.as_mut_ptr().cast::<RawLeaf>(),
            limit as u32,
        )
    };
    buf.0[..(n as usize).min(limit + 1)].iter().map(|r| {
        // SAFETY: the shim wrote the first `n` entries.
        unsafe { r.assume_init() }.decode()
    })
}

/// What [`memspace::read_only`] asks of the object a pointer is based on
/// (LLVM's `getUnderlyingObject`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaceBase {
    /// Its address space.
    pub space: u32,
    /// A global variable declared `constant`.
    pub constant_global: bool,
    /// An argument, and its `noalias`, `readonly` and `readnone` attributes.
    pub argument: bool,
    pub noalias: bool,
    pub readonly: bool,
    pub readnone: bool,
}

/// The shim's `GpuccSpaceBase`.
#[repr(C)]
struct RawBase {
    space: u32,
    flags: u32,
}

/// What is known of the object `p` is based on (`p` itself when LLVM finds
/// none): one call into the shim.
pub fn space_base(p: PointerValue<'_>) -> SpaceBase {
    let mut raw = RawBase { space: 0, flags: 0 };
    // SAFETY: live pointer; the shim writes both fields.
    unsafe { gpucc_memspace_base(p.as_value_ref(), &mut raw) };
    let bit = |b: u32| raw.flags & b != 0;
    SpaceBase {
        space: raw.space,
        constant_global: bit(1),
        argument: bit(2),
        noalias: bit(4),
        readonly: bit(8),
        readnone: bit(16),
    }
}
