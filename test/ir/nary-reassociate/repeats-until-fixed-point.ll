; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-analysis=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=STATS %s
;
; A round deletes what it replaced only at its end, and an operand with two
; uses is never split. So a rewrite can make a later one possible: rounds
; repeat until one changes nothing.

declare void @use(i32)

; Round 1: %xy has two uses, so %xyz = %xy + z is left alone; %xy2z =
; (%xy + y) + z becomes %xyz + y, and %xy2 dies. Round 2: %xy has one use
; now, and %xyz = %xy + z becomes %xz + y. Round 3 changes nothing.
; CHECK-LABEL: @needs_two_rounds(
; CHECK:         %xz = add i32 %x, %z
; CHECK-NEXT:    call void @use(i32 %xz)
; CHECK-NEXT:    %xyz = add i32 %xz, %y
; CHECK-NEXT:    call void @use(i32 %xyz)
; CHECK-NEXT:    %xy2z = add i32 %xyz, %y
; CHECK-NEXT:    call void @use(i32 %xy2z)
; CHECK-NEXT:    ret void
; STATS: remark: {{.*}}@needs_two_rounds: 2 reassociated (2 add, 0 mul, 0 GEP, 0 min/max) in 3 rounds
define void @needs_two_rounds(i32 %x, i32 %y, i32 %z) {
  %xz = add i32 %x, %z
  call void @use(i32 %xz)
  %xy = add i32 %x, %y
  %xyz = add i32 %xy, %z
  call void @use(i32 %xyz)
  %xy2 = add i32 %xy, %y
  %xy2z = add i32 %xy2, %z
  call void @use(i32 %xy2z)
  ret void
}

; Nothing to do: one round, and the function is reported unchanged.
; CHECK-LABEL: @one_round(
; CHECK-NEXT:    %s = add i32 %x, %y
; STATS-NOT: @one_round
define i32 @one_round(i32 %x, i32 %y) {
  %s = add i32 %x, %y
  ret i32 %s
}
