// Input of clang-auto-pipeline.ll: one kernel and one host function, each
// with a 64-bit division by a runtime value.
#define __global__ __attribute__((global))

extern "C" __global__ void kernel_div(long long *out, long long w) {
  long long i = out[0];
  out[1] = i / w;
}

extern "C" long long host_div(long long a, long long b) { return a / b; }
