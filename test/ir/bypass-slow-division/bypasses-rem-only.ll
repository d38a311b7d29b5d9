; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; A lone remainder gets the same check with a urem fast path; no quotient is
; computed on either path.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @srem_unknown_operands(
; CHECK:         [[FRZ:%.*]] = freeze i64 %a
; CHECK-NEXT:    [[OR:%.*]] = or i64 [[FRZ]], %b
; CHECK-NEXT:    [[HI:%.*]] = and i64 [[OR]], -4294967296
; CHECK-NEXT:    [[FITS:%.*]] = icmp eq i64 [[HI]], 0
; CHECK-NEXT:    br i1 [[FITS]], label %[[FAST:.*]], label %[[SLOW:.*]]
; CHECK:       [[FAST]]:
; CHECK-NEXT:    [[B32:%.*]] = trunc i64 %b to i32
; CHECK-NEXT:    [[A32:%.*]] = trunc i64 %a to i32
; CHECK-NEXT:    [[R32:%.*]] = urem i32 [[A32]], [[B32]]
; CHECK-NEXT:    [[R64:%.*]] = zext i32 [[R32]] to i64
; CHECK-NEXT:    br label %[[JOIN:.*]]
; CHECK:       [[SLOW]]:
; CHECK-NEXT:    [[RS:%.*]] = srem i64 %a, %b
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    %r = phi i64 [ [[R64]], %[[FAST]] ], [ [[RS]], %[[SLOW]] ]
; CHECK-NOT:     div
define i64 @srem_unknown_operands(i64 %a, i64 %b) {
  %r = srem i64 %a, %b
  ret i64 %r
}

; CHECK-LABEL: @urem_unknown_operands(
; CHECK:         urem i32
; CHECK-NOT:     div
; CHECK:         urem i64 %a, %b
define i64 @urem_unknown_operands(i64 %a, i64 %b) {
  %r = urem i64 %a, %b
  ret i64 %r
}
