; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck %s
;
; LLVM 19's GEP `nuw` and `nusw` stay on both split GEPs where they still
; hold (as upstream, llvm/llvm-project#130617 and #159515):
; - `nuw` when the original was `nuw` and every addition taken apart was:
;   `add nuw`, `or disjoint`, and no `trunc` without `nuw` on the way;
; - `inbounds`/`nusw` when every step is non-negative
;   (inbounds-needs-non-negative-steps.ll), or when `nuw` stays and the
;   original was `nusw` too: such a GEP's indices are all non-negative (a
;   negative one is huge as unsigned), so its parts are as well.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @nuw_stays_nuw(
; CHECK-NEXT:    [[B:%.*]] = getelementptr nuw i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr nuw i8, ptr [[B]], i64 4
define ptr @nuw_stays_nuw(ptr %p, i64 %i) {
  %a = add nuw i64 %i, 1
  %q = getelementptr nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; i + 1 may wrap: i = -1 makes the original index 0, the split one
; 2^64 - 1. No nuw.
; CHECK-LABEL: @plain_add_drops_nuw(
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 4
define ptr @plain_add_drops_nuw(ptr %p, i64 %i) {
  %a = add i64 %i, 1
  %q = getelementptr nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; inbounds nuw (and so nusw nuw): all of it stays, even for a negative
; constant (the original is poison unless %i - 16 does not wrap).
; CHECK-LABEL: @inbounds_nuw(
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds nuw i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr inbounds nuw i8, ptr [[B]], i64 -64
define ptr @inbounds_nuw(ptr %p, i64 %i) {
  %a = add nuw i64 %i, -16
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; CHECK-LABEL: @nusw_nuw(
; CHECK-NEXT:    [[B:%.*]] = getelementptr nusw nuw i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr nusw nuw i8, ptr [[B]], i64 4
define ptr @nusw_nuw(ptr %p, i64 %i) {
  %a = add nuw i64 %i, 1
  %q = getelementptr nusw nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; A disjoint or is an add that cannot wrap.
; CHECK-LABEL: @disjoint_or(
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds nuw i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr inbounds nuw i8, ptr [[B]], i64 4
define ptr @disjoint_or(ptr %p, i64 %i) {
  %a = or disjoint i64 %i, 1
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; A sub taken apart is no unsigned addition: no flag stays.
; CHECK-LABEL: @sub_drops_all(
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 -4
define ptr @sub_drops_all(ptr %p, i64 %i) {
  %a = sub nuw i64 %i, 1
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %a
  ret ptr %q
}

; A trunc pushed below an add may make it wrap, unless it is `trunc nuw`.
; CHECK-LABEL: @trunc_drops_all(
; CHECK-NEXT:    [[T:%.*]] = trunc i128 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[T]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 4
define ptr @trunc_drops_all(ptr %p, i128 %i) {
  %a = add nuw i128 %i, 1
  %t = trunc i128 %a to i64
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %t
  ret ptr %q
}

; CHECK-LABEL: @trunc_nuw_keeps_all(
; CHECK-NEXT:    [[T:%.*]] = trunc i128 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds nuw i32, ptr %p, i64 [[T]]
; CHECK-NEXT:    %q = getelementptr inbounds nuw i8, ptr [[B]], i64 4
define ptr @trunc_nuw_keeps_all(ptr %p, i128 %i) {
  %a = add nuw i128 %i, 1
  %t = trunc nuw i128 %a to i64
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %t
  ret ptr %q
}

; Two indices: every addition must be nuw.
; CHECK-LABEL: @one_of_two_plain(
; CHECK-NEXT:    [[B:%.*]] = getelementptr [4 x i32], ptr %p, i64 %i, i64 %j
; CHECK-NEXT:    %q = getelementptr i8, ptr [[B]], i64 24
define ptr @one_of_two_plain(ptr %p, i64 %i, i64 %j) {
  %a = add nuw i64 %i, 1
  %b = add i64 %j, 2
  %q = getelementptr inbounds nuw [4 x i32], ptr %p, i64 %a, i64 %b
  ret ptr %q
}

; Without nuw, nusw needs every step non-negative, as inbounds does.
; CHECK-LABEL: @nusw_non_negative(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr nusw i32, ptr %p, i64 [[Z]]
; CHECK-NEXT:    %q = getelementptr nusw i8, ptr [[B]], i64 4
define ptr @nusw_non_negative(ptr %p, i32 %i) {
  %z = zext i32 %i to i64
  %a = add i64 %z, 1
  %q = getelementptr nusw i32, ptr %p, i64 %a
  ret ptr %q
}
