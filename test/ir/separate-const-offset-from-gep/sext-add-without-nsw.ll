; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Upstream's one exception to "sext needs nsw": in an inbounds GEP it splits
; sext(x + c), c >= 0, without nsw, because "an inbounds index is
; non-negative". It is not (`gep inbounds p, -1` is fine when p points past
; the start of its object), so with x = INT_MAX LLVM 16 moves the address by
; 2^32 elements. We split only with a proof that the add cannot wrap, or that
; wrapping would leave the object (so the original GEP would be poison):
; with c >= 0 a wrapped sext(x + c) is at most c - 1 - 2^31, which sends any
; address inside an object smaller than stride * (2^31 - c + 1) below its
; start.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@small = global [32 x [32 x float]] zeroinitializer
@huge = global [3000000000 x float] zeroinitializer
@external = external global [32 x float]

; 4 KiB object: a wrapped index would be 2^31 rows below it. Split (this is
; @sext_add of LLVM 16's NVPTX/split-gep.ll).
; CHECK-LABEL: @small_object(
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [32 x [32 x float]], ptr @small, i64 0, i64 [[I]], i64 %j
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 32
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 128
define ptr @small_object(i32 %i, i64 %j) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds [32 x [32 x float]], ptr @small, i64 0, i64 %s, i64 %j
  ret ptr %q
}

; A negative constant can wrap downwards: refused (as upstream).
; CHECK-LABEL: @negative_constant_refused(
; CHECK-NEXT:    %a = add i32 %i, -1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds [32 x [32 x float]], ptr @small, i64 0, i64 %s, i64 %j
define ptr @negative_constant_refused(i32 %i, i64 %j) {
  %a = add i32 %i, -1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds [32 x [32 x float]], ptr @small, i64 0, i64 %s, i64 %j
  ret ptr %q
}

; A 12 GB object can hold the wrapped address: refused (LLVM 16 splits).
; CHECK-LABEL: @huge_object_refused(
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr @huge, i64 %s
define ptr @huge_object_refused(i32 %i) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr @huge, i64 %s
  ret ptr %q
}

; An argument's object has no known size: refused (LLVM 16 splits).
; CHECK-LABEL: @unknown_object_refused(
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr %p, i64 %s
define ptr @unknown_object_refused(ptr %p, i32 %i) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr %p, i64 %s
  ret ptr %q
}

; Nor has a global defined in another module.
; CHECK-LABEL: @external_object_refused(
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr @external, i64 %s
define ptr @external_object_refused(i32 %i) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr @external, i64 %s
  ret ptr %q
}

; An add known to be non-negative cannot wrap: split whatever the object.
; CHECK-LABEL: @known_non_negative(
; CHECK-NEXT:    %m = and i32 %i, 1023
; CHECK-NEXT:    [[M:%.*]] = sext i32 %m to i64
; V16-NEXT:      [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[M]]
; V22-NEXT:      [[BASE:%.*]] = getelementptr inbounds float, ptr %p, i64 [[M]]
; V16-NEXT:      %q = getelementptr inbounds float, ptr [[BASE]], i64 1
; V22-NEXT:      %q = getelementptr inbounds i8, ptr [[BASE]], i64 4
define ptr @known_non_negative(ptr %p, i32 %i) {
  %m = and i32 %i, 1023
  %a = add i32 %m, 1
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr %p, i64 %s
  ret ptr %q
}

; Without inbounds the exception never applies (as upstream).
; CHECK-LABEL: @not_inbounds_refused(
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr [32 x [32 x float]], ptr @small, i64 0, i64 %s, i64 %j
define ptr @not_inbounds_refused(i32 %i, i64 %j) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr [32 x [32 x float]], ptr @small, i64 0, i64 %s, i64 %j
  ret ptr %q
}
