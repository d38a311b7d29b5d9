; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; Region shapes clang rarely emits, hand-written in the shape of its output.

target triple = "nvptx64-nvidia-cuda"

@ident = private constant [8 x i8] zeroinitializer

; The same wrapper started twice is compared once; a wrapper chosen at run
; time (a select) is not a known function: the fallback handles it.
; CHECK-LABEL: define void @select_and_repeat(
; CHECK:         %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
; CHECK:       worker.region.check:
; CHECK-NEXT:    %worker.is_region = icmp eq ptr %worker.work_fn, @a_wrapper
; CHECK-NEXT:    br i1 %worker.is_region, label %worker.region.call, label %worker.region.fallback
; CHECK:       worker.region.call:
; CHECK-NEXT:    call void @a_wrapper(i16 0, i32 %tid)
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 %tid)
; CHECK-NEXT:    br label %worker.region.end
; CHECK-NOT:     icmp eq ptr %worker.work_fn
; CHECK:       worker.region.end:
define void @select_and_repeat(i1 %c) {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %is_main = icmp eq i32 %tid, -1
  br i1 %is_main, label %user, label %exit
user:
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @body, ptr @a_wrapper, ptr null, i64 0)
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @body, ptr @a_wrapper, ptr null, i64 0)
  %w = select i1 %c, ptr @a_wrapper, ptr @b_wrapper
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @body, ptr %w, ptr null, i64 0)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; A wrapper of another type than void (i16, i32) cannot be called directly
; with the worker's arguments: it is left to the fallback.
; CHECK-LABEL: define void @odd_wrapper_type(
; CHECK:         %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
; CHECK:       worker.active:
; CHECK-NEXT:    br i1 %worker.is_active, label %worker.region.fallback, label %worker.barrier
; CHECK-NOT:     call void @odd_wrapper
define void @odd_wrapper_type() {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %is_main = icmp eq i32 %tid, -1
  br i1 %is_main, label %user, label %exit
user:
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @body, ptr @odd_wrapper, ptr null, i64 0)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; REMARK: remark: {{.*}}requires a fallback (1 known parallel region, 1 call that may start unknown ones). [OMP132]
; REMARK-NEXT: remark: {{.*}}Parallel region with an unknown function may contain unknown parallel regions.{{.*}}[OMP133]
; REMARK-NEXT: remark: {{.*}}requires a fallback (0 known parallel regions, 1 call that may start unknown ones). [OMP132]
; REMARK-NEXT: remark: {{.*}}Parallel region with an unknown function may contain unknown parallel regions.{{.*}}[OMP133]
; REMARK-NOT: remark

define internal void @body(ptr %gtid, ptr %btid) {
  ret void
}

define internal void @a_wrapper(i16 %zero, i32 %tid) {
  call void @body(ptr null, ptr null)
  ret void
}

define internal void @b_wrapper(i16 %zero, i32 %tid) {
  call void @body(ptr null, ptr null)
  ret void
}

define internal void @odd_wrapper(i32 %tid) {
  call void @body(ptr null, ptr null)
  ret void
}

declare i32 @__kmpc_target_init(ptr, i8, i1)
declare void @__kmpc_target_deinit(ptr, i8)
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64)
