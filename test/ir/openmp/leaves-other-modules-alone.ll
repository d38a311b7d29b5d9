; REQUIRES: llvm16
; A module without OpenMP kernels is left byte-identical (the pass returns
; PreservedAnalyses::all() before looking further), and so is a kernel that is
; already in SPMD mode.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s -o %t.ours.ll
; RUN: opt -S %s -o %t.plain.ll
; RUN: diff %t.plain.ll %t.ours.ll
; RUN: sed -e 's/^;; //' -e '/^;/d' %s | sed -n '/^target/,$p' > %t.spmd.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %t.spmd.ll -o %t.spmd.ours.ll
; RUN: opt -S %t.spmd.ll | diff - %t.spmd.ours.ll
; RUN: FileCheck %s < %t.spmd.ours.ll

target triple = "nvptx64-nvidia-cuda"

@G = global i32 0

define void @not_a_kernel(i32 %v) {
  store i32 %v, ptr @G
  ret void
}

; The second module (the `;; ` lines): an SPMD kernel stays as it is.
;; @k_exec_mode = weak protected constant i8 2
;; declare i32 @__kmpc_target_init(ptr, i8, i1)
;; declare void @__kmpc_target_deinit(ptr, i8)
;; define weak void @k() {
;;   %r = call i32 @__kmpc_target_init(ptr null, i8 2, i1 false)
;;   store i32 1, ptr @G
;;   call void @__kmpc_target_deinit(ptr null, i8 2)
;;   ret void
;; }
; CHECK: @k_exec_mode = weak protected constant i8 2
; CHECK: call i32 @__kmpc_target_init(ptr null, i8 2, i1 false)
; CHECK-NEXT: store i32 1, ptr @G
