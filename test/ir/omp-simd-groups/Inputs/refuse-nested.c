// A loop nested in the simd loop.
void nest(double *A, int m, int n, int k) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n])
  for (int i = 0; i < m; ++i) {
#pragma omp simd
    for (int j = 0; j < n; ++j)
      for (int r = 0; r < k; ++r)
        A[i * n + j] = A[i * n + j] * 0.5 + r;
  }
}
