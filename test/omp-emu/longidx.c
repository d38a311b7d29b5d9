// longidx.c: a `long` loop (the _8 worksharing entry points: a 64-bit grid-stride loop after
// gpucc-omp-runtime-free) updating in place, so an iteration run twice shows.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (loop condition), x, then s.
// EMU-KERNEL: i64 n, ptr x, i64 s
// EMU-ARRAY: long x[n] inout
// EMU-SCALAR: long s = 3
// EMU-REF: for (long i = 0; i < n; ++i)
// EMU-REF:   x[i] = x[i] * s + i;
void longidx(long *x, long n, long s) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n])
  for (long i = 0; i < n; ++i)
    x[i] = x[i] * s + i;
}
