; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -verify-each -S %s \
; RUN:   | FileCheck %s
;
; A division whose operand is another bypassed division uses that division's
; new value (its phi or zext), wherever the two sit: same block, or a block
; listed before the one that defines the operand. (A plan that kept the old
; operand would build on an erased instruction.)

target triple = "nvptx64-nvidia-cuda"

; %q's block comes later in the function than its user's block.
; CHECK-LABEL: @operand_replaced_in_later_block(
; CHECK:       second:
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %q
; CHECK-NEXT:    [[OR:%.*]] = or i64 [[FRZ]], %c
; CHECK:         udiv i64 %q, %c
; CHECK:         %r = phi i64
; CHECK:       first:
; CHECK:         %q = phi i64
define i64 @operand_replaced_in_later_block(i64 %a, i64 %b, i64 %c) {
entry:
  br label %first
second:
  %r = udiv i64 %q, %c
  ret i64 %r
first:
  %q = udiv i64 %a, %b
  br label %second
}

; %q is narrowed, so it is known short: the next division checks only %c,
; and the remainder takes the short-dividend form.
; CHECK-LABEL: @narrowed_operand_feeds_bypass(
; CHECK:         [[Q32:%.*]] = udiv i32
; CHECK-NEXT:    %q = zext i32 [[Q32]] to i64
; CHECK-NEXT:    [[HI:%.*]] = and i64 %c, -4294967296
; CHECK-NEXT:    icmp eq i64 [[HI]], 0
; CHECK:         trunc i64 %q to i32
; CHECK:         udiv i64 %c, %q
; CHECK:         %r = phi i64
; CHECK-NEXT:    icmp uge i64 %q, %c
; CHECK:         %s = phi i64 {{.*}}, [ %q, %bypass.join ]
define i64 @narrowed_operand_feeds_bypass(i32 %a, i32 %b, i64 %c) {
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %q = udiv i64 %a64, %b64
  %r = udiv i64 %c, %q
  %s = urem i64 %q, %c
  %t = add i64 %r, %s
  ret i64 %t
}

; A chain in one block: each link uses the previous link's phi.
; CHECK-LABEL: @chain_in_one_block(
; CHECK:         [[FRZ:%.*]] = freeze i64 %a
; CHECK-NEXT:    or i64 [[FRZ]], %b
; CHECK:         %x = phi i64
; CHECK-NEXT:    [[FX:%.*]] = freeze i64 %x
; CHECK-NEXT:    or i64 [[FX]], %b
; CHECK:         %y = phi i64
; CHECK-NEXT:    [[FY:%.*]] = freeze i64 %y
; CHECK-NEXT:    or i64 [[FY]], %b
; CHECK:         %z = phi i64
; CHECK-NEXT:    ret i64 %z
define i64 @chain_in_one_block(i64 %a, i64 %b) {
  %x = sdiv i64 %a, %b
  %y = sdiv i64 %x, %b
  %z = srem i64 %y, %b
  ret i64 %z
}
