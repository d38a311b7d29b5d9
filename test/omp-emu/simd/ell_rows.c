// ell_rows.c: irregular rows, y[i] = sum_{j < len[i]} A[i*64+j] * x[j], len[i] in 1..64 (rows of
// an ELL-like matrix, 64 wide), in today's form: one thread per row.
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
void emu_twin(long n, double *y, const int *len, const double *A, const double *x) {
  for (long j = GLOBAL_TID(); j < n; j += GRID_THREADS()) {
    double s = 0;
    for (int k = 0; k < len[j]; ++k)
      s += A[j * 64 + k] * x[k];
    y[j] = s;
  }
}
