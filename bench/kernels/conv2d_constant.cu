// conv2d_constant: 2D convolution of a single-channel image with a 5x5
// filter held in __constant__ memory; the filter loops are fully unrolled.
//
// Exercises memory-space inference on __constant__ data (the 25 filter
// loads go through generic casts of an addrspace(4) global and should
// become ld.const), and the straight-line passes on 25 unrolled image
// addresses (y + dy) * w + (x + dx): separate-const-offset-from-gep makes
// the dx into constant offsets, SLSR the (y + dy) * w into adds of w.
//
// hot-loop: none
#include "gpu.h"

#define R 2

__constant__ float filter5x5[2 * R + 1][2 * R + 1];

KERNEL conv5x5(const float *__restrict__ img, float *__restrict__ out, int w, int h) {
  const int x = ctaid_x() * ntid_x() + tid_x();
  const int y = ctaid_y() * ntid_y() + tid_y();
  if (x < R || y < R || x >= w - R || y >= h - R)
    return;

  float acc = 0.0f;
#pragma unroll
  for (int dy = -R; dy <= R; ++dy) {
#pragma unroll
    for (int dx = -R; dx <= R; ++dx)
      acc += filter5x5[dy + R][dx + R] * img[(y + dy) * w + (x + dx)];
  }
  out[y * w + x] = acc;
}
