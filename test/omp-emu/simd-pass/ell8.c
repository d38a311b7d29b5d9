// ell8.c: ell.c with simdlen(8) (groups of 8 lanes): irregular rows, y[i] = sum_{j < len[i]} A[i*64+j] * x[j] with len[i] in 1..64 (an
// ELL-like matrix, 64 wide), `#pragma omp simd reduction(+:s)`: groups of 32 lanes, whose
// lanes past a short row's end idle until the butterfly.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (rows), len (the simd loop's bound), A, x, y.
// EMU-KERNEL: i64 n, ptr len, ptr A, ptr x, ptr y
// EMU-ARRAY: int len[n] in
// EMU-ARRAY: double A[(size_t)n * 64] in
// EMU-ARRAY: double x[64] in
// EMU-ARRAY: double y[n] out
// EMU-INIT: for (int i = 0; i < n; ++i) len[i] = 1 + (int)(((unsigned)i * 2654435761u) >> 9) % 64;
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   double s = 0;
// EMU-REF:   for (int j = 0; j < len[i]; ++j) s += A[(size_t)i * 64 + j] * x[j];
// EMU-REF:   y[i] = s;
// EMU-REF: }
void ell8(const double *A, const double *x, const int *len, double *y, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : n * 64], x[0 : 64], len[0 : n]) map(from : y[0 : n])
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma omp simd simdlen(8) reduction(+ : s)
    for (int j = 0; j < len[i]; ++j)
      s += A[i * 64 + j] * x[j];
    y[i] = s;
  }
}
