; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:     -pass-remarks-analysis=gpucc-openmp-opt -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; Kernels the pass must leave alone. Hand-written, in the shape clang-16 emits.

target triple = "nvptx64-nvidia-cuda"

@ident = private constant [8 x i8] zeroinitializer

; The module declares the runtime's __kmpc_kernel_parallel with another type:
; the worker loop cannot call it, so the kernel keeps the generic state
; machine (flag stays true) and says why.
; CHECK-LABEL: define void @bad_runtime_declaration(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
; CHECK-NEXT:    %is_main = icmp eq i32 %tid, -1
; CHECK-NOT:   worker.wait
define void @bad_runtime_declaration() {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %is_main = icmp eq i32 %tid, -1
  br i1 %is_main, label %user, label %exit
user:
  %g = call i32 @__kmpc_global_thread_num(ptr @ident)
  call void @__kmpc_parallel_51(ptr @ident, i32 %g, i32 1, i32 -1, i32 -1, ptr @body, ptr @body_wrapper, ptr null, i64 0)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; Already SPMD (mode 2): nothing to do, no remark.
; CHECK-LABEL: define void @spmd_kernel(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @__kmpc_target_init(ptr @ident, i8 2, i1 false)
; CHECK-NEXT:    ret void
define void @spmd_kernel() {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 2, i1 false)
  ret void
}

; Already without the generic state machine: nothing to do, no remark.
; CHECK-LABEL: define void @already_custom(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
; CHECK-NEXT:    ret void
define void @already_custom() {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 false)
  ret void
}

; A mode that is not a constant: not LLVM 16's protocol, refused.
; CHECK-LABEL: define void @variable_mode(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @__kmpc_target_init(ptr @ident, i8 %mode, i1 true)
; CHECK-NEXT:    ret void
define void @variable_mode(i8 %mode) {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 %mode, i1 true)
  ret void
}

; The wrong declaration is kept as it is.
; CHECK: declare void @__kmpc_kernel_parallel(ptr)
; CHECK-NOT: declare {{.*}}@__kmpc_barrier_simple_generic

; REMARK: remark: {{.*}}Generic-mode kernel keeps the runtime's state machine: @__kmpc_kernel_parallel is declared with an unexpected type.
; REMARK-NEXT: remark: {{.*}}Generic-mode kernel keeps the runtime's state machine: __kmpc_target_init is not called as i32 (ptr ident, i8 mode, i1 use_generic_state_machine) with a constant launch configuration.
; REMARK-NOT: remark

define internal void @body(ptr %gtid, ptr %btid) {
  ret void
}

define internal void @body_wrapper(i16 %zero, i32 %tid) {
  call void @body(ptr null, ptr null)
  ret void
}

declare i32 @__kmpc_target_init(ptr, i8, i1)
declare void @__kmpc_target_deinit(ptr, i8)
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64)
declare void @__kmpc_kernel_parallel(ptr)
