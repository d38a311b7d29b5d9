// vecadd.c: the vector add of bench/openmp/vecadd_spmd.c (double). The hand-written
// runtime-free kernel hand-vadd-runtime-free.ll is this kernel after the pass.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in
// the region: n (loop condition), then c, a, b (in `c[i] = a[i] + ...`).
// EMU-KERNEL: i64 n, ptr c, ptr a, ptr b
// EMU-ARRAY: double c[n] out
// EMU-ARRAY: double a[n] in
// EMU-ARRAY: double b[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   c[i] = a[i] + b[i] * 3.14159265358979323846;
void vecadd(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for map(to : a[0 : n], b[0 : n]) map(from : c[0 : n])
  for (int i = 0; i < n; ++i) {
    const double pi = 3.14159265358979323846;
    c[i] = a[i] + b[i] * pi;
  }
}
