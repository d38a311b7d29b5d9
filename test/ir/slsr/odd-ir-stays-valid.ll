; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Unusual input is rewritten correctly or left alone, never crashes: code in
; unreachable blocks, a + a, i1 and i256 arithmetic, GEPs without indices,
; over scalable vectors or onto zero-sized elements, a shift into the sign
; bit (constant-expression strides: odd-ir-constant-expressions.ll). (LLVM
; 16's slsr aborts on the scalable vectors and divides by zero on the
; zero-sized element.)

target triple = "nvptx64-nvidia-cuda"

@g = external global i32

declare void @use(i64)
declare void @use1(i1)
declare void @use256(i256)
declare void @usep(ptr)

; Unreachable code is not in the dominator tree: its candidates are neither
; rewritten nor bases.
; CHECK-LABEL: @unreachable_code(
; CHECK:       dead:
; CHECK-NEXT:    %s3 = mul i64 %s, 3
; CHECK-NEXT:    %y = add i64 %b, %s3
define void @unreachable_code(i64 %b, i64 %s) {
entry:
  %s2 = mul i64 %s, 2
  %x = add i64 %b, %s2
  call void @use(i64 %x)
  ret void
dead:
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %y)
  br label %dead
}

; a + a is one candidate, a + 1 * a; a + 2a and a + 3a come from it.
; CHECK-LABEL: @same_operand_twice(
; CHECK:         %x = add i64 %a, %a
; CHECK-NEXT:    %y = add i64 %x, %a
define void @same_operand_twice(i64 %a) {
  %x = add i64 %a, %a
  %a2 = mul i64 %a, 2
  %y = add i64 %a, %a2
  call void @use(i64 %y)
  ret void
}

; i1 arithmetic wraps at one bit: b + 3s is b + s, which x computes already.
; CHECK-LABEL: @one_bit(
; CHECK:         call void @use1(i1 %x)
; CHECK-NEXT:    call void @use1(i1 %x)
define void @one_bit(i1 %b, i1 %s) {
  %x = add i1 %b, %s
  call void @use1(i1 %x)
  %s3 = mul i1 %s, true
  %y = add i1 %b, %s3
  call void @use1(i1 %y)
  ret void
}

; Integers wider than 128 bits are left alone.
; CHECK-LABEL: @wider_than_128_bits(
; CHECK:         %y = add i256 %b, %s3
define void @wider_than_128_bits(i256 %b, i256 %s) {
  %s2 = mul i256 %s, 2
  %x = add i256 %b, %s2
  call void @use256(i256 %x)
  %s3 = mul i256 %s, 3
  %y = add i256 %b, %s3
  call void @use256(i256 %y)
  ret void
}

; CHECK-LABEL: @gep_without_indices(
; CHECK:         %x = getelementptr i32, ptr %p
define void @gep_without_indices(ptr %p) {
  %x = getelementptr i32, ptr %p
  call void @usep(ptr %x)
  ret void
}

; Scalable vectors have no fixed size: no candidates.
; CHECK-LABEL: @scalable_vector_elements(
; CHECK:         %y = getelementptr <vscale x 4 x i32>, ptr %p, i64 %s3
define void @scalable_vector_elements(ptr %p, i64 %s) {
  %x = getelementptr <vscale x 4 x i32>, ptr %p, i64 %s
  call void @usep(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr <vscale x 4 x i32>, ptr %p, i64 %s3
  call void @usep(ptr %y)
  ret void
}

; The result element {} has size 0: the bump (64 * s bytes) cannot be counted
; in elements, so it is in bytes (LLVM 16 divides by zero here). (%u is
; noundef: scalar evolution drops it, times 0, from the GEP's expression, so
; x is reused only when %u cannot be poison. LLVM 22's model has a stride
; delta of 2s here, which no value holds.)
; CHECK-LABEL: @zero_sized_result_element(
; V16:           [[BUMP:%.*]] = shl i64 %s, 6
; V16-NEXT:      %y = getelementptr i8, ptr %x, i64 [[BUMP]]
; V22:           %y = getelementptr [8 x { i32, [4 x {}] }], ptr %p, i64 %s3,
define void @zero_sized_result_element(ptr %p, i64 %s, i64 %t, i64 noundef %u) {
  %x = getelementptr [8 x { i32, [4 x {}] }], ptr %p, i64 %s, i64 %t, i32 1, i64 %u
  call void @usep(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr [8 x { i32, [4 x {}] }], ptr %p, i64 %s3, i64 %t, i32 1, i64 %u
  call void @usep(ptr %y)
  ret void
}

; s << 31 (nsw) is s * 2^31, defined for s = 0 and s = -1 only. Upstream
; reads its 2^31 as the i32 -2^31 and, from &in[s], would build
; &in[-2^31 * s]: wrong for s = -1. It is no candidate of stride s here.
; CHECK-LABEL: @shift_into_the_sign_bit(
; CHECK:         %y = getelementptr inbounds i32, ptr %in, i64 %e31
define void @shift_into_the_sign_bit(ptr %in, i32 %s) {
  %e = sext i32 %s to i64
  %x = getelementptr inbounds i32, ptr %in, i64 %e
  call void @usep(ptr %x)
  %s31 = shl nsw i32 %s, 31
  %e31 = sext i32 %s31 to i64
  %y = getelementptr inbounds i32, ptr %in, i64 %e31
  call void @usep(ptr %y)
  ret void
}
