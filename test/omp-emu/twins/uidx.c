// twins/uidx.c: ../uidx.c's loop as a plain CUDA-style grid-stride kernel with its kernel
// parameters (built for nvptx64 by tests/omp_emulator.rs, no OpenMP): it checks the spec
// without gpucc-omp-runtime-free.
void emu_twin(long n, unsigned *x) {
  for (unsigned i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
                    __nvvm_read_ptx_sreg_tid_x();
       i < (unsigned)n; i += __nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x())
    x[i] += 7u * i + 1u;
}
