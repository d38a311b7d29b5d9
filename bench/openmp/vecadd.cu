// vecadd.cu: the CUDA twin of vecadd_generic.c / vecadd_spmd.c, one thread per
// element with a bounds check, as in the 2015 paper's comparison (CUDA 16
// registers there). No device runtime: the floor that SPMDized OpenMP can
// approach. Compiled with clang-16 -x cuda --cuda-device-only -nocudainc
// -nocudalib --cuda-gpu-arch=sm_80 -O3.
#include "../kernels/gpu.h"

KERNEL vecadd(const double *a, const double *b, double *c, int n) {
  const double pi = 3.14159265358979323846;
  int i = (int)(ctaid_x() * ntid_x() + tid_x());
  if (i < n)
    c[i] = a[i] + b[i] * pi;
}
