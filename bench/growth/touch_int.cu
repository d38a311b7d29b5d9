// touch_int: the tiny kernel of inter-process and memory-touch tests: add
// one to every element, `int` index, grid-stride.
//
// hot-loop: ldg=4 (a[i])
#include "gpu.h"

KERNEL touch_int(int *a, int n) {
  int stride = ntid_x() * nctaid_x();
  for (int i = ctaid_x() * ntid_x() + tid_x(); i < n; i += stride)
    a[i] = a[i] + 1;
}
