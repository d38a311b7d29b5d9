; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -pass-remarks-missed=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefixes=REMARK,REMARK%llvm %s
;
; A candidate that a rewrite would not make cheaper stays (LLVM 22's cost
; model, slsr_candidates::Efficiency): B + S, B - S, B * S and a byte GEP
; B + S cost one instruction and two variables, and rebuilding them from
; B + 8S as X - 7S costs two (Unprofitable; LLVM 22's model sees no basis
; for the byte GEPs, whose strides differ). One that costs one instruction
; and one variable, or less, is not even looked at (SimplestForm): B + c,
; B * c. Either still serves as a basis for others.

target triple = "nvptx64-nvidia-cuda"

; REMARK:      remark: {{.*}}%y (%b + 1 * %s) not rewritten from basis %x: the rewrite would cost more than it
; REMARK-NEXT: remark: {{.*}}%y (%b + -1 * %s) not rewritten from basis %x: the rewrite would cost more than it
; REMARK-NEXT: remark: {{.*}}%y ((%b + 0) * %s) not rewritten from basis %x: the rewrite would cost more than it
; REMARK16-NEXT: remark: {{.*}}%y (%in + 1 * %s bytes) not rewritten from basis %x: the rewrite would cost more than it
; REMARK16-NEXT: remark: {{.*}}%y (((4 * %t) + %in) + 1 * %s bytes) not rewritten from basis %x: the rewrite would cost more than it
; REMARK22-NOT:  (%in + 1 * %s bytes)
; REMARK-NEXT: remark: {{.*}}%y ((%b + 0) * i32 4) not rewritten from basis %x: it is already in its simplest form
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

; A second variable index is part of B: B + S stays B + S (LLVM 16 rebuilt
; it, counting the GEP as two steps).
; CHECK-LABEL: @byte_gep_with_another_index(
; CHECK:         %y = getelementptr [4 x i8], ptr %in, i64 %t, i64 %s
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

; (b + 2) * 4, then b * 4: one multiplication by a constant, as cheap as it
; gets.
; CHECK-LABEL: @b_times_constant(
; CHECK:         %y = mul i32 %b, 4
define void @b_times_constant(i32 %b) {
  %b2 = add i32 %b, 2
  %x = mul i32 %b2, 4
  call void @use(i32 %x)
  %y = mul i32 %b, 4
  call void @use(i32 %y)
  ret void
}
