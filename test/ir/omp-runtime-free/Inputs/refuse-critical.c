// A critical section needs the runtime's lock.
void crit(int *x, int n, int *count) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n], count[0 : 1])
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    count[0] += x[i];
  }
}
