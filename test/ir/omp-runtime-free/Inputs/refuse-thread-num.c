#include <omp.h>
// The body asks which thread runs it: the mapping becomes observable.
void who(int *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] = omp_get_thread_num();
}
