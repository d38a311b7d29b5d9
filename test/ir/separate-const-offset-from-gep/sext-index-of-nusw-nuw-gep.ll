; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck %s
;
; A GEP that is both `nusw` (or `inbounds`) and `nuw` is poison unless each
; of its indices is non-negative: a negative one is huge as unsigned, and
; the two flags cannot both hold. So `sext(i + c)` as such an index cannot
; have wrapped (i + c is non-negative) when c >= 0, nor when the add is
; `nuw`: the sext distributes without `nsw` (sext-add-without-nsw.ll has
; the other proofs).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @add_nuw(
; CHECK-NEXT:    [[S:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds nuw i32, ptr %p, i64 [[S]]
; CHECK-NEXT:    %q = getelementptr inbounds nuw i8, ptr [[B]], i64 4
define ptr @add_nuw(ptr %p, i32 %i) {
  %a = add nuw i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %s
  ret ptr %q
}

; A plain add of a non-negative constant can only wrap up, to a negative
; index. The split keeps no flag (the add was no nuw addition).
; CHECK-LABEL: @plain_add_positive(
; CHECK-NEXT:    [[S:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[S]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 4
define ptr @plain_add_positive(ptr %p, i32 %i) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr nusw nuw i32, ptr %p, i64 %s
  ret ptr %q
}

; A plain add of a negative constant can wrap down, to a non-negative
; index (INT_MIN - 1): nothing moves.
; CHECK-LABEL: @plain_add_negative(
; CHECK-NEXT:    %a = add i32 %i, -1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds nuw i32, ptr %p, i64 %s
define ptr @plain_add_negative(ptr %p, i32 %i) {
  %a = add i32 %i, -1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %s
  ret ptr %q
}

; `nuw` alone does not make an index non-negative (an i8 index of -1 is
; fine from address 0): nothing moves.
; CHECK-LABEL: @nuw_only(
; CHECK-NEXT:    %a = add nuw i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr nuw i8, ptr %p, i64 %s
define ptr @nuw_only(ptr %p, i32 %i) {
  %a = add nuw i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr nuw i8, ptr %p, i64 %s
  ret ptr %q
}
