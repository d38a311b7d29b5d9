; REQUIRES: llvm16
; omp_get_team_num() in the sequential part (Inputs/team-num.c) has no side
; effect and the same value on every thread of a team, so the kernel runs in
; SPMD mode. LLVM 16's openmp-opt refuses it (OMP121 at the call).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/team-num.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-missed=gpucc-openmp-opt -disable-output %S/Inputs/team-num.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; What LLVM 16 does with the same input:
; RUN: opt -passes=openmp-opt -pass-remarks-analysis=openmp-opt -S %S/Inputs/team-num.ll \
; RUN:   -o %t.upstream.ll 2>&1 | FileCheck %s --check-prefix=UPSTREAM-REMARK
; RUN: FileCheck %s --check-prefix=UPSTREAM < %t.upstream.ll

; CHECK: @__omp_offloading_{{.*}}_teams_l5_exec_mode = weak protected constant i8 3
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_teams_l5(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; The query is only stored (into the globalized `t`), so it sits in the region.
; CHECK:       region.guarded:
; CHECK:         [[T:%.*]] = tail call i32 @omp_get_team_num()
; CHECK-NEXT:    store i32 [[T]], ptr addrspacecast (ptr addrspace(3) @globalized_shared{{[0-9]*}} to ptr)
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)

; REMARK: Transformed generic-mode kernel to SPMD-mode. [OMP120]
; REMARK-NOT: OMP121

; UPSTREAM-REMARK: Value has potential side effects preventing SPMD-mode execution{{.*}}[OMP121]
; UPSTREAM: @__omp_offloading_{{.*}}_teams_l5_exec_mode = weak protected constant i8 1
; UPSTREAM: call i32 @__kmpc_target_init(ptr nonnull @1, i8 1,
