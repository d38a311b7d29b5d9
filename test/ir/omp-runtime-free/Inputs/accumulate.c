// a[i] += b[i]: running an iteration twice changes the result.
void accumulate(int *a, const int *b, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a[0 : n]) map(to : b[0 : n])
  for (int i = 0; i < n; ++i)
    a[i] += b[i] * i;
}
