// vecadd_spmd.c: the vector add of vecadd_generic in the native combined form
// `target teams distribute parallel for`, which clang 16 emits directly as an
// SPMD-mode kernel (every thread runs the whole kernel, no state machine).
// This is the target that SPMDizing vecadd_generic should reach.
void vecadd(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for map(to : a[0 : n], b[0 : n]) map(from : c[0 : n])
  for (int i = 0; i < n; ++i) {
    const double pi = 3.14159265358979323846;
    c[i] = a[i] + b[i] * pi;
  }
}
