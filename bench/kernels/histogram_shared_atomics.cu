// histogram_shared_atomics: 256-bin byte histogram, privatized per block in
// __shared__ memory with atomic adds, then merged into the global histogram.
//
// Exercises memory-space inference on atomics: the front end emits
// atomicrmw on generic pointers (atom.add.u32); on a __shared__ bin the
// right instruction is atom.shared.add.u32, and on the kernel's output
// atom.global.add.u32. Also the clearing and merging loops over the shared
// bins, and a grid-stride loop with 64-bit index arithmetic.
//
// hot-loop: ldg=1 (data[i] of the grid-stride loop)
#include "gpu.h"

#define BINS 256

KERNEL histogram256(const unsigned char *__restrict__ data, long n, unsigned *hist) {
  __shared__ unsigned bins[BINS];
  for (unsigned b = tid_x(); b < BINS; b += ntid_x())
    bins[b] = 0;
  __syncthreads();

  const long stride = (long)nctaid_x() * ntid_x();
  for (long i = (long)ctaid_x() * ntid_x() + tid_x(); i < n; i += stride)
    atomic_add(&bins[data[i]], 1u);
  __syncthreads();

  for (unsigned b = tid_x(); b < BINS; b += ntid_x())
    if (bins[b] != 0)
      atomic_add(&hist[b], bins[b]);
}
