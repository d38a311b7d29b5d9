; REQUIRES: llvm22
; Queries answered from the nesting level are the same on every thread of
; sequential code in either mode: level 0, so thread 0 of a team of 1, not in
; parallel (the device runtime starts SPMD kernels at level 0 and raises it
; only inside the parallel entry point). A kernel using them becomes SPMD; its
; store of the answers to device memory is guarded. omp_get_max_threads()
; differs between the modes (generic mode leaves the main thread's warp out of
; the team): that kernel stays generic, and OMP121 names the query.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@ident = private constant [4 x i8] zeroinitializer
@levels_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@team_size_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }

; CHECK: @levels_kernel_environment = {{.*}} { i8 0, i8 1, i8 3,
; CHECK: @team_size_kernel_environment = {{.*}} { i8 {{[01]}}, i8 1, i8 1,

; CHECK-LABEL: define weak ptx_kernel void @levels(
; CHECK:         call i32 @omp_get_thread_num()
; CHECK:         call i32 @omp_get_num_threads()
; CHECK:         call i32 @omp_in_parallel()
; CHECK:         call i32 @omp_get_level()
; CHECK:       region.guarded:
; CHECK-NEXT:    store i32 {{%.*}}, ptr %out

; REMARK: remark: {{.*}}execution of kernel team_size (@omp_get_max_threads returns a different value in SPMD mode). [OMP121]
; REMARK-NOT: kernel levels

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @omp_in_parallel()
declare i32 @omp_get_level()
declare i32 @omp_get_max_threads()

define weak ptx_kernel void @levels(ptr %dyn, ptr %out) {
  %r = call i32 @__kmpc_target_init(ptr @levels_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  %t = call i32 @omp_get_thread_num()
  %n = call i32 @omp_get_num_threads()
  %p = call i32 @omp_in_parallel()
  %l = call i32 @omp_get_level()
  %a = add i32 %t, %n
  %b = add i32 %p, %l
  %s = add i32 %a, %b
  store i32 %s, ptr %out
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @team_size(ptr %dyn, ptr %out) {
  %r = call i32 @__kmpc_target_init(ptr @team_size_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  %m = call i32 @omp_get_max_threads()
  store i32 %m, ptr %out
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}
