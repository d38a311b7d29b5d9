// scalar_prod: dot products of many vector pairs, one pair per block at a
// time (an `int` block-stride loop over pairs), each thread striding the
// pair's elements by blockDim.x, then a shared-memory tree. Both loops step
// `int` indices by run-time values.
//
// hot-loop: ldg=8 (a[pos] and b[pos])
#include "gpu.h"

#define ACCUM_N 1024

KERNEL scalar_prod(float *d_C, const float *d_A, const float *d_B, int vectorN,
                   int elementN) {
  __shared__ float accumResult[ACCUM_N];
  for (int vec = ctaid_x(); vec < vectorN; vec += nctaid_x()) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    for (int iAccum = tid_x(); iAccum < ACCUM_N; iAccum += ntid_x()) {
      float sum = 0;
      for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos] * d_B[pos];
      accumResult[iAccum] = sum;
    }
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int iAccum = tid_x(); iAccum < stride; iAccum += ntid_x())
        accumResult[iAccum] += accumResult[stride + iAccum];
    }
    if (tid_x() == 0)
      d_C[vec] = accumResult[0];
  }
}
