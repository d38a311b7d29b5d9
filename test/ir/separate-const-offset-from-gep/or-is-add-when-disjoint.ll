; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck %s
;
; From LLVM 18 on an `or` counts as an add only when it is marked `disjoint`
; (as upstream, llvm/llvm-project#76997): InstCombine infers the flag, and
; LLVM 22's split-gep-or-as-add.ll pins that an unmarked `or` stays, even
; when value tracking could prove its operands disjoint. (LLVM 16 has no
; such flag and asks value tracking: splits-add-sub-or.ll.)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @disjoint_or(
; CHECK-NEXT:    %s = shl i64 %i, 2
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 %s
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 12
define ptr @disjoint_or(ptr %p, i64 %i) {
  %s = shl i64 %i, 2
  %j = or disjoint i64 %s, 3
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; (i << 2) | 3 shares no bit with 3, but without the flag it is not an add.
; CHECK-LABEL: @unmarked_or_stays(
; CHECK-NEXT:    %s = shl i64 %i, 2
; CHECK-NEXT:    %j = or i64 %s, 3
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %j
define ptr @unmarked_or_stays(ptr %p, i64 %i) {
  %s = shl i64 %i, 2
  %j = or i64 %s, 3
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; A disjoint or nested under an add is rebuilt as an add.
; CHECK-LABEL: @disjoint_or_under_add(
; CHECK-NEXT:    %s = shl i64 %i, 2
; CHECK-NEXT:    [[O:%.*]] = add i64 %s, 1
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[O]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 48
define ptr @disjoint_or_under_add(ptr %p, i64 %i) {
  %s = shl i64 %i, 2
  %a = add i64 %s, 12
  %o = or disjoint i64 %a, 1
  %q = getelementptr float, ptr %p, i64 %o
  ret ptr %q
}

; A disjoint or truncates exactly: zext(trunc((x << 2) | 2)) splits
; (trunc-under-extension.ll).
; CHECK-LABEL: @zext_of_trunc_of_disjoint_or(
; CHECK-NEXT:    %s = shl i32 %x, 2
; CHECK-NEXT:    [[T:%.*]] = trunc i32 %s to i8
; CHECK-NEXT:    [[Z:%.*]] = zext i8 [[T]] to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[Z]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 8
define ptr @zext_of_trunc_of_disjoint_or(ptr %p, i32 %x) {
  %s = shl i32 %x, 2
  %o = or disjoint i32 %s, 2
  %t = trunc i32 %o to i8
  %z = zext i8 %t to i64
  %q = getelementptr float, ptr %p, i64 %z
  ret ptr %q
}
