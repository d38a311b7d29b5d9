; REQUIRES: llvm22
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=AMDGPU %s
;
; A GEP's clone computes the same address (the pass's premise: arithmetic on
; a pointer into a space stays in it), so where GEP offsets have the same
; width in both spaces every no-wrap flag still holds and stays (NVPTX
; global and shared, AMDGPU global: 64 bits like generic). Where the offset
; narrows (AMDGPU LDS: 32 bits), `nusw` would also demand that each index
; fit the narrower type signed (an i64 index of 2^31 is fine in 64 bits and
; poison in 32), and `nuw` likewise, so only `inbounds` stays (upstream keeps
; `inbounds` alone everywhere). Constant-expression GEPs follow the same rule.
; (`nusw`/`nuw` exist from LLVM 19 on.)

@tile = internal addrspace(3) global [64 x i32] undef

; NVPTX-LABEL: @same_width_keeps_every_flag(
; NVPTX:         %a = getelementptr inbounds nuw i8, ptr addrspace(1) %g, i64 %i
; NVPTX-NEXT:    %b = getelementptr nusw nuw i8, ptr addrspace(1) %a, i64 4
; NVPTX-NEXT:    %c = getelementptr nuw i8, ptr addrspace(1) %b, i64 4
; AMDGPU-LABEL: @same_width_keeps_every_flag(
; AMDGPU:        %a = getelementptr inbounds nuw i8, ptr addrspace(1) %g, i64 %i
; AMDGPU-NEXT:   %b = getelementptr nusw nuw i8, ptr addrspace(1) %a, i64 4
; AMDGPU-NEXT:   %c = getelementptr nuw i8, ptr addrspace(1) %b, i64 4
define void @same_width_keeps_every_flag(ptr addrspace(1) %g, i64 %i) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = getelementptr nusw nuw i8, ptr %a, i64 4
  %c = getelementptr nuw i8, ptr %b, i64 4
  store i32 0, ptr %c, align 4
  ret void
}

; NVPTX-LABEL: @shared(
; NVPTX:         %a = getelementptr inbounds nuw i8, ptr addrspace(3) @tile, i64 %i
; NVPTX-NEXT:    %b = getelementptr nusw nuw i8, ptr addrspace(3) %a, i64 4
; AMDGPU-LABEL: @shared(
; AMDGPU:        %a = getelementptr inbounds i8, ptr addrspace(3) @tile, i64 %i
; AMDGPU-NEXT:   %b = getelementptr i8, ptr addrspace(3) %a, i64 4
define void @shared(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr inbounds nuw i8, ptr %p, i64 %i
  %b = getelementptr nusw nuw i8, ptr %a, i64 4
  store i32 0, ptr %b, align 4
  ret void
}

; NVPTX-LABEL: @constant_gep(
; NVPTX:         store i32 0, ptr addrspace(3) getelementptr nusw nuw (i8, ptr addrspace(3) @tile, i64 8), align 4
; AMDGPU-LABEL: @constant_gep(
; AMDGPU:        store i32 0, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @tile, i64 8), align 4
define void @constant_gep() {
  store i32 0, ptr getelementptr nusw nuw (i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 8), align 4
  ret void
}
