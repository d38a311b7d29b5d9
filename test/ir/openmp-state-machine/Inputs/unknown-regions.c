// clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1 unknown-regions.c -o unknown-regions.ll
// Two generic-mode kernels whose workers may be handed a parallel region we
// cannot see: one calls an external function that may start parallel regions
// itself; the other calls a function through a pointer.
extern void may_fork(float *a, int n);

void calls_unknown(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    may_fork(a, n);
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1.0f;
  }
}

void calls_pointer(float *a, int n, void (*step)(float *, int)) {
#pragma omp target map(tofrom : a[0 : n])
  {
    step(a, n);
  }
}
