// grid_sum_long: the countable case, kept as the control: a `long` index
// with a grid stride, a one-load body (BabelStream's dot without the
// second array). Unrolling pays here: one trip-count division, then eight
// loads per trip.
//
// hot-loop: ldg=4 (in[i])
#include "gpu.h"

KERNEL grid_sum_long(const float *__restrict__ in, float *__restrict__ out, long n) {
  float acc = 0.0f;
  const long stride = (long)nctaid_x() * ntid_x();
  for (long i = (long)ctaid_x() * ntid_x() + tid_x(); i < n; i += stride)
    acc += in[i];
  atomic_add(&out[ctaid_x()], acc);
}
