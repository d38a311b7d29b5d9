; RUN: opt -load-pass-plugin=%plugin -debug-pass-manager -disable-output %s \
; RUN:   -passes='function(require<scalar-evolution>,gpucc-speculative-execution,require<scalar-evolution>)' \
; RUN:   2>&1 | FileCheck %s
;
; The pass says "changed" only when it moved something. Upstream says so
; whenever it looked at an arm within budget, even if every instruction
; stayed, and the analyses it does not preserve are thrown away for nothing.
; Here the arm of @nothing_moves holds only a load: it is within budget, and
; nothing moves, so ScalarEvolution survives; in @something_moves the add
; moves and it is invalidated and computed again.

target triple = "nvptx64-nvidia-cuda"

; CHECK:      Running analysis: ScalarEvolutionAnalysis on nothing_moves
; CHECK-NOT:  Invalidating analysis: ScalarEvolutionAnalysis on nothing_moves
; CHECK-NOT:  Running analysis: ScalarEvolutionAnalysis on nothing_moves
; CHECK:      Running analysis: ScalarEvolutionAnalysis on something_moves
; CHECK:      Invalidating analysis: ScalarEvolutionAnalysis on something_moves
; CHECK:      Running analysis: ScalarEvolutionAnalysis on something_moves

define i32 @nothing_moves(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %v = load i32, ptr %p
  br label %exit
exit:
  %r = phi i32 [ %v, %then ], [ 0, %entry ]
  ret i32 %r
}

define i32 @something_moves(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %x = add i32 %a, 1
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %entry ]
  ret i32 %r
}
