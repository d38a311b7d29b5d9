; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s | FileCheck %s
;
; Nothing to split: no constant in any index, only constant indices (the
; backend folds those already), or a vector GEP. Narrow indices of a GEP
; with a variable index are still cast to the index type (`idxprom`), as
; upstream does before it looks for constants.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = global [32 x [32 x float]] zeroinitializer

; CHECK-LABEL: @no_constant(
; CHECK-NEXT:    %j = add i64 %a, %b
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr %p, i64 %j
; CHECK-NEXT:    ret ptr %q
define ptr @no_constant(ptr %p, i64 %a, i64 %b) {
  %j = add i64 %a, %b
  %q = getelementptr inbounds float, ptr %p, i64 %j
  ret ptr %q
}

; CHECK-LABEL: @narrow_index_is_canonicalized(
; CHECK-NEXT:    %idxprom = sext i32 %i to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr %p, i64 %idxprom
define ptr @narrow_index_is_canonicalized(ptr %p, i32 %i) {
  %q = getelementptr inbounds float, ptr %p, i32 %i
  ret ptr %q
}

; CHECK-LABEL: @all_constant_indices(
; CHECK-NEXT:    %q = getelementptr inbounds [32 x [32 x float]], ptr @g, i32 0, i32 3, i32 4
; CHECK-NEXT:    ret ptr %q
define ptr @all_constant_indices() {
  %q = getelementptr inbounds [32 x [32 x float]], ptr @g, i32 0, i32 3, i32 4
  ret ptr %q
}

; CHECK-LABEL: @vector_gep(
; CHECK-NEXT:    %j = add <2 x i64> %i, {{<i64 1, i64 1>|splat \(i64 1\)}}
; CHECK-NEXT:    %q = getelementptr float, <2 x ptr> %p, <2 x i64> %j
define <2 x ptr> @vector_gep(<2 x ptr> %p, <2 x i64> %i) {
  %j = add <2 x i64> %i, <i64 1, i64 1>
  %q = getelementptr float, <2 x ptr> %p, <2 x i64> %j
  ret <2 x ptr> %q
}

; The constant of a scalable index is a multiple of vscale, not a constant
; (LLVM 16's AArch64/scalable-vector-geps.ll).
; CHECK-LABEL: @scalable_index(
; CHECK-NEXT:    %j = add i64 %i, 1
; CHECK-NEXT:    %q = getelementptr <vscale x 4 x float>, ptr %p, i64 %j
define ptr @scalable_index(ptr %p, i64 %i) {
  %j = add i64 %i, 1
  %q = getelementptr <vscale x 4 x float>, ptr %p, i64 %j
  ret ptr %q
}

; Constant expressions are not looked into.
@h = global i32 0
; CHECK-LABEL: @constant_expression_index(
; CHECK-NEXT:    %j = add i64 %i, ptrtoint (ptr @h to i64)
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %j
define ptr @constant_expression_index(ptr %p, i64 %i) {
  %j = add i64 %i, ptrtoint (ptr @h to i64)
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}
