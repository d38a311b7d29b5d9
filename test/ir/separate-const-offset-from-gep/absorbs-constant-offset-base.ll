; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A GEP based on `getelementptr i8, %p, C` (a constant byte offset, such as
; the constant GEP a split leaves from LLVM 18 on) takes C into its own
; constant offset and starts from %p: a chain of GEPs ends in one constant
; that the access can fold (upstream's llvm/llvm-project#143470). The flags
; are those both GEPs allow (inbounds-needs-non-negative-steps.ll), and the
; base offset must be non-negative too.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = global [64 x i32] zeroinitializer

; (p + 16) + 4 * (i + 2) = (p + 4 * i) + 24.
; CHECK-LABEL: @base_and_index_constants(
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 6
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 24
; CHECK-NEXT:    ret ptr %q
define ptr @base_and_index_constants(ptr %p, i64 %i) {
  %b = getelementptr i8, ptr %p, i64 16
  %a = add i64 %i, 2
  %q = getelementptr i32, ptr %b, i64 %a
  ret ptr %q
}

; No constant in the index: the base's alone moves to the end.
; CHECK-LABEL: @base_constant_only(
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 4
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 16
; CHECK-NEXT:    ret ptr %q
define ptr @base_constant_only(ptr %p, i64 %i) {
  %b = getelementptr i8, ptr %p, i64 16
  %q = getelementptr i32, ptr %b, i64 %i
  ret ptr %q
}

; A chain: from LLVM 18 on, the first split's constant GEP is `i8` and the
; second GEP absorbs it, so one constant of 8 + 12 bytes remains. LLVM 16's
; typed constant GEP is not a byte offset, and each GEP keeps its own.
; CHECK-LABEL: @chain(
; CHECK-NEXT:    [[B1:%.*]] = getelementptr i32, ptr %p, i64 %i
; V16-NEXT:      [[C1:%.*]] = getelementptr i32, ptr [[B1]], i64 2
; V16-NEXT:      [[B2:%.*]] = getelementptr i32, ptr [[C1]], i64 %j
; V16-NEXT:      %q2 = getelementptr i32, ptr [[B2]], i64 3
; V22-NEXT:      [[B2:%.*]] = getelementptr i32, ptr [[B1]], i64 %j
; V22-NEXT:      %q2 = getelementptr i8, ptr [[B2]], i64 20
; CHECK-NEXT:    ret ptr %q2
define ptr @chain(ptr %p, i64 %i, i64 %j) {
  %a1 = add i64 %i, 2
  %q1 = getelementptr i32, ptr %p, i64 %a1
  %a2 = add i64 %j, 3
  %q2 = getelementptr i32, ptr %q1, i64 %a2
  ret ptr %q2
}

; Both GEPs inbounds and every step non-negative: inbounds stays.
; CHECK-LABEL: @both_inbounds(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %i to i64
; V16-NEXT:      [[B:%.*]] = getelementptr i32, ptr %p, i64 [[Z]]
; V16-NEXT:      %q = getelementptr inbounds i32, ptr [[B]], i64 4
; V22-NEXT:      [[B:%.*]] = getelementptr inbounds i32, ptr %p, i64 [[Z]]
; V22-NEXT:      %q = getelementptr inbounds i8, ptr [[B]], i64 16
define ptr @both_inbounds(ptr %p, i32 %i) {
  %b = getelementptr inbounds i8, ptr %p, i64 16
  %z = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %b, i64 %z
  ret ptr %q
}

; The base offset was not inbounds: neither GEP is.
; CHECK-LABEL: @base_not_inbounds(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[Z]]
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 4
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 16
define ptr @base_not_inbounds(ptr %p, i32 %i) {
  %b = getelementptr i8, ptr %p, i64 16
  %z = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %b, i64 %z
  ret ptr %q
}

; A negative base offset steps back: no inbounds, though the sum (-16 + 20)
; is positive.
; CHECK-LABEL: @negative_base_offset(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 [[Z]]
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 4
define ptr @negative_base_offset(ptr %p, i32 %i) {
  %b = getelementptr inbounds i8, ptr %p, i64 -16
  %i5 = add nuw i32 %i, 5
  %z = zext i32 %i5 to i64
  %q = getelementptr inbounds i32, ptr %b, i64 %z
  ret ptr %q
}

; The base stays when something else uses it.
; CHECK-LABEL: @base_used_elsewhere(
; CHECK-NEXT:    %b = getelementptr i8, ptr %p, i64 16
; CHECK-NEXT:    store ptr %b, ptr %out
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 4
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 16
define ptr @base_used_elsewhere(ptr %p, i64 %i, ptr %out) {
  %b = getelementptr i8, ptr %p, i64 16
  store ptr %b, ptr %out
  %q = getelementptr i32, ptr %b, i64 %i
  ret ptr %q
}

; A constant expression is a base offset too.
; CHECK-LABEL: @constant_expression_base(
; CHECK-NEXT:    [[B:%.*]] = getelementptr i32, ptr @g, i64 %i
; V16-NEXT:      %q = getelementptr i32, ptr [[B]], i64 2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 8
define ptr @constant_expression_base(i64 %i) {
  %q = getelementptr i32, ptr getelementptr (i8, ptr @g, i64 8), i64 %i
  ret ptr %q
}
