#include <omp.h>
// The sequential part asks for the thread number and the thread limit. In
// generic mode only the main thread runs it and gets 0 (and the limit without
// the main warp); in SPMD mode every thread would get its own id (and another
// limit): the meaning changes, so the kernel stays generic.
void threads(int n, int *out) {
#pragma omp target teams map(from : out[0:n])
  {
    int t = omp_get_thread_num() + omp_get_thread_limit();
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      out[i] = t + i;
  }
}
