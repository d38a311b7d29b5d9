// stencil2d_5pt_shared: one Jacobi step of a 2D 5-point stencil through a
// __shared__ tile with a one-cell halo (16x16 threads, 18x18 tile).
//
// Exercises memory-space inference and the straight-line passes together:
// the tile and its halo are written and read through generic casts of a
// __shared__ array with computed 2D indices (tile[ty + 1][tx], ...), the
// global neighbour loads for the halo are separate int index expressions,
// and the five tile reads differ only by constants (one base + offsets once
// separate-const-offset-from-gep has run).
//
// hot-loop: none
#include "gpu.h"

#define BS 16

KERNEL jacobi2d(const float *__restrict__ in, float *__restrict__ out, int w, int h) {
  __shared__ float tile[BS + 2][BS + 2];
  const int tx = tid_x(), ty = tid_y();
  const int x = ctaid_x() * BS + tx;
  const int y = ctaid_y() * BS + ty;
  const bool inside = x < w && y < h;

  if (inside) {
    tile[ty + 1][tx + 1] = in[y * w + x];
    if (tx == 0 && x > 0)
      tile[ty + 1][0] = in[y * w + x - 1];
    if (tx == BS - 1 && x + 1 < w)
      tile[ty + 1][BS + 1] = in[y * w + x + 1];
    if (ty == 0 && y > 0)
      tile[0][tx + 1] = in[(y - 1) * w + x];
    if (ty == BS - 1 && y + 1 < h)
      tile[BS + 1][tx + 1] = in[(y + 1) * w + x];
  }
  __syncthreads();

  if (inside && x > 0 && y > 0 && x + 1 < w && y + 1 < h)
    out[y * w + x] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2] +
                             tile[ty][tx + 1] + tile[ty + 2][tx + 1]);
}
