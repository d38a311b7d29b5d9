// stencil3d_7pt: one Jacobi step of the 3D heat equation, 7-point stencil,
// each thread marching along z.
//
// Exercises the straight-line passes on unrolled neighbour addresses: the
// six neighbours of (x, y, z) are written as their own int index
// expressions ((z * ny + y) * nx + x - 1, ... + nx, ... - nx * ny), as a
// programmer writes them. separate-const-offset-from-gep turns the +-1
// into constant GEP offsets and SLSR / nary-reassociate share the z-plane
// products, so the seven loads use one or two base registers.
//
// hot-loop: stg=4 (the store of out: a compiler may reuse loads across z)
#include "gpu.h"

KERNEL heat3d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz,
              float centre, float side) {
  const int x = ctaid_x() * ntid_x() + tid_x();
  const int y = ctaid_y() * ntid_y() + tid_y();
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
    return;

  for (int z = 1; z < nz - 1; ++z) {
    const float here = in[(z * ny + y) * nx + x];
    const float sum = in[(z * ny + y) * nx + x - 1] + in[(z * ny + y) * nx + x + 1] +
                      in[(z * ny + y - 1) * nx + x] + in[(z * ny + y + 1) * nx + x] +
                      in[((z - 1) * ny + y) * nx + x] + in[((z + 1) * ny + y) * nx + x];
    out[(z * ny + y) * nx + x] = centre * here + side * sum;
  }
}
