; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-speculative-execution<max-speculation-cost=100;max-not-hoisted=10>' -S %s | FileCheck %s
;
; Arms longer than the first read: the pass reads an arm's instructions in
; one call, 32 at first (FIRST_ROOM), and reads it again with twice the room
; when the budgets let the plan go past them. Both reads must answer alike:
; a value computed early in the arm is still known as hoisted forty
; instructions later, and one that stays (the load) still keeps its users,
; before and after the 32nd instruction.

target triple = "nvptx64-nvidia-cuda"

; Forty chained adds, then a user of the first one: everything moves.
; CHECK-LABEL: @chain_of_forty(
; CHECK:       entry:
; CHECK-NEXT:    %a1 = add i32 %a, 1
; CHECK:         %a40 = add i32 %a39, 40
; CHECK-NEXT:    %late = mul i32 %a1, %a40
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    br label %exit
define i32 @chain_of_forty(i32 %a, i1 %c) {
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
  %a21 = add i32 %a20, 21
  %a22 = add i32 %a21, 22
  %a23 = add i32 %a22, 23
  %a24 = add i32 %a23, 24
  %a25 = add i32 %a24, 25
  %a26 = add i32 %a25, 26
  %a27 = add i32 %a26, 27
  %a28 = add i32 %a27, 28
  %a29 = add i32 %a28, 29
  %a30 = add i32 %a29, 30
  %a31 = add i32 %a30, 31
  %a32 = add i32 %a31, 32
  %a33 = add i32 %a32, 33
  %a34 = add i32 %a33, 34
  %a35 = add i32 %a34, 35
  %a36 = add i32 %a35, 36
  %a37 = add i32 %a36, 37
  %a38 = add i32 %a37, 38
  %a39 = add i32 %a38, 39
  %a40 = add i32 %a39, 40
  %late = mul i32 %a1, %a40
  br label %exit
exit:
  %r = phi i32 [ %late, %then ], [ 0, %entry ]
  ret i32 %r
}

; A load early in the arm stays, and so do its users: the one right after it
; (in the first read) and the one after forty other instructions (only in
; the second). The adds move.
; CHECK-LABEL: @load_user_after_first_read(
; CHECK:       entry:
; CHECK-NEXT:    %a1 = add i32 %a, 1
; CHECK:         %a39 = add i32 %a38, 39
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %v = load i32, ptr %p
; CHECK-NEXT:    %early = add i32 %v, 1
; CHECK-NEXT:    %late = add i32 %v, %a39
; CHECK-NEXT:    %s = add i32 %early, %late
; CHECK-NEXT:    br label %exit
define i32 @load_user_after_first_read(i32 %a, ptr %p, i1 %c) {
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
  %a20 = add i32 %a19, 20
  %a21 = add i32 %a20, 21
  %a22 = add i32 %a21, 22
  %a23 = add i32 %a22, 23
  %a24 = add i32 %a23, 24
  %a25 = add i32 %a24, 25
  %a26 = add i32 %a25, 26
  %a27 = add i32 %a26, 27
  %a28 = add i32 %a27, 28
  %a29 = add i32 %a28, 29
  %a30 = add i32 %a29, 30
  %a31 = add i32 %a30, 31
  %a32 = add i32 %a31, 32
  %a33 = add i32 %a32, 33
  %a34 = add i32 %a33, 34
  %a35 = add i32 %a34, 35
  %a36 = add i32 %a35, 36
  %a37 = add i32 %a36, 37
  %a38 = add i32 %a37, 38
  %a39 = add i32 %a38, 39
  %late = add i32 %v, %a39
  %s = add i32 %early, %late
  br label %exit
exit:
  %r = phi i32 [ %s, %then ], [ 0, %entry ]
  ret i32 %r
}
