; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A base delta (LLVM 22's model): B' + i * S is B + i * S plus B' - B when a
; value at hand computes B' - B: a constant, a value scalar evolution cannot
; see into (an argument), or an instruction seen as some candidate's stride.
; A struct field is part of a GEP's base, so &base[i].second is &base[i] plus
; the field's offset. LLVM 16's model has index deltas only (unchanged on LLVM 16).

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.A = type { i16, i16 }

declare void @use(i32)

; (b + 7) + 3s from b + 3s: plus 7.
; CHECK-LABEL: @constant_base_delta(
; V16:           %y = add i32 %b7, %s3
; V22:           %y = add i32 %x, 7
define void @constant_base_delta(i32 %b, i32 %s) {
  %s3 = mul i32 %s, 3
  %x = add i32 %b, %s3
  call void @use(i32 %x)
  %b7 = add i32 %b, 7
  %y = add i32 %b7, %s3
  call void @use(i32 %y)
  ret void
}

; &(base + n)[e] from &base[e]: plus n bytes. x is stored through (it points
; into the object), so the new GEP keeps y's inbounds.
; CHECK-LABEL: @variable_base_delta(
; CHECK:         %x = getelementptr inbounds %struct.A, ptr %base, i64 %e
; V16:           %y = getelementptr inbounds %struct.A, ptr %q, i64 %e
; V22:           %y = getelementptr inbounds i8, ptr %x, i64 %n
define void @variable_base_delta(ptr %base, i32 %a, i64 %n, i16 %r) {
  %e = sext i32 %a to i64
  %x = getelementptr inbounds %struct.A, ptr %base, i64 %e
  store i16 %r, ptr %x
  %q = getelementptr inbounds i8, ptr %base, i64 %n
  %y = getelementptr inbounds %struct.A, ptr %q, i64 %e
  store i16 %r, ptr %y
  ret void
}

; &base[i].second from &base[i]: plus 2 bytes.
; CHECK-LABEL: @field_is_a_constant_base_delta(
; V16:           %y = getelementptr inbounds %struct.A, ptr %base, i64 %i, i32 1
; V22:           %y = getelementptr inbounds i8, ptr %x, i64 2
define void @field_is_a_constant_base_delta(ptr %base, i64 %i, i16 %r) {
  %x = getelementptr inbounds %struct.A, ptr %base, i64 %i
  store i16 %r, ptr %x
  %y = getelementptr inbounds %struct.A, ptr %base, i64 %i, i32 1
  store i16 %r, ptr %y
  ret void
}

; c + 3s from b + 3s would need c - b, which nothing computes: unchanged.
; CHECK-LABEL: @no_value_for_the_delta(
; CHECK:         %y = add i32 %c, %s3
define void @no_value_for_the_delta(i32 %b, i32 %c, i32 %s) {
  %s3 = mul i32 %s, 3
  %x = add i32 %b, %s3
  call void @use(i32 %x)
  %y = add i32 %c, %s3
  call void @use(i32 %y)
  ret void
}
