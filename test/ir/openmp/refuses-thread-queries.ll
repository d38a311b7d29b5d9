; omp_get_thread_num() and omp_get_thread_limit() in the sequential part
; (Inputs/thread-query.c) answer differently in SPMD mode (every thread its own
; id; the limit without the main warp only in generic mode), unlike
; omp_get_team_num() (spmdizes-team-num-query.ll): the kernel stays generic and
; untouched, and OMP121 names each query.
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

; REMARK: (@omp_get_thread_num returns a different value in SPMD mode). [OMP121]
; REMARK: (@omp_get_thread_limit returns a different value in SPMD mode). [OMP121]
; REMARK-NOT: OMP120
