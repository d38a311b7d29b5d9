//! Which GPU a module is compiled for, from its target triple.
//!
//! Passes ask this instead of matching triples themselves, so the per-target
//! numbers (address spaces, bypass widths) live in one table.

/// The targets gpucc-passes knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `nvptx-*` and `nvptx64-*`.
    Nvptx,
    /// `amdgcn-*` (r600 is not a compute target we handle).
    Amdgpu,
    /// Anything else: the host, or no triple at all.
    Other,
}

impl Target {
    /// Classifies a target triple (`nvptx64-nvidia-cuda`, `amdgcn-amd-amdhsa`).
    pub fn from_triple(triple: &str) -> Target {
        let arch = triple.split('-').next().unwrap_or("");
        match arch {
            "nvptx" | "nvptx64" => Target::Nvptx,
            "amdgcn" => Target::Amdgpu,
            _ => Target::Other,
        }
    }

    /// The address space of memory shared by a thread block (CUDA
    /// `__shared__`, AMDGPU LDS), if the target has one.
    pub fn shared_space(self) -> Option<u32> {
        match self {
            Target::Nvptx | Target::Amdgpu => Some(3),
            Target::Other => None,
        }
    }

    /// Is this a GPU target whose passes gpucc runs by default?
    pub fn is_gpu(self) -> bool {
        self != Target::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("nvptx64-nvidia-cuda", Target::Nvptx)]
    #[case("nvptx-nvidia-cuda", Target::Nvptx)]
    #[case("amdgcn-amd-amdhsa", Target::Amdgpu)]
    #[case("r600--", Target::Other)]
    #[case("x86_64-unknown-linux-gnu", Target::Other)]
    #[case("", Target::Other)]
    fn classifies_triples(#[case] triple: &str, #[case] want: Target) {
        assert_eq!(Target::from_triple(triple), want);
    }
}
