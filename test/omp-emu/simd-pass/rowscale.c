// rowscale.c: a row scale with `#pragma omp simd simdlen(8)`: groups of 8 lanes, each row's
// elements strided over its lanes, no reduction.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (rows), len, A, f.
// EMU-KERNEL: i64 n, i64 len, ptr A, ptr f
// EMU-SCALAR: int len = 21
// EMU-ARRAY: double A[n * len] inout
// EMU-ARRAY: double f[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   for (int j = 0; j < len; ++j)
// EMU-REF:     A[i * len + j] *= f[i];
void rowscale(double *A, const double *f, int n, int len) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : n * len]) map(to : f[0 : n])
  for (int i = 0; i < n; ++i) {
#pragma omp simd simdlen(8)
    for (int j = 0; j < len; ++j)
      A[i * len + j] *= f[i];
  }
}
