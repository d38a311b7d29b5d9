; REQUIRES: llvm16
; A large payload (Inputs/nested-payload.c): a nested loop per element and a
; sequential scale factor `w * 0.5f + 1.0f` computed in the teams region. The
; fmuladd has no side effect and is only stored, so it joins the one guarded
; region instead of splitting it; the kernel runs in SPMD mode.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/nested-payload.ll \
; RUN:   | FileCheck %s

; CHECK: @__omp_offloading_{{.*}}_payload_l4_exec_mode = weak protected constant i8 3
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_payload_l4(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; CHECK:         br i1 {{%.*}}, label %region.guarded, label %region.barrier
; CHECK:       region.guarded:
; CHECK:         [[SCALE:%.*]] = tail call float @llvm.fmuladd.f32(float {{%.*}}, float 5.000000e-01, float 1.000000e+00)
; CHECK-NEXT:    store float [[SCALE]], ptr addrspacecast (ptr addrspace(3) @globalized_shared{{[0-9]*}} to ptr)
; CHECK-NEXT:    br label %region.barrier
; CHECK:       region.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(
; One region only: no second guard in the kernel.
; CHECK-NOT:     region.guarded
; CHECK:         call void @__kmpc_parallel_51(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)
; CHECK:       }
