// gpu.h: the little CUDA vocabulary the corpus needs, for clang-16 without the
// CUDA headers (-nocudainc -nocudalib). Only what clang 16 accepts on its own:
// the memory-space and function attributes, the NVVM special-register
// builtins, __syncthreads() (a clang builtin, llvm.nvvm.barrier0) and the
// __atomic builtins (atomicrmw on a generic pointer, which is what
// memory-space inference has to fix). Without a CUDA installation clang 16
// targets PTX ISA 4.2 features, so the *_sync warp intrinsics (PTX 6.0) are
// not available: reductions here use shared memory and barriers only.
#pragma once

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __attribute__((always_inline)) inline

// A kernel with an unmangled name, so the PTX and the tables say "heat3d"
// rather than "_Z6heat3dPKfPfiiiff".
#define KERNEL extern "C" __global__ void

// threadIdx / blockIdx / blockDim / gridDim, unsigned as in CUDA.
static __device__ __forceinline__ unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ __forceinline__ unsigned tid_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ __forceinline__ unsigned tid_z() { return __nvvm_read_ptx_sreg_tid_z(); }
static __device__ __forceinline__ unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ __forceinline__ unsigned ctaid_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ __forceinline__ unsigned ctaid_z() { return __nvvm_read_ptx_sreg_ctaid_z(); }
static __device__ __forceinline__ unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ __forceinline__ unsigned ntid_y() { return __nvvm_read_ptx_sreg_ntid_y(); }
static __device__ __forceinline__ unsigned nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }

// Relaxed atomic add, as CUDA's atomicAdd: returns the old value.
template <typename T>
static __device__ __forceinline__ T atomic_add(T *p, T v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
