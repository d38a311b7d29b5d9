// clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1 call-graph.c -o call-graph.ll
// The walk through called functions. Each kernel stays generic (it calls the
// side-effecting, parallelism-free log_step in its sequential part).
__attribute__((assume("omp_no_parallelism"))) extern void log_step(int step);
extern float table_lookup(int i) __attribute__((pure));

// A region inside a called function (kept out of line) is found.
__attribute__((noinline)) void scale_all(float *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] *= 2.0f;
}

void region_in_callee(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    log_step(0);
    scale_all(a, n);
  }
}

// A weak function may be replaced at link time by one that starts regions.
__attribute__((weak)) void user_hook(float *a) { a[0] = 0.0f; }

void weak_callee(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    log_step(0);
    user_hook(a);
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1.0f;
  }
}

// An external function that only reads memory cannot start a region.
void pure_callee(float *a, int n) {
#pragma omp target map(tofrom : a[0 : n])
  {
    log_step(0);
    a[0] = table_lookup(n);
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1.0f;
  }
}
