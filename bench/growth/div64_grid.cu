// div64_grid: a grid-stride loop whose body divides three times in 64 bits
// (index arithmetic of a 3-D decomposition, as real codes recover (x, y, z)
// from a linear index): the divisions dominate the body, so unrolling saves
// nothing but multiplies the slow paths.
//
// hot-loop: ldg=8 (in[i])
#include "gpu.h"

KERNEL div64_grid(const long *in, long *out, long n, long nx, long ny, long nz) {
  const long stride = (long)nctaid_x() * ntid_x();
  for (long i = (long)ctaid_x() * ntid_x() + tid_x(); i < n; i += stride) {
    long v = in[i];
    long x = v % nx;
    long y = (v / nx) % ny;
    long z = v / (nx * ny) % nz;
    out[i] = x + 7 * y + 13 * z;
  }
}
