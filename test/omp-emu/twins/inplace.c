// twins/inplace.c: ../inplace.c's loop as a plain CUDA-style grid-stride kernel with ../inplace.c's kernel
// parameters (built for nvptx64 by tests/omp_emulator.rs, no OpenMP): it checks the spec
// (parameter order, array modes, reference) without gpucc-omp-runtime-free.
#define GRID_STRIDE(i, n)                                                                          \
  for (int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +                    \
               __nvvm_read_ptx_sreg_tid_x();                                                       \
       i < (n); i += __nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x())
void emu_twin(long n, double *a, const double *b) {
  GRID_STRIDE(i, (int)n) a[i] += b[i];
}
