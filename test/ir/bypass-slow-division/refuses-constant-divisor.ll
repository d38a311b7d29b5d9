; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; A constant divisor stays a 64-bit division: the backend turns it into a
; multiplication by a magic number, which beats a branch. The one exception
; is a dividend known to fit in 32 bits (see narrows-known-32-bit-operands.ll).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @udiv_by_constant(
; CHECK-NEXT:    %q = udiv i64 %a, 50
; CHECK-NEXT:    ret i64 %q
define i64 @udiv_by_constant(i64 %a) {
  %q = udiv i64 %a, 50
  ret i64 %q
}

; CHECK-LABEL: @srem_by_constant(
; CHECK-NEXT:    %r = srem i64 %a, -7
; CHECK-NEXT:    ret i64 %r
define i64 @srem_by_constant(i64 %a) {
  %r = srem i64 %a, -7
  ret i64 %r
}

; After constant hoisting a constant may hide behind a bitcast in the block.
; CHECK-LABEL: @divisor_is_hoisted_constant(
; CHECK-NEXT:    %c = bitcast i64 1000 to i64
; CHECK-NEXT:    %q = udiv i64 %a, %c
; CHECK-NEXT:    ret i64 %q
define i64 @divisor_is_hoisted_constant(i64 %a) {
  %c = bitcast i64 1000 to i64
  %q = udiv i64 %a, %c
  ret i64 %q
}

; A constant dividend is fine: only the divisor is checked, no `or`.
; CHECK-LABEL: @constant_dividend(
; CHECK-NOT:     or i64
; CHECK:         [[HI:%.*]] = and i64 %b, -4294967296
; CHECK-NEXT:    icmp eq i64 [[HI]], 0
; CHECK:         [[B32:%.*]] = trunc i64 %b to i32
; CHECK-NEXT:    udiv i32 1000000, [[B32]]
; CHECK:         sdiv i64 1000000, %b
define i64 @constant_dividend(i64 %b) {
  %q = sdiv i64 1000000, %b
  ret i64 %q
}
