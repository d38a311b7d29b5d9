// dist_schedule(static): blocked distribution (schedule 92), not chunked by
// the block size.
void blocked(int *x, int n) {
#pragma omp target teams distribute parallel for dist_schedule(static) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
