; REQUIRES: llvm16
; __kmpc_is_spmd_exec_mode() is folded where every kernel that reaches the
; function (directly or inside its parallel regions) agrees on the mode, after
; SPMDization: @spmd_only is reached by an SPMD kernel and by a kernel that
; becomes SPMD (1); @generic_only by a kernel that stays generic (0); @both by
; both kinds (kept); @exported may be called from other modules (kept).
; __kmpc_parallel_level() is 0 in sequential code in either mode (the device
; runtime starts SPMD kernels at level 0 too; LLVM's openmp-opt folds it to 1):
; folded in @level_seq (reached only by SPMD kernels, outside parallel
; regions), kept in @level_par (inside a parallel region: depends on nesting).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-folding>' -S %s \
; RUN:   | FileCheck %s --check-prefix=NOFOLD

target triple = "nvptx64-nvidia-cuda"

@ident = private constant [4 x i8] zeroinitializer
@out = global i8 0
@already_exec_mode = weak protected constant i8 2
@becomes_exec_mode = weak protected constant i8 1
@stays_exec_mode = weak protected constant i8 1

declare i32 @__kmpc_target_init(ptr, i8, i1)
declare void @__kmpc_target_deinit(ptr, i8)
declare i8 @__kmpc_is_spmd_exec_mode()
declare void @__kmpc_parallel_51(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64)
declare void @unknown()
declare i16 @__kmpc_parallel_level(ptr, i32)
@level = global i16 0

define weak void @already() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 2, i1 false)
  call void @spmd_only()
  call void @both()
  call void @level_seq()
  call void @__kmpc_target_deinit(ptr @ident, i8 2)
  ret void
}

define weak void @becomes() {
  %args = alloca [0 x ptr]
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @__kmpc_parallel_51(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr %args, i64 0)
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  br label %exit
exit:
  ret void
}

define weak void @stays() {
  %r = call i32 @__kmpc_target_init(ptr @ident, i8 1, i1 true)
  call void @unknown()
  call void @generic_only()
  call void @both()
  call void @exported()
  call void @__kmpc_target_deinit(ptr @ident, i8 1)
  ret void
}

; Reached through the parallel region of @becomes.
define internal void @region(ptr %tid, ptr %bound) {
  call void @spmd_only()
  call void @level_par()
  ret void
}

define internal void @region_wrapper(i16 %a, i32 %b) {
  ret void
}

; CHECK-LABEL: define internal void @spmd_only(
; CHECK-NEXT:    store i8 1, ptr @out
; NOFOLD-LABEL: define internal void @spmd_only(
; NOFOLD-NEXT:    call i8 @__kmpc_is_spmd_exec_mode()
define internal void @spmd_only() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @generic_only(
; CHECK-NEXT:    store i8 0, ptr @out
define internal void @generic_only() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @both(
; CHECK-NEXT:    call i8 @__kmpc_is_spmd_exec_mode()
define internal void @both() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define void @exported(
; CHECK-NEXT:    call i8 @__kmpc_is_spmd_exec_mode()
define void @exported() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @level_seq(
; CHECK-NEXT:    store i16 0, ptr @level
define internal void @level_seq() {
  %l = call i16 @__kmpc_parallel_level(ptr @ident, i32 0)
  store i16 %l, ptr @level
  ret void
}

; CHECK-LABEL: define internal void @level_par(
; CHECK-NEXT:    call i16 @__kmpc_parallel_level(
define internal void @level_par() {
  %l = call i16 @__kmpc_parallel_level(ptr @ident, i32 0)
  store i16 %l, ptr @level
  ret void
}
