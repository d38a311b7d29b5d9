; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
;
; `&A[sext(i + j)]` after `&A[zext(i)]`, i known non-negative (InstCombine
; writes sext of a non-negative value as zext), in GEPs with a narrower (i32)
; index beside an i64 one, split at either position: the pass looks for the
; dominating GEP with the zext form of i and reuses it. The pass extends i to
; the width of the index it splits; ScalarEvolution folds the extensions of a
; non-negative value, so here extending to the pointer's index width would
; give the same key (a mutant doing so passes too): what this pins is the
; reuse itself, at both positions. LLVM 16 agrees on these inputs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)

; CHECK-LABEL: @second_index_narrower(
; CHECK:         %d = getelementptr [64 x float], ptr %p, i64 %row, i32 %ie
; CHECK:         [[J:%.*]] = sext i16 %j to i64
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[J]]
define void @second_index_narrower(ptr %p, i64 %row, i16 %x, i16 %j) {
  %i = and i16 %x, 255
  %ie = zext i16 %i to i32
  %d = getelementptr [64 x float], ptr %p, i64 %row, i32 %ie
  call void @use(ptr %d)
  %s = add nsw i16 %i, %j
  %se = sext i16 %s to i32
  %g = getelementptr [64 x float], ptr %p, i64 %row, i32 %se
  call void @use(ptr %g)
  ret void
}

; The split index is the first one: D is reused, j scaled by the row length.
; CHECK-LABEL: @first_index_narrower(
; CHECK:         %d = getelementptr [64 x float], ptr %p, i32 %ie, i64 %col
; CHECK:         [[J:%.*]] = sext i16 %j to i64
; CHECK-NEXT:    [[ROWS:%.*]] = mul i64 [[J]], 64
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[ROWS]]
define void @first_index_narrower(ptr %p, i64 %col, i16 %x, i16 %j) {
  %i = and i16 %x, 255
  %ie = zext i16 %i to i32
  %d = getelementptr [64 x float], ptr %p, i32 %ie, i64 %col
  call void @use(ptr %d)
  %s = add nsw i16 %i, %j
  %se = sext i16 %s to i32
  %g = getelementptr [64 x float], ptr %p, i32 %se, i64 %col
  call void @use(ptr %g)
  ret void
}

; Without the non-negative fact (no `and`), the zext form is not sought and
; the GEP is left alone.
; CHECK-LABEL: @not_known_non_negative(
; CHECK:         %g = getelementptr [64 x float], ptr %p, i64 %row, i32 %se
define void @not_known_non_negative(ptr %p, i64 %row, i16 %i, i16 %j) {
  %ie = zext i16 %i to i32
  %d = getelementptr [64 x float], ptr %p, i64 %row, i32 %ie
  call void @use(ptr %d)
  %s = add nsw i16 %i, %j
  %se = sext i16 %s to i32
  %g = getelementptr [64 x float], ptr %p, i64 %row, i32 %se
  call void @use(ptr %g)
  ret void
}
