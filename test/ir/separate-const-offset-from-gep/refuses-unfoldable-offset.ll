; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; A split pays only if the target folds `base + offset` into the access; the
; pass asks TTI::isLegalAddressingMode for the GEP's result type in its
; address space and keeps the GEP otherwise. On AMDGPU gfx90a a global
; access takes an immediate of at most 4095 bytes, an LDS access 65535.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"
target triple = "amdgcn-amd-amdhsa"

; 4092 bytes: folded.
; CHECK-LABEL: @global_4092_bytes(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr addrspace(1) %p, i64 %i
; V16-NEXT:      %q = getelementptr float, ptr addrspace(1) [[BASE]], i64 1023
; V22-NEXT:      %q = getelementptr i8, ptr addrspace(1) [[BASE]], i64 4092
define float @global_4092_bytes(ptr addrspace(1) %p, i64 %i) #0 {
  %a = add i64 %i, 1023
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %a
  %v = load float, ptr addrspace(1) %q
  ret float %v
}

; 4096 bytes: too far for the immediate, the GEP stays.
; CHECK-LABEL: @global_4096_bytes(
; CHECK-NEXT:    %a = add i64 %i, 1024
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %a
; REMARK: remark: {{.*}}%q keeps its constant offset of 4096 bytes: the target cannot fold it into an access in address space 1
define float @global_4096_bytes(ptr addrspace(1) %p, i64 %i) #0 {
  %a = add i64 %i, 1024
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %a
  %v = load float, ptr addrspace(1) %q
  ret float %v
}

; LDS takes 16 bits: 4096 bytes fold there.
; CHECK-LABEL: @lds_4096_bytes(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr addrspace(3) %p, i32 %i
; V16-NEXT:      %q = getelementptr float, ptr addrspace(3) [[BASE]], i32 1024
; V22-NEXT:      %q = getelementptr i8, ptr addrspace(3) [[BASE]], i32 4096
define float @lds_4096_bytes(ptr addrspace(3) %p, i32 %i) #0 {
  %a = add i32 %i, 1024
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 %a
  %v = load float, ptr addrspace(3) %q
  ret float %v
}

; ... but not 65536.
; CHECK-LABEL: @lds_65536_bytes(
; CHECK-NEXT:    %a = add i32 %i, 16384
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 %a
; REMARK: remark: {{.*}}%q keeps its constant offset of 65536 bytes: the target cannot fold it into an access in address space 3
define float @lds_65536_bytes(ptr addrspace(3) %p, i32 %i) #0 {
  %a = add i32 %i, 16384
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 %a
  %v = load float, ptr addrspace(3) %q
  ret float %v
}

; A refused GEP still gets its narrow index cast to the index type.
; CHECK-LABEL: @refused_but_canonical(
; CHECK-NEXT:    %a = add nsw i32 %i, 1024
; CHECK-NEXT:    %idxprom = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idxprom
define float @refused_but_canonical(ptr addrspace(1) %p, i32 %i) #0 {
  %a = add nsw i32 %i, 1024
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i32 %a
  %v = load float, ptr addrspace(1) %q
  ret float %v
}

attributes #0 = { "target-cpu"="gfx90a" }
