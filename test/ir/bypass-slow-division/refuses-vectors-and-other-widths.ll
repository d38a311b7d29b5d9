; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
;
; Only scalar i64 divisions are bypassed: vectors, i32, i128 and dead
; divisions are left exactly as they are.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @vector_sdiv(
; CHECK-NEXT:    %q = sdiv <2 x i64> %a, %b
; CHECK-NEXT:    ret <2 x i64> %q
define <2 x i64> @vector_sdiv(<2 x i64> %a, <2 x i64> %b) {
  %q = sdiv <2 x i64> %a, %b
  ret <2 x i64> %q
}

; CHECK-LABEL: @one_element_vector_urem(
; CHECK-NEXT:    %r = urem <1 x i64> %a, %b
; CHECK-NEXT:    ret <1 x i64> %r
define <1 x i64> @one_element_vector_urem(<1 x i64> %a, <1 x i64> %b) {
  %r = urem <1 x i64> %a, %b
  ret <1 x i64> %r
}

; CHECK-LABEL: @i32_udiv(
; CHECK-NEXT:    %q = udiv i32 %a, %b
; CHECK-NEXT:    ret i32 %q
define i32 @i32_udiv(i32 %a, i32 %b) {
  %q = udiv i32 %a, %b
  ret i32 %q
}

; CHECK-LABEL: @i128_sdiv(
; CHECK-NEXT:    %q = sdiv i128 %a, %b
; CHECK-NEXT:    ret i128 %q
define i128 @i128_sdiv(i128 %a, i128 %b) {
  %q = sdiv i128 %a, %b
  ret i128 %q
}

; A division nobody uses is not worth a branch.
; CHECK-LABEL: @dead_division(
; CHECK-NEXT:    %q = udiv i64 %a, %b
; CHECK-NEXT:    ret i64 %a
define i64 @dead_division(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %a
}
