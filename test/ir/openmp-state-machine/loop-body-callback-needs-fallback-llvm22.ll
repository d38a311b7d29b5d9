; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks-analysis=gpucc-openmp-opt -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; The device runtime's __kmpc_*_static_loop_* entry points (OpenMPIRBuilder's
; workshare loops, as flang emits them) run the loop body they are given on
; the calling thread, and that body may start a parallel region through
; __kmpc_parallel_60 that no walk of direct calls sees. The worker loop keeps
; the indirect call as a fallback after the known region; other runtime calls
; (here __kmpc_barrier) cannot start regions and need none.

target triple = "nvptx64-nvidia-cuda"

%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@ident = private constant [4 x i8] zeroinitializer
@with_loop_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@without_loop_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }

; CHECK: @with_loop_kernel_environment = {{.*}} { i8 0, i8 1, i8 1,
; CHECK: @without_loop_kernel_environment = {{.*}} { i8 0, i8 1, i8 1,

; CHECK-LABEL: define weak ptx_kernel void @with_loop(
; CHECK:         icmp eq ptr %worker.work_fn, @region_wrapper
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 {{%.*}})
; CHECK-LABEL: define weak ptx_kernel void @without_loop(
; CHECK-NOT:   worker.region.fallback:
; CHECK:         call void @region_wrapper(i16 0, i32 {{%.*}})
; CHECK-NOT:   call void %worker.work_fn

; REMARK: remark: {{.*}}Runtime call running a function it is given may contain unknown parallel regions. Use `{{\[\[}}omp::assume("omp_no_parallelism")]]` to override. [OMP133]
; REMARK-NOT: remark: {{.*}}[OMP133]

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare void @__kmpc_distribute_static_loop_4u(ptr, ptr, ptr, i32, i32, i8)
declare void @__kmpc_barrier(ptr, i32)

define weak ptx_kernel void @with_loop(ptr %dyn, i32 %n) {
  %args = alloca [0 x ptr]
  %r = call i32 @__kmpc_target_init(ptr @with_loop_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @__kmpc_parallel_60(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr %args, i64 0, i32 0)
  call void @__kmpc_distribute_static_loop_4u(ptr @ident, ptr @loop_body, ptr %args, i32 %n, i32 0, i8 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @without_loop(ptr %dyn) {
  %args = alloca [0 x ptr]
  %r = call i32 @__kmpc_target_init(ptr @without_loop_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @__kmpc_parallel_60(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr %args, i64 0, i32 0)
  call void @__kmpc_barrier(ptr @ident, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

; The loop body starts a parallel region of its own.
define internal void @loop_body(i32 %i, ptr %args) {
  call void @__kmpc_parallel_60(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @region2, ptr @region2_wrapper, ptr %args, i64 0, i32 0)
  ret void
}

define internal void @region(ptr %tid, ptr %bound) {
  ret void
}

define internal void @region_wrapper(i16 %a, i32 %b) {
  ret void
}

define internal void @region2(ptr %tid, ptr %bound) {
  ret void
}

define internal void @region2_wrapper(i16 %a, i32 %b) {
  ret void
}
