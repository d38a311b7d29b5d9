// rowdot.c: a row-wise dot product with `#pragma omp simd reduction(+:s)` in the combined
// construct: gpucc-omp-simd-groups gives each row to a group of 32 lanes (butterfly sum,
// lane-0 store). Integer-valued data keep the floating-point sums exact in any order.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (rows, loop condition), len (row length), A, x, y.
// EMU-KERNEL: i64 n, i64 len, ptr A, ptr x, ptr y
// EMU-SCALAR: int len = 45
// EMU-ARRAY: double A[n * len] in
// EMU-ARRAY: double x[len] in
// EMU-ARRAY: double y[n] out
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   double s = 0;
// EMU-REF:   for (int j = 0; j < len; ++j)
// EMU-REF:     s += A[i * len + j] * x[j];
// EMU-REF:   y[i] = s;
// EMU-REF: }
void rowdot(const double *A, const double *x, double *y, int n, int len) {
#pragma omp target teams distribute parallel for map(to : A[0 : n * len], x[0 : len]) map(from : y[0 : n])
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < len; ++j)
      s += A[i * len + j] * x[j];
    y[i] = s;
  }
}
