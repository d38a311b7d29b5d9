// fig5_submatrix_i64: weighted 3x3 neighbourhood sum over a row-major matrix,
// with 64-bit (long) indices.
//
// Exercises the straight-line passes of the gpucc paper, Figures 5 and 6:
// the two fully unrolled loops load a[(c + y) + (b + x) * n] for x, y in
// 0..2. Each address is its own add/mul chain: separate-const-offset-from-gep
// pulls the constant y out of each index as a GEP offset ([%rd+4], [%rd+8]),
// SLSR rewrites (b + 1) * n and (b + 2) * n from b * n with one add of n
// each, and GVN / nary-reassociate share what remains. Without them the
// nine loads recompute 64-bit products and sums per row.
//
// hot-loop: none
#include "gpu.h"

__constant__ float weights3x3[3][3];

KERNEL submatrix_i64(const float *__restrict__ a, float *__restrict__ out, long n) {
  const long b = (long)ctaid_y() * ntid_y() + tid_y();  // row of the corner
  const long c = (long)ctaid_x() * ntid_x() + tid_x();  // column of the corner
  if (b + 2 >= n || c + 2 >= n)
    return;

  float sum = 0.0f;
#pragma unroll
  for (long x = 0; x < 3; ++x) {
#pragma unroll
    for (long y = 0; y < 3; ++y)
      sum += weights3x3[x][y] * a[(c + y) + (b + x) * n];
  }
  out[(b + 1) * n + (c + 1)] = sum;
}
