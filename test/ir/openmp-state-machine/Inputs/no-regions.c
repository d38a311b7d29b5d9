// clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1 no-regions.c -o no-regions.ll
// A generic-mode kernel without any parallel region: its workers have nothing
// to do. The external function promises not to start parallel regions.
__attribute__((assume("omp_no_parallelism"))) extern void log_value(float v);

void sequential_only(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
      s += a[i];
    log_value(s);
    a[0] = s;
  }
}
