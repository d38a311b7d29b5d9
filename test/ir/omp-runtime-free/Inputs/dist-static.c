// dist_schedule(static): blocked distribution (schedule 92) of a combined
// construct. Nothing in the loop can tell which team runs an iteration, so it
// becomes the same grid-stride loop.
void blocked(int *x, int n) {
#pragma omp target teams distribute parallel for dist_schedule(static) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
