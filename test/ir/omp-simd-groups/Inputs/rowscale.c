// A row scale with simdlen(8): groups of 8 lanes, no reduction.
void rowscale(double *A, const double *f, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n]) map(to : f[0 : m])
  for (int i = 0; i < m; ++i) {
#pragma omp simd simdlen(8)
    for (int j = 0; j < n; ++j)
      A[i * n + j] *= f[i];
  }
}
