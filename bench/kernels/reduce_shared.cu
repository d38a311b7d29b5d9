// reduce_shared: block-wide sum of a float array (256 threads per block),
// each thread first accumulating a grid-stride slice, then a tree in
// __shared__ memory; one partial sum per block.
//
// Exercises memory-space inference on a shared buffer indexed by a loop
// (the stride halves each step: the loop over s stays a loop), stores and
// loads through the same generic cast of the __shared__ array, and the
// grid-stride loop's 64-bit index arithmetic.
//
// hot-loop: ldg=4 (in[i] of the grid-stride loop)
#include "gpu.h"

#define THREADS 256

KERNEL block_sum(const float *__restrict__ in, float *__restrict__ partial, long n) {
  __shared__ float buf[THREADS];
  const unsigned t = tid_x();

  float acc = 0.0f;
  const long stride = (long)nctaid_x() * THREADS;
  for (long i = (long)ctaid_x() * THREADS + t; i < n; i += stride)
    acc += in[i];
  buf[t] = acc;
  __syncthreads();

  for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    partial[ctaid_x()] = buf[0];
}
