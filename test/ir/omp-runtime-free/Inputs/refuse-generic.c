// target teams + distribute parallel for with sequential code: a generic
// kernel until gpucc-openmp-opt makes it SPMD (with a guarded region).
void gen(double *c, const double *a, int n) {
#pragma omp target teams map(to : a[0 : n]) map(from : c[0 : n])
  {
    double pi = 3.14159265358979323846;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] = a[i] * pi;
  }
}
