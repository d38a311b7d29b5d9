// After the loop, lane 0 stores y[i] and then the body reads it back: the
// other lanes would read it without waiting for lane 0.
void rb(const double *A, double *y, double *z, int m, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : m * n]) map(tofrom : y[0 : m], z[0 : m])
  for (int i = 0; i < m; ++i) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; ++j)
      s += A[i * n + j];
    y[i] = s;
    z[i] = y[i] * 2.0 + y[(i + 1) % m];
  }
}
