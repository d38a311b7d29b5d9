// lastprivate reads the is-last flag of the worksharing init.
void last(int *x, int n, int *out) {
  int v = 0;
#pragma omp target teams distribute parallel for lastprivate(v) map(tofrom : x[0 : n], v)
  for (int i = 0; i < n; ++i) {
    v = x[i];
    x[i] = v + 1;
  }
  *out = v;
}
