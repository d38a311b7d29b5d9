// fig1.c: the seed's Fig. 1 (Bertolli et al.) in generic form, accumulating: `target teams`
// with sequential code (pi) and a nested `distribute parallel for`. clang emits a generic
// kernel; gpucc-openmp-opt makes it SPMD with a guarded region (thread 0 stores n, c, a and
// pi into team-shared memory, a barrier publishes them), and gpucc-omp-runtime-free forwards
// those stores and reaches the combined construct's grid-stride form (schedule 92).
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (loop condition), c, a.
// EMU-KERNEL: i64 n, ptr c, ptr a
// EMU-ARRAY: double c[n] inout
// EMU-ARRAY: double a[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   c[i] += a[i] * 3.14159265358979323846;
void fig1(double *c, const double *a, int n) {
#pragma omp target teams map(to : a[0 : n]) map(tofrom : c[0 : n])
  {
    double pi = 3.14159265358979323846;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] += a[i] * pi;
  }
}
