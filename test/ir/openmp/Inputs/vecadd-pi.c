// The vector add of Bertolli et al. (LLVM-HPC 2015): a sequential statement
// in the teams region, then a distribute parallel for that uses it.
void vecadd(int n, double *a, double *b, double *c) {
#pragma omp target teams map(to : a[0:n], b[0:n]) map(from : c[0:n])
  {
    double pi = 3.14159;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] = a[i] + pi * b[i];
  }
}
