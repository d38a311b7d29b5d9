// fig6_submatrix_i32: the 3x3 neighbourhood sum of fig5_submatrix_i64 with
// 32-bit (int) indices.
//
// Exercises the 32-bit form of the gpucc paper's Figure 6: every index
// (c + y) + (b + x) * n is computed in int and sign-extended to 64 bits for
// the GEP. separate-const-offset-from-gep may move the constant out of the
// sext only because the int adds carry nsw (signed overflow is undefined in
// CUDA C++); SLSR then works on the 32-bit multiplies (b + x) * n.
//
// hot-loop: none
#include "gpu.h"

__constant__ float weights3x3[3][3];

KERNEL submatrix_i32(const float *__restrict__ a, float *__restrict__ out, int n) {
  const int b = ctaid_y() * ntid_y() + tid_y();
  const int c = ctaid_x() * ntid_x() + tid_x();
  if (b + 2 >= n || c + 2 >= n)
    return;

  float sum = 0.0f;
#pragma unroll
  for (int x = 0; x < 3; ++x) {
#pragma unroll
    for (int y = 0; y < 3; ++y)
      sum += weights3x3[x][y] * a[(c + y) + (b + x) * n];
  }
  out[(b + 1) * n + (c + 1)] = sum;
}
