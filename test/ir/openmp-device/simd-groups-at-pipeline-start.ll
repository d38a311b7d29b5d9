; A `simd` reduction in the combined construct (Inputs/rowdot.c), as clang's
; device compile hands it to the plugin: the pipeline-start point's own
; cleanup (up to loop rotation) gives gpucc-omp-simd-groups the latch-tested
; loop it reads, so the rows are summed by SIMD groups with a butterfly of
; shuffles (of the float sum as i32), at -O1, -O2 and -O3.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O1>' -S %S/Inputs/llvm%llvm/rowdot.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -S %S/Inputs/llvm%llvm/rowdot.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>' -S %S/Inputs/llvm%llvm/rowdot.ll \
; RUN:   | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 %opt -load-pass-plugin=%plugin -passes='default<O2>' -S \
; RUN:   %S/Inputs/llvm%llvm/rowdot.ll | FileCheck --check-prefix=STOCK %s

; CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_rowdot_l3(
; CHECK-NOT:   call {{.*}}@__kmpc_
; CHECK:       call i32 @llvm.nvvm.shfl.sync.bfly.i32(
; CHECK-NOT:   call {{.*}}@__kmpc_

; STOCK-NOT: shfl.sync
; STOCK:     call {{.*}}@__kmpc_
; STOCK-NOT: shfl.sync
