// A loop-carried scalar that is not a reduction (the previous element).
void shift(double *A, double *B, int m, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : m * n]) map(from : B[0 : m * n])
  for (int i = 0; i < m; ++i) {
    double prev = 0;
#pragma omp simd
    for (int j = 0; j < n; ++j) {
      B[i * n + j] = prev;
      prev = A[i * n + j];
    }
  }
}
