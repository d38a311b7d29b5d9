#include <omp.h>
// The sequential part asks for the team number: the same value on every
// thread of the team, and no side effect. LLVM 16 refuses SPMD mode (OMP121).
void teams(int n, int *out) {
#pragma omp target teams map(from : out[0:n])
  {
    int t = omp_get_team_num();
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      out[i] = t + i;
  }
}
