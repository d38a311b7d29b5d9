//! Address spaces: the lattice that memory-space inference computes, and one
//! table of per-target numbers, shared by `gpucc-infer-address-spaces` and
//! (later) `gpucc-memspace-aa`.
//!
//! | space     | NVPTX | AMDGPU |
//! |-----------|-------|--------|
//! | generic   | 0     | 0 (flat) |
//! | global    | 1     | 1      |
//! | region    |       | 2 (GDS) |
//! | shared    | 3     | 3 (LDS) |
//! | constant  | 4     | 4      |
//! | local     | 5     | 5 (private) |
//! | const32   |       | 6 (32-bit constant) |
//! | param     | 101   |        |
//!
//! The lattice, top to bottom: `Unknown` (nothing known yet) > `Specific(n)`
//! > `Generic` (pointers of two spaces meet, or one of unknown origin).

use super::target::Target;

/// What is known about the address space a pointer points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// No information yet (the optimistic start of the fixed point).
    Unknown,
    /// Provably this specific address space.
    Specific(u32),
    /// Could be any space: must stay generic (flat).
    Generic,
}

impl Space {
    /// The least upper bound in the lattice's order of information: unknown
    /// is the identity, equal spaces stay, anything else is generic.
    pub fn join(self, other: Space) -> Space {
        match (self, other) {
            (Space::Unknown, x) | (x, Space::Unknown) => x,
            (Space::Specific(a), Space::Specific(b)) if a == b => self,
            _ => Space::Generic,
        }
    }
}

/// The address-space numbers of one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaceTable {
    /// The generic (flat) space, which inference tries to leave.
    pub generic: u32,
    /// Spaces that never alias each other or any other specific space.
    pub specific: &'static [u32],
}

impl SpaceTable {
    /// The table of `target`, or `None` for targets without a generic space.
    pub fn of(target: Target) -> Option<SpaceTable> {
        match target {
            Target::Nvptx => Some(SpaceTable {
                generic: 0,
                specific: &[1, 3, 4, 5, 101],
            }),
            Target::Amdgpu => Some(SpaceTable {
                generic: 0,
                specific: &[1, 2, 3, 4, 5, 6],
            }),
            Target::Other => None,
        }
    }

    /// Is `n` a specific space of this target?
    pub fn is_specific(&self, n: u32) -> bool {
        self.specific.contains(&n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const ALL: [Space; 4] = [
        Space::Unknown,
        Space::Specific(1),
        Space::Specific(3),
        Space::Generic,
    ];

    #[rstest]
    #[case(Space::Unknown, Space::Specific(3), Space::Specific(3))]
    #[case(Space::Specific(3), Space::Specific(3), Space::Specific(3))]
    #[case(Space::Specific(1), Space::Specific(3), Space::Generic)]
    #[case(Space::Specific(1), Space::Generic, Space::Generic)]
    #[case(Space::Unknown, Space::Unknown, Space::Unknown)]
    fn join_table(#[case] a: Space, #[case] b: Space, #[case] want: Space) {
        assert_eq!(a.join(b), want);
        assert_eq!(b.join(a), want, "join is commutative");
    }

    #[test]
    fn join_laws() {
        for a in ALL {
            assert_eq!(a.join(a), a, "idempotent");
            assert_eq!(a.join(Space::Unknown), a, "unknown is the identity");
            assert_eq!(a.join(Space::Generic), Space::Generic, "generic absorbs");
            for b in ALL {
                for c in ALL {
                    assert_eq!(a.join(b).join(c), a.join(b.join(c)), "associative");
                }
            }
        }
    }

    #[test]
    fn tables_per_target() {
        let nv = SpaceTable::of(Target::Nvptx).expect("nvptx has a table");
        assert!(nv.is_specific(3) && !nv.is_specific(0) && !nv.is_specific(2));
        let amd = SpaceTable::of(Target::Amdgpu).expect("amdgpu has a table");
        assert!(amd.is_specific(2) && amd.is_specific(6));
        assert_eq!(SpaceTable::of(Target::Other), None);
    }
}
