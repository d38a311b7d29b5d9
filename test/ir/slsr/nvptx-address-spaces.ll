; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; GEPs into NVPTX memory spaces (1 global, 3 shared, 5 local). NVPTX indexes
; every space with 64 bits, so an i32 index is sign-extended and 2 * i needs
; nsw to be read as 2 * sext(i); and it has no [reg + reg] addressing, so even
; a byte GEP with a variable index is rewritten. LLVM 16's model rebuilds
; &p[2i] from &p[i] in elements (V16), LLVM 22's by a stride delta of i in
; bytes (V22), dropping the basis's inbounds (V16 keeps it: &p[i] lies
; between p and &p[2i]). Compare
; amdgpu-address-spaces.ll.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lds = internal addrspace(3) global [256 x float] undef, align 4

declare void @use1(ptr addrspace(1))
declare void @use3(ptr addrspace(3))
declare void @use5(ptr addrspace(5))

; Global memory.
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

; Shared memory (a global array in addrspace 3) with i32 indices: sign-extended.
; CHECK-LABEL: @shared_memory(
; V16:           %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
; V22:           %p1 = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
; CHECK-NEXT:    [[S:%.*]] = sext i32 %i to i64
; V16-NEXT:      %p2 = getelementptr inbounds float, ptr addrspace(3) %p1, i64 [[S]]
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[S]], 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr addrspace(3) %p1, i64 [[BUMP]]
define void @shared_memory(i32 %i) {
  %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i
  %i2 = shl nsw i32 %i, 1
  %p2 = getelementptr inbounds [256 x float], ptr addrspace(3) @lds, i32 0, i32 %i2
  call void @use3(ptr addrspace(3) %p2)
  ret void
}

; A byte GEP: no [reg + reg] on NVPTX, so it is rewritten.
; CHECK-LABEL: @byte_gep_into_shared_memory(
; CHECK:         [[S:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    %p2 = getelementptr inbounds i8, ptr addrspace(3) %p1, i64 [[S]]
define void @byte_gep_into_shared_memory(ptr addrspace(3) %base, i32 %i) {
  %p1 = getelementptr inbounds i8, ptr addrspace(3) %base, i32 %i
  call void @use3(ptr addrspace(3) %p1)
  %i2 = shl nsw i32 %i, 1
  %p2 = getelementptr inbounds i8, ptr addrspace(3) %base, i32 %i2
  call void @use3(ptr addrspace(3) %p2)
  ret void
}

; Local memory (addrspace 5): 64-bit indices too.
; CHECK-LABEL: @private_memory(
; CHECK:         [[S:%.*]] = sext i32 %i to i64
; V16-NEXT:      %p2 = getelementptr inbounds i64, ptr addrspace(5) %p1, i64 [[S]]
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[S]], 3
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr addrspace(5) %p1, i64 [[BUMP]]
define void @private_memory(ptr addrspace(5) %stack, i32 %i) {
  %p1 = getelementptr inbounds i64, ptr addrspace(5) %stack, i32 %i
  call void @use5(ptr addrspace(5) %p1)
  %i2 = shl nsw i32 %i, 1
  %p2 = getelementptr inbounds i64, ptr addrspace(5) %stack, i32 %i2
  call void @use5(ptr addrspace(5) %p2)
  ret void
}
