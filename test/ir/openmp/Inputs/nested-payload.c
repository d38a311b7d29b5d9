// A large payload: a nested loop per element, with a sequential scale factor
// computed in the teams region before the distribute parallel for.
void payload(int n, int m, const float *x, float *y, float w) {
#pragma omp target teams map(to : x[0:n * m]) map(tofrom : y[0:n])
  {
    float scale = w * 0.5f + 1.0f;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i) {
      float acc = 0.0f;
      for (int j = 0; j < m; ++j) {
        float v = x[i * m + j];
        for (int k = 0; k < 4; ++k)
          acc += v * scale + (float)k;
      }
      y[i] += acc;
    }
  }
}
