// simd.h: helpers of the SIMD-group twins (test/omp-emu/simd/*.c), CUDA-style C for nvptx64
// built with clang 16: --target=nvptx64-nvidia-cuda -O1 -Xclang -target-feature -Xclang +ptx70.
// A SIMD group is G consecutive lanes of one warp (G a power of two, 2..32); each OpenMP
// thread of `omp simd` becomes one group, as gpucc-omp-simd-groups (issue 15 part 2) does.
#define TID() __nvvm_read_ptx_sreg_tid_x()
#define GLOBAL_TID() ((long)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + TID())
#define GRID_THREADS() ((long)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x())
// The lanes of this thread's group: ((1 << G) - 1) << (lane & ~(G - 1)).
#define GROUP_MASK(G)                                                                              \
  ((G) == 32 ? 0xffffffffu : ((1u << (G)) - 1) << ((TID() % 32) & ~((G) - 1u)))
// shfl.sync.bfly of a double: its two 32-bit halves.
static inline double shfl_bfly_d(unsigned mask, double v, int lanemask) {
  unsigned long long u = __builtin_bit_cast(unsigned long long, v);
  unsigned lo = __nvvm_shfl_sync_bfly_i32(mask, (unsigned)u, lanemask, 0x1f);
  unsigned hi = __nvvm_shfl_sync_bfly_i32(mask, (unsigned)(u >> 32), lanemask, 0x1f);
  return __builtin_bit_cast(double, (unsigned long long)hi << 32 | lo);
}
