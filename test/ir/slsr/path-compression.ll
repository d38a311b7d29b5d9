; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Path compression (LLVM 22): when y's basis x was itself rebuilt from w, and
; y is w plus a constant (an index delta of 0 or 1, or a constant base or
; stride delta), y is rebuilt from w: independent adds instead of a chain.

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.A = type { i16, i16, i16 }

declare void @use(i32)

; w = b + 2s, x = b + 4s = w + 2s, y = b + 3s: nearest is x (y = x - s), but
; y is w + s, one step from w, not from x.
; CHECK-LABEL: @index_chain(
; CHECK:         %w = add i32 %b, %s2
; CHECK:         %x = add i32 %w, [[BUMP:%.*]]
; CHECK:         %y = add i32 %w, %s
define void @index_chain(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %w = add i32 %b, %s2
  call void @use(i32 %w)
  %s4 = shl i32 %s, 2
  %x = add i32 %b, %s4
  call void @use(i32 %x)
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

; The fields of base[i]: .third is .second + 2 is .first + 4 bytes; both come
; from .first (LLVM 22's base deltas; they lie on the way of each field's
; GEP, so they stay inbounds).
; CHECK-LABEL: @field_chain(
; V16:           %g2 = getelementptr inbounds %struct.A, ptr %base, i64 %i, i32 2
; V22:           %g1 = getelementptr inbounds i8, ptr %g0, i64 2
; V22-NEXT:      %g2 = getelementptr inbounds i8, ptr %g0, i64 4
define void @field_chain(ptr %base, i64 %i, i16 %r, i1 %c) {
entry:
  %g0 = getelementptr inbounds %struct.A, ptr %base, i64 %i
  br i1 %c, label %next, label %exit
next:
  %g1 = getelementptr inbounds %struct.A, ptr %base, i64 %i, i32 1
  %g2 = getelementptr inbounds %struct.A, ptr %base, i64 %i, i32 2
  store i16 %r, ptr %g0
  store i16 %r, ptr %g1
  store i16 %r, ptr %g2
  br label %exit
exit:
  ret void
}
