// An unsigned 32-bit IV: clang uses the _4u entry points.
void fill(unsigned *x, unsigned n) {
#pragma omp target teams distribute parallel for map(from : x[0 : n])
  for (unsigned i = 0; i < n; ++i)
    x[i] = i * 7u;
}
