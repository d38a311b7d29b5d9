// fig7_speculation: two guarded loads whose addresses share a base, the
// shape of the gpucc paper's Figure 7:
//   if (c1) use(a[i]);  if (c2) use(a[i + j]);
//
// Exercises speculative-execution feeding SLSR and GVN: the address
// computations sit in two sibling blocks, so neither dominates the other
// and the second cannot reuse the first. Hoisting the cheap, side-effect
// free address arithmetic into the common dominator (speculation) lets
// SLSR rewrite &a[i + j] as &a[i] + j and GVN share the rest. The uses are
// atomic adds into the output, so clang cannot if-convert the branches.
//
// hot-loop: none
#include "gpu.h"

KERNEL guarded_pairs(const float *__restrict__ a, float *out, const int *__restrict__ mode,
                     int width, int j) {
  const int row = ctaid_y();
  const int col = ctaid_x() * ntid_x() + tid_x();
  const int m = mode[row * width + col];

  if (m & 1)
    atomic_add(&out[row], a[row * width + col] * 2.0f);
  if (m & 2)
    atomic_add(&out[row], a[row * width + col + j] * 3.0f);
  if (m & 4)
    atomic_add(&out[row], a[(row + 1) * width + col + j]);
}
