; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; The Mul form of Table 3, (B + i) * S: rebuilt from a dominating (B + i) * S
; with the same B and S as X + (i' - i) * S. B + i may be an add with the
; constant on either side, or an or whose operands share no set bit.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; (b + 3) * s is rebuilt from the dominating (b + 1) * s.
; CHECK-LABEL: @basis_in_dominating_block(
; CHECK:         %x = mul i32 %b1, %s
; CHECK:       next:
; CHECK-NEXT:    [[BUMP:%.*]] = shl i32 %s, 1
; CHECK-NEXT:    %y = add i32 %x, [[BUMP]]
; CHECK-NOT:     mul
define void @basis_in_dominating_block(i32 %b, i32 %s) {
entry:
  %b1 = add i32 %b, 1
  %x = mul i32 %b1, %s
  call void @use(i32 %x)
  br label %next
next:
  %b3 = add i32 %b, 3
  %y = mul i32 %b3, %s
  call void @use(i32 %y)
  ret void
}

; b * s is the basis of (b + 1) * s: B + 0 needs no add. The stride may be
; either operand of the mul, and the constant either operand of the add.
; CHECK-LABEL: @constant_and_stride_on_either_side(
; CHECK:         %x = mul i32 %b, %s
; CHECK-NEXT:    %y = add i32 %x, %s
; CHECK-NEXT:    call void @use(i32 %y)
define void @constant_and_stride_on_either_side(i32 %b, i32 %s) {
  %x = mul i32 %b, %s
  %b1 = add i32 1, %b
  %y = mul i32 %s, %b1
  call void @use(i32 %y)
  ret void
}

; (b | 1) is b + 1 when the low bit of b is known zero.
; CHECK-LABEL: @or_of_disjoint_bits_is_an_add(
; CHECK:         %x = mul i32 %b, %s
; CHECK-NEXT:    %y = add i32 %x, %s
define void @or_of_disjoint_bits_is_an_add(i32 %a, i32 %s) {
  %b = shl i32 %a, 1
  %x = mul i32 %b, %s
  %b1 = or i32 %b, 1
  %y = mul i32 %b1, %s
  call void @use(i32 %y)
  ret void
}

; (a | 1) may equal a: it is no B + i, and nothing is rewritten.
; CHECK-LABEL: @or_of_unknown_bits_is_not(
; CHECK:         %x = mul i32 %a, %s
; CHECK-NEXT:    %a1 = or i32 %a, 1
; CHECK-NEXT:    %y = mul i32 %a1, %s
define void @or_of_unknown_bits_is_not(i32 %a, i32 %s) {
  %x = mul i32 %a, %s
  %a1 = or i32 %a, 1
  %y = mul i32 %a1, %s
  call void @use(i32 %y)
  ret void
}

; (a + 1) * (b + 1) is both (a + 1) * S with S = b + 1 and (b + 1) * S with
; S = a + 1; it is rebuilt once, from a * (b + 1).
; CHECK-LABEL: @two_readings_one_rewrite(
; CHECK:         %x = mul i32 %a, %b1
; CHECK-NEXT:    %y = add i32 %x, %b1
; CHECK-NEXT:    call void @use(i32 %y)
define void @two_readings_one_rewrite(i32 %a, i32 %b) {
  %a1 = add i32 %a, 1
  %b1 = add i32 %b, 1
  %x = mul i32 %a, %b1
  %y = mul i32 %a1, %b1
  call void @use(i32 %y)
  ret void
}

; if (c) use(b * s); use((b + 1) * s);
; The basis is in a block that does not dominate the candidate.
; CHECK-LABEL: @no_basis_in_sibling_block(
; CHECK:       then:
; CHECK-NEXT:    %x = mul i32 %b, %s
; CHECK:       join:
; CHECK-NEXT:    %y = mul i32 %b1, %s
define void @no_basis_in_sibling_block(i1 %c, i32 %b, i32 %s) {
entry:
  %b1 = add i32 %b, 1
  br i1 %c, label %then, label %join
then:
  %x = mul i32 %b, %s
  call void @use(i32 %x)
  br label %join
join:
  %y = mul i32 %b1, %s
  call void @use(i32 %y)
  ret void
}
