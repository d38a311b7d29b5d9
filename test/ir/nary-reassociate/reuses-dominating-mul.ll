; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
;
; Products reassociate like sums: (a * b) * c with a dominating a * c
; becomes D * b, without wrap flags. Sums and products never mix, and the
; same refusals hold (no dominating D; a * b used elsewhere).

declare void @use(i64)

; CHECK-LABEL: @reuses_dominating_product(
; CHECK:         %ac = mul i64 %c, %a
; CHECK-NEXT:    call void @use(i64 %ac)
; CHECK-NEXT:    %abc = mul i64 %ac, %b
; CHECK-NEXT:    call void @use(i64 %abc)
; CHECK-NEXT:    ret void
define void @reuses_dominating_product(i64 %a, i64 %b, i64 %c) {
  %ac = mul i64 %c, %a
  call void @use(i64 %ac)
  %ab = mul nuw i64 %a, %b
  %abc = mul nuw i64 %ab, %c
  call void @use(i64 %abc)
  ret void
}

; Negative: a + c does not help (a * b) * c.
; CHECK-LABEL: @refuses_sum_for_product(
; CHECK:         %ab = mul i64 %a, %b
; CHECK-NEXT:    %abc = mul i64 %ab, %c
define void @refuses_sum_for_product(i64 %a, i64 %b, i64 %c) {
  %ac = add i64 %a, %c
  call void @use(i64 %ac)
  %ab = mul i64 %a, %b
  %abc = mul i64 %ab, %c
  call void @use(i64 %abc)
  ret void
}

; Negative: a * c is computed in a block that does not dominate.
; CHECK-LABEL: @refuses_non_dominating_product(
; CHECK:       join:
; CHECK-NEXT:    %ab = mul i64 %a, %b
; CHECK-NEXT:    %abc = mul i64 %ab, %c
define void @refuses_non_dominating_product(i64 %a, i64 %b, i64 %c, i1 %p) {
entry:
  br i1 %p, label %then, label %join
then:
  %ac = mul i64 %a, %c
  call void @use(i64 %ac)
  br label %join
join:
  %ab = mul i64 %a, %b
  %abc = mul i64 %ab, %c
  call void @use(i64 %abc)
  ret void
}
