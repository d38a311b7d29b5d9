; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A trunc distributes over add, sub and or (arithmetic wraps the same way
; in fewer bits), so a lone trunc is looked through. Under a sext or zext it
; is not when an add or sub lies below it: the narrow add may wrap even when
; the wide one is nsw, and LLVM 16's trunc has no flag to say otherwise.
; LLVM 16 looks through anyway and miscompiles @sext_of_trunc_of_add.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; trunc(x + 5) = trunc(x) + 5, modulo 2^64.
; CHECK-LABEL: @trunc_alone(
; CHECK-NEXT:    [[X:%.*]] = trunc i128 %x to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 20
define ptr @trunc_alone(ptr %p, i128 %x) {
  %a = add i128 %x, 5
  %t = trunc i128 %a to i64
  %q = getelementptr float, ptr %p, i64 %t
  ret ptr %q
}

; sext(trunc(x +nsw 1)): with x = 2^31 - 1 the i32 value is INT_MIN, so the
; index is -2^31, while sext(trunc x) + 1 is 2^31. Refused.
; CHECK-LABEL: @sext_of_trunc_of_add(
; CHECK-NEXT:    %a = add nsw i64 %x, 1
; CHECK-NEXT:    %t = trunc i64 %a to i32
; CHECK-NEXT:    %s = sext i32 %t to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; CHECK-NEXT:    ret ptr %q
define ptr @sext_of_trunc_of_add(ptr %p, i64 %x) {
  %a = add nsw i64 %x, 1
  %t = trunc i64 %a to i32
  %s = sext i32 %t to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; The same through the index's own sign extension (an i32 index).
; CHECK-LABEL: @narrow_index_of_trunc_of_add(
; CHECK-NEXT:    %a = add nuw nsw i64 %x, 1
; CHECK-NEXT:    %t = trunc i64 %a to i32
; CHECK-NEXT:    %idxprom = sext i32 %t to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %idxprom
define ptr @narrow_index_of_trunc_of_add(ptr %p, i64 %x) {
  %a = add nuw nsw i64 %x, 1
  %t = trunc i64 %a to i32
  %q = getelementptr float, ptr %p, i32 %t
  ret ptr %q
}

; A disjoint or truncates exactly: zext(trunc((x << 2) | 2)) splits (on
; LLVM 16, where the or needs no flag; or-is-add-when-disjoint.ll has the
; `or disjoint` of later LLVMs).
; CHECK-LABEL: @zext_of_trunc_of_disjoint_or(
; CHECK-NEXT:    %s = shl i32 %x, 2
; V16-NEXT:      [[T:%.*]] = trunc i32 %s to i8
; V16-NEXT:      [[Z:%.*]] = zext i8 [[T]] to i64
; V16-NEXT:      [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[Z]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 2
; V22-NEXT:      %o = or i32 %s, 2
define ptr @zext_of_trunc_of_disjoint_or(ptr %p, i32 %x) {
  %s = shl i32 %x, 2
  %o = or i32 %s, 2
  %t = trunc i32 %o to i8
  %z = zext i8 %t to i64
  %q = getelementptr float, ptr %p, i64 %z
  ret ptr %q
}

; So does a constant: sext(trunc 1) is 1 (@trunk_explicit in LLVM 16's
; split-gep.ll).
; CHECK-LABEL: @sext_of_trunc_of_constant(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [4 x float], ptr %p, i64 0, i64 %j
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 4
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 16
; CHECK-NOT:     trunc
define ptr @sext_of_trunc_of_constant(ptr %p, i64 %j) {
  %one = trunc i64 1 to i32
  %q = getelementptr [4 x float], ptr %p, i32 %one, i64 %j
  ret ptr %q
}
