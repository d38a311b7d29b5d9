; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The constant of an `add`, a `sub` (on either side) or an `or` that is an
; add leaves the index: the GEP becomes a variadic base (no inbounds: it may
; leave the object) plus a constant GEP. On LLVM 16 an `or` is an add when
; its operands have no common bit; from LLVM 18 on only when it is marked
; `disjoint` (as upstream, llvm/llvm-project#76997; or-is-add-when-disjoint.ll).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; p[i + 5] => &p[i] + 5
; CHECK-LABEL: @add_constant(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 20
; CHECK-NEXT:    ret ptr %q
define ptr @add_constant(ptr %p, i64 %i) {
  %j = add i64 %i, 5
  %q = getelementptr inbounds float, ptr %p, i64 %j
  ret ptr %q
}

; The constant on the left works too.
; CHECK-LABEL: @add_constant_on_the_left(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 7
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 28
define ptr @add_constant_on_the_left(ptr %p, i64 %i) {
  %j = add i64 7, %i
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; p[i - 3] => &p[i] - 3
; CHECK-LABEL: @sub_constant(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 -3
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 -12
define ptr @sub_constant(ptr %p, i64 %i) {
  %j = sub i64 %i, 3
  %q = getelementptr inbounds float, ptr %p, i64 %j
  ret ptr %q
}

; p[7 - i] => &p[0 - i] + 7
; CHECK-LABEL: @sub_from_constant(
; CHECK-NEXT:    [[J:%.*]] = sub i64 0, %i
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[J]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 7
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 28
define ptr @sub_from_constant(ptr %p, i64 %i) {
  %j = sub i64 7, %i
  %q = getelementptr inbounds float, ptr %p, i64 %j
  ret ptr %q
}

; p[a - (b + 4)] => &p[a - b] - 4: the constant under the right side of a
; sub is negated.
; CHECK-LABEL: @constant_under_sub(
; CHECK-NEXT:    [[J:%.*]] = sub i64 %a, %b
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[J]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 -4
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 -16
define ptr @constant_under_sub(ptr %p, i64 %a, i64 %b) {
  %b4 = add i64 %b, 4
  %j = sub i64 %a, %b4
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; (i << 2) | 3 has no common bit with 3: an add, rebuilt as one (LLVM 16).
; CHECK-LABEL: @or_without_common_bits(
; CHECK-NEXT:    %s = shl i64 %i, 2
; V16-NEXT:      [[BASE:%.*]] = getelementptr float, ptr %p, i64 %s
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 3
; V22-NEXT:      %j = or i64 %s, 3
; V22-NEXT:      %q = getelementptr float, ptr %p, i64 %j
define ptr @or_without_common_bits(ptr %p, i64 %i) {
  %s = shl i64 %i, 2
  %j = or i64 %s, 3
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; An `or` nested under an add is rebuilt as an add: ((s + 12) | 1) with s
; a multiple of 4 is s + 1 + 12, not (s | 1) + 12 spelled as an or.
; CHECK-LABEL: @or_under_add_becomes_add(
; CHECK-NEXT:    %s = shl i64 %i, 2
; V16-NEXT:      [[O:%.*]] = add i64 %s, 1
; V16-NEXT:      [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[O]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 12
; V22-NEXT:      %a = add i64 %s, 12
; V22-NEXT:      %o = or i64 %a, 1
; V22-NEXT:      %q = getelementptr float, ptr %p, i64 %o
define ptr @or_under_add_becomes_add(ptr %p, i64 %i) {
  %s = shl i64 %i, 2
  %a = add i64 %s, 12
  %o = or i64 %a, 1
  %q = getelementptr float, ptr %p, i64 %o
  ret ptr %q
}

; i | 3 may share bits with 3: not an add, nothing moves.
; CHECK-LABEL: @or_with_common_bits_refused(
; CHECK-NEXT:    %j = or i64 %i, 3
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %j
; CHECK-NEXT:    ret ptr %q
define ptr @or_with_common_bits_refused(ptr %p, i64 %i) {
  %j = or i64 %i, 3
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; Other operators are not looked into: (i + 5) * 2 keeps its 5.
; CHECK-LABEL: @mul_refused(
; CHECK-NEXT:    %a = add i64 %i, 5
; CHECK-NEXT:    %j = mul i64 %a, 2
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %j
define ptr @mul_refused(ptr %p, i64 %i) {
  %a = add i64 %i, 5
  %j = mul i64 %a, 2
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; (a + 4) + (b + 5): the left operand's constant is taken, the right one
; stays (InstCombine has normally folded both into one already).
; CHECK-LABEL: @left_operand_first(
; CHECK-NEXT:    %b5 = add i64 %b, 5
; CHECK-NEXT:    [[J:%.*]] = add i64 %a, %b5
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[J]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 4
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 16
define ptr @left_operand_first(ptr %p, i64 %a, i64 %b) {
  %a4 = add i64 %a, 4
  %b5 = add i64 %b, 5
  %j = add i64 %a4, %b5
  %q = getelementptr float, ptr %p, i64 %j
  ret ptr %q
}

; `b + 5` has another user: it stays, the index is rebuilt beside it.
; CHECK-LABEL: @shared_subexpression_stays(
; CHECK-NEXT:    %b5 = add i64 %b, 5
; CHECK-NEXT:    [[J:%.*]] = add i64 %b, %a
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[J]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 20
; CHECK-NEXT:    store i64 %b5, ptr %out
define ptr @shared_subexpression_stays(ptr %p, i64 %a, i64 %b, ptr %out) {
  %b5 = add i64 %b, 5
  %j = add i64 %b5, %a
  %q = getelementptr float, ptr %p, i64 %j
  store i64 %b5, ptr %out
  ret ptr %q
}
