; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; GEP indices that sign-extend nsw multiples of one i32 value, the shape
; clang gives `b[3 * s]` for an `int s`: `&b[sext(3s)]` rebuilt from
; `&b[sext(2s)]` as plus 4 * sext(s).
; - LLVM 22: a stride delta S' - S = s (the strides are the narrow
;   multiples). It is exact: 3s does not wrap where the candidate is
;   defined (nsw), so neither do 2s nor s. Reused bases lose their flags, as
;   upstream 22 drops them; the last rewrite keeps `inbounds`, since
;   &b[sext(3s)] lies between b and &b[sext(4s)].
; - LLVM 16: an index delta over the factored stride s; every flag stays
;   (each basis lies between b and its candidate), as upstream 16 keeps them.
; Soundness: tests/poison.rs, slsr_reduces_sext_of_nsw_multiples_and_keeps_implied_inbounds.

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)

; CHECK-LABEL: @sext_of_nsw_multiples(
; V22:        %s2 = mul i32 %s, 2
; V22:        %p2 = getelementptr float, ptr %b, i64 %t2
; V22:        [[S3:%.*]] = sext i32 %s to i64
; V22-NEXT:   [[B3:%.*]] = shl i64 [[S3]], 2
; V22-NEXT:   %p3 = getelementptr i8, ptr %p2, i64 [[B3]]
; V22:        [[S4:%.*]] = sext i32 %s to i64
; V22-NEXT:   [[B4:%.*]] = shl i64 [[S4]], 2
; V22-NEXT:   %p4 = getelementptr inbounds i8, ptr %p3, i64 [[B4]]
; V16:        %s2 = mul nsw i32 %s, 2
; V16:        %p2 = getelementptr inbounds float, ptr %b, i64 %t2
; V16:        [[S3:%.*]] = sext i32 %s to i64
; V16-NEXT:   %p3 = getelementptr inbounds float, ptr %p2, i64 [[S3]]
; V16:        [[S4:%.*]] = sext i32 %s to i64
; V16-NEXT:   %p4 = getelementptr inbounds float, ptr %p3, i64 [[S4]]
; CHECK-NOT:  mul nsw i32 %s, 3
; CHECK-NOT:  mul nsw i32 %s, 4
; CHECK:      ret void
define void @sext_of_nsw_multiples(ptr %b, i32 %s) {
  %s2 = mul nsw i32 %s, 2
  %t2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %b, i64 %t2
  call void @use(ptr %p2)
  %s3 = mul nsw i32 %s, 3
  %t3 = sext i32 %s3 to i64
  %p3 = getelementptr inbounds float, ptr %b, i64 %t3
  call void @use(ptr %p3)
  %s4 = mul nsw i32 %s, 4
  %t4 = sext i32 %s4 to i64
  %p4 = getelementptr inbounds float, ptr %b, i64 %t4
  call void @use(ptr %p4)
  ret void
}

; Without nsw on the candidate's multiple, 3s may wrap where 2s does not:
; no stride delta on LLVM 22 (sext(3s) is not sext(2s) + sext(s)), and no
; factored index on LLVM 16.
; CHECK-LABEL: @wrapping_multiple_is_refused(
; CHECK:      %p3 = getelementptr inbounds float, ptr %b, i64 %t3
define void @wrapping_multiple_is_refused(ptr %b, i32 %s) {
  %s2 = mul nsw i32 %s, 2
  %t2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %b, i64 %t2
  call void @use(ptr %p2)
  %s3 = mul i32 %s, 3
  %t3 = sext i32 %s3 to i64
  %p3 = getelementptr inbounds float, ptr %b, i64 %t3
  call void @use(ptr %p3)
  ret void
}

; A multiple not between 0 and the candidate's: &b[sext(2s)] from
; &b[sext(3s)] is not reduced by a stride delta on LLVM 22 (3s may wrap
; where 2s does not).
; CHECK-LABEL: @larger_basis_multiple_is_refused(
; V22:        %p2 = getelementptr inbounds float, ptr %b, i64 %t2
define void @larger_basis_multiple_is_refused(ptr %b, i32 %s) {
  %s3 = mul nsw i32 %s, 3
  %t3 = sext i32 %s3 to i64
  %p3 = getelementptr inbounds float, ptr %b, i64 %t3
  call void @use(ptr %p3)
  %s2 = mul nsw i32 %s, 2
  %t2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %b, i64 %t2
  call void @use(ptr %p2)
  ret void
}
