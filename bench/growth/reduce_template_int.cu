// reduce_template_int: the templated shared-memory sum reduction real CUDA
// samples use: each thread first sums two elements per step of an `int`
// grid-stride loop (i += 2 * blockSize * gridDim.x), then a tree in shared
// memory. The `int` index may wrap, so its trip count is not computable.
//
// hot-loop: ldg=8 (g_idata[i] and g_idata[i + blockSize])
#include "gpu.h"

template <unsigned blockSize>
static __device__ void reduce_body(const float *g_idata, float *g_odata, int n) {
  __shared__ float sdata[blockSize];
  unsigned tid = tid_x();
  int i = ctaid_x() * (blockSize * 2) + tid;
  int gridSize = blockSize * 2 * nctaid_x();
  float sum = 0.0f;
  while (i < n) {
    sum += g_idata[i];
    if (i + blockSize < n)
      sum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[ctaid_x()] = sum;
}

KERNEL reduce_template_int(const float *g_idata, float *g_odata, int n) {
  reduce_body<256>(g_idata, g_odata, n);
}
