// twins/fig1.c: ../fig1.c's loop as a plain CUDA-style grid-stride kernel with its kernel
// parameters (built for nvptx64 by tests/omp_emulator.rs, no OpenMP): it checks the spec
// without the passes.
void emu_twin(long n, double *c, const double *a) {
  for (int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
               __nvvm_read_ptx_sreg_tid_x();
       i < (int)n; i += __nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x())
    c[i] += a[i] * 3.14159265358979323846;
}
