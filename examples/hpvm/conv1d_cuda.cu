// conv1d_cuda.cu: the CUDA twin of examples/hpvm/conv1d.c, with the same
// `long` index width and the same tile (BS + KMAX - 1 floats, static), for
// comparing the kernel gpucc-hpvm-lower makes with hand-written CUDA
// (scripts/bench-hpvm.sh). One block of BS threads per BS outputs.
#include "../../bench/kernels/gpu.h"

#define BS 64
#define KMAX 9

KERNEL conv1d(const float *in, long in_bytes, const float *coef, long coef_bytes, float *out,
              long out_bytes, long n, long k) {
  __shared__ float tile[BS + KMAX - 1];
  long t = tid_x();
  long bs = ntid_x();
  long i = (long)ctaid_x() * bs + t;
  if (i < n + k - 1)
    tile[t] = in[i];
  if (t < k - 1 && i + bs < n + k - 1)
    tile[t + bs] = in[i + bs];
  __syncthreads();
  if (i < n) {
    float acc = 0.0f;
    for (long j = 0; j < k; ++j)
      acc += coef[j] * tile[t + j];
    out[i] = acc;
  }
}
