; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; When known bits prove both operands fit in 32 bits, the division is
; narrowed in place: no check, no branch. When only the dividend of an
; unsigned division fits, the check is `dividend >= divisor` and the other
; side needs no division at all.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @both_zext(
; CHECK-NEXT:    %a64 = zext i32 %a to i64
; CHECK-NEXT:    %b64 = zext i32 %b to i64
; CHECK-NEXT:    [[A32:%.*]] = trunc i64 %a64 to i32
; CHECK-NEXT:    [[B32:%.*]] = trunc i64 %b64 to i32
; CHECK-NEXT:    [[Q32:%.*]] = udiv i32 [[A32]], [[B32]]
; CHECK-NEXT:    %q = zext i32 [[Q32]] to i64
; CHECK-NEXT:    ret i64 %q
define i64 @both_zext(i32 %a, i32 %b) {
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %q = sdiv i64 %a64, %b64
  ret i64 %q
}

; A masked dividend and a constant divisor: narrowing beats the magic multiply.
; CHECK-LABEL: @masked_by_constant(
; CHECK-NEXT:    %m = and i64 %a, 4294967295
; CHECK-NEXT:    [[A32:%.*]] = trunc i64 %m to i32
; CHECK-NEXT:    [[R32:%.*]] = urem i32 [[A32]], 50
; CHECK-NEXT:    %r = zext i32 [[R32]] to i64
; CHECK-NEXT:    ret i64 %r
define i64 @masked_by_constant(i64 %a) {
  %m = and i64 %a, 4294967295
  %r = urem i64 %m, 50
  ret i64 %r
}

; Unsigned, short dividend, unknown divisor: compare, not mask.
; CHECK-LABEL: @short_dividend_unsigned(
; CHECK:         %a64 = zext i32 %a to i64
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %a64
; CHECK-NEXT:    [[LOW:%.*]] = and i64 [[FRZ]], 4294967295
; CHECK-NEXT:    [[GE:%.*]] = icmp uge i64 [[LOW]], %b
; CHECK-NEXT:    br i1 [[GE]], label %[[FAST:.*]], label %[[JOIN:.*]]
; CHECK:       [[FAST]]:
; CHECK:         [[Q32:%.*]] = udiv i32
; CHECK-NEXT:    [[R32:%.*]] = urem i32
; CHECK-NEXT:    [[Q64:%.*]] = zext i32 [[Q32]] to i64
; CHECK-NEXT:    [[R64:%.*]] = zext i32 [[R32]] to i64
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    %q = phi i64 [ [[Q64]], %[[FAST]] ], [ 0, %0 ]
; CHECK-NEXT:    %r = phi i64 [ [[R64]], %[[FAST]] ], [ %a64, %0 ]
; CHECK-NOT:     div i64
; CHECK-NOT:     rem i64
; CHECK:         ret i64
define i64 @short_dividend_unsigned(i32 %a, i64 %b) {
  %a64 = zext i32 %a to i64
  %q = udiv i64 %a64, %b
  %r = urem i64 %a64, %b
  %s = add i64 %q, %r
  ret i64 %s
}

; Signed, short dividend: the divisor may be negative, so it is checked.
; CHECK-LABEL: @short_dividend_signed(
; CHECK-NOT:     or i64
; CHECK:         [[HI:%.*]] = and i64 %b, -4294967296
; CHECK-NEXT:    icmp eq i64 [[HI]], 0
; CHECK:         sdiv i64 %a64, %b
define i64 @short_dividend_signed(i32 %a, i64 %b) {
  %a64 = zext i32 %a to i64
  %q = sdiv i64 %a64, %b
  ret i64 %q
}
