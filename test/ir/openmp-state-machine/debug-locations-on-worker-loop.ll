; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine,verify \
; RUN:     -disable-output %s
;
; Input: clang-16 output with debug info for Inputs/known-regions.c:
;   clang-16 -g -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib \
;     -S -emit-llvm -O1 known-regions.c
; The verifier rejects a call of an inlinable function without a !dbg location
; in a function with debug info: the worker loop's instructions take the init
; call's location.

; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_two_regions_l9(
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false){{.*}}, !dbg [[LOC:![0-9]+]]
; CHECK:         call void @__kmpc_barrier_simple_generic(ptr @1, i32 [[TID]]), !dbg [[LOC]]
; CHECK:         %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr), !dbg [[LOC]]
; CHECK:         call void @__omp_outlined___wrapper(i16 0, i32 [[TID]]), !dbg [[LOC]]
; CHECK:         call void @__omp_outlined__1_wrapper(i16 0, i32 [[TID]]), !dbg [[LOC]]
; CHECK:         call void @__kmpc_kernel_end_parallel(), !dbg [[LOC]]

; ModuleID = 'known-regions.c'
source_filename = "known-regions.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [67 x i8] c";known-regions.c;__omp_offloading_fe00_55837a_two_regions_l9;9;1;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 66, ptr @0 }, align 8
@2 = private unnamed_addr constant [36 x i8] c";known-regions.c;two_regions;12;1;;\00", align 1
@3 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 35, ptr @2 }, align 8
@4 = private unnamed_addr constant [37 x i8] c";known-regions.c;two_regions;12;25;;\00", align 1
@5 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 36, ptr @4 }, align 8
@6 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 35, ptr @2 }, align 8
@7 = private unnamed_addr constant [36 x i8] c";known-regions.c;two_regions;16;1;;\00", align 1
@8 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 35, ptr @7 }, align 8
@9 = private unnamed_addr constant [37 x i8] c";known-regions.c;two_regions;16;25;;\00", align 1
@10 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 36, ptr @9 }, align 8
@11 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 35, ptr @7 }, align 8
@12 = private unnamed_addr constant [68 x i8] c";known-regions.c;__omp_offloading_fe00_55837a_two_regions_l9;19;3;;\00", align 1
@13 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 67, ptr @12 }, align 8
@__omp_offloading_fe00_55837a_two_regions_l9_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_55837a_two_regions_l9_nested_parallelism = weak local_unnamed_addr constant i8 0
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared2 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fe00_55837a_two_regions_l9_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837a_two_regions_l9(i64 noundef %0, ptr noundef %1) local_unnamed_addr #0 !dbg !12 {
  %3 = alloca [2 x ptr], align 8
  %4 = alloca [2 x ptr], align 8
  %5 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #4, !dbg !15
  %6 = icmp eq i32 %5, -1, !dbg !15
  br i1 %6, label %8, label %7, !dbg !15

7:                                                ; preds = %2, %8
  ret void, !dbg !16

8:                                                ; preds = %2
  %9 = trunc i64 %0 to i32
  store i32 %9, ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), align 16, !dbg !15, !tbaa !17
  store ptr %1, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !dbg !15, !tbaa !21
  %10 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @6) #4
  tail call void @log_step(i32 noundef 0) #8, !dbg !23
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr %3, align 8, !dbg !24, !tbaa !21
  %11 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1, !dbg !24
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %11, align 8, !dbg !24, !tbaa !21
  call void @__kmpc_parallel_51(ptr nonnull @6, i32 %10, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %3, i64 2) #4, !dbg !24
  call void @log_step(i32 noundef 1) #8, !dbg !25
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr %4, align 8, !dbg !26, !tbaa !21
  %12 = getelementptr inbounds [2 x ptr], ptr %4, i64 0, i64 1, !dbg !26
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %12, align 8, !dbg !26, !tbaa !21
  call void @__kmpc_parallel_51(ptr nonnull @11, i32 %10, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__1, ptr nonnull @__omp_outlined__1_wrapper, ptr nonnull %4, i64 2) #4, !dbg !26
  call void @__kmpc_target_deinit(ptr nonnull @13, i8 1) #4, !dbg !27
  br label %7
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_step(i32 noundef) local_unnamed_addr #1

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 !dbg !28 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !dbg !29, !tbaa !17
  %10 = add nsw i32 %9, -1, !dbg !30
  %11 = icmp sgt i32 %9, 0, !dbg !30
  br i1 %11, label %12, label %41, !dbg !31

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #9, !dbg !31
  store i32 0, ptr %5, align 4, !dbg !32, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !dbg !31
  store i32 %10, ptr %6, align 4, !dbg !32, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4, !dbg !31
  store i32 1, ptr %7, align 4, !dbg !32, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4, !dbg !31
  store i32 0, ptr %8, align 4, !dbg !32, !tbaa !17
  %13 = load i32, ptr %0, align 4, !dbg !31, !tbaa !17
  call void @__kmpc_for_static_init_4(ptr nonnull @3, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4, !dbg !31
  %14 = load i32, ptr %6, align 4, !tbaa !17
  %15 = load i32, ptr %5, align 4, !tbaa !17
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10), !dbg !32
  %17 = icmp sgt i32 %15, %16, !dbg !30
  br i1 %17, label %39, label %18, !dbg !31

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !17
  br label %21, !dbg !31

21:                                               ; preds = %18, %33
  %22 = phi i32 [ %16, %18 ], [ %36, %33 ]
  %23 = phi i32 [ %15, %18 ], [ %34, %33 ]
  %24 = icmp sgt i32 %23, %22, !dbg !30
  br i1 %24, label %33, label %25, !dbg !31

25:                                               ; preds = %21, %25
  %26 = phi i32 [ %31, %25 ], [ %23, %21 ]
  %27 = sext i32 %26 to i64, !dbg !33
  %28 = getelementptr inbounds float, ptr %19, i64 %27, !dbg !33
  %29 = load float, ptr %28, align 4, !dbg !34, !tbaa !35
  %30 = fadd float %29, 1.000000e+00, !dbg !34
  store float %30, ptr %28, align 4, !dbg !34, !tbaa !35
  %31 = add nsw i32 %26, 1, !dbg !30
  %32 = icmp slt i32 %26, %22, !dbg !30
  br i1 %32, label %25, label %33, !dbg !31, !llvm.loop !37

33:                                               ; preds = %25, %21
  %34 = add nsw i32 %20, %23, !dbg !30
  %35 = add nsw i32 %20, %22, !dbg !30
  %36 = call i32 @llvm.smin.i32(i32 %35, i32 %10), !dbg !32
  %37 = icmp sgt i32 %34, %36, !dbg !30
  br i1 %37, label %38, label %21, !dbg !31, !llvm.loop !39

38:                                               ; preds = %33
  store i32 %34, ptr %5, align 4, !dbg !30, !tbaa !17
  br label %39, !dbg !31

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !dbg !40, !tbaa !17
  call void @__kmpc_for_static_fini(ptr nonnull @5, i32 %13) #4, !dbg !38
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4, !dbg !31
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4, !dbg !31
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !dbg !31
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !dbg !31
  br label %41, !dbg !31

41:                                               ; preds = %39, %4
  ret void, !dbg !41
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
define internal void @__omp_outlined___wrapper(i16 zeroext %0, i32 noundef %1) #5 !dbg !42 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4, !dbg !43
  %8 = load ptr, ptr %7, align 8, !dbg !43
  %9 = load ptr, ptr %8, align 8, !dbg !43, !tbaa !21
  %10 = getelementptr inbounds ptr, ptr %8, i64 1, !dbg !43
  %11 = load ptr, ptr %10, align 8, !dbg !43, !tbaa !21
  %12 = load i32, ptr %9, align 4, !dbg !44, !tbaa !17, !noalias !46
  %13 = add nsw i32 %12, -1, !dbg !49
  %14 = icmp sgt i32 %12, 0, !dbg !49
  br i1 %14, label %15, label %43, !dbg !50

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #9, !dbg !50, !noalias !46
  store i32 0, ptr %3, align 4, !dbg !51, !tbaa !17, !noalias !46
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !dbg !50, !noalias !46
  store i32 %13, ptr %4, align 4, !dbg !51, !tbaa !17, !noalias !46
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !dbg !50, !noalias !46
  store i32 1, ptr %5, align 4, !dbg !51, !tbaa !17, !noalias !46
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !dbg !50, !noalias !46
  store i32 0, ptr %6, align 4, !dbg !51, !tbaa !17, !noalias !46
  call void @__kmpc_for_static_init_4(ptr nonnull @3, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !dbg !50, !noalias !46
  %16 = load i32, ptr %4, align 4, !tbaa !17, !noalias !46
  %17 = load i32, ptr %3, align 4, !tbaa !17, !noalias !46
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13), !dbg !51
  %19 = icmp sgt i32 %17, %18, !dbg !49
  br i1 %19, label %41, label %20, !dbg !50

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !46
  %22 = load i32, ptr %5, align 4, !tbaa !17, !noalias !46
  br label %23, !dbg !50

23:                                               ; preds = %35, %20
  %24 = phi i32 [ %18, %20 ], [ %38, %35 ]
  %25 = phi i32 [ %17, %20 ], [ %36, %35 ]
  %26 = icmp sgt i32 %25, %24, !dbg !49
  br i1 %26, label %35, label %27, !dbg !50

27:                                               ; preds = %23, %27
  %28 = phi i32 [ %33, %27 ], [ %25, %23 ]
  %29 = sext i32 %28 to i64, !dbg !52
  %30 = getelementptr inbounds float, ptr %21, i64 %29, !dbg !52
  %31 = load float, ptr %30, align 4, !dbg !53, !tbaa !35, !noalias !46
  %32 = fadd float %31, 1.000000e+00, !dbg !53
  store float %32, ptr %30, align 4, !dbg !53, !tbaa !35, !noalias !46
  %33 = add nsw i32 %28, 1, !dbg !49
  %34 = icmp slt i32 %28, %24, !dbg !49
  br i1 %34, label %27, label %35, !dbg !50, !llvm.loop !54

35:                                               ; preds = %27, %23
  %36 = add nsw i32 %25, %22, !dbg !49
  %37 = add nsw i32 %24, %22, !dbg !49
  %38 = call i32 @llvm.smin.i32(i32 %37, i32 %13), !dbg !51
  %39 = icmp sgt i32 %36, %38, !dbg !49
  br i1 %39, label %40, label %23, !dbg !50, !llvm.loop !56

40:                                               ; preds = %35
  store i32 %36, ptr %3, align 4, !dbg !49, !tbaa !17, !noalias !46
  br label %41, !dbg !50

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !dbg !57, !tbaa !17, !noalias !46
  call void @__kmpc_for_static_fini(ptr nonnull @5, i32 %1) #4, !dbg !55, !noalias !46
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !dbg !50, !noalias !46
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !dbg !50, !noalias !46
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !dbg !50, !noalias !46
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !dbg !50, !noalias !46
  br label %43, !dbg !50

43:                                               ; preds = %2, %41
  ret void, !dbg !43
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #6

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__1(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 !dbg !58 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !dbg !59, !tbaa !17
  %10 = add nsw i32 %9, -1, !dbg !60
  %11 = icmp sgt i32 %9, 0, !dbg !60
  br i1 %11, label %12, label %41, !dbg !61

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #9, !dbg !61
  store i32 0, ptr %5, align 4, !dbg !62, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !dbg !61
  store i32 %10, ptr %6, align 4, !dbg !62, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4, !dbg !61
  store i32 1, ptr %7, align 4, !dbg !62, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4, !dbg !61
  store i32 0, ptr %8, align 4, !dbg !62, !tbaa !17
  %13 = load i32, ptr %0, align 4, !dbg !61, !tbaa !17
  call void @__kmpc_for_static_init_4(ptr nonnull @8, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4, !dbg !61
  %14 = load i32, ptr %6, align 4, !tbaa !17
  %15 = load i32, ptr %5, align 4, !tbaa !17
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10), !dbg !62
  %17 = icmp sgt i32 %15, %16, !dbg !60
  br i1 %17, label %39, label %18, !dbg !61

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !17
  br label %21, !dbg !61

21:                                               ; preds = %18, %33
  %22 = phi i32 [ %16, %18 ], [ %36, %33 ]
  %23 = phi i32 [ %15, %18 ], [ %34, %33 ]
  %24 = icmp sgt i32 %23, %22, !dbg !60
  br i1 %24, label %33, label %25, !dbg !61

25:                                               ; preds = %21, %25
  %26 = phi i32 [ %31, %25 ], [ %23, %21 ]
  %27 = sext i32 %26 to i64, !dbg !63
  %28 = getelementptr inbounds float, ptr %19, i64 %27, !dbg !63
  %29 = load float, ptr %28, align 4, !dbg !64, !tbaa !35
  %30 = fmul float %29, 2.000000e+00, !dbg !64
  store float %30, ptr %28, align 4, !dbg !64, !tbaa !35
  %31 = add nsw i32 %26, 1, !dbg !60
  %32 = icmp slt i32 %26, %22, !dbg !60
  br i1 %32, label %25, label %33, !dbg !61, !llvm.loop !65

33:                                               ; preds = %25, %21
  %34 = add nsw i32 %20, %23, !dbg !60
  %35 = add nsw i32 %20, %22, !dbg !60
  %36 = call i32 @llvm.smin.i32(i32 %35, i32 %10), !dbg !62
  %37 = icmp sgt i32 %34, %36, !dbg !60
  br i1 %37, label %38, label %21, !dbg !61, !llvm.loop !67

38:                                               ; preds = %33
  store i32 %34, ptr %5, align 4, !dbg !60, !tbaa !17
  br label %39, !dbg !61

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !dbg !68, !tbaa !17
  call void @__kmpc_for_static_fini(ptr nonnull @10, i32 %13) #4, !dbg !66
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4, !dbg !61
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4, !dbg !61
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !dbg !61
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !dbg !61
  br label %41, !dbg !61

41:                                               ; preds = %39, %4
  ret void, !dbg !69
}

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined__1_wrapper(i16 zeroext %0, i32 noundef %1) #5 !dbg !70 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4, !dbg !71
  %8 = load ptr, ptr %7, align 8, !dbg !71
  %9 = load ptr, ptr %8, align 8, !dbg !71, !tbaa !21
  %10 = getelementptr inbounds ptr, ptr %8, i64 1, !dbg !71
  %11 = load ptr, ptr %10, align 8, !dbg !71, !tbaa !21
  %12 = load i32, ptr %9, align 4, !dbg !72, !tbaa !17, !noalias !74
  %13 = add nsw i32 %12, -1, !dbg !77
  %14 = icmp sgt i32 %12, 0, !dbg !77
  br i1 %14, label %15, label %43, !dbg !78

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #9, !dbg !78, !noalias !74
  store i32 0, ptr %3, align 4, !dbg !79, !tbaa !17, !noalias !74
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !dbg !78, !noalias !74
  store i32 %13, ptr %4, align 4, !dbg !79, !tbaa !17, !noalias !74
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !dbg !78, !noalias !74
  store i32 1, ptr %5, align 4, !dbg !79, !tbaa !17, !noalias !74
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !dbg !78, !noalias !74
  store i32 0, ptr %6, align 4, !dbg !79, !tbaa !17, !noalias !74
  call void @__kmpc_for_static_init_4(ptr nonnull @8, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !dbg !78, !noalias !74
  %16 = load i32, ptr %4, align 4, !tbaa !17, !noalias !74
  %17 = load i32, ptr %3, align 4, !tbaa !17, !noalias !74
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13), !dbg !79
  %19 = icmp sgt i32 %17, %18, !dbg !77
  br i1 %19, label %41, label %20, !dbg !78

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !74
  %22 = load i32, ptr %5, align 4, !tbaa !17, !noalias !74
  br label %23, !dbg !78

23:                                               ; preds = %35, %20
  %24 = phi i32 [ %18, %20 ], [ %38, %35 ]
  %25 = phi i32 [ %17, %20 ], [ %36, %35 ]
  %26 = icmp sgt i32 %25, %24, !dbg !77
  br i1 %26, label %35, label %27, !dbg !78

27:                                               ; preds = %23, %27
  %28 = phi i32 [ %33, %27 ], [ %25, %23 ]
  %29 = sext i32 %28 to i64, !dbg !80
  %30 = getelementptr inbounds float, ptr %21, i64 %29, !dbg !80
  %31 = load float, ptr %30, align 4, !dbg !81, !tbaa !35, !noalias !74
  %32 = fmul float %31, 2.000000e+00, !dbg !81
  store float %32, ptr %30, align 4, !dbg !81, !tbaa !35, !noalias !74
  %33 = add nsw i32 %28, 1, !dbg !77
  %34 = icmp slt i32 %28, %24, !dbg !77
  br i1 %34, label %27, label %35, !dbg !78, !llvm.loop !82

35:                                               ; preds = %27, %23
  %36 = add nsw i32 %25, %22, !dbg !77
  %37 = add nsw i32 %24, %22, !dbg !77
  %38 = call i32 @llvm.smin.i32(i32 %37, i32 %13), !dbg !79
  %39 = icmp sgt i32 %36, %38, !dbg !77
  br i1 %39, label %40, label %23, !dbg !78, !llvm.loop !84

40:                                               ; preds = %35
  store i32 %36, ptr %3, align 4, !dbg !77, !tbaa !17, !noalias !74
  br label %41, !dbg !78

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !dbg !85, !tbaa !17, !noalias !74
  call void @__kmpc_for_static_fini(ptr nonnull @10, i32 %1) #4, !dbg !83, !noalias !74
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !dbg !78, !noalias !74
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !dbg !78, !noalias !74
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !dbg !78, !noalias !74
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !dbg !78, !noalias !74
  br label %43, !dbg !78

43:                                               ; preds = %2, %41
  ret void, !dbg !71
}

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

attributes #0 = { alwaysinline convergent norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #2 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
attributes #5 = { norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #6 = { alwaysinline }
attributes #7 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }
attributes #9 = { nounwind memory(readwrite) }

!llvm.dbg.cu = !{!0}
!omp_offload.info = !{!2}
!nvvm.annotations = !{!3}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9, !10}
!llvm.ident = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 16.0.6 (15~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "known-regions.c", directory: "/work/wt-omp-sm/test/ir/openmp-state-machine/Inputs")
!2 = !{i32 0, i32 65024, i32 5604218, !"two_regions", i32 9, i32 0, i32 0}
!3 = !{ptr @__omp_offloading_fe00_55837a_two_regions_l9, !"kernel", i32 1}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"openmp", i32 50}
!8 = !{i32 7, !"openmp-device", i32 50}
!9 = !{i32 8, !"PIC Level", i32 2}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!12 = distinct !DISubprogram(name: "__omp_offloading_fe00_55837a_two_regions_l9", scope: !1, file: !1, line: 9, type: !13, scopeLine: 9, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!13 = !DISubroutineType(types: !14)
!14 = !{}
!15 = !DILocation(line: 9, column: 1, scope: !12)
!16 = !DILocation(line: 0, scope: !12)
!17 = !{!18, !18, i64 0}
!18 = !{!"int", !19, i64 0}
!19 = !{!"omnipotent char", !20, i64 0}
!20 = !{!"Simple C/C++ TBAA"}
!21 = !{!22, !22, i64 0}
!22 = !{!"any pointer", !19, i64 0}
!23 = !DILocation(line: 11, column: 5, scope: !12)
!24 = !DILocation(line: 12, column: 1, scope: !12)
!25 = !DILocation(line: 15, column: 5, scope: !12)
!26 = !DILocation(line: 16, column: 1, scope: !12)
!27 = !DILocation(line: 19, column: 3, scope: !12)
!28 = distinct !DISubprogram(name: "__omp_outlined__", scope: !1, file: !1, line: 12, type: !13, scopeLine: 12, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!29 = !DILocation(line: 13, column: 25, scope: !28)
!30 = !DILocation(line: 13, column: 5, scope: !28)
!31 = !DILocation(line: 12, column: 1, scope: !28)
!32 = !DILocation(line: 13, column: 10, scope: !28)
!33 = !DILocation(line: 14, column: 7, scope: !28)
!34 = !DILocation(line: 14, column: 12, scope: !28)
!35 = !{!36, !36, i64 0}
!36 = !{!"float", !19, i64 0}
!37 = distinct !{!37, !31, !38}
!38 = !DILocation(line: 12, column: 25, scope: !28)
!39 = distinct !{!39, !31, !38}
!40 = !DILocation(line: 13, scope: !28)
!41 = !DILocation(line: 14, column: 15, scope: !28)
!42 = distinct !DISubprogram(linkageName: "__omp_outlined___wrapper", scope: !1, file: !1, line: 12, type: !13, scopeLine: 12, flags: DIFlagArtificial, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!43 = !DILocation(line: 12, column: 1, scope: !42)
!44 = !DILocation(line: 13, column: 25, scope: !28, inlinedAt: !45)
!45 = distinct !DILocation(line: 12, column: 1, scope: !42)
!46 = !{!47}
!47 = distinct !{!47, !48, !"__omp_outlined__: argument 0"}
!48 = distinct !{!48, !"__omp_outlined__"}
!49 = !DILocation(line: 13, column: 5, scope: !28, inlinedAt: !45)
!50 = !DILocation(line: 12, column: 1, scope: !28, inlinedAt: !45)
!51 = !DILocation(line: 13, column: 10, scope: !28, inlinedAt: !45)
!52 = !DILocation(line: 14, column: 7, scope: !28, inlinedAt: !45)
!53 = !DILocation(line: 14, column: 12, scope: !28, inlinedAt: !45)
!54 = distinct !{!54, !50, !55}
!55 = !DILocation(line: 12, column: 25, scope: !28, inlinedAt: !45)
!56 = distinct !{!56, !50, !55}
!57 = !DILocation(line: 13, scope: !28, inlinedAt: !45)
!58 = distinct !DISubprogram(name: "__omp_outlined__1", scope: !1, file: !1, line: 16, type: !13, scopeLine: 16, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!59 = !DILocation(line: 17, column: 25, scope: !58)
!60 = !DILocation(line: 17, column: 5, scope: !58)
!61 = !DILocation(line: 16, column: 1, scope: !58)
!62 = !DILocation(line: 17, column: 10, scope: !58)
!63 = !DILocation(line: 18, column: 7, scope: !58)
!64 = !DILocation(line: 18, column: 12, scope: !58)
!65 = distinct !{!65, !61, !66}
!66 = !DILocation(line: 16, column: 25, scope: !58)
!67 = distinct !{!67, !61, !66}
!68 = !DILocation(line: 17, scope: !58)
!69 = !DILocation(line: 18, column: 15, scope: !58)
!70 = distinct !DISubprogram(linkageName: "__omp_outlined__1_wrapper", scope: !1, file: !1, line: 16, type: !13, scopeLine: 16, flags: DIFlagArtificial, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!71 = !DILocation(line: 16, column: 1, scope: !70)
!72 = !DILocation(line: 17, column: 25, scope: !58, inlinedAt: !73)
!73 = distinct !DILocation(line: 16, column: 1, scope: !70)
!74 = !{!75}
!75 = distinct !{!75, !76, !"__omp_outlined__1: argument 0"}
!76 = distinct !{!76, !"__omp_outlined__1"}
!77 = !DILocation(line: 17, column: 5, scope: !58, inlinedAt: !73)
!78 = !DILocation(line: 16, column: 1, scope: !58, inlinedAt: !73)
!79 = !DILocation(line: 17, column: 10, scope: !58, inlinedAt: !73)
!80 = !DILocation(line: 18, column: 7, scope: !58, inlinedAt: !73)
!81 = !DILocation(line: 18, column: 12, scope: !58, inlinedAt: !73)
!82 = distinct !{!82, !78, !83}
!83 = !DILocation(line: 16, column: 25, scope: !58, inlinedAt: !73)
!84 = distinct !{!84, !78, !83}
!85 = !DILocation(line: 17, scope: !58, inlinedAt: !73)
