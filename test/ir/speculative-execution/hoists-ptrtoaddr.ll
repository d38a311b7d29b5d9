; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; LLVM 22's ptrtoaddr (the address of a pointer, without its provenance) is a
; cast like ptrtoint, and is speculated like one. LLVM 16 has no such
; instruction.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @ptrtoaddr_moves(
; CHECK:       entry:
; CHECK-NEXT:    %a = ptrtoaddr ptr %p to i64
; CHECK-NEXT:    %i = ptrtoint ptr %p to i64
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    store i64 %a, ptr %q
define void @ptrtoaddr_moves(ptr %p, ptr %q, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %a = ptrtoaddr ptr %p to i64
  %i = ptrtoint ptr %p to i64
  store i64 %a, ptr %q
  store i64 %i, ptr %q
  br label %exit
exit:
  ret void
}
