; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck %s
;
; A GEP with no constant of its own, based on a GEP that has one (`gep T,
; (gep U, %p, C), %i`, whose inner GEP has only constant indices and so is
; not split), is reordered so that the constant comes last and can fold
; into the access: `gep U, (gep T, %p, %i), C` (upstream's reorderGEP,
; llvm/llvm-project#73056 and #90802). Both new GEPs are inbounds only when
; both old ones were and every index of both is known non-negative: then
; every address on the way lies between %p and the original result.
; refuses-unfoldable-chain-offset.ll has the target's veto.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @constant_moves_last(
; CHECK-NEXT:    [[V:%.*]] = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    [[C:%.*]] = getelementptr i16, ptr [[V]], i64 8
; CHECK-NEXT:    ret ptr [[C]]
define ptr @constant_moves_last(ptr %p, i64 %i) {
  %c = getelementptr i16, ptr %p, i64 8
  %q = getelementptr i32, ptr %c, i64 %i
  ret ptr %q
}

; Several indices on both sides move as they are.
; CHECK-LABEL: @multiple_indices(
; CHECK-NEXT:    [[V:%.*]] = getelementptr [4 x i32], ptr %p, i64 0, i64 %i
; CHECK-NEXT:    [[C:%.*]] = getelementptr [8 x i16], ptr [[V]], i64 1, i64 3
; CHECK-NEXT:    ret ptr [[C]]
define ptr @multiple_indices(ptr %p, i64 %i) {
  %c = getelementptr [8 x i16], ptr %p, i64 1, i64 3
  %q = getelementptr [4 x i32], ptr %c, i64 0, i64 %i
  ret ptr %q
}

; Inbounds chains with a non-negative index stay inbounds.
; CHECK-LABEL: @inbounds_non_negative(
; CHECK-NEXT:    %m = and i64 %i, 1023
; CHECK-NEXT:    [[V:%.*]] = getelementptr inbounds i32, ptr %p, i64 %m
; CHECK-NEXT:    [[C:%.*]] = getelementptr inbounds i16, ptr [[V]], i64 8
define ptr @inbounds_non_negative(ptr %p, i64 %i) {
  %m = and i64 %i, 1023
  %c = getelementptr inbounds i16, ptr %p, i64 8
  %q = getelementptr inbounds i32, ptr %c, i64 %m
  ret ptr %q
}

; An index that may be negative: %p + 4 * %i may leave the object where
; %p + 16 + 4 * %i did not. No inbounds.
; CHECK-LABEL: @inbounds_maybe_negative(
; CHECK-NEXT:    [[V:%.*]] = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    [[C:%.*]] = getelementptr i16, ptr [[V]], i64 8
define ptr @inbounds_maybe_negative(ptr %p, i64 %i) {
  %c = getelementptr inbounds i16, ptr %p, i64 8
  %q = getelementptr inbounds i32, ptr %c, i64 %i
  ret ptr %q
}

; A negative constant is a step back: no inbounds either.
; CHECK-LABEL: @negative_constant(
; CHECK-NEXT:    %m = and i64 %i, 1023
; CHECK-NEXT:    [[V:%.*]] = getelementptr i32, ptr %p, i64 %m
; CHECK-NEXT:    [[C:%.*]] = getelementptr i16, ptr [[V]], i64 -8
define ptr @negative_constant(ptr %p, i64 %i) {
  %m = and i64 %i, 1023
  %c = getelementptr inbounds i16, ptr %p, i64 -8
  %q = getelementptr inbounds i32, ptr %c, i64 %m
  ret ptr %q
}

; The inner GEP stays when something else uses it.
; CHECK-LABEL: @inner_used_elsewhere(
; CHECK-NEXT:    %c = getelementptr i16, ptr %p, i64 8
; CHECK-NEXT:    store ptr %c, ptr %out
; CHECK-NEXT:    [[V:%.*]] = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    [[C:%.*]] = getelementptr i16, ptr [[V]], i64 8
define ptr @inner_used_elsewhere(ptr %p, i64 %i, ptr %out) {
  %c = getelementptr i16, ptr %p, i64 8
  store ptr %c, ptr %out
  %q = getelementptr i32, ptr %c, i64 %i
  ret ptr %q
}

; Nothing to move when the inner GEP has no constant.
; CHECK-LABEL: @inner_without_constant(
; CHECK-NEXT:    %c = getelementptr i16, ptr %p, i64 %j
; CHECK-NEXT:    %q = getelementptr i32, ptr %c, i64 %i
define ptr @inner_without_constant(ptr %p, i64 %i, i64 %j) {
  %c = getelementptr i16, ptr %p, i64 %j
  %q = getelementptr i32, ptr %c, i64 %i
  ret ptr %q
}
