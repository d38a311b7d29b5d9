; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A stride delta (LLVM 22's model): B + i * S' is B + i * S plus
; i * (S' - S) when a value at hand computes S' - S. A GEP's stride is its
; index, and i the element size. LLVM 16's model has index deltas only
; (unchanged on LLVM 16). Narrow GEP indices: refuses-wrapping-stride-delta.ll.

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(i64)
declare void @usep(ptr)

; b + (s + 8) from b + s: plus 8.
; CHECK-LABEL: @constant_stride_delta(
; V16:           %y = add i64 %b, %s8
; V22:           %y = add i64 %x, 8
define void @constant_stride_delta(i64 %b, i64 %s) {
  %x = add i64 %b, %s
  call void @use(i64 %x)
  %s8 = add i64 %s, 8
  %y = add i64 %b, %s8
  call void @use(i64 %y)
  ret void
}

; b + 2(s + n) from b + 2s: plus 2n.
; CHECK-LABEL: @variable_stride_delta(
; V16:           %y = add i64 %b, %t2
; V22:           [[BUMP:%.*]] = shl i64 %n, 1
; V22-NEXT:      %y = add i64 %x, [[BUMP]]
define void @variable_stride_delta(i64 %b, i64 %s, i64 %n) {
  %s2 = mul i64 %s, 2
  %x = add i64 %b, %s2
  call void @use(i64 %x)
  %t = add i64 %s, %n
  %t2 = mul i64 %t, 2
  %y = add i64 %b, %t2
  call void @use(i64 %y)
  ret void
}

; &in[s + n] from &in[s]: plus 4n bytes. &in[s] may lie outside the object
; where &in[s + n] does not: the new GEP is not inbounds, and the reused
; &in[s] loses its own inbounds.
; CHECK-LABEL: @gep_stride_delta(
; V16:           %y = getelementptr inbounds float, ptr %in, i64 %t
; V22:           %x = getelementptr float, ptr %in, i64 %s
; V22:           [[BUMP:%.*]] = shl i64 %n, 2
; V22-NEXT:      %y = getelementptr i8, ptr %x, i64 [[BUMP]]
define void @gep_stride_delta(ptr %in, i64 %s, i64 %n) {
  %x = getelementptr inbounds float, ptr %in, i64 %s
  call void @usep(ptr %x)
  %t = add i64 %s, %n
  %y = getelementptr inbounds float, ptr %in, i64 %t
  call void @usep(ptr %y)
  ret void
}
