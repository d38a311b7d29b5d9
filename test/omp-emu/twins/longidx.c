// twins/longidx.c: ../longidx.c's loop as a plain CUDA-style grid-stride kernel with its kernel
// parameters (built for nvptx64 by tests/omp_emulator.rs, no OpenMP): it checks the spec
// without gpucc-omp-runtime-free.
void emu_twin(long n, long *x, long s) {
  for (long i = (long)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
                __nvvm_read_ptx_sreg_tid_x();
       i < n; i += (long)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x())
    x[i] = x[i] * s + i;
}
