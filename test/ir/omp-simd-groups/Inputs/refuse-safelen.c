// safelen(4): only 4 iterations may run together (a dependence at distance 4).
void sl(double *A, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n])
  for (int i = 0; i < m; ++i) {
#pragma omp simd safelen(4)
    for (int j = 4; j < n; ++j)
      A[i * n + j] += A[i * n + j - 4];
  }
}
