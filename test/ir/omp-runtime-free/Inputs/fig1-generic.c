// The seed's Fig. 1 (Bertolli et al.): target teams + distribute + nested parallel for,
// with sequential code (pi). clang emits a generic kernel; gpucc-openmp-opt makes it SPMD
// with a guarded region that stores thread-invariant values, and then
// gpucc-omp-runtime-free forwards them and reaches the combined construct's form.
void gen(double *c, const double *a, int n) {
#pragma omp target teams map(to : a[0 : n]) map(from : c[0 : n])
  {
    double pi = 3.14159265358979323846;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] = a[i] * pi;
  }
}
