// clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1 known-regions.c -o known-regions.ll
// A generic-mode kernel that cannot be SPMDized (its sequential part calls an
// external function with side effects) and starts two parallel regions. The
// external function promises not to start parallel regions, so every region
// the workers can be handed is known.
// clang-22 (as C++: C has no spelling for OpenMP assumptions there any more):
// clang-22 -x c++ -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib -S -emit-llvm -O1 known-regions.c -o -
#if defined(__cplusplus) && __clang_major__ >= 19
#define NO_PARALLELISM [[omp::assume("omp_no_parallelism")]]
#else
#define NO_PARALLELISM __attribute__((assume("omp_no_parallelism")))
#endif
NO_PARALLELISM extern void log_step(int step);

void two_regions(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    log_step(0);
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1.0f;
    log_step(1);
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] *= 2.0f;
  }
}
