; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
;
; Scalar evolution reads `or disjoint %i, %j` as the add i + j, so a GEP
; indexed by it computes the same expression as one indexed by `add %i, %j`.
; But reusing it is no add: dropping `disjoint` (the flag that would make it
; poison where the add is fine) leaves an `or`, which differs from the add
; whenever i and j share a bit. So the dominating GEP is not reused, and the
; `or` keeps its flag. An `add nsw` in the same place is reused without its
; flag (@add_is_reused).

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)

; CHECK-LABEL: @or_disjoint_is_not_reused(
; CHECK:         %or = or disjoint i64 %i, %j
; CHECK:         %v3 = getelementptr float, ptr %a, i64 %add2
define void @or_disjoint_is_not_reused(ptr %a, i64 %i, i64 %j, i64 %k) {
  %or = or disjoint i64 %i, %j
  %v2 = getelementptr float, ptr %a, i64 %or
  call void @use(ptr %v2)
  %add1 = add i64 %i, %j
  %add2 = add i64 %add1, %k
  %v3 = getelementptr float, ptr %a, i64 %add2
  call void @use(ptr %v3)
  ret void
}

; CHECK-LABEL: @add_is_reused(
; CHECK:         %add0 = add i64 %i, %j
; CHECK:         %v3 = getelementptr float, ptr %v2, i64 %k
define void @add_is_reused(ptr %a, i64 %i, i64 %j, i64 %k) {
  %add0 = add nsw i64 %i, %j
  %v2 = getelementptr float, ptr %a, i64 %add0
  call void @use(ptr %v2)
  %add1 = add i64 %i, %j
  %add2 = add i64 %add1, %k
  %v3 = getelementptr float, ptr %a, i64 %add2
  call void @use(ptr %v3)
  ret void
}
