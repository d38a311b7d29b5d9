; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; Dividing a poison dividend gives poison, not undefined behaviour, but the
; bypass's check branches on the dividend, and a branch on poison is
; undefined behaviour: the check reads a frozen dividend unless the dividend
; cannot be poison. Both paths still divide the original operands, so they
; are poison where the original division is. A poison divisor needs nothing
; (dividing by it is undefined behaviour already). Upstream's bypass (LLVM 16
; and 22.1.8's CodeGenPrepare) branches on the dividend as it is. Found by the
; poison check (docs/soundness.md) once generated programs carried LLVM 22's
; zext nneg, which makes a poison dividend out of a negative i32.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; An argument may be poison: the check freezes it, the paths do not.
; CHECK-LABEL: @argument_dividend(
; CHECK:         [[FRZ:%.*]] = freeze i64 %a
; CHECK-NEXT:    [[OR:%.*]] = or i64 [[FRZ]], %b
; CHECK-NEXT:    [[HI:%.*]] = and i64 [[OR]], -4294967296
; CHECK-NEXT:    [[OK:%.*]] = icmp eq i64 [[HI]], 0
; CHECK-NEXT:    br i1 [[OK]]
; CHECK:         trunc i64 %a to i32
; CHECK:         udiv i64 %a, %b
define i64 @argument_dividend(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %q
}

; A noundef argument cannot be poison: no freeze.
; CHECK-LABEL: @noundef_dividend(
; CHECK-NOT:     freeze
; CHECK:         [[OR:%.*]] = or i64 %a, %b
; CHECK-NOT:     freeze
; CHECK:         ret i64
define i64 @noundef_dividend(i64 noundef %a, i64 %b) {
  %q = sdiv i64 %a, %b
  ret i64 %q
}

; A computed dividend that may wrap into poison (add nuw) is frozen for the
; check too.
; CHECK-LABEL: @flagged_dividend(
; CHECK:         %n = add nuw i64 %a, %c
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %n
; CHECK-NEXT:    or i64 [[FRZ]], %b
; CHECK:         urem i64 %n, %b
define i64 @flagged_dividend(i64 noundef %a, i64 noundef %c, i64 %b) {
  %n = add nuw i64 %a, %c
  %r = urem i64 %n, %b
  ret i64 %r
}

; A known-short dividend is checked against the divisor (dividend >= divisor):
; that compare reads the frozen dividend, masked to 32 bits: known bits make
; %a64 short only where it is not poison, and a frozen poison above 2^32
; would let %b = 2^32 into the 32-bit path, a division by zero there (found
; by the poison check right after the freeze went in).
; CHECK-LABEL: @short_dividend(
; CHECK:         %a64 = zext i32 %a to i64
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %a64
; CHECK-NEXT:    [[LOW:%.*]] = and i64 [[FRZ]], 4294967295
; CHECK-NEXT:    icmp uge i64 [[LOW]], %b
; CHECK:         udiv i32
; CHECK:         phi i64 [ {{.*}} ], [ 0, %0 ]
define i64 @short_dividend(i32 %a, i64 %b) {
  %a64 = zext i32 %a to i64
  %q = udiv i64 %a64, %b
  ret i64 %q
}
