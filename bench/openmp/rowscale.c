// rowscale.c: a row scale with `#pragma omp simd simdlen(8)` (issue 15 part 2): SIMD groups
// of 8 lanes with gpucc-omp-simd-groups, no reduction.
void rowscale(double *A, const double *f, int m, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : m * n]) map(to : f[0 : m])
  for (int i = 0; i < m; ++i) {
#pragma omp simd simdlen(8)
    for (int j = 0; j < n; ++j)
      A[i * n + j] *= f[i];
  }
}
