; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The bump (i' - i) * S is built as cheaply as it can be: S for 1, a sub for
; -1, a shift for 2^k, a shift and a sub for -2^k, else one mul. i * S may be
; written S * c or S << k in the input.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @use128(i128)
declare void @usep(ptr)

; b + 2s, b + 3s: y = x + s.
; CHECK-LABEL: @bump_is_the_stride(
; CHECK:         %y = add i32 %x, %s
define void @bump_is_the_stride(i32 %b, i32 %s) {
  %s2 = mul i32 %s, 2
  %x = add i32 %b, %s2
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

; b + 4s, b + 3s: y = x - s.
; CHECK-LABEL: @bump_is_minus_the_stride(
; CHECK:         %x = add i32 %b, %s4
; CHECK-NEXT:    %y = sub i32 %x, %s
define void @bump_is_minus_the_stride(i32 %b, i32 %s) {
  %s4 = shl i32 %s, 2
  %x = add i32 %b, %s4
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

; b + (s << 1), b + 6s: y = x + (s << 2).
; CHECK-LABEL: @bump_is_a_shift(
; CHECK:         [[BUMP:%.*]] = shl i32 %s, 2
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @bump_is_a_shift(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  %s6 = mul i32 %s, 6
  %y = add i32 %b, %s6
  call void @use(i32 %y)
  ret void
}

; b + 6s, b + 2s: y = x - (s << 2).
; CHECK-LABEL: @bump_is_a_negated_shift(
; CHECK:         [[BUMP:%.*]] = shl i32 %s, 2
; CHECK-NEXT:    %y = sub i32 %x, [[BUMP]]
define void @bump_is_a_negated_shift(i32 %b, i32 %s) {
  %s6 = mul i32 %s, 6
  %x = add i32 %b, %s6
  %s2 = shl i32 %s, 1
  %y = add i32 %b, %s2
  call void @use(i32 %y)
  ret void
}

; b + (s << 1), b + (s << 3): 8 - 2 = 6, no power of two: y = x + s * 6.
; CHECK-LABEL: @bump_is_a_mul(
; CHECK:         [[BUMP:%.*]] = mul i32 %s, 6
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @bump_is_a_mul(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  %s8 = shl i32 %s, 3
  %y = add i32 %b, %s8
  call void @use(i32 %y)
  ret void
}

; b - 3s (a negative multiplier), b + 2s: y = x + s * 5.
; CHECK-LABEL: @negative_index(
; CHECK:         [[BUMP:%.*]] = mul i32 %s, 5
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
define void @negative_index(i32 %b, i32 %s) {
  %sm3 = mul i32 %s, -3
  %x = add i32 %b, %sm3
  %s2 = shl i32 %s, 1
  %y = add i32 %b, %s2
  call void @use(i32 %y)
  ret void
}

; A constant stride folds the bump: (b + 1) * 7, (b + 3) * 7, (b + 2) * 7
; become x + 14 and y + -7.
; CHECK-LABEL: @constant_stride_folds(
; CHECK:         %x = mul i32 %b1, 7
; CHECK-NEXT:    %y = add i32 %x, 14
; CHECK-NEXT:    %z = add i32 %y, -7
define void @constant_stride_folds(i32 %b) {
  %b1 = add i32 %b, 1
  %x = mul i32 %b1, 7
  %b3 = add i32 %b, 3
  %y = mul i32 %b3, 7
  %b2 = add i32 %b, 2
  %z = mul i32 %b2, 7
  call void @use(i32 %y)
  call void @use(i32 %z)
  ret void
}

; i128 multipliers beyond 64 bits: 2^70 and 2^70 + 3 differ by 3; 3 and
; 2^80 + 3 by 2^80; 2^70 and 2^71 + 1 by 2^70 + 1.
; CHECK-LABEL: @wide_multipliers(
; CHECK:         [[B1:%.*]] = mul i128 %s, 3
; CHECK-NEXT:    %y = add i128 %x, [[B1]]
; CHECK:         [[B2:%.*]] = shl i128 %s, 80
; CHECK-NEXT:    %w = add i128 %v, [[B2]]
; CHECK:         [[B3:%.*]] = mul i128 %s, 1180591620717411303425
; CHECK-NEXT:    %u = add i128 %t, [[B3]]
define void @wide_multipliers(i128 %b, i128 %c, i128 %d, i128 %s) {
  %m1 = mul i128 %s, 1180591620717411303424
  %x = add i128 %b, %m1
  %m2 = mul i128 %s, 1180591620717411303427
  %y = add i128 %b, %m2
  call void @use128(i128 %y)
  %m3 = mul i128 %s, 3
  %v = add i128 %c, %m3
  %m4 = mul i128 %s, 1208925819614629174706179
  %w = add i128 %c, %m4
  call void @use128(i128 %w)
  %t = add i128 %d, %m1
  %m5 = mul i128 %s, 2361183241434822606849
  %u = add i128 %d, %m5
  call void @use128(i128 %u)
  ret void
}

; Beyond upstream: a GEP bump of -1 * S with S an i32 sign-extended to the
; i64 index is sext(S) negated, not sext(0 - S), which is wrong for
; S = INT_MIN. (&in[-s], then &in[-2s]: one element back, in LLVM 16's model,
; where -2s = 2 * -s needs no flag dropped from -s. LLVM 22's model reaches
; -2s from -s by a stride delta of -s, the value %m1: exact, since -2s =
; -2 *nsw s does not wrap where &in[-2s] is defined, so neither does -s.
; %m1 and &in[-s] lose their flags when reused; the rebuilt GEP keeps
; inbounds, &in[-s] lying between in and &in[-2s]. Soundness:
; tests/poison.rs, slsr_reduces_negative_nsw_multiples.)
; CHECK-LABEL: @gep_negative_bump_extends_first(
; V16:         %p1 = getelementptr inbounds i32, ptr %in, i64 %e1
; V16-NEXT:      [[S:%.*]] = sext i32 %s to i64
; V16-NEXT:      [[NEG:%.*]] = sub i64 0, [[S]]
; V16-NEXT:      %p2 = getelementptr inbounds i32, ptr %p1, i64 [[NEG]]
; V22:         %m1 = mul i32 %s, -1
; V22-NEXT:    %e1 = sext i32 %m1 to i64
; V22-NEXT:    %p1 = getelementptr i32, ptr %in, i64 %e1
; V22-NEXT:    [[D:%.*]] = sext i32 %m1 to i64
; V22-NEXT:    [[B:%.*]] = shl i64 [[D]], 2
; V22-NEXT:    %p2 = getelementptr inbounds i8, ptr %p1, i64 [[B]]
define void @gep_negative_bump_extends_first(ptr %in, i32 %s) {
  %m1 = mul nsw i32 %s, -1
  %e1 = sext i32 %m1 to i64
  %p1 = getelementptr inbounds i32, ptr %in, i64 %e1
  %m2 = mul nsw i32 %s, -2
  %e2 = sext i32 %m2 to i64
  %p2 = getelementptr inbounds i32, ptr %in, i64 %e2
  call void @usep(ptr %p2)
  ret void
}

; The same for a bump of -1 byte: the i8 GEP &in[s] is the i16 GEP &in[s]
; (two bytes a step) less s bytes.
; CHECK-LABEL: @gep_negative_byte_bump_extends_first(
; CHECK:         [[S:%.*]] = sext i32 %s to i64
; CHECK-NEXT:    [[NEG:%.*]] = sub i64 0, [[S]]
; CHECK-NEXT:    %p1 = getelementptr i8, ptr %p2, i64 [[NEG]]
define void @gep_negative_byte_bump_extends_first(ptr %in, i32 %s) {
  %p2 = getelementptr i16, ptr %in, i32 %s
  call void @usep(ptr %p2)
  %p1 = getelementptr i8, ptr %in, i32 %s
  call void @usep(ptr %p1)
  ret void
}
