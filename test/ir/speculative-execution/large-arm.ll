; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-speculative-execution<max-speculation-cost=100;max-not-hoisted=10>' -S %s | FileCheck %s
;
; Arms with more than sixteen instructions: the pass remembers which
; instructions of an arm move in a short list and switches to a map past
; sixteen (Fates::SMALL). Both must answer alike: a value computed early in
; the arm is still known as hoisted twenty instructions later, and one that
; stays (the load) still keeps its users, before and after the switch.

target triple = "nvptx64-nvidia-cuda"

; Twenty chained adds, then a user of the first one: everything moves.
; CHECK-LABEL: @chain_of_twenty(
; CHECK:       entry:
; CHECK-NEXT:    %a1 = add i32 %a, 1
; CHECK:         %a20 = add i32 %a19, 20
; CHECK-NEXT:    %late = mul i32 %a1, %a20
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    br label %exit
define i32 @chain_of_twenty(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %a1 = add i32 %a, 1
  %a2 = add i32 %a1, 2
  %a3 = add i32 %a2, 3
  %a4 = add i32 %a3, 4
  %a5 = add i32 %a4, 5
  %a6 = add i32 %a5, 6
  %a7 = add i32 %a6, 7
  %a8 = add i32 %a7, 8
  %a9 = add i32 %a8, 9
  %a10 = add i32 %a9, 10
  %a11 = add i32 %a10, 11
  %a12 = add i32 %a11, 12
  %a13 = add i32 %a12, 13
  %a14 = add i32 %a13, 14
  %a15 = add i32 %a14, 15
  %a16 = add i32 %a15, 16
  %a17 = add i32 %a16, 17
  %a18 = add i32 %a17, 18
  %a19 = add i32 %a18, 19
  %a20 = add i32 %a19, 20
  %late = mul i32 %a1, %a20
  br label %exit
exit:
  %r = phi i32 [ %late, %then ], [ 0, %entry ]
  ret i32 %r
}

; A load early in the arm stays, and so do its users: the one right after it
; (list) and the one after twenty other instructions (map). The adds move.
; CHECK-LABEL: @load_user_after_switch(
; CHECK:       entry:
; CHECK-NEXT:    %a1 = add i32 %a, 1
; CHECK:         %a19 = add i32 %a18, 19
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %v = load i32, ptr %p
; CHECK-NEXT:    %early = add i32 %v, 1
; CHECK-NEXT:    %late = add i32 %v, %a19
; CHECK-NEXT:    %s = add i32 %early, %late
; CHECK-NEXT:    br label %exit
define i32 @load_user_after_switch(i32 %a, ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %v = load i32, ptr %p
  %early = add i32 %v, 1
  %a1 = add i32 %a, 1
  %a2 = add i32 %a1, 2
  %a3 = add i32 %a2, 3
  %a4 = add i32 %a3, 4
  %a5 = add i32 %a4, 5
  %a6 = add i32 %a5, 6
  %a7 = add i32 %a6, 7
  %a8 = add i32 %a7, 8
  %a9 = add i32 %a8, 9
  %a10 = add i32 %a9, 10
  %a11 = add i32 %a10, 11
  %a12 = add i32 %a11, 12
  %a13 = add i32 %a12, 13
  %a14 = add i32 %a13, 14
  %a15 = add i32 %a14, 15
  %a16 = add i32 %a15, 16
  %a17 = add i32 %a16, 17
  %a18 = add i32 %a17, 18
  %a19 = add i32 %a18, 19
  %late = add i32 %v, %a19
  %s = add i32 %early, %late
  br label %exit
exit:
  %r = phi i32 [ %s, %then ], [ 0, %entry ]
  ret i32 %r
}
