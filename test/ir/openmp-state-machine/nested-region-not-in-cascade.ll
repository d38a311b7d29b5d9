; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; Input: clang-16 output for Inputs/nested-region.c (command at its top). The
; outer region's body starts a nested region (@__omp_outlined__1_wrapper) and
; calls the unknown @inner_work. A nested region runs serialized on the thread
; that meets it, never through the worker loop, so neither is walked: the
; cascade holds the outer wrapper alone, called without a compare, and there
; is no fallback.

; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_nested_l18(
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.active:
; CHECK-NEXT:    br i1 %worker.is_active, label %worker.region.check, label %worker.barrier
; CHECK:       worker.region.check:
; CHECK-NEXT:    call void @__omp_outlined___wrapper(i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK-NOT:   call void %worker.work_fn
; CHECK-NOT:   call void @__omp_outlined__1_wrapper(
; CHECK:       worker.region.end:

; REMARK: remark: {{.*}}Rewriting generic-mode kernel with a customized state machine (1 parallel region, called directly). [OMP131]
; REMARK-NOT: remark

; ModuleID = 'nested-region.c'
source_filename = "nested-region.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837d_nested_l18_exec_mode = weak protected constant i8 1
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837d_nested_l18_nested_parallelism = weak local_unnamed_addr constant i8 1
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared2 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fe00_55837d_nested_l18_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837d_nested_l18(ptr noundef %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #4
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %7, label %6

6:                                                ; preds = %2, %7
  ret void

7:                                                ; preds = %2
  %8 = trunc i64 %1 to i32
  tail call void @log_step(i32 noundef 0) #11
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  %9 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #4
  store ptr %0, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !tbaa !8
  store i32 %8, ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), align 16, !tbaa !12
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr %3, align 8, !tbaa !8
  %10 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %10, align 8, !tbaa !8
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %9, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %3, i64 2) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #4
  br label %6
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_step(i32 noundef) local_unnamed_addr #1

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr noundef nonnull align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca [2 x ptr], align 8
  %11 = load i32, ptr %2, align 4, !tbaa !12
  %12 = add nsw i32 %11, -1
  %13 = icmp sgt i32 %11, 0
  br i1 %13, label %14, label %40

14:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #12
  store i32 0, ptr %5, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4
  store i32 %12, ptr %6, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4
  store i32 1, ptr %7, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4
  store i32 0, ptr %8, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %9) #4
  %15 = load i32, ptr %0, align 4, !tbaa !12
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %15, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %16 = load i32, ptr %6, align 4, !tbaa !12
  %17 = call i32 @llvm.smin.i32(i32 %16, i32 %12)
  store i32 %17, ptr %6, align 4, !tbaa !12
  %18 = load i32, ptr %5, align 4, !tbaa !12
  %19 = icmp sgt i32 %18, %17
  br i1 %19, label %39, label %20

20:                                               ; preds = %14
  %21 = getelementptr inbounds [2 x ptr], ptr %10, i64 0, i64 1
  br label %22

22:                                               ; preds = %20, %31
  %23 = phi i32 [ %18, %20 ], [ %35, %31 ]
  %24 = load i32, ptr %6, align 4, !tbaa !12
  %25 = icmp sgt i32 %23, %24
  br i1 %25, label %31, label %26

26:                                               ; preds = %22, %26
  %27 = phi i32 [ %28, %26 ], [ %23, %22 ]
  store i32 %27, ptr %9, align 4, !tbaa !12
  store ptr %3, ptr %10, align 8, !tbaa !8
  store ptr %9, ptr %21, align 8, !tbaa !8
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %15, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__1, ptr nonnull @__omp_outlined__1_wrapper, ptr nonnull %10, i64 2) #4
  %28 = add nsw i32 %27, 1
  %29 = load i32, ptr %6, align 4, !tbaa !12
  %30 = icmp slt i32 %27, %29
  br i1 %30, label %26, label %31

31:                                               ; preds = %26, %22
  %32 = phi i32 [ %24, %22 ], [ %29, %26 ]
  %33 = load i32, ptr %5, align 4, !tbaa !12
  %34 = load i32, ptr %7, align 4, !tbaa !12
  %35 = add nsw i32 %34, %33
  store i32 %35, ptr %5, align 4, !tbaa !12
  %36 = add nsw i32 %34, %32
  %37 = call i32 @llvm.smin.i32(i32 %36, i32 %12)
  store i32 %37, ptr %6, align 4, !tbaa !12
  %38 = icmp sgt i32 %35, %37
  br i1 %38, label %39, label %22

39:                                               ; preds = %31, %14
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %15) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %9) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4
  br label %40

40:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #4

; Function Attrs: alwaysinline convergent norecurse nounwind
define internal void @__omp_outlined__1(ptr noalias nocapture readnone %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %2, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %3) #5 {
  %5 = load ptr, ptr %2, align 8, !tbaa !8
  %6 = load i32, ptr %3, align 4, !tbaa !12
  tail call void @inner_work(ptr noundef %5, i32 noundef %6) #13
  ret void
}

; Function Attrs: convergent
declare void @inner_work(ptr noundef, i32 noundef) local_unnamed_addr #6

; Function Attrs: convergent norecurse nounwind
define internal void @__omp_outlined__1_wrapper(i16 zeroext %0, i32 %1) #7 {
  %3 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %3) #4
  %4 = load ptr, ptr %3, align 8
  %5 = load ptr, ptr %4, align 8, !tbaa !8
  %6 = getelementptr inbounds ptr, ptr %4, i64 1
  %7 = load ptr, ptr %6, align 8, !tbaa !8
  %8 = load ptr, ptr %5, align 8, !tbaa !8
  %9 = load i32, ptr %7, align 4, !tbaa !12
  call void @inner_work(ptr noundef %8, i32 noundef %9) #13
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #8

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #4

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined___wrapper(i16 zeroext %0, i32 noundef %1) #9 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca [2 x ptr], align 8
  %9 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %9) #4
  %10 = load ptr, ptr %9, align 8
  %11 = load ptr, ptr %10, align 8, !tbaa !8
  %12 = getelementptr inbounds ptr, ptr %10, i64 1
  %13 = load ptr, ptr %12, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %8)
  %14 = load i32, ptr %11, align 4, !tbaa !12, !noalias !14
  %15 = add nsw i32 %14, -1
  %16 = icmp sgt i32 %14, 0
  br i1 %16, label %17, label %42

17:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #12, !noalias !14
  store i32 0, ptr %3, align 4, !tbaa !12, !noalias !14
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !noalias !14
  store i32 %15, ptr %4, align 4, !tbaa !12, !noalias !14
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !noalias !14
  store i32 1, ptr %5, align 4, !tbaa !12, !noalias !14
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !noalias !14
  store i32 0, ptr %6, align 4, !tbaa !12, !noalias !14
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4, !noalias !14
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !14
  %18 = load i32, ptr %4, align 4, !tbaa !12, !noalias !14
  %19 = call i32 @llvm.smin.i32(i32 %18, i32 %15)
  store i32 %19, ptr %4, align 4, !tbaa !12, !noalias !14
  %20 = load i32, ptr %3, align 4, !tbaa !12, !noalias !14
  %21 = icmp sgt i32 %20, %19
  br i1 %21, label %41, label %22

22:                                               ; preds = %17
  %23 = getelementptr inbounds [2 x ptr], ptr %8, i64 0, i64 1
  br label %24

24:                                               ; preds = %33, %22
  %25 = phi i32 [ %20, %22 ], [ %37, %33 ]
  %26 = load i32, ptr %4, align 4, !tbaa !12, !noalias !14
  %27 = icmp sgt i32 %25, %26
  br i1 %27, label %33, label %28

28:                                               ; preds = %24, %28
  %29 = phi i32 [ %30, %28 ], [ %25, %24 ]
  store i32 %29, ptr %7, align 4, !tbaa !12, !noalias !14
  store ptr %13, ptr %8, align 8, !tbaa !8, !noalias !14
  store ptr %7, ptr %23, align 8, !tbaa !8, !noalias !14
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %1, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__1, ptr nonnull @__omp_outlined__1_wrapper, ptr nonnull %8, i64 2) #4, !noalias !14
  %30 = add nsw i32 %29, 1
  %31 = load i32, ptr %4, align 4, !tbaa !12, !noalias !14
  %32 = icmp slt i32 %29, %31
  br i1 %32, label %28, label %33

33:                                               ; preds = %28, %24
  %34 = phi i32 [ %26, %24 ], [ %31, %28 ]
  %35 = load i32, ptr %3, align 4, !tbaa !12, !noalias !14
  %36 = load i32, ptr %5, align 4, !tbaa !12, !noalias !14
  %37 = add nsw i32 %36, %35
  store i32 %37, ptr %3, align 4, !tbaa !12, !noalias !14
  %38 = add nsw i32 %36, %34
  %39 = call i32 @llvm.smin.i32(i32 %38, i32 %15)
  store i32 %39, ptr %4, align 4, !tbaa !12, !noalias !14
  %40 = icmp sgt i32 %37, %39
  br i1 %40, label %41, label %24

41:                                               ; preds = %33, %17
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !14
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4, !noalias !14
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !noalias !14
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !noalias !14
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !noalias !14
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !noalias !14
  br label %42

42:                                               ; preds = %2, %41
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %8)
  ret void
}

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #10

attributes #0 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #2 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
attributes #5 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #6 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #7 = { convergent norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #8 = { alwaysinline }
attributes #9 = { norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #10 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #11 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }
attributes #12 = { nounwind memory(readwrite) }
attributes #13 = { convergent nounwind }

!omp_offload.info = !{!0}
!nvvm.annotations = !{!1}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{i32 0, i32 65024, i32 5604221, !"nested", i32 18, i32 0, i32 0}
!1 = !{ptr @__omp_offloading_fe00_55837d_nested_l18, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 7, !"openmp", i32 50}
!4 = !{i32 7, !"openmp-device", i32 50}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{!15}
!15 = distinct !{!15, !16, !"__omp_outlined__: argument 0"}
!16 = distinct !{!16, !"__omp_outlined__"}
