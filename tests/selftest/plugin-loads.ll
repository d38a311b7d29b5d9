; Harness self-test: the plugin loads into LLVM 16's opt and leaves IR alone under `verify`.
; RUN: %gpucc -S -passes=verify %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -disable-output -passes=verify %s

; CHECK-LABEL: @unchanged(
; CHECK-NEXT:    %a = add i32 %x, 1
; CHECK-NEXT:    ret i32 %a
define i32 @unchanged(i32 %x) {
  %a = add i32 %x, 1
  ret i32 %a
}
