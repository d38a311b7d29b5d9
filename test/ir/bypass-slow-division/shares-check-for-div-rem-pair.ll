; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; A div and a rem of the same operands and signedness in one block share one
; check, one fast path and one slow path. Different operands or signedness,
; or another block, get their own.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; q = a / b; r = a % b: one icmp, both results from one fast/slow pair.
; CHECK-LABEL: @div_rem_pair(
; CHECK:         icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         [[Q32:%.*]] = udiv i32 [[A32:%.*]], [[B32:%.*]]
; CHECK-NEXT:    [[R32:%.*]] = urem i32 [[A32]], [[B32]]
; CHECK-NEXT:    [[Q64:%.*]] = zext i32 [[Q32]] to i64
; CHECK-NEXT:    [[R64:%.*]] = zext i32 [[R32]] to i64
; CHECK:         [[QS:%.*]] = sdiv i64 %a, %b
; CHECK-NEXT:    [[RS:%.*]] = srem i64 %a, %b
; CHECK:         %q = phi i64 [ [[Q64]], {{.*}} ], [ [[QS]], {{.*}} ]
; CHECK-NEXT:    %r = phi i64 [ [[R64]], {{.*}} ], [ [[RS]], {{.*}} ]
; CHECK-NOT:     icmp
; CHECK:         ret i64
define i64 @div_rem_pair(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  %r = srem i64 %a, %b
  %s = add i64 %q, %r
  ret i64 %s
}

; The rem comes first: still one check, the phis are in quotient-first order.
; CHECK-LABEL: @rem_then_div(
; CHECK:         icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         %q = phi i64
; CHECK-NEXT:    %r = phi i64
; CHECK-NOT:     icmp
; CHECK:         ret i64
define i64 @rem_then_div(i64 %a, i64 %b) {
  %r = urem i64 %a, %b
  %x = add i64 %r, 7
  %q = udiv i64 %a, %b
  %s = add i64 %q, %x
  ret i64 %s
}

; Same operands, different signedness: two checks.
; CHECK-LABEL: @signed_and_unsigned_differ(
; CHECK-COUNT-2: icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         ret i64
define i64 @signed_and_unsigned_differ(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  %r = urem i64 %a, %b
  %s = add i64 %q, %r
  ret i64 %s
}

; Swapped operands are a different division: two checks.
; CHECK-LABEL: @swapped_operands_differ(
; CHECK-COUNT-2: icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         ret i64
define i64 @swapped_operands_differ(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  %r = udiv i64 %b, %a
  %s = add i64 %q, %r
  ret i64 %s
}

; Two identical divisions in one block: the second reuses the first's phi.
; CHECK-LABEL: @repeated_division(
; CHECK:         icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         %q = phi i64
; CHECK-NEXT:    %s = add i64 %q, %q
define i64 @repeated_division(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  %q2 = udiv i64 %a, %b
  %s = add i64 %q, %q2
  ret i64 %s
}

; The rem sits in another block: it gets its own check.
; CHECK-LABEL: @pair_across_blocks(
; CHECK-COUNT-2: icmp eq i64
; CHECK-NOT:     icmp
; CHECK:         ret i64
define i64 @pair_across_blocks(i64 %a, i64 %b, i1 %c) {
entry:
  %q = udiv i64 %a, %b
  br i1 %c, label %then, label %exit
then:
  %r = urem i64 %a, %b
  br label %exit
exit:
  %p = phi i64 [ %q, %entry ], [ %r, %then ]
  ret i64 %p
}
