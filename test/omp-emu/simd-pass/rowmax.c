// rowmax.c: an integer max reduction over rows (groups of 32 lanes, smax butterfly).
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (rows), len, A, y.
// EMU-KERNEL: i64 n, i64 len, ptr A, ptr y
// EMU-SCALAR: int len = 70
// EMU-ARRAY: int A[n * len] in
// EMU-ARRAY: int y[n] out
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   int best = -2147483647 - 1;
// EMU-REF:   for (int j = 0; j < len; ++j)
// EMU-REF:     best = A[i * len + j] > best ? A[i * len + j] : best;
// EMU-REF:   y[i] = best;
// EMU-REF: }
void rowmax(const int *A, int *y, int n, int len) {
#pragma omp target teams distribute parallel for map(to : A[0 : n * len]) map(from : y[0 : n])
  for (int i = 0; i < n; ++i) {
    int best = -2147483647 - 1;
#pragma omp simd reduction(max : best)
    for (int j = 0; j < len; ++j)
      best = A[i * len + j] > best ? A[i * len + j] : best;
    y[i] = best;
  }
}
