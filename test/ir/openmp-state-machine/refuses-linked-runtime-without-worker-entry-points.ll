; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine \
; RUN:     -pass-remarks-missed=gpucc-openmp-opt -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; The device runtime is linked in (it defines __kmpc_target_deinit and
; __kmpc_parallel_51) but the entry points of the worker loop were dropped
; (internalized and unused): a call we added would never be resolved, so the
; kernel keeps the generic state machine. Hand-written, in the shape of
; clang-16 output linked with libomptarget-nvptx and internalized.

target triple = "nvptx64-nvidia-cuda"

@ident = private constant [8 x i8] zeroinitializer

; CHECK-LABEL: define void @kernel(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
; CHECK-NOT:   worker.wait
; CHECK-NOT:   declare {{.*}}@__kmpc_kernel_parallel
define void @kernel() {
entry:
  %tid = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %is_main = icmp eq i32 %tid, -1
  br i1 %is_main, label %user, label %exit
user:
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @body, ptr @body_wrapper, ptr null, i64 0)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

; REMARK: remark: {{.*}}Generic-mode kernel keeps the runtime's state machine: the device runtime is linked in but does not define @__kmpc_get_hardware_num_threads_in_block.

define internal void @body(ptr %gtid, ptr %btid) {
  ret void
}

define internal void @body_wrapper(i16 %zero, i32 %tid) {
  call void @body(ptr null, ptr null)
  ret void
}

define internal i32 @__kmpc_target_init(ptr %ident, i8 %mode, i1 %sm) {
  ret i32 -1
}

define internal void @__kmpc_target_deinit(ptr %ident, i8 %mode) {
  ret void
}

define internal void @__kmpc_parallel_51(ptr %ident, i32 %gtid, i32 %if, i32 %nt, i32 %pb, ptr %fn, ptr %wrapper, ptr %args, i64 %nargs) {
  ret void
}
