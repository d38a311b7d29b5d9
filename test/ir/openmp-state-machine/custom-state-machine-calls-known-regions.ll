; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -openmp-opt-disable-state-machine-rewrite -S %s | FileCheck --check-prefix=DISABLED %s
;
; Input: clang-16 output for Inputs/known-regions.c (command at its top). The
; kernel stays generic (log_step has side effects) and starts two parallel
; regions; log_step is assumed "omp_no_parallelism", so both regions the
; workers can be handed are known: the worker loop compares the work function
; against the two wrappers and calls them directly, with no indirect call.

; The runtime's generic state machine is switched off, and the workers (init
; result != -1) enter the kernel's own loop; the main thread runs user code.
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_two_regions_l{{[0-9]+}}(
; CHECK-NEXT:    %worker.work_fn.addr = alloca ptr, align 8
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK-NEXT:    %thread.is_worker = icmp ne i32 [[TID]], -1
; CHECK-NEXT:    br i1 %thread.is_worker, label %worker.check, label %thread.user_code
; The spare threads of the main thread's warp leave at once.
; CHECK:       worker.check:
; CHECK-NEXT:    %block.hw_size = call i32 @__kmpc_get_hardware_num_threads_in_block()
; CHECK-NEXT:    %warp.size = call i32 @__kmpc_get_warp_size()
; CHECK-NEXT:    %block.size = sub i32 %block.hw_size, %warp.size
; CHECK-NEXT:    %thread.is_main_or_worker = icmp slt i32 [[TID]], %block.size
; CHECK-NEXT:    br i1 %thread.is_main_or_worker, label %worker.wait, label %worker.exit.sm
; Wait for work; a null work function ends the kernel.
; CHECK:       worker.wait:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_generic(ptr @1, i32 [[TID]])
; CHECK-NEXT:    %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
; CHECK-NEXT:    %worker.work_fn = load ptr, ptr %worker.work_fn.addr, align 8
; CHECK-NEXT:    %worker.is_done = icmp eq ptr %worker.work_fn, null
; CHECK-NEXT:    br i1 %worker.is_done, label %worker.exit.sm, label %worker.active
; CHECK:       worker.exit.sm:
; CHECK-NEXT:    ret void
; CHECK:       worker.active:
; CHECK-NEXT:    br i1 %worker.is_active, label %worker.region.check, label %worker.barrier
; The if-cascade: the first wrapper is compared, the last needs no compare.
; CHECK:       worker.region.check:
; CHECK-NEXT:    %worker.is_region = icmp eq ptr %worker.work_fn, @__omp_outlined___wrapper
; CHECK-NEXT:    br i1 %worker.is_region, label %worker.region.call, label %[[LAST:worker.region.check[0-9]+]]
; CHECK:       worker.region.call:
; CHECK-NEXT:    call void @__omp_outlined___wrapper(i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK:       [[LAST]]:
; CHECK-NEXT:    call void @__omp_outlined__1_wrapper(i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK-NOT:   call void %worker.work_fn
; CHECK:       worker.region.end:
; CHECK-NEXT:    call void @__kmpc_kernel_end_parallel()
; CHECK-NEXT:    br label %worker.barrier
; CHECK:       worker.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_generic(ptr @1, i32 [[TID]])
; CHECK-NEXT:    br label %worker.wait
; The kernel's own code is untouched.
; CHECK:       thread.user_code:
; CHECK-NEXT:    icmp eq i32 [[TID]], -1
; CHECK-NOT:   call void %
; CHECK-LABEL: define internal void @__omp_outlined__(
; The barrier is convergent; the runtime functions are declared once.
; CHECK:       declare void @__kmpc_barrier_simple_generic(ptr, i32) [[BARRIER:#[0-9]+]]
; CHECK:       declare i1 @__kmpc_kernel_parallel(ptr)
; CHECK:       declare void @__kmpc_kernel_end_parallel()
; CHECK:       attributes [[BARRIER]] = { convergent nounwind }

; REMARK: remark: {{.*}}Rewriting generic-mode kernel with a customized state machine (2 parallel regions, called directly). [OMP131]
; REMARK-NOT: remark

; DISABLED: call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true)
; DISABLED-NOT: worker.wait

; ModuleID = 'known-regions.c'
source_filename = "known-regions.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_55837a_two_regions_l9_exec_mode = weak protected constant i8 1
@__omp_offloading_fe00_55837a_two_regions_l9_nested_parallelism = weak local_unnamed_addr constant i8 0
@_shared = internal addrspace(3) global [8 x i8] undef, align 16
@_shared2 = internal addrspace(3) global [4 x i8] undef, align 16
@llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fe00_55837a_two_regions_l9_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline convergent norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_55837a_two_regions_l9(i64 noundef %0, ptr noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x ptr], align 8
  %4 = alloca [2 x ptr], align 8
  %5 = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true) #4
  %6 = icmp eq i32 %5, -1
  br i1 %6, label %8, label %7

7:                                                ; preds = %2, %8
  ret void

8:                                                ; preds = %2
  %9 = trunc i64 %0 to i32
  store i32 %9, ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), align 16, !tbaa !8
  store ptr %1, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 16, !tbaa !12
  %10 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #4
  tail call void @log_step(i32 noundef 0) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr %3, align 8, !tbaa !12
  %11 = getelementptr inbounds [2 x ptr], ptr %3, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %11, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %10, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__, ptr nonnull @__omp_outlined___wrapper, ptr nonnull %3, i64 2) #4
  call void @log_step(i32 noundef 1) #8
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr %4, align 8, !tbaa !12
  %12 = getelementptr inbounds [2 x ptr], ptr %4, i64 0, i64 1
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr %12, align 8, !tbaa !12
  call void @__kmpc_parallel_51(ptr nonnull @1, i32 %10, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_outlined__1, ptr nonnull @__omp_outlined__1_wrapper, ptr nonnull %4, i64 2) #4
  call void @__kmpc_target_deinit(ptr nonnull @1, i8 1) #4
  br label %7
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: convergent
declare void @log_step(i32 noundef) local_unnamed_addr #1

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #9
  store i32 0, ptr %5, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4
  store i32 %10, ptr %6, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4
  store i32 1, ptr %7, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4
  store i32 0, ptr %8, align 4, !tbaa !8
  %13 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %14 = load i32, ptr %6, align 4, !tbaa !8
  %15 = load i32, ptr %5, align 4, !tbaa !8
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !8
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
  %29 = load float, ptr %28, align 4, !tbaa !14
  %30 = fadd float %29, 1.000000e+00
  store float %30, ptr %28, align 4, !tbaa !14
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
  store i32 %34, ptr %5, align 4, !tbaa !8
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !8
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
  %9 = load ptr, ptr %8, align 8, !tbaa !12
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !12
  %12 = load i32, ptr %9, align 4, !tbaa !8, !noalias !16
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #9, !noalias !16
  store i32 0, ptr %3, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !noalias !16
  store i32 %13, ptr %4, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !noalias !16
  store i32 1, ptr %5, align 4, !tbaa !8, !noalias !16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !noalias !16
  store i32 0, ptr %6, align 4, !tbaa !8, !noalias !16
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !16
  %16 = load i32, ptr %4, align 4, !tbaa !8, !noalias !16
  %17 = load i32, ptr %3, align 4, !tbaa !8, !noalias !16
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !16
  %22 = load i32, ptr %5, align 4, !tbaa !8, !noalias !16
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
  %31 = load float, ptr %30, align 4, !tbaa !14, !noalias !16
  %32 = fadd float %31, 1.000000e+00
  store float %32, ptr %30, align 4, !tbaa !14, !noalias !16
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
  store i32 %36, ptr %3, align 4, !tbaa !8, !noalias !16
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !8, !noalias !16
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !16
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !noalias !16
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !noalias !16
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !noalias !16
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !noalias !16
  br label %43

43:                                               ; preds = %2, %41
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #6

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__1(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %2, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %41

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #9
  store i32 0, ptr %5, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4
  store i32 %10, ptr %6, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4
  store i32 1, ptr %7, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4
  store i32 0, ptr %8, align 4, !tbaa !8
  %13 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %13, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %14 = load i32, ptr %6, align 4, !tbaa !8
  %15 = load i32, ptr %5, align 4, !tbaa !8
  %16 = call i32 @llvm.smin.i32(i32 %14, i32 %10)
  %17 = icmp sgt i32 %15, %16
  br i1 %17, label %39, label %18

18:                                               ; preds = %12
  %19 = load ptr, ptr %3, align 8
  %20 = load i32, ptr %7, align 4, !tbaa !8
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
  %29 = load float, ptr %28, align 4, !tbaa !14
  %30 = fmul float %29, 2.000000e+00
  store float %30, ptr %28, align 4, !tbaa !14
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
  store i32 %34, ptr %5, align 4, !tbaa !8
  br label %39

39:                                               ; preds = %38, %12
  %40 = phi i32 [ %36, %38 ], [ %16, %12 ]
  store i32 %40, ptr %6, align 4, !tbaa !8
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %13) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4
  br label %41

41:                                               ; preds = %39, %4
  ret void
}

; Function Attrs: norecurse nounwind
define internal void @__omp_outlined__1_wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr, ptr %8, align 8, !tbaa !12
  %10 = getelementptr inbounds ptr, ptr %8, i64 1
  %11 = load ptr, ptr %10, align 8, !tbaa !12
  %12 = load i32, ptr %9, align 4, !tbaa !8, !noalias !19
  %13 = add nsw i32 %12, -1
  %14 = icmp sgt i32 %12, 0
  br i1 %14, label %15, label %43

15:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #9, !noalias !19
  store i32 0, ptr %3, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #4, !noalias !19
  store i32 %13, ptr %4, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !noalias !19
  store i32 1, ptr %5, align 4, !tbaa !8, !noalias !19
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !noalias !19
  store i32 0, ptr %6, align 4, !tbaa !8, !noalias !19
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !19
  %16 = load i32, ptr %4, align 4, !tbaa !8, !noalias !19
  %17 = load i32, ptr %3, align 4, !tbaa !8, !noalias !19
  %18 = call i32 @llvm.smin.i32(i32 %16, i32 %13)
  %19 = icmp sgt i32 %17, %18
  br i1 %19, label %41, label %20

20:                                               ; preds = %15
  %21 = load ptr, ptr %11, align 8, !noalias !19
  %22 = load i32, ptr %5, align 4, !tbaa !8, !noalias !19
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
  %31 = load float, ptr %30, align 4, !tbaa !14, !noalias !19
  %32 = fmul float %31, 2.000000e+00
  store float %32, ptr %30, align 4, !tbaa !14, !noalias !19
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
  store i32 %36, ptr %3, align 4, !tbaa !8, !noalias !19
  br label %41

41:                                               ; preds = %40, %15
  %42 = phi i32 [ %38, %40 ], [ %18, %15 ]
  store i32 %42, ptr %4, align 4, !tbaa !8, !noalias !19
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !19
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !noalias !19
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !noalias !19
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #4, !noalias !19
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #4, !noalias !19
  br label %43

43:                                               ; preds = %2, %41
  ret void
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

!omp_offload.info = !{!0}
!nvvm.annotations = !{!1}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{i32 0, i32 65024, i32 5604218, !"two_regions", i32 9, i32 0, i32 0}
!1 = !{ptr @__omp_offloading_fe00_55837a_two_regions_l9, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 7, !"openmp", i32 50}
!4 = !{i32 7, !"openmp-device", i32 50}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"frame-pointer", i32 2}
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
!20 = distinct !{!20, !21, !"__omp_outlined__1: argument 0"}
!21 = distinct !{!21, !"__omp_outlined__1"}
