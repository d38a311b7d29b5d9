; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; One instruction may be several candidates, each with its own basis; the
; cheapest rewrite wins (LLVM 22's cost model). d = 8s + 1 is a = s + 1 plus
; 7s (an index delta: a multiply and an add, no cheaper than d) or c = 8s + 3
; minus 2 (a base delta: one add of a constant). LLVM 16's model has the
; first only, which does not pay (unchanged on LLVM 16).

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; CHECK-LABEL: @constant_delta_beats_index_delta(
; V16:           %d = add i32 %s8, 1
; V22:           %d = add i32 %c, -2
define i32 @constant_delta_beats_index_delta(i32 %s) {
  %a = add i32 %s, 1
  call void @use(i32 %a)
  %s8 = shl i32 %s, 3
  %c = add i32 %s8, 3
  call void @use(i32 %c)
  %d = add i32 %s8, 1
  ret i32 %d
}
