// interproc_shared_callee: a small attention-like step, scores = q . K^T
// then a weighted sum of V rows, where q, K and V rows are staged in
// __shared__ memory and the dot products are done by a noinline device
// function.
//
// Exercises inter-procedural memory-space inference: dot16 is static
// (internal), never inlined, and every call passes it __shared__ pointers,
// so gpucc-infer-address-spaces can give its parameters addrspace(3) and
// its loads become ld.shared. Upstream infer-address-spaces works one
// function at a time: inside dot16 the pointers stay generic (ld.f32).
//
// hot-loop: lds|ld=8 (score[k] and sv[k][t] of the k loop)
#include "gpu.h"

#define D 16
#define KEYS 64

static __device__ __noinline__ float dot16(const float *u, const float *v) {
  float s = 0.0f;
#pragma unroll
  for (int d = 0; d < D; ++d)
    s += u[d] * v[d];
  return s;
}

// 64 threads per block: one key (and one value row) per thread.
KERNEL attend64(const float *__restrict__ q, const float *__restrict__ keys,
                const float *__restrict__ values, float *__restrict__ out) {
  __shared__ float sq[D];
  __shared__ float sk[KEYS][D];
  __shared__ float sv[KEYS][D];
  __shared__ float score[KEYS];
  const int t = tid_x();
  const long base = (long)ctaid_x() * KEYS * D;

  if (t < D)
    sq[t] = q[ctaid_x() * D + t];
#pragma unroll
  for (int d = 0; d < D; ++d) {
    sk[t][d] = keys[base + t * D + d];
    sv[t][d] = values[base + t * D + d];
  }
  __syncthreads();

  score[t] = dot16(sq, sk[t]);
  __syncthreads();

  if (t < D) {
    float acc = 0.0f;
    for (int k = 0; k < KEYS; ++k)
      acc += score[k] * sv[k][t];
    // Self-check of the staged query, through the same callee.
    out[ctaid_x() * (D + 1) + t] = acc;
    if (t == 0)
      out[ctaid_x() * (D + 1) + D] = dot16(sq, sq);
  }
}
