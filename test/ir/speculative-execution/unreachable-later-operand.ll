; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; In unreachable code an instruction may use a value defined after it in the
; same block. Such an operand counts as staying, so its user stays too;
; upstream would hoist the user above it as well. Either is valid IR (the
; code never runs); ours keeps every hoisted instruction after its operands.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @later_operand(
; CHECK:       dead:
; CHECK-NEXT:    %y = add i32 %a, 2
; CHECK-NEXT:    br i1 %c, label %arm, label %exit
; CHECK:       arm:
; CHECK-NEXT:    %x = add i32 %y, 1
; CHECK-NEXT:    br label %exit
define void @later_operand(i32 %a, i1 %c) {
entry:
  ret void
dead:
  br i1 %c, label %arm, label %exit
arm:
  %x = add i32 %y, 1
  %y = add i32 %a, 2
  br label %exit
exit:
  ret void
}
