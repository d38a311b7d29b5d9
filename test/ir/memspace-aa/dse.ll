; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa,gpucc-memspace-aa -passes=dse -S %s \
; RUN:   | FileCheck --check-prefix=OURS %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa,basic-aa -passes=dse -S %s \
; RUN:   | FileCheck --check-prefix=OURS %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa,gpucc-memspace-aa -passes=dse -S %s \
; RUN:   | FileCheck --check-prefix=OURS %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=basic-aa \
; RUN:     -passes=dse -S %s | FileCheck --check-prefix=KEPT %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin -aa-pipeline=basic-aa \
; RUN:     -passes=dse -S %s | FileCheck --check-prefix=KEPT %s
;
; Dead-store elimination across an access in another space:
;   *g = x; v = tile[i]; *g = y;
; The first store to g is dead if nothing between it and the second one may
; read g. tile is __shared__ behind a generic pointer: with
; gpucc-memspace-aa the load cannot read global memory and the first store
; goes; basic-aa alone keeps it. (The middle access must be a read: a store
; in between never keeps an earlier store alive, so
;   *g = x; tile[i] = y; *g = y;
; loses its first store with basic-aa too.) A load through a generic pointer
; of unknown origin keeps the store with either AA.

@tile = external addrspace(3) global [0 x float]

; OURS-LABEL:  @overwrite_across_shared_load(
; OURS-NOT:      store float %x
; OURS:          %v = load float, ptr %p, align 4
; OURS-NEXT:     store float %y, ptr addrspace(1) %g, align 4
; KEPT-LABEL:  @overwrite_across_shared_load(
; KEPT:          store float %x, ptr addrspace(1) %g, align 4
; KEPT-NEXT:     %v = load float, ptr %p, align 4
; KEPT-NEXT:     store float %y, ptr addrspace(1) %g, align 4
define float @overwrite_across_shared_load(ptr addrspace(1) %g, i64 %i, float %x, float %y) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds float, ptr %base, i64 %i
  store float %x, ptr addrspace(1) %g, align 4
  %v = load float, ptr %p, align 4
  store float %y, ptr addrspace(1) %g, align 4
  ret float %v
}

; A shared store in between: the first global store is dead for any AA.
; OURS-LABEL:  @overwrite_across_shared_store(
; OURS-NOT:      store float %x, ptr addrspace(1)
; OURS:          ret void
; KEPT-LABEL:  @overwrite_across_shared_store(
; KEPT-NOT:      store float %x, ptr addrspace(1)
; KEPT:          ret void
define void @overwrite_across_shared_store(ptr addrspace(1) %g, i64 %i, float %x, float %y) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds float, ptr %base, i64 %i
  store float %x, ptr addrspace(1) %g, align 4
  store float %y, ptr %p, align 4
  store float %y, ptr addrspace(1) %g, align 4
  ret void
}

; The load may read g: the first store stays.
; OURS-LABEL:  @overwrite_across_generic_load(
; OURS:          store float %x, ptr addrspace(1) %g, align 4
; OURS-NEXT:     %v = load float, ptr %q, align 4
; OURS-NEXT:     store float %y, ptr addrspace(1) %g, align 4
; KEPT-LABEL:  @overwrite_across_generic_load(
; KEPT:          store float %x, ptr addrspace(1) %g, align 4
define float @overwrite_across_generic_load(ptr %q, ptr addrspace(1) %g, float %x, float %y) {
  store float %x, ptr addrspace(1) %g, align 4
  %v = load float, ptr %q, align 4
  store float %y, ptr addrspace(1) %g, align 4
  ret float %v
}
