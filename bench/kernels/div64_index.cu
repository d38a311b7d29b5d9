// div64_index: a 3D permutation (x, y, z) -> (z, x, y) of a volume stored
// in a flat array, one thread per element, with 64-bit indices.
//
// Exercises the 64-bit division bypass (gpucc paper, section 3.6): the flat
// index is split into coordinates with / and % by runtime extents (long),
// i.e. three 64-bit divisions and remainders. At run time the values fit in
// 32 bits, so a check plus a 32-bit div.u32/rem.u32 fast path avoids the
// slow 64-bit division. llc's CodeGenPrepare bypasses these too; gpucc's
// pass shares one check between a / and a % of the same operands.
//
// hot-loop: none
#include "gpu.h"

KERNEL permute_zxy(const float *__restrict__ in, float *__restrict__ out, long nx, long ny,
                   long nz) {
  const long i = (long)ctaid_x() * ntid_x() + tid_x();
  const long total = nx * ny * nz;
  if (i >= total)
    return;

  const long x = i % nx;
  const long rest = i / nx;
  const long y = rest % ny;
  const long z = rest / ny;

  out[(x * ny + y) * nz + z] = in[i];
}
