// bitonic_shared: a block sorts 1024 keys in shared memory, bitonic
// merge networks of growing size; the keys are loaded and stored by
// block-stride loops over the 1024-entry tile (a few trips per thread).
//
// hot-loop: lds=8 (the two keys of a compare-exchange)
#include "gpu.h"

#define TILE 1024

KERNEL bitonic_shared(unsigned *keys) {
  __shared__ unsigned s[TILE];
  unsigned *base = keys + ctaid_x() * TILE;
  for (unsigned i = tid_x(); i < TILE; i += ntid_x())
    s[i] = base[i];
  for (unsigned size = 2; size <= TILE; size <<= 1) {
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (unsigned t = tid_x(); t < TILE / 2; t += ntid_x()) {
        unsigned pos = 2 * t - (t & (stride - 1));
        bool up = (pos & size) == 0;
        unsigned a = s[pos], b = s[pos + stride];
        if ((a > b) == up) {
          s[pos] = b;
          s[pos + stride] = a;
        }
      }
    }
  }
  __syncthreads();
  for (unsigned i = tid_x(); i < TILE; i += ntid_x())
    base[i] = s[i];
}
