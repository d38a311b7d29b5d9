; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
;
; (a + b) + c becomes D + b when a dominating D computes a + c (in any
; association order: keys are SCEVs), and the same for b + c. The new add has
; no wrap flags; the original and its single-use operand are deleted. Refused
; when no dominating D exists (sibling branch, later in the block), or when
; a + b has another use (it would stay live: nothing saved).

declare void @use(i32)

; D = c + a matches a + c; the rewrite reuses it.
; CHECK-LABEL: @reuses_commuted_base(
; CHECK:         %d = add i32 %c, %a
; CHECK-NEXT:    call void @use(i32 %d)
; CHECK-NEXT:    %abc = add i32 %d, %b
; CHECK-NEXT:    call void @use(i32 %abc)
; CHECK-NEXT:    ret void
define void @reuses_commuted_base(i32 %a, i32 %b, i32 %c) {
  %d = add i32 %c, %a
  call void @use(i32 %d)
  %ab = add nsw i32 %a, %b
  %abc = add nsw i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; The other split: b + c is there, a is left over; a + (b + a') forms too.
; CHECK-LABEL: @reuses_second_operand_pair(
; CHECK:         %d = add i32 %b, %c
; CHECK:         %x = add i32 %d, %a
; CHECK-NEXT:    call void @use(i32 %x)
define void @reuses_second_operand_pair(i32 %a, i32 %b, i32 %c) {
  %d = add i32 %b, %c
  call void @use(i32 %d)
  %ab = add i32 %a, %b
  %x = add i32 %c, %ab
  call void @use(i32 %x)
  ret void
}

; Four terms: ((a + d) + b) + c is first turned into (a + b + c) + d, which
; then reuses %abc; the walk handles n-ary sums one step at a time.
; CHECK-LABEL: @four_terms(
; CHECK:         %abc = add i32 %ab, %c
; CHECK-NEXT:    call void @use(i32 %abc)
; CHECK-NEXT:    %abdc = add i32 %abc, %d
; CHECK-NEXT:    call void @use(i32 %abdc)
; CHECK-NEXT:    ret void
define void @four_terms(i32 %a, i32 %b, i32 %c, i32 %d) {
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  %ad = add i32 %a, %d
  %adb = add i32 %ad, %b
  %abdc = add i32 %adb, %c
  call void @use(i32 %abdc)
  ret void
}

; The nearest dominating D is used: here the one in the loop body, not the
; one before the loop.
; CHECK-LABEL: @closest_dominator(
; CHECK:       loop:
; CHECK:         %near = add i32 %a, %c
; CHECK-NEXT:    call void @use(i32 %near)
; CHECK-NEXT:    %abc = add i32 %near, %b
define void @closest_dominator(i32 %a, i32 %b, i32 %c, i1 %p) {
entry:
  %far = add i32 %a, %c
  call void @use(i32 %far)
  br label %loop
loop:
  %near = add i32 %a, %c
  call void @use(i32 %near)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  br i1 %p, label %loop, label %exit
exit:
  ret void
}

; Negative: a + c is computed only on the other side of a branch.
; CHECK-LABEL: @refuses_sibling_branch(
; CHECK:       else:
; CHECK-NEXT:    %ab = add i32 %a, %b
; CHECK-NEXT:    %abc = add i32 %ab, %c
define void @refuses_sibling_branch(i32 %a, i32 %b, i32 %c, i1 %p) {
entry:
  br i1 %p, label %then, label %else
then:
  %ac = add i32 %a, %c
  call void @use(i32 %ac)
  br label %exit
else:
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  br label %exit
exit:
  ret void
}

; Negative: a + c comes after the sum that would need it.
; CHECK-LABEL: @refuses_later_in_block(
; CHECK:         %ab = add i32 %a, %b
; CHECK-NEXT:    %abc = add i32 %ab, %c
; CHECK-NEXT:    call void @use(i32 %abc)
; CHECK-NEXT:    %ac = add i32 %a, %c
define void @refuses_later_in_block(i32 %a, i32 %b, i32 %c) {
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  %ac = add i32 %a, %c
  call void @use(i32 %ac)
  ret void
}

; Negative: a + b is used elsewhere, so rewriting would not remove it.
; CHECK-LABEL: @refuses_shared_operand(
; CHECK:         %ab = add i32 %a, %b
; CHECK-NEXT:    call void @use(i32 %ab)
; CHECK-NEXT:    %abc = add i32 %ab, %c
define void @refuses_shared_operand(i32 %a, i32 %b, i32 %c) {
  %ac = add i32 %a, %c
  call void @use(i32 %ac)
  %ab = add i32 %a, %b
  call void @use(i32 %ab)
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; Negative: (a + b) + b needs a + b or b + b; a + b itself is the operand, so
; nothing is reused and nothing loops.
; CHECK-LABEL: @refuses_self_reuse(
; CHECK:         %ab = add i32 %a, %b
; CHECK-NEXT:    %abb = add i32 %ab, %b
define void @refuses_self_reuse(i32 %a, i32 %b) {
  %ab = add i32 %a, %b
  %abb = add i32 %ab, %b
  call void @use(i32 %abb)
  ret void
}

; Negative: a sum that folds to zero is left alone, although -b (for a + c)
; is there: (a + b) + -(b + a) stays as it is.
; CHECK-LABEL: @refuses_zero(
; CHECK:         %ab = add i32 %a, %b
; CHECK-NEXT:    %z = add i32 %ab, %c
; CHECK-NEXT:    call void @use(i32 %z)
define void @refuses_zero(i32 %a, i32 %b) {
  %nb = sub i32 0, %b
  call void @use(i32 %nb)
  %ba = add i32 %b, %a
  %c = sub i32 0, %ba
  %ab = add i32 %a, %b
  %z = add i32 %ab, %c
  call void @use(i32 %z)
  ret void
}
