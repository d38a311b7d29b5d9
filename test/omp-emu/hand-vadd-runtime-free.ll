; hand-vadd-runtime-free.ll: what gpucc-omp-runtime-free should make of the vector add
; (test/omp-emu/vecadd.c, as bench/openmp/vecadd_spmd.c), written by hand from
;   clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib -S -emit-llvm -O1
;            -mllvm -openmp-opt-disable bench/openmp/vecadd_spmd.c
; The kernel calls no __kmpc_* function (the declarations are left, unused): each thread starts
; at ctaid * ntid + tid and strides by nctaid * ntid over the distribute chunk, calling the
; outlined body for one iteration at a time. tests/omp_emulator.rs runs it, and mutants of it,
; through scripts/omp_emulate.py with the spec in vecadd.c.
; ModuleID = 'vecadd_spmd.c'
source_filename = "vecadd_spmd.c"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2050, i32 0, i32 22, ptr @0 }, align 8
@3 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@__omp_offloading_fe00_98c467_vecadd_l6_exec_mode = weak protected constant i8 2
@llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fe00_98c467_vecadd_l6_exec_mode], section "llvm.metadata"

; Function Attrs: alwaysinline norecurse nounwind
define weak_odr protected void @__omp_offloading_fe00_98c467_vecadd_l6(i64 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3) local_unnamed_addr #0 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca [6 x ptr], align 8
  %10 = add i32 -1, 0
  %11 = icmp eq i32 %10, -1
  br i1 %11, label %13, label %12

12:                                               ; preds = %4, %47
  ret void

13:                                               ; preds = %4
  %14 = add i32 0, 0
  %15 = and i64 %0, 4294967295
  call void @llvm.lifetime.start.p0(i64 48, ptr nonnull %9)
  %16 = trunc i64 %0 to i32
  %17 = add nsw i32 %16, -1
  %18 = icmp sgt i32 %16, 0
  br i1 %18, label %19, label %47

19:                                               ; preds = %13
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #4, !noalias !8
  store i32 0, ptr %5, align 4, !tbaa !11, !noalias !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #4, !noalias !8
  store i32 %17, ptr %6, align 4, !tbaa !11, !noalias !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #4, !noalias !8
  store i32 1, ptr %7, align 4, !tbaa !11, !noalias !8
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #4, !noalias !8
  store i32 0, ptr %8, align 4, !tbaa !11, !noalias !8
  %20 = add i32 0, 0
  %dlb = load i32, ptr %5
  %dub = load i32, ptr %6
  %dtc0 = sub i32 %dub, %dlb
  %dtc = add i32 %dtc0, 1
  store i32 %dtc, ptr %7
  %21 = load i32, ptr %6, align 4, !tbaa !11, !noalias !8
  %22 = call i32 @llvm.smin.i32(i32 %21, i32 %17)
  store i32 %22, ptr %6, align 4, !tbaa !11, !noalias !8
  %23 = load i32, ptr %5, align 4, !tbaa !11, !noalias !8
  %24 = icmp slt i32 %23, %16
  br i1 %24, label %25, label %46

25:                                               ; preds = %19
  %26 = getelementptr inbounds [6 x ptr], ptr %9, i64 0, i64 1
  %27 = getelementptr inbounds [6 x ptr], ptr %9, i64 0, i64 2
  %28 = inttoptr i64 %15 to ptr
  %29 = getelementptr inbounds [6 x ptr], ptr %9, i64 0, i64 3
  %30 = getelementptr inbounds [6 x ptr], ptr %9, i64 0, i64 4
  %31 = getelementptr inbounds [6 x ptr], ptr %9, i64 0, i64 5
  br label %32

32:                                               ; preds = %32, %25
  %33 = phi i32 [ %23, %25 ], [ %41, %gs.exit ]
  %34 = phi i32 [ %22, %25 ], [ %44, %gs.exit ]
  %35 = zext i32 %33 to i64
  %36 = zext i32 %34 to i64
  %37 = inttoptr i64 %35 to ptr
  store ptr %37, ptr %9, align 8, !tbaa !15, !noalias !8
  %38 = inttoptr i64 %36 to ptr
  store ptr %38, ptr %26, align 8, !tbaa !15, !noalias !8
  store ptr %28, ptr %27, align 8, !tbaa !15, !noalias !8
  store ptr %1, ptr %29, align 8, !tbaa !15, !noalias !8
  store ptr %2, ptr %30, align 8, !tbaa !15, !noalias !8
  store ptr %3, ptr %31, align 8, !tbaa !15, !noalias !8
  %a0 = load ptr, ptr %9
  %a1 = load ptr, ptr %26
  %a2 = load ptr, ptr %27
  %a3 = load ptr, ptr %29
  %a4 = load ptr, ptr %30
  %a5 = load ptr, ptr %31
  %LB = ptrtoint ptr %a0 to i64
  %UB = ptrtoint ptr %a1 to i64
  %N = ptrtoint ptr %a2 to i64
  %lb = trunc i64 %LB to i32
  %ub = trunc i64 %UB to i32
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %ctaid64 = zext i32 %ctaid to i64
  %ntid64 = zext i32 %ntid to i64
  %tid64 = zext i32 %tid to i64
  %nctaid64 = zext i32 %nctaid to i64
  %b0 = mul nuw nsw i64 %ctaid64, %ntid64
  %off64 = add nuw nsw i64 %b0, %tid64
  %offc = call i64 @llvm.umin.i64(i64 %off64, i64 2147483648)
  %off = trunc i64 %offc to i32
  %st64 = mul nuw nsw i64 %nctaid64, %ntid64
  %stc = call i64 @llvm.umin.i64(i64 %st64, i64 2147483648)
  %st = trunc i64 %stc to i32
  %i0 = add nuw i32 %lb, %off
  %gtid = alloca i32
  %btid = alloca i32
  store i32 %tid, ptr %gtid
  store i32 0, ptr %btid
  %enter = icmp ule i32 %i0, %ub
  br i1 %enter, label %gs.body, label %gs.exit
gs.body:
  %i = phi i32 [ %i0, %32 ], [ %inext, %gs.body ]
  %iz = zext i32 %i to i64
  call void @__omp_outlined__1(ptr %gtid, ptr %btid, i64 %iz, i64 %iz, i64 %N, ptr %a3, ptr %a4, ptr %a5)
  %inext = add nuw i32 %i, %st
  %cont = icmp ule i32 %inext, %ub
  br i1 %cont, label %gs.body, label %gs.exit
gs.exit:
  %39 = load i32, ptr %7, align 4, !tbaa !11, !noalias !8
  %40 = load i32, ptr %5, align 4, !tbaa !11, !noalias !8
  %41 = add nsw i32 %40, %39
  store i32 %41, ptr %5, align 4, !tbaa !11, !noalias !8
  %42 = load i32, ptr %6, align 4, !tbaa !11, !noalias !8
  %43 = add nsw i32 %42, %39
  %44 = call i32 @llvm.smin.i32(i32 %43, i32 %17)
  store i32 %44, ptr %6, align 4, !tbaa !11, !noalias !8
  %45 = icmp slt i32 %41, %16
  br i1 %45, label %32, label %46

46:                                               ; preds = %32, %19
  br label %47

47:                                               ; preds = %13, %46
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #4, !noalias !8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #4, !noalias !8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #4, !noalias !8
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #4, !noalias !8
  call void @llvm.lifetime.end.p0(i64 48, ptr nonnull %9)
  br label %12
}

declare i32 @__kmpc_target_init(ptr, i8, i1) local_unnamed_addr

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @__kmpc_get_hardware_num_threads_in_block() local_unnamed_addr

declare void @__kmpc_distribute_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr

; Function Attrs: alwaysinline norecurse nounwind
define internal void @__omp_outlined__1(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture readnone %1, i64 noundef %2, i64 noundef %3, i64 noundef %4, ptr nocapture noundef writeonly %5, ptr nocapture noundef readonly %6, ptr nocapture noundef readonly %7) #2 {
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = trunc i64 %4 to i32
  %14 = icmp sgt i32 %13, 0
  br i1 %14, label %15, label %38

15:                                               ; preds = %8
  %16 = add nsw i32 %13, -1
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %9) #4
  store i32 0, ptr %9, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %10) #4
  store i32 %16, ptr %10, align 4, !tbaa !11
  %17 = trunc i64 %2 to i32
  %18 = trunc i64 %3 to i32
  store i32 %17, ptr %9, align 4, !tbaa !11
  store i32 %18, ptr %10, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %11) #4
  store i32 1, ptr %11, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %12) #4
  store i32 0, ptr %12, align 4, !tbaa !11
  %19 = load i32, ptr %0, align 4, !tbaa !11
  store i32 1, ptr %11
  %20 = load i32, ptr %9, align 4, !tbaa !11
  %21 = sext i32 %20 to i64
  %22 = icmp ugt i64 %21, %3
  br i1 %22, label %37, label %23

23:                                               ; preds = %15
  %24 = load i32, ptr %11, align 4, !tbaa !11
  br label %25

25:                                               ; preds = %23, %25
  %26 = phi i64 [ %21, %23 ], [ %35, %25 ]
  %27 = trunc i64 %26 to i32
  %28 = getelementptr inbounds double, ptr %6, i64 %26
  %29 = load double, ptr %28, align 8, !tbaa !17
  %30 = getelementptr inbounds double, ptr %7, i64 %26
  %31 = load double, ptr %30, align 8, !tbaa !17
  %32 = call double @llvm.fmuladd.f64(double %31, double 0x400921FB54442D18, double %29)
  %33 = getelementptr inbounds double, ptr %5, i64 %26
  store double %32, ptr %33, align 8, !tbaa !17
  %34 = add nsw i32 %24, %27
  %35 = sext i32 %34 to i64
  %36 = icmp ugt i64 %35, %3
  br i1 %36, label %37, label %25

37:                                               ; preds = %25, %15
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %12) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %11) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %10) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %9) #4
  br label %38

38:                                               ; preds = %37, %8
  ret void
}

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #3

; Function Attrs: nounwind
declare void @__kmpc_distribute_static_fini(ptr, i32) local_unnamed_addr #4

; Function Attrs: alwaysinline
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64) local_unnamed_addr #5

; Function Attrs: nounwind
declare i32 @__kmpc_global_thread_num(ptr) local_unnamed_addr #4

declare void @__kmpc_target_deinit(ptr, i8) local_unnamed_addr

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #6

attributes #0 = { alwaysinline norecurse nounwind "frame-pointer"="all" "kernel" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { alwaysinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }
attributes #5 = { alwaysinline }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!omp_offload.info = !{!0}
!nvvm.annotations = !{!1}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{i32 0, i32 65024, i32 10011751, !"vecadd", i32 6, i32 0, i32 0}
!1 = !{ptr @__omp_offloading_fe00_98c467_vecadd_l6, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 7, !"openmp", i32 50}
!4 = !{i32 7, !"openmp-device", i32 50}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!8 = !{!9}
!9 = distinct !{!9, !10, !"__omp_outlined__: argument 0"}
!10 = distinct !{!10, !"__omp_outlined__"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C/C++ TBAA"}
!15 = !{!16, !16, i64 0}
!16 = !{!"any pointer", !13, i64 0}
!17 = !{!18, !18, i64 0}
!18 = !{!"double", !13, i64 0}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i64 @llvm.umin.i64(i64, i64)
