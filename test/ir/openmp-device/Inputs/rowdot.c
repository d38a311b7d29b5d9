// A `simd` reduction over each row inside the combined construct.
void rowdot(const float *A, const float *x, float *y, int rows, int n) {
#pragma omp target teams distribute parallel for map(to : A[0 : rows * n], x[0 : n]) map(from : y[0 : rows])
  for (int i = 0; i < rows; ++i) {
    float s = 0.0f;
#pragma omp simd reduction(+ : s)
    for (int l = 0; l < n; ++l)
      s += A[i * n + l] * x[l];
    y[i] = s;
  }
}
