// dist_schedule(static, 4): a distribute chunk other than the block size.
void chunked_teams(int *x, int n) {
#pragma omp target teams distribute parallel for dist_schedule(static, 4) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
