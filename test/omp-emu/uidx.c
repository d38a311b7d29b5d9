// uidx.c: an `unsigned` loop (the _4u worksharing entry points: the grid-stride loop runs in
// 64 bits after gpucc-omp-runtime-free), accumulating, so an iteration run twice shows.
//
// Emulator spec (scripts/omp_emulate.py). Parameters in the order of first appearance in the
// region: n (loop condition), x.
// EMU-KERNEL: i64 n, ptr x
// EMU-ARRAY: unsigned x[n] inout
// EMU-REF: for (unsigned i = 0; i < n; ++i)
// EMU-REF:   x[i] += 7u * i + 1u;
void uidx(unsigned *x, unsigned n) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n])
  for (unsigned i = 0; i < n; ++i)
    x[i] += 7u * i + 1u;
}
