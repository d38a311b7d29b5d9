; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,LIMIT7 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-speculation-cost=8>' \
; RUN:     -S %s | FileCheck --check-prefixes=CHECK,LIMIT8 %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -spec-exec-max-speculation-cost=8 -S %s | FileCheck --check-prefixes=CHECK,LIMIT8 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-speculation-cost=7>' \
; RUN:     -spec-exec-max-speculation-cost=8 -S %s | FileCheck --check-prefixes=CHECK,LIMIT7 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-speculation-cost=0>' \
; RUN:     -S %s | FileCheck --check-prefixes=CHECK,LIMIT0 %s
;
; An arm whose hoisted instructions would cost more than max-speculation-cost
; (default 7, upstream's -spec-exec-max-speculation-cost) is left whole: none
; of it moves. Each i32 add costs 1 on NVPTX. The pass parameter beats the
; command-line option, which beats the default. With a limit of 0 only free
; instructions (a GEP by zero, as the target prices it) move.

target triple = "nvptx64-nvidia-cuda"

; Seven adds: exactly the default budget.
; CHECK-LABEL: @seven_adds(
; LIMIT7:      entry:
; LIMIT7-NEXT:   %r1 = add i32 %x, 1
; LIMIT7:        %r7 = add i32 %r6, 7
; LIMIT7-NEXT:   br i1 %c, label %then, label %exit
; LIMIT8:      entry:
; LIMIT8-NEXT:   %r1 = add i32 %x, 1
; LIMIT0:      then:
; LIMIT0-NEXT:   %r1 = add i32 %x, 1
define i32 @seven_adds(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %r1 = add i32 %x, 1
  %r2 = add i32 %r1, 2
  %r3 = add i32 %r2, 3
  %r4 = add i32 %r3, 4
  %r5 = add i32 %r4, 5
  %r6 = add i32 %r5, 6
  %r7 = add i32 %r6, 7
  br label %exit
exit:
  %m = phi i32 [ %r7, %then ], [ 0, %entry ]
  ret i32 %m
}

; Eight adds: one over the default budget, so nothing moves; a budget of 8
; hoists them all.
; CHECK-LABEL: @eight_adds(
; LIMIT7:      entry:
; LIMIT7-NEXT:   br i1 %c, label %then, label %exit
; LIMIT7:      then:
; LIMIT7-NEXT:   %r1 = add i32 %x, 1
; LIMIT7:        %r8 = add i32 %r7, 8
; LIMIT7-NEXT:   br label %exit
; LIMIT8:      entry:
; LIMIT8-NEXT:   %r1 = add i32 %x, 1
; LIMIT8:        %r8 = add i32 %r7, 8
; LIMIT8-NEXT:   br i1 %c, label %then, label %exit
; LIMIT8:      then:
; LIMIT8-NEXT:   br label %exit
define i32 @eight_adds(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %r1 = add i32 %x, 1
  %r2 = add i32 %r1, 2
  %r3 = add i32 %r2, 3
  %r4 = add i32 %r3, 4
  %r5 = add i32 %r4, 5
  %r6 = add i32 %r5, 6
  %r7 = add i32 %r6, 7
  %r8 = add i32 %r7, 8
  br label %exit
exit:
  %m = phi i32 [ %r8, %then ], [ 0, %entry ]
  ret i32 %m
}

; A GEP that adds nothing is free on NVPTX: it moves under any budget, even 0.
; CHECK-LABEL: @free_gep(
; CHECK:       entry:
; CHECK-NEXT:    %g = getelementptr i8, ptr %p, i64 0
; CHECK-NEXT:    br i1 %c, label %then, label %exit
define ptr @free_gep(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %g = getelementptr i8, ptr %p, i64 0
  br label %exit
exit:
  %m = phi ptr [ %g, %then ], [ null, %entry ]
  ret ptr %m
}
