// The sequential part writes device memory: a store (guarded: one thread
// writes), and an atomic capture whose value later sequential code tests
// (guarded, then broadcast to the team through shared memory).
void ticket(int n, int *counter, int *flag, int *out) {
#pragma omp target teams map(tofrom : counter[0:1], flag[0:1], out[0:n])
  {
    flag[0] = 1;
    int first;
#pragma omp atomic capture
    first = counter[0]++;
    int base = first * n;
    if (first == 0)
      flag[0] = 2;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      out[i] = base + i;
  }
}
