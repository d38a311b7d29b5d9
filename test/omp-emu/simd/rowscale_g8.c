// rowscale_g8.c: A[i*n+j] *= f[i] (n x n), one SIMD group of G = 8 lanes per row, no reduction.
// The group meets at bar.warp.sync after each row (what a group form may do between rows of an
// `omp simd` loop; harmless here), so that the per-group mask is exercised without shuffles.
// EMU-KERNEL: i64 n, ptr A, ptr f
// EMU-ARRAY: double A[(size_t)n * n] inout
// EMU-ARRAY: double f[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   for (int j = 0; j < n; ++j) A[(size_t)i * n + j] *= f[i];
#include "simd.h"
#define G 8
void emu_twin(long n, double *A, const double *f) {
  unsigned mask = GROUP_MASK(G);
  for (long v = GLOBAL_TID(); v < n * G; v += GRID_THREADS()) {
    long j = v / G;
    for (long k = v % G; k < n; k += G)
      A[j * n + k] *= f[j];
    __nvvm_bar_warp_sync(mask);
  }
}
