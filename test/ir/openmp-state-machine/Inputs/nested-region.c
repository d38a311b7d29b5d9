// clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1 nested-region.c -o nested-region.ll
// A parallel region nested in another runs serialized on the thread that
// meets it, never through the worker loop: only the outer region belongs in
// the cascade. The inner region calls an unknown function; that needs no
// fallback either.
__attribute__((assume("omp_no_parallelism"))) extern void log_step(int step);
extern void inner_work(float *a, int i);

static void helper(float *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp parallel
    inner_work(a, i);
  }
}

void nested(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    log_step(0);
    helper(a, n);
  }
}
