; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
;
; Input: clang-16 output for Inputs/known-regions.c compiled for AMDGPU:
;   clang-16 -fopenmp --offload-arch=gfx90a --offload-device-only -nogpulib \
;     -S -emit-llvm -O1 known-regions.c
; Allocas live in address space 5 there: the work-function slot is cast to
; the generic space before the runtime writes through it.

; CHECK-LABEL: define weak_odr protected amdgpu_kernel void @__omp_offloading_{{.*}}_two_regions_l9(
; CHECK-NEXT:    %worker.work_fn.addr = alloca ptr, align 8, addrspace(5)
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i8 1, i1 false)
; CHECK:       worker.wait:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_generic(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i32 [[TID]])
; CHECK-NEXT:    %worker.work_fn.addr.generic = addrspacecast ptr addrspace(5) %worker.work_fn.addr to ptr
; CHECK-NEXT:    %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr.generic)
; CHECK-NEXT:    %worker.work_fn = load ptr, ptr %worker.work_fn.addr.generic, align 8
; CHECK:         call void @__omp_outlined___wrapper(i16 0, i32 [[TID]])
; CHECK:         call void @__omp_outlined__.1_wrapper(i16 0, i32 [[TID]])
; CHECK-NOT:   call void %worker.work_fn

; ModuleID = 'known-regions.c'
source_filename = "known-regions.c"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"
target triple = "amdgcn-amd-amdhsa"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr addrspace(1) constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr addrspace(1) constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837a_two_regions_l9_exec_mode = weak protected addrspace(1) constant i8 1
@__omp_offloading_fe00_55837a_two_regions_l9_nested_parallelism = weak local_unnamed_addr addrspace(1) constant i8 0
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared.2 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__omp_offloading_fe00_55837a_two_regions_l9_exec_mode to ptr)], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected amdgpu_kernel void @__omp_offloading_fe00_55837a_two_regions_l9(i64 noundef %0, ptr noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8, addrspace(5)
  %4 = alloca [2 x ptr], align 8, addrspace(5)
  %5 = tail call i32 @__kmpc_target_init(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i8 1, i1 true) #4
  %6 = icmp eq i32 %5, -1
  br i1 %6, label %8, label %7

7:                                                ; preds = %2, %8
  ret void

8:                                                ; preds = %2
  %9 = trunc i64 %0 to i32
  %10 = addrspacecast ptr addrspace(5) %4 to ptr
  %11 = addrspacecast ptr addrspace(5) %3 to ptr
  store i32 %9, ptr addrspace(3) @_shared.2, align 16, !tbaa !8
  store ptr %1, ptr addrspace(3) @_shared, align 16, !tbaa !12
  %12 = tail call i32 @__kmpc_global_thread_num(ptr addrspacecast (ptr addrspace(1) @1 to ptr)) #4
  tail call void @log_step(i32 noundef 0) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared.2 to ptr), ptr addrspace(5) %3, align 8, !tbaa !12
  %13 = getelementptr inbounds [2 x ptr], ptr addrspace(5) %3, i32 0, i32 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr addrspace(5) %13, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i32 %12, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %11, i64 2) #4
  call void @log_step(i32 noundef 1) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared.2 to ptr), ptr addrspace(5) %4, align 8, !tbaa !12
  %14 = getelementptr inbounds [2 x ptr], ptr addrspace(5) %4, i32 0, i32 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr addrspace(5) %14, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i32 %12, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__.1, ptr nonnull @__omp_outlined__.1_wrapper, ptr nonnull %10, i64 2) #4
  call void @__kmpc_target_deinit(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i8 1) #4
  br label %7
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_step(i32 noundef) local_unnamed_addr #1

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = alloca i32, align 4, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %45

12:                                               ; preds = %4
  %13 = addrspacecast ptr addrspace(5) %7 to ptr
  %14 = addrspacecast ptr addrspace(5) %6 to ptr
  %15 = addrspacecast ptr addrspace(5) %5 to ptr
  %16 = addrspacecast ptr addrspace(5) %8 to ptr
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %5) #9
  store i32 0, ptr addrspace(5) %5, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %6) #4
  store i32 %10, ptr addrspace(5) %6, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %7) #4
  store i32 1, ptr addrspace(5) %7, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %8) #4
  store i32 0, ptr addrspace(5) %8, align 4, !tbaa !8
  %17 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %17, i32 33, ptr nonnull %16, ptr nonnull %15, ptr nonnull %14, ptr nonnull %13, i32 1, i32 1) #4
  %18 = load i32, ptr addrspace(5) %6, align 4, !tbaa !8
  %19 = load i32, ptr addrspace(5) %5, align 4, !tbaa !8
  %20 = call i32 @llvm.smin.i32(i32 %18, i32 %10)
  %21 = icmp sgt i32 %19, %20
  br i1 %21, label %43, label %22

22:                                               ; preds = %12
  %23 = load ptr, ptr %3, align 8
  %24 = load i32, ptr addrspace(5) %7, align 4, !tbaa !8
  br label %25

25:                                               ; preds = %22, %37
  %26 = phi i32 [ %20, %22 ], [ %40, %37 ]
  %27 = phi i32 [ %19, %22 ], [ %38, %37 ]
  %28 = icmp sgt i32 %27, %26
  br i1 %28, label %37, label %29

29:                                               ; preds = %25, %29
  %30 = phi i32 [ %35, %29 ], [ %27, %25 ]
  %31 = sext i32 %30 to i64
  %32 = getelementptr inbounds float, ptr %23, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !14
  %34 = fadd float %33, 1.000000e+00
  store float %34, ptr %32, align 4, !tbaa !14
  %35 = add nsw i32 %30, 1
  %36 = icmp slt i32 %30, %26
  br i1 %36, label %29, label %37

37:                                               ; preds = %29, %25
  %38 = add nsw i32 %24, %27
  %39 = add nsw i32 %24, %26
  %40 = call i32 @llvm.smin.i32(i32 %39, i32 %10)
  %41 = icmp sgt i32 %38, %40
  br i1 %41, label %42, label %25

42:                                               ; preds = %37
  store i32 %38, ptr addrspace(5) %5, align 4, !tbaa !8
  br label %43

43:                                               ; preds = %42, %12
  %44 = phi i32 [ %40, %42 ], [ %20, %12 ]
  store i32 %44, ptr addrspace(5) %6, align 4, !tbaa !8
  call void @__kmpc_for_static_fini(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %17) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %8) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %7) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %6) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %5) #4
  br label %45

45:                                               ; preds = %43, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p5(i64 immarg, ptr addrspace(5) nocapture) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p5(i64 immarg, ptr addrspace(5) nocapture) #3

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #4

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #4

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined___wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4, addrspace(5)
  %4 = alloca i32, align 4, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = alloca ptr, align 8, addrspace(5)
  %8 = addrspacecast ptr addrspace(5) %7 to ptr
  call void @__kmpc_get_shared_variables(ptr %8) #4
  %9 = load ptr, ptr addrspace(5) %7, align 8
  %10 = load ptr, ptr %9, align 8, !tbaa !12
  %11 = getelementptr inbounds ptr, ptr %9, i64 1
  %12 = load ptr, ptr %11, align 8, !tbaa !12
  %13 = load i32, ptr %10, align 4, !tbaa !8, !noalias !16
  %14 = add nsw i32 %13, -1
  %15 = icmp sgt i32 %13, 0
  br i1 %15, label %16, label %48

16:                                               ; preds = %2
  %17 = addrspacecast ptr addrspace(5) %5 to ptr
  %18 = addrspacecast ptr addrspace(5) %4 to ptr
  %19 = addrspacecast ptr addrspace(5) %3 to ptr
  %20 = addrspacecast ptr addrspace(5) %6 to ptr
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %3) #9, !noalias !16
  store i32 0, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %4) #4, !noalias !16
  store i32 %14, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %5) #4, !noalias !16
  store i32 1, ptr addrspace(5) %5, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %6) #4, !noalias !16
  store i32 0, ptr addrspace(5) %6, align 4, !tbaa !8, !noalias !16
  call void @__kmpc_for_static_init_4(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %1, i32 33, ptr nonnull %20, ptr nonnull %19, ptr nonnull %18, ptr nonnull %17, i32 1, i32 1) #4, !noalias !16
  %21 = load i32, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !16
  %22 = load i32, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !16
  %23 = call i32 @llvm.smin.i32(i32 %21, i32 %14)
  %24 = icmp sgt i32 %22, %23
  br i1 %24, label %46, label %25

25:                                               ; preds = %16
  %26 = load ptr, ptr %12, align 8, !noalias !16
  %27 = load i32, ptr addrspace(5) %5, align 4, !tbaa !8, !noalias !16
  br label %28

28:                                               ; preds = %40, %25
  %29 = phi i32 [ %23, %25 ], [ %43, %40 ]
  %30 = phi i32 [ %22, %25 ], [ %41, %40 ]
  %31 = icmp sgt i32 %30, %29
  br i1 %31, label %40, label %32

32:                                               ; preds = %28, %32
  %33 = phi i32 [ %38, %32 ], [ %30, %28 ]
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds float, ptr %26, i64 %34
  %36 = load float, ptr %35, align 4, !tbaa !14, !noalias !16
  %37 = fadd float %36, 1.000000e+00
  store float %37, ptr %35, align 4, !tbaa !14, !noalias !16
  %38 = add nsw i32 %33, 1
  %39 = icmp slt i32 %33, %29
  br i1 %39, label %32, label %40

40:                                               ; preds = %32, %28
  %41 = add nsw i32 %30, %27
  %42 = add nsw i32 %29, %27
  %43 = call i32 @llvm.smin.i32(i32 %42, i32 %14)
  %44 = icmp sgt i32 %41, %43
  br i1 %44, label %45, label %28

45:                                               ; preds = %40
  store i32 %41, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !16
  br label %46

46:                                               ; preds = %45, %16
  %47 = phi i32 [ %43, %45 ], [ %23, %16 ]
  store i32 %47, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !16
  call void @__kmpc_for_static_fini(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %1) #4, !noalias !16
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %6) #4, !noalias !16
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %5) #4, !noalias !16
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %4) #4, !noalias !16
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %3) #4, !noalias !16
  br label %48

48:                                               ; preds = %2, %46
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #6

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__.1(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = alloca i32, align 4, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %45

12:                                               ; preds = %4
  %13 = addrspacecast ptr addrspace(5) %7 to ptr
  %14 = addrspacecast ptr addrspace(5) %6 to ptr
  %15 = addrspacecast ptr addrspace(5) %5 to ptr
  %16 = addrspacecast ptr addrspace(5) %8 to ptr
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %5) #9
  store i32 0, ptr addrspace(5) %5, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %6) #4
  store i32 %10, ptr addrspace(5) %6, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %7) #4
  store i32 1, ptr addrspace(5) %7, align 4, !tbaa !8
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %8) #4
  store i32 0, ptr addrspace(5) %8, align 4, !tbaa !8
  %17 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %17, i32 33, ptr nonnull %16, ptr nonnull %15, ptr nonnull %14, ptr nonnull %13, i32 1, i32 1) #4
  %18 = load i32, ptr addrspace(5) %6, align 4, !tbaa !8
  %19 = load i32, ptr addrspace(5) %5, align 4, !tbaa !8
  %20 = call i32 @llvm.smin.i32(i32 %18, i32 %10)
  %21 = icmp sgt i32 %19, %20
  br i1 %21, label %43, label %22

22:                                               ; preds = %12
  %23 = load ptr, ptr %3, align 8
  %24 = load i32, ptr addrspace(5) %7, align 4, !tbaa !8
  br label %25

25:                                               ; preds = %22, %37
  %26 = phi i32 [ %20, %22 ], [ %40, %37 ]
  %27 = phi i32 [ %19, %22 ], [ %38, %37 ]
  %28 = icmp sgt i32 %27, %26
  br i1 %28, label %37, label %29

29:                                               ; preds = %25, %29
  %30 = phi i32 [ %35, %29 ], [ %27, %25 ]
  %31 = sext i32 %30 to i64
  %32 = getelementptr inbounds float, ptr %23, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !14
  %34 = fmul float %33, 2.000000e+00
  store float %34, ptr %32, align 4, !tbaa !14
  %35 = add nsw i32 %30, 1
  %36 = icmp slt i32 %30, %26
  br i1 %36, label %29, label %37

37:                                               ; preds = %29, %25
  %38 = add nsw i32 %24, %27
  %39 = add nsw i32 %24, %26
  %40 = call i32 @llvm.smin.i32(i32 %39, i32 %10)
  %41 = icmp sgt i32 %38, %40
  br i1 %41, label %42, label %25

42:                                               ; preds = %37
  store i32 %38, ptr addrspace(5) %5, align 4, !tbaa !8
  br label %43

43:                                               ; preds = %42, %12
  %44 = phi i32 [ %40, %42 ], [ %20, %12 ]
  store i32 %44, ptr addrspace(5) %6, align 4, !tbaa !8
  call void @__kmpc_for_static_fini(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %17) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %8) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %7) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %6) #4
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %5) #4
  br label %45

45:                                               ; preds = %43, %4
  ret void
}

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined__.1_wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4, addrspace(5)
  %4 = alloca i32, align 4, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = alloca ptr, align 8, addrspace(5)
  %8 = addrspacecast ptr addrspace(5) %7 to ptr
  call void @__kmpc_get_shared_variables(ptr %8) #4
  %9 = load ptr, ptr addrspace(5) %7, align 8
  %10 = load ptr, ptr %9, align 8, !tbaa !12
  %11 = getelementptr inbounds ptr, ptr %9, i64 1
  %12 = load ptr, ptr %11, align 8, !tbaa !12
  %13 = load i32, ptr %10, align 4, !tbaa !8, !noalias !19
  %14 = add nsw i32 %13, -1
  %15 = icmp sgt i32 %13, 0
  br i1 %15, label %16, label %48

16:                                               ; preds = %2
  %17 = addrspacecast ptr addrspace(5) %5 to ptr
  %18 = addrspacecast ptr addrspace(5) %4 to ptr
  %19 = addrspacecast ptr addrspace(5) %3 to ptr
  %20 = addrspacecast ptr addrspace(5) %6 to ptr
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %3) #9, !noalias !19
  store i32 0, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %4) #4, !noalias !19
  store i32 %14, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %5) #4, !noalias !19
  store i32 1, ptr addrspace(5) %5, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %6) #4, !noalias !19
  store i32 0, ptr addrspace(5) %6, align 4, !tbaa !8, !noalias !19
  call void @__kmpc_for_static_init_4(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %1, i32 33, ptr nonnull %20, ptr nonnull %19, ptr nonnull %18, ptr nonnull %17, i32 1, i32 1) #4, !noalias !19
  %21 = load i32, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !19
  %22 = load i32, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !19
  %23 = call i32 @llvm.smin.i32(i32 %21, i32 %14)
  %24 = icmp sgt i32 %22, %23
  br i1 %24, label %46, label %25

25:                                               ; preds = %16
  %26 = load ptr, ptr %12, align 8, !noalias !19
  %27 = load i32, ptr addrspace(5) %5, align 4, !tbaa !8, !noalias !19
  br label %28

28:                                               ; preds = %40, %25
  %29 = phi i32 [ %23, %25 ], [ %43, %40 ]
  %30 = phi i32 [ %22, %25 ], [ %41, %40 ]
  %31 = icmp sgt i32 %30, %29
  br i1 %31, label %40, label %32

32:                                               ; preds = %28, %32
  %33 = phi i32 [ %38, %32 ], [ %30, %28 ]
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds float, ptr %26, i64 %34
  %36 = load float, ptr %35, align 4, !tbaa !14, !noalias !19
  %37 = fmul float %36, 2.000000e+00
  store float %37, ptr %35, align 4, !tbaa !14, !noalias !19
  %38 = add nsw i32 %33, 1
  %39 = icmp slt i32 %33, %29
  br i1 %39, label %32, label %40

40:                                               ; preds = %32, %28
  %41 = add nsw i32 %30, %27
  %42 = add nsw i32 %29, %27
  %43 = call i32 @llvm.smin.i32(i32 %42, i32 %14)
  %44 = icmp sgt i32 %41, %43
  br i1 %44, label %45, label %28

45:                                               ; preds = %40
  store i32 %41, ptr addrspace(5) %3, align 4, !tbaa !8, !noalias !19
  br label %46

46:                                               ; preds = %45, %16
  %47 = phi i32 [ %43, %45 ], [ %23, %16 ]
  store i32 %47, ptr addrspace(5) %4, align 4, !tbaa !8, !noalias !19
  call void @__kmpc_for_static_fini(ptr addrspacecast (ptr addrspace(1) @2 to ptr), i32 %1) #4, !noalias !19
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %6) #4, !noalias !19
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %5) #4, !noalias !19
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %4) #4, !noalias !19
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %3) #4, !noalias !19
  br label %48

48:                                               ; preds = %2, %46
  ret void
}

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

attributes #0 = { alwaysinline convergent norecurse nounwind "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+ci-insts,+dl-insts,+dot1-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+mai-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { convergent "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+ci-insts,+dl-insts,+dot1-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+mai-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" }
attributes #2 = { alwaysinline norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+ci-insts,+dl-insts,+dot1-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+mai-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
attributes #5 = { norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+ci-insts,+dl-insts,+dot1-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+mai-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" }
attributes #6 = { alwaysinline }
attributes #7 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }
attributes #9 = { nounwind memory(readwrite) }

!omp_offload.info = !{!0}
!nvvm.annotations = !{!1}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{i32 0, i32 65024, i32 5604218, !"two_regions", i32 9, i32 0, i32 0}
!1 = !{ptr @__omp_offloading_fe00_55837a_two_regions_l9, !"kernel", i32 1}
!2 = !{i32 1, !"amdgpu_code_object_version", i32 400}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 7, !"openmp", i32 50}
!5 = !{i32 7, !"openmp-device", i32 50}
!6 = !{i32 8, !"PIC Level", i32 2}
!7 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"any pointer", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"float", !10, i64 0}
!16 = !{!17}
!17 = distinct !{!17, !18, !"__omp_outlined__: argument 0"}
!18 = distinct !{!18, !"__omp_outlined__"}
!19 = !{!20}
!20 = distinct !{!20, !21, !"__omp_outlined__.1: argument 0"}
!21 = distinct !{!21, !"__omp_outlined__.1"}
