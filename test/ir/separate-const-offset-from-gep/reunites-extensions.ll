; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Splitting sext(x +nsw (y +nsw 5)) leaves sext(x) + sext(y). Afterwards,
; walking the dominator tree in preorder, `sext a + sext b` (`-`) becomes
; `sext(a + b)` when an `add nsw a, b` (`sub nsw a, b`) dominates it and its
; poison would be undefined behaviour (so it does not overflow): fewer
; instructions, and the base is the same value as the dominating address.
; The whole function is scanned, split or not.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(float)

; p0 = &input[sext(x + y)]; p1 = &input[sext(x + (y + 5))] => &input[sext(x + y)] + 5
; (@reunion of LLVM 16's NVPTX/split-gep-and-gvn.ll).
; CHECK-LABEL: @reunion(
; CHECK:         %xy = add nsw i32 %x, %y
; CHECK:         call void @use
; CHECK-NEXT:    [[E:%.*]] = sext i32 %xy to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %input, i64 [[E]]
; V16-NEXT:      %p1 = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %p1 = getelementptr i8, ptr [[BASE]], i64 20
define void @reunion(i32 %x, i32 %y, ptr %input) {
entry:
  %xy = add nsw i32 %x, %y
  %0 = sext i32 %xy to i64
  %p0 = getelementptr inbounds float, ptr %input, i64 %0
  %v0 = load float, ptr %p0, align 4
  call void @use(float %v0)
  %y5 = add nsw i32 %y, 5
  %xy5 = add nsw i32 %x, %y5
  %1 = sext i32 %xy5 to i64
  %p1 = getelementptr inbounds float, ptr %input, i64 %1
  %v1 = load float, ptr %p1, align 4
  call void @use(float %v1)
  ret void
}

; Addition commutes: sext b + sext a matches add nsw a, b.
; CHECK-LABEL: @add_commutes(
; CHECK:         %r = sext i32 %d to i64
; CHECK-NEXT:    ret i64 %r
define i64 @add_commutes(i32 %a, i32 %b, ptr %o) {
  %d = add nsw i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sb, %sa
  ret i64 %r
}

; Subtraction does not: sext a - sext b is sext(a - b), sext b - sext a is
; its negation. LLVM 16 keys subtractions by an unordered pair and rewrites
; %wrong as sext(%d) too.
; CHECK-LABEL: @sub_keeps_operand_order(
; CHECK:         %right = sext i32 %d to i64
; CHECK-NEXT:    %wrong = sub i64 %sb, %sa
define i64 @sub_keeps_operand_order(i32 %a, i32 %b, ptr %o) {
  %d = sub nsw i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %right = sub i64 %sa, %sb
  %wrong = sub i64 %sb, %sa
  %r = add i64 %right, %wrong
  ret i64 %r
}

; An add and a sub of the same operands do not match each other (LLVM 16's
; test-add-sub-separation.ll).
; CHECK-LABEL: @add_is_not_sub(
; CHECK:         %r = add i64 %sa, %sb
define i64 @add_is_not_sub(i32 %a, i32 %b, ptr %o) {
  %d = sub nsw i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sa, %sb
  ret i64 %r
}

; The add must dominate: one in the other branch does not count.
; CHECK-LABEL: @sibling_does_not_dominate(
; CHECK:       else:
; CHECK:         %r = add i64 %sa, %sb
define i64 @sibling_does_not_dominate(i1 %c, i32 %a, i32 %b, ptr %o) {
entry:
  br i1 %c, label %then, label %else
then:
  %d = add nsw i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  ret i64 0
else:
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sa, %sb
  ret i64 %r
}

; nsw only promises something if a poison result would be undefined
; behaviour; a stored value is not (it may never be read).
; CHECK-LABEL: @poison_not_used(
; CHECK:         %r = add i64 %sa, %sb
define i64 @poison_not_used(i32 %a, i32 %b, ptr %o) {
  %d = add nsw i32 %a, %b
  store i32 %d, ptr %o
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sa, %sb
  ret i64 %r
}

; Without nsw the narrow add may wrap.
; CHECK-LABEL: @no_nsw(
; CHECK:         %r = add i64 %sa, %sb
define i64 @no_nsw(i32 %a, i32 %b, ptr %o) {
  %d = add i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sa, %sb
  ret i64 %r
}

; Vectors too.
; CHECK-LABEL: @vectors(
; CHECK:         %r = sext <2 x i32> %d to <2 x i64>
define <2 x i64> @vectors(<2 x i32> %a, <2 x i32> %b) {
  %d = add nsw <2 x i32> %a, %b
  %q = udiv <2 x i32> <i32 1, i32 1>, %d
  %sa = sext <2 x i32> %a to <2 x i64>
  %sb = sext <2 x i32> %b to <2 x i64>
  %r = add <2 x i64> %sa, %sb
  ret <2 x i64> %r
}
