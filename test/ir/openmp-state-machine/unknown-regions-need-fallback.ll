; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; Input: clang-16 output for Inputs/unknown-regions.c (command at its top).
; Both kernels may hand their workers a parallel region we cannot see, so the
; worker loop ends its cascade with the indirect call the runtime would make.

; calls_unknown: one known region, and a call of the external @may_fork,
; which may start regions of its own: compare against the known wrapper,
; else call the work function indirectly.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_calls_unknown_l8(
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.active:
; CHECK-NEXT:    br i1 %worker.is_active, label %worker.region.check, label %worker.barrier
; CHECK:       worker.region.check:
; CHECK-NEXT:    %worker.is_region = icmp eq ptr %worker.work_fn, @__omp_outlined___wrapper
; CHECK-NEXT:    br i1 %worker.is_region, label %worker.region.call, label %worker.region.fallback
; CHECK:       worker.region.call:
; CHECK-NEXT:    call void @__omp_outlined___wrapper(i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK:       worker.region.end:
; CHECK-NEXT:    call void @__kmpc_kernel_end_parallel()
; CHECK:         call void @may_fork(

; calls_pointer: no known region at all, one indirect call in the sequential
; part: the cascade is the fallback alone.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_calls_pointer_l18(
; CHECK:         [[TID2:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.active:
; CHECK-NEXT:    br i1 %worker.is_active, label %worker.region.fallback, label %worker.barrier
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 [[TID2]])
; CHECK-NEXT:    br label %worker.region.end

; REMARK: remark: {{.*}}Generic-mode kernel is executed with a customized state machine that requires a fallback (1 known parallel region, 1 call that may start unknown ones). [OMP132]
; REMARK-NEXT: remark: {{.*}}Call of a function without a body may contain unknown parallel regions. Use `__attribute__((assume("omp_no_parallelism")))` to override. [OMP133]
; REMARK-NEXT: remark: {{.*}}Generic-mode kernel is executed with a customized state machine that requires a fallback (0 known parallel regions, 1 call that may start unknown ones). [OMP132]
; REMARK-NEXT: remark: {{.*}}Indirect call may contain unknown parallel regions. Use `__attribute__((assume("omp_no_parallelism")))` to override. [OMP133]
; REMARK-NOT: remark

; ModuleID = 'unknown-regions.c'
source_filename = "unknown-regions.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837b_calls_unknown_l8_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_55837b_calls_pointer_l18_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_55837b_calls_unknown_l8_nested_parallelism = weak local_unnamed_addr constant i8 0
@__omp_offloading_fe00_55837b_calls_pointer_l18_nested_parallelism = weak local_unnamed_addr constant i8 0
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared1 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending global [2 x ptr] [ptr @__omp_offloading_fe00_55837b_calls_pointer_l18_exec_mode, ptr @__omp_offloading_fe00_55837b_calls_unknown_l8_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837b_calls_unknown_l8(ptr noundef %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #4
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %7, label %6

6:                                                ; preds = %2, %7
  ret void

7:                                                ; preds = %2
  %8 = trunc i64 %1 to i32
  store i32 %8, ptr addrspacecast (ptr addrspace(3) @_shared1 to ptr), align 16, !tbaa !10
  store ptr %0, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !tbaa !14
  %9 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #4
  %10 = load ptr, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !tbaa !14
  %11 = load i32, ptr addrspacecast (ptr addrspace(3) @_shared1 to ptr), align 16, !tbaa !10
  tail call void @may_fork(ptr noundef %10, i32 noundef %11) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared1 to ptr), ptr %3, align 8, !tbaa !14
  %12 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %12, align 8, !tbaa !14
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %9, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %3, i64 2) #4
  call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #4
  br label %6
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @may_fork(ptr noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !10
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #9
  store i32 0, ptr %5, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4
  store i32 %10, ptr %6, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4
  store i32 1, ptr %7, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4
  store i32 0, ptr %8, align 4, !tbaa !10
  %13 = load i32, ptr %0, align 4, !tbaa !10
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %14 = load i32, ptr %6, align 4, !tbaa !10
  %15 = load i32, ptr %5, align 4, !tbaa !10
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !10
  br label %21

21:                                               ; preds = %18, %33
  %22 = phi i32 [ %16, %18 ], [ %36, %33 ]
  %23 = phi i32 [ %15, %18 ], [ %34, %33 ]
  %24 = icmp sgt i32 %23, %22
  br i1 %24, label %33, label %25

25:                                               ; preds = %21, %25
  %26 = phi i32 [ %31, %25 ], [ %23, %21 ]
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %19, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !16
  %30 = fadd float %29, 1.000000e+00
  store float %30, ptr %28, align 4, !tbaa !16
  %31 = add nsw i32 %26, 1
  %32 = icmp slt i32 %26, %22
  br i1 %32, label %25, label %33

33:                                               ; preds = %25, %21
  %34 = add nsw i32 %20, %23
  %35 = add nsw i32 %20, %22
  %36 = call i32 @llvm.smin.i32(i32 %35, i32 %10)
  %37 = icmp sgt i32 %34, %36
  br i1 %37, label %38, label %21

38:                                               ; preds = %33
  store i32 %34, ptr %5, align 4, !tbaa !10
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !10
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %13) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4
  br label %41

41:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #4

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #4

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined___wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr, ptr %8, align 8, !tbaa !14
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !14
  %12 = load i32, ptr %9, align 4, !tbaa !10, !noalias !18
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #9, !noalias !18
  store i32 0, ptr %3, align 4, !tbaa !10, !noalias !18
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !noalias !18
  store i32 %13, ptr %4, align 4, !tbaa !10, !noalias !18
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !noalias !18
  store i32 1, ptr %5, align 4, !tbaa !10, !noalias !18
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !noalias !18
  store i32 0, ptr %6, align 4, !tbaa !10, !noalias !18
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !18
  %16 = load i32, ptr %4, align 4, !tbaa !10, !noalias !18
  %17 = load i32, ptr %3, align 4, !tbaa !10, !noalias !18
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !18
  %22 = load i32, ptr %5, align 4, !tbaa !10, !noalias !18
  br label %23

23:                                               ; preds = %35, %20
  %24 = phi i32 [ %18, %20 ], [ %38, %35 ]
  %25 = phi i32 [ %17, %20 ], [ %36, %35 ]
  %26 = icmp sgt i32 %25, %24
  br i1 %26, label %35, label %27

27:                                               ; preds = %23, %27
  %28 = phi i32 [ %33, %27 ], [ %25, %23 ]
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %21, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !16, !noalias !18
  %32 = fadd float %31, 1.000000e+00
  store float %32, ptr %30, align 4, !tbaa !16, !noalias !18
  %33 = add nsw i32 %28, 1
  %34 = icmp slt i32 %28, %24
  br i1 %34, label %27, label %35

35:                                               ; preds = %27, %23
  %36 = add nsw i32 %25, %22
  %37 = add nsw i32 %24, %22
  %38 = call i32 @llvm.smin.i32(i32 %37, i32 %13)
  %39 = icmp sgt i32 %36, %38
  br i1 %39, label %40, label %23

40:                                               ; preds = %35
  store i32 %36, ptr %3, align 4, !tbaa !10, !noalias !18
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !10, !noalias !18
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !18
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !noalias !18
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !noalias !18
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !noalias !18
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !noalias !18
  br label %43

43:                                               ; preds = %2, %41
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #6

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837b_calls_pointer_l18(ptr noundef %0, ptr noundef %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #4
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %7, label %6

6:                                                ; preds = %3, %7
  ret void

7:                                                ; preds = %3
  %8 = trunc i64 %2 to i32
  tail call void %0(ptr noundef %1, i32 noundef %8) #8
  tail call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #4
  br label %6
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

attributes #0 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #2 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
attributes #5 = { norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #6 = { alwaysinline }
attributes #7 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { convergent nounwind }
attributes #9 = { nounwind memory(readwrite) }

!omp_offload.info = !{!0, !1}
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = !{i32 0, i32 65024, i32 5604219, !"calls_pointer", i32 18, i32 0, i32 1}
!1 = !{i32 0, i32 65024, i32 5604219, !"calls_unknown", i32 8, i32 0, i32 0}
!2 = !{ptr @__omp_offloading_fe00_55837b_calls_unknown_l8, !"kernel", i32 1}
!3 = !{ptr @__omp_offloading_fe00_55837b_calls_pointer_l18, !"kernel", i32 1}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"openmp", i32 50}
!6 = !{i32 7, !"openmp-device", i32 50}
!7 = !{i32 8, !"PIC Level", i32 2}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = !{!15, !15, i64 0}
!15 = !{!"any pointer", !12, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !12, i64 0}
!18 = !{!19}
!19 = distinct !{!19, !20, !"__omp_outlined__: argument 0"}
!20 = distinct !{!20, !"__omp_outlined__"}
