// The combined construct as a user writes it (bench/openmp/vecadd_spmd.c).
void vadd(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for map(to : a[0 : n], b[0 : n]) map(from : c[0 : n])
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}
