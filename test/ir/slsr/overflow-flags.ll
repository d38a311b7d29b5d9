; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -pass-remarks=gpucc-slsr -pass-remarks-missed=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
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
; in[2s] is rebuilt from in[4s]. in[4s] may leave the object where in[2s] does
; not (4s is not between 0 and 2s), so it loses inbounds, and so does the
; rebuilt GEP (an inbounds GEP from outside the object would be poison).
; CHECK-LABEL: @gep_drops_an_index_nsw_it_does_not_need(
; CHECK:         %s4 = shl i64 %s, 2
; CHECK-NEXT:    %p4 = getelementptr i32, ptr %in, i64 %s4
; CHECK:         [[BUMP:%.*]] = shl i64 %s, 1
; CHECK-NEXT:    [[NEG:%.*]] = sub i64 0, [[BUMP]]
; CHECK-NEXT:    %p2 = getelementptr i32, ptr %p4, i64 [[NEG]]
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

; SCEV reads `add nsw a, 1` and `add a, 1` alike, so x's base %b1 and y's
; base %b2 share a key. But %b1 is poison at a = INT64_MAX, where %b2 is not:
; rebuilding y from x would make y poison there. A basis whose base is
; another IR value computed with flags is refused (the remark says why).
; CHECK-LABEL: @same_scev_base_with_flags(
; CHECK:         %s3 = mul i64 %s, 3
; CHECK-NEXT:    %y = add i64 %b2, %s3
; REMARK: remark: {{.*}}%y ((1 + %a) + 3 * %s) not rewritten from basis %x: its base is computed from %b1, which SCEV equates with %y's but whose flags may make it poison where %y's base is not
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

; The same for a GEP: its base is the pointer and the other indices, here
; %i1 = (a +nuw a) - a, poison when a + a wraps, and %i2 = a.
; CHECK-LABEL: @same_scev_gep_base_with_flags(
; CHECK:         %y = getelementptr [64 x i32], ptr %p, i64 %s3, i64 %i2
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

; One IR value for both bases, flags and all: y is rebuilt from x (both are
; poison together).
; CHECK-LABEL: @same_base_value_with_flags_is_reused(
; CHECK:         %x = add i64 %b, %s2
; CHECK-NEXT:    %y = add i64 %x, %s
define void @same_base_value_with_flags_is_reused(i64 %a, i64 %s) {
  %b = add nsw i64 %a, 1
  %s2 = mul i64 %s, 2
  %x = add i64 %b, %s2
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use64(i64 %x)
  call void @use64(i64 %y)
  ret void
}

; An inbounds basis must be in the object wherever the candidate is. in[s]
; lies between in[0] and in[3s]: wherever in[3s] is in the object, so is
; in[s], and in[3s] is rebuilt from it with inbounds.
; CHECK-LABEL: @inbounds_basis_inside_the_candidate(
; CHECK:         %x = getelementptr inbounds i32, ptr %in, i64 %s
; CHECK:         %y = getelementptr inbounds i32, ptr %x, i64
define void @inbounds_basis_inside_the_candidate(ptr %in, i64 %s) {
  %x = getelementptr inbounds i32, ptr %in, i64 %s
  call void @usep(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @usep(ptr %y)
  ret void
}

; in[5s] does not lie between in[0] and in[2s]: with %in at the start of a
; 12-byte object and s = 1, in[5s] is poison where in[2s] is not. The basis
; loses inbounds and in[2s] is rebuilt without it (upstream keeps both, and
; in[2s] becomes poison).
; CHECK-LABEL: @inbounds_basis_outside_the_candidate(
; CHECK:         %far = getelementptr i32, ptr %in, i64 %s5
; CHECK:         %near = getelementptr i32, ptr %far, i64
; REMARK: remark: {{.*}}dropped inbounds from %far: it is reused by a rewrite whose operands do not imply it
define void @inbounds_basis_outside_the_candidate(ptr %in, i64 %s) {
  %s5 = mul nsw i64 %s, 5
  %far = getelementptr inbounds i32, ptr %in, i64 %s5
  call void @usep(ptr %far)
  %s2 = shl nsw i64 %s, 1
  %near = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %near)
  ret void
}

; A chain in[s] -> in[3s] -> in[2s]: in[3s] is rebuilt and then in[2s] is
; rebuilt from it. 3s does not lie between s and 2s: in[3s] may leave the
; object where in[2s] does not, so neither rebuilt GEP is inbounds.
; CHECK-LABEL: @rebuilt_gep_outside_its_dependent(
; CHECK:         %y = getelementptr i32, ptr %x, i64
; CHECK:         %z = getelementptr i32, ptr %y, i64
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
