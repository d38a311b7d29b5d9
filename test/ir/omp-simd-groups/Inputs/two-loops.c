// Two simd loops in one body.
void two(double *A, double *B, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n], B[0 : m * n])
  for (int i = 0; i < m; ++i) {
#pragma omp simd
    for (int j = 0; j < n; ++j)
      A[i * n + j] *= 2.0;
#pragma omp simd
    for (int j = 0; j < n; ++j)
      B[i * n + j] += 1.0;
  }
}
