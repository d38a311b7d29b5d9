// num_threads changes the team the loop is shared over.
void nt(int *x, int n) {
#pragma omp target teams distribute parallel for num_threads(64) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
