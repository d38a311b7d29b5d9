// gpu_nvrtc.h: gpu.h for NVIDIA's NVRTC, which scripts/bench-userpath.sh
// hands to nvrtcCreateProgram under the include name "gpu.h". NVRTC knows
// CUDA's own keywords (__global__, __device__, __shared__, __constant__,
// __noinline__, __forceinline__), built-in variables and __syncthreads(), so
// this maps only the corpus's own names onto them, each to what clang makes
// of gpu.h's version: the special registers, rsqrt.approx.f32, and a relaxed
// device-wide atomic add that returns the old value.
#pragma once

#define KERNEL extern "C" __global__ void

static __device__ __forceinline__ unsigned tid_x() { return threadIdx.x; }
static __device__ __forceinline__ unsigned tid_y() { return threadIdx.y; }
static __device__ __forceinline__ unsigned tid_z() { return threadIdx.z; }
static __device__ __forceinline__ unsigned ctaid_x() { return blockIdx.x; }
static __device__ __forceinline__ unsigned ctaid_y() { return blockIdx.y; }
static __device__ __forceinline__ unsigned ctaid_z() { return blockIdx.z; }
static __device__ __forceinline__ unsigned ntid_x() { return blockDim.x; }
static __device__ __forceinline__ unsigned ntid_y() { return blockDim.y; }
static __device__ __forceinline__ unsigned nctaid_x() { return gridDim.x; }

#define __nvvm_rsqrt_approx_f(x) rsqrtf(x)

template <typename T>
static __device__ __forceinline__ T atomic_add(T *p, T v) {
  return atomicAdd(p, v);
}
