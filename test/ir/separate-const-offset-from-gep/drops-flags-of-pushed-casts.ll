; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck %s
;
; Rebuilding an index pushes its casts down to the operands: `trunc(x + c)`
; becomes `trunc(x) + trunc(c)`. A `trunc nuw`/`nsw` or `zext nneg` spoke of
; the original operand only, so the pushed-down copies lose the flag:
; `trunc nuw (x + 20)` says nothing about `x`, which may be -20 (the
; miscompile of llvm/llvm-project#154116).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @trunc_nuw(
; CHECK-NEXT:    [[T:%.*]] = trunc i128 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[T]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 80
define ptr @trunc_nuw(ptr %p, i128 %x) {
  %a = add i128 %x, 20
  %t = trunc nuw i128 %a to i64
  %q = getelementptr i32, ptr %p, i64 %t
  ret ptr %q
}

; CHECK-LABEL: @trunc_nsw(
; CHECK-NEXT:    [[T:%.*]] = trunc i128 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[T]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 4
define ptr @trunc_nsw(ptr %p, i128 %x) {
  %a = add i128 %x, 1
  %t = trunc nsw i128 %a to i64
  %q = getelementptr i32, ptr %p, i64 %t
  ret ptr %q
}

; CHECK-LABEL: @zext_nneg(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[Z]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 12
define ptr @zext_nneg(ptr %p, i32 %x) {
  %a = add nuw i32 %x, 3
  %z = zext nneg i32 %a to i64
  %q = getelementptr i32, ptr %p, i64 %z
  ret ptr %q
}
