// div64.cu: a CUDA kernel pair whose index math divides 64-bit integers.
//
// NVPTX has no 64-bit divide instruction: `div.s64`/`rem.u64` expand to a
// ~70-instruction software loop, while `div.u32` is a short hardware sequence.
// Index math is usually 64-bit (`size_t`, `long long`) but its values almost
// always fit in 32 bits, which is what gpucc's bypass-slow-division exploits:
// test at run time whether both operands fit in 32 bits, and divide in 32 bits
// if they do.
//
// Built by scripts/demo.sh without the CUDA SDK:
//   clang-16 -x cuda --cuda-device-only -nocudainc -nocudalib \
//            --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm div64.cu
// so the few CUDA spellings it needs are defined here.

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

typedef unsigned long size_t;

// Global linear thread index, widened to 64 bits as CUDA code usually does.
static __device__ long long global_thread_index(void) {
  return (long long)__nvvm_read_ptx_sreg_ctaid_x() *
             (long long)__nvvm_read_ptx_sreg_ntid_x() +
         (long long)__nvvm_read_ptx_sreg_tid_x();
}

// Transposes a row-major `height x width` matrix into column-major order.
// The linear index becomes (row, col) with a division and a remainder on the
// same operands. NVPTX has no combined div/rem, so clang -O2 (DivRemPairs)
// already rewrites `i % width` as `i - row * width`: one sdiv i64 remains, and
// the bypass guards it with one runtime check.
extern "C" __global__ void transpose(const float *in, float *out,
                                     long long width, long long height) {
  long long i = global_thread_index();
  if (i >= width * height)
    return;
  long long row = i / width; // sdiv i64
  long long col = i % width; // srem i64, same operands as the sdiv
  out[col * height + row] = in[i];
}

// Puts each key into one of `nbuckets` buckets of `bucket_size` consecutive
// keys, wrapping around: two unsigned divisions with different operands, so
// two runtime checks.
extern "C" __global__ void bucketize(const size_t *keys, unsigned *bucket,
                                     size_t n, size_t bucket_size,
                                     size_t nbuckets) {
  size_t i = (size_t)global_thread_index();
  if (i >= n)
    return;
  size_t b = keys[i] / bucket_size; // udiv i64
  bucket[i] = (unsigned)(b % nbuckets); // urem i64
}
