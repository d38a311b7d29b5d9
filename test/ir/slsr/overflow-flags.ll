; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Poison-generating flags. The new instructions carry none: the bump may wrap
; where the original did not. A reused instruction (the basis, or a delta
; value) may be poison where the rewritten one was not, so, as LLVM 22's
; canReuseInstruction check, its flags and those of its operands down to the
; leaves of its expression are dropped first, unless poison in it is
; undefined behaviour anyway (LLVM 16 reuses it as it is and miscompiles).
; LLVM 16's model reads a sign-extended GEP index S * c as c * sext(S),
; which needs the nsw: a basis whose such index may overflow where the
; candidate's does not is skipped. A rewritten GEP is inbounds only when the
; candidate is and the basis points into its object: the basis is
; dereferenced right away, or was inbounds (the one assumption left unproven,
; as upstream: slsr.rs). LLVM 16's model keeps a reused GEP's inbounds.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @use_noundef(i32 noundef)
declare void @use64(i64)
declare void @usep(ptr)

; b +nsw 2s reused for b +nsw 5s: with b = INT_MAX, x overflows where y does
; not always (s = 0 aside); x and its 2s lose nsw, and y = x + 3s has none.
; CHECK-LABEL: @reused_basis_loses_its_flags(
; CHECK:         %s2 = shl i32 %s, 1
; CHECK-NEXT:    %x = add i32 %b, %s2
; CHECK-NEXT:    [[BUMP:%.*]] = mul i32 %s, 3
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @reused_basis_loses_its_flags(i32 %b, i32 %s) {
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

; nuw goes the same way.
; CHECK-LABEL: @nuw_goes_too(
; CHECK:         %s2 = mul i32 %s, 2
; CHECK-NEXT:    %x = add i32 %b, %s2
; CHECK-NEXT:    %y = add i32 %x, %s
define void @nuw_goes_too(i32 %b, i32 %s) {
  %s2 = mul nuw i32 %s, 2
  %x = add nuw i32 %b, %s2
  %s3 = mul nuw i32 %s, 3
  %y = add nuw i32 %b, %s3
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; (b +nsw 1) *nsw s, (b +nsw 2) *nsw s: with b = -2 and s = INT_MIN the first
; product overflows and the second (0) does not. x's mul and add lose nsw.
; CHECK-LABEL: @mul_form_drops_the_flags(
; CHECK:         %b1 = add i32 %b, 1
; CHECK-NEXT:    %x = mul i32 %b1, %s
; CHECK-NEXT:    %y = add i32 %x, %s
define void @mul_form_drops_the_flags(i32 %b, i32 %s) {
  %b1 = add nsw i32 %b, 1
  %x = mul nsw i32 %b1, %s
  %b2 = add nsw i32 %b, 2
  %y = mul nsw i32 %b2, %s
  call void @use(i32 %x)
  call void @use(i32 %y)
  ret void
}

; x is passed as noundef: were it poison, the program would be undefined
; already, so it is never poison where it matters and keeps its flags.
; CHECK-LABEL: @undefined_if_poison_keeps_flags(
; CHECK:         %s2 = shl nsw i32 %s, 1
; CHECK-NEXT:    %x = add nsw i32 %b, %s2
; CHECK:         %y = add i32 %x, %s
define void @undefined_if_poison_keeps_flags(i32 %b, i32 %s) {
  %s2 = shl nsw i32 %s, 1
  %x = add nsw i32 %b, %s2
  call void @use_noundef(i32 %x)
  %s3 = mul nsw i32 %s, 3
  %y = add nsw i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

; in[s], in[4s], in[2s] with i32 indices sign-extended. LLVM 16's model: in[4s]
; may be poison (4s overflows) where in[2s] is not, and its nsw is needed to
; read it as 4 * sext(s), so in[2s] skips that basis and is rebuilt from
; in[s]. LLVM 22's: in[2s] is in[s] plus a stride delta of s (2s = s +nsw s);
; in[4s] would need 3s, which no value holds.
; CHECK-LABEL: @gep_skips_a_basis_whose_index_may_overflow(
; V16:           %p1 = getelementptr inbounds i32, ptr %in, i64 %e1
; V16:           %p4 = getelementptr inbounds i32, ptr %p1,
; V16:           [[S:%.*]] = sext i32 %s to i64
; V16-NEXT:      %p2 = getelementptr inbounds i32, ptr %p1, i64 [[S]]
; V22:           %p1 = getelementptr i32, ptr %in, i64 %e1
; V22:           %p4 = getelementptr inbounds i32, ptr %in, i64 %e4
; V22:           [[S:%.*]] = sext i32 %s to i64
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[S]], 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr %p1, i64 [[BUMP]]
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

; An index as wide as the index type is not extended: in LLVM 16's model its
; nsw may go, and in[2s] is rebuilt from in[4s]. In LLVM 22's the stride
; delta is -2s, which no value holds.
; CHECK-LABEL: @gep_drops_an_index_nsw_it_does_not_need(
; V16:           %s4 = shl i64 %s, 2
; V16-NEXT:      %p4 = getelementptr i32, ptr %in, i64 %s4
; V16:           [[BUMP:%.*]] = shl i64 %s, 1
; V16-NEXT:      [[NEG:%.*]] = sub i64 0, [[BUMP]]
; V16-NEXT:      %p2 = getelementptr i32, ptr %p4, i64 [[NEG]]
; V22:           %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
define void @gep_drops_an_index_nsw_it_does_not_need(ptr %in, i64 %s) {
  %s4 = shl nsw i64 %s, 2
  %p4 = getelementptr inbounds i32, ptr %in, i64 %s4
  call void @usep(ptr %p4)
  %s2 = shl nsw i64 %s, 1
  %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %p2)
  ret void
}

; A basis between the candidate's pointer operand and the candidate (in[s]
; for in[2s]) points into its object wherever the candidate does: the new
; GEP keeps the candidate's inbounds, even off a basis that had none.
; CHECK-LABEL: @basis_between_gives_inbounds(
; CHECK:         %x = getelementptr i32, ptr %in, i64 %s
; V16:           %y = getelementptr inbounds i32, ptr %x, i64 %s
; V22:           [[BUMP:%.*]] = shl i64 %s, 2
; V22-NEXT:      %y = getelementptr inbounds i8, ptr %x, i64 [[BUMP]]
define void @basis_between_gives_inbounds(ptr %in, i64 %s) {
  %x = getelementptr i32, ptr %in, i64 %s
  call void @usep(ptr %x)
  %s2 = shl nsw i64 %s, 1
  %y = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %y)
  ret void
}

; in[3s] lies beyond in[2s] and may be outside the object where in[2s] is
; not: rebuilt from it, in[2s] is not inbounds (LLVM 16's model; LLVM 22's
; would need -s, which no value holds). Upstream copies the candidate's
; inbounds.
; CHECK-LABEL: @basis_beyond_gives_no_inbounds(
; V16:           %y = getelementptr i32, ptr %x, i64 [[NEG:%.*]]
; V22:           %y = getelementptr inbounds i32, ptr %in, i64 %s2
define void @basis_beyond_gives_no_inbounds(ptr %in, i64 %s) {
  %s3 = mul nsw i64 %s, 3
  %x = getelementptr i32, ptr %in, i64 %s3
  call void @usep(ptr %x)
  %s2 = shl nsw i64 %s, 1
  %y = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %y)
  ret void
}

; A base delta: &q[s] with q = in + n, from &in[s]. in + 4s is no point the
; candidate passes through, so nothing says it is in the object: no inbounds
; (LLVM 22's model; LLVM 16's has no base deltas).
; CHECK-LABEL: @base_delta_gives_no_inbounds(
; V16:           %y = getelementptr inbounds i32, ptr %q, i64 %s
; V22:           %y = getelementptr i8, ptr %x, i64 %n
define void @base_delta_gives_no_inbounds(ptr %in, i64 %s, i64 %n) {
  %x = getelementptr i32, ptr %in, i64 %s
  call void @usep(ptr %x)
  %q = getelementptr inbounds i8, ptr %in, i64 %n
  %y = getelementptr inbounds i32, ptr %q, i64 %s
  call void @usep(ptr %y)
  ret void
}

; A basis stored through right away points into its object whenever the
; program is defined: the new GEP keeps the candidate's inbounds.
; CHECK-LABEL: @dereferenced_basis_gives_inbounds(
; CHECK:         %x = getelementptr i32, ptr %in, i64 %s
; V16:           %y = getelementptr inbounds i32, ptr %x, i64 %s
; V22:           [[BUMP:%.*]] = shl i64 %s, 2
; V22-NEXT:      %y = getelementptr inbounds i8, ptr %x, i64 [[BUMP]]
define void @dereferenced_basis_gives_inbounds(ptr %in, i64 %s, i32 %v) {
  %x = getelementptr i32, ptr %in, i64 %s
  store i32 %v, ptr %x
  %s2 = shl nsw i64 %s, 1
  %y = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %y)
  ret void
}

; LLVM 22's model: c = b + n + m + 3s is x = b + 3s plus a base delta n + m,
; which %d computes; but %d's nsw may not hold where c was defined, so it goes
; (upstream LLVM 22 reuses %d with its flag). LLVM 16's model has no base
; deltas.
; CHECK-LABEL: @delta_value_loses_its_flags(
; V16:           %d = add nsw i64 %n, %m
; V16:           %c = add i64 %bnm, %m3
; V22:           %d = add i64 %n, %m
; V22:           %c = add i64 %x, %d
define void @delta_value_loses_its_flags(i64 %b, i64 %n, i64 %m, i64 %s, i64 %q) {
  %d = add nsw i64 %n, %m
  %z = add i64 %q, %d
  call void @use64(i64 %z)
  %m3 = mul i64 %s, 3
  %x = add i64 %b, %m3
  call void @use64(i64 %x)
  %bn = add i64 %b, %n
  %bnm = add i64 %bn, %m
  %c = add i64 %bnm, %m3
  call void @use64(i64 %c)
  ret void
}
