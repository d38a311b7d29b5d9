// vecacc.c: vecadd.c accumulating into c (`c[i] += ...`), so an iteration that runs twice
// changes the result. hand-vacc-runtime-free.ll (made from hand-vadd-runtime-free.ll by the
// substitution in tests/omp_emulator.rs) is this kernel after the pass.
//
// Emulator spec (scripts/omp_emulate.py): same parameter order as vecadd.c.
// EMU-KERNEL: i64 n, ptr c, ptr a, ptr b
// EMU-ARRAY: double c[n] inout
// EMU-ARRAY: double a[n] in
// EMU-ARRAY: double b[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   c[i] += a[i] + b[i] * 3.14159265358979323846;
void vecacc(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for map(to : a[0 : n], b[0 : n]) map(tofrom : c[0 : n])
  for (int i = 0; i < n; ++i) {
    const double pi = 3.14159265358979323846;
    c[i] += a[i] + b[i] * pi;
  }
}
