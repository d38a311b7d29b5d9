; REQUIRES: llvm16
; Guarding inside called functions. A helper that writes device memory is
; guarded in place when every kernel reaching it becomes SPMD; a helper that
; writes only through pointers its callers point at their own stack needs no
; guard; a helper shared with a kernel that must stay generic (it calls an
; unknown function) keeps both kernels generic, since in generic mode a guard
; (thread 0 plus an SPMD barrier) would deadlock.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

@ident = private constant [4 x i8] zeroinitializer
@G = global i32 0
@H = global i32 0
@two_a_exec_mode = weak protected constant i8 1
@two_b_exec_mode = weak protected constant i8 1
@mixed_spmd_exec_mode = weak protected constant i8 1
@mixed_generic_exec_mode = weak protected constant i8 1

; CHECK: @two_a_exec_mode = weak protected constant i8 3
; CHECK: @two_b_exec_mode = weak protected constant i8 3
; CHECK: @mixed_spmd_exec_mode = weak protected constant i8 1
; CHECK: @mixed_generic_exec_mode = weak protected constant i8 1

declare i32 @__kmpc_target_init(ptr, i8, i1)
declare void @__kmpc_target_deinit(ptr, i8)
declare void @unknown()

; Two kernels that both become SPMD share @set_g.
; CHECK-LABEL: define weak void @two_a(
; CHECK:         call i32 @__kmpc_target_init(ptr @ident, i8 2, i1 false)
define weak void @two_a() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  %x = alloca i32
  call void @set_g(i32 1)
  call void @set_private(ptr %x)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define weak void @two_b(
; CHECK:         call i32 @__kmpc_target_init(ptr @ident, i8 2, i1 false)
define weak void @two_b() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @set_g(i32 2)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; The store to @G is guarded inside the helper; the value it loads back
; afterwards is computed by every thread after the barrier.
; CHECK-LABEL: define internal void @set_g(
; CHECK:         [[TID:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK:         br i1 {{%.*}}, label %region.guarded, label %region.barrier
; CHECK:       region.guarded:
; CHECK-NEXT:    store i32 %v, ptr @G
; CHECK:       region.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(ptr @ident, i32 [[TID]])
define internal void @set_g(i32 %v) {
  store i32 %v, ptr @G
  ret void
}

; Only thread-private memory: every thread writes its own copy, no guard.
; CHECK-LABEL: define internal void @set_private(
; CHECK-NEXT:    store i32 7, ptr %p
; CHECK-NEXT:    ret void
define internal void @set_private(ptr %p) {
  store i32 7, ptr %p
  ret void
}

; @set_h is shared with a kernel that stays generic: neither is SPMDized and
; @set_h is not guarded.
; CHECK-LABEL: define weak void @mixed_spmd(
; CHECK:         call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
define weak void @mixed_spmd() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @set_h()
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define weak void @mixed_generic(
; CHECK:         call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
define weak void @mixed_generic() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @unknown()
  call void @set_h()
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @set_h(
; CHECK-NEXT:    store i32 3, ptr @H
; CHECK-NEXT:    ret void
define internal void @set_h() {
  store i32 3, ptr @H
  ret void
}

; REMARK-DAG: remark: {{.*}}SPMD-mode execution of kernel mixed_generic (call to @unknown)
; REMARK-DAG: remark: {{.*}}SPMD-mode execution of kernel mixed_spmd (@set_h needs guarding but is also reached by a kernel that stays generic)
