// dot_g8.c: y[i] = sum_j A[i*n+j] * x[j] (n x n), one SIMD group of G = 8 lanes per row.
// Grid-stride over v in [0, n*G): row j = v / G, lane = v % G; the lanes take columns
// lane, lane + G, ...; a butterfly of log2(G) shfl.sync.bfly steps sums the partial sums (every
// lane ends with the row's sum) and lane 0 stores it. Exact: see "Reductions" in omp_emulate.py.
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
#define G 8
void emu_twin(long n, double *y, const double *A, const double *x) {
  unsigned mask = GROUP_MASK(G);
  for (long v = GLOBAL_TID(); v < n * G; v += GRID_THREADS()) {
    long j = v / G;
    int lane = v % G;
    double s = 0;
    for (long k = lane; k < n; k += G)
      s += A[j * n + k] * x[k];
    for (int o = G / 2; o > 0; o /= 2)
      s += shfl_bfly_d(mask, s, o);
    if (lane == 0)
      y[j] = s;
  }
}
