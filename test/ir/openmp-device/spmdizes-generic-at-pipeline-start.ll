; A generic-mode kernel (Inputs/generic.c) is not the combined construct:
; the runtime-free rewrite (inside gpucc-omp-simd-groups, whose remarks they
; are) refuses it, and gpucc-openmp-opt, next in the
; pipeline-start point's OpenMP passes, makes it SPMD before clang's own
; openmp-opt runs.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-missed=gpucc-omp-simd-groups -disable-output \
; RUN:   %S/Inputs/llvm%llvm/generic.ll 2>&1 | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 %opt -load-pass-plugin=%plugin -passes='default<O2>' \
; RUN:   -pass-remarks=gpucc-openmp-opt -disable-output %S/Inputs/llvm%llvm/generic.ll 2>&1 \
; RUN:   | FileCheck --allow-empty --check-prefix=OFF %s

; CHECK: remark: {{.*}}keeps the OpenMP runtime: it is not an SPMD-mode kernel
; CHECK: remark: {{.*}}Transformed generic-mode kernel to SPMD-mode. [OMP120]
; OFF-NOT: remark
