// BabelStream's triad: the combined construct with `simd`, whose loop
// variable is implicitly lastprivate (clang reads the is-last flag).
void triad(double *a, const double *b, const double *c, double s, int n) {
#pragma omp target teams distribute parallel for simd map(from : a[0 : n]) map(to : b[0 : n], c[0 : n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}
