; The OpenMP passes of the pipeline-start point run only on GPU modules that
; start OpenMP kernels: not on this NVPTX module without any (nor on host
; code: test/ir/openmp-device/clang-device-compile.ll), and not at -O0.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -debug-pass-manager -disable-output \
; RUN:   %s 2>&1 | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -debug-pass-manager -disable-output \
; RUN:   %S/Inputs/llvm%llvm/vadd.ll 2>&1 | FileCheck --check-prefix=OMP %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O0>' -debug-pass-manager -disable-output \
; RUN:   %S/Inputs/llvm%llvm/vadd.ll 2>&1 | FileCheck %s
; CHECK-NOT: Running pass: gpucc-omp-simd-groups
; CHECK-NOT: Running pass: gpucc-openmp-opt
; OMP: Running pass: gpucc-openmp-opt
; OMP: Running pass: gpucc-omp-simd-groups
; OMP: Running pass: OpenMPOptPass
target triple = "nvptx64-nvidia-cuda"

define void @kernel(ptr %p) {
  store i32 0, ptr %p
  ret void
}
