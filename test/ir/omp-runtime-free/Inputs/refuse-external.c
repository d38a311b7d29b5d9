// An external function the pass cannot see.
extern int hidden(int);
#pragma omp declare target(hidden)
void ext(int *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] = hidden(i);
}
