// team_num.c: a generic-mode kernel whose sequential part calls
// omp_get_team_num() (each team offsets its output by its team number). The
// call has no side effect, so every thread may make it and the kernel can be
// SPMDized; LLVM 16's openmp-opt does not know that and refuses (remark
// OMP121: "Value has potential side effects preventing SPMD-mode execution"),
// so the kernel keeps its state machine there.
int omp_get_team_num(void);

void team_offset(int n, const float *in, float *out) {
#pragma omp target teams map(to : in[0 : n]) map(from : out[0 : n])
  {
    float offset = 0.25f * (float)omp_get_team_num();
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      out[i] = in[i] + offset;
  }
}
