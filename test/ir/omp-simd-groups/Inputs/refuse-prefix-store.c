// The code before the simd loop writes memory: lane 0 would have to do it and
// broadcast, which this pass does not.
void pre(double *A, int *count, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n], count[0 : m])
  for (int i = 0; i < m; ++i) {
    count[i] = n;
#pragma omp simd
    for (int j = 0; j < n; ++j)
      A[i * n + j] *= 2.0;
  }
}
