// schedule(static, 4): another for schedule than clang's default chunk 1.
void chunked(int *x, int n) {
#pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
