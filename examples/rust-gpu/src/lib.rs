//! Two CUDA-style kernels in Rust, compiled for `nvptx64-nvidia-cuda` with
//! the gpucc-passes plugin loaded into rustc (`-Z llvm-plugins=`): rustc's
//! own LLVM 22 runs our passes, through the auto-pipeline on device code
//! (and `-C passes=gpucc` when asked).
//!
//! * [`div64`]: one `u64` division per thread. With the plugin, rustc's IR
//!   has the runtime check (`(a | b) >> 32 == 0`), a `udiv i32` fast path
//!   and a `<1 x i64>` slow path, and the PTX a `div.u32` beside `div.u64`.
//! * [`submatrix_sum`]: the 3x3 submatrix of the gpucc paper's Figure 5,
//!   `a[(c + y) + (b + x) * n]`: with the plugin every load after the first
//!   of each row is the row's base plus a constant (`[%rd+4]`, `[%rd+8]`),
//!   and one multiplication by `n` is left.
//!
//! No standard library exists for nvptx64 on this machine, so the crate is
//! `#![no_core]`: [`minicore`] declares the handful of lang items the code
//! needs. Division and pointer offsets go through `#[rustc_intrinsic]`s
//! (`unchecked_div`, `offset`), which need no panic machinery.
#![no_core]
#![feature(
    no_core,
    lang_items,
    abi_ptx,
    intrinsics,
    rustc_attrs,
    link_llvm_intrinsics
)]
#![allow(internal_features, clippy::missing_safety_doc)]

mod minicore;
use minicore::*;

unsafe extern "C" {
    #[link_name = "llvm.nvvm.read.ptx.sreg.tid.x"]
    safe fn thread_idx_x() -> u32;
    #[link_name = "llvm.nvvm.read.ptx.sreg.ctaid.x"]
    safe fn block_idx_x() -> u32;
    #[link_name = "llvm.nvvm.read.ptx.sreg.ntid.x"]
    safe fn block_dim_x() -> u32;
}

/// The global thread index (`blockIdx.x * blockDim.x + threadIdx.x`).
#[inline(always)]
fn global_id() -> usize {
    (block_idx_x() as usize) * (block_dim_x() as usize) + (thread_idx_x() as usize)
}

/// `q[i] = a[i] / b[i]` for one element per thread (the launch covers the
/// array exactly; `b[i] != 0`).
#[no_mangle]
pub unsafe extern "ptx-kernel" fn div64(q: *mut u64, a: *const u64, b: *const u64) {
    let i = global_id();
    *offset(q, i) = unchecked_div(*offset(a, i), *offset(b, i));
}

#[inline(always)]
unsafe fn at(a: *const f32, i: isize) -> f32 {
    *offset(a, i)
}

/// The sum of the 3x3 submatrix of `a` (row length `n`) whose corner is row
/// `b + t`, column `c` (t the thread index), unrolled as the paper's
/// Figure 5 leaves it.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn submatrix_sum(
    out: *mut f32,
    a: *const f32,
    b: isize,
    c: isize,
    n: isize,
) {
    let b = b + thread_idx_x() as isize;
    let s0 = at(a, c + b * n) + at(a, (c + 1) + b * n) + at(a, (c + 2) + b * n);
    let s1 = at(a, c + (b + 1) * n) + at(a, (c + 1) + (b + 1) * n) + at(a, (c + 2) + (b + 1) * n);
    let s2 = at(a, c + (b + 2) * n) + at(a, (c + 1) + (b + 2) * n) + at(a, (c + 2) + (b + 2) * n);
    *offset(out, thread_idx_x() as isize) = s0 + s1 + s2;
}
