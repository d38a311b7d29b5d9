; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; A lone 64-bit division gets a check of both operands, a 32-bit udiv fast
; path and the original sdiv on the slow path; nothing computes a remainder.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; q = a / b with unknown a, b: check (a | b) >> 32 == 0.
; CHECK-LABEL: @sdiv_unknown_operands(
; CHECK:         [[FRZ:%.*]] = freeze i64 %a
; CHECK-NEXT:    [[OR:%.*]] = or i64 [[FRZ]], %b
; CHECK-NEXT:    [[HI:%.*]] = and i64 [[OR]], -4294967296
; CHECK-NEXT:    [[FITS:%.*]] = icmp eq i64 [[HI]], 0
; CHECK-NEXT:    br i1 [[FITS]], label %[[FAST:.*]], label %[[SLOW:.*]]
; CHECK:       [[FAST]]:
; CHECK-NEXT:    [[B32:%.*]] = trunc i64 %b to i32
; CHECK-NEXT:    [[A32:%.*]] = trunc i64 %a to i32
; CHECK-NEXT:    [[Q32:%.*]] = udiv i32 [[A32]], [[B32]]
; CHECK-NEXT:    [[Q64:%.*]] = zext i32 [[Q32]] to i64
; CHECK-NEXT:    br label %[[JOIN:.*]]
; CHECK:       [[SLOW]]:
; CHECK-NEXT:    [[QS:%.*]] = sdiv i64 %a, %b
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    %q = phi i64 [ [[Q64]], %[[FAST]] ], [ [[QS]], %[[SLOW]] ]
; CHECK-NEXT:    ret i64 %q
; CHECK-NOT:     rem
define i64 @sdiv_unknown_operands(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  ret i64 %q
}

; An unsigned division keeps udiv on the slow path.
; CHECK-LABEL: @udiv_unknown_operands(
; CHECK:         udiv i32
; CHECK-NOT:     urem
; CHECK:         udiv i64 %a, %b
; CHECK:         %q = phi i64
define i64 @udiv_unknown_operands(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %q
}

; Code after the division moves to the join block and uses the phi.
; CHECK-LABEL: @code_after_division(
; CHECK:       bypass.join:
; CHECK-NEXT:    %q = phi i64
; CHECK-NEXT:    %r = add i64 %q, 1
; CHECK-NEXT:    ret i64 %r
define i64 @code_after_division(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  %r = add i64 %q, 1
  ret i64 %r
}
