// An integer max reduction.
void rowmax(const int *A, int *y, int m, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : m * n]) map(from : y[0 : m])
  for (int i = 0; i < m; ++i) {
    int best = -2147483647 - 1;
#pragma omp simd reduction(max : best)
    for (int j = 0; j < n; ++j)
      best = A[i * n + j] > best ? A[i * n + j] : best;
    y[i] = best;
  }
}
