; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: sed 's/x86_64-unknown-linux-gnu/nvptx64-nvidia-cuda/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S \
; RUN:   | FileCheck --check-prefix=NVPTX %s
;
; A GEP that folds into the target's addressing mode costs nothing, so it is
; not split (upstream's isGEPFoldable, TTI::getGEPCost == TCC_Free). x86-64
; addresses [base + 4*index] directly; NVPTX has only [reg+imm], so the same
; function is rewritten there.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(ptr)

; CHECK-LABEL: @scaled_index(
; CHECK:         %ij = add i64 %i, %j
; CHECK-NEXT:    %g = getelementptr float, ptr %p, i64 %ij
; NVPTX-LABEL: @scaled_index(
; NVPTX:         %g = getelementptr float, ptr %d, i64 %j
define void @scaled_index(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr float, ptr %p, i64 %i
  call void @use(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr float, ptr %p, i64 %ij
  call void @use(ptr %g)
  ret void
}

; Two variable indices need two scaled registers: not foldable on x86 either.
; CHECK-LABEL: @two_variable_indices(
; CHECK:         [[J:%.*]] = mul i64 %j, 16
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[J]]
define void @two_variable_indices(ptr %p, i64 %i, i64 %j, i64 %k) {
  %d = getelementptr [16 x float], ptr %p, i64 %i, i64 %k
  call void @use(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr [16 x float], ptr %p, i64 %ij, i64 %k
  call void @use(ptr %g)
  ret void
}
