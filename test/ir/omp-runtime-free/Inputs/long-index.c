// A 64-bit trip count: clang uses the _8 entry points.
void scale(double *x, long n, double s) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n])
  for (long i = 0; i < n; ++i)
    x[i] *= s;
}
