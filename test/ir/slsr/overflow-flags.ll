; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; nsw/nuw. The new instructions carry none: the bump may wrap where the
; original did not. And the basis X is reused as it is: a flag on X (or on
; its i * S) that the candidate's own flags do not imply could make X poison
; where the candidate was defined, so such flags are dropped (LLVM 16 keeps
; them and miscompiles). A GEP index's nsw cannot be dropped when the index is
; sign-extended (it is what makes sext(S * c) = c * sext(S)): such a basis is
; refused. A rewritten GEP is inbounds only if both GEPs were.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @usep(ptr)
declare void @use64(i64)

; b +nsw 2s, b +nsw 5s: y = x + 3s without flags. b + 2s lies between b and
; b + 5s, so y's flags imply x's: x keeps them.
; CHECK-LABEL: @implied_flags_are_kept(
; CHECK:         %s2 = shl nsw i32 %s, 1
; CHECK-NEXT:    %x = add nsw i32 %b, %s2
; CHECK-NEXT:    [[BUMP:%.*]] = mul i32 %s, 3
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @implied_flags_are_kept(i32 %b, i32 %s) {
  %s2 = shl nsw i32 %s, 1
  %x = add nsw i32 %b, %s2
  %s5 = mul nsw i32 %s, 5
  %y = add nsw i32 %b, %s5
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; b +nsw 6s, then b +nsw 4s: with s = 400000000 and b = 0, 6s overflows (x
; is poison) while 4s does not. y = x - 2s must not inherit that poison, so x
; and its 6s lose nsw.
; CHECK-LABEL: @unimplied_flags_are_dropped(
; CHECK:         %s6 = mul i32 %s, 6
; CHECK-NEXT:    %x = add i32 %b, %s6
; CHECK-NEXT:    [[BUMP:%.*]] = shl i32 %s, 1
; CHECK-NEXT:    %y = sub i32 %x, [[BUMP]]
define void @unimplied_flags_are_dropped(i32 %b, i32 %s) {
  %s6 = mul nsw i32 %s, 6
  %x = add nsw i32 %b, %s6
  %s4 = shl nsw i32 %s, 2
  %y = add nsw i32 %b, %s4
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; A candidate that may wrap implies nothing: x loses its nsw.
; CHECK-LABEL: @wrapping_candidate_implies_nothing(
; CHECK:         %x = add i32 %b, %s2
; CHECK-NEXT:    %y = add i32 %x, %s
define void @wrapping_candidate_implies_nothing(i32 %b, i32 %s) {
  %s2 = mul i32 %s, 2
  %x = add nsw i32 %b, %s2
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; nuw follows the unsigned order of the multipliers: 2 <= 3 keeps it,
; 3 > 2 drops it.
; CHECK-LABEL: @nuw_follows_unsigned_order(
; CHECK:         %x = add nuw i32 %b, %s2
; CHECK:         %y = add i32 %x, %s
; CHECK:         %v3 = mul i32 %s, 3
; CHECK-NEXT:    %v = add i32 %c, %v3
; CHECK-NEXT:    %w = sub i32 %v, %s
define void @nuw_follows_unsigned_order(i32 %b, i32 %c, i32 %s) {
  %s2 = mul nuw i32 %s, 2
  %x = add nuw i32 %b, %s2
  %s3 = mul nuw i32 %s, 3
  %y = add nuw i32 %b, %s3
  call void @use(i32 %x)
  call void @use(i32 %y)
  %v3 = mul nuw i32 %s, 3
  %v = add nuw i32 %c, %v3
  %v2 = mul nuw i32 %s, 2
  %w = add nuw i32 %c, %v2
  call void @use(i32 %v)
  call void @use(i32 %w)
  ret void
}

; (b +nsw 1) *nsw s, (b +nsw 2) *nsw s: with b = -2 and s = INT_MIN the first
; product overflows and the second (0) does not, so x's mul loses nsw. b + 1
; lies between b and b + 2: the add keeps it.
; CHECK-LABEL: @mul_form_drops_the_mul_flags(
; CHECK:         %b1 = add nsw i32 %b, 1
; CHECK-NEXT:    %x = mul i32 %b1, %s
; CHECK:         %y = add i32 %x, %s
define void @mul_form_drops_the_mul_flags(i32 %b, i32 %s) {
  %b1 = add nsw i32 %b, 1
  %x = mul nsw i32 %b1, %s
  %b2 = add nsw i32 %b, 2
  %y = mul nsw i32 %b2, %s
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; in[s], in[4s], in[2s] with i32 indices sign-extended: in[4s] may be poison
; (4s overflows) where in[2s] is not, and its nsw is needed to read it as
; 4 * sext(s). So in[2s] skips that basis and is rebuilt from in[s].
; CHECK-LABEL: @gep_skips_a_basis_whose_index_may_overflow(
; CHECK:         %p1 = getelementptr inbounds i32, ptr %in, i64 %e1
; CHECK:         %p4 = getelementptr inbounds i32, ptr %p1,
; CHECK:         [[S:%.*]] = sext i32 %s to i64
; CHECK-NEXT:    %p2 = getelementptr inbounds i32, ptr %p1, i64 [[S]]
define void @gep_skips_a_basis_whose_index_may_overflow(ptr %in, i32 %s) {
  %e1 = sext i32 %s to i64
  %p1 = getelementptr inbounds i32, ptr %in, i64 %e1
  call void @usep(ptr %p1)
  %s4 = shl nsw i32 %s, 2
  %e4 = sext i32 %s4 to i64
  %p4 = getelementptr inbounds i32, ptr %in, i64 %e4
  call void @usep(ptr %p4)
  %s2 = shl nsw i32 %s, 1
  %e2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds i32, ptr %in, i64 %e2
  call void @usep(ptr %p2)
  ret void
}

; An index as wide as the index type is not extended: its nsw may go, and
; in[2s] is rebuilt from in[4s].
; CHECK-LABEL: @gep_drops_an_index_nsw_it_does_not_need(
; CHECK:         %s4 = shl i64 %s, 2
; CHECK-NEXT:    %p4 = getelementptr inbounds i32, ptr %in, i64 %s4
; CHECK:         [[BUMP:%.*]] = shl i64 %s, 1
; CHECK-NEXT:    [[NEG:%.*]] = sub i64 0, [[BUMP]]
; CHECK-NEXT:    %p2 = getelementptr inbounds i32, ptr %p4, i64 [[NEG]]
define void @gep_drops_an_index_nsw_it_does_not_need(ptr %in, i64 %s) {
  %s4 = shl nsw i64 %s, 2
  %p4 = getelementptr inbounds i32, ptr %in, i64 %s4
  call void @usep(ptr %p4)
  %s2 = shl nsw i64 %s, 1
  %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %p2)
  ret void
}

; Rebuilt from a GEP that is not inbounds (and may point anywhere), the new
; GEP is not inbounds either; upstream would copy the candidate's inbounds.
; CHECK-LABEL: @inbounds_needs_both(
; CHECK:         %x = getelementptr i32, ptr %in, i64 %s
; CHECK:         [[BUMP:%.*]] = shl i64 %s, 1
; CHECK-NEXT:    %y = getelementptr i32, ptr %x, i64 [[BUMP]]
define void @inbounds_needs_both(ptr %in, i64 %s) {
  %x = getelementptr i32, ptr %in, i64 %s
  call void @usep(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @usep(ptr %y)
  ret void
}

; A candidate that is rebuilt and then reused as a basis vouches for nothing:
; y = c + s and c = x + s make y poison wherever x is. c's nsw implies x's
; (2s lies between 0 and 3s), but y has no flags: with b = 0 and s = 2^62,
; 2s overflows while 4s wraps harmlessly. So x and its 2s lose nsw.
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
