// transpose_tile: out = in^T for a w x h matrix through a padded 32x33
// __shared__ tile; 32x8 threads, each moving four elements (rows j, j+8,
// j+16, j+24: the loops are fully unrolled).
//
// Exercises memory-space inference on a padded 2D shared tile (all tile
// accesses become ld.shared/st.shared) and the straight-line passes on the
// four unrolled global addresses (y + j) * w + x, which differ by 8 * w:
// SLSR turns the multiplies into adds of one stride.
//
// hot-loop: none
#include "gpu.h"

#define TD 32
#define ROWS 8

KERNEL transpose32(const float *__restrict__ in, float *__restrict__ out, int w, int h) {
  __shared__ float tile[TD][TD + 1];
  int x = ctaid_x() * TD + tid_x();
  int y = ctaid_y() * TD + tid_y();

#pragma unroll
  for (int j = 0; j < TD; j += ROWS)
    if (x < w && y + j < h)
      tile[tid_y() + j][tid_x()] = in[(y + j) * w + x];
  __syncthreads();

  x = ctaid_y() * TD + tid_x();
  y = ctaid_x() * TD + tid_y();
#pragma unroll
  for (int j = 0; j < TD; j += ROWS)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[tid_x()][tid_y() + j];
}
