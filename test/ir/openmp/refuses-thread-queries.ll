; REQUIRES: llvm16
; omp_get_thread_limit() in the sequential part (Inputs/thread-query.c)
; answers differently in SPMD mode (generic mode leaves the main thread's warp
; out of the team), unlike omp_get_team_num() (spmdizes-team-num-query.ll) and
; omp_get_thread_num(), which answers 0 at nesting level 0 in either mode: the
; kernel stays generic and untouched, and OMP121 names the limit query only.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/thread-query.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:   -disable-output %S/Inputs/thread-query.ll 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK: @__omp_offloading_{{.*}}_threads_l7_exec_mode = weak protected constant i8 1
; CHECK-NOT: addrspace(3) global
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_threads_l7(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK-NOT:     __kmpc_get_hardware_thread_id_in_block
; CHECK:         call i32 @omp_get_thread_num()
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 1)

; REMARK-NOT: @omp_get_thread_num
; REMARK: (@omp_get_thread_limit returns a different value in SPMD mode). [OMP121]
; REMARK-NOT: @omp_get_thread_num
; REMARK-NOT: OMP120
