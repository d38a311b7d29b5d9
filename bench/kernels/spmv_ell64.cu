// spmv_ell64: sparse matrix-vector product y = A x with A in ELLPACK form
// (column-major slots, `width` slots per row, col < 0 for padding), 64-bit
// sizes and indices, one thread per (row, slot-group) pair.
//
// Exercises the 64-bit division bypass together with 64-bit index math:
// the flat thread index is split into (row, group) with / and % by the
// runtime number of groups (a long), and every slot address is
// slot * rows + row in 64 bits. The slot loop is unrolled by 4, so its four
// addresses differ by multiples of rows (SLSR), and x is read through an
// index loaded from memory (a gather).
//
// hot-loop: ldg=16 (col[...] 8 bytes, val[...] and x[c] 4 each)
#include "gpu.h"

KERNEL spmv_ell(const float *__restrict__ val, const long *__restrict__ col,
                const float *__restrict__ x, float *y, long rows, long width, long groups) {
  const long t = (long)ctaid_x() * ntid_x() + tid_x();
  if (t >= rows * groups)
    return;
  const long row = t / groups;
  const long group = t % groups;
  const long per_group = (width + groups - 1) / groups;

  float sum = 0.0f;
  const long first = group * per_group;
  const long last = first + per_group < width ? first + per_group : width;
#pragma unroll 4
  for (long slot = first; slot < last; ++slot) {
    const long c = col[slot * rows + row];
    if (c >= 0)
      sum += val[slot * rows + row] * x[c];
  }
  atomic_add(&y[row], sum);
}
