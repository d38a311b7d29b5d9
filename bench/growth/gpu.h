// The corpus shares bench/kernels/gpu.h (clang) and gpu_nvrtc.h (NVRTC).
#include "../kernels/gpu.h"
