// A generic-mode kernel (code of the team's main thread before the
// `distribute parallel for`): SPMDized by gpucc-openmp-opt, then runtime-free.
void scale(double *c, int n) {
#pragma omp target teams map(tofrom : c[0 : n])
  {
    double k = 2.0;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] = k * c[i];
  }
}
