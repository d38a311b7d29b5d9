// intidx.c: an integer kernel whose value depends on the index, `c[i] = a[i] * i`, and a
// second scalar m: a wrong index (a thread's offset, not the iteration) shows in the value.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region, not of the map clauses: n (loop condition), c, a (in `c[i] = a[i] * i`), then d, m.
// EMU-KERNEL: i64 n, ptr c, ptr a, ptr d, i64 m
// EMU-ARRAY: int c[n] out
// EMU-ARRAY: int a[n] in
// EMU-ARRAY: int d[n] out
// EMU-SCALAR: int m = 7
// EMU-REF: for (int i = 0; i < n; ++i) {
// EMU-REF:   c[i] = a[i] * i;
// EMU-REF:   d[i] = m - i;
// EMU-REF: }
void intidx(const int *a, int *c, int *d, int n, int m) {
#pragma omp target teams distribute parallel for map(to : a[0 : n]) map(from : c[0 : n], d[0 : n])
  for (int i = 0; i < n; ++i) {
    c[i] = a[i] * i;
    d[i] = m - i;
  }
}
