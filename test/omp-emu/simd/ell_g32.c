// ell_g32.c: ell_rows.c's irregular rows with one SIMD group of G = 32 lanes per row (as dot_g32.c).
// EMU-KERNEL: i64 n, ptr y, ptr len, ptr A, ptr x
// EMU-ARRAY: double y[n] out
// EMU-ARRAY: int len[n] in
// EMU-ARRAY: double A[(size_t)n * 64] in
// EMU-ARRAY: double x[64] in
// EMU-INIT: for (int i = 0; i < n; ++i) len[i] = 1 + (int)(((unsigned)i * 2654435761u) >> 9) % 64;
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   double s = 0;
// EMU-REF:   for (int j = 0; j < len[i]; ++j) s += A[(size_t)i * 64 + j] * x[j];
// EMU-REF:   y[i] = s;
// EMU-REF: }
#include "simd.h"
#define G 32
void emu_twin(long n, double *y, const int *len, const double *A, const double *x) {
  unsigned mask = GROUP_MASK(G);
  for (long v = GLOBAL_TID(); v < n * G; v += GRID_THREADS()) {
    long j = v / G;
    int lane = v % G;
    double s = 0;
    for (int k = lane; k < len[j]; k += G)
      s += A[j * 64 + k] * x[k];
    for (int o = G / 2; o > 0; o /= 2)
      s += shfl_bfly_d(mask, s, o);
    if (lane == 0)
      y[j] = s;
  }
}
