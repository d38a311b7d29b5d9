// nbody_tile: all-pairs gravitational acceleration, bodies staged tile by
// tile into __shared__ memory (256 threads per block), the inner loop
// walking the tile through a pointer to a struct, unrolled by 8.
//
// Exercises memory-space inference on a struct array in shared memory
// read through a walking pointer (the paper's Figure 4 pattern with
// struct fields at constant offsets: ld.shared.v4 once inferred), and
// the float-heavy body where register pressure is the cost that matters.
//
// hot-loop: lds|ld=16 (p->x, p->y, p->z, p->m)
#include "gpu.h"

#define TILE 256

struct body {
  float x, y, z, m;
};

KERNEL nbody_accel(const body *__restrict__ bodies, float *__restrict__ acc, int n,
                   float soft2) {
  __shared__ body tile[TILE];
  const int i = ctaid_x() * TILE + tid_x();
  const body me = bodies[i < n ? i : n - 1];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;

  for (int start = 0; start < n; start += TILE) {
    const int j = start + tid_x();
    tile[tid_x()] = j < n ? bodies[j] : body{0.0f, 0.0f, 0.0f, 0.0f};
    __syncthreads();
    const body *p = tile;
    const body *end = tile + TILE;
#pragma unroll 8
    for (; p != end; ++p) {
      const float dx = p->x - me.x, dy = p->y - me.y, dz = p->z - me.z;
      const float r2 = dx * dx + dy * dy + dz * dz + soft2;
      const float inv = __nvvm_rsqrt_approx_f(r2);
      const float s = p->m * inv * inv * inv;
      ax += s * dx;
      ay += s * dy;
      az += s * dz;
    }
    __syncthreads();
  }
  if (i < n) {
    acc[3 * i + 0] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}
