; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; The shape of the paper's Figure 7: &a[i] is computed under one condition and
; &a[i+j] under another, so neither dominates the other and SLSR cannot build
; one from the other. The pass hoists both address computations (the GEPs and
; the add) out of their if-then arms; the memory accesses stay behind.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; if (c1) a[i] = 0;  if (c2) a[i + j] += 1;
; CHECK-LABEL: @figure_7(
; CHECK:       entry:
; CHECK-NEXT:    %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
; CHECK-NEXT:    br i1 %c1, label %then1, label %join1
; CHECK:       then1:
; CHECK-NEXT:    store float 0.000000e+00, ptr addrspace(1) %p
; CHECK-NEXT:    br label %join1
; CHECK:       join1:
; CHECK-NEXT:    %ij = add i64 %i, %j
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
; CHECK-NEXT:    br i1 %c2, label %then2, label %exit
; CHECK:       then2:
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %q
; CHECK-NEXT:    %w = fadd float %v, 1.000000e+00
; CHECK-NEXT:    store float %w, ptr addrspace(1) %q
; CHECK-NEXT:    br label %exit
define void @figure_7(ptr addrspace(1) %a, i64 %i, i64 %j, i1 %c1, i1 %c2) {
entry:
  br i1 %c1, label %then1, label %join1
then1:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.0, ptr addrspace(1) %p
  br label %join1
join1:
  br i1 %c2, label %then2, label %exit
then2:
  %ij = add i64 %i, %j
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
  %v = load float, ptr addrspace(1) %q
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}

; The same with the arms on the false side of each branch (if (!c) ...).
; CHECK-LABEL: @figure_7_else_arms(
; CHECK:       entry:
; CHECK-NEXT:    %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
; CHECK-NEXT:    br i1 %c1, label %join1, label %else1
; CHECK:       join1:
; CHECK-NEXT:    %ij = add i64 %i, %j
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
; CHECK-NEXT:    br i1 %c2, label %exit, label %else2
; CHECK:       else2:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %q
define void @figure_7_else_arms(ptr addrspace(1) %a, i64 %i, i64 %j, i1 %c1, i1 %c2) {
entry:
  br i1 %c1, label %join1, label %else1
else1:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.0, ptr addrspace(1) %p
  br label %join1
join1:
  br i1 %c2, label %exit, label %else2
else2:
  %ij = add i64 %i, %j
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
  store float 1.0, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}
