// A call in the simd loop.
extern double weight(int);
#pragma omp declare target(weight)
double weight(int j) { return 1.0 / (j + 1); }
void wsum(const double *A, double *y, int m, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : m * n]) map(from : y[0 : m])
  for (int i = 0; i < m; ++i) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * weight(j);
    y[i] = s;
  }
}
