; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Blocks are visited in reverse post-order, not in function order: the GEP
; a base is computed from is split first, wherever its block sits, so from
; LLVM 18 on its constant reaches the GEP based on it
; (absorbs-constant-offset-base.ll). Here block %c comes before %b in the
; function but after it in the CFG.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @chain_across_blocks(
; CHECK:       c:
; V16-NEXT:      [[B2:%.*]] = getelementptr i32, ptr %q1, i64 %j
; V16-NEXT:      %q2 = getelementptr i32, ptr [[B2]], i64 3
; V22-NEXT:      [[B2:%.*]] = getelementptr i32, ptr [[B1:%.*]], i64 %j
; V22-NEXT:      %q2 = getelementptr i8, ptr [[B2]], i64 20
; CHECK:       b:
; V16-NEXT:      [[B1:%.*]] = getelementptr i32, ptr %p, i64 %i
; V16-NEXT:      %q1 = getelementptr i32, ptr [[B1]], i64 2
; V22-NEXT:      [[B1]] = getelementptr i32, ptr %p, i64 %i
; V22-NEXT:      br label %c
define ptr @chain_across_blocks(ptr %p, i64 %i, i64 %j) {
a:
  br label %b
c:
  %a2 = add i64 %j, 3
  %q2 = getelementptr i32, ptr %q1, i64 %a2
  br label %d
b:
  %a1 = add i64 %i, 2
  %q1 = getelementptr i32, ptr %p, i64 %a1
  br label %c
d:
  ret ptr %q2
}
