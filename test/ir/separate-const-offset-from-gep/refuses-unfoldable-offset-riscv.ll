; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The addressing-mode check comes from the target, not from a GPU table:
; RISC-V loads take a 12-bit signed immediate.

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n64-S128"
target triple = "riscv64-unknown-elf"

; CHECK-LABEL: @fits_12_bits(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr i64, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr i64, ptr [[BASE]], i64 255
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 2040
define ptr @fits_12_bits(ptr %p, i64 %i) {
  %a = add i64 %i, 255
  %q = getelementptr inbounds i64, ptr %p, i64 %a
  ret ptr %q
}

; CHECK-LABEL: @does_not_fit(
; CHECK-NEXT:    %a = add i64 %i, 256
; CHECK-NEXT:    %q = getelementptr inbounds i64, ptr %p, i64 %a
define ptr @does_not_fit(ptr %p, i64 %i) {
  %a = add i64 %i, 256
  %q = getelementptr inbounds i64, ptr %p, i64 %a
  ret ptr %q
}

; CHECK-LABEL: @negative_fits(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr i64, ptr %p, i64 %i
; V16-NEXT:      %q = getelementptr i64, ptr [[BASE]], i64 -256
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 -2048
define ptr @negative_fits(ptr %p, i64 %i) {
  %a = add i64 %i, -256
  %q = getelementptr inbounds i64, ptr %p, i64 %a
  ret ptr %q
}
