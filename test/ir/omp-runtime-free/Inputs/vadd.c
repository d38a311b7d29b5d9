// The vector add as a combined construct: clang emits an SPMD kernel that
// still calls the runtime (distribute schedule 91, parallel_51, for schedule 33).
void vadd(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for map(to : a[0 : n], b[0 : n]) map(from : c[0 : n])
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i] * 3.14159265358979323846;
}
