// inplace.c: `a[i] += b[i]` in place: an iteration that runs twice, or not at all, changes a.
//
// Emulator spec (scripts/omp_emulate.py): n (loop condition), then a, b.
// EMU-KERNEL: i64 n, ptr a, ptr b
// EMU-ARRAY: double a[n] inout
// EMU-ARRAY: double b[n] in
// EMU-REF: for (int i = 0; i < n; ++i)
// EMU-REF:   a[i] += b[i];
void inplace(double *a, const double *b, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a[0 : n]) map(to : b[0 : n])
  for (int i = 0; i < n; ++i)
    a[i] += b[i];
}
