; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
;
; m(m(a, b), c) with a dominating D = m(a, c) (or m(b, c)) becomes a call
; m(D, b) named <old>.nary, for smax, smin, umax and umin, whether written as
; `select (icmp p x, y), x, y` (p or its inverse, strict or not) or as the
; intrinsic. The inner m(a, b) may feed only the outer one (directly or
; through its compare); kinds never mix. Operands come in scalar evolution's
; order (an instruction before an argument), and the call is hoisted out of
; loops where its operands are invariant, as upstream's SCEVExpander does.

declare void @use(i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)

; smax via selects: D = smax(a, c) dominates smax(smax(a, b), c).
; CHECK-LABEL: @smax_selects(
; CHECK:         %d = select i1 %dc, i32 %a, i32 %c
; CHECK-NEXT:    call void @use(i32 %d)
; CHECK-NEXT:    %m.nary = call i32 @llvm.smax.i32(i32 %d, i32 %b)
; CHECK-NEXT:    call void @use(i32 %m.nary)
; CHECK-NEXT:    ret void
define void @smax_selects(i32 %a, i32 %b, i32 %c) {
  %dc = icmp sgt i32 %a, %c
  %d = select i1 %dc, i32 %a, i32 %c
  call void @use(i32 %d)
  %abc = icmp sgt i32 %a, %b
  %ab = select i1 %abc, i32 %a, i32 %b
  %mc = icmp sge i32 %ab, %c
  %m = select i1 %mc, i32 %ab, i32 %c
  call void @use(i32 %m)
  ret void
}

; smin written with the inverse predicate (x < y ? x : y == y > x ? x : y).
; CHECK-LABEL: @smin_inverse_predicate(
; CHECK:         %m.nary = call i32 @llvm.smin.i32(i32 %d, i32 %a)
define void @smin_inverse_predicate(i32 %a, i32 %b, i32 %c) {
  %dc = icmp slt i32 %b, %c
  %d = select i1 %dc, i32 %b, i32 %c
  call void @use(i32 %d)
  %abc = icmp sgt i32 %a, %b
  %ab = select i1 %abc, i32 %b, i32 %a
  %mc = icmp slt i32 %c, %ab
  %m = select i1 %mc, i32 %c, i32 %ab
  call void @use(i32 %m)
  ret void
}

; umax via selects, umin via intrinsics.
; CHECK-LABEL: @umax_selects(
; CHECK:         %m.nary = call i32 @llvm.umax.i32(i32 %d, i32 %b)
define void @umax_selects(i32 %a, i32 %b, i32 %c) {
  %dc = icmp uge i32 %c, %a
  %d = select i1 %dc, i32 %c, i32 %a
  call void @use(i32 %d)
  %abc = icmp ugt i32 %a, %b
  %ab = select i1 %abc, i32 %a, i32 %b
  %mc = icmp ugt i32 %ab, %c
  %m = select i1 %mc, i32 %ab, i32 %c
  call void @use(i32 %m)
  ret void
}

; CHECK-LABEL: @umin_intrinsics(
; CHECK:         %d = call i32 @llvm.umin.i32(i32 %c, i32 %a)
; CHECK-NEXT:    call void @use(i32 %d)
; CHECK-NEXT:    %m.nary = call i32 @llvm.umin.i32(i32 %d, i32 %b)
; CHECK-NEXT:    call void @use(i32 %m.nary)
; CHECK-NEXT:    ret void
define void @umin_intrinsics(i32 %a, i32 %b, i32 %c) {
  %d = call i32 @llvm.umin.i32(i32 %c, i32 %a)
  call void @use(i32 %d)
  %ab = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  %m = call i32 @llvm.umin.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  ret void
}

; Operand order is scalar evolution's, most complex first: values by kind
; (arguments, constants, then instructions by opcode). A leftover argument
; or load goes second...
; CHECK-LABEL: @order_load_after_d(
; CHECK:         %m.nary = call i32 @llvm.smax.i32(i32 %d, i32 %x)
define void @order_load_after_d(ptr %p, i32 %a, i32 %c) {
  %x = load i32, ptr %p
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  %ab = call i32 @llvm.smax.i32(i32 %a, i32 %x)
  %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  ret void
}

; ... a leftover select ranks above D, a call, and goes first.
; CHECK-LABEL: @order_select_before_d(
; CHECK:         %m.nary = call i32 @llvm.smax.i32(i32 %x, i32 %d)
define void @order_select_before_d(i1 %q, i32 %a, i32 %b, i32 %c) {
  %x = select i1 %q, i32 %a, i32 %b
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  %ab = call i32 @llvm.smax.i32(i32 %a, i32 %x)
  %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  ret void
}

; Loop-invariant operands: the new smax goes to the preheader.
; CHECK-LABEL: @hoists_out_of_loop(
; CHECK:       entry:
; CHECK:         %m.nary = call i32 @llvm.smax.i32(i32 %d, i32 %b)
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     @llvm.smax
; CHECK:         call void @use(i32 %m.nary)
define void @hoists_out_of_loop(i32 %a, i32 %b, i32 %c, i32 %n) {
entry:
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %ab = call i32 @llvm.smax.i32(i32 %b, i32 %a)
  %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A loop-variant operand keeps the call in the loop.
; CHECK-LABEL: @stays_in_loop(
; CHECK:       loop:
; CHECK:         %m.nary = call i32 @llvm.smax.i32(i32 %d, i32 %i)
define void @stays_in_loop(i32 %a, i32 %c, i32 %n) {
entry:
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %ab = call i32 @llvm.smax.i32(i32 %i, i32 %a)
  %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Negative: the inner max has another user.
; CHECK-LABEL: @refuses_shared_inner(
; CHECK:         %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
define void @refuses_shared_inner(i32 %a, i32 %b, i32 %c) {
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  %ab = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  call void @use(i32 %ab)
  %m = call i32 @llvm.smax.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  ret void
}

; Negative: D does not dominate.
; CHECK-LABEL: @refuses_non_dominating(
; CHECK:       join:
; CHECK-NEXT:    %ab = call i32 @llvm.umin.i32(i32 %a, i32 %b)
; CHECK-NEXT:    %m = call i32 @llvm.umin.i32(i32 %ab, i32 %c)
define void @refuses_non_dominating(i32 %a, i32 %b, i32 %c, i1 %p) {
entry:
  br i1 %p, label %then, label %join
then:
  %d = call i32 @llvm.umin.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  br label %join
join:
  %ab = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  %m = call i32 @llvm.umin.i32(i32 %ab, i32 %c)
  call void @use(i32 %m)
  ret void
}

; Negative: smax(umax(a, b), c) is not a three-way smax.
; CHECK-LABEL: @refuses_mixed_kinds(
; CHECK:         %m = select i1 %mc, i32 %ab, i32 %c
define void @refuses_mixed_kinds(i32 %a, i32 %b, i32 %c) {
  %d = call i32 @llvm.smax.i32(i32 %a, i32 %c)
  call void @use(i32 %d)
  %abc = icmp ugt i32 %a, %b
  %ab = select i1 %abc, i32 %a, i32 %b
  %mc = icmp sgt i32 %ab, %c
  %m = select i1 %mc, i32 %ab, i32 %c
  call void @use(i32 %m)
  ret void
}

; Negative: pointer maxima are not handled (upstream: integers only).
; CHECK-LABEL: @refuses_pointers(
; CHECK:         %m = select i1 %mc, ptr %ab, ptr %c
define ptr @refuses_pointers(ptr %a, ptr %b, ptr %c) {
  %dc = icmp ugt ptr %a, %c
  %d = select i1 %dc, ptr %a, ptr %c
  %abc = icmp ugt ptr %a, %b
  %ab = select i1 %abc, ptr %a, ptr %b
  %mc = icmp ugt ptr %ab, %c
  %m = select i1 %mc, ptr %ab, ptr %c
  %r = select i1 %dc, ptr %d, ptr %m
  ret ptr %r
}
