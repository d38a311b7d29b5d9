; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; The Add form of Table 3, B + i * S: a candidate is rebuilt from the closest
; candidate with the same B and S whose block dominates its own, as
; X + (i' - i) * S. Candidates in blocks that do not dominate it are no basis.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i64)

; b + 3 * s is rebuilt from the dominating b + 2 * s: the mul by 3 goes.
; CHECK-LABEL: @basis_in_dominating_block(
; CHECK:         %x = add i64 %b, %s2
; CHECK:       next:
; CHECK-NOT:     mul i64 %s, 3
; CHECK-NEXT:    %y = add i64 %x, %s
; CHECK-NEXT:    call void @use(i64 %y)
define void @basis_in_dominating_block(i64 %b, i64 %s) {
entry:
  %s2 = shl i64 %s, 1
  %x = add i64 %b, %s2
  call void @use(i64 %x)
  br label %next
next:
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %y)
  ret void
}

; Of two bases, the closest (the immediate basis) is used: b + 5 * s comes
; from b + 4 * s, not from b + 2 * s.
; CHECK-LABEL: @immediate_basis_is_the_closest(
; CHECK:         %x = add i64 %b, %s2
; CHECK-NEXT:    [[BUMP:%.*]] = shl i64 %s, 1
; CHECK-NEXT:    %x2 = add i64 %x, [[BUMP]]
; CHECK-NEXT:    %y = add i64 %x2, %s
; CHECK-NEXT:    call void @use(i64 %y)
define void @immediate_basis_is_the_closest(i64 %b, i64 %s) {
  %s2 = shl i64 %s, 1
  %x = add i64 %b, %s2
  %s4 = mul i64 %s, 4
  %x2 = add i64 %b, %s4
  %s5 = mul i64 %s, 5
  %y = add i64 %b, %s5
  call void @use(i64 %y)
  ret void
}

; The operands of an add may come in either order.
; CHECK-LABEL: @operands_in_either_order(
; CHECK:         %x = add i64 %s2, %b
; CHECK-NEXT:    %y = add i64 %x, %s
define void @operands_in_either_order(i64 %b, i64 %s) {
  %s2 = mul i64 %s, 2
  %x = add i64 %s2, %b
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %x)
  call void @use(i64 %y)
  ret void
}

; A candidate after a join is dominated by one before the branch.
; CHECK-LABEL: @basis_before_a_diamond(
; CHECK:       join:
; CHECK-NEXT:    [[BUMP:%.*]] = shl i64 %s, 2
; CHECK-NEXT:    %y = add i64 %x, [[BUMP]]
define void @basis_before_a_diamond(i1 %c, i64 %b, i64 %s) {
entry:
  %x = add i64 %b, %s
  call void @use(i64 %x)
  br i1 %c, label %then, label %join
then:
  call void @use(i64 0)
  br label %join
join:
  %s5 = mul i64 %s, 5
  %y = add i64 %b, %s5
  call void @use(i64 %y)
  ret void
}

; if (c) use(b + 2 * s); else use(b + 3 * s);
; The two candidates are in sibling blocks: neither dominates the other, so
; neither is rewritten.
; CHECK-LABEL: @no_basis_in_sibling_block(
; CHECK:       then:
; CHECK-NEXT:    %s2 = mul i64 %s, 2
; CHECK-NEXT:    %x = add i64 %b, %s2
; CHECK:       else:
; CHECK-NEXT:    %s3 = mul i64 %s, 3
; CHECK-NEXT:    %y = add i64 %b, %s3
define void @no_basis_in_sibling_block(i1 %c, i64 %b, i64 %s) {
entry:
  br i1 %c, label %then, label %else
then:
  %s2 = mul i64 %s, 2
  %x = add i64 %b, %s2
  call void @use(i64 %x)
  ret void
else:
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %y)
  ret void
}

; A candidate never serves as the basis of one before it in the same block.
; CHECK-LABEL: @basis_must_come_first(
; CHECK:         %y = add i64 %b, %s3
; CHECK:         %x = add i64 %y, %s
define void @basis_must_come_first(i64 %b, i64 %s) {
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %y)
  %s4 = mul i64 %s, 4
  %x = add i64 %b, %s4
  call void @use(i64 %x)
  ret void
}
