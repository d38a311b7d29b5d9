; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -pass-remarks-missed=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; A candidate already as cheap as a rewrite would make it stays: B + S,
; B - S, B * S and a byte GEP B + S (with no other variable index). It still
; serves as a basis for others.

target triple = "nvptx64-nvidia-cuda"

; REMARK:      remark: {{.*}}%y (%b + 1 * %s) not rewritten from basis %x: it is already in its simplest form
; REMARK-NEXT: remark: {{.*}}%y (%b + -1 * %s) not rewritten from basis %x: it is already in its simplest form
; REMARK-NEXT: remark: {{.*}}%y ((%b + 0) * %s) not rewritten from basis %x: it is already in its simplest form
; REMARK-NEXT: remark: {{.*}}%y (%in + 1 * %s bytes) not rewritten from basis %x: it is already in its simplest form
; REMARK-NOT:  remark

declare void @use(i32)
declare void @usep(ptr)

; t = b + (s << 3); use(t); use(b + s): b + s is not rebuilt as t - 7s.
; CHECK-LABEL: @b_plus_s(
; CHECK:         %y = add i32 %b, %s
define void @b_plus_s(i32 %b, i32 %s) {
  %s8 = shl i32 %s, 3
  %x = add i32 %b, %s8
  call void @use(i32 %x)
  %y = add i32 %b, %s
  call void @use(i32 %y)
  ret void
}

; b - s, written b + s * -1.
; CHECK-LABEL: @b_minus_s(
; CHECK:         %sm = mul i32 %s, -1
; CHECK-NEXT:    %y = add i32 %b, %sm
define void @b_minus_s(i32 %b, i32 %s) {
  %s4 = shl i32 %s, 2
  %x = add i32 %b, %s4
  call void @use(i32 %x)
  %sm = mul i32 %s, -1
  %y = add i32 %b, %sm
  call void @use(i32 %y)
  ret void
}

; (b + 2) * s, then b * s.
; CHECK-LABEL: @b_times_s(
; CHECK:         %y = mul i32 %b, %s
define void @b_times_s(i32 %b, i32 %s) {
  %b2 = add i32 %b, 2
  %x = mul i32 %b2, %s
  call void @use(i32 %x)
  %y = mul i32 %b, %s
  call void @use(i32 %y)
  ret void
}

; (char *)in + 4s, then (char *)in + s.
; CHECK-LABEL: @byte_gep(
; CHECK:         %y = getelementptr i8, ptr %in, i64 %s
define void @byte_gep(ptr %in, i64 %s) {
  %s4 = shl nsw i64 %s, 2
  %x = getelementptr i8, ptr %in, i64 %s4
  call void @usep(ptr %x)
  %y = getelementptr i8, ptr %in, i64 %s
  call void @usep(ptr %y)
  ret void
}

; With a second variable index, a byte step of s is no longer the whole
; GEP: it is rewritten.
; CHECK-LABEL: @byte_gep_with_another_index(
; CHECK:         [[BUMP:%.*]] = shl i64 %s, 1
; CHECK-NEXT:    [[NEG:%.*]] = sub i64 0, [[BUMP]]
; CHECK-NEXT:    %y = getelementptr i8, ptr %x, i64 [[NEG]]
define void @byte_gep_with_another_index(ptr %in, i64 %s, i64 %t) {
  %s3 = mul nsw i64 %s, 3
  %x = getelementptr [4 x i8], ptr %in, i64 %t, i64 %s3
  call void @usep(ptr %x)
  %y = getelementptr [4 x i8], ptr %in, i64 %t, i64 %s
  call void @usep(ptr %y)
  ret void
}

; The simplest candidate is still a basis: b + s, then b + 3s = x + 2s.
; CHECK-LABEL: @simplest_is_still_a_basis(
; CHECK:         %x = add i32 %b, %s
; CHECK-NEXT:    [[BUMP:%.*]] = shl i32 %s, 1
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @simplest_is_still_a_basis(i32 %b, i32 %s) {
  %x = add i32 %b, %s
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}
