// walsh_stage: one radix-2 stage of a fast Walsh-Hadamard transform, as the
// global-memory pass of the CUDA sample does it: each `int` position of a
// grid-stride loop pairs d[i0] with d[i0 + stride] and writes their sum and
// difference back.
//
// hot-loop: ldg=8 (d[i0] and d[i1])
#include "gpu.h"

KERNEL walsh_stage(float *d, int stride, int n) {
  const int pos = ctaid_x() * ntid_x() + tid_x();
  const int N = ntid_x() * nctaid_x();
  for (int p = pos; p < n / 2; p += N) {
    int lo = p & (stride - 1);
    int i0 = ((p - lo) << 1) + lo;
    int i1 = i0 + stride;
    float d0 = d[i0];
    float d1 = d[i1];
    d[i0] = d0 + d1;
    d[i1] = d0 - d1;
  }
}
