; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; GEPs into AMDGPU memory spaces (1 global, 3 LDS, 5 private). LDS and private
; pointers are 32-bit and indexed with 32 bits, so an i32 index is used as it
; is and the bump is an i32. An LDS access takes [reg + reg], so a byte GEP
; there folds into the access and is left alone. &p[2i] is rebuilt from
; &p[i] in elements by LLVM 16's model (V16), by a stride delta in bytes by
; LLVM 22's (V22), which drops the basis's inbounds (LLVM 16's keeps it:
; &p[i] lies between p and &p[2i]). Compare
; nvptx-address-spaces.ll.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] undef, align 4

declare void @use1(ptr addrspace(1))
declare void @use3(ptr addrspace(3))
declare void @use5(ptr addrspace(5))

; Global memory: 64-bit indices.
; CHECK-LABEL: @global_memory(
; V16:           %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
; V16-NEXT:      %p2 = getelementptr inbounds float, ptr addrspace(1) %p1, i64 %i
; V22:           %p1 = getelementptr float, ptr addrspace(1) %out, i64 %i
; V22-NEXT:      [[BUMP:%.*]] = shl i64 %i, 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr addrspace(1) %p1, i64 [[BUMP]]
define void @global_memory(ptr addrspace(1) %out, i64 %i) {
  %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  %i2 = shl nsw i64 %i, 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i2
  call void @use1(ptr addrspace(1) %p2)
  ret void
}

; LDS (a global array in addrspace 3): the i32 index is the index type.
; CHECK-LABEL: @shared_memory(
; V16:           %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
; V16-NEXT:      %p2 = getelementptr inbounds float, ptr addrspace(3) %p1, i32 %i
; V22:           %p1 = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
; V22-NEXT:      [[BUMP:%.*]] = shl i32 %i, 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr addrspace(3) %p1, i32 [[BUMP]]
define void @shared_memory(i32 %i) {
  %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
  %i2 = shl nsw i32 %i, 1
  %p2 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i2
  call void @use3(ptr addrspace(3) %p2)
  ret void
}

; A byte GEP: [reg + reg] folds into an LDS access: not rewritten.
; CHECK-LABEL: @byte_gep_into_shared_memory(
; CHECK:         %i3 = mul nsw i32 %i, 3
; CHECK-NEXT:    %p3 = getelementptr inbounds i8, ptr addrspace(3) %base, i32 %i3
define void @byte_gep_into_shared_memory(ptr addrspace(3) %base, i32 %i) {
  %p1 = getelementptr inbounds i8, ptr addrspace(3) %base, i32 %i
  call void @use3(ptr addrspace(3) %p1)
  %i3 = mul nsw i32 %i, 3
  %p3 = getelementptr inbounds i8, ptr addrspace(3) %base, i32 %i3
  call void @use3(ptr addrspace(3) %p3)
  ret void
}

; Private memory: 32-bit indices, an i32 bump.
; CHECK-LABEL: @private_memory(
; V16:           %p2 = getelementptr inbounds i64, ptr addrspace(5) %p1, i32 %i
; V22:           [[BUMP:%.*]] = shl i32 %i, 3
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr addrspace(5) %p1, i32 [[BUMP]]
define void @private_memory(ptr addrspace(5) %stack, i32 %i) {
  %p1 = getelementptr inbounds i64, ptr addrspace(5) %stack, i32 %i
  call void @use5(ptr addrspace(5) %p1)
  %i2 = shl nsw i32 %i, 1
  %p2 = getelementptr inbounds i64, ptr addrspace(5) %stack, i32 %i2
  call void @use5(ptr addrspace(5) %p2)
  ret void
}
