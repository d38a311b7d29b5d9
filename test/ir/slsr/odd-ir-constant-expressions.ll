; REQUIRES: llvm16
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; Constant-expression strides (LLVM 22 has no mul constant expressions any
; more): rewritten like any other stride, never crashing.

target triple = "nvptx64-nvidia-cuda"

@g = external global i32

declare void @use(i64)

; A constant-expression stride: the negated bump folds to a constant
; expression, and the rewrite subtracts the stride.
; CHECK-LABEL: @constant_expression_stride(
; CHECK:         %x = add i64 %b, mul (i64 ptrtoint (ptr @g to i64), i64 4)
; CHECK:         %y = sub i64 %x, ptrtoint (ptr @g to i64)
define void @constant_expression_stride(i64 %b) {
  %x = add i64 %b, mul (i64 ptrtoint (ptr @g to i64), i64 4)
  call void @use(i64 %x)
  %y = add i64 %b, mul (i64 ptrtoint (ptr @g to i64), i64 3)
  call void @use(i64 %y)
  ret void
}
