// rowdot.c: a row-wise dot product, `#pragma omp simd reduction(+:s)` inside the combined
// construct (issue 15 part 2): SIMD groups of 32 lanes with gpucc-omp-simd-groups.
void rowdot(const double *A, const double *x, double *y, int m, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : m * n], x[0 : n]) map(from : y[0 : m])
  for (int i = 0; i < m; ++i) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}
