; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The byte offset is summed modulo 2^64, as the GEP's own arithmetic wraps:
; the split is still the same address. When the true sum does not fit 64
; bits the constant GEP cannot promise `inbounds` (LLVM 16 sums in int64_t,
; whose overflow is undefined behaviour in C++, and keeps it). The variable
; index is masked, so known non-negative: only the offset decides the flag
; (inbounds-needs-non-negative-steps.ll has the other condition).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; (2^62 + 1) * 4 bytes = 2^64 + 4: offset 4, not inbounds.
; CHECK-LABEL: @wrapped(
; CHECK-NEXT:    %m = and i64 %i, 1023
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 %m
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 4
define ptr @wrapped(ptr %p, i64 %i) {
  %m = and i64 %i, 1023
  %a = add i64 %m, 4611686018427387905
  %q = getelementptr inbounds float, ptr %p, i64 %a
  ret ptr %q
}

; A large offset that fits keeps inbounds (NVPTX folds any 32-bit offset;
; this one is only checked for the flag).
; CHECK-LABEL: @fits(
; CHECK-NEXT:    %m = and i64 %i, 1023
; V16-NEXT:      [[BASE:%.*]] = getelementptr float, ptr %p, i64 %m
; V22-NEXT:      [[BASE:%.*]] = getelementptr inbounds float, ptr %p, i64 %m
; V16-NEXT:      %q = getelementptr inbounds float, ptr [[BASE]], i64 1000
; V22-NEXT:      %q = getelementptr inbounds i8, ptr [[BASE]], i64 4000
define ptr @fits(ptr %p, i64 %i) {
  %m = and i64 %i, 1023
  %a = add i64 %m, 1000
  %q = getelementptr inbounds float, ptr %p, i64 %a
  ret ptr %q
}
