; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; Input: clang-16 output for Inputs/call-graph.c (command at its top; clang's
; own -O1 pipeline already internalized @scale_all). The walk follows direct
; calls into bodies it can trust, treats a weak body as unknown, and a call
; that only reads memory as harmless.

; region_in_callee: the only region is started inside @scale_all.internalized,
; which the kernel calls: it is found, and needs no compare.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_region_in_callee_l15(
; CHECK:         [[T1:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.region.check:
; CHECK-NEXT:    call void @__omp_outlined__2_wrapper(i16 0, i32 [[T1]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK-NOT:   call void %worker.work_fn
; CHECK:         call fastcc void @scale_all.internalized(

; weak_callee: @user_hook is weak: another definition may start regions, so
; the known region is compared and the fallback stays.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_weak_callee_l26(
; CHECK:         [[T2:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.region.check:
; CHECK-NEXT:    %worker.is_region = icmp eq ptr %worker.work_fn, @__omp_outlined___wrapper
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 [[T2]])
; CHECK:         call void @user_hook(

; pure_callee: @table_lookup only reads memory: no fallback.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_pure_callee_l38(
; CHECK:         [[T3:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.region.check:
; CHECK-NEXT:    call void @__omp_outlined__1_wrapper(i16 0, i32 [[T3]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK-NOT:   call void %worker.work_fn
; CHECK:         call float @table_lookup(

; REMARK: remark: {{.*}}Rewriting generic-mode kernel with a customized state machine (1 parallel region, called directly). [OMP131]
; REMARK-NEXT: remark: {{.*}}Generic-mode kernel is executed with a customized state machine that requires a fallback (1 known parallel region, 1 call that may start unknown ones). [OMP132]
; REMARK-NEXT: remark: {{.*}}Call of a function whose body may be replaced at link time may contain unknown parallel regions. Use `__attribute__((assume("omp_no_parallelism")))` to override. [OMP133]
; REMARK-NEXT: remark: {{.*}}Rewriting generic-mode kernel with a customized state machine (1 parallel region, called directly). [OMP131]
; REMARK-NOT: remark

; ModuleID = 'call-graph.c'
source_filename = "call-graph.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_5583b4_region_in_callee_l15_exec_mode = weak protected constant i8 1
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_5583b4_weak_callee_l26_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_5583b4_pure_callee_l38_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_5583b4_region_in_callee_l15_nested_parallelism = weak local_unnamed_addr constant i8 0
@__omp_offloading_fe00_5583b4_weak_callee_l26_nested_parallelism = weak local_unnamed_addr constant i8 0
@__omp_offloading_fe00_5583b4_pure_callee_l38_nested_parallelism = weak local_unnamed_addr constant i8 0
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared3 = internal addrspace(3) global [4 x i8] undef, align 16
@_shared4 = internal addrspace(3) global [8 x i8] undef, align 16
@_shared5 = internal addrspace(3) global [4 x i8] undef, align 16
@_shared6 = internal addrspace(3) global [8 x i8] undef, align 16
@_shared7 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending global [3 x ptr] [ptr @__omp_offloading_fe00_5583b4_pure_callee_l38_exec_mode, ptr @__omp_offloading_fe00_5583b4_region_in_callee_l15_exec_mode, ptr @__omp_offloading_fe00_5583b4_weak_callee_l26_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_5583b4_region_in_callee_l15(ptr noundef %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #8
  %4 = icmp eq i32 %3, -1
  br i1 %4, label %6, label %5

5:                                                ; preds = %2, %6
  ret void

6:                                                ; preds = %2
  %7 = trunc i64 %1 to i32
  tail call void @log_step(i32 noundef 0) #14
  tail call fastcc void @scale_all.internalized(ptr noundef %0, i32 noundef %7) #8
  tail call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #8
  br label %5
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_step(i32 noundef) local_unnamed_addr #1

; Function Attrs: noinline norecurse nounwind
define private fastcc void @scale_all.internalized(ptr noundef %0, i32 noundef %1) unnamed_addr #2 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #8
  store ptr %0, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !tbaa !12
  store i32 %1, ptr addrspacecast (ptr addrspace(3) @_shared3 to ptr), align 16, !tbaa !16
  store ptr addrspacecast (ptr addrspace(3) @_shared3 to ptr), ptr %3, align 8, !tbaa !12
  %5 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %5, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %4, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__2, ptr nonnull @__omp_outlined__2_wrapper, ptr nonnull %3, i64 2) #8
  ret void
}

; Function Attrs: noinline nounwind
define hidden void @scale_all(ptr noundef %0, i32 noundef %1) local_unnamed_addr #3 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1)
  %5 = tail call align 16 dereferenceable_or_null(4) ptr @__kmpc_alloc_shared(i64 4)
  %6 = tail call align 16 dereferenceable_or_null(8) ptr @__kmpc_alloc_shared(i64 8)
  store ptr %0, ptr %6, align 16, !tbaa !12
  store i32 %1, ptr %5, align 16, !tbaa !16
  store ptr %5, ptr %3, align 8, !tbaa !12
  %7 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr %6, ptr %7, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %4, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__2, ptr nonnull @__omp_outlined__2_wrapper, ptr nonnull %3, i64 2) #8
  call void @__kmpc_free_shared(ptr %6, i64 8)
  call void @__kmpc_free_shared(ptr %5, i64 4)
  ret void
}

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_5583b4_weak_callee_l26(ptr noundef %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #8
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %7, label %6

6:                                                ; preds = %2, %7
  ret void

7:                                                ; preds = %2
  %8 = trunc i64 %1 to i32
  store i32 %8, ptr addrspacecast (ptr addrspace(3) @_shared5 to ptr), align 16, !tbaa !16
  store ptr %0, ptr addrspacecast (ptr addrspace(3) @_shared4 to ptr), align 16, !tbaa !12
  %9 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #8
  tail call void @log_step(i32 noundef 0) #14
  %10 = load ptr, ptr addrspacecast (ptr addrspace(3) @_shared4 to ptr), align 16, !tbaa !12
  tail call void @user_hook(ptr noundef %10) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared5 to ptr), ptr %3, align 8, !tbaa !12
  %11 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared4 to ptr), ptr %11, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %9, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %3, i64 2) #8
  call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #8
  br label %6
}

; Function Attrs: nofree nosync nounwind allocsize(0)
declare ptr @__kmpc_alloc_shared(i64) local_unnamed_addr #4

; Function Attrs: nounwind
define weak hidden void @user_hook(ptr noundef %0) local_unnamed_addr #5 {
  store float 0.000000e+00, ptr %0, align 4, !tbaa !18
  ret void
}

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #6 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !16
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #15
  store i32 0, ptr %5, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8
  store i32 %10, ptr %6, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #8
  store i32 1, ptr %7, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #8
  store i32 0, ptr %8, align 4, !tbaa !16
  %13 = load i32, ptr %0, align 4, !tbaa !16
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #8
  %14 = load i32, ptr %6, align 4, !tbaa !16
  %15 = load i32, ptr %5, align 4, !tbaa !16
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !16
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
  %29 = load float, ptr %28, align 4, !tbaa !18
  %30 = fadd float %29, 1.000000e+00
  store float %30, ptr %28, align 4, !tbaa !18
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
  store i32 %34, ptr %5, align 4, !tbaa !16
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !16
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %13) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8
  br label %41

41:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #7

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #8

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #8

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined___wrapper(i16 zeroext %0, i32 noundef %1) #9 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #8
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr, ptr %8, align 8, !tbaa !12
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !12
  %12 = load i32, ptr %9, align 4, !tbaa !16, !noalias !20
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #15, !noalias !20
  store i32 0, ptr %3, align 4, !tbaa !16, !noalias !20
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #8, !noalias !20
  store i32 %13, ptr %4, align 4, !tbaa !16, !noalias !20
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #8, !noalias !20
  store i32 1, ptr %5, align 4, !tbaa !16, !noalias !20
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8, !noalias !20
  store i32 0, ptr %6, align 4, !tbaa !16, !noalias !20
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #8, !noalias !20
  %16 = load i32, ptr %4, align 4, !tbaa !16, !noalias !20
  %17 = load i32, ptr %3, align 4, !tbaa !16, !noalias !20
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !20
  %22 = load i32, ptr %5, align 4, !tbaa !16, !noalias !20
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
  %31 = load float, ptr %30, align 4, !tbaa !18, !noalias !20
  %32 = fadd float %31, 1.000000e+00
  store float %32, ptr %30, align 4, !tbaa !18, !noalias !20
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
  store i32 %36, ptr %3, align 4, !tbaa !16, !noalias !20
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !16, !noalias !20
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #8, !noalias !20
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8, !noalias !20
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8, !noalias !20
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #8, !noalias !20
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #8, !noalias !20
  br label %43

43:                                               ; preds = %2, %41
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #8

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #10

; Function Attrs: nosync nounwind
declare void @__kmpc_free_shared(ptr allocptr nocapture, i64) local_unnamed_addr #11

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_5583b4_pure_callee_l38(ptr noundef %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8
  %4 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #8
  %5 = icmp eq i32 %4, -1
  br i1 %5, label %7, label %6

6:                                                ; preds = %2, %7
  ret void

7:                                                ; preds = %2
  %8 = trunc i64 %1 to i32
  store i32 %8, ptr addrspacecast (ptr addrspace(3) @_shared7 to ptr), align 16, !tbaa !16
  store ptr %0, ptr addrspacecast (ptr addrspace(3) @_shared6 to ptr), align 16, !tbaa !12
  %9 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #8
  tail call void @log_step(i32 noundef 0) #14
  %10 = load i32, ptr addrspacecast (ptr addrspace(3) @_shared7 to ptr), align 16, !tbaa !16
  %11 = tail call float @table_lookup(i32 noundef %10) #16
  %12 = load ptr, ptr addrspacecast (ptr addrspace(3) @_shared6 to ptr), align 16, !tbaa !12
  store float %11, ptr %12, align 4, !tbaa !18
  store ptr addrspacecast (ptr addrspace(3) @_shared7 to ptr), ptr %3, align 8, !tbaa !12
  %13 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared6 to ptr), ptr %13, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %9, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__1, ptr nonnull @__omp_outlined__1_wrapper, ptr nonnull %3, i64 2) #8
  call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #8
  br label %6
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(read)
declare float @table_lookup(i32 noundef) local_unnamed_addr #12

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__1(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #6 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !16
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #15
  store i32 0, ptr %5, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8
  store i32 %10, ptr %6, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #8
  store i32 1, ptr %7, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #8
  store i32 0, ptr %8, align 4, !tbaa !16
  %13 = load i32, ptr %0, align 4, !tbaa !16
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #8
  %14 = load i32, ptr %6, align 4, !tbaa !16
  %15 = load i32, ptr %5, align 4, !tbaa !16
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !16
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
  %29 = load float, ptr %28, align 4, !tbaa !18
  %30 = fadd float %29, 1.000000e+00
  store float %30, ptr %28, align 4, !tbaa !18
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
  store i32 %34, ptr %5, align 4, !tbaa !16
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !16
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %13) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8
  br label %41

41:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined__1_wrapper(i16 zeroext %0, i32 noundef %1) #9 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #8
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr, ptr %8, align 8, !tbaa !12
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !12
  %12 = load i32, ptr %9, align 4, !tbaa !16, !noalias !23
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #15, !noalias !23
  store i32 0, ptr %3, align 4, !tbaa !16, !noalias !23
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #8, !noalias !23
  store i32 %13, ptr %4, align 4, !tbaa !16, !noalias !23
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #8, !noalias !23
  store i32 1, ptr %5, align 4, !tbaa !16, !noalias !23
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8, !noalias !23
  store i32 0, ptr %6, align 4, !tbaa !16, !noalias !23
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #8, !noalias !23
  %16 = load i32, ptr %4, align 4, !tbaa !16, !noalias !23
  %17 = load i32, ptr %3, align 4, !tbaa !16, !noalias !23
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !23
  %22 = load i32, ptr %5, align 4, !tbaa !16, !noalias !23
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
  %31 = load float, ptr %30, align 4, !tbaa !18, !noalias !23
  %32 = fadd float %31, 1.000000e+00
  store float %32, ptr %30, align 4, !tbaa !18, !noalias !23
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
  store i32 %36, ptr %3, align 4, !tbaa !16, !noalias !23
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !16, !noalias !23
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #8, !noalias !23
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8, !noalias !23
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8, !noalias !23
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #8, !noalias !23
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #8, !noalias !23
  br label %43

43:                                               ; preds = %2, %41
  ret void
}

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__2(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #6 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !16
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #15
  store i32 0, ptr %5, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8
  store i32 %10, ptr %6, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #8
  store i32 1, ptr %7, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #8
  store i32 0, ptr %8, align 4, !tbaa !16
  %13 = load i32, ptr %0, align 4, !tbaa !16
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #8
  %14 = load i32, ptr %6, align 4, !tbaa !16
  %15 = load i32, ptr %5, align 4, !tbaa !16
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !16
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
  %29 = load float, ptr %28, align 4, !tbaa !18
  %30 = fmul float %29, 2.000000e+00
  store float %30, ptr %28, align 4, !tbaa !18
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
  store i32 %34, ptr %5, align 4, !tbaa !16
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !16
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %13) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8
  br label %41

41:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined__2_wrapper(i16 zeroext %0, i32 noundef %1) #9 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #8
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr, ptr %8, align 8, !tbaa !12
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !12
  %12 = load i32, ptr %9, align 4, !tbaa !16, !noalias !26
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #15, !noalias !26
  store i32 0, ptr %3, align 4, !tbaa !16, !noalias !26
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #8, !noalias !26
  store i32 %13, ptr %4, align 4, !tbaa !16, !noalias !26
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #8, !noalias !26
  store i32 1, ptr %5, align 4, !tbaa !16, !noalias !26
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #8, !noalias !26
  store i32 0, ptr %6, align 4, !tbaa !16, !noalias !26
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #8, !noalias !26
  %16 = load i32, ptr %4, align 4, !tbaa !16, !noalias !26
  %17 = load i32, ptr %3, align 4, !tbaa !16, !noalias !26
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !26
  %22 = load i32, ptr %5, align 4, !tbaa !16, !noalias !26
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
  %31 = load float, ptr %30, align 4, !tbaa !18, !noalias !26
  %32 = fmul float %31, 2.000000e+00
  store float %32, ptr %30, align 4, !tbaa !18, !noalias !26
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
  store i32 %36, ptr %3, align 4, !tbaa !16, !noalias !26
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !16, !noalias !26
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #8, !noalias !26
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #8, !noalias !26
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #8, !noalias !26
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #8, !noalias !26
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #8, !noalias !26
  br label %43

43:                                               ; preds = %2, %41
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #13

attributes #0 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #2 = { noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #3 = { noinline nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #4 = { nofree nosync nounwind allocsize(0) }
attributes #5 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #6 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #7 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #8 = { nounwind }
attributes #9 = { norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #10 = { alwaysinline }
attributes #11 = { nosync nounwind }
attributes #12 = { convergent mustprogress nofree nounwind willreturn memory(read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #13 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #14 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }
attributes #15 = { nounwind memory(readwrite) }
attributes #16 = { convergent nounwind willreturn memory(read) }

!omp_offload.info = !{!0, !1, !2}
!nvvm.annotations = !{!3, !4, !5}
!llvm.module.flags = !{!6, !7, !8, !9, !10}
!llvm.ident = !{!11}

!0 = !{i32 0, i32 65024, i32 5604276, !"pure_callee", i32 38, i32 0, i32 2}
!1 = !{i32 0, i32 65024, i32 5604276, !"region_in_callee", i32 15, i32 0, i32 0}
!2 = !{i32 0, i32 65024, i32 5604276, !"weak_callee", i32 26, i32 0, i32 1}
!3 = !{ptr @__omp_offloading_fe00_5583b4_region_in_callee_l15, !"kernel", i32 1}
!4 = !{ptr @__omp_offloading_fe00_5583b4_weak_callee_l26, !"kernel", i32 1}
!5 = !{ptr @__omp_offloading_fe00_5583b4_pure_callee_l38, !"kernel", i32 1}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"openmp", i32 50}
!8 = !{i32 7, !"openmp-device", i32 50}
!9 = !{i32 8, !"PIC Level", i32 2}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!12 = !{!13, !13, i64 0}
!13 = !{!"any pointer", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
!16 = !{!17, !17, i64 0}
!17 = !{!"int", !14, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"float", !14, i64 0}
!20 = !{!21}
!21 = distinct !{!21, !22, !"__omp_outlined__: argument 0"}
!22 = distinct !{!22, !"__omp_outlined__"}
!23 = !{!24}
!24 = distinct !{!24, !25, !"__omp_outlined__1: argument 0"}
!25 = distinct !{!25, !"__omp_outlined__1"}
!26 = !{!27}
!27 = distinct !{!27, !28, !"__omp_outlined__2: argument 0"}
!28 = distinct !{!28, !"__omp_outlined__2"}
