; A generic-mode kernel (Inputs/generic.c: the team's main thread sets up a
; value before the `distribute parallel for`) is not the combined construct
; as clang emits it. At the pipeline-start point gpucc-openmp-opt makes it SPMD
; first, on clang's IR as emitted, and the runtime-free rewrite (inside
; gpucc-omp-simd-groups, whose remarks they are) then takes the SPMDized
; kernel, before clang's own openmp-opt runs.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' \
; RUN:   '-pass-remarks=gpucc-openmp-opt|gpucc-omp-simd-groups' -disable-output \
; RUN:   %S/Inputs/llvm%llvm/generic.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -S %S/Inputs/llvm%llvm/generic.ll \
; RUN:   | FileCheck %s
; Switched off: none of our remarks, and the runtime stays.
; RUN: env GPUCC_AUTO_PIPELINE=0 %opt -load-pass-plugin=%plugin -passes='default<O2>' \
; RUN:   -pass-remarks=gpucc-openmp-opt -disable-output %S/Inputs/llvm%llvm/generic.ll 2>&1 \
; RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
; RUN: env GPUCC_AUTO_PIPELINE=0 %opt -load-pass-plugin=%plugin -passes='default<O2>' -S \
; RUN:   %S/Inputs/llvm%llvm/generic.ll | FileCheck --check-prefix=STOCK %s

; REMARK: remark: {{.*}}Transformed generic-mode kernel to SPMD-mode. [OMP120]
; REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_scale_l4 runs as a grid-stride loop without the OpenMP device runtime

; CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_scale_l4(
; CHECK:         @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK-NOT:   call {{.*}}@__kmpc_

; OFF-NOT: remark
; STOCK: call {{.*}}@__kmpc_
