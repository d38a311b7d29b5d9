; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The search for a constant tries the left operand, then the right one: on
; shared subexpressions that is exponential (LLVM 16 takes 2^40 steps on
; this index and never finishes). We visit at most 4096 values per index;
; constants are free, so the 5 at the top is still found.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @dag_index(
; CHECK:         %a40 = add i64 %a39, %a39
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 %a40
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 20
define ptr @dag_index(ptr %p, i64 %x) {
  %a0 = add i64 %x, %x
  %a1 = add i64 %a0, %a0
  %a2 = add i64 %a1, %a1
  %a3 = add i64 %a2, %a2
  %a4 = add i64 %a3, %a3
  %a5 = add i64 %a4, %a4
  %a6 = add i64 %a5, %a5
  %a7 = add i64 %a6, %a6
  %a8 = add i64 %a7, %a7
  %a9 = add i64 %a8, %a8
  %a10 = add i64 %a9, %a9
  %a11 = add i64 %a10, %a10
  %a12 = add i64 %a11, %a11
  %a13 = add i64 %a12, %a12
  %a14 = add i64 %a13, %a13
  %a15 = add i64 %a14, %a14
  %a16 = add i64 %a15, %a15
  %a17 = add i64 %a16, %a16
  %a18 = add i64 %a17, %a17
  %a19 = add i64 %a18, %a18
  %a20 = add i64 %a19, %a19
  %a21 = add i64 %a20, %a20
  %a22 = add i64 %a21, %a21
  %a23 = add i64 %a22, %a22
  %a24 = add i64 %a23, %a23
  %a25 = add i64 %a24, %a24
  %a26 = add i64 %a25, %a25
  %a27 = add i64 %a26, %a26
  %a28 = add i64 %a27, %a27
  %a29 = add i64 %a28, %a28
  %a30 = add i64 %a29, %a29
  %a31 = add i64 %a30, %a30
  %a32 = add i64 %a31, %a31
  %a33 = add i64 %a32, %a32
  %a34 = add i64 %a33, %a33
  %a35 = add i64 %a34, %a34
  %a36 = add i64 %a35, %a35
  %a37 = add i64 %a36, %a36
  %a38 = add i64 %a37, %a37
  %a39 = add i64 %a38, %a38
  %a40 = add i64 %a39, %a39
  %i = add i64 %a40, 5
  %q = getelementptr float, ptr %p, i64 %i
  ret ptr %q
}
