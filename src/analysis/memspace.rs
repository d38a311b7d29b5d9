//! Memory-space alias rules (gpucc paper §3.3): pointers into disjoint
//! memory spaces never alias, and constant memory is never written.
//!
//! Used by the alias analysis `gpucc-memspace-aa` (registered through the
//! shim, answered here) and by `gpucc-memspace-annotate`, which writes the
//! same facts as scoped-noalias metadata for clang's default AA stack.
//!
//! A pointer is *classified* ([`classify`]) by the space its type declares,
//! or, for a generic pointer, by walking back through the address operators
//! memory-space inference looks through (casts, GEPs, phis, selects) to the
//! values it is derived from; this is the demand-driven form of
//! `infer_spaces` (same lattice: one space, or generic when two meet).
//! Leaves beyond upstream's rules:
//! - a generic kernel argument (not `byval`), or a generic pointer loaded from constant
//!   memory, is *host-visible*: the host made it, so it points to global or
//!   constant memory, never to shared, local or region memory (upstream's
//!   AMDGPU AA has the same two rules for flat pointers; we apply them on
//!   NVPTX too, where upstream's backend assumes kernel pointer arguments are
//!   global in `nvptx-lower-args`);
//! - what the target's TTI assumes (`getAssumedAddrSpace`), for any other
//!   value (LLVM 22's TTI also says kernel pointer arguments are global; the
//!   host-visible rule answers first, so both LLVMs classify them alike).
//!
//! The walk keeps no state between queries, so an AA result never goes stale
//! when passes edit the IR. It is one call into the shim per generic
//! pointer ([`aa::space_leaves`]), which reads the def chain in C++ and
//! reports where each chain ends; the rules that turn those ends into a
//! class are here ([`classify`]). The AA result answers its queries without
//! a call per pointer: it folds the ends into a class in C++ as it walks,
//! from tables made here from the same rules ([`Shortcuts`]), and stops a
//! walk once the answer is settled.
//!
//! Rules, NVPTX (generic 0; LLVM 17's `NVPTXAliasAnalysis`): global 1, shared
//! 3, constant 4, local 5, param 101 are pairwise disjoint; shared-cluster 7
//! overlaps shared 3; generic and unknown spaces may alias anything. Constant
//! and param memory are read-only.
//!
//! Rules, AMDGPU (flat 0; LLVM 16's `AMDGPUAliasAnalysis`): see
//! [`amdgpu_may_alias`]; constant 4 and constant-32-bit 6 are read-only.

use crate::llvm::aa::{self, SpaceBase, SpaceLeaf};
use crate::llvm::{self, TtiRef};
use inkwell::values::PointerValue;

/// Which alias rules a function's target follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Nvptx,
    /// amdgcn, and r600 (upstream's AMDGPU AA answers for both).
    Amdgpu,
}

impl Rules {
    /// The rules for a target triple; `None` for targets without memory
    /// spaces we know (the host): the AA then answers "may alias".
    pub fn from_triple(triple: &str) -> Option<Rules> {
        match triple.split('-').next().unwrap_or("") {
            "nvptx" | "nvptx64" => Some(Rules::Nvptx),
            "amdgcn" | "r600" => Some(Rules::Amdgpu),
            _ => None,
        }
    }

    /// The generic (flat) space number of the target.
    pub fn generic(self) -> u32 {
        0
    }

    /// May pointers declared or proven in spaces `a` and `b` alias?
    pub fn spaces_may_alias(self, a: u32, b: u32) -> bool {
        match self {
            Rules::Nvptx => nvptx_may_alias(a, b),
            Rules::Amdgpu => amdgpu_may_alias(a, b),
        }
    }

    /// Is space `n` memory that a kernel never writes?
    pub fn is_read_only(self, n: u32) -> bool {
        match self {
            Rules::Nvptx => n == 4 || n == 101,
            Rules::Amdgpu => n == 4 || n == 6,
        }
    }

    /// May pointers of classes `a` and `b` alias (`generic`: the flat space)?
    /// Symmetric.
    pub fn classes_may_alias(self, generic: u32, a: Class, b: Class) -> bool {
        match (a, b) {
            (Class::Space(x), Class::Space(y)) => self.spaces_may_alias(x, y),
            (Class::HostVisible, Class::Space(y)) | (Class::Space(y), Class::HostVisible) => {
                !self.is_on_chip(y) && self.spaces_may_alias(generic, y)
            }
            (Class::HostVisible, Class::HostVisible) => true,
        }
    }

    /// The classes that name a definite part of memory, which
    /// `gpucc-memspace-annotate` gives a scope: every known specific space
    /// and host-visible memory (not the generic space, not unknown numbers).
    pub fn scoped_classes(self) -> &'static [Class] {
        match self {
            Rules::Nvptx => &[
                Class::Space(1),
                Class::Space(3),
                Class::Space(4),
                Class::Space(5),
                Class::Space(7),
                Class::Space(101),
                Class::HostVisible,
            ],
            Rules::Amdgpu if llvm::AMDGPU_LAST_ADDRESS_SPACE >= 9 => &[
                Class::Space(1),
                Class::Space(2),
                Class::Space(3),
                Class::Space(4),
                Class::Space(5),
                Class::Space(6),
                Class::Space(7),
                Class::Space(8),
                Class::Space(9),
                Class::HostVisible,
            ],
            Rules::Amdgpu => &[
                Class::Space(1),
                Class::Space(2),
                Class::Space(3),
                Class::Space(4),
                Class::Space(5),
                Class::Space(6),
                Class::Space(7),
                Class::HostVisible,
            ],
        }
    }

    /// Is space `n` memory private to a thread, block or work-group, which
    /// host-made pointers never reach?
    pub fn is_on_chip(self, n: u32) -> bool {
        match self {
            Rules::Nvptx => matches!(n, 3 | 5 | 7),
            Rules::Amdgpu => matches!(n, 2 | 3 | 5),
        }
    }
}

/// The NVPTX spaces with rules of their own (generic 0 aliases everything).
const NVPTX_KNOWN: [u32; 6] = [1, 3, 4, 5, 7, 101];

/// NVPTX: the named spaces are disjoint except shared (3) and
/// shared-cluster (7); generic (0) and spaces we do not know alias anything.
fn nvptx_may_alias(a: u32, b: u32) -> bool {
    if a == b || !NVPTX_KNOWN.contains(&a) || !NVPTX_KNOWN.contains(&b) {
        return true;
    }
    matches!((a, b), (3, 7) | (7, 3))
}

/// AMDGPU, spaces 0 flat, 1 global, 2 region (GDS), 3 LDS, 4 constant,
/// 5 private, 6 constant-32-bit, 7 buffer fat pointer, and from LLVM 17 and
/// 19 on 8 buffer resource and 9 buffer strided pointer; spaces beyond the
/// LLVM's last ([`llvm::AMDGPU_LAST_ADDRESS_SPACE`]) mean nothing to the
/// target and alias anything. Region is disjoint from everything but itself;
/// LDS and private alias only flat and themselves; global, constant,
/// constant-32-bit and the buffer spaces alias flat and each other.
pub fn amdgpu_may_alias(a: u32, b: u32) -> bool {
    let last = llvm::AMDGPU_LAST_ADDRESS_SPACE;
    if a > last || b > last || a == b {
        return true;
    }
    let (lo, hi) = (a.min(b), a.max(b));
    match (lo, hi) {
        (_, 2) | (2, _) => false,
        (0, _) => true,
        (_, 3) | (3, _) | (_, 5) | (5, _) => false,
        // Both in {1, 4, 6, 7, 8, 9}.
        _ => true,
    }
}

/// What is known of where a pointer points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Into this space (the generic space: anywhere).
    Space(u32),
    /// A generic pointer the host made: global or constant memory.
    HostVisible,
}

/// What the AA needs to know of the function its queries come from, fixed
/// for the life of its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionInfo {
    pub rules: Option<Rules>,
    /// A kernel (entry point launched by the host).
    pub kernel: bool,
    /// The generic space: the target's flat space per TTI, else (r600,
    /// whose TTI has none) the rules' number. Meaningless without rules.
    pub flat: u32,
}

impl FunctionInfo {
    /// Packs into the int64 the C++ side keeps, with how the AA result is to
    /// walk each query's pointers ([`aa::space_leaves`]): bits 0-1 the rules,
    /// bit 2 kernel (ask about `byval`), bit 3 walk at all (rules known),
    /// bits 8-15 the walk's limit (`WALK_LIMIT`), bits 32-63 the flat
    /// space.
    pub fn pack(self) -> i64 {
        let r = match self.rules {
            None => 0,
            Some(Rules::Nvptx) => 1,
            Some(Rules::Amdgpu) => 2,
        };
        let walk = if self.rules.is_some() { 8 } else { 0 };
        r | if self.kernel { 4 } else { 0 }
            | walk
            | (WALK_LIMIT as i64) << 8
            | i64::from(self.flat) << 32
    }

    pub fn unpack(bits: i64) -> FunctionInfo {
        let rules = match bits & 3 {
            1 => Some(Rules::Nvptx),
            2 => Some(Rules::Amdgpu),
            _ => None,
        };
        FunctionInfo {
            rules,
            kernel: bits & 4 != 0,
            flat: (bits >> 32) as u32,
        }
    }
}

/// At most this many values are visited per classification; beyond it the
/// pointer counts as generic.
const WALK_LIMIT: usize = 32;

/// The class of a generic pointer of a function described by `info`
/// (which has rules), from where the def chains of its walk end
/// ([`aa::space_leaves`]: through casts, GEPs, phis and selects of generic
/// pointers, at most `WALK_LIMIT` values). Each end is a leaf class, and
/// the pointer's class is theirs when they all agree:
/// - a value in a specific space: that space;
/// - a generic kernel argument that is not `byval`: host-visible (before
///   the target's assumption: LLVM 22's TTI says a kernel's pointer
///   argument is global; host-visible is what LLVM 16 has too, and both
///   suites accept one answer for both);
/// - a value the target assumes a space of (any other argument included):
///   that space;
/// - undef or poison: no class (it may be cast to any space);
/// - a generic load from read-only memory: host-visible;
/// - anything else, a disagreement, or a walk past the limit: generic.
///
/// A pointer declared in a specific space is one leaf, that space.
pub fn class_of(leaves: impl IntoIterator<Item = SpaceLeaf>, info: FunctionInfo) -> Class {
    let generic = Class::Space(info.flat);
    let mut acc: Option<Class> = None;
    for leaf in leaves {
        let class = match leaf_class(leaf, info) {
            LeafClass::Skip => continue,
            LeafClass::Generic => return generic,
            LeafClass::Of(class) => class,
        };
        acc = match acc {
            None => Some(class),
            Some(c) if c == class => Some(c),
            Some(_) => return generic,
        };
    }
    acc.unwrap_or(generic)
}

/// What one leaf says of its pointer's class ([`class_of`]'s rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafClass {
    /// Nothing (undef, poison): the other leaves decide.
    Skip,
    /// Anywhere: the pointer is generic, whatever the other leaves say.
    Generic,
    /// This class, if the other leaves agree.
    Of(Class),
}

/// The class one leaf of a generic pointer's walk gives, in a function
/// described by `info` (see [`class_of`]).
pub fn leaf_class(leaf: SpaceLeaf, info: FunctionInfo) -> LeafClass {
    match leaf {
        SpaceLeaf::Space(n) | SpaceLeaf::Assumed(n) => LeafClass::Of(Class::Space(n)),
        SpaceLeaf::Argument { .. } if info.kernel => LeafClass::Of(Class::HostVisible),
        SpaceLeaf::Argument { assumed: Some(n) } => LeafClass::Of(Class::Space(n)),
        SpaceLeaf::Undef => LeafClass::Skip,
        SpaceLeaf::Load { from } if info.rules.is_some_and(|r| r.is_read_only(from)) => {
            LeafClass::Of(Class::HostVisible)
        }
        SpaceLeaf::Argument { assumed: None }
        | SpaceLeaf::Load { .. }
        | SpaceLeaf::Opaque
        | SpaceLeaf::TooMany => LeafClass::Generic,
    }
}

/// Where `p` (a pointer used in a function described by `info`) points: the
/// space of its type when that is not the generic one (no walk), else the
/// class of its walk ([`class_of`]).
pub fn classify(p: PointerValue<'_>, info: FunctionInfo, tti: TtiRef<'_>) -> Class {
    let space = llvm::space_of(p);
    if info.rules.is_none() || space != info.flat {
        return Class::Space(space);
    }
    let mut buf = aa::LeafBuffer::new();
    // `byval` matters to kernels only: an argument of another function is
    // what the target assumes of it (or generic), `byval` or not.
    class_of(
        aa::space_leaves(tti, info.flat, info.kernel, p, WALK_LIMIT, &mut buf),
        info,
    )
}

/// May two pointers of a function described by `info`, whose walks gave
/// leaves `a` and `b`, alias?
pub fn may_alias(
    a: impl IntoIterator<Item = SpaceLeaf>,
    b: impl IntoIterator<Item = SpaceLeaf>,
    info: FunctionInfo,
) -> bool {
    let Some(rules) = info.rules else {
        return true;
    };
    rules.classes_may_alias(info.flat, class_of(a, info), class_of(b, info))
}

/// Is the memory a pointer points to never written while the function
/// runs? `leaves`: its walk; `base`: what is known of the object it is
/// based on (asked only when needed). Constant spaces (declared, inferred,
/// or of the underlying object), a `constant` global, or a kernel argument
/// that is `noalias` and `readonly` or `readnone` (nothing else reaches its
/// memory, and the kernel does not write through it).
pub fn read_only(
    leaves: impl IntoIterator<Item = SpaceLeaf>,
    base: impl FnOnce() -> SpaceBase,
    info: FunctionInfo,
) -> bool {
    let Some(rules) = info.rules else {
        return false;
    };
    if let Class::Space(n) = class_of(leaves, info) {
        if rules.is_read_only(n) {
            return true;
        }
    }
    let base = base();
    rules.is_read_only(base.space) || base_flags_read_only(base, info)
}

/// The part of [`read_only`]'s rule on the underlying object that does not
/// look at its space: a `constant` global, or a kernel argument that is
/// `noalias` and `readonly` or `readnone`.
fn base_flags_read_only(base: SpaceBase, info: FunctionInfo) -> bool {
    base.constant_global
        || info.kernel && base.argument && base.noalias && (base.readonly || base.readnone)
}

/// Answers the AA result may give without crossing into Rust: tables made
/// from [`leaf_class`], [`class_of`], [`may_alias`] and [`read_only`]'s
/// rules, once for each packed [`FunctionInfo`] ([`Shortcuts::of`]). The AA
/// result (`cpp/shim.cpp`, `MemSpaceAAResult`) folds the leaves of each walk
/// into a class code as it walks, as [`Shortcuts::fold`] does, and looks the
/// answer up; the decisions stay here, and a query the tables do not cover
/// ([`CLASS_CROSS`]) crosses as before.
///
/// Class codes: `0..16` the space of that number, [`CLASS_HOST`] host-visible
/// memory, [`CLASS_SKIP`] (leaves only) no class, [`CLASS_CROSS`] not in the
/// tables (a space from 16 on, or a function without rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Shortcuts {
    /// Bit `n` (< 64): [`read_only`] says yes for a pointer of class `n`,
    /// whatever its underlying object; also, for an underlying object in
    /// space `n`, that space alone makes it read-only.
    pub read_only_spaces: u64,
    /// Bit `f` (< 32): an underlying object whose space is not read-only
    /// and whose `GpuccSpaceBase` flags are `f` (1 a `constant` global, 2 an
    /// argument, 4 `noalias`, 8 `readonly`, 16 `readnone`) is read-only.
    pub read_only_bases: u32,
    /// Row `a`, bit `b` (codes `a`, `b` ≤ [`CLASS_HOST`]): pointers of
    /// classes `a` and `b` do not alias.
    pub class_no_alias: [u32; CLASSES],
    /// The class code of a leaf the shim's walk wrote as kind `k` and space
    /// `s`: row `k` (< [`aa::RAW_LEAF_KINDS`]), column `s` for a space under
    /// 16, column 16 for "no space" (`~0u`). A leaf in another space is
    /// [`CLASS_CROSS`] without a look.
    pub leaf_class: [[u8; 17]; aa::RAW_LEAF_KINDS],
    /// The code of the generic space ([`CLASS_CROSS`] when the tables are
    /// empty): a disagreement, or a walk without a class.
    pub generic: u8,
}

/// Class codes of [`Shortcuts`] that are not spaces.
pub const CLASS_HOST: u8 = 16;
pub const CLASS_SKIP: u8 = 17;
pub const CLASS_CROSS: u8 = 18;
/// Codes that are classes: the spaces under 16, and host-visible memory.
const CLASSES: usize = CLASS_HOST as usize + 1;

impl Shortcuts {
    /// The tables for the function `info` (packed) describes; without
    /// rules, or with a generic space from 16 on, every leaf is
    /// [`CLASS_CROSS`], so that every query crosses.
    pub fn of(info: FunctionInfo) -> Shortcuts {
        let mut t = Shortcuts {
            read_only_spaces: 0,
            read_only_bases: 0,
            class_no_alias: [0; CLASSES],
            leaf_class: [[CLASS_CROSS; 17]; aa::RAW_LEAF_KINDS],
            generic: CLASS_CROSS,
        };
        let Some(rules) = info.rules else {
            return t;
        };
        for n in 0..64u32 {
            if rules.is_read_only(n) {
                t.read_only_spaces |= 1 << n;
            }
        }
        for f in 0..32u32 {
            let base = SpaceBase {
                space: info.flat,
                constant_global: f & 1 != 0,
                argument: f & 2 != 0,
                noalias: f & 4 != 0,
                readonly: f & 8 != 0,
                readnone: f & 16 != 0,
            };
            if base_flags_read_only(base, info) {
                t.read_only_bases |= 1 << f;
            }
        }
        if info.flat < 16 {
            t.generic = info.flat as u8;
            let code = |c: Class| match c {
                Class::Space(n) if n < 16 => n as u8,
                Class::Space(_) => CLASS_CROSS,
                Class::HostVisible => CLASS_HOST,
            };
            let class = |c: usize| {
                if c == usize::from(CLASS_HOST) {
                    Class::HostVisible
                } else {
                    Class::Space(c as u32)
                }
            };
            for a in 0..CLASSES {
                for b in 0..CLASSES {
                    if !rules.classes_may_alias(info.flat, class(a), class(b)) {
                        t.class_no_alias[a] |= 1 << b;
                    }
                }
            }
            for (kind, row) in t.leaf_class.iter_mut().enumerate() {
                for (column, cell) in row.iter_mut().enumerate() {
                    let space = if column == 16 {
                        u32::MAX
                    } else {
                        column as u32
                    };
                    *cell = match leaf_class(aa::decode_raw_leaf(kind as u32, space), info) {
                        LeafClass::Skip => CLASS_SKIP,
                        LeafClass::Generic => code(Class::Space(info.flat)),
                        LeafClass::Of(c) => code(c),
                    };
                }
            }
        }
        t
    }

    /// The class code of a walk whose leaves the shim wrote as `(kind,
    /// space)` pairs, folded as the AA result folds them while it walks:
    /// skip [`CLASS_SKIP`]; the first class stays while the others agree,
    /// a disagreement is the generic space, and so is a walk without a
    /// class; [`CLASS_CROSS`] as soon as a leaf is. (The shim also stops
    /// walking once the code is the generic space, which no later leaf
    /// changes.)
    pub fn fold(&self, leaves: impl IntoIterator<Item = (u32, u32)>) -> u8 {
        let generic = self.generic;
        let mut acc = CLASS_SKIP;
        for (kind, space) in leaves {
            let column = match space {
                u32::MAX => 16,
                s if s < 16 => s as usize,
                _ => return CLASS_CROSS,
            };
            let c = match self.leaf_class.get(kind as usize) {
                Some(row) => row[column],
                None => return CLASS_CROSS,
            };
            match c {
                CLASS_SKIP => {}
                CLASS_CROSS => return CLASS_CROSS,
                c if acc == CLASS_SKIP => acc = c,
                c if c != acc => acc = generic,
                _ => {}
            }
        }
        if acc == CLASS_SKIP {
            generic
        } else {
            acc
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1, 3, false)]
    #[case(1, 101, false)]
    #[case(4, 5, false)]
    #[case(3, 7, true)]
    #[case(7, 1, false)]
    #[case(0, 3, true)]
    #[case(3, 3, true)]
    #[case(1, 999, true)]
    fn nvptx_pairs(#[case] a: u32, #[case] b: u32, #[case] may: bool) {
        assert_eq!(Rules::Nvptx.spaces_may_alias(a, b), may);
        assert_eq!(Rules::Nvptx.spaces_may_alias(b, a), may);
    }

    #[rstest]
    #[case(5, 1, false)]
    #[case(4, 1, true)]
    #[case(6, 4, true)]
    #[case(0, 999, true)]
    #[case(2, 0, false)]
    #[case(2, 2, true)]
    #[case(2, 3, false)]
    #[case(7, 0, true)]
    #[case(7, 3, false)]
    #[case(7, 6, true)]
    #[case(0, 3, true)]
    #[case(0, 5, true)]
    #[case(3, 4, false)]
    fn amdgpu_pairs(#[case] a: u32, #[case] b: u32, #[case] may: bool) {
        assert_eq!(amdgpu_may_alias(a, b), may);
        assert_eq!(amdgpu_may_alias(b, a), may);
    }

    /// Buffer resource (8) and strided buffer (9) pointers are global-like
    /// where the LLVM defines them (22), and unknown spaces (16) otherwise.
    #[test]
    fn amdgpu_buffer_spaces_follow_the_llvm() {
        for n in [8, 9] {
            if n <= llvm::AMDGPU_LAST_ADDRESS_SPACE {
                for (other, may) in [(0, true), (1, true), (2, false), (3, false), (5, false)] {
                    assert_eq!(amdgpu_may_alias(n, other), may, "{n} vs {other}");
                }
            } else {
                for other in 0..10 {
                    assert!(amdgpu_may_alias(n, other), "{n} vs {other}");
                }
            }
        }
    }

    #[test]
    fn amdgpu_table_is_symmetric_and_reflexive() {
        for a in 0..10 {
            assert!(amdgpu_may_alias(a, a));
            for b in 0..10 {
                assert_eq!(amdgpu_may_alias(a, b), amdgpu_may_alias(b, a));
            }
        }
    }

    #[rstest]
    fn class_rules_are_symmetric(#[values(Rules::Nvptx, Rules::Amdgpu)] rules: Rules) {
        let classes = rules.scoped_classes();
        for &a in classes {
            assert!(rules.classes_may_alias(0, a, a), "{a:?} aliases itself");
            for &b in classes {
                assert_eq!(
                    rules.classes_may_alias(0, a, b),
                    rules.classes_may_alias(0, b, a)
                );
            }
        }
    }

    #[test]
    fn host_visible_memory_is_not_on_chip() {
        for (rules, on_chip, off_chip) in [
            (Rules::Nvptx, [3, 5, 7], [1, 4, 101]),
            (Rules::Amdgpu, [2, 3, 5], [1, 4, 6]),
        ] {
            for n in on_chip {
                assert!(!rules.classes_may_alias(0, Class::HostVisible, Class::Space(n)));
            }
            for n in off_chip {
                assert!(rules.classes_may_alias(0, Class::HostVisible, Class::Space(n)));
            }
        }
    }

    fn info(rules: Rules, kernel: bool) -> FunctionInfo {
        FunctionInfo {
            rules: Some(rules),
            kernel,
            flat: 0,
        }
    }

    #[rstest]
    #[case(&[SpaceLeaf::Space(3)], false, Class::Space(3))]
    #[case(&[SpaceLeaf::Space(3), SpaceLeaf::Undef, SpaceLeaf::Space(3)], false, Class::Space(3))]
    #[case(&[SpaceLeaf::Space(3), SpaceLeaf::Space(1)], false, Class::Space(0))]
    #[case(&[SpaceLeaf::Argument { assumed: Some(1) }], true, Class::HostVisible)]
    #[case(&[SpaceLeaf::Argument { assumed: Some(1) }], false, Class::Space(1))]
    #[case(&[SpaceLeaf::Argument { assumed: None }], false, Class::Space(0))]
    #[case(&[SpaceLeaf::Assumed(1), SpaceLeaf::Space(1)], true, Class::Space(1))]
    #[case(&[SpaceLeaf::Load { from: 4 }], false, Class::HostVisible)]
    #[case(&[SpaceLeaf::Load { from: 1 }], false, Class::Space(0))]
    #[case(&[SpaceLeaf::Undef], false, Class::Space(0))]
    #[case(&[], false, Class::Space(0))]
    #[case(&[SpaceLeaf::Space(3), SpaceLeaf::Opaque], false, Class::Space(0))]
    #[case(&[SpaceLeaf::Space(3), SpaceLeaf::TooMany], false, Class::Space(0))]
    fn leaves_make_a_class(
        #[case] leaves: &[SpaceLeaf],
        #[case] kernel: bool,
        #[case] want: Class,
    ) {
        for rules in [Rules::Nvptx, Rules::Amdgpu] {
            assert_eq!(class_of(leaves.iter().copied(), info(rules, kernel)), want);
        }
    }

    /// Shared against global is NoAlias, a kernel argument against shared
    /// too; a generic (mixed) pointer aliases both; no rules, no answer.
    #[test]
    fn leaves_decide_alias() {
        let shared = [SpaceLeaf::Space(3)];
        let global = [SpaceLeaf::Space(1)];
        let arg = [SpaceLeaf::Argument { assumed: None }];
        let mixed = [SpaceLeaf::Space(3), SpaceLeaf::Space(1)];
        for rules in [Rules::Nvptx, Rules::Amdgpu] {
            let i = info(rules, true);
            assert!(!may_alias(shared, global, i));
            assert!(!may_alias(arg, shared, i));
            assert!(may_alias(arg, global, i));
            assert!(may_alias(mixed, shared, i) && may_alias(global, mixed, i));
            let host = FunctionInfo { rules: None, ..i };
            assert!(may_alias(shared, global, host));
        }
    }

    /// Every leaf the shim can write, as `(kind, space)`: each kind with
    /// no space, each space under 16 and a few beyond.
    fn raw_leaves() -> Vec<(u32, u32)> {
        let spaces = (0..16).chain([16, 101, u32::MAX]);
        let spaces: Vec<u32> = spaces.collect();
        (0..aa::RAW_LEAF_KINDS as u32)
            .flat_map(|k| spaces.iter().map(move |&s| (k, s)))
            .collect()
    }

    /// The class a code stands for.
    fn class_of_code(c: u8) -> Class {
        if c == CLASS_HOST {
            Class::HostVisible
        } else {
            Class::Space(u32::from(c))
        }
    }

    /// The AA result's tables (cpp/shim.cpp, `MemSpaceAAResult`) answer
    /// exactly as the rules. Every walk of up to three leaves folds
    /// ([`Shortcuts::fold`]) to the class [`class_of`] gives, or to
    /// [`CLASS_CROSS`]; two classes do not alias by `class_no_alias` exactly
    /// when [`may_alias`] says no for walks of that class; and a pointer of
    /// class `n` whose underlying object is in space `m` with flags `f` is
    /// read-only when bit `n` or bit `m` of `read_only_spaces` is set, or
    /// bit `f` of `read_only_bases`.
    #[test]
    fn shortcuts_answer_as_the_rules() {
        let leaves = raw_leaves();
        for rules in [None, Some(Rules::Nvptx), Some(Rules::Amdgpu)] {
            for kernel in [false, true] {
                for flat in [0, 1, 16] {
                    let i = FunctionInfo {
                        rules,
                        kernel,
                        flat,
                    };
                    let t = Shortcuts::of(i);
                    let decode = |w: &[(u32, u32)]| {
                        w.iter()
                            .map(|&(k, s)| aa::decode_raw_leaf(k, s))
                            .collect::<Vec<_>>()
                    };
                    let mut walks: Vec<Vec<(u32, u32)>> = vec![vec![]];
                    for &x in &leaves {
                        walks.push(vec![x]);
                        for &y in &leaves {
                            walks.push(vec![x, y]);
                        }
                    }
                    // Three leaves: a sample of the cube (every 7th).
                    for (n, &x) in leaves.iter().enumerate() {
                        for &y in &leaves {
                            for &z in leaves.iter().skip(n % 7).step_by(7) {
                                walks.push(vec![x, y, z]);
                            }
                        }
                    }
                    let mut covered = 0;
                    for w in &walks {
                        let code = t.fold(w.iter().copied());
                        if code == CLASS_CROSS {
                            continue;
                        }
                        covered += 1;
                        let want = class_of(decode(w), i);
                        assert_eq!(class_of_code(code), want, "{i:?} {w:?}");
                    }
                    assert_eq!(covered > 0, rules.is_some() && flat < 16, "{i:?}");
                    let one = |c: u8| match c {
                        CLASS_HOST => vec![SpaceLeaf::Argument { assumed: None }],
                        n => vec![SpaceLeaf::Space(u32::from(n))],
                    };
                    // Kernels make an argument host-visible; elsewhere it is
                    // generic, so host-visible is checked in kernels only.
                    let last = if kernel { CLASS_HOST } else { CLASS_HOST - 1 };
                    for a in 0..=last {
                        for b in 0..=last {
                            let cut = t.class_no_alias[usize::from(a)] >> b & 1 != 0;
                            let want =
                                rules.is_some() && flat < 16 && !may_alias(one(a), one(b), i);
                            assert_eq!(cut, want, "{i:?} {a} {b}");
                        }
                    }
                    for n in 0..64 {
                        for m in 0..64 {
                            for f in 0..32u32 {
                                let base = SpaceBase {
                                    space: m,
                                    constant_global: f & 1 != 0,
                                    argument: f & 2 != 0,
                                    noalias: f & 4 != 0,
                                    readonly: f & 8 != 0,
                                    readnone: f & 16 != 0,
                                };
                                let cut = t.read_only_spaces >> n & 1 != 0
                                    || t.read_only_spaces >> m & 1 != 0
                                    || t.read_only_bases >> f & 1 != 0;
                                let want = read_only([SpaceLeaf::Space(n)], || base, i);
                                assert_eq!(cut, want, "{i:?} {n} {m} {f}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn shortcuts_know_the_constant_spaces() {
        let t = Shortcuts::of(info(Rules::Nvptx, true));
        assert_eq!(t.class_no_alias[3] >> 1 & 1, 1, "shared and global");
        assert_eq!(t.class_no_alias[3] >> 7 & 1, 0, "shared and shared-cluster");
        assert_eq!(t.class_no_alias[0], 0, "generic aliases everything");
        assert_eq!(
            t.class_no_alias[usize::from(CLASS_HOST)] >> 3 & 1,
            1,
            "a kernel argument and shared"
        );
        // Kind 1, an argument: host-visible in a kernel, generic elsewhere;
        // kind 5, an opaque value: generic; kind 3, undef: no class.
        assert_eq!(t.leaf_class[1][16], CLASS_HOST);
        assert_eq!(t.leaf_class[5][16], 0);
        assert_eq!(t.leaf_class[3][16], CLASS_SKIP);
        assert_eq!(
            Shortcuts::of(info(Rules::Nvptx, false)).leaf_class[1][16],
            0
        );
        assert_eq!(
            t.read_only_spaces,
            1 << 4,
            "constant; param 101 is past the table"
        );
        // A constant global (bit 0); a noalias (4) argument (2) that is
        // readonly (8) or readnone (16), in a kernel only.
        assert_eq!(t.read_only_bases, 0xeaea_eaaa, "{:#x}", t.read_only_bases);
        let device = Shortcuts::of(info(Rules::Nvptx, false));
        assert_eq!(device.read_only_bases, 0xaaaa_aaaa);
    }

    #[rstest]
    #[case("nvptx64-nvidia-cuda", Some(Rules::Nvptx))]
    #[case("amdgcn-amd-amdhsa", Some(Rules::Amdgpu))]
    #[case("r600--", Some(Rules::Amdgpu))]
    #[case("x86_64-pc-linux-gnu", None)]
    fn rules_from_triples(#[case] t: &str, #[case] want: Option<Rules>) {
        assert_eq!(Rules::from_triple(t), want);
    }

    #[test]
    fn function_info_round_trips() {
        for rules in [None, Some(Rules::Nvptx), Some(Rules::Amdgpu)] {
            for kernel in [false, true] {
                for flat in [0, 1, 0x00ff_ffff, u32::MAX] {
                    let i = FunctionInfo {
                        rules,
                        kernel,
                        flat,
                    };
                    assert_eq!(FunctionInfo::unpack(i.pack()), i);
                }
            }
        }
    }
}
