; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; Which arms are hoisted from (upstream's runOnBasicBlock): the arm of an
; if-then, whether it sits on the true or false side (triangle), and the
; working arm of a diamond whose other arm does nothing. Refused: a diamond
; whose arms both work (both would then always run), an arm reached from
; another block too, a loop back to the branching block, a branch whose two
; successors are one block, and switches.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @triangle_true_side(
; CHECK:       entry:
; CHECK-NEXT:    %x = add i32 %a, 1
; CHECK-NEXT:    br i1 %c
define i32 @triangle_true_side(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %x = add i32 %a, 1
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %entry ]
  ret i32 %r
}

; CHECK-LABEL: @triangle_false_side(
; CHECK:       entry:
; CHECK-NEXT:    %x = add i32 %a, 1
; CHECK-NEXT:    br i1 %c
define i32 @triangle_false_side(i32 %a, i1 %c) {
entry:
  br i1 %c, label %exit, label %else
else:
  %x = add i32 %a, 1
  br label %exit
exit:
  %r = phi i32 [ %x, %else ], [ 0, %entry ]
  ret i32 %r
}

; CHECK-LABEL: @diamond_empty_else(
; CHECK:       entry:
; CHECK-NEXT:    %x = add i32 %a, 1
; CHECK-NEXT:    br i1 %c
define i32 @diamond_empty_else(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %x = add i32 %a, 1
  br label %exit
else:
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %else ]
  ret i32 %r
}

; CHECK-LABEL: @diamond_empty_then(
; CHECK:       entry:
; CHECK-NEXT:    %y = mul i32 %a, 3
; CHECK-NEXT:    br i1 %c
define i32 @diamond_empty_then(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  br label %exit
else:
  %y = mul i32 %a, 3
  br label %exit
exit:
  %r = phi i32 [ 0, %then ], [ %y, %else ]
  ret i32 %r
}

; Both arms work: neither moves.
; CHECK-LABEL: @diamond_both_work(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c
; CHECK:       then:
; CHECK-NEXT:    %x = add i32 %a, 1
; CHECK:       else:
; CHECK-NEXT:    %y = mul i32 %a, 3
define i32 @diamond_both_work(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %x = add i32 %a, 1
  br label %exit
else:
  %y = mul i32 %a, 3
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ %y, %else ]
  ret i32 %r
}

; %then is also reached from %other: it is not %entry's alone.
; CHECK-LABEL: @arm_with_two_predecessors(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c
; CHECK:       then:
; CHECK-NEXT:    %x = add i32 %a, 1
define i32 @arm_with_two_predecessors(i32 %a, i1 %c, i1 %d) {
entry:
  br i1 %c, label %then, label %other
other:
  br i1 %d, label %then, label %exit
then:
  %x = add i32 %a, 1
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %other ]
  ret i32 %r
}

; The diamond's arms lead back to the branching block: a loop, left alone.
; CHECK-LABEL: @diamond_back_to_branch(
; CHECK:       head:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %done = icmp
; CHECK-NEXT:    br i1 %done, label %body, label %skip
; CHECK:       body:
; CHECK-NEXT:    %n = add i32 %i, 1
define void @diamond_back_to_branch(i32 %a) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %n, %body ], [ %i, %skip ]
  %done = icmp eq i32 %i, %a
  br i1 %done, label %body, label %skip
body:
  %n = add i32 %i, 1
  br label %head
skip:
  br label %head
}

; A block branching to itself is not an arm.
; CHECK-LABEL: @self_loop(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %n = add i32 %i, 1
; CHECK-NEXT:    %again = icmp
define void @self_loop(i32 %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %again = icmp ult i32 %n, %a
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; Both successors are one block.
; CHECK-LABEL: @same_successor_twice(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %then
; CHECK:       then:
; CHECK-NEXT:    %x = add i32 %a, 1
define i32 @same_successor_twice(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %then
then:
  %x = add i32 %a, 1
  ret i32 %x
}

; A switch is not a branch.
; CHECK-LABEL: @switch_arm(
; CHECK:       entry:
; CHECK-NEXT:    switch i32 %s
; CHECK:       then:
; CHECK-NEXT:    %x = add i32 %a, 1
define i32 @switch_arm(i32 %a, i32 %s) {
entry:
  switch i32 %s, label %exit [ i32 0, label %then ]
then:
  %x = add i32 %a, 1
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %entry ]
  ret i32 %r
}

; Nested ifs: %inner's add moves into %then; %then ends in a conditional
; branch, so it is no arm of %entry and the add goes no further.
; CHECK-LABEL: @nested_if(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c
; CHECK:       then:
; CHECK-NEXT:    %y = add i32 %a, 2
; CHECK-NEXT:    br i1 %d, label %inner, label %exit
; CHECK:       inner:
; CHECK-NEXT:    br label %exit
define i32 @nested_if(i32 %a, i1 %c, i1 %d) {
entry:
  br i1 %c, label %then, label %exit
then:
  br i1 %d, label %inner, label %exit
inner:
  %y = add i32 %a, 2
  br label %exit
exit:
  %r = phi i32 [ %y, %inner ], [ 0, %then ], [ 1, %entry ]
  ret i32 %r
}
