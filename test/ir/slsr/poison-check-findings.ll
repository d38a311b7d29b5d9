; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Shapes the poison check (docs/soundness.md) found or suggested, where a
; reused basis could be poison where the rewritten candidate was not. Each
; rewrite below is sound only because of the flags it drops.

target triple = "nvptx64-nvidia-cuda"

declare void @use64(i64)
declare void @usep(ptr)

; A candidate that is rebuilt and then reused as a basis vouches for nothing:
; y = c + s and c = x + s make y poison wherever x is. c's nsw implies x's
; (2s lies between 0 and 3s), but y has no flags: with b = 0 and s = 2^62,
; 2s overflows while 4s wraps harmlessly. So x and its 2s lose nsw (found
; on slgen: @p44.k0, x = -5159238613102079801).
; CHECK-LABEL: @rebuilt_basis_vouches_for_nothing(
; CHECK:         %s2 = shl i64 %s, 1
; CHECK-NEXT:    %x = add i64 %b, %s2
; CHECK-NEXT:    %c = add i64 %x, %s
; CHECK-NEXT:    %y = add i64 %c, %s
define void @rebuilt_basis_vouches_for_nothing(i64 %b, i64 %s) {
  %s2 = shl nsw i64 %s, 1
  %x = add nsw i64 %b, %s2
  %s3 = mul nsw i64 %s, 3
  %c = add nsw i64 %b, %s3
  %s4 = mul i64 %s, 4
  %y = add i64 %b, %s4
  call void @use64(i64 %x)
  call void @use64(i64 %c)
  call void @use64(i64 %y)
  ret void
}

; SCEV reads `add nsw a, 1` and `add a, 1` alike, so x's base %b1 and y's
; base %b2 share a key. But %b1 is poison at a = INT64_MAX, where %b2 is not:
; y rebuilt from x is poison there unless %b1 loses its nsw too (the walk
; down to the leaves of x's expression drops it).
; CHECK-LABEL: @same_scev_base_with_flags(
; CHECK:         %b1 = add i64 %a, 1
; CHECK-NEXT:    %s2 = mul i64 %s, 2
; CHECK-NEXT:    %x = add i64 %b1, %s2
; CHECK-NEXT:    %y = add i64 %x, %s
define void @same_scev_base_with_flags(i64 %a, i64 %s) {
  %b1 = add nsw i64 %a, 1
  %s2 = mul i64 %s, 2
  %x = add i64 %b1, %s2
  %b2 = add i64 %a, 1
  %s3 = mul i64 %s, 3
  %y = add i64 %b2, %s3
  call void @use64(i64 %x)
  call void @use64(i64 %y)
  ret void
}

; The same for a GEP (found on shapegen: @sh482.f0, a = -1): its base is the
; pointer and the other indices, here %i1 = (a +nuw a) - a, poison when
; a + a wraps, where %i2 = a is not. The nuw goes.
; CHECK-LABEL: @same_scev_gep_base_with_flags(
; CHECK:         %j1 = add i64 %a, %a
; CHECK-NEXT:    %i1 = sub i64 %j1, %a
; CHECK-NEXT:    %s2 = mul i64 %s, 2
; CHECK-NEXT:    %x = getelementptr [64 x i32], ptr %p, i64 %s2, i64 %i1
; V16-NEXT:      [[BUMP:%.*]] = shl i64 %s, 6
; V16-NEXT:      %y = getelementptr i32, ptr %x, i64 [[BUMP]]
; V22-NEXT:      [[BUMP:%.*]] = shl i64 %s, 8
; V22-NEXT:      %y = getelementptr i8, ptr %x, i64 [[BUMP]]
define void @same_scev_gep_base_with_flags(ptr %p, i64 %a, i64 %s) {
  %j1 = add nuw i64 %a, %a
  %i1 = sub i64 %j1, %a
  %s2 = mul nsw i64 %s, 2
  %x = getelementptr [64 x i32], ptr %p, i64 %s2, i64 %i1
  %i2 = and i64 %a, -1
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr [64 x i32], ptr %p, i64 %s3, i64 %i2
  call void @usep(ptr %x)
  call void @usep(ptr %y)
  ret void
}

; in[5s] does not lie between in[0] and in[2s]: with %in at the start of a
; 12-byte object and s = 1, in[5s] is poison where in[2s] is not. LLVM 16's
; model rebuilds in[2s] from it, and the basis loses inbounds, as does the
; rebuilt GEP (upstream 16 keeps both, and in[2s] becomes poison). LLVM 22's
; sees a stride delta of -3s that no value holds.
; CHECK-LABEL: @inbounds_basis_outside_the_candidate(
; V16:           %far = getelementptr i32, ptr %in, i64 %s5
; V16:           %near = getelementptr i32, ptr %far, i64
; V22:           %far = getelementptr inbounds i32, ptr %in, i64 %s5
; V22:           %near = getelementptr inbounds i32, ptr %in, i64 %s2
define void @inbounds_basis_outside_the_candidate(ptr %in, i64 %s) {
  %s5 = mul nsw i64 %s, 5
  %far = getelementptr inbounds i32, ptr %in, i64 %s5
  call void @usep(ptr %far)
  %s2 = shl nsw i64 %s, 1
  %near = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %near)
  ret void
}

; A chain in[s] -> in[3s] -> in[2s] (LLVM 16's model): in[3s] is rebuilt and
; then in[2s] is rebuilt from it. 3s does not lie between s and 2s: in[3s]
; may leave the object where in[2s] does not, so neither rebuilt GEP is
; inbounds. LLVM 22's rebuilds in[2s] from in[s] (which loses its own
; inbounds as a reused basis); in[s] lies between in and in[2s], so the
; rebuilt GEP is inbounds.
; CHECK-LABEL: @rebuilt_gep_outside_its_dependent(
; V16:           %y = getelementptr i32, ptr %x, i64
; V16:           %z = getelementptr i32, ptr %y, i64
; V22:           %x = getelementptr i32, ptr %in, i64 %s
; V22:           %y = getelementptr inbounds i32, ptr %in, i64 %s3
; V22:           [[BUMP:%.*]] = shl i64 %s, 2
; V22-NEXT:      %z = getelementptr inbounds i8, ptr %x, i64 [[BUMP]]
define void @rebuilt_gep_outside_its_dependent(ptr %in, i64 %s) {
  %x = getelementptr inbounds i32, ptr %in, i64 %s
  call void @usep(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @usep(ptr %y)
  %s2 = shl nsw i64 %s, 1
  %z = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %z)
  ret void
}
