// lavamd_like: pairwise particle interactions between a home box and its
// neighbour boxes, in the style of Rodinia's lavaMD (written fresh here):
// one thread block per home box, each neighbour box's particles staged
// into a dynamically sized `extern __shared__` buffer, forces accumulated
// with `force[...] +=` inside the inner loop.
//
// Exercises memory-space inference on an extern __shared__ array (a
// zero-length addrspace(3) global) indexed by runtime values, and the
// memory-space facts between shared and global memory: the staging buffer
// (shared) can never alias the force array (a kernel argument, global),
// which gpucc-memspace-aa / -annotate state and generic pointers hide.
//
// hot-loop: lds|ld=16 (stage[j]: x, y, z, q)
#include "gpu.h"

struct particle {
  float x, y, z, q;
};

KERNEL lavamd_like(const particle *__restrict__ pos, const int *__restrict__ neighbours,
                   int neighbours_per_box, float *force, int per_box, float alpha2) {
  extern __shared__ particle stage[];  // per_box particles
  const int home = ctaid_x();
  const int t = tid_x();

  for (int k = 0; k < neighbours_per_box; ++k) {
    const int nb = neighbours[home * neighbours_per_box + k];
    if (nb < 0)
      continue;
    for (int p = t; p < per_box; p += ntid_x())
      stage[p] = pos[nb * per_box + p];
    __syncthreads();

    for (int i = t; i < per_box; i += ntid_x()) {
      const particle me = pos[home * per_box + i];
      for (int j = 0; j < per_box; ++j) {
        const float dx = me.x - stage[j].x;
        const float dy = me.y - stage[j].y;
        const float dz = me.z - stage[j].z;
        const float r2 = dx * dx + dy * dy + dz * dz;
        const float s = stage[j].q / (alpha2 + r2);
        force[(home * per_box + i) * 4 + 0] += s;
        force[(home * per_box + i) * 4 + 1] += s * dx;
        force[(home * per_box + i) * 4 + 2] += s * dy;
        force[(home * per_box + i) * 4 + 3] += s * dz;
      }
    }
    __syncthreads();
  }
}
