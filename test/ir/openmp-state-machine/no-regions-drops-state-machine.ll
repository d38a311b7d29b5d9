; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; Input: clang-16 output for Inputs/no-regions.c (command at its top). The
; kernel starts no parallel region, so its workers have nothing to wait for:
; the state machine goes (upstream's OMP130). With the flag false the workers
; return from init with their thread id and leave through the kernel's own
; exit path; no worker loop is built and no runtime function is declared.

; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_sequential_only_l7(
; CHECK-NOT:     alloca ptr
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK-NEXT:    icmp eq i32 [[TID]], -1
; CHECK-NOT:   worker.wait
; CHECK-NOT:   @__kmpc_kernel_parallel
; CHECK-NOT:   @__kmpc_barrier_simple_generic

; REMARK: remark: {{.*}}Removing unused state machine from generic-mode kernel: it starts no parallel region, so its workers exit at once. [OMP130]
; REMARK-NOT: remark

; ModuleID = 'no-regions.c'
source_filename = "no-regions.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837c_sequential_only_l7_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_55837c_sequential_only_l7_nested_parallelism = weak local_unnamed_addr constant i8 0
@llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fe00_55837c_sequential_only_l7_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837c_sequential_only_l7(i64 noundef %0, ptr noundef %1) local_unnamed_addr #0 {
  %3 = trunc i64 %0 to i32
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #2
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %6, label %10

6:                                                ; preds = %2
  %7 = icmp sgt i32 %3, 0
  br i1 %7, label %11, label %8

8:                                                ; preds = %11, %6
  %9 = phi float [ 0.000000e+00, %6 ], [ %17, %11 ]
  tail call void @log_value(float noundef %9) #3
  store float %9, ptr %1, align 4, !tbaa !8
  tail call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #2
  br label %10

10:                                               ; preds = %2, %8
  ret void

11:                                               ; preds = %6, %11
  %12 = phi i32 [ %18, %11 ], [ 0, %6 ]
  %13 = phi float [ %17, %11 ], [ 0.000000e+00, %6 ]
  %14 = zext i32 %12 to i64
  %15 = getelementptr inbounds float, ptr %1, i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !8
  %17 = fadd float %13, %16
  %18 = add nuw nsw i32 %12, 1
  %19 = icmp eq i32 %18, %3
  br i1 %19, label %8, label %11, !llvm.loop !12
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_value(float noundef) local_unnamed_addr #1

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

attributes #0 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #2 = { nounwind }
attributes #3 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }

!omp_offload.info = !{!0}
!nvvm.annotations = !{!1}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{i32 0, i32 65024, i32 5604220, !"sequential_only", i32 7, i32 0, i32 0}
!1 = !{ptr @__omp_offloading_fe00_55837c_sequential_only_l7, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 7, !"openmp", i32 50}
!4 = !{i32 7, !"openmp-device", i32 50}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
