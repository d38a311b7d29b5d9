; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -openmp-opt-disable-state-machine-rewrite -S %s | FileCheck --check-prefix=DISABLED %s
;
; custom-state-machine-calls-known-regions.ll on LLVM 22. Input: clang-22
; output for Inputs/known-regions.c, compiled as C++ (the command is in the
; source). The kernel stays generic and starts two parallel regions through
; __kmpc_parallel_60; log_step is assumed "omp_no_parallelism", so the worker
; loop knows both regions and calls their wrappers directly. LLVM 17+'s device
; ABI keeps the use-generic-state-machine flag in the kernel environment: it
; becomes 0 there, and the init call (kernel environment, dynamic environment)
; is unchanged.

; CHECK: @[[ENV:__omp_offloading_.*two_regionsPfi_l[0-9]+_kernel_environment]] = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1,
; CHECK-LABEL: define weak_odr protected ptx_kernel void @__omp_offloading_{{.*}}two_regionsPfi_l{{[0-9]+}}(
; CHECK-NEXT:    %worker.work_fn.addr = alloca ptr, align 8
; CHECK:         [[TID:%.*]] = tail call i32 @__kmpc_target_init(ptr nonnull @[[ENV]], ptr %0)
; CHECK-NEXT:    %thread.is_worker = icmp ne i32 [[TID]], -1
; CHECK-NEXT:    br i1 %thread.is_worker, label %worker.check, label %thread.user_code
; The spare threads of the main thread's warp leave at once.
; CHECK:       worker.check:
; CHECK-NEXT:    %block.hw_size = call i32 @__kmpc_get_hardware_num_threads_in_block()
; CHECK-NEXT:    %warp.size = call i32 @__kmpc_get_warp_size()
; CHECK-NEXT:    %block.size = sub i32 %block.hw_size, %warp.size
; CHECK-NEXT:    %thread.is_main_or_worker = icmp slt i32 [[TID]], %block.size
; CHECK-NEXT:    br i1 %thread.is_main_or_worker, label %worker.wait, label %worker.exit.sm
; Wait for work (the barrier names the ident of the kernel environment); a
; null work function ends the kernel.
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
; CHECK-NEXT:    %worker.is_region = icmp eq ptr %worker.work_fn, @[[W0:__omp_offloading_.*_omp_outlined_wrapper]]
; CHECK-NEXT:    br i1 %worker.is_region, label %worker.region.call, label %[[LAST:worker.region.check[0-9]+]]
; CHECK:       worker.region.call:
; CHECK-NEXT:    call void @[[W0]](i16 0, i32 [[TID]])
; CHECK-NEXT:    br label %worker.region.end
; CHECK:       [[LAST]]:
; CHECK-NEXT:    call void @__omp_offloading_{{.*}}_omp_outlined1_wrapper(i16 0, i32 [[TID]])
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
; CHECK:         call void @__kmpc_parallel_60(
; CHECK:         call void @__kmpc_parallel_60(
; CHECK:         call void @__kmpc_target_deinit()
; The barrier is convergent; the runtime functions are declared once.
; CHECK:       declare void @__kmpc_barrier_simple_generic(ptr, i32) [[BARRIER:#[0-9]+]]
; CHECK:       declare i1 @__kmpc_kernel_parallel(ptr)
; CHECK:       declare void @__kmpc_kernel_end_parallel()
; CHECK:       attributes [[BARRIER]] = { convergent nounwind }

; REMARK: remark: {{.*}}Rewriting generic-mode kernel with a customized state machine (2 parallel regions, called directly). [OMP131]
; REMARK-NOT: remark

; DISABLED: _kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1,
; DISABLED-NOT: worker.wait

source_filename = "known-regions.c"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
%struct.DynamicEnvironmentTy = type { i16 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr @1, ptr @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_dynamic_environment }
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@_shared = internal addrspace(3) global [8 x i8] poison, align 16
@_shared2 = internal addrspace(3) global [4 x i8] poison, align 16

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define weak_odr protected ptx_kernel void @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16(ptr noalias noundef %0, i64 noundef %1, ptr noundef %2) local_unnamed_addr #0 {
  %4 = alloca [2 x ptr], align 8
  %5 = alloca [2 x ptr], align 8
  %6 = tail call i32 @__kmpc_target_init(ptr nonnull @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_kernel_environment, ptr %0) #4
  %7 = icmp eq i32 %6, -1
  br i1 %7, label %9, label %8

8:                                                ; preds = %3, %9
  ret void

9:                                                ; preds = %3
  %10 = trunc i64 %1 to i32
  store i32 %10, ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), align 4, !tbaa !8
  store ptr %2, ptr addrspacecast (ptr addrspace(3) @_shared to ptr), align 8, !tbaa !12
  %11 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1) #4
  tail call void @_Z8log_stepi(i32 noundef 0) #8
  %12 = addrspacecast ptr %4 to ptr addrspace(5)
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr addrspace(5) %12, align 8, !tbaa !15
  %13 = getelementptr inbounds nuw i8, ptr %4, i64 8
  %14 = addrspacecast ptr %13 to ptr addrspace(5)
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr addrspace(5) %14, align 8, !tbaa !15
  call void @__kmpc_parallel_60(ptr nonnull @1, i32 %11, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined, ptr nonnull @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined_wrapper, ptr nonnull %4, i64 2, i32 0) #4
  call void @_Z8log_stepi(i32 noundef 1) #8
  %15 = addrspacecast ptr %5 to ptr addrspace(5)
  store ptr addrspacecast (ptr addrspace(3) @_shared2 to ptr), ptr addrspace(5) %15, align 8, !tbaa !15
  %16 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %17 = addrspacecast ptr %16 to ptr addrspace(5)
  store ptr addrspacecast (ptr addrspace(3) @_shared to ptr), ptr addrspace(5) %17, align 8, !tbaa !15
  call void @__kmpc_parallel_60(ptr nonnull @1, i32 %11, i32 1, i32 -1, i32 -1, ptr nonnull @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1, ptr nonnull @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1_wrapper, ptr nonnull %5, i64 2, i32 0) #4
  call void @__kmpc_target_deinit() #4
  br label %8
}

declare i32 @__kmpc_target_init(ptr, ptr) local_unnamed_addr

; Function Attrs: convergent
declare void @_Z8log_stepi(i32 noundef) local_unnamed_addr #1

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined(ptr noalias noundef readonly captures(none) %0, ptr noalias readnone captures(none) %1, ptr noundef nonnull readonly align 4 captures(none) dereferenceable(4) %2, ptr noundef nonnull readonly align 8 captures(none) dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %44

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #9
  %13 = addrspacecast ptr %5 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %13, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #9
  %14 = addrspacecast ptr %6 to ptr addrspace(5)
  store i32 %10, ptr addrspace(5) %14, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %7) #9
  %15 = addrspacecast ptr %7 to ptr addrspace(5)
  store i32 1, ptr addrspace(5) %15, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %8) #9
  %16 = addrspacecast ptr %8 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %16, align 4, !tbaa !8
  %17 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %17, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %18 = load i32, ptr addrspace(5) %14, align 4, !tbaa !8
  %19 = load i32, ptr addrspace(5) %13, align 4, !tbaa !8
  %20 = call i32 @llvm.smin.i32(i32 %18, i32 %10)
  %21 = icmp sgt i32 %19, %20
  br i1 %21, label %42, label %22

22:                                               ; preds = %12
  %23 = load ptr, ptr %3, align 8, !tbaa !12
  %24 = load i32, ptr addrspace(5) %15, align 4, !tbaa !8
  br label %25

25:                                               ; preds = %22, %36
  %26 = phi i32 [ %20, %22 ], [ %39, %36 ]
  %27 = phi i32 [ %19, %22 ], [ %37, %36 ]
  br label %28

28:                                               ; preds = %25, %28
  %29 = phi i32 [ %27, %25 ], [ %34, %28 ]
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds float, ptr %23, i64 %30
  %32 = load float, ptr %31, align 4, !tbaa !17
  %33 = fadd float %32, 1.000000e+00
  store float %33, ptr %31, align 4, !tbaa !17
  %34 = add nsw i32 %29, 1
  %35 = icmp slt i32 %29, %26
  br i1 %35, label %28, label %36

36:                                               ; preds = %28
  %37 = add nsw i32 %24, %27
  %38 = add nsw i32 %24, %26
  %39 = call i32 @llvm.smin.i32(i32 %38, i32 %10)
  %40 = icmp sgt i32 %37, %39
  br i1 %40, label %41, label %25

41:                                               ; preds = %36
  store i32 %37, ptr addrspace(5) %13, align 4, !tbaa !8
  br label %42

42:                                               ; preds = %41, %12
  %43 = phi i32 [ %39, %41 ], [ %20, %12 ]
  store i32 %43, ptr addrspace(5) %14, align 4, !tbaa !8
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %17) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %8) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %7) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #4
  br label %44

44:                                               ; preds = %42, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #3

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #4

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #4

; Function Attrs: norecurse nounwind
define internal void @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined_wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4
  %8 = addrspacecast ptr %7 to ptr addrspace(5)
  %9 = load ptr, ptr addrspace(5) %8, align 8
  %10 = load ptr, ptr %9, align 8, !tbaa !19
  %11 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %12 = load ptr, ptr %11, align 8, !tbaa !19
  %13 = load i32, ptr %10, align 4, !tbaa !8, !noalias !20
  %14 = add nsw i32 %13, -1
  %15 = icmp sgt i32 %13, 0
  br i1 %15, label %16, label %47

16:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #9, !noalias !20
  %17 = addrspacecast ptr %3 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !20
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #9, !noalias !20
  %18 = addrspacecast ptr %4 to ptr addrspace(5)
  store i32 %14, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !20
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #9, !noalias !20
  %19 = addrspacecast ptr %5 to ptr addrspace(5)
  store i32 1, ptr addrspace(5) %19, align 4, !tbaa !8, !noalias !20
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #9, !noalias !20
  %20 = addrspacecast ptr %6 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %20, align 4, !tbaa !8, !noalias !20
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !20
  %21 = load i32, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !20
  %22 = load i32, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !20
  %23 = call i32 @llvm.smin.i32(i32 %21, i32 %14)
  %24 = icmp sgt i32 %22, %23
  br i1 %24, label %45, label %25

25:                                               ; preds = %16
  %26 = load ptr, ptr %12, align 8, !tbaa !12, !noalias !20
  %27 = load i32, ptr addrspace(5) %19, align 4, !tbaa !8, !noalias !20
  br label %28

28:                                               ; preds = %25, %39
  %29 = phi i32 [ %23, %25 ], [ %42, %39 ]
  %30 = phi i32 [ %22, %25 ], [ %40, %39 ]
  br label %31

31:                                               ; preds = %28, %31
  %32 = phi i32 [ %30, %28 ], [ %37, %31 ]
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, ptr %26, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !17, !noalias !20
  %36 = fadd float %35, 1.000000e+00
  store float %36, ptr %34, align 4, !tbaa !17, !noalias !20
  %37 = add nsw i32 %32, 1
  %38 = icmp slt i32 %32, %29
  br i1 %38, label %31, label %39

39:                                               ; preds = %31
  %40 = add nsw i32 %27, %30
  %41 = add nsw i32 %27, %29
  %42 = call i32 @llvm.smin.i32(i32 %41, i32 %14)
  %43 = icmp sgt i32 %40, %42
  br i1 %43, label %44, label %28

44:                                               ; preds = %39
  store i32 %40, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !20
  br label %45

45:                                               ; preds = %44, %16
  %46 = phi i32 [ %42, %44 ], [ %23, %16 ]
  store i32 %46, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !20
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !20
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #4, !noalias !20
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #4, !noalias !20
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #4, !noalias !20
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #4, !noalias !20
  br label %47

47:                                               ; preds = %2, %45
  ret void
}

declare void @__kmpc_get_shared_variables(ptr) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32) local_unnamed_addr #6

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1(ptr noalias noundef readonly captures(none) %0, ptr noalias readnone captures(none) %1, ptr noundef nonnull readonly align 4 captures(none) dereferenceable(4) %2, ptr noundef nonnull readonly align 8 captures(none) dereferenceable(8) %3) #2 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = load i32, ptr %2, align 4, !tbaa !8
  %10 = add nsw i32 %9, -1
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %12, label %44

12:                                               ; preds = %4
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #9
  %13 = addrspacecast ptr %5 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %13, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #9
  %14 = addrspacecast ptr %6 to ptr addrspace(5)
  store i32 %10, ptr addrspace(5) %14, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %7) #9
  %15 = addrspacecast ptr %7 to ptr addrspace(5)
  store i32 1, ptr addrspace(5) %15, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %8) #9
  %16 = addrspacecast ptr %8 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %16, align 4, !tbaa !8
  %17 = load i32, ptr %0, align 4, !tbaa !8
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %17, i32 33, ptr nonnull %8, ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, i32 1, i32 1) #4
  %18 = load i32, ptr addrspace(5) %14, align 4, !tbaa !8
  %19 = load i32, ptr addrspace(5) %13, align 4, !tbaa !8
  %20 = call i32 @llvm.smin.i32(i32 %18, i32 %10)
  %21 = icmp sgt i32 %19, %20
  br i1 %21, label %42, label %22

22:                                               ; preds = %12
  %23 = load ptr, ptr %3, align 8, !tbaa !12
  %24 = load i32, ptr addrspace(5) %15, align 4, !tbaa !8
  br label %25

25:                                               ; preds = %22, %36
  %26 = phi i32 [ %20, %22 ], [ %39, %36 ]
  %27 = phi i32 [ %19, %22 ], [ %37, %36 ]
  br label %28

28:                                               ; preds = %25, %28
  %29 = phi i32 [ %27, %25 ], [ %34, %28 ]
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds float, ptr %23, i64 %30
  %32 = load float, ptr %31, align 4, !tbaa !17
  %33 = fmul float %32, 2.000000e+00
  store float %33, ptr %31, align 4, !tbaa !17
  %34 = add nsw i32 %29, 1
  %35 = icmp slt i32 %29, %26
  br i1 %35, label %28, label %36

36:                                               ; preds = %28
  %37 = add nsw i32 %24, %27
  %38 = add nsw i32 %24, %26
  %39 = call i32 @llvm.smin.i32(i32 %38, i32 %10)
  %40 = icmp sgt i32 %37, %39
  br i1 %40, label %41, label %25

41:                                               ; preds = %36
  store i32 %37, ptr addrspace(5) %13, align 4, !tbaa !8
  br label %42

42:                                               ; preds = %41, %12
  %43 = phi i32 [ %39, %41 ], [ %20, %12 ]
  store i32 %43, ptr addrspace(5) %14, align 4, !tbaa !8
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %17) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %8) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %7) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #4
  br label %44

44:                                               ; preds = %42, %4
  ret void
}

; Function Attrs: norecurse nounwind
define internal void @__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1_wrapper(i16 zeroext %0, i32 noundef %1) #5 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  call void @__kmpc_get_shared_variables(ptr nonnull %7) #4
  %8 = addrspacecast ptr %7 to ptr addrspace(5)
  %9 = load ptr, ptr addrspace(5) %8, align 8
  %10 = load ptr, ptr %9, align 8, !tbaa !19
  %11 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %12 = load ptr, ptr %11, align 8, !tbaa !19
  %13 = load i32, ptr %10, align 4, !tbaa !8, !noalias !23
  %14 = add nsw i32 %13, -1
  %15 = icmp sgt i32 %13, 0
  br i1 %15, label %16, label %47

16:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #9, !noalias !23
  %17 = addrspacecast ptr %3 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !23
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #9, !noalias !23
  %18 = addrspacecast ptr %4 to ptr addrspace(5)
  store i32 %14, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !23
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #9, !noalias !23
  %19 = addrspacecast ptr %5 to ptr addrspace(5)
  store i32 1, ptr addrspace(5) %19, align 4, !tbaa !8, !noalias !23
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #9, !noalias !23
  %20 = addrspacecast ptr %6 to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %20, align 4, !tbaa !8, !noalias !23
  call void @__kmpc_for_static_init_4(ptr nonnull @2, i32 %1, i32 33, ptr nonnull %6, ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, i32 1, i32 1) #4, !noalias !23
  %21 = load i32, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !23
  %22 = load i32, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !23
  %23 = call i32 @llvm.smin.i32(i32 %21, i32 %14)
  %24 = icmp sgt i32 %22, %23
  br i1 %24, label %45, label %25

25:                                               ; preds = %16
  %26 = load ptr, ptr %12, align 8, !tbaa !12, !noalias !23
  %27 = load i32, ptr addrspace(5) %19, align 4, !tbaa !8, !noalias !23
  br label %28

28:                                               ; preds = %25, %39
  %29 = phi i32 [ %23, %25 ], [ %42, %39 ]
  %30 = phi i32 [ %22, %25 ], [ %40, %39 ]
  br label %31

31:                                               ; preds = %28, %31
  %32 = phi i32 [ %30, %28 ], [ %37, %31 ]
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, ptr %26, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !17, !noalias !23
  %36 = fmul float %35, 2.000000e+00
  store float %36, ptr %34, align 4, !tbaa !17, !noalias !23
  %37 = add nsw i32 %32, 1
  %38 = icmp slt i32 %32, %29
  br i1 %38, label %31, label %39

39:                                               ; preds = %31
  %40 = add nsw i32 %27, %30
  %41 = add nsw i32 %27, %29
  %42 = call i32 @llvm.smin.i32(i32 %41, i32 %14)
  %43 = icmp sgt i32 %40, %42
  br i1 %43, label %44, label %28

44:                                               ; preds = %39
  store i32 %40, ptr addrspace(5) %17, align 4, !tbaa !8, !noalias !23
  br label %45

45:                                               ; preds = %44, %16
  %46 = phi i32 [ %42, %44 ], [ %23, %16 ]
  store i32 %46, ptr addrspace(5) %18, align 4, !tbaa !8, !noalias !23
  call void @__kmpc_for_static_fini(ptr nonnull @2, i32 %1) #4, !noalias !23
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #4, !noalias !23
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #4, !noalias !23
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #4, !noalias !23
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #4, !noalias !23
  br label %47

47:                                               ; preds = %2, %45
  ret void
}

declare void @__kmpc_target_deinit() local_unnamed_addr

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

attributes #0 = { alwaysinline convergent mustprogress norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "nvvm.maxntid"="128" "omp_target_thread_limit"="128" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent "frame-pointer"="all" "llvm.assume"="omp_no_parallelism" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #2 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
attributes #5 = { norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #6 = { alwaysinline }
attributes #7 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { convergent nounwind "llvm.assume"="omp_no_parallelism" }
attributes #9 = { nounwind memory(readwrite) }

!omp_offload.info = !{!0}
!llvm.module.flags = !{!1, !2, !3, !4, !5, !6}
!llvm.errno.tbaa = !{!8}

!0 = !{i32 0, i32 65024, i32 5367034, !"_Z11two_regionsPfi", i32 16, i32 0, i32 0}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"openmp", i32 51}
!4 = !{i32 7, !"openmp-device", i32 51}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"p1 float", !14, i64 0}
!14 = !{!"any pointer", !10, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"any p2 pointer", !14, i64 0}
!17 = !{!18, !18, i64 0}
!18 = !{!"float", !10, i64 0}
!19 = !{!14, !14, i64 0}
!20 = !{!21}
!21 = distinct !{!21, !22, !"__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined: argument 0"}
!22 = distinct !{!22, !"__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined"}
!23 = !{!24}
!24 = distinct !{!24, !25, !"__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1: argument 0"}
!25 = distinct !{!25, !"__omp_offloading_fe00_51e4fa__Z11two_regionsPfi_l16_omp_outlined1"}
