; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,LIMIT5 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted=6>' \
; RUN:     -S %s | FileCheck --check-prefixes=CHECK,LIMIT6 %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -spec-exec-max-not-hoisted=6 -S %s | FileCheck --check-prefixes=CHECK,LIMIT6 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted=5>' \
; RUN:     -spec-exec-max-not-hoisted=6 -S %s | FileCheck --check-prefixes=CHECK,LIMIT5 %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted=0>' \
; RUN:     -S %s | FileCheck --check-prefixes=CHECK,LIMIT0 %s
;
; Speculating a little out of a big arm rarely pays: when more than
; max-not-hoisted instructions (default 5, upstream's -spec-exec-max-not-hoisted)
; would stay behind, nothing moves. As upstream, the arm's branch counts as
; one that stays, so the default allows four others; a limit of 0 turns the
; pass off. The pass parameter beats the option, which beats the default.

target triple = "nvptx64-nvidia-cuda"

; Four loads and the branch stay: five, within the default.
; CHECK-LABEL: @four_left_behind(
; LIMIT5:      entry:
; LIMIT5-NEXT:   %k = add i32 %x, 1
; LIMIT5-NEXT:   br i1 %c, label %then, label %exit
; LIMIT6:      entry:
; LIMIT6-NEXT:   %k = add i32 %x, 1
; LIMIT0:      entry:
; LIMIT0-NEXT:   br i1 %c, label %then, label %exit
; LIMIT0:      then:
; LIMIT0-NEXT:   %k = add i32 %x, 1
define void @four_left_behind(ptr %p, i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %k = add i32 %x, 1
  %l1 = load volatile i32, ptr %p
  %l2 = load volatile i32, ptr %p
  %l3 = load volatile i32, ptr %p
  store i32 %k, ptr %p
  br label %exit
exit:
  ret void
}

; Five loads and the branch: six, one too many for the default.
; CHECK-LABEL: @five_left_behind(
; LIMIT5:      entry:
; LIMIT5-NEXT:   br i1 %c, label %then, label %exit
; LIMIT5:      then:
; LIMIT5-NEXT:   %k = add i32 %x, 1
; LIMIT6:      entry:
; LIMIT6-NEXT:   %k = add i32 %x, 1
; LIMIT6-NEXT:   br i1 %c, label %then, label %exit
; LIMIT6:      then:
; LIMIT6-NEXT:   %l1 = load volatile i32, ptr %p
define void @five_left_behind(ptr %p, i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %k = add i32 %x, 1
  %l1 = load volatile i32, ptr %p
  %l2 = load volatile i32, ptr %p
  %l3 = load volatile i32, ptr %p
  %l4 = load volatile i32, ptr %p
  store i32 %k, ptr %p
  br label %exit
exit:
  ret void
}

; Users of a value that stays stay too, and count.
; CHECK-LABEL: @users_count(
; LIMIT5:      entry:
; LIMIT5-NEXT:   br i1 %c, label %then, label %exit
; LIMIT6:      entry:
; LIMIT6-NEXT:   %k = add i32 %x, 1
; LIMIT6-NEXT:   br i1 %c, label %then, label %exit
; LIMIT6:      then:
; LIMIT6-NEXT:   %l = load i32, ptr %p
; LIMIT6-NEXT:   %u1 = add i32 %l, 1
define void @users_count(ptr %p, i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %k = add i32 %x, 1
  %l = load i32, ptr %p
  %u1 = add i32 %l, 1
  %u2 = add i32 %u1, 1
  %u3 = add i32 %u2, %k
  store i32 %u3, ptr %p
  br label %exit
exit:
  ret void
}
