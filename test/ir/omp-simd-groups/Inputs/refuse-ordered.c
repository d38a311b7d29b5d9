// `#pragma omp ordered simd`: the region runs in iteration order (a prefix sum).
void ord(double *A, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n])
  for (int i = 0; i < m; ++i) {
#pragma omp simd
    for (int j = 1; j < n; ++j) {
#pragma omp ordered simd
      A[i * n + j] += A[i * n + j - 1];
    }
  }
}
