; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=INFER %s
; RUN: opt -mtriple=nvptx-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=INFER %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=INFER %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=KEEP %s
; RUN: opt -mtriple=r600-unknown-unknown -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=KEEP %s
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck --check-prefix=KEEP %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -assume-default-is-flat-addrspace -S %s \
; RUN:   | FileCheck --check-prefix=INFER %s
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -assume-default-is-flat-addrspace -S %s \
; RUN:   | FileCheck --check-prefix=INFER %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -assume-default-is-flat-addrspace -S %s \
; RUN:   | FileCheck --check-prefix=INFER %s
;
; The pass works only where the target has a flat (generic) address space:
; NVPTX (64- and 32-bit) and AMDGCN. On x86-64, on r600 (an AMDGPU target
; without flat addressing) and with no triple at all, the function is left
; untouched. Upstream's -assume-default-is-flat-addrspace makes space 0 the
; flat space on any target, so the same function is rewritten there too.

@tile = internal addrspace(3) global [256 x float] undef

; The load through the cast GEP reads space 3 directly, or nothing changes.
; INFER-LABEL: @load_through_gep_of_space3(
; INFER-NOT:     addrspacecast
; INFER:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; INFER-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; KEEP-LABEL:  @load_through_gep_of_space3(
; KEEP-NEXT:     %p = addrspacecast ptr addrspace(3) @tile to ptr
; KEEP-NEXT:     %q = getelementptr inbounds float, ptr %p, i64 %i
; KEEP-NEXT:     %v = load float, ptr %q, align 4
; KEEP-NEXT:     ret float %v
define float @load_through_gep_of_space3(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  ret float %v
}
