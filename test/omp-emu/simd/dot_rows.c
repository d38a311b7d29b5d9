// dot_rows.c: y[i] = sum_j A[i*n+j] * x[j] (n x n) in today's form: one thread per row (the
// grid-stride loop of gpucc-omp-runtime-free), the `omp simd` loop run sequentially.
// EMU-KERNEL: i64 n, ptr y, ptr A, ptr x
// EMU-ARRAY: double y[n] out
// EMU-ARRAY: double A[(size_t)n * n] in
// EMU-ARRAY: double x[n] in
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   double s = 0;
// EMU-REF:   for (int j = 0; j < n; ++j) s += A[(size_t)i * n + j] * x[j];
// EMU-REF:   y[i] = s;
// EMU-REF: }
#include "simd.h"
void emu_twin(long n, double *y, const double *A, const double *x) {
  for (long j = GLOBAL_TID(); j < n; j += GRID_THREADS()) {
    double s = 0;
    for (long k = 0; k < n; ++k)
      s += A[j * n + k] * x[k];
    y[j] = s;
  }
}
